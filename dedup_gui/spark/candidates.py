"""Candidate pairs as joins on band keys: each algorithm's keys, the same caps on over-common keys.

- n-gram: the algorithm's sampled gram keys; per (text, level) key set only its *prefix* - its rarest keys by
  global document frequency, ties by key - is indexed (``ngram._prefixes``); texts sharing a prefix key pair up;
  the length filter here, the min-hash sketch screen and ``ngram.verify`` in ``batches.judge_pairs``.
- simhash: the pigeonhole tables of ``simhash.near_pairs`` (same block count rule, ``choose_blocks``); texts
  agreeing on a table's blocks pair up when their fingerprints are within k bits.
- nshash: sentence hashes found in more texts than ``common_limit`` are dropped and the next-longest sentence takes
  their place; the first n remaining per text are the keys; pairs count the keys they share.

``bucket_pairs`` is ``algorithms.base.bucket_pairs`` as a join: a bucket of at most ``cap`` texts gives all its
pairs, a larger one pairs each text with the next ``window`` texts of the bucket (by text id), which keeps the
work linear and still links the bucket.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pandas as pd
from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from ..core.algorithms.ngram import JACCARD_SLACK, MIN_BOUND, PREFIX_BUCKET_CAP, PREFIX_MARGIN
from ..core.algorithms.nshash import BUCKET_CAP, common_limit
from ..core.algorithms.simhash import block_masks, choose_blocks
from ..core.settings import Settings
from ..core.textcheck import TextCheck
from . import batches
from .checkpoints import materialise
from .ordering import positions

WINDOW = 32  # algorithms.base.bucket_pairs: a text in an over-full bucket pairs with its next 32
_SIGN = -(1 << 63)  # xor with the sign bit: signed order of the result = unsigned order of the key


@dataclass
class Found:
    """Candidate pairs ``a < b`` (unique-text ids) with the algorithm's ``measure`` - for n-gram without it: the
    pairs still to be screened and measured at ``ngram_bound`` (``batches.judge_pairs``) - and the largest bucket."""

    pairs: DataFrame
    largest_bucket: int
    ngram_bound: float | None = None


def bucket_pairs(postings: DataFrame, cap: int, window: int, with_counts: bool = False) -> tuple[DataFrame, int]:
    """Unique pairs (a < b) of texts sharing a key in ``postings`` (key, u); ``shared`` keys per pair on request."""
    p = postings.select("key", "u").distinct()
    sizes = p.groupBy("key").agg(F.count(F.lit(1)).alias("size")).where(F.col("size") > 1)
    largest = sizes.agg(F.max("size")).first()[0] or 0
    p = p.join(sizes, "key")
    small = p.where(F.col("size") <= cap).select("key", "u")
    x, y = small.alias("x"), small.alias("y")
    pairs = x.join(y, (F.col("x.key") == F.col("y.key")) & (F.col("x.u") < F.col("y.u"))).select(
        F.col("x.u").alias("a"), F.col("y.u").alias("b")
    )
    if largest > cap:
        big = positions(p.where(F.col("size") > cap).select("key", "u"), ["key"], "u")
        ahead = big.select(
            "key", "pos", F.col("u").alias("a"), F.explode(F.sequence(F.lit(1), F.lit(window))).alias("d")
        )
        left = ahead.select("key", (F.col("pos") + F.col("d")).alias("pos"), "a")
        right = big.select("key", "pos", F.col("u").alias("b"))
        pairs = pairs.unionByName(left.join(right, ["key", "pos"]).select("a", "b"))
    if with_counts:
        return pairs.groupBy("a", "b").agg(F.count(F.lit(1)).alias("shared")), int(largest)
    return pairs.distinct(), int(largest)


def with_texts(pairs: DataFrame, texts: DataFrame, columns: list[str]) -> DataFrame:
    """``pairs`` with each of ``columns`` of ``texts`` (u, ...) for both sides, as ``column_a`` and ``column_b``."""
    side_a = texts.select(F.col("u").alias("a"), *[F.col(c).alias(f"{c}_a") for c in columns])
    side_b = texts.select(F.col("u").alias("b"), *[F.col(c).alias(f"{c}_b") for c in columns])
    return pairs.join(side_a, "a").join(side_b, "b")


# -- n-gram ------------------------------------------------------------------------------------------------------


def ngram(uniques: DataFrame, settings: Settings) -> Found:
    check = TextCheck.of(settings)
    bound = max(MIN_BOUND, settings.threshold_value - PREFIX_MARGIN)
    # as NGram.search: excerpts are searched down to JACCARD_SLACK x their minimum share
    jaccard_bound = max(check.lowest_jaccard(bound), min(bound, JACCARD_SLACK * check.excerpt_share))
    schema = "key long, u long, step int, size long"
    posts = uniques.select("u", "compact").mapInPandas(
        lambda it: (batches.ngram_postings(f, settings) for f in it), schema
    )
    df = posts.groupBy("key").agg(F.count(F.lit(1)).alias("df"))
    posts = posts.join(df, "key")
    rarest = Window.partitionBy("u", "step").orderBy("df", F.col("key").bitwiseXOR(F.lit(_SIGN)))
    whole = Window.partitionBy("u", "step")
    posts = posts.withColumn("rank", F.row_number().over(rarest) - 1).withColumn("n", F.count(F.lit(1)).over(whole))
    prefix_len = F.col("n") - F.ceil(F.lit(jaccard_bound) * F.col("n") - F.lit(1e-9)) + 1
    prefix = posts.where(F.col("rank") < prefix_len).select("key", "u")
    pairs, largest = bucket_pairs(prefix, PREFIX_BUCKET_CAP, WINDOW)
    sizes = posts.select("u", "size").distinct()
    pairs = pairs.join(sizes.withColumnRenamed("u", "a").withColumnRenamed("size", "size_a"), "a").join(
        sizes.withColumnRenamed("u", "b").withColumnRenamed("size", "size_b"), "b"
    )

    @F.pandas_udf("boolean")  # type: ignore[call-overload]
    def plausible(sa: pd.Series, sb: pd.Series) -> pd.Series:
        a, b = sa.to_numpy(dtype=np.int64), sb.to_numpy(dtype=np.int64)
        return pd.Series(check.plausible(np.minimum(a, b), np.maximum(a, b), bound))

    return Found(pairs.where(plausible("size_a", "size_b")).select("a", "b"), largest, bound)


# -- simhash -----------------------------------------------------------------------------------------------------


def simhash(uniques: DataFrame, settings: Settings) -> Found:
    k = int(round(settings.threshold_value))
    fps = uniques.select("u", "compact").mapInPandas(
        lambda it: (batches.simhash_fingerprints(f, settings) for f in it), "u long, fp long"
    )
    fps = materialise(fps)
    n = fps.count()
    empty = fps.sparkSession.createDataFrame([], "a long, b long, measure double")
    if n < 2:
        return Found(empty, 0)
    b = choose_blocks(n, k)
    masks = block_masks(b)
    tables = [
        int(np.bitwise_or.reduce(np.array(c, dtype=np.uint64)).view(np.int64)) for c in combinations(masks, b - k)
    ]
    table_df = fps.sparkSession.createDataFrame([(t, m) for t, m in enumerate(tables)], "t int, mask long")
    posts = fps.crossJoin(F.broadcast(table_df)).select("t", (F.col("fp").bitwiseAND(F.col("mask"))).alias("key"),
                                                         "u", "fp")  # fmt: skip
    largest = posts.groupBy("t", "key").count().agg(F.max("count")).first()[0] or 0
    x, y = posts.alias("x"), posts.alias("y")
    distance = F.expr("bit_count(x.fp ^ y.fp)")
    pairs = (
        x.join(y, (F.col("x.t") == F.col("y.t")) & (F.col("x.key") == F.col("y.key")) & (F.col("x.u") < F.col("y.u")))
        .where(distance <= k)
        .select(F.col("x.u").alias("a"), F.col("y.u").alias("b"), distance.cast("double").alias("measure"))
        .distinct()
    )
    return Found(pairs, int(largest))


# -- nshash ------------------------------------------------------------------------------------------------------


def nshash(uniques: DataFrame, settings: Settings, n_unique: int) -> Found:
    posts = uniques.select("u", "content").mapInPandas(
        lambda it: (batches.nshash_postings(f, settings) for f in it), "key long, u long, rank int"
    )
    df = posts.groupBy("key").agg(F.count(F.lit(1)).alias("df"))
    posts = posts.join(df, "key").where(F.col("df") <= common_limit(n_unique))
    longest_first = Window.partitionBy("u").orderBy("rank")
    use = posts.withColumn("kept_rank", F.row_number().over(longest_first) - 1).where(
        F.col("kept_rank") < settings.n_value
    )
    pairs, largest = bucket_pairs(use.select("key", "u"), BUCKET_CAP, WINDOW, with_counts=True)
    pairs = pairs.select("a", "b", F.col("shared").cast("double").alias("measure"))
    return Found(pairs, largest)
