"""Writing rows as delimited text: every cell as the text it shows, in a chosen encoding, BOM and line ending."""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from ..errors import OutputError
from ..progress import Reporter
from ..table import cell_text

PROGRESS_EVERY = 5000


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
) -> int:
    n = 0
    try:
        with open(tmp, "w", encoding=encoding, newline="", errors="strict") as f:
            if bom:
                f.write("\ufeff")
            writer = csv.writer(f, delimiter=delimiter, lineterminator=newline, quoting=csv.QUOTE_MINIMAL)
            writer.writerow([str(c) for c in columns])
            for values in rows:
                writer.writerow([csv_text(v) for v in values])
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
