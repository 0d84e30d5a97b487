"""Toolkit-free "GUI models" of the review screen: cluster lines, members, the user's decisions, summary text.

The Qt models in ``dedup_gui.gui`` are thin adapters over a ``ReviewSession``; everything that decides what a
row shows, which row is kept and what gets exported is here and tested without a window. The user's decisions are
kept per row (``core.review_decisions``), so they survive re-runs; a session applies the ones that concern its
clusters.
"""

from __future__ import annotations

import math
import string
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import NamedTuple

import numpy as np

from .errors import OutputError
from .result import ONE_HOLDER, Cluster, ClusterList, Decisions, DedupResult, Resolution, drop_in_pieces
from .review_decisions import RowDecisions, apply, apply_to_cluster, from_decisions
from .settings import KEEP_POLICIES
from .text import distinct_count, find_sorted, sorted_unique, span_positions
from .textcheck import scale_changed

SimilarityFn = Callable[[int, int], float]

KEPT, REMOVED, NOT_DUPLICATE, HELD = "Kept", "Remove", "Not a duplicate", "To check"


class ClusterRow(NamedTuple):
    """One line of the cluster list. (A named tuple: 300,000 of them, a million rows' clusters, are made in 0.1 s;
    as a frozen dataclass in 0.44 s.)"""

    id: int
    size: int
    kept: int  # row the export keeps (the user's choice, else the engine's)
    min_similarity: float  # over members that will be removed or are kept to check, vs the kept row (nan: none)
    max_similarity: float
    snippet: str  # the kept row's text, on one line
    edited: bool  # the user changed the kept row or marked a member "not a duplicate"
    removed: int = 0  # members the export removes (after the user's decisions)
    held: int = 0  # members kept for the user to check (``DedupResult.held``) that the user has not removed


def _cluster_row(
    cluster_id: int, size: int, kept: int, lo: float, hi: float, text: str, removed: int, held: int
) -> ClusterRow:
    return ClusterRow(cluster_id, size, kept, lo, hi, text, False, removed, held)


@dataclass(frozen=True)
class MemberRow:
    """One member of the selected cluster."""

    row: int  # 0-based; shown 1-based
    status: str  # KEPT | REMOVED | NOT_DUPLICATE | HELD (kept for the user to check: ``DedupResult.held``)
    similarity: float  # to the kept row; 1.0 for the kept row itself
    length: int
    snippet: str
    manual: bool = False  # the status is the user's decision, not the algorithm's
    reason: str = ""  # the kept row: why the keep rule chose it (``DedupResult.keep_reasons``)
    scaled: bool = False  # held: a figure's multiplier dropped or changed from the kept row (``scale_changed``)
    copy_of: int | None = None  # removed: the row kept to check whose text it has (``ReviewSession.copy_of_staying``)


_ASCII_CASELESS = frozenset(string.digits + string.punctuation + " ")
SEARCH_CHECK_EVERY = 2000  # texts searched between two looks at ``check`` (a newer query, a closed window)
OUTCOME_ROWS_AT_ONCE = 256  # touched rows whose clusters ``outcome_changes`` looks at before the next ones
# The outcomes of as many decisions left behind by a change to many clusters, kept for an undo or a redo that
# comes back to them (``ReviewSession.set_intent``).
KEPT_OUTCOMES = 2


def caseless(query: str) -> bool:
    """True when ``query`` is found in a text's casefolded form exactly where it is found in the text itself, so
    that the text need not be casefolded to be searched: each of its characters is one that casefolding leaves as
    it is and never makes out of another - ASCII digits, punctuation and spaces, and the uncased characters from
    U+3000 on that are not combining marks (Chinese, Japanese and Korean text, full-width digits and punctuation).
    tests/test_review.py checks this against casefolding every code point."""
    return all(
        c in _ASCII_CASELESS
        or (c >= "\u3000" and c.lower() == c == c.upper() and not unicodedata.category(c).startswith("M"))
        for c in query
    )


def _number(query: str) -> int | None:
    """The number a query of digits is (any script's decimal digits; "²" is a digit but no number: None)."""
    if not query.isdigit():
        return None
    try:
        return int(query)
    except ValueError:
        return None


def snippet(text: str, width: int = 90) -> str:
    """The start of a text on one line, for lists."""
    line = " ".join(text[: width * 4].split())
    return line if len(line) <= width else line[: width - 1] + "…"


def format_similarity_range(lo: float, hi: float) -> str:
    if math.isnan(lo):
        return "–"
    if round(lo * 100) == round(hi * 100):
        return f"{lo:.0%}"
    return f"{lo:.0%} – {hi:.0%}"


class ReviewSession:
    """A run's clusters plus the user's decisions, with everything the review widgets display."""

    def __init__(
        self,
        result: DedupResult,
        texts: Sequence[str],
        similarity: SimilarityFn | None = None,
        decisions: Decisions | RowDecisions | None = None,
    ):
        self.result = result
        self.texts = texts
        self._similarity = similarity
        self._sim_cache: dict[tuple[int, int], float] = {}
        self._rows: dict[int, ClusterRow] = {}
        self._haystack: dict[int, str] = {}
        self._folded: dict[int, str] = {}  # row -> its text casefolded (``matching_ids``)
        self._clustered_chars: int | None = None
        self._clustered_rows: list[int] | None = None  # every row of a cluster, ascending (``clustered_rows``)
        self._resolution: Resolution | None = None
        self._cluster_of: np.ndarray | None = None
        # (decisions, their outcome: ``decisions``, ``not_applying``, ``_resolution``) left by a change to many
        # clusters, the latest first: never changed after (``set_intent``).
        self._left: list[tuple[RowDecisions, Decisions, frozenset[int], Resolution | None]] = []
        self.held = frozenset(result.held.tolist())  # rows the run keeps for the user to check
        if isinstance(decisions, Decisions):
            decisions = from_decisions(decisions)
        self.intent = RowDecisions()
        self.decisions = Decisions()
        self.not_applying: frozenset[int] = frozenset()
        self.set_intent(decisions or RowDecisions())

    def released_in_pieces(self) -> Iterator[None]:
        """Let go of the session's objects a few thousand at a time, a yield after each piece: for a caller that
        holds the last reference to the session, which is of no use after (``gui.release``). At a million rows
        the session let go of at once - 300,000 cluster lines, and the run's 300,000 clusters with it - stalled
        the window 136-150 ms. The run's result is taken apart only when nothing else refers to it."""
        for cache in (self._rows, self._haystack, self._folded, self._sim_cache):
            yield from drop_in_pieces(cache)
        result = self.result
        if sys.getrefcount(result) <= ONE_HOLDER:  # (the session's reference and this name's alone)
            yield from result.clusters.released_in_pieces()

    @property
    def similarity_fn(self) -> SimilarityFn | None:
        """Rescoring function for rows the user made the kept row (passed on to the export)."""
        return self._similarity

    # -- clusters ----

    @property
    def clusters(self) -> ClusterList:
        return self.result.clusters

    def __len__(self) -> int:
        return len(self.result.clusters)

    def cluster(self, cluster_id: int) -> Cluster:
        return self.result.cluster_by_id(cluster_id)

    def cluster_of(self, row: int) -> int:
        """The id of the cluster holding ``row`` (0 when none)."""
        owner = self._owners()
        return int(owner[row]) if 0 <= row < len(owner) else 0

    def _owners(self) -> np.ndarray:
        """Per row, the id of the cluster holding it (0: none; a row in two clusters: the later)."""
        if self._cluster_of is None:
            arrays = self.clusters.arrays
            owner = np.zeros(self.result.n_rows, dtype=np.int64)
            members = arrays["members"]
            if len(sorted_unique(members)) == len(members):
                owner[members] = arrays["id"][self.clusters.member_clusters()]
            else:  # (an annotated file edited by hand) the later cluster, in order
                for c in self.clusters:
                    owner[c.members] = c.id
            self._cluster_of = owner
        return self._cluster_of

    def _owner_of(self, rows: Iterable[int]) -> tuple[np.ndarray, np.ndarray]:
        """``rows`` as an array, and the id of the cluster holding each (0: none, or a row past the table)."""
        owner = self._owners()
        at = np.fromiter(rows, dtype=np.int64)
        inside = (at >= 0) & (at < len(owner))
        held = np.zeros(len(at), dtype=np.int64)
        held[inside] = owner[at[inside]]
        return at, held

    def _clusters_of(self, rows: Iterable[int]) -> set[int]:
        """The ids of the clusters holding any of ``rows``."""
        return set(sorted_unique(self._owner_of(rows)[1]).tolist()) - {0}

    def _members_of(self, cluster_ids: Sequence[int]) -> list[int]:
        """Every member of these clusters, cluster after cluster (from the clusters' arrays)."""
        arrays = self.clusters.arrays
        at = np.asarray(cluster_ids, dtype=np.int64) - 1
        offsets = arrays["member_offsets"]
        return arrays["members"][span_positions(offsets[at], offsets[at + 1] - offsets[at])].tolist()

    def kept_row(self, cluster_id: int) -> int:
        return self.decisions.kept.get(cluster_id, self.cluster(cluster_id).kept)

    def similarity(self, cluster_id: int, row: int) -> float:
        """Similarity of a member to the cluster's kept row (rescored when the user changed the kept row)."""
        c = self.cluster(cluster_id)
        kept = self.kept_row(cluster_id)
        if row == kept:
            return 1.0
        if kept == c.kept:
            return c.similarity.get(row, math.nan)
        key = (min(kept, row), max(kept, row))
        if key not in self._sim_cache:
            self._sim_cache[key] = self._similarity(kept, row) if self._similarity else math.nan
        return self._sim_cache[key]

    def row(self, index: int) -> ClusterRow:
        """The cluster list line of the cluster at position ``index`` (cluster id ``index + 1``)."""
        cluster_id = index + 1
        if cluster_id not in self._rows:
            c = self.cluster(cluster_id)
            kept = self.kept_row(cluster_id)
            going = [m for m in c.members if m != kept and not self.stays(m)]
            # (a cluster whose only copy is kept for the user to check still shows how similar it is)
            paired = going + [m for m in c.members if m != kept and self.is_held(m)]
            sims = [s for s in (self.similarity(cluster_id, m) for m in paired) if not math.isnan(s)]
            self._rows[cluster_id] = ClusterRow(
                id=cluster_id,
                size=c.size,
                kept=kept,
                min_similarity=min(sims) if sims else math.nan,
                max_similarity=max(sims) if sims else math.nan,
                snippet=snippet(self.texts[kept]),
                edited=not self.intent.rows.isdisjoint(c.members),
                removed=len(going),
                held=sum(1 for m in c.members if m != kept and self.is_held(m)),
            )
        return self._rows[cluster_id]

    def make_rows(self, check: Callable[[], None] | None = None) -> None:
        """Every cluster's line (``row``) made now: those of the clusters no decision touches - no member decided,
        the kept row the engine's - all at once from the clusters' arrays, the others one by one (``check`` is
        called between pieces). At a million rows (300,000 clusters) one by one took 2.1 s of a run's wait.

        Each line is the one ``row`` makes: tests/test_review.py compares the two on random clusters and
        decisions."""
        clusters = self.clusters
        n = len(clusters)
        arrays = clusters.arrays
        members, of_member = arrays["members"], clusters.member_clusters()
        if not n or len(sorted_unique(members)) != len(members):  # (a row in two clusters: one by one)
            plain = np.zeros(n, dtype=bool)
        else:
            decided = np.zeros(self.result.n_rows, dtype=bool)
            rows = self.intent.rows | self.decisions.not_duplicate | self.decisions.removed
            marked = np.fromiter(rows, dtype=np.int64, count=len(rows))
            decided[marked[(marked >= 0) & (marked < len(decided))]] = True  # (a row of no table here: none)
            plain = np.bincount(of_member[decided[members]], minlength=n) == 0
            chosen = np.asarray(sorted(self.decisions.kept), dtype=np.int64) - 1  # (cluster id i is at i - 1)
            plain[chosen[(chosen >= 0) & (chosen < n)]] = False
        at = np.flatnonzero(plain)
        if len(at):
            self._plain_rows(at, of_member)
        if check is not None:
            check()
        for k, i in enumerate(np.flatnonzero(~plain).tolist()):
            if check is not None and k % 2000 == 0:
                check()
            self.row(i)

    def _plain_rows(self, at: np.ndarray, of_member: np.ndarray) -> None:
        """``row`` of the clusters at positions ``at``, none of whose members is decided (their kept row the
        engine's), from the arrays (``of_member``: each member's cluster position): the members going are those not
        kept and not held for checking; those held stay, and count as held while the outcome holds them
        (``is_held``)."""
        arrays = self.clusters.arrays
        members, offsets = arrays["members"], arrays["member_offsets"]
        sizes = np.diff(offsets)
        n_rows = self.result.n_rows
        kept = arrays["kept"]
        is_kept = members == kept[of_member]
        in_held = np.zeros(n_rows, dtype=bool)
        in_held[list(self.held)] = True
        held_now = self._held_now() if self.held else np.zeros(n_rows, dtype=bool)
        going = ~is_kept & ~in_held[members]
        held = ~is_kept & in_held[members] & held_now[members]
        # Each member's similarity to its cluster's kept row, from the cluster's own entries (nan where none).
        sim = np.full(n_rows, np.nan)
        sim_rows, sim_values = arrays["sim_rows"], arrays["sim_values"]
        sim_of = np.repeat(np.arange(len(self.clusters)), np.diff(arrays["sim_offsets"]))
        owner = np.full(n_rows, -1, dtype=np.int64)
        owner[members] = of_member
        own = owner[sim_rows] == sim_of  # (an entry of a row that is the cluster's own member)
        sim[sim_rows[own]] = sim_values[own]
        paired = np.where(going | held, sim[members], np.nan)
        # Per cluster, the least and the most of its paired members' similarities, nan where it has none.
        starts = offsets[:-1]
        nonempty = sizes > 0
        lo = np.full(len(sizes), np.nan)
        hi = np.full(len(sizes), np.nan)
        if len(members):
            lo[nonempty] = np.fmin.reduceat(paired, starts[nonempty])
            hi[nonempty] = np.fmax.reduceat(paired, starts[nonempty])
        removed = np.bincount(of_member[going], minlength=len(sizes))
        held_count = np.bincount(of_member[held], minlength=len(sizes))
        ids = (at + 1).tolist()  # (the line of the cluster at position i is that of cluster id i + 1: ``row``)
        kept_at = kept[at].tolist()
        texts = self.texts
        self._rows.update(
            zip(
                ids,
                map(
                    _cluster_row,
                    ids,
                    sizes[at].tolist(),
                    kept_at,
                    lo[at].tolist(),
                    hi[at].tolist(),
                    map(snippet, map(texts.__getitem__, kept_at)),
                    removed[at].tolist(),
                    held_count[at].tolist(),
                ),
                strict=True,
            )
        )

    def members(self, cluster_id: int) -> list[MemberRow]:
        kept = self.kept_row(cluster_id)
        c = self.cluster(cluster_id)
        reasons = self.result.keep_reasons
        out = []
        for m in c.members:
            if m == kept:
                status, manual = KEPT, cluster_id in self.decisions.kept
            elif m in self.decisions.not_duplicate:
                status, manual = NOT_DUPLICATE, True
            elif self.is_held(m):
                status, manual = HELD, False
            else:
                status, manual = REMOVED, m in self.decisions.removed
            text = self.texts[m]
            reason = reasons.get(cluster_id, "") if status == KEPT and not manual else ""
            scaled = status == HELD and scale_changed(self.texts[kept].lower(), text.lower())
            copy_of = self.copy_of_staying(m) if status == REMOVED else None
            similarity = self.similarity(cluster_id, m)
            out.append(MemberRow(m, status, similarity, len(text), snippet(text), manual, reason, scaled, copy_of))
        return out

    def status(self, cluster_id: int, row: int) -> str:
        if row == self.kept_row(cluster_id):
            return KEPT
        if row in self.decisions.not_duplicate:
            return NOT_DUPLICATE
        return HELD if self.is_held(row) else REMOVED

    def is_held(self, row: int) -> bool:
        """True when the run keeps ``row`` for the user to check (``DedupResult.held``) and the user has neither
        removed it, nor marked it, nor kept it (``Resolution.held``)."""
        return row in self.held and bool(self._held_now()[row])

    def _held_now(self) -> np.ndarray:
        """``Resolution.held`` of the session's outcome (``DedupResult.resolve`` always makes it)."""
        held = self.resolution().held
        assert held is not None
        return held

    def copy_of_staying(self, row: int) -> int | None:
        """The row that ``row`` is removed as a copy of when that is not its cluster's kept row - a row kept to check
        (or then marked, by the user, not a duplicate) whose text ``row``'s is (``DedupResult.held_copies``); else
        None."""
        copies = self.result.held_copies
        if not len(copies):
            return None
        res = self.resolution()
        of = int(res.dup_of[row])
        if res.keep[row] or of < 0 or res.head is None or res.head[of]:
            return None
        return of

    def stays(self, row: int) -> bool:
        """True when ``row``, clustered and not its cluster's kept row, stays in the cleaned file: marked not a
        duplicate, or held for checking and not removed."""
        return row in self.decisions.not_duplicate or (row in self.held and row not in self.decisions.removed)

    def matches(self, cluster_id: int, query: str) -> bool:
        """True when any member's text (or the cluster number, or a 1-based row number) contains the query."""
        query = query.strip().casefold()
        if not query:
            return True
        c = self.cluster(cluster_id)
        number = _number(query)
        if number is not None and (number == cluster_id or number - 1 in c.members):
            return True
        if cluster_id not in self._haystack:
            self._haystack[cluster_id] = "\n".join(self.texts[m] for m in c.members).casefold()
        return query in self._haystack[cluster_id]

    def clustered_rows(self) -> list[int]:
        """Every row that is in a cluster, ascending, made once (each keystroke of a search reads it)."""
        if self._clustered_rows is None:
            self._clustered_rows = sorted_unique(self.clusters.arrays["members"]).tolist()
        return self._clustered_rows

    def clustered_chars(self) -> int:
        """Characters of text in the clustered rows (what ``matching_ids`` searches), counted once."""
        if self._clustered_chars is None:
            self._clustered_chars = sum(map(len, map(self.texts.__getitem__, self.clustered_rows())))
        return self._clustered_chars

    def matching_ids(self, query: str, check: Callable[[], None] | None = None) -> set[int] | None:
        """The ids of the clusters ``matches`` says yes to (None for an empty query), found at once: each clustered
        row's text is searched once, as it is when the query is ``caseless`` (else in its casefolded form, made
        once per row and kept). 100k articles: ~0.1 s, where asking ``matches`` of every cluster first took 0.6 s.
        ``check`` is called every ``SEARCH_CHECK_EVERY`` texts (it may raise to stop)."""
        q = query.strip().casefold()
        if not q:
            return None
        clusters = self.clusters
        if "\n" in q:  # (a query across two members' texts: only the joined texts can hold it)
            return {c.id for c in clusters if self.matches(c.id, query)}
        arrays = clusters.arrays
        members = arrays["members"]
        rows = self.clustered_rows()
        plain = caseless(q)
        folded = self._folded
        texts = self.texts
        found = np.zeros(len(rows), dtype=bool)
        for lo in range(0, len(rows), SEARCH_CHECK_EVERY):
            if check is not None:
                check()
            part = rows[lo : lo + SEARCH_CHECK_EVERY]
            if plain:
                found[lo : lo + len(part)] = [q in texts[r] for r in part]
            else:
                for r in part:
                    if r not in folded:
                        folded[r] = texts[r].casefold()
                found[lo : lo + len(part)] = [q in folded[r] for r in part]
        hit = find_sorted(np.array(rows, dtype=np.int64)[found], members)[1]
        number = _number(q)
        if number is not None:  # a row number (1-based), or a cluster number
            hit |= members == number - 1
        ids = set(arrays["id"][clusters.member_clusters()[hit]].tolist())
        if number is not None and (arrays["id"] == number).any():
            ids.add(number)
        return ids

    # -- decisions ----

    def set_intent(self, intent: RowDecisions) -> set[int]:
        """Apply the user's decisions (all of them: those about rows in no cluster wait); returns the ids of the
        clusters whose outcome changed."""
        old = self.intent
        back = next((i for i, left in enumerate(self._left) if left[0] is intent), -1)
        if back >= 0:  # an undo or a redo of a change to many clusters: its outcome as it was
            state = self._left.pop(back)
            self._leave()
            self.intent, self.decisions, self.not_applying, self._resolution = state
            self._rows.clear()
            return set(self.clusters.arrays["id"].tolist())
        touched = old.touched(intent)
        if not old.rows and not self.decisions.kept and not self.decisions.not_duplicate and not intent.rows:
            self.intent = intent
            return set()
        changed = self._clusters_of(touched)
        if len(changed) > max(64, len(self.clusters) // 4):  # many clusters (a resumed review): from scratch
            self._leave()
            applied = apply(intent, self.clusters)
            self.decisions, self.not_applying = applied.decisions, applied.not_applying
            changed = set(self.clusters.arrays["id"].tolist())  # (every cluster's id, no Cluster asked)
        else:
            self.decisions.removed = set(intent.removed)
            for cluster_id in changed:
                members = self.cluster(cluster_id).members
                self.decisions.not_duplicate -= set(members)
                self.decisions.kept.pop(cluster_id, None)
                kept, stay = apply_to_cluster(intent, self.cluster(cluster_id))
                if kept is not None:
                    self.decisions.kept[cluster_id] = kept
                self.decisions.not_duplicate |= stay
            rows, owner = self._owner_of(intent.rows)
            self.not_applying = frozenset(rows[owner == 0].tolist())
        self.intent = intent
        if len(changed) == len(self.clusters):
            self._rows.clear()
        else:
            for cluster_id in changed:
                self._rows.pop(cluster_id, None)
        self._resolution = None
        return changed

    def _leave(self) -> None:
        """The decisions of now and their outcome, kept as they are for an undo or a redo (``KEPT_OUTCOMES``): a
        change to many clusters replaces them whole, never changing them (every cluster marked "not duplicates"
        and undone at 100k short texts: the undo's outcome 28-30 ms made again)."""
        self._left = [
            (self.intent, self.decisions, self.not_applying, self._resolution),
            *self._left[: KEPT_OUTCOMES - 1],
        ]

    def set_kept(self, cluster_id: int, row: int) -> None:
        c = self.cluster(cluster_id)
        if row not in c.members:
            raise ValueError(f"row {row + 1} is not in cluster {cluster_id}")
        self.set_intent(self.intent.keep(c.members, [row], row))

    def set_not_duplicate(self, cluster_id: int, row: int, flag: bool = True) -> None:
        kept = self.kept_row(cluster_id)
        if row == kept:
            return
        intent = self.intent.mark_not_duplicate([row], kept) if flag else self.removing([row])
        self.set_intent(intent)

    def reset(self) -> None:
        self.set_intent(RowDecisions())

    def carry_over(self, previous: ReviewSession) -> None:
        """Apply a previous session's decisions to this run's clusters (after a threshold change).

        Decisions follow rows, not cluster numbers: a row the user kept is kept in whichever new cluster holds
        it, rows marked "not a duplicate" stay marked, and decisions about rows in no cluster now wait.
        """
        self.set_intent(previous.intent)

    # -- decisions the review screen offers, as the new row decisions (applied by the caller, undoably) ----

    def keeping(self, cluster_id: int, rows: Iterable[int]) -> RowDecisions:
        c = self.cluster(cluster_id)
        return self.intent.keep(c.members, [r for r in rows if r in c.members], self.kept_row(cluster_id))

    def marking_not_duplicate(self, cluster_id: int, rows: Iterable[int]) -> RowDecisions:
        return self.intent.mark_not_duplicate(rows, self.kept_row(cluster_id))

    def removing(self, rows: Iterable[int]) -> RowDecisions:
        """These rows go (those held for checking too)."""
        rows = list(rows)
        return self.intent.remove(rows, [r for r in rows if r in self.held])

    def resetting(self, rows: Iterable[int]) -> RowDecisions:
        return self.intent.reset(rows)

    def clusters_not_duplicate(self, cluster_ids: Iterable[int]) -> RowDecisions:
        """Whole clusters are not duplicates: every row stays."""
        return self.cluster_intents(cluster_ids)[0]

    def clusters_removed(self, cluster_ids: Iterable[int]) -> RowDecisions:
        """Whole clusters go, except the kept row the user chose: the rows held for checking too."""
        return self.cluster_intents(cluster_ids)[1]

    def clusters_reset(self, cluster_ids: Iterable[int]) -> RowDecisions:
        return self.cluster_intents(cluster_ids)[2]

    def cluster_intents(self, cluster_ids: Iterable[int]) -> tuple[RowDecisions, RowDecisions, RowDecisions]:
        """``clusters_not_duplicate``, ``clusters_removed`` and ``clusters_reset`` of these clusters, their members
        gathered once (the review's actions offer all three for the clusters selected: 29,000 of them at 100k
        articles)."""
        ids = list(cluster_ids)
        rows = frozenset(self._members_of(ids))  # (made a set once for the three)
        kept = self.clusters.arrays["kept"][np.asarray(ids, dtype=np.int64) - 1].tolist()
        chosen = self.decisions.kept
        kept_now = [chosen.get(cid, k) for cid, k in zip(ids, kept, strict=True)] if chosen else kept
        return (
            self.intent.mark_not_duplicate(rows, kept_now),
            self.intent.unmark_not_duplicate(rows, rows & self.held),
            self.intent.reset(rows),
        )

    def outcome_changes(self, intent: RowDecisions) -> bool:
        """True when these decisions would change what any cluster keeps or removes (an action worth offering).

        The touched rows' clusters are looked at a few hundred rows at a time, so that the answer for an action
        over many clusters comes from the first ones that change (the window asks it of every action each time
        the selection or the decisions change: with all 30,000 clusters of 100k short texts selected, the clusters
        of every touched row were 2-3 ms an action, seven actions, twice for one click)."""
        seen: set[int] = set()
        rows = self.intent.touched_rows(intent)
        while chunk := list(islice(rows, OUTCOME_ROWS_AT_ONCE)):
            for cluster_id in self._clusters_of(chunk) - seen:
                c = self.cluster(cluster_id)
                if apply_to_cluster(intent, c) != apply_to_cluster(self.intent, c):
                    return True
                if any((m in intent.removed) != (m in self.intent.removed) for m in c.members if m in self.held):
                    return True
                seen.add(cluster_id)
        return False

    # -- outcome ----

    def resolution(self) -> Resolution:
        if self._resolution is None:
            self._resolution = self.result.resolve(self.decisions, similarity=self._similarity)
        return self._resolution

    @property
    def rows_to_remove(self) -> int:
        return self.resolution().removed

    @property
    def clusters_with_removals(self) -> int:
        """Clusters that still remove a row once the user's decisions apply (what "clusters" counts to a user)."""
        res = self.resolution()
        return distinct_count(res.cluster[~res.keep]) if res.removed else 0

    @property
    def clusters_to_review(self) -> int:
        """Clusters that still remove a row or hold one for the user to check, once the user's decisions apply: the
        clusters the summary counts (a cluster whose only other row is held shows in the cluster list, and the
        command line counts it)."""
        res = self.resolution()
        open_rows = ~res.keep | self._held_now() if self.held else ~res.keep
        return distinct_count(res.cluster[open_rows])

    @property
    def rows_to_check(self) -> int:
        """Rows held for the user to check (``DedupResult.held``) that still stay: not removed, not marked, not
        made a kept row."""
        return int(self._held_now().sum()) if self.held else 0

    def summary(self) -> str:
        """'37 clusters · 81 rows to remove of 1,204' (and '· 5 to check' when rows are held for checking)"""
        n = self.clusters_to_review
        removed = self.rows_to_remove
        clusters = "1 cluster" if n == 1 else f"{n:,} clusters"
        rows = "1 row" if removed == 1 else f"{removed:,} rows"
        held = self.rows_to_check
        return f"{clusters} · {rows} to remove of {self.result.n_rows:,}" + (f" · {held:,} to check" if held else "")


# -- where the user was: the same cluster, found again by its rows ----


SAME, MOVED, NEAREST, NONE = "same", "moved", "nearest", "none"


def locate(session: ReviewSession, members: Sequence[int], candidates: Sequence[int] | None = None) -> tuple[int, str]:
    """The cluster that now holds the rows the user was looking at, as (cluster id, how):

    - SAME: a cluster with exactly those rows;
    - MOVED: the cluster holding most of them (it gained or lost rows, or has a new number);
    - NEAREST: none of them is clustered any more: the cluster whose first row is nearest in the file;
    - NONE: no cluster to show (``candidates``, when given, limits the choice to the clusters shown).
    """
    allowed = set(candidates) if candidates is not None else None
    if not (allowed if allowed is not None else len(session.clusters)):
        return 0, NONE
    if not members:
        return (min(allowed) if allowed is not None else min(c.id for c in session.clusters)), NEAREST
    counts: dict[int, int] = {}
    for row in members:
        cid = session.cluster_of(row) if row < session.result.n_rows else 0
        if cid and (allowed is None or cid in allowed):
            counts[cid] = counts.get(cid, 0) + 1
    if counts:
        best = max(counts, key=lambda cid: (counts[cid], -cid))
        same = sorted(session.cluster(best).members) == sorted(members)
        return best, SAME if same else MOVED
    first = min(members)
    ids = allowed if allowed is not None else (c.id for c in session.clusters)
    return min(ids, key=lambda cid: (abs(session.cluster(cid).members[0] - first), cid)), NEAREST


# -- keep policies and export paths ----

_POLICY_LABELS = {
    "original": "The original",
    "first": "First in file",
    "last": "Last in file",
    "longest": "Longest text",
    "shortest": "Shortest text",
}


def keep_policy_choices(columns: Sequence[str] = ()) -> list[tuple[str, str]]:
    """(value, label) pairs for the keep-policy chooser; max/min entries for every column."""
    out = [(p, _POLICY_LABELS[p]) for p in KEEP_POLICIES]
    for c in columns:
        out.append((f"max:{c}", f"Largest / newest “{c}”"))
        out.append((f"min:{c}", f"Smallest / oldest “{c}”"))
    return out


def default_export_paths(path: str | Path, kind: str) -> dict[str, Path]:
    """Next to the input, same format: ``news_cleaned.xlsx``, ``news_annotated.xlsx``, ``news_clusters.xlsx``.

    A folder of .txt files is cleaned into a sibling folder; its annotated file and report are CSV.
    """
    path = Path(path)
    if kind == "txt":
        base = path.parent / path.name
        return {
            "cleaned": base.with_name(path.name + "_cleaned"),
            "annotated": base.with_name(path.name + "_annotated.csv"),
            "report": base.with_name(path.name + "_clusters.csv"),
        }
    # Writable formats only: an old .xls/.xlsb workbook is exported as .xlsx, a .txt table as .csv.
    suffix = path.suffix.lower()
    if suffix not in (".xlsx", ".xlsm", ".csv", ".tsv"):
        suffix = ".xlsx" if kind == "xlsx" or suffix in (".xls", ".xlsb") else ".csv"
    return {
        "cleaned": path.with_name(f"{path.stem}_cleaned{suffix}"),
        "annotated": path.with_name(f"{path.stem}_annotated{suffix}"),
        "report": path.with_name(f"{path.stem}_clusters{suffix}"),
    }


def export_path_problem(input_path: str | Path, outputs: dict[str, Path | None]) -> str | None:
    """A readable reason the chosen export paths cannot be used, or None when they are fine."""
    error = export_path_error(input_path, outputs)
    return None if error is None else error.problem


def export_path_error(input_path: str | Path, outputs: dict[str, Path | None]) -> OutputError | None:
    """``export_path_problem`` as an error (a template and its values, which the window says in its language)."""
    chosen = {k: Path(v) for k, v in outputs.items() if v}
    if not chosen:
        return OutputError(None, "Choose at least one file to write.")
    source = Path(input_path).resolve()
    for _kind, p in chosen.items():
        if p.resolve() == source:
            return OutputError(
                None, "{name} is the input file; choose another name so the original stays untouched.", name=p.name
            )
    resolved = [p.resolve() for p in chosen.values()]
    if len(set(resolved)) != len(resolved):
        return OutputError(None, "Two exports have the same file name.")
    for p in chosen.values():
        if not p.parent.exists():
            return OutputError(None, "The folder {folder} does not exist.", folder=str(p.parent))
    return None
