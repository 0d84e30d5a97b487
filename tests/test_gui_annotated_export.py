"""The annotated file from the real export dialog, under the Chinese interface: the status in Chinese words (a
manual decision marked), Chinese extra headers, bands and a filter; with "keep the fixed English names" the
headers are the contract's dup_* names for scripts."""

from __future__ import annotations

import openpyxl
import pytest
from PySide6.QtCore import QSettings

from dedup_gui import i18n
from dedup_gui.core.settings import Settings
from dedup_gui.gui.main_window import MainWindow
from tests.test_gui_window import BODIES

TIMEOUT = 60_000


@pytest.fixture
def chinese(qapp):
    i18n.install(i18n.CHINESE, qapp)
    yield qapp
    i18n.install(i18n.ENGLISH, qapp)


@pytest.fixture
def window(qtbot, tmp_path, chinese):
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.settings_panel.set_settings(Settings(keep="first"))  # the test names the kept row: the first of its cluster
    w.show()
    yield w
    w.state.mark_saved()  # no "save your review?" question when the test ends
    w.close()


@pytest.fixture
def workbook(tmp_path):
    path = tmp_path / "news.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "news"
    ws.append(["id", "正文"])
    for i, body in enumerate(BODIES, start=1):
        ws.append([f"00{i}", body])  # clusters: rows 1, 3, 7 and rows 2, 5
    wb.save(path)
    return path


def export_annotated(qtbot, window, workbook, english_names: bool):
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(workbook)
    window.select_cluster(2)
    window.select_member(4)
    window.review_actions.not_duplicate.trigger()  # row 5 stays, by the user's decision
    window.show_export_dialog()
    dialog = window.export_dialog
    dialog.enabled["cleaned"].setChecked(False)
    dialog.enabled["annotated"].setChecked(True)
    assert dialog.english_names.isEnabled() and not dialog.english_names.isChecked()  # off by default
    dialog.english_names.setChecked(english_names)
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT) as blocker:
        dialog.export_button.click()
    [written] = blocker.args[0]
    assert written.path == workbook.with_name("news_annotated.xlsx")
    return openpyxl.load_workbook(written.path)["news"]


def test_the_annotated_file_speaks_chinese_under_the_chinese_interface(qtbot, window, workbook):
    ws = export_annotated(qtbot, window, workbook, english_names=False)
    assert [c.value for c in ws[1]] == ["id", "正文", "重复组", "状态", "是否保留", "重复于", "相似度"]
    status = [ws.cell(r, 4).value for r in range(2, 10)]
    assert status == ["保留", "保留", "删除", "非重复", "非重复（人工）", "非重复", "删除", "非重复"]
    assert ws.freeze_panes == "A2" and ws.auto_filter.ref == "A1:G9"
    assert ws["A2"].value == "001" and ws["A2"].data_type == "s"
    fills = [ws.cell(r, 1).fill.fgColor.rgb if ws.cell(r, 1).fill.fill_type else None for r in range(2, 10)]
    assert fills[0] == fills[2] == fills[6] and fills[1] == fills[4]  # one fill per cluster
    assert fills[0] != fills[1] and fills[3] is None  # alternating; no fill outside clusters


def test_keep_english_names_writes_the_fixed_headers_for_scripts(qtbot, window, workbook):
    ws = export_annotated(qtbot, window, workbook, english_names=True)
    assert [c.value for c in ws[1]][2:] == ["dup_cluster", "dup_status", "dup_kept", "dup_of", "dup_similarity"]
    assert [ws.cell(r, 4).value for r in range(2, 5)] == ["保留", "保留", "删除"]  # the words stay the reader's
