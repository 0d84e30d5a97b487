"""What people use instead of dedup_gui, written the way they are written in the wild, each timed per stage.

- ``simhash_peers``: ``jieba.analyse.extract_tags`` (top 20, TF-IDF weights) + the PyPI ``simhash`` package's
  ``Simhash`` fingerprint, searched two ways: the package's ``SimhashIndex`` (k + 1 string-keyed buckets), and
  the hand-written 4 x 16-bit dictionary index the seed scripts use (one dict per 16-bit block, candidates
  checked by Hamming distance). The keyword and fingerprint stages are shared, timed once, and counted in both.
- ``nshash_original``: nshash as first published: md5 of the 5 longest sentences, a dict from hash to the
  first id that had it, and each text labelled with ``min(similar ids)``, never relabelled.
- ``minhash_lsh``: datasketch ``MinHash`` (128 permutations, ``MinHash.bulk``) + ``MinHashLSH`` at the same
  Jaccard threshold over the same character n-grams, candidates verified with the exact Jaccard of the gram sets.
- ``rensa_lsh``: rensa (Rust MinHash): character 5-grams after removing whitespace, ``RMinHash.from_token_sets``
  (128 permutations), ``RMinHashLSH(threshold=0.8, num_perm=128, num_bands=16)``, candidates kept where the
  estimated Jaccard is >= 0.8, union-find.
- ``simhash_pypi``: the first simhash pipeline alone, dictionary load included (the whole-job benchmark's peer).

Peers get the raw rows (as their users give them) and do only the clean-up such scripts do; our engine also
strips HTML and folds full-width forms, which is part of our time and shows in the agreement columns.

Every peer returns ``(stages, labels, pairs)``: seconds per stage, a label per row (rows with one label were put
together) and the row pairs it reported directly (a, b arrays, a < b).
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from collections import defaultdict

import numpy as np

from .agreement import components

SIMHASH_K = 3
TOP_K = 20
NSHASH_N = 5
NGRAM_N = 4
JACCARD = 0.8
NUM_PERM = 128


class _Stages(dict):
    def timed(self, name: str):
        stages = self

        class _T:
            def __enter__(self):
                self.t0 = time.perf_counter()

            def __exit__(self, *exc):
                stages[name] = stages.get(name, 0.0) + time.perf_counter() - self.t0

        return _T()


def _pairs_to_arrays(pairs: set[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    if not pairs:
        z = np.zeros(0, dtype=np.int64)
        return z, z.copy()
    arr = np.array(sorted(pairs), dtype=np.int64)
    return arr[:, 0], arr[:, 1]


# ---------------------------------------------------------------------------------------------------------------
# simhash: jieba keywords + the simhash package
# ---------------------------------------------------------------------------------------------------------------


def _keywords_fingerprints(texts: list[str], st: _Stages, warm: bool = True) -> list:
    import jieba
    import jieba.analyse
    from simhash import Simhash

    jieba.setLogLevel(logging.WARNING)
    logging.getLogger("simhash").setLevel(logging.ERROR)  # the index logs a warning per big bucket
    if warm:
        jieba.analyse.extract_tags("预热词典，不计时。")  # dictionary and idf table load: not charged to the peer
    with st.timed("segment"):
        tags = [jieba.analyse.extract_tags(t, topK=TOP_K, withWeight=True) for t in texts]
    with st.timed("fingerprint"):
        return [Simhash(kw) if kw else None for kw in tags]


def simhash_pypi(texts: list[str]) -> tuple[dict, np.ndarray, tuple]:
    """One pipeline, as a user's script runs it: jieba keywords (dictionary load included), ``Simhash``,
    ``SimhashIndex``; for the whole-job benchmark."""
    st = _Stages()
    fps = _keywords_fingerprints(texts, st, warm=False)
    labels, pairs = _simhash_index_pypi(fps, st)
    return dict(st), labels, pairs


def _simhash_index_pypi(fps: list, st: _Stages) -> tuple[np.ndarray, tuple]:
    from simhash import SimhashIndex

    pairs: set[tuple[int, int]] = set()
    with st.timed("candidates"):
        index = SimhashIndex([(str(i), s) for i, s in enumerate(fps) if s is not None], f=64, k=SIMHASH_K)
        for i, s in enumerate(fps):
            if s is None:
                continue
            for j in index.get_near_dups(s):
                j = int(j)
                if j != i:
                    pairs.add((min(i, j), max(i, j)))
    a, b = _pairs_to_arrays(pairs)
    with st.timed("cluster"):
        labels = components(len(fps), a, b)
    return labels, (a, b)


def simhash_peers(texts: list[str]) -> dict[str, tuple[dict, np.ndarray, tuple]]:
    """Both simhash pipelines on the same keywords and fingerprints: {"simhash-pypi": ..., "simhash-4x16": ...}."""
    shared = _Stages()
    fps = _keywords_fingerprints(texts, shared)
    n = len(texts)
    out = {}

    # The package's own index: k + 1 blocks, string keys, every text queried against all others.
    st = _Stages(shared)
    labels, (a, b) = _simhash_index_pypi(fps, st)
    out["simhash-pypi"] = (dict(st), labels, (a, b))

    # The seed scripts' index: 4 x 16-bit blocks, a dict per block, Hamming check on every bucket neighbour.
    st = _Stages(shared)
    pairs: set[tuple[int, int]] = set()
    with st.timed("candidates"):
        values = [s.value if s is not None else None for s in fps]
        tables: list[dict[int, list[int]]] = [defaultdict(list) for _ in range(4)]
        for i, v in enumerate(values):
            if v is None:
                continue
            seen: set[int] = set()
            for block in range(4):
                key = (v >> (16 * block)) & 0xFFFF
                bucket = tables[block][key]
                for j in bucket:
                    if j not in seen:
                        seen.add(j)
                        if (v ^ values[j]).bit_count() <= SIMHASH_K:
                            pairs.add((j, i))
                bucket.append(i)
    a, b = _pairs_to_arrays(pairs)
    with st.timed("cluster"):
        labels = components(n, a, b)
    out["simhash-4x16"] = (dict(st), labels, (a, b))
    return out


# ---------------------------------------------------------------------------------------------------------------
# nshash as originally published
# ---------------------------------------------------------------------------------------------------------------

_SENTENCE = re.compile(r"[。！？!?；;\n]+")


def nshash_original(texts: list[str]) -> tuple[dict, np.ndarray, tuple]:
    st = _Stages()
    with st.timed("fingerprint"):
        fingerprints = []
        for t in texts:
            sents = [s.strip() for s in _SENTENCE.split(t)]
            sents = sorted((s for s in sents if s), key=len, reverse=True)[:NSHASH_N]
            fingerprints.append([hashlib.md5(s.encode("utf-8")).hexdigest() for s in sents])
    pairs: set[tuple[int, int]] = set()
    labels = np.arange(len(texts), dtype=np.int64)
    with st.timed("candidates"):
        seen: dict[str, int] = {}
        for i, hashes in enumerate(fingerprints):
            similar = {seen[h] for h in hashes if h in seen}
            if similar:
                labels[i] = min(similar)  # the original's label: the smallest similar id, never revisited
                pairs.update((j, i) for j in similar)
            for h in hashes:
                seen.setdefault(h, i)
    a, b = _pairs_to_arrays(pairs)
    return dict(st), labels, (a, b)


# ---------------------------------------------------------------------------------------------------------------
# datasketch MinHash LSH over character n-grams
# ---------------------------------------------------------------------------------------------------------------


def _grams(text: str, n: int = NGRAM_N) -> set[str]:
    if len(text) < n:
        return {text} if text else set()
    return {text[i : i + n] for i in range(len(text) - n + 1)}


def minhash_lsh(texts: list[str], threshold: float = JACCARD) -> tuple[dict, np.ndarray, tuple]:
    from datasketch import MinHash, MinHashLSH

    st = _Stages()
    with st.timed("normalise"):
        flat = [" ".join(t.lower().split()) for t in texts]  # the usual clean-up before shingling
    with st.timed("fingerprint"):
        # Gram sets are not kept (at 100,000 articles they take > 10 GiB as Python sets); verify rebuilds them.
        minhashes = MinHash.bulk(([g.encode("utf-8") for g in _grams(t)] for t in flat), num_perm=NUM_PERM)
    candidates: set[tuple[int, int]] = set()
    with st.timed("candidates"):
        lsh = MinHashLSH(threshold=threshold, num_perm=NUM_PERM)
        with lsh.insertion_session() as session:
            for i, (t, m) in enumerate(zip(flat, minhashes, strict=True)):
                if t:
                    session.insert(i, m, check_duplication=False)
        for i, (t, m) in enumerate(zip(flat, minhashes, strict=True)):
            if t:
                for j in lsh.query(m):
                    if j != i:
                        candidates.add((min(i, j), max(i, j)))
    pairs: set[tuple[int, int]] = set()
    with st.timed("verify"):
        cache: dict[int, set[str]] = {}
        for i, j in sorted(candidates):
            gi = cache.get(i)
            if gi is None:
                cache.clear()  # candidates are sorted by i: only the current i's grams are worth keeping
                gi = cache[i] = _grams(flat[i])
            gj = _grams(flat[j])
            inter = len(gi & gj)
            if inter >= threshold * (len(gi) + len(gj) - inter) - 1e-9:
                pairs.add((i, j))
    a, b = _pairs_to_arrays(pairs)
    with st.timed("cluster"):
        labels = components(len(texts), a, b)
    st["lsh_candidates"] = float(len(candidates))
    return dict(st), labels, (a, b)


# ---------------------------------------------------------------------------------------------------------------
# rensa (Rust MinHash) LSH over character 5-grams
# ---------------------------------------------------------------------------------------------------------------

RENSA_N = 5
RENSA_BANDS = 16
RENSA_SEED = 42


def rensa_lsh(texts: list[str], threshold: float = JACCARD) -> tuple[dict, np.ndarray, tuple]:
    """rensa as its README deduplicates: character 5-grams after removing whitespace, ``RMinHash.from_token_sets``
    (the batch API, 128 permutations), ``RMinHashLSH(threshold, 128, num_bands=16)``, each candidate kept when
    the estimated Jaccard is at least the threshold, union-find."""
    from rensa import RMinHash, RMinHashLSH

    st = _Stages()
    with st.timed("normalise"):
        flat = ["".join(t.split()) for t in texts]
    with st.timed("fingerprint"):
        # a generator: the gram sets of 100,000 articles held at once take > 8 GiB as Python sets
        minhashes = RMinHash.from_token_sets((_grams(t, RENSA_N) for t in flat), num_perm=NUM_PERM, seed=RENSA_SEED)
    pairs: set[tuple[int, int]] = set()
    checked = 0
    with st.timed("candidates"):
        lsh = RMinHashLSH(threshold=threshold, num_perm=NUM_PERM, num_bands=RENSA_BANDS)
        lsh.insert_many(minhashes)
        for i, m in enumerate(minhashes):
            for j in lsh.query(m):
                if j > i:
                    checked += 1
                    if m.jaccard(minhashes[j]) >= threshold:
                        pairs.add((i, j))
    a, b = _pairs_to_arrays(pairs)
    with st.timed("cluster"):
        labels = components(len(texts), a, b)
    st["lsh_candidates"] = float(checked)
    return dict(st), labels, (a, b)
