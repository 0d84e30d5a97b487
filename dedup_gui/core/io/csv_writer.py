"""Writing rows as delimited text: every cell as the text it shows, in a chosen encoding, BOM and line ending.

Cells are written exactly (a quoted cell keeps its line breaks, carriage returns and leading "="). With
``csv_safe`` (off by default; ``dedup-cli --csv-safe``) text that a spreadsheet would run as a formula — starting
with =, +, -, @, a tab or a carriage return — gets a leading apostrophe, as OWASP recommends against CSV
injection; plain numbers such as -3 or +1.5 are left alone.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Iterable, Sequence
from itertools import chain, islice
from pathlib import Path

import pandas as pd

from ..errors import OutputError
from ..progress import Reporter
from ..table import cell_text

PROGRESS_EVERY = 5000
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def neutralise(text: str) -> str:
    """``text`` with a leading apostrophe when a spreadsheet would read it as a formula (OWASP)."""
    if text.startswith(_FORMULA_START) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    return text


def csv_text(value: object) -> str:
    if value is None or value is pd.NA or value is pd.NaT:
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
) -> int:
    n = 0
    cell = (lambda v: neutralise(csv_text(v))) if csv_safe else csv_text
    rows = iter(rows)
    try:
        with open(tmp, "w", encoding=encoding, newline="", errors="strict") as f:
            if bom:
                f.write("\ufeff")
            writer = csv.writer(f, delimiter=delimiter, lineterminator=newline, quoting=csv.QUOTE_MINIMAL)
            writer.writerow([cell(str(c)) for c in columns])
            while chunk := list(islice(rows, PROGRESS_EVERY)):
                # Cells that are all text are written as they are (csv_text of a str is the str): no call per cell.
                plain = not csv_safe and set(map(type, chain.from_iterable(chunk))) <= {str}
                _write_chunk(writer, chunk if plain else [[cell(v) for v in values] for values in chunk], n, encoding)
                n += len(chunk)
                if reporter is not None:
                    reporter.report("Writing", n, total)
        if reporter is not None:
            reporter.report("Writing", n, total)
    except _RowError as e:
        raise OutputError(
            out,
            f"data row {e.row} holds {e.text!r}, which {encoding} cannot store; save as UTF-8 or .xlsx instead",
        ) from None
    except UnicodeEncodeError as e:  # the header
        raise OutputError(
            out,
            f"the header holds {e.object[e.start : e.end]!r}, which {encoding} cannot store; "
            "save as UTF-8 or .xlsx instead",
        ) from None
    return n


class _RowError(Exception):
    def __init__(self, row: int, text: str):
        self.row, self.text = row, text


def _write_chunk(writer, chunk: list, before: int, encoding: str) -> None:
    """Rows of text cells, a chunk at a time; a cell the file's encoding cannot store is named with its data row
    (the ``before`` rows ahead of the chunk are written already)."""
    try:
        writer.writerows(chunk)
    except UnicodeEncodeError:
        for i, values in enumerate(chunk):
            for v in values:
                try:
                    v.encode(encoding)
                except UnicodeEncodeError as bad:
                    raise _RowError(before + i + 1, bad.object[bad.start : bad.end]) from None
        raise
