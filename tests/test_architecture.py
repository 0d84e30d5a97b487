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
