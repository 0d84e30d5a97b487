"""run(settings) -> DedupResult, with fingerprints cached so a threshold change does not segment again.

Stages reported through ``Reporter.report(stage, done, total)``: "Normalising", "Segmenting",
"Fingerprinting", "Finding candidates", "Verifying", "Clustering".
"""

from __future__ import annotations

from collections.abc import Sequence

from .progress import Reporter
from .result import DedupResult
from .settings import Settings
from .table import Table


class Pipeline:
    """The engine bound to one table's dedup texts. Keep one per (table, columns) to reuse its caches."""

    def __init__(self, texts: Sequence[str], table: Table | None = None):
        self.texts = list(texts)
        self.table = table

    @classmethod
    def for_table(cls, table: Table, columns: Sequence[str]) -> Pipeline:
        return cls(table.texts(columns), table)

    def run(self, settings: Settings, reporter: Reporter | None = None) -> DedupResult:
        raise NotImplementedError  # filled in by the engine work

    def similarity(self, row_a: int, row_b: int) -> float:
        """The common 0-1 similarity of two rows (same measure as PairSet.similarity)."""
        raise NotImplementedError

    def is_cached(self, settings: Settings) -> bool:
        """True when a run with these settings will reuse fingerprints (no segmentation)."""
        raise NotImplementedError
