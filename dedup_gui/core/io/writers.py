"""Every export: cleaned (kept rows only), annotated (every row plus four dup_* columns) and plain reports.

The output format follows the output's extension (.xlsx, .csv, .tsv; a folder for a folder of .txt files).
All writes go through a temporary file renamed into place, and never to the input.
"""

from __future__ import annotations

import shutil
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import InputError, OutputError
from ..progress import Reporter
from ..table import Table
from .atomic import atomic_file, atomic_folder, refuse_input
from .csv_writer import write_delimited
from .excel_limits import check_frame
from .headers import unique_headers
from .xlsx_rewrite import Appender, RowMap, edit_workbook
from .xlsx_safety import check_ooxml
from .xlsx_writer import write_new_workbook

XLSX_OUT = (".xlsx", ".xlsm")
CSV_OUT = (".csv", ".tsv")
MANIFEST = "manifest.csv"


@dataclass
class WriteReport:
    path: Path
    kind: str  # "cleaned" | "annotated" | "report"
    rows: int  # data rows written (files copied, for a folder)
    notes: list[str] = field(default_factory=list)


def write_cleaned(table: Table, keep: np.ndarray, out: str | Path, reporter: Reporter | None = None) -> WriteReport:
    """The input minus the rows whose ``keep`` is False, everything else as it was."""
    out = Path(out)
    keep = _mask(keep, len(table))
    refuse_input(out, table.path, folder_input=table.kind == "txt")
    fmt = _format(out, table)
    if fmt == "folder":
        return _clean_folder(table, keep, out, reporter)
    kept = table.data[keep]
    if fmt == "xlsx" and _can_edit_in_place(table, out):
        _unchanged_since_read(table)
        check_ooxml(table.path)
        removed = table.header_row + 1 + np.flatnonzero(~keep)
        with atomic_file(out) as tmp, _input_damage(table):
            notes = edit_workbook(table.path, tmp, table.sheet, RowMap(removed), reporter=reporter)
        return WriteReport(out, "cleaned", int(keep.sum()), notes)
    return _write_rows(table, _file_header(table), kept, out, fmt, "cleaned", reporter)


def _unchanged_since_read(table: Table) -> None:
    """The in-place export edits the input workbook by row position: refuse if it was saved again since."""
    from .readers import file_stamp

    if table.source_stamp is None:
        return
    try:
        now = file_stamp(table.path)
    except OSError:
        raise InputError(table.path, "is no longer there; it was moved or deleted after it was loaded") from None
    if now != table.source_stamp:
        raise InputError(table.path, "was changed on disk after it was loaded; open it again before exporting")


def write_annotated(
    table: Table, extra: pd.DataFrame, out: str | Path, reporter: Reporter | None = None
) -> WriteReport:
    """Every input row with the ``extra`` columns (dup_cluster, dup_kept, dup_of, dup_similarity) appended."""
    out = Path(out)
    if len(extra) != len(table):
        raise ValueError(f"annotation has {len(extra)} rows, the table {len(table)}")
    refuse_input(out, table.path, folder_input=table.kind == "txt")
    fmt = _format(out, table)
    if fmt == "folder":
        raise OutputError(out, "an annotated export is a table: name it .xlsx or .csv")
    names, renames = unique_headers(list(table.columns) + [str(c) for c in extra.columns])
    extra_names = names[len(table.columns) :]
    notes = [f"column {n} added as {extra_names[i]!r}" for i, n in enumerate(extra.columns) if n != extra_names[i]]
    extra_rows = [[_plain(v) for v in row] for row in extra.itertuples(index=False, name=None)]
    if fmt == "xlsx" and _can_edit_in_place(table, out):
        _unchanged_since_read(table)
        check_ooxml(table.path)
        header_style = None
        appender = Appender(
            first_col=table.first_column + len(table.columns),
            header_row=table.header_row,
            header=extra_names,
            values=extra_rows.__getitem__,
            n_rows=len(table),
            header_style=header_style,
        )
        with atomic_file(out) as tmp, _input_damage(table):
            notes += edit_workbook(table.path, tmp, table.sheet, RowMap([]), appender, reporter)
        return WriteReport(out, "annotated", len(table), notes)
    combined = table.data.copy()
    combined.columns = pd.Index(names[: len(table.columns)], dtype=object)
    for name, col in zip(
        extra_names, zip(*extra_rows, strict=True) if extra_rows else [()] * len(extra_names), strict=True
    ):
        combined[name] = pd.Series(list(col), index=combined.index, dtype=object)
    report = _write_rows(table, _file_header(table) + extra_names, combined, out, fmt, "annotated", reporter)
    report.notes[:0] = notes
    return report


def write_frame(
    frame: pd.DataFrame, out: str | Path, kind: str = "report", protect: str | Path | None = None
) -> WriteReport:
    """A plain table (e.g. the cluster report) as .xlsx or .csv/.tsv (UTF-8 with BOM, for Excel).

    ``protect``: the input file (or folder) of the run, which the report must never overwrite.
    """
    out = Path(out)
    if protect is not None:
        refuse_input(out, Path(protect), folder_input=Path(protect).is_dir())
    suffix = out.suffix.lower()
    columns = [str(c) for c in frame.columns]
    rows = [[_plain(v) for v in row] for row in frame.itertuples(index=False, name=None)]
    if suffix in XLSX_OUT:
        check_frame(out, columns, pd.DataFrame(rows, columns=range(len(columns)), dtype=object))
        with atomic_file(out) as tmp:
            n = write_new_workbook(tmp, columns, rows, len(rows), sheet_name=kind)
    elif suffix in CSV_OUT:
        with atomic_file(out) as tmp:
            n = write_delimited(tmp, out, columns, rows, len(rows), delimiter="\t" if suffix == ".tsv" else ",")
    else:
        raise _unsupported(out)
    return WriteReport(out, kind, n, [])


def write_sheets(
    frames: dict[str, pd.DataFrame], out: str | Path, kind: str = "report", protect: str | Path | None = None
) -> WriteReport:
    """Several plain tables as the sheets of one new .xlsx workbook (bold header, text stays text)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    out = Path(out)
    if protect is not None:
        refuse_input(out, Path(protect), folder_input=Path(protect).is_dir())
    if out.suffix.lower() not in XLSX_OUT:
        raise _unsupported(out)
    wb = Workbook(write_only=True)
    bold = Font(bold=True)
    total = 0
    for name, frame in frames.items():
        columns = [str(c) for c in frame.columns]
        rows = [[_plain(v) for v in row] for row in frame.itertuples(index=False, name=None)]
        check_frame(out, columns, pd.DataFrame(rows, columns=range(len(columns)), dtype=object))
        ws = wb.create_sheet(name[:31])
        ws.freeze_panes = "A2"
        header = []
        for c in columns:
            cell = WriteOnlyCell(ws, value=c)
            cell.font = bold
            header.append(cell)
        ws.append(header)
        for row in rows:
            cells = []
            for v in row:
                cell = WriteOnlyCell(ws, value=v)
                if isinstance(v, str) and v.startswith("="):
                    cell.data_type = "s"  # text that looks like a formula stays text
                cells.append(cell)
            ws.append(cells)
        total += len(rows)
    with atomic_file(out) as tmp:
        wb.save(tmp)
    return WriteReport(out, kind, total, [f"sheets: {', '.join(frames)}"])


# ---- helpers ------------------------------------------------------------------------------------------------
@contextmanager
def _input_damage(table: Table) -> Iterator[None]:
    """The workbook is read a second time to copy it: damage found only now is still the input's problem."""
    try:
        yield
    except (zipfile.BadZipFile, ValueError, KeyError, SyntaxError) as e:  # ParseError is a SyntaxError
        raise InputError(table.path, f"cannot be copied: the workbook is damaged ({e})") from None


def _file_header(table: Table) -> list[str]:
    """The header as the input file has it (blank or repeated names stay so); display names past its end."""
    source = list((table.source_header or table.columns)[: len(table.columns)])
    return source + [""] * (len(table.columns) - len(source))


def _mask(keep: np.ndarray, n: int) -> np.ndarray:
    keep = np.asarray(keep, dtype=bool)
    if keep.shape != (n,):
        raise ValueError(f"keep mask has shape {keep.shape}, the table has {n} rows")
    return keep


def _format(out: Path, table: Table) -> str:
    suffix = out.suffix.lower()
    if suffix in XLSX_OUT:
        return "xlsx"
    if suffix in CSV_OUT:
        return "csv"
    if table.kind == "txt" and (suffix == "" or out.is_dir()):
        return "folder"
    raise _unsupported(out)


def _unsupported(out: Path) -> OutputError:
    return OutputError(out, f"unsupported output type {out.suffix or '(none)'!r}; name it .xlsx, .csv or .tsv")


def _can_edit_in_place(table: Table, out: Path) -> bool:
    """The workbook itself can be copied with edits when it is Office Open XML of the same flavour."""
    src = table.path.suffix.lower()
    return table.kind == "xlsx" and src in XLSX_OUT and src == out.suffix.lower() and table.sheet is not None


def _plain(v: object) -> object:
    if v is None or v is pd.NA or v is pd.NaT:
        return None
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float) and v != v:
        return None
    return v


def _write_rows(
    table: Table, columns: list[str], frame: pd.DataFrame, out: Path, fmt: str, kind: str, reporter
) -> WriteReport:
    notes: list[str] = []
    rows = frame.itertuples(index=False, name=None)
    if fmt == "xlsx":
        check_frame(out, columns, frame)
        if table.kind == "xlsx":
            notes.append(f"{table.path.name} is saved as a new workbook: values and types kept, formatting not")
        with atomic_file(out) as tmp:
            n = write_new_workbook(
                tmp, columns, rows, len(frame), sheet_name=table.sheet or table.path.stem, reporter=reporter
            )
        return WriteReport(out, kind, n, notes)
    tsv = out.suffix.lower() == ".tsv"
    if table.kind == "csv":
        encoding, bom, newline = table.encoding or "utf-8", table.bom, table.newline or "\r\n"
        delimiter = "\t" if tsv else (table.delimiter or ",")
    else:
        encoding, bom, newline, delimiter = "utf-8", True, "\r\n", "\t" if tsv else ","
    with atomic_file(out) as tmp:
        n = write_delimited(tmp, out, columns, rows, len(frame), encoding, bom, delimiter, newline, reporter)
    return WriteReport(out, kind, n, notes)


def _clean_folder(table: Table, keep: np.ndarray, out: Path, reporter: Reporter | None) -> WriteReport:
    rel_paths = table.data["path"].tolist()
    names = table.data["name"].tolist()
    total = int(keep.sum())
    copied = 0
    with atomic_folder(out) as tmp:
        for rel, kept in zip(rel_paths, keep.tolist(), strict=True):
            if not kept:
                continue
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                shutil.copy2(table.path / rel, target)
            except FileNotFoundError:
                raise OutputError(out, f"input file {rel} disappeared since it was read; reload the folder") from None
            copied += 1
            if reporter is not None and copied % 500 == 0:
                reporter.report("Writing", copied, total)
        manifest = [[rel, name, 1 if k else 0] for rel, name, k in zip(rel_paths, names, keep.tolist(), strict=True)]
        write_delimited(tmp / MANIFEST, out / MANIFEST, ["path", "name", "kept"], manifest, len(manifest))
    if reporter is not None:
        reporter.report("Writing", total, total)
    return WriteReport(out, "cleaned", copied, [f"{MANIFEST} lists every input file and whether it was kept"])
