"""Both cores for the column kernels.

numpy lets go of the interpreter lock inside its sorts and its arithmetic on arrays of numbers, and rjieba inside
its segmentation, so consecutive chunks of a column can run side by side on threads, each chunk's work being
independent of the others. ``ordered_map`` runs them on a pool of (at most) two threads and hands the results back
in chunk order, a bounded number ahead, so that memory stays that of a couple of chunks.

Work given to the pool must not itself wait on the pool: ``ordered_map`` called from a pool thread runs its items
on that thread, one after another.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from itertools import islice
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

WORKERS = max(1, min(2, os.cpu_count() or 1))
_IN_POOL = threading.local()


@lru_cache(maxsize=1)
def pool() -> ThreadPoolExecutor:
    """The engine's threads (one per core, at most two), started on first use."""
    return ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="engine", initializer=_mark_pool_thread)


M_ARENA_MAX = -8  # glibc's mallopt parameter (malloc.h)


def one_malloc_arena() -> None:
    """Every thread of the process allocates from the one heap. For the processes that run nothing but the
    engine: ``dedup-cli`` calls it before it imports numpy, and the window's engine worker starts with
    ``MALLOC_ARENA_MAX=1`` in its environment. The window's own process keeps glibc's default.

    glibc gives each thread that allocates its own heap ("arena"), and a heap keeps what is freed for its next
    allocations: with the chunks' arrays freed on two threads, the process held ~600 MB more at its peak (100k
    articles, n-gram: 2.34-2.39 GiB against 1.77 GiB on one thread; with one heap 1.76-1.77 GiB, and no slower:
    numpy allocates rarely, in large blocks, and Python's small objects do not come from malloc). The limit only
    holds for threads that have not yet made a heap of their own, hence so early: importing numpy starts the
    threads of its linear algebra library. Elsewhere (macOS, Windows, musl) there is nothing to set."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None)
        if hasattr(libc, "gnu_get_libc_version"):
            libc.mallopt(M_ARENA_MAX, 1)
    except (OSError, AttributeError):  # pragma: no cover - no C library to ask
        pass


def _forget_pool() -> None:
    """In a child made by fork: the parent's threads are not there, so the child starts a pool of its own."""
    pool.cache_clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _mark_pool_thread() -> None:
    _IN_POOL.active = True


def in_pool_thread() -> bool:
    return getattr(_IN_POOL, "active", False)


def share(limit: int) -> int:
    """A chunk size for ``ordered_map``: ``limit`` (what one chunk may hold on one core) divided among the workers,
    so that the chunks worked on at once hold the memory of one."""
    return max(1, limit // WORKERS)


def map_ranges(fn: Callable[[int, int], R], ranges: Sequence[tuple[int, int]]) -> Iterator[tuple[tuple[int, int], R]]:
    """``((lo, hi), fn(lo, hi))`` for each range, in order, ``fn`` on the pool's threads (``ordered_map``)."""
    return zip(ranges, ordered_map(lambda r: fn(*r), ranges), strict=True)


def submit(fn: Callable[..., R], *args) -> Future[R]:
    return pool().submit(fn, *args)


def ordered_map(fn: Callable[[T], R], items: Iterable[T], ahead: int = WORKERS) -> Iterator[R]:
    """``map(fn, items)``, ``fn`` running on the pool's threads: while the caller holds one result, at most
    ``ahead`` further items are started (running, or done and waiting). Results come in the order of ``items``; an
    exception raised by ``fn`` is raised here, at its item. Items not yet started when the caller stops (an
    exception, a cancel) are never run."""
    work = iter(items)
    if WORKERS < 2 or ahead < 1 or in_pool_thread():
        yield from map(fn, work)
        return
    started: deque[Future[R]] = deque(submit(fn, item) for item in islice(work, ahead))
    try:
        while started:
            first = started.popleft()
            for item in islice(work, 1):
                started.append(submit(fn, item))
            yield first.result()
    finally:
        for f in started:
            f.cancel()
