"""Comparing what two duplicate finders found, at the row level.

Each finder's answer is reduced to a *label per row*: rows with the same label were put together (connected
components of the pairs it found; the original nshash's own min-id labels). Two labelings are then compared by
*co-membership*: a pair of rows counts when both rows carry the same label. Counting pairs through a contingency
table keeps this O(rows) even when a component holds thousands of rows, and makes finders comparable whether
they report every pair or only a spanning set of them (exact duplicates collapsed by our engine included).
"""

from __future__ import annotations

import numpy as np


def components(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Label per node 0..n-1: the smallest node of its connected component under the edges (a, b)."""
    parent = np.arange(n, dtype=np.int64)

    def find(x: int) -> int:
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    for u, v in zip(np.asarray(a).tolist(), np.asarray(b).tolist(), strict=True):
        ru, rv = find(u), find(v)
        if ru != rv:
            if ru < rv:
                parent[rv] = ru
            else:
                parent[ru] = rv
    return np.array([find(i) for i in range(n)], dtype=np.int64)


def _pairs_within(labels: np.ndarray) -> int:
    _, counts = np.unique(labels, return_counts=True)
    return int((counts * (counts - 1) // 2).sum())


def co_pairs(x: np.ndarray, y: np.ndarray) -> int:
    """Pairs of rows that share a label in ``x`` and also in ``y``."""
    joint = x.astype(np.int64) * (int(y.max()) + 1 if len(y) else 1) + y.astype(np.int64)
    return _pairs_within(joint)


def compare(ours: np.ndarray, theirs: np.ndarray) -> dict[str, float | int]:
    """Co-member pair counts of two labelings and how much of each the other one covers."""
    p_ours, p_theirs, both = _pairs_within(ours), _pairs_within(theirs), co_pairs(ours, theirs)
    return {
        "pairs_ours": p_ours,
        "pairs_theirs": p_theirs,
        "pairs_both": both,
        "theirs_found_by_ours": both / p_theirs if p_theirs else 1.0,
        "ours_found_by_theirs": both / p_ours if p_ours else 1.0,
    }


def truth_scores(labels: np.ndarray, group: np.ndarray) -> dict[str, float]:
    """Pairwise precision and recall of a labeling against planted duplicate groups."""
    found, truth, both = _pairs_within(labels), _pairs_within(group), co_pairs(labels, group)
    return {"precision": both / found if found else 1.0, "recall": both / truth if truth else 1.0}


def row_pairs_count(row_unique: np.ndarray, a: np.ndarray, b: np.ndarray) -> int:
    """Row pairs behind pairs of unique texts, plus the exact-duplicate pairs inside each unique text."""
    per_unique = np.bincount(row_unique)
    exact = int((per_unique * (per_unique - 1) // 2).sum())
    return exact + int((per_unique[a] * per_unique[b]).sum())


def pooled_recall(codes_ours: np.ndarray, codes_theirs: np.ndarray) -> dict[str, float | int]:
    """Recall of each finder against the union of the verified pairs (pair codes) both found."""
    pool = np.union1d(codes_ours, codes_theirs)
    inter = np.intersect1d(codes_ours, codes_theirs)
    n = len(pool)
    return {
        "pool": n,
        "recall_ours": len(np.unique(codes_ours)) / n if n else 1.0,
        "recall_theirs": len(np.unique(codes_theirs)) / n if n else 1.0,
        "both": len(inter),
    }
