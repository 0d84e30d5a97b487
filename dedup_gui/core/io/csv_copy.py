"""A cleaned CSV file copied from the input's own bytes: its header's and every kept row's lines as they are in the
file - their quoting, line endings and encoding - instead of the rows written again from their cells.

The reader notes where each row lies (``SourceLines``: the first and last line of the header and of each data
row) when the file can be copied so: every row has the header's number of fields (a row with more or fewer is
padded to the table's columns when written from its cells, and the copy would not be), and the encoding writes a
line feed as the byte 0x0A and never as part of another character (UTF-8, GB18030, Big5 - not UTF-16 or UTF-32).
The copy is made only from the very bytes that were read: the file is opened again and its size and digest
(xxh3) compared with those noted then, and the digest once more over the bytes as they are copied; a file saved
again since is written from the cells as read instead, as every other output is (a copy begun is thrown away).
Either way the rows are those that were read.

The file is read a window at a time into one buffer, twice (its line feeds and digest, then the copy): no more of
it is held in memory - mapping it whole added its size to the job's resident memory (100k articles: +335 MB at
the peak). Rows come out as they were written in, so a re-read of the cleaned file gives the kept rows' cells
exactly; and it is faster than writing them again (100k articles, 250 MB kept: 0.26 s against 0.74-0.78 s of
quoting and encoding every cell; 1M short texts 0.16-0.22 s against 0.46-0.51 s).
"""

from __future__ import annotations

import os
from codecs import BOM_UTF8
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import xxhash

from ..progress import Reporter
from ..table import Table

# Encodings in which a line feed is the byte 0x0A and that byte is nothing else (a CJK character's bytes are all
# 0x30 and above; UTF-16 and UTF-32 hold 0x0A in other characters).
COPY_ENCODINGS = frozenset({"utf-8", "gb18030", "big5", "cp950", "big5hkscs"})
SCAN_BYTES = 1 << 23  # line feeds are found this many bytes at a time
WINDOW_BYTES = 1 << 24  # the file is read this many bytes at a time (a copy holds no more of it in memory)
RUNS_AT_ONCE = 1024  # runs of kept rows handed to one ``os.writev`` (the usual IOV_MAX)


@dataclass(frozen=True, eq=False)
class SourceLines:
    """Where a CSV file's rows are (``lines``: row 0 the first line of each record, 1-based, row 1 its last;
    column 0 the header, then one column per data row) and the file's size and digest when it was read."""

    lines: np.ndarray
    size: int
    digest: int

    def __eq__(self, other: object) -> bool:  # (the same rows of the same bytes: two reads of one file)
        if not isinstance(other, SourceLines):
            return NotImplemented
        return (self.size, self.digest) == (other.size, other.digest) and np.array_equal(self.lines, other.lines)

    __hash__ = None  # type: ignore[assignment]


def digest(data: bytes | memoryview) -> int:
    """The digest a copy checks the file against (xxh3, 64 bits: 335 MB in ~12 ms)."""
    return xxhash.xxh3_64_intdigest(data)


def source_lines(lines: np.ndarray, regular: bool, encoding: str, source: tuple[int, int] | None) -> SourceLines | None:
    """The ``SourceLines`` of a file read as ``lines`` (the header's and each data row's first and last line),
    when it can be copied: ``regular`` (every row has the header's fields), in one of ``COPY_ENCODINGS``, its
    ``source`` (size, digest) known, and each record on lines of its own (none taken from a line another took: a
    file whose rows end in a bare carriage return is one line to the reader)."""
    if source is None or not regular or encoding not in COPY_ENCODINGS or not lines.shape[1]:
        return None
    first, last = lines[0], lines[1]
    if (last < first).any() or (first[1:] != last[:-1] + 1).any():
        return None
    return SourceLines(np.ascontiguousarray(lines, dtype=np.int64), source[0], source[1])


def can_copy(table: Table, out: Path, csv_safe: bool) -> bool:
    """Whether the cleaned file ``out`` of ``table`` may be copied from the input (``Source.copy``): a CSV file
    with its ``SourceLines``, every column and row of it in the table, written as it was (not a .tsv of a file
    with another delimiter; no formula-looking cells to neutralise: ``csv_safe`` changes cells)."""
    source = table.source_lines
    if table.kind != "csv" or source is None or csv_safe or table.columns_dropped:
        return False
    if out.suffix.lower() == ".tsv" and table.delimiter != "\t":
        return False
    return source.lines.shape[1] == len(table) + 1


class SourceChanged(Exception):
    """The input file changed while a copy was made from it (``Source.copy``): its rows are to be written from
    the cells read instead."""


class Source:
    """The input file as it was read, open for a copy (``open_source``): where each of its lines ends, found as its
    digest was checked (``_scan``). A context manager that closes it."""

    def __init__(self, table: Table, f, size: int, ends: np.ndarray) -> None:
        self.table, self._f, self._size, self._ends = table, f, size, ends

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *_) -> None:
        self.close()

    def close(self) -> None:
        self._f.close()

    def copy(self, keep: np.ndarray, tmp: Path, reporter: Reporter | None = None) -> int:
        """The header and the rows whose ``keep`` is True, copied to ``tmp``: the number of rows copied. The file
        is read again a window at a time (``WINDOW_BYTES``), each run of kept rows in it written from there."""
        table, size, ends = self.table, self._size, self._ends
        first, last = table.source_lines.lines  # type: ignore[union-attr]  # (``open_source``: there are some)
        records = np.r_[True, np.asarray(keep, dtype=bool)]  # (the header, then the data rows)
        # Runs of records kept one after the other: one span of bytes each (the records tile their lines).
        step = np.diff(np.r_[0, records.view(np.int8), 0])
        run_first, run_last = np.flatnonzero(step == 1), np.flatnonzero(step == -1) - 1
        lo = np.r_[0, ends][first[run_first] - 1]
        hi = np.r_[ends, size][last[run_last] - 1]
        rows_by = (np.cumsum(records) - 1)[run_last]  # (data rows copied by the end of each run)
        total = int(records.sum()) - 1
        view = memoryview(bytearray(min(WINDOW_BYTES, size)))
        state = xxhash.xxh3_64()  # (the bytes copied from are the bytes read: checked again as they are copied)
        try:
            with open(tmp, "wb", buffering=0) as out:
                for at, held in _windows(self._f, view):
                    state.update(held)
                    if at == 0 and table.bom and lo[0] > 0 and held[: len(BOM_UTF8)] == BOM_UTF8:
                        _write_all(out, [BOM_UTF8])  # (the byte order mark stays at the start, above blank lines)
                    # The runs in this window, each cut to it (a run may span windows).
                    a, b = np.searchsorted(hi, at, side="right"), np.searchsorted(lo, at + len(held))
                    starts = np.maximum(lo[a:b], at) - at
                    stops = np.minimum(hi[a:b], at + len(held)) - at
                    _write_all(out, [held[x:y] for x, y in zip(starts.tolist(), stops.tolist(), strict=True)])
                    if reporter is not None:  # (the rows of the runs that end in this window or before)
                        whole = int(np.searchsorted(hi, at + len(held), side="right"))
                        reporter.report("Writing", int(rows_by[whole - 1]) if whole else 0, total)
                    last_byte = bytes(held[-1:])
                if state.intdigest() != self.table.source_lines.digest:  # type: ignore[union-attr]
                    raise SourceChanged(table.path)
                if int(hi[-1]) == size and last_byte != b"\n":  # (the file's last line has no line break)
                    tail = (table.newline or "\r\n").encode(table.encoding or "utf-8")
                    _write_all(out, [tail[1:] if last_byte == b"\r" == tail[:1] else tail])  # (a CR: its LF)
        finally:
            view.release()
        if reporter is not None:
            reporter.report("Writing", total, total)
        return total


def open_source(table: Table) -> Source | None:
    """The input file of ``table`` open for a copy of its rows, when it is as it was read (its size and digest,
    ``SourceLines``, read a window at a time) and has the lines its rows were read from; else None (nothing is
    left open)."""
    source = table.source_lines
    if source is None or not source.size:
        return None
    try:
        f = open(table.path, "rb", buffering=0)  # noqa: SIM115  # (closed below, or by the Source)
    except OSError:
        return None
    try:
        if os.fstat(f.fileno()).st_size == source.size:
            ends, digest_of = _scan(f, source.size)
            if digest_of == source.digest and len(ends) + 1 >= int(source.lines[1, -1]):
                return Source(table, f, source.size, ends)
    except OSError:
        pass
    f.close()
    return None


def _scan(f, size: int) -> tuple[np.ndarray, int]:
    """The place after each line feed of the file ``f`` (``size`` bytes), and its digest - read a window at a time
    into one buffer (no copy of the whole file in memory), the line feeds found a slice at a time."""
    found = [np.zeros(0, dtype=np.int64)]
    state = xxhash.xxh3_64()
    view = memoryview(bytearray(min(WINDOW_BYTES, size)))
    for at, held in _windows(f, view):
        state.update(held)
        raw = np.frombuffer(held, dtype=np.uint8)
        for lo in range(0, len(raw), SCAN_BYTES):
            found.append(np.flatnonzero(raw[lo : lo + SCAN_BYTES] == 10) + (at + lo + 1))
        del raw
    view.release()
    return np.concatenate(found), state.intdigest()


def _windows(f, view: memoryview) -> Iterator[tuple[int, memoryview]]:
    """The file ``f`` from its start, read into ``view`` a window (its size) at a time: where each window is in
    the file, and its bytes (the part of ``view`` filled; fewer bytes than it holds only at the end)."""
    f.seek(0)
    at = 0
    while True:
        n = 0
        while n < len(view):
            got = f.readinto(view[n:])
            if not got:
                break
            n += got
        if not n:
            return
        yield at, view[:n]
        at += n


def _write_all(f, spans: list) -> None:
    """Every byte of ``spans`` written to the unbuffered file ``f`` in order: by ``os.writev`` where there is one
    (a call for up to ``RUNS_AT_ONCE`` spans), again for what a call left unwritten. (A call that wrote all it was
    given - nearly every call - is told so from the sum of its spans' lengths, not by walking them one by one.)"""
    writev = getattr(os, "writev", None)
    i = 0
    while i < len(spans):
        batch = spans[i : i + RUNS_AT_ONCE] if writev is not None else spans[i : i + 1]
        written = writev(f.fileno(), batch) if writev is not None else f.write(batch[0])
        if written == sum(map(len, batch)):
            i += len(batch)
            continue
        while i < len(spans) and written >= len(spans[i]):  # (a call cut short: on from where it stopped)
            written -= len(spans[i])
            i += 1
        if written:
            spans[i] = spans[i][written:]
