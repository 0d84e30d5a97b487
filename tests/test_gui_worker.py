"""The background-job helper: results, failures, cancel, and restart-latest (only the newest job reports)."""

import threading

import pytest

from dedup_gui.core.errors import InputError
from dedup_gui.gui.worker import FunctionJob, Job, JobRunner


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
        started = runner.start(FunctionJob("Counting", job))
    assert blocker.args == [started, 42]
    assert threads[0] is not threading.main_thread()
    assert not runner.busy
    runner.shutdown()


def test_a_newer_job_supersedes_the_running_one(qtbot):
    runner = JobRunner()
    finished, cancelled, started = [], [], []
    runner.finished.connect(lambda job, value: finished.append(value))
    runner.cancelled.connect(cancelled.append)
    runner.started.connect(started.append)
    first = runner.start(FunctionJob("first", until_cancelled))  # running: it ends only because a newer job cancels it
    runner.start(FunctionJob("second", lambda r: "second"))  # queued, then replaced before it ever runs
    with qtbot.waitSignal(runner.finished, timeout=5000):
        newest = runner.start(FunctionJob("newest", lambda r: "newest"))
    # One thread runs the jobs in order, so the superseded jobs' outcomes would have arrived before this one.
    assert finished == ["newest"] and cancelled == []
    assert started == [first, newest]  # the running job and the newest; the replaced one never started
    assert not runner.busy
    runner.shutdown()


def test_cancel_stops_a_running_job_at_its_next_check(qtbot):
    runner = JobRunner()
    with qtbot.waitSignal(runner.progress, timeout=5000):
        job = runner.start(FunctionJob("run", until_cancelled))
    with qtbot.assertNotEmitted(runner.finished), qtbot.waitSignal(runner.cancelled, timeout=5000) as blocker:
        runner.cancel()
    assert blocker.args == [job]
    assert not runner.busy
    runner.shutdown()


def test_failures_arrive_as_signals_with_the_exception(qtbot):
    runner = JobRunner()

    def job(reporter):
        raise InputError("news.xlsx", "is not a workbook")

    with qtbot.waitSignal(runner.failed, timeout=5000) as blocker:
        started = runner.start(FunctionJob("load", job))
    failed, exc, details = blocker.args
    assert failed is started and str(exc) == "news.xlsx: is not a workbook"
    assert "InputError" in details
    runner.shutdown()


def test_shutdown_during_a_job_waits_for_the_thread(qtbot):
    runner = JobRunner()
    with qtbot.waitSignal(runner.progress, timeout=5000):
        runner.start(FunctionJob("run", until_cancelled))
    runner.shutdown()
    assert not runner._thread.isRunning()


class Recording(Job):
    """A job whose own handlers note how it ended."""

    def __init__(self, fn):
        super().__init__()
        self.fn, self.outcome = fn, []

    def work(self, reporter):
        return self.fn(reporter)

    def succeeded(self, result):
        self.outcome.append(("succeeded", result))

    def failed(self, exc, details):
        self.outcome.append(("failed", str(exc)))

    def cancelled(self):
        self.outcome.append(("cancelled",))


def test_each_job_handles_its_own_outcome_on_the_gui_thread(qtbot):
    runner = JobRunner()
    done, broken, stopped = Recording(lambda r: 7), Recording(lambda r: 1 / 0), Recording(until_cancelled)
    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.start(done)
    with qtbot.waitSignal(runner.failed, timeout=5000):
        runner.start(broken)
    with qtbot.waitSignal(runner.progress, timeout=5000):
        runner.start(stopped)
    with qtbot.waitSignal(runner.cancelled, timeout=5000):
        runner.cancel()
    assert done.outcome == [("succeeded", 7)]
    assert broken.outcome == [("failed", "division by zero")]
    assert stopped.outcome == [("cancelled",)]
    runner.shutdown()


def test_a_replaced_job_reports_nothing(qtbot):
    runner = JobRunner()
    replaced, newest = Recording(until_cancelled), Recording(lambda r: "newest")
    with qtbot.waitSignal(runner.progress, timeout=5000):
        runner.start(replaced)
    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.start(newest)
    assert replaced.outcome == [] and newest.outcome == [("succeeded", "newest")]
    runner.shutdown()


@pytest.mark.parametrize(
    ("algorithm", "median", "weak"),
    [("simhash", 60, "simhash"), ("nshash", 60, "nshash"), ("ngram", 60, ""), ("nshash", 900, ""), ("simhash", 0, "")],
)
def test_short_texts_warn_about_the_algorithms_weak_on_them(algorithm, median, weak):
    from dedup_gui.gui import jobs

    assert jobs.short_text_warning(algorithm, median) == weak
