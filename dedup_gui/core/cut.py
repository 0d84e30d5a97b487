"""The word segmenter: rjieba (the Rust port of jieba, same dictionary), or jieba where no rjieba wheel exists.

A module of its own, importing nothing else of the engine: the segmentation worker processes
(``segment_processes``) start with only this.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache


@lru_cache(maxsize=1)
def _raw_cutter():
    try:
        import rjieba

        return rjieba.cut
    except ImportError:  # pragma: no cover - platforms without an rjieba wheel
        import jieba

        jieba.setLogLevel(logging.WARNING)
        return jieba.lcut


_SURROGATES = re.compile("[\ud800-\udfff]")


def cut_any(text: str) -> list[str]:
    """The words of ``text``; a lone surrogate (from a badly decoded file), which the segmenter cannot take, is cut
    as U+FFFD - one character for one, so the words still spell the text's length."""
    cut = _raw_cutter()
    try:
        return cut(text)
    except UnicodeEncodeError:
        return cut(_SURROGATES.sub("\ufffd", text))
