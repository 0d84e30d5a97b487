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
import pickle
import select
import signal
import sys
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from itertools import islice
from typing import Any, NoReturn, TypeVar

T = TypeVar("T")
R = TypeVar("R")

WORKERS = max(1, min(2, os.cpu_count() or 1))
_IN_POOL = threading.local()


@lru_cache(maxsize=1)
def pool() -> ThreadPoolExecutor:
    """The engine's threads (one per core, at most two), started on first use."""
    return ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="engine", initializer=_mark_pool_thread)


# glibc's malloc for a process that runs nothing but the engine: (mallopt parameter from malloc.h, value, the same
# setting as the environment variable a child process starts with). See ``engine_malloc``.
ENGINE_MALLOC = (
    (-8, 1, "MALLOC_ARENA_MAX"),  # M_ARENA_MAX: one heap for every thread
    (-3, 32 << 20, "MALLOC_MMAP_THRESHOLD_"),  # M_MMAP_THRESHOLD: arrays up to 32 MB come from the heap
    (-2, 64 << 20, "MALLOC_TOP_PAD_"),  # M_TOP_PAD: the heap grows, and keeps, 64 MB more than it needs
)
# And for a process that ends with its one job (``dedup-cli``): every array from the heap, and nothing given back
# to the system before the process ends. See ``engine_malloc``.
ONE_JOB_MALLOC = (
    (-4, 0, "MALLOC_MMAP_MAX_"),  # M_MMAP_MAX: no array mapped on its own, however large
    (-1, 2**31 - 1, "MALLOC_TRIM_THRESHOLD_"),  # M_TRIM_THRESHOLD: the heap's top kept (mallopt takes an int)
)


def engine_malloc(one_job: bool = False) -> None:
    """glibc's malloc set for a process that runs nothing but the engine (``ENGINE_MALLOC``): ``dedup-cli`` calls
    it before it imports numpy, and the window's engine worker starts with the same settings in its environment
    (``engine_malloc_environment``). The window's own process keeps glibc's defaults.

    One heap: glibc gives each thread that allocates its own heap ("arena"), and a heap keeps what is freed for
    its next allocations: with the chunks' arrays freed on two threads, the process held ~600 MB more at its peak
    (100k articles, n-gram: 2.34-2.39 GiB against 1.77 GiB on one thread; with one heap 1.76-1.77 GiB, and no
    slower). The limit only holds for threads that have not yet made a heap of their own, hence so early:
    importing numpy starts the threads of its linear algebra library.

    Arrays from the heap, which keeps its pages: the column kernels make and free arrays of a few MB by the
    thousand (a slice of 400,000 characters at 8 bytes each, many times over). By default glibc maps the larger
    ones fresh from the system and gives the heap's top back whenever it is freed, so the pages of nearly every
    array were first zeroed by the kernel - a tenth of the engine's time. Whole job on 100k articles, alternating
    with and without: dedup with n-gram 13.6 / 13.6 s against 15.4 / 14.8 s, NSHash 10.4 / 10.7 against
    11.6 / 11.1, SimHash 28.4 against 30.0; peak memory the same (n-gram 1.80-1.90 GiB against 1.84-1.92; with a
    256 MB pad instead of 64 MB, up to 1.97). Neutral on short texts (1M: 15.9 / 16.1 s against 16.6 / 15.7).

    ``one_job`` (``dedup-cli``: the process ends with its job) adds ``ONE_JOB_MALLOC``: arrays above 32 MB from the
    heap too, and the heap never given back, so that what a stage frees the next one reuses with its pages in
    place. Each page the kernel hands out anew is zeroed first, and on a virtual machine that gives freed memory
    back to its host (free page reporting) that first touch costs the most: 1M short texts, n-gram, alternating in
    the same minutes, whole job 13.8 / 13.8 / 14.3 s against 15.6 / 14.5 / 14.7 s, the kernel's time 2.6-2.7 s
    against 3.7-5.2 s; peak memory 2.81-2.94 GiB against 2.76-2.83. The window's engine worker, which lives
    across runs and holds its caches, keeps giving freed memory back.

    Elsewhere (macOS, Windows, musl) there is nothing to set."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None)
        if hasattr(libc, "gnu_get_libc_version"):
            for param, value, _ in ENGINE_MALLOC + (ONE_JOB_MALLOC if one_job else ()):
                libc.mallopt(param, value)
    except (OSError, AttributeError):  # pragma: no cover - no C library to ask
        pass


def engine_malloc_environment() -> dict[str, str]:
    """``engine_malloc``'s settings as the environment variables glibc reads when a process starts."""
    return {name: str(value) for _, value, name in ENGINE_MALLOC}


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


def balanced_share(total: int, limit: int, least: int = 1) -> int:
    """How much of ``total`` work each chunk gets for ``ordered_map``: as equal as can be, a whole number of
    chunks per worker (a chunk left over would run alone on one core while the others wait), each at most
    ``limit`` and the whole in one chunk below ``least``."""
    if total < least or WORKERS < 2:
        return max(1, min(total, limit))
    rounds = -(-total // (limit * WORKERS))  # ceil: chunks per worker
    return max(1, -(-total // (rounds * WORKERS)))


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


# -- a second process for work that holds the interpreter lock ---------------------------------------------------

# Whether ``in_two_processes`` may fork: only a process that runs nothing but the engine says so (``dedup-cli``,
# the window's engine worker: ``allow_forked_work``) - never the window's own process (Qt's threads), a script
# importing the engine, or a Spark worker.
_FORK_ALLOWED = False
# How long the forked half may take beyond the half done here before it is given up and done here instead: a
# multiple of this process's own half, and never less than a floor (a child on a busy machine is not late).
CHILD_PATIENCE = 4.0
CHILD_PATIENCE_FLOOR_S = 10.0
_POLL_S = 0.05  # how often a wait for the child looks for a cancel


def allow_forked_work(allowed: bool = True) -> None:
    """Let ``in_two_processes`` fork (Linux, two cores or more): for a process that runs nothing but the engine."""
    global _FORK_ALLOWED
    _FORK_ALLOWED = allowed


def forked_work_allowed() -> bool:
    """Whether ``in_two_processes`` forks here. Linux only: on macOS a child forked without exec may not use
    the system's libraries (Apple's own advice), and Windows has no fork."""
    return _FORK_ALLOWED and WORKERS >= 2 and sys.platform.startswith("linux") and hasattr(os, "fork")


def in_two_processes(
    fn: Callable[[int, int], R],
    n: int,
    join: Callable[[R, R], R],
    *,
    least: int,
    check: Callable[[], None] | None = None,
    split: int | None = None,
) -> R:
    """``fn(0, n)`` for work that holds the interpreter lock (Python code over many items) and splits at any item:
    ``join(fn(0, half), fn(half, n))``, the second half in a child made by fork, which sees this process's memory
    as it is (nothing is copied to it) and sends back only its result, pickled. Threads cannot share such work:
    one of them holds the lock at a time.

    In this process only: fewer than ``least`` items, forks not allowed (``forked_work_allowed``), or no fork to
    be had. ``split``: where the second half begins, where the items' work is known to be uneven (kept within the
    items, each process one at least; ``n // 2`` without). ``fn`` must be the same whatever splits its items, must
    not report progress (the child shares this process's pipes) and must not wait on anything this process does.
    ``check`` is called while this process waits for the child (a cancel: it raises, and the child is ended). A
    child that fails, dies or is late (``CHILD_PATIENCE``) is ended and its half done here: a second process only
    ever saves time."""
    if n < max(2, least) or not forked_work_allowed() or not room_for_a_copy():
        return fn(0, n)
    half = n // 2 if split is None else min(max(split, 1), n - 1)
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return fn(0, n)
    try:
        # Python 3.12 on warns that a child forked from a process with threads may deadlock on a lock another
        # thread held: the child only runs ``fn`` (its own pool threads, started anew) and a late child is ended.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError:  # no memory or processes to be had
        os.close(read_end)
        os.close(write_end)
        return fn(0, n)
    if pid == 0:  # pragma: no cover - the child (coverage does not follow it)
        _child_half(_on_this_thread(fn), half, n, read_end, write_end)
    os.close(write_end)
    theirs: tuple[R] | None = None
    try:
        started = time.perf_counter()
        mine = _on_this_thread(fn)(0, half)
        patience = max(CHILD_PATIENCE_FLOOR_S, CHILD_PATIENCE * (time.perf_counter() - started))
        theirs = _child_result(pid, read_end, patience, check)
    finally:
        os.close(read_end)
        _end_child(pid)
    return join(mine, fn(half, n) if theirs is None else theirs[0])


def _on_this_thread(fn: Callable[[int, int], R]) -> Callable[[int, int], R]:
    """``fn`` with the pool's work it asks for (``ordered_map``) done on the calling thread, one item after
    another: while two processes each work their half, both cores are theirs, and threads of either would only
    take turns at its interpreter lock with it. (100k English short texts, the text check's last word: each
    half took 0.42-0.50 s with the pool's threads, 0.34-0.36 s without, 0.25 s with the machine to itself.)"""

    def alone(lo: int, hi: int) -> R:
        was = in_pool_thread()
        _IN_POOL.active = True
        try:
            return fn(lo, hi)
        finally:
            _IN_POOL.active = was

    return alone


def room_for_a_copy() -> bool:
    """Whether the system has memory to spare for a forked child to copy every page of this process: each page
    either process writes while both run is copied (100k articles: the job's peak 1.2 -> 1.6 GB), and a machine
    short of memory would swap or end a process instead of saving time. True where it cannot be told."""
    figures = memory_figures()
    return figures is None or figures[1] > figures[0]


def memory_figures() -> tuple[int, int] | None:
    """This process's resident memory and the memory the system has available, in bytes (None: not Linux, or
    unreadable)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            resident = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        with open("/proc/meminfo", encoding="ascii") as f:
            available = next(int(line.split()[1]) * 1024 for line in f if line.startswith("MemAvailable:"))
    except (OSError, ValueError, IndexError, StopIteration):
        return None
    return resident, available


def _child_half(fn: Callable[[int, int], R], lo: int, hi: int, read_end: int, write_end: int) -> NoReturn:
    """In the forked child: ``fn(lo, hi)`` pickled into the pipe, then out without running anything of the
    parent's (``os._exit``: no exit handlers, no buffers of the parent's flushed twice). Any failure exits 1."""
    code = 1
    try:
        os.close(read_end)
        data = pickle.dumps(fn(lo, hi), protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as out:
            out.write(data)
        code = 0
    except BaseException:  # noqa: BLE001 - the parent does the half itself
        pass
    finally:
        os._exit(code)


def _child_result(pid: int, fd: int, patience: float, check: Callable[[], None] | None) -> tuple[Any] | None:
    """The child's result (in a 1-tuple), read from ``fd`` until the child closes it; None when the child failed
    or took ``patience`` seconds more."""
    deadline = time.monotonic() + patience
    chunks: list[bytes] = []
    while True:
        if check is not None:
            check()
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], min(_POLL_S, left))
        if not ready:
            continue
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return None
    try:
        return (pickle.loads(b"".join(chunks)),)
    except Exception:  # noqa: BLE001 - a result that does not read back: done here
        return None


def _end_child(pid: int) -> None:
    """The child killed if it still runs, and reaped."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:  # reaped already
        return
    if done == 0:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
