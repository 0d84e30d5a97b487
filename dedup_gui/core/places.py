"""Chinese place names, for the text check: "北京市气象台发布..." and "上海市气象台发布..." are two cities' reports.

The names are the words jieba's dictionary tags as places ("ns": 北京, 杭州, 海淀区, 乌鲁木齐, 美国, 长江) of two to
four Chinese characters, looked up as strings one at a time or by their hash (``text.string_hash``) many at once.
Reading the 6 MB word list takes ~0.3 s, so the names and their hashes are kept in the user's cache folder
(``core.cache``) under the word list's path, size and time of change, and loaded when a pair first needs them
(``textcheck.names_differ_pairs``). The tags are jieba's and not clean (a few idioms are tagged places), but a
template whose replaced words are two such idioms is rare.

Languages count as places here: "德语水平测试考试大纲" and "法语水平测试考试大纲" are two exams' syllabuses, "英语四级"
and "日语四级" two exams. jieba tags them with other proper nouns ("nz": 论语, 评语, 正文 too), so they are listed
(``LANGUAGES``: each stem with 语 and with 文, of two to four characters).
"""

from __future__ import annotations

import importlib.util
import threading
from functools import lru_cache
from pathlib import Path

import numpy as np
import xxhash

from . import cache
from .text import find_sorted, sorted_unique, string_hash, string_hashes, utf32

PLACE_TAG = "ns"
PLACE_CHARS = (2, 4)  # a place name's length in characters, shortest and longest
# Stems of language names: "英" -> 英语, 英文.
LANGUAGES = (
    "英 汉 中 华 法 德 日 俄 韩 朝鲜 泰 越南 藏 蒙 蒙古 维吾尔 哈萨克 粤 葡萄牙 西班牙 意大利 阿拉伯 拉丁 希腊 荷兰 "
    "瑞典 波兰 土耳其 印地 波斯 希伯来 梵 满 壮 彝 马来 印尼 缅甸 老挝 乌克兰 捷克 匈牙利 芬兰 丹麦 挪威 世界"
).split()
_PROBE = "北京"  # a place every version of the word list has: a table without it is rebuilt

_LOCK = threading.Lock()


def is_place(word: str) -> bool:
    """Whether jieba's dictionary tags ``word`` as a place."""
    return word in place_names()


def place_hashes() -> np.ndarray:
    """The sorted, distinct hashes of the place names (empty when jieba's word list is not where it usually is)."""
    return _table()[1]


def place_names() -> frozenset[str]:
    """The place names, as strings (for looking up one word at a time)."""
    return _table()[0]


def place_characters() -> np.ndarray:
    """Per code point below 0x10000: whether a place name has that character (a bool table to ``take`` from)."""
    with _LOCK:
        return _characters()


def place_character_set() -> frozenset[str]:
    """The characters place names have."""
    with _LOCK:
        return _character_set()


@lru_cache(maxsize=1)
def _character_set() -> frozenset[str]:
    return frozenset(map(chr, _character_codes().tolist()))


@lru_cache(maxsize=1)
def _characters() -> np.ndarray:
    table = np.zeros(0x10000, dtype=bool)
    codes = _character_codes()
    table[codes[codes < 0x10000]] = True
    return table


@lru_cache(maxsize=1)
def _character_codes() -> np.ndarray:
    """The code points of the characters place names have, sorted, from the names joined (not a set of 16,000
    strings' characters built in Python)."""
    return sorted_unique(utf32("".join(_load()[0])).astype(np.int64))


def _table() -> tuple[frozenset[str], np.ndarray]:
    with _LOCK:  # built once, whichever thread asks first
        return _load()


@lru_cache(maxsize=1)
def _load() -> tuple[frozenset[str], np.ndarray]:
    """The place names of jieba's word list and their hashes, from the user's cache folder when it holds them."""
    source = _dictionary()
    if source is None:  # pragma: no cover - an unusual jieba layout
        return frozenset(), np.zeros(0, dtype=np.uint64)
    st = source.stat()
    key = xxhash.xxh64_hexdigest(f"{source.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode())
    name = f"places-{key}-v2.npz"  # (v2: with ``LANGUAGES``)
    cached = cache.load_arrays(name, ("words", "hashes"))
    if cached is not None and cached["words"].dtype.kind == "U" and cached["hashes"].dtype == np.uint64:
        words, hashes = cached["words"], cached["hashes"]
        probe = np.array([string_hash(_PROBE)], dtype=np.uint64)
        if len(hashes) == len(words) and _PROBE in words and find_sorted(hashes, probe)[1][0]:
            return frozenset(words.tolist()), hashes
    names = _places(source.read_text(encoding="utf-8"))
    listed = sorted(names)
    table = _hashes(listed)
    cache.save_arrays(name, words=np.array(listed, dtype=f"<U{PLACE_CHARS[1]}"), hashes=table)
    return names, table


def _hashes(words: list[str]) -> np.ndarray:
    """The sorted, distinct ``string_hash`` of ``words``."""
    return sorted_unique(string_hashes(words))


def _dictionary() -> Path | None:
    """jieba's word list ("word frequency tag" per line), or None when it is not where it usually is."""
    spec = importlib.util.find_spec("jieba")
    path = Path(next(iter(spec.submodule_search_locations or ()), "")) / "dict.txt" if spec else None
    return path if path is not None and path.is_file() else None


def _places(content: str) -> frozenset[str]:
    """The words of a word list tagged ``PLACE_TAG``, of ``PLACE_CHARS`` Chinese characters, and the names of
    ``LANGUAGES``."""
    lo, hi = PLACE_CHARS
    words = {stem + end for stem in LANGUAGES for end in "语文" if lo <= len(stem) + 1 <= hi}
    for line in content.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[2] == PLACE_TAG and lo <= len(fields[0]) <= hi and _chinese(fields[0]):
            words.add(fields[0])
    return frozenset(words)


def _chinese(word: str) -> bool:
    return all("\u4e00" <= c <= "\u9fff" for c in word)
