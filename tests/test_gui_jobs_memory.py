"""The jobs take what they built out of the garbage collector's full passes (``gc.freeze``): that must never keep a
dropped table, pipeline or review session alive - they are freed by reference counting alone."""

from __future__ import annotations

import gc
import weakref

import pandas as pd

from dedup_gui.core.progress import Reporter
from dedup_gui.core.review_decisions import RowDecisions
from dedup_gui.core.settings import Settings
from dedup_gui.gui import jobs


def test_a_dropped_table_pipeline_and_session_are_freed_although_frozen(tmp_path):
    path = tmp_path / "news.csv"
    body = "记者从市政府获悉，新建的地铁线路将于下个月正式开通运营，沿线设有十二座车站。" * 3
    pd.DataFrame({"正文": [body, body + "（完）", "另一篇完全不同的文章，讲的是天气。" * 4]}).to_csv(path, index=False)
    loaded = jobs.load(path, None, Reporter())
    outcome = jobs.run(loaded.table, ["正文"], Settings(), None, (), RowDecisions(), None, Reporter())
    assert len(outcome.session) == 1 and gc.get_freeze_count() > 0
    alive = [weakref.ref(loaded.table.data), weakref.ref(outcome.pipeline), weakref.ref(outcome.session)]
    del loaded, outcome
    assert [ref() is None for ref in alive] == [True, True, True]


def test_a_read_freezes_its_rows_as_it_goes_and_the_table_is_still_freed(tmp_path):
    path = tmp_path / "news.csv"
    texts = [f"第{i}篇文章的正文。" * 3 for i in range(50)]
    pd.DataFrame({"正文": texts, "来源": ["新华社"] * 50}).to_csv(path, index=False)
    gc.unfreeze()
    loaded = jobs.load(path, None, Reporter())
    assert gc.get_freeze_count() > 0
    assert loaded.guessed_columns == loaded.table.guess_text_columns() == ["正文"]  # found by the job, not the window
    alive = weakref.ref(loaded.table.data)
    del loaded
    assert alive() is None


def test_the_session_a_rerun_replaces_is_freed_after_the_new_one_is_shown(qtbot, tmp_path):
    from PySide6.QtCore import QSettings
    from test_gui_review import make_window, open_and_wait, rerun_at
    from test_gui_review import workbook as make_workbook

    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = make_window(qtbot, store)
    open_and_wait(qtbot, window, make_workbook.__wrapped__(tmp_path))
    first = weakref.ref(window.session)
    rerun_at(qtbot, window, 0.8)
    assert window.session is not first()  # kept until the event loop turns once more, then freed
    qtbot.waitUntil(lambda: first() is None)
    window.state.mark_saved()
    window.close()
