"""The window's panes at a laptop's width: the cluster list shows every column, kept texts included, and a pane
the user moved (or a layout saved with the window) stays as it was."""

from __future__ import annotations

import pandas as pd
from PySide6.QtCore import Qt
from test_gui_review import QUESTIONS, make_window, open_and_wait
from test_gui_review import store as store  # noqa: F401 - fixtures

from dedup_gui.gui.splitters import CLUSTER_WIDTHS, SIDE_WIDTH, cluster_list_width


def _open_questions(qtbot, window, tmp_path) -> None:
    path = tmp_path / "questions.csv"
    pd.DataFrame({"问题": QUESTIONS}).to_csv(path, index=False)
    open_and_wait(qtbot, window, path)
    assert window.session.result.held.tolist() == [1]  # (the list has its "To check" column)


def test_the_cluster_list_shows_every_column_at_1280_pixels(qtbot, store, tmp_path):
    """At 1280 x 800 the cluster list is wide enough for its columns of figures, its "To check" column and several
    characters of each kept text - no column cut off or scrolled out of sight - and the settings panel is no wider
    than it needs."""
    window = make_window(qtbot, store)  # (1280 x 800)
    _open_questions(qtbot, window, tmp_path)
    view, model = window.pane.cluster_view, window.pane.cluster_model
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    kept, to_check = headers.index("Kept text"), headers.index("To check")

    def laid_out() -> bool:
        return view.horizontalHeader().length() <= view.viewport().width()

    qtbot.waitUntil(laid_out)
    assert view.horizontalScrollBar().maximum() == 0
    assert view.columnWidth(kept) >= 5 * view.fontMetrics().horizontalAdvance("中")
    assert view.columnWidth(to_check) >= view.fontMetrics().horizontalAdvance("To check")
    assert window.main_splitter.sizes()[0] == SIDE_WIDTH
    assert CLUSTER_WIDTHS[0] <= window.pane.cluster_splitter.sizes()[0] <= CLUSTER_WIDTHS[1]
    window.state.mark_saved()
    window.close()


def test_a_pane_the_user_moved_stays_and_a_saved_layout_is_restored(qtbot, store, tmp_path):
    """A splitter the user drags is theirs: resizing the window no longer shares its width out by the rule (Qt's
    stretch then widens both sides from where the user left them), and the next window opens with the layout this
    one was closed with."""
    window = make_window(qtbot, store)
    _open_questions(qtbot, window, tmp_path)
    splitter = window.pane.cluster_splitter
    qtbot.waitUntil(lambda: splitter.sizes()[0] >= CLUSTER_WIDTHS[0])
    splitter.moveSplitter(250, 1)  # as a drag of its handle does (splitterMoved)
    qtbot.waitUntil(lambda: splitter.sizes()[0] == 250)
    window.resize(1600, 900)
    qtbot.waitUntil(lambda: window.main_splitter.width() > 1500)
    assert splitter.rule is None
    first, second = splitter.sizes()
    assert 250 <= first < cluster_list_width(first + second)  # from the user's width, not the rule's share
    assert window.main_splitter.sizes()[0] == SIDE_WIDTH  # (the one not moved follows its rule)
    moved = splitter.sizes()[0]
    window.state.mark_saved()
    window.close()  # (saves the layout)

    again = make_window(qtbot, store)
    again.resize(1600, 900)  # (the size it was closed at)
    _open_questions(qtbot, again, tmp_path)
    restored = again.pane.cluster_splitter
    assert restored.rule is None
    qtbot.waitUntil(lambda: restored.sizes()[0] == moved)
    again.state.mark_saved()
    again.close()


def test_the_window_fits_half_a_full_hd_screen(qtbot, store, tmp_path):
    """With a run on screen the window can be 960 pixels wide - beside a spreadsheet on half of a 1920-pixel
    screen: the compare view's note and legend give way, and the Analysis tab scrolls rather than holding the
    window wider (its charts side by side held it at least 1012 pixels wide)."""
    window = make_window(qtbot, store)
    _open_questions(qtbot, window, tmp_path)
    window.tabs.setCurrentIndex(2)  # (the Analysis tab shown: its charts laid out)
    qtbot.waitUntil(lambda: window.analysis_view.stack.currentIndex() == 1)
    assert window.minimumSizeHint().width() <= 960
    window.resize(960, 800)
    qtbot.waitUntil(lambda: window.width() == 960)
    window.tabs.setCurrentIndex(0)
    assert window.pane.compare.minimumSizeHint().width() < window.pane.detail_splitter.width()
    window.state.mark_saved()
    window.close()
