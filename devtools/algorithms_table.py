"""README's table of algorithms and their sliders, generated from the algorithm registry.

The table sits between the markers ``<!-- algorithms:begin -->`` and ``<!-- algorithms:end -->`` in README.md; a new
algorithm or a changed default reaches the documentation by running this (``make readme-numbers`` does), and
tests/test_docs_registry.py fails when README.md holds anything else.

    python -m devtools.algorithms_table            # rewrite the table in README.md
    python -m devtools.algorithms_table --check    # exit 1 when it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dedup_gui.core.algorithms.base import ParamSpec
from dedup_gui.core.algorithms.registry import ALGORITHMS

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- algorithms:begin -->", "<!-- algorithms:end -->"


def _value(spec: ParamSpec, value: float) -> str:
    return f"{value:.{spec.decimals}f}" if spec.decimals else f"{value:g}"


def _param(spec: ParamSpec) -> str:
    unit = f" {spec.unit}" if spec.unit else ""
    return (
        f"*{spec.label}*: {_value(spec, spec.default)}{unit} "
        f"({_value(spec, spec.minimum)}–{_value(spec, spec.maximum)}). {spec.help}"
    )


def table() -> str:
    lines = [
        "| algorithm | what it does | threshold (slider: default, range) | n (slider: default, range) |",
        "|:--|:--|:--|:--|",
    ]
    for algo in ALGORITHMS.values():
        lines.append(
            f"| **{algo.title}** (`--algorithm {algo.name}`) | {algo.description} | {_param(algo.threshold)} "
            f"| {_param(algo.n)} |"
        )
    return "\n".join(lines)


def render(readme: str) -> str:
    start, end = readme.index(BEGIN) + len(BEGIN), readme.index(END)
    return readme[:start] + "\n" + table() + "\n" + readme[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when README.md's table is stale")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    fresh = render(text)
    if args.check:
        if fresh != text:
            print("README.md: the algorithms table is stale; run python -m devtools.algorithms_table", file=sys.stderr)
            return 1
        return 0
    README.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
