"""Readers: every cell comes back exactly as the file stores it, whatever the format, encoding or delimiter."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.errors import Cancelled, InputError
from dedup_gui.core.io import list_sheets, read_table
from dedup_gui.core.progress import Reporter
from dedup_gui.core.table import cell_text
from tests.data_factories import (
    DATE,
    DATETIME,
    NEWS,
    NEWS_TRAD,
    TIME,
    simple_rows,
    write_csv,
    write_txt_folder,
    write_xlsx,
)


# ---- xlsx -------------------------------------------------------------------------------------------------------
def test_xlsx_reads_the_first_sheet_by_default_and_another_on_request(tmp_path):
    path = write_xlsx(tmp_path / "two.xlsx", {"A": [["t"], ["first"]], "B": [["t"], ["second"]]})
    assert list_sheets(path) == ["A", "B"]
    assert read_table(path).data["t"].tolist() == ["first"]
    table = read_table(path, sheet="B")
    assert table.sheet == "B" and table.sheet_names == ["A", "B"]
    assert table.data["t"].tolist() == ["second"]


def test_xlsx_keeps_types_and_text_stored_numbers(tmp_path):
    rows = [
        ["id", "n", "f", "d", "dt", "t", "b", "formula_text"],
        ["000123", 7, 2.5, DATE, DATETIME, TIME, True, "=SUM(A1:A2)"],
        ["123456789012345678", 10**12, -0.1, None, None, None, False, "+86 10"],
    ]
    table = read_table(write_xlsx(tmp_path / "t.xlsx", {"S": rows}))
    first, second = table.data.values.tolist()
    assert first == ["000123", 7, 2.5, DATE, DATETIME, TIME, True, "=SUM(A1:A2)"]
    assert second == ["123456789012345678", 10**12, -0.1, None, None, None, False, "+86 10"]
    assert type(first[1]) is int  # Excel shows 7, not 7.0
    assert [cell_text(v) for v in first[:3]] == ["000123", "7", "2.5"]
    assert table.kind == "xlsx" and table.header_row == 1


def test_xlsx_header_renames_blank_and_repeated_names(tmp_path):
    rows = [["text", None, "text", "text"], ["a", "b", "c", "d"]]
    table = read_table(write_xlsx(tmp_path / "h.xlsx", {"S": rows}))
    assert table.columns == ["text", "Column B", "text (2)", "text (3)"]
    assert table.source_header == ["text", "", "text", "text"]
    assert any("Column B" in w for w in table.warnings)
    assert any("text (2)" in w for w in table.warnings)


def test_xlsx_keeps_interior_empty_rows_and_drops_trailing_ones(tmp_path):
    path = tmp_path / "gaps.xlsx"
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["text"])
    ws.append(["one"])
    ws.append([])
    ws.append(["three"])
    ws["A9"].font = Font(bold=True)  # formatted but empty: not data
    wb.save(path)
    table = read_table(path)
    assert table.data["text"].tolist() == ["one", None, "three"]


def test_xlsx_data_block_not_at_a1_records_its_position(tmp_path):
    import openpyxl

    path = tmp_path / "offset.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["C3"], ws["D3"] = "title", "body"
    ws["C4"], ws["D4"] = "t1", "b1"
    wb.save(path)
    table = read_table(path)
    assert table.columns == ["title", "body"]
    assert (table.header_row, table.first_column) == (3, 2)


def test_xlsx_reports_progress_and_honours_cancel(tmp_path):
    path = write_xlsx(tmp_path / "big.xlsx", {"S": simple_rows(12000)})
    seen = []
    table = read_table(path, reporter=Reporter(progress=lambda s, d, t: seen.append((s, d, t))))
    assert len(table) == 12000
    assert seen[-1] == ("Loading", 12000, 12000)
    reporter = Reporter()
    reporter.cancel()
    with pytest.raises(Cancelled):
        read_table(path, reporter=reporter)


# ---- csv --------------------------------------------------------------------------------------------------------
ROWS = [["编号", "标题", "正文"], ["000123", "NA", NEWS[0]], ["007", "NULL", NEWS[1]], ["", "nan", NEWS[2]]]


@pytest.mark.parametrize(
    "encoding,bom,expected",
    [
        ("utf-8", False, "utf-8"),
        ("utf-8", True, "utf-8"),
        ("gbk", False, "gb18030"),
        ("gb18030", False, "gb18030"),
        ("utf-16-le", True, "utf-16-le"),
        ("utf-16-be", True, "utf-16-be"),
    ],
)
def test_csv_encodings_are_detected_and_cells_read_exactly(tmp_path, encoding, bom, expected):
    path = write_csv(tmp_path / "news.csv", ROWS, encoding=encoding, bom=bom)
    table = read_table(path)
    assert (table.encoding, table.bom) == (expected, bom)
    assert table.columns == ROWS[0]
    assert table.data.values.tolist() == ROWS[1:]


def test_csv_big5_traditional_chinese(tmp_path):
    rows = [["標題", "內文"]] + [[t[:6], t] for t in NEWS_TRAD]
    table = read_table(write_csv(tmp_path / "tw.csv", rows, encoding="big5"))
    assert table.encoding in ("cp950", "big5")
    assert table.data.values.tolist() == rows[1:]


def test_csv_short_gbk_text_is_not_mistaken_for_big5(tmp_path):
    rows = [["a", "b"], ["1", "中文"], ["2", "新闻"]]
    table = read_table(write_csv(tmp_path / "short.csv", rows, encoding="gbk"))
    assert table.data.values.tolist() == rows[1:]


@pytest.mark.parametrize("delimiter", [",", "\t", ";", "|"])
def test_csv_delimiter_is_detected(tmp_path, delimiter):
    rows = [["id", "text", "note"], ["1", "a,b;c|d", "x"], ["2", "second", "y"]]
    table = read_table(write_csv(tmp_path / "d.csv", rows, delimiter=delimiter))
    assert table.delimiter == delimiter
    assert table.data.values.tolist() == rows[1:]


def test_tsv_extension_reads_tabs(tmp_path):
    path = tmp_path / "d.tsv"
    path.write_text("id\ttext\n1\thello, world\n", encoding="utf-8")
    table = read_table(path)
    assert table.delimiter == "\t" and table.data.values.tolist() == [["1", "hello, world"]]


def test_csv_quoted_newlines_and_quotes_stay_inside_their_cell(tmp_path):
    rows = [["id", "text"], ["1", '第一段\n第二段\r\n"引号"'], ["2", "  spaced  "]]
    table = read_table(write_csv(tmp_path / "q.csv", rows))
    assert table.data.values.tolist() == rows[1:]


def test_csv_ragged_rows_are_padded_and_extra_cells_get_columns(tmp_path):
    path = tmp_path / "ragged.csv"
    path.write_text("a,b\n1\n2,3,4,5\n6,7\n", encoding="utf-8")
    table = read_table(path)
    assert table.columns == ["a", "b", "Column C", "Column D"]
    assert table.data.values.tolist() == [["1", "", "", ""], ["2", "3", "4", "5"], ["6", "7", "", ""]]
    assert any("added columns Column C, Column D" in w for w in table.warnings)


def test_csv_cells_stay_python_strings_in_columns_of_objects(tmp_path):
    """Every cell a str as the file holds it ("" for an empty one, "NA" and "nan" as text): the columns hold
    objects, not a string type that would read "NA" or an empty cell as missing."""
    path = tmp_path / "plain.csv"
    path.write_text("id,text,note\n1,NA,\n2,nan,x\n3,,NULL\n", encoding="utf-8")
    data = read_table(path).data
    assert [str(t) for t in data.dtypes] == ["object"] * 3
    assert data.values.tolist() == [["1", "NA", ""], ["2", "nan", "x"], ["3", "", "NULL"]]
    assert all(type(v) is str for v in data.values.ravel())
    assert data.columns.tolist() == ["id", "text", "note"] and str(data.columns.dtype) == "object"


def test_the_texts_of_a_csv_column_are_its_cells_as_read(tmp_path):
    """A CSV table's dedup texts are its cells exactly (they are strings already, taken as they are): a short row's
    missing cell is empty, "12.50" stays "12.50"; the same texts once the table has become a DataFrame."""
    path = tmp_path / "plain.csv"
    path.write_text("id,text\n1,NA\n2\n3,12.50\n", encoding="utf-8")
    table = read_table(path)
    assert table.texts(["text"]) == ["NA", "", "12.50"]
    assert table.texts(["id", "text"]) == ["1\nNA", "2", "3\n12.50"]
    lazy = table.texts(["id", "text"])
    table.data  # noqa: B018  (the cells become a DataFrame)
    assert table.texts(["id", "text"]) == lazy


def test_csv_blank_and_duplicate_headers(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("text,,text\n1,2,3\n", encoding="utf-8")
    assert read_table(path).columns == ["text", "Column B", "text (2)"]


def test_csv_interior_blank_line_is_a_row_trailing_ones_are_not(tmp_path):
    path = tmp_path / "blank.csv"
    path.write_text("a,b\n1,2\n\n3,4\n\n\n", encoding="utf-8")
    assert read_table(path).data.values.tolist() == [["1", "2"], ["", ""], ["3", "4"]]


def test_csv_records_line_endings(tmp_path):
    unix = write_csv(tmp_path / "u.csv", [["a"], ["1"]], newline="\n")
    dos = write_csv(tmp_path / "d.csv", [["a"], ["1"]], newline="\r\n")
    assert read_table(unix).newline == "\n" and read_table(dos).newline == "\r\n"


def test_csv_fields_longer_than_the_csv_module_default(tmp_path):
    long_text = "长" * 200_000
    table = read_table(write_csv(tmp_path / "long.csv", [["text"], [long_text]]))
    assert table.data["text"].tolist() == [long_text]


# ---- txt folder -------------------------------------------------------------------------------------------------
def test_txt_folder_reads_every_file_recursively_with_its_own_encoding(tmp_path):
    root = write_txt_folder(
        tmp_path / "articles",
        {
            "b.txt": (NEWS[0], "utf-8"),
            "a.txt": (NEWS[1], "gbk"),
            "sub/c.txt": (NEWS_TRAD[0], "big5"),
            "sub/deeper/d.TXT": ("plain ascii", "ascii"),
            "sub/ignored.md": ("not a txt", "utf-8"),
        },
    )
    (root / "bom.txt").write_bytes(b"\xef\xbb\xbf" + NEWS[2].encode())
    table = read_table(root)
    assert table.kind == "txt" and table.columns == ["path", "name", "text"]
    assert table.data["path"].tolist() == ["a.txt", "b.txt", "bom.txt", "sub/c.txt", "sub/deeper/d.TXT"]
    assert table.data["name"].tolist() == ["a.txt", "b.txt", "bom.txt", "c.txt", "d.TXT"]
    assert table.data["text"].tolist() == [NEWS[1], NEWS[0], NEWS[2], NEWS_TRAD[0], "plain ascii"]
    assert list_sheets(root) == []


def test_workbook_saved_with_a_csv_name_is_read_as_a_workbook(tmp_path):
    path = write_xlsx(tmp_path / "x.xlsx", {"S": [["text"], ["hello"]]})
    renamed = path.rename(tmp_path / "x.csv")
    assert read_table(renamed).data["text"].tolist() == ["hello"]


def test_list_sheets_of_csv_is_empty(tmp_path):
    assert list_sheets(write_csv(tmp_path / "a.csv", [["a"], ["1"]])) == []


def test_missing_sheet_name_is_an_input_error(tmp_path):
    path = write_xlsx(tmp_path / "s.xlsx", {"A": [["t"], ["x"]]})
    with pytest.raises(InputError, match=r"no sheet named 'Nope' \(sheets: A\)"):
        read_table(path, sheet="Nope")


def test_dates_survive_as_dates(tmp_path):
    table = read_table(write_xlsx(tmp_path / "d.xlsx", {"S": [["d"], [dt.date(1999, 12, 31)]]}))
    assert table.data["d"].tolist() == [dt.date(1999, 12, 31)]


def test_xlsx_merged_title_row_above_the_header_is_skipped(tmp_path):
    import openpyxl

    path = tmp_path / "title.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = "2024年新闻汇总"
    ws.merge_cells("A1:C1")
    ws.append([])
    ws.append(["id", "title", "body"])
    ws.append(["1", "标题", "正文"])
    wb.save(path)
    table = read_table(path)
    assert table.header_row == 3 and table.columns == ["id", "title", "body"]
    assert table.data.values.tolist() == [["1", "标题", "正文"]]


def test_xlsx_single_column_sheet_under_a_plain_first_row_keeps_it_as_header(tmp_path):
    path = write_xlsx(tmp_path / "one.xlsx", {"S": [["text"], ["a"], ["b"]]})
    assert read_table(path).columns == ["text"]


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet='ab,"\n\r\u2028中', max_size=60), chunk=st.integers(1, 8))
def test_the_csv_reader_reads_the_lines_a_stringio_would(text, chunk):
    import io

    from dedup_gui.core.io.csv_reader import text_lines

    starts: list[int] = []
    lines = list(text_lines(text, chunk, starts.append))
    assert lines == list(io.StringIO(text))
    line_starts = {sum(map(len, lines[:i])) for i in range(len(lines))}
    assert starts == sorted(set(starts)) and set(starts) <= line_starts  # progress: where each piece starts
    assert starts[:1] == ([0] if text else [])


def test_quoted_cells_over_many_lines_read_the_same_a_line_at_a_time(tmp_path, monkeypatch):
    from dedup_gui.core.io import csv_reader

    body = "".join(f'{i},"第{i}段\r\n第二行,有逗号\n""引号""",{i * 2}\r\n' for i in range(50))
    path = tmp_path / "multi.csv"
    path.write_text("id,text,n\r\n" + body, encoding="utf-8")
    whole = read_table(path)
    monkeypatch.setattr(csv_reader, "LINES_AT_ONCE", 1)  # every line a piece of its own
    pieces = read_table(path)
    assert pieces.data.equals(whole.data) and pieces.warnings == whole.warnings
    assert pieces.data["text"][3] == '第3段\r\n第二行,有逗号\n"引号"'


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list('ab,;"\n\r 中\t')), max_size=120),
    delimiter=st.sampled_from([",", ";", "\t"]),
)
def test_csv_records_read_at_once_end_on_the_lines_the_reader_counts_one_by_one(text, delimiter):
    """Any text, quotes unbalanced, cells spanning lines, \\r alone or before \\n, blank lines: the records read in
    one call, with their last lines counted from their line breaks, equal reading them one by one with the reader's
    own line count (or both refuse the text alike)."""
    from pathlib import Path

    from dedup_gui.core.io.csv_reader import _parse, _parse_one_by_one

    path = Path("t.csv")
    try:
        want_rows, want_ends = _parse_one_by_one(path, text, delimiter)
    except InputError as e:
        with pytest.raises(InputError) as got:
            _parse(path, text, delimiter, None)
        assert str(got.value) == str(e)
        return
    rows, ends = _parse(path, text, delimiter, None)
    assert rows == want_rows
    assert ends.tolist() == want_ends.tolist()


def test_csv_cell_over_lines_with_a_lone_carriage_return_reads_exactly(tmp_path):
    """A quoted cell spanning lines, one of which holds delimiters and a carriage return alone (a pasted e-mail or
    newsgroup post keeps them): a normal cell - read exactly, no warning - where the check for swallowed rows once
    raised the csv module's error."""
    cell = "From: someone\nSubject: a, b and c\r here\nthe body, with commas, and more\rend"
    rows = [["id", "text"], ["1", cell], ["2", "plain"]]
    table = read_table(write_csv(tmp_path / "cr.csv", rows))
    assert table.data.values.tolist() == rows[1:]
    assert not any("look like rows" in w for w in table.warnings)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list('ab,;"\n\r 中\t')), max_size=120))
def test_any_delimited_text_reads_or_is_refused_with_a_message(text):
    """Whatever a .csv file holds (quotes unbalanced, carriage returns alone, blank lines), reading it gives a table
    or an InputError naming the file - never another exception."""
    from pathlib import Path

    from dedup_gui.core.io.csv_reader import read_csv

    path = Path("any.csv")
    try:
        table = read_csv(path, ("id,text\n" + text).encode("utf-8"))
    except InputError as e:
        assert "any.csv" in str(e)
        return
    assert len(table) >= 1


def _cut(text: str, cuts: list[int]) -> tuple[str, ...]:
    """``text`` in parts, cut at ``cuts`` (positions taken modulo its length; empty parts allowed)."""
    at = sorted(c % (len(text) + 1) for c in cuts)
    return tuple(text[a:b] for a, b in zip([0, *at], [*at, len(text)], strict=True))


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list('ab,"\n\r 中')), max_size=80),
    cuts=st.lists(st.integers(0, 100), max_size=5),
    chunk=st.integers(1, 10),
    data=st.data(),
)
def test_lines_and_open_quotes_of_a_text_in_parts_equal_those_of_the_whole(text, cuts, chunk, data):
    """``part_lines`` of a text cut anywhere (inside lines, at line breaks, into empty parts) gives the lines
    ``text_lines`` gives of the whole, with progress at the same places; ``_quote_left_open`` on the parts
    answers as on the whole for any span of lines."""
    from dedup_gui.core.io.csv_reader import _quote_left_open, part_lines, text_lines

    parts = _cut(text, cuts)
    seen: list[int] = []
    assert list(part_lines(parts, chunk, seen.append)) == list(text_lines(text, chunk))
    assert set(seen) <= {0, *(i + 1 for i, ch in enumerate(text) if ch == "\n")}  # where lines start
    n_lines = text.count("\n") + 1
    first = data.draw(st.integers(1, n_lines))
    last = data.draw(st.integers(first, n_lines))
    assert _quote_left_open(parts, first, last) == _quote_left_open(text, first, last)


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list('ab,;"\n\r 中文€𠀀\t')), max_size=120),
    name=st.sampled_from(["utf-8", "gb18030", "utf-16"]),
    chunk=st.integers(1, 12),
    damage=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)), max_size=1),
)
def test_a_file_decoded_in_parts_reads_as_decoded_at_once(text, name, chunk, damage):
    """A file decoded a few bytes at a time (characters cut at any part's end, a byte damaged anywhere) reads as
    the file decoded in one go: the same table, warnings, encoding and line ending - or the same refusal."""
    from pathlib import Path

    from dedup_gui.core.io import encoding
    from dedup_gui.core.io.csv_reader import read_csv

    raw = bytearray(("id,text\n" + text).encode(name, errors="replace"))
    for at, byte in damage:
        raw[at % len(raw)] = byte

    def read(size: int):
        old, encoding.DECODE_CHUNK = encoding.DECODE_CHUNK, size
        try:
            t = read_csv(Path("f.csv"), bytes(raw))
        except InputError as e:
            return str(e)
        finally:
            encoding.DECODE_CHUNK = old
        return t.data.values.tolist(), t.columns, t.warnings, t.encoding, t.bom, t.newline, t.delimiter

    assert read(chunk) == read(1 << 30)


@settings(max_examples=100, deadline=None)
@given(
    rows=st.integers(0, 8).flatmap(
        lambda n: st.lists(st.lists(st.one_of(st.text(max_size=5), st.none(), st.floats()), min_size=n, max_size=n))
    ),
    data=st.data(),
)
def test_a_table_given_its_cells_answers_as_the_table_of_their_dataframe(rows, data):
    """A reader's ``Cells`` (no pandas) and the DataFrame made of them on demand give the same answers: length,
    columns, cells, the rows a cleaned file keeps; ``data`` is that DataFrame."""
    import numpy as np
    import pandas as pd

    from dedup_gui.core.table import Cells, Table

    width = len(rows[0]) if rows else data.draw(st.integers(0, 3))
    names = [f"c{j}" for j in range(width)]
    block = np.empty((width, len(rows)), dtype=object)
    for i, row in enumerate(rows):
        block[:, i] = row
    frame = pd.DataFrame(block.T, columns=pd.Index(names, dtype=object), dtype=object)
    lazy, eager = (Table(Path("t.csv"), "csv", names, d) for d in (Cells(block, names), frame))
    keep = np.array(data.draw(st.lists(st.booleans(), min_size=len(rows), max_size=len(rows))), dtype=bool)
    head = data.draw(st.integers(0, 10))
    assert len(lazy) == len(eager) == len(rows)
    for name in [*names, "other"]:
        assert lazy.has_column(name) == eager.has_column(name) == (name in names)
    for name in names:
        assert lazy.column_values(name) == eager.column_values(name)
        assert lazy.column_values(name, head=head) == eager.column_values(name, head=head)
        assert lazy.column_texts(name) == eager.column_texts(name)
    kept, want = lazy.rows_where(keep), eager.rows_where(keep)
    assert len(kept) == len(want) == int(keep.sum())
    assert list(kept.tuples()) == list(want.tuples())
    pd.testing.assert_frame_equal(kept.frame().reset_index(drop=True), want.frame().reset_index(drop=True))
    pd.testing.assert_frame_equal(lazy.data, frame)


def test_a_line_that_may_start_an_id_begins_with_a_quote_or_any_character_str_isdigit_holds_for():
    # The swallowed-rows check looks for inner lines starting so (csv_reader._line_from_a_number): its list of
    # the digits beyond \d, made from numpy's strings, is str.isdigit's, character for character.
    from dedup_gui.core.io.csv_reader import _line_from_a_number

    pattern = _line_from_a_number()
    for code in range(0x10000):
        c = chr(code)
        assert (pattern.match("\n" + c) is not None) == (c == '"' or c.isdigit()), hex(code)
    assert pattern.match("\n\U0001d7ce")  # (beyond the first 65,536 code points: all let in)


_CELLS = st.one_of(
    st.text(max_size=6),
    st.just(""),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(2**60), max_value=2**60).map(float),
    st.sampled_from([0.0, -0.0, 2.0**53, 2.0**53 - 1, -(2.0**53) + 1, 1e300, 0.5]),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.dates(),
    st.times(),
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(_CELLS, max_size=30), st.lists(st.floats(), max_size=30), st.lists(st.text(), max_size=30)))
def test_a_column_read_at_once_holds_what_cell_by_cell_reading_gives(values):
    """The workbook reader converts a column's cells at once (text, numbers) - the same values, of the same types,
    as converting each cell: "" empty, whole floats below 2**53 as int, other values as they are."""
    from dedup_gui.core.io.xlsx_reader import _column, _value

    got = _column(list(values)).tolist()
    want = [_value(v) for v in values]
    assert [type(v) for v in got] == [type(v) for v in want]
    assert [repr(v) for v in got] == [repr(v) for v in want]  # (repr: nan alike, -0.0 apart from 0.0)
