"""The similarity a resolution gives each row held for checking (``DedupResult.resolve``): its cluster's own entry
while the engine's kept row stays, rescored when the user chose another kept row - read for all held rows at once,
the same as the cluster-by-cluster reading (random clusters, held rows and decisions)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dedup_gui.core.result import Cluster, ClusterList, Decisions, DedupResult, PairSet
from dedup_gui.core.settings import Settings


def _rescored(kept: int, row: int) -> float:
    return (kept * 31 + row) / 1000


def _held_reference(result: DedupResult, res, similarity) -> dict[int, float]:
    """Per held row: its similarity read cluster by cluster (the cluster's dictionary, or rescored)."""
    heads = np.flatnonzero(res.head)
    kept_of = {int(res.cluster[h]): int(h) for h in heads}
    out = {}
    for row in np.flatnonzero(res.held).tolist():
        cid = int(res.cluster[row])
        kept = kept_of.get(cid, -1)
        c = result.clusters[cid - 1]
        out[row] = c.similarity.get(row, math.nan) if kept == c.kept else similarity(kept, row)
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_held_rows_similarity_is_that_of_their_cluster_or_rescored(data):
    n_rows = data.draw(st.integers(2, 30))
    rows = data.draw(st.permutations(range(n_rows)))
    sizes = data.draw(st.lists(st.integers(2, 5), max_size=6))
    clusters, at = [], 0
    for size in sizes:
        if at + size > n_rows:
            break
        members = sorted(rows[at : at + size])
        at += size
        kept = data.draw(st.sampled_from(members))
        entries = [m for m in members if data.draw(st.booleans()) or m == kept]
        values = {m: 1.0 if m == kept else data.draw(st.floats(0.5, 1.0)) for m in entries}
        clusters.append(Cluster(len(clusters) + 1, kept, members, values))
    clustered = [m for c in clusters for m in c.members]
    pick = st.sampled_from(clustered) if clustered else st.nothing()
    held = sorted(set(data.draw(st.lists(pick, max_size=6)))) if clustered else []
    decisions = Decisions(
        kept={c.id: data.draw(st.sampled_from(c.members)) for c in clusters if data.draw(st.booleans())},
        not_duplicate=set(data.draw(st.lists(pick, max_size=3))) if clustered else set(),
        removed=set(data.draw(st.lists(st.sampled_from(held), max_size=2))) if held else set(),
    )
    as_arrays = data.draw(st.booleans())  # clusters made from their arrays, or from Cluster objects
    cluster_list = ClusterList(objects=clusters)
    if as_arrays:
        cluster_list = ClusterList(arrays=cluster_list.arrays)
    result = DedupResult(
        settings=Settings(),
        n_rows=n_rows,
        clusters=cluster_list,
        pairs=PairSet.empty(),
        candidates=PairSet.empty(),
        row_unique=np.arange(n_rows),
        exact_duplicates=0,
        held=np.array(held, dtype=np.int64),
    )
    res = result.resolve(decisions, similarity=_rescored)
    want = _held_reference(result, res, _rescored)
    got = {row: float(res.similarity[row]) for row in want}
    assert got.keys() == want.keys()
    for row, value in want.items():
        assert (math.isnan(value) and math.isnan(got[row])) or got[row] == value, (row, got, want)
