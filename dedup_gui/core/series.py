"""Series: one short template filled several ways is several items, not copies of one.

A title or a question made from a template - "天津外国语大学2019年硕士研究生招生简章", "天津城建大学...",
"天津师范大学..."; "实用口语：“失言”英语怎么说？", "“唠叨”...", "“懒虫”..." - differs from its siblings in one word, and
the text check passes it (a few characters in thirty). One pair alone cannot tell a series from a copy with a word
rewritten ("维密水晶秀服曝光" / "维密水晶秀服亮相"); the run's pairs can: when the same frame - the same text before
and after the word - holds ``SERIES_FILLERS`` words or more that share no character (three institutions, three
words to translate), the frame is a series and none of its pairs is a duplicate.

Only short texts (under ``SHORT_CHARS`` characters, as the text check reads them by edits) and pairs at least two
characters apart are read; a word is two to ``doubt.WORD_MAX`` Chinese characters that carry meaning (no sign,
particle, numeral or negation: ``core.doubt``). Rewordings of one question share characters ("会出" / "会有" / "还会
有"第二部吗) and are no series. On the 12,461 Sina headlines deduplicated by title, the rule keeps 8 series items
apart that were removed (three universities' admission notices, five "how to say ... in English"); on LCQMC's
38,643 questions it changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

from .columnar import lengths_of
from .doubt import frame_of, may_be_a_word_apart

SERIES_FILLERS = 3  # words sharing no character that make a frame a series
_MANY = 40  # fillers of one frame past which three disjoint ones are looked for greedily


def is_series(fillers: set[str]) -> bool:
    """Whether ``SERIES_FILLERS`` of these words share no character with each other."""
    if len(fillers) < SERIES_FILLERS:
        return False
    words = sorted(fillers)
    if len(words) > _MANY:  # (greedy: a frame this full is a series all the more)
        chosen: list[set[str]] = []
        for w in words:
            if all(set(w).isdisjoint(c) for c in chosen):
                chosen.append(set(w))
        return len(chosen) >= SERIES_FILLERS
    return any(
        all(set(p).isdisjoint(q) for p, q in combinations(group, 2)) for group in combinations(words, SERIES_FILLERS)
    )


def framed(
    texts_a: Sequence[str], texts_b: Sequence[str], similarity: np.ndarray
) -> list[tuple[int, tuple[str, str, str, str]]]:
    """The pairs (texts ``texts_a[k]``, ``texts_b[k]``) that may be items of a series, each with its
    ``frame_of``: (k, (before, after, word, word)). Only short texts are read, and only pairs at least two
    characters apart by their ``similarity`` (``doubt.may_be_a_word_apart``)."""
    out = []
    for k in np.flatnonzero(may_be_a_word_apart(lengths_of(texts_a), lengths_of(texts_b), similarity)).tolist():
        found = frame_of(texts_a[k], texts_b[k])
        if found is not None:
            out.append((k, found))
    return out


def series_pairs(
    texts: Sequence[str],
    a: np.ndarray,
    b: np.ndarray,
    among: np.ndarray,
    similarity: np.ndarray,
    lengths: np.ndarray | None = None,
):
    """Which pairs (of unique texts ``texts``: ``a``, ``b``) are two items of a series (a mask): read among the pairs
    ``among`` (those that passed the rest of the text check), as ``framed`` picks them. ``lengths``: the texts'
    (``columnar.lengths_of``), when the caller has them."""
    out = np.zeros(len(a), dtype=bool)
    lengths = lengths_of(texts) if lengths is None else lengths
    # (``framed``'s own test, at once: the texts of the other pairs are never gathered - nor the lengths of the pairs
    # not among them: 100k templated rows, 18M pairs none of which passed, took 1.1 s and 450 MB for them)
    at = np.flatnonzero(among)
    at = at[may_be_a_word_apart(lengths[a[at]], lengths[b[at]], similarity[at])]
    found = framed([texts[u] for u in a[at].tolist()], [texts[v] for v in b[at].tolist()], similarity[at])
    frames: dict[tuple[str, str], set[str]] = {}
    for _, (before, after, x, y) in found:
        frames.setdefault((before, after), set()).update((x, y))
    series = {key for key, fillers in frames.items() if is_series(fillers)}
    for k, (before, after, _, _) in found:
        if (before, after) in series:
            out[at[k]] = True
    return out
