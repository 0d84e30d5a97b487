"""dedup-cli end to end: real files in, cleaned/annotated/report files out, clear errors with exit code 2."""

import gc
import subprocess
import sys

import openpyxl
import pandas as pd
import pytest
from engine_texts import EN_A, EN_B, ZH_A, ZH_A_OTHER_WRITEUP, ZH_B, ZH_C, repost_with_header
from test_architecture import loaded_by_cli

from dedup_gui.cli import run

# Long articles (several hundred characters), as simhash needs.
LONG_1 = ZH_A + "\n" + ZH_C
LONG_2 = ZH_B + "\n" + EN_B
ROWS = [
    ("000101", "地铁", LONG_1),
    ("000102", "降温", LONG_2),
    ("000103", "地铁转载", repost_with_header(LONG_1)),
    ("000104", "地铁另一篇", ZH_A_OTHER_WRITEUP),
    ("000105", "library", EN_A),
    ("000106", "降温转载", LONG_2 + "（完）"),
]


@pytest.fixture
def workbook(tmp_path):
    path = tmp_path / "news.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "articles"
    ws.append(["id", "title", "body"])
    for row in ROWS:
        ws.append(list(row))
    wb.create_sheet("notes").append(["keep me"])
    wb.save(path)
    return path


@pytest.fixture
def csv_file(tmp_path):
    path = tmp_path / "news.csv"
    pd.DataFrame(ROWS, columns=["id", "title", "body"]).to_csv(path, index=False, encoding="gb18030")
    return path


def test_cleaned_workbook_drops_the_reposts_and_keeps_everything_else(workbook, tmp_path, capsys):
    out = tmp_path / "clean.xlsx"
    assert run([str(workbook), "--column", "body", "--output", str(out)]) == 0
    summary = capsys.readouterr().out.strip()
    assert summary.startswith("rows: 6, clusters: 2, removed: 2, seconds: ")
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["articles", "notes"]
    ids = [r[0] for r in wb["articles"].iter_rows(min_row=2, values_only=True)]
    assert ids == ["000101", "000102", "000104", "000105"]
    assert wb["notes"]["A1"].value == "keep me"


def test_a_first_sheet_without_text_is_told_with_the_workbooks_other_sheets(tmp_path, capsys):
    """No --column and no --sheet: the first sheet is read, and when no column of it holds text (a sheet of
    figures before the articles) the user is told, with the sheets to choose from - and with --sheet, or a sheet
    of text, nothing is said."""
    path = tmp_path / "news.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "counts"
    for row in (["month", "count"], [1, 20], [2, 31], [2, 31]):
        wb.active.append(row)
    articles = wb.create_sheet("articles")
    articles.append(["id", "title", "body"])
    for row in ROWS:
        articles.append(list(row))
    wb.save(path)
    assert run([str(path), "--output", str(tmp_path / "a.xlsx")]) == 0
    err = capsys.readouterr().err
    assert "news.xlsx: no column of sheet 'counts' holds text" in err
    assert "other sheets: articles (--sheet chooses one" in err
    assert run([str(path), "--sheet", "articles", "--output", str(tmp_path / "b.xlsx")]) == 0
    assert "holds text" not in capsys.readouterr().err
    numbers = tmp_path / "numbers.csv"
    pd.DataFrame({"n": [1, 2, 2]}).to_csv(numbers, index=False)
    assert run([str(numbers), "--output", str(tmp_path / "c.csv")]) == 0
    err = capsys.readouterr().err
    assert "numbers.csv: no column of the file holds text (column 'n' was read" in err and "--sheet" not in err
    assert run([str(numbers), "--column", "n", "--output", str(tmp_path / "d.csv")]) == 0  # (chosen: not said)
    assert "holds text" not in capsys.readouterr().err


def test_annotated_and_report_outputs_carry_the_contracted_columns(csv_file, tmp_path):
    annotated, report = tmp_path / "annotated.csv", tmp_path / "report.csv"
    code = run(
        [
            str(csv_file),
            "--column",
            "title",
            "--column",
            "body",
            "--algorithm",
            "nshash",
            "--annotated",
            str(annotated),
            "--report",
            str(report),
            "--quiet",
        ]
    )
    assert code == 0
    # A CSV export keeps the input's encoding.
    frame = pd.read_csv(annotated, dtype=str, keep_default_na=False, encoding="gb18030")
    assert list(frame.columns) == ["id", "title", "body", "dup_cluster", "dup_kept", "dup_of", "dup_similarity"]
    assert frame["id"].tolist()[:2] == ["000101", "000102"]
    assert frame["dup_kept"].tolist() == ["1", "1", "0", "1", "1", "0"]
    assert frame["dup_of"].tolist() == ["", "", "1", "", "", "2"]
    assert frame["dup_cluster"].tolist() == ["1", "2", "1", "", "", "2"]
    assert 0.8 < float(frame["dup_similarity"][2]) < 1.0
    clusters = pd.read_csv(report, encoding="utf-8-sig")  # a new CSV is written for Excel: UTF-8 with BOM
    assert clusters["size"].tolist() == [2, 2]
    assert clusters["members"].tolist() == ["1 3", "2 6"]
    hot = pd.read_csv(tmp_path / "report_hot_stories.csv", encoding="utf-8-sig")
    assert hot["cluster"].tolist() == [1, 2] and hot["copies"].tolist() == [2, 2]

    # (the second cluster's kept row is the shorter, without the other's "（完）": file order chose it)
    assert clusters["kept_because"].tolist() == ["no repost marker and contains the others", "first in file"]


def test_why_rows_were_kept_is_worked_out_only_for_a_report(csv_file, tmp_path, monkeypatch):
    """The reasons are read only by the report (and the review): a job writing the cleaned and annotated files
    leaves them out, and writes the files it writes with them."""
    from dedup_gui.core import pipeline

    made = []
    real = pipeline.Pipeline._keep_reasons
    monkeypatch.setattr(pipeline.Pipeline, "_keep_reasons", lambda *a: made.append(1) or real(*a))
    outputs = {}
    for with_report in (False, True):
        cleaned, annotated = tmp_path / f"cleaned{with_report}.csv", tmp_path / f"annotated{with_report}.csv"
        report = ["--report", str(tmp_path / "report.csv")] if with_report else []
        args = [str(csv_file), "--column", "body", "--output", str(cleaned), "--annotated", str(annotated), *report]
        assert run([*args, "--quiet"]) == 0
        assert len(made) == with_report
        outputs[with_report] = (cleaned.read_bytes(), annotated.read_bytes())
    assert outputs[False] == outputs[True]


def test_an_xlsx_report_holds_the_clusters_the_hot_stories_and_the_run(workbook, tmp_path, capsys):
    report = tmp_path / "report.xlsx"
    assert run([str(workbook), "--column", "body", "--report", str(report), "--quiet", "--algorithm", "nshash"]) == 0
    sheets = pd.read_excel(report, sheet_name=None, engine="openpyxl")
    assert list(sheets) == ["clusters", "hot stories", "run"]
    assert sheets["clusters"]["members"].tolist() == ["1 3", "2 6"]
    assert sheets["hot stories"]["kept_row"].tolist() == [1, 2]
    run_sheet = dict(zip(sheets["run"]["item"], sheets["run"]["value"], strict=True))
    printed = capsys.readouterr().out
    assert run_sheet["text check"].startswith("nshash proposed ") and run_sheet["text check"] in printed
    assert run_sheet["setting: algorithm"] == '"nshash"' and run_sheet["setting: min_similarity"] == "0.8"


@pytest.mark.parametrize("algorithm", ["simhash", "nshash", "ngram"])
def test_every_algorithm_runs_from_the_command_line(csv_file, tmp_path, algorithm):
    out = tmp_path / "clean.csv"
    assert run([str(csv_file), "--column", "body", "--algorithm", algorithm, "--output", str(out), "--quiet"]) == 0
    kept = pd.read_csv(out, dtype=str, encoding="gb18030")
    assert kept["id"].tolist() == ["000101", "000102", "000104", "000105"]


def test_rows_and_clusters_are_out_of_the_collector_while_read_run_and_written(csv_file, tmp_path, monkeypatch):
    """Reading and the run make millions of objects at scale: no collection walks them as they are made, and the
    files are written with them frozen (collection on, for what the writers make). Afterwards the collector is as
    the caller had it: on, nothing frozen (also what the imports of ``dedup_gui.cli`` froze)."""
    from dedup_gui.core import export as export_mod
    from dedup_gui.core import io as io_mod

    seen: dict[str, tuple[bool, int]] = {}

    def noting(name, fn):
        def wrapper(*args, **kwargs):
            out = fn(*args, **kwargs)
            seen[name] = (gc.isenabled(), gc.get_freeze_count())
            return out

        return wrapper

    monkeypatch.setattr(io_mod, "read_table", noting("read", io_mod.read_table))
    monkeypatch.setattr(export_mod, "export", noting("write", export_mod.export))
    gc.unfreeze()
    out = tmp_path / "clean.csv"
    assert run([str(csv_file), "--column", "body", "--output", str(out), "--quiet"]) == 0
    assert seen["read"][0] is False
    assert seen["write"][0] is True and seen["write"][1] > 0
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert pd.read_csv(out, dtype=str, encoding="gb18030")["id"].tolist() == ["000101", "000102", "000104", "000105"]


def test_importing_the_command_leaves_its_modules_out_of_the_collector_and_the_collector_on():
    """The command's imports make ~100,000 objects that live as long as the process: they are made with the
    collector off and then frozen, so no collection walks them (a fresh interpreter, as the console script is)."""
    code = (
        "import gc; was = gc.get_freeze_count(); import dedup_gui.cli; "
        "print(gc.isenabled(), gc.get_freeze_count() > was + 10000, gc.get_count()[0] < 700)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True"]


def test_the_console_script_holds_what_its_job_made_to_its_end_and_a_caller_gets_it_freed(csv_file, tmp_path):
    """The console script ends with its job (``exit_now``): the table, the engine and the result are held to the
    end instead of being freed object by object as ``run`` returns. A caller that goes on holds nothing more."""
    import weakref

    from dedup_gui import cli
    from dedup_gui.core.pipeline import Pipeline

    made: list[weakref.ref] = []
    original = Pipeline.for_table.__func__  # type: ignore[attr-defined]

    def noted(klass, table, columns, texts=None):
        pipeline = original(klass, table, columns, texts)
        made.append(weakref.ref(pipeline))
        return pipeline

    out = tmp_path / "clean.csv"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Pipeline, "for_table", classmethod(noted))
        assert run([str(csv_file), "--column", "body", "--output", str(out), "--quiet"]) == 0
        gc.collect()  # (a pipeline's helpers refer back to it: freed by the collector)
        assert made[-1]() is None and cli._held == []
        mp.setattr(cli, "_held", [])
        mp.setattr(cli, "_hold_to_the_end", False)
        cli.hold_to_the_end()
        assert run([str(csv_file), "--column", "body", "--output", str(out), "--quiet"]) == 0
        assert made[-1]() is not None and any(x is made[-1]() for x in cli._held)
        assert {type(x).__name__ for x in cli._held} == {"Table", "Pipeline", "DedupResult"}
    assert not cli._hold_to_the_end and cli._held == []


def test_txt_folder_gives_a_folder_of_kept_files_and_a_manifest(tmp_path, capsys):
    folder = tmp_path / "articles"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text(LONG_1, encoding="utf-8")
    (folder / "sub" / "b.txt").write_text(repost_with_header(LONG_1), encoding="gb18030")
    (folder / "c.txt").write_text(ZH_A_OTHER_WRITEUP, encoding="utf-8")
    out = tmp_path / "cleaned"
    assert run([str(folder), "--column", "text", "--output", str(out), "--quiet"]) == 0
    assert sorted(p.name for p in out.rglob("*.txt")) == ["a.txt", "c.txt"]
    assert (out / "a.txt").read_bytes() == (folder / "a.txt").read_bytes()
    # the manifest is said, as what the user may like to know - not as a warning
    told = capsys.readouterr().err
    assert "dedup-cli: cleaned: manifest.csv lists every input file and whether it was kept" in told
    assert "warning: cleaned" not in told  # (the files' mixed encodings are one: "warning: articles: ...")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.csv", "--column", "body"], "missing.csv"),
        (["{csv}", "--column", "nope"], "no column named 'nope'"),
        (["{csv}", "--column", "body", "--output", "{csv}"], "input file"),
        (["{csv}", "--column", "body", "--report", "{csv}"], "input file"),
        (["{csv}", "--algorithm", "minhash"], "invalid choice"),
        (["{csv}", "--algorithm", "simhash", "--threshold", "40"], "between 0 and 16"),
        (["{csv}", "--keep", "biggest"], "--keep"),
        (["{csv}", "--keep", "max:nope"], "nope"),
    ],
)
def test_bad_input_or_usage_exits_2_with_one_line(csv_file, tmp_path, capsys, args, message):
    args = [a.replace("{csv}", str(csv_file)) for a in args]
    assert run(args) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err


def test_console_script_runs_as_a_module(csv_file, tmp_path):
    out = tmp_path / "clean.csv"
    proc = subprocess.run(
        [sys.executable, "-m", "dedup_gui.cli", str(csv_file), "--column", "body", "--output", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # no progress bar when stderr is not a terminal
    assert proc.stdout.startswith("rows: 6, clusters: 2, removed: 2")


def _cleaned_content(path):
    if path.is_dir():
        return sorted((p.relative_to(path).as_posix(), p.read_bytes()) for p in path.rglob("*"))
    if path.suffix == ".xlsx":
        wb = openpyxl.load_workbook(path)
        return {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in wb.worksheets}
    return path.read_bytes()


@pytest.mark.parametrize("algorithm", ["ngram", "nshash", "simhash"])
@pytest.mark.parametrize("kind", ["csv", "xlsx", "txt"])
def test_a_job_from_a_table_to_its_cleaned_file_never_loads_pandas(kind, algorithm, csv_file, workbook, tmp_path):
    """The job loads only what it needs: reading a CSV file, a workbook or a folder, finding the duplicates and
    writing the cleaned file need no pandas (0.2 s of a small job), and the file is the one written with pandas
    loaded (this process)."""
    if kind == "txt":
        source = tmp_path / "articles"
        source.mkdir()
        for i, (_, _, body) in enumerate(ROWS):
            (source / f"{i}.txt").write_text(body, encoding="utf-8")
        column, suffix = "text", ""
    else:
        source, column, suffix = (csv_file if kind == "csv" else workbook), "body", "." + kind
    args = [str(source), "--column", column, "--algorithm", algorithm, "--quiet", "--output"]
    alone, here = tmp_path / f"alone{suffix}", tmp_path / f"here{suffix}"
    loaded = loaded_by_cli(args + [str(alone)])
    assert "dedup_gui.core.pipeline" in loaded  # the job ran in that interpreter
    assert {m for m in loaded if m.split(".")[0] == "pandas"} == set()
    assert run(args + [str(here)]) == 0
    assert "pandas" in sys.modules
    assert _cleaned_content(alone) == _cleaned_content(here)


def test_export_refuses_a_workbook_changed_on_disk_after_loading(workbook, tmp_path):
    from dedup_gui.core import io
    from dedup_gui.core.errors import InputError

    table = io.read_table(workbook)
    wb = openpyxl.load_workbook(workbook)
    wb["articles"].insert_rows(2)  # someone saved the workbook again, rows moved
    wb.save(workbook)
    with pytest.raises(InputError, match="changed on disk after it was loaded"):
        io.write_cleaned(table, [True] * len(table), tmp_path / "clean.xlsx")
    assert not (tmp_path / "clean.xlsx").exists()


def test_a_fault_of_its_own_ends_in_one_line_exit_3_and_a_saved_traceback(csv_file, tmp_path, monkeypatch, capsys):
    """An error in dedup-cli itself (here: the engine raising what no input should make it raise) is one line on
    stderr naming the input and the error, exit code 3, no output file, and the traceback saved where the line
    says - never a traceback in the user's face."""
    import re

    from dedup_gui.core.pipeline import Pipeline

    def broken(self, *args, **kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr(Pipeline, "run", broken)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    out = tmp_path / "out.csv"
    assert run([str(csv_file), "--column", "body", "--output", str(out), "--quiet"]) == 3
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"dedup-cli: {csv_file}: dedup-cli failed (KeyError: 'a bug'); no file was left half")
    saved = re.search(r"the details are in (\S+) \(please", line)
    assert saved and saved.group(1).startswith(str(tmp_path))
    with open(saved.group(1), encoding="utf-8") as f:
        details = f.read()
    assert "Traceback" in details and "KeyError: 'a bug'" in details
    assert not out.exists()


def test_the_console_script_ends_with_its_exit_code_output_and_exit_handlers(csv_file, tmp_path):
    """``main`` ends the process without tearing the interpreter down (``exit_now``): the exit code, everything
    printed and every exit handler are still there - on success and on bad input."""
    mark = tmp_path / "handler-ran"
    code = (
        "import atexit, pathlib, sys\n"
        f"atexit.register(pathlib.Path({str(mark)!r}).write_text, 'yes')\n"
        "from dedup_gui.cli import main\n"
        "sys.argv = ['dedup-cli', *sys.argv[1:]]\n"
        "main()\n"
        "print('not reached')\n"
    )
    out = tmp_path / "clean.csv"
    ok = subprocess.run([sys.executable, "-c", code, str(csv_file), "--column", "body", "--output", str(out)],
                        capture_output=True, text=True, timeout=120)  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("rows: 6, clusters: 2, removed: 2") and "not reached" not in ok.stdout
    assert ok.stdout.rstrip().splitlines()[-1].startswith("kept rows:") and out.exists()
    assert mark.read_text() == "yes"
    mark.unlink()
    bad = subprocess.run([sys.executable, "-c", code, str(tmp_path / "missing.csv")],
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("dedup-cli: ") and "missing.csv" in bad.stderr
    assert mark.read_text() == "yes"


def test_a_reader_that_stops_reading_the_summary_gets_no_traceback(csv_file, tmp_path):
    """``dedup-cli ... | head -1``: the summary's reader has gone before it is printed; the cleaned file is still
    written whole and the command ends as it would have, with nothing but its own output on standard error."""
    out = tmp_path / "clean.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "dedup_gui.cli", str(csv_file), "--column", "body", "--output", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # the reader is gone before anything is printed
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err and err == ""
    from dedup_gui.core.io import read_table

    assert len(read_table(out).data) == 4  # 6 rows, 2 removed


def test_a_report_of_a_type_nothing_writes_is_refused_before_the_run(csv_file, tmp_path, capsys):
    """A report named for no table format (a typo: "report.txt") is refused with the other outputs' checks, before
    the run: no cleaned or annotated file is left written beside a failed run."""
    out, annotated = tmp_path / "clean.csv", tmp_path / "annotated.csv"
    args = [str(csv_file), "--column", "body", "--output", str(out), "--annotated", str(annotated)]
    assert run([*args, "--report", str(tmp_path / "report.txt")]) == 2
    err = capsys.readouterr().err
    assert "report.txt" in err and "unsupported output type '.txt'" in err
    assert "rows:" not in err and not out.exists() and not annotated.exists()


def test_an_output_in_a_folder_that_does_not_exist_is_refused_before_the_run(csv_file, tmp_path, capsys):
    """The annotated file's folder missing: refused before the run, the cleaned file not written (it had been, and
    the run failed only at the annotated file)."""
    out, annotated = tmp_path / "clean.csv", tmp_path / "missing" / "annotated.csv"
    assert run([str(csv_file), "--column", "body", "--output", str(out), "--annotated", str(annotated)]) == 2
    err = capsys.readouterr().err
    assert "annotated.csv: cannot be written: the folder" in err and "does not exist" in err
    assert not out.exists()


def test_a_cleaned_folder_that_already_holds_files_is_refused_before_the_run(tmp_path, capsys, monkeypatch):
    """A cleaned folder that holds files already: refused before the engine runs (it had run, then failed)."""
    from dedup_gui.core.pipeline import Pipeline

    runs = []
    monkeypatch.setattr(Pipeline, "run", lambda self, *a, **k: runs.append(1))
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / "a.txt").write_text(LONG_1, encoding="utf-8")
    (folder / "b.txt").write_text(repost_with_header(LONG_1), encoding="utf-8")
    out = tmp_path / "cleaned"
    out.mkdir()
    (out / "old.txt").write_text("an earlier export", encoding="utf-8")
    report = tmp_path / "report.csv"
    assert run([str(folder), "--column", "text", "--output", str(out), "--report", str(report)]) == 2
    assert "already exists and is not an empty folder" in capsys.readouterr().err
    assert not runs and not report.exists() and [p.name for p in out.iterdir()] == ["old.txt"]
