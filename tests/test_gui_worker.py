"""The background-job helper: results, failures, cancel, and restart-latest (only the newest job reports)."""

import threading

import pytest

from dedup_gui.core.errors import InputError
from dedup_gui.gui.worker import JobRunner


def until_cancelled(reporter):
    """A job that works, reporting progress, until it is cancelled: a cancel is the only way it ends."""
    while True:
        reporter.report("Working", 0, 1)  # raises Cancelled once the job is cancelled
        reporter.cancel_event.wait(0.005)


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
    finished, cancelled, started = [], [], []
    runner.finished.connect(lambda kind, value: finished.append(value))
    runner.cancelled.connect(cancelled.append)
    runner.started.connect(started.append)
    runner.start("run", until_cancelled)  # running: it ends only because a newer job cancels it
    runner.start("run", lambda r: "second")  # queued, then replaced before it ever runs
    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.start("run", lambda r: "newest")
    # One thread runs the jobs in order, so the superseded jobs' outcomes would have arrived before this one.
    assert finished == ["newest"] and cancelled == []
    assert started == ["run", "run"]  # the running job and the newest; the replaced one never started
    assert not runner.busy
    runner.shutdown()


def test_cancel_stops_a_running_job_at_its_next_check(qtbot):
    runner = JobRunner()
    with qtbot.waitSignal(runner.progress, timeout=5000):
        runner.start("run", until_cancelled)
    with qtbot.assertNotEmitted(runner.finished), qtbot.waitSignal(runner.cancelled, timeout=5000) as blocker:
        runner.cancel()
    assert blocker.args == ["run"]
    assert not runner.busy
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
        runner.start("run", until_cancelled)
    runner.shutdown()
    assert not runner._thread.isRunning()


@pytest.mark.parametrize(
    ("algorithm", "median", "weak"),
    [("simhash", 60, "simhash"), ("nshash", 60, "nshash"), ("ngram", 60, ""), ("nshash", 900, ""), ("simhash", 0, "")],
)
def test_short_texts_warn_about_the_algorithms_weak_on_them(algorithm, median, weak):
    from dedup_gui.gui import jobs

    assert jobs.short_text_warning(algorithm, median) == weak
