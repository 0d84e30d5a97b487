"""The Spark job, stage by stage, in the order of ``core.pipeline.Pipeline.run``:

rows (numbered, normalised) -> exact pass (unique texts) -> boilerplate learned -> fingerprints and candidate
pairs (the algorithm's band keys) -> the text check -> clusters -> the annotated rows, the cluster report and a
summary, written to the output folder.

``run`` takes a live SparkSession, so it runs the same under ``dedup-spark``, ``spark-submit`` and in tests.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from ..core.algorithms.registry import get_algorithm
from ..core.errors import InputError
from ..core.result import pair_count
from ..core.series import is_series
from ..core.settings import Settings
from ..core.table import (
    PLACEHOLDER_COLUMN_CHARS,
    PLACEHOLDER_ROWS,
    TITLE_HEAD,
    first_title_column,
    placeholder_limit,
)
from . import batches, candidates, clusters, keep
from .boilerplate import learn_keys
from .checkpoints import materialise
from .outputs import check_output, write_outputs
from .rows import ROW, InputOptions, number_rows, read_inputs, user_columns


@dataclass
class JobSpec:
    inputs: list[str]
    columns: list[str]
    settings: Settings
    output: str
    out_format: str = "parquet"
    id_column: str | None = None
    date_column: str | None = None
    input_options: InputOptions = field(default_factory=InputOptions)
    status: bool = False  # rows/ with dup_status (``--status``)


@dataclass
class JobSummary:
    """What a run found and what it cost; written as summary.json beside the output."""

    rows: int = 0
    unique_texts: int = 0
    exact_duplicates: int = 0
    boilerplate_sentences: int = 0
    proposed: int = 0
    rejected: int = 0
    pairs: int = 0
    clusters: int = 0
    removed: int = 0
    largest_bucket: int = 0
    largest_component: int = 0
    component_rounds: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    id_column: str | None = None
    date_column: str | None = None

    def line(self) -> str:
        return (
            f"rows: {self.rows}, clusters: {self.clusters}, removed: {self.removed}, "
            f"seconds: {sum(self.seconds.values()):.2f}"
        )

    def check_line(self) -> str:
        floor = float(self.settings.get("min_similarity", 0.0))
        return (
            f"{self.settings.get('algorithm')} proposed {pair_count(self.proposed)}; "
            f"{self.rejected:,} failed the text check (similarity below {floor:.2f})"
        )

    def to_json(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=False, indent=2)


class _Clock:
    def __init__(self, summary: JobSummary):
        self.summary, self.t0 = summary, time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.summary.seconds[stage] = round(now - self.t0, 3)
        self.t0 = now


def run(spark: SparkSession, spec: JobSpec) -> JobSummary:
    settings = spec.settings.resolved()
    settings.validate()
    summary = JobSummary(settings=settings.to_dict(), id_column=spec.id_column)
    clock = _Clock(summary)
    source = spec.inputs[0]
    check_output(spark, spec.output, spec.inputs)
    try:
        data = number_rows(read_inputs(spark, spec.inputs, spec.input_options))
        columns = user_columns(data)
        _check_columns(spec, columns, source)
        if spec.id_column:
            _check_ids(data, spec.id_column, source)
        date_column = keep.date_column(data, columns, settings.keep, spec.date_column, source)
        summary.date_column = date_column
        read_with = _placeholders(data, spec.columns)
        rows = materialise(_prepare(data, spec.columns, settings, read_with))
        summary.rows = rows.count()
        clock.lap("read and normalise")

        rows, uniques = _exact_pass(rows)
        summary.unique_texts = uniques.count()
        summary.exact_duplicates = summary.rows - summary.unique_texts
        clock.lap("exact pass")

        plate = learn_keys(uniques, int(settings.boilerplate_docs), summary.unique_texts)
        summary.boilerplate_sentences = len(plate)
        uniques = materialise(_content(spark, uniques, plate))
        clock.lap("boilerplate")

        pairs = materialise(_pairs(uniques, _written(data, spec.columns, uniques, read_with), settings, summary))
        summary.pairs = pairs.count()
        clock.lap("candidates and text check")

        column = date_column or keep.policy_column(settings.keep)
        ranked = rows.join(keep.keep_key(rows, data, settings.keep, column, source), ROW)
        ranked = materialise(ranked)
        best = clusters.best_rows(ranked)
        if settings.keep == "original":
            best = clusters.containers_first(spark, best, pairs)
        best = materialise(best)
        keepers, summary.component_rounds, summary.largest_component = clusters.node_keepers(
            pairs, best, uniques, settings
        )
        annotated, report = clusters.cluster_rows(ranked, best, keepers, uniques, pairs)
        summary.clusters = report.count()
        summary.removed = annotated.where(F.col("dup_kept") == 0).count()
        clock.lap("clusters")

        write_outputs(spark, data, annotated, report, spec, summary, read_with)
        clock.lap("write")
    finally:
        spark.catalog.clearCache()
    return summary


def _check_columns(spec: JobSpec, columns: list[str], source: str) -> None:
    for c in [*spec.columns, *([spec.id_column] if spec.id_column else [])]:
        if c not in columns:
            raise InputError(source, f"no column named {c!r} (columns: {', '.join(columns)})")


def _check_ids(data: DataFrame, id_column: str, source: str) -> None:
    """Row ids must name one row each: dup_of refers to them."""
    blank = data.where(F.col(id_column).isNull()).count()
    if blank:
        raise InputError(source, f"id column {id_column!r} is empty in {blank:,} rows; every row needs an id")
    repeated = data.groupBy(id_column).count().where(F.col("count") > 1)
    example = repeated.first()
    if example is not None:
        raise InputError(source, f"id column {id_column!r} repeats the id {example[id_column]!r}; ids must be unique")


def _placeholders(data: DataFrame, columns: list[str]) -> batches.ReadWith | None:
    """``Table.placeholders`` over the whole input: the title column and the short texts that stand in for a
    missing one (None when there is no title column or no such text). The median of the texts' lengths is the
    exact one (``percentile``: the lengths are few distinct numbers), as the desktop's."""
    title = _title_column(data, columns)
    if title is None:
        return None
    measured = data.select(*columns).mapInPandas(
        lambda it: (batches.placeholder_reads(f, columns) for f in it), "length long, short string, short_length long"
    )
    median = measured.where(F.col("length") > 0).agg(F.expr("percentile(length, 0.5)")).first()[0]
    if median is None or median < PLACEHOLDER_COLUMN_CHARS:
        return None
    limit = placeholder_limit(float(median))
    short = measured.where((F.col("short_length") > 0) & (F.col("short_length") < limit))
    shared = short.groupBy("short").count().where(F.col("count") >= PLACEHOLDER_ROWS).select("short").collect()
    found = frozenset(r["short"] for r in shared)
    return (title, found) if found else None


def _title_column(data: DataFrame, columns: list[str]) -> str | None:
    """``Table.title_column`` over the input: its first ``TITLE_HEAD`` rows read for each column named like one."""

    def head(name: str) -> list:
        values = data.where(F.col(ROW) < TITLE_HEAD).select(name).toPandas()[name].tolist()
        return [None if batches._missing(v) else v for v in values]

    return first_title_column(user_columns(data), columns, head)


def _prepare(data: DataFrame, columns: list[str], settings: Settings, read_with: batches.ReadWith | None) -> DataFrame:
    opts, marks = settings.normalise, keep.needs_marks(settings.keep)
    schema = "__row long, norm string, key_hi long, key_lo long, length long, length_class double, marked boolean"
    return data.select(ROW, *batches.read_columns(columns, read_with)).mapInPandas(
        lambda it: (batches.prepare_rows(f, columns, opts, marks, read_with) for f in it), schema
    )


def _exact_pass(rows: DataFrame) -> tuple[DataFrame, DataFrame]:
    """Rows with ``u``, the first row of their normalised text (empty texts are never duplicates: u = own row),
    and the unique texts (u, norm)."""
    keyed = rows.where(F.col("key_hi").isNotNull())
    firsts = keyed.groupBy("key_hi", "key_lo").agg(F.min(ROW).alias("u"))
    with_u = rows.join(firsts, ["key_hi", "key_lo"], "left").withColumn("u", F.coalesce("u", ROW))
    with_u = materialise(with_u.drop("key_hi", "key_lo"))
    uniques = materialise(with_u.where(F.col("u") == F.col(ROW)).select("u", "norm"))
    return with_u.drop("norm"), uniques


def _content(spark: SparkSession, uniques: DataFrame, plate: frozenset[int]) -> DataFrame:
    shared = spark.sparkContext.broadcast(plate)
    return uniques.mapInPandas(
        lambda it: (batches.strip_boilerplate(f, shared.value) for f in it),
        "u long, norm string, content string, compact string",
    )


def _written(data: DataFrame, columns: list[str], uniques: DataFrame, read_with: batches.ReadWith | None) -> DataFrame:
    """Each unique text as written (u, written): its first row's text, the chosen columns joined as the exact pass
    read them. The text check reads names in it, where case tells them."""
    read = data.select(ROW, *batches.read_columns(columns, read_with))
    firsts = read.join(uniques.select(F.col("u").alias(ROW)), ROW, "left_semi")
    return firsts.mapInPandas(
        lambda it: (batches.written_texts(f, columns, read_with) for f in it), "u long, written string"
    )


def _series(judged: DataFrame, uniques: DataFrame) -> DataFrame:
    """(a, b, series) of the checked pairs that are two items of one series (``core.series``): each pair's frame
    read in its batch (``batches.series_frames``), the frames' words gathered by frame, a frame with three words
    sharing no character a series."""
    checked = judged.where("checked").select("a", "b", "similarity")
    frames = candidates.with_texts(checked, uniques, ["norm"]).mapInPandas(
        batches.series_frames, "a long, b long, before string, after string, x string, y string"
    )
    frames = materialise(frames)
    words = frames.groupBy("before", "after").agg(F.array_union(F.collect_set("x"), F.collect_set("y")).alias("w"))

    @F.pandas_udf("boolean")  # type: ignore[call-overload]
    def series_of(w: pd.Series) -> pd.Series:
        return pd.Series([is_series(set(v)) for v in w])

    keys = words.where(series_of("w")).select("before", "after")
    return frames.join(keys, ["before", "after"], "left_semi").select("a", "b", F.lit(True).alias("series"))


def _pairs(uniques: DataFrame, written: DataFrame, settings: Settings, summary: JobSummary) -> DataFrame:
    """Accepted pairs (a, b, measure, similarity): proposed by the algorithm, passed by the text check."""
    name = settings.algorithm
    if name == "ngram":
        found = candidates.ngram(uniques, settings)
    elif name == "simhash":
        found = candidates.simhash(uniques, settings)
    else:
        found = candidates.nshash(uniques, settings, summary.unique_texts)
    summary.largest_bucket = found.largest_bucket
    bound = found.ngram_bound
    scored = candidates.with_texts(found.pairs, uniques, ["compact"]).mapInPandas(
        lambda it: (batches.judge_pairs(f, settings, bound) for f in it),
        "a long, b long, measure double, similarity double, floor_ok boolean, container long, container_grams long",
    )
    scored = materialise(scored)
    texts = uniques.select("u", "norm", "content").join(written, "u")
    markup = settings.normalise.strip_html
    read = ["norm", "written", "content"]
    figures = candidates.with_texts(scored.where("floor_ok").select("a", "b"), texts, read).mapInPandas(
        lambda it: (batches.reports_agree(f, markup) for f in it), "a long, b long, agree boolean"
    )
    judged = scored.join(figures, ["a", "b"], "left").withColumn(
        "checked", F.col("floor_ok") & F.coalesce(F.col("agree"), F.lit(False))
    )
    judged = materialise(judged.join(_series(judged, uniques), ["a", "b"], "left")).withColumn(
        "checked", F.col("checked") & ~F.coalesce(F.col("series"), F.lit(False))
    )
    algo, threshold = get_algorithm(name), settings.threshold_value

    @F.pandas_udf("boolean")  # type: ignore[call-overload]
    def passes(measure: pd.Series) -> pd.Series:
        return pd.Series(algo.passes(measure.to_numpy(dtype=np.float64), threshold))

    judged = judged.withColumn("proposed", passes("measure")).withColumn(
        "accepted", F.col("proposed") & F.col("checked")
    )
    judged = materialise(judged)
    counts = judged.agg(
        F.sum(F.col("proposed").cast("long")).alias("p"), F.sum(F.col("accepted").cast("long")).alias("a")
    ).first()
    summary.proposed = int(counts["p"] or 0)
    summary.rejected = summary.proposed - int(counts["a"] or 0)
    return judged.where("accepted").select("a", "b", "measure", "similarity", "container", "container_grams")
