"""Connected components of the accepted pairs, distributed: the large-star / small-star iterations of Kiveris et
al., "Connected Components in MapReduce and Beyond" (SoCC 2014).

Edges are (x, y) with x > y. *Large-star*: every node links each larger neighbour to the smallest node of its
neighbourhood (itself included). *Small-star*: every node links itself and its smaller neighbours to the smallest
of them. Alternating the two leaves, after O(log^2 n) rounds (a handful in practice), one star per component whose
centre is the component's smallest node: that node is the component's label. Pairs that already form such stars
(most components are one pair) need no round at all.
"""

from __future__ import annotations

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from .checkpoints import materialise

MAX_ROUNDS = 100  # far above what the O(log^2 n) bound gives for 10^9 nodes; a guard, never reached in practice


def _both_ways(edges: DataFrame) -> DataFrame:
    return edges.select(F.col("x").alias("src"), F.col("y").alias("dst")).unionByName(
        edges.select(F.col("y").alias("src"), F.col("x").alias("dst"))
    )


def _edges(df: DataFrame) -> DataFrame:
    return (
        df.where(F.col("x") != F.col("y"))
        .select(F.greatest("x", "y").alias("x"), F.least("x", "y").alias("y"))
        .distinct()
    )


def large_star(edges: DataFrame) -> DataFrame:
    both = _both_ways(edges)
    smallest = both.groupBy("src").agg(F.least(F.min("dst"), F.col("src")).alias("m"))
    out = both.join(smallest, "src").where(F.col("dst") > F.col("src"))
    return _edges(out.select(F.col("dst").alias("x"), F.col("m").alias("y")))


def small_star(edges: DataFrame) -> DataFrame:
    lower = _both_ways(edges).where(F.col("dst") < F.col("src"))
    smallest = lower.groupBy("src").agg(F.min("dst").alias("m"))
    linked = lower.join(smallest, "src").select(F.col("dst").alias("x"), F.col("m").alias("y"))
    centre = smallest.select(F.col("src").alias("x"), F.col("m").alias("y"))
    return _edges(linked.unionByName(centre))


def is_star_forest(edges: DataFrame) -> bool:
    """True when every edge joins a leaf (its larger node, in no other edge) to a centre (never a leaf): the fixed
    point of both operations, each star centred on its component's smallest node. One aggregation."""
    ends = edges.select(F.col("x").alias("n"), F.lit(1).alias("leaf"), F.lit(0).alias("centre")).unionByName(
        edges.select(F.col("y").alias("n"), F.lit(0).alias("leaf"), F.lit(1).alias("centre"))
    )
    per_node = ends.groupBy("n").agg(F.sum("leaf").alias("leaf"), F.max("centre").alias("centre"))
    return per_node.where((F.col("leaf") > 1) | ((F.col("leaf") == 1) & (F.col("centre") == 1))).isEmpty()


def connected_components(pairs: DataFrame) -> tuple[DataFrame, int]:
    """(u, comp) for every node of ``pairs`` (a, b): comp is the smallest node of u's component; and the rounds."""
    edges = materialise(_edges(pairs.select(F.col("a").alias("x"), F.col("b").alias("y"))))
    rounds = 0
    while rounds < MAX_ROUNDS and not is_star_forest(edges):
        rounds += 1
        edges = materialise(small_star(large_star(edges)))
    members = edges.select(F.col("x").alias("u"), F.col("y").alias("comp"))
    centres = edges.select(F.col("y").alias("u"), F.col("y").alias("comp")).distinct()
    return members.unionByName(centres), rounds
