"""Run the engine on a labelled set through its public API and score every removal.

A removal is a row the engine drops (``keep`` false) with the kept row it duplicates (``dup_of``). It is right
when the set's judge says the pair is a duplicate, wrong when it says not, grey otherwise. Precision is
right / (right + wrong); recall is the right removals inside the labelled groups over the removals the groups call
for (group size - 1 each); F1 from the two.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.progress import Reporter
from dedup_gui.core.settings import Settings

from .labels import DUP, GREY, NOT, LabelledSet


@dataclass
class Outcome:
    set_name: str
    algorithm: str
    rows: int
    expected: int  # removals the labelled groups call for
    hard_negatives: int
    removals: int = 0
    right: int = 0
    right_in_groups: int = 0
    wrong: int = 0
    grey: int = 0
    hard_negatives_merged: int = 0
    seconds: float = 0.0
    candidates: int | None = None
    kinds: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> (rows, clustered with their ref)
    wrong_pairs: list[tuple[int, int, float]] = field(default_factory=list)  # (removed, kept, engine similarity)
    removal_pairs: list[tuple[int, int, float]] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.right / (self.right + self.wrong) if self.right + self.wrong else float("nan")

    @property
    def recall(self) -> float:
        return self.right_in_groups / self.expected if self.expected else float("nan")

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r > 0 else float("nan")


class TimedOut(Exception):
    """The run was cancelled (through the engine's own Reporter) after the time limit."""

    def __init__(self, seconds: float, stage: str):
        super().__init__(f"stopped after {seconds:.0f} s in {stage or 'the first stage'}")
        self.seconds, self.stage = seconds, stage


def run_engine(texts: list[str], settings: Settings, timeout: float | None = None):
    """(result, resolution, seconds) for one run from scratch (a new Pipeline: no cached fingerprints)."""
    stage = [""]
    reporter = Reporter(progress=lambda name, done, total: stage.__setitem__(0, name))
    timer = threading.Timer(timeout, reporter.cancel) if timeout else None
    t0 = time.perf_counter()
    if timer:
        timer.start()
    try:
        result = Pipeline(texts).run(settings, reporter)
    except Exception as exc:
        if reporter.cancelled:  # the engine raised its Cancelled: our time limit, not a failure
            raise TimedOut(time.perf_counter() - t0, stage[0]) from exc
        raise
    finally:
        if timer:
            timer.cancel()
    seconds = time.perf_counter() - t0
    return result, result.resolve(), seconds


def score(ls: LabelledSet, algorithm: str, settings: Settings, timeout: float | None = None) -> Outcome:
    result, res, seconds = run_engine(ls.texts, settings, timeout)
    out = Outcome(ls.name, algorithm, len(ls.texts), ls.expected_removals, len(ls.hard_negatives), seconds=seconds)
    cands = getattr(result, "candidates", None)
    out.candidates = len(cands) if cands is not None else None
    keep, dup_of = np.asarray(res.keep), np.asarray(res.dup_of)
    sims = np.asarray(getattr(res, "similarity", np.full(len(keep), np.nan)), dtype=float)
    for r in np.flatnonzero(~keep):
        k = int(dup_of[r])
        verdict = ls.judge(int(r), k) if k >= 0 else NOT
        out.removals += 1
        out.removal_pairs.append((int(r), k, float(sims[r])))
        if verdict == DUP:
            out.right += 1
            out.right_in_groups += int(ls.groups[r] == ls.groups[k])
        elif verdict == GREY:
            out.grey += 1
        else:
            out.wrong += 1
            out.wrong_pairs.append((int(r), k, float(sims[r])))
    for a, b in ls.hard_negatives:
        if (not keep[a] and dup_of[a] == b) or (not keep[b] and dup_of[b] == a):
            out.hard_negatives_merged += 1
    out.kinds = _kinds(ls, np.asarray(res.cluster))
    return out


def _kinds(ls: LabelledSet, cluster: np.ndarray) -> dict[str, tuple[int, int]]:
    total: Counter[str] = Counter()
    found: Counter[str] = Counter()
    for row, (kind, ref) in enumerate(zip(ls.kinds, ls.refs, strict=False)):
        if kind and ref >= 0:
            total[kind] += 1
            found[kind] += int(cluster[row] != 0 and cluster[row] == cluster[ref])
    return {k: (total[k], found[k]) for k in sorted(total)}
