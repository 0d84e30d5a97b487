"""One background-job helper: a worker QObject living in a QThread runs one job at a time.

A job is an object (``Job``): ``work(reporter)`` runs on the worker thread (loading a file, running the pipeline,
exporting) and its own handlers - ``succeeded``, ``failed``, ``cancelled`` - run on the GUI thread with the
outcome, so nothing dispatches on what kind of job ended. Progress arrives through the ``Reporter`` the job
receives and is forwarded as a signal, throttled so a tight loop cannot flood the GUI's event queue. Starting a job
while another runs cancels the running one and queues the new one; only the newest job's outcome is reported
(restart-latest, as in Qt's mandelbrot example), so a slider dragged through ten values computes the final one and
shows only that.
"""

from __future__ import annotations

import atexit
import itertools
import sys
import time
import traceback
import weakref
from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, Signal, Slot

from dedup_gui.core.errors import Cancelled
from dedup_gui.core.progress import Reporter

JobFn = Callable[[Reporter], object]

_PROGRESS_INTERVAL = 0.05  # seconds between forwarded progress reports of the same stage
SWITCH_INTERVAL_S = 0.001  # the interpreter's thread switch interval while the window runs jobs


class Job:
    """Background work and what becomes of its outcome. Subclasses implement ``work`` and the handlers."""

    title = ""  # what the status bar says while it runs ("Opening news.xlsx")
    replaces_results = False  # a load or a run: the results on screen are stale until it ends

    def __init__(self) -> None:
        self.id = 0
        self.reporter = Reporter()

    def work(self, reporter: Reporter) -> object:  # pragma: no cover - every job overrides it
        raise NotImplementedError

    def succeeded(self, result: object) -> None:
        """On the GUI thread, with ``work``'s result."""

    def failed(self, exc: Exception, details: str) -> None:
        """On the GUI thread: ``work`` raised ``exc`` (``details``: the traceback, for the dialog's details)."""

    def cancelled(self) -> None:
        """On the GUI thread: the user cancelled. (A job a newer one replaced reports nothing at all.)"""


class FunctionJob(Job):
    """A plain function as a job (tests, one-off work); handlers do nothing."""

    def __init__(self, title: str, fn: JobFn):
        super().__init__()
        self.title, self.fn = title, fn

    def work(self, reporter: Reporter) -> object:
        return self.fn(reporter)


class _Worker(QObject):
    """Lives in the background thread; runs the jobs it is handed and reports their outcome."""

    progress = Signal(int, str, int, int)  # job id, stage, done, total
    done = Signal(int, object)
    failed = Signal(int, object, str)  # job id, exception, formatted traceback
    cancelled = Signal(int)

    @Slot(object)
    def execute(self, job: Job) -> None:
        last = {"stage": None, "at": 0.0}

        def forward(stage: str, done: int, total: int) -> None:
            now = time.monotonic()
            if stage != last["stage"] or done >= total or now - last["at"] >= _PROGRESS_INTERVAL:
                last["stage"], last["at"] = stage, now
                self.progress.emit(job.id, stage, done, total)

        job.reporter.progress = forward
        try:
            job.reporter.check()
            result = job.work(job.reporter)
        except Cancelled:
            self.cancelled.emit(job.id)
        except Exception as exc:  # every failure becomes a dialog, never a crash
            self.failed.emit(job.id, exc, traceback.format_exc())
        else:
            self.done.emit(job.id, result)


_RUNNERS: weakref.WeakSet[JobRunner] = weakref.WeakSet()


@atexit.register
def _stop_all_runners() -> None:
    # A window never closed (a script, a test) still owns a running QThread at interpreter exit; Qt aborts
    # with "QThread: Destroyed while thread is still running" unless the thread is stopped first.
    for runner in list(_RUNNERS):
        try:
            runner.shutdown()
        except RuntimeError:  # the C++ side is already gone
            pass


class JobRunner(QObject):
    """Runs jobs in one background thread; the GUI thread only ever starts, cancels and receives.

    Signals carry the job itself; the job's own handler has already run when they are emitted."""

    started = Signal(object)  # job
    progress = Signal(object, str, int, int)  # job, stage, done, total
    finished = Signal(object, object)  # job, result
    failed = Signal(object, object, str)  # job, exception, traceback
    cancelled = Signal(object)  # job
    busyChanged = Signal(bool)

    _execute = Signal(object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._current: Job | None = None
        self._pending: Job | None = None
        self._thread = QThread()
        self._thread.setObjectName("dedup-worker")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._execute.connect(self._worker.execute)
        self._worker.progress.connect(self._on_progress)
        self._worker.done.connect(self._on_done)
        self._worker.failed.connect(self._on_failed)
        self._worker.cancelled.connect(self._on_cancelled)
        self._thread.start()
        _RUNNERS.add(self)
        # Each Qt call of the GUI thread lets go of the interpreter lock; while a job runs Python code, winning it
        # back takes up to the switch interval (5 ms by default) - per call, so a repaint of many calls waits
        # that many times. 1 ms keeps the GUI thread's waits short.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))

    @property
    def busy(self) -> bool:
        return self._current is not None

    @property
    def current(self) -> Job | None:
        """The running job (None when idle)."""
        return self._current

    def start(self, job: Job) -> Job:
        """Run ``job`` in the background; a running job is cancelled and superseded by this one."""
        job.id = next(self._ids)
        if self._current is None:
            self._launch(job)
        else:
            self._current.reporter.cancel()
            self._pending = job  # replaces any older pending job: only the newest runs
        return job

    def cancel(self) -> None:
        """Stop the running job and forget any queued one; the ``cancelled`` signal follows."""
        self._pending = None
        if self._current is not None:
            self._current.reporter.cancel()

    def shutdown(self) -> None:
        """Cancel everything and wait for the thread to end (call before the window goes away)."""
        self.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()

    # -- signal handlers, on the GUI thread ----

    def _launch(self, job: Job) -> None:
        self._current = job
        self.started.emit(job)
        self.busyChanged.emit(True)
        self._execute.emit(job)

    def _settle(self, job_id: int) -> Job | None:
        """Mark the job ended; returns it when its outcome should be reported (it was not superseded)."""
        job = self._current
        if job is None or job.id != job_id:
            return None
        self._current = None
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self._launch(pending)
            return None
        self.busyChanged.emit(False)
        return job

    def _on_progress(self, job_id: int, stage: str, done: int, total: int) -> None:
        if self._current is not None and self._current.id == job_id and not self._current.reporter.cancelled:
            self.progress.emit(self._current, stage, done, total)

    def _on_done(self, job_id: int, result: object) -> None:
        job = self._settle(job_id)
        if job is None:
            return
        if job.reporter.cancelled:  # finished just as the user cancelled: honour the cancel
            job.cancelled()
            self.cancelled.emit(job)
        else:
            job.succeeded(result)
            self.finished.emit(job, result)

    def _on_failed(self, job_id: int, exc: object, details: str) -> None:
        job = self._settle(job_id)
        if job is not None:
            job.failed(exc, details)  # type: ignore[arg-type]
            self.failed.emit(job, exc, details)

    def _on_cancelled(self, job_id: int) -> None:
        job = self._settle(job_id)
        if job is not None:
            job.cancelled()
            self.cancelled.emit(job)
