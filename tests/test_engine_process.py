"""The engine in a worker process answers as the engine in this process does; progress, Cancel, a crash of the
worker and a system where no worker can start are handled. No wall-clock assertions: every wait is on a reply."""

from __future__ import annotations

import functools
import math
import os
import signal
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest

from dedup_gui.core.engine_process import EngineError, EngineProcess
from dedup_gui.core.errors import Cancelled, InputError
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.progress import Reporter
from dedup_gui.core.settings import Settings
from dedup_gui.core.table import Table
from dedup_gui.gui import jobs
from devtools import synth


@pytest.fixture(scope="module")
def table() -> Table:
    corpus = synth.generate_corpus(240, seed=11, dup_share=0.4, same_event_share=0.1, max_group=5)
    n = len(corpus.texts)
    data = pd.DataFrame(
        {
            "text": corpus.texts,
            "date": [f"2024-03-{1 + i % 28:02d}" for i in range(n)],
            "id": [f"{i:05d}" for i in range(n)],
        },
        dtype=object,
    )
    return Table(Path("news.csv"), "csv", list(data.columns), data)


@pytest.fixture(scope="module")
def engine():
    e = EngineProcess()
    yield e
    e.close()


def outcome(result) -> dict:
    return {
        "clusters": [
            (c.id, c.kept, c.members, {m: round(s, 9) for m, s in c.similarity.items()}) for c in result.clusters
        ],
        "pairs": sorted(zip(result.pairs.a.tolist(), result.pairs.b.tolist(), strict=True)),
        "removed": result.rows_to_remove,
        "proposed": result.proposed,
        "rejected": result.rejected,
        "reasons": result.keep_reasons,
    }


def cancelling_at(stage: str) -> Reporter:
    """A reporter the user cancels as soon as ``stage`` begins."""
    reporter = Reporter()

    def progress(s: str, done: int, total: int) -> None:
        if s == stage:
            reporter.cancel()

    reporter.progress = progress
    return reporter


@pytest.mark.parametrize("algorithm", ["nshash", "simhash", "ngram"])
def test_a_run_in_the_worker_process_equals_a_run_in_this_one(engine, table, algorithm):
    settings = Settings(algorithm=algorithm, keep="original")
    remote = engine.pipeline(table, ["text"])
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(table, ["text"]).run(settings))
    assert remote.texts == table.texts(["text"])
    assert not remote.in_process


def test_a_reply_with_large_arrays_comes_over_the_pipe_in_chunks_intact(table, monkeypatch):
    """The worker sends a reply's arrays apart from its pickle, ``CHUNK_BYTES`` a message (``_Child.send``), and
    the window's side puts them together (``_received``): the same result, its arrays equal and writable, the
    pieces of a large one each a message of at most ``CHUNK_BYTES``."""
    import threading
    from multiprocessing import Pipe

    import numpy as np

    from dedup_gui.core import engine_process

    result = Pipeline.for_table(table, ["text"]).run(Settings(algorithm="ngram"))
    big = np.arange(100_003, dtype=np.int64)[::-1].copy()
    reply = ("result", result, big, np.zeros(0, dtype=np.float64))
    monkeypatch.setattr(engine_process, "CHUNK_BYTES", 4096)
    receiving, sending = Pipe(duplex=False)
    sent_sizes: list[int] = []
    send_bytes = sending.send_bytes

    def counting(data, *args):
        sent_sizes.append(memoryview(data).nbytes)
        send_bytes(data, *args)

    sending.send_bytes = counting  # type: ignore[method-assign]
    child = engine_process._Child.__new__(engine_process._Child)
    child.conn = sending
    sender = threading.Thread(target=child.send, args=(reply,))
    sender.start()
    header = receiving.recv()
    assert header[0] == "chunked"
    got = engine_process._received(receiving, header[1], header[2])
    sender.join()
    assert got[0] == "result" and outcome(got[1]) == outcome(result)
    assert np.array_equal(got[2], big) and got[2].dtype == big.dtype and got[2].flags.writeable
    assert got[3].shape == (0,) and got[3].dtype == np.float64
    assert np.array_equal(got[1].candidates.a, result.candidates.a)
    assert np.array_equal(got[1].candidates.measure, result.candidates.measure)
    assert max(sent_sizes) <= 4096 and sum(s == 4096 for s in sent_sizes) >= big.nbytes // 4096


def test_progress_of_every_stage_arrives_from_the_worker(engine, table):
    stages: list[str] = []
    another = replace(table)  # a table the worker does not hold yet: its rows are sent first
    engine.pipeline(another, ["text"]).run(Settings(algorithm="nshash"), Reporter(lambda s, d, t: stages.append(s)))
    for stage in ("Preparing texts", "Normalising", "Fingerprinting", "Verifying", "Clustering"):
        assert stage in stages


def test_similarity_and_boilerplate_are_answered_from_the_worker(engine, table):
    settings = Settings(algorithm="nshash")
    remote, local = engine.pipeline(table, ["text"]), Pipeline.for_table(table, ["text"])
    result = remote.run(settings)
    local.run(settings)
    cluster = next(c for c in result.clusters if c.size > 2)
    a, b = cluster.members[1], cluster.members[2]
    assert remote.similarity(a, b) == pytest.approx(local.similarity(a, b))
    assert all(remote.boilerplate_of(r) == local.boilerplate_of(r) for r in range(0, len(table), 17))
    rows = [5, 3, 5, 200, 3]  # one question for several rows (the compare view's two), repeats and all
    assert remote.boilerplate_of_rows(rows) == [local.boilerplate_of(r) for r in rows]


def test_a_threshold_change_reuses_the_workers_caches(engine, table):
    remote, local = engine.pipeline(table, ["text"]), Pipeline.for_table(table, ["text"])
    first = Settings(algorithm="ngram", threshold=0.7)
    assert remote.rerun_cost(first) == ("fingerprints", None)  # nothing ran yet
    remote.run(first)
    local.run(first)
    for changed in (Settings(algorithm="ngram", threshold=0.9), Settings(algorithm="ngram", threshold=0.5),
                    Settings(algorithm="ngram", n=3), Settings(algorithm="simhash")):  # fmt: skip
        assert remote.rerun_cost(changed)[0] == local.rerun_cost(changed)[0]
    tighter = Settings(algorithm="ngram", threshold=0.9)
    assert remote.rerun_cost(tighter) == ("", 0.0)  # only re-clusters: the child kept its fingerprints
    stages: list[str] = []
    again = remote.run(tighter, Reporter(lambda s, d, t: stages.append(s)))
    assert not {"Preparing texts", "Normalising", "Fingerprinting", "Finding candidates"} & set(stages)
    assert outcome(again) == outcome(Pipeline.for_table(table, ["text"]).run(tighter))


def test_cancel_stops_the_workers_run_and_the_next_run_succeeds(engine, table):
    remote = engine.pipeline(table, ["text"])
    settings = Settings(algorithm="simhash")
    with pytest.raises(Cancelled):
        remote.run(settings, cancelling_at("Normalising"))
    pid = engine.pid
    assert pid is not None  # stopped at its next check, not killed
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(table, ["text"]).run(settings))
    assert engine.pid == pid


def test_a_worker_killed_during_a_run_is_an_error_and_the_next_run_starts_a_new_one(engine, table):
    remote = engine.pipeline(table, ["text"])
    remote.run(Settings(algorithm="nshash"))
    victim = engine.pid

    def kill_it(stage: str, done: int, total: int) -> None:
        if stage == "Segmenting" and engine.pid == victim:  # early in a run: not as its reply may be on its way
            os.kill(victim, signal.SIGKILL)

    with pytest.raises(EngineError, match="ended unexpectedly"):
        remote.run(Settings(algorithm="simhash"), Reporter(kill_it))
    assert engine.pid is None and not engine.unavailable
    assert math.isnan(remote.similarity(0, 1)) and remote.rerun_cost(Settings(algorithm="nshash")) == (
        "fingerprints",
        None,
    )  # the caches died with it
    settings = Settings(algorithm="nshash", threshold=2)
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(table, ["text"]).run(settings))
    assert engine.pid not in (None, victim)


def test_an_input_error_in_the_worker_arrives_as_the_same_error(engine, table):
    with pytest.raises(InputError, match="no column named 'views'"):
        engine.pipeline(table, ["text"]).run(Settings(keep="max:views"))


def test_the_main_thread_never_waits_for_a_run_in_progress(engine, table):
    remote = engine.pipeline(table, ["text"])
    remote.run(Settings(algorithm="nshash"))
    assert not math.isnan(remote.similarity(0, 1))
    with engine._lock:  # as while a run holds the pipe
        assert math.isnan(remote.similarity(0, 1))
        assert remote.boilerplate_of(0) == []


def test_where_no_worker_can_start_the_engine_runs_in_this_process(table, monkeypatch):
    engine = EngineProcess()

    def no_processes(*args, **kwargs):
        raise OSError("process creation is not allowed here")

    monkeypatch.setattr(engine._ctx, "Process", no_processes)
    remote = engine.pipeline(table, ["text"])
    settings = Settings(algorithm="nshash")
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(table, ["text"]).run(settings))
    assert remote.in_process and engine.unavailable
    assert engine.pipeline(table, ["text"]).in_process  # later pipelines do not try again


# -- the worker reads the input itself ----------------------------------------------------------------------------


def written(table: Table, path: Path) -> Path:
    table.data.to_csv(path, index=False)
    return path


def same_table(a: Table, b: Table) -> bool:
    pd.testing.assert_frame_equal(a.data, b.data)
    return replace(a, data=None) == replace(b, data=None)


def test_the_worker_reads_the_input_itself_and_holds_the_callers_table(engine, table, tmp_path):
    path = written(table, tmp_path / "news.csv")
    sent = engine.tables_sent
    loaded = jobs.load(path, None, Reporter(), engine)  # the worker reads it while this process does
    remote = engine.pipeline(loaded.table, ["text"])
    settings = Settings(algorithm="nshash", keep="original")
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(loaded.table, ["text"]).run(settings))
    assert engine.tables_sent == sent  # no row went over the pipe
    assert same_table(remote.child_table(), loaded.table)


def test_a_file_changed_between_the_reads_sends_the_rows_and_gives_the_same_clusters(engine, table, tmp_path):
    path = written(table, tmp_path / "news.csv")
    token = engine.read_ahead(functools.partial(jobs.engine_table, path, None))
    with engine._lock:  # the worker has read the first version
        engine._settle(None)
    changed = replace(table, data=table.data.iloc[::-1].reset_index(drop=True))
    written(changed, path)
    mine, digest = jobs.engine_table(path, None, Reporter())  # this process reads the second
    engine.expect(token, mine, digest)
    sent = engine.tables_sent
    remote = engine.pipeline(mine, ["text"])
    settings = Settings(algorithm="simhash", keep="first")
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(mine, ["text"]).run(settings))
    assert engine.tables_sent == sent + 1
    assert same_table(remote.child_table(), mine)


def test_an_input_the_worker_cannot_read_sends_the_rows(engine, table, tmp_path):
    path = written(table, tmp_path / "news.csv")
    token = engine.read_ahead(functools.partial(jobs.engine_table, tmp_path / "gone.csv", None))
    mine, digest = jobs.engine_table(path, None, Reporter())
    engine.expect(token, mine, digest)
    sent = engine.tables_sent
    settings = Settings(algorithm="ngram")
    remote = engine.pipeline(mine, ["text"])
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(mine, ["text"]).run(settings))
    assert engine.tables_sent == sent + 1


def test_a_read_ahead_drops_the_pipelines_the_worker_held(engine, table, tmp_path):
    remote = engine.pipeline(table, ["text"])
    settings = Settings(algorithm="nshash")
    remote.run(settings)
    assert remote.rerun_cost(settings) == ("", 0.0)
    engine.read_ahead(functools.partial(jobs.engine_table, written(table, tmp_path / "news.csv"), None))
    assert math.isnan(remote.similarity(0, 1))  # not waited for: the worker is reading
    assert remote.rerun_cost(settings) == ("fingerprints", None)
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(table, ["text"]).run(settings))


def test_a_read_the_caller_abandoned_is_stopped_and_the_next_run_sends_its_table(engine, table, tmp_path):
    path = written(table, tmp_path / "news.csv")
    token = engine.read_ahead(functools.partial(jobs.engine_table, path, None))
    engine.abandon(token)  # the window's own read was cancelled
    sent = engine.tables_sent
    settings = Settings(algorithm="nshash")
    remote = engine.pipeline(table, ["text"])
    assert outcome(remote.run(settings)) == outcome(Pipeline.for_table(table, ["text"]).run(settings))
    assert engine.tables_sent == sent + 1
