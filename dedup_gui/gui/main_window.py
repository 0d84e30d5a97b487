"""The main window: puts the parts together and runs the flows between them - open a file (resuming a saved
review), run, review, save the review, export, close. Never blocks.

The parts: ``AppState`` (the input, the run, the decisions and their undo history), ``ReviewPane`` (the Clusters
tab), ``RowsTab`` (All rows), ``ReviewActions`` (decisions, undo, navigation), ``WindowMenus`` (menus, toolbar,
recent files), ``ReviewFiles`` (the saved review), ``JobStatus`` (the running job in the status bar) and the jobs of
``window_jobs``, each with its own completion handlers. Dialogs are non-modal (``open()``), so the window - and the
tests driving it offscreen - never wait in a nested event loop.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.algorithms.registry import get_algorithm
from dedup_gui.core.errors import DedupError
from dedup_gui.core.result import DedupResult
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.review_columns import guess_member_columns
from dedup_gui.core.review_decisions import from_decisions
from dedup_gui.core.table import Table
from dedup_gui.core.textcheck import SHORT_CHARS, TextCheck

from . import jobs
from .analysis import attach_to as attach_analysis
from .app_state import AppState
from .data_panel import DataPanel
from .export_dialog import ExportDialog
from .job_status import JobStatus, OpeningPanel
from .menus import WindowMenus
from .registry_strings import error_text, note_text, summary_text, translated_algorithm
from .resources import demo_workbook
from .review_actions import ReviewActions
from .review_files import ReviewFiles, remembered
from .review_pane import ReviewPane
from .rows_tab import RowsTab
from .settings_panel import SettingsPanel
from .splitters import SIDE_WIDTH, RuledSplitter
from .wheel_guard import guard_wheel
from .window_jobs import ExportJob, LoadJob, RunJob
from .worker import Job, JobRunner

DEBOUNCE_MS = 300  # a dragged slider computes once, for the value it stops at
RECLUSTER_MS = 40  # a change the cached candidates cover re-clusters at once (this only gathers a drag's steps)
CLUSTERS_TAB, ROWS_TAB = 0, 1


class MainWindow(QMainWindow):
    messageShown = Signal(str, str)  # title, text: every dialog the window opens (for tests and logs)
    resultShown = Signal()  # a run's clusters are on screen
    exported = Signal(list)  # list[jobs.Written]

    def __init__(self, store: QSettings | None = None, parent: QWidget | None = None, state: AppState | None = None):
        super().__init__(parent)
        self.store = store if store is not None else QSettings()
        self.state = state if state is not None else AppState()
        self.state.setParent(self)
        self.last_message: QMessageBox | None = None
        self.export_dialog: ExportDialog | None = None
        self._switch_to_clusters = False
        self._run_after_job = False
        self._notes: list[str] | None = None  # status-bar notes collected while a run is being shown
        self._showing: jobs.RunOutcome | None = None  # the run being shown (until the review pane has shown it)
        self._close_confirmed = False
        self._from_file: DedupResult | None = None  # an annotated file's clusters: the next run shows them as they are
        self._retired: list[ReviewSession] = []  # sessions replaced by a new run, freed at the next turn (_retire)

        self.setWindowTitle("Dedup[*]")
        self.setAcceptDrops(True)
        self.resize(1360, 860)

        self.runner = JobRunner(self)
        self.runner.started.connect(self._job_started)
        self.runner.busyChanged.connect(self._busy_changed)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self.run_now)

        self._build_ui()
        self.review_actions = ReviewActions(self, self.state, self.pane)
        self.menus = WindowMenus(self, self.review_actions, self.store)
        self.review_files = ReviewFiles(self, self.state, self.store)
        self.job_status = JobStatus(self.runner, self.statusBar())
        self.cancel_button = self.job_status.cancel_button
        self.analysis_view = attach_analysis(self)  # the Analysis tab: histogram, hot stories, summary
        self.state.undo.cleanChanged.connect(self._clean_changed)
        self.state.decisionsChanged.connect(self._decisions_changed)
        self.state.memberColumnsChanged.connect(self._remember_member_columns)
        self.pane.placeMoved.connect(self._note)
        self.pane.sessionShown.connect(self._run_shown)
        self._restore()
        if self.state.table is not None:
            self._adopt_state()

    # -- the parts ----

    def _build_ui(self) -> None:
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
        self.side_scroll.setObjectName("sidePanel")
        self.side_scroll.setWidget(side)
        self.side_scroll.setWidgetResizable(True)
        self.side_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.side_scroll.setMinimumWidth(300)
        self.side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        guard_wheel(side)
        for combo in side.findChildren(QComboBox):  # a long choice ("Largest / newest “发布日期”") must not widen
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.data_panel.sheetChosen.connect(self._sheet_chosen)
        self.data_panel.columnsChanged.connect(self._columns_changed)
        self.settings_panel.changed.connect(self.request_run)

        self.pane = ReviewPane(self.state)
        self.rows_tab = RowsTab()
        self.rows_tab.rowActivated.connect(self._row_activated)
        self.rows_model, self.rows_view = self.rows_tab.model, self.rows_tab.view
        self.duplicates_only = self.rows_tab.duplicates_only
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.pane, self.tr("Clusters"))
        self.tabs.addTab(self.rows_tab, self.tr("All rows"))

        self.main_splitter = RuledSplitter(lambda _: SIDE_WIDTH)
        self.main_splitter.setObjectName("mainSplitter")
        self.main_splitter.addWidget(self.side_scroll)
        self.main_splitter.addWidget(self.tabs)
        self.main_splitter.setStretchFactor(0, 0)
        self.main_splitter.setStretchFactor(1, 1)
        self.main_splitter.setChildrenCollapsible(False)

        self.stack = QStackedWidget()
        self.stack.addWidget(self._build_welcome())
        self.stack.addWidget(self.main_splitter)
        self.setCentralWidget(self.stack)

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
        self.welcome_buttons = QHBoxLayout()
        self.opening_panel = OpeningPanel(self.runner)
        layout.addWidget(title)
        layout.addSpacing(8)
        layout.addWidget(text)
        layout.addSpacing(16)
        layout.addLayout(self.welcome_buttons)
        layout.addSpacing(16)
        layout.addWidget(self.opening_panel)
        layout.addStretch(3)
        return page

    def _add_welcome_buttons(self) -> None:
        self.welcome_buttons.addStretch(1)
        for a in (self.menus.open, self.menus.open_folder, self.menus.demo):
            b = QPushButton(a.text().replace("&", ""))
            b.setIcon(a.icon())
            b.clicked.connect(a.trigger)
            b.setMinimumHeight(34)
            self.welcome_buttons.addWidget(b)
        self.welcome_buttons.addStretch(1)

    # -- what tests and the analysis tab look at ----

    @property
    def table(self) -> Table | None:
        return self.state.table

    @property
    def session(self) -> ReviewSession | None:
        return self.state.session

    @property
    def pipelines(self) -> dict:
        return self.state.pipelines

    @property
    def filter_edit(self):
        return self.pane.filter_edit

    @property
    def summary(self) -> QLabel:
        return self.pane.summary

    @property
    def cluster_view(self):
        return self.pane.cluster_view

    @property
    def members_view(self):
        return self.pane.members_view

    @property
    def compare(self):
        return self.pane.compare

    def current_cluster_id(self) -> int:
        return self.pane.current_cluster_id()

    def select_cluster(self, cluster_id: int, member: int = -1) -> bool:
        return self.pane.select_cluster(cluster_id, member)

    def select_member(self, row: int) -> None:
        self.pane.select_member(row)

    def next_difference(self) -> None:
        self.pane.compare.next_difference()

    def recent_files(self) -> list[str]:
        return self.menus.recent_files()

    @property
    def recent_menu(self):
        return self.menus.recent_menu

    # -- opening ----

    def choose_file(self) -> None:
        start = str(self.store.value("lastDir", str(Path.home())))
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open a table"),
            start,
            self.tr("Tables (*.xlsx *.xlsm *.xls *.csv *.tsv *.txt *.parquet);;All files (*)"),
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

    def open_path(self, path: str | Path, sheet: str | None = None, quiet_resume: bool = False) -> None:
        """Load a file or folder in the background; the current data stays until it has loaded. Unsaved decisions
        are offered for saving first. ``quiet_resume`` (the recent-files menu) resumes a saved review without
        asking when the input has not changed."""
        if self.state.dirty and self.state.table is not None:  # another file, sheet, or this one again
            self.review_files.ask_to_save(lambda: self._open_now(path, sheet, quiet_resume))
            return
        self._open_now(path, sheet, quiet_resume)

    def _open_now(self, path: str | Path, sheet: str | None, quiet_resume: bool) -> None:
        self.debounce.stop()
        self.runner.start(LoadJob(self, path, sheet, quiet_resume))

    def show_loaded(self, loaded: jobs.Loaded, quiet_resume: bool) -> None:
        """LoadJob's handler: show the table; resume its saved review (asking, unless told not to); run."""
        table = loaded.table
        self.review_files.remember_place()
        found = loaded.annotated
        self.state.set_table(table, loaded.input_hash, from_decisions(found.decisions) if found else None)
        columns = self._show_table(table, loaded.guessed_columns)
        self._from_file = found.result if found else None  # after the panels: their signals ask for a run
        if loaded.annotation_problem:
            self.show_message(
                QMessageBox.Icon.Warning,
                self.tr("Could not read the clusters from the file"),
                loaded.annotation_problem + "\n\n" + self.tr("Duplicates are found again from the texts."),
            )
        members = remembered(self.store, "memberColumns", table, None)
        members = guess_member_columns(table, exclude=columns) if members is None else members
        self.state.set_member_columns([c for c in members if c in table.columns])
        self.state.set_session(None)
        self._update_file_actions()
        self.menus.add_recent(table.path)
        self.store.setValue("lastDir", str(table.path.parent))
        self.tabs.setCurrentIndex(ROWS_TAB)  # the rows are the preview until the clusters are in
        self._switch_to_clusters = True
        if loaded.sidecar_problem:  # said with the run's summary
            self.review_files.resume_note = loaded.sidecar_problem
        if loaded.saved is not None and loaded.reattached is not None:
            if quiet_resume and not loaded.reattached.changed:
                self.review_files.resume(loaded)
            else:
                self.review_files.offer(loaded)
            return
        self.review_files.restore_place(table)
        self.run_now()

    def _show_table(self, table: Table, guessed: list[str] | None = None) -> list[str]:
        """The panels, title and rows for a table; returns its text columns (remembered, else guessed - by the
        load job when it gives ``guessed``)."""
        columns = jobs.text_columns(remembered(self.store, "columns", table), table, guessed)
        self.data_panel.set_table(table, columns)
        self.settings_panel.set_columns(table.columns)
        self.rows_tab.set_table(table, columns)
        self.setWindowTitle(f"{table.path.name}{f' — {table.sheet}' if table.sheet else ''}[*] — Dedup")
        self.stack.setCurrentIndex(1)
        return columns

    def _sheet_chosen(self, sheet: str) -> None:
        if self.state.table is not None:
            self.open_path(self.state.table.path, sheet)

    def _columns_changed(self, columns: list[str]) -> None:
        self.rows_model.set_text_columns(columns)
        if self.state.table is not None and columns:
            self.store.setValue(f"columns/{self.state.table.path}", columns)
        self.request_run()

    def _remember_member_columns(self) -> None:
        if self.state.table is not None:
            self.store.setValue(f"memberColumns/{self.state.table.path}", list(self.state.member_columns) or "")

    # -- running ----

    def request_run(self) -> None:
        """Re-run after the settings stop changing (debounced; a newer run supersedes an older one). A change the
        cached candidates cover (a threshold that only moves the cut) re-clusters at once; one that needs new
        fingerprints or a new search says so, with how long it took last time, before it starts."""
        if self.state.table is not None:
            self._from_file = None  # changed settings: find the duplicates, whatever the file says
            work = self.run_work()
            self.debounce.setInterval(RECLUSTER_MS if not work else DEBOUNCE_MS)
            if work:
                self.statusBar().showMessage(work, 10000)
            self.debounce.start()

    def run_work(self) -> str:
        """What the next run must do beyond re-clustering, in words ("" when it only re-clusters)."""
        table = self.state.table
        columns = self.data_panel.selected_columns()
        if table is None or not columns:
            return ""
        pipeline = self.state.pipelines.get((id(table), tuple(columns)))
        if pipeline is None:
            kind, seconds = "fingerprints", None
        else:
            kind, seconds = pipeline.rerun_cost(self.settings_panel.settings())
        if kind == "fingerprints":
            if seconds is None:
                return self.tr("New fingerprints needed: every text is segmented again")
            return self.tr("New fingerprints needed: about {seconds} s").format(seconds=f"{max(1, round(seconds))}")
        if kind == "search":
            if seconds is None:
                return self.tr("A new candidate search is needed")
            return self.tr("A new candidate search is needed: about {seconds} s").format(
                seconds=f"{max(1, round(seconds))}"
            )
        return ""

    def run_now(self) -> None:
        self.debounce.stop()
        table = self.state.table
        if table is None:
            return
        current = self.runner.current
        if current is not None and not current.replaces_results:
            self._run_after_job = True  # never cancel an export for a re-run: run when it is done
            return
        columns = self.data_panel.selected_columns()
        if not columns:
            self.pane.summary.setText(self.tr("Tick at least one text column to compare."))
            return
        key = (id(table), tuple(columns))
        from_file, self._from_file = self._from_file, None  # once: a later run finds the duplicates
        settings = self.settings_panel.settings()
        work = "" if from_file is not None or self.state.session is None else self.run_work()
        pipeline, intent = self.state.pipelines.get(key), self.state.intent
        job = RunJob(self, table, columns, settings, pipeline, key, intent, from_file, self.state.engine)
        if work:  # said while it runs too: "Finding duplicates · New fingerprints needed: about 40 s"
            job.title = f"{job.title} · {work}"
        self.runner.start(job)

    def cancel(self) -> None:
        self.debounce.stop()
        self.runner.cancel()

    def show_run(self, outcome: jobs.RunOutcome) -> None:
        """RunJob's handler: show the clusters with the user's decisions, where the user was."""
        if self.state.table is None or outcome.key[0] != id(self.state.table):
            return
        self.state.pipelines.clear()
        self.state.pipelines[outcome.key] = outcome.pipeline
        weak = "" if outcome.from_file else jobs.short_text_warning(outcome.settings.algorithm, outcome.median_length)
        warning = translated_algorithm(get_algorithm(weak)).short_text_warning if weak else ""
        self.settings_panel.set_short_text_warning(
            warning.format(median=f"{outcome.median_length:.0f}", limit=jobs.SHORT_TEXT_CHARS)
        )
        self._notes = []  # what the review pane says while the run is shown goes with the run's summary
        self._retire(self.state.session)
        self._showing = outcome
        self.rows_model.set_resolution(outcome.session.resolution())
        self.state.set_session(outcome.session)  # the pane's sessionShown follows: _run_shown
        self._update_file_actions()

    def _run_shown(self) -> None:
        """The end of showing a run (the review pane has the cluster the user was on): its summary, the clusters
        tab when the run was asked for from elsewhere."""
        outcome, self._showing = self._showing, None
        if outcome is None:
            return
        notes, self._notes = self._notes or [], None
        if outcome.session is not self.state.session:  # closed or replaced before it was on screen
            return
        self.statusBar().showMessage(self._run_message(outcome.session, notes, outcome.from_file), 20000)
        if self._switch_to_clusters:
            self._switch_to_clusters = False
            self.tabs.setCurrentIndex(CLUSTERS_TAB)
            self.pane.cluster_view.setFocus()
        self.resultShown.emit()

    def _retire(self, session: ReviewSession | None) -> None:
        """Keep the replaced session alive until the next turn of the event loop: freeing a 100,000-row run's
        clusters takes tens of milliseconds, which would otherwise add to showing the new one (one long stall
        instead of two short ones)."""
        if session is not None:
            self._retired.append(session)
            QTimer.singleShot(0, self._retired.clear)

    def _run_message(self, session: ReviewSession, notes: list[str], from_file: bool = False) -> str:
        r = session.result
        summary = summary_text(session.clusters_to_review, session.rows_to_remove, r.n_rows, session.rows_to_check)
        if from_file:  # no algorithm ran: nothing was proposed or rejected
            parts = [summary, self.tr("clusters read from the annotated file; nothing was recomputed")]
        else:
            parts = [
                self.tr("{summary} · found in {seconds} s").format(
                    summary=summary, seconds=f"{self.job_status.seconds():.1f}"
                ),
                self.tr(
                    "{algorithm} proposed {pairs}; {rejected} failed the text check (similarity below {floor}, "
                    "{short_floor} for texts under {chars} characters, or different figures, units, names or "
                    "negations, a word for its opposite, or two parts swapped)"
                ).format(
                    algorithm=translated_algorithm(get_algorithm(r.settings.algorithm)).title,
                    pairs=self.tr("1 pair") if r.proposed == 1 else self.tr("{n} pairs").format(n=f"{r.proposed:,}"),
                    rejected=f"{r.rejected:,}",
                    floor=f"{TextCheck.of(r.settings).floor_for(False):.2f}",
                    short_floor=f"{TextCheck.of(r.settings).floor_for(True):.2f}",
                    chars=SHORT_CHARS,
                ),
            ]
        if session.not_applying:
            parts.append(
                self.tr("{n} of your decisions do not apply at these settings (their rows are in no cluster)").format(
                    n=len(session.not_applying)
                )
            )
        if self.review_files.resume_note:
            parts.append(self.review_files.resume_note)
            self.review_files.resume_note = ""
        return " — ".join(parts + notes)

    def _note(self, text: str) -> None:
        if self._notes is not None:
            self._notes.append(text)  # said together with the run's summary
        else:
            self.statusBar().showMessage(text, 10000)

    # -- the job on screen ----

    def _job_started(self, job: Job) -> None:
        if job.replaces_results and self.state.session is not None:
            what = job.title or self.tr("Working")
            self.pane.set_stale(
                True,
                self.tr(
                    "{what}… The clusters below are from the previous run; they come back if you cancel (Esc)."
                ).format(what=what),
            )
            self.rows_view.setEnabled(False)
            self.analysis_view.setEnabled(False)
        self.opening_panel.setVisible(isinstance(job, LoadJob) and self.state.table is None)

    def _update_file_actions(self) -> None:
        """Export only a finished run's result: not before the first run, nor during one, nor while stale."""
        busy = self.runner.busy
        self.menus.cancel.setEnabled(busy)
        self.menus.export.setEnabled(not busy and self.state.session is not None)
        self.menus.save_review.setEnabled(self.state.table is not None)

    def _busy_changed(self, busy: bool) -> None:
        self._update_file_actions()
        if not busy:
            self.pane.set_stale(False)
            self.rows_view.setEnabled(True)
            self.analysis_view.setEnabled(True)
            self.opening_panel.hide()
            if self._run_after_job:
                self._run_after_job = False
                self.run_now()

    def report_failure(self, title: str, exc: Exception, details: str) -> None:
        if isinstance(exc, DedupError):
            self.show_message(QMessageBox.Icon.Warning, title, error_text(exc))
        else:
            self.show_message(
                QMessageBox.Icon.Critical,
                title,
                self.tr("An unexpected error occurred: {error}").format(error=f"{type(exc).__name__}: {exc}")
                + "\n\n"
                + self.tr("Your data is safe; you can keep working."),
                details=details,
            )

    # -- decisions, saving the review ----

    def _decisions_changed(self, _changed, _focus) -> None:
        session = self.state.session
        if session is not None:
            self.rows_model.set_resolution(session.resolution())
            # the counts after the decision replace the run's (now outdated) ones
            summary = summary_text(
                session.clusters_to_review, session.rows_to_remove, session.result.n_rows, session.rows_to_check
            )
            self.statusBar().showMessage(summary, 10000)

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def save_review(self) -> bool:
        return self.review_files.save()

    # -- the All rows tab ----

    def _row_activated(self, row: int) -> None:
        session = self.state.session
        cluster = session.cluster_of(row) if session is not None else 0
        if cluster:
            self.pane.filter_edit.clear()
            self.tabs.setCurrentIndex(CLUSTERS_TAB)
            self.pane.select_cluster(cluster, row)

    # -- exporting ----

    def show_export_dialog(self) -> None:
        if self.state.table is None or self.state.session is None or self.runner.busy:
            return
        self.export_dialog = ExportDialog(self.state.table, self.state.session, self)
        self.export_dialog.accepted.connect(lambda d=self.export_dialog: self.export(d.outputs(), d.annotation_spec()))
        self.export_dialog.open()

    def export(self, outputs: dict, annotation=None) -> None:
        """``annotation``: the annotated file's words and headers (``ExportDialog.annotation_spec``)."""
        if self.state.table is None or self.state.session is None:
            return
        self.runner.start(ExportJob(self, self.state.table, self.state.session, outputs, annotation))

    def show_exported(self, written: list, session: ReviewSession) -> None:
        """ExportJob's handler: one message with what the export kept and removed, and a button to the folder."""
        res = session.resolution()
        kept, removed = int(res.keep.sum()), res.removed
        clusters = session.clusters_with_removals
        text = (
            self.tr("{kept} rows kept, {removed} removed, from 1 cluster.")
            if clusters == 1
            else self.tr("{kept} rows kept, {removed} removed, from {clusters} clusters.")
        )
        counts = text.format(kept=f"{kept:,}", removed=f"{removed:,}", clusters=f"{clusters:,}")
        files = [f"• {w.path.name}" for w in written] + [
            f"    {note_text(note)}" for w in written for note in w.notes[:3]
        ]
        box = self.show_message(
            QMessageBox.Icon.Information,
            self.tr("Export complete"),
            counts + "\n\n" + self.tr("Written:") + "\n" + "\n".join(files),
            buttons=QMessageBox.StandardButton.Close,
        )
        if written:
            folder = written[0].path if written[0].path.is_dir() else written[0].path.parent
            open_button = box.addButton(self.tr("Open folder"), QMessageBox.ButtonRole.ActionRole)
            open_button.setObjectName("openFolderButton")
            open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))))
        self.statusBar().showMessage(counts, 15000)
        self.exported.emit(written)

    def offer_csv(self, exc: Exception, outputs: dict, annotation=None) -> None:
        box = self.show_message(
            QMessageBox.Icon.Question,
            self.tr("Too large for Excel"),
            f"{exc}\n\n" + self.tr("Save as CSV instead?"),
            buttons=QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
        )
        as_csv = {k: (Path(v).with_suffix(".csv") if v else None) for k, v in outputs.items()}
        box.button(QMessageBox.StandardButton.Save).clicked.connect(lambda: self.export(as_csv, annotation))

    # -- dialogs ----

    def show_message(self, icon, title: str, text: str, details: str | None = None, buttons=None) -> QMessageBox:
        """A non-modal message box (``open()``, never ``exec()``); the last one is kept for tests.
        ``buttons=0``: none yet, the caller adds its own."""
        box = QMessageBox(icon, title, text, parent=self)
        if buttons is not None:
            box.setStandardButtons(QMessageBox.StandardButton(buttons))
        if details:
            box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_message = box
        self.messageShown.emit(title, text)
        return box

    # -- drag and drop, persistence, closing, another language ----

    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt override
        files = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.open_path(files[0])

    def _restore(self) -> None:
        self._add_welcome_buttons()
        self.settings_panel.restore(self.store)
        geometry = self.store.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        for splitter in self._splitters():
            state = self.store.value(f"window/{splitter.objectName()}")
            if state is not None and splitter.restoreState(state) and isinstance(splitter, RuledSplitter):
                splitter.stop_rule()  # (the user's layout, as they left it)

    def _splitters(self) -> tuple[QSplitter, ...]:
        return (self.main_splitter, self.pane.cluster_splitter, self.pane.detail_splitter)

    def save_state(self) -> None:
        self.settings_panel.save(self.store)
        self.store.setValue("window/geometry", self.saveGeometry())
        for splitter in self._splitters():
            self.store.setValue(f"window/{splitter.objectName()}", splitter.saveState())
        self.review_files.remember_place()
        self.store.sync()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if self.state.dirty and self.state.table is not None and not self._close_confirmed:
            event.ignore()
            self.review_files.ask_to_save(self._close_now)
            return
        self.debounce.stop()
        self.save_state()
        self.runner.shutdown()  # cancel and wait: no thread outlives the window
        super().closeEvent(event)

    def _close_now(self) -> None:
        self._close_confirmed = True
        self.close()

    def successor(self) -> MainWindow:
        """A new window (in the language just installed) that carries on with this one's state: the file, the
        run, the decisions and their undo history, the cluster on screen."""
        self.save_state()
        self.state.current_tab = self.tabs.currentIndex()
        replacement = type(self)(self.store, state=self.state)
        self._close_confirmed = True  # nothing is lost: the replacement holds it
        return replacement

    def _adopt_state(self) -> None:
        state = self.state
        table = state.table
        columns = self._show_table(table)
        self.setWindowModified(state.dirty)
        self.pane.show_session()
        if state.session is not None:
            self.rows_model.set_resolution(state.session.resolution())
            self.analysis_view.set_session(state.session, table, columns)
        else:
            self.run_now()
        self._update_file_actions()
        self.tabs.setCurrentIndex(state.current_tab)
