"""Quality evaluation on real corpora: loaders, labelled sets built independently of the engine, scoring.

Used by ``python -m benchmarks.eval_real``. The corpora are read in place from ``../shared/eval/raw`` (research
use only); nothing from them is written into the repository. Parsed corpora and built sets are cached under
``$DEDUP_EVAL_CACHE`` (default ``~/.cache/dedup_gui_eval``).
"""
