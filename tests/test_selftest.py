"""`dedup-gui --selftest`: loads the demo, runs every algorithm, exports, opens the window; exit 0 only if all pass."""

import io
import subprocess
import sys

from dedup_gui import selftest
from dedup_gui.core.algorithms.registry import ALGORITHMS


def test_the_selftest_of_a_source_checkout_passes_from_the_command_line():
    out = subprocess.run([sys.executable, "-m", "dedup_gui", "--selftest"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1] == "selftest passed"
    for check in ("resources", "read", *ALGORITHMS, "processes", "export", "window"):
        assert any(line.split()[:2] == ["ok", check] for line in lines), (check, out.stdout)


def test_a_missing_demo_fails_the_selftest_and_names_the_file(qapp, monkeypatch, tmp_path):
    missing = tmp_path / "demo.xlsx"
    monkeypatch.setattr("dedup_gui.gui.resources.demo_workbook", lambda: missing)
    monkeypatch.setattr(selftest, "_check_worker_processes", lambda state: "skipped")
    report = io.StringIO()
    assert selftest.run_selftest(report) == 1
    text = report.getvalue()
    assert "FAIL resources" in text and str(missing) in text
    assert "FAIL read" in text
    assert text.splitlines()[-1].startswith("selftest FAILED: resources, read")
