"""Series: one short template filled three ways or more with words sharing no character is several items
(``core.series``), on the pair, the run and the Spark batches' reading."""

import numpy as np
import pytest

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.series import frame_of, is_series, series_pairs
from dedup_gui.core.settings import Settings

NOTICES = [
    "天津外国语大学2019年硕士研究生招生简章",
    "天津城建大学2019年硕士研究生招生简章",
    "天津师范大学2019年硕士研究生招生简章",
    "天津科技大学2019年硕士研究生招生简章",
]
REWORDED = ["来自星星的你会出第二部吗？", "来自星星的你会有第二部吗？", "来自星星的你还会有第二部吗？"]


def test_the_frame_of_two_texts_one_word_apart():
    assert frame_of(NOTICES[0], NOTICES[1]) == ("天津", "大学2019年硕士研究生招生简章", "外国语", "城建")
    assert frame_of("维密水晶秀服曝光", "维密水晶秀服亮相") == ("维密水晶秀服", "", "曝光", "亮相")
    assert frame_of("请问北京明天的天气怎么样", "请问北京明天的天气怎么祥") is None  # one character: a typo or doubt
    assert frame_of("新白发魔女传的大结局", "新白发魔女传最后结局") is None  # a particle in the word
    assert frame_of("库里10+6球迷祈祷", "库里20+6球迷祈祷") is None  # figures are the text check's


def test_three_words_sharing_no_character_make_a_series():
    assert is_series({"外国语", "城建", "师范"})
    assert not is_series({"外国语", "城建"})  # two: a word rewritten, as far as anyone can tell
    assert not is_series({"会出", "会有", "还会有"})  # rewordings of one question share characters
    assert is_series({"失言", "唠叨", "有风度", "出风头"})  # 失言, 唠叨 and either of the others
    many = {chr(0x4E00 + 2 * i) + chr(0x4E01 + 2 * i) for i in range(50)}
    assert is_series(many)


def test_a_series_of_notices_stays_and_a_reworded_question_goes():
    texts = [*NOTICES, *REWORDED, "天津外国语大学2019年硕士研究生招生简章！"]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    removed = sorted(int(r) for r in np.flatnonzero(~result.resolve().keep))
    assert 8 in removed or 0 in removed  # the notice with a sign added is a copy
    assert not set(removed) & {1, 2, 3}  # every other university's notice stays
    assert set(removed) & {4, 5, 6}  # the reworded question goes (or is kept to check)


def test_without_the_series_rule_the_notices_were_one_cluster(monkeypatch):
    from dedup_gui.core import pipeline

    assert not Pipeline(NOTICES).run(Settings(algorithm="ngram")).clusters
    monkeypatch.setattr(
        pipeline, "series_pairs", lambda texts, a, b, among, similarity, lengths=None: np.zeros(len(a), bool)
    )
    result = Pipeline(NOTICES).run(Settings(algorithm="ngram"))
    assert max(c.size for c in result.clusters) >= 2  # (each of its other rows kept to check: a word for a word)


@pytest.mark.parametrize("among", [True, False])
def test_only_the_pairs_asked_about_are_read(among):
    texts = NOTICES
    a, b = np.array([0, 0, 0, 1]), np.array([1, 2, 3, 2])
    got = series_pairs(texts, a, b, np.full(4, among), np.full(4, 0.85))
    assert got.tolist() == [among] * 4
