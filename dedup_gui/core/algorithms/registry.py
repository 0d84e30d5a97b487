"""What the GUI and CLI need to know about each algorithm: names, descriptions and parameter specs.

The sliders take their label, range, step, default, unit and tooltip from here, so adding an algorithm or
changing a default happens in one place.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ParamSpec:
    label: str
    minimum: float
    maximum: float
    step: float
    default: float
    unit: str
    help: str
    decimals: int = 0
    # True when a larger value means "stricter" (fewer pairs); False when larger means looser.
    higher_is_stricter: bool = True


@dataclass(frozen=True)
class AlgorithmInfo:
    name: str
    title: str
    description: str  # one plain-language line
    threshold: ParamSpec
    n: ParamSpec
    measure: str  # what a pair's native measure is (shown in the histogram axis)


ALGORITHMS: dict[str, AlgorithmInfo] = {
    "simhash": AlgorithmInfo(
        name="simhash",
        title="SimHash",
        description="Fingerprints each text from its top keywords; fast on long articles, weak on short texts.",
        threshold=ParamSpec(
            label="Max bit difference",
            minimum=0,
            maximum=16,
            step=1,
            default=3,
            unit="bits",
            help="Two texts are duplicates when their 64-bit fingerprints differ in at most this many bits. "
            "Lower is stricter; 3 suits long articles.",
            higher_is_stricter=False,
        ),
        n=ParamSpec(
            label="Keywords",
            minimum=5,
            maximum=100,
            step=1,
            default=20,
            unit="words",
            help="How many of the highest TF-IDF keywords make up each fingerprint.",
        ),
        measure="Hamming distance (bits)",
    ),
    "nshash": AlgorithmInfo(
        name="nshash",
        title="NSHash (longest sentences)",
        description="Matches texts that share their longest sentences; very precise for reposted news.",
        threshold=ParamSpec(
            label="Shared sentences",
            minimum=1,
            maximum=20,
            step=1,
            default=1,
            unit="sentences",
            help="Two texts are duplicates when at least this many of their longest sentences are identical.",
        ),
        n=ParamSpec(
            label="Longest sentences",
            minimum=1,
            maximum=20,
            step=1,
            default=5,
            unit="sentences",
            help="How many of each text's longest sentences are fingerprinted.",
        ),
        measure="Shared sentences",
    ),
    "ngram": AlgorithmInfo(
        name="ngram",
        title="N-gram overlap",
        description="Compares the character n-grams texts share; works on short texts and edited copies.",
        threshold=ParamSpec(
            label="Min similarity",
            minimum=0.30,
            maximum=1.00,
            step=0.01,
            # 0.70, not 0.80: a repost truncated to ~80 % has a Jaccard similarity of ~0.8 to its original, so
            # 0.80 loses half of them; on real news, pairs between 0.7 and 0.8 are still edited reposts.
            default=0.70,
            unit="",
            help="Two texts are duplicates when the share of character n-grams they have in common "
            "(Jaccard similarity) is at least this. Higher is stricter; 0.7 also catches copies cut to 80 %.",
            decimals=2,
        ),
        n=ParamSpec(
            label="Gram length",
            minimum=2,
            maximum=8,
            step=1,
            default=4,
            unit="characters",
            help="Length of the character n-grams; 4 is about two Chinese words. Shorter grams match more loosely.",
        ),
        measure="Jaccard similarity",
    ),
}


def get_algorithm(name: str) -> AlgorithmInfo:
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise ValueError(f"unknown algorithm {name!r}; choose one of {', '.join(ALGORITHMS)}") from None
