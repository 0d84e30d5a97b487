"""Shifting the references inside the parts of a workbook package when rows of one sheet are deleted.

Each function takes the XML of one part and returns it edited: the non-row parts of a worksheet (dimension,
selection, merged cells, filters, hyperlinks, conditional formats with their rule formulas, data validation
with its list sources, page breaks, the x14 extension list), tables, comments, drawings (anchors), charts,
pivot cache sources and the workbook's defined names and calculation settings. The XML is edited with regular
expressions on its text, so everything we do not understand is kept byte for byte.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from .. import regexes
from ..errors import Note
from .xlsx_shift import FormulaShift, RowMap, shift_ref, shift_sqref

P = rb"(?:[A-Za-z_][\w.-]*:)?"  # an optional namespace prefix
_CELL_REF = regexes.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")


def xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_text(raw: bytes) -> str:
    return html.unescape(raw.decode("utf-8"))


# ---- generic element edits ----------------------------------------------------------------------------------
def edit_elements(xml: bytes, element: bytes, fn: Callable[[re.Match], bytes]) -> bytes:
    """Replace every ``<element ...>...</element>`` (or self-closing) by ``fn(match)``; groups: p, attrs, inner."""
    pat = re.compile(
        rb"<(?P<p>" + P + rb")" + element + rb"\b(?P<attrs>[^>]*?)(?:/>|>(?P<inner>.*?)</(?P=p)" + element + rb">)",
        re.S,
    )
    return pat.sub(fn, xml)


def get_attr(attrs: bytes, name: bytes) -> str | None:
    m = re.search(rb"\s" + name + rb'="([^"]*)"', attrs)
    return xml_text(m.group(1)) if m else None


def set_attr(attrs: bytes, name: bytes, value: str) -> bytes:
    pat = re.compile(rb"(\s" + name + rb'=")[^"]*(")')
    new = xml_escape(value).replace('"', "&quot;").encode()
    if pat.search(attrs):
        return pat.sub(lambda m: m.group(1) + new + m.group(2), attrs, count=1)
    return attrs + b" " + name + b'="' + new + b'"'


def _replace_attrs(m: re.Match, attrs: bytes) -> bytes:
    whole = m.group(0)
    start = m.start("attrs") - m.start(0)
    return whole[:start] + attrs + whole[start + len(m.group("attrs")) :]


def map_attr(attrs: bytes, name: bytes, rows: RowMap, keep: bool = False) -> bytes | None:
    """Shift the references in attribute ``name``; None when they all pointed at removed rows (unless ``keep``:
    a selection or dimension must stay, so it collapses onto the row that moved into their place)."""
    old = get_attr(attrs, name)
    if old is None:
        return attrs
    new = shift_sqref(old, rows)
    if new is None:
        if not keep:
            return None
        cm = _CELL_REF.match(old.split()[0].split(":")[0].replace("$", ""))
        if not cm:
            return attrs
        new = f"{cm.group(1)}{max(1, rows.first_from(int(cm.group(2))))}"
    return set_attr(attrs, name, new) if new != old else attrs


def map_element_attr(xml: bytes, element: bytes, attr: bytes, rows: RowMap, keep: bool = False) -> bytes:
    """Shift ``attr`` of every ``element``; an element whose references all went is dropped (unless ``keep``)."""

    def one(m: re.Match) -> bytes:
        new = map_attr(m.group("attrs"), attr, rows, keep)
        return b"" if new is None else _replace_attrs(m, new)

    return edit_elements(xml, element, one)


def recount(xml: bytes, container: bytes, child: bytes) -> bytes:
    """Fix the count attribute of ``container`` after children were dropped; drop it when it is empty."""

    def one(m: re.Match) -> bytes:
        inner = m.group("inner") or b""
        n = len(re.findall(rb"<" + P + child + rb"\b", inner))
        if n == 0:
            return b""
        attrs = m.group("attrs")
        if re.search(rb'\scount="', attrs):
            attrs = set_attr(attrs, b"count", str(n))
        return _replace_attrs(m, attrs)

    return edit_elements(xml, container, one)


def _edit_formula_elements(
    xml: bytes, element: bytes, shift: FormulaShift, home: str | None, where: str, moved_by: int = 0
) -> bytes:
    def one(m: re.Match) -> bytes:
        inner = m.group("inner")
        if not inner or b"<" in inner:  # not a formula's text (an x14 wrapper holding <xm:f>)
            return m.group(0)
        old = xml_text(inner)
        new, _ = shift.formula(old, home, where, moved_by)
        if new == old:
            return m.group(0)
        p = m.group("p")
        return b"<%s%s%s>%s</%s%s>" % (p, element, m.group("attrs"), xml_escape(new).encode(), p, element)

    return edit_elements(xml, element, one)


# ---- one worksheet ------------------------------------------------------------------------------------------
def edit_sheet_head(head: bytes, rows: RowMap) -> bytes:
    """The data sheet's part before its rows: dimension, selection and frozen pane follow the rows."""
    head = map_element_attr(head, b"dimension", b"ref", rows, keep=True)
    head = map_element_attr(head, b"selection", b"sqref", rows, keep=True)
    head = map_element_attr(head, b"selection", b"activeCell", rows, keep=True)
    return map_element_attr(head, b"pane", b"topLeftCell", rows, keep=True)


def edit_sheet_tail(tail: bytes, shift: FormulaShift, home: str) -> bytes:
    """The part of a worksheet after its rows. On the data sheet every range follows the rows; on any sheet,
    formulas (conditional formats, validation sources) and hyperlink targets that name the data sheet do."""
    own = shift.is_sheet(home)
    rows = shift.rows
    if own:
        tail = map_element_attr(tail, b"autoFilter", b"ref", rows, keep=True)
        tail = map_element_attr(tail, b"sortState", b"ref", rows, keep=True)
        tail = map_element_attr(tail, b"sortCondition", b"ref", rows, keep=True)
        tail = map_element_attr(tail, b"mergeCell", b"ref", rows)
        tail = map_element_attr(tail, b"hyperlink", b"ref", rows)
        tail = map_element_attr(tail, b"protectedRange", b"sqref", rows)
        tail = map_element_attr(tail, b"ignoredError", b"sqref", rows)
        tail = _map_breaks(tail, rows)
    tail = _edit_hyperlink_targets(tail, shift, home)
    tail = _edit_ranged_rules(tail, b"conditionalFormatting", (b"formula",), shift, home)
    tail = _edit_ranged_rules(tail, b"dataValidation", (b"formula1", b"formula2"), shift, home)
    tail = _edit_x14(tail, shift, home)
    for container, child in (
        (b"mergeCells", b"mergeCell"),
        (b"dataValidations", b"dataValidation"),
        (b"hyperlinks", b"hyperlink"),
        (b"protectedRanges", b"protectedRange"),
        (b"ignoredErrors", b"ignoredError"),
    ):
        tail = recount(tail, container, child)
    return tail


def _anchor_move(sqref: str, rows: RowMap) -> int:
    """How far the anchor (top-left cell) of a rule's range moves among the *old* rows: 0 unless its first
    row was removed, then the distance to the first surviving row, where the rule is now anchored."""
    first = sqref.split()[0] if sqref.split() else ""
    span = first.replace("$", "").split(":")
    cm = _CELL_REF.match(span[0])
    if not cm:
        return 0
    top = int(cm.group(2))
    if rows.row(top) is not None:
        return 0
    r = top
    while rows.row(r) is None:
        r += 1
    return r - top


def _edit_ranged_rules(xml: bytes, element: bytes, formulas: tuple[bytes, ...], shift: FormulaShift, home: str):
    """Conditional formats and data validation: the range (data sheet only) and the formulas in the rules."""
    own = shift.is_sheet(home)

    def one(m: re.Match) -> bytes:
        if m.group("p") == b"x14:":
            return m.group(0)  # the extension list's own kind (_edit_x14)
        attrs = m.group("attrs")
        sqref = get_attr(attrs, b"sqref") or ""
        moved_by = 0
        if own:
            moved_by = _anchor_move(sqref, shift.rows)
            new = map_attr(attrs, b"sqref", shift.rows)
            if new is None:
                return b""  # every cell it applied to was removed
            attrs = new
        whole = _replace_attrs(m, attrs)
        first_cell = sqref.split()[0].split(":")[0] if sqref.split() else ""
        where = f"{home}!{first_cell} ({element.decode()})"
        for f in formulas:
            whole = _edit_formula_elements(whole, f, shift, home, where, moved_by)
        return whole

    return edit_elements(xml, element, one)


def _edit_x14(xml: bytes, shift: FormulaShift, home: str) -> bytes:
    """Conditional formats and validation of newer Excel versions, kept in the extension list."""
    own = shift.is_sheet(home)
    outer = re.compile(rb"<(x14:(?:dataValidation|conditionalFormatting))\b[^>]*>.*?</\1>", re.S)

    def one(m: re.Match) -> bytes:
        whole = m.group(0)
        sq = re.search(rb"<xm:sqref>([^<]*)</xm:sqref>", whole)
        sqref = sq.group(1).decode() if sq else ""
        moved_by = 0
        if own and sq:
            moved_by = _anchor_move(sqref, shift.rows)
            new = shift_sqref(sqref, shift.rows)
            if new is None:
                return b""
            whole = whole[: sq.start(1)] + new.encode() + whole[sq.end(1) :]
        where = f"{home}!{sqref.split(':')[0]} ({m.group(1).decode()})"
        return _edit_formula_elements(whole, b"f", shift, home, where, moved_by)

    return outer.sub(one, xml)


def _edit_hyperlink_targets(xml: bytes, shift: FormulaShift, home: str) -> bytes:
    """A link to a place in the workbook (``location="data!A30"``) follows the cell it points at."""

    def one(m: re.Match) -> bytes:
        attrs = m.group("attrs")
        loc = get_attr(attrs, b"location")
        if not loc or "!" not in loc:
            return m.group(0)
        new, _ = shift.formula(loc, None, f"{home}: hyperlink to {loc}")
        return m.group(0) if new == loc else _replace_attrs(m, set_attr(attrs, b"location", new))

    return edit_elements(xml, b"hyperlink", one)


def _map_breaks(xml: bytes, rows: RowMap) -> bytes:
    def one_block(m: re.Match) -> bytes:
        def one_brk(b: re.Match) -> bytes:
            new = rows.row(int(b.group(2)))
            return b"" if new is None else b.group(0).replace(b.group(2), str(new).encode(), 1)

        inner = re.sub(rb"<(" + P + rb')brk\b[^>]*?\sid="(\d+)"[^>]*/>', one_brk, m.group(0))
        n = len(re.findall(rb"<" + P + rb"brk\b", inner))
        if n == 0:
            return b""
        for attr in (rb"count", rb"manualBreakCount"):
            inner = re.sub(
                rb"(\s" + attr + rb'=")\d+(")', lambda x: x.group(1) + str(n).encode() + x.group(2), inner, count=1
            )
        return inner

    return re.sub(rb"<(" + P + rb")rowBreaks\b[^>]*>.*?</\1rowBreaks>", one_block, xml, flags=re.S)


# ---- parts related to the data sheet ------------------------------------------------------------------------
def edit_table(xml: bytes, shift: FormulaShift, home: str) -> bytes:
    """A table (ListObject): its range and filter on the data sheet, its column formulas anywhere."""
    if shift.is_sheet(home):
        for element in (b"table", b"autoFilter", b"sortState", b"sortCondition"):
            xml = map_element_attr(xml, element, b"ref", shift.rows, keep=True)
    for element in (b"calculatedColumnFormula", b"totalsRowFormula"):
        xml = _edit_formula_elements(xml, element, shift, home, f"{home}: table formula")
    return xml


def edit_comments(xml: bytes, rows: RowMap) -> bytes:
    """Notes (``<comment ref=...>``) and threaded comments move with their cells, or go with them."""
    xml = map_element_attr(xml, b"comment", b"ref", rows)
    return map_element_attr(xml, b"threadedComment", b"ref", rows)


def edit_vml_notes(xml: bytes, rows: RowMap) -> bytes:
    """Comment boxes in the legacy VML drawing: ``<x:Row>`` is 0-based."""

    def one(m: re.Match) -> bytes:
        rm = re.search(rb"<(" + P + rb")Row>(\d+)</\1Row>", m.group(0))
        if not rm:
            return m.group(0)
        new = rows.row(int(rm.group(2)) + 1)
        if new is None:
            return b""
        whole = m.group(0)
        return whole[: rm.start(2)] + str(new - 1).encode() + whole[rm.end(2) :]

    return re.sub(rb"<(" + P + rb")shape\b.*?</\1shape>", one, xml, flags=re.S)


_ANCHOR_ROW = regexes.compile(rb"(<(" + P + rb")(from|to)>.*?<\2row>)(\d+)(</\2row>)", re.S)


def edit_drawing(xml: bytes, rows: RowMap) -> bytes:
    """Pictures and charts on the data sheet move with the rows they sit on, as Excel moves objects set to
    "move with cells"; an object whose rows were all removed shrinks to the row that took their place."""

    def one_end(m: re.Match) -> bytes:
        old = int(m.group(4)) + 1  # 0-based in the drawing
        new = rows.first_from(old) if m.group(3) == b"from" else max(1, rows.last_upto(old))
        return m.group(1) + str(new - 1).encode() + m.group(5)

    def anchor(m: re.Match) -> bytes:
        whole = m.group(0)
        if b'editAs="absolute"' in whole[:200]:
            return whole
        return _ANCHOR_ROW.sub(one_end, whole)

    return re.sub(rb"<(" + P + rb")(twoCellAnchor|oneCellAnchor)\b.*?</\1\2>", anchor, xml, flags=re.S)


def edit_chart(xml: bytes, shift: FormulaShift, member: str) -> bytes:
    """Chart series, categories and titles (``<c:f>``) follow the rows of the data sheet."""
    return _edit_formula_elements(xml, b"f", shift, None, f"chart {member}")


def edit_pivot_cache(xml: bytes, shift: FormulaShift, member: str) -> bytes:
    """A pivot table's source range follows the rows; the pivot is refreshed when the file is opened."""
    touched = False

    def one(m: re.Match) -> bytes:
        nonlocal touched
        attrs = m.group("attrs")
        sheet, ref = get_attr(attrs, b"sheet"), get_attr(attrs, b"ref")
        if sheet is None or ref is None or not shift.is_sheet(sheet):
            return m.group(0)
        touched = True
        new = shift_ref(ref, shift.rows)
        if new is None:
            shift.problem(
                Note(
                    "pivot cache {member}: its source {sheet}!{ref} was removed entirely; left as it was",
                    member=member,
                    sheet=sheet,
                    ref=ref,
                )
            )
            return m.group(0)
        return _replace_attrs(m, set_attr(attrs, b"ref", new))

    xml = edit_elements(xml, b"worksheetSource", one)
    if touched:

        def refresh(m: re.Match) -> bytes:
            return b"<%spivotCacheDefinition%s>" % (m.group(1), set_attr(m.group(2), b"refreshOnLoad", "1"))

        xml = re.sub(rb"<(" + P + rb")pivotCacheDefinition\b([^>]*)>", refresh, xml, count=1)
    return xml


# ---- the workbook part --------------------------------------------------------------------------------------
def edit_defined_names(xml: bytes, shift: FormulaShift) -> bytes:
    """Named ranges, print areas and print titles follow the rows (they always name their sheet)."""

    def one(m: re.Match) -> bytes:
        inner = m.group("inner")
        if not inner:
            return m.group(0)
        old = xml_text(inner)
        name = get_attr(m.group("attrs"), b"name") or "?"
        new, _ = shift.formula(old, None, Note("defined name {name}", name=name))
        if new == old:
            return m.group(0)
        p = m.group("p")
        return b"<%sdefinedName%s>%s</%sdefinedName>" % (p, m.group("attrs"), xml_escape(new).encode(), p)

    return edit_elements(xml, b"definedName", one)


_CALC_AFTER = (
    b"oleSize",
    b"customWorkbookViews",
    b"pivotCaches",
    b"smartTagPr",
    b"smartTagTypes",
    b"webPublishing",
    b"fileRecoveryPr",
    b"webPublishObjects",
    b"extLst",
)


def request_full_calculation(xml: bytes) -> bytes:
    """``<calcPr fullCalcOnLoad="1">``: Excel and LibreOffice recompute every formula when they open the file."""
    m = re.search(rb"<(" + P + rb")calcPr\b([^>]*?)(/?)>", xml)
    if m:
        attrs = set_attr(m.group(2), b"fullCalcOnLoad", "1")
        return xml[: m.start()] + b"<%scalcPr%s%s>" % (m.group(1), attrs, m.group(3)) + xml[m.end() :]
    root = re.search(rb"<(" + P + rb")workbook\b", xml)
    prefix = root.group(1) if root else b""
    new = b'<%scalcPr fullCalcOnLoad="1"/>' % prefix
    for element in _CALC_AFTER:
        after = re.search(rb"<" + P + element + rb"\b", xml)
        if after:
            return xml[: after.start()] + new + xml[after.start() :]
    close = xml.rfind(b"</" + prefix + b"workbook>")
    return xml[:close] + new + xml[close:] if close >= 0 else xml
