"""Every export: cleaned (kept rows only), annotated (every row plus four dup_* columns) and plain reports.

The output format follows the output's extension (.xlsx, .xlsm, .csv, .tsv; a folder for a folder of .txt
files). A workbook exported as a workbook is copied with edits (``xlsx_rewrite``: every sheet, style and
reference kept); anything else is written new (``xlsx_writer`` or ``csv_writer``). ``checks`` refuses what
would lose data before anything is written. All writes go through a temporary file renamed into place, and
never to the input.
"""

from __future__ import annotations

import shutil
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import Info, InputError, Note, OutputError
from ..progress import Reporter
from ..table import Rows, Table, pandas_missing
from .atomic import atomic_file, atomic_folder, refuse_input
from .checks import CSV_OUT, XLSX_OUT, check_keeps_everything, check_size, output_format, unsupported_output
from .csv_copy import SourceChanged, can_copy, open_source
from .csv_writer import csv_text, write_delimited
from .excel_limits import check_frame
from .headers import unique_headers
from .xlsx_safety import check_ooxml
from .xlsx_writer import WIDTH_SAMPLE, NewSheet, SheetStyle, column_widths, write_workbook

if TYPE_CHECKING:
    import pandas as pd

MANIFEST = "manifest.csv"


@dataclass
class WriteReport:
    path: Path
    kind: str  # "cleaned" | "annotated" | "report"
    rows: int  # data rows written (files copied, for a folder)
    notes: list[str] = field(default_factory=list)


def write_cleaned(
    table: Table, keep: np.ndarray, out: str | Path, reporter: Reporter | None = None, csv_safe: bool = False
) -> WriteReport:
    """The input minus the rows whose ``keep`` is False, everything else as it was.

    ``csv_safe``: neutralise formula-looking text in a CSV output (see ``csv_writer``).
    """
    out = Path(out)
    keep = _mask(keep, len(table))
    refuse_input(out, table.path, folder_input=table.kind == "txt")
    fmt = output_format(out, table)
    if fmt == "folder":
        return _clean_folder(table, keep, out, reporter)
    warnings = check_keeps_everything(table, out, "cleaned")
    if fmt == "xlsx" and _can_edit_in_place(table, out):
        from .xlsx_rewrite import edit_workbook  # the workbook copier: loaded only for workbook outputs
        from .xlsx_shift import RowMap

        _unchanged_since_read(table)
        check_ooxml(table.path, verify_sizes=table.source_stamp is None)  # (checked whole when read, if read)
        removed = table.header_row + 1 + np.flatnonzero(~keep)
        with atomic_file(out) as tmp, _input_damage(table):
            rows = RowMap(removed)
            notes = edit_workbook(
                table.path, tmp, table.sheet or "", rows, reporter=reporter, out_suffix=out.suffix.lower()
            )
        return WriteReport(out, "cleaned", int(keep.sum()), _unique(warnings + notes))
    if fmt == "csv" and can_copy(table, out, csv_safe):
        # The kept rows' lines copied from the input as they are (``csv_copy``), when it is as it was read.
        source = open_source(table)
        if source is not None:
            try:
                with source, atomic_file(out) as tmp:
                    n = source.copy(keep, tmp, reporter)
                return WriteReport(out, "cleaned", n, warnings)
            except SourceChanged:  # (saved again while it was copied: nothing of the copy is left)
                pass
    report = _write_rows(table, _file_header(table), table.rows_where(keep), out, fmt, "cleaned", reporter, csv_safe)
    report.notes[:0] = warnings
    return report


def _unique(notes: list[str]) -> list[str]:
    return list(dict.fromkeys(notes))


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
    table: Table,
    extra: pd.DataFrame,
    out: str | Path,
    reporter: Reporter | None = None,
    csv_safe: bool = False,
    style: SheetStyle | None = None,
) -> WriteReport:
    """Every input row with the ``extra`` columns (dup_cluster, dup_kept, dup_of, dup_similarity) appended.

    ``style`` (an .xlsx output): the sheet is written new, laid out for a reader (``SheetStyle``), even from a
    workbook that could be copied with edits - a reader's file, where the bands matter more than the input's
    formatting (its values and types are kept, and the user is told). Ignored for CSV.
    """
    out = Path(out)
    if len(extra) != len(table):
        raise ValueError(f"annotation has {len(extra)} rows, the table {len(table)}")
    refuse_input(out, table.path, folder_input=table.kind == "txt")
    fmt = output_format(out, table)
    if fmt == "folder":
        raise OutputError(out, "an annotated export is a table: name it .xlsx or .csv")
    notes = check_keeps_everything(table, out, "annotated")
    names, renames = unique_headers(list(table.columns) + [str(c) for c in extra.columns])
    extra_names = names[len(table.columns) :]
    notes += [
        Note("column {column} added as {name!r}", column=n, name=extra_names[i])
        for i, n in enumerate(extra.columns)
        if n != extra_names[i]
    ]
    # A CSV cell is the text it shows: the new columns made text a column at a time (a million rows' numbers).
    extra_columns = [_cell_texts(extra[c]) if fmt == "csv" else _plain_column(extra[c].tolist()) for c in extra]
    in_place = fmt == "xlsx" and _can_edit_in_place(table, out)
    others = None
    if in_place and style is not None:
        others = _sheets_for_a_new_workbook(table)
        in_place = others is None
        if in_place:
            notes.append(
                Note(
                    "written without highlighting: {file} has macros or a chart sheet, which only a copy of the "
                    "workbook keeps",
                    file=table.path.name,
                )
            )
    if in_place:
        check_size(out, table.header_row + len(table), table.first_column + len(names), Note(" with the new columns"))
        from .xlsx_rewrite import Appender, edit_workbook
        from .xlsx_shift import RowMap

        _unchanged_since_read(table)
        check_ooxml(table.path, verify_sizes=table.source_stamp is None)  # (checked whole when read, if read)
        header_style = None
        appender = Appender(
            first_col=table.first_column + len(table.columns),
            header_row=table.header_row,
            header=extra_names,
            values=[list(row) for row in zip(*extra_columns, strict=True)].__getitem__,
            n_rows=len(table),
            header_style=header_style,
        )
        with atomic_file(out) as tmp, _input_damage(table):
            notes += edit_workbook(
                table.path, tmp, table.sheet or "", RowMap([]), appender, reporter, out.suffix.lower()
            )
        return WriteReport(out, "annotated", len(table), notes)
    import pandas as pd

    combined = table.data.copy()
    combined.columns = pd.Index(names[: len(table.columns)], dtype=object)
    for name, col in zip(extra_names, extra_columns, strict=True):
        combined[name] = pd.Series(col, index=combined.index, dtype=object)
    if style is not None and fmt == "xlsx" and not style.widths:
        columns = _file_header(table) + extra_names
        sample = combined.head(WIDTH_SAMPLE).itertuples(index=False, name=None)
        style = SheetStyle(style.bands, style.autofilter, column_widths(columns, sample))
    report = _write_rows(
        table,
        _file_header(table) + extra_names,
        Rows.of_frame(combined),
        out,
        fmt,
        "annotated",
        reporter,
        csv_safe,
        style if fmt == "xlsx" else None,
        others,
    )
    report.notes[:0] = notes
    return report


def _sheets_for_a_new_workbook(table: Table) -> tuple[list[NewSheet], list[NewSheet]] | None:
    """The workbook's other sheets as values, or None when a new workbook would lose macros or a chart sheet."""
    from .checks import workbook_contents
    from .legacy_sheets import other_sheets

    if workbook_contents(table)[1]:
        return None
    try:
        return other_sheets(table)
    except OutputError:
        return None


def write_frame(
    frame: pd.DataFrame,
    out: str | Path,
    kind: str = "report",
    protect: str | Path | None = None,
    csv_safe: bool = False,
) -> WriteReport:
    """A plain table (e.g. the cluster report) as .xlsx or .csv/.tsv (UTF-8 with BOM, for Excel).

    ``protect``: the input file (or folder) of the run, which the report must never overwrite.
    """
    out = Path(out)
    if out.suffix.lower() in XLSX_OUT:
        return write_sheets({kind: frame}, out, kind, protect)
    if protect is not None:
        refuse_input(out, Path(protect), folder_input=Path(protect).is_dir())
    if out.suffix.lower() not in CSV_OUT:
        raise unsupported_output(out)
    columns = [str(c) for c in frame.columns]
    # every cell as its text, a column at a time: the rows are then all text, written without a call per cell
    rows = list(zip(*[_cell_texts(frame.iloc[:, i]) for i in range(len(columns))], strict=True)) if columns else []
    delimiter = "\t" if out.suffix.lower() == ".tsv" else ","
    with atomic_file(out) as tmp:
        n = write_delimited(tmp, out, columns, rows, len(rows), delimiter=delimiter, csv_safe=csv_safe)
    return WriteReport(out, kind, n, [])


def write_sheets(
    frames: dict[str, pd.DataFrame], out: str | Path, kind: str = "report", protect: str | Path | None = None
) -> WriteReport:
    """Several plain tables as the sheets of one new .xlsx workbook (bold header, text stays text)."""
    import pandas as pd

    out = Path(out)
    if protect is not None:
        refuse_input(out, Path(protect), folder_input=Path(protect).is_dir())
    if out.suffix.lower() not in XLSX_OUT:
        raise unsupported_output(out)
    sheets = []
    for name, frame in frames.items():
        columns = [str(c) for c in frame.columns]
        rows = [[_plain(v) for v in row] for row in frame.itertuples(index=False, name=None)]
        check_size(out, len(rows) + 1, len(columns), Note(" on sheet {name!r}", name=name))
        check_frame(out, columns, pd.DataFrame(rows, columns=range(len(columns)), dtype=object))
        sheets.append(NewSheet(name, columns, rows, len(rows)))
    with atomic_file(out) as tmp:
        total = write_workbook(tmp, sheets)
        _set_flavour(tmp, out)
    notes = [f"sheets: {', '.join(frames)}"] if len(frames) > 1 else []
    return WriteReport(out, kind, total, notes)


# ---- helpers ------------------------------------------------------------------------------------------------
@contextmanager
def _input_damage(table: Table) -> Iterator[None]:
    """The workbook is read a second time to copy it: damage found only now is still the input's problem."""
    try:
        yield
    except (zipfile.BadZipFile, ValueError, KeyError, SyntaxError) as e:  # ParseError is a SyntaxError
        raise InputError(table.path, "cannot be copied: the workbook is damaged ({e})", e=e) from None


def _file_header(table: Table) -> list[str]:
    """The header as the input file has it (blank or repeated names stay so); display names past its end."""
    source = list((table.source_header or table.columns)[: len(table.columns)])
    return source + [""] * (len(table.columns) - len(source))


def _mask(keep: np.ndarray, n: int) -> np.ndarray:
    keep = np.asarray(keep, dtype=bool)
    if keep.shape != (n,):
        raise ValueError(f"keep mask has shape {keep.shape}, the table has {n} rows")
    return keep


def _can_edit_in_place(table: Table, out: Path) -> bool:
    """The workbook itself is copied with edits when it is Office Open XML (.xlsx or .xlsm, either way) and the
    table has all of its columns."""
    src = table.path.suffix.lower()
    xlsx = table.kind == "xlsx" and src in XLSX_OUT and out.suffix.lower() in XLSX_OUT
    return xlsx and table.sheet is not None and not table.columns_dropped


def _set_flavour(tmp: Path, out: Path) -> None:
    """A new workbook named .xlsm gets the macro-enabled content type (Excel refuses it otherwise)."""
    if out.suffix.lower() != ".xlsm":
        return
    from .xlsx_package import WORKBOOK_TYPES

    with zipfile.ZipFile(tmp) as zf:
        members = [(info, zf.read(info)) for info in zf.infolist()]
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
        for info, data in members:
            if info.filename == "[Content_Types].xml":
                data = data.replace(WORKBOOK_TYPES[".xlsx"].encode(), WORKBOOK_TYPES[".xlsm"].encode())
            zf.writestr(info, data)


def _cell_texts(col: pd.Series) -> list[str]:
    """``[csv_text(_plain(v)) for v in col]``, the text a CSV shows of each cell (``table.cell_text``; "" where
    empty) - whole integer and float columns at once."""
    import pandas as pd

    if pd.api.types.is_integer_dtype(col.dtype) or pd.api.types.is_float_dtype(col.dtype):
        missing = col.isna().to_numpy()
        if pd.api.types.is_integer_dtype(col.dtype):
            texts = col.to_numpy(dtype=np.int64, na_value=0).astype(str).astype(object)
        else:  # whole numbers below 1e15 as integers, others as Python writes them (cell_text)
            numbers = col.to_numpy(dtype=np.float64, na_value=0.0)
            texts = np.empty(len(col), dtype=object)
            whole = (numbers == np.floor(numbers)) & (np.abs(numbers) < 1e15) & ~missing
            texts[whole] = numbers[whole].astype(np.int64).astype(str)
            rest = ~whole & ~missing
            texts[rest] = [repr(v) for v in numbers[rest].tolist()]
        texts[missing] = ""
        return texts.tolist()
    return [csv_text(_plain(v)) for v in col.tolist()]


def _plain_column(values: list) -> list:
    """``[_plain(v) for v in values]``: a column of Python numbers, text and gaps at once (a float NaN made None)."""
    kinds = set(map(type, values))
    if kinds <= {int, str, bool, type(None)}:
        return values
    pd = sys.modules.get("pandas")  # (pandas' NA and NaT: a gap too)
    na, nat = (pd.NA, pd.NaT) if pd is not None else (None, None)
    if kinds <= {int, float, str, bool, type(None), type(na), type(nat)}:
        return [None if v is na or v is nat or v != v else v for v in values]  # (of the rest, only NaN != itself)
    return [_plain(v) for v in values]


def _plain(v: object) -> object:
    if v is None or pandas_missing(v):
        return None
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float) and v != v:
        return None
    return v


def _write_rows(
    table: Table,
    columns: list[str],
    kept: Rows,
    out: Path,
    fmt: str,
    kind: str,
    reporter: Reporter | None,
    csv_safe: bool = False,
    style: SheetStyle | None = None,
    others: tuple[list[NewSheet], list[NewSheet]] | None = None,
) -> WriteReport:
    """``others``: the workbook's other sheets, when the caller has read them already."""
    notes: list[str] = []
    rows = kept.tuples()
    if fmt == "xlsx":
        check_size(out, len(kept) + 1, len(columns))
        check_frame(out, columns, kept.frame())
        sheets = [NewSheet(table.sheet or table.path.stem, columns, rows, len(kept), style=style)]
        if table.kind == "xlsx":
            from .legacy_sheets import other_sheets

            before, after = others if others is not None else other_sheets(table)
            sheets = before + sheets + after
            notes.append(
                Note(
                    "{file} is saved as a new workbook: values and types kept, formatting and formulas (their "
                    "results are kept) not",
                    file=table.path.name,
                )
            )
        with atomic_file(out) as tmp:
            n = write_workbook(tmp, sheets, reporter)
            _set_flavour(tmp, out)
        return WriteReport(out, kind, n, notes)
    tsv = out.suffix.lower() == ".tsv"
    if table.kind == "csv":
        encoding, bom, newline = table.encoding or "utf-8", table.bom, table.newline or "\r\n"
        delimiter = "\t" if tsv else (table.delimiter or ",")
    else:
        encoding, bom, newline, delimiter = "utf-8", True, "\r\n", "\t" if tsv else ","
    with atomic_file(out) as tmp:
        n = write_delimited(
            tmp, out, columns, rows, len(kept), encoding, bom, delimiter, newline, reporter, csv_safe, kept.text_only
        )
    return WriteReport(out, kind, n, notes)


def _clean_folder(table: Table, keep: np.ndarray, out: Path, reporter: Reporter | None) -> WriteReport:
    rel_paths = table.column_values("path")
    names = table.column_values("name")
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
                raise OutputError(
                    out, "input file {rel} disappeared since it was read; reload the folder", rel=rel
                ) from None
            copied += 1
            if reporter is not None and copied % 500 == 0:
                reporter.report("Writing", copied, total)
        manifest = [[rel, name, 1 if k else 0] for rel, name, k in zip(rel_paths, names, keep.tolist(), strict=True)]
        write_delimited(tmp / MANIFEST, out / MANIFEST, ["path", "name", "kept"], manifest, len(manifest))
    if reporter is not None:
        reporter.report("Writing", total, total)
    return WriteReport(
        out, "cleaned", copied, [Info("{manifest} lists every input file and whether it was kept", manifest=MANIFEST)]
    )
