"""Writing an edited copy of a workbook: rows of one sheet dropped (cleaned) or columns appended (annotated).

Every part of the package is copied, and only what must change is changed: the data sheet is streamed row by
row (``xlsx_stream``: removed rows dropped, later rows renumbered), other sheets are streamed too so their
formulas follow the rows they name, and the related parts are edited by ``xlsx_shift_parts``. After a deletion
the workbook asks for a full recalculation on load, and cached results that may be stale are dropped. What
cannot be adjusted is returned as a note for the user, never skipped in silence.
"""

from __future__ import annotations

import posixpath
import re
import shutil
import zipfile
from pathlib import Path
from typing import BinaryIO

from ..errors import Note
from ..progress import Reporter
from . import xlsx_shift_parts as parts
from .xlsx_package import WORKBOOK_TYPES, Package, SheetPart
from .xlsx_shift import FormulaShift, RowMap
from .xlsx_stream import CHUNK, Appender, SheetEditor, sheet_needles
from .zip_out import ZipOut

__all__ = ["Appender", "RowMap", "SheetEditor", "edit_workbook"]


# ---- the package ------------------------------------------------------------------------------------------------
def copy_member(zin: zipfile.ZipFile, raw: BinaryIO, zout: ZipOut, info: zipfile.ZipInfo, data: bytes | None = None):
    """``info``'s member of ``zin`` into ``zout``: as it is stored (``raw``: the same file, opened apart), or as
    ``data`` when given, or inflated and deflated again where it cannot be copied as stored."""
    if data is None and zout.copy(raw, info):
        return
    new = zipfile.ZipInfo(info.filename, date_time=info.date_time)
    new.compress_type = info.compress_type
    new.external_attr = info.external_attr
    if data is not None:
        zout.write(new, data)
        return
    with zin.open(info) as src, zout.stream(new) as dst:
        shutil.copyfileobj(src, dst, CHUNK)


def edit_workbook(
    src_path: Path,
    tmp: Path,
    sheet: str,
    rows: RowMap,
    appender: Appender | None = None,
    reporter: Reporter | None = None,
    out_suffix: str | None = None,
) -> list[str]:
    """Write ``src_path`` to ``tmp`` with sheet ``sheet`` edited; returns notes for the user.

    ``out_suffix`` (".xlsx"/".xlsm") sets the flavour of the copy: macros are left out of an .xlsx.
    """
    from .xlsx_convert import convert_flavour

    notes: list[str] = []
    with zipfile.ZipFile(src_path) as zin:
        pkg = Package(zin, src_path)
        part = pkg.sheet(sheet)
        shift = FormulaShift(sheet, rows, [s.name for s in pkg.sheets]) if rows else None
        editors = {part.member: SheetEditor(part, shift, True, appender, reporter)}
        edited: dict[str, bytes] = {}
        dropped: set[str] = set()
        if shift is not None:
            for other in pkg.sheets:
                if other.kind == "worksheet" and other.member != part.member and pkg.has(other.member):
                    editors[other.member] = SheetEditor(other, shift, False)
            edited.update(_edit_related_parts(pkg, part, shift, set(editors)))
            dropped |= {"xl/calcChain.xml"} & set(zin.NameToInfo)  # Excel rebuilds its calculation order cache
        if out_suffix in WORKBOOK_TYPES:
            dropped |= convert_flavour(pkg, out_suffix, edited, notes)
        if dropped:
            edited.update(_forget_parts(pkg, dropped, edited))
        with open(src_path, "rb") as raw, ZipOut(tmp) as zout:
            for info in zin.infolist():
                if info.filename in dropped:
                    continue
                editor = editors.get(info.filename)
                if editor is not None:
                    new = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    new.compress_type = zipfile.ZIP_DEFLATED
                    with zin.open(info) as src, zout.stream(new) as dst:
                        editor.run(src, dst)
                else:
                    copy_member(zin, raw, zout, info, edited.get(info.filename))
    own = editors[part.member]
    if own.replaced_cells:
        notes.append(
            Note("{cells} empty formatted cells right of the data made room for new columns", cells=own.replaced_cells)
        )
    if shift is not None:
        if any(e.saw_formulas for e in editors.values()):
            notes.insert(0, Note("the workbook recalculates its formulas when it is opened"))
        notes += shift.summary()
    return notes


def _edit_related_parts(pkg: Package, part: SheetPart, shift: FormulaShift, streamed: set[str]) -> dict[str, bytes]:
    """Every part besides the streamed sheets whose references can follow the rows, edited in memory."""
    edited: dict[str, bytes] = {}
    rows = shift.rows
    handled = set(streamed) | {pkg.workbook}
    for other in pkg.sheets:
        for kind, member in other.rels.values():
            if not pkg.has(member) or member in handled:
                continue
            own = other.member == part.member
            if kind == "table":
                edited[member] = parts.edit_table(pkg.read(member), shift, other.name)
            elif own and kind in ("comments", "threadedComment"):
                edited[member] = parts.edit_comments(pkg.read(member), rows)
            elif own and kind == "vmlDrawing":
                edited[member] = parts.edit_vml_notes(pkg.read(member), rows)
            elif own and kind == "drawing":
                edited[member] = parts.edit_drawing(pkg.read(member), rows)
            else:
                continue
            handled.add(member)
    for member in pkg.members_of_type("drawingml.chart+xml") + pkg.members_of_type("drawingml.chartex+xml"):
        edited[member] = parts.edit_chart(pkg.read(member), shift, member)
        handled.add(member)
    for member in pkg.members_of_type("pivotCacheDefinition+xml"):
        edited[member] = parts.edit_pivot_cache(pkg.read(member), shift, member)
        handled.add(member)
    wb = parts.edit_defined_names(pkg.read(pkg.workbook), shift)
    edited[pkg.workbook] = parts.request_full_calculation(wb)
    _report_unhandled(pkg, part, shift, handled)
    return {k: v for k, v in edited.items() if v != pkg.read(k) or k == pkg.workbook}


# parts that hold no references, or only text that may mention "data!" without being a reference
_NEVER_REFERENCES = (
    "styles",
    "theme",
    "sharedStrings",
    "calcChain",
    "core-properties",
    "extended-properties",
    "custom-properties",
    "relationships",
    "printerSettings",
    "image",
    "comments",
    "vmlDrawing",
    "pivotCacheRecords",
    "person",
)


def _report_unhandled(pkg: Package, part: SheetPart, shift: FormulaShift, handled: set[str]) -> None:
    """Parts we do not edit that still name cells of the data sheet (query tables, slicers, external data,
    macros) are named in a note: their references were not adjusted."""
    needles = sheet_needles(shift.sheet)
    types = pkg.content_types()
    for member in pkg.zf.namelist():
        ctype = types.get(member, "")
        if member in handled or any(k.lower() in ctype.lower() for k in _NEVER_REFERENCES):
            continue
        info = pkg.zf.getinfo(member)
        if info.file_size > 64 << 20 or not (ctype.endswith("xml") or member.endswith(".xml")):
            continue
        low = pkg.read(member).lower()
        if any(n in low for n in needles):
            shift.problem(
                Note(
                    "{member} refers to cells of {sheet!r}; its references were not adjusted",
                    member=member,
                    sheet=shift.sheet,
                )
            )
    for kind, member in part.rels.values():
        if kind in ("queryTable", "pivotTable", "slicer", "timeline") and member not in handled:
            shift.problem(
                Note(
                    "the sheet's {kind} ({member}) was not adjusted for the removed rows; refresh it in Excel",
                    kind=kind,
                    member=member,
                )
            )
    if pkg.macro_parts():
        shift.problem(Note("macros (VBA) may address cells by row number; they were not adjusted for the removed rows"))


def _forget_parts(pkg: Package, dropped: set[str], edited: dict[str, bytes]) -> dict[str, bytes]:
    """Content types and relationships without the dropped parts."""
    out: dict[str, bytes] = {}
    ct = edited.get("[Content_Types].xml", pkg.read("[Content_Types].xml"))
    for member in dropped:
        ct = re.sub(rb'<Override\b[^>]*PartName="/' + re.escape(member.encode()) + rb'"[^>]*/>', b"", ct)
    out["[Content_Types].xml"] = ct
    for rels_name in pkg.zf.namelist():
        if not rels_name.endswith(".rels") or rels_name in dropped:
            continue
        folder, name = posixpath.split(rels_name)
        owner = posixpath.join(posixpath.dirname(folder), name[: -len(".rels")])
        gone = [rid for rid, (_, target) in pkg.rels(owner).items() if target in dropped]
        if not gone:
            continue
        rels = edited.get(rels_name, pkg.read(rels_name))
        for rid in gone:
            rels = re.sub(rb'<Relationship\b[^>]*\sId="' + re.escape(rid.encode()) + rb'"[^>]*/>', b"", rels)
        out[rels_name] = rels
    return out
