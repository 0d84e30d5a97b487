"""The export dialog: cleaned file, annotated file, cluster report; paths next to the input by default."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.review import ReviewSession, default_export_paths, export_path_problem
from dedup_gui.core.table import Table

_WHAT = {
    "cleaned": ("Cleaned file", "The input minus the duplicate rows; every other cell unchanged."),
    "annotated": ("Annotated file", "Every row, with dup_cluster, dup_kept, dup_of and dup_similarity columns."),
    "report": ("Cluster report", "One line per cluster: size, kept row, members, similarity range."),
}


class ExportDialog(QDialog):
    """Non-modal (``open()``); the window starts the export when it is accepted."""

    def __init__(self, table: Table, session: ReviewSession, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Export")
        self.table = table
        defaults = default_export_paths(table.path, table.kind)
        res = session.resolution()
        kept, removed = int(res.keep.sum()), res.removed

        heading = QLabel(
            f"<b>{kept:,} rows kept</b>, {removed:,} duplicates removed, "
            f"from {len(table):,} rows of <b>{table.path.name}</b>."
        )
        heading.setWordWrap(True)
        note = QLabel("The input file is never changed.")
        note.setObjectName("hint")

        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        self.enabled: dict[str, QCheckBox] = {}
        self.paths: dict[str, QLineEdit] = {}
        for row, (what, (label, help_text)) in enumerate(_WHAT.items()):
            box = QCheckBox(label)
            box.setChecked(what == "cleaned")
            box.setToolTip(help_text)
            edit = QLineEdit(str(defaults[what]))
            edit.setToolTip(help_text)
            edit.setMinimumWidth(420)
            browse = QToolButton()
            browse.setText("…")
            browse.setToolTip("Choose where to save")
            browse.clicked.connect(lambda _=False, w=what: self._browse(w))
            box.toggled.connect(edit.setEnabled)
            box.toggled.connect(browse.setEnabled)
            edit.setEnabled(box.isChecked())
            browse.setEnabled(box.isChecked())
            box.toggled.connect(self._validate)
            edit.textChanged.connect(self._validate)
            hint = QLabel(help_text)
            hint.setObjectName("hint")
            grid.addWidget(box, 2 * row, 0)
            grid.addWidget(edit, 2 * row, 1)
            grid.addWidget(browse, 2 * row, 2)
            grid.addWidget(hint, 2 * row + 1, 1, 1, 2)
            self.enabled[what], self.paths[what] = box, edit

        self.problem = QLabel()
        self.problem.setObjectName("warning")
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.addButton("Export", QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addSpacing(8)
        layout.addLayout(grid)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self._validate()

    def outputs(self) -> dict[str, Path | None]:
        return {
            what: Path(self.paths[what].text().strip()) if box.isChecked() and self.paths[what].text().strip() else None
            for what, box in self.enabled.items()
        }

    def _validate(self) -> None:
        problem = export_path_problem(self.table.path, self.outputs())
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.export_button.setEnabled(problem is None)

    def _browse(self, what: str) -> None:
        current = self.paths[what].text()
        if what == "cleaned" and self.table.kind == "txt":
            chosen = QFileDialog.getExistingDirectory(self, "Cleaned folder", str(Path(current).parent))
        else:
            filters = "Excel workbook (*.xlsx);;CSV file (*.csv);;All files (*)"
            chosen, _ = QFileDialog.getSaveFileName(self, _WHAT[what][0], current, filters)
        if chosen:
            self.paths[what].setText(chosen)

    def accept(self) -> None:
        if export_path_problem(self.table.path, self.outputs()) is None:
            super().accept()


def confirmation_text(written, total_rows: int) -> str:
    """'Wrote news_cleaned.xlsx (1,123 rows kept, 81 removed)' and one line per other file."""
    lines = []
    for w in written:
        if w.what == "cleaned":
            lines.append(f"{w.path.name}: {w.rows:,} rows kept, {total_rows - w.rows:,} removed")
        elif w.what == "annotated":
            lines.append(f"{w.path.name}: all {w.rows:,} rows with duplicate columns")
        else:
            lines.append(f"{w.path.name}: {w.rows:,} clusters")
        lines += [f"    {note}" for note in getattr(w, "notes", [])[:3]]
    return "\n".join(lines)



