"""Column-at-once kernels: the character n-grams of every text, and the text check's score of every pair, with no
Python loop over texts.

A column of texts becomes one concatenated code-point array; the n-gram hashes of every text come from one rolling
hash over it (the same polynomial and finaliser as ``text.gram_hashes``), windows that cross a text boundary are
dropped, and each text's set (sorted, unique) comes from one sort of the whole column by (text, hash). The result,
``GramColumns``, is a flat hash array with offsets: text ``i``'s set is ``hashes[offsets[i]:offsets[i + 1]]``, equal
to ``text.gram_hashes(texts[i], n)`` (tests/test_columnar.py proves it on random texts).

Pairs are scored the same way: the two gram lists of every pair are laid side by side in a row of a matrix, as
(hash prefix, side) keys, and the rows are sorted (numpy sorts many short rows far faster than one long array):
in a sorted row, equal grams are neighbours, and the overlap of each pair is a count.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .cpu import wide_sorts_slow
from .parallel import map_ranges, share
from .text import _GRAM_MUL, _WHOLE_TAG, MIX_BLOCK, mix64, ranges_by_size, sorted_unique, span_positions, utf32

CHUNK_CHARS = 500_000  # characters hashed at once (~40 bytes each); smaller chunks sort in the CPU cache (measured)
CHUNK_ELEMENTS = 4_000_000  # gram hashes of pairs compared at once
# Characters of the texts of the pairs scored at once (their gram sets: ~8 bytes each). Measured against 1M, with
# numpy's AVX2 sorts: NSHash's text check at 100k articles 2.18 / 2.35 -> 1.98 / 1.93 s (fewer groups of rows per
# batch); n-gram at 1M short texts the same or faster (candidates 6.1 / 6.0 -> 5.9 / 5.9 s), peak +20-90 MB.
PAIR_BATCH_CHARS = 4_000_000
# Pairs scored at once by ``_score_counted``: its arrays are tens of bytes a pair, and templated rows (notices that
# differ in a number) make tens of millions of candidate pairs. SimHash on 100k such rows, 23.4M pairs: 16.9 s and
# 2 GB more at the peak scored at once, 13.4 s and nothing more in blocks of 1M.
SCORE_BLOCK = 1_000_000
PREFIX_BITS = 40  # the bits of a gram hash that ``gram_prefix_columns`` keeps
_PREFIX_BITS_U = np.uint64(PREFIX_BITS)
_HIGH = np.uint64(64 - PREFIX_BITS)  # packed sort key: (group << 40) | (hash >> 24); groups stay below 2**24
_GROUP_LIMIT = 1 << 24
# ``gram_prefix_columns(positions=True)``: where each gram of a text of at most FIRST_LIMIT grams first starts (its
# first window); FIRST_UNKNOWN for the grams of longer texts. What ``ngram._prefixes`` cuts short texts' prefixes by
# (the edits it takes to destroy them).
FIRST_BITS = 6
FIRST_LIMIT = 1 << FIRST_BITS
FIRST_UNKNOWN = FIRST_LIMIT - 1
_FIRST_BITS_U = np.uint64(FIRST_BITS)
_LOW_BYTE = 0 if sys.byteorder == "little" else 7  # the least significant byte of a uint64


@dataclass
class GramColumns:
    """The sorted unique n-gram hashes of every text of a column, concatenated, with offsets."""

    hashes: np.ndarray  # uint64
    offsets: np.ndarray  # int64, len(texts) + 1
    prefix: bool = False  # the hashes are cut to their high PREFIX_BITS (``gram_prefix_columns``)
    first: np.ndarray | None = None  # uint8 per hash: its first window in its text (``gram_prefix_columns``)

    @property
    def sizes(self) -> np.ndarray:
        return np.diff(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def of(self, i: int) -> np.ndarray:
        return self.hashes[self.offsets[i] : self.offsets[i + 1]]

    def doc_of_each(self) -> np.ndarray:
        """The text index of every hash (int64)."""
        return np.repeat(np.arange(len(self), dtype=np.int64), self.sizes)


@dataclass
class GramPieces:
    """Every text's gram set as ``gram_prefix_columns`` makes it, kept as the chunks of a fingerprint made them: a
    piece per chunk of consecutive texts, the pieces side by side (joined, they were a copy of every set, on the
    main thread while both cores waited). A verification gathers the sets of the texts it reads from them
    (``columns``) instead of hashing and sorting those texts again."""

    firsts: np.ndarray  # int64: the first text of each piece, ascending
    pieces: list[np.ndarray]  # uint64: each piece's texts' sets, one after the other
    starts: np.ndarray  # int64 per text: where its set starts in its piece
    sizes: np.ndarray  # int64 per text: its set's size

    @classmethod
    def of(cls, firsts: list[int], pieces: list[np.ndarray], sizes: np.ndarray) -> GramPieces:
        """The pieces of chunks beginning at texts ``firsts`` (``sizes``: every text's set size)."""
        before = np.zeros(len(sizes) + 1, dtype=np.int64)  # the grams of the texts before each
        np.cumsum(sizes, out=before[1:])
        first_of = np.asarray(firsts, dtype=np.int64)
        piece = np.searchsorted(first_of, np.arange(len(sizes)), side="right") - 1
        return cls(first_of, pieces, before[:-1] - before[first_of[piece]], np.asarray(sizes, dtype=np.int64))

    def columns(self, used: np.ndarray) -> GramColumns:
        """The sets of the texts ``used`` (ascending indices) as one ``GramColumns``, in that order."""
        used = np.asarray(used, dtype=np.int64)
        sizes = self.sizes[used]
        offsets = np.zeros(len(used) + 1, dtype=np.int64)
        np.cumsum(sizes, out=offsets[1:])
        hashes = np.empty(int(offsets[-1]), dtype=np.uint64)
        piece = np.searchsorted(self.firsts, used, side="right") - 1
        cuts = np.searchsorted(piece, np.arange(len(self.pieces) + 1)).tolist()
        for k, (lo, hi) in enumerate(zip(cuts[:-1], cuts[1:], strict=True)):
            if hi > lo:
                at = span_positions(self.starts[used[lo:hi]], sizes[lo:hi])
                np.take(self.pieces[k], at, out=hashes[offsets[lo] : offsets[hi]])
        return GramColumns(hashes, offsets, prefix=True)


def lengths_of(texts: Sequence[str]) -> np.ndarray:
    return np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))


def gram_columns(texts: Sequence[str], n: int, chunk_chars: int = CHUNK_CHARS) -> GramColumns:
    """``text.gram_hashes(t, n)`` for every text, as one ``GramColumns``."""
    return _columns(texts, n, chunk_chars, prefix=False)


def gram_prefix_columns(
    texts: Sequence[str], n: int, chunk_chars: int = CHUNK_CHARS, positions: bool = False
) -> GramColumns:
    """``gram_columns`` with each hash cut to its high ``PREFIX_BITS`` (``text.gram_hashes(t, n) >>
    (64 - PREFIX_BITS)``, duplicates dropped): what overlaps are counted on. Built and compared by plain sorts of
    packed (text, hash) keys, several times faster than full hashes, which need an argsort; two different grams
    of two texts share a prefix by chance about once in 10**12 comparisons.

    ``positions``: also each gram's first window in its text (``first``: the window's index, 0 for a text shorter
    than n, ``FIRST_UNKNOWN`` for every gram of a text of more than ``FIRST_LIMIT`` windows)."""
    return _columns(texts, n, chunk_chars, prefix=True, positions=positions)


def _columns(texts: Sequence[str], n: int, chunk_chars: int, prefix: bool, positions: bool = False) -> GramColumns:
    lengths = lengths_of(texts)
    sizes = np.zeros(len(texts), dtype=np.int64)
    parts: list[np.ndarray] = []
    firsts: list[np.ndarray] = []
    chunks = text_chunks(lengths, share(chunk_chars))
    for (lo, hi), (h, chunk_sizes, first) in map_ranges(
        lambda lo, hi: _chunk_grams(texts[lo:hi], lengths[lo:hi], n, prefix, positions), chunks
    ):
        sizes[lo:hi] = chunk_sizes
        parts.append(h)
        if first is not None:
            firsts.append(first)
    hashes = np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint64)
    offsets = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(sizes, out=offsets[1:])
    first_all = None
    if positions:
        first_all = np.concatenate(firsts) if firsts else np.zeros(0, dtype=np.uint8)
    return GramColumns(hashes, offsets, prefix, first_all)


def text_chunks(lengths: np.ndarray, limit: int = CHUNK_CHARS) -> list[tuple[int, int]]:
    """Consecutive ranges of texts of about ``limit`` characters each (and fewer than 2**24 texts)."""
    return ranges_by_size(lengths, limit, _GROUP_LIMIT - 1)


def _chunk_grams(
    texts: Sequence[str], lengths: np.ndarray, n: int, prefix: bool = False, positions: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Sorted unique gram hashes of each text of a chunk (``prefix``: their high bits), concatenated, how many
    each text has and, ``positions`` (with ``prefix``), the first window of each (uint8: ``gram_prefix_columns``).
    (The counts, not the text of each hash: a text per hash made and counted again cost 0.4 s of the 100k bench
    articles' fingerprint, on one core.)"""
    h, starts, sizes = _window_hashes(texts, lengths, n)
    if not sizes.any():
        return (
            np.zeros(0, dtype=np.uint64),
            np.zeros(len(lengths), dtype=np.int64),
            (np.zeros(0, np.uint8) if positions else None),
        )
    if prefix:  # each text's prefixes sorted in a row of its own (``sorted_segments``)
        h >>= _HIGH
        if positions:
            sets, set_offsets, first = sorted_segments(h, starts, sizes, unique=True, first=True)
        else:
            (sets, set_offsets), first = sorted_segments(h, starts, sizes, unique=True), None
        return sets, np.diff(set_offsets), first
    h, d = _gather_flat(h, starts, sizes, np.arange(len(lengths), dtype=np.int64))
    h, d, _ = _sort_unique_by_group(h, d)
    return h, np.bincount(d, minlength=len(lengths)), None


def _window_hashes(texts: Sequence[str], lengths: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hash of every n-gram of every text of a chunk (repeats kept) as segments of one array: text i's are
    ``h[starts[i]:starts[i] + sizes[i]]``. A text of at least n characters has a hash per window inside it, a
    shorter non-empty text one hash of the whole text, an empty text none. (The windows of all the texts joined
    are hashed in one go; those across two texts are in the array, in no segment.)"""
    # Each character counts as its code point plus one (so that a NUL still weighs): for a window of n characters
    # that adds the same sum of powers to every hash, added once per window here, not to a uint64 copy of every
    # code point first (100k bench articles: two passes over 122M characters).
    cps = utf32("".join(texts))
    starts = np.zeros(len(lengths), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    sizes = np.where(lengths >= n, lengths - n + 1, 0)
    short = np.flatnonzero((lengths > 0) & (lengths < n))
    m = max(len(cps) - n + 1, 0)
    h = np.empty(m + len(short), dtype=np.uint64)
    with np.errstate(over="ignore"):
        # A block of windows at a time, its n passes in the core's cache (4k articles: 4.6M windows per chunk,
        # 15 -> 6 ms a chunk; the whole array at once went out to memory on every pass).
        for lo in range(0, m, MIX_BLOCK):
            windows = h[lo : min(lo + MIX_BLOCK, m)]
            hi = lo + len(windows)
            windows[:] = cps[lo:hi]
            for k in range(1, n):
                windows *= _GRAM_MUL
                windows += cps[lo + k : hi + k]
            windows += _ones_weight(n)
        if len(short):  # the hash of the whole text
            whole = np.zeros(len(short), dtype=np.uint64)
            for k in range(int(lengths[short].max())):
                live = lengths[short] > k
                whole[live] = whole[live] * _GRAM_MUL + (cps[starts[short[live]] + k].astype(np.uint64) + np.uint64(1))
            h[m:] = whole ^ _WHOLE_TAG
            starts[short] = m + np.arange(len(short))
            sizes[short] = 1
    return mix64(h, copy=False), starts, sizes


@lru_cache(maxsize=16)
def _ones_weight(n: int) -> np.uint64:
    """What one added to each of n characters adds to their window's hash: the sum of _GRAM_MUL**k, k < n."""
    mul = int(_GRAM_MUL)
    return np.uint64(sum(pow(mul, k, 1 << 64) for k in range(n)) & 0xFFFFFFFFFFFFFFFF)


def _packed(prefixes: np.ndarray, group: np.ndarray) -> np.ndarray:
    """(group, prefix) as one sortable key: the group (below 2**24) above the ``PREFIX_BITS``-bit prefix."""
    return (group.astype(np.uint64) << _PREFIX_BITS_U) | prefixes


def _sort_unique_by_group(h: np.ndarray, group: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sort by (group, hash) and drop repeated (group, hash); also return how many times each kept element
    occurred (1 or more). Groups must be below 2**24.

    One sort of a packed key (group in the high 24 bits, the hash's high 40 bits below) instead of a two-key
    sort; elements whose packed keys tie with different hashes (a 40-bit prefix shared by two grams of one
    group, about once in a million groups) are re-sorted by both keys."""
    if len(h) == 0:
        return h, group, np.zeros(0, dtype=np.int64)
    key = _packed(h >> _HIGH, group)
    order = np.argsort(key)
    key, h, group = key[order], h[order], group[order]
    tie = key[1:] == key[:-1]
    if np.any(tie & (h[1:] != h[:-1])):
        order = np.lexsort((h, group))
        h, group = h[order], group[order]
        new = np.r_[True, (h[1:] != h[:-1]) | (group[1:] != group[:-1])]
    else:
        new = np.r_[True, ~tie]
    first = np.flatnonzero(new)
    counts = np.diff(np.append(first, len(h)))
    return h[first], group[first], counts


def pair_overlap(cols: GramColumns, a: np.ndarray, b: np.ndarray, chunk: int = CHUNK_ELEMENTS) -> np.ndarray:
    """|set(a) ∩ set(b)| for every pair of text indices, as ``text.overlap`` on ``cols.of(a)``, ``cols.of(b)``."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    out = np.zeros(len(a), dtype=np.int64)
    sizes = cols.sizes
    chunks = ranges_by_size(sizes[a] + sizes[b], share(chunk), _GROUP_LIMIT - 1)
    for (lo, hi), count in map_ranges(lambda lo, hi: _chunk_overlap(cols, sizes, a[lo:hi], b[lo:hi]), chunks):
        out[lo:hi] = count
    return out


def _gather(cols: GramColumns, sizes: np.ndarray, docs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The hashes of ``docs`` one after the other, and the position in ``docs`` of each."""
    return _gather_flat(cols.hashes, cols.offsets, sizes, docs)


def _chunk_overlap(cols: GramColumns, sizes: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if cols.prefix:  # each pair's two sets in a sorted row (``_pair_rows``)
        out = np.zeros(len(a), dtype=np.int64)
        for rows, m in _pair_rows(cols.hashes, cols.offsets, sizes, a, b, sorted_sets=True):
            out[rows] = _in_both(m)
        return out
    ha, pa = _gather(cols, sizes, a)
    hb, pb = _gather(cols, sizes, b)
    _, pair, counts = _sort_unique_by_group(np.concatenate([ha, hb]), np.concatenate([pa, pb]))
    # Each set is unique, so a hash seen twice in a pair is in both of its sets.
    return np.bincount(pair[counts > 1], minlength=len(a))


def check_scores(check, sizes_a: np.ndarray, sizes_b: np.ndarray, inter: np.ndarray) -> np.ndarray:
    """``TextCheck.score`` from set sizes and overlaps, for every pair at once (same arithmetic)."""
    la = sizes_a.astype(np.float64)
    lb = sizes_b.astype(np.float64)
    inter = inter.astype(np.float64)
    empty = (la == 0) | (lb == 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        small, large = np.minimum(la, lb), np.maximum(la, lb)
        out = check.scores_from(inter / (la + lb - inter), inter / small, small, large)
    return np.where(empty, 0.0, out)


@dataclass
class PairGrams:
    """What ``score_pairs_counted`` counted for each pair: the overlap of its two gram sets and their sizes
    (-1 for short pairs, scored by edits)."""

    overlap: np.ndarray
    size_a: np.ndarray
    size_b: np.ndarray

    @classmethod
    def unknown(cls, n: int) -> PairGrams:
        """``n`` pairs counted nothing yet (-1 each)."""
        return cls(*(np.full(n, -1, dtype=np.int64) for _ in range(3)))

    def put(self, at: np.ndarray | slice, part: PairGrams) -> None:
        """``part``'s counts in the places ``at``."""
        self.overlap[at], self.size_a[at], self.size_b[at] = part.overlap, part.size_a, part.size_b


# Grams per set in the sample ``sampled_scores`` compares: a Jaccard similarity of 0.5 is estimated within ~0.02-0.03
# (one standard deviation), an excerpt's containment within ~0.03 (a sample of its share of the longer set).
SAMPLE_GRAMS = 512
_UNCUT = np.uint64(1 << 60)  # the sampling bound of a set sampled whole: above every hash prefix, below _PAD >> 1


def sampled_scores(check, cols: GramColumns, a: np.ndarray, b: np.ndarray, k: int | None = None) -> np.ndarray:
    """An estimate of ``check_scores`` for every pair (i, j) of (a, b), from a sample of its two gram sets drawn
    alike from both (coordinated): the grams whose hash prefix is at most the lower of the two sets' ``k``-th
    smallest - among the first ``k`` of each sorted set. Jaccard similarity is estimated on the two samples, an
    excerpt's containment as the share of the smaller set's sample found in the larger's; which pairs are
    excerpts is decided by the sets' true sizes. A pair whose sets have at most ``k`` grams each is scored
    exactly. ``cols`` sorted (``gram_prefix_columns``); ``k``: ``SAMPLE_GRAMS`` unless given."""
    k = SAMPLE_GRAMS if k is None else k
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    sizes = cols.sizes
    head = np.minimum(sizes, k)
    cut = np.full(len(sizes), _UNCUT, dtype=np.uint64)
    over = sizes > k
    cut[over] = cols.hashes[cols.offsets[:-1][over] + k - 1]
    in_a, in_b, both = (np.zeros(len(a), dtype=np.int64) for _ in range(3))

    def sample(lo: int, hi: int):
        pa, pb = a[lo:hi], b[lo:hi]
        limit = (np.minimum(cut[pa], cut[pb]) << np.uint64(1)) | np.uint64(1)  # (prefix, side) keys at most this
        out = [np.zeros(hi - lo, dtype=np.int64) for _ in range(3)]
        for rows, m in _pair_rows(cols.hashes, cols.offsets, head, pa, pb, sorted_sets=True):
            kept = m <= limit[rows, None]
            side_b = (m & np.uint64(1)).astype(bool)
            out[0][rows] = np.count_nonzero(kept & ~side_b, axis=1)
            out[1][rows] = np.count_nonzero(kept & side_b, axis=1)
            out[2][rows] = np.count_nonzero(((m[:, 1:] ^ m[:, :-1]) == 1) & kept[:, 1:], axis=1)
        return out

    chunks = ranges_by_size(head[a] + head[b], share(CHUNK_ELEMENTS), _GROUP_LIMIT - 1)
    for (lo, hi), (ca, cb, cboth) in map_ranges(sample, chunks):
        in_a[lo:hi], in_b[lo:hi], both[lo:hi] = ca, cb, cboth
    size_a, size_b = sizes[a], sizes[b]
    jaccard = both / np.maximum(in_a + in_b - both, 1)
    contained = both / np.maximum(np.where(size_a <= size_b, in_a, in_b), 1)
    out = check.scores_from(jaccard, contained, np.minimum(size_a, size_b), np.maximum(size_a, size_b))
    return np.where((size_a == 0) | (size_b == 0), 0.0, out)


def score_pairs(
    check, texts: Sequence[str], cols: GramColumns, a: np.ndarray, b: np.ndarray, lengths: np.ndarray | None = None
) -> np.ndarray:
    """``check.score_texts(texts[i], texts[j], cols.of(i), cols.of(j))`` for every pair (i, j) of (a, b): short
    pairs by edits (rapidfuzz, in C, both cores), the rest by their gram sets."""
    return score_pairs_counted(check, texts, cols, a, b, lengths)[0]


def score_pairs_counted(
    check, texts: Sequence[str], cols: GramColumns, a: np.ndarray, b: np.ndarray, lengths: np.ndarray | None = None
) -> tuple[np.ndarray, PairGrams]:
    """``score_pairs``, with the gram counts behind each long pair's score."""
    sizes = cols.sizes
    return _score_counted(
        check, texts, a, b, lengths, lambda la, lb: (pair_overlap(cols, la, lb), sizes[la], sizes[lb])
    )


def _score_counted(
    check, texts: Sequence[str], a: np.ndarray, b: np.ndarray, lengths: np.ndarray | None, count
) -> tuple[np.ndarray, PairGrams]:
    """``score_pairs_counted`` with the long pairs' (overlap, size of a's set, size of b's set) from ``count``."""
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.process import cpdist

    from .textcheck import SHORT_CHARS

    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    if lengths is None:
        lengths = lengths_of(texts)
    out = np.zeros(len(a))
    counted = PairGrams.unknown(len(a))
    if len(a) > SCORE_BLOCK:  # (``SCORE_BLOCK``: its arrays bounded, and faster)
        for lo in range(0, len(a), SCORE_BLOCK):
            hi = lo + SCORE_BLOCK
            out[lo:hi], part = _score_counted(check, texts, a[lo:hi], b[lo:hi], lengths, count)
            counted.put(slice(lo, hi), part)
        return out, counted
    if len(a) == 0:
        return out, counted
    short = np.minimum(lengths[a], lengths[b]) < SHORT_CHARS
    long = ~short
    if long.any():
        inter, size_a, size_b = count(a[long], b[long])
        out[long] = check_scores(check, size_a, size_b, inter)
        counted.put(long, PairGrams(inter, size_a, size_b))
    if short.any():
        sa, sb = a[short], b[short]
        both = (lengths[sa] > 0) & (lengths[sb] > 0)  # an empty text is similar to nothing
        scores = np.zeros(len(sa))
        if both.any():
            # The pairs' texts gathered by numpy's take on an array of the column (a list comprehension
            # looking up 2M pairs' texts took 0.5 s, 1M short texts).
            column = np.empty(len(texts), dtype=object)
            column[:] = texts
            left, right = column.take(sa[both]), column.take(sb[both])
            scores[both] = cpdist(left, right, scorer=Levenshtein.normalized_similarity, dtype=np.float64, workers=-1)
        out[short] = scores
    return out, counted


def pair_counts(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray, n: int, lengths: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every pair (i, j) of (a, b): how many distinct n-gram hash prefixes ``texts[i]`` and ``texts[j]`` share,
    and how many each has (``pair_overlap`` and ``sizes`` of ``gram_prefix_columns(texts, n)``), with one sort.

    Each text's grams are hashed once, unsorted and with repeats; every pair's two lists are laid side by side in
    a row of a matrix, as (hash prefix, side) keys, and the rows are sorted (``_pair_rows``): in a sorted row, a
    run of equal keys is one gram of one side's set, and a key of side a followed by the same prefix of side b is
    a gram in both sets. (Sorting each text's set, then every pair's two sets again, sorted the same grams twice;
    and numpy sorts many short rows several times faster than the same keys in one array.)"""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    if lengths is None:
        lengths = lengths_of(texts)
    h, offsets, sizes = _window_hashes(texts, lengths, n)
    h >>= _HIGH
    inter = np.zeros(len(a), dtype=np.int64)
    size_a, size_b = sizes[a], sizes[b]
    for rows, m in _pair_rows(h, offsets, sizes, a, b):
        step = m[:, 1:] ^ m[:, :-1]  # 0 within a run of equal keys; 1 from side a to side b of one prefix
        inter[rows] = np.count_nonzero(step == 1, axis=1)
        new = step != 0
        del step
        # Distinct keys of side b: the runs starting with an odd key (its lowest byte's lowest bit, read in place).
        odd = m.view(np.uint8)[:, _LOW_BYTE :: m.itemsize] & np.uint8(1)
        size_b[rows] = np.count_nonzero(new & odd[:, 1:].view(bool), axis=1) + odd[:, 0]
        # Every run but those of side b and the padding's (one run at the end of a row that has any) is side a's.
        size_a[rows] = np.count_nonzero(new, axis=1) + 1 - size_b[rows] - (m[:, -1] == _PAD)
    return inter, size_a, size_b


_PAD = np.uint64(1 << 62)  # pads a row of _sorted_rows: above every key, even
_LOW_BYTE = 0 if sys.byteorder == "little" else 7  # where a uint64's lowest byte is


def _pair_rows(
    h: np.ndarray, starts: np.ndarray, sizes: np.ndarray, a: np.ndarray, b: np.ndarray, sorted_sets: bool = False
):
    """``_sorted_rows`` of every pair, of (hash prefix, side) keys: each prefix of text a
    (``h[starts[a]:starts[a] + sizes[a]]``) doubled, then each of text b doubled plus one. ``sorted_sets``: each
    text's segment is sorted already (``GramColumns``)."""
    return _sorted_rows(h, starts, [(a, 0), (b, 1)], sizes, shift=1, sorted_parts=sorted_sets)


def _in_both(m: np.ndarray) -> np.ndarray:
    """Per sorted row of ``_pair_rows``: how many prefixes are in both texts' grams. Sorted, a key of side a right
    before the same prefix of side b is one (the padding is even, and nothing is the padding plus one).
    ``pair_counts`` counts them the same way, inline."""
    return np.count_nonzero((m[:, 1:] ^ m[:, :-1]) == 1, axis=1)  # sorted: differing in the lowest bit alone


NETWORK_WIDTH = 256  # numpy sorts rows up to this long by a sorting network (``_sorted_rows``)
# Longer rows sorted a network's width at a time, then merged: where numpy's wider sorts are slow (core.cpu).
NETWORK_MERGE = wide_sorts_slow()
RUNS_WIDTH = 384  # rows of sorted parts from this width on are merged (``_sorted_rows``' sorted_parts)


def _sorted_rows(
    values: np.ndarray,
    starts: np.ndarray,
    parts: list[tuple[np.ndarray, int]],
    sizes: np.ndarray,
    shift: int = 0,
    sorted_parts: bool = False,
    transform: Callable[[np.ndarray, np.ndarray], None] | None = None,
):
    """Rows of similar length at a time: the row numbers, and a matrix with one row per row number holding the
    segments ``values[starts[d]:starts[d] + sizes[d]]`` of its document ``d`` in each part ``(docs, plus)`` one
    after the other (each value shifted left by ``shift`` bits, plus ``plus``), sorted, padded with ``_PAD``. A
    matrix's rows are as long as its longest (at most an eighth more than its shortest, or a network's width more).

    numpy sorts many short rows far faster than the same values in one array. Where its sorts wider than a sorting
    network are slow (AVX-512 on Zen 4, ``NETWORK_MERGE``: 2**20 uint64 took 52 ms in one array, 13 ms in rows
    of 1,024, 1.1-1.6 ms in rows of up to 256), a row longer than ``NETWORK_WIDTH`` is made a whole number of
    networks wide, each network's piece is sorted, and numpy's stable sort merges the sorted pieces (it finds the
    runs): 8.7 against 12.5 ns a value at 1,024, 12.2 against 16.2 at 2,048 (100k articles: the fingerprint
    3.4-3.7 -> 2.9-3.3 s, the verification of the pairs 3.9-4.6 -> 3.6-4.0 s). Elsewhere (AVX2: 6.0 ns a value
    at 1,024, 4.6 in rows of 256) a row is sorted whole.

    ``sorted_parts``: each segment is sorted already, so a row is a few sorted runs (the padding, above every
    value, extends the last): rows of ``RUNS_WIDTH`` or more are sorted by numpy's stable sort, which finds the
    runs and merges them (timsort) - rows of two sorted halves, measured: 3.8x faster at 1,024 values, 8x at
    16,384; below ~300 the sorting network is faster.

    ``transform`` (with one part, no shift or plus): applied in place to each matrix of values read (with where in
    ``values`` each is, clipped), before it is padded and sorted - the rows sorted by what it makes of the values."""
    if not len(parts[0][0]):
        return
    counts = [sizes[docs] for docs, _ in parts]
    total = np.sum(counts, axis=0)
    step = np.maximum(8, np.left_shift(1, np.maximum(_bit_length(total) - 4, 0)))
    merge = not sorted_parts and NETWORK_MERGE  # rows longer than a sorting network: whole networks, merged
    if merge:
        step[total > NETWORK_WIDTH] = NETWORK_WIDTH
    width = -(-total // step) * step
    order = np.argsort(width, kind="stable")
    bounds = np.flatnonzero(np.r_[True, width[order][1:] != width[order][:-1], True])
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        rows = order[lo:hi]
        w = int(width[rows[0]])
        if w == 0:
            continue
        # Where each cell's value is: column j of a row is value starts[d] + j - (the columns of the parts before),
        # one outer sum per part (a part's cells overwrite the later columns of the part before); read with take,
        # then the cells past a row's values padded. (Several times faster than scattering each value.)
        col = np.arange(w, dtype=np.int64)
        idx = np.add.outer(starts[parts[0][0][rows]], col)
        end = counts[0][rows].copy()
        later = []
        for (docs, _), count in zip(parts[1:], counts[1:], strict=True):
            later.append(col >= end[:, None])
            np.copyto(idx, np.add.outer(starts[docs[rows]] - end, col), where=later[-1])
            end += count[rows]
        m = values.take(idx, mode="clip")
        if transform is not None:
            transform(m, idx)
        del idx
        if shift:
            m <<= np.uint64(shift)
        if parts[0][1]:
            m += np.uint64(parts[0][1])
        for i in range(1, len(parts)):  # from its first column on, the plus of part i instead of the one before
            if parts[i][1] != parts[i - 1][1]:
                m += later[i - 1] * np.uint64(parts[i][1] - parts[i - 1][1])
        m[col >= end[:, None]] = _PAD
        if merge and w > NETWORK_WIDTH:
            m.reshape(-1, NETWORK_WIDTH).sort(axis=1)
            m.sort(axis=1, kind="stable")
        else:
            m.sort(axis=1, kind="stable" if sorted_parts and w >= RUNS_WIDTH else None)
        yield rows, m


def segment_rows(
    values: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    transform: Callable[[np.ndarray, np.ndarray], None] | None = None,
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Each segment ``values[starts[i]:starts[i] + sizes[i]]`` (uint64 values below ``_PAD``) sorted in a row of a
    matrix, rows of similar length at a time (``_sorted_rows``): the segment numbers and the matrix, each row padded
    with ``_PAD`` past its segment's values. ``transform(m, at)``: the values ``m`` made over, in place, as they are
    read (``at``: where in ``values`` each is; past a row's values, anywhere)."""
    docs = np.arange(len(sizes), dtype=np.int64)
    return _sorted_rows(values, starts, [(docs, 0)], sizes, transform=transform)


def sorted_segments(
    values: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    *,
    unique: bool = False,
    take: np.ndarray | None = None,
    first: bool = False,
):
    """Each segment ``values[starts[i]:starts[i] + sizes[i]]`` (uint64 values below ``_PAD``) sorted in a row of
    ``_sorted_rows`` - ``unique``: its distinct values; ``take``: only its first ``take[i]`` - the segments one
    after the other in segment order, and their offsets.

    ``first`` (with ``unique``, values below 2**56): also where in its segment each distinct value first is (uint8,
    ``FIRST_UNKNOWN`` in a segment of more than ``FIRST_LIMIT`` values): in a matrix of rows of at most
    ``FIRST_LIMIT`` values each value is sorted with its column below it, so the first of equal values is the one
    that comes first; in wider matrices (articles) no position is kept, at no cost."""
    kept = np.zeros(len(sizes), dtype=np.int64)
    done = []
    firsts = []

    def with_column(m: np.ndarray, _at: np.ndarray) -> None:
        if m.shape[1] <= FIRST_LIMIT:
            m <<= _FIRST_BITS_U
            m |= np.arange(m.shape[1], dtype=np.uint64)

    for rows, m in segment_rows(values, starts, sizes, transform=with_column if first else None):
        placed = first and m.shape[1] <= FIRST_LIMIT
        packed = m
        if placed:  # (the padding, not shifted, is above every shifted value)
            m = packed >> _FIRST_BITS_U
        pad = _PAD >> _FIRST_BITS_U if placed else _PAD
        if unique:
            keep = np.ones(m.shape, dtype=bool)
            np.not_equal(m[:, 1:], m[:, :-1], out=keep[:, 1:])
            keep &= m != pad
            if take is not None:
                keep &= np.cumsum(keep, axis=1) <= take[rows, None]
        elif take is not None:
            keep = np.arange(m.shape[1]) < np.minimum(take[rows], sizes[rows])[:, None]
        else:
            keep = m != _PAD
        kept[rows] = np.count_nonzero(keep, axis=1)
        done.append((rows, m[keep]))
        if first:
            if placed:  # the low byte of each packed value (the column in its low FIRST_BITS bits)
                low = packed.view(np.uint8).reshape(*m.shape, 8)[:, :, _LOW_BYTE]
                firsts.append(low[keep] & np.uint8(FIRST_UNKNOWN))
            else:
                firsts.append(np.full(len(done[-1][1]), FIRST_UNKNOWN, np.uint8))
    out_offsets = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(kept, out=out_offsets[1:])
    out = np.empty(int(out_offsets[-1]), dtype=values.dtype)
    out_first = np.empty(len(out), dtype=np.uint8) if first else None
    for i, (rows, sets) in enumerate(done):
        c = kept[rows]
        to = np.arange(len(sets), dtype=np.int64) + np.repeat(out_offsets[rows] - (np.cumsum(c) - c), c)
        out[to] = sets
        if out_first is not None:
            out_first[to] = firsts[i]
    if out_first is not None:
        return out, out_offsets, out_first
    return out, out_offsets


def _bit_length(x: np.ndarray) -> np.ndarray:
    """``int.bit_length`` of each non-negative int64."""
    out = np.zeros(len(x), dtype=np.int64)
    pos = x > 0
    out[pos] = np.floor(np.log2(x[pos].astype(np.float64))).astype(np.int64) + 1
    return out


def _gather_flat(
    values: np.ndarray, offsets: np.ndarray, sizes: np.ndarray, docs: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The values of ``docs`` (``values[offsets[d]:offsets[d + 1]]``) one after the other, and the position in
    ``docs`` of each."""
    counts = sizes[docs]
    total = int(counts.sum())
    first = np.zeros(len(docs), dtype=np.int64)
    np.cumsum(counts[:-1], out=first[1:])
    idx = np.arange(total, dtype=np.int64) + np.repeat(offsets[docs] - first, counts)
    return values[idx], np.repeat(np.arange(len(docs), dtype=np.int64), counts)


def overlaps_of(texts: Sequence[str], a: np.ndarray, b: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For every pair (i, j) of (a, b): how many of the n-grams of ``texts[j]`` are in ``texts[i]``, and how many
    it has (distinct, on hash prefixes), a batch of pairs at a time (``PAIR_BATCH_CHARS``)."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    inter, size = np.zeros(len(a), dtype=np.int64), np.zeros(len(a), dtype=np.int64)
    lengths = lengths_of(texts)

    def batch(lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
        used, sub, ia, ib = _batch_texts(texts, a[lo:hi], b[lo:hi])
        both, _, size_b = pair_counts(sub, ia, ib, n, lengths[used])
        return both, size_b

    for (lo, hi), (i, s) in map_ranges(batch, pair_batches(lengths, a, b)):
        inter[lo:hi], size[lo:hi] = i, s
    return inter, size


def pair_batches(lengths: np.ndarray, a: np.ndarray, b: np.ndarray) -> list[tuple[int, int]]:
    """Ranges of pairs whose texts hold about ``PAIR_BATCH_CHARS`` characters in all, shared among the cores."""
    return ranges_by_size(lengths[a] + lengths[b], share(PAIR_BATCH_CHARS))


def _batch_texts(
    texts: Sequence[str], a: np.ndarray, b: np.ndarray
) -> tuple[np.ndarray, list[str], np.ndarray, np.ndarray]:
    """The distinct texts of a batch of pairs, in index order, and each pair as positions among them."""
    used = sorted_unique(np.concatenate([a, b]))
    return used, *_texts_used(texts, used, a, b)


def _texts_used(
    texts: Sequence[str], used: np.ndarray, a: np.ndarray, b: np.ndarray
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The texts ``used`` (sorted indices, every one of the pairs' texts), and each pair as positions among them."""
    return [texts[i] for i in used.tolist()], np.searchsorted(used, a), np.searchsorted(used, b)


# Where the pairs' texts hold more than RECURRING times the characters of their distinct texts (a text in many
# pairs: a thread's replies quoting it, a wire story resent), ``score_pairs_of_counted`` makes each text's gram set
# once and compares the pairs on the sets - when those texts hold at most SETS_ONCE_CHARS characters (8 bytes of
# set a character). Measured, ns a character (20 Newsgroups, 20,918 candidate pairs of 4,490 texts, 450M
# characters in pairs: 4.48 s hashed pair by pair, 0.27 + 0.88 s on the sets; Reuters, 38,250 pairs of 9,686
# texts, 7x: 0.81 against 0.24 + 0.29 s): hashing and sorting each pair's two texts ~11 a character of the pairs;
# the sets ~25 a character of the texts, then ~3 a character of the pairs. 100k articles (pairs hold 1.0x their
# texts): 1.16 s pair by pair against 3.15 + 0.49 s.
RECURRING = 3
SETS_ONCE_CHARS = 30_000_000


def score_pairs_of(check, texts: Sequence[str], a: np.ndarray, b: np.ndarray, n: int) -> np.ndarray:
    """``score_pairs`` with only the texts of the pairs hashed (n-grams of length ``n``)."""
    return score_pairs_of_counted(check, texts, a, b, n)[0]


def score_pairs_of_counted(
    check,
    texts: Sequence[str],
    a: np.ndarray,
    b: np.ndarray,
    n: int,
    floor: float | None = None,
    lengths: np.ndarray | None = None,
    pieces: GramPieces | None = None,
) -> tuple[np.ndarray, PairGrams]:
    """``score_pairs_of``, with the gram counts behind each long pair's score (``PairGrams``). A batch of pairs at
    a time (``PAIR_BATCH_CHARS`` characters of their texts): the gram sets of all the pairs' texts at once would
    hold ~8 bytes per character of every text in a pair - unless the texts recur in the pairs (``RECURRING``):
    then each text's set is made once.

    ``floor``: where the sets are made once, a long pair whose estimated score (``sampled_scores``) is below it
    is not compared in full; it is given the estimate (its counts -1). ``pieces``: every text's set (of these n-grams)
    made already, gathered from there (``GramPieces.columns``), not made again."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    lengths = lengths_of(texts) if lengths is None else lengths
    used = sorted_unique(np.concatenate([a, b]))
    held = int(lengths[used].sum())
    if held <= SETS_ONCE_CHARS and int(lengths[a].sum() + lengths[b].sum()) > RECURRING * held:
        # Texts in many pairs: each text's set made once, the pairs compared on the sets (``pair_overlap``).
        sub, ia, ib = _texts_used(texts, used, a, b)
        cols = gram_prefix_columns(sub, n) if pieces is None else pieces.columns(used)
        sub_lengths = lengths[used]
        if floor is None:
            return score_pairs_counted(check, sub, cols, ia, ib, sub_lengths)
        return _score_sampled_first(check, sub, cols, ia, ib, sub_lengths, floor)
    out = np.zeros(len(a))
    counted = PairGrams.unknown(len(a))

    def batch(lo: int, hi: int) -> tuple[np.ndarray, PairGrams]:
        used, sub, ia, ib = _batch_texts(texts, a[lo:hi], b[lo:hi])
        sub_lengths = lengths[used]
        if pieces is not None:
            return score_pairs_counted(check, sub, pieces.columns(used), ia, ib, sub_lengths)
        return _score_counted(check, sub, ia, ib, sub_lengths, lambda la, lb: pair_counts(sub, la, lb, n, sub_lengths))

    for (lo, hi), (scores, part) in map_ranges(batch, pair_batches(lengths, a, b)):
        out[lo:hi] = scores
        counted.put(slice(lo, hi), part)
    return out, counted


def _score_sampled_first(
    check, texts: Sequence[str], cols: GramColumns, a: np.ndarray, b: np.ndarray, lengths: np.ndarray, floor: float
) -> tuple[np.ndarray, PairGrams]:
    """``score_pairs_counted``, the long pairs estimated first (``sampled_scores``): those estimated below ``floor``
    keep the estimate (counts -1), the others are compared in full. 20 Newsgroups: 20,732 long candidate pairs,
    1,685 estimated within 0.1 of the search's bound."""
    from .textcheck import SHORT_CHARS

    out = np.full(len(a), np.inf)
    long = np.flatnonzero(np.minimum(lengths[a], lengths[b]) >= SHORT_CHARS)
    out[long] = sampled_scores(check, cols, a[long], b[long])
    full = np.flatnonzero(out >= floor)
    counted = PairGrams.unknown(len(a))
    scores, part = score_pairs_counted(check, texts, cols, a[full], b[full], lengths)
    out[full] = scores
    counted.put(full, part)
    return out, counted
