"""A review session keeps the outcome of the decisions a change to many clusters left, for an undo or a redo that
comes back to them (``ReviewSession.set_intent``): whatever the order of changes, small and large, and returns to
earlier decisions, the session's outcome is the one worked out afresh for its decisions."""

from __future__ import annotations

import numpy as np
from cluster_reference import result_of
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.result import Cluster
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.review_decisions import RowDecisions


def _rescored(kept: int, row: int) -> float:
    return (kept * 31 + row) / 1000


def _clusters(rng: np.random.Generator, n_clusters: int) -> tuple[int, list[Cluster], list[int]]:
    """``n_clusters`` clusters of 2-4 rows (each row in one at most, some rows in none) and rows held for checking
    (not kept rows)."""
    sizes = rng.integers(2, 5, n_clusters)
    n_rows = int(sizes.sum()) + int(rng.integers(1, 20))
    rows = rng.permutation(n_rows)
    clusters, at = [], 0
    for size in sizes.tolist():
        members = sorted(rows[at : at + size].tolist())
        at += size
        kept = members[int(rng.integers(size))]
        similarity = {m: 1.0 if m == kept else round(float(rng.uniform(0.5, 1.0)), 3) for m in members}
        clusters.append(Cluster(len(clusters) + 1, kept, members, similarity))
    removable = [m for c in clusters for m in c.members if m != c.kept]  # (a run never holds a kept row)
    held = sorted(set(rng.choice(removable, size=len(removable) // 10, replace=False).tolist()))
    return n_rows, clusters, held


def _decisions(rng: np.random.Generator, clusters: list[Cluster], held: list[int], n_rows: int, many: bool):
    """Random decisions on the rows of many clusters (a bulk decision: more than a quarter of them) or of a few,
    with some about rows in no cluster."""
    chosen = rng.permutation(len(clusters))[: len(clusters) // 2 if many else 3]
    kept, marked, removed = set(), set(), set()
    for c in (clusters[i] for i in chosen.tolist()):
        pick = int(rng.integers(4))
        if pick == 0:
            kept.add(c.members[int(rng.integers(len(c.members)))])
        elif pick in (1, 2):
            marked.update(m for m in c.members if m != c.kept and rng.random() < 0.7)
        removed.update(m for m in c.members if m in held and rng.random() < 0.5)
    clustered = {m for c in clusters for m in c.members}
    loose = [r for r in range(n_rows) if r not in clustered]
    marked.update(r for r in loose if rng.random() < 0.3)
    return RowDecisions(frozenset(kept), frozenset(marked - kept), frozenset(removed - kept - marked))


def _session(seed: int, n_clusters: int):
    """Random clusters (``_clusters``), their result and texts, and a review session of them."""
    rng = np.random.default_rng(seed)
    n_rows, clusters, held = _clusters(rng, n_clusters)
    result = result_of(n_rows, clusters, held)
    texts = [f"text {r}" for r in range(n_rows)]
    return rng, n_rows, clusters, held, result, texts, ReviewSession(result, texts, _rescored)


def _assert_outcome_as_afresh(session: ReviewSession, result, texts) -> None:
    fresh = ReviewSession(result, texts, _rescored, decisions=session.intent)
    assert session.decisions.kept == fresh.decisions.kept
    assert session.decisions.not_duplicate == fresh.decisions.not_duplicate
    assert session.decisions.removed == fresh.decisions.removed
    assert session.not_applying == fresh.not_applying
    got, want = session.resolution(), fresh.resolution()
    for name in ("keep", "cluster", "dup_of", "head", "held"):
        assert np.array_equal(getattr(got, name), getattr(want, name)), name
    assert np.array_equal(got.similarity, want.similarity, equal_nan=True)
    assert session.summary() == fresh.summary()


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.lists(
        st.tuples(st.sampled_from(["many", "few", "back"]), st.integers(0, 1000), st.booleans()),
        min_size=1,
        max_size=10,
    ),
)
def test_the_outcome_after_any_changes_and_returns_is_that_worked_out_afresh(seed, steps):
    size = int(np.random.default_rng(seed).integers(70, 140))  # (above the 64 clusters of a bulk change)
    rng, n_rows, clusters, held, result, texts, session = _session(seed, size)
    history = [session.intent]  # every decisions object set, as an undo stack holds them
    for kind, k, look in steps:
        if kind == "back":  # an undo or a redo: the very same decisions object as before
            intent = history[k % len(history)]
        else:
            intent = _decisions(rng, clusters, held, n_rows, many=kind == "many")
            history.append(intent)
        changed = session.set_intent(intent)
        assert session.intent is intent
        assert changed <= {c.id for c in clusters}
        if look:  # (the outcome worked out, or left for later: a kept outcome may hold it or not)
            _assert_outcome_as_afresh(session, result, texts)
    _assert_outcome_as_afresh(session, result, texts)


def test_a_bulk_change_undone_and_redone_shows_its_outcome_and_reports_every_cluster_changed():
    _, n_rows, clusters, held, result, texts, session = _session(7, 100)
    before = session.intent
    every = session.cluster_intents([c.id for c in clusters])[0]  # "not duplicates" for every cluster
    assert session.set_intent(every) == {c.id for c in clusters}
    assert session.rows_to_remove == 0
    assert session.set_intent(before) == {c.id for c in clusters}  # undo
    assert session.rows_to_remove == result.rows_to_remove
    assert session.set_intent(every) == {c.id for c in clusters}  # redo
    assert session.rows_to_remove == 0
    _assert_outcome_as_afresh(session, result, texts)


def test_two_bulk_changes_undone_and_redone_step_by_step_show_each_outcome():
    rng, n_rows, clusters, held, result, texts, session = _session(11, 120)
    steps = [session.intent]
    for _ in range(2):
        steps.append(_decisions(rng, clusters, held, n_rows, many=True))
        session.set_intent(steps[-1])
    for intent in [steps[1], steps[0], steps[1], steps[2], steps[1], steps[0]]:  # undo, undo, redo, redo, undo, undo
        session.set_intent(intent)
        assert session.intent is intent
        _assert_outcome_as_afresh(session, result, texts)
