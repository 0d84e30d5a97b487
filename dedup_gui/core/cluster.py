"""Pairs -> clusters, and which row of each cluster is kept.

Clustering works on unique normalised texts (rows with identical text share a node), so a million identical
rows cost nothing. *linked* mode takes connected components; *strict* mode (the default) repeatedly keeps the
best remaining row by the keep policy and removes only rows directly within the threshold of it, so no row is
removed for being a copy of a copy.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

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


def keep_rank(policy: str, texts: Sequence[str], column_values: Sequence[object] | None = None) -> np.ndarray:
    """rank[row]: lower is kept first. Ties always fall back to file order."""
    n = len(texts)
    rows = np.arange(n)
    if policy == "first":
        return rows
    if policy == "last":
        return n - 1 - rows
    if policy in ("longest", "shortest"):
        lengths = np.fromiter((len(t) for t in texts), dtype=np.int64, count=n)
        primary = -lengths if policy == "longest" else lengths
        return _rank(primary, rows)
    if policy.startswith(("max:", "min:")):
        if column_values is None:
            raise ValueError(f"keep policy {policy!r} needs the column's values")
        values = _comparable(column_values)
        missing = np.isnan(values)
        primary = np.where(missing, np.inf, -values if policy.startswith("max:") else values)
        return _rank(primary, rows)
    raise ValueError(f"unknown keep policy {policy!r}; use first, last, longest, shortest, max:COLUMN or min:COLUMN")


def _rank(primary: np.ndarray, rows: np.ndarray) -> np.ndarray:
    order = np.lexsort((rows, primary))
    rank = np.empty(len(rows), dtype=np.int64)
    rank[order] = np.arange(len(rows))
    return rank


def _comparable(values: Sequence[object]) -> np.ndarray:
    """Numbers as numbers, else dates as timestamps, else text order; blanks become NaN (kept last)."""
    s = pd.Series(list(values), dtype=object)
    blank = s.map(lambda v: v is None or (isinstance(v, str) and not v.strip()) or v != v)
    nums = pd.to_numeric(s.where(~blank), errors="coerce")
    if nums[~blank].notna().all() and (~blank).any():
        return nums.to_numpy(dtype=float)
    dates = pd.to_datetime(s.where(~blank), errors="coerce", format="mixed")
    if dates[~blank].notna().all() and (~blank).any():
        out = dates.astype("int64").to_numpy(dtype=float)
        out[blank.to_numpy()] = np.nan
        return out
    text = s.map(lambda v: "" if v is None else str(v))
    codes = pd.Series(pd.Categorical(text, ordered=True).codes, dtype=float)
    codes[blank] = np.nan
    return codes.to_numpy()


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
