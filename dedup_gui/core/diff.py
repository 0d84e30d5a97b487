"""Difference spans between two texts, for the side-by-side compare view.

CJK text has no spaces between words, so it is compared character by character; Latin text is compared word
by word (whitespace runs are tokens of their own, so offsets map back exactly). Opcodes are in character
offsets of the two original strings. Long texts are compared a window at a time (``windowed_opcodes``), very long
ones cut at ``max_chars``; ``truncated`` says so.

The alignment is a longest common subsequence (rapidfuzz's Indel opcodes, bit-parallel C++: about ten times
``difflib``), turned into opcodes the way ``difflib.SequenceMatcher.get_opcodes`` turns its matching blocks into
them: between two equal runs, one ``replace`` (both sides changed), ``delete`` or ``insert``. So the highlights mean
what difflib's meant, and never mark more characters as different (a longest common subsequence keeps at least as
many equal characters as difflib's matching blocks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Indel

from . import regexes
from .text import simplify

DEFAULT_MAX_CHARS = 20_000
# Texts longer than this many characters are compared a window at a time (``windowed_opcodes``); a window's
# comparison holds the interpreter lock ~5-20 ms. Latin text is compared by words, ~WORD_CHARS characters each.
WINDOW_CHARS = 10_000
WORD_CHARS = 5
ANCHOR_SHARE = 0.75  # the next window starts at the last equal run ending in this share of both windows

# One token: a single CJK/kana/hangul/full-width character, a run of word characters, a run of whitespace,
# or any other single character (punctuation).
_CJK = (
    r"\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf"
    r"\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
)
_TOKEN = regexes.compile(rf"[{_CJK}]|[^\W{_CJK}]+|\s+|.", re.DOTALL)
_CJK_CHAR = regexes.compile(rf"[{_CJK}]")

# (tag, a0, a1, b0, b1) with tag in "equal" | "replace" | "delete" | "insert"
Opcode = tuple[str, int, int, int, int]


@dataclass(frozen=True)
class DiffResult:
    opcodes: list[Opcode]
    truncated: bool
    granularity: str  # "char" when the texts are mostly CJK, else "word"

    @property
    def differences(self) -> list[Opcode]:
        """The non-equal opcodes: what the compare view highlights and steps through."""
        return [op for op in self.opcodes if op[0] != "equal"]

    def ratio(self) -> float:
        """Share of characters in equal spans (0..1), a quick visual similarity."""
        same = sum(a1 - a0 for tag, a0, a1, _, _ in self.opcodes if tag == "equal")
        total_a = max((op[2] for op in self.opcodes), default=0)
        total_b = max((op[4] for op in self.opcodes), default=0)
        total = total_a + total_b
        return 1.0 if total == 0 else 2.0 * same / total


def tokenize(text: str) -> list[str]:
    """Split into CJK characters, Latin words, whitespace runs and punctuation; ''.join(tokens) == text."""
    return _TOKEN.findall(text)


def granularity_of(a: str, b: str) -> str:
    sample = (a[:2000] + b[:2000]).replace(" ", "")
    if not sample:
        return "char"
    cjk = len(_CJK_CHAR.findall(sample))
    return "char" if cjk * 3 >= len(sample) else "word"


def diff_texts(
    a: str, b: str, max_chars: int = DEFAULT_MAX_CHARS, fold: bool = True, window: int = WINDOW_CHARS
) -> DiffResult:
    """Opcodes turning ``a`` into ``b`` in character offsets, comparing at most ``max_chars`` of each. ``fold``:
    Chinese text is compared with its traditional characters folded to simplified ones (``text.simplify``, one
    character for one: the offsets stay the texts'), as the engine compares it when it folds them: a story
    converted from one to the other shows what it changed besides, not every character. Texts longer than
    ``window`` characters are compared a window at a time (``windowed_opcodes``)."""
    found = diff_texts_until(a, b, lambda: True, max_chars, fold, window)
    assert found is not None
    return found


def diff_texts_until(
    a: str,
    b: str,
    going: Callable[[], bool],
    max_chars: int = DEFAULT_MAX_CHARS,
    fold: bool = True,
    window: int = WINDOW_CHARS,
) -> DiffResult | None:
    """``diff_texts``, asking ``going`` between two windows: a False answer stops it (None). A thread computing it
    lets go of the interpreter lock there, and a diff nobody waits for any more stops."""
    truncated = len(a) > max_chars or len(b) > max_chars
    a, b = a[:max_chars], b[:max_chars]
    granularity = granularity_of(a, b)
    if granularity == "char":
        if fold:
            a, b = simplify(a), simplify(b)
        ops = windowed_opcodes(a, b, window, going)
        return None if ops is None else DiffResult(opcodes=ops, truncated=truncated, granularity=granularity)
    ta, tb = tokenize(a), tokenize(b)
    offa, offb = _offsets(ta), _offsets(tb)
    found = windowed_opcodes(ta, tb, max(1, window // WORD_CHARS), going)
    if found is None:
        return None
    ops = [(tag, offa[i0], offa[i1], offb[j0], offb[j1]) for tag, i0, i1, j0, j1 in found]
    return DiffResult(opcodes=ops, truncated=truncated, granularity=granularity)


def windowed_opcodes(
    a: Sequence, b: Sequence, window: int, going: Callable[[], bool] | None = None
) -> list[Opcode] | None:
    """``opcodes(a, b)`` for sequences of any length, ``window`` items of each at a time: the cost of one
    comparison grows with the product of its lengths (two unrelated texts of 10,000 characters: 20 ms, holding the
    interpreter lock), so long ones are compared in windows. Each window's opcodes are kept up to a place in its
    last equal run that reaches into the first ``ANCHOR_SHARE`` of both windows (the run's end, or that share), and
    the next window starts there; a window with no such run is kept whole. The result turns ``a`` into ``b`` as
    ``opcodes`` does (equal runs equal, one change between two of them), aligned window by window rather than over
    the whole. ``going``: asked between two windows; False stops it (None)."""
    out: list[Opcode] = []
    i = j = 0
    while True:
        wa, wb = a[i : i + window], b[j : j + window]
        last = i + len(wa) >= len(a) and j + len(wb) >= len(b)
        ops = opcodes(wa, wb)
        if not last:
            # The next window starts inside the last equal run that reaches into the first ANCHOR_SHARE of both
            # windows, at its end or at that share (where both texts are aligned): what follows is compared again
            # with the next window's text after it.
            cut_a, cut_b = int(ANCHOR_SHARE * len(wa)), int(ANCHOR_SHARE * len(wb))
            for k in range(len(ops) - 1, -1, -1):
                tag, a0, a1, b0, b1 = ops[k]
                size = min(a1 - a0, cut_a - a0, cut_b - b0)
                if tag == "equal" and size > 0:
                    ops = [*ops[:k], ("equal", a0, a0 + size, b0, b0 + size)]
                    break
        for tag, a0, a1, b0, b1 in ops:
            _append(out, (tag, a0 + i, a1 + i, b0 + j, b1 + j))
        if last:
            return out
        if ops:
            i, j = i + ops[-1][2], j + ops[-1][4]
        if going is not None and not going():
            return None


def _append(out: list[Opcode], op: Opcode) -> None:
    """``op`` after ``out``'s last opcode, joined with it where both are equal runs (adjacent matching blocks) or
    both changes (two windows meet there): a change is one opcode between two equal runs, as ``difflib`` reports
    it."""
    if not out or (out[-1][0] == "equal") != (op[0] == "equal"):
        out.append(op)
        return
    _, a0, _, b0, _ = out.pop()
    _, _, a1, _, b1 = op
    out.append(("equal", a0, a1, b0, b1) if op[0] == "equal" else _change(a0, a1, b0, b1))


def _change(a0: int, a1: int, b0: int, b1: int) -> Opcode:
    """The change turning ``a[a0:a1]`` into ``b[b0:b1]``: a replace, a delete or an insert."""
    return ("replace" if a1 > a0 and b1 > b0 else "delete" if a1 > a0 else "insert", a0, a1, b0, b1)


def opcodes(a: Sequence, b: Sequence) -> list[Opcode]:
    """``difflib.SequenceMatcher(None, a, b).get_opcodes()``'s form (indices into ``a`` and ``b``: strings, or
    lists of tokens), from a longest common subsequence of the two."""
    if not a and not b:
        return []
    out: list[Opcode] = []
    i = j = 0
    for block in Indel.opcodes(a, b).as_matching_blocks():
        ai, bj, size = block.a, block.b, block.size
        if i < ai or j < bj:
            _append(out, _change(i, ai, j, bj))
        if size:
            _append(out, ("equal", ai, ai + size, bj, bj + size))
        i, j = ai + size, bj + size
    return out


def _offsets(tokens: list[str]) -> list[int]:
    """Character offset of each token start, plus the total length at the end."""
    out = [0] * (len(tokens) + 1)
    pos = 0
    for i, t in enumerate(tokens):
        out[i] = pos
        pos += len(t)
    out[len(tokens)] = pos
    return out
