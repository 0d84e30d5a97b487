"""Pairs -> clusters, and which row of each cluster is kept.

Which row is kept is decided by a rank per row (``core.keep``). Clustering works on unique normalised texts
(rows with identical text share a node), so a million identical rows cost nothing. *linked* mode takes connected
components; *strict* mode (the default) repeatedly keeps the best remaining row by the keep policy and removes only
rows whose pair with it passed the threshold and the text check, so no row is removed for being a copy of a copy.
The rule itself is ``keepers``; ``build_clusters`` turns it into clusters and ``removed_texts`` only counts (the
analyst's live removal counts), so the two can never disagree.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

import numpy as np

from .result import Cluster


class UnionFind:
    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        parent = self.parent
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:  # path compression
            parent[x], x = root, parent[x]
        return root

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if ra < rb:
                self.parent[rb] = ra
            else:
                self.parent[ra] = rb


def keepers(n_unique: int, a: np.ndarray, b: np.ndarray, node_rank: np.ndarray, mode: str) -> np.ndarray:
    """``keeper[u]``: the unique text kept for unique text ``u`` - ``u`` itself when it is kept or in no pair.

    The clustering rule, shared by ``build_clusters`` and the analyst's live removal counts
    (``core.analysis.ThresholdExplorer``). ``node_rank[u]`` is the keep rank of the best row of text ``u`` (lower
    is kept first; ties go to the lower text id). *strict*: the best remaining text is kept and its direct
    neighbours that are still unassigned go with it, repeatedly. *linked*: the best text of each connected
    component is kept for all of it.
    """
    keeper = np.arange(n_unique, dtype=np.int64)
    if len(a) == 0:
        return keeper
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    if mode == "linked":
        uf = UnionFind(n_unique)
        for u, v in zip(a.tolist(), b.tolist(), strict=True):
            uf.union(u, v)
        involved = np.unique(np.concatenate([a, b]))
        roots = np.fromiter((uf.find(u) for u in involved.tolist()), dtype=np.int64, count=len(involved))
        order = np.lexsort((involved, node_rank[involved], roots))  # by component, best text first
        roots, involved = roots[order], involved[order]
        first = np.r_[True, roots[1:] != roots[:-1]]
        best = involved[first][np.cumsum(first) - 1]
        keeper[involved] = best
        return keeper
    nodes = np.concatenate([a, b])
    other = np.concatenate([b, a])
    order = np.argsort(nodes, kind="stable")
    nodes, other = nodes[order], other[order]
    involved, starts = np.unique(nodes, return_index=True)
    ends = np.r_[starts[1:], len(nodes)]
    assigned = np.zeros(n_unique, dtype=bool)
    other_list = other.tolist()
    for i in np.argsort(node_rank[involved], kind="stable").tolist():
        u = int(involved[i])
        if assigned[u]:
            continue
        assigned[u] = True
        for v in other_list[starts[i] : ends[i]]:
            if not assigned[v]:
                assigned[v] = True
                keeper[v] = u
    return keeper


def removed_texts(n_unique: int, a: np.ndarray, b: np.ndarray, node_rank: np.ndarray, mode: str) -> int:
    """How many unique texts ``build_clusters`` would remove (every row of each), without building clusters."""
    return int((keepers(n_unique, a, b, node_rank, mode) != np.arange(n_unique)).sum())


def build_clusters(
    n_unique: int,
    a: np.ndarray,
    b: np.ndarray,
    similarity: np.ndarray,
    rows_of: list[list[int]],
    rank: np.ndarray,
    mode: str,
    rescore: Callable[[int, int], float],
) -> list[Cluster]:
    """Clusters of rows from pairs of unique texts. ``rows_of[u]`` are the rows whose text is unique text u.

    ``rescore(u, v)`` gives the similarity of two unique texts that are not a direct pair (linked mode).
    """
    sim_of: dict[tuple[int, int], float] = {}
    for u, v, s in zip(a.tolist(), b.tolist(), similarity.tolist(), strict=True):
        sim_of[(u, v) if u < v else (v, u)] = s

    def best_row(u: int) -> int:
        return min(rows_of[u], key=rank.__getitem__)

    paired = set(a.tolist()) | set(b.tolist())
    node_rank = np.full(n_unique, np.iinfo(np.int64).max, dtype=np.int64)
    for u in paired:
        node_rank[u] = rank[best_row(u)]
    keeper = keepers(n_unique, a, b, node_rank, mode)
    groups: dict[int, list[int]] = defaultdict(list)  # kept node -> member nodes
    for u in range(n_unique):
        if u in paired or len(rows_of[u]) > 1:
            groups[int(keeper[u])].append(u)

    def sim(u: int, v: int) -> float:
        if u == v:
            return 1.0
        s = sim_of.get((u, v) if u < v else (v, u))
        return rescore(u, v) if s is None else s

    clusters: list[Cluster] = []
    for kept_node, member_nodes in groups.items():
        kept = best_row(kept_node)
        rows = sorted(r for u in member_nodes for r in rows_of[u])
        if len(rows) < 2:
            continue
        node_sim = {u: sim(kept_node, u) for u in member_nodes}
        similarity_of = {r: node_sim[u] for u in member_nodes for r in rows_of[u]}
        similarity_of[kept] = 1.0
        clusters.append(Cluster(0, kept, rows, similarity_of))
    clusters.sort(key=lambda c: c.members[0])
    for i, c in enumerate(clusters, start=1):
        c.id = i
    return clusters
