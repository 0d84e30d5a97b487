"""Positions in an order, within groups of any size: the distributed ``zipWithIndex`` the job needs three times
(which carriers of a frequent sentence ``boilerplate.learn`` samples, the windows of an over-full bucket, the
numbering of clusters).

A window function partitioned by the group would put a boilerplate sentence carried by ten million texts into one
task. Instead the rows are range-partitioned by (group, order) - a huge group is spread over many partitions - and a
row's position is the number of its group's rows in earlier partitions plus its place in its own partition.
"""

from __future__ import annotations

from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from .checkpoints import materialise


def positions(df: DataFrame, group: list[str], order: str, name: str = "pos") -> DataFrame:
    """``df`` with ``name``: the 0-based position of each row within its ``group`` by ``order`` (unique in the
    group). With ``group`` empty, the position in the whole frame."""
    ranked = (
        df.orderBy(*group, order)
        .withColumn("__pid", F.spark_partition_id())
        .withColumn("__mid", F.monotonically_increasing_id())
    )
    ranked = materialise(ranked)  # both uses below must see the same partition ids
    counts = ranked.groupBy(*group, "__pid").agg(F.count(F.lit(1)).alias("__n"), F.min("__mid").alias("__first"))
    earlier = Window.partitionBy(*group).orderBy("__pid").rowsBetween(Window.unboundedPreceding, -1)
    counts = counts.withColumn("__before", F.coalesce(F.sum("__n").over(earlier), F.lit(0)))
    out = ranked.join(counts.drop("__n"), [*group, "__pid"])
    return out.withColumn(name, F.col("__before") + F.col("__mid") - F.col("__first")).drop(
        "__pid", "__mid", "__first", "__before"
    )
