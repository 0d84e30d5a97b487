"""Boilerplate learned from the data, as ``core.boilerplate.learn`` learns it, with the counting done by Spark.

Sentence document frequencies over the unique texts are a Spark aggregation. For each sentence found in at least
``boilerplate_docs`` texts, the carriers ``learn`` would sample (evenly spaced in text order, ``SAMPLE`` of them)
are found by their positions (``ordering.positions``: a footer carried by millions of texts is spread over many
tasks), and ``learn`` itself, run on those few texts, gives the verdict: boilerplate when they otherwise differ.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from ..core.boilerplate import SAMPLE
from . import batches
from .checkpoints import materialise
from .ordering import positions


def learn_keys(uniques: DataFrame, min_docs: int, n_unique: int) -> frozenset[int]:
    """The boilerplate sentence keys (unsigned, as ``Boilerplate.keys``) of ``uniques`` (u, norm)."""
    if min_docs <= 0 or n_unique < min_docs:
        return frozenset()
    posts = uniques.select("u", "norm").mapInPandas(lambda it: map(batches.sentence_postings, it), "key long, u long")
    posts = materialise(posts)
    counts = posts.groupBy("key").agg(F.count(F.lit(1)).alias("c")).where(F.col("c") >= min_docs)
    frequent = posts.join(counts, "key")
    placed = positions(frequent, ["key"], "u")

    @F.pandas_udf("boolean")  # type: ignore[call-overload]
    def sampled(c: pd.Series, pos: pd.Series) -> pd.Series:
        return pd.Series(batches.picked(c.to_numpy(dtype=np.int64), pos.to_numpy(dtype=np.int64), SAMPLE))

    picks = placed.where(sampled("c", "pos")).select("key", "u", "pos")
    texts = picks.join(uniques.select("u", "norm"), "u")
    samples = texts.groupBy("key").agg(F.sort_array(F.collect_list(F.struct("pos", "norm"))).alias("s"))
    samples = samples.select("key", F.col("s.norm").alias("texts"))
    verdicts = samples.mapInPandas(lambda it: map(batches.boilerplate_verdicts, it), "key long, boilerplate boolean")
    found = verdicts.where("boilerplate").select("key").collect()
    return frozenset(int(np.int64(r["key"]).view(np.uint64)) for r in found)
