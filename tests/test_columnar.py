"""The column-at-once kernels give exactly what the plain per-text implementations give, on random texts.

Each reference below is the straightforward loop over texts (the engine's implementation before the columnar
kernels); hypothesis draws texts mixing Chinese, Latin, accented, full-width and astral characters, spaces, line
breaks, empty and very short texts, and small chunk sizes so that chunk boundaries fall everywhere.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from ngram_reference import byte_sketch, fill_sketch, gram_bits, gram_prefixes, level_salt
from ngram_reference import level as reference_level

from dedup_gui.core import columnar
from dedup_gui.core.algorithms.ngram import (
    EMPTY_BIN,
    MAX_LEVEL_STEPS,
    SKETCH_BINS,
    NGram,
    _levels,
    verify_counted,
)
from dedup_gui.core.columnar import (
    gram_columns,
    gram_prefix_columns,
    pair_counts,
    pair_overlap,
    score_pairs,
    score_pairs_counted,
    sorted_segments,
)
from dedup_gui.core.progress import Reporter
from dedup_gui.core.settings import Settings
from dedup_gui.core.text import gram_hashes, overlap
from dedup_gui.core.textcheck import SHORT_CHARS, TextCheck

ALPHABET = "新闻中国人民日报记者北京上海的了是在 abcxyzAB0123é.,。，！\n\tＡ１𠀀"
texts_st = st.lists(st.text(alphabet=ALPHABET, max_size=120), min_size=0, max_size=40)
# Texts sharing material, so that pairs overlap (random texts rarely share a 4-gram).
base = "北京日报记者报道，上海的人民在中国新闻中是了abc xyz 0123。" * 3


@st.composite
def related_texts(draw):
    out = []
    for _ in range(draw(st.integers(2, 30))):
        lo = draw(st.integers(0, len(base) - 1))
        hi = draw(st.integers(lo, len(base)))
        piece = base[lo:hi]
        if piece and draw(st.booleans()):
            k = draw(st.integers(0, len(piece) - 1))
            piece = piece[:k] + draw(st.sampled_from(ALPHABET)) + piece[k + 1 :]
        out.append(piece)
    return out


@st.composite
def long_and_short_texts(draw):
    """Texts of a few hundred characters (own levels 2-4) among shorter ones: the levels a column's longest text
    bounds, and short texts keyed at the levels above their own."""
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    chars = np.array(list("新闻中国人民日报记者北京上海的了是在abcxyz0123"))
    sizes = [draw(st.integers(0, 600)) for _ in range(draw(st.integers(1, 12)))]
    return ["".join(rng.choice(chars, k)) for k in sizes]


def reference_fingerprint(texts: list[str], n: int, n_steps: int, ratio: float = 0.0, whole: bool = False):
    """The per-text loop the columnar fingerprint replaces. A text of own level 1 is keyed at level 2**step only
    when it has ``ratio`` of the 64 x 2**step grams the texts of that own level have at least. ``whole`` (the texts
    are a whole column): no text is keyed at a level above the own level a text as long as the longest would have
    were each of its characters the start of a distinct gram."""
    top = reference_level(max(map(len, texts), default=0)) if whole else None
    keys, docs, steps = [], [], []
    sizes = np.zeros(len(texts), dtype=np.int64)
    sketch = np.full((len(texts), SKETCH_BINS), EMPTY_BIN, dtype=np.uint32)
    for i, t in enumerate(texts):
        if not t:
            continue
        g = gram_prefixes(t, n)
        sizes[i] = len(g)
        fill_sketch(sketch[i], g)
        level = reference_level(len(g))
        own = level
        for step in range(n_steps):
            if own == 1 and step > 0 and len(g) < ratio * 64 * 2**step:
                break
            if top is not None and level > top:
                break
            sample = g[(g & np.uint64(level - 1)) == 0] if level > 1 else g
            if len(sample) == 0:
                break
            keys.append(sample ^ level_salt(level))
            docs.append(np.full(len(sample), i, dtype=np.int64))
            steps.append(np.full(len(sample), step, dtype=np.int8))
            level *= 2
    if not keys:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int8), sizes, sketch
    return np.concatenate(keys), np.concatenate(docs), np.concatenate(steps), sizes, sketch


@settings(max_examples=150, deadline=None)
@given(texts=texts_st, n=st.integers(2, 8), chunk=st.integers(1, 400))
def test_gram_columns_equal_gram_hashes_of_each_text(texts, n, chunk):
    cols = gram_columns(texts, n, chunk_chars=chunk)
    assert len(cols) == len(texts)
    for i, t in enumerate(texts):
        assert np.array_equal(cols.of(i), gram_hashes(t, n)), (i, t)


@settings(max_examples=100, deadline=None)
@given(texts=texts_st, n=st.integers(2, 8), block=st.integers(1, 9))
def test_gram_columns_hashed_a_few_windows_at_a_time_equal_gram_hashes(texts, n, block):
    """The windows are hashed (and mixed) a block at a time: blocks of any size, their edges anywhere in a text,
    give each text's ``gram_hashes``."""
    from dedup_gui.core import columnar, text

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(columnar, "MIX_BLOCK", block)
        mp.setattr(text, "MIX_BLOCK", block)
        cols = gram_columns(texts, n)
    for i, t in enumerate(texts):
        assert np.array_equal(cols.of(i), gram_hashes(t, n)), (i, t)


@settings(max_examples=60, deadline=None)
@given(
    texts=st.one_of(texts_st, related_texts(), long_and_short_texts()),
    n=st.integers(2, 8),
    share=st.sampled_from([0.1, 0.3, 0.5, 1.0]),
    whole=st.booleans(),
)
def test_ngram_fingerprint_equals_the_per_text_reference(texts, n, share, whole):
    """The fingerprint of a whole column (``NGram.fingerprint``) and of a batch of one (``batch_fingerprint``, the
    Spark job's, keyed at every level) equal the reference's."""
    s = Settings(algorithm="ngram", n=n, excerpt_share=share)
    n_steps = 2 + max(0, int(np.ceil(np.log2(1.0 / max(0.1, min(1.0, share))))) - 1)
    fp = (NGram().fingerprint if whole else NGram().batch_fingerprint)(texts, s, Reporter())
    keys, docs, steps, sizes, sketch = reference_fingerprint(texts, n, n_steps, ratio=min(0.3, share), whole=whole)
    assert np.array_equal(fp.keys, keys)
    assert np.array_equal(fp.doc, docs)
    assert np.array_equal(fp.step, steps)
    assert np.array_equal(fp.sizes, sizes)
    # A sketch for each text of SHORT_CHARS characters or more (the only ones ever screened), none for the others.
    want = byte_sketch(sketch)
    short = np.array([len(t) < SHORT_CHARS for t in texts], dtype=bool)
    assert np.array_equal(fp.sketch, want[~short])
    want[short] = 0xFF
    assert np.array_equal(fp.every_sketch(), want)
    assert fp.step.max(initial=0) < MAX_LEVEL_STEPS
    # The gram bits of the same texts, in the sketch's rows.
    bits = [gram_bits(gram_prefixes(t, n)) for t, s in zip(texts, short, strict=True) if not s]
    assert fp.bits is not None
    assert np.array_equal(fp.bits, np.array(bits, dtype=np.uint64).reshape(-1, fp.bits.shape[1]))


def _drawn_pairs(data, n: int, fewest: int, most: int) -> tuple[np.ndarray, np.ndarray]:
    """Between ``fewest`` and ``most`` pairs of text indices below ``n`` (repeats and (i, i) included)."""
    m = data.draw(st.integers(fewest, most))
    a = np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m)), dtype=np.int64)
    b = np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m)), dtype=np.int64)
    return a, b


@given(st.integers(0, 10**9))
def test_levels_equal_the_loop(size):
    assert int(_levels(np.array([size]))[0]) == reference_level(size)


@settings(max_examples=80, deadline=None)
@given(texts=related_texts(), data=st.data(), excerpts=st.booleans(), share=st.sampled_from([0.3, 0.5, 0.9]))
def test_pair_scores_equal_the_text_check_pair_by_pair(texts, data, excerpts, share):
    n = len(texts)
    a, b = _drawn_pairs(data, n, 0, 60)
    cols = gram_columns(texts, 4)
    check = TextCheck(0.8, excerpts, share)
    chunk = data.draw(st.integers(1, 500))
    got_overlap = pair_overlap(cols, a, b, chunk=chunk)
    assert got_overlap.tolist() == [overlap(cols.of(i), cols.of(j)) for i, j in zip(a, b, strict=True)]
    # The hashes' prefixes (what verification counts on) give the same overlaps and set sizes.
    prefixes = gram_prefix_columns(texts, 4)
    assert prefixes.sizes.tolist() == cols.sizes.tolist()
    assert [prefixes.of(i).tolist() for i in range(n)] == [(cols.of(i) >> np.uint64(24)).tolist() for i in range(n)]
    assert pair_overlap(prefixes, a, b, chunk=chunk).tolist() == got_overlap.tolist()
    # Hashing the pairs' texts unsorted and sorting each pair's two lists in one row gives the same counts.
    inter, size_a, size_b = pair_counts(texts, a, b, 4)
    assert inter.tolist() == got_overlap.tolist()
    assert size_a.tolist() == cols.sizes[a].tolist() and size_b.tolist() == cols.sizes[b].tolist()
    want = [check.score_texts(texts[i], texts[j], cols.of(i), cols.of(j)) for i, j in zip(a, b, strict=True)]
    # Scored a block of pairs at a time (``SCORE_BLOCK``) or all at once: the same scores and counts.
    old = columnar.PAIR_BATCH_CHARS, columnar.RECURRING, columnar.SCORE_BLOCK
    columnar.SCORE_BLOCK = data.draw(st.integers(1, 70))
    try:
        got, counts = score_pairs_counted(check, texts, cols, a, b)
        assert got.tolist() == want
        columnar.SCORE_BLOCK = old[2]
        whole, whole_counts = score_pairs_counted(check, texts, cols, a, b)
        assert whole.tolist() == want
        for part, at_once in zip(
            (counts.overlap, counts.size_a, counts.size_b),
            (whole_counts.overlap, whole_counts.size_a, whole_counts.size_b),
            strict=True,
        ):
            assert part.tolist() == at_once.tolist()
        assert score_pairs(check, texts, cols, a, b).tolist() == want
    finally:
        columnar.SCORE_BLOCK = old[2]
    # Without the kept gram sets, verify hashes only the texts of the pairs, a batch of pairs at a time - or, where
    # texts recur in the pairs (``RECURRING``), each text's set once: the same scores and counts either way,
    # whatever the batches.
    columnar.PAIR_BATCH_CHARS = data.draw(st.integers(1, 400))
    columnar.SCORE_BLOCK = data.draw(st.integers(1, 70))
    try:
        got_by = {}
        for recurring in (0, 10**9):  # each text's set once / pair by pair
            columnar.RECURRING = recurring
            got_by[recurring] = verify_counted(texts, a, b, 4, check, Reporter())
            assert got_by[recurring][0].tolist() == want
        counted = [[g.tolist() for g in (c.overlap, c.size_a, c.size_b)] for _, c in got_by.values()]
        assert counted[0] == counted[1]
    finally:
        columnar.PAIR_BATCH_CHARS, columnar.RECURRING, columnar.SCORE_BLOCK = old


def _sampled_reference(check, cols, i: int, j: int, k: int) -> float:
    """The estimate of ``sampled_scores``, set by set: each set's grams up to the lower of the two sets' k-th
    smallest (a set of k grams or fewer: all), Jaccard on those, an excerpt's containment as the share of the
    smaller set's sample in the larger's."""
    sa, sb = sorted(cols.of(i).tolist()), sorted(cols.of(j).tolist())
    if not sa or not sb:
        return 0.0
    v = min(s[k - 1] if len(s) > k else float("inf") for s in (sa, sb))
    xa, xb = {h for h in sa if h <= v}, {h for h in sb if h <= v}
    both = len(xa & xb)
    score = both / max(len(xa | xb), 1)
    small, large = sorted((len(sa), len(sb)))
    if check.excerpts and small >= check.excerpt_share * large:
        score = max(score, both / max(len(xa if len(sa) <= len(sb) else xb), 1))
    return score


@settings(max_examples=80, deadline=None)
@given(texts=related_texts(), data=st.data(), excerpts=st.booleans(), share=st.sampled_from([0.3, 0.5, 0.9]))
def test_sampled_scores_equal_the_score_of_each_pairs_coordinated_sample(texts, data, excerpts, share):
    """``sampled_scores`` estimates each pair's score on the grams of both sets up to one shared hash bound; with
    every set within the sample size it is the exact score."""
    n = len(texts)
    a, b = _drawn_pairs(data, n, 0, 60)
    cols = gram_prefix_columns(texts, 4)
    check = TextCheck(0.8, excerpts, share)
    k = data.draw(st.integers(1, 40))
    got = columnar.sampled_scores(check, cols, a, b, k=k)
    assert got.tolist() == pytest.approx([_sampled_reference(check, cols, i, j, k) for i, j in zip(a, b, strict=True)])
    whole = columnar.sampled_scores(check, cols, a, b, k=max(1, int(cols.sizes.max(initial=0))))
    assert whole.tolist() == pytest.approx(
        columnar.check_scores(check, cols.sizes[a], cols.sizes[b], pair_overlap(cols, a, b)).tolist()
    )


def _pieces_of(texts: list[str], data) -> columnar.GramPieces:
    """The texts' gram sets made a chunk at a time (drawn chunk bounds), kept as pieces (``GramPieces``)."""
    bounds = sorted(set(data.draw(st.lists(st.integers(1, max(1, len(texts) - 1)), max_size=4))) - {len(texts)})
    firsts = [0, *bounds]
    chunks = [gram_prefix_columns(texts[lo:hi], 4) for lo, hi in zip(firsts, [*bounds, len(texts)], strict=True)]
    sizes = np.concatenate([c.sizes for c in chunks])
    return columnar.GramPieces.of(firsts, [c.hashes for c in chunks], sizes)


@settings(max_examples=60, deadline=None)
@given(texts=related_texts(), data=st.data())
def test_gram_pieces_give_the_sets_of_the_texts_asked_for(texts, data):
    """Gram sets kept as a fingerprint's chunks made them give any texts' sets as ``gram_prefix_columns`` of those
    texts alone."""
    pieces = _pieces_of(texts, data)
    used = np.array(sorted(data.draw(st.sets(st.integers(0, len(texts) - 1)))), dtype=np.int64)
    got, want = pieces.columns(used), gram_prefix_columns([texts[i] for i in used.tolist()], 4)
    assert got.offsets.tolist() == want.offsets.tolist()
    assert got.hashes.tolist() == want.hashes.tolist() and got.prefix


def test_an_article_fingerprint_keeps_its_gram_sets_as_pieces_up_to_a_bound(monkeypatch):
    """Articles' fingerprint (texts above ``LONG_TEXT_CHARS`` on average) keeps every text's gram set as its chunks
    made them (``GramKeys.pieces``; no joined ``grams``), while they hold at most ``KEEP_GRAMS`` hashes."""
    from dedup_gui.core.algorithms import ngram

    rng = np.random.default_rng(5)
    texts = ["".join(rng.choice(list(ALPHABET), size=int(rng.integers(250, 900)))) for _ in range(60)]
    monkeypatch.setattr(ngram, "LONG_CHUNK_CHARS", 4000)  # (several chunks)
    settings_ = Settings(algorithm="ngram").resolved()
    fp = NGram().fingerprint(texts, settings_, Reporter())
    assert fp.grams is None and fp.pieces is not None and len(fp.pieces.pieces) > 1
    want = gram_prefix_columns(texts, settings_.n_value)
    got = fp.pieces.columns(np.arange(len(texts)))
    assert got.hashes.tolist() == want.hashes.tolist() and got.offsets.tolist() == want.offsets.tolist()
    monkeypatch.setattr(ngram, "KEEP_GRAMS", int(want.sizes.sum()) - 1)
    assert NGram().fingerprint(texts, settings_, Reporter()).pieces is None


@settings(max_examples=60, deadline=None)
@given(texts=related_texts(), data=st.data(), recurring=st.booleans())
def test_pairs_scored_on_kept_pieces_score_as_on_sets_made_again(texts, data, recurring):
    """``score_pairs_of_counted`` given the fingerprint's pieces (articles) gives the same scores and counts as with
    the pairs' texts hashed again - the texts' sets made once (recurring) or pair batch by pair batch."""
    a, b = _drawn_pairs(data, len(texts), 1, 60)
    check = TextCheck(0.8, True, 0.5)
    old = columnar.RECURRING
    columnar.RECURRING = 0 if recurring else 10**9
    try:
        want, want_counts = columnar.score_pairs_of_counted(check, texts, a, b, 4, floor=0.5)
        got, counts = columnar.score_pairs_of_counted(check, texts, a, b, 4, floor=0.5, pieces=_pieces_of(texts, data))
    finally:
        columnar.RECURRING = old
    assert got.tolist() == want.tolist()
    assert [counts.overlap.tolist(), counts.size_a.tolist(), counts.size_b.tolist()] == [
        want_counts.overlap.tolist(),
        want_counts.size_a.tolist(),
        want_counts.size_b.tolist(),
    ]


@settings(max_examples=60, deadline=None)
@given(texts=related_texts(), data=st.data())
def test_pairs_estimated_below_the_floor_keep_their_estimate_and_the_rest_their_score(texts, data):
    """Where the pairs' texts recur (each text's set made once), a floor has the long pairs estimated first
    (``sampled_scores``): those below it are given the estimate and no counts; every other pair - one estimated
    at the floor, short pairs (judged by edits) always - its exact score and counts, as without a floor."""
    n = len(texts)
    a, b = _drawn_pairs(data, n, 1, 60)
    check = TextCheck(0.8, True, 0.5)
    k = data.draw(st.integers(1, 30))
    estimate = columnar.sampled_scores(check, gram_prefix_columns(texts, 4), a, b, k=k)
    lengths = columnar.lengths_of(texts)
    short = np.minimum(lengths[a], lengths[b]) < SHORT_CHARS
    floor = data.draw(st.sampled_from(sorted(set(estimate[~short].tolist())) + [0.0, 2.0]))  # often a pair's own
    old = columnar.RECURRING, columnar.SAMPLE_GRAMS
    columnar.RECURRING, columnar.SAMPLE_GRAMS = 0, k  # each text's set made once
    try:
        want, want_counts = columnar.score_pairs_of_counted(check, texts, a, b, 4)
        got, counts = columnar.score_pairs_of_counted(check, texts, a, b, 4, floor=floor)
    finally:
        columnar.RECURRING, columnar.SAMPLE_GRAMS = old
    for x in range(len(a)):
        if not short[x] and estimate[x] < floor:
            assert got[x] == pytest.approx(estimate[x])
            assert counts.overlap[x] == -1
        else:
            assert got[x] == want[x]
            assert (counts.overlap[x], counts.size_a[x], counts.size_b[x]) == (
                want_counts.overlap[x],
                want_counts.size_a[x],
                want_counts.size_b[x],
            )


@settings(max_examples=60, deadline=None)
@given(
    texts=st.lists(st.text(alphabet="新闻中国人民ab", max_size=900), min_size=2, max_size=8),
    data=st.data(),
)
@example(texts=["新闻中国" * 200 + "人民ab" * 40, "ab人民中国新" * 150], data=None)
def test_pair_counts_of_long_texts_equal_the_gram_set_intersections(texts, data):
    """Pairs of texts of up to 900 characters from a small alphabet (grams repeated and shared): their rows are
    longer than a sorting network, so they are sorted in pieces that are then merged (``NETWORK_WIDTH``); the
    shared and distinct grams counted as Python's sets count them."""
    if data is None:
        pairs = [(0, 1), (1, 0), (0, 0)]
    else:
        pairs = data.draw(
            st.lists(st.tuples(st.integers(0, len(texts) - 1), st.integers(0, len(texts) - 1)), min_size=1)
        )
    a = np.array([p for p, _ in pairs], dtype=np.int64)
    b = np.array([q for _, q in pairs], dtype=np.int64)
    sets = [set(gram_prefixes(t, 4).tolist()) for t in texts]
    before = columnar.NETWORK_MERGE
    try:
        for merge in (True, False):  # pieces merged (numpy's wide sorts slow here), or rows sorted whole
            columnar.NETWORK_MERGE = merge
            inter, size_a, size_b = pair_counts(texts, a, b, 4)
            assert inter.tolist() == [len(sets[p] & sets[q]) for p, q in pairs]
            assert size_a.tolist() == [len(sets[p]) for p, _ in pairs]
            assert size_b.tolist() == [len(sets[q]) for _, q in pairs]
    finally:
        columnar.NETWORK_MERGE = before


@settings(max_examples=200, deadline=None)
@given(
    segments=st.lists(st.lists(st.integers(0, 2**62 - 1) | st.integers(0, 9), max_size=700), max_size=30),
    data=st.data(),
)
def test_sorted_segments_equal_sorting_each_segment(segments, data):
    """Segments of every length (rows of a few values to beyond the sorting networks' 256), placed anywhere in the
    array with values between them: each sorted, made unique, cut to its first values, as Python does it."""
    values, starts = [], []
    for seg in segments:
        values += data.draw(st.lists(st.integers(0, 2**62 - 1), max_size=3))  # values in no segment
        starts.append(len(values))
        values += seg
    arr = np.array(values, dtype=np.uint64)
    starts_a = np.array(starts, dtype=np.int64)
    sizes = np.array([len(seg) for seg in segments], dtype=np.int64)
    take = np.array(data.draw(st.lists(st.integers(0, 800), min_size=len(segments), max_size=len(segments))))
    for unique in (False, True):
        for cut in (None, take):
            want = [sorted(set(seg)) if unique else sorted(seg) for seg in segments]
            if cut is not None:
                want = [w[:k] for w, k in zip(want, cut.tolist(), strict=True)]
            out, offsets = sorted_segments(arr, starts_a, sizes, unique=unique, take=cut)
            got = [out[offsets[i] : offsets[i + 1]].tolist() for i in range(len(segments))]
            assert got == want


@pytest.mark.parametrize("merge", [True, False], ids=["pieces merged", "rows sorted whole"])
@pytest.mark.parametrize("seed", range(4))
def test_sorted_segments_longer_than_a_sorting_network_are_sorted_whole(seed, merge, monkeypatch):
    """Segments of 200 to 3,000 values (hypothesis seldom draws such long lists): sorted in rows of
    ``NETWORK_WIDTH``, then merged (where numpy's wider sorts are slow: ``NETWORK_MERGE``), or sorted whole - each
    comes out sorted whole (and made unique) as Python sorts it."""
    from dedup_gui.core.columnar import NETWORK_WIDTH

    monkeypatch.setattr(columnar, "NETWORK_MERGE", merge)

    rng = np.random.default_rng(seed)
    sizes = rng.integers(200, 3000, size=12)
    assert sizes.max() > 4 * NETWORK_WIDTH
    values = rng.integers(0, 5000, size=int(sizes.sum()) + 7, dtype=np.uint64)  # repeats within a segment
    starts = np.concatenate([[3], 3 + np.cumsum(sizes[:-1])]).astype(np.int64)
    segments = [values[s : s + k].tolist() for s, k in zip(starts, sizes, strict=True)]
    for unique in (False, True):
        out, offsets = sorted_segments(values, starts, sizes.astype(np.int64), unique=unique)
        got = [out[offsets[i] : offsets[i + 1]].tolist() for i in range(len(sizes))]
        assert got == [sorted(set(seg)) if unique else sorted(seg) for seg in segments]


@settings(max_examples=100, deadline=None)
@given(
    sets=st.lists(st.sets(st.integers(0, 3000), max_size=900), min_size=1, max_size=12),
    data=st.data(),
)
def test_overlap_of_sorted_sets_by_merged_rows_equals_set_intersection(sets, data):
    """``pair_overlap`` of sorted gram sets: pairs whose two sets fill rows past ``RUNS_WIDTH`` are merged by the
    stable sort, shorter ones sorted - either way the size of the Python set intersection."""
    from dedup_gui.core.columnar import RUNS_WIDTH, GramColumns

    assert RUNS_WIDTH < 1800  # the sets reach it
    flat = [sorted(x) for x in sets]
    hashes = np.array([v for f in flat for v in f], dtype=np.uint64)
    offsets = np.cumsum([0] + [len(f) for f in flat]).astype(np.int64)
    cols = GramColumns(hashes, offsets, prefix=True)
    pairs = data.draw(st.lists(st.tuples(st.integers(0, len(sets) - 1), st.integers(0, len(sets) - 1)), min_size=1))
    a = np.array([p for p, _ in pairs], dtype=np.int64)
    b = np.array([q for _, q in pairs], dtype=np.int64)
    assert pair_overlap(cols, a, b).tolist() == [len(sets[p] & sets[q]) for p, q in pairs]


@settings(max_examples=80, deadline=None)
@given(texts=st.one_of(texts_st, related_texts()), chunk=st.integers(1, 400), keep=st.integers(0, 2000))
def test_the_fingerprint_keeps_the_gram_sets_it_made_a_chunk_at_a_time_when_they_are_few(texts, chunk, keep):
    """The gram sets of the texts not under SHORT_CHARS characters, kept when there are at most KEEP_GRAMS of
    their grams, are those ``gram_prefix_columns`` makes of the whole column, whatever the chunks."""
    from unittest import mock

    from dedup_gui.core.algorithms import ngram

    with (
        mock.patch.object(ngram, "CHUNK_CHARS", chunk),
        mock.patch.object(ngram, "LONG_CHUNK_CHARS", chunk),
        mock.patch.object(ngram, "KEEP_GRAMS", keep),
    ):
        fp = NGram().fingerprint(texts, Settings(algorithm="ngram").resolved(), Reporter())
    # The sets of the texts of SHORT_CHARS characters or more (the others are scored by edits in every pair: their
    # sets are kept empty).
    from dedup_gui.core.textcheck import SHORT_CHARS

    every = gram_prefix_columns(texts, 4)
    sets = [every.of(i).tolist() if len(t) >= SHORT_CHARS else [] for i, t in enumerate(texts)]
    held = sum(map(len, sets))
    if held > keep or not texts:  # (nothing to keep of no texts; the texts are short: kept when few)
        assert fp.grams is None
    else:
        assert fp.grams is not None and fp.grams.prefix
        assert [fp.grams.of(i).tolist() for i in range(len(texts))] == sets
        assert fp.grams.offsets[-1] == held


@pytest.mark.parametrize("seed", range(3))
def test_long_texts_fingerprint_the_same_in_long_chunks_as_in_short_ones(seed, monkeypatch):
    """Texts averaging more than ``LONG_TEXT_CHARS`` are fingerprinted ``LONG_CHUNK_CHARS`` at a time: the sampled
    keys (with their texts and levels), set sizes and sketches are those made a few texts at a time."""
    from dedup_gui.core.algorithms import ngram

    rng = np.random.default_rng(seed)
    alphabet = np.array(list("新闻中国人民经济发展市场记者报道今日"))
    texts = ["".join(rng.choice(alphabet, int(k))) for k in rng.integers(150, 900, size=60)]
    assert np.mean([len(t) for t in texts]) > ngram.LONG_TEXT_CHARS
    settings = Settings(algorithm="ngram").resolved()

    def fingerprint():
        fp = NGram().fingerprint(texts, settings, Reporter())
        keys = [(p.keys.tolist(), p.doc.tolist(), p.step.tolist()) for p in fp.parts]
        return [sum((k[i] for k in keys), []) for i in range(3)], fp.sizes.tolist(), fp.every_sketch().tolist()

    chunks = []
    monkeypatch.setattr(ngram, "_chunk_keys", _counting(ngram._chunk_keys, chunks))
    whole = fingerprint()
    assert len(chunks) == 1  # the long chunk holds them all
    monkeypatch.setattr(ngram, "LONG_CHUNK_CHARS", 2_000)
    assert fingerprint() == whole
    assert len(chunks) > 10


@pytest.mark.parametrize("seed", range(3))
def test_articles_gram_sets_are_not_kept_and_their_pairs_score_the_same_hashed_again(seed, monkeypatch):
    """The gram sets of texts averaging more than ``LONG_TEXT_CHARS`` are not kept (copying every article's set
    cost more than hashing again the texts of the pairs): the candidate pairs, their scores and gram counts are
    those found with the sets kept."""
    from dedup_gui.core.algorithms import ngram

    rng = np.random.default_rng(seed)
    alphabet = np.array(list("新闻中国人民经济发展市场记者报道今日"))
    originals = ["".join(rng.choice(alphabet, int(k))) for k in rng.integers(250, 900, size=30)]
    texts = originals + [t[int(rng.integers(0, 20)) :] + "。转载" for t in originals[:15]]
    settings = Settings(algorithm="ngram").resolved()

    def search():
        fp = NGram().fingerprint(texts, settings, Reporter())
        c = NGram().search(fp, texts, settings, Reporter())
        found = sorted(zip(c.a.tolist(), c.b.tolist(), c.measure.tolist(), c.grams.overlap.tolist(), strict=True))
        return fp.grams, found

    grams, found = search()
    assert grams is None
    assert len(found) >= 15  # every copy found
    monkeypatch.setattr(ngram, "LONG_TEXT_CHARS", 10_000)  # the same texts counted short: their sets kept
    grams, kept_found = search()
    assert grams is not None
    assert kept_found == found


def _counting(fn, calls):
    def counted(*args, **kwargs):
        calls.append(1)
        return fn(*args, **kwargs)

    return counted


@settings(max_examples=60, deadline=None)
@given(texts=related_texts(), data=st.data())
def test_byte_sketch_never_estimates_below_the_full_sketch(texts, data):
    from ngram_reference import sketch_similarity

    from dedup_gui.core.algorithms import ngram
    from dedup_gui.core.algorithms.ngram import ByteSketch

    settings = Settings(algorithm="ngram").resolved()
    fp = NGram().fingerprint(texts, settings, Reporter())
    whole = reference_fingerprint(texts, settings.n_value, 2)[4]  # the full 32-bit sketch
    n = len(texts)
    a, b = _drawn_pairs(data, n, 1, 40)
    sketched = np.array([len(t) >= SHORT_CHARS for t in texts], dtype=bool)  # (the texts with a sketch)
    a, b = a[sketched[a] & sketched[b]], b[sketched[a] & sketched[b]]
    packed = ByteSketch.of(fp.sketch)
    for bins in (64, SKETCH_BINS):
        full = sketch_similarity(whole, a, b, bins)
        fast = packed.similarity(fp.sketch_of(a), fp.sketch_of(b), bins)
        assert np.all(fast >= full - 1e-12)
        # Where no two different bins share a low byte, the estimates are the same.
        sa, sb = whole[a, :bins], whole[b, :bins]
        clash = ((sa & 0xFF) == (sb & 0xFF)) & (sa != sb)
        same = ~clash.any(axis=1)
        assert np.allclose(fast[same], full[same])
        # Compared a few pairs at a time (``SIMILARITY_BLOCK``), each pair gets the same estimate.
        old, ngram.SIMILARITY_BLOCK = ngram.SIMILARITY_BLOCK, 3
        try:
            assert np.array_equal(packed.similarity(fp.sketch_of(a), fp.sketch_of(b), bins), fast)
        finally:
            ngram.SIMILARITY_BLOCK = old


_NOISY = (
    "新闻中国ａｂＣ１２ Ab.\n\r\t\u3000\u00a0\u200b\u2028\x1c\x0b\x0c>{};:<>&amp;&#20013;…ﬁ①é\u0301가각ΣΑ"
    "<p></p><br/><script>x</script><style>a{b:c}</style>var  function window. // 𠀀\ud800"
    "漲點億們乾著裡\uf900"  # traditional Chinese (folded to simplified), a compatibility ideograph
)
noisy_texts = st.lists(
    st.one_of(
        st.text(alphabet=_NOISY, max_size=60),
        st.lists(
            st.sampled_from(
                [
                    "<p>段落</p>",
                    "a.nav{color:#333}",
                    "> 引用的话",
                    "  正文 内容  ",
                    "var x = 1;",
                    "",
                    "\n",
                    "-- ",
                    " --",
                ]
            ),
            max_size=6,
        ).map("\n".join),
    ),
    max_size=25,
)


@settings(max_examples=200, deadline=None)
@given(
    texts=noisy_texts,
    strip_html=st.booleans(),
    nfkc=st.booleans(),
    casefold=st.booleans(),
    drop_quoted=st.booleans(),
    simplify=st.booleans(),
)
# (the column split on its whole separator lines, spaces at the ends of its first and last texts; and a text left
# empty, whose neighbours' separators share a line break: the column cut at each separator alone)
@example(
    texts=["  首 尾  ", "中\n间", "\t末尾 \n"],
    strip_html=True,
    nfkc=True,
    casefold=True,
    drop_quoted=True,
    simplify=True,
)
@example(
    texts=["甲", " \n ", "> 引用", "乙"], strip_html=True, nfkc=True, casefold=True, drop_quoted=True, simplify=True
)
# (a text quoted throughout keeps its lines, and they are read for page chrome as every text's are)
@example(
    texts=[">> a.nav{color:#333}", "正文"], strip_html=True, nfkc=True, casefold=True, drop_quoted=True, simplify=True
)
# (traditional Chinese in texts joined as a column, one of them with markup; the compatibility ideograph U+F900)
@example(
    texts=["恒生指數上漲", "<p>沒有</p>", "简体", "\uf900們"],
    strip_html=True,
    nfkc=True,
    casefold=True,
    drop_quoted=True,
    simplify=True,
)
# (a traditional character inside markup: the text as it came held it)
@example(texts=["<p 漲>正文</p>", "简体"], strip_html=True, nfkc=True, casefold=True, drop_quoted=True, simplify=True)
# (and one its markup spells, an entity: the text as it came held none)
@example(texts=["<b>&#28450;</b>", "漲"], strip_html=True, nfkc=True, casefold=True, drop_quoted=True, simplify=True)
def test_normalise_all_equals_normalise_of_each_text(texts, strip_html, nfkc, casefold, drop_quoted, simplify):
    from dedup_gui.core.settings import NormaliseOptions
    from dedup_gui.core.text import normalise, normalise_all
    from dedup_gui.core.text import simplify as simplify_text

    opts = NormaliseOptions(
        strip_html=strip_html, nfkc=nfkc, casefold=casefold, drop_quoted=drop_quoted, simplify=simplify
    )
    folded = np.zeros(len(texts), dtype=bool)
    assert normalise_all(texts, opts, folded) == [normalise(t, opts) for t in texts]
    # ... and it tells which texts held a character it folded, as folding each alone tells
    assert folded.tolist() == [simplify and simplify_text(t) != t for t in texts]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from([">", "\n", " ", "a", "引", "\r"]), max_size=30))
def test_dropping_quoted_lines_by_find_equals_the_pattern(text):
    """``drop_quoted_lines`` removes what the quoted-line pattern removes: each line starting with ">" and its
    line break - at the start, in runs of quoted lines, and at the end without a line break."""
    from dedup_gui.core.text import _QUOTED_LINES, drop_quoted_lines

    assert drop_quoted_lines(text) == _QUOTED_LINES.sub("", text)


@settings(max_examples=200, deadline=None)
@given(
    texts=noisy_texts,
    strip_html=st.booleans(),
    collapse=st.booleans(),
    drop_quoted=st.booleans(),
    patterns=st.sampled_from([(), ("^来源",)]),
)
def test_compact_forms_of_normalised_texts_equal_compact_of_each(texts, strip_html, collapse, drop_quoted, patterns):
    from dedup_gui.core.settings import NormaliseOptions
    from dedup_gui.core.text import compact, compact_normalised, compact_of_normalised, normalise_all

    # (NFKC makes spaces of some characters: U+00A8 is a space and a combining diaeresis, U+2474 "(1)")
    texts = texts + ["来源：某报 \u3000 正文\n\n  第二行\x1c第三行  ", "\u00a8 a\u00a0\u00a0b \u2474\u2028 x\u00a8"]
    opts = NormaliseOptions(
        strip_html=strip_html, collapse_whitespace=collapse, drop_quoted=drop_quoted, boilerplate_patterns=patterns
    )
    norm = normalise_all(texts, opts)
    assert compact_normalised(norm, opts) == [compact(t) for t in norm]
    assert compact_of_normalised(norm, opts) == [compact(t) for t in norm]
    # ... and of their contents once boilerplate sentences are cut out: every sentence is boilerplate in turn.
    from dedup_gui.core.boilerplate import Boilerplate, _keys, strip_all

    for key in sorted({k for t in norm for k in _keys(t)})[:8]:
        content = strip_all(norm, Boilerplate(frozenset([key])))
        assert compact_normalised(content, opts) == [compact(t) for t in content]


def reference_exact_pass(texts, opts):
    """The per-row loop ``exact_pass`` replaces."""
    from dedup_gui.core.text import compact, normalise

    index, unique_texts, compact_texts = {}, [], []
    row_unique = np.empty(len(texts), dtype=np.int64)
    for i, text in enumerate(texts):
        norm = normalise(text, opts)
        key = compact(norm)
        u = index.get(key) if key else None
        if u is None:
            u = len(unique_texts)
            if key:
                index[key] = u
            unique_texts.append(norm)
            compact_texts.append(key)
        row_unique[i] = u
    return unique_texts, compact_texts, row_unique


@settings(max_examples=150, deadline=None)
@given(
    texts=st.lists(
        st.sampled_from(["", " ", "新闻", "新 闻", "<p>新闻</p>", "ＡＢ", "ab", "> q", "x\ny", "x y"]), max_size=30
    )
)
def test_exact_pass_equals_the_row_loop(texts):
    from dedup_gui.core.pipeline import exact_pass
    from dedup_gui.core.settings import NormaliseOptions

    got = exact_pass(texts, NormaliseOptions())
    want = reference_exact_pass(texts, NormaliseOptions())
    assert got[0] == want[0]
    assert got[1] == want[1]
    assert got[2].tolist() == want[2].tolist()


def test_the_exact_pass_tells_different_texts_apart_when_their_hashes_collide(monkeypatch):
    from dedup_gui.core import pipeline
    from dedup_gui.core.settings import NormaliseOptions

    texts = ["新闻", "新 闻", "ab", "", "x y", "ab", "新闻"]
    monkeypatch.setattr(pipeline, "hash", lambda text: 7, raising=False)  # every text the same hash
    got = pipeline.exact_pass(texts, NormaliseOptions())
    want = reference_exact_pass(texts, NormaliseOptions())
    assert (got[0], got[1], got[2].tolist()) == (want[0], want[1], want[2].tolist())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text(
            # emoji, a mathematical letter (astral, maps to "A"), two-part vowel signs that compose although their
            # combining class is 0 (Tamil in the BMP, Kaithi in plane 1), a lone surrogate
            alphabet="a\n，é\u0301\u0308가각ＡΣ𠀀ﬁ①\u3000x中…ｶﾞ\u1100\u1161😀𝐀\u0bc6\u0bbe\U00011099\U000110ba\ud800",
            max_size=12,
        ),
        max_size=12,
    )
)
def test_nfkc_line_by_line_equals_unicodedata(lines):
    import unicodedata

    from dedup_gui.core.text import nfkc

    text = "\n".join(lines)
    assert nfkc(text) == unicodedata.normalize("NFKC", text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=20), max_size=8))
def test_nfkc_equals_unicodedata_on_any_characters(lines):
    import unicodedata

    from dedup_gui.core.text import nfkc

    text = "\n".join(lines)
    assert nfkc(text) == unicodedata.normalize("NFKC", text)


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(
        st.text(alphabet="新闻中国的了。！？!?；;…\n .a b\u3000\t\ue000xy\r\u200b\u2028\x0b😀", max_size=80),
        max_size=20,
    ),
    min_len=st.integers(1, 12),
    n=st.integers(1, 6),
    slice_chars=st.sampled_from([1, 50, 400_000]),
)
def test_column_longest_sentence_hashes_equal_longest_sentences_of_each_text(texts, min_len, n, slice_chars):
    """Whatever the slices of the column (one text each, a few, all), on both cores."""
    from dedup_gui.core import text
    from dedup_gui.core.text import column_longest_sentence_hashes, longest_sentences, string_hash

    old, text.GIL_CHUNK_CHARS = text.GIL_CHUNK_CHARS, slice_chars
    try:
        hashes, doc, rank = column_longest_sentence_hashes(texts, min_len, n)
    finally:
        text.GIL_CHUNK_CHARS = old
    # Hashed where they stand (what NSHash fingerprints): each the string_hash of its sentence.
    want = [(i, r, string_hash(s)) for i, t in enumerate(texts) for r, s in enumerate(longest_sentences(t, min_len, n))]
    assert list(zip(doc.tolist(), rank.tolist(), hashes.tolist(), strict=True)) == want


def test_nshash_fingerprint_hashes_each_texts_longest_sentences_in_order():
    from dedup_gui.core.algorithms.nshash import MAX_N, NSHash
    from dedup_gui.core.text import longest_sentences, string_hash

    texts = ["第一句很长很长很长。第二句。\n第三句也很长很长", "", "短", "Alpha beta. Gamma delta epsilon! 第四句"]
    fp = NSHash().fingerprint(texts, Settings(algorithm="nshash", min_sentence=4).resolved(), Reporter())
    want = [(i, r, string_hash(s)) for i, t in enumerate(texts) for r, s in enumerate(longest_sentences(t, 4, MAX_N))]
    assert list(zip(fp.doc.tolist(), fp.rank.tolist(), fp.hashes.tolist(), strict=True)) == want


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="新闻。！？!?；;\n\r .a\u3000\ue000😀", max_size=80))
def test_piece_ends_are_where_the_piece_pattern_ends_its_pieces(text):
    from dedup_gui.core.boilerplate import _PIECE_OR_BREAK, _char_classes, _piece_ends
    from dedup_gui.core.text import utf32

    cps = utf32(text)
    ends = _piece_ends(cps, _char_classes().take(cps, mode="clip"))
    assert ends.tolist() == np.cumsum([len(p) for p in _PIECE_OR_BREAK.findall(text)]).tolist()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.integers(1, 28), st.data())
def test_row_medians_equal_numpys_median(rows, width, data):
    from dedup_gui.core.boilerplate import row_medians

    floats = st.floats(0, 1, allow_nan=False) | st.sampled_from([0.0, 0.5, 1.0])
    values = np.array(data.draw(st.lists(floats, min_size=rows * width, max_size=rows * width))).reshape(rows, width)
    assert row_medians(values).tolist() == np.median(values, axis=1).tolist()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="新闻中国的了。！？!?；;\n .a b\u3000\t\ue000xyz责任编辑", max_size=60), max_size=20))
@example(
    [
        "一句",
        "新闻中国的了新闻中国的了。中国的了新闻中国的了新闻！的了新闻中国的了新闻中国？了新闻中国的了新闻中国的；",
        "了",
    ]
)
def test_boilerplate_column_keys_equal_the_keys_of_each_text(texts):
    """Each text's distinct sentence keys, sorted (the example: a text of four sentences whose keys are not in
    order, between texts of none) - the characters that are not content counted per piece by a search of each
    or by a running count (``OTHER_SHARE``)."""
    from unittest import mock

    from dedup_gui.core import boilerplate
    from dedup_gui.core.boilerplate import _keys, column_keys

    want = [(i, k) for i, t in enumerate(texts) for k in sorted(set(_keys(t)))]
    for share in (1.0, 0.0):  # (searched for, counted)
        with mock.patch.object(boilerplate, "OTHER_SHARE", share):
            keys, docs = column_keys(texts)
        assert [(d, k) for d, k in zip(docs.tolist(), keys.tolist(), strict=True)] == want


def _learn_reference(texts: list[str], min_docs: int) -> set[int]:
    """``boilerplate.learn`` as it was written before it compared every sampled pair at once: per frequent
    sentence, its carriers sampled by ``np.linspace``, the median Jaccard similarity of their sentence sets
    without it."""
    from itertools import combinations

    from dedup_gui.core.boilerplate import DIFFERENT, SAMPLE, _keys

    sets = [set(_keys(t)) for t in texts]
    carriers: dict[int, list[int]] = {}
    for d, keys in enumerate(sets):
        for k in keys:
            carriers.setdefault(k, []).append(d)
    found = set()
    for key, docs in carriers.items():
        if len(docs) < min_docs:
            continue
        picks = np.array(docs)[np.linspace(0, len(docs) - 1, min(SAMPLE, len(docs))).astype(np.int64)]
        sims = []
        for x, y in combinations(picks.tolist(), 2):
            sx, sy = sets[x] - {key}, sets[y] - {key}
            sims.append(len(sx & sy) / len(sx | sy) if sx | sy else 1.0)
        if sims and float(np.median(sims)) < DIFFERENT:
            found.add(key)
    return found


_SENTENCES = ["责任编辑：张三。", "点击进入专题；", "新闻中国的了。", "北京日报记者报道！", "上海的人民在中国。",
              "abc xyz 0123.", "来源：新浪财经。", "本文仅代表作者观点。", "图片来自网络！",
              "中国新闻中是了？"]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_SENTENCES), max_size=8).map("\n".join), max_size=40),
    st.integers(1, 6),
    st.sampled_from([1, 3, 1 << 20]),
)
def test_boilerplate_learned_for_every_sentence_at_once_equals_the_loop_over_sentences(texts, min_docs, at_once):
    """Texts drawn from a few sentences, so that many recur in many texts, with any number of carriers
    (the sample sizes below and above ``SAMPLE``) and any number of pairs compared per step."""
    from unittest import mock

    from dedup_gui.core import boilerplate

    with mock.patch.object(boilerplate, "PAIRS_AT_ONCE", at_once):
        got = boilerplate.learn(texts, min_docs)
    want = _learn_reference(texts, min_docs) if len(texts) >= min_docs else set()
    assert set(got.keys) == want
    expected_carriers = [i for i, t in enumerate(texts) if set(boilerplate._keys(t)) & want]
    assert (got.carriers.tolist() if got.carriers is not None else []) == expected_carriers


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([*_SENTENCES, "\n", " ", "\u3000", "\r", "x", "！", "\xa0"]), max_size=12).map(
            "".join
        ),
        max_size=40,
    ),
    st.integers(1, 4),
    st.sampled_from([40, 1 << 20]),
    st.booleans(),
)
def test_stripping_the_boilerplate_where_learn_found_it_equals_splitting_each_text(texts, min_docs, slice_chars, sep):
    """``learn`` tells where its sentences are in the texts it read (``Boilerplate.cuts``), and ``strip_all`` of its
    carriers cuts them out there: the same texts as each split by its sentences - pieces anywhere in a line, after
    spaces and line breaks, over slices of a few texts or one, and (``sep``) with a text holding the separator."""
    from unittest import mock

    from dedup_gui.core import text as text_mod
    from dedup_gui.core.boilerplate import learn, strip_all

    if sep and texts:
        texts[len(texts) // 2] += text_mod.SEP
    with mock.patch.object(text_mod, "GIL_CHUNK_CHARS", slice_chars):
        plate = learn(texts, min_docs)
        got = strip_all(texts, plate, plate.carriers)
    want = [plate.split(t)[0] for t in texts]
    assert got == want
    if plate:  # (the separator: the pieces found again, text by text)
        assert (plate.cuts is None) == sep
    assert all(g is t for g, t, w in zip(got, texts, want, strict=True) if plate.split(t)[1] == [])


@pytest.mark.parametrize("sample", [1, 2, 3, 7, 8, 12])
def test_sampled_carrier_positions_are_numpys_linspace(sample):
    """Every run size up to 20,000 (float rounding of the last position included)."""
    from dedup_gui.core.boilerplate import sample_positions

    for k in range(1, sample + 1):
        sizes = np.arange(k, 20_001) if k == sample else np.array([k])
        got = sample_positions(sizes, sample)
        want = [np.linspace(0, n - 1, k).astype(np.int64).tolist() for n in sizes.tolist()]
        assert got.tolist() == want


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["责任编辑：张三。", "新闻中国的了", "！", "。", "\n", " ", "\u3000", "点击进入专题；",
                                  "ab c", "责任 编辑：张三", "\t", "x", "\r", "\x1c", "\xa0"]),
                 max_size=12).map("".join),
        max_size=15,
    ),
    st.data(),
)  # fmt: skip
def test_stripping_boilerplate_from_the_column_equals_splitting_each_text(texts, data):
    """Also when only the texts that carry a boilerplate sentence are looked at."""
    from dedup_gui.core.boilerplate import Boilerplate, _keys, strip_all

    all_keys = sorted({k for t in texts for k in _keys(t)})
    keys = data.draw(st.sets(st.sampled_from(all_keys)) if all_keys else st.just(set()))
    plate = Boilerplate(frozenset(keys))
    got = strip_all(texts, plate)
    want = [plate.split(t)[0] for t in texts]
    assert got == want
    carriers = np.array([i for i, t in enumerate(texts) if set(_keys(t)) & keys], dtype=np.int64)
    assert strip_all(texts, plate, carriers) == want
    # A text that loses nothing is the same object (its compact form is reused).
    assert all(g is t for g, t, w in zip(got, texts, want, strict=True) if plate.split(t)[1] == [])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="新闻中国ab 。\n\x00\U00020000", max_size=30), max_size=20))
def test_string_hashes_are_each_words_string_hash(words):
    """The tables of words the text check looks up (opposite words, figure words, negations) are made by
    ``string_hashes`` in one go: each word's hash is its ``string_hash``, whatever the words hold (the character
    they are joined with among them)."""
    from dedup_gui.core.text import string_hash, string_hashes

    got = string_hashes(words)
    assert got.dtype == np.uint64
    assert got.tolist() == [string_hash(w) for w in words]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(alphabet="新闻ab \n\U00020000", max_size=6), min_size=1, max_size=12),
    st.integers(0, 2),
    st.integers(0, 3),
)
def test_owners_are_the_texts_positions_of_a_joined_column_fall_in(texts, gap, first):
    """``owners`` (the one place a position of a joined column is told its text: the doubt, the check's patterns,
    the folded texts, the repost markers, the CSV writer's rows) gives, for every position of a column joined so -
    ``first`` characters before it, each text followed by ``gap`` separators - the text the position was written
    from, a separator counted as its text's."""
    from dedup_gui.core.text import owners

    written = [None] * first + [i for i, t in enumerate(texts) for _ in range(len(t) + gap)]
    positions = np.arange(first, len(written), dtype=np.int64)
    lengths = np.array([len(t) for t in texts], dtype=np.int64)
    assert owners(positions, lengths, gap, first).tolist() == written[first:]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="新闻中国ab 。\n\U00020000", max_size=12), min_size=1, max_size=12))
def test_span_hashes_depend_only_on_the_characters_of_the_span(pieces):
    from dedup_gui.core.text import code_points, span_hashes, string_hash

    joined = "".join(pieces)
    ends = np.cumsum([len(p) for p in pieces])
    got = span_hashes(code_points(joined), ends - [len(p) for p in pieces], ends).tolist()
    assert got == [string_hash(p) for p in pieces]
    by_text = {}
    for p, h in zip(pieces, got, strict=True):
        assert by_text.setdefault(h, p) == p  # no two different pieces share a hash


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet="新闻ab 。\n\U00020000", max_size=40),
    cuts=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=10),
    in_order=st.booleans(),
    summed_from=st.sampled_from([0, 10**9]),
)
def test_span_hashes_are_the_polynomial_hash_of_each_span(text, cuts, in_order, summed_from):
    """Spans in order and apart (summed by ``reduceat`` from ``summed_from`` characters a span on average) and
    spans in any order or overlapping (by prefix sums) hash as a plain polynomial hash of the span's characters,
    mixed with its length."""
    from dedup_gui.core import text as text_module
    from dedup_gui.core.text import _BASE, _LEN_MIX, code_points, span_hashes

    spans = [(min(a, b, len(text)), min(max(a, b), len(text))) for a, b in cuts]
    if in_order:
        bounds = sorted(x for span in spans for x in span)
        spans = list(zip(bounds[0::2], bounds[1::2], strict=True))
    starts = np.array([a for a, _ in spans], dtype=np.int64)
    ends = np.array([b for _, b in spans], dtype=np.int64)
    was = text_module.SUMMED_SPAN_CHARS
    text_module.SUMMED_SPAN_CHARS = summed_from
    try:
        got = span_hashes(code_points(text), starts, ends).tolist()
    finally:
        text_module.SUMMED_SPAN_CHARS = was
    mask = (1 << 64) - 1

    def plain(a: int, b: int) -> int:
        total = sum(ord(c) * pow(_BASE, i, 1 << 64) for i, c in enumerate(text[a:b])) & mask
        return total ^ ((b - a) * int(_LEN_MIX) & mask)

    assert got == [plain(a, b) for a, b in spans]


@settings(max_examples=100, deadline=None)
@given(
    texts=st.lists(
        st.lists(
            st.sampled_from(
                ["北京", "日报", "记者", "报道", "的", "了", "上海市", "人民", "the", "The", "and", "GDP", "2024",
                 "年", "，", "。", " ", "\n", "Apple", "apple", "C++", "3.5", "中华人民共和国", "a-b"]
            ),
            max_size=40,
        ).map("".join),
        max_size=12,
    ),
    top_n=st.integers(1, 8),
)  # fmt: skip
def test_keyword_hashes_of_a_batch_equal_keywords_text_by_text(texts, top_n):
    from dedup_gui.core.segment import _hash_keywords, _hash_keywords_each

    # The second holds the separator: text by text; the third the mark put between words to find their ends
    # (``segment._token_ends``): each word's length is asked instead.
    for batch in (texts, [*texts, "北京\ue000日报"], [*texts, "北京\ue001日报记者"]):
        got, want = _hash_keywords(batch, top_n), _hash_keywords_each(batch, top_n)
        assert [x.tolist() for x in got] == [x.tolist() for x in want]
    got, want = _hash_keywords(texts, top_n), _hash_keywords_each(texts, top_n)
    assert got[0].tolist() == want[0].tolist()
    assert got[1].tolist() == want[1].tolist()
    assert got[2].tolist() == want[2].tolist()


@settings(max_examples=30, deadline=None)
@given(texts=related_texts(), algorithm=st.sampled_from(["simhash", "nshash"]))
def test_pipeline_pair_similarities_equal_the_text_check_pair_by_pair(texts, algorithm):
    from dedup_gui.core.pipeline import Pipeline

    texts = [t.replace("。", "。\n") for t in texts]
    pipeline = Pipeline(texts)
    s = (
        Settings(algorithm=algorithm, threshold=16, n=5)
        if algorithm == "simhash"
        else Settings(algorithm=algorithm, threshold=1, n=4, min_sentence=3)
    )
    res = pipeline.run(s)
    prep = pipeline._last_prepared()
    c = res.candidates
    want = [pipeline._unique_similarity(prep, int(u), int(v)) for u, v in zip(c.a, c.b, strict=True)]
    assert c.similarity.tolist() == want


@settings(max_examples=300, deadline=None)
@given(
    sets=st.lists(st.lists(st.integers(0, 40), unique=True, max_size=12), max_size=15),
    steps=st.integers(1, 2),
    bound=st.sampled_from([0.3, 0.5, 0.8, 0.95]),
    chunk=st.integers(1, 60),
    cut=st.integers(1, 16),
    shared=st.booleans(),
    edits=st.none() | st.lists(st.integers(-1, 4), min_size=15, max_size=15),
    n=st.integers(2, 5),
    only=st.lists(st.booleans(), min_size=15, max_size=15),
    located=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    probe_bound=st.sampled_from([None, 0.5, 0.8, 0.95]),
)
def test_prefixes_are_each_sets_rarest_keys(
    sets, steps, bound, chunk, cut, shared, edits, n, only, located, seed, probe_bound
):
    """Each (text, level) key set keeps its rarest keys (by ``KeyCounts``: its cell's count, ties by the key's
    hash), as many as two sets above the bound need to share one - whatever the chunks of texts they are picked
    in. A key comes back as its bucket number. ``shared``: of those, only the keys counted in more than one set.
    The keys come in parts of ``cut`` texts, and are worked on ``chunk`` keys (and whole parts) at a time.
    ``edits``: a text's own-level set (step 0) keeps at least as many keys as it takes that many edits and one
    more to destroy - with their first windows known (``located``: distinct, random), the first keys whose windows
    no ``edits`` runs of n windows cover (ties of hash below its bucket bits by the first window), else
    ``n x edits + 1``; ``only`` (with edits): that set keeps those keys alone, not the Jaccard prefix. ``probe_bound``
    above the bound: each kept key is flagged a probe when it is also among the keys its set keeps for that bound
    (no flags otherwise). Checked against a plain count of the keys in each cell, a sort of each set's keys and a
    greedy cover of their windows."""
    from collections import Counter

    from dedup_gui.core.algorithms import ngram
    from dedup_gui.core.algorithms.ngram import KeyPart, _prefixes

    rng = np.random.default_rng(seed)
    keys, doc, step, first = [], [], [], []
    for d, keyset in enumerate(sets):
        windows = rng.permutation(ngram.FIRST_UNKNOWN)[: len(keyset)]  # distinct, as distinct grams' first windows
        for s in range(steps):
            for k, w in zip(keyset, windows, strict=True):
                keys.append(k * 7 + s)  # the levels' keys differ, as the salted keys do
                doc.append(d)
                step.append(s)
                first.append(int(w) if s == 0 else 0)
    arrays = [np.array(keys, dtype=np.uint64), np.array(doc, dtype=np.int32), np.array(step, np.int8)]
    if located:
        arrays.append(np.array(first, dtype=np.uint8))
    # the keys in parts of consecutive texts (as fingerprinting makes them), taken a chunk of keys at a time
    cuts = np.searchsorted(arrays[1], np.arange(0, len(sets), cut), side="left")[1:]
    parts = [KeyPart(*p) for p in zip(*(np.split(a, cuts) for a in arrays), strict=True)]
    old = ngram.PREFIX_CHUNK, ngram.MIN_SPLIT_KEYS
    ngram.PREFIX_CHUNK, ngram.MIN_SPLIT_KEYS = chunk, 1  # (split however few the keys)
    tau = None if edits is None else np.array(edits, dtype=np.int64)
    edits_only = None if edits is None else np.array(only) & (tau >= 0)
    try:
        packed, packing, rare = _prefixes(
            [p for p in parts if len(p.keys)],
            bound,
            shared=shared,
            edits=tau,
            n=n,
            edits_only=edits_only,
            probe_bound=probe_bound,
        )
    finally:
        ngram.PREFIX_CHUNK, ngram.MIN_SPLIT_KEYS = old
    got_b, got_d, got_p = packing.unpack(packed)  # (bucket, text, probe flag) of each posting
    cell, count, tie, bucket = _plain_key_counts(keys, max(doc, default=0) + 1)
    low = ngram.FIRST_UNKNOWN
    want, want_p = [], []
    for d in range(len(sets)):
        for s in range(steps):
            mine = [(k, w) for k, dd, ss, w in zip(keys, doc, step, first, strict=True) if dd == d and ss == s]
            mine.sort(
                key=lambda kw: (
                    (count[cell[kw[0]]], tie[kw[0]] & ~low | kw[1]) if located else (count[cell[kw[0]]], tie[kw[0]])
                )
            )
            by_edits = 0
            if tau is not None and s == 0 and tau[d] >= 0:
                t = int(tau[d])
                by_edits = min(n * t + 1, len(mine))
                if located:
                    cover = [_runs_to_cover([w for _, w in mine[:i]], n) for i in range(1, len(mine) + 1)]
                    by_edits = min(by_edits, next((i + 1 for i, c in enumerate(cover) if c > t), len(mine)))

            def kept(b, mine=mine, by_edits=by_edits, d=d, s=s):
                n_j = len(mine) - int(np.ceil(b * len(mine) - 1e-9)) + 1
                if edits_only is not None and s == 0 and edits_only[d]:
                    n_j = 0
                return max(n_j, by_edits)

            n_long, n_probe = kept(bound), kept(probe_bound or bound)
            chosen = [i for i, (k, _) in enumerate(mine[:n_long]) if count[cell[k]] > 1 or not shared]
            want += [(bucket[mine[i][0]], d) for i in chosen]
            want_p += [i < n_probe for i in chosen]
    # (in no particular order of the sets: bucket_pairs sorts them)
    assert sorted(zip(got_b.tolist(), got_d.tolist(), strict=True)) == sorted(want)
    if probe_bound is None or probe_bound <= bound:
        assert got_p is None
    else:
        got_flags = zip(got_b.tolist(), got_d.tolist(), got_p.tolist(), strict=True)
        assert sorted(got_flags) == sorted((b, d, p) for (b, d), p in zip(want, want_p, strict=True))
    # the buckets of rare keys (counted in at most RARE_KEY_SETS sets) are numbered below ``rare``
    df = Counter(keys)
    assert all((b < rare) == (count[cell[k]] <= ngram.RARE_KEY_SETS) for k, b in bucket.items())
    assert all(count[cell[k]] >= df[k] for k in keys)


def _runs_to_cover(windows: list[int], n: int) -> int:
    """The fewest runs of n consecutive windows that cover ``windows``: from the lowest, a run at each window not
    covered yet."""
    runs, end = 0, -1
    for w in sorted(windows):
        if w > end:
            runs, end = runs + 1, w + n - 1
    return runs


def _plain_key_counts(keys: list[int], n_texts: int):
    """``ngram.KeyCounts`` in plain integers: each key's cell (the top bits of key x the cell multiplier, 2**64
    wrapping), each cell's count, each key's tie hash and bucket number (its tie hash cut to the bits a text
    index leaves, above it a bit for a key counted in more than ``RARE_KEY_SETS`` sets)."""
    from collections import Counter

    from dedup_gui.core.algorithms import ngram

    bits = min(ngram.COUNT_CELLS_BITS, max(8, (len(keys) - 1).bit_length()))
    cell = {k: ((k * int(ngram._CELL_MIX)) % 2**64) >> (64 - bits) for k in keys}
    count = {c: min(n, ngram._COUNT_CAP) for c, n in Counter(cell[k] for k in keys).items()}  # (saturating)
    tie = {k: ((k * int(ngram._TIE_MIX)) % 2**64) >> (64 - ngram.TIE_BITS) for k in keys}
    hash_bits = min(ngram.TIE_BITS - ngram.FIRST_BITS, 61 - max(1, (n_texts - 1).bit_length()))
    bucket = {
        k: (tie[k] >> (ngram.TIE_BITS - hash_bits)) | (int(count[cell[k]] > ngram.RARE_KEY_SETS) << hash_bits)
        for k in keys
    }
    return cell, count, tie, bucket


@pytest.mark.parametrize("algorithm", ["simhash", "nshash", "ngram"])
def test_containment_read_from_verification_is_the_overlap_of_the_two_texts(algorithm):
    """A repost cut short is contained in its full article and not the other way round, whether the keep rule
    reads the counts verification made for the pair, counts them itself, or reads what it counted before."""
    from engine_texts import ZH_B, ZH_C, ZH_LONG, truncated

    from dedup_gui.core.pipeline import Pipeline

    texts = [ZH_LONG, truncated(ZH_LONG, 0.7), ZH_B + ZH_C]
    pipeline = Pipeline(texts)
    pipeline.run(Settings(algorithm=algorithm, threshold={"nshash": 1, "simhash": 16, "ngram": 0.6}[algorithm]))
    prep, verified = pipeline._last_prepared(), pipeline._verified
    assert verified is not None and verified.grams is not None and (verified.grams.overlap >= 0).any()
    kept, other = np.array([0, 1]), np.array([1, 0])
    contains = pipeline._containment(prep, kept, other)
    pipeline._verified = None  # counted here instead
    recounted = pipeline._containment(prep, kept, other)
    assert pipeline._contained is not None and len(pipeline._contained[1]) == 2
    remembered = pipeline._containment(prep, kept, other)
    assert contains.tolist() == recounted.tolist() == remembered.tolist() == [True, False]


def test_containment_counts_each_pair_of_unique_texts_once(monkeypatch):
    """Rows that are exact copies make the same pair of unique texts again and again (a million copies of a row:
    999,999 pairs of one text with itself): each distinct pair is counted once, and every row pair gets its word."""
    from engine_texts import ZH_B, ZH_LONG, truncated

    from dedup_gui.core import pipeline as pipeline_module
    from dedup_gui.core.keep import _CONTAINS
    from dedup_gui.core.pipeline import Pipeline
    from dedup_gui.core.text import overlap

    texts = [ZH_LONG] * 5 + [truncated(ZH_LONG, 0.6)] * 4 + [ZH_B] * 3
    pipeline = Pipeline(texts)
    pipeline.run(Settings(algorithm="ngram"))
    pipeline._verified, pipeline._contained = None, None  # (counted by ``_containment`` itself, afresh)
    prep = pipeline._last_prepared()
    rows = range(len(texts))
    kept, other = np.array([(k, o) for k in rows for o in rows if o != k], dtype=np.int64).reshape(-1, 2).T
    counted = []
    overlaps_of = pipeline_module.overlaps_of
    monkeypatch.setattr(
        pipeline_module,
        "overlaps_of",
        lambda t, a, b, n: counted.extend(zip(a.tolist(), b.tolist(), strict=True)) or overlaps_of(t, a, b, n),
    )
    contains = pipeline._containment(prep, kept, other)
    unique_pairs = set(zip(prep.row_unique[kept].tolist(), prep.row_unique[other].tolist(), strict=True))
    assert sorted(counted) == sorted(unique_pairs)  # (9 of the 132 row pairs)
    for k, o, got in zip(kept.tolist(), other.tolist(), contains.tolist(), strict=True):
        big = pipeline._grams_of(prep, int(prep.row_unique[k]))
        small = pipeline._grams_of(prep, int(prep.row_unique[o]))
        assert got == (len(small) > 0 and overlap(small, big) >= _CONTAINS * len(small))
    assert contains.any() and not contains.all()


@settings(max_examples=40, deadline=None)
@given(texts=related_texts(), algorithm=st.sampled_from(["ngram", "simhash", "nshash"]))
def test_kept_rows_contain_the_others_as_the_per_text_overlap_says(texts, algorithm):
    """The keep rule's "contains the others", worked out for every cluster at once (from verification's counts
    where it made them), is the per-text 4-gram overlap of each kept row with each other member (at least
    ``keep._CONTAINS`` of the other's grams)."""
    from dedup_gui.core.keep import _CONTAINS
    from dedup_gui.core.pipeline import Pipeline
    from dedup_gui.core.text import overlap

    texts = [t.replace("。", "。\n") for t in texts]
    pipeline = Pipeline(texts)
    if algorithm == "simhash":
        pipeline.run(Settings(algorithm=algorithm, threshold=16, n=5))
    elif algorithm == "nshash":
        pipeline.run(Settings(algorithm=algorithm, threshold=1, n=4, min_sentence=3))
    else:
        pipeline.run(Settings(algorithm=algorithm))
    prep = pipeline._last_prepared()
    rows = range(len(texts))
    kept, other = np.array([(k, o) for k in rows for o in rows if o != k], dtype=np.int64).reshape(-1, 2).T
    contains = pipeline._containment(prep, kept, other)  # every row kept against each of the others
    for k, o, got in zip(kept.tolist(), other.tolist(), contains.tolist(), strict=True):
        big = pipeline._grams_of(prep, int(prep.row_unique[k]))
        small = pipeline._grams_of(prep, int(prep.row_unique[o]))
        assert got == (len(small) > 0 and overlap(small, big) >= _CONTAINS * len(small))


@settings(max_examples=40, deadline=None)
@given(texts=noisy_texts, slice_chars=st.integers(1, 200))
@example(texts=[" "], slice_chars=1)  # a text of whitespace only: no sentence (found by hypothesis)
def test_slices_of_the_column_give_the_same_results(texts, slice_chars):
    """The column is processed a slice at a time (so the window never waits long for the interpreter lock):
    any slicing gives the per-text results."""
    from dedup_gui.core import segment, text
    from dedup_gui.core.boilerplate import _keys, column_keys
    from dedup_gui.core.settings import NormaliseOptions
    from dedup_gui.core.text import column_sentences, normalise, normalise_all, sentences

    old = text.GIL_CHUNK_CHARS, segment.SEGMENT_CHARS
    text.GIL_CHUNK_CHARS = segment.SEGMENT_CHARS = slice_chars
    try:
        opts = NormaliseOptions()
        assert normalise_all(texts, opts) == [normalise(t, opts) for t in texts]
        sents, doc = column_sentences(texts)
        assert list(zip(doc.tolist(), sents, strict=True)) == [
            (i, s) for i, t in enumerate(texts) for s in sentences(t)
        ]
        keys, docs = column_keys(texts)
        assert list(zip(docs.tolist(), keys.tolist(), strict=True)) == [
            (i, k) for i, t in enumerate(texts) for k in sorted(set(_keys(t)))
        ]
        got, want = segment._hash_keywords(texts, 5), segment._hash_keywords_each(texts, 5)
        assert [x.tolist() for x in got] == [x.tolist() for x in want]
    finally:
        text.GIL_CHUNK_CHARS, segment.SEGMENT_CHARS = old


@given(st.text(alphabet="\n>-a新😀", max_size=30), st.sampled_from([">", "-"]))
def test_a_mark_after_a_line_break_is_found_as_the_two_characters_are(text, mark):
    from dedup_gui.core.text import _after_a_line_break

    assert _after_a_line_break(text, mark) == ("\n" + mark in text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 12), max_size=60), st.sampled_from([np.int64, np.uint64]))
def test_unique_first_is_numpys_unique_with_index_inverse_and_counts(values, dtype):
    from dedup_gui.core.text import unique_first

    x = np.array(values, dtype=dtype) * dtype(0x9E3779B97F4A7C15 % 2**62)  # large keys, many repeats
    got = unique_first(x)
    want = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w.reshape(-1))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 12), max_size=60),
    st.sampled_from([np.int64, np.uint64]),
    st.integers(0, 2**62),
    st.lists(st.integers(-(2**63), 2**64 - 1), max_size=4),
)
def test_factorize_numbers_values_as_pandas_does(values, dtype, scale, extremes):
    """The packed sorts give pandas' numbers and distinct values, in order of first appearance: small values (kept
    whole beside their positions), the large keys of hashes with many repeats and values above 2**63 (their high
    bits, checked), values of the whole range interleaved with values whose mixed forms share their high bits
    (sorted apart), negative numbers."""
    import pandas as pd

    from dedup_gui.core.text import factorize, factorize_by_argsort, mix64

    x = np.array(values, dtype=dtype) * dtype(scale | 1) + dtype(2**63 if dtype is np.uint64 else 0)
    fits = np.array([v for v in extremes if np.iinfo(dtype).min <= v <= np.iinfo(dtype).max], dtype=dtype)
    # Beside each of the first two values of the whole range, one whose mixed form shares its high bits.
    mixed = mix64(fits[:2].view(np.uint64)).tolist()
    close = np.array([_unmix64(v ^ 1) for v in mixed], dtype=np.uint64).view(dtype)
    x = np.concatenate([x, fits, close, fits[:1], close])
    want_codes, want_distinct = pd.factorize(x)
    for way in (factorize, factorize_by_argsort):
        codes, distinct = way(x)
        assert codes.dtype == np.int64 and distinct.dtype == x.dtype
        np.testing.assert_array_equal(codes, want_codes)
        np.testing.assert_array_equal(distinct, want_distinct)


def _unmix64(mixed: int) -> int:
    """The value that ``text.mix64`` (the splitmix64 finaliser, a bijection) turns into ``mixed``."""
    m = 2**64

    def unshift(y: int, s: int) -> int:  # the x of y = x ^ (x >> s)
        x = y
        for _ in range(64 // s + 1):
            x = y ^ (x >> s)
        return x

    x = unshift(mixed, 31)
    x = unshift(x * pow(0x94D049BB133111EB, -1, m) % m, 27)
    return unshift(x * pow(0xBF58476D1CE4E5B9, -1, m) % m, 30)


def test_factorize_tells_apart_values_sharing_their_high_bits(monkeypatch):
    """Values spread over the whole range leave no room beside them: two whose mixed forms differ only in their low
    bits fall in one run of the packed sort, which is seen, and that run's entries are sorted by value (no argsort
    of all)."""
    import pandas as pd

    from dedup_gui.core import text

    monkeypatch.setattr(text, "factorize_by_argsort", lambda v: pytest.fail("argsort of every value"))
    a, b, c = (_unmix64(2**63 + 8), _unmix64(2**63 + 9), _unmix64(2**63 + 16))  # a, b: the same high bits mixed
    assert text.mix64(np.array([a, b, c], dtype=np.uint64)).tolist() == [2**63 + 8, 2**63 + 9, 2**63 + 16]
    x = np.array([a, 0, b, a, 5, b, b, c], dtype=np.uint64)  # 3 bits of positions
    codes, distinct = text.factorize(x)
    want_codes, want_distinct = pd.factorize(x)
    assert codes.tolist() == want_codes.tolist() == [0, 1, 2, 0, 3, 2, 2, 4]
    assert distinct.tolist() == want_distinct.tolist()


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="<>&;#ap/!b 1新闻", max_size=20))
@example(text="<p>段落")  # a tag without an entity
@example(text="A&amp;B")  # an entity without a tag
@example(text="1 < 2 & 3 &; <b>")  # marks that begin nothing before the tag
def test_markup_is_what_the_html_pattern_finds(text):
    from dedup_gui.core.text import _HTMLISH, has_markup

    assert has_markup(text) == (_HTMLISH.search(text) is not None)


def _tag_as_alternation():
    """The tag pattern as one alternation of the element names, any case (what ``text._TAG`` reads by a lookup)."""
    from dedup_gui.core.text import _ELEMENTS

    names = "|".join(sorted(_ELEMENTS.split(), key=len, reverse=True))
    return re.compile(
        r"<(?:/?(?:(?i:" + names + r")|[a-zA-Z]\w*:[a-zA-Z][\w.-]*|[a-z][a-z0-9]*-[a-z0-9.-]*)(?=[\s/>])|[!?])[^<>]*>"
    )


@settings(max_examples=1000, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from([*"<>/!? \n:-_.1xQ新ſ\u212aİı", "script", "DIV", "br", "o:p", "my-card", "h1", "abbr", "Abbrx"])
        | st.sampled_from(["td", "p", "nav.x", "s"]),
        max_size=12,
    )
)
@example(parts=["<", "ſ", ">"])  # (?i:s) takes the long s: a tag of element s
@example(parts=["</", "\u212abd", ">"])  # and the Kelvin sign for a "k": a tag of element kbd
@example(parts=["<", "DIV", " ", "x", ">"])
@example(parts=["<", "Abbrx", ">"])  # no element of that name: text
@example(parts=["<", "o:p", ">"])
def test_tags_are_those_of_an_alternation_of_the_element_names(parts):
    from dedup_gui.core.text import _TAG, _drop_tag

    text = "".join(parts)
    assert _TAG.sub(_drop_tag, text) == _tag_as_alternation().sub("", text)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="ab 新\n", max_size=12))
def test_a_text_of_spaces_and_line_breaks_is_compacted_as_compact_does(text):
    """Whatever the spaces: doubled, at either end, beside a line break (the fast path's guard)."""
    from dedup_gui.core.text import _compact_spaced, compact

    assert _compact_spaced(text) == compact(text)


def _three_steps(text: str) -> str:
    from dedup_gui.core.text import collapse_whitespace, nfkc

    return collapse_whitespace(nfkc(text).lower())


def test_one_lookup_for_nfkc_lower_and_spaces_equals_the_three_steps_for_every_character():
    """Every BMP character and a sample beyond, each on a line of its own between letters: the lines whose
    characters need context (combining marks, Hangul, Σ) are a minority, so the lookup runs and splices them."""
    from dedup_gui.core.text import nfkc_lower_collapse

    astral = [0x1F600, 0x1D400, 0x1D6BA, 0x10400, 0x1E900, 0x20000, 0x11099, 0x110BA, 0x1F1E6]
    chars = [chr(c) for c in [*range(0x10000), *astral]]
    text = "\n".join(f"Ab{c}Σ中 x" if i % 50 == 0 else f"Ab{c} x" for i, c in enumerate(chars))
    got = nfkc_lower_collapse(text)
    assert got is not None
    assert got == _three_steps(text)


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(
        st.text(
            alphabet="aA \n，。ＡΣσϹ𝚺İ中…㎏ﬁ①ⅫＡ１é\u0301\u0308가\u1100\u1161😀𝐀\U00010400"
            "\u3000\u200b\r\u2028\x0b\t\ud800",
            max_size=10,
        ),
        max_size=10,
    ),
    plain=st.integers(0, 50),
)
def test_one_lookup_for_nfkc_lower_and_spaces_equals_the_three_steps(lines, plain):
    """With enough lines needing no context the lookup answers (its lines needing context spliced in); with
    fewer it may leave the text to the three steps (None), never answering differently."""
    from dedup_gui.core.text import nfkc_lower_collapse

    text = "\n".join(lines + ["Plain Text 中文…"] * plain)
    got = nfkc_lower_collapse(text)
    drawn_lines = sum(line.count("\n") + 1 for line in lines)  # a drawn line may hold line breaks itself
    if plain > 4 * (drawn_lines + 1):
        assert got is not None
    assert got is None or got == _three_steps(text)


@pytest.mark.parametrize("n_texts", [1000, 30_000_000], ids=["1,000 texts", "30M texts"])
@pytest.mark.parametrize("salted", [True, False], ids=["keys as the engine makes them", "any 64-bit keys"])
@pytest.mark.parametrize("common", [3, 70_000], ids=["a common key in 3 sets", "a key in 70,000 sets"])
def test_key_counts_never_count_a_key_rarer_than_it_is_and_order_the_counted_rarest_first(common, salted, n_texts):
    """``KeyCounts``: a key's count (its cell's) is at least the number of sets holding it, and exact for a key
    alone in its cell (most keys); its place in the order is that count, then its hash; equal keys have equal
    bucket numbers, distinct keys (here) distinct ones, rare keys below ``rare_below``; a bucket number and a text
    index fit in 63 bits together. The keys come in parts (one empty), counted on both cores."""
    from collections import Counter

    from dedup_gui.core.algorithms import ngram
    from dedup_gui.core.algorithms.ngram import PREFIX_BITS, KeyCounts
    from dedup_gui.core.text import mix64

    rng = np.random.default_rng(5)
    keys = np.concatenate(
        [
            rng.integers(0, 2**64, 5000, dtype=np.uint64, endpoint=False),
            np.full(common, 12345, dtype=np.uint64),
            rng.integers(0, 50, 20_000).astype(np.uint64),  # many ties of frequency
        ]
    )
    if salted:
        salts = mix64(np.array([1, 2, 4, 8, 16], dtype=np.uint64))
        keys = (keys >> np.uint64(64 - PREFIX_BITS)) ^ salts[rng.integers(0, 5, len(keys))]
    rng.shuffle(keys)
    counted = KeyCounts.of(np.split(keys, [7, 7, 4000, 9000]))
    plain_keys = keys.tolist()
    cell, count, tie, bucket = _plain_key_counts(plain_keys, n_texts)
    df = Counter(plain_keys)
    order = keys.copy()
    counted.order_in_place(order)
    assert order.tolist() == [(count[cell[k]] << ngram.TIE_BITS) | tie[k] for k in plain_keys]
    even = len(keys) // 2 * 2  # made over in place, as the rows of a matrix (``_prefixes``' sorted rows)
    rows = keys[:even].reshape(2, -1).copy()
    counted.order_in_place(rows)
    assert rows.ravel().tolist() == order[:even].tolist()
    cap = ngram._COUNT_CAP  # (a key in more sets is counted in this many: as common as one can be)
    assert all(count[cell[k]] >= min(df[k], cap) for k in df)
    alone = Counter(cell[k] for k in df)  # distinct keys per cell
    exact = [k for k in df if alone[cell[k]] == 1]
    assert len(exact) > 0.5 * len(df) and all(count[cell[k]] == min(df[k], cap) for k in exact)
    held = min(common, cap)
    assert (order >= KeyCounts.held_by(held)).tolist() == [count[cell[k]] >= held for k in plain_keys]
    buckets = KeyCounts.buckets(order, n_texts)
    assert buckets.tolist() == [bucket[k] for k in plain_keys]
    assert len(set(buckets.tolist())) == len(df)  # distinct keys, distinct buckets
    rare = buckets < KeyCounts.rare_below(n_texts)
    assert rare.tolist() == [count[cell[k]] <= ngram.RARE_KEY_SETS for k in plain_keys]
    assert 0 < rare.sum() < len(keys)
    assert int(buckets.max()).bit_length() + (n_texts - 1).bit_length() <= 63


@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(st.integers(0, 2**63 - 1) | st.integers(0, 5), max_size=300),
    split=st.booleans(),
)
def test_sort_in_place_sorts_as_numpy_whole_or_on_both_sides_of_a_pivot(values, split):
    """Whole, or (forced at any size) partitioned about its middle value and each half sorted in place: numpy's
    sort, with repeated values and values equal to the middle one included."""
    from dedup_gui.core import text

    x = np.array(values, dtype=np.int64)
    want = np.sort(x)
    old, text.SPLIT_SORT = text.SPLIT_SORT, (1 if split else 1 << 40)
    try:
        text.sort_in_place(x)
    finally:
        text.SPLIT_SORT = old
    assert x.tolist() == want.tolist()


@settings(max_examples=100, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 300), min_size=1, max_size=40),
    ratio=st.floats(0.05, 1.0),
    data=st.data(),
)
def test_the_key_sets_the_search_needs_are_those_the_rule_keeps_key_by_key(sizes, ratio, data):
    """``NGram.search`` drops the key sets no pair needs by each text's first unneeded step: the same keys as
    ``_unneeded`` worked out for every key (its text's size, the key's step), in the same order."""
    from dedup_gui.core.algorithms.ngram import (
        DOC,
        MAX_LEVEL_STEPS,
        KeyPart,
        _first_unneeded_step,
        _needed_of,
        _unneeded,
    )

    size = np.array(sizes, dtype=np.int64)
    sets = data.draw(
        st.lists(st.tuples(st.integers(0, len(sizes) - 1), st.integers(0, MAX_LEVEL_STEPS - 1)), max_size=60)
    )
    doc = np.array(sorted(d for d, _ in sets), dtype=DOC)
    step = np.array([s for _, s in sorted(sets)], dtype=np.int8)
    keys = np.arange(len(doc), dtype=np.uint64)
    got = _needed_of(KeyPart(keys, doc, step), _first_unneeded_step(size, ratio))
    keep = ~_unneeded(size[doc], step, ratio)
    assert got.keys.tolist() == keys[keep].tolist()
    assert got.doc.tolist() == doc[keep].tolist() and got.step.tolist() == step[keep].tolist()


@settings(max_examples=150, deadline=None)
@given(
    sets=st.lists(st.lists(st.integers(0, 40), unique=True, max_size=12), min_size=1, max_size=15),
    first=st.lists(st.integers(0, 3), min_size=15, max_size=15),
    cut=st.integers(1, 16),
    shared=st.booleans(),
    probe_bound=st.sampled_from([None, 0.8]),
)
def test_prefixes_leave_out_the_unneeded_sets_as_if_they_were_taken_out(sets, first, cut, shared, probe_bound):
    """``first_unneeded``: the prefixes (buckets, texts, probes) and the rare-key bound are those of the parts with
    the unneeded key sets taken out (``_needed_of``) - whichever sets and parts, a part's every set or none."""
    from dedup_gui.core.algorithms.ngram import KeyPart, _needed_of, _prefixes

    keys, doc, step = [], [], []
    for d, keyset in enumerate(sets):
        for s in range(3):
            keys += [k * 7 + s for k in keyset]
            doc += [d] * len(keyset)
            step += [s] * len(keyset)
    arrays = np.array(keys, dtype=np.uint64), np.array(doc, dtype=np.int32), np.array(step, dtype=np.int8)
    cuts = np.searchsorted(arrays[1], np.arange(0, len(sets), cut), side="left")[1:]
    parts = [KeyPart(*p) for p in zip(*(np.split(a, cuts) for a in arrays), strict=True)]
    parts = [p for p in parts if len(p.keys)]
    unneeded = np.array(first[: len(sets)], dtype=np.int8)
    kw = {"shared": shared, "probe_bound": probe_bound}
    got = _prefixes(parts, 0.5, first_unneeded=unneeded, **kw)
    taken = [q for q in (_needed_of(p, unneeded) for p in parts) if len(q.keys)]
    want = _prefixes(taken, 0.5, **kw)

    def plain(result):  # the postings in no particular order (bucket_pairs sorts them), and the rare bound
        packed, packing, rare = result
        buckets, docs, probe = packing.unpack(packed)
        flags = [None] * len(buckets) if probe is None else probe.tolist()
        return sorted(zip(buckets.tolist(), docs.tolist(), flags, strict=True)), rare, probe is None

    assert plain(got) == plain(want)


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(
        st.lists(
            st.tuples(st.integers(0, 2**64 - 1), st.sampled_from([0.25, 0.5, 1.0, 0.1, 0.3, 1e-9, 2.5])),
            max_size=6,
        ),
        max_size=12,
    ),
    chunk=st.integers(1, 5),
)
def test_simhash_fingerprints_are_the_sign_of_each_bits_weighted_vote(texts, chunk):
    """Charikar's fingerprint, text by text: bit b is set when the keywords with bit b set outweigh those without
    (the signed weights added in keyword order; a tie leaves the bit clear) - whatever the texts worked on at once.
    The weights repeat, so ties happen."""
    from dedup_gui.core.algorithms import simhash

    want = []
    for keywords in texts:
        fp = 0
        for bit in range(64):
            total = 0.0
            for h, w in keywords:
                total += w if (h >> bit) & 1 else -w
            fp |= (total > 0) << bit
        want.append(fp)
    flat = [kw for keywords in texts for kw in keywords]
    hashes = np.array([h for h, _ in flat], dtype=np.uint64)
    weights = np.array([w for _, w in flat], dtype=np.float64)
    counts = np.array([len(k) for k in texts], dtype=np.int64)
    old, simhash._FP_CHUNK = simhash._FP_CHUNK, chunk
    try:
        assert simhash.simhash_from_keywords(hashes, weights, counts).tolist() == want
    finally:
        simhash._FP_CHUNK = old


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from(["北", "京", "一", "龥", "\u9fff", "\u4dff", "\ua000", "a", "Z", "1", " ", "\u3000", "+",
                             "ｱ", "é", "\U00020000", "。", "_", "-"]),
            max_size=5,
        ).map("".join),
        max_size=20,
    )
)  # fmt: skip
def test_usable_words_of_a_batch_are_each_words_own_verdict(words):
    """Words of CJK ideographs only are taken as usable without asking each; the edges of the range (U+4E00,
    U+9FFF and the characters just outside), one-character words and mixed words are asked one by one."""
    from dedup_gui.core.segment import STOP_WORDS, _usable, _usable_all

    words = [*words, "the", "The", "of", "一一"]
    assert _usable_all(words, STOP_WORDS).tolist() == [_usable(w, STOP_WORDS) for w in words]


@settings(max_examples=150, deadline=None)
@given(
    texts=st.lists(st.text(alphabet="我的世界编辑器ab\U00020000\ud800", min_size=0, max_size=10), max_size=25),
    n=st.integers(2, 6),
)
def test_deletion_neighbourhoods_hash_each_string_made(texts, n):
    """The keys of ``edit_variants`` are, text by text (in text order), the hashes of the text itself and of each
    string one deletion makes of it - equal deletions once - for the texts of the lengths it wants: made here as
    strings and hashed one by one (``mix64`` of ``string_hash``)."""
    from dedup_gui.core.algorithms.ngram import edit_variants, short_pair_edits
    from dedup_gui.core.text import mix64, string_hash

    lengths = np.array([len(t) for t in texts], dtype=np.int64)
    keys, docs = edit_variants(texts, lengths, n)
    tau = short_pair_edits(lengths)
    unsure = {int(x) for x in lengths[(tau == 1) & (n * tau >= np.maximum(lengths - n + 1, 1))]}
    want_keys, want_docs = [], []
    for i, t in enumerate(texts):
        if len(t) and {len(t) - 1, len(t), len(t) + 1} & unsure:
            strings = {t, *(t[:j] + t[j + 1 :] for j in range(len(t)))}
            hashed = sorted(int(mix64(np.array([string_hash(s)], dtype=np.uint64))[0]) for s in strings)
            want_keys += hashed
            want_docs += [i] * len(hashed)
    assert docs.tolist() == want_docs
    assert keys.tolist() == want_keys


def _splitmix64_finaliser(v: int) -> int:
    """splitmix64's finaliser in Python integers (modulo 2**64)."""
    mask = (1 << 64) - 1
    v ^= v >> 30
    v = (v * 0xBF58476D1CE4E5B9) & mask
    v ^= v >> 27
    v = (v * 0x94D049BB133111EB) & mask
    return v ^ (v >> 31)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2**64 - 1), max_size=40), st.integers(1, 7))
def test_mix64_block_by_block_is_the_splitmix64_finaliser(values, block):
    """``mix64`` mixes a block of values at a time: blocks of any size (also a last, shorter one), a copy or in
    place, give the finaliser of every value; a strided (non-contiguous) input is mixed too."""
    from dedup_gui.core import text

    want = [_splitmix64_finaliser(v) for v in values]
    x = np.array(values, dtype=np.uint64)
    original = x.copy()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(text, "MIX_BLOCK", block)
        assert text.mix64(x).tolist() == want
        assert np.array_equal(x, original)  # copy=True leaves the input as it was
        assert text.mix64(x, copy=False) is x and x.tolist() == want
        wide = np.zeros(2 * len(values), dtype=np.uint64)
        wide[::2] = values
        assert text.mix64(wide[::2], copy=False).tolist() == want


@settings(max_examples=100, deadline=None)
@given(
    data=st.data(),
    n_texts=st.integers(1, 6),
    n_grams=st.integers(0, 60),
    block=st.sampled_from([1, 3, 7, 1 << 15]),
)
def test_the_grams_sampled_at_their_texts_level_are_found_block_by_block(data, n_texts, n_grams, block):
    """``_sampled_at``, a block of grams at a time: the grams whose hash is 0 mod their text's level, as the
    expression over whole arrays finds them, whatever the block size (a block ending inside a text's grams)."""
    from dedup_gui.core.algorithms import ngram

    h = np.array(data.draw(st.lists(st.integers(0, 2**64 - 1), min_size=n_grams, max_size=n_grams)), dtype=np.uint64)
    doc = np.sort(np.array(data.draw(st.lists(st.integers(0, n_texts - 1), min_size=n_grams, max_size=n_grams))))
    levels = np.array([1 << k for k in data.draw(st.lists(st.integers(0, 5), min_size=n_texts, max_size=n_texts))],
                      dtype=np.uint64)  # fmt: skip
    old, ngram.MIX_BLOCK = ngram.MIX_BLOCK, block
    try:
        got = ngram._sampled_at(h, doc.astype(np.int64), levels)
    finally:
        ngram.MIX_BLOCK = old
    want = [i for i in range(n_grams) if int(h[i]) % int(levels[doc[i]]) == 0]
    assert got.tolist() == want


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet="ab新 \t\n\r\u3000\u00a0\u200b\u2028\x0b\x1c😀", max_size=30))
@example(text="a \u200b b")  # a zero-width space inside a run of spaces: one run
@example(text="\u200b")
@example(text="a\u200b\nb \u200b")
def test_whitespace_collapses_as_the_runs_of_the_text_without_zero_width_spaces(text):
    """``collapse_whitespace``: zero-width spaces dropped, then each run of whitespace one line break (when it holds
    one of str.splitlines' breaks) or one space - checked against a run-by-run walk of the text in Python."""
    from itertools import groupby

    from dedup_gui.core.text import _LINE_BREAK_CHARS, _ZERO_WIDTH, collapse_whitespace

    want = []
    for spaces, run in groupby(text.replace(_ZERO_WIDTH, ""), key=str.isspace):
        chars = "".join(run)
        want.append(("\n" if any(c in _LINE_BREAK_CHARS for c in chars) else " ") if spaces else chars)
    assert collapse_whitespace(text) == "".join(want)


@given(st.lists(st.text(alphabet="ab北京\ue000 \n", max_size=4), max_size=12))
def test_token_ends_are_where_each_word_ends_in_the_text(tokens):
    """``segment._token_ends``: the end of each word in the text the words spell, as their lengths summed say;
    None when the text holds the mark it puts between words."""
    from dedup_gui.core.segment import _MARK, _token_ends

    joined = "".join(tokens)
    assert _token_ends(tokens, joined).tolist() == np.cumsum([len(t) for t in tokens], dtype=np.int64).tolist()
    assert _token_ends([*tokens, "x" + _MARK], joined + "x" + _MARK) is None


def test_words_that_do_not_spell_the_text_are_read_one_by_one():
    """``segment._segment_slice_by_word`` (rjieba's words always spell the text; should they not): the long words
    hashed by their characters, read back from the text it keeps, with the index of the text each is in."""
    from dedup_gui.core.segment import SEP, _segment_slice_by_word, _WordsOf
    from dedup_gui.core.text import string_hash

    tokens = ["北京", "的", "日报", SEP, "记者", "a", "Apple"]
    words = _segment_slice_by_word(tokens)
    long = ["北京", "日报", "记者", "Apple"]
    assert _WordsOf([words])(np.arange(4)) == long
    assert words.hashes.tolist() == [string_hash(w) for w in long]
    assert words.doc.tolist() == [0, 0, 1, 1]


@settings(max_examples=40, deadline=None)
@given(texts=st.lists(st.text(alphabet="ab北京 \n", max_size=30), max_size=40), limit=st.integers(1, 120))
def test_slices_from_known_lengths_are_the_slices_of_the_texts(texts, limit):
    """``text.text_slices`` and ``per_slice`` given the texts' lengths (a caller that has them) cut the column where
    they cut it asking each text its length."""
    from dedup_gui.core.columnar import lengths_of
    from dedup_gui.core.text import per_slice, string_hash, text_slices

    lengths = lengths_of(texts)
    assert text_slices(texts, limit, lengths=lengths) == text_slices(texts, limit)

    def work(part):
        return np.array([string_hash(t) for t in part], dtype=np.uint64), np.arange(len(part), dtype=np.int64)

    got, want = per_slice(texts, work, lengths), per_slice(texts, work)
    assert got[0].tolist() == want[0].tolist() and got[1].tolist() == want[1].tolist()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("正文第一行\n> 引用的话\n正文第二行", "正文第一行\n正文第二行"),  # a reply: its quote is dropped
        ("正文第一行\n> 引用的话", "正文第一行"),  # (its quote last)
        ("正文第一行\n> 引用\n>> 再引用", "正文第一行"),
        (">>点击阅读原文[标题]评：说好听点", ">>点击阅读原文[标题]评:说好听点"),  # quoted throughout: kept (NFKC)
        ("> first quoted\n>> second quoted\n", "> first quoted\n>> second quoted"),
        ("", ""),
    ],
)
def test_a_text_quoted_throughout_keeps_its_lines_alone_and_in_a_column(text, expected):
    from dedup_gui.core.settings import NormaliseOptions
    from dedup_gui.core.text import normalise, normalise_all

    opts = NormaliseOptions()
    assert normalise(text, opts) == expected
    column = ["前面的正文", "> 只是引用", text, "后面的正文"]
    assert normalise_all(column, opts) == ["前面的正文", "> 只是引用", expected, "后面的正文"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 2**40), max_size=60),
    st.sampled_from([1, 7, 300, 2**40]),
    st.sampled_from([np.int64, np.int32, np.uint64]),
)
def test_distinct_count_counts_the_distinct_values(values, modulo, dtype):
    """``distinct_count`` (a table of counts for small numbers, a sort for others) is the number of distinct
    values, whatever their range and integer type."""
    from dedup_gui.core.text import distinct_count

    x = np.array([v % modulo % (2**31 if dtype == np.int32 else 2**63) for v in values], dtype=dtype)
    assert distinct_count(x) == len(set(x.tolist()))


def _searched(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The binary search ``find_sorted`` makes without its table (the reference)."""
    at = np.minimum(np.searchsorted(keys, values), len(keys) - 1)
    return at, keys[at] == values


@settings(max_examples=150, deadline=None)
@given(
    keys=st.lists(st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 2**21)), min_size=1, max_size=300),
    others=st.lists(st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 2**21)), max_size=300),
    data=st.data(),
)
def test_find_sorted_through_its_table_finds_what_the_binary_search_finds(keys, others, data):
    """Many values among few keys go through a table of slots first (``text._find_filtered``): the same values
    found, at the same places - hashes and small codes (code points, packed pairs of them) alike, every key a
    value, values a slot away from keys."""
    from dedup_gui.core import text

    sorted_keys = np.unique(np.array(keys, dtype=np.uint64))
    picked = data.draw(st.lists(st.sampled_from(sorted_keys.tolist()), max_size=200))
    values = np.array(picked + others + [k ^ 1 for k in keys], dtype=np.uint64)
    at, found = text._find_filtered(sorted_keys, values)
    want_at, want_found = _searched(sorted_keys, values)
    assert np.array_equal(found, want_found)
    assert np.array_equal(at[found], want_at[want_found])
    assert found[: len(picked)].all()  # (every key drawn is found)


def test_find_sorted_takes_the_table_for_many_values_among_few_keys(monkeypatch):
    """Only many values among few uint64 keys take the table; its answer is the binary search's."""
    from dedup_gui.core import text

    taken = []
    real = text._find_filtered
    monkeypatch.setattr(text, "_find_filtered", lambda k, v: taken.append(len(v)) or real(k, v))
    rng = np.random.default_rng(3)
    keys = np.unique(rng.integers(0, 2**63, 500, dtype=np.int64).astype(np.uint64))
    values = np.concatenate([keys, rng.integers(0, 2**63, text.FILTER_MIN_VALUES, dtype=np.int64).astype(np.uint64)])
    at, found = text.find_sorted(keys, values)
    assert taken == [len(values)]
    want_at, want_found = _searched(keys, values)
    assert np.array_equal(found, want_found) and found[: len(keys)].all()
    assert np.array_equal(at[found], want_at[want_found])
    text.find_sorted(keys, values[:100])  # (few values: the search alone)
    text.find_sorted(keys.astype(np.int64), values.astype(np.int64))  # (other types: the search alone)
    assert taken == [len(values)]
