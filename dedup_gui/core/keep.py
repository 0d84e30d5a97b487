"""Keep policies: which row of each cluster is kept, as a global rank per row (lower is kept first), and why.

Clustering keeps the best-ranked row of each cluster (``core.cluster``); ties always fall back to file order.

- ``original`` (the default) looks for the row the others copied:
  1. the earliest date, when the table has a date column (``core.dates.detect_date_column``: named like
     日期/时间/发布/date/time/published and mostly dates, or mostly dates whatever its name). Dates are read by the one
     date parser (``core.dates``); blank and unreadable dates sort after every date.
  2. then the row without a repost marker (来源：, 转载自, 原标题, 转自, 本文转载, 本文来自, "Originally published",
     "Source:", "(via ...)", looked for in the first and last 300 characters - about two lines - of the text);
  3. then the longer text - the text that contains the others. A truncated repost is shorter than its original,
     so among unmarked rows the longer one is the best global guess of the containing one; but texts within about
     10 % of each other's length contain each other, and an appended "（完）" or editor's byline says nothing about
     which came first, so lengths are compared in classes 10 % wide (``_length_class``);
  4. then file order.
- ``first``, ``last``, ``longest``, ``shortest``.
- ``max:COLUMN`` / ``min:COLUMN``: by the column's values - as dates when most of its filled cells are dates (so
  2024年3月9日 compares as a date, not as text), else as numbers when all are numbers, else as text. Blank cells
  (and unreadable dates) sort last either way.

``keep_reason`` says in one line why a cluster's kept row was kept ("earliest date (2024-03-09)").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain

import numpy as np

from . import regexes
from .dates import ParsedDates, detect_date_column, read_dates
from .errors import InputError
from .parallel import balanced_share, map_ranges
from .result import ClusterList
from .settings import NormaliseOptions
from .table import Table, cell_text
from .text import MIN_SPLIT_CHARS, compact, even_ranges, gram_hashes, normalise, overlap, owners, utf32
from .textcheck import SIMILARITY_GRAM

# A repost marker: "来源：" (not 数据来源/图片来源, which cite a chart or a photo), "转载自"/"转自" as words,
# "原标题", "本文来自", and the English credits. Looked for only near the start and the end of a text. (Case is
# ignored in the English credits alone: ignoring it throughout folded each of the 27,000 characters of the range
# [\u3400-\u9fff] when the pattern was compiled - 3.7 ms of every start, 1.2 ms so.)
_REPOST_MARKER = regexes.compile(
    r"(?<!数据)(?<!资料)(?<!图片)(?<!图)(?<!视频)(?:来源|來源)\s*[:：]"
    r"|(?<![\u3400-\u9fff])(?:本文|文章)?(?:转载自|轉載自|转载于|转自|轉自)"
    r"|本文转载|本文轉載|本文来自|本文來自|原标题|原標題"
    r"|(?i:originally\s+published|reposted\s+from|republished\s+from|(?<!data )\bsource\s*:|\(via\s[^)]{1,80}\))"
)
# Substrings every marker contains: a text without any of them near its ends has no marker.
_MARKER_HINTS = (
    "来源", "來源", "转载", "轉載", "转自", "轉自", "本文来自", "本文來自", "原标题", "原標題",
    "published", "originally", "repost", "source", "(via",
)  # fmt: skip
_MARKER_LEAD = 2  # a marker starts at most this many characters before a hint it holds (本文转载, republished)
_MARK_SLICE_CHARS = 4_000_000  # characters of text ends searched at once for repost markers (bounds the memory)
_EDGE_CHARS = 300  # looked at at each end of a text (about two lines): an article is not searched in the middle
_LENGTH_STEP = 1.1  # "longer" means in a higher length class: more than about 10 % longer
# Why a row was kept when the ``original`` policy would have kept an excerpt of it (``Pipeline._containers_first``).
CONTAINER_REASON = "contains the others: an excerpt is not kept in place of the text it was taken from"
_CONTAINS = 0.8  # "contains the others": at least this share of each other row's 4-grams is in the kept row's text


def has_repost_marker(text: str) -> bool:
    """True when the start or the end of ``text`` (its first and last ~two lines) credits another source:
    来源：, 转载自, 原标题, Originally published, Source:, (via ...)."""
    edges = text if len(text) <= 2 * _EDGE_CHARS else text[:_EDGE_CHARS] + "\n" + text[-_EDGE_CHARS:]
    low = edges.lower()
    if not any(h in low for h in _MARKER_HINTS):  # substring tests at C speed spare most texts the regex
        return False
    return _REPOST_MARKER.search(edges) is not None


def repost_markers(texts: Sequence[str], lengths: np.ndarray | None = None) -> np.ndarray:
    """``has_repost_marker`` of every text, column-at-once: the hints are looked for once in the texts' ends joined
    (``_hint_positions``), and the pattern is tried only where a hint is (every marker holds one). A slice of the
    column at a time (``_MARK_SLICE_CHARS``), which bounds the memory. ``lengths``: the texts' lengths, when
    known."""
    if lengths is None:
        lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    else:
        lengths = lengths.astype(np.int64)  # (a copy: the ends' lengths are worked out in it)
    edges = list(texts)  # (short texts are their own ends: no string made)
    for i in np.flatnonzero(lengths > 2 * _EDGE_CHARS).tolist():
        t = edges[i]
        edges[i] = t[:_EDGE_CHARS] + "\n" + t[-_EDGE_CHARS:]
    np.minimum(lengths, 2 * _EDGE_CHARS + 1, out=lengths)
    marked = np.zeros(len(texts), dtype=bool)
    # Slices as even as can be on the cores (``balanced_share``): 100k short texts were one slice, on one core.
    slices = even_ranges(
        lengths + 1, balanced_share(int(lengths.sum()) + len(lengths), _MARK_SLICE_CHARS, MIN_SPLIT_CHARS)
    )
    for (lo, hi), found in map_ranges(lambda lo, hi: _slice_markers(edges[lo:hi], lengths[lo:hi]), slices):
        marked[lo:hi] = found
    return marked


def _slice_markers(edges: list[str], lengths: np.ndarray) -> np.ndarray:
    """``has_repost_marker`` of a slice of the texts' ends (``lengths``: their lengths), from their joined text."""
    starts = np.zeros(len(edges), dtype=np.int64)
    np.cumsum(lengths[:-1] + 1, out=starts[1:])
    ends = starts + lengths
    joined = "\x00".join(edges)
    found = np.sort(_hint_positions(utf32(joined)))
    marked = np.zeros(len(edges), dtype=bool)
    match = _REPOST_MARKER.match
    # The pattern tried where each marker could start: at each hint or just before it, within the text's ends
    # (what precedes a text in the joined column is a NUL, as good as its start for the pattern's lookbehinds).
    for p, d in zip(found.tolist(), owners(found, lengths, 1).tolist(), strict=True):
        if marked[d]:
            continue
        lo, hi = int(starts[d]), int(ends[d])
        marked[d] = any(match(joined, q, hi) for q in range(max(lo, p - _MARKER_LEAD), p + 1))
    return marked


@lru_cache(maxsize=1)
def _hint_table() -> tuple[np.ndarray, list[np.ndarray]]:
    """Which code points can begin a hint (either case), and each hint's code points."""
    hints = [np.array([ord(c) for c in h], dtype=np.uint32) for h in _MARKER_HINTS]
    starts = np.zeros(0x10001, dtype=bool)  # astral characters share the last entry (no hint begins with one)
    for h in _MARKER_HINTS:
        starts[[ord(h[0]), ord(h[0].upper())]] = True
    return starts, hints


def _hint_positions(cps: np.ndarray) -> np.ndarray:
    """Where any of ``_MARKER_HINTS`` occurs in the code points ``cps``, ASCII letters compared without case: what
    ``str.find`` of each hint in ``text.lower()`` finds. (The hints are lower-case ASCII or Chinese, and the only
    other characters that ``str.lower`` turns into ASCII are the Kelvin sign, into "k" - in no hint - and "İ", into
    "i" and a combining dot, which then splits the hint; tests/test_keep.py checks both.)"""
    starts, hints = _hint_table()
    at = np.flatnonzero(starts.take(cps, mode="clip"))
    n = len(cps)

    def lowered(positions: np.ndarray) -> np.ndarray:
        c = cps[positions]
        return np.where((c >= 65) & (c <= 90), c + 32, c)

    found = []
    first = lowered(at)  # (once for every hint: each hint looked it up again, 0.11 s at 100k articles)
    for h in hints:
        pos = at[first == h[0]]
        for k in range(1, len(h)):
            pos = pos[pos + k < n]
            pos = pos[lowered(pos + k) == h[k]]
        found.append(pos)
    return np.concatenate(found) if found else at[:0]


def check_policy_column(policy: str, table: Table | None) -> None:
    """The column a ``max:COLUMN`` or ``min:COLUMN`` policy names, checked against ``table`` without reading a row:
    InputError where the table has no such column (ValueError where there is no table). A run asks it first
    (``Pipeline.run``), before its stages - the rule itself is made beside the candidate search, and a name
    mistyped had been told only once the fingerprints and the candidates were found."""
    if not policy.startswith(("max:", "min:")):
        return
    column = policy.split(":", 1)[1]
    if table is None:
        raise ValueError(f"keep policy {policy!r} needs a table with column {column!r}")
    if not table.has_column(column):
        raise InputError(table.path, "no column named {column!r} to choose the kept row by", column=column)


@dataclass
class KeepRule:
    """A keep policy bound to one table's rows: the rank of every row and the evidence behind it."""

    policy: str
    texts: Sequence[str]
    lengths: np.ndarray  # characters per row
    rank: np.ndarray = field(init=False)
    column: str | None = None  # the date column (original) or the policy's column (max/min)
    dates: ParsedDates | None = None  # the column read as dates, when it holds dates
    values: np.ndarray | None = None  # max/min on numbers or text: a sortable float per row (nan: blank)
    shown: list[object] | None = None  # max/min: the cell values, for the reason
    marked: np.ndarray | None = None  # original: rows carrying a repost marker
    _grams: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    @classmethod
    def of(
        cls, policy: str, texts: Sequence[str], table: Table | None = None, *, date_column: str | None = None
    ) -> KeepRule:
        """The rule for ``policy``; ``date_column`` chooses the date column of ``original`` instead of detecting
        it. Raises ValueError for an unknown policy and InputError for a column the table does not have."""
        texts = list(texts)
        rule = cls(policy, texts, np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)))
        if policy == "original":
            rule._bind_original(table, date_column)
        elif policy.startswith(("max:", "min:")):
            rule._bind_column(table, policy.split(":", 1)[1])
        elif policy not in ("first", "last", "longest", "shortest"):
            raise ValueError(
                f"unknown keep policy {policy!r}; use original, first, last, longest, shortest, max:COLUMN or "
                "min:COLUMN"
            )
        rule.rank = rule._rank()
        return rule

    # -- binding to the table ---------------------------------------------------------------------------------

    def _bind_original(self, table: Table | None, date_column: str | None) -> None:
        if table is not None:
            if date_column is not None and not table.has_column(date_column):
                raise InputError(
                    table.path, "no column named {date_column!r} to read dates from", date_column=date_column
                )
            column = date_column or detect_date_column(table)
            if column is not None:
                dates = read_dates(table.column_values(column), name=column)
                if dates.read:
                    self.column, self.dates = column, dates
        self.marked = repost_markers(self.texts, self.lengths)

    def _bind_column(self, table: Table | None, column: str) -> None:
        check_policy_column(self.policy, table)
        assert table is not None  # (checked)
        cells = table.column_values(column)
        self.column, self.shown = column, cells
        dates = read_dates(cells, name=column)
        if dates.read and dates.share >= 0.5:
            self.dates = dates
        else:
            self.values = _numbers_or_text(cells)

    # -- ranking ----------------------------------------------------------------------------------------------

    def _rank(self) -> np.ndarray:
        n = len(self.texts)
        rows = np.arange(n)
        p = self.policy
        if p == "first":
            return rows
        if p == "last":
            return n - 1 - rows
        if p in ("longest", "shortest"):
            return _rank([-self.lengths if p == "longest" else self.lengths], rows)
        newest = p.startswith("max:")
        if self.dates is not None and p != "original":
            return _rank([self.dates.sort_key(newest_first=newest)], rows)
        if self.values is not None:
            primary = np.where(np.isnan(self.values), np.inf, -self.values if newest else self.values)
            return _rank([primary], rows)
        # original: earliest date, then unmarked, then longer, then file order.
        assert self.marked is not None
        keys = [self.marked.astype(np.int64), -_length_class(self.lengths)]
        if self.dates is not None:
            keys.insert(0, self.dates.sort_key())
        return _rank(keys, rows)

    # -- reasons ----------------------------------------------------------------------------------------------

    def reason(self, kept: int, members: Iterable[int]) -> str:
        """Why ``kept`` is the best of ``members`` under this rule, in one English line."""
        others = np.array([m for m in members if m != kept], dtype=np.int64)
        return self.reasons_of(np.array([kept]), np.zeros(len(others), dtype=np.int64), others)[0]

    def reasons(self, clusters: Iterable) -> dict[int, str]:
        """Cluster id -> reason, for ``core.result.Cluster`` objects (``id``, ``kept``, ``members``)."""
        clusters = list(clusters)
        kept, cluster, others = member_pairs(clusters)
        return dict(zip((c.id for c in clusters), self.reasons_of(kept, cluster, others), strict=True))

    def reasons_of(
        self, kept: np.ndarray, cluster: np.ndarray, others: np.ndarray, contains: np.ndarray | None = None
    ) -> list[str]:
        """Why each cluster's kept row was kept, for many clusters at once (``member_pairs``): ``kept[i]`` is cluster
        i's kept row and ``(cluster[j], others[j])`` lists the other members. ``contains[j]``: whether the kept row's
        text contains member j's (``contained``), when the caller knows (the pipeline works it out on its texts
        without boilerplate); otherwise it is computed here from the normalised texts, when the rule needs it."""
        p = self.policy
        if p in ("first", "last"):
            return [f"{p} in file"] * len(kept)
        if p in ("longest", "shortest"):
            lengths = self.lengths
            tied = _any_per(len(kept), cluster, lengths[others] == lengths[kept[cluster]])
            return [
                f"{p} text ({n:,} characters{'; first of equal length' if t else ''})"
                for n, t in zip(lengths[kept].tolist(), tied.tolist(), strict=True)
            ]
        if p == "original":
            if contains is None:
                contains = self._contains(kept[cluster], others)
            return self._original_reasons(kept, cluster, others, contains)
        return self._column_reasons(kept, cluster, others)

    def note(self) -> str:
        """One line on how rows were chosen, for the run summary: the date column used and its unread dates."""
        if self.dates is None or self.column is None:
            if self.policy == "original":
                return "kept rows: no date column; the row without a repost marker that contains the others"
            return ""
        what = "earliest" if self.policy in ("original",) or self.policy.startswith("min:") else "latest"
        unread = self.dates.note(self.column)
        return f"kept rows: {what} “{self.column}”" + (f" ({unread}; they sort last)" if unread else "")

    def _original_reasons(
        self, kept: np.ndarray, cluster: np.ndarray, others: np.ndarray, contains: np.ndarray
    ) -> list[str]:
        """The earliest date, when there are dates; among rows of that date (or when the kept row has none), the
        text's reason (``_text_reasons``)."""
        considered = np.ones(len(others), dtype=bool)  # the members the text's reason is about
        if self.dates is None:
            return self._text_reasons(kept, cluster, others, contains, considered)
        when = self.dates.values.to_numpy(dtype="datetime64[ns]")
        undated = np.isnat(when)
        n = len(kept)
        same = when[others] == when[kept[cluster]]  # (never true for a missing date)
        considered = np.where(undated[kept[cluster]], True, same)
        text = self._text_reasons(kept, cluster, others, contains, considered)
        shared = np.bincount(cluster[same], minlength=n).tolist()
        unread = np.bincount(cluster[undated[others]], minlength=n).tolist()
        out = []
        for i, (day, k) in enumerate(zip(_show_dates(when[kept]), kept.tolist(), strict=True)):
            if undated[k]:
                out.append(f"no readable date in the cluster; {text[i]}")
                continue
            line = f"earliest date ({day}"
            line += f", shared by {shared[i] + 1} rows" if shared[i] else ""
            line += f"; {unread[i]} other date{'s' if unread[i] > 1 else ''} unreadable" if unread[i] else ""
            out.append(f"{line}); among them: {text[i]}" if shared[i] else line + ")")
        return out

    def _text_reasons(
        self, kept: np.ndarray, cluster: np.ndarray, others: np.ndarray, contains: np.ndarray, considered: np.ndarray
    ) -> list[str]:
        """Among the ``considered`` members: the row without a repost marker, the row that contains the others,
        the longer text (by length class, among rows marked alike), else file order."""
        assert self.marked is not None
        n, marked, kept_of = len(kept), self.marked, kept[cluster]
        unmarked_wins = ~marked[kept] & _any_per(n, cluster, considered & marked[others])
        # A row marked as the kept row is (unmarked, or a repost too) is contained only when it is also shorter: of
        # two texts as long, each holding most of the other's (a copy, two reports a word apart), neither contains
        # the other - file order chose between them, and the reason says so. (A repost is longer by its marker.)
        alike = marked[others] == marked[kept_of]
        shorter = self.lengths[others] < self.lengths[kept_of]
        all_contained = ~_any_per(n, cluster, considered & ~(contains & (shorter | ~alike)))
        peers = considered & alike
        classes = _length_class(self.lengths)
        longest = ~_any_per(n, cluster, peers & (classes[others] >= classes[kept_of]))
        code = np.where(
            unmarked_wins, np.where(all_contained, 0, 1), np.where(all_contained, 2, np.where(longest, 3, 4))
        )
        words = (
            "no repost marker and contains the others", "no repost marker", "contains the others", "longest text",
            "first in file",
        )  # fmt: skip
        return [words[c] for c in code.tolist()]

    def _contains(self, kept: np.ndarray, others: np.ndarray) -> np.ndarray:
        """Whether each kept row's text contains the other row's (``contained``), from the normalised texts."""
        big = [self._grams_of(k) for k in kept.tolist()]
        small = [self._grams_of(o) for o in others.tolist()]
        inter = np.array([overlap(s, b) for s, b in zip(small, big, strict=True)], dtype=np.int64)
        return contained(inter, np.array(list(map(len, small)), dtype=np.int64))

    def _grams_of(self, row: int) -> np.ndarray:
        g = self._grams.get(row)
        if g is None:
            g = self._grams[row] = gram_hashes(compact(normalise(self.texts[row], NormaliseOptions())), SIMILARITY_GRAM)
        return g

    def _column_reasons(self, kept: np.ndarray, cluster: np.ndarray, others: np.ndarray) -> list[str]:
        newest = self.policy.startswith("max:")
        name = f"“{self.column}”"
        n = len(kept)
        if self.dates is not None:
            when = self.dates.values.to_numpy(dtype="datetime64[ns]")
            tied = _any_per(n, cluster, when[others] == when[kept[cluster]]).tolist()
            word = "latest" if newest else "earliest"
            return [
                f"no readable date in {name}; first in file"
                if day is None
                else f"{word} {name} ({day}{'; first of equal dates' if t else ''})"
                for day, t in zip(_show_dates(when[kept]), tied, strict=True)
            ]
        assert self.values is not None and self.shown is not None
        values, shown = self.values, self.shown
        tied = _any_per(n, cluster, values[others] == values[kept[cluster]]).tolist()
        word = "largest" if newest else "smallest"
        return [
            f"no value in {name}; first in file"
            if np.isnan(values[k])
            else f"{word} {name} ({cell_text(shown[k]).strip()}{'; first of equal values' if t else ''})"
            for k, t in zip(kept.tolist(), tied, strict=True)
        ]


def member_pairs(clusters: Sequence) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Clusters (``kept``, ``members``) as arrays: the kept row of each, and for every other member its cluster's
    index and its row - what ``KeepRule.reasons_of`` reads."""
    if isinstance(clusters, ClusterList):  # read from its arrays, no Cluster made
        kept, members = clusters.arrays["kept"], clusters.arrays["members"]
        cluster = clusters.member_clusters()
        other = members != kept[cluster]
        return kept, cluster[other], members[other]
    kept = np.fromiter((c.kept for c in clusters), dtype=np.int64, count=len(clusters))
    sizes = np.fromiter((len(c.members) for c in clusters), dtype=np.int64, count=len(clusters))
    members = np.fromiter(chain.from_iterable(c.members for c in clusters), dtype=np.int64, count=int(sizes.sum()))
    cluster = np.repeat(np.arange(len(clusters)), sizes)
    other = members != kept[cluster]
    return kept, cluster[other], members[other]


def _any_per(n: int, cluster: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per cluster 0..n-1: whether ``mask`` holds for any of its members."""
    return np.bincount(cluster[mask], minlength=n) > 0


def _show_dates(when: np.ndarray) -> list[str | None]:
    """Each timestamp as 2024-03-09, or 2024-03-09 08:00 when it has a time of day; None for a missing one."""
    day = np.datetime_as_string(when, unit="D").tolist()
    minute = np.datetime_as_string(when, unit="m").tolist()
    timed = (when != when.astype("datetime64[D]")).tolist()
    return [
        None if missing else (m.replace("T", " ") if t else d)
        for d, m, t, missing in zip(day, minute, timed, np.isnat(when).tolist(), strict=True)
    ]


def rank_rows(
    policy: str, texts: Sequence[str], table: Table | None = None, *, date_column: str | None = None
) -> np.ndarray:
    """The rank of every row under ``policy`` (lower is kept first), reading columns from ``table``."""
    return KeepRule.of(policy, texts, table, date_column=date_column).rank


def keep_reason(
    policy: str, kept_row: int, members: Iterable[int], texts: Sequence[str], table: Table | None = None
) -> str:
    """Why ``kept_row`` was kept among ``members`` under ``policy``: "earliest date (2024-03-09)", "first in file",
    "no repost marker and contains the others", "largest “views” (1200)". For many clusters, bind the rule once:
    ``KeepRule.of(policy, texts, table).reasons(clusters)``."""
    return KeepRule.of(policy, texts, table).reason(kept_row, members)


def _rank(keys: list[np.ndarray], rows: np.ndarray) -> np.ndarray:
    """Rank by ``keys`` (most significant first), then file order: a permutation of 0..n-1. Integer keys of
    small ranges are packed with the row into one int64 each and sorted (1M rows of the "original" policy's two
    keys: 30 against 75 ms for a lexsort)."""
    order = _packed_order(keys, rows)
    if order is None:
        order = np.lexsort((rows, *reversed(keys)))
    rank = np.empty(len(rows), dtype=np.int64)
    rank[order] = np.arange(len(rows))
    return rank


def _packed_order(keys: list[np.ndarray], rows: np.ndarray) -> np.ndarray | None:
    """``np.lexsort((rows, *reversed(keys)))`` for ``rows`` 0..n-1 and integer ``keys`` whose ranges and the
    rows' fit in 63 bits together: each key less its least value, in its own bits above the row's, one sort of
    the packed numbers; None for other keys."""
    n = len(rows)
    if not n or any(k.dtype.kind not in "iub" for k in keys):
        return None
    spans = [(int(k.min()), int(k.max())) for k in keys]
    widths = [max(1, (hi - lo).bit_length()) for lo, hi in spans]
    row_bits = max(1, (n - 1).bit_length())
    if sum(widths) + row_bits > 63:
        return None
    packed = np.zeros(n, dtype=np.int64)
    for k, (lo, _), w in zip(keys, spans, widths, strict=True):
        packed <<= w
        packed |= k.astype(np.int64) - lo
    packed <<= row_bits
    packed |= rows
    packed.sort()
    packed &= (1 << row_bits) - 1
    return packed


def _length_class(lengths: np.ndarray) -> np.ndarray:
    """Length classes about 10 % wide: 1.1**k <= length < 1.1**(k+1) is class k (the empty text: -1)."""
    return np.floor(np.log(np.maximum(lengths, 1)) / np.log(_LENGTH_STEP)) - (lengths == 0)


def contained(inter: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Whether each other text is mostly found in the kept one: ``inter`` of its ``sizes`` distinct 4-grams are
    in the kept text (at least ``_CONTAINS`` of them; an empty text is never contained)."""
    return (sizes > 0) & (inter >= _CONTAINS * sizes)


def _numbers_or_text(values: Sequence[object]) -> np.ndarray:
    """Numbers as numbers when every filled cell is one, else the cells' text order; blank cells become NaN."""
    import pandas as pd

    s = pd.Series(list(values), dtype=object)
    blank = s.map(lambda v: v is None or (isinstance(v, str) and not v.strip()) or v != v).to_numpy(dtype=bool)
    nums = pd.to_numeric(s.where(~blank), errors="coerce").to_numpy(dtype=float)
    if (~blank).any() and not np.isnan(nums[~blank]).any():
        return nums
    codes = pd.Categorical(s.map(cell_text), ordered=True).codes.astype(float)
    codes[blank] = np.nan
    return codes
