"""The outcome of a run, the user's decisions on it, and the per-row resolution that drives every export.

Rows are 0-based indices into the table here; exports show them 1-based, as users count data rows.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, overload

import numpy as np

from .settings import Settings
from .text import find_sorted, sorted_unique

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class PairSet:
    """Candidate pairs between unique (normalised) texts, with two scores.

    ``measure`` is the algorithm's own measure (Hamming bits, shared sentences, n-gram similarity) - what the
    threshold is compared with. ``similarity`` means the same for every algorithm: the text check's score of the
    two normalised texts without boilerplate (``core.textcheck``), in 0..1.
    """

    a: np.ndarray
    b: np.ndarray
    measure: np.ndarray
    similarity: np.ndarray
    checked: np.ndarray | None = None  # bool: the pair passed the text check (None: similarity >= the floor)
    # A pair that is a duplicate only as an excerpt (``cluster.excerpt_only``): the unique text it was taken from,
    # and that text's 4-gram count; -1 for other pairs (None: not known).
    container: np.ndarray | None = None
    container_grams: np.ndarray | None = None
    # bool: the two texts are a character or a word apart (``core.doubt``); None: not read.
    doubtful: np.ndarray | None = None

    def passed_check(self, floor: float) -> np.ndarray:
        if self.checked is not None:
            return self.checked
        return self.similarity >= floor - 1e-9

    @staticmethod
    def empty() -> PairSet:
        z = np.zeros(0, dtype=np.int64)
        return PairSet(z, z.copy(), np.zeros(0), np.zeros(0))

    def __len__(self) -> int:
        return len(self.a)

    def select(self, mask: np.ndarray) -> PairSet:
        def part(x: np.ndarray | None) -> np.ndarray | None:
            return None if x is None else x[mask]

        return PairSet(
            self.a[mask],
            self.b[mask],
            self.measure[mask],
            self.similarity[mask],
            part(self.checked),
            part(self.container),
            part(self.container_grams),
            part(self.doubtful),
        )

    def containers_first(self, rank: np.ndarray, row_unique: np.ndarray, n_unique: int) -> np.ndarray:
        """``rank`` (per row) with every text ranked just before the excerpts these pairs found of it
        (``cluster.containers_first``)."""
        if self.container is None or self.container_grams is None:
            return rank
        from .cluster import containers_first

        at = np.flatnonzero(self.container >= 0)
        excerpt = np.where(self.a[at] == self.container[at], self.b[at], self.a[at])
        return containers_first(rank, row_unique, n_unique, self.container[at], excerpt, self.container_grams[at])


@dataclass
class Cluster:
    id: int  # 1-based, in order of the cluster's first row
    kept: int  # row kept by the keep policy
    members: list[int]  # rows in file order, including the kept row
    similarity: dict[int, float]  # member row -> similarity to the kept row (kept row: 1.0)

    @property
    def size(self) -> int:
        return len(self.members)


# Objects let go of per piece by ``drop_in_pieces``: a few milliseconds of the window's thread each.
RELEASE_PIECE = 5_000


def _count_of_one_holder() -> int:
    box = [object()]
    item = box[0]
    return sys.getrefcount(item)


# What ``sys.getrefcount(name)`` says of an object that one container (a list, an attribute) and the local ``name``
# refer to, and nothing else: measured, not assumed (the count a call itself adds differs between Pythons).
ONE_HOLDER = _count_of_one_holder()


def drop_in_pieces(container: list | dict) -> Iterator[None]:
    """Empty a list or a dict ``RELEASE_PIECE`` items at a time, a yield after each piece: what only it referred
    to is freed a piece at a time, not in one call that holds the interpreter lock throughout."""
    while container:
        if isinstance(container, dict):
            for _ in range(min(RELEASE_PIECE, len(container))):
                container.popitem()
        else:
            del container[-RELEASE_PIECE:]
        yield


def pair_count(n: int) -> str:
    """'1 pair', '1,204 pairs': how the command line and the report count candidate pairs."""
    return "1 pair" if n == 1 else f"{n:,} pairs"


class ClusterList(Sequence[Cluster]):
    """The clusters of a result: flat arrays (``_clusters_as_arrays``' form - ids, kept rows, the members and the
    similarity entries of every cluster with their offsets), made into ``Cluster`` objects only where they are read,
    each once. A run of a million short texts makes 300,000 clusters; what the command line does with them (rows
    removed, the per-row outcome, the keep reasons, the cleaned file) reads the arrays, and making the objects
    took 1.2-1.7 s (``resolve`` over them another 0.3 s). Built from objects (an annotated file, a test), the
    arrays are made when first asked for. Clusters are never changed once made (a user's choices are
    ``Decisions``); ``append`` adds one."""

    __slots__ = ("_arrays", "_objects", "_complete", "_entry_index")

    def __init__(self, arrays: dict[str, np.ndarray] | None = None, objects: list[Cluster] | None = None):
        if (arrays is None) == (objects is None):
            raise ValueError("a ClusterList is made of arrays or of Cluster objects")
        self._arrays = arrays
        self._objects: list[Cluster | None] | None = list(objects) if objects is not None else None
        self._complete = objects is not None  # every object made (no None left in _objects)
        self._entry_index: tuple[np.ndarray, np.ndarray, int] | None = None  # ``entry_index``, once made

    @classmethod
    def of(cls, clusters: Iterable[Cluster]) -> ClusterList:
        return clusters if isinstance(clusters, ClusterList) else cls(objects=list(clusters))

    @property
    def arrays(self) -> dict[str, np.ndarray]:
        if self._arrays is None:
            self._arrays = _clusters_as_arrays(self._all())
        return self._arrays

    def __len__(self) -> int:
        return len(self._objects) if self._objects is not None else len(self.arrays["id"])

    @overload
    def __getitem__(self, i: int) -> Cluster: ...
    @overload
    def __getitem__(self, i: slice) -> list[Cluster]: ...
    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        j = int(i) + n if int(i) < 0 else int(i)
        if not 0 <= j < n:
            raise IndexError("cluster index out of range")
        if self._objects is None:
            self._objects = [None] * n
        c = self._objects[j]
        if c is None:
            c = self._objects[j] = _cluster_from_arrays(self.arrays, j)
        return c

    def __iter__(self) -> Iterator[Cluster]:
        return iter(self._all())

    def materialise(self) -> None:
        """Every cluster made into its object now (the window's worker thread does this as a result arrives, so
        that the window's own thread never waits for it)."""
        self._all()

    def _all(self) -> list[Cluster]:
        objects = self._objects
        if not self._complete:
            made = _clusters_from_arrays(self.arrays)
            if objects is not None:  # the ones read already stay the same objects
                made = [c if c is not None else m for c, m in zip(objects, made, strict=True)]
            self._objects = objects = list(made)
            self._complete = True
        return objects  # type: ignore[return-value]

    def released_in_pieces(self) -> Iterator[None]:
        """Let go of the cluster objects a few thousand at a time (``drop_in_pieces``), when nothing but this list
        refers to their list; the list is of no use after (``ReviewSession.released_in_pieces``)."""
        objects = self._objects
        if objects is not None and sys.getrefcount(objects) <= ONE_HOLDER:  # (this list's and this name's alone)
            # (made again from the arrays if read after all; without arrays, no clusters are left)
            self._objects, self._complete, self._entry_index = None, False, None
            if self._arrays is None:
                self._arrays = _clusters_as_arrays([])
            yield from drop_in_pieces(objects)

    def append(self, cluster: Cluster) -> None:
        self._objects = [*self._all(), cluster]
        self._arrays = self._entry_index = None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, ClusterList)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ClusterList({len(self)} clusters)"

    def sizes(self) -> np.ndarray:
        """Each cluster's number of rows (from the arrays: no ``Cluster`` object made)."""
        return np.diff(self.arrays["member_offsets"])

    def removed_rows(self) -> int:
        """Rows removed when every kept row is kept: every member but the kept row, of every cluster."""
        a = self.arrays
        return int(len(a["members"]) - len(a["id"]))

    def entry_index(self) -> tuple[np.ndarray, np.ndarray, int]:
        """The clusters' similarity entries looked up by key (cluster place × ``span`` + row): the keys sorted, their
        values, and ``span`` (above every row listed) - made once, as the clusters never change (every decision's
        outcome reads the entries of the rows it removes: sorting them was ~5 ms of each at 100k short texts)."""
        if self._entry_index is None:
            arrays = self.arrays
            span = max(int(arrays["sim_rows"].max(initial=0)), int(arrays["members"].max(initial=0))) + 1
            entry_of = np.repeat(np.arange(len(arrays["id"])), np.diff(arrays["sim_offsets"]))
            keys = entry_of * span + arrays["sim_rows"]
            by_key = np.argsort(keys, kind="stable")
            keys, values = keys[by_key], arrays["sim_values"][by_key]
            last = np.ones(len(keys), dtype=bool)  # (a row listed twice in one dictionary cannot be: the last one)
            last[:-1] = keys[1:] != keys[:-1]
            self._entry_index = (keys[last], values[last], span)
        return self._entry_index

    def member_clusters(self) -> np.ndarray:
        """The cluster (its index here) of each member, in the order of ``arrays["members"]``."""
        return np.repeat(np.arange(len(self)), self.sizes())

    def kept_after(self, decisions: Decisions) -> np.ndarray:
        """The row each cluster keeps after the user's choices (``decisions.kept`` by cluster id, else its own)."""
        a = self.arrays
        if not decisions.kept:
            return a["kept"].copy()
        chosen = [decisions.kept.get(i, k) for i, k in zip(a["id"].tolist(), a["kept"].tolist(), strict=True)]
        return np.array(chosen, dtype=np.int64)


@dataclass
class Decisions:
    """What the user changed in the review screen; applied on top of the engine's clusters."""

    kept: dict[int, int] = field(default_factory=dict)  # cluster id -> row the user keeps instead
    not_duplicate: set[int] = field(default_factory=set)  # rows that stay in the output although clustered
    removed: set[int] = field(default_factory=set)  # rows held for checking (``DedupResult.held``) the user removes

    def copy(self) -> Decisions:
        return Decisions(dict(self.kept), set(self.not_duplicate), set(self.removed))


@dataclass
class Resolution:
    """Per row: kept or removed, cluster id (0 = none), the kept row it duplicates (-1 = none), similarity."""

    keep: np.ndarray  # bool
    cluster: np.ndarray  # int64, 0 when the row is in no cluster
    dup_of: np.ndarray  # int64 row index of the kept row, -1 when kept
    # float64 similarity to the kept row, of a removed row and of a row held for checking (``held``); nan otherwise
    similarity: np.ndarray
    head: np.ndarray | None = None  # bool: the row is its cluster's kept row (None: not known)
    held: np.ndarray | None = None  # bool: the row stays only as held for the user to check (``DedupResult.held``)

    @property
    def removed(self) -> int:
        return int((~self.keep).sum())

    def annotation_frame(self) -> pd.DataFrame:
        """The four columns appended by the annotated export (names and meaning are a contract: ``dup_of`` and
        ``dup_similarity`` only for a removed row - a row kept for the user to check stays, and names none)."""
        import pandas as pd

        n = len(self.keep)
        cluster = pd.arrays.IntegerArray(self.cluster.astype(np.int64), self.cluster <= 0)
        dup_of = pd.arrays.IntegerArray(self.dup_of.astype(np.int64) + 1, self.dup_of < 0)
        missing = np.isnan(self.similarity) | self.keep
        rounded = np.zeros(n, dtype=np.float64)
        rounded[~missing] = [round(s, 4) for s in self.similarity[~missing].tolist()]  # (Python's decimal rounding)
        sim = pd.arrays.FloatingArray(rounded, missing)
        return pd.DataFrame(
            {
                "dup_cluster": cluster,
                "dup_kept": self.keep.astype(np.int64),
                "dup_of": dup_of,
                "dup_similarity": sim,
            },
            index=pd.RangeIndex(n),
        )


@dataclass(frozen=True)
class HeldCopies:
    """Rows removed as copies of a row kept for the user to check (``DedupResult.held``): its text, once normalised,
    is theirs ("插卡电表怎么用" twice, one character from the kept "插卡电表怎么读": the first stays for the user to
    check, the second goes as its copy - not as one of the kept row, which it is not surely). ``rows`` ascending,
    ``of`` the held row of each, ``similarity`` theirs (1.0: the same text). While the held row stays, a copy is
    removed as its copy (``DedupResult.resolve``: dup_of names it); when the user removes the held row too, the copy
    goes with it as one of the cluster's kept row."""

    rows: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    of: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    similarity: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float64))

    def __len__(self) -> int:
        return len(self.rows)


@dataclass
class DedupResult:
    settings: Settings
    n_rows: int
    clusters: ClusterList  # (a list of Cluster objects given is made a ClusterList)
    pairs: PairSet  # pairs at or within the threshold (unique-text indices)
    candidates: PairSet  # every verified candidate pair, also those outside the threshold (for the histogram)
    row_unique: np.ndarray  # row -> index of its unique normalised text
    exact_duplicates: int  # rows identical (after normalisation) to an earlier row
    timings: dict[str, float] = field(default_factory=dict)
    proposed: int = 0  # candidate pairs the algorithm's own threshold accepted
    rejected: int = 0  # of those, pairs the text check rejected (similarity below the safety floor)
    boilerplate_sentences: int = 0  # distinct sentences learned as boilerplate and ignored
    keep_reasons: dict[int, str] = field(default_factory=dict)  # cluster id -> why its kept row was kept (core.keep)
    keep_note: str = ""  # how kept rows were chosen: the date column used and how many of its dates were unreadable
    keep_rank: np.ndarray | None = None  # the keep policy's rank per row (core.keep), reused by the analyst's view
    # Rows kept for the user to check (``core.doubt``): clustered, not kept rows, yet staying unless the user removes
    # them (``Decisions.removed``); ascending.
    held: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    # Rows removed as copies of a held row, not of their cluster's kept row (``HeldCopies``): members of its cluster.
    held_copies: HeldCopies = field(default_factory=HeldCopies)

    def __post_init__(self) -> None:
        self.clusters = ClusterList.of(self.clusters)

    def __getstate__(self) -> dict:
        """What pickling keeps (the engine's worker process sends each result to the window): the clusters as
        arrays (``_clusters_as_arrays``). Unpickling 30,000 ``Cluster`` objects is one C call that holds the
        interpreter lock for 0.12 s (100k short texts) - in the window's process, a stall of the window while its
        worker thread receives the result; rebuilt from arrays by a Python loop, the window's thread gets its
        turn every few milliseconds."""
        state = dict(self.__dict__)
        state["clusters"] = self.clusters.arrays
        return state

    def __setstate__(self, state: dict) -> None:
        from .collector import paused_gc

        state = dict(state)
        # No cyclic collection while hundreds of thousands of clusters are made, and then they are kept out of full
        # collections (they live as long as the result is on screen): a full collection meanwhile walked all of
        # them holding the lock - the window's longest stall when a run of a million rows came back (215-290 ms).
        clusters = state["clusters"] = ClusterList(arrays=state["clusters"])
        with paused_gc(freeze=True):
            clusters.materialise()
        self.__dict__.update(state)

    def check_summary(self) -> str:
        """One line for the CLI, the status bar and the report: what the fingerprints alone would have got wrong."""
        from .textcheck import SHORT_CHARS, TextCheck

        check = TextCheck.of(self.settings)
        return (
            f"{self.settings.algorithm} proposed {pair_count(self.proposed)}; "
            f"{self.rejected:,} failed the text check (similarity below {check.floor_for(False):.2f}, "
            f"{check.floor_for(True):.2f} for texts under {SHORT_CHARS} characters, "
            "or different figures, units, names or negations, a word for its opposite, or two parts swapped)"
        )

    def held_summary(self) -> str:
        """One line for the CLI and the report on the rows held for checking (``held``)."""
        rows = "1 row" if len(self.held) == 1 else f"{len(self.held):,} rows"
        return (
            f"kept for you to check: {rows} a character or a word apart from the kept row of their cluster, partly "
            "in other words, with another credit rating or month, saying done what the other says may be done, with "
            "a passage of their own, or with a figure's "
            "multiplier (万, million) dropped (they stay in the cleaned file; the annotated file lists them in their "
            "cluster with dup_kept 1)" + self._held_copies_summary()
        )

    def _held_copies_summary(self) -> str:
        """``held_summary``'s last clause: the rows removed as copies of held rows (``held_copies``), when any."""
        n = len(self.held_copies)
        if not n:
            return ""
        if n == 1:
            return "; 1 more row has the same text as a row kept to check and goes as its copy (dup_of names that row)"
        return f"; {n:,} more rows have the same text as a row kept to check and go as its copies (dup_of names it)"

    @property
    def rows_to_remove(self) -> int:
        """Rows the run removes before any decision of the user: every member but the kept row, of every
        cluster, but those held for the user to check."""
        return self.clusters.removed_rows() - len(self.held)

    def staying(self, decisions: Decisions) -> set[int]:
        """The clustered rows that stay although not their cluster's kept row: those the user marked not
        duplicates, and those held for checking (``held``) that the user did not remove."""
        if not len(self.held):
            return decisions.not_duplicate
        held = set(self.held.tolist())
        return decisions.not_duplicate | (held - decisions.removed)

    def decided(self, decisions: Decisions | None) -> Decisions:
        """``decisions`` (None: none) with the held rows they do not remove among its rows that stay - what the
        clusters' outcome is read from (``resolve``, the analysis)."""
        decisions = decisions or Decisions()
        if not len(self.held):
            return decisions
        return Decisions(decisions.kept, self.staying(decisions), decisions.removed)

    def cluster_by_id(self, cluster_id: int) -> Cluster:
        return self.clusters[cluster_id - 1]

    def resolve(
        self, decisions: Decisions | None = None, similarity: Callable[[int, int], float] | None = None
    ) -> Resolution:
        """Per-row outcome after the user's decisions. ``similarity(row_a, row_b)`` rescoring is needed only
        when the user chose another kept row. Rows held for checking stay unless the user removes them."""
        user = decisions or Decisions()
        decisions = self.decided(decisions)
        n = self.n_rows
        keep = np.ones(n, dtype=bool)
        cluster = np.zeros(n, dtype=np.int64)
        dup_of = np.full(n, -1, dtype=np.int64)
        sim = np.full(n, np.nan)
        head = np.zeros(n, dtype=bool)
        done = _resolve_arrays(self.clusters, decisions, similarity, keep, cluster, dup_of, sim, head)
        if not done:
            self._resolve_by_cluster(decisions, similarity, keep, cluster, dup_of, sim, head)
        held = self._held_mask(user, head)
        if held.any():
            self._held_similarity(np.flatnonzero(held), cluster, head, sim, similarity)
        copies = self.held_copies
        if len(copies):
            # A copy of a held row that stays (held, marked not a duplicate, or kept) is removed as its copy; one
            # whose held row the user removed goes as one of the kept row, as that row did.
            to = ~keep[copies.rows] & keep[copies.of]
            dup_of[copies.rows[to]] = copies.of[to]
            sim[copies.rows[to]] = copies.similarity[to]
        return Resolution(keep, cluster, dup_of, sim, head, held)

    def _resolve_by_cluster(self, decisions, similarity, keep, cluster, dup_of, sim, head) -> None:
        """``resolve`` cluster by cluster, in their order (a row in two clusters: the last one settles it)."""
        for c in self.clusters:
            kept = decisions.kept.get(c.id, c.kept)
            head[kept] = True
            for m in c.members:
                cluster[m] = c.id
                if m == kept or m in decisions.not_duplicate:
                    continue
                keep[m] = False
                dup_of[m] = kept
                if kept == c.kept:
                    sim[m] = c.similarity.get(m, np.nan)
                elif similarity is not None:
                    sim[m] = similarity(kept, m)

    def _held_similarity(self, rows, cluster, head, sim, similarity) -> None:
        """The held ``rows`` (that stay as such): their similarity to their cluster's kept row - the cluster's own
        entry while the engine's kept row stays, else rescored (``similarity``; none: nan)."""
        heads = np.flatnonzero(head)
        kept_of = np.full(int(cluster.max(initial=0)) + 1, -1, dtype=np.int64)
        kept_of[cluster[heads]] = heads
        cids = cluster[rows]
        to = kept_of[cids]
        arrays = self.clusters.arrays
        inside = (cids > 0) & (cids <= len(self.clusters))
        own = np.full(len(rows), -1, dtype=np.int64)
        own[inside] = arrays["kept"][cids[inside] - 1]
        # The rows of clusters whose kept row is the engine's: their clusters' entries read at once
        # (``_entries_for``) - not a Cluster made or asked per row (2,430 rows held at 100k short texts: ~10 ms of
        # every decision's outcome on the window's thread).
        read = np.flatnonzero(inside & (to == own))
        sim[rows[read]] = _entries_for(self.clusters, cids[read] - 1, rows[read])[0]
        rest = np.ones(len(rows), dtype=bool)
        rest[read] = False
        for row, kept, cid in zip(rows[rest].tolist(), to[rest].tolist(), cids[rest].tolist(), strict=True):
            if kept == -1 and not 0 < cid <= len(self.clusters):  # (in no cluster: neither has a kept row, as before)
                sim[row] = self.clusters[cid - 1].similarity.get(row, np.nan)
            elif similarity is not None and kept >= 0:
                sim[row] = similarity(kept, row)

    def _held_mask(self, decisions: Decisions, head: np.ndarray) -> np.ndarray:
        """Per row: held for checking and staying as such - not removed or marked by the user, not a kept row."""
        mask = np.zeros(self.n_rows, dtype=bool)
        removed, marked = decisions.removed, decisions.not_duplicate
        # (the held rows asked of the decisions - not the decided rows, ~30,000 after "not duplicates" for every
        # cluster, gathered into an array)
        held = (
            self.held
            if not (removed or marked)
            else [r for r in self.held.tolist() if r not in removed and r not in marked]
        )
        mask[held] = True
        return mask & ~head

    def report_frame(self, texts: list[str] | None = None, decisions: Decisions | None = None) -> pd.DataFrame:
        """One line per cluster: id, size, kept row, members (1-based), min/max similarity, kept text snippet and
        why that row was kept (``kept_because``: the keep policy's reason, or "chosen in review"); with rows held
        for checking (``held``), ``to_check``: those of the cluster that stay (1-based), after ``kept_because``."""
        import pandas as pd

        decisions = decisions or Decisions()
        arrays = self.clusters.arrays  # (read from the arrays: no Cluster object made)
        ids, original = arrays["id"].tolist(), arrays["kept"].tolist()
        kept = self.clusters.kept_after(decisions).tolist()
        offsets = arrays["member_offsets"].tolist()
        rows = list(map(str, (arrays["members"] + 1).tolist()))
        low, high = _report_similarities(self.clusters)
        reasons = self.keep_reasons
        columns = {
            "cluster": ids,
            "size": np.diff(arrays["member_offsets"]).tolist(),
            "kept_row": [k + 1 for k in kept],
            "members": [" ".join(rows[lo:hi]) for lo, hi in zip(offsets[:-1], offsets[1:], strict=True)],
            "min_similarity": low,
            "max_similarity": high,
            "kept_text": [_snippet(texts[k]) for k in kept] if texts is not None else [""] * len(kept),
            "kept_because": [
                "chosen in review" if k != k0 else reasons.get(i, "")
                for i, k, k0 in zip(ids, kept, original, strict=True)
            ],
        }
        if len(self.held):
            columns["to_check"] = self._held_by_cluster(decisions)
        return pd.DataFrame(columns, columns=list(columns))

    def _held_by_cluster(self, decisions: Decisions) -> list[str]:
        """Per cluster, its rows held for checking that stay after ``decisions`` (1-based, space-separated)."""
        arrays = self.clusters.arrays
        members, which = arrays["members"], self.clusters.member_clusters()
        head = np.zeros(self.n_rows, dtype=bool)
        head[self.clusters.kept_after(decisions)] = True
        stays = self._held_mask(decisions, head)[members]
        out: list[list[str]] = [[] for _ in range(len(arrays["id"]))]
        for c, row in zip(which[stays].tolist(), members[stays].tolist(), strict=True):
            out[c].append(str(row + 1))
        return [" ".join(rows) for rows in out]


def _snippet(text: str, width: int = 80) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


def offsets_of(sizes) -> np.ndarray:
    """Where each part of the ``sizes`` given begins in their concatenation, and the end: the arrays' ``*_offsets``."""
    out = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(sizes, out=out[1:])
    return out


def _clusters_as_arrays(clusters: list[Cluster]) -> dict[str, np.ndarray]:
    """Clusters as flat arrays: ids and kept rows, every cluster's members and its similarity entries (row and
    value, in the dictionary's order), each with the offsets where a cluster's part starts."""
    members = [c.members for c in clusters]
    sims = [c.similarity for c in clusters]

    return {
        "id": np.array([c.id for c in clusters], dtype=np.int64),
        "kept": np.array([c.kept for c in clusters], dtype=np.int64),
        "member_offsets": offsets_of([len(m) for m in members]),
        "members": np.fromiter((r for m in members for r in m), dtype=np.int64),
        "sim_offsets": offsets_of([len(d) for d in sims]),
        "sim_rows": np.fromiter((r for d in sims for r in d), dtype=np.int64),
        "sim_values": np.fromiter((v for d in sims for v in d.values()), dtype=np.float64),
    }


def _resolve_arrays(
    clusters: ClusterList,
    decisions: Decisions,
    similarity: Callable[[int, int], float] | None,
    keep: np.ndarray,
    cluster: np.ndarray,
    dup_of: np.ndarray,
    sim: np.ndarray,
    head: np.ndarray,
) -> bool:
    """``DedupResult.resolve`` on the clusters' arrays, filling ``keep``, ``cluster``, ``dup_of``, ``sim`` and
    ``head``; False (nothing filled) when a row is in two clusters, which the loop over the clusters settles in its
    order."""
    arrays = clusters.arrays
    ids, kept, members = arrays["id"], arrays["kept"], arrays["members"]
    if not len(ids):
        return True
    if len(sorted_unique(members)) != len(members):
        return False
    which = clusters.member_clusters()
    kept_of = clusters.kept_after(decisions)[which]
    head[kept_of] = True
    cluster[members] = ids[which]
    gone = members != kept_of
    if decisions.not_duplicate:
        stays = np.fromiter(decisions.not_duplicate, dtype=np.int64, count=len(decisions.not_duplicate))
        gone &= ~np.isin(members, stays)
    keep[members[gone]] = False
    dup_of[members[gone]] = kept_of[gone]
    # The similarity to the kept row: the cluster's own entry where its kept row stays (none: nan), else rescored.
    same = gone & (kept_of == kept[which])
    if same.any():
        sim[members[same]] = _entries_of(clusters, which, np.flatnonzero(same))[0]
    if similarity is not None:
        for m, k in zip(members[gone & ~same].tolist(), kept_of[gone & ~same].tolist(), strict=True):
            sim[m] = similarity(k, m)
    return True


def _entries_of(clusters: ClusterList, which: np.ndarray, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For the members at positions ``at`` (``which``: the cluster of every member): the entry of its cluster's
    similarity dictionary for it (nan where there is none), and whether there is one."""
    return _entries_for(clusters, which[at], clusters.arrays["members"][at])


def _entries_for(clusters: ClusterList, index: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each row ``rows[i]``: the entry of the similarity dictionary of cluster ``index[i]`` (its place in
    ``clusters``) for it (nan where there is none), and whether there is one."""
    keys, values, span = clusters.entry_index()
    inside = (rows >= 0) & (rows < span)  # (a row past every entry has none)
    where, found = find_sorted(keys, np.where(inside, index * span + rows, -1))
    found &= inside
    got = np.full(len(rows), np.nan)
    got[found] = values[where[found]]
    return got, found


def _report_similarities(clusters: ClusterList) -> tuple[list[float | None], list[float | None]]:
    """Per cluster, the lowest and the highest similarity entry of its members but its kept row, rounded to 4
    places (None: no entry) - as ``min`` and ``max`` of the entries listed in member order give them: a nan first
    is the answer, a nan later is passed over."""
    arrays = clusters.arrays
    n = len(arrays["id"])
    which = clusters.member_clusters()
    listed = np.flatnonzero(arrays["members"] != arrays["kept"][which])
    values, found = _entries_of(clusters, which, listed)
    values, owner = values[found], which[listed[found]]
    low: list[float | None] = [None] * n
    high: list[float | None] = [None] * n
    if len(values):
        starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        first_nan = np.isnan(values[starts])
        lows = np.where(first_nan, np.nan, np.fmin.reduceat(values, starts))
        highs = np.where(first_nan, np.nan, np.fmax.reduceat(values, starts))
        for c, lo, hi in zip(owner[starts].tolist(), lows.tolist(), highs.tolist(), strict=True):
            low[c], high[c] = round(lo, 4), round(hi, 4)
    return low, high


def _cluster_from_arrays(arrays: dict[str, np.ndarray], j: int) -> Cluster:
    """Cluster ``j`` of ``_clusters_as_arrays``' form, as ``_clusters_from_arrays`` makes it."""
    mo, so = arrays["member_offsets"], arrays["sim_offsets"]
    rows = arrays["sim_rows"][so[j] : so[j + 1]].tolist()
    values = arrays["sim_values"][so[j] : so[j + 1]].tolist()
    members = arrays["members"][mo[j] : mo[j + 1]].tolist()
    return Cluster(int(arrays["id"][j]), int(arrays["kept"][j]), members, dict(zip(rows, values, strict=True)))


def _clusters_from_arrays(arrays: dict[str, np.ndarray]) -> list[Cluster]:
    """``_clusters_as_arrays`` undone: equal clusters (rows and values as Python ints and floats)."""
    mo, so = arrays["member_offsets"].tolist(), arrays["sim_offsets"].tolist()
    members, rows, values = arrays["members"].tolist(), arrays["sim_rows"].tolist(), arrays["sim_values"].tolist()
    return [
        Cluster(
            i, k, members[mo[j] : mo[j + 1]], dict(zip(rows[so[j] : so[j + 1]], values[so[j] : so[j + 1]], strict=True))
        )
        for j, (i, k) in enumerate(zip(arrays["id"].tolist(), arrays["kept"].tolist(), strict=True))
    ]
