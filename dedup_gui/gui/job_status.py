"""What the user sees of a background job: its title and stage ("Opening news.xlsx · Loading 12,000 / 48,000"), a
progress bar, the time it has taken and a Cancel button - in the status bar, and in a larger panel on the welcome
page while the first file opens (otherwise a slow workbook would show nothing at all).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QElapsedTimer, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QStatusBar, QVBoxLayout, QWidget

from .registry_strings import stage_text
from .worker import Job, JobRunner


def describe(job: Job, stage: str, done: int, total: int) -> str:
    """'Opening news.xlsx · Loading 12,000 / 48,000'"""
    what = f"{stage_text(stage)} {done:,} / {total:,}" if total > 0 else f"{stage_text(stage)}…"
    return f"{job.title} · {what}" if job.title else what


class _Follower(QWidget):
    """Follows a runner: shows while a job runs, says what it does, and cancels it."""

    def __init__(self, runner: JobRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.runner = runner
        self.label = QLabel()
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.elapsed_label = QLabel()
        self.elapsed_label.setObjectName("hint")
        self.cancel_button = QPushButton(QCoreApplication.translate("JobStatus", "Cancel"))
        self.cancel_button.setToolTip(QCoreApplication.translate("JobStatus", "Stop (Esc); the previous result stays"))
        self.cancel_button.clicked.connect(runner.cancel)
        self.elapsed = QElapsedTimer()
        self.clock = QTimer(self)
        self.clock.setInterval(200)
        self.clock.timeout.connect(self._tick)
        runner.started.connect(self._started)
        runner.progress.connect(self._progress)
        runner.busyChanged.connect(self._busy)

    def _started(self, job: Job) -> None:
        self.elapsed.start()
        self.clock.start()
        self.label.setText(f"{job.title}…" if job.title else QCoreApplication.translate("JobStatus", "Working…"))
        self.progress.setRange(0, 0)
        self._tick()

    def _progress(self, job: Job, stage: str, done: int, total: int) -> None:
        self.label.setText(describe(job, stage, done, total))
        # With the bar's updates off: QProgressBar.setValue draws the window at once (QWidget.repaint), and with the
        # bar all that waits to be drawn - after a file's load, its whole first screen, ~80 ms inside the event that
        # brought the run's first progress. Turned on again, the bar is drawn with the window's next paint.
        self.progress.setUpdatesEnabled(False)
        if total > 0:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * min(done, total) / total))
        else:
            self.progress.setRange(0, 0)
        self.progress.setUpdatesEnabled(True)

    def _tick(self) -> None:
        secs = self.elapsed.elapsed() // 1000 if self.elapsed.isValid() else 0
        self.elapsed_label.setText(f"{secs // 60}:{secs % 60:02d}")

    def _busy(self, busy: bool) -> None:
        if not busy:
            self.clock.stop()

    def seconds(self) -> float:
        return self.elapsed.elapsed() / 1000 if self.elapsed.isValid() else 0.0


class JobStatus(_Follower):
    """The job's title, stage, progress, time and Cancel, as permanent widgets of the status bar."""

    def __init__(self, runner: JobRunner, bar: QStatusBar):
        super().__init__(runner, bar)
        self.progress.setMaximumWidth(260)
        self.widgets = (self.label, self.progress, self.elapsed_label, self.cancel_button)
        for w in self.widgets:
            bar.addPermanentWidget(w)
            w.hide()
        self.hide()  # the widgets live in the status bar; this object only drives them
        runner.busyChanged.connect(self._show)

    def _show(self, busy: bool) -> None:
        for w in self.widgets:
            w.setVisible(busy)


class OpeningPanel(_Follower):
    """A larger progress panel for the welcome page: which file is opening, how far, and Cancel."""

    def __init__(self, runner: JobRunner, parent: QWidget | None = None):
        super().__init__(runner, parent)
        self.setObjectName("openingPanel")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.progress.setMinimumWidth(360)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.progress)
        row.addWidget(self.elapsed_label)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addLayout(row)
        self.hide()
