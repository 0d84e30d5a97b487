"""Chinese word segmentation and TF-IDF keywords, as jieba.analyse.extract_tags computes them.

rjieba (the Rust port, same dictionary) segments about 18x faster than jieba and gives the same words on
Chinese text; jieba is the fallback where no rjieba wheel exists. Large batches are spread over processes.
"""

from __future__ import annotations

import heapq
import logging
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from multiprocessing import get_context

import numpy as np
import xxhash

from .progress import Reporter
from .text import SEP, join_column, number_pieces, text_slices

PARALLEL_MIN_TEXTS = 8000  # below this, starting worker processes (~2 s each) costs more than it saves
SEGMENT_CHARS = 60_000  # characters segmented in one call (~30 ms holding the interpreter lock)
_CHUNK = 500  # texts per progress report / cancel check (~0.1-0.2 s of segmentation)


@lru_cache(maxsize=1)
def _cutter():
    try:
        import rjieba

        return rjieba.cut
    except ImportError:  # pragma: no cover - platforms without an rjieba wheel
        import jieba

        jieba.setLogLevel(logging.WARNING)
        return jieba.lcut


@lru_cache(maxsize=1)
def _idf() -> tuple[dict[str, float], float, frozenset[str]]:
    from jieba.analyse.tfidf import DEFAULT_IDF, IDFLoader, KeywordExtractor

    idf, median = IDFLoader(DEFAULT_IDF).get_idf()
    return idf, median, frozenset(KeywordExtractor.STOP_WORDS)


def words(text: str) -> list[str]:
    return _cutter()(text)


def keywords(text: str, top_n: int) -> list[tuple[str, float]]:
    """Top-n (word, tf-idf weight), the same list and order as jieba.analyse.extract_tags(withWeight=True)."""
    idf, median, stop = _idf()
    idf_get = idf.get
    weights = {}
    total = 0
    for w, c in Counter(_cutter()(text)).items():
        # extract_tags: at least two characters once stripped, not an (English) stop word
        if len(w) < 2 or (not w.isalnum() and len(w.strip()) < 2) or (w.isascii() and w.lower() in stop):
            continue
        total += c
        weights[w] = c * idf_get(w, median)
    if not total:
        return []
    # nlargest keeps the order sorted(..., reverse=True)[:n] gives, ties in first-occurrence order, as jieba.
    top = heapq.nlargest(top_n, weights.items(), key=lambda kv: kv[1])
    return [(w, v / total) for w, v in top]


def _hash_keywords(texts: list[str], top_n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keyword hashes and weights of a batch, flattened, with the number of keywords per text: ``keywords`` of
    every text, computed over the batch at once - one segmentation of the joined texts (a separator character
    between them, which segments as a word of its own), words counted per text by one sort, each distinct word
    filtered, weighted and hashed once."""
    # Segmented a slice at a time (one call holds the interpreter lock), the separator between slices too.
    cut = _cutter()
    tokens: list[str] = []
    for k, (lo, hi) in enumerate(text_slices(texts, SEGMENT_CHARS)):
        if k:
            tokens.append(SEP)
        joined = join_column(texts[lo:hi])
        if joined is None:  # a text holds the separator itself
            return _hash_keywords_each(texts, top_n)
        tokens.extend(cut(joined))
    is_sep, doc = number_pieces(tokens)
    if int(is_sep.sum()) != max(0, len(texts) - 1):  # the separator joined a word (never seen): text by text
        return _hash_keywords_each(texts, top_n)
    vocab = {w: i for i, w in enumerate(dict.fromkeys(tokens))}
    wid = np.fromiter(map(vocab.__getitem__, tokens), dtype=np.int64, count=len(tokens))
    idf, median, stop = _idf()
    idf_get = idf.get
    words_ = list(vocab)
    usable = np.fromiter(
        (
            not (len(w) < 2 or (not w.isalnum() and len(w.strip()) < 2) or (w.isascii() and w.lower() in stop))
            for w in words_
        ),
        dtype=bool,
        count=len(words_),
    )
    word_idf = np.fromiter((idf_get(w, median) for w in words_), dtype=np.float64, count=len(words_))
    take = np.flatnonzero(usable[wid])
    key = doc[take] * len(words_) + wid[take]
    pair_key, first, count = np.unique(key, return_index=True, return_counts=True)
    pdoc, pword = pair_key // max(1, len(words_)), pair_key % max(1, len(words_))
    total = np.bincount(pdoc, weights=count, minlength=len(texts))
    weight = count * word_idf[pword]
    # Heaviest first; equal weights in order of first occurrence (as heapq.nlargest over the Counter).
    order = np.lexsort((first, -weight, pdoc))
    d = pdoc[order]
    starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]]) if len(d) else np.zeros(0, dtype=np.int64)
    rank = np.arange(len(d)) - np.repeat(starts, np.diff(np.r_[starts, len(d)]))
    top = order[rank < top_n]
    h64 = xxhash.xxh64_intdigest
    chosen = np.unique(pword[top])
    word_hash = np.zeros(len(words_), dtype=np.uint64)
    word_hash[chosen] = np.fromiter(
        (h64(words_[i].encode("utf-8")) for i in chosen.tolist()), dtype=np.uint64, count=len(chosen)
    )
    counts = np.bincount(pdoc[top], minlength=len(texts)).astype(np.int64)
    return word_hash[pword[top]], weight[top] / total[pdoc[top]], counts


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


def _parallel(chunks, top_n, workers, reporter: Reporter, total: int):
    parts = []
    # spawn, not fork: the GUI calls this from a thread, and forking a threaded process can deadlock.
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
    try:
        futures = [pool.submit(_hash_keywords, c, top_n) for c in chunks]
        done = 0
        for c, f in zip(chunks, futures, strict=True):
            while True:
                reporter.check()  # Cancel is honoured within 0.1 s even while workers are busy
                try:
                    parts.append(f.result(timeout=0.1))
                    break
                except FuturesTimeout:
                    continue
            done += len(c)
            reporter.report("Segmenting", done, total)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return parts


def keyword_hashes(
    texts: list[str], top_n: int, reporter: Reporter, workers: int | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hashes and weights of every text's top-n keywords (flattened) and the keyword count per text."""
    total = len(texts)
    chunks = [texts[i : i + _CHUNK] for i in range(0, total, _CHUNK)]
    workers = workers if workers is not None else (os.cpu_count() or 1)
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    reporter.report("Segmenting", 0, total)
    if workers > 1 and total >= PARALLEL_MIN_TEXTS:
        try:
            parts = _parallel(chunks, top_n, workers, reporter, total)
        except BrokenProcessPool:
            # Worker processes could not start (e.g. a script without a __main__ guard): do it here instead.
            parts = []
    for c in chunks[len(parts) :]:
        parts.append(_hash_keywords(c, top_n))
        done = sum(len(p[2]) for p in parts)
        reporter.report("Segmenting", done, total)
    if not parts:
        return np.zeros(0, np.uint64), np.zeros(0), np.zeros(0, np.int64)
    return (
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )
