"""The whole-job benchmark's row-level scoring of a cleaned file (benchmarks/wholejob.py); no timing here."""

import numpy as np

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
