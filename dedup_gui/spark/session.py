"""The SparkSession the job runs in: ``--master`` when given, the cluster's when started by spark-submit, else
``local[*]``; ``--conf key=value`` settings pass through unchanged."""

from __future__ import annotations

import os
import sys
import warnings

DEFAULT_MASTER = "local[*]"


def spark_session(master: str | None = None, conf: dict[str, str] | None = None, app_name: str = "dedup-spark"):
    from pyspark.sql import SparkSession

    # PySpark warns that it "does not yet fully support pandas >= 3"; the job's frames are plain numbers and text.
    warnings.filterwarnings("ignore", message=".*does not yet fully support pandas.*", category=FutureWarning)
    conf = dict(conf or {})
    submitted = "PYSPARK_GATEWAY_PORT" in os.environ  # started by spark-submit: its master and settings hold
    master = master or conf.pop("spark.master", None) or (None if submitted else DEFAULT_MASTER)
    if master and master.startswith("local"):
        # local workers run this interpreter: same environment, same engine (a cluster sets spark.pyspark.python)
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName(app_name)
    if master:
        builder = builder.master(master)
    for key, value in conf.items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    # A failed task logs a JVM stack trace; the command says what failed in one line instead.
    spark.sparkContext.setLogLevel("FATAL")
    return spark
