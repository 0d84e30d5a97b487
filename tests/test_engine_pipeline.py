"""Clustering modes, keep policies, decisions, progress, cancel and the fingerprint cache."""

import os
import sys
import threading

import numpy as np
import pandas as pd
import pytest
from engine_texts import EN_A, EN_B, ZH_A, ZH_B, ZH_C, ZH_LONG, checked_corpus, repost_with_header, truncated

from dedup_gui.core import parallel, segment
from dedup_gui.core.errors import Cancelled
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.progress import Reporter
from dedup_gui.core.result import Decisions
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table

# A chain: B is ~0.8 of A, C ~0.8 of B, but C is only ~0.64 of A (Jaccard; with excerpts counted, every
# truncation scores 1.0 against the longer text, so the chain tests score by Jaccard alone).
CHAIN = [ZH_LONG, truncated(ZH_LONG, 0.8), truncated(ZH_LONG, 0.64)]
JACCARD = {"excerpts": False, "min_similarity": 0.5}  # the chain's links are ~0.8: below the default floor


def test_strict_mode_never_removes_a_copy_of_a_copy():
    result = Pipeline(CHAIN).run(Settings(algorithm="ngram", threshold=0.75, mode="strict", **JACCARD))
    assert [(c.kept, c.members) for c in result.clusters] == [(0, [0, 1])]
    assert result.rows_to_remove == 1


def test_linked_mode_joins_connected_rows():
    settings = Settings(algorithm="ngram", threshold=0.75, mode="linked", **JACCARD)
    result = Pipeline(CHAIN).run(settings)
    (cluster,) = result.clusters
    assert cluster.members == [0, 1, 2]
    assert cluster.similarity[2] == pytest.approx(0.64, abs=0.03)  # scored against the kept row, not the link


def test_strict_mode_keeps_the_best_remaining_row_as_the_next_cluster_head():
    texts = [*CHAIN, truncated(ZH_LONG, 0.6)]
    result = Pipeline(texts).run(Settings(algorithm="ngram", threshold=0.75, mode="strict", **JACCARD))
    assert [(c.kept, c.members) for c in result.clusters] == [(0, [0, 1]), (2, [2, 3])]


@pytest.mark.parametrize(
    ("keep", "kept"),
    [("first", 0), ("last", 3), ("longest", 1), ("shortest", 3), ("max:views", 2), ("min:views", 3)],
)
def test_keep_policies_choose_the_kept_row(keep, kept):
    texts = [ZH_B, repost_with_header(ZH_B), ZH_B + "\n（完）", ZH_B[:-2], EN_A]
    table = Table(
        path="t.csv",
        kind="csv",
        columns=["text", "views"],
        data=pd.DataFrame({"text": texts, "views": ["10", "200", "3000", "5", ""]}, dtype=object),
    )
    result = Pipeline.for_table(table, ["text"]).run(Settings(algorithm="ngram", keep=keep))
    (cluster,) = result.clusters
    assert cluster.members == [0, 1, 2, 3]
    assert cluster.kept == kept


def _short_table(views: list[str]) -> Table:
    texts = [
        "插卡电表怎么读才对",
        "插卡电表怎么读才对？",
        "完全无关的一段文字内容",
        "请问明天会下雨吗",
        "请问明天会下雨吗？？",
    ]
    data = pd.DataFrame({"text": texts, "views": views}, dtype=object)
    return Table(path="t.csv", kind="csv", columns=["text", "views"], data=data)


@pytest.mark.parametrize("keep", ["original", "max:views", "shortest"])
def test_a_keep_rule_made_beside_the_search_keeps_what_the_rule_made_in_turn_keeps(monkeypatch, keep):
    """Many short texts have their keep rule made on a thread while the fingerprints and the candidates are found
    (``_keep_ahead``): the same rows kept, for the same reasons."""
    from dedup_gui.core import pipeline as pipeline_module

    table = _short_table(["5", "50", "1", "7", "3"])
    in_turn = Pipeline.for_table(table, ["text"]).run(Settings(algorithm="ngram", keep=keep))
    made_on = []
    monkeypatch.setattr(pipeline_module, "AHEAD_ROWS", 2)
    real = pipeline_module.KeepRule.of

    def telling(*args, **kwargs):
        made_on.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline_module.KeepRule, "of", telling)
    beside = Pipeline.for_table(table, ["text"]).run(Settings(algorithm="ngram", keep=keep))
    assert made_on == ["keep-rule_0"]
    assert [(c.kept, c.members) for c in beside.clusters] == [(c.kept, c.members) for c in in_turn.clusters]
    assert in_turn.clusters and beside.keep_reasons == in_turn.keep_reasons


def test_a_keep_rule_that_fails_beside_the_search_fails_the_run_with_its_error(monkeypatch):
    from dedup_gui.core import pipeline as pipeline_module
    from dedup_gui.core.errors import InputError

    monkeypatch.setattr(pipeline_module, "AHEAD_ROWS", 2)
    with pytest.raises(InputError, match="no column named 'date'"):
        Pipeline.for_table(_short_table(["1"] * 5), ["text"]).run(Settings(algorithm="ngram", keep="max:date"))


def test_keep_by_date_column_keeps_the_newest_row():
    texts = [ZH_C, ZH_C + "（转载）", EN_B]
    table = Table(
        path="t.csv",
        kind="csv",
        columns=["text", "date"],
        data=pd.DataFrame({"text": texts, "date": ["2018-10-03", "2018-11-01", "2018-01-01"]}, dtype=object),
    )
    result = Pipeline.for_table(table, ["text"]).run(Settings(algorithm="ngram", keep="max:date"))
    assert result.clusters[0].kept == 1


def test_resolution_records_which_row_each_removed_row_duplicates():
    texts = [EN_B, ZH_A, EN_A, repost_with_header(ZH_A), ZH_A]
    pipeline = Pipeline(texts)
    result = pipeline.run(Settings(algorithm="ngram", keep="first", **JACCARD))
    res = result.resolve()
    assert res.keep.tolist() == [True, True, True, False, False]
    assert res.dup_of.tolist() == [-1, -1, -1, 1, 1]
    assert res.similarity[4] == 1.0 and 0.8 < res.similarity[3] < 1.0
    assert res.similarity[3] == pytest.approx(pipeline.similarity(1, 3))
    frame = res.annotation_frame()
    assert list(frame.columns) == ["dup_cluster", "dup_kept", "dup_of", "dup_similarity"]
    assert frame["dup_of"].tolist()[3:] == [2, 2]  # 1-based data-row numbers
    assert pd.isna(frame["dup_cluster"][0]) and frame["dup_cluster"][1] == 1


def test_user_decisions_change_the_kept_row_and_spare_a_member():
    texts = [ZH_A, repost_with_header(ZH_A), ZH_A + "（完）", ZH_B]
    pipeline = Pipeline(texts)
    result = pipeline.run(Settings(algorithm="ngram"))
    decisions = Decisions(kept={1: 1}, not_duplicate={2})
    res = result.resolve(decisions, pipeline.similarity)
    assert res.keep.tolist() == [False, True, True, True]
    assert res.dup_of.tolist() == [1, -1, -1, -1]
    assert res.similarity[0] == pytest.approx(pipeline.similarity(0, 1))
    report = result.report_frame(pipeline.texts, decisions)
    assert report.loc[0, "kept_row"] == 2 and report.loc[0, "members"] == "1 2 3"


def test_progress_reports_every_stage_in_order():
    stages = []
    Pipeline([ZH_A, ZH_B, ZH_A]).run(Settings(algorithm="simhash"), Reporter(lambda s, d, t: stages.append(s)))
    seen = list(dict.fromkeys(stages))
    assert seen == ["Normalising", "Segmenting", "Fingerprinting", "Finding candidates", "Verifying", "Clustering"]


def test_threshold_change_reuses_fingerprints_without_segmenting_again(monkeypatch):
    pipeline = Pipeline([ZH_LONG, repost_with_header(ZH_LONG), ZH_B, ZH_C])
    calls = []
    original = segment._segment_slice
    monkeypatch.setattr(segment, "_segment_slice", lambda texts: calls.extend([1] * len(texts)) or original(texts))
    first = pipeline.run(Settings(algorithm="simhash", threshold=3))
    segmented = len(calls)
    assert segmented == 4
    assert pipeline.is_cached(Settings(algorithm="simhash", threshold=8))
    looser = pipeline.run(Settings(algorithm="simhash", threshold=8))
    tighter = pipeline.run(Settings(algorithm="simhash", threshold=0))
    assert len(calls) == segmented
    assert len(first.clusters) == 1 and len(looser.clusters) >= 1
    assert len(tighter.pairs) <= len(first.pairs)
    assert not pipeline.is_cached(Settings(algorithm="simhash", n=10))


def test_tightening_the_ngram_threshold_only_filters_cached_candidates(monkeypatch):
    from dedup_gui.core.algorithms.ngram import NGram

    pipeline = Pipeline(CHAIN + [ZH_B])
    pipeline.run(Settings(algorithm="ngram", threshold=0.6, **JACCARD))
    monkeypatch.setattr(NGram, "search", lambda *a: pytest.fail("re-searched on a tighter threshold"))
    result = pipeline.run(Settings(algorithm="ngram", threshold=0.9, **JACCARD))
    assert result.clusters == []


def test_cancel_stops_the_run_promptly():
    texts = [f"{ZH_LONG}第{i}号" for i in range(20000)]
    reporter = Reporter()
    timer = threading.Timer(0.3, reporter.cancel)
    timer.start()
    with pytest.raises(Cancelled):
        Pipeline(texts).run(Settings(algorithm="ngram"), reporter)
    timer.cancel()


def test_pipeline_is_usable_after_a_cancelled_run():
    pipeline = Pipeline([ZH_A, ZH_A + "。", ZH_B])
    reporter = Reporter()
    reporter.cancel()
    with pytest.raises(Cancelled):
        pipeline.run(Settings(algorithm="ngram"), reporter)
    assert len(pipeline.run(Settings(algorithm="ngram")).clusters) == 1


def test_segmentation_in_batches_and_threaded_slices_gives_the_keywords_text_by_text(monkeypatch):
    texts = [f"{ZH_A}{i}{ZH_B[: i % 50]}" for i in range(3000)]
    monkeypatch.setattr(segment, "BATCH_CHARS", 20_000)  # several batches, each of several slices
    monkeypatch.setattr(segment, "SEGMENT_CHARS", 3_000)
    got = segment.keyword_hashes(texts, 20, Reporter())
    want = segment._hash_keywords_each(texts, 20)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)


def test_the_idf_table_read_from_its_file_is_jiebas():
    from jieba.analyse.tfidf import DEFAULT_IDF, IDFLoader, KeywordExtractor

    idf, median, stop = segment._idf()
    assert (idf, median) == IDFLoader(DEFAULT_IDF).get_idf()
    assert stop == KeywordExtractor.STOP_WORDS


def test_the_hashed_idf_table_gives_every_word_jiebas_weight():
    from dedup_gui.core.text import code_points, span_hashes, string_hash

    idf, median, stop = segment._idf()
    table = segment._idf_table()
    words = list(idf)
    lengths = np.array([len(w) for w in words])
    ends = np.cumsum(lengths + 1) - 1
    hashes = span_hashes(code_points("\n".join(words)), ends - lengths, ends)
    np.testing.assert_array_equal(table.weights_of(hashes), np.array([idf[w] for w in words]))
    assert (table.median, table.stop) == (median, stop)
    unknown = np.array([string_hash(w) for w in ("不在表里的词语", "zzqxv", "新冠肺炎疫情防控")])
    assert table.weights_of(unknown).tolist() == [
        idf.get(w, median) for w in ("不在表里的词语", "zzqxv", "新冠肺炎疫情防控")
    ]


def test_large_exact_duplicate_groups_collapse_before_comparison():
    texts = [ZH_C] * 50_000 + [ZH_A]
    result = Pipeline(texts).run(Settings(algorithm="nshash"))
    assert len(result.clusters) == 1 and result.rows_to_remove == 49_999
    assert len(result.pairs) == 0


def test_words_first_seen_in_later_batches_keep_their_own_weights(monkeypatch):
    """A text at a time brings new words (each with its own IDF weight) into the column's vocabulary, as later
    batches of a real column do; the keywords stay those of each text on its own."""
    idf, _, _ = segment._idf()
    vocabulary = [w for w in sorted(idf) if len(w) >= 2 and w.isalpha()][1000:1400]
    texts = ["，".join(vocabulary[i : i + 9] + vocabulary[i : i + 3]) + "。" for i in range(0, 390, 3)]
    monkeypatch.setattr(segment, "BATCH_CHARS", 200)  # several texts per batch, new words in every batch
    monkeypatch.setattr(segment, "SEGMENT_CHARS", 90)
    got = segment.keyword_hashes(texts, 5, Reporter())
    want = segment._hash_keywords_each(texts, 5)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)


def checked_questions_corpus() -> list[str]:
    """``checked_corpus`` with short questions a character apart: one pair held to check, one a typo's copy."""
    texts = checked_corpus() + ["请问北京明天的天气怎么样会不会下大雨呢", "请问北京明天的天气怎么祥会不会下大雨呢"]
    return texts + ["插卡电表怎么读", "插卡电表怎么用"]


def assert_checked_alike(got, want) -> None:
    """The text check said the same in both runs (of ``checked_questions_corpus``): the same pairs pass and fail
    (some of each), the same pair is in doubt, the same rows are held, the same clusters come out."""
    assert got.candidates.checked.tolist() == want.candidates.checked.tolist()
    assert not want.candidates.checked.all() and want.candidates.checked.any()  # the check said both
    assert got.candidates.doubtful.tolist() == want.candidates.doubtful.tolist()
    assert want.candidates.doubtful.sum() == 1 and got.held.tolist() == want.held.tolist()
    assert [(c.kept, c.members) for c in got.clusters] == [(c.kept, c.members) for c in want.clusters]


def test_the_text_check_read_a_block_of_pairs_at_a_time_says_what_it_says_at_once(monkeypatch):
    """Short texts' pairs are planned and read ``PLAN_BLOCK`` pairs at a time (templated rows make tens of millions
    of candidate pairs): the same pairs pass and fail, the same pairs are held, the same clusters come out."""
    from dedup_gui.core import pipeline as pipeline_module

    texts = checked_questions_corpus()
    planned: list[int] = []

    def planning(texts, written, a, b, *args, **kwargs):
        planned.append(len(a))
        return plan_reports(texts, written, a, b, *args, **kwargs)

    plan_reports = pipeline_module.plan_reports
    monkeypatch.setattr(pipeline_module, "plan_reports", planning)
    monkeypatch.setattr(parallel, "_FORK_ALLOWED", False)
    at_once = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert len(planned) == 1 and planned[0] > 6
    pairs, planned[:] = planned[0], []
    monkeypatch.setattr(pipeline_module, "PLAN_BLOCK", 2)
    blocked = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert len(planned) > 3 and max(planned) <= 2 and sum(planned) == pairs  # every pair planned once
    assert_checked_alike(blocked, at_once)


@pytest.mark.skipif(
    not (sys.platform.startswith("linux") and hasattr(os, "fork") and parallel.WORKERS >= 2),
    reason="a second process by fork: Linux with two cores or more",
)
@pytest.mark.parametrize("plan_first", [False, True])
def test_the_text_check_split_over_two_processes_says_what_it_says_in_one(monkeypatch, tmp_path, plan_first):
    """Where the engine may fork (dedup-cli, the engine worker), the check's last word on half the pairs is said
    in a second process, and which of them are in doubt with it: the same pairs pass and fail, the same pairs
    are held, the same clusters come out. ``plan_first`` (pairs of long texts): what can be told of every pair
    at once is told in this process before the fork, and each process reads its own pairs text by text."""
    texts = checked_questions_corpus()
    alone = Pipeline(texts).run(Settings(algorithm="ngram"))

    from dedup_gui.core import doubt as doubt_module
    from dedup_gui.core import pipeline as pipeline_module
    from dedup_gui.core import textcheck as textcheck_module

    told, told_doubt, told_plan = tmp_path / "pids", tmp_path / "doubt_pids", tmp_path / "plan_pids"

    def telling(fn, path):
        def told_fn(*args, **kwargs):
            with open(path, "a") as f:  # each process appends its number, in one write
                f.write(f"{os.getpid()}\n")
            return fn(*args, **kwargs)

        return told_fn

    monkeypatch.setattr(parallel, "_FORK_ALLOWED", True)
    monkeypatch.setattr(pipeline_module, "FORK_CHECK_PAIRS", 2)
    monkeypatch.setattr(pipeline_module, "FORK_CHECK_LONG_PAIRS", 2)
    monkeypatch.setattr(pipeline_module, "PLAN_FIRST_CHARS", 0 if plan_first else 10**9)
    planning = telling(textcheck_module.plan_reports, told_plan)
    monkeypatch.setattr(pipeline_module, "plan_reports", planning)
    monkeypatch.setattr(textcheck_module, "plan_reports", planning)
    monkeypatch.setattr(textcheck_module.ReportReads, "read", telling(textcheck_module.ReportReads.read, told))
    monkeypatch.setattr(doubt_module.DoubtReads, "read", telling(doubt_module.DoubtReads.read, told_doubt))
    pipeline = Pipeline(texts)
    split = pipeline.run(Settings(algorithm="ngram"))

    here = str(os.getpid())
    assert len(set(told.read_text().split())) == 2  # this process and one other
    assert len(set(told_doubt.read_text().split())) == 2
    planned = set(told_plan.read_text().split())
    assert planned == {here} if plan_first else len(planned) == 2
    # A threshold change, every pair read already: the doubt alone is read here.
    told_doubt.unlink()
    pipeline.run(Settings(algorithm="ngram", threshold=0.85))
    assert set(told_doubt.read_text().split()) == {here}
    assert_checked_alike(split, alone)
    assert alone.held.tolist() == [len(texts) - 1]


@pytest.mark.skipif(
    not (sys.platform.startswith("linux") and hasattr(os, "fork") and parallel.WORKERS >= 2),
    reason="a second process by fork: Linux with two cores or more",
)
@pytest.mark.parametrize("long_texts", [False, True])
def test_pairs_of_long_texts_are_split_over_two_processes_from_fewer_pairs(monkeypatch, tmp_path, long_texts):
    """The check forks from ``FORK_CHECK_PAIRS`` pairs, and pairs of long texts (planned first) from
    ``FORK_CHECK_LONG_PAIRS``: with as many pairs as the second and fewer than the first, only long texts fork."""
    from dedup_gui.core import pipeline as pipeline_module
    from dedup_gui.core import textcheck as textcheck_module

    told = tmp_path / "pids"

    def read(*args, **kwargs):
        with open(told, "a") as f:
            f.write(f"{os.getpid()}\n")
        return reading(*args, **kwargs)

    reading = textcheck_module.ReportReads.read
    texts = checked_corpus()
    pairs = len(Pipeline(texts).run(Settings(algorithm="ngram")).candidates.a)
    monkeypatch.setattr(parallel, "_FORK_ALLOWED", True)
    monkeypatch.setattr(pipeline_module, "FORK_CHECK_PAIRS", pairs + 1)
    monkeypatch.setattr(pipeline_module, "FORK_CHECK_LONG_PAIRS", 2)
    monkeypatch.setattr(pipeline_module, "PLAN_FIRST_CHARS", 0 if long_texts else 10**9)
    monkeypatch.setattr(textcheck_module.ReportReads, "read", read)
    split = Pipeline(texts).run(Settings(algorithm="ngram"))
    if long_texts:
        assert len(set(told.read_text().split())) == 2  # this process and one other
    else:
        assert set(told.read_text().split()) == {str(os.getpid())}  # every pair read in this process
    assert len(split.candidates.a) == pairs > 2


@pytest.mark.skipif(
    not (sys.platform.startswith("linux") and hasattr(os, "fork") and parallel.WORKERS >= 2),
    reason="a second process by fork: Linux with two cores or more",
)
@pytest.mark.parametrize("heavy", [False, True])
def test_fewer_long_pairs_fork_when_what_they_read_is_the_work_of_many(monkeypatch, tmp_path, heavy):
    """Pairs of long texts fork by their work (``_check_work``), not their count: fewer pairs than
    ``FORK_CHECK_LONG_PAIRS`` fork when the characters they are read for, counted at ``READ_CHARS_PER_PAIR``, make
    up that many pairs' work (20 Newsgroups: a few hundred posts full of figures and quotes) - and not otherwise;
    the same pairs pass either way. The halves meet where half that work is."""
    from dedup_gui.core import pipeline as pipeline_module
    from dedup_gui.core import textcheck as textcheck_module

    told = tmp_path / "pids"

    def read(*args, **kwargs):
        with open(told, "a") as f:
            f.write(f"{os.getpid()}\n")
        return reading(*args, **kwargs)

    works, splits = [], []

    def weighing(*args, **kwargs):
        works.append(weigh(*args, **kwargs))
        return works[-1]

    def splitting(*args, **kwargs):
        splits.append(kwargs["split"])
        return in_two(*args, **kwargs)

    reading, weigh, in_two = (
        textcheck_module.ReportReads.read,
        pipeline_module._check_work,
        pipeline_module.in_two_processes,
    )
    texts = checked_questions_corpus()
    alone = Pipeline(texts).run(Settings(algorithm="ngram"))
    pairs = len(alone.candidates.a)
    monkeypatch.setattr(parallel, "_FORK_ALLOWED", True)
    monkeypatch.setattr(pipeline_module, "FORK_CHECK_LONG_PAIRS", pairs + 1)
    monkeypatch.setattr(pipeline_module, "READ_CHARS_PER_PAIR", 1 if heavy else 10**9)
    monkeypatch.setattr(pipeline_module, "PLAN_FIRST_CHARS", 0)
    monkeypatch.setattr(textcheck_module.ReportReads, "read", read)
    monkeypatch.setattr(pipeline_module, "_check_work", weighing)
    monkeypatch.setattr(pipeline_module, "in_two_processes", splitting)
    split = Pipeline(texts).run(Settings(algorithm="ngram"))
    processes = set(told.read_text().split())
    assert processes == ({str(os.getpid())} if not heavy else processes) and len(processes) == 1 + heavy
    assert_checked_alike(split, alone)
    # Where the second process begins: the work of the pairs before it is under half of it all, with its own pair
    # half or more.
    (work,), (at,) = works, splits
    assert work[:at].sum() < work.sum() / 2 <= work[: at + 1].sum()


def test_a_cancel_while_the_text_check_plans_stops_before_any_pair_is_read(monkeypatch):
    """Pairs of long texts are planned before the check forks (``textcheck.plan_reports``, over a second on a
    large file): a cancel pressed meanwhile ends the run there - no pair is read text by text, no process forked."""
    from dedup_gui.core import pipeline as pipeline_module
    from dedup_gui.core import textcheck as textcheck_module

    reporter = Reporter()

    def planning(*args, **kwargs):
        plan = textcheck_module.plan_reports(*args, **kwargs)
        reporter.cancel_event.set()  # (pressed while the plan was made)
        return plan

    monkeypatch.setattr(parallel, "_FORK_ALLOWED", True)
    monkeypatch.setattr(pipeline_module, "FORK_CHECK_LONG_PAIRS", 2)
    monkeypatch.setattr(pipeline_module, "PLAN_FIRST_CHARS", 0)
    monkeypatch.setattr(pipeline_module, "plan_reports", planning)
    monkeypatch.setattr(textcheck_module.ReportReads, "read", lambda *a, **k: pytest.fail("a pair read after a cancel"))
    monkeypatch.setattr(pipeline_module, "in_two_processes", lambda *a, **k: pytest.fail("forked after a cancel"))
    with pytest.raises(Cancelled):
        Pipeline(checked_corpus()).run(Settings(algorithm="ngram"), reporter)


def test_a_cancel_while_a_block_of_pairs_is_planned_stops_before_the_next(monkeypatch):
    """Short texts' pairs are planned a block at a time (``PLAN_BLOCK``; templated rows: ~0.3 s a block): a cancel
    pressed while one block is planned ends the run before the next."""
    from dedup_gui.core import pipeline as pipeline_module

    reporter = Reporter()
    planned = []

    def planning(*args, **kwargs):
        planned.append(len(args[2]))
        plan = plan_reports(*args, **kwargs)
        reporter.cancel_event.set()  # (pressed while the first block was planned)
        return plan

    plan_reports = pipeline_module.plan_reports
    monkeypatch.setattr(parallel, "_FORK_ALLOWED", False)
    monkeypatch.setattr(pipeline_module, "PLAN_BLOCK", 2)
    monkeypatch.setattr(pipeline_module, "plan_reports", planning)
    with pytest.raises(Cancelled):
        Pipeline(checked_corpus()).run(Settings(algorithm="ngram"), reporter)
    assert planned == [2]


def test_the_text_check_reports_its_progress_between_blocks_of_pairs(monkeypatch):
    """Pairs read a block at a time (``PLAN_BLOCK``: templated rows, tens of millions of pairs) report how far the
    check is between blocks, not only at its start and end."""
    from dedup_gui.core import pipeline as pipeline_module

    reports: list[tuple[int, int]] = []
    reporter = Reporter(
        progress=lambda stage, done, total: reports.append((done, total)) if stage == "Verifying" else None
    )
    monkeypatch.setattr(parallel, "_FORK_ALLOWED", False)
    monkeypatch.setattr(pipeline_module, "PLAN_BLOCK", 2)
    Pipeline(checked_corpus()).run(Settings(algorithm="ngram"), reporter)
    total = reports[-1][1]
    between = [done for done, of in reports if of == total and 0 < done < total]
    assert total > 6 and len(between) >= 3
    assert between == sorted(between)


@pytest.mark.parametrize("collapse", [True, False])
def test_the_prepared_content_lengths_are_those_of_the_compact_content(collapse):
    # (with whitespace collapsed they are the normalised texts' lengths but where boilerplate was cut out)
    from dedup_gui.core.columnar import lengths_of
    from dedup_gui.core.settings import NormaliseOptions

    footer = "本文来源：新华社客户端，转载请注明出处。"
    texts = [f"第{i}条消息。\n  内容 {i} 在这里\t说明。\n{footer}" for i in range(8)]
    texts += ["", "  ", "No boilerplate here.\nTwo  lines.", ZH_A, ZH_A + "\n" + footer]
    pipe = Pipeline(texts)
    prep = pipe._prepare(NormaliseOptions(collapse_whitespace=collapse), 5, Reporter())
    assert prep.content != prep.unique_texts  # (the footer was learned and cut out)
    assert pipe._content_lengths(prep).tolist() == lengths_of(prep.content_compact).tolist()


@pytest.mark.parametrize("algorithm", ["ngram", "nshash", "simhash"])
def test_exact_copies_of_a_text_quoted_throughout_are_duplicates(algorithm):
    # Its quoted lines dropped, such a text had been left empty - no duplicate even of its exact copy.
    headline = ">>点击阅读原文[木村光希同时登上日本74家报纸]评：条条大路通罗马，但有人生就生在了“罗马”"
    result = Pipeline([headline, ZH_A, headline, "> quoted line only", "> quoted line only"]).run(
        Settings(algorithm=algorithm)
    )
    assert result.rows_to_remove == 2


def test_texts_of_markup_alone_are_duplicates_of_their_exact_copies_only():
    # Nothing is left of them once normalised, as of a blank cell - yet "<p></p>" twice is a copy (a spreadsheet's
    # Remove Duplicates removes one); "<br>" is another text, and blank cells are never duplicates.
    texts = ["<p></p>", ZH_A, "<br>", "<p></p>", "", "  ", "", "<p> </p>"]
    resolution = Pipeline(texts).run(Settings(algorithm="ngram")).resolve()
    assert np.flatnonzero(~resolution.keep).tolist() == [3]
    assert resolution.dup_of[3] == 0


def test_texts_equal_but_for_the_signs_at_their_ends_are_one_text():
    # "北京欢迎你" / "北京欢迎你!!!" were 0.63 similar by their characters: no duplicates of each other.
    from dedup_gui.core.pipeline import exact_pass
    from dedup_gui.core.settings import NormaliseOptions

    texts = ["北京欢迎你", "北京欢迎你!!!", "“北京欢迎你”。", "你好", "你好？", "(完)", "完"]
    texts += ["-5", "5", "5%", ".5", "C#", "C", "Hello world", "Hello, world", "？？？", "!!!"]
    _, _, row_unique = exact_pass(texts, NormaliseOptions())
    groups = {}
    for text, u in zip(texts, row_unique.tolist(), strict=True):
        groups.setdefault(u, []).append(text)
    assert sorted(groups.values()) == sorted(
        [["北京欢迎你", "北京欢迎你!!!", "“北京欢迎你”。"], ["你好", "你好？"], ["(完)", "完"], ["-5"], ["5"], ["5%"],
         [".5"], ["C#"], ["C"], ["Hello world"], ["Hello, world"], ["？？？"], ["!!!"]]
    )  # fmt: skip
