"""``python -m benchmarks.ab``: two versions of the engine timed on one input, their runs taking turns."""

import csv

import pytest

from benchmarks import ab


@pytest.fixture
def small_csv(tmp_path, monkeypatch):
    monkeypatch.setenv("DEDUP_BENCH_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "rows.csv"
    texts = [f"第{i}条新闻：今天北京市发布了关于交通管理的第{i}号通知，请市民注意出行安排。" for i in range(30)]
    texts += [t.replace("请市民", "请广大市民") for t in texts[:10]]  # near copies
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "text"])
        w.writerows(enumerate(texts))
    return path


def test_the_same_engine_on_both_sides_prints_every_part_and_the_same_cleaned_file(small_csv, capsys):
    assert ab.engine_of(ab.ROOT) == ab.ROOT / "dedup_gui"
    rc = ab.main(["--base-dir", str(ab.ROOT), "--inputs", str(small_csv), "--runs", "1"])
    out = capsys.readouterr().out
    assert rc == 0
    rows = {line.split("|")[1].strip() for line in out.splitlines() if line.startswith("| ")}
    assert {"whole job", "start", "read", "dedup", "write", "dedup: normalise", "dedup: verify"} <= rows
    assert "Cleaned files: the same" in out


def test_a_base_without_its_own_engine_is_refused_before_any_run(small_csv, tmp_path, capsys):
    """A directory with no ``dedup_gui`` of its own would time the installed engine against itself: refused."""
    empty = tmp_path / "no-engine"
    (empty / "dedup_gui").mkdir(parents=True)  # (compileall finds nothing; the import finds another copy)
    rc = ab.main(["--base-dir", str(empty), "--inputs", str(small_csv), "--runs", "1"])
    assert rc == 2
    assert "would use" in capsys.readouterr().err


def test_a_revision_that_does_not_exist_is_refused_in_a_sentence(small_csv, capsys):
    rc = ab.main(["--base", "no-such-revision-of-dedup-gui", "--inputs", str(small_csv), "--runs", "1"])
    assert rc == 2
    assert "no revision 'no-such-revision-of-dedup-gui'" in capsys.readouterr().err
