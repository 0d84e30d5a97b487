"""A pickle cache outside the repository, keyed by a name, this package's code and the sources' size and mtime."""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

BUILD_VERSION = 1  # bump to rebuild everything; any change to this package's code rebuilds too


def cache_dir() -> Path:
    return Path(os.environ.get("DEDUP_EVAL_CACHE", Path.home() / ".cache" / "dedup_gui_eval"))


def _stamp(paths: Iterable[Path]) -> str:
    h = hashlib.sha1(str(BUILD_VERSION).encode())
    for src in sorted(Path(__file__).parent.glob("*.py")):  # the code that builds the value
        h.update(src.read_bytes())
    for p in sorted(paths):
        st = p.stat()
        h.update(f"{p}:{st.st_size}:{int(st.st_mtime)}".encode())
    return h.hexdigest()[:16]


def cached(name: str, sources: Iterable[Path], build: Callable[[], T], refresh: bool = False) -> T:
    """Return ``build()``, stored on first use; rebuilt when the sources or BUILD_VERSION change."""
    path = cache_dir() / f"{name}-{_stamp(sources)}.pkl"
    if path.exists() and not refresh:
        with path.open("rb") as f:
            return pickle.load(f)
    value = build()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with tmp.open("wb") as f:
        pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
    tmp.replace(path)
    return value
