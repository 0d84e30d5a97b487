"""Boilerplate learned from the loaded data: sentences that recur across many otherwise different texts.

A site disclaimer (新浪声明…), an editor's byline (责任编辑：…), a copyright or share footer, "点击进入专题" or a line
of navigation says nothing about whether two articles are copies. Such a sentence is found by its document
frequency in the input and removed from the text every fingerprint and the text check see (never from what is
exported).

Frequency alone would also flag the sentences of a story reposted many times, so a frequent sentence is boilerplate
only when the texts carrying it *otherwise differ*: for a sample of those texts, the median Jaccard similarity of
their sentence sets, without the sentence itself, is below one half.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
import xxhash

from .progress import Reporter
from .text import join_column, number_pieces, text_slices

# A sentence with its closing punctuation; the separators are kept so that the text can be rebuilt.
_PIECE = re.compile(r"[^。！？!?；;\n]*[。！？!?；;]+|[^。！？!?；;\n]+")
MIN_CHARS = 4  # shorter pieces ("图", "(完)") are neither evidence nor worth flagging
SAMPLE = 8  # texts sampled per frequent sentence to see whether they otherwise differ
DIFFERENT = 0.5  # median sentence-set similarity below which the texts carrying a sentence differ


def piece_key(piece: str) -> int | None:
    """The hash a sentence is counted by: whitespace and closing punctuation ignored; None when too short."""
    core = "".join(piece.split()).rstrip("。！？!?；;")
    if len(core) < MIN_CHARS:
        return None
    return xxhash.xxh64_intdigest(core.encode("utf-8"))


def _keys(text: str) -> list[int]:
    out = []
    for piece in _PIECE.findall(text):
        key = piece_key(piece)
        if key is not None:
            out.append(key)
    return out


_CORE = re.compile(r"[^。！？!?；;\n]+")  # a piece without its closing punctuation (whitespace removed first)
_SPACE = re.compile(r"[^\S\n]+")


def column_keys(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The distinct sentence keys (``_keys``) of every text, sorted by text (a slice of the column at a time)."""
    keys, docs = [np.zeros(0, dtype=np.uint64)], [np.zeros(0, dtype=np.int64)]
    for lo, hi in text_slices(texts):
        k, d = _slice_keys(texts[lo:hi])
        keys.append(k)
        docs.append(d + lo)
    return np.concatenate(keys), np.concatenate(docs)


def _slice_keys(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The distinct sentence keys (``_keys``) of every text, sorted by text: (keys, text of each), found once over
    the joined column (a separator line between texts)."""
    joined = join_column(texts)
    if joined is None:
        per = [sorted(set(_keys(t))) for t in texts]
        flat = [k for p in per for k in p]
        return np.array(flat, dtype=np.uint64), np.repeat(np.arange(len(texts), dtype=np.int64), list(map(len, per)))
    cores = _CORE.findall(_SPACE.sub("", joined))
    lengths = np.fromiter(map(len, cores), dtype=np.int64, count=len(cores))
    is_sep, doc = number_pieces(cores)
    use = np.flatnonzero((lengths >= MIN_CHARS) & ~is_sep)
    h64 = xxhash.xxh64_intdigest
    keys = np.fromiter(map(h64, map(str.encode, (cores[i] for i in use.tolist()))), dtype=np.uint64, count=len(use))
    docs = doc[use]
    order = np.lexsort((keys, docs))
    keys, docs = keys[order], docs[order]
    new = np.r_[True, (keys[1:] != keys[:-1]) | (docs[1:] != docs[:-1])] if len(keys) else np.zeros(0, dtype=bool)
    return keys[new], docs[new]


@dataclass
class Boilerplate:
    """The sentences judged boilerplate in one input, by hash."""

    keys: frozenset[int] = field(default_factory=frozenset)

    def __bool__(self) -> bool:
        return bool(self.keys)

    def split(self, text: str) -> tuple[str, list[str]]:
        """(text without boilerplate sentences, the sentences removed). Lines are kept; a text made only of
        boilerplate is returned whole (it is compared as it is, not as an empty text)."""
        if not self.keys:
            return text, []
        removed: list[str] = []
        lines = []
        for line in text.split("\n"):
            kept = []
            for piece in _PIECE.findall(line):
                key = piece_key(piece)
                if key is not None and key in self.keys:
                    removed.append(piece.strip())
                else:
                    kept.append(piece)
            joined = "".join(kept).strip()
            if joined:
                lines.append(joined)
        if not removed:
            return text, []
        content = "\n".join(lines)
        if not "".join(content.split()):
            return text, []
        return content, removed


def learn(texts: list[str], min_docs: int, reporter: Reporter | None = None) -> Boilerplate:
    """The boilerplate of ``texts`` (unique normalised texts): sentences in at least ``min_docs`` texts that
    otherwise differ. ``min_docs`` 0 turns detection off."""
    if min_docs <= 0 or len(texts) < min_docs:
        return Boilerplate()
    reporter = reporter or Reporter()
    reporter.report("Finding boilerplate", 0, len(texts))
    hashes, docs = column_keys(texts)
    reporter.report("Finding boilerplate", len(texts), len(texts))
    if not len(hashes):
        return Boilerplate()
    starts = np.searchsorted(docs, np.arange(len(texts) + 1))
    order = np.argsort(hashes, kind="stable")
    sh, sd = hashes[order], docs[order]
    run_starts = np.flatnonzero(np.r_[True, sh[1:] != sh[:-1]])
    run_sizes = np.diff(np.r_[run_starts, len(sh)])
    frequent = np.flatnonzero(run_sizes >= min_docs)
    if len(frequent) == 0:
        return Boilerplate()

    sets: dict[int, frozenset[int]] = {}

    def sentence_set(d: int) -> frozenset[int]:
        s = sets.get(d)
        if s is None:
            s = sets[d] = frozenset(hashes[starts[d] : starts[d + 1]].tolist())
        return s

    found = set()
    for r in frequent.tolist():
        reporter.check()
        key = int(sh[run_starts[r]])
        carriers = sd[run_starts[r] : run_starts[r] + run_sizes[r]]
        picks = carriers[np.linspace(0, len(carriers) - 1, min(SAMPLE, len(carriers))).astype(np.int64)]
        sims = []
        for x, y in combinations(picks.tolist(), 2):
            sx, sy = sentence_set(x) - {key}, sentence_set(y) - {key}
            union = len(sx | sy)
            sims.append(len(sx & sy) / union if union else 1.0)
        if float(np.median(sims)) < DIFFERENT:
            found.add(key)
    return Boilerplate(frozenset(found))
