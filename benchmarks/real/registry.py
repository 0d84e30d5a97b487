"""The labelled sets by name, which corpus each needs, and their cache."""

from __future__ import annotations

from collections.abc import Callable

from . import corpora, sets_en, sets_short, sets_sina
from .cache import cached
from .labels import LabelledSet

SETS: dict[str, tuple[str, Callable[[], LabelledSet]]] = {
    "sina-reposts": ("sina", sets_sina.sina_reposts),
    "sina-recrawl": ("sina", sets_sina.sina_recrawl),
    "sina-natural": ("sina", sets_sina.sina_natural),
    "sina-titles": ("sina", sets_sina.sina_titles),
    "reuters-resent": ("reuters", sets_en.reuters_resent),
    "20ng-quoted": ("20ng", sets_en.newsgroups_quoted),
    "clough-stevenson": ("clough", sets_en.clough_stevenson),
    "short-sentences": ("lcqmc", sets_short.short_sentences),
    "short-near-pairs": ("lcqmc", sets_short.short_near_pairs),
}


def load(name: str, refresh: bool = False) -> LabelledSet:
    corpus, build = SETS[name]
    return cached(f"set-{name}", [corpora.SOURCES[corpus]], build, refresh=refresh)
