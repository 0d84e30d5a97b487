"""Qt adapters over ``core.review.ReviewSession``: the cluster list (sortable, filterable) and the member table."""

from __future__ import annotations

import math

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QApplication

from dedup_gui.core.review import KEPT, NOT_DUPLICATE, ReviewSession, format_similarity_range

from .registry_strings import core_text

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex


class ClusterListModel(QAbstractTableModel):
    """One row per cluster: number, size, similarity range, kept text. Lines are built lazily by the session."""

    HEADERS = (
        "#",
        QT_TRANSLATE_NOOP("ClusterListModel", "Rows"),
        QT_TRANSLATE_NOOP("ClusterListModel", "Similarity"),
        QT_TRANSLATE_NOOP("ClusterListModel", "Kept text"),
    )

    def __init__(self, parent=None):
        super().__init__(parent)
        self.session: ReviewSession | None = None

    def set_session(self, session: ReviewSession | None) -> None:
        self.beginResetModel()
        self.session = session
        self.endResetModel()

    def cluster_changed(self, cluster_id: int) -> None:
        row = cluster_id - 1
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.HEADERS) - 1))

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008,N802
        return 0 if parent.isValid() or self.session is None else len(self.session)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008,N802
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(self.HEADERS[section])
        return None

    def data(self, index: _Index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.session is None:
            return None
        line = self.session.row(index.row())
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return f"{line.id}{' ✎' if line.edited else ''}"
            if col == 1:
                return str(line.size)
            if col == 2:
                return format_similarity_range(line.min_similarity, line.max_similarity)
            return line.snippet
        if role == SORT_ROLE:
            if col == 0:
                return line.id
            if col == 1:
                return line.size
            if col == 2:
                return -1.0 if math.isnan(line.min_similarity) else line.min_similarity
            return line.snippet
        if role == ID_ROLE:
            return line.id
        if role == Qt.ItemDataRole.ToolTipRole:
            note = "\n" + self.tr("(edited: you changed this cluster)") if line.edited else ""
            text = self.tr("Cluster {id}: {size} rows, keeping row {kept}").format(
                id=line.id, size=line.size, kept=line.kept + 1
            )
            return f"{text}{note}\n{line.snippet}"
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ClusterFilterProxy(QSortFilterProxyModel):
    """Sorts by the model's SORT_ROLE; filters with the session's own matcher (any member's text)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self._query = ""

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        # Clusters arrive in # order: sorting by # ascending is the source order, so skip the comparisons
        # (hundreds of thousands of Python data() calls on the GUI thread for a large result).
        if column == 0 and order == Qt.SortOrder.AscendingOrder:
            super().sort(-1, order)
        else:
            super().sort(column, order)

    def set_query(self, query: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.10
            self.beginFilterChange()
            self._query = query
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._query = query
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:  # noqa: N802
        model: ClusterListModel = self.sourceModel()
        if not self._query or model.session is None:
            return True
        return model.session.matches(source_row + 1, self._query)


class MembersModel(QAbstractTableModel):
    """The members of one cluster: row number, status (kept / remove / not a duplicate), similarity, text."""

    HEADERS = (
        QT_TRANSLATE_NOOP("MembersModel", "Row"),
        QT_TRANSLATE_NOOP("MembersModel", "Status"),
        QT_TRANSLATE_NOOP("MembersModel", "Similarity"),
        QT_TRANSLATE_NOOP("MembersModel", "Length"),
        QT_TRANSLATE_NOOP("MembersModel", "Text"),
    )

    def __init__(self, parent=None):
        super().__init__(parent)
        self.session: ReviewSession | None = None
        self.cluster_id = 0
        self._members = []

    def set_cluster(self, session: ReviewSession | None, cluster_id: int) -> None:
        self.beginResetModel()
        self.session, self.cluster_id = session, cluster_id
        self._members = session.members(cluster_id) if session and cluster_id else []
        self.endResetModel()

    def refresh(self) -> None:
        if self.session and self.cluster_id:
            self._members = self.session.members(self.cluster_id)
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._members) - 1, len(self.HEADERS) - 1))

    def member(self, row: int):
        return self._members[row]

    def row_of(self, data_row: int) -> int:
        return next((i for i, m in enumerate(self._members) if m.row == data_row), -1)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008,N802
        return 0 if parent.isValid() else len(self._members)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008,N802
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(self.HEADERS[section])
        return None

    def data(self, index: _Index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        m = self._members[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return str(m.row + 1)
            if col == 1:
                return ("★ " if m.status == KEPT else "") + core_text(m.status)
            if col == 2:
                return "" if m.status == KEPT or math.isnan(m.similarity) else f"{m.similarity:.0%}"
            if col == 3:
                return f"{m.length:,}"
            return m.snippet
        if role == Qt.ItemDataRole.FontRole and m.status == KEPT:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.ForegroundRole and m.status == NOT_DUPLICATE:
            return QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 2, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                KEPT: self.tr("This row is kept in the cleaned file."),
                NOT_DUPLICATE: self.tr("Marked “not a duplicate”: stays in the cleaned file."),
            }.get(m.status, self.tr("Removed from the cleaned file as a duplicate of the kept row."))
        return None
