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


def draw_clusters_and_decisions(data, values=None):
    """Random clusters of a few rows each (rows drawn from a permutation: each in one cluster at most), some rows
    held for checking, and the user's decisions on them (kept rows chosen, rows marked not duplicates, held rows
    removed) - drawn with hypothesis' ``data``. ``values``: the strategy of a member's similarity entry (each
    cluster has entries for its kept row and some of its members; 0.9 when None). Returns (n_rows, clusters,
    held, decisions)."""
    from hypothesis import strategies as st

    from dedup_gui.core.result import Decisions

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
        similarity = {m: 1.0 if m == kept else (data.draw(values) if values is not None else 0.9) for m in entries}
        clusters.append(Cluster(len(clusters) + 1, kept, members, similarity))
    clustered = [m for c in clusters for m in c.members]
    pick = st.sampled_from(clustered) if clustered else st.nothing()
    held = sorted(set(data.draw(st.lists(pick, max_size=6)))) if clustered else []
    decisions = Decisions(
        kept={c.id: data.draw(st.sampled_from(c.members)) for c in clusters if data.draw(st.booleans())},
        not_duplicate=set(data.draw(st.lists(pick, max_size=4))) if clustered else set(),
        removed=set(data.draw(st.lists(st.sampled_from(held), max_size=2))) if held else set(),
    )
    return n_rows, clusters, held, decisions


def result_of(n_rows: int, clusters, held):
    """A run's result of these clusters (a ``ClusterList`` or Cluster objects) and rows held for checking."""
    from dedup_gui.core.result import ClusterList, DedupResult, PairSet
    from dedup_gui.core.settings import Settings

    return DedupResult(
        settings=Settings(),
        n_rows=n_rows,
        clusters=clusters if isinstance(clusters, ClusterList) else ClusterList(objects=clusters),
        pairs=PairSet.empty(),
        candidates=PairSet.empty(),
        row_unique=np.arange(n_rows),
        exact_duplicates=0,
        held=np.array(held, dtype=np.int64),
    )
