"""A new .xlsx workbook from rows of values, written as XML directly.

Writing the parts ourselves keeps every string a string (text starting with "=" is never turned into a formula;
"000123" stays text), escapes what Excel would otherwise reinterpret (carriage returns, "_x000D_"-like text) and
streams rows, so memory stays flat on large tables.
"""

from __future__ import annotations

import datetime as _dt
import math
import numbers
import re
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from ..progress import Reporter
from .headers import column_letter

PROGRESS_EVERY = 5000
_EPOCH = _dt.datetime(1899, 12, 30)
_ESCAPE_X = re.compile(r"_(x[0-9A-Fa-f]{4}_)")
_INVALID_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")

# style ids in styles.xml below
STYLE_HEADER, STYLE_DATE, STYLE_DATETIME, STYLE_TIME, STYLE_DURATION = 1, 2, 3, 4, 5

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/styles.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    "</Types>"
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>'
)
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
    'Target="worksheets/sheet1.xml"/>'
    '<Relationship Id="rId2" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
    "</Relationships>"
)
_STYLES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<numFmts count="4"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/>'
    '<numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd\\ hh:mm:ss"/>'
    '<numFmt numFmtId="166" formatCode="hh:mm:ss"/><numFmt numFmtId="167" formatCode="[h]:mm:ss"/></numFmts>'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)


def escape_text(text: str) -> str:
    """Element text for a cell string: XML-escaped, CR kept as a reference, literal _xHHHH_ protected."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _ESCAPE_X.sub(r"_x005F_\1", text)
    return text.replace("\r", "&#13;")


def string_cell(ref: str, text: str, style: int = 0) -> str:
    s = f' s="{style}"' if style else ""
    return f'<c r="{ref}"{s} t="inlineStr"><is><t xml:space="preserve">{escape_text(text)}</t></is></c>'


def value_cell(ref: str, value: object, text_only: bool = False) -> str:
    """One <c> element for ``value`` ('' for an empty cell)."""
    if value is None or value is pd.NA or value is pd.NaT:
        return ""
    if isinstance(value, str):
        return string_cell(ref, value) if value != "" else ""
    if text_only:
        from ..table import cell_text

        return string_cell(ref, cell_text(value))
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return f'<c r="{ref}" t="b"><v>{int(bool(value))}</v></c>'
    if isinstance(value, _dt.datetime):
        return f'<c r="{ref}" s="{STYLE_DATETIME}"><v>{_serial(value)!r}</v></c>'
    if isinstance(value, _dt.date):
        return f'<c r="{ref}" s="{STYLE_DATE}"><v>{(value - _EPOCH.date()).days}</v></c>'
    if isinstance(value, _dt.time):
        secs = value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6
        return f'<c r="{ref}" s="{STYLE_TIME}"><v>{secs / 86400!r}</v></c>'
    if isinstance(value, _dt.timedelta):
        return f'<c r="{ref}" s="{STYLE_DURATION}"><v>{value.total_seconds() / 86400!r}</v></c>'
    if isinstance(value, numbers.Integral):
        return f'<c r="{ref}"><v>{int(value)}</v></c>'
    if isinstance(value, numbers.Real):
        f = float(value)
        if math.isnan(f):
            return ""
        if math.isinf(f):
            return string_cell(ref, "inf" if f > 0 else "-inf")
        return f'<c r="{ref}"><v>{f!r}</v></c>'
    return string_cell(ref, str(value))


def _serial(value: _dt.datetime) -> float:
    if value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    delta = value - _EPOCH
    return delta.days + (delta.seconds + delta.microseconds / 1e6) / 86400


def sheet_title(name: str) -> str:
    title = _INVALID_SHEET_CHARS.sub("_", name).strip("'") or "Sheet1"
    return title[:31]


def write_new_workbook(
    tmp: Path,
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    total: int,
    sheet_name: str = "Sheet1",
    text_only: bool = False,
    reporter: Reporter | None = None,
) -> int:
    """Write a one-sheet workbook (bold, frozen header row) to ``tmp``; returns the number of data rows."""
    letters = [column_letter(j) for j in range(len(columns))]
    title = escape_text(sheet_title(sheet_name)).replace('"', "&quot;")
    workbook = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<sheets><sheet name="{title}" sheetId="1" r:id="rId1"/></sheets></workbook>'
    )
    n = 0
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        zf.writestr("[Content_Types].xml", _CONTENT_TYPES)
        zf.writestr("_rels/.rels", _ROOT_RELS)
        zf.writestr("xl/workbook.xml", workbook)
        zf.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        zf.writestr("xl/styles.xml", _STYLES)
        with zf.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as part:
            last = f"{letters[-1] if letters else 'A'}{total + 1}"
            part.write(
                (
                    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                    f'<dimension ref="A1:{last}"/>'
                    '<sheetViews><sheetView workbookViewId="0">'
                    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
                    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
                    '<sheetFormatPr defaultRowHeight="15"/><sheetData>'
                ).encode()
            )
            header = "".join(string_cell(f"{letters[j]}1", str(c), STYLE_HEADER) for j, c in enumerate(columns))
            chunk = [f'<row r="1">{header}</row>']
            for values in rows:
                r = n + 2
                cells = "".join(value_cell(f"{letters[j]}{r}", v, text_only) for j, v in enumerate(values))
                chunk.append(f'<row r="{r}">{cells}</row>' if cells else f'<row r="{r}"/>')
                n += 1
                if n % 1000 == 0:
                    part.write("".join(chunk).encode())
                    chunk = []
                    if reporter is not None and n % PROGRESS_EVERY == 0:
                        reporter.report("Writing", n, total)
            chunk.append("</sheetData></worksheet>")
            part.write("".join(chunk).encode())
    if reporter is not None:
        reporter.report("Writing", n, total)
    return n
