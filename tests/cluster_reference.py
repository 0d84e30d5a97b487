"""Plain node-by-node references of ``core.cluster``'s rule (the loops the column-at-once code replaced): a union-find
for linked mode, the greedy walk in keep-rank order for strict mode, and clusters gathered row by row. The tests
compare the two on random graphs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

import numpy as np

from dedup_gui.core.result import Cluster


class UnionFind:
    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def keepers(n_unique: int, a: np.ndarray, b: np.ndarray, node_rank: np.ndarray, mode: str) -> np.ndarray:
    keeper = np.arange(n_unique, dtype=np.int64)
    involved = sorted(set(a.tolist()) | set(b.tolist()))
    order = sorted(involved, key=lambda u: (node_rank[u], u))  # best text first, ties to the lower id
    if mode == "linked":
        uf = UnionFind(n_unique)
        for u, v in zip(a.tolist(), b.tolist(), strict=True):
            uf.union(u, v)
        best: dict[int, int] = {}
        for u in order:
            best.setdefault(uf.find(u), u)
        for u in involved:
            keeper[u] = best[uf.find(u)]
        return keeper
    neighbours: dict[int, list[int]] = defaultdict(list)
    for u, v in zip(a.tolist(), b.tolist(), strict=True):
        neighbours[u].append(v)
        neighbours[v].append(u)
    assigned = set()
    for u in order:
        if u in assigned:
            continue
        assigned.add(u)
        for v in neighbours[u]:
            if v not in assigned:
                assigned.add(v)
                keeper[v] = u
    return keeper


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
    sim_of: dict[tuple[int, int], float] = {}
    for u, v, s in zip(a.tolist(), b.tolist(), similarity.tolist(), strict=True):
        sim_of[(min(u, v), max(u, v))] = s

    def best_row(u: int) -> int:
        return min(rows_of[u], key=lambda r: (rank[r], r))

    paired = set(a.tolist()) | set(b.tolist())
    node_rank = np.full(n_unique, np.iinfo(np.int64).max, dtype=np.int64)
    for u in paired:
        node_rank[u] = rank[best_row(u)]
    keeper = keepers(n_unique, a, b, node_rank, mode)
    groups: dict[int, list[int]] = defaultdict(list)
    for u in range(n_unique):
        if u in paired or len(rows_of[u]) > 1:
            groups[int(keeper[u])].append(u)
    clusters = []
    for kept_node, member_nodes in groups.items():
        kept = best_row(kept_node)
        rows = sorted(r for u in member_nodes for r in rows_of[u])
        if len(rows) < 2:
            continue
        similarity_of = {}
        for u in member_nodes:
            s = 1.0 if u == kept_node else sim_of.get((min(u, kept_node), max(u, kept_node)))
            for r in rows_of[u]:
                similarity_of[r] = rescore(kept_node, u) if s is None else s
        similarity_of[kept] = 1.0
        clusters.append(Cluster(0, kept, rows, similarity_of))
    clusters.sort(key=lambda c: c.members[0])
    for i, c in enumerate(clusters, start=1):
        c.id = i
    return clusters
