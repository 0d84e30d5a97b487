"""Stage boundaries: a frame computed once and cut from its lineage.

Without the cut, every later plan carries the whole history of the job (the plan of a persisted frame is part of
every plan built on it), and the plans of the last stages grow to gigabytes. With a checkpoint folder set
(``--conf spark.checkpoint.dir=hdfs://...``, or ``SparkContext.setCheckpointDir``) the frames are written there
and survive a lost executor; otherwise they are kept by the executors (local checkpoints), which suits
``local[*]`` and short cluster runs.
"""

from __future__ import annotations

from pyspark.sql import DataFrame


def materialise(df: DataFrame) -> DataFrame:
    sc = df.sparkSession.sparkContext
    if sc.getCheckpointDir():
        return df.checkpoint(eager=True)
    return df.localCheckpoint(eager=True)
