"""The shared key -> pairs step: exact against brute force, independent of how the work is chunked."""

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.algorithms import base
from dedup_gui.core.progress import Reporter


def brute_force(keys, docs):
    shared = {}
    by_key = {}
    for k, d in set(zip(keys.tolist(), docs.tolist(), strict=True)):
        by_key.setdefault(k, set()).add(d)
    for members in by_key.values():
        for a, b in combinations(sorted(members), 2):
            shared[(a, b)] = shared.get((a, b), 0) + 1
    return shared


@pytest.mark.parametrize("spread", [1, 0x9E3779B97F4A7C15], ids=["small keys (sorted packed)", "hashes (lexsort)"])
def test_bucket_pairs_finds_and_counts_shared_keys_exactly_whatever_the_chunk_size(monkeypatch, spread):
    rng = np.random.default_rng(7)
    small, docs = rng.integers(0, 300, 4000), rng.integers(0, 800, 4000)
    keys = small.astype(np.uint64) * np.uint64(spread)  # the same buckets, as 64-bit hashes when spread
    expected = brute_force(keys, docs)
    monkeypatch.setattr(base, "MIN_SPLIT_PAIRS", 1)  # (chunks however few the pairs)
    for chunk in (50, 4_000_000):
        monkeypatch.setattr(base, "_PAIR_CHUNK", chunk)
        a, b, counts = base.bucket_pairs(keys, docs, Reporter(), with_counts=True)
        assert dict(zip(zip(a.tolist(), b.tolist(), strict=True), counts.tolist(), strict=True)) == expected
        # Without counts (each chunk's pairs made unique on its own, then merged): the same pairs, in order.
        a2, b2, none = base.bucket_pairs(keys, docs, Reporter())
        assert none is None and a2.tolist() == a.tolist() and b2.tolist() == b.tolist()

        # Keys worked on in place (``overwrite_keys``): the same pairs, in order.
        a4, b4, _ = base.bucket_pairs(keys.astype(np.int64), docs, Reporter(), overwrite_keys=True)
        assert a4.tolist() == a.tolist() and b4.tolist() == b.tolist()

        # The chunks' pairs merged on both sides of a pivot (forced at any size): the same pairs, in order.
        monkeypatch.setattr(base, "SPLIT_SORT", 1)
        a3, b3, _ = base.bucket_pairs(keys, docs, Reporter())
        monkeypatch.setattr(base, "SPLIT_SORT", 1 << 40)
        assert a3.tolist() == a.tolist() and b3.tolist() == b.tolist()


@pytest.mark.parametrize("chunk", [50, 4_000_000])
@pytest.mark.parametrize("block", [7, 1 << 18])
def test_a_keep_filter_returns_the_pairs_it_keeps_of_those_made_without_it(monkeypatch, chunk, block):
    """``keep`` runs on each chunk's unique pairs (a block at a time) as they are made: the pairs returned are
    exactly those made without it that it keeps, in the same order, whatever the chunks and blocks; it sees
    each pair as (a, b) with a < b, as returned."""
    rng = np.random.default_rng(11)
    keys, docs = rng.integers(0, 300, 4000), rng.integers(0, 800, 4000)
    monkeypatch.setattr(base, "_PAIR_CHUNK", chunk)
    monkeypatch.setattr(base, "MIN_SPLIT_PAIRS", 1)
    monkeypatch.setattr(base, "KEEP_BLOCK", block)
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=40, window=5)
    seen = []

    def keep(pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
        assert len(pa) <= block and (pa < pb).all()
        seen.extend(zip(pa.tolist(), pb.tolist(), strict=True))
        return np.flatnonzero((pa * 7 + pb) % 3 == 0)  # any rule of the pair alone

    ka, kb, _ = base.bucket_pairs(keys, docs, Reporter(), cap=40, window=5, keep=keep)
    made = list(zip(a.tolist(), b.tolist(), strict=True))
    assert set(seen) == set(made)
    assert list(zip(ka.tolist(), kb.tolist(), strict=True)) == [(x, y) for x, y in made if (x * 7 + y) % 3 == 0]
    assert 0 < len(ka) < len(a)


@settings(max_examples=100, deadline=None)
@given(
    parts=st.lists(st.lists(st.integers(0, 60) | st.integers(0, 2**62), unique=True), max_size=6),
    split=st.booleans(),
)
def test_the_union_of_sorted_parts_is_their_sorted_distinct_values_merged_whole_or_about_a_pivot(parts, split):
    """``_union_of_sorted``: every value of every part once, in order - merged whole, or (forced at any size) the
    values below and from a pivot apart, values equal to it in every part and empty parts included; the parts are
    taken out of their list."""
    arrays = [np.array(sorted(p), dtype=np.int64) for p in parts]
    old, base.SPLIT_SORT = base.SPLIT_SORT, (1 if split else 1 << 40)
    try:
        got = base._union_of_sorted(arrays)
    finally:
        base.SPLIT_SORT = old
    assert got.tolist() == sorted(set().union(*map(set, parts)))
    assert arrays == []  # taken out of the list: freed as soon as they are joined


@settings(max_examples=60, deadline=None)
@given(
    postings=st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 1000), st.booleans()), max_size=40),
    flagged=st.booleans(),
    probes=st.booleans(),
    split=st.booleans(),
)
def test_unpacked_postings_are_the_keys_docs_and_probes_packed(postings, flagged, probes, split):
    """``Packing.unpack`` gives back what ``pack`` packed - on one core or in halves on two (forced at any size)."""
    keys = np.array([k for k, _, _ in postings], dtype=np.int64)
    docs = np.array([d for _, d, _ in postings], dtype=np.int64)
    probe = np.array([p for _, _, p in postings], dtype=bool)
    packing = base.Packing(10, 1 if flagged else 0, probes)
    packed = packing.pack(keys.copy(), docs, probe)
    old, base.SPLIT_SORT = base.SPLIT_SORT, (1 if split else 1 << 40)
    try:
        k, d, p = packing.unpack(packed)
    finally:
        base.SPLIT_SORT = old
    assert k.tolist() == keys.tolist() and d.tolist() == docs.tolist()
    assert (p.tolist() if p is not None else None) == (probe.tolist() if flagged and probes else None)


def test_an_over_full_bucket_links_each_member_to_a_window_of_neighbours():
    docs = np.arange(100)
    a, b, _ = base.bucket_pairs(np.zeros(100, dtype=np.int64), docs, Reporter(), cap=10, window=3)
    assert len(a) == 3 * 100 - 6  # linear, not 100 * 99 / 2
    assert set(zip(a.tolist(), b.tolist(), strict=True)) >= {(i, i + 1) for i in range(99)}  # still one connected chain


def test_an_over_full_buckets_windows_run_in_the_window_order_ties_by_doc():
    """``window_order``: a bucket above ``cap`` pairs each doc with its next ``window`` docs in that order (ties by
    doc), not in doc order - two docs of equal order far apart in doc order are paired; a bucket within the cap
    pairs every two docs whatever the order; the docs of other buckets keep their pairs."""
    n = 60
    order = (np.arange(n) * 7919) % n  # every doc its own place, far from its neighbours in doc order
    order[[4, 55]] = -1  # two docs of equal order, 51 docs apart: first in the bucket
    docs = np.concatenate([np.arange(n), [4, 55, 10]])
    keys = np.concatenate([np.zeros(n, dtype=np.int64), [1, 1, 1]])  # (a second bucket, within the cap)
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=10, window=2, window_order=order)
    pairs = list(zip(a.tolist(), b.tolist(), strict=True))
    ranked = sorted(range(n), key=lambda d: (order[d], d))
    want = {(min(x, y), max(x, y)) for i, x in enumerate(ranked) for y in ranked[i + 1 : i + 3]}
    want |= {(4, 10), (4, 55), (10, 55)}
    assert (4, 55) in want and len(pairs) == len(want) and set(pairs) == want
    pa, pb, _ = base.bucket_pairs(keys[:n], docs[:n], Reporter(), cap=10, window=2)
    assert (4, 55) not in set(zip(pa.tolist(), pb.tolist(), strict=True))  # (in doc order the two are not paired)
    within, _, _ = base.bucket_pairs(keys[:n], docs[:n], Reporter(), cap=100, window=2, window_order=order)
    assert len(within) == n * (n - 1) // 2


def test_window_order_keeps_a_buckets_probes_first():
    """With probes, a bucket above ``cap`` holds its probes first, each part in the window order: a probe pairs
    with its next ``window`` docs of that order, the docs that are no probes with none after them."""
    n = 30
    order = np.arange(n)[::-1].copy()  # the reverse of doc order
    probe = np.isin(np.arange(n), [2, 9])
    a, b, _ = base.bucket_pairs(
        np.zeros(n, dtype=np.int64), np.arange(n), Reporter(), cap=10, window=3, probe=probe, window_order=order
    )
    ranked = [9, 2] + [d for d in range(n - 1, -1, -1) if d not in (2, 9)]  # probes first, each part reversed
    want = {(min(x, y), max(x, y)) for i, x in enumerate(ranked[:2]) for y in ranked[i + 1 : i + 4]}
    assert set(zip(a.tolist(), b.tolist(), strict=True)) == want and len(a) == len(want)


def test_in_a_bucket_above_the_tight_cap_two_tight_docs_pair_within_a_window_only():
    """Above ``tight_cap`` two ``tight`` docs (n-gram: long texts) are paired only with a window of neighbours;
    every pair with a doc that is not tight stays, up to ``cap``; above ``cap`` a window, whatever the docs."""
    docs = np.arange(40)
    tight = np.ones(41, dtype=bool)
    a, b, _ = base.bucket_pairs(np.zeros(40, dtype=np.int64), docs, Reporter(), cap=100, window=3, tight=tight,
                                tight_cap=10)  # fmt: skip
    assert len(a) == 3 * 40 - 6 and set(zip(a.tolist(), b.tolist(), strict=True)) >= {(i, i + 1) for i in range(39)}
    tight[[7, 40]] = False  # a short text joins the bucket, and one of its texts is short
    keys, docs = np.zeros(41, dtype=np.int64), np.arange(41)
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=100, window=3, tight=tight, tight_cap=10)
    pairs = set(zip(a.tolist(), b.tolist(), strict=True))
    short = {p for p in pairs if 7 in p or 40 in p}
    assert short == {(min(s, i), max(s, i)) for s in (7, 40) for i in range(41) if i != s}  # every pair of a short
    longs = [i for i in range(41) if i not in (7, 40)]
    assert pairs - short == {(x, y) for n, x in enumerate(longs) for y in longs[n + 1 : n + 4]}  # a window of 3
    assert len(a) == len(pairs)
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=30, window=3, tight=tight, tight_cap=10)
    assert len(a) == 3 * 41 - 6  # above cap: a window, whatever the docs


def test_tight_docs_have_a_window_of_their_own_within_and_above_the_cap():
    """``tight_window``: two tight docs of a bucket above ``tight_cap`` pair within that window; a short doc still
    pairs with every doc; in a bucket above ``cap`` (docs in doc order) a tight doc pairs with its next
    ``tight_window`` docs, the short one with its next ``window``."""
    keys, docs = np.zeros(41, dtype=np.int64), np.arange(41)
    tight = np.ones(41, dtype=bool)
    tight[7] = False
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=100, window=5, tight=tight, tight_cap=10, tight_window=2)
    pairs = set(zip(a.tolist(), b.tolist(), strict=True))
    longs = [i for i in range(41) if i != 7]
    assert {p for p in pairs if 7 not in p} == {(x, y) for n, x in enumerate(longs) for y in longs[n + 1 : n + 3]}
    assert {p for p in pairs if 7 in p} == {(min(7, i), max(7, i)) for i in range(41) if i != 7}
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=30, window=5, tight=tight, tight_cap=10, tight_window=2)
    pairs = list(zip(a.tolist(), b.tolist(), strict=True))
    want = {(x, y) for x in range(41) for y in range(x + 1, min(41, x + (5 if x == 7 else 2) + 1))}
    assert len(pairs) == len(want) and set(pairs) == want  # above cap: 2 after a tight doc, 5 after the short one
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=30, window=5, tight=tight, tight_cap=10)
    assert len(a) == 5 * 41 - 15  # no window of their own: every doc its next 5 above the cap


@settings(max_examples=150, deadline=None)
@given(
    postings=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 30)), max_size=200),
    cap=st.integers(2, 40),
    tight_cap=st.integers(1, 20),
    tight_docs=st.sets(st.integers(0, 30)),
    with_counts=st.booleans(),
)
def test_small_buckets_pair_as_the_general_walk_does(postings, cap, tight_cap, tight_docs, with_counts):
    """Buckets of a few docs are paired by a pattern per size (``_small_pairs``): the same pairs and counts as
    the walk over every bucket, with over-full buckets and tight docs in the mix."""
    keys = np.array([k for k, _ in postings], dtype=np.int64)
    docs = np.array([d for _, d in postings], dtype=np.int64)
    tight = np.zeros(31, dtype=bool)
    tight[list(tight_docs)] = True

    def run():
        a, b, counts = base.bucket_pairs(
            keys, docs, Reporter(), cap=cap, window=2, with_counts=with_counts, tight=tight, tight_cap=tight_cap,
            tight_window=1,
        )  # fmt: skip
        return a.tolist(), b.tolist(), None if counts is None else counts.tolist()

    got = run()
    old, base.SMALL_BUCKET = base.SMALL_BUCKET, 0  # every bucket walked
    try:
        assert got == run()
    finally:
        base.SMALL_BUCKET = old
    if cap >= 30 and tight_cap >= 30:  # nothing windowed: every pair of every bucket, counted
        want = brute_force(keys, docs)
        assert dict(zip(zip(got[0], got[1], strict=True), got[2] or [1] * len(got[0]), strict=True)) == (
            want if with_counts else dict.fromkeys(want, 1)
        )


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(2, 30),
    many=st.lists(st.tuples(st.integers(0, 29), st.integers(0, 29)), max_size=40),
    few=st.lists(st.tuples(st.integers(0, 29), st.integers(0, 29)), max_size=8),
)
def test_pairs_of_two_searches_join_in_pair_order(n, many, few):
    """n-gram's deletion-neighbourhood pairs join the prefix pairs without a sort of them all: the union, each
    pair once, in (a, b) order - whatever either holds (none, the same pairs, pairs before, between or after)."""
    from dedup_gui.core.algorithms.ngram import _with_pairs

    def as_pairs(pairs):
        codes = sorted({min(a, b) * n + max(a, b) for a, b in pairs if a != b and a < n and b < n})
        c = np.array(codes, dtype=np.int64)
        return c // n, c % n

    a, b = as_pairs(many)
    x, y = as_pairs(few)
    got_a, got_b = _with_pairs(a, b, x, y, n)
    want = sorted(set(zip(a.tolist(), b.tolist(), strict=True)) | set(zip(x.tolist(), y.tolist(), strict=True)))
    assert list(zip(got_a.tolist(), got_b.tolist(), strict=True)) == want


def _probe_brute_force(keys, docs, probe):
    """The pairs of docs sharing a key in which at least one of the two holds it as a probe."""
    by_key = {}
    for k, d, p in zip(keys.tolist(), docs.tolist(), probe.tolist(), strict=True):
        by_key.setdefault(k, {})[d] = p
    out = set()
    for members in by_key.values():
        for a, b in combinations(sorted(members), 2):
            if members[a] or members[b]:
                out.add((a, b))
    return out


@settings(max_examples=150, deadline=None)
@given(
    postings=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 30), st.booleans()), max_size=200),
    cap=st.integers(2, 40),
    tight_cap=st.integers(1, 20),
    tight_docs=st.sets(st.integers(0, 30)),
    spread=st.sampled_from([1, 0x9E3779B97F4A7C15]),
)
def test_with_probes_only_pairs_holding_a_probe_are_made(postings, cap, tight_cap, tight_docs, spread):
    """``probe``: a pair is made only where one of its two docs holds the shared key as a probe; with no cap
    binding, every such pair is - whether the keys are small numbers (packed and sorted) or hashes (lexsort), and
    whether small buckets go by a pattern or are walked. With caps and tight docs in the mix, the pattern per
    bucket size and the walk still agree, and the pairs are a subset of those."""
    unique = {(k, d): p for k, d, p in postings}  # postings are unique per (key, doc)
    keys = np.array([k for k, _ in unique], dtype=np.int64).astype(np.uint64) * np.uint64(spread)
    docs = np.array([d for _, d in unique], dtype=np.int64)
    probe = np.array(list(unique.values()), dtype=bool)
    tight = np.zeros(31, dtype=bool)
    tight[list(tight_docs)] = True
    want = _probe_brute_force(keys, docs, probe)

    def run(**kw):
        a, b, _ = base.bucket_pairs(keys, docs, Reporter(), probe=probe, **kw)
        return list(zip(a.tolist(), b.tolist(), strict=True))

    free = run(cap=1000)
    assert free == sorted(want)  # (pairs a < b, in order)
    capped = run(cap=cap, window=2, tight=tight, tight_cap=tight_cap, tight_window=1)
    old, base.SMALL_BUCKET = base.SMALL_BUCKET, 0  # every bucket walked
    try:
        assert run(cap=1000) == free
        assert run(cap=cap, window=2, tight=tight, tight_cap=tight_cap, tight_window=1) == capped
    finally:
        base.SMALL_BUCKET = old
    assert set(capped) <= want


def test_in_a_wide_bucket_probes_pair_as_docs_do_and_the_others_only_with_them():
    """A bucket above ``tight_cap``: a probe that is not tight pairs with every doc; a tight probe with the next
    ``tight_window`` tight docs (probes or not); a doc that is no probe with no other such doc; a bucket without
    a probe pairs nobody. Above ``cap`` each probe pairs with its next ``window`` docs (probes first)."""
    keys, docs = np.zeros(30, dtype=np.int64), np.arange(30)
    tight = np.ones(30, dtype=bool)
    tight[[3, 20]] = False  # two short docs: 3 a probe, 20 not
    probe = np.isin(docs, [3, 5, 6, 25])  # tight probes: 5, 6, 25
    a, b, _ = base.bucket_pairs(
        keys, docs, Reporter(), cap=100, window=4, tight=tight, tight_cap=10, tight_window=2, probe=probe
    )
    pairs = set(zip(a.tolist(), b.tolist(), strict=True))
    want = {(min(3, i), max(3, i)) for i in range(30) if i != 3}  # the short probe: every doc
    tights = [5, 6, 25] + [i for i in range(30) if tight[i] and not probe[i]]  # tight probes first, in doc order
    for n, x in enumerate(tights[:3]):
        want |= {(min(x, y), max(x, y)) for y in tights[n + 1 : n + 3]}
    assert pairs == want and len(a) == len(pairs)
    none, _, _ = base.bucket_pairs(keys, docs, Reporter(), cap=100, probe=np.zeros(30, dtype=bool))
    assert len(none) == 0
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=10, window=3, probe=probe)
    order = [3, 5, 6, 25] + [i for i in range(30) if not probe[i]]  # above the cap: probes first, then the others
    want = {(min(x, y), max(x, y)) for n, x in enumerate(order[:4]) for y in order[n + 1 : n + 4]}
    assert set(zip(a.tolist(), b.tolist(), strict=True)) == want


@settings(max_examples=100, deadline=None)
@given(
    sets=st.lists(st.lists(st.integers(0, 30), unique=True, min_size=1, max_size=14), min_size=2, max_size=14),
    bound=st.sampled_from([0.3, 0.45, 0.6]),
    probe_bound=st.sampled_from([0.6, 0.7, 0.9]),
)
def test_probes_of_the_smaller_set_meet_the_larger_sets_prefix(sets, bound, probe_bound):
    """The prefix filter with a bound per side (n-gram's excerpt search): two key sets sharing at least
    ``probe_bound`` x the smaller's keys and ``bound`` x the larger's are paired by their prefixes (``bound``) when
    only pairs holding a probe (the ``probe_bound`` prefix) are made."""
    from dedup_gui.core.algorithms.ngram import KeyPart, _prefixes

    keys = np.array([k for s in sets for k in s], dtype=np.uint64)
    doc = np.repeat(np.arange(len(sets), dtype=np.int32), [len(s) for s in sets])
    part = KeyPart(keys, doc, np.zeros(len(keys), dtype=np.int8))
    postings, packing, _ = _prefixes([part], bound, probe_bound=probe_bound)
    a, b, _ = base.bucket_pairs(postings, None, Reporter(), cap=1000, packing=packing)
    found = set(zip(a.tolist(), b.tolist(), strict=True))
    # The same pairs from the postings unpacked (keys, docs and probe flags apart).
    keys_, docs_, probe = packing.unpack(postings.copy())
    a2, b2, _ = base.bucket_pairs(keys_, docs_, Reporter(), cap=1000, probe=probe)
    assert (a2.tolist(), b2.tolist()) == (a.tolist(), b.tolist())
    for i, j in combinations(range(len(sets)), 2):
        x, y = set(sets[i]), set(sets[j])
        small, large = sorted((len(x), len(y)))
        shared = len(x & y)
        if shared >= probe_bound * small - 1e-9 and shared >= bound * large - 1e-9:
            assert (i, j) in found


@settings(max_examples=60, deadline=None)
@given(
    sets=st.lists(st.lists(st.integers(0, 30), unique=True, min_size=1, max_size=14), min_size=2, max_size=14),
    share=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_prefixes_flag_no_probes_when_more_than_the_share_are_probes(sets, share):
    """``probe_share``: when more than that share of the chosen keys are probes, none is flagged (every flag that
    of a probe, ``Packing.probes`` False): the pairs made are then every pair sharing a chosen key, as without
    probes; else the flags are kept."""
    from dedup_gui.core.algorithms.ngram import KeyPart, _prefixes

    keys = np.array([k for s in sets for k in s], dtype=np.uint64)
    doc = np.repeat(np.arange(len(sets), dtype=np.int32), [len(s) for s in sets])
    part = KeyPart(keys, doc, np.zeros(len(keys), dtype=np.int8))
    flagged, flags, _ = _prefixes([part], 0.3, probe_bound=0.8)
    buckets, docs, probe = flags.unpack(flagged.copy())
    assert probe is not None
    postings, packing, _ = _prefixes([part], 0.3, probe_bound=0.8, probe_share=share)
    dropped = np.count_nonzero(probe) > share * len(probe)
    assert packing.probes == (not dropped)
    a, b, _ = base.bucket_pairs(postings, None, Reporter(), cap=1000, packing=packing)
    want_a, want_b, _ = base.bucket_pairs(buckets, docs, Reporter(), cap=1000, probe=None if dropped else probe)
    assert (a.tolist(), b.tolist()) == (want_a.tolist(), want_b.tolist())


@settings(max_examples=150, deadline=None)
@given(
    postings=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 30)), max_size=200),
    common_from=st.integers(0, 13),
    kept_docs=st.sets(st.integers(0, 30)),
    chunk=st.sampled_from([1, 7, 1 << 20]),
)
def test_the_buckets_of_common_keys_make_only_the_pairs_common_keep_keeps(postings, common_from, kept_docs, chunk):
    """``common_from`` / ``common_keep``: the buckets of keys from ``common_from`` up pair only what ``common_keep``
    keeps, the others every pair as before; a pair kept by another bucket stays (brute force, every pair of every
    bucket; chunks of any size)."""
    keys = np.array([k for k, _ in postings], dtype=np.int64)
    docs = np.array([d for _, d in postings], dtype=np.int64)
    asked = []

    def either_kept(a: np.ndarray, b: np.ndarray) -> np.ndarray:  # (a pair with a doc of ``kept_docs`` in it)
        asked.append(len(a))
        return np.isin(a, list(kept_docs)) | np.isin(b, list(kept_docs))

    old = base._PAIR_CHUNK, base.MIN_SPLIT_PAIRS
    base._PAIR_CHUNK, base.MIN_SPLIT_PAIRS = chunk, 1  # (chunks however few the pairs)
    try:
        a, b, _ = base.bucket_pairs(
            keys, docs, Reporter(), cap=1000, window=2, common_from=common_from, common_keep=either_kept
        )
    finally:
        base._PAIR_CHUNK, base.MIN_SPLIT_PAIRS = old
    got = list(zip(a.tolist(), b.tolist(), strict=True))
    want = set(brute_force(keys[keys < common_from], docs[keys < common_from]))
    common = brute_force(keys[keys >= common_from], docs[keys >= common_from])
    want |= {(x, y) for x, y in common if x in kept_docs or y in kept_docs}
    assert len(got) == len(set(got)) and set(got) == want
    assert sum(asked) >= len(common)  # (each common bucket's pairs asked about, before they are made unique)
    with pytest.raises(ValueError):
        base.bucket_pairs(keys, docs, Reporter(), common_from=common_from)


def _random_band(
    seed: int, n_keys: int, n_postings: int, most: bool = False
) -> tuple[np.ndarray, np.ndarray, base.LengthBand]:
    """Postings (keys below ``n_keys``, docs 0-30) and a ``LengthBand`` of those docs, drawn from ``seed``: a
    quarter of the docs flagged, values 0-20 and allowances 0-6 (near enough that the allowances decide many pairs,
    and often one doc's allowance alone); with ``most``, sizes 0-20 and a most of 0-20 for each doc too."""
    rng = np.random.default_rng(seed)
    keys = rng.integers(0, n_keys, n_postings).astype(np.int64)
    docs = rng.integers(0, 31, n_postings).astype(np.int64)
    band = base.LengthBand(rng.random(31) < 0.25, rng.integers(0, 21, 31), rng.integers(0, 7, 31))
    if most:
        band = band._replace(sizes=rng.integers(0, 21, 31), most=rng.integers(0, 21, 31))
    return keys, docs, band


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n_postings=st.integers(0, 200),
    common_from=st.integers(0, 41),
    chunk=st.sampled_from([1, 7, 1 << 20]),
    most=st.booleans(),
)
def test_a_length_band_pairs_a_common_keys_bucket_by_its_rule(seed, n_postings, common_from, chunk, most):
    """``common_keep`` a ``LengthBand``: in the buckets of common keys (within the cap) exactly the pairs with a
    flagged doc in them and the pairs whose values are within the larger of their two allowances - made by the
    rule, not made and dropped (brute force, every pair of every bucket; chunks of any size). With ``sizes`` and
    ``most``: of the pairs of a flagged doc and another, only those where the flagged doc's size is at most the
    other's most."""
    keys, docs, band = _random_band(seed, 41, n_postings, most)
    old = base._PAIR_CHUNK, base.MIN_SPLIT_PAIRS
    base._PAIR_CHUNK, base.MIN_SPLIT_PAIRS = chunk, 1  # (chunks however few the pairs)
    try:
        a, b, _ = base.bucket_pairs(keys, docs, Reporter(), cap=1000, common_from=common_from, common_keep=band)
    finally:
        base._PAIR_CHUNK, base.MIN_SPLIT_PAIRS = old
    got = list(zip(a.tolist(), b.tolist(), strict=True))
    want = set(brute_force(keys[keys < common_from], docs[keys < common_from]))
    flagged, values, allowed = band.flagged.tolist(), band.values.tolist(), band.allowed.tolist()
    sizes = band.sizes.tolist() if band.sizes is not None else None
    mosts = band.most.tolist() if band.most is not None else None

    def within_most(x: int, y: int) -> bool:  # (a flagged doc y and another, x)
        return mosts is None or sizes is None or sizes[y] <= mosts[x]

    for x, y in brute_force(keys[keys >= common_from], docs[keys >= common_from]):
        if flagged[x] and flagged[y]:
            want.add((x, y))
        elif flagged[x] or flagged[y]:
            if within_most(y, x) if flagged[x] else within_most(x, y):
                want.add((x, y))
        elif abs(values[x] - values[y]) <= max(allowed[x], allowed[y]):
            want.add((x, y))
    assert len(got) == len(set(got)) and set(got) == want


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n_postings=st.integers(0, 300),
    common_from=st.integers(0, 7),
    cap=st.integers(2, 40),
    window=st.integers(1, 5),
    tight_cap=st.integers(1, 12),
    tight_window=st.integers(1, 4),
)
def test_a_length_band_makes_the_pairs_its_rule_keeps_under_caps_and_windows(
    seed, n_postings, common_from, cap, window, tight_cap, tight_window
):
    """With buckets above the cap, wide buckets whose flagged (tight) docs pair in windows, and the values ordering
    the windows: a ``LengthBand`` gives the same pairs as its rule given as a plain function (every pair of a
    common key's bucket made as without it, then those the rule drops dropped)."""
    keys, docs, band = _random_band(seed, 7, n_postings)
    kw = dict(
        cap=cap,
        window=window,
        tight=band.flagged,
        tight_cap=tight_cap,
        tight_window=tight_window,
        common_from=common_from,
        window_order=band.values,
    )
    a, b, _ = base.bucket_pairs(keys, docs, Reporter(), common_keep=band, **kw)
    want_a, want_b, _ = base.bucket_pairs(keys, docs, Reporter(), common_keep=lambda x, y: band(x, y), **kw)
    assert (a.tolist(), b.tolist()) == (want_a.tolist(), want_b.tolist())
