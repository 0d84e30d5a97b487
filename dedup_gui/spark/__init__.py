"""dedup-spark: the desktop engine's dedup as a Spark job, for inputs far larger than one machine holds.

The engine's own functions (normalisation, boilerplate rule, fingerprints, text check, keep rules, clustering) run
inside Spark over Arrow batches (``batches``: plain pandas in, pandas out, testable without Spark). Spark adds only
what one machine cannot do: joins on band keys for candidates (``candidates``), document frequencies for the
boilerplate (``boilerplate``), distributed connected components (``components``) and stable row ids (``rows``).

Nothing outside this package imports pyspark: the desktop install needs neither Java nor Spark.
"""
