"""The text check decides every removal, and boilerplate learned from the data is not evidence."""

import unicodedata

import numpy as np
import pytest
from engine_texts import EN_A, ZH_A, ZH_B, ZH_C, ZH_LONG, ngram_clusters, pair_arrays, repost_with_header, truncated
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dedup_gui.core.boilerplate import learn
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import NormaliseOptions, Settings
from dedup_gui.core.text import gram_hashes
from dedup_gui.core.textcheck import TextCheck


def grams(text: str):
    return gram_hashes("".join(text.split()), 4)


# -- the measure ----------------------------------------------------------------------------------------------


def test_without_excerpts_the_score_is_the_jaccard_similarity_of_4_grams():
    a, b = grams(ZH_LONG), grams(truncated(ZH_LONG, 0.7))
    inter = len(set(a.tolist()) & set(b.tolist()))
    expected = inter / len(set(a.tolist()) | set(b.tolist()))
    assert TextCheck(excerpts=False).score(a, b) == pytest.approx(expected)


def test_an_excerpt_scores_the_share_of_it_found_in_the_longer_text():
    a, b = grams(ZH_LONG), grams(truncated(ZH_LONG, 0.7))
    assert TextCheck(excerpts=True, excerpt_share=0.5).score(a, b) == pytest.approx(1.0)
    # Shorter than the minimum share: judged by Jaccard, like any other pair.
    assert TextCheck(excerpts=True, excerpt_share=0.8).score(a, b) == TextCheck(excerpts=False).score(a, b)


def test_two_write_ups_of_one_event_score_low_either_way():
    from engine_texts import ZH_A_OTHER_WRITEUP

    a, b = grams(ZH_A), grams(ZH_A_OTHER_WRITEUP)
    assert TextCheck(excerpts=True).score(a, b) < 0.3


def test_an_empty_text_is_never_similar():
    assert TextCheck().score(grams(""), grams(ZH_A)) == 0.0
    assert TextCheck().score(grams(""), grams("")) == 0.0


def test_lowest_jaccard_bounds_every_excerpt_that_passes():
    check = TextCheck(excerpts=True, excerpt_share=0.5)
    bound = check.lowest_jaccard(0.8)
    for share in (0.5, 0.6, 0.8, 1.0):
        a, b = grams(ZH_LONG), grams(truncated(ZH_LONG, share))
        if check.score(a, b) >= 0.8:
            assert TextCheck(excerpts=False).score(a, b) >= bound - 1e-9


# -- the decision ---------------------------------------------------------------------------------------------


SENTENCES = [s + "。" for s in (ZH_A + ZH_B + ZH_C + ZH_LONG).split("。") if len(s) > 8]


@st.composite
def corpora(draw):
    """Texts made of real sentences: exact copies, excerpts, shuffles and mixes all occur, so fingerprints propose
    pairs of every similarity."""
    n = draw(st.integers(2, 14))
    texts = []
    for _ in range(n):
        picks = draw(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=8))
        if texts and draw(st.booleans()):
            base = draw(st.sampled_from(texts))
            texts.append(base[: draw(st.integers(1, max(1, len(base))))] + "".join(picks[:2]))
        else:
            texts.append("".join(picks))
    return texts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=corpora(),
    algorithm=st.sampled_from(["simhash", "nshash", "ngram"]),
    floor=st.sampled_from([0.5, 0.6, 0.8, 0.95]),
    excerpts=st.booleans(),
)
def test_in_strict_clusters_every_removed_row_meets_the_floor_against_its_kept_row(texts, algorithm, floor, excerpts):
    pipeline = Pipeline(texts)
    loose = {"simhash": 16, "nshash": 1, "ngram": 0.3}[algorithm]  # let the fingerprints propose a lot
    result = pipeline.run(
        Settings(algorithm=algorithm, threshold=loose, min_similarity=floor, excerpts=excerpts, mode="strict")
    )
    res = result.resolve()
    for row in range(len(texts)):
        if res.keep[row]:
            continue
        kept = int(res.dup_of[row])
        assert pipeline.similarity(kept, row) >= floor - 1e-9
        assert res.similarity[row] == pytest.approx(pipeline.similarity(kept, row))
    assert result.rejected <= result.proposed


def test_the_check_summary_counts_what_the_fingerprints_alone_would_have_got_wrong():
    half = "。".join(ZH_A.split("。")[:2]) + "。" + ZH_B
    result = Pipeline([ZH_A, half, ZH_LONG, repost_with_header(ZH_LONG)]).run(Settings(algorithm="nshash"))
    assert result.rejected == result.proposed - len(result.pairs) >= 1
    summary = f"nshash proposed {result.proposed} pairs; {result.rejected} failed the text check"
    assert result.proposed > 1 and result.check_summary().startswith(summary)
    # The floors it names: the setting's, and the short texts' (judged by edits, at least SHORT_FLOOR).
    assert (
        "(similarity below 0.80, 0.85 for texts under 40 characters, or different figures, units, names or "
        "negations, a word for its opposite, or two parts swapped)" in result.check_summary()
    )
    stricter = Pipeline([ZH_A, half]).run(Settings(algorithm="nshash", min_similarity=0.9))
    assert "(similarity below 0.90, 0.90 for texts under 40 characters" in stricter.check_summary()
    assert stricter.check_summary().startswith("nshash proposed 1 pair; 1 failed the text check")  # (one: no "s")
    assert [c.members for c in result.clusters] == [[2, 3]]


# -- boilerplate ----------------------------------------------------------------------------------------------

DISCLAIMER = "声明：本网站转载此文出于传递更多信息之目的，并不意味着赞同其观点或证实其描述，文章内容仅供参考。"
BYLINE = "责任编辑：张小明"


COMMON = (
    "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种"
    "面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本"
    "去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比"
    "或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总"
    "次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做"
    "必战先回则任取据处理府研质"
)


def different_articles(n: int) -> list[str]:
    """n short articles with nothing in common: sentences of characters drawn at random (seeded)."""
    import random

    out = []
    for i in range(n):
        rng = random.Random(i)
        out.append("".join("".join(rng.choice(COMMON) for _ in range(28)) + "。" for _ in range(3)))
    return out


def test_a_sentence_in_many_otherwise_different_texts_is_boilerplate():
    texts = [f"{a}\n{DISCLAIMER}\n{BYLINE}" for a in different_articles(12)] + different_articles(15)[12:]
    bp = learn(texts, min_docs=5)
    content, removed = bp.split(texts[0])
    assert removed == [DISCLAIMER, BYLINE]
    assert content == different_articles(1)[0]
    assert bp.carriers.tolist() == list(range(12))  # the texts that hold it; the last three do not


def test_the_sentences_of_a_story_reposted_many_times_are_not_boilerplate():
    sites = ["新华网", "人民网", "央视网", "中新网", "澎湃新闻", "环球网", "光明网"]
    texts = [f"来源：{s}\n{ZH_LONG}" for s in sites] + different_articles(5)
    assert not learn(texts, min_docs=5)


def test_a_text_made_only_of_boilerplate_is_compared_whole():
    texts = [f"{a}\n{DISCLAIMER}" for a in different_articles(8)] + [DISCLAIMER]
    bp = learn(texts, min_docs=5)
    assert bp.split(DISCLAIMER) == (DISCLAIMER, [])


def _scrap_rows() -> tuple[list[str], int, int]:
    """Texts carrying a disclaimer and a byline (both boilerplate), and two texts of one of those each and a list's
    number, "4。" (as rules copied from list after list: 100k bench posts): (texts, the two rows)."""
    texts = [f"{a}\n{DISCLAIMER}\n{BYLINE}" for a in different_articles(12)]
    texts += [f"{DISCLAIMER}\n4。", f"{BYLINE}\n4。"]
    return texts, 12, 13


def test_a_text_of_boilerplate_and_a_scrap_is_compared_whole():
    """Without its boilerplate a text keeping only "4。" is the same text as any other such: two texts that share
    nothing but the number."""
    from dedup_gui.core.boilerplate import too_little_left

    texts, one, other = _scrap_rows()
    bp = learn(texts, min_docs=5)
    assert bp.split(texts[one]) == (texts[one], []) and bp.split(texts[other]) == (texts[other], [])
    assert bp.split(texts[0])[1] == [DISCLAIMER, BYLINE]
    assert too_little_left("4。") and too_little_left("（完）\n图") and not too_little_left("金庸逝世")
    assert Pipeline(texts).run(Settings(algorithm="ngram")).clusters == []


def test_without_the_scrap_rule_the_text_of_boilerplate_would_have_been_removed(monkeypatch):
    from dedup_gui.core import boilerplate

    monkeypatch.setattr(boilerplate, "too_little_left", lambda content: False)
    texts, one, other = _scrap_rows()
    clusters = Pipeline(texts).run(Settings(algorithm="ngram")).clusters
    assert [sorted(c.members) for c in clusters] == [[one, other]]


@pytest.mark.parametrize("algorithm", ["simhash", "nshash", "ngram"])
def test_articles_sharing_only_boilerplate_are_not_duplicates(algorithm):
    # Short articles under a long disclaimer: without boilerplate detection the shared footer dominates.
    texts = [f"{a}\n{DISCLAIMER}\n{DISCLAIMER.replace('声明', '特别声明')}" for a in different_articles(10)]
    texts.append(EN_A)
    result = Pipeline(texts).run(Settings(algorithm=algorithm, min_similarity=0.5))
    assert result.clusters == []
    assert result.boilerplate_sentences == 2


def test_boilerplate_of_a_row_lists_the_ignored_sentences():
    texts = [f"{a}\n{DISCLAIMER}" for a in different_articles(8)]
    pipeline = Pipeline(texts)
    pipeline.run(Settings())
    assert pipeline.boilerplate_of(3) == [unicodedata.normalize("NFKC", DISCLAIMER)]  # as compared: normalised
    pipeline.run(Settings(boilerplate_docs=0))
    assert pipeline.boilerplate_of(3) == []


def test_a_reply_quoting_a_message_is_not_a_duplicate_of_it():
    original = EN_A
    reply = (
        "In article <1@x.org> ann@x.org writes:\n" + "\n".join("> " + line for line in EN_A.split(". ")) + "\nAgreed."
    )
    assert Pipeline([original, reply]).run(Settings(min_similarity=0.3)).clusters == []
    quoted = Pipeline([original, reply]).run(Settings(normalise=NormaliseOptions(drop_quoted=False)))
    assert [c.members for c in quoted.clusters] == [[0, 1]]  # what the quote alone would have done


# -- short texts ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["simhash", "nshash", "ngram"])
def test_a_short_question_reworded_at_its_end_is_not_a_duplicate(algorithm):
    # 4-gram Jaccard 0.7 (shared opening), but three of fourteen characters differ.
    texts = ["中国地质大学（北京）怎么样", "中国地质大学（北京）好不好？", "今晚八点体育频道直播足球联赛"]
    result = Pipeline(texts).run(Settings(algorithm=algorithm, threshold={"simhash": 16}.get(algorithm)))
    assert result.clusters == []


def test_a_short_text_with_one_character_changed_is_a_duplicate_by_edits():
    a = "明天上午九点在三号会议室召开全体员工大会，请准时参加"
    b = "明天上午九点在三号会议室召开全体员工大会，请按时参加"
    pipeline = Pipeline([a, "本店新到一批秋季外套，全场八折，欢迎选购", b])
    result = pipeline.run(Settings(algorithm="ngram"))
    assert [c.members for c in result.clusters] == [[0, 2]]
    assert result.clusters[0].similarity[2] == pytest.approx(1 - 1 / len(a))


def test_a_short_text_is_not_an_excerpt_of_a_longer_one():
    result = Pipeline(["山东蓝翔怎么样？谁上过", "山东蓝翔怎么样", "北京今天有雨"]).run(
        Settings(algorithm="ngram", threshold=0.3)
    )
    assert result.clusters == []


# -- figures, column-at-once ----------------------------------------------------------------------------------

_figure_texts = st.lists(
    st.sampled_from(
        [
            "营收",
            "增长",
            "12",
            "1,979,000",
            "1979000",
            "3.5",
            "2024/3/9",
            "-",  # (a fraction after a whole number: "6-3/16")
            "/",
            "３",
            "١٢",
            "𝟘",
            "%",
            " ",
            "。",
            "a",
            "\ue000",
            "seven",  # a figure written as a word ...
            "twice",
            " times",
            "SEVEN",
            "mln",
            "7",
            "someone",  # ... not one inside a longer word
            "一",  # Chinese numerals: a run of them counts before a measure word only
            "名",
            "些",
            "十",
            "两",
            "三万",
            "公里",  # a unit of two characters ...
            "公",  # ... whose first alone is none
            "\n",  # a header or a credit line of its own, with its date (``_edge_dates``)
            "来源：",
            "2018年11月6日",
            "11:10",
        ]
    ),
    max_size=12,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(_figure_texts, min_size=1, max_size=8),
    pairs=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
)
@example(texts=["12营收", "12 3"], pairs=[(0, 1), (1, 0)])  # equally long: the first of the pair is "the shorter"
@example(texts=["营收1,979,000", "营收1979000元"], pairs=[(0, 1), (1, 0)])  # commas are not part of a figure
@example(texts=["日期2024/3/9", "日期2024 3 9"], pairs=[(0, 1), (1, 0)])  # a date is one figure, not three
# one figure of six replaced in place (too few missing for the share rule): read word by word
@example(texts=["营收12增长1,979,000营收3.5增长2024/3/9营收12增长", "营收12增长1979000营收７增长2024/3/9营收12增长"],
         pairs=[(0, 1), (1, 0)])  # fmt: skip
@example(texts=["判处有期徒刑十年，并处罚金", "判处有期徒刑七年，并处罚金"], pairs=[(0, 1), (1, 0)])  # Chinese numerals
@example(texts=["抓获一名男子和一些人", "抓获两名男子和一些人"], pairs=[(0, 1), (1, 0)])
@example(texts=["全程超过八十公里的线路", "全程超过九十公里的线路"], pairs=[(0, 1), (1, 0)])  # a unit of two characters
@example(
    texts=["来源：2018年11月6日\n营收12", "营收12增长", "营收12"], pairs=[(0, 1), (0, 2), (2, 0)]
)  # a header's date
@example(texts=["以3比1战胜", "以1比3战胜", "以3比1战胜对手"], pairs=[(0, 1), (1, 0), (0, 2)])  # a score reversed
@example(texts=["今年十岁，姐姐十五岁", "今年十五岁，姐姐十岁"], pairs=[(0, 1)])  # Chinese numerals reordered
@example(texts=["seven and 7 and 3", "3 and 7 and seven"], pairs=[(0, 1)])  # a figure and its word: one figure
@example(texts=["trading at 6 pct", "trading at 6-3/16 pct", "6-3/16-1/2 or 6-3.5/16 or 6-3/"], pairs=[(0, 1), (1, 2)])
# a header's date counted out makes a larger share of the rest missing
@example(texts=["营收增长2018年11月6日12营收12", "12营收2018年11月6日12\n12"], pairs=[(0, 1)])
# figures in another order, too far apart for that to count, and a Chinese numeral replaced in place
@example(
    texts=["营收3增长1，判处十年，并处罚金甲乙丙丁戊己庚辛", "营收1增长3，判处七年，并处罚金子丑寅卯辰巳午未"],
    pairs=[(0, 1)],
)
# the last text ending in a whole number, a hyphen and digits: no character after them to end the run
@example(texts=["12-12"], pairs=[(0, 0)])
@example(texts=["比分102-98", "以比分102-97"], pairs=[(0, 1)])
def test_figures_of_many_pairs_at_once_are_each_pairs_own(texts, pairs):

    from dedup_gui.core.textcheck import figures_differ, figures_differ_pairs

    pairs, a, b = pair_arrays(texts, pairs)
    got = figures_differ_pairs(texts, a, b)
    assert got.tolist() == [figures_differ(texts[i], texts[j]) for i, j in pairs]


def test_a_score_at_the_end_of_the_last_text_is_read_as_figures():
    """A column whose last text ends in "102-97" (a score, a range) once stopped the N-gram run with an IndexError in
    the text check's plan of figures; its texts are now read as any others: another score, another statement."""
    texts = ["湖人队本场比赛最终以比分102-98", "湖人队本场比赛最终以比分102-97"]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert result.rows_to_remove == 0
    assert Pipeline([texts[0], texts[0] + "。"]).run(Settings(algorithm="ngram")).rows_to_remove == 1


# A notice of a templated series (invented): many figures, each issue changes one or two of them.
_NOTICE = (
    "本周国债招标公告：财政部将于下周一招标发行{amount}亿元记账式附息国债，期限{term}年，票面利率{rate}%，"
    "缴款日为招标后第二个工作日，上市交易日为缴款日后第三个工作日，面值100元，每半年付息一次，"
    "承销团成员共计52家，最低投标量为1000万元，最高投标限额为发行量的30%。"
)


def test_a_figure_replaced_in_place_makes_the_next_notice_of_a_series_not_a_copy():
    from dedup_gui.core.textcheck import figures_differ

    this_week = _NOTICE.format(amount=300, term=10, rate=2.5)
    next_week = _NOTICE.format(amount=500, term=10, rate=2.5)
    # One figure of seven differs: under the share of missing figures that alone makes two texts different ...
    assert figures_differ(this_week, next_week)
    other = "今天北京天气晴朗，气温回升，适合出游。" * 5
    result = Pipeline([this_week, other, next_week]).run(Settings(algorithm="ngram"))
    assert result.clusters == []  # ... but it was replaced in place: the next notice, not a copy
    repost = "来源：城市晚报　2024年10月3日\n" + this_week + "\n（责任编辑：王晓明）"
    result = Pipeline([this_week, repost]).run(Settings(algorithm="ngram"))
    assert [c.members for c in result.clusters] == [[0, 1]]


def test_numbers_listed_in_another_order_are_moved_not_replaced():
    """Two notices giving the same telephone numbers in another order: the alignment pairs one number with the
    other, each of which the other text has too (Sina: one outlet's version and another's)."""
    from dedup_gui.core.textcheck import figure_replaced

    a = "请拨打驻总领馆领事保护值班电话：778-238-0003，加拿大报警电话：911，警讯服务中心电话：604-688-5030。"
    b = "请拨打警讯服务中心电话：604-688-5030，加拿大报警电话：911，驻总领馆领事保护与协助电话：778-238-0003。"
    assert not figure_replaced(a, b) and not figure_replaced(b, a)
    # A number the other text does not have is replaced, however long.
    c = b.replace("604-688-5030", "604-688-5031")
    assert figure_replaced(a, c) and figure_replaced(c, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("来源：城市晚报　2024年10月3日\n" + _NOTICE, "来源：今日快报　2024年11月5日\n" + _NOTICE),  # date lines
        ("发布时间：2024年10月3日，" + _NOTICE, "发布时间：2024年10月5日，" + _NOTICE),  # a day
        ("发布时间：2024年10月3日10时30分\n" + _NOTICE, "发布时间：2024年10月3日11时30分\n" + _NOTICE),  # an hour
        ("Prices updated at 11:50 EDT " + _NOTICE, "Prices updated at 12:00 EDT " + _NOTICE),  # a time of day
        ("Prices as of 2024/10/3 at " + _NOTICE, "Prices as of 2024/10/5 at " + _NOTICE),  # a date in slashes
        ("Pay April 30 record April 15 " + _NOTICE, "Pay April 28 record April 15 " + _NOTICE),  # beside a month
        ("Pay 30 April record 15 April " + _NOTICE, "Pay 28 April record 15 April " + _NOTICE),  # day first
        ("Payable on 30 April 1987 to " + _NOTICE, "Payable on 28 April 1987 to " + _NOTICE),  # ... and a year after
        ("案例110万元抽奖，" + _NOTICE, "案例1\n10万元抽奖，" + _NOTICE),  # a line break lost: the same digits
        ("采用骁龙x505g基带，" + _NOTICE, "采用骁龙x50 5g基带，" + _NOTICE),  # a space lost
        ("avg shrs 11.2 mln vs 9,148,000 nine mths " + _NOTICE, "avg shrs 11.2 mln vs 9.1 mln nine mths " + _NOTICE),
        ("参观人数达12000人次，" + _NOTICE, "参观人数达1.2万人次，" + _NOTICE),  # rounded, scaled
        ("发布于2024-10-03，" + _NOTICE, "发布于2024-10-05，" + _NOTICE),  # a date in hyphens
        ("the meeting of 10-03 in " + _NOTICE, "the meeting of 10-04 in " + _NOTICE),  # a month and a day
        ("the 1987-88 season of " + _NOTICE, "the 1987-89 season of " + _NOTICE),  # a year in the run
        ("the meeting of 10-03-1987 in " + _NOTICE, "the meeting of 10-04-1987 in " + _NOTICE),  # ... at its end
        ("no oil for 4 months, " + _NOTICE, "no oil for four months, " + _NOTICE),  # written as a word
        ("credits of 5.0 million each " + _NOTICE, "credits of 5 million each " + _NOTICE),  # same value
        ("恒大健康(00708.HK)违约，" + _NOTICE, "恒大健康(0708.HK)违约，" + _NOTICE),  # leading zeros
        ("shares at 2.29 dlrs each " + _NOTICE, "shares at 229 dlrs each " + _NOTICE),  # mistyped point
        ("7 " + _NOTICE, "8 " + _NOTICE),  # at the very start: no words before it
    ],
)
def test_a_figure_that_is_a_date_or_written_another_way_is_not_replaced(a, b):
    from dedup_gui.core.textcheck import figure_replaced

    a, b = a.format(amount=300, term=10, rate=2.5), b.format(amount=300, term=10, rate=2.5)
    assert not figure_replaced(a, b)
    assert not figure_replaced(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("TREASURY NOTE TENDER 200 MLN DLRS next week", "TREASURY NOTE TENDER 700 MLN DLRS next week"),
        ("WHEAT MAY7 285 1/4 UP 1 3/4 JUL7", "WHEAT MAY7 284 1/4 UP 3/4 JUL7"),
        ("There were seven grain ships loading", "There were 5 grain ships loading"),  # a word and a number
        ("offering of 200 million dlrs of notes", "offering of 200 billion dlrs of notes"),
        ("营收增长了5%，达到300亿元，同比", "营收增长了5%，达到320亿元，同比"),
        # A fraction beside a month's name is a price, not a day: "UP 1 1/2 JUL7" (the July contract).
        ("WHEAT MAY7 285 UP 1 1/2 JUL7 281 UP 1/4", "WHEAT MAY7 285 UP 1 3/4 JUL7 281 UP 1/4"),
        # Other changed figures beside it are part of the change: a fraction added before, a second rate of a row.
        ("WHEAT MAY7 285 UP 1 1/2 JUL7 281 UP 1/4", "WHEAT MAY7 285 1/4 UP 1 3/4 JUL7 281 UP 1/4"),
        # A whole number before a month's name with its own day after it is no day of it: "UP 1\nSEP7" (a price of
        # the July contract, then the September one's line).
        ("JUL7 281 1/2 UP 3/4\nSEP7 277 1/2 UP 1 1/2", "JUL7 281 3/4 UP 1\nSEP7 277 1/2 UP 1 1/2"),
        # A figure changed with one word beside it changed too (a price and its move), however the words align.
        ("JUL7 281 1/4 UP 1/2 SEP7 276 1/2 UP 1/2 DEC7 --", "JUL7 280 3/4 UNCH SEP7 276 1/2 UP 1/2 DEC7 --"),
        # A word of the flank written with a typo is that word.
        ("Group profit rsoe to 5 pct in March", "Group profit rose to 7 pct in March"),
        ("350-360 days 5.96 pct 5.98 pct 350-360 days Reuter", "350-360 days 5.98 pct 5.94 pct 350-360 days Reuter"),
        # A range of figures joined by a hyphen is no date: each of its figures counts.
        ("us 1-3 210-260 lbs 51.00-51.50.", "us 1-3 220-260 lbs 51.00-51.50."),
        ("us 1-3 220-260 lbs 51.00-51.50.", "us 1-3 220-260 lbs 51.50-52.00."),
        ("prices were 25-30 pct higher than", "prices were 25-35 pct higher than"),
        # Four digits that are no year make no date: a telephone number corrected (20 Newsgroups).
        ("The number to call is (407) 724-3937. (It is not", "The number to call is (407) 724-3818. (It is not"),
    ],
)
def test_a_different_figure_between_the_same_words_is_replaced(a, b):
    from dedup_gui.core.textcheck import figure_replaced

    assert figure_replaced(a, b)
    assert figure_replaced(b, a)


@pytest.mark.parametrize(
    ("a", "b", "replaced"),
    [
        # A word that one text alone has, past an equal word beside the figure, does not end its flank ...
        (
            "The company said net profit rose to 5 mln dlrs from 3 mln dlrs a year earlier",
            "The company said net profit rose sharply to 7 mln dlrs from 3 mln dlrs a year earlier",
            True,
        ),
        (
            "The company will use 120 mln dlrs of the proceeds to repay debt",
            "The company will then use 150 mln dlrs of the proceeds to repay debt",
            True,
        ),
        (
            "The company said net profit rose to 5 mln dlrs from 3 mln dlrs a year earlier",
            "The company said net profit rose sharply and steadily to 7 mln dlrs from 3 mln dlrs",
            True,
        ),
        # ... a word put right beside the figure still ends it, and so does a word replaced past the equal one.
        (
            "The company said net profit rose to 5 mln dlrs in the year",
            "The company said net profit fell to 7 mln dlrs in the year",
            False,
        ),
        (
            "The company said its profit rose to 5 mln from the year before",
            "The company said that its profit rose to about 7 mln from the year before",
            False,
        ),
        ("Sales were 5 mln dlrs in March", "Sales totalled a record of 7 mln dlrs in March", False),
    ],
)
def test_a_figures_flank_is_counted_past_words_one_text_alone_has(a, b, replaced):
    """As a name's (``_flank_words``): "rose to 5 mln" / "rose sharply to 7 mln" report two profits, the flank
    "rose ... to" read past "sharply"."""
    from dedup_gui.core.textcheck import figure_replaced

    assert figure_replaced(a, b) is replaced
    assert figure_replaced(b, a) is replaced


@pytest.mark.parametrize(
    ("short", "long", "replaced"),
    [
        ("时装周专栏 第一期", "时装周专栏 第三期上线", True),  # one word after it, then the shorter text's end
        ("时装周专栏第2期", "时装周专栏第5期精彩回顾", True),
        ("第1期时装周专栏", "上线第3期时装周专栏", True),  # one word before it, then the shorter text's start
        ("时装周专栏 第一期", "时装周专栏 第一期上线", False),  # the same figure: a word added
    ],
)
def test_in_a_short_pair_a_figure_a_word_from_the_shorter_texts_end_is_flanked_by_it(short, long, replaced):
    """In a title or a question the text's start or end will do for a flank, with a word between it and the
    figure too: "…第一期" / "…第三期上线" are two issues of a column."""
    from dedup_gui.core.textcheck import figure_replaced, figures_differ_pairs

    assert figure_replaced(short, long) is replaced
    assert figures_differ_pairs([short, long], np.array([0, 1]), np.array([1, 0])).tolist() == [replaced] * 2
    # The shorter text goes on past the word after it: no flank (the pair differs by its missing figures alone).
    assert not figure_replaced("时装周专栏第2期上线了", "时装周专栏第5期精彩回顾")


# Invented templated reports whose one changed figure sits before a character that also writes dates and times.
_VERDICT = (
    "2024年3月5日，市中级人民法院对一起受贿案作出一审判决。法院审理查明，被告人在2015年至2021年间担任局长期间，"
    "先后收受财物共计折合人民币312万元。一审判决被告人犯受贿罪，判处有期徒刑{x}年，并处罚金人民币80万元。"
    "宣判后，被告人当庭表示服从判决，不上诉。本案审理历时6个月，共开庭3次。"
)
_GAME = (
    "湖人队今天客场挑战勇士队，詹姆斯全场砍下{x}分12个篮板8次助攻，帮助球队以118比109取胜，这是湖人本赛季的"
    "第15场胜利，球队目前排名西部第6位。"
)
_MARKET = (
    "截至今日收盘，上证指数报3052.12点，较上一交易日上涨{x}点，涨幅0.5%，两市成交额合计8123亿元，北向资金净买入"
    "45.6亿元，沪深300指数上涨0.6%，创业板指数上涨0.8%。"
)


@pytest.mark.parametrize(
    ("template", "x", "y"),
    [
        pytest.param(_VERDICT, 10, 7, id="years"),  # years of a sentence (年), not a year
        pytest.param(_GAME, 32, 28, id="score"),  # a score (分), not minutes
        pytest.param(_MARKET, 15, 21, id="points"),  # index points (点), not a time of day
        pytest.param(
            "地铁{x}号线今天起调整首末班车时间，" + _NOTICE, 3, 5, id="line"
        ),  # a line's number (号), not a day
        pytest.param("本次比赛的用时为{x}分钟，" + _NOTICE, 30, 25, id="duration"),  # a duration, not a time of day
    ],
)
def test_a_count_before_a_character_that_also_writes_dates_is_a_figure(template, x, y):
    from dedup_gui.core.textcheck import figure_replaced, figures_differ

    a = template.format(x=x, amount=300, term=10, rate=2.5)
    b = template.format(x=y, amount=300, term=10, rate=2.5)
    assert figure_replaced(a, b) and figure_replaced(b, a)
    assert figures_differ(a, b)


_TAP_ISSUE = (
    "The Treasury will sell between eight and 12 billion francs of stock at its monthly tender on Thursday. "
    "The issue will be of two tranches, {first} and {second}, and one tranche of the {third} floating-rate "
    "stock. The minimum of each tranche sold will be one billion francs."
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a tranche of another year: another issue
        (("the 8.50 pct June 1997", "the 8.50 pct December 2012", "January 1999"),
         ("the 8.50 pct June 1997", "the 8.50 pct December 2002", "January 1999")),
        # ... also where one text drops the months
        (("the 8.50 pct June 1997", "the 8.50 pct December 2012", "January 1999"),
         ("the 8.50 pct 1997", "the 8.50 pct 2002", "1999")),
        (("the 8.50 pct June 1997", "the 8.50 pct 2012", "1999"),
         ("the 8.50 pct June 1997", "the 8.50 pct 2002", "1999")),
    ],
)  # fmt: skip
def test_a_year_replaced_in_place_is_another_item(a, b):
    from dedup_gui.core.textcheck import figure_replaced

    x = _TAP_ISSUE.format(first=a[0], second=a[1], third=a[2])
    y = _TAP_ISSUE.format(first=b[0], second=b[1], third=b[2])
    assert figure_replaced(x, y)
    assert figure_replaced(y, x)
    other = "Heavy rain is expected across the north of the country over the weekend, forecasters said. " * 3
    assert Pipeline([x, other, y]).run(Settings(algorithm="ngram")).clusters == []


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("计划在2012年12月前出售其股份，", "计划在2002年12月前出售其股份，"),  # a Chinese year
        ("published in the May 1987 issue of the journal, ", "published in the May 1988 issue of the journal, "),
    ],
)
def test_a_dates_year_replaced_in_place_is_a_replaced_figure(a, b):
    from dedup_gui.core.textcheck import figure_replaced

    a, b = a + _NOTICE.format(amount=300, term=10, rate=2.5), b + _NOTICE.format(amount=300, term=10, rate=2.5)
    assert figure_replaced(a, b)
    assert figure_replaced(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (("the 8.50 pct June 1997", "the 8.50 pct December 2012", "January 1999"),
         ("the 8.50 pct 1997", "the 8.50 pct 2012", "1999")),  # the months dropped, the same years
        (("the 8.50 pct June 1997", "the 8.50 pct December 2012", "January 1999"),
         ("the 8.50 pct June 1997", "the 8.50 pct November 2012", "January 1999")),  # a month: a name, not a figure
    ],
)  # fmt: skip
def test_a_date_written_without_its_month_or_with_another_is_no_replaced_figure(a, b):
    from dedup_gui.core.textcheck import figure_replaced

    x = _TAP_ISSUE.format(first=a[0], second=a[1], third=a[2])
    y = _TAP_ISSUE.format(first=b[0], second=b[1], third=b[2])
    assert not figure_replaced(x, y)
    assert not figure_replaced(y, x)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("发布时间：2024年10月3日上午10点，", "发布时间：2024年10月3日上午11点，"),  # an hour after 上午
        ("发布时间：2024年10月3日 10点30分，", "发布时间：2024年10月3日 10点45分，"),  # minutes after an hour
        ("发布时间：10点30分15秒，", "发布时间：10点30分40秒，"),  # seconds
        ("截至17时，", "截至18时，"),  # 时 is an hour
        ("记者发稿时间：8点半，", "记者发稿时间：9点半，"),  # half past
        ("本报18年10月3号讯，", "本报18年10月4号讯，"),  # a day after a month; a two-digit year before one
        ("本报18年10月3号讯，", "本报19年10月3号讯，"),
    ],
)
def test_a_chinese_date_or_time_line_is_not_a_replaced_figure(a, b):
    from dedup_gui.core.textcheck import figure_replaced

    a, b = a + _NOTICE.format(amount=300, term=10, rate=2.5), b + _NOTICE.format(amount=300, term=10, rate=2.5)
    assert not figure_replaced(a, b)
    assert not figure_replaced(b, a)


def test_a_templated_verdict_with_another_sentence_is_not_removed():
    # The whole pipeline: the two verdicts are near-copies by their grams, yet neither is removed.
    texts = [_VERDICT.format(x=10), _VERDICT.format(x=7), "今天北京天气晴朗，气温回升，适合出游。" * 5]
    assert Pipeline(texts).run(Settings(algorithm="ngram")).clusters == []
    in_words = [_VERDICT.format(x="十"), _VERDICT.format(x="七"), texts[2]]  # the same in Chinese numerals
    assert Pipeline(in_words).run(Settings(algorithm="ngram")).clusters == []
    repost = "来源：城市晚报　2024年3月6日 8点30分\n" + texts[0]  # a repost under its own dateline still is one
    result = Pipeline([texts[0], repost]).run(Settings(algorithm="ngram"))
    assert [c.members for c in result.clusters] == [[0, 1]]


@pytest.mark.parametrize(
    ("chinese", "digits"),
    [("判处七年", "判处7年"), ("已经十年", "已经10年"), ("共十五人", "共15人"), ("有二十三人", "有23人"),
     ("第一百零五名", "第105名"), ("两千元", "2000元"), ("一万二千人", "1万2000人"), ("十万元", "10万元"),
     ("三百万元", "300万元"), ("三亿五千万元", "3亿5000万元"), ("一万亿元", "1万亿元"), ("二〇一八年", "2018年"),
     ("〇七年", "07年")],
)  # fmt: skip
def test_a_chinese_numeral_before_a_measure_word_is_read_as_the_figure_in_digits(chinese, digits):
    from dedup_gui.core.textcheck import _words

    assert _words(chinese) == _words(digits)
    other = digits.translate(str.maketrans("0123456789", "1234567890"))  # every digit another: another figure
    assert _words(chinese) != _words(other)


def _words_one_by_one(text: str) -> list[str]:
    """The reference for ``textcheck._words``: every word of ``_WORD`` a step of the loop."""
    from dedup_gui.core.textcheck import _words_of

    out: list[str] = []
    _words_of(text, out)
    return out


# Numerals, measure words and the characters of two-character units, other Chinese characters, digits and what
# joins them, letters, figure words, spaces and punctuation: every way a word of ``_WORD`` begins and ends; and the
# Latin letters whose lower case is not theirs alone (a text without Chinese characters is lower-cased at once).
_WORD_PIECES = [*"零一二三四五六七八九〇两十百千万亿", *"个人年元公里斤小时美港", *"的北京市有和走了起", *"0123456789",
                *".,:/", *"abcXYZ", "five", "mln", " ", "\n", "，", "。", "-",
                *"éÉΑΣσßſİ\u212a٣"]  # fmt: skip


@given(st.lists(st.sampled_from(_WORD_PIECES), max_size=40).map("".join))
@example("三百公里外两万人")  # a figure's look ahead reaches two characters past it
@example("一起走了十分钟万期")
@example("ΑΣ FIVE Mln")  # a sigma that ends a word is lower-cased so in a whole text only
@example("\u212aelvin 3,000")  # lower-cased, the Kelvin sign is a letter of "kelvin"
@example("İs")  # lower-cased, two characters
def test_words_taken_a_run_at_a_time_are_the_words_read_one_by_one(text):
    from dedup_gui.core.textcheck import _words

    assert _words(text) == _words_one_by_one(text)


@pytest.mark.parametrize(
    ("a", "b", "two_reports"),
    [
        # a Chinese numeral replaced in place: two reports
        pytest.param(_VERDICT.format(x="十"), _VERDICT.format(x="七"), True, id="years"),
        pytest.param("警方抓获一名男子，" + _NOTICE, "警方抓获两名男子，" + _NOTICE, True, id="one-two"),
        pytest.param("事故造成三人死亡，" + _NOTICE, "事故造成五人死亡，" + _NOTICE, True, id="casualties"),
        pytest.param("累计投资三百万元，" + _NOTICE, "累计投资三百亿元，" + _NOTICE, True, id="multiplier"),
        pytest.param("增资78.1亿元，" + _NOTICE, "增资78.1万元，" + _NOTICE, True, id="unit-after-digits"),
        # the same figure, a date, a word: no difference
        pytest.param("事故造成三人死亡，" + _NOTICE, "事故造成3人死亡，" + _NOTICE, False, id="written-in-digits"),
        pytest.param("二〇二四年十月三日讯，" + _NOTICE, "二〇二四年十月五日讯，" + _NOTICE, False, id="a-date"),
        pytest.param("大家一起来看，" + _NOTICE, "大家一同来看，" + _NOTICE, False, id="a-word-with-one"),
        pytest.param("他说" + _NOTICE, "一些人说" + _NOTICE, False, id="a-word-added"),
        pytest.param("区块一期用地，" + _NOTICE, "区块万期用地，" + _NOTICE, False, id="a-multiplier-after-no-figure"),
    ],
)
def test_a_chinese_numeral_replaced_in_place_makes_two_reports_the_same_figure_a_date_or_a_word_does_not(
    a, b, two_reports
):
    from dedup_gui.core.textcheck import figures_differ

    a, b = a.format(amount=300, term=10, rate=2.5), b.format(amount=300, term=10, rate=2.5)
    assert figures_differ(a, b) is two_reports and figures_differ(b, a) is two_reports


_TABLE = "".join(f"GRADE {k} WHEAT TRADED AT {100 + 7 * k} DLRS A TONNE, UP {k % 5} DLRS.\n" for k in range(40))


@pytest.mark.parametrize("line", [0, 1, 20, 38, 39])
def test_a_figure_replaced_in_any_line_of_a_long_table_is_found(line):
    from dedup_gui.core.textcheck import figure_replaced

    lines = _TABLE.splitlines(keepends=True)
    lines[line] = lines[line].replace(f"AT {100 + 7 * line} DLRS", f"AT {101 + 7 * line} DLRS")
    changed = "".join(lines)
    assert figure_replaced(_TABLE, changed)
    assert figure_replaced(changed, _TABLE)
    # The same table re-sent under a new dateline with a sentence added: no figure replaced.
    resent = "LONDON, March 3 - " + changed + "Traders said demand was firm."
    assert not figure_replaced(changed, resent)


_SENTENCES = st.lists(
    st.sampled_from(["Wheat 285 up.", "小麦上涨5%。", "Corn was firm! ", "\n", "A 1/4 UP?", "x. ", "。", "Q1 2.5"]),
    max_size=12,
).map("".join)


@given(_SENTENCES, _SENTENCES)
@settings(max_examples=200, deadline=None)
def test_the_differing_passages_are_the_texts_themselves_when_nothing_is_cut(a, b):
    from rapidfuzz.distance import Levenshtein

    from dedup_gui.core.textcheck import _aligned_passages, _differing_passages

    # Aligned by sentence, then by character within the sentences that differ, every character of both texts is
    # in the passages, in order, each text's own where they differ - so texts too short for a passage to be cut
    # are given back unaligned.
    assert _aligned_passages(a, b, Levenshtein, context=len(a) + len(b) + 1) == (a, b)
    context = min(len(a), len(b)) // 2 + 1
    assert _differing_passages(a, b, Levenshtein, context) == _aligned_passages(a, b, Levenshtein, context) == (a, b)
    cut_a, cut_b = _differing_passages(a, b, Levenshtein)
    assert (cut_a == cut_b) == (a == b)


def test_figures_written_as_words_are_figures():
    from dedup_gui.core.textcheck import figures, figures_differ

    # A notice whose figures are all words: the next one in the series differs in them ...
    a = "There were seven grain ships loading and six ships were waiting to load at the port, the exchange said."
    b = "There were five grain ships loading and three ships were waiting to load at the port, the exchange said."
    assert figures(a) == {"7": 1, "6": 1}
    assert figures_differ(a, b)
    # ... and a figure is the same figure however it is written; "someone" holds no "one".
    assert figures("Seventeen miners, 200 mln dlrs, someone said") == figures("17 miners, 200 million dlrs, said")
    assert not figures_differ("No oil for 4 months, the official said.", "No oil for FOUR months, the official said.")
    # twice is two times ("expects to cut rates twice" / "three times" was removed as a copy)
    a = "The Federal Reserve signaled that it expects to cut rates twice before the end of the year."
    assert figures_differ(a, a.replace("twice", "three times"))
    assert not figures_differ(a, a.replace("twice", "two times"))


def test_the_digits_of_the_figures_table_are_what_the_pattern_reads_as_digits():
    import re

    import numpy as np

    from dedup_gui.core.textcheck import _number_classes

    every = "".join(map(chr, range(0x110000)))
    digits = np.zeros(0x110000, dtype=bool)
    digits[[m.start() for m in re.finditer(r"\d", every)]] = True
    table = _number_classes()
    assert np.array_equal(table == 1, digits)
    assert [chr(c) for c in np.flatnonzero(table == 2)] == [",", ".", "/", ":"]
    assert sorted(chr(c) for c in np.flatnonzero(table == 4)) == sorted("零〇一二两三四五六七八九十百千万亿")


def test_figures_read_a_slice_of_the_column_at_a_time_are_the_same(monkeypatch):
    import numpy as np

    from dedup_gui.core import text
    from dedup_gui.core.textcheck import figures_differ, figures_differ_pairs

    texts = ["营收1,979,000元", "营收1979000", "日期2024/3/9", "日期2024 3 9", "增长3.5%", "增长3.6%", "无数字"] * 3
    a, b = np.arange(len(texts)), np.arange(len(texts))[::-1].copy()
    monkeypatch.setattr(text, "GIL_CHUNK_CHARS", 12)  # a text or two per slice
    assert len(text.text_slices(texts)) > 5
    assert figures_differ_pairs(texts, a, b).tolist() == [
        figures_differ(texts[i], texts[j]) for i, j in zip(a, b, strict=True)
    ]


@settings(max_examples=300, deadline=None)
@given(
    a=st.text(alphabet="天地人和abc", min_size=1, max_size=45),
    b=st.text(alphabet="天地人和abc", min_size=1, max_size=45),
)
def test_the_length_rule_never_drops_a_short_pair_that_can_be_a_duplicate(a, b):
    """``edits_allow`` rules a pair out by its lengths before it is scored: never one judged by edits that reaches
    the short floor (below it no setting makes it a duplicate); a pair judged by grams always passes."""
    import numpy as np
    from rapidfuzz.distance import Levenshtein

    from dedup_gui.core.textcheck import SHORT_CHARS, SHORT_FLOOR

    allowed = bool(TextCheck.edits_allow(np.array([len(a)]), np.array([len(b)]))[0])
    if min(len(a), len(b)) >= SHORT_CHARS:
        assert allowed
    elif Levenshtein.normalized_similarity(a, b) >= SHORT_FLOOR:
        assert allowed
    if not allowed:  # and it rules out what cannot reach the floor
        assert min(len(a), len(b)) < SHORT_FLOOR * max(len(a), len(b))


SIGNATURE = (
    "-- \nJohn Smith | Acme Corporation | Regional Sales Office, Springfield\n"
    "Phone 555-1234 | Fax 555-9876 | john.smith@acme.example\n"
    '"The quote of the day goes here, for everyone who reads this far"\n'
    "Visit our web site at www.acme.example/sales for this week's offers"
)


def test_two_short_messages_of_one_writer_are_not_copies_by_their_signature():
    """Everything from a message's "-- " line on (its e-mail signature) is left out of the comparison with its
    quoted lines: two different one-line replies carrying one long signature are no duplicates (with the signature
    compared, as with --keep-quoted, they score 0.89 and one would be removed)."""
    from dedup_gui.core.settings import NormaliseOptions

    a = "I think the new schedule works for everyone.\n" + SIGNATURE
    b = "No, the meeting moved to Friday.\n" + SIGNATURE
    texts = [a, b, a.replace("everyone.", "everyone!")]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert [c.members for c in result.clusters] == [[0, 2]]  # the same message twice is still a copy
    kept_all = Pipeline(texts).run(Settings(algorithm="ngram", normalise=NormaliseOptions(drop_quoted=False)))
    assert [sorted(c.members) for c in kept_all.clusters] == [[0, 1, 2]]


def test_a_signature_is_cut_from_the_last_dash_dash_line_unless_nothing_would_be_left():
    from dedup_gui.core.text import drop_signature

    assert drop_signature("body\n--\nsig one\n--\nsig two") == "body\n--\nsig one"
    assert drop_signature("body line\nmore\n--") == "body line\nmore"
    assert drop_signature("--\nonly a signature") == "--\nonly a signature"  # its first line: kept whole
    assert drop_signature("a -- b\n---\nc--") == "a -- b\n---\nc--"  # no line that is only "--"


_ARTICLE = (
    "中新网11月6日电 近日，中国音像著作权集体管理协会发出公告，通知KTV设备和系统服务商及KTV经营者删除非音集协"
    "管理的部分作品，被要求下架的作品共6609部，其中还包括陈奕迅、容祖儿等人作品，一时间引起众多网友热议。"
    "对此，协会代理总干事表示，此次要求下架的作品不在协会管理范围内，经营者应在2018年10月31日前完成删除。"
)


def test_a_reposts_own_dated_header_is_no_figure_of_its_article():
    """A repost cut short under a header of its own ("来源：今日快报　2018年11月6日") carries the header's date, which
    the article lacks: the date is the repost's, not another report's (such reposts of eval_real's Sina set were
    kept apart, 97 of 124 found); a line the other text has with another time, or a date in the article's own
    text, still counts."""
    from dedup_gui.core.textcheck import figures_differ, figures_differ_pairs

    repost = "来源：今日快报　2018年11月6日\n" + _ARTICLE[:120]
    assert not figures_differ(repost, _ARTICLE)
    assert figures_differ_pairs([repost, _ARTICLE], np.array([0]), np.array([1])).tolist() == [False]
    assert ngram_clusters([_ARTICLE, repost]) == [[0, 1]]
    # an original title over the repost (a credit line: every figure of it the repost's own)
    titled = "原标题：音集协公告要求下架6000多部作品\n" + _ARTICLE[:120]
    assert not figures_differ(titled, _ARTICLE)
    # the same line with another time: two reports of the day
    futures = "MIDWEST GRAIN FUTURES {} EDT\nMINNEAPOLIS WHEAT\nMAY7 285 UP 1 1/2\nSEP7 {} UP {}\n"
    assert figures_differ(futures.format("11:10", "277", "1"), futures.format("12:01", "276 1/2", "1/2"))
    # a date in the article's own text (a line of 60 characters or more): another report
    other = _ARTICLE.replace("11月6日电", "11月7日电").replace("6609部", "6000多部")[:150]
    assert figures_differ(other, _ARTICLE)


@pytest.mark.parametrize(
    ("a", "b", "reordered"),
    [
        (
            "在昨晚的比赛中，上海队以3比1战胜北京队，取得三连胜。",
            "在昨晚的比赛中，上海队以1比3战胜北京队，取得三连胜。",
            True,
        ),
        ("昨日全市新增确诊病例5例，新增无症状感染者12例。", "昨日全市新增确诊病例12例，新增无症状感染者5例。", True),
        ("Pay April 30 Record April 10 Reuter", "Pay April 10 Record March 30 Reuter", True),
        (
            "Net was 12.5 mln dlrs against 10.2 mln a year ago.",
            "Net was 10.2 mln dlrs against 12.5 mln a year ago.",
            True,
        ),
        # the same figures in the same order; one figure alone; sentences a repost moved (further apart); Chinese
        # numerals, mostly parts of words, that two typos move (a planted copy of the 100k bench articles)
        (
            "为书画家萧平题字笑称班门弄斧，在排名中一跃进入前列",
            "为书画家萧平题字笑一班门弄斧，在排名中不跃进入前列",
            False,
        ),
        ("上海队以3比1战胜北京队，取得三连胜。", "上海队以3比1击败北京队，取得三连胜。", False),
        ("上海队以3比0战胜北京队。", "上海队以0比0战胜北京队。", False),
        (
            "全市新增确诊病例5例。本市今日天气晴朗，气温适宜。新增无症状感染者12例。",
            "新增无症状感染者12例。本市今日天气晴朗，气温适宜。全市新增确诊病例5例。",
            False,
        ),
    ],
)
def test_the_same_figures_in_another_order_make_another_statement(a, b, reordered):
    """A score or a count written the other way round, in texts a few characters apart, says something else; a
    repost that moves its sentences moves its figures with them, and stays a copy."""
    from dedup_gui.core.textcheck import figures_differ, figures_differ_pairs, figures_reordered

    assert figures_reordered(a, b) is reordered
    if reordered:
        assert figures_differ(a, b) and figures_differ(b, a)
    assert figures_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0])).tolist() == [figures_differ(a, b)] * 2
    if reordered:
        result = Pipeline([a, b]).run(Settings(algorithm="ngram"))
        assert result.clusters == []
