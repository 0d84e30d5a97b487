"""Latin texts partly written in other words are kept for the user to check (``core.doubt.rewritten``), not
removed: two reports of one piece of news share most of their character 4-grams in English, where a typo'd or
rearranged copy is still removed."""

import math
import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from dedup_gui.cli import run
from dedup_gui.core.doubt import (
    ANOTHER_DATE,
    ANOTHER_ITEM,
    ANOTHER_RATING,
    INSERTED_MIN_WORDS,
    INSERTED_SHARE,
    INSERTED_UNDER,
    PLAN_OR_DEED,
    REWRITE_MIN_WORDS,
    REWRITE_SHARE,
    doubtful_pairs,
    edge_rewritten,
    held_pairs,
    latin_texts,
    latin_words,
    months_changed,
    ratings_changed,
    rewrite_kind,
    rewritten,
    rewritten_pairs,
    same_words_in_places,
    word_lines,
    words_inserted,
    words_rewritten,
)
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings

SENTENCES = [
    "The city council voted on Tuesday to approve the new budget for the coming year, which raises spending on "
    "public transport and road repairs while holding property taxes at the current level.",
    "The mayor said the plan would keep the city on a sound footing and promised that bus routes cut last winter "
    "would return by the spring.",
    "Council members who opposed the budget said it relied on optimistic forecasts of sales tax revenue and left "
    "too little in reserve for emergencies.",
]
STORY = " ".join(SENTENCES)
# The same news in other words here and there: 11 of its 82 words (over REWRITE_SHARE); 0.86 on 4-grams.
REWRITE = (
    "The city council on Tuesday approved the new budget for the coming year, which increases spending on public "
    "transport and road repairs while keeping property taxes at the current level. The mayor said the plan would "
    "leave the city on a sound footing and pledged that bus routes cut last winter would be back by the spring. "
    "Council members who voted against the budget said it depended on optimistic forecasts of sales tax revenue "
    "and kept too little in reserve for emergencies."
)
TYPOS = STORY.replace("approve", "aprove").replace("promised", "promsied").replace("forecasts", "forcasts")
MOVED = " ".join([SENTENCES[1], SENTENCES[2], SENTENCES[0]])
EXCERPT = " ".join(SENTENCES[:2])
OTHER = "Snow is expected in the mountains this weekend, and the pass road may close on Saturday night."


def words(text: str) -> list[str]:
    return text.lower().replace(",", " ").replace(".", " ").split()


def test_words_rewritten_counts_the_words_the_other_text_does_not_have():
    a = words("the council approved the budget on tuesday")
    assert words_rewritten(a, a) == 0
    assert words_rewritten(a, words("the council aproved the budgte on tuesday")) == 0  # typos are the same words
    assert words_rewritten(a, words("the board passed the budget on tuesday")) == 2
    # Only the shorter text's words are read: words the longer adds are no rewrite (an excerpt is none).
    assert words_rewritten(a, words("the council approved the budget")) == 0
    assert words_rewritten(words("the council approved the budget"), a) == 0
    longer = words("the council approved the budget on tuesday after a long debate")
    assert words_rewritten(words("the council approved the new budget on tuesday"), longer) == 1
    # A run of four words or more found elsewhere in the other text was moved, not rewritten.
    debate = words("the council approved the budget on tuesday after a long debate")
    assert words_rewritten(debate, words("after a long debate the council approved the budget on tuesday")) == 0
    moved_two = words("the council on tuesday approved the budget after a long debate")
    assert words_rewritten(debate, moved_two) == 2  # two words: not a run


def test_a_story_partly_in_other_words_is_rewritten_and_a_copy_is_not():
    assert words_rewritten(words(STORY), words(REWRITE)) > REWRITE_SHARE * len(words(STORY))
    assert rewritten(STORY.lower(), REWRITE.lower()) and rewritten(REWRITE.lower(), STORY.lower())
    for copy in (STORY, TYPOS, MOVED, EXCERPT):
        assert not rewritten(STORY.lower(), copy.lower()), copy[:40]


def test_a_repost_cut_short_with_its_own_header_and_footer_is_no_rewrite():
    """The words that open or close the shorter text and are not in the longer are its own lines (a site's header
    and footer around a repost cut short), not a rewrite; the same words inside it are."""
    header, footer = "Reporting: Jane Doe, Courier staff.", "Copyright 2026 Daily Courier. All rights reserved."
    repost = f"{header} {SENTENCES[0]} {SENTENCES[1]} {footer}"
    assert words_rewritten(words(repost), words(STORY)) == 0
    assert not rewritten(repost.lower(), STORY.lower())
    inside = f"{SENTENCES[0]} {footer} {SENTENCES[1]}"
    assert words_rewritten(words(inside), words(STORY)) == len(words(footer))
    assert rewritten(inside.lower(), STORY.lower())


def test_words_inserted_counts_the_words_the_longer_text_puts_between_the_shorters():
    a = words("proceeds will be used for working capital it said")
    longer = words("proceeds will be used to reduce debt and for working capital and capital expenditures")
    assert words_inserted(a, longer) == 4  # "to reduce debt and": between "used" and "for"
    assert words_inserted(longer, a) == 4  # (whichever comes first)
    assert words_inserted(a, a) == 0
    # Words before the first shared word or after the last are no insertion (an excerpt of a longer text is none).
    assert words_inserted(a, words("the company said proceeds will be used for working capital it said today")) == 0
    # A typo of a word is that word; a run of four words found in the shorter text was moved there.
    assert words_inserted(a, words("proceeds will be usd for workng capital it said")) == 0
    moved = words("for working capital it said proceeds will be used for working capital")
    assert words_inserted(words("proceeds will be used for working capital"), moved) == 0


def test_a_sentence_with_words_put_between_its_words_is_another_statement_and_held():
    """Not an excerpt: the longer sentence says more in the middle of it - two companies' notices, kept to check.
    A word or two added is still a copy, and so is any text above ``INSERTED_UNDER`` characters (a story re-sent
    with a clause added: an update)."""
    assert (INSERTED_MIN_WORDS, INSERTED_SHARE) == (3, 0.15)
    short = "proceeds will be used for working capital, it said."
    assert rewritten(short, "proceeds will be used to reduce debt and for working capital and capital expenditures.")
    assert not rewritten(short, "net proceeds will be used for general working capital, it said.")  # one word
    assert not rewritten(short, "proceeds will now be used for general working capital, it said.")  # two words
    long_a = ("the council met on tuesday and " * 8) + short
    long_b = ("the council met on tuesday and " * 8) + "proceeds will be used to reduce debt and for working capital."
    assert len(long_a) >= INSERTED_UNDER
    assert not rewritten(long_a, long_b)


# Two funds' notices of one template (written for these tests): the other fund's name is one word written for
# another in the headline and two words put into the name in the note - under the share of words ``rewritten``
# reads as written otherwise or put in.
NOTICE = (
    "ACME GROWTH TRUST SETS MONTHLY PAYOUT Mthly div 6.2 cts vs 6.2 cts prior Pay May 29 Record May 15 "
    "NOTE: The full name of the fund is Acme Growth Municipal Trust. Reuter"
)
OTHER_FUND = (
    "ACME HIGH-YIELD TRUST SETS MONTHLY PAYOUT Mthly div 6.2 cts vs 6.2 cts prior Pay May 29 Record May 15 "
    "NOTE: The full name of the fund is Acme High-Yield Growth Municipal Trust. Reuter"
)


def test_the_same_words_in_two_places_are_a_template_filled_for_another_item():
    """Two places where one text has the same words the other lacks (put in, or written for others): another
    item of a template, held - one place is an edit of a copy, as is a typo made twice, a function word put in
    twice, and a header and a footer only one text has."""
    assert len(NOTICE) < INSERTED_UNDER
    a, b = NOTICE.lower(), OTHER_FUND.lower()
    wa, wb = latin_words(a, b)
    assert words_rewritten(wa, wb) < REWRITE_MIN_WORDS  # (what ``rewritten`` read before: a copy)
    assert words_inserted(wa, wb) < max(INSERTED_MIN_WORDS, math.floor(INSERTED_SHARE * len(wa)) + 1)
    assert rewrite_kind(a, b) == ANOTHER_ITEM and rewrite_kind(b, a) == ANOTHER_ITEM

    def placed(x: str, y: str) -> bool:
        wx, wy = latin_words(x.lower(), y.lower())
        if len(wx) > len(wy):
            wx, wy = wy, wx
        from rapidfuzz.distance import Levenshtein

        return same_words_in_places(wx, wy, Levenshtein.opcodes(wx, wy))

    assert placed(NOTICE, OTHER_FUND)
    assert placed(NOTICE, NOTICE.replace("Growth", "Income").replace("GROWTH", "INCOME"))  # one for one, twice
    assert not placed(NOTICE, OTHER_FUND.replace("is Acme High-Yield Growth", "is Acme Growth"))  # once
    assert not placed(NOTICE, NOTICE.replace("Growth", "Grwoth").replace("GROWTH", "GROWHT"))  # a typo, twice
    assert not placed(NOTICE, NOTICE.replace("Pay May", "Pay in May").replace("Record May", "Record in May"))
    assert not placed(NOTICE, "Market wire\n" + NOTICE + "\nMarket wire")  # a header and a footer
    # (a copy of either is still a copy)
    assert rewrite_kind(a, a.replace("municipal", "municpal")) is None


def test_a_run_keeps_another_funds_notice_to_check():
    rows = [OTHER_FUND, NOTICE, OTHER_FUND.replace("Municipal", "Municpal")]
    result = Pipeline(rows).run(Settings(algorithm="ngram"))
    resolution = result.resolve()
    assert result.held.tolist() == [1]
    assert resolution.keep.tolist() == [True, True, False]


@pytest.mark.parametrize(
    ("a", "b", "changed"),
    [
        ("The notes are rated BB by Moody's, the bank said.", "The notes are rated B by Moody's, the bank said.", True),
        ("Its senior debt rating is A-2.", "Its senior debt rating is Aa-2.", True),  # one letter
        ("Bonds rated AA-minus by Standard and Poor's.", "Bonds rated AA by Standard and Poor's.", True),
        ("The bonds are rated Baa-1 by Moody's.", "The bonds are rated Baa-1 by Moody's and BBB by Fitch.", False),
        ("The bonds are rated Baa-1 by Moody's.", "The bonds were rated Baa-1 by Moody's.", False),  # the same
        ("The fund was rated a buy by analysts.", "The fund was rated a buy by analyst.", False),  # no grade
        # a typo that hides a grade in one text (it gives none the other lacks)
        ("Rated A-1 by Moody's and A-plus by S and P.", "Rated A-1 by Moody's and A-pluus by S and P.", False),
    ],
)
def test_a_credit_rating_for_another_is_read(a, b, changed):
    """A grade the shorter text gives that the longer does not (another issue, or the grade changed) - a letter or
    two apart - is kept for the user to check; one the longer text adds (an excerpt leaves it out) is no change."""
    assert ratings_changed(a.lower(), b.lower()) is changed
    assert ratings_changed(b.lower(), a.lower()) is changed
    assert (rewrite_kind(a.lower(), b.lower()) == ANOTHER_RATING) is changed
    assert rewritten_pairs([a.lower()], [b.lower()]).tolist() == [changed]


@pytest.mark.parametrize(
    ("a", "b", "changed"),
    [
        ("Qtly div 12 cts vs 12 cts prior Pay May 15 Record May one", "Qtly div 12 cts … Record April one", True),
        ("The meeting will be held on 5 June in Geneva.", "The meeting will be held on 5 July in Geneva.", True),
        ("Sales rose 3 pct in May 1987, it said.", "Sales rose 3 pct in April 1987, it said.", True),
        ("The meeting will be held on June 5 in Geneva.", "The meeting will be held on June 6 in Geneva.", False),
        ("Moody's may cut the rating, it said.", "Moody's will cut the rating in June 1987.", False),  # a verb
        ("Pay June 15 Record June 1.", "Pay June 15 Record June 1, the company said on May 20.", False),  # added
    ],
)
def test_a_date_in_another_month_is_read(a, b, changed):
    """A month each text dates something in and the other does not - the next quarter's notice - is kept to check;
    another day of one month (a repost dated another day), "may" the verb, or a date one text adds is no change."""
    assert months_changed(a.lower(), b.lower()) is changed
    assert months_changed(b.lower(), a.lower()) is changed
    assert (rewrite_kind(a.lower(), b.lower()) == ANOTHER_DATE) is changed


@pytest.mark.parametrize(
    ("a", "b", "changed"),
    [
        (
            "Moody's Investors Service Inc said it may downgrade 700 mln dlrs of debt of Dana Corp and its unit.",
            "Moody's Investors Service Inc said it downgraded 700 mln dlrs of debt of Dana Corp and its unit.",
            True,
        ),
        (
            "The company said it plans to acquire the assets of Acme Corp.",
            "The company said it acquired the assets of Acme Corp.",
            True,
        ),  # fmt: skip
        (
            "Standard and Poor's said it will study the merger of the two banks.",
            "Standard and Poor's said it studied the merger of the two banks.",
            True,
        ),  # fmt: skip
        # the same tense either side, a typo of the verb, another verb, or a deed said two ways: no plan against a deed
        (
            "The council voted on Tuesday to approve the new budget for the year.",
            "The council on Tuesday approved the new budget for the year.",
            False,
        ),  # fmt: skip
        (
            "Moody's said it may downgrade the debt of Dana Corp and its unit.",
            "Moody's said it may dowgnrade the debt of Dana Corp and its unit.",
            False,
        ),  # fmt: skip
        (
            "Moody's said it downgraded the debt of Dana Corp and its unit.",
            "Moody's said it downgrded the debt of Dana Corp and its unit.",
            False,
        ),  # fmt: skip
        (
            "Moody's said it may downgrade the debt of Dana Corp and its unit.",
            "Moody's said it upgraded the debt of Dana Corp and its unit.",
            False,
        ),  # fmt: skip
    ],
)
def test_a_plan_against_a_deed_is_read(a, b, changed):
    """One text says a thing may or will be done ("may downgrade", "plans to acquire") where the other says it was
    ("downgraded", "acquired"): a review announced, then the deed - two reports, kept to check."""
    assert (rewrite_kind(a.lower(), b.lower()) == PLAN_OR_DEED) is changed
    assert (rewrite_kind(b.lower(), a.lower()) == PLAN_OR_DEED) is changed
    if changed:
        assert rewritten_pairs([a.lower()], [b.lower()]).tolist() == [True]


def test_a_run_keeps_the_notice_with_another_rating_to_check():
    rows = [
        "The debentures are non-callable for five years and rated BB-plus by Standard and Poor's Corp.",
        "The debentures are non-callable for five years and rated BBB-plus by Standard and Poor's Corp.",
        "The debentures are non-callable for five years and rated BB-plus by Standard and Poors Corp.",
    ]
    result = Pipeline(rows).run(Settings(algorithm="ngram"))
    assert result.held.tolist() == [1]
    assert result.resolve().keep.tolist() == [True, True, False]


def test_a_sentence_that_ends_or_begins_in_other_words_where_the_other_goes_on_is_held():
    """ "Defence Secretary Caspar Weinberger said." scores 0.87 as an excerpt of "... Weinberger has ordered the U.S."
    but says something else: its last word is written as another where the other sentence goes on. One word at a
    sentence's edge is enough (``edge_rewritten``), where one word in its middle is not (``REWRITE_MIN_WORDS``)."""
    said = "Defence Secretary Caspar Weinberger said."
    ordered = "Defence Secretary Caspar Weinberger has ordered the U.S."
    assert edge_rewritten(words(said), words(ordered)) and edge_rewritten(words(ordered), words(said))
    assert rewritten(said.lower(), ordered.lower())
    # the first word too: another market's report under the same words
    assert rewritten(
        "joliet hogs opened 1.00 dlr higher, private sources said.",
        "st joseph hogs opened 1.00 dlr higher, private sources said.",
    )
    # still copies: a typo at the edge, the last word cut short, the first cut at its start, an excerpt, and the
    # shorter text's own footer where the other ends
    full = "the company said it would raise prices by five pct"
    for copy in (
        "the company said it would raise prices by five pcts",
        "the company said it would ra",
        "mpany said it would raise prices",
        "the company said it would raise prices",
        "it would raise prices by five pct, reuters reported",
    ):
        assert not edge_rewritten(words(copy), words(full)), copy
        assert not rewritten(copy, full), copy
    # the other text cut short in a word; a repost cut short with a footer line of its own, where the other goes on
    assert not rewritten(full, "the company said it would raise prices by fi")
    table = "shr 12 cts vs 12 cts\nnet 337,000 vs 235,000\nyear\n"
    assert not rewritten(
        table + "copyright capital courier. all rights reserved.", table + "shr 69 cts vs 56 cts\nreuter"
    )
    # ... but words written otherwise on the shared words' line are read
    assert rewritten(table + "shr 69 cts vs 56 cts down", table + "shr 69 cts vs 56 cts up\nreuter")
    # above INSERTED_UNDER characters (a story, not a sentence), the words at its edges are its header and footer
    story = "the council met on tuesday and " * 8
    assert len(story) >= INSERTED_UNDER
    assert not rewritten(story + said.lower(), story + ordered.lower())


def test_word_lines_are_the_lines_of_the_words():
    text = "Shr 12 cts\n\n(Reuter) - vs 9\nend"
    assert word_lines(text) == [0, 0, 0, 2, 2, 2, 3] and len(word_lines(text)) == len(re.findall(r"\w+", text))


def test_a_run_keeps_a_sentence_that_ends_otherwise_to_check():
    rows = ["Defence Secretary Caspar Weinberger said.", "Defence Secretary Caspar Weinberger has ordered the U.S."]
    result = Pipeline(rows).run(Settings(algorithm="ngram"))
    assert len(result.pairs.a) == 1  # a pair the text check passes ...
    assert result.held.tolist() == [0]  # ... and the shorter row kept for the user to check
    assert result.resolve().keep.all()


def test_the_least_rewritten_words_and_share():
    """A sentence with one word written for another stays a copy (``REWRITE_MIN_WORDS``; under
    ``doubt.STATEMENT_WORD_UNDER`` characters it is held for that word: ``word_for_word``); a long text must have
    more than ``REWRITE_SHARE`` of its words rewritten."""
    assert REWRITE_MIN_WORDS == 2
    one = (
        "the company said profit rose sharply in the first quarter as demand for its chips recovered in asia and "
        "prices held firm all year"
    )
    assert not rewritten(one, one.replace("company", "firm"))
    assert rewritten(one, one.replace("company", "firm").replace("rose", "climbed"))
    long_text = " ".join(f"word{i}" for i in range(200))
    few = long_text.replace("word10 ", "other10 ").replace("word50 ", "other50 ")  # 2 of 200: 1 %
    assert not rewritten(long_text, few)
    many = long_text
    for i in range(10, 200, 12):  # 16 of 200: 8 %
        many = many.replace(f"word{i} ", f"other{i} ")
    assert rewritten(long_text, many)


def test_only_latin_texts_are_read():
    assert latin_texts(["plain ascii text", "café au lait à côté", "北京 news", "ニュース", "", "123"]).tolist() == [
        True,
        True,
        False,
        False,
        True,
        True,
    ]
    chinese = "市议会周二投票批准了新一年的预算，增加公共交通和道路维修的支出，同时保持房产税不变。"
    other_words = "市议会周二通过了新一年的预算方案，提高公共交通与道路修缮的开支，同时维持房产税不变。"
    assert not rewritten_pairs([chinese], [other_words])[0]


def test_held_pairs_reads_the_rewrites_and_the_short_doubts_pair_by_pair():
    a = [STORY, STORY, STORY, "世界上最瘦的人", REWRITE]
    b = [REWRITE, TYPOS, MOVED, "世界上最胖的人", REWRITE.replace("approved", "aproved").replace("pledged", "pledgde")]
    expected = [True, False, False, True, False]
    assert held_pairs([x.lower() for x in a], [y.lower() for y in b]).tolist() == expected
    texts = [x.lower() for x in a + b]
    ia, ib = np.arange(len(a)), np.arange(len(a)) + len(a)
    assert doubtful_pairs(texts, ia, ib).tolist() == expected
    among = np.array([False, True, True, True, True])
    assert doubtful_pairs(texts, ia, ib, among).tolist() == [False, False, False, True, False]


@pytest.mark.parametrize("algorithm", ["ngram", "nshash", "simhash"])
def test_a_run_removes_the_copies_and_keeps_the_rewrite_to_check(algorithm):
    rows = [STORY, REWRITE, TYPOS, MOVED, OTHER]
    result = Pipeline(rows).run(Settings(algorithm=algorithm))
    resolution = result.resolve()
    assert resolution.keep[[0, 1, 4]].all()
    if 1 in result.held.tolist():  # found by this algorithm: in the story's cluster, kept
        assert resolution.cluster[1] == resolution.cluster[0] != 0
    if algorithm == "ngram":
        assert result.held.tolist() == [1]
        assert resolution.keep.tolist() == [True, True, False, False, True]


def test_the_command_line_keeps_the_rewrite_and_says_why(tmp_path, capsys):
    src, out = tmp_path / "news.csv", tmp_path / "clean.csv"
    pd.DataFrame({"text": [STORY, REWRITE, TYPOS, OTHER]}).to_csv(src, index=False)
    assert run([str(src), "--output", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "kept for you to check: 1 row" in printed and "partly in other words" in printed
    assert pd.read_csv(out)["text"].tolist() == [STORY, REWRITE, OTHER]


TEXT = st.text(alphabet=st.sampled_from("ab_Z09 .,-'\n\t\x1c\x00éß²٣") | st.characters(), max_size=60)


@given(TEXT, TEXT)
def test_latin_words_are_the_words_of_the_regular_expression(a, b):
    """Two ASCII texts' words are found by a byte table (as bytes); any other pair's by ``\\w+`` itself: the same
    words either way."""
    wa, wb = latin_words(a, b)
    as_text = [[w.decode("ascii") if isinstance(w, bytes) else w for w in ws] for ws in (wa, wb)]
    assert as_text == [re.findall(r"\w+", a), re.findall(r"\w+", b)]
    if wa:
        assert isinstance(wa[0], bytes) == (a.isascii() and b.isascii())


_DATE_WORDS = ["may", "june", "sept", "sept.", "15", "1", "31", "one", "twenty", "1987", "２", "１５", "the", "pay",
               "record", "mayor", "150", "by", "rated", "rating is", "aa", "bb-plus", "a-2", "moody's", "s&p",
               "fitch", "duff", "rate", ",", ".", "-"]  # fmt: skip
_texts_of_dates = st.lists(st.sampled_from(_DATE_WORDS), max_size=8).map(" ".join)


@given(_texts_of_dates)
@example("pay 15 may")  # a day before the month
@example("record june ２")  # a digit of another width, which the pattern's \d reads
@example("rated a-2 by moody's")
@example("the rate: aa by fitch")  # an agency after "by", no "rated" (the "rat" of "rate")
def test_the_month_and_rating_reads_skip_no_text_their_patterns_read(text):
    """``rewrite_kind`` searches a text for dates only where its words have a month's name beside a day or a year,
    and for ratings only where it holds "rated", "rating" or an agency after "by" (``_dates_month``, ``_may_rate``):
    every text those skip is one their patterns find nothing in - whatever else it holds (a verb "may", a word
    "mayor", digits of another width)."""
    from dedup_gui.core import doubt

    if not doubt._dates_month(latin_words(text, text)[0]):
        assert doubt._DATED_MONTH.findall(text) == []
    if "rat" in text and not doubt._may_rate(text):
        assert doubt._RATINGS.findall(text) == []


@given(_texts_of_dates, _texts_of_dates)
def test_a_pair_of_dates_or_ratings_apart_is_still_told(a, b):
    """Whatever the texts hold, a pair whose dates (ratings) differ both ways is read so by ``rewrite_kind``."""
    if ratings_changed(a, b):
        assert rewrite_kind(a, b) == ANOTHER_RATING
    elif months_changed(a, b):
        assert rewrite_kind(a, b) == ANOTHER_DATE
