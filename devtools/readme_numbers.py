"""The demo figures quoted in README.md, taken from a fresh run of the demo.

README's command-line section shows one command that runs on the demo workbook (the line starting
``.venv/bin/dedup-cli resources/demo.xlsx``) and quotes what it prints; the walk-through quotes the demo's row
count. This module runs exactly that command on a copy of the demo in a scratch folder and reads the figures it
prints; ``make readme-numbers`` writes them into README.md, and tests/test_readme.py fails when README.md quotes
anything else (the figures change whenever the engine's defaults or the demo do).

    python -m devtools.readme_numbers            # rewrite README.md's demo figures
    python -m devtools.readme_numbers --check    # exit 1 when they are stale
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DEMO = Path("resources") / "demo.xlsx"

# The one README command that runs on the demo, as a reader would type it in the repository folder.
DEMO_COMMAND = re.compile(r"^(?:\.venv/bin/)?dedup-cli resources/demo\.xlsx(?: .*)?$", re.MULTILINE)
# Each place README quotes a figure of the demo; the named groups are the figures.
_N = r"\d{1,3}(?:,\d{3})*"  # 348, 1,204
QUOTES = (
    re.compile(rf"rows: (?P<rows>{_N}), clusters: (?P<clusters>{_N}), removed: (?P<removed>{_N})\b"),
    re.compile(rf"\b(?P<rows>{_N}) synthetic news items"),
    re.compile(rf"\b(?P<rows>{_N})-row demo"),
)
_PRINTED = QUOTES[0]


@dataclass(frozen=True)
class DemoRun:
    command: str  # as written in README
    stdout: str
    figures: dict[str, int]  # rows, clusters, removed
    files: list[str]  # what the command wrote, by name


def demo_command(readme: str) -> str:
    commands = DEMO_COMMAND.findall(readme)
    if len(commands) != 1:
        raise ValueError(f"README.md should show one command on the demo workbook, found {len(commands)}")
    return commands[0]


def run_demo(readme: str) -> DemoRun:
    """Run README's demo command in a scratch folder holding ``resources/demo.xlsx``, as the reader would."""
    command = demo_command(readme)
    argv = shlex.split(command)
    with tempfile.TemporaryDirectory(prefix="readme-demo-") as scratch:
        folder = Path(scratch)
        (folder / DEMO.parent).mkdir()
        shutil.copy2(ROOT / DEMO, folder / DEMO)
        # The installed dedup-cli is `python -m dedup_gui.cli` of this interpreter; this also works without PATH.
        out = subprocess.run(
            [sys.executable, "-m", "dedup_gui.cli", *argv[1:]],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if out.returncode != 0:
            raise RuntimeError(f"`{command}` failed ({out.returncode}): {out.stderr.strip()}")
        printed = _PRINTED.search(out.stdout)
        if printed is None:
            raise RuntimeError(f"`{command}` printed no summary line: {out.stdout!r}")
        files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and p != folder / DEMO)
    return DemoRun(command, out.stdout, {k: int(v.replace(",", "")) for k, v in printed.groupdict().items()}, files)


def quoted(readme: str) -> list[tuple[str, int]]:
    """Every (figure, value) README quotes, in order."""
    return [
        (name, int(value.replace(",", "")))
        for pattern in QUOTES
        for match in pattern.finditer(readme)
        for name, value in match.groupdict().items()
    ]


def rewrite(readme: str, figures: dict[str, int]) -> str:
    """README with every quoted figure replaced by the one given."""

    def replace(match: re.Match[str]) -> str:
        text, start = match.group(0), match.start()
        for name in sorted(match.groupdict(), key=match.start, reverse=True):  # right to left: offsets hold
            a, b = match.start(name) - start, match.end(name) - start
            text = text[:a] + f"{figures[name]:,}" + text[b:]
        return text

    for pattern in QUOTES:
        readme = pattern.sub(replace, readme)
    return readme


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m devtools.readme_numbers", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 when README.md is stale")
    args = ap.parse_args(argv)
    readme = README.read_text(encoding="utf-8")
    run = run_demo(readme)
    updated = rewrite(readme, run.figures)
    figures = ", ".join(f"{k} {v:,}" for k, v in run.figures.items())
    if updated == readme:
        print(f"README.md is up to date ({figures})")
        return 0
    if args.check:
        print(f"README.md quotes stale demo figures; the demo gives {figures}: run `make readme-numbers`")
        return 1
    README.write_text(updated, encoding="utf-8")
    print(f"README.md updated: {figures}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
