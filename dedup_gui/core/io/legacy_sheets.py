"""The other sheets of an old-format workbook (.xls, .xlsb), copied as values into the new .xlsx that holds
the cleaned or annotated sheet, so an export to another format keeps every sheet."""

from __future__ import annotations

from ..errors import InputError, OutputError
from ..table import Table
from .xlsx_writer import NewSheet


def other_sheets(table: Table) -> tuple[list[NewSheet], list[NewSheet]]:
    """Sheets before and after the data sheet, each as its values at their places (no header row added)."""
    from python_calamine import CalamineWorkbook

    from .xlsx_reader import _is_worksheet, _value

    try:
        wb = CalamineWorkbook.from_path(str(table.path))
    except Exception as e:
        raise InputError(table.path, "cannot be read again to copy its other sheets ({e})", e=e) from None
    before: list[NewSheet] = []
    after: list[NewSheet] = []
    seen_data = False
    for meta in wb.sheets_metadata:
        if meta.name == table.sheet:
            seen_data = True
            continue
        if not _is_worksheet(meta):
            raise OutputError(
                table.path.with_suffix(".xlsx"),
                "would lose the chart or macro sheet {sheet!r} of {file}, which cannot be copied from this format; "
                "open it in Excel and save it as .xlsx first",
                sheet=meta.name,
                file=table.path.name,
            )
        ws = wb.get_sheet_by_name(meta.name)
        rows = [[_value(v) for v in row] for row in ws.to_python(skip_empty_area=False)]
        (after if seen_data else before).append(NewSheet(meta.name, (), rows, len(rows), header=False))
    return before, after
