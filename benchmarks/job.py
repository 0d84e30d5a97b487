"""One measured job, run in its own process by ``measure.run_job``: our engine on one algorithm, one peer, or
one read/write of a workbook. Prints ``RESULT <json>`` last; arrays (labels, pairs) go to ``<out>.npz``.

    python -m benchmarks.job '{"task": "ours", "corpus": ".../x.pkl", "n": 1000, "algorithm": "nshash", ...}'
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

from .agreement import components, row_pairs_count
from .data import TEXT_COLUMN, load_corpus
from .measure import MemoryMeter, StageClock


def _texts(spec: dict) -> list[str]:
    return load_corpus(spec["corpus"]).head(int(spec["n"])).texts


def run_ours(spec: dict) -> dict:
    """Our engine end to end: read the workbook (when given), run one algorithm at its defaults, export."""
    from dedup_gui.core.pipeline import Pipeline
    from dedup_gui.core.progress import Reporter
    from dedup_gui.core.settings import Settings

    texts = None if spec.get("workbook") else _texts(spec)
    table = None
    with MemoryMeter() as mem:
        clock = StageClock(mem)
        t_start = time.perf_counter()
        if spec.get("workbook"):
            from dedup_gui.core.io import read_table

            clock.start("load")
            table = read_table(spec["workbook"])
            texts = table.texts([TEXT_COLUMN])
        pipeline = Pipeline(texts, table)
        res = pipeline.run(Settings(algorithm=spec["algorithm"]), Reporter(progress=clock.progress))
        t_run = time.perf_counter()
        stages = clock.durations(t_run)
        if table is not None:
            from dedup_gui.core.export import export

            out = Path(spec["out"] + ".cleaned.xlsx")
            t0 = time.perf_counter()
            clock.start("export")
            export(table, res, cleaned=out)
            stages["export"] = time.perf_counter() - t0
            out.unlink(missing_ok=True)
        t_end = time.perf_counter()
    n_rows = len(texts)
    n_unique = int(res.row_unique.max()) + 1 if n_rows else 0
    unique_labels = components(n_unique, res.pairs.a, res.pairs.b)
    labels = unique_labels[res.row_unique]
    strict = np.arange(n_rows, dtype=np.int64)
    for c in res.clusters:
        strict[c.members] = c.members[0]
    np.savez(spec["out"] + ".npz", labels=labels, strict=strict, row_unique=res.row_unique,
             a=res.pairs.a, b=res.pairs.b)  # fmt: skip
    return {
        "stages": stages,
        "engine_timings": res.timings,
        "dedup_seconds": t_run - t_start - stages.get("load", 0.0),
        "total_seconds": t_end - t_start,
        "peak_rss": mem.peak,
        "baseline_rss": mem.baseline,
        "stage_peak_rss": mem.stage_peaks,
        "rows": n_rows,
        "unique": n_unique,
        "candidates": len(res.candidates),
        "pairs_unique": len(res.pairs),
        "pairs_rows": row_pairs_count(res.row_unique, res.pairs.a, res.pairs.b),
        "clusters": len(res.clusters),
        "removed": res.rows_to_remove,
    }


def run_peer(spec: dict) -> dict:
    from . import peers

    # Peers get the raw rows, as their users give them; whatever cleaning they do is part of their time.
    texts = _texts(spec)
    with MemoryMeter() as mem:
        t0 = time.perf_counter()
        if spec["peer"] == "simhash":
            results = peers.simhash_peers(texts)
        elif spec["peer"] == "nshash":
            results = {"nshash-original": peers.nshash_original(texts)}
        elif spec["peer"] == "minhash":
            results = {"datasketch-lsh": peers.minhash_lsh(texts)}
        else:
            raise ValueError(spec["peer"])
        wall = time.perf_counter() - t0
    out = {"peak_rss": mem.peak, "baseline_rss": mem.baseline, "rows": len(texts), "wall_all": wall, "peers": {}}
    arrays = {}
    for name, (stages, labels, (a, b)) in results.items():
        extra = {k: stages.pop(k) for k in list(stages) if k == "lsh_candidates"}
        out["peers"][name] = {"stages": stages, "dedup_seconds": sum(stages.values()), "pairs_rows": len(a), **extra}
        arrays[f"{name}.labels"] = labels
        arrays[f"{name}.a"] = a
        arrays[f"{name}.b"] = b
    np.savez(spec["out"] + ".npz", **arrays)
    return out


def run_io(spec: dict) -> dict:
    """Read (and for "write" tasks, write back) a workbook with one implementation."""
    import pandas as pd

    impl, path = spec["impl"], spec["workbook"]
    with MemoryMeter() as mem:
        t0 = time.perf_counter()
        if impl == "ours":
            from dedup_gui.core.io import read_table

            table = read_table(path)
            rows = len(table)
        elif impl in ("pandas-openpyxl", "pandas-calamine"):
            frame = pd.read_excel(path, engine=impl.split("-")[1], dtype=object)
            rows = len(frame)
        else:
            raise ValueError(impl)
        t_read = time.perf_counter() - t0
        t_write = None
        if spec.get("write"):
            out = Path(spec["out"] + ".written.xlsx")
            keep = np.random.default_rng(0).random(rows) >= spec.get("drop_share", 0.25)
            t0 = time.perf_counter()
            if impl == "ours":
                from dedup_gui.core.io import write_cleaned

                write_cleaned(table, keep, out)
            else:
                frame[keep].to_excel(out, index=False, engine="openpyxl")
            t_write = time.perf_counter() - t0
            out.unlink(missing_ok=True)
    return {"read_seconds": t_read, "write_seconds": t_write, "rows": rows, "peak_rss": mem.peak}


def main(argv: list[str]) -> int:
    spec = json.loads(argv[0])
    task = spec["task"]
    if task == "ours":
        result = run_ours(spec)
    elif task == "peer":
        result = run_peer(spec)
    elif task == "io":
        result = run_io(spec)
    else:
        raise ValueError(f"unknown task {task!r}")
    print("RESULT " + json.dumps(result, default=float), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
