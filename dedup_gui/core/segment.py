"""Chinese word segmentation and TF-IDF keywords, as jieba.analyse.extract_tags computes them.

rjieba (the Rust port, same dictionary) segments about 18x faster than jieba and gives the same words on
Chinese text; jieba is the fallback where no rjieba wheel exists. rjieba segments without the interpreter lock, so
a batch is segmented a slice at a time on two threads (no worker processes to start, no texts to copy).
"""

from __future__ import annotations

import heapq
import importlib.util
import logging
import threading
from collections import Counter
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np
import xxhash

from . import cache, regexes
from .columnar import lengths_of
from .parallel import submit  # the engine's two threads (rjieba lets go of the interpreter lock while it cuts)
from .progress import Reporter
from .text import (
    SEP,
    code_points,
    find_sorted,
    join_column,
    number_pieces,
    ranges_by_size,
    sorted_unique,
    span_hashes,
    string_hashes,
    text_slices,
    unique_first,
    utf32,
)

SEGMENT_CHARS = 60_000  # characters segmented in one call (the lock is held only to build its list of words)
BATCH_CHARS = 1_000_000  # characters per progress report / cancel check (~0.2 s of segmentation)

# jieba.analyse's KeywordExtractor.STOP_WORDS: the English words extract_tags skips (tests compare with jieba's).
STOP_WORDS = frozenset(
    "the of is and to in that we for an are by be as on with can if from which you it this then at have all "
    "not one has or".split()
)


@lru_cache(maxsize=1)
def _raw_cutter():
    try:
        import rjieba

        return rjieba.cut
    except ImportError:  # pragma: no cover - platforms without an rjieba wheel
        import jieba

        jieba.setLogLevel(logging.WARNING)
        return jieba.lcut


_SURROGATES = regexes.compile("[\ud800-\udfff]")


def _cut_any(text: str) -> list[str]:
    """The words of ``text``; a lone surrogate (from a badly decoded file), which the segmenter cannot take, is cut
    as U+FFFD - one character for one, so the words still spell the text's length."""
    cut = _raw_cutter()
    try:
        return cut(text)
    except UnicodeEncodeError:
        return cut(_SURROGATES.sub("\ufffd", text))


def _cutter():
    return _cut_any


_IDF_LOCK = threading.Lock()


def _idf() -> tuple[dict[str, float], float, frozenset[str]]:
    with _IDF_LOCK:  # loaded once, whichever thread asks first
        return _load_idf()


def _idf_path() -> Path | None:
    """jieba's IDF file, or None when it is not where it usually is."""
    spec = importlib.util.find_spec("jieba")
    path = Path(next(iter(spec.submodule_search_locations or ()), "")) / "analyse" / "idf.txt" if spec else None
    return path if path is not None and path.is_file() else None


def _idf_fields() -> list[str] | None:
    """The words and weights of jieba's IDF file, alternating, read straight from it (importing jieba.analyse
    costs ~1 s: it loads jieba's tagger); None when the file is not where or what it usually is."""
    path = _idf_path()
    if path is None:  # pragma: no cover - an unusual jieba layout
        return None
    content = path.read_text(encoding="utf-8")
    fields = content.split()
    lines = content.count("\n") + (0 if content.endswith("\n") or not content else 1)
    if len(fields) != 2 * lines:  # pragma: no cover - not "word freq" per line
        return None
    return fields


@lru_cache(maxsize=1)
def _load_idf() -> tuple[dict[str, float], float, frozenset[str]]:
    """jieba's IDF table and its median, as jieba.analyse's IDFLoader reads them (for ``keywords``, the text by
    text reference; the engine looks words up in ``_idf_table``)."""
    fields = _idf_fields()
    if fields is None:  # pragma: no cover - ask jieba
        from jieba.analyse.tfidf import DEFAULT_IDF, IDFLoader

        idf, median = IDFLoader(DEFAULT_IDF).get_idf()
        return idf, median, STOP_WORDS
    idf = dict(zip(fields[0::2], map(float, fields[1::2]), strict=True))
    values = np.fromiter(idf.values(), dtype=np.float64, count=len(idf))
    median = float(np.partition(values, len(values) // 2)[len(values) // 2]) if len(values) else 0.0
    return idf, median, STOP_WORDS


@dataclass(frozen=True)
class _IdfTable:
    """jieba's IDF table by word hash (``span_hashes`` of the word's characters, as the segmented words are
    hashed): looked up for a whole batch of new words at once, no dictionary built."""

    hashes: np.ndarray  # sorted, distinct
    weights: np.ndarray
    median: float
    stop: frozenset[str]

    def weights_of(self, hashes: np.ndarray) -> np.ndarray:
        """The IDF weight of each word hash (the median for words the table does not have, as jieba)."""
        if not len(self.hashes):
            return np.full(len(hashes), self.median)
        at, found = find_sorted(self.hashes, hashes)
        return np.where(found, self.weights[at], self.median)


_TABLE_LOCK = threading.Lock()


def _idf_table() -> _IdfTable:
    with _TABLE_LOCK:  # built once, whichever thread asks first
        return _build_idf_table()


@lru_cache(maxsize=1)
def _build_idf_table() -> _IdfTable:
    """``_hash_idf_table``, kept in the user's cache folder between runs (``_cached_table``)."""
    source = _idf_path()
    cached = _cached_table(source) if source is not None else None
    if cached is not None:
        return cached
    table = _hash_idf_table()
    if source is not None:
        _cache_table(source, table)
    return table


def _hash_idf_table() -> _IdfTable:
    """``_load_idf``'s table, hashed: the words joined once and hashed column-at-once; a word listed twice keeps
    its last weight, as in a dictionary."""
    fields = _idf_fields()
    if fields is None:  # pragma: no cover - an unusual jieba layout: from jieba's own table
        idf, _, _ = _idf()
        words, weights = list(idf), np.fromiter(idf.values(), dtype=np.float64, count=len(idf))
    else:
        words, weights = fields[0::2], np.array(fields[1::2], dtype=np.float64)
    hashes = string_hashes(words)
    order = np.argsort(hashes, kind="stable")
    hashes, weights = hashes[order], weights[order]
    last = np.ones(len(hashes), dtype=bool)
    last[:-1] = hashes[1:] != hashes[:-1]
    hashes, weights = hashes[last], weights[last]
    median = float(np.partition(weights, len(weights) // 2)[len(weights) // 2]) if len(weights) else 0.0
    return _IdfTable(hashes, weights, median, STOP_WORDS)


# The hashed IDF table is kept as a file in the user's cache folder (``cache.cache_folder``): a run loads it in a few
# milliseconds instead of reading and hashing jieba's 6 MB word list (~0.25 s, most of it holding the interpreter
# lock that segmentation needs). The file is named after the word list's path, size and time of change, and holds
# the hash of a probe word: a changed word list, or a changed word hash, is simply a new table. Any problem with the
# cache (an unwritable folder, a damaged file) is the same as no cache.
_PROBE = "分词\n"


def _cache_name(source: Path) -> str:
    st = source.stat()
    key = xxhash.xxh64_hexdigest(f"{source.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode())
    return f"idf-{key}.npz"


def _probe() -> np.ndarray:
    return span_hashes(code_points(_PROBE), np.array([0]), np.array([len(_PROBE)]))


def _cached_table(source: Path) -> _IdfTable | None:
    f = cache.load_arrays(_cache_name(source), ("hashes", "weights", "median", "probe"))
    if f is None:
        return None
    hashes, weights, median, probe = f["hashes"], f["weights"], f["median"], f["probe"]
    if not np.array_equal(probe, _probe()) or hashes.shape != weights.shape or median.shape != ():
        return None
    return _IdfTable(hashes.astype(np.uint64), weights.astype(np.float64), float(median), STOP_WORDS)


def _cache_table(source: Path, table: _IdfTable) -> None:
    cache.save_arrays(
        _cache_name(source),
        hashes=table.hashes,
        weights=table.weights,
        median=np.array(table.median),
        probe=_probe(),
    )


def ready() -> None:
    """The IDF table and the segmenter loaded (and the segmenter's dictionary, which it loads on its first cut):
    before the engine forks (``algorithms.simhash``), so that both processes have them instead of each loading
    its own."""
    _idf_table()
    _cutter()("分词")


def load_in_background() -> Future:
    """Start reading the IDF table on a segmentation thread (it overlaps the segmentation, which needs no lock)."""
    return submit(_idf_table)


def words(text: str) -> list[str]:
    return _cutter()(text)


def _usable(w: str, stop: frozenset[str]) -> bool:
    # extract_tags: at least two characters once stripped, not an (English) stop word
    return not (len(w) < 2 or (not w.isalnum() and len(w.strip()) < 2) or (w.isascii() and w.lower() in stop))


def keywords(text: str, top_n: int) -> list[tuple[str, float]]:
    """Top-n (word, tf-idf weight), the same list and order as jieba.analyse.extract_tags(withWeight=True)."""
    idf, median, stop = _idf()
    idf_get = idf.get
    weights = {}
    total = 0
    for w, c in Counter(_cutter()(text)).items():
        if not _usable(w, stop):
            continue
        total += c
        weights[w] = c * idf_get(w, median)
    if not total:
        return []
    # nlargest keeps the order sorted(..., reverse=True)[:n] gives, ties in first-occurrence order, as jieba.
    top = heapq.nlargest(top_n, weights.items(), key=lambda kv: kv[1])
    return [(w, v / total) for w, v in top]


class _SliceWords(NamedTuple):
    """The words of a slice of texts long enough to be keywords (two characters or more): the slice's text and
    where each such word begins and ends in it, each word's hash and the index in the slice of its text."""

    text: str
    starts: np.ndarray
    ends: np.ndarray
    hashes: np.ndarray
    doc: np.ndarray


def _segment_slice(texts: list[str]) -> _SliceWords | None:
    """The words of a slice of texts long enough to be keywords (``_SliceWords``) - or None when a text holds the
    separator or the separator joined a word (the caller then works text by text). The few
    words the caller reads it reads from the text (``_WordsOf``): no word is kept as a string of its own (a list
    of the long words of every slice of a batch held 15 % more memory at the 4k bench articles' peak)."""
    joined = join_column(texts)
    if joined is None:
        return None
    tokens = _cutter()(joined)  # runs without the interpreter lock
    cps = code_points(joined)
    ends = _token_ends(tokens, joined)
    if ends is None:  # (the text holds the mark)
        ends = np.cumsum(lengths_of(tokens))
    lengths = np.diff(ends, prepend=0)
    starts = ends - lengths
    if len(tokens) and int(ends[-1]) != len(cps):  # the words do not spell the text (never seen)
        return _segment_slice_by_word(tokens)
    del tokens
    is_sep = (lengths == 1) & (cps[np.minimum(starts, max(0, len(cps) - 1))] == ord(SEP))
    if int(is_sep.sum()) != len(texts) - 1:  # the separator joined a word (never seen)
        return None
    doc = np.cumsum(is_sep)
    long = np.flatnonzero(lengths >= 2)
    starts, ends = starts[long], ends[long]
    return _SliceWords(joined, starts, ends, span_hashes(cps, starts, ends), doc[long])


# Put between a slice's words to find where each ends (``_token_ends``): a character of the private use area, which
# text rarely holds (a slice that holds it has each word's length asked instead).
_MARK = "\ue001"


def _token_ends(tokens: list[str], joined: str) -> np.ndarray | None:
    """Where each of ``tokens`` ends in ``joined`` (the text they spell), from one join of them with ``_MARK``
    between each two: the marks' places, less the marks before each. Asking each word its length (``len`` per
    word, holding the interpreter lock) took four times as long: 10k bench articles, 7.5M words, 0.35-0.46 s
    against ~0.1. None when ``joined`` holds the mark itself."""
    if _MARK in joined:
        return None
    if not tokens:
        return np.zeros(0, dtype=np.int64)
    spelled = utf32(_MARK.join(tokens))
    marks = np.flatnonzero(spelled == ord(_MARK))
    ends = np.empty(len(tokens), dtype=np.int64)
    np.subtract(marks, np.arange(len(marks)), out=ends[:-1])
    ends[-1] = len(spelled) - len(marks)
    return ends


def _segment_slice_by_word(tokens: list[str]) -> _SliceWords:
    # rjieba's words always spell the text; should they not, each word is hashed by its characters (and read from
    # the long words joined).
    _, doc = number_pieces(tokens)
    long = [i for i, w in enumerate(tokens) if len(w) >= 2]
    words = [tokens[i] for i in long]
    hashes = string_hashes(words)
    sizes = lengths_of(words)
    ends = np.cumsum(sizes)
    return _SliceWords("".join(words), ends - sizes, ends, hashes, doc[np.array(long, dtype=np.int64)])


class _WordsOf:
    """The long words of a batch's slices (``_SliceWords``, one or more) by their place among all of them, slice
    after slice - cut from the slice's text for the few words asked for, not kept as strings (4M words of 10k
    bench articles copied into lists twice: 0.4 s holding the interpreter lock, and their memory)."""

    def __init__(self, parts: list[_SliceWords]) -> None:
        self._texts = [p.text for p in parts]
        self._starts = np.concatenate([p.starts for p in parts])
        self._ends = np.concatenate([p.ends for p in parts])
        self._part = np.repeat(np.arange(len(parts)), [len(p.starts) for p in parts])

    def __call__(self, places: np.ndarray) -> list[str]:
        texts = self._texts
        spans = zip(
            self._part[places].tolist(), self._starts[places].tolist(), self._ends[places].tolist(), strict=True
        )
        return [texts[p][lo:hi] for p, lo, hi in spans]


def _usable_all(words: list[str], stop: frozenset[str]) -> np.ndarray:
    """``_usable`` of each word; a word of two or more CJK ideographs (most words of Chinese text) is usable
    without asking it (alphanumeric, not ASCII), so only the others are asked one by one."""
    lengths = lengths_of(words)
    ideograph = np.zeros(int(lengths.sum()) + 1, dtype=np.int64)
    cps = utf32("".join(words))
    np.cumsum((cps >= 0x4E00) & (cps <= 0x9FFF), out=ideograph[1:])
    ends = np.cumsum(lengths)
    usable = (lengths >= 2) & (ideograph[ends] - ideograph[ends - lengths] == lengths)
    rest = np.flatnonzero(~usable)
    usable[rest] = [_usable(words[i], stop) for i in rest.tolist()]
    return usable


class _Vocabulary:
    """Each distinct word seen so far, by word hash: its IDF weight (NaN: never a keyword) and, once it has been
    a keyword, its xxhash. Each word is looked up, filtered and hashed once per column, not once per batch."""

    def __init__(self) -> None:
        self.hashes = np.zeros(0, dtype=np.uint64)  # sorted
        self.idf = np.zeros(0, dtype=np.float64)
        self.xxh = np.zeros(0, dtype=np.uint64)  # 0: not computed yet

    def lookup(self, hashes: np.ndarray, words_at) -> np.ndarray:
        """Where the (sorted, distinct) ``hashes`` are in the vocabulary, the new ones added first;
        ``words_at(i)`` gives the words of hashes[i]. Positions hold until the next lookup."""
        pos, known = find_sorted(self.hashes, hashes)
        new = np.flatnonzero(~known)
        if len(new):
            table = _idf_table()
            stop = table.stop
            usable = _usable_all(words_at(new), stop)
            weights = np.where(usable, table.weights_of(hashes[new]), np.nan)
            at = np.searchsorted(self.hashes, hashes[new])  # both sorted: an insertion, not a sort
            self.hashes = np.insert(self.hashes, at, hashes[new])
            self.idf = np.insert(self.idf, at, weights)
            self.xxh = np.insert(self.xxh, at, 0)
            pos = np.searchsorted(self.hashes, hashes)
        return pos

    def xxh_of(self, positions: np.ndarray, words_at) -> np.ndarray:
        """The xxhash of the words at ``positions``; ``words_at(i)`` gives the word at positions[i]."""
        out = self.xxh[positions]
        todo = np.flatnonzero(out == 0)
        if len(todo):
            h64 = xxhash.xxh64_intdigest
            out[todo] = np.fromiter((h64(w.encode("utf-8")) for w in words_at(todo)), np.uint64, len(todo))
            self.xxh[positions[todo]] = out[todo]
        return out


def _segment_batch(texts: list[str]) -> list[tuple[tuple[int, int], Future]]:
    """Start segmenting a batch: each slice of about ``SEGMENT_CHARS`` characters on the two threads."""
    return [(r, submit(_segment_slice, texts[r[0] : r[1]])) for r in text_slices(texts, SEGMENT_CHARS)]


def _hash_keywords(
    texts: list[str], top_n: int, vocabulary: _Vocabulary | None = None, segmenting=None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keyword hashes and weights of a batch, flattened, with the number of keywords per text: ``keywords`` of
    every text, computed over the batch at once. Each slice of the batch is segmented in one call (a separator
    character between its texts, which segments as a word of its own), slices on two threads (``segmenting``:
    already started by ``_segment_batch``); words are counted per text by one sort, and each distinct word
    filtered, weighted and hashed once."""
    started = _segment_batch(texts) if segmenting is None else segmenting
    slices = [r for r, _ in started]
    maybe_parts = [f.result() for _, f in started]
    parts = [p for p in maybe_parts if p is not None]
    if len(parts) != len(maybe_parts):
        return _hash_keywords_each(texts, top_n)
    if not sum(len(p.starts) for p in parts):  # (no word long enough)
        return np.zeros(0, np.uint64), np.zeros(0), np.zeros(len(texts), np.int64)
    words = _WordsOf(parts)
    token_hash = np.concatenate([p.hashes for p in parts])
    doc = np.concatenate([p.doc + lo for p, (lo, _) in zip(parts, slices, strict=True)])
    word_hashes, first, wid, _ = unique_first(token_hash)
    vocabulary = _Vocabulary() if vocabulary is None else vocabulary
    at = vocabulary.lookup(word_hashes, lambda idx: words(first[idx]))
    word_idf = vocabulary.idf[at]
    usable = ~np.isnan(word_idf)
    n_words = max(1, len(word_hashes))
    take = np.flatnonzero(usable[wid])
    key = doc[take] * n_words + wid[take]
    pair_key, first_at, _, count = unique_first(key)
    pdoc, pword = pair_key // n_words, pair_key % n_words
    total = np.bincount(pdoc, weights=count, minlength=len(texts))
    weight = count * word_idf[pword]
    # Heaviest first; equal weights in order of first occurrence (as heapq.nlargest over the Counter).
    within = _contenders(pdoc, weight, len(texts), top_n)
    order = within[np.lexsort((first_at[within], -weight[within], pdoc[within]))]
    d = pdoc[order]
    starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]]) if len(d) else np.zeros(0, dtype=np.int64)
    rank = np.arange(len(d)) - np.repeat(starts, np.diff(np.r_[starts, len(d)]))
    top = order[rank < top_n]
    chosen = sorted_unique(pword[top])
    word_hash = np.zeros(len(word_hashes), dtype=np.uint64)
    word_hash[chosen] = vocabulary.xxh_of(at[chosen], lambda idx: words(first[chosen[idx]]))
    counts = np.bincount(pdoc[top], minlength=len(texts)).astype(np.int64)
    return word_hash[pword[top]], weight[top] / total[pdoc[top]], counts


PAD_LIMIT = 8  # cells of the per-text weight table allowed per (text, word) pair (else every pair is sorted)


def _contenders(pdoc: np.ndarray, weight: np.ndarray, n_docs: int, top_n: int) -> np.ndarray:
    """The (text, word) pairs (``pdoc`` ascending) whose weight is at least their text's ``top_n``-th heaviest:
    the only ones that can be among its top ``top_n``, ties included. Found with one partition of a table of
    weights, a row per text, so that only these few are sorted."""
    everything = np.arange(len(pdoc))
    counts = np.bincount(pdoc, minlength=n_docs)
    width = int(counts.max()) if len(counts) else 0
    if width <= top_n or n_docs * width > PAD_LIMIT * len(pdoc):
        return everything
    starts = np.zeros(n_docs, dtype=np.int64)
    np.cumsum(counts[:-1], out=starts[1:])
    table = np.full((n_docs, width), np.inf)
    table[pdoc, everything - starts[pdoc]] = -weight
    nth = np.partition(table, top_n - 1, axis=1)[:, top_n - 1]  # minus the top_n-th heaviest (inf: fewer words)
    return np.flatnonzero(-weight <= nth[pdoc])


def _hash_keywords_each(texts: list[str], top_n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_hash_keywords`` text by text (the reference, and the path for texts holding the separator)."""
    hashes: list[int] = []
    weights: list[float] = []
    counts = np.zeros(len(texts), dtype=np.int64)
    h64 = xxhash.xxh64_intdigest
    for i, t in enumerate(texts):
        kw = keywords(t, top_n)
        counts[i] = len(kw)
        for w, weight in kw:
            hashes.append(h64(w.encode("utf-8")))
            weights.append(weight)
    return np.array(hashes, dtype=np.uint64), np.array(weights, dtype=np.float64), counts


def keyword_hashes(texts: list[str], top_n: int, reporter: Reporter) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hashes and weights of every text's top-n keywords (flattened) and the keyword count per text, a batch of
    about ``BATCH_CHARS`` characters at a time (progress and Cancel between batches)."""
    total = len(texts)
    idf = load_in_background()
    reporter.report("Segmenting", 0, total)
    lengths = lengths_of(texts) + 1
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    vocabulary = _Vocabulary()
    batches = ranges_by_size(lengths, BATCH_CHARS)
    # The next batch is being segmented on the two threads while this one's words are counted and weighed.
    ahead = _segment_batch(texts[batches[0][0] : batches[0][1]]) if batches else []
    for i, (lo, hi) in enumerate(batches):
        reporter.check()
        started = ahead
        if i + 1 < len(batches):
            ahead = _segment_batch(texts[batches[i + 1][0] : batches[i + 1][1]])
        parts.append(_hash_keywords(texts[lo:hi], top_n, vocabulary, started))
        reporter.report("Segmenting", hi, total)
    idf.result()
    if not parts:
        return np.zeros(0, np.uint64), np.zeros(0), np.zeros(0, np.int64)
    return (
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )
