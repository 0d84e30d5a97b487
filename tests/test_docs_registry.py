"""The README's algorithm table is generated from the registry: it names every algorithm and its current defaults."""

from dedup_gui.core.algorithms.registry import ALGORITHMS
from devtools.algorithms_table import BEGIN, END, README, render


def test_readme_holds_the_table_generated_from_the_registry():
    text = README.read_text(encoding="utf-8")
    assert render(text) == text, "README.md is stale: run python -m devtools.algorithms_table"


def test_the_table_names_every_algorithm_with_its_defaults():
    text = README.read_text(encoding="utf-8")
    block = text[text.index(BEGIN) : text.index(END)]
    for algo in ALGORITHMS.values():
        assert f"`--algorithm {algo.name}`" in block
        assert algo.threshold.label in block and algo.n.label in block
