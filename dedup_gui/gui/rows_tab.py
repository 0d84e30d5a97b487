"""The All rows tab: every row of the input with its cluster and fate (the one table model, ``RowsModel``), the
compared text columns wide; double-clicking a clustered row asks for its cluster (``rowActivated``)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QHeaderView, QVBoxLayout, QWidget

from dedup_gui.core.table import Table

from .review_pane import table_view
from .rows_model import RowsModel


class RowsTab(QWidget):
    rowActivated = Signal(int)  # a data row was double-clicked

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = RowsModel(self)
        self.view = table_view("rowsView", multi=False)
        self.view.setModel(self.model)
        self.view.setSortingEnabled(True)
        self.view.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.view.horizontalHeader().setDefaultSectionSize(150)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.doubleClicked.connect(lambda index: self.rowActivated.emit(self.model.data_row(index.row())))
        self.duplicates_only = QCheckBox(self.tr("Clustered rows only"))
        self.duplicates_only.toggled.connect(self.model.set_duplicates_only)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.duplicates_only)
        layout.addWidget(self.view, 1)

    def set_table(self, table: Table, text_columns: Sequence[str]) -> None:
        self.model.set_table(table, text_columns)
        self.size_columns(table, text_columns)

    def size_columns(self, table: Table, text_columns: Sequence[str]) -> None:
        """Narrow bookkeeping columns, wide text columns."""
        if self.model.columnCount() == 0:
            return
        for col, width in enumerate((64, 64, 150, 84)):
            self.view.setColumnWidth(col, width)
        for i, name in enumerate(table.columns):
            self.view.setColumnWidth(4 + i, 420 if name in text_columns else 150)
