"""Nothing lost, nothing silently altered: sheets and macros survive or the export is refused, text stays text,
Excel's limits are checked before writing, folders open only regular files, every fault ends in one line, stale
temporary files go, CSV anomalies are reported, and two outputs never share a name."""

from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui import cli
from dedup_gui.core.errors import InputError, OutputError
from dedup_gui.core.io import ExcelLimitError, read_table, write_annotated, write_cleaned, write_frame
from dedup_gui.core.io.atomic import atomic_file
from dedup_gui.core.io.checks import check_size
from dedup_gui.core.io.csv_writer import neutralise
from tests.data_factories import NEWS, write_csv, write_xlsx

WORKBOOK_XLSM = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
WORKBOOK_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
VBA = b"\xd0\xcf\x11\xe0 a stand-in VBA project"


def rows_with_duplicates(n=6):
    rows = [["id", "text"]]
    for i in range(n):
        rows.append([f"{i:03d}", NEWS[i % 3]])  # rows 4.. repeat rows 1..
    return rows


def make_xlsm(path: Path) -> Path:
    """A macro-enabled workbook: two sheets and a VBA project part."""
    write_xlsx(path.with_suffix(".xlsx"), {"data": rows_with_duplicates(), "notes": [["note"], ["keep me"]]})
    with zipfile.ZipFile(path.with_suffix(".xlsx")) as zf:
        parts = {info.filename: zf.read(info) for info in zf.infolist()}
    parts["xl/vbaProject.bin"] = VBA
    parts["[Content_Types].xml"] = (
        parts["[Content_Types].xml"]
        .replace(WORKBOOK_XLSX.encode(), WORKBOOK_XLSM.encode())
        .replace(b"</Types>", b'<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>')
    )
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" '
        b'Target="vbaProject.bin"/></Relationships>',
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    path.with_suffix(".xlsx").unlink()
    return path


def content_type(path: Path) -> str:
    with zipfile.ZipFile(path) as zf:
        ct = zf.read("[Content_Types].xml").decode()
    return WORKBOOK_XLSM if WORKBOOK_XLSM in ct else WORKBOOK_XLSX if WORKBOOK_XLSX in ct else "?"


def keep_first_three(table):
    keep = np.zeros(len(table), bool)
    keep[:3] = True
    return keep


def run_cli(*args) -> int:
    return cli.run([str(a) for a in args] + ["--quiet"])


# ---- 2. sheets and macros ---------------------------------------------------------------------------------------
def test_xlsm_to_xlsm_keeps_macros_and_every_sheet(tmp_path):
    table = read_table(make_xlsm(tmp_path / "in.xlsm"))
    write_cleaned(table, keep_first_three(table), tmp_path / "out.xlsm")
    with zipfile.ZipFile(tmp_path / "out.xlsm") as zf:
        assert zf.read("xl/vbaProject.bin") == VBA
    assert content_type(tmp_path / "out.xlsm") == WORKBOOK_XLSM
    assert openpyxl.load_workbook(tmp_path / "out.xlsm").sheetnames == ["data", "notes"]


def test_xlsm_to_xlsx_keeps_every_sheet_says_the_macros_go_and_is_a_valid_xlsx(tmp_path):
    table = read_table(make_xlsm(tmp_path / "in.xlsm"))
    report = write_cleaned(table, keep_first_three(table), tmp_path / "out.xlsx")
    assert any("macros" in n and "not kept" in n for n in report.notes)
    with zipfile.ZipFile(tmp_path / "out.xlsx") as zf:
        assert not any("vbaProject" in n for n in zf.namelist())
        assert b"vbaProject" not in zf.read("xl/_rels/workbook.xml.rels")
    assert content_type(tmp_path / "out.xlsx") == WORKBOOK_XLSX
    wb = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert wb.sheetnames == ["data", "notes"] and wb["notes"]["A2"].value == "keep me"


def test_cli_tells_about_the_macros_before_exporting(tmp_path, capsys):
    src = make_xlsm(tmp_path / "in.xlsm")
    assert run_cli(src, "--output", tmp_path / "out.xlsx") == 0
    err = capsys.readouterr().err.splitlines()
    warning = next(i for i, line in enumerate(err) if "macros" in line)
    assert err[warning].startswith("dedup-cli: warning:") and "not kept" in err[warning]


def test_xlsx_to_xlsm_gets_the_macro_enabled_content_type(tmp_path):
    src = write_xlsx(tmp_path / "in.xlsx", {"data": rows_with_duplicates()})
    table = read_table(src)
    write_cleaned(table, keep_first_three(table), tmp_path / "out.xlsm")
    assert content_type(tmp_path / "out.xlsm") == WORKBOOK_XLSM
    table = read_table(write_csv(tmp_path / "in.csv", rows_with_duplicates()))
    write_cleaned(table, keep_first_three(table), tmp_path / "from_csv.xlsm")
    assert content_type(tmp_path / "from_csv.xlsm") == WORKBOOK_XLSM
    assert read_table(tmp_path / "from_csv.xlsm").data.values.tolist() == rows_with_duplicates()[1:4]


def test_a_workbook_with_several_sheets_is_not_cut_down_to_one_csv(tmp_path):
    src = write_xlsx(tmp_path / "in.xlsx", {"data": rows_with_duplicates(), "notes": [["x"], ["y"]]})
    table = read_table(src)
    with pytest.raises(OutputError, match=r"would lose the other sheets of in.xlsx \('notes'\)"):
        write_cleaned(table, keep_first_three(table), tmp_path / "out.csv")
    assert not (tmp_path / "out.csv").exists()
    assert run_cli(src, "--annotated", tmp_path / "ann.csv") == 2


def test_a_one_sheet_workbook_may_become_a_csv(tmp_path):
    table = read_table(write_xlsx(tmp_path / "in.xlsx", {"data": rows_with_duplicates()}))
    write_cleaned(table, keep_first_three(table), tmp_path / "out.csv")
    assert read_table(tmp_path / "out.csv").data.values.tolist() == rows_with_duplicates()[1:4]


# ---- 3. text stays text -----------------------------------------------------------------------------------------
TRAPS = ["#N/A", "#DIV/0!", "=1+1", "\r=2+2", "+1", "-cmd", "@SUM(A1)", "000123", "1e5", "TRUE", "_x000D_"]


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
def test_reports_keep_text_as_text(tmp_path, suffix):
    frame = pd.DataFrame({"cluster": range(1, len(TRAPS) + 1), "kept_text": TRAPS})
    write_frame(frame, tmp_path / f"r{suffix}")
    if suffix == ".xlsx":
        ws = openpyxl.load_workbook(tmp_path / "r.xlsx").active
        assert [c.data_type for c in ws["B"][1:]] == ["s"] * len(TRAPS)  # no error value, formula or number
        # values as Excel, LibreOffice and our reader decode them (openpyxl leaves "_x000D_" escapes as they are)
        assert read_table(tmp_path / "r.xlsx").data["kept_text"].tolist() == TRAPS
    else:
        back = pd.read_csv(tmp_path / "r.csv", dtype=str, keep_default_na=False, encoding="utf-8-sig")
        assert back["kept_text"].tolist() == TRAPS


def test_cli_report_keeps_the_kept_text_exactly(tmp_path):
    text = "\r=2+2 " + NEWS[0]
    src = write_csv(tmp_path / "in.csv", [["id", "text"], ["1", text], ["2", text], ["3", NEWS[1]]])
    assert run_cli(src, "--report", tmp_path / "r.csv") == 0
    back = pd.read_csv(tmp_path / "r.csv", dtype=str, keep_default_na=False, encoding="utf-8-sig")
    assert back["kept_text"].tolist() == [text]


def test_csv_safe_neutralises_formula_looking_text_only_when_asked(tmp_path):
    rows = [["id", "text"], ["1", '=HYPERLINK("x")'], ["2", "-3"], ["3", "@cmd"], ["4", "plain"], ["5", "\t=1"]]
    table = read_table(write_csv(tmp_path / "in.csv", rows))
    write_cleaned(table, np.ones(5, bool), tmp_path / "plain.csv")
    assert read_table(tmp_path / "plain.csv").data["text"].tolist() == [r[1] for r in rows[1:]]
    write_cleaned(table, np.ones(5, bool), tmp_path / "safe.csv", csv_safe=True)
    assert read_table(tmp_path / "safe.csv").data["text"].tolist() == [
        '\'=HYPERLINK("x")',
        "-3",
        "'@cmd",
        "plain",
        "'\t=1",
    ]
    assert neutralise("+1.5e3") == "+1.5e3" and neutralise("+A1") == "'+A1"
    assert run_cli(tmp_path / "in.csv", "--annotated", tmp_path / "ann.csv", "--csv-safe") == 0
    assert read_table(tmp_path / "ann.csv").data["text"].tolist()[0] == '\'=HYPERLINK("x")'


# ---- 4. limits ---------------------------------------------------------------------------------------------------
def test_excel_row_and_column_limits_are_refused_before_writing_with_csv_suggested(tmp_path):
    out = tmp_path / "big.xlsx"
    with pytest.raises(ExcelLimitError, match=r"1,048,577 rows.*save as .csv instead") as info:
        check_size(out, 1_048_577, 3)
    assert info.value.cells == []
    with pytest.raises(ExcelLimitError, match=r"16,385 columns"):
        check_size(out, 10, 16_385)
    check_size(out, 1_048_576, 16_384)  # exactly at the limit is fine
    check_size(tmp_path / "big.csv", 5_000_000, 20_000)  # CSV has no such limit
    assert not out.exists()


def test_a_csv_too_long_for_excel_is_refused_as_xlsx_and_written_as_csv(tmp_path):
    n = 1_048_576  # with the header: one row over the limit
    lines = ["id"] + [str(i) for i in range(n)]
    src = tmp_path / "long.csv"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    table = read_table(src)
    with pytest.raises(ExcelLimitError, match="1,048,577 rows"):
        write_cleaned(table, np.ones(n, bool), tmp_path / "out.xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.csv"]


def test_annotated_columns_beyond_excels_width_are_refused(tmp_path):
    wide = [[f"c{i}" for i in range(16_382)], ["x"] * 16_382]
    table = read_table(write_csv(tmp_path / "wide.csv", wide))
    extra = pd.DataFrame({"dup_cluster": [0], "dup_kept": [1], "dup_of": [None], "dup_similarity": [None]})
    with pytest.raises(ExcelLimitError, match="16,386 columns"):
        write_annotated(table, extra, tmp_path / "ann.xlsx")


# ---- 5. folders -------------------------------------------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_in_a_folder_is_skipped_and_counted_not_read(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(NEWS[0], encoding="utf-8")
    os.mkfifo(folder / "p.txt")
    table = read_table(folder)  # would block forever if the FIFO were opened
    assert table.data["path"].tolist() == ["a.txt"]
    assert any("skipped 1 .txt name(s) that are not regular files" in w and "p.txt" in w for w in table.warnings)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_given_as_the_input_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "p.csv")
    with pytest.raises(InputError, match="is not a regular file"):
        read_table(tmp_path / "p.csv")


def test_links_inside_the_folder_are_followed_and_links_outside_are_skipped_and_counted(tmp_path):
    folder, outside = tmp_path / "in", tmp_path / "elsewhere"
    folder.mkdir()
    outside.mkdir()
    (folder / "a.txt").write_text(NEWS[0], encoding="utf-8")
    (outside / "secret.txt").write_text(NEWS[1], encoding="utf-8")
    (folder / "inside_link.txt").symlink_to(folder / "a.txt")
    (folder / "outside_link.txt").symlink_to(outside / "secret.txt")
    (folder / "dangling.txt").symlink_to(tmp_path / "missing.txt")
    (folder / "outdir").symlink_to(outside, target_is_directory=True)
    table = read_table(folder)
    assert table.data["path"].tolist() == ["a.txt", "inside_link.txt"]
    [note] = [w for w in table.warnings if "symbolic link" in w]
    assert note.startswith("skipped 3 symbolic link(s) leading outside the folder or nowhere")
    assert "outside_link.txt" in note and "dangling.txt" in note and "outdir/" in note


# ---- 6. faults end in one line ------------------------------------------------------------------------------------
@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs POSIX file size limits")
@pytest.mark.parametrize("output", ["--report=r.xlsx", "--output=c.xlsx", "--annotated=a.xlsx", "--output=c.csv"])
def test_a_full_disk_while_writing_ends_in_one_line_with_exit_2(tmp_path, output):
    rnd = random.Random(5)  # text that does not compress away: the outputs must outgrow the limit
    texts = ["".join(rnd.choice(NEWS[0]) for _ in range(300)) for _ in range(2000)]
    rows = [["id", "text"]] + [[str(i), t] for i, t in enumerate(texts + texts)]  # 2,000 clusters to report
    src = write_xlsx(tmp_path / "in.xlsx", {"data": rows})

    def small_files():  # the kernel refuses writes past 200 kB, as a full disk would
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000))

    proc = subprocess.run(
        [sys.executable, "-m", "dedup_gui.cli", str(src), "--quiet", output],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        timeout=300,
    )
    name = output.split("=")[1]
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"dedup-cli: {name}: cannot be written: File too large"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.xlsx"]  # no partial file, no temporary file


def test_memory_exhaustion_ends_in_one_line_with_exit_2_and_advice(tmp_path, monkeypatch, capsys):
    from dedup_gui.core.pipeline import Pipeline

    def exhausted(self, *args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(Pipeline, "run", exhausted)
    src = write_csv(tmp_path / "in.csv", rows_with_duplicates())
    assert run_cli(src, "--output", tmp_path / "out.csv") == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"dedup-cli: {src}: out of memory")
    assert ".csv" in line and "smaller" in line and "Spark" in line


def test_an_unexpected_os_error_names_the_file_and_the_cause(tmp_path, monkeypatch, capsys):
    import errno

    from dedup_gui.core.pipeline import Pipeline

    def broken(self, *args, **kwargs):
        raise OSError(errno.EIO, "Input/output error", str(tmp_path / "cache.bin"))

    monkeypatch.setattr(Pipeline, "run", broken)
    assert run_cli(write_csv(tmp_path / "in.csv", rows_with_duplicates()), "--output", tmp_path / "o.csv") == 2
    assert capsys.readouterr().err.splitlines() == [f"dedup-cli: {tmp_path / 'cache.bin'}: Input/output error"]


def test_temporary_files_of_a_killed_export_are_removed_at_the_next_export(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a pid that no longer runs
    stale = tmp_path / f".news_cleaned.xlsx.dedup-{dead.pid}-abc123_x.tmp"
    stale.write_bytes(b"half an export")
    stale_dir = tmp_path / f".news_cleaned.dedup-{dead.pid}-zz9.tmp"
    stale_dir.mkdir()
    alive = tmp_path / f".other.csv.dedup-{os.getppid()}-live.tmp"  # an export still running elsewhere
    alive.write_bytes(b"in progress")
    foreign = tmp_path / ".report.xlsx.abcd1234.tmp"  # not our pattern: not ours to remove
    foreign.write_bytes(b"someone else's")
    with atomic_file(tmp_path / "out.csv") as tmp:
        tmp.write_text("a\n", encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive.name, foreign.name, "out.csv"])


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_sigkill_during_an_export_leaves_a_temporary_file_that_the_next_export_removes(tmp_path):
    src = write_csv(tmp_path / "in.csv", [["id", "text"]] + [[str(i), NEWS[i % 3]] for i in range(20000)])
    code = (
        "import os, signal, sys\n"
        "from dedup_gui.core.io import read_table, write_cleaned\n"
        "from dedup_gui.core.progress import Reporter\n"
        "import numpy as np\n"
        "t = read_table(sys.argv[1])\n"
        "def die(stage, done, total):\n"
        "    if stage == 'Writing' and done >= 5000: os.kill(os.getpid(), signal.SIGKILL)\n"
        "write_cleaned(t, np.ones(len(t), bool), sys.argv[2], Reporter(progress=die))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(src), str(tmp_path / "out.csv")], timeout=300)
    assert proc.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(".out.csv.dedup-")
    table = read_table(src)
    write_cleaned(table, np.ones(len(table), bool), tmp_path / "out.csv")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.csv", "out.csv"]


# ---- 7. CSV anomalies -------------------------------------------------------------------------------------------
def test_an_unbalanced_quote_that_swallows_rows_is_reported_with_line_numbers(tmp_path, capsys):
    src = tmp_path / "q.csv"
    lines = ["id,text,n", "1,one,1", '2,"two,2'] + [f"{i},row {i},{i}" for i in range(3, 9)] + ['9,nine",9', "10,x,10"]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    table = read_table(src)
    assert len(table) == 3  # what the CSV rules make of it...
    [note] = [w for w in table.warnings if "quoted cell" in w]
    assert note.startswith("data row 2 (lines 3-10): a quoted cell spans 8 lines, 6 of which look like rows")
    assert run_cli(src, "--output", tmp_path / "out.csv") == 0  # ...and the user is told
    assert any("lines 3-10" in line for line in capsys.readouterr().err.splitlines())


def test_paragraphs_inside_a_quoted_cell_are_not_an_anomaly(tmp_path):
    src = write_csv(tmp_path / "ok.csv", [["id", "text"], ["1", "第一段\n第二段\n第三段"], ["2", NEWS[0]]])
    assert not [w for w in read_table(src).warnings if "quote" in w]


def test_rows_with_more_or_fewer_fields_are_reported_with_their_lines(tmp_path):
    src = tmp_path / "ragged.csv"
    src.write_text("id,text,n\n1,a,1\n2,b\n3,c,3,extra\n4,d\n", encoding="utf-8")
    warnings = read_table(src).warnings
    assert "1 row(s) have more fields than the header (3) at line(s) 4; added columns Column D" in warnings
    assert "2 row(s) have fewer fields than the header (3) at line(s) 3, 5; the missing cells are empty" in warnings


# ---- 8. outputs naming the same file --------------------------------------------------------------------------
def test_two_outputs_naming_one_file_are_refused_before_any_work(tmp_path, monkeypatch, capsys):
    from dedup_gui.core.io import readers

    def never(*args, **kwargs):
        raise AssertionError("the input was read")

    monkeypatch.setattr(readers, "_read_file", never)
    src = write_csv(tmp_path / "in.csv", rows_with_duplicates())
    out = tmp_path / "same.csv"
    assert run_cli(src, "--output", out, "--annotated", tmp_path / "x" / ".." / "same.csv") == 2
    assert "is named for both the cleaned and the annotated output" in capsys.readouterr().err
    assert run_cli(src, "--report", tmp_path / "r.csv", "--output", tmp_path / "r_hot_stories.csv") == 2
    assert not out.exists() and not (tmp_path / "r.csv").exists()


def test_an_output_naming_the_input_is_refused_before_the_run(tmp_path, monkeypatch, capsys):
    from dedup_gui.core.pipeline import Pipeline

    def never(self, *args, **kwargs):
        raise AssertionError("the run started")

    monkeypatch.setattr(Pipeline, "run", never)
    src = write_csv(tmp_path / "in.csv", rows_with_duplicates())
    assert run_cli(src, "--annotated", tmp_path / "." / "in.csv") == 2
    assert "is the input file" in capsys.readouterr().err


def test_an_interruption_says_which_complete_files_were_written(tmp_path, monkeypatch, capsys):
    from dedup_gui.core import io

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(io, "write_annotated", interrupted)
    src = write_csv(tmp_path / "in.csv", rows_with_duplicates())
    assert run_cli(src, "--output", tmp_path / "out.csv", "--annotated", tmp_path / "ann.csv") == 1
    assert capsys.readouterr().err.splitlines() == ["dedup-cli: interrupted; only out.csv was written (complete)"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.csv", "out.csv"]


def test_a_subfolder_that_cannot_be_listed_is_named_not_skipped_in_silence(tmp_path, monkeypatch):
    import errno

    from dedup_gui.core.io import txt_folder

    folder = tmp_path / "in"
    (folder / "locked").mkdir(parents=True)
    (folder / "a.txt").write_text(NEWS[0], encoding="utf-8")
    real_walk = os.walk

    def walk(top, onerror=None, **kwargs):  # as os.walk reports a folder it may not list (root reads anything)
        for root, dirs, files in real_walk(top, onerror=onerror, **kwargs):
            if "locked" in dirs:
                dirs.remove("locked")
                onerror(PermissionError(errno.EACCES, "Permission denied", str(folder / "locked")))
            yield root, dirs, files

    monkeypatch.setattr(txt_folder.os, "walk", walk)
    table = read_table(folder)
    assert "could not open 1 subfolder(s): locked/ (Permission denied)" in table.warnings


def test_line_numbers_count_blank_lines_above_the_header_and_cells_over_several_lines(tmp_path):
    src = tmp_path / "lines.csv"
    src.write_text('\n\nid,text,n\n1,"第一段\n第二段",1\n2,c\n3,d,3,x\n\n\n', encoding="utf-8")
    table = read_table(src)
    assert table.data.values.tolist() == [["1", "第一段\n第二段", "1", ""], ["2", "c", "", ""], ["3", "d", "3", "x"]]
    assert "1 row(s) have fewer fields than the header (3) at line(s) 6; the missing cells are empty" in table.warnings
    assert "1 row(s) have more fields than the header (3) at line(s) 7; added columns Column D" in table.warnings


def test_a_quote_never_closed_is_reported_with_the_lines_it_took(tmp_path):
    src = tmp_path / "open.csv"
    src.write_text('id,text\n1,ok\n2,"never closed\n3,more\n4,and more\n', encoding="utf-8")
    table = read_table(src)
    assert len(table) == 2
    assert "a quote opened on line 3 is never closed: lines 3-5 were read as one row" in table.warnings


def test_csv_progress_rises_to_the_whole_text(tmp_path):
    from dedup_gui.core.io import csv_reader
    from dedup_gui.core.progress import Reporter

    src = write_csv(tmp_path / "big.csv", [["id", "text"]] + [[str(i), f"第{i}行的文字" * 5] for i in range(3000)])
    seen = []
    old, csv_reader.LINES_AT_ONCE = csv_reader.LINES_AT_ONCE, 10_000
    try:
        read_table(src, reporter=Reporter(progress=lambda s, d, t: seen.append((s, d, t))))
    finally:
        csv_reader.LINES_AT_ONCE = old
    loading = [(d, t) for s, d, t in seen if s == "Loading"]
    assert len(loading) > 10 and loading[-1][0] == loading[-1][1]
    assert [d for d, _ in loading] == sorted(d for d, _ in loading)


def test_prose_and_tables_over_lines_are_no_swallowed_rows(tmp_path):
    """Posts of prose with commas and small tables of figures, each in a quoted cell over many lines (as e-mail
    and wire stories are): read exactly, and no warning of swallowed rows - their lines do not read as the file's
    rows (an id of the ids' length first, or line after line)."""
    post = (
        "From: someone, somewhere\nSubject: prices, again\n\nI asked, and they said no, twice.\n"
        "        286, 386, 486\nModel, price, stock\nA, 1,200, yes\n12, dozen, eggs\n-- \nsig, with, commas"
    )
    rows = [["id", "group", "text"]] + [[str(50000 + i), "misc", post] for i in range(30)]
    table = read_table(write_csv(tmp_path / "posts.csv", rows))
    assert table.data.values.tolist() == rows[1:]
    assert not any("look like rows" in w for w in table.warnings)
    wire = [["title", "text"]] + [
        [f"SUGAR {i}", "Imports were,\n ARGENTINA  nil  39,130\n BRAZIL  nil  131,950"] for i in range(5)
    ]
    table = read_table(write_csv(tmp_path / "wire.csv", wire))
    assert table.data.values.tolist() == wire[1:] and not any("look like rows" in w for w in table.warnings)


def test_wrapped_lines_that_begin_with_a_number_are_no_swallowed_rows(tmp_path):
    """A wire story wrapped at 70 characters starts lines with "500,000 dlrs", "139,800." or "1988, the bank said"
    - under an id column of up to four digits these split into an id-like number and a field: a number grouped by
    thousands, or followed by a space where the file's rows are written "1,text", is not read as a row. An
    unbalanced quote over rows of such ids is still reported, also in a file written "1, text"."""
    story = (
        "The bank bought\n500,000 dlrs of notes and sold\n139,800.\nIt also said\n6,000 workers\nwould stay until\n"
        "1988, the bank said, and until\n31, 1990 in the branches."
    )
    rows = [["id", "text"]] + [[str(i), story] for i in range(995, 1040)]  # ids of three and four digits
    table = read_table(write_csv(tmp_path / "wire.csv", rows))
    assert table.data.values.tolist() == rows[1:]
    assert not any("look like rows" in w for w in table.warnings)
    src = tmp_path / "q.csv"
    lines = ["id,text", "1,one", '2,"two'] + [f"{i},row {i}" for i in range(3, 9)] + ['9,nine"', "10,x"]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    [note] = [w for w in read_table(src).warnings if "quoted cell" in w]
    assert note.startswith("data row 2 (lines 3-10): a quoted cell spans 8 lines, 7 of which look like rows")
    spaced = [line if line.startswith("2,") else line.replace(",", ", ") for line in lines]  # "1, one"
    src.write_text("\n".join(spaced) + "\n", encoding="utf-8")
    [note] = [w for w in read_table(src).warnings if "quoted cell" in w]
    assert note.startswith("data row 2 (lines 3-10): a quoted cell spans 8 lines, 7 of which look like rows")


def test_lines_with_ids_out_of_the_files_order_are_no_swallowed_rows(tmp_path):
    """Where the ids go up row after row, rows a quote ran over have ids between its row's and the next row's: a
    post holding a table of figures ("0,1<tab>2 drives", a DIP switch setting) reads as lines of ids 0 and 1 in a
    file of ids in the thousands - no rows of its own, and no warning. The same table in a file of ids in no order
    is still named (nothing tells it from rows), and a quote left open in a file of ids going up still is."""
    post = "What do the switches do?\n\nSW8,SW7\tdrives\n0,0\t1 drive\n0,1\t2 drives\n1,0\t3 drives\n1,1\t4 drives"
    ids = [1, 5, 20, 300, 1000, 1001, 1002, 1003]  # (ids of one to four digits: "0" and "1" look like ids)
    rows = [["id", "text"]] + [[str(k), post if k == 300 else f"post {k}"] for k in ids]
    table = read_table(write_csv(tmp_path / "posts.csv", rows))
    assert table.data.values.tolist() == rows[1:]
    assert not any("look like rows" in w for w in table.warnings)
    order = [1002, 5, 1000, 1, 300, 20, 1003, 1001]
    shuffled = [rows[0]] + [[str(k), text] for k, (_, text) in zip(order, rows[1:], strict=True)]
    table = read_table(write_csv(tmp_path / "unordered.csv", shuffled))
    assert table.data.values.tolist() == shuffled[1:]
    assert any(w.startswith("data row 4 (lines 5-11): a quoted cell spans 7 lines") for w in table.warnings)
    src = tmp_path / "q.csv"
    lines = ["id,text"] + [f"{1000 + i},row {i}" for i in range(3)] + ['1003,"open']
    lines += [f"{1000 + i},row {i}" for i in range(4, 9)] + ['1009,close"', "1010,x"]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    [note] = [w for w in read_table(src).warnings if "quoted cell" in w]
    assert note.startswith("data row 4 (lines 5-11): a quoted cell spans 7 lines, 6 of which look like rows")


def test_swallowed_rows_without_an_id_column_are_still_reported(tmp_path):
    src = tmp_path / "q.csv"
    lines = (
        ["name,text,n", "a,one,1", 'b,"two,2'] + [f"r{i},row {i},{i}" for i in range(3, 9)] + ['i,nine",9', "j,x,10"]
    )
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    [note] = [w for w in read_table(src).warnings if "quoted cell" in w]
    assert note.startswith("data row 2 (lines 3-10): a quoted cell spans 8 lines, 6 of which look like rows")
    src.write_text('name,text\na,ok\nb,"never closed\nc,more\nd,and more\n', encoding="utf-8")  # two columns
    assert "a quote opened on line 3 is never closed: lines 3-5 were read as one row" in read_table(src).warnings


def test_many_swallowing_cells_are_named_ten_then_counted(tmp_path):
    from dedup_gui.core.io.csv_reader import SWALLOWED_SHOWN

    src = tmp_path / "q.csv"
    lines = ["id,text,n"]
    for k in range(25):  # each: a quote opened in one row, closed four rows further down
        base = 10 * k
        lines += [f'{base + 1},"open,1'] + [f"{base + j},row,{j}" for j in range(2, 5)] + [f'{base + 5},close",5']
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    notes = [w for w in read_table(src).warnings if "look like rows" in w]
    assert len(notes) == SWALLOWED_SHOWN + 1
    assert notes[0].startswith("data row 1 (lines 2-6): a quoted cell spans 5 lines, 3 of which look like rows")
    assert notes[-1] == f"{25 - SWALLOWED_SHOWN} more data rows have a quoted cell over lines that look like rows"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from(["1", "42", "²", "①", "٣", "\U0001d7d8", "\U0001f101", '"', "a", ",", "\n", "中", " "]),
            max_size=14,
        ).map("".join),
        min_size=1,
        max_size=4,
    )
)
def test_the_lines_searched_for_ids_are_every_inner_line_that_starts_like_one(row):
    """The search for lines that can start with an id (a quote or any ``str.isdigit`` character: ASCII, Arabic-Indic,
    superscript, circled and astral digits) finds exactly the inner lines a look at each would keep."""
    from dedup_gui.core.io.csv_reader import _inner_lines, _inner_lines_from_a_number

    want = [ln for ln in _inner_lines(row) if ln[:1] == '"' or ln[:1].isdigit()]
    assert _inner_lines_from_a_number(row) == want
