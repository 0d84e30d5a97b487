"""Character-level (CJK) and word-level (Latin) difference spans for the compare view."""

from dedup_gui.core.diff import diff_texts, tokenize


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
