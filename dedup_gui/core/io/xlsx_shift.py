"""Shifting A1 references for deleted rows, the way Excel's *Delete Rows* does: cell and range references,
space-separated range lists (sqref) and whole formulas.

A reference to a removed cell becomes ``#REF!``; a range loses its removed rows and becomes ``#REF!`` only when
all of them went. Formulas are tokenised, so text inside string literals is never taken for a reference; what
cannot be adjusted (INDIRECT, references spelled inside strings, 3-D references) is reported, not guessed.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from .. import regexes
from ..errors import Note

MAX_ROW = 1_048_576
MAX_PROBLEMS = 20

# one end of an A1 reference: optional column, optional row, each with an optional "$"
_END = regexes.compile(r"^(\$?)([A-Za-z]{1,3})?(\$?)(\d+)?$")
# functions whose arguments are addresses in text, or whose value depends on where a reference points
_TEXT_ADDRESS_FUNCS = ("INDIRECT(", "ADDRESS(")
_POSITION_FUNCS = ("ROW(", "ROWS(", "OFFSET(", "INDIRECT(", "CELL(", "ADDRESS(", "INDEX(")


# Formulas told apart by their digits alone are tokenised once (``formula_tokens``): a run of ASCII digits, and
# what may make the tokenizer read digits by their value - an error value (#DIV/0!) or a sign after an E
# (scientific notation, 1E+5 but not 0E+5) - keep a formula out.
_DIGIT_RUNS = regexes.compile(r"([0-9]+)")
_READ_BY_VALUE = regexes.compile(r"#|[Ee][+-]")
SHAPES_KEPT = 4096
_shapes: dict[tuple[str, ...], list[tuple[str, str, list[str]]]] = {}


def formula_tokens(formula: str) -> list:
    """``Tokenizer("=" + formula).items`` (openpyxl's tokens; raises what it raises), each token new: the tokens
    of a formula that differs from one tokenised before in the digits of its runs alone are made from that one's
    (a column of formulas, each naming its own row - =LEN(D2), =LEN(D3) ... - is tokenised once: 12,461 such took
    0.28 s). The tokenizer reads a digit by its value only in scientific notation (a sign after an E, only after one
    digit 1-9) and in error values (#DIV/0!): formulas with either are tokenised each time. Elsewhere a digit is
    any digit to it - it splits a formula at signs, brackets, quotes and spaces, never at a digit, and a token
    that is a number as written (float) is one with other digits in its runs - so the tokens of one formula, its
    runs of digits put back in order, are the tokens of the other (tests/test_formula_tokens.py holds the two to
    the tokenizer on random formulas)."""
    from openpyxl.formula.tokenizer import Token, Tokenizer

    pieces = _DIGIT_RUNS.split(formula)
    if len(pieces) == 1 or _READ_BY_VALUE.search(formula):
        return Tokenizer("=" + formula).items
    runs = pieces[1::2]
    key = tuple(pieces[0::2])
    shape = _shapes.get(key)
    if shape is None:
        items = Tokenizer("=" + formula).items
        made = [(t.type, t.subtype, _DIGIT_RUNS.split(t.value)[0::2]) for t in items]
        # (kept only where the tokens hold the formula's runs whole, in order: no run split between two tokens)
        if sum(len(texts) - 1 for _, _, texts in made) == len(runs) and "".join(t.value for t in items) == formula:
            if len(_shapes) >= SHAPES_KEPT:
                _shapes.clear()
            _shapes[key] = made
        return items
    out, at = [], 0
    for kind, subtype, texts in shape:
        value = texts[0]
        for text in texts[1:]:
            value += runs[at] + text
            at += 1
        out.append(Token(value, kind, subtype))
    return out


class RowMap:
    """Where each original sheet row ends up after deleting ``removed`` rows (1-based, any order)."""

    def __init__(self, removed: Iterable[int]):
        self.removed = sorted({int(r) for r in removed})
        self._set = set(self.removed)

    def __bool__(self) -> bool:
        return bool(self.removed)

    def row(self, r: int) -> int | None:
        """The new number of row ``r``; None when it was removed."""
        if r in self._set:
            return None
        return r - bisect.bisect_left(self.removed, r)

    def numbers(self, rows: np.ndarray) -> np.ndarray:
        """``row`` of each of ``rows`` (int64) at once: the new numbers, -1 where removed."""
        removed = np.asarray(self.removed, dtype=np.int64)
        before = np.searchsorted(removed, rows, side="left")
        gone = before < len(removed)
        gone[gone] = removed[before[gone]] == rows[gone]
        return np.where(gone, -1, rows - before)

    def first_from(self, r: int) -> int:
        """The new number of the first surviving row at or below ``r`` (the top of a range starting at ``r``)."""
        return r - bisect.bisect_left(self.removed, r)

    def last_upto(self, r: int) -> int:
        """The new number of the last surviving row at or above ``r`` (the bottom of a range ending at ``r``)."""
        return r - bisect.bisect_right(self.removed, r)

    def span(self, lo: int, hi: int) -> tuple[int, int] | None:
        new_lo, new_hi = self.first_from(lo), self.last_upto(hi)
        return (new_lo, new_hi) if new_hi >= new_lo else None

    def loses_rows(self, lo: int, hi: int) -> bool:
        """True when rows inside lo..hi were removed (a range over them now holds fewer cells)."""
        return bisect.bisect_right(self.removed, hi) > bisect.bisect_left(self.removed, lo)


@dataclass
class _End:
    col_abs: str
    col: str | None
    row_abs: str
    row: int | None

    @classmethod
    def parse(cls, text: str) -> _End | None:
        m = _END.match(text)
        if not m or (m.group(2) is None and m.group(4) is None):
            return None
        if m.group(2) is None:  # a whole row ("$3"): the "$" belongs to the row
            return cls("", None, m.group(1) or m.group(3), int(m.group(4)))
        return cls(m.group(1), m.group(2), m.group(3), int(m.group(4)) if m.group(4) else None)

    def render(self, row: int | None) -> str:
        col = f"{self.col_abs}{self.col}" if self.col else ""
        return col + (f"{self.row_abs}{row}" if row is not None else "")


def shift_ref(ref: str, rows: RowMap, moved_by: int = 0) -> str | None:
    """An A1 reference or range ("B7", "$A$2:$D$90", "3:5", "A:C") after the deletion; None for ``#REF!``.

    ``moved_by``: relative rows are first moved by this many rows (a conditional format's formula read at
    another cell of its range than the one it was written for). Anything that is not an A1 reference
    (a name, a structured reference) is returned unchanged.
    """
    first, colon, second = ref.partition(":")
    a = _End.parse(first)
    b = _End.parse(second) if colon else None
    if a is None or (colon and b is None):
        return ref
    if a.row is None or (b is not None and b.row is None):
        return ref  # whole columns: rows do not matter
    ra = a.row + (0 if a.row_abs else moved_by)
    if b is None:
        if not 1 <= ra <= MAX_ROW:
            return None
        new = rows.row(ra)
        return None if new is None else a.render(new)
    assert b.row is not None
    rb = b.row + (0 if b.row_abs else moved_by)
    lo, hi = min(ra, rb), max(ra, rb)
    if lo < 1 or hi > MAX_ROW:
        return None
    span = rows.span(lo, hi)
    if span is None:
        return None
    new_a, new_b = (span[0], span[1]) if ra <= rb else (span[1], span[0])
    return f"{a.render(new_a)}:{b.render(new_b)}"


def shift_sqref(sqref: str, rows: RowMap) -> str | None:
    """A space-separated list of ranges (conditional formats, validation); None when every range went."""
    kept = [new for new in (shift_ref(p, rows) for p in sqref.split()) if new is not None]
    return " ".join(kept) if kept else None


def ref_rows(ref: str) -> tuple[int, int] | None:
    """The first and last row of an A1 reference or range (None for whole columns or a non-reference)."""
    first, colon, second = ref.partition(":")
    a = _End.parse(first)
    b = _End.parse(second) if colon else a
    if a is None or b is None or a.row is None or b.row is None:
        return None
    return min(a.row, b.row), max(a.row, b.row)


def _short(formula: str, width: int = 60) -> str:
    text = "=" + formula
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def sheet_of(prefix: str) -> str:
    """The sheet name of a reference prefix (``'my data'`` or ``data``), quotes undone."""
    if prefix.startswith("'") and prefix.endswith("'"):
        return prefix[1:-1].replace("''", "'")
    return prefix


@dataclass
class FormulaShift:
    """How formulas change when rows of sheet ``sheet`` are deleted.

    ``home`` is the sheet a formula lives on (None for workbook-level formulas: defined names, charts, pivot
    sources): unqualified references are to the home sheet, so they follow the rows only when it is ``sheet``.
    """

    sheet: str
    rows: RowMap
    order: list[str] = field(default_factory=list)  # every sheet name in workbook order (for 3-D references)
    problems: list[str] = field(default_factory=list)  # what could not be adjusted, one line each (the first few)
    unreported: int = 0  # problems beyond MAX_PROBLEMS

    def problem(self, text: str) -> None:
        if text in self.problems:
            return
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)
        else:
            self.unreported += 1

    def summary(self) -> list[str]:
        more = (
            [Note("{count} more references like these were not adjusted", count=self.unreported)]
            if self.unreported
            else []
        )
        return self.problems + more

    def is_sheet(self, name: str) -> bool:
        return name.casefold() == self.sheet.casefold()

    def formula(self, formula: str, home: str | None, where: str = "", moved_by: int = 0) -> tuple[str, bool]:
        """(the formula after the deletion, whether its value may have changed). ``formula`` has no "=".

        ``where`` names the formula in problem reports ("Sheet2!C4", "defined name total").
        """
        from openpyxl.formula.tokenizer import Token

        try:
            items = formula_tokens(formula)
        except Exception:
            if self._mentions_sheet(formula, home):
                self.problem(
                    Note(
                        "{where}: formula {formula} could not be parsed, so it was not adjusted",
                        where=where,
                        formula=_short(formula),
                    )
                )
            return formula, False
        changed = stale = False
        home_is_sheet = home is not None and self.is_sheet(home)
        for token in items:
            if token.type == Token.OPERAND and token.subtype == Token.TEXT:
                self._check_text(token.value, where)
                continue
            if token.type != Token.OPERAND or token.subtype != Token.RANGE:
                continue
            prefix, bang, ref = token.value.rpartition("!")
            if bang:
                if ":" in prefix and self._three_d_touches(prefix):
                    self.problem(
                        Note("{where}: 3-D reference {reference} was not adjusted", where=where, reference=token.value)
                    )
                    continue
                if not self.is_sheet(sheet_of(prefix)):
                    continue
            elif not home_is_sheet:
                continue
            new = shift_ref(ref, self.rows, moved_by if not bang or home_is_sheet else 0)
            span = ref_rows(ref)
            if new is None:
                token.value = "#REF!"  # Excel writes data!#REF!, which LibreOffice reads as #NAME?; same meaning
                changed = stale = True
            elif new != ref:
                token.value = f"{prefix}!{new}" if bang else new
                changed = True
            if span is not None and span[0] != span[1] and self.rows.loses_rows(*span):
                stale = True  # SUM/COUNT over the range see fewer cells now
        upper = formula.upper()
        if any(f in upper for f in _TEXT_ADDRESS_FUNCS):
            self.problem(
                Note(
                    "{where}: INDIRECT/ADDRESS in {formula}: addresses built from text are not adjusted",
                    where=where,
                    formula=_short(formula),
                )
            )
        if changed and any(f in upper for f in _POSITION_FUNCS):
            stale = True
        return ("".join(token.value for token in items) if changed else formula), stale

    def _mentions_sheet(self, formula: str, home: str | None) -> bool:
        quoted = "'" + self.sheet.replace("'", "''") + "'!"
        text = formula.casefold()
        return (
            (home is not None and self.is_sheet(home))
            or (self.sheet + "!").casefold() in text
            or (quoted.casefold() in text)
        )

    def _check_text(self, literal: str, where: str) -> None:
        text = literal.casefold()
        if (self.sheet + "!").casefold() in text or ("'" + self.sheet.replace("'", "''") + "'!").casefold() in text:
            self.problem(
                Note(
                    "{where}: the text {literal} names cells of {sheet!r} and was not adjusted",
                    where=where,
                    literal=literal,
                    sheet=self.sheet,
                )
            )

    def _three_d_touches(self, prefix: str) -> bool:
        """Does ``First:Last`` (a 3-D reference) span the sheet? Unknown sheet order counts as yes."""
        first, _, last = sheet_of(prefix).partition(":")
        names = [n.casefold() for n in self.order]
        try:
            i, j = names.index(first.casefold()), names.index(last.casefold())
            k = names.index(self.sheet.casefold())
        except ValueError:
            return True
        return min(i, j) <= k <= max(i, j)
