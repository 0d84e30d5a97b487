"""The whole job, as a user meets it: each contestant a fresh process from start to the cleaned file written.

    python -m benchmarks.wholejob                       # make bench: 4k and 100k articles, 100k and 1M short texts,
                                                        # 100k English short texts
    python -m benchmarks.wholejob --quick               # make bench-quick: small sizes, a couple of minutes
    python -m benchmarks.wholejob --inputs articles:4000,short:100000 --algos ngram,nshash
    python -m benchmarks.wholejob --readme              # also write the tables into benchmarks/README.md

Ours is ``dedup-cli INPUT --column text --algorithm A --output cleaned.csv`` (run through benchmarks/cli_job.py,
which only notes the seconds of reading, ``Pipeline.run`` and exporting); each peer is a script
(benchmarks/peer_jobs.py) that reads the same CSV file with ``pandas.read_csv``, dedups it and writes the cleaned
file with ``DataFrame.to_csv``. Every contestant is timed from process start to exit (interpreter start-up and
imports included) and its peak memory is the largest resident set of its process plus its children's own memory
(USS: the child our engine forks for half the text check maps all its parent's pages; sampled every 20 ms, and
never less than the kernel's high-water mark of the process). "dedup alone" is each side's time without start-up,
reading and writing. Recall is row-level, from the cleaned file against the planted copies (benchmarks/inputs.py).
Each contestant runs three times (``--repeat``), the contestants of an input taking turns, and is shown by its
median run: the machine's speed drifts from one minute to the next, and taking turns spreads a slow spell over all.
Each run's CPU time and the time the machine's host stole meanwhile (``steal_seconds``) are printed beside them.
Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import compileall
import csv
import json
import math
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import psutil

from . import inputs, report
from .data import cache_dir
from .measure import _kill_tree, children_memory, memory_cap
from .report import mib, pct, secs, table

ALGOS = ("ngram", "nshash", "simhash")
ALGO_LABEL = {"ngram": "n-gram", "nshash": "NSHash", "simhash": "SimHash"}
PEERS = {"ngram": ("rensa", "datasketch", "unchecked"), "nshash": ("nshash-original",), "simhash": ("jieba-simhash",)}
PEER_LABEL = {
    "rensa": "rensa 0.5 (5-grams, RMinHashLSH 16 bands, est. Jaccard ≥ 0.8)",
    "datasketch": "datasketch (4-grams, MinHash.bulk + MinHashLSH, exact Jaccard ≥ 0.8)",
    "nshash-original": "nshash as published (md5, dict, min-id labels)",
    "jieba-simhash": "jieba extract_tags + simhash (SimhashIndex, k = 3)",
    "jieba-simhash-4x16": "jieba extract_tags + simhash + 4×16-bit dict index",
    # Not a peer: our own job with the text check's reads switched off (``cli_job --without-check``), asked for by
    # name (``--peers rensa,unchecked``) - what the trust checks cost, beside the peers in the same run.
    "unchecked": "dedup_gui n-gram without the text check's reads (an experiment: cli_job --without-check)",
}
FULL_INPUTS = "articles:4000,articles:100000,short:100000,short:1000000,short-en:100000"
QUICK_INPUTS = "articles:1000,short:4000"
FULL_SCALE = "10000,100000,1000000"
QUICK_SCALE = "1000,4000,16000"
PEER_MAX_ROWS = {"datasketch": 100_000}  # datasketch at 1M short texts takes hours: skipped, and said so
GOAL_NGRAM_VS_RENSA = 2.0
GOAL_NSHASH = 3.0
GOAL_SIMHASH = 8.0
GOAL_SECONDS = 60.0
GOAL_MEMORY = 2 * 2**30
GOAL_MEMORY_1M = 4 * 2**30
ROOT = Path(__file__).resolve().parent.parent
README_MAIN = ROOT / "README.md"


# -- running one contestant ---------------------------------------------------------------------------------------


# How often a contestant's descendants' own memory (USS) is read: the kernel works it out from every page of the
# process (/proc/PID/smaps), ~12 ms for a forked child of a 1.2 GB process. Read every 20 ms, as the process's own
# figures are, it took a third of a core from the contestant while its child ran - on two cores, from a contestant
# that forks to use both (SimHash at 100k articles: 71.7 s in the harness against 50.2 s by itself; peers do not
# fork, and did not pay it).
CHILDREN_INTERVAL = 0.25


def steal_seconds(stat: str = "/proc/stat") -> float | None:
    """The CPU time the machine's host has taken from it so far, all CPUs together (``steal``, the eighth figure of
    the "cpu" line of /proc/stat, in clock ticks); None where there is no such file (not Linux). A virtual machine
    whose host is busy loses time this way, as if its cores were slower (this 2-core VM: a third of a core for
    minutes at a time) - a slow run with much stolen time says so, not the contestant."""
    try:
        with open(stat, encoding="ascii") as f:
            fields = f.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def run_process(cmd: list[str], timeout: float, mem_limit: int | None, log: Path, interval: float = 0.02) -> dict:
    """Run ``cmd`` in a fresh process; its wall time (start to exit), peak RSS of its tree, exit status.

    Peak memory is the largest sum of the resident set of the process and its descendants' own memory (USS),
    sampled every ``interval`` (the descendants' every ``CHILDREN_INTERVAL``: what they held when last read is
    added in between), and never less than the process's own high-water mark (VmHWM, read while it runs:
    it starts afresh at exec). Not ``ru_maxrss`` from wait4: Linux carries it over an exec, so the child would
    inherit the benchmark's own resident set."""
    env = dict(os.environ, PYTHONHASHSEED="0", QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    cap = memory_cap(mem_limit) if mem_limit and sys.platform.startswith("linux") else None
    stolen = steal_seconds()
    with open(log, "wb") as out_f:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out_f, stderr=subprocess.STDOUT, env=env, cwd=ROOT,
                                start_new_session=True, preexec_fn=cap)  # fmt: skip
        ps = psutil.Process(proc.pid)
        peak, status = 0, 0
        children, children_read = 0, -CHILDREN_INTERVAL
        status_file = f"/proc/{proc.pid}/status"
        while True:
            pid, st, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                status = st
                break
            total = 0
            try:
                total = ps.memory_info().rss
                if time.perf_counter() - children_read >= CHILDREN_INTERVAL:
                    children_read = time.perf_counter()
                    children = children_memory(ps)  # (a forked child counts its own pages: see measure.py)
                total += children
                with open(status_file, encoding="ascii") as f:
                    for line in f:
                        if line.startswith("VmHWM:"):
                            total = max(total, int(line.split()[1]) * 1024)
                            break
            except (psutil.Error, OSError, ValueError):
                pass
            peak = max(peak, total)
            if time.perf_counter() - t0 > timeout:
                _kill_tree(proc.pid)
                try:
                    os.waitpid(proc.pid, 0)
                except ChildProcessError:  # reaped already (_kill_tree waits for the processes it ends)
                    pass
                proc.returncode = -9
                return {"error": f"timed out after {timeout:.0f} s", "wall": time.perf_counter() - t0}
            time.sleep(interval)
        wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    text = log.read_text(encoding="utf-8", errors="replace")
    res = {"wall": wall, "peak_rss": peak, "rc": proc.returncode, "output": text[-2000:]}
    # The CPU time of the process and the children it waited for (the engine's forked halves), and the time the
    # machine's host took from it meanwhile: a run is slow for its own work or for the machine's.
    res["cpu"] = usage.ru_utime + usage.ru_stime
    after = steal_seconds()
    if stolen is not None and after is not None:
        res["steal"] = after - stolen
    if proc.returncode != 0:
        lines = text.strip().splitlines()
        last = lines[-1] if lines else ""
        if out_of_memory(text, last):
            res["error"] = f"out of memory (capped at {mem_limit / 2**30:.0f} GiB)" if mem_limit else "out of memory"
        elif proc.returncode == -9:
            res["error"] = "killed (SIGKILL)"
        else:
            res["error"] = f"exit {proc.returncode}: {last[:160]}"
    return res


def out_of_memory(text: str, last: str) -> bool:
    """Whether a contestant's output (``last``: its last line) says it ran out of memory: Python's MemoryError,
    numpy's "Unable to allocate", or a Rust library's abort on a failed allocation (rensa: "memory allocation of N
    bytes failed", then a note on backtraces as its last line)."""
    return (
        "MemoryError" in text
        or "out of memory" in last
        or "Unable to allocate" in text
        or _RUST_ALLOCATION_FAILED.search(text) is not None
    )


_RUST_ALLOCATION_FAILED = re.compile(r"^memory allocation of \d+ bytes failed", re.M)


def contestant_cmd(who: str, algo: str, src: Path, out: Path, timing: Path, column: str = "text") -> list[str]:
    if who in ("ours", "unchecked"):
        return [sys.executable, "-m", "benchmarks.cli_job", *(["--without-check"] if who == "unchecked" else []),
                "--timing", str(timing), "--", str(src), "--column", column, "--algorithm", algo, "--output",
                str(out), "--quiet"]  # fmt: skip
    return [sys.executable, "-m", "benchmarks.peer_jobs", "--peer", who, "--timing", str(timing), str(src), str(out)]


# -- scoring the cleaned file -------------------------------------------------------------------------------------


def kept_ids(path: Path) -> np.ndarray:
    """The ``id`` column of a cleaned CSV file (read with the csv module: the runner stays small) or workbook."""
    if path.suffix == ".xlsx":
        from python_calamine import CalamineWorkbook

        rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_index(0).to_python()
        k = [str(c) for c in rows[0]].index("id")
        return np.array([int(float(r[k])) for r in rows[1:] if r and r[k] != ""], dtype=np.int64)
    csv.field_size_limit(2**31 - 1)
    with open(path, encoding="utf-8-sig", newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        k = header.index("id")
        return np.array([int(row[k]) for row in reader if row], dtype=np.int64)


def removal_scores(groups: np.ndarray, kept: np.ndarray) -> dict:
    """Row-level scores of a cleaned file against planted groups (an original and its copies).

    recall: planted copies removed / planted copies, where a group of g rows of which k were kept had
    g - max(k, 1) of its copies removed; ``unplanted``: groups left with no row at all (a row removed that was not a
    copy of anything kept: a wrong merge, or a natural near-duplicate the planting does not know of)."""
    groups = np.asarray(groups, dtype=np.int64)
    _, g = np.unique(groups, return_inverse=True)
    size = np.bincount(g)
    mask = np.zeros(len(groups), dtype=bool)
    mask[kept] = True
    k = np.bincount(g, weights=mask, minlength=len(size)).astype(np.int64)
    copies = int((size - 1).sum())
    removed_copies = int((size - np.maximum(k, 1)).sum())
    return {
        "rows": len(groups),
        "kept": int(mask.sum()),
        "removed": int(len(groups) - mask.sum()),
        "planted_copies": copies,
        "recall": removed_copies / copies if copies else 1.0,
        "unplanted": int((k == 0).sum()),
    }


def growth(n0: int, t0: float, n1: int, t1: float) -> float | None:
    """Exponent e of time ∝ rows^e between two sizes."""
    if not (t0 and t1) or n0 == n1:
        return None
    return math.log(t1 / t0) / math.log(n1 / n0)


def median_run(runs: list[dict]) -> dict:
    """The run of median whole-job time among those that succeeded (the lower of the middle two for an even
    count), with every such run's time as ``walls``; the first run when none succeeded."""
    ok = sorted((r for r in runs if "error" not in r and "skipped" not in r), key=lambda r: r["wall"])
    if not ok:
        return runs[0]
    return dict(ok[(len(ok) - 1) // 2], walls=[r["wall"] for r in runs if r in ok])


def run_costs(runs: dict[str, list[dict]]) -> str:
    """Per contestant, the CPU time of each of its runs that succeeded and the machine's stolen time during it,
    where it was measured (``run_process``: ``cpu``, ``steal``); "" when no run has them."""
    out = []
    for who, done in runs.items():
        costs = [
            f"{secs(r['cpu'])}" + (f" [{secs(r['steal'])}]" if "steal" in r else "")
            for r in done
            if "cpu" in r and "error" not in r and "skipped" not in r
        ]
        if costs:
            out.append(f"{who} {' / '.join(costs)}")
    return "; ".join(out)


# -- the benchmark ------------------------------------------------------------------------------------------------


class WholeJob:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.out = cache_dir() / "runs" / ("wholejob-" + time.strftime("%Y%m%d-%H%M%S"))
        self.out.mkdir(parents=True, exist_ok=True)
        self.results: dict = {"args": vars(args), "machine": report.machine(), "date": report.today(), "jobs": {}}
        self.md: list[str] = []
        self.summary: list[list[object]] = []
        self.goals: list[list[object]] = []
        self.scale_md = ""
        self.peer_max = dict(PEER_MAX_ROWS)
        self.skipped: list[str] = []
        self.medians: dict[tuple, dict] = {}  # (input, algorithm, contestant) -> its median run (compare)
        for item in filter(None, args.peer_max.split(",")):
            peer, _, rows = item.partition("=")
            self.peer_max[peer] = int(rows)

    def say(self, text: str = "") -> None:
        print(text, flush=True)

    def emit(self, markdown: str) -> None:
        self.say(markdown)
        self.md.append(markdown)

    def _save(self) -> None:
        (self.out / "results.json").write_text(json.dumps(self.results, indent=1, default=float), encoding="utf-8")

    def in_format(self, inp: inputs.Input) -> inputs.Input:
        """``inp`` in the run's ``--format``: its CSV file, or that file's rows as a workbook of either flavour."""
        return inp if self.args.format == "csv" else inp.as_xlsx(inline=self.args.format == "xlsx-inline")

    @staticmethod
    def job_name(inp: inputs.Input, algo: str, who: str, round_: int = 0) -> str:
        flavour = ""
        if inp.path.suffix == ".xlsx":
            flavour = "-xlsx-inline" if inp.path.name.endswith(".inline.xlsx") else "-xlsx"
        name = f"{inp.kind}-{inp.rows}{flavour}-{algo}-{who}"
        return name + (f"-run{round_ + 1}" if round_ else "")

    def job(self, inp: inputs.Input, algo: str, who: str, round_: int = 0) -> dict:
        name = self.job_name(inp, algo, who, round_)
        if name in self.results["jobs"]:
            return self.results["jobs"][name]
        limit = self.peer_max.get(who)
        skip = next((p for p in filter(None, self.args.skip.split(",")) if p in name), None)
        if (limit is not None and inp.rows > limit) or skip is not None:
            res = {"skipped": f"not run above {limit:,} rows" if skip is None else "not run this time (--skip)"}
            self.skipped.append(f"{who} ({ALGO_LABEL[algo]}) on {inp.label}")
            self.results["jobs"][name] = res
            return res
        reused = self._reused(name)
        if reused is not None:
            return reused
        cleaned, timing = self.out / f"{name}.cleaned{inp.path.suffix}", self.out / f"{name}.timing.json"
        self.say(f"  {name} …")
        res = run_process(contestant_cmd(who, algo, inp.path, cleaned, timing), self.args.timeout,
                          int(self.args.mem_limit * 2**30), self.out / f"{name}.log")  # fmt: skip
        if "error" not in res:
            try:
                res["parts"] = json.loads(timing.read_text(encoding="utf-8"))
                res["scores"] = removal_scores(inp.groups, kept_ids(cleaned))
            except (OSError, ValueError) as e:
                res["error"] = f"no cleaned file or timings: {e}"
        if not self.args.keep_files:
            cleaned.unlink(missing_ok=True)
        res["output"] = res.get("output", "")[-300:]  # all of it: <run>/<name>.log
        status = res.get("error") or (f"{res['wall']:.1f} s, {mib(res['peak_rss'])}, recall "
                                      f"{pct(res['scores']['recall'])}")  # fmt: skip
        self.say(f"    {status}")
        self.results["jobs"][name] = res
        self._save()
        return res

    def _reused(self, name: str) -> dict | None:
        """The job's result from the runs named by --reuse (the last one that has it succeeding), unless --rerun
        names it."""
        if not self.args.reuse or any(p and p in name for p in self.args.rerun.split(",")):
            return None
        for run in reversed(self.args.reuse):
            try:
                res = json.loads((Path(run) / "results.json").read_text(encoding="utf-8"))["jobs"][name]
            except (OSError, KeyError, ValueError):
                continue
            if "error" in res or "skipped" in res:
                continue
            self.say(f"  {name}: reused from {Path(res.get('reused', run)).name}")
            res = dict(res, reused=res.get("reused", str(run)))
            self.results["jobs"][name] = res
            return res
        return None

    def goal(self, what: str, goal: str, measured: str, met: bool | None) -> None:
        self.goals.append([what, goal, measured, {True: "✓", False: "✗", None: "–"}[met]])

    # -- one input, one algorithm ---------------------------------------------------------------------------------

    def compare(self, inp: inputs.Input, algo: str) -> None:
        peers = [p for p in PEERS[algo] if p in self.args.peers.split(",")]
        runs: dict[str, list[dict]] = {who: [] for who in ("ours", *peers)}
        # Rounds interleave the contestants, so a slow spell of the machine falls on all of them alike; each is
        # shown by its median run. A result carried over from an earlier run (--reuse) is not run again: its other
        # runs are taken from there too, where they are.
        for round_ in range(max(1, self.args.repeat)):
            for who, done in runs.items():
                if round_ and "skipped" in done[0]:
                    continue
                if round_ and "reused" in done[0]:  # its other runs come from the same place, if they are there
                    again = self._reused(self.job_name(inp, algo, who, round_))
                    done.extend([again] if again is not None else [])
                    continue
                done.append(self.job(inp, algo, who, round_))
        medians = {who: median_run(done) for who, done in runs.items()}
        for who, res in medians.items():
            self.medians[(inp.path, algo, who)] = res
        ours, theirs = medians["ours"], {p: medians[p] for p in peers}
        rows = [self._row(f"**dedup_gui {ALGO_LABEL[algo]}** (dedup-cli)", ours, ours)]
        rows += [self._row(PEER_LABEL[p], r, ours) for p, r in theirs.items()]
        self.emit(f"\n### {inp.label} — {ALGO_LABEL[algo]}\n")
        self.emit(table(["contestant", "whole job", "peer ÷ ours", "dedup alone", "peer ÷ ours", "read",
                         "write", "start-up", "peak RSS", "rows removed", "recall", "unplanted removals"],
                        rows))  # fmt: skip
        spread = [f"{'ours' if who == 'ours' else who} {' / '.join(secs(w) for w in res['walls'])}"
                  for who, res in medians.items() if len(res.get("walls", ())) > 1]  # fmt: skip
        if spread:
            self.emit(f"\nMedian of {max(len(r.get('walls', ())) for r in medians.values())} interleaved runs; "
                      f"whole job of each run: {'; '.join(spread)}.")  # fmt: skip
        costs = run_costs(runs)
        if costs:
            self.emit(f"\nCPU time of each run (the host's stolen time, both cores, in brackets): {costs}.")
        self._goals(inp, algo, ours, theirs)
        for p, r in theirs.items():
            self.summary.append(self._summary_row(inp, algo, ours, p, r))

    def _row(self, label: str, res: dict, ours: dict) -> list[object]:
        if "skipped" in res or "error" in res:
            return [label, res.get("skipped") or res.get("error"), *["–"] * 10]
        p, s = res["parts"], res["scores"]
        ok = "error" not in ours and "skipped" not in ours
        start = res["wall"] - p.get("read", 0) - p.get("dedup", 0) - p.get("write", 0)
        return [label, secs(res["wall"]), _ratio(res["wall"], ours["wall"]) if ok else "–", secs(p.get("dedup")),
                _ratio(p.get("dedup"), ours["parts"].get("dedup")) if ok else "–", secs(p.get("read")),
                secs(p.get("write")), secs(start), mib(res["peak_rss"]), s["removed"], pct(s["recall"]),
                s["unplanted"]]  # fmt: skip

    def _summary_row(self, inp: inputs.Input, algo: str, ours: dict, peer: str, r: dict) -> list[object]:
        def cell(res: dict) -> str:
            if "error" in res or "skipped" in res:
                return res.get("error") or res.get("skipped")
            return f"{secs(res['wall'])} ({secs(res['parts'].get('dedup'))})"

        good = all("error" not in x and "skipped" not in x for x in (ours, r))
        return [inp.label, ALGO_LABEL[algo], cell(ours), PEER_LABEL[peer].split(" (")[0], cell(r),
                f"**{_ratio(r['wall'], ours['wall'])}** / {_ratio(r['parts'].get('dedup'), ours['parts'].get('dedup'))}"
                if good else "–",
                f"{pct(ours['scores']['recall'])} / {pct(r['scores']['recall'])}" if good else "–",
                f"{mib(ours['peak_rss'])} / {mib(r['peak_rss'])}" if good else "–"]  # fmt: skip

    def summary_table(self) -> str:
        header = ["input", "algorithm", "dedup_gui: whole job (dedup alone)", "peer", "peer: whole job (dedup alone)"]
        header += ["peer ÷ ours: whole job / dedup", "recall: ours / peer", "peak RSS: ours / peer"]
        return table(header, self.summary)

    def _goals(self, inp: inputs.Input, algo: str, ours: dict, theirs: dict) -> None:
        ok = "error" not in ours and "skipped" not in ours
        if algo == "ngram" and "rensa" in theirs:
            r = theirs["rensa"]
            good = ok and "error" not in r and "skipped" not in r
            ratio = r["wall"] / ours["wall"] if good else None
            rec = (ours["scores"]["recall"], r["scores"]["recall"]) if good else None
            self.goal(f"n-gram vs rensa, whole job, {inp.label}", f"≥ {GOAL_NGRAM_VS_RENSA:g}×, recall ≥ rensa's",
                      f"{_ratio(r['wall'], ours['wall'])}, recall {pct(rec[0])} vs {pct(rec[1])}" if good
                      else (ours.get("error") or r.get("error") or r.get("skipped")),
                      (ratio >= GOAL_NGRAM_VS_RENSA and rec[0] >= rec[1]) if good else False)  # fmt: skip
        targets = {"nshash": ("nshash-original", GOAL_NSHASH), "simhash": ("jieba-simhash", GOAL_SIMHASH)}
        if algo in targets and inp.kind == "articles" and targets[algo][0] in theirs:
            peer, want = targets[algo]
            r = theirs[peer]
            good = ok and "error" not in r and "skipped" not in r
            self.goal(f"{ALGO_LABEL[algo]} vs {peer}, whole job, {inp.label}", f"≥ {want:g}×",
                      _ratio(r["wall"], ours["wall"]) if good else (ours.get("error") or r.get("error")),
                      (r["wall"] / ours["wall"] >= want) if good else False)  # fmt: skip
        if inp.kind == "articles" and inp.rows == 100_000:
            self.goal(f"{ALGO_LABEL[algo]}, whole job, 100k articles", f"≤ {GOAL_SECONDS:.0f} s, ≤ 2 GiB",
                      f"{secs(ours['wall'])}, {mib(ours['peak_rss'])}" if ok else ours.get("error"),
                      ok and ours["wall"] <= GOAL_SECONDS and ours["peak_rss"] <= GOAL_MEMORY)  # fmt: skip
        if inp.kind == "short" and inp.rows == 1_000_000:
            self.goal(f"{ALGO_LABEL[algo]}, 1M short texts, peak memory", "< 4 GiB",
                      mib(ours["peak_rss"]) if ok else ours.get("error"),
                      ok and ours["peak_rss"] < GOAL_MEMORY_1M)  # fmt: skip

    # -- scale ----------------------------------------------------------------------------------------------------

    def scale(self, sizes: list[int], algos: list[str]) -> None:
        rows = []
        for algo in algos:
            for who in ("ours", *(p for p in PEERS[algo] if p in self.args.scale_peers.split(","))):
                prev = None
                for n in sizes:
                    inp = inputs.build("short", n)
                    inp = self.in_format(inp)
                    res = self.medians.get((inp.path, algo, who)) or self.job(inp, algo, who)
                    label = f"dedup_gui {ALGO_LABEL[algo]}" if who == "ours" else who
                    if "error" in res or "skipped" in res:
                        rows.append([label, n, f"{inp.mean_chars:.0f}", res.get("error") or res.get("skipped"),
                                     *["–"] * 6])  # fmt: skip
                        prev = None
                        continue
                    t, d = res["wall"], res["parts"].get("dedup")
                    e_w = growth(prev[0], prev[1], n, t) if prev else None
                    e_d = growth(prev[0], prev[2], n, d) if prev else None
                    rows.append([label, n, f"{inp.mean_chars:.0f}", secs(t), f"{1e6 * t / n:.0f} µs",
                                 "–" if e_w is None else f"{e_w:.2f}", secs(d), "–" if e_d is None else f"{e_d:.2f}",
                                 mib(res["peak_rss"]), pct(res["scores"]["recall"])])  # fmt: skip
                    prev = (n, t, d)
        self.emit(f"\n### Cost by size — short texts {' → '.join(_count(n) for n in sizes)} (whole job; exponent e "
                  "of time ∝ rows^e from the previous size, 1 = linear)\n")  # fmt: skip
        self.scale_md = table(["contestant", "rows", "mean chars", "whole job", "per row", "e", "dedup alone",
                               "e (dedup)", "peak RSS", "recall"], rows)  # fmt: skip
        self.emit(self.scale_md)

    # -- all ------------------------------------------------------------------------------------------------------

    def run(self) -> None:
        t0 = time.perf_counter()
        a = self.args
        self.say(f"dedup_gui whole-job benchmark, {self.results['date']}\n{self.results['machine']}")
        self.say(f"results: {self.out}")
        algos = a.algos.split(",")
        wanted = [(k, int(n)) for k, n in (s.split(":") for s in a.inputs.split(",") if s)]
        built = [inputs.build(k, n) for k, n in wanted]
        built = [self.in_format(inp) for inp in built]
        kind = "CSV files" if a.format == "csv" else "workbooks"
        self.emit(
            f"Inputs ({kind} with `id` and `text`, read by each contestant "
            "and cleaned into the same format; built by benchmarks/inputs.py into the cache, never the repo):\n"
        )
        for inp in built:
            self.emit(f"- **{inp.label}** ({inp.path.stat().st_size / 2**20:,.0f} MiB, mean {inp.mean_chars:,.0f} "
                      f"characters): {inp.how}")  # fmt: skip
        for inp in built:
            self.say(f"\n## {inp.label}")
            for algo in algos:
                self.compare(inp, algo)
        if a.scale:
            self.scale([int(s) for s in a.scale.split(",")], a.scale_algos.split(","))
        skipped = self.skipped
        if skipped:
            limits = "; ".join(f"{p} above {n:,} rows" for p, n in self.peer_max.items())
            if a.skip:
                limits += f"; jobs named by --skip {a.skip}"
            self.emit(f"\nNot run: {', '.join(skipped)} ({limits}, to keep the run within hours).")
        self.emit("\n### Summary\n")
        self.emit(self.summary_table())
        self.emit("\n### Goals (issue 16)\n")
        self.emit(table(["goal", "target", "measured", ""], self.goals))
        self.say(f"\ntotal {time.perf_counter() - t0:.0f} s; results in {self.out}")
        header = (f"Measured {self.results['date']} on {self.results['machine']}. Command: "
                  f"`python -m benchmarks.wholejob {' '.join(sys.argv[1:])}`.")  # fmt: skip
        (self.out / "results.md").write_text(header + "\n\n" + "\n".join(self.md), encoding="utf-8")
        if a.readme:
            report.update_readme(header + "\n\n" + "\n".join(self.md), a.readme_label)
            self.say(f"updated {report.README}")
            if not a.quick:
                brief = (f"{self.summary_table()}\n\n{self.scale_md}\n\nGoals (issue 16):\n\n"
                         f"{table(['goal', 'target', 'measured', ''], self.goals)}\n\n_{header}_")  # fmt: skip
                if update_block(README_MAIN, "performance", brief):
                    self.say(f"updated {README_MAIN}")


def update_block(path: Path, label: str, markdown: str) -> bool:
    """Replace the text between ``<!-- bench:LABEL:begin -->`` and ``<!-- bench:LABEL:end -->`` in ``path``;
    False (and nothing written) when the file has no such block."""
    begin, end = f"<!-- bench:{label}:begin -->", f"<!-- bench:{label}:end -->"
    text = path.read_text(encoding="utf-8")
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        return False
    path.write_text(text[: i + len(begin)] + "\n" + markdown.strip() + "\n" + text[j:], encoding="utf-8")
    return True


def _ratio(peer: float | None, ours: float | None) -> str:
    return "–" if not peer or not ours else f"{peer / ours:.1f}×"


def _count(n: int) -> str:
    return inputs._count(n)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.wholejob", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help=f"small sizes ({QUICK_INPUTS}; scale {QUICK_SCALE})")
    ap.add_argument("--inputs", default=None, help=f"kind:rows, comma-separated (default {FULL_INPUTS})")
    ap.add_argument("--algos", default=",".join(ALGOS))
    ap.add_argument(
        "--format",
        default="csv",
        choices=("csv", "xlsx", "xlsx-inline"),
        help="input and cleaned file format (xlsx: the texts in shared strings, as Excel writes them; xlsx-inline: "
        "in the sheet, as openpyxl and pandas' to_excel write them; the peers read with openpyxl, write with "
        "to_excel)",
    )
    ap.add_argument("--peers", default="rensa,datasketch,nshash-original,jieba-simhash",
                    help="peers to run (also: jieba-simhash-4x16; unchecked, our n-gram without the text check's "
                    "reads)")  # fmt: skip
    ap.add_argument("--peer-max", default="", help="peer=rows,...: skip a peer above this many rows "
                    f"(default {','.join(f'{p}={n}' for p, n in PEER_MAX_ROWS.items())})")  # fmt: skip
    ap.add_argument("--scale", default=None, help=f"cost-table sizes (default {FULL_SCALE}; '' = none)")
    ap.add_argument("--scale-algos", default="ngram,nshash,simhash")
    ap.add_argument("--scale-peers", default="rensa", help="peers in the cost table too")
    # (16 GiB: rensa at 1M short texts reserves more than 8 GiB of address space for its 3 GiB resident, and aborts
    # under a cap of 8 - so plain ``make bench`` had no peer at 1M; the full runs passed 12 or 16)
    ap.add_argument("--mem-limit", type=float, default=16.0, help="GiB of address space a contestant may use")
    ap.add_argument("--timeout", type=float, default=3600.0, help="seconds before a contestant is abandoned")
    ap.add_argument("--repeat", type=int, default=None,
                    help="run each contestant this many times, interleaved, and show its median run "
                    "(default 3; 1 with --quick)")  # fmt: skip
    ap.add_argument("--keep-files", action="store_true", help="keep the cleaned files in the run folder")
    ap.add_argument("--reuse", metavar="RUN_DIR", action="append", default=[],
                    help="take results from an earlier run where they succeeded (repeatable: the last run that "
                    "has a job wins)")  # fmt: skip
    ap.add_argument("--rerun", default="", help="with --reuse: comma-separated parts of job names to run again")
    ap.add_argument("--skip", default="", help="comma-separated parts of job names not to run (shown as not run)")
    ap.add_argument("--readme", action="store_true", help="write the tables into benchmarks/README.md")
    ap.add_argument("--readme-label", default=None, help="README block to replace (default wholejob / wholejob-quick)")
    args = ap.parse_args(argv)
    if args.inputs is None:
        args.inputs = QUICK_INPUTS if args.quick else FULL_INPUTS
    if args.scale is None:
        args.scale = QUICK_SCALE if args.quick else FULL_SCALE
    for run in args.reuse:
        if not (Path(run) / "results.json").is_file():
            ap.error(f"--reuse {run}: no results.json there")
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    if args.readme_label is None:
        args.readme_label = "wholejob-quick" if args.quick else "wholejob"
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # The package as `pip install .` leaves it, with its bytecode: a source checkout under PYTHONDONTWRITEBYTECODE
    # would otherwise compile every module in every run (~55 ms of start-up on this machine).
    compileall.compile_dir(str(ROOT / "dedup_gui"), quiet=1)
    WholeJob(args).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
