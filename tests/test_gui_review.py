"""The editor's review workflow on the real window, offscreen: bulk decisions with undo and redo from keys, buttons
and context menus; the member columns; the place kept through re-runs, sorts, filters and decisions; decisions that
survive re-runs and a language switch; a saved and resumed review; feedback while loading and running."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QMenu, QMessageBox
from test_gui_window import ART_A, ART_B, ART_C, BODIES

from dedup_gui import i18n
from dedup_gui.core.progress import Reporter
from dedup_gui.core.review import HELD, NOT_DUPLICATE, REMOVED
from dedup_gui.core.review_sidecar import sidecar_path
from dedup_gui.core.settings import Settings
from dedup_gui.gui import jobs
from dedup_gui.gui.main_window import MainWindow
from dedup_gui.gui.window_jobs import LoadJob, RunJob

TIMEOUT = 60_000
C2 = (
    ART_C.replace("昨晚", "前晚")
    .replace("主场作战的", "坐镇主场的")
    .replace("出色的拦网", "顽强的防守")
    .replace("加强了发球的攻击性", "改变了发球策略")
)  # an edited rewrite of ART_C (its words, not its score or count: those would make another report): a duplicate
# at similarity 0.7, not at 0.8
BODY = [ART_C, BODIES[0], BODIES[1], BODIES[2], BODIES[3], BODIES[4], C2, BODIES[6], BODIES[7]]
TITLES = [
    "女排胜冠军",
    "地铁新线",
    "强冷空气",
    "地铁新线（转）",
    "短讯",
    "降温（转）",
    "女排再胜",
    "地铁（转）",
    "短讯二",
]
SOURCES = ["体育报", "新华社", "气象台", "中新网", "本报", "澎湃", "晚报", "人民网", "本报"]
DATES = [f"2024-03-0{i + 1}" for i in range(9)]
# At similarity 0.7: cluster 1 = rows 0, 6 (the match report); 2 = rows 1, 3, 7 (metro); 3 = rows 2, 5 (weather).
# At 0.8 the match report is no cluster, and the weather story becomes cluster 2.
METRO = [1, 3, 7]


@pytest.fixture
def store(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def workbook(tmp_path):
    path = tmp_path / "news.xlsx"
    pd.DataFrame(
        {"标题": TITLES, "来源": SOURCES, "正文": BODY, "发布日期": DATES, "阅读": [5, 90, 7, 300, 1, 20, 8, 40, 2]}
    ).to_excel(path, index=False)
    return path


def make_window(qtbot, store) -> MainWindow:
    w = MainWindow(store)
    qtbot.addWidget(w)
    w.settings_panel.set_settings(Settings(algorithm="ngram", keep="first", threshold=0.7, min_similarity=0.7))
    w.resize(1280, 800)
    w.show()
    return w


@pytest.fixture
def window(qtbot, store):
    w = make_window(qtbot, store)
    yield w
    w.state.mark_saved()  # the test ends without "save your review?"
    w.close()


def open_and_wait(qtbot, window, path, **kwargs):
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(path, **kwargs)


def rerun_at(qtbot, window, threshold):
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.settings_panel.threshold.spin.setValue(threshold)


def click_row(qtbot, view, row, modifier=Qt.KeyboardModifier.NoModifier):
    index = view.model().index(row, 0)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, view.visualRect(index).center())


def member_rows(window) -> list[int]:
    model = window.pane.members_model
    return [model.member(i).row for i in range(model.rowCount())]


def click_members(qtbot, window, rows):
    """Click the first row, ctrl-click the others (a real multi-selection)."""
    positions = member_rows(window)
    click_row(qtbot, window.members_view, positions.index(rows[0]))
    for r in rows[1:]:
        click_row(qtbot, window.members_view, positions.index(r), Qt.KeyboardModifier.ControlModifier)
    assert sorted(window.pane.selected_members()) == sorted(rows)


def open_texts_and_compare(qtbot, window, path, texts, row) -> str:
    """Open ``texts`` (a CSV's text column, at ``path``) with N-gram, select the cluster of ``row`` and click its
    member: the title above it in the compare view."""
    pd.DataFrame({"text": texts}).to_csv(path, index=False)
    window.settings_panel.set_settings(Settings(algorithm="ngram"))
    open_and_wait(qtbot, window, path)
    window.select_cluster(window.session.cluster_of(row))
    click_members(qtbot, window, [row])
    return window.compare.right.title.text()


def undo_text(window) -> str:
    return window.review_actions.undo.text().replace("&", "")


def status(window) -> str:
    return window.statusBar().currentMessage()


# -- 1. bulk decisions, undo and redo ----


def test_a_multi_selection_of_rows_is_marked_with_a_key_and_undone_and_redone(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    assert window.select_cluster(2)
    click_members(qtbot, window, [3, 7])
    assert window.review_actions.not_duplicate.text().replace("&", "") == "2 rows are not duplicates"
    qtbot.keyClick(window.members_view, Qt.Key.Key_D)
    assert window.session.status(2, 3) == window.session.status(2, 7) == NOT_DUPLICATE
    assert window.session.rows_to_remove == 2  # the sport and the weather reposts go
    assert undo_text(window) == "Undo 2 rows are not duplicates"  # the Edit menu names what will be undone
    assert window.isWindowModified()
    qtbot.keyClick(window.members_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.rows_to_remove == 4 and not window.isWindowModified()
    assert window.review_actions.redo.text().replace("&", "") == "Redo 2 rows are not duplicates"
    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.members_view, Qt.Key.Key_Z, redo)
    assert window.session.rows_to_remove == 2
    assert sorted(window.pane.selected_members()) == [3, 7]  # the selection stayed on the decided rows


def test_keep_remove_and_back_to_the_algorithm_from_buttons_and_keys(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    click_members(qtbot, window, [7])
    window.pane.keep_button.click()
    assert window.session.kept_row(2) == 7
    assert window.compare.left.edit.toPlainText() == BODY[7]
    assert undo_text(window) == "Undo Keep row 8"  # rows are shown 1-based
    click_members(qtbot, window, [3])
    qtbot.keyClick(window.members_view, Qt.Key.Key_D)
    assert window.session.status(2, 3) == NOT_DUPLICATE
    qtbot.keyClick(window.members_view, Qt.Key.Key_Delete)  # remove: a duplicate again
    assert window.session.status(2, 3) != NOT_DUPLICATE
    click_members(qtbot, window, [7])
    qtbot.keyClick(window.members_view, Qt.Key.Key_A)  # back to the algorithm's choice
    assert window.session.kept_row(2) == 1 and not window.session.intent.rows
    assert window.state.undo.count() == 4


def test_whole_clusters_from_the_context_menu_of_a_multi_selection(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    view = window.cluster_view
    click_row(qtbot, view, 0)
    click_row(qtbot, view, 2, Qt.KeyboardModifier.ShiftModifier)
    assert window.pane.selected_clusters() == [1, 2, 3]
    view.customContextMenuRequested.emit(view.visualRect(view.model().index(1, 0)).center())
    menu = window.review_actions.last_menu
    assert isinstance(menu, QMenu) and menu.isVisible()
    texts = [a.text() for a in menu.actions() if a.text()]
    assert "3 clusters: not duplicates, keep every row" in texts
    next(a for a in menu.actions() if a.objectName() == "clustersNotDupAction").trigger()
    assert window.session.rows_to_remove == 0
    assert window.summary.text().startswith("<b>0 clusters · 0 rows to remove of 9")
    assert undo_text(window) == "Undo 3 clusters: not duplicates, keep every row"
    window.review_actions.undo.trigger()
    assert window.session.rows_to_remove == 4


def test_slow_action_states_follow_a_selection_on_the_next_turn_and_a_click_still_acts_on_it(
    qtbot, window, workbook, monkeypatch
):
    """When working out the actions' states took long (every cluster of a large run selected), they follow a new
    selection on the event loop's next turn instead of in the same one; an action triggered before then acts on
    the selection of now, not on the one its state was worked out for."""
    from dedup_gui.gui import review_actions

    open_and_wait(qtbot, window, workbook)
    actions = window.review_actions
    monkeypatch.setattr(review_actions, "UPDATE_INLINE_S", -1.0)  # every update counts as slow
    actions.update()
    click_row(qtbot, window.cluster_view, 0)
    click_row(qtbot, window.cluster_view, 1, Qt.KeyboardModifier.ShiftModifier)
    assert window.pane.selected_clusters() == [1, 2]
    assert actions.clusters_not_duplicate.text() != "2 clusters: not duplicates, keep every row"  # not yet
    qtbot.waitUntil(lambda: actions.clusters_not_duplicate.text() == "2 clusters: not duplicates, keep every row")
    click_row(qtbot, window.cluster_view, 2, Qt.KeyboardModifier.ShiftModifier)  # three now, the states behind
    actions.mark_clusters_not_duplicate()
    assert undo_text(window) == "Undo 3 clusters: not duplicates, keep every row"
    assert window.session.rows_to_remove == 0


def test_action_states_follow_a_large_selection_on_the_next_turn(qtbot, window, workbook, monkeypatch):
    """A selection of more clusters than ``UPDATE_INLINE_CLUSTERS`` defers the states too, however quick the last
    update was; a small one is followed at once."""
    from dedup_gui.gui import review_actions

    open_and_wait(qtbot, window, workbook)
    actions = window.review_actions
    monkeypatch.setattr(review_actions, "UPDATE_INLINE_CLUSTERS", 2)
    click_row(qtbot, window.cluster_view, 0)
    click_row(qtbot, window.cluster_view, 1, Qt.KeyboardModifier.ShiftModifier)
    assert actions.clusters_not_duplicate.text() == "2 clusters: not duplicates, keep every row"  # at once
    click_row(qtbot, window.cluster_view, 2, Qt.KeyboardModifier.ShiftModifier)
    assert actions.clusters_not_duplicate.text() == "2 clusters: not duplicates, keep every row"  # not yet
    qtbot.waitUntil(lambda: actions.clusters_not_duplicate.text() == "3 clusters: not duplicates, keep every row")


def test_a_key_pressed_right_after_a_slow_decision_is_handled_before_the_states_it_would_make_stale(
    qtbot, window, workbook, monkeypatch
):
    """After a decision whose actions' states are slow to work out, an undo already waiting (due when the window
    next turns) is handled first; the states are then worked out once, for the decisions the undo returned to."""
    from PySide6.QtCore import QTimer

    from dedup_gui.gui import review_actions

    open_and_wait(qtbot, window, workbook)
    actions = window.review_actions
    monkeypatch.setattr(review_actions, "UPDATE_INLINE_S", -1.0)  # every update counts as slow
    window.cluster_view.selectAll()
    actions.update()
    order = []
    real = type(actions)._update_now

    def traced(self, selection):
        order.append(("states", self.state.session.rows_to_remove))
        return real(self, selection)

    monkeypatch.setattr(type(actions), "_update_now", traced)
    actions.mark_clusters_not_duplicate()
    assert window.session.rows_to_remove == 0
    undo = QTimer()  # (a timer due on the window's next turn, as a key pressed meanwhile is)
    undo.setSingleShot(True)
    undo.timeout.connect(lambda: (order.append(("undo", 0)), actions.undo.trigger()))
    undo.start(0)
    qtbot.waitUntil(lambda: len(order) == 2)
    removed = window.session.rows_to_remove
    assert removed > 0
    assert order == [("undo", 0), ("states", removed)]
    assert actions.clusters_not_duplicate.isEnabled()


def test_an_undo_and_a_redo_find_their_cluster_intents_made_already(qtbot, window, workbook, monkeypatch):
    """The cluster actions' intents of the decisions an undo (or a redo) comes back to, for the same selection,
    are not made again; the actions' states after the undo are those of the decisions before the click."""
    open_and_wait(qtbot, window, workbook)
    actions, session = window.review_actions, window.session
    made = []
    real = type(session).cluster_intents

    def counted(self, ids):
        made.append(list(ids))
        return real(self, ids)

    monkeypatch.setattr(type(session), "cluster_intents", counted)
    window.cluster_view.selectAll()
    actions.update()
    states = [a.isEnabled() for a in actions.cluster_actions]
    assert made and states[0]  # every cluster "not duplicates": offered
    actions.mark_clusters_not_duplicate()
    actions.update()
    assert session.rows_to_remove == 0 and not actions.clusters_not_duplicate.isEnabled()
    made.clear()
    actions.undo.trigger()
    actions.update()
    assert made == [] and [a.isEnabled() for a in actions.cluster_actions] == states
    actions.redo.trigger()
    actions.update()
    assert made == [] and session.rows_to_remove == 0 and not actions.clusters_not_duplicate.isEnabled()


def test_the_member_context_menu_offers_the_row_decisions_and_the_columns(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    click_members(qtbot, window, [3])
    view = window.members_view
    view.customContextMenuRequested.emit(view.visualRect(view.model().index(0, 0)).center())
    menu = window.review_actions.last_menu
    assert [a.objectName() for a in menu.actions()][:4] == [
        "keepAction",
        "removeAction",
        "notDuplicateAction",
        "resetAction",
    ]
    enabled = {a.objectName(): a.isEnabled() for a in menu.actions()[:4]}
    assert enabled == {"keepAction": True, "removeAction": False, "notDuplicateAction": True, "resetAction": False}
    assert any(a.menu() is window.review_actions.columns_menu for a in menu.actions())
    menu.close()


def test_undoing_a_decision_in_another_cluster_shows_that_cluster(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(3)
    click_members(qtbot, window, [5])
    window.review_actions.not_duplicate.trigger()
    window.select_cluster(1)
    window.review_actions.undo.trigger()
    assert window.current_cluster_id() == 3 and window.pane.selected_member() == 5


# -- 2. columns that matter ----


def test_member_columns_are_guessed_shown_above_each_text_chosen_and_sortable(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    assert window.state.member_columns == ["标题", "来源", "发布日期"]  # guessed from the names
    window.select_cluster(2)
    model = window.pane.members_model
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert headers == ["Row", "Status", "Similarity", "标题", "来源", "发布日期", "Length", "Text"]
    click_members(qtbot, window, [3])
    left, right = window.compare.left.fields.text(), window.compare.right.fields.text()
    assert "新华社" in left and "2024-03-02" in left  # the kept row's source and date
    assert "中新网" in right and "地铁新线（转）" in right

    window.review_actions._fill_columns_menu()
    menu_actions = {a.text(): a for a in window.review_actions.columns_menu.actions()}
    menu_actions["阅读"].trigger()  # add the reads column
    menu_actions["标题"].trigger()  # remove the title
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert headers == ["Row", "Status", "Similarity", "来源", "发布日期", "阅读", "Length", "Text"]
    assert "标题" not in window.compare.right.fields.text() and "阅读" in window.compare.right.fields.text()
    assert window.pane.selected_member() == 3  # the selection stayed

    reads = headers.index("阅读")
    window.members_view.sortByColumn(reads, Qt.SortOrder.DescendingOrder)
    assert member_rows(window) == [3, 1, 7]  # 300, 90, 40 reads: numbers sort as numbers
    assert window.store.value(f"memberColumns/{workbook}") == ["来源", "发布日期", "阅读"]


# -- 3. the place is kept ----


def test_the_selection_follows_its_cluster_through_sort_filter_and_decision(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(3)
    window.cluster_view.sortByColumn(1, Qt.SortOrder.DescendingOrder)  # by size: cluster 3 moves down the list
    assert window.current_cluster_id() == 3
    assert window.pane.cluster_model.visible_ids()[0] == 2
    window.filter_edit.setText("降温")  # cluster 3 matches
    assert window.current_cluster_id() == 3
    click_members(qtbot, window, [5])
    window.review_actions.not_duplicate.trigger()
    assert window.current_cluster_id() == 3 and window.pane.selected_member() == 5
    window.filter_edit.setText("地铁")  # cluster 3 does not match: the nearest that does, and the status bar says so
    assert window.current_cluster_id() == 2
    assert "does not match the filter; showing cluster 2" in status(window)


def test_a_large_runs_filter_is_searched_off_the_windows_thread_and_only_the_latest_query_applies(
    qtbot, window, workbook, monkeypatch
):
    """Above ``SEARCH_IN_LINE`` characters of clustered text the filter searches on a thread of the cluster list's
    own (100k articles: 0.1-0.6 s a query the window would stall): the list shows the clusters found when they
    are, a query typed meanwhile supersedes the one searching, and the place rule holds as in line."""
    import threading

    from dedup_gui.core.review import ReviewSession
    from dedup_gui.gui import cluster_list

    monkeypatch.setattr(cluster_list, "SEARCH_IN_LINE", 0)
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(3)
    threads, started, release = [], threading.Event(), threading.Event()
    real = ReviewSession.matching_ids

    def spy(session, query, check=None):
        threads.append(threading.current_thread())
        if query == "地铁":  # the first query is held until the next one is typed
            started.set()
            release.wait(10)
        return real(session, query, check)

    monkeypatch.setattr(ReviewSession, "matching_ids", spy)
    model = window.pane.cluster_model
    applied: list[list[int]] = []
    model.filterApplied.connect(lambda: applied.append(model.visible_ids()))
    with qtbot.waitSignal(model.filterApplied, timeout=TIMEOUT):
        window.filter_edit.setText("地铁")
        qtbot.waitUntil(started.is_set)
        assert model.searching() and model.rowCount() == 3  # all shown until the clusters are found
        window.filter_edit.setText("降温")  # cluster 3 matches
        release.set()
    assert threads and all(t is not threading.main_thread() for t in threads)
    with qtbot.assertNotEmitted(model.filterApplied, wait=200):  # the first query's answer is never applied
        pass
    assert applied == [[3]] and not model.searching()
    assert window.current_cluster_id() == 3  # it matches: it stays
    with qtbot.waitSignal(model.filterApplied, timeout=TIMEOUT):
        window.filter_edit.setText("地铁")
    assert window.current_cluster_id() == 2 and model.visible_ids() == [2]
    assert "does not match the filter; showing cluster 2" in status(window)


def test_after_a_rerun_the_same_rows_are_selected_under_their_new_number(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)  # the metro story, rows 2, 4 and 8
    click_members(qtbot, window, [3, 7])
    rerun_at(qtbot, window, 0.8)  # the sport cluster goes: the metro story is cluster 1 now
    assert window.current_cluster_id() == 1 and window.session.cluster(1).members == METRO
    assert window.pane.selected_members() == [3, 7] and window.pane.selected_member() == 7
    assert "showing" not in status(window)  # the same cluster: nothing to say


def test_when_the_cluster_is_gone_the_nearest_is_selected_and_the_status_bar_says_so(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(1)  # the match report, rows 1 and 7
    rerun_at(qtbot, window, 0.8)
    assert window.current_cluster_id() == 1 and window.session.cluster(1).members == METRO
    assert "no longer exists; showing the nearest, cluster 1" in status(window)


def test_decisions_survive_reruns_and_the_status_bar_counts_those_that_no_longer_apply(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(1)
    click_members(qtbot, window, [6])
    window.review_actions.keep.trigger()  # keep the rewrite of the match report
    window.select_cluster(3)
    click_members(qtbot, window, [5])
    window.review_actions.not_duplicate.trigger()
    rerun_at(qtbot, window, 0.8)
    assert window.session.status(2, 5) == NOT_DUPLICATE  # still marked, in the renumbered cluster
    assert "1 of your decisions do not apply at these settings" in status(window)
    rerun_at(qtbot, window, 0.7)
    assert window.session.kept_row(1) == 6  # the kept choice is back with its cluster
    assert window.session.rows_to_remove == 3  # row 1 (sport), rows 4 and 8 (metro); row 6 stays


# -- a language switch keeps everything ----


@pytest.fixture
def english_afterwards(qapp):
    yield qapp
    i18n.install(i18n.ENGLISH, qapp)


def test_switching_the_language_keeps_decisions_undo_columns_and_place(qtbot, store, workbook, english_afterwards):
    i18n.install(i18n.ENGLISH, english_afterwards)
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    click_members(qtbot, window, [3, 7])
    window.review_actions.not_duplicate.trigger()
    window.filter_edit.setText("地铁")
    session = window.session
    menu = window.menuBar().findChild(QMenu, "languageMenu")
    next(a for a in menu.actions() if a.data() == i18n.CHINESE).trigger()
    chinese = i18n.replaced_window()
    qtbot.addWidget(chinese)
    assert chinese is not window and chinese.session is session
    assert chinese.session.status(2, 3) == NOT_DUPLICATE and chinese.isWindowModified()
    assert chinese.current_cluster_id() == 2 and chinese.pane.selected_members() == [3, 7]
    assert chinese.state.member_columns == ["标题", "来源", "发布日期"]
    assert chinese.filter_edit.text() == "地铁" and chinese.pane.cluster_model.visible_ids() == [2]
    assert chinese.findChild(QMenu, "editMenu").title() == "编辑(&E)"
    # Why the kept row was kept, in the reader's language.
    english_reason, chinese_reason = window.compare.left.title.toolTip(), chinese.compare.left.title.toolTip()
    assert re.search("[a-z]", english_reason) and chinese_reason != english_reason
    assert re.search("[A-Za-z]", chinese_reason) is None
    chinese.review_actions.undo.trigger()  # the history came along
    assert chinese.session.rows_to_remove == 4
    chinese.state.mark_saved()
    chinese.close()


# -- 4. a saved review ----


def test_a_saved_review_is_offered_on_open_and_resumes_decisions_settings_and_place(qtbot, store, workbook):
    first = make_window(qtbot, store)
    open_and_wait(qtbot, first, workbook)
    rerun_at(qtbot, first, 0.75)  # the match report is no cluster at 0.75: the metro story is cluster 1
    first.select_cluster(1)
    click_members(qtbot, first, [3, 7])
    first.review_actions.not_duplicate.trigger()
    qtbot.keyClick(first.members_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    saved = json.loads(sidecar_path(workbook).read_text(encoding="utf-8"))
    assert saved["settings"]["threshold"] == 0.75 and saved["input"]["path"] == str(workbook)
    assert [d["row"] for d in saved["decisions"]["not_duplicate"]] == [4, 8]
    assert not first.isWindowModified()
    first.close()

    second = make_window(qtbot, QSettings(str(workbook.parent / "other.ini"), QSettings.Format.IniFormat))
    with qtbot.waitSignal(second.messageShown, timeout=TIMEOUT) as shown:
        second.open_path(workbook)
    assert shown.args[0] == "Resume the saved review?" and "2 decisions" in shown.args[1]
    resume = next(b for b in second.last_message.buttons() if b.text() == "Resume review")
    with qtbot.waitSignal(second.resultShown, timeout=TIMEOUT):
        resume.click()
    assert second.session.result.settings.threshold == 0.75
    assert second.session.intent.not_duplicate == {3, 7} and second.session.rows_to_remove == 1  # weather only
    assert second.current_cluster_id() == 1 and second.pane.selected_member() == 3  # where the review stopped
    assert "Resumed the review saved on" in status(second)
    second.close()


def test_the_demos_review_is_saved_in_the_users_folder_and_offered_again(qtbot, store, tmp_path, monkeypatch):
    """The bundled demo lives inside the app: its saved review goes where its exports go (the user's documents
    folder, else home) - not beside the demo - and opening the demo again offers it."""
    from dedup_gui.gui.resources import demo_workbook

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    first = make_window(qtbot, store)
    open_and_wait(qtbot, first, demo_workbook())
    first.select_cluster(1)
    click_members(qtbot, first, [first.session.clusters[0].members[-1]])
    first.review_actions.not_duplicate.trigger()
    qtbot.keyClick(first.members_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert (home / sidecar_path(demo_workbook()).name).is_file() and not sidecar_path(demo_workbook()).exists()
    first.close()

    second = make_window(qtbot, QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat))
    with qtbot.waitSignal(second.messageShown, timeout=TIMEOUT) as shown:
        second.open_path(demo_workbook())
    assert shown.args[0] == "Resume the saved review?" and "1 decision" in shown.args[1]
    second.state.mark_saved()
    second.close()


def test_a_changed_input_is_said_and_decisions_follow_their_rows_content(qtbot, store, workbook, tmp_path):
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(3)
    click_members(qtbot, window, [5])
    window.review_actions.not_duplicate.trigger()
    assert window.save_review()
    frame = pd.read_excel(workbook, engine="calamine")
    top = pd.DataFrame(
        {"标题": ["新插入"], "来源": ["x"], "正文": ["一条新插入的短讯。"], "发布日期": ["2024-01-01"], "阅读": [0]}
    )
    pd.concat([top, frame]).to_excel(workbook, index=False)  # every row moved down by one
    with qtbot.waitSignal(window.messageShown, timeout=TIMEOUT) as shown:
        window.open_path(workbook, quiet_resume=True)  # even from the recent files: a changed input is said
    assert "has changed since" in shown.args[1] and "1 of 1 found" in shown.args[1]
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        next(b for b in window.last_message.buttons() if b.text() == "Resume review").click()
    assert window.session.intent.not_duplicate == {6}  # the same article, one row further down
    window.state.mark_saved()
    window.close()


def test_closing_with_unsaved_decisions_asks_save_discard_or_cancel(qtbot, store, workbook):
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    click_members(qtbot, window, [3])
    window.review_actions.not_duplicate.trigger()
    with qtbot.waitSignal(window.messageShown) as shown:
        assert not window.close()
    assert shown.args[0] == "Save your review?"
    box = window.last_message
    buttons = box.standardButtons()
    assert (
        buttons
        == QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
    )
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert window.isVisible() and not sidecar_path(workbook).exists()
    with qtbot.waitSignal(window.messageShown):
        window.close()
    window.last_message.button(QMessageBox.StandardButton.Save).click()
    assert not window.isVisible() and sidecar_path(workbook).exists()


def test_discard_closes_without_saving(qtbot, store, workbook):
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    click_members(qtbot, window, [3])
    window.review_actions.not_duplicate.trigger()
    with qtbot.waitSignal(window.messageShown):
        window.close()
    window.last_message.button(QMessageBox.StandardButton.Discard).click()
    assert not window.isVisible() and not sidecar_path(workbook).exists()


def test_the_recent_files_menu_reopens_the_review_where_it_stopped(qtbot, store, workbook):
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    click_members(qtbot, window, [3])
    window.review_actions.not_duplicate.trigger()
    window.save_review()
    window.select_cluster(3)  # browsed on after saving
    window.close()

    again = make_window(qtbot, store)
    entry = again.recent_menu.actions()[0]
    assert entry.text().endswith("news.xlsx  (review saved)")
    with qtbot.assertNotEmitted(again.messageShown), qtbot.waitSignal(again.resultShown, timeout=TIMEOUT):
        entry.trigger()
    assert again.session.intent.not_duplicate == {3}
    assert again.current_cluster_id() == 3  # where the user was when the window closed
    again.close()


# -- 5. feedback ----


def loading_until_cancelled(path, sheet, reporter: Reporter, engine=None, columns=None):
    """A load that reports progress until it is cancelled (a large workbook, deterministically)."""
    n = 0
    while True:
        n += 1
        reporter.report("Loading", n % 1000, 1000)
        reporter.cancel_event.wait(0.005)


def test_loading_shows_the_file_name_and_progress_and_can_be_cancelled(qtbot, window, workbook, monkeypatch):
    monkeypatch.setattr(jobs, "load", loading_until_cancelled)
    with qtbot.waitSignal(window.runner.progress, timeout=TIMEOUT):
        window.open_path(workbook)
    panel = window.opening_panel
    assert panel.isVisible() and "Opening news.xlsx" in panel.label.text() and "Loading" in panel.label.text()
    assert isinstance(window.runner.current, LoadJob)
    with qtbot.waitSignal(window.runner.cancelled, timeout=TIMEOUT):
        panel.cancel_button.click()
    assert not panel.isVisible() and window.table is None and window.stack.currentIndex() == 0
    assert status(window) == "Opening news.xlsx cancelled"


def running_until_cancelled(*args):
    reporter = args[-1]
    while True:
        reporter.report("Segmenting", 1, 2)
        reporter.cancel_event.wait(0.005)


def test_during_a_run_the_previous_results_are_stale_and_cannot_be_exported(qtbot, window, workbook, monkeypatch):
    open_and_wait(qtbot, window, workbook)
    assert window.menus.export.isEnabled()
    monkeypatch.setattr(jobs, "run", running_until_cancelled)
    with qtbot.waitSignal(window.runner.progress, timeout=TIMEOUT):
        window.run_now()
    assert isinstance(window.runner.current, RunJob)
    pane = window.pane
    assert pane.banner.isVisible() and "from the previous run" in pane.banner.text()
    assert not pane.cluster_view.isEnabled() and not pane.members_view.isEnabled()
    assert not window.menus.export.isEnabled() and not window.review_actions.not_duplicate.isEnabled()
    with qtbot.waitSignal(window.runner.cancelled, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not pane.banner.isVisible() and pane.cluster_view.isEnabled() and window.menus.export.isEnabled()
    assert "the previous result is kept" in status(window)


def wheel(widget, steps=1):
    event = QWheelEvent(
        QPointF(5, 5),
        QPointF(widget.mapToGlobal(QPoint(5, 5))),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    from PySide6.QtWidgets import QApplication

    QApplication.sendEvent(widget, event)


def test_sliders_and_spin_boxes_ignore_the_wheel_unless_focused(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    panel = window.settings_panel
    slider, spin, combo = panel.threshold.slider, panel.n.spin, panel.algorithm
    before = (slider.value(), spin.value(), combo.currentIndex())
    window.cluster_view.setFocus()
    for w in (slider, spin, combo):
        wheel(w)
    assert (slider.value(), spin.value(), combo.currentIndex()) == before
    assert not window.debounce.isActive() and not window.runner.busy  # no run was asked for
    slider.setFocus()
    qtbot.waitUntil(slider.hasFocus)
    wheel(slider)
    assert slider.value() != before[0] and window.debounce.isActive()


# -- 6. the message after an export ----


def test_after_export_one_message_with_the_counts_and_an_open_folder_button(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(3)
    click_members(qtbot, window, [5])
    window.review_actions.not_duplicate.trigger()
    window.show_export_dialog()
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT):
        window.export_dialog.export_button.click()
    box = window.last_message
    assert box.windowTitle() == "Export complete"
    assert box.text().startswith("6 rows kept, 3 removed, from 2 clusters.")
    assert "news_cleaned.xlsx" in box.text()
    closing = [b for b in box.buttons() if box.buttonRole(b) != QMessageBox.ButtonRole.ActionRole]
    assert [b.text() for b in closing] == ["Close"]  # one way to dismiss it, not two OK buttons
    assert [b.text() for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.ActionRole] == [
        "Open folder"
    ]


def test_a_cleaned_folder_s_manifest_is_said_in_the_window_s_language_and_as_no_warning(
    qtbot, store, tmp_path, english_afterwards
):
    """Exporting a folder of .txt files writes a manifest beside the kept files: the message after the export
    names it in the window's language (Chinese here), and the export's confirmation lists it without a warning's
    sign."""
    from dedup_gui.core.errors import Info
    from dedup_gui.gui.export_dialog import confirmation_text

    folder = tmp_path / "articles"
    folder.mkdir()
    for i, body in enumerate([ART_A, ART_A, ART_B]):
        (folder / f"{i}.txt").write_text(body, encoding="utf-8")
    i18n.install("zh_CN", english_afterwards)
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, folder)
    window.show_export_dialog()
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT) as done:
        window.export_dialog.export_button.click()
    assert "manifest.csv 列出了每个输入文件及其是否保留" in window.last_message.text()
    [written] = done.args[0]
    [note] = written.notes
    assert isinstance(note, Info)
    assert "⚠" not in confirmation_text(done.args[0], 3) and "manifest.csv" in confirmation_text(done.args[0], 3)
    window.state.mark_saved()
    window.close()


# -- 7. counts follow the decisions ----


def test_the_analysis_counts_and_histogram_follow_the_decisions(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    view = window.analysis_view
    with qtbot.waitSignal(view.storiesShown):  # (the figures follow the tab's first paint)
        window.tabs.setCurrentWidget(view)
    assert view.summary.figure("remove") == "4" and view.summary.figure("clusters") == "3"
    assert int(view.histogram.overruled.sum()) == 0
    window.tabs.setCurrentIndex(0)
    window.select_cluster(2)
    click_members(qtbot, window, [1, 3, 7])
    window.review_actions.not_duplicate.trigger()  # the metro story: nothing removed
    window.tabs.setCurrentWidget(view)
    assert view.summary.figure("remove") == "2" and view.summary.figure("clusters") == "2"
    assert view.sizes.counts() == [2]  # two clusters of two rows left
    assert int(view.histogram.overruled.sum()) == 3  # the metro story's three pairs
    below, above = view.histogram.bars.rects, view.histogram.overruled_bars.rects
    assert [b.y() + b.height() for b in below] == [a.y() for a in above]  # drawn on top of the bars they belong to
    assert [a.height() > 0 for a in above] == [n > 0 for n in view.histogram.overruled]
    assert "after your decisions <b>2 rows</b> are removed" in view.histogram.readout.text()
    window.review_actions.undo.trigger()  # also while the tab is shown
    assert view.summary.figure("remove") == "4" and int(view.histogram.overruled.sum()) == 0


FOOTER = "本文仅代表作者个人观点，不代表本网站立场，如有侵权请联系删除。"


def footers_csv(tmp_path):
    """A CSV of articles that all end in the same disclaimer (boilerplate), two of them copies; its path and texts."""
    others = [
        "又一篇关于城市绿化的报道，介绍了新建的三座公园和沿河步道。",
        "本地图书馆延长开放时间，周末开放到晚上十点。",
    ]
    bodies = [f"{t}{FOOTER}" for t in [ART_A, ART_B, ART_C, *others]]
    bodies.append(ART_A.replace("缓解", "缓和") + FOOTER)
    path = tmp_path / "footers.csv"
    pd.DataFrame({"id": range(len(bodies)), "body": bodies}).to_csv(path, index=False)
    return path, bodies


def test_the_boilerplate_ignored_in_a_row_is_shown_below_its_text(qtbot, window, tmp_path):
    footer = FOOTER
    path, bodies = footers_csv(tmp_path)
    open_and_wait(qtbot, window, path)
    window.select_cluster(1)
    left = window.compare.left
    assert left.boilerplate_toggle.isVisible() and "1 sentence" in left.boilerplate_toggle.text()
    assert not left.boilerplate.isVisible()
    left.boilerplate_toggle.click()
    assert left.boilerplate.isVisible() and footer.rstrip("。") in left.boilerplate.text()
    start = bodies[0].index(footer)
    assert any(a <= start < b for a, b in left.boilerplate_spans())  # greyed in the text
    assert all(span[2] != footer for span in window.compare.highlighted_spans("left"))  # not a difference


# -- the side panel fits ----


@pytest.mark.parametrize("language", [i18n.ENGLISH, i18n.CHINESE])
def test_the_settings_panel_fits_1280_by_800_in_both_languages_with_one_heading_per_section(
    qtbot, store, workbook, language, english_afterwards
):
    from PySide6.QtWidgets import QGroupBox, QWidget

    i18n.install(language, english_afterwards)
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, workbook)
    window.settings_panel.advanced_toggle.setChecked(True)
    side, viewport = window.side_scroll.widget(), window.side_scroll.viewport()
    qtbot.waitUntil(lambda: side.width() == viewport.width())
    clipped = [
        (type(w).__name__, getattr(w, "text", lambda: "")())
        for w in side.findChildren(QWidget)
        if w.isVisible() and w.mapTo(side, QPoint(w.width(), 0)).x() > viewport.width()
    ]
    assert clipped == []
    headings = [b.title() for b in side.findChildren(QGroupBox) if b.isVisible() and b.title()]
    headings.append(window.settings_panel.advanced_toggle.text())
    assert len(headings) == len(set(headings)) == 3, headings  # Data, Algorithm, Advanced: each once
    window.close()


def test_every_word_of_the_review_lists_is_listed_for_translation():
    from test_review import TEXTS, make_result

    from dedup_gui.core.review import ReviewSession
    from dedup_gui.core.review_columns import WORDS, cluster_columns, member_columns
    from dedup_gui.gui.registry_strings import REVIEW_STRINGS

    said: list[str] = []

    def say(word: str) -> str:
        said.append(word)
        return word

    result = make_result()
    result.held = np.array([4])  # (row 4 of cluster 2 kept for the user to check)
    session = ReviewSession(result, TEXTS)
    session.set_intent(session.keeping(1, [3]).mark_not_duplicate([1], 3))
    for column in cluster_columns(say):
        for i in range(len(session)):
            column.text(session.row(i)), column.tooltip and column.tooltip(session.row(i))
    for cluster_id in (1, 2):
        for column in member_columns(session, None, (), say):
            for m in session.members(cluster_id):
                column.text(m), column.tooltip and column.tooltip(m)
    assert set(said) <= set(WORDS) <= set(REVIEW_STRINGS)
    assert {"Kept", "Remove", "Not a duplicate", "To check", "You chose this row as the one to keep."} <= set(said)


def test_what_the_status_bar_says_about_a_job_is_in_the_interface_language(qtbot, window, workbook, english_afterwards):
    from dedup_gui.gui.window_jobs import ExportJob

    i18n.install(i18n.CHINESE, english_afterwards)
    titles = [
        LoadJob(window, workbook).title,
        RunJob(window, None, [], Settings(), None, (), None).title,
        ExportJob(window, None, None, {}).title,
    ]
    assert titles == ["正在打开 news.xlsx", "正在查找重复", "正在导出"]


def test_the_all_rows_tab_shows_a_decision_where_the_user_is(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.tabs.setCurrentIndex(1)
    window.duplicates_only.setChecked(True)
    rows = window.rows_model
    shown = [rows.data_row(i) for i in range(rows.rowCount())]
    assert shown == [0, 1, 2, 3, 5, 6, 7]
    click_row(qtbot, window.rows_view, shown.index(5))
    with qtbot.assertNotEmitted(rows.modelReset):
        window.tabs.setCurrentIndex(0)
        window.select_cluster(3)
        click_members(qtbot, window, [5])
        window.review_actions.not_duplicate.trigger()
    assert rows.index(shown.index(5), 2).data() == "Not a duplicate"
    assert window.rows_view.currentIndex().row() == shown.index(5)  # still on the same row


def test_a_broken_saved_review_is_named_and_the_file_opens_as_usual(qtbot, window, workbook):
    sidecar_path(workbook).write_text("{ not json", encoding="utf-8")
    with qtbot.assertNotEmitted(window.messageShown):
        open_and_wait(qtbot, window, workbook)
    assert "news.xlsx.dedup.json" in status(window) and "is not a saved review" in status(window)
    assert window.session.rows_to_remove == 4


def test_opening_again_with_unsaved_decisions_asks_first(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(2)
    click_members(qtbot, window, [3])
    window.review_actions.not_duplicate.trigger()
    with qtbot.waitSignal(window.messageShown) as shown:
        window.open_path(workbook)  # the same file again, e.g. another sheet or from the recent files
    assert shown.args[0] == "Save your review?" and not window.runner.busy
    window.last_message.button(QMessageBox.StandardButton.Cancel).click()
    assert window.session.intent.not_duplicate == {3}


def test_after_a_decision_the_status_bar_counts_what_the_export_will_remove(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    assert status(window).startswith("3 clusters · 4 rows to remove of 9")
    window.select_cluster(3)
    click_members(qtbot, window, [5])
    window.review_actions.not_duplicate.trigger()
    assert status(window) == "2 clusters · 3 rows to remove of 9"


def test_the_status_bar_counts_one_proposed_pair_as_one_in_either_language(qtbot, window, tmp_path, english_afterwards):
    path = tmp_path / "two.csv"
    pd.DataFrame({"text": [ART_C, ART_C.replace("昨晚", "前晚"), BODIES[0]]}).to_csv(path, index=False)
    open_and_wait(qtbot, window, path)
    assert window.session.result.proposed == 1
    assert "N-gram overlap proposed 1 pair; 0 failed the text check" in status(window)
    i18n.install(i18n.CHINESE, english_afterwards)
    open_and_wait(qtbot, window, path)
    assert "提出 1 对候选；其中 0 对未通过文本核验" in status(window)
    pd.DataFrame({"text": [ART_C, ART_C.replace("昨晚", "前晚"), ART_C.replace("昨晚", "今晨")]}).to_csv(
        path, index=False
    )
    open_and_wait(qtbot, window, path)
    assert window.session.result.proposed == 3 and "提出 3 对候选；" in status(window)


# -- rows kept for the user to check ----

QUESTIONS = ["插卡电表怎么读", "插卡电表怎么用", "苹果手机怎么截图", "苹果手机怎样截图", "学英语的好方法"]


def test_next_row_to_check_goes_from_one_to_the_next_and_round(qtbot, window, tmp_path):
    """Review ▸ Next row to check (T): each row kept to check in turn, in the cluster list's order from the cluster
    on screen, round to the start; a row the user decided is passed over; none left is said."""
    path = tmp_path / "questions.csv"
    rows = ["插卡电表怎么读", "插卡电表怎么用", "完全无关的一句话内容", "明天上海会下雨吗", "明天上海会下雪吗",
            "苹果手机怎么截图", "苹果手机怎样截图", "红色裙子配什么鞋", "红色裙子配什么包"]  # fmt: skip
    pd.DataFrame({"问题": rows}).to_csv(path, index=False)
    window.settings_panel.set_settings(Settings(algorithm="ngram"))
    open_and_wait(qtbot, window, path)
    session = window.session
    held = sorted(session.held)
    assert held == [1, 4, 8]
    order = [session.cluster_of(r) for r in held]
    window.select_cluster(session.cluster_of(6))  # (a cluster without one, between the second and the third)
    window.review_actions.next_to_check.trigger()
    assert window.pane.selected_member() == 8 and window.current_cluster_id() == order[2]
    qtbot.keyClick(window.members_view, Qt.Key.Key_T)  # the key, as the user presses it: round to the start
    assert window.pane.selected_member() == 1
    window.review_actions.remove.trigger()  # decided: passed over from now on
    window.review_actions.next_to_check.trigger()
    assert window.pane.selected_member() == 4
    for row in (4, 8):
        window.select_cluster(session.cluster_of(row), row)
        window.review_actions.remove.trigger()
    window.review_actions.next_to_check.trigger()
    assert status(window) == "No row is kept for you to check."


def test_a_story_partly_in_other_words_is_kept_to_check_and_says_why(qtbot, window, tmp_path):
    """A Latin text held as a rewrite (``core.doubt.rewritten``) says so where a short Chinese question held says
    it is a character or a word apart: above the compared text and in its status's tooltip."""
    from test_rewritten import OTHER, REWRITE, STORY, TYPOS

    path = tmp_path / "news.csv"
    pd.DataFrame({"text": [STORY, REWRITE, TYPOS, OTHER]}).to_csv(path, index=False)
    window.settings_panel.set_settings(Settings(algorithm="ngram"))
    open_and_wait(qtbot, window, path)
    assert window.session.result.held.tolist() == [1] and window.session.rows_to_remove == 1
    window.select_cluster(1)
    click_members(qtbot, window, [1])
    assert "kept for you to check — partly in other words" in window.compare.right.title.text()
    model = window.pane.members_model
    at = member_rows(window).index(1)
    assert "partly written in other words" in model.data(model.index(at, 1), Qt.ItemDataRole.ToolTipRole)
    click_members(qtbot, window, [2])  # the typo'd copy: removed
    assert window.session.status(1, 2) == REMOVED


def test_a_sentence_with_words_put_between_its_words_is_kept_to_check_and_says_so(qtbot, window, tmp_path):
    """A sentence whose words the other has with other words put between them (``core.doubt.words_inserted``) is
    held as no excerpt of it, and says that - not that it is partly in other words."""
    texts = [
        "Proceeds of the offering will be used for working capital and general corporate purposes, the company said.",
        "Proceeds of the offering will be used to reduce bank debt and for working capital and general corporate "
        "purposes, the company said.",
        "Shares of the company rose sharply in early trading on the New York Stock Exchange on Monday.",
    ]
    title = open_texts_and_compare(qtbot, window, tmp_path / "notices.csv", texts, 0)
    assert window.session.result.held.tolist() == [0] and window.session.rows_to_remove == 0
    assert "kept for you to check — the same words with other words put between them" in title
    assert "partly in other words" not in title


@pytest.mark.parametrize(
    ("texts", "says", "held", "listed"),
    [
        (
            [
                "The debentures are non-callable for five years and rated BB-plus by Standard and Poor's Corp.",
                "The debentures are non-callable for five years and rated BBB-plus by Standard and Poor's Corp.",
            ],
            "kept for you to check — another credit rating",
            1,  # (the first of two alike kept)
            "another rating or month",
        ),
        (
            [
                "Qtly div 40 cts vs 40 cts prior Pay May 15 Record April One Reuter",
                "Qtly div 40 cts vs 40 cts prior Pay May 15 Record May one.",
            ],
            "kept for you to check — a date in another month",
            1,
            "another rating or month",
        ),
        (
            [
                "ACME GROWTH TRUST SETS MONTHLY PAYOUT Mthly div 6.2 cts vs 6.2 cts prior Pay May 29 Record May 15 "
                "NOTE: The full name of the fund is Acme Growth Municipal Trust. Reuter",
                "ACME HIGH-YIELD TRUST SETS MONTHLY PAYOUT Mthly div 6.2 cts vs 6.2 cts prior Pay May 29 Record May 15 "
                "NOTE: The full name of the fund is Acme High-Yield Growth Municipal Trust. Reuter",
            ],
            "kept for you to check — the same words changed in several places (another item)",
            0,  # (the longer notice, which holds the other's words, kept)
            "partly in other words",
        ),
        (
            [
                "Moody's Investors Service Inc said it may downgrade 700 mln dlrs of debt of Dana Corp and its unit.",
                "Moody's Investors Service Inc said it downgraded 700 mln dlrs of debt of Dana Corp and its unit.",
            ],
            "kept for you to check — what one says may be done, the other says was done",
            1,
            "done where the other says may be done",
        ),
        (
            [
                "根据教育部有关规定，网上报名期间系统将对考生的学历信息进行网上校验，考生可随时登录网站查看学历校验结果，"
                "未通过校验的考生须在现场确认时提交学历证书原件。考生也可在报名前自行登录学信网查询本人的学历信息是否可以通过校验。",
                "根据教育部有关规定，网上报名期间系统将对考生的学历信息进行网上校验，并于次日以短信通知考生，"
                "考生可随时登录网站查看学历校验结果，未通过校验的考生须在现场确认时提交学历证书原件。",
            ],
            "kept for you to check — a passage of its own, no excerpt of the kept row",
            1,
            "a passage of its own",
        ),
    ],
)
def test_a_row_held_for_another_rating_or_another_item_says_which(qtbot, window, tmp_path, texts, says, held, listed):
    """The compare view's title says why a Latin row is kept to check: another credit rating, or the same words
    changed in several places (a template's other item) - not that it is partly in other words; the summary above
    the clusters lists that kind among those a row may be kept to check for."""
    texts = [*texts, "Shares of the company rose sharply in early trading on the New York Stock Exchange on Monday."]
    title = open_texts_and_compare(qtbot, window, tmp_path / "notices.csv", texts, held)
    assert window.session.result.held.tolist() == [held] and window.session.rows_to_remove == 0
    assert says in title and "partly in other words" not in title
    summary = window.pane.summary.text()
    assert "1 row kept for you to check: " in summary and listed in summary.split("kept for you to check: ")[1]


def test_a_row_with_the_text_of_a_row_kept_to_check_says_it_goes_as_its_copy(qtbot, window, tmp_path):
    """The row kept to check stays; a second row of its text is removed as its copy, and says so - not as a copy
    of the kept row, which it is a character from."""
    texts = ["插卡电表怎么读", "插卡电表怎么用", "完全无关的一段文字内容", "插卡电表怎么用"]
    title = open_texts_and_compare(qtbot, window, tmp_path / "twins.csv", texts, 3)
    session = window.session
    assert session.result.held.tolist() == [1] and session.rows_to_remove == 1
    assert "will be removed — the same text as row 2, which stays" in title
    model = window.pane.members_model
    at = model.index(member_rows(window).index(3), 1)
    assert model.data(at, Qt.ItemDataRole.DisplayRole) == "Remove: same as row 2"
    assert "as a copy of row 2, which is kept for you to check" in model.data(at, Qt.ItemDataRole.ToolTipRole)
    # ... whole: the Status column is widened to the text (the widths are made for "★ Kept", "? To check")
    view = window.members_view
    assert (
        view.columnWidth(1) >= view.sizeHintForColumn(1) > view.fontMetrics().horizontalAdvance("Remove: same as row 2")
    )
    # Row 2 removed too (it is a copy after all): row 4 goes as a copy of the kept row, and says nothing more.
    click_members(qtbot, window, [1])
    qtbot.keyClick(window.members_view, Qt.Key.Key_Delete)
    assert session.rows_to_remove == 2
    click_members(qtbot, window, [3])
    assert window.compare.right.title.text().endswith("will be removed")
    assert model.data(model.index(member_rows(window).index(3), 1), Qt.ItemDataRole.DisplayRole) == "Remove"


def test_a_row_kept_to_check_is_shown_counted_and_removed_with_one_key(qtbot, window, tmp_path):
    path = tmp_path / "questions.csv"
    pd.DataFrame({"问题": QUESTIONS}).to_csv(path, index=False)
    window.settings_panel.set_settings(Settings(algorithm="ngram"))
    open_and_wait(qtbot, window, path)
    session = window.session
    assert session.result.held.tolist() == [1] and session.rows_to_remove == 1  # 怎么 / 怎样 is a copy
    clusters = window.pane.cluster_model
    headers = [clusters.headerData(i, Qt.Orientation.Horizontal) for i in range(clusters.columnCount())]
    to_check = headers.index("To check")
    assert [clusters.index(i, to_check).data() for i in range(clusters.rowCount())] == ["1", ""]
    assert "· 1 to check" in window.pane.summary.text() and "1 to check" in status(window)
    window.show_export_dialog()  # said before exporting: the row stays in the cleaned file
    assert "Of these, 1 row is kept for you to check." in window.export_dialog.heading.text()
    window.export_dialog.reject()
    window.select_cluster(1)
    click_members(qtbot, window, [1])
    assert window.session.status(1, 1) == HELD
    assert "kept for you to check — a character or a word apart" in window.compare.right.title.text()
    model = window.pane.members_model
    tip = model.data(model.index(member_rows(window).index(1), 1), Qt.ItemDataRole.ToolTipRole)
    assert "a character or a word apart" in tip and "other words" not in tip
    qtbot.keyClick(window.members_view, Qt.Key.Key_Delete)
    assert window.session.status(1, 1) == REMOVED and window.session.rows_to_remove == 2
    assert "to check" not in window.pane.summary.text()
    window.tabs.setCurrentIndex(1)
    assert window.rows_model.index(1, 2).data() == "Duplicate of 1"
    qtbot.keyClick(window.members_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.status(1, 1) == HELD and window.rows_model.index(1, 2).data() == "To check"


def test_a_copy_with_a_multiplier_dropped_is_kept_to_check_and_says_why(qtbot, window, tmp_path):
    """A copy that writes "5000元" for "5000万元" (``textcheck.scale_changed``) is held, and says it is a figure's
    multiplier, above the compared text and in its status's tooltip - not that it is a character apart."""
    from test_scale import FINE

    texts = [
        FINE,
        FINE.replace("5000万元", "5000元"),
        FINE.replace("违法所得", "违法所德"),
        "今天天气很好，适合出门散步。",
    ]
    title = open_texts_and_compare(qtbot, window, tmp_path / "court.csv", texts, 1)
    assert window.session.result.held.tolist() == [1] and window.session.rows_to_remove == 1
    assert "a figure with its multiplier (万, 亿, million) dropped or changed" in title
    assert "a character or a word apart" not in title
    model = window.pane.members_model
    tip = model.data(model.index(member_rows(window).index(1), 1), Qt.ItemDataRole.ToolTipRole)
    assert "another multiplier" in tip
    click_members(qtbot, window, [2])  # the typo'd copy: removed, and no multiplier said of it
    assert "multiplier" not in window.compare.right.title.text()


def test_the_summary_counts_exact_copies_in_words_that_agree_with_their_number(qtbot, window, tmp_path):
    one = "公司公告称，本次交易金额为5000万元，交易完成后公司将持有目标公司51%的股权。"
    other = "今天天气很好，适合出门散步，公园里的人比平时多了不少。"
    path = tmp_path / "copies.csv"
    pd.DataFrame({"text": [one, one, other]}).to_csv(path, index=False)
    window.settings_panel.set_settings(Settings(algorithm="ngram"))
    open_and_wait(qtbot, window, path)
    assert window.session.result.exact_duplicates == 1
    assert "1 row is an exact copy" in window.pane.summary.text()
    path = tmp_path / "more_copies.csv"
    pd.DataFrame({"text": [one, one, other, other, other]}).to_csv(path, index=False)
    open_and_wait(qtbot, window, path)
    assert window.session.result.exact_duplicates == 3
    assert "3 rows are exact copies" in window.pane.summary.text()
