"""Candidate pairs from band keys: each algorithm's keys, its caps on over-common keys, its filters.

Postings (key, text) are shuffled by key; each task receives whole buckets and runs the engine's own
``algorithms.base.bucket_pairs`` on them - all pairs of a bucket of at most ``cap`` texts, each text with its next
``window`` texts in a larger one - and filters the pairs on the spot, so that the unfiltered pairs (billions on
templated short texts) never leave the task:

- n-gram: the algorithm's sampled gram keys (the sets the search needs: ``ngram.needed_keys``); of each (text,
  level) key set only its *prefix* - its rarest keys by global document frequency, ties by key, at least
  ``ngram.edit_prefix`` of them at the text's own level - is indexed. (The desktop's ``ngram._prefixes`` orders
  keys by a count per cell of a table, which a shuffle does not need: any one order of the keys makes the prefix
  filter exact, so the two find the same pairs above the bound; only which extra candidates each verifies
  differs.) Each posting carries
  its text's n-gram count and min-hash sketch, so a bucket's pairs pass the length filter
  (``ngram.plausible_pairs``) and the sketch screen (``ngram._screen``) in the task; ``ngram.verify`` follows on the
  texts (``batches.judge_pairs``).
- simhash: the pigeonhole tables of ``simhash.near_pairs`` (the same block count, ``choose_blocks``); a bucket is
  a table's block value; its pairs are kept within k bits (``simhash.hamming``).
- nshash: sentence hashes found in more texts than ``common_limit`` are dropped and the next-longest sentence takes
  their place; the first n remaining per text are the keys; a pair's measure is the number of keys it shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np
from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from ..core.algorithms.ngram import COMMON_KEY_SETS, TIGHT_GRAMS, search_bounds
from ..core.algorithms.nshash import BUCKET_CAP, common_limit
from ..core.algorithms.simhash import block_masks, choose_blocks
from ..core.settings import Settings
from . import batches
from .checkpoints import materialise

WINDOW = 32  # algorithms.base.bucket_pairs: a text in an over-full bucket pairs with its next 32
_SIGN = -(1 << 63)  # xor with the sign bit: signed order of the result = unsigned order of the key


@dataclass
class Found:
    """Candidate pairs ``a < b`` (unique-text ids) with the algorithm's ``measure`` - for n-gram without it: pairs
    still to be measured by ``ngram.verify`` at ``ngram_bound`` (``batches.judge_pairs``) - and the largest
    bucket."""

    pairs: DataFrame
    largest_bucket: int
    ngram_bound: float | None = None


def with_texts(pairs: DataFrame, texts: DataFrame, columns: list[str]) -> DataFrame:
    """``pairs`` with each of ``columns`` of ``texts`` (u, ...) for both sides, as ``column_a`` and ``column_b``."""
    side_a = texts.select(F.col("u").alias("a"), *[F.col(c).alias(f"{c}_a") for c in columns])
    side_b = texts.select(F.col("u").alias("b"), *[F.col(c).alias(f"{c}_b") for c in columns])
    return pairs.join(side_a, "a").join(side_b, "b")


def _largest(postings: DataFrame) -> int:
    """The most texts sharing one key (one posting per key and text)."""
    sizes = postings.select("key", "u").distinct().groupBy("key").count()
    return int(sizes.agg(F.max("count")).first()[0] or 0)


def _by_bucket(postings: DataFrame) -> DataFrame:
    """Postings grouped by key in each task, in text order within a bucket (bucket_pairs' order)."""
    return postings.repartition("key").sortWithinPartitions("key", "u")


# -- n-gram ------------------------------------------------------------------------------------------------------


def ngram(uniques: DataFrame, settings: Settings) -> Found:
    _, bound, jaccard_bound = search_bounds(settings)  # as NGram.search
    schema = (
        "u long, size long, sketch binary, keys array<long>, steps array<int>, at_least long, length long, "
        "variants array<long>"
    )
    texts = materialise(
        uniques.select("u", "compact").mapInPandas(
            lambda it: (batches.ngram_fingerprints(f, settings) for f in it), schema
        )
    )
    posts = texts.select("u", "at_least", F.explode(F.arrays_zip("keys", "steps")).alias("p")).select(
        F.col("p.keys").alias("key"), "u", F.col("p.steps").alias("step"), "at_least"
    )
    posts = materialise(posts)  # read three times below
    df = posts.groupBy("key").agg(F.count(F.lit(1)).alias("df"))
    ranked = posts.join(df, "key")
    rarest = Window.partitionBy("u", "step").orderBy("df", F.col("key").bitwiseXOR(F.lit(_SIGN)))
    whole = Window.partitionBy("u", "step")
    ranked = ranked.withColumn("rank", F.row_number().over(rarest) - 1).withColumn("n", F.count(F.lit(1)).over(whole))
    ranked = ranked.withColumn("alone", F.sum((F.col("df") == 1).cast("long")).over(whole))  # (ranked first)
    prefix_len = F.col("n") - F.ceil(F.lit(jaccard_bound) * F.col("n") - F.lit(1e-9)) + 1
    prefix_len = F.when(F.col("step") == 0, F.greatest(prefix_len, F.col("at_least"))).otherwise(prefix_len)
    # ...and the deletion neighbourhoods of very short texts (``ngram.edit_variants``): keys of their own
    variants = texts.select(F.explode("variants").alias("key"), "u", F.lit(0).cast("long").alias("df"))
    chosen = _early_common(ranked.where(F.col("rank") < prefix_len), texts, settings)
    prefix = materialise(chosen.unionByName(variants))
    largest = _largest(prefix)
    carried = prefix.join(texts.select("u", "size", "sketch", "length"), "u")
    pairs = _by_bucket(carried).mapInPandas(
        lambda it: (batches.ngram_bucket_pairs(f, settings, bound) for f in batches.whole_groups(it, "key")),
        "a long, b long",
    )
    return Found(materialise(pairs.distinct()), largest, bound)


def _early_common(prefix: DataFrame, texts: DataFrame, settings: Settings) -> DataFrame:
    """The prefix postings (key, u, step, rank, alone, df, at_least) as ``ngram._prefixes`` keeps them (its
    ``common_above``): a text under ``TIGHT_GRAMS`` grams keeps a common key - held by more than ``COMMON_KEY_SETS``
    key sets - only among the first n + 1 keys of its set held by two sets or more (the ``alone`` keys of one set,
    ranked first, are not counted), or its own-level set's ``at_least`` when more. ``df`` here is exact; the
    desktop's count per cell (``ngram.KeyCounts``) is never below it, so a key common here is common there too,
    and each side's rule holds for its own prefixes. The kept postings as (key, u, df): the buckets of the keys
    held by more than ``RARE_KEY_SETS`` sets pair only near copies (``batches.ngram_bucket_pairs``)."""
    early = F.greatest(F.lit(settings.n_value + 1), F.when(F.col("step") == 0, F.col("at_least")).otherwise(0))
    tight = texts.select("u", (F.col("size") >= TIGHT_GRAMS).alias("tight"))
    keeps = (F.col("df") <= COMMON_KEY_SETS) | (F.col("rank") - F.col("alone") < early) | F.col("tight")
    return prefix.join(tight, "u").where(keeps).select("key", "u", "df")


# -- simhash -----------------------------------------------------------------------------------------------------


def simhash(uniques: DataFrame, settings: Settings) -> Found:
    k = int(round(settings.threshold_value))
    fps = uniques.select("u", "compact").mapInPandas(
        lambda it: (batches.simhash_fingerprints(f, settings) for f in it), "u long, fp long"
    )
    fps = materialise(fps)
    n = fps.count()
    if n < 2:
        return Found(fps.sparkSession.createDataFrame([], "a long, b long, measure double"), 0)
    b = choose_blocks(n, k)
    masks = [np.bitwise_or.reduce(np.array(c, dtype=np.uint64)) for c in combinations(block_masks(b), b - k)]
    tables = fps.sparkSession.createDataFrame(
        [(t, int(np.uint64(m).view(np.int64))) for t, m in enumerate(masks)], "t int, mask long"
    )
    # a bucket is (table, block value); one 64-bit key names it (a collision only adds pairs the k-bit test judges)
    posts = fps.crossJoin(F.broadcast(tables)).select(
        F.xxhash64("t", F.col("fp").bitwiseAND(F.col("mask"))).alias("key"), "u", "fp"
    )
    posts = materialise(posts)
    largest = _largest(posts)
    pairs = _by_bucket(posts).mapInPandas(
        lambda it: (batches.simhash_bucket_pairs(f, k) for f in batches.whole_groups(it, "key")),
        "a long, b long, measure double",
    )
    return Found(materialise(pairs.distinct()), largest)


# -- nshash ------------------------------------------------------------------------------------------------------


def nshash(uniques: DataFrame, settings: Settings, n_unique: int) -> Found:
    posts = uniques.select("u", "content").mapInPandas(
        lambda it: (batches.nshash_postings(f, settings) for f in it), "key long, u long, rank int"
    )
    posts = materialise(posts)
    df = posts.groupBy("key").agg(F.count(F.lit(1)).alias("df"))
    posts = posts.join(df, "key").where(F.col("df") <= common_limit(n_unique))
    longest_first = Window.partitionBy("u").orderBy("rank")
    use = posts.withColumn("kept_rank", F.row_number().over(longest_first) - 1).where(
        F.col("kept_rank") < settings.n_value
    )
    use = materialise(use.select("key", "u").distinct())
    largest = _largest(use)
    shared = _by_bucket(use).mapInPandas(
        lambda it: (batches.counted_bucket_pairs(f, BUCKET_CAP, WINDOW) for f in batches.whole_groups(it, "key")),
        "a long, b long, shared long",
    )
    pairs = shared.groupBy("a", "b").agg(F.sum("shared").cast("double").alias("measure"))
    return Found(pairs, largest)
