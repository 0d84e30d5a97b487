"""New workbooks (a CSV or folder table saved as .xlsx, an old .xls copied, the cluster report), written with
XlsxWriter — the one library that writes new workbooks in this project.

Chosen by measurement (``python -m benchmarks.xlsx_writers``, recorded in benchmarks/README.md): on 100,000
rows it wrote the same sheet in half the time of openpyxl's write-only mode with the same memory. Every value
goes through a typed call (``write_string``, ``write_number``...), never ``write()``, so text stays text: a string
starting with "=" is no formula, "#N/A" is no error value, "000123" and "1e5" are no numbers. Rows stream to
disk (constant-memory mode), so memory stays flat on large tables.

A sheet may carry a ``SheetStyle`` (the annotated export): rows banded in two light fills (one fill per cluster,
alternating cluster by cluster), an autofilter over the data and column widths fitted to the content.
"""

from __future__ import annotations

import datetime as _dt
import math
import numbers
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import regexes
from ..progress import Reporter
from ..table import pandas_missing

PROGRESS_EVERY = 5000
_INVALID_SHEET_CHARS = regexes.compile(r"[\[\]:*?/\\]")
_FORMATS: dict[str, dict[str, object]] = {
    "header": {"bold": True},
    "datetime": {"num_format": "yyyy-mm-dd hh:mm:ss"},
    "date": {"num_format": "yyyy-mm-dd"},
    "time": {"num_format": "hh:mm:ss"},
    "duration": {"num_format": "[h]:mm:ss"},
}
BAND_FILLS = ("#DDEBF7", "#E2EFDA")  # light blue, light green: bands 1 and 2
MIN_WIDTH, MAX_WIDTH = 8.0, 60.0
WIDTH_SAMPLE = 500  # rows read to fit the column widths


@dataclass
class SheetStyle:
    """How a sheet is laid out for a reader. ``bands``: per data row, 0 (no fill), 1 or 2 (the two fills)."""

    bands: Sequence[int] = ()
    autofilter: bool = True
    widths: Sequence[float] = field(default_factory=list)  # per column, in Excel's character units


@dataclass
class NewSheet:
    """One sheet of a new workbook: a header row (bold, frozen) and rows of values."""

    name: str
    columns: Sequence[str]
    rows: Iterable[Sequence[object]]
    total: int  # number of rows, for progress
    text_only: bool = False  # every value written as the text it shows
    header: bool = True  # False: ``rows`` are the whole sheet, written from A1 as they are (a copied sheet)
    style: SheetStyle | None = None


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
    formats = [_band_formats(wb, fill) for fill in (None, *BAND_FILLS)]
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


def column_widths(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> list[float]:
    """Widths that show each header and most values: the widest of the header and the sampled cells (first
    line of each, wide East Asian characters counted twice), within MIN_WIDTH..MAX_WIDTH."""
    widest = [_shown_width(str(c)) + 2 for c in columns]  # room for the autofilter's button
    for values in rows:
        for j, v in enumerate(values[: len(widest)]):
            if v is not None and v == v:  # skip NaN
                widest[j] = max(widest[j], _shown_width(v if isinstance(v, str) else str(v)))
    return [min(MAX_WIDTH, max(MIN_WIDTH, w + 1)) for w in widest]


def _shown_width(text: str) -> int:
    line = text.split("\n", 1)[0][: int(MAX_WIDTH)]
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def _band_formats(wb, fill: str | None) -> dict:
    """The typed formats for one band (``plain``: the fill alone, None for the unbanded rows)."""
    extra = {"bg_color": fill, "pattern": 1} if fill else {}
    out = {k: wb.add_format({**v, **extra}) for k, v in _FORMATS.items()}
    out["plain"] = wb.add_format(extra) if fill else None
    return out


def _write_sheet(ws, sheet: NewSheet, formats: list[dict], reporter: Reporter | None) -> int:
    first = 0
    style = sheet.style
    if sheet.header:
        for j, name in enumerate(sheet.columns):
            ws.write_string(0, j, str(name), formats[0]["header"])
        ws.freeze_panes(1, 0)
        first = 1
    if style is not None:
        for j, width in enumerate(style.widths):
            ws.set_column(j, j, width)
    bands = style.bands if style is not None else ()
    n = 0
    for n, values in enumerate(sheet.rows, start=1):
        band = formats[bands[n - 1]] if n <= len(bands) else formats[0]
        for j, v in enumerate(values):
            _write_value(ws, n - 1 + first, j, v, band, sheet.text_only)
        if reporter is not None and n % PROGRESS_EVERY == 0:
            reporter.report("Writing", n, sheet.total)
    if style is not None and style.autofilter and sheet.columns:
        ws.autofilter(0, 0, max(n, 1) - 1 + first, len(sheet.columns) - 1)
    if reporter is not None and sheet.header:
        reporter.report("Writing", n, sheet.total)
    return n


def _write_value(ws, r: int, c: int, value: object, formats: dict, text_only: bool) -> None:
    plain = formats["plain"]  # a banded row's fill (None: no band), so blank cells carry the band too
    if value is None or pandas_missing(value) or (isinstance(value, str) and not value):
        if plain is not None:
            ws.write_blank(r, c, None, plain)
        return
    if isinstance(value, str):
        ws.write_string(r, c, value, plain)
        return
    if text_only:
        from ..table import cell_text

        ws.write_string(r, c, cell_text(value), plain)
    elif isinstance(value, bool) or type(value).__name__ == "bool_":
        ws.write_boolean(r, c, bool(value), plain)
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
            if plain is not None:
                ws.write_blank(r, c, None, plain)
        elif math.isinf(f):
            ws.write_string(r, c, "inf" if f > 0 else "-inf", plain)
        else:
            ws.write_number(r, c, int(value) if isinstance(value, numbers.Integral) else f, plain)
    else:
        ws.write_string(r, c, str(value), plain)
