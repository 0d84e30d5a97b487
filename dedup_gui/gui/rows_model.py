"""A virtual table of every row with its cluster columns, fast at 100,000 rows.

Cells are rendered on demand from one numpy object array per column (cheap to take from the DataFrame); no
per-row Python objects are built. "Duplicates only" is an index array into those columns.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from dedup_gui.core.result import Resolution
from dedup_gui.core.table import Table, cell_text

_Index = QModelIndex | QPersistentModelIndex
_CELL_CHARS = 160  # one line per cell in the grid; the tooltip shows more
_FIXED = (
    QT_TRANSLATE_NOOP("RowsModel", "Row"),
    QT_TRANSLATE_NOOP("RowsModel", "Cluster"),
    QT_TRANSLATE_NOOP("RowsModel", "Status"),
    QT_TRANSLATE_NOOP("RowsModel", "Similarity"),
)


class RowsModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.table: Table | None = None
        self._columns: list[np.ndarray] = []
        self._names: list[str] = []
        self._text_columns: set[str] = set()
        self._res: Resolution | None = None
        self._rows = np.zeros(0, dtype=np.int64)  # visible row -> data row
        self.duplicates_only = False

    def set_table(self, table: Table | None, text_columns=()) -> None:
        self.beginResetModel()
        self.table = table
        self._names = list(table.columns) if table is not None else []
        self._columns = [table.data[c].to_numpy(dtype=object) for c in self._names] if table is not None else []
        self._text_columns = set(text_columns)
        self._res = None
        self._update_rows()
        self.endResetModel()

    def set_text_columns(self, text_columns) -> None:
        self._text_columns = set(text_columns)
        if self._names:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    def set_resolution(self, res: Resolution | None) -> None:
        self.beginResetModel()
        self._res = res
        # rows other rows are duplicates of; other kept rows of a cluster were marked "not a duplicate"
        self._is_kept = np.zeros(len(res.keep) if res is not None else 0, dtype=bool)
        if res is not None:
            self._is_kept[res.dup_of[res.dup_of >= 0]] = True
        self._update_rows()
        self.endResetModel()

    def set_duplicates_only(self, on: bool) -> None:
        self.beginResetModel()
        self.duplicates_only = on
        self._update_rows()
        self.endResetModel()

    def _update_rows(self) -> None:
        n = len(self.table) if self.table is not None else 0
        if self.duplicates_only and self._res is not None:
            self._rows = np.flatnonzero(self._res.cluster > 0)
        else:
            self._rows = np.arange(n, dtype=np.int64)

    def data_row(self, visible_row: int) -> int:
        return int(self._rows[visible_row])

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008,N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008,N802
        return 0 if parent.isValid() or not self._names else len(_FIXED) + len(self._names)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal:
            return None
        name = _FIXED[section] if section < len(_FIXED) else self._names[section - len(_FIXED)]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.tr(name) if section < len(_FIXED) else name
        if role == Qt.ItemDataRole.FontRole and name in self._text_columns and section >= len(_FIXED):
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.ToolTipRole and name in self._text_columns and section >= len(_FIXED):
            return self.tr("Compared for duplicates")
        return None

    def data(self, index: _Index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row = int(self._rows[index.row()])
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if col >= len(_FIXED):
                text = cell_text(self._columns[col - len(_FIXED)][row])
                if role == Qt.ItemDataRole.ToolTipRole:
                    return text[:2000] if len(text) > _CELL_CHARS else None
                return " ".join(text[: _CELL_CHARS * 2].split())[:_CELL_CHARS]
            if role == Qt.ItemDataRole.ToolTipRole:
                return None
            return self._fixed(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 1, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and col == 2 and self._res is not None and not self._res.keep[row]:
            f = QFont()
            f.setStrikeOut(True)
            return f
        return None

    def _fixed(self, row: int, col: int) -> str:
        if col == 0:
            return str(row + 1)
        res = self._res
        if res is None:
            return ""
        cluster = int(res.cluster[row])
        if col == 1:
            return str(cluster) if cluster else ""
        if col == 2:
            if not cluster:
                return ""
            if res.keep[row]:
                return self.tr("Kept") if self._is_kept[row] else self.tr("Not a duplicate")
            return self.tr("Duplicate of {row}").format(row=int(res.dup_of[row]) + 1)
        sim = float(res.similarity[row])
        return "" if math.isnan(sim) else f"{sim:.0%}"

