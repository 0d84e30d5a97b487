"""The one direction of dependency: gui -> core, never back. Core must run where Qt is not installed."""

import ast
import pathlib
import subprocess
import sys

import dedup_gui

CORE = pathlib.Path(dedup_gui.__file__).parent / "core"


def test_no_core_module_imports_qt():
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            qt = {"PySide6", "shiboken6", "pyqtgraph"}
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in qt]
            offenders += [f"{path.name}: {n}" for n in names if n.startswith("dedup_gui.gui")]
    assert offenders == []


def test_running_the_engine_loads_no_qt():
    code = (
        "import sys; from dedup_gui.core.pipeline import Pipeline; from dedup_gui.core.settings import Settings;"
        "from dedup_gui.core import io; import dedup_gui.cli;"
        "Pipeline(['甲乙丙丁戊己庚辛', '甲乙丙丁戊己庚辛。']).run(Settings());"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


def _modules_loaded_by_cli(tmp_path, args: list[str], suffix: str) -> set[str]:
    src = tmp_path / f"in{suffix}"
    rows = [["title", "text"]] + [[f"t{i}", f"第{i}条新闻正文，内容相同的部分在这里。"] for i in range(6)]
    if suffix == ".csv":
        src.write_text("\n".join(",".join(r) for r in rows) + "\n", encoding="utf-8")
    else:
        import openpyxl

        wb = openpyxl.Workbook()
        for r in rows:
            wb.active.append(r)
        wb.save(src)
    return loaded_by_cli([str(src), "--quiet", *args])


def loaded_by_cli(argv: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after ``dedup-cli argv`` (which must succeed)."""
    code = (
        "import sys; from dedup_gui.cli import run;"
        f"code = run({argv!r});"
        "assert code == 0, code; print(' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return set(out.stdout.splitlines()[-1].split())  # the last line: after the run's summary


WORKBOOK_MODULES = {
    "dedup_gui.core.io.xlsx_reader",
    "dedup_gui.core.io.xlsx_rewrite",
    "dedup_gui.core.io.xlsx_shift",
    "dedup_gui.core.io.xlsx_stream",
    "python_calamine",
    "openpyxl",
}
SEGMENTATION_MODULES = {"dedup_gui.core.segment", "jieba", "rjieba"}


def test_a_csv_job_without_simhash_loads_no_workbook_or_segmentation_code(tmp_path):
    out = tmp_path / "cleaned.csv"
    for algorithm in ("ngram", "nshash"):
        loaded = _modules_loaded_by_cli(tmp_path, ["--algorithm", algorithm, "--output", str(out)], ".csv")
        assert "dedup_gui.core.pipeline" in loaded  # the job ran in this process
        assert loaded & (WORKBOOK_MODULES | SEGMENTATION_MODULES) == set()
        assert out.exists()


def test_learning_boilerplate_loads_no_masked_arrays(tmp_path):
    """numpy.ma (7-40 ms of a small job's start) is not loaded by a job whose boilerplate is learned: ten
    different stories sharing a footer make ``boilerplate.learn`` compare the carriers' sentence sets."""
    source = tmp_path / "footers.csv"
    footer = "本文来源于新浪网，转载请注明出处。"
    stories = [f"第{i}篇报道讲的是第{i}件不同的事情。记者在第{i}个城市采访了{i}位市民。{footer}" for i in range(10)]
    source.write_text("text\n" + "\n".join(stories) + "\n", encoding="utf-8")
    code = (
        "import sys; from dedup_gui.core import boilerplate, io;"
        f"texts = io.read_table({str(source)!r}).texts(['text']);"
        "found = boilerplate.learn(texts, 5); assert len(found.keys) == 1, found;"
        "print(' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split())
    assert "dedup_gui.core.boilerplate" in loaded
    assert {m for m in loaded if m == "numpy.ma" or m.startswith("numpy.ma.")} == set()


def test_no_job_loads_masked_arrays(tmp_path):
    """numpy.ma (loaded by np.unique and np.isin for their masked-array check: 12-40 ms of a job's start) is not
    loaded by a job of any algorithm on texts that go through every check: Chinese numerals before what they
    count (三人, 五个), characters that need the whole NFKC algorithm (a combining accent, Hangul, an emoji on a
    line among others), repeated footers and near-duplicate pairs."""
    source = tmp_path / "mixed.csv"
    footer = "本文来源于新浪网，转载请注明出处。"
    rows = []
    for i in range(12):
        story = f"第{i}篇报道：三人在{i}号街区见到五个孩子。\n한국어 문장과 cafe\u0301 그리고 😀 표정。\n{footer}"
        rows += [story, story.replace("孩子", "小孩"), f"另一篇第{i}条消息，十二位记者到场。{footer}"]
    source.write_text("text\n" + "\n".join(f'"{r}"' for r in rows) + "\n", encoding="utf-8")
    for algorithm in ("ngram", "nshash", "simhash"):
        out = tmp_path / f"cleaned-{algorithm}.csv"
        loaded = loaded_by_cli([str(source), "--quiet", "--algorithm", algorithm, "--output", str(out)])
        assert "dedup_gui.core.textcheck" in loaded and out.exists()
        assert {m for m in loaded if m == "numpy.ma" or m.startswith("numpy.ma.")} == set(), algorithm


def test_each_job_loads_what_it_needs(tmp_path):
    loaded = _modules_loaded_by_cli(tmp_path, ["--algorithm", "simhash"], ".csv")
    assert "dedup_gui.core.segment" in loaded
    loaded = _modules_loaded_by_cli(
        tmp_path, ["--algorithm", "ngram", "--output", str(tmp_path / "cleaned.xlsx")], ".xlsx"
    )
    assert {"dedup_gui.core.io.xlsx_reader", "dedup_gui.core.io.xlsx_rewrite"} <= loaded
    assert (tmp_path / "cleaned.xlsx").exists()


def test_qt_signals_do_not_leak_references_to_true():
    # PySide6 6.12.0 decrements True on every emission; Python < 3.12 then aborts at exit (bool_dealloc).
    code = (
        "import sys; from PySide6.QtCore import QObject, Signal\n"
        "class O(QObject):\n    s = Signal(int)\n"
        "o = O(); o.s.connect(lambda v: None); before = sys.getrefcount(True)\n"
        "for i in range(100): o.s.emit(i)\n"
        "print(sys.getrefcount(True) - before)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert abs(int(out.stdout.strip())) < 10
