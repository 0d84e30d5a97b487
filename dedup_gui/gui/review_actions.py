"""The review's actions: decisions on the selected rows or clusters, undo and redo, moving through clusters and
differences, and the member columns - from menus, buttons, shortcuts and context menus alike.

Each decision is one undoable step (``AppState.decide``) named after what it does ("Keep row 7", "Remove the
duplicates of 3 clusters"); the Edit menu's Undo and Redo show those names. An action is enabled only when it would
change something, and its text always says what it will do to the current selection.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from dedup_gui.core.review_decisions import RowDecisions

from .app_state import AppState
from .review_pane import ReviewPane, selection_size

# Working out what the actions say and whether they would change anything takes long for a large selection (every
# cluster of 100k short texts selected: 25-60 ms, for seven actions over 30,000 clusters). When it last took longer
# than this, it follows a change of selection or decisions on the event loop's next turn, not in the same one: a
# bulk decision is then two short waits instead of one long stall (120-150 ms). An action triggered before then
# works its state out first (``_up_to_date``).
UPDATE_INLINE_S = 0.020
# So does it when more clusters than this are selected (selecting all 29,000 of 100k articles and working their
# actions out in the same turn was a 95 ms gap when the update before had been quick).
UPDATE_INLINE_CLUSTERS = 2000
# A deferred update waits this many turns of the event loop: the first comes after the window has drawn the change,
# the second after what was already waiting then - a key pressed meanwhile (an undo right after a bulk decision) is
# handled first, not after states it makes stale (its undo and the states before it made one 128 ms stall at 100k
# short texts, with the event-loop probe's undo 20 ms after the decision).
UPDATE_AFTER_TURNS = 2
# The cluster actions' intents kept for as many (decisions, selection): the latest, and those an undo and a redo
# come back to.
KEPT_INTENTS = 3

# What the actions act on (``ReviewActions._selection``): whether the review can be acted on, the members selected,
# their cluster, the clusters selected.
Selection = tuple[bool, list[int], int, list[int]]


def plain(text: str) -> str:
    """An action's text without its accelerator ("&Keep row 7", "保留第 7 行(&K)"), for undo names and tips."""
    return re.sub(r"\(&\w\)", "", text).replace("&", "").strip()


class ReviewActions(QObject):
    def __init__(self, window: QWidget, state: AppState, pane: ReviewPane):
        super().__init__(window)
        self.window, self.state, self.pane = window, state, pane
        # The latest few (session, its decisions, clusters, their three intents), the newest first.
        self._last_intents: list[tuple] = []
        self._updated_for: tuple | None = None  # what ``update`` last worked the actions' states out for
        self._update_seconds = 0.0  # how long the last ``update`` took
        self._pending = QTimer(self)  # an update on a later turn of the event loop (``follow``)
        self._pending.setSingleShot(True)
        self._pending.setInterval(0)
        self._pending.timeout.connect(self._turn)
        self._turns_left = 0  # turns of the event loop the pending update still waits

        def action(slot, shortcuts=(), name="") -> QAction:
            a = QAction(window)
            a.setObjectName(name)
            a.setShortcuts([QKeySequence(s) for s in shortcuts])
            a.triggered.connect(slot)
            window.addAction(a)
            return a

        # on the selected rows of the cluster on screen
        self.keep = action(self.keep_rows, ["K"], "keepAction")
        self.remove = action(self.remove_rows, ["R", "Del"], "removeAction")
        self.not_duplicate = action(self.rows_not_duplicate, ["D"], "notDuplicateAction")
        self.reset = action(self.reset_rows, ["A"], "resetAction")
        # on the selected clusters
        self.clusters_not_duplicate = action(self.mark_clusters_not_duplicate, ["Shift+D"], "clustersNotDupAction")
        self.clusters_remove = action(self.remove_clusters, ["Shift+R"], "clustersRemoveAction")
        self.clusters_reset = action(self.reset_clusters, ["Shift+A"], "clustersResetAction")
        self.row_actions = [self.keep, self.remove, self.not_duplicate, self.reset]
        self.cluster_actions = [self.clusters_not_duplicate, self.clusters_remove, self.clusters_reset]

        self.undo = state.undo.createUndoAction(window, self.tr("&Undo"))
        self.undo.setShortcuts([QKeySequence(QKeySequence.StandardKey.Undo)])
        self.redo = state.undo.createRedoAction(window, self.tr("&Redo"))
        self.redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for a in (self.undo, self.redo):
            window.addAction(a)

        self.next_cluster = action(lambda: pane.step_cluster(1), ["Alt+Down"], "nextClusterAction")
        self.next_cluster.setText(self.tr("Next cluster"))
        self.prev_cluster = action(lambda: pane.step_cluster(-1), ["Alt+Up"], "previousClusterAction")
        self.prev_cluster.setText(self.tr("Previous cluster"))
        self.next_to_check = action(self.go_to_next_to_check, ["T"], "nextToCheckAction")
        self.next_to_check.setText(self.tr("Next row &to check"))
        self.next_diff = action(pane.compare.next_difference, ["N"], "nextDifferenceAction")
        self.next_diff.setText(self.tr("&Next difference"))
        self.prev_diff = action(pane.compare.previous_difference, ["P"], "previousDifferenceAction")
        self.prev_diff.setText(self.tr("&Previous difference"))
        self.focus_filter = action(pane.focus_filter, [QKeySequence.StandardKey.Find], "filterAction")
        self.focus_filter.setText(self.tr("Filter clusters"))

        self.columns_menu = QMenu(self.tr("Member &columns"), window)
        self.columns_menu.setObjectName("memberColumnsMenu")
        self.columns_menu.aboutToShow.connect(self._fill_columns_menu)
        pane.columns_button.setMenu(self.columns_menu)

        for button, a in zip(
            (pane.keep_button, pane.remove_button, pane.not_dup_button, pane.reset_button),
            self.row_actions,
            strict=True,
        ):
            button.clicked.connect(a.trigger)
        pane.cluster_view.customContextMenuRequested.connect(self._cluster_menu)
        pane.members_view.customContextMenuRequested.connect(self._member_menu)
        pane.members_view.horizontalHeader().customContextMenuRequested.connect(self._header_menu)
        pane.selectionChanged.connect(self.follow)
        self.update()

    # -- what the actions say and whether they would change anything ----

    def follow(self) -> None:
        """The selection or the decisions changed: ``update`` now, or ``UPDATE_AFTER_TURNS`` turns of the event loop
        later when it is slow (``UPDATE_INLINE_S``) or the selection large (``UPDATE_INLINE_CLUSTERS``)."""
        if self._update_seconds > UPDATE_INLINE_S or selection_size(self.pane.cluster_view) > UPDATE_INLINE_CLUSTERS:
            self._turns_left = UPDATE_AFTER_TURNS
            self._pending.start()
        else:
            self.update()

    def _turn(self) -> None:
        """A turn of the event loop the pending update waited: the update, or one more turn."""
        self._turns_left -= 1
        if self._turns_left > 0:
            self._pending.start()
        else:
            self.update()

    def update(self, selection: Selection | None = None) -> None:
        """Work the actions' states out for the selection of now (``selection``: ``_selection()``, when the caller
        has it)."""
        started = time.perf_counter()
        self._pending.stop()
        self._update_now(self._selection() if selection is None else selection)
        self._update_seconds = time.perf_counter() - started

    def _update_now(self, selection: Selection) -> None:
        session, (usable, rows, cluster_id, clusters) = self.state.session, selection
        if self._last_intents and self._last_intents[0][0] is not session:
            self._last_intents = []  # (another session's intents: they would keep it alive)
        self._updated_for = (
            session,
            session.intent if session is not None else None,
            usable,
            rows,
            cluster_id,
            clusters,
        )
        one = rows[0] + 1 if rows else 0
        n = len(rows)
        texts = (
            self.tr("&Keep row {row}").format(row=one) if n == 1 else self.tr("&Keep {n} rows").format(n=n),
            self.tr("&Remove row {row}").format(row=one) if n == 1 else self.tr("&Remove {n} rows").format(n=n),
            self.tr("Row {row} is not a &duplicate").format(row=one)
            if n == 1
            else self.tr("{n} rows are not &duplicates").format(n=n),
            self.tr("Row {row}: back to the &algorithm's choice").format(row=one)
            if n == 1
            else self.tr("{n} rows: back to the &algorithm's choice").format(n=n),
        )
        for a, text in zip(self.row_actions, texts, strict=True):
            a.setText(text)
        c, first = len(clusters), clusters[0] if clusters else 0
        cluster_texts = (
            self.tr("Cluster {id}: not duplicates, keep every row").format(id=first)
            if c == 1
            else self.tr("{n} clusters: not duplicates, keep every row").format(n=c),
            self.tr("Remove the duplicates of cluster {id}").format(id=first)
            if c == 1
            else self.tr("Remove the duplicates of {n} clusters").format(n=c),
            self.tr("Cluster {id}: back to the algorithm's choice").format(id=first)
            if c == 1
            else self.tr("{n} clusters: back to the algorithm's choice").format(n=c),
        )
        for a, text in zip(self.cluster_actions, cluster_texts, strict=True):
            a.setText(text)
        for a, intent in zip(
            self.row_actions, self._row_intents(rows, cluster_id) if usable else [None] * 4, strict=True
        ):
            a.setEnabled(intent is not None and session.outcome_changes(intent))
        for a, intent in zip(
            self.cluster_actions, self._cluster_intents(clusters) if usable else [None] * 3, strict=True
        ):
            a.setEnabled(intent is not None and session.outcome_changes(intent))
        buttons = (self.pane.keep_button, self.pane.remove_button, self.pane.not_dup_button, self.pane.reset_button)
        short = (self.tr("Keep"), self.tr("Remove"), self.tr("Not a duplicate"), self.tr("Algorithm's choice"))
        keys = ("K", "R", "D", "A")
        for button, a, label, key in zip(buttons, self.row_actions, short, keys, strict=True):
            button.setText(label)
            button.setToolTip(f"{plain(a.text())} ({key})")
            button.setEnabled(a.isEnabled())

    def _selection(self) -> Selection:
        """Whether the review can be acted on, the members selected, their cluster, the clusters selected."""
        usable = self.state.session is not None and not self.pane.stale
        rows, cluster_id = self.pane.selected_members(), self.pane.members_model.cluster_id
        return usable, rows, cluster_id, self.pane.selected_clusters() if usable else []

    def _up_to_date(self, selection: Selection) -> bool:
        """Whether the actions' states are those of the session, decisions and selection of now (``selection``:
        ``_selection()``; ``update`` ran since any of them changed: the selection and the decisions tell it to)."""
        last, session = self._updated_for, self.state.session
        if last is None or last[0] is not session or last[1] is not (session.intent if session is not None else None):
            return False
        return last[2:] == selection

    def _row_intents(self, rows: list[int], cluster_id: int) -> list[RowDecisions | None]:
        session = self.state.session
        if session is None or not rows or not cluster_id:
            return [None] * 4
        return [
            session.keeping(cluster_id, rows),
            session.removing(rows),
            session.marking_not_duplicate(cluster_id, rows),
            session.resetting(rows),
        ]

    def _cluster_intents(self, clusters: list[int]) -> list[RowDecisions | None]:
        """The three cluster actions' decisions, made once for a session's decisions and a selection (the actions'
        states and then the action chosen ask for them: all 29,000 clusters of 100k articles, 50-100 ms). The
        last ``KEPT_INTENTS`` are kept: an undo or a redo brings back decisions of a moment ago (the very same
        object), whose intents for the same selection are then not made again (100k short texts, every cluster
        selected: ~25 ms of each undo)."""
        session = self.state.session
        if session is None or not clusters:
            return [None] * 3
        intent = session.intent
        for i, last in enumerate(self._last_intents):
            if last[0] is session and last[1] is intent and last[2] == clusters:
                self._last_intents.insert(0, self._last_intents.pop(i))
                return list(last[3])
        made = (session, intent, clusters, list(session.cluster_intents(clusters)))
        self._last_intents = [made, *self._last_intents[: KEPT_INTENTS - 1]]
        return list(made[3])

    # -- doing them ----

    def _decide(
        self,
        action: QAction,
        make: Callable[[], RowDecisions | None],
        focus: list[int],
        selection: Selection | None = None,
    ) -> None:
        # The states are worked out again only when they are not those of now (for nothing, that was a third of a
        # click on 30,000 clusters: 35 of 120 ms). ``selection``: ``_selection()``, when the caller has it (the
        # clusters selected read once a click: 6-7 ms each at 30,000).
        selection = self._selection() if selection is None else selection
        if not self._up_to_date(selection):
            self.update(selection)
        if not action.isEnabled():
            return
        intent = make()
        if intent is not None:
            self.state.decide(plain(action.text()), intent, focus)

    def go_to_next_to_check(self) -> None:
        """The next row kept for the user to check, on screen (``ReviewPane.next_to_check``); said when none is."""
        if self.pane.session is not None and not self.pane.next_to_check():
            status_bar = getattr(self.window, "statusBar", None)
            if status_bar is not None:
                status_bar().showMessage(self.tr("No row is kept for you to check."), 5000)

    def keep_rows(self) -> None:
        rows, cid = self.pane.selected_members(), self.pane.members_model.cluster_id
        self._decide(self.keep, lambda: self._row_intents(rows, cid)[0], rows)

    def remove_rows(self) -> None:
        rows, cid = self.pane.selected_members(), self.pane.members_model.cluster_id
        self._decide(self.remove, lambda: self._row_intents(rows, cid)[1], rows)

    def rows_not_duplicate(self) -> None:
        rows, cid = self.pane.selected_members(), self.pane.members_model.cluster_id
        self._decide(self.not_duplicate, lambda: self._row_intents(rows, cid)[2], rows)

    def reset_rows(self) -> None:
        rows, cid = self.pane.selected_members(), self.pane.members_model.cluster_id
        self._decide(self.reset, lambda: self._row_intents(rows, cid)[3], rows)

    def _cluster_focus(self, clusters: list[int]) -> list[int]:
        session = self.state.session
        return list(session.cluster(clusters[0]).members[:1]) if session is not None and clusters else []

    def mark_clusters_not_duplicate(self) -> None:
        self._decide_clusters(self.clusters_not_duplicate, 0)

    def remove_clusters(self) -> None:
        self._decide_clusters(self.clusters_remove, 1)

    def reset_clusters(self) -> None:
        self._decide_clusters(self.clusters_reset, 2)

    def _decide_clusters(self, action: QAction, which: int) -> None:
        """One of the three cluster actions (``which``: its place in ``_cluster_intents``) on the clusters selected
        (none when the review cannot be acted on: the action is then off)."""
        selection = self._selection()
        clusters = selection[3]
        self._decide(action, lambda: self._cluster_intents(clusters)[which], self._cluster_focus(clusters), selection)

    # -- menus ----

    def cluster_menu(self) -> QMenu:
        self.update()
        menu = QMenu(self.window)
        menu.setObjectName("clusterContextMenu")
        menu.addActions(self.cluster_actions)
        menu.addSeparator()
        menu.addActions([self.undo, self.redo])
        return menu

    def member_menu(self) -> QMenu:
        self.update()
        menu = QMenu(self.window)
        menu.setObjectName("memberContextMenu")
        menu.addActions(self.row_actions)
        menu.addSeparator()
        menu.addActions([self.undo, self.redo])
        menu.addSeparator()
        menu.addMenu(self.columns_menu)
        return menu

    def _cluster_menu(self, pos: QPoint) -> None:
        self.last_menu = self.cluster_menu()
        self.last_menu.popup(self.pane.cluster_view.viewport().mapToGlobal(pos))

    def _member_menu(self, pos: QPoint) -> None:
        self.last_menu = self.member_menu()
        self.last_menu.popup(self.pane.members_view.viewport().mapToGlobal(pos))

    def _header_menu(self, pos: QPoint) -> None:
        self.columns_menu.popup(self.pane.members_view.horizontalHeader().mapToGlobal(pos))

    def _fill_columns_menu(self) -> None:
        self.columns_menu.clear()
        table = self.state.table
        for name in table.columns if table is not None else []:
            a = self.columns_menu.addAction(name)
            a.setCheckable(True)
            a.setChecked(name in self.state.member_columns)
            a.toggled.connect(lambda on, n=name: self.toggle_member_column(n, on))
        self.columns_menu.setEnabled(table is not None)

    def toggle_member_column(self, name: str, on: bool) -> None:
        table = self.state.table
        if table is None:
            return
        chosen = set(self.state.member_columns) | {name} if on else set(self.state.member_columns) - {name}
        self.state.set_member_columns([c for c in table.columns if c in chosen])  # in the table's order
