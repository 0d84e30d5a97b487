"""A regular CSV file read a column at a time: where its records and cells lie found with numpy over each part of
its text, each cell then cut from the text by one slice.

The csv module steps through every character in its C state machine, holding the interpreter lock throughout:
0.8 s for the 120M characters of 100k articles. Found at once, the places of the quotes, delimiters and line breaks
of a part are a few passes over its code points, most of them with the lock let go, and cutting a long cell is a
copy: 0.3 s for the same articles. For short cells the cut costs more than the state machine - each cell's slice
is a Python object made on its own (1M short texts: 0.77 s against 0.67 s) - so only files whose cells are long
are read so (``LONG_CELL_CHARS``, told from the first records).

Read so only where the csv module (default dialect, ``strict=False``, the text fed a line at a time) reads the
same cells: every quote of a cell is its first or last character, or one of a doubled pair between them; every
carriage return outside quotes ends a line before its line feed; every record has the first record's number of
cells, none is a blank line; and no quote is left open at the end. Anything else - a quote inside an unquoted
cell, a blank line, a ragged row - makes ``regular_columns`` answer None, and the csv module reads the file as
before (``csv_reader._parse``), with the warnings it gives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

import numpy as np

from ..table import Cells
from ..text import utf32

# The mean length of the first part's cells from which they are cut rather than read by the csv module (cut against
# read): 100k short texts (cells of 19 characters with their delimiters) 84-90 against 57-65 ms, 100k English
# sentences (54) 112-120 against 98-111 ms, 100k posts (76) 154-161 against 208-222 ms, 20k English stories (569)
# 89-101 against 157-182 ms, 100k articles (~600) 0.35 against 0.80 s.
LONG_CELL_CHARS = 64
SAMPLE_CHARS = 1 << 16  # (the first part's characters whose cells are measured)
# A record still open after this many characters (a cell of tens of megabytes, or a quote never closed) is left to
# the csv module: each part would be joined to it again.
CARRY_LIMIT = 1 << 24

_QUOTE, _LF, _CR = ord('"'), ord("\n"), ord("\r")


class _Irregular(Exception):
    """Text that the csv module might read otherwise than the cut would."""


def regular_columns(
    parts: tuple[str, ...],
    delimiter: str,
    progress: Callable[[int], None] | None = None,
    least_cell_chars: int = LONG_CELL_CHARS,
) -> tuple[list[list[str]], np.ndarray] | None:
    """The columns of the records of ``"".join(parts)`` (the first record's cells first in each) and the last line
    (1-based) of each record, as the csv module reads them (``_parse``); None where it might read them otherwise
    (see the module's docstring), or where the first part's cells are shorter than ``least_cell_chars`` on
    average (measured on its first ``SAMPLE_CHARS`` characters). ``progress`` is told where each part starts in
    the whole text."""
    if not parts:
        return None
    code = ord(delimiter)
    # The first records tell how long the cells are (and an irregular start ends it here, for the csv module).
    sample = parts[0][:SAMPLE_CHARS]
    try:
        first = _cut(sample, code, final=len(parts) == 1 and len(sample) == len(parts[0]))
    except _Irregular:
        return None
    if first is not None and first[4] < least_cell_chars * len(first[0]):
        return None
    columns: list[list[str]] = []
    last_lines: list[np.ndarray] = []
    lines_before = 0  # line breaks in the text before ``text``
    tail = ""  # the start of a record that the parts before ended in
    at = 0
    for k, part in enumerate(parts):
        if progress is not None:
            progress(at)
        at += len(part)
        text = tail + part if tail else part
        try:
            cut = _cut(text, code, final=k == len(parts) - 1)
        except _Irregular:
            return None
        if cut is None:  # no record ends in it
            if len(text) > CARRY_LIMIT:
                return None
            tail = text
            continue
        cells, per_record, ends_on, breaks, used = cut
        if not len(per_record):
            tail = text[used:]
            continue
        if not columns:
            columns = [[] for _ in range(int(per_record[0]))]
        width = len(columns)
        if (per_record != width).any():
            return None
        for j, column in enumerate(columns):
            column.extend(cells[j::width])
        last_lines.append(ends_on + lines_before)
        lines_before += breaks
        tail = text[used:]
    if not columns:
        return None
    return columns, np.concatenate(last_lines)


def _cut(text: str, delimiter: int, final: bool) -> tuple[list[str], np.ndarray, np.ndarray, int, int] | None:
    """The cells of the whole records at the start of ``text`` (all of it when ``final``), one record after another;
    the cells of each record; the line (1-based, in ``text``) each ends on; the line breaks in those records; and
    how many characters they take. None when no record ends in a text that is not ``final``. Raises
    ``_Irregular`` where the csv module might read the text otherwise."""
    cps = utf32(text)
    quotes = np.flatnonzero(cps == _QUOTE)
    is_lf = cps == _LF
    marks = np.flatnonzero(is_lf | (cps == delimiter))
    breaks_at = marks[is_lf.take(marks)]  # every line feed, in quotes or not
    del is_lf
    # A delimiter or a line feed outside quotes (an even number of quotes before it) ends a cell; a line feed so
    # ends a record too.
    ends = marks if not len(quotes) else marks[(np.searchsorted(quotes, marks) & 1) == 0]
    ends_record = cps.take(ends) == _LF
    if final:
        if len(quotes) % 2:  # a quote never closed
            raise _Irregular
        used = len(text)
        closed = bool(len(ends)) and bool(ends_record[-1]) and int(ends[-1]) == used - 1  # (by a line feed)
        if used and not closed:  # a last record without a line break after it (its last cell may be empty: "a,b,")
            ends = np.append(ends, used)
            ends_record = np.append(ends_record, True)
    else:
        records = np.flatnonzero(ends_record)
        if not len(records):
            return None
        last = int(records[-1]) + 1
        ends, ends_record = ends[:last], ends_record[:last]
        used = int(ends[-1]) + 1
    if not len(ends):
        return [], np.zeros(0, np.int64), np.zeros(0, np.int64), 0, used
    ends = ends.astype(np.int64)
    record_ends = ends[ends_record]  # before the carriage returns are cut
    starts = np.empty(len(ends), dtype=np.int64)
    starts[0] = 0
    starts[1:] = ends[:-1] + 1
    if "\r" in text:
        returns = np.flatnonzero(cps == _CR)
        if len(quotes):
            returns = returns[(np.searchsorted(quotes, returns) & 1) == 0]
        returns = returns[returns < used]
        # Outside quotes, a carriage return must end a line, before its line feed (the csv module reads one alone
        # as the end of a record: a line the cut would not end); the cell that ends there ends before it.
        after = returns + 1
        if len(after) and (int(after[-1]) >= len(text) or (cps.take(after) != _LF).any()):
            raise _Irregular
        ends[np.searchsorted(ends, after)] -= 1
    per_record = np.diff(np.r_[-1, np.flatnonzero(ends_record)])
    # A blank line is a record of no cells to the csv module, one empty cell to the cut.
    lone = ends_record & (np.r_[True, ends_record[:-1]])  # a record's only cell
    if (lone & (ends == starts)).any():
        raise _Irregular
    if len(quotes):
        starts, ends, doubled = _unquoted(cps, quotes, starts, ends)
    else:
        doubled = np.zeros(0, dtype=np.int64)
    cells = list(map(text.__getitem__, map(slice, starts.tolist(), ends.tolist())))
    for i in doubled.tolist():
        cells[i] = cells[i].replace('""', '"')
    lines = np.searchsorted(breaks_at, record_ends, side="right")  # the line feed ending each counted
    if record_ends[-1] == len(text):  # (the last record ends without one, on the line after the last)
        lines[-1] += 1
    breaks = int(np.searchsorted(breaks_at, used - 1, side="right"))
    return cells, per_record, lines, breaks, used


def _unquoted(
    cps: np.ndarray, quotes: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The cells' bounds without the quotes around those quoted, and which cells hold doubled quotes (each pair one
    quote in the cell). Raises ``_Irregular`` unless every cell with a quote in it begins and ends with one and its
    other quotes come in pairs (what the csv module reads so: a quote elsewhere is a character of the cell to it)."""
    first = np.searchsorted(quotes, starts)
    past = np.searchsorted(quotes, ends)  # (the cells' quotes: quotes[first:past])
    quoted = np.flatnonzero(past > first)
    if not len(quoted):
        return starts, ends, quoted
    lo, hi = starts[quoted], ends[quoted]
    if (hi - lo < 2).any() or (cps.take(lo) != _QUOTE).any() or (cps.take(hi - 1) != _QUOTE).any():
        raise _Irregular
    # The quotes between a cell's first and last: an even number in each cell (a cell ends where the quotes
    # before it are even, and begins so), so taken in pairs across all cells each pair is within one - and must
    # be two quotes side by side.
    inner = np.ones(int(past[quoted[-1]]), dtype=bool)
    inner[first[quoted]] = False
    inner[past[quoted] - 1] = False
    pairs = quotes[: len(inner)][inner]
    if len(pairs) % 2 or (pairs[1::2] != pairs[0::2] + 1).any():
        raise _Irregular
    starts, ends = starts.copy(), ends.copy()
    starts[quoted] += 1
    ends[quoted] -= 1
    return starts, ends, quoted[past[quoted] - first[quoted] > 2]


class ColumnRows(Sequence[list[str]]):
    """The records of ``regular_columns`` as rows (each a list of its cells, made when asked for), for what reads
    a table's rows one at a time (``csv_reader.swallowed_lines``); its cells a table's as they are (``cells``)."""

    def __init__(self, columns: list[list[str]]) -> None:
        self.columns = columns

    def __len__(self) -> int:
        return len(self.columns[0]) if self.columns else 0

    @overload
    def __getitem__(self, i: int) -> list[str]: ...

    @overload
    def __getitem__(self, i: slice) -> ColumnRows: ...

    def __getitem__(self, i: int | slice) -> list[str] | ColumnRows:
        if isinstance(i, slice):
            return ColumnRows([column[i] for column in self.columns])
        return [column[i] for column in self.columns]

    def __iter__(self) -> Iterator[list[str]]:
        return map(list, zip(*self.columns, strict=True))

    def cells(self, names: list[str]) -> Cells:
        """The rows as a table's cells, a column of ``names`` per column."""
        block = np.empty((len(self.columns), len(self)), dtype=object)
        for j, column in enumerate(self.columns):
            block[j] = np.fromiter(column, dtype=object, count=len(column))
        return Cells(block, names, text_only=True)
