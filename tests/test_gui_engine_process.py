"""The window with its engine in a worker process: the worker reads the input itself and the clusters are the
in-process engine's, Cancel ends the worker's run and the window says so, a worker killed mid-run is a message
(not a hang) and the next run recovers."""

from __future__ import annotations

import os
import signal
from dataclasses import replace

import pandas as pd
import pytest
from test_gui_review import make_window, open_and_wait, status
from test_gui_review import store as store  # noqa: F401 - fixtures
from test_gui_review import workbook as workbook  # noqa: F401

from dedup_gui.core.engine_process import EngineProcess, RemotePipeline
from dedup_gui.core.pipeline import Pipeline

TIMEOUT = 120_000


@pytest.fixture
def window(qtbot, store, monkeypatch):  # noqa: F811
    monkeypatch.setenv("DEDUP_ENGINE", "process")
    w = make_window(qtbot, store)
    assert w.state.engine is not None
    yield w
    w.state.mark_saved()
    w.close()
    w.state.engine.close()


def at_stage(monkeypatch, stage: str, act) -> list[int]:
    """Calls ``act(engine, reporter)`` on the worker thread when the worker process reports ``stage`` (once)."""
    done: list[int] = []
    original = EngineProcess._wait

    def waiting(self, reporter, deadline=None):
        if reporter is not None and not getattr(reporter, "hooked", False):
            inner = reporter.progress

            def progress(s, d, t):
                if s == stage and not done:
                    done.append(self.pid)
                    act(self, reporter)
                inner(s, d, t)

            reporter.progress, reporter.hooked = progress, True
        return original(self, reporter, deadline)

    monkeypatch.setattr(EngineProcess, "_wait", waiting)
    return done


def clusters(session) -> list[tuple[int, list[int]]]:
    return [(c.kept, c.members) for c in session.clusters]


def test_the_window_runs_in_the_worker_process_with_the_same_clusters(qtbot, window, workbook):  # noqa: F811
    open_and_wait(qtbot, window, workbook)
    (pipeline,) = window.state.pipelines.values()
    assert isinstance(pipeline, RemotePipeline) and not pipeline.in_process
    assert window.state.engine.pid not in (None, os.getpid())
    columns = window.data_panel.selected_columns()
    local = Pipeline.for_table(window.table, columns).run(window.settings_panel.settings())
    assert clusters(window.session) == [(c.kept, c.members) for c in local.clusters]
    assert window.compare.left.title.text()  # the review shows the kept row
    # The worker read the workbook itself, while the window did: no row went over the pipe, and it is the same table.
    assert window.state.engine.tables_sent == 0
    theirs = pipeline.child_table()
    pd.testing.assert_frame_equal(theirs.data, window.table.data)
    assert replace(theirs, data=None) == replace(window.table, data=None)


def test_cancel_ends_the_workers_run_and_the_next_run_shows_clusters(qtbot, window, workbook, monkeypatch):  # noqa: F811
    open_and_wait(qtbot, window, workbook)
    before = clusters(window.session)
    hooked = at_stage(monkeypatch, "Segmenting", lambda engine, reporter: reporter.cancel())
    with qtbot.waitSignal(window.runner.cancelled, timeout=TIMEOUT):
        window.settings_panel.set_algorithm("simhash")  # new fingerprints: segmenting
        window.run_now()
    assert hooked and window.state.engine.pid == hooked[0]  # it stopped at its next check, it was not killed
    assert status(window) == "Cancelled — the previous result is kept"
    assert clusters(window.session) == before
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.run_now()
    assert window.session.result.settings.algorithm == "simhash"


def test_a_worker_killed_mid_run_is_a_message_and_the_next_run_recovers(qtbot, window, workbook, monkeypatch):  # noqa: F811
    open_and_wait(qtbot, window, workbook)
    killed = at_stage(monkeypatch, "Segmenting", lambda engine, reporter: os.kill(engine.pid, signal.SIGKILL))
    with qtbot.waitSignal(window.messageShown, timeout=TIMEOUT) as shown:
        window.settings_panel.set_algorithm("simhash")
        window.run_now()
    title, text = shown.args
    assert title == "Could not find duplicates" and "ended unexpectedly" in text
    assert not window.runner.busy
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.run_now()
    assert window.state.engine.pid not in (None, killed[0])
    assert window.session.result.settings.algorithm == "simhash"


def test_the_boilerplate_of_a_pair_is_asked_off_the_windows_thread_and_shown_when_the_worker_answers(
    qtbot, window, tmp_path, monkeypatch
):
    """With the engine in its worker process, the compare view shows a pair at once and its ignored sentences
    when the worker answers - asked on another thread than the window's (an answer kept since is shown at once)."""
    import threading

    from test_gui_review import FOOTER, footers_csv

    path, bodies = footers_csv(tmp_path)
    asked_on = []
    real = EngineProcess.ask

    def ask(self, stand_in, msg, fallback, wait=None):
        if msg[0] == "boilerplates":
            asked_on.append(threading.current_thread() is threading.main_thread())
        return real(self, stand_in, msg, fallback, wait)

    monkeypatch.setattr(EngineProcess, "ask", ask)
    open_and_wait(qtbot, window, path)
    window.select_cluster(1)
    left = window.compare.left
    qtbot.waitUntil(lambda: left.boilerplate_toggle.isVisible(), timeout=TIMEOUT)
    assert "1 sentence" in left.boilerplate_toggle.text()
    assert asked_on and not any(asked_on)  # never on the window's thread
    start = bodies[0].index(FOOTER)
    assert any(a <= start < b for a, b in left.boilerplate_spans())  # greyed in the text
    window.select_cluster(2)
    window.select_cluster(1)
    assert left.boilerplate_toggle.isVisible()  # known since: shown with the texts
