"""``review_pane.selected_rows``: the rows of a view's selection in view order, each once - ranges apart read off
in order, overlapping ones (a row selected twice over) through a set."""

import pytest
from PySide6.QtCore import QItemSelection, QItemSelectionModel
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QTableView

from dedup_gui.gui.review_pane import selected_rows

SELECT = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows


@pytest.mark.parametrize(
    "spans",
    [
        [],
        [(0, 99)],
        [(40, 49), (3, 7), (60, 60)],  # apart, given out of order
        [(10, 30), (20, 40)],  # overlapping
        [(5, 9), (5, 9), (0, 99)],  # one inside another
        [(0, 0), (1, 1), (2, 2)],  # touching
    ],
)
def test_selected_rows_are_each_row_of_the_selection_once_in_order(qtbot, spans):
    model = QStandardItemModel(100, 2)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    chosen = QItemSelection()
    for top, bottom in spans:
        chosen.select(model.index(top, 0), model.index(bottom, 1))
    view.selectionModel().select(chosen, SELECT)
    want = sorted({row for top, bottom in spans for row in range(top, bottom + 1)})
    assert selected_rows(view) == want
