"""The virtual table of all rows stays cheap at 100,000 rows (cells render on demand); the cluster list sorts and
filters."""

from pathlib import Path

import numpy as np
import pandas as pd
from PySide6.QtCore import QModelIndex, Qt

from dedup_gui.core.columns import value_sort_key
from dedup_gui.core.result import Cluster, DedupResult, PairSet, Resolution
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table, cell_text
from dedup_gui.gui import rows_model
from dedup_gui.gui.cluster_list import ClusterListModel
from dedup_gui.gui.rows_model import RowsModel

N = 100_000


def big_table():
    data = pd.DataFrame(
        {"id": [f"{i:06d}" for i in range(N)], "body": [f"第{i}条新闻的正文内容" for i in range(N)]}, dtype=object
    )
    return Table(Path("big.csv"), "csv", ["id", "body"], data)


def test_a_hundred_thousand_rows_load_without_rendering_and_render_only_the_cells_shown(qtbot, monkeypatch):
    # Cheap at any size: loading renders no cell, and a screenful renders its own cells only (speed itself is
    # measured in benchmarks/, not here).
    rendered = []

    def counting_cell_text(value):
        rendered.append(value)
        return cell_text(value)

    monkeypatch.setattr(rows_model, "cell_text", counting_cell_text)
    model = RowsModel()
    model.set_table(big_table(), ["body"])
    assert model.rowCount() == N and model.columnCount() == 6
    assert rendered == []
    for row in range(N - 60, N):  # one screenful at the very end
        for col in range(6):
            model.data(model.index(row, col))
    assert len(rendered) == 60 * 2  # the two data columns of 60 rows; the four status columns need no cell text
    assert model.data(model.index(N - 1, 4)) == "099999"
    assert model.data(model.index(N - 1, 5)) == "第99999条新闻的正文内容"


def test_duplicates_only_shows_the_clustered_rows_with_their_status(qtbot):
    model = RowsModel()
    model.set_table(big_table(), ["body"])
    keep = np.ones(N, dtype=bool)
    keep[[5, 9]] = False
    cluster = np.zeros(N, dtype=np.int64)
    cluster[[2, 5, 9]] = 1
    dup_of = np.full(N, -1, dtype=np.int64)
    dup_of[[5, 9]] = 2
    sim = np.full(N, np.nan)
    sim[[5, 9]] = [0.9, 0.85]
    model.set_resolution(Resolution(keep, cluster, dup_of, sim))
    model.set_duplicates_only(True)
    assert model.rowCount() == 3
    cells = [[model.data(model.index(r, c)) for c in range(4)] for r in range(3)]
    assert cells == [["3", "1", "Kept", ""], ["6", "1", "Duplicate of 3", "90%"], ["10", "1", "Duplicate of 3", "85%"]]


def test_cluster_list_sorts_by_size_and_filters_by_text(qtbot):
    texts = ["甲新闻", "乙新闻", "甲新闻！", "乙新闻。", "乙新闻？"]
    clusters = [Cluster(1, 0, [0, 2], {2: 0.9}), Cluster(2, 1, [1, 3, 4], {3: 0.8, 4: 0.95})]
    result = DedupResult(Settings(), 5, clusters, PairSet.empty(), PairSet.empty(), np.arange(5), 0)
    model = ClusterListModel()
    model.set_session(ReviewSession(result, texts))
    model.sort(1, Qt.SortOrder.DescendingOrder)
    assert model.index(0, 0).data() == "2"
    assert model.index(0, 2).data() == "80% – 95%"
    model.set_query("甲")
    assert model.rowCount() == 1 and model.index(0, 3).data() == "甲新闻"
    model.set_query("")
    assert model.visible_ids() == [2, 1]  # the sort order outlives the filter


def test_a_select_all_does_not_make_the_header_ask_about_every_row(qtbot):
    """Qt's column header asks whether the sections beside each one are selected - about every row of the model,
    through the Python model - unless it follows a selection model of its own (``table_view``): after a select-all
    of 5,000 rows, painting the header asks the model for its size a few times, not 40,000."""
    from PySide6.QtWidgets import QApplication

    from dedup_gui.core.columns import Column
    from dedup_gui.gui.review_pane import table_view
    from dedup_gui.gui.table_model import ColumnTableModel

    asked = []

    class Counting(ColumnTableModel):
        def rowCount(self, parent=None):  # noqa: N802 - Qt override
            asked.append(1)
            return super().rowCount(parent if parent is not None else QModelIndex())

    model = Counting()
    model.set_rows(list(range(5000)), [Column(f"c{i}", str) for i in range(4)])
    view = table_view("countingView")
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    asked.clear()
    view.selectAll()
    QApplication.processEvents()  # the selection drawn, with the header
    assert len(view.selectionModel().selection()) >= 1 and 0 < len(asked) < 500


def test_sorting_by_keys_made_at_once_orders_as_the_keys_of_each_row(qtbot):
    """The rows list sorts its status columns and the input's cells by keys made for all rows at once (numpy's
    stable sort of numbers), in the order that sorting by each row's own key gives, both ways; statuses by their
    meaning (unclustered, duplicates by the row they duplicate, kept, not duplicates) - "Duplicate of 9" before
    "Duplicate of 10"."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    cells = st.one_of(st.integers(-5, 5), st.floats(-2, 2), st.sampled_from(["", "b", "B", "a 1", "2", "x", None]))

    @settings(max_examples=60, deadline=None)
    @given(st.data())
    def check(data):
        n = data.draw(st.integers(2, 25))
        frame = pd.DataFrame({"v": data.draw(st.lists(cells, min_size=n, max_size=n))}, dtype=object)
        model = RowsModel()
        model.set_table(Table(Path("t.csv"), "csv", ["v"], frame), ["v"])
        cluster = np.array(data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), dtype=np.int64)
        keep = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n))) | (cluster == 0)
        dup_of = np.where(keep, -1, np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))))
        sim = np.where(keep, np.nan, np.array(data.draw(st.lists(st.floats(0, 1), min_size=n, max_size=n))))
        model.set_resolution(Resolution(keep, cluster, dup_of, sim))
        model.set_duplicates_only(data.draw(st.booleans()))
        for column in (1, 2, 3, 4):
            for how in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
                col = model.columns[column]
                before = model.visible_rows()  # (a sort keeps the order before it among equal keys)
                expected = sorted(before, key=col.sort_value, reverse=how == Qt.SortOrder.DescendingOrder)
                model.sort(column, how)
                assert model.visible_rows() == expected

    check()
    model = RowsModel()
    model.set_table(big_table(), ["body"])
    keep, cluster = np.ones(N, dtype=bool), np.zeros(N, dtype=np.int64)
    keep[[10, 11]], cluster[[9, 10, 11, 8]] = False, 1
    dup_of = np.full(N, -1, dtype=np.int64)
    dup_of[[10, 11]] = [9, 8]  # "Duplicate of 10" and "Duplicate of 9" (1-based)
    model.set_resolution(Resolution(keep, cluster, dup_of, np.full(N, np.nan)))
    model.set_duplicates_only(True)
    model.sort(2, Qt.SortOrder.AscendingOrder)
    assert [model.data(model.index(r, 2)) for r in range(4)] == ["Duplicate of 9", "Duplicate of 10", "Kept", "Kept"]


def test_a_column_of_many_short_cells_is_ranked_off_the_windows_thread(qtbot, monkeypatch):
    """Above ``RANKS_IN_LINE_CELLS`` cells a column's sort keys are made off the window's thread however short its
    cells (50,000 short texts, under the character limit: 148 ms of keys on the window's thread); at or below both
    limits they are made at once, in line."""
    import threading

    threads = []
    real = rows_model._ranks_of

    def spy(values):
        threads.append(threading.current_thread())
        return real(values)

    monkeypatch.setattr(rows_model, "_ranks_of", spy)
    monkeypatch.setattr(rows_model, "RANKS_IN_LINE_CELLS", 6)

    def sorted_by_body(cells: list[str]) -> tuple[RowsModel, list[int]]:
        threads.clear()
        model = RowsModel()
        frame = pd.DataFrame({"body": cells}, dtype=object)
        model.set_table(Table(Path("t.csv"), "csv", ["body"], frame), ["body"])
        model.sort(4, Qt.SortOrder.AscendingOrder)
        return model, sorted(range(len(cells)), key=lambda r: value_sort_key(cells[r]))

    six = ["丙", "甲", "乙", "甲", "丁", "甲"]
    model, expected = sorted_by_body(six)  # six cells: in line
    assert model.visible_rows() == expected and threads == [threading.main_thread()]

    model, expected = sorted_by_body([*six, "乙"])  # seven cells of a character each: on the model's thread
    assert model.sort_pending() and model.visible_rows() == list(range(7))
    qtbot.waitUntil(lambda: model.visible_rows() == expected, timeout=10_000)
    assert threads and threads[0] is not threading.main_thread()


def test_a_long_columns_sort_keys_are_made_off_the_windows_thread_and_the_rows_then_sorted(qtbot, monkeypatch):
    """Above ``RANKS_IN_LINE`` characters a column's cells' sort keys are made on a thread of the model's own
    (100,000 articles: 0.8 s the window would stall on the first sort by their text): the rows keep their order
    until then, and are sorted by them when made; another table meanwhile drops them."""
    import threading

    monkeypatch.setattr(rows_model, "RANKS_IN_LINE", 0)
    threads = []
    real = rows_model._ranks_of
    release = threading.Event()

    def spy(values):
        threads.append(threading.current_thread())
        release.wait(10)
        return real(values)

    monkeypatch.setattr(rows_model, "_ranks_of", spy)
    model = RowsModel()
    frame = pd.DataFrame({"body": ["丙", "甲", "乙", "甲"]}, dtype=object)
    model.set_table(Table(Path("t.csv"), "csv", ["body"], frame), ["body"])
    model.sort(4, Qt.SortOrder.DescendingOrder)
    assert model.visible_rows() == [0, 1, 2, 3]  # as they were, while the keys are made
    with qtbot.waitSignal(model.layoutChanged, timeout=10_000):
        release.set()
    expected = sorted(range(4), key=lambda r: value_sort_key(frame["body"][r]), reverse=True)
    assert model.visible_rows() == expected and threads and threads[0] is not threading.main_thread()


def test_the_order_shown_is_that_of_a_plain_filter_and_sort_of_the_rows(qtbot):
    """The table model keeps the order of the rows shown as an array: filtered by a predicate or by a set of the
    indexes (as the cluster filter gives them), sorted by a column's keys made at once, by each row's own key or in
    the list's own order, both ways - always the rows a plain Python filter and stable sort give, and
    ``visible_row`` the place of each (-1 for a row filtered out or no row at all)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from dedup_gui.core.columns import Column
    from dedup_gui.gui.table_model import ColumnTableModel

    @settings(max_examples=80, deadline=None)
    @given(st.data())
    def check(data):
        n = data.draw(st.integers(0, 30))
        values = data.draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n))
        rows = data.draw(st.sampled_from([list(range(100, 100 + n)), range(100, 100 + n)]))
        columns = [
            Column("in order", str, lambda r: r, in_order=True),
            Column("by key", str, lambda r: values[r - 100]),
            Column("keys at once", str, lambda r: values[r - 100], sort_keys=lambda at: [values[r - 100] for r in at]),
        ]
        model = ColumnTableModel()
        model.set_rows(rows, columns)
        chosen = set(data.draw(st.lists(st.integers(-2, n + 2), max_size=n + 4)))
        how = data.draw(st.sampled_from(["none", "set", "predicate"]))
        accept = {"none": None, "set": chosen, "predicate": chosen.__contains__}[how]
        column = data.draw(st.sampled_from([None, 0, 1, 2]))
        descending = data.draw(st.booleans())
        order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
        if data.draw(st.booleans()):  # sorted first, then filtered, or the other way round
            model.set_filter(accept)
            if column is not None:
                model.sort(column, order)
        else:
            if column is not None:
                model.sort(column, order)
            model.set_filter(accept)
        shown = [i for i in range(n) if accept is None or i in chosen]
        if column == 0:
            shown.sort(reverse=descending)
        elif column is not None:
            shown.sort(key=lambda i: values[i], reverse=descending)  # (stable: ties keep their order)
        assert model.order_array().tolist() == shown
        assert [model.source_index(v) for v in range(model.rowCount())] == shown
        assert model.visible_rows() == [rows[i] for i in shown]
        assert [model.row(v) for v in range(len(shown))] == [rows[i] for i in shown]
        for i in range(-2, n + 2):
            assert model.visible_row(i) == (shown.index(i) if i in shown else -1)

    check()


def test_the_cluster_lists_filter_shows_the_clusters_found_in_order(qtbot):
    """The cluster filter hands the model the set of clusters found (no call per cluster): the ids shown are those
    clusters, in the order the list is sorted by, and ``shown_ids`` says None when nothing is filtered."""
    texts = [f"新闻{i}" for i in range(12)]
    clusters = [Cluster(c, 2 * (c - 1), [2 * (c - 1), 2 * c - 1], {2 * c - 1: 0.9}) for c in range(1, 7)]
    result = DedupResult(Settings(), 12, clusters, PairSet.empty(), PairSet.empty(), np.arange(12), 0)
    session = ReviewSession(result, texts)
    model = ClusterListModel()
    model.set_session(session)
    assert model.shown_ids() is None
    model._apply({4, 1, 2, 99})
    assert model.visible_ids() == [2, 3, 5]
    assert model.shown_ids() == [2, 3, 5]
    assert model.row_of_cluster(3) == 1 and model.row_of_cluster(1) == -1
    model._apply(None)
    assert model.visible_ids() == list(range(1, 7))


def test_a_large_sort_runs_off_the_windows_thread_and_the_selection_follows_the_rows(qtbot, monkeypatch):
    """Above ``SORT_IN_LINE`` rows the sort by a column's keys runs on the model's thread: the rows keep their
    order until it is done (``sorting``), then show sorted, the view's current row still on the same row. A sort
    asked for meanwhile, or a filter, wins over one still running."""
    from PySide6.QtWidgets import QTableView

    from dedup_gui.core.columns import Column
    from dedup_gui.gui import table_model
    from dedup_gui.gui.table_model import ColumnTableModel

    monkeypatch.setattr(table_model, "SORT_IN_LINE", 10)
    values = [(i * 7) % 13 for i in range(40)]
    columns = [
        Column("value", str, lambda r: values[r], sort_keys=lambda at: [values[r] for r in at]),
        Column("negated", str, lambda r: -values[r], sort_keys=lambda at: [-values[r] for r in at]),
    ]
    model = ColumnTableModel()
    model.set_rows(list(range(40)), columns)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setCurrentIndex(model.index(5, 0))

    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert model.sorting() and model.order_array().tolist() == list(range(40))  # as it was, until the sort is done
    qtbot.waitUntil(lambda: not model.sorting())
    assert model.order_array().tolist() == sorted(range(40), key=lambda i: values[i])
    assert model.row(view.currentIndex().row()) == 5  # the current row followed its row

    model.sort(0, Qt.SortOrder.DescendingOrder)
    model.sort(1, Qt.SortOrder.AscendingOrder)  # asked for before the first is done: the first is dropped
    qtbot.waitUntil(lambda: not model.sorting())
    assert model.order_array().tolist() == sorted(range(40), key=lambda i: -values[i])

    model.sort(0, Qt.SortOrder.AscendingOrder)
    model.set_filter({1, 2, 3, 30})  # other rows: sorted again, the running sort dropped
    qtbot.waitUntil(lambda: not model.sorting())
    with qtbot.assertNotEmitted(model.layoutChanged, wait=50):
        pass
    assert model.order_array().tolist() == sorted([1, 2, 3, 30], key=lambda i: values[i])
