"""SimHash (Charikar; Manku et al. 2007): 64-bit fingerprints from TF-IDF keywords, Hamming distance <= k.

Candidates come from a multi-table pigeonhole index: the 64 bits are cut into b blocks; two fingerprints within
k bits agree exactly on at least b - k blocks, so every combination of b - k blocks is one table. b is chosen
per run from a cost model so buckets stay small even at a million rows. No all-pairs loop anywhere.
"""

from __future__ import annotations

from itertools import combinations
from math import comb, log2

import numpy as np

from ..parallel import forked_work_allowed, in_two_processes
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


def choose_blocks(n: int, k: int) -> int:
    """Number of blocks b (> k) minimising tables x (sort + expected random collisions per table)."""
    best_b, best_cost = k + 1, float("inf")
    for b in range(k + 1, min(64, k + 16) + 1):
        tables = comb(b, k)
        if tables > 5000:
            break
        key_bits = 64 * (b - k) / b
        collisions = n * n / 2.0 / 2.0**key_bits
        cost = tables * (n * max(1.0, log2(max(n, 2))) + 4.0 * collisions)
        if cost < best_cost:
            best_b, best_cost = b, cost
    return best_b


def block_masks(b: int) -> list[np.uint64]:
    edges = [round(i * 64 / b) for i in range(b + 1)]
    return [np.uint64(((1 << (edges[i + 1] - edges[i])) - 1) << edges[i]) for i in range(b)]


def near_pairs(fps: np.ndarray, k: int, reporter: Reporter) -> Candidates:
    """All pairs (a < b) of fingerprints within Hamming distance k, via the pigeonhole tables."""
    n = len(fps)
    empty = np.zeros(0, dtype=np.int64)
    if n < 2:
        return Candidates(empty, empty.copy(), empty.copy(), float(k))
    b = choose_blocks(n, k)
    masks = block_masks(b)
    table_masks = [np.bitwise_or.reduce(np.array(c, dtype=np.uint64)) for c in combinations(masks, b - k)]
    found = []
    for t, mask in enumerate(table_masks):
        reporter.report("Finding candidates", t, len(table_masks))
        keys = fps & mask
        order = np.argsort(keys, kind="stable")
        sk = keys[order]
        starts = np.flatnonzero(np.r_[True, sk[1:] != sk[:-1]])
        sizes = np.diff(np.r_[starts, n])
        multi = sizes > 1
        starts, sizes = starts[multi], sizes[multi]
        if len(starts) == 0:
            continue
        rank = np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        pos = np.repeat(starts, sizes) + rank
        count = np.repeat(sizes, sizes) - 1 - rank
        i_pos = np.repeat(pos, count)
        j_pos = i_pos + np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count) + 1
        a, c = order[i_pos], order[j_pos]
        close = hamming(fps[a], fps[c]) <= k
        a, c = a[close], c[close]
        found.append(np.minimum(a, c).astype(np.int64) * n + np.maximum(a, c))
    codes = sorted_unique(np.concatenate(found)) if found else empty
    a, c = codes // n, codes % n
    return Candidates(a, c, hamming(fps[a], fps[c]), float(k))


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
        default=3,
        unit="bits",
        help="Two texts are duplicates when their 64-bit fingerprints differ in at most this many bits. "
        "Lower is stricter; 3 suits long articles.",
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
