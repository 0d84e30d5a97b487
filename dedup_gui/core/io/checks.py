"""Checks made before anything is written: nothing is lost without a word, and nothing is written that the
format cannot hold.

* Two outputs of one run never name the same file.
* An export to another format than the input keeps every sheet, or is refused naming the sheets it would lose.
* Macros: kept in .xlsm → .xlsm; an output that cannot hold them is announced *before* the export.
* Excel's size limits (1,048,576 rows, 16,384 columns) are checked before writing; the message suggests CSV.
"""

from __future__ import annotations

import functools
import os
import zipfile
from collections.abc import Mapping
from pathlib import Path

from ..errors import Note, OutputError
from ..table import Table
from .excel_limits import MAX_COLUMNS, MAX_ROWS, ExcelLimitError

XLSX_OUT = (".xlsx", ".xlsm")
CSV_OUT = (".csv", ".tsv")


def output_format(out: Path, table: Table) -> str:
    """ "xlsx", "csv" or "folder" (a cleaned folder of .txt files), from the output's name."""
    suffix = out.suffix.lower()
    if suffix in XLSX_OUT:
        return "xlsx"
    if suffix in CSV_OUT:
        return "csv"
    if table.kind == "txt" and (suffix == "" or out.is_dir()):
        return "folder"
    raise unsupported_output(out)


def unsupported_output(out: Path) -> OutputError:
    """The error of an output named for a format nothing here writes."""
    return OutputError(
        out, "unsupported output type {suffix!r}; name it .xlsx, .csv or .tsv", suffix=out.suffix or "(none)"
    )


def companion_path(report: Path) -> Path:
    """The hot-stories file written beside a CSV report."""
    return report.with_name(f"{report.stem}_hot_stories{report.suffix}")


# The outputs by name, as problems name them (``Note``s: the window says them in its language).
_OUTPUT_NAMES = {"cleaned": Note("cleaned"), "annotated": Note("annotated"), "report": Note("report")}


def check_distinct(outputs: Mapping[str, Path | str | None]) -> None:
    """OutputError when two outputs (or a CSV report's hot-stories companion) name the same file."""
    seen: dict[str, str] = {}
    for what, path in outputs.items():
        if not path:
            continue
        path = Path(path)
        names = [(_OUTPUT_NAMES.get(what, what), path)]
        if what == "report" and path.suffix.lower() in CSV_OUT:
            names.append((Note("report's hot stories"), companion_path(path)))
        for label, p in names:
            key = os.path.normcase(os.path.realpath(p))
            if key in seen:
                raise OutputError(
                    p,
                    "is named for both the {first} and the {label} output; choose two names",
                    first=seen[key],
                    label=label,
                )
            seen[key] = label


def workbook_contents(table: Table) -> tuple[list[str], list[str]]:
    """(every sheet name, the macro parts and macro sheets) of the input workbook; ([], []) for other inputs."""
    if table.kind != "xlsx":
        return [], []
    try:
        st = table.path.stat()
    except OSError:
        return list(table.sheet_names), []
    sheets, macros = _contents(table.path, st.st_size, st.st_mtime_ns, tuple(table.sheet_names))
    return list(sheets), list(macros)


@functools.lru_cache(maxsize=8)
def _contents(path: Path, size: int, mtime_ns: int, sheet_names: tuple[str, ...]) -> tuple[tuple, tuple]:
    """Cached by file stamp: the export dialog asks on every keystroke."""
    sheets, macros = _read_contents(path, list(sheet_names))
    return tuple(sheets), tuple(macros)


def _read_contents(path: Path, sheet_names: list[str]) -> tuple[list[str], list[str]]:
    suffix = path.suffix.lower()
    if suffix in XLSX_OUT or zipfile.is_zipfile(path):
        from ..errors import InputError
        from .xlsx_convert import macro_sheets
        from .xlsx_package import Package

        try:
            with zipfile.ZipFile(path) as zf:
                pkg = Package(zf, path)
                return [s.name for s in pkg.sheets], pkg.macro_parts() + macro_sheets(pkg)
        except (zipfile.BadZipFile, KeyError, SyntaxError, InputError):
            return sheet_names, []
    return _legacy_sheet_names(path, sheet_names), (["macros"] if _legacy_has_macros(path) else [])


def _legacy_sheet_names(path: Path, sheet_names: list[str]) -> list[str]:
    try:
        from python_calamine import CalamineWorkbook

        return [m.name for m in CalamineWorkbook.from_path(str(path)).sheets_metadata]
    except Exception:
        return sheet_names


def _legacy_has_macros(path: Path) -> bool:
    """An .xls/.xlsb holds a VBA project when its bytes name one (we never write those formats)."""
    try:
        with open(path, "rb") as f:
            data = f.read(64 << 20)
    except OSError:
        return False
    return b"_VBA_PROJECT" in data or b"V\x00B\x00A\x00" in data


def check_keeps_everything(table: Table, out: Path, what: str) -> list[str]:
    """Refuse an export that would lose sheets; return the warnings to show *before* exporting (macros)."""
    fmt = output_format(out, table)
    if table.kind != "xlsx" or fmt == "folder":
        return []
    sheets, macros = workbook_contents(table)
    others = [s for s in sheets if s != table.sheet]
    if fmt == "csv" and others:
        listed = ", ".join(repr(s) for s in others)
        raise OutputError(
            out,
            "would lose the other sheets of {file} ({listed}): a {suffix} file holds one sheet; save the {what} file "
            "as {workbook} to keep them",
            file=table.path.name,
            listed=listed,
            suffix=out.suffix,
            what=_OUTPUT_NAMES.get(what, what),
            workbook=_workbook_suffix(table),
        )
    src, dst = table.path.suffix.lower(), out.suffix.lower()
    macro_sheets = [m for m in macros if "/" not in m and m != "macros"]
    if macro_sheets and dst != ".xlsm":
        raise OutputError(
            out,
            "would lose the macro sheets {sheets} of {file}; save it as .xlsm to keep them",
            sheets=", ".join(map(repr, macro_sheets)),
            file=table.path.name,
        )
    if macros and not (src == ".xlsm" and dst == ".xlsm"):
        if src == ".xlsm":
            return [
                Note(
                    "{name}: the macros of {file} are not kept: a {suffix} file cannot hold them (save as .xlsm to "
                    "keep them)",
                    name=out.name,
                    file=table.path.name,
                    suffix=dst,
                )
            ]
        return [
            Note(
                "{name}: the macros of {file} are not kept: a {suffix} file cannot hold them",
                name=out.name,
                file=table.path.name,
                suffix=dst,
            )
        ]
    return []


def _workbook_suffix(table: Table) -> str:
    suffix = table.path.suffix.lower()
    return suffix if suffix in XLSX_OUT else ".xlsx"


def check_size(out: Path, rows: int, columns: int, what: str = "") -> None:
    """ExcelLimitError when ``rows`` (header included) or ``columns`` exceed what one sheet can hold."""
    if out.suffix.lower() not in XLSX_OUT:
        return
    if rows > MAX_ROWS:
        raise ExcelLimitError.too_large(
            out, Note("{rows:,} rows{what} (Excel's limit is {limit:,})", rows=rows, what=what, limit=MAX_ROWS)
        )
    if columns > MAX_COLUMNS:
        raise ExcelLimitError.too_large(
            out,
            Note(
                "{columns:,} columns{what} (Excel's limit is {limit:,})", columns=columns, what=what, limit=MAX_COLUMNS
            ),
        )


def preflight(table: Table, outputs: Mapping[str, Path | str | None], extra_columns: int = 4) -> list[str]:
    """Everything that can be checked before a run's exports start. Returns warnings to show first; raises
    OutputError for an export that must not be written."""
    from .atomic import check_place, refuse_input

    check_distinct(outputs)
    for path in outputs.values():
        if path:
            refuse_input(Path(path), table.path, folder_input=table.kind == "txt")
    warnings: list[str] = []
    for what in ("cleaned", "annotated"):
        path = outputs.get(what)
        if not path:
            continue
        path = Path(path)
        warnings += check_keeps_everything(table, path, what)
        if what == "annotated":
            rows, cols = _sheet_size(table, path)
            check_size(path, rows, cols + extra_columns, Note(" with the annotation columns"))
    # The report is a table of its own, a workbook or a delimited file: named otherwise, it is refused here, before
    # the run - not once the cleaned and annotated files are written.
    report = outputs.get("report")
    if report and Path(report).suffix.lower() not in XLSX_OUT + CSV_OUT:
        raise unsupported_output(Path(report))
    # ... and so is an output whose folder does not exist (or whose name is a folder's)
    for what, path in outputs.items():
        if path:
            check_place(Path(path), folder=what == "cleaned" and output_format(Path(path), table) == "folder")
    return warnings


def _sheet_size(table: Table, out: Path) -> tuple[int, int]:
    """Rows (header included) and columns of the table as the output sheet would hold it."""
    if table.kind == "xlsx" and table.path.suffix.lower() in XLSX_OUT and out.suffix.lower() in XLSX_OUT:
        return table.header_row + len(table), table.first_column + len(table.columns)
    return len(table) + 1, len(table.columns)
