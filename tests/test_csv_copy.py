"""A cleaned CSV file copied from the input's own bytes (``core.io.csv_copy``): the header's and the kept rows' lines
as they are in the file, and the rows written from their cells wherever that copy would not be the table read."""

from __future__ import annotations

import csv
import io
import os

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from dedup_gui.core.errors import InputError, OutputError
from dedup_gui.core.io import csv_copy, read_table, write_cleaned
from dedup_gui.core.progress import Reporter
from tests.data_factories import write_csv


def _records(text: str) -> list[str]:
    """The records of a CSV text, each as the text of its lines (a quoted cell's line breaks inside it)."""
    out, record, quotes = [], "", 0
    for line in text.splitlines(keepends=True):
        record += line
        quotes += line.count('"')
        if quotes % 2 == 0:
            out.append(record)
            record, quotes = "", 0
    return out + ([record] if record else [])


# Written by hand, as no writer of ours would: a needlessly quoted cell, a quoted cell over two lines, line
# endings of both kinds, an empty quoted cell and spaces kept around a cell.
RAW = '\ufeffid,text\r\n1,"第一条"\r\n2,"两行\r\n的内容"\n3, 空格在前 \r\n4,""\n5,"引号""里"""\r\n6,末行'


def test_the_kept_rows_lines_are_copied_as_they_are_in_the_file(tmp_path):
    src = tmp_path / "in.csv"
    src.write_bytes(RAW.encode("utf-8"))
    table = read_table(src)
    assert table.source_lines is not None
    keep = np.array([True, True, False, True, False, True])
    report = write_cleaned(table, keep, tmp_path / "out.csv")
    records = _records(RAW)
    # (the last line has no line break in the file: it gets the file's, as the first row has it)
    expected = "".join(r for r, k in zip(records, [True, *keep], strict=True) if k) + "\r\n"
    assert (tmp_path / "out.csv").read_bytes() == expected.encode("utf-8")
    assert report.rows == 4
    out = read_table(tmp_path / "out.csv")
    assert out.data.values.tolist() == [row for row, k in zip(table.data.values.tolist(), keep, strict=True) if k]


def _cleaned(folder, raw: bytes, keep: list[bool]) -> bytes:
    """The bytes of the cleaned file of a CSV file of ``raw`` bytes, the rows of ``keep`` kept."""
    src = folder / "in.csv"
    src.write_bytes(raw)
    write_cleaned(read_table(src), np.array(keep), folder / "out.csv")
    return (folder / "out.csv").read_bytes()


def test_a_last_line_ended_by_a_carriage_return_alone_gets_its_line_feed(tmp_path):
    assert _cleaned(tmp_path, b"id,text\r\n1,abc\r\n2,xyz\r", [False, True]) == b"id,text\r\n2,xyz\r\n"


def test_a_byte_order_mark_stays_at_the_start_above_blank_lines(tmp_path):
    raw = b"\xef\xbb\xbf\r\n\r\nid,text\r\n1,a\r\n2,b\r\n"
    assert _cleaned(tmp_path, raw, [False, True]) == b"\xef\xbb\xbfid,text\r\n2,b\r\n"


@pytest.mark.parametrize("encoding", ["gb18030", "big5"])
def test_a_file_in_a_chinese_encoding_is_copied_in_it(tmp_path, encoding):
    text = 'id,text\r\n1,"台北，今天"\r\n2,"高雄\n明天"\r\n3,臺灣\r\n'
    src = tmp_path / "in.csv"
    src.write_bytes(text.encode(encoding))
    table = read_table(src)
    assert table.source_lines is not None
    write_cleaned(table, np.array([True, False, True]), tmp_path / "out.csv")
    expected = 'id,text\r\n1,"台北，今天"\r\n3,臺灣\r\n'.encode(encoding)
    assert (tmp_path / "out.csv").read_bytes() == expected


def test_a_file_saved_again_after_it_was_read_is_written_from_the_rows_read(tmp_path):
    """The copy is made from the bytes that were read only: a file changed since (the same size, the same
    modification time) gets the rows as they were read, written from their cells."""
    src = tmp_path / "in.csv"
    src.write_bytes(b'id,text\r\n1,"alpha"\r\n2,"bravo"\r\n')
    table = read_table(src)
    stat = src.stat()
    src.write_bytes(b'id,text\r\n1,"ALPHA"\r\n2,"BRAVO"\r\n')
    os.utime(src, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    write_cleaned(table, np.array([True, False]), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == b"id,text\r\n1,alpha\r\n"


def test_a_file_changed_while_it_is_copied_is_written_from_the_rows_read(tmp_path, monkeypatch):
    """The bytes copied are checked again as they are read for the copy: a file saved again after it was opened
    for the copy leaves nothing of the copy, and the rows read are written from their cells."""
    from dedup_gui.core.io import writers

    src = tmp_path / "in.csv"
    src.write_bytes(b'id,text\r\n1,"alpha"\r\n2,"bravo"\r\n')
    table = read_table(src)
    opened = []

    def open_then_saved_again(t):
        source = csv_copy.open_source(t)
        opened.append(source)
        src.write_bytes(b'id,text\r\n1,"ALPHA"\r\n2,"BRAVO"\r\n')
        return source

    monkeypatch.setattr(writers, "open_source", open_then_saved_again)
    write_cleaned(table, np.array([True, True]), tmp_path / "out.csv")
    assert opened[0] is not None  # (the copy was begun)
    assert (tmp_path / "out.csv").read_bytes() == b"id,text\r\n1,alpha\r\n2,bravo\r\n"
    assert sorted(os.listdir(tmp_path)) == ["in.csv", "out.csv"]


def test_a_file_gone_after_it_was_read_is_written_from_the_rows_read(tmp_path):
    src = tmp_path / "in.csv"
    src.write_bytes(b'id,text\r\n1,"alpha"\r\n2,"bravo"\r\n')
    table = read_table(src)
    src.unlink()
    write_cleaned(table, np.array([False, True]), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == b"id,text\r\n2,bravo\r\n"


@pytest.mark.parametrize(
    "raw",
    [
        b"a,b\n1,2,3\n4,5,6\n",  # a row with more fields than the header: a column added
        b"a,b,c\n1,2\n4,5,6\n",  # a row with fewer: padded
        b"a,b\n1,2\n\n3,4\n",  # a blank line among the rows: a row of empty cells
    ],
)
def test_a_file_whose_rows_the_table_does_not_hold_as_written_is_not_copied(tmp_path, raw):
    src = tmp_path / "in.csv"
    src.write_bytes(raw)
    table = read_table(src)
    assert table.source_lines is None
    keep = np.ones(len(table), dtype=bool)
    write_cleaned(table, keep, tmp_path / "out.csv")
    out = read_table(tmp_path / "out.csv")
    assert out.data.values.tolist() == table.data.values.tolist()


def test_utf16_is_not_copied(tmp_path):
    src = write_csv(tmp_path / "in.csv", [["id", "text"], ["1", "甲"], ["2", "乙"]], encoding="utf-16-le", bom=True)
    table = read_table(src)
    assert table.source_lines is None
    write_cleaned(table, np.array([False, True]), tmp_path / "out.csv")
    assert read_table(tmp_path / "out.csv").data.values.tolist() == [["2", "乙"]]


def test_outputs_that_change_the_cells_or_the_delimiter_are_written_from_the_cells(tmp_path):
    src = tmp_path / "in.csv"
    src.write_bytes(b'id,text\r\n1,"=1+1"\r\n2,"x,y"\r\n')
    table = read_table(src)
    assert csv_copy.can_copy(table, tmp_path / "out.csv", csv_safe=False)
    write_cleaned(table, np.ones(2, bool), tmp_path / "safe.csv", csv_safe=True)
    assert (tmp_path / "safe.csv").read_bytes() == b'id,text\r\n1,\'=1+1\r\n2,"x,y"\r\n'
    write_cleaned(table, np.ones(2, bool), tmp_path / "out.tsv")
    assert (tmp_path / "out.tsv").read_bytes() == b"id\ttext\r\n1\t=1+1\r\n2\tx,y\r\n"


def test_progress_is_told_to_the_last_row_and_a_cancel_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(csv_copy, "WINDOW_BYTES", 4096)  # (the file read again in windows: several reports)
    rows = [["id", "text"]] + [[str(i), f"第{i}行"] for i in range(5_000)]
    table = read_table(write_csv(tmp_path / "in.csv", rows))
    keep = np.arange(5_000) % 2 == 0  # (2,500 runs of one row: several batches of runs)
    seen = []
    write_cleaned(table, keep, tmp_path / "out.csv", reporter=Reporter(progress=lambda s, d, t: seen.append((s, d, t))))
    writing = [(d, t) for s, d, t in seen if s == "Writing"]
    assert writing[-1] == (2_500, 2_500) and len(writing) > 2
    assert [d for d, _ in writing] == sorted(d for d, _ in writing)

    reporter = Reporter()

    def cancel(stage, done, total):
        reporter.cancel()

    reporter.progress = cancel
    from dedup_gui.core.errors import Cancelled

    with pytest.raises(Cancelled):
        write_cleaned(table, keep, tmp_path / "again.csv", reporter=reporter)
    assert sorted(os.listdir(tmp_path)) == ["in.csv", "out.csv"]


def test_a_failed_write_leaves_the_old_target(tmp_path, monkeypatch):
    table = read_table(write_csv(tmp_path / "in.csv", [["a"], ["1"], ["2"]]))
    (tmp_path / "out.csv").write_bytes(b"previous export")

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(csv_copy, "_write_all", lambda f, spans: full())
    with pytest.raises(OutputError, match="the disk is full"):
        write_cleaned(table, np.array([True, False]), tmp_path / "out.csv")
    assert (tmp_path / "out.csv").read_bytes() == b"previous export"
    assert sorted(os.listdir(tmp_path)) == ["in.csv", "out.csv"]


@pytest.mark.parametrize("writev", [True, False])
def test_spans_left_half_written_are_written_on(tmp_path, monkeypatch, writev):
    """``_write_all`` goes on where a call stopped: a system call may write fewer bytes than it was given."""
    calls = []

    def short_writev(fd, spans):
        calls.append(len(spans))
        first = bytes(spans[0])
        return os.write(fd, first[: max(1, len(first) // 2)])

    if writev:
        monkeypatch.setattr(csv_copy.os, "writev", short_writev, raising=False)
    else:
        monkeypatch.delattr(csv_copy.os, "writev", raising=False)
    with open(tmp_path / "f", "wb", buffering=0) as f:
        csv_copy._write_all(f, [b"abcdef", memoryview(b"ghi"), b"", b"jk"])
    assert (tmp_path / "f").read_bytes() == b"abcdefghijk"
    assert (len(calls) > 3) == writev


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(
        st.lists(st.text(alphabet=st.sampled_from('ab第,"\r\n '), max_size=5), min_size=2, max_size=2),
        min_size=1,
        max_size=8,
    ),
    quoting=st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC]),
    endings=st.lists(st.sampled_from(["\r\n", "\n"]), min_size=9, max_size=9),
    last_break=st.booleans(),
    keep_bits=st.integers(min_value=0, max_value=255),
    window=st.sampled_from([1, 7, 64, 1 << 24]),
)
@example(
    rows=[["a", "b"]], quoting=csv.QUOTE_MINIMAL, endings=["\n"] * 9, last_break=False, keep_bits=1, window=1 << 24
)
def test_a_copy_reads_back_as_the_kept_rows_and_is_their_lines(
    tmp_path_factory, rows, quoting, endings, last_break, keep_bits, window
):
    """Whatever the quoting, the line endings and the windows the file is read in: the copy is the header's and
    the kept rows' records as they are in the file, and it reads back as the kept rows' cells (or, where the table
    does not hold the rows as written, the rows are written from their cells and read back as well)."""
    folder = tmp_path_factory.mktemp("copy")
    records = []
    for row, end in zip([["id", "text"], *rows], endings, strict=False):
        buf = io.StringIO()
        csv.writer(buf, quoting=quoting, lineterminator=end).writerow(row)
        records.append(buf.getvalue())
    text = "".join(records)
    if not last_break:
        text = text[: -len(endings[len(rows)])]
    src = folder / "in.csv"
    src.write_bytes(text.encode("utf-8"))
    try:
        table = read_table(src)
    except InputError:  # (a header and blank rows only: no data rows)
        assume(False)
    keep = np.array([(keep_bits >> (i % 8)) & 1 == 1 for i in range(len(table))], dtype=bool)
    default, csv_copy.WINDOW_BYTES = csv_copy.WINDOW_BYTES, window  # (runs cut at windows of every size)
    try:
        write_cleaned(table, keep, folder / "out.csv")
    finally:
        csv_copy.WINDOW_BYTES = default
    kept_rows = [r for r, k in zip(table.data.values.tolist(), keep, strict=True) if k]
    while kept_rows and not any(kept_rows[-1]):
        kept_rows.pop()  # (blank rows at the end of a file are no data rows to a reader)
    if kept_rows:
        assert read_table(folder / "out.csv").data.values.tolist() == kept_rows
    if table.source_lines is not None and table.data.values.tolist() == rows:  # (read as written: its records)
        kept = [records[0]] + [r for r, k in zip(records[1:], keep, strict=False) if k]
        expected = "".join(kept)
        if not last_break and keep[-1]:
            expected = expected[: -len(endings[len(rows)])] + (table.newline or "\r\n")
        assert (folder / "out.csv").read_bytes() == expected.encode("utf-8")
