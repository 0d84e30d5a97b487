"""The cluster list and the member table: the one table model over ``core.review_columns``.

The cluster list filters with the session's own matcher (any member's text, a cluster or row number); the member
table shows the input columns the user picked beside each row.
"""

from __future__ import annotations

from collections.abc import Sequence

from dedup_gui.core.review import MemberRow, ReviewSession
from dedup_gui.core.review_columns import cluster_columns, member_columns
from dedup_gui.core.table import Table

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


class ClusterListModel(ColumnTableModel):
    """One row per cluster: number, size, similarity range, kept text."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.session: ReviewSession | None = None
        self.query = ""
        self.set_columns(cluster_columns(tr_review))

    def set_session(self, session: ReviewSession | None) -> None:
        self.session = session
        self._accept = self._matcher()
        self.set_rows(_Lines(session) if session is not None else ())

    def set_query(self, query: str) -> None:
        self.query = query
        self.set_filter(self._matcher())

    def _matcher(self):
        session, query = self.session, self.query
        if not query.strip() or session is None:
            return None
        return lambda line: session.matches(line.id, query)

    def clusters_changed(self, cluster_ids) -> None:
        self.rows_changed([cid - 1 for cid in cluster_ids])

    def cluster_id(self, visible: int) -> int:
        return self.source_index(visible) + 1  # line i is cluster i + 1: no need to build the line

    def row_of_cluster(self, cluster_id: int) -> int:
        """The visible row showing this cluster (-1: none, or filtered out)."""
        return self.visible_row(cluster_id - 1)

    def visible_ids(self) -> list[int]:
        return [i + 1 for i in self._order]

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
        self.set_columns(member_columns(None, None, (), tr_review))

    def set_cluster(self, session: ReviewSession | None, cluster_id: int) -> None:
        self.session, self.cluster_id = session, cluster_id
        members = session.members(cluster_id) if session is not None and cluster_id else []
        self.set_rows(members)

    def set_member_columns(self, table: Table | None, extra: Sequence[str]) -> None:
        self.table, self.extra = table, list(extra)
        self.set_columns(member_columns(self.session, table, self.extra, tr_review))

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
