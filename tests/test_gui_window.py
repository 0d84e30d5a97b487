"""The real main window, driven offscreen: open, run each algorithm, tune, review, decide, export, fail, cancel."""

from __future__ import annotations

import random

import pandas as pd
import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QTimer, QUrl
from PySide6.QtGui import QDropEvent

from dedup_gui.core.algorithms.registry import ALGORITHMS
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings
from dedup_gui.gui.main_window import MainWindow

ART_A = (
    "本报讯 昨天上午，市交通委员会召开新闻发布会，宣布今年年底前将新开通三条地铁线路，总里程超过八十公里。"
    "据介绍，这三条线路分别连接城市东部的产业园区、南部的大学城以及西北方向的新建居住区，建成后将缓解早晚高峰的通勤压力。"
    "交通委负责人表示，新线路全部采用全自动驾驶系统，列车最高时速可达一百公里，站台均设置了屏蔽门和无障碍电梯。"
    "有市民在接受采访时说，自己每天从郊区到市中心上班需要一个半小时，新线路开通后预计可以节省将近一半的时间。"
)
ART_B = (
    "气象部门今天发布消息称，受强冷空气影响，本周后半段我省大部分地区将迎来明显降温，局部地区降温幅度可达十二摄氏度以上。"
    "预计周四夜间起，北部山区将先后出现雨夹雪或小雪天气，中南部地区则以小到中雨为主，并伴有五到六级的偏北大风。"
    "气象专家提醒，这次降温过程来得快、幅度大，老人、儿童和患有慢性病的人群要注意及时添加衣物，谨防感冒。"
    "农业部门也提醒种植户提前做好大棚蔬菜和露天果树的防寒保暖工作，避免霜冻造成损失。"
)
ART_C = (
    "昨晚进行的全国女子排球联赛中，主场作战的本地球队以三比一战胜了上赛季的冠军，取得了本赛季的第五场胜利。"
    "比赛开始后，客队凭借出色的拦网一度领先，但主队及时调整战术，加强了发球的攻击性，很快扭转了被动局面。"
)
BODIES = [
    ART_A,  # row 1
    ART_B,  # row 2
    ART_A.replace("缓解", "缓和"),  # row 3: repost of 1 with a word changed (not a figure: that is another report)
    "Unrelated short row about nothing.",  # row 4
    ART_B.replace("气象专家", "专家").replace("明显", "显著") + "（来源：新华社）",  # row 5: repost of 2
    ART_C,  # row 6
    ART_A.replace("昨天", "前天") + "责任编辑：张三",  # row 7: repost of 1
    "另一条不相关的短新闻。",  # row 8
]
EXPECTED = [[0, 2, 6], [1, 4]]
TIMEOUT = 60_000  # the first run loads jieba's dictionaries


@pytest.fixture
def store(tmp_path):
    """A private settings file: tests never touch the user's settings."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def workbook(tmp_path):
    path = tmp_path / "news.xlsx"
    frame = pd.DataFrame(
        {
            "id": [f"00{i}" for i in range(1, 9)],
            "title": [f"标题{i}" for i in range(1, 9)],
            "body": BODIES,
            "views": [10, 20, 30, 40, 50, 60, 70, 80],
        }
    )
    frame.to_excel(path, index=False)
    return path


@pytest.fixture
def window(qtbot, store):
    w = MainWindow(store)
    qtbot.addWidget(w)
    w.settings_panel.set_settings(Settings(keep="first"))  # the tests name the kept row: the first of its cluster
    w.show()
    yield w
    w.state.mark_saved()  # no "save your review?" question when the test ends
    w.close()


def open_and_wait(qtbot, window, path):
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(path)


def choose(qtbot, window, algorithm, threshold=None):
    panel = window.settings_panel
    if panel.settings().algorithm == algorithm and threshold in (None, panel.threshold.value()):
        return
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.settings_panel.set_algorithm(algorithm)
        if threshold is not None:
            window.settings_panel.threshold.spin.setValue(threshold)


def clusters(window):
    return [c.members for c in window.session.clusters]


def test_opening_a_workbook_preselects_the_body_column_and_finds_the_reposts(qtbot, window, workbook):
    window.settings_panel.set_algorithm("ngram")
    open_and_wait(qtbot, window, workbook)
    assert window.data_panel.selected_columns() == ["body"]
    assert clusters(window) == EXPECTED
    assert window.summary.text() == "<b>2 clusters · 3 rows to remove of 8</b>"
    assert window.pane.cluster_model.rowCount() == 2
    assert window.tabs.currentIndex() == 0  # the clusters tab is shown once they are in
    assert window.rows_model.rowCount() == 8


@pytest.mark.parametrize("algorithm, threshold", [("simhash", 8), ("nshash", None), ("ngram", None)])
def test_each_algorithm_finds_the_expected_clusters(qtbot, window, workbook, algorithm, threshold):
    open_and_wait(qtbot, window, workbook)
    choose(qtbot, window, algorithm, threshold)
    assert window.session.result.settings.algorithm == algorithm
    assert clusters(window) == EXPECTED


def test_the_sliders_follow_the_algorithm(qtbot, window):
    panel = window.settings_panel
    panel.set_algorithm("simhash")
    assert panel.threshold.label.text() == "<b>Max bit difference</b>"
    assert panel.threshold.spin.suffix() == " bits"
    panel.set_algorithm("ngram")
    assert panel.threshold.spin.decimals() == 2
    assert panel.threshold.spin.value() == pytest.approx(ALGORITHMS["ngram"].threshold.default)
    assert "Jaccard" in panel.threshold.slider.toolTip()


def test_a_dragged_threshold_slider_reclusters_once_from_cached_fingerprints(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    choose(qtbot, window, "simhash", 8)
    pipeline = next(iter(window.pipelines.values()))
    runs = []
    window.runner.started.connect(lambda job: runs.append(type(job).__name__))
    shown = []
    window.resultShown.connect(lambda: shown.append(window.session))
    slider = window.settings_panel.threshold.slider
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        for value in (7, 6, 5, 4):  # a drag: four steps in quick succession
            slider.setValue(value)
    # Nothing running and no run scheduled: no second run can follow the one shown.
    assert not window.runner.busy and not window.debounce.isActive()
    assert runs == ["RunJob"] and len(shown) == 1
    assert window.session.result.settings.threshold == 4
    at = {
        t: [c.members for c in Pipeline(BODIES).run(Settings(algorithm="simhash", threshold=t)).clusters]
        for t in (4, 7)
    }
    assert at[4] != at[7] and clusters(window) == at[4]  # the clusters of the last step, not of the first
    assert f"{len(at[4])} cluster" in window.summary.text()
    assert next(iter(window.pipelines.values())) is pipeline  # same pipeline: fingerprints reused


def test_selecting_a_cluster_shows_the_changed_characters_side_by_side(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(1)
    window.select_member(2)  # row 3: 缓解 -> 缓和
    compare = window.compare
    assert compare.left.edit.toPlainText() == ART_A
    assert compare.right.edit.toPlainText() == BODIES[2]
    assert [s[2] for s in compare.highlighted_spans("left")] == ["解"]
    assert [s[2] for s in compare.highlighted_spans("right")] == ["和"]
    assert compare.position.text() == "Difference <b>1</b> of 1"
    expected = window.session.result.cluster_by_id(1).similarity[2]  # the text check's score, shown as a percentage
    assert 0.9 < expected < 1.0
    assert f"{expected:.0%}" in compare.similarity.text()

    window.select_member(6)  # row 7: 昨天 -> 前天 and an appended byline
    assert compare.difference_count == 2
    qtbot.keyClick(window.cluster_view, Qt.Key.Key_N)
    assert compare.position.text() == "Difference <b>2</b> of 2"
    assert compare.highlighted_spans("right")[-1][2] == "责任编辑：张三"
    qtbot.keyClick(window.cluster_view, Qt.Key.Key_P)
    assert compare.position.text() == "Difference <b>1</b> of 2"


def test_a_decision_on_the_pair_on_screen_keeps_its_texts_and_the_difference_the_user_was_at(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(1)
    window.select_member(6)  # row 7: two differences
    compare = window.compare
    qtbot.keyClick(window.cluster_view, Qt.Key.Key_N)
    assert compare.position.text() == "Difference <b>2</b> of 2"
    document = compare.right.edit.document()
    revision = document.revision()
    window.review_actions.not_duplicate.trigger()  # row 7 stays
    assert "not a duplicate" in compare.right.title.text()
    assert compare.position.text() == "Difference <b>2</b> of 2"  # where the user was
    assert compare.right.edit.document() is document and document.revision() == revision  # not laid out again
    assert compare.highlighted_spans("right")[-1][2] == "责任编辑：张三"
    window.select_member(2)  # another pair: its own texts, from its first difference
    assert compare.right.edit.toPlainText() == BODIES[2]
    assert compare.position.text() == "Difference <b>1</b> of 1"


def test_arrow_keys_move_through_clusters(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.cluster_view.setFocus()
    assert window.current_cluster_id() == 1
    qtbot.keyClick(window.cluster_view, Qt.Key.Key_Down)
    assert window.current_cluster_id() == 2
    assert window.compare.left.edit.toPlainText() == ART_B


def test_the_cluster_list_sorts_by_size_and_back_to_cluster_order(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    model = window.pane.cluster_model
    ids = model.visible_ids()
    assert ids == sorted(ids)
    window.cluster_view.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    sizes = [int(model.index(r, 1).data()) for r in range(model.rowCount())]
    assert sizes == sorted(sizes, reverse=True)
    window.cluster_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert model.visible_ids() == ids


def test_the_filter_box_narrows_the_cluster_list(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.filter_edit.setText("新华社")
    assert window.pane.cluster_model.rowCount() == 1
    assert window.current_cluster_id() == 2


def test_kept_row_and_not_a_duplicate_drive_the_export(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.select_cluster(1)
    window.select_member(6)
    window.review_actions.keep.trigger()  # keep row 7 instead of row 1
    assert window.session.kept_row(1) == 6
    assert window.compare.left.edit.toPlainText() == BODIES[6]
    window.select_cluster(2)
    window.select_member(4)
    window.review_actions.not_duplicate.trigger()  # row 5 stays: cluster 2 removes nothing now
    assert window.summary.text() == "<b>1 cluster · 2 rows to remove of 8</b><br><span>2 rows decided by you</span>"

    window.show_export_dialog()
    dialog = window.export_dialog
    cleaned = workbook.with_name("news_cleaned.xlsx")
    assert dialog.paths["cleaned"].text() == str(cleaned)
    dialog.enabled["annotated"].setChecked(True)
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT) as blocker:
        dialog.export_button.click()
    written = blocker.args[0]
    assert {w.what for w in written} == {"cleaned", "annotated"}
    back = pd.read_excel(engine="calamine", io=cleaned, dtype=str)
    assert back["id"].tolist() == ["002", "004", "005", "006", "007", "008"]
    assert "6 rows kept, 2 removed" in window.last_message.text()
    annotated = pd.read_excel(engine="calamine", io=workbook.with_name("news_annotated.xlsx"))
    assert annotated["dup_kept"].tolist() == [0, 1, 0, 1, 1, 1, 1, 1]
    original = pd.read_excel(engine="calamine", io=workbook, dtype=str)
    assert original["id"].tolist()[0] == "001"  # the input is untouched


def test_the_export_dialog_refuses_the_input_path(qtbot, window, workbook):
    open_and_wait(qtbot, window, workbook)
    window.show_export_dialog()
    dialog = window.export_dialog
    dialog.paths["cleaned"].setText(str(workbook))
    assert not dialog.export_button.isEnabled()
    assert "input file" in dialog.problem.text()
    dialog.reject()


def test_a_corrupt_file_gets_a_readable_error_and_the_app_stays_usable(qtbot, window, workbook, tmp_path):
    bad = tmp_path / "broken.xlsx"
    bad.write_bytes(b"PK\x03\x04 this is not really a workbook")
    with qtbot.waitSignal(window.messageShown, timeout=TIMEOUT) as blocker:
        window.open_path(bad)
    title, text = blocker.args
    assert title == "Could not open the file"
    assert "broken.xlsx" in text and "Traceback" not in text
    window.last_message.close()
    open_and_wait(qtbot, window, workbook)
    assert clusters(window) == EXPECTED


def test_cancel_stops_a_long_run_and_keeps_the_previous_result(qtbot, window, workbook, tmp_path):
    open_and_wait(qtbot, window, workbook)
    previous = window.session
    big = _big_csv(tmp_path)
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(big)
    kept = window.session
    assert kept is not previous
    window.settings_panel.set_algorithm("simhash")  # new fingerprints: segments every text again
    with qtbot.waitSignal(window.runner.progress, timeout=TIMEOUT):
        window.run_now()
    assert window.cancel_button.isVisible()
    with qtbot.waitSignal(window.runner.cancelled, timeout=10_000):
        qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.session is kept
    assert not window.cancel_button.isVisible()
    assert "Cancelled" in window.statusBar().currentMessage()


def test_the_window_stays_responsive_while_a_large_file_loads_and_runs(qtbot, window, workbook, tmp_path):
    # How long the event loop may stall is measured in benchmarks/gui_heartbeat.py; here: it keeps turning.
    open_and_wait(qtbot, window, workbook)  # dictionaries loaded, as app.main does before showing the window
    big = _big_csv(tmp_path)
    beats_while_busy = []
    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.timeout.connect(lambda: beats_while_busy.append(type(window.runner.current).__name__))
    heartbeat.start()
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(big)
        assert window.runner.busy  # open_path returned at once: reading happens on the worker thread
    heartbeat.stop()
    # The GUI thread handled timer events while the worker read the file (a short job) and again and again while
    # it ran.
    assert beats_while_busy.count("LoadJob") >= 1 and beats_while_busy.count("RunJob") >= 5, beats_while_busy


def test_closing_the_window_during_a_run_stops_the_thread(qtbot, store, tmp_path):
    w = MainWindow(store)
    qtbot.addWidget(w)
    w.show()
    with qtbot.waitSignal(w.runner.progress, timeout=TIMEOUT):
        w.open_path(_big_csv(tmp_path))
    w.close()
    assert not w.runner._thread.isRunning()


def test_settings_and_recent_files_persist_between_runs(qtbot, store, workbook):
    first = MainWindow(store)
    qtbot.addWidget(first)
    with qtbot.waitSignal(first.resultShown, timeout=TIMEOUT):
        first.open_path(workbook)
    first.settings_panel.set_algorithm("nshash")
    first.settings_panel.threshold.spin.setValue(2)
    first.close()

    second = MainWindow(store)
    qtbot.addWidget(second)
    assert second.settings_panel.settings().algorithm == "nshash"
    assert second.settings_panel.settings().threshold == 2
    assert second.recent_files() == [str(workbook)]
    assert second.recent_menu.actions()[0].text().endswith("news.xlsx")
    second.close()


def test_dropping_a_file_on_the_window_opens_it(qtbot, window, workbook):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(workbook))])
    event = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.dropEvent(event)
    assert window.table.path == workbook


def _big_csv(tmp_path, rows=6000):
    """Enough distinct text that a run takes seconds (random CJK characters: no duplicates, small buckets)."""
    path = tmp_path / "big.csv"
    rng = random.Random(0)
    pool = [chr(c) for c in range(0x4E00, 0x4E00 + 2500)]
    bodies = ["".join(rng.choices(pool, k=400)) for _ in range(rows)]
    pd.DataFrame({"id": range(rows), "body": bodies}).to_csv(path, index=False)
    return path
