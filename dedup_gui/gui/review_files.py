"""The review kept between sessions: saving it beside the input (``core.review_sidecar``), offering to resume it
when the input is opened again (saying when the input changed), Save / Discard / Cancel for unsaved decisions,
and where the user was (remembered per file, so the recent-files menu reopens a review where it stopped).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QMessageBox

from dedup_gui.core.errors import DedupError
from dedup_gui.core.review_sidecar import make_review, write_review
from dedup_gui.core.table import Table

from . import jobs
from .app_state import AppState
from .registry_strings import error_text
from .resources import review_file_for

if TYPE_CHECKING:
    from .main_window import MainWindow


def remembered(store: QSettings, key: str, table: Table, default: object = ()) -> list[str] | None:
    """A per-file list saved in the settings (text columns, member columns, place); None when never saved and
    ``default`` is None."""
    return remembered_at(store, key, table.path, default)


def remembered_at(store: QSettings, key: str, path: Path, default: object = ()) -> list[str] | None:
    """``remembered`` for the table that ``path`` is read into (before it is read)."""
    value = store.value(f"{key}/{path}", default)
    if value is None:
        return None
    return [value] if isinstance(value, str) else [str(v) for v in value or []]


class ReviewFiles(QObject):
    def __init__(self, window: MainWindow, state: AppState, store: QSettings):
        super().__init__(window)
        self.window, self.state, self.store = window, state, store
        self.resume_note = ""  # said in the status bar with the first run after resuming

    # -- resuming ----

    def offer(self, loaded: jobs.Loaded) -> None:
        """Ask whether to resume the review saved beside the input; say so when the input changed since."""
        saved, again = loaded.saved, loaded.reattached
        assert saved is not None and again is not None
        name = loaded.table.path.name
        text = self.tr("A review of {name} was saved on {date} with {n} decisions.").format(
            name=name, date=saved.saved_at[:16].replace("T", " "), n=saved.decision_count
        )
        if again.changed:
            text += "\n\n" + self.tr(
                "{name} has changed since. Decisions are attached again to the rows with the same content: "
                "{found} of {n} found, {lost} no longer in the file."
            ).format(name=name, found=saved.decision_count - again.lost, n=saved.decision_count, lost=again.lost)
        box = self.window.show_message(QMessageBox.Icon.Question, self.tr("Resume the saved review?"), text, buttons=0)
        resume = box.addButton(self.tr("Resume review"), QMessageBox.ButtonRole.AcceptRole)
        fresh = box.addButton(self.tr("Start over"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(resume)
        resume.clicked.connect(lambda: self.resume(loaded))
        fresh.clicked.connect(self.window.run_now)

    def resume(self, loaded: jobs.Loaded) -> None:
        """Take over a saved review: its settings, columns and decisions; the run then shows where it stopped."""
        saved, again, table, w = loaded.saved, loaded.reattached, loaded.table, self.window
        assert saved is not None and again is not None
        if self.state.table is not table:
            return  # another file was opened meanwhile
        w.settings_panel.set_settings(saved.settings)
        text_columns = [c for c in saved.text_columns if c in table.columns]
        if text_columns:
            w.data_panel.set_selected_columns(text_columns)
            w.rows_tab.model.set_text_columns(text_columns)
        self.state.set_table(table, loaded.input_hash, again.intent)
        self.state.set_member_columns([c for c in saved.member_columns if c in table.columns])
        self.state.place = list(again.position)
        self.restore_place(table)
        note = self.tr("Resumed the review saved on {date}: {n} decisions.").format(
            date=saved.saved_at[:16].replace("T", " "), n=len(again.intent.rows)
        )
        if again.lost:
            note += " " + self.tr("{n} decisions were about rows no longer in the file.").format(n=again.lost)
        self.resume_note = note
        w.run_now()

    # -- where the user was ----

    def restore_place(self, table: Table) -> None:
        """Where the user was when this file was last closed."""
        place = remembered(self.store, "place", table, None)
        if place:
            try:
                rows = [int(r) for r in place]
            except ValueError:
                return
            self.state.place = [r for r in rows if 0 <= r < len(table)]

    def remember_place(self) -> None:
        if self.state.table is not None and self.state.place:
            self.store.setValue(f"place/{self.state.table.path}", [str(r) for r in self.state.place])

    # -- saving ----

    def save(self) -> bool:
        """Write the sidecar beside the input; True when it was written."""
        table, w = self.state.table, self.window
        if table is None:
            return False
        review = make_review(
            table,
            self.state.input_hash,
            w.settings_panel.settings(),
            w.data_panel.selected_columns(),
            self.state.member_columns,
            self.state.intent,
            self.state.place,
        )
        try:
            path = write_review(review, review_file_for(table.path))
        except DedupError as e:
            w.show_message(QMessageBox.Icon.Warning, self.tr("Could not save the review"), error_text(e))
            return False
        self.state.mark_saved()
        w.menus.update_recent()
        w.statusBar().showMessage(self.tr("Review saved: {name}").format(name=path.name), 8000)
        return True

    def ask_to_save(self, then: Callable[[], None]) -> None:
        """Save / Discard / Cancel for unsaved decisions; ``then`` runs after Save or Discard, not after Cancel."""
        assert self.state.table is not None
        box = self.window.show_message(
            QMessageBox.Icon.Question,
            self.tr("Save your review?"),
            self.tr("You made review decisions on {name} that are not saved ({n} rows decided).").format(
                name=self.state.table.path.name, n=len(self.state.intent.rows)
            ),
            buttons=QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )  # fmt: skip
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.button(QMessageBox.StandardButton.Save).clicked.connect(lambda: self.save() and then())
        box.button(QMessageBox.StandardButton.Discard).clicked.connect(then)
