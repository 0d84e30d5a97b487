"""Streaming one worksheet part: rows of the data sheet dropped and renumbered, cells appended (annotated
export), and on every sheet the formulas that name the data sheet adjusted, with stale cached results dropped.

The part is read in ~1 MiB chunks and written in ~1 MiB batches, so a sheet of a million rows never sits in
memory; regular expressions find rows, cells and formulas (worksheet parts are machine-written and regular).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .. import regexes
from ..progress import Reporter
from . import xlsx_shift_parts as parts
from .headers import column_index, column_letter
from .xlsx_cells import column_cells, escape_text, value_cell
from .xlsx_package import SheetPart
from .xlsx_shift import FormulaShift, RowMap

CHUNK = 1 << 20
PROGRESS_EVERY = 5000

_CELL = regexes.compile(rb"<(?P<p>(?:[A-Za-z_][\w.-]*:)?)c\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?P=p)c>)", re.S)
_FORMULA = regexes.compile(rb"<(?P<p>(?:[A-Za-z_][\w.-]*:)?)f\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?P=p)f>)", re.S)
_CELL_OPEN = regexes.compile(rb"<(?P<p>(?:[A-Za-z_][\w.-]*:)?)c\b(?P<attrs>[^>]*?)(?P<slash>/?)>")  # (``_each_cell``)
_FORMULA_OPEN = regexes.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f\b")  # where ``_FORMULA`` can match
_VALUE = regexes.compile(rb"<(?:[A-Za-z_][\w.-]*:)?v\b[^>]*?(?:/>|>.*?</(?:[A-Za-z_][\w.-]*:)?v>)", re.S)
_R_ATTR = regexes.compile(rb'(\sr=")([^"]*)(")')
_T_ATTR = regexes.compile(rb'\st="[^"]*"')
_HAS_FORMULA = regexes.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")
_CELL_ROW = regexes.compile(rb'(<(?:[A-Za-z_][\w.-]*:)?c\b[^>]*?\sr="[A-Za-z]{1,3})\d+(")')
_CELL_COLS = regexes.compile(rb'<(?:[A-Za-z_][\w.-]*:)?c\b[^>]*?\sr="([A-Za-z]{1,3})\d')
_ROW_START = regexes.compile(rb"<((?:[A-Za-z_][\w.-]*:)?)row\b")
_SHEETDATA_OPEN = regexes.compile(rb"<(?:[A-Za-z_][\w.-]*:)?sheetData\b[^>]*?(/?)>")
_SHEETDATA_CLOSE = regexes.compile(rb"</(?:[A-Za-z_][\w.-]*:)?sheetData>")
_TEXT_FUNCS = (b"INDIRECT(", b"ADDRESS(")
# Plain rows (``SheetEditor._plain_rows``): each row's and each cell's number first among its attributes, no
# namespace prefix, no formula.
_PLAIN_ROW_OPEN = regexes.compile(rb'<row r="([1-9]\d*)"[^>]*?(/?)>')
_ANY_ROW = regexes.compile(rb"<row[\s/>]")
_PLAIN_CELL = regexes.compile(rb'<c r="([A-Za-z]{1,3})\d+"')
_ANY_CELL = regexes.compile(rb"<c[\s/>]")
_PLAIN_NUMBERS = regexes.compile(rb'(<row r="|<c r="[A-Za-z]{1,3})(\d+)"')
_EMPTY_ROW = regexes.compile(rb'(<row r="\d+"[^>]*?)/>')
_ROW_SPANS = regexes.compile(rb'(<row r="\d+"[^>]*?)\sspans="[^"]*"')
PLAIN_ROWS = True  # the data sheet's plain rows edited a stretch at a time (off: row by row, as any other)


class _Row:
    """One <row> element found in the stream (a faster stand-in for a regex match on long rows)."""

    __slots__ = ("p", "attrs", "body", "whole", "end")

    def __init__(self, p: bytes, attrs: bytes, body: bytes | None, whole: bytes, end: int):
        self.p, self.attrs, self.body, self.whole, self.end = p, attrs, body, whole, end


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


def _plain_split(rows: bytes) -> list[bytes] | None:
    """``rows`` (whole <row> elements, blanks between them) split as a pattern of a whole plain row, its number in
    a group, splits it: the blank before each row, the row, its number, ..., the blank after the last (None where a
    row has no end tag). Each row's start tag is found by the expression from the end of the row before it, its end
    by a search for the first ``</row>`` after it: such a pattern's lazy ``.*?`` had tried to end the row at every
    byte of its cells (12,461 Sina articles, a 46 MB sheet of their texts: 0.52 s to split it, now 0.06 s)."""
    out: list[bytes] = []
    at = 0
    while (m := _PLAIN_ROW_OPEN.search(rows, at)) is not None:
        start = m.start()
        if m.group(2):  # <row r="5"/>
            end = m.end()
        else:
            end = rows.find(b"</row>", m.end())
            if end < 0:
                return None
            end += 6
        out += (rows[at:start], rows[start:end], m.group(1))
        at = end
    out.append(rows[at:])
    return out


def _each_cell(body: bytes, edit: Callable[[bytes, bytes, bytes | None], bytes]) -> bytes:
    """``_CELL.sub`` of a row's ``body``, each cell replaced by ``edit(prefix, attributes, body or None)``: each
    cell's start tag found by the expression from the end of the cell before it, its end by a search for the first
    end tag after it, where ``_CELL``'s lazy ``.*?`` had tried to end the cell at every byte of its text (12,461
    Sina articles with a formula beside each: 0.79 s of the 2.3 s the cleaned workbook took). A cell without its
    end tag leaves the body to ``_CELL.sub`` (the cells are all found before the first is edited: ``edit`` counts
    what it changes)."""
    cells: list[tuple[int, int, bytes, bytes, bytes | None]] = []
    at = 0
    while (m := _CELL_OPEN.search(body, at)) is not None:
        prefix = m.group("p")
        if m.group("slash"):
            inner, end = None, m.end()
        else:
            close = b"</" + prefix + b"c>"
            found = body.find(close, m.end())
            if found < 0:
                return _CELL.sub(lambda c: edit(c.group("p"), c.group("attrs"), c.group("body")), body)
            inner, end = body[m.end() : found], found + len(close)
        cells.append((m.start(), end, prefix, m.group("attrs"), inner))
        at = end
    out: list[bytes] = []
    at = 0
    for start, end, prefix, attrs, inner in cells:
        out += (body[at:start], edit(prefix, attrs, inner))
        at = end
    out.append(body[at:])
    return b"".join(out)


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


@dataclass
class Appender:
    """Cells to add at the right of the data (annotated export): header + one row of values per data row."""

    first_col: int  # 0-based column of the first new cell
    header_row: int
    header: list[str]
    values: Callable[[int], list[object]]  # data row index (0-based) -> values
    n_rows: int
    header_style: str | None = None

    @property
    def last_row(self) -> int:
        return self.header_row + self.n_rows

    @property
    def last_col(self) -> int:
        return self.first_col + len(self.header) - 1

    def __post_init__(self) -> None:
        self.letters = [column_letter(self.first_col + j) for j in range(len(self.header))]
        self.first_key = (len(self.letters[0]), self.letters[0].encode())

    def cells(self, r: int) -> bytes:
        letters = self.letters
        if r == self.header_row:
            s = f' s="{self.header_style}"' if self.header_style else ""
            return "".join(
                f'<c r="{letters[j]}{r}"{s} t="inlineStr"><is><t xml:space="preserve">{escape_text(h)}</t></is></c>'
                for j, h in enumerate(self.header)
            ).encode()
        if self.header_row < r <= self.last_row:
            vals = self.values(r - self.header_row - 1)
            return "".join(value_cell(f"{letters[j]}{r}", v) for j, v in enumerate(vals)).encode()
        return b""

    def cells_of(self, first: int, last: int) -> list[bytes]:
        """``cells(r)`` of each data row ``r`` from ``first`` to ``last``: a column's cells at a time
        (``column_cells``)."""
        numbers = range(first, last + 1)
        columns = zip(*(self.values(r - self.header_row - 1) for r in numbers), strict=True)
        cells = [column_cells(letter, numbers, values) for letter, values in zip(self.letters, columns, strict=True)]
        return ["".join(row).encode() for row in zip(*cells, strict=True)]


class SheetEditor:
    """Streams one worksheet part. On the data sheet (``own``) rows are dropped/renumbered and cells may be
    appended; on every sheet, formulas that refer to the data sheet follow its rows."""

    def __init__(
        self,
        part: SheetPart,
        shift: FormulaShift | None,
        own: bool,
        appender: Appender | None = None,
        reporter: Reporter | None = None,
    ):
        self.part = part
        self.shift = shift
        self.own = own
        self.rows = shift.rows if (shift is not None and own) else RowMap([])
        self.appender = appender
        self.reporter = reporter
        self.shared: dict[bytes, tuple[str, str]] = {}  # shared formula si -> (formula, origin cell)
        self.expanding: set[bytes] = set()  # shared groups written out as plain formulas
        self.replaced_cells = 0
        self.stale_values = 0
        self.saw_formulas = False
        self.needles = sheet_needles(shift.sheet) if shift is not None else ()
        # The data sheet's rows dropped and renumbered, or given the appended cells: its plain rows a stretch at a
        # time (``_plain_rows``).
        self.plain = PLAIN_ROWS and own and (bool(self.rows) if appender is None else not self.rows)

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
            dst.write(self.edit_tail(buf[m.end() :] + src.read()))
            return
        out = _Batch(dst)
        out.write(buf[m.start() : m.end()])
        buf = buf[m.end() :]
        pos = implied = done = 0
        base = 0  # where buf begins in the part's rows
        one_by_one = 0  # (where the rows that are no plain stretch end, in the part's rows: they go one by one)
        total = max(1, self.appender.n_rows if self.appender else 0)
        while True:
            if pos > CHUNK:
                base += pos
                buf, pos = buf[pos:], 0
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
                base += pos
                buf, pos = buf[pos:] + chunk, 0
                continue
            r = self._row_number(row.attrs, implied)
            # (the annotated copy's header row, and any above it, go one by one: ``edit_row`` reads its style)
            if (
                self.plain
                and base + pos >= one_by_one
                and buf[pos] == 0x3C  # ("<")
                and (self.appender is None or r > self.appender.header_row)
            ):
                # The whole rows read, up to the first row with a formula (that row and those after it: next).
                end = buf.rfind(b"</row>") + 6
                formula = _HAS_FORMULA.search(buf, pos, end) if end > pos else None
                if formula is not None:
                    end = max(pos, buf.rfind(b"<row", pos, formula.start()))
                edited = self._plain_rows(buf[pos:end], implied) if end > pos + 6 else None
                if edited is not None:
                    text, implied, count = edited
                    out.write(text)
                    pos = end
                    if self.reporter is not None and (done + count) // PROGRESS_EVERY > done // PROGRESS_EVERY:
                        self.reporter.report("Writing", done + count, max(done + count, total))
                    done += count
                    continue
                one_by_one = base + end  # (each stretch looked at once, whatever its length)
            if self.appender is not None:
                out.write(self._pending_rows(implied, r))
            out.write(self.edit_row(row, r))
            implied, pos = r, row.end
            done += 1
            if self.reporter is not None and done % PROGRESS_EVERY == 0:
                self.reporter.report("Writing", done, max(done, total))

    def _plain_rows(self, rows: bytes, implied: int) -> tuple[bytes, int, int] | None:
        """``edit_row`` of each of ``rows`` (whole <row> elements, blanks between them; ``implied``: the number of
        the row before them) at once, with the last row number and the number of rows - where every row and cell
        has its number first among its attributes, no element a namespace prefix and no row a formula (else None:
        the rows go one by one). The texts are split and joined by the regular expression engine and numpy,
        nothing is done row by row in Python (100k rows of two cells: 0.6 s one by one, a call and three
        expressions a row; ~0.1 s so). With cells to append (``appender``): rows of the table's data, numbered one
        after another from the row after ``implied``, with no cell where the new ones go (``_plain_appended``)."""
        if b":row" in rows or b":c " in rows or _HAS_FORMULA.search(rows):  # (run: none of the last)
            return None
        parts = _plain_split(rows)  # blank, row, its number, blank, row, its number, ..., blank
        if parts is None:
            return None
        elements, numbers = parts[1::3], parts[2::3]
        if not elements or len(elements) != len(_ANY_ROW.findall(rows)) or b"".join(parts[0::3]).strip():
            return None
        columns = _PLAIN_CELL.findall(rows)  # (each cell's column)
        if len(columns) != len(_ANY_CELL.findall(rows)):
            return None
        old = np.array(numbers, dtype=np.int64)
        if self.appender is not None:
            return self._plain_appended(set(columns), elements, old, implied)
        new = self.rows.numbers(old)
        kept = np.flatnonzero(new >= 0)
        text = b"".join(np.array(elements, dtype=object)[kept].tolist())
        moved = new[kept] != old[kept]
        if moved.any():
            # Each row's number and its cells' made the row's new one - the numbers of a row that keeps its number
            # are left as they are (``edit_row``): a row's number, then its cells', each one split out.
            pieces = _PLAIN_NUMBERS.split(text)  # text, "<row r=" or '<c r="A', digits, text, ...
            opens, digits = np.array(pieces[1::3], dtype=object), np.array(pieces[2::3], dtype=object)
            row_of = np.cumsum(opens == b'<row r="') - 1  # (the kept row each number is in)
            written = np.array([b"%d" % n for n in new[kept].tolist()], dtype=object)
            digits = np.where(moved[row_of], written[row_of], digits)
            out = [b'"'] * (4 * len(digits) + 1)
            out[0::4], out[1::4], out[2::4] = pieces[0::3], pieces[1::3], digits.tolist()
            text = b"".join(out)
        return text, int(old[-1]), len(elements)

    def _plain_appended(
        self, columns: set[bytes], elements: list[bytes], numbers: np.ndarray, implied: int
    ) -> tuple[bytes, int, int] | None:
        """``_plain_rows`` with cells to append: each row's new cells (``Appender.cells_of``) put before its end, its
        ``spans`` attribute left out (``edit_row``). None unless the rows are of the table's data, numbered one after
        another from ``implied + 1`` (no row missing: ``_pending_rows`` would add it), and hold no cell where the
        new ones go (``columns``: the columns of their cells; ``_drop_cells_from``)."""
        a = self.appender
        assert a is not None
        first, last = int(numbers[0]), int(numbers[-1])
        if first != implied + 1 or first <= a.header_row or last > a.last_row:
            return None
        if not np.array_equal(numbers, np.arange(first, last + 1)):  # (in order, none missing, none twice)
            return None
        if any((len(x), x.upper()) >= a.first_key for x in columns):
            return None
        extra = a.cells_of(first, last)
        if not all(extra):  # (a row given no cell is left as it is: one by one)
            return None
        text = b"".join(_ROW_SPANS.split(_EMPTY_ROW.sub(rb"\1></row>", b"".join(elements))))  # (spans left out)
        pieces = text.split(b"</row>")  # (each row's text before its end, then what follows the last: nothing)
        out = [b"</row>"] * (3 * len(elements) + 1)
        out[0::3], out[1::3] = pieces, extra
        return b"".join(out[:-1]), last, len(elements)

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
    def _formulas_to_edit(self, body: bytes | None) -> bool:
        """Does this row hold formulas that the deletion changes (or that must be checked)?"""
        if self.shift is None or not body or b"f" not in body or not _HAS_FORMULA.search(body):
            return False
        self.saw_formulas = True
        if self.own or (self.expanding and b'si="' in body):
            return True
        low = body.lower()
        return any(n in low for n in self.needles) or any(f.lower() in low for f in _TEXT_FUNCS)

    def edit_row(self, m: _Row, r: int) -> bytes:
        new_r = self.rows.row(r)
        body = m.body
        formulas = self._formulas_to_edit(body)
        if self.appender is not None and r == self.appender.header_row and body:
            styles = re.findall(rb'<(?:\w+:)?c\b[^>]*?\ss="(\d+)"', body)
            self.appender.header_style = styles[-1].decode() if styles else None
        extra = self.appender.cells(r) if self.appender is not None else b""
        if new_r is None:
            if formulas and body:
                self._remember_shared(body)
            return b""
        if new_r == r and not extra and not formulas:
            return m.whole
        p, attrs = m.p, _set_row_number(m.attrs, new_r)
        if extra:
            attrs = re.sub(rb'\sspans="[^"]*"', b"", attrs)
        new_body = self._edit_cells(body or b"", r, new_r, formulas) if (body or extra) else b""
        if extra and self.appender is not None:
            new_body = self._drop_cells_from(new_body, self.appender.first_col) + extra
        if not new_body and body is None:
            return b"<%srow%s/>" % (p, attrs)
        return b"<%srow%s>%s</%srow>" % (p, attrs, new_body, p)

    def _edit_cells(self, body: bytes, r: int, new_r: int, formulas: bool) -> bytes:
        if new_r == r and not formulas:
            return body
        new_suffix = str(new_r).encode()
        if not formulas:
            return _CELL_ROW.sub(lambda c: c.group(1) + new_suffix + b'"', body)

        def one(prefix: bytes, attrs: bytes, cbody: bytes | None) -> bytes:
            ref_m = _R_ATTR.search(attrs)
            old_ref = ref_m.group(2).decode() if ref_m else None
            if ref_m and new_r != r:
                letters = re.match(rb"\$?[A-Za-z]+", ref_m.group(2))
                attrs = (
                    attrs[: ref_m.start(2)] + (letters.group() if letters else b"") + new_suffix + attrs[ref_m.end(2) :]
                )
            if cbody is not None and _FORMULA_OPEN.search(cbody):  # (a text's cell: nothing to read)
                cbody, stale = self._edit_formula(cbody, old_ref)
                if stale:
                    cbody = _VALUE.sub(b"", cbody)
                    attrs = _T_ATTR.sub(b"", attrs)
                    self.stale_values += 1
            if cbody is None:
                return b"<%sc%s/>" % (prefix, attrs)
            return b"<%sc%s>%s</%sc>" % (prefix, attrs, cbody, prefix)

        return _each_cell(body, one)

    def _remember_shared(self, body: bytes) -> None:
        """A removed row may hold the master of a shared formula that later rows still use."""
        if b'si="' not in body:
            return
        for c in _CELL.finditer(body):
            cbody = c.group("body")
            if not cbody or b"shared" not in cbody:
                continue
            ref_m = _R_ATTR.search(c.group("attrs"))
            for f in _FORMULA.finditer(cbody):
                if f.group("body") and re.search(rb'\st="shared"', f.group("attrs")):
                    self._shared(
                        f.group("attrs"), parts.xml_text(f.group("body")), ref_m.group(2).decode() if ref_m else None
                    )

    def _edit_formula(self, cbody: bytes, cell_ref: str | None) -> tuple[bytes, bool]:
        """The cell body with its formula adjusted, and whether its cached value may now be stale."""
        stale = False

        def one(f: re.Match) -> bytes:
            nonlocal stale
            attrs, text = f.group("attrs"), f.group("body")
            formula = parts.xml_text(text) if text else ""
            if re.search(rb'\st="shared"', attrs):
                resolved = self._shared(attrs, formula, cell_ref)
                if resolved is None:
                    return f.group(0)
                formula = resolved
                attrs = re.sub(rb'\s(t|si|ref)="[^"]*"', b"", attrs)  # written out as a plain formula
            elif self.own and re.search(rb'\st="array"', attrs):
                attrs = parts.map_attr(attrs, b"ref", self.rows, keep=True) or attrs
            if not formula or self.shift is None:
                return f.group(0)
            where = f"{self.part.name}!{cell_ref or '?'}"
            new, changed = self.shift.formula(formula, self.part.name, where)
            stale = stale or changed
            if new == formula and attrs == f.group("attrs"):
                return f.group(0)
            return b"<%sf%s>%s</%sf>" % (f.group("p"), attrs, parts.xml_escape(new).encode(), f.group("p"))

        new_body = _FORMULA.sub(one, cbody)
        return new_body, stale

    def _shared(self, attrs: bytes, formula: str, cell_ref: str | None) -> str | None:
        """The text of a shared formula at ``cell_ref`` when its group is written out plainly, else None.

        On the data sheet every group is written out (its master may be among the removed rows); elsewhere
        only groups whose formula names the data sheet, since each cell of those may now shift differently.
        """
        si_m = re.search(rb'\ssi="(\d+)"', attrs)
        si = si_m.group(1) if si_m else b""
        if formula and cell_ref:
            self.shared[si] = (formula, cell_ref)
            if self.own or self._names_sheet(formula):
                self.expanding.add(si)
            else:
                return None
            return formula
        if si not in self.expanding or not cell_ref:
            return None
        from openpyxl.formula.translate import Translator

        master, origin = self.shared[si]
        return Translator("=" + master, origin=origin).translate_formula(cell_ref)[1:]

    def _names_sheet(self, formula: str) -> bool:
        low = formula.encode().lower()
        return any(n in low for n in self.needles)

    def _drop_cells_from(self, body: bytes, first_col: int) -> bytes:
        """Remove cells at or right of ``first_col`` (style-only leftovers) so appended cells stay in order."""
        assert self.appender is not None
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
        if self.own and self.rows:
            head = parts.edit_sheet_head(head, self.rows)
        if self.appender is not None:
            head = _widen_dimension(head, self.appender)
        return head

    def edit_tail(self, tail: bytes) -> bytes:
        if self.shift is None:
            return tail
        return parts.edit_sheet_tail(tail, self.shift, self.part.name)


_ROW_R = regexes.compile(rb'(\sr=")[^"]*(")')


def sheet_needles(sheet: str) -> tuple[bytes, bytes]:
    """How a reference to ``sheet`` is spelled, lower-cased (ASCII, like ``bytes.lower``): ``data!``, ``'my data'!``."""
    return (sheet + "!").encode().lower(), ("'" + sheet.replace("'", "''") + "'!").encode().lower()


def _set_row_number(attrs: bytes, r: int) -> bytes:
    value = str(r).encode()
    if _ROW_R.search(attrs):
        return _ROW_R.sub(lambda m: m.group(1) + value + b'"', attrs, count=1)
    return b' r="' + value + b'"' + attrs


def _widen_dimension(head: bytes, a: Appender) -> bytes:
    def one(m: re.Match) -> bytes:
        first, _, last = m.group(2).decode().partition(":")
        lm = re.match(r"^\$?([A-Za-z]{1,3})\$?(\d+)$", last or first)
        if not lm:
            return m.group(0)
        col = max(column_index(lm.group(1)), a.last_col)
        row = max(int(lm.group(2)), a.last_row)
        return m.group(1) + f"{first}:{column_letter(col)}{row}".encode() + m.group(3)

    return re.sub(rb'(<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*?\sref=")([^"]*)(")', one, head, count=1)
