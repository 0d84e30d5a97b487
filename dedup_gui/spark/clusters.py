"""Accepted pairs -> clusters -> one annotation per row, with the desktop's meaning of every column.

Nodes are unique texts (``u``: the first row carrying the text); a text's rank is the keep key of its best row.
*linked*: the kept text of a connected component (``components``) is its best-ranked text. *strict*: each
component is gathered in one task and the engine's ``build_clusters`` runs on it (``batches.strict_keepers``);
components are small - a text has few near-duplicates - and strict clustering never looks beyond one.
Then every row follows its text: a cluster is the rows whose texts have the same kept text (two rows at least),
numbered 1, 2, ... in order of their first row, as the desktop numbers them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from ..core.settings import Settings
from . import batches
from .candidates import with_texts
from .checkpoints import materialise
from .components import connected_components
from .ordering import positions
from .rows import ROW

KEY = ["k1", "k2", "k3", "anchor", "depth", "best_row"]  # a text's rank (batches.RANK_COLUMNS)


@dataclass
class Clustered:
    rows: DataFrame  # __row, dup_cluster, held, dup_kept, kept_row (0-based), dup_similarity - clustered rows only
    clusters: DataFrame  # cluster, size, kept_row, first_row, min_similarity, max_similarity
    rounds: int  # connected-component rounds
    largest_component: int  # unique texts in the largest component


def best_rows(rows: DataFrame) -> DataFrame:
    """(u, k1, k2, k3, anchor, depth, best_row, n_rows): each unique text's best row by the keep key, ranked at its
    own place (anchor: its row, depth 0; ``containers_first`` moves some)."""
    best = rows.groupBy("u").agg(
        F.min(F.struct("k1", "k2", "k3", F.col(ROW).alias("best_row"))).alias("b"), F.count(F.lit(1)).alias("n_rows")
    )
    return best.select(
        "u", "b.k1", "b.k2", "b.k3", F.col("b.best_row").alias("anchor"), F.lit(0).cast("long").alias("depth"),
        "b.best_row", "n_rows",
    )  # fmt: skip


def containers_first(spark, best: DataFrame, pairs: DataFrame) -> DataFrame:
    """``best`` with each text ranked just before the excerpts its accepted pairs found of it (``pairs``'
    ``container``), as ``core.cluster.containers_first`` ranks rows: the pairs and their texts' keys are few
    (a pair is an excerpt's only where the longer text has a quarter of its text of its own) and are worked out on
    the driver - smallest containers first, a text put at its excerpt's key, one step before it."""
    cons = pairs.where(F.col("container") >= 0).select("a", "b", "container", "container_grams").collect()
    if not cons:
        return best
    involved = sorted({int(r["a"]) for r in cons} | {int(r["b"]) for r in cons})
    keys = {
        int(r["u"]): (r["k1"], r["k2"], r["k3"], int(r["anchor"]), int(r["depth"]), int(r["best_row"]))
        for r in best.where(F.col("u").isin(involved)).select("u", *KEY).collect()
    }
    steps = sorted(
        (int(r["container_grams"]), int(r["container"]), int(r["b"] if r["a"] == r["container"] else r["a"]))
        for r in cons
    )
    if not any(keys[e] < keys[c] for _, c, e in steps):
        return best
    moved: dict[int, tuple] = {}
    for _, c, e in steps:
        if keys[e] < keys[c]:
            k1, k2, k3, anchor, depth, _ = keys[e]
            keys[c] = moved[c] = (k1, k2, k3, anchor, depth - 1, keys[c][5])
    updates = spark.createDataFrame(
        [(u, float(k[0]), float(k[1]), float(k[2]), k[3], k[4]) for u, k in moved.items()],
        "u long, m1 double, m2 double, m3 double, m_anchor long, m_depth long",
    )
    out = best.join(updates, "u", "left")
    return out.select(
        "u",
        *[F.coalesce(F.col(m), F.col(k)).alias(k) for m, k in (("m1", "k1"), ("m2", "k2"), ("m3", "k3"))],
        F.coalesce(F.col("m_anchor"), F.col("anchor")).alias("anchor"),
        F.coalesce(F.col("m_depth"), F.col("depth")).alias("depth"),
        "best_row",
        "n_rows",
    )


def node_keepers(
    pairs: DataFrame, best: DataFrame, uniques: DataFrame, settings: Settings
) -> tuple[DataFrame, int, int]:
    """(u, keeper, similarity) for every text in an accepted pair; the CC rounds; the largest component."""
    comps, rounds = connected_components(pairs)
    comps = materialise(comps)
    largest = comps.groupBy("comp").count().agg(F.max("count")).first()[0] or 0
    nodes = comps.join(best.select("u", *KEY), "u")
    if settings.mode == "linked":
        kept = (
            nodes.groupBy("comp")
            .agg(F.min(F.struct(*KEY, "u")).alias("m"))
            .select("comp", F.col("m.u").alias("keeper"))
        )
        keepers = nodes.select("u", "comp").join(kept, "comp").select("u", "keeper")
        return materialise(_linked_similarity(keepers, pairs, uniques, settings)), rounds, int(largest)
    edges = pairs.join(comps.withColumnRenamed("u", "a"), "a").select(
        "comp", F.lit("edge").alias("kind"), F.col("a").alias("u"), F.col("b").alias("v"), "similarity"
    )
    node_rows = nodes.select(
        "comp", F.lit("node").alias("kind"), "u", F.lit(None).cast("long").alias("v"),
        F.lit(None).cast("double").alias("similarity"), *KEY,
    )  # fmt: skip
    together = node_rows.unionByName(edges, allowMissingColumns=True)
    together = together.repartition("comp").sortWithinPartitions("comp", "kind", "u")
    schema = "u long, keeper long, similarity double"
    result = together.mapInPandas(
        lambda it: (batches.strict_keepers(g) for g in batches.whole_groups(it, "comp")), schema
    )
    return materialise(result), rounds, int(largest)


def _linked_similarity(keepers: DataFrame, pairs: DataFrame, uniques: DataFrame, settings: Settings) -> DataFrame:
    """Each member's similarity to its kept text: the pair's when they were paired, else the text check's."""
    lo, hi = F.least("u", "keeper"), F.greatest("u", "keeper")
    wanted = keepers.where(F.col("u") != F.col("keeper")).select("u", "keeper", lo.alias("a"), hi.alias("b"))
    direct = wanted.join(pairs.select("a", "b", "similarity"), ["a", "b"], "left")
    known = direct.where(F.col("similarity").isNotNull())
    missing = direct.where(F.col("similarity").isNull()).select("u", "keeper", "a", "b")
    scored = with_texts(missing, uniques, ["compact"]).mapInPandas(
        lambda it: (batches.score_pairs(f, settings) for f in it),
        "b long, a long, u long, keeper long, similarity double",
    )
    selves = keepers.where(F.col("u") == F.col("keeper")).select("u", "keeper", F.lit(1.0).alias("similarity"))
    return selves.unionByName(known.select("u", "keeper", "similarity")).unionByName(
        scored.select("u", "keeper", "similarity")
    )


def cluster_rows(
    rows: DataFrame, best: DataFrame, keepers: DataFrame, uniques: DataFrame, pairs: DataFrame
) -> tuple[DataFrame, DataFrame]:
    """Per clustered row its cluster, whether it is kept, the kept row and its similarity; and the clusters. A row
    whose text and its kept row's are an accepted pair (``pairs``) in doubt (``core.doubt``; ``uniques``: u, norm)
    stays, as the desktop keeps it for the user to check: dup_kept 1, no kept row, no similarity (the contract's
    dup_of and dup_similarity are a removed row's) - one row of such a text, the others removed as its copies."""
    per_row = (
        rows.select(ROW, "u")
        .join(keepers, "u", "left")
        .select(ROW, "u", F.coalesce("keeper", "u").alias("K"), F.coalesce("similarity", F.lit(1.0)).alias("sim"))
    )
    groups = per_row.groupBy("K").agg(F.count(F.lit(1)).alias("size"), F.min(ROW).alias("first_row"))
    groups = groups.where(F.col("size") >= 2)
    numbered = positions(groups, [], "first_row").withColumn("cluster", F.col("pos") + 1).drop("pos")
    numbered = numbered.join(best.select(F.col("u").alias("K"), F.col("best_row").alias("kept_row")), "K")
    numbered = materialise(numbered)
    out = per_row.join(numbered.select("K", "cluster", "kept_row"), "K")
    out = _held(out, uniques, pairs)
    # Of the rows of a held text one is held, the best (``best``); the others go as its copies (``HeldCopies``).
    out = out.join(best.select("u", F.col("best_row").alias("held_row")), "u", "left")
    copy = F.col("held") & (F.col(ROW) != F.col("held_row"))
    out = out.select(
        ROW,
        "cluster",
        (F.col("held") & ~copy).alias("held"),
        F.when(copy, F.col("held_row")).otherwise(F.col("kept_row")).alias("kept_row"),
        F.when(copy, F.lit(1.0)).otherwise(F.col("sim")).alias("sim"),
    )
    kept = (F.col(ROW) == F.col("kept_row")) | F.col("held")
    out = out.select(
        ROW,
        F.col("cluster").alias("dup_cluster"),
        "held",  # (kept for the user to check: ``--status`` says so)
        F.when(kept, 1).otherwise(0).alias("dup_kept"),
        F.when(~kept, F.col("kept_row")).alias("kept_row"),
        F.when(~kept, F.round("sim", 4)).alias("dup_similarity"),
    )
    out = materialise(out)
    stats = (
        out.where(F.col("dup_kept") == 0)
        .groupBy("dup_cluster")
        .agg(F.min("dup_similarity").alias("min_similarity"), F.max("dup_similarity").alias("max_similarity"))
    )
    clusters = numbered.join(stats, numbered["cluster"] == stats["dup_cluster"], "left").select(
        "cluster", "size", "kept_row", "first_row", "min_similarity", "max_similarity"
    )
    return out, clusters


def _held(rows: DataFrame, uniques: DataFrame, accepted: DataFrame) -> DataFrame:
    """``rows`` (__row, u, K, ...) with ``held``: the row's text is not its kept text, the two are an accepted pair
    (``accepted``: a, b) and held (``batches.held_pairs``: in doubt, or rewritten)."""
    texts = uniques.select("u", "norm")
    linked = accepted.select(F.least("a", "b").alias("x"), F.greatest("a", "b").alias("y"))
    pairs = rows.where(F.col("u") != F.col("K")).select("u", "K").distinct()
    pairs = pairs.join(linked, (F.least("u", "K") == F.col("x")) & (F.greatest("u", "K") == F.col("y")), "left_semi")
    pairs = pairs.join(texts.select("u", F.col("norm").alias("norm_u")), "u")
    pairs = pairs.join(texts.select(F.col("u").alias("K"), F.col("norm").alias("norm_k")), "K")
    held = pairs.mapInPandas(lambda it: (batches.held_pairs(f) for f in it), "u long, K long, held boolean")
    held = held.where(F.col("held"))
    return rows.join(held, ["u", "K"], "left").withColumn("held", F.coalesce("held", F.lit(False)))
