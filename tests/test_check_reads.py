"""The text check's last word and the doubt in two parts (``textcheck.ReportReads``, ``doubt.DoubtReads``): what
is told of every pair at once, then the pairs read text by text - for any run of the pairs, as the engine splits
them between two processes. Each run of pairs read says of its pairs what the check says of all of them at once,
and what it says of each pair alone."""

import dataclasses

import numpy as np
from engine_texts import pair_arrays
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.doubt import doubt_plan, doubtful_pairs
from dedup_gui.core.textcheck import PairReads, plan_reports, reports_differ_pairs

# Words every step of the check reads: figures (digits, number words, Chinese numerals), names, places, negations,
# opposite words, dates - and plain words, Chinese and English, for the rest of a sentence.
WORDS = (
    "The Reuters Chicago Boston said profit rose fell higher lower not never no exports imports 5 7 1.5 250 "
    "seven mln March 10:30 company shares week year 北京 上海 杭州 广州 不 没有 三 四 十 公司 今天 增长 下降 "
    "高 低 利润 市场 我们 的 了 吗 ， 。 ?"
).split()


# Chinese characters alone: the doubt reads short Chinese texts a character or a word apart.
CHARACTERS = list("北京上海明天天气怎么样会不下大雨请问插卡电表读用孕妇可以吃香蕉和饼干吗")


@st.composite
def texts_and_pairs(draw, vocabulary=WORDS):
    """Texts of those words, each with a few near copies (a word replaced, dropped or added), and pairs of them."""
    base = draw(st.lists(st.lists(st.sampled_from(vocabulary), min_size=2, max_size=40), min_size=1, max_size=6))
    texts: list[list[str]] = []
    for words in base:
        texts.append(words)
        for _ in range(draw(st.integers(0, 3))):
            copy = list(words)
            at = draw(st.integers(0, len(copy) - 1))
            edit = draw(st.sampled_from(["replace", "drop", "add"]))
            if edit == "replace":
                copy[at] = draw(st.sampled_from(vocabulary))
            elif edit == "drop" and len(copy) > 1:
                del copy[at]
            else:
                copy.insert(at, draw(st.sampled_from(vocabulary)))
            texts.append(copy)
    joined = [(" " if draw(st.booleans()) else "").join(words) for words in texts]
    pairs = draw(st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), min_size=1, max_size=40))
    cuts = draw(st.lists(st.integers(0, len(pairs)), max_size=3))
    return joined, pairs, sorted(cuts)


def _runs(n: int, cuts: list[int]) -> list[tuple[int, int]]:
    edges = [0, *cuts, n]
    return list(zip(edges[:-1], edges[1:], strict=True))


@settings(max_examples=60, deadline=None)
@given(texts_and_pairs())
def test_the_checks_reads_of_any_runs_of_pairs_say_what_it_says_of_all_and_of_each_pair(drawn):
    texts, pairs, cuts = drawn
    written = [t.title() if i % 2 else t for i, t in enumerate(texts)]  # (names are read as written)
    pairs, a, b = pair_arrays(texts, pairs)
    plan = plan_reports([t.lower() for t in texts], written, a, b, markup=False)
    normalised = [t.lower() for t in texts]
    whole = plan.read(normalised, written)
    runs = np.concatenate([plan.read(normalised, written, lo, hi) for lo, hi in _runs(len(pairs), cuts)])
    assert runs.tolist() == whole.tolist()
    assert whole.tolist() == reports_differ_pairs(normalised, written, a, b, markup=False).tolist()
    each = [
        bool(reports_differ_pairs(normalised, written, a[i : i + 1], b[i : i + 1], markup=False)[0])
        for i in range(len(a))
    ]
    assert whole.tolist() == each
    # Told the texts' lengths (as the engine does), the plan is the same plan: the same pairs read by each step.
    lengths = np.array([len(t) for t in normalised], dtype=np.int64)
    told = plan_reports(normalised, written, a, b, markup=False, lengths=lengths)
    assert told.differ.tolist() == plan.differ.tolist()
    for step in ("figures", "names", "negations", "opposites"):
        mine, theirs = getattr(told, step), getattr(plan, step)
        assert len(mine) == len(theirs)
        assert all(np.array_equal(x, y) for x, y in zip(mine, theirs, strict=True)), step
    assert reports_differ_pairs(normalised, written, a, b, markup=False, lengths=lengths).tolist() == whole.tolist()


@st.composite
def with_content(draw):
    """``texts_and_pairs`` and each text's content: the text, or the text less a run of its characters (as a
    boilerplate sentence cut out of it)."""
    texts, pairs, cuts = draw(texts_and_pairs())
    content = []
    for t in texts:
        lo = draw(st.integers(0, len(t)))
        hi = draw(st.integers(lo, len(t)))
        content.append(t[:lo] + t[hi:] if draw(st.booleans()) else t)
    return texts, content, pairs, cuts


@settings(max_examples=60, deadline=None)
@given(with_content(), st.booleans())
def test_with_the_texts_content_any_runs_of_pairs_say_what_all_and_each_pair_say(drawn, told_cut):
    """The places read on the texts' content too (``plan_reports``' ``content``), told which texts lost a piece
    or not: the same word on every pair, read in runs, at once or alone."""
    texts, content, pairs, cuts = drawn
    normalised = [t.lower() for t in texts]
    content = [c.lower() for c in content]
    pairs, a, b = pair_arrays(texts, pairs)
    cut = np.array([c != t for c, t in zip(content, normalised, strict=True)]) if told_cut else None
    plan = plan_reports(normalised, texts, a, b, False, None, content, cut)
    whole = plan.read(normalised, texts, content=content)
    runs = [plan.read(normalised, texts, lo, hi, content) for lo, hi in _runs(len(pairs), cuts)]
    assert np.concatenate(runs).tolist() == whole.tolist()
    assert whole.tolist() == reports_differ_pairs(normalised, texts, a, b, False, None, content, cut).tolist()
    each = [bool(reports_differ_pairs(normalised, texts, a[i : i + 1], b[i : i + 1], False, None, content, cut)[0])
            for i in range(len(a))]  # fmt: skip
    assert whole.tolist() == each
    # The content only adds: a pair the check tells apart on the texts alone stays apart.
    alone = reports_differ_pairs(normalised, texts, a, b, markup=False)
    assert not (alone & ~whole).any()


@settings(max_examples=60, deadline=None)
@given(st.one_of(texts_and_pairs(), texts_and_pairs(CHARACTERS)), st.randoms(use_true_random=False))
def test_the_doubts_reads_of_any_runs_of_pairs_say_what_it_says_of_all_and_of_each_pair(drawn, rnd):
    texts, pairs, cuts = drawn
    pairs, a, b = pair_arrays(texts, pairs)
    among = np.array([rnd.random() < 0.7 for _ in pairs], dtype=bool)
    plan = doubt_plan(texts, a, b)
    whole = doubtful_pairs(texts, a, b, among)
    runs = np.concatenate([plan.read(texts, lo, hi, among=among[lo:hi]) for lo, hi in _runs(len(pairs), cuts)])
    assert runs.tolist() == whole.tolist()
    each = [bool(among[i] and doubtful_pairs(texts, a[i : i + 1], b[i : i + 1])[0]) for i in range(len(a))]
    assert whole.tolist() == each


def _chars_read(plan, pairs: int, lengths: np.ndarray) -> list[int]:
    """Per pair, the characters of the two texts of each read a step of ``plan`` makes of it (``within``)."""
    out = [0] * pairs
    for field in dataclasses.fields(plan):
        reads = getattr(plan, field.name)
        if isinstance(reads, PairReads):
            for at, x, y, *_ in reads.within(0, pairs):
                out[at] += int(lengths[x] + lengths[y])
    return out


@settings(max_examples=60, deadline=None)
@given(st.one_of(texts_and_pairs(), texts_and_pairs(CHARACTERS)))
def test_the_characters_a_pair_is_read_for_are_its_texts_once_for_each_step_that_reads_it(drawn):
    """What the engine weighs each pair's work by before splitting the pairs between two processes
    (``read_chars``): the lengths of the texts every step of the check and of the doubt reads text by text for
    it - nothing for a pair told apart at once, or read by no step."""
    texts, pairs, _ = drawn
    pairs, a, b = pair_arrays(texts, pairs)
    normalised = [t.lower() for t in texts]
    lengths = np.array([len(t) for t in normalised], dtype=np.int64)
    for plan in (plan_reports(normalised, texts, a, b, markup=False), doubt_plan(normalised, a, b)):
        assert plan.read_chars(lengths).tolist() == _chars_read(plan, len(pairs), lengths)


def test_a_pair_told_apart_at_once_weighs_nothing_and_one_read_by_three_steps_its_texts_three_times():
    said = "the company said profit rose 5 pct in march from a year ago and sales were higher"
    texts = [said, said.replace("5 pct", "7 pct"), said, said.replace("rose", "did not rise")]
    a, b = np.array([0, 0, 0]), np.array([1, 2, 3])
    lengths = np.array([len(t) for t in texts], dtype=np.int64)
    plan = plan_reports(texts, texts, a, b, markup=False)
    # Another figure: told at once. The same text: nothing to read. A negation: its statements, opposite words and
    # swapped parts are read on both texts.
    assert plan.read_chars(lengths).tolist() == [0, 0, 3 * (len(texts[0]) + len(texts[3]))]
    assert plan.read(texts, texts).tolist()[:2] == [True, False]
