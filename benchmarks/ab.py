"""Two versions of the engine timed on the same input, their runs taking turns (``make bench`` compares us with
peers; this compares us with ourselves, for a change whose gain is smaller than the machine's swings):

    python -m benchmarks.ab --base a2137c3 --inputs short:1000000 --runs 4
    python -m benchmarks.ab --base-dir /path/to/other/checkout --inputs my.csv --algorithm nshash

Each run is ``benchmarks.cli_job`` (the whole ``dedup-cli`` job, its parts timed) in a fresh process, once with
this checkout's ``dedup_gui`` and once with the base's, the order changing every round; the whole job is timed from
outside. Printed per input: for the whole job, its start-up, read, dedup and write and each stage of the dedup, the
fastest, median and slowest run of each side and the median's change - and whether the two wrote the same cleaned
file. The base is ``git archive``'s copy of the revision's ``dedup_gui`` (in the benchmark cache, compiled to
bytecode as ``make bytecode`` compiles this one), or another checkout (``--base-dir``).
"""

from __future__ import annotations

import argparse
import compileall
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from . import inputs as bench_inputs
from .data import cache_dir
from .wholejob import ROOT, contestant_cmd


def base_tree(rev: str) -> Path:
    """A directory holding ``dedup_gui`` as it is at ``rev`` (extracted once into the cache)."""
    sha = subprocess.run(
        ["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    out = cache_dir() / f"ab-{sha[:12]}"
    if not (out / "dedup_gui" / "__init__.py").exists():
        data = subprocess.run(
            ["git", "archive", "--format=tar", sha, "dedup_gui"], cwd=ROOT, capture_output=True, check=True
        )
        tmp = Path(tempfile.mkdtemp(dir=cache_dir(), prefix="ab-tmp-"))
        with tarfile.open(fileobj=io.BytesIO(data.stdout)) as tar:
            if hasattr(tarfile, "data_filter"):  # (Python 3.11.4 on)
                tar.extractall(tmp, filter="data")
            else:
                tar.extractall(tmp)  # noqa: S202 - git's own archive of this repository
        tmp.replace(out)
    return out


def _environment(tree: Path) -> dict[str, str]:
    """The environment of a run with ``tree``'s ``dedup_gui`` (and this checkout's ``benchmarks``)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tree), str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def engine_of(tree: Path) -> Path:
    """Where a run with ``tree`` finds ``dedup_gui`` (checked before timing: an installed copy could come first)."""
    probe = "import dedup_gui, pathlib; f = dedup_gui.__file__; print(pathlib.Path(f).resolve().parent if f else '')"
    found = subprocess.run(
        [sys.executable, "-c", probe], env=_environment(tree), cwd=tree, capture_output=True, text=True, check=True
    )
    return Path(found.stdout.strip())


def one_run(tree: Path, data: Path, out: Path, algorithm: str, column: str) -> dict:
    """One whole job with ``tree``'s engine (``wholejob``'s, with its parts timed): its parts and its wall time."""
    timing = out.with_suffix(".timing.json")
    cmd = contestant_cmd("ours", algorithm, data, out, timing, column)
    t0 = time.perf_counter()
    subprocess.run(cmd, env=_environment(tree), cwd=tree, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    parts = json.loads(timing.read_text(encoding="utf-8"))
    row = {"whole job": wall, **{k: parts[k] for k in ("start", "read", "dedup", "write") if k in parts}}
    row.update({f"dedup: {k}": v for k, v in parts.get("stages", {}).items()})
    return row


def compare(
    base: Path, head: Path, data: Path, runs: int, algorithm: str, column: str, work: Path
) -> tuple[list[str], bool]:
    """Markdown lines of the two sides' times on ``data`` (``runs`` each, taking turns), and whether they wrote the
    same cleaned file."""
    times: dict[str, list[dict]] = {"base": [], "head": []}
    outs = {"base": work / "base.csv", "head": work / "head.csv"}
    trees = {"base": base, "head": head}
    for k in range(runs):
        for side in ("base", "head") if k % 2 == 0 else ("head", "base"):
            times[side].append(one_run(trees[side], data, outs[side], algorithm, column))
    same = outs["base"].read_bytes() == outs["head"].read_bytes()
    names = [n for n in times["head"][0] if all(n in r for r in times["base"] + times["head"])]
    lines = [
        "| | base: fastest / median / slowest | this checkout | median |",
        "|:--|--:|--:|--:|",
    ]
    for n in names:
        b = [r[n] for r in times["base"]]
        h = [r[n] for r in times["head"]]
        mb, mh = statistics.median(b), statistics.median(h)
        change = f"{(mh - mb) / mb * 100:+.0f} %" if mb > 0 else "-"
        lines.append(
            f"| {n} | {min(b):.3f} / {mb:.3f} / {max(b):.3f} s | {min(h):.3f} / {mh:.3f} / {max(h):.3f} s | {change} |"
        )
    return lines, same


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ab", description=__doc__.split("\n\n")[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--base", help="the revision to compare with (git)")
    where.add_argument("--base-dir", type=Path, help="a directory holding the dedup_gui to compare with")
    ap.add_argument(
        "--inputs", default="articles:4000", help="kind:rows (benchmarks/inputs.py) or CSV files, comma-separated"
    )
    ap.add_argument("--runs", type=int, default=4, help="runs of each side (default 4)")
    ap.add_argument("--algorithm", default="ngram")
    ap.add_argument("--column", default="text")
    a = ap.parse_args(argv)
    try:
        base = base_tree(a.base) if a.base else a.base_dir.resolve()
    except subprocess.CalledProcessError as e:
        print(f"no revision {a.base!r} to compare with: {(e.stderr or b'').strip()!r}", file=sys.stderr)
        return 2
    trees = {"base": base, "head": ROOT}
    for side, tree in trees.items():
        compileall.compile_dir(str(tree / "dedup_gui"), quiet=1)  # (as ``wholejob`` compiles this checkout)
        found = engine_of(tree)
        if found != tree / "dedup_gui":
            print(f"the {side}'s runs would use {found}, not {tree / 'dedup_gui'}", file=sys.stderr)
            return 2
    same_everywhere = True
    with tempfile.TemporaryDirectory(prefix="ab-", dir=cache_dir()) as tmp:
        for spec in filter(None, a.inputs.split(",")):
            if ":" in spec and not Path(spec).exists():
                kind, rows = spec.split(":")
                data, label = bench_inputs.build(kind, int(rows)).path, spec
            else:
                data, label = Path(spec), Path(spec).name
            lines, same = compare(base, ROOT, data, a.runs, a.algorithm, a.column, Path(tmp))
            same_everywhere &= same
            print(f"\n### {label}, {a.algorithm}: base {a.base or base} against this checkout, {a.runs} runs each\n")
            print("\n".join(lines))
            print(f"\nCleaned files: {'the same' if same else 'DIFFERENT'}")
    return 0 if same_everywhere else 1


if __name__ == "__main__":
    sys.exit(main())
