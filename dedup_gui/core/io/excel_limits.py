"""What .xlsx cannot store: more than 1,048,576 rows or 16,384 columns, control characters, cells longer than
32,767 characters. Checked before writing; every refusal suggests CSV, which holds all of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import regexes
from ..errors import Note, OutputError

if TYPE_CHECKING:
    import pandas as pd

MAX_CELL_CHARS = 32767
MAX_ROWS = 1_048_576
MAX_COLUMNS = 16_384
# XML 1.0 forbids C0 controls except tab/newline/return; U+FFFE/U+FFFF and lone surrogates cannot be stored either.
ILLEGAL_XML_CHARS = regexes.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


class ExcelLimitError(OutputError):
    """The table cannot be saved in .xlsx; nothing was written. ``cells`` lists (row, column) of each cell
    that cannot be stored (empty when the whole table is too large). The GUI offers CSV instead."""

    def __init__(self, path, cells: list[tuple[int, str]], first_reason: str):
        self.cells = cells
        row, column = cells[0]
        where = Note("the header") if row == 0 else Note("data row {row}", row=row)
        more = Note(" (and {count} more cells)", count=len(cells) - 1) if len(cells) > 1 else ""
        super().__init__(
            path,
            "cannot be saved as .xlsx: {where}, column {column!r} {reason}{more}; save as .csv instead (lossless)",
            where=where,
            column=column,
            reason=first_reason,
            more=more,
        )

    @classmethod
    def too_large(cls, path, size: str) -> ExcelLimitError:
        """The whole table too large (``size``: what it would have, a ``Note``)."""
        error = cls.__new__(cls)
        error.cells = []
        OutputError.__init__(
            error, path, "cannot be saved as .xlsx: it would have {size}; save as .csv instead", size=size
        )
        return error


def cell_problem(text: str) -> str | None:
    if len(text) > MAX_CELL_CHARS:
        return Note("has {chars:,} characters (Excel's limit is {limit:,})", chars=len(text), limit=MAX_CELL_CHARS)
    m = ILLEGAL_XML_CHARS.search(text)
    if m:
        return Note("contains the control character U+{code:04X}, which Excel cannot store", code=ord(m.group()))
    return None


def check_frame(path, columns: Sequence[str], frame: pd.DataFrame) -> None:
    """Raise ExcelLimitError naming the first offending cell (rows 1-based as data rows; 0 = header)."""
    bad: list[tuple[int, int, str]] = []  # (row, column index, reason)
    for j, name in enumerate(columns):
        reason = cell_problem(str(name))
        if reason:
            bad.append((0, j, reason))
    for j in range(frame.shape[1]):
        # plain Python per cell: pandas' string methods may hand the pattern to pyarrow, which rejects surrogates
        for row, value in enumerate(frame.iloc[:, j].tolist(), start=1):
            if isinstance(value, str) and (len(value) > MAX_CELL_CHARS or ILLEGAL_XML_CHARS.search(value)):
                bad.append((row, j, cell_problem(value) or ""))
    if bad:
        bad.sort()
        cells = [(r, str(columns[c])) for r, c, _ in bad]
        raise ExcelLimitError(path, cells, bad[0][2])
