"""Regular expressions compiled once per Python, not once per process.

Every job starts by importing the engine, and the engine's modules compile ~70 patterns as they are imported:
~30 ms of each ``dedup-cli`` run's start (the engine's imports took 213 ms, median of fifteen runs, 181 ms with
this; 4k articles are a 0.66 s job), most of it Python's compiler turning a range of Chinese characters into a
bitmap one code point at a time (``[\\u4e00-\\u9fff]`` alone ~1.6 ms). What ``re.compile`` makes of a pattern is a
list of integers (its code) handed to ``_sre.compile``; that list is kept in the user's cache folder
(``core.cache``), per Python version and regular expression engine, and a later process makes its patterns from it
with that same call, ~10 microseconds each.

A pattern's compiled form is kept only when the pattern made from it equals ``re.compile``'s - flags, code and text:
``re.Pattern``'s own comparison - and any problem (no cache yet, a damaged file, a Python whose compiler works
otherwise) leaves the pattern to ``re.compile``. New patterns are written when the process ends (``save``, an exit
handler: ``dedup-cli`` runs them before it exits). Only patterns fixed in the code come here: those made from the
user's settings or from the data are compiled by ``re.compile`` where they are made.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # (the engine re.compile hands a pattern's code to)
import atexit
import re
import sys
import threading
from typing import AnyStr

import numpy as np
import xxhash

from . import cache

# Kept forms past this many (patterns of other versions of the app, over the years) are dropped but for those this
# process used.
MAX_KEPT = 2000

# A pattern's compiled form: the arguments ``_sre.compile`` takes after the pattern's text (flags, code, the
# number of groups less one, the group names' numbers and each group's name).
Made = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]

_lock = threading.RLock()
_kept: dict[bytes, Made] | None = None  # (read from the cache folder on first use)
_new: dict[bytes, Made] = {}  # made in this process and not yet written
_used: set[bytes] = set()  # read from the cache by this process


def compile(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:  # noqa: A001 - as ``re.compile``
    """``re.compile(pattern, flags)``, from its compiled form when the cache folder has it."""
    if not isinstance(pattern, str | bytes):
        return re.compile(pattern, flags)
    flags = int(flags)
    key = _key(pattern, flags)
    made = _kept_forms().get(key)
    if made is not None:
        try:
            compiled = _sre.compile(pattern, *made)
        except Exception:  # noqa: BLE001 - a form this Python's engine does not take: compiled anew below
            pass
        else:
            _used.add(key)
            return compiled
    compiled = re.compile(pattern, flags)
    made = _made(pattern, flags, compiled)
    if made is not None:
        _new[key] = made
    return compiled


def save() -> None:
    """Write the forms made since the cache was read (nothing when there are none, or where it cannot be)."""
    with _lock:
        if not _new:
            return
        global _kept
        kept = _kept_forms()
        if len(kept) + len(_new) > MAX_KEPT:
            kept = {k: v for k, v in kept.items() if k in _used}
        kept.update(_new)
        _kept = kept
        _new.clear()
        cache.save_arrays(_name(), **_as_arrays(kept))


def _key(pattern: str | bytes, flags: int) -> bytes:
    text = b"b" + pattern if isinstance(pattern, bytes) else b"s" + pattern.encode("utf-8", "surrogatepass")
    return xxhash.xxh3_128_digest(text + b"\0" + str(flags).encode("ascii"))


def _name() -> str:
    """The cache file of this Python (its version) and its regular expression engine (``MAGIC``, code size)."""
    return f"regexes-{sys.hexversion:x}-{_sre.MAGIC}-{_sre.CODESIZE}.npz"


def _made(pattern: str | bytes, flags: int, compiled: re.Pattern) -> Made | None:
    """What ``re.compile`` hands ``_sre.compile`` for ``pattern`` (as ``re._compiler.compile`` makes it), when the
    pattern made from it equals ``compiled``; None otherwise."""
    try:
        from re import _compiler, _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(pattern, flags)
        code = [int(c) for c in _compiler._code(parsed, flags)]
        names = {str(k): int(v) for k, v in parsed.state.groupdict.items()}
        groups = parsed.state.groups - 1
        made: Made = (int(flags | parsed.state.flags), code, groups, names, _group_names(names, groups))
        return made if _sre.compile(pattern, *made) == compiled else None
    except Exception:  # noqa: BLE001 - another Python's compiler: this pattern is not kept
        return None


def _kept_forms() -> dict[bytes, Made]:
    global _kept
    if _kept is None:
        with _lock:
            if _kept is None:
                _kept = _read()
    return _kept


def _read() -> dict[bytes, Made]:
    arrays = cache.load_arrays(_name(), _ARRAYS)
    if arrays is None:
        return {}
    try:
        return _from_arrays(arrays)
    except (ValueError, IndexError, TypeError):
        return {}


_ARRAYS = ("keys", "flags", "groups", "code", "code_ends", "names", "name_numbers", "name_ends")


def _as_arrays(forms: dict[bytes, Made]) -> dict[str, np.ndarray]:
    keys = list(forms)
    made = [forms[k] for k in keys]
    names = [name for m in made for name in m[3]]
    return {
        "keys": np.frombuffer(b"".join(keys), dtype=np.uint8).reshape(len(keys), 16),
        "flags": np.array([m[0] for m in made], dtype=np.int64),
        "groups": np.array([m[2] for m in made], dtype=np.int64),
        "code": np.array([c for m in made for c in m[1]], dtype=np.uint32 if _sre.CODESIZE == 4 else np.uint64),
        "code_ends": np.cumsum([len(m[1]) for m in made], dtype=np.int64),
        "names": np.array(names, dtype=str) if names else np.zeros(0, dtype="<U1"),
        "name_numbers": np.array([n for m in made for n in m[3].values()], dtype=np.int64),
        "name_ends": np.cumsum([len(m[3]) for m in made], dtype=np.int64),
    }


def _from_arrays(arrays: dict[str, np.ndarray]) -> dict[bytes, Made]:
    keys = arrays["keys"]
    flags, groups = arrays["flags"].tolist(), arrays["groups"].tolist()
    code, code_ends = arrays["code"].tolist(), [0, *arrays["code_ends"].tolist()]
    names, numbers, name_ends = (
        arrays["names"].tolist(),
        arrays["name_numbers"].tolist(),
        [0, *arrays["name_ends"].tolist()],
    )
    if not len(keys) == len(flags) == len(groups) == len(code_ends) - 1 == len(name_ends) - 1:
        raise ValueError("the cache's arrays do not agree")
    out: dict[bytes, Made] = {}
    for i in range(len(flags)):
        index = dict(zip(names[name_ends[i] : name_ends[i + 1]], numbers[name_ends[i] : name_ends[i + 1]], strict=True))
        out[keys[i].tobytes()] = (
            flags[i],
            code[code_ends[i] : code_ends[i + 1]],
            groups[i],
            index,
            _group_names(index, groups[i]),
        )
    return out


def _group_names(names: dict[str, int], groups: int) -> tuple[str | None, ...]:
    """Each group's name by its number (None for an unnamed group and for group 0): ``_sre.compile``'s
    ``indexgroup``, from the names' numbers and the number of groups less one, as ``re._compiler`` makes it."""
    named: list[str | None] = [None] * (groups + 1)
    for name, number in names.items():
        named[number] = name
    return tuple(named)


atexit.register(save)
