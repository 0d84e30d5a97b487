"""Reading one sheet of a workbook (.xlsx/.xlsm, also .xls/.xlsb) with python-calamine.

Values keep the workbook's types: text stays text (so "000123" stays "000123"), whole numbers become int
(Excel shows 1, not 1.0), dates, times and booleans stay what they are; empty cells are None.
"""

from __future__ import annotations

import datetime as _dt
from operator import itemgetter
from pathlib import Path

import numpy as np

from ..errors import Cancelled, InputError, Note
from ..parallel import WORKERS, in_pool_thread, submit
from ..progress import Reporter
from ..table import Cells, Table, cell_text
from .headers import unique_headers
from .xlsx_safety import OOXML_SUFFIXES, check_ooxml, prove_declared_sizes

PROGRESS_EVERY = 5000
COLUMN_SLICE = 50_000  # rows of a column converted at once (``_column``)
_EXACT_INT = 2**53


def _open(path: Path, container: str, checked: bool = False):
    """The workbook, opened by calamine once ``check_ooxml`` has found it harmless (``checked``: the caller has
    seen to that)."""
    from python_calamine import CalamineWorkbook

    if not checked and _is_ooxml(path, container):
        check_ooxml(path)
    try:
        return CalamineWorkbook.from_path(str(path))
    except Exception as e:  # calamine raises its own error types for every kind of damage
        suffix = path.suffix.lower()
        if container == "cfb" and suffix in (".xls", ".xlsx", ".xlsm"):
            raise InputError(
                path,
                "cannot be read: it is password-protected or an old-format workbook calamine cannot parse "
                "({reason}); open it in Excel and save as .xlsx without a password",
                reason=_one_line(e),
            ) from None
        raise InputError(
            path, "cannot be read as a workbook ({reason}); the file may be damaged", reason=_one_line(e)
        ) from None


def list_workbook_sheets(path: Path, container: str) -> list[str]:
    wb = _open(path, container)
    return [m.name for m in wb.sheets_metadata if _is_worksheet(m)]


def _is_ooxml(path: Path, container: str) -> bool:
    return container == "zip" or path.suffix.lower() in OOXML_SUFFIXES


def read_workbook(path: Path, container: str, sheet: str | None, reporter: Reporter | None) -> Table:
    # The large parts' declared sizes proven (``prove_declared_sizes``: each unpacked once) on a thread of the
    # engine's while calamine parses them here - both let go of the interpreter lock - and awaited before anything
    # the parse made is used or any of its errors told: a part that lies about its size is refused with that
    # message. calamine itself stops at each part's declared size (python-calamine 0.9.1 on: the workbook's
    # declared sizes, at most 2 GiB in all, bound what it unpacks). 100k articles: the proof 1.5 s and the parse
    # 2.1 s, one after the other before.
    proof = None
    if _is_ooxml(path, container):
        check_ooxml(path, verify_sizes=False)
        proof = submit(prove_declared_sizes, path) if WORKERS > 1 and not in_pool_thread() else None
        if proof is None:
            prove_declared_sizes(path)
    try:
        wb = _open(path, container, checked=True)
        names = [m.name for m in wb.sheets_metadata if _is_worksheet(m)]
        if not names:
            raise InputError(path, "has no worksheets")
        if sheet is None:
            sheet = names[0]
        elif sheet not in names:
            raise InputError(
                path, "has no sheet named {sheet!r} (sheets: {sheets})", sheet=sheet, sheets=", ".join(names)
            )
        if reporter is not None:
            reporter.report("Loading", 0, 1)
        try:
            ws = wb.get_sheet_by_name(sheet)  # parses the sheet with the GIL released
        except Exception as e:
            raise _unreadable(path, sheet, e) from None
    except BaseException:
        if proof is not None:
            proof.result()  # (its refusal, if any, is what the user is told)
        raise
    if proof is not None:
        proof.result()
    try:
        rows = _rows(ws, reporter)
    except Cancelled:
        raise
    except Exception as e:
        raise _unreadable(path, sheet, e) from None
    start_row, start_col = ws.start or (0, 0)
    while rows and all(v == "" for v in rows[-1]):
        rows.pop()  # trailing empty rows are not data rows
    if not rows:
        raise InputError(path, "sheet {sheet!r} is empty", sheet=sheet)
    skip = _title_rows(rows, _merged(ws), start_row, start_col)
    notes: list[str] = []
    if skip:
        notes.append(
            Note(
                "row {row} looks like a title (merged cells); the header is row {header}",
                row=start_row + 1,
                header=start_row + skip + 1,
            )
        )
    header = [cell_text(_value(v)) for v in rows[skip]]
    body = rows[skip + 1 :]
    if not body:
        raise InputError(path, "sheet {sheet!r} has a header but no data rows", sheet=sheet)
    names_, renames = unique_headers(header, first_column=start_col)
    notes += renames
    # Column by column, each column's values converted at once (``_column``), a slice of rows at a time: the
    # window's thread gets the GIL between. (Row by row, a call per cell, had taken 0.18 s of the 0.44 s read of
    # 100k rows of two columns.) Table.data: the DataFrame made when asked for.
    width, total = len(names_), len(body)
    if body and min(map(len, body)) < width:  # a short row: empty cells
        body = [row if len(row) >= width else [*row, *[""] * (width - len(row))] for row in body]
    block = np.empty((width, total), dtype=object)
    slices = [(lo, min(lo + COLUMN_SLICE, total)) for lo in range(0, total, COLUMN_SLICE)]
    for j in range(width):
        for lo, hi in slices:
            block[j, lo:hi] = _column(list(map(itemgetter(j), body[lo:hi])))
            if reporter is not None:
                reporter.report("Loading", (j * total + hi) // width, total)  # (rows: the share done)
    cells = Cells(block, names_)
    body = []  # (the same row lists as ``rows``: nothing is freed here)
    release(rows)
    return Table(
        path=path,
        kind="xlsx",
        columns=names_,
        data=cells,  # type: ignore[arg-type]
        sheet=sheet,
        sheet_names=names,
        header_row=start_row + skip + 1,
        first_column=start_col,
        warnings=notes,
        source_header=header,
    )


def release(rows: list, step: int = PROGRESS_EVERY) -> None:
    """Empty a long list of row lists a slice at a time. Freed at once (when the reader returns), 100,000s of lists
    hold the interpreter lock for 100+ ms in one go - with the window waiting for it to draw."""
    while rows:
        del rows[-step:]


def _rows(ws, reporter: Reporter | None) -> list[list[object]]:
    """All rows, converted row by row (``to_python()`` holds the GIL for the whole sheet: seconds at 100k rows)."""
    rows = []
    skip = (ws.start or (0, 0))[0]  # iter_rows starts at the sheet's first row, to_python at the data's
    for i, row in enumerate(ws.iter_rows()):
        if i < skip:
            continue
        rows.append(row)
        if reporter is not None and i % PROGRESS_EVERY == 0:
            reporter.check()
    return rows


def _merged(ws) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    try:
        return list(ws.merged_cell_ranges or [])
    except Exception:  # older calamine builds, or formats without merge information
        return []


def _title_rows(rows: list[list[object]], merged, start_row: int, start_col: int) -> int:
    """Leading rows holding one value in a merged cell across several columns, above a row of several values,
    are titles, not the header ("2024年新闻汇总" over the real column names)."""
    titles = {(r0, c0) for (r0, c0), (r1, c1) in merged if c1 > c0}
    skip = 0
    while skip + 1 < len(rows):
        filled = [j for j, v in enumerate(rows[skip]) if v != ""]
        if not filled:
            skip += 1
            continue
        if len(filled) != 1 or (start_row + skip, start_col + filled[0]) not in titles:
            break
        nxt = skip + 1
        while nxt < len(rows) and all(v == "" for v in rows[nxt]):
            nxt += 1
        if nxt >= len(rows) or sum(1 for v in rows[nxt] if v != "") < 2:
            break
        skip = nxt
    return skip if skip and any(v != "" for v in rows[skip]) else 0


def _column(values: list) -> np.ndarray:
    """``[_value(v) for v in values]`` as an object array: a column of text, or of numbers, at once; others value
    by value."""
    kinds = set(map(type, values))
    if kinds <= {str}:
        texts = (v or None for v in values) if "" in values else values
        return np.fromiter(texts, dtype=object, count=len(values))
    if kinds == {float}:
        out = np.fromiter(values, dtype=object, count=len(values))
        numbers = np.array(values, dtype=np.float64)
        whole = np.flatnonzero((np.floor(numbers) == numbers) & (np.abs(numbers) < _EXACT_INT))
        out[whole] = numbers[whole].astype(np.int64).tolist()
        return out
    return np.fromiter(map(_value, values), dtype=object, count=len(values))


def _value(v: object) -> object:
    if isinstance(v, str):
        return None if v == "" else v
    if isinstance(v, float) and v.is_integer() and abs(v) < _EXACT_INT:
        return int(v)
    if isinstance(v, (bool, int, float, _dt.date, _dt.time, _dt.timedelta)):
        return v
    return v


def _unreadable(path: Path, sheet: str, e: BaseException) -> InputError:
    return InputError(
        path, "sheet {sheet!r} cannot be read ({reason}); the file may be damaged", sheet=sheet, reason=_one_line(e)
    )


def _is_worksheet(meta) -> bool:
    typ = str(getattr(meta, "typ", "WorkSheet"))
    return "WorkSheet" in typ


def _one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0][:200] if text else type(e).__name__
