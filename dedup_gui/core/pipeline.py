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

import operator
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from .algorithms.base import Algorithm, Candidates
from .algorithms.registry import get_algorithm
from .boilerplate import Boilerplate, learn, strip_all
from .cluster import build_clusters, excerpt_only
from .columnar import PairGrams, lengths_of, overlaps_of, score_pairs_of_counted
from .doubt import DoubtReads, doubt_plan, held_in
from .keep import CONTAINER_REASON, KeepRule, check_policy_column, contained, member_pairs
from .parallel import forked_work_allowed, in_two_processes
from .progress import Reporter
from .result import ClusterList, DedupResult, PairSet
from .series import series_pairs
from .settings import NormaliseOptions, Settings
from .table import Table
from .text import (
    compact_normalised,
    compact_of_normalised,
    ends_stripped,
    factorize,
    find_sorted,
    first_of_codes,
    gram_hashes,
    normalise_all,
    simplify,
)
from .textcheck import SHORT_CHARS, SIMILARITY_GRAM, ReportReads, TextCheck, plan_reports

# Pairs from which the text check's last word (figures, names, negations) is worth a second process: at 100k short
# texts (30,685 pairs) 0.21 s -> 0.14 s; at 4k articles (1,194 pairs) the halves each took as long as the whole.
FORK_CHECK_PAIRS = 20_000
# ... and for pairs of long texts (``PLAN_FIRST_CHARS``), planned before the fork, from far fewer (alternating, the
# same rows removed: 15k bench English articles, 5,128 pairs, 0.51-0.52 -> 0.36-0.44 s; 4k English articles
# 0.136-0.139 -> 0.105-0.110 s; the 4k Chinese articles, 1,194 pairs, 0.075-0.080 -> 0.070-0.075 s).
FORK_CHECK_LONG_PAIRS = 1_000
# - counted as the work of so many pairs of near copies (``_check_work``): 20 Newsgroups' 541 pairs of posts are the
# work of ~6,800 (their check 0.82-0.97 -> 0.52-0.53 s), the 12,461 Sina articles' 704 pairs of ~1,600 (0.19-0.22 ->
# 0.16-0.21 s).
# The characters of differing text a step reads text by text in the time a pair of near copies takes all through
# the check (``_check_work``; measured pair by pair: 20 Newsgroups, the 4k bench articles, the Sina articles).
READ_CHARS_PER_PAIR = 50
# Pairs whose first texts average this many characters or more are planned before the text check forks
# (``_Verified.reports_agree``): a text of 500 Chinese characters takes a quarter of a page.
PLAN_FIRST_CHARS = 500
# The text check's column-at-once reading of short texts' pairs is planned and read this many pairs at a time: its
# arrays are a few hundred bytes a pair, and templated rows (notices that differ in a number) make tens of millions
# of candidate pairs. 50k such rows, 7.4M pairs, in one process: 4.0 s and 940 MB more at the peak planned at once,
# 2.3 s and 34 MB in blocks of 1M (2.7 s in blocks of 250k, 2.4 s of 2M: the arrays of a block stay in the cache).
PLAN_BLOCK = 1_000_000
# This many texts or more, shorter than this on average, have their keep rule made on a thread beside the search
# (``_keep_ahead``; with fewer, the rule takes 0.1-0.2 s, and the job was no faster for it: 100k short texts, 100k
# English sentences).
AHEAD_ROWS = 300_000
AHEAD_UNDER_CHARS = 200


def _joined_parts(*parts: tuple[np.ndarray, np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Parts' (differ, scaled, doubtful) masks, each one after the other (``_Verified.reports_agree``)."""
    differ, scaled, doubtful = (np.concatenate(masks) for masks in zip(*parts, strict=True))
    return differ, scaled, doubtful


@dataclass
class _Prepared:
    """The exact pass (unique normalised texts and which rows share each) and their content: each unique text
    without the boilerplate learned from the whole input."""

    unique_texts: list[str]  # normalised (lines kept) per unique text; "" for rows with no text
    compact_texts: list[str]
    row_unique: np.ndarray  # the unique text of every row
    boilerplate: Boilerplate
    content: list[str]  # unique text minus boilerplate sentences (lines kept)
    content_compact: list[str]
    unique_lengths: np.ndarray  # characters of each unique text
    lengths: np.ndarray | None = None  # characters of each content_compact text, computed when first needed
    written: list[str] | None = None  # each unique text as written (its first row's), taken when first needed
    cut: np.ndarray | None = None  # bool per unique text: its content lost a boilerplate sentence (set by _prepare)
    folded: np.ndarray | None = None  # bool per unique text: it held traditional Chinese, folded (set by _prepare)


@dataclass
class _Verified:
    """What the text check says of one candidate search's pairs whatever the threshold, so that a threshold change
    only filters: each pair's similarity (for the check's excerpt options), whether it is judged as a short pair,
    and whether the two report alike - figures, names, negations (read lazily, only for the pairs above the floor,
    and kept)."""

    cands: Candidates
    prep: _Prepared
    key: tuple  # what ``similarity`` depends on beyond the pairs
    similarity: np.ndarray
    short: np.ndarray
    # int8 per pair: 1 the two report alike (figures, names, negations), 0 not, -1 not read yet; 2 alike, but a figure
    # is written with a multiplier in one and not in the other (``textcheck.scale_changed``): in doubt
    agree: np.ndarray
    grams: PairGrams | None = None  # the gram counts behind the long pairs' similarity, when it was counted here

    def reports_agree(
        self,
        prep: _Prepared,
        written: list[str],
        markup: bool,
        mask: np.ndarray,
        reporter: Reporter,
        doubt: Callable[[np.ndarray], DoubtReads],
        lengths: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """False for the pairs (among ``mask``) whose texts report different figures, names or places, or where one
        negates what the other says or (a short text) asks the opposite: template or another statement, not copy -
        or where one quotes the other, a reply and its post (``written``: the unique texts as written, where names
        and quotes are read; ``markup``: take their markup out).

        Read on the whole text: a line of figures that recurs across notices ("Pay March 31") is boilerplate for
        the similarity, but it is still what the notice says.

        With it, which pairs are in doubt: ``doubt`` of some pairs (their places among the candidates: which of
        them to read, ``doubt.doubt_plan``), read for every pair of ``mask`` that the text check lets through, in
        the same two parts (each pair's own) - a mask over the candidates, the second thing returned. ``lengths``:
        the unique texts' lengths."""
        pairs = np.flatnonzero(mask)
        fresh = self.agree[pairs] < 0  # (of these pairs, the ones the text check has not read yet)
        todo = pairs[fresh]
        reporter.report("Verifying", 0, len(todo))
        a, b = self.cands.a, self.cands.b
        texts = prep.unique_texts
        # Python over every pair, holding the interpreter lock: half the pairs in a second process where the
        # engine may fork (1M short texts, 310k pairs: 1.92 s -> 1.28 s), the doubt of each half's pairs with them
        # (it had followed on this process alone: 1M short texts 1.4 s on one core, 100k English sentences 0.3 s;
        # their verifying 1.08-1.21 -> 0.88-1.02 s, 100k short Chinese texts 0.54-0.57 -> 0.40-0.49 s).
        # (A rerun whose pairs the check has all read stays in this process: their doubt alone is not worth a
        # fork - 100k short texts, a threshold change 0.12-0.19 s in one process, 0.20-0.25 s forked.)
        long_texts = bool(len(todo)) and lengths.take(a[todo]).mean() >= PLAN_FIRST_CHARS
        least = FORK_CHECK_PAIRS if len(todo) >= FORK_CHECK_PAIRS else len(pairs) + 1
        # Pairs of long texts (articles) have what can be told of every pair at once told here first, on both
        # cores, before the fork, and each process then reads only the pairs a step reads text by text
        # (``ReportReads``, ``DoubtReads``): a forked child copies each page it writes, and reading an object
        # writes its reference count - gathering the texts of every pair of its half copied a page per article,
        # ~73,000 pages in each process at 100k bench articles, and the two halves took as long as the whole in one
        # process (2.1-2.3 s each, 1 s of it the kernel's). Short texts share pages: their halves are worked whole,
        # the column-at-once steps on both cores at once (1M short texts: planned first, 3.5-3.9 s against
        # 2.8-3.0 s).
        # Whether the second process is worth its fork is told by the plan, which knows the texts each pair's
        # reads take (``_check_work``): a few hundred long pairs can be most of the check (20 Newsgroups: 541
        # pairs, 4.4M characters read, ~1 s on one core), a thousand near copies little of it; and the pairs are
        # split where half that work is, not at the middle pair (a few posts full of figures and quotes weigh most).
        plan: ReportReads | None = None
        doubts: DoubtReads | None = None
        split = None
        # Places are read on the pairs' content too: where one is an excerpt of the other, or boilerplate was cut
        # from either (``plan_reports``).
        content, cut = prep.content, prep.cut
        if long_texts and forked_work_allowed():
            plan = plan_reports(texts, written, a[todo], b[todo], markup, lengths, content, cut)
            reporter.check()  # (a cancel stops here, not after the reads too: the plan takes ~1.3 s at 100k articles)
            doubts = doubt(pairs)
            work = _check_work(plan, doubts, fresh, self.similarity[pairs], lengths)
            least = 2 if work.sum() >= FORK_CHECK_LONG_PAIRS else len(pairs) + 1
            split = int(np.searchsorted(np.cumsum(work), work.sum() / 2))
        before = np.zeros(len(pairs) + 1, dtype=np.int64)  # the fresh pairs before each place
        np.cumsum(fresh, out=before[1:])
        parent = os.getpid()  # (a forked child reports no progress: it shares this process's pipes)

        def part(lo: int, hi: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            if plan is None and hi - lo > PLAN_BLOCK:  # (``PLAN_BLOCK``: its arrays bounded, as fast or faster)
                blocks = []
                for start in range(lo, hi, PLAN_BLOCK):
                    # A cancel between blocks (each takes ~0.3 s of templated rows), and how far this process is
                    # through its own pairs, as a share of them all (its half, when a child reads the other).
                    if os.getpid() == parent:
                        reporter.report("Verifying", len(todo) * (start - lo) // (hi - lo), len(todo))
                    else:
                        reporter.check()
                    blocks.append(part(start, min(start + PLAN_BLOCK, hi)))
                return _joined_parts(*blocks)
            at, new = pairs[lo:hi], fresh[lo:hi]
            if plan is not None:
                differ = plan.read(texts, written, int(before[lo]), int(before[hi]), content)
                scaled = plan.held(texts, int(before[lo]), int(before[hi]))
            else:
                check = plan_reports(texts, written, a[at[new]], b[at[new]], markup, lengths, content, cut)
                differ, scaled = check.read(texts, written, content=content), check.held(texts)
            # Doubt only of the pairs the text check lets through: those it stops are mostly the costliest to read
            # for it - Latin texts many words apart (100k English sentences: 0.27 s for the pairs let through,
            # 0.43 s for half the pairs above the floor).
            through = self.agree[at] != 0
            through[new] = ~differ
            if doubts is not None:
                return differ, scaled, doubts.read(texts, lo, hi, among=through)
            doubtful = np.zeros(hi - lo, dtype=bool)
            doubtful[through] = doubt(at[through]).read(texts)
            return differ, scaled, doubtful

        differ, scaled, doubtful = in_two_processes(
            part, len(pairs), _joined_parts, least=least, check=reporter.check, split=split
        )
        self.agree[todo] = np.where(differ, 0, np.where(scaled, 2, 1))
        reporter.report("Verifying", len(todo), len(todo))
        out = np.zeros(len(self.agree), dtype=bool)
        out[pairs] = doubtful | (self.agree[pairs] == 2)
        return self.agree != 0, out


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
        # Whether one unique text contains another, for the pairs of unique texts (keyed u * n + v) whose 4-grams
        # had to be counted for it, on one prepared input: a threshold change mostly re-forms the same clusters.
        self._contained: tuple[_Prepared, np.ndarray, np.ndarray] | None = None
        # Seconds the last run that had to do the work took for it, per algorithm: "fingerprints" (normalising,
        # fingerprinting and searching) and "search" (searching only) - what ``rerun_cost`` estimates with.
        self._measured: dict[tuple[str, str], float] = {}

    @classmethod
    def for_table(cls, table: Table, columns: Sequence[str], texts: list[str] | None = None) -> Pipeline:
        """The engine on ``table``'s dedup texts of ``columns`` (``texts``: ``Table.texts``, when made already)."""
        return cls(table.texts(columns) if texts is None else texts, table)

    # -- public -----------------------------------------------------------------------------------------------

    def run(self, settings: Settings, reporter: Reporter | None = None, keep_reasons: bool = True) -> DedupResult:
        """Find the duplicates of the texts under ``settings``. ``keep_reasons`` False: the result's
        ``keep_reasons`` (why each cluster's row was kept, for the report and the review) are left empty - a job
        that only writes the cleaned file does not read them (1M short texts: 0.4 s of 12)."""
        reporter = reporter or Reporter()
        settings = settings.resolved()
        settings.validate()
        check_policy_column(settings.keep, self.table)  # (before any stage: the rule is made beside them)
        algo = get_algorithm(settings.algorithm)
        check = TextCheck.of(settings)
        threshold = settings.threshold_value
        timings: dict[str, float] = {}
        with self._lock:
            t0 = time.perf_counter()
            prep = self._prepare(settings.normalise, int(settings.boilerplate_docs), reporter)
            timings["normalise"] = time.perf_counter() - t0
            keep_rule = self._keep_ahead(settings.keep)

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

            # (the rule made beside the search is waited for here, before the text check may fork: no thread of
            # this process's own is left running in a child; its time counts as the clustering's, where it is used)
            t0 = time.perf_counter()
            keep = keep_rule()
            keep_seconds = time.perf_counter() - t0

            t0 = time.perf_counter()
            self._check = check
            verified = self._verified_of(prep, cands, algo, settings, check, reporter)
            floor = np.where(verified.short, check.floor_for(True), check.floor_for(False))
            above = verified.similarity >= floor - 1e-9
            lengths = prep.unique_lengths
            # Which pairs are in doubt is each pair's own: read for every pair above the floor with the text check
            # (in its two processes), kept for the pairs that pass.
            agree, doubtful = verified.reports_agree(
                prep,
                self._written(prep),
                settings.normalise.strip_html,
                above,
                reporter,
                doubt=lambda at: doubt_plan(
                    prep.unique_texts, cands.a[at], cands.b[at], verified.similarity[at], lengths
                ),
                lengths=lengths,
            )
            checked = above & agree
            checked &= ~series_pairs(prep.unique_texts, cands.a, cands.b, checked, verified.similarity, lengths)
            container, container_grams = self._containers(prep, verified, check, checked)
            candidates = PairSet(
                cands.a, cands.b, cands.measure, verified.similarity, checked, container, container_grams
            )
            candidates.doubtful = doubtful & checked
            proposed = algo.passes(cands.measure, threshold)
            accepted = proposed & checked
            pairs = candidates.select(accepted)
            timings["verify"] = time.perf_counter() - t0
            self._measure(algo.name, timings)

            t0 = time.perf_counter() - keep_seconds
            reporter.report("Clustering", 0, 1)
            rank = keep.rank
            if keep.policy == "original":
                rank = pairs.containers_first(rank, prep.row_unique, len(prep.unique_texts))
            clusters = build_clusters(
                len(prep.unique_texts),
                pairs.a,
                pairs.b,
                pairs.similarity,
                prep.row_unique,
                rank,
                settings.mode,
                lambda u, v: self._unique_similarity(prep, u, v),
            )
            reasons = self._keep_reasons(prep, keep, clusters, rank) if keep_reasons else {}
            held, held_copies = held_in(clusters, prep.row_unique, pairs, rank)
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
            keep_reasons=reasons,
            keep_note=keep.note(),
            keep_rank=keep.rank,  # (the policy's own: the analyst's view ranks containers first per threshold)
            held=held,
            held_copies=held_copies,
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

    def _keep_ahead(self, policy: str) -> Callable[[], KeepRule]:
        """The keep rule for ``policy`` (``_keep_rule``); for short texts made on a thread of its own while the
        fingerprints and the candidate pairs are found: its reading of every row (repost markers, dates) is Python
        over every row, those stages mostly numpy's, which lets go of the interpreter lock (1M short texts, ten
        runs each, alternating: the cluster stage 0.92-1.49 -> 0.44-0.60 s, the fingerprints beside it a little
        slower, the dedup 14.8-19.9 s, median 17.5, -> 13.9-20.5 s, median 16.5 - this machine's runs vary more
        than that).
        Not for long texts: a regular expression over an article holds the lock for as long as it reads, and the
        stages beside it waited (100k articles: the job 1-2 s slower). Called for the rule when it is needed (what
        making it raised is raised there)."""
        sample = self.texts[:: max(1, len(self.texts) // 1000)]
        if (
            (self._keep is not None and self._keep.policy == policy)
            or len(self.texts) < AHEAD_ROWS
            or sum(map(len, sample)) >= AHEAD_UNDER_CHARS * len(sample)
        ):
            return lambda: self._keep_rule(policy)
        pool = ThreadPoolExecutor(1, thread_name_prefix="keep-rule")
        future = pool.submit(KeepRule.of, policy, self.texts, self.table)
        pool.shutdown(wait=False)

        def made() -> KeepRule:
            self._keep = future.result()
            return self._keep

        return made

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
        unique_texts, compact_texts, row_unique, folded = exact_pass(self.texts, opts, folded=True)
        reporter.report("Normalising", len(self.texts), len(self.texts))
        # (what boilerplate's slices, the series and the doubt read, every run on this input: kept read-only)
        unique_lengths = lengths_of(unique_texts)
        unique_lengths.flags.writeable = False
        boilerplate = learn(unique_texts, boilerplate_docs, reporter, unique_lengths)
        content = strip_all(unique_texts, boilerplate, boilerplate.carriers) if boilerplate else unique_texts
        # The texts that lost a piece: only a carrier of boilerplate can (``learn`` knows them).
        maybe = range(len(content)) if boilerplate.carriers is None else boilerplate.carriers.tolist()
        stripped = [i for i in maybe if content[i] is not unique_texts[i]] if boilerplate else []
        content_compact = list(compact_texts)  # a text that lost nothing keeps its compact form
        for i, c in zip(stripped, compact_normalised([content[i] for i in stripped], opts), strict=True):
            content_compact[i] = c
        prep = _Prepared(unique_texts, compact_texts, row_unique, boilerplate, content, content_compact, unique_lengths)
        prep.cut = np.zeros(len(unique_texts), dtype=bool)
        prep.folded = folded
        prep.cut[stripped] = True
        if opts.collapse_whitespace:
            # A compact form of a text normalised so is as long as the text (its line breaks made spaces): only the
            # texts that lost a piece are measured (100k short texts: 5 ms of a pass over every text).
            prep.lengths = unique_lengths.copy()
            if stripped:
                prep.lengths[stripped] = lengths_of(list(map(content_compact.__getitem__, stripped)))
        self._prepared = {pkey: prep}  # one normalisation at a time keeps memory bounded
        self._grams = {}
        self._last_norm = pkey
        return prep

    def _written(self, prep: _Prepared) -> list[str]:
        """Each unique text as written (the text of its first row): what the text check reads names in, where case
        tells them - its traditional Chinese characters folded to simplified ones where the normalisation folds
        them (a story converted from one to the other, the copy of another that writes "下跌" for "上漲", has its
        places and opposites read as the other's are)."""
        if prep.written is None:
            written = _taken(self.texts, first_of_codes(prep.row_unique))
            if prep.folded is not None:
                for u in np.flatnonzero(prep.folded).tolist():
                    written[u] = simplify(written[u])
            prep.written = written
        return prep.written

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
        agree = last.agree if last is not None and last.prep is prep else np.full(len(cands.a), -1, np.int8)
        self._verified = _Verified(cands, prep, key, similarity, short, agree, grams)
        return self._verified

    def _keep_reasons(self, prep: _Prepared, keep: KeepRule, clusters: ClusterList, rank: np.ndarray) -> dict[int, str]:
        """Cluster id -> why its row was kept (``KeepRule.reasons_of``), all clusters at once; a row ranked before
        its excerpts (``PairSet.containers_first``) says so."""
        kept, cluster, others = member_pairs(clusters)
        contains = self._containment(prep, kept[cluster], others) if keep.policy == "original" else None
        reasons = keep.reasons_of(kept, cluster, others, contains)
        lifted = rank[kept] < keep.rank[kept]
        for i in np.flatnonzero(lifted).tolist():
            reasons[i] = CONTAINER_REASON
        return dict(zip(clusters.arrays["id"].tolist(), reasons, strict=True))

    def _containers(
        self, prep: _Prepared, verified: _Verified, check: TextCheck, mask: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """For each candidate pair (among ``mask``, long pairs only) that is a duplicate only as an excerpt
        (``cluster.excerpt_only``), the unique text it was taken from and that text's 4-gram count; -1 elsewhere
        (``PairSet.container``). From the counts verification made, else counted here."""
        container = np.full(len(mask), -1, dtype=np.int64)
        grams = np.zeros(len(mask), dtype=np.int64)
        todo = np.flatnonzero(mask & ~verified.short)
        if not len(todo):
            return container, grams
        a, b = verified.cands.a[todo], verified.cands.b[todo]
        g = verified.grams
        if g is not None:
            inter, size_a, size_b = g.overlap[todo], g.size_a[todo], g.size_b[todo]
        else:
            inter = np.full(len(todo), -1, dtype=np.int64)
            size_a, size_b = np.zeros(len(todo), np.int64), np.zeros(len(todo), np.int64)
        missing = np.flatnonzero(inter < 0)
        if len(missing):
            inter, size_a, size_b = inter.copy(), size_a.copy(), size_b.copy()
            inter[missing], size_b[missing] = overlaps_of(prep.content_compact, a[missing], b[missing], SIMILARITY_GRAM)
            size_a[missing] = overlaps_of(prep.content_compact, b[missing], a[missing], SIMILARITY_GRAM)[1]
        only = excerpt_only(inter, size_a, size_b)
        container[todo[only]] = np.where(size_a >= size_b, a, b)[only]
        grams[todo[only]] = np.maximum(size_a, size_b)[only]
        return container, grams

    def _containment(self, prep: _Prepared, kept: np.ndarray, other: np.ndarray) -> np.ndarray:
        """``KeepRule``'s "contains the others" for each (kept row, other row), worked out column-at-once (4-gram
        overlaps of the texts without boilerplate, ``keep.contained``): from the counts verification made for the
        pair where it made them, else from what an earlier run counted, else counted here."""
        n = len(prep.unique_texts)
        ua, ub = prep.row_unique[kept], prep.row_unique[other]
        inter, size = np.full(len(kept), -1, dtype=np.int64), np.full(len(kept), -1, dtype=np.int64)
        v = self._verified
        if v is not None and v.prep is prep and v.grams is not None and len(ua):
            g, ca, cb = v.grams, v.cands.a, v.cands.b
            counted = np.flatnonzero(g.overlap >= 0)
            # Each counted pair in both orientations, keyed (unique kept, unique other) -> where it is.
            keys = np.concatenate([ca[counted] * n + cb[counted], cb[counted] * n + ca[counted]])
            other_size = np.concatenate([g.size_b[counted], g.size_a[counted]])
            both = np.concatenate([g.overlap[counted], g.overlap[counted]])
            order = np.argsort(keys)
            keys, other_size, both = keys[order], other_size[order], both[order]
            at, found = find_sorted(keys, ua * n + ub)
            inter[found], size[found] = both[at[found]], other_size[at[found]]
        ok = contained(inter, size)
        todo = np.flatnonzero(inter < 0)
        if not len(todo):
            return ok
        if self._contained is None or self._contained[0] is not prep:
            self._contained = (prep, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool))
        _, known_keys, known = self._contained
        want = ua[todo] * n + ub[todo]
        at, found = find_sorted(known_keys, want)
        ok[todo[found]] = known[at[found]]
        todo, want = todo[~found], want[~found]
        if len(todo):
            # Each pair of unique texts counted once: rows that are exact copies of one another make the same pair
            # again and again (a million copies of one row, one cluster: 999,999 counts of one text against
            # itself).
            want, once, again = np.unique(want, return_index=True, return_inverse=True)
            inter, size = overlaps_of(prep.content_compact, ua[todo[once]], ub[todo[once]], SIMILARITY_GRAM)
            found_now = contained(inter, size)
            ok[todo] = found_now[again.ravel()]
            # (the pairs known before and those counted now, one entry each: ``want`` holds none of ``known_keys``)
            keys, where = np.unique(np.concatenate([known_keys, want]), return_index=True)
            self._contained = (prep, keys, np.concatenate([known, found_now])[where])
        return ok

    def _content_lengths(self, prep: _Prepared) -> np.ndarray:
        if prep.lengths is None:
            prep.lengths = lengths_of(prep.content_compact)  # (map, not a generator: 1M short texts 0.10 -> 0.06 s)
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


def _check_work(
    plan: ReportReads, doubts: DoubtReads, fresh: np.ndarray, similarity: np.ndarray, lengths: np.ndarray
) -> np.ndarray:
    """Per pair of long texts, the work of its text check (``_Verified.reports_agree``) as that of so many pairs of
    near copies: one for a ``fresh`` pair (not read yet; the others are only read for their doubt), and the
    characters its steps read text by text (``plan``'s for the fresh pairs, ``doubts``' for every one:
    ``read_chars``), as much of them as differs - each text's share not ``similarity`` alike, and a fiftieth alike
    or not: a step aligns the passages where the two differ - at ``READ_CHARS_PER_PAIR``. (Against each pair's own
    time, measured one at a time on 20 Newsgroups' 541 pairs: correlation 0.95, against 0.67 for the characters
    alone; they took 0.02-0.14 s each, most of it in a few posts full of figures that differ in their replies.)"""
    chars = doubts.read_chars(lengths)
    chars[fresh] += plan.read_chars(lengths)
    return fresh + chars * (1.02 - similarity) / READ_CHARS_PER_PAIR


def _number_strings(strings: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """A number per string, the same for equal strings, in order of first occurrence, and where each number first
    occurs. By the strings' own hashes (computed once per string object, at C speed) numbered by ``factorize``,
    then every string compared with the first of its number; should two different strings share a hash,
    by a dictionary instead. (pandas' factorize on the strings themselves copies each one into UTF-8: hundreds of
    megabytes on a column of articles.)"""
    hashes = np.fromiter(map(hash, strings), dtype=np.int64, count=len(strings))
    codes, _ = factorize(hashes)
    firsts = first_of_codes(codes)
    if len(firsts) == len(strings):  # every hash once: every string differs from the others (equal ones hash alike)
        return codes, firsts
    # Each string that repeats a hash compared with the first string of that hash (the firsts are themselves: 1M
    # short texts, 202 repeats: 4 ms against 0.13-0.15 s comparing every string).
    repeats = np.flatnonzero(firsts.take(codes) != np.arange(len(strings)))
    firsts_of = firsts.take(codes.take(repeats)).tolist()
    if all(map(operator.eq, map(strings.__getitem__, repeats.tolist()), map(strings.__getitem__, firsts_of))):
        return codes, firsts
    index: dict[str, int] = {}
    codes = np.fromiter((index.setdefault(t, len(index)) for t in strings), dtype=np.int64, count=len(strings))
    return codes, first_of_codes(codes)


def exact_pass(texts: Sequence[str], opts: NormaliseOptions, folded: bool = False):
    """The unique normalised texts (first occurrence order; "" for rows with no text, each its own), their compact
    forms and the unique text of every row - without a Python loop over rows:
    identical raw texts are normalised once, and texts equal once normalised and compacted are one.

    Texts equal but for the signs at their ends ("北京欢迎你" / "北京欢迎你!!!", "你好" / "你好？": ``ends_stripped``)
    are one too. A text with nothing left once normalised but markup, page chrome or such signs ("<p></p>", an
    image tag, "？？？") is one unique text with its exact copies - they are copies, as a spreadsheet's Remove
    Duplicates finds - and no other; a blank cell (spaces at most) is its own. ``folded``: also which unique texts
    held a traditional Chinese character the normalisation folded (None when none did)."""
    row_raw, firsts = _number_strings(texts)
    raw = _taken(texts, firsts)  # identical rows cost once
    folded_raw = np.zeros(len(raw), dtype=bool) if folded and opts.simplify else None
    norm = normalise_all(raw, opts, folded_raw)
    keys = compact_of_normalised(norm, opts)
    # Unique by compact text less the signs at its ends; every empty text is its own unique text (empty texts are
    # never duplicates).
    grouped = ends_stripped(keys)
    raw_code, key_firsts = _number_strings(grouped)
    raw_key = key_firsts[raw_code]  # the first raw text of each compact text
    empty_raw = np.fromiter(map(len, grouped), dtype=np.int64, count=len(grouped)) == 0
    empty = empty_raw[row_raw]
    # A unique text per distinct non-empty key, per distinct raw text of markup alone, per blank row; numbered in
    # order of first row.
    ident = np.where(empty, -1 - np.arange(len(texts), dtype=np.int64), raw_key[row_raw])
    marked = np.flatnonzero(empty_raw)
    marked = marked[np.fromiter((not raw[j].isspace() and raw[j] != "" for j in marked.tolist()), bool, len(marked))]
    if len(marked):
        markup = np.zeros(len(raw), dtype=bool)
        markup[marked] = True
        of_markup = markup[row_raw]
        ident[of_markup] = -1 - len(texts) - row_raw[of_markup]
    row_unique, _ = factorize(ident)
    unique_raw = row_raw[first_of_codes(row_unique)]
    if folded:  # (and which of them held traditional Chinese characters the normalisation folded: None for none)
        held = None if folded_raw is None or not folded_raw.any() else folded_raw[unique_raw]
        return _taken(norm, unique_raw), _taken(keys, unique_raw), row_unique, held
    return _taken(norm, unique_raw), _taken(keys, unique_raw), row_unique


def _taken(items: Sequence[str], at: np.ndarray) -> list[str]:
    """``[items[i] for i in at]`` - a copy of the list when ``at`` takes every item in order (no two rows alike:
    100k short texts, three such lists 30-60 ms)."""
    if len(at) == len(items) and bool((at == np.arange(len(at))).all()):
        return list(items)
    return list(map(items.__getitem__, at.tolist()))


def dedup(table: Table, columns: Sequence[str], settings: Settings, reporter: Reporter | None = None) -> DedupResult:
    """One-shot convenience for the CLI and scripts."""
    return Pipeline.for_table(table, columns).run(settings, reporter)
