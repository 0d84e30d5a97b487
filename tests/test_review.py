"""The review screen's toolkit-free model: cluster lines, members, decisions, summary and export paths."""

from pathlib import Path

import numpy as np
import pytest

from dedup_gui.core.result import Cluster, DedupResult, PairSet
from dedup_gui.core.review import (
    KEPT,
    NOT_DUPLICATE,
    REMOVED,
    ReviewSession,
    default_export_paths,
    export_path_problem,
    format_similarity_range,
    keep_policy_choices,
)
from dedup_gui.core.settings import Settings

TEXTS = [
    "北京今日发布暴雨预警，市民注意出行安全。",  # 0
    "北京今日发布暴雨预警，市民请注意出行安全。",  # 1
    "上海地铁新线路开通运营。",  # 2
    "北京今天发布暴雨预警，市民注意出行安全！",  # 3
    "上海地铁新线路今日开通运营。",  # 4
    "Completely unrelated text.",  # 5
]


def make_result(clusters=None):
    clusters = clusters or [
        Cluster(1, 0, [0, 1, 3], {0: 1.0, 1: 0.9, 3: 0.7}),
        Cluster(2, 2, [2, 4], {2: 1.0, 4: 0.8}),
    ]
    return DedupResult(
        settings=Settings(),
        n_rows=len(TEXTS),
        clusters=clusters,
        pairs=PairSet.empty(),
        candidates=PairSet.empty(),
        row_unique=np.arange(len(TEXTS)),
        exact_duplicates=0,
    )


def fake_similarity(a, b):
    return 0.5


def test_cluster_row_shows_size_similarity_range_and_kept_snippet():
    session = ReviewSession(make_result(), TEXTS, fake_similarity)
    row = session.row(0)
    assert (row.id, row.size, row.kept) == (1, 3, 0)
    assert (row.min_similarity, row.max_similarity) == (0.7, 0.9)
    assert row.snippet == TEXTS[0]
    assert format_similarity_range(row.min_similarity, row.max_similarity) == "70% – 90%"


def test_summary_counts_clusters_and_rows_to_remove():
    session = ReviewSession(make_result(), TEXTS)
    assert session.summary() == "2 clusters · 3 rows to remove of 6"


def test_members_mark_the_kept_row():
    session = ReviewSession(make_result(), TEXTS)
    assert [(m.row, m.status) for m in session.members(1)] == [(0, KEPT), (1, REMOVED), (3, REMOVED)]


def test_choosing_another_kept_row_rescores_and_drives_the_resolution():
    session = ReviewSession(make_result(), TEXTS, fake_similarity)
    session.set_kept(1, 3)
    assert [(m.row, m.status) for m in session.members(1)] == [(0, REMOVED), (1, REMOVED), (3, KEPT)]
    assert session.similarity(1, 0) == 0.5
    keep = session.resolution().keep
    assert keep.tolist() == [False, False, True, True, False, True]
    assert session.row(0).edited


def test_not_a_duplicate_keeps_the_row_in_the_output():
    session = ReviewSession(make_result(), TEXTS)
    session.set_not_duplicate(1, 3)
    assert session.members(1)[2].status == NOT_DUPLICATE
    assert session.resolution().keep[3]
    assert session.summary() == "2 clusters · 2 rows to remove of 6"
    session.set_not_duplicate(1, 3, False)
    assert not session.resolution().keep[3]


def test_the_kept_row_cannot_be_marked_not_a_duplicate():
    session = ReviewSession(make_result(), TEXTS)
    session.set_not_duplicate(1, 0)
    assert session.decisions.not_duplicate == set()


def test_filter_matches_member_text_cluster_number_and_row_number():
    session = ReviewSession(make_result(), TEXTS)
    assert session.matches(2, "地铁")
    assert not session.matches(1, "地铁")
    assert session.matches(1, "请注意")  # a member's text, not only the kept one
    assert session.matches(2, "2") and session.matches(2, "5")  # cluster 2, row 5 (1-based)
    assert session.matches(1, "  ")


def test_decisions_follow_rows_into_a_new_run():
    old = ReviewSession(make_result(), TEXTS)
    old.set_kept(1, 3)
    old.set_not_duplicate(2, 4)
    # after a threshold change, the clusters are renumbered and regrouped
    regrouped = [Cluster(1, 2, [2, 4], {4: 0.8}), Cluster(2, 0, [0, 3], {3: 0.7})]
    new = ReviewSession(make_result(regrouped), TEXTS)
    new.carry_over(old)
    assert new.kept_row(2) == 3
    assert 4 in new.decisions.not_duplicate


def test_keep_policy_choices_include_column_policies():
    values = [v for v, _ in keep_policy_choices(["date"])]
    assert values[:5] == ["original", "first", "last", "longest", "shortest"]
    assert "max:date" in values and "min:date" in values


def test_default_export_paths_sit_next_to_the_input_in_the_same_format():
    paths = default_export_paths("/data/news.xlsx", "xlsx")
    assert paths["cleaned"] == Path("/data/news_cleaned.xlsx")
    assert paths["annotated"] == Path("/data/news_annotated.xlsx")
    assert default_export_paths("/data/a.csv", "csv")["cleaned"] == Path("/data/a_cleaned.csv")
    assert default_export_paths("/data/articles", "txt")["cleaned"] == Path("/data/articles_cleaned")


@pytest.mark.parametrize(
    ("name", "cleaned"),
    [
        ("old.xls", "old_cleaned.xlsx"),
        ("b.xlsb", "b_cleaned.xlsx"),
        ("t.tsv", "t_cleaned.tsv"),
        ("table.txt", "table_cleaned.csv"),
    ],
)
def test_default_export_paths_use_a_format_the_writers_can_write(name, cleaned):
    kind = "xlsx" if name.endswith(("xls", "xlsb")) else "csv"
    assert default_export_paths(f"/data/{name}", kind)["cleaned"] == Path(f"/data/{cleaned}")


@pytest.mark.parametrize(
    "outputs, problem",
    [
        ({"cleaned": None}, "Choose at least one"),
        ({"cleaned": "IN"}, "is the input file"),
        ({"cleaned": "X", "report": "X"}, "same file name"),
        ({"cleaned": "/no/such/folder/x.xlsx"}, "does not exist"),
    ],
)
def test_export_paths_are_checked(tmp_path, outputs, problem):
    source = tmp_path / "news.xlsx"
    source.write_bytes(b"")
    subst = {"IN": source, "X": tmp_path / "x.xlsx"}
    outputs = {k: Path(subst.get(v, v)) if v else None for k, v in outputs.items()}
    assert problem in export_path_problem(source, outputs)


def test_valid_export_paths_pass(tmp_path):
    source = tmp_path / "news.xlsx"
    assert export_path_problem(source, default_export_paths(source, "xlsx")) is None
