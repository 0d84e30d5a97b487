"""Keep policies: which row of each cluster is kept, as a rank per row (lower is kept first).

Ties always fall back to file order. "original" is the default: see ``keep_rank``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from .table import Table


def rank_rows(policy: str, texts: Sequence[str], table: Table | None = None) -> np.ndarray:
    """The rank of every row under ``policy``, reading a column from ``table`` where the policy names one."""
    column_values = None
    if policy.startswith(("max:", "min:")):
        column = policy.split(":", 1)[1]
        if table is None:
            raise ValueError(f"keep policy {policy!r} needs a table with column {column!r}")
        from .errors import InputError

        if column not in table.data.columns:
            raise InputError(table.path, f"no column named {column!r} to choose the kept row by")
        column_values = table.data[column].tolist()
    return keep_rank(policy, texts, column_values)


def keep_rank(policy: str, texts: Sequence[str], column_values: Sequence[object] | None = None) -> np.ndarray:
    """rank[row]: lower is kept first. Ties always fall back to file order."""
    n = len(texts)
    rows = np.arange(n)
    if policy in ("first", "original"):  # TODO(keep): "original" - earliest date, no repost marker
        return rows
    if policy == "last":
        return n - 1 - rows
    if policy in ("longest", "shortest"):
        lengths = np.fromiter((len(t) for t in texts), dtype=np.int64, count=n)
        primary = -lengths if policy == "longest" else lengths
        return _rank(primary, rows)
    if policy.startswith(("max:", "min:")):
        if column_values is None:
            raise ValueError(f"keep policy {policy!r} needs the column's values")
        values = _comparable(column_values)
        missing = np.isnan(values)
        primary = np.where(missing, np.inf, -values if policy.startswith("max:") else values)
        return _rank(primary, rows)
    raise ValueError(f"unknown keep policy {policy!r}; use first, last, longest, shortest, max:COLUMN or min:COLUMN")


def _rank(primary: np.ndarray, rows: np.ndarray) -> np.ndarray:
    order = np.lexsort((rows, primary))
    rank = np.empty(len(rows), dtype=np.int64)
    rank[order] = np.arange(len(rows))
    return rank


def _comparable(values: Sequence[object]) -> np.ndarray:
    """Numbers as numbers, else dates as timestamps, else text order; blanks become NaN (kept last)."""
    s = pd.Series(list(values), dtype=object)
    blank = s.map(lambda v: v is None or (isinstance(v, str) and not v.strip()) or v != v)
    nums = pd.to_numeric(s.where(~blank), errors="coerce")
    if nums[~blank].notna().all() and (~blank).any():
        return nums.to_numpy(dtype=float)
    dates = pd.to_datetime(s.where(~blank), errors="coerce", format="mixed")
    if dates[~blank].notna().all() and (~blank).any():
        out = dates.astype("int64").to_numpy(dtype=float)
        out[blank.to_numpy()] = np.nan
        return out
    text = s.map(lambda v: "" if v is None else str(v))
    codes = pd.Series(pd.Categorical(text, ordered=True).codes, dtype=float)
    codes[blank] = np.nan
    return codes.to_numpy()
