"""The text check's quick refusals: a read that a pair cannot pass is skipped by a test of a few characters, and
each such test is exact - on any pair of texts the read answers as it does without it. The references below are
the reads as they were written before the tests were put in front of them (a unit after a figure, an opposite
inside a word, a reversal put in); the texts are drawn from the characters and words those reads look for, so
that the edge cases (a figure three characters before a change, a change that is part of an opposite word, a word
put in once in each text) come up."""

from hypothesis import example, given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Indel, Levenshtein

from dedup_gui.core import textcheck
from dedup_gui.core.textcheck import (
    _COUNTING,
    _DATE_UNITS,
    _IN_WORD_SHARED,
    _LONG_OPPOSITE_PAIRS,
    _NOT_WORD,
    _OPPOSITE_PAIRS,
    _PUT_IN_WORDS_ZH,
    _UNIT_PAIRS,
    _UNIT_SHARED,
    PUT_IN_BEFORE_ZH,
    REPLACED_FLANK,
    REVERSALS_ZH,
    _closes,
    _edit_runs,
    _equal_words,
    _in_word,
    _opens,
    _reversal_put_in,
    _unit_replaced,
    _widened,
)

# What the reads look for - figures, units, opposite words and their characters, words put in - and plain
# characters and signs between them.
_PIECES = (
    sorted({w for pair in _UNIT_PAIRS for w in pair})[:40]
    + sorted({w for pair in _OPPOSITE_PAIRS for w in pair if len(w) <= 3})[:120]
    + sorted(_PUT_IN_WORDS_ZH)
    + list("0123456789一二三每多半两的了是在有和公司市场价格今天报道，。")
)
_texts = st.lists(st.sampled_from(_PIECES), max_size=14).map("".join)


def _reference_unit_replaced(a: str, b: str, ops, i: int, j: int) -> bool:
    start, end = ops[i].src_start, ops[j].src_end
    most = (min(_equal_words(ops, i - 1), _UNIT_SHARED), min(_equal_words(ops, j + 1), _UNIT_SHARED))
    for head, tail, u, v in _widened(a, b, ops[i], ops[j], *most):
        at = start - head
        if at <= 0 or a[at - 1] not in _COUNTING:
            continue
        if (u, v) in _UNIT_PAIRS and (a[at - 1] == "每" or not (u in _DATE_UNITS and v in _DATE_UNITS)):
            return _equal_words(ops, j + 1) >= REPLACED_FLANK or _closes(a, end + tail)
    return False


def _reference_in_word(a: str, b: str, first, last, pairs: frozenset):
    for before, after, u, v in _widened(a, b, first, last, _IN_WORD_SHARED, _IN_WORD_SHARED):
        if (before or after) and (u, v) in pairs:
            return before, after
    return None


def _reference_reversal_put_in(a: str, b: str) -> bool:
    if all(a.count(w) == b.count(w) for w in _PUT_IN_WORDS_ZH):
        return False
    ops = Indel.opcodes(a, b)
    for i, j in _edit_runs(ops):
        start, end = ops[i].src_start, ops[j].src_end
        x, y = a[start:end], b[ops[i].dest_start : ops[j].dest_end]
        if x and y:
            continue
        word = _NOT_WORD.sub("", x or y)
        after = a[end : end + 1] if x else b[ops[j].dest_end : ops[j].dest_end + 1]
        if word not in REVERSALS_ZH and (len(word) != 1 or word + after not in PUT_IN_BEFORE_ZH):
            continue
        if (_equal_words(ops, i - 1) >= REPLACED_FLANK or _opens(a, start)) and (
            _equal_words(ops, j + 1) >= REPLACED_FLANK or _closes(a, end)
        ):
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(_texts, _texts)
@example("长3米的桌子", "长3千米的桌子")  # the unit right after the figure
@example("每周三次会议", "每月三次会议")  # after 每: dates count
@example("约12万平方米土地", "约12万平方公里土地")  # the figure two characters before the change
@example("交易金额为5000万元", "交易金额为5000万美元")
def test_a_unit_is_read_after_a_figure_as_before(a, b):
    """``_unit_replaced`` skips a change with no figure or 每 among the three characters before it: on every run
    of edits of any pair it answers as the read without the test does."""
    ops = Levenshtein.opcodes(a, b)
    for i, j in _edit_runs(ops):
        assert _unit_replaced(a, b, ops, i, j) == _reference_unit_replaced(a, b, ops, i, j)


@settings(max_examples=400, deadline=None)
@given(_texts, _texts)
@example("同比增长5%", "环比增长5%")  # a word sharing a character with its opposite
@example("进入决赛", "进入半决赛")  # a character put in
@example("存款准备金率", "存款基准利率")
@example("今天上涨", "今天下跌")
def test_an_opposite_in_a_word_is_read_as_before(a, b):
    """``_in_word`` skips a change one of whose characters is in no word of the opposites on its side: on every run
    of edits of any pair, with either set of opposites, it answers as the read without the test does."""
    ops = Levenshtein.opcodes(a, b)
    for i, j in _edit_runs(ops):
        for pairs in (_OPPOSITE_PAIRS, _LONG_OPPOSITE_PAIRS):
            assert _in_word(a, b, ops[i], ops[j], pairs) == _reference_in_word(a, b, ops[i], ops[j], pairs)


@settings(max_examples=400, deadline=None)
@given(_texts, _texts)
@example("景区将从明天起暂停营业", "景区将从明天起营业")
@example("新增疑似病例3例", "新增病例3例")
@example("价格或将上调", "价格将上调")
@example("暂停暂停", "暂停")  # the word in both, more often in one
def test_a_reversal_put_in_is_read_as_before(a, b):
    """``_reversal_put_in`` skips two texts that hold none of the words it reads (one search of each): on any pair
    it answers as the read without that search does."""
    assert _reversal_put_in(a, b) == _reference_reversal_put_in(a, b)
    assert textcheck._reversal_put_in(b, a) == _reference_reversal_put_in(b, a)


def _reference_own_inner_passage(a: str, b: str) -> bool:
    from dedup_gui.core.doubt import OWN_PASSAGE, OWN_PASSAGE_FLANK, OWN_PASSAGE_GAP, _moved, _op_size
    from dedup_gui.core.textcheck import _change, _inner_runs, _runs_across

    ops = Indel.opcodes(a, b)
    a_shorter = len(a) <= len(b)
    for i, j in _runs_across(ops, _inner_runs(ops, _edit_runs(ops)), OWN_PASSAGE_GAP):
        if _equal_words(ops, i - 1) < OWN_PASSAGE_FLANK or _equal_words(ops, j + 1) < OWN_PASSAGE_FLANK:
            continue
        own = _change(a, b, ops, i, j)[0 if a_shorter else 1]
        if "\n" in own:
            continue
        mine = "delete" if a_shorter else "insert"
        for k in range(i, j + 1):
            if ops[k].tag == mine and _op_size(ops[k]) >= OWN_PASSAGE and not _moved(ops[k], a, b, a_shorter):
                return True
    return False


# Texts with passages of their own: runs of plain characters, shared sentences and line breaks.
_PASSAGE_PIECES = [
    "报名期间将对考生学历信息进行网上校验",
    "考生可随时上网查看",
    "并在提交三天内反馈结果",
    "自行登录中国高等教育学生信息网",
    "。",
    "\n",
    "网上",
    "考生",
    "甲",
    "乙丙",
    "丁戊己庚辛",
    "子丑寅卯辰巳午未",
]
_passages = st.lists(st.sampled_from(_PASSAGE_PIECES), max_size=10).map("".join)
_SHARED = "考生可随时上网查看"


@settings(max_examples=500, deadline=None)
@given(_passages, _passages)
@example(_SHARED + "甲乙丙丁戊己庚辛" + _SHARED, _SHARED + "子丑寅卯辰巳午未申酉戌亥" + _SHARED)  # 8 of its own
@example(_SHARED + "甲乙丙丁戊己庚" + _SHARED, _SHARED + "子丑寅卯辰巳午未申酉戌亥" + _SHARED)  # 7
def test_a_passage_of_its_own_is_read_as_before(a, b):
    """``_own_inner_passage`` skips two texts whose shorter one has fewer than ``OWN_PASSAGE`` characters outside
    their longest common subsequence (told in C): on any pair it answers as the read without that test does."""
    from dedup_gui.core.doubt import _own_inner_passage

    assert _own_inner_passage(a, b) == _reference_own_inner_passage(a, b)
    assert _own_inner_passage(b, a) == _reference_own_inner_passage(b, a)


def test_the_tables_of_longer_texts_are_those_of_every_text_without_another_day_week_or_month():
    """The opposites of longer texts (``_LONG_OPPOSITE_PAIRS``, their codes of one character and their words sharing
    one), made by taking out the pairs that spell a word of ``DAY_OPPOSITES``, are the tables made pair by pair: the
    pairs whose two words, either way round, spell no such word."""
    import numpy as np

    day = textcheck.DAY_OPPOSITES
    pairs = frozenset((x, y) for x, y in _OPPOSITE_PAIRS if x + y not in day and y + x not in day)
    assert pairs == _LONG_OPPOSITE_PAIRS and pairs < _OPPOSITE_PAIRS
    codes = sorted((ord(x) << 21) | ord(y) for x, y in pairs if len(x) == len(y) == 1)
    assert textcheck._LONG_OPPOSITE_CODES.tolist() == codes and len(codes) < len(textcheck._OPPOSITE_CODES)
    before, after = textcheck._word_codes(pairs)
    assert np.array_equal(textcheck._LONG_WORD_BEFORE_CODES, before)
    assert np.array_equal(textcheck._LONG_WORD_AFTER_CODES, after)
