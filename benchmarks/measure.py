"""Clocks and memory meters for one benchmark job, and running a job in its own process.

Every measured job (our engine on one algorithm, one peer, one I/O task) runs in a fresh Python process so that
its peak memory is its own and no cache survives from an earlier job. Peak memory is the largest resident set
of the job's process *plus what its children hold of their own* (our segmentation worker processes, and the
child the engine forks for half the text check), sampled every 20 ms, and never less than the kernel's high-water
mark of the job process's own memory (VmHWM). Not ru_maxrss: Linux carries it over an exec, so a job would
inherit the RSS of the parent that forked it. A child counts with its unique set (USS: the pages no other process
maps), not its resident set: a child made by fork maps every page of its parent, and adding its RSS would count
the parent's memory twice (1M short texts: 3.2 GB for a job that holds 1.6); a spawned worker's USS leaves out
only the libraries' pages it shares with the job.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

STAGE_NAMES = {
    "Loading": "load",
    "Normalising": "normalise",
    "Segmenting": "segment",
    "Fingerprinting": "fingerprint",
    "Finding candidates": "candidates",
    "Verifying": "verify",
    "Clustering": "cluster",
}
STAGES = ("load", "normalise", "segment", "fingerprint", "candidates", "verify", "cluster", "export")


class MemoryMeter:
    """Peak RSS of this process and all its descendants, sampled in a background thread."""

    def __init__(self, interval: float = 0.02):
        self.interval = interval
        self.peak = 0
        self.stage = "start"  # set by StageClock: the sampler also keeps the peak of each stage
        self.stage_peaks: dict[str, int] = {}
        self._stop = threading.Event()
        self._proc = psutil.Process()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> MemoryMeter:
        self.baseline = self._sample()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self._sample(), self_hwm())

    def _sample(self) -> int:
        total = 0
        try:
            total = self._proc.memory_info().rss
            total += children_memory(self._proc)
        except psutil.Error:
            pass
        return total

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            rss = self._sample()
            self.peak = max(self.peak, rss)
            self.stage_peaks[self.stage] = max(self.stage_peaks.get(self.stage, 0), rss)


def children_memory(proc: psutil.Process) -> int:
    """What the descendants of ``proc`` hold of their own (``own_memory``), those still there."""
    total = 0
    for child in proc.children(recursive=True):
        try:
            total += own_memory(child)
        except psutil.Error:
            pass
    return total


def own_memory(proc: psutil.Process) -> int:
    """What ``proc`` holds that no other process maps (USS); its RSS where the system does not tell."""
    try:
        return proc.memory_full_info().uss
    except (psutil.AccessDenied, NotImplementedError, AttributeError):
        return proc.memory_info().rss


def self_hwm() -> int:
    """Peak resident set of this process's own address space (0 where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class StageClock:
    """Stage durations from the engine's progress reports: a stage lasts from its first report to the first
    report of the next stage (or ``stop()``)."""

    def __init__(self, meter: MemoryMeter | None = None):
        self.marks: list[tuple[str, float]] = []
        self.meter = meter

    def progress(self, stage: str, done: int, total: int) -> None:
        name = STAGE_NAMES.get(stage, stage)
        if not self.marks or self.marks[-1][0] != name:
            if name not in (m[0] for m in self.marks):
                self.start(name)

    def start(self, name: str) -> None:
        self.marks.append((name, time.perf_counter()))
        if self.meter is not None:
            self.meter.stage = name

    def durations(self, end: float) -> dict[str, float]:
        out: dict[str, float] = {}
        for (name, t), nxt in zip(self.marks, self.marks[1:] + [("", end)], strict=True):
            out[name] = out.get(name, 0.0) + (nxt[1] - t)
        return out


def memory_cap(limit_bytes: int):
    """A preexec function capping a job's address space: a runaway job fails with MemoryError instead of
    waking the kernel's OOM killer, which on a shared machine may kill someone else's process."""

    def cap() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))

    return cap


def run_job(spec: dict, timeout: float, log: Path | None = None, mem_limit: int | None = None) -> dict:
    """Run ``python -m benchmarks.job`` on ``spec`` in a fresh process; its result dict, or an error dict."""
    spec_json = json.dumps(spec)
    cmd = [sys.executable, "-m", "benchmarks.job", spec_json]
    env = dict(os.environ, PYTHONHASHSEED="0", QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    t0 = time.perf_counter()
    cap = memory_cap(mem_limit) if mem_limit and sys.platform.startswith("linux") else None
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=Path(__file__).resolve().parent.parent, start_new_session=True,
                            preexec_fn=cap)  # fmt: skip
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_tree(proc.pid)
        proc.communicate()
        return {"error": f"timed out after {timeout:.0f}s", "timed_out": True, "wall": time.perf_counter() - t0}
    if log is not None:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"=== {spec_json}\n{err}\n")
    for line in reversed(out.splitlines()):
        if line.startswith("RESULT "):
            result = json.loads(line[len("RESULT ") :])
            result.setdefault("wall", time.perf_counter() - t0)
            return result
    lines = err.strip().splitlines()
    last = lines[-1] if lines else ""
    if "MemoryError" in last or (mem_limit and "Unable to allocate" in last):
        return {"error": f"out of memory (job capped at {mem_limit / 2**30:.0f} GiB)", "oom": True,
                "wall": time.perf_counter() - t0}  # fmt: skip
    if proc.returncode == -9:
        return {"error": "killed (SIGKILL: the kernel's OOM killer?)", "wall": time.perf_counter() - t0}
    return {"error": f"job failed (exit {proc.returncode}): {last[:200]}", "wall": time.perf_counter() - t0}


def _kill_tree(pid: int) -> None:
    """Stop the job process and the worker processes it started (only those: the job's own tree)."""
    try:
        parent = psutil.Process(pid)
        procs = parent.children(recursive=True) + [parent]
    except psutil.Error:
        return
    for p in procs:
        try:
            p.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(procs, timeout=10)
