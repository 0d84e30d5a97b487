"""core.parallel.ordered_map: chunks of a column on both cores, handed back in order, a bounded number ahead."""

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

from dedup_gui.core import parallel
from dedup_gui.core.parallel import in_pool_thread, ordered_map

needs_two = pytest.mark.skipif(parallel.WORKERS < 2, reason="one core: ordered_map runs in the caller's thread")


def test_results_come_in_the_order_of_the_items():
    rng = np.random.default_rng(1)
    arrays = [rng.integers(0, 1 << 40, size=int(rng.integers(1, 50_000))) for _ in range(12)]
    assert [r.tolist() for r in ordered_map(np.sort, arrays)] == [np.sort(a).tolist() for a in arrays]


@needs_two
def test_work_runs_on_the_pool_threads_side_by_side():
    # Two items wait for each other: they can only both finish if they run at the same time.
    barrier = threading.Barrier(2, timeout=30)

    def meet(i):
        barrier.wait()
        return i, in_pool_thread(), threading.current_thread() is threading.main_thread()

    assert list(ordered_map(meet, [0, 1])) == [(0, True, False), (1, True, False)]


@needs_two
def test_no_more_than_ahead_items_are_started_while_the_caller_holds_a_result():
    started = []
    lock = threading.Lock()

    def work(i):
        with lock:
            started.append(i)
        return i

    for ahead in (1, 2, 3):
        started.clear()
        for i in ordered_map(work, range(20), ahead=ahead):
            with lock:
                assert max(started) <= i + ahead  # held result i: at most items i+1 .. i+ahead started


def test_an_exception_is_raised_at_its_item_and_later_items_are_not_run():
    ran = []

    def work(i):
        ran.append(i)
        if i == 3:
            raise ValueError("item 3")
        return i

    got = []
    with pytest.raises(ValueError, match="item 3"):
        for r in ordered_map(work, range(40), ahead=2):
            got.append(r)
    assert got == [0, 1, 2]
    assert max(ran) <= 3 + 2  # nothing started beyond the items ahead of the failing one


@needs_two
def test_a_map_inside_pool_work_runs_in_that_thread_instead_of_waiting_on_the_pool():
    # Both pool threads busy with outer items whose inner maps would need a free pool thread: a deadlock unless
    # the inner maps run where they are.
    def outer(i):
        return i, list(ordered_map(lambda j: i * 10 + j, range(4)))

    def inner_threads(i):
        return {name for _, name in ordered_map(lambda j: (j, threading.current_thread().name), range(4))}

    done = []
    caller = threading.Thread(target=lambda: done.append(list(ordered_map(outer, range(4)))), daemon=True)
    caller.start()
    caller.join(timeout=60)  # a deadlock would never end: fail instead of hanging the test run
    assert done == [[(i, [i * 10 + j for j in range(4)]) for i in range(4)]]
    for names in ordered_map(inner_threads, range(2)):
        assert len(names) == 1 and next(iter(names)).startswith("engine")


def test_engine_malloc_is_harmless_to_call_again():
    parallel.engine_malloc()
    assert list(ordered_map(lambda x: x * 2, [1, 2, 3])) == [2, 4, 6]


_RSS_AFTER_A_FREED_ARRAY = (
    "import sys\n"
    "from dedup_gui.core.parallel import engine_malloc\n"
    "engine_malloc(one_job=sys.argv[1] == 'one job')\n"
    "import numpy as np\n"
    "def rss():\n"
    "    return int(open('/proc/self/statm').read().split()[1]) * 4096\n"
    "a = np.ones(200 << 17)  # 200 MB, every page touched\n"
    "held = rss()\n"
    "del a\n"
    "print(held - rss())\n"
)


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc"),
    reason="glibc's mallopt only",
)
def test_a_one_job_process_keeps_freed_arrays_for_its_next_ones_and_the_window_worker_gives_them_back():
    """``engine_malloc(one_job=True)`` (dedup-cli): a freed 200 MB array stays in the heap (the process's resident
    memory does not fall), for the next stage to reuse without the kernel zeroing new pages; with the engine
    worker's settings it goes back to the system."""
    given_back = {
        how: int(
            subprocess.run(
                [sys.executable, "-c", _RSS_AFTER_A_FREED_ARRAY, how], capture_output=True, text=True, check=True
            ).stdout
        )
        for how in ("one job", "worker")
    }
    assert given_back["one job"] < 10 << 20
    assert given_back["worker"] > 150 << 20


@needs_two
@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_a_forked_child_starts_threads_of_its_own():
    # The parent's pool threads do not exist in a child made by fork; a child using the parent's pool would wait
    # forever on work no thread picks up.
    code = (
        "import os; from dedup_gui.core.parallel import ordered_map\n"
        "assert list(ordered_map(abs, [-1, -2, -3])) == [1, 2, 3]\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    os._exit(0 if list(ordered_map(lambda x: x + 1, range(6))) == [1, 2, 3, 4, 5, 6] else 3)\n"
        "print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "0"


@pytest.mark.parametrize("workers", [1, 2, 4])
@pytest.mark.parametrize(
    ("total", "limit", "least"), [(0, 10, 1), (1, 10, 1), (7, 10, 1), (19, 10, 1), (20, 10, 1), (1001, 10, 1),
                                  (2_740_000, 2_000_000, 50_000), (626_442, 4_000_000, 20_000), (30, 10, 100)]
)  # fmt: skip
def test_balanced_shares_give_each_worker_the_same_number_of_chunks(monkeypatch, workers, total, limit, least):
    """Chunks of ``balanced_share`` each: none above the limit, in as few rounds of one chunk per worker as the
    limit allows, and the largest as small as those rounds allow (not filled up to the limit, leaving a small
    chunk for one worker while the others wait); below ``least`` all of it in the fewest chunks."""
    monkeypatch.setattr(parallel, "WORKERS", workers)
    step = parallel.balanced_share(total, limit, least)
    chunks = [min(step, total - lo) for lo in range(0, total, step)]
    assert sum(chunks) == total and all(0 < c <= limit for c in chunks)
    if total < least or workers == 1:
        assert len(chunks) == -(-total // limit)
        return
    rounds = -(-total // (limit * workers))
    assert -(-len(chunks) // workers) == rounds
    assert max(chunks) == -(-total // (rounds * workers))


@pytest.mark.parametrize("seed", range(20))
def test_even_ranges_cover_the_items_in_ranges_of_about_the_step(seed):
    """``text.even_ranges``: consecutive non-empty ranges covering every item once, ``ceil(total / step)`` of them
    at most, each less than a step and one item over the step, and none but the last short of a step."""
    from dedup_gui.core.text import even_ranges

    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 50, rng.integers(1, 400))
    step = int(rng.integers(1, 2 * int(sizes.sum())))
    ranges = even_ranges(sizes, step)
    assert ranges[0][0] == 0 and ranges[-1][1] == len(sizes)
    assert all(lo < hi for lo, hi in ranges) and all(a[1] == b[0] for a, b in zip(ranges[:-1], ranges[1:], strict=True))
    assert len(ranges) <= -(-int(sizes.sum()) // step)
    totals = [int(sizes[lo:hi].sum()) for lo, hi in ranges]
    assert all(t < step + int(sizes[lo:hi].max()) for t, (lo, hi) in zip(totals, ranges, strict=True))
    assert all(sum(totals[: i + 1]) >= (i + 1) * step for i in range(len(totals) - 1))


def test_a_column_is_sliced_evenly_for_the_cores(monkeypatch):
    """Above a small column, ``text_slices`` gives each core the same number of slices of about the same size
    (38,643 short questions were a slice of 400,000 characters and one of 135,000)."""
    from dedup_gui.core import text

    monkeypatch.setattr(parallel, "WORKERS", 2)
    texts = ["问题" * (i % 7 + 3) for i in range(38_643)]
    slices = text.text_slices(texts)
    chars = [sum(len(t) + 3 for t in texts[lo:hi]) for lo, hi in slices]
    assert len(slices) % 2 == 0 and max(chars) <= text.GIL_CHUNK_CHARS
    assert max(chars) - min(chars) <= 2 * (7 + 2) + 3


# -- in_two_processes: half the items in a forked child ----------------------------------------------------------

can_fork = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and hasattr(os, "fork") and parallel.WORKERS >= 2),
    reason="a second process by fork: Linux with two cores or more",
)


@pytest.fixture
def forks(monkeypatch):
    """This test process may fork for ``in_two_processes`` (only dedup-cli and the engine worker do otherwise)."""
    monkeypatch.setattr(parallel, "_FORK_ALLOWED", True)


def _where_done(lo: int, hi: int) -> np.ndarray:
    """Each item's number and the process that did it."""
    return np.stack([np.arange(lo, hi), np.full(hi - lo, os.getpid())], axis=1)


def _stacked(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    return np.concatenate([first, second])


@can_fork
def test_the_second_half_is_done_in_a_forked_child_and_the_result_is_the_whole(forks):
    got = parallel.in_two_processes(_where_done, 1001, _stacked, least=10)
    assert got[:, 0].tolist() == list(range(1001))
    done_here = got[:, 1] == os.getpid()
    assert done_here[:500].all()  # the first half here ...
    assert not done_here[500:].any() and len(set(got[500:, 1].tolist())) == 1  # ... the rest in one other process


@can_fork
@pytest.mark.parametrize(("split", "here"), [(300, 300), (0, 1), (5000, 1000)])
def test_the_halves_meet_where_the_split_says_each_process_with_an_item_at_least(forks, split, here):
    """``split``: where the items' work is uneven (a few heavy items), the second process begins there, not at the
    middle item - kept within the items, so that each process has one."""
    got = parallel.in_two_processes(_where_done, 1001, _stacked, least=10, split=split)
    assert got[:, 0].tolist() == list(range(1001))
    done_here = got[:, 1] == os.getpid()
    assert done_here[:here].all() and not done_here[here:].any()


def _threads_used(lo: int, hi: int) -> np.ndarray:
    """Each item's number and the thread that did it, the items worked by ``ordered_map`` a few at a time."""
    done = list(
        parallel.map_ranges(
            lambda a, b: [threading.get_ident()] * (b - a), [(x, min(x + 7, hi)) for x in range(lo, hi, 7)]
        )
    )
    idents = [i for _, part in done for i in part]
    return np.stack(
        [np.arange(lo, hi), np.array(idents, dtype=np.int64), np.full(hi - lo, threading.get_ident())], axis=1
    )


@can_fork
def test_while_two_processes_work_each_does_its_pool_work_on_its_own_thread(forks):
    """Both cores are the two processes': neither hands its items to pool threads, which would only take turns
    at its interpreter lock with it; without a child, the pool's threads work as ever."""
    got = parallel.in_two_processes(_threads_used, 301, _stacked, least=10)
    assert got[:, 0].tolist() == list(range(301))
    assert (got[:, 1] == got[:, 2]).all()
    alone = parallel.in_two_processes(_threads_used, 301, _stacked, least=1000)
    assert (alone[:, 1] != alone[:, 2]).all()  # (not forked: on the pool's threads)
    assert not parallel.in_pool_thread()  # and this thread is the caller it was


def test_without_leave_to_fork_everything_is_done_here():
    # The test process, as a script importing the engine, has not been allowed to fork (only dedup-cli's main and
    # the engine worker are).
    assert not parallel.forked_work_allowed()
    got = parallel.in_two_processes(_where_done, 1001, _stacked, least=10)
    assert got[:, 0].tolist() == list(range(1001)) and (got[:, 1] == os.getpid()).all()


@can_fork
def test_fewer_items_than_the_least_are_done_here(forks):
    got = parallel.in_two_processes(_where_done, 99, _stacked, least=100)
    assert (got[:, 1] == os.getpid()).all() and got[:, 0].tolist() == list(range(99))


@can_fork
def test_a_child_that_fails_leaves_its_half_to_be_done_here(forks):
    me = os.getpid()

    def fails_elsewhere(lo, hi):
        if os.getpid() != me:
            raise RuntimeError("the child's half fails")
        return _where_done(lo, hi)

    got = parallel.in_two_processes(fails_elsewhere, 1001, _stacked, least=10)
    assert got[:, 0].tolist() == list(range(1001)) and (got[:, 1] == me).all()


def _stuck_elsewhere(me: int, told: str):
    """Work whose half in another process tells its process number (in the file ``told``) and then never ends."""

    def work(lo, hi):
        if os.getpid() != me:
            with open(told + ".part", "w") as f:
                f.write(str(os.getpid()))
            os.replace(told + ".part", told)  # whole or not there
            read_end, _ = os.pipe()
            os.read(read_end, 1)  # nothing is ever written: blocks until the process is killed
        return _where_done(lo, hi)

    return work


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@can_fork
def test_a_late_child_is_ended_and_its_half_done_here(forks, monkeypatch, tmp_path):
    monkeypatch.setattr(parallel, "CHILD_PATIENCE_FLOOR_S", 0.2)
    monkeypatch.setattr(parallel, "CHILD_PATIENCE", 0.0)
    told = tmp_path / "pid"
    got = parallel.in_two_processes(_stuck_elsewhere(os.getpid(), str(told)), 1001, _stacked, least=10)
    assert got[:, 0].tolist() == list(range(1001)) and (got[:, 1] == os.getpid()).all()
    assert _gone(int(told.read_text()))  # killed and reaped: no process, not even a zombie, is left


@can_fork
def test_a_cancel_while_waiting_for_the_child_ends_it(forks, tmp_path):
    from dedup_gui.core.errors import Cancelled

    told = tmp_path / "pid"

    def check():
        if told.exists():  # the child is at work (and never finishes): the user cancels
            raise Cancelled()

    with pytest.raises(Cancelled):
        parallel.in_two_processes(_stuck_elsewhere(os.getpid(), str(told)), 1001, _stacked, least=10, check=check)
    assert _gone(int(told.read_text()))


@can_fork
def test_the_console_script_and_the_engine_worker_may_fork(monkeypatch):
    """``dedup-cli`` (its ``main``) and the window's engine worker run nothing but the engine: they allow
    ``in_two_processes`` its second process; importing the engine does not."""
    from dedup_gui import cli

    monkeypatch.setattr(parallel, "_FORK_ALLOWED", False)  # (restored after the test)
    assert not parallel.forked_work_allowed()
    cli.own_process()
    assert parallel.forked_work_allowed()


@can_fork
def test_no_child_is_made_when_the_system_lacks_the_memory_for_a_copy(forks, monkeypatch):
    monkeypatch.setattr(parallel, "room_for_a_copy", lambda: False)
    got = parallel.in_two_processes(_where_done, 1001, _stacked, least=10)
    assert (got[:, 1] == os.getpid()).all() and got[:, 0].tolist() == list(range(1001))


_RESIDENT_GROWTH = (
    "import numpy as np\n"
    "from dedup_gui.core import parallel\n"
    "before = parallel.memory_figures()\n"
    "held = np.ones(50 << 17)  # 50 MB, every page touched\n"
    "after = parallel.memory_figures()\n"
    "print(after[0] - before[0], after[1])\n"
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_memory_figures_are_this_processs_and_the_systems():
    # In a fresh process: this one's heap may hold freed pages that a new array reuses without growing.
    out = subprocess.run([sys.executable, "-c", _RESIDENT_GROWTH], capture_output=True, text=True, check=True)
    grown, available = map(int, out.stdout.split())
    assert grown > 40 << 20  # the process's own resident memory, grown by the array
    assert 0 < available < os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


@can_fork
def test_simhash_fingerprints_a_large_column_in_two_processes_as_in_one(forks, monkeypatch):
    """SimHash's fingerprints made half in a forked child are those made in one process, text by text, and the
    progress this process reports covers the whole column, ending at its last text."""
    from engine_texts import ZH_A, ZH_B, ZH_C, char_edited, repost_with_footer

    from dedup_gui.core.algorithms import simhash
    from dedup_gui.core.algorithms.registry import get_algorithm
    from dedup_gui.core.progress import Reporter
    from dedup_gui.core.settings import Settings

    texts = [ZH_A, ZH_B, ZH_C, char_edited(ZH_A), repost_with_footer(ZH_B), "", "短", ZH_C + ZH_A] * 5
    algo, settings = get_algorithm("simhash"), Settings(algorithm="simhash").resolved()
    children: list[int] = []
    real_fork = os.fork

    def counted_fork() -> int:
        pid = real_fork()
        if pid:
            children.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", counted_fork)
    monkeypatch.setattr(simhash, "FORK_CHARS", 10**9)
    alone = algo.fingerprint(texts, settings, Reporter())
    assert children == []
    monkeypatch.setattr(simhash, "FORK_CHARS", 0)
    seen: list[tuple[str, int, int]] = []
    split = algo.fingerprint(texts, settings, Reporter(lambda stage, done, total: seen.append((stage, done, total))))
    assert len(children) == 1  # the second half was fingerprinted in a child
    assert split.tolist() == alone.tolist()
    assert all(total == len(texts) for _, _, total in seen)
    assert max(done for _, done, _ in seen) == len(texts)
