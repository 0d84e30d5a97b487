"""The output folder: ``rows/`` (every input row and column plus the contract columns), ``clusters/`` (one line per
cluster) and ``summary.json`` (settings, counts, seconds per stage).

Contract columns, with the desktop annotated export's meaning:

- ``dup_cluster``: the row's cluster, 1, 2, ... in order of each cluster's first row; empty when in none;
- ``dup_kept``: 1 when the row stays in a cleaned output, 0 when it is removed as a copy;
- ``dup_of``: for a removed row, the row it is a copy of (the cluster's kept row, or the row kept to check whose
  text it has) - its 1-based position in the input (``dup_row``) or, with ``--id-column``, its id; empty for kept
  rows;
- ``dup_similarity``: the removed row's text-check similarity to that row (0-1, 4 decimals).

With ``--status``, ``dup_status`` after ``dup_cluster``: each row's status in the desktop's words (Kept, Removed,
Kept to check, Not a duplicate) - the contract columns give a row kept for the user to check ``dup_kept`` 1 like
the kept row, and only the status tells them apart.

Without ``--id-column`` the job adds ``dup_row``, each row's 1-based position in the input, so that ``dup_of`` can
be followed and the output joined back. ``rows/`` is written in input order: its part files, read in name order,
give the rows in the order of the input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from ..core.annotation import STATUS_COLUMN, StatusWords
from ..core.errors import OutputError
from . import batches
from .batches import ReadWith
from .rows import ADDED_ROW, ROW, user_columns

if TYPE_CHECKING:
    from .job import JobSpec, JobSummary

SNIPPET_CHARS = 200  # the report's kept_text, as the desktop report cuts it


def _fs_path(spark: SparkSession, uri: str):
    jvm = spark.sparkContext._jvm
    path = jvm.org.apache.hadoop.fs.Path(uri)
    return path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()), path


def check_output(spark: SparkSession, output: str, inputs: list[str]) -> None:
    """Refuse, before any work, an output folder that exists or is one of the inputs."""
    fs, path = _fs_path(spark, output)
    if fs.exists(path):
        raise OutputError(output, "already exists; name a new output folder (nothing is overwritten)")
    for i in inputs:
        if i.rstrip("/") == output.rstrip("/"):
            raise OutputError(output, "is the input; name a new output folder")


def write_text(spark: SparkSession, uri: str, text: str) -> None:
    """A small text file at any URI Spark writes to (local, HDFS, S3...)."""
    fs, path = _fs_path(spark, uri)
    stream = fs.create(path, False)
    try:
        stream.write(bytearray(text.encode("utf-8")))
    finally:
        stream.close()


def write_outputs(
    spark: SparkSession,
    data: DataFrame,
    annotated: DataFrame,
    report: DataFrame,
    spec: JobSpec,
    summary: JobSummary,
    read_with: ReadWith | None = None,
) -> None:
    """``read_with``: the placeholders' rows are read with their title (``job._placeholders``), in the report's
    kept texts too, as the desktop's report gives them."""
    user = user_columns(data)
    if spec.id_column:
        ids = data.select(F.col(ROW).alias("kept_row"), F.col(spec.id_column).alias("dup_of"))
        annotated = annotated.join(ids, "kept_row", "left")
    else:
        annotated = annotated.withColumn("dup_of", F.col("kept_row") + 1)
    added = [] if spec.id_column else [(F.col(ROW) + 1).alias(ADDED_ROW)]
    out = data.join(annotated.drop("kept_row"), ROW, "left").select(
        ROW,
        *[F.col(f"`{c}`") for c in user],
        *added,
        F.col("dup_cluster"),
        *([_status().alias(STATUS_COLUMN)] if spec.status else []),
        F.coalesce(F.col("dup_kept"), F.lit(1)).alias("dup_kept"),
        F.col("dup_of"),
        F.col("dup_similarity"),
    )
    _write(out.orderBy(ROW).drop(ROW), f"{spec.output.rstrip('/')}/rows", spec.out_format)
    _write(_report(report, annotated, data, spec, read_with), f"{spec.output.rstrip('/')}/clusters", spec.out_format)
    write_text(spark, f"{spec.output.rstrip('/')}/summary.json", summary.to_json())


def _status():
    """Each row's status in the desktop's words (``--status``), from its cluster, whether it stays and whether it
    is kept for the user to check (``held``)."""
    words = StatusWords()
    return (
        F.when(F.col("dup_cluster").isNull(), F.lit(words.not_duplicate))
        .when(F.col("held"), F.lit(words.held))
        .when(F.col("dup_kept") == 1, F.lit(words.kept))
        .otherwise(F.lit(words.removed))
    )


def _report(
    report: DataFrame, annotated: DataFrame, data: DataFrame, spec: JobSpec, read_with: ReadWith | None
) -> DataFrame:
    """One line per cluster, as the desktop report: cluster, size, kept_row (1-based), members, min/max
    similarity, the start of the kept text; and ``kept_id`` with ``--id-column``."""
    members = annotated.groupBy("dup_cluster").agg(F.sort_array(F.collect_list(ROW)).alias("m"))
    members = members.select(
        F.col("dup_cluster").alias("cluster"),
        F.concat_ws(" ", F.transform("m", lambda r: (r + 1).cast("string"))).alias("members"),
    )
    columns = spec.columns
    read = data.select(ROW, *batches.read_columns(columns, read_with))
    kept = read.join(report.select(F.col("kept_row").alias(ROW)), ROW)
    texts = kept.mapInPandas(
        lambda it: (_snippets(f, columns, read_with) for f in it), f"{ROW} long, kept_text string"
    ).withColumnRenamed(ROW, "kept_row")
    out = report.join(members, "cluster").join(texts, "kept_row", "left")
    picked = [
        "cluster",
        "size",
        (F.col("kept_row") + 1).alias("kept_row"),
        "members",
        "min_similarity",
        "max_similarity",
        "kept_text",
    ]
    if spec.id_column:
        ids = data.select(F.col(ROW).alias("kept_row"), F.col(spec.id_column).alias("kept_id"))
        out = out.join(ids, "kept_row", "left")
        picked.insert(3, "kept_id")
    return out.select(*picked).orderBy("cluster")


def _snippets(frame, columns, read_with: ReadWith | None):
    import pandas as pd

    texts = batches.joined_texts(frame, columns, read_with)
    return pd.DataFrame({ROW: frame[ROW].to_numpy(), "kept_text": [t[:SNIPPET_CHARS] for t in texts]})


def _write(df: DataFrame, uri: str, fmt: str) -> None:
    writer = df.write.mode("errorifexists")
    if fmt == "csv":
        # Spark trims cells when writing CSV unless told not to: every value must come out as it went in
        writer.options(header=True, escape='"', encoding="UTF-8", ignoreLeadingWhiteSpace=False,
                       ignoreTrailingWhiteSpace=False).csv(uri)  # fmt: skip
    else:
        writer.parquet(uri)
