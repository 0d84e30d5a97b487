"""A list described without a toolkit: each column says its title and how a row shows, sorts and reads.

The GUI's one table model (``dedup_gui.gui.table_model``) draws any list through such a description - the cluster
list, the members of a cluster, every row of the input, the hot stories. What a cell says is decided here, where
it is tested without a window; the toolkit only draws it.

Column titles and fixed cell words are English; the builders take a ``tr`` function so the GUI can pass its
translator (the engine itself never knows Qt).
"""

from __future__ import annotations

import datetime as _dt
import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np

from .table import cell_text

R = TypeVar("R")
Translate = Callable[[str], str]

BOLD, MUTED, STRIKE, ATTENTION = "bold", "muted", "strike", "attention"  # cell styles (ATTENTION: to check)


def same(text: str) -> str:
    """The identity translation (English), for tests and the CLI."""
    return text


@dataclass(frozen=True)
class Column(Generic[R]):
    """One column of a list of rows of type ``R``."""

    title: str  # already in the interface language
    text: Callable[[R], str]
    sort_key: Callable[[R], object] | None = None  # default: the text; keys of one column must compare
    tooltip: Callable[[R], str | None] | None = None
    style: Callable[[R], str] | None = None  # "", BOLD, MUTED, STRIKE or ATTENTION
    numeric: bool = False  # right-aligned
    share: Callable[[R], float] | None = None  # 0..1: a bar drawn behind the cell (copies of a hot story)
    header_tooltip: str = ""
    emphasis: bool = False  # the header stands out (a text column compared for duplicates)
    in_order: bool = False  # ascending by this column is the list's own order (no sort needed: row or cluster #)
    width: int = 0  # preferred width in average characters; 0: takes the room left
    key: str = ""  # stable identifier, e.g. the input column's name
    # The sort keys of many rows at once, as numbers numpy orders as ``sort_value``'s keys compare (a list of
    # 100,000 rows sorts by them without a Python call per row); None while they are being made elsewhere.
    sort_keys: Callable[[Sequence[R]], np.ndarray | None] | None = None

    def sort_value(self, row: R) -> object:
        return self.sort_key(row) if self.sort_key is not None else self.text(row)


def display_value(value: object) -> str:
    """A cell as a list shows it: one line; a date without its midnight time."""
    if isinstance(value, _dt.datetime) and value.time() == _dt.time(0):
        return value.date().isoformat()
    if hasattr(value, "to_pydatetime"):  # a pandas Timestamp
        return display_value(value.to_pydatetime())
    text = cell_text(value)
    return " ".join(text[:600].split()) if ("\n" in text or "  " in text or len(text) > 600) else text


RANK_RUN = 8192  # keys sorted in one call by ``sort_ranks`` (the runs are then merged)


def sort_ranks(keys: Sequence[Any]) -> np.ndarray:
    """Each key's rank among ``keys`` (int64; equal keys, equal ranks): numbers that order as the keys compare, for
    ``Column.sort_keys``. Sorted in runs of ``RANK_RUN`` keys, then merged: no one call holds the interpreter lock
    for long (one sort of 100,000 article texts did for 0.2-0.4 s, a stall of the window while it ran on a thread)."""

    def get(i: int) -> Any:
        return keys[i]

    runs = [sorted(range(lo, min(lo + RANK_RUN, len(keys))), key=get) for lo in range(0, len(keys), RANK_RUN)]
    order = runs[0] if len(runs) == 1 else heapq.merge(*runs, key=get)  # (stable: ties in run order)
    ranks = np.empty(len(keys), dtype=np.int64)
    rank, previous = -1, object()
    for i in order:
        key = keys[i]
        if rank < 0 or key != previous:
            rank, previous = rank + 1, key
        ranks[i] = rank
    return ranks


def value_sort_key(value: object) -> tuple[int, float, str]:
    """Sorts mixed cells the way a user expects: numbers by value, then dates, then text, empty cells last."""
    if isinstance(value, bool):
        return (1, float(value), "")
    if isinstance(value, (int, float)) and not (isinstance(value, float) and math.isnan(value)):
        return (0, float(value), "")
    text = display_value(value)
    if not text:
        return (3, 0.0, "")
    if _may_be_number(text):
        try:
            return (0, float(text.replace(",", "")), "")
        except ValueError:
            pass
    return (2, 0.0, text.casefold())


def _may_be_number(text: str) -> bool:
    """False when ``float`` surely refuses the text without its commas: its first other character that is not
    whitespace is no sign, point, digit (any script's) or start of "inf" / "nan". (Sorting 100,000 articles by
    their text tried and refused a float for each: a third of the time.)"""
    head = text[:64].replace(",", "").lstrip()
    if not head:
        return True  # (64 commas and spaces: let float decide)
    c = head[0]
    return c.isdecimal() or c in "+-.iInN"
