"""The one list of algorithms. A new algorithm is one new module (a subclass of ``base.Algorithm``) and one line
here; the CLI's choices, the GUI's sliders, the selftest and the documentation table all come from this list."""

from __future__ import annotations

from .base import Algorithm, ParamSpec
from .ngram import NGram
from .nshash import NSHash
from .simhash import SimHash

ALGORITHMS: dict[str, Algorithm] = {a.name: a for a in (SimHash(), NSHash(), NGram())}

DEFAULT_ALGORITHM = "ngram"

__all__ = ["ALGORITHMS", "DEFAULT_ALGORITHM", "Algorithm", "ParamSpec", "get_algorithm"]


def get_algorithm(name: str) -> Algorithm:
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise ValueError(f"unknown algorithm {name!r}; choose one of {', '.join(ALGORITHMS)}") from None
