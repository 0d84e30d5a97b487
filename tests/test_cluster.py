"""core.cluster works column-at-once; these prove it gives the clusters, kept rows and similarities of the plain
node-by-node loops (tests/cluster_reference.py) on random graphs: stars and cliques of copies, long chains of
ever-worse copies (strict mode's rounds, and the walk it falls back to), duplicate and self pairs, rows sharing a
text, ties in the keep rank."""

from __future__ import annotations

import cluster_reference as ref
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.cluster import build_clusters, components, keepers


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 24))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=60))
    if draw(st.booleans()):  # a chain of copies of copies, in keep order or against it
        chain = draw(st.permutations(range(n)))
        pairs += list(zip(chain, chain[1:], strict=False))
    a = np.array([p[0] for p in pairs], dtype=np.int64)
    b = np.array([p[1] for p in pairs], dtype=np.int64)
    similarity = np.array(draw(st.lists(st.floats(0, 1), min_size=len(a), max_size=len(a))), dtype=np.float64)
    extra = draw(st.lists(st.integers(0, n - 1), max_size=20))  # texts shared by several rows
    row_unique = np.array(list(range(n)) + extra, dtype=np.int64)
    rows = np.array(draw(st.permutations(range(len(row_unique)))), dtype=np.int64)
    row_unique = row_unique[rows]  # each text's rows anywhere in the file
    rank = np.array(draw(st.lists(st.integers(0, 5), min_size=len(rows), max_size=len(rows))), dtype=np.int64)
    return n, a, b, similarity, row_unique, rank


def rescore(u: int, v: int) -> float:
    return (u * 31 + v * 17) % 100 / 100


def as_tuples(clusters):
    return [(c.id, c.kept, c.members, c.similarity) for c in clusters]


@settings(max_examples=400, deadline=None)
@given(graph=graphs(), mode=st.sampled_from(["strict", "linked"]), rounds=st.sampled_from([0, 1, 2, 24]))
def test_keepers_equal_the_node_by_node_rule(graph, mode, rounds):
    n, a, b, _, _, _ = graph
    node_rank = np.array([(u * 7) % 5 for u in range(n)], dtype=np.int64)  # ties broken by text id
    got = keepers(n, a, b, node_rank, mode, rounds=rounds)
    assert got.tolist() == ref.keepers(n, a, b, node_rank, mode).tolist()


@settings(max_examples=400, deadline=None)
@given(graph=graphs(), mode=st.sampled_from(["strict", "linked"]))
def test_clusters_equal_the_row_by_row_clusters(graph, mode):
    n, a, b, similarity, row_unique, rank = graph
    rows_of = [np.flatnonzero(row_unique == u).tolist() for u in range(n)]
    got = build_clusters(n, a, b, similarity, row_unique, rank, mode, rescore)
    want = ref.build_clusters(n, a, b, similarity, rows_of, rank, mode, rescore)
    assert as_tuples(got) == as_tuples(want)


def test_a_long_chain_of_copies_is_settled_by_the_walk_after_the_rounds():
    # 0 - 1 - 2 - ... - 199, each a worse copy of the one before: strict mode keeps every other text.
    n = 200
    a, b = np.arange(n - 1), np.arange(1, n)
    node_rank = np.arange(n)
    got = keepers(n, a, b, node_rank, "strict", rounds=3)
    assert got.tolist() == ref.keepers(n, a, b, node_rank, "strict").tolist()
    assert got[::2].tolist() == list(range(0, n, 2)) and got[1::2].tolist() == list(range(0, n - 1, 2))


@settings(max_examples=200, deadline=None)
@given(graph=graphs())
def test_components_label_exactly_the_connected_texts_alike(graph):
    n, a, b, _, _, _ = graph
    label = components(n, a, b)
    uf = ref.UnionFind(n)
    for u, v in zip(a.tolist(), b.tolist(), strict=True):
        uf.union(u, v)
    for u in range(n):
        for v in range(n):
            assert (label[u] == label[v]) == (uf.find(u) == uf.find(v))


def test_a_result_pickles_its_clusters_as_arrays_and_unpickles_them_equal():
    """The engine's worker process pickles each result to the window: its clusters travel as arrays (no Cluster
    object in the pickle, whose unpickling would hold the interpreter lock for all of them at once) and come
    back equal - members, kept rows, every similarity entry in its order, and the rest of the result."""
    import pickle

    from dedup_gui.core.pipeline import Pipeline
    from dedup_gui.core.progress import Reporter
    from dedup_gui.core.result import Cluster
    from dedup_gui.core.settings import Settings

    base = ["北京地铁新线今天开通运营，沿线居民出行更方便了。", "上海今年夏天雨水偏多，气象台提醒市民注意防汛安全。"]
    texts = [base[0], base[0] + "（完）", base[1], "无关的一句话，和别的都不一样。", base[1] + "来源：新华社", base[0]]
    result = Pipeline(texts).run(Settings(algorithm="ngram", threshold=0.7), Reporter())
    assert result.clusters  # (the copies of the first sentence)
    result.clusters.append(Cluster(99, 3, [3, 1], {1: float("nan"), 3: 1.0}))  # any order, any value, kept
    blob = pickle.dumps(result)
    assert b"Cluster" not in blob
    back = pickle.loads(blob)
    assert [(c.id, c.kept, c.members) for c in back.clusters] == [(c.id, c.kept, c.members) for c in result.clusters]
    for got, want in zip(back.clusters, result.clusters, strict=True):
        assert list(got.similarity) == list(want.similarity)
        assert np.array_equal(list(got.similarity.values()), list(want.similarity.values()), equal_nan=True)
        assert all(type(r) is int for r in got.members) and all(type(r) is int for r in got.similarity)
    assert back.keep_reasons == result.keep_reasons and back.settings == result.settings
    assert np.array_equal(back.row_unique, result.row_unique) and np.array_equal(back.pairs.a, result.pairs.a)
    assert back.rows_to_remove == result.rows_to_remove and back.check_summary() == result.check_summary()


@settings(max_examples=150, deadline=None)
@given(
    row_unique=st.lists(st.integers(0, 12), min_size=1, max_size=60),
    seed=st.integers(0, 2**32 - 1),
    ties=st.booleans(),
)
def test_best_rows_are_each_texts_best_ranked_row(row_unique, seed, ties):
    """``best_rows``: the row of each unique text the rank puts first, ties to the earlier row - whether the ranks
    are a permutation of the rows (as ``KeepRule`` makes them: read off the least rank of each text) or not."""
    from dedup_gui.core.cluster import best_rows

    codes = np.unique(np.array(row_unique), return_inverse=True)[1].astype(np.int64)  # every text has a row
    n_unique, n = int(codes.max()) + 1, len(codes)
    rng = np.random.default_rng(seed)
    rank = rng.integers(0, 3, n) if ties else rng.permutation(n)
    want = [min(np.flatnonzero(codes == u), key=lambda r: (rank[r], r)) for u in range(n_unique)]
    assert best_rows(n_unique, codes, rank).tolist() == want
