"""``python -m benchmarks.cli_job``: our whole job with its parts timed, and its ``--without-check`` experiment."""

import csv
import json

import pytest

from benchmarks import cli_job
from dedup_gui.core import export as export_mod
from dedup_gui.core import io as io_mod
from dedup_gui.core.pipeline import Pipeline, _Verified

# Two reports of one release that differ in a figure (the text check keeps both), and a story that is one of a kind.
FIGURES = (
    "北京市统计局今天发布了第一季度经济数据，全市地区生产总值同比增长{}%，"
    "比去年同期提高了0.3个百分点，消费市场持续回暖。"
)
OTHER = "广州地铁十一号线今天开通试运营，全线共设车站三十二座，市民可以通过手机扫码乘车，首班车时间为早上六点。"


@pytest.fixture
def job(tmp_path, monkeypatch):
    """Runs ``cli_job.main`` in this process; what it wraps and switches (the reader, the engine's run, the
    exporter, the text check's reads) is put back after the test."""
    monkeypatch.setattr(io_mod, "read_table", io_mod.read_table)
    monkeypatch.setattr(export_mod, "export", export_mod.export)
    monkeypatch.setattr(Pipeline, "run", Pipeline.run)
    monkeypatch.setattr(_Verified, "reports_agree", _Verified.reports_agree)
    src = tmp_path / "rows.csv"
    with open(src, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "text"])
        w.writerows(enumerate([FIGURES.format("5.2"), FIGURES.format("6.8"), OTHER]))

    def run(*flags: str) -> tuple[dict, list[str]]:
        timing, out = tmp_path / "t.json", tmp_path / "cleaned.csv"
        rc = cli_job.main([*flags, "--timing", str(timing), "--", str(src), "--column", "text", "--output", str(out)])
        assert rc == 0
        with open(out, encoding="utf-8", newline="") as f:
            kept = [row[1] for row in list(csv.reader(f))[1:]]
        return json.loads(timing.read_text(encoding="utf-8")), kept

    return run


def test_the_job_notes_the_seconds_of_its_parts_and_the_check_keeps_another_figure(job):
    parts, kept = job()
    assert {"start", "read", "dedup", "write"} <= set(parts)
    assert {"normalise", "fingerprint", "candidates", "verify", "cluster"} <= set(parts["stages"])
    assert parts["removed"] == 0
    assert kept == [FIGURES.format("5.2"), FIGURES.format("6.8"), OTHER]


def test_without_the_check_the_pair_of_another_figure_is_removed_as_a_copy(job):
    parts, kept = job("--without-check")
    assert parts["removed"] == 1
    assert kept == [FIGURES.format("5.2"), OTHER]
