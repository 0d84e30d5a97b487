"""A threshold change re-clusters from the cached candidates and text check, with the outcome of a fresh run."""

from __future__ import annotations

import pytest

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.result import DedupResult
from dedup_gui.core.settings import Settings
from devtools import synth

# A first threshold, then thresholds the cached candidates cover (tighter) for each algorithm.
THRESHOLDS = {"ngram": (0.7, [0.8, 0.9, 0.75]), "simhash": (6, [3, 1, 5]), "nshash": (1, [2, 3, 1])}


@pytest.fixture(scope="module")
def texts() -> list[str]:
    long = synth.generate_corpus(160, seed=7, dup_share=0.4, same_event_share=0.1, max_group=6)
    short = synth.generate_corpus(60, seed=8, dup_share=0.4, short_share=1.0, max_group=5)
    return long.texts + short.texts


def outcome(result: DedupResult) -> dict:
    """Everything a run shows: clusters with kept rows and similarities, the pairs, the counts and reasons."""
    clusters = [(c.id, c.kept, c.members, {m: round(s, 9) for m, s in c.similarity.items()}) for c in result.clusters]
    pairs = sorted(
        zip(result.pairs.a.tolist(), result.pairs.b.tolist(), result.pairs.similarity.round(9).tolist(), strict=True)
    )
    return {
        "clusters": clusters,
        "pairs": pairs,
        "removed": result.rows_to_remove,
        "proposed": result.proposed,
        "rejected": result.rejected,
        "reasons": result.keep_reasons,
    }


@pytest.mark.parametrize("mode", ["strict", "linked"])
@pytest.mark.parametrize("algorithm", sorted(THRESHOLDS))
def test_a_cached_rerun_at_a_new_threshold_equals_a_fresh_run(texts, algorithm, mode):
    first, others = THRESHOLDS[algorithm]
    cached = Pipeline(texts)
    cached.run(Settings(algorithm=algorithm, threshold=first, mode=mode))
    for threshold in others:
        settings = Settings(algorithm=algorithm, threshold=threshold, mode=mode)
        assert cached.is_cached(settings)
        again = cached.run(settings)
        assert again.clusters, "the corpus has duplicates at every threshold tested"
        assert outcome(again) == outcome(Pipeline(texts).run(settings)), f"{algorithm} at {threshold}"


def test_a_cached_rerun_follows_a_new_safety_floor(texts):
    pipeline = Pipeline(texts)
    pipeline.run(Settings(algorithm="nshash", min_similarity=0.9))
    settings = Settings(algorithm="nshash", min_similarity=0.5)
    assert outcome(pipeline.run(settings)) == outcome(Pipeline(texts).run(settings))


def test_a_cached_rerun_with_another_keep_rule_gives_its_reasons(texts):
    pipeline = Pipeline(texts)
    pipeline.run(Settings(algorithm="ngram"))
    settings = Settings(algorithm="ngram", keep="longest")
    assert outcome(pipeline.run(settings)) == outcome(Pipeline(texts).run(settings))


def test_rerun_cost_says_what_a_run_must_redo(texts):
    pipeline = Pipeline(texts)
    assert pipeline.rerun_cost(Settings(algorithm="ngram")) == ("fingerprints", None)  # nothing measured yet
    pipeline.run(Settings(algorithm="ngram", threshold=0.8))
    assert pipeline.rerun_cost(Settings(algorithm="ngram", threshold=0.95)) == ("", 0.0)
    assert pipeline.rerun_cost(Settings(algorithm="ngram", threshold=0.4))[0] == "search"
    assert pipeline.rerun_cost(Settings(algorithm="ngram", n=3))[0] == "fingerprints"
    assert pipeline.rerun_cost(Settings(algorithm="simhash")) == ("fingerprints", None)
    assert not pipeline.is_cached(Settings(algorithm="simhash"))


def test_a_rerun_with_a_lower_excerpt_share_finds_the_excerpts_a_fresh_run_finds():
    """The n-gram fingerprints index each text at as many sampling levels as the excerpt share needs (a fifth of
    an article is several levels below it): a rerun at a lower share fingerprints again rather than reuse the keys
    made for the default share, which miss the short excerpt."""
    import random

    rng = random.Random(3)
    words = ["".join(chr(0x4E00 + rng.randrange(2000)) for _ in range(rng.randint(2, 4))) for _ in range(3000)]

    def article(n_sentences: int) -> str:
        return "".join("".join(rng.choice(words) for _ in range(rng.randint(6, 12))) + "。" for _ in range(n_sentences))

    long = article(200)
    texts = [long, long[: len(long) // 5], article(40)]
    lower = Settings(algorithm="ngram", excerpt_share=0.15)
    fresh = Pipeline(texts).run(lower)
    assert [sorted(c.members) for c in fresh.clusters] == [[0, 1]]
    pipeline = Pipeline(texts)
    assert not pipeline.run(Settings(algorithm="ngram")).clusters  # an excerpt of a fifth: below the default share
    assert pipeline.rerun_cost(lower)[0] == "fingerprints"
    assert outcome(pipeline.run(lower)) == outcome(fresh)
