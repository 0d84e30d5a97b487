"""Segmentation in two worker processes, for large columns.

rjieba segments without the interpreter lock, but building each word as a Python string holds it: two threads
segment only about 1.4 times as fast as one, and the counting and weighing of the words (numpy, on the main
thread) waits for the same lock. Two worker processes segment twice as fast as one and leave the main process
free to count the previous slices. A worker receives a slice of text and sends back only the length of each
word (4 bytes per word): the words themselves are read from the slice where they are needed.

The processes start once per process that segments (in the background, while the texts are being normalised)
and serve every later run. A worker ends when its pipe closes, so one that outlives its parent (killed, crashed)
ends too. Where processes cannot start (a sandbox, a frozen app without multiprocessing support), or a worker
dies, segmentation falls back to threads: the words are the same either way.
"""

from __future__ import annotations

import atexit
import itertools
import os
import queue
import threading
from array import array
from multiprocessing.connection import Connection
from typing import Any

WORKERS = 2
# Columns smaller than this are segmented on threads: starting the processes (an interpreter each, rjieba and its
# dictionary) costs about half a second, which about 4 million characters of segmentation win back.
MIN_CHARS = 4_000_000


def serve(conn: Connection) -> None:
    """A worker's loop: (ticket, text) in, (ticket, word lengths as int32 bytes, or None on failure) out; None in
    ends it."""
    from .segment import _cut_any

    _cut_any("预热")  # load the dictionary before the first slice arrives
    while True:
        try:
            order = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if order is None:  # asked to end
            return
        ticket, text = order
        try:
            reply: bytes | None = array("i", map(len, _cut_any(text))).tobytes()
        except Exception:  # noqa: BLE001 - the parent segments this slice itself
            reply = None
        try:
            conn.send((ticket, reply))
        except (OSError, ValueError):
            return


class Segmenters:
    """The worker processes. Each has a sending thread and a receiving thread, so that the caller never waits on
    a pipe: it queues slices ahead (the next batch while it counts this one) and collects answers by ticket. A
    worker that had to wait to send its answer while the caller waited to send it more text would stop both."""

    def __init__(self, workers: int = WORKERS):
        from multiprocessing import get_context

        ctx = get_context("spawn")
        self._ready = threading.Condition()
        self._tickets = itertools.count()
        self.answers: dict[int, bytes | None] = {}
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        self.queues: list[queue.SimpleQueue] = []
        self.load: list[int] = []  # characters sent and not yet answered, per worker
        self.sizes: dict[int, tuple[int, int]] = {}  # ticket -> (worker, characters), until answered
        self.broken = False
        for w in range(workers):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=serve, args=(child,), name="dedup-segment", daemon=True)
            proc.start()
            child.close()
            self.conns.append(parent)
            self.procs.append(proc)
            self.queues.append(queue.SimpleQueue())
            self.load.append(0)
            for target in (self._send, self._receive):
                threading.Thread(target=target, args=(w,), name=f"dedup-segment-{w}", daemon=True).start()

    def _send(self, worker: int) -> None:
        conn, todo = self.conns[worker], self.queues[worker]
        while True:
            item = todo.get()
            try:
                conn.send(item)  # None: the worker ends (after the slices queued before it)
            except (OSError, ValueError):
                self._fail()
                return
            if item is None:
                return

    def _receive(self, worker: int) -> None:
        conn = self.conns[worker]
        while True:
            try:
                ticket, reply = conn.recv()
            except (EOFError, OSError, ValueError):  # the worker died, or the pipes were closed
                self._fail()
                return
            with self._ready:
                self.answers[ticket] = reply
                _, size = self.sizes.pop(ticket, (worker, 0))
                self.load[worker] -= size
                self._ready.notify_all()

    def _fail(self) -> None:
        with self._ready:
            self.broken = True
            self._ready.notify_all()

    def submit(self, text: str) -> int | None:
        """Queue ``text`` for the least loaded worker; a ticket for ``lengths``, or None when no worker can take it."""
        with self._ready:
            if self.broken:
                return None
            worker = min(range(len(self.conns)), key=self.load.__getitem__)
            ticket = next(self._tickets)
            self.load[worker] += len(text)
            self.sizes[ticket] = (worker, len(text))
        self.queues[worker].put((ticket, text))
        return ticket

    def lengths(self, ticket: int) -> bytes | None:
        """The word lengths (int32 bytes) of the text sent with ``ticket``; None when its worker failed. Tickets
        are collected in the order they were given: answers to earlier ones still here were given up on (a
        cancelled run) and are dropped."""
        with self._ready:
            while ticket not in self.answers and not self.broken:
                self._ready.wait()
            for stale in [t for t in self.answers if t < ticket]:
                del self.answers[stale]
            return self.answers.pop(ticket, None)

    def close(self) -> None:
        """Ask the workers to end (killed if they do not within two seconds)."""
        self.broken = True
        for todo in self.queues:
            todo.put(None)
        for proc in self.procs:
            proc.join(2)
            if proc.is_alive():
                proc.kill()
                proc.join(1)
        for conn in self.conns:
            conn.close()


_started: list[Segmenters] = []
_start_lock = threading.Lock()


def segmenters(total_chars: int) -> Segmenters | None:
    """The worker processes when a column of ``total_chars`` is worth them (started on first use); None: use
    threads. ``DEDUP_SEGMENT=threads`` forces threads."""
    if total_chars < MIN_CHARS or os.environ.get("DEDUP_SEGMENT") == "threads" or (os.cpu_count() or 1) < 2:
        return None
    with _start_lock:
        if _started and _started[0].broken:  # a worker died (killed, out of memory): new ones
            _started.pop().close()
        if not _started:
            try:
                _started.append(Segmenters())
            except Exception:  # noqa: BLE001 - no process could start: threads do the work
                return None
            atexit.register(shutdown)
        return _started[0]


def shutdown() -> None:
    """End the worker processes (at exit; tests start afresh)."""
    with _start_lock:
        while _started:
            _started.pop().close()
