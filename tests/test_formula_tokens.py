"""Formulas differing in their digits alone are tokenised once (``xlsx_shift.formula_tokens``): on random formulas,
each filled with two sets of digits, the tokens are openpyxl's tokenizer's - their text, type and subtype - or the
tokenizer's error is raised, the second formula made from the first's tokens where it may be."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.formula.tokenizer import Tokenizer

from dedup_gui.core.io import xlsx_shift

# Pieces of formulas; "9" stands for a run of digits, filled in anew for each formula.
PIECES = [
    "A9", "$B$9", "C9:D9", "SUM(", "LOG9(", ")", ",", "+", "-", "*", "/", "^", "&", "<>", ">=", " ", "9", "9.9",
    "9E", "9e", "E+", "9E+9", '"a9"', '"9""9"', "'Sheet 9'!", "Sheet9!", "#DIV/0!", "#DIV/9!", "#REF!",
    "{9,9;9,9}", "(", "%", "TRUE", "[9]", "_", ":", "Name9", "9_9",
]  # fmt: skip


def _filled(template: str, digits: list[str]) -> str:
    parts = template.split("9")
    out = parts[0]
    for i, part in enumerate(parts[1:]):
        out += digits[i % len(digits)] + part
    return out


def _tokens(make, formula: str):
    try:
        return [(t.value, t.type, t.subtype) for t in make(formula)]
    except Exception as e:  # noqa: BLE001 - the tokenizer's error, whatever it is
        return type(e).__name__


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join),
    st.lists(st.sampled_from(["0", "1", "7", "10", "05", "123", "99999"]), min_size=1, max_size=4),
    st.lists(st.sampled_from(["0", "2", "9", "11", "007", "4096"]), min_size=1, max_size=4),
)
def test_tokens_are_the_tokenizers(template, first, second):
    xlsx_shift._shapes.clear()
    for digits in (first, second):
        formula = _filled(template, digits)
        assert _tokens(xlsx_shift.formula_tokens, formula) == _tokens(lambda f: Tokenizer("=" + f).items, formula)


def test_a_column_of_formulas_is_tokenised_once(monkeypatch):
    xlsx_shift._shapes.clear()
    made = []
    real = Tokenizer.__init__

    def counted(self, formula):
        made.append(formula)
        real(self, formula)

    monkeypatch.setattr(Tokenizer, "__init__", counted)
    tokens = [xlsx_shift.formula_tokens(f"LEN(D{r})+1") for r in range(2, 50)]
    assert made == ["=LEN(D2)+1"]
    assert ["".join(t.value for t in row) for row in tokens] == [f"LEN(D{r})+1" for r in range(2, 50)]


@pytest.mark.parametrize("formula", ["1E+5+A1", "A1/#DIV/0!"])
def test_formulas_read_by_their_digits_values_are_tokenised_each_time(formula):
    xlsx_shift._shapes.clear()
    xlsx_shift.formula_tokens(formula)
    assert not xlsx_shift._shapes
