"""What a run is asked to do: algorithm, its two parameters, the text check, normalisation, clustering, keep policy.

``Settings`` is the one source of defaults. The CLI's options, the GUI's controls, the saved review and the report
all read and write it through ``to_dict``/``from_dict``; the fields' metadata (``help``, ``cli``, ``range``) is what
the CLI and the documentation show.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

KEEP_POLICIES = ("original", "first", "last", "longest", "shortest")  # plus "max:<column>" and "min:<column>"
CLUSTER_MODES = ("strict", "linked")


def _opt(default: Any, help: str, cli: str = "", range: tuple[float, float] | None = None, **meta: Any) -> Any:
    return field(default=default, metadata={"help": help, "cli": cli, "range": range, **meta})


@dataclass(frozen=True)
class NormaliseOptions:
    """Applied to the dedup text before fingerprinting; never to exported values."""

    strip_html: bool = True  # tags, entities, <style>/<script> blocks, inline CSS/JS page chrome
    nfkc: bool = True  # fold full-width/half-width forms
    collapse_whitespace: bool = True
    casefold: bool = True  # Latin letters only; CJK has no case
    simplify: bool = True  # fold traditional Chinese characters to simplified (OpenCC's table of characters)
    # Lines quoted from another message ("> ...", as e-mail and forum replies quote): a citation, not a copy.
    drop_quoted: bool = True
    boilerplate_patterns: tuple[str, ...] = ()  # user regexes; matching lines are dropped ("来源：…")

    def to_dict(self) -> dict[str, Any]:
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NormaliseOptions:
        known = {f.name for f in fields(cls)}
        kw = {k: v for k, v in data.items() if k in known}
        if "boilerplate_patterns" in kw:
            kw["boilerplate_patterns"] = tuple(str(p) for p in kw["boilerplate_patterns"] or ())
        return cls(**kw)


@dataclass(frozen=True)
class Settings:
    algorithm: str = "ngram"  # a name in core.algorithms.registry.ALGORITHMS
    threshold: float | None = None  # None: the algorithm's default (its ParamSpec)
    n: int | None = None  # None: the algorithm's default
    mode: str = _opt("strict", "strict: each removed row is within the threshold of the kept row; linked: chains")
    keep: str = _opt(
        "original",
        "which row of a cluster is kept: original (earliest date, else the un-marked row containing the others), "
        "first, last, longest, shortest, max:COLUMN or min:COLUMN",
    )
    normalise: NormaliseOptions = field(default_factory=NormaliseOptions)
    # The text check that decides every removal (core.textcheck).
    min_similarity: float = _opt(
        0.8,
        "safety floor: a pair whose text similarity is below this is never a duplicate, whatever its fingerprint",
        cli="--min-similarity",
        range=(0.3, 1.0),
    )
    excerpts: bool = _opt(
        True,
        "count excerpts as duplicates: a text mostly contained in a longer one scores by the share contained",
        cli="--excerpts",
    )
    excerpt_share: float = _opt(
        0.5,
        "an excerpt counts only when it is at least this share of the longer text's length",
        cli="--excerpt-share",
        range=(0.1, 1.0),
    )
    # Boilerplate learned from the data (core.boilerplate).
    boilerplate_docs: int = _opt(
        5,
        "a sentence found in at least this many otherwise different texts is boilerplate and ignored (0: off)",
        cli="--boilerplate-docs",
        range=(0, 1_000_000),
    )
    min_sentence: int = _opt(30, "nshash: minimum sentence length in characters", cli="--min-sentence", range=(1, 500))

    @property
    def n_value(self) -> int:
        """n of resolved settings (the algorithms only ever see resolved settings)."""
        if self.n is None:
            raise ValueError("settings not resolved: n is unset")
        return int(self.n)

    @property
    def threshold_value(self) -> float:
        """threshold of resolved settings."""
        if self.threshold is None:
            raise ValueError("settings not resolved: threshold is unset")
        return float(self.threshold)

    def resolved(self) -> Settings:
        """A copy with threshold and n filled from the algorithm's defaults."""
        from .algorithms.registry import get_algorithm

        algo = get_algorithm(self.algorithm)
        return replace(
            self,
            threshold=algo.threshold.default if self.threshold is None else self.threshold,
            n=int(algo.n.default) if self.n is None else int(self.n),
        )

    def validate(self) -> None:
        """Raise ValueError with a one-line message naming the valid range of the first bad value."""
        from .algorithms.registry import get_algorithm

        algo = get_algorithm(self.algorithm)
        if self.threshold is not None:
            algo.threshold.check(float(self.threshold), f"threshold for {algo.name}")
        if self.n is not None:
            algo.n.check(float(self.n), f"n for {algo.name}")
        if self.mode not in CLUSTER_MODES:
            raise ValueError(f"mode must be one of {', '.join(CLUSTER_MODES)}, not {self.mode!r}")
        if self.keep not in KEEP_POLICIES and not self.keep.startswith(("max:", "min:")):
            raise ValueError(f"keep must be one of {', '.join(KEEP_POLICIES)}, max:COLUMN or min:COLUMN")
        for f in fields(self):
            lo_hi = f.metadata.get("range")
            value = getattr(self, f.name)
            if lo_hi and not lo_hi[0] <= value <= lo_hi[1]:
                raise ValueError(f"{f.name} must be between {lo_hi[0]:g} and {lo_hi[1]:g}, not {value:g}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.to_dict() if isinstance(value, NormaliseOptions) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from ``to_dict`` output; unknown keys are ignored and missing ones take their defaults, so a
        review saved by an older version still opens."""
        kw: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "normalise":
                value = NormaliseOptions.from_dict(value or {})
            kw[f.name] = value
        return cls(**kw)


def option_fields() -> list[Any]:
    """The Settings fields that are plain options (with help text), in declaration order."""
    return [f for f in fields(Settings) if f.metadata.get("help")]
