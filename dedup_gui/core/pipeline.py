"""run(settings) -> DedupResult, with fingerprints cached so a threshold change does not segment again.

Data flows one way: texts -> normalised texts -> exact pass -> boilerplate learned and removed (the *content* every
algorithm and the text check see) -> fingerprints -> candidate pairs (the algorithm proposes) -> the text check
(``core.textcheck``, decides) -> clusters.

Stages reported through ``Reporter.report(stage, done, total)``: "Normalising", "Finding boilerplate",
"Segmenting", "Fingerprinting", "Finding candidates", "Verifying", "Clustering". Caches:
- normalised texts, the exact pass and the boilerplate, per normalisation options;
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
from .algorithms.registry import get_algorithm
from .boilerplate import Boilerplate, learn, strip_all
from .cluster import build_clusters
from .columnar import PairGrams, overlaps_of, score_pairs_of_counted
from .keep import Contains, KeepRule, contained
from .progress import Reporter
from .result import Cluster, DedupResult, PairSet
from .settings import NormaliseOptions, Settings
from .table import Table
from .text import compact, find_sorted, gram_hashes, normalise_all
from .textcheck import SHORT_CHARS, SIMILARITY_GRAM, TextCheck, figures_differ


@dataclass
class _Prepared:
    """The exact pass (unique normalised texts and which rows share each) and their content: each unique text
    without the boilerplate learned from the whole input."""

    unique_texts: list[str]  # normalised (lines kept) per unique text; "" for rows with no text
    compact_texts: list[str]
    row_unique: np.ndarray
    rows_of: list[list[int]]
    boilerplate: Boilerplate
    content: list[str]  # unique text minus boilerplate sentences (lines kept)
    content_compact: list[str]
    lengths: np.ndarray | None = None  # characters of each content_compact text, computed when first needed


@dataclass
class _Verified:
    """What the text check says of one candidate search's pairs whatever the threshold, so that a threshold change
    only filters: each pair's similarity (for the check's excerpt options), whether it is judged as a short pair,
    and whether its figures agree (read lazily, only for the pairs above the floor, and kept)."""

    cands: Candidates
    prep: _Prepared
    key: tuple  # what ``similarity`` depends on beyond the pairs
    similarity: np.ndarray
    short: np.ndarray
    figures: np.ndarray  # int8 per pair: 1 the figures agree, 0 they differ, -1 not read yet
    grams: PairGrams | None = None  # the gram counts behind the long pairs' similarity, when it was counted here

    def figures_agree(self, prep: _Prepared, mask: np.ndarray, reporter: Reporter) -> np.ndarray:
        """False for the pairs (among ``mask``) whose texts report different figures: template, not copy.

        Read on the whole normalised text: a line of figures that recurs across notices ("Pay March 31") is
        boilerplate for the similarity, but it is still what the notice says."""
        todo = np.flatnonzero(mask & (self.figures < 0)).tolist()
        a, b, texts = self.cands.a, self.cands.b, prep.unique_texts
        for k, i in enumerate(todo):
            if k % 5000 == 0:
                reporter.report("Verifying", k, len(todo))
            self.figures[i] = not figures_differ(texts[int(a[i])], texts[int(b[i])])
        return self.figures != 0


class Pipeline:
    """The engine bound to one table's dedup texts. Keep one per (table, columns) to reuse its caches."""

    def __init__(self, texts: Sequence[str], table: Table | None = None):
        self.texts = list(texts)
        self.table = table
        self._lock = threading.Lock()
        self._prepared: dict[tuple[NormaliseOptions, int], _Prepared] = {}
        self._fingerprints: dict[tuple, Any] = {}
        self._searches: dict[tuple, Candidates] = {}
        self._grams: dict[int, np.ndarray] = {}
        self._last_norm: tuple[NormaliseOptions, int] | None = None
        self._check = TextCheck()
        self._keep: KeepRule | None = None  # the last keep rule: its dates and markers are read once
        self._verified: _Verified | None = None  # the text check on the last candidate search
        # Why each cluster's row was kept, per (prepared texts, keep rule): a threshold change mostly re-forms the
        # same clusters, and their reasons read grams.
        self._reasons: tuple[_Prepared, KeepRule, dict[tuple[int, tuple[int, ...]], str]] | None = None
        # Seconds the last run that had to do the work took for it, per algorithm: "fingerprints" (normalising,
        # fingerprinting and searching) and "search" (searching only) - what ``rerun_cost`` estimates with.
        self._measured: dict[tuple[str, str], float] = {}

    @classmethod
    def for_table(cls, table: Table, columns: Sequence[str]) -> Pipeline:
        return cls(table.texts(columns), table)

    # -- public -----------------------------------------------------------------------------------------------

    def run(self, settings: Settings, reporter: Reporter | None = None) -> DedupResult:
        reporter = reporter or Reporter()
        settings = settings.resolved()
        settings.validate()
        algo = get_algorithm(settings.algorithm)
        check = TextCheck.of(settings)
        threshold = settings.threshold_value
        timings: dict[str, float] = {}
        with self._lock:
            t0 = time.perf_counter()
            prep = self._prepare(settings.normalise, int(settings.boilerplate_docs), reporter)
            timings["normalise"] = time.perf_counter() - t0

            fkey = (settings.normalise, int(settings.boilerplate_docs), *algo.fingerprint_key(settings))
            t0 = time.perf_counter()
            fps = self._fingerprints.get(fkey)
            if fps is None:
                fps = algo.fingerprint(self._algorithm_input(algo, prep), settings, reporter)
                self._fingerprints = {k: v for k, v in self._fingerprints.items() if k[:2] == fkey[:2]}
                self._fingerprints[fkey] = fps
            timings["fingerprint"] = time.perf_counter() - t0

            skey = (fkey, *algo.search_key(settings))
            t0 = time.perf_counter()
            cands = self._searches.get(skey)
            if cands is None or not algo.covers(cands.bound, threshold):
                cands = algo.search(fps, self._algorithm_input(algo, prep), settings, reporter)
                self._searches = {skey: cands}
            timings["candidates"] = time.perf_counter() - t0

            t0 = time.perf_counter()
            self._check = check
            verified = self._verified_of(prep, cands, algo, settings, check, reporter)
            floor = np.where(verified.short, check.floor_for(True), check.floor_for(False))
            checked = verified.similarity >= floor - 1e-9
            checked &= verified.figures_agree(prep, checked, reporter)
            candidates = PairSet(cands.a, cands.b, cands.measure, verified.similarity, checked)
            proposed = algo.passes(cands.measure, threshold)
            accepted = proposed & checked
            pairs = candidates.select(accepted)
            timings["verify"] = time.perf_counter() - t0
            self._measure(algo.name, timings)

            t0 = time.perf_counter()
            reporter.report("Clustering", 0, 1)
            keep = self._keep_rule(settings.keep)
            rank = keep.rank
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
            keep_reasons = self._keep_reasons(prep, keep, clusters)
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
            proposed=int(proposed.sum()),
            rejected=int(proposed.sum() - accepted.sum()),
            boilerplate_sentences=len(prep.boilerplate.keys),
            keep_reasons=keep_reasons,
            keep_note=keep.note(),
            keep_rank=rank,
        )

    def similarity(self, row_a: int, row_b: int) -> float:
        """The common 0-1 similarity of two rows (same measure as PairSet.similarity)."""
        prep = self._last_prepared()
        return self._unique_similarity(prep, int(prep.row_unique[row_a]), int(prep.row_unique[row_b]))

    def boilerplate_of(self, row: int) -> list[str]:
        """The sentences of ``row`` that were ignored as boilerplate in the last run (empty when none)."""
        prep = self._last_prepared()
        return prep.boilerplate.split(prep.unique_texts[int(prep.row_unique[row])])[1]

    def is_cached(self, settings: Settings) -> bool:
        """True when a run with these settings will reuse fingerprints (no segmentation)."""
        settings = settings.resolved()
        algo = get_algorithm(settings.algorithm)
        key = (settings.normalise, int(settings.boilerplate_docs), *algo.fingerprint_key(settings))
        return key in self._fingerprints

    def rerun_cost(self, settings: Settings) -> tuple[str, float | None]:
        """What a run with these settings must do before it can cluster, and about how long that takes (None: not
        measured yet on these texts): ("", ...) the cached candidates cover it (a threshold that only moves the cut:
        re-clustering takes well under a second); ("search", s) a new candidate search from the cached
        fingerprints; ("fingerprints", s) new fingerprints (segmenting every text again)."""
        settings = settings.resolved()
        algo = get_algorithm(settings.algorithm)
        fkey = (settings.normalise, int(settings.boilerplate_docs), *algo.fingerprint_key(settings))
        if fkey not in self._fingerprints:
            return "fingerprints", self._measured.get((algo.name, "fingerprints"))
        cands = self._searches.get((fkey, *algo.search_key(settings)))
        if cands is None or not algo.covers(cands.bound, settings.threshold_value):
            return "search", self._measured.get((algo.name, "search"))
        return "", 0.0

    def _measure(self, algorithm: str, timings: dict[str, float]) -> None:
        if timings["fingerprint"] > 0.01:  # a cache hit takes microseconds
            work = timings["normalise"] + timings["fingerprint"] + timings["candidates"]
            self._measured[(algorithm, "fingerprints")] = work
        if timings["candidates"] > 0.01:
            self._measured[(algorithm, "search")] = timings["candidates"]

    def _keep_rule(self, policy: str) -> KeepRule:
        if self._keep is None or self._keep.policy != policy:
            self._keep = KeepRule.of(policy, self.texts, self.table)
        return self._keep

    def _last_prepared(self) -> _Prepared:
        prep = self._prepared.get(self._last_norm) if self._last_norm is not None else None
        if prep is None:
            prep = self._prepare(NormaliseOptions(), Settings.boilerplate_docs, Reporter())
        return prep

    # -- stages -----------------------------------------------------------------------------------------------

    def _prepare(self, opts: NormaliseOptions, boilerplate_docs: int, reporter: Reporter) -> _Prepared:
        pkey = (opts, boilerplate_docs)
        prep = self._prepared.get(pkey)
        if prep is not None:
            self._last_norm = pkey
            return prep
        reporter.report("Normalising", 0, len(self.texts))
        unique_texts, compact_texts, row_unique, rows_of = exact_pass(self.texts, opts)
        reporter.report("Normalising", len(self.texts), len(self.texts))
        boilerplate = learn(unique_texts, boilerplate_docs, reporter)
        content = strip_all(unique_texts, boilerplate, boilerplate.carriers) if boilerplate else unique_texts
        content_compact = [
            c if t is u else compact(t) for t, u, c in zip(content, unique_texts, compact_texts, strict=True)
        ]
        prep = _Prepared(unique_texts, compact_texts, row_unique, rows_of, boilerplate, content, content_compact)
        self._prepared = {pkey: prep}  # one normalisation at a time keeps memory bounded
        self._grams = {}
        self._last_norm = pkey
        return prep

    @staticmethod
    def _algorithm_input(algo: Algorithm, prep: _Prepared) -> list[str]:
        return prep.content if algo.needs_lines else prep.content_compact

    def _grams_of(self, prep: _Prepared, u: int) -> np.ndarray:
        g = self._grams.get(u)
        if g is None:
            g = self._grams[u] = gram_hashes(prep.content_compact[u], SIMILARITY_GRAM)
        return g

    def _unique_similarity(self, prep: _Prepared, u: int, v: int) -> float:
        if u == v:
            return 1.0
        if not prep.compact_texts[u] or not prep.compact_texts[v]:
            return 0.0
        a, b = prep.content_compact[u], prep.content_compact[v]
        return self._check.score_texts(a, b, self._grams_of(prep, u), self._grams_of(prep, v))

    def _verified_of(
        self,
        prep: _Prepared,
        cands: Candidates,
        algo: Algorithm,
        settings: Settings,
        check: TextCheck,
        reporter: Reporter,
    ) -> _Verified:
        """The text check's scores of ``cands``, computed once per candidate search (and excerpt options)."""
        key = (algo.measure_is_similarity(settings), check.excerpts, check.excerpt_share)
        last = self._verified if self._verified is not None and self._verified.cands is cands else None
        if last is not None and last.prep is prep and last.key == key:
            return last
        reporter.report("Verifying", 0, len(cands.a))
        similarity, grams = self._pair_similarity(prep, cands, algo, settings, reporter)
        lengths = self._content_lengths(prep)
        short = np.minimum(lengths[cands.a], lengths[cands.b]) < SHORT_CHARS
        figures = last.figures if last is not None and last.prep is prep else np.full(len(cands.a), -1, np.int8)
        self._verified = _Verified(cands, prep, key, similarity, short, figures, grams)
        return self._verified

    def _keep_reasons(self, prep: _Prepared, keep: KeepRule, clusters: list[Cluster]) -> dict[int, str]:
        """Cluster id -> why its row was kept (``KeepRule.reasons``), reusing the reasons of clusters that an
        earlier run with the same texts and rule already formed."""
        if self._reasons is None or self._reasons[0] is not prep or self._reasons[1] is not keep:
            self._reasons = (prep, keep, {})
        known = self._reasons[2]
        todo = [c for c in clusters if (c.kept, tuple(c.members)) not in known]
        contains = self._containment(prep, todo) if keep.policy == "original" else None
        for c in todo:
            known[(c.kept, tuple(c.members))] = keep.reason(c.kept, c.members, contains)
        return {c.id: known[(c.kept, tuple(c.members))] for c in clusters}

    def _containment(self, prep: _Prepared, clusters: list[Cluster]) -> Contains:
        """``KeepRule``'s "contains the others" for every kept row and each other member of ``clusters``, worked
        out column-at-once (4-gram overlaps of the texts without boilerplate, ``keep.contained``): from the counts
        verification made for the pair where it made them, else counted here."""
        kept = np.array([c.kept for c in clusters for m in c.members if m != c.kept], dtype=np.int64)
        other = np.array([m for c in clusters for m in c.members if m != c.kept], dtype=np.int64)
        ua, ub = prep.row_unique[kept], prep.row_unique[other]
        inter, size = np.full(len(kept), -1, dtype=np.int64), np.full(len(kept), -1, dtype=np.int64)
        v = self._verified
        if v is not None and v.prep is prep and v.grams is not None and len(ua):
            g, ca, cb = v.grams, v.cands.a, v.cands.b
            counted = np.flatnonzero(g.overlap >= 0)
            # Each counted pair in both orientations, keyed (unique kept, unique other) -> where it is.
            keys = np.concatenate([ca[counted] * len(prep.unique_texts) + cb[counted],
                                   cb[counted] * len(prep.unique_texts) + ca[counted]])  # fmt: skip
            other_size = np.concatenate([g.size_b[counted], g.size_a[counted]])
            both = np.concatenate([g.overlap[counted], g.overlap[counted]])
            order = np.argsort(keys)
            keys, other_size, both = keys[order], other_size[order], both[order]
            want = ua * len(prep.unique_texts) + ub
            at, found = find_sorted(keys, want)
            inter[found], size[found] = both[at[found]], other_size[at[found]]
        todo = np.flatnonzero(inter < 0)
        if len(todo):
            inter[todo], size[todo] = overlaps_of(prep.content_compact, ua[todo], ub[todo], SIMILARITY_GRAM)
        ok = contained(inter, size)
        table = dict(zip(zip(kept.tolist(), other.tolist(), strict=True), ok.tolist(), strict=True))
        return lambda k, others: all(table[(k, o)] for o in others)

    def _content_lengths(self, prep: _Prepared) -> np.ndarray:
        if prep.lengths is None:
            prep.lengths = np.fromiter((len(t) for t in prep.content_compact), dtype=np.int64, count=len(prep.content))
        return prep.lengths

    def _pair_similarity(
        self, prep: _Prepared, cands: Candidates, algo: Algorithm, settings: Settings, reporter: Reporter
    ) -> tuple[np.ndarray, PairGrams | None]:
        if algo.measure_is_similarity(settings):  # already the common measure, with its counts when they are of
            # the same grams of the same texts
            same = cands.gram_n == SIMILARITY_GRAM and self._algorithm_input(algo, prep) is prep.content_compact
            return cands.measure.copy(), cands.grams if same else None
        reporter.report("Verifying", 0, len(cands.a))
        # The texts of the pairs, hashed and scored column-at-once (core.columnar), as _unique_similarity does
        # pair by pair.
        out, grams = score_pairs_of_counted(self._check, prep.content_compact, cands.a, cands.b, SIMILARITY_GRAM)
        empty = np.fromiter(map(len, prep.compact_texts), dtype=np.int64, count=len(prep.compact_texts)) == 0
        out[(cands.a == cands.b)] = 1.0
        out[empty[cands.a] | empty[cands.b]] = 0.0
        reporter.report("Verifying", len(cands.a), len(cands.a))
        return out, grams


def exact_pass(texts: Sequence[str], opts: NormaliseOptions):
    """The unique normalised texts (first occurrence order; "" for rows with no text, each its own), their compact
    forms, the unique text of every row and the rows of every unique text - without a Python loop over rows:
    identical raw texts are normalised once, and texts equal once normalised and compacted are one."""
    raw = list(dict.fromkeys(texts))  # identical rows cost once
    raw_index = {t: i for i, t in enumerate(raw)}
    row_raw = np.fromiter(map(raw_index.__getitem__, texts), dtype=np.int64, count=len(texts))
    norm = normalise_all(raw, opts)
    keys = list(map(compact, norm))
    # Unique by compact text; every empty text is its own unique text (empty texts are never duplicates).
    key_index = {k: i for i, k in reversed(list(enumerate(keys)))}  # first raw text of each compact text
    raw_key = np.fromiter(map(key_index.__getitem__, keys), dtype=np.int64, count=len(keys))
    row_key = raw_key[row_raw]
    empty = np.fromiter(map(len, keys), dtype=np.int64, count=len(keys))[row_raw] == 0
    # A unique text per distinct non-empty key, per empty row; numbered in order of first row.
    ident = np.where(empty, -1 - np.arange(len(texts), dtype=np.int64), row_key)
    _, first_row, inverse = np.unique(ident, return_index=True, return_inverse=True)
    rank = np.empty(len(first_row), dtype=np.int64)
    rank[np.argsort(first_row, kind="stable")] = np.arange(len(first_row))
    row_unique = rank[inverse.reshape(-1)]
    firsts = np.sort(first_row)
    unique_raw = row_raw[firsts]
    unique_texts = [norm[i] for i in unique_raw.tolist()]
    compact_texts = [keys[i] for i in unique_raw.tolist()]
    order = np.argsort(row_unique, kind="stable")
    bounds = np.searchsorted(row_unique[order], np.arange(len(firsts) + 1))
    rows = order.tolist()
    rows_of = [rows[lo:hi] for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True)]
    return unique_texts, compact_texts, row_unique, rows_of


def dedup(table: Table, columns: Sequence[str], settings: Settings, reporter: Reporter | None = None) -> DedupResult:
    """One-shot convenience for the CLI and scripts."""
    return Pipeline.for_table(table, columns).run(settings, reporter)
