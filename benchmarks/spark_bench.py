"""dedup-spark at scale in local mode: time, shuffle bytes, peak memory and the largest bucket per input size.

    python -m benchmarks.spark_bench                                  # short:100000, short:1000000, long:100000
    python -m benchmarks.spark_bench --cases short:10000000 --master 'local[2]'
    python -m benchmarks.spark_bench --cases short:100000 --algorithm nshash --json results.json

Each case runs in a fresh process (a fresh JVM), so memory and shuffle figures belong to that case alone:

- **seconds**: wall time of ``job.run`` (reading the input to the written output), and per stage;
- **shuffle**: bytes written by all shuffle stages, from Spark's status REST API (``/api/v1/.../stages``);
- **peak memory**: the largest resident set, summed over the driver, its JVM and the Python workers it starts
  (sampled every 0.2 s with psutil); in local mode the JVM is the executor too;
- **largest bucket**: the most texts sharing one band key after the caps; **largest component**: unique texts in
  the largest connected component of accepted pairs.

Inputs are the benchmark corpora (``benchmarks.data.synthetic``: short texts ~54 characters, articles ~1,100)
written once as Parquet in the cache folder (never in the repository). 10M short texts are ten 1M corpora with
different seeds, so their reposts stay within each million (documented in docs/spark.md).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from benchmarks.data import SEED, cache_dir, synthetic

DEFAULT_CASES = ("short:100000", "short:1000000", "long:100000")
CHUNK = 1_000_000


def input_folder(kind: str, n: int) -> Path:
    """The case's Parquet input (a folder of part files), written on first use."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = cache_dir() / "spark" / f"{kind}-{n}"
    if (folder / "_DONE").exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    start = 0
    for part, size in enumerate(_chunks(n)):
        corpus = synthetic(size, kind, seed=SEED + part) if n > CHUNK else synthetic(n, kind)
        table = pa.table({"id": list(range(start, start + size)), "title": corpus.titles, "text": corpus.texts})
        pq.write_table(table, folder / f"part-{part:05d}.parquet")
        start += size
    (folder / "_DONE").write_text("ok")
    return folder


def _chunks(n: int) -> list[int]:
    if n <= CHUNK:
        return [n]
    return [CHUNK] * (n // CHUNK) + ([n % CHUNK] if n % CHUNK else [])


class PeakMemory:
    """Largest summed RSS of this process and all its descendants (the JVM and the Python workers)."""

    def __init__(self, every: float = 0.2):
        import psutil

        self.me, self.every, self.peak = psutil.Process(), every, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        import psutil

        while not self._stop.is_set():
            total = 0
            for p in [self.me, *self.me.children(recursive=True)]:
                try:
                    total += p.memory_info().rss
                except psutil.Error:
                    pass
            self.peak = max(self.peak, total)
            self._stop.wait(self.every)


def shuffle_bytes(spark) -> int:
    """Shuffle bytes written by every stage of the application (Spark's status REST API)."""
    sc = spark.sparkContext
    url = f"{sc.uiWebUrl}/api/v1/applications/{sc.applicationId}/stages"
    with urllib.request.urlopen(url, timeout=60) as response:
        stages = json.load(response)
    return sum(int(s.get("shuffleWriteBytes", 0)) for s in stages)


def run_case(kind: str, n: int, algorithm: str, master: str, memory: str) -> dict:
    from dedup_gui.core.settings import Settings
    from dedup_gui.spark.job import JobSpec, run
    from dedup_gui.spark.session import spark_session

    folder = input_folder(kind, n)
    out = cache_dir() / "spark" / f"out-{kind}-{n}-{algorithm}"
    shutil.rmtree(out, ignore_errors=True)
    conf = {
        "spark.driver.memory": memory,
        "spark.ui.showConsoleProgress": "false",
        "spark.ui.retainedStages": "100000",
        "spark.ui.retainedJobs": "100000",
        "spark.sql.ui.retainedExecutions": "10000",
        "spark.local.dir": str(cache_dir() / "spark" / "scratch"),
    }
    with PeakMemory() as peak:
        spark = spark_session(master, conf)
        t0 = time.perf_counter()
        summary = run(spark, JobSpec([str(folder)], ["text"], Settings(algorithm=algorithm), str(out)))
        seconds = time.perf_counter() - t0
        shuffled = shuffle_bytes(spark)
        spark.stop()
    shutil.rmtree(out, ignore_errors=True)
    return {
        "case": f"{kind}:{n}",
        "algorithm": algorithm,
        "master": master,
        "rows": summary.rows,
        "seconds": round(seconds, 1),
        "stages": summary.seconds,
        "us_per_row": round(seconds / max(1, summary.rows) * 1e6, 1),
        "shuffle_bytes": shuffled,
        "peak_rss_bytes": peak.peak,
        "largest_bucket": summary.largest_bucket,
        "largest_component": summary.largest_component,
        "pairs": summary.pairs,
        "clusters": summary.clusters,
        "removed": summary.removed,
        "boilerplate_sentences": summary.boilerplate_sentences,
    }


def table(results: list[dict]) -> str:
    lines = [
        "| case | rows | seconds | µs/row | shuffle | peak memory | largest bucket | largest component | pairs | "
        "removed |",
        "|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for r in results:
        lines.append(
            f"| {r['case']} {r['algorithm']} | {r['rows']:,} | {r['seconds']:,.0f} | {r['us_per_row']:,.0f} | "
            f"{r['shuffle_bytes'] / 2**20:,.0f} MiB | {r['peak_rss_bytes'] / 2**30:,.1f} GiB | "
            f"{r['largest_bucket']:,} | {r['largest_component']:,} | {r['pairs']:,} | {r['removed']:,} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.spark_bench", description=__doc__.splitlines()[0])
    p.add_argument("--cases", default=",".join(DEFAULT_CASES), help="kind:rows,... (kind: short or long)")
    p.add_argument("--algorithm", default="ngram")
    p.add_argument("--master", default="local[2]")
    p.add_argument("--memory", default="6g", help="spark.driver.memory (the executor too, in local mode)")
    p.add_argument("--json", type=Path, help="append each case's result to this JSON-lines file")
    p.add_argument("--one", help=argparse.SUPPRESS)  # kind:rows, run in this process (the child)
    args = p.parse_args(argv)
    if args.one:
        kind, n = args.one.split(":")
        print("RESULT " + json.dumps(run_case(kind, int(n), args.algorithm, args.master, args.memory)), flush=True)
        return 0
    results = []
    for case in args.cases.split(","):
        print(f"{case} ({args.algorithm}, {args.master}) ...", file=sys.stderr, flush=True)
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.spark_bench", "--one", case, "--algorithm", args.algorithm,
             "--master", args.master, "--memory", args.memory],
            capture_output=True, text=True,
        )  # fmt: skip
        line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
        if line is None:
            print(f"{case} failed:\n{done.stderr[-3000:]}", file=sys.stderr)
            continue
        result = json.loads(line[len("RESULT ") :])
        results.append(result)
        print(json.dumps(result), file=sys.stderr, flush=True)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as f:
                f.write(json.dumps(result) + "\n")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
