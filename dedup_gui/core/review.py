"""Toolkit-free "GUI models" of the review screen: cluster rows, members, the user's decisions, summary text.

The Qt models in ``dedup_gui.gui`` are thin adapters over a ``ReviewSession``; everything that decides what a
row shows, which row is kept and what gets exported is here and tested without a window.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .result import Cluster, Decisions, DedupResult, Resolution
from .settings import KEEP_POLICIES

SimilarityFn = Callable[[int, int], float]

KEPT, REMOVED, NOT_DUPLICATE = "Kept", "Remove", "Not a duplicate"


@dataclass(frozen=True)
class ClusterRow:
    """One line of the cluster list."""

    id: int
    size: int
    kept: int  # row the export keeps (the user's choice, else the engine's)
    min_similarity: float  # over members that will be removed, vs the kept row (nan when none)
    max_similarity: float
    snippet: str  # the kept row's text, on one line
    edited: bool  # the user changed the kept row or marked a member "not a duplicate"

    @property
    def removed(self) -> int:
        return self.size - 1


@dataclass(frozen=True)
class MemberRow:
    """One member of the selected cluster."""

    row: int  # 0-based; shown 1-based
    status: str  # KEPT | REMOVED | NOT_DUPLICATE
    similarity: float  # to the kept row; 1.0 for the kept row itself
    length: int
    snippet: str


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
        decisions: Decisions | None = None,
    ):
        self.result = result
        self.texts = texts
        self._similarity = similarity
        self.decisions = decisions.copy() if decisions else Decisions()
        self._sim_cache: dict[tuple[int, int], float] = {}
        self._rows: dict[int, ClusterRow] = {}
        self._haystack: dict[int, str] = {}
        self._resolution: Resolution | None = None

    @property
    def similarity_fn(self) -> SimilarityFn | None:
        """Rescoring function for rows the user made the kept row (passed on to the export)."""
        return self._similarity

    # -- clusters ----

    @property
    def clusters(self) -> list[Cluster]:
        return self.result.clusters

    def __len__(self) -> int:
        return len(self.result.clusters)

    def cluster(self, cluster_id: int) -> Cluster:
        return self.result.cluster_by_id(cluster_id)

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
            sims = [
                self.similarity(cluster_id, m) for m in c.members if m != kept and m not in self.decisions.not_duplicate
            ]
            sims = [s for s in sims if not math.isnan(s)]
            edited = cluster_id in self.decisions.kept or any(m in self.decisions.not_duplicate for m in c.members)
            self._rows[cluster_id] = ClusterRow(
                id=cluster_id,
                size=c.size,
                kept=kept,
                min_similarity=min(sims) if sims else math.nan,
                max_similarity=max(sims) if sims else math.nan,
                snippet=snippet(self.texts[kept]),
                edited=edited,
            )
        return self._rows[cluster_id]

    def members(self, cluster_id: int) -> list[MemberRow]:
        kept = self.kept_row(cluster_id)
        out = []
        for m in self.cluster(cluster_id).members:
            if m == kept:
                status = KEPT
            elif m in self.decisions.not_duplicate:
                status = NOT_DUPLICATE
            else:
                status = REMOVED
            text = self.texts[m]
            out.append(MemberRow(m, status, self.similarity(cluster_id, m), len(text), snippet(text)))
        return out

    def matches(self, cluster_id: int, query: str) -> bool:
        """True when any member's text (or the cluster number, or a 1-based row number) contains the query."""
        query = query.strip().casefold()
        if not query:
            return True
        c = self.cluster(cluster_id)
        if query.isdigit() and (int(query) == cluster_id or int(query) - 1 in c.members):
            return True
        if cluster_id not in self._haystack:
            self._haystack[cluster_id] = "\n".join(self.texts[m] for m in c.members).casefold()
        return query in self._haystack[cluster_id]

    # -- decisions ----

    def set_kept(self, cluster_id: int, row: int) -> None:
        c = self.cluster(cluster_id)
        if row not in c.members:
            raise ValueError(f"row {row + 1} is not in cluster {cluster_id}")
        if row == c.kept:
            self.decisions.kept.pop(cluster_id, None)
        else:
            self.decisions.kept[cluster_id] = row
        self.decisions.not_duplicate.discard(row)  # the kept row is kept anyway
        self._changed(cluster_id)

    def set_not_duplicate(self, cluster_id: int, row: int, flag: bool = True) -> None:
        if row == self.kept_row(cluster_id):
            return
        if flag:
            self.decisions.not_duplicate.add(row)
        else:
            self.decisions.not_duplicate.discard(row)
        self._changed(cluster_id)

    def reset(self) -> None:
        self.decisions = Decisions()
        self._rows.clear()
        self._resolution = None

    def _changed(self, cluster_id: int) -> None:
        self._rows.pop(cluster_id, None)
        self._resolution = None

    def carry_over(self, previous: ReviewSession) -> None:
        """Apply a previous session's decisions to this run's clusters (after a threshold change).

        Decisions follow rows, not cluster numbers: a row the user kept is kept in whichever new cluster holds
        it, and rows marked "not a duplicate" stay marked.
        """
        if not previous.decisions.kept and not previous.decisions.not_duplicate:
            return  # nothing to carry; keep the lines and resolution already computed
        user_kept = set(previous.decisions.kept.values())
        self.decisions.not_duplicate = set(previous.decisions.not_duplicate)
        for c in self.clusters:
            chosen = [m for m in c.members if m in user_kept]
            if chosen and chosen[0] != c.kept:
                self.decisions.kept[c.id] = chosen[0]
        self.decisions.not_duplicate -= set(self.decisions.kept.values())
        self._rows.clear()
        self._resolution = None

    # -- outcome ----

    def resolution(self) -> Resolution:
        if self._resolution is None:
            self._resolution = self.result.resolve(self.decisions, similarity=self._similarity)
        return self._resolution

    @property
    def rows_to_remove(self) -> int:
        return self.resolution().removed

    def summary(self) -> str:
        """'37 clusters · 81 rows to remove of 1,204'"""
        n = len(self.clusters)
        removed = self.rows_to_remove
        clusters = "1 cluster" if n == 1 else f"{n:,} clusters"
        rows = "1 row" if removed == 1 else f"{removed:,} rows"
        return f"{clusters} · {rows} to remove of {self.result.n_rows:,}"


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
    chosen = {k: Path(v) for k, v in outputs.items() if v}
    if not chosen:
        return "Choose at least one file to write."
    source = Path(input_path).resolve()
    for _kind, p in chosen.items():
        if p.resolve() == source:
            return f"{p.name} is the input file; choose another name so the original stays untouched."
    resolved = [p.resolve() for p in chosen.values()]
    if len(set(resolved)) != len(resolved):
        return "Two exports have the same file name."
    for p in chosen.values():
        if not p.parent.exists():
            return f"The folder {p.parent} does not exist."
    return None
