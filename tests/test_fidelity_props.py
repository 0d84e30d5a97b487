"""Property tests of the export promise: a cleaned file holds exactly the kept rows, every cell unchanged.

Random tables mix the values that break naive exporters: leading zeros, 18-digit IDs, dates and times, booleans,
empty cells, "NA"/"NULL"/"nan", whitespace-only cells, text starting with = + - @, line breaks inside cells,
emoji, CJK extension B and right-to-left text.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import numpy as np
import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dedup_gui.core.errors import InputError
from dedup_gui.core.io import read_table, write_cleaned
from tests.data_factories import write_csv, write_xlsx

TRICKY_TEXT = [
    "000123",
    "007",
    "123456789012345678",
    "NA",
    "NULL",
    "nan",
    "None",
    "TRUE",
    "   ",
    " lead and trail ",
    "=1+1",
    "=SUM(A1:A3)",
    "+86 10 1234",
    "-5",
    "@mention",
    "line one\nline two",
    "crlf\r\nline",
    "😀 emoji",
    "𠀀𪚥",
    "مرحبا بالعالم",
    "שלום",
    "新华社北京电",
    '"quoted"',
    "_x000D_",
    "a,b;c|d\te",
]
PROFILE = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

safe_chars = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufffe\uffff")
free_text = st.text(alphabet=st.one_of(safe_chars, st.sampled_from("\n\t ")), max_size=20)
text_values = st.one_of(st.sampled_from(TRICKY_TEXT), free_text)
xlsx_values = st.one_of(
    text_values,
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(allow_nan=False, allow_infinity=False, width=64).filter(lambda f: abs(f) < 1e300),
    st.dates(min_value=dt.date(1900, 3, 1), max_value=dt.date(9999, 12, 31)),
    st.datetimes(min_value=dt.datetime(1900, 3, 1), max_value=dt.datetime(9999, 12, 31)).map(
        lambda d: d.replace(microsecond=0)
    ),
    st.times().map(lambda t: t.replace(microsecond=0)),
)
header_names = st.text(alphabet=st.characters(whitelist_categories=("Lu", "Ll", "Lo", "Nd")), min_size=1, max_size=8)


@st.composite
def tables(draw, values, min_cols=1):
    n_cols = draw(st.integers(min_value=min_cols, max_value=5))
    n_rows = draw(st.integers(min_value=1, max_value=12))
    header = draw(st.lists(header_names, min_size=n_cols, max_size=n_cols))
    rows = draw(st.lists(st.lists(values, min_size=n_cols, max_size=n_cols), min_size=n_rows, max_size=n_rows))
    return [header] + rows


def _empty(row) -> bool:
    return all(v is None or v == "" for v in row)


def expected_rows(rows: list[list[object]]) -> list[list[object]]:
    """Trailing all-empty rows are not data rows, in the input or in the output."""
    rows = list(rows)
    while rows and _empty(rows[-1]):
        rows.pop()
    return rows


def check_output(out: Path, expected: list[list[object]]) -> None:
    expected = expected_rows(expected)
    if not expected:
        with pytest.raises(InputError, match="no data rows"):
            read_table(out)
        return
    assert read_table(out).data.values.tolist() == expected


def openpyxl_cells(path: Path) -> list[list[tuple[object, str]]]:
    ws = openpyxl.load_workbook(path).worksheets[0]
    return [[(c.value, c.data_type) for c in row] for row in ws.iter_rows()]


@PROFILE
@given(rows=tables(xlsx_values), mask_seed=st.integers(0, 2**32 - 1))
def test_xlsx_cleaned_export_is_input_minus_removed_rows(rows, mask_seed):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        src = write_xlsx(tmp / "in.xlsx", {"Data": rows})
        try:
            table = read_table(src)
        except InputError:
            # only empty data rows: nothing to read (openpyxl writes whitespace-only text without
            # xml:space="preserve", which readers take as empty; Excel itself always marks it)
            blank = [[None if isinstance(v, str) and not v.strip() else v for v in r] for r in rows[1:]]
            assert not expected_rows(blank)
            return
        data = table.data.values.tolist()
        # nothing removed: identical, cell by cell, in value and type
        write_cleaned(table, np.ones(len(table), bool), tmp / "same.xlsx")
        assert read_table(tmp / "same.xlsx").data.values.tolist() == data
        assert openpyxl_cells(tmp / "same.xlsx") == openpyxl_cells(src)
        # random mask: exactly the kept rows, in order
        keep = np.random.default_rng(mask_seed).random(len(table)) < 0.6
        write_cleaned(table, keep, tmp / "cut.xlsx")
        check_output(tmp / "cut.xlsx", [r for r, k in zip(data, keep, strict=True) if k])
        source_cells = openpyxl_cells(src)
        # rows below the data (blank to the reader, e.g. whitespace-only) are not data rows: they stay
        below = source_cells[len(table) + 1 :]
        kept_cells = [source_cells[0]] + [source_cells[i + 1] for i in np.flatnonzero(keep)] + below
        out_cells = openpyxl_cells(tmp / "cut.xlsx")
        assert out_cells == kept_cells[: len(out_cells)]
        assert all(all(v is None for v, _ in row) for row in kept_cells[len(out_cells) :])


@PROFILE
@given(
    rows=tables(text_values, min_cols=2),
    encoding=st.sampled_from([("utf-8", False), ("utf-8", True), ("utf-16-le", True)]),
    delimiter=st.sampled_from([",", "\t", ";", "|"]),
    newline=st.sampled_from(["\r\n", "\n"]),
    mask_seed=st.integers(0, 2**32 - 1),
)
def test_csv_cleaned_export_is_input_minus_removed_rows(rows, encoding, delimiter, newline, mask_seed):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        src = write_csv(
            tmp / "in.csv", rows, encoding=encoding[0], bom=encoding[1], delimiter=delimiter, newline=newline
        )
        body = expected_rows(rows[1:])
        if not body:
            with pytest.raises(InputError, match="no data rows"):
                read_table(src)
            return
        table = read_table(src)
        assert table.delimiter == delimiter
        assert table.data.values.tolist() == body
        write_cleaned(table, np.ones(len(table), bool), tmp / "same.csv")
        assert read_table(tmp / "same.csv").data.values.tolist() == body
        if len(body) == len(rows) - 1:  # no trailing blank rows were dropped: the file itself is unchanged
            assert (tmp / "same.csv").read_bytes() == src.read_bytes()
        keep = np.random.default_rng(mask_seed).random(len(table)) < 0.6
        write_cleaned(table, keep, tmp / "cut.csv")
        check_output(tmp / "cut.csv", [r for r, k in zip(body, keep, strict=True) if k])


@PROFILE
@given(rows=tables(text_values, min_cols=2), mask_seed=st.integers(0, 2**32 - 1))
def test_csv_to_xlsx_keeps_every_string(rows, mask_seed):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        body = expected_rows(rows[1:])
        if not body:
            return
        table = read_table(write_csv(tmp / "in.csv", rows))
        keep = np.random.default_rng(mask_seed).random(len(table)) < 0.6
        write_cleaned(table, keep, tmp / "out.xlsx")
        kept = [[v if v != "" else None for v in r] for r, k in zip(body, keep, strict=True) if k]
        check_output(tmp / "out.xlsx", kept)
