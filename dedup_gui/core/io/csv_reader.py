"""Reading a delimited text file (.csv, .tsv, .txt) into a Table of exact strings."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pandas as pd

from ..errors import InputError
from ..progress import Reporter
from ..table import Table
from .encoding import decode_bytes
from .headers import column_letter, unique_headers

DELIMITERS = (",", "\t", ";", "|")
PROGRESS_EVERY = 5000

csv.field_size_limit(2**31 - 1)  # news articles easily pass the default 128 KiB per field


def read_csv(path: Path, data: bytes, reporter: Reporter | None = None) -> Table:
    decoded = decode_bytes(data, path)
    text = decoded.text
    if not text.strip():
        raise InputError(path, "has no header row (the file holds only blank lines)")
    delimiter = sniff_delimiter(text, prefer_tab=path.suffix.lower() == ".tsv")
    rows = _parse(path, text, delimiter, reporter)
    while rows and not any(rows[-1]):
        rows.pop()  # trailing blank lines are not data rows
    while rows and not any(rows[0]):
        rows.pop(0)  # nor are blank lines above the header
    header, body = rows[0], rows[1:]
    if not body:
        raise InputError(path, "has a header but no data rows")
    table = _build(path, header, body)
    table.encoding, table.bom, table.delimiter = decoded.encoding, decoded.bom, delimiter
    table.source_header = list(header)
    table.newline = line_ending(text)
    return table


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


def _parse(path: Path, text: str, delimiter: str, reporter: Reporter | None) -> list[list[str]]:
    rows: list[list[str]] = []
    total = len(text)
    stream = io.StringIO(text)
    reader = csv.reader(stream, delimiter=delimiter, strict=False)
    try:
        for row in reader:
            rows.append(row)
            if reporter is not None and len(rows) % PROGRESS_EVERY == 0:
                reporter.report("Loading", stream.tell(), total)
    except csv.Error as e:
        raise InputError(path, f"is not a readable CSV file near line {reader.line_num}: {e}") from None
    if reporter is not None:
        reporter.report("Loading", total, total)
    return rows


def _build(path: Path, header: list[str], body: list[list[str]]) -> Table:
    width = max(len(header), max(len(r) for r in body))
    notes: list[str] = []
    if width > len(header):
        extra = [f"Column {column_letter(i)}" for i in range(len(header), width)]
        longest = next(i for i, r in enumerate(body) if len(r) == width)
        notes.append(
            f"some rows have more cells than the header (first: data row {longest + 1}); "
            f"added columns {', '.join(extra)}"
        )
        header = header + extra
    names, renames = unique_headers(header)
    short = sum(1 for r in body if len(r) < width)
    if short:
        notes.append(f"{short} row(s) have fewer cells than the header; the missing cells are empty")
    padded = [r + [""] * (width - len(r)) if len(r) < width else r for r in body]
    frame = pd.DataFrame(padded, columns=pd.Index(names, dtype=object), dtype=object)
    return Table(path=path, kind="csv", columns=names, data=frame, warnings=renames + notes)
