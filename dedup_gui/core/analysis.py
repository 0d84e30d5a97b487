"""The analyst's view, computed without a window: the pair histogram, live removal counts while a threshold is
dragged, the hot stories (largest clusters, with dates and sources), the cluster-size distribution and the run
summary.

Everything here works on a finished ``DedupResult`` (and the table it came from); nothing re-runs the engine.
It is built on the engine's own pieces: live removal counts use the clustering rule of ``core.cluster`` and the
text check's floor, dates are read by the one date parser (``core.dates``), the kept row is ranked by ``core.keep``.
The GUI's charts in ``dedup_gui.gui.analysis`` only draw what these functions return.

Thresholds are in the algorithm's *native measure* - the unit of the threshold slider: Hamming bits for simhash
(a pair passes at <= k), shared sentences for nshash (>= t) and Jaccard similarity for n-gram (>= t).
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from . import regexes
from .algorithms.registry import ParamSpec, get_algorithm
from .cluster import keepers
from .dates import DATE_NAME_HINTS as DATE_NAME_HINTS  # the one date parser, re-exported for the GUI
from .dates import detect_date_column as detect_date_column
from .dates import may_be_dates, read_dates
from .dates import parse_dates as parse_dates
from .doubt import held_texts
from .keep import rank_rows
from .result import ClusterList, Decisions, DedupResult, Resolution
from .settings import NormaliseOptions
from .table import TITLE_NAME_HINTS as TITLE_NAME_HINTS  # (re-exported: the review's column order reads it here)
from .table import Table, cell_text
from .text import normalise_all, sorted_unique

STAGES = ("normalise", "fingerprint", "candidates", "verify", "cluster")  # DedupResult.timings keys, in run order

# ---------------------------------------------------------------------------------------------------------------
# Thresholds in the slider's unit
# ---------------------------------------------------------------------------------------------------------------


def threshold_spec(result: DedupResult) -> ParamSpec:
    return get_algorithm(result.settings.algorithm).threshold


def snap_threshold(spec: ParamSpec, value: float) -> float:
    """The slider value nearest to ``value``: on the slider's step, inside its range."""
    return spec.snap(value)


def line_position(algorithm: str, threshold: float) -> float:
    """Where the histogram draws a threshold: on the border between the bins that pass and those that fail."""
    return get_algorithm(algorithm).line_position(threshold)


def threshold_at(algorithm: str, x: float) -> float:
    """The slider value whose line is nearest to ``x`` (inverse of ``line_position``, snapped to the slider)."""
    return get_algorithm(algorithm).threshold_at(x)


def passes(algorithm: str, measure: np.ndarray, threshold: float) -> np.ndarray:
    """Which measures pass ``threshold`` - the engine's own rule for the algorithm."""
    return get_algorithm(algorithm).passes(np.asarray(measure, dtype=float), float(threshold))


def searched_range(result: DedupResult) -> tuple[float, float]:
    """The thresholds (lo, hi) for which ``result.candidates`` holds every pair that passes.

    Outside it, a count from the cached candidates is a lower bound and a re-run (from cached fingerprints)
    searches further.
    """
    algo = get_algorithm(result.settings.algorithm)
    threshold = result.settings.resolved().threshold  # a run's settings are resolved: never None here
    return algo.searched_range(np.asarray(result.candidates.measure, dtype=float), float(threshold or 0))


# ---------------------------------------------------------------------------------------------------------------
# Histogram of candidate pairs
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Histogram:
    """Candidate pairs binned by their native measure.

    ``values[i]`` is the measure a bin stands for when deciding whether it passes a threshold: the integer itself
    for integer measures (bins centred on it), the bin's lower edge for Jaccard (bins ``[v, v + step)``, so a
    bin passes ``>= t`` exactly when all of its pairs do, since thresholds sit on the same step).
    """

    left: np.ndarray  # left edge of each bin
    width: float
    counts: np.ndarray  # int64, pairs per bin
    values: np.ndarray
    algorithm: str
    x_range: tuple[float, float]  # the span the axis shows: the slider's range, trimmed to what can occur

    @property
    def total(self) -> int:
        return int(self.counts.sum())

    def passing(self, threshold: float) -> np.ndarray:
        return passes(self.algorithm, self.values, threshold)


def pair_histogram(result: DedupResult) -> Histogram:
    """Every candidate pair of the run (also those failing the threshold) in bins of the slider's step."""
    algo = result.settings.algorithm
    spec = threshold_spec(result)
    measure = np.asarray(result.candidates.measure, dtype=float)
    if spec.decimals:  # Jaccard: bins [k*step, (k+1)*step); 1.0 gets a bin of its own
        step = spec.step

        def index(m: np.ndarray) -> np.ndarray:
            return np.floor(m / step + 1e-6).astype(np.int64)

        lo_i = int(round(spec.minimum / step))
        hi_i = int(round(spec.maximum / step))
        if len(measure):
            lo_i = min(lo_i, int(index(measure.min())))
        values = np.arange(lo_i, hi_i + 1) * step
        counts = _counted(measure, lambda m: index(m) - lo_i, len(values))
        values = np.round(values, spec.decimals)
        x_range = (float(values[0]), float(values[-1] + step))
        return Histogram(values.astype(float), step, counts, values.astype(float), algo, x_range)
    # Integer measures: one bin per value, centred on it.
    lo_f, hi_f = get_algorithm(algo).measure_range(result.settings)
    lo, hi = int(lo_f), int(hi_f)
    if len(measure):
        hi = max(hi, int(measure.max()))
    values = np.arange(lo, hi + 1, dtype=float)
    counts = _counted(measure, lambda m: np.rint(m).astype(np.int64) - lo, len(values))
    return Histogram(values - 0.5, 1.0, counts, values, algo, (lo - 0.5, hi + 0.5))


# Candidate pairs binned at once by ``pair_histogram`` (on the window's thread): whole, the 18M pairs of 100k
# templated rows made four arrays of 140 MB, the window stalled 1.2 s; in blocks of 2**20 0.14 s, of 2**16 (their
# arrays in the processor's cache) 35 ms for 18M values, measured alone.
HISTOGRAM_BLOCK = 1 << 16


def _counted(measure: np.ndarray, bin_of, bins: int) -> np.ndarray:
    """How many of ``measure`` fall in each of the first ``bins`` bins (``bin_of``: the bins of an array of them),
    ``HISTOGRAM_BLOCK`` values at a time."""
    counts = np.zeros(bins, dtype=np.int64)
    for lo in range(0, len(measure), HISTOGRAM_BLOCK):
        counts += np.bincount(bin_of(measure[lo : lo + HISTOGRAM_BLOCK]), minlength=bins)[:bins]
    return counts


# ---------------------------------------------------------------------------------------------------------------
# Rows that would be removed at another threshold
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ThresholdPreview:
    threshold: float
    pairs: int  # candidate pairs passing the threshold
    rows_removed: int
    complete: bool  # False: outside the searched range, the counts are lower bounds until a re-run

    def share(self, n_rows: int) -> float:
        return self.rows_removed / n_rows if n_rows else 0.0


class ThresholdExplorer:
    """How many rows a threshold would remove, from a run's cached candidates - fast enough to follow a drag.

    Exact, not approximate: a pair counts when it passes the threshold *and* the text check's safety floor
    (``similarity >= settings.min_similarity``), as in the engine, and the rows removed are counted by the engine's
    own clustering rule (``core.cluster.keepers``) on the unique-text graph, less the rows the engine would hold for
    the user to check (``core.doubt.held_texts``). Only counts are computed, no clusters
    or similarities. User decisions in the review screen are not included (they apply after clustering).
    """

    def __init__(self, result: DedupResult, rank: np.ndarray | None = None):
        self.result = result
        self.algorithm = result.settings.algorithm
        self.mode = result.settings.mode
        self.n_rows = result.n_rows
        row_unique = np.asarray(result.row_unique, dtype=np.int64)
        self.n_unique = int(row_unique.max()) + 1 if len(row_unique) else 0
        if rank is None:  # file order; node ids are assigned in order of first appearance
            rank = np.arange(self.n_rows)
        self._rank, self._row_unique = np.asarray(rank, dtype=np.int64), row_unique
        self._node_rank = self._node_ranks(self._rank)
        # The ``original`` policy ranks a text before its excerpts among the pairs of the threshold, as the engine.
        self._lifts = result.settings.keep == "original" and result.candidates.container is not None
        c = result.candidates
        # (the run's own arrays where they are of these types, read only: 100k templated rows' 18M pairs copied
        # three times over stalled the window 0.1-0.9 s)
        self._a, self._b = c.a.astype(np.int64, copy=False), c.b.astype(np.int64, copy=False)
        self._measure = c.measure.astype(float, copy=False)
        self._checked = c.passed_check(float(result.settings.min_similarity))
        self._doubtful = c.doubtful if c.doubtful is not None else np.zeros(len(c), dtype=bool)
        self._range = searched_range(result)
        self._cache: dict[float, ThresholdPreview] = {}

    def _node_ranks(self, rank: np.ndarray) -> np.ndarray:
        node_rank = np.full(self.n_unique, np.iinfo(np.int64).max, dtype=np.int64)
        np.minimum.at(node_rank, self._row_unique, rank)
        return node_rank

    @classmethod
    def for_run(cls, result: DedupResult, texts: Sequence[str], table: Table | None = None) -> ThresholdExplorer:
        """With the run's keep policy (original, longest, newest by a column, ...), so the counts match the
        engine's: the rank the run used when it carries one, else ranked again from ``texts`` and ``table``."""
        if result.keep_rank is not None and len(result.keep_rank) == result.n_rows:
            return cls(result, result.keep_rank)
        try:
            return cls(result, rank_rows(result.settings.keep, texts, table))
        except (ValueError, LookupError):  # the policy's column is gone: file order
            return cls(result)

    def complete(self, threshold: float) -> bool:
        lo, hi = self._range
        return lo - 1e-9 <= threshold <= hi + 1e-9

    def cached(self, threshold: float) -> ThresholdPreview | None:
        """``preview(threshold)`` when it was worked out before, else None (nothing is worked out)."""
        return self._cache.get(float(threshold))

    @property
    def pairs(self) -> int:
        """The candidate pairs a preview looks at."""
        return len(self._measure)

    def preview(self, threshold: float) -> ThresholdPreview:
        threshold = float(threshold)
        cached = self._cache.get(threshold)
        if cached is None:
            mask = passes(self.algorithm, self._measure, threshold) & self._checked
            node_rank = self._node_rank
            if self._lifts:
                lifted = self.result.candidates.select(mask).containers_first(
                    self._rank, self._row_unique, self.n_unique
                )
                node_rank = node_rank if lifted is self._rank else self._node_ranks(lifted)
            keeper = keepers(self.n_unique, self._a[mask], self._b[mask], node_rank, self.mode)
            removed = np.flatnonzero(keeper != np.arange(self.n_unique))
            # Every unique text keeps one row unless the text itself is removed; a text held for the user to check
            # (one character from its kept text in a short text: ``core.doubt``) keeps one too, its other rows
            # removed as copies of it (``core.doubt.held_in``).
            rows_removed = self.n_rows - (self.n_unique - len(removed))
            doubtful = mask & self._doubtful
            if doubtful.any():
                rows_removed -= int(held_texts(removed, keeper[removed], self._a[doubtful], self._b[doubtful]).sum())
            cached = ThresholdPreview(threshold, int(mask.sum()), int(rows_removed), self.complete(threshold))
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[threshold] = cached
        return cached


def removal_count(result: DedupResult, threshold: float, rank: np.ndarray | None = None) -> int:
    """Rows the engine would remove at ``threshold`` (file-order keep policy unless ``rank`` is given)."""
    return ThresholdExplorer(result, rank).preview(threshold).rows_removed


# ---------------------------------------------------------------------------------------------------------------
# Date and source columns (dates are read by the one date parser, ``core.dates``)
# ---------------------------------------------------------------------------------------------------------------

SOURCE_NAME_HINTS = (
    "source", "outlet", "publisher", "site", "media", "channel", "platform", "author",
    "来源", "來源", "媒体", "媒體", "出处", "网站", "網站", "站点", "平台", "频道", "作者", "发布者", "发布方",
)  # fmt: skip
_SAMPLE = 2000


def _is_blank(v: object) -> bool:
    return (
        v is None or v is pd.NaT or (isinstance(v, float) and math.isnan(v)) or (isinstance(v, str) and not v.strip())
    )


def _name_hit(name: str, hints: Sequence[str]) -> bool:
    low = name.casefold()
    return any(h in low for h in hints)


def detect_source_column(table: Table, exclude: Sequence[str] = ()) -> str | None:
    """The column naming who published each row: a name like source/来源/媒体/site/outlet with short values,
    or else a short-text column whose values repeat a lot (at most half as many outlets as rows), fewest
    distinct values first."""
    best: tuple[tuple, str] | None = None
    for position, name in enumerate(table.columns):
        if name in exclude:
            continue
        sample = table.data[name].head(_SAMPLE).tolist()
        cells = [cell_text(v).strip() for v in sample if not _is_blank(v)]
        if len(cells) < max(2, 0.3 * len(sample)):
            continue
        if sum(isinstance(v, (int, float, _dt.date)) and not isinstance(v, bool) for v in sample) > len(cells) / 2:
            continue  # numbers and dates are not outlets
        if may_be_dates(cells, "") and read_dates(cells).share > 0.5:
            continue  # dates written as text (not parsed where ``may_be_dates``' bound rules them out: 25 -> 6 ms
            # of finding the demo workbook's source column, on the window's thread as the Analysis tab opens)
        mean_len = sum(len(c) for c in cells) / len(cells)
        distinct = len(set(cells))
        ratio = distinct / len(cells)
        hinted = _name_hit(name, SOURCE_NAME_HINTS) and not _name_hit(name, ("url", "link", "链接", "網址", "网址"))
        if hinted and mean_len <= 60 and (ratio < 1 or len(cells) < 5):
            score = (1, -ratio, -position)
        elif mean_len <= 30 and distinct >= 2 and ratio <= 0.5 and not _name_hit(name, TITLE_NAME_HINTS):
            score = (0, -ratio, -position)
        else:
            continue
        if best is None or score > best[0]:
            best = (score, name)
    return best[1] if best else None


# ---------------------------------------------------------------------------------------------------------------
# Hot stories: the largest clusters first
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HotStory:
    rank: int  # 1 = the most reposted story
    cluster: int  # cluster id (as in the cluster list)
    copies: int  # rows carrying the story: the kept row and its duplicates
    kept: int  # 0-based row kept
    headline: str  # the kept text's first line
    first_seen: pd.Timestamp | None = None
    last_seen: pd.Timestamp | None = None
    sources: tuple[tuple[str, int], ...] = ()  # (source, rows), most rows first

    @property
    def reposts(self) -> int:
        return self.copies - 1

    def sources_text(self, limit: int | None = None, counts: bool = True) -> str:
        """'新华网 ×3, 人民网 ×2, 澎湃新闻 +4 more' (``limit`` sources named at most)."""
        shown = self.sources if limit is None else self.sources[:limit]
        parts = [f"{s} ×{n}" if counts and n > 1 else s for s, n in shown]
        rest = len(self.sources) - len(shown)
        return ", ".join(parts) + (f" +{rest}" if rest > 0 else "")


_HEADER_LINE = regexes.compile(
    r"^\s*(本文)?(来源|來源|转载|轉載|转自|原标题|原標題|作者|责任编辑|编辑|发布时间|记者)\s*[:：]?"
    r"|^\s*(source|reposted from|originally published|by)\b"
    r"|^\s*【[^】]{1,20}讯】\s*$|^\s*\(.{1,30}\)\s*--\s*$",
    re.IGNORECASE,
)
_REPOST_PREFIX = regexes.compile(r"^\s*(转：|转发：|【转】|#[^#]{1,10}#\s*|//@[^：:]{1,20}[：:])+")
_SENTENCE_END = regexes.compile(r"[。！？!?]")


def headline(text: str, result: DedupResult | None = None, width: int = 80) -> str:
    """The first line of a text as an analyst would read it: HTML, page chrome, the user's boilerplate patterns
    and repost headers ("来源：…", "原标题：…", "转：") skipped; a long first line is cut after its first sentence."""
    return headlines([text], result, width)[0]


def headlines(
    texts: list[str], result: DedupResult | None = None, width: int = 80, cache: dict[str, str] | None = None
) -> list[str]:
    """``[headline(t, result, width) for t in texts]``, the texts normalised as a column (``normalise_all``).

    A long text is normalised by its start only (``_head``) where that provably gives its headline, and whole
    otherwise. ``cache`` (text -> headline, for one ``result``'s settings and ``width``) keeps what was worked out:
    the hot stories after a review decision need only the headlines of rows newly kept (100k articles: all of
    them took 0.8 s)."""
    opts = replace(
        result.settings.normalise if result is not None else NormaliseOptions(),
        casefold=False,
        nfkc=False,
        simplify=False,
    )
    found: list[str | None] = [cache.get(t) for t in texts] if cache is not None else [None] * len(texts)
    todo = [i for i, h in enumerate(found) if h is None]
    heads = [_head(texts[i], opts) for i in todo]
    whole = []
    for i, head, text in zip(todo, heads, normalise_all(heads, opts), strict=True):
        found[i] = _first_line(text, width, cut=head is not texts[i])
        if found[i] is None:  # not decided by its start: the whole text
            whole.append(i)
    for i, text in zip(whole, normalise_all([texts[i] for i in whole], opts), strict=True):
        found[i] = _first_line(text, width)
    out = [h if h is not None else "" for h in found]  # (every one is decided by now)
    if cache is not None:
        cache.update((texts[i], out[i]) for i in todo)
    return out


HEADLINE_CHARS = 400  # a longer text is normalised for its headline by its first this many characters


def _head(text: str, opts: NormaliseOptions) -> str:
    """The first ``HEADLINE_CHARS`` characters of ``text``, when normalising them alone gives the start of the
    normalised text (its lines, the last one perhaps cut short); else ``text`` itself. Normalising (without NFKC
    and case folding, as headlines are) works line by line and character by character, but for markup and
    entities (tags and blocks span lines), page chrome (stripped only from texts with braces) and the user's
    patterns (matched on whole lines: a line cut short may match where the whole does not, or the other way): a
    text with any is read whole. (An e-mail signature is cut from the last "--" line on; the start keeps every
    line before its own last such line, which is all a headline is taken from, and the whole text keeps them.)"""
    if len(text) <= HEADLINE_CHARS or opts.boilerplate_patterns:
        return text
    if "<" in text or "&" in text or "{" in text or "}" in text:
        return text
    return text[:HEADLINE_CHARS]


def _first_line(text: str, width: int, cut: bool = False) -> str | None:
    """The headline of a normalised text: its first line that is not a repost header (or its last line, when all
    are), without a repost prefix, cut after its first sentence when long. ``cut``: ``text`` is the start of a
    longer one, its last line perhaps cut short - None when that does not decide the headline (every line a
    header; or the headline is the last line and not longer than ``width``: a longer one shows the same
    ``width`` characters however it goes on)."""
    lines = [line for line in (" ".join(raw.split()) for raw in text.splitlines()) if line]
    at = next((k for k, line in enumerate(lines) if not _HEADER_LINE.search(line)), None)
    if at is None:
        if cut:
            return None
        if not lines:
            return ""
        at = len(lines) - 1
    line = _REPOST_PREFIX.sub("", lines[at]).strip() or lines[at]
    if cut and at == len(lines) - 1 and len(line) <= width:
        return None
    if len(line) > width:
        end = _SENTENCE_END.search(line, 8)
        if end is not None and end.end() <= width:
            return line[: end.end()]
        return line[: width - 1] + "…"
    return line


def hot_stories(
    result: DedupResult,
    texts: Sequence[str],
    decisions: Decisions | None = None,
    *,
    dates: pd.Series | None = None,
    sources: Sequence[object] | None = None,
    titles: Sequence[object] | None = None,
    limit: int | None = None,
    headline_cache: dict[str, str] | None = None,
) -> list[HotStory]:
    """Clusters by size, largest first (ties: earliest first), as stories. ``headline_cache``: ``headlines``'
    cache, for this result's settings.

    Rows the user marked "not a duplicate" do not count as copies, nor do rows held for the user to check; the
    user's kept row gives the headline.
    ``dates`` (parsed, one per row), ``sources`` and ``titles`` (cell values, one per row) are optional; the
    headline is the kept row's title when there is one (and it is not a generic title most rows outside the
    story share), else the first line of its text.
    """
    found = _story_rows(result.clusters, result.decided(decisions), limit)
    date_values = dates.to_numpy() if dates is not None else None
    title_text = [cell_text(t).strip() for t in titles] if titles is not None else None
    title_rows = Counter(title_text) if title_text is not None else Counter()
    out: list[tuple] = []
    named = []  # what each story's headline is made from: its title, or its kept text
    for i, (cid, kept, rows) in enumerate(found, start=1):
        first = last = None
        if date_values is not None:
            seen = date_values[rows]
            seen = seen[~pd.isna(seen)]
            if len(seen):
                first, last = pd.Timestamp(seen.min()), pd.Timestamp(seen.max())
        by_source: tuple[tuple[str, int], ...] = ()
        if sources is not None:
            counts = Counter(cell_text(sources[r]).strip() for r in rows if not _is_blank(sources[r]))
            by_source = tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
        title = title_text[kept] if title_text is not None else ""
        # A title most rows outside the story share ("用户评论", "Untitled") does not name the story.
        if title and title_text and title_rows[title] > 2 * sum(title_text[r] == title for r in rows):
            title = ""
        named.append(title or texts[kept])
        out.append((i, cid, len(rows), kept, first, last, by_source))
    return [
        HotStory(i, cid, copies, kept, name, first, last, by_source)
        for (i, cid, copies, kept, first, last, by_source), name in zip(
            out, headlines(named, result, cache=headline_cache), strict=True
        )
    ]


def _story_rows(clusters: ClusterList, decisions: Decisions, limit: int | None) -> list[tuple[int, int, list[int]]]:
    """The clusters that still hold two rows or more after the user's decisions (the kept row, and every member
    not marked "not a duplicate"), largest first, ties in the order of their first row (then of the clusters): (id,
    kept row, rows in member order) of each, ``limit`` of them at most. Read from the clusters' arrays (a million
    rows make 300,000 clusters: no Cluster object is made)."""
    ids, members = clusters.arrays["id"], clusters.arrays["members"]
    which = clusters.member_clusters()
    chosen = clusters.kept_after(decisions)
    stay = members == chosen[which]
    if decisions.not_duplicate:
        marked = np.fromiter(decisions.not_duplicate, dtype=np.int64, count=len(decisions.not_duplicate))
        stay |= ~np.isin(members, marked)
    else:
        stay[:] = True
    rows, owner = members[stay], which[stay]
    counts = np.bincount(owner, minlength=len(ids))
    starts = np.zeros(len(ids) + 1, dtype=np.int64)
    np.cumsum(counts, out=starts[1:])
    first = np.full(len(ids), -1, dtype=np.int64)
    first[counts > 0] = rows[starts[:-1][counts > 0]]
    eligible = np.flatnonzero(counts >= 2)
    order = eligible[np.lexsort((first[eligible], -counts[eligible]))]  # stable: ties stay in cluster order
    if limit is not None:
        order = order[:limit]
    row_list, start_list = rows.tolist(), starts.tolist()
    return [(int(ids[j]), int(chosen[j]), row_list[start_list[j] : start_list[j + 1]]) for j in order.tolist()]


def hot_stories_frame(
    result: DedupResult,
    table: Table | None,
    texts: Sequence[str],
    decisions: Decisions | None = None,
    *,
    date_column: str | None = None,
    source_column: str | None = None,
    title_column: str | None = None,
    detect: bool = True,
    limit: int | None = None,
) -> pd.DataFrame:
    """The hot stories as a sheet for the report: rank, cluster, copies, kept_row (1-based), story (the title, or
    the kept text's first line), and - when the table has a date / source column (detected unless given, or
    ``detect=False``) - first_seen, last_seen, source_count and sources ("outlet ×n, ..."). Dates are written as
    dates when no row has a time of day."""
    cols = StoryColumns.of(table, date_column, source_column, title_column, detect)
    stories = hot_stories(
        result, texts, decisions, dates=cols.dates, sources=cols.sources, titles=cols.titles, limit=limit
    )
    dates, date_column, source_column = cols.dates, cols.date_column, cols.source_column
    columns = ["rank", "cluster", "copies", "kept_row", "story"]
    if date_column:
        columns += ["first_seen", "last_seen"]
    if source_column:
        columns += ["source_count", "sources"]
    with_time = dates is not None and bool((dates.dropna() != dates.dropna().dt.normalize()).any())
    rows = []
    for s in stories:
        row = {"rank": s.rank, "cluster": s.cluster, "copies": s.copies, "kept_row": s.kept + 1, "story": s.headline}
        if date_column:
            row["first_seen"] = _date_cell(s.first_seen, with_time)
            row["last_seen"] = _date_cell(s.last_seen, with_time)
        if source_column:
            row["source_count"] = len(s.sources)
            row["sources"] = s.sources_text()
        rows.append(row)
    return pd.DataFrame(rows, columns=columns)


@dataclass
class StoryColumns:
    """The table's date, source and title columns (names, or None) with their values, one per row."""

    date_column: str | None = None
    source_column: str | None = None
    title_column: str | None = None
    dates: pd.Series | None = None  # parsed timestamps
    unreadable_dates: int = 0  # filled cells of the date column that are not dates (blank in ``dates``)
    sources: list[object] | None = None
    titles: list[object] | None = None

    @classmethod
    def of(
        cls,
        table: Table | None,
        date_column: str | None = None,
        source_column: str | None = None,
        title_column: str | None = None,
        detect: bool = True,
        exclude: Sequence[str] = (),
    ) -> StoryColumns:
        """Columns not given are detected (unless ``detect`` is false); ``exclude`` the text columns compared."""
        if table is None:
            return cls()
        if detect and date_column is None:
            date_column = detect_date_column(table, exclude)
        if detect and source_column is None:
            source_column = detect_source_column(table, [*exclude, *filter(None, [date_column])])
        if detect and title_column is None:
            title_column = table.title_column([*exclude, *filter(None, [date_column, source_column])])
        present = set(table.data.columns)
        date_column = date_column if date_column in present else None
        source_column = source_column if source_column in present else None
        title_column = title_column if title_column in present else None
        dates = read_dates(table.data[date_column].tolist(), name=date_column) if date_column else None
        return cls(
            date_column,
            source_column,
            title_column,
            dates.values if dates is not None else None,
            dates.unreadable if dates is not None else 0,
            table.data[source_column].tolist() if source_column else None,
            table.data[title_column].tolist() if title_column else None,
        )


def _date_cell(ts: pd.Timestamp | None, with_time: bool) -> object:
    if ts is None or pd.isna(ts):
        return None
    return ts.to_pydatetime() if with_time else ts.date()


# ---------------------------------------------------------------------------------------------------------------
# Cluster sizes and the run summary
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SizeBin:
    lo: int
    hi: int  # inclusive
    clusters: int

    @property
    def label(self) -> str:
        if self.hi == self.lo:
            return str(self.lo)
        return f"{self.lo}+" if self.hi >= 10**9 else f"{self.lo}–{self.hi}"


_SIZE_EDGES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 21, 31, 51, 101, 201, 501, 1001, 10**9 + 1)


def size_distribution(result: DedupResult, max_bins: int = 20) -> list[SizeBin]:
    """Clusters per size: one bar per size up to ``max_bins`` sizes, then widening bins (11–15, 16–20, 21–30 ...)."""
    sizes = result.clusters.sizes()
    if len(sizes) == 0:
        return []
    largest = int(sizes.max())
    if largest - 1 <= max_bins:
        edges = list(range(2, largest + 2))
    else:
        edges = [e for e in _SIZE_EDGES if e <= largest] + [next(e for e in _SIZE_EDGES if e > largest)]
    counts = np.histogram(sizes, bins=np.array(edges))[0]
    bins = [SizeBin(lo, hi - 1, int(n)) for lo, hi, n in zip(edges[:-1], edges[1:], counts, strict=True)]
    if bins and bins[-1].hi >= largest:  # the last bin ends at the largest cluster, not at the next edge
        last = bins[-1]
        bins[-1] = SizeBin(last.lo, max(last.lo, largest), last.clusters)
    return bins


@dataclass(frozen=True)
class RunSummary:
    rows: int
    unique_texts: int
    exact_duplicates: int  # rows removed whose normalised text is identical to another row's
    near_duplicates: int  # rows removed for being similar, not identical
    clusters: int
    largest_cluster: int
    candidate_pairs: int
    passing_pairs: int
    timings: tuple[tuple[str, float], ...]  # (stage, seconds) in run order; see STAGES

    @property
    def rows_to_remove(self) -> int:
        return self.exact_duplicates + self.near_duplicates

    @property
    def share_removed(self) -> float:
        return self.rows_to_remove / self.rows if self.rows else 0.0

    @property
    def total_seconds(self) -> float:
        return sum(s for _, s in self.timings)


def summarise(result: DedupResult, resolution: Resolution | None = None) -> RunSummary:
    """The figures of the summary panel; ``resolution`` (with the user's decisions) defaults to the engine's."""
    resolution = resolution or result.resolve()
    removed = np.flatnonzero(~resolution.keep)
    row_unique = np.asarray(result.row_unique)
    # A removed row is an exact duplicate when its normalised text is the kept row's or another removed row's;
    # one row per other distinct text is the near duplicate (so "exact" matches DedupResult.exact_duplicates).
    texts = row_unique[removed]
    near_texts = sorted_unique(texts[texts != row_unique[resolution.dup_of[removed]]])
    exact = len(removed) - len(near_texts)
    timings = tuple((k, float(result.timings[k])) for k in STAGES if k in result.timings)
    timings += tuple((k, float(v)) for k, v in result.timings.items() if k not in STAGES)
    return RunSummary(
        rows=result.n_rows,
        unique_texts=int(row_unique.max()) + 1 if len(row_unique) else 0,
        exact_duplicates=exact,
        near_duplicates=len(removed) - exact,
        clusters=len(result.clusters),
        largest_cluster=int(result.clusters.sizes().max(initial=0)),
        candidate_pairs=len(result.candidates),
        passing_pairs=len(result.pairs),
        timings=timings,
    )
