"""A saved review beside the input: what it holds, and its decisions found again when the input changed."""

import json
from pathlib import Path

import pandas as pd
import pytest

from dedup_gui.core.errors import InputError
from dedup_gui.core.review_decisions import RowDecisions
from dedup_gui.core.review_sidecar import (
    content_hash,
    make_review,
    read_review,
    reattach,
    sidecar_path,
    write_review,
)
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table

ROWS = [("001", "北京暴雨预警"), ("002", "上海地铁开通"), ("003", "北京暴雨预警！"), ("004", "广州花市")]


def table(rows=ROWS, path="news.csv"):
    data = pd.DataFrame(rows, columns=["id", "body"], dtype=object)
    return Table(Path(path), "csv", ["id", "body"], data)


def test_the_sidecar_sits_beside_the_input_file_or_folder():
    assert sidecar_path("/data/articles.xlsx") == Path("/data/articles.xlsx.dedup.json")
    assert sidecar_path("/data/articles") == Path("/data/articles.dedup.json")


def test_a_saved_review_round_trips_settings_columns_decisions_and_position(tmp_path):
    t = table()
    settings = Settings(algorithm="nshash", threshold=2, keep="longest")
    intent = RowDecisions(frozenset({2}), frozenset({1}))
    review = make_review(t, "abc", settings, ["body"], ["id"], intent, position=[0, 2])
    path = write_review(review, tmp_path / "news.csv.dedup.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["input"] == {"path": "news.csv", "sha256": "abc", "sheet": None, "rows": 4}
    assert data["settings"]["algorithm"] == "nshash" and data["settings"]["keep"] == "longest"
    assert [d["row"] for d in data["decisions"]["kept"]] == [3]  # rows are 1-based in the file, as users count
    back = read_review(path)
    assert back.settings == settings and back.text_columns == ["body"] and back.member_columns == ["id"]
    again = reattach(back, t, "abc")
    assert again.intent == intent and again.position == [0, 2] and not again.changed and again.lost == 0


def test_decisions_follow_their_rows_when_rows_were_inserted_and_deleted(tmp_path):
    t = table()
    intent = RowDecisions(frozenset({2}), frozenset({3}))
    review = make_review(t, "old", Settings(), ["body"], [], intent, position=[0, 2])
    edited = table([("000", "新插入的一行"), ROWS[0], ROWS[2], ROWS[1]])  # 004 deleted, 002 moved down
    again = reattach(review, edited, "new")
    assert again.changed and again.lost == 1  # row 004 (not a duplicate) is gone
    assert again.intent == RowDecisions(frozenset({2}), frozenset())  # 003 is now the third row
    assert again.position == [1, 2]


def test_identical_rows_are_matched_one_to_one():
    rows = [("1", "同一篇"), ("1", "同一篇"), ("2", "另一篇")]
    review = make_review(table(rows), "old", Settings(), ["body"], [], RowDecisions(frozenset(), frozenset({0, 1})))
    again = reattach(review, table([("2", "另一篇")] + rows[:2]), "new")
    assert again.intent.not_duplicate == {1, 2} and again.lost == 0


def test_the_content_hash_changes_with_the_bytes_and_a_folder_is_hashed_by_its_rows(tmp_path):
    f = tmp_path / "a.csv"
    f.write_text("id,body\n1,x\n", encoding="utf-8")
    first = content_hash(f)
    f.write_text("id,body\n1,y\n", encoding="utf-8")
    assert content_hash(f) != first
    folder = tmp_path / "articles"
    folder.mkdir()
    assert content_hash(folder, table()) == content_hash(folder, table()) != content_hash(folder, table(ROWS[:2]))


@pytest.mark.parametrize("content", ["not json", '{"format": "something else"}', '{"format": "dedup-review", '
                                     '"decisions": {"kept": [{"row": "x"}]}}'])  # fmt: skip
def test_a_broken_sidecar_is_a_one_line_error_naming_it(tmp_path, content):
    path = tmp_path / "news.csv.dedup.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_review(path)
    assert "news.csv.dedup.json" in str(info.value) and "\n" not in str(info.value)
