"""Plain per-text references of the n-gram fingerprint pieces that ``core.algorithms.ngram`` computes
column-at-once: the tests compare the two."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from dedup_gui.core.algorithms.ngram import (
    EMPTY_BIN,
    GRAM_BIT_WORDS,
    GRAM_BITS,
    GRAM_BITS_MAX,
    SKETCH_BINS,
    SKETCH_BITS,
    TARGET_KEYS,
)
from dedup_gui.core.columnar import PREFIX_BITS
from dedup_gui.core.text import gram_hashes, mix64


@lru_cache(maxsize=64)
def level_salt(level: int) -> np.uint64:
    """Distinguishes the same gram sampled at different levels (gram hashes are already well mixed)."""
    return mix64(np.array([level], dtype=np.uint64))[0]


def level(n_grams: int) -> int:
    p = 1
    while n_grams // (p * 2) >= TARGET_KEYS:
        p *= 2
    return p


def gram_prefixes(text: str, n: int) -> np.ndarray:
    """The sorted distinct ``PREFIX_BITS``-bit prefixes of the text's gram hashes: what the fingerprint samples."""
    return np.unique(gram_hashes(text, n) >> np.uint64(64 - PREFIX_BITS))


def fill_sketch(row: np.ndarray, grams: np.ndarray) -> None:
    """One-permutation min-hash: the top bits of a gram's hash prefix pick its bin, the smallest prefix per bin
    stays. ``grams`` (``gram_prefixes``) is sorted, so the first gram of each bin is that bin's minimum."""
    if len(grams) == 0:
        return
    bins = (grams >> np.uint64(PREFIX_BITS - SKETCH_BITS)).astype(np.int64)
    first = np.flatnonzero(np.concatenate(([True], bins[1:] != bins[:-1])))
    row[bins[first]] = (grams[first] & np.uint64(0xFFFFFFFE)).astype(np.uint32)  # never equal to EMPTY_BIN


def byte_sketch(sketch: np.ndarray) -> np.ndarray:
    """The sketch the engine keeps: each bin's low byte, 0xFF where it is empty."""
    return np.where(sketch == EMPTY_BIN, 0xFF, sketch & 0xFF).astype(np.uint8)


def sketch_similarity(sketch: np.ndarray, a: np.ndarray, b: np.ndarray, bins: int = SKETCH_BINS) -> np.ndarray:
    """Estimated Jaccard similarity of each pair from the first ``bins`` sketch bins (bins where both texts are
    empty skipped)."""
    out = np.empty(len(a))
    for lo in range(0, len(a), 50_000):
        sa, sb = sketch[a[lo : lo + 50_000], :bins], sketch[b[lo : lo + 50_000], :bins]
        both_empty = (sa == EMPTY_BIN) & (sb == EMPTY_BIN)
        equal = (sa == sb) & ~both_empty
        used = bins - both_empty.sum(axis=1)
        out[lo : lo + 50_000] = equal.sum(axis=1) / np.maximum(used, 1)
    return out


def gram_bits(grams: np.ndarray) -> np.ndarray:
    """A text's gram bits (``grams``: its ``gram_prefixes``): bit ``g % GRAM_BITS`` of the row's words (64 bits to a
    word, low bit first) set for each gram g; no bit for a text of more than ``GRAM_BITS_MAX`` grams."""
    row = np.zeros(GRAM_BIT_WORDS, dtype=np.uint64)
    if len(grams) <= GRAM_BITS_MAX:
        for g in grams.tolist():
            bit = g % GRAM_BITS
            row[bit // 64] |= np.uint64(1 << (bit % 64))
    return row
