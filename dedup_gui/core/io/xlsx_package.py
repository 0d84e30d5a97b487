"""Reading an Office Open XML workbook as a package: its parts, relationships, sheets, content types, macros.

Nothing here changes a byte; the rewrite (``xlsx_rewrite``) asks this module where things are.
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError

REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"

WORKBOOK_TYPES = {
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
    ".xlsm": "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
}
# relationships to parts that exist only in a macro-enabled workbook
MACRO_TYPES = ("vbaProject", "vbaProjectSignature", "vbaData")
MACRO_SHEET_TYPES = ("xlMacrosheet", "xlIntlMacrosheet", "dialogsheet")


@dataclass
class SheetPart:
    name: str
    index: int  # position among the workbook's sheets (localSheetId of defined names)
    member: str  # zip member of the sheet XML
    kind: str = "worksheet"  # relationship type: "worksheet", "chartsheet", "xlMacrosheet", "dialogsheet"...
    rels: dict[str, tuple[str, str]] = field(default_factory=dict)  # rId -> (type suffix, member)

    def related(self, kind: str) -> list[str]:
        return [member for k, member in self.rels.values() if k == kind]


def resolve(base_member: str, target: str) -> str:
    """The zip member a relationship target of ``base_member`` names."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(base_member), target))


def rels_member(member: str) -> str:
    folder, name = posixpath.split(member)
    return posixpath.join(folder, "_rels", name + ".rels")


class Package:
    """An open workbook package (a read-only view of the zip)."""

    def __init__(self, zf: zipfile.ZipFile, path: Path):
        self.zf, self.path = zf, path
        self.workbook = self._workbook_member()
        self.sheets = self._sheets()

    def has(self, member: str) -> bool:
        return member in self.zf.NameToInfo

    def read(self, member: str) -> bytes:
        return self.zf.read(member)

    def rels(self, member: str) -> dict[str, tuple[str, str]]:
        """Internal relationships of ``member``: rId -> (type suffix such as "worksheet", target member)."""
        from defusedxml import ElementTree as SafeET

        name = rels_member(member)
        if not self.has(name):
            return {}
        root = SafeET.fromstring(self.read(name))
        out = {}
        for rel in root.iter(f"{{{PKG_REL_NS}}}Relationship"):
            if rel.get("TargetMode") == "External":
                continue
            kind = (rel.get("Type") or "").rsplit("/", 1)[-1]
            out[rel.get("Id") or ""] = (kind, resolve(member, rel.get("Target") or ""))
        return out

    def sheet(self, name: str) -> SheetPart:
        for s in self.sheets:
            if s.name == name:
                return s
        raise InputError(self.path, "has no sheet named {name!r} any more; reload the file", name=name)

    def members_of_type(self, content_type_suffix: str) -> list[str]:
        """Every part whose content type ends with ``content_type_suffix`` (e.g. "drawingml.chart+xml")."""
        types = self.content_types()
        return [m for m in self.zf.namelist() if types.get(m, "").endswith(content_type_suffix)]

    def content_types(self) -> dict[str, str]:
        """Zip member -> content type, from the overrides and the extension defaults."""
        from defusedxml import ElementTree as SafeET

        root = SafeET.fromstring(self.read("[Content_Types].xml"))
        defaults = {
            (el.get("Extension") or "").lower(): el.get("ContentType") or "" for el in root.iter(f"{{{CT_NS}}}Default")
        }
        overrides = {
            (el.get("PartName") or "").lstrip("/"): el.get("ContentType") or ""
            for el in root.iter(f"{{{CT_NS}}}Override")
        }
        out = {}
        for m in self.zf.namelist():
            out[m] = overrides.get(m) or defaults.get(posixpath.splitext(m)[1].lstrip(".").lower(), "")
        return out

    def macro_parts(self) -> list[str]:
        """Parts that hold macros (a VBA project, Excel 4 macro sheets, dialog sheets)."""
        found = [m for k, m in self.rels(self.workbook).values() if k in MACRO_TYPES and self.has(m)]
        return sorted(set(found) | {m for m in self.zf.namelist() if m.lower().endswith("vbaproject.bin")})

    def _workbook_member(self) -> str:
        for kind, member in self.rels("").values():
            if kind == "officeDocument" and self.has(member):
                return member
        if self.has("xl/workbook.xml"):
            return "xl/workbook.xml"
        raise InputError(self.path, "is not a workbook (no workbook part); the file may be damaged")

    def _sheets(self) -> list[SheetPart]:
        from defusedxml import ElementTree as SafeET

        wb_rels = self.rels(self.workbook)
        root = SafeET.fromstring(self.read(self.workbook))
        out = []
        for index, el in enumerate(root.iter(f"{{{MAIN_NS}}}sheet")):
            rid = el.get(f"{{{REL_NS}}}id") or ""
            if rid not in wb_rels:
                continue
            kind, member = wb_rels[rid]
            out.append(SheetPart(el.get("name") or "", index, member, kind, self.rels(member)))
        return out


def workbook_sheet_names(path: Path) -> list[str]:
    """Sheet names of an .xlsx/.xlsm in workbook order (every kind of sheet)."""
    with zipfile.ZipFile(path) as zf:
        return [s.name for s in Package(zf, path).sheets]
