"""Speed, memory and agreement of dedup_gui against the libraries people would otherwise use, in one run.

    python -m benchmarks.run                      # 100,000 articles (make bench)
    python -m benchmarks.run --quick              # a smoke run in a minute or two (make bench-quick)
    python -m benchmarks.run --size 20000 --only simhash,io
    python -m benchmarks.run --real /path/to/corpus.jsonl.gz --only simhash,nshash,ngram
    python -m benchmarks.run --readme             # also write the tables into benchmarks/README.md

Sections (``--only``): simhash, nshash, ngram (our engine vs its peers on the same texts), io (reading and
writing the workbook vs pandas), scale (short texts at 10k -> 100k -> 1M), gui (longest GUI-thread stall).
Every measurement runs in a fresh process (see measure.py). Speed targets live here, never in unit tests.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

from . import data, report
from .agreement import compare, pooled_recall, truth_scores
from .measure import STAGES, run_job
from .report import mib, pct, ratio, secs, table

SECTIONS = ("simhash", "nshash", "ngram", "io", "scale", "gui")
# Peers per algorithm: the job that runs them, and the names it reports.
PEERS = {
    "simhash": ("simhash", ("simhash-pypi", "simhash-4x16")),
    "nshash": ("nshash", ("nshash-original",)),
    "ngram": ("minhash", ("datasketch-lsh",)),
}
PEER_LABEL = {
    "simhash-pypi": "jieba extract_tags + simhash (SimhashIndex)",
    "simhash-4x16": "jieba extract_tags + simhash + 4×16-bit dict index",
    "nshash-original": "nshash as published (md5, dict, min-id labels)",
    "datasketch-lsh": "datasketch MinHash + MinHashLSH (128 perm)",
}
SPEED_TARGET = {"simhash": 8.0, "nshash": 3.0, "ngram": 3.0}
TARGET_ROWS = 100_000
SECONDS_TARGET = 60.0
MEMORY_TARGET = 2 * 2**30
IO_TARGET = 3.0
GUI_TARGET_MS = 100.0


class Bench:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.out = data.cache_dir() / "runs" / time.strftime("%Y%m%d-%H%M%S")
        self.out.mkdir(parents=True, exist_ok=True)
        self.log = self.out / "jobs.log"
        self.results: dict = {"args": vars(args), "machine": report.machine(), "date": report.today()}
        self.md: list[str] = []
        self.targets: list[list[object]] = []

    # -- helpers ----------------------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        print(text, flush=True)

    def emit(self, markdown: str) -> None:
        self.say(markdown)
        self.md.append(markdown)

    def job(self, name: str, spec: dict) -> dict:
        reused = self._reused(name)
        if reused is not None:
            return reused
        spec = dict(spec, out=str(self.out / name))
        self.say(f"  running {name} …")
        t0 = time.perf_counter()
        res = run_job(spec, timeout=self.args.timeout, log=self.log, mem_limit=int(self.args.mem_limit * 2**30))
        res["npz"] = spec["out"] + ".npz"
        status = res.get("error") or "ok"
        self.say(f"    {name}: {time.perf_counter() - t0:.1f}s wall, {status}")
        self.results.setdefault("jobs", {})[name] = {k: v for k, v in res.items() if k != "npz"}
        self._save()
        return res

    def _reused(self, name: str) -> dict | None:
        """A job's result from an earlier run (``--reuse DIR``), unless it failed or ``--rerun`` names it."""
        if not self.args.reuse or any(p and p in name for p in self.args.rerun.split(",")):
            return None
        prev = Path(self.args.reuse)
        try:
            res = json.loads((prev / "results.json").read_text(encoding="utf-8"))["jobs"][name]
        except (OSError, KeyError, ValueError):
            return None
        if "error" in res:
            return None
        res = dict(res, npz=str(prev / f"{name}.npz"), reused=str(prev))
        self.say(f"  {name}: reused from {prev.name}")
        self.results.setdefault("jobs", {})[name] = {k: v for k, v in res.items() if k != "npz"}
        return res

    def target(self, what: str, goal: str, measured: str, met: bool | None, note: str = "") -> None:
        self.targets.append([what, goal, measured, {True: "met", False: "NOT met", None: "n/a"}[met], note])

    def _save(self) -> None:
        (self.out / "results.json").write_text(json.dumps(self.results, indent=1, default=float), encoding="utf-8")

    # -- corpus -----------------------------------------------------------------------------------------------

    def corpus(self) -> data.BenchCorpus:
        if self.args.real:
            c = data.real(self.args.real)
            if self.args.size and self.args.size < len(c):
                c = c.head(self.args.size)
        else:
            c = data.synthetic(self.args.size, "long")
        return c

    # -- algorithms -------------------------------------------------------------------------------------------

    def algorithm(self, algo: str, corpus: data.BenchCorpus, cfile: Path, workbook: Path) -> None:
        n = len(corpus)
        peer_job, peer_names = PEERS[algo]
        n_peer = min(n, self.args.peer_size if algo == "simhash" else self.args.fast_peer_size)
        self.say(f"\n## {algo}: {n:,} rows; peers on {n_peer:,} rows")
        full = self.job(f"{algo}-ours-{n}", {"task": "ours", "corpus": str(cfile), "n": n, "algorithm": algo,
                                             "workbook": str(workbook)})  # fmt: skip
        sub = full
        if n_peer < n:
            sub = self.job(f"{algo}-ours-{n_peer}", {"task": "ours", "corpus": str(cfile), "n": n_peer,
                                                     "algorithm": algo})  # fmt: skip
        peer = self.job(f"{algo}-peers-{n_peer}", {"task": "peer", "corpus": str(cfile), "n": n_peer,
                                                   "peer": peer_job})  # fmt: skip

        times, agree = [], []
        ours_rows = [("dedup_gui " + algo, full, n)]
        if sub is not full:
            ours_rows.append((f"dedup_gui {algo} (peer subset)", sub, n_peer))
        for label, res, rows in ours_rows:
            if "error" in res:
                times.append([label, rows, *["–"] * len(STAGES), res["error"], "–", "–", "–"])
                continue
            st = res["stages"]
            times.append([label, rows, *(secs(st.get(s)) if s in st else "–" for s in STAGES),
                          secs(res["dedup_seconds"]), secs(res["dedup_seconds"] * n / rows) if rows == n else "–",
                          "1.0×", mib(res["peak_rss"])])  # fmt: skip
        ours_sub_t = sub.get("dedup_seconds")
        ours_full_t = full.get("dedup_seconds")
        group = np.asarray(corpus.group[:n_peer]) if corpus.group is not None else None
        sub_npz = np.load(sub["npz"]) if "error" not in sub else None
        peer_npz = np.load(peer["npz"]) if "error" not in peer else None
        if sub_npz is not None:
            row = ["dedup_gui " + algo, n_peer, sub["pairs_rows"], "–"]
            if group is not None:
                ts = truth_scores(sub_npz["labels"], group)
                tstrict = truth_scores(sub_npz["strict"], group)
                row += ["–", "–", f"{pct(ts['precision'])} / {pct(ts['recall'])}",
                        f"{pct(tstrict['precision'])} / {pct(tstrict['recall'])}"]  # fmt: skip
            else:
                row += ["–", "–", "–", "–"]
            agree.append(row)
        best_ratio = None
        for name in peer_names:
            if "error" in peer:
                times.append([PEER_LABEL[name], n_peer, *["–"] * len(STAGES), peer["error"], "–", "–", "–"])
                continue
            pr = peer["peers"][name]
            st, t_sub = pr["stages"], pr["dedup_seconds"]
            t_at_n = t_sub * n / n_peer
            r_same = t_sub / ours_sub_t if ours_sub_t else None
            r_full = t_at_n / ours_full_t if ours_full_t else None
            r = r_full if r_full is not None else r_same
            best_ratio = r if best_ratio is None or (r is not None and r < best_ratio) else best_ratio
            extrap = "" if n_peer == n else " (linear extrapolation)"
            times.append([PEER_LABEL[name], n_peer, *(secs(st.get(s)) if s in st else "–" for s in STAGES),
                          secs(t_sub), secs(t_at_n) + extrap,
                          f"{ratio(r_same)} same rows" + (f"; {ratio(r_full)} at {n:,}" if n_peer < n else ""),
                          mib(peer["peak_rss"])])  # fmt: skip
            if sub_npz is not None:
                labels = peer_npz[f"{name}.labels"]
                cmp_ = compare(sub_npz["labels"], labels)
                pa, pb = peer_npz[f"{name}.a"], peer_npz[f"{name}.b"]
                direct = float(np.mean(sub_npz["labels"][pa] == sub_npz["labels"][pb])) if len(pa) else None
                both = f"{cmp_['pairs_both']:,} of {cmp_['pairs_theirs']:,}"
                row = [PEER_LABEL[name], n_peer, pr["pairs_rows"], pct(direct), both, pct(cmp_["theirs_found_by_ours"])]
                if group is not None:
                    ts = truth_scores(labels, group)
                    row += [f"{pct(ts['precision'])} / {pct(ts['recall'])}", "–"]
                else:
                    row += ["–", "–"]
                agree.append(row)
                if algo == "ngram":
                    self._pooled(sub_npz, peer_npz, name)
        self.emit(
            f"\n### {algo} — time per stage ({n:,} rows{'' if n_peer == n else f'; peers on the first {n_peer:,}'})\n"
        )
        self.emit(table(["implementation", "rows", *STAGES, "dedup (normalise→cluster)", f"at {n:,} rows",
                         "peer ÷ ours", "peak RSS"], times))  # fmt: skip
        self.emit(f"\n### {algo} — what each found (the same {n_peer:,} rows)\n")
        self.emit(table(["implementation", "rows", "duplicate pairs reported", "of these, joined by ours",
                         "pairs the finder co-clusters, also co-clustered by ours", "share",
                         "vs planted truth: precision / recall (linked)",
                         "ours strict clusters: P / R"], agree))  # fmt: skip
        if "error" not in full and full.get("stage_peak_rss"):
            peaks = full["stage_peak_rss"]
            self.emit(f"\nPeak RSS by stage, dedup_gui {algo} at {n:,} rows (process + workers): "
                      + ", ".join(f"{k} {mib(v)}" for k, v in peaks.items() if k in STAGES) + "\n")  # fmt: skip
        if "error" not in full:
            self._engine_targets(algo, full, n)
        goal = SPEED_TARGET[algo]
        basis = "same rows" if n_peer == n else f"peers on {n_peer:,} rows, linear extrapolation to {n:,}"
        self.target(
            f"{algo} vs peers",
            f"≥ {goal:g}× faster",
            ratio(best_ratio),
            None if best_ratio is None else best_ratio >= goal,
            "slowest ratio over peers; " + basis,
        )

    def _pooled(self, ours: np.lib.npyio.NpzFile, peer: np.lib.npyio.NpzFile, name: str) -> None:
        ru = ours["row_unique"]
        nu = int(ru.max()) + 1
        a, b = ours["a"], ours["b"]
        codes_ours = np.minimum(a, b) * nu + np.maximum(a, b)
        pa, pb = ru[peer[f"{name}.a"]], ru[peer[f"{name}.b"]]
        other = pa != pb  # rows with the same normalised text: found by our exact pass
        codes_peer = np.minimum(pa, pb)[other] * nu + np.maximum(pa, pb)[other]
        pr = pooled_recall(codes_ours, codes_peer)
        self.emit(f"\nn-gram recall against the pooled verified pairs (Jaccard ≥ 0.8 found by either, distinct "
                  f"texts): {pr['pool']:,} pairs; dedup_gui {pct(pr['recall_ours'])}, "
                  f"{PEER_LABEL[name]} {pct(pr['recall_theirs'])}\n")  # fmt: skip
        self.target("ngram recall vs datasketch", "equal or better", f"{pct(pr['recall_ours'])} vs "
                    f"{pct(pr['recall_theirs'])}", pr["recall_ours"] >= pr["recall_theirs"] - 1e-12)  # fmt: skip

    def _engine_targets(self, algo: str, full: dict, n: int) -> None:
        t = full["dedup_seconds"]
        extra = f"load {secs(full['stages'].get('load'))}, export {secs(full['stages'].get('export'))}"
        at_target = n == TARGET_ROWS
        self.target(f"{algo}: {n:,} articles", f"≤ {SECONDS_TARGET:.0f} s", secs(t),
                    (t <= SECONDS_TARGET) if at_target else None, f"normalise→cluster; {extra}")  # fmt: skip
        self.target(f"{algo}: peak memory, {n:,} articles", "≤ 2 GiB", mib(full["peak_rss"]),
                    (full["peak_rss"] <= MEMORY_TARGET) if at_target else None,
                    "process + segmentation workers, load → export")  # fmt: skip

    # -- io ---------------------------------------------------------------------------------------------------

    def io(self, workbook: Path, n: int) -> None:
        self.say(f"\n## io: {n:,}-row workbook ({workbook.stat().st_size / 2**20:.0f} MiB)")
        rows = []
        res = {}
        for impl in ("ours", "pandas-calamine", "pandas-openpyxl"):
            res[impl] = r = self.job(f"io-{impl}-{n}", {"task": "io", "impl": impl, "workbook": str(workbook),
                                                         "write": impl != "pandas-calamine"})  # fmt: skip
            if "error" in r:
                rows.append([impl, r["error"], "–", "–", "–"])
                continue
            rows.append([{"ours": "dedup_gui read_table / write_cleaned", "pandas-calamine":
                          "pandas.read_excel(engine=calamine)", "pandas-openpyxl":
                          "pandas.read_excel(openpyxl) / DataFrame.to_excel"}[impl],
                         secs(r["read_seconds"]), secs(r["write_seconds"]), mib(r["peak_rss"]), r["rows"]])  # fmt: skip
        ours, base = res["ours"], res["pandas-openpyxl"]
        ok = "error" not in ours and "error" not in base
        read_r = base["read_seconds"] / ours["read_seconds"] if ok else None
        write_r = base["write_seconds"] / ours["write_seconds"] if ok and base.get("write_seconds") else None
        self.emit(f"\n### io — the {n:,}-row workbook (write = the cleaned workbook, 25 % of rows removed)\n")
        self.emit(table(["implementation", "read", "write cleaned", "peak RSS", "rows"], rows))
        self.emit(f"\nread: pandas+openpyxl ÷ ours = {ratio(read_r)}; write: pandas.to_excel ÷ ours = "
                  f"{ratio(write_r)}\n")  # fmt: skip
        self.target(f"read {n:,}-row workbook", f"≥ {IO_TARGET:g}× faster than pandas+openpyxl", ratio(read_r),
                    None if read_r is None else read_r >= IO_TARGET,
                    f"ours {secs(ours.get('read_seconds'))}")  # fmt: skip
        self.target(f"write cleaned {n:,}-row workbook", "measured", secs(ours.get("write_seconds")), None,
                    f"pandas.to_excel {secs(base.get('write_seconds'))}")  # fmt: skip

    # -- scale ------------------------------------------------------------------------------------------------

    def scale(self) -> None:
        sizes = [int(s) for s in self.args.scale_sizes.split(",")]
        algos = self.args.scale_algos.split(",")
        self.say(f"\n## scale: short texts, sizes {sizes}, algorithms {algos}")
        rows, slopes = [], {}
        for algo in algos:
            prev = None
            for n in sizes:
                c = data.synthetic(n, "short")
                cfile = data.corpus_file(c)
                r = self.job(f"scale-{algo}-{n}", {"task": "ours", "corpus": str(cfile), "n": n, "algorithm": algo})
                if "error" in r:
                    rows.append([algo, n, f"{c.mean_chars:.0f}", r["error"], "–", "–", "–", "–", "–"])
                    prev = None
                    continue
                t = r["dedup_seconds"]
                slope = math.log(t / prev[1]) / math.log(n / prev[0]) if prev else None
                if slope is not None:
                    slopes.setdefault(algo, []).append(slope)
                rows.append([algo, n, f"{c.mean_chars:.0f}", secs(t), f"{1e6 * t / n:.1f} µs",
                             "–" if slope is None else f"{slope:.2f}", r["candidates"], mib(r["peak_rss"]),
                             ", ".join(f"{k} {secs(v)}" for k, v in r["stages"].items())])  # fmt: skip
                prev = (n, t)
        self.emit("\n### scale — short texts (growth exponent: time ∝ rows^e between consecutive sizes; 1 = linear)\n")
        self.emit(table(["algorithm", "rows", "mean chars", "dedup", "per row", "exponent e", "candidate pairs",
                         "peak RSS", "stages"], rows))  # fmt: skip
        for algo in algos:
            s = slopes.get(algo)
            last = sizes[-1]
            self.target(f"{algo}: {sizes[0]:,} → {last:,} short texts", "near-linear (e ≲ 1.2), completes",
                        ", ".join(f"{x:.2f}" for x in s) if s else "did not complete",
                        bool(s) and len(s) == len(sizes) - 1 and max(s) <= 1.2)  # fmt: skip

    # -- gui --------------------------------------------------------------------------------------------------

    def gui(self, workbook: Path, n: int) -> None:
        import subprocess

        self.say(f"\n## gui: heartbeat while loading, running and exporting {n:,} rows offscreen")
        out = self.out / "gui.json"
        cmd = [
            sys.executable,
            "-m",
            "benchmarks.gui_heartbeat",
            str(workbook),
            "--json",
            str(out),
            "--algorithm",
            self.args.gui_algorithm,
        ]
        env = dict(__import__("os").environ, QT_QPA_PLATFORM="offscreen")
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=self.args.timeout,
                               cwd=Path(__file__).resolve().parent.parent)  # fmt: skip
            with open(self.log, "a", encoding="utf-8") as f:
                f.write(f"=== gui\n{p.stdout}\n{p.stderr}\n")
            res = json.loads(out.read_text()) if out.exists() else {"error": p.stderr.strip()[-500:]}
        except subprocess.TimeoutExpired:
            res = {"error": f"timed out after {self.args.timeout:.0f}s"}
        self.results["gui"] = res
        self._save()
        if "error" in res:
            self.emit(f"\n### gui — heartbeat\n\nfailed: {res['error']}\n")
            self.target("GUI thread stall", f"≤ {GUI_TARGET_MS:.0f} ms", "failed", None, res["error"][:80])
            return
        rows = [[ph["phase"], secs(ph["seconds"]), f"{ph['longest_gap_ms']:.0f} ms",
                 f"{ph.get('longest_gap_gui_cpu_ms', 0):.0f} ms", f"{ph['p99_gap_ms']:.0f} ms",
                 ph["gaps_over_100ms"], ph["ticks"], "<br>".join(ph.get("worst_stack", [])[1:])]
                for ph in res["phases"]]  # fmt: skip
        load = ", ".join(f"{x:.1f}" for x in res.get("load_average", ()))
        self.emit(f"\n### gui — gaps between ticks of a 10 ms QTimer on the GUI thread ({n:,} rows, "
                  f"{res['algorithm']}, real MainWindow offscreen; load average after: {load})\n")  # fmt: skip
        self.emit(table(["phase", "duration", "longest gap", "GUI-thread CPU in it", "p99 gap", "gaps > 100 ms",
                         "ticks",
                         "during the longest gap (most frequent stack sample)"], rows))  # fmt: skip
        worst = max(ph["longest_gap_ms"] for ph in res["phases"])
        self.target(f"GUI thread stall, {n:,} rows", f"≤ {GUI_TARGET_MS:.0f} ms", f"{worst:.0f} ms",
                    worst <= GUI_TARGET_MS, "load + run + export, real MainWindow offscreen")  # fmt: skip

    # -- all --------------------------------------------------------------------------------------------------

    def run(self) -> None:
        only = self.args.only.split(",") if self.args.only else list(SECTIONS)
        unknown = set(only) - set(SECTIONS)
        if unknown:
            raise SystemExit(f"unknown section(s) {', '.join(sorted(unknown))}; choose from {', '.join(SECTIONS)}")
        t0 = time.perf_counter()
        self.say(f"dedup_gui benchmark, {self.results['date']}\n{self.results['machine']}\nresults: {self.out}")
        needs_corpus = any(s in only for s in ("simhash", "nshash", "ngram", "io", "gui"))
        if needs_corpus:
            corpus = self.corpus()
            n = len(corpus)
            cfile = data.corpus_file(corpus)
            workbook = data.workbook(corpus)
            self.results["corpus"] = {"name": corpus.name, "rows": n, "mean_chars": corpus.mean_chars}
            self.emit(f"Corpus: {corpus.name}, {n:,} rows, mean {corpus.mean_chars:,.0f} characters"
                      + (f", {len(set(corpus.group)):,} planted groups" if corpus.group else ""))  # fmt: skip
        for algo in ("simhash", "nshash", "ngram"):
            if algo in only:
                self.algorithm(algo, corpus, cfile, workbook)
        if "io" in only:
            self.io(workbook, n)
        if "scale" in only:
            self.scale()
        if "gui" in only:
            self.gui(workbook, n)
        self.emit("\n### targets\n")
        self.emit(table(["target", "goal", "measured", "", "notes"], self.targets))
        self.say(f"\ntotal {time.perf_counter() - t0:.0f}s; results in {self.out}")
        header = (f"Measured {self.results['date']} on {self.results['machine']}. Command: "
                  f"`python -m benchmarks.run {' '.join(sys.argv[1:])}`.")  # fmt: skip
        (self.out / "results.md").write_text(header + "\n\n" + "\n".join(self.md), encoding="utf-8")
        if self.args.readme:
            report.update_readme(header + "\n\n" + "\n".join(self.md), self.args.readme_label)
            self.say(f"updated {report.README}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    ap.add_argument("--size", type=int, default=None, help="rows of the main corpus (default 100,000)")
    ap.add_argument("--real", metavar="PATH", help="a real corpus (.jsonl[.gz] with a text field, or a table)")
    ap.add_argument("--only", default="", help="comma-separated sections: " + ",".join(SECTIONS))
    ap.add_argument(
        "--peer-size",
        type=int,
        default=None,
        help="rows for the slow jieba simhash peers (default 10,000; linear extrapolation beyond)",
    )
    ap.add_argument("--fast-peer-size", type=int, default=None, help="rows for the other peers (default: all)")
    ap.add_argument("--scale-sizes", default=None, help="short-text sizes (default 10000,100000,1000000)")
    ap.add_argument("--scale-algos", default="nshash,ngram")
    ap.add_argument("--gui-algorithm", default="nshash", choices=("simhash", "nshash", "ngram"))
    ap.add_argument("--mem-limit", type=float, default=8.0, help="GiB of address space a single job may use")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds before a single job is abandoned")
    ap.add_argument("--reuse", metavar="RUN_DIR", help="take job results from an earlier run where they succeeded")
    ap.add_argument("--rerun", default="", help="with --reuse: comma-separated parts of job names to run again")
    ap.add_argument("--readme", action="store_true", help="write the tables into benchmarks/README.md")
    ap.add_argument("--readme-label", default="main", help="which README block to replace (one per kind of run)")
    args = ap.parse_args(argv)
    if args.quick:
        args.size = args.size or 2000
        args.peer_size = args.peer_size or 1000
        args.scale_sizes = args.scale_sizes or "1000,4000,16000"
    args.size = args.size or TARGET_ROWS
    args.peer_size = args.peer_size or 10_000
    args.fast_peer_size = args.fast_peer_size or args.size
    args.scale_sizes = args.scale_sizes or "10000,100000,1000000"
    return args


def main(argv: list[str] | None = None) -> int:
    Bench(parse_args(argv)).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
