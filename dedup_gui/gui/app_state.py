"""What the window shows, in one object: the input, the current run, the user's decisions with their undo history,
the columns chosen, and where the user is in the review.

It outlives a window: switching the interface language builds a new window around the same state, so nothing the
user did is lost. Every decision goes through the undo stack (``decide``); views listen to the signals.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from dedup_gui.core import engine_process
from dedup_gui.core.engine_process import EngineProcess, RemotePipeline
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.review_decisions import RowDecisions
from dedup_gui.core.table import Table

from .release import Releaser


class DecisionCommand(QUndoCommand):
    """One review decision (on one row or many, one cluster or many): undo and redo swap two values."""

    def __init__(self, state: AppState, text: str, before: RowDecisions, after: RowDecisions, focus: list[int]):
        super().__init__(text)
        self.state, self.before, self.after, self.focus = state, before, after, focus

    def redo(self) -> None:
        self.state.apply_intent(self.after, self.focus)

    def undo(self) -> None:
        self.state.apply_intent(self.before, self.focus)


class AppState(QObject):
    tableChanged = Signal()  # another input (or none); the decisions and their history start empty
    sessionChanged = Signal()  # a run's clusters replace the previous ones (or None)
    decisionsChanged = Signal(object, object)  # cluster ids whose outcome changed, rows the decision was about
    memberColumnsChanged = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.table: Table | None = None
        self.input_hash = ""
        # Where runs happen: a worker process (started when first needed), or this process (DEDUP_ENGINE=thread).
        self.engine: EngineProcess | None = EngineProcess() if engine_process.wanted() else None
        self.pipelines: dict[tuple, Pipeline | RemotePipeline] = {}
        self.session: ReviewSession | None = None
        self.releaser = Releaser(self)  # the sessions replaced, let go of in pieces (``gui.release``)
        self.intent = RowDecisions()
        self.undo = QUndoStack(self)
        self.member_columns: list[str] = []
        self.place: list[int] = []  # rows of the cluster on screen: how the view finds it again
        self.place_row = -1  # the member compared with the kept row
        self.place_selection: list[int] = []  # the members selected with it
        self.current_tab = 0
        self.query = ""

    @property
    def dirty(self) -> bool:
        """Decisions made since the review was opened or saved."""
        return not self.undo.isClean()

    def set_table(self, table: Table | None, input_hash: str = "", intent: RowDecisions | None = None) -> None:
        self.table, self.input_hash = table, input_hash
        self.pipelines.clear()
        replaced, self.session = self.session, None
        self.intent = intent or RowDecisions()
        self.undo.clear()
        self.place, self.place_row, self.place_selection = [], -1, []
        self.tableChanged.emit()
        self.releaser.release(replaced)  # (the views have let go of it)

    def set_session(self, session: ReviewSession | None) -> None:
        if session is not None:
            session.set_intent(self.intent)  # decisions made or undone while the run was going apply too
        replaced, self.session = self.session, session
        self.sessionChanged.emit()
        if replaced is not session:
            self.releaser.release(replaced)  # (the views have let go of it)

    def set_member_columns(self, columns: Iterable[str]) -> None:
        columns = list(columns)
        if columns != self.member_columns:
            self.member_columns = columns
            self.memberColumnsChanged.emit()

    # -- decisions ----

    def decide(self, text: str, intent: RowDecisions, focus: Iterable[int] = ()) -> bool:
        """Apply new decisions as one undoable step named ``text`` (shown in the Edit menu); False when nothing
        would change."""
        if intent == self.intent:
            return False
        self.undo.push(DecisionCommand(self, text, self.intent, intent, list(focus)))
        return True

    def apply_intent(self, intent: RowDecisions, focus: list[int] | None = None) -> None:
        self.intent = intent
        changed = self.session.set_intent(intent) if self.session is not None else set()
        self.decisionsChanged.emit(changed, focus or [])

    def mark_saved(self) -> None:
        self.undo.setClean()
