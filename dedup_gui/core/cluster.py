"""Pairs -> clusters, and which row of each cluster is kept.

Which row is kept is decided by a rank per row (``core.keep``). Clustering works on unique normalised texts
(rows with identical text share a node), so a million identical rows cost nothing. *linked* mode takes connected
components; *strict* mode (the default) repeatedly keeps the best remaining row by the keep policy and removes only
rows whose pair with it passed the threshold and the text check, so no row is removed for being a copy of a copy.
The rule itself is ``keepers``; ``build_clusters`` turns it into clusters and the analyst's live removal counts
(``analysis.ThresholdExplorer``) only count its keepers, so the two can never disagree.

Both work column-at-once (a million rows and 300,000 pairs in about a second): components by label hooking,
strict mode by rounds over the pairs (``_strict_rounds``), clusters by one sort of their rows.
tests/test_cluster.py proves them equal to the node-by-node loops (tests/cluster_reference.py) on random graphs.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .result import ClusterList
from .text import find_sorted, sorted_unique

# Strict-mode rounds before the few texts still undecided are walked one by one: each round settles at least the
# best undecided text, and on duplicate clusters (stars and cliques of copies) nearly all in the first few.
STRICT_ROUNDS = 24


def keepers(
    n_unique: int, a: np.ndarray, b: np.ndarray, node_rank: np.ndarray, mode: str, rounds: int = STRICT_ROUNDS
) -> np.ndarray:
    """``keeper[u]``: the unique text kept for unique text ``u`` - ``u`` itself when it is kept or in no pair.

    The clustering rule, shared by ``build_clusters`` and the analyst's live removal counts
    (``core.analysis.ThresholdExplorer``). ``node_rank[u]`` is the keep rank of the best row of text ``u`` (lower
    is kept first; ties go to the lower text id). *strict*: the best remaining text is kept and its direct
    neighbours that are still unassigned go with it, repeatedly. *linked*: the best text of each connected
    component is kept for all of it.
    """
    keeper = np.arange(n_unique, dtype=np.int64)
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    if len(a) == 0:
        return keeper
    involved = sorted_unique(np.concatenate([a, b]))
    order = involved[np.argsort(node_rank[involved], kind="stable")]  # best text first, ties to the lower id
    position = np.empty(n_unique, dtype=np.int64)
    position[order] = np.arange(len(order))
    if mode == "linked":
        label = components(n_unique, a, b)[order]
        by_component = np.argsort(label, kind="stable")  # each component's texts, in keep order
        label, texts = label[by_component], order[by_component]
        first = np.ones(len(label), dtype=bool)
        first[1:] = label[1:] != label[:-1]
        keeper[texts] = texts[first][np.cumsum(first) - 1]  # the best text of each component, for all of it
        return keeper
    # Strict: the texts kept are the ones no better neighbour was kept for (the greedy walk in keep order), and
    # every other text goes to the best of its neighbours that was kept.
    earlier = position[a] < position[b]
    src, dst = np.where(earlier, a, b), np.where(earlier, b, a)  # each pair from its better text to the worse
    loop = src != dst
    src, dst = src[loop], dst[loop]
    kept = _strict_rounds(n_unique, involved, order, position, src, dst, rounds)
    from_kept = kept[src]
    s, d = src[from_kept], dst[from_kept]
    by_target = np.lexsort((position[s], d))  # per removed text, its kept neighbours best first
    d, s = d[by_target], s[by_target]
    first = np.ones(len(d), dtype=bool)
    first[1:] = d[1:] != d[:-1]
    keeper[d[first]] = s[first]
    return keeper


def _strict_rounds(
    n_unique: int,
    involved: np.ndarray,
    order: np.ndarray,
    position: np.ndarray,
    src: np.ndarray,
    dst: np.ndarray,
    rounds: int,
) -> np.ndarray:
    """Which texts strict mode keeps: a text is kept when none of its better neighbours is. Decided in rounds
    over all pairs at once - a text with a kept better neighbour is removed; a text whose better neighbours are
    all removed is kept - then, after ``rounds``, the texts still undecided (long chains of ever-worse copies) in
    keep order, one by one."""
    UNDECIDED, KEPT, REMOVED = 0, 1, 2
    state = np.full(n_unique, REMOVED, dtype=np.int8)
    state[involved] = UNDECIDED
    undecided = involved
    for _ in range(rounds):
        if not len(undecided):
            break
        state[dst[state[src] == KEPT]] = REMOVED  # (only undecided texts have a better neighbour still listed)
        waiting = np.zeros(n_unique, dtype=bool)
        waiting[dst[state[src] == UNDECIDED]] = True
        undecided = undecided[state[undecided] == UNDECIDED]
        state[undecided[~waiting[undecided]]] = KEPT
        undecided = undecided[state[undecided] == UNDECIDED]
        live = (state[dst] == UNDECIDED) & (state[src] != REMOVED)  # pairs that can still decide something
        src, dst = src[live], dst[live]
    if len(undecided):
        better: dict[int, list[int]] = {}
        for s, d in zip(src.tolist(), dst.tolist(), strict=True):
            better.setdefault(d, []).append(s)
        for u in order[np.sort(position[undecided])].tolist():
            state[u] = REMOVED if any(state[s] == KEPT for s in better.get(u, ())) else KEPT
    return state == KEPT


def components(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """A label per node, the same for exactly the nodes connected by the pairs (a, b): every pair hooks the larger
    of its two labels under the smaller, then labels jump to their label's label until they settle."""
    label = np.arange(n, dtype=np.int64)
    while True:
        la, lb = label[a], label[b]
        differ = la != lb
        if not differ.any():
            return label
        la, lb = la[differ], lb[differ]
        low = np.minimum(la, lb)
        np.minimum.at(label, np.maximum(la, lb), low)
        while True:
            jumped = label[label]
            if np.array_equal(jumped, label):
                break
            label = jumped


def best_rows(n_unique: int, row_unique: np.ndarray, rank: np.ndarray) -> np.ndarray:
    """``best[u]``: the row of unique text ``u`` the keep rule ranks first (ties: the earlier row). Every unique
    text has a row."""
    n = len(rank)
    if n and int(rank.min()) >= 0 and int(rank.max()) < n and not (np.bincount(rank, minlength=n) - 1).any():
        # A permutation (``KeepRule``'s ranks are): each text's least rank, and the row at it - no sort of the rows
        # (1M rows: a lexsort of 0.1 s).
        least = np.full(n_unique, n, dtype=np.int64)
        np.minimum.at(least, row_unique, rank)
        row_at = np.empty(n, dtype=np.int64)
        row_at[rank] = np.arange(n)
        return row_at[least]
    by_text = np.lexsort((rank, row_unique))  # stable: equal ranks keep file order
    return by_text[np.searchsorted(row_unique[by_text], np.arange(n_unique))]


# A pair is a duplicate only as an excerpt when the longer text has at least this share of its 4-grams of its own
# (``excerpt_only``): then the excerpt is never kept in place of it (``containers_first``).
EXCERPT_OWN = 0.25


def excerpt_only(inter: np.ndarray, size_a: np.ndarray, size_b: np.ndarray) -> np.ndarray:
    """Which pairs (4-grams shared ``inter``, and each text's count) are duplicates only as an excerpt: the longer
    text has ``EXCERPT_OWN`` of its 4-grams of its own (more than a repost's credit line or footer: the original is
    kept for those, as the policy says) and twice as many as the shorter (two copies of one length, one full of
    typos, pass by containment too, and neither is an excerpt of the other). The longer is the one with more."""
    small, large = np.minimum(size_a, size_b), np.maximum(size_a, size_b)
    own = large - inter
    return (own >= EXCERPT_OWN * large) & (2 * (small - inter) < own)


def containers_first(
    rank: np.ndarray,
    row_unique: np.ndarray,
    n_unique: int,
    container: np.ndarray,
    excerpt: np.ndarray,
    container_grams: np.ndarray,
) -> np.ndarray:
    """``rank`` (per row) with each ``container`` text's best row ranked just before its ``excerpt``'s, where the
    excerpt ranked first: an excerpt is removed for the text it was taken from, never that text for its excerpt
    (it has text of its own: a repost cut short is no original of the full text, an article that quotes a speech
    whole and adds its comment no copy of the speech). A permutation again, every other row in its order.

    Each row's place is (the rank it sits at, how far before it, its row): longer texts put before one excerpt
    stand in file order, as ties do. Smallest containers first (by ``container_grams``, then the two texts): an
    excerpt's own place is final before a longer text is put before it - sets grow along a chain of excerpts, so
    there is no cycle - and every pair is looked at: a text put before its excerpt may now stand before a longer
    text of its own. (The Spark job's ``clusters.containers_first`` does the same on keep keys.)"""
    if not len(container):
        return rank
    best = best_rows(n_unique, row_unique, rank)
    if not (rank[best[excerpt]] < rank[best[container]]).any():
        return rank
    return _lifted(rank, best, container, excerpt, container_grams)


def _lifted(
    rank: np.ndarray, best: np.ndarray, container: np.ndarray, excerpt: np.ndarray, container_grams: np.ndarray
) -> np.ndarray:
    """``containers_first``'s walk over the pairs (``best``: each unique text's best row, ``best_rows``)."""
    rows = np.arange(len(rank), dtype=np.int64)
    # The pairs walked in Python over lists, not numpy arrays read an element at a time (a numpy scalar each):
    # 38k pairs of 100k rows of copied articles, 44 -> 25 ms of a thread holding the interpreter lock while the
    # window's analysis tab draws.
    order = np.lexsort((excerpt, container, container_grams))
    containers, excerpts = best.take(container.take(order)).tolist(), best.take(excerpt.take(order)).tolist()
    at, depth = rank.astype(np.int64).tolist(), [0] * len(rank)
    for c, e in zip(containers, excerpts, strict=True):
        if (at[e], depth[e], e) < (at[c], depth[c], c):
            at[c], depth[c] = at[e], depth[e] - 1
    lifted = np.empty(len(rank), dtype=np.int64)
    lifted[np.lexsort((rows, np.array(depth, dtype=np.int64), np.array(at, dtype=np.int64)))] = rows
    return lifted


def build_clusters(
    n_unique: int,
    a: np.ndarray,
    b: np.ndarray,
    similarity: np.ndarray,
    row_unique: np.ndarray,
    rank: np.ndarray,
    mode: str,
    rescore: Callable[[int, int], float],
) -> ClusterList:
    """Clusters of rows from pairs of unique texts. ``row_unique[r]`` is the unique text of row r. (As arrays: a
    ``ClusterList`` makes each ``Cluster`` object where it is read.)

    ``rescore(u, v)`` gives the similarity of two unique texts that are not a direct pair (linked mode).
    """
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    row_unique = np.asarray(row_unique, dtype=np.int64)
    best = best_rows(n_unique, row_unique, rank)
    paired = np.zeros(n_unique, dtype=bool)
    paired[a] = paired[b] = True
    node_rank = np.where(paired, rank[best], np.iinfo(np.int64).max)
    keeper = keepers(n_unique, a, b, node_rank, mode)
    # The rows of every text in a pair or shared by several rows, gathered by the text kept for them.
    grouped = paired | (np.bincount(row_unique, minlength=n_unique) > 1)
    rows = np.flatnonzero(grouped[row_unique])
    kept_node = keeper[row_unique[rows]]
    if not len(rows):
        return ClusterList(objects=[])
    by_cluster = np.lexsort((rows, kept_node))
    rows, kept_node = rows[by_cluster], kept_node[by_cluster]
    starts = np.flatnonzero(np.r_[True, kept_node[1:] != kept_node[:-1]])
    ends = np.r_[starts[1:], len(rows)]
    several = ends - starts >= 2
    starts, ends = starts[several], ends[several]
    in_order = np.argsort(rows[starts])  # clusters numbered in order of their first row
    starts, ends = starts[in_order], ends[in_order]
    sim = _similarity_to_kept(n_unique, a, b, similarity, kept_node, row_unique[rows], rescore)
    kept_rows = best[kept_node[starts]]  # (their similarity is 1: they are rows of the kept text)
    # Cluster i (1-based) holds rows[starts[i - 1]:ends[i - 1]], each with its similarity: laid one after the other.
    sizes = ends - starts
    offsets = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(sizes, out=offsets[1:])
    at = np.arange(int(offsets[-1]), dtype=np.int64) + np.repeat(starts - offsets[:-1], sizes)
    members = rows[at]
    arrays = {
        "id": np.arange(1, len(sizes) + 1, dtype=np.int64),
        "kept": kept_rows.astype(np.int64),
        "member_offsets": offsets,
        "members": members,
        "sim_offsets": offsets.copy(),
        "sim_rows": members.copy(),
        "sim_values": sim[at].astype(np.float64),
    }
    return ClusterList(arrays=arrays)


def _similarity_to_kept(
    n_unique: int,
    a: np.ndarray,
    b: np.ndarray,
    similarity: np.ndarray,
    kept_node: np.ndarray,
    node: np.ndarray,
    rescore: Callable[[int, int], float],
) -> np.ndarray:
    """The similarity of each ``node`` to its ``kept_node``: 1 for the kept text itself, the pair's similarity
    where they were a pair (the last one listed, if listed twice), else ``rescore`` (linked mode's texts linked
    only through others)."""
    keys = np.minimum(a, b) * n_unique + np.maximum(a, b)
    by_key = np.argsort(keys, kind="stable")
    keys, values = keys[by_key], np.asarray(similarity, dtype=np.float64)[by_key]
    last = np.ones(len(keys), dtype=bool)
    last[:-1] = keys[1:] != keys[:-1]
    keys, values = keys[last], values[last]
    out = np.ones(len(node), dtype=np.float64)
    other = np.flatnonzero(node != kept_node)
    want = np.minimum(node[other], kept_node[other]) * n_unique + np.maximum(node[other], kept_node[other])
    at, found = find_sorted(keys, want)
    out[other[found]] = values[at[found]]
    missing = other[~found]
    if len(missing):
        scores: dict[tuple[int, int], float] = {}
        for i, k, u in zip(missing.tolist(), kept_node[missing].tolist(), node[missing].tolist(), strict=True):
            if (k, u) not in scores:
                scores[(k, u)] = rescore(k, u)
            out[i] = scores[(k, u)]
    return out
