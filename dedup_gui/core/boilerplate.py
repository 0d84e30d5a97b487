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

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from . import regexes
from .columnar import GramColumns, pair_overlap
from .parallel import map_ranges
from .progress import Reporter
from .text import (
    SEP,
    distinct_of_sorted,
    factorize,
    find_sorted,
    from_utf32,
    join_column,
    joined_starts,
    per_slice,
    sort_in_place,
    sorted_unique,
    span_hashes,
    span_positions,
    string_hash,
    text_slices,
    utf32,
    whitespace_code_points,
)

# A sentence with its closing punctuation; the separators are kept so that the text can be rebuilt.
_PIECE = regexes.compile(r"[^。！？!?；;\n]*[。！？!?；;]+|[^。！？!?；;\n]+")
MIN_CHARS = 4  # shorter pieces ("图", "(完)") are neither evidence nor worth flagging
SAMPLE = 8  # texts sampled per frequent sentence to see whether they otherwise differ
DIFFERENT = 0.5  # median sentence-set similarity below which the texts carrying a sentence differ


_PUNCT = "。！？!?；;"
_PIECE_OR_BREAK = regexes.compile(
    _PIECE.pattern + "|\n"
)  # the pieces of every line and the line breaks: the whole text


def piece_key(piece: str) -> int | None:
    """The hash a sentence is counted by: whitespace and closing punctuation ignored; None when too short."""
    core = "".join(piece.split()).rstrip(_PUNCT)
    if len(core) < MIN_CHARS:
        return None
    return string_hash(core)


def _keys(text: str) -> list[int]:
    out = []
    for piece in _PIECE.findall(text):
        key = piece_key(piece)
        if key is not None:
            out.append(key)
    return out


@lru_cache(maxsize=1)
def _char_classes() -> np.ndarray:
    """Per character (astral ones share the last entry): 0 content, 1 whitespace (``str.split``'s), 2 closing
    punctuation."""
    classes = np.zeros(0x10001, dtype=np.uint8)
    classes[whitespace_code_points()] = 1
    classes[[ord(c) for c in _PUNCT]] = 2
    return classes


@dataclass
class _Pieces:
    """The pieces (``_PIECE``) and line breaks of a joined column, in order, with each piece's key."""

    lengths: np.ndarray
    cps: np.ndarray  # the joined column's code points (uint32)
    doc: np.ndarray  # the text of each piece (separators are pieces of their own)
    keys: np.ndarray  # ``piece_key`` of each piece (0 where it has none)
    has_key: np.ndarray


def _pieces(joined: str) -> _Pieces:
    """``piece_key`` of every piece of the joined column at once. A piece's core is its content characters (class
    0): closing punctuation ends a piece, so none comes before a piece's last content character, and whitespace is
    left out. The cores are hashed by ``span_hashes`` over the column's content characters, each piece's span
    found from the count of the few other characters (whitespace, punctuation) in it - not from a running count
    over every character (a cumulative sum and a search of every content position cost half the time) - unless
    they are many (``OTHER_SHARE``: Latin text, a space between words), where a running count of them is read at
    each piece's end instead of a search for each (17M characters of English articles: 30 -> 17 ms a pass; the
    cleaned files the same)."""
    cps = utf32(joined)
    cls = _char_classes().take(cps, mode="clip")
    ends = _piece_ends(cps, cls)
    lengths = np.diff(ends, prepend=0)
    starts = ends - lengths
    is_content = cls == 0
    other = np.flatnonzero(~is_content)
    if len(other) > OTHER_SHARE * len(cps):
        counted = np.cumsum(~is_content, dtype=np.int32 if len(cps) < 1 << 31 else np.int64)  # (others so far)
        core_lengths = lengths - np.diff(counted[ends - 1], prepend=0)
    else:
        core_lengths = lengths - np.bincount(np.searchsorted(ends, other, side="right"), minlength=len(ends))
    core_end = np.cumsum(core_lengths)
    has_key = core_lengths >= MIN_CHARS
    keys = np.zeros(len(ends), dtype=np.uint64)
    content = cps[is_content] if len(other) else cps
    keys[has_key] = span_hashes(content, (core_end - core_lengths)[has_key], core_end[has_key])
    is_sep = (lengths == 1) & (cps[np.minimum(starts, max(0, len(cps) - 1))] == ord(SEP))
    return _Pieces(lengths, cps, np.cumsum(is_sep), keys, has_key)


# Where more than this share of a slice's characters are not content (whitespace, closing punctuation), ``_pieces``
# counts them per piece by a running count, else by a search of each (Chinese text: a few in a hundred).
OTHER_SHARE = 0.08


def _piece_ends(cps: np.ndarray, cls: np.ndarray) -> np.ndarray:
    """Where each piece of ``_PIECE_OR_BREAK.findall`` ends, from the characters' classes: after each run of
    closing punctuation, before and after each line break, and at the end."""
    punct, brk = cls == 2, cps == 10
    end_after = np.empty(len(cps), dtype=bool)
    if len(cps):
        end_after[:-1] = (punct[:-1] & ~punct[1:]) | brk[:-1] | brk[1:]
        end_after[-1] = True
    return np.flatnonzero(end_after) + 1


def column_keys(texts: list[str], lengths: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The distinct sentence keys (``_keys``) of every text, sorted by text (a slice of the column at a time).
    (``located_keys``: each text's keys as they come, with their places - what ``learn`` reads.)"""
    return per_slice(texts, _slice_keys, lengths)


def _slice_keys(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The distinct sentence keys (``_keys``) of every text, sorted by text: (keys, text of each), found once over
    the joined column (a separator line between texts)."""
    joined = join_column(texts)
    found = _pieces(joined) if joined is not None else None
    if found is None:  # a text holds the separator
        return _keys_text_by_text(texts, distinct=True)
    keys, docs = found.keys[found.has_key], found.doc[found.has_key]  # (in text order)
    # Each text's keys sorted: only those of the texts with two or more are looked at (short texts are mostly a
    # sentence each: 1M of them, a lexsort of every key 0.1 s).
    same = docs[1:] == docs[:-1]
    if same.any():
        several = np.zeros(len(docs), dtype=bool)
        several[1:] |= same
        several[:-1] |= same
        at = np.flatnonzero(several)
        keys[at] = keys[at[np.lexsort((keys[at], docs[at]))]]  # (the texts' places stay: they are in order)
    new = np.r_[True, (keys[1:] != keys[:-1]) | ~same] if len(keys) else np.zeros(0, dtype=bool)
    return keys[new], docs[new]


def _keys_text_by_text(texts: list[str], distinct: bool) -> tuple[np.ndarray, np.ndarray]:
    """The keys of ``_slice_keys`` (``distinct``) or ``_located_slice_keys`` (as they come) a text at a time (where
    a text holds the separator)."""
    per = [sorted(set(_keys(t))) if distinct else _keys(t) for t in texts]
    flat = [k for p in per for k in p]
    return np.array(flat, dtype=np.uint64), np.repeat(np.arange(len(texts), dtype=np.int64), list(map(len, per)))


def _located_slice_keys(texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """``_slice_keys`` as they come (``distinct`` False), with where each keyed piece is in its text: its start and
    end (int32, one row each) - None where a text holds the separator (the slice's keys are then read text by
    text, without their places)."""
    joined = join_column(texts)
    found = _pieces(joined) if joined is not None else None
    if found is None:
        return (*_keys_text_by_text(texts, distinct=False), None)
    keyed = found.has_key
    docs = found.doc[keyed]
    ends = np.cumsum(found.lengths)[keyed]
    ends -= joined_starts(texts).take(docs)
    where = np.empty((len(ends), 2), dtype=np.int32)  # (a text is under 2**31 characters)
    where[:, 0] = ends - found.lengths[keyed]
    where[:, 1] = ends
    return found.keys[keyed], docs, where


def located_keys(
    texts: list[str], lengths: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The sentence keys of every text as they come, repeats and all (``learn`` numbers them first), the text of
    each, and where each key's piece is in its text (``_located_slice_keys``; None when a text holds the
    separator), a slice of the column at a time."""
    return per_slice(texts, _located_slice_keys, lengths, more=(np.zeros((0, 2), np.int32),))


def strip_all(texts: list[str], boilerplate: Boilerplate, carriers: np.ndarray | None = None) -> list[str]:
    """``[boilerplate.split(t)[0] for t in texts]`` (a text without boilerplate is returned as it is, the same
    object): the boilerplate pieces of a slice of the column found and cut out at once, then the lines of the texts
    that lost a piece tidied as ``split`` tidies them. ``carriers``: the only texts that hold a boilerplate
    sentence, when known (``learn`` knows them for the texts it read, and where those sentences are in them:
    ``Boilerplate.cuts``, which are then cut out there - the Reuters stories' boilerplate 0.30 -> 0.10 s on one
    core)."""
    if not boilerplate:
        return list(texts)
    if carriers is not None:
        out = list(texts)
        at = carriers.tolist()
        some = [texts[i] for i in at]
        cut = boilerplate.cuts
        stripped = strip_all(some, boilerplate) if cut is None else _cut_all(some, boilerplate, cut.of(carriers))
        for i, c in zip(at, stripped, strict=True):
            out[i] = c
        return out
    wanted = np.sort(np.fromiter(boilerplate.keys, dtype=np.uint64, count=len(boilerplate.keys)))
    out = list(texts)
    for (lo, _), changed in map_ranges(
        lambda lo, hi: _strip_slice(texts[lo:hi], boilerplate, wanted), text_slices(texts)
    ):
        for d, content in changed:
            out[lo + d] = content
    return out


def _strip_slice(texts: list[str], boilerplate: Boilerplate, wanted: np.ndarray) -> list[tuple[int, str]]:
    """``strip_all`` of a slice of the column (``wanted``: the boilerplate keys, sorted): the texts that lost a
    piece, by their place in the slice, with what is left of them."""
    joined = join_column(texts)
    found = _pieces(joined) if joined is not None else None
    if found is None:
        return _split_each(texts, boilerplate)
    removed = found.has_key & find_sorted(wanted, found.keys)[1]
    if not removed.any():
        return []
    kept = from_utf32(found.cps[~np.repeat(removed, found.lengths)])
    return _tidied(kept, sorted_unique(found.doc[removed]))


def _split_each(texts: list[str], boilerplate: Boilerplate) -> list[tuple[int, str]]:
    """``_strip_slice`` a text at a time (where a text holds the separator)."""
    return [(d, content) for d, t in enumerate(texts) if (content := boilerplate.split(t)[0]) is not t]


def _tidied(kept: str, changed: np.ndarray) -> list[tuple[int, str]]:
    """The texts ``changed`` (their places, ascending) of a joined slice whose boilerplate pieces were taken out
    (``kept``), each with what is left of it - every line tidied as ``split`` tidies a text's (stripped, the empty
    ones dropped), the whole slice at once: each separator stays a line of its own, so a text is what lies between
    two, less the line breaks around it. A text made only of boilerplate, or of it and scraps
    (``too_little_left``), is compared as it is (left out)."""
    parts = "\n".join(filter(None, map(str.strip, kept.split("\n")))).split(SEP)
    return [
        (d, content) for d in changed.tolist() if (content := parts[d].strip("\n")) and not too_little_left(content)
    ]


def _cut_all(texts: list[str], boilerplate: Boilerplate, cuts: Cuts) -> list[str]:
    """``strip_all(texts, boilerplate)``, the pieces to take out known (``cuts``, of these texts): each slice
    joined, the pieces cut out of it by their places - not its sentences found and hashed again - and tidied."""
    out = list(texts)
    for (lo, _), changed in map_ranges(
        lambda lo, hi: _cut_slice(texts[lo:hi], boilerplate, cuts.within(lo, hi)), text_slices(texts)
    ):
        for d, content in changed:
            out[lo + d] = content
    return out


def _cut_slice(texts: list[str], boilerplate: Boilerplate, cuts: Cuts) -> list[tuple[int, str]]:
    """``_strip_slice`` with the pieces to take out known (``cuts``: of these texts, by their places in the
    slice)."""
    if not len(cuts.doc):
        return []
    joined = join_column(texts)
    if joined is None:  # (a text holding the separator: ``learn`` then tells no places - never met here)
        return _split_each(texts, boilerplate)
    starts = joined_starts(texts).take(cuts.doc)
    # What lies between the pieces, joined (the pieces of a text never overlap and come in order).
    begin = np.r_[0, starts + cuts.end]
    end = np.r_[starts + cuts.start, len(joined)]
    kept = "".join(map(joined.__getitem__, map(slice, begin.tolist(), end.tolist())))
    return _tidied(kept, distinct_of_sorted(cuts.doc))  # (the cuts come in text order)


@dataclass
class Cuts:
    """Where the boilerplate pieces of some texts are: per piece its text and its start and end in the text,
    ordered by text, then place."""

    doc: np.ndarray  # int64
    start: np.ndarray  # int32
    end: np.ndarray  # int32

    def of(self, texts: np.ndarray) -> Cuts:
        """The cuts, their texts numbered by their places in ``texts`` (ascending; every text of a cut in it)."""
        return Cuts(np.searchsorted(texts, self.doc), self.start, self.end)

    def within(self, lo: int, hi: int) -> Cuts:
        """The cuts of texts ``lo`` to ``hi``, their texts numbered from ``lo``."""
        a, b = np.searchsorted(self.doc, [lo, hi])
        return Cuts(self.doc[a:b] - lo, self.start[a:b], self.end[a:b])


LITTLE_CHARS = 64  # content this long or longer is never too little (``too_little_left``)


def too_little_left(content: str) -> bool:
    """Whether what a text keeps without its boilerplate is too little to compare: under ``MIN_CHARS`` letters,
    digits and Chinese characters - a list's number ("4。"), "（完）", a lone word. Such a text is compared whole: its
    scrap, an excerpt of any text holding it, had made it a copy of texts it shares nothing with (100k bench posts:
    two exam-rule sentences, both boilerplate, and "4。" removed as a copy of "4。报名期间将对考生学历..." - similarity
    1.0)."""
    return len(content) < LITTLE_CHARS and sum(map(str.isalnum, content)) < MIN_CHARS


@dataclass
class Boilerplate:
    """The sentences judged boilerplate in one input, by hash."""

    keys: frozenset[int] = field(default_factory=frozenset)
    # The texts ``learn`` read that hold one of them (their indices), for ``strip_all``; None when not known.
    carriers: np.ndarray | None = field(default=None, compare=False, repr=False)
    # Where those sentences are in the texts ``learn`` read, for ``strip_all`` of those texts; None when not known.
    cuts: Cuts | None = field(default=None, compare=False, repr=False)

    def __bool__(self) -> bool:
        return bool(self.keys)

    def split(self, text: str) -> tuple[str, list[str]]:
        """(text without boilerplate sentences, the sentences removed). Lines are kept; a text made only of
        boilerplate, or of it and scraps (``too_little_left``), is returned whole (it is compared as it is, not as an
        empty text or a scrap)."""
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
        if not "".join(content.split()) or too_little_left(content):
            return text, []
        return content, removed


def learn(
    texts: list[str], min_docs: int, reporter: Reporter | None = None, lengths: np.ndarray | None = None
) -> Boilerplate:
    """The boilerplate of ``texts`` (unique normalised texts): sentences in at least ``min_docs`` texts that
    otherwise differ. ``min_docs`` 0 turns detection off. ``lengths``: the texts' lengths, when known."""
    if min_docs <= 0 or len(texts) < min_docs:
        return Boilerplate()
    reporter = reporter or Reporter()
    reporter.report("Finding boilerplate", 0, len(texts))
    # (with where each sentence is: ``strip_all`` cuts the boilerplate out there, not finding every sentence again)
    hashes, docs, where = located_keys(texts, lengths)
    reporter.report("Finding boilerplate", len(texts), len(texts))
    if not len(hashes):
        return Boilerplate()
    # Each sentence numbered (a dense id, in order of first occurrence) by ``factorize``'s sorts of packed keys;
    # then each text's distinct sentences, by one sort of (text, sentence) numbers - not each text's keys sorted in
    # its slice by a lexsort (100k bench articles: learn 1.27-1.34 s against 1.46-1.55 on two cores).
    run_of, sentences = factorize(hashes)
    del hashes
    # (per piece, in text order, for the cuts: 3M pieces at 100k bench articles, 48 MB with their places)
    located = None if where is None else (docs.astype(np.int32), run_of.astype(np.int32), where)
    del where
    pairs = (docs.astype(np.int64) << np.int64(32)) | run_of  # (under 2**31 texts, 2**32 sentences)
    sort_in_place(pairs)
    pairs = distinct_of_sorted(pairs)
    docs, run_of = pairs >> np.int64(32), pairs & np.int64(0xFFFFFFFF)
    del pairs
    run_sizes = np.bincount(run_of, minlength=len(sentences))
    frequent = np.flatnonzero(run_sizes >= min_docs)
    if len(frequent) == 0:
        return Boilerplate()
    # The sentence sets of the texts, each sentence by its id; only the sentences in two texts or more can be in
    # the overlap of two sets, so only those are compared.
    shared = run_sizes[run_of] >= 2
    set_sizes = np.bincount(docs, minlength=len(texts))
    sets = GramColumns(
        run_of[shared].astype(np.uint64), np.searchsorted(docs[shared], np.arange(len(texts) + 1)), prefix=True
    )
    # The carriers of each frequent sentence, in text order: its postings, grouped by a stable sort of the few.
    postings = np.flatnonzero(run_sizes[run_of] >= min_docs)
    sd = docs[postings[np.argsort(run_of[postings], kind="stable")]]
    sizes = run_sizes[frequent]
    starts = np.cumsum(sizes) - sizes
    differ = _otherwise_differ(sets, set_sizes, sd, starts, sizes, reporter)
    found = sentences[frequent[differ]]
    # The texts holding one: every carrier of the found sentences (no search of all the keys for them).
    starts, sizes = starts[differ], sizes[differ]
    cuts = None
    if located is not None:
        piece_docs, piece_runs, where = located
        boiler = np.zeros(len(sentences), dtype=bool)
        boiler[frequent[differ]] = True
        at = np.flatnonzero(boiler.take(piece_runs))
        cuts = Cuts(piece_docs[at].astype(np.int64), where[at, 0], where[at, 1])
    return Boilerplate(frozenset(found.tolist()), sorted_unique(sd[span_positions(starts, sizes)]), cuts)


def sample_positions(sizes: np.ndarray, sample: int) -> np.ndarray:
    """For runs of ``k = min(sample, size)`` carriers (every size giving the same k), the positions ``learn``
    samples, one row per run: ``np.linspace(0, size - 1, k).astype(np.int64)`` (the same arithmetic)."""
    k = min(sample, int(sizes.min())) if len(sizes) else sample
    last = (sizes - 1).astype(np.int64)
    if k < 2:
        return np.zeros((len(sizes), k), dtype=np.int64)
    pos = np.arange(k, dtype=np.float64)[None, :] * (last / (k - 1))[:, None]
    pos[:, -1] = last
    return pos.astype(np.int64)


PAIRS_AT_ONCE = 1 << 20  # sampled pairs compared per step (a cancel check between steps)


def _otherwise_differ(
    sets: GramColumns, set_sizes: np.ndarray, carriers: np.ndarray, starts: np.ndarray, sizes: np.ndarray,
    reporter: Reporter,
) -> np.ndarray:  # fmt: skip
    """Per frequent sentence (its carriers are ``carriers[starts[i]:starts[i] + sizes[i]]``): whether the texts
    sampled from its carriers otherwise differ, their median pairwise Jaccard similarity without the sentence
    (which every carrier holds) below ``DIFFERENT``. Every sentence with the same sample size at once."""
    out = np.zeros(len(sizes), dtype=bool)
    k_of = np.minimum(sizes, SAMPLE)
    for k in sorted_unique(k_of).tolist():
        if k < 2:  # a single carrier has no pair to compare: not boilerplate
            continue
        a, b = np.triu_indices(k, 1)  # the pairs, in ``combinations`` order
        group = np.flatnonzero(k_of == k)
        step = max(1, PAIRS_AT_ONCE // len(a))
        for lo in range(0, len(group), step):
            reporter.check()
            at = group[lo : lo + step]
            picks = carriers[starts[at][:, None] + sample_positions(sizes[at], SAMPLE)]
            x, y = picks[:, a].ravel(), picks[:, b].ravel()
            # Popular carriers are sampled for many sentences: each pair of texts is compared once.
            pair, inverse = np.unique(x * len(set_sizes) + y, return_inverse=True)
            both = pair_overlap(sets, pair // len(set_sizes), pair % len(set_sizes))[inverse]  # the sentence included
            union = set_sizes[x] + set_sizes[y] - both - 1
            sims = np.ones(len(x), dtype=np.float64)
            np.divide(both - 1, union, out=sims, where=union > 0)
            out[at] = row_medians(sims.reshape(len(at), len(a))) < DIFFERENT
    return out


def row_medians(values: np.ndarray) -> np.ndarray:
    """``np.median(values, axis=1)`` of a 2-d float array without NaN, by a sort of each row: np.median loads
    ``numpy.ma`` the first time it runs (7-40 ms of a small job's start)."""
    ordered = np.sort(values, axis=1)
    width = ordered.shape[1]
    return (ordered[:, (width - 1) // 2] + ordered[:, width // 2]) / 2
