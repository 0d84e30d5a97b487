"""The run as the user's decisions leave it, for every count the analysis shows.

``core.analysis`` summarises a ``DedupResult``; after a review its clusters are not what the export removes: a row
marked "not a duplicate" stays, another row may be kept. ``decided_result`` is the result with those decisions
applied to its clusters (so cluster counts, the largest cluster and the size distribution follow them), and
``overruled_pairs`` marks the candidate pairs the user contradicted (for the histogram).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .result import Cluster, ClusterList, Decisions, DedupResult
from .text import sorted_unique


def decided_result(result: DedupResult, decisions: Decisions) -> DedupResult:
    """The result with the user's decisions applied to its clusters: rows that stay are no longer members, the
    user's kept row is the kept row, rows held for checking that the user did not remove stay too, and a cluster
    left with one row is no cluster."""
    stay = result.staying(decisions)
    if not decisions.kept and not stay:
        return result
    clusters = []
    for c in result.clusters:
        kept = decisions.kept.get(c.id, c.kept)
        members = [m for m in c.members if m == kept or m not in stay]
        if len(members) < 2:
            continue
        similarity = {m: s for m, s in c.similarity.items() if m in members} if kept == c.kept else {}
        clusters.append(Cluster(c.id, kept, members, similarity))
    return replace(result, clusters=ClusterList(objects=clusters), held=np.zeros(0, dtype=np.int64))


def overruled_pairs(result: DedupResult, not_duplicate: set[int] | frozenset[int]) -> np.ndarray:
    """A mask over ``result.candidates``: pairs with a text of a row the user marked "not a duplicate"."""
    candidates = result.candidates
    if not not_duplicate or not len(candidates):
        return np.zeros(len(candidates), dtype=bool)
    texts = sorted_unique(np.asarray(result.row_unique)[sorted(not_duplicate)])
    return np.isin(candidates.a, texts) | np.isin(candidates.b, texts)
