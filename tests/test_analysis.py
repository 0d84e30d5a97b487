"""The analyst's view, headless: pair histogram, live removal counts, hot stories, date/source columns, summary."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from engine_texts import EN_A, ZH_A, ZH_B, ZH_C
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dedup_gui.core import analysis as A
from dedup_gui.core.algorithms.registry import ALGORITHMS
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.result import Decisions
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table
from devtools import synth

HOT_COPIES = 12  # the planted hot story; every other planted group has at most 5 rows
HOT_OUTLETS = [f"Outlet {c}" for c in "ABCDEFGHIJKL"]
HOT_DAY = dt.date(2024, 5, 1)


def planted_corpus(n: int = 150, seed: int = 3) -> tuple[synth.Corpus, list[int]]:
    """A synthetic news corpus (groups of 2-5 reposts) plus one story reposted HOT_COPIES times by distinct
    outlets over five days. Returns the corpus and the rows of the hot story."""
    base = synth.generate_corpus(n, seed=seed, dup_share=0.3, max_group=5, min_chars=300, max_chars=1200)
    story = synth.generate_corpus(1, seed=seed + 100, dup_share=0.0, min_chars=500, max_chars=900).texts[0]
    rng = random.Random(seed)
    hot = synth.Corpus([], [], [], [], [], [], [], [], [])
    for i in range(HOT_COPIES):
        kind = "exact" if i == 0 else rng.choice(("exact", "source_header", "copyright_footer", "width"))
        hot.texts.append(story if i == 0 else synth.make_edit(story, kind, rng))
        hot.group.append(0)
        hot.edit.append(kind)
        hot.titles.append("热点新闻标题")
        hot.sources.append(HOT_OUTLETS[i])
        hot.dates.append((HOT_DAY + dt.timedelta(days=i % 5)).isoformat())
        hot.event.append(0)
        hot.kind.append("long")
        hot.lang.append("zh")
    corpus = synth.concat([base, hot], shuffle_seed=seed)
    rows = [r for r, text in enumerate(corpus.texts) if text in set(hot.texts)]
    return corpus, rows


def corpus_table(corpus: synth.Corpus, *, dates_as: str = "date") -> Table:
    dates = [dt.date.fromisoformat(d) for d in corpus.dates] if dates_as == "date" else list(corpus.dates)
    data = pd.DataFrame(
        {
            "id": [f"{i:05d}" for i in range(1, len(corpus) + 1)],
            "title": corpus.titles,
            "body": corpus.texts,
            "source": corpus.sources,
            "published": dates,
        },
        dtype=object,
    )
    return Table(Path("news.xlsx"), "xlsx", list(data.columns), data)


@pytest.fixture(scope="module")
def planted():
    corpus, hot_rows = planted_corpus()
    table = corpus_table(corpus)
    pipeline = Pipeline.for_table(table, ["body"])
    return corpus, hot_rows, table, pipeline


# -- histogram ----


@pytest.mark.parametrize("algorithm", ["ngram", "nshash"])
def test_histogram_holds_every_candidate_pair_in_the_sliders_unit(planted, algorithm):
    *_, pipeline = planted
    result = pipeline.run(Settings(algorithm=algorithm))
    hist = A.pair_histogram(result)
    assert hist.total == len(result.candidates) > 0
    spec = ALGORITHMS[algorithm].threshold
    # The bins passing the run's threshold hold exactly the pairs the algorithm proposed (the text check then
    # rejects some of them).
    assert int(hist.counts[hist.passing(result.settings.threshold)].sum()) == result.proposed >= len(result.pairs)
    lo, hi = hist.x_range
    assert lo <= min(spec.minimum, result.candidates.measure.min())
    assert hi >= result.candidates.measure.max()


def test_jaccard_bins_are_one_slider_step_wide_and_a_pair_on_the_threshold_passes(planted):
    *_, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram", threshold=0.8))
    hist = A.pair_histogram(result)
    assert hist.width == pytest.approx(0.01)
    assert hist.values[hist.passing(0.8)].min() == pytest.approx(0.8)
    assert not hist.passing(0.8)[np.isclose(hist.values, 0.79)].any()


def test_integer_measures_get_one_bin_per_value_centred_on_it():
    corpus, _ = planted_corpus(60, seed=5)
    result = Pipeline(corpus.texts).run(Settings(algorithm="nshash", n=5))
    hist = A.pair_histogram(result)
    assert hist.width == 1.0
    assert list(hist.values[:3]) == [1.0, 2.0, 3.0]
    assert hist.left[0] == 0.5
    assert hist.x_range == (0.5, 5.5)  # at most n = 5 sentences can be shared
    for value, count in zip(hist.values, hist.counts, strict=True):
        assert count == int((result.candidates.measure == value).sum())


@pytest.mark.parametrize("algorithm", ["ngram", "nshash"])
def test_the_histogram_binned_a_block_at_a_time_is_the_histogram_binned_at_once(planted, monkeypatch, algorithm):
    """``pair_histogram`` bins the candidates ``HISTOGRAM_BLOCK`` at a time (templated rows: tens of millions of
    pairs, on the window's thread): the same bins and counts as one block, each pair counted once."""
    *_, pipeline = planted
    result = pipeline.run(Settings(algorithm=algorithm))
    at_once = A.pair_histogram(result)
    monkeypatch.setattr(A, "HISTOGRAM_BLOCK", 3)
    blocked = A.pair_histogram(result)
    assert len(result.candidates) > 3 * 3
    assert blocked.counts.tolist() == at_once.counts.tolist() and blocked.total == len(result.candidates)
    assert blocked.values.tolist() == at_once.values.tolist() and blocked.x_range == at_once.x_range
    measure = result.candidates.measure
    for value, count in zip(blocked.left, blocked.counts, strict=True):  # each bin [left, left + width)
        inside = (measure >= value - 1e-6) & (measure < value + blocked.width - 1e-6)
        assert count == int(inside.sum())


def test_snap_threshold_follows_the_slider_step_and_range():
    ngram = ALGORITHMS["ngram"].threshold
    simhash = ALGORITHMS["simhash"].threshold
    assert A.snap_threshold(ngram, 0.7349) == 0.73
    assert A.snap_threshold(ngram, 0.1) == 0.3
    assert A.snap_threshold(ngram, 1.7) == 1.0
    assert A.snap_threshold(simhash, 4.6) == 5.0
    assert A.snap_threshold(simhash, -3) == 0.0


def test_the_threshold_line_sits_between_failing_and_passing_bins_and_snaps_back():
    assert A.line_position("simhash", 3) == 3.5  # bins 0..3 pass
    assert A.line_position("nshash", 2) == 1.5  # bins 2.. pass
    assert A.line_position("ngram", 0.7) == 0.7  # bins [0.70, 0.71) .. pass
    assert A.threshold_at("simhash", 5.2) == 5.0
    assert A.threshold_at("nshash", 1.4) == 2.0
    assert A.threshold_at("ngram", 0.7649) == 0.76
    for algorithm, value in (("simhash", 7.0), ("nshash", 3.0), ("ngram", 0.83)):
        assert A.threshold_at(algorithm, A.line_position(algorithm, value)) == value


# -- live removal counts ----


@pytest.mark.parametrize(
    ("algorithm", "mode", "keep"),
    [("ngram", "strict", "first"), ("ngram", "linked", "first"), ("ngram", "strict", "longest"),
     ("nshash", "strict", "first"), ("nshash", "linked", "max:published"), ("ngram", "strict", "original"),
     ("nshash", "strict", "original")],
)  # fmt: skip
def test_removal_count_from_cached_candidates_equals_a_real_rerun(planted, algorithm, mode, keep):
    _, _, table, pipeline = planted
    start = Settings(algorithm=algorithm, mode=mode, keep=keep, threshold=0.7 if algorithm == "ngram" else 1)
    result = pipeline.run(start)
    explorer = A.ThresholdExplorer.for_run(result, pipeline.texts, table)
    thresholds = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0] if algorithm == "ngram" else [1, 2, 3, 4, 5]
    for t in thresholds:
        preview = explorer.preview(t)
        assert preview.complete
        rerun = pipeline.run(Settings(algorithm=algorithm, mode=mode, keep=keep, threshold=t))
        assert preview.rows_removed == rerun.rows_to_remove, t
        assert preview.pairs == len(rerun.pairs), t


# Two different articles that share one long sentence: nshash proposes the pair, the text check rejects it.
SHARED = "本网站特别声明：凡本网注明来源为其他媒体的稿件，均为转载稿，转载的目的在于传递更多信息，并不代表本网赞同其观点和对其真实性负责，如有侵权请及时联系我们删除。"  # noqa: E501


def test_a_candidate_below_the_text_checks_floor_is_not_counted():
    texts = [ZH_A + SHARED, SHARED + ZH_B]
    result = Pipeline(texts).run(Settings(algorithm="nshash", threshold=1))
    assert len(result.candidates) == 1 and result.rejected == 1 and result.rows_to_remove == 0
    preview = A.ThresholdExplorer(result).preview(1)
    assert (preview.pairs, preview.rows_removed) == (0, 0)


# Sentences of our own articles: texts made of overlapping runs of them are duplicates of each other to every degree.
POOL = [s + "。" for text in (ZH_A, ZH_B, ZH_C) for s in text.split("。") if s] + [EN_A[:160], EN_A[160:320]]
DATES = ["2024年3月9日", "2024-03-08 10:00", "3/7/2024", None, "不详", "2024/3/9 08:15"]
corpora = st.lists(
    st.tuples(
        st.integers(0, len(POOL) - 1),  # first sentence
        st.integers(1, 8),  # how many sentences follow it
        st.sampled_from(["", "来源：新华社\n", "原标题：旧闻\n"]),  # a repost header, sometimes
        st.sampled_from(DATES),
    ),
    min_size=2,
    max_size=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=corpora,
    algorithm=st.sampled_from(["ngram", "nshash"]),
    mode=st.sampled_from(["strict", "linked"]),
    keep=st.sampled_from(["original", "first", "longest", "max:date"]),
    floor=st.sampled_from([0.3, 0.6, 0.9]),
)
def test_live_counts_agree_with_the_engine_at_every_threshold(rows, algorithm, mode, keep, floor):
    texts = [header + "".join(POOL[(i + k) % len(POOL)] for k in range(n)) for i, n, header, _ in rows]
    table = Table(Path("t.csv"), "csv", ["body", "date"],
                  pd.DataFrame({"body": texts, "date": [d for *_, d in rows]}, dtype=object))  # fmt: skip
    pipeline = Pipeline.for_table(table, ["body"])
    thresholds = [0.5, 0.7, 0.9, 1.0] if algorithm == "ngram" else [1, 2, 3]
    base = Settings(algorithm=algorithm, mode=mode, keep=keep, min_similarity=floor, threshold=thresholds[0])
    explorer = A.ThresholdExplorer.for_run(pipeline.run(base), texts, table)
    for t in thresholds:
        preview = explorer.preview(t)
        assert preview.complete
        engine = pipeline.run(Settings(algorithm=algorithm, mode=mode, keep=keep, min_similarity=floor, threshold=t))
        assert (preview.pairs, preview.rows_removed) == (len(engine.pairs), engine.rows_to_remove), t


def test_removal_count_shortcut_uses_file_order(planted):
    *_, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram", threshold=0.75, keep="first"))
    assert A.removal_count(result, 0.75) == result.rows_to_remove
    assert A.removal_count(result, 1.0) < A.removal_count(result, 0.9) < A.removal_count(result, 0.75)


def test_counts_outside_the_searched_range_are_flagged_as_lower_bounds(planted):
    *_, pipeline = planted
    ngram = pipeline.run(Settings(algorithm="ngram", threshold=0.8))
    explorer = A.ThresholdExplorer(ngram)
    assert explorer.preview(0.8).complete
    assert not explorer.preview(0.5).complete  # the search went down to 0.7 only
    assert A.searched_range(ngram) == (0.8, 1.0)
    nshash = pipeline.run(Settings(algorithm="nshash", threshold=3))
    assert A.searched_range(nshash) == (1, 20)  # every pair sharing one sentence is always found


def test_simhash_counts_are_complete_only_up_to_the_searched_bits():
    corpus, _ = planted_corpus(40, seed=9)
    result = Pipeline(corpus.texts).run(Settings(algorithm="simhash", threshold=3))
    explorer = A.ThresholdExplorer(result)
    lo, hi = A.searched_range(result)
    assert (lo, hi) == (0, 3) or hi == result.candidates.measure.max()
    assert explorer.preview(2).complete and not explorer.preview(8).complete
    assert explorer.preview(3).rows_removed == result.rows_to_remove
    hist = A.pair_histogram(result)
    assert hist.x_range == (-0.5, 16.5) and hist.total == len(result.candidates)


# -- date, source and title columns ----


def frame_table(**columns) -> Table:
    data = pd.DataFrame(columns, dtype=object)
    return Table(Path("t.csv"), "csv", list(data.columns), data)


def test_parse_dates_reads_workbook_dates_and_common_text_forms():
    values = [
        dt.date(2024, 3, 1),
        dt.datetime(2024, 3, 1, 8, 30),
        "2024-03-02",
        "2024/3/3 10:15",
        "2024年3月4日",
        "2024年3月5日 09:00",
        "Mar 6, 2024",
        "",
        None,
        "12345",
        42,
        "not a date",
    ]
    parsed = A.parse_dates(values)
    assert list(parsed[:7].dt.strftime("%Y-%m-%d")) == [
        "2024-03-01", "2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05", "2024-03-06",
    ]  # fmt: skip
    assert parsed[1].hour == 8 and parsed[3].minute == 15
    assert parsed[7:].isna().all()


def test_date_column_found_by_values_or_by_name():
    n = 10
    by_values = frame_table(id=[f"{i:04d}" for i in range(n)], when=[f"2024-01-{i + 1:02d}" for i in range(n)])
    assert A.detect_date_column(by_values) == "when"
    half = [f"2024年1月{i + 1}日" if i % 2 else "未知" for i in range(n)]
    assert A.detect_date_column(frame_table(text=["x"] * n, 发布时间=half)) == "发布时间"
    assert A.detect_date_column(frame_table(text=["x"] * n, notes=half)) is None  # half is not enough unnamed
    numbers = frame_table(views=list(range(n)), id=[str(20240101 + i) for i in range(n)])
    assert A.detect_date_column(numbers) is None


def test_source_column_found_by_name_or_as_repeating_short_text():
    outlets = ["新华网", "人民网", "新华网", "澎湃新闻", "人民网", "新华网", "央视新闻", "人民网", "新华网", "澎湃新闻"]
    bodies = [f"正文{i}" * 30 for i in range(10)]
    titles = [f"标题{i}" for i in range(10)]
    assert A.detect_source_column(frame_table(body=bodies, 来源=outlets)) == "来源"
    assert A.detect_source_column(frame_table(title=titles, body=bodies, outlet_name=outlets)) == "outlet_name"
    assert A.detect_source_column(frame_table(title=titles, body=bodies, col=outlets)) == "col"  # repeats a lot
    assert A.detect_source_column(frame_table(title=titles, body=bodies)) is None  # unique titles, long bodies
    urls = [f"https://example.com/{i}" for i in range(10)]
    assert A.detect_source_column(frame_table(body=bodies, source_url=urls)) is None


def test_columns_of_the_planted_table_are_detected(planted):
    _, _, table, _ = planted
    cols = A.StoryColumns.of(table, exclude=["body"])
    assert (cols.date_column, cols.source_column, cols.title_column) == ("published", "source", "title")
    text_dates = A.StoryColumns.of(corpus_table(planted[0], dates_as="text"))
    assert text_dates.date_column == "published" and text_dates.dates.notna().all()


# -- hot stories ----


def test_hot_stories_put_the_biggest_planted_cluster_first_with_dates_and_sources(planted):
    corpus, hot_rows, table, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram"))
    cols = A.StoryColumns.of(table, exclude=["body"])
    stories = A.hot_stories(result, pipeline.texts, dates=cols.dates, sources=cols.sources)
    top = stories[0]
    assert top.rank == 1 and top.copies == HOT_COPIES and top.reposts == HOT_COPIES - 1
    assert sorted(result.cluster_by_id(top.cluster).members) == sorted(hot_rows)
    assert top.first_seen == pd.Timestamp(HOT_DAY) and top.last_seen == pd.Timestamp(HOT_DAY + dt.timedelta(days=4))
    assert sorted(s for s, _ in top.sources) == HOT_OUTLETS
    assert [s.copies for s in stories] == sorted((s.copies for s in stories), reverse=True)
    assert len(stories) == len(result.clusters)
    kept_text = pipeline.texts[top.kept]
    assert top.headline and top.headline[:10] in kept_text.replace("\n", " ")


def test_hot_story_headline_prefers_the_title_and_skips_repost_headers():
    assert A.headline("来源：新华网 记者 张三\n<p>本报讯 今天有雨。明天转晴。</p>") == "本报讯 今天有雨。明天转晴。"
    assert A.headline("转：一条短消息") == "一条短消息"
    long = "第一句很长" * 10 + "。" + "第二句" * 30
    assert A.headline(long) == "第一句很长" * 10 + "。"


def test_a_generic_title_shared_outside_the_story_gives_way_to_the_texts_first_line(planted):
    corpus, hot_rows, _, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram"))
    generic = ["用户评论"] * len(corpus)
    top = A.hot_stories(result, pipeline.texts, titles=generic)[0]
    assert top.headline != "用户评论" and top.headline == A.headline(pipeline.texts[top.kept], result)
    own = A.hot_stories(result, pipeline.texts, titles=corpus.titles)[0]
    assert own.headline == "热点新闻标题"


def test_hot_stories_follow_the_users_decisions(planted):
    _, hot_rows, _, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram"))
    top = A.hot_stories(result, pipeline.texts)[0]
    members = result.cluster_by_id(top.cluster).members
    others = [m for m in members if m != top.kept]
    decisions = Decisions(kept={top.cluster: others[0]}, not_duplicate={others[1], others[2]})
    again = A.hot_stories(result, pipeline.texts, decisions)
    story = next(s for s in again if s.cluster == top.cluster)
    assert story.kept == others[0] and story.copies == HOT_COPIES - 2


def test_hot_stories_frame_is_a_report_sheet(planted, tmp_path):
    _, _, table, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram"))
    frame = A.hot_stories_frame(result, table, pipeline.texts)
    assert list(frame.columns) == [
        "rank", "cluster", "copies", "kept_row", "story", "first_seen", "last_seen", "source_count", "sources",
    ]  # fmt: skip
    first = frame.iloc[0]
    assert first["copies"] == HOT_COPIES and first["source_count"] == HOT_COPIES
    assert first["first_seen"] == HOT_DAY and first["story"] == "热点新闻标题"
    assert first["kept_row"] == result.cluster_by_id(int(first["cluster"])).kept + 1

    from dedup_gui.core.io import write_frame

    out = tmp_path / "hot.xlsx"
    write_frame(frame, out, kind="hot stories")
    back = pd.read_excel(out, engine="openpyxl")
    assert back["copies"].tolist() == frame["copies"].tolist()
    assert pd.Timestamp(back["first_seen"][0]).date() == HOT_DAY


def test_hot_stories_frame_without_date_or_source_columns(planted):
    corpus, _, _, pipeline = planted
    bare = frame_table(body=corpus.texts)
    result = pipeline.run(Settings(algorithm="ngram"))
    frame = A.hot_stories_frame(result, bare, pipeline.texts)
    assert list(frame.columns) == ["rank", "cluster", "copies", "kept_row", "story"]
    assert A.hot_stories_frame(result, None, pipeline.texts, limit=3).shape == (3, 5)


# -- cluster sizes and summary ----


def test_size_distribution_one_bar_per_size_then_widening_bins(planted):
    *_, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram"))
    bins = A.size_distribution(result)
    assert [b.lo for b in bins] == list(range(2, HOT_COPIES + 1))
    assert sum(b.clusters for b in bins) == len(result.clusters)
    assert bins[-1].clusters == 1 and bins[-1].label == str(HOT_COPIES)
    wide = A.size_distribution(result, max_bins=5)
    assert [b.label for b in wide][-2:] == ["10", "11–12"]
    assert sum(b.clusters for b in wide) == len(result.clusters)


def test_summary_splits_exact_from_near_duplicates_and_keeps_stage_times(planted):
    *_, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram"))
    summary = A.summarise(result)
    assert summary.rows == result.n_rows
    assert summary.rows_to_remove == result.rows_to_remove
    assert summary.exact_duplicates == result.exact_duplicates  # every identical row is removed by default
    assert summary.near_duplicates == result.rows_to_remove - result.exact_duplicates > 0
    assert summary.share_removed == pytest.approx(result.rows_to_remove / result.n_rows)
    assert [k for k, _ in summary.timings] == list(A.STAGES)
    assert summary.largest_cluster == HOT_COPIES
    assert summary.candidate_pairs == len(result.candidates) and summary.passing_pairs == len(result.pairs)
    top = max(result.clusters, key=lambda c: c.size)
    decisions = Decisions(not_duplicate={m for m in top.members if m != top.kept})
    assert A.summarise(result, result.resolve(decisions)).rows_to_remove == result.rows_to_remove - top.size + 1


def _headline_by_definition(text: str, opts, width: int = 80) -> str:
    """The headline as defined: the whole text normalised, its lines' whitespace folded, repost headers skipped
    while another line follows, the repost prefix dropped, a long line cut after its first sentence."""
    from dedup_gui.core.text import normalise

    norm = normalise(text, opts)
    lines = [line for line in (" ".join(x.split()) for x in norm.splitlines()) if line]
    while len(lines) > 1 and A._HEADER_LINE.search(lines[0]):
        lines.pop(0)
    if not lines:
        return ""
    line = A._REPOST_PREFIX.sub("", lines[0]).strip() or lines[0]
    if len(line) > width:
        end = A._SENTENCE_END.search(line, 8)
        return line[: end.end()] if end is not None and end.end() <= width else line[: width - 1] + "…"
    return line


_HEADLINE_LINES = [
    "来源：新华网",
    "原标题：北京地铁新线开通",
    "作者：张三",
    "",
    "  ",
    "北京地铁新线今天开通运营，沿线居民出行更方便了。",
    "转：上海今年夏天雨水偏多。",
    "很长的一句话" * 20 + "。后面还有。",
    "长" * 390,
    "第一句很短。" + "长" * 390,
    "#话题# " * 60 + "正文",
    "【新华社讯】",
    "by",
    "byline " * 60,
    "a.nav{color:#333}",
    "var x = 1;",
    "<p>本报讯 今天有雨。</p>",
    "&amp; 符号",
    "--",
    "--abc",
    "> 引用的一行",
    "Source: Reuters",
    "普通的一行内容，没有什么特别的",
]
_BODY = "\n".join(["普通的一行内容，没有什么特别的"] * 40)


@settings(max_examples=300, deadline=None)
@example(["var x = 1;\n" + _BODY + "\na.nav{color:#333}"], "\n", False)  # page chrome: braces only further on
@example(["<script>\nvar a\n" + _BODY + "\n</script>\n正文在这里"], "\n", False)  # a block past the start
@example(["\n".join(["来源：新华网"] * 60) + "\n正文在这里"], "\r\n", False)  # only headers at the start
@example(["来源：新华网\n" + "y" * 390 + "\n--abc\n正文"], "\n", False)  # the start's last line looks like a signature
@example(["\n".join(["来源：新华网"] * 55) + "\n" + "正文" * 100], "\n", False)  # headline from the start's cut line
@example(
    ["\n".join(["来源：新华网"] * 43) + "\n" + "长" * 500 + "\n正文在这里"], "\n", True
)  # a pattern on whole lines
@given(
    st.lists(
        st.lists(st.sampled_from(_HEADLINE_LINES), max_size=40).map(lambda ls: "\n".join(ls)),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
)
def test_headlines_read_from_the_start_are_the_headlines_of_the_whole_texts(texts, newline, patterns):
    """Long texts are normalised by their start only where that gives the same headline: with markup, page chrome,
    a "--" line or the user's patterns anywhere, with only headers at the start, or with the headline from the
    start's last line and short, the whole text is read. And a cache gives back what was worked out."""
    from dataclasses import replace
    from types import SimpleNamespace

    from dedup_gui.core.settings import NormaliseOptions

    texts = [t.replace("\n", newline) for t in texts]
    opts = replace(NormaliseOptions(), casefold=False, nfkc=False)
    if patterns:
        opts = replace(opts, boilerplate_patterns=("长{100}",))  # (a long line matches, the same line cut short not)
    result = SimpleNamespace(settings=SimpleNamespace(normalise=opts))
    want = [_headline_by_definition(t, opts) for t in texts]
    assert A.headlines(texts, result) == want
    cache: dict[str, str] = {}
    assert A.headlines(texts, result, cache=cache) == want and set(cache) == set(texts)
    cache[texts[0]] = "remembered"
    assert A.headlines(texts, result, cache=cache)[0] == "remembered"


def _decided_by_cluster(result, decisions):
    """``review_counts.decided_result``'s clusters, cluster by cluster: the plain reading its arrays must equal."""
    from dedup_gui.core.result import Cluster

    stay = result.staying(decisions)
    out = []
    for c in result.clusters:
        kept = decisions.kept.get(c.id, c.kept)
        members = [m for m in c.members if m == kept or m not in stay]
        if len(members) < 2:
            continue
        similarity = {m: s for m, s in c.similarity.items() if m in members} if kept == c.kept else {}
        out.append(Cluster(c.id, kept, members, similarity))
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_decided_clusters_are_those_read_cluster_by_cluster(data):
    """The clusters the analysis counts after the user's decisions (``decided_result``, on the clusters' arrays) on
    random clusters, kept-row choices, rows marked not duplicates, rows held for checking and removed by the user."""
    from cluster_reference import draw_clusters_and_decisions, result_of

    from dedup_gui.core.review_counts import decided_result

    n_rows, clusters, held, decisions = draw_clusters_and_decisions(data)
    result = result_of(n_rows, clusters, held)
    assert list(decided_result(result, decisions).clusters) == _decided_by_cluster(result, decisions)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_similarity_entries_that_stay_are_those_of_members_that_stay(data):
    """``_entries_staying`` (the decided clusters' similarity entries) against the set of (cluster, row) members that
    stay: entries about rows that stay or go, about rows of another cluster or of none, and rows in two clusters."""
    from dedup_gui.core.review_counts import _entries_staying

    n_clusters = data.draw(st.integers(1, 6))
    shared = data.draw(st.booleans())  # a row may be a member of two clusters (then the general reading)
    rows = st.integers(0, 25)
    member_lists = [data.draw(st.lists(rows, min_size=1, max_size=5, unique=True)) for _ in range(n_clusters)]
    if not shared:  # clusters partition their rows
        seen: set[int] = set()
        member_lists = [[m for m in ms if not (m in seen or seen.add(m))] for ms in member_lists]
    which = np.repeat(np.arange(n_clusters), [len(ms) for ms in member_lists])
    members = np.array([m for ms in member_lists for m in ms], dtype=np.int64)
    stays_in = np.array(data.draw(st.lists(st.booleans(), min_size=len(members), max_size=len(members))), dtype=bool)
    n_entries = data.draw(st.integers(0, 12))
    entry_of = np.sort(np.array(data.draw(st.lists(st.integers(0, n_clusters - 1), min_size=n_entries,
                                                   max_size=n_entries)), dtype=np.int64))  # fmt: skip
    entry_rows = np.array(data.draw(st.lists(rows, min_size=n_entries, max_size=n_entries)), dtype=np.int64)
    staying = {(int(c), int(m)) for c, m, s in zip(which, members, stays_in, strict=True) if s}
    want = [(int(c), int(r)) in staying for c, r in zip(entry_of, entry_rows, strict=True)]
    assert _entries_staying(which, members, stays_in, entry_of, entry_rows).tolist() == want
