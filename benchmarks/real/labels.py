"""A labelled set: rows of real text, which rows are duplicates of which, and a judge for any pair of rows.

``groups`` give the duplicates the set knows by construction or by corpus structure (recall is measured against
them). ``judge(i, j)`` says whether removing row i as a duplicate of kept row j is right ("dup"), wrong ("not"), or
cannot be decided from the labels ("grey"; counted apart, never as right or wrong). Judges are fixed rules on the
texts and the corpus metadata; they never look at what an algorithm found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from . import textsim

DUP, NOT, GREY = "dup", "not", "grey"


class Judge:
    """Base judge: same group means duplicate, anything else is not."""

    def __init__(self, groups: np.ndarray):
        self.groups = groups

    def __call__(self, i: int, j: int) -> str:
        return DUP if self.groups[i] == self.groups[j] else NOT

    def why(self, i: int, j: int) -> str:
        return "same group" if self.groups[i] == self.groups[j] else "different groups"


@dataclass
class LabelledSet:
    name: str
    texts: list[str]
    groups: np.ndarray  # int per row; rows sharing a value are duplicates of each other
    judge: Judge
    how: str  # one line: how the labels were built
    ids: list[str]  # where each row comes from in its corpus ("sina:1234", "reuters:5678", ...)
    kinds: list[str] = field(default_factory=list)  # per row, for the breakdown ("" = not reported)
    refs: list[int] = field(default_factory=list)  # per row: the row it should (or must not) cluster with, or -1
    hard_negatives: list[tuple[int, int]] = field(default_factory=list)  # pairs that must never be merged

    @property
    def expected_removals(self) -> int:
        _, counts = np.unique(self.groups, return_counts=True)
        return int((counts - 1).sum())


def groups_from_pairs(n: int, pairs: Iterable[tuple[int, int]]) -> np.ndarray:
    """Connected components of the pairs, numbered by their smallest row."""
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return np.array([find(i) for i in range(n)], dtype=np.int64)


def coverage_rule(cov: float, ratio: float, short: bool) -> str:
    """The shared duplicate rule: the shorter text is >= 80 % covered by long verbatim runs of the longer and is at
    least half its length. 50-80 % coverage, or an excerpt under half the length, is grey; below 50 % is not."""
    if short:
        return DUP if cov >= 1.0 and ratio >= 0.999 else GREY
    if cov >= 0.8:
        return DUP if ratio >= 0.5 else GREY
    return GREY if cov >= 0.5 else NOT


class CoverageJudge(Judge):
    """Structural pairs first (known duplicates / known non-duplicates), then the coverage rule on the units."""

    def __init__(
        self,
        groups: np.ndarray,
        units: list,
        size: int,
        min_len: int,
        positives: set[tuple[int, int]] = frozenset(),
        negatives: set[tuple[int, int]] = frozenset(),
        trust_groups: bool = False,
        extra: Callable[[int, int], str | None] | None = None,
    ):
        super().__init__(groups)
        self.units, self.size, self.min_len = units, size, min_len
        self.positives, self.negatives, self.trust_groups = positives, negatives, trust_groups
        self.extra = extra

    def __call__(self, i: int, j: int) -> str:
        key = (min(i, j), max(i, j))
        if key in self.negatives:
            return NOT
        if key in self.positives or (self.trust_groups and self.groups[i] == self.groups[j]):
            return DUP
        if self.extra is not None:
            verdict = self.extra(i, j)
            if verdict is not None:
                return verdict
        cov, ratio = textsim.coverage(self.units[i], self.units[j], self.size)
        short = min(len(self.units[i]), len(self.units[j])) < self.min_len
        return coverage_rule(cov, ratio, short)

    def why(self, i: int, j: int) -> str:
        key = (min(i, j), max(i, j))
        cov, ratio = textsim.coverage(self.units[i], self.units[j], self.size)
        src = "hard negative" if key in self.negatives else "structural positive" if key in self.positives else "rule"
        return f"{src}; coverage {cov:.2f}, length ratio {ratio:.2f}"
