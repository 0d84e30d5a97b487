"""The user's cache folder: tables dedup_gui can rebuild but would rather load (jieba's hashed IDF table, the
normalisation lookup). Each is one .npz file, written whole under a temporary name and then renamed, so a reader
never sees half a file; any problem reading or writing one (an unwritable folder, a damaged file) is the same as
no cache."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import zipfile
from pathlib import Path

import numpy as np


def cache_folder() -> Path:
    """Where dedup_gui keeps what it can rebuild: ``DEDUP_GUI_CACHE`` if set, else the platform's cache folder."""
    if os.environ.get("DEDUP_GUI_CACHE"):
        return Path(os.environ["DEDUP_GUI_CACHE"])
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "dedup_gui" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "dedup_gui"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dedup_gui"


def load_arrays(name: str, keys: tuple[str, ...]) -> dict[str, np.ndarray] | None:
    """The arrays ``keys`` of cache file ``name``, or None when it is missing, damaged or lacks one."""
    try:
        with np.load(cache_folder() / name, allow_pickle=False) as f:
            return {k: f[k] for k in keys}
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        return None


# Files of one kind (a name's part before its first "-") kept: a new jieba or Python makes a new file, and the
# oldest go, so the folder does not grow with every upgrade or virtual environment.
KEEP_PER_KIND = 3


def save_arrays(name: str, **arrays: np.ndarray) -> None:
    """Keep ``arrays`` as cache file ``name`` (nothing happens when that is not possible), and only the newest
    ``KEEP_PER_KIND`` files of its kind."""
    try:
        target = cache_folder() / name
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                np.savez(f, **arrays)  # type: ignore[arg-type]
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        kind = sorted(target.parent.glob(name.split("-")[0] + "-*.npz"), key=lambda p: p.stat().st_mtime_ns)
        for old in kind[:-KEEP_PER_KIND]:
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        logging.getLogger(__name__).debug("%s not cached", name, exc_info=True)
