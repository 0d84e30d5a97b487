"""The background-job helper: results, failures, cancel, and restart-latest (only the newest job reports)."""

import threading
import time

import pytest

from dedup_gui.core.errors import InputError
from dedup_gui.gui.worker import JobRunner


def slow(value, seconds=2.0):
    def job(reporter):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            reporter.report("Working", 0, 1)
            time.sleep(0.005)
        return value

    return job


def test_a_job_runs_off_the_gui_thread_and_reports_its_result(qtbot):
    runner = JobRunner()
    threads = []

    def job(reporter):
        threads.append(threading.current_thread())
        reporter.report("Counting", 3, 4)
        return 42

    with qtbot.waitSignal(runner.finished, timeout=5000) as blocker:
        runner.start("run", job)
    assert blocker.args == ["run", 42]
    assert threads[0] is not threading.main_thread()
    assert not runner.busy
    runner.shutdown()


def test_a_newer_job_supersedes_the_running_one(qtbot):
    runner = JobRunner()
    finished = []
    runner.finished.connect(lambda kind, value: finished.append(value))
    runner.start("run", slow("first"))
    runner.start("run", slow("second"))
    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.start("run", lambda r: "newest")
    qtbot.wait(50)
    assert finished == ["newest"]
    runner.shutdown()


def test_cancel_stops_a_job_promptly(qtbot):
    runner = JobRunner()
    with qtbot.waitSignal(runner.progress, timeout=5000):
        runner.start("run", slow("never", seconds=30))
    started = time.monotonic()
    with qtbot.waitSignal(runner.cancelled, timeout=2000) as blocker:
        runner.cancel()
    assert blocker.args == ["run"]
    assert time.monotonic() - started < 1.0
    runner.shutdown()


def test_failures_arrive_as_signals_with_the_exception(qtbot):
    runner = JobRunner()

    def job(reporter):
        raise InputError("news.xlsx", "is not a workbook")

    with qtbot.waitSignal(runner.failed, timeout=5000) as blocker:
        runner.start("load", job)
    kind, exc, details = blocker.args
    assert kind == "load" and str(exc) == "news.xlsx: is not a workbook"
    assert "InputError" in details
    runner.shutdown()


def test_shutdown_during_a_job_waits_for_the_thread(qtbot):
    runner = JobRunner()
    with qtbot.waitSignal(runner.progress, timeout=5000):
        runner.start("run", slow("never", seconds=30))
    runner.shutdown()
    assert not runner._thread.isRunning()


@pytest.mark.parametrize(
    ("algorithm", "median", "weak"),
    [("simhash", 60, "simhash"), ("nshash", 60, "nshash"), ("ngram", 60, ""), ("nshash", 900, ""), ("simhash", 0, "")],
)
def test_short_texts_warn_about_the_algorithms_weak_on_them(algorithm, median, weak):
    from dedup_gui.gui import jobs

    assert jobs.short_text_warning(algorithm, median) == weak
