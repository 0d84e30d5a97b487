"""The sessions a re-run or a new table replaces are let go of in pieces on the window's thread, once nothing else
holds them - and never taken apart while something does."""

from __future__ import annotations

import weakref

import numpy as np

from dedup_gui.core.result import Cluster, DedupResult, PairSet
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.settings import Settings
from dedup_gui.gui import release
from dedup_gui.gui.app_state import AppState


def _session(n: int = 300) -> ReviewSession:
    texts = [f"第{i // 2}条新闻" for i in range(2 * n)]
    clusters = [Cluster(c + 1, 2 * c, [2 * c, 2 * c + 1], {2 * c + 1: 0.9}) for c in range(n)]
    result = DedupResult(Settings(), 2 * n, clusters, PairSet.empty(), PairSet.empty(), np.arange(2 * n), 0)
    session = ReviewSession(result, texts)
    for i in range(len(session)):
        session.row(i)
    return session


def test_a_replaced_session_is_let_go_of_in_pieces_across_turns_of_the_event_loop(qtbot, monkeypatch):
    from dedup_gui.core import result as result_module

    monkeypatch.setattr(result_module, "RELEASE_PIECE", 10)
    monkeypatch.setattr(release, "TURN_MS", 0)  # a piece per turn
    state = AppState()
    state.set_session(_session())
    first = weakref.ref(state.session)
    turns = []
    state.releaser._timer.timeout.connect(lambda: turns.append(1))
    state.set_session(_session())  # a re-run's session replaces it
    assert first() is not None and state.releaser.pending() == 1
    qtbot.waitUntil(lambda: first() is None)
    assert len(turns) >= 2 * 300 // 10  # its lines and its clusters, a piece per turn
    assert state.releaser.pending() == 0
    second = weakref.ref(state.session)
    state.set_table(None)  # a new table: the session goes too
    qtbot.waitUntil(lambda: second() is None)


def test_a_session_something_else_holds_is_never_taken_apart(qtbot, monkeypatch):
    monkeypatch.setattr(release, "WAIT_TURNS", 3)
    monkeypatch.setattr(release, "WAIT_MS", 1)
    state = AppState()
    state.set_session(_session())
    held = state.session  # (a job still working with it)
    state.set_session(None)
    qtbot.waitUntil(lambda: state.releaser.pending() == 0)  # waited for, then simply let go of
    assert len(held._rows) == 300 and len(held.result.clusters) == 300 and held.row(299).id == 300
