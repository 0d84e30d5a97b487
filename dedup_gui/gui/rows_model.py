"""Every row of the input with its cluster columns, cheap at 100,000 rows: the one table model over row numbers.

Cells render on demand from one numpy object array per column (cheap to take from the DataFrame); the rows are
plain row numbers, no per-row Python objects are built. "Clustered rows only" is a filter over those numbers.
"""

from __future__ import annotations

import logging
import math
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QTimer, Signal

from dedup_gui.core.columns import ATTENTION, STRIKE, Column, sort_ranks, value_sort_key
from dedup_gui.core.result import Resolution
from dedup_gui.core.table import Table, cell_text

from .table_model import ColumnTableModel

_CELL_CHARS = 160  # one line per cell in the grid; the tooltip shows more
# Characters and cells of a column up to which its cells' sort keys are made on the window's thread when it is
# first sorted by (a few milliseconds); above either, on a thread of the model's own, the rows reordered when they
# are made (100,000 articles: 0.8 s of keys). A key costs ~3 us a cell and ~6 ns a character: 50,000 short texts
# (1.5M characters, under the character limit) stalled the window 212 ms in the probe's sort of the Rows tab, 148 ms
# of it the keys; 5,000 cells of 400 characters take ~27 ms.
RANKS_IN_LINE = 2_000_000
RANKS_IN_LINE_CELLS = 5_000
RANKS_AFTER_MS = 60  # the ranking thread starts this long after the sort that asks for it
STATUS_COLUMNS = 4  # row, cluster, status, similarity: the input's columns come after them
_WORDS = (
    QT_TRANSLATE_NOOP("RowsModel", "Row"),
    QT_TRANSLATE_NOOP("RowsModel", "Cluster"),
    QT_TRANSLATE_NOOP("RowsModel", "Status"),
    QT_TRANSLATE_NOOP("RowsModel", "Similarity"),
    QT_TRANSLATE_NOOP("RowsModel", "Kept"),
    QT_TRANSLATE_NOOP("RowsModel", "Not a duplicate"),
    QT_TRANSLATE_NOOP("RowsModel", "To check"),
    QT_TRANSLATE_NOOP("RowsModel", "Duplicate of {row}"),
    QT_TRANSLATE_NOOP("RowsModel", "Compared for duplicates"),
)


def _ranks_of(values: np.ndarray) -> np.ndarray:
    return sort_ranks([value_sort_key(v) for v in values])


def _about_chars(values: np.ndarray) -> float:
    """The characters in a column's cells, estimated from its first 200."""
    head = values[:200]
    return sum(len(cell_text(v)) for v in head) * len(values) / max(1, len(head))


def _tr(text: str) -> str:
    return QCoreApplication.translate("RowsModel", text)


class RowsModel(ColumnTableModel):
    _ranked = Signal(object, int, object)  # (table, input column, ranks) from the ranking thread

    def __init__(self, parent=None):
        super().__init__(parent)
        self._ranking: ThreadPoolExecutor | None = None
        self._ranks_asked: set[int] = set()
        self._ranked.connect(self._take_ranks)
        self.table: Table | None = None
        self._values: list[np.ndarray] = []
        self._text_columns: set[str] = set()
        self._res: Resolution | None = None
        self._is_kept = np.zeros(0, dtype=bool)
        self._is_held = np.zeros(0, dtype=bool)
        self._ranks: dict[int, np.ndarray] = {}
        self.duplicates_only = False

    def set_table(self, table: Table | None, text_columns=()) -> None:
        self.table = table
        self._values = [table.data[c].to_numpy(dtype=object) for c in table.columns] if table is not None else []
        self._ranks: dict[int, np.ndarray] = {}  # input column -> each row's rank by its cells' sort keys
        self._ranks_asked = set()
        self._text_columns = set(text_columns)
        self._res = None
        self._rebuild()

    def set_text_columns(self, text_columns) -> None:
        self._text_columns = set(text_columns)
        self._rebuild()

    def set_resolution(self, res: Resolution | None) -> None:
        """A run's outcome, or the same run after a review decision: then the same rows show new statuses (the
        view keeps its place; the clustered rows do not change with a decision)."""
        same_rows = (
            self._res is not None
            and res is not None
            and len(res.cluster) == len(self._res.cluster)
            and (not self.duplicates_only or np.array_equal(res.cluster > 0, self._res.cluster > 0))
        )
        self._res = res
        # each cluster's kept row (when the resolution does not say: the rows other rows are duplicates of); other
        # rows that stay were marked "not a duplicate", or are held for the user to check
        n = len(res.keep) if res is not None else 0
        self._is_kept = np.zeros(n, dtype=bool)
        self._is_held = np.zeros(n, dtype=bool) if res is None or res.held is None else res.held
        if res is not None and res.head is not None:
            self._is_kept = res.head & (res.cluster > 0)
        elif res is not None:
            self._is_kept[res.dup_of[res.dup_of >= 0]] = True
        if same_rows:
            self.rows_changed()
        else:
            self._rebuild()

    def set_duplicates_only(self, on: bool) -> None:
        self.duplicates_only = on
        self._rebuild()

    def data_row(self, visible_row: int) -> int:
        return int(self.row(visible_row))

    def _rebuild(self) -> None:
        n = len(self.table) if self.table is not None else 0
        if self.duplicates_only and self._res is not None:
            rows = np.flatnonzero(self._res.cluster > 0)  # (an array: no list of 600,000 numbers at a million rows)
        else:
            rows = range(n)
        self.set_rows(rows, self._columns_now() if self.table is not None else [])

    def _columns_now(self) -> list[Column[int]]:
        fixed = [
            Column(_tr("Row"), lambda r: str(r + 1), lambda r: r, numeric=True, in_order=True),
            Column(_tr("Cluster"), self._cluster_text, self._cluster_key, numeric=True, sort_keys=self._cluster_keys),
            Column(_tr("Status"), self._status_text, self._status_key, style=self._status_style,
                   sort_keys=self._status_keys),
            Column(_tr("Similarity"), self._similarity_text, self._similarity_key, numeric=True,
                   sort_keys=self._similarity_keys),
        ]  # fmt: skip
        assert self.table is not None and len(fixed) == STATUS_COLUMNS
        return fixed + [
            self._data_column(i, name, values)
            for i, (name, values) in enumerate(zip(self.table.columns, self._values, strict=True))
        ]

    def _data_column(self, i: int, name: str, values: np.ndarray) -> Column[int]:
        def text(r: int) -> str:
            return " ".join(cell_text(values[r])[: _CELL_CHARS * 2].split())[:_CELL_CHARS]

        def tooltip(r: int) -> str | None:
            full = cell_text(values[r])
            return full[:2000] if len(full) > _CELL_CHARS else None

        def sort_keys(rows) -> np.ndarray | None:  # the cells' keys ranked once per table: a sort is then numpy's
            if i not in self._ranks:
                if len(values) > RANKS_IN_LINE_CELLS or _about_chars(values) > RANKS_IN_LINE:
                    self._rank_off_thread(i, values)
                    return None
                self._ranks[i] = _ranks_of(values)
            return self._ranks[i][np.asarray(rows, dtype=np.int64)]

        compared = name in self._text_columns
        return Column(
            name,
            text,
            lambda r: value_sort_key(values[r]),
            tooltip,
            header_tooltip=_tr("Compared for duplicates") if compared else "",
            key=name,
            emphasis=compared,
            sort_keys=sort_keys,
        )

    def sort_pending(self) -> bool:
        """A column's sort keys are still being made, or a large sort is running (the rows are sorted when they are)."""
        return bool(self._ranks_asked - self._ranks.keys()) or self.sorting()

    def _rank_off_thread(self, i: int, values: np.ndarray) -> None:
        if i in self._ranks_asked:
            return
        self._ranks_asked.add(i)
        table = self.table

        def work() -> None:
            try:
                self._ranked.emit(table, i, _ranks_of(values))
            except Exception:  # (on the ranking thread: the rows stay in their order)
                logging.getLogger(__name__).exception("ranking a column's cells failed")

        if self._ranking is None:
            self._ranking = ThreadPoolExecutor(1, thread_name_prefix="rows-ranking")
        pool = self._ranking
        # Once the window has drawn what the click changed: while the thread works, each cell the table draws waits
        # for the interpreter lock (100k articles: a 115 ms gap when it started at once).
        QTimer.singleShot(RANKS_AFTER_MS, self, lambda: pool.submit(work))

    def _take_ranks(self, table, i: int, ranks: np.ndarray) -> None:
        if table is not self.table:  # another table since
            return
        self._ranks[i] = ranks
        self.keys_ready(STATUS_COLUMNS + i)

    # -- the four status columns ----

    def _cluster_text(self, r: int) -> str:
        cluster = int(self._res.cluster[r]) if self._res is not None else 0
        return str(cluster) if cluster else ""

    def _cluster_key(self, r: int) -> int:
        return int(self._res.cluster[r]) if self._res is not None else 0

    def _status_text(self, r: int) -> str:
        res = self._res
        if res is None or not res.cluster[r]:
            return ""
        if res.keep[r]:
            return _tr("Kept") if self._is_kept[r] else _tr("To check") if self._is_held[r] else _tr("Not a duplicate")
        return _tr("Duplicate of {row}").format(row=int(res.dup_of[r]) + 1)

    def _status_key(self, r: int) -> tuple[int, int]:
        """Unclustered rows, then the duplicates by the row they duplicate, then the kept rows, then the rows
        marked not duplicates, then those held for checking (with row numbers as numbers)."""
        res = self._res
        if res is None or not res.cluster[r]:
            return (0, 0)
        if not res.keep[r]:
            return (1, int(res.dup_of[r]))
        return (2, 0) if self._is_kept[r] else (4, 0) if self._is_held[r] else (3, 0)

    def _status_keys(self, rows) -> np.ndarray:
        """``_status_key`` of many rows, as numbers."""
        at = np.asarray(rows, dtype=np.int64)
        res = self._res
        if res is None:
            return np.zeros(len(at), dtype=np.int64)
        n = len(res.keep) + 1
        group = np.where(res.keep[at], np.where(self._is_kept[at], 2, np.where(self._is_held[at], 4, 3)), 1)
        group = np.where(res.cluster[at] > 0, group, 0)
        return group * n + np.where(group == 1, res.dup_of[at] + 1, 0)

    def _cluster_keys(self, rows) -> np.ndarray:
        at = np.asarray(rows, dtype=np.int64)
        return self._res.cluster[at] if self._res is not None else np.zeros(len(at), dtype=np.int64)

    def _similarity_keys(self, rows) -> np.ndarray:
        at = np.asarray(rows, dtype=np.int64)
        if self._res is None:
            return np.full(len(at), -1.0)
        sim = self._res.similarity[at]
        return np.where(np.isnan(sim), -1.0, sim)

    def _status_style(self, r: int) -> str:
        if self._res is None:
            return ""
        return STRIKE if not self._res.keep[r] else ATTENTION if self._is_held[r] else ""

    def _similarity_text(self, r: int) -> str:
        if self._res is None:
            return ""
        sim = float(self._res.similarity[r])
        return "" if math.isnan(sim) else f"{sim:.0%}"

    def _similarity_key(self, r: int) -> float:
        sim = float(self._res.similarity[r]) if self._res is not None else math.nan
        return -1.0 if math.isnan(sim) else sim
