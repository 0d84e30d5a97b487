"""The similarity a resolution gives each row held for checking (``DedupResult.resolve``): its cluster's own entry
while the engine's kept row stays, rescored when the user chose another kept row - read for all held rows at once,
the same as the cluster-by-cluster reading (random clusters, held rows and decisions)."""

from __future__ import annotations

import math

import numpy as np
from cluster_reference import draw_clusters_and_decisions, result_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dedup_gui.core.result import ClusterList, DedupResult


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
    n_rows, clusters, held, decisions = draw_clusters_and_decisions(data, values=st.floats(0.5, 1.0))
    as_arrays = data.draw(st.booleans())  # clusters made from their arrays, or from Cluster objects
    cluster_list = ClusterList(objects=clusters)
    result = result_of(n_rows, ClusterList(arrays=cluster_list.arrays) if as_arrays else cluster_list, held)
    res = result.resolve(decisions, similarity=_rescored)
    want = _held_reference(result, res, _rescored)
    got = {row: float(res.similarity[row]) for row in want}
    assert got.keys() == want.keys()
    for row, value in want.items():
        assert (math.isnan(value) and math.isnan(got[row])) or got[row] == value, (row, got, want)
