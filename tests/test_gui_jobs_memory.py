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
