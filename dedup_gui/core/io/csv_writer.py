"""Writing rows as delimited text: every cell as the text it shows, in a chosen encoding, BOM and line ending.

Cells are written exactly (a quoted cell keeps its line breaks, carriage returns and leading "="). With
``csv_safe`` (off by default; ``dedup-cli --csv-safe``) text that a spreadsheet would run as a formula — starting
with =, +, -, @, a tab or a carriage return — gets a leading apostrophe, as OWASP recommends against CSV
injection; plain numbers such as -3 or +1.5 are left alone.
"""

from __future__ import annotations

import codecs
import math
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from itertools import chain, islice
from pathlib import Path

import numpy as np

from .. import regexes
from ..errors import OutputError
from ..progress import Reporter
from ..table import cell_text, pandas_missing
from ..text import owners, utf32

PROGRESS_EVERY = 5000
# Rows longer than this on average are looked at one by one by str methods, shorter ones in the code points of
# all the rows at once (``_rows_to_look_at``), each the faster there (measured, ns a character one by one against
# at once: 13.0 / 6.8 at 30 characters a row, 3.5 / 2.6 at 120, 2.5 / 3.2 at 250, 1.7 / 3.7 at 1,000).
LONG_ROW_CHARS = 180
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = regexes.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def neutralise(text: str) -> str:
    """``text`` with a leading apostrophe when a spreadsheet would read it as a formula (OWASP)."""
    if text.startswith(_FORMULA_START) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    return text


def csv_text(value: object) -> str:
    if isinstance(value, str):
        return value
    if value is None or pandas_missing(value):
        return ""
    if isinstance(value, float) and math.isnan(value):
        return ""
    return cell_text(value)


def write_delimited(
    tmp: Path,
    out: Path,
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    total: int,
    encoding: str = "utf-8",
    bom: bool = True,
    delimiter: str = ",",
    newline: str = "\r\n",
    reporter: Reporter | None = None,
    csv_safe: bool = False,
    text_only: bool = False,
) -> int:
    """``rows`` (``total`` of them) written under ``columns`` to ``tmp`` (the file that becomes ``out``, which errors
    name). ``text_only``: every cell is a str (a CSV file's rows, ``table.Cells.text_only``), so no chunk's cells are
    looked at for other types (1M short texts: 0.11 s)."""
    n = 0
    cell = (lambda v: neutralise(csv_text(v))) if csv_safe else csv_text
    rows = iter(rows)
    # As ``open(tmp, "w", encoding=encoding, newline="")`` would write (its encoder, a byte order mark where the
    # codec puts one), the bytes handed to a thread of their own (``_WriteBehind``).
    encode = codecs.getincrementalencoder(encoding)("strict").encode
    try:
        with open(tmp, "wb") as f, _WriteBehind(f) as put:
            header = delimited_rows([[cell(str(c)) for c in columns]], delimiter, newline)
            put(encode("\ufeff" + header if bom else header))
            while chunk := list(islice(rows, PROGRESS_EVERY)):
                # Cells that are all text are written as they are (csv_text of a str is the str): no call per cell.
                plain = not csv_safe and (text_only or set(map(type, chain.from_iterable(chunk))) <= {str})
                cells = chunk if plain else [[cell(v) for v in values] for values in chunk]
                put(_encoded(encode, delimited_rows(cells, delimiter, newline), cells, n, encoding))
                n += len(chunk)
                if reporter is not None:
                    reporter.report("Writing", n, total)
        if reporter is not None:
            reporter.report("Writing", n, total)
    except _RowError as e:
        raise OutputError(
            out,
            "data row {row} holds {text!r}, which {encoding} cannot store; save as UTF-8 or .xlsx instead",
            row=e.row,
            text=e.text,
            encoding=encoding,
        ) from None
    except UnicodeEncodeError as e:  # the header
        raise OutputError(
            out,
            "the header holds {text!r}, which {encoding} cannot store; save as UTF-8 or .xlsx instead",
            text=e.object[e.start : e.end],
            encoding=encoding,
        ) from None
    return n


class _RowError(Exception):
    def __init__(self, row: int, text: str):
        self.row, self.text = row, text


def delimited_rows(rows: list, delimiter: str, newline: str) -> str:
    """Rows of text cells as delimited text, each row ended by ``newline``: a cell holding the delimiter, a double
    quote, a carriage return or a line feed is quoted (its quotes doubled), others are written as they are; a row
    of one empty cell is written "" (a blank line would be no row). The csv module's minimal quoting, with the
    cells tested and joined by str methods at C speed (the csv module looks at every character: twice the time on
    articles) - and a lone carriage return is quoted whatever the line ending (the csv module of Python 3.11 leaves
    it bare under "\n" line endings, where a reader takes it for the end of the row). A row is joined first and
    looked at once: only a row holding one of those characters (or more delimiters than it put between its cells)
    is joined again cell by cell (a million short rows: one call per row instead of one per cell); among short rows
    those rows are found in the text of all the rows at once (``_rows_to_look_at``, ``LONG_ROW_CHARS``)."""

    def quoted(c: str) -> str:
        if delimiter in c or '"' in c or "\n" in c or "\r" in c:
            return '"' + c.replace('"', '""') + '"'
        return c

    def line(row: list, joined: str) -> str:
        if "\n" in joined or '"' in joined or "\r" in joined or joined.count(delimiter) != len(row) - 1:
            return delimiter.join([quoted(c) for c in row])
        return joined if joined or len(row) != 1 else '""'

    every = list(map(delimiter.join, rows))
    if not every:
        return ""
    lengths = np.fromiter(map(len, every), dtype=np.int64, count=len(every))
    if int(lengths.sum()) > LONG_ROW_CHARS * len(every):  # long rows: each looked at by str methods
        look = range(len(every))
    else:
        look = _rows_to_look_at(every, lengths, rows, delimiter).tolist()
    for i in look:
        every[i] = line(rows[i], every[i])
    return newline.join(every) + newline


def _rows_to_look_at(joined: list[str], lengths: np.ndarray, rows: list, delimiter: str) -> np.ndarray:
    """Which rows (``joined``: each row's cells joined by the delimiter, ``lengths`` long) hold a double quote, a
    carriage return, a line feed or more delimiters than were put between their cells, or are empty: found in the
    code points of the rows' text all at once, not row by row (700k rows of two cells: 0.27 s a row at a time)."""
    cps = utf32("".join(joined))
    cells = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    at_delimiter = owners(np.flatnonzero(cps == ord(delimiter)), lengths)
    look = np.bincount(at_delimiter, minlength=len(joined)) != cells - 1
    special = np.flatnonzero((cps == ord('"')) | (cps == ord("\n")) | (cps == ord("\r")))
    look[owners(special, lengths)] = True
    look[lengths == 0] = True
    return np.flatnonzero(look)


def _encoded(encode, text: str, chunk: list, before: int, encoding: str) -> bytes:
    """A chunk of rows (``text``, made of the text cells ``chunk``) encoded; a cell the file's encoding cannot store
    is named with its data row (the ``before`` rows ahead of the chunk are written already)."""
    try:
        return encode(text)
    except UnicodeEncodeError:
        for i, values in enumerate(chunk):
            for v in values:
                try:
                    v.encode(encoding)
                except UnicodeEncodeError as bad:
                    raise _RowError(before + i + 1, bad.object[bad.start : bad.end]) from None
        raise


class _WriteBehind:
    """Bytes written to a binary file on a thread of their own while the caller makes the next chunk: the system
    call lets go of the interpreter lock, and at 100k articles it is a third of the writing (handing 250 MB to the
    system's cache). One write at a time, in order; the caller waits for the one before when it hands on the
    next, so no more than a chunk waits in memory. A write's error is raised at the next hand-on or at the end."""

    def __init__(self, f):
        self._f = f
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="write")
        self._pending: Future | None = None

    def __call__(self, data: bytes) -> None:
        self._wait()
        self._pending = self._thread.submit(self._f.write, data)

    def _wait(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:
            pending.result()

    def __enter__(self) -> _WriteBehind:
        return self

    def __exit__(self, kind, *_) -> None:
        try:
            if kind is None:
                self._wait()
        finally:
            self._thread.shutdown()  # waits for a write still running: the file is not closed under it
