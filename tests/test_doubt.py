"""Rows kept for the user to check: short texts one content character apart (``core.doubt``), from the rule to
the run, the command line, the exports and the review."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from dedup_gui.cli import run
from dedup_gui.core import annotated
from dedup_gui.core.analysis import removal_count
from dedup_gui.core.annotation import AnnotationSpec, StatusWords, row_status
from dedup_gui.core.doubt import (
    ADDED_UNDER,
    SUBSTITUTED_UNDER,
    doubt_plan,
    doubtful_pairs,
    figure_added,
    held_pairs,
    in_doubt,
    word_replaced,
)
from dedup_gui.core.errors import InputError
from dedup_gui.core.export import export
from dedup_gui.core.io import read_table
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.result import Decisions
from dedup_gui.core.review import HELD, REMOVED, ReviewSession
from dedup_gui.core.review_sidecar import SavedReview, make_review, reattach
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("世界上最瘦的人", "世界上最胖的人"),  # one character replaced in a short question
        ("梦幻西游官职", "梦幻西游刷官职"),  # one added to a very short one
        ("孙俪什么脸型？", "孙俪是什么脸型"),  # signs are not read
        ("峨眉山在哪个省", "峨眉山在哪个区"),
        ("以成开头的成语", "以四开头的成语"),  # a numeral for a character that is none: no figure replaced
        ("浙江财经大学怎么了？", "浙江财经大学怎么样？"),  # the 了 of 怎么了 is no particle: what is wrong / how is it
        ("开心消消乐怎么了", "开心消消乐怎么玩"),
        # a figure put into a short text: another model, part or sequel as often as the same thing
        ("苹果什么时候上市", "苹果6什么时候上市"),
        ("帝国时代联机问题", "帝国时代二联机问题"),
        ("神庙逃亡的兑换码是什么？", "神庙逃亡二的兑换码是什么？"),
        ("苹果手机怎么恢复出厂设置", "苹果四手机怎么恢复出厂设置"),
        # a sex, a new version or a death added to a question under SUBSTITUTED_UNDER characters (any other
        # character: under ADDED_UNDER)
        ("什么牌子的手表好", "什么牌子的女手表好"),
        ("求好听的宝宝乳名", "求好听的男宝宝乳名"),
        ("天龙八部逍遥怎么加点", "新天龙八部逍遥怎么加点"),
        ("梦见别人掉水里了", "梦见别人掉水里死了"),  # a death
        # in a longer question, a character of a phrase asked about for another of its characters
        ("温故而知新的新是什么意思", "温故而知新的而是什么意思"),
        ("风景旧曾谙的旧是什么意思？", "风景旧曾谙的谙是什么意思"),
        ("床前明月光疑是地上霜的霜是什么意思", "床前明月光疑是地上霜的光是什么意思"),
        # a letter standing alone for another: another option, kind or grade as often as a typo (the first a real
        # pair of the 100k bench short texts, removed as a copy)
        ("因此，正确答案为a", "因此，正确答案为d"),
        ("维生素a的作用", "维生素c的作用"),
        ("a型血的人", "b型血的人"),
    ],
)
def test_one_content_character_apart_in_a_short_text_is_in_doubt(a, b):
    assert in_doubt(a, b) and in_doubt(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("温故而知新的新是什么意思", "温故而知新的心是什么意思"),  # a character not of the phrase: a typo
        (
            "如何理解马克思主意中国化的科学内涵和重要意义",
            "如何理解马克思主义中国化的科学内涵和重要意义",
        ),  # not after 的
        ("温故而知新中新是什么意思", "温故而知新中而是什么意思"),  # no 的 before it
        ("温故而知新的新是什么意思啊", "温故而知新的新是什么意思呀"),  # a particle
    ],
)
def test_a_longer_question_one_character_apart_otherwise_is_no_doubt(a, b):
    assert not in_doubt(a, b) and not in_doubt(b, a)


MARATHON = "大连城市马拉松比赛将于下周日上午在星海广场鸣枪起跑，预计将有来自全国各地的两万名跑者参加比赛"


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        ("时空猎人怎么刷王者宝石", "时空猎人怎样刷王者宝石", "怎么 / 怎样 ask the same"),
        ("粉刺跟痘痘有什么区别", "粉刺和痘痘有什么区别", "跟 / 和"),
        ("余额宝安全吗", "余额宝安全吗？", "a sign only"),
        ("余额宝安全吗", "余额宝安全呢", "a particle"),
        ("你今天吃饭了吗", "你今天吃饭的吗", "a particle, 了 after no 怎么"),
        ("一言不发的意思", "一一言不发的意思", "a character typed twice"),
        ("Terms were undisclosed", "Terms wera undisclosed", "Latin letters are not read"),
        ("ipad怎么样", "ipod怎么样", "a letter of a word is not read"),
        ("我用ps做图", "我用pr做图", "nor one beside another letter"),
        ("世界上最瘦的人", "世界上最瘦的人", "the same text"),
        ("世界上最瘦的男人", "世界上最胖的女人", "two characters apart"),
        ("驾照考试科目四", "驾照考试科目一", "a figure is the text check's"),
        ("以三开头的成语", "以四开头的成语", "a numeral for a numeral: the text check's figure"),
        ("求个好听的宝宝名字", "求一个好听的宝宝名字", "a lone 一 put in: the same request"),
        ("什么牌子的运动手表好", "什么牌子的运动手表最好", "another character added to a question of 8 or more"),
        ("求好听的宝宝乳名大全一百个", "求好听的男宝宝乳名大全一百个", "a sex added to a text of 12 or more"),
        ("苹果什么时候上市了", "苹果6什么时候上市", "a figure put in, and another change"),
        ("苹果什么时候上市", "苹果123456什么时候上市", "a figure longer than FIGURE_ADDED_MAX"),
        ("身体状况符合相关要求", "③身体状况符合相关要求", "a list's number before the text"),
        ("逾期不再补报，也不得再修改报名信息", "逾期不再补报，也不得再修改报名信息3", "a note's number after it"),
        ("网上报名每天9：00开始", "网上报名每天09：00开始", "a figure made longer"),
        ("2019年还有哪些考生必须办理报名手续", "2、 2019年还有哪些考生必须办理报名手续", "a list's number, signs out"),
        (MARATHON, MARATHON.replace("马拉松", "第2届马拉松"), "not a short text: the text check's"),
    ],
)
def test_what_is_not_in_doubt(a, b, why):
    assert not in_doubt(a, b), why


@pytest.mark.parametrize(
    ("a", "b", "doubt"),
    [
        ("小米将于11月19日发布2018年第三季度财报", "京东将于11月19日发布2018年第三季度财报", True),  # another company?
        ("维密水晶秀服曝光 12万5千颗水晶", "维密水晶秀服亮相 12万5千颗水晶", True),  # or the same news?
        # a word of five for one of four: another group of people (was removed as a copy, one edit short of the floor)
        (
            "该市今年计划新增就业岗位10万个，其中面向高校毕业生的岗位占比超过四成",
            "该市今年计划新增就业岗位10万个，其中面向退役军人的岗位占比超过四成",
            True,
        ),
        ("怎样理解科学发展观的科学内涵", "如何理解科学发展观的科学内涵", False),  # words that ask the same
        ("今年冬季最流行什么款式的服装", "今年冬季最流行什么款式的衣服", False),  # words sharing a character
        ("新浪彩票名家大乐透第18130期推荐汇总" * 2, "新浪彩票名家双色球第18130期推荐汇总" * 2, False),  # not short
        ("宝宝晚上睡觉老是踢被子", "宝宝晚上睡觉总是踢被子怎么办", False),  # not one word for another
        (
            "白文新作《星空守望者》出版 讲述百年变迁 转发",
            "白文新作《星空守望者》出版 讲述百年变迁 【视频】",
            False,
        ),  # tags
    ],
)
def test_a_word_for_a_word_in_a_short_text_is_in_doubt(a, b, doubt):
    assert word_replaced(a, b) is doubt and in_doubt(b, a) is doubt


def test_doubt_ends_at_the_lengths_measured():
    stem = "北京天气怎么样明天会下雨吗真的"
    under, at = stem[: SUBSTITUTED_UNDER - 1], stem[:SUBSTITUTED_UNDER]
    assert in_doubt(under, under[:-1] + "星")
    assert not in_doubt(at, at[:-1] + "星")
    short, long_ = stem[: ADDED_UNDER - 1], stem[:ADDED_UNDER]
    assert in_doubt(short, short + "星")
    assert not in_doubt(long_, long_ + "星")


def test_held_pairs_is_in_doubt_pair_by_pair():
    a = ["世界上最瘦的人", "时空猎人怎么刷王者宝石", "梦幻西游官职", "x" * 50]
    b = ["世界上最胖的人", "时空猎人怎样刷王者宝石", "梦幻西游刷官职", "x" * 49 + "y"]
    assert (
        held_pairs(a, b).tolist()
        == [in_doubt(x, y) for x, y in zip(a, b, strict=True)]
        == [
            True,
            False,
            True,
            False,
        ]
    )


# Row 1 is a typo'd copy of row 0 (longer than the doubt reaches); row 3 is row 2 with one character replaced
# (LCQMC labels the two different questions).
ROWS = [
    "请问北京明天的天气怎么样会不会下大雨呢",
    "请问北京明天的天气怎么祥会不会下大雨呢",
    "插卡电表怎么读",
    "插卡电表怎么用",
    "完全无关的一段文字内容",
]


def test_a_run_keeps_the_row_in_doubt_and_removes_the_copy():
    result = Pipeline(ROWS).run(Settings(algorithm="ngram"))
    assert sorted(c.members for c in result.clusters) == [[0, 1], [2, 3]]
    assert result.held.tolist() == [3]
    assert result.rows_to_remove == 1
    resolution = result.resolve()
    assert resolution.keep.tolist() == [True, False, True, True, True]
    assert resolution.cluster[3] == resolution.cluster[2] != 0  # still shown in its cluster
    words = AnnotationSpec().words
    assert row_status(result, resolution, None, words)[2:4] == [words.kept, words.held]
    assert removal_count(result, 0.8, result.keep_rank) == result.rows_to_remove  # the live count holds it too
    report = result.report_frame()
    assert report["to_check"].tolist() == ["", "4"] or report["to_check"].tolist() == ["4", ""]


# Rows 5 and 6 have the text of row 3, which is kept to check beside row 2.
TWINS = [*ROWS, "插卡电表怎么用", "插卡电表怎么用"]


def test_rows_with_the_text_of_a_row_kept_to_check_go_as_its_copies():
    """An exact duplicate stays in no cleaned file for being a character from another row: of the rows of a text
    held, the first is held and the others are removed as its copies - dup_of names it, at 1.0."""
    result = Pipeline(TWINS).run(Settings(algorithm="ngram"))
    assert result.held.tolist() == [3]
    assert result.held_copies.rows.tolist() == [5, 6] and result.held_copies.of.tolist() == [3, 3]
    assert result.rows_to_remove == 3
    assert removal_count(result, 0.8, result.keep_rank) == result.rows_to_remove  # the live count too
    res = result.resolve()
    assert res.keep.tolist() == [True, False, True, True, True, False, False]
    assert res.dup_of[[5, 6]].tolist() == [3, 3] and res.similarity[[5, 6]].tolist() == [1.0, 1.0]
    words = AnnotationSpec().words
    assert (
        row_status(result, res, None, words)[2:] == [words.kept, words.held, words.not_duplicate] + [words.removed] * 2
    )
    assert "2 more rows have the same text as a row kept to check and go as its copies" in result.held_summary()
    # The held row removed by the user: its copies go with it, as copies of the kept row.
    cid = int(res.cluster[2])
    removed = result.resolve(Decisions(removed={3}))
    assert removed.dup_of[[3, 5, 6]].tolist() == [2, 2, 2] and not removed.keep[[3, 5, 6]].any()
    # Marked not a duplicate, or kept instead of row 2, it stays and its copies are its own.
    marked = result.resolve(Decisions(not_duplicate={3}))
    assert marked.keep[3] and marked.dup_of[[5, 6]].tolist() == [3, 3]
    chosen = result.resolve(Decisions(kept={cid: 3}))
    assert chosen.dup_of[[2, 5, 6]].tolist() == [3, 3, 3] and chosen.similarity[[5, 6]].tolist() == [1.0, 1.0]


def test_the_row_held_of_a_texts_rows_is_the_first_by_the_keep_policy():
    rows = ["插卡电表怎么用", "完全无关的一段文字内容", "插卡电表怎么用", "插卡电表怎么读"]
    result = Pipeline(rows).run(Settings(algorithm="ngram", keep="last"))
    assert [c.kept for c in result.clusters] == [3]
    assert result.held.tolist() == [2]  # the later of the two, as the policy keeps
    assert result.held_copies.rows.tolist() == [0] and result.held_copies.of.tolist() == [2]


def test_the_copies_of_a_held_row_are_read_back_from_the_annotated_file(tmp_path):
    """With ``--status`` the file tells the row to check from the kept row, and the copies name it; without, the
    rows read as staying are not told apart - the same rows removed, as copies of the same rows, either way."""
    path = tmp_path / "twins.csv"
    pd.DataFrame({"text": TWINS}).to_csv(path, index=False)
    desktop = Pipeline(TWINS).run(Settings(algorithm="ngram")).resolve()
    for status in (True, False):
        out = tmp_path / f"annotated_{status}.csv"
        args = [str(path), "--column", "text", "--algorithm", "ngram", "--annotated", str(out), "--quiet"]
        cleaned = tmp_path / f"cleaned_{status}.csv"
        assert run([*args, "--output", str(cleaned), *(["--status"] if status else [])]) == 0
        assert pd.read_csv(cleaned)["text"].tolist() == [TWINS[0], TWINS[2], TWINS[3], TWINS[4]]  # each text once
        loaded = annotated.load(read_table(out))
        res = loaded.result.resolve(loaded.decisions)
        assert res.keep.tolist() == desktop.keep.tolist()
        assert res.dup_of.tolist() == desktop.dup_of.tolist()
        if status:
            assert loaded.result.held.tolist() == [3]
            copies = loaded.result.held_copies
            assert copies.rows.tolist() == [5, 6] and copies.of.tolist() == [3, 3]


def test_a_file_with_its_status_whose_removed_rows_name_two_kept_rows_is_refused(tmp_path):
    path = tmp_path / "two.csv"
    words = StatusWords()
    pd.DataFrame(
        {"text": ["a", "b", "c", "d"], "dup_cluster": [1, 1, 1, 1], "dup_status": [words.kept, words.not_duplicate,
         words.removed, words.removed], "dup_kept": [1, 1, 0, 0], "dup_of": ["", "", 1, 2],
         "dup_similarity": ["", "", 0.9, 0.9]}
    ).to_csv(path, index=False)  # fmt: skip
    with pytest.raises(InputError, match="cluster 1: its removed rows are copies of different rows"):
        annotated.load(read_table(path))


def test_a_run_keeps_to_check_the_rows_whose_lone_letter_is_another():
    """As written, case and all: the letters are read in the normalised texts the check reads."""
    result = Pipeline(["因此，正确答案为A", "因此，正确答案为D", "维生素A的作用有哪些", "维生素C的作用有哪些"]).run(
        Settings(algorithm="ngram")
    )
    assert sorted(c.members for c in result.clusters) == [[0, 1], [2, 3]]
    assert result.held.tolist() == [1, 3] and result.rows_to_remove == 0


def test_the_command_line_keeps_the_row_and_says_so(tmp_path, capsys):
    src = tmp_path / "q.csv"
    pd.DataFrame({"text": ROWS}).to_csv(src, index=False)
    out, annotated = tmp_path / "clean.csv", tmp_path / "ann.csv"
    assert run([str(src), "--output", str(out), "--annotated", str(annotated), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "removed: 1," in printed
    assert "kept for you to check: 1 row" in printed
    assert pd.read_csv(out)["text"].tolist() == [ROWS[0], *ROWS[2:]]
    ann = pd.read_csv(annotated)
    assert ann.loc[3, "dup_kept"] == 1 and ann.loc[3, "dup_cluster"] == ann.loc[2, "dup_cluster"]
    # The contract's dup_of and dup_similarity are a removed row's: a script that takes the rows naming a row for
    # the removed ones still does.
    assert ann["dup_of"].notna().tolist() == (ann["dup_kept"] == 0).tolist()
    assert ann["dup_similarity"].notna().tolist() == (ann["dup_kept"] == 0).tolist()


def test_the_command_line_tells_the_row_to_check_from_the_kept_row_with_status(tmp_path, capsys):
    """``--status`` adds the desktop's status column to dedup-cli's annotated file: a script can tell the row kept
    for you to check (dup_kept 1 like the kept row, in its cluster) from the kept row, and the file opened again in
    the window shows the row as one to check."""
    src = tmp_path / "q.csv"
    pd.DataFrame({"text": ROWS}).to_csv(src, index=False)
    annotated_file = tmp_path / "ann.csv"
    assert run([str(src), "--annotated", str(annotated_file), "--status", "--quiet"]) == 0
    ann = pd.read_csv(annotated_file, dtype=str, keep_default_na=False)
    assert list(ann.columns) == ["text", "dup_cluster", "dup_status", "dup_kept", "dup_of", "dup_similarity"]
    words = StatusWords()
    assert ann["dup_status"].tolist() == [words.kept, words.removed, words.kept, words.held, words.not_duplicate]
    assert ann["dup_kept"].tolist() == ["1", "0", "1", "1", "1"]  # the contract's columns as without --status
    assert annotated.load(read_table(annotated_file)).result.held.tolist() == [3]
    # Without an annotated file the flag has nothing to add to: a usage error, nothing run.
    assert run([str(src), "--output", str(tmp_path / "c.csv"), "--status", "--quiet"]) == 2
    assert "--status" in capsys.readouterr().err and not (tmp_path / "c.csv").exists()


@pytest.mark.parametrize(
    ("words", "keep"),
    [
        (StatusWords(), "original"),
        (StatusWords("保留", "删除", "非重复", "{status}（人工）", "保留待查"), "original"),
        (StatusWords(), "last"),  # (the row kept to check first in the file: the status tells the kept one)
    ],
)
def test_the_desktops_annotated_file_read_back_keeps_its_rows_to_check(tmp_path, words, keep):
    """Opening the desktop's annotated export again (with its status column) shows the held row as held ("To
    check"), not as the user's "not a duplicate": the same clusters and kept rows, the same rows staying; a row the
    user marked "not a duplicate" is still read as such. (A file with the contract columns only cannot tell.)"""
    rows = ROWS
    table = Table(tmp_path / "q.csv", "csv", ["text"], pd.DataFrame({"text": rows}, dtype=object))
    result = Pipeline(rows).run(Settings(algorithm="ngram", keep=keep))
    held = result.held.tolist()
    assert len(held) == 1 and (held[0] < result.cluster_by_id(2).kept) == (keep == "last")
    out = tmp_path / "ann.csv"
    copy = next(r for r in result.cluster_by_id(1).members if r != result.cluster_by_id(1).kept)
    decisions = Decisions(not_duplicate={copy})  # (the user's word on the typo'd copy)
    export(table, result, decisions, annotated=out, annotation=AnnotationSpec(words, styled=False))
    loaded = annotated.load(read_table(out))
    assert loaded.result.held.tolist() == held
    assert loaded.decisions.not_duplicate == {copy}
    assert [c.kept for c in loaded.result.clusters] == [c.kept for c in result.clusters]
    assert loaded.result.resolve(loaded.decisions).keep.tolist() == result.resolve(decisions).keep.tolist()
    session = ReviewSession(loaded.result, rows, decisions=loaded.decisions)
    assert session.status(session.cluster_of(held[0]), held[0]) == HELD and session.rows_to_check == 1
    # Under the Chinese interface the export's headers are Chinese: read as the contract's all the same, and the data
    # to export again is the input's columns alone (no old status left behind).
    chinese = tmp_path / "ann_zh.csv"
    headers = {"dup_cluster": "重复组", "dup_status": "状态", "dup_kept": "是否保留", "dup_of": "重复于"}
    spec = AnnotationSpec(words, {**headers, "dup_similarity": "相似度"}, styled=False)
    export(table, result, decisions, annotated=chinese, annotation=spec)
    reread = read_table(chinese)
    assert annotated.is_annotated(reread) and annotated.load(reread).result.held.tolist() == held
    assert annotated.without_annotation(reread).columns == ["text"]
    # The contract columns alone (dedup-cli): the held row reads as a row that stays, not as held (and which of its
    # cluster's two rows was kept, the file cannot say).
    contract = tmp_path / "contract.csv"
    export(table, result, annotated=contract)
    alone = annotated.load(read_table(contract))
    pair = result.cluster_by_id(2).members
    assert alone.result.held.tolist() == [] and len(alone.decisions.not_duplicate & set(pair)) == 1
    assert alone.result.resolve(alone.decisions).keep[pair].all()


def test_the_review_removes_a_held_row_and_resets_it():
    result = Pipeline(ROWS).run(Settings(algorithm="ngram"))
    session = ReviewSession(result, ROWS)
    cid = session.cluster_of(3)
    assert session.status(cid, 3) == HELD and session.rows_to_check == 1
    assert session.row(cid - 1).held == 1 and session.row(cid - 1).removed == 0
    # The cluster list still says how similar its copy is (its only one, kept to check), as the member list does.
    line, member = session.row(cid - 1), next(m for m in session.members(cid) if m.row == 3)
    assert line.min_similarity == line.max_similarity == member.similarity > 0.8
    assert "· 1 to check" in session.summary()
    assert session.outcome_changes(session.removing([3]))
    session.set_intent(session.removing([3]))
    assert session.status(cid, 3) == REMOVED and session.rows_to_check == 0
    assert not session.resolution().keep[3] and session.rows_to_remove == 2
    assert [m.manual for m in session.members(cid) if m.row == 3] == [True]
    session.set_intent(session.resetting([3]))
    assert session.status(cid, 3) == HELD and session.resolution().keep[3]


def test_the_summary_counts_a_cluster_whose_only_copy_is_kept_to_check():
    # Cluster [2, 3] removes nothing: its copy is held. It shows in the cluster list, so the summary counts it
    # (it said "1 cluster" beside two clusters on screen); once the user settles the held row it counts no more.
    result = Pipeline(ROWS).run(Settings(algorithm="ngram"))
    session = ReviewSession(result, ROWS)
    cid = session.cluster_of(3)
    assert session.clusters_with_removals == 1 and session.clusters_to_review == 2
    assert session.summary() == "2 clusters · 1 row to remove of 5 · 1 to check"
    session.set_intent(session.marking_not_duplicate(cid, [3]))
    assert session.clusters_to_review == 1 and session.summary() == "1 cluster · 1 row to remove of 5"
    session.set_intent(session.resetting([3]))
    session.set_intent(session.removing([3]))
    assert session.clusters_to_review == session.clusters_with_removals == 2
    assert session.summary() == "2 clusters · 2 rows to remove of 5"


def test_removing_whole_clusters_removes_their_held_rows():
    result = Pipeline(ROWS).run(Settings(algorithm="ngram"))
    session = ReviewSession(result, ROWS)
    session.set_intent(session.clusters_removed([session.cluster_of(3)]))
    assert not session.resolution().keep[3]


def test_a_saved_review_brings_back_a_removed_held_row(tmp_path):
    result = Pipeline(ROWS).run(Settings(algorithm="ngram"))
    session = ReviewSession(result, ROWS)
    session.set_intent(session.removing([3]))
    table = Table(tmp_path / "q.csv", "csv", ["text"], pd.DataFrame({"text": ROWS}, dtype=object))
    saved = SavedReview.from_dict(make_review(table, "h", Settings(), ["text"], [], session.intent).to_dict())
    again = reattach(saved, table, "h")
    assert again.intent.removed == frozenset({3})
    moved = Table(tmp_path / "q.csv", "csv", ["text"], pd.DataFrame({"text": ["新的一行", *ROWS]}, dtype=object))
    assert reattach(saved, moved, "other").intent.removed == frozenset({4})


def test_held_rows_are_found_in_linked_mode_too():
    result = Pipeline(ROWS).run(Settings(algorithm="ngram", mode="linked"))
    assert result.held.tolist() == [3]
    assert np.array_equal(result.resolve().keep, [True, False, True, True, True])


def _planned_as_read_pair_by_pair(texts: list[str], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``held_pairs`` of the pairs ``(a, b)`` of ``texts``, read pair by pair, after asserting that ``doubt_plan``
    (given each pair's similarity as the engine gives it) finds the same pairs."""
    from rapidfuzz.distance import Levenshtein

    similarity = np.array([Levenshtein.normalized_similarity(texts[i], texts[j]) for i, j in zip(a, b, strict=True)])
    pair_by_pair = held_pairs([texts[i] for i in a], [texts[i] for i in b])
    assert doubt_plan(texts, a, b, similarity).read(texts).tolist() == pair_by_pair.tolist()
    return pair_by_pair


def test_the_pairs_with_a_figure_put_in_found_at_once_are_those_read_pair_by_pair():
    """``doubt_plan`` reads for ``figure_added`` the pairs whose counts of figure characters differ by one to
    ``FIGURE_ADDED_MAX``: on random short texts (12 characters or more, one character put in: too many to be read
    for a character apart, too close to be a word apart), with their similarity as the engine gives it, it finds
    what reading every pair finds."""
    rng = np.random.default_rng(11)
    alphabet = list("北京天气苹果手机怎么上市的了吗，？ 6二一三") + ["12", "一二三四五"]
    put = ["6", "二", "一", "12", "一二三四五", "三万", "的", "？"]
    texts, a, b = [], [], []
    for _ in range(400):
        base = "".join(rng.choice(alphabet, size=rng.integers(12, 30)))
        at = int(rng.integers(len(base) + 1))
        texts += [base, base[:at] + str(rng.choice(put)) + base[at:]]
        a.append(len(texts) - 2)
        b.append(len(texts) - 1)
    a, b = np.array(a), np.array(b)
    pair_by_pair = _planned_as_read_pair_by_pair(texts, a, b)
    figures = [figure_added(texts[i], texts[j]) for i, j in zip(a.tolist(), b.tolist(), strict=True)]
    assert sum(figures) > 20 and not (np.array(figures) & ~pair_by_pair).any()


def test_the_pairs_found_doubtful_at_once_are_those_read_pair_by_pair():
    """``doubtful_pairs`` passes over pairs by the characters it surely reads (``doubt._counted``): on random short
    texts with signs, particles and letters, the pairs it finds are those ``held_pairs`` (``in_doubt`` under
    ``READ_UNDER`` characters) finds reading every pair."""
    rng = np.random.default_rng(7)
    alphabet = list("北京天气电表怎么读用苹果手机的了吗，。？！ ab1男新") + ["请问北京明天的天气"]
    texts, a, b = [], [], []
    for k in range(400):
        base = "".join(rng.choice(alphabet, size=rng.integers(1, 14)))
        other = list(base)
        if other and k % 3 == 0:  # one put in (男 or 新 in texts of 8 to 11 characters: TELLING_ADDED)
            other.insert(int(rng.integers(len(other) + 1)), str(rng.choice(alphabet)))
        elif other:
            other[rng.integers(len(other))] = str(rng.choice(alphabet))
        texts += [base, "".join(other)]
        a.append(len(texts) - 1)
        b.append(len(texts) - 2)
    texts.append("")  # an empty text among them
    a, b = np.array(a), np.array(b)
    pair_by_pair = held_pairs([texts[i] for i in a], [texts[i] for i in b])
    assert doubtful_pairs(texts, a, b).tolist() == pair_by_pair.tolist()
    assert pair_by_pair.sum() > 20
    among = np.arange(len(a)) % 2 == 0
    assert doubtful_pairs(texts, a, b, among).tolist() == (pair_by_pair & among).tolist()


def test_the_quoted_characters_found_at_once_are_those_read_pair_by_pair():
    """``doubt_plan`` reads, in texts of ``SUBSTITUTED_UNDER`` characters or more, the pairs that may have a
    character of a phrase asked about written for another (``_quoted_character``) by their counts of characters
    surely read, of 的 and of what follows it (``_after_quoting``): on random questions
    "<phrase>的<character>是什么意思" with one character written for another (of the phrase or not, figures and
    signs around), with their similarity as the engine gives it, it finds what reading every pair finds."""
    rng = np.random.default_rng(5)
    alphabet = list("温故而知新风景旧曾谙的了，？ 7")
    texts, a, b = [], [], []
    for k in range(400):
        phrase = "".join(rng.choice(alphabet, size=rng.integers(4, 30)))
        if k % 4 == 0:  # many figures: their count must not reach the count of 的 above it
            phrase = "1234567890" * 4 + phrase[:10]
        at = int(rng.integers(len(phrase)))
        base = f"{phrase}的{phrase[at]}是什么意思"
        other = list(base)
        where = len(phrase) + 1 if k % 2 else int(rng.integers(len(base)))
        other[where] = str(rng.choice(list(phrase) + alphabet))
        texts += [base, "".join(other)]
        a.append(len(texts) - 2)
        b.append(len(texts) - 1)
    a, b = np.array(a), np.array(b)
    _planned_as_read_pair_by_pair(texts, a, b)
    quoted = [
        len(texts[i]) >= SUBSTITUTED_UNDER + 5 and in_doubt(texts[i], texts[j])
        for i, j in zip(a.tolist(), b.tolist(), strict=True)
    ]
    assert sum(quoted) > 20


@given(st.lists(st.text(alphabet=st.sampled_from("不是的1２万a 。“"), max_size=12), max_size=8))
@example(["", "不是", ""])
@example(["的的的的的"])  # (more than a uint16 holds: counted as int64)
@example(["不", "", ""])
def test_each_texts_characters_are_counted_as_one_by_one(texts):
    # (``_counted``: every text's characters summed at once, empty texts anywhere - at the end too - counted 0)
    from dedup_gui.core.doubt import _counted, _sure_and_figure_table

    table = _sure_and_figure_table()
    ids = np.arange(len(texts))[::-1]  # (in any order)
    expected = [sum(int(table[ord(c)]) for c in texts[i]) for i in ids.tolist()]
    assert _counted(texts, ids, table).tolist() == expected
