"""Editing a workbook in place, as XML: drop rows of one sheet (cleaned) or append columns to it (annotated).

Every other part of the package is copied unchanged, so other sheets, styles, column widths, frozen panes,
merged cells, data validation and everything we do not understand survive. The edited sheet is streamed row by
row; rows after a removed one are renumbered, and every reference to rows of that sheet that we know of (cell
and row numbers, dimension, selection, merged cells, conditional formats, data validation, hyperlinks, auto
filter, page breaks, formulas on the sheet, defined names, tables, comments) is shifted the way Excel shifts
them when rows are deleted.
"""

from __future__ import annotations

import bisect
import html
import posixpath
import re
import shutil
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..progress import Reporter
from .headers import column_index, column_letter
from .xlsx_writer import escape_text, value_cell

CHUNK = 1 << 20
PROGRESS_EVERY = 5000
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"

_CELL = re.compile(rb"<(?P<p>(?:[A-Za-z_][\w.-]*:)?)c\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?P=p)c>)", re.S)
_FORMULA = re.compile(rb"<(?P<p>(?:[A-Za-z_][\w.-]*:)?)f\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?P=p)f>)", re.S)
_R_ATTR = re.compile(rb'(\sr=")([^"]*)(")')
_CELL_REF = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")
_SHEETDATA_OPEN = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?sheetData\b[^>]*?(/?)>")
_SHEETDATA_CLOSE = re.compile(rb"</(?:[A-Za-z_][\w.-]*:)?sheetData>")
_A1_RANGE = re.compile(r"^(\$?)([A-Za-z]{1,3})?(\$?)(\d+)?(?::(\$?)([A-Za-z]{1,3})?(\$?)(\d+)?)?$")


class _Row:
    """One <row> element found in the stream (a faster stand-in for a regex match on long rows)."""

    __slots__ = ("p", "attrs", "body", "whole", "end")

    def __init__(self, p: bytes, attrs: bytes, body: bytes | None, whole: bytes, end: int):
        self.p, self.attrs, self.body, self.whole, self.end = p, attrs, body, whole, end

    def group(self, name: str | int) -> bytes | None:
        return {"p": self.p, "attrs": self.attrs, "body": self.body, 0: self.whole}[name]


_ROW_START = re.compile(rb"<((?:[A-Za-z_][\w.-]*:)?)row\b")


def _scan_row(buf: bytes, pos: int) -> tuple[_Row | None, bool]:
    """The <row> element at ``pos``, or (None, need_more): need_more when the buffer ends inside it."""
    m = _ROW_START.match(buf, pos)
    if m is None:
        return None, len(buf) - pos < 64 and not _SHEETDATA_CLOSE.match(buf, pos)
    gt = buf.find(b">", m.end())
    if gt < 0:
        return None, True
    p = m.group(1)
    if buf[gt - 1] == 0x2F:  # "/>"
        return _Row(p, buf[m.end() : gt - 1], None, buf[pos : gt + 1], gt + 1), False
    close = b"</" + p + b"row>"
    ce = buf.find(close, gt + 1)
    if ce < 0:
        return None, True
    end = ce + len(close)
    return _Row(p, buf[m.end() : gt], buf[gt + 1 : ce], buf[pos:end], end), False


class _Batch:
    """Collects small writes into ~1 MiB ones (zip streams are slow per call)."""

    def __init__(self, dst):
        self.dst, self.parts, self.size = dst, [], 0

    def write(self, data: bytes) -> None:
        if data:
            self.parts.append(data)
            self.size += len(data)
            if self.size >= CHUNK:
                self.flush()

    def flush(self) -> None:
        self.dst.write(b"".join(self.parts))
        self.parts, self.size = [], 0


class RowMap:
    """Where each original sheet row ends up after deleting ``removed`` rows (1-based, any order)."""

    def __init__(self, removed: Iterator[int] | list[int] | np.ndarray):
        self.removed = sorted(int(r) for r in removed)
        self._set = set(self.removed)

    def __bool__(self) -> bool:
        return bool(self.removed)

    def row(self, r: int) -> int | None:
        if r in self._set:
            return None
        return r - bisect.bisect_left(self.removed, r)

    def span(self, lo: int, hi: int) -> tuple[int, int] | None:
        new_lo = lo - bisect.bisect_left(self.removed, lo)
        new_hi = hi - bisect.bisect_right(self.removed, hi)
        return (new_lo, new_hi) if new_hi >= new_lo else None


def shift_ref(ref: str, rows: RowMap) -> str | None:
    """An A1 reference or range ("B7", "$A$2:$D$90", "3:5", "A:C") after the deletion; None if all rows went."""
    m = _A1_RANGE.match(ref)
    if not m or (m.group(2) is None and m.group(4) is None):
        return ref
    d1, c1, rd1, r1, d2, c2, rd2, r2 = m.groups()
    if r1 is None:  # whole columns: rows do not matter
        return ref
    is_range = ref.find(":") >= 0
    lo = int(r1)
    hi = int(r2) if (is_range and r2 is not None) else lo
    span = rows.span(lo, hi) if is_range else ((rows.row(lo),) * 2 if rows.row(lo) is not None else None)
    if span is None:
        return None
    first = f"{d1}{c1 or ''}{rd1}{span[0]}"
    if not is_range:
        return first
    return f"{first}:{d2}{c2 or ''}{rd2}{span[1]}"


def shift_sqref(sqref: str, rows: RowMap) -> str | None:
    parts = [shift_ref(p, rows) for p in sqref.split()]
    kept = [p for p in parts if p is not None]
    return " ".join(kept) if kept else None


def shift_formula(formula: str, rows: RowMap, sheet: str, prefixed_only: bool = False) -> str:
    """Adjust references to ``sheet`` in a formula (no leading "="), the way Excel does on row deletion.

    ``prefixed_only``: only references that name the sheet count (defined names live outside any sheet).
    """
    from openpyxl.formula.tokenizer import Token, Tokenizer

    try:
        tok = Tokenizer("=" + formula)
    except Exception:
        return formula  # something we cannot parse is left exactly as it was
    changed = False
    for token in tok.items:
        if token.type != Token.OPERAND or token.subtype != Token.RANGE:
            continue
        value = token.value
        prefix, bang, ref = value.rpartition("!")
        if bang:
            name = prefix[1:-1].replace("''", "'") if prefix.startswith("'") else prefix
            if name != sheet:
                continue
        elif prefixed_only:
            continue
        new = shift_ref(ref, rows)
        if new is None:
            token.value = "#REF!" if not bang else f"{prefix}!#REF!"
            changed = True
        elif new != ref:
            token.value = f"{prefix}!{new}" if bang else new
            changed = True
    return tok.render()[1:] if changed else formula


@dataclass
class SheetPart:
    name: str
    index: int  # position among the workbook's sheets (localSheetId of defined names)
    member: str  # zip member of the worksheet XML
    rels: dict[str, tuple[str, str]] = field(default_factory=dict)  # rId -> (type suffix, member)


def _resolve(base_member: str, target: str) -> str:
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(base_member), target))


def _rels_member(member: str) -> str:
    folder, name = posixpath.split(member)
    return posixpath.join(folder, "_rels", name + ".rels")


def _read_rels(zf: zipfile.ZipFile, member: str) -> dict[str, tuple[str, str]]:
    from defusedxml import ElementTree as SafeET

    rels_name = _rels_member(member)
    if rels_name not in zf.NameToInfo:
        return {}
    root = SafeET.fromstring(zf.read(rels_name))
    out = {}
    for rel in root.iter(f"{{{PKG_REL_NS}}}Relationship"):
        if rel.get("TargetMode") == "External":
            continue
        out[rel.get("Id")] = (rel.get("Type", "").rsplit("/", 1)[-1], _resolve(member, rel.get("Target", "")))
    return out


def locate_sheet(zf: zipfile.ZipFile, path: Path, sheet: str) -> SheetPart:
    from defusedxml import ElementTree as SafeET

    wb_rels = _read_rels(zf, "xl/workbook.xml")
    root = SafeET.fromstring(zf.read("xl/workbook.xml"))
    for index, el in enumerate(root.iter(f"{{{MAIN_NS}}}sheet")):
        if el.get("name") != sheet:
            continue
        rid = el.get(f"{{{REL_NS}}}id")
        if rid not in wb_rels:
            break
        member = wb_rels[rid][1]
        return SheetPart(sheet, index, member, _read_rels(zf, member))
    raise InputError(path, f"has no sheet named {sheet!r} any more; reload the file")


@dataclass
class Appender:
    """Cells to add at the right of the data (annotated export): header + one row of values per data row."""

    first_col: int  # 0-based column of the first new cell
    header_row: int
    header: list[str]
    values: Callable[[int], list[object]]  # data row index (0-based) -> values
    n_rows: int
    header_style: bytes | None = None

    @property
    def last_row(self) -> int:
        return self.header_row + self.n_rows

    def __post_init__(self) -> None:
        self.letters = [column_letter(self.first_col + j) for j in range(len(self.header))]
        self.first_key = (len(self.letters[0]), self.letters[0].encode())

    def cells(self, r: int) -> bytes:
        letters = self.letters
        if r == self.header_row:
            s = f' s="{self.header_style.decode()}"' if self.header_style else ""
            return "".join(
                f'<c r="{letters[j]}{r}"{s} t="inlineStr"><is><t xml:space="preserve">{escape_text(h)}</t></is></c>'
                for j, h in enumerate(self.header)
            ).encode()
        if self.header_row < r <= self.last_row:
            vals = self.values(r - self.header_row - 1)
            return "".join(value_cell(f"{letters[j]}{r}", v) for j, v in enumerate(vals)).encode()
        return b""


class SheetEditor:
    """Streams one worksheet part, dropping/renumbering rows and optionally appending cells."""

    def __init__(self, part: SheetPart, rows: RowMap, appender: Appender | None, reporter: Reporter | None):
        self.part = part
        self.rows = rows
        self.appender = appender
        self.reporter = reporter
        self.shared: dict[bytes, tuple[str, str]] = {}  # shared formula si -> (formula, origin cell)
        self.replaced_cells = 0
        self.has_formulas = False

    # ---- whole part -------------------------------------------------------------------------------------------
    def run(self, src, dst) -> None:
        buf = b""
        while True:
            m = _SHEETDATA_OPEN.search(buf)
            if m:
                break
            chunk = src.read(CHUNK)
            if not chunk:
                raise ValueError("worksheet has no sheetData")
            buf += chunk
        dst.write(self.edit_head(buf[: m.start()]))
        if m.group(1):  # <sheetData/>: no rows at all
            dst.write(buf[m.start() : m.end()])
            rest = buf[m.end() :] + src.read()
            dst.write(self.edit_tail(rest))
            return
        out = _Batch(dst)
        out.write(buf[m.start() : m.end()])
        buf = buf[m.end() :]
        pos = 0
        implied = 0
        done = 0
        total = max(1, self.appender.n_rows if self.appender else 0)
        while True:
            while pos < len(buf) and buf[pos] in b" \t\r\n":
                pos += 1
            row, need_more = _scan_row(buf, pos)
            if row is None:
                if not need_more and _SHEETDATA_CLOSE.match(buf, pos):
                    out.write(self._pending_rows(implied, None))
                    out.write(self.edit_tail(buf[pos:] + src.read()))
                    out.flush()
                    return
                chunk = src.read(CHUNK)
                if not chunk:
                    raise ValueError("worksheet XML ends inside sheetData")
                buf = buf[pos:] + chunk
                pos = 0
                continue
            r = self._row_number(row.attrs, implied)
            if self.appender is not None:
                out.write(self._pending_rows(implied, r))
            out.write(self.edit_row(row, r))
            implied = r
            pos = row.end
            done += 1
            if self.reporter is not None and done % PROGRESS_EVERY == 0:
                self.reporter.report("Writing", done, max(done, total))
            if pos > CHUNK:
                buf, pos = buf[pos:], 0

    @staticmethod
    def _row_number(attrs: bytes, previous: int) -> int:
        m = _R_ATTR.search(attrs)
        return int(m.group(2)) if m else previous + 1

    def _pending_rows(self, last: int, next_row: int | None) -> bytes:
        """Annotated export: rows of the table that have no <row> element (all empty) still get their cells."""
        a = self.appender
        if a is None:
            return b""
        stop = a.last_row if next_row is None else min(next_row - 1, a.last_row)
        out = []
        for r in range(max(last + 1, a.header_row), stop + 1):
            cells = a.cells(r)
            if cells:
                out.append(b'<row r="%d">%s</row>' % (r, cells))
        return b"".join(out)

    # ---- rows and cells ---------------------------------------------------------------------------------------
    def edit_row(self, m: re.Match, r: int) -> bytes:
        new_r = self.rows.row(r)
        body = m.group("body")
        if body is not None and b"f" in body and _HAS_FORMULA.search(body):
            self.has_formulas = True
            keep_formulas = True
        else:
            keep_formulas = False
        if self.appender is not None and r == self.appender.header_row and body:
            styles = re.findall(rb'<(?:\w+:)?c\b[^>]*?\ss="(\d+)"', body)
            self.appender.header_style = styles[-1] if styles else None
        extra = self.appender.cells(r) if self.appender is not None else b""
        if new_r is None:
            if keep_formulas:
                self._remember_shared(body, r)
            return b""
        if new_r == r and not extra and not (keep_formulas and self.rows):
            return m.group(0)
        p = m.group("p")
        attrs = m.group("attrs")
        attrs = _set_row_number(attrs, new_r)
        if extra:
            attrs = re.sub(rb'\sspans="[^"]*"', b"", attrs)
        new_body = self._edit_cells(body or b"", r, new_r, keep_formulas) if (body or extra) else b""
        if extra:
            new_body = self._drop_cells_from(new_body, self.appender.first_col) + extra
        if not new_body and body is None:
            return b"<%srow%s/>" % (p, attrs)
        return b"<%srow%s>%s</%srow>" % (p, attrs, new_body, p)

    def _edit_cells(self, body: bytes, r: int, new_r: int, formulas: bool) -> bytes:
        if new_r == r and not (formulas and self.rows):
            return body
        new_suffix = str(new_r).encode()
        if not (formulas and self.rows):
            return _CELL_ROW.sub(lambda c: c.group(1) + new_suffix + b'"', body)

        def one(c: re.Match) -> bytes:
            attrs = c.group("attrs")
            ref_m = _R_ATTR.search(attrs)
            old_ref = ref_m.group(2).decode() if ref_m else None
            if ref_m and new_r != r:
                letters = re.match(rb"\$?[A-Za-z]+", ref_m.group(2))
                new_ref = (letters.group() if letters else b"") + new_suffix
                attrs = attrs[: ref_m.start(2)] + new_ref + attrs[ref_m.end(2) :]
            cbody = c.group("body")
            if cbody is not None and formulas and self.rows:
                cbody = self._edit_formula(cbody, old_ref)
            if cbody is None:
                return b"<%sc%s/>" % (c.group("p"), attrs)
            return b"<%sc%s>%s</%sc>" % (c.group("p"), attrs, cbody, c.group("p"))

        return _CELL.sub(one, body)

    def _remember_shared(self, body: bytes, r: int) -> None:
        for c in _CELL.finditer(body):
            if c.group("body"):
                ref_m = _R_ATTR.search(c.group("attrs"))
                self._edit_formula(c.group("body"), ref_m.group(2).decode() if ref_m else None)

    def _edit_formula(self, cbody: bytes, cell_ref: str | None) -> bytes:
        def one(f: re.Match) -> bytes:
            attrs, text = f.group("attrs"), f.group("body")
            formula = html.unescape(text.decode()) if text else ""
            shared = re.search(rb'\st="shared"', attrs)
            if shared:
                si_m = re.search(rb'\ssi="(\d+)"', attrs)
                si = si_m.group(1) if si_m else b""
                if formula and cell_ref:
                    self.shared[si] = (formula, cell_ref)
                elif si in self.shared and cell_ref:
                    from openpyxl.formula.translate import Translator

                    master, origin = self.shared[si]
                    formula = Translator("=" + master, origin=origin).translate_formula(cell_ref)[1:]
                else:
                    return f.group(0)
                # every shared formula becomes a plain one: its master may be among the removed rows
                attrs = re.sub(rb'\s(t|si|ref)="[^"]*"', b"", attrs)
            elif re.search(rb'\st="array"', attrs):
                attrs = _map_attr(attrs, b"ref", self.rows)
            if not formula:
                return f.group(0)
            new = shift_formula(formula, self.rows, self.part.name)
            return b"<%sf%s>%s</%sf>" % (f.group("p"), attrs, _xml_escape(new).encode(), f.group("p"))

        return _FORMULA.sub(one, cbody)

    def _drop_cells_from(self, body: bytes, first_col: int) -> bytes:
        """Remove cells at or right of ``first_col`` (style-only leftovers) so appended cells stay in order."""

        first_key = self.appender.first_key
        if not any((len(x), x.upper()) >= first_key for x in _CELL_COLS.findall(body)):
            return body  # the usual case: nothing right of the data

        def one(c: re.Match) -> bytes:
            ref_m = _R_ATTR.search(c.group("attrs"))
            if ref_m is None:
                return c.group(0)
            letters = re.match(rb"[A-Za-z]+", ref_m.group(2))
            if letters and column_index(letters.group().decode()) >= first_col:
                self.replaced_cells += 1
                return b""
            return c.group(0)

        return _CELL.sub(one, body)

    # ---- everything around the rows ---------------------------------------------------------------------------
    def edit_head(self, head: bytes) -> bytes:
        if self.rows:
            head = _map_element_attrs(head, b"dimension", b"ref", self.rows, keep=True)
            head = _map_element_attrs(head, b"selection", b"sqref", self.rows, keep=True)
            head = _map_element_attrs(head, b"selection", b"activeCell", self.rows, keep=True)
            head = _map_element_attrs(head, b"pane", b"topLeftCell", self.rows, keep=True)
        if self.appender is not None:
            head = _widen_dimension(head, self.appender)
        return head

    def edit_tail(self, tail: bytes) -> bytes:
        if not self.rows:
            return tail
        rows = self.rows
        tail = _map_element_attrs(tail, b"autoFilter", b"ref", rows, keep=True)
        tail = _map_element_attrs(tail, b"mergeCell", b"ref", rows)
        tail = _map_element_attrs(tail, b"hyperlink", b"ref", rows)
        tail = _map_container(tail, b"conditionalFormatting", b"sqref", rows)
        tail = _map_container(tail, b"dataValidation", b"sqref", rows)
        tail = _map_breaks(tail, rows)
        tail = _map_xm_sqref(tail, rows)
        for container, child in (
            (b"mergeCells", b"mergeCell"),
            (b"dataValidations", b"dataValidation"),
            (b"hyperlinks", b"hyperlink"),
        ):
            tail = _recount(tail, container, child)
        return tail


# ---- small XML helpers (regex-based: worksheet parts are machine-written and regular) -------------------------
def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_HAS_FORMULA = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")
_CELL_ROW = re.compile(rb'(<(?:[A-Za-z_][\w.-]*:)?c\b[^>]*?\sr="[A-Za-z]{1,3})\d+(")')
_CELL_COLS = re.compile(rb'<(?:[A-Za-z_][\w.-]*:)?c\b[^>]*?\sr="([A-Za-z]{1,3})\d')
_ROW_R = re.compile(rb'(\sr=")[^"]*(")')


def _set_row_number(attrs: bytes, r: int) -> bytes:
    value = str(r).encode()
    if _ROW_R.search(attrs):
        return _ROW_R.sub(lambda m: m.group(1) + value + b'"', attrs, count=1)
    return b' r="' + value + b'"' + attrs


def _map_attr(attrs: bytes, name: bytes, rows: RowMap, keep: bool = False) -> bytes | None:
    """Shift the references in attribute ``name``; None when they all pointed at removed rows (unless ``keep``,
    which collapses them onto the row that moved into their place, as a selection or dimension must stay)."""
    pat = re.compile(rb"(\s" + name + rb'=")([^"]*)(")')
    m = pat.search(attrs)
    if not m:
        return attrs
    old = m.group(2).decode()
    new = shift_sqref(old, rows)
    if new is None:
        if not keep:
            return None
        cm = _CELL_REF.match(old.split()[0].split(":")[0])
        if not cm:
            return attrs
        lo = int(cm.group(2))
        new = f"{cm.group(1)}{max(1, lo - bisect.bisect_left(rows.removed, lo))}"
    return attrs[: m.start(2)] + new.encode() + attrs[m.end(2) :]


def _map_element_attrs(xml: bytes, element: bytes, attr: bytes, rows: RowMap, keep: bool = False) -> bytes:
    pat = re.compile(
        rb"<((?:[A-Za-z_][\w.-]*:)?)" + element + rb"\b([^>]*?)(/?)>(?:(?<!/>)(.*?)</\1" + element + rb">)?", re.S
    )

    def one(m: re.Match) -> bytes:
        new = _map_attr(m.group(2), attr, rows, keep)
        if new is None:
            return b""
        return m.group(0).replace(m.group(2), new, 1)

    return pat.sub(one, xml)


def _map_container(xml: bytes, element: bytes, attr: bytes, rows: RowMap) -> bytes:
    pat = re.compile(rb"<((?:[A-Za-z_][\w.-]*:)?)" + element + rb"\b([^>]*?)(?:/>|>.*?</\1" + element + rb">)", re.S)

    def one(m: re.Match) -> bytes:
        new = _map_attr(m.group(2), attr, rows)
        if new is None:
            return b""
        return m.group(0).replace(m.group(2), new, 1)

    return pat.sub(one, xml)


def _map_breaks(xml: bytes, rows: RowMap) -> bytes:
    block = re.compile(rb"<((?:[A-Za-z_][\w.-]*:)?)rowBreaks\b[^>]*>.*?</\1rowBreaks>", re.S)

    def one_block(m: re.Match) -> bytes:
        def one_brk(b: re.Match) -> bytes:
            new = rows.row(int(b.group(2)))
            return b"" if new is None else b.group(0).replace(b.group(2), str(new).encode(), 1)

        inner = re.sub(rb'<((?:\w+:)?)brk\b[^>]*?\sid="(\d+)"[^>]*/>', one_brk, m.group(0))
        n = len(re.findall(rb"<(?:\w+:)?brk\b", inner))
        if n == 0:
            return b""
        inner = re.sub(rb'(\scount=")\d+(")', lambda x: x.group(1) + str(n).encode() + x.group(2), inner, count=1)
        return re.sub(
            rb'(\smanualBreakCount=")\d+(")', lambda x: x.group(1) + str(n).encode() + x.group(2), inner, count=1
        )

    return block.sub(one_block, xml)


def _map_xm_sqref(xml: bytes, rows: RowMap) -> bytes:
    """Data validation and conditional formats stored in the x14 extension list (newer Excel features)."""
    outer = re.compile(rb"<(x14:(?:dataValidation|conditionalFormatting))\b[^>]*>.*?</\1>", re.S)

    def one(m: re.Match) -> bytes:
        sq = re.search(rb"<xm:sqref>([^<]*)</xm:sqref>", m.group(0))
        if not sq:
            return m.group(0)
        new = shift_sqref(sq.group(1).decode(), rows)
        if new is None:
            return b""
        whole = m.group(0)
        return whole[: sq.start(1)] + new.encode() + whole[sq.end(1) :]

    return outer.sub(one, xml)


def _recount(xml: bytes, container: bytes, child: bytes) -> bytes:
    pat = re.compile(rb"<((?:[A-Za-z_][\w.-]*:)?)" + container + rb"\b([^>]*)>(.*?)</\1" + container + rb">", re.S)

    def one(m: re.Match) -> bytes:
        n = len(re.findall(rb"<(?:[A-Za-z_][\w.-]*:)?" + child + rb"\b", m.group(3)))
        if n == 0:
            return b""
        attrs = re.sub(rb'(\scount=")\d+(")', lambda x: x.group(1) + str(n).encode() + x.group(2), m.group(2))
        return m.group(0).replace(m.group(2), attrs, 1)

    return pat.sub(one, xml)


def _widen_dimension(head: bytes, a: Appender) -> bytes:
    def one(m: re.Match) -> bytes:
        ref = m.group(2).decode()
        first, _, last = ref.partition(":")
        last = last or first
        lm = _CELL_REF.match(last)
        if not lm:
            return m.group(0)
        col = max(column_index(lm.group(1)), a.first_col + len(a.header) - 1)
        row = max(int(lm.group(2)), a.last_row)
        return m.group(1) + f"{first}:{column_letter(col)}{row}".encode() + m.group(3)

    return re.sub(rb'(<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*?\sref=")([^"]*)(")', one, head, count=1)


# ---- the package ------------------------------------------------------------------------------------------------
def copy_member(zin: zipfile.ZipFile, zout: zipfile.ZipFile, info: zipfile.ZipInfo, data: bytes | None = None):
    new = zipfile.ZipInfo(info.filename, date_time=info.date_time)
    new.compress_type = info.compress_type
    new.external_attr = info.external_attr
    if data is not None:
        zout.writestr(new, data)
        return
    with zin.open(info) as src, zout.open(new, "w", force_zip64=True) as dst:
        shutil.copyfileobj(src, dst, CHUNK)


def edit_workbook(
    src_path: Path,
    tmp: Path,
    sheet: str,
    rows: RowMap,
    appender: Appender | None = None,
    reporter: Reporter | None = None,
) -> list[str]:
    """Write ``src_path`` to ``tmp`` with sheet ``sheet`` edited; returns notes for the user."""
    notes: list[str] = []
    with zipfile.ZipFile(src_path) as zin:
        part = locate_sheet(zin, src_path, sheet)
        editor = SheetEditor(part, rows, appender, reporter)
        edited: dict[str, bytes] = {}
        dropped: set[str] = set()
        if rows:
            edited.update(_edit_related_parts(zin, part, rows, notes))
            dropped |= _calc_chain(zin)
            if dropped:
                edited.update(_forget_parts(zin, dropped))
            _note_other_references(zin, part, notes)
        with zipfile.ZipFile(tmp, "w", allowZip64=True) as zout:
            for info in zin.infolist():
                if info.filename in dropped:
                    continue
                if info.filename == part.member:
                    new = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    new.compress_type = zipfile.ZIP_DEFLATED
                    with zin.open(info) as src, zout.open(new, "w", force_zip64=True) as dst:
                        editor.run(src, dst)
                else:
                    copy_member(zin, zout, info, edited.get(info.filename))
    if editor.replaced_cells:
        notes.append(f"{editor.replaced_cells} empty formatted cells right of the data made room for new columns")
    return notes


def _edit_related_parts(zin: zipfile.ZipFile, part: SheetPart, rows: RowMap, notes: list[str]) -> dict[str, bytes]:
    edited: dict[str, bytes] = {}
    for kind, member in part.rels.values():
        if member not in zin.NameToInfo:
            continue
        if kind == "table":
            xml = zin.read(member)
            xml = _map_element_attrs(xml, b"table", b"ref", rows, keep=True)
            xml = _map_element_attrs(xml, b"autoFilter", b"ref", rows, keep=True)
            xml = _map_element_attrs(xml, b"sortState", b"ref", rows, keep=True)
            edited[member] = xml
        elif kind == "comments":
            edited[member] = _map_element_attrs(zin.read(member), b"comment", b"ref", rows)
        elif kind == "vmlDrawing":
            edited[member] = _map_vml_notes(zin.read(member), rows)
        elif kind == "drawing":
            notes.append("pictures or charts on the sheet keep their position; rows above them may have moved")
    wb = zin.read("xl/workbook.xml")

    def one(m: re.Match) -> bytes:
        formula = html.unescape(m.group(3).decode())
        new = shift_formula(formula, rows, part.name, prefixed_only=True)
        if new == formula:
            return m.group(0)
        return m.group(1) + m.group(2) + _xml_escape(new).encode() + m.group(4)

    new_wb = re.sub(rb"(<(?:\w+:)?definedName\b)([^>]*>)([^<]*)(</(?:\w+:)?definedName>)", one, wb)
    if new_wb != wb:
        edited["xl/workbook.xml"] = new_wb
    return edited


def _map_vml_notes(xml: bytes, rows: RowMap) -> bytes:
    """Comment boxes in the legacy VML drawing: <x:Row> is 0-based."""

    def one(m: re.Match) -> bytes:
        rm = re.search(rb"<((?:[A-Za-z_][\w.-]*:)?)Row>(\d+)</\1Row>", m.group(0))
        if not rm:
            return m.group(0)
        new = rows.row(int(rm.group(2)) + 1)
        if new is None:
            return b""
        whole = m.group(0)
        return whole[: rm.start(2)] + str(new - 1).encode() + whole[rm.end(2) :]

    return re.sub(rb"<((?:[A-Za-z_][\w.-]*:)?)shape\b.*?</\1shape>", one, xml, flags=re.S)


def _calc_chain(zin: zipfile.ZipFile) -> set[str]:
    """Excel's calculation order cache lists formula cells by address; it rebuilds it when it is missing."""
    return {"xl/calcChain.xml"} if "xl/calcChain.xml" in zin.NameToInfo else set()


def _forget_parts(zin: zipfile.ZipFile, dropped: set[str]) -> dict[str, bytes]:
    edited: dict[str, bytes] = {}
    ct = zin.read("[Content_Types].xml")
    for member in dropped:
        ct = re.sub(rb'<Override\b[^>]*PartName="/' + re.escape(member.encode()) + rb'"[^>]*/>', b"", ct)
    edited["[Content_Types].xml"] = ct
    rels_name = "xl/_rels/workbook.xml.rels"
    if rels_name in zin.NameToInfo:
        rels = zin.read(rels_name)
        for member in dropped:
            target = posixpath.relpath(member, "xl").encode()
            rels = re.sub(rb'<Relationship\b[^>]*Target="/?(?:xl/)?' + re.escape(target) + rb'"[^>]*/>', b"", rels)
        edited[rels_name] = rels
    return edited


def _note_other_references(zin: zipfile.ZipFile, part: SheetPart, notes: list[str]) -> None:
    quoted = "'" + part.name.replace("'", "''") + "'!"
    needles = [quoted.encode(), (part.name + "!").encode()]
    for info in zin.infolist():
        name = info.filename
        if name == part.member or not name.startswith("xl/worksheets/") or not name.endswith(".xml"):
            continue
        if info.file_size > 64 << 20:
            continue
        data = zin.read(info)
        if b"<f" in data and any(n in data for n in needles):
            notes.append(
                f"formulas on other sheets that refer to sheet {part.name!r} were not adjusted for the removed rows"
            )
            return
