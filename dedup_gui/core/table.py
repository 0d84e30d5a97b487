"""The in-memory table every reader produces and every writer and algorithm consumes.

Cell values are kept exactly as read (strings for CSV and .txt folders; the workbook's own typed values for .xlsx)
so that an export can reproduce them. The text used for deduplication is derived from them on demand.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from .errors import InputError


def cell_text(value: object) -> str:
    """The text a cell shows, used for dedup, display and length-based keep policies."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, _dt.datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, (_dt.date, _dt.time)):
        return value.isoformat()
    return str(value)


@dataclass
class Table:
    """One sheet, CSV file or folder of .txt files, as rows of cells under a header.

    ``data`` has one column per entry of ``columns`` (unique display names), object dtype, values as read.
    Row ``i`` of ``data`` is data row ``i + 1`` as users count it (the header is not a data row).
    """

    path: Path
    kind: str  # "xlsx" | "csv" | "txt"
    columns: list[str]
    data: pd.DataFrame
    sheet: str | None = None
    sheet_names: list[str] = field(default_factory=list)
    encoding: str | None = None  # csv: the detected encoding, reused when writing
    delimiter: str | None = None  # csv: the detected delimiter, reused when writing
    bom: bool = False  # csv: the file started with a byte order mark (kept when writing the same encoding)
    newline: str | None = None  # csv: the line ending of the file ("\r\n" or "\n"), reused when writing
    header_row: int = 1  # xlsx: 1-based sheet row of the header
    first_column: int = 0  # xlsx: 0-based sheet column of the first table column
    source_header: list[str] = field(default_factory=list)  # header cells as in the file, before any renaming
    source_stamp: tuple[int, int] | None = None  # (size, mtime_ns) of the input when read; exports check it
    columns_dropped: bool = False  # some of the file's columns are left out: a copy of it with edits would keep them
    warnings: list[str] = field(default_factory=list)  # readable notes from the reader (e.g. renamed headers)

    def __len__(self) -> int:
        return len(self.data)

    def column_texts(self, column: str) -> list[str]:
        if column not in self.data.columns:
            raise InputError(self.path, f"no column named {column!r} (columns: {', '.join(self.columns)})")
        return [cell_text(v) for v in self.data[column].tolist()]

    def texts(self, columns: Sequence[str]) -> list[str]:
        """The dedup text of every row: the chosen columns joined with a newline (e.g. title + body)."""
        if not columns:
            raise InputError(self.path, "no text column chosen")
        parts = [self.column_texts(c) for c in columns]
        if len(parts) == 1:
            return parts[0]
        return ["\n".join(p for p in cells if p) for cells in zip(*parts, strict=True)]

    def guess_text_columns(self) -> list[str]:
        """The column that looks most like long text (longest average cell), for preselection."""
        best, best_len = None, -1.0
        sample = self.data.head(200)
        for c in self.columns:
            values = [cell_text(v) for v in sample[c].tolist()]
            texty = [v for v in values if v and not _looks_numeric(v)]
            avg = sum(len(v) for v in texty) / max(1, len(values))
            if avg > best_len:
                best, best_len = c, avg
        return [best] if best is not None else []


def _looks_numeric(s: str) -> bool:
    try:
        float(s.replace(",", ""))
        return True
    except ValueError:
        return False
