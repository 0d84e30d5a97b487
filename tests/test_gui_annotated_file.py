"""Back to the desktop (issue 14, item 5): the real window opens an annotated file and reviews the clusters it
records without running the engine; decisions, undo and the cleaned export work as usual; a setting changed or
"Find duplicates" runs the engine on the table without its dup_* columns; a file whose dup_* columns disagree says
so in one line and is run normally."""

from __future__ import annotations

import pandas as pd
import pytest
from PySide6.QtCore import QSettings

from dedup_gui.core.annotated import COLUMNS, SOURCE_NOTE
from dedup_gui.core.export import export
from dedup_gui.core.io import read_table
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.result import Decisions
from dedup_gui.core.settings import Settings
from dedup_gui.gui.main_window import MainWindow
from tests.test_gui_window import BODIES, EXPECTED

TIMEOUT = 60_000
SETTINGS = Settings(keep="first")  # the tests name the kept row: the first of its cluster
IDS = [f"00{i}" for i in range(1, 9)]


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.settings_panel.set_settings(SETTINGS)
    w.show()
    yield w
    w.state.mark_saved()  # no "save your review?" question when the test ends
    w.close()


@pytest.fixture
def runs(monkeypatch):
    """Every engine run, counted (the runs still happen)."""
    calls: list[Settings] = []
    original = Pipeline.run

    def counted(self, settings, reporter=None):
        calls.append(settings)
        return original(self, settings, reporter)

    monkeypatch.setattr(Pipeline, "run", counted)
    return calls


def annotate(tmp_path, suffix: str):
    """An annotated file of the news table, from a desktop run in which row 5 was marked "not a duplicate"
    (cluster 2 then removes nothing); returns (its path, the run's result)."""
    source = tmp_path / "news.xlsx"
    frame = pd.DataFrame({"id": IDS, "title": [f"标题{i}" for i in range(1, 9)], "body": BODIES, "views": range(8)})
    frame.to_excel(source, index=False)
    table = read_table(source)
    result = Pipeline.for_table(table, ["body"]).run(SETTINGS)
    assert [c.members for c in result.clusters] == EXPECTED
    path = tmp_path / f"news_annotated{suffix}"
    xlsx = path if suffix == ".xlsx" else tmp_path / "news_annotated.xlsx"
    export(table, result, Decisions(not_duplicate={4}), annotated=xlsx)
    if suffix == ".parquet":  # as the Spark job writes it: the same columns in Parquet
        pd.read_excel(xlsx, engine="calamine", dtype={"id": str}).to_parquet(path, index=False)
    elif suffix == ".csv":
        pd.read_excel(xlsx, engine="calamine", dtype={"id": str}).to_csv(path, index=False)
    return path, result


def status(window) -> str:
    return window.statusBar().currentMessage()


@pytest.mark.parametrize("suffix", [".xlsx", ".csv", ".parquet"])
def test_an_annotated_file_is_reviewed_as_it_is_and_exports_clean(qtbot, window, tmp_path, runs, suffix):
    if suffix == ".parquet":
        pytest.importorskip("pyarrow", reason="Parquet needs pyarrow (the [spark] extra)")
    path, original = annotate(tmp_path, suffix)
    runs.clear()
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(path)
    assert runs == []  # nothing was recomputed
    session = window.session
    assert [(c.kept, c.members) for c in session.clusters] == [(c.kept, c.members) for c in original.clusters]
    assert session.intent.not_duplicate == {4}  # the file's "not a duplicate" row is a decision again
    assert session.rows_to_remove == 2
    assert SOURCE_NOTE in status(window)
    assert not set(COLUMNS) & set(window.table.columns)  # the old result is neither text nor data
    assert window.data_panel.selected_columns() == ["body"]

    window.select_cluster(1)
    window.select_member(6)
    window.review_actions.not_duplicate.trigger()  # row 7 stays too
    assert window.session.rows_to_remove == 1
    window.state.undo.undo()
    assert window.session.rows_to_remove == 2
    window.state.undo.redo()

    cleaned = tmp_path / "cleaned.xlsx"
    with qtbot.waitSignal(window.exported, timeout=TIMEOUT):
        window.export({"cleaned": cleaned})
    back = pd.read_excel(cleaned, engine="calamine", dtype=str)
    assert list(back.columns) == ["id", "title", "body", "views"]  # no old dup_* columns
    assert back["id"].str.zfill(3).tolist() == ["001", "002", "004", "005", "006", "007", "008"]  # row 3 removed
    assert back["body"].tolist() == [BODIES[i] for i in (0, 1, 3, 4, 5, 6, 7)]
    assert runs == []

    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.run_button.click()  # "Find duplicates": the engine, on the texts only
    assert len(runs) == 1
    assert [c.members for c in window.session.clusters] == EXPECTED
    assert SOURCE_NOTE not in status(window)


def test_a_changed_setting_runs_the_engine_on_an_annotated_file(qtbot, window, tmp_path, runs):
    path, _ = annotate(tmp_path, ".xlsx")
    runs.clear()
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(path)
    assert runs == []
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.settings_panel.set_algorithm("nshash")
    assert [s.algorithm for s in runs] == ["nshash"]
    assert [c.members for c in window.session.clusters] == EXPECTED


def test_a_bad_annotated_file_says_why_and_is_run_normally(qtbot, window, tmp_path, runs):
    path, _ = annotate(tmp_path, ".xlsx")
    frame = pd.read_excel(path, engine="calamine", dtype={"id": str})
    frame.loc[6, "dup_kept"] = 7  # neither kept nor removed
    bad = tmp_path / "bad_annotated.xlsx"
    frame.to_excel(bad, index=False)
    runs.clear()
    shown: list[tuple[str, str]] = []
    window.messageShown.connect(lambda title, text: shown.append((title, text)))
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(bad)
    assert len(shown) == 1
    title, text = shown[0]
    assert title == "Could not read the clusters from the file"
    assert "bad_annotated.xlsx" in text and "data row 7" in text and "dup_kept" in text
    assert "Traceback" not in text
    assert len(runs) == 1  # found again from the texts
    assert [c.members for c in window.session.clusters] == EXPECTED
    assert not set(COLUMNS) & set(window.table.columns)
    assert window.table.data["id"].tolist() == IDS  # every row is there
