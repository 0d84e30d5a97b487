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
    try:
        with open(tmp, "w", encoding=encoding, newline="", errors="strict") as f:
            if bom:
                f.write("\ufeff")
            writer = csv.writer(f, delimiter=delimiter, lineterminator=newline, quoting=csv.QUOTE_MINIMAL)
            writer.writerow([cell(str(c)) for c in columns])
            for values in rows:
                writer.writerow([cell(v) for v in values])
                n += 1
                if reporter is not None and n % PROGRESS_EVERY == 0:
                    reporter.report("Writing", n, total)
    except UnicodeEncodeError as e:
        raise OutputError(
            out,
            f"data row {n + 1} holds {e.object[e.start : e.end]!r}, which {encoding} cannot store; "
            "save as UTF-8 or .xlsx instead",
        ) from None
    if reporter is not None:
        reporter.report("Writing", n, total)
    return n
