"""Names in the text check: a template report with another name is another report, not a copy; and markup is
only what HTML calls a tag ("<Northwind Traders Inc>" is a company's name)."""

import numpy as np
import pytest
from engine_texts import name_template_rows
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dedup_gui.core import pipeline as pipeline_module
from dedup_gui.core import text
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import NormaliseOptions, Settings
from dedup_gui.core.text import string_hash, strip_html
from dedup_gui.core.textcheck import (
    _CAPITALISED,
    NAME_CHARS,
    _slice_names,
    names_differ_pairs,
    names_replaced,
)


def _clusters(texts, **settings):
    result = Pipeline(texts).run(Settings(algorithm="ngram", **settings))
    return sorted(sorted(c.members) for c in result.clusters)


def test_a_report_from_a_template_with_another_name_is_not_a_copy_but_a_misspelt_copy_is():
    texts, clusters = name_template_rows()
    assert _clusters(texts) == clusters


def test_without_the_name_rule_the_template_reports_would_have_been_removed(monkeypatch):
    """What makes the test above pass is the name rule: the reports are similar enough for the floor."""
    texts, clusters = name_template_rows()
    monkeypatch.setattr(pipeline_module, "names_differ_pairs", lambda t, a, b, markup: np.zeros(len(a), dtype=bool))
    merged = _clusters(texts)
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
        # a name opening a sentence or a line, a month, a weekday, a word in capitals: no name
        ("Markel did not elaborate on the terms of the issue.", "It did not elaborate on the terms of the issue."),
        ("Net profit rose.\nSales 41.1 mln vs 20.3 mln", "Net profit rose.\nRevs 41.1 mln vs 20.3 mln"),
        ("The dividend is payable June 30 to holders", "The dividend is payable April 30 to holders"),
        ("the meeting on Tuesday will decide on the rate", "the meeting on Thursday will decide on the rate"),
        ("the stake in IBM was sold to investors", "the stake in DEC was sold to investors"),
        # a name replaced where words around it were added or dropped, or at the text's end: not in place
        ("the talks with Smith and the bank ended", "the talks with the Jones family ended"),
        ("the statement was read by Smith", "the statement was read by Jones"),
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
    assert _clusters([a, b]) == [[0, 1]]


_NAME_PIECES = ["Warsaw", "Warsav", "Lima", "Rome", "Sao Paulo", "the", "in", "said", "officer", "IBM", "It",
                "McDonald", "June", " ", " ", "\n", ". ", ", ", "<b>", "北京", "5", "'s"]  # fmt: skip
_NAME_TEXTS = st.lists(st.sampled_from(_NAME_PIECES), max_size=14).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(_NAME_TEXTS, min_size=1, max_size=8),
    pairs=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20),
    markup=st.booleans(),
)
@example(texts=["in Warsaw said the officer", "in Lima said the officer"], pairs=[(0, 1), (1, 0)], markup=True)
@example(texts=["in <b>Warsaw said the", "in Rome said the"], pairs=[(0, 1)], markup=False)
def test_names_of_many_pairs_at_once_are_each_pairs_own(texts, pairs, markup):
    pairs = [(i % len(texts), j % len(texts)) for i, j in pairs]
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    got = names_differ_pairs(texts, a, b, markup)

    def written(t: str) -> str:
        return strip_html(t) if markup else t

    assert got.tolist() == [names_replaced(written(texts[i]), written(texts[j])) for i, j in pairs]


@given(st.lists(st.text(alphabet="AbZz Q北é\n<>'", max_size=30), min_size=1, max_size=6))
@example(["Warsaw", "", "xAbc Abc", "北Abc京", "ABC", "Ab'cd"])
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
    assert _clusters(texts) == []
