"""What the user sees of a background job: the progress bar follows the job's reports, drawn with the window's next
paint - not at once, which would draw the whole window inside the event that brought the report."""

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from dedup_gui.gui.job_status import OpeningPanel
from dedup_gui.gui.worker import FunctionJob, JobRunner


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj, event):  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_progress_report_moves_the_bar_and_leaves_its_drawing_to_the_windows_next_paint(qtbot):
    runner = JobRunner()
    panel = OpeningPanel(runner)
    qtbot.addWidget(panel)
    panel.resize(700, 120)
    panel.show()
    qtbot.waitExposed(panel)
    job = FunctionJob("Opening news.xlsx", lambda reporter: None)
    runner.started.emit(job)
    QApplication.processEvents()
    paints = _Paints()
    panel.progress.installEventFilter(paints)
    runner.progress.emit(job, "Loading", 300, 1000)
    assert panel.progress.maximum() == 1000 and panel.progress.value() == 300
    assert paints.count == 0  # (QProgressBar.setValue alone repaints at once)
    qtbot.waitUntil(lambda: paints.count > 0, timeout=5000)
    assert "Loading 300 / 1,000" in panel.label.text()
    runner.shutdown()
