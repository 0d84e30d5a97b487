"""Keep policies (core.keep): which row of a cluster is kept and why - `original` finds the earliest-dated row, else
the unmarked row that contains the others; max:/min: read dates as dates; every kept row comes with its reason."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from engine_texts import EN_A, ZH_A, ZH_B, ZH_C, ZH_LONG, repost_with_footer, repost_with_header, truncated
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dedup_gui.cli import run
from dedup_gui.core.errors import InputError
from dedup_gui.core.keep import (
    CONTAINER_REASON,
    KeepRule,
    has_repost_marker,
    keep_reason,
    rank_rows,
    repost_markers,
)
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.result import Decisions
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table


def table_of(**columns) -> Table:
    data = pd.DataFrame(columns, dtype=object)
    return Table(Path("news.csv"), "csv", list(data.columns), data)


def run_on(table: Table, **settings):
    return Pipeline.for_table(table, ["body"]).run(Settings(algorithm="ngram", **settings))


# -- max:COLUMN / min:COLUMN ----

# Three copies of one article. As text "2024年3月9日" sorts after "2024年3月10日"; as dates it is before.
COPIES = [ZH_A, repost_with_header(ZH_A), ZH_A + "（完）"]
CN_DATES = ["2024年3月9日", "2024年3月10日", "2024年2月28日"]


def test_keep_max_date_on_the_command_line_keeps_the_latest_chinese_date(tmp_path):
    src, annotated, report = tmp_path / "news.csv", tmp_path / "annotated.csv", tmp_path / "report.csv"
    pd.DataFrame({"date": CN_DATES, "body": COPIES}).to_csv(src, index=False)
    args = [str(src), "--column", "body", "--keep", "max:date", "--annotated", str(annotated), "--report", str(report)]
    assert run([*args, "--quiet"]) == 0
    assert pd.read_csv(annotated)["dup_kept"].tolist() == [0, 1, 0]  # 3月10日, not "3月9日" > "3月10日" as text
    clusters = pd.read_csv(report, encoding="utf-8-sig")
    assert clusters["kept_because"].tolist() == ["latest “date” (2024-03-10)"]


def test_keep_min_date_keeps_the_earliest_and_blank_or_unreadable_dates_sort_last():
    table = table_of(date=[None, "不详", *CN_DATES], body=["x", "y", *COPIES])
    assert rank_rows("min:date", table.texts(["body"]), table).tolist() == [3, 4, 1, 2, 0]
    assert rank_rows("max:date", table.texts(["body"]), table).tolist() == [3, 4, 1, 0, 2]


def test_keep_max_on_a_number_column_compares_numbers():
    table = table_of(views=["9", "100", "10"], body=COPIES)
    result = run_on(table, keep="max:views")
    assert [c.kept for c in result.clusters] == [1]  # as text "9" would be the largest
    assert result.keep_reasons == {1: "largest “views” (100)"}


def test_a_column_the_table_lacks_is_a_clear_error_and_so_is_an_unknown_policy():
    table = table_of(body=COPIES)
    with pytest.raises(InputError, match="no column named 'date'"):
        rank_rows("max:date", table.texts(["body"]), table)
    with pytest.raises(ValueError, match="unknown keep policy 'newest'"):
        rank_rows("newest", COPIES)


def test_a_run_tells_a_keep_column_the_table_lacks_before_any_stage(monkeypatch):
    """``Pipeline.run`` refuses ``max:COLUMN`` for a column the table lacks before it normalises a text (the rule
    is made beside the candidate search: a mistyped name had been told once the candidates were found)."""
    from dedup_gui.core.pipeline import Pipeline

    table = table_of(body=COPIES)
    pipeline = Pipeline.for_table(table, ["body"])
    stages = []
    monkeypatch.setattr(Pipeline, "_prepare", lambda self, *a: stages.append("normalise"))
    with pytest.raises(InputError, match="no column named 'date' to choose the kept row by"):
        pipeline.run(Settings(keep="max:date"))
    assert stages == []


# -- original ----


def test_original_keeps_the_earliest_dated_row_even_when_it_comes_later_in_the_file():
    table = table_of(
        发布时间=["2024年3月9日 10:30", "2024年3月9日 08:00", "2024年3月1日"],
        body=[repost_with_header(ZH_A), ZH_A, ZH_B],
    )
    result = run_on(table)  # "original" is the default
    assert result.settings.keep == "original"
    assert [(c.kept, c.members) for c in result.clusters] == [(1, [0, 1])]
    assert result.keep_reasons == {1: "earliest date (2024-03-09 08:00)"}
    assert result.keep_note == "kept rows: earliest “发布时间”"


def test_original_reads_the_date_even_where_the_copy_is_the_earlier_row():
    # The date decides before the marker: a repost dated before the unmarked row is taken for the original.
    table = table_of(date=["2024-03-10", "2024-03-09"], body=[ZH_A, repost_with_header(ZH_A)])
    assert [c.kept for c in run_on(table).clusters] == [1]


def test_original_without_dates_keeps_the_unmarked_row_that_contains_the_others():
    texts = [repost_with_header(ZH_LONG), truncated(ZH_LONG, 0.7), ZH_LONG, repost_with_footer(ZH_LONG), ZH_B]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert [(c.kept, c.members) for c in result.clusters] == [(2, [0, 1, 2, 3])]
    assert result.keep_reasons == {1: "no repost marker and contains the others"}
    assert result.keep_note.startswith("kept rows: no date column")


def test_original_keeps_the_first_of_unmarked_texts_of_about_the_same_length():
    # An appended "（完）" is not evidence of which came first: file order decides either way round - and the reason
    # says so where the kept text is the shorter, which does not contain the other's "（完）".
    for texts, reason in (
        ([ZH_A, ZH_A + "（完）"], "first in file"),
        ([ZH_A + "（完）", ZH_A], "contains the others"),
    ):
        result = Pipeline(texts).run(Settings(algorithm="ngram"))
        assert [c.kept for c in result.clusters] == [0]
        assert result.keep_reasons == {1: reason}


def test_of_two_texts_as_long_a_word_apart_neither_contains_the_other():
    """Each holds most of the other's grams, but the kept row was chosen by file order, and the reason says so (it
    said "contains the others", which read as though the kept row held more)."""
    other = ZH_A.replace("表示", "指出", 1)
    assert other != ZH_A and len(other) == len(ZH_A)
    for texts in ([ZH_A, other], [ZH_A, ZH_A]):
        result = Pipeline(texts).run(Settings(algorithm="ngram"))
        assert [c.kept for c in result.clusters] == [0]
        assert result.keep_reasons == {1: "first in file"}


def test_original_breaks_a_date_tie_with_the_repost_marker():
    table = table_of(date=["2024-03-09", "2024-03-09", "2024-03-12"], body=[repost_with_header(ZH_A), ZH_A, ZH_A])
    result = run_on(table)
    (cluster,) = result.clusters
    assert cluster.kept == 1
    assert result.keep_reasons[1] == (
        "earliest date (2024-03-09, shared by 2 rows); among them: no repost marker and contains the others"
    )


def test_unreadable_dates_sort_last_and_are_counted_in_the_note_and_the_reason():
    table = table_of(date=["不详", "2024-03-09", "2024-03-10", "2024-03-01"], body=[ZH_A, ZH_A + "。", ZH_A, ZH_B])
    result = run_on(table)
    assert [c.kept for c in result.clusters] == [1]
    assert result.keep_reasons[1] == "earliest date (2024-03-09; 1 other date unreadable)"
    unread = "1 of 4 dates in “date” could not be read"
    assert result.keep_note == f"kept rows: earliest “date” ({unread}; they sort last)"


@pytest.mark.parametrize(
    "text",
    [
        "来源：新华社\n" + ZH_A,
        ZH_A + "\n（本文转载自澎湃新闻）",
        "原标题：地铁三线年底开通\n" + ZH_A,
        "转自：人民日报客户端\n" + ZH_A,
        ZH_A + "\n本文来自微信公众号",
        "This story was originally published in The Guardian.\n" + EN_A,
        EN_A + "\nSource: Reuters",
        EN_A + " (via AP)",
        "ORIGINALLY PUBLISHED in The Guardian.\n" + EN_A,  # the English credits in any case
        EN_A + "\nSOURCE: Reuters",
    ],
)
def test_repost_markers_are_found_at_the_start_or_the_end(text):
    assert has_repost_marker(text)


@pytest.mark.parametrize(
    "text",
    [
        ZH_A,
        ZH_A + "（数据来源：国家统计局）",  # a chart's source, not a repost credit
        "球员旋转自如，" + ZH_A,  # 转自 inside a word
        ZH_A + "来源：新华社" + ZH_A,  # in the middle of a long text
        EN_A + "\nData source: national statistics office",
        EN_A + "\nDATA SOURCE: national statistics office",
    ],
)
def test_text_without_a_repost_credit_is_not_marked(text):
    assert not has_repost_marker(text)


_MARKER_PIECES = ["来源：新华社", "数据来源：统计局", "转自", "旋转自如", "原标题：", "Source: Reuters", "(via AP)",
                  "source", "本文来自", "\n", "\x00", "İ", "正文" * 40, "text " * 30, "SOURCE:", "來源:", "本文转载",
                  "文章转自", "Originally", "  published", "RePublished from", "图", "data ", "(via", ")"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_MARKER_PIECES), max_size=12).map("".join), max_size=12))
@example(["新闻 (via AP", ") 正文", "数据", "来源：统计局"])  # a marker is never read across two texts
def test_repost_markers_of_a_column_equal_the_marker_of_each_text(texts):
    assert repost_markers(texts).tolist() == [has_repost_marker(t) for t in texts]


def test_repost_markers_read_a_slice_of_the_column_at_a_time_are_the_same(monkeypatch):
    from dedup_gui.core import keep

    texts = [
        "来源：新华社 正文",
        "正文 (via AP",
        ") 正文",
        "数据来源：统计局",
        "本文转载自某报",
        "Originally   published",
        "正" * 700 + "来源：新华社",  # long texts: their ends are read
        "来源：新华社" + "正" * 700,
        "正" * 700,
    ] * 4
    want = [has_repost_marker(t) for t in texts]
    assert sum(want) == 20
    monkeypatch.setattr(keep, "_MARK_SLICE_CHARS", 25)  # two or three texts per slice
    seen, real = [], keep.map_ranges
    monkeypatch.setattr(keep, "map_ranges", lambda fn, ranges: real(fn, seen.extend(ranges) or ranges))
    assert keep.repost_markers(texts).tolist() == want
    assert len(seen) > 5 and [lo for lo, _ in seen[1:]] == [hi for _, hi in seen[:-1]]  # consecutive slices


# -- reasons and ranks ----


def test_each_policy_says_why_its_row_was_kept():
    texts = ["短文", "一篇长一点的文章", "中等长度文章", "一篇长一点的文章"]
    members = [0, 1, 2, 3]
    assert keep_reason("first", 0, members, texts) == "first in file"
    assert keep_reason("last", 3, members, texts) == "last in file"
    assert keep_reason("longest", 1, members, texts) == "longest text (8 characters; first of equal length)"
    assert keep_reason("shortest", 0, members, texts) == "shortest text (2 characters)"
    table = table_of(date=["2024/3/9", "2024/3/10", "2024/3/8", None], body=texts)
    assert keep_reason("min:date", 2, members, texts, table) == "earliest “date” (2024-03-08)"
    assert keep_reason("max:date", 1, members, texts, table) == "latest “date” (2024-03-10)"


def test_ranks_are_a_permutation_with_ties_in_file_order():
    texts = ["bb", "a", "cc", "dd"]
    assert rank_rows("longest", texts).tolist() == [0, 3, 1, 2]
    assert rank_rows("shortest", texts).tolist() == [1, 0, 2, 3]
    assert rank_rows("last", texts).tolist() == [3, 2, 1, 0]
    rank = rank_rows("original", [repost_with_header(ZH_A), truncated(ZH_A, 0.5), ZH_A, truncated(ZH_A, 0.99)])
    assert rank.tolist() == [3, 2, 0, 1]  # unmarked first, longer first (0.99 of it is not longer), marked last


def test_the_report_says_why_each_kept_row_was_kept_and_when_the_user_chose():
    # The second cluster's repost adds a paragraph of its own: the unmarked row is only an excerpt of it, and an
    # excerpt is not kept in place of the text it was taken from.
    texts = [repost_with_header(ZH_LONG), ZH_LONG, ZH_B + "\n来源：新华网 " + ZH_C[:100], ZH_B]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert result.keep_reasons == {1: "no repost marker and contains the others", 2: CONTAINER_REASON}
    report = result.report_frame(texts)
    assert list(report.columns) == [
        "cluster", "size", "kept_row", "members", "min_similarity", "max_similarity", "kept_text", "kept_because",
    ]  # fmt: skip
    assert report["kept_row"].tolist() == [2, 3]
    assert report["kept_because"].tolist() == ["no repost marker and contains the others", CONTAINER_REASON]
    chosen = result.report_frame(texts, Decisions(kept={1: 0}))
    assert chosen["kept_because"].tolist() == ["chosen in review", CONTAINER_REASON]


def test_a_bound_rule_gives_the_reasons_of_many_clusters_at_once():
    texts = [ZH_A, repost_with_header(ZH_A), ZH_B, ZH_B]
    result = Pipeline(texts).run(Settings(algorithm="ngram", keep="first"))
    rule = KeepRule.of("original", texts)
    # (ZH_B twice: an exact copy, kept by file order)
    assert rule.reasons(result.clusters) == {1: "no repost marker and contains the others", 2: "first in file"}
    assert np.array_equal(rule.rank, rank_rows("original", texts))


@st.composite
def clustered_table(draw):
    """Rows drawn from a few related texts (copies, reposts, cuts), a date column with ties, blanks and unreadable
    cells, a view count with ties, and the rows split at random into clusters, each with a kept row."""
    bases = [ZH_A, repost_with_header(ZH_A), repost_with_footer(ZH_A), truncated(ZH_A, 0.6), ZH_B, ZH_A + "（完）"]
    n = draw(st.integers(2, 12))
    texts = draw(st.lists(st.sampled_from(bases), min_size=n, max_size=n))
    dates = draw(
        st.lists(
            st.sampled_from(["2024年3月9日", "2024-03-09 08:00", "2024-03-01", None, "不详"]), min_size=n, max_size=n
        )
    )
    views = draw(st.lists(st.sampled_from(["9", "100", "10", None]), min_size=n, max_size=n))
    which = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    clusters = []
    for c in sorted(set(which)):
        members = [r for r in range(n) if which[r] == c]
        if len(members) >= 2:
            clusters.append(SimpleNamespace(id=len(clusters) + 1, kept=draw(st.sampled_from(members)), members=members))
    return table_of(date=dates, views=views, body=texts), clusters


@settings(max_examples=150, deadline=None)
@given(
    drawn=clustered_table(),
    policy=st.sampled_from(["original", "first", "last", "longest", "shortest", "max:date", "min:views"]),
    dated=st.booleans(),
)
def test_the_reasons_of_many_clusters_at_once_are_each_clusters_own_reason(drawn, policy, dated):
    table, clusters = drawn
    if not dated:
        table = Table(table.path, table.kind, ["views", "body"], table.data.drop(columns="date"))
        policy = policy.replace("max:date", "max:views")
    rule = KeepRule.of(policy, table.texts(["body"]), table)
    assert rule.reasons(clusters) == {c.id: rule.reason(c.kept, c.members) for c in clusters}


def test_only_ascii_capitals_lower_into_the_letters_of_the_marker_hints():
    """The column-at-once hint search lowers ASCII capitals only (keep._hint_positions); str.lower, which the
    per-text search uses, turns no other character into a hint's letter, except "İ" into "i" plus a combining dot,
    which then breaks the hint apart."""
    from dedup_gui.core.keep import _MARKER_HINTS

    letters = {c for h in _MARKER_HINTS for c in h if c.isascii()}
    lowered_into = {chr(c) for c in range(0x80, 0x110000) if set(chr(c).lower()) & letters}
    assert lowered_into == {"İ"}
    assert "İ".lower() == "i\u0307"


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(1, 80),
    kinds=st.lists(st.sampled_from(["bool", "small", "negative", "wide", "float"]), min_size=1, max_size=3),
    seed=st.integers(0, 2**32 - 1),
)
def test_rank_orders_by_the_keys_then_file_order(n, kinds, seed):
    """``keep._rank``: rows ordered by the keys (most significant first), ties in file order - the same whether the
    keys are packed with the row into one number (small integer ranges) or sorted by lexsort (floats, integers
    too wide to pack)."""
    from dedup_gui.core.keep import _rank

    rng = np.random.default_rng(seed)
    make = {
        "bool": lambda: rng.integers(0, 2, n).astype(bool),
        "small": lambda: rng.integers(0, 5, n),
        "negative": lambda: -rng.integers(0, 9, n),
        "wide": lambda: rng.integers(-(2**40), 2**40, n),
        "float": lambda: rng.integers(0, 4, n).astype(np.float64),
    }
    keys = [make[k]() for k in kinds]
    rows = np.arange(n)
    want = sorted(range(n), key=lambda r: (*[k[r] for k in keys], r))
    rank = _rank(keys, rows)
    assert np.argsort(rank).tolist() == want


# -- an excerpt is never kept in place of the text it was taken from ----

# An article that quotes a notice whole (ZH_A) and adds its own comment (ZH_C): the notice is found in it (contained
# 1.0), but the two share less than the floor of their joint 4-grams (Jaccard ~0.5) - a duplicate only as an excerpt.
QUOTING = "来源：城市晚报\n" + ZH_A + "\n" + ZH_C


def test_an_excerpt_ranked_first_by_its_marker_is_removed_for_the_text_that_quotes_it():
    texts = [ZH_A, QUOTING, ZH_B]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    # Without the rule the unmarked notice would be kept and the quoting article - notice and comment - removed.
    assert [(c.kept, c.members) for c in result.clusters] == [(1, [0, 1])]
    assert result.keep_reasons == {1: CONTAINER_REASON}
    removed = result.clusters[0]
    assert len(texts[removed.kept]) > len(texts[0])


def test_an_earlier_excerpt_is_removed_for_the_later_text_that_quotes_it():
    table = table_of(date=["2024-03-09", "2024-03-10", "2024-03-01"], body=[ZH_A, QUOTING, ZH_B])
    result = run_on(table)
    assert [(c.kept, c.members) for c in result.clusters] == [(1, [0, 1])]


def test_a_repost_with_a_marker_is_still_removed_for_its_unmarked_original():
    """The rule is about excerpts only: a repost that adds a credit line shares nearly all 4-grams (Jaccard above the
    floor) and goes, as before, for the unmarked original."""
    texts = [repost_with_header(ZH_LONG), ZH_LONG, ZH_B]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert [(c.kept, c.members) for c in result.clusters] == [(1, [0, 1])]
    assert result.keep_reasons == {1: "no repost marker and contains the others"}


def test_the_rule_would_have_kept_the_excerpt_without_it(monkeypatch):
    from dedup_gui.core.result import PairSet

    monkeypatch.setattr(PairSet, "containers_first", lambda self, rank, row_unique, n_unique: rank)
    result = Pipeline([ZH_A, QUOTING, ZH_B]).run(Settings(algorithm="ngram"))
    assert [(c.kept, c.members) for c in result.clusters] == [(0, [0, 1])]


def test_a_chain_of_excerpts_keeps_the_longest_text():
    """Each text quotes the one before and adds to it; every one of them is marked but the shortest. The longest is
    kept and every other is an excerpt of it - none is kept in place of a longer text."""
    first = ZH_A
    second = "来源：城市晚报\n" + first + "\n" + ZH_C
    third = "来源：都市快报\n" + second + "\n" + ZH_B
    result = Pipeline([first, second, third]).run(Settings(algorithm="ngram"))
    for c in result.clusters:
        kept_length = len([first, second, third][c.kept])
        assert all(len([first, second, third][m]) <= kept_length for m in c.members)


def test_the_analysts_counts_follow_the_rank_the_run_used():
    from dedup_gui.core.analysis import ThresholdExplorer

    texts = [ZH_A, QUOTING, ZH_B, truncated(ZH_LONG, 0.6), "来源：晨报\n" + ZH_LONG]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    explorer = ThresholdExplorer.for_run(result, texts)
    assert explorer.preview(result.settings.threshold_value).rows_removed == result.rows_to_remove


def test_a_copy_full_of_typos_is_no_text_its_original_was_taken_from():
    """Typos take 4-grams from both sides alike: at a low floor the copy passes by containment (0.73) with a quarter
    of its 4-grams its own, but it has no more text of its own than the original, so the earlier original is kept as
    the policy says."""
    from engine_texts import char_edited

    typed = "来源：城市晚报\n" + char_edited(ZH_LONG, every=15)
    table = table_of(date=["2024-03-09", "2024-03-10", "2024-03-01"], body=[ZH_LONG, typed, ZH_B])
    result = run_on(table, threshold=0.6, min_similarity=0.6)
    assert [(c.kept, c.members) for c in result.clusters] == [(0, [0, 1])]
    assert result.keep_reasons[1].startswith("earliest date")


def test_the_analysts_counts_at_other_thresholds_equal_fresh_runs():
    """The analyst's view ranks containers first with the pairs of each threshold it previews, from the policy's
    own rank - as a fresh run at that threshold does."""
    from dedup_gui.core.analysis import ThresholdExplorer

    texts = [ZH_A, QUOTING, ZH_B, truncated(ZH_LONG, 0.7), "来源：晨报\n" + ZH_LONG, truncated(ZH_LONG, 0.9)]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    explorer = ThresholdExplorer.for_run(result, texts)
    for threshold in (0.8, 0.85, 0.9, 0.95):
        fresh = Pipeline(texts).run(Settings(algorithm="ngram", threshold=threshold))
        assert explorer.preview(threshold).rows_removed == fresh.rows_to_remove, threshold


def _lifted_reference(rank, best, container, excerpt, container_grams):
    """``cluster._lifted`` (``containers_first``'s walk) as it was first written: the pairs walked over numpy
    arrays, an element at a time."""
    rows = np.arange(len(rank), dtype=np.int64)
    at, depth = rank.astype(np.int64), np.zeros(len(rank), dtype=np.int64)
    for i in np.lexsort((excerpt, container, container_grams)).tolist():
        c, e = int(best[container[i]]), int(best[excerpt[i]])
        if (at[e], depth[e], e) < (at[c], depth[c], c):
            at[c], depth[c] = at[e], depth[e] - 1
    lifted = np.empty(len(rank), dtype=np.int64)
    lifted[np.lexsort((rows, depth, at))] = rows
    return lifted


@settings(max_examples=300, deadline=None)
@given(data=st.data(), n_rows=st.integers(1, 30), n_unique=st.integers(1, 12))
def test_containers_first_ranks_as_the_walk_over_arrays_did(data, n_rows, n_unique):
    """Random ranks (a permutation, or ties), rows of a few unique texts, and pairs of a text and its excerpt with
    gram counts (chains and ties among them): the same ranking as the first version's."""
    from dedup_gui.core import cluster

    n_unique = min(n_unique, n_rows)
    row_unique = np.array(
        list(range(n_unique)) + data.draw(st.lists(st.integers(0, n_unique - 1), min_size=n_rows - n_unique,
                                                   max_size=n_rows - n_unique)), dtype=np.int64)  # fmt: skip
    if data.draw(st.booleans()):
        rank = np.array(data.draw(st.permutations(range(n_rows))), dtype=np.int64)
    else:
        rank = np.array(data.draw(st.lists(st.integers(0, 5), min_size=n_rows, max_size=n_rows)), dtype=np.int64)
    pairs = data.draw(st.lists(st.tuples(st.integers(0, n_unique - 1), st.integers(0, n_unique - 1),
                                         st.integers(1, 6)), max_size=20))  # fmt: skip
    container = np.array([c for c, _, _ in pairs], dtype=np.int64)
    excerpt = np.array([e for _, e, _ in pairs], dtype=np.int64)
    grams = np.array([g for _, _, g in pairs], dtype=np.int64)
    got = cluster.containers_first(rank, row_unique, n_unique, container, excerpt, grams)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(cluster, "_lifted", _lifted_reference)
        want = cluster.containers_first(rank, row_unique, n_unique, container, excerpt, grams)
    assert got.tolist() == want.tolist()
