"""Names in the text check: a template report with another name is another report, not a copy; and markup is
only what HTML calls a tag ("<Northwind Traders Inc>" is a company's name)."""

import numpy as np
import pytest
from engine_texts import name_template_rows, ngram_clusters, pair_arrays
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dedup_gui.core import text
from dedup_gui.core import textcheck as textcheck_module
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import NormaliseOptions, Settings
from dedup_gui.core.text import string_hash, strip_html
from dedup_gui.core.textcheck import (
    _CAPITALISED,
    NAME_CHARS,
    PairReads,
    _slice_names,
    names_differ_pairs,
    names_replaced,
)


def test_a_report_from_a_template_with_another_name_is_not_a_copy_but_a_misspelt_copy_is():
    texts, clusters = name_template_rows()
    assert ngram_clusters(texts) == clusters


def test_without_the_name_rule_the_template_reports_would_have_been_removed(monkeypatch):
    """What makes the test above pass is the name rule: the reports are similar enough for the floor."""
    texts, clusters = name_template_rows()
    monkeypatch.setattr(
        textcheck_module,
        "_names_plan",
        lambda t, a, b, markup, edits_out=None: (np.zeros(len(a), dtype=bool), PairReads.none(), False),
    )
    merged = ngram_clusters(texts)
    assert len(merged) == len(clusters)
    assert all(len(c) == 4 for c in merged)  # each template's three reports and the copy, one cluster


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a misspelling, an abbreviation, a change of case: the same name
        (
            "The attache in Warsaw said on Monday that the harvest",
            "The attache in Warsav said on Monday that the harvest",
        ),
        ("The bank of Denver, Colo said on Monday it", "The bank of Denver, Colorado said on Monday it"),
        ("shares of Acme Corp rose on the news", "shares of Acme Corporation rose on the news"),
        ("said Central Bank Governor Smith on", "said central bank governor Smith on"),
        # a name opening a sentence or a line, a word in capitals: no name
        ("Markel did not elaborate on the terms of the issue.", "It did not elaborate on the terms of the issue."),
        ("Net profit rose.\nSales 41.1 mln vs 20.3 mln", "Net profit rose.\nRevs 41.1 mln vs 20.3 mln"),
        ("the stake in IBM was sold to investors", "the stake in DEC was sold to investors"),
        # capitals with full stops spelt out: the same name
        (
            "to cut their trade surpluses with the U.S. this year",
            "to cut their trade surpluses with the United States this year",
        ),
        # a month written short is the same month
        ("The dividend is payable March 30 to holders", "The dividend is payable Mar 30 to holders"),
        # two typos in one name (two copies of one sentence): no other name
        (
            "Merrill was disappointed by Mogdy's conclusion on Monday",
            "Merrill was disappointed by Moodyvs conclusion on Monday",
        ),
        # a name replaced where words around it were added or dropped: not in place
        ("the talks with Smith and the bank ended", "the talks with the Jones family ended"),
        # ... nor with words put in right beside it
        ("Tokai Ltd is other joint book runner.", "Daiwa (Europe) Ltd is the other joint book runner."),
    ],
)
def test_a_name_written_another_way_or_no_name_is_not_a_name_replaced(a, b):
    assert not names_replaced(a, b)
    assert not names_replaced(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "The attache in Warsaw said on Monday that the harvest",
            "The attache in Buenos Aires said on Monday that the harvest",
        ),
        (
            "the increase brings Citgo's posted price for the grade",
            "the increase brings Sun's posted price for the grade",
        ),
        ("NOTE: Franklin Ohio Insured Tax-Free Income Fund.", "NOTE: Franklin Texas Insured Tax-Free Income Fund."),
        ("新华社消息，据Reuters报道，这家公司昨天宣布", "新华社消息，据Bloomberg报道，这家公司昨天宣布"),
        # at the text's start or end, and a name opening the sentence
        (
            "Amoco Corp said it raised the price it pays for crude oil",
            "Diamond Shamrock said it raised the price it pays for crude oil",
        ),
        ("the statement was read by Smith", "the statement was read by Jones"),
        # capitals with a full stop after each are one name
        (
            "it would buy the assets for 50 mln U.S. dlrs in cash",
            "it would buy the assets for 50 mln Canadian dlrs in cash",
        ),
        # a month or a weekday is a name: another month's notice, another day's report
        ("The dividend is payable June 30 to holders", "The dividend is payable April 30 to holders"),
        ("the meeting on Monday will decide on the rate", "the meeting on Friday will decide on the rate"),
        # with a word or a sign between it and the text's end
        ("There was no immediate response from Luanda.", "There was no immediate response from Norcros."),
        ("the chief operating officer David R.", "the chief operating officer Frank E."),
        ("* Halden said the talks would go on", "* Ruston said the talks would go on"),  # and its start
        # with words one text alone has a word away from it: the same words go on after them
        (
            "Tokai International Ltd is other joint book runner.",
            "Daiwa International (Europe) Ltd is the other joint book runner.",
        ),
        (
            "Affirmed were American Express' AA senior debt, AA-minus subordinated debt and A-1-plus commercial paper.",
            "Affirmed were Security Pacific's AA senior debt, AA-minus subordinated debt and preferred stock and "
            "A-1-plus commercial paper.",
        ),
    ],
)
def test_a_different_name_between_the_same_words_is_replaced(a, b):
    assert names_replaced(a, b)
    assert names_replaced(b, a)


def test_names_do_not_decide_for_long_texts():
    """In a long article a name changed in one place is a correction or a repost's own credit line."""
    body = "The harvest was late this year because of the rain, the ministry said in its weekly report. " * 12
    a = body + "Copyright 2024 The Northern Herald. All rights reserved."
    b = body + "Copyright 2024 The Daily Courier. All rights reserved."
    assert min(len(a), len(b)) >= NAME_CHARS
    assert names_replaced(a, b)  # what the rule would say ...
    assert names_differ_pairs([a, b], np.array([0]), np.array([1]), markup=True).tolist() == [
        False
    ]  # ... it is not asked
    assert ngram_clusters([a, b]) == [[0, 1]]


_NAME_PIECES = ["Warsaw", "Warsav", "Lima", "Rome", "Sao Paulo", "the", "in", "said", "officer", "IBM", "It",
                "McDonald", "June", " ", " ", "\n", ". ", ", ", "<b>", "北京", "5", "'s", "上海", "杭州", "广州", "市",
                "的", "发布", "乌鲁木齐", "。", "U.S.", "U.K.", "U.", "A.", "Canadian", "dlrs"]  # fmt: skip
_NAME_TEXTS = st.lists(st.sampled_from(_NAME_PIECES), max_size=14).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(_NAME_TEXTS, min_size=1, max_size=8),
    pairs=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
    markup=st.booleans(),
)
@example(texts=["in Warsaw said the officer", "in Lima said the officer"], pairs=[(0, 1), (1, 0)], markup=True)
@example(texts=["in <b>Warsaw said the", "in Rome said the"], pairs=[(0, 1)], markup=False)
@example(
    texts=["杭州市发布的", "广州市发布的", "北京市发布的", "上海市发布的"], pairs=[(0, 1), (1, 2), (2, 3)], markup=False
)
@example(
    texts=["about 50 mln U.S. dlrs in cash", "about 50 mln Canadian dlrs in cash"], pairs=[(0, 1), (1, 0)], markup=False
)
def test_names_of_many_pairs_at_once_are_each_pairs_own(texts, pairs, markup):
    pairs, a, b = pair_arrays(texts, pairs)
    got = names_differ_pairs(texts, a, b, markup)

    def written(t: str) -> str:
        return strip_html(t) if markup else t

    assert got.tolist() == [names_replaced(written(texts[i]), written(texts[j])) for i, j in pairs]


@given(st.lists(st.text(alphabet="AbZz Q北é\n<>'.", max_size=30), min_size=1, max_size=6))
@example(["Warsaw", "", "xAbc Abc", "北Abc京", "ABC", "Ab'cd"])
@example(["U.S. and U.K.", "x.U.S. xU.S.A. A..Z. U.S.A.Zb", "A.Z", "Q.Q.Q.Q"])
def test_the_capitalised_words_read_at_once_are_those_the_pattern_finds(texts):
    hashes, docs = _slice_names(texts)
    want = [(d, string_hash(w)) for d, t in enumerate(texts) for w in _CAPITALISED.findall(t)]
    assert list(zip(docs.tolist(), hashes.tolist(), strict=True)) == [(d, int(h)) for d, h in want]


def test_names_read_a_slice_of_the_column_at_a_time_are_the_same(monkeypatch):
    texts = ["The officer in Warsaw said on Monday", "The officer in Lima said on Monday", "in Rome", "北京"] * 4
    a, b = np.arange(len(texts)), np.roll(np.arange(len(texts)), 1)
    whole = names_differ_pairs(texts, a, b, markup=False).tolist()
    monkeypatch.setattr(text, "GIL_CHUNK_CHARS", 12)  # a text or two per slice
    assert len(text.text_slices(texts)) > 5
    assert names_differ_pairs(texts, a, b, markup=False).tolist() == whole
    assert whole == [names_replaced(texts[i], texts[j]) for i, j in zip(a, b, strict=True)]
    assert any(whole)


def test_names_are_read_in_the_rows_as_written_not_in_lower_case():
    """The normalised texts are in lower case; the rule reads each unique text's first row."""
    texts, clusters = name_template_rows()
    result = Pipeline(texts).run(Settings(algorithm="ngram", normalise=NormaliseOptions(casefold=True)))
    assert sorted(sorted(c.members) for c in result.clusters) == clusters


# -- markup ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "stripped"),
    [
        ("Firm <Northwind Traders Inc>.", "Firm <Northwind Traders Inc>."),
        ("Acme Corp <ACME> rose 1/4", "Acme Corp <ACME> rose 1/4"),
        ("x<y and z>w", "x<y and z>w"),
        ("<p>one</p><B>two</B><span class='a'>three</span>", "\none\ntwothree"),
        ("<o:p>Word</o:p><my-card id=1>card</my-card><!DOCTYPE html><?xml version='1.0'?>end", "Wordcardend"),
        ("<a href='/x'>link</a> &amp; <IMG SRC=x.png>", "link & "),
    ],
)
def test_only_html_tags_are_markup(raw, stripped):
    assert strip_html(raw) == stripped


def test_two_rows_that_differ_in_a_bracketed_company_name_are_not_copies():
    """Reading "<Northwind Traders Inc>" as a tag made both rows "Firm ." - the same text."""
    texts = ["Firm <Northwind Traders Inc>.", "Firm <Contoso Pharmaceuticals Ltd>."]
    assert ngram_clusters(texts) == []


# -- Chinese places ------------------------------------------------------------------------------------------------


_CITY_TEMPLATES = [
    "{}市气象台今天下午发布天气预报，预计明天白天晴转多云，偏北风二到三级，夜间有零星小雨，请市民出行注意携带雨具。",
    "本报{}十月三日电，记者从市交通部门获悉，今年国庆假期首日全市高速公路车流量比去年同期明显增长。",
]
_CITIES = ("北京", "上海", "杭州", "广州", "乌鲁木齐")


def test_one_template_for_several_cities_is_several_reports_and_a_typo_copy_is_a_copy():
    texts = [t.format(c) for t in _CITY_TEMPLATES for c in _CITIES]
    texts.append(_CITY_TEMPLATES[0].format("北京").replace("明天", "名天"))  # a typo: a copy of the first
    texts.append(_CITY_TEMPLATES[1].format("上海").replace("记者", "记着"))
    assert ngram_clusters(texts) == [[0, 10], [6, 11]]


def test_without_the_place_rule_the_city_reports_would_have_been_removed(monkeypatch):
    texts = [t.format(c) for t in _CITY_TEMPLATES for c in _CITIES]
    monkeypatch.setattr(
        textcheck_module,
        "_names_plan",
        lambda t, a, b, markup, edits_out=None: (np.zeros(len(a), dtype=bool), PairReads.none(), False),
    )
    monkeypatch.setattr(textcheck_module, "_content_places_plan", _no_content_reads)
    assert ngram_clusters(texts) == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]


@pytest.mark.parametrize(
    ("a", "b", "replaced"),
    [
        ("北京市气象台发布", "上海市气象台发布", True),  # at the text's start
        ("昨天在杭州举行的会议", "昨天在广州举行的会议", True),  # one character apart, both places
        ("昨天在杭州举行的会议", "昨天在航州举行的会议", False),  # a typo: 航州 is no place
        ("昨天在北京举行的会议", "昨天在会议举行的北京", False),  # not between the same characters
        ("昨天在北京举行了会议", "昨天在北京召开了会议", False),  # no place replaced
        ("据新华社消息，这家公司", "据中新社消息，这家公司", False),  # a source is no place
    ],
)
def test_a_chinese_place_replaced_between_the_same_characters(a, b, replaced):
    assert names_replaced(a, b) is replaced
    assert names_replaced(b, a) is replaced


_PLACE_PIECES = [
    "德语",
    "日文",
    "北京",
    "上海",
    "杭州",
    "广州",
    "苏州",
    "九江",
    "州",
    "京",
    "海",
    "市",
    "县",
    "的",
    "在",
    "航",
    "。",
    "a",
    " ",
    "3",
    "每",
    "吨",
    "日",
    "次",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PLACE_PIECES), min_size=1, max_size=10).map("".join), st.data())
@example("在杭州的会议", None)
@example("服用3吨的会议", {"at": 3, "char": "克"})
@example("每日次北京", {"at": 1, "char": "周"})
@example("每日次", {"at": 1, "char": "周"})
@example("3日的会议在北京", {"at": 1, "char": "年"})
@example("每日的会议在北京", {"at": 1, "char": "年"})
@example("每日次北", {"at": 1, "char": "周"})
def test_one_character_replaced_at_once_is_what_the_pair_by_pair_reading_says(text, data):
    """The places and opposites of all pairs one character apart, read at once (``_place_swapped``,
    ``_opposite_swapped``), against ``names_replaced`` pair by pair."""
    from dedup_gui.core.textcheck import _opposite_swapped, _place_swapped, _Swaps

    if data is None:
        at, char = 1, "广"
    elif isinstance(data, dict):
        at, char = data["at"], data["char"]
    else:
        at = data.draw(st.integers(0, len(text) - 1))
        char = data.draw(st.sampled_from("北上杭广苏京海州市县的航a南下德法语文日周克吨年"))
    other = text[:at] + char + text[at + 1 :]
    if other == text:
        return
    swaps = _Swaps.of([text, other], [other, text])
    at_once = _place_swapped(swaps) | _opposite_swapped(swaps)
    assert at_once.tolist() == [names_replaced(text, other)] * 2


@pytest.mark.parametrize(
    ("a", "b", "replaced"),
    [
        # A place name sharing a character with the other: the edits beside it are one replacement.
        ("河南农业大学2019年硕士研究生招生简章", "南京林业大学2019年硕士研究生招生简章", True),
        ("闽南师范大学2019年硕士研究生招生简章", "河南科技大学2019年硕士研究生招生简章", True),
        ("河南农业大学招生简章", "河南林业大学招生简章", False),  # the place stays: another university of it
        ("九江县发生洪水灾情严重", "九江市发生洪水灾情严重", False),  # one place at another level
        ("习近平在河南考察工作", "习近平在河南郑州考察工作", False),  # a place added, none replaced
    ],
)
def test_a_place_replaced_by_one_sharing_a_character(a, b, replaced):
    assert names_replaced(a, b) is replaced
    assert names_replaced(b, a) is replaced


@pytest.mark.parametrize(
    ("a", "b", "replaced"),
    [
        ("德语水平考试大纲和报名须知", "法语水平考试大纲和报名须知", True),  # two exams
        ("英语四级考试怎么准备", "日语四级考试怎么准备", True),
        ("请问这份合同的中文版在哪里下载", "请问这份合同的英文版在哪里下载", True),
        ("西班牙语入门教材推荐", "葡萄牙语入门教材推荐", True),  # a language of several characters
        ("日语翻译考试怎么准备", "日文翻译考试怎么准备", False),  # one language, spoken or written
        ("英语四级考试怎么准备", "英语四级考试怎样准备", False),  # no language replaced
    ],
)
def test_a_language_replaced_by_another_is_another_text(a, b, replaced):
    """A language stands where a place would ("德语水平考试" / "法语水平考试": two exams' notices), read pair by
    pair and at once alike."""
    assert names_replaced(a, b) is replaced
    assert names_replaced(b, a) is replaced
    assert names_differ_pairs([a, b], np.array([0, 1]), np.array([1, 0]), markup=False).tolist() == [replaced] * 2


def test_a_place_written_at_another_level_is_the_same_place():
    assert not names_replaced("九江县浔阳区公安分局一举端掉", "九江市浔阳区公安分局一举端掉")
    from dedup_gui.core.textcheck import _place_swapped, _Swaps

    assert _place_swapped(_Swaps.of(["九江县浔阳区公安分局"], ["九江市浔阳区公安分局"])).tolist() == [False]


def test_places_are_read_only_in_pairs_a_few_characters_apart():
    from dedup_gui.core.textcheck import PLACE_EDITS

    a = _CITY_TEMPLATES[0].format("北京")
    b = _CITY_TEMPLATES[0].format("上海")
    assert names_replaced(a, b)
    far = b.replace("预计明天白天晴转多云，偏北风", "预计后天上午阴转小雨，东南风")  # its weather, rewritten
    from rapidfuzz.distance import Levenshtein

    assert Levenshtein.distance(a, far) > PLACE_EDITS
    assert not names_replaced(a, far)
    assert names_differ_pairs([a, far], np.array([0]), np.array([1]), markup=False).tolist() == [False]


def _no_content_reads(texts, content, cut, a, b, read_whole):
    return np.zeros(len(a), dtype=bool), PairReads.none()


# -- places read on the texts' content: excerpts and boilerplate ----------------------------------------------------

# An invented template series (a line per language) and a longer form of each line, one more sentence.
_LANGUAGE_LINE = (
    "★{0}水平考试说明：本考试考察考生是否具备在机关从事对外交流工作所必需的{0}专业知识和语言应用能力，满分一百分。"
)
_LANGUAGE_MORE = "考生须掌握常用的{}词汇三千个以上。"
_LANGUAGES = ("西班牙语", "葡萄牙语", "阿拉伯语", "意大利语")


def _language_lines() -> list[str]:
    """Each language's line, then each language's line with its sentence more."""
    short = [_LANGUAGE_LINE.format(x) for x in _LANGUAGES]
    return short + [line + _LANGUAGE_MORE.format(x) for line, x in zip(short, _LANGUAGES, strict=True)]


def test_a_line_is_an_excerpt_of_its_own_languages_longer_line_and_of_no_other():
    """The short line of one language is 0.84-0.88 of another's longer line (all of it but the language's name),
    and the longer lines of two languages of one length are nine characters apart (the name, three times): each
    language's two lines are one text, two languages two."""
    assert ngram_clusters(_language_lines()) == [[0, 4], [1, 5], [2, 6], [3, 7]]


def test_without_the_places_read_on_the_content_the_languages_would_have_been_merged(monkeypatch):
    monkeypatch.setattr(textcheck_module, "_content_places_plan", _no_content_reads)
    merged = ngram_clusters(_language_lines())
    assert len(merged) < 4 and max(map(len, merged)) > 2


def test_a_language_replaced_is_counted_once_wherever_it_stands():
    from dedup_gui.core.textcheck import PLACE_EDITS, _content_replaced

    a, b = (_LANGUAGE_LINE.format(x) + _LANGUAGE_MORE.format(x) for x in ("西班牙语", "阿拉伯语"))
    from rapidfuzz.distance import Levenshtein

    assert Levenshtein.distance(a, b) > PLACE_EDITS  # (three characters, three times)
    assert _content_replaced(a, b)
    assert not names_replaced(a, b)  # (on the whole texts: too many characters apart)
    # An excerpt of its own line, with a typo that writes no place: a copy.
    typo = _LANGUAGE_LINE.format("西班牙语").replace("满分", "瞒分")
    assert not _content_replaced(typo, a)


def test_a_template_line_with_a_boilerplate_sentence_is_read_for_places_on_its_content():
    """Boilerplate is left out of the similarity; a sentence of it that one line has puts the two lines many
    characters apart on the whole texts - read on the content, the language replaced shows."""
    from dedup_gui.core.textcheck import reports_differ_pairs

    plate = "本文内容仅供参考，转载请注明出处，如有疑问请联系本站编辑部。"
    lines = [_LANGUAGE_LINE.format(x) for x in ("西班牙语", "葡萄牙语", "西班牙语")]
    texts = [plate + lines[0], lines[1], plate + lines[2].replace("满分", "瞒分")]
    content = [lines[0], lines[1], lines[2].replace("满分", "瞒分")]
    a, b = np.array([0, 0]), np.array([1, 2])
    assert reports_differ_pairs(texts, texts, a, b, markup=False).tolist() == [False, False]
    told = reports_differ_pairs(texts, texts, a, b, False, None, content, np.array([True, False, True]))
    assert told.tolist() == [True, False]  # another language; the same one with a typo
    assert reports_differ_pairs(texts, texts, a, b, False, None, content).tolist() == [True, False]


def test_a_unit_written_for_another_in_part_is_told_on_the_content_as_on_the_whole_texts():
    """The plan on the texts' content decides one-character pairs as the plan on the whole texts does
    (``_one_swapped``): "3毫米" / "3厘米" another quantity, as ``_content_replaced`` reads it."""
    from dedup_gui.core.textcheck import _content_places_plan, _content_replaced

    a = "据测量，该裂缝宽约3毫米，专家认为暂不影响桥梁的整体安全"
    b = "据测量，该裂缝宽约3厘米，专家认为暂不影响桥梁的整体安全"
    texts = [a + "。本报记者报道", b + "。本报记者报道"]
    differ, _ = _content_places_plan(texts, [a, b], None, np.array([0]), np.array([1]), np.array([False]))
    assert _content_replaced(a, b)
    assert differ.tolist() == [True]
