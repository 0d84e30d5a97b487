"""The flavour of a copied workbook: .xlsx (no macros) or .xlsm (macro-enabled content type, macros kept)."""

from __future__ import annotations

import re

from ..errors import Note
from .xlsx_package import MACRO_SHEET_TYPES, WORKBOOK_TYPES, Package, rels_member


def convert_flavour(pkg: Package, out_suffix: str, edited: dict[str, bytes], notes: list[str]) -> set[str]:
    """Set the workbook's content type for ``out_suffix``; returns the parts to leave out (macros of an
    .xlsx). Macro sheets cannot be left out without breaking the workbook: ``macro_sheets`` refuses those."""
    wanted = WORKBOOK_TYPES[out_suffix]
    ct = edited.get("[Content_Types].xml", pkg.read("[Content_Types].xml"))
    pat = re.compile(
        rb'(<Override\b[^>]*PartName="/' + re.escape(pkg.workbook.encode()) + rb'"[^>]*ContentType=")([^"]*)(")'
    )
    new_ct = pat.sub(lambda m: m.group(1) + wanted.encode() + m.group(3), ct, count=1)
    if new_ct != ct:
        edited["[Content_Types].xml"] = new_ct
    dropped: set[str] = set()
    if out_suffix == ".xlsx":
        for member in pkg.macro_parts():
            if member.lower().endswith(".bin") or member.endswith(".xml") and "vba" in member.lower():
                dropped |= {member, rels_member(member)} & set(pkg.zf.namelist())
        if dropped:
            notes.append(Note("the macros (VBA project) were left out: an .xlsx workbook cannot hold them"))
    return dropped


def macro_sheets(pkg: Package) -> list[str]:
    """Names of Excel 4 macro sheets and dialog sheets, which only a macro-enabled workbook can hold."""
    return [s.name for s in pkg.sheets if s.kind in MACRO_SHEET_TYPES]
