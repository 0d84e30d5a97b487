"""The cluster list and the member table: the one table model over ``core.review_columns``.

The cluster list filters with the session's own matcher (any member's text, a cluster or row number); the member
table shows the input columns the user picked beside each row.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PySide6.QtCore import Signal

from dedup_gui.core.review import MemberRow, ReviewSession
from dedup_gui.core.review_columns import cluster_columns, member_columns
from dedup_gui.core.table import Table

from .registry_strings import keep_reason_text
from .table_model import ColumnTableModel, translator

tr_review = translator("review")


class _Lines(Sequence):
    """The session's cluster lines, built on first look (and in the worker for a new run)."""

    def __init__(self, session: ReviewSession):
        self.session = session

    def __len__(self) -> int:
        return len(self.session)

    def __getitem__(self, i):  # type: ignore[override]
        return self.session.row(i)


# Characters of clustered text up to which the filter searches on the window's thread (a few milliseconds);
# above, on a thread of the model's own, applied when found (100k articles: ~0.1 s a query, 0.6 s the first time).
SEARCH_IN_LINE = 2_000_000


class _Superseded(Exception):
    """A newer query (or session) came while a search ran."""


class ClusterListModel(ColumnTableModel):
    """One row per cluster: number, size, similarity range, kept text. Filtered by a query (``set_query``): the
    clusters ``ReviewSession.matching_ids`` finds, searched on a thread of the model's own for large runs;
    ``filterAboutToApply`` and ``filterApplied`` come around each change of the rows shown by it."""

    filterAboutToApply = Signal()
    filterApplied = Signal()
    _found = Signal(int, object)  # (request number, matching ids) from the search thread

    def __init__(self, parent=None):
        super().__init__(parent)
        self.session: ReviewSession | None = None
        self.query = ""
        self._asked = 0  # the latest search asked for: an older one stops, its answer is dropped
        self._pending = -1  # the search running on the model's thread, if any
        self._searches: ThreadPoolExecutor | None = None
        self._found.connect(self._apply_found)
        self.held_column = False  # the "To check" column is shown (the session holds rows for the user to check)
        self.number_digits = 0  # the digits of the last cluster's number (the # column is made as wide)
        self.set_columns(cluster_columns(tr_review))

    def set_session(self, session: ReviewSession | None) -> bool:
        """A new run's clusters; the query stays (found again for them: all are shown until then). True when the
        columns changed: the "To check" column comes with a run that holds rows for the user to check, and goes
        with one that holds none; the # column is as wide as the last cluster's number."""
        held = session is not None and bool(session.held)
        digits = len(str(len(session.clusters))) if session is not None else 0
        changed = held != self.held_column or digits != self.number_digits
        if changed:
            self.held_column, self.number_digits = held, digits
            self.set_columns(cluster_columns(tr_review, held, len(session.clusters) if session is not None else 0))
        self.session = session
        self._asked += 1
        ids = self._search_in_line()
        self._accept = ids
        self.set_rows(_Lines(session) if session is not None else ())
        if ids is None and self.query.strip() and session is not None:
            self._search_off_thread()
        return changed

    def set_query(self, query: str) -> None:
        self.query = query
        self._asked += 1
        if self.session is None or not query.strip() or self._small():
            self._apply(self._search_in_line())
        else:
            self._search_off_thread()

    def searching(self) -> bool:
        """A search for the current query is still running (the rows shown are those of the one before)."""
        return self._pending == self._asked

    def _small(self) -> bool:
        return self.session is None or self.session.clustered_chars() <= SEARCH_IN_LINE

    def _search_in_line(self) -> set[int] | None:
        """The indexes of the matching clusters (None: no filter), when that is quick; else None."""
        if self.session is None or not self.query.strip() or not self._small():
            return None
        return {i - 1 for i in self.session.matching_ids(self.query)}

    def _search_off_thread(self) -> None:
        asked, session, query = self._asked, self.session, self.query
        self._pending = asked

        def check() -> None:
            if asked != self._asked:
                raise _Superseded

        def work() -> None:
            try:
                check()
                ids = session.matching_ids(query, check)
            except _Superseded:
                return
            except Exception:  # (on the search's thread: the list stays as it was)
                logging.getLogger(__name__).exception("searching the clusters failed")
                return
            self._found.emit(asked, {i - 1 for i in ids})

        if self._searches is None:
            self._searches = ThreadPoolExecutor(1, thread_name_prefix="cluster-search")
        self._searches.submit(work)

    def _apply_found(self, asked: int, indexes: set[int]) -> None:
        if asked == self._asked:
            self._pending = -1
            self._apply(indexes)

    def _apply(self, indexes: set[int] | None) -> None:
        self.filterAboutToApply.emit()
        self.set_filter(indexes)
        self.filterApplied.emit()

    def clusters_changed(self, cluster_ids) -> None:
        self.rows_changed([cid - 1 for cid in cluster_ids])

    def cluster_id(self, visible: int) -> int:
        return self.source_index(visible) + 1  # line i is cluster i + 1: no need to build the line

    def cluster_ids(self, visible: list[int]) -> list[int]:
        """``cluster_id`` of each of these visible rows (29,000 selected at once: one array lookup)."""
        if not visible:
            return []
        return (self.order_array()[np.asarray(visible, dtype=np.int64)] + 1).tolist()

    def row_of_cluster(self, cluster_id: int) -> int:
        """The visible row showing this cluster (-1: none, or filtered out)."""
        return self.visible_row(cluster_id - 1)

    def visible_ids(self) -> list[int]:
        return (self.order_array() + 1).tolist()

    def shown_ids(self) -> list[int] | None:
        """The clusters shown, or None when it is all of them (no filter): a 100,000-row list costs a re-run
        on screen several milliseconds."""
        return None if self._accept is None else self.visible_ids()


class MembersModel(ColumnTableModel):
    """The members of one cluster with the chosen input columns; sortable by any of them."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.session: ReviewSession | None = None
        self.table: Table | None = None
        self.cluster_id = 0
        self.extra: list[str] = []
        self.set_columns(member_columns(None, None, (), tr_review, keep_reason_text))

    def set_cluster(self, session: ReviewSession | None, cluster_id: int) -> None:
        self.session, self.cluster_id = session, cluster_id
        members = session.members(cluster_id) if session is not None and cluster_id else []
        self.set_rows(members)

    def set_member_columns(self, table: Table | None, extra: Sequence[str]) -> None:
        self.table, self.extra = table, list(extra)
        self.set_columns(member_columns(self.session, table, self.extra, tr_review, keep_reason_text))

    def refresh(self) -> None:
        """The decisions changed: same rows, new statuses (the order stays until the user sorts again)."""
        if self.session is None or not self.cluster_id:
            return
        fresh = {m.row: m for m in self.session.members(self.cluster_id)}
        rows = [fresh[m.row] for m in self.source_rows]
        self._replace_rows(rows)

    def _replace_rows(self, rows: list[MemberRow]) -> None:
        self._rows = rows
        self.rows_changed()

    def member(self, visible: int) -> MemberRow:
        return self.row(visible)

    def row_of(self, data_row: int) -> int:
        """The visible row of a data row (-1: not a member)."""
        for visible in range(self.rowCount()):
            if self.row(visible).row == data_row:
                return visible
        return -1
