"""The user's review decisions, kept per row so they outlive any one run.

A decision is about a row, not about a cluster number: "keep this row" and "this row is not a duplicate". A run's
clusters apply the decisions that concern their rows (``apply``) and turn them into the per-cluster ``Decisions``
the export reads; decisions about rows that are in no cluster at this threshold wait and apply again when a later
run clusters those rows. Every change makes a new ``RowDecisions`` (they are immutable), so undo and redo only swap
two values.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from .result import Cluster, ClusterList, Decisions


@dataclass(frozen=True)
class RowDecisions:
    kept: frozenset[int] = frozenset()  # rows the user keeps as their cluster's kept row
    not_duplicate: frozenset[int] = frozenset()  # rows that stay although clustered
    removed: frozenset[int] = frozenset()  # rows held for checking (``DedupResult.held``) that the user removes

    @cached_property
    def rows(self) -> frozenset[int]:
        """Every decided row (made once: the cluster list asks for each line it draws)."""
        return self.kept | self.not_duplicate | self.removed

    def __len__(self) -> int:
        return len(self.rows)

    def touched(self, other: RowDecisions) -> frozenset[int]:
        """The rows whose decision differs between these decisions and ``other`` (a kind of decision both hold as
        one set is not compared: the window asks this of every action each time the selection or the decisions
        change, and after "not duplicates" for all 30,000 clusters of 100k short texts each kind held ~60,000
        rows)."""
        out: frozenset[int] = frozenset()
        for mine, theirs in self._kinds(other):
            out |= mine ^ theirs
        return out

    def touched_rows(self, other: RowDecisions) -> Iterator[int]:
        """``touched``, a kind of decision at a time (a row may come more than once): a caller that stops at the
        first rows that matter does not make the set of them all (``ReviewSession.outcome_changes``). Each kind's
        rows are its two sets' differences, made by the sets themselves - not a generator asking each row of both
        whether the other holds it (after "not duplicates" for every cluster of 100k short texts, a row action's
        state read ~70,000 rows that way: 10-13 ms each, three of them each time the decisions changed)."""
        for mine, theirs in self._kinds(other):
            yield from mine - theirs
            yield from theirs - mine

    def _kinds(self, other: RowDecisions) -> Iterator[tuple[frozenset[int], frozenset[int]]]:
        """Each kind of decision as these decisions and ``other`` hold it, where the two do not hold it as one set."""
        for mine, theirs in (
            (self.kept, other.kept),
            (self.not_duplicate, other.not_duplicate),
            (self.removed, other.removed),
        ):
            if mine is not theirs:
                yield mine, theirs

    def keep(self, members: Sequence[int], rows: Iterable[int], kept_now: int) -> RowDecisions:
        """The selected rows of one cluster stay: one becomes its kept row (the current kept row when selected,
        else the first selected), the others are marked not duplicates."""
        rows = sorted(set(rows))
        if not rows:
            return self
        primary = kept_now if kept_now in rows else rows[0]
        return RowDecisions(
            (self.kept - set(members)) | {primary},
            (self.not_duplicate - {primary}) | (set(rows) - {primary}),
            self.removed - set(rows),
        )

    def mark_not_duplicate(self, rows: Iterable[int], kept_now: int | Iterable[int]) -> RowDecisions:
        """These rows stay in the cleaned file; the kept row (or rows, of several clusters) stays anyway."""
        rows = _as_set(rows) - ({kept_now} if isinstance(kept_now, int) else set(kept_now))
        return RowDecisions(_without(self.kept, rows), _with(self.not_duplicate, rows), _without(self.removed, rows))

    def remove(self, rows: Iterable[int], held: Iterable[int] = ()) -> RowDecisions:
        """These rows go as duplicates again: no longer marked, no longer the user's kept row (the algorithm's
        kept row then stays, so a cluster always keeps one row); those of them ``held`` for checking go too."""
        rows = _as_set(rows)
        return RowDecisions(
            _without(self.kept, rows), _without(self.not_duplicate, rows), _with(self.removed, rows & _as_set(held))
        )

    def unmark_not_duplicate(self, rows: Iterable[int], held: Iterable[int] = ()) -> RowDecisions:
        """Undo only the "not a duplicate" marks (a cluster's duplicates are removed again, its kept row stays),
        and remove the rows ``held`` for checking among them."""
        rows = _as_set(rows)
        return RowDecisions(self.kept, _without(self.not_duplicate, rows), _with(self.removed, rows & _as_set(held)))

    def reset(self, rows: Iterable[int]) -> RowDecisions:
        """Back to the algorithm's choice for these rows (a row held for checking is held again)."""
        rows = _as_set(rows)
        return RowDecisions(_without(self.kept, rows), _without(self.not_duplicate, rows), _without(self.removed, rows))


def _as_set(rows: Iterable[int]) -> set[int] | frozenset[int]:
    """``rows`` as a set: itself when it is one (the caller's, read only here)."""
    return rows if isinstance(rows, (set, frozenset)) else set(rows)


def _without(decided: frozenset[int], rows: set[int] | frozenset[int]) -> frozenset[int]:
    """``decided`` less ``rows``: the same set when they share no row (``RowDecisions.touched`` then skips it)."""
    return decided if decided.isdisjoint(rows) else decided - rows


def _with(decided: frozenset[int], rows: set[int] | frozenset[int]) -> frozenset[int]:
    """``decided`` and ``rows``: the same set when it holds them all already."""
    return decided if not rows or (len(rows) <= len(decided) and rows <= decided) else decided | rows


@dataclass
class Applied:
    """A run's view of the user's decisions."""

    decisions: Decisions = field(default_factory=Decisions)
    not_applying: frozenset[int] = frozenset()  # decided rows in no cluster of this run


def apply_to_cluster(intent: RowDecisions, cluster: Cluster) -> tuple[int | None, set[int]]:
    """(the user's kept row when it differs from the algorithm's, else None; rows that stay although clustered).

    Two rows the user kept may meet in one cluster after a re-run: the first is kept, the other stays too (it was
    not removed by the user's choice, so it is not removed now)."""
    chosen = [m for m in cluster.members if m in intent.kept]
    kept = chosen[0] if chosen else cluster.kept
    stay = {m for m in cluster.members if m in intent.not_duplicate} | set(chosen[1:])
    stay.discard(kept)
    return (kept if kept != cluster.kept else None), stay


def apply(intent: RowDecisions, clusters: Sequence[Cluster]) -> Applied:
    """The decisions of every cluster, from scratch: ``apply_to_cluster`` for each cluster holding a decided row,
    worked out on the clusters' arrays at once (at 100k articles "not duplicates" for all 29,000 clusters took 10 s
    when every cluster was tested against the decided rows, made again for each; 0.12 s cluster by cluster)."""
    decisions = Decisions(removed=set(intent.removed))
    decided = intent.rows
    if not decided:
        return Applied(decisions, frozenset())
    listed = ClusterList.of(clusters)
    arrays = listed.arrays
    members, owner = arrays["members"], listed.member_clusters()

    def as_array(rows: frozenset[int]) -> np.ndarray:
        return np.fromiter(rows, dtype=np.int64, count=len(rows))

    kept_rows, marked_rows = as_array(intent.kept), as_array(intent.not_duplicate)
    chosen, marked = np.isin(members, kept_rows), np.isin(members, marked_rows)
    # Each cluster's first member the user kept (in member order), else the algorithm's kept row.
    at = np.flatnonzero(chosen)
    first = at[np.r_[True, owner[at][1:] != owner[at][:-1]]] if len(at) else at
    kept = arrays["kept"].copy()
    kept[owner[first]] = members[first]
    changed = np.flatnonzero(kept != arrays["kept"])  # (in cluster order)
    decisions.kept = dict(zip(arrays["id"][changed].tolist(), kept[changed].tolist(), strict=True))
    later_chosen = chosen.copy()
    later_chosen[first] = False
    stay = (marked | later_chosen) & (members != kept[owner])
    decisions.not_duplicate = set(members[stay].tolist())
    # The decided rows in no cluster, by the arrays (the ~30,000 rows of "not duplicates" for every cluster made
    # into a set again only to be taken away: ~4 ms of each such decision).
    decided_rows = np.concatenate([kept_rows, marked_rows, as_array(intent.removed)])
    return Applied(decisions, frozenset(decided_rows[~np.isin(decided_rows, members)].tolist()))


def from_decisions(decisions: Decisions) -> RowDecisions:
    """The row decisions behind per-cluster decisions (an older saved review, tests)."""
    kept = frozenset(decisions.kept.values())
    return RowDecisions(kept, frozenset(decisions.not_duplicate) - kept, frozenset(decisions.removed) - kept)
