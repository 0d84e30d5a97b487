"""New workbooks (a CSV or folder table saved as .xlsx, an old .xls copied, the cluster report), written with
XlsxWriter — the one library that writes new workbooks in this project.

Chosen by measurement (``python -m benchmarks.xlsx_writers``, recorded in benchmarks/README.md): on 100,000
rows it wrote the same sheet in half the time of openpyxl's write-only mode with the same memory. Every value
goes through a typed call (``write_string``, ``write_number``...), never ``write()``, so text stays text: a string
starting with "=" is no formula, "#N/A" is no error value, "000123" and "1e5" are no numbers. Rows stream to
disk (constant-memory mode), so memory stays flat on large tables.
"""

from __future__ import annotations

import datetime as _dt
import math
import numbers
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ..progress import Reporter

PROGRESS_EVERY = 5000
_INVALID_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")
_FORMATS = {
    "header": {"bold": True},
    "datetime": {"num_format": "yyyy-mm-dd hh:mm:ss"},
    "date": {"num_format": "yyyy-mm-dd"},
    "time": {"num_format": "hh:mm:ss"},
    "duration": {"num_format": "[h]:mm:ss"},
}


@dataclass
class NewSheet:
    """One sheet of a new workbook: a header row (bold, frozen) and rows of values."""

    name: str
    columns: Sequence[str]
    rows: Iterable[Sequence[object]]
    total: int  # number of rows, for progress
    text_only: bool = False  # every value written as the text it shows
    header: bool = True  # False: ``rows`` are the whole sheet, written from A1 as they are (a copied sheet)


def sheet_title(name: str, taken: set[str] | None = None) -> str:
    """A valid, unique sheet name (Excel: at most 31 characters, none of []:*?/\\, not quoted)."""
    title = (_INVALID_SHEET_CHARS.sub("_", name).strip("'") or "Sheet1")[:31]
    taken = taken if taken is not None else set()
    base, n = title, 2
    while title.casefold() in taken:
        suffix = f" ({n})"
        title, n = base[: 31 - len(suffix)] + suffix, n + 1
    taken.add(title.casefold())
    return title


def write_workbook(tmp: Path, sheets: Sequence[NewSheet], reporter: Reporter | None = None) -> int:
    """Write the sheets to ``tmp``; returns the number of data rows written on sheets with a header."""
    import xlsxwriter

    wb = xlsxwriter.Workbook(
        str(tmp),
        {
            "constant_memory": True,
            "strings_to_numbers": False,
            "strings_to_formulas": False,
            "strings_to_urls": False,
        },
    )
    wb.use_zip64()
    formats = {k: wb.add_format(v) for k, v in _FORMATS.items()}
    taken: set[str] = set()
    written = 0
    try:
        for sheet in sheets:
            ws = wb.add_worksheet(sheet_title(sheet.name, taken))
            n = _write_sheet(ws, sheet, formats, reporter)
            written += n if sheet.header else 0
        wb.close()
    except BaseException as e:
        wb.fileclosed = True  # nothing is to be saved; the caller removes the temporary file
        cause = getattr(e, "__cause__", None) or getattr(e, "__context__", None)
        if type(e).__name__ == "FileCreateError" and isinstance(cause, OSError):
            raise cause from None  # the disk, not the library, is the problem
        raise
    return written


def write_new_workbook(
    tmp: Path,
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    total: int,
    sheet_name: str = "Sheet1",
    text_only: bool = False,
    reporter: Reporter | None = None,
) -> int:
    """A one-sheet workbook (bold, frozen header row); returns the number of data rows."""
    return write_workbook(tmp, [NewSheet(sheet_name, columns, rows, total, text_only)], reporter)


def _write_sheet(ws, sheet: NewSheet, formats: dict, reporter: Reporter | None) -> int:
    first = 0
    if sheet.header:
        for j, name in enumerate(sheet.columns):
            ws.write_string(0, j, str(name), formats["header"])
        ws.freeze_panes(1, 0)
        first = 1
    n = 0
    for n, values in enumerate(sheet.rows, start=1):
        for j, v in enumerate(values):
            _write_value(ws, n - 1 + first, j, v, formats, sheet.text_only)
        if reporter is not None and n % PROGRESS_EVERY == 0:
            reporter.report("Writing", n, sheet.total)
    if reporter is not None and sheet.header:
        reporter.report("Writing", n, sheet.total)
    return n


def _write_value(ws, r: int, c: int, value: object, formats: dict, text_only: bool) -> None:
    if value is None or value is pd.NA or value is pd.NaT:
        return
    if isinstance(value, str):
        if value:
            ws.write_string(r, c, value)
        return
    if text_only:
        from ..table import cell_text

        ws.write_string(r, c, cell_text(value))
    elif isinstance(value, bool) or type(value).__name__ == "bool_":
        ws.write_boolean(r, c, bool(value))
    elif isinstance(value, _dt.datetime):
        ws.write_datetime(r, c, value.replace(tzinfo=None), formats["datetime"])
    elif isinstance(value, _dt.date):
        ws.write_datetime(r, c, value, formats["date"])
    elif isinstance(value, _dt.time):
        ws.write_datetime(r, c, value.replace(tzinfo=None), formats["time"])
    elif isinstance(value, _dt.timedelta):
        ws.write_number(r, c, value.total_seconds() / 86400, formats["duration"])
    elif isinstance(value, numbers.Real):
        f = float(value)
        if math.isnan(f):
            return
        if math.isinf(f):
            ws.write_string(r, c, "inf" if f > 0 else "-inf")
        else:
            ws.write_number(r, c, int(value) if isinstance(value, numbers.Integral) else f)
    else:
        ws.write_string(r, c, str(value))
