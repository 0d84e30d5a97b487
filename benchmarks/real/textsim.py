"""Similarity measures used for labels and for the "< 50 %" report, written independently of the engine.

Labels rest on *copy coverage*: the share of the shorter text covered by passages of at least ``L`` units
(characters for Chinese, words for English) that occur verbatim in the longer text. A repost, re-crawl or excerpt
re-uses long passages; two write-ups of one event share names, numbers and a quote or two, so their coverage stays
low even when their character overlap is high (character LCS reached 0.9 on such pairs; coverage stayed < 0.6).
The "< 50 %" report uses a different, standard measure: rapidfuzz's Indel ratio (2·LCS / (len a + len b)).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from rapidfuzz.distance import Indel, Levenshtein

ZH_L = 10  # characters: about five Chinese words
EN_L = 8  # words

_CJK = re.compile(r"[\u3400-\u9fff]")
_CODE = re.compile(r"[{};=]|^\s*//|\bfunction\b|\bvar\s")
_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"[a-z0-9]+(?:['.-][a-z0-9]+)*")
_PUNCT = re.compile(r"[\W_]+")


def clean_zh(text: str) -> str:
    """Chinese article body for labelling: page code lines and tags dropped, NFKC, case-folded, no whitespace."""
    lines = [ln for ln in text.split("\n") if _CJK.search(ln) or not _CODE.search(ln)]
    body = _TAG.sub("", "\n".join(lines))
    return _SPACE.sub("", unicodedata.normalize("NFKC", body)).casefold()


def words_en(text: str) -> list[str]:
    """Lower-cased word tokens; quoted-reply markers and punctuation are not words."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


def compact(text: str) -> str:
    """Letters and digits only, NFKC, case-folded: for edit distances between short sentences."""
    return _PUNCT.sub("", unicodedata.normalize("NFKC", text).casefold())


def coverage(a: Sequence, b: Sequence, size: int) -> tuple[float, float]:
    """(share of the shorter covered by ``size``-long runs found in the longer, length ratio shorter/longer)."""
    if len(a) > len(b):
        a, b = b, a
    if not a:
        return 0.0, 0.0
    ratio = len(a) / len(b)
    if len(a) < size:
        return (1.0 if _contains(b, a) else 0.0), ratio
    if isinstance(a, str):
        seen = {b[i : i + size] for i in range(len(b) - size + 1)}
        windows = (a[i : i + size] for i in range(len(a) - size + 1))
    else:
        seen = {tuple(b[i : i + size]) for i in range(len(b) - size + 1)}
        windows = (tuple(a[i : i + size]) for i in range(len(a) - size + 1))
    covered = until = 0
    for i, w in enumerate(windows):
        if w in seen:
            covered += i + size - max(i, until)
            until = i + size
    return covered / len(a), ratio


def _contains(b: Sequence, a: Sequence) -> bool:
    if isinstance(b, str):
        return a in b
    n = len(a)
    return any(list(b[i : i + n]) == list(a) for i in range(len(b) - n + 1))


def indel_ratio(a: str, b: str) -> float:
    """rapidfuzz Indel normalised similarity: 2·LCS / (len a + len b), on the strings as given."""
    return float(Indel.normalized_similarity(a, b))


def edit_distance(a: str, b: str) -> int:
    return int(Levenshtein.distance(a, b))
