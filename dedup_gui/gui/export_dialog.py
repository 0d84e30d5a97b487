"""The export dialog: cleaned file, annotated file, cluster report; paths next to the input by default.

Before the user exports, the dialog shows what the engine's checks say (``core.export.preflight``): an export
that would lose sheets or name one file twice is refused with the reason, one too large for Excel offers CSV,
and macros a format cannot keep are announced. After the export, ``confirmation_text`` lists every note the
engine returned (references that could not follow their rows, anomalies), the same lines the CLI prints.

The annotated file is written for a reader (``annotation_spec``): the status of every row in the interface's
words, the extra headers in its language unless the user keeps the fixed English names for scripts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.annotation import CONTRACT_COLUMNS, STATUS_COLUMN, AnnotationSpec, StatusWords
from dedup_gui.core.errors import DedupError, Info
from dedup_gui.core.review import ReviewSession, default_export_paths, export_path_error
from dedup_gui.core.table import Table

from .registry_strings import error_text, note_text
from .resources import export_folder_for

MAX_NOTES = 25  # notes shown per file in the confirmation; the rest is counted

# The annotated file's extra headers: the fixed names, translated (context "AnnotatedExport") for a reader
_HEADERS = {
    "dup_cluster": QT_TRANSLATE_NOOP("AnnotatedExport", "dup_cluster"),
    "dup_status": QT_TRANSLATE_NOOP("AnnotatedExport", "dup_status"),
    "dup_kept": QT_TRANSLATE_NOOP("AnnotatedExport", "dup_kept"),
    "dup_of": QT_TRANSLATE_NOOP("AnnotatedExport", "dup_of"),
    "dup_similarity": QT_TRANSLATE_NOOP("AnnotatedExport", "dup_similarity"),
}

# English keys, translated (context "ExportDialog") when shown
_WHAT = {
    "cleaned": (
        QT_TRANSLATE_NOOP("ExportDialog", "Cleaned file"),
        QT_TRANSLATE_NOOP("ExportDialog", "The input minus the duplicate rows; every other cell unchanged."),
    ),
    "annotated": (
        QT_TRANSLATE_NOOP("ExportDialog", "Annotated file"),
        QT_TRANSLATE_NOOP(
            "ExportDialog", "Every row with its status (kept, removed, not a duplicate), cluster and similarity."
        ),
    ),
    "report": (
        QT_TRANSLATE_NOOP("ExportDialog", "Cluster report"),
        QT_TRANSLATE_NOOP("ExportDialog", "One line per cluster: size, kept row, members, similarity range."),
    ),
}


class ExportDialog(QDialog):
    """Non-modal (``open()``); the window starts the export when it is accepted."""

    def __init__(self, table: Table, session: ReviewSession, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export"))
        self.table = table
        defaults = default_export_paths(table.path, table.kind)
        folder = export_folder_for(table.path)  # (the bundled demo's: not inside the app)
        if folder is not None:
            defaults = {what: folder / p.name for what, p in defaults.items()}
        res = session.resolution()
        kept, removed = int(res.keep.sum()), res.removed
        self.kept = kept

        self.heading = heading = QLabel(
            self.tr(
                "<b>{kept} rows kept</b>, {removed} duplicates removed, from {total} rows of <b>{name}</b>."
            ).format(kept=f"{kept:,}", removed=f"{removed:,}", total=f"{len(table):,}", name=table.path.name)
        )
        heading.setWordWrap(True)
        to_check = session.rows_to_check
        if to_check:  # (said before the export: rows the user has not looked at yet stay in the cleaned file)
            heading.setText(
                heading.text()
                + " "
                + (
                    self.tr("Of these, 1 row is kept for you to check.")
                    if to_check == 1
                    else self.tr("Of these, {n} rows are kept for you to check.").format(n=f"{to_check:,}")
                )
            )
        note = QLabel(self.tr("The input file is never changed."))
        note.setObjectName("hint")

        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        self.enabled: dict[str, QCheckBox] = {}
        self.paths: dict[str, QLineEdit] = {}
        for row, (what, (label, help_text)) in enumerate(_WHAT.items()):
            label, help_text = self.tr(label), self.tr(help_text)
            box = QCheckBox(label)
            box.setChecked(what == "cleaned")
            box.setToolTip(help_text)
            edit = QLineEdit(str(defaults[what]))
            edit.setToolTip(help_text)
            edit.setMinimumWidth(420)
            browse = QToolButton()
            browse.setText("…")
            browse.setToolTip(self.tr("Choose where to save"))
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

        self.english_names = QCheckBox(self.tr("Keep the fixed English column names (for scripts)"))
        self.english_names.setObjectName("englishNames")
        self.english_names.setToolTip(
            self.tr("The extra columns keep the names dup_cluster, dup_status, dup_kept, dup_of and dup_similarity.")
        )
        self.english_names.setEnabled(self.enabled["annotated"].isChecked())
        self.enabled["annotated"].toggled.connect(self.english_names.setEnabled)
        grid.addWidget(self.english_names, 2 * len(_WHAT), 1, 1, 2)

        self.problem = QLabel()
        self.problem.setObjectName("warning")
        self.problem.setWordWrap(True)
        self.warnings = QLabel()  # told before exporting: what a chosen format cannot keep
        self.warnings.setObjectName("warning")
        self.warnings.setWordWrap(True)
        self.use_csv = QPushButton(self.tr("Save as CSV instead"))
        self.use_csv.clicked.connect(self._switch_to_csv)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.addButton(self.tr("Export"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addSpacing(8)
        layout.addLayout(grid)
        layout.addWidget(self.problem)
        layout.addWidget(self.use_csv)
        layout.addWidget(self.warnings)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self._validate()

    def outputs(self) -> dict[str, Path | None]:
        return {
            what: Path(self.paths[what].text().strip()) if box.isChecked() and self.paths[what].text().strip() else None
            for what, box in self.enabled.items()
        }

    def annotation_spec(self) -> AnnotationSpec:
        """The annotated file's status words and headers in the interface's language."""
        words = StatusWords(
            kept=translate("AnnotatedExport", "Kept"),
            removed=translate("AnnotatedExport", "Removed"),
            not_duplicate=translate("AnnotatedExport", "Not a duplicate"),
            manual=translate("AnnotatedExport", "{status} (manual)"),
            held=translate("AnnotatedExport", "Kept to check"),
        )
        if self.english_names.isChecked():
            return AnnotationSpec(words)
        names = (*CONTRACT_COLUMNS, STATUS_COLUMN)
        return AnnotationSpec(words, {name: translate("AnnotatedExport", _HEADERS[name]) for name in names})

    def _validate(self) -> None:
        error = export_path_error(self.table.path, self.outputs())
        problem = None if error is None else error_text(error)
        warnings: list[str] = []
        too_large = False
        if problem is None:
            try:
                warnings = self._preflight()
            except DedupError as e:
                problem = error_text(e)
                too_large = type(e).__name__ == "ExcelLimitError"
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.use_csv.setVisible(too_large)
        self.warnings.setText("\n".join(map(note_text, warnings)))
        self.warnings.setVisible(bool(warnings))
        self.export_button.setEnabled(problem is None)

    def _preflight(self) -> list[str]:
        """The engine's checks for the chosen files; the cleaned file's size is known here (rows kept)."""
        from dedup_gui.core.export import preflight
        from dedup_gui.core.io.checks import check_size

        outputs = self.outputs()
        warnings = preflight(self.table, **outputs)
        cleaned = outputs.get("cleaned")
        if cleaned is not None and self.table.kind != "xlsx":
            check_size(cleaned, self.kept + 1, len(self.table.columns))
        return warnings

    def _switch_to_csv(self) -> None:
        for edit in self.paths.values():
            path = Path(edit.text().strip())
            if path.suffix.lower() in (".xlsx", ".xlsm"):
                edit.setText(str(path.with_suffix(".csv")))

    def _browse(self, what: str) -> None:
        current = self.paths[what].text()
        if what == "cleaned" and self.table.kind == "txt":
            chosen = QFileDialog.getExistingDirectory(self, self.tr("Cleaned folder"), str(Path(current).parent))
        else:
            filters = self.tr("Excel workbook (*.xlsx);;CSV file (*.csv);;All files (*)")
            chosen, _ = QFileDialog.getSaveFileName(self, self.tr(_WHAT[what][0]), current, filters)
        if chosen:
            self.paths[what].setText(chosen)

    def accept(self) -> None:
        self._validate()
        if self.export_button.isEnabled():
            super().accept()


translate = QCoreApplication.translate  # lupdate finds translate("context", "text") calls under this name


def confirmation_text(written, total_rows: int) -> str:
    """'Wrote news_cleaned.xlsx (1,123 rows kept, 81 removed)' and one line per other file."""
    lines = []
    for w in written:
        if w.what == "cleaned":
            lines.append(
                translate("ExportDialog", "{name}: {kept} rows kept, {removed} removed").format(
                    name=w.path.name, kept=f"{w.rows:,}", removed=f"{total_rows - w.rows:,}"
                )
            )
        elif w.what == "annotated":
            lines.append(
                translate("ExportDialog", "{name}: all {rows} rows with duplicate columns").format(
                    name=w.path.name, rows=f"{w.rows:,}"
                )
            )
        else:
            lines.append(translate("ExportDialog", "{name}: {n} clusters").format(name=w.path.name, n=f"{w.rows:,}"))
        notes = list(getattr(w, "notes", []))
        lines += [f"    {'' if isinstance(note, Info) else '⚠ '}{note_text(note)}" for note in notes[:MAX_NOTES]]
        if len(notes) > MAX_NOTES:
            lines.append(f"    … (+{len(notes) - MAX_NOTES})")
    return "\n".join(lines)
