"""Character-level (CJK) and word-level (Latin) difference spans for the compare view."""

import difflib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.diff import diff_texts, diff_texts_until, tokenize


def _spans(result, a, b):
    return [(tag, a[a0:a1], b[b0:b1]) for tag, a0, a1, b0, b1 in result.differences]


def test_identical_texts_have_no_differences():
    result = diff_texts("今天天气很好", "今天天气很好")
    assert result.differences == []
    assert result.ratio() == 1.0


def test_chinese_is_compared_character_by_character():
    a, b = "北京时间昨日发布通知", "北京时间今日发布通知"
    result = diff_texts(a, b)
    assert result.granularity == "char"
    assert _spans(result, a, b) == [("replace", "昨", "今")]


def test_chinese_insertion_and_deletion_are_located():
    a, b = "记者从市政府获悉，新规将于下月实施。", "记者从市政府获悉，新规定将于下月起实施"
    result = diff_texts(a, b)
    assert _spans(result, a, b) == [("insert", "", "定"), ("insert", "", "起"), ("delete", "。", "")]


def test_latin_text_is_compared_word_by_word():
    a, b = "The quick brown fox jumps", "The quick red fox jumps"
    result = diff_texts(a, b)
    assert result.granularity == "word"
    assert _spans(result, a, b) == [("replace", "brown", "red")]


def test_opcodes_cover_both_texts_exactly():
    a, b = "Hello 世界, it is 2024年！", "Hello, 世界 it was 2025年"
    result = diff_texts(a, b)
    assert "".join(a[a0:a1] for _, a0, a1, _, _ in result.opcodes) == a
    assert "".join(b[b0:b1] for _, _, _, b0, b1 in result.opcodes) == b


def test_tokenize_keeps_whitespace_and_rejoins():
    text = "Mixed 中文 and  English\n文本!"
    tokens = tokenize(text)
    assert "".join(tokens) == text
    assert "English" in tokens and "中" in tokens and "  " in tokens


def test_long_texts_are_cut_and_reported_truncated():
    a = "甲" * 50_000
    b = "甲" * 49_999 + "乙"
    result = diff_texts(a, b, max_chars=1_000)
    assert result.truncated
    assert max(op[2] for op in result.opcodes) == 1_000
    assert result.differences == []  # the change lies beyond the compared part


def test_empty_texts():
    assert diff_texts("", "").opcodes == []
    assert _spans(diff_texts("", "新"), "", "新") == [("insert", "", "新")]


# -- the same highlights as difflib's ----------------------------------------------------------------------------

_CJK = [chr(c) for c in range(0x4E00, 0x9FA6)]


def _difflib_spans(a: str, b: str) -> list[tuple[str, int, int, int, int]]:
    return [op for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]


def _equal_chars(ops) -> int:
    return sum(a1 - a0 for tag, a0, a1, _, _ in ops if tag == "equal")


@st.composite
def _edited_pair(draw):
    """A random text and a copy with a few edits apart from each other (a repost lightly edited). The text's
    characters are all different, and the edits bring in kana it does not have, so each edit has one place."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    base = "".join(rng.sample(_CJK, draw(st.integers(50, 800))))
    edits = draw(st.lists(st.tuples(st.sampled_from(["insert", "delete", "replace"]),
                                    st.text(alphabet="アイウエオ", min_size=1, max_size=4)), max_size=6))  # fmt: skip
    out, pos, step = [], 0, len(base) // (len(edits) + 1)
    for k, (kind, new) in enumerate(edits, start=1):
        at = k * step
        out.append(base[pos:at])
        out.append(new if kind != "delete" else "")
        pos = at + (len(new) if kind != "insert" else 0)
    out.append(base[pos:])
    return base, "".join(out)


@settings(max_examples=150, deadline=None)
@given(_edited_pair())
def test_a_lightly_edited_copy_gets_the_same_highlights_as_difflib(pair):
    a, b = pair
    assert diff_texts(a, b).differences == _difflib_spans(a, b)


@settings(max_examples=150, deadline=None)
@given(_edited_pair(), st.integers(8, 200))
def test_a_long_text_compared_in_windows_gets_the_same_highlights(pair, window):
    """Compared ``window`` characters at a time (as texts past ``WINDOW_CHARS`` are), an edited copy gets the
    highlights of the comparison of the whole: each window starts where the last one's texts were aligned."""
    a, b = pair
    assert diff_texts(a, b, window=window).differences == _difflib_spans(a, b)


def test_every_edit_of_a_long_article_is_found_and_a_diff_nobody_waits_for_stops():
    a = "".join(random.Random(5).choices(_CJK, k=32_000))
    b = "转载：" + a[:15_000] + "某某" + a[15_005:25_000] + a[25_300:] + "（完）"
    result = diff_texts(a, b, max_chars=100_000)
    assert not result.truncated
    assert _spans(result, a, b) == [
        ("insert", "", "转载："),
        ("replace", a[15_000:15_005], "某某"),
        ("delete", a[25_000:25_300], ""),
        ("insert", "", "（完）"),
    ]
    asked = []
    assert diff_texts_until(a, b, lambda: asked.append(1) and False, max_chars=100_000) is None
    assert len(asked) == 1  # stopped after the first window


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abc甲乙 ", max_size=60), st.text(alphabet="abc甲乙 ", max_size=60), st.sampled_from([0, 3, 7]))
def test_any_two_texts_are_tiled_by_equal_runs_and_never_more_differences_than_difflib(a, b, window):
    """Whole, or a few characters at a time (``window``): every character of each text in one opcode, in order,
    the equal runs equal, one change between two of them; compared whole, never fewer equal characters than
    difflib finds."""
    result = diff_texts(a, b, window=window) if window else diff_texts(a, b)
    ops = result.opcodes
    assert "".join(a[a0:a1] for _, a0, a1, _, _ in ops) == a
    assert "".join(b[b0:b1] for _, _, _, b0, b1 in ops) == b
    for tag, a0, a1, b0, b1 in ops:
        assert (a1 > a0 or b1 > b0) and tag in ("equal", "replace", "delete", "insert")
        if tag == "equal":
            assert a[a0:a1] == b[b0:b1]
        assert (tag == "insert") == (a0 == a1) and (tag == "delete") == (b0 == b1)
    tags = [op[0] for op in ops]
    assert all(x == "equal" or y == "equal" for x, y in zip(tags, tags[1:], strict=False))  # one change per gap
    if result.granularity == "char" and not window:
        reference = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        assert _equal_chars(ops) >= _equal_chars(reference)
