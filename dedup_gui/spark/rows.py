"""Reading the job's inputs and numbering their rows in input order, without sorting the data.

Row identity is ``__row``: the 0-based position of a row in the inputs as given (the inputs in command-line order,
the files of a folder by path, the rows of a file in file order). Spark's partitions are not in that order (it
packs file splits largest first), so each row carries its file, its split's start offset and its position in the
split; the few (file, split) row counts are summed on the driver into offsets. The number is stable: the same
files give the same numbers on every run, on any cluster, so results join back to the input.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from ..core.errors import InputError
from .batches import ROW

CONTRACT = ("dup_cluster", "dup_kept", "dup_of", "dup_similarity")
ADDED_ROW = "dup_row"  # 1-based input position, added to the output when no --id-column names the rows
FORMATS = ("parquet", "csv", "json")
_SUFFIXES = {
    ".parquet": "parquet",
    ".pq": "parquet",
    ".csv": "csv",
    ".tsv": "csv",
    ".json": "json",
    ".jsonl": "json",
    ".ndjson": "json",
}
_INTERNAL = ("__src", "__file", "__block", "__mid")


@dataclass(frozen=True)
class InputOptions:
    format: str | None = None  # None: from each input's name
    delimiter: str | None = None  # csv: None means "," (tab for .tsv)
    encoding: str = "UTF-8"


def input_format(path: str, given: str | None) -> str:
    """The reader for ``path``: ``given``, else its suffix (.gz/.bz2 ignored), else the suffix of the files in a
    local folder. Raises InputError when it cannot tell."""
    if given:
        return given
    name = path.rstrip("/")
    for comp in (".gz", ".bz2", ".snappy", ".zst"):
        if name.endswith(comp):
            name = name[: -len(comp)]
    fmt = _SUFFIXES.get(Path(name).suffix.lower())
    if fmt:
        return fmt
    local = Path(path[7:] if path.startswith("file://") else path)
    if "://" not in path and local.is_dir():
        found = {
            _SUFFIXES.get(p.suffix.lower())
            for p in local.rglob("*")
            if p.is_file() and not p.name.startswith(("_", "."))
        }
        found.discard(None)
        if len(found) == 1:
            return str(found.pop())
    raise InputError(path, "cannot tell its format; name it .parquet, .csv or .jsonl or pass --input-format")


def read_input(spark: SparkSession, path: str, options: InputOptions) -> DataFrame:
    """One input as Spark reads it: CSV with a header, every cell as text (leading zeros and long digit strings
    survive), quoted cells over several lines; JSON lines; Parquet with its own types."""
    fmt = input_format(path, options.format)
    reader = spark.read
    if fmt == "csv":
        sep = options.delimiter or ("\t" if path.rstrip("/").lower().endswith((".tsv", ".tsv.gz")) else ",")
        reader = reader.options(header=True, inferSchema=False, multiLine=True, escape='"', sep=sep,
                                encoding=options.encoding, mode="FAILFAST")  # fmt: skip
        return reader.csv(path)
    if fmt == "json":
        return reader.options(mode="FAILFAST").json(path)
    return reader.parquet(path)


def read_inputs(spark: SparkSession, paths: list[str], options: InputOptions) -> DataFrame:
    """All inputs as one DataFrame (columns by name; a column missing from one input is empty there), with each
    row's position evidence: input index, file, split start and a partition-local position."""
    frames = []
    for i, path in enumerate(paths):
        try:
            df = read_input(spark, path, options)
        except InputError:
            raise
        except Exception as e:  # Spark's AnalysisException: path not found, unreadable file
            raise InputError(path, _first_line(e)) from None
        clash = [c for c in df.columns if c in CONTRACT or c == ADDED_ROW or c.startswith("__")]
        if clash:
            raise InputError(path, f"already has column(s) {', '.join(clash)}; drop them first (an annotated output?)")
        frames.append(
            df.select(
                "*",
                F.lit(i).alias("__src"),
                F.col("_metadata.file_path").alias("__file"),
                F.col("_metadata.file_block_start").alias("__block"),
            )
        )
    out = frames[0]
    for df in frames[1:]:
        out = out.unionByName(df, allowMissingColumns=True)
    return out.withColumn("__mid", F.monotonically_increasing_id())


def number_rows(df: DataFrame) -> DataFrame:
    """``df`` with ``__row``, its 0-based position in input order (see the module docstring)."""
    spark = df.sparkSession
    splits = (
        df.groupBy("__src", "__file", "__block")
        .agg(F.count(F.lit(1)).alias("n"), F.min("__mid").alias("first"))
        .collect()
    )
    offsets = []
    total = 0
    for s in sorted(splits, key=lambda r: (r["__src"], r["__file"], r["__block"])):
        offsets.append((s["__src"], s["__file"], s["__block"], total - s["first"]))
        total += s["n"]
    table = spark.createDataFrame(offsets, "__src int, __file string, __block long, __offset long")
    joined = df.join(F.broadcast(table), ["__src", "__file", "__block"])
    return joined.withColumn(ROW, F.col("__mid") + F.col("__offset")).drop(*_INTERNAL, "__offset")


def user_columns(df: DataFrame) -> list[str]:
    return [c for c in df.columns if not c.startswith("__")]


def _first_line(e: Exception) -> str:
    text = str(e).strip().splitlines()
    line = text[0] if text else type(e).__name__
    return line[:300]
