"""SimHash's candidate search (``simhash.near_pairs``): every pair of fingerprints within k bits, and no other,
whatever the number of blocks the tables are cut into - against a plain comparison of every pair."""

from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.algorithms import simhash
from dedup_gui.core.progress import Reporter


def every_pair_within(fps: list[int], k: int) -> set[tuple[int, int]]:
    return {(i, j) for i in range(len(fps)) for j in range(i + 1, len(fps)) if bin(fps[i] ^ fps[j]).count("1") <= k}


@st.composite
def fingerprints_near_each_other(draw) -> list[int]:
    """Fingerprints around a few centres, each a centre with a few bits flipped: pairs at every distance."""
    centres = draw(st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=4))
    fps = []
    for _ in range(draw(st.integers(0, 40))):
        fp = draw(st.sampled_from(centres))
        for bit in draw(st.lists(st.integers(0, 63), max_size=10)):
            fp ^= 1 << bit
        fps.append(fp)
    return fps


def found(fps: list[int], k: int) -> set[tuple[int, int]]:
    cands = simhash.near_pairs(np.array(fps, dtype=np.uint64), k, Reporter())
    distances = [bin(fps[a] ^ fps[b]).count("1") for a, b in zip(cands.a.tolist(), cands.b.tolist(), strict=True)]
    assert cands.measure.tolist() == distances
    return set(zip(cands.a.tolist(), cands.b.tolist(), strict=True))


@settings(max_examples=150, deadline=None)
@given(fps=fingerprints_near_each_other(), k=st.integers(0, 16))
def test_near_pairs_are_every_pair_within_k(fps, k):
    assert found(fps, k) == every_pair_within(fps, k)


@settings(max_examples=150, deadline=None)
@given(fps=fingerprints_near_each_other(), k=st.integers(0, 12), extra=st.integers(1, 16))
def test_near_pairs_are_the_same_whatever_the_blocks(fps, k, extra):
    # Any b > k finds the same pairs; a table's bits and the index fit in one word or not (k = 0: 64 bits of key).
    b = min(64, k + extra)
    if comb(b, k) > 5000:
        b = k + 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simhash, "choose_blocks", lambda n, k, *args: b)
        assert found(fps, k) == every_pair_within(fps, k)


def test_the_block_count_chosen_for_a_million_fingerprints_keeps_tables_and_buckets_small():
    # The model's choices at the sizes measured (near_pairs' comment): few tables, buckets of a few texts.
    assert simhash.choose_blocks(1_000_000, 3, simhash._PER_TEXT, simhash._PER_TABLE) == 5
    assert simhash.choose_blocks(1_000_000, 6, simhash._PER_TEXT, simhash._PER_TABLE) == 9


def templated_fingerprints(n: int, seed: int) -> np.ndarray:
    """``n`` fingerprints of templated texts: one centre with two random bits flipped (at most 4 bits apart)."""
    rng = np.random.default_rng(seed)
    centre = np.uint64(rng.integers(0, 2**63))
    bits = rng.integers(0, 64, size=(n, 2)).astype(np.uint64)
    return centre ^ (np.uint64(1) << bits[:, 0]) ^ (np.uint64(1) << bits[:, 1])


def test_a_wide_bucket_pairs_each_text_with_its_neighbours_not_with_every_other():
    # Templated texts (an order notice with another number) have fingerprints a few bits apart: every table puts
    # them in one bucket. Above BUCKET_CAP texts each is paired with its next BUCKET_WINDOW in fingerprint order -
    # its equal fingerprints among them - not with all (the pairs of 20,000 such notices had taken 11.6 GB).
    n = 2_000
    fps = templated_fingerprints(n, seed=7)
    fps[1_500] = fps[10]  # a copy
    assert n > simhash.BUCKET_CAP
    pairs = found(fps.tolist(), 6)
    assert (10, 1_500) in pairs
    assert {i for pair in pairs for i in pair} == set(range(n))  # every text linked to some other
    assert len(pairs) < len(every_pair_within(fps.tolist(), 6)) / 10


def test_the_spark_batches_pair_the_tables_as_the_desktop_does():
    # dedup-spark's buckets (whole, one task each, keyed by table and bits) are paired as near_pairs pairs them:
    # every pair of a small bucket, a window of neighbours in fingerprint order in a wide one. (No Spark needed:
    # the batch function alone, given every table's postings.)
    import pandas as pd

    from dedup_gui.spark import batches

    n, b, k = 1_200, 8, 6
    fps = templated_fingerprints(n, seed=11)
    postings = []
    for t, mask in enumerate(np.bitwise_or.reduce(c) for c in combinations(simhash.block_masks(b), b - k)):
        _, sizes = np.unique(fps & mask, return_counts=True)
        assert sizes.max() > simhash.BUCKET_CAP  # (wide buckets, and small ones beside them)
        key = pd.util.hash_pandas_object(pd.DataFrame({"t": t, "bits": fps & mask}), index=False)  # (table, bits)
        postings.append(
            pd.DataFrame({"key": key.to_numpy().view(np.int64), "u": np.arange(n), "fp": fps.view(np.int64)})
        )
    spark = batches.simhash_bucket_pairs(pd.concat(postings), k).drop_duplicates(["a", "b"])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simhash, "choose_blocks", lambda n, k, *args: b)
        assert set(zip(spark["a"].tolist(), spark["b"].tolist(), strict=True)) == found(fps.tolist(), k)
