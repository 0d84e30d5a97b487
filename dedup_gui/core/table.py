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
import unicodedata
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
        text_only = cells.text_only if cells is not None else self.__dict__.get("_text_only", False)
        if text_only:  # (every cell a str: its own text)
            return self.column_values(column)
        return [cell_text(v) for v in self.column_values(column)]

    def texts(self, columns: Sequence[str]) -> list[str]:
        """The dedup text of every row: the chosen columns joined with a newline (e.g. title + body) - with the
        row's title before it where that is a placeholder (``placeholders``)."""
        return self.texts_read(columns)[0]

    def texts_read(self, columns: Sequence[str]) -> tuple[list[str], Placeholders | None]:
        """``texts``, and the placeholders read with their title (what ``dedup-cli`` tells the user)."""
        texts = self._joined(columns)
        found = self.placeholders(columns, texts)
        if found is None:
            return texts, None
        texts = list(texts)  # (a column's own list of values is never written to)
        titles = self.column_texts(found.title)
        for r in found.rows.tolist():
            texts[r] = f"{titles[r]}\n{texts[r]}" if titles[r] else texts[r]
        return texts, found

    def _joined(self, columns: Sequence[str]) -> list[str]:
        if not columns:
            raise InputError(self.path, "no text column chosen")
        parts = [self.column_texts(c) for c in columns]
        if len(parts) == 1:
            return parts[0]
        return ["\n".join(p for p in cells if p) for cells in zip(*parts, strict=True)]

    def placeholders(self, columns: Sequence[str], texts: list[str] | None = None) -> Placeholders | None:
        """The rows whose text in ``columns`` (``texts``, when made already) stands in for a text that is missing,
        and the title column that tells those rows apart - None when there are none of either.

        A crawled sheet of articles often has a body that failed to load: the site's slogan ("精度知天下，新闻更
        悦己", 580 rows of the Sina corpus under 580 different headlines), "来源：36氪", "点击查看原文". Those rows
        share their text, exactly, and would all be removed as copies of one of them - different articles, whose
        headlines say so. A text is such a placeholder when two rows or more have it (``placeholder_key``),
        it is shorter than ``PLACEHOLDER_CHARS`` characters and than ``PLACEHOLDER_SHARE`` of the column's median
        text, and that median is an article's (``PLACEHOLDER_COLUMN_CHARS`` or more). Such a row's text is read
        with its title (``title_column``; none, no placeholders): rows alike in that too are still copies - a short
        comment or a news flash reposted by other outlets under its headline - and a row with another headline is
        another article. Only the title: a repost's source, date or address differ from its original's. A column
        of short texts (questions, titles) has none: there a short text repeated is a copy."""
        # Asked again for the same columns (the Data panel, then the run's texts), answered once: the cells do not
        # change, and ``texts`` is only ever the columns' texts made already (``texts_read``).
        known: dict = self.__dict__.setdefault("_placeholders_known", {})
        key = tuple(columns)
        if key not in known:
            known[key] = self._find_placeholders(columns, texts)
        return known[key]

    def _find_placeholders(self, columns: Sequence[str], texts: list[str] | None) -> Placeholders | None:
        # A column of short texts told by every n-th row first, before any text is made (a million short texts,
        # 5 against 60 ms; the Data panel asks on the window's thread as a column is ticked).
        step = max(1, len(self) // 10_000)
        if texts is not None:
            sample = [n for n in map(len, texts[::step]) if n]
        else:
            parts = [[cell_text(v) for v in self.column_values(c)[::step]] for c in columns]
            sample = [n for n in (sum(map(len, cells)) for cells in zip(*parts, strict=True)) if n]
        if not sample or float(np.median(sample)) < PLACEHOLDER_COLUMN_CHARS / 2:
            return None
        texts = self._joined(columns) if texts is None else texts
        lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
        filled = lengths[lengths > 0]
        if not len(filled):
            return None
        median = float(np.median(filled))
        if median < PLACEHOLDER_COLUMN_CHARS:
            return None
        limit = placeholder_limit(median)
        rows_of: dict[str, list[int]] = {}
        for r in np.flatnonzero((lengths > 0) & (lengths < PLACEHOLDER_READ)).tolist():
            key = placeholder_key(texts[r])
            if key and len(key) < limit:
                rows_of.setdefault(key, []).append(r)
        shared = {key: rows for key, rows in rows_of.items() if len(rows) >= PLACEHOLDER_ROWS}
        if not shared:
            return None
        title = self.title_column(columns)
        if title is None:
            return None
        most = max(shared, key=lambda key: len(shared[key]))
        rows = np.sort(np.fromiter((r for rs in shared.values() for r in rs), dtype=np.int64))
        return Placeholders(rows, title, texts[shared[most][0]].strip(), len(shared[most]), len(shared), int(median))

    def _text_cells(self, column: str) -> tuple[list[str], int]:
        """The texts among ``column``'s first 200 cells that are not numbers, and how many cells were read."""
        values = [cell_text(v) for v in self.column_values(column, head=200)]
        return [v for v in values if v and not _looks_numeric(v)], len(values)

    def holds_text(self, column: str) -> bool:
        """Whether ``column``'s first 200 cells hold any text that is not a number (what ``guess_text_columns``
        measures)."""
        return bool(self._text_cells(column)[0])

    def title_column(self, exclude: Sequence[str] = ()) -> str | None:
        """The first column (of those not in ``exclude``) named like a title (``first_title_column``)."""
        return first_title_column(self.columns, exclude, lambda name: self.column_values(name, head=TITLE_HEAD))

    def guess_text_columns(self) -> list[str]:
        """The column that looks most like long text (longest average cell), for preselection."""
        best, best_len = None, -1.0
        for c in self.columns:
            texty, read = self._text_cells(c)
            avg = sum(len(v) for v in texty) / max(1, read)
            if avg > best_len:
                best, best_len = c, avg
        return [best] if best is not None else []


# Names of a column of titles (``Table.title_column``)
TITLE_NAME_HINTS = ("title", "headline", "subject", "标题", "標題", "题目", "題目", "主题")
TITLE_HEAD = 2000  # the first cells a column of titles is told by
TITLE_MEAN_CHARS = 120  # ... and their most characters on average


def first_title_column(names: Sequence[str], exclude: Sequence[str], head: Callable[[str], list]) -> str | None:
    """The first of ``names`` (not in ``exclude``) named like a title - title, headline, 标题 (``TITLE_NAME_HINTS``)
    - whose first ``TITLE_HEAD`` cells (``head(name)``, as read; blank ones aside) have ``TITLE_MEAN_CHARS``
    characters or fewer on average: ``Table.title_column``, and the Spark job's over its input."""
    for name in names:
        if name in exclude or not any(h in name.casefold() for h in TITLE_NAME_HINTS):
            continue
        cells = [t for t in (cell_text(v).strip() for v in head(name)) if t]
        if cells and sum(map(len, cells)) / len(cells) <= TITLE_MEAN_CHARS:
            return name
    return None


# A placeholder for a missing text (``Table.placeholders``): shared by two rows or more, shorter than this many
# characters and than this share of the column's median text, in a column whose median text is this long or longer.
PLACEHOLDER_CHARS = 50
PLACEHOLDER_SHARE = 0.1
PLACEHOLDER_COLUMN_CHARS = 200
PLACEHOLDER_READ = 200  # a cell this long or longer is none, whatever spaces it has at its ends
PLACEHOLDER_ROWS = 2  # ... and the rows that must have it


def placeholder_limit(median: float) -> float:
    """A placeholder is shorter than this (``placeholder_key``) in a column whose median text is ``median``."""
    return min(PLACEHOLDER_CHARS, PLACEHOLDER_SHARE * median)


def placeholder_key(text: str) -> str:
    """What two rows' placeholders share when they are one (``Table.placeholders``): the text in NFKC and lower case,
    without spaces, as the exact pass's compact form makes them equal - "精度知天下，新闻更悦己" and "精度知天下,新闻
    更悦己 " are one placeholder."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


@dataclass
class Placeholders:
    """Rows whose text stands in for a missing one (``Table.placeholders``)."""

    rows: np.ndarray  # the rows (0-based, in order)
    title: str  # the title column, read before each such row's text
    example: str  # the placeholder most rows have
    example_rows: int  # ... how many
    kinds: int  # how many different placeholders
    median: int  # the column's median text, in characters

    def note(self) -> str:
        """What the command line tells the user."""
        more = f" and {self.kinds - 1} more such texts" if self.kinds > 1 else ""
        return (
            f"{len(self.rows):,} rows share a short text with other rows - {self.example!r} in "
            f"{self.example_rows:,} rows{more} - where the column's texts have ~{self.median:,} characters: such a "
            f"text may stand in for a missing one (a site's slogan where the body failed to load), so those rows "
            f"are compared with their {self.title} too, and rows under other headlines are not copies"
        )


def _get_data(table: Table) -> pd.DataFrame:
    state = table.__dict__
    cells = state.get("_cells")
    if cells is not None:
        # (whether every cell is a str outlives the cells: the frame holds the same objects)
        state["_frame"], state["_cells"], state["_text_only"] = cells.frame(), None, cells.text_only
    return state["_frame"]  # (None only where a caller set it so, as tests comparing the other fields do)


def _set_data(table: Table, value: pd.DataFrame | Cells) -> None:
    cells = value if isinstance(value, Cells) else None
    table.__dict__.update(
        _cells=cells, _frame=None if cells is not None else value, _text_only=False, _placeholders_known={}
    )


# ``Table.data`` read and written through the two functions above (the dataclass's __init__ assigns it too).
setattr(Table, "data", property(_get_data, _set_data))  # noqa: B010


def _looks_numeric(s: str) -> bool:
    try:
        float(s.replace(",", ""))
        return True
    except ValueError:
        return False
