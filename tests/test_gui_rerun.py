"""A threshold that only moves the cut re-clusters at once from the cached candidates; a change that needs new
fingerprints (or a new candidate search) says so in the status bar before it runs, and while it runs."""

from __future__ import annotations

import pytest
from test_gui_review import make_window, open_and_wait, status
from test_gui_review import store as store  # noqa: F401 - fixtures
from test_gui_review import workbook as workbook  # noqa: F401

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.gui.main_window import DEBOUNCE_MS, RECLUSTER_MS

TIMEOUT = 60_000


@pytest.fixture
def window(qtbot, store):  # noqa: F811
    w = make_window(qtbot, store)
    yield w
    w.state.mark_saved()
    w.close()


def stages_of_next_run(qtbot, window, change) -> list[str]:
    stages: list[str] = []
    window.runner.progress.connect(lambda _job, stage, _done, _total: stages.append(stage))
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        change()
    return stages


def test_a_tighter_threshold_re_clusters_at_once_without_new_fingerprints(qtbot, window, workbook):  # noqa: F811
    open_and_wait(qtbot, window, workbook)
    before = len(window.session)
    window.statusBar().clearMessage()
    stages = stages_of_next_run(qtbot, window, lambda: window.settings_panel.threshold.spin.setValue(0.8))
    assert window.debounce.interval() == RECLUSTER_MS
    assert not {"Normalising", "Segmenting", "Fingerprinting", "Finding candidates"} & set(stages)
    assert "Clustering" in stages
    assert "New fingerprints" not in status(window)
    assert len(window.session) < before  # the match report is no cluster at 0.8


def test_another_algorithm_says_it_needs_new_fingerprints_before_running(qtbot, window, workbook):  # noqa: F811
    open_and_wait(qtbot, window, workbook)
    titles: list[str] = []
    window.runner.started.connect(lambda job: titles.append(job.title))
    window.settings_panel.set_algorithm("simhash")
    assert window.debounce.isActive() and window.debounce.interval() == DEBOUNCE_MS
    assert status(window).startswith("New fingerprints needed")  # before the run starts
    assert not window.runner.busy
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        pass
    assert titles and "New fingerprints needed: about" not in titles[0]  # never measured for simhash yet
    assert "New fingerprints needed" in titles[0]


def test_the_time_new_fingerprints_took_last_time_is_said(qtbot, window, workbook, monkeypatch):  # noqa: F811
    open_and_wait(qtbot, window, workbook)
    monkeypatch.setattr(Pipeline, "rerun_cost", lambda self, settings: ("fingerprints", 41.6))
    window.settings_panel.n.spin.setValue(5)
    assert status(window) == "New fingerprints needed: about 42 s"
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        pass


def test_a_looser_threshold_than_the_search_covered_says_it_searches_again(qtbot, window, workbook):  # noqa: F811
    open_and_wait(qtbot, window, workbook)  # n-gram at 0.7: searched down to 0.6
    window.settings_panel.threshold.spin.setValue(0.4)
    assert status(window).startswith("A new candidate search is needed")
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        pass


def test_a_new_run_shows_its_cluster_list_first_and_the_compare_view_at_the_next_turn(qtbot, window, workbook):  # noqa: F811
    """Two short stalls instead of one long one at 100,000 rows: the list is drawn, then the cluster the user
    was on is selected again and compared; resultShown comes when both are on screen."""
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    members = set(window.session.cluster(2).members)
    seen: list[tuple] = []

    def at_session_changed() -> None:  # connected after the review pane's own slot: runs once the list is set
        pane = window.pane
        seen.append((pane.cluster_model.session is window.session, pane.members_model.session is window.session))

    def at_result_shown() -> None:
        pane = window.pane
        seen.append((pane.members_model.session is window.session, set(pane.members_model.session.cluster(
            pane.members_model.cluster_id).members)))  # fmt: skip

    window.state.sessionChanged.connect(at_session_changed)
    window.resultShown.connect(at_result_shown)
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.settings_panel.threshold.spin.setValue(0.75)
    assert seen[0] == (True, False)  # the new list; the members and compare view still the old run's
    members_shown, shown = seen[1]
    assert members_shown and shown & members  # then the rows the user was on, in the new run
    assert window.current_cluster_id() == window.pane.members_model.cluster_id
