"""How long the GUI thread stalls while the real main window loads a workbook, runs, re-runs at another threshold,
is reviewed and exports, offscreen: an event-loop lag probe.

A 10 ms ``QTimer`` on the GUI thread records the time between its ticks; any gap much longer than 10 ms is time
the event loop could not run (a frozen window). The GUI thread's own CPU time over the gap tells a busy GUI thread
(CPU ≈ gap: work done on the GUI thread) from a waiting one (CPU ≪ gap: the GIL held by the worker thread, or the
process not scheduled on a crowded machine). A watchdog thread samples the GUI thread's Python stack whenever
a tick is more than 40 ms late, so the longest stall comes with where it happened.

    QT_QPA_PLATFORM=offscreen python -m benchmarks.gui_heartbeat WORKBOOK [--algorithm nshash] [--json out.json]
        [--profile bulk,analysis]

``--profile``: the GUI thread's Python calls during those phases (``cProfile``), the 25 costliest by their own
time and by their time with what they call, printed after the phases - where a stall's time went, when the sampled
stack only names the numpy call it was in.

``--events``: the events the GUI thread handled in each phase's longest gap, each that took more than
``EVENT_MS`` (its start in the gap, its time, how deeply nested, its type, receiver, the receiver's name and
parent's type) - which paint, queued call or timer the gap was made of, where the Python profile sees only Qt's
C++ code. Every event then passes through a Python ``QApplication.notify`` and waits for the interpreter lock: the
gaps come out longer than without it (a label's deferred update waited 15-19 ms beside a diff on another thread).

Phases: "load" (from open_path until the table is on screen), "run" (until the clusters are shown: the window
starts a run by itself after loading), "rerun" (the threshold moved, as a slider would: until the new clusters are
shown; its seconds are what the user waits for a re-cluster), "review" (``--review`` clusters selected one after
another, longest texts first (chosen from the first run's clusters: those holding their kept rows), each compared
with its kept row; the next is selected when the compare view has its differences), "steps" (the reviewed pair
with the most differences shown again and "next difference" pressed ``STEPS`` times, each press as soon as the
last is drawn; none when no pair has two differences), "filter" (a query typed into
the cluster filter, until its clusters are shown, then cleared), "bulk" (every cluster selected, marked "not
duplicates" at once, and undone), "rows" (the Rows tab: sorted by status, by the first compared text column until
sorted, "clustered rows only" on and off, back to the Clusters tab), "analysis" (the Analysis tab
opened: its histogram, summary and hot stories, until the stories are on screen), "back" (the Clusters tab shown
again), "export" (a cleaned file in the input's format - a workbook, or a CSV file's kept lines - until the
confirmation).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import replace
from pathlib import Path

INTERVAL_MS = 10
EVENT_MS = 2.0  # ``--events``: events that took longer, nested up to EVENT_DEPTH
EVENT_DEPTH = 2
STEPS = 20  # presses of "next difference" in the "steps" phase
LATE_S = 0.040


class Heartbeat:
    def __init__(self, main_thread_id: int):
        self.main_id = main_thread_id
        self.phase = "startup"
        self._tick_phase = self.phase
        self.phases: dict[str, dict] = {}
        self.gaps: dict[str, list[float]] = {}
        self.last = time.perf_counter()
        self.last_cpu = time.thread_time()
        self.phase_start = self.last
        self.t0 = self.last
        self._samples: list[tuple[str, ...]] = []  # GUI-thread stacks sampled during the current stall
        self._stop = threading.Event()
        self.watchdog = threading.Thread(target=self._watch, daemon=True)
        self.profile_phases: frozenset[str] = frozenset()
        self.profiler = None  # cProfile.Profile of the GUI thread in ``profile_phases``
        # ``--events``: (start, seconds, depth, what) of each long event since the last tick, or None
        self.events: list[tuple[float, float, int, str]] | None = None

    def begin(self, phase: str) -> None:
        if phase == self.phase:
            return
        now = time.perf_counter()
        self._close(now)
        if self.profiler is not None:
            self.profiler.disable()
        self.phase, self.phase_start = phase, now
        if phase in self.profile_phases:
            import cProfile

            self.profiler = self.profiler or cProfile.Profile()
            self.profiler.enable()

    def _close(self, now: float) -> None:
        if self.phase in self.phases:
            self.phases[self.phase]["seconds"] = now - self.phase_start

    def tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        gap, gap_cpu = now - self.last, cpu - self.last_cpu
        self.last, self.last_cpu = now, cpu
        # A gap belongs to the phase that was current when it began (a slot may start the next job mid-gap).
        phase = self._tick_phase
        self._tick_phase = self.phase
        ph = self.phases.setdefault(phase, {"phase": phase, "ticks": 0, "longest_gap_ms": 0.0,
                                            "seconds": 0.0, "gaps_over_100ms": 0})  # fmt: skip
        ph["ticks"] += 1
        self.gaps.setdefault(phase, []).append(gap)
        if gap > 0.1:
            ph["gaps_over_100ms"] += 1
        if gap * 1000 > ph["longest_gap_ms"]:
            ph["longest_gap_ms"] = gap * 1000
            ph["longest_gap_gui_cpu_ms"] = gap_cpu * 1000  # GUI thread busy (≈ gap) or waiting (≪ gap)
            ph["worst_at"] = f"at {now - gap - self.t0:.1f}s"
            ph["worst_stack"] = self._summary()
            if self.events is not None:
                start = now - gap
                ph["worst_events"] = [f"+{1000 * (t - start):6.1f} {1000 * d:6.1f} ms d{depth} {what}"
                                      for t, d, depth, what in sorted(self.events) if t >= start]  # fmt: skip
        self._samples = []
        if self.events is not None:
            self.events.clear()

    def _summary(self) -> list[str]:
        """The stall's most frequent innermost frames of the GUI thread and of the worker thread. A GUI thread
        sampled inside ``app.exec()`` is waiting in Qt's C++ code, or for the GIL held by the worker."""
        if not self._samples:
            return []
        counts: dict[tuple[str, ...], int] = {}
        for s in self._samples:
            counts[s] = counts.get(s, 0) + 1
        top, hits = max(counts.items(), key=lambda kv: kv[1])
        return [f"{hits} of {len(self._samples)} samples:", *top]

    def _watch(self) -> None:
        me = threading.get_ident()
        while not self._stop.wait(0.01):
            if time.perf_counter() - self.last > LATE_S:
                frames = sys._current_frames()
                sample = []
                for ident, frame in frames.items():
                    if ident == me:
                        continue
                    who = "GUI" if ident == self.main_id else "worker"
                    tail = traceback.extract_stack(frame, limit=2)
                    sample.append(who + ": " + " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}"
                                                           for f in reversed(tail)))  # fmt: skip
                self._samples.append(tuple(sorted(sample)))

    def _gc(self, phase: str, info: dict) -> None:
        """Times the interpreter's cyclic garbage collections: a full one holds the lock over every object."""
        if phase == "start":
            self._gc_start = time.perf_counter()
            return
        ms = 1000 * (time.perf_counter() - self._gc_start)
        ph = self.phases.setdefault(self.phase, {"phase": self.phase, "ticks": 0, "longest_gap_ms": 0.0,
                                                 "seconds": 0.0, "gaps_over_100ms": 0})  # fmt: skip
        if ms > ph.get("longest_gc_ms", 0.0):
            ph["longest_gc_ms"], ph["longest_gc_generation"] = ms, info.get("generation")

    def start(self) -> None:
        import gc

        self._gc_start = time.perf_counter()
        gc.callbacks.append(self._gc)
        self.watchdog.start()

    def stop(self) -> None:
        import gc

        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)
        self._close(time.perf_counter())
        self._stop.set()
        for phase, gaps in self.gaps.items():
            gaps = sorted(gaps)
            self.phases[phase]["p99_gap_ms"] = 1000 * gaps[min(len(gaps) - 1, int(0.99 * len(gaps)))]


# The threshold the "rerun" phase moves to: tighter than the default, so the cached candidates cover it.
RERUN_THRESHOLD = {"ngram": 0.85, "simhash": 2, "nshash": 2}


def _longest_clusters(session, count: int) -> list[int]:
    """The kept rows of the clusters whose kept text is longest (the compare view's worst case), ``count`` of
    them; the review selects the clusters that hold them after the re-run. From the clusters' arrays, in a few
    milliseconds on the window's thread: a loop over every cluster on a thread of the probe's own held the
    interpreter lock against the window's drawing as the re-run began (its stall at 100k articles, 85-148 ms,
    was partly the probe's)."""
    import numpy as np

    kept = session.clusters.arrays["kept"]
    texts = session.texts
    # (map, not a generator: 300,000 clusters of a million rows took the generator 139 ms of the window's thread)
    lengths = np.fromiter(map(len, map(texts.__getitem__, kept.tolist())), dtype=np.int64, count=len(kept))
    order = np.lexsort((-kept, -lengths))[:count]  # longest first, then the later row (as sorting the pairs did)
    return kept[order].tolist()


def measure(
    workbook: Path,
    algorithm: str,
    timeout_s: float,
    review: int = 20,
    profile: frozenset[str] = frozenset(),
    events: bool = False,
) -> dict:
    from PySide6.QtCore import QSettings, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    timed: list[tuple[float, float, int, str]] = []
    app = QApplication.instance() or (_timed_app(timed) if events else QApplication([sys.argv[0]]))
    from dedup_gui.gui import jobs
    from dedup_gui.gui.glyphs import warm_glyphs
    from dedup_gui.gui.main_window import MainWindow
    from dedup_gui.gui.window_jobs import RunJob

    tmp = Path(tempfile.mkdtemp(prefix="dedup_heartbeat_"))
    store = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    jobs.warm_up()  # as the app does at start-up, before any window is shown
    window = MainWindow(store)
    window.settings_panel.set_algorithm(algorithm)
    if os.environ.get("HEARTBEAT_NO_GLYPHS") != "1":  # (set to compare without the warm-up)
        warm_glyphs(window, window.rows_view.font())  # as the app does before its window is shown
    window.show()
    app.processEvents()

    hb = Heartbeat(threading.get_ident())
    hb.profile_phases = profile
    hb.events = timed if events else None
    timer = QTimer()
    timer.setInterval(INTERVAL_MS)
    timer.timeout.connect(hb.tick)
    done = {"error": None}
    # The cleaned file in the input's own format, as the export dialog offers it: a workbook's copy, or a CSV
    # file's kept lines (``core.io.csv_copy``).
    cleaned = tmp / ("cleaned.csv" if Path(workbook).suffix.lower() in (".csv", ".tsv") else "cleaned.xlsx")

    def on_started(job) -> None:
        if isinstance(job, RunJob) and hb.phase == "load":  # the run the window starts once the table is shown
            hb.begin("run")

    rerun = {"at": 0.0, "seconds": 0.0}
    to_review: list[int] = []
    seen_pair: list[int] = []  # the cluster whose pair is on screen in the review
    reviewed: list[tuple[int, int]] = []  # (differences, cluster) of each pair reviewed

    def on_shown() -> None:
        if hb.phase == "run":  # the first result: move the threshold, as the slider would
            hb.begin("rerun")
            # A tick later: the window's drawing of the result, and the heartbeat's tick that ends the run's last
            # gap, come first.
            QTimer.singleShot(2 * INTERVAL_MS, start_rerun)
        elif hb.phase == "rerun":
            rerun["seconds"] = time.perf_counter() - rerun["at"]
            hb.begin("review")
            window.tabs.setCurrentIndex(0)
            QTimer.singleShot(0, review_next)

    def start_rerun() -> None:
        # The rows to review, chosen from the first run's clusters (a few milliseconds: ``_longest_clusters``).
        to_review.extend(_longest_clusters(window.session, review))
        settings = window.settings_panel.settings()
        window.settings_panel.set_settings(replace(settings, threshold=RERUN_THRESHOLD[algorithm]))
        rerun["at"] = time.perf_counter()
        window.run_now()

    def review_next() -> None:
        if seen_pair:  # the pair on screen, its differences shown
            reviewed.append((window.compare.difference_count, seen_pair.pop()))
        if not to_review:
            start_steps()
            return
        cluster = window.session.cluster_of(to_review.pop(0))
        if not cluster:  # that row is in no cluster at the new threshold
            QTimer.singleShot(0, review_next)
            return
        window.select_cluster(cluster)
        seen_pair.append(cluster)
        # The next cluster once this one's differences are on screen (at once when they were computed in line).
        QTimer.singleShot(0, wait_for_diff)

    # -- stepping through the differences of the pair with the most of them (N, N, N ...) ----

    def start_steps() -> None:
        count, cluster = max(reviewed, default=(0, 0))
        if count < 2:
            start_filter()
            return
        window.select_cluster(cluster)
        later(lambda: when(lambda: not window.compare.diff_pending, lambda: (hb.begin("steps"), step(STEPS))))

    def step(left: int) -> None:
        if not left:
            later(start_filter)
            return
        window.compare.next_difference()
        # The next press as soon as this one is drawn: Qt posts the window's paint at a low priority, so a call
        # queued now would come before it - one queued from that call comes after it.
        QTimer.singleShot(0, lambda: QTimer.singleShot(0, lambda: step(left - 1)))

    # -- the review at scale: a filter typed, every cluster decided at once and undone, the rows tab sorted ----

    def later(step, ticks: int = 2) -> None:
        QTimer.singleShot(ticks * INTERVAL_MS, step)

    def when(ready, step) -> None:  # the next step once ``ready()`` (polled every tick)
        later(step, 1) if ready() else later(lambda: when(ready, step), 1)

    def start_filter() -> None:
        hb.begin("filter")
        model = window.pane.cluster_model
        session = window.session
        words = session.texts[session.clusters[0].kept].split() if len(session) else []
        query = (words[0] if words else "")[:2] or "1"  # the kept text's first characters: many clusters match
        later(lambda: (window.filter_edit.setText(query), when(lambda: not model.searching(), clear_filter)))

    def clear_filter() -> None:
        window.filter_edit.clear()
        later(start_bulk)

    def start_bulk() -> None:
        hb.begin("bulk")
        window.pane.cluster_view.selectAll()
        later(lambda: (window.review_actions.mark_clusters_not_duplicate(), later(undo_bulk)))

    def undo_bulk() -> None:
        window.review_actions.undo.trigger()
        later(start_rows)

    def start_rows() -> None:
        hb.begin("rows")
        window.tabs.setCurrentIndex(1)
        later(lambda: (window.rows_view.sortByColumn(2, Qt.SortOrder.AscendingOrder), later(sort_rows_by_text)))

    def sort_rows_by_text() -> None:
        model = window.rows_model
        text_column = next((i for i, c in enumerate(model.columns) if c.emphasis), 2)
        window.rows_view.sortByColumn(text_column, Qt.SortOrder.AscendingOrder)
        when(lambda: not model.sort_pending(), lambda: (window.duplicates_only.setChecked(True), later(rows_done)))

    def rows_done() -> None:
        window.duplicates_only.setChecked(False)
        later(lambda: (window.tabs.setCurrentIndex(0), later(show_analysis, 10)))

    def show_analysis() -> None:
        # The Analysis tab opened, as an analyst does after reviewing: its histogram, summary and hot stories
        # (worked out off the window's thread above a few thousand clusters), then back to the clusters.
        hb.begin("analysis")  # a few ticks before the tab opens: its stall is counted here, not in the review
        QTimer.singleShot(2 * INTERVAL_MS, open_analysis)

    def open_analysis() -> None:
        view = window.analysis_view
        view.storiesShown.connect(after_analysis)
        window.tabs.setCurrentWidget(view)

    def after_analysis() -> None:
        window.analysis_view.storiesShown.disconnect(after_analysis)
        QTimer.singleShot(2 * INTERVAL_MS, back)  # the stories' table drawn first

    def back() -> None:  # to the Clusters tab, drawn again with the cluster and the comparison last selected
        hb.begin("back")
        window.tabs.setCurrentIndex(0)
        QTimer.singleShot(10 * INTERVAL_MS, export)

    def export() -> None:
        hb.begin("export")
        window.export({"cleaned": cleaned})

    def wait_for_diff() -> None:
        pending = getattr(window.compare, "diff_pending", False)
        QTimer.singleShot(20 if pending else 0, wait_for_diff if pending else review_next)

    def on_exported(_written) -> None:
        hb.begin("done")
        QTimer.singleShot(200, app.quit)

    def on_failed(kind, exc, details) -> None:
        done["error"] = f"{type(kind).__name__} failed: {exc}"
        app.quit()

    window.runner.started.connect(on_started)
    window.resultShown.connect(on_shown)
    window.exported.connect(on_exported)
    window.runner.failed.connect(on_failed)
    QTimer.singleShot(int(timeout_s * 1000), lambda: (done.update(error=f"timed out after {timeout_s:.0f}s"),
                                                      app.quit()))  # fmt: skip
    hb.start()
    timer.start()
    t0 = time.perf_counter()
    QTimer.singleShot(0, lambda: (hb.begin("load"), window.open_path(workbook)))
    app.exec()
    total = time.perf_counter() - t0
    timer.stop()
    hb.stop()
    window.runner.shutdown()
    window.close()
    names = ("load", "run", "rerun", "review", "steps", "filter", "bulk", "rows", "analysis", "back", "export")
    phases = [hb.phases[p] for p in names if p in hb.phases]
    if "rerun" in hb.phases:
        hb.phases["rerun"]["recluster_seconds"] = rerun["seconds"]
    out = {"workbook": str(workbook), "algorithm": algorithm, "total_seconds": total, "phases": phases,
           "load_average": os.getloadavg(),
           "rows": len(window.table) if window.table is not None else 0}  # fmt: skip
    if hb.profiler is not None:
        out["profile"] = _profile_lines(hb.profiler)
    if done["error"]:
        out["error"] = done["error"]
    if cleaned.exists():
        cleaned.unlink()
    return out


def _timed_app(events: list[tuple[float, float, int, str]]):
    """A QApplication that notes each event the GUI thread takes more than ``EVENT_MS`` over, nested up to
    ``EVENT_DEPTH``, in ``events`` (``--events``)."""
    from PySide6.QtWidgets import QApplication

    class TimedApp(QApplication):
        depth = 0

        def notify(self, receiver, event):
            TimedApp.depth += 1
            started = time.perf_counter()
            kind = type(receiver).__name__  # (before: a receiver may be gone after its event, DeferredDelete)
            try:
                return super().notify(receiver, event)
            finally:
                TimedApp.depth -= 1
                took = time.perf_counter() - started
                if took * 1000 > EVENT_MS and TimedApp.depth < EVENT_DEPTH:
                    events.append((started, took, TimedApp.depth, _described(kind, receiver, event)))

    return TimedApp([sys.argv[0]])


def _described(kind: str, receiver, event) -> str:
    """An event and its receiver: the event's type, the receiver's type, name and parent's type (what is left of them
    when the receiver was deleted by its event)."""
    try:
        what = event.type().name
    except (RuntimeError, AttributeError):
        what = "?"
    try:
        parent = receiver.parent()
        return f"{what} {kind} {receiver.objectName()} {type(parent).__name__ if parent is not None else ''}".rstrip()
    except (RuntimeError, AttributeError, TypeError):
        return f"{what} {kind}"


def _profile_lines(profiler) -> list[str]:
    import io
    import pstats

    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(25)
    return out.getvalue().splitlines()


def main(argv: list[str] | None = None) -> int:
    """Print the longest stall of each phase (and where the GUI thread was), optionally write them as JSON."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.gui_heartbeat", description=__doc__.split("\n")[0])
    ap.add_argument("workbook", type=Path)
    ap.add_argument("--algorithm", default="nshash", choices=("simhash", "nshash", "ngram"))
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--review", type=int, default=20, help="clusters selected in the review phase")
    ap.add_argument("--json", type=Path, help="write the result here")
    ap.add_argument("--profile", default="", help="phases (comma-separated) whose GUI-thread calls to profile")
    ap.add_argument("--events", action="store_true", help="the GUI thread's long events in each longest gap")
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    profile = frozenset(p for p in args.profile.split(",") if p)
    res = measure(args.workbook, args.algorithm, args.timeout, args.review, profile, args.events)
    for ph in res["phases"]:
        over = ph["gaps_over_100ms"]
        print(f"{ph['phase']:>7}: {ph['seconds']:7.1f}s  longest gap {ph['longest_gap_ms']:6.0f} ms, "
              f"p99 {ph['p99_gap_ms']:.0f} ms ({over} gaps > 100 ms) {ph.get('worst_at', '')}")  # fmt: skip
        if ph.get("longest_gc_ms", 0) > 20:
            print(f"           longest garbage collection {ph['longest_gc_ms']:.0f} ms "
                  f"(generation {ph['longest_gc_generation']})")  # fmt: skip
        if "recluster_seconds" in ph:
            print(f"           threshold change to clusters on screen: {ph['recluster_seconds']:.2f} s")
        for line in ph.get("worst_stack", []):
            print("           " + line.replace("\n", " | "))
        for line in ph.get("worst_events", []):
            print("           " + line)
    for line in res.get("profile", []):
        print(line)
    if res.get("error"):
        print("error:", res["error"])
    if args.json:
        args.json.write_text(json.dumps(res, indent=1, ensure_ascii=False), encoding="utf-8")
    return 1 if res.get("error") else 0


if __name__ == "__main__":
    raise SystemExit(main())
