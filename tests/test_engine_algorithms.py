"""Each algorithm on small hand-written Chinese and English cases, including their known weak spots."""

import pytest
from engine_texts import (
    EN_A,
    EN_B,
    ZH_A,
    ZH_A_OTHER_WRITEUP,
    ZH_B,
    ZH_C,
    ZH_LONG,
    char_edited,
    common_word_sentences,
    html_wrapped,
    repost_with_footer,
    repost_with_header,
    sentences_swapped,
    truncated,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.result import pair_count
from dedup_gui.core.settings import Settings

ALGORITHMS = ["simhash", "nshash", "ngram"]


def clusters_of(texts, **settings):
    result = Pipeline(texts).run(Settings(**settings))
    return [sorted(c.members) for c in result.clusters]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_repost_with_header_and_footer_is_found_by_every_algorithm(algorithm):
    texts = [ZH_LONG, ZH_A_OTHER_WRITEUP, repost_with_header(ZH_LONG), EN_A, repost_with_footer(ZH_LONG)]
    assert clusters_of(texts, algorithm=algorithm) == [[0, 2, 4]]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_html_wrapped_copy_matches_the_plain_text(algorithm):
    texts = [ZH_B, html_wrapped(ZH_B), ZH_C]
    assert clusters_of(texts, algorithm=algorithm) == [[0, 1]]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_different_write_ups_of_the_same_event_are_not_merged(algorithm):
    texts = [ZH_A, ZH_A_OTHER_WRITEUP, ZH_B, ZH_C]
    assert clusters_of(texts, algorithm=algorithm) == []


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_english_copy_with_changed_case_and_spacing_is_found(algorithm):
    copy = EN_A.upper().replace(". ", ".   ")
    assert clusters_of([EN_A, EN_B, copy], algorithm=algorithm) == [[0, 2]]


def test_ngram_finds_truncated_and_lightly_edited_copies():
    texts = [ZH_A, truncated(ZH_A, 0.85), char_edited(ZH_A), ZH_B, sentences_swapped(ZH_C), ZH_C]
    assert clusters_of(texts, algorithm="ngram") == [[0, 1, 2], [4, 5]]


def test_without_excerpts_the_ngram_threshold_is_a_jaccard_similarity():
    texts = [ZH_A, truncated(ZH_A, 0.7)]
    result = Pipeline(texts).run(Settings(algorithm="ngram", threshold=0.65, excerpts=False, min_similarity=0.6))
    (pair_similarity,) = result.pairs.measure
    assert 0.65 <= pair_similarity <= 0.72  # ~70 % of the grams are shared
    assert Pipeline(texts).run(Settings(algorithm="ngram", threshold=0.8, excerpts=False)).clusters == []


@pytest.mark.parametrize("share", [0.55, 0.7, 0.85])
def test_a_truncated_repost_is_an_excerpt_and_scores_the_share_contained(share):
    texts = [ZH_LONG, ZH_B, truncated(ZH_LONG, share)]
    result = Pipeline(texts).run(Settings(algorithm="ngram", threshold=0.9))
    assert [c.members for c in result.clusters] == [[0, 2]]
    assert result.clusters[0].similarity[2] == pytest.approx(1.0)


def test_a_short_text_inside_a_much_longer_one_is_not_an_excerpt():
    # ZH_B is 45 % of the longer text: below the default minimum share (0.5), it is judged by Jaccard (0.45).
    longer = ZH_A + ZH_B
    assert clusters_of([longer, ZH_C, ZH_B], algorithm="ngram") == []
    assert clusters_of([longer, ZH_C, ZH_B], algorithm="ngram", excerpt_share=0.4) == [[0, 2]]
    assert clusters_of([ZH_LONG, truncated(ZH_LONG, 0.45)], algorithm="ngram") == []


def test_ngram_works_on_short_texts_where_simhash_fails():
    # The known weak spot of simhash: one changed character in a short text moves many bits.
    a = "明天上午九点在三号会议室召开全体员工大会，请准时参加"
    b = "明天上午十点在三号会议室召开全体员工大会，请准时参加"
    others = ["今晚八点体育频道直播足球联赛，主队对阵上届冠军", "本店新到一批秋季外套，全场八折，欢迎选购"]
    assert clusters_of([a, *others, b], algorithm="ngram", threshold=0.7) == [[0, 3]]
    assert clusters_of([a, *others, b], algorithm="simhash") == []


def short_copies_missed(lengths, per_length: int, seed: int, edit) -> tuple[int, list[str]]:
    """Random short sentences (``per_length`` of each length, of 3,000 CJK characters: no two share a gram by
    chance) and a copy of each made by ``edit(rng, characters)``; the copies within the short floor are kept and
    all of them deduplicated by n-gram together. How many pairs there are, and the originals not clustered with
    their copy."""
    import random

    from rapidfuzz.distance import Levenshtein

    from dedup_gui.core.textcheck import _CN_NUMERAL, EDITION_MARKS, NEGATIONS, OPPOSITES, SHORT_FLOOR

    rng = random.Random(seed)
    # (no negation, numeral or character with an opposite: an edit that adds, drops or replaces one can make another
    # sentence, not a copy; nor 版, 款 or 型, after which two characters replaced are another make of a product)
    meaningful = set(_CN_NUMERAL) | set(NEGATIONS) | set("".join(OPPOSITES)) | EDITION_MARKS
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000) if chr(c) not in meaningful]
    originals, copies = [], []
    for length in lengths:
        for _ in range(per_length):
            text = [rng.choice(alphabet) for _ in range(length)]
            a, b = "".join(text), "".join(edit(rng, list(text), alphabet))
            if Levenshtein.normalized_similarity(a, b) >= SHORT_FLOOR:
                originals.append(a)
                copies.append(b)
    result = Pipeline(originals + copies).run(Settings(algorithm="ngram"))
    together = {frozenset(c.members) for c in result.clusters}
    n = len(originals)
    return n, [originals[i] for i in range(n) if frozenset({i, n + i}) not in together]


@pytest.mark.parametrize("edit", ["substitute", "insert", "delete"])
def test_ngram_finds_every_one_character_edit_of_a_short_sentence(edit):
    """A short pair (judged by edits) is found whatever the rest of the input: a one-character edit anywhere in a
    6-46-character sentence, among sentences that share none of its grams. Each text's rarest grams are the ones
    only it has - here the grams its edit destroyed - so an index of the Jaccard prefix alone missed the shortest
    of these pairs (its prefix held no gram the copy has); in a sentence of 6 or 7 characters one edit inside can
    touch every 4-gram (found by the deletion neighbourhoods, ``ngram.edit_variants``)."""

    def one_edit(rng, chars, alphabet):
        at = rng.randrange(len(chars))
        new = rng.choice(alphabet)
        return {
            "substitute": chars[:at] + [new] + chars[at + 1 :],
            "insert": chars[:at] + [new] + chars[at:],
            "delete": chars[:at] + chars[at + 1 :],
        }[edit]

    n, missed = short_copies_missed(range(6, 47), 12, 7, one_edit)
    assert n > 100
    assert missed == []


def test_ngram_finds_short_sentences_with_edits_spread_up_to_the_floor():
    """A short pair is judged by its edits, not its grams: a 20-39-character sentence with as many characters
    changed, here and there, as the short floor allows shares few 4-grams with its original (a Jaccard similarity
    near 0.3), and the sketch screen, which estimates the grams' similarity, must not drop it."""
    from dedup_gui.core.textcheck import SHORT_FLOOR

    def spread_edits(rng, chars, alphabet):
        for at in rng.sample(range(len(chars)), int((1 - SHORT_FLOOR) * len(chars))):
            chars[at] = rng.choice(alphabet)
        return chars

    n, missed = short_copies_missed(range(20, 40), 10, 11, spread_edits)
    assert n > 100
    assert missed == []


def test_texts_shorter_than_n_are_keyed_whole():
    # (the punctuation at a text's end makes no other text: "好的" / "好的!"; "好吧" is another word)
    assert clusters_of(["好的", "好的!", "收到", "好的！", "好吧"], algorithm="ngram") == [[0, 1, 3]]


def test_nshash_matches_on_shared_long_sentences_even_when_reordered():
    texts = [ZH_C, sentences_swapped(ZH_C), ZH_B]
    assert clusters_of(texts, algorithm="nshash") == [[0, 1]]


def test_nshash_weak_spot_every_long_sentence_lightly_edited():
    # One character changed in every sentence: no sentence hash survives, so nshash misses what ngram finds.
    edited = char_edited(ZH_A, every=25)
    assert clusters_of([ZH_A, edited], algorithm="nshash") == []
    assert clusters_of([ZH_A, edited], algorithm="ngram", threshold=0.5) == [[0, 1]]


def test_nshash_threshold_counts_shared_sentences():
    half = "。".join(ZH_A.split("。")[:2]) + "。" + ZH_B
    texts = [ZH_A, half]
    assert clusters_of(texts, algorithm="nshash", threshold=1, min_similarity=0.3) == [[0, 1]]
    assert clusters_of(texts, algorithm="nshash", threshold=3, min_similarity=0.3) == []


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_text_check_rejects_a_pair_below_the_floor_whatever_the_fingerprint(algorithm):
    # Two sentences shared, the rest different: nshash proposes the pair (and so do loose simhash/ngram
    # thresholds), the text check (similarity ~0.34) rejects it and the rejection is counted.
    half = "。".join(ZH_A.split("。")[:2]) + "。" + ZH_B
    loose = {"simhash": 16, "nshash": 1, "ngram": 0.3}[algorithm]
    result = Pipeline([ZH_A, half, EN_A]).run(Settings(algorithm=algorithm, threshold=loose))
    assert result.clusters == []
    assert result.rejected == result.proposed >= (1 if algorithm != "simhash" else 0)
    assert f"{algorithm} proposed {pair_count(result.proposed)}; {result.rejected} failed" in result.check_summary()


def test_nshash_ignores_a_sentence_shared_by_many_different_texts():
    disclaimer = "声明：本网站转载此文出于传递更多信息之目的，并不意味着赞同其观点或证实其描述，文章内容仅供参考。"
    body = "第{}篇完全不同的稿件，讲述的是编号为{}的社区里发生的一件小事，与其他稿件毫无关系。"
    bodies = [body.format(i, i * 7919) for i in range(60)]
    texts = [body + disclaimer for body in bodies]
    assert clusters_of(texts, algorithm="nshash") == []


def test_simhash_misses_light_character_edits_that_ngram_finds():
    # 1-2 % of characters changed moves several fingerprint bits (8 here): beyond the default k (6).
    texts = [ZH_LONG, char_edited(ZH_LONG, every=50)]
    assert clusters_of(texts, algorithm="simhash") == []
    assert clusters_of(texts, algorithm="ngram") == [[0, 1]]


def test_simhash_threshold_is_hamming_distance():
    texts = [ZH_LONG, repost_with_footer(ZH_LONG)]
    result = Pipeline(texts).run(Settings(algorithm="simhash", threshold=16))
    (distance,) = result.pairs.measure
    assert 0 <= distance <= 3
    strict = Pipeline(texts).run(Settings(algorithm="simhash", threshold=max(0, distance - 1)))
    assert (strict.clusters == []) == (distance > 0)


def test_similarity_means_the_same_for_every_algorithm():
    texts = [ZH_LONG, repost_with_header(ZH_LONG), EN_B]
    scores = {}
    for algorithm in ALGORITHMS:
        result = Pipeline(texts).run(Settings(algorithm=algorithm))
        (scores[algorithm],) = result.pairs.similarity
    assert 0.8 < scores["ngram"] <= 1.0
    assert scores["ngram"] == pytest.approx(Pipeline(texts).similarity(0, 1))
    assert scores["simhash"] == pytest.approx(scores["ngram"])
    assert scores["nshash"] == pytest.approx(scores["ngram"])


def test_exact_duplicates_after_normalisation_cost_no_comparison():
    texts = [ZH_B, ZH_B.replace("，", ","), "  " + ZH_B + "\n", ZH_C]
    result = Pipeline(texts).run(Settings(algorithm="ngram"))
    assert result.exact_duplicates == 2
    assert len(result.pairs) == 0
    assert [c.members for c in result.clusters] == [[0, 1, 2]]


def test_empty_texts_are_never_duplicates_of_each_other():
    assert clusters_of(["", "   ", ZH_B, "", "<p></p>"], algorithm="ngram") == []


def test_ngram_sketch_estimates_jaccard_closely_enough_to_screen_candidates():
    import numpy as np
    from ngram_reference import fill_sketch, gram_prefixes, sketch_similarity

    from dedup_gui.core.algorithms.ngram import EMPTY_BIN, SKETCH_BINS
    from dedup_gui.core.text import jaccard

    variants = [ZH_LONG, truncated(ZH_LONG, 0.8), char_edited(ZH_LONG, 40), ZH_B + ZH_C, EN_A * 3]
    grams = [gram_prefixes(v, 4) for v in variants]
    sketch = np.full((len(grams), SKETCH_BINS), EMPTY_BIN, dtype=np.uint32)
    for row, g in zip(sketch, grams, strict=True):
        fill_sketch(row, g)
    a, b = np.triu_indices(len(grams), k=1)
    estimates = sketch_similarity(sketch, a, b)
    exact = np.array([jaccard(grams[i], grams[j]) for i, j in zip(a, b, strict=True)])
    assert np.abs(estimates - exact).max() < 0.12


def _screened_texts(seed: int) -> list[str]:
    """English texts of common words (their 4-grams are in many texts, as in real English: the prefix index pairs
    many texts that share little) - long ones and short ones of 40-120 grams - and copies of them cut, with
    scattered letters changed, or with words swapped, so that pairs score all over 0.3-1.0."""
    import random

    rng = random.Random(seed)
    sentences, _ = common_word_sentences(600, 0, seed=seed)
    texts = []
    for size in [rng.choice([2, 3, 12, 16, 20]) for _ in range(45)]:
        base = " ".join(rng.sample(sentences, size))
        texts.append(base)
        for _ in range(2):
            kind = rng.choice(["cut", "letters", "words"])
            if kind == "cut":
                copy = base[: int(len(base) * rng.uniform(0.35, 1.0))]
            elif kind == "letters":
                every = rng.randint(16, 40)  # Jaccard ~0.6-0.85: around the bound
                copy = "".join("x" if i % every == 0 and ch.isalpha() else ch for i, ch in enumerate(base))
            else:
                words = base.split()
                for _ in range(int(len(words) * rng.uniform(0.05, 0.4))):
                    words[rng.randrange(len(words))] = rng.choice(words)
                copy = " ".join(words)
            texts.append(copy)
    return texts


@pytest.mark.parametrize("seed", range(2))
def test_the_sketch_screen_keeps_every_pair_at_the_bound_with_its_tighter_first_pass_for_long_texts(seed, monkeypatch):
    """The candidate screen drops pairs whose sketch estimate is far below the search's bound. Its first pass (64
    bins) screens pairs of long texts - whose sets fill every bin - with a smaller margin than pairs with a short
    text, whose estimates wander further: it drops more pairs, and every pair scoring the bound stays, through
    that pass alone and through both."""
    import numpy as np

    from dedup_gui.core.algorithms import ngram
    from dedup_gui.core.columnar import lengths_of
    from dedup_gui.core.progress import Reporter

    texts = _screened_texts(seed)
    settings = Settings(algorithm="ngram").resolved()
    fp = ngram.NGram().fingerprint(texts, settings, Reporter())
    check, bound, _ = ngram.search_bounds(settings)
    a, b = np.triu_indices(len(texts), k=1)
    scores = ngram.verify(texts, a, b, settings.n_value, check, Reporter())
    must = {(int(x), int(y)) for x, y, s in zip(a, b, scores, strict=True) if s >= bound}
    assert len(must) > 50 and (scores < bound - 0.2).sum() > 1000  # pairs of both kinds to screen

    def screened(passes) -> set[tuple[int, int]]:
        monkeypatch.setattr(ngram, "SCREEN_PASSES", passes)
        ka, kb = ngram._screen(fp, a, b, bound, check, Reporter(), lengths_of(texts))
        return set(zip(ka.tolist(), kb.tolist(), strict=True))

    first, full_margin = ngram.SCREEN_PASSES[0], ngram.SCREEN_PASSES[0][2]
    assert full_margin < first[1]
    tight, loose = screened((first,)), screened(((first[0], first[1], first[1]),))
    assert tight < loose
    assert must <= tight
    assert must <= screened(ngram.SCREEN_PASSES)


@pytest.mark.parametrize("seed", range(2))
def test_gram_bits_rule_out_only_pairs_that_cannot_score_the_bound(seed):
    """The gram bits bound a pair's overlap from above for certain: every pair scoring the search's bound passes
    them, however many of its texts' grams share bits, and most of the pairs far below it (unrelated English
    texts of common words) do not. Pairs with a text of more grams than the bits can tell are kept unread."""
    import numpy as np

    from dedup_gui.core.algorithms import ngram
    from dedup_gui.core.progress import Reporter

    texts = _screened_texts(seed)
    settings = Settings(algorithm="ngram").resolved()
    fp = ngram.NGram().fingerprint(texts, settings, Reporter())
    check, bound, _ = ngram.search_bounds(settings)
    a, b = np.triu_indices(len(texts), k=1)
    sketched = fp.sketch_of(np.arange(len(texts))) >= 0 if fp.sketch_rows is not None else np.ones(len(texts), bool)
    a, b = a[sketched[a] & sketched[b]], b[sketched[a] & sketched[b]]
    scores = ngram.verify(texts, a, b, settings.n_value, check, Reporter())
    kept = ngram._by_bits(fp, fp.bits, a, b, bound, check, Reporter())
    read = np.maximum(fp.sizes[a], fp.sizes[b]) <= ngram.GRAM_BITS_MAX
    assert (scores >= bound).sum() > 50 and (read & (scores < bound - 0.2)).sum() > 500
    assert kept[scores >= bound].all()
    assert kept[~read].all()
    far = read & (scores < bound - 0.2)
    assert kept[far].mean() < 0.2
    # Pair by pair, the bound worked out on the texts' gram sets: each set's size less its grams whose bit the
    # other text lacks.
    from ngram_reference import gram_prefixes

    grams = [gram_prefixes(t, settings.n_value).tolist() for t in texts]
    bits = [{g % ngram.GRAM_BITS for g in s} for s in grams]
    want = []
    for i, j in zip(a.tolist(), b.tolist(), strict=True):
        if max(len(grams[i]), len(grams[j])) > ngram.GRAM_BITS_MAX:
            want.append(True)
            continue
        overlap = min(len(grams[i]) - len(bits[i] - bits[j]), len(grams[j]) - len(bits[j] - bits[i]))
        small, large = sorted((len(grams[i]), len(grams[j])))
        jaccard, contained = overlap / (small + large - overlap), overlap / small
        score = check.scores_from(np.array([jaccard]), np.array([contained]), small, large)[0]
        want.append(score >= bound - 1e-9)
    assert np.array_equal(kept, np.array(want))
    # The same with each row's set bits counted once ahead (as the screen passes them: ``ByteSketch``).
    counts = ngram.ByteSketch.of(fp.sketch, fp.bits).gram_bit_counts
    assert counts is not None and len(counts) == len(fp.bits)
    assert np.array_equal(ngram._by_bits(fp, fp.bits, a, b, bound, check, Reporter(), counts), kept)


@pytest.mark.parametrize("seed", range(2))
def test_the_search_finds_the_same_candidates_with_and_without_the_gram_bits(seed):
    """The gram bits only drop pairs that cannot score the bound: the search's candidates, and their scores, are
    those it finds without them - and with them fewer pairs reach the sketches."""
    import dataclasses

    import numpy as np

    from dedup_gui.core.algorithms import ngram
    from dedup_gui.core.progress import Reporter

    texts = _screened_texts(seed)
    settings = Settings(algorithm="ngram").resolved()
    fp = ngram.NGram().fingerprint(texts, settings, Reporter())
    assert fp.bits is not None and fp.bits.any()
    screened: list[int] = []
    real = ngram.ByteSketch.similarity

    def counted(self, a, b, bins):
        screened.append(len(a))
        return real(self, a, b, bins)

    runs = []
    for bits in (fp.bits, None):
        screened.clear()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(ngram.ByteSketch, "similarity", counted)
            cands = ngram.NGram().search(dataclasses.replace(fp, bits=bits), texts, settings, Reporter())
        runs.append((cands, sum(screened)))
    (with_bits, read_with), (without, read_without) = runs
    assert len(with_bits.a) > 50
    assert np.array_equal(with_bits.a, without.a) and np.array_equal(with_bits.b, without.b)
    assert np.array_equal(with_bits.measure, without.measure)
    assert read_with < read_without


def test_web_page_chrome_is_not_part_of_the_compared_text():
    from dedup_gui.core.settings import NormaliseOptions
    from dedup_gui.core.text import normalise

    page = (
        "<html><head><title>地铁新线年底开通_新闻中心_某某网</title><meta charset='utf-8'>"
        "<style>.a{color:red}</style></head><body><nav>首页 | 新闻 | 体育</nav>"
        "<div><p>正文第一段&nbsp;内容。</p><p>第二段</p></div><footer>版权所有 © 某某网</footer>"
        "<script>var x = 1;</script></body></html>"
    )
    assert normalise(page, NormaliseOptions()) == "正文第一段 内容。\n第二段"


def assert_same_clusters_copies_together(cut, whole, copies: list[tuple[int, int]]) -> None:
    """The run with fewer pairs made (``cut``) forms the clusters of the run with every pair (``whole``), and nearly
    every (sentence, copy) of ``copies`` is in one cluster (the rest lost a figure: "one" edited to "ore" - the text
    check)."""
    assert [(c.kept, c.members) for c in cut.clusters] == [(c.kept, c.members) for c in whole.clusters]
    together = {m: c.kept for c in cut.clusters for m in c.members}
    found = [together.get(s) is not None and together.get(s) == together.get(c) for s, c in copies]
    assert sum(found) >= 0.95 * len(copies)


def test_short_texts_keep_their_common_keys_among_their_first_ones_only_and_every_copy_is_found(monkeypatch):
    """English sentences are made of common 4-grams: their prefix buckets hold hundreds of texts. A short text keeps
    a common prefix key only among its first n + 1 keys (``_prefixes``' ``common_above``): far fewer pairs are made,
    every copy one character edit away is still found, and the clusters are those of every common key kept."""
    from engine_texts import common_word_sentences

    from dedup_gui.core.algorithms import ngram

    texts, copies = common_word_sentences(3000, 300, seed=3)
    real_prefixes, real_pairs = ngram._prefixes, ngram.bucket_pairs
    made = {}

    def run(rule: bool):
        def prefixes(*args, **kw):
            return real_prefixes(*args, **(kw if rule else {**kw, "common_above": None}))

        def pairs(*args, keep, **kw):
            def counted(a, b):  # every pair a bucket makes is screened
                made[rule] = made.get(rule, 0) + len(a)
                return keep(a, b)

            return real_pairs(*args, keep=counted, **kw)

        monkeypatch.setattr(ngram, "_prefixes", prefixes)
        monkeypatch.setattr(ngram, "bucket_pairs", pairs)
        return Pipeline(texts).run(Settings(algorithm="ngram"))

    cut, whole = run(True), run(False)
    assert made[True] * 2 < made[False]  # (168,467 pairs screened against 1,194,157)
    assert_same_clusters_copies_together(cut, whole, copies)


def test_a_common_keys_bucket_pairs_texts_only_a_few_edits_apart_and_every_copy_is_found(monkeypatch):
    """A text that is not tight holds a common prefix key only for its copies a few edits away: in the bucket of a
    key marked common (``KeyCounts.buckets``), two such texts whose lengths differ by more than those edits are not
    paired (``bucket_pairs``' ``common_keep``). Fewer pairs are screened, every copy one character edit away is
    still found, and the clusters are those of every pair of those buckets made."""
    import numpy as np
    from engine_texts import common_word_sentences

    from dedup_gui.core.algorithms import ngram

    texts, copies = common_word_sentences(3000, 300, seed=5)
    real_pairs = ngram.bucket_pairs
    made: dict[bool, int] = {}
    asked: dict[bool, list] = {True: [], False: []}

    def run(rule: bool):
        def pairs(*args, keep, common_from=None, common_keep=None, **kw):
            def counted(a, b):  # every pair a bucket makes is screened
                made[rule] = made.get(rule, 0) + len(a)
                return keep(a, b)

            def near(a, b):
                kept = common_keep(a, b)
                asked[rule].append((a[~kept], b[~kept]))
                return kept

            if rule and common_keep is not None:
                kw.update(common_from=common_from, common_keep=near)
            return real_pairs(*args, keep=counted, **kw)

        monkeypatch.setattr(ngram, "bucket_pairs", pairs)
        return Pipeline(texts).run(Settings(algorithm="ngram"))

    cut, whole = run(True), run(False)
    assert made[True] < made[False]  # (159,792 pairs screened against 168,771)
    a, b = np.concatenate([a for a, _ in asked[True]]), np.concatenate([b for _, b in asked[True]])
    # (the sentences are normalised as they are: one space each, lower case) - none tight, each its copies' edits
    lengths = np.array([len(t) for t in texts])
    edits = np.maximum(ngram.short_pair_edits(lengths), 1)
    assert len(a) > 1000 and (np.abs(lengths[a] - lengths[b]) > np.maximum(edits[a], edits[b])).all()
    assert_same_clusters_copies_together(cut, whole, copies)


def test_a_common_prefix_key_past_a_short_texts_first_ones_is_left_out():
    """``_prefixes``' ``common_above``: of a set's prefix, a key counted in more than ``common_above`` sets stays only
    among the set's first n + 1 keys held by two sets or more (rarest first); rare keys stay wherever they are, and
    a tight text keeps every key. Random sets over a vocabulary of common words (in most sets) and words of one or
    a few sets."""
    import numpy as np

    from dedup_gui.core.algorithms.base import Packing
    from dedup_gui.core.algorithms.ngram import KeyCounts, KeyPart, _prefixes

    rng = np.random.default_rng(11)
    n, n_texts = 4, 300
    common_words, few = rng.integers(1, 2**40, 20, dtype=np.uint64), rng.integers(1, 2**40, 1500, dtype=np.uint64)
    sets = []
    for _ in range(n_texts):
        rare = rng.choice(few, int(rng.integers(0, 10)), replace=False)  # in one set or a few
        sets.append(np.unique(np.concatenate([common_words[rng.random(20) < 0.8], rare])))
    doc = np.repeat(np.arange(n_texts), [len(x) for x in sets]).astype(np.int32)
    part = KeyPart(np.concatenate(sets), doc, np.zeros(len(doc), dtype=np.int8))
    tight = rng.random(n_texts) < 0.2

    def chosen(**kw) -> set[tuple[int, int]]:
        packed, packing, _ = _prefixes([part], 0.45, n=n, **kw)
        k, d, _p = Packing(packing.doc_bits, packing.flag_bits, False).unpack(packed.copy())
        return set(zip(k.tolist(), d.tolist(), strict=True))

    whole, cut = chosen(), chosen(common_above=20, tight=tight)
    counts = KeyCounts.of([part.keys])
    place = part.keys.copy()
    counts.order_in_place(place)
    bucket = KeyCounts.buckets(place, n_texts)
    want = set()
    for t in range(n_texts):  # each set's keys rarest first, as the prefix orders them
        at = np.flatnonzero(doc == t)
        order = at[np.argsort(place[at], kind="stable")]
        shared = 0  # the set's keys so far held by two sets or more (a key of one set is no posting)
        for j in order.tolist():
            shared += bool(place[j] >= KeyCounts.held_by(2))
            if tight[t] or shared <= n + 1 or place[j] < KeyCounts.held_by(21):
                want.add((int(bucket[j]), t))
    assert cut == whole & want
    assert len(whole - cut) > 500  # common keys left out of many sets (1,193 of 3,586)
    assert any(tight[d] for _, d in whole - cut) is False


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), alphabet_size=st.sampled_from([2, 3, 6, 12, 40]), n=st.sampled_from([2, 3, 4]))
# "一一一一一一一仂" / "一一一一仂一一一仂": 2 distinct grams against 5, one edit apart
@example(seed=4610, alphabet_size=3, n=4)
def test_ngram_search_finds_every_short_pair_within_the_floor(seed, alphabet_size, n):
    """Every pair of short texts (the shorter under SHORT_CHARS characters) whose edit similarity is at least the
    short floor is a candidate of the n-gram search, however common their grams are: texts of 3-46 characters of a
    few characters (so the rarest-first order of their keys is mostly counts, not chance), each with copies a few
    substitutions, insertions and deletions away, anywhere - against every pair compared by brute force. (The
    search indexes as many of a short text's rarest keys as it takes one edit more than the pair may have to
    destroy, by their first windows: ``ngram.located_prefix``.) Gram lengths 2-4; from 5 on, two edits can touch
    every gram of a text of 12-14 characters, which then shares none with its copy, and only one edit is looked up
    by deletions (``ngram.edit_variants``)."""
    import random

    from rapidfuzz.distance import Levenshtein

    from dedup_gui.core.algorithms.ngram import NGram
    from dedup_gui.core.progress import Reporter
    from dedup_gui.core.textcheck import SHORT_CHARS, SHORT_FLOOR

    rng = random.Random(seed)
    alphabet = [chr(0x4E00 + 97 * i) for i in range(alphabet_size)]
    texts: list[str] = []
    while len(texts) < 45:
        chars = [rng.choice(alphabet) for _ in range(rng.randint(3, 46))]
        texts.append("".join(chars))
        for _ in range(rng.randint(0, 2)):
            copy = list(chars)
            for _ in range(rng.randint(1, max(1, len(chars) // 6))):
                at = rng.randrange(len(copy) + 1)
                kind = rng.choice("sid") if at < len(copy) else "i"
                if kind == "s":
                    copy[at] = rng.choice(alphabet)
                elif kind == "i":
                    copy.insert(at, rng.choice(alphabet))
                elif len(copy) > 1:
                    del copy[at]
            texts.append("".join(copy))
    texts = list(dict.fromkeys(texts))  # distinct texts (equal ones are one unique text before any search)
    settings_ = Settings(algorithm="ngram", n=n).resolved()
    algo = NGram()
    found = algo.search(algo.fingerprint(texts, settings_, Reporter()), texts, settings_, Reporter())
    got = set(zip(found.a.tolist(), found.b.tolist(), strict=True))
    want = {
        (i, j)
        for i in range(len(texts))
        for j in range(i + 1, len(texts))
        if min(len(texts[i]), len(texts[j])) < SHORT_CHARS
        and Levenshtein.normalized_similarity(texts[i], texts[j]) >= SHORT_FLOOR
    }
    assert want, "no short pair within the floor: the test would prove nothing"
    assert want - got == set()


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    threshold=st.floats(0.4, 1.0),
    excerpts=st.booleans(),
    share=st.floats(0.3, 0.9),
)
def test_a_text_is_paired_with_a_tight_one_in_a_common_keys_bucket_wherever_the_length_filters_may_keep_it(
    seed, threshold, excerpts, share
):
    """``ngram.near_copies`` with the texts' gram counts: a text that is not tight is paired with a tight one in the
    bucket of a common key only up to its ``plausible_most`` - never where ``plausible_pairs``, which the search
    runs on every pair it makes, could keep the pair (random gram counts and lengths, every pair of a text that is
    not tight and one that is)."""
    import numpy as np

    from dedup_gui.core.algorithms.ngram import TIGHT_GRAMS, near_copies, plausible_pairs, search_bounds

    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 3 * TIGHT_GRAMS, 120)
    lengths = sizes + rng.integers(0, 60, 120)  # (a text has at least as many characters as grams)
    lengths[:20] = rng.integers(1, 60, 20)  # (short texts among them)
    sizes[:20] = np.minimum(sizes[:20], lengths[:20])
    sizes[20:22], lengths[20:22] = TIGHT_GRAMS - 1, TIGHT_GRAMS + 9  # (a pair the filters keep at any threshold)
    sizes[22], lengths[22] = TIGHT_GRAMS, TIGHT_GRAMS + 9
    tight = sizes >= TIGHT_GRAMS
    settings_ = Settings(algorithm="ngram", threshold=threshold, excerpts=excerpts, excerpt_share=share)
    check, bound, _ = search_bounds(settings_.resolved())
    band = near_copies(tight, lengths, None, sizes, check.plausible_ratio(bound))
    assert band.sizes is not None and band.most is not None
    free, held = np.flatnonzero(~tight), np.flatnonzero(tight)
    x, y = np.repeat(free, len(held)), np.tile(held, len(free))
    kept = plausible_pairs(check, sizes, lengths, x, y, bound)
    assert kept.any() and (~kept).any()  # (both kinds of pair among them)
    assert (band.sizes[y[kept]] <= band.most[x[kept]]).all()
