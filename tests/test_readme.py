"""README.md tells a newcomer the truth: the demo figures it quotes are what the demo gives now, its command on the
demo runs as written and writes the files it names, its make commands exist, and file names with spaces work."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from devtools import readme_numbers

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def demo_run() -> readme_numbers.DemoRun:
    return readme_numbers.run_demo(README)


def test_the_demo_figures_in_the_readme_are_what_a_fresh_run_of_the_demo_prints(demo_run):
    quoted = readme_numbers.quoted(README)
    assert {name for name, _ in quoted} == {"rows", "clusters", "removed"}
    fresh = [(name, demo_run.figures[name]) for name, _ in quoted]
    assert quoted == fresh, "README.md quotes stale demo figures: run `make readme-numbers`"


def test_the_demo_command_writes_the_files_the_readme_names(demo_run):
    assert demo_run.files == ["demo_cleaned.xlsx", "demo_clusters.csv", "demo_clusters_hot_stories.csv"]
    for name in demo_run.files:
        assert f"`{name}`" in README


def test_rewriting_puts_fresh_figures_everywhere_the_readme_quotes_them():
    figures = {"rows": 1234, "clusters": 7, "removed": 89}
    rewritten = readme_numbers.rewrite(README, figures)
    assert readme_numbers.quoted(rewritten) == [(name, figures[name]) for name, _ in readme_numbers.quoted(README)]
    assert "rows: 1,234, clusters: 7, removed: 89" in rewritten
    assert "1,234 synthetic news items" in rewritten
    same = dict(readme_numbers.quoted(README))
    assert readme_numbers.rewrite(README, same) == README  # nothing but the figures is touched


def test_every_make_command_in_the_readme_is_a_makefile_target():
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE))
    named = set(re.findall(r"`make ([\w-]+)", README))
    assert named and named <= targets, named - targets


def dry_run(*args: str) -> list[str]:
    """The commands `make` would run, one per line (outside any calling make's flags and directory messages)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    out = subprocess.run(
        ["make", "--no-print-directory", "-n", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.strip().splitlines()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_passes_a_file_name_with_spaces_as_one_argument():
    # A dry run prints the commands make would run; the last one starts the app.
    start = shlex.split(dry_run("run", "FILE=my articles.xlsx")[-1])
    assert start[-3:] == ["-m", "dedup_gui", "my articles.xlsx"]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_run_without_a_file_opens_the_demo():
    assert shlex.split(dry_run("run")[-1])[-2:] == ["-m", "dedup_gui"]
