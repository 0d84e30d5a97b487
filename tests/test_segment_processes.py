"""Segmentation in worker processes gives the keywords segmenting text by text gives, also when a worker dies or
a run is cancelled halfway (its answers still in the pipes), and threads take over where processes cannot run."""

from __future__ import annotations

import numpy as np
import pytest
from test_engine_pipeline import ZH_A, ZH_B, ZH_C

from dedup_gui.core import segment, segment_processes
from dedup_gui.core.errors import Cancelled
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.progress import Reporter
from dedup_gui.core.settings import Settings

TEXTS = [f"{ZH_A}{i}{ZH_B[: i % 50]}\n{ZH_C[: i % 70]}" for i in range(1500)]


@pytest.fixture
def small_columns(monkeypatch):
    """Processes for any column, several batches of several slices each; fresh workers for each test."""
    monkeypatch.setattr(segment_processes, "MIN_CHARS", 0)
    monkeypatch.setattr(segment, "BATCH_CHARS", 20_000)
    monkeypatch.setattr(segment, "SEGMENT_CHARS", 3_000)
    monkeypatch.delenv("DEDUP_SEGMENT", raising=False)
    segment_processes.shutdown()
    yield
    segment_processes.shutdown()


def assert_same(got, want) -> None:
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)


def slices_in_workers(monkeypatch) -> list[int]:
    """Counts the slices that go to a worker process."""
    sent: list[int] = []
    original = segment_processes.Segmenters.submit
    monkeypatch.setattr(
        segment_processes.Segmenters, "submit", lambda self, text: sent.append(1) or original(self, text)
    )
    return sent


def test_keywords_segmented_in_worker_processes_are_the_keywords_text_by_text(small_columns, monkeypatch):
    sent = slices_in_workers(monkeypatch)
    got = segment.keyword_hashes(TEXTS, 20, Reporter(), processes=True)
    assert len(sent) > 10  # the workers did the segmenting
    assert_same(got, segment._hash_keywords_each(TEXTS, 20))


def test_a_worker_that_dies_is_replaced_and_the_keywords_stay_the_same(small_columns):
    workers = segment_processes.segmenters(10**9)
    assert workers is not None
    workers.procs[0].kill()
    workers.procs[0].join(5)
    got = segment.keyword_hashes(TEXTS, 20, Reporter(), processes=True)
    assert_same(got, segment._hash_keywords_each(TEXTS, 20))
    assert workers.broken  # the first slice went to the dead worker: this process segmented it
    fresh = segment_processes.segmenters(10**9)  # the next run starts new workers
    assert fresh is not None and fresh is not workers and not fresh.broken
    assert not any(p.is_alive() for p in workers.procs)  # the dead one's partner was ended
    assert_same(segment.keyword_hashes(TEXTS, 20, Reporter(), processes=True), segment._hash_keywords_each(TEXTS, 20))


def test_after_a_cancelled_run_the_answers_left_in_the_pipes_are_not_taken_for_the_next_runs(small_columns):
    reports: list[str] = []
    reporter = Reporter()

    def progress(stage: str, done: int, total: int) -> None:
        reports.append(stage)
        if reports.count("Segmenting") == 3:  # two batches done, the third's slices sent ahead
            reporter.cancel()

    reporter.progress = progress
    with pytest.raises(Cancelled):
        segment.keyword_hashes(TEXTS, 20, reporter, processes=True)
    workers = segment_processes.segmenters(10**9)
    assert workers is not None and (workers.sizes or workers.answers)  # slices sent ahead were never collected
    other = list(reversed(TEXTS))
    assert_same(segment.keyword_hashes(other, 20, Reporter(), processes=True), segment._hash_keywords_each(other, 20))
    assert not workers.broken


def test_threads_segment_when_told_to_or_when_the_column_is_small(small_columns, monkeypatch):
    sent = slices_in_workers(monkeypatch)
    monkeypatch.setenv("DEDUP_SEGMENT", "threads")
    assert_same(segment.keyword_hashes(TEXTS, 20, Reporter(), processes=True), segment._hash_keywords_each(TEXTS, 20))
    monkeypatch.delenv("DEDUP_SEGMENT")
    monkeypatch.setattr(segment_processes, "MIN_CHARS", 10**9)
    segment.keyword_hashes(TEXTS, 20, Reporter(), processes=True)
    assert sent == []


def test_simhash_starts_the_workers_before_normalising_and_finds_what_threads_find(small_columns, monkeypatch):
    started: list[str] = []
    original_prepare = Pipeline._prepare
    monkeypatch.setattr(Pipeline, "_prepare", lambda self, *a: started.append(str(bool(segment_processes._started)))
                        or original_prepare(self, *a))  # fmt: skip
    texts = [ZH_A, ZH_A + "（完）", ZH_B, ZH_C, ZH_B[:-3]] * 3
    with_processes = Pipeline(texts).run(Settings(algorithm="simhash"))
    assert started == ["True"]
    monkeypatch.setenv("DEDUP_SEGMENT", "threads")
    with_threads = Pipeline(texts).run(Settings(algorithm="simhash"))
    assert [c.members for c in with_processes.clusters] == [c.members for c in with_threads.clusters]
    assert with_processes.clusters


def test_answers_larger_than_a_pipe_holds_do_not_stop_the_workers(small_columns, monkeypatch):
    """Short words, large slices queued ahead: each answer is hundreds of kilobytes. A worker waiting to send its
    answer while the caller waited to send it more text would stop both (it did, at a million short texts)."""
    import threading

    monkeypatch.setattr(segment, "BATCH_CHARS", 2_000_000)
    monkeypatch.setattr(segment, "SEGMENT_CHARS", 400_000)
    texts = [f"{i}，的了，{i % 97}。" for i in range(300_000)]
    out: list = []
    job = threading.Thread(target=lambda: out.append(segment.keyword_hashes(texts, 5, Reporter(), processes=True)))
    job.start()
    job.join(600)  # a generous bound, only so that a stall fails instead of hanging the suite
    assert not job.is_alive() and out
    hashes, weights, counts = out[0]
    want = segment._hash_keywords_each(texts[:3000], 5)  # the reference is slow: the first texts
    n = int(want[2].sum())
    assert_same((hashes[:n], weights[:n], counts[:3000]), want)
    assert len(counts) == len(texts)
