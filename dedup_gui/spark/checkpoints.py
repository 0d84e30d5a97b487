"""Stage boundaries: a frame computed once and cut from its lineage.

Without the cut, every later plan carries the whole history of the job (the plan of a persisted frame is part of
every plan built on it), and the plans of the last stages grow to gigabytes. With a checkpoint folder set
(``--conf spark.checkpoint.dir=hdfs://...``, or ``SparkContext.setCheckpointDir``) the frames are written there
and survive a lost executor; otherwise they are kept by the executors (local checkpoints), which suits
``local[*]`` and short cluster runs.

``DEDUP_SPARK_TRACE=1`` prints how long each boundary took to compute, and where it is in the code (stderr).
"""

from __future__ import annotations

import os
import sys
import time

from pyspark.sql import DataFrame

_TRACE = bool(os.environ.get("DEDUP_SPARK_TRACE"))


def materialise(df: DataFrame) -> DataFrame:
    t0 = time.perf_counter()
    sc = df.sparkSession.sparkContext
    out = df.checkpoint(eager=True) if sc.getCheckpointDir() else df.localCheckpoint(eager=True)
    if _TRACE:
        caller = sys._getframe(1)
        where = f"{os.path.basename(caller.f_code.co_filename)}:{caller.f_lineno} {caller.f_code.co_name}"
        print(f"dedup-spark trace: {time.perf_counter() - t0:8.2f}s  {where}", file=sys.stderr, flush=True)
    return out
