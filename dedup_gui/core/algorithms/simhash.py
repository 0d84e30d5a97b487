"""SimHash (Charikar; Manku et al. 2007): 64-bit fingerprints from TF-IDF keywords, Hamming distance <= k.

Candidates come from a multi-table pigeonhole index: the 64 bits are cut into b blocks; two fingerprints within
k bits agree exactly on at least b - k blocks, so every combination of b - k blocks is one table. b is chosen
per run from a cost model so buckets stay small even at a million rows. No all-pairs loop anywhere.
"""

from __future__ import annotations

from itertools import combinations
from math import comb, log2

import numpy as np

from ..parallel import forked_work_allowed, in_two_processes, ordered_map
from ..progress import Reporter
from ..settings import Settings
from ..text import sorted_unique
from .base import Algorithm, Candidates, ParamSpec

_FP_CHUNK = 4096  # texts fingerprinted at once: their keywords' arrays stay in the processor's cache
# Columns of this many characters or more are fingerprinted in two processes (``SimHash.fingerprint``).
FORK_CHARS = 2_000_000


def _concatenated(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.concatenate([a, b])


def simhash_from_keywords(hashes: np.ndarray, weights: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """One 64-bit fingerprint per text: sign of the weighted sum of +1/-1 per keyword-hash bit.

    A bit at a time: each text's sum is one ``bincount`` of its keywords' signed weights, added in keyword order
    (the sums in the order the definition adds them, without a keywords-by-bits table: for the 80k keywords of the
    4k bench articles 0.06 s, the table 0.11 s warm and 0.36 s in a fresh process, where its pages are new)."""
    n_texts = len(counts)
    out = np.zeros(n_texts, dtype=np.uint64)
    ends = np.cumsum(counts)
    starts = ends - counts
    one = np.uint64(1)
    for lo in range(0, n_texts, _FP_CHUNK):
        hi = min(lo + _FP_CHUNK, n_texts)
        k0, k1 = int(starts[lo]), int(ends[hi - 1])
        if k1 == k0:
            continue
        doc = np.repeat(np.arange(hi - lo), counts[lo:hi])
        h, w = hashes[k0:k1], weights[k0:k1]
        minus = -w
        fp = np.zeros(hi - lo, dtype=np.uint64)
        for bit in range(64):
            b = np.uint64(bit)
            sums = np.bincount(doc, weights=np.where((h >> b) & one, w, minus), minlength=hi - lo)
            fp |= (sums > 0).astype(np.uint64) << b
        out[lo:hi] = fp
    return out


def hamming(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.bitwise_count(a ^ b).astype(np.int64)


def choose_blocks(n: int, k: int, per_text: float | None = None, per_table: float = 0.0) -> int:
    """Number of blocks b (> k) minimising tables x (a sort of the n fingerprints + the pairs of its buckets, as
    many as random fingerprints would make), in units of one pair's cost. ``per_text``: what sorting costs a
    fingerprint in such units (default: log2(n) / 4, an argsort's comparisons - what the Spark search's shuffle is
    modelled by); ``per_table``: a table's fixed cost."""
    weight = max(1.0, log2(max(n, 2))) / 4.0 if per_text is None else per_text
    best_b, best_cost = k + 1, float("inf")
    for b in range(k + 1, min(64, k + 16) + 1):
        tables = comb(b, k)
        if tables > 5000:
            break
        key_bits = 64 * (b - k) / b
        collisions = n * n / 2.0 / 2.0**key_bits
        cost = tables * (n * weight + collisions + per_table)
        if cost < best_cost:
            best_b, best_cost = b, cost
    return best_b


def block_edges(b: int) -> list[int]:
    """The first bit of each of the b blocks, and 64."""
    return [round(i * 64 / b) for i in range(b + 1)]


def block_masks(b: int) -> list[np.uint64]:
    edges = block_edges(b)
    return [np.uint64(((1 << (edges[i + 1] - edges[i])) - 1) << edges[i]) for i in range(b)]


# ``near_pairs``' tables, in units of one pair of a bucket made and tested (~24 ns): a table's sort of packed keys
# costs about one unit a fingerprint (1M fingerprints: ~21 ms a table, its sort 7 ms of it), and a few hundred
# microseconds of calls whatever its size. Measured on the 1M bench short texts' fingerprints: k = 6 at b = 8, 9,
# 10 in 5.9, 2.3, 4.4 s; k = 3 at b = 4, 5, 6 in 0.81, 0.21, 0.40 s - the model's choices (9 and 5) the fastest.
_PER_TEXT = 1.0
_PER_TABLE = 10_000.0
# A bucket of more than BUCKET_CAP texts - templated texts (an order notice, a form letter) whose fingerprints all
# lie within a few bits of each other - pairs each text with its next BUCKET_WINDOW only (``_window_pairs``), as the
# n-gram index caps its buckets: 20,000 notices differing in an order number took 44 s and 11.6 GB at 6 bits (10 s
# and 6 GB at 3) with every pair of such buckets made.
BUCKET_CAP = 300
BUCKET_WINDOW = 32


def near_pairs(fps: np.ndarray, k: int, reporter: Reporter) -> Candidates:
    """All pairs (a < b) of fingerprints within Hamming distance k, via the pigeonhole tables: the 64 bits cut into
    b blocks (``choose_blocks``), each combination of b - k blocks one table. Two fingerprints within k bits agree
    on every block of at least one table. Each table's buckets are found by one sort of the fingerprints' bits of
    its blocks packed above their index (an argsort of the masked fingerprints took ten times as long), the tables
    two at a time on the pool's threads."""
    n = len(fps)
    empty = np.zeros(0, dtype=np.int64)
    if n < 2:
        return Candidates(empty, empty.copy(), empty.copy(), float(k))
    b = choose_blocks(n, k, _PER_TEXT, _PER_TABLE)
    edges = block_edges(b)
    tables = list(combinations(range(b), b - k))
    index_bits = max(1, (n - 1).bit_length())
    ids = np.arange(n, dtype=np.uint64)

    def table(blocks: tuple[int, ...]) -> np.ndarray:
        return _table_pairs(fps, _bit_runs(blocks, edges), k, index_bits, ids)

    found = []
    for t, codes in enumerate(ordered_map(table, tables)):
        reporter.report("Finding candidates", t, len(tables))
        found.append(codes)
    codes = sorted_unique(np.concatenate(found)) if found else empty
    a, c = codes // n, codes % n
    return Candidates(a, c, hamming(fps[a], fps[c]), float(k))


def _bit_runs(blocks: tuple[int, ...], edges: list[int]) -> list[tuple[int, int]]:
    """The (first, end) bits of a table's blocks, adjacent blocks as one run."""
    runs: list[tuple[int, int]] = []
    for j in blocks:
        if runs and runs[-1][1] == edges[j]:
            runs[-1] = (runs[-1][0], edges[j + 1])
        else:
            runs.append((edges[j], edges[j + 1]))
    return runs


def _table_pairs(fps: np.ndarray, runs: list[tuple[int, int]], k: int, index_bits: int, ids: np.ndarray) -> np.ndarray:
    """The pairs (as a * n + b, a < b) within k bits among the fingerprints equal on the bits ``runs``."""
    n = len(fps)
    width = sum(end - first for first, end in runs)
    if width + index_bits <= 64:
        # The table's bits side by side, the index below them: one sort orders by key, then by index.
        packed = np.zeros(n, dtype=np.uint64)
        at = 0
        for first, end in runs:
            piece = fps >> np.uint64(first)
            if end - first < 64:
                piece &= np.uint64((1 << (end - first)) - 1)
            piece <<= np.uint64(at + index_bits)
            packed |= piece
            at += end - first
        packed |= ids
        packed.sort()
        order = (packed & np.uint64((1 << index_bits) - 1)).astype(np.int64)
        keys = packed >> np.uint64(index_bits)
    else:  # (k = 0 and such: the key alone fills the 64 bits)
        mask = np.uint64(sum(((1 << (end - first)) - 1) << first for first, end in runs))
        masked = fps & mask
        order = np.argsort(masked, kind="stable")
        keys = masked[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    sizes = np.diff(np.r_[starts, n])
    multi = sizes > 1
    starts, sizes = starts[multi], sizes[multi]
    if len(starts) == 0:
        return np.zeros(0, dtype=np.int64)
    wide = sizes > BUCKET_CAP
    a, c = _every_pair(order, starts[~wide], sizes[~wide])
    if wide.any():
        wa, wc = _window_pairs(fps, order, starts[wide], sizes[wide])
        a, c = np.concatenate([a, wa]), np.concatenate([c, wc])
    close = hamming(fps[a], fps[c]) <= k
    a, c = a[close], c[close]
    return np.minimum(a, c) * n + np.maximum(a, c)


def _every_pair(order: np.ndarray, starts: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of texts of each bucket (``order[start : start + size]``)."""
    rank = np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    pos = np.repeat(starts, sizes) + rank
    count = np.repeat(sizes, sizes) - 1 - rank
    i_pos = np.repeat(pos, count)
    j_pos = i_pos + np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count) + 1
    return order[i_pos], order[j_pos]


def _window_pairs(
    fps: np.ndarray, order: np.ndarray, starts: np.ndarray, sizes: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """In each bucket of more than ``BUCKET_CAP`` texts, each text paired with the next ``BUCKET_WINDOW`` in the
    order of their whole fingerprints (texts whose fingerprints agree on the most significant bits beyond the
    table's side by side): the bucket's pairs grow with its size, not with its square."""
    rank = np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    bucket = np.repeat(np.arange(len(sizes)), sizes)
    members = order[np.repeat(starts, sizes) + rank]
    members = members[np.lexsort((members, fps[members], bucket))]
    size = np.repeat(sizes, sizes)
    a, c = [], []
    for step in range(1, BUCKET_WINDOW + 1):
        at = np.flatnonzero(rank + step < size)
        a.append(members[at])
        c.append(members[at + step])
    return np.concatenate(a), np.concatenate(c)


class SimHash(Algorithm):
    name = "simhash"
    title = "SimHash"
    description = "Fingerprints each text from its top keywords; fast on long articles, weak on short texts."
    measure = "Hamming distance (bits)"
    threshold = ParamSpec(
        label="Max bit difference",
        minimum=0,
        maximum=16,
        step=1,
        default=6,
        unit="bits",
        help="Texts whose 64-bit fingerprints differ in at most this many bits are compared; the text check decides. "
        "Higher finds more edited and cut copies, and searches longer; 6 did best on real news.",
        higher_is_stricter=False,
    )
    n = ParamSpec(
        label="Keywords",
        minimum=5,
        maximum=100,
        step=1,
        default=20,
        unit="words",
        help="How many of the highest TF-IDF keywords make up each fingerprint.",
    )
    short_text_warning = (
        "Most texts here are short (median {median} characters). SimHash is unreliable below "
        "~{limit}: one changed character moves many bits. N-gram suits short texts better."
    )

    def fingerprint_key(self, settings: Settings) -> tuple:
        return ("simhash", settings.n_value)

    def fingerprint(self, texts: list[str], settings: Settings, reporter: Reporter) -> np.ndarray:
        """The fingerprint of each text. Where the engine may fork (``parallel.forked_work_allowed``) and the
        column is large, half the texts are fingerprinted in a second process: segmenting holds the interpreter
        lock while it builds each slice's word list, and counting and weighing the words holds it throughout, so
        on threads alone the two cores were one and a half (100k articles: 90.9 s of CPU over 66.0 s). Each
        text's fingerprint is its own, whatever else is fingerprinted with it."""
        if not forked_work_allowed() or sum(map(len, texts)) < FORK_CHARS:
            return self._fingerprints(texts, settings, reporter)
        from ..segment import ready

        ready()
        n = len(texts)

        def half(lo: int, hi: int) -> np.ndarray:
            # This process's half (the first) reports its progress as the whole's; the other half is silent.
            def scaled(stage: str, done: int, total: int) -> None:
                reporter.report(stage, done * n // total if total else 0, n)

            part = Reporter(scaled, reporter.cancel_event) if lo == 0 else Reporter()
            return self._fingerprints(texts[lo:hi], settings, part)

        return in_two_processes(half, n, _concatenated, least=2, check=reporter.check)

    def _fingerprints(self, texts: list[str], settings: Settings, reporter: Reporter) -> np.ndarray:
        from ..segment import keyword_hashes  # jieba's word lists: loaded only when SimHash runs

        hashes, weights, counts = keyword_hashes(texts, settings.n_value, reporter)
        reporter.report("Fingerprinting", 0, len(texts))
        fps = simhash_from_keywords(hashes, weights, counts)
        reporter.report("Fingerprinting", len(texts), len(texts))
        return fps

    def search(self, fingerprints: np.ndarray, texts: list[str], settings: Settings, reporter: Reporter) -> Candidates:
        k = int(round(settings.threshold_value))
        # Texts without a single keyword (punctuation, numbers only) have fingerprint 0: not comparable.
        has_keywords = np.array([bool(t) for t in texts], dtype=bool) & (fingerprints != 0)
        idx = np.flatnonzero(has_keywords)
        cands = near_pairs(fingerprints[idx], k, reporter)
        return Candidates(idx[cands.a], idx[cands.b], cands.measure.astype(np.float64), cands.bound)

    def search_key(self, settings: Settings) -> tuple:
        return ()  # n is part of the fingerprints; the threshold k only bounds the search (see covers)

    def searched_range(self, measure: np.ndarray, threshold: float) -> tuple[float, float]:
        # The search reached at least the run's k (more when an earlier, looser search was reused).
        hi = max(threshold, float(measure.max())) if len(measure) else threshold
        return self.threshold.minimum, hi
