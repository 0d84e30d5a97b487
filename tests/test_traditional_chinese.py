"""Traditional Chinese folded to simplified, as full-width forms are folded: a story of a Hong Kong or Taiwan paper
reposted by a mainland site, converted character by character, is a copy - and what the text check reads in it
(an opposite word, a place, a figure) is read as in the other. (The texts are written for these tests.)"""

import sys
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from engine_texts import ngram_clusters

from dedup_gui.core import text
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import NormaliseOptions, Settings

TRADITIONAL = (
    "恒生指數今日收市上漲320點，報17850點，成交額約1100億港元，科技股表現突出，騰訊及阿里巴巴均錄得升幅，"
    "分析員認為大市短期仍有上升空間。"
)
SIMPLIFIED = (
    "恒生指数今日收市上涨320点，报17850点，成交额约1100亿港元，科技股表现突出，腾讯及阿里巴巴均录得升幅，"
    "分析员认为大市短期仍有上升空间。"
)


def test_the_two_scripts_of_a_story_normalise_alike_and_only_when_asked():
    opts = NormaliseOptions()
    assert text.normalise(TRADITIONAL, opts) == text.normalise(SIMPLIFIED, opts)
    kept = replace(opts, simplify=False)
    assert text.normalise(TRADITIONAL, kept) != text.normalise(SIMPLIFIED, kept)
    assert text.simplify("乾隆年間") == "干隆年间"  # (one character for one: a text keeps its length)
    assert text.simplify("English, 简体, 😀") == "English, 简体, 😀"


@pytest.mark.parametrize("algorithm", ["ngram", "nshash", "simhash"])
def test_a_story_converted_to_the_other_script_is_a_copy(algorithm):
    other = "今日港股三大指数涨跌不一，市场成交清淡，投资者观望情绪浓厚，医药股普遍下跌，地产股则小幅上扬。"
    result = Pipeline([TRADITIONAL, other, SIMPLIFIED]).run(Settings(algorithm=algorithm))
    assert sorted(sorted(c.members) for c in result.clusters) == [[0, 2]]
    kept = Settings(algorithm=algorithm, normalise=NormaliseOptions(simplify=False))
    assert Pipeline([TRADITIONAL, other, SIMPLIFIED]).run(kept).clusters == []


@pytest.mark.parametrize(
    "changed",
    [
        SIMPLIFIED.replace("上涨", "下跌"),  # the opposite (read in the texts as written: folded there too)
        SIMPLIFIED.replace("320", "230"),  # another figure
    ],
)
def test_a_converted_story_that_changes_a_fact_is_no_copy(changed):
    copy = SIMPLIFIED.replace("。", "！", 1)
    clusters = ngram_clusters([TRADITIONAL, changed, copy])
    assert clusters == [[0, 2]]


def test_what_the_text_check_reads_in_texts_as_written_it_reads_folded_too():
    """A word that stops what follows it, put in, is read in the texts as written (where case tells names): there
    the traditional text is folded too, or the two would be too many characters apart to be read at all."""
    closed = "受颱風影響，本市所有景區將從明天起暫停營業，具體恢復時間將另行通知，請廣大遊客合理安排出行計劃。"
    opened = "受台风影响，本市所有景区将从明天起营业，具体恢复时间将另行通知，请广大游客合理安排出行计划。"
    assert ngram_clusters([closed, opened, opened.replace("。", "！")]) == [[1, 2]]


def test_a_converted_story_with_a_word_written_for_another_is_kept_to_check():
    changed = SIMPLIFIED.replace("科技股", "地产股")
    result = Pipeline([TRADITIONAL, changed]).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 1]]
    assert result.held.tolist() == [1]  # (as the same word written for another in two simplified texts is)


def test_the_normalisation_tells_which_texts_it_folded():
    texts = [SIMPLIFIED, TRADITIONAL, "plain English", "", "沒有"]
    folded = np.zeros(len(texts), dtype=bool)
    text.normalise_all(texts, NormaliseOptions(), folded)
    assert folded.tolist() == [False, True, False, False, True]


def test_the_compare_view_diff_shows_what_a_conversion_changed_besides():
    from dedup_gui.core.diff import diff_texts

    changed = SIMPLIFIED.replace("上涨", "下跌")
    ops = [op for op in diff_texts(TRADITIONAL, changed).opcodes if op[0] != "equal"]
    start = TRADITIONAL.index("上漲")
    assert ops == [("replace", start, start + 2, start, start + 2)]


def test_the_command_line_keeps_traditional_characters_when_asked(tmp_path):
    from dedup_gui.cli import run

    path = tmp_path / "news.csv"
    pd.DataFrame({"正文": [TRADITIONAL, SIMPLIFIED]}).to_csv(path, index=False)
    out, kept = tmp_path / "clean.csv", tmp_path / "kept.csv"
    assert run([str(path), "--column", "正文", "--output", str(out), "--quiet"]) == 0
    assert pd.read_csv(out)["正文"].tolist() == [TRADITIONAL]  # (exported as written)
    assert run([str(path), "--column", "正文", "--output", str(kept), "--keep-traditional", "--quiet"]) == 0
    assert pd.read_csv(kept)["正文"].tolist() == [TRADITIONAL, SIMPLIFIED]


@pytest.fixture
def without_opencc(monkeypatch):
    """No OpenCC (a platform it has no wheel for): its import fails, and the tables made from it are made again."""
    tables = (
        text._t2s_table,
        text._t2s_map,
        text._t2s_changes,
        text._simplified_fused_tables,
        text._flagged_fused_table,
    )
    for table in tables:
        table.cache_clear()
    monkeypatch.setitem(sys.modules, "opencc", None)
    yield
    monkeypatch.undo()
    for table in tables:
        table.cache_clear()


def test_without_opencc_nothing_is_folded_and_everything_works(without_opencc):
    assert text.simplify(TRADITIONAL) == TRADITIONAL
    assert text.normalise(TRADITIONAL, NormaliseOptions()) != text.normalise(SIMPLIFIED, NormaliseOptions())
    assert ngram_clusters([TRADITIONAL, SIMPLIFIED, TRADITIONAL + "！"]) == [[0, 2]]


def test_the_settings_panel_turns_the_folding_off_and_shows_it(qtbot):
    from dedup_gui.gui.settings_panel import SettingsPanel

    panel = SettingsPanel()
    qtbot.addWidget(panel)
    assert panel.simplify.isChecked() and panel.settings().normalise.simplify
    with qtbot.waitSignal(panel.changed):
        panel.simplify.setChecked(False)
    assert panel.settings().normalise.simplify is False
    panel.set_settings(Settings())
    assert panel.simplify.isChecked()


def test_the_compare_view_folds_as_the_run_on_screen_did(qtbot):
    """Folded where the run folded (a converted story: only what it changed besides is marked), as written where the
    user turned the folding off (every character the two scripts write otherwise is marked)."""
    from dedup_gui.gui.compare_view import CompareView

    view = CompareView()
    qtbot.addWidget(view)
    changed = SIMPLIFIED.replace("上涨", "下跌")
    view.set_texts(TRADITIONAL, changed, "kept", "other")
    assert view.diff is not None and len(view.diff.differences) == 1
    view.fold_traditional = False
    view.set_texts(TRADITIONAL, changed, "kept", "other")  # (the same texts: diffed again, as written)
    assert view.diff is not None and len(view.diff.differences) > 10


def test_the_kept_table_is_named_after_the_installed_opencc_files(tmp_path, monkeypatch):
    """The folding table is kept in the cache under a name told by OpenCC's files (found, not imported): another
    OpenCC installed - its library of another size - is another name, so a table of the old one is never used;
    where it is not installed as files, no name."""
    from importlib.machinery import ModuleSpec

    package = tmp_path / "opencc"
    (package / "clib").mkdir(parents=True)
    (package / "__init__.py").write_text("__version__ = '1'\n", encoding="utf-8")
    library = package / "clib" / "opencc_clib.cpython-311-x86_64-linux-gnu.so"
    library.write_bytes(b"\0" * 100)
    spec = ModuleSpec("opencc", None, origin=str(package / "__init__.py"), is_package=True)
    spec.submodule_search_locations = [str(package)]
    monkeypatch.setattr(text, "find_spec", lambda name: spec if name == "opencc" else None)
    first = text._opencc_stamp()
    assert first is not None and first == text._opencc_stamp()
    library.write_bytes(b"\0" * 101)
    assert text._opencc_stamp() not in (None, first)
    monkeypatch.setattr(text, "find_spec", lambda name: None)
    assert text._opencc_stamp() is None
