"""Our whole job: ``dedup-cli`` itself (``dedup_gui.cli.run``, what the console script calls), with the seconds
of its parts written beside it.

    python -m benchmarks.cli_job --timing T.json -- INPUT.csv --column text --algorithm ngram --output CLEANED.csv

Nothing in the run changes: the reader, the engine and the exporter are wrapped by functions that only note the
time (``dedup_gui.core.io.read_table``, ``Pipeline.run``, ``dedup_gui.core.export.export``; the CLI looks each
up when it runs). "dedup" is ``Pipeline.run``: normalising, boilerplate detection, fingerprints, candidates, the
text check and clustering. The benchmark times the process itself from the outside.

    python -m benchmarks.cli_job --without-check --timing T.json -- INPUT.csv ...

``--without-check`` is an experiment, not a setting of the product: the text check's reads of each pair (figures,
names and places, negations and opposites, quotes, and which pairs are in doubt: ``_Verified.reports_agree``) are
switched off, every pair above the similarity floor passing them. The similarity floor itself, the series rule and
everything else run as ever. It measures what the trust checks cost in the whole job; its cleaned file removes rows
the product keeps.
"""

from __future__ import annotations

import json
import sys
import time

T_START = time.perf_counter()


def main(argv: list[str]) -> int:
    timing_path = None
    without_check = argv[:1] == ["--without-check"]
    if without_check:
        argv = argv[1:]
    if argv[:1] == ["--timing"]:
        timing_path, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    from dedup_gui import cli

    # As the command imports them (``benchmarks.ab`` may run an engine from before the function: as it did then).
    getattr(cli, "load_engine_modules", lambda: None)()
    from dedup_gui.core import export as export_mod
    from dedup_gui.core import io as io_mod
    from dedup_gui.core.pipeline import Pipeline

    if without_check:
        _switch_the_check_off()
    parts: dict = {"start": time.perf_counter() - T_START}

    def timed(name, fn):
        def wrapper(*a, **k):
            t0 = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                parts[name] = parts.get(name, 0.0) + time.perf_counter() - t0

        return wrapper

    io_mod.read_table = timed("read", io_mod.read_table)
    export_mod.export = timed("write", export_mod.export)
    run = Pipeline.run

    def pipeline_run(self, *a, **k):
        t0 = time.perf_counter()
        res = run(self, *a, **k)
        parts["dedup"] = parts.get("dedup", 0.0) + time.perf_counter() - t0
        parts["stages"] = dict(res.timings)
        parts["pairs"] = len(res.pairs)
        parts["removed"] = int(res.rows_to_remove)
        return res

    Pipeline.run = pipeline_run  # type: ignore[method-assign]
    rc = cli.run(argv)
    if timing_path:
        with open(timing_path, "w", encoding="utf-8") as f:
            json.dump(parts, f)
    return rc


def _switch_the_check_off() -> None:
    """Every pair above the similarity floor passes the text check's reads, and none is in doubt
    (``--without-check``)."""
    import numpy as np

    from dedup_gui.core.pipeline import _Verified

    def agree(self, prep, written, markup, mask, reporter, doubt, lengths):
        return np.ones(len(self.agree), dtype=bool), np.zeros(len(self.agree), dtype=bool)

    _Verified.reports_agree = agree  # type: ignore[method-assign]


if __name__ == "__main__":
    from dedup_gui.cli import exit_now, hold_to_the_end, own_process

    own_process()  # as the console script starts (``dedup_gui.cli.main``) ...
    hold_to_the_end()
    exit_now(main(sys.argv[1:]))  # ... and ends
