"""Parquet -> Table: a .parquet file, or a folder of Parquet part files as Spark writes them (``dedup-spark``'s
``rows/``), read in name order - the order the job wrote the rows in.

Values are kept as Parquet stores them (text stays text, whole numbers stay whole, nulls become empty cells). Needs
pyarrow (``pip install 'dedup-gui[spark]'``); without it, reading Parquet is a one-line error, nothing else changes.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from ..progress import Reporter
from ..table import Table
from .headers import unique_headers

SUFFIXES = (".parquet", ".pq")


def is_parquet_folder(path: Path) -> bool:
    """A folder holding Parquet part files (and perhaps Spark's _SUCCESS marker), no .txt files."""
    try:
        names = [p for p in path.iterdir() if p.is_file() and not p.name.startswith((".", "_"))]
    except OSError:
        return False
    return bool(names) and all(p.suffix.lower() in SUFFIXES for p in names)


def read_parquet(path: Path, reporter: Reporter | None = None) -> Table:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(path, "is Parquet; reading it needs pyarrow: pip install 'dedup-gui[spark]'") from None
    files = _files(path)
    parts = []
    for i, f in enumerate(files):
        if reporter is not None:
            reporter.report("Loading", i, len(files))
        try:
            parts.append(pq.read_table(f))
        except Exception as e:  # pyarrow's ArrowInvalid/OSError: not Parquet, truncated, unreadable
            raise InputError(f, "is not a readable Parquet file: {reason}", reason=_first_line(e)) from None
    if reporter is not None:
        reporter.report("Loading", len(files), len(files))
    if not parts[0].num_columns:
        raise InputError(path, "has no columns")
    if any(part.column_names != parts[0].column_names for part in parts):
        raise InputError(path, "has part files with different columns; open them one by one")
    names, notes = unique_headers([str(name) for name in parts[0].column_names])
    columns = {}
    for j, name in enumerate(names):
        values: list[object] = []
        for part in parts:
            values.extend(part.column(j).to_pylist())  # Python values, None for null: nothing converted
        columns[name] = values
    import pandas as pd

    data = pd.DataFrame(columns, columns=pd.Index(names, dtype=object), dtype=object)
    return Table(path=path, kind="parquet", columns=names, data=data, warnings=notes)


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)
        if not files:
            raise InputError(path, "has no Parquet files")
        return files
    return [path]


def _first_line(e: Exception) -> str:
    lines = str(e).strip().splitlines()
    return lines[0][:200] if lines else type(e).__name__
