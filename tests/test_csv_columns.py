"""A regular CSV file of long cells read a column at a time (``core.io.csv_columns``): the cells cut from the text
are those the csv module reads, or the file is left to the csv module."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from dedup_gui.core.errors import InputError
from dedup_gui.core.io import csv_reader, read_table
from dedup_gui.core.io.csv_columns import regular_columns
from dedup_gui.core.io.csv_reader import _parse_one_by_one


def _split(text: str, cuts: list[int]) -> tuple[str, ...]:
    """``text`` in parts at the places ``cuts`` (any characters, a quoted cell or a CR LF cut in two too)."""
    at = sorted({min(c, len(text)) for c in cuts} | {0, len(text)})
    return tuple(text[lo:hi] for lo, hi in zip(at[:-1], at[1:], strict=True)) or ("",)


def _as_the_csv_module_reads(text: str, delimiter: str) -> tuple[list[list[str]], list[int]] | None:
    """The records and their last lines as ``csv_reader`` reads them with the csv module, when it reads the text."""
    try:
        rows, ends = _parse_one_by_one(Path("t.csv"), text, delimiter)
    except InputError:
        return None
    return rows, ends.tolist()


def _transposed(columns: list[list[str]]) -> list[list[str]]:
    return [list(row) for row in zip(*columns, strict=True)]


@settings(max_examples=400, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list('ab,;"\n\r 中\t\0')), max_size=120),
    delimiter=st.sampled_from([",", ";", "\t"]),
    cuts=st.lists(st.integers(min_value=0, max_value=120), max_size=4),
)
@example(text='a,"b""c"\r\n1,"x\ny"\n', delimiter=",", cuts=[9])
@example(text='"a"b"",c\n', delimiter=",", cuts=[])  # (the csv module: 'ab""' - a quote not doubled ends quoting)
@example(text='a,"b"c"', delimiter=",", cuts=[])  # (a quote left open: 'bc"')
@example(text="a,b\r", delimiter=",", cuts=[])  # (a carriage return alone at the end: left to the csv module)
def test_cells_cut_from_any_text_are_the_csv_modules_or_none(text, delimiter, cuts):
    """Any text - quotes unbalanced or inside unquoted cells, carriage returns alone, blank lines, ragged rows, NUL
    - in parts cut anywhere: the columns cut are the csv module's records, with the same last lines; or none, and
    the csv module reads the file."""
    got = regular_columns(_split(text, cuts), delimiter, least_cell_chars=0)
    if got is None:
        return
    want = _as_the_csv_module_reads(text, delimiter)
    assert want is not None, "cut a text the csv module refuses"
    columns, last_lines = got
    assert _transposed(columns) == want[0]
    assert last_lines.tolist() == want[1]


_CELL = st.text(alphabet=st.sampled_from(list('ab,"\n\r 中;\t')), max_size=12)


@settings(max_examples=300, deadline=None)
@given(
    table=st.integers(min_value=1, max_value=4).flatmap(
        lambda width: st.lists(st.lists(_CELL, min_size=width, max_size=width), min_size=1, max_size=12)
    ),
    delimiter=st.sampled_from([",", ";", "\t"]),
    quoting=st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]),
    newline=st.sampled_from(["\n", "\r\n"]),
    last_newline=st.booleans(),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=4),
)
def test_a_file_written_by_a_csv_writer_is_cut_as_the_csv_module_reads_it(
    table, delimiter, quoting, newline, last_newline, cuts
):
    """Rows written by the csv module (quoted as needed or every cell, either line ending, cells holding quotes,
    delimiters and line breaks) are cut - not left to the csv module - into the cells it reads back."""
    assume(all(any(row) or len(row) > 1 for row in table))  # (a row of one empty cell is written as a blank line)
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, quoting=quoting, lineterminator=newline).writerows(table)
    text = out.getvalue() if last_newline else out.getvalue()[: -len(newline)]
    want = _as_the_csv_module_reads(text, delimiter)
    assume(want is not None and want[0] == table)  # (the writer leaves a carriage return alone unquoted)
    got = regular_columns(_split(text, cuts), delimiter, least_cell_chars=0)
    assert got is not None
    assert _transposed(got[0]) == table
    assert got[1].tolist() == want[1]


def _articles(n: int, width: int = 300) -> list[list[str]]:
    """Rows of an id (tens) and an article of ``width``-odd characters over paragraphs, with commas and quotes in it."""
    rows = [["id", "text"]]
    for i in range(n):
        body = f'第{i}条新闻，记者报道："今天, 天气晴"。' * (width // 20)
        rows.append([str(10 * i), body + "\n第二段" + "很长的内容" * (i % 7)])
    return rows


def _write(path: Path, rows: list[list[str]], newline: str = "\r\n") -> Path:
    with open(path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator=newline).writerows(rows)
    return path


def _read_both(path: Path, monkeypatch) -> tuple:
    """The file read as ``read_table`` reads it, whether its cells were cut, and read by the csv module alone."""
    used = []
    cut = csv_reader._read_columns
    monkeypatch.setattr(csv_reader, "_read_columns", lambda *a: used.append(cut(*a)) or used[-1])
    fast = read_table(path)
    monkeypatch.setattr(csv_reader, "_read_columns", lambda *a: None)
    slow = read_table(path)
    return fast, used[-1] is not None, slow


def _same_table(a, b) -> None:
    assert a.columns == b.columns and a.warnings == b.warnings
    assert a.data.equals(b.data)
    assert (a.encoding, a.bom, a.delimiter, a.newline, a.source_header) == (
        b.encoding,
        b.bom,
        b.delimiter,
        b.newline,
        b.source_header,
    )
    assert (a.source_lines is None) == (b.source_lines is None)
    if a.source_lines is not None:
        assert np.array_equal(a.source_lines.lines, b.source_lines.lines)


def test_a_file_of_articles_is_read_by_its_cut_cells_as_by_the_csv_module(tmp_path, monkeypatch):
    path = _write(tmp_path / "articles.csv", _articles(300))
    fast, was_cut, slow = _read_both(path, monkeypatch)
    assert was_cut
    _same_table(fast, slow)
    assert fast.data["text"][5].startswith('第5条新闻，记者报道："今天, 天气晴"。')  # (its doubled quotes read as one)
    assert fast.source_lines is not None  # (a cleaned copy of it is still its own lines)


def test_a_cell_swallowing_rows_is_named_alike_when_the_cells_are_cut(tmp_path, monkeypatch):
    """An unbalanced quote closed further down: a regular file to the cut, whose long cell holds lines that read
    as rows - the same warning as when the csv module reads it."""
    rows = _articles(40)
    rows[10][1] = rows[10][1] + "\n" + "\n".join(f"{k},{'一行文字' * 40}" for k in range(91, 95))
    path = _write(tmp_path / "swallowed.csv", rows)
    fast, was_cut, slow = _read_both(path, monkeypatch)
    assert was_cut
    _same_table(fast, slow)
    assert any("look like rows of their own" in str(w) for w in fast.warnings)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace("\r\n20,", "\r\n\r\n20,", 1),  # a blank line between rows
        lambda t: t.replace("\r\n20,", "\r\n20,x,", 1),  # a ragged row
        lambda t: t.replace('\r\n20,"', '\r\n20,a"', 1),  # a quote inside an unquoted cell
        lambda t: t + "\r\n\r\n",  # blank lines below
    ],
)
def test_an_irregular_file_of_articles_is_read_by_the_csv_module(tmp_path, monkeypatch, change):
    text = io.StringIO()
    csv.writer(text, lineterminator="\r\n").writerows(_articles(20))
    path = tmp_path / "irregular.csv"
    changed = change(text.getvalue())
    assert changed != text.getvalue()
    path.write_text(changed, encoding="utf-8", newline="")
    fast, was_cut, slow = _read_both(path, monkeypatch)
    assert not was_cut
    _same_table(fast, slow)


def test_short_cells_are_left_to_the_csv_module():
    """Cells shorter than ``LONG_CELL_CHARS`` on average: the csv module reads them faster than they are cut."""
    text = "id,text\n" + "".join(f"{i},短句第{i}条\n" for i in range(2000))
    assert regular_columns((text,), ",") is None
    assert regular_columns((text,), ",", least_cell_chars=0) is not None


def test_reading_cut_cells_reports_progress_to_the_whole_text_and_stops_on_cancel(tmp_path, monkeypatch):
    """Parts of 4 KB: the window's progress rises part by part to the whole text, and a cancel ends the read."""
    from dedup_gui.core.errors import Cancelled
    from dedup_gui.core.io import encoding
    from dedup_gui.core.progress import Reporter

    monkeypatch.setattr(encoding, "DECODE_CHUNK", 4096)
    monkeypatch.setattr(csv_reader, "_parse", None)  # (read by the cut, or this fails)
    path = _write(tmp_path / "articles.csv", _articles(200))
    seen = []
    table = read_table(path, reporter=Reporter(progress=lambda s, d, t: seen.append((s, d, t))))
    assert len(table) == 200
    loading = [(d, t) for s, d, t in seen if s == "Loading"]
    assert len(loading) > 10 and loading[-1][0] == loading[-1][1]
    assert [d for d, _ in loading] == sorted(d for d, _ in loading)
    reporter = Reporter(progress=lambda s, d, t: reporter.cancel() if s == "Loading" and d > t // 2 else None)
    with pytest.raises(Cancelled):
        read_table(path, reporter=reporter)


def test_a_record_longer_than_the_carry_limit_is_left_to_the_csv_module(monkeypatch):
    from dedup_gui.core.io import csv_columns

    monkeypatch.setattr(csv_columns, "CARRY_LIMIT", 1000)
    cell = "很长的一段文字，" * 200  # (1,600 characters in one cell, over parts of 300)
    text = f'id,text\n1,"{cell}"\n2,"{cell}"\n'
    parts = _split(text, list(range(300, len(text), 300)))
    assert regular_columns(parts, ",", least_cell_chars=0) is None
    monkeypatch.setattr(csv_columns, "CARRY_LIMIT", 1 << 24)
    got = regular_columns(parts, ",", least_cell_chars=0)
    assert got is not None and got[0][1] == ["text", cell, cell]
