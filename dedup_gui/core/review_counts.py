"""The run as the user's decisions leave it, for every count the analysis shows.

``core.analysis`` summarises a ``DedupResult``; after a review its clusters are not what the export removes: a row
marked "not a duplicate" stays, another row may be kept. ``decided_result`` is the result with those decisions
applied to its clusters (so cluster counts, the largest cluster and the size distribution follow them), and
``overruled_pairs`` marks the candidate pairs the user contradicted (for the histogram).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .result import ClusterList, Decisions, DedupResult, offsets_of
from .text import sorted_unique


def decided_result(result: DedupResult, decisions: Decisions) -> DedupResult:
    """The result with the user's decisions applied to its clusters: rows that stay are no longer members, the
    user's kept row is the kept row, rows held for checking that the user did not remove stay too, and a cluster
    left with one row is no cluster."""
    stay = result.staying(decisions)
    if not decisions.kept and not stay:
        return result
    clusters = ClusterList(arrays=_decided_arrays(result.clusters, decisions, stay))
    return replace(result, clusters=clusters, held=np.zeros(0, dtype=np.int64))


def _decided_arrays(clusters: ClusterList, decisions: Decisions, stay: set[int]) -> dict[str, np.ndarray]:
    """``decided_result``'s clusters on the clusters' arrays: per cluster (``Cluster`` objects are never made: at
    100k short texts, with 2,382 rows kept to check, making the 30,000 of them stalled the window 130 ms as the
    Analysis tab opened) the members that stay in it - its kept row and every member that does not stay out - and
    its similarity entries of those members while its kept row is the engine's."""
    a = clusters.arrays
    n = len(a["id"])
    members = a["members"]
    which = clusters.member_clusters()  # each member's cluster
    kept = clusters.kept_after(decisions)
    out_of = np.zeros(int(members.max(initial=-1)) + 1, dtype=bool)
    rows = np.fromiter((r for r in stay if r < len(out_of)), dtype=np.int64)
    out_of[rows] = True
    stays_in = (members == kept[which]) | ~out_of[members]
    alive = np.bincount(which[stays_in], minlength=n) >= 2  # (a cluster left with one row is no cluster)
    stays_in &= alive[which]
    # A similarity entry stays where its row stays a member of its cluster, whose kept row is the engine's.
    entry_of = np.repeat(np.arange(n), np.diff(a["sim_offsets"]))
    entries = _entries_staying(which, members, stays_in, entry_of, a["sim_rows"])
    entries &= kept[entry_of] == a["kept"][entry_of]

    return {
        "id": a["id"][alive],
        "kept": kept[alive],
        "member_offsets": offsets_of(np.bincount(which[stays_in], minlength=n)[alive]),
        "members": members[stays_in],
        "sim_offsets": offsets_of(np.bincount(entry_of[entries], minlength=n)[alive]),
        "sim_rows": a["sim_rows"][entries],
        "sim_values": a["sim_values"][entries],
    }


def _entries_staying(
    which: np.ndarray, members: np.ndarray, stays_in: np.ndarray, entry_of: np.ndarray, rows: np.ndarray
) -> np.ndarray:
    """Per similarity entry (of cluster ``entry_of``, about row ``rows``): whether its row stays a member of its
    cluster (``stays_in``, per member: ``members`` of clusters ``which``). A row is a member of one cluster at most
    (clusters partition the rows), so each row's cluster and whether it stays are read off two arrays by row - not
    ``np.isin`` of (cluster, row) numbers, whose sort stalled the window 21 ms as the Analysis tab opened at 100k
    short texts; ``np.isin`` should a row ever be in two clusters."""
    width = int(max(members.max(initial=-1), rows.max(initial=-1))) + 1
    home = np.full(width, -1, dtype=np.int64)  # each row's cluster (-1: in none)
    home[members] = which
    if np.count_nonzero(home >= 0) != len(members):  # a row in two clusters
        return np.isin(entry_of * width + rows, which[stays_in] * width + members[stays_in])
    staying = np.zeros(width, dtype=bool)
    staying[members] = stays_in
    return (home[rows] == entry_of) & staying[rows]


def overruled_pairs(result: DedupResult, not_duplicate: set[int] | frozenset[int]) -> np.ndarray:
    """A mask over ``result.candidates``: pairs with a text of a row the user marked "not a duplicate"."""
    candidates = result.candidates
    if not not_duplicate or not len(candidates):
        return np.zeros(len(candidates), dtype=bool)
    texts = sorted_unique(np.asarray(result.row_unique)[sorted(not_duplicate)])
    return np.isin(candidates.a, texts) | np.isin(candidates.b, texts)
