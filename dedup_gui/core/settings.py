"""What a run is asked to do: algorithm, its two parameters, normalisation, clustering and keep policy."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

KEEP_POLICIES = ("first", "last", "longest", "shortest")  # plus "max:<column>" and "min:<column>"
CLUSTER_MODES = ("strict", "linked")


@dataclass(frozen=True)
class NormaliseOptions:
    """Applied to the dedup text before fingerprinting; never to exported values."""

    strip_html: bool = True  # tags, entities, <style>/<script> blocks, inline CSS/JS page chrome
    nfkc: bool = True  # fold full-width/half-width forms
    collapse_whitespace: bool = True
    casefold: bool = True  # Latin letters only; CJK has no case
    boilerplate_patterns: tuple[str, ...] = ()  # user regexes; matching lines are dropped ("来源：…")


@dataclass(frozen=True)
class Settings:
    algorithm: str = "ngram"  # "simhash" | "nshash" | "ngram"
    threshold: float | None = None  # None: the algorithm's default (see registry)
    n: int | None = None  # None: the algorithm's default
    mode: str = "strict"  # "strict" | "linked"
    keep: str = "first"  # see KEEP_POLICIES, or "max:<column>" / "min:<column>"
    normalise: NormaliseOptions = field(default_factory=NormaliseOptions)
    min_sentence: int = 30  # nshash: minimum sentence length in characters
    containment: bool = False  # ngram: score by containment (one text inside the other) instead of Jaccard

    def resolved(self) -> Settings:
        """A copy with threshold and n filled from the algorithm's defaults."""
        from .algorithms.registry import get_algorithm

        info = get_algorithm(self.algorithm)
        return replace(
            self,
            threshold=info.threshold.default if self.threshold is None else self.threshold,
            n=int(info.n.default) if self.n is None else int(self.n),
        )
