"""Writers: cleaned exports hold exactly the kept rows with everything else unchanged; every write is atomic and
never touches the input."""

from __future__ import annotations

import errno
import os
import threading
import zipfile

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dedup_gui.core.errors import Cancelled, OutputError
from dedup_gui.core.io import (
    ExcelLimitError,
    WriteReport,
    read_table,
    write_annotated,
    write_cleaned,
    write_frame,
)
from dedup_gui.core.progress import Reporter
from dedup_gui.core.result import Resolution
from tests.data_factories import (
    DATE,
    DATETIME,
    NEWS,
    TIME,
    simple_rows,
    write_csv,
    write_styled_workbook,
    write_txt_folder,
    write_xlsx,
)

TRICKY = [
    ["id", "text", "n", "when", "flag", "note"],
    ["000123", NEWS[0], 1, DATE, True, "=1+1"],
    ["123456789012345678", NEWS[1], 2.5, DATETIME, False, "NA"],
    ["007", NEWS[2], None, TIME, None, "😀𠀀𪚥 مرحبا"],
    ["", "第二行\n换行", -3, None, True, "@user"],
]


def cells(path, sheet=None):
    """(value, data_type) of every cell, as openpyxl sees the file."""
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet] if sheet else wb.worksheets[0]
    return [[(c.value, c.data_type) for c in row] for row in ws.iter_rows()]


def annotation(keep, cluster, dup_of, sim) -> pd.DataFrame:
    return Resolution(
        np.array(keep), np.array(cluster, dtype=np.int64), np.array(dup_of, dtype=np.int64), np.array(sim)
    ).annotation_frame()


# ---- cleaned xlsx -----------------------------------------------------------------------------------------------
def test_cleaned_xlsx_with_nothing_removed_is_identical_cell_by_cell(tmp_path):
    src = write_xlsx(tmp_path / "in.xlsx", {"S": TRICKY})
    table = read_table(src)
    report = write_cleaned(table, np.ones(len(table), bool), tmp_path / "out.xlsx")
    assert report == WriteReport(tmp_path / "out.xlsx", "cleaned", 4, [])
    assert cells(tmp_path / "out.xlsx") == cells(src)
    assert read_table(tmp_path / "out.xlsx").data.equals(table.data)


def test_cleaned_xlsx_drops_exactly_the_removed_rows(tmp_path):
    src = write_xlsx(tmp_path / "in.xlsx", {"S": TRICKY, "Other": [["x"], [1]]})
    table = read_table(src)
    keep = np.array([True, False, True, False])
    write_cleaned(table, keep, tmp_path / "out.xlsx")
    before = cells(src)
    assert cells(tmp_path / "out.xlsx") == [before[0], before[1], before[3]]
    assert cells(tmp_path / "out.xlsx", "Other") == cells(src, "Other")
    out = read_table(tmp_path / "out.xlsx")
    assert out.data.values.tolist() == table.data[keep].values.tolist()


def test_cleaned_xlsx_keeps_formatting_other_sheets_and_shifts_references(tmp_path):
    rows = [["id", "text", "score"]] + [[f"{i:04d}", NEWS[i % 3] + str(i), i * 1.5] for i in range(10)]
    src = write_styled_workbook(tmp_path / "styled.xlsx", rows)
    table = read_table(src)
    assert table.header_row == 2  # under the merged title row
    assert table.columns == ["id", "text", "score"] and len(table) == 10
    assert any("looks like a title" in w for w in table.warnings)
    keep = np.ones(10, bool)
    keep[[1, 2, 9]] = False
    write_cleaned(table, keep, tmp_path / "out.xlsx")

    wb = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert wb.sheetnames == ["新闻", "说明"]
    ws = wb["新闻"]
    assert ws.column_dimensions["A"].width == 12.5 and ws.column_dimensions["B"].width == 60
    assert all(ws.cell(row=2, column=c).font.b for c in range(1, 4))
    assert ws.cell(row=3, column=3).number_format == "0.00"
    assert ws.freeze_panes == "A3"
    assert [str(r) for r in ws.merged_cells.ranges] == ["A1:C1"]
    assert ws.auto_filter.ref == "A2:C9"  # was A2:C12; three data rows went
    assert [str(r) for r in ws.data_validations.dataValidation[0].sqref.ranges] == ["C3:C9"]
    assert ws.max_row == 9
    ids = [ws.cell(row=r, column=1).value for r in range(3, 10)]
    assert ids == ["0000", "0003", "0004", "0005", "0006", "0007", "0008"]
    other = wb["说明"]
    assert other["B2"].value == 42 and other.column_dimensions["A"].width == 33


def test_cleaned_xlsx_adjusts_formulas_for_removed_rows(tmp_path):
    src = tmp_path / "f.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["text", "len"])
    for i in range(1, 6):
        ws.append([f"row{i}", f"=LEN(A{i + 1})"])
    ws["D1"] = "=SUM(B2:B6)"
    ws["D2"] = "=B3*2"
    ws["E1"] = "=A6"
    wb.create_sheet("Names")
    wb.save(src)
    table = read_table(src)
    keep = np.array([True, False, True, True, True])  # remove data row 2 = sheet row 3
    write_cleaned(table, keep, tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "out.xlsx").active
    assert [ws.cell(row=r, column=2).value for r in range(2, 6)] == ["=LEN(A2)", "=LEN(A3)", "=LEN(A4)", "=LEN(A5)"]
    assert ws["D1"].value == "=SUM(B2:B5)"
    assert ws["D2"].value == "=#REF!*2"
    assert ws["E1"].value == "=A5"


def test_cleaned_xlsx_expands_shared_formulas_whose_master_is_removed(tmp_path):
    src = write_xlsx(tmp_path / "s.xlsx", {"S": [["a", "b"], [1, None], [2, None], [3, None]]})
    data = {}
    with zipfile.ZipFile(src) as zf:
        for info in zf.infolist():
            data[info.filename] = zf.read(info)
    sheet = data["xl/worksheets/sheet1.xml"].decode()
    sheet = sheet.replace(
        '<c r="A2" t="n"><v>1</v></c>',
        '<c r="A2" t="n"><v>1</v></c><c r="B2"><f t="shared" ref="B2:B4" si="0">A2*10</f><v>10</v></c>',
    )
    sheet = sheet.replace(
        '<c r="A3" t="n"><v>2</v></c>', '<c r="A3" t="n"><v>2</v></c><c r="B3"><f t="shared" si="0"/><v>20</v></c>'
    )
    sheet = sheet.replace(
        '<c r="A4" t="n"><v>3</v></c>', '<c r="A4" t="n"><v>3</v></c><c r="B4"><f t="shared" si="0"/><v>30</v></c>'
    )
    assert sheet.count("<f") == 3
    data["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, blob in data.items():
            zf.writestr(name, blob)
    table = read_table(src)
    write_cleaned(table, np.array([False, True, True]), tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "out.xlsx").active
    assert [ws["B2"].value, ws["B3"].value] == ["=A2*10", "=A3*10"]
    assert [ws["A2"].value, ws["A3"].value] == [2, 3]


def test_cleaned_xlsx_renumbers_rows_of_a_big_sheet(tmp_path):
    # How fast is measured in benchmarks/ (writing the cleaned workbook); here: every third row of 20,000 gone.
    src = write_xlsx(tmp_path / "big.xlsx", {"S": simple_rows(20000)})
    table = read_table(src)
    keep = np.ones(len(table), bool)
    keep[::3] = False
    write_cleaned(table, keep, tmp_path / "out.xlsx")
    out = read_table(tmp_path / "out.xlsx")
    assert out.data.values.tolist() == table.data[keep].values.tolist()


# ---- annotated --------------------------------------------------------------------------------------------------
def test_annotated_xlsx_appends_four_columns_to_a_copy_of_the_workbook(tmp_path):
    src = write_xlsx(tmp_path / "in.xlsx", {"S": TRICKY, "Other": [["x"], [1]]})
    table = read_table(src)
    extra = annotation([True, False, True, True], [1, 1, 0, 0], [-1, 0, -1, -1], [np.nan, 0.875, np.nan, np.nan])
    report = write_annotated(table, extra, tmp_path / "ann.xlsx")
    assert report.rows == 4 and report.kind == "annotated"
    out = read_table(tmp_path / "ann.xlsx")
    assert out.columns == TRICKY[0] + ["dup_cluster", "dup_kept", "dup_of", "dup_similarity"]
    assert out.data[TRICKY[0]].equals(table.data)
    assert out.data["dup_cluster"].tolist() == [1, 1, None, None]
    assert out.data["dup_kept"].tolist() == [1, 0, 1, 1]
    assert out.data["dup_of"].tolist() == [None, 1, None, None]
    assert out.data["dup_similarity"].tolist() == [None, 0.875, None, None]
    assert cells(tmp_path / "ann.xlsx", "Other") == cells(src, "Other")


def test_annotated_xlsx_fills_rows_that_are_empty_in_the_sheet(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["text"])
    ws.append(["a"])
    ws.append([])
    ws.append(["c"])
    wb.save(tmp_path / "gap.xlsx")
    table = read_table(tmp_path / "gap.xlsx")
    extra = annotation([True, True, True], [0, 0, 0], [-1, -1, -1], [np.nan] * 3)
    write_annotated(table, extra, tmp_path / "ann.xlsx")
    out = read_table(tmp_path / "ann.xlsx")
    assert out.data["text"].tolist() == ["a", None, "c"]
    assert out.data["dup_kept"].tolist() == [1, 1, 1]


def test_annotated_csv_keeps_encoding_and_adds_columns(tmp_path):
    src = write_csv(tmp_path / "in.csv", [["编号", "正文"], ["001", NEWS[0]], ["002", NEWS[1]]], encoding="gbk")
    table = read_table(src)
    extra = annotation([True, False], [1, 1], [-1, 0], [np.nan, 0.9])
    write_annotated(table, extra, tmp_path / "ann.csv")
    text = (tmp_path / "ann.csv").read_bytes().decode("gb18030")
    assert text.splitlines() == [
        "编号,正文,dup_cluster,dup_kept,dup_of,dup_similarity",
        f"001,{NEWS[0]},1,1,,",
        f"002,{NEWS[1]},1,0,1,0.9",
    ]


def test_annotated_column_names_do_not_clash_with_existing_ones(tmp_path):
    src = write_csv(tmp_path / "in.csv", [["dup_kept", "text"], ["x", "y"]])
    table = read_table(src)
    report = write_annotated(table, annotation([True], [0], [-1], [np.nan]), tmp_path / "ann.csv")
    assert read_table(tmp_path / "ann.csv").columns[-3] == "dup_kept (2)"
    assert any("dup_kept (2)" in n for n in report.notes)


# ---- csv --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "encoding,bom,delimiter,newline",
    [
        ("utf-8", True, ",", "\r\n"),
        ("utf-8", False, "\t", "\n"),
        ("gbk", False, ";", "\r\n"),
        ("utf-16-le", True, ",", "\r\n"),
        ("big5", False, "|", "\n"),
    ],
)
def test_cleaned_csv_with_nothing_removed_is_byte_identical(tmp_path, encoding, bom, delimiter, newline):
    rows = [["id", "text"], ["000123", "第一\n第二"], ["NA", ' "quoted" '], ["", "臺灣"]]
    src = write_csv(tmp_path / "in.csv", rows, encoding=encoding, bom=bom, delimiter=delimiter, newline=newline)
    table = read_table(src)
    write_cleaned(table, np.ones(3, bool), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == src.read_bytes()


def test_cleaned_csv_keeps_rows_in_order(tmp_path):
    rows = [["id", "text"]] + [[str(i), NEWS[i % 3]] for i in range(6)]
    table = read_table(write_csv(tmp_path / "in.csv", rows))
    write_cleaned(table, np.array([True, False, False, True, True, False]), tmp_path / "out.csv")
    assert read_table(tmp_path / "out.csv").data["id"].tolist() == ["0", "3", "4"]


def test_xlsx_to_csv_is_utf8_with_bom_and_shows_values_as_excel_does(tmp_path):
    table = read_table(write_xlsx(tmp_path / "in.xlsx", {"S": TRICKY}))
    write_cleaned(table, np.ones(4, bool), tmp_path / "out.csv")
    raw = (tmp_path / "out.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    out = read_table(tmp_path / "out.csv")
    assert out.data.values.tolist()[0] == ["000123", NEWS[0], "1", "2024-03-05", "TRUE", "=1+1"]
    assert out.data["when"].tolist()[1:3] == ["2024-03-05 08:30:15", "23:59:01"]


def test_csv_to_xlsx_stores_every_cell_as_text(tmp_path):
    rows = [["id", "text", "f"], ["000123", "a\r\nb", "=1+1"], ["1e5", "_x000D_ literal", "TRUE"]]
    table = read_table(write_csv(tmp_path / "in.csv", rows))
    write_cleaned(table, np.ones(2, bool), tmp_path / "out.xlsx")
    out = read_table(tmp_path / "out.xlsx")
    assert out.data.values.tolist() == rows[1:]
    assert all(dt == "s" for row in cells(tmp_path / "out.xlsx") for _, dt in row)


def test_tsv_output_uses_tabs(tmp_path):
    table = read_table(write_csv(tmp_path / "in.csv", [["a", "b"], ["1", "x,y"]]))
    write_cleaned(table, np.ones(1, bool), tmp_path / "out.tsv")
    assert (tmp_path / "out.tsv").read_text(encoding="utf-8").splitlines() == ["a\tb", "1\tx,y"]


def test_ragged_csv_round_trips_its_header(tmp_path):
    (tmp_path / "in.csv").write_text("a,,a\n1,2,3,4\n", encoding="utf-8")
    table = read_table(tmp_path / "in.csv")
    write_cleaned(table, np.ones(1, bool), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_text(encoding="utf-8") == "a,,a,\n1,2,3,4\n"


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(
        st.lists(st.text(alphabet=st.sampled_from('ab第,;\t|"\r\n '), max_size=6), min_size=1, max_size=4),
        min_size=1,
        max_size=6,
    ),
    delimiter=st.sampled_from([",", ";", "\t", "|"]),
    newline=st.sampled_from(["\r\n", "\n"]),
)
@example(rows=[["a", "b"], ["第", ""], ["", "ab"], ["", ""]], delimiter=",", newline="\r\n")  # joined as they are
@example(rows=[["a", "b"], [""]], delimiter=",", newline="\n")  # a row of one empty cell
@example(rows=[["a", "b"], ["a,b"]], delimiter=",", newline="\n")  # a delimiter in a cell, no quote
@example(rows=[["第" * 300, 'a"b'], ["x" * 250, ""], ["c;d", "e\nf"]], delimiter=";", newline="\r\n")  # long rows
def test_delimited_rows_read_back_as_written_and_quote_as_the_csv_module(rows, delimiter, newline):
    """Every row reads back cell for cell (a csv reader, the file opened without newline translation), and the
    text is the csv module's (minimal quoting) - except that a carriage return is quoted under "\n" line endings
    too, which the csv module of Python 3.11 writes bare."""
    import csv
    import io

    from dedup_gui.core.io.csv_writer import delimited_rows

    text = delimited_rows(rows, delimiter, newline)
    assert list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)) == rows
    if not any("\r" in c for row in rows for c in row) or newline == "\r\n":
        want = io.StringIO()
        csv.writer(want, delimiter=delimiter, lineterminator=newline).writerows(rows)
        assert text == want.getvalue()


@settings(max_examples=100, deadline=None)
@given(
    numbers=st.lists(
        st.one_of(st.none(), st.floats(allow_nan=True, width=64), st.integers(-(2**53), 2**53)), max_size=30
    ),
    kind=st.sampled_from(["Int64", "int64", "Float64", "float64", "object", "bool"]),
)
def test_annotated_csv_columns_show_the_text_of_each_cell(numbers, kind):
    """The annotated export's new columns, made text a column at a time, read as every cell's own text
    (``csv_text``: integers as integers, whole floats below 1e15 as integers, others as Python writes them, empty
    where missing)."""
    from dedup_gui.core.io.csv_writer import csv_text
    from dedup_gui.core.io.writers import _cell_texts, _plain

    if kind in ("Int64", "int64"):
        values = [None if v is None else int(v) for v in numbers if not isinstance(v, float)]
        if kind == "int64":
            values = [v for v in values if v is not None]
    elif kind == "bool":
        values = [bool(v) for v in numbers if v is not None]
    else:
        values = [v for v in numbers if kind != "float64" or v is not None]
    col = pd.Series(values, dtype=kind)
    assert _cell_texts(col) == [csv_text(_plain(v)) for v in col.tolist()]


def test_a_carriage_return_in_a_cell_survives_a_csv_with_line_feed_line_endings(tmp_path):
    """A quoted cell holding a bare carriage return, in a file whose rows end in a line feed: the cleaned file has
    the same rows (written bare, the carriage return would end the row for any reader)."""
    src = tmp_path / "in.csv"
    src.write_bytes(b'id,text\n1,"a\rb"\n2,plain\n3,"x\r\ny"\n')
    table = read_table(src)
    assert table.data["text"].tolist() == ["a\rb", "plain", "x\r\ny"]
    write_cleaned(table, np.ones(3, bool), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == src.read_bytes()
    assert read_table(tmp_path / "out.csv").data.values.tolist() == table.data.values.tolist()


# ---- txt folders ------------------------------------------------------------------------------------------------
def test_cleaned_folder_copies_kept_files_byte_for_byte_with_a_manifest(tmp_path):
    root = write_txt_folder(
        tmp_path / "in", {"a.txt": (NEWS[0], "gbk"), "sub/b.txt": (NEWS[1], "utf-8"), "sub/c.txt": (NEWS[0], "utf-8")}
    )
    table = read_table(root)
    report = write_cleaned(table, np.array([True, True, False]), tmp_path / "out")
    assert report.rows == 2
    assert (tmp_path / "out" / "a.txt").read_bytes() == (root / "a.txt").read_bytes()
    assert (tmp_path / "out" / "sub" / "b.txt").read_bytes() == (root / "sub" / "b.txt").read_bytes()
    assert not (tmp_path / "out" / "sub" / "c.txt").exists()
    manifest = read_table(tmp_path / "out" / "manifest.csv")
    assert manifest.data.values.tolist() == [
        ["a.txt", "a.txt", "1"],
        ["sub/b.txt", "b.txt", "1"],
        ["sub/c.txt", "c.txt", "0"],
    ]


def test_cleaned_folder_refuses_the_input_folder_and_folders_inside_it(tmp_path):
    root = write_txt_folder(tmp_path / "in", {"a.txt": ("x", "utf-8")})
    table = read_table(root)
    with pytest.raises(OutputError, match="is the input folder"):
        write_cleaned(table, np.ones(1, bool), root)
    with pytest.raises(OutputError, match="inside the input folder"):
        write_cleaned(table, np.ones(1, bool), root / "cleaned")
    with pytest.raises(OutputError, match="not an empty folder"):
        (tmp_path / "full").mkdir()
        (tmp_path / "full" / "x").write_text("x")
        write_cleaned(table, np.ones(1, bool), tmp_path / "full")


def test_folder_table_can_be_written_as_csv_or_xlsx(tmp_path):
    root = write_txt_folder(tmp_path / "in", {"a.txt": (NEWS[0], "utf-8"), "b.txt": (NEWS[1], "utf-8")})
    table = read_table(root)
    write_cleaned(table, np.array([False, True]), tmp_path / "kept.xlsx")
    assert read_table(tmp_path / "kept.xlsx").data.values.tolist() == [["b.txt", "b.txt", NEWS[1]]]
    write_annotated(table, annotation([True, True], [0, 0], [-1, -1], [np.nan] * 2), tmp_path / "ann.csv")
    assert read_table(tmp_path / "ann.csv").columns[-1] == "dup_similarity"


# ---- reports ----------------------------------------------------------------------------------------------------
def test_write_frame_to_csv_and_xlsx(tmp_path):
    frame = pd.DataFrame(
        {"cluster": [1, 2], "members": ["1 3", "2 5"], "min_similarity": [0.8125, None], "kept_text": ["新闻", "=x"]}
    )
    csv_report = write_frame(frame, tmp_path / "r.csv")
    assert csv_report == WriteReport(tmp_path / "r.csv", "report", 2, [])
    assert (tmp_path / "r.csv").read_text(encoding="utf-8-sig").splitlines() == [
        "cluster,members,min_similarity,kept_text",
        "1,1 3,0.8125,新闻",
        "2,2 5,,=x",
    ]
    write_frame(frame, tmp_path / "r.xlsx")
    assert cells(tmp_path / "r.xlsx")[1:] == [
        [(1, "n"), ("1 3", "s"), (0.8125, "n"), ("新闻", "s")],
        [(2, "n"), ("2 5", "s"), (None, "n"), ("=x", "s")],
    ]


# ---- safety -----------------------------------------------------------------------------------------------------
def test_excel_limits_are_checked_before_anything_is_written(tmp_path):
    rows = [["id", "text"], ["1", "fine"], ["2", "bell\x07char"], ["3", "长" * 40000]]
    table = read_table(write_csv(tmp_path / "in.csv", rows))
    with pytest.raises(ExcelLimitError) as info:
        write_cleaned(table, np.ones(3, bool), tmp_path / "out.xlsx")
    assert info.value.cells == [(2, "text"), (3, "text")]
    message = str(info.value)
    assert "data row 2, column 'text'" in message and "save as .csv instead (lossless)" in message
    assert "U+0007" in message
    assert isinstance(info.value, OutputError)
    assert not (tmp_path / "out.xlsx").exists()
    assert os.listdir(tmp_path) == ["in.csv"]
    write_cleaned(table, np.ones(3, bool), tmp_path / "out.csv")  # csv takes them as they are
    assert read_table(tmp_path / "out.csv").data.values.tolist() == rows[1:]


def spellings(src):
    cwd = os.getcwd()
    os.chdir(src.parent)
    try:
        yield src.name  # relative
        yield str(src.parent / "x" / ".." / src.name)  # with ..
        link = src.parent / "link.xlsx"
        link.symlink_to(src)
        yield link
        hard = src.parent / "hard" / src.name
        hard.parent.mkdir()
        os.link(src, hard)
        yield hard
    finally:
        os.chdir(cwd)


def test_refuses_to_write_over_the_input_by_any_spelling(tmp_path):
    (tmp_path / "x").mkdir()
    src = write_xlsx(tmp_path / "in.xlsx", {"S": TRICKY})
    table = read_table(src)
    before = src.read_bytes()
    extra = annotation([True] * 4, [0] * 4, [-1] * 4, [np.nan] * 4)
    for out in spellings(src):
        with pytest.raises(OutputError, match="is the input file; choose another name"):
            write_cleaned(table, np.ones(4, bool), out)
        with pytest.raises(OutputError, match="is the input file"):
            write_annotated(table, extra, out)
    assert src.read_bytes() == before


def test_failure_mid_write_leaves_no_partial_file_and_the_old_target_untouched(tmp_path, monkeypatch):
    table = read_table(write_xlsx(tmp_path / "in.xlsx", {"S": simple_rows(50)}))
    target = tmp_path / "out.xlsx"
    target.write_bytes(b"previous export")

    from dedup_gui.core.io import zip_out

    real = zip_out.ZipOut._local_header
    calls = {"n": 0}

    def failing(self, entry, zip64):  # the disk full as the third member of the copy begins
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, entry, zip64)

    monkeypatch.setattr(zip_out.ZipOut, "_local_header", failing)
    with pytest.raises(OutputError, match="the disk is full"):
        write_cleaned(table, np.ones(50, bool) & (np.arange(50) % 2 == 0), target)
    assert target.read_bytes() == b"previous export"
    assert sorted(os.listdir(tmp_path)) == ["in.xlsx", "out.xlsx"]


def test_failure_in_csv_writer_leaves_nothing(tmp_path, monkeypatch):
    table = read_table(write_csv(tmp_path / "in.csv", [["a"], ["1"], ["2"]]))
    table.source_lines = None  # (the rows written from their cells: no copy of the file's lines, ``csv_copy``)
    from dedup_gui.core.io import csv_writer

    def broken(value):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(csv_writer, "csv_text", broken)
    with pytest.raises(OutputError, match="Input/output error"):
        write_cleaned(table, np.ones(2, bool), tmp_path / "out.csv")
    assert sorted(os.listdir(tmp_path)) == ["in.csv"]


def test_chunks_written_behind_the_rows_come_in_order_and_a_failed_write_leaves_nothing(tmp_path, monkeypatch):
    """The bytes of each chunk of rows are written on a thread of their own while the next chunk is made: the file
    holds them in order, and a write that fails there (the disk full at the second chunk) fails the export as a
    write on the caller's thread would, leaving the old target as it was."""
    import csv
    import io

    from dedup_gui.core.io import csv_writer

    rows = [["id", "text"]] + [[str(i), f'第{i}行, "{i}"'] for i in range(12_000)]
    table = read_table(write_csv(tmp_path / "in.csv", rows))
    table.source_lines = None  # (the rows written from their cells: no copy of the file's lines, ``csv_copy``)
    expected = io.StringIO(newline="")
    csv.writer(expected, lineterminator="\r\n").writerows(r for i, r in enumerate(rows) if i == 0 or i % 3)
    write_cleaned(table, np.arange(12_000) % 3 != 2, tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == expected.getvalue().encode()

    real_open, threads = open, []

    class FillsUp:
        def __init__(self, *args):
            self.f = real_open(*args)

        def write(self, data):
            threads.append(threading.current_thread().name)
            if len(threads) == 3:  # header, first chunk, second chunk
                raise OSError(errno.ENOSPC, "No space left on device")
            return self.f.write(data)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    monkeypatch.setattr(csv_writer, "open", FillsUp, raising=False)
    with pytest.raises(OutputError, match="the disk is full"):
        write_cleaned(table, np.ones(12_000, bool), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == expected.getvalue().encode()
    assert sorted(os.listdir(tmp_path)) == ["in.csv", "out.csv"]
    assert len(threads) == 3 and all(name.startswith("write") for name in threads)


def test_cancel_while_writing_removes_the_temporary_file(tmp_path):
    table = read_table(write_csv(tmp_path / "in.csv", [["a"]] + [[str(i)] for i in range(12000)]))
    reporter = Reporter()
    seen = []

    def progress(stage, done, total):
        seen.append(done)
        reporter.cancel()

    reporter.progress = progress
    with pytest.raises(Cancelled):
        write_cleaned(table, np.ones(12000, bool), tmp_path / "out.csv", reporter=reporter)
    assert sorted(os.listdir(tmp_path)) == ["in.csv"]


def test_cancel_while_copying_a_workbook_removes_the_temporary_file(tmp_path):
    """A workbook's copy cancelled as its rows are edited (a stretch at a time, pieces deflating on the engine's
    threads) leaves nothing behind, and the old target as it was."""
    table = read_table(write_xlsx(tmp_path / "in.xlsx", {"S": simple_rows(30_000)}))
    (tmp_path / "out.xlsx").write_bytes(b"previous export")
    reporter = Reporter()
    seen = []

    def progress(stage, done, total):
        seen.append((stage, done))
        if stage == "Writing":
            reporter.cancel()

    reporter.progress = progress
    with pytest.raises(Cancelled):
        write_cleaned(table, np.arange(30_000) % 3 != 0, tmp_path / "out.xlsx", reporter=reporter)
    assert ("Writing", 30_000) not in seen and any(stage == "Writing" for stage, _ in seen)
    assert sorted(os.listdir(tmp_path)) == ["in.xlsx", "out.xlsx"]
    assert (tmp_path / "out.xlsx").read_bytes() == b"previous export"


def test_read_only_folder_gives_an_output_error(tmp_path, monkeypatch):
    import tempfile

    table = read_table(write_csv(tmp_path / "in.csv", [["a"], ["1"]]))

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    with pytest.raises(OutputError, match="permission denied"):
        write_cleaned(table, np.ones(1, bool), tmp_path / "out.csv")
    assert sorted(os.listdir(tmp_path)) == ["in.csv"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anywhere")
def test_really_read_only_folder(tmp_path):
    table = read_table(write_csv(tmp_path / "in.csv", [["a"], ["1"]]))
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        with pytest.raises(OutputError, match="permission denied"):
            write_cleaned(table, np.ones(1, bool), ro / "out.csv")
    finally:
        ro.chmod(0o755)


def test_missing_output_folder_and_unknown_extension(tmp_path):
    table = read_table(write_csv(tmp_path / "in.csv", [["a"], ["1"]]))
    with pytest.raises(OutputError, match="does not exist"):
        write_cleaned(table, np.ones(1, bool), tmp_path / "nope" / "out.csv")
    with pytest.raises(OutputError, match="unsupported output type '.pdf'"):
        write_cleaned(table, np.ones(1, bool), tmp_path / "out.pdf")


def test_writes_report_progress(tmp_path):
    table = read_table(write_xlsx(tmp_path / "in.xlsx", {"S": simple_rows(11000)}))
    seen = []
    reporter = Reporter(progress=lambda s, d, t: seen.append(s))
    write_cleaned(table, np.ones(11000, bool) & (np.arange(11000) > 0), tmp_path / "out.xlsx", reporter=reporter)
    write_cleaned(table, np.ones(11000, bool), tmp_path / "out.csv", reporter=reporter)
    assert seen.count("Writing") >= 4


def test_cleaned_xlsx_moves_comments_tables_breaks_and_names_with_their_rows(tmp_path):
    from openpyxl.comments import Comment
    from openpyxl.formatting.rule import CellIsRule
    from openpyxl.styles import Font
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.pagebreak import Break
    from openpyxl.worksheet.table import Table as ExcelTable

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws.append(["id", "text"])
    for i in range(6):
        ws.append([f"{i:03d}", f"t{i}"])
    ws["B3"].comment = Comment("on a removed row", "me")
    ws["B6"].comment = Comment("on sheet row 6", "me")
    ws.add_table(ExcelTable(displayName="News", ref="A1:B7"))
    ws.row_breaks.append(Break(id=5))
    ws.conditional_formatting.add("B2:B7", CellIsRule(operator="equal", formula=['"t1"'], font=Font(bold=True)))
    wb.defined_names["ids"] = DefinedName("ids", attr_text="Data!$A$2:$A$7")
    wb.save(tmp_path / "in.xlsx")
    table = read_table(tmp_path / "in.xlsx")
    write_cleaned(table, np.array([True, False, True, True, True, False]), tmp_path / "out.xlsx")  # sheet rows 3, 7

    wb = openpyxl.load_workbook(tmp_path / "out.xlsx")
    ws = wb.active
    assert [(c.coordinate, c.comment.text) for row in ws.iter_rows() for c in row if c.comment] == [
        ("B5", "on sheet row 6")
    ]
    assert ws.tables["News"].ref == "A1:B5"
    assert [b.id for b in ws.row_breaks.brk] == [4]
    assert [str(cf.sqref) for cf in ws.conditional_formatting] == ["B2:B5"]
    assert wb.defined_names["ids"].attr_text == "Data!$A$2:$A$5"
    with zipfile.ZipFile(tmp_path / "out.xlsx") as zf:
        vml = next(n for n in zf.namelist() if n.endswith(".vml"))
        assert zf.read(vml).count(b"Row>") == 2  # one comment box left: <Row>4</Row>
        assert b"Row>4</" in zf.read(vml)


def test_write_frame_refuses_the_protected_input(tmp_path):
    src = write_csv(tmp_path / "in.csv", [["a"], ["1"]])
    before = src.read_bytes()
    with pytest.raises(OutputError, match="is the input file"):
        write_frame(pd.DataFrame({"cluster": [1]}), tmp_path / "." / "in.csv", protect=src)
    assert src.read_bytes() == before


@pytest.mark.parametrize("mixed", [False, True], ids=["text cells", "text and numbers"])
def test_a_cell_the_encoding_cannot_store_is_named_with_its_data_row(tmp_path, mixed):
    from dedup_gui.core.errors import OutputError
    from dedup_gui.core.io.csv_writer import write_delimited

    rows = [[str(i), f"第{i}行", 1.5 if mixed else "1.5"] for i in range(12_000)]
    rows[7002][1] = "表情😀"  # data row 7003: in the second chunk of rows written at once
    with pytest.raises(OutputError, match=r"data row 7003 holds '😀', which gbk cannot store"):
        write_delimited(tmp_path / "t.csv", tmp_path / "o.csv", ["id", "text", "n"], rows, len(rows), "gbk", False)
    with pytest.raises(OutputError, match=r"the header holds '😀'"):
        write_delimited(tmp_path / "t.csv", tmp_path / "o.csv", ["id", "😀"], [["1", "a"]], 1, "gbk", False)


def test_text_cells_and_other_cells_are_written_alike(tmp_path):
    from dedup_gui.core.io.csv_writer import write_delimited

    text_rows = [["1", "a,b", "=1+1", ""], ["2", 'say "hi"', "-3", "x\r\ny"]] * 4000
    other_rows = [[1, "a,b", "=1+1", float("nan")], [2.0, 'say "hi"', -3, "x\r\ny"]] * 4000
    for name, rows in (("text", text_rows), ("other", other_rows)):
        n = write_delimited(tmp_path / f"{name}.csv", tmp_path / "o.csv", ["a", "b", "c", "d"], rows, len(rows))
        assert n == 8000
    assert (tmp_path / "text.csv").read_bytes() == (tmp_path / "other.csv").read_bytes()
    # Rows said to be all text (a CSV file's: their cells are not looked at for other types) are written alike.
    write_delimited(tmp_path / "told.csv", tmp_path / "o.csv", ["a", "b", "c", "d"], text_rows, 8000, text_only=True)
    assert (tmp_path / "told.csv").read_bytes() == (tmp_path / "text.csv").read_bytes()
    for safe in (False, True):
        for text_only in (False, True):
            write_delimited(
                tmp_path / "s.csv", tmp_path / "o.csv", ["a"], [["=1+1"]], 1, csv_safe=safe, text_only=text_only
            )
            line = (tmp_path / "s.csv").read_text(encoding="utf-8-sig").splitlines()[1]
            assert line == ("'=1+1" if safe else "=1+1")


def test_a_csv_files_rows_are_written_as_all_text(tmp_path):
    """A CSV file's cells are all read as text: its rows go to the writer marked so; a table made from a frame's
    cells (a workbook's numbers) does not claim it."""
    from dedup_gui.core.table import Cells

    table = read_table(write_csv(tmp_path / "in.csv", [["id", "text"], ["1", "a,b"], ["2", "c"]]))
    assert table.rows_where(np.array([True, False])).text_only
    cells = Cells.of_rows([[1, "a"], [2.5, "b"]], ["id", "text"])
    assert not cells.take(np.ones(2, dtype=bool)).text_only
    write_cleaned(table, np.array([True, False]), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_text(encoding="utf-8").splitlines() == ["id,text", '1,"a,b"']


def test_export_does_not_unpack_again_the_parts_the_read_proved(tmp_path, monkeypatch):
    """The read unpacks a workbook's large parts once, to prove their declared sizes true (zip bombs that lie about
    themselves); the export of the same, unchanged file does not again (it copies those parts as stored) - but
    does for a table whose file it cannot tell unchanged."""
    from dedup_gui.core.io import xlsx_safety

    rng = np.random.default_rng(3)
    texts = ["".join(chr(0x4E00 + int(c)) for c in rng.integers(0, 20000, 400)) for _ in range(400)]
    path = write_xlsx(tmp_path / "big.xlsx", {"S": [["text"], *([t] for t in texts)]})
    with zipfile.ZipFile(path) as zf:
        assert max(i.compress_size for i in zf.infolist()) > xlsx_safety.VERIFY_FROM
    unpacked: list[str] = []
    real = xlsx_safety._check_declared_size
    monkeypatch.setattr(
        xlsx_safety, "_check_declared_size", lambda p, zf, info: (unpacked.append(info.filename), real(p, zf, info))
    )
    table = read_table(path)
    assert unpacked  # the read proved them
    unpacked.clear()
    keep = np.arange(len(table)) % 2 == 0
    write_cleaned(table, keep, tmp_path / "out.xlsx")
    assert unpacked == []
    assert read_table(tmp_path / "out.xlsx").texts(["text"]) == texts[::2]
    unpacked.clear()
    table.source_stamp = None  # (a file it cannot tell unchanged since the read)
    write_cleaned(table, keep, tmp_path / "out2.xlsx")
    assert unpacked


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.none(),
            st.integers(),
            st.floats(allow_nan=True),
            st.text(max_size=3),
            st.booleans(),
            st.sampled_from([pd.NA, pd.NaT, np.int64(3), np.float64("nan"), np.float64(2.5)]),
        ),
        max_size=12,
    )
)
def test_an_appended_column_made_plain_at_once_is_each_value_made_plain(values):
    """The annotated copy's new columns are made plain (gaps None, numpy values Python's) a column at a time - as
    value by value."""
    from dedup_gui.core.io.writers import _plain, _plain_column

    got, want = _plain_column(list(values)), [_plain(v) for v in values]
    assert [(type(v), repr(v)) for v in got] == [(type(v), repr(v)) for v in want]
