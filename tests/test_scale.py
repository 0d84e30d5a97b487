"""A figure written with a multiplier in one text and without it in the other ("罚金5000万元" / "罚金5000元",
"12.5 mln dlrs" / "12.5 dlrs") is no copy an editor can defend, and may be a typo as well: the row is kept for the
user to check (``textcheck.scale_changed``), told of every pair at once (``_scale_candidates``) as of each pair."""

import numpy as np
from engine_texts import pair_arrays
from hypothesis import given, settings
from test_check_reads import texts_and_pairs

from dedup_gui.core.doubt import held_pairs
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings
from dedup_gui.core.textcheck import (
    _figure_items,
    _scale_candidates,
    _slice_numbers,
    plan_reports,
    reports_differ_pairs,
    scale_changed,
    scale_changed_pairs,
)

FINE = "法院审理认为被告人犯非法吸收公众存款罪，依法判处有期徒刑三年，并处罚金5000万元，责令退赔全部违法所得。"
TRAFFIC = "据铁路部门统计，今年春运期间全市铁路客运量约520万人次，同比增长12%，其中节前客流占比较大，各站秩序良好。"
PROFIT = "The company said first quarter net profit rose to 12.5 mln dlrs from 10.1 mln dlrs a year earlier on sales."

CHANGED = [
    (FINE, FINE.replace("5000万元", "5000元")),  # the multiplier dropped
    (TRAFFIC, TRAFFIC.replace("520万", "520")),
    (PROFIT, PROFIT.replace("12.5 mln", "12.5")),  # a multiplier word dropped
    (PROFIT, PROFIT.replace("12.5 mln", "12.5 billion")),  # ... or written as another
    ("绕行约3千米后右转进入辅路", "绕行约3米后右转进入辅路"),  # 千 as a multiplier: 3 km, 3 m
    ("总投资1亿元", "总投资1万亿元"),  # two multipliers for one
]


def test_a_figure_whose_multiplier_is_dropped_or_replaced_is_a_scale_changed():
    for a, b in CHANGED:
        assert scale_changed(a, b) and scale_changed(b, a), (a, b)


UNCHANGED = [
    (FINE, FINE),
    (FINE, FINE.replace("被告人", "被告")),  # another edit, the figures as they were
    (FINE, FINE.replace("5000万元", "5000余万元")),  # 余 between the figure and its multiplier
    (FINE, FINE.replace("5000万元", "5000 万元")),
    (FINE, FINE.replace("5000万元", "6000万元")),  # another figure: the text check's (figures_differ)
    (FINE, "并处罚金5000万元"),  # an excerpt with the figure as it is
    (FINE, FINE.replace("，并处罚金5000万元", "")),  # ... or without the figure at all
    ("千万不要相信陌生来电", "不要相信陌生来电"),  # 千万 after no figure is a word
    (PROFIT, PROFIT.replace("12.5 mln dlrs", "12.5 mln U.S. dlrs")),
    (PROFIT, PROFIT.replace("mln", "million")),  # the same multiplier, abbreviated
    ("5000万元，其中5000元为利息", "5000元，其中5000万元为利息"),  # the same figures with the same multipliers
    # A repost cut short whose header repeats the title's "3万元" and which lacks a "3年" further on: the figure as
    # often, with other multipliers, but each where it stands in the other text.
    (
        "（原题：最高可获补助3万元）最高可获补助3万元\n每人每年补助1万元，连续补助3年",
        "最高可获补助3万元\n每人每年补助1万元，连续补助3年，以后3年内有效",
    ),
    (PROFIT, PROFIT.replace("12.5 mln", "12.5\nmln")),  # a line broken between the figure and its multiplier
    (PROFIT, PROFIT.replace("12.5 mln dlrs", "12.5-mln-dlr")),
]


def test_the_same_figures_with_the_same_multipliers_or_another_figure_are_no_scale_changed():
    for a, b in UNCHANGED:
        assert not scale_changed(a, b) and not scale_changed(b, a), (a, b)


def test_the_engine_keeps_a_copy_with_a_multiplier_dropped_for_the_user_to_check():
    texts = [
        FINE,
        FINE.replace("5000万元", "5000元"),
        FINE.replace("违法所得", "违法所德"),
        PROFIT,
        PROFIT.replace(" mln", "", 1),
    ]
    pipeline = Pipeline(texts)
    for algorithm in ("ngram", "simhash"):
        result = pipeline.run(Settings(algorithm=algorithm))
        held = set(result.held.tolist())
        # (each text with its copy; the pairs that only drop a multiplier are held, the typo is removed)
        assert 1 in held and 2 not in held, algorithm
        if algorithm == "ngram":
            assert 4 in held
    # A threshold change re-clusters the pairs the check has read (cached): still held.
    again = pipeline.run(Settings(algorithm="ngram", threshold=0.75))
    assert {1, 4} <= set(again.held.tolist())


def test_held_pairs_holds_a_multiplier_dropped_as_the_engine_does():
    """``core.doubt.held_pairs`` (the Spark job's) says of a pair what the engine does."""
    a = [FINE, PROFIT, FINE]
    b = [FINE.replace("5000万元", "5000元"), PROFIT.replace("12.5 mln", "12.5"), FINE.replace("违法所得", "违法所德")]
    assert held_pairs(a, b).tolist() == [True, True, False]
    assert scale_changed_pairs(a, b).tolist() == [True, True, False]


# Words of figures and their multipliers, and a few others.
WORDS = "5000 520 12.5 3 1,000 万 亿 千 百 余 多 mln million billion dlrs 元 人次 公司 罚金 the said ， .".split()


@settings(max_examples=80, deadline=None)
@given(texts_and_pairs(WORDS))
def test_the_column_reads_the_multipliers_and_finds_every_pair_with_one_changed(drawn):
    texts, pairs, _ = drawn
    # Each figure's multiplier, read from the column at once, is the one read text by text.
    values, docs, scales = _slice_numbers(texts)
    assert scales.tolist() == [code for t in texts for _, code in _figure_items(t)]
    assert docs.tolist() == [i for i, t in enumerate(texts) for _ in _figure_items(t)]
    # Every pair with a multiplier changed is among the candidates, and the check's held says what each pair does.
    pairs, a, b = pair_arrays(texts, pairs)
    candidates = _scale_candidates(values, docs, scales, len(texts), a, b)
    each = [scale_changed(texts[x], texts[y]) for x, y in zip(a.tolist(), b.tolist(), strict=True)]
    assert not (np.array(each, dtype=bool) & ~candidates).any()
    plan = plan_reports(texts, texts, a, b, markup=False)
    assert plan.held(texts).tolist() == each
    runs = [plan.held(texts, lo, hi) for lo, hi in ((0, len(a) // 2), (len(a) // 2, len(a)))]
    assert np.concatenate(runs).tolist() == each
    assert scale_changed_pairs([texts[x] for x in a.tolist()], [texts[y] for y in b.tolist()]).tolist() == each
    # (the check's word on the pairs is its own: held or not)
    assert len(reports_differ_pairs(texts, texts, a, b, markup=False)) == len(a)
