"""Short pairs (scored by their edits) whose characters alone take more edits than the search's bound allows are not
verified (``ngram.edits_can_reach``, on each text's mask of characters: ``ngram.character_masks``): the search finds
the same candidates with them, and verifies fewer pairs."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from dedup_gui.core.algorithms import ngram
from dedup_gui.core.columnar import lengths_of
from dedup_gui.core.progress import Reporter
from dedup_gui.core.settings import Settings


def _mask(text: str) -> int:
    """A text's character mask worked out one character at a time."""
    out = 0
    for c in text:
        out |= 1 << (((ord(c) * int(ngram._CHAR_MIX)) & ((1 << 64) - 1)) >> 58)
    return out


CHARS = ["一", "二", "北", "京", "a", "B", " ", "😀", "\U00020000", "，", "\x00"]


@settings(max_examples=60, deadline=None)
@given(
    texts=st.lists(st.lists(st.sampled_from(CHARS), max_size=12).map("".join), min_size=1, max_size=30),
    wanted=st.lists(st.booleans(), min_size=30, max_size=30),
)
def test_each_texts_mask_holds_the_bit_of_every_character_it_has(texts, wanted):
    """The masks made a slice of the column at a time are those made text by text, for the texts asked for -
    most of them (slices of every text) or a few (the texts gathered) - and 0 for an empty text."""
    which = np.array(wanted[: len(texts)], dtype=bool)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ngram, "MASK_CHARS", 8)  # (several slices)
        masks = ngram.character_masks(texts, lengths_of(texts), which)
    for i, text in enumerate(texts):
        if which[i]:
            assert int(masks[i]) == _mask(text), (i, text)
        if not text:
            assert masks[i] == 0


def _near_copies(rng: random.Random, alphabet: list[str], count: int) -> list[str]:
    texts: list[str] = []
    while len(texts) < count:
        chars = [rng.choice(alphabet) for _ in range(rng.randint(1, 46))]
        texts.append("".join(chars))
        for _ in range(rng.randint(0, 2)):
            copy = list(chars)
            for _ in range(rng.randint(1, max(1, len(chars) // 4))):
                at = rng.randrange(len(copy) + 1)
                kind = rng.choice("sid") if at < len(copy) else "i"
                if kind == "s":
                    copy[at] = rng.choice(alphabet)
                elif kind == "i":
                    copy.insert(at, rng.choice(alphabet))
                elif len(copy) > 1:
                    del copy[at]
            texts.append("".join(copy))
    return list(dict.fromkeys(texts))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    alphabet_size=st.sampled_from([3, 12, 40, 300]),
    bound=st.sampled_from([0.5, 0.7, 0.8, 0.85, 0.95]),
)
def test_no_pair_that_scores_the_bound_by_its_edits_is_ruled_out(seed, alphabet_size, bound):
    """Every pair of texts whose edit similarity reaches the bound passes, whatever its characters (alphabets of a
    few characters to hundreds, which share more or fewer of the masks' 64 bits) - and of pairs far below it, many
    do not."""
    rng = random.Random(seed)
    alphabet = [chr(0x4E00 + 53 * i) for i in range(alphabet_size)]
    texts = _near_copies(rng, alphabet, 40)
    lengths = lengths_of(texts)
    a, b = np.triu_indices(len(texts), k=1)
    keep = ngram.edits_can_reach(ngram.character_masks(texts, lengths, lengths > 0), lengths, a, b, bound)
    scores = np.array([Levenshtein.normalized_similarity(texts[i], texts[j]) for i, j in zip(a, b, strict=True)])
    assert keep[scores >= bound].all()
    long = np.minimum(lengths[a], lengths[b]) >= ngram.SHORT_CHARS
    assert keep[long].all()  # (pairs scored by their grams are not read here)
    if alphabet_size >= 40:
        assert (~keep & (scores < bound)).sum() > 0


@pytest.mark.parametrize(
    ("x", "y", "bound", "kept"),
    [
        # Two characters written for two others: two edits, four characters one text or the other lacks (each
        # substitution takes one out and puts one in) - 0.8 of ten characters is two edits.
        ("北京欢迎你来这里玩吧", "北京欢迎你来这里吃饭", 0.8, True),
        ("北京欢迎你来这里玩吧", "北京欢迎你来这里吃饭", 0.81, False),
        # Three characters one holds and the other lacks, at exactly the edits the bound allows.
        ("一二三四五六七八九十", "一二三四五六七甲乙丙", 0.7, True),
        ("一二三四五六七八九十", "一二三四五六七甲乙丙", 0.71, False),
        # No character in common.
        ("北京欢迎你", "上海天气好", 0.5, False),
        ("北京欢迎你", "北京欢迎你", 1.0, True),
    ],
)
def test_a_pair_is_ruled_out_only_by_more_lacking_characters_than_the_edits_allow(x, y, bound, kept):
    texts = [x, y]
    lengths = lengths_of(texts)
    got = ngram.edits_can_reach(
        ngram.character_masks(texts, lengths, np.ones(2, bool)), lengths, np.array([0]), np.array([1]), bound
    )
    assert bool(got[0]) is kept
    assert (Levenshtein.normalized_similarity(x, y) >= bound - 1e-9) <= kept


@pytest.mark.parametrize("seed", range(3))
def test_the_search_finds_the_same_candidates_without_verifying_the_pairs_ruled_out(seed, monkeypatch):
    """The candidates, and their scores, are those of the search that verifies every short pair - and fewer pairs
    are verified: short texts that open with the same words (a few texts to each opening: their keys are shared,
    and pair them) and go on in their own, some with copies a few edits away."""
    rng = random.Random(seed)
    alphabet = [chr(0x4E00 + 7 * i) for i in range(300)]
    openings = ["".join(rng.choice(alphabet) for _ in range(8)) for _ in range(30)]
    texts: list[str] = []
    for opening in openings:
        for _ in range(8):
            text = opening + "".join(rng.choice(alphabet) for _ in range(rng.randint(4, 24)))
            texts.append(text)
            if rng.random() < 0.5:
                at = rng.randrange(len(text))
                texts.append(text[:at] + rng.choice(alphabet) + text[at + 1 :])
    texts = list(dict.fromkeys(texts))
    settings_ = Settings(algorithm="ngram").resolved()
    algo = ngram.NGram()
    fp = algo.fingerprint(texts, settings_, Reporter())
    verified: list[int] = []
    real = ngram.verify_counted

    def counted(texts, a, *args, **kwargs):
        verified.append(len(a))
        return real(texts, a, *args, **kwargs)

    monkeypatch.setattr(ngram, "verify_counted", counted)
    runs = []
    for rule in (ngram.edits_can_reach, lambda masks, lengths, a, b, bound: np.ones(len(a), dtype=bool)):
        verified.clear()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(ngram, "edits_can_reach", rule)
            runs.append((algo.search(fp, texts, settings_, Reporter()), sum(verified)))
    (with_masks, read_with), (without, read_without) = runs
    assert len(with_masks.a) > 50
    assert np.array_equal(with_masks.a, without.a) and np.array_equal(with_masks.b, without.b)
    assert np.array_equal(with_masks.measure, without.measure)
    assert read_with < 0.7 * read_without
