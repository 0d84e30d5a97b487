"""Readers and writers: .xlsx/.xls workbooks, delimited text files and folders of .txt files <-> Table.

Reading keeps every value as the file stores it; writing keeps everything it does not have to change, goes
through a temporary file, and never touches the input.
"""

from .excel_limits import ExcelLimitError
from .readers import list_sheets, read_table
from .writers import WriteReport, write_annotated, write_cleaned, write_frame, write_sheets

__all__ = [
    "ExcelLimitError",
    "WriteReport",
    "list_sheets",
    "read_table",
    "write_annotated",
    "write_cleaned",
    "write_frame",
    "write_sheets",
]
