"""The in-memory table every reader produces and every writer and algorithm consumes.

Cell values are kept exactly as read (strings for CSV and .txt folders; the workbook's own typed values for .xlsx)
so that an export can reproduce them. The text used for deduplication is derived from them on demand.

A reader may hand over its cells as ``Cells`` (a column-major block of objects) instead of a DataFrame: the table
then becomes a DataFrame only when something asks for ``Table.data``. The command line's CSV-to-CSV job never
does, so it never imports pandas (a fifth of a second, most of a small job's fixed cost).
"""

from __future__ import annotations

import datetime as _dt
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .errors import InputError

if TYPE_CHECKING:
    import pandas as pd

    from .io.csv_copy import SourceLines


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


def pandas_missing(value: object) -> bool:
    """``value`` is pandas' NA or NaT (neither can be a cell before pandas is loaded: it is not imported here)."""
    pd = sys.modules.get("pandas")
    return pd is not None and (value is pd.NA or value is pd.NaT)


class Cells:
    """A table's cells without pandas: ``block[j]`` holds column ``names[j]``, an object array of the row values."""

    __slots__ = ("block", "names", "text_only")

    def __init__(self, block: np.ndarray, names: list[str], text_only: bool = False) -> None:
        if block.ndim != 2 or block.shape[0] != len(names):
            raise ValueError(f"a block of {block.shape} cells for {len(names)} columns")
        self.block, self.names = block, list(names)
        # Every cell a string (a CSV file's, read as text): a column's texts are its cells as they are (1M rows:
        # 0.1 s of ``cell_text`` calls spared).
        self.text_only = text_only

    @classmethod
    def of_rows(
        cls,
        rows: Sequence[Sequence[object]],
        names: list[str],
        between: Callable[[], None] | None = None,
        text_only: bool = False,
    ) -> Cells:
        """Rows of cells (each as long as ``names`` or longer) as the block, a column at a time by ``np.fromiter``
        (``between``: called after each column - a reader's cancel check, the window's thread getting the GIL):
        half the time of pandas' own row-list conversion (1M rows of two cells: 0.10 against 0.21 s)."""
        block = np.empty((len(names), len(rows)), dtype=object)
        for j in range(len(names)):
            block[j] = np.fromiter(map(itemgetter(j), rows), dtype=object, count=len(rows))
            if between is not None:
                between()
        return cls(block, names, text_only)

    def __len__(self) -> int:
        return int(self.block.shape[1])

    def frame(self) -> pd.DataFrame:
        """The cells as the DataFrame a reader would have built: object columns, a range index, no copy."""
        import pandas as pd

        return pd.DataFrame(self.block.T, columns=pd.Index(self.names, dtype=object), dtype=object, copy=False)

    def take(self, keep: np.ndarray) -> Rows:
        """The rows where the boolean ``keep`` is True."""
        kept = self.block if keep.all() else self.block[:, keep]
        n = int(kept.shape[1])
        tuples = (lambda: zip(*kept, strict=True)) if len(kept) else (lambda: iter([()] * n))
        return Rows(n, tuples, lambda: Cells(kept, self.names).frame(), self.text_only)


class Rows:
    """Rows to write: how many, an iterator of their cell tuples and the DataFrame of them, each made on demand;
    ``text_only``: every cell is a str (``Cells.text_only``)."""

    __slots__ = ("count", "tuples", "frame", "text_only")

    def __init__(
        self,
        count: int,
        tuples: Callable[[], Iterator[tuple]],
        frame: Callable[[], pd.DataFrame],
        text_only: bool = False,
    ) -> None:
        self.count, self.tuples, self.frame, self.text_only = count, tuples, frame, text_only

    @classmethod
    def of_frame(cls, frame: pd.DataFrame) -> Rows:
        return cls(len(frame), lambda: frame.itertuples(index=False, name=None), lambda: frame)

    def __len__(self) -> int:
        return self.count


@dataclass
class Table:
    """One sheet, CSV file or folder of .txt files, as rows of cells under a header.

    ``data`` has one column per entry of ``columns`` (unique display names), object dtype, values as read.
    Row ``i`` of ``data`` is data row ``i + 1`` as users count it (the header is not a data row). It may be
    given as ``Cells``: the DataFrame is then made the first time ``data`` is read (module docstring); the
    methods below answer from the cells until then.
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
    # csv: where the header and each row are in the file, and its digest as read - a cleaned CSV file is then copied
    # from the file's bytes (``io.csv_copy``); None where it cannot be
    source_lines: SourceLines | None = None
    columns_dropped: bool = False  # some of the file's columns are left out: a copy of it with edits would keep them
    warnings: list[str] = field(default_factory=list)  # readable notes from the reader (e.g. renamed headers)

    def __len__(self) -> int:
        cells = self.__dict__.get("_cells")
        return len(cells) if cells is not None else len(self.data)

    def has_column(self, column: str) -> bool:
        cells = self.__dict__.get("_cells")
        return column in (cells.names if cells is not None else self.data.columns)

    def column_values(self, column: str, head: int | None = None) -> list:
        """The cells of ``column`` as read (the first ``head`` of them when given)."""
        cells: Cells | None = self.__dict__.get("_cells")
        if cells is not None:
            values = cells.block[cells.names.index(column)]
            return (values if head is None else values[:head]).tolist()
        series = self.data[column]
        return (series if head is None else series.head(head)).tolist()

    def rows_where(self, keep: np.ndarray) -> Rows:
        """The rows where the boolean ``keep`` is True, for a writer."""
        cells: Cells | None = self.__dict__.get("_cells")
        return cells.take(keep) if cells is not None else Rows.of_frame(self.data[keep])

    def column_texts(self, column: str) -> list[str]:
        if not self.has_column(column):
            raise InputError(
                self.path,
                "no column named {column!r} (columns: {columns})",
                column=column,
                columns=", ".join(self.columns),
            )
        cells: Cells | None = self.__dict__.get("_cells")
        if cells is not None and cells.text_only:
            return self.column_values(column)
        return [cell_text(v) for v in self.column_values(column)]

    def texts(self, columns: Sequence[str]) -> list[str]:
        """The dedup text of every row: the chosen columns joined with a newline (e.g. title + body)."""
        if not columns:
            raise InputError(self.path, "no text column chosen")
        parts = [self.column_texts(c) for c in columns]
        if len(parts) == 1:
            return parts[0]
        return ["\n".join(p for p in cells if p) for cells in zip(*parts, strict=True)]

    def _text_cells(self, column: str) -> tuple[list[str], int]:
        """The texts among ``column``'s first 200 cells that are not numbers, and how many cells were read."""
        values = [cell_text(v) for v in self.column_values(column, head=200)]
        return [v for v in values if v and not _looks_numeric(v)], len(values)

    def holds_text(self, column: str) -> bool:
        """Whether ``column``'s first 200 cells hold any text that is not a number (what ``guess_text_columns``
        measures)."""
        return bool(self._text_cells(column)[0])

    def guess_text_columns(self) -> list[str]:
        """The column that looks most like long text (longest average cell), for preselection."""
        best, best_len = None, -1.0
        for c in self.columns:
            texty, read = self._text_cells(c)
            avg = sum(len(v) for v in texty) / max(1, read)
            if avg > best_len:
                best, best_len = c, avg
        return [best] if best is not None else []


def _get_data(table: Table) -> pd.DataFrame:
    state = table.__dict__
    cells = state.get("_cells")
    if cells is not None:
        state["_frame"], state["_cells"] = cells.frame(), None
    return state["_frame"]  # (None only where a caller set it so, as tests comparing the other fields do)


def _set_data(table: Table, value: pd.DataFrame | Cells) -> None:
    cells = value if isinstance(value, Cells) else None
    table.__dict__.update(_cells=cells, _frame=None if cells is not None else value)


# ``Table.data`` read and written through the two functions above (the dataclass's __init__ assigns it too).
setattr(Table, "data", property(_get_data, _set_data))  # noqa: B010


def _looks_numeric(s: str) -> bool:
    try:
        float(s.replace(",", ""))
        return True
    except ValueError:
        return False
