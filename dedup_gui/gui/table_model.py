"""The one table model: any list of rows, drawn through a toolkit-free column description (``core.columns``).

The cluster list, the members of a cluster, every row of the input and the hot stories are all this model over
different columns. It sorts and filters itself: one Python sort over the column's keys (instead of Qt's pairwise
comparisons, which call back into Python n·log n times), a filter over the rows, and the view's selection kept
through a sort by remapping persistent indexes. The order of the rows shown is an array, never a Python list: at a
million rows a list of them, or a dict of where each is, took 0.1-0.25 s of the window's thread to make.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence, Set
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from dedup_gui.core.columns import ATTENTION, BOLD, MUTED, STRIKE, Column

# The roles ``data`` tells apart, looked up once: each ``Qt.ItemDataRole.X`` is a lookup of ~0.3 us through PySide's
# enum, up to five for one question - 1,100 questions a paint of the cluster list.
_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_FONT = Qt.ItemDataRole.FontRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
ROW_ROLE = Qt.ItemDataRole.UserRole + 1  # the row object itself
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
SHARE_ROLE = Qt.ItemDataRole.UserRole + 3  # 0..1, for a bar behind the cell
# The roles ``data`` answers: a view asks each cell for seven as it paints it (a check box, an icon, a background
# too), and the rest are answered before the row is looked up (840 questions a paint of the cluster list).
_ANSWERED = frozenset({_DISPLAY, _TOOLTIP, _ALIGNMENT, _FONT, _FOREGROUND, ROW_ROLE, SORT_ROLE, SHARE_ROLE})

_Index = QModelIndex | QPersistentModelIndex
_NO_ROWS = np.zeros(0, dtype=np.int64)
_ROOT = QModelIndex()
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

# Rows above which the sort by a column's keys runs on a thread of the model's own (numpy's sort lets go of the
# interpreter lock): the rows keep their order until it is done. A million rows' stable sort took 50-90 ms, and
# the Rows tab's sorts stalled the window 130-260 ms, on its thread.
SORT_IN_LINE = 200_000


def translator(context: str) -> Callable[[str], str]:
    """A ``tr`` for the core's column builders: English in, the interface language out."""
    return lambda text: QCoreApplication.translate(context, text)


class ColumnTableModel(QAbstractTableModel):
    _sorted_off_thread = Signal(object, object)  # (the order that was sorted, the order sorted)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: Sequence[Any] = ()
        self._columns: list[Column] = []
        self._order = _NO_ROWS  # visible row -> index into _rows (int64; replaced, never changed in place)
        self._position: np.ndarray | None = None  # index into _rows -> visible row, -1 if hidden (made when asked)
        # Which indexes into _rows are shown (None: all): a predicate, or the set of them.
        self._accept: Callable[[int], bool] | Set[int] | None = None
        self._sorted: tuple[int, Qt.SortOrder] | None = None
        self._sorting: ThreadPoolExecutor | None = None  # the thread of large sorts (``SORT_IN_LINE``)
        self._sort_of: np.ndarray | None = None  # the order a large sort is sorting (None: no sort running)
        self._sorted_off_thread.connect(self._take_sorted)

    # -- content ----

    def set_rows(self, rows: Sequence[Any], columns: Sequence[Column] | None = None) -> None:
        self.beginResetModel()
        self._rows = rows
        if columns is not None:
            self._columns = list(columns)
        self._arrange()
        self.endResetModel()

    def set_columns(self, columns: Sequence[Column]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        if self._sorted and self._sorted[0] >= len(self._columns):
            self._sorted = None
        self._arrange()
        self.endResetModel()

    def set_filter(self, accept: Callable[[int], bool] | Set[int] | None) -> None:
        """Show only the rows whose index in the row list ``accept`` says yes to, or holds when it is a set
        (None: all; the rows themselves are not looked at); the current sort order stays."""
        self.beginResetModel()
        self._accept = accept
        self._arrange()
        self.endResetModel()

    def rows_changed(self, indexes: Sequence[int] | None = None) -> None:
        """Rows (indexes into the row list; None: all) show something new; the order stays until the next sort."""
        if not len(self._order) or not self._columns:
            return
        if indexes is None or len(indexes) > 64:  # many rows: one signal, the view repaints what it shows
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._order) - 1, len(self._columns) - 1))
            return
        for i in indexes:
            visible = self.visible_row(i)
            if visible >= 0:
                self.dataChanged.emit(self.index(visible, 0), self.index(visible, len(self._columns) - 1))

    @property
    def columns(self) -> list[Column]:
        return self._columns

    @property
    def source_rows(self) -> Sequence[Any]:
        return self._rows

    def row(self, visible: int) -> Any:
        return self._rows[int(self._order[visible])]

    def source_index(self, visible: int) -> int:
        return int(self._order[visible])

    def visible_row(self, source_index: int) -> int:
        """Where the row list's entry ``source_index`` is shown (-1: filtered out, or no such entry)."""
        if self._position is None:
            position = np.full(len(self._rows), -1, dtype=np.int64)
            position[self._order] = np.arange(len(self._order), dtype=np.int64)
            self._position = position
        return int(self._position[source_index]) if 0 <= source_index < len(self._position) else -1

    def order_array(self) -> np.ndarray:
        """``source_index`` of every visible row (int64; not to be written to)."""
        return self._order

    def visible_rows(self) -> list[Any]:
        return list(map(self._rows.__getitem__, self._order.tolist()))

    def _arrange(self) -> None:
        self._sort_of = None  # (a large sort still running is for the rows before)
        n, accept = len(self._rows), self._accept
        if accept is None:
            order = np.arange(n, dtype=np.int64)
        elif isinstance(accept, Set):  # the indexes themselves: no call per row
            order = np.fromiter(accept, dtype=np.int64, count=len(accept))
            order = np.sort(order[(order >= 0) & (order < n)])
        else:
            order = np.fromiter(filter(accept, range(n)), dtype=np.int64)
        self._position = None
        if self._sorted is not None:
            order = self._sorted_order(order, *self._sorted)
        self._order = order

    def _sorted_order(self, order: np.ndarray, column: int, how: Qt.SortOrder) -> np.ndarray:
        col, rows = self._columns[column], self._rows
        descending = how == Qt.SortOrder.DescendingOrder
        if col.in_order:  # the list's own order (row or cluster number): no key to compute
            ascending = np.sort(order)
            return ascending[::-1].copy() if descending else ascending
        if col.sort_keys is not None:  # numbers for all the rows at once; a stable sort, as sorted() is
            found = col.sort_keys(self._rows_at(order))
            if found is None:  # being made (``keys_ready`` sorts again when they are)
                return order
            keys = np.asarray(found)
            if len(order) > SORT_IN_LINE:
                self._sort_off_thread(order, -keys if descending else keys)
                return order
            return order[np.argsort(-keys if descending else keys, kind="stable")]
        ranked = sorted(order.tolist(), key=lambda i: col.sort_value(rows[i]), reverse=descending)
        return np.array(ranked, dtype=np.int64)

    def _rows_at(self, order: np.ndarray) -> Sequence[Any]:
        """``[rows[i] for i in order]``, without a Python step per row when the rows are a range of numbers or an
        array."""
        rows = self._rows
        if isinstance(rows, range) and rows.step == 1:
            return order + rows.start
        if isinstance(rows, np.ndarray):
            return rows[order]
        return list(map(rows.__getitem__, order.tolist()))

    def _sort_off_thread(self, order: np.ndarray, keys: np.ndarray) -> None:
        """``order`` sorted by ``keys`` (stably) on the sorting thread; taken when it comes if the rows shown are
        still in that order (``_take_sorted``)."""
        self._sort_of = order

        def work() -> None:
            try:
                self._sorted_off_thread.emit(order, order[np.argsort(keys, kind="stable")])
            except Exception:  # (on the sorting thread: the rows stay in their order)
                logging.getLogger(__name__).exception("sorting the rows failed")

        if self._sorting is None:
            self._sorting = ThreadPoolExecutor(1, thread_name_prefix="rows-sorting")
        self._sorting.submit(work)

    def _take_sorted(self, before: np.ndarray, after: np.ndarray) -> None:
        if before is not self._sort_of:  # sorted again, or other rows, since
            return
        self._sort_of = None
        if before is self._order:
            self._show_order(after)

    def sorting(self) -> bool:
        """A large sort is running (``SORT_IN_LINE``): the rows are shown in their order before it until it is done."""
        return self._sort_of is not None

    # -- Qt ----

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:  # noqa: N802
        if not 0 <= column < len(self._columns):
            return
        self._sorted = (column, order)
        self._sort_of = None  # (a large sort still running is for an order asked for before)
        if not len(self._order):
            return
        self._show_order(self._sorted_order(self._order, column, order))

    def _show_order(self, after: np.ndarray) -> None:
        """The rows shown in the order ``after`` (the same rows as now), the view's selection and current row
        following them."""
        if after is self._order:
            return
        self.layoutAboutToBeChanged.emit()
        before = self._order
        self._order = after
        self._position = None
        old = self.persistentIndexList()
        if old:  # where each source row is shown now, for the few rows Qt keeps indexes to
            after = np.empty(len(self._rows), dtype=np.int64)
            after[self._order] = np.arange(len(self._order))
            moved = [
                self.index(int(after[before[i.row()]]), i.column()) if i.row() < len(before) else QModelIndex()
                for i in old
            ]
            self.changePersistentIndexList(old, moved)
        self.layoutChanged.emit()

    def keys_ready(self, column: int) -> None:
        """The sort keys a column's ``sort_keys`` was still making are made: sorted by them if it is the column
        sorted by."""
        if self._sorted is not None and self._sorted[0] == column:
            self.sort(*self._sorted)

    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._columns):
            return None
        col = self._columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return col.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return col.header_tooltip or None
        if role == Qt.ItemDataRole.TextAlignmentRole and col.numeric:
            return _RIGHT
        if role == Qt.ItemDataRole.FontRole and col.emphasis:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def data(self, index: _Index, role=Qt.ItemDataRole.DisplayRole):
        if role not in _ANSWERED or not index.isValid():
            return None
        col = self._columns[index.column()]
        row = self._rows[int(self._order[index.row()])]
        if role == _DISPLAY:
            return col.text(row)
        if role == _TOOLTIP:
            return col.tooltip(row) if col.tooltip is not None else None
        if role == _ALIGNMENT:
            return _RIGHT if col.numeric else None
        if (role == _FONT or role == _FOREGROUND) and col.style is not None:
            return _styled(col.style(row), role)
        if role == ROW_ROLE:
            return row
        if role == SORT_ROLE:
            return col.sort_value(row)
        if role == SHARE_ROLE and col.share is not None:
            return col.share(row)
        return None


def _styled(style: str, role) -> object:
    if not style:
        return None
    if role == _FOREGROUND:
        if style == MUTED:
            return QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if style == ATTENTION:  # amber, legible on light and dark palettes
            return (
                QColor("#c26a00")
                if QApplication.palette().color(QPalette.ColorRole.Base).lightness() > 128
                else (QColor("#f0a030"))
            )
        return None
    if style in (BOLD, STRIKE):
        font = QFont()
        font.setBold(style == BOLD)
        font.setStrikeOut(style == STRIKE)
        return font
    return None
