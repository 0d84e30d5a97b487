"""Two parts of a text swapped (``textcheck.parts_swapped``): who did what to whom said the other way round is
another report - "北京国安队以3比1战胜上海申花队" / "上海申花队以3比1战胜北京国安队" - however many grams the two share.
A list in another order, two characters typed in each other's place and two sentences swapped are still copies."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings
from dedup_gui.core.textcheck import SWAP_SPAN, parts_swapped, reports_differ_pairs

MATCH = (
    "北京国安队周六在工人体育场以3比1战胜上海申花队，继续领跑中超积分榜，"
    "球队主教练在赛后发布会上表示对球员的表现非常满意。"
)

SWAPPED = [
    (MATCH, MATCH.replace("北京国安", "X").replace("上海申花", "北京国安").replace("X", "上海申花")),
    (MATCH, MATCH.replace("3比1", "1比3")),
    (
        "公司公告称，第三季度净利润同比增长12%，营业收入同比下降3%，主要原因是原材料价格上涨。",
        "公司公告称，第三季度净利润同比下降12%，营业收入同比增长3%，主要原因是原材料价格上涨。",
    ),
    (
        "张三在法庭上指控李四挪用公款，并要求法院判令其退还全部款项。",
        "李四在法庭上指控张三挪用公款，并要求法院判令其退还全部款项。",
    ),
    ("甲方应向乙方支付全部货款。", "乙方应向甲方支付全部货款。"),
    (
        "Bayern Munich beat Borussia Dortmund 3-1 on Saturday in front of a sold-out crowd.",
        "Borussia Dortmund beat Bayern Munich 3-1 on Saturday in front of a sold-out crowd.",
    ),
    (
        "The flight from New York to Miami was delayed by two hours.",
        "The flight from Miami to New York was delayed by two hours.",
    ),
    # who directed and who starred: the characters around the parts ("，梁朝伟和张曼玉") hold a 和, but are no mere
    # "and" - only characters the parts themselves share may be read off (removed as a copy when any four were)
    (
        "这部电影改编自同名小说，由王家卫执导，梁朝伟和张曼玉主演。",
        "这部电影改编自同名小说，由王家卫主演，梁朝伟和张曼玉执导。",
    ),
]

NOT_SWAPPED = [
    # a list in another order: "and" between the two
    (
        "中国和美国的代表在日内瓦举行会谈，双方就贸易问题交换了意见。",
        "美国和中国的代表在日内瓦举行会谈，双方就贸易问题交换了意见。",
    ),
    ("北京大学和清华大学的学生参加了比赛。", "清华大学和北京大学的学生参加了比赛。"),
    ("合同由甲方与乙方共同签署。", "合同由乙方与甲方共同签署。"),  # 方 the parts' own, read off: "与"
    ("他曾在北京和在上海工作过多年。", "他曾在上海和在北京工作过多年。"),  # 在 the parts' own: "和"
    ("Apples and oranges are on sale this week.", "Oranges and apples are on sale this week."),
    ("苹果、香蕉的价格都在上涨。", "香蕉、苹果的价格都在上涨。"),
    # two characters typed in each other's place
    ("中华人民共和国成立七十周年", "中华民人共和国成立七十周年"),
    ("He walked form the station to the office.", "He walked from the station to the office."),
    # a line broken a word further on: spaces swapped, no word
    (
        "said february car sales fell six\npct to 13,734 units from year-earlier 14,589 units.",
        "said february car sales fell\nsix pct to 13,734 units from year-earlier 14,589 units.",
    ),
    # a letter for a letter inside words: an alignment crosses such pieces by chance ("listing" / "denominations"),
    # so a part of Latin letters is a whole word (this pair, two words swapped, is missed for it)
    ("the cat saw a bat", "the bat saw a cat"),
    (
        "payment date is april 1, listing is in luxembourg and denominations are of 1,000 and 10,000 dlrs.",
        "payment date is april 1, denominations are of 1,000 and 10,000 dlrs and listing is in luxembourg.",
    ),
    # two sentences swapped: nothing but signs between them
    ("今天下雨。明天晴天。", "明天晴天。今天下雨。"),
    # not two parts swapped at all
    (MATCH, MATCH.replace("周六", "周日")),
    (MATCH, MATCH),
    (MATCH, MATCH + "新华社"),
]


@pytest.mark.parametrize(("a", "b"), SWAPPED)
def test_two_parts_swapped_are_found_either_way(a, b):
    assert parts_swapped(a, b)
    assert parts_swapped(b, a)


@pytest.mark.parametrize(("a", "b"), NOT_SWAPPED)
def test_a_list_reordered_a_typo_or_sentences_swapped_are_not_parts_swapped(a, b):
    assert not parts_swapped(a, b)
    assert not parts_swapped(b, a)


REPOSTED = [
    # a header or a word more, beside the swapped parts or elsewhere
    ("新华社讯 " + MATCH, SWAPPED[0][1]),
    (MATCH.replace("周六", "周六晚"), SWAPPED[0][1]),
    ("转自某网站：" + MATCH, MATCH.replace("3比1", "1比3") + "（完）"),
    (
        "Reuters - Bayern Munich beat Borussia Dortmund 3-1 on Saturday",
        "Borussia Dortmund beat Bayern Munich 3-1 on Saturday.",
    ),
]


@pytest.mark.parametrize(("a", "b"), REPOSTED)
def test_two_parts_swapped_are_found_where_other_things_differ_too(a, b):
    assert parts_swapped(a, b)
    assert parts_swapped(b, a)


def test_a_list_reordered_with_a_header_is_still_not_parts_swapped():
    a, b = NOT_SWAPPED[0]
    assert not parts_swapped("记者 " + a, b)


def test_parts_further_apart_than_the_span_are_not_read():
    far = "上海申花队" + "在工人体育场" * (SWAP_SPAN // 6) + "战胜北京国安队"
    near = "上海申花队在工人体育场战胜北京国安队"
    assert parts_swapped(near, near.replace("上海申花", "X").replace("北京国安", "上海申花").replace("X", "北京国安"))
    assert not parts_swapped(far, far.replace("上海申花", "X").replace("北京国安", "上海申花").replace("X", "北京国安"))


def chinese(lo: int, min_size: int = 2) -> st.SearchStrategy[str]:
    return st.text(st.characters(min_codepoint=lo, max_codepoint=lo + 0xFF), min_size=min_size, max_size=6)


# (each part its own characters: two parts of one character repeated - "一一" / "一一一" - swap into a shift)
@settings(max_examples=200, deadline=None)
@given(chinese(0x4E00), chinese(0x4F00), chinese(0x5000, 0), st.text(max_size=20), st.text(max_size=20))
def test_any_two_chinese_words_swapped_around_a_verb_are_found(x, y, rest, before, after):
    a = before + x + "战胜" + rest + y + after
    b = before + y + "战胜" + rest + x + after
    assert parts_swapped(a, b)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_parts_swapped_keep_every_character_and_read_the_same_either_way(a, b):
    swapped = parts_swapped(a, b)
    assert swapped == parts_swapped(b, a)
    if swapped:
        assert sorted(a) == sorted(b) and a != b


def test_the_text_check_tells_a_swapped_pair_apart_and_the_engine_keeps_both():
    a, b = SWAPPED[0]
    assert reports_differ_pairs([a, b], [a, b], [0], [1], markup=False).tolist() == [True]
    # row 2: row 0 with a character added (a copy of it), row 1 swapped against both
    result = Pipeline([a, b, MATCH.replace("周六", "周六晚")]).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 2]]
    assert not len(result.held)
