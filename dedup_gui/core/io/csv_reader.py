"""Reading a delimited text file (.csv, .tsv, .txt) into a Table of exact strings.

Nothing is merged or padded without a word: the table's warnings name, with line numbers, the rows with more or
fewer fields than the header and any quoted cell that swallowed lines looking like rows of their own (an
unbalanced quote).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, pairwise
from pathlib import Path

import numpy as np

from .. import regexes
from ..errors import InputError, Note
from ..progress import Reporter
from ..table import Cells, Table
from .csv_columns import ColumnRows, regular_columns
from .csv_copy import source_lines
from .encoding import DecodedParts, decode_parts
from .headers import column_letter, unique_headers

DELIMITERS = (",", "\t", ";", "|")

csv.field_size_limit(2**31 - 1)  # news articles easily pass the default 128 KiB per field


def read_csv(path: Path, data: bytes, reporter: Reporter | None = None) -> Table:
    return read_decoded_csv(path, decode_parts(data, path), reporter)


def read_decoded_csv(
    path: Path, decoded: DecodedParts, reporter: Reporter | None = None, source: tuple[int, int] | None = None
) -> Table:
    """The table of a file's text in parts (``decode_parts``: never joined). A caller that reads the file calls
    ``read_decoded_csv(path, decode_parts(<the bytes read>, path))`` (``readers._read_file``): the bytes are freed
    as soon as they are decoded, not with everything else when the table is returned (``read_csv``'s caller holds
    the bytes it passes to the end). Each such free holds the interpreter lock while a reading thread's memory goes
    back to the system - at 100k articles 24 ms for the 335 MB of the file, 30 ms for its text - and the window's
    thread waits on it: at the end of the read together, the window's event loop stalled up to 98 ms (56 ms at most
    in three reads since).

    ``source``: the file's size and digest (``csv_copy.digest``) as read, when known: the table then notes where its
    rows are in the file (``Table.source_lines``), for a cleaned copy of it."""
    parts = decoded.parts
    if all(not p or p.isspace() for p in parts):  # (strip() would copy the whole text to find out)
        raise InputError(path, "has no header row (the file holds only blank lines)")
    head = decoded.head(1 << 20)
    delimiter = sniff_delimiter(head, prefer_tab=path.suffix.lower() == ".tsv")
    rows, lines = _read_columns(parts, delimiter, reporter) or _read_rows(path, parts, delimiter, reporter)
    header, body = rows[0], rows[1:]
    if not body:
        raise InputError(path, "has a header but no data rows")
    table, regular = _build(path, header, body, lines[:, 1:])
    table.source_lines = source_lines(lines, regular, decoded.encoding, source)
    table.warnings[:0] = swallowed_lines(body, lines[:, 1:], len(header), delimiter, parts)
    table.encoding, table.bom, table.delimiter = decoded.encoding, decoded.bom, delimiter
    table.source_header = list(header)
    table.newline = line_ending(head)
    return table


def _read_columns(
    parts: tuple[str, ...], delimiter: str, reporter: Reporter | None
) -> tuple[ColumnRows, np.ndarray] | None:
    """The records of a regular file of long cells (``csv_columns.regular_columns``: the cells cut from the text,
    not read by the csv module) and the (first, last) line of each; None for any other file, or one with a blank
    record above or below the others (``_read_rows`` leaves those out)."""
    total = sum(map(len, parts))
    progress = None if reporter is None else (lambda at: reporter.report("Loading", at, total))
    read = regular_columns(parts, delimiter, progress)
    if read is None:
        return None
    columns, last_lines = read
    rows = ColumnRows(columns)
    if not any(rows[0]) or not any(rows[-1]):
        return None
    if reporter is not None:
        reporter.report("Loading", total, total)
    return rows, _line_spans(last_lines)


def _read_rows(
    path: Path, parts: tuple[str, ...], delimiter: str, reporter: Reporter | None
) -> tuple[list[list[str]], np.ndarray]:
    """The records read by the csv module (``_parse``) but the blank ones above and below the others, and the
    (first, last) line of each."""
    rows, last_lines = _parse(path, parts, delimiter, reporter)
    spans = _line_spans(last_lines)
    while rows and not any(rows[-1]):
        rows.pop()  # trailing blank lines are not data rows
    skip = 0
    while skip < len(rows) and not any(rows[skip]):
        skip += 1  # nor are blank lines above the header
    del rows[:skip]
    return rows, spans[:, skip : skip + len(rows)]


def _line_spans(last_lines: np.ndarray) -> np.ndarray:
    """The (first, last) line of each record, from the last line of each (a record begins on the line after the
    one before it ends)."""
    return np.stack([np.r_[1, last_lines[:-1] + 1][: len(last_lines)], last_lines])


def sniff_delimiter(text: str, prefer_tab: bool = False) -> str:
    """The candidate that splits the first records into the most consistent number (>1) of fields."""
    sample = text[:65536]
    cut = max(sample.rfind("\n"), 0)
    sample = sample[:cut] if cut else sample
    best, best_score = "\t" if prefer_tab else ",", (0.0, 0)
    for d in DELIMITERS:
        try:
            counts = [len(r) for r in csv.reader(io.StringIO(sample), delimiter=d)][:200]
        except csv.Error:
            continue
        counts = [c for c in counts if c] or [1]
        mode = max(set(counts), key=counts.count)
        if mode < 2:
            continue
        score = (counts.count(mode) / len(counts), mode)
        if prefer_tab and d == "\t":
            score = (score[0] + 0.01, score[1])
        if score > best_score:
            best, best_score = d, score
    return best


def line_ending(text: str) -> str:
    """The line ending of the first record ("\r\n" or "\n"), skipping line breaks inside quoted cells."""
    quoted = False
    for i, ch in enumerate(text[: 1 << 20]):
        if ch == '"':
            quoted = not quoted
        elif ch == "\n" and not quoted:
            return "\r\n" if i and text[i - 1] == "\r" else "\n"
    return "\r\n"


def _parse(
    path: Path, text: str | tuple[str, ...], delimiter: str, reporter: Reporter | None
) -> tuple[list[list[str]], np.ndarray]:
    """The records, and the last line of the file each was read from.

    The records are read by the csv module in one call (no Python step per record). Each took one line, or one
    more for each line break in its cells (a quoted cell spanning lines holds them): counted for the records that
    have any, and checked against the lines the reader took in all; should the two ever differ, the records are
    read again one by one, each with the reader's own line count."""
    parts = _parts_of(text)
    total = sum(map(len, parts))
    progress = None if reporter is None else (lambda at: reporter.report("Loading", at, total))
    reader = csv.reader(part_lines(parts, chunk=LINES_AT_ONCE, progress=progress), delimiter=delimiter, strict=False)
    try:
        rows = list(reader)
    except csv.Error as e:
        raise _unreadable(path, reader.line_num, e) from None
    if reporter is not None:
        reporter.report("Loading", total, total)
    taken = np.ones(len(rows), dtype=np.int64)
    if reader.line_num != len(rows):  # some records span lines
        spanning = np.fromiter(("\n" in "".join(row) for row in rows), dtype=bool, count=len(rows))
        for i in np.flatnonzero(spanning).tolist():
            taken[i] += sum(cell.count("\n") for cell in rows[i])
    ends = np.cumsum(taken)
    if len(rows) and int(ends[-1]) != reader.line_num:
        return _parse_one_by_one(path, parts, delimiter)
    return rows, ends


def _unreadable(path: Path, line: int, error: csv.Error) -> InputError:
    return InputError(path, "is not a readable CSV file near line {line}: {error}", line=line, error=error)


def _parse_one_by_one(path: Path, text: str | tuple[str, ...], delimiter: str) -> tuple[list[list[str]], np.ndarray]:
    """``_parse``, the last line of each record as the reader counted it after reading it."""
    rows: list[list[str]] = []
    ends: list[int] = []
    parts = _parts_of(text)
    reader = csv.reader(part_lines(parts, chunk=LINES_AT_ONCE), delimiter=delimiter, strict=False)
    try:
        for row in reader:
            rows.append(row)
            ends.append(reader.line_num)
    except csv.Error as e:
        raise _unreadable(path, reader.line_num, e) from None
    return rows, np.array(ends, dtype=np.int64)


# Characters of the text turned into lines at a time. The csv module reads a piece's lines in C, holding the
# interpreter lock throughout: only between pieces (``_text_pieces``, Python) can another thread take it - the window's
# thread, while its worker reads a file. Pieces of 1M characters held it 20-44 ms each: a thread running Python every
# millisecond beside one reading the 100k articles waited up to 57-90 ms for it, 25-29 ms with pieces of 64k
# characters (reading 100k articles and 1M short texts neither slower nor faster).
LINES_AT_ONCE = 1 << 16


def text_lines(
    text: str,
    chunk: int = LINES_AT_ONCE,
    progress: Callable[[int], None] | None = None,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[str]:
    """The lines of ``text`` as ``io.StringIO(text)`` gives them (each up to and with its "\\n"; a "\\r" alone ends no
    line), a piece of about ``chunk`` characters at a time: a StringIO of the whole text would hold a copy of it
    at 4 bytes per character (460 MB for a 350 MB file of Chinese articles). ``progress`` is told where each piece
    starts, before its lines. ``start``/``stop``: the lines of ``text[start:stop]`` (without copying it)."""
    return chain.from_iterable(_text_pieces(text, chunk, progress, start, stop))


def _text_pieces(
    text: str, chunk: int, progress: Callable[[int], None] | None, start: int, stop: int | None
) -> Iterator[Iterable[str]]:
    """``text_lines``' pieces, each a StringIO whose lines ``chain`` hands on: no Python frame runs per line (1M
    short rows: the lines cost 0.29 s through two generators)."""
    stop = len(text) if stop is None else stop
    while start < stop:
        end = text.find("\n", start + chunk, stop)
        end = stop if end < 0 else end + 1
        if progress is not None:
            progress(start)
        yield io.StringIO(text[start:end])
        start = end


def part_lines(
    parts: tuple[str, ...], chunk: int = LINES_AT_ONCE, progress: Callable[[int], None] | None = None
) -> Iterator[str]:
    """``text_lines`` of ``"".join(parts)``, without joining them: a line that runs from one part into the next is
    put together from its pieces. ``progress`` is told where each piece starts in the whole text."""
    return chain.from_iterable(_part_pieces(parts, chunk, progress))


def _part_pieces(parts: tuple[str, ...], chunk: int, progress: Callable[[int], None] | None) -> Iterator[Iterable[str]]:
    """``part_lines``' pieces: StringIOs of whole lines within a part, and the lines put together across parts."""
    carry: list[str] = []  # the start of a line that the parts before ended in
    offset = 0
    for part in parts:
        start = 0
        if carry:
            first = part.find("\n") + 1
            if not first:  # the whole part is inside that line
                carry.append(part)
                offset += len(part)
                continue
            yield ("".join(carry) + part[:first],)
            carry, start = [], first
        last = part.rfind("\n") + 1  # after the part's last line break (0: none)
        if last > start:
            yield from _text_pieces(part, chunk, _shifted(progress, offset), start, last)
        if max(last, start) < len(part):
            carry.append(part[max(last, start) :])
        offset += len(part)
    if carry:
        yield ("".join(carry),)


def _parts_of(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A text given whole or in parts (``decode_parts``), as parts."""
    return (text,) if isinstance(text, str) else text


def _shifted(progress: Callable[[int], None] | None, offset: int) -> Callable[[int], None] | None:
    """``progress`` told positions ``offset`` further on (a part's positions in the whole text)."""
    if progress is None:
        return None
    report = progress
    return lambda at: report(offset + at)


def _line_list(numbers: list[int], shown: int = 10) -> str:
    more = f" and {len(numbers) - shown} more" if len(numbers) > shown else ""
    return ", ".join(str(n) for n in numbers[:shown]) + more


SWALLOWED_SHOWN = 10  # rows named one by one in the swallowed-rows warnings; the others are counted in one more


def swallowed_lines(
    body: Sequence[list[str]], lines: np.ndarray, width: int, delimiter: str, text: str | tuple[str, ...]
) -> list[str]:
    """Warnings for quoted cells that run over lines which look like rows of their own (an unbalanced quote).
    ``lines``: the first (row 0) and last (row 1) line of the file each row was read from; ``text``: the file's
    text, or its parts (``decode_parts``).

    A cell spanning lines is normal (an article with paragraphs, a post of prose with commas, a table of figures);
    one whose inner lines read as the file's rows do is not: as many fields as the header has and, where the rows
    start with an id (a number of the ids' lengths), starting with one too (not a number grouped by thousands,
    "500,000 dlrs", nor followed by a space where the rows' second fields never start with one) - and where the
    ids go up row after row, one between the cell's row's and the next row's, as the rows an unbalanced quote ran
    over would have (a post holding a table of DIP switches, "0,1<tab>2 drives", holds no rows of the file: 20
    Newsgroups, ids 0 to 18,845). Without an id column, a cell's look-alike lines must be at least half of its
    lines and the file must have three columns or more (prose and tables have a line with a comma or two now and
    then, not line after line as rows of the file). Needs two or more columns to tell rows from paragraphs."""
    notes: list[str] = []
    if width < 2:
        return notes
    ids = _id_lengths(body)
    spaced = ids is not None and _spaced_after_id(body)
    increasing = ids is not None and _ids_increase(body)
    spanning = np.flatnonzero(lines[1] > lines[0]).tolist() if ids is not None or width >= 3 else []
    found = 0
    for i in spanning:  # the rows read from more than one line
        row, first, last = body[i], int(lines[0, i]), int(lines[1, i])
        inner = _inner_lines(row) if ids is None else _inner_lines_from_a_number(row)
        between = _ids_around(body, i) if increasing and inner else None
        # (a line with fewer delimiters than a row has between its fields cannot split into a row: not parsed)
        alike = sum(
            1
            for ln in inner
            if ln.count(delimiter) >= width - 1 and _reads_as_a_row(ln, delimiter, width, ids, spaced, between)
        )
        if alike < 2 or (ids is None and 2 * alike < sum(1 for ln in inner if ln.strip())):
            continue
        found += 1
        if found <= SWALLOWED_SHOWN:
            notes.append(
                Note(
                    "data row {row} (lines {first}-{last}): a quoted cell spans {lines} lines, {alike} of which look "
                    'like rows of their own; probably an unbalanced quote (") - check the file',
                    row=i + 1,
                    first=first,
                    last=last,
                    lines=last - first + 1,
                    alike=alike,
                )
            )
    if found > SWALLOWED_SHOWN:
        notes.append(
            Note(
                "{rows} more data rows have a quoted cell over lines that look like rows",
                rows=found - SWALLOWED_SHOWN,
            )
        )
    if body and lines[1, -1] > lines[0, -1] and _quote_left_open(text, int(lines[0, -1]), int(lines[1, -1])):
        first, last = int(lines[0, -1]), int(lines[1, -1])
        notes.append(
            Note(
                "a quote opened on line {first} is never closed: lines {first}-{last} were read as one row",
                first=first,
                last=last,
            )
        )
    return list(dict.fromkeys(notes))


def _inner_lines(row: list[str]) -> list[str]:
    """The lines of the row's cells after each cell's first."""
    return [ln for cell in row if "\n" in cell for ln in cell.split("\n")[1:]]


def _inner_lines_from_a_number(row: list[str]) -> list[str]:
    """The lines of ``_inner_lines`` that can start with an id: their first character a quote or a digit
    (``str.isdigit``), found by a search of the cells, not a look at every line (20 Newsgroups: 640,000 lines of
    prose in cells, a few thousand starting so)."""
    pattern = _line_from_a_number()
    out = []
    for cell in row:
        if "\n" in cell:
            for m in pattern.finditer(cell):
                end = cell.find("\n", m.end())
                out.append(cell[m.end() : end if end >= 0 else len(cell)])
    return out


@lru_cache(maxsize=1)
def _line_from_a_number() -> re.Pattern:
    """A line break before a quote or a digit: ``\\d`` is ``str.isdecimal``; the other characters ``str.isdigit``
    holds for (superscripts, circled numbers...) are listed, those beyond the first 65,536 code points all let in.
    The code points are asked at once, as a numpy array of one-character strings (``np.strings``: the same
    character database as ``str``), not one ``str`` at a time: 0.9 ms against 3.4 ms of a CSV read."""
    points = np.arange(0x80, 0x10000, dtype=np.uint32).view("U1")
    others = "".join(points[np.strings.isdigit(points) & ~np.strings.isdecimal(points)].tolist())
    return re.compile(f'\n(?=["\\d{re.escape(others)}\U00010000-\U0010ffff])')


def _spread_sample(body: Sequence[list[str]], sample: int = 1000) -> Sequence[list[str]]:
    """About ``sample`` rows spread evenly over the file, in file order (what the looks of its rows are read from)."""
    return body[:: max(1, len(body) // sample)]


def _id_lengths(body: Sequence[list[str]]) -> tuple[int, int] | None:
    """The shortest and longest first field when the rows start with an id (digits only, in nine rows of ten of
    a sample spread over the file, or more; a row that swallowed others still starts with its own); else None."""
    firsts = [row[0] for row in _spread_sample(body) if row]
    numbers = [len(f) for f in firsts if f.isdigit()]
    if not firsts or len(numbers) < 0.9 * len(firsts):
        return None
    return min(numbers), max(numbers)


def _ids_increase(body: Sequence[list[str]]) -> bool:
    """Whether the rows' ids go up row after row: every first field of a sample spread over the file a number
    (``str.isdecimal``) above the one before it."""
    rows = _spread_sample(body)
    numbers = [n for row in rows if (n := _id_number(row[0] if row else "")) is not None]
    return 2 <= len(numbers) == len(rows) and all(x < y for x, y in pairwise(numbers))


def _ids_around(body: Sequence[list[str]], i: int) -> tuple[int, float] | None:
    """The ids of row ``i`` and of the row after it (infinity after the last), when both are numbers going up:
    the ids of any rows a quote in row ``i`` ran over lie between them. None where the two do not tell."""
    low = _id_number(body[i][0] if body[i] else "")
    high: float | None = _id_number(body[i + 1][0] if body[i + 1] else "") if i + 1 < len(body) else float("inf")
    return (low, high) if low is not None and high is not None and low < high else None


def _id_number(field: str) -> int | None:
    """An id's number: a field of at most 18 digits (``str.isdecimal``; longer ones are no row numbers, and ``int``
    refuses numbers of thousands of digits)."""
    return int(field) if field.isdecimal() and len(field) <= 18 else None


def _spaced_after_id(body: Sequence[list[str]]) -> bool:
    """Whether the rows' second fields start with whitespace now and then (in one row of ten of a sample spread
    over the file, or more): "12, text" is then how the file's rows read."""
    seconds = [row[1] for row in _spread_sample(body) if len(row) > 1]
    return bool(seconds) and sum(1 for f in seconds if _spaced(f)) >= 0.1 * len(seconds)


def _spaced(field: str) -> bool:
    """A field written after its delimiter and a space or tab ("12, text")."""
    return field[:1] in (" ", "\t")


def _reads_as_a_row(
    line: str,
    delimiter: str,
    width: int,
    ids: tuple[int, int] | None,
    spaced: bool = True,
    between: tuple[int, float] | None = None,
) -> bool:
    """Whether ``line`` reads as one of the file's rows: exactly ``width`` fields, the first an id like the rows'
    (``_id_lengths``) where they start with one - above ``between[0]`` and below ``between[1]`` when given - and
    the second starting with whitespace only where the rows' do (``spaced``: "1985, the company said." is a
    wrapped line of prose in a file written "1,text")."""
    try:
        fields = next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:  # a carriage return alone in it: no record the reader accepts
        return False
    if len(fields) != width:
        return False
    if ids is None:
        return True
    first = fields[0]
    if not (first.isdigit() and ids[0] <= len(first) <= ids[1]) or (not spaced and _spaced(fields[1])):
        return False
    if between is not None:
        number = _id_number(first)
        if number is None or not between[0] < number < between[1]:
            return False
    # "500,000 dlrs for notes", "139,800." - a number grouped by thousands at the start of a wrapped line of
    # prose, not an id and a field (the Reuters stories, written by pandas, had 50 such cells named as swallowing
    # rows).
    return not (delimiter == "," and len(first) <= 3 and _THOUSANDS.match(fields[1]) is not None)


_THOUSANDS = regexes.compile(r"\d{3}(?!\d)")


def _quote_left_open(text: str | tuple[str, ...], first: int, last: int) -> bool:
    """An odd number of quote characters on the last record's lines (``first`` to ``last``, 1-based): its quote
    was never closed. Of a text in parts, only the parts that hold those lines are joined."""
    parts = _parts_of(text)
    breaks = np.cumsum([p.count("\n") for p in parts])  # line breaks up to the end of each part
    lo = int(np.searchsorted(breaks, first - 1))  # the part where line ``first`` starts (after first - 1 breaks)
    hi = min(int(np.searchsorted(breaks, last)), len(parts) - 1)  # ... and where line ``last`` ends
    before = int(breaks[lo - 1]) if lo else 0  # the line breaks before part lo
    held = "".join(parts[lo : hi + 1]).split("\n")
    record = "\n".join(held[first - 1 - before : last - before])
    return record.count('"') % 2 == 1


def _build(path: Path, header: list[str], body: Sequence[list[str]], lines: np.ndarray) -> tuple[Table, bool]:
    """The table of the rows (``lines``: as for ``swallowed_lines``), a column per field of the longest row; and
    whether every row has as many fields as the header (none padded)."""
    if isinstance(body, ColumnRows):  # (every row as long as the header: ``regular_columns``)
        names, renames = unique_headers(header)
        return Table(path=path, kind="csv", columns=names, data=body.cells(names), warnings=renames), True  # type: ignore[arg-type]
    lengths = np.fromiter(map(len, body), dtype=np.int64, count=len(body))
    width = max(len(header), int(lengths.max()))
    header_width = len(header)
    notes: list[str] = []
    if width > len(header):
        extra = [f"Column {column_letter(i)}" for i in range(len(header), width)]
        long_lines = lines[0, lengths > header_width].tolist()
        notes.append(
            Note(
                "{rows} row(s) have more fields than the header ({fields}) at line(s) {lines}; added columns {columns}",
                rows=len(long_lines),
                fields=len(header),
                lines=_line_list(long_lines),
                columns=", ".join(extra),
            )
        )
        header = header + extra
    names, renames = unique_headers(header)
    short = np.flatnonzero(lengths < header_width).tolist()
    short_lines = [int(lines[0, i]) for i in short if any(body[i])]
    if short_lines:
        notes.append(
            Note(
                "{rows} row(s) have fewer fields than the header ({fields}) at line(s) {lines}; the missing cells "
                "are empty",
                rows=len(short_lines),
                fields=header_width,
                lines=_line_list(short_lines),
            )
        )
    padded = body
    if (lengths < width).any():
        padded = [r + [""] * (width - len(r)) if len(r) < width else r for r in body]
    # The cells into one (column, row) block of objects, which pandas keeps as it is when the table becomes a
    # DataFrame (Cells.frame). Anomalies first: the GUI shows the first few warnings; Table.data takes Cells (the
    # DataFrame made on demand).
    data = Cells.of_rows(padded, names, text_only=True)  # (the csv module reads every cell as a string)
    table = Table(path=path, kind="csv", columns=names, data=data, warnings=notes + renames)  # type: ignore[arg-type]
    return table, width == header_width and not len(short)
