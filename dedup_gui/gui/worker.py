"""One background-job helper: a worker QObject living in a QThread runs one job at a time.

A job is a plain function ``fn(reporter) -> result`` (loading a file, running the pipeline, exporting). Progress
arrives through the ``Reporter`` the job receives and is forwarded as a signal, throttled so a tight loop cannot
flood the GUI's event queue. Starting a job while another runs cancels the running one and queues the new one;
only the newest job's outcome is reported (restart-latest, as in Qt's mandelbrot example), so a slider dragged
through ten values computes the final one and shows only that.
"""

from __future__ import annotations

import atexit
import itertools
import time
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QThread, Signal, Slot

from dedup_gui.core.errors import Cancelled
from dedup_gui.core.progress import Reporter

JobFn = Callable[[Reporter], object]

_PROGRESS_INTERVAL = 0.05  # seconds between forwarded progress reports of the same stage


@dataclass
class Job:
    kind: str  # "load" | "run" | "export" (free text; echoed back in every signal)
    fn: JobFn
    id: int = 0
    reporter: Reporter = field(default_factory=Reporter)


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
            result = job.fn(job.reporter)
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
    """Runs jobs in one background thread; the GUI thread only ever starts, cancels and receives."""

    started = Signal(str)  # kind
    progress = Signal(str, str, int, int)  # kind, stage, done, total
    finished = Signal(str, object)  # kind, result
    failed = Signal(str, object, str)  # kind, exception, traceback
    cancelled = Signal(str)  # kind
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

    @property
    def busy(self) -> bool:
        return self._current is not None

    @property
    def current_kind(self) -> str | None:
        return self._current.kind if self._current else None

    def start(self, kind: str, fn: JobFn) -> Job:
        """Run ``fn`` in the background; a running job is cancelled and superseded by this one."""
        job = Job(kind, fn, next(self._ids))
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
        self.started.emit(job.kind)
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
            self.progress.emit(self._current.kind, stage, done, total)

    def _on_done(self, job_id: int, result: object) -> None:
        job = self._settle(job_id)
        if job is None:
            return
        if job.reporter.cancelled:  # finished just as the user cancelled: honour the cancel
            self.cancelled.emit(job.kind)
        else:
            self.finished.emit(job.kind, result)

    def _on_failed(self, job_id: int, exc: object, details: str) -> None:
        job = self._settle(job_id)
        if job is not None:
            self.failed.emit(job.kind, exc, details)

    def _on_cancelled(self, job_id: int) -> None:
        job = self._settle(job_id)
        if job is not None:
            self.cancelled.emit(job.kind)
