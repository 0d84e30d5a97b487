"""Text preparation shared by the algorithms: normalisation, sentence splitting and character n-gram hashing.

Normalisation only ever touches the dedup text, never an exported value.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import numpy as np
import xxhash

from . import cache, regexes
from .parallel import balanced_share, map_ranges, ordered_map
from .settings import NormaliseOptions

_SCRIPT_STYLE = regexes.compile(
    r"<(head|title|script|style|noscript|template|nav|footer)\b[^>]*>.*?</\1\s*>", re.I | re.S
)
_COMMENT = regexes.compile(r"<!--.*?-->", re.S)
_BLOCK_TAG = regexes.compile(r"<\s*(br|/p|p|/div|div|/li|li|/h[1-6]|tr|/tr|/table|hr)\b[^>]*>", re.I)
# HTML's element names (HTML Living Standard, with the obsolete ones old pages still carry), for ``_TAG``: only a
# tag of one of them is markup. "Firm <Ogelbay Norton Co>" and "Chevron Corp <CHV> jumped" (Reuters' company names
# and tickers) are text, and so are "<John Fluke Mfg Co Inc>" and "x<y and z>w": reading them as tags made "Firm
# <Ogelbay Norton Co>." and "Firm <John Fluke Mfg Co Inc>." the same text.
_ELEMENTS = (
    "a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink blockquote "
    "body br button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl "
    "dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr "
    "html i iframe img input ins isindex kbd keygen label legend li link listing main map mark marquee math menu "
    "menuitem meta meter multicol nav nextid nobr noembed noframes noscript object ol optgroup option output p param "
    "picture plaintext pre progress q rb rp rt rtc ruby s samp script search section select slot small source spacer "
    "span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track "
    "tt u ul var video wbr xmp"
)
# A tag: "<", maybe "/", an element name (any case), a namespaced name as Word's HTML writes them ("<o:p>",
# "<st1:place>"), or a custom element's (lower case with a hyphen, "<my-card>"); then the end of the name. Comments,
# "<!DOCTYPE ...>" and "<?xml ...?>" too. The element name is read as a run of letters and digits (group 1) and
# looked up (``_drop_tag``): the run, followed by a space, "/" or ">", is the name whole. (An alternation of the
# names, any case, tried every name at every "<" before a letter: 20 Newsgroups' 4,417 posts with an address in
# "<...>" 67 ms against 19.) The four characters that case-insensitive matching takes for ASCII letters
# ("İ", "ı", "ſ", "K") are read as those letters, as such an alternation reads them.
_TAG = regexes.compile(
    r"<(?:/?(?:([a-zA-Z\u0130\u0131\u017f\u212a][a-zA-Z0-9\u0130\u0131\u017f\u212a]*+)|[a-zA-Z]\w*:[a-zA-Z][\w.-]*"
    r"|[a-z][a-z0-9]*-[a-z0-9.-]*)(?=[\s/>])|[!?])[^<>]*>"
)
_ELEMENT_NAMES = frozenset(_ELEMENTS.split())
_AS_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def _drop_tag(m: re.Match[str]) -> str:
    """What ``_TAG.sub`` puts for a match: nothing for a tag, the text itself for a name of no element."""
    name = m.group(1)
    return "" if name is None or name.translate(_AS_ASCII).lower() in _ELEMENT_NAMES else m.group(0)


_BLANK_LINES = regexes.compile(r"\n{2,}")
# Whole lines of page chrome - CSS rules ("a.nav{color:#333}") and inline script statements - in one pass.
_CHROME_LINES = regexes.compile(
    r"^[\w \t.#:,>~+*\[\]=\"'()@%-]*\{[^{}\n]*:[^{}\n]*\}[ \t]*(?:\n|$)"
    r"|^[ \t]*(?:var |let |const |function\b|window\.|document\.|\$\(|if[ \t]*\(|try[ \t]*\{|\}[ \t]*catch|//)"
    r"[^\n]*(?:\n|$)"
    r"|^[^\u3400-\u9fff\n]*[;{}][ \t]*(?:\n|$)",
    re.M,
)
_HTMLISH = regexes.compile(r"<[a-zA-Z/!]|&[#a-zA-Z0-9]+;")
# What follows the "<" of a tag and the "&" of an entity (``_HTMLISH``'s two branches).
_AFTER_MARK = (("<", regexes.compile(r"[a-zA-Z/!]")), ("&", regexes.compile(r"[#a-zA-Z0-9]+;")))


@lru_cache(maxsize=64)
def _compile_patterns(patterns: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p) for p in patterns if p.strip())


def validate_patterns(patterns: tuple[str, ...]) -> None:
    """Raise ValueError naming the first boilerplate pattern that is not a valid regular expression."""
    for p in patterns:
        try:
            re.compile(p)
        except re.error as e:
            raise ValueError(f"boilerplate pattern {p!r} is not a valid regular expression: {e}") from None


def has_markup(text: str) -> bool:
    """Whether ``text`` holds a tag or an entity (``_HTMLISH``). Both begin with "<" or "&": each of those, found at
    C speed (``str.find``), is checked for what follows it. (``_HTMLISH.search`` tries its two branches at every
    character: 2 ms for a slice of 400,000 characters without markup - 80 ms of the 12,461 Sina articles, whose
    slices nearly all hold an "&" or "<" and 3 of 40 markup - against 6 ms.)"""
    for mark, after in _AFTER_MARK:
        at = text.find(mark)
        while at >= 0:
            if after.match(text, at + 1):
                return True
            at = text.find(mark, at + 1)
    return False


def strip_html(text: str) -> str:
    if not has_markup(text):
        return text
    text = _SCRIPT_STYLE.sub("\n", text)
    text = _COMMENT.sub("", text)
    text = _BLOCK_TAG.sub("\n", text)
    text = _TAG.sub(_drop_tag, text)
    import html  # its table of entities: 6 ms of every job's start, for the texts with markup only

    return html.unescape(text)


def strip_html_each(texts: Sequence[str]) -> list[str]:
    """``[strip_html(t) for t in texts]``, called only for the texts with a "<" or an "&": only those can hold
    markup (100k English sentences, whose Reuters "<CL>" tickers make a slice look marked up: a call for each
    text cost 0.29 s)."""
    return [strip_html(t) if "<" in t or "&" in t else t for t in texts]


@dataclass(frozen=True)
class _NfkcTables:
    # uint32[0x10001]: the one character NFKC maps each BMP character to (itself if unchanged); the last entry
    # stands for every astral character (``take(..., mode="clip")``), looked up on its own
    single: np.ndarray
    multi_map: dict[str, str]
    # uint8[0x10001] per BMP character: CHANGES (maps to one other character), MULTI (to several: "…" -> "..."),
    # INTERACTS (combining marks, jamo and other composition partners, which need the full algorithm); ASTRAL
    # for the last entry
    flags: np.ndarray


CHANGES, MULTI, INTERACTS, ASTRAL = 1, 2, 4, 8


def cached_code_points(kind: str, find: Callable[[], Iterable[int]], probes: tuple[int, ...]) -> np.ndarray:
    """The code points ``find`` lists (a property of this Python's Unicode tables that takes a scan of every code
    point to find: 15-35 ms), sorted and distinct, kept in the user's cache folder (``core.cache``) under ``kind``
    and this Python's Unicode version: read back in a millisecond. A file that is not a whole list - not sorted
    code points, or missing one of ``probes`` (code points that must be among them) - is found again."""
    name = f"{kind}-unicode{unicodedata.unidata_version}-v1.npz"
    cached = cache.load_arrays(name, ("code_points",))
    if cached is not None and _code_points_fit(cached["code_points"], probes):
        return cached["code_points"]
    found = np.array(sorted(set(find())), dtype=np.int64)
    cache.save_arrays(name, code_points=found)
    return found


def _code_points_fit(cps: np.ndarray, probes: tuple[int, ...]) -> bool:
    if cps.dtype != np.int64 or cps.ndim != 1 or not len(cps):
        return False
    if (np.diff(cps) < 1).any() or cps[0] < 0 or cps[-1] > 0x10FFFF:
        return False
    return all(bool((cps == p).any()) for p in probes)


@lru_cache(maxsize=1)
def _composition_partners() -> frozenset[int]:
    """``_find_composition_partners``, kept between runs (``cached_code_points``): finding them asks every code
    point of two planes for its decomposition (20 ms, paid by every job whose texts hold a character beyond the
    BMP - an emoji - before it was kept). Probes: the combining acute accent, the Tamil vowel sign AA (of U+0BCA)."""
    return frozenset(cached_code_points("composition-partners", _find_composition_partners, (0x301, 0xBBE)).tolist())


def _find_composition_partners() -> frozenset[int]:
    """Characters that compose with the character before them although their combining class is 0 (two-part
    vowel signs of Tamil, Malayalam, Bengali...): the second character of every two-character canonical
    decomposition. Such decompositions exist in the BMP and in plane 1 only."""
    decompositions = map(unicodedata.decomposition, map(chr, range(0x20000)))
    pairs = (d.split() for d in decompositions if d and d[0] != "<" and " " in d)
    return frozenset(int(p[1], 16) for p in pairs if len(p) == 2)


def _interacts(ch: str) -> bool:
    return (
        bool(unicodedata.combining(ch))
        or ord(ch) in _composition_partners()
        or 0x1100 <= ord(ch) <= 0x11FF
        or (0x3130 <= ord(ch) <= 0x318F)
    )


@lru_cache(maxsize=1)
def _nfkc_tables() -> _NfkcTables:
    cps = np.flatnonzero((np.arange(0x10000) < 0xD800) | (np.arange(0x10000) > 0xDFFF))
    chars = list(map(chr, cps.tolist()))
    mapped = [unicodedata.normalize("NFKC", c) for c in chars]
    # Combining marks, other composition partners and Hangul (jamo, compatibility jamo, syllables) interact with
    # their neighbours: they need the full algorithm, as do characters that map to one.
    interacts = np.zeros(0x10000, dtype=bool)
    interacts[cps] = np.fromiter(map(unicodedata.combining, chars), dtype=np.int64, count=len(chars)) > 0
    interacts[[c for c in _composition_partners() if c < 0x10000]] = True
    interacts[0x1100:0x1200] = interacts[0x3130:0x3190] = interacts[0xAC00:0xD7A4] = True
    single = np.arange(0x10001, dtype=np.uint32)
    multi = np.zeros(0x10000, dtype=bool)
    multi_map: dict[str, str] = {}
    for cp, c, m in zip(cps.tolist(), chars, mapped, strict=True):
        if m == c or interacts[cp]:
            continue
        if any(map(_interacts, m)):
            interacts[cp] = True
        elif len(m) == 1:
            single[cp] = ord(m)
        else:
            multi[cp] = True
            multi_map[c] = m
    flags = np.zeros(0x10001, dtype=np.uint8)
    flags[:-1] = (
        np.where(single[:-1] != np.arange(0x10000, dtype=np.uint32), CHANGES, 0)
        | np.where(multi, MULTI, 0)
        | np.where(interacts, INTERACTS, 0)
    )
    flags[-1] = ASTRAL
    return _NfkcTables(single, multi_map, flags)


@lru_cache(maxsize=4096)
def _astral(cp: int) -> tuple[int, int]:
    """(flag, the character it maps to) of one astral character: 0 (unchanged: emoji, CJK extensions...),
    CHANGES (to one character: mathematical letters), else INTERACTS (the full algorithm for its line)."""
    c = chr(cp)
    m = unicodedata.normalize("NFKC", c)
    if _interacts(c) or any(map(_interacts, m)):
        return INTERACTS, cp
    if m == c:
        return 0, cp
    return (CHANGES, ord(m)) if len(m) == 1 else (INTERACTS, cp)


def utf32(text: str) -> np.ndarray:
    """The code points of ``text`` (uint32); a lone surrogate (a badly decoded file) is a code point like others."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def owners(positions: np.ndarray, lengths: np.ndarray, gap: int = 0, first: int = 0) -> np.ndarray:
    """The text each of ``positions`` falls in (int64 indices), in a column of texts ``lengths`` long joined one
    after another, each followed by ``gap`` separator characters (a separator's position is its text's), the first
    text from position ``first`` on (every position at or after it: the column's own)."""
    ends = np.cumsum(lengths + gap if gap else lengths)
    return np.searchsorted(ends, positions - first if first else positions, side="right")


def from_utf32(cps: np.ndarray) -> str:
    """The text of code points (the inverse of ``utf32``)."""
    # Decoded from the array's own memory (``tobytes`` made a copy of it first).
    return str(np.ascontiguousarray(cps, dtype=np.uint32).data, "utf-32-le", "surrogatepass")


def nfkc(text: str) -> str:
    """unicodedata.normalize("NFKC", text), several times faster on typical Chinese text (vectorised lookup).

    Lines with combining sequences (or characters that compose otherwise) get the full algorithm, the others the
    lookup: nothing composes across a line break, so normalising line by line is normalising the whole."""
    if text.isascii():
        return text
    t = _nfkc_tables()
    cps = utf32(text)
    char_flags = t.flags.take(cps, mode="clip")
    mapped = t.single.take(cps, mode="clip")
    if cps.max() > 0xFFFF:  # astral characters (emoji, mostly): each distinct one looked up on its own
        at = np.flatnonzero(cps > 0xFFFF)
        distinct, which = np.unique(cps[at], return_inverse=True)
        looked_up = np.array([_astral(c) for c in distinct.tolist()], dtype=np.uint32).reshape(-1, 2)
        char_flags[at] = looked_up[which, 0]
        mapped[at] = looked_up[which, 1]
    flags = int(np.bitwise_or.reduce(char_flags)) if len(char_flags) else 0
    if not flags & INTERACTS:
        return _nfkc_lookup(text, mapped, char_flags, flags, t)
    hard = _lines_holding(cps, np.flatnonzero(char_flags & INTERACTS))
    if hard is None:  # most lines need it: the full algorithm at once
        return unicodedata.normalize("NFKC", text)
    hard_lines, spans = hard
    lines = text.split("\n")
    for lo, hi in spans:
        mapped[lo:hi], char_flags[lo:hi] = 0x41, 0  # "A": left as it is, replaced below
    easy_lines = _nfkc_lookup(text, mapped, char_flags, CHANGES | MULTI, t).split("\n")
    if len(easy_lines) != len(lines):  # a mapping made or removed a line break (none does): the full algorithm
        return unicodedata.normalize("NFKC", text)
    for i in hard_lines:
        easy_lines[i] = unicodedata.normalize("NFKC", lines[i])
    return "\n".join(easy_lines)


def _lines_holding(cps: np.ndarray, at: np.ndarray) -> tuple[list[int], list[tuple[int, int]]] | None:
    """The lines (ending at "\\n") holding a position ``at``: their numbers and their (start, end) in ``cps``;
    None when that is most lines (the caller then works on the whole text)."""
    if not len(at):
        return [], []
    breaks = np.flatnonzero(cps == 10)
    lines = sorted_unique(np.searchsorted(breaks, at))  # (np.unique would load numpy.ma: 12-40 ms)
    if len(lines) * 4 > len(breaks) + 1:
        return None
    bounds = np.r_[-1, breaks, len(cps)]  # line i runs from bounds[i] + 1 to bounds[i + 1]
    return lines.tolist(), list(zip((bounds[lines] + 1).tolist(), bounds[lines + 1].tolist(), strict=True))


def _nfkc_lookup(text: str, mapped: np.ndarray, char_flags: np.ndarray, flags: int, t: _NfkcTables) -> str:
    """The text with each character mapped (``mapped``: one for one) and each MULTI character spelled out."""
    if flags & (CHANGES | MULTI | INTERACTS):
        text = from_utf32(mapped)
    if flags & MULTI:
        at = np.flatnonzero(char_flags & MULTI).tolist()
        pieces: list[str] = []
        prev, multi = 0, t.multi_map
        for p in at:
            pieces += (text[prev:p], multi[text[p]])
            prev = p + 1
        pieces.append(text[prev:])
        text = "".join(pieces)
    return text


# The fused table's entries that are not a code point (all above 0x10FFFF).
_FUSED_FULL = 0xFFFFFFFF  # needs the full algorithms: combining marks, jamo, Σ (its lower case depends on context)
_FUSED_ASTRAL = 0xFFFFFFFE  # beyond the BMP: looked up one distinct character at a time
_FUSED_MULTI = 0x200000  # + i: becomes expansions[i], several characters ("…" -> "...", "㎏" -> "kg")


@dataclass(frozen=True)
class _FusedTables:
    table: np.ndarray  # uint32[0x10001]: lower(nfkc(c)) of each BMP character, or one of the marks above
    expansions: np.ndarray  # uint32: the characters of every expansion, one after another
    starts: np.ndarray  # int64: where expansion i starts in ``expansions`` (and ends: starts[i + 1])


# Traditional Chinese characters folded to simplified ones, as NFKC folds full-width forms: a story of a Hong Kong
# or Taiwan paper reposted by a mainland site, converted character by character, is a copy ("恒生指數今日收市上漲
# 320點" / "恒生指数今日收市上涨320点": no two characters alike, kept apart as two texts). OpenCC's table of
# characters (``opencc``, its "t2s" conversion) gives, for each character of the BMP's CJK blocks, its simplified
# form - one character for one, so a text keeps its length. Without OpenCC (a platform it has no wheel for),
# nothing is folded. Kept in the user's cache folder, named after OpenCC's installed files (``_opencc_stamp``).
_T2S_BLOCKS = ((0x3400, 0x4DC0), (0x4E00, 0xA000), (0xF900, 0xFB00))


@lru_cache(maxsize=1)
def _t2s_table() -> np.ndarray | None:
    """uint32[0x10001]: the simplified form of each BMP code point (itself where it has none; index 0x10000, every
    astral character, itself: none is folded), or None without OpenCC."""
    stamp = _opencc_stamp()
    if stamp is None:  # (not found where files can be read: named after the version, as OpenCC tells it)
        try:
            import opencc
        except ImportError:
            return None
        stamp = f"opencc{getattr(opencc, '__version__', '0')}"
    name = f"t2s-{stamp}-v2.npz"
    cached = cache.load_arrays(name, ("table",))
    if cached is not None and cached["table"].dtype == np.uint32 and cached["table"].shape == (0x10001,):
        return cached["table"]
    convert = t2s_converter()
    if convert is None:
        return None
    table = np.arange(0x10001, dtype=np.uint32)
    codes = np.concatenate([np.arange(lo, hi) for lo, hi in _T2S_BLOCKS])
    chars = [chr(c) for c in codes.tolist()]
    folded = convert("\n".join(chars)).split("\n")
    if len(folded) == len(chars):  # (one line for each: else the conversion joined or split some, and none is used)
        for c, f in zip(chars, folded, strict=True):
            if len(f) == 1 and f != c and ord(f) < 0x10000:
                table[ord(c)] = ord(f)
    cache.save_arrays(name, table=table)
    return table


def _opencc_stamp() -> str | None:
    """The installed OpenCC told by its files - the path, size and time of its package's ``__init__.py`` and of its
    compiled library - found without importing it (5 ms of every job that folds, when its table is kept); None
    where it is not installed as files (or not at all)."""
    try:
        spec = find_spec("opencc")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    try:
        files = [folder / "__init__.py", *sorted((folder / "clib").glob("opencc_clib*"))]
        stamp = "|".join(f"{f}:{f.stat().st_size}:{f.stat().st_mtime_ns}" for f in files)
    except OSError:
        return None
    return xxhash.xxh64_hexdigest(stamp.encode("utf-8", "surrogateescape"))


def t2s_converter() -> Callable[[str], str] | None:
    """OpenCC's conversion of traditional Chinese to simplified, or None without OpenCC or its tables."""
    try:
        import opencc
    except ImportError:
        return None
    for config in ("t2s", "t2s.json"):  # (an older OpenCC names its configurations with ".json")
        try:
            return opencc.OpenCC(config).convert
        except Exception:  # its tables missing or unreadable: no folding (the selftest says so)
            continue
    return None


@lru_cache(maxsize=1)
def _t2s_map() -> dict[int, int]:
    """``_t2s_table`` as ``str.translate`` takes it: only the characters it folds."""
    table = _t2s_table()
    if table is None:
        return {}
    changed = np.flatnonzero(_t2s_changes())
    return dict(zip(changed.tolist(), table[changed].tolist(), strict=True))


def simplify(text: str) -> str:
    """``text`` with its traditional Chinese characters folded to simplified ones (``_t2s_table``)."""
    if text.isascii():
        return text
    fold = _t2s_map()
    if len(text) < _SIMPLIFY_ARRAY_CHARS or not fold:
        return text.translate(fold) if fold else text
    table = _t2s_table()
    assert table is not None
    cps = utf32(text)
    mapped = table.take(cps, mode="clip")
    astral = cps > 0xFFFF
    if astral.any():
        mapped[astral] = cps[astral]
    return from_utf32(mapped)


_SIMPLIFY_ARRAY_CHARS = 100  # longer texts are folded as an array (str.translate: 74 against 9.5 µs at 1,260)


@lru_cache(maxsize=1)
def _t2s_changes() -> np.ndarray:
    """bool[0x10001]: the BMP characters ``simplify`` folds (index 0x10000, every astral character: none)."""
    table = _t2s_table()
    changes = np.zeros(0x10001, dtype=bool)
    if table is not None:
        changes[:0x10000] = table[:0x10000] != np.arange(0x10000, dtype=np.uint32)
    return changes


def _folded_texts(cps: np.ndarray, lengths: Iterable[int], first: int) -> np.ndarray:
    """Which texts of a joined column hold a character ``simplify`` folds: ``cps`` the code points of the column,
    its texts ``lengths`` long, the first from ``first`` on, each followed by a separator line (``_JOIN``)."""
    return _texts_holding(np.flatnonzero(_t2s_changes().take(cps, mode="clip")), lengths, first)


def _texts_holding(hit: np.ndarray, lengths: Iterable[int], first: int) -> np.ndarray:
    """Which texts of a joined column (``_folded_texts``) hold one of the positions ``hit``."""
    sizes = np.fromiter(lengths, dtype=np.int64)
    out = np.zeros(len(sizes), dtype=bool)
    if len(hit):
        out[owners(hit, sizes, len(_JOIN), first)] = True
    return out


# A flag in the entry of the simplified fused table (``_flagged_fused_table``) of each character ``simplify`` folds:
# above every code point, below the marks of ``_FUSED_MULTI``'s range (which it may be added to) and never read
# where an entry is ``_FUSED_ASTRAL`` or ``_FUSED_FULL`` (every bit set).
_FOLDS = np.uint32(0x40000000)


@lru_cache(maxsize=1)
def _flagged_fused_table() -> np.ndarray | None:
    """``_simplified_fused_tables().table`` with ``_FOLDS`` set in the entry of each character ``simplify`` folds
    (``_t2s_changes``): the one lookup of ``nfkc_lower_collapse`` tells both what a character becomes and whether
    the text held one that is folded - where a second lookup of every character for that alone took a fifth of the
    normalising of 100k bench articles. None without OpenCC, or where a folded character's entry is a mark that
    cannot carry the flag (none is: such a character needs no full algorithm)."""
    changes = _t2s_changes()[:0x10000]
    if not changes.any():
        return None
    table = _simplified_fused_tables().table.copy()
    entries = table[:0x10000][changes]
    if (entries >= np.uint32(_FUSED_ASTRAL)).any() or (entries & _FOLDS).any():
        return None
    table[:0x10000][changes] |= _FOLDS
    return table


# Kept in the user's cache folder (``core.cache``): a run loads it in a millisecond instead of building it and the
# NFKC tables it comes from (~60 ms). Named after the Unicode version of this Python (NFKC and lower case both come
# from it) and the layout below.
_FUSED_LAYOUT = 1


@lru_cache(maxsize=1)
def _simplified_fused_tables() -> _FusedTables:
    """``_fused_tables`` with each character it maps to (and each of its expansions) folded to simplified Chinese
    (``_t2s_table``) - lower(nfkc(c)), then folded, as ``normalise`` does it - or the tables themselves without
    OpenCC."""
    f = _fused_tables()
    t2s = _t2s_table()
    if t2s is None:
        return f
    table = f.table.copy()
    bmp = table < 0x10000  # (a character of the BMP; the marks, all above 0x10FFFF, and astral results stay)
    table[bmp] = t2s[table[bmp]]
    expansions = f.expansions.copy()
    low = expansions < 0x10000
    expansions[low] = t2s[expansions[low]]
    return _FusedTables(table, expansions, f.starts)


@lru_cache(maxsize=1)
def _fused_tables() -> _FusedTables:
    name = f"nfkc-lower-unicode{unicodedata.unidata_version}-v{_FUSED_LAYOUT}.npz"
    cached = cache.load_arrays(name, ("table", "expansions", "starts"))
    if cached is not None and _fused_tables_fit(**cached):
        return _FusedTables(**cached)
    tables = _build_fused_tables()
    cache.save_arrays(name, table=tables.table, expansions=tables.expansions, starts=tables.starts)
    return tables


def _fused_tables_fit(table: np.ndarray, expansions: np.ndarray, starts: np.ndarray) -> bool:
    """Whether arrays read back from the cache are whole tables: the right shapes, every expansion index in
    range, and a few entries as they must be."""
    if table.dtype != np.uint32 or table.shape != (0x10001,) or expansions.dtype != np.uint32:
        return False
    if starts.dtype != np.int64 or starts.ndim != 1 or not len(starts) or starts[0] != 0:
        return False
    if starts[-1] != len(expansions) or (np.diff(starts) < 1).any():
        return False
    marks = table[(table >= _FUSED_MULTI) & (table < _FUSED_ASTRAL)] - _FUSED_MULTI
    if len(marks) != len(starts) - 1 or (len(marks) and int(marks.max()) >= len(starts) - 1):
        return False
    return table[0xFF21] == ord("a") and table[0x3A3] == _FUSED_FULL and table[0x10000] == _FUSED_ASTRAL


def _build_fused_tables() -> _FusedTables:
    t = _nfkc_tables()
    results = list(map(chr, t.single[:-1].tolist()))  # NFKC of each BMP character...
    for c, m in t.multi_map.items():
        results[ord(c)] = m
    # ... lowered all at once, between separators that have no case and that lower() does not look across.
    sep = "\U000f0000"
    lowered = sep.join(results).lower().split(sep)
    one = np.fromiter(map(len, lowered), dtype=np.int64, count=0x10000) == 1
    table = np.empty(0x10001, dtype=np.uint32)
    table[:-1][one] = utf32("".join(itertools.compress(lowered, one.tolist())))
    pieces: list[str] = []
    for cp in np.flatnonzero(~one).tolist():
        table[cp] = _FUSED_MULTI + len(pieces)
        pieces.append(lowered[cp])
    sigma = np.fromiter(("\u03a3" in m for m in results), dtype=bool, count=0x10000)
    table[:-1][(t.flags[:-1] & INTERACTS).astype(bool) | sigma] = _FUSED_FULL
    table[0x10000] = _FUSED_ASTRAL
    lengths = np.array([len(p) for p in pieces], dtype=np.int64)
    return _FusedTables(table, utf32("".join(pieces)), np.r_[0, np.cumsum(lengths)])


def nfkc_lower_collapse(
    text: str, simplified: bool = False, code_points: list | None = None, folds: list | None = None
) -> str | None:
    """``collapse_whitespace(nfkc(text).lower())`` with one trip to code points and back: the three steps are a
    lookup per character where nothing depends on the characters around it. Lines holding a character whose
    result does (combining marks and other composition partners, Hangul, Σ) take the three steps one by one, as
    nothing composes or changes case across a line break; None when most lines hold one (the caller then takes
    the steps over the whole text). ``simplified``: traditional Chinese characters folded too (``simplify``, after
    the lower case), in the same lookup. ``code_points``: the text's code points are put in it (for the caller to
    look at them again without another trip). ``folds`` (with ``simplified``): the positions in ``text`` of the
    characters ``simplify`` folds are put in it, told by the same lookup (``_flagged_fused_table``) - nothing is put
    in it where that table cannot be had, and the caller looks for them itself."""
    cps = utf32(text)
    if code_points is not None:
        code_points.append(cps)
    flagged = _flagged_fused_table() if simplified and folds is not None else None
    if not len(cps):
        if flagged is not None and folds is not None:
            folds.append(np.zeros(0, dtype=np.int64))
        return text
    f = _simplified_fused_tables() if simplified else _fused_tables()
    mapped = (f.table if flagged is None else flagged).take(cps, mode="clip")
    if int(mapped.max()) <= 0x10FFFF:
        if flagged is not None and folds is not None:
            folds.append(np.zeros(0, dtype=np.int64))
        return from_utf32(_collapse_code_points(mapped, own=True))
    special = np.flatnonzero(mapped > 0x10FFFF)
    if flagged is not None and folds is not None:
        values = mapped[special]
        marked = ((values & _FOLDS) != 0) & (values < np.uint32(_FUSED_ASTRAL))
        at = special[marked]
        folds.append(at)
        if len(at):
            mapped[at] &= ~_FOLDS
            special = special[~marked | (mapped[special] > 0x10FFFF)]
            if not len(special):
                return from_utf32(_collapse_code_points(mapped, own=True))
    astral = special[mapped[special] == _FUSED_ASTRAL]
    if len(astral):
        distinct, which = np.unique(cps[astral], return_inverse=True)
        lowered = np.array([_astral_lower(c) for c in distinct.tolist()], dtype=np.uint32)
        t2s = _t2s_table() if simplified else None
        if t2s is not None:  # (a compatibility ideograph beyond the BMP is a BMP character once normalised)
            bmp = lowered < 0x10000
            lowered[bmp] = t2s[lowered[bmp]]
        mapped[astral] = lowered[which]
    context = _lines_holding(cps, special[mapped[special] == _FUSED_FULL])
    if context is None:
        return None
    # A line holding such a character: the full algorithm (the lookup tables of ``nfkc`` would send it there too).
    fold = simplify if simplified else _unchanged
    hard = [(lo, hi, utf32(fold(unicodedata.normalize("NFKC", text[lo:hi]).lower()))) for lo, hi in context[1]]
    for lo, hi, _ in hard:
        mapped[lo:hi] = 0x61  # any one character: the line's own result replaces these below
    multi = special[(mapped[special] >= _FUSED_MULTI) & (mapped[special] < _FUSED_ASTRAL)]
    if len(multi):
        mapped, shift = _expand(mapped, multi, mapped[multi] - _FUSED_MULTI, f)
        moved = [lo + int(shift[np.searchsorted(multi, lo)]) for lo, _, _ in hard]
        hard = [(m, m + hi - lo, line) for m, (lo, hi, line) in zip(moved, hard, strict=True)]
    if hard:
        pieces, prev = [], 0
        for lo, hi, line in hard:
            pieces += [mapped[prev:lo], line]
            prev = hi
        pieces.append(mapped[prev:])
        mapped = np.concatenate(pieces)
    return from_utf32(_collapse_code_points(mapped, own=True))


def _unchanged(text: str) -> str:
    return text


def _astral_lower(cp: int) -> int:
    """lower(nfkc(c)) of one character beyond the BMP when that is one character and needs no context, else
    ``_FUSED_FULL``."""
    flag, mapped = _astral(cp)
    low = chr(mapped).lower()
    return _FUSED_FULL if flag & INTERACTS or len(low) != 1 or mapped == 0x3A3 else ord(low)


def _expand(mapped: np.ndarray, at: np.ndarray, which: np.ndarray, f: _FusedTables) -> tuple[np.ndarray, np.ndarray]:
    """``mapped`` with the character at each position ``at`` (ascending) replaced by expansion ``which``: its first
    character in place, the others inserted after it. Also how many characters were inserted before each position
    ``at`` and after the last (``shift``: a position p moves to p + shift[searchsorted(at, p)])."""
    which = which.astype(np.int64)
    lengths = f.starts[which + 1] - f.starts[which]
    mapped[at] = f.expansions[f.starts[which]]
    rest = lengths - 1
    within = np.arange(int(rest.sum())) - np.repeat(np.cumsum(rest) - rest, rest)
    inserted = f.expansions[np.repeat(f.starts[which] + 1, rest) + within]
    shift = np.zeros(len(at) + 1, dtype=np.int64)
    np.cumsum(rest, out=shift[1:])
    return np.insert(mapped, np.repeat(at + 1, rest), inserted), shift


def normalise(text: str, opts: NormaliseOptions) -> str:
    """The text fingerprints are computed from: lines kept (sentence splitting needs them), chrome removed.

    Built from str methods that run at C speed: this runs on every row of every run.
    """
    if opts.strip_html:
        text = strip_html(text)
    if opts.nfkc:
        text = nfkc(text)
    if opts.casefold:
        text = text.lower()
    if opts.simplify:
        text = simplify(text)
    if opts.collapse_whitespace:
        # str.split() knows every Unicode space (ideographic, no-break...); zero-width spaces are not spaces.
        lines = [" ".join(line.split()) for line in text.replace("\u200b", "").splitlines()]
    else:
        lines = text.splitlines()
    if opts.drop_quoted:
        unquoted = [line for line in lines if not line.lstrip().startswith(">")]
        # A text quoted throughout keeps its lines: a forward without a word of its own, a Chinese headline opening
        # ">>点击阅读原文" - left empty, it was no duplicate even of its exact copy.
        if any(unquoted):
            lines = unquoted
    text = "\n".join(line for line in lines if line)
    if opts.drop_quoted and "\n--" in text:
        text = drop_signature(text)
    if opts.strip_html and ("{" in text or "}" in text):  # page chrome always brings braces along
        text = _strip_chrome(text)
    patterns = _compile_patterns(opts.boilerplate_patterns)
    if patterns:
        text = "\n".join(line for line in text.split("\n") if not any(p.search(line) for p in patterns))
    return text


SEP = "\ue000"  # a private-use character, on a line of its own between texts while a column is worked at once
_JOIN = "\n" + SEP + "\n"


def join_column(texts: list[str]) -> str | None:
    """``texts`` joined with a separator line between them, or None when a text holds the separator itself (the
    caller then works text by text)."""
    joined = _JOIN.join(texts)
    return joined if joined.count(SEP) == max(0, len(texts) - 1) else None


def joined_starts(texts: list[str]) -> np.ndarray:
    """Where each of ``texts`` begins in the column ``join_column`` joins of them (int64)."""
    spans = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + len(_JOIN)
    return np.cumsum(spans) - spans


# Spans of a column are told apart by a polynomial hash of their characters, computed for many spans at once from
# prefix sums (64-bit, wrapping arithmetic), mixed with the span's length.
_BASE = 0x100000001B3
_BASE_INV = pow(_BASE, -1, 1 << 64)
_LEN_MIX = np.uint64(0x9E3779B97F4A7C15)


def code_points(text: str) -> np.ndarray:
    """The code points of ``text`` (uint64, ready for ``span_hashes``)."""
    return utf32(text).astype(np.uint64)


_powers_cache: list[np.ndarray] = [np.ones((2, 1), dtype=np.uint64)]


def _powers(n: int) -> np.ndarray:
    """BASE**i and BASE**-i (mod 2**64) for i <= n, as two rows (grown as needed, kept for the next call)."""
    have = _powers_cache[0]
    if have.shape[1] <= n:
        size = max(n + 1, 2 * have.shape[1], 1 << 16)
        powers = np.empty((2, size), dtype=np.uint64)
        powers[:, 0] = 1
        powers[0, 1:], powers[1, 1:] = np.uint64(_BASE), np.uint64(_BASE_INV)
        np.cumprod(powers, axis=1, out=powers)
        _powers_cache[0] = have = powers
    return have


def span_positions(starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Every position of the spans ``[start, start + size)``, span after span, in one array."""
    sizes = np.asarray(sizes, dtype=np.int64)
    return np.repeat(np.asarray(starts, dtype=np.int64) - (np.cumsum(sizes) - sizes), sizes) + np.arange(
        int(sizes.sum())
    )


def span_hashes(cps: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each span ``cps[start:end]`` that depends only on the characters it holds (not on where
    the span is): equal spans anywhere, in any column, hash alike (``string_hash``)."""
    n = len(cps)
    powers = _powers(n)
    starts, ends = np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64)
    if len(starts) and int(ends[-1] - starts[0]) >= SUMMED_SPAN_CHARS * len(starts) and _in_order_apart(starts, ends):
        sums = _sums_in_order(cps, powers[0], starts, ends)
    else:
        prefix = np.zeros(n + 1, dtype=np.uint64)
        np.cumsum(cps * powers[0, :n], out=prefix[1:])
        sums = prefix[ends] - prefix[starts]
    return sums * powers[1, starts] ^ ((ends - starts).astype(np.uint64) * _LEN_MIX)


# Spans in order this long on average (the characters from the first's start to the last's end, per span) or longer
# are summed by ``np.add.reduceat`` (``_sums_in_order``), shorter ones by prefix sums: reduceat's cost per span
# outweighs the prefix sum's per character below ~10 characters a span (334,000 characters, measured: words of 2
# characters 9.6 ms against 4.8, of 8 3.5 against 3.2, sentences of 16 1.7 against 2.5, of 32 1.2 against 2.3).
SUMMED_SPAN_CHARS = 12


def _in_order_apart(starts: np.ndarray, ends: np.ndarray) -> bool:
    """Whether the spans (one or more) come in order and none overlaps the next (the pieces, sentences and words of
    a column)."""
    return bool((starts <= ends).all()) and bool((starts[1:] >= ends[:-1]).all())


def _sums_in_order(cps: np.ndarray, powers: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """``sum(cps[i] * powers[i] for i in span)`` (mod 2**64) of spans in order, none overlapping the next
    (``_in_order_apart``), ``SUMMED_SPAN_CHARS`` or more on average: one ``np.add.reduceat`` over the range they
    cover, at the spans' starts and ends - not a prefix sum of every character written out and read back at both
    ends of each span (a slice of 334,000 Chinese characters in 8,500 sentences: 0.64 ms against 2.2 ms)."""
    lo, hi = int(starts[0]), int(ends[-1])
    weighted = np.empty(hi - lo + 1, dtype=np.uint64)  # one zero past the end: every span's end is a valid index
    np.multiply(cps[lo:hi], powers[lo:hi], out=weighted[:-1])
    weighted[-1] = 0
    bounds = np.empty(2 * len(starts), dtype=np.int64)
    np.subtract(starts, lo, out=bounds[0::2])
    np.subtract(ends, lo, out=bounds[1::2])
    sums = np.add.reduceat(weighted, bounds)[0::2]
    sums[starts == ends] = 0  # (reduceat gives an empty span the character at its start)
    return sums


def row_hashes(chars: np.ndarray) -> np.ndarray:
    """For strings of one length L, a row of code points each (uint64, m x L): the ``string_hash`` of each."""
    length = chars.shape[1]
    return (chars * _powers(length)[0, :length]).sum(axis=1, dtype=np.uint64) ^ _length_mix(length)


def deletion_hashes(chars: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For strings of one length L, a row of code points each (uint64, m x L): the ``string_hash`` of each (m) and
    of each way of deleting one of its characters (m x L: column j, the string without its j-th character). The
    characters before the deleted one keep their powers of the hash, those after it take one power lower."""
    m, length = chars.shape
    powers = _powers(length)[0]
    weighted = chars * powers[:length]
    before = np.cumsum(weighted, axis=1, dtype=np.uint64) - weighted
    after = np.zeros_like(weighted)
    if length > 1:
        lowered = chars[:, 1:] * powers[: length - 1]
        after[:, :-1] = np.cumsum(lowered[:, ::-1], axis=1, dtype=np.uint64)[:, ::-1]
    return row_hashes(chars), (before + after) ^ _length_mix(max(0, length - 1))


def _length_mix(length: int) -> np.uint64:
    """What ``span_hashes`` mixes into the hash of a span of ``length`` characters (wrapping, without numpy's
    scalar overflow warning)."""
    return np.uint64((length * int(_LEN_MIX)) & 0xFFFFFFFFFFFFFFFF)


def string_hash(text: str) -> int:
    """``span_hashes`` of one whole string."""
    return int(span_hashes(code_points(text), np.array([0]), np.array([len(text)]))[0])


def string_hashes(words: Sequence[str]) -> np.ndarray:
    """``string_hash`` of each of ``words`` (uint64, in their order), from one ``span_hashes`` of them joined: a
    table of a thousand words made in a millisecond, not in a thousand calls - which, on a thread beside the
    column kernels, each waited for the interpreter lock (the opposite words' table: 11 ms alone, 47 ms there)."""
    if not words:
        return np.zeros(0, dtype=np.uint64)
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    ends = np.cumsum(lengths + 1) - 1  # (joined with a character between each word and the next)
    return span_hashes(code_points("\0".join(words)), ends - lengths, ends)


def number_pieces(pieces: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """For the pieces (sentences, words) of a joined column: which are separators, and the text of each piece."""
    is_sep = np.fromiter(map(SEP.__eq__, pieces), dtype=bool, count=len(pieces))
    return is_sep, np.cumsum(is_sep)


_LINE_BREAK_CHARS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"  # where str.splitlines breaks
_ZERO_WIDTH = "\u200b"  # not a space (str.split keeps it), but dropped: it only hides a word boundary


def whitespace_code_points() -> np.ndarray:
    """The characters of the BMP that ``str.isspace`` (and so ``str.split``) takes for whitespace, kept in the user's
    cache folder (``cached_code_points``: asking each of the 65,536 characters took 9 ms of every job)."""
    return cached_code_points("whitespace", _find_whitespace, (0x20, 0x3000))


def _find_whitespace() -> list[int]:
    return [c for c in range(0x10000) if chr(c).isspace()]


@lru_cache(maxsize=1)
def _space_classes() -> np.ndarray:
    """For each BMP code point: 0 a character, 1 a space (``str.isspace``), 2 a line break, 3 dropped (zero-width
    space). No code point beyond the BMP is a space."""
    classes = np.zeros(0x10000, dtype=np.uint8)
    classes[whitespace_code_points()] = 1
    classes[[ord(c) for c in _LINE_BREAK_CHARS]] = 2
    classes[ord(_ZERO_WIDTH)] = 3
    return np.append(classes, np.uint8(0))  # index 0x10000: every astral character


def collapse_whitespace(text: str) -> str:
    """Zero-width spaces dropped, then each run of whitespace made one character: a line break where the run holds
    one (any of str.splitlines' breaks), else a space. The lines of ``normalise`` with their spaces collapsed
    (``" ".join(line.split())``) and empty lines dropped, for a whole joined column in a few array operations."""
    if not text:
        return text
    return from_utf32(_collapse_code_points(utf32(text)))


def _collapse_code_points(cps: np.ndarray, own: bool = False) -> np.ndarray:
    """``collapse_whitespace`` on code points (``own``: ``cps`` may be changed in place)."""
    cls = _space_classes().take(cps, mode="clip")  # clipped: every astral character is index 0x10000
    # Whitespace positions (and zero-width spaces); of a boolean test, which numpy scans several times faster than
    # the bytes themselves (100k bench articles: 0.22 of 0.52 s of this function, on one core).
    at = np.flatnonzero(cls != 0)
    if not len(at):
        return cps
    kind = cls.take(at)
    del cls
    zero_width = kind == 3
    gone_zw = None
    place = at  # each whitespace character's place once the zero-width ones are gone
    if zero_width.any():
        # Taken out with the rest below, not copied out first (two copies of the column and a third pass): a
        # run of whitespace is one run with a zero-width space inside it.
        gone_zw, at, kind = at[zero_width], at[~zero_width], kind[~zero_width]
        if not len(at):
            return np.delete(cps, gone_zw)
        place = at - np.searchsorted(gone_zw, at)
    first = np.ones(len(at), dtype=bool)
    first[1:] = place[1:] != place[:-1] + 1  # each run's first position
    run = np.cumsum(first) - 1
    has_break = np.zeros(int(run[-1]) + 1, dtype=bool)
    has_break[run[kind == 2]] = True
    out = cps if own else cps.copy()
    out[at[first]] = np.where(has_break, 10, 32)
    gone = at[~first]
    if gone_zw is not None:
        gone = np.sort(np.concatenate([gone, gone_zw]))
    return np.delete(out, gone)


_QUOTED_LINES = regexes.compile(r"(?m)^>[^\n]*(?:\n|\Z)")
# A run of quoted lines from the start of its first: ``drop_quoted_lines`` takes a run at a time, not a line (20
# Newsgroups' replies quote paragraphs: 117,709 quoted lines in 17,762 runs, its 81 slices 0.13-0.14 -> 0.10 s).
_QUOTED_RUN = regexes.compile(r"(?:>[^\n]*(?:\n|\Z))+")


# Characters joined into one string at a time: each string operation over it is one call holding the interpreter
# lock, so this bounds how long the window waits (~20-50 ms).
GIL_CHUNK_CHARS = 400_000
MIN_SPLIT_CHARS = 100_000  # fewer characters are one slice


def text_slices(texts: list[str], limit: int | None = None, lengths: np.ndarray | None = None) -> list[tuple[int, int]]:
    """Consecutive ranges of ``texts`` of at most about ``limit`` (``GIL_CHUNK_CHARS``) characters each (at least
    one text each), as many of them on each core. ``lengths``: the texts' lengths, when the caller has them (asked
    of each text anew, 1M short texts: 40-80 ms holding the interpreter lock)."""
    if lengths is None:
        lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    lengths = lengths + 3  # with the separator line
    limit = GIL_CHUNK_CHARS if limit is None else limit
    total = int(lengths.sum())
    if total < MIN_SPLIT_CHARS:
        return ranges_by_size(lengths, limit)
    # As even as can be on the cores (``balanced_share``): the 38,643 LCQMC questions, 535,000 characters, were a
    # slice of 400,000 and one of 135,000 - one core idle for most of the second.
    return even_ranges(lengths, balanced_share(total, limit))


def even_ranges(sizes: np.ndarray, step: int) -> list[tuple[int, int]]:
    """Consecutive ranges of items (``sizes``: each one's size), a range closed by the item that brings the sizes
    so far to a multiple of ``step`` or past it: ``ceil(total / step)`` ranges of about ``step`` each (fewer when
    single items are larger), none left over as a sliver at the end."""
    ends = np.cumsum(sizes)
    total = int(ends[-1]) if len(ends) else 0
    cuts = np.searchsorted(ends, np.arange(step, total, step), side="left") + 1
    bounds = sorted_unique(np.concatenate([[0], cuts, [len(sizes)]]).astype(np.int64)).tolist()
    return list(zip(bounds[:-1], bounds[1:], strict=True))


def per_slice(
    texts: list[str], work, lengths: np.ndarray | None = None, more: tuple[np.ndarray, ...] = ()
) -> tuple[Any, ...]:
    """``work`` (a slice of texts -> arrays of the same items: 64-bit values, the index in the slice of the text
    each is from, then as many more as ``more`` holds, each of them an array or None) run a slice of the column at
    a time (``text_slices``; ``lengths``: the texts' lengths, when known): each array joined - the indices made the
    column's, None where a slice gave None. ``more``: those further arrays, empty (their type and shape: what a
    column of no text gives)."""
    parts: list[list[np.ndarray] | None] = [[np.zeros(0, dtype=np.uint64)], [np.zeros(0, dtype=np.int64)]]
    parts += [[empty] for empty in more]
    for (lo, _), arrays in map_ranges(lambda lo, hi: work(texts[lo:hi]), text_slices(texts, lengths=lengths)):
        for k, array in enumerate(arrays):
            held = parts[k]
            if array is None:
                parts[k] = None
            elif held is not None:
                held.append(array + lo if k == 1 else array)
    return tuple(None if p is None else np.concatenate(p) for p in parts)


def ranges_by_size(sizes: np.ndarray, limit: int, max_items: int | None = None) -> list[tuple[int, int]]:
    """Consecutive ranges of items whose ``sizes`` add up to about ``limit`` (at least one item, at most
    ``max_items``, per range)."""
    ends = np.cumsum(sizes)
    out, lo, n = [], 0, len(sizes)
    while lo < n:
        base = int(ends[lo - 1]) if lo else 0
        hi = min(max(int(np.searchsorted(ends, base + limit, side="right")), lo + 1), n)
        if max_items is not None:
            hi = min(hi, lo + max_items)
        out.append((lo, hi))
        lo = hi
    return out


def normalise_all(texts: list[str], opts: NormaliseOptions, folded: np.ndarray | None = None) -> list[str]:
    """``[normalise(t, opts) for t in texts]``, a slice of the column at a time (``_normalise_slice``), two slices
    side by side: the lookups and whitespace runs are numpy's, which lets go of the interpreter lock (100k
    articles: 2.37-2.45 s on one thread, 1.85-1.91 s on two; with str.lower and two trips to code points per
    slice, two threads had been no faster). ``folded`` (bool, one per text): set True for each text that held a
    traditional Chinese character the normalisation folded (``opts.simplify``), told from the code points it
    looks up anyway (a pass over the column's text to tell it afterwards took 0.5 s at 100k articles)."""
    out: list[str] = []

    def part(lo: int, hi: int) -> list[str]:
        return _normalise_slice(texts[lo:hi], opts, None if folded is None else folded[lo:hi])

    for _, normalised in map_ranges(part, text_slices(texts)):
        out.extend(normalised)
    return out


def _normalise_slice(texts: list[str], opts: NormaliseOptions, folded: np.ndarray | None = None) -> list[str]:
    """``[normalise(t, opts) for t in texts]``, the whole slice at once: the texts joined on a separator line and
    each step run once over the joined text (tests/test_columnar.py proves the two equal on random texts).
    ``folded``: ``normalise_all``'s, of these texts.

    Per text only where a step depends on the text as a whole: HTML stripping (for the texts that have markup)
    and page-chrome lines (for the texts with braces). User patterns and uncollapsed whitespace take the per-text
    path."""
    if not texts:
        return []
    joined = join_column(texts)
    tell = folded is not None and opts.simplify

    def each() -> list[str]:
        if tell:
            assert folded is not None
            folded[:] = [simplify(t) != t for t in texts]
        return [normalise(t, opts) for t in texts]

    if not opts.collapse_whitespace or opts.boilerplate_patterns or joined is None:
        return each()
    raw = joined
    stripped = texts
    if opts.strip_html and has_markup(joined):
        stripped = strip_html_each(texts)
        joined = join_column(stripped)
        if joined is None:  # markup spelled the separator (&#xe000;)
            return each()
    # A leading \n: the first line is a line like the others.
    seen: list = []
    folds: list | None = [] if tell else None
    fused = nfkc_lower_collapse("\n" + joined, opts.simplify, seen, folds) if opts.nfkc and opts.casefold else None
    if tell:  # (of the texts as they came)
        assert folded is not None
        if folds:  # told by the normalising's own lookup, of the texts as read - their markup taken out ...
            folded[:] = _texts_holding(folds[0], map(len, stripped), 1)
            # (... where they had some: each such text as it came. A slice without markup is not looked through
            # for them: a Python step per text, 16 ms of the 100k short texts' normalising, ~160 ms at 1M.)
            changed = (
                []
                if stripped is texts
                else [i for i, (t, u) in enumerate(zip(texts, stripped, strict=True)) if t is not u]
            )
            for i in changed:
                folded[i] = simplify(texts[i]) != texts[i]
        else:  # (from another trip to code points)
            cps = seen[0] if seen and joined is raw else utf32("\n" + raw)
            folded[:] = _folded_texts(cps, map(len, texts), 1)
    if fused is not None:
        joined = fused
    else:
        if opts.nfkc:
            joined = nfkc(joined)
        if opts.casefold:
            joined = joined.lower()
        if opts.simplify:
            joined = simplify(joined)
        joined = collapse_whitespace("\n" + joined)
    if opts.drop_quoted and _after_a_line_break(joined, ">"):
        joined = drop_quoted_lines(joined, column=True)
    out = _pieces_of(joined, len(texts))
    if opts.drop_quoted and "\n--" in joined:
        out = [drop_signature(t) if "\n--" in t else t for t in out]
    if opts.strip_html and ("{" in joined or "}" in joined):  # only a text with braces can hold page chrome
        out = [_strip_chrome(t) if ("{" in t or "}" in t) else t for t in out]
    return out


def _pieces_of(joined: str, n: int) -> list[str]:
    """The ``n`` texts of a joined column (``join_column``) once its whitespace is collapsed: split on the separator
    line ``_JOIN`` whole, where that gives ``n`` pieces. A text between two such lines has no space or line break at
    either end - the collapse made each run of whitespace one character, merged with the separator's line breaks -
    so only the first and the last piece are stripped, not every piece (1M short texts: 1M ``str.strip`` calls,
    ~0.1 s holding the interpreter lock). A text left empty shares a line break with its neighbours' separators:
    fewer pieces, and every piece is cut at the separator alone and stripped."""
    pieces = joined.split(_JOIN)
    if len(pieces) != n:
        return [piece.strip(" \n") for piece in joined.split(SEP)]
    pieces[0] = pieces[0].strip(" \n")
    pieces[-1] = pieces[-1].strip(" \n")
    return pieces


def drop_signature(text: str) -> str:
    """``text`` (normalised: lines without spaces at either end, no blank lines) without its e-mail signature:
    everything from its last line that is only "--" (the "-- " that mail and news readers put above a signature,
    RFC 3676) on. A signature repeats in every message of its writer and says nothing of whether two messages
    are copies: two one-line replies of one writer with his ten-line signature scored 0.80 as a copy of each
    other. Kept whole when nothing would be left, or when the line is its first."""
    at = text.rfind("\n--\n")
    if at < 0 and text.endswith("\n--"):
        at = len(text) - 3
    if at < 0:
        return text
    kept = text[:at]
    return kept if kept.strip() else text


def position_runs(at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The runs of consecutive positions in the ascending positions ``at``: where each starts and ends in ``at``."""
    first = np.ones(len(at), dtype=bool)
    first[1:] = at[1:] != at[:-1] + 1
    starts = np.flatnonzero(first)
    return starts, np.append(starts[1:], len(at)) if len(at) else starts


def _after_a_line_break(text: str, mark: str) -> bool:
    """``"\\n" + mark in text`` for a character ``mark``: each ``mark`` found by ``str.find`` and the character
    before it looked at. A search for two characters reads every character of a text stored 2 or 4 bytes to a
    character (0.5 ms a slice of 400,000, holding the interpreter lock; 0.17 ms so on the 100k bench articles)."""
    at = text.find(mark, 1)
    while at >= 0:
        if text[at - 1] == "\n":
            return True
        at = text.find(mark, at + 1)
    return False


def drop_quoted_lines(text: str, column: bool = False) -> str:
    """``_QUOTED_LINES.sub("", text)``: every line that begins with ">" removed with its line break. The quoted
    lines are found with ``str.find`` and only they are read, a run of them at once (``_QUOTED_RUN``, from its first
    line; the pattern is tried at every line start: ~2 ms per slice of a column).

    ``column``: ``text`` is a joined column (``join_column``, its whitespace collapsed: no line opens with a space)
    whose texts quoted throughout keep their lines (``normalise``): at a text's first quoted line the text is looked
    at once - its lines all quoted, it is passed over whole. Only the texts with a quoted line are read, not every
    text split out and the texts left empty put back (1M short texts, ~200 texts opening with ">" in nearly every
    slice: 0.15 s so)."""
    out, prev = [], 0
    read_to = len(text) if not column else -1  # the end of the last text looked at (kept: its quotes dropped)
    at = 0 if text.startswith(">") else text.find("\n>") + 1 or -1
    while at >= 0:
        if at > read_to:
            lo = text.rfind(_JOIN, 0, at)
            lo = 0 if lo < 0 else lo + len(_JOIN)
            hi = text.find(_JOIN, at)
            read_to = hi = len(text) if hi < 0 else hi
            one = text[lo:hi].strip("\n")
            if one.startswith(">") and one.count("\n") == one.count("\n>"):
                at = text.find("\n>", hi) + 1 or -1  # quoted throughout: kept whole
                continue
        out.append(text[prev:at])
        run = _QUOTED_RUN.match(text, at)  # the quoted lines from here on (a run stays within its text: the
        assert run is not None  # separator line between two texts is no quoted line)
        prev = run.end()
        at = text.find("\n>", prev) + 1 or -1  # (the line after the run is no quoted line)
    out.append(text[prev:])
    return "".join(out)


def _strip_chrome(text: str) -> str:
    return _BLANK_LINES.sub("\n", _CHROME_LINES.sub("", text)).strip("\n")


def compact(text: str) -> str:
    """Whitespace-insensitive form used for the exact pass and character grams."""
    return " ".join(text.split())


def compact_normalised(texts: list[str], opts: NormaliseOptions) -> list[str]:
    """``[compact(t) for t in texts]`` for texts that ``normalise`` made with ``opts``, or cut out of such texts
    (their content without boilerplate sentences). With whitespace collapsed, their only whitespace characters
    are spaces and line breaks (cutting characters out adds none), so a text whose line breaks turned into spaces
    shows no double space and no space at either end is already compact: a str.replace and a substring test at C
    speed instead of splitting and joining every text. Any other text is compacted as usual (tests/test_columnar.py
    proves the two equal on random texts)."""
    if not opts.collapse_whitespace:
        return list(map(compact, texts))
    return list(map(_compact_spaced, texts))


def compact_of_normalised(texts: list[str], opts: NormaliseOptions) -> list[str]:
    """``[compact(t) for t in texts]`` for texts ``normalise`` made with ``opts`` (not cut out of them: see
    ``compact_normalised``). With whitespace collapsed such a text's lines are ``" ".join(line.split())``, none
    empty, and nothing after the collapse adds a space (quoted lines, signatures, page chrome and the user's
    patterns take whole lines away): its compact form is its line breaks made spaces - and the text itself when
    it has none (1M short texts: 0.05 s against 0.29 s for ``compact_normalised``, which checks each text's
    spaces as well)."""
    if not opts.collapse_whitespace:
        return list(map(compact, texts))
    return [t.replace("\n", " ") if "\n" in t else t for t in texts]


# Signs at the ends of a text that do not make it another text: "北京欢迎你" / "北京欢迎你!!!", "你好" / "你好？",
# "今天" / "“今天”" are one text (``ends_stripped``; the exact pass). Sentence punctuation and quotes after the text,
# quotes and opening brackets before it - no sign that says something of a figure ("-5", ".5", "5%") or a name ("C#").
TRAILING_SIGNS = " .,;:!?…~'\")]}·、。，；：！？“”‘’」』】》〉）～"
LEADING_SIGNS = " '\"([{“‘「『【《〈（"


def ends_stripped(texts: list[str]) -> list[str]:
    """Each text without the signs at its ends that do not make it another text (``TRAILING_SIGNS`` after it,
    ``LEADING_SIGNS`` before it): the same string object where there are none."""
    return list(
        map(str.lstrip, map(str.rstrip, texts, itertools.repeat(TRAILING_SIGNS)), itertools.repeat(LEADING_SIGNS))
    )


def _compact_spaced(text: str) -> str:
    """``compact(text)`` for a text whose only whitespace characters are spaces and line breaks."""
    spaced = text.replace("\n", " ")
    if "  " in spaced or spaced.startswith(" ") or spaced.endswith(" "):
        return compact(text)
    return spaced


# Sentence ends: Chinese and Western sentence punctuation, line breaks; a Western full stop only before space.
_SENTENCE_SPLIT = regexes.compile(r"[。！？!?；;…\n]+|(?<=[.])\s+")


def sentences(text: str) -> list[str]:
    parts = (s.strip() for s in _SENTENCE_SPLIT.split(text))
    return ["".join(p.split()) for p in parts if p]


def longest_sentences(text: str, min_len: int, n: int) -> list[str]:
    """The n longest sentences of at least min_len characters (all sentences when none is that long)."""
    sents = sentences(text)
    long = [s for s in sents if len(s) >= min_len] or sents
    # Stable: equally long sentences keep text order, so a text always yields the same fingerprints.
    return sorted(long, key=len, reverse=True)[:n]


@lru_cache(maxsize=1)
def _sentence_end_table() -> np.ndarray:
    table = np.zeros(0x10001, dtype=bool)  # the last entry: every astral character
    table[[ord(c) for c in "。！？!?；;…\n"]] = True
    return table


def _sentence_lines(joined: str) -> str:
    """``_SENTENCE_SPLIT.sub("\\n", joined)`` with the other whitespace then removed (``_sentence_line_points``)."""
    return from_utf32(_sentence_line_points(joined))


def _sentence_line_points(joined: str) -> np.ndarray:
    """The code points of ``_sentence_lines(joined)``: a line break for each sentence end (a run of sentence
    punctuation or line breaks; a run of whitespace right after a full stop), every other whitespace character
    dropped."""
    cps = utf32(joined)
    if not len(cps):
        return cps
    kind = _sentence_classes().take(cps, mode="clip")
    ws = (kind & 1).view(bool)  # \s, as the pattern and str.split know it
    brk = (kind >> 1).view(bool)
    del kind
    # A run of whitespace right after a full stop ends a sentence: found among the whitespace characters alone
    # (few in Chinese text), not by numbering every character's run (100k bench articles: a cumulative count and
    # a gather of 8 bytes a character).
    at = np.flatnonzero(ws)
    starts, ends = position_runs(at)
    led = cps.take(np.maximum(at[starts] - 1, 0)) == 46  # (a run at 0 looks at its own whitespace)
    if led.any():
        brk[at[np.repeat(led, ends - starts)]] = True
    keep = ~ws
    keep |= brk
    return np.where(brk, 10, cps)[keep]


@lru_cache(maxsize=1)
def _sentence_classes() -> np.ndarray:
    """Per BMP code point (the last entry: every astral character): bit 0 whitespace (``_space_classes`` 1 or 2),
    bit 1 a sentence end (``_sentence_end_table``)."""
    space = _space_classes()
    ws = (space == 1) | (space == 2)
    return (ws.astype(np.uint8) | (_sentence_end_table().astype(np.uint8) << 1)).astype(np.uint8)


def column_sentences(texts: list[str]) -> tuple[list[str], np.ndarray]:
    """``sentences(t)`` of every text, concatenated, and the text of each sentence (``_slice_sentences``, a slice
    of the column at a time)."""
    sents: list[str] = []
    docs = [np.zeros(0, dtype=np.int64)]
    for lo, hi in text_slices(texts):
        part, doc = _slice_sentences(texts[lo:hi])
        sents.extend(part)
        docs.append(doc + lo)
    return sents, np.concatenate(docs)


def _slice_sentences(texts: list[str]) -> tuple[list[str], np.ndarray]:
    """``sentences(t)`` of every text, concatenated, and the text of each sentence: split once over the joined
    column (a separator line between texts is a sentence of its own, which numbers the texts)."""
    if not texts:
        return [], np.zeros(0, dtype=np.int64)
    joined = join_column(texts)
    if joined is None:
        per = [sentences(t) for t in texts]
        return [x for p in per for x in p], np.repeat(np.arange(len(texts)), [len(p) for p in per])
    parts = _sentence_lines(joined).split("\n")
    lengths = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts))
    is_sep, doc = number_pieces(parts)
    keep = np.flatnonzero((lengths > 0) & ~is_sep)
    return [parts[i] for i in keep.tolist()], doc[keep]


def column_longest_sentence_hashes(texts: list[str], min_len: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``longest_sentences(t, min_len, n)`` of every text, each sentence as its ``string_hash``: the hashes, their
    text and their rank (0 = longest) in that text, ordered by text then rank. A slice of the column at a time
    (``_slice_longest``), slices side by side on both cores."""
    return per_slice(texts, lambda some: _slice_longest(some, min_len, n), more=(np.zeros(0, dtype=np.int64),))


def _slice_longest(texts: list[str], min_len: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``column_longest_sentence_hashes`` of a slice: its sentences found once over the joined slice, as spans of
    its sentence lines (a separator line between texts is a sentence of its own, which numbers the texts); spans
    chosen by length, and only the chosen ones hashed, where they stand in the code points (none made a string)."""
    empty = np.zeros(0, dtype=np.int64)
    joined = join_column(texts) if texts else None
    if joined is None:  # no texts, or a text holds the separator: text by text
        per = [longest_sentences(t, min_len, n) for t in texts]
        counts = [len(p) for p in per]
        ranks = np.concatenate([np.arange(c, dtype=np.int64) for c in counts]) if texts else empty
        hashes = string_hashes([x for p in per for x in p])
        return hashes, np.repeat(np.arange(len(texts), dtype=np.int64), counts), ranks
    cps = _sentence_line_points(joined)
    if not len(cps):
        return np.zeros(0, dtype=np.uint64), empty, empty.copy()
    breaks = np.flatnonzero(cps == 10)
    starts = np.r_[0, breaks + 1]
    lengths = np.r_[breaks, len(cps)] - starts
    is_sep = (lengths == 1) & (cps[np.minimum(starts, len(cps) - 1)] == ord(SEP))
    doc = np.cumsum(is_sep)
    sentence = np.flatnonzero((lengths > 0) & ~is_sep)
    chosen, d, rank = _longest_of(lengths[sentence], doc[sentence], len(texts), min_len, n)
    at = starts[sentence[chosen]]
    return span_hashes(cps.astype(np.uint64), at, at + lengths[sentence[chosen]]), d, rank


def _longest_of(
    lengths: np.ndarray, doc: np.ndarray, n_texts: int, min_len: int, n: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ``n`` longest of each text's sentences (their ``lengths``, in text order; ``doc``: the text of each) of
    at least ``min_len`` characters (all of them when none is that long): their positions, text and rank."""
    long = lengths >= min_len
    has_long = np.zeros(n_texts, dtype=bool)
    has_long[doc[long]] = True
    cand = np.flatnonzero(long | ~has_long[doc])
    # Longest first, equally long ones in text order (a stable sort by length, as longest_sentences).
    order = cand[np.lexsort((cand, -lengths[cand], doc[cand]))]
    d = doc[order]
    starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]]) if len(d) else np.zeros(0, dtype=np.int64)
    rank = np.arange(len(d)) - np.repeat(starts, np.diff(np.r_[starts, len(d)]))
    top = rank < n
    return order[top], d[top], rank[top]


_MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)
_GRAM_MUL = np.uint64(0x100000001B3)
_WHOLE_TAG = np.uint64(0x9E3779B97F4A7C15)


_MIX_SHIFTS = (np.uint64(30), np.uint64(27), np.uint64(31))
_MIX_MULTIPLIERS = (np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))
# Values mixed at once: the eight passes of the finaliser run over a block that stays in the core's cache (256 KB).
# Measured on random uint64, the whole array at a time against blocks of this size: 1M values 4.8 -> 2.3 ms, 4M
# 36 -> 11 ms, 30M 333 -> 87 ms (each pass over a large array went out to memory, and each shift made a temporary).
MIX_BLOCK = 1 << 15


def mix64(x: np.ndarray, copy: bool = True) -> np.ndarray:
    """splitmix64 finaliser: spreads every input bit over all output bits (needed for 0-mod-p sampling).
    ``copy=False``: in place when ``x`` is uint64 already. A block of ``MIX_BLOCK`` values at a time."""
    x = x.astype(np.uint64, copy=copy)
    if not x.flags.c_contiguous:  # (the blocks are of a flat view)
        x = np.ascontiguousarray(x)
    flat = x.reshape(-1)
    s1, s2, s3 = _MIX_SHIFTS
    m1, m2 = _MIX_MULTIPLIERS
    tmp = np.empty(min(MIX_BLOCK, len(flat)), dtype=np.uint64)
    for lo in range(0, len(flat), MIX_BLOCK):
        v = flat[lo : lo + MIX_BLOCK]
        t = tmp[: len(v)]
        np.right_shift(v, s1, out=t)
        v ^= t
        v *= m1
        np.right_shift(v, s2, out=t)
        v ^= t
        v *= m2
        np.right_shift(v, s3, out=t)
        v ^= t
    return x


def codepoints(text: str) -> np.ndarray:
    return utf32(text).astype(np.uint64)


def gram_hashes(text: str, n: int) -> np.ndarray:
    """Sorted unique 64-bit hashes of the character n-grams of ``text`` (a compact normalised text).

    Texts shorter than n are keyed by their whole text. Stable across runs and machines.
    """
    cps = codepoints(text)
    length = len(cps)
    if length == 0:
        return np.zeros(0, dtype=np.uint64)
    if length < n:
        whole = np.zeros(1, dtype=np.uint64)
        with np.errstate(over="ignore"):
            for c in cps:
                whole = whole * _GRAM_MUL + c + np.uint64(1)
            return mix64(whole ^ _WHOLE_TAG)
    m = length - n + 1
    h = np.zeros(m, dtype=np.uint64)
    for k in range(n):
        h *= _GRAM_MUL
        h += cps[k : k + m] + np.uint64(1)
    return sorted_unique(mix64(h))


# From this many values on, sort_in_place sorts two halves on two cores (bucket_pairs' union of sorted pairs too).
SPLIT_SORT = 1 << 20


def sort_in_place(x: np.ndarray) -> None:
    """``x.sort()`` of a large 1-d array on two cores: partitioned in place about its middle value (``partition``:
    every value before it is at most it, every value after at least it), then its two halves sorted in place on
    the pool's threads. No copy of the values: 17M int64 (n-gram's prefix postings at 1M short texts) 0.45-0.64 s
    with the two sides of a sampled pivot copied out, sorted and written back, 0.11-0.12 s so."""
    if len(x) < SPLIT_SORT:
        x.sort()
        return
    middle = len(x) // 2
    x.partition(middle)
    for _ in ordered_map(np.ndarray.sort, [x[:middle], x[middle:]]):
        pass


def write_in_turn(x: np.ndarray, arrays: Iterable[np.ndarray]) -> int:
    """The ``arrays`` written into ``x`` from its start, each after the one before, as they come (an array may
    be a slice of ``x`` at or after where it goes): how many values were written."""
    at = 0
    for a in arrays:
        x[at : at + len(a)] = a
        at += len(a)
    return at


def sample_median(x: np.ndarray):
    """The median value of an even sample of ``x`` (one of its values, never a rounded mean of two): about half of
    ``x`` lies below it. The pivot of ``bucket_pairs``' union of sorted pairs, merged on two cores."""
    sample = np.sort(x[:: max(1, len(x) // 4096)])
    return sample[len(sample) // 2]


def sorted_unique(x: np.ndarray, kind: str | None = None) -> np.ndarray:
    """np.unique for 1-d arrays, by sorting (faster than numpy 2's hash-based unique on small arrays). ``kind``:
    np.sort's ("stable" merges already sorted runs)."""
    return distinct_of_sorted(np.sort(x, kind=kind))  # type: ignore[arg-type]


def distinct_count(x: np.ndarray) -> int:
    """``len(sorted_unique(x))`` of a 1-d array of integers: counted in a table of the values when they are small
    numbers (cluster ids: at a million rows 3 against 40 ms, on the window's thread), else by sorting."""
    if len(x) == 0:
        return 0
    if x.dtype.kind in "iu" and int(x.min()) >= 0 and int(x.max()) < 4 * len(x) + 1024:
        return int(np.count_nonzero(np.bincount(x)))
    return len(sorted_unique(x))


def distinct_of_sorted(x: np.ndarray) -> np.ndarray:
    """The distinct values of a sorted 1-d array, in order (``x`` itself when it has fewer than two)."""
    if len(x) > 1:
        keep = np.empty(len(x), dtype=bool)
        keep[0] = True
        np.not_equal(x[1:], x[:-1], out=keep[1:])
        x = x[keep]
    return x


def unique_counts(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sorted unique values and how often each occurs; by sorting, which releases the GIL (numpy 2's
    hash-based np.unique holds it for seconds on large arrays, freezing the window)."""
    return counts_of_sorted(np.sort(x))


def counts_of_sorted(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``unique_counts`` of an array sorted already."""
    if len(x) == 0:
        return x, np.zeros(0, dtype=np.int64)
    new = np.empty(len(x), dtype=bool)
    new[0] = True
    np.not_equal(x[1:], x[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    del new
    return x[starts], np.diff(np.append(starts, len(x)))


def factorize(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``pd.factorize`` of an integer array: each value's number (int64), in order of first appearance, and the
    distinct values in that order - without pandas (its import was 0.2-0.45 s of a job that numbered 2**19 values
    or more by its hash table: the 3M sentence keys of 100k articles, the texts of 1M rows).

    By plain sorts of packed keys, which numpy sorts several times faster than it argsorts (3M uint64: 16-27 ms
    against 360 ms with AVX-512): each value with its position in the low bits, so that equal values come out
    together, their positions in order. Where the values' range leaves no room for the positions, the high bits of
    the value mixed (``mix64``) stand for it and the full values of each run are compared; should two different
    values share those bits (a few times among 2**22 values), the entries of their runs are sorted by value
    (``_split_runs``)."""
    n = len(values)
    if not n:
        return np.zeros(0, dtype=np.int64), values[:0].copy()
    bits = max(1, (n - 1).bit_length())
    if bits > 31 or values.dtype.kind not in "iu" or values.dtype.itemsize != 8:
        return factorize_by_argsort(values)
    low = np.uint64((1 << bits) - 1)
    smallest, largest = int(values.min()), int(values.max())
    exact = largest - smallest < 1 << (64 - bits)
    if exact:  # each value less the smallest, shifted: nothing is lost
        keys = (values - values.dtype.type(smallest)).astype(np.uint64) << np.uint64(bits)
    else:
        # The high bits of each value mixed (a bijection: equal values, equal keys). Unmixed, the hashes of short
        # words share their high bits: SimHash's word hashes fell into a few huge runs.
        keys = mix64(values.view(np.uint64))
        keys &= ~low
    keys |= np.arange(n, dtype=np.uint64)
    sort_in_place(keys)  # (on both cores from SPLIT_SORT values on)
    where = (keys & low).astype(np.int64)
    keys >>= np.uint64(bits)
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(keys[1:], keys[:-1], out=new[1:])
    del keys
    starts = np.flatnonzero(new)
    if not exact and len(starts) < n:
        repeat = np.flatnonzero(~new)  # each entry that continues a run, beside the one before it
        differ = repeat[values[where[repeat]] != values[where[repeat - 1]]]
        if len(differ):  # different values sharing their high bits: their runs sorted by value
            runs = distinct_of_sorted(np.searchsorted(starts, differ, "right") - 1)
            starts = _split_runs(values, where, new, starts, runs)
    if len(starts) == n:  # every value once: numbered in order
        return np.arange(n, dtype=np.int64), values.copy()
    # The runs in order of first appearance: a run's first position is its first entry's (positions are in order
    # within a run), and its number how many runs begin before that position.
    firsts = where[starts]
    is_first = np.zeros(n, dtype=bool)
    is_first[firsts] = True
    rank = np.cumsum(is_first) - 1
    codes = np.empty(n, dtype=np.int64)
    codes[where] = np.repeat(rank[firsts], np.diff(np.append(starts, n)))
    return codes, values[is_first]


def _split_runs(
    values: np.ndarray, where: np.ndarray, new: np.ndarray, starts: np.ndarray, runs: np.ndarray
) -> np.ndarray:
    """``factorize``'s runs ``runs`` (of entries ``where``, positions in ``values``, each run's positions in order)
    made runs of equal values: their entries sorted by value, then position, in place, and ``new`` marking where a
    value begins. Returns the new run starts."""
    ends = np.append(starts[1:], len(where))
    at = span_positions(starts[runs], ends[runs] - starts[runs])
    run = np.repeat(np.arange(len(runs)), ends[runs] - starts[runs])
    pos = where[at]
    order = np.lexsort((pos, values[pos], run))
    where[at] = pos[order]
    ordered, run = values[where[at]], run[order]
    new[at[1:]] = (ordered[1:] != ordered[:-1]) | (run[1:] != run[:-1])
    return np.flatnonzero(new)


def factorize_by_argsort(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``factorize`` by one argsort of the values."""
    if not len(values):
        return np.zeros(0, dtype=np.int64), values[:0].copy()
    order = np.argsort(values)
    ordered = values[order]
    new = np.empty(len(values), dtype=bool)
    new[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    firsts = np.minimum.reduceat(order, np.flatnonzero(new))  # each distinct value's first position
    by_first = np.argsort(firsts)
    rank = np.empty(len(firsts), dtype=np.int64)
    rank[by_first] = np.arange(len(firsts))
    codes = np.empty(len(values), dtype=np.int64)
    codes[order] = rank[np.cumsum(new) - 1]
    return codes, values[firsts[by_first]]


def first_of_codes(codes: np.ndarray) -> np.ndarray:
    """Where each code first occurs, for codes numbered in order of first occurrence (``factorize``'s: 0, 1, 2...
    as each new value is met): a new code is one above every code before it."""
    new = np.ones(len(codes), dtype=bool)
    new[1:] = codes[1:] > np.maximum.accumulate(codes[:-1])
    return np.flatnonzero(new)


def unique_first(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(values, return_index=True, return_inverse=True, return_counts=True)`` by ``factorize`` (numbers
    the values in order of first appearance) and a sort of the distinct values only - SimHash's word hashes of the
    4k bench articles (2.8M, 103k distinct): 0.25 s (an argsort of all of them: 2.6 s for 7M). A value's first
    position is where its number first appears (``first_of_codes``)."""
    if not len(values):
        empty = np.zeros(0, dtype=np.int64)
        return values[:0].copy(), empty, empty.copy(), empty.copy()
    codes, distinct = factorize(values)
    order = np.argsort(distinct)
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    counts = np.bincount(codes, minlength=len(order))
    return distinct[order], first_of_codes(codes)[order], rank[codes], counts[order]


def find_sorted(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each of ``values`` is in the sorted array ``keys``, and whether it is there at all (``at`` is only
    meaningful where ``found``): ``np.isin`` with positions, for keys sorted once and asked many times."""
    if not len(keys):
        return np.zeros(len(values), dtype=np.int64), np.zeros(len(values), dtype=bool)
    if len(values) >= FILTER_MIN_VALUES and len(keys) <= FILTER_MAX_KEYS and keys.dtype == values.dtype == np.uint64:
        return _find_filtered(keys, values)
    at = np.minimum(np.searchsorted(keys, values), len(keys) - 1)
    return at, keys[at] == values


# ``find_sorted`` of many values among few keys (the words of every text of a column against a list of words: 1M
# values, 38-1,170 keys) first drops the values whose slot in a table of ``FILTER_BITS`` bits no key has, which a
# gather tells - the binary search costs ~25-50 ns a value there, the table ~5.
FILTER_BITS = 16
FILTER_MAX_KEYS = 1 << 12  # (at most a sixteenth of the slots taken)
FILTER_MIN_VALUES = 1 << 14
_FILTER_SHIFT = np.uint64(64 - FILTER_BITS)


def _find_filtered(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``find_sorted`` (uint64) by way of the table: a value's slot the high bits of it times an odd constant, so
    that hashes and small codes (code points, packed pairs of them) both spread over the slots. Values in a slot no
    key has are not there; the others are searched (``at`` is 0 where a value is not found)."""

    def slot(x: np.ndarray) -> np.ndarray:
        return (x * _LEN_MIX) >> _FILTER_SHIFT

    table = np.zeros(1 << FILTER_BITS, dtype=bool)
    table[slot(keys)] = True
    maybe = np.flatnonzero(table.take(slot(values)))
    at = np.zeros(len(values), dtype=np.int64)
    found = np.zeros(len(values), dtype=bool)
    if len(maybe):
        near = values[maybe]
        where = np.minimum(np.searchsorted(keys, near), len(keys) - 1)
        at[maybe] = where
        found[maybe] = keys[where] == near
    return at, found


def df_per_item(x: np.ndarray) -> np.ndarray:
    """For every element, how many times its value occurs in ``x``."""
    order = np.argsort(x, kind="stable")
    sx = x[order]
    starts = np.flatnonzero(np.concatenate(([True], sx[1:] != sx[:-1]))) if len(sx) else np.zeros(0, np.int64)
    run = np.diff(np.append(starts, len(sx)))
    out = np.empty(len(x), dtype=np.int64)
    out[order] = np.repeat(run, run)
    return out


def overlap(a: np.ndarray, b: np.ndarray) -> int:
    """Size of the intersection of two sorted unique uint64 arrays."""
    if len(a) > len(b):
        a, b = b, a
    if len(a) == 0:
        return 0
    idx = np.searchsorted(b, a)
    idx[idx == len(b)] = 0
    return int(np.count_nonzero(b[idx] == a))


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    if len(a) == 0 and len(b) == 0:
        return 1.0
    inter = overlap(a, b)
    return inter / (len(a) + len(b) - inter)


def containment(a: np.ndarray, b: np.ndarray) -> float:
    """Share of the smaller set found in the larger one."""
    small = min(len(a), len(b))
    if small == 0:
        return 1.0 if len(a) == len(b) else 0.0
    return overlap(a, b) / small


SIMILARITY_GRAM = 4  # the common similarity every pair carries: Jaccard of character 4-gram sets
