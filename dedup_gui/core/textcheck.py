"""The one text check that decides every duplicate: fingerprints propose candidate pairs, this scores them.

Every candidate pair of every algorithm is scored on the two normalised texts (boilerplate removed) with the same
similarity - the number the GUI, the report and ``dup_similarity`` show - and a pair below the safety floor
(``Settings.min_similarity``) is never a duplicate, whatever its fingerprint says.

The similarity of texts A and B, with G(X) the set of character 4-grams of X (whitespace removed) and A the text
with fewer grams:

    overlap  = |G(A) ∩ G(B)|
    jaccard  = overlap / |G(A) ∪ G(B)|
    share    = |G(A)| / |G(B)|                 (how long the shorter text is, relative to the longer)
    contained = overlap / |G(A)|               (how much of the shorter text is found in the longer)

    similarity = max(jaccard, contained)   when excerpts count and share >= excerpt_share
               = jaccard                   otherwise

So a repost truncated to 60 % of its original scores ~1.0 (all of it is in the original), while two write-ups of
one event - shared quotes and facts, different sentences - score low either way (few of their 4-grams coincide),
and a short brief inside a long article (share below the minimum) is judged by Jaccard, i.e. not a duplicate.

Short texts (the shorter under ``SHORT_CHARS`` characters, whitespace removed) have too few 4-grams for that: one
changed character in a 12-character question removes a third of them, while two different questions with the same
opening share most. They are compared character by character instead:

    similarity = 1 - (Levenshtein edits) / (length of the longer text)

and must reach ``SHORT_FLOOR`` (or the safety floor, if higher): about one edit in seven characters. A short text
is an excerpt of nothing; "山东蓝翔怎么样" is not a copy of "山东蓝翔怎么样？谁上过".

Figures decide too. Templated reports - a dividend notice, a market report, a weekly statistic - share nearly all
their words and differ in their numbers; a copy keeps the numbers of what it copies. So a pair whose shorter text
has numbers missing from the longer one (at least one, and at least ``FIGURES_MISSING`` of its numbers, counted
with repeats) is not a duplicate, however similar the words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

import numpy as np

from .text import (
    SEP,
    find_sorted,
    join_column,
    overlap,
    per_slice,
    sorted_unique,
    span_hashes,
    string_hash,
    unique_counts,
    utf32,
)

SIMILARITY_GRAM = 4  # the common similarity every pair carries is computed on character 4-grams
SHORT_CHARS = 40  # a pair whose shorter text has fewer characters is compared character by character
SHORT_FLOOR = 0.85  # ... and must be at least this similar


FIGURES_MISSING = 0.2  # share of the shorter text's numbers that, missing from the longer, makes them different
_NUMBER = re.compile(r"\d+(?:[.,:/]\d+)*")


def figures(text: str) -> Counter[str]:
    """The numbers of a text, with repeats ("1,979,000" and "1979000" are the same figure)."""
    return Counter(m.replace(",", "") for m in _NUMBER.findall(text))


def figures_differ(a: str, b: str) -> bool:
    """True when the shorter text carries numbers the longer one does not (see the module docstring)."""
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    mine = figures(short)
    if not mine:
        return False
    missing = sum((mine - figures(long)).values())
    return missing >= 1 and missing >= FIGURES_MISSING * sum(mine.values())


def figures_differ_pairs(texts: Sequence[str], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``figures_differ(texts[a[i]], texts[b[i]])`` for every pair, column-at-once: each text's numbers are read
    once (``_slice_numbers``, a slice of the column at a time), numbered by one sort, and every pair's shorter
    text's numbers are looked up in the longer one's by sorted search."""
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    if not len(a):
        return np.zeros(0, dtype=bool)
    docs = sorted_unique(np.concatenate([a, b]))
    used = [texts[d] for d in docs.tolist()]
    hashes, doc_of = per_slice(used, _slice_numbers)
    distinct, ids = np.unique(hashes, return_inverse=True)
    width = max(len(distinct), 1)
    # (text, number) -> how often, as sorted keys.
    keys, counts = unique_counts(doc_of * width + ids)
    lengths = np.fromiter(map(len, used), dtype=np.int64, count=len(used))
    la, lb = np.searchsorted(docs, a), np.searchsorted(docs, b)
    a_short = lengths[la] <= lengths[lb]
    short, long = np.where(a_short, la, lb), np.where(a_short, lb, la)
    # The distinct numbers of each pair's shorter text, one entry each, and how often the longer text has them.
    first = np.searchsorted(keys // width, np.arange(len(docs) + 1))
    entries = first[short + 1] - first[short]
    pair = np.repeat(np.arange(len(a)), entries)
    at = np.arange(len(pair)) - np.repeat(np.cumsum(entries) - entries, entries) + np.repeat(first[short], entries)
    mine = counts[at]
    where, there = find_sorted(keys, long[pair] * width + keys[at] % width)
    theirs = np.where(there, counts[where], 0)
    missing = np.bincount(pair, weights=np.maximum(mine - theirs, 0), minlength=len(a))
    total = np.bincount(pair, weights=mine, minlength=len(a))
    return (missing >= 1) & (missing >= FIGURES_MISSING * total)


def _slice_numbers(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """A hash of each number of a slice of texts (as ``figures`` reads them: equal for equal figures) and the
    index of the text each is in, from the code points of the texts joined: a number is a run of digits and of
    separators that stand between two digits (what the pattern ``\\d+(?:[.,:/]\\d+)*`` finds), hashed without
    its commas."""
    joined = join_column(texts)
    if joined is None:  # a text holds the separator: text by text
        found = [[m.replace(",", "") for m in _NUMBER.findall(t)] for t in texts]
        doc_of = np.repeat(np.arange(len(texts)), np.fromiter(map(len, found), dtype=np.int64, count=len(texts)))
        flat = list(chain.from_iterable(found))
        return np.array([string_hash(m) for m in flat], dtype=np.uint64), doc_of
    cps = utf32(joined)
    kind = _number_classes().take(cps)
    joins = np.flatnonzero(kind[1:-1] == 2) + 1
    joins = joins[(kind[joins - 1] == 1) & (kind[joins + 1] == 1)]
    at = np.sort(np.concatenate([np.flatnonzero(kind == 1), joins]))  # every character inside a number
    first = np.ones(len(at), dtype=bool)
    first[1:] = at[1:] != at[:-1] + 1
    starts = np.flatnonzero(first)
    ends = np.append(starts[1:], len(at))
    chars = cps[at]
    kept = chars != ord(",")
    before = np.zeros(len(at) + 1, dtype=np.int64)
    np.cumsum(kept, out=before[1:])
    hashes = span_hashes(chars[kept].astype(np.uint64), before[starts], before[ends])
    return hashes, np.searchsorted(np.flatnonzero(cps == ord(SEP)), at[starts])


@lru_cache(maxsize=1)
def _number_classes() -> np.ndarray:
    """Per code point: 1 a digit (``str.isdecimal``, what the pattern's ``\\d`` matches: a test checks every code
    point), 2 a separator that joins digits into one number ([.,:/]), else 0."""
    table = np.strings.isdecimal(np.arange(0x110000, dtype=np.uint32).view("U1")).astype(np.uint8)
    table[[ord(c) for c in ".,:/"]] = 2
    return table


def is_short(a: str, b: str) -> bool:
    """True when the pair (compact texts, whitespace removed) is judged by edits, not 4-grams."""
    return min(len(a), len(b)) < SHORT_CHARS


def edit_similarity(a: str, b: str) -> float:
    """1 - Levenshtein edits / length of the longer text."""
    if not a or not b:
        return 0.0
    from rapidfuzz.distance import Levenshtein  # loaded when a short pair is first scored

    return float(Levenshtein.normalized_similarity(a, b))


@dataclass(frozen=True)
class TextCheck:
    floor: float = 0.8
    excerpts: bool = True
    excerpt_share: float = 0.5

    @classmethod
    def of(cls, settings) -> TextCheck:
        return cls(float(settings.min_similarity), bool(settings.excerpts), float(settings.excerpt_share))

    def score(self, a: np.ndarray, b: np.ndarray) -> float:
        """Similarity of two texts given their sorted unique gram hashes (see the module docstring)."""
        la, lb = len(a), len(b)
        if la == 0 or lb == 0:
            return 0.0  # an empty text is never a duplicate of anything
        inter = overlap(a, b)
        jaccard = inter / (la + lb - inter)
        small, large = (la, lb) if la <= lb else (lb, la)
        if self.excerpts and small >= self.excerpt_share * large:
            return max(jaccard, inter / small)
        return jaccard

    def score_texts(self, a: str, b: str, grams_a: np.ndarray, grams_b: np.ndarray) -> float:
        """The similarity of two compact texts: by edits when the pair is short, else by their grams."""
        if is_short(a, b):
            return edit_similarity(a, b)
        return self.score(grams_a, grams_b)

    def floor_for(self, short: bool) -> float:
        """The lowest similarity a pair may have and still be a duplicate."""
        return max(self.floor, SHORT_FLOOR) if short else self.floor

    def lowest_jaccard(self, threshold: float) -> float:
        """The smallest Jaccard similarity a pair scoring ``threshold`` can have: candidate searches that bound
        Jaccard must reach down to it so that excerpts are not missed."""
        if not self.excerpts:
            return threshold
        s = self.excerpt_share
        # contained >= t with share >= s gives overlap >= t * |A| and |A u B| <= |A| / s + |A| - overlap.
        return min(threshold, threshold / (1.0 / s + 1.0 - threshold))

    def plausible(self, small: np.ndarray, large: np.ndarray, threshold: float) -> np.ndarray:
        """Pairs whose gram-set sizes allow a score of ``threshold`` at all (Jaccard <= small / large)."""
        return small >= self.plausible_ratio(threshold) * large - 1e-9

    @staticmethod
    def edits_allow(length_a: np.ndarray, length_b: np.ndarray) -> np.ndarray:
        """Pairs whose character counts allow them to be duplicates: every pair judged by grams; a short pair,
        judged by edits, only when the shorter text has ``SHORT_FLOOR`` of the longer one's characters (a
        similarity s allows ``(1 - s) x longer`` edits, and the difference in length takes as many; no setting
        lets a short pair below ``SHORT_FLOOR`` be a duplicate)."""
        small, large = np.minimum(length_a, length_b), np.maximum(length_a, length_b)
        return (small >= SHORT_CHARS) | (small >= SHORT_FLOOR * large - 1e-9)

    def plausible_ratio(self, threshold: float) -> float:
        """The smallest share of the larger gram set the smaller can have in a pair scoring ``threshold``."""
        return min(threshold, self.excerpt_share) if self.excerpts else threshold
