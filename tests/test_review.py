"""The review screen's toolkit-free model: cluster lines, members, decisions, summary and export paths."""

import math
from pathlib import Path

import numpy as np
import pytest

from dedup_gui.core.result import Cluster, DedupResult, PairSet
from dedup_gui.core.review import (
    KEPT,
    MOVED,
    NEAREST,
    NONE,
    NOT_DUPLICATE,
    REMOVED,
    SAME,
    ReviewSession,
    default_export_paths,
    export_path_problem,
    format_similarity_range,
    keep_policy_choices,
    locate,
)
from dedup_gui.core.review_columns import cluster_columns, guess_member_columns, member_columns, member_fields
from dedup_gui.core.review_decisions import RowDecisions
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


# -- decisions per row: bulk actions, re-runs, what no longer applies ----


def test_keeping_several_rows_keeps_the_first_and_marks_the_others_not_duplicates():
    session = ReviewSession(make_result(), TEXTS)
    session.set_intent(session.keeping(1, [3, 1]))
    assert [(m.row, m.status, m.manual) for m in session.members(1)] == [
        (0, REMOVED, False),
        (1, KEPT, True),
        (3, NOT_DUPLICATE, True),
    ]
    assert session.resolution().keep.tolist() == [False, True, True, True, False, True]


def test_keeping_rows_that_include_the_kept_row_keeps_it_as_the_kept_row():
    session = ReviewSession(make_result(), TEXTS)
    session.set_intent(session.keeping(1, [0, 3]))
    assert session.kept_row(1) == 0 and session.status(1, 3) == NOT_DUPLICATE and session.status(1, 1) == REMOVED


def test_remove_and_reset_undo_a_not_a_duplicate_mark_and_a_kept_choice():
    session = ReviewSession(make_result(), TEXTS)
    session.set_intent(session.keeping(1, [3]))
    session.set_intent(session.marking_not_duplicate(1, [1]))
    assert session.rows_to_remove == 2  # row 0 goes (3 is kept), 1 stays, cluster 2 removes row 4
    session.set_intent(session.removing([1]))
    assert session.status(1, 1) == REMOVED and session.kept_row(1) == 3
    session.set_intent(session.resetting([3]))
    assert session.kept_row(1) == 0 and not session.intent.rows


def test_whole_clusters_can_be_marked_not_duplicates_removed_again_and_reset():
    session = ReviewSession(make_result(), TEXTS)
    session.set_intent(session.clusters_not_duplicate([1, 2]))
    assert session.rows_to_remove == 0
    assert session.summary() == "0 clusters · 0 rows to remove of 6"
    session.set_intent(session.clusters_removed([2]))
    assert session.rows_to_remove == 1 and session.clusters_with_removals == 1
    session.set_intent(session.keeping(2, [4]))
    session.set_intent(session.clusters_reset([1, 2]))
    assert session.intent == RowDecisions() and session.rows_to_remove == 3


def test_an_action_that_changes_nothing_is_recognised():
    session = ReviewSession(make_result(), TEXTS)
    assert not session.outcome_changes(session.keeping(1, [0]))  # the kept row is already kept
    assert not session.outcome_changes(session.removing([1]))  # row 1 already goes
    assert session.outcome_changes(session.marking_not_duplicate(1, [1]))


@pytest.mark.parametrize("at_once", [1, 2, 256])
def test_whether_an_action_changes_anything_is_the_same_whatever_the_rows_looked_at_at_once(monkeypatch, at_once):
    """``outcome_changes`` looks at the touched rows' clusters a few at a time: an action whose first touched row
    changes nothing and a later one does, one that changes only a cluster not yet decided, one that changes nothing
    in many clusters, and one that changes them all."""
    from dedup_gui.core import review

    monkeypatch.setattr(review, "OUTCOME_ROWS_AT_ONCE", at_once)
    session = ReviewSession(make_result(), TEXTS)
    keep_kept = session.keeping(1, [0])  # row 0 is cluster 1's kept row already: nothing changes
    assert not session.outcome_changes(keep_kept)
    assert session.outcome_changes(keep_kept.mark_not_duplicate(session.cluster(2).members, session.kept_row(2)))
    session.set_intent(session.clusters_not_duplicate([1]))
    both = session.clusters_not_duplicate([1, 2])  # cluster 1 is marked already: only cluster 2 changes
    assert session.outcome_changes(both)
    session.set_intent(both)
    assert not session.outcome_changes(session.clusters_not_duplicate([1, 2]))  # every row marked already
    assert session.outcome_changes(session.clusters_reset([1, 2]))


def test_decisions_about_rows_no_longer_clustered_wait_and_apply_again():
    old = ReviewSession(make_result(), TEXTS)
    old.set_intent(old.marking_not_duplicate(2, [4]))
    old.set_intent(old.keeping(1, [3]))
    stricter = ReviewSession(make_result([Cluster(1, 0, [0, 1], {1: 0.9})]), TEXTS)  # rows 3 and 4 unclustered
    stricter.carry_over(old)
    assert stricter.not_applying == {3, 4}
    assert stricter.decisions.kept == {} and stricter.rows_to_remove == 1
    looser = ReviewSession(make_result(), TEXTS)
    looser.carry_over(stricter)
    assert looser.not_applying == frozenset()
    assert looser.kept_row(1) == 3 and looser.status(2, 4) == NOT_DUPLICATE


def test_two_rows_the_user_kept_that_meet_in_one_cluster_both_stay():
    old = ReviewSession(make_result(), TEXTS)
    old.set_intent(old.keeping(1, [1]))
    old.set_intent(old.keeping(2, [4]))
    merged = ReviewSession(make_result([Cluster(1, 0, [0, 1, 2, 3, 4], {})]), TEXTS)
    merged.carry_over(old)
    assert merged.kept_row(1) == 1 and merged.status(1, 4) == NOT_DUPLICATE
    assert merged.resolution().keep.tolist() == [False, True, False, False, True, True]


def test_row_decisions_are_values_so_undo_is_a_swap():
    session = ReviewSession(make_result(), TEXTS)
    before = session.intent
    after = session.marking_not_duplicate(1, [1, 3])
    assert before == RowDecisions() and after.not_duplicate == {1, 3}
    session.set_intent(after)
    session.set_intent(before)
    assert session.rows_to_remove == 3 and session.decisions.not_duplicate == set()


# -- the place is kept: the same cluster, found by its rows ----


def test_locate_finds_the_same_rows_under_a_new_number():
    regrouped = ReviewSession(make_result([Cluster(1, 2, [2, 4], {4: 0.8}), Cluster(2, 0, [0, 1, 3], {})]), TEXTS)
    assert locate(regrouped, [0, 1, 3]) == (2, SAME)


def test_locate_follows_most_of_the_rows_when_the_cluster_changed():
    shrunk = ReviewSession(make_result([Cluster(1, 0, [0, 1], {1: 0.9}), Cluster(2, 2, [2, 4], {4: 0.8})]), TEXTS)
    assert locate(shrunk, [0, 1, 3]) == (1, MOVED)


def test_locate_falls_back_to_the_nearest_cluster_in_the_file_and_respects_the_filter():
    session = ReviewSession(make_result([Cluster(1, 2, [2, 4], {4: 0.8})]), TEXTS)
    assert locate(session, [0, 1, 3]) == (1, NEAREST)
    assert locate(session, [0, 1, 3], candidates=[]) == (0, NONE)
    two = ReviewSession(make_result(), TEXTS)
    assert locate(two, [0, 1, 3], candidates=[2]) == (2, NEAREST)  # cluster 1 is filtered out


# -- columns of the review lists ----


def test_member_columns_show_the_chosen_input_columns_and_sort_them_as_values():
    import pandas as pd

    from dedup_gui.core.table import Table

    data = pd.DataFrame(
        {
            "标题": [f"标题{i}" for i in range(6)],
            "来源": ["新华社", "中新网", "人民日报", "澎湃", "新华社", "x"],
            "正文": TEXTS,
            "发布日期": ["2024-03-0" + str(i + 1) for i in range(6)],
            "阅读": [10, 9, 200, 30, 5, 1],
        },
        dtype=object,
    )
    table = Table(Path("news.xlsx"), "xlsx", list(data.columns), data)
    assert guess_member_columns(table, exclude=["正文"]) == ["标题", "来源", "发布日期"]
    session = ReviewSession(make_result(), TEXTS)
    columns = member_columns(session, table, ["来源", "阅读"])
    titles = [c.title for c in columns]
    assert titles == ["Row", "Status", "Similarity", "来源", "阅读", "Length", "Text"]
    members = session.members(1)
    reads = columns[4]
    assert [reads.text(m) for m in members] == ["10", "9", "30"]
    assert sorted(members, key=reads.sort_value)[0].row == 1  # 9 before 10: numbers sort as numbers
    assert member_fields(table, 3, ["标题", "来源"]) == [("标题", "标题3"), ("来源", "澎湃")]


def test_member_columns_say_which_statuses_are_the_users_choice():
    session = ReviewSession(make_result(), TEXTS)
    session.set_intent(session.keeping(1, [3]))
    status = member_columns(session, None)[1]
    assert [status.text(m) for m in session.members(1)] == ["Remove", "Remove", "★ Kept ✎"]


def test_cluster_columns_mark_edited_clusters():
    session = ReviewSession(make_result(), TEXTS)
    session.set_intent(session.marking_not_duplicate(2, [4]))
    number = cluster_columns()[0]
    assert [number.text(session.row(i)) for i in range(2)] == ["1", "2 ✎"]
    assert "0 removed" in number.tooltip(session.row(1))


def test_the_kept_rows_reason_is_shown_with_its_status():
    result = make_result()
    result.keep_reasons = {1: "earliest date (2024-03-01)"}
    session = ReviewSession(result, TEXTS)
    status = member_columns(session, None)[1]
    kept, other = session.members(1)[0], session.members(1)[1]
    assert status.tooltip(kept) == "This row is kept in the cleaned file.\nearliest date (2024-03-01)"
    assert "earliest" not in status.tooltip(other)
    session.set_intent(session.keeping(1, [1]))
    assert session.members(1)[1].reason == ""  # the user's choice has no rule behind it


def test_a_caseless_query_is_found_in_casefolded_text_exactly_where_in_the_text():
    """``caseless`` characters are left as they are by casefolding and never made by it out of another character,
    so that a query of them need not have the texts casefolded: checked over every code point."""
    import sys

    from dedup_gui.core.review import caseless

    qualifying = [chr(i) for i in range(sys.maxunicode + 1) if not 0xD800 <= i <= 0xDFFF and caseless(chr(i))]
    assert "北" in qualifying and "１" in qualifying and "7" in qualifying and "," in qualifying
    assert not caseless("a") and not caseless("Ａ") and not caseless("ß") and not caseless("\u0301")
    assert all(c.casefold() == c for c in qualifying)
    made = {f for i in range(sys.maxunicode + 1) if not 0xD800 <= i <= 0xDFFF
            for f in chr(i).casefold() if chr(i).casefold() != chr(i)}  # fmt: skip
    assert not made & set(qualifying)


def test_the_clusters_matching_a_query_are_found_at_once_as_one_by_one():
    """``matching_ids`` (each clustered text searched once, as it is or casefolded) finds the clusters that
    ``matches`` accepts one by one: text in any case, numbers of clusters and rows, a row in two clusters."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    alphabet = st.sampled_from(list("北京天气Aaßſ ẞ１1２2-\u0301\u0130i"))

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.text(alphabet, max_size=12), min_size=4, max_size=12), st.text(alphabet, max_size=4), st.data())
    def check(texts, query, data):
        n = len(texts)
        cut = data.draw(st.integers(2, n - 2))
        clusters = [Cluster(1, 0, list(range(cut)), {}), Cluster(2, cut, list(range(cut, n)), {})]
        if data.draw(st.booleans()):
            clusters.append(Cluster(3, 0, [0, n - 1], {}))  # a row in two clusters
        result = make_result(clusters)
        result.n_rows = n
        session = ReviewSession(result, texts)
        expected = {c.id for c in clusters if session.matches(c.id, query)} if query.strip() else None
        assert session.matching_ids(query) == expected

    check()
    session = ReviewSession(make_result(), TEXTS)
    assert session.matching_ids("暴雨") == {1} and session.matching_ids("5") == {2}  # row 5 (1-based)
    assert session.matching_ids("2") == {1, 2}  # cluster 2, and row 2 in cluster 1
    assert session.matching_ids("  ") is None and session.matching_ids("completely") == set()


def _many_clusters(n: int) -> tuple[DedupResult, list[str]]:
    texts = [f"第{i // 2}条新闻" for i in range(2 * n)]
    clusters = [Cluster(c + 1, 2 * c, [2 * c, 2 * c + 1], {2 * c + 1: 0.9}) for c in range(n)]
    result = DedupResult(Settings(), 2 * n, clusters, PairSet.empty(), PairSet.empty(), np.arange(2 * n), 0)
    return result, texts


def test_a_session_lets_go_of_its_objects_in_pieces_and_of_its_result_only_when_nothing_else_holds_it(monkeypatch):
    """``released_in_pieces`` empties the session's cluster lines a piece at a time (a yield after each), then the
    result's cluster objects - unless the result is held elsewhere: then its clusters stay whole and readable."""
    import gc
    import weakref

    from dedup_gui.core import result as result_module

    monkeypatch.setattr(result_module, "RELEASE_PIECE", 100)
    result, texts = _many_clusters(1000)
    session = ReviewSession(result, texts)
    for i in range(len(session)):
        session.row(i)
    some_cluster = weakref.ref(result.clusters[500])
    del result
    pieces = sum(1 for _ in session.released_in_pieces())
    assert pieces >= 2 * 1000 // 100  # the lines and the clusters, 100 at a time
    assert not session._rows
    gc.collect()
    assert some_cluster() is None  # nothing else held it: freed with its piece

    held, texts = _many_clusters(1000)
    session = ReviewSession(held, texts)
    for i in range(len(session)):
        session.row(i)
    assert sum(1 for _ in session.released_in_pieces()) >= 1000 // 100
    assert len(held.clusters) == 1000 and held.clusters[999].members == [1998, 1999]  # the holder's result is whole


def test_every_line_made_at_once_is_the_line_made_one_by_one():
    """``make_rows`` makes the lines of the clusters no decision touches from the clusters' arrays: each is the line
    ``row`` makes on its own - size, kept row, the similarity range of the members going or held for checking (nan
    where they have no similarity), the kept row's snippet, the members removed and held - on random clusters,
    rows held for checking, missing and unknown similarities, and random decisions (whose clusters are made one by
    one)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=150, deadline=None)
    @given(st.data())
    def check(data):
        n_rows = data.draw(st.integers(2, 40))
        rows = data.draw(st.permutations(list(range(n_rows))))
        cut = sorted(set(data.draw(st.lists(st.integers(1, n_rows - 1), max_size=n_rows // 2))))
        groups = [g for g in (rows[a:b] for a, b in zip([0, *cut], [*cut, n_rows], strict=True)) if len(g) >= 2]
        clusters = []
        for i, members in enumerate(groups):
            kept = data.draw(st.sampled_from(members))
            sims = {
                m: data.draw(st.sampled_from([0.8, 0.93, 1.0, math.nan]))
                for m in members
                if m != kept and data.draw(st.booleans())
            }
            clusters.append(Cluster(i + 1, kept, list(members), sims))
        clustered = [m for c in clusters for m in c.members if m != c.kept]
        held = sorted(set(data.draw(st.lists(st.sampled_from(clustered), max_size=4)))) if clustered else []
        result = DedupResult(
            Settings(), n_rows, clusters, PairSet.empty(), PairSet.empty(), np.arange(n_rows), 0,
            held=np.array(held, dtype=np.int64),
        )  # fmt: skip
        texts = [f" 第{i}条 新闻\n正文 " * data.draw(st.integers(0, 40)) for i in range(n_rows)]
        pick = st.frozensets(st.sampled_from(list(range(n_rows))), max_size=3)
        intent = RowDecisions(data.draw(pick), data.draw(pick), data.draw(pick))
        one_by_one = ReviewSession(result, texts, lambda a, b: 0.5, intent)
        at_once = ReviewSession(result, texts, lambda a, b: 0.5, intent)
        at_once.make_rows()
        assert len(at_once._rows) == len(clusters)
        for i in range(len(clusters)):
            a, b = at_once.row(i), one_by_one.row(i)
            assert (a.id, a.size, a.kept, a.snippet, a.edited, a.removed, a.held) == (
                b.id, b.size, b.kept, b.snippet, b.edited, b.removed, b.held
            )  # fmt: skip
            for x, y in ((a.min_similarity, b.min_similarity), (a.max_similarity, b.max_similarity)):
                assert (math.isnan(x) and math.isnan(y)) or x == y

    check()
