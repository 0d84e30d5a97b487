"""A body that failed to load - the site's slogan, "来源：36氪" - shared by articles with their own headlines: a
placeholder for a missing text, not a copy (``Table.placeholders``). Those rows are compared with their other
columns too; a column of short texts, or a table without another column of text, keeps the plain rule (a text
repeated is a copy)."""

import pandas as pd
import pytest
from engine_texts import EN_A, ZH_A, ZH_B, ZH_C, ZH_LONG, repost_with_header

from dedup_gui.cli import run
from dedup_gui.core.io import read_table
from dedup_gui.gui.data_panel import DataPanel

SLOGAN = "精度知天下，新闻更悦己"
# (title, body): five articles, three headlines whose bodies are only the slogan, a fourth row that is the first
# of those again (same headline), and a repost of the first article under another headline.
ROWS = [
    ("地铁新线开通", ZH_A),
    ("强冷空气来袭", ZH_B),
    ("女排再胜", ZH_C),
    ("城市规划", ZH_LONG),
    ("Library opens", EN_A),
    ("张国立等出席文艺汇演", SLOGAN),
    ("中超联赛收官", SLOGAN),
    ("新款手机发布", SLOGAN),
    ("张国立等出席文艺汇演", SLOGAN),
    ("转载：地铁新线", repost_with_header(ZH_A)),
]


def write(tmp_path, rows, columns=("title", "body")):
    path = tmp_path / "news.csv"
    pd.DataFrame(rows, columns=list(columns)).to_csv(path, index=False)
    return path


def annotated(tmp_path, path, *args):
    out = tmp_path / "annotated.csv"
    assert run([str(path), "--algorithm", "ngram", "--annotated", str(out), "--status", *args]) == 0
    return pd.read_csv(out)


def test_articles_whose_body_is_only_a_placeholder_stay_and_the_user_is_told(tmp_path, capsys):
    """The three headlines over the slogan stay; the fourth row, the first of them again, is removed as its copy;
    the repost of an article is removed as before. The command line names the placeholder and the column read."""
    path = write(tmp_path, ROWS)
    table = read_table(path)
    found = table.placeholders(["body"])
    assert found is not None and found.rows.tolist() == [5, 6, 7, 8] and found.title == "title"
    assert (found.example, found.example_rows, found.kinds) == (SLOGAN, 4, 1)
    d = annotated(tmp_path, path)  # (the body: the column of the longest texts)
    status = d["dup_status"].tolist()
    assert status[5:8] == ["Kept", "Not a duplicate", "Not a duplicate"]  # (the first, kept for its copy)
    assert status[8] == "Removed" and int(d["dup_of"][8]) == 6
    assert status[9] == "Removed" and int(d["dup_of"][9]) == 1
    assert status[:5] == ["Kept", "Not a duplicate", "Not a duplicate", "Not a duplicate", "Not a duplicate"]
    err = capsys.readouterr().err
    assert f"news.csv: 4 rows share a short text with other rows - '{SLOGAN}' in 4 rows" in err
    assert "compared with their title too" in err


def test_without_a_title_a_repeated_short_text_is_a_copy(tmp_path, capsys):
    """Nothing tells the slogan rows apart - their numbers, the outlet and the day a repost has of its own, no
    title: they are copies of the first, as a spreadsheet's Remove Duplicates would find, and nothing is said."""
    outlets = ["新华网", "人民网", "澎湃新闻"]
    rows = [(1000 + i, outlets[i % 3], f"2024-03-{i + 1:02d}", body) for i, (_, body) in enumerate(ROWS)]
    path = write(tmp_path, rows, ("id", "来源", "发布日期", "body"))
    assert read_table(path).placeholders(["body"]) is None
    d = annotated(tmp_path, path)
    assert d["dup_status"].tolist()[5:9] == ["Kept", "Removed", "Removed", "Removed"]
    assert "placeholder" not in capsys.readouterr().err


def test_in_a_column_of_short_texts_a_repeated_text_is_a_copy(tmp_path):
    """Headlines deduplicated alone: a repeated headline is a copy, whatever the other columns say."""
    rows = [(body[:150], f"{title}（{i}）") for i, (title, body) in enumerate(ROWS)]
    rows += [(ROWS[0][1][:150], "另一个标题")]
    path = write(tmp_path, rows, ("lead", "title"))
    assert read_table(path).placeholders(["lead"]) is None
    d = annotated(tmp_path, path, "--column", "lead")
    assert d["dup_status"].tolist()[10] == "Removed" and int(d["dup_of"][10]) == 1
    assert d["dup_status"].tolist()[5:9] == ["Kept", "Removed", "Removed", "Removed"]


@pytest.mark.parametrize("written", ["  " + SLOGAN, SLOGAN + "\n", "精度知天下,新闻更悦己", "精度知天下，新闻  更悦己"])
def test_a_placeholder_is_one_text_however_its_spaces_and_signs_are_written(tmp_path, written):
    """Spaces at its ends or inside, a half-width comma for the full-width one: the normalisation makes them one text,
    and so one placeholder, read with each row's title (or else the variant alone would be removed as a copy)."""
    rows = [*ROWS[:6], (ROWS[6][0], written), *ROWS[7:]]
    found = read_table(write(tmp_path, rows)).placeholders(["body"])
    assert found is not None and found.rows.tolist() == [5, 6, 7, 8]


def test_a_short_comment_reposted_under_its_title_by_other_outlets_is_still_a_copy(tmp_path):
    """A short text that is the row's own - a reader's comment quoted by three outlets under one title - is read
    with the title, and the reposts go as copies; the outlets and days, which differ, are not read."""
    comment = "说实话续航一般般，客服态度也不错，不太推荐，闺蜜说很喜欢。"
    rows = [(t, "本报", f"2024-03-0{i + 1}", f"{b}\n{ZH_LONG}") for i, (t, b) in enumerate(ROWS[:5])]
    rows += [("用户评论", outlet, "2024-03-09", comment) for outlet in ("时代晚报", "今日新闻网", "新潮商报")]
    path = write(tmp_path, rows, ("标题", "来源", "发布日期", "正文"))
    found = read_table(path).placeholders(["正文"])
    assert found is not None and found.title == "标题" and found.rows.tolist() == [5, 6, 7]
    d = annotated(tmp_path, path, "--column", "正文")
    assert d["dup_status"].tolist()[5:] == ["Kept", "Removed", "Removed"]


def test_a_placeholders_text_is_read_with_the_rows_other_columns_before_it(tmp_path):
    table = read_table(write(tmp_path, ROWS))
    texts = table.texts(["body"])
    assert texts[5] == f"张国立等出席文艺汇演\n{SLOGAN}" and texts[0] == ZH_A
    assert table.column_texts("body")[5] == SLOGAN  # (the column's own values untouched)
    assert table.texts(["title", "body"])[5] == f"张国立等出席文艺汇演\n{SLOGAN}"  # (no placeholder: both read)


def test_the_data_panel_says_which_rows_are_read_with_their_other_columns(qtbot, tmp_path):
    panel = DataPanel()
    qtbot.addWidget(panel)
    panel.set_table(read_table(write(tmp_path, ROWS)), ["body"])
    assert not panel.placeholders.isHidden()
    said = panel.placeholders.text()
    assert said.startswith(f"4 rows share a short text with other rows (“{SLOGAN}” in 4)")
    assert said.endswith("compared with their title too.")
    panel.set_selected_columns(["title"])
    assert panel.placeholders.isHidden()


def test_the_window_asks_for_the_placeholders_once_and_reads_no_cell_twice(tmp_path, qtbot, monkeypatch):
    """The Data panel asks for the placeholders, as does the run after it: answered once for the same columns. And
    a CSV file's cells, all text, are read as they are once the window has made its table of them (``Table.data``) -
    no conversion of each cell (100k posts: a 0.15-0.2 s stall of the window as the file was shown, two passes over
    every cell)."""
    from dedup_gui.core import table as table_module

    table = read_table(write(tmp_path, ROWS))
    _ = table.data  # (what the window's views read: the table's cells become its DataFrame)
    made = []
    find = table_module.Table._find_placeholders
    monkeypatch.setattr(table_module.Table, "_find_placeholders", lambda self, *a: made.append(1) or find(self, *a))
    panel = DataPanel()
    qtbot.addWidget(panel)
    panel.set_table(table, ["body"])
    found = table.placeholders(["body"])
    assert found is not None and sorted(found.rows.tolist()) == [5, 6, 7, 8]
    assert len(made) == 1
    converted = []
    cell_text = table_module.cell_text
    monkeypatch.setattr(table_module, "cell_text", lambda v: converted.append(v) or cell_text(v))
    assert table.column_texts("body") == [body for _, body in ROWS]
    assert converted == []


@pytest.mark.parametrize("chosen", [None, ["title", "body"]])
def test_the_placeholders_the_window_shows_are_found_as_the_file_is_read(tmp_path, qtbot, monkeypatch, chosen):
    """The placeholders of the text columns the window shows a file with - those chosen for it last time, else the
    guessed ones - are found by the job that reads the file, off the window's thread (12,461 articles: 73 ms of the
    window's thread as it showed the table), once: the Data panel and the run take that answer."""
    import threading

    from PySide6.QtCore import QSettings

    from dedup_gui.core import table as table_module
    from dedup_gui.gui.main_window import MainWindow

    path = write(tmp_path, ROWS)
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    if chosen:
        store.setValue(f"columns/{path}", chosen)
    asked = []
    find = table_module.Table._find_placeholders

    def finding(self, columns, texts):
        asked.append((list(columns), threading.current_thread() is threading.main_thread()))
        return find(self, columns, texts)

    monkeypatch.setattr(table_module.Table, "_find_placeholders", finding)
    window = MainWindow(store)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.resultShown, timeout=60_000):
        window.open_path(path)
    shown = chosen or ["body"]
    assert window.data_panel.selected_columns() == shown
    assert asked == [(shown, False)]
    # The slogan under three headlines: told when the body alone is compared; with the titles, nothing to tell
    assert window.data_panel.placeholders.isHidden() == (chosen is not None)
    window.state.mark_saved()
    window.close()


def test_a_table_given_other_data_answers_from_it(tmp_path):
    """The answers kept for a table's cells (which are text, the placeholders found) are let go of when it is given
    other data: a number is a cell's text again, and the placeholders are found anew."""
    table = read_table(write(tmp_path, ROWS))
    assert table.placeholders(["body"]) is not None
    _ = table.data
    table.data = pd.DataFrame({"title": ["a"] * len(ROWS), "body": [float(i) for i in range(len(ROWS))]})
    assert table.column_texts("body") == [str(i) for i in range(len(ROWS))]
    assert table.placeholders(["body"]) is None


def test_the_runs_texts_take_the_placeholders_the_data_panel_found(tmp_path, monkeypatch):
    """The placeholders found for the Data panel serve the run's texts too (``Table.texts_read``, made after the
    window showed the file): found once, and the texts read with their titles as before."""
    from dedup_gui.core import table as table_module

    table = read_table(write(tmp_path, ROWS))
    made = []
    find = table_module.Table._find_placeholders
    monkeypatch.setattr(table_module.Table, "_find_placeholders", lambda self, *a: made.append(1) or find(self, *a))
    shown = table.placeholders(["body"])
    texts, found = table.texts_read(["body"])
    assert found is shown and len(made) == 1
    assert texts[5] == f"{ROWS[5][0]}\n{SLOGAN}" and texts[0] == ZH_A
