"""The engine in a worker process: pipelines live in one persistent spawned child; the caller gets stand-ins.

Why a process: the engine's hot path is column-at-once C calls (regex over a joined column, numpy, big sorts) that
each hold the interpreter lock for hundreds of milliseconds at 100,000 rows. In a thread of the GUI's process that
freezes the window however the work is sliced; in another process it cannot.

``EngineProcess`` owns the child (started with ``spawn``: the GUI is threaded, never fork) and one pipe to it.
``EngineProcess.pipeline(table, columns)`` returns a ``RemotePipeline``, which answers what the window asks of a
``Pipeline`` (``texts``, ``run``, ``similarity``, ``boilerplate_of``, ``rerun_cost``); the real ``Pipeline`` and
its caches stay in the child between runs, so a threshold change still only re-clusters.

The child gets the table once. Best, it reads the input itself while the caller reads it too (``read_ahead``, with
the caller's own reading function); the caller then says which table that is and its content hash (``expect``),
and the first run adopts the child's table when the hashes (and the table's shape) agree - nothing is sent, and
the caller's thread only waits on the pipe, which lets go of the interpreter lock. Otherwise (the file changed
between the reads, the child could not read it, or no read-ahead) the rows are sent, in slices (one pickle of
300 MB of text would itself hold the lock for seconds).

- Progress comes back over the pipe into the caller's ``Reporter``.
- Cancel sets a flag in shared memory that the child's ``Reporter.check()`` reads; a child that does not stop
  within ``GRACE_S`` is killed and the next run starts a new one.
- A child that dies (killed, out of memory) becomes an ``EngineError``, never a hang; the next run starts a new
  child and sends the table again.
- Where no child can start at all (a frozen bundle without ``freeze_support``, a locked-down system), the
  stand-in runs an in-process ``Pipeline`` instead.
- The main thread (the GUI's) never waits for the child: while a run holds the pipe, ``similarity`` and
  ``boilerplate_of`` asked from it answer "not known" (nan, no sentences) at once.
"""

from __future__ import annotations

import atexit
import itertools
import math
import numbers
import os
import pickle
import signal
import threading
import time
import traceback
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from multiprocessing import get_context
from multiprocessing.connection import Connection
from typing import Any

import numpy as np
import pandas as pd

from .collector import paused_gc
from .cpu import numpy_environment
from .errors import Cancelled, DedupError
from .parallel import engine_malloc_environment
from .pipeline import Pipeline
from .progress import Reporter
from .result import DedupResult
from .settings import Settings
from .table import Table
from .text import ranges_by_size

# Characters of the table per message: pickling one holds the interpreter lock in a single C call, and each Qt
# call of the GUI thread into Python waits for it - a repaint makes hundreds. ~0.5 ms each.
CHARS_PER_MESSAGE = 200_000
GRACE_S = 3.0  # a cancelled child that has not stopped after this long is killed
START_TIMEOUT_S = 120.0  # a child not ready after this long cannot start here (a cold frozen bundle is slow)
QUERY_TIMEOUT_S = 30.0  # a child idle but not answering a small question is broken
POLL_S = 0.05  # how often the waiting side looks at Cancel and at the child's health
PROGRESS_INTERVAL_S = 0.05  # the child forwards a stage's progress at most this often
# A reply's arrays come over the pipe apart from its pickle, this many bytes a message (``_Child.send``,
# ``_received``): unpickled whole, the result of 100k templated rows (18M candidate pairs, 870 MB) held the window's
# interpreter lock for 1.3-1.4 s as it came back - each chunk now a few milliseconds.
CHUNK_BYTES = 4 << 20
ENV = "DEDUP_ENGINE"  # "thread" runs the engine in the caller's process (the CLI always does)


# How the child reads the input itself: ``reader(reporter)`` -> (the table, its content hash). Pickled to the child
# (a module-level function, or a functools.partial of one); the caller's own reading must give the same table.
Reader = Callable[[Reporter], tuple[Table, str]]


class EngineError(DedupError):
    """The engine's worker process ended unexpectedly; the next run starts a new one."""

    def __init__(self, problem: str):
        super().__init__(None, problem)


class EngineUnavailable(Exception):
    """No worker process can start here: run in this process instead."""


def wanted() -> bool:
    """True unless ``DEDUP_ENGINE=thread`` asks for the engine in this process."""
    return os.environ.get(ENV, "process").strip().lower() != "thread"


# -- the child ------------------------------------------------------------------------------------------------


class _SharedFlag:
    """A one-byte cancel flag in shared memory, shaped like the ``threading.Event`` a ``Reporter`` reads.

    Shared memory rather than a ``multiprocessing.Event``: an Event takes a lock that a killed child could die
    holding, and then the parent's next ``set()`` would hang."""

    def __init__(self, raw: Any):
        self.raw = raw

    def is_set(self) -> bool:
        return bool(self.raw.value)

    def set(self) -> None:
        self.raw.value = 1

    def clear(self) -> None:
        self.raw.value = 0

    def wait(self, timeout: float | None = None) -> bool:
        end = time.monotonic() + (timeout if timeout is not None else math.inf)
        while not self.is_set() and time.monotonic() < end:
            time.sleep(0.01)
        return self.is_set()


def _plain_values(values: dict[str, object]) -> dict[str, object]:
    """An error's values as the parent can rebuild them: text (a ``Note`` too) and numbers as Python's own, anything
    else as its text."""
    out: dict[str, object] = {}
    for k, v in values.items():
        if isinstance(v, (str, int, float)):
            out[k] = v
        elif isinstance(v, numbers.Integral):
            out[k] = int(v)
        elif isinstance(v, numbers.Real):
            out[k] = float(v)
        else:
            out[k] = str(v)
    return out


def _portable(exc: BaseException) -> tuple:
    """An exception as something the parent can rebuild: DedupErrors by (class, path, template, values, English
    text), others pickled when they survive it, else by their text."""
    if isinstance(exc, DedupError):
        cls = type(exc)
        path = None if exc.path is None else str(exc.path)
        return ("dedup", cls.__module__, cls.__qualname__, path, exc.template, _plain_values(exc.values), exc.problem)
    if isinstance(exc, MemoryError):
        return ("memory",)
    try:
        pickle.loads(pickle.dumps(exc))
        return ("pickled", exc)
    except Exception:
        return ("text", f"{type(exc).__name__}: {exc}")


class _Child:
    """The child's side: tables being received, tables, pipelines, and the answers to each message."""

    def __init__(self, conn: Connection, flag: Any):
        self.conn = conn
        self.cancel = _SharedFlag(flag)
        self.tables: dict[int, Table] = {}
        self.receiving: dict[int, tuple[Table, list[pd.DataFrame]]] = {}
        self.pipelines: dict[int, Pipeline] = {}
        self.ran: set[int] = set()  # pipelines with a finished run: only they answer questions
        self.table_of: dict[int, int] = {}  # pipeline -> the table it was made from
        self._stage, self._at = "", 0.0  # the last progress forwarded: its stage and when

    def serve(self) -> None:
        self.conn.send(("ready", os.getpid()))
        while True:
            try:
                msg = self.conn.recv()
            except (EOFError, OSError):  # the parent is gone
                return
            if msg[0] == "quit":
                return
            try:
                reply = getattr(self, "on_" + msg[0])(*msg[1:])
            except Cancelled:
                reply = ("cancelled",)
            except BaseException as e:  # every failure goes back to the parent as a reply
                reply = ("error", _portable(e), traceback.format_exc())
            if reply is not None:
                self.send(reply)

    def send(self, reply: tuple) -> None:
        """``reply`` to the parent: pickled with its arrays' buffers left out (pickle protocol 5), then each buffer
        ``CHUNK_BYTES`` at a time (``_received`` puts them together)."""
        buffers: list[pickle.PickleBuffer] = []
        data = pickle.dumps(reply, protocol=5, buffer_callback=buffers.append)
        if not buffers:
            self.conn.send_bytes(data)  # (the parent's ``conn.recv()`` reads it as it reads ``conn.send``'s)
            return
        raws = [b.raw() for b in buffers]
        self.conn.send(("chunked", data, [r.nbytes for r in raws]))
        for raw in raws:
            for lo in range(0, raw.nbytes, CHUNK_BYTES):
                self.conn.send_bytes(raw[lo : lo + CHUNK_BYTES])

    def progress(self, stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        if stage != self._stage or done >= total or now - self._at >= PROGRESS_INTERVAL_S:
            self._stage, self._at = stage, now
            self.conn.send(("progress", stage, done, total))

    # -- messages ----

    def _forget(self) -> None:
        self.tables.clear()  # one table at a time: the window shows one input
        self.receiving = {}
        self.pipelines.clear()
        self.ran.clear()

    def on_table(self, tid: int, meta: Table) -> None:
        self._forget()
        self.receiving = {tid: (meta, [])}

    def on_read(self, tid: int, reader: Reader) -> tuple:
        self._forget()
        table, digest = reader(Reporter(cancel_event=self.cancel))  # type: ignore[arg-type]
        self.tables[tid] = table
        return ("read", digest, _shape(table))

    def on_boilerplates(self, pid: int, rows: list[int]) -> tuple:
        if pid not in self.ran:
            return ("missing",)
        return ("value", [list(self.pipelines[pid].boilerplate_of(row)) for row in rows])

    def on_table_of(self, pid: int) -> tuple:
        pipeline = self.pipelines.get(pid)
        return ("missing",) if pipeline is None else ("value", self.tables[self.table_of[pid]])

    def on_rows(self, tid: int, rows: pd.DataFrame) -> None:
        self.receiving[tid][1].append(rows)

    def on_table_end(self, tid: int) -> tuple:
        meta, parts = self.receiving.pop(tid)
        data = pd.concat(parts) if parts else meta.data
        self.tables[tid] = replace(meta, data=data)
        return ("ok",)

    def on_pipeline(self, pid: int, tid: int, columns: list[str]) -> tuple:
        self.pipelines[pid] = Pipeline.for_table(self.tables[tid], columns)
        self.table_of[pid] = tid
        for old in list(self.pipelines)[:-3]:  # the window keeps one; a few spare cover a column switched back
            del self.pipelines[old]
            self.ran.discard(old)
        return ("ok",)

    def on_run(self, pid: int, settings: Settings) -> tuple:
        pipeline = self.pipelines.get(pid)
        if pipeline is None:
            return ("missing",)
        reporter = Reporter(progress=self.progress, cancel_event=self.cancel)  # type: ignore[arg-type]
        with paused_gc():  # this process runs nothing but the engine (no Qt): see paused_gc
            result = pipeline.run(settings, reporter)
        self.ran.add(pid)
        return ("result", result, _cost_state(pipeline))

    def on_similarity(self, pid: int, row_a: int, row_b: int) -> tuple:
        if pid not in self.ran:
            return ("missing",)
        return ("value", self.pipelines[pid].similarity(row_a, row_b))


def _received(conn: Connection, data: bytes, sizes: list[int]) -> tuple:
    """The reply the child sent in parts (``_Child.send``): its arrays' buffers read ``CHUNK_BYTES`` at a time
    into memory of their own (not zeroed first: each page is touched by the chunk that fills it), and the arrays
    made on them, not copied. Each chunk holds the interpreter lock a few milliseconds."""
    buffers = []
    for size in sizes:
        buffer = np.empty(size, dtype=np.uint8)
        at = 0
        while at < size:
            at += conn.recv_bytes_into(buffer, at)
        buffers.append(buffer)
    return pickle.loads(data, buffers=buffers)


def _child_main(conn: Connection, flag: Any) -> None:
    """The child process: load the dictionaries, then serve the parent until it says quit or goes away."""
    import gc

    from . import segment, text
    from .parallel import allow_forked_work

    allow_forked_work()  # this process runs nothing but the engine: no Qt, no window
    segment.keywords("预热分词词典", 1)  # dictionaries load once, here rather than inside the first run
    text.nfkc_lower_collapse("预热", simplified=True)  # builds the normalisation tables once
    gc.freeze()  # the dictionaries live as long as the child: keep them out of full collections
    _Child(conn, flag).serve()


def _shape(table: Table) -> tuple:
    """What must agree, besides the content hash, for the child's table to stand for the caller's."""
    return (table.kind, table.sheet, tuple(table.columns), len(table.data), table.source_stamp)


# -- what rerun_cost needs, without the caches ---------------------------------------------------------------


class _Bound:
    """A candidate search reduced to the one thing ``Pipeline.rerun_cost`` reads of it."""

    def __init__(self, bound: float):
        self.bound = bound


def _cost_state(p: Pipeline) -> tuple:
    # Pipeline.rerun_cost reads the keys of the fingerprint cache, the bound of each cached search and the
    # measured seconds; a test checks that a stand-in built from them answers as the pipeline does.
    return (list(p._fingerprints), {k: v.bound for k, v in p._searches.items()}, dict(p._measured))


def _cost_pipeline(state: tuple) -> Pipeline:
    fingerprints, searches, measured = state
    shadow = Pipeline([])
    shadow._fingerprints = dict.fromkeys(fingerprints)
    shadow._searches = {k: _Bound(b) for k, b in searches.items()}  # type: ignore[misc]
    shadow._measured = measured
    return shadow


# -- the parent -------------------------------------------------------------------------------------------


_ENGINES: weakref.WeakSet[EngineProcess] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    # Before multiprocessing's own exit handler, which would wait for a child that is not a daemon (not one so
    # that the Spark engine, or any later engine code, may start processes of its own).
    for engine in list(_ENGINES):
        engine.close()


@dataclass
class _Ahead:
    """A read-ahead: the child reading the input itself as table ``tid``."""

    tid: int
    pending: bool = True  # the child's reply has not been read yet
    reply: tuple | None = None  # ("read", content hash, shape) when the child read it
    claim: tuple[weakref.ref, str] | None = None  # the caller's table and its content hash (``expect``)
    abandoned: bool = False  # the caller's own read failed: the child was told to stop


class EngineProcess:
    """One worker process holding pipelines, started when first needed and again after it ended."""

    def __init__(self) -> None:
        self._ctx = get_context("spawn")
        self._lock = threading.Lock()  # one conversation on the pipe at a time
        self._proc: Any = None
        self._conn: Connection | None = None
        self._flag: Any = None
        self._ready = False  # the child said it is ready (its dictionaries are loaded)
        # Counts children started, and inputs a child was told to read (it drops its pipelines then): a stand-in
        # made for an older generation sends its pipeline (and table) again.
        self.generation = 0
        self.unavailable = False  # no child could start: stand-ins run in this process
        self.last_exit: int | None = None  # exit code of the last child that ended unexpectedly
        self._ids = itertools.count(1)
        self._table: tuple[weakref.ref, int] | None = None  # the table the current child holds, and its id
        self._box: list = []  # [process, pipe] of the current child: what the finalizer stops, engine or not
        self._ahead: _Ahead | None = None  # the input the child reads (or read) by itself
        self.tables_sent = 0  # tables sent row by row (rather than read by the child): for tests
        _ENGINES.add(self)
        weakref.finalize(self, EngineProcess._stop, self._box)

    def pipeline(self, table: Table, columns: Sequence[str]) -> RemotePipeline:
        return RemotePipeline(self, table, list(columns), next(self._ids))

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self.running else None

    def close(self) -> None:
        """Tell the child to quit and wait briefly for it (then kill it)."""
        with self._lock:
            self._shutdown()

    # -- runs, on a worker thread ----

    def run(self, stand_in: RemotePipeline, settings: Settings, reporter: Reporter) -> tuple[DedupResult, tuple]:
        with self._lock:
            self._ensure_started(reporter)
            self._settle(reporter)
            self._ensure_started(reporter)  # a child that ran out of memory reading was stopped: a new one
            if stand_in.generation != self.generation:
                self._send_pipeline(stand_in, reporter)
            self._flag.value = 0
            reply = self._ask(("run", stand_in.id, settings), reporter)
            if reply[0] == "missing":  # the child dropped it (a newer pipeline): send it again
                self._send_pipeline(stand_in, reporter)
                reply = self._ask(("run", stand_in.id, settings), reporter)
            return reply[1], reply[2]

    def start(self) -> None:
        """Start the child now, without waiting for it to be ready (while a file is read, say): the first run
        then finds it ready. Does nothing when one runs or none can start."""
        with self._lock:
            if not self.running and not self.unavailable:
                try:
                    self._spawn()
                except EngineUnavailable:
                    pass

    def read_ahead(self, reader: Reader) -> int | None:
        """Have the child read the input itself, while the caller reads it too: ``reader(reporter)`` returns the
        table and its content hash, exactly as the caller's reading does. Returns a token for ``expect`` (None when
        no child can start). Does not wait: the child's answer is read before the next run; meanwhile the child
        answers no questions about the pipelines it held (they are dropped)."""
        with self._lock:
            if self.unavailable:
                return None
            try:
                if not self.running or self._ahead_pending:
                    self._spawn()  # a child still reading another input is replaced rather than waited for
                self._table = None
                self.generation += 1  # the child drops its tables and pipelines
                tid = next(self._ids)
                self._flag.value = 0
                self._send(("read", tid, reader))
            except (EngineUnavailable, EngineError):
                return None
            self._ahead = _Ahead(tid)
            return tid

    def expect(self, token: int | None, table: Table, input_hash: str) -> None:
        """The caller's own read of the input ``read_ahead(...)`` (``token``) also reads: its table and content
        hash. The first run on ``table`` uses the child's table when the child found the same hash and shape."""
        with self._lock:
            ahead = self._ahead
            if token is not None and ahead is not None and ahead.tid == token:
                ahead.claim = (weakref.ref(table), input_hash)

    def abandon(self, token: int | None) -> None:
        """The caller's read (``token``) failed or was cancelled: the child stops reading at its next check, so
        the next run does not wait for a table nobody will use."""
        with self._lock:
            ahead = self._ahead
            if token is not None and ahead is not None and ahead.tid == token and ahead.pending:
                ahead.abandoned = True
                self._flag.value = 1

    def _settle(self, reporter: Reporter | None) -> None:
        """Read the child's answer to a read-ahead still outstanding (the child is busy until it has read)."""
        ahead = self._ahead
        if ahead is None or not ahead.pending:
            return
        ahead.pending = False
        if reporter is not None:
            reporter.report("Preparing texts", 0, 1)
        try:
            ahead.reply = self._wait(reporter)
        except Cancelled:
            if not ahead.abandoned or (reporter is not None and reporter.cancelled):
                raise
        except EngineError:
            raise
        except Exception:  # the child could not read it: the rows are sent instead
            ahead.reply = None

    def _adopt(self, table: Table) -> int | None:
        """The id under which the child holds ``table`` from a read-ahead, or None when it does not."""
        ahead, self._ahead = self._ahead, None
        if ahead is None or ahead.pending or ahead.reply is None or ahead.claim is None:
            return None
        ref, digest = ahead.claim
        if ref() is not table or ahead.reply[1] != digest or ahead.reply[2] != _shape(table):
            return None
        return ahead.tid

    def _ensure_started(self, reporter: Reporter) -> None:
        if not self.running:
            if self.unavailable:
                raise EngineUnavailable()
            self._spawn()
        if self._ready:
            return
        try:
            self._wait(reporter, deadline=time.monotonic() + START_TIMEOUT_S)
        except EngineError as e:
            self._shutdown(kill=True)
            self.unavailable = True  # it died before it was ready: it will not start next time either
            raise EngineUnavailable() from e
        self._ready = True

    def _spawn(self) -> None:
        self._shutdown(kill=True)
        try:
            parent, child = self._ctx.Pipe()
            flag = self._ctx.RawValue("b", 0)
            proc = self._ctx.Process(target=_child_main, args=(child, flag), name="dedup-engine", daemon=False)
            # glibc's malloc and numpy's sorts set for the engine (core.parallel.engine_malloc, core.cpu)
            with _child_environment(**engine_malloc_environment(), **numpy_environment()):
                proc.start()
            child.close()
        except Exception as e:  # cannot spawn here at all
            self.unavailable = True
            raise EngineUnavailable() from e
        self._proc, self._conn, self._flag, self._ready = proc, parent, flag, False
        self._box[:] = [proc, parent]
        self.generation += 1
        self._table = None

    def _send_pipeline(self, stand_in: RemotePipeline, reporter: Reporter) -> None:
        table = stand_in.table
        held = self._table
        if held is None or held[0]() is not table:
            adopted = self._adopt(table)
            if adopted is None:
                adopted = next(self._ids)
                self._send_table(adopted, table, reporter)
            tid = adopted
            self._table = (weakref.ref(table), tid)
        else:
            tid = held[1]
        self._ask(("pipeline", stand_in.id, tid, stand_in.columns), reporter)
        stand_in.generation = self.generation

    def _send_table(self, tid: int, table: Table, reporter: Reporter) -> None:
        conn = self._connection()
        conn.send(("table", tid, replace(table, data=table.data.iloc[:0])))
        self.tables_sent += 1
        n = len(table.data)
        for lo, hi in ranges_by_size(_row_sizes(table.data), CHARS_PER_MESSAGE):
            reporter.report("Preparing texts", lo, n)  # raises Cancelled: the child drops the partial table
            self._send(("rows", tid, table.data.iloc[lo:hi]))
        self._ask(("table_end", tid), reporter)
        reporter.report("Preparing texts", n, n)

    # -- questions, from any thread ----

    def ask(self, stand_in: RemotePipeline, msg: tuple, fallback: object, wait: bool | None = None) -> object:
        """The child's answer to a small question about a pipeline that has run there, or ``fallback`` when it
        cannot answer now. The main thread, or any thread passing ``wait=False``, never waits for a run to end: it
        gets ``fallback`` at once; another thread waits."""
        if wait is False or (wait is None and threading.current_thread() is threading.main_thread()):
            if not self._lock.acquire(blocking=False):
                return fallback
        else:
            self._lock.acquire()
        try:
            if not self.running or stand_in.generation != self.generation or self._ahead_pending:
                return fallback
            reply = self._ask(msg, None, deadline=time.monotonic() + QUERY_TIMEOUT_S)
            return reply[1] if reply[0] == "value" else fallback
        except (EngineError, Cancelled):
            return fallback
        finally:
            self._lock.release()

    @property
    def _ahead_pending(self) -> bool:
        return self._ahead is not None and self._ahead.pending

    # -- the pipe ----

    def _connection(self) -> Connection:
        if self._conn is None:
            raise self._died()
        return self._conn

    def _send(self, msg: tuple) -> None:
        try:
            self._connection().send(msg)
        except (OSError, EOFError, ValueError) as e:  # a broken pipe: the child is gone
            raise self._died() from e

    def _ask(self, msg: tuple, reporter: Reporter | None, deadline: float | None = None) -> tuple:
        self._send(msg)
        return self._wait(reporter, deadline)

    def _wait(self, reporter: Reporter | None, deadline: float | None = None) -> tuple:
        """The child's next reply, forwarding its progress; Cancel is passed on, and a child that ignores it
        (or any deadline) is killed."""
        conn = self._connection()
        cancelled_at: float | None = None
        while True:
            if reporter is not None and reporter.cancelled and cancelled_at is None:
                # Passed on at once, not at the next quiet moment: a child that keeps sending progress would
                # otherwise finish its run before it saw the cancel, and its result be taken for a finished run.
                cancelled_at = time.monotonic()
                self._flag.value = 1
            try:
                ready = conn.poll(POLL_S)
                msg = conn.recv() if ready else None
                if msg is not None and msg[0] == "chunked":
                    msg = _received(conn, msg[1], msg[2])
            except (EOFError, OSError) as e:
                raise self._died() from e
            if msg is not None:
                kind = msg[0]
                if kind == "progress":
                    if reporter is not None and cancelled_at is None:
                        reporter.progress(*msg[1:])
                    continue
                if kind == "cancelled" or cancelled_at is not None:
                    raise Cancelled()  # also when the child finished before it saw the cancel: as in-process
                if kind == "error":
                    raise self._rebuilt(msg[1], msg[2])
                return msg
            now = time.monotonic()
            if not self._proc.is_alive():
                raise self._died()
            if cancelled_at is not None and now - cancelled_at > GRACE_S:
                self._shutdown(kill=True)
                raise Cancelled()
            if deadline is not None and now > deadline:
                self._shutdown(kill=True)
                raise EngineError("The engine's worker process stopped answering; it was stopped.")

    def _rebuilt(self, portable: tuple, details: str) -> BaseException:
        kind = portable[0]
        if kind == "memory":
            self._shutdown(kill=True)  # a child that ran out of memory is in no state to keep its caches
            return EngineError(
                "The engine ran out of memory on this input. Close other programs, or choose fewer rows or a "
                "shorter text column, and run again."
            )
        if kind == "dedup":
            import importlib

            _, module, qualname, path, problem, values, english = portable
            cls = getattr(importlib.import_module(module), qualname, DedupError)
            try:
                exc: BaseException = cls(path, problem, **values)
            except TypeError:  # (a class made otherwise: ``ExcelLimitError``)
                try:
                    exc = DedupError(path, problem, **values)
                except (KeyError, IndexError, ValueError):
                    exc = DedupError(path, english)
            except (KeyError, IndexError, ValueError):  # (values that no longer fill the template: its English)
                exc = DedupError(path, english)
        elif kind == "pickled":
            exc = portable[1]
        else:
            exc = RuntimeError(portable[1])
        exc.add_note("In the engine's worker process:\n" + details)
        return exc

    def _died(self) -> EngineError:
        code = self._proc.exitcode if self._proc is not None else None
        self._shutdown(kill=True)
        self.last_exit = code
        how = f" (exit code {code})" if code is not None else ""
        return EngineError(
            f"The engine's worker process ended unexpectedly{how}. Nothing was lost; run again to start a new one."
        )

    def _shutdown(self, kill: bool = False) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        self._table = None
        self._ahead = None
        self._box[:] = []
        if proc is None:
            return
        _end(proc, conn, 2.0, ask=not kill)
        if conn is not None:
            conn.close()

    @staticmethod
    def _stop(box: list) -> None:
        if box:
            proc, conn = box
            _end(proc, conn, 1.0)


@contextmanager
def _child_environment(**values: str) -> Iterator[None]:
    """``values`` in the environment a child process starts with (spawn copies it), restored after."""
    before = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _end(proc: Any, conn: Connection | None, wait: float, ask: bool = True) -> None:
    """Ask the child to quit (``ask``) and give it ``wait`` seconds; then kill it and what it started."""
    if ask and conn is not None:
        try:
            conn.send(("quit",))
        except (OSError, ValueError):
            pass
        proc.join(wait)
    if proc.is_alive():
        _kill_tree(proc.pid)
        proc.join(wait)


def _row_sizes(data: pd.DataFrame) -> np.ndarray:
    """About how many characters each row of ``data`` pickles to (its text cells, plus a little per cell)."""
    sizes = np.full(len(data), 8 * len(data.columns), dtype=np.int64)
    for name in data.columns:
        column = data[name]
        if column.dtype == object:
            sizes += np.fromiter((len(v) if isinstance(v, str) else 8 for v in column), np.int64, len(column))
    return sizes


def _kill_tree(pid: int) -> None:
    """Kill a child and any processes it started (they would wait forever for their orders)."""
    for child in _children(pid):
        _kill(child)
    _kill(pid)


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(c) for c in f.read().split()]
    except OSError:  # not Linux, or already gone
        pass
    return out


def _kill(pid: int) -> None:
    try:
        os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
    except OSError:
        pass


class RemotePipeline:
    """What the window uses of a ``Pipeline``, with the pipeline itself in the engine's worker process.

    ``texts`` are computed here, when first asked for (the review shows them); ``rerun_cost`` is answered here
    from what the child reported after the last run. When no worker process can start, an in-process ``Pipeline``
    does the work."""

    def __init__(self, engine: EngineProcess, table: Table, columns: list[str], pid: int):
        self.engine, self.table, self.columns, self.id = engine, table, columns, pid
        self._texts: list[str] | None = None
        self.generation = -1  # the child generation that holds this pipeline
        self._cost: Pipeline | None = None
        self._local: Pipeline | None = None
        self._boilerplate: dict[int, list[str]] = {}  # the child's answers since the last run
        self._runs = 0
        if engine.unavailable:
            self._local = Pipeline(self.texts, table)

    @property
    def texts(self) -> list[str]:
        """The rows' texts, made when first asked for (the review, after the run): not while the window draws a
        new table for the first time, when a loop over 100,000 cells on the job thread would hold the lock
        against every one of the window's calls into Python."""
        if self._texts is None:
            self._texts = self.table.texts(self.columns)
        return self._texts

    @property
    def in_process(self) -> bool:
        return self._local is not None

    def run(self, settings: Settings, reporter: Reporter | None = None) -> DedupResult:
        reporter = reporter or Reporter()
        self._runs += 1
        self._boilerplate = {}  # the answers were the last run's
        if self._local is None:
            try:
                result, cost = self.engine.run(self, settings, reporter)
            except EngineUnavailable:
                self._local = Pipeline(self.texts, self.table)
            else:
                self._cost = _cost_pipeline(cost)
                return result
        return self._local.run(settings, reporter)

    def similarity(self, row_a: int, row_b: int) -> float:
        if self._local is not None:
            return self._local.similarity(row_a, row_b)
        if row_a == row_b:
            return 1.0
        return float(self.engine.ask(self, ("similarity", self.id, int(row_a), int(row_b)), math.nan))  # type: ignore[arg-type]

    def boilerplate_of(self, row: int) -> list[str]:
        return self.boilerplate_of_rows([row])[0]

    def known_boilerplate(self, rows: Sequence[int]) -> list[list[str]] | None:
        """``boilerplate_of_rows`` when every one of these rows' answers is here already (or the pipeline runs in
        this process), else None: asking the child waits for its answer."""
        if self._local is not None:
            return self.boilerplate_of_rows(rows)
        known = self._boilerplate
        if any(int(r) not in known for r in rows):
            return None
        return [list(known[int(r)]) for r in rows]

    def boilerplate_of_rows(self, rows: Sequence[int], wait: bool | None = None) -> list[list[str]]:
        """``boilerplate_of`` of each row, in one question to the child (the compare view shows two rows); the
        answers are kept until the next run. ``wait``: as ``EngineProcess.ask``'s."""
        if self._local is not None:
            return [self._local.boilerplate_of(row) for row in rows]
        known, runs = self._boilerplate, self._runs
        missing = sorted({int(r) for r in rows if int(r) not in known})
        if missing:
            answer = self.engine.ask(self, ("boilerplates", self.id, missing), None, wait=wait)
            if answer is None:  # not known now (a run holds the pipe, or the child is gone)
                return [list(known.get(int(r), [])) for r in rows]
            fresh = dict(zip(missing, answer, strict=True))  # type: ignore[call-overload]
            if runs == self._runs:  # no run began meanwhile (it would make them stale)
                known.update(fresh)
            known = {**known, **fresh}
        return [list(known.get(int(r), [])) for r in rows]

    def rerun_cost(self, settings: Settings) -> tuple[str, float | None]:
        if self._local is not None:
            return self._local.rerun_cost(settings)
        if self._cost is None or self.generation != self.engine.generation or not self.engine.running:
            return "fingerprints", None  # nothing cached (yet, or any more: the child was restarted)
        return self._cost.rerun_cost(settings)

    def child_table(self) -> Table | None:
        """The table this pipeline runs on in the worker process (None when it is not there): for tests."""
        if self._local is not None:
            return self.table
        return self.engine.ask(self, ("table_of", self.id), None)  # type: ignore[return-value]

    def is_cached(self, settings: Settings) -> bool:
        return self.rerun_cost(settings)[0] != "fingerprints"
