"""One word written for another (or, in a question, two for one) in a short English question
(``doubt.word_for_word``) keeps the row for the user to check: "Why do cats sleep so much" / "Why do dogs sleep so
much" ask about another animal, "lose weight" / "gain weight" the opposite aim, as often as "fast" / "quickly" ask
the same. A typo, a function word and a word cut short are the same question. So is a short sentence that asks
nothing (``doubt.STATEMENT_WORD_UNDER``), for one word, not two; a longer one is read as before."""

import pytest

from dedup_gui.core.doubt import (
    STATEMENT_WORD_UNDER,
    WORD_FOR_WORD,
    WORD_FOR_WORD_UNDER,
    held_pairs,
    is_question,
    rewrite_kind,
)
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings

ANOTHER_WORD = [
    ("Why do cats sleep so much during the day and stay awake at night?", "cats", "dogs"),
    ("What is the best way to lose weight quickly without going to the gym?", "lose", "gain"),
    ("What are the advantages of living in a big city compared to a small town?", "advantages", "disadvantages"),
    ("how do i make my tomato plants grow faster in a small garden", "faster", "taller"),
    # two words for one
    ("What are the symptoms of vitamin D deficiency in adults?", "vitamin D", "iron"),
    ("How long does it take to learn to play the guitar well?", "guitar", "electric violin"),
]


SAME_QUESTION = [
    # a typo, or two typos of one word
    ("Why do cats sleep so much during the day and stay awake at night?", "sleep", "slepe"),
    ("Will Japan abide by the agreement opening its markets to American goods?", "agreement", "agreemvnt"),
    # a function word
    ("How do I learn to play the guitar as an adult beginner?", "do", "can"),
    # a word cut short
    ("What does the Federal Deposit Insurance Corporation do for banks?", "Corporation", "Corp"),
    # in a sentence, two words for one ("per cent" / "pct", "has given" / "gave": the same in other words as often)
    ("Shipowners have offered a 100 per cent raise, which the seamen rejected.", "per cent", "pct"),
    ("Prime Minister Margaret Thatcher gave notice that the U.K. would act.", "gave", "has given"),
    # a space put in or left out, one word read as two
    ("What are the symptoms of vitamin D deficiency in adults?", "vitamin D", "vitaminD"),
    ("How do I clean my keyboard without damaging it?", "keyboard", "key board"),
]


@pytest.mark.parametrize(("text", "x", "y"), SAME_QUESTION)
def test_a_typo_a_function_word_or_a_word_cut_short_is_the_same_question(text, x, y):
    assert rewrite_kind(text, text.replace(x, y)) is None


ANOTHER_STATEMENT = [
    ("The museum is open to the public on weekdays.", "weekdays", "weekends"),
    ("Police said the suspect was arrested near the border.", "arrested", "shot"),
    ("The flight was delayed due to bad weather.", "delayed", "diverted"),
    ("The issue is rated Baa-2 by Moody's and BBB-minus by Standard and Poor's.", "minus", "plus"),
]


@pytest.mark.parametrize(("text", "x", "y"), ANOTHER_WORD + ANOTHER_STATEMENT)
def test_a_word_for_another_in_a_short_question_or_sentence_is_held(text, x, y):
    """In a short sentence, as in a question, the word is what it says - another day, another deed, another
    rating - as often as a synonym ("no other details" / "no further details"): the row is kept for the user to
    check."""
    other = text.replace(x, y)
    assert rewrite_kind(text, other) == WORD_FOR_WORD
    assert held_pairs([text], [other]).tolist() == [True]


def test_the_sentences_held_are_short_and_ask_nothing():
    assert all(not is_question(text) and len(text) < STATEMENT_WORD_UNDER for text, _, _ in ANOTHER_STATEMENT)


def test_a_longer_sentence_that_asks_nothing_keeps_its_word_for_word_as_a_copy():
    """Past ``STATEMENT_WORD_UNDER`` characters one word for another in a sentence is an editor's ("dropped" /
    "declined" in a story reposted): not read so; a typo is none in a short sentence either."""
    text = (
        "The composite survey index of the purchasing managers' association dropped to 51.9 pct in February from "
        "55.8 pct in January, the group said."
    )
    assert not is_question(text) and len(text) >= STATEMENT_WORD_UNDER
    assert rewrite_kind(text, text.replace("dropped", "declined")) is None
    short = ANOTHER_STATEMENT[0][0]
    assert rewrite_kind(short, short.replace("weekdays", "weekdyas")) is None


def test_questions_are_told_by_their_mark_or_their_first_word():
    assert is_question("Why do cats sleep so much")
    assert is_question("cats or dogs?")
    assert not is_question("Cats sleep a lot.")
    assert len(ANOTHER_WORD[2][0]) < WORD_FOR_WORD_UNDER


def test_the_engine_keeps_another_question_for_the_user_to_check():
    text = ANOTHER_WORD[0][0]
    texts = [text, text.replace("cats", "dogs"), text.replace("sleep", "slepe")]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert [sorted(c.members) for c in result.clusters] == [[0, 1, 2]]
    assert result.held.tolist() == [1]
