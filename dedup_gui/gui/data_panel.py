"""The "Data" side panel: which file is open, its sheet, and the text column(s) compared for duplicates."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.table import Table, cell_text

from .registry_strings import note_text


class DataPanel(QWidget):
    sheetChosen = Signal(str)
    columnsChanged = Signal(list)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.file_label = QLabel(self.tr("No file open"))
        self.file_label.setObjectName("fileLabel")
        self.file_label.setWordWrap(True)
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info = QLabel()
        self.info.setObjectName("hint")
        self.info.setWordWrap(True)
        self.sheet = QComboBox()
        self.sheet.setToolTip(self.tr("Worksheet of the workbook"))
        self.columns = QListWidget()
        self.columns.setToolTip(
            self.tr("Tick the column(s) compared for duplicates; several columns are joined (e.g. title + body).")
        )
        self.columns.setMaximumHeight(130)
        self.preview = QLabel()
        self.preview.setObjectName("preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        # Rows whose text is a placeholder for a missing one, read with their title (``Table.placeholders``)
        self.placeholders = QLabel()
        self.placeholders.setObjectName("hint")
        self.placeholders.setWordWrap(True)
        self.placeholders.setTextFormat(Qt.TextFormat.PlainText)
        self.placeholders.hide()

        box = QGroupBox(self.tr("Data"))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.file_label)
        form.addRow(self.info)
        self.sheet_label = QLabel(self.tr("Sheet:"))
        form.addRow(self.sheet_label, self.sheet)
        form.addRow(QLabel(self.tr("Text column(s):")))
        form.addRow(self.columns)
        form.addRow(self.preview)
        form.addRow(self.placeholders)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)

        self.table: Table | None = None
        self.sheet.currentTextChanged.connect(self._sheet_changed)
        self.columns.itemChanged.connect(self._columns_changed)
        self._set_sheet_visible(False)

    def _set_sheet_visible(self, on: bool) -> None:
        self.sheet.setVisible(on)
        self.sheet_label.setVisible(on)

    def set_table(self, table: Table, selected: list[str]) -> None:
        self.table = table
        name = table.path.name + ("/" if table.kind == "txt" else "")
        self.file_label.setText(f"<b>{name}</b>")
        self.file_label.setToolTip(str(table.path))
        notes = [self.tr("{rows} rows · {columns} columns").format(rows=f"{len(table):,}", columns=len(table.columns))]
        notes += map(note_text, table.warnings[:3])
        self.info.setText("\n".join(notes))
        self.sheet.blockSignals(True)
        self.sheet.clear()
        self.sheet.addItems(table.sheet_names)
        if table.sheet:
            self.sheet.setCurrentText(table.sheet)
        self.sheet.blockSignals(False)
        self._set_sheet_visible(len(table.sheet_names) > 1)
        self.columns.blockSignals(True)
        self.columns.clear()
        for c in table.columns:
            item = QListWidgetItem(c)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if c in selected else Qt.CheckState.Unchecked)
            self.columns.addItem(item)
        self.columns.blockSignals(False)
        self._update_preview()

    def selected_columns(self) -> list[str]:
        return [
            self.columns.item(i).text()
            for i in range(self.columns.count())
            if self.columns.item(i).checkState() == Qt.CheckState.Checked
        ]

    def set_selected_columns(self, columns: list[str]) -> None:
        for i in range(self.columns.count()):
            item = self.columns.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in columns else Qt.CheckState.Unchecked)

    def _update_preview(self) -> None:
        cols = self.selected_columns()
        self.placeholders.hide()
        if self.table is None or not cols or len(self.table) == 0:
            self.preview.setText(self.tr("Tick at least one text column.") if self.table is not None else "")
            return
        first = " / ".join(cell_text(self.table.data[c].iloc[0]) for c in cols)
        first = " ".join(first[:400].split())
        self.preview.setText(self.tr("Row 1: {text}").format(text=first[:140] + ("…" if len(first) > 140 else "")))
        found = self.table.placeholders(cols)
        if found is not None:
            self.placeholders.setText(
                self.tr(
                    "{rows} rows share a short text with other rows (“{example}” in {n}), much shorter than the "
                    "column's: it may stand in for a missing text, so they are compared with their {title} too."
                ).format(
                    rows=f"{len(found.rows):,}",
                    example=found.example[:40],
                    n=f"{found.example_rows:,}",
                    title=found.title,
                )
            )
            self.placeholders.show()

    def _sheet_changed(self, name: str) -> None:
        if name and self.table is not None and name != self.table.sheet:
            self.sheetChosen.emit(name)

    def _columns_changed(self, _item) -> None:
        self._update_preview()
        self.columnsChanged.emit(self.selected_columns())
