"""The synthetic corpus generator: deterministic, the sizes asked for, edits that do what they say, different
groups that really differ, and the demo workbook with its planted groups."""

from __future__ import annotations

import datetime as dt
import html
import random
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from devtools import synth, synth_vocab
from devtools.synth import Corpus, demo_corpus, generate_corpus, make_edit, plant_reposts

DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo.xlsx"
ORIGINAL = ("original", "same_event")


def grams(text: str, n: int = 4) -> set[str]:
    """Character n-grams of what a reader sees (page chrome and width variants folded away)."""
    s = re.sub(r"\s+", "", unicodedata.normalize("NFKC", visible_text(text)))
    return {s[i : i + n] for i in range(len(s) - n + 1)}


def jaccard(a: str, b: str) -> float:
    ga, gb = grams(a), grams(b)
    return len(ga & gb) / len(ga | gb)


def levenshtein(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def visible_text(page: str) -> str:
    """What a browser shows: no style/script blocks, no tags, entities decoded."""
    page = re.sub(r"(?is)<(style|script|title)\b.*?</\1>", "", page)
    page = re.sub(r"<[^>]+>", "", page)
    return html.unescape(page)


def no_space(s: str) -> str:
    return re.sub(r"\s+", "", s)


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return generate_corpus(600, seed=11, dup_share=0.3)


@pytest.fixture(scope="module")
def article() -> str:
    c = generate_corpus(40, seed=3, dup_share=0.0, min_chars=500, max_chars=900)
    return c.texts[0]


# --- corpus ------------------------------------------------------------------------------------------------------


def test_same_seed_gives_the_same_corpus_and_another_seed_another():
    a = generate_corpus(150, seed=7, short_share=0.2)
    b = generate_corpus(150, seed=7, short_share=0.2)
    c = generate_corpus(150, seed=8, short_share=0.2)
    assert (a.texts, a.group, a.edit, a.dates) == (b.texts, b.group, b.edit, b.dates)
    assert a.texts != c.texts


@pytest.mark.parametrize("n", [1, 2, 7, 64, 333])
def test_corpus_has_exactly_n_rows_with_every_column_filled(n):
    c = generate_corpus(n, seed=n, short_share=0.3)
    columns = (c.texts, c.group, c.edit, c.titles, c.sources, c.dates, c.event, c.kind, c.lang)
    assert all(len(col) == n for col in columns)
    assert all(t.strip() for t in c.texts)
    assert all(dt.date.fromisoformat(d) for d in c.dates)


def test_original_lengths_stay_in_the_requested_range(corpus):
    lengths = [len(t) for t, e in zip(corpus.texts, corpus.edit, strict=True) if e in ORIGINAL]
    assert min(lengths) >= 200 and max(lengths) <= 3000
    assert max(lengths) > 1500 and min(lengths) < 400  # the whole range is used, not one size
    narrow = generate_corpus(50, seed=2, dup_share=0.0, min_chars=900, max_chars=1100)
    assert all(900 <= len(t) <= 1100 for t in narrow.texts)


def test_short_texts_are_20_to_100_characters():
    c = generate_corpus(400, seed=4, short_share=1.0)
    originals = [t for t, e in zip(c.texts, c.edit, strict=True) if e in ORIGINAL]
    assert all(20 <= len(t) <= 100 for t in originals)
    assert set(c.kind) == {"headline", "comment", "product"}
    copies = Counter(e for e in c.edit if e not in ORIGINAL)
    assert {"short_char_edits", "punctuation", "repost_tag"} <= set(copies)


def test_articles_look_like_chinese_news(corpus):
    text = corpus.texts[corpus.edit.index("original")]
    assert "\n" in text and "。" in text and "，" in text
    sentences = [s for s in re.split(r"[。！？\n]", "\n".join(corpus.texts[:50])) if s]
    assert sum(len(s) >= 30 for s in sentences) / len(sentences) > 0.4


def test_about_dup_share_of_rows_are_reposts_in_power_law_groups():
    c = generate_corpus(3000, seed=5, dup_share=0.3, same_event_share=0.0)
    reposts = sum(e not in ORIGINAL for e in c.edit)
    assert abs(reposts / len(c) - 0.3) < 0.01
    sizes = Counter(len(rows) for rows in c.groups().values() if len(rows) > 1)
    assert sizes[2] > sizes[3] > sizes[5]  # many pairs, few big groups
    assert max(sizes) >= 10  # a hot story reposted many times
    for rows in c.groups().values():  # each group has exactly one original
        assert sum(c.edit[r] in ORIGINAL for r in rows) == 1


def test_texts_from_different_groups_share_few_character_4grams(corpus):
    rng = random.Random(0)
    originals = [i for i, e in enumerate(corpus.edit) if e in ORIGINAL]
    scores = []
    while len(scores) < 300:
        a, b = rng.sample(originals, 2)
        if corpus.event[a] != corpus.event[b]:
            scores.append(jaccard(corpus.texts[a], corpus.texts[b]))
    assert sum(scores) / len(scores) < 0.08
    assert max(scores) < 0.5


def test_no_long_sentence_is_shared_between_groups(corpus):
    owner: dict[str, int] = {}
    for text, g, e in zip(corpus.texts, corpus.group, corpus.edit, strict=True):
        if e not in ORIGINAL:
            continue
        for s in re.split(r"[。！？\n]", text):
            if len(s) >= 30:
                assert owner.setdefault(s, g) == g, s


def test_same_event_write_ups_share_names_but_not_text(corpus):
    pairs = corpus.same_event_pairs()
    assert len(pairs) >= 20
    for a, b in pairs:
        ta, tb = corpus.texts[a], corpus.texts[b]
        assert corpus.group[a] != corpus.group[b]
        assert jaccard(ta, tb) < 0.2
    # written about one cast: the event's city names both write-ups
    firsts = [(a, b) for a, b in pairs if corpus.edit[a] in ORIGINAL and corpus.edit[b] in ORIGINAL]

    def cities(text: str) -> set[str]:
        return {c for c in synth_vocab.CITIES if c in text}

    def date(text: str) -> str:
        return re.search(r"\d+月\d+日", text).group()

    assert all(date(corpus.texts[a]) == date(corpus.texts[b]) for a, b in firsts)
    shared_names = sum(bool(cities(corpus.texts[a]) & cities(corpus.texts[b])) for a, b in firsts)
    assert shared_names / len(firsts) > 0.8


def test_truth_pairs_are_all_pairs_within_a_group():
    c = Corpus(["a", "b", "c", "d"], [0, 1, 0, 0], ["original"] * 4, [""] * 4, [""] * 4, [""] * 4, [0, 1, 0, 0])
    assert c.truth_pairs() == {(0, 2), (0, 3), (2, 3)}
    assert c.same_event_pairs() == set()


@pytest.mark.parametrize("lang", ["en", "mixed"])
def test_english_and_mixed_text(lang):
    c = generate_corpus(40, seed=9, lang=lang, dup_share=0.2)
    text = "".join(c.texts)
    han = len(re.findall(r"[\u4e00-\u9fff]", text))
    latin = len(re.findall(r"[A-Za-z]", text))
    if lang == "en":
        assert han == 0 and latin > 1000
    else:
        assert han > 1000 and latin > 200


# --- edits -------------------------------------------------------------------------------------------------------


def test_truncate_keeps_about_80_percent_from_the_start(article):
    for seed in range(20):
        out = make_edit(article, "truncate", random.Random(seed))
        assert article.startswith(out)
        assert 0.7 <= len(out) / len(article) <= 0.9


def test_char_edits_change_1_to_3_percent_of_characters(article):
    for seed in range(6):
        out = make_edit(article, "char_edits", random.Random(seed))
        share = levenshtein(article, out) / len(article)
        assert 0.007 <= share <= 0.031, share


def test_short_char_edits_change_one_or_two_characters():
    text = "这个华信保温杯真的质量比想象中好很多，推荐大家购买"
    for seed in range(20):
        assert 1 <= levenshtein(text, make_edit(text, "short_char_edits", random.Random(seed))) <= 2


def test_html_wrapper_is_a_web_page_around_the_original_text(article):
    page = make_edit(article, "html_wrapper", random.Random(1))
    for tag in ("<html", "<style>", "<script>", '<div class="article"', "<p>", "</body></html>"):
        assert tag in page
    assert "“" not in page and "&ldquo;" in page or "“" not in article
    assert no_space(visible_text(page)).replace("\xa0", "") == no_space(article)


def test_header_and_footer_add_a_repost_line(article):
    head = make_edit(article, "source_header", random.Random(2))
    foot = make_edit(article, "copyright_footer", random.Random(2))
    assert head.endswith("\n" + article) and len(head) > len(article)
    assert foot.startswith(article + "\n") and len(foot) > len(article)
    heads = {make_edit(article, "source_header", random.Random(s)).split("\n")[0] for s in range(30)}
    assert any(h.startswith("来源：") for h in heads) and any("转载" in h for h in heads)
    foots = {make_edit(article, "copyright_footer", random.Random(s)).split("\n")[-1] for s in range(30)}
    assert any("版权归原作者所有" in f for f in foots)


def test_sentence_reorder_moves_text_without_changing_it(article):
    for seed in range(10):
        out = make_edit(article, "sentence_reorder", random.Random(seed))
        assert out != article
        assert Counter(no_space(out)) == Counter(no_space(article))


def test_width_variants_fold_back_under_nfkc():
    texts = ["北京华信科技2024年营收12.5亿元，同比增长8%：创新高（数据）", "Revenue rose 12% in Q3, the company said."]
    for text in texts:
        for seed in range(8):
            out = make_edit(text, "width", random.Random(seed))
            assert out != text
            assert unicodedata.normalize("NFKC", out) == unicodedata.normalize("NFKC", text)


def test_exact_copy_and_short_repost_edits():
    text = "杭州发布暴雨橙色预警，请市民注意防范"
    assert make_edit(text, "exact", random.Random(0)) == text
    for seed in range(10):
        tagged = make_edit(text, "repost_tag", random.Random(seed))
        assert text in tagged and tagged != text
        punct = make_edit(text, "punctuation", random.Random(seed))
        assert punct != text
        assert re.sub(r"[^\u4e00-\u9fff]", "", punct) == re.sub(r"[^\u4e00-\u9fff]", "", text)


def test_english_edits_use_english_boilerplate():
    text = "The council approved the plan on Monday. Work starts next month."
    head = make_edit(text, "source_header", random.Random(3))
    assert not re.search(r"[\u4e00-\u9fff]", head)


def test_edits_are_deterministic_and_unknown_kinds_refused(article):
    for kind in synth.EDIT_KINDS:
        assert make_edit(article, kind, random.Random(5)) == make_edit(article, kind, random.Random(5))
    with pytest.raises(ValueError):
        make_edit(article, "rot13", random.Random(0))


def test_plant_reposts_keeps_the_originals_and_groups_copies_by_text_index():
    base = [f"第{i}篇：" + "这是一段用来测试的文字，内容各不相同。" * 5 + str(i) for i in range(50)]
    c = plant_reposts(base, seed=1, dup_share=0.3)
    assert sorted(t for t, e in zip(c.texts, c.edit, strict=True) if e == "original") == sorted(base)
    assert abs(sum(e != "original" for e in c.edit) / len(c) - 0.3) < 0.05
    for text, g, e in zip(c.texts, c.group, c.edit, strict=True):
        if e == "original":
            assert text == base[g]


# --- demo workbook -----------------------------------------------------------------------------------------------


def test_demo_corpus_has_long_short_english_and_a_hot_story():
    c = demo_corpus()
    assert 300 <= len(c) <= 400
    assert {"long", "headline", "comment", "product"} <= set(c.kind)
    assert {"zh", "en", "mixed"} <= set(c.lang)
    sizes = sorted(len(rows) for rows in c.groups().values())
    assert sizes[-1] >= 10 and sum(s > 1 for s in sizes) >= 30
    assert c.same_event_pairs()


def test_demo_workbook_rows_are_the_demo_corpus():
    openpyxl = pytest.importorskip("openpyxl")
    assert DEMO.stat().st_size < 1_000_000
    wb = openpyxl.load_workbook(DEMO)
    assert wb.sheetnames == ["数据", "说明"]
    ws = wb["数据"]
    header = [c.value for c in ws[1]]
    assert header == list(synth.DEMO_COLUMNS)
    assert all(c.font.bold for c in ws[1])
    assert ws.freeze_panes == "A2"
    corpus = demo_corpus()
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(corpus)
    ids = [r[0] for r in rows]
    assert all(isinstance(i, str) and len(i) == 6 for i in ids) and ids[0] == "000001"
    assert ws["A2"].number_format == "@"
    assert [r[2] for r in rows] == corpus.texts  # the planted groups are known by regenerating the corpus
    assert all(isinstance(r[4], dt.datetime) for r in rows)
    about = " ".join(str(c.value) for row in wb["说明"].iter_rows() for c in row if c.value)
    assert "synth" in about and "重复" in about


def test_write_demo_workbook_reproduces_the_committed_file(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    path = tmp_path / "demo.xlsx"
    synth.write_demo_workbook(path)

    def cells(p):
        wb = openpyxl.load_workbook(p)
        return [[c.value for c in row] for ws in wb for row in ws.iter_rows()]

    assert cells(path) == cells(DEMO)
