"""The window's background jobs - open a file, find duplicates, export - each with its own completion handlers.

The work itself is in ``jobs`` (no Qt); here each job says what it is called while it runs and hands its outcome to
the window method that shows it. Nothing dispatches on a kind of job.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from dedup_gui.core.annotation import AnnotationSpec
from dedup_gui.core.engine_process import EngineProcess
from dedup_gui.core.io import ExcelLimitError
from dedup_gui.core.progress import Reporter
from dedup_gui.core.result import DedupResult
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.review_decisions import RowDecisions
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table

from . import jobs
from .review_files import remembered_at
from .worker import Job

if TYPE_CHECKING:
    from .main_window import MainWindow


translate = QCoreApplication.translate  # lupdate finds translate("context", "text") calls under this name


class LoadJob(Job):
    """Read a file or folder (and the review saved beside it); the window shows it and runs."""

    replaces_results = True

    def __init__(self, window: MainWindow, path: str | Path, sheet: str | None = None, quiet_resume: bool = False):
        super().__init__()
        self.window, self.path, self.sheet, self.quiet_resume = window, Path(path), sheet, quiet_resume
        self.title = translate("Jobs", "Opening {name}").format(name=self.path.name)
        self.engine = window.state.engine
        self.columns = remembered_at(window.store, "columns", self.path)  # the text columns chosen last time

    def work(self, reporter: Reporter) -> jobs.Loaded:
        if self.engine is not None:
            self.engine.start()  # the engine's process starts while the file is read: ready for the first run
        return jobs.load(self.path, self.sheet, reporter, engine=self.engine, columns=self.columns)  # reads it too

    def succeeded(self, result: object) -> None:
        assert isinstance(result, jobs.Loaded)
        self.window.show_loaded(result, self.quiet_resume)

    def failed(self, exc: Exception, details: str) -> None:
        self.window.report_failure(translate("Jobs", "Could not open the file"), exc, details)

    def cancelled(self) -> None:
        self.window.statusBar().showMessage(
            translate("Jobs", "Opening {name} cancelled").format(name=self.path.name), 5000
        )


class RunJob(Job):
    """Find duplicates with the current settings - or take an annotated file's clusters as they are
    (``from_file``); the window shows the clusters with the user's decisions."""

    replaces_results = True

    def __init__(
        self,
        window: MainWindow,
        table: Table,
        columns: list[str],
        settings: Settings,
        pipeline: jobs.EnginePipeline | None,
        key: tuple,
        intent: RowDecisions,
        from_file: DedupResult | None = None,
        engine: EngineProcess | None = None,
    ):
        super().__init__()
        self.window, self.table, self.columns, self.settings = window, table, columns, settings
        self.pipeline, self.key, self.intent, self.from_file = pipeline, key, intent, from_file
        self.engine = engine
        self.title = translate("Jobs", "Finding duplicates")

    def work(self, reporter: Reporter) -> jobs.RunOutcome:
        args = (self.table, self.columns, self.settings, self.pipeline, self.key, self.intent, self.engine, reporter)
        if self.from_file is not None:
            return jobs.review_file(*args, self.from_file)
        return jobs.run(*args)

    def succeeded(self, result: object) -> None:
        assert isinstance(result, jobs.RunOutcome)
        self.window.show_run(result)

    def failed(self, exc: Exception, details: str) -> None:
        self.window.report_failure(translate("Jobs", "Could not find duplicates"), exc, details)

    def cancelled(self) -> None:
        kept = self.window.session is not None
        self.window.statusBar().showMessage(
            translate("Jobs", "Cancelled — the previous result is kept") if kept else translate("Jobs", "Cancelled"),
            5000,
        )


class ExportJob(Job):
    """Write the chosen files with the user's decisions; the window says what was written."""

    def __init__(
        self,
        window: MainWindow,
        table: Table,
        session: ReviewSession,
        outputs: dict[str, Path | None],
        annotation: AnnotationSpec | None = None,
    ):
        super().__init__()
        self.window, self.table, self.session, self.outputs = window, table, session, outputs
        self.annotation = annotation
        self.title = translate("Jobs", "Exporting")

    def work(self, reporter: Reporter) -> list[jobs.Written]:
        return jobs.export(self.table, self.session, self.outputs, reporter, self.annotation)

    def succeeded(self, result: object) -> None:
        assert isinstance(result, list)
        self.window.show_exported(result, self.session)

    def failed(self, exc: Exception, details: str) -> None:
        if isinstance(exc, ExcelLimitError):
            self.window.offer_csv(exc, self.outputs, self.annotation)
        else:
            self.window.report_failure(translate("Jobs", "Export failed"), exc, details)

    def cancelled(self) -> None:
        self.window.statusBar().showMessage(translate("Jobs", "Export cancelled; nothing was written"), 5000)
