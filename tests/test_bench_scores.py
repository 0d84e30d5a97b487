"""The whole-job benchmark's row-level scoring of a cleaned file and its accounting of each run's CPU and stolen
time (benchmarks/wholejob.py); no speed is asserted here."""

import os
import sys

import numpy as np
import pytest

from benchmarks.wholejob import growth, removal_scores


def test_removal_scores_counts_copies_removed_and_groups_lost():
    groups = np.array([0, 0, 0, 1, 1, 2, 3])  # group 0: an original and 2 copies; 1: 1 copy; 2 and 3 alone
    s = removal_scores(groups, kept=np.array([0, 3, 4, 5]))  # 2 copies of group 0 removed, group 3 lost
    assert s["planted_copies"] == 3
    assert s["removed"] == 3
    assert s["recall"] == 2 / 3
    assert s["unplanted"] == 1


def test_removal_scores_nothing_removed():
    s = removal_scores(np.array([5, 5, 7]), kept=np.arange(3))
    assert (s["recall"], s["unplanted"], s["removed"]) == (0.0, 0, 0)


def test_growth_exponent():
    assert growth(10, 1.0, 100, 10.0) == 1.0
    assert growth(10, 1.0, 100, 100.0) == 2.0
    assert growth(10, 0.0, 100, 1.0) is None


def test_median_run_is_the_middle_successful_run_with_every_time():
    from benchmarks.wholejob import median_run

    runs = [{"wall": 3.0, "n": 1}, {"error": "killed"}, {"wall": 1.0, "n": 3}, {"wall": 2.0, "n": 4}]
    got = median_run(runs)
    assert got["n"] == 4 and got["walls"] == [3.0, 1.0, 2.0]
    assert median_run([{"wall": 5.0, "n": 1}, {"wall": 4.0, "n": 2}])["n"] == 2  # the lower of the middle two
    assert median_run([{"skipped": "not run"}]) == {"skipped": "not run"}


def test_steal_seconds_reads_the_hosts_stolen_time(tmp_path):
    """The eighth figure of /proc/stat's "cpu" line, in seconds; None where the file is missing or unreadable."""
    from benchmarks.wholejob import steal_seconds

    stat = tmp_path / "stat"
    tick = os.sysconf("SC_CLK_TCK")
    stat.write_text(f"cpu  100 0 50 900 3 0 7 {3 * tick} 0 0\ncpu0 50 0 25 450 1 0 3 {tick} 0 0\n", encoding="ascii")
    assert steal_seconds(str(stat)) == 3.0
    stat.write_text("cpu  100 0 50\n", encoding="ascii")
    assert steal_seconds(str(stat)) is None
    assert steal_seconds(str(tmp_path / "missing")) is None


def test_run_costs_lists_each_successful_runs_cpu_and_steal():
    from benchmarks.wholejob import run_costs

    runs = {
        "ours": [{"wall": 2.0, "cpu": 3.0, "steal": 0.5}, {"error": "killed", "cpu": 9.0}, {"wall": 1.0, "cpu": 2.5}],
        "rensa": [{"skipped": "not run"}],
    }
    assert run_costs(runs) == "ours 3.00 s [0.50 s] / 2.50 s"
    assert run_costs({"rensa": [{"wall": 1.0}]}) == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="wait4 and /proc/stat are Linux's")
def test_run_process_measures_the_cpu_time_of_the_process_and_its_children(tmp_path):
    """A contestant that works in a child it waits for: the child's CPU time counts as the contestant's."""
    from benchmarks.wholejob import run_process

    busy = "import time; t = time.process_time(); exec('while time.process_time() - t < 0.3: pass')"
    script = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {busy!r}], check=True)"
    res = run_process([sys.executable, "-c", script], timeout=60, mem_limit=None, log=tmp_path / "log")
    assert res["rc"] == 0 and "error" not in res
    assert res["cpu"] >= 0.3
    assert res["steal"] >= 0.0


@pytest.mark.parametrize(
    "output, out_of_memory",
    [
        ("Traceback (most recent call last):\n...\nMemoryError\n", True),
        ("numpy._core._exceptions._ArrayMemoryError: Unable to allocate 1.2 GiB for an array\n", True),
        (
            "memory allocation of 69206032 bytes failed\nstack backtrace:\n"
            "note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n",
            True,
        ),
        ("thread 'main' panicked at src/lib.rs:10:5:\nindex out of bounds\n", False),
        ("dedup-cli: in.csv: has no header row\n", False),
    ],
    ids=["python", "numpy", "rust", "rust panic", "input error"],
)
def test_a_contestant_that_ran_out_of_memory_is_told_from_one_that_failed_otherwise(output, out_of_memory):
    """rensa aborting on a failed allocation under the address-space cap is shown as out of memory (it had been
    shown as "exit -6: note: Some details are omitted..."), as Python's and numpy's are; other failures are not."""
    from benchmarks.wholejob import out_of_memory as said

    lines = output.strip().splitlines()
    assert said(output, lines[-1]) is out_of_memory
