"""The one object every near-duplicate algorithm is, and the bucket-to-pairs step they share.

An algorithm describes itself (name, title, its two sliders as ``ParamSpec``), turns unique normalised texts into
fingerprints (the expensive, cached part), searches them for candidate pairs with its own measure, and says which
measures pass a threshold. The registry (``registry.py``) lists the algorithm objects; nothing outside the
algorithm modules compares algorithm names.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..columnar import PairGrams
from ..parallel import balanced_share, map_ranges, ordered_map
from ..progress import Reporter
from ..settings import Settings
from ..text import (
    SPLIT_SORT,
    distinct_of_sorted,
    even_ranges,
    sample_median,
    sort_in_place,
    sorted_unique,
    span_positions,
    unique_counts,
    write_in_turn,
)


@dataclass(frozen=True)
class ParamSpec:
    """One slider: what it is called, its range and step, its default and what it means."""

    label: str
    minimum: float
    maximum: float
    step: float
    default: float
    unit: str
    help: str
    decimals: int = 0
    # True when a larger value means "stricter" (fewer pairs); False when larger means looser.
    higher_is_stricter: bool = True

    def check(self, value: float, name: str) -> None:
        """Raise ValueError naming the valid range when ``value`` is outside it (or not on an integer slider)."""
        ok = self.minimum - 1e-9 <= value <= self.maximum + 1e-9
        if ok and not self.decimals and float(value) != round(float(value)):
            ok = False
        if not ok:
            kind = "a whole number" if not self.decimals else "a number"
            raise ValueError(f"{name} must be {kind} between {self.minimum:g} and {self.maximum:g}, not {value:g}")

    def snap(self, value: float) -> float:
        """The slider value nearest to ``value``: on the slider's step, inside its range."""
        steps = round((float(value) - self.minimum) / self.step)
        max_steps = round((self.maximum - self.minimum) / self.step)
        snapped = self.minimum + min(max(steps, 0), max_steps) * self.step
        return round(snapped, self.decimals) if self.decimals else float(round(snapped))


@dataclass
class Candidates:
    """Pairs of unique-text indices (a < b) with the algorithm's measure, found by a search at ``bound``."""

    a: np.ndarray
    b: np.ndarray
    measure: np.ndarray
    bound: float  # the loosest threshold for which these candidates are complete
    grams: PairGrams | None = None  # the gram counts behind ``measure``, when it was counted on the pairs' grams
    gram_n: int = 0  # ...of this length


class Algorithm(ABC):
    """One near-duplicate method: what the GUI and CLI show of it, and how it proposes candidate pairs.

    An algorithm only *proposes*: every candidate pair it returns is then scored by the shared text check
    (``core.textcheck``), which decides. Subclasses set the class attributes and implement the four methods.
    """

    name: str
    title: str
    description: str  # one plain-language line
    measure: str  # what a pair's native measure is (the histogram's axis)
    threshold: ParamSpec
    n: ParamSpec
    # Settings fields (besides threshold and n) this algorithm reads; the GUI enables only these controls.
    options: tuple[str, ...] = ()
    # True: fingerprints need the text's line breaks (sentence splitting); False: whitespace-free compact text.
    needs_lines: bool = False
    # Said in the UI when most texts are short (under ~150 characters) and the method is known to be weak there.
    short_text_warning: str = ""

    @abstractmethod
    def fingerprint_key(self, settings: Settings) -> tuple:
        """What the fingerprints depend on: equal keys reuse the cached fingerprints."""

    @abstractmethod
    def fingerprint(self, texts: list[str], settings: Settings, reporter: Reporter) -> Any: ...

    @abstractmethod
    def search(self, fingerprints: Any, texts: list[str], settings: Settings, reporter: Reporter) -> Candidates: ...

    def covers(self, bound: float, threshold: float) -> bool:
        """True when a search done at ``bound`` already found every pair that passes ``threshold``."""
        return threshold >= bound if self.threshold.higher_is_stricter else threshold <= bound

    def passes(self, measure: np.ndarray, threshold: float) -> np.ndarray:
        if self.threshold.higher_is_stricter:
            return measure >= threshold - 1e-9
        return measure <= threshold + 1e-9

    def measure_is_similarity(self, settings: Settings) -> bool:
        """True when the native measure already is the text check's similarity (no second scoring needed)."""
        return False

    def search_key(self, settings: Settings) -> tuple:
        """What a candidate search depends on beyond the fingerprints (a threshold only filters, see covers)."""
        return (settings.n_value,)

    def searched_range(self, measure: np.ndarray, threshold: float) -> tuple[float, float]:
        """Thresholds for which candidates found at ``threshold`` (with these measures) hold every passing pair."""
        return self.threshold.minimum, self.threshold.maximum

    def measure_range(self, settings: Settings) -> tuple[float, float]:
        """The span of measures the histogram shows for a run with these settings."""
        lo = self.threshold.minimum if self.threshold.higher_is_stricter else 0.0
        return lo, self.threshold.maximum

    # -- where the histogram draws a threshold -------------------------------------------------------------

    def line_position(self, threshold: float) -> float:
        """On the border between passing and failing bins: integer measures have bins centred on their values,
        so "<= k" is drawn at k + 0.5 and ">= t" at t - 0.5; a fractional threshold is its bin's left edge."""
        if self.threshold.decimals:
            return float(threshold)
        return float(threshold) - 0.5 if self.threshold.higher_is_stricter else float(threshold) + 0.5

    def threshold_at(self, x: float) -> float:
        """The slider value whose line is nearest to ``x`` (inverse of ``line_position``)."""
        if self.threshold.decimals:
            return self.threshold.snap(x)
        return self.threshold.snap(x + 0.5 if self.threshold.higher_is_stricter else x - 0.5)


class Packing(NamedTuple):
    """How postings are packed into one int64 each (``bucket_pairs``' ``packing``): ``(key << (flag_bits +
    doc_bits)) | (flag << doc_bits) | doc``, the flag 0 for a probe (probes sort first in a bucket) - with
    ``flag_bits`` 0 there is no flag, and with ``probes`` False every flag is 0 (no probes: every posting pairs)."""

    doc_bits: int
    flag_bits: int
    probes: bool

    def pack(self, keys: np.ndarray, docs: np.ndarray, probe: np.ndarray | None) -> np.ndarray:
        """``keys`` (int64, non-negative, worked on in place) with ``docs`` (and ``probe``, with a flag bit)."""
        keys <<= self.flag_bits + self.doc_bits
        if self.flag_bits and probe is not None:
            keys |= (~probe).astype(np.int64) << self.doc_bits
        keys |= docs
        return keys

    def unpack(self, packed: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """The keys, docs (``packed`` itself, worked on in place) and probes (None without); from ``SPLIT_SORT``
        postings on, half of them on each core (17M at 1M short texts: 0.24 s on one, most of it the first touch
        of the keys' new pages)."""
        k = np.empty_like(packed)
        p = np.empty(len(packed), dtype=bool) if self.flag_bits and self.probes else None
        flag, docs = packed.dtype.type(1 << self.doc_bits), packed.dtype.type((1 << self.doc_bits) - 1)

        def part(lo: int, hi: int) -> None:
            x = packed[lo:hi]
            np.right_shift(x, self.flag_bits + self.doc_bits, out=k[lo:hi])
            if p is not None:
                np.equal(x & flag, 0, out=p[lo:hi])
            x &= docs

        if len(packed) < SPLIT_SORT:
            part(0, len(packed))
        else:
            for _ in map_ranges(part, [(0, len(packed) // 2), (len(packed) // 2, len(packed))]):
                pass
        return k, packed, p


class LengthBand(NamedTuple):
    """A rule for the pairs of the buckets of common keys (``bucket_pairs``' ``common_keep``): a pair with a
    ``flagged`` doc in it, or two docs whose ``values`` (non-negative integers) are no more apart than the larger
    of their ``allowed`` (n-gram: texts that are not tight, by their lengths and the edits of their copies,
    ``ngram.near_copies``). Called with the docs of some pairs, it tells which it keeps; ``bucket_pairs`` makes the
    pairs of such buckets within the cap by the rule itself (``_band_pairs``), not every pair and then the rule.

    ``sizes`` and ``most`` (per doc, both or neither): there, a doc that is not flagged is paired with a flagged doc
    only where that doc's size is at most its ``most`` - pairs that ``bucket_pairs``' ``keep`` drops anyway (n-gram:
    a tight text too large for a shorter one to score against, ``ngram.plausible_pairs``)."""

    flagged: np.ndarray  # bool per doc
    values: np.ndarray  # int64 per doc
    allowed: np.ndarray  # int64 per doc
    sizes: np.ndarray | None = None  # int64 per doc
    most: np.ndarray | None = None  # int64 per doc

    def __call__(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        keep = self.flagged.take(a) | self.flagged.take(b)
        keep |= np.abs(self.values.take(a) - self.values.take(b)) <= np.maximum(
            self.allowed.take(a), self.allowed.take(b)
        )
        return keep


_PAIR_CHUNK = 4_000_000
MIN_SPLIT_PAIRS = 20_000  # fewer pairs are made in one chunk (a second would cost more than it saves)
KEEP_BLOCK = 1 << 18  # pairs given to ``bucket_pairs``' keep at once


def bucket_pairs(
    keys: np.ndarray,
    docs: np.ndarray | None,
    reporter: Reporter,
    *,
    cap: int = 2000,
    window: int = 32,
    with_counts: bool = False,
    tight: np.ndarray | None = None,
    tight_cap: int | None = None,
    tight_window: int | None = None,
    keep: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
    probe: np.ndarray | None = None,
    overwrite_keys: bool = False,
    packing: Packing | None = None,
    common_from: int | None = None,
    common_keep: Callable[[np.ndarray, np.ndarray], np.ndarray] | LengthBand | None = None,
    window_order: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Unique pairs (a < b) of docs that share a key, optionally with how many keys each pair shares.

    A bucket of more than ``cap`` docs (boilerplate, or a story reposted thousands of times) does not produce
    all its pairs: each doc is paired with the next ``window`` docs of the bucket, which keeps the work linear
    while still linking the bucket's members. ``tight`` (a flag per doc) marks docs whose copies are sure to share
    a smaller bucket with them as well (n-gram: long texts, which share many rare keys with a copy): in a bucket of
    more than ``tight_cap`` docs, two tight docs are paired only within a window of ``tight_window`` docs (default
    ``window``; the bucket's other docs come first and each pairs with every doc after it); above ``cap`` a tight
    doc pairs with its next ``tight_window`` docs, any other with its next ``window`` (n-gram: the prefixes of
    21,578 Reuters stories made 16.5M pairs, 11.4M of them in the windows of the buckets above the cap - common
    English 4-grams - against 9.6M with these; every real corpus, Chinese and English, removes the same rows but
    one of the Reuters stories with headlines, a wrong removal at the threshold).

    ``keep`` (not with counts): which of a chunk's unique pairs ``(a, b)`` to return (a mask or indices), run on
    the chunk's core as each chunk is made - the pairs it drops are never gathered (n-gram: 7-10M candidate pairs
    of 19k English texts, of which its screen keeps 1 %).

    ``probe`` (a flag per posting; not with counts; postings unique per (key, doc)): only pairs with a probe
    posting in them are made - two postings that are not probes are never paired (n-gram: a text's key set
    indexed with a long prefix, whose shorter prefix alone pairs it with the texts it is the smaller of:
    ``ngram._prefixes``). A bucket's probes come first (in doc order), and only they pair with the postings after
    them, under the same caps and windows; a bucket without a probe makes no pair. In a wide bucket a tight probe
    pairs within its window only - with the other tight docs, probes or not, placed right after the tight probes -
    and not with the docs that are neither (they pair with the probes that are not tight, which come first).

    ``overwrite_keys``: ``keys`` (int64) may be worked on in place, its values lost - no copy of them (n-gram's
    prefixes: 17M keys at 1M short texts, 136 MB of new pages).

    ``packing``: ``keys`` are the postings packed with their docs and probe flags (``Packing``; ``docs`` and
    ``probe`` None), as n-gram's prefixes come from the cores that chose them: one array of them all, not three.

    ``common_from`` and ``common_keep`` (not with counts): the pairs of the buckets whose key is ``common_from`` or
    more are only those ``common_keep`` keeps (a mask, given their docs ``a``, ``b``), told as each chunk's pairs
    are made, before they are made unique (n-gram: the buckets of common keys, which a text holds only for its
    copies a few edits away - 300k English sentences, 32M of their 48M pairs).

    ``window_order`` (a number per doc): the docs of a bucket of more than ``cap`` are in that order (ties by doc,
    a bucket's probes still first), not in doc order, so that each doc's window holds the docs nearest it by that
    number (n-gram: the texts' lengths, which a copy a few edits away shares within those edits).
    """
    if (common_from is None) != (common_keep is None) or (common_keep is not None and with_counts):
        raise ValueError("bucket_pairs: common_from and common_keep go together, and not with counts")
    empty = np.zeros(0, dtype=np.int64)
    if len(keys) == 0:
        return empty, empty.copy(), (empty.copy() if with_counts else None)
    if (probe is not None or (packing is not None and packing.probes)) and with_counts:
        raise ValueError("bucket_pairs: probes do not go with counts")
    if packing is not None:
        packed = keys if overwrite_keys else keys.copy()
        sort_in_place(packed)  # on both cores
        k, d, p = packing.unpack(packed)
    else:
        assert docs is not None
        k, d, p = _by_key_then_doc(keys, docs, probe, overwrite_keys)
    new_key = np.ones(len(k), dtype=bool)  # where a bucket (a run of equal keys) starts
    np.not_equal(k[1:], k[:-1], out=new_key[1:])
    once = new_key.copy()
    once[1:] |= d[1:] != d[:-1]  # one posting per (key, doc)
    if not once.all():  # (n-gram's prefixes never repeat one: no copy of the postings then)
        k, d, new_key = k[once], d[once], new_key[once]  # (a bucket's first posting stays)
        p = p[once] if p is not None else None
    del once
    starts = np.flatnonzero(new_key)
    common = None if common_from is None else k[starts] >= common_from  # per bucket: of a common key
    sizes = np.empty(len(starts), dtype=np.int64)  # (np.diff of np.r_ made a joined copy of the starts first)
    np.subtract(starts[1:], starts[:-1], out=sizes[:-1])
    sizes[-1] = len(k) - starts[-1]
    del new_key, k
    over = sizes > cap
    if window_order is not None and over.any():
        _window_ordered(d, p, starts[over], sizes[over], window_order)
    windowed = None  # per posting: paired with a window of the postings after it only
    if tight is not None and tight_cap is not None:
        d, windowed, p = _tight_last(d, starts, sizes, (sizes > tight_cap) & ~over, tight, p)
        if tight_window is not None and tight_window < window and over.any():
            # Above the cap a tight doc pairs with its next ``tight_window`` docs, the others with their next
            # ``window`` (the docs stay in doc order).
            # (the postings of those buckets looked at alone: at 1M short texts a flag for each of 17M postings,
            # 78 ms, for a few thousand in such buckets)
            at = span_positions(starts[over], sizes[over])
            if windowed is None:
                windowed = np.zeros(len(d), dtype=bool)
            windowed[at] |= tight.take(d[at])
    multi = sizes > 1
    probes = None  # per bucket: its probes (the first postings of the bucket)
    if p is not None:
        probes = np.add.reduceat(p.view(np.uint8), starts, dtype=np.int64) if len(starts) else sizes.copy()
        multi &= probes > 0
        probes = probes[multi]
    starts, sizes, over = starts[multi], sizes[multi], over[multi]
    common = common[multi] if common is not None else None
    if len(starts) == 0:
        return empty, empty.copy(), (empty.copy() if with_counts else None)
    n_docs = int(d.max()) + 1
    # Pairs each bucket contributes, to cut the work into chunks of bounded memory.
    pairing = sizes if probes is None else probes  # the postings that pair with those after them
    per_bucket = np.where(over, pairing * window, pairing * (2 * sizes - pairing - 1) // 2)

    # Buckets of a few docs, none of them paired by a window only, are paired by a pattern per size.
    small = (sizes <= SMALL_BUCKET) & ~over
    if windowed is not None and tight_cap is not None:
        small &= sizes <= tight_cap  # (a wider bucket may hold tight docs paired by a window)

    def made(lo: int, hi: int, which: np.ndarray | None) -> list[np.ndarray]:
        """The pairs of the buckets ``lo`` to ``hi`` (those ``which`` marks, or all)."""
        few, many = small[lo:hi], ~small[lo:hi]
        if which is not None:
            few, many = few & which, many & which
        return [
            *_small_pairs(
                d, starts[lo:hi][few], sizes[lo:hi][few], n_docs, None if probes is None else probes[lo:hi][few]
            ),
            _chunk_pairs(
                d, starts[lo:hi][many], sizes[lo:hi][many], over[lo:hi][many], windowed, window, tight_window, n_docs, p
            ),
        ]

    # The buckets of common keys within the cap that a ``LengthBand`` pairs by itself (``_band_pairs``; without
    # probes): two docs not flagged are paired only when their values are near, not every such pair made and the
    # most then dropped (300k English sentences: 53M pairs made for the rule, 1.2 s of its keep alone).
    band_rule = common_keep if isinstance(common_keep, LengthBand) and probes is None else None
    if band_rule is not None and tight is not None and tight is not band_rule.flagged:
        band_rule = None
    banded = common & ~over if common is not None and band_rule is not None else None

    def pairs_of(lo: int, hi: int) -> np.ndarray:
        reporter.check()
        if common is None or common_keep is None or not common[lo:hi].any():
            codes = np.concatenate(made(lo, hi, None))
        else:
            rest = common[lo:hi] if banded is None else common[lo:hi] & ~banded[lo:hi]
            kept = _kept(np.concatenate(made(lo, hi, rest)), common_keep, n_docs)
            codes = np.concatenate([*made(lo, hi, ~common[lo:hi]), kept])
            if band_rule is not None and banded is not None and banded[lo:hi].any():
                band = banded[lo:hi]
                paired = _band_pairs(
                    d,
                    starts[lo:hi][band],
                    sizes[lo:hi][band],
                    band_rule,
                    n_docs,
                    windowed,
                    window if tight_window is None else tight_window,
                )
                codes = np.concatenate([codes, paired])
        if with_counts:
            return codes
        codes = sorted_unique(codes)
        return codes if keep is None else _kept(codes, keep, n_docs)

    # The chunks on both cores; each chunk's pairs made unique there (a pair of copies shares several buckets).
    parts = [codes for _, codes in map_ranges(pairs_of, list(_chunks(per_bucket, reporter)))]
    if with_counts:
        codes, counts = unique_counts(np.concatenate(parts) if parts else empty)
    else:
        codes, counts = _union_of_sorted(parts), None
    a, b = np.divmod(codes, n_docs)
    return a, b, counts


def _band_pairs(
    d: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    band: LengthBand,
    n_docs: int,
    windowed: np.ndarray | None,
    window: int,
) -> np.ndarray:
    """The pairs (as a * n_docs + b, a < b) that ``bucket_pairs`` makes of the buckets at ``starts`` (``sizes``
    postings of the docs ``d``; within the cap, no probes) and ``band`` keeps - made by the rule, not made and
    dropped. In each bucket:

    - the docs not flagged, each with those whose values are within its own allowance or theirs (``_near_pairs``);
    - each of them paired with every flagged doc of the bucket (of a size up to its ``most``, with ``band.most``);
    - each flagged doc (in doc order) with the flagged docs after it - with its next ``window`` only where
      ``windowed`` marks it (a tight doc of a wide bucket, ``_tight_last``)."""
    at = span_positions(starts, sizes)
    bucket = np.repeat(np.arange(len(starts), dtype=np.int64), sizes)
    docs = d[at]
    flag = band.flagged.take(docs)
    parts = []
    free = ~flag
    fb, fd = bucket[free], docs[free]  # (the docs not flagged: near pairs, then each with the flagged docs)
    if len(fd):
        parts.append(_near_pairs(fb, fd, band, n_docs))
    if flag.any():
        # (in bucket order, then doc order, as they sit in ``d``: by key and doc, a wide bucket's tight docs moved
        # last in doc order by ``_tight_last``)
        gb, gd = bucket[flag], docs[flag]
        held = np.bincount(gb, minlength=len(starts))
        first = np.cumsum(held) - held  # each bucket's first flagged doc in ``gd``
        if len(fd):
            parts.append(_cross_pairs(fb, fd, gb, gd, first, held, band, n_docs))
        rank = np.arange(len(gd)) - first[gb]
        count = held[gb] - 1 - rank
        if windowed is not None:
            inside = windowed[at[flag]]
            count[inside] = np.minimum(count[inside], window)
        i, j = _runs(np.arange(1, len(gd) + 1), count)
        parts.append(_codes(gd[i], gd[j], n_docs))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def _cross_pairs(
    bucket: np.ndarray,
    docs: np.ndarray,
    flagged_bucket: np.ndarray,
    flagged: np.ndarray,
    first: np.ndarray,
    held: np.ndarray,
    band: LengthBand,
    n_docs: int,
) -> np.ndarray:
    """Each of ``docs`` (not flagged; ``bucket``: the number of each one's) paired with the flagged docs of its
    bucket (``flagged``, by bucket: ``flagged_bucket``, ``first`` and ``held`` per bucket) - with ``band.most``, only
    those whose ``band.sizes`` are at most its own ``most``: the flagged docs of each bucket in order of size, a
    doc paired with the first of them."""
    if band.most is None or band.sizes is None:
        i, j = _runs(first[bucket], held[bucket])
        return _codes(docs[i], flagged[j], n_docs)
    sizes = band.sizes.take(flagged)
    span = int(sizes.max()) + 1
    # (in its bucket's span: each bucket's flagged docs in order of size)
    placed, flagged, _ = _by_key_then_doc(flagged_bucket * span + sizes, flagged, overwrite=True)
    # Of each doc's bucket, the flagged docs of a size up to its most: those from the bucket's first.
    most = np.minimum(band.most.take(docs), span - 1)
    count = np.searchsorted(placed, bucket * span + most, side="right") - first[bucket]
    i, j = _runs(first[bucket], np.maximum(count, 0))
    return _codes(docs[i], flagged[j], n_docs)


def _near_pairs(bucket: np.ndarray, docs: np.ndarray, band: LengthBand, n_docs: int) -> np.ndarray:
    """The pairs of ``docs`` within each bucket (``bucket``: the number of each doc's) whose values are no more apart
    than the larger of their allowances, each made once: each bucket's docs in order of their values, each doc
    paired with the docs after it within its own allowance, and with those before it within its allowance but not
    theirs."""
    values = band.values.take(docs)
    allowed = band.allowed.take(docs)
    span = int(values.max()) + int(allowed.max()) + 1  # (a search for value +- allowance stays in its bucket)
    placed, docs, _ = _by_key_then_doc(bucket * span + values, docs, overwrite=True)
    values, allowed = band.values.take(docs), band.allowed.take(docs)
    at = np.arange(len(docs))
    i, j = _runs(at + 1, np.searchsorted(placed, placed + allowed, side="right") - at - 1)
    codes = [_codes(docs[i], docs[j], n_docs)]
    first = np.searchsorted(placed, placed - allowed, side="left")
    j, i = _runs(first, at - first)  # (each doc j with the docs i before it: i < j)
    only = values[j] - values[i] > allowed[i]  # (the others were paired from i)
    codes.append(_codes(docs[i[only]], docs[j[only]], n_docs))
    return np.concatenate(codes)


def _runs(first: np.ndarray, count: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Item ``i`` with ``first[i]``, ``first[i] + 1``, ... (``count[i]`` of them): the two places of each pair."""
    n_pairs = int(count.sum())
    i = np.repeat(np.arange(len(count)), count)
    j = np.repeat(first - (np.cumsum(count) - count), count)
    j += np.arange(n_pairs)
    return i, j


def _codes(a: np.ndarray, b: np.ndarray, n_docs: int) -> np.ndarray:
    """Pairs of docs as ``min * n_docs + max`` (``b`` is worked on in place: pass an array of its own)."""
    lo = np.minimum(a, b)
    np.maximum(a, b, out=b)
    lo *= n_docs
    lo += b
    return lo


def _window_ordered(
    d: np.ndarray, p: np.ndarray | None, starts: np.ndarray, sizes: np.ndarray, window_order: np.ndarray
) -> None:
    """The docs ``d`` (and probe flags ``p``) of the buckets at ``starts`` (``sizes`` postings each) put, in place,
    in the order of ``window_order`` (per doc), then of the docs - each bucket's probes before its other docs."""
    at = span_positions(starts, sizes)
    docs = d[at]
    keys = [docs, window_order.take(docs)]
    if p is not None:
        keys.append(~p[at])
    keys.append(np.repeat(np.arange(len(starts)), sizes))
    order = at[np.lexsort(keys)]
    d[at] = d[order]
    if p is not None:
        p[at] = p[order]


def _kept(
    codes: np.ndarray, keep: Callable[[np.ndarray, np.ndarray], np.ndarray] | LengthBand, n_docs: int
) -> np.ndarray:
    """The pair codes (``a * n_docs + b``) that ``keep`` keeps (a mask or indices, given ``a`` and ``b``), a block of
    ``KEEP_BLOCK`` at a time: the filter's arrays stay small beside the chunk's (100k articles: 150 MB more at the
    peak with a chunk's 4M pairs filtered at once)."""
    blocks = [codes[lo : lo + KEEP_BLOCK] for lo in range(0, len(codes), KEEP_BLOCK)]
    return np.concatenate([c[keep(*np.divmod(c, n_docs))] for c in blocks]) if blocks else codes


def _union_of_sorted(parts: list[np.ndarray]) -> np.ndarray:
    """The sorted distinct values of sorted arrays: a stable sort of them joined merges their runs (timsort). From
    ``SPLIT_SORT`` values on, the values below a pivot (the median of a sample) and those from it are merged apart,
    on both cores: each part is cut where the pivot would go, no value is on both sides.

    Takes the arrays out of ``parts`` (the list is emptied) and works in one array of them all: each side is
    sorted where it was joined and its distinct values are copied back to the front. This is the job's peak at 1M
    short texts (22M pairs), where a new array of them all costs its pages' first touch: the parts, each side
    joined, sorted and made distinct into new arrays, and the two sides joined again held four to five times the
    pairs at once; now two."""
    if len(parts) <= 1:
        return parts.pop() if parts else np.zeros(0, dtype=np.int64)
    if sum(len(p) for p in parts) < SPLIT_SORT:
        joined = np.concatenate(parts)
        parts.clear()
        return sorted_unique(joined, kind="stable")
    pivot = sample_median(np.concatenate([p[:: max(1, len(p) // 256)] for p in parts if len(p)]))
    cuts = [int(np.searchsorted(p, pivot)) for p in parts]
    low = sum(cuts)
    out = np.empty(sum(len(p) for p in parts), dtype=parts[0].dtype)
    np.concatenate([p[:c] for p, c in zip(parts, cuts, strict=True)], out=out[:low])
    np.concatenate([p[c:] for p, c in zip(parts, cuts, strict=True)], out=out[low:])
    parts.clear()

    def distinct(side: np.ndarray) -> np.ndarray:
        side.sort(kind="stable")
        return distinct_of_sorted(side)

    return out[: write_in_turn(out, ordered_map(distinct, [out[:low], out[low:]]))]


def _by_key_then_doc(
    keys: np.ndarray, docs: np.ndarray, probe: np.ndarray | None = None, overwrite: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The postings ordered by key, then doc - with ``probe`` (a flag per posting): by key, then probes first, then
    doc - and the flags in that order. Small non-negative integer keys (ranks) and docs (and the flag) fit in one
    64-bit number together, which a plain sort orders (SIMD, ~4x an argsort); other keys (hashes) go through
    lexsort."""
    doc_bits = max(1, int(docs.max()).bit_length())
    flag_bits = 0 if probe is None else 1
    small = keys.dtype.kind in "iu" and min(int(keys.min()), int(docs.min())) >= 0
    if small and int(keys.max()).bit_length() + flag_bits + doc_bits <= 63:
        # A copy (unless ``overwrite``: the keys themselves), then worked on in place.
        packing = Packing(doc_bits, flag_bits, probe is not None)
        packed = packing.pack(keys if overwrite and keys.dtype == np.int64 else keys.astype(np.int64), docs, probe)
        sort_in_place(packed)  # on both cores
        return packing.unpack(packed)
    order = np.lexsort((docs, keys) if probe is None else (docs, ~probe, keys))
    return keys[order], docs[order].astype(np.int64), None if probe is None else probe[order]


def _chunks(pairs_per_item: np.ndarray, reporter: Reporter):
    """(lo, hi) ranges of items whose pairs add up to about the same number each, at most ``_PAIR_CHUNK``, checking
    for Cancel between (``balanced_share``: a chunk per core at least, so both cores work on a few hundred
    thousand pairs too - at 100k short texts the 630k pairs of the prefixes were one chunk, on one core)."""
    for lo, hi in even_ranges(pairs_per_item, balanced_share(int(pairs_per_item.sum()), _PAIR_CHUNK, MIN_SPLIT_PAIRS)):
        reporter.check()
        yield lo, hi


def _tight_last(
    d: np.ndarray, starts: np.ndarray, sizes: np.ndarray, wide: np.ndarray, tight: np.ndarray, probe: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """The docs of each ``wide`` bucket reordered, its tight docs last (doc order kept within both parts), and which
    postings are then paired with a window only: the tight ones of wide buckets (``bucket_pairs``). With probes
    (``probe``, a flag per posting, the bucket's probes first): the probes that are not tight, the tight probes,
    the tight docs that are not probes, the others - and the flags in that order."""
    if not wide.any() or not tight.any():  # (short texts only: nothing to reorder, nothing windowed)
        return d, None, probe
    in_wide = np.repeat(wide, sizes)
    windowed = in_wide & tight[d]
    if not windowed.any():
        return d, None, probe
    at = np.flatnonzero(in_wide)  # the postings of wide buckets (in bucket order, then doc order)
    bucket = np.repeat(np.arange(len(starts)), sizes)[at]
    if probe is None:
        place = windowed[at].astype(np.int64)
    else:  # 0 probe, 1 tight probe, 2 tight other, 3 other
        place = np.where(probe[at], windowed[at], 3 - windowed[at]).astype(np.int64)
    order = at[np.argsort(bucket * 4 + place, kind="stable")]
    d = d.copy()
    d[at], windowed[at] = d[order], windowed[order]
    if probe is not None:
        probe = probe.copy()
        probe[at] = probe[order]
    return d, windowed, probe


SMALL_BUCKET = 12  # buckets of up to this many docs: every pair by a pattern per size (``_small_pairs``)


def _small_pairs(
    d: np.ndarray, starts: np.ndarray, sizes: np.ndarray, n_docs: int, probes: np.ndarray | None = None
) -> list[np.ndarray]:
    """Every pair of each bucket (as a * n_docs + b), the buckets of one size at a time: their docs as the rows of
    a matrix, the pairs read by the size's fixed pattern of (i, j) columns - a few passes over the pairs, where
    ``_chunk_pairs`` makes a dozen (n-gram's prefixes at 1M short texts: 22M pairs, nearly all in buckets of 2 to
    8). A bucket's docs are in increasing order (postings sorted by key, then doc), so a < b. ``probes``: per
    bucket, how many of its first docs are probes (``bucket_pairs``): only the pairs with one of them, the buckets
    of one size and count of probes at a time (probes first, each part in doc order: a and b put in order)."""
    out = []
    if probes is None:
        groups = [(size, size) for size in np.flatnonzero(np.bincount(sizes)).tolist()]
        group_of = sizes * (SMALL_BUCKET + 1) + sizes
    else:
        group_of = sizes * (SMALL_BUCKET + 1) + probes
        groups = [divmod(g, SMALL_BUCKET + 1) for g in np.flatnonzero(np.bincount(group_of)).tolist()]
    for size, pairing in groups:
        first = starts[group_of == size * (SMALL_BUCKET + 1) + pairing]
        docs = d[first[:, None] + np.arange(size)]
        i, j = np.triu_indices(size, 1)
        if pairing == size:
            codes = docs[:, i] * n_docs
            codes += docs[:, j]
        else:
            mine = i < pairing
            codes = _codes(docs[:, i[mine]], docs[:, j[mine]], n_docs)
        out.append(codes.ravel())
    return out


def _chunk_pairs(d, starts, sizes, over, windowed, window, tight_window, n_docs, probe=None) -> np.ndarray:
    # Every posting position in the chunk's buckets, with how many later positions of its bucket it pairs with.
    total = int(sizes.sum())
    bucket_of = np.repeat(np.arange(len(starts)), sizes)
    rank = np.arange(total) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    pos = np.repeat(starts, sizes) + rank
    remaining = sizes[bucket_of] - 1 - rank
    count = np.where(over[bucket_of], np.minimum(remaining, window), remaining)
    if windowed is not None:
        inside = windowed[pos]
        count[inside] = np.minimum(remaining[inside], window if tight_window is None else tight_window)
    if probe is not None:
        count[~probe[pos]] = 0  # (a bucket's probes come first: they pair with every posting after them)
    n_pairs = int(count.sum())
    # The k-th pair of a posting at ``pos`` is with the posting at pos + 1 + k: each posting's doc repeated, and
    # the partners' places made by one repeat and a running count (not two repeats and the gather of every place).
    a = np.repeat(d[pos], count)
    at = np.repeat(pos + 1 - (np.cumsum(count) - count), count)
    at += np.arange(n_pairs)
    b = d[at]
    del at
    return _codes(a, b, n_docs)
