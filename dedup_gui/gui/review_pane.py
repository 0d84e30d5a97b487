"""The Clusters tab: the cluster list, the members of the selected cluster with the columns the user picked, and
the compare view - and keeping the user's place in them.

The place is the cluster's rows, not its number: after a re-run, a sort, a filter or a decision the same cluster is
selected again (``core.review.locate``); when it is gone the nearest one is, and ``placeMoved`` says so for the
status bar. While a run is going the lists are dimmed under a banner (``set_stale``): they show the previous run.
"""

from __future__ import annotations

import html
import re
from itertools import chain

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.doubt import (
    ANOTHER_DATE,
    ANOTHER_ITEM,
    ANOTHER_RATING,
    INSERTED,
    PLAN_OR_DEED,
    held_as_rewritten,
    own_passage,
    rewrite_kind,
)
from dedup_gui.core.engine_process import RemotePipeline
from dedup_gui.core.review import HELD, KEPT, MOVED, NEAREST, NONE, ReviewSession, locate
from dedup_gui.core.review_columns import MEMBER_STATUS, member_fields

from .app_state import AppState
from .cluster_list import ClusterListModel, MembersModel
from .compare_view import CompareView
from .registry_strings import keep_reason_text, summary_text
from .splitters import RuledSplitter, cluster_list_width

SELECT_ROW = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows


class _ListView(QTableView):
    """A table view whose column header does not follow the selection. Qt's header asks, as it paints each
    section, whether the sections beside it are selected - a question about every row of the model, each asked
    of the Python model twice: 0.2 s after selecting all 29,000 clusters of 100k articles, 2 s at 300,000. The
    header gets a selection model of its own, never used (its sections are for sorting, not selecting)."""

    def setModel(self, model) -> None:  # noqa: N802 - Qt override
        super().setModel(model)
        if model is not None:
            self.horizontalHeader().setSelectionModel(QItemSelectionModel(model, self))


def table_view(name: str, multi: bool = True) -> QTableView:
    view = _ListView()
    view.setObjectName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(
        QAbstractItemView.SelectionMode.ExtendedSelection if multi else QAbstractItemView.SelectionMode.SingleSelection
    )
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    view.horizontalHeader().setHighlightSections(False)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    return view


def selected_rows(view: QTableView) -> list[int]:
    """The selected rows, in view order (from the selection's ranges: fast for a select-all of 100,000 rows; ranges
    that do not overlap, as a selection mostly is, are read off in order without a set of them all)."""
    spans = sorted((r.top(), r.bottom()) for r in view.selectionModel().selection())
    if all(top > bottom for (_, bottom), (top, _) in zip(spans, spans[1:], strict=False)):
        return list(chain.from_iterable(range(top, bottom + 1) for top, bottom in spans))
    rows: set[int] = set()
    for top, bottom in spans:
        rows.update(range(top, bottom + 1))
    return sorted(rows)


def selection_size(view: QTableView) -> int:
    """How many rows are selected (from the selection's ranges)."""
    return sum(r.bottom() - r.top() + 1 for r in view.selectionModel().selection())


def size_columns(view: QTableView) -> None:
    """Widths from the column descriptions (in average characters); the last column without one stretches."""
    model = view.model()
    header = view.horizontalHeader()
    char = view.fontMetrics().horizontalAdvance("0")  # digits and Latin: a CJK font's average is much wider
    stretch = -1
    for i, col in enumerate(model.columns):
        if col.width:
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.Interactive)
            title = view.fontMetrics().horizontalAdvance(col.title) + 3 * char
            view.setColumnWidth(i, max(col.width * char + 12, title))
        else:
            stretch = i
    if stretch >= 0:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)


def _boilerplate(pipeline, kept: int, row: int, known_only: bool) -> tuple[list[str], list[str]] | None:
    """The sentences of the two rows ignored as boilerplate. With the engine in its process: ``known_only``, the
    answers kept since it was last asked, or None when it must be asked; else asked (never waiting for a run:
    none while one goes)."""
    try:
        if isinstance(pipeline, RemotePipeline):
            if known_only:
                known = pipeline.known_boilerplate([kept, row])
                return None if known is None else (known[0], known[1])
            left, right = pipeline.boilerplate_of_rows([kept, row], wait=False)
            return left, right
        if pipeline is not None:
            return list(pipeline.boilerplate_of(kept)), list(pipeline.boilerplate_of(row))
    except (IndexError, KeyError, AttributeError):
        pass
    return [], []


class ReviewPane(QWidget):
    placeMoved = Signal(str)  # the view showed another cluster than the one the user was on, and why
    selectionChanged = Signal()  # clusters or members selected (the actions follow)
    sessionShown = Signal()  # a new session is on screen, the cluster the user was on selected again

    def __init__(self, state: AppState, parent: QWidget | None = None):
        super().__init__(parent)
        self.state = state
        self.stale = False

        self.summary = QLabel(self.tr("No results yet"))
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.banner = QLabel()
        self.banner.setObjectName("staleBanner")
        self.banner.setWordWrap(True)
        self.banner.hide()
        self.filter_edit = QLineEdit(state.query)
        self.filter_edit.setPlaceholderText(self.tr("Filter clusters by text or row number…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.cluster_model = ClusterListModel(self)
        self.cluster_model.set_query(state.query)  # a rebuilt window (another language) keeps the filter
        self.cluster_view = table_view("clusterView")
        self.cluster_view.setModel(self.cluster_model)
        self.cluster_view.setSortingEnabled(True)
        self.cluster_view.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.cluster_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        size_columns(self.cluster_view)

        self.members_model = MembersModel(self)
        self.members_view = table_view("membersView")
        self.members_view.setModel(self.members_model)
        self.members_view.setSortingEnabled(True)
        self.members_view.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.members_view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.members_view.horizontalHeader().setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.members_title = QLabel()
        self.members_title.setObjectName("paneTitle")
        self.members_title.setWordWrap(True)
        self.columns_button = QToolButton()
        self.columns_button.setObjectName("memberColumnsButton")
        self.columns_button.setText(self.tr("Columns"))
        self.columns_button.setToolTip(self.tr("Choose the input columns shown beside each row (title, source, date…)"))
        self.columns_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.keep_button, self.remove_button = QPushButton(), QPushButton()
        self.not_dup_button, self.reset_button = QPushButton(), QPushButton()
        self.compare = CompareView()
        self._build_layout()

        self.filter_edit.textChanged.connect(self.set_query)
        self._filter_place: list[int] = []
        self.cluster_model.filterAboutToApply.connect(self._filter_coming)
        self.cluster_model.filterApplied.connect(self._filtered)
        self.cluster_view.selectionModel().currentRowChanged.connect(self._cluster_changed)
        self.cluster_view.selectionModel().selectionChanged.connect(self.selectionChanged)
        self.cluster_view.horizontalHeader().sortIndicatorChanged.connect(self._sorted)
        self.members_view.selectionModel().currentRowChanged.connect(self._member_changed)
        self.members_view.selectionModel().selectionChanged.connect(self._members_selected)
        state.sessionChanged.connect(lambda: self.show_session(in_two_steps=True))
        state.decisionsChanged.connect(self.decisions_changed)
        state.memberColumnsChanged.connect(self._member_columns_changed)

    def _build_layout(self) -> None:
        cluster_box = QWidget()
        cl = QVBoxLayout(cluster_box)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(self.summary)
        cl.addWidget(self.filter_edit)
        cl.addWidget(self.cluster_view, 1)

        bar = QHBoxLayout()
        bar.addWidget(self.members_title, 1)
        bar.addWidget(self.columns_button)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for b in (self.keep_button, self.remove_button, self.not_dup_button, self.reset_button):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        members_box = QWidget()
        ml = QVBoxLayout(members_box)
        ml.setContentsMargins(0, 0, 0, 0)
        ml.addLayout(bar)
        ml.addWidget(self.members_view, 1)
        ml.addLayout(buttons)

        self.detail_splitter = QSplitter(Qt.Orientation.Vertical)
        self.detail_splitter.setObjectName("detailSplitter")
        self.detail_splitter.addWidget(members_box)
        self.detail_splitter.addWidget(self.compare)
        self.detail_splitter.setStretchFactor(0, 1)
        self.detail_splitter.setStretchFactor(1, 3)
        self.detail_splitter.setSizes([260, 490])
        self.detail_splitter.setChildrenCollapsible(False)

        self.cluster_splitter = RuledSplitter(cluster_list_width)
        self.cluster_splitter.setObjectName("clusterSplitter")
        self.cluster_splitter.addWidget(cluster_box)
        self.cluster_splitter.addWidget(self.detail_splitter)
        self.cluster_splitter.setStretchFactor(0, 2)
        self.cluster_splitter.setStretchFactor(1, 3)
        self.cluster_splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.banner)
        layout.addWidget(self.cluster_splitter, 1)
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)

    @property
    def session(self) -> ReviewSession | None:
        return self.state.session

    # -- clusters ----

    def current_cluster_id(self) -> int:
        index = self.cluster_view.currentIndex()
        return self.cluster_model.cluster_id(index.row()) if index.isValid() else 0

    def selected_clusters(self) -> list[int]:
        ids = self.cluster_model.cluster_ids(selected_rows(self.cluster_view))
        current = self.current_cluster_id()
        return ids or ([current] if current else [])

    def select_cluster(self, cluster_id: int, member: int = -1) -> bool:
        row = self.cluster_model.row_of_cluster(cluster_id)
        if row < 0:
            return False
        index = self.cluster_model.index(row, 0)
        self._pending_member = member
        self.cluster_view.selectionModel().setCurrentIndex(index, SELECT_ROW)
        self.cluster_view.scrollTo(index)
        self._pending_member = -1
        if member >= 0:
            self.select_member(member)
        return True

    _pending_member = -1

    def step_cluster(self, delta: int) -> None:
        rows = self.cluster_model.rowCount()
        if rows:
            current = self.cluster_view.currentIndex().row()
            row = min(rows - 1, max(0, current + delta)) if current >= 0 else 0
            self.select_cluster(self.cluster_model.cluster_id(row))

    def next_to_check(self) -> bool:
        """Select the next row kept for the user to check, in the cluster list's order from the cluster on screen
        (its own rows to check after the member on screen first), round to the start; False when there is none."""
        session = self.session
        if session is None:
            return False
        waiting: dict[int, list[int]] = {}
        for row in sorted(session.held):
            if session.is_held(row):
                waiting.setdefault(session.cluster_of(row), []).append(row)
        if not waiting:
            return False
        model, current = self.cluster_model, self.cluster_view.currentIndex().row()
        here = model.cluster_id(current) if current >= 0 else 0
        member = self.selected_member() if here else -1
        later = [r for r in waiting.get(here, []) if r > member]
        if later:
            self.select_member(later[0])
            return True
        # Where each such cluster is shown (filtered out: not at all); the first after the one on screen, else the
        # first of all (a position per cluster waiting, not a step per row of the list).
        shown = sorted((r, c) for c in waiting if (r := model.row_of_cluster(c)) >= 0)
        if not shown:
            return False
        row, cluster_id = next(((r, c) for r, c in shown if r > current), shown[0])
        return self.select_cluster(cluster_id, waiting[cluster_id][0])

    def _cluster_changed(self, current, _previous) -> None:
        cluster_id = self.cluster_model.cluster_id(current.row()) if current.isValid() else 0
        self.members_model.set_cluster(self.session, cluster_id)
        if not cluster_id or self.session is None:
            self.members_title.setText("")
            self.compare.clear()
            self.selectionChanged.emit()
            return
        members = self.session.cluster(cluster_id).members
        self.state.place = list(members)
        self._fit_copy_statuses()
        self._update_title()
        kept = self.session.kept_row(cluster_id)
        wanted = self._pending_member if self._pending_member in members else -1
        if wanted < 0:
            wanted = next((m for m in members if m != kept), kept)
        self.select_member(wanted)

    def _fit_copy_statuses(self) -> None:
        """A member removed as the copy of a row kept to check says so in its Status ("Remove: same as row 1,024"),
        wider than the column's own width: the column is widened to show it whole (never narrowed - the user may
        have widened it)."""
        model = self.members_model
        if not any(model.member(i).copy_of is not None for i in range(model.rowCount())):
            return
        view = self.members_view
        wanted = view.sizeHintForColumn(MEMBER_STATUS)
        if wanted > view.columnWidth(MEMBER_STATUS):
            view.setColumnWidth(MEMBER_STATUS, wanted)

    def _update_title(self) -> None:
        cluster_id = self.members_model.cluster_id
        if not cluster_id or self.session is None:
            self.members_title.setText("")
            return
        line = self.session.row(cluster_id - 1)
        title = self.tr("<b>Cluster {id}</b> · {n} rows · {removed} removed").format(
            id=cluster_id, n=line.size, removed=line.removed
        )
        if line.held:
            title += " · " + self.tr("{n} to check").format(n=line.held)
        self.members_title.setText(title)

    def set_query(self, text: str) -> None:
        """Filter the cluster list; the cluster on screen stays when it matches, else the nearest that does (once
        the matching clusters are found: at once, or from the model's search thread for a large run)."""
        self.state.query = text
        self.cluster_model.set_query(text)

    def _filter_coming(self) -> None:
        self._filter_place = list(self.state.place)  # (the list's reset moves the selection)

    def _filtered(self) -> None:
        self._return_to(self._filter_place, filtered=True)

    def _sorted(self, *_args) -> None:
        index = self.cluster_view.currentIndex()
        if index.isValid():
            self.cluster_view.scrollTo(index)

    # -- members ----

    def select_member(self, row: int) -> None:
        i = self.members_model.row_of(row)
        if i >= 0:
            self.members_view.selectionModel().setCurrentIndex(self.members_model.index(i, 0), SELECT_ROW)

    def selected_member(self) -> int:
        index = self.members_view.currentIndex()
        return self.members_model.member(index.row()).row if index.isValid() else -1

    def selected_members(self) -> list[int]:
        rows = selected_rows(self.members_view)
        members = [self.members_model.member(r).row for r in rows]
        current = self.selected_member()
        return members or ([current] if current >= 0 else [])

    def _members_selected(self) -> None:
        self.state.place_selection = self.selected_members()
        self.selectionChanged.emit()

    def _member_changed(self, current, _previous) -> None:
        if current.isValid():
            self.state.place_row = self.members_model.member(current.row()).row
        self.show_compare()

    def show_compare(self) -> None:
        index = self.members_view.currentIndex()
        session, cluster_id = self.session, self.members_model.cluster_id
        if not index.isValid() or session is None or not cluster_id:
            return
        member = self.members_model.member(index.row())
        kept = session.kept_row(cluster_id)
        status = {KEPT: self.tr("kept")}.get(member.status, "")
        if member.status == HELD and member.scaled:
            status = self.tr(
                "kept for you to check — a figure with its multiplier (万, 亿, million) dropped or changed"
            )
        elif member.status == HELD and held_as_rewritten(session.texts[member.row]):
            # (which of the two the kept row and this one are: a sentence with words put between its words is no
            # excerpt of the other, nor a rewrite of it)
            kind = rewrite_kind(session.texts[kept].lower(), session.texts[member.row].lower())
            if kind == INSERTED:
                status = self.tr("kept for you to check — the same words with other words put between them")
            elif kind == ANOTHER_RATING:
                status = self.tr("kept for you to check — another credit rating")
            elif kind == ANOTHER_DATE:
                status = self.tr("kept for you to check — a date in another month")
            elif kind == ANOTHER_ITEM:
                status = self.tr("kept for you to check — the same words changed in several places (another item)")
            elif kind == PLAN_OR_DEED:
                status = self.tr("kept for you to check — what one says may be done, the other says was done")
            else:
                status = self.tr("kept for you to check — partly in other words")
        elif member.status == HELD and own_passage(session.texts[kept], session.texts[member.row]):
            status = self.tr("kept for you to check — a passage of its own, no excerpt of the kept row")
        elif member.status == HELD:
            status = self.tr("kept for you to check — a character or a word apart")
        elif member.status != KEPT:
            status = self.tr("not a duplicate — stays") if member.row in session.decisions.not_duplicate else ""
            if not status and member.copy_of is not None:  # (the member's line has it: ``ReviewSession.members``)
                status = self.tr("will be removed — the same text as row {row}, which stays").format(
                    row=member.copy_of + 1
                )
            status = status or self.tr("will be removed")
        columns = self.state.member_columns
        pipeline = next(iter(self.state.pipelines.values()), None)
        boilerplate = _boilerplate(pipeline, kept, member.row, known_only=True)
        self.compare.fold_traditional = session.result.settings.normalise.simplify
        self.compare.set_texts(
            session.texts[kept],
            session.texts[member.row],
            self._kept_title(cluster_id, kept),
            self.tr("<b>Row {row}</b> · {status}").format(row=member.row + 1, status=status),
            session.similarity(cluster_id, member.row),
            fields=(
                member_fields(self.state.table, kept, columns),
                member_fields(self.state.table, member.row, columns),
            ),
            boilerplate=boilerplate or ([], []),
        )
        if boilerplate is None:  # (asked of the engine's process off the window's thread, shown when it answers)
            row = member.row
            self.compare.ask_boilerplate(lambda: _boilerplate(pipeline, kept, row, known_only=False) or ([], []))

    def _kept_title(self, cluster_id: int, kept: int) -> str:
        """'Kept · row 12 · why' (the keep rule's reason, shortened; the tooltip has all of it)."""
        session = self.session
        title = self.tr("<b>Kept</b> · row {row}").format(row=kept + 1)
        if cluster_id in session.decisions.kept:
            reason = self.tr("your choice")
        else:
            reason = keep_reason_text(session.result.keep_reasons.get(cluster_id, ""))
        self.compare.left.title.setToolTip(reason)
        short = re.split("[;；]", reason)[0]  # the rule's first reason; the tooltip has the rest
        short = short if len(short) <= 40 else short[:39].rstrip(" ,") + "…"
        short += "…" if short != reason and not short.endswith("…") else ""
        return f"{title} · <i>{html.escape(short)}</i>" if reason else title

    # -- a new run, new decisions, other columns ----

    def show_session(self, in_two_steps: bool = False) -> None:
        """Show the state's session. ``in_two_steps``: the cluster list now, the cluster the user was on (its
        members and the compare view) at the next turn of the event loop, so that a 100,000-row run's list and
        its first comparison are drawn in two short stalls rather than one long one. ``sessionShown`` says when
        both are on screen."""
        session = self.session
        place = list(self.state.place)
        if self.cluster_model.set_session(session):
            size_columns(self.cluster_view)
        self.members_model.set_member_columns(self.state.table, self.state.member_columns)
        size_columns(self.members_view)
        self.update_summary()
        if session is None:
            self.members_model.set_cluster(None, 0)
            self.members_title.setText("")
            self.compare.clear(self.tr("Select a cluster."))
        elif not len(session):
            self.members_model.set_cluster(None, 0)
            self.members_title.setText("")
            self.compare.clear(self.tr("No duplicates found with these settings."))
        if in_two_steps and session is not None and len(session):
            QTimer.singleShot(0, self, lambda: self._finish_showing(session, place))
        else:
            self._finish_showing(session, place)

    def _finish_showing(self, session: ReviewSession | None, place: list[int]) -> None:
        if session is not self.session:  # replaced in the meantime: the newer one is shown in its turn
            return
        self._return_to(place)
        self.selectionChanged.emit()
        self.sessionShown.emit()

    def _return_to(self, place: list[int], filtered: bool = False) -> None:
        session = self.session
        if session is None or not len(session):
            return
        cluster_id, how = locate(session, place, self.cluster_model.shown_ids())
        if how == NONE:
            self.members_model.set_cluster(None, 0)
            self.compare.clear(self.tr("No cluster matches the filter."))
            return
        member, selection = self.state.place_row, list(self.state.place_selection)
        if cluster_id != self.current_cluster_id() or self.members_model.cluster_id != cluster_id:
            self.select_cluster(cluster_id, member)
            self._reselect_members(selection, member)
        if place and how in (MOVED, NEAREST):
            self.placeMoved.emit(self._moved_text(cluster_id, how, filtered))

    def _moved_text(self, cluster_id: int, how: str, filtered: bool) -> str:
        if filtered and how == NEAREST:
            return self.tr("The cluster you were on does not match the filter; showing cluster {id}.").format(
                id=cluster_id
            )
        if how == MOVED:
            return self.tr("The rows you were reviewing are now in cluster {id}, which has changed.").format(
                id=cluster_id
            )
        return self.tr("The cluster you were reviewing no longer exists; showing the nearest, cluster {id}.").format(
            id=cluster_id
        )

    def decisions_changed(self, changed, focus) -> None:
        if self.session is None:
            return
        self.cluster_model.clusters_changed(changed)
        if self.members_model.cluster_id in changed:
            selected = self.selected_members()
            current = self.selected_member()
            self.members_model.refresh()
            self._reselect_members(selected, current)
            self._update_title()
            self.show_compare()
        elif focus:  # an undo or redo in another cluster: show where it happened
            cluster_id = self.session.cluster_of(focus[0])
            if cluster_id:
                self.select_cluster(cluster_id, focus[0])
        self.update_summary()
        self.selectionChanged.emit()

    def _reselect_members(self, rows: list[int], current: int) -> None:
        selection = self.members_view.selectionModel()
        if current >= 0:
            self.select_member(current)
        for r in rows:
            i = self.members_model.row_of(r)
            if i >= 0:
                selection.select(
                    self.members_model.index(i, 0),
                    QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
                )

    def _member_columns_changed(self) -> None:
        current, selected = self.selected_member(), self.selected_members()
        self.members_model.set_member_columns(self.state.table, self.state.member_columns)
        size_columns(self.members_view)
        self._reselect_members(selected, current)
        self.show_compare()

    def update_summary(self) -> None:
        s = self.session
        if s is None:
            self.summary.setText(self.tr("No results yet"))
            return
        text = f"<b>{summary_text(s.clusters_to_review, s.rows_to_remove, s.result.n_rows, s.rows_to_check)}</b>"
        notes = []
        exact = s.result.exact_duplicates
        if exact:
            notes.append(
                self.tr("1 row is an exact copy")
                if exact == 1
                else self.tr("{n} rows are exact copies").format(n=f"{exact:,}")
            )
        decided = len(s.intent.rows)
        if decided:
            notes.append(
                self.tr("1 row decided by you")
                if decided == 1
                else self.tr("{n} rows decided by you").format(n=f"{decided:,}")
            )
        if s.rows_to_check:
            notes.append(
                self.tr(
                    "1 row kept for you to check: a character or a word apart, partly in other words, another rating "
                    "or month, done where the other says may be done, a passage of its own, or a figure's multiplier "
                    "dropped"
                )
                if s.rows_to_check == 1
                else self.tr(
                    "{n} rows kept for you to check: a character or a word apart, partly in other words, another "
                    "rating or month, done where the other says may be done, a passage of its own, or a figure's "
                    "multiplier dropped"
                ).format(n=f"{s.rows_to_check:,}")
            )
        if s.not_applying:
            notes.append(self.tr("{n} of them in no cluster at these settings").format(n=f"{len(s.not_applying):,}"))
        if notes:
            text += "<br><span>{}</span>".format(" · ".join(notes))
        self.summary.setText(text)

    # -- stale while a run is going ----

    def set_stale(self, on: bool, message: str = "") -> None:
        self.stale = on
        self.banner.setText(message)
        self.banner.setVisible(on)
        for w in (self.cluster_view, self.members_view, self.compare, self.filter_edit, self.columns_button):
            w.setEnabled(not on)
        for b in (self.keep_button, self.remove_button, self.not_dup_button, self.reset_button):
            b.setEnabled(not on and b.isEnabled())
        self.selectionChanged.emit()

    def focus_filter(self) -> None:
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()
