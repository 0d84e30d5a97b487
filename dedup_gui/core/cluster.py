"""Pairs -> clusters, and which row of each cluster is kept.

Which row is kept is decided by a rank per row (``core.keep``). Clustering works on unique normalised texts
(rows with identical text share a node), so a million identical rows cost nothing. *linked* mode takes connected
components; *strict* mode (the default) repeatedly keeps the best remaining row by the keep policy and removes only
rows whose pair with it passed the threshold and the text check, so no row is removed for being a copy of a copy.
"""

from __future__ import annotations

import heapq
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
    neighbours: dict[int, list[int]] = defaultdict(list)
    uf = UnionFind(n_unique)
    for u, v, s in zip(a.tolist(), b.tolist(), similarity.tolist(), strict=True):
        uf.union(u, v)
        neighbours[u].append(v)
        neighbours[v].append(u)
        sim_of[(u, v) if u < v else (v, u)] = s
    components: dict[int, list[int]] = defaultdict(list)
    for u in range(n_unique):
        if u in neighbours or len(rows_of[u]) > 1:
            components[uf.find(u)].append(u)

    def best_row(u: int) -> int:
        return min(rows_of[u], key=rank.__getitem__)

    def sim(u: int, v: int) -> float:
        if u == v:
            return 1.0
        s = sim_of.get((u, v) if u < v else (v, u))
        return rescore(u, v) if s is None else s

    groups: list[tuple[int, list[int], int]] = []  # (kept row, member nodes, kept node)
    for nodes in components.values():
        if mode == "linked":
            kept_node = min(nodes, key=lambda u: rank[best_row(u)])
            groups.append((best_row(kept_node), nodes, kept_node))
            continue
        remaining = set(nodes)
        heap = [(int(rank[best_row(u)]), u) for u in nodes]
        heapq.heapify(heap)
        while heap:
            _, k = heapq.heappop(heap)
            if k not in remaining:
                continue
            members = [k] + [v for v in neighbours.get(k, ()) if v in remaining]
            remaining.difference_update(members)
            groups.append((best_row(k), members, k))

    clusters: list[Cluster] = []
    for kept, member_nodes, kept_node in groups:
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
