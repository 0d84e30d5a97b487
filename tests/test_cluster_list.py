"""A result's clusters held as arrays (``ClusterList``): what is read from the arrays - rows removed, the per-row
outcome with the user's decisions, the keep reasons' member pairs, the annotated export's statuses - equals what
the Cluster objects say, and objects are made only where they are read."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.cluster import build_clusters
from dedup_gui.core.keep import member_pairs
from dedup_gui.core.result import Cluster, ClusterList, Decisions, DedupResult, PairSet
from dedup_gui.core.settings import Settings


def resolve_by_loop(clusters: list[Cluster], n: int, decisions: Decisions, similarity) -> tuple[np.ndarray, ...]:
    """The per-row outcome, cluster by cluster (the rule ``DedupResult.resolve`` states, written plainly)."""
    keep = np.ones(n, dtype=bool)
    cluster = np.zeros(n, dtype=np.int64)
    dup_of = np.full(n, -1, dtype=np.int64)
    sim = np.full(n, np.nan)
    for c in clusters:
        kept = decisions.kept.get(c.id, c.kept)
        for m in c.members:
            cluster[m] = c.id
            if m == kept or m in decisions.not_duplicate:
                continue
            keep[m] = False
            dup_of[m] = kept
            if kept == c.kept:
                sim[m] = c.similarity.get(m, np.nan)
            elif similarity is not None:
                sim[m] = similarity(kept, m)
    return keep, cluster, dup_of, sim


@st.composite
def clustered(draw):
    """Rows split into clusters (ids 1.. in any order, members in any order, similarity entries for some members
    only, in any order) and a user's decisions on them."""
    n = draw(st.integers(2, 30))
    rows = draw(st.permutations(range(n)))
    cuts = sorted(draw(st.sets(st.integers(1, n - 1), max_size=n // 2)))
    groups = [g for g in np.split(np.array(rows), cuts) if len(g) >= 2]
    ids = draw(st.permutations(range(1, len(groups) + 1)))
    clusters = []
    for cid, g in zip(ids, groups, strict=True):
        members = [int(r) for r in g]
        kept = draw(st.sampled_from(members))
        listed = draw(st.lists(st.sampled_from(members), unique=True))
        sims = {r: draw(st.floats(0, 1) | st.just(float("nan"))) for r in listed}
        clusters.append(Cluster(cid, kept, members, sims))
    decisions = Decisions()
    for c in clusters:
        choice = draw(st.sampled_from(["none", "member", "other"]))
        if choice == "member":
            decisions.kept[c.id] = draw(st.sampled_from(c.members))
        elif choice == "other":
            decisions.kept[c.id] = draw(st.integers(0, n - 1))
    decisions.kept[len(clusters) + 5] = 0  # a decision on no cluster changes nothing
    decisions.not_duplicate = set(draw(st.lists(st.integers(0, n - 1), unique=True, max_size=5)))
    return n, clusters, decisions


def report_by_loop(clusters: list[Cluster], decisions: Decisions, reasons: dict[int, str], texts) -> pd.DataFrame:
    """The cluster report, cluster by cluster (the columns ``DedupResult.report_frame`` promises, written plainly)."""
    kept = [decisions.kept.get(c.id, c.kept) for c in clusters]
    sims = [[c.similarity[m] for m in c.members if m != c.kept and m in c.similarity] for c in clusters]
    columns = {
        "cluster": [c.id for c in clusters],
        "size": [len(c.members) for c in clusters],
        "kept_row": [k + 1 for k in kept],
        "members": [" ".join(str(m + 1) for m in c.members) for c in clusters],
        "min_similarity": [round(min(s), 4) if s else None for s in sims],
        "max_similarity": [round(max(s), 4) if s else None for s in sims],
        "kept_text": [" ".join(texts[k].split())[:80] for k in kept],
        "kept_because": [
            "chosen in review" if k != c.kept else reasons.get(c.id, "") for k, c in zip(kept, clusters, strict=True)
        ],
    }
    return pd.DataFrame(columns, columns=list(columns))


def as_arrays(clusters: list[Cluster]) -> ClusterList:
    """The clusters as an array-backed ClusterList (as the engine makes them), via the arrays of a plain one."""
    return ClusterList(arrays=ClusterList(objects=clusters).arrays)


def result_of(clusters: ClusterList, n: int) -> DedupResult:
    return DedupResult(Settings(), n, clusters, PairSet.empty(), PairSet.empty(), np.arange(n), 0)


@settings(max_examples=200, deadline=None)
@given(clustered(), st.booleans())
def test_the_outcome_read_from_arrays_is_the_outcome_of_the_clusters(case, rescored):
    n, clusters, decisions = case

    def similarity(a: int, b: int) -> float:
        return (a * 31 + b) % 97 / 97

    rescore = similarity if rescored else None
    want = resolve_by_loop(clusters, n, decisions, rescore)
    for held in (as_arrays(clusters), ClusterList(objects=clusters)):
        result = result_of(held, n)
        got = result.resolve(decisions, rescore)
        for g, w in zip((got.keep, got.cluster, got.dup_of, got.similarity), want, strict=True):
            assert np.array_equal(g, w, equal_nan=True)
        assert result.rows_to_remove == sum(len(c.members) - 1 for c in clusters)
        kept, cluster, others = member_pairs(held)
        assert kept.tolist() == [c.kept for c in clusters]
        assert list(zip(cluster.tolist(), others.tolist(), strict=True)) == [
            (i, m) for i, c in enumerate(clusters) for m in c.members if m != c.kept
        ]


@settings(max_examples=200, deadline=None)
@given(clustered())
def test_the_report_read_from_arrays_is_the_report_of_the_clusters(case):
    """Sizes, kept rows after the user's choices, members, lowest and highest similarity (a nan first in member
    order is what ``min`` gives, a later one is passed over), the kept text, and why the row was kept."""
    n, clusters, decisions = case
    texts = [f"text of row {r}" for r in range(n)]
    reasons = {c.id: f"reason {c.id}" for c in clusters[::2]}
    want = report_by_loop(clusters, decisions, reasons, texts)
    for held in (as_arrays(clusters), ClusterList(objects=clusters)):
        result = result_of(held, n)
        result.keep_reasons = reasons
        pd.testing.assert_frame_equal(result.report_frame(texts, decisions), want)


@settings(max_examples=200, deadline=None)
@given(clustered(), st.integers(1, 4) | st.none())
def test_hot_stories_read_from_arrays_are_the_stories_of_the_clusters(case, limit):
    """The clusters still holding two rows after the user's decisions, largest first, ties by their first row (then
    in cluster order), with the rows each counts; sources counted over exactly those rows."""
    from dedup_gui.core.analysis import hot_stories

    n, clusters, decisions = case
    found = []
    for c in clusters:
        kept = decisions.kept.get(c.id, c.kept)
        rows = [m for m in c.members if m == kept or m not in decisions.not_duplicate]
        if len(rows) >= 2:
            found.append((c.id, kept, rows))
    found.sort(key=lambda item: (-len(item[2]), item[2][0]))
    found = found[:limit] if limit is not None else found
    texts = [f"row {r}" for r in range(n)]
    sources = [f"outlet {r % 3}" for r in range(n)]
    for held in (as_arrays(clusters), ClusterList(objects=clusters)):
        stories = hot_stories(result_of(held, n), texts, decisions, sources=sources, limit=limit)
        assert [(s.rank, s.cluster, s.kept, s.copies) for s in stories] == [
            (i, cid, kept, len(rows)) for i, (cid, kept, rows) in enumerate(found, 1)
        ]
        assert [sum(k for _, k in s.sources) for s in stories] == [len(rows) for _, _, rows in found]
        assert [s.headline for s in stories] == [texts[kept] for _, kept, _ in found]


def test_a_row_or_an_id_in_two_clusters_is_resolved_cluster_by_cluster():
    """Clusters read back from an edited annotated file may share a row or an id; they are resolved one after the
    other, as they always were: a row in two clusters takes what the later one says (here its own similarity
    entry, after the earlier cluster's rescored one), a user's kept row holds for every cluster of its id."""
    cases = [
        ([Cluster(1, 0, [0, 1], {1: 0.9}), Cluster(2, 2, [2, 1], {1: 0.8})], Decisions(kept={1: 3})),
        ([Cluster(1, 0, [0, 1], {1: 0.9}), Cluster(1, 2, [2, 3], {3: 0.8})], Decisions(kept={1: 3})),
    ]

    def rescored(a: int, b: int) -> float:
        return 0.5

    results = []
    for clusters, decisions in cases:
        got = result_of(as_arrays(clusters), 4).resolve(decisions, rescored)
        want = resolve_by_loop(clusters, 4, decisions, rescored)
        for g, w in zip((got.keep, got.cluster, got.dup_of, got.similarity), want, strict=True):
            assert np.array_equal(g, w, equal_nan=True)
        results.append(got)
    assert results[0].dup_of[1] == 2 and results[0].similarity[1] == 0.8  # the later cluster's word
    assert results[1].dup_of.tolist() == [3, 3, 3, -1]  # the user's kept row, for both clusters of that id


def test_objects_are_made_where_read_and_stay_the_same_objects():
    clusters = [Cluster(i, 2 * i, [2 * i, 2 * i + 1], {2 * i: 1.0, 2 * i + 1: 0.5 + i / 100}) for i in range(1, 6)]
    held = as_arrays(clusters)
    assert len(held) == 5 and held._objects is None  # counting made none
    third = held[2]
    assert third == clusters[2] and sum(c is not None for c in held._objects) == 1
    assert held[-3] is third and held[1:3] == clusters[1:3]
    assert list(held) == clusters and held[2] is third  # all made now; the one read before is kept
    assert type(third.members[0]) is int and type(next(iter(third.similarity))) is int
    assert held == clusters and held != clusters[:4] and held == ClusterList(objects=clusters)
    held.append(Cluster(9, 20, [20, 21, 22], {}))
    assert len(held) == 6 and held.removed_rows() == 5 + 2  # the arrays follow the added cluster


def test_the_engine_hands_over_arrays_and_the_same_clusters_as_objects():
    """``build_clusters`` gives an array-backed list: read as objects, each cluster has its rows in file order, the
    kept row, and a similarity for every member."""
    a, b = np.array([0, 2, 3]), np.array([1, 4, 4])
    sim = np.array([0.9, 0.85, 0.95])
    held = build_clusters(5, a, b, sim, np.arange(5), np.arange(5), "linked", lambda u, v: 0.5)
    assert held._objects is None
    assert [(c.id, c.kept, c.members) for c in held] == [(1, 0, [0, 1]), (2, 2, [2, 3, 4])]
    assert held[0].similarity == {0: 1.0, 1: 0.9} and held[1].similarity == {2: 1.0, 3: 0.5, 4: 0.85}
    assert held.removed_rows() == 3
    empty = build_clusters(3, a[:0], b[:0], sim[:0], np.arange(3), np.arange(3), "strict", lambda u, v: 0.0)
    assert len(empty) == 0 and list(empty) == [] and empty == [] and empty.removed_rows() == 0


def apply_by_loop(intent, clusters: list[Cluster]):
    """The row decisions applied cluster by cluster, every cluster tested (the rule ``review_decisions.apply``
    states, written plainly)."""
    from dedup_gui.core.review_decisions import apply_to_cluster

    decisions, clustered_rows = Decisions(), set()
    for c in clusters:
        clustered_rows.update(c.members)
        if not intent.rows.isdisjoint(c.members):
            kept, stay = apply_to_cluster(intent, c)
            if kept is not None:
                decisions.kept[c.id] = kept
            decisions.not_duplicate |= stay
    return decisions, intent.rows - clustered_rows


@settings(max_examples=200, deadline=None)
@given(clustered(), st.data(), st.booleans())
def test_row_decisions_applied_from_arrays_are_those_of_every_cluster(case, data, arrays):
    """``apply`` looks only at the clusters holding a decided row (found in the arrays): the same decisions, in the
    same order of clusters, and the same rows waiting, as testing every cluster - also with a row in two clusters
    (an annotated file edited by hand) and with decided rows in no cluster."""
    from dedup_gui.core.review_decisions import RowDecisions, apply

    n, clusters, _ = case
    if data.draw(st.booleans(), label="a row in two clusters") and len(clusters) >= 2:
        first, second = clusters[0], clusters[1]
        clusters[1] = Cluster(second.id, second.kept, [*second.members, first.members[0]], second.similarity)
    rows = st.integers(0, n + 3)  # rows n.. are in no cluster
    intent = RowDecisions(
        frozenset(data.draw(st.lists(rows, max_size=6), label="kept")),
        frozenset(data.draw(st.lists(rows, max_size=8), label="not duplicate")),
    )
    applied = apply(intent, as_arrays(clusters) if arrays else clusters)
    decisions, waiting = apply_by_loop(intent, clusters)
    assert applied.decisions.kept == decisions.kept
    assert list(applied.decisions.kept) == list(decisions.kept)  # (cluster order)
    assert applied.decisions.not_duplicate == decisions.not_duplicate
    assert applied.not_applying == waiting


@settings(max_examples=200, deadline=None)
@given(clustered(), st.data())
def test_whole_cluster_decisions_from_arrays_are_those_made_cluster_by_cluster(case, data):
    """The review's three whole-cluster actions, their members gathered from the arrays at once, make the
    decisions stated cluster by cluster; applying them finds the changed clusters and the waiting rows as a loop
    over rows does."""
    from dedup_gui.core.review import ReviewSession
    from dedup_gui.core.review_decisions import RowDecisions

    n, clusters, _ = case
    if not clusters:
        return
    clusters = [Cluster(i + 1, c.kept, c.members, c.similarity) for i, c in enumerate(clusters)]  # ids in order
    session = ReviewSession(result_of(as_arrays(clusters), n), [str(i) for i in range(n)])
    rows = st.integers(0, n + 2)
    session.set_intent(RowDecisions(frozenset(data.draw(st.lists(rows, max_size=4))),
                                    frozenset(data.draw(st.lists(rows, max_size=6)))))  # fmt: skip
    ids = data.draw(st.lists(st.sampled_from([c.id for c in clusters]), min_size=1, unique=True))
    by_id = {c.id: c for c in clusters}
    members = [m for cid in ids for m in by_id[cid].members]
    kept = [session.decisions.kept.get(cid, by_id[cid].kept) for cid in ids]
    intent = session.intent
    assert session.cluster_intents(ids) == (
        intent.mark_not_duplicate(members, kept),
        intent.unmark_not_duplicate(members),
        intent.reset(members),
    )
    for new in session.cluster_intents(ids):
        touched = (intent.kept ^ new.kept) | (intent.not_duplicate ^ new.not_duplicate)
        owner = {m: c.id for c in clusters for m in c.members}
        assert session._clusters_of(touched) == {owner[r] for r in touched if r in owner}
    session.set_intent(session.cluster_intents(ids)[0])
    assert session.not_applying == frozenset(r for r in session.intent.rows if r not in owner)
