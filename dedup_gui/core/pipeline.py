"""run(settings) -> DedupResult, with fingerprints cached so a threshold change does not segment again.

Stages reported through ``Reporter.report(stage, done, total)``: "Normalising", "Segmenting",
"Fingerprinting", "Finding candidates", "Verifying", "Clustering". Caches:
- normalised texts and the exact pass, per normalisation options;
- fingerprints, per (normalisation, algorithm, parameters that change fingerprints);
- the last candidate search per fingerprints, so a tighter threshold only filters and a looser one re-searches
  from the same fingerprints.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .algorithms.base import Algorithm, Candidates
from .algorithms.ngram import NGram
from .algorithms.nshash import NSHash
from .algorithms.simhash import SimHash
from .cluster import build_clusters, keep_rank
from .progress import Reporter
from .result import DedupResult, PairSet
from .settings import NormaliseOptions, Settings
from .table import Table
from .text import SIMILARITY_GRAM, compact, gram_hashes, jaccard, normalise

ALGORITHM_IMPLS: dict[str, Algorithm] = {"simhash": SimHash(), "nshash": NSHash(), "ngram": NGram()}


@dataclass
class _Prepared:
    """The exact pass: unique normalised texts and which rows share each."""

    unique_texts: list[str]  # normalised (lines kept) per unique text; "" for rows with no text
    compact_texts: list[str]
    row_unique: np.ndarray
    rows_of: list[list[int]]


class Pipeline:
    """The engine bound to one table's dedup texts. Keep one per (table, columns) to reuse its caches."""

    def __init__(self, texts: Sequence[str], table: Table | None = None):
        self.texts = list(texts)
        self.table = table
        self._lock = threading.Lock()
        self._prepared: dict[NormaliseOptions, _Prepared] = {}
        self._fingerprints: dict[tuple, Any] = {}
        self._searches: dict[tuple, Candidates] = {}
        self._grams: dict[int, np.ndarray] = {}
        self._last_norm: NormaliseOptions | None = None

    @classmethod
    def for_table(cls, table: Table, columns: Sequence[str]) -> Pipeline:
        return cls(table.texts(columns), table)

    # -- public -----------------------------------------------------------------------------------------------

    def run(self, settings: Settings, reporter: Reporter | None = None) -> DedupResult:
        reporter = reporter or Reporter()
        settings = settings.resolved()
        algo = ALGORITHM_IMPLS[settings.algorithm]
        timings: dict[str, float] = {}
        with self._lock:
            t0 = time.perf_counter()
            prep = self._prepare(settings.normalise, reporter)
            timings["normalise"] = time.perf_counter() - t0

            fkey = (settings.normalise, *algo.fingerprint_key(settings))
            t0 = time.perf_counter()
            fps = self._fingerprints.get(fkey)
            if fps is None:
                fps = algo.fingerprint(self._algorithm_input(algo, prep), settings, reporter)
                self._fingerprints = {k: v for k, v in self._fingerprints.items() if k[0] == settings.normalise}
                self._fingerprints[fkey] = fps
            timings["fingerprint"] = time.perf_counter() - t0

            skey = (fkey, int(settings.n), settings.containment)
            t0 = time.perf_counter()
            cands = self._searches.get(skey)
            if cands is None or not algo.covers(cands.bound, float(settings.threshold)):
                cands = algo.search(fps, self._algorithm_input(algo, prep), settings, reporter)
                self._searches = {skey: cands}
            timings["candidates"] = time.perf_counter() - t0

            t0 = time.perf_counter()
            reporter.report("Verifying", 0, len(cands.a))
            similarity = self._pair_similarity(prep, cands, settings, reporter)
            candidates = PairSet(cands.a, cands.b, cands.measure, similarity)
            pairs = candidates.select(algo.passes(cands.measure, float(settings.threshold)))
            timings["verify"] = time.perf_counter() - t0

            t0 = time.perf_counter()
            reporter.report("Clustering", 0, 1)
            column_values = self._keep_column(settings.keep)
            rank = keep_rank(settings.keep, self.texts, column_values)
            clusters = build_clusters(
                len(prep.unique_texts),
                pairs.a,
                pairs.b,
                pairs.similarity,
                prep.rows_of,
                rank,
                settings.mode,
                lambda u, v: self._unique_similarity(prep, u, v),
            )
            reporter.report("Clustering", 1, 1)
            timings["cluster"] = time.perf_counter() - t0

        return DedupResult(
            settings=settings,
            n_rows=len(self.texts),
            clusters=clusters,
            pairs=pairs,
            candidates=candidates,
            row_unique=prep.row_unique,
            exact_duplicates=len(self.texts) - len(prep.unique_texts),
            timings=timings,
        )

    def similarity(self, row_a: int, row_b: int) -> float:
        """The common 0-1 similarity of two rows (same measure as PairSet.similarity)."""
        prep = self._prepared.get(self._last_norm) if self._last_norm is not None else None
        if prep is None:
            prep = self._prepare(NormaliseOptions(), Reporter())
        return self._unique_similarity(prep, int(prep.row_unique[row_a]), int(prep.row_unique[row_b]))

    def is_cached(self, settings: Settings) -> bool:
        """True when a run with these settings will reuse fingerprints (no segmentation)."""
        settings = settings.resolved()
        algo = ALGORITHM_IMPLS[settings.algorithm]
        return (settings.normalise, *algo.fingerprint_key(settings)) in self._fingerprints

    # -- stages -----------------------------------------------------------------------------------------------

    def _prepare(self, opts: NormaliseOptions, reporter: Reporter) -> _Prepared:
        prep = self._prepared.get(opts)
        if prep is not None:
            self._last_norm = opts
            return prep
        total = len(self.texts)
        index: dict[str, int] = {}
        unique_texts: list[str] = []
        compact_texts: list[str] = []
        rows_of: list[list[int]] = []
        row_unique = np.empty(total, dtype=np.int64)
        seen: dict[str, tuple[str, str]] = {}  # raw text -> (normalised, compact): identical rows cost once
        for i, text in reporter.each("Normalising", self.texts):
            done = seen.get(text)
            if done is None:
                norm = normalise(text, opts)
                done = seen[text] = (norm, compact(norm))
            norm, key = done
            u = index.get(key) if key else None  # empty texts are never duplicates of each other
            if u is None:
                u = len(unique_texts)
                if key:
                    index[key] = u
                unique_texts.append(norm)
                compact_texts.append(key)
                rows_of.append([])
            rows_of[u].append(i)
            row_unique[i] = u
        prep = _Prepared(unique_texts, compact_texts, row_unique, rows_of)
        self._prepared = {opts: prep}  # one normalisation at a time keeps memory bounded
        self._grams = {}
        self._last_norm = opts
        return prep

    @staticmethod
    def _algorithm_input(algo: Algorithm, prep: _Prepared) -> list[str]:
        # nshash needs line breaks to split sentences; the others compare whitespace-insensitive text.
        return prep.unique_texts if algo.name == "nshash" else prep.compact_texts

    def _grams_of(self, prep: _Prepared, u: int) -> np.ndarray:
        g = self._grams.get(u)
        if g is None:
            g = self._grams[u] = gram_hashes(prep.compact_texts[u], SIMILARITY_GRAM)
        return g

    def _unique_similarity(self, prep: _Prepared, u: int, v: int) -> float:
        if u == v:
            return 1.0
        if not prep.compact_texts[u] or not prep.compact_texts[v]:
            return 0.0
        return jaccard(self._grams_of(prep, u), self._grams_of(prep, v))

    def _pair_similarity(self, prep: _Prepared, cands: Candidates, settings: Settings, reporter: Reporter):
        if settings.algorithm == "ngram" and int(settings.n) == SIMILARITY_GRAM and not settings.containment:
            return cands.measure.copy()  # already the common measure
        out = np.empty(len(cands.a))
        for i, (u, v) in enumerate(zip(cands.a.tolist(), cands.b.tolist(), strict=True)):
            if i % 5000 == 0:
                reporter.report("Verifying", i, len(cands.a))
            out[i] = self._unique_similarity(prep, u, v)
        return out

    def _keep_column(self, keep: str) -> list[object] | None:
        if not keep.startswith(("max:", "min:")):
            return None
        column = keep.split(":", 1)[1]
        if self.table is None:
            raise ValueError(f"keep policy {keep!r} needs a table with column {column!r}")
        from .errors import InputError

        if column not in self.table.data.columns:
            raise InputError(self.table.path, f"no column named {column!r} to choose the kept row by")
        return self.table.data[column].tolist()


def dedup(table: Table, columns: Sequence[str], settings: Settings, reporter: Reporter | None = None) -> DedupResult:
    """One-shot convenience for the CLI and scripts."""
    return Pipeline.for_table(table, columns).run(settings, reporter)
