"""The main window: open a file, tune settings, review clusters side by side, export. Never blocks.

All slow work (reading, running, exporting) is a job for ``JobRunner``; this window only starts jobs, shows
their progress and puts their results into the models. Dialogs are non-modal (``open()``) so the window, and
the tests driving it offscreen, never wait inside a nested event loop.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QItemSelectionModel, QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTableView,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.algorithms.registry import get_algorithm
from dedup_gui.core.errors import DedupError
from dedup_gui.core.review import KEPT, NOT_DUPLICATE, ReviewSession
from dedup_gui.core.table import Table
from dedup_gui.i18n import add_language_menu

from . import jobs
from .analysis import attach_to as attach_analysis
from .cluster_list import ID_ROLE, ClusterFilterProxy, ClusterListModel, MembersModel
from .compare_view import CompareView
from .data_panel import DataPanel
from .export_dialog import ExportDialog, confirmation_text
from .howto import add_help_menu
from .registry_strings import stage_text, summary_text, translated_algorithm
from .resources import demo_workbook
from .rows_model import RowsModel
from .settings_panel import SettingsPanel
from .worker import JobRunner

MAX_RECENT = 8
DEBOUNCE_MS = 300  # a dragged slider computes once, for the value it stops at
OPEN_FILTER = "Tables (*.xlsx *.xlsm *.xls *.csv *.tsv *.txt);;All files (*)"  # translated where used


class MainWindow(QMainWindow):
    messageShown = Signal(str, str)  # title, text: every dialog the window opens (for tests and logs)
    resultShown = Signal()  # a run's clusters are on screen
    exported = Signal(list)  # list[jobs.Written]

    def __init__(self, store: QSettings | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.store = store if store is not None else QSettings()
        self.table: Table | None = None
        self.session: ReviewSession | None = None
        self.pipelines: dict[tuple, object] = {}
        self.last_message: QMessageBox | None = None
        self.export_dialog: ExportDialog | None = None
        self._switch_to_clusters = False

        self.setWindowTitle("Dedup")
        self.setAcceptDrops(True)
        self.resize(1360, 860)

        self.runner = JobRunner(self)
        self.runner.started.connect(self._job_started)
        self.runner.progress.connect(self._job_progress)
        self.runner.finished.connect(self._job_finished)
        self.runner.failed.connect(self._job_failed)
        self.runner.cancelled.connect(self._job_cancelled)
        self.runner.busyChanged.connect(self._busy_changed)

        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self.run_now)

        self._build_actions()
        self._build_ui()
        self._build_status()
        self._restore()

    # -- construction ----

    def _build_actions(self) -> None:
        style = self.style()
        icon = style.standardIcon

        def action(text, slot, shortcut=None, tip=None, pixmap=None):
            a = QAction(text, self)
            if pixmap is not None:
                a.setIcon(icon(pixmap))
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
            if tip:
                a.setToolTip(tip + (f" ({QKeySequence(shortcut).toString()})" if shortcut else ""))
                a.setStatusTip(tip)
            a.triggered.connect(slot)
            self.addAction(a)
            return a

        sp = QStyle.StandardPixmap
        self.open_action = action(
            self.tr("&Open…"),
            self.choose_file,
            QKeySequence.StandardKey.Open,
            self.tr("Open a workbook or CSV"),
            sp.SP_DialogOpenButton,
        )
        self.open_folder_action = action(
            self.tr("Open &folder of .txt…"),
            self.choose_folder,
            "Ctrl+Shift+O",
            self.tr("Open a folder of .txt files"),
            sp.SP_DirIcon,
        )
        self.demo_action = action(self.tr("Open &demo workbook"), self.open_demo)
        self.run_action = action(
            self.tr("&Find duplicates"), self.run_now, "F5", self.tr("Run with the current settings"), sp.SP_MediaPlay
        )
        self.cancel_action = action(
            self.tr("&Cancel"), self.cancel, "Esc", self.tr("Stop the running job"), sp.SP_BrowserStop
        )
        self.cancel_action.setEnabled(False)
        self.export_action = action(
            self.tr("&Export…"),
            self.show_export_dialog,
            "Ctrl+E",
            self.tr("Save a cleaned copy"),
            sp.SP_DialogSaveButton,
        )
        self.export_action.setEnabled(False)
        self.quit_action = action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.next_diff_action = action(
            self.tr("&Next difference"), self.next_difference, "N", self.tr("Next difference")
        )
        self.prev_diff_action = action(
            self.tr("&Previous difference"), self.previous_difference, "P", self.tr("Previous difference")
        )
        self.next_cluster_action = action(self.tr("Next cluster"), lambda: self.step_cluster(1), "Alt+Down")
        self.prev_cluster_action = action(self.tr("Previous cluster"), lambda: self.step_cluster(-1), "Alt+Up")
        self.keep_action = action(
            self.tr("&Keep this row"),
            self.keep_selected_member,
            "K",
            self.tr("Keep the selected row instead of the current one"),
        )
        self.not_dup_action = action(
            self.tr("Not a &duplicate"),
            self.toggle_not_duplicate,
            "D",
            self.tr("The selected row stays in the cleaned file"),
        )
        self.focus_filter_action = action(self.tr("Filter clusters"), self._focus_filter, QKeySequence.StandardKey.Find)

        menu = self.menuBar().addMenu(self.tr("&File"))
        menu.addAction(self.open_action)
        menu.addAction(self.open_folder_action)
        self.recent_menu = menu.addMenu(self.tr("Open &recent"))
        menu.addAction(self.demo_action)
        menu.addSeparator()
        menu.addAction(self.export_action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        run_menu = self.menuBar().addMenu(self.tr("&Run"))
        run_menu.addAction(self.run_action)
        run_menu.addAction(self.cancel_action)
        review = self.menuBar().addMenu(self.tr("Re&view"))
        for a in (
            self.next_cluster_action,
            self.prev_cluster_action,
            None,
            self.next_diff_action,
            self.prev_diff_action,
            None,
            self.keep_action,
            self.not_dup_action,
            None,
            self.focus_filter_action,
        ):
            review.addSeparator() if a is None else review.addAction(a)
        self._update_recent_menu()
        add_language_menu(self)
        add_help_menu(self)

        tb = QToolBar(self.tr("Main"))
        tb.setObjectName("mainToolbar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for a in (self.open_action, self.run_action, self.cancel_action, self.export_action):
            tb.addAction(a)
        self.addToolBar(tb)

    def _build_ui(self) -> None:
        # side panel: data + settings
        self.data_panel = DataPanel()
        self.settings_panel = SettingsPanel()
        self.run_button = QPushButton(self.tr("Find duplicates"))
        self.run_button.setObjectName("runButton")
        self.run_button.setToolTip(self.tr("Run with the current settings (F5). Changes re-run automatically."))
        self.run_button.clicked.connect(self.run_now)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.data_panel)
        side_layout.addWidget(self.settings_panel)
        side_layout.addWidget(self.run_button)
        side_layout.addStretch(1)
        self.side_scroll = QScrollArea()
        self.side_scroll.setWidget(side)
        self.side_scroll.setWidgetResizable(True)
        self.side_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.side_scroll.setMinimumWidth(300)
        self.side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        self.data_panel.sheetChosen.connect(self._sheet_chosen)
        self.data_panel.columnsChanged.connect(self._columns_changed)
        self.settings_panel.changed.connect(self.request_run)

        # cluster list
        self.cluster_model = ClusterListModel(self)
        self.cluster_proxy = ClusterFilterProxy(self)
        self.cluster_proxy.setSourceModel(self.cluster_model)
        self.cluster_view = QTableView()
        self.cluster_view.setObjectName("clusterView")
        self.cluster_view.setModel(self.cluster_proxy)
        _table_defaults(self.cluster_view)
        self.cluster_view.setSortingEnabled(True)
        self.cluster_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        header = self.cluster_view.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for col, width in ((0, 56), (1, 52), (2, 104)):
            self.cluster_view.setColumnWidth(col, width)
        self.cluster_view.selectionModel().currentRowChanged.connect(self._cluster_selected)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter clusters by text or row number…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._filter_changed)
        self.summary = QLabel(self.tr("No results yet"))
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        cluster_box = QWidget()
        cl = QVBoxLayout(cluster_box)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(self.summary)
        cl.addWidget(self.filter_edit)
        cl.addWidget(self.cluster_view, 1)

        # members of the selected cluster + actions
        self.members_model = MembersModel(self)
        self.members_view = QTableView()
        self.members_view.setObjectName("membersView")
        self.members_view.setModel(self.members_model)
        _table_defaults(self.members_view)
        self.members_view.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        for col, width in ((0, 64), (1, 140), (2, 84), (3, 64)):
            self.members_view.setColumnWidth(col, width)
        self.members_view.selectionModel().currentRowChanged.connect(self._member_selected)
        self.keep_button = QPushButton(self.tr("Keep this row"))
        self.keep_button.setToolTip(self.tr("Keep the selected row instead; the others in the cluster are removed (K)"))
        self.keep_button.clicked.connect(self.keep_selected_member)
        self.not_dup_button = QPushButton(self.tr("Not a duplicate"))
        self.not_dup_button.setCheckable(True)
        self.not_dup_button.setToolTip(self.tr("The selected row stays in the cleaned file (D)"))
        self.not_dup_button.clicked.connect(self.toggle_not_duplicate)
        self.members_title = QLabel()
        self.members_title.setObjectName("paneTitle")
        member_bar = QHBoxLayout()
        member_bar.addWidget(self.members_title, 1)
        member_bar.addWidget(self.keep_button)
        member_bar.addWidget(self.not_dup_button)
        members_box = QWidget()
        ml = QVBoxLayout(members_box)
        ml.setContentsMargins(0, 0, 0, 0)
        ml.addLayout(member_bar)
        ml.addWidget(self.members_view, 1)

        self.compare = CompareView()
        self.detail_splitter = QSplitter(Qt.Orientation.Vertical)
        self.detail_splitter.setObjectName("detailSplitter")
        self.detail_splitter.addWidget(members_box)
        self.detail_splitter.addWidget(self.compare)
        self.detail_splitter.setStretchFactor(0, 1)
        self.detail_splitter.setStretchFactor(1, 3)
        self.detail_splitter.setSizes([190, 560])
        self.detail_splitter.setChildrenCollapsible(False)

        self.cluster_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.cluster_splitter.setObjectName("clusterSplitter")
        self.cluster_splitter.addWidget(cluster_box)
        self.cluster_splitter.addWidget(self.detail_splitter)
        self.cluster_splitter.setStretchFactor(0, 2)
        self.cluster_splitter.setStretchFactor(1, 3)
        self.cluster_splitter.setSizes([400, 640])
        self.cluster_splitter.setChildrenCollapsible(False)

        # every row
        self.rows_model = RowsModel(self)
        self.rows_view = QTableView()
        self.rows_view.setObjectName("rowsView")
        self.rows_view.setModel(self.rows_model)
        _table_defaults(self.rows_view)
        self.rows_view.horizontalHeader().setDefaultSectionSize(150)
        self.rows_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.rows_view.doubleClicked.connect(self._row_activated)
        self.duplicates_only = QCheckBox(self.tr("Clustered rows only"))
        self.duplicates_only.toggled.connect(self.rows_model.set_duplicates_only)
        rows_box = QWidget()
        rl = QVBoxLayout(rows_box)
        rl.setContentsMargins(0, 4, 0, 0)
        rl.addWidget(self.duplicates_only)
        rl.addWidget(self.rows_view, 1)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.cluster_splitter, self.tr("Clusters"))
        self.tabs.addTab(rows_box, self.tr("All rows"))
        self.analysis_view = attach_analysis(self)  # the Analysis tab: histogram, hot stories, summary

        self.main_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.main_splitter.setObjectName("mainSplitter")
        self.main_splitter.addWidget(self.side_scroll)
        self.main_splitter.addWidget(self.tabs)
        self.main_splitter.setStretchFactor(0, 0)
        self.main_splitter.setStretchFactor(1, 1)
        self.main_splitter.setSizes([330, 1030])
        self.main_splitter.setChildrenCollapsible(False)

        self.stack = QStackedWidget()
        self.stack.addWidget(self._build_welcome())
        self.stack.addWidget(self.main_splitter)
        self.setCentralWidget(self.stack)
        self._update_member_actions()

    def _build_welcome(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addStretch(2)
        title = QLabel(self.tr("Find and remove near-duplicate texts"))
        title.setObjectName("welcomeTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QLabel(
            self.tr(
                "Open an Excel workbook, a CSV file or a folder of .txt files — or drop it on this window.\n"
                "Duplicates are found automatically; review them, then export a cleaned copy."
            )
        )
        text.setObjectName("hint")
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for a in (self.open_action, self.open_folder_action, self.demo_action):
            b = QPushButton(a.text().replace("&", ""))
            b.setIcon(a.icon())
            b.clicked.connect(a.trigger)
            b.setMinimumHeight(34)
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout.addWidget(title)
        layout.addSpacing(8)
        layout.addWidget(text)
        layout.addSpacing(16)
        layout.addLayout(buttons)
        layout.addStretch(3)
        return page

    def _build_status(self) -> None:
        bar = self.statusBar()
        self.stage_label = QLabel()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(260)
        self.progress.setTextVisible(False)
        self.elapsed_label = QLabel()
        self.elapsed_label.setObjectName("hint")
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop (Esc); the previous result stays"))
        self.cancel_button.clicked.connect(self.cancel)
        for w in (self.stage_label, self.progress, self.elapsed_label, self.cancel_button):
            bar.addPermanentWidget(w)
            w.hide()
        self.elapsed = QElapsedTimer()
        self.clock = QTimer(self)
        self.clock.setInterval(200)
        self.clock.timeout.connect(self._tick)

    # -- opening ----

    def choose_file(self) -> None:
        start = str(self.store.value("lastDir", str(Path.home())))
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open a table"),
            start,
            self.tr("Tables (*.xlsx *.xlsm *.xls *.csv *.tsv *.txt);;All files (*)"),
        )
        if path:
            self.open_path(path)

    def choose_folder(self) -> None:
        start = str(self.store.value("lastDir", str(Path.home())))
        path = QFileDialog.getExistingDirectory(self, self.tr("Open a folder of .txt files"), start)
        if path:
            self.open_path(path)

    def open_demo(self) -> None:
        demo = demo_workbook()
        if demo.exists():
            self.open_path(demo)
        else:
            self.show_message(
                QMessageBox.Icon.Warning,
                self.tr("Demo not found"),
                self.tr("The demo workbook is missing: {path}").format(path=demo),
            )

    def open_path(self, path: str | Path, sheet: str | None = None) -> None:
        """Load a file or folder in the background; the current data stays until it has loaded."""
        path = Path(path)
        self.debounce.stop()
        self.runner.start("load", partial(jobs.read, path, sheet))

    def _loaded(self, table: Table) -> None:
        self.table = table
        self.pipelines.clear()
        self.session = None
        remembered = [c for c in self._remembered_columns(table) if c in table.columns]
        columns = remembered or table.guess_text_columns()
        self.data_panel.set_table(table, columns)
        self.settings_panel.set_columns(table.columns)
        self.rows_model.set_table(table, columns)
        self._size_row_columns()
        self._show_session(None)
        self._add_recent(table.path)
        self.store.setValue("lastDir", str(table.path.parent))
        self.setWindowTitle(f"{table.path.name}{f' — {table.sheet}' if table.sheet else ''} — Dedup")
        self.stack.setCurrentIndex(1)
        self.tabs.setCurrentIndex(1)  # the rows are the preview until the clusters are in
        self._switch_to_clusters = True
        self.run_now()

    def _sheet_chosen(self, sheet: str) -> None:
        if self.table is not None:
            self.open_path(self.table.path, sheet)

    def _columns_changed(self, columns: list[str]) -> None:
        self.rows_model.set_text_columns(columns)
        if self.table is not None and columns:
            self.store.setValue(f"columns/{self.table.path}", columns)
        self.request_run()

    def _remembered_columns(self, table: Table) -> list[str]:
        value = self.store.value(f"columns/{table.path}", [])
        return [value] if isinstance(value, str) else list(value or [])

    # -- running ----

    def request_run(self) -> None:
        """Re-run after the settings stop changing (debounced; a newer run supersedes an older one)."""
        if self.table is not None:
            self.debounce.start()

    def run_now(self) -> None:
        self.debounce.stop()
        if self.table is None:
            return
        columns = self.data_panel.selected_columns()
        if not columns:
            self.summary.setText(self.tr("Tick at least one text column to compare."))
            return
        key = (id(self.table), tuple(columns))
        settings = self.settings_panel.settings()
        self.runner.start("run", partial(jobs.run, self.table, columns, settings, self.pipelines.get(key), key))

    def cancel(self) -> None:
        self.debounce.stop()
        self.runner.cancel()

    def _ran(self, outcome: jobs.RunOutcome) -> None:
        if self.table is None or outcome.key[0] != id(self.table):
            return
        self.pipelines = {outcome.key: outcome.pipeline}
        if self.session is not None and self.session.texts is outcome.pipeline.texts:
            outcome.session.carry_over(self.session)
        weak = jobs.short_text_warning(outcome.settings.algorithm, outcome.median_length)
        warning = translated_algorithm(get_algorithm(weak)).short_text_warning if weak else ""
        self.settings_panel.set_short_text_warning(
            warning.format(median=f"{outcome.median_length:.0f}", limit=jobs.SHORT_TEXT_CHARS)
        )
        self._show_session(outcome.session)
        seconds = self.elapsed.elapsed() / 1000 if self.elapsed.isValid() else 0
        self.statusBar().showMessage(
            self.tr("{summary} · found in {seconds} s").format(
                summary=self._summary_of(outcome.session), seconds=f"{seconds:.1f}"
            ),
            10000,
        )
        if self._switch_to_clusters:
            self._switch_to_clusters = False
            self.tabs.setCurrentIndex(0)
            self.cluster_view.setFocus()
        self.resultShown.emit()

    def _show_session(self, session: ReviewSession | None) -> None:
        previous = self.current_cluster_id()
        self.session = session
        self.cluster_model.set_session(session)
        self.rows_model.set_resolution(session.resolution() if session else None)
        self.export_action.setEnabled(session is not None and not self.runner.busy)
        self._update_summary()
        if session is not None and len(session):
            target = previous if 0 < previous <= len(session) else 1
            self.select_cluster(target)
        else:
            self.members_model.set_cluster(None, 0)
            self.members_title.setText("")
            self.compare.clear(
                self.tr("No duplicates found with these settings.")
                if session is not None
                else self.tr("Select a cluster.")
            )
        self._update_member_actions()

    def _update_summary(self) -> None:
        if self.session is None:
            self.summary.setText(self.tr("No results yet"))
            return
        s = self.session
        text = f"<b>{self._summary_of(s)}</b>"
        if s.result.exact_duplicates:
            copies = self.tr("{n} rows are exact copies").format(n=f"{s.result.exact_duplicates:,}")
            text += f"<br><span>{copies}</span>"
        self.summary.setText(text)

    @staticmethod
    def _summary_of(session: ReviewSession) -> str:
        """ReviewSession.summary() in the interface language."""
        return summary_text(len(session.clusters), session.rows_to_remove, session.result.n_rows)

    # -- review ----

    def current_cluster_id(self) -> int:
        index = self.cluster_view.currentIndex()
        return int(index.data(ID_ROLE)) if index.isValid() else 0

    def select_cluster(self, cluster_id: int) -> None:
        source = self.cluster_model.index(cluster_id - 1, 0)
        index = self.cluster_proxy.mapFromSource(source)
        if index.isValid():
            self.cluster_view.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.cluster_view.scrollTo(index)

    def step_cluster(self, delta: int) -> None:
        rows = self.cluster_proxy.rowCount()
        if rows:
            current = self.cluster_view.currentIndex().row()
            row = min(rows - 1, max(0, current + delta)) if current >= 0 else 0
            self.select_cluster(int(self.cluster_proxy.index(row, 0).data(ID_ROLE)))

    def _cluster_selected(self, current, _previous) -> None:
        cluster_id = int(current.data(ID_ROLE)) if current.isValid() else 0
        self.members_model.set_cluster(self.session, cluster_id)
        if not cluster_id:
            self.members_title.setText("")
            self.compare.clear()
            self._update_member_actions()
            return
        kept = self.session.kept_row(cluster_id)
        self.members_title.setText(
            self.tr("<b>Cluster {id}</b> · {n} rows").format(id=cluster_id, n=self.members_model.rowCount())
        )
        members = [m.row for m in self.session.members(cluster_id)]
        other = next((m for m in members if m != kept), kept)
        self.select_member(other)

    def select_member(self, row: int) -> None:
        i = self.members_model.row_of(row)
        if i >= 0:
            self.members_view.selectionModel().setCurrentIndex(
                self.members_model.index(i, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
            )

    def selected_member(self) -> int:
        index = self.members_view.currentIndex()
        return self.members_model.member(index.row()).row if index.isValid() else -1

    def _member_selected(self, current, _previous) -> None:
        self._update_member_actions()
        if not current.isValid() or self.session is None:
            return
        cluster_id = self.members_model.cluster_id
        member = self.members_model.member(current.row())
        kept = self.session.kept_row(cluster_id)
        texts = self.session.texts
        status = {KEPT: self.tr("kept"), NOT_DUPLICATE: self.tr("not a duplicate — stays")}.get(
            member.status, self.tr("will be removed")
        )
        self.compare.set_texts(
            texts[kept],
            texts[member.row],
            self.tr("<b>Kept</b> · row {row}").format(row=kept + 1),
            self.tr("<b>Row {row}</b> · {status}").format(row=member.row + 1, status=status),
            self.session.similarity(cluster_id, member.row),
        )

    def _update_member_actions(self) -> None:
        row = self.selected_member()
        has = row >= 0 and self.session is not None
        status = self.members_model.member(self.members_view.currentIndex().row()).status if has else None
        self.keep_action.setEnabled(has and status != KEPT)
        self.keep_button.setEnabled(has and status != KEPT)
        self.not_dup_action.setEnabled(has and status != KEPT)
        self.not_dup_button.setEnabled(has and status != KEPT)
        self.not_dup_button.setChecked(status == NOT_DUPLICATE)

    def keep_selected_member(self) -> None:
        row, cluster_id = self.selected_member(), self.members_model.cluster_id
        if row < 0 or self.session is None:
            return
        old_kept = self.session.kept_row(cluster_id)
        self.session.set_kept(cluster_id, row)
        self._decisions_changed(cluster_id)
        self.select_member(old_kept)
        self._member_selected(self.members_view.currentIndex(), None)

    def toggle_not_duplicate(self) -> None:
        row, cluster_id = self.selected_member(), self.members_model.cluster_id
        if row < 0 or self.session is None or row == self.session.kept_row(cluster_id):
            return
        flag = row not in self.session.decisions.not_duplicate
        self.session.set_not_duplicate(cluster_id, row, flag)
        self._decisions_changed(cluster_id)
        self._member_selected(self.members_view.currentIndex(), None)

    def _decisions_changed(self, cluster_id: int) -> None:
        self.members_model.refresh()
        self.cluster_model.cluster_changed(cluster_id)
        self.rows_model.set_resolution(self.session.resolution())
        self._update_summary()
        self._update_member_actions()

    def next_difference(self) -> None:
        self.compare.next_difference()

    def previous_difference(self) -> None:
        self.compare.previous_difference()

    def _filter_changed(self, text: str) -> None:
        self.cluster_proxy.set_query(text)
        if self.cluster_proxy.rowCount() and not self.cluster_view.currentIndex().isValid():
            self.step_cluster(0)

    def _focus_filter(self) -> None:
        self.tabs.setCurrentIndex(0)
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()

    def _size_row_columns(self) -> None:
        """Narrow bookkeeping columns, wide text columns."""
        if self.rows_model.columnCount() == 0:
            return
        for col, width in enumerate((64, 64, 150, 84)):
            self.rows_view.setColumnWidth(col, width)
        texty = set(self.data_panel.selected_columns())
        for i, name in enumerate(self.table.columns if self.table else []):
            self.rows_view.setColumnWidth(4 + i, 420 if name in texty else 150)

    def _row_activated(self, index) -> None:
        if self.session is None:
            return
        row = self.rows_model.data_row(index.row())
        cluster = int(self.session.resolution().cluster[row])
        if cluster:
            self.filter_edit.clear()
            self.tabs.setCurrentIndex(0)
            self.select_cluster(cluster)
            self.select_member(row)

    # -- exporting ----

    def show_export_dialog(self) -> None:
        if self.table is None or self.session is None:
            return
        self.export_dialog = ExportDialog(self.table, self.session, self)
        self.export_dialog.accepted.connect(lambda d=self.export_dialog: self.export(d.outputs()))
        self.export_dialog.open()

    def export(self, outputs: dict) -> None:
        if self.table is None or self.session is None:
            return
        self.runner.start("export", partial(jobs.export, self.table, self.session, outputs))
        self._pending_export = outputs

    def _exported(self, written: list) -> None:
        text = confirmation_text(written, len(self.table) if self.table else 0)
        box = self.show_message(
            QMessageBox.Icon.Information, self.tr("Export complete"), self.tr("Saved:") + "\n" + text
        )
        if written:
            folder = written[0].path if written[0].path.is_dir() else written[0].path.parent
            open_button = box.addButton(self.tr("Open folder"), QMessageBox.ButtonRole.ActionRole)
            open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))))
            box.addButton(QMessageBox.StandardButton.Ok)
        self.statusBar().showMessage(text.replace("\n", " · "), 15000)
        self.exported.emit(written)

    def _offer_csv(self, exc: Exception) -> None:
        outputs = dict(getattr(self, "_pending_export", {}) or {})
        box = self.show_message(
            QMessageBox.Icon.Question,
            self.tr("Too large for Excel"),
            f"{exc}\n\n" + self.tr("Save as CSV instead?"),
            buttons=QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
        )
        as_csv = {k: (Path(v).with_suffix(".csv") if v else None) for k, v in outputs.items()}
        box.button(QMessageBox.StandardButton.Save).clicked.connect(lambda: self.export(as_csv))

    # -- job plumbing ----

    def _job_started(self, kind: str) -> None:
        self.elapsed.start()
        self.clock.start()
        label = {"load": self.tr("Opening…"), "run": self.tr("Starting…"), "export": self.tr("Writing…")}.get(
            kind, self.tr("Working…")
        )
        self.stage_label.setText(label)
        self.progress.setRange(0, 0)
        self._tick()

    def _job_progress(self, kind: str, stage: str, done: int, total: int) -> None:
        if total > 0:
            self.stage_label.setText(f"{stage_text(stage)} {done:,} / {total:,}")
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * min(done, total) / total))
        else:
            self.stage_label.setText(f"{stage_text(stage)}…")
            self.progress.setRange(0, 0)

    def _tick(self) -> None:
        secs = self.elapsed.elapsed() // 1000 if self.elapsed.isValid() else 0
        self.elapsed_label.setText(f"{secs // 60}:{secs % 60:02d}")

    def _busy_changed(self, busy: bool) -> None:
        for w in (self.stage_label, self.progress, self.elapsed_label, self.cancel_button):
            w.setVisible(busy)
        self.cancel_action.setEnabled(busy)
        self.export_action.setEnabled(not busy and self.session is not None)
        if not busy:
            self.clock.stop()

    def _job_finished(self, kind: str, result: object) -> None:
        if kind == "load":
            self._loaded(result)
        elif kind == "run":
            self._ran(result)
        elif kind == "export":
            self._exported(result)

    def _job_failed(self, kind: str, exc: object, details: str) -> None:
        try:
            from dedup_gui.core.io import ExcelLimitError
        except ImportError:
            ExcelLimitError = ()  # noqa: N806 - not there until the writers land
        if kind == "export" and ExcelLimitError and isinstance(exc, ExcelLimitError):
            self._offer_csv(exc)
            return
        what = {
            "load": self.tr("Could not open the file"),
            "run": self.tr("Could not find duplicates"),
            "export": self.tr("Export failed"),
        }
        title = what.get(kind, self.tr("Something went wrong"))
        if isinstance(exc, DedupError):
            self.show_message(QMessageBox.Icon.Warning, title, str(exc))
        else:
            self.show_message(
                QMessageBox.Icon.Critical,
                title,
                self.tr("An unexpected error occurred: {error}").format(error=f"{type(exc).__name__}: {exc}")
                + "\n\n"
                + self.tr("Your data is safe; you can keep working."),
                details=details,
            )

    def _job_cancelled(self, kind: str) -> None:
        if kind == "run" and self.session is not None:
            self.statusBar().showMessage(self.tr("Cancelled — the previous result is kept"), 5000)
        else:
            self.statusBar().showMessage(self.tr("Cancelled"), 5000)

    # -- dialogs ----

    def show_message(self, icon, title: str, text: str, details: str | None = None, buttons=None) -> QMessageBox:
        """A non-modal message box (``open()``, never ``exec()``); the last one is kept for tests."""
        box = QMessageBox(icon, title, text, parent=self)
        if buttons is not None:
            box.setStandardButtons(buttons)
        if details:
            box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_message = box
        self.messageShown.emit(title, text)
        return box

    # -- drag and drop, recent files, persistence ----

    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt override
        files = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.open_path(files[0])

    def recent_files(self) -> list[str]:
        value = self.store.value("recentFiles", [])
        return [value] if isinstance(value, str) else list(value or [])

    def _add_recent(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.store.setValue("recentFiles", recent[:MAX_RECENT])
        self._update_recent_menu()

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        for i, p in enumerate(recent):
            a = self.recent_menu.addAction(f"&{i + 1}  {Path(p).name}")
            a.setToolTip(p)
            a.setStatusTip(p)
            a.triggered.connect(partial(self.open_path, p))
        if recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self.tr("Clear list"), self._clear_recent)
        self.recent_menu.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.store.setValue("recentFiles", [])
        self._update_recent_menu()

    def _restore(self) -> None:
        self.settings_panel.restore(self.store)
        geometry = self.store.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        for splitter in (self.main_splitter, self.cluster_splitter, self.detail_splitter):
            state = self.store.value(f"window/{splitter.objectName()}")
            if state is not None:
                splitter.restoreState(state)

    def save_state(self) -> None:
        self.settings_panel.save(self.store)
        self.store.setValue("window/geometry", self.saveGeometry())
        for splitter in (self.main_splitter, self.cluster_splitter, self.detail_splitter):
            self.store.setValue(f"window/{splitter.objectName()}", splitter.saveState())
        self.store.sync()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.debounce.stop()
        self.save_state()
        self.runner.shutdown()  # cancel and wait: no thread outlives the window
        super().closeEvent(event)


def _table_defaults(view: QTableView) -> None:
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    view.horizontalHeader().setHighlightSections(False)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
