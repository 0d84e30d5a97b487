"""A figure the one text writes in digits and the other in Chinese numerals ("拿下26分" / "拿下二十六分") is the same
figure, whichever text is the shorter (``textcheck.figures_differ``: the shorter text's figures missing from the
longer are read in place when the longer has them in numerals); another figure in numerals is still another."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.textcheck import figures_differ, figures_differ_pairs

GAME = "主队年轻的主攻手全场拿下二十六分，成为全场得分最高的球员，她在赛后表示，这场胜利属于全队每一个人。"
COURT = "法院审理认为被告人犯非法吸收公众存款罪，依法判处有期徒刑三年，并处罚金三百万元，责令退赔全部违法所得。"


def test_a_figure_written_in_digits_in_one_text_and_in_numerals_in_the_other_is_the_same():
    pairs = [
        (GAME, GAME.replace("二十六", "26")),  # the digits' text the shorter one
        (COURT, COURT.replace("三年", "3年").replace("三百万", "300万")),
    ]
    for a, b in pairs:
        assert not figures_differ(a, b) and not figures_differ(b, a), (a, b)
        assert figures_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0])).tolist() == [False, False]


def test_another_figure_in_numerals_is_still_another_figure():
    pairs = [
        (GAME.replace("二十六", "二十五"), GAME.replace("二十六", "26")),
        (COURT, COURT.replace("三年", "5年")),
        (COURT, COURT.replace("三百万", "200万")),
    ]
    for a, b in pairs:
        assert figures_differ(a, b) and figures_differ(b, a), (a, b)
        assert figures_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0])).tolist() == [True, True]


WORDS = "3 三 26 二十六 25 二十五 300 三百 万 分 年 拿下 全场 得分 ， 。".split()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=14), min_size=2, max_size=8))
def test_the_column_says_of_figures_in_numerals_what_each_pair_says(texts):
    texts = ["".join(words) for words in texts]
    n = len(texts)
    a = np.repeat(np.arange(n), n)
    b = np.tile(np.arange(n), n)
    keep = a != b
    a, b = a[keep], b[keep]
    assert figures_differ_pairs(texts, a, b).tolist() == [
        figures_differ(texts[i], texts[j]) for i, j in zip(a.tolist(), b.tolist(), strict=True)
    ]
