"""The keep policies of ``core.keep`` as a sort key per row, so that any two rows compare as the desktop ranks them.

A row's key is (k1, k2, k3, row), compared left to right, lower kept first:

- first: (0, 0, 0, row); last: (0, -row, 0, row); longest: (0, -length, 0, row); shortest: (0, length, 0, row);
- original: (date, repost marker, -length class, row) - the earliest date when the table has a date column (found
  as the desktop finds it, on the first 2,000 rows, or named with ``--date-column``), then the row without a repost
  marker (``keep.has_repost_marker``), then the longer text by ``keep._length_class`` (lengths within about 10 %
  tie), then input order;
- max:COLUMN / min:COLUMN: (the column's value as dates, else numbers, else text order; blank last, 0, 0, row).

Column values are read the engine's way (``core.dates.read_dates``, ``keep._numbers_or_text``) once per distinct
value on the driver - a column-wide rule (which order 9/3/2024 is in, which year 3月9日 has) sees every distinct
value - and joined back by value. One difference: whether plain numbers in an unnamed column are Excel serial
dates is decided from the distinct values, where the desktop counts cells.
"""

from __future__ import annotations

import numpy as np
from pyspark.sql import DataFrame
from pyspark.sql import functions as F
from pyspark.sql.types import DoubleType, StructField, StructType

from ..core.dates import detect_date_column, read_dates
from ..core.errors import InputError
from ..core.keep import _numbers_or_text
from ..core.table import Table
from .rows import ROW

SAMPLE_ROWS = 2000  # core.dates looks at this many first rows to find the date column
MAX_DISTINCT = 5_000_000  # distinct values of a keep column parsed on the driver


def needs_marks(policy: str) -> bool:
    return policy == "original"


def date_column(data: DataFrame, columns: list[str], policy: str, given: str | None, source: str) -> str | None:
    """The column ``original`` reads dates from: ``given``, else the one ``detect_date_column`` finds in the first
    rows (in input order, as the desktop reads them)."""
    if policy != "original":
        return None
    if given is not None:
        if given not in columns:
            raise InputError(source, f"no column named {given!r} to read dates from")
        return given
    head = data.where(F.col(ROW) < SAMPLE_ROWS).select(ROW, *columns).orderBy(ROW).toPandas()
    frame = head[columns].astype(object).where(head[columns].notna(), None)
    table = Table(path=source, kind="spark", columns=list(columns), data=frame.reset_index(drop=True))  # type: ignore[arg-type]
    return detect_date_column(table)


def value_keys(data: DataFrame, column: str, policy: str, source: str) -> DataFrame:
    """(``__v``, ``k1``): the primary keep key of every distinct value of ``column``."""
    counted = data.groupBy(column).agg(F.count(F.lit(1)).alias("n"))
    if counted.count() > MAX_DISTINCT:
        raise InputError(source, f"column {column!r} has more than {MAX_DISTINCT:,} distinct values to keep rows by")
    got = counted.collect()
    values = [r[column] for r in got]
    counts = np.array([r["n"] for r in got], dtype=np.int64)
    keys = _primary(values, counts, column, policy)
    dtype = data.schema[column].dataType
    schema = StructType([StructField("__v", dtype), StructField("k1", DoubleType())])
    return data.sparkSession.createDataFrame(list(zip(values, keys.tolist(), strict=True)), schema)


def _primary(values: list[object], counts: np.ndarray, column: str, policy: str) -> np.ndarray:
    if policy == "original":
        dates = read_dates(values, name=column)
        return dates.sort_key() if dates.read else np.zeros(len(values))
    newest = policy.startswith("max:")
    dates = read_dates(values, name=column)
    read = ~dates.values.isna().to_numpy()
    blank = np.array([_blank(v) for v in values], dtype=bool)
    filled = int(counts[~blank].sum())
    share = int(counts[read].sum()) / filled if filled else 0.0
    if dates.read and share >= 0.5:
        return dates.sort_key(newest_first=newest)
    numbers = _numbers_or_text(values)
    return np.where(np.isnan(numbers), np.inf, -numbers if newest else numbers)


def _blank(v: object) -> bool:
    return v is None or (isinstance(v, str) and not v.strip()) or (isinstance(v, float) and v != v)


def keep_key(rows: DataFrame, data: DataFrame, policy: str, column: str | None, source: str) -> DataFrame:
    """``rows`` (``__row``, length, length_class, marked) with the keep key columns k1, k2, k3 (module docstring).
    ``column``: the date column of ``original`` (None: no dates) or the column of max:/min:."""
    row, length = F.col(ROW), F.col("length")
    zero = F.lit(0.0)
    k1 = F.lit(0.0)
    if policy == "first":
        k2, k3 = zero, zero
    elif policy == "last":
        k2, k3 = (-row).cast("double"), zero
    elif policy in ("longest", "shortest"):
        k2, k3 = (-length if policy == "longest" else length).cast("double"), zero
    elif policy == "original":
        k2, k3 = F.col("marked").cast("double"), -F.col("length_class")
    elif policy.startswith(("max:", "min:")):
        if column is None or column not in data.columns:
            raise InputError(source, f"no column named {column!r} to choose the kept row by")
        k2, k3 = zero, zero
    else:
        raise ValueError(f"unknown keep policy {policy!r}")
    out = rows.select(ROW, k1.alias("k1"), k2.alias("k2"), k3.alias("k3"))
    if column is None:
        return out
    return out.drop("k1").join(_join_values(data, column, policy, source), ROW)


def _join_values(data: DataFrame, column: str, policy: str, source: str) -> DataFrame:
    keys = value_keys(data, column, policy, source).withColumnRenamed("__v", "__vk")
    cells = data.select(ROW, F.col(column).alias("__v"))
    joined = cells.join(keys, cells["__v"].eqNullSafe(keys["__vk"]), "left")
    return joined.select(ROW, F.coalesce(F.col("k1"), F.lit(float("inf"))).alias("k1"))


def policy_column(policy: str) -> str | None:
    return policy.split(":", 1)[1] if policy.startswith(("max:", "min:")) else None
