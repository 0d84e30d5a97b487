"""``dedup-gui --selftest``: prove an installation (above all a packaged bundle) is complete, without a display.

Runs offscreen: finds the bundled resources, loads the demo workbook, runs each algorithm through the real
pipeline, runs the engine in its worker process (what a frozen app gets wrong without ``freeze_support``), exports the
cleaned, annotated and report files to a temporary folder and reads them back, then opens the demo in the real
main window, in Chinese. Prints one line per check and returns 0 when all pass, 1 otherwise.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

EXPECTED_ICON_SIZES = (16, 32, 48, 128, 256)


class _Checks:
    def __init__(self, out: TextIO):
        self.out = out
        self.failed: list[str] = []

    def run(self, name: str, check: Callable[[], str]) -> None:
        started = time.perf_counter()
        try:
            detail = check()
        except Exception as exc:  # noqa: BLE001 - every failure is reported, then the next check runs
            self.failed.append(name)
            self.out.write(f"  FAIL {name:<10} {type(exc).__name__}: {exc}\n")
            self.out.write("".join("       " + line for line in traceback.format_exc().splitlines(True)[-6:]))
        else:
            self.out.write(f"  ok   {name:<10} {detail} ({time.perf_counter() - started:.1f} s)\n")
        self.out.flush()


def run_selftest(out: TextIO | None = None) -> int:
    # A windowed Windows executable has no stdout: the report then goes to a file in the temp folder.
    out = out or sys.stdout or open(Path(tempfile.gettempdir()) / "dedup-gui-selftest.txt", "w", encoding="utf-8")  # noqa: SIM115
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6 import __version__ as pyside_version
    from PySide6.QtWidgets import QApplication

    from dedup_gui import __version__

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "dedup-gui", "-platform", "offscreen"])
    frozen = "bundle" if getattr(sys, "frozen", False) else "source"
    out.write(
        f"dedup-gui {__version__} selftest ({frozen}, Python {sys.version.split()[0]}, Qt {pyside_version}, "
        f"platform {app.platformName()})\n"
    )
    checks = _Checks(out)
    state: dict = {}
    checks.run("resources", _check_resources)
    checks.run("read", lambda: _check_read(state))
    checks.run("fold", _check_traditional)
    from dedup_gui.core.algorithms.registry import ALGORITHMS

    for name in ALGORITHMS:
        checks.run(name, lambda name=name: _check_algorithm(state, name))
    checks.run("processes", lambda: _check_worker_processes(state))
    with tempfile.TemporaryDirectory(prefix="dedup-selftest-") as folder:
        checks.run("export", lambda: _check_export(state, Path(folder)))
        checks.run("window", lambda: _check_window(app, Path(folder)))
    out.write("selftest passed\n" if not checks.failed else f"selftest FAILED: {', '.join(checks.failed)}\n")
    out.flush()
    return 0 if not checks.failed else 1


def _check_resources() -> str:
    from PySide6.QtGui import QIcon, QImageReader

    from dedup_gui.gui.resources import demo_workbook, resource_path, resource_root
    from dedup_gui.i18n import CHINESE, catalogue_files

    missing = [str(p) for p in (demo_workbook(), resource_path("icons", "dedup-gui.svg")) if not p.exists()]
    missing += [f"icon {s}px" for s in EXPECTED_ICON_SIZES if not resource_path("icons", f"dedup-gui-{s}.png").exists()]
    qm, ts = catalogue_files(CHINESE)
    if not qm.exists() and not ts.exists():
        missing.append(str(qm))
    if missing:
        raise FileNotFoundError("missing: " + ", ".join(missing))
    formats = {bytes(f).decode() for f in QImageReader.supportedImageFormats()}
    if not {"png", "svg", "ico"} <= formats:
        raise RuntimeError(f"Qt image format plugins missing (have {sorted(formats)})")
    icon = QIcon(str(resource_path("icons", "dedup-gui.svg")))
    if icon.pixmap(64, 64).isNull():
        raise RuntimeError("the SVG icon does not render")
    catalogue = qm.name if qm.exists() else ts.name
    return f"demo workbook, icons, {catalogue} in {resource_root()}, image formats png/svg/ico"


def _check_traditional() -> str:
    """Traditional Chinese folded to simplified where OpenCC is installed: its tables found and read."""
    import importlib.util

    from dedup_gui.core.text import _t2s_table, simplify, t2s_converter

    if importlib.util.find_spec("opencc") is None:
        return "OpenCC not installed on this platform: traditional Chinese is compared as written"
    # (OpenCC itself, not the table kept in the user's cache folder: its tables are in the bundle)
    convert = t2s_converter()
    if convert is None or _t2s_table() is None:
        raise RuntimeError("OpenCC is installed but its tables could not be read")
    converted = convert("恒生指數上漲")
    if simplify("恒生指數上漲") != "恒生指数上涨" or converted != "恒生指数上涨":
        raise AssertionError(f"恒生指數上漲 folded to {simplify('恒生指數上漲')}, converted to {converted}")
    return "OpenCC's table: 恒生指數上漲 → 恒生指数上涨"


def _check_read(state: dict) -> str:
    from dedup_gui.core.io import read_table
    from dedup_gui.gui.resources import demo_workbook

    table = read_table(demo_workbook())
    columns = table.guess_text_columns()
    if len(table) < 50 or not columns:
        raise ValueError(f"the demo has {len(table)} rows and text columns {columns}")
    state.update(table=table, columns=columns)
    return f"{len(table)} rows × {len(table.columns)} columns, text column {', '.join(columns)}"


def _check_algorithm(state: dict, name: str) -> str:
    from dedup_gui.core.pipeline import Pipeline
    from dedup_gui.core.settings import Settings

    if "pipeline" not in state:
        state["pipeline"] = Pipeline.for_table(state["table"], state["columns"])
    result = state["pipeline"].run(Settings(algorithm=name))
    if not result.clusters:
        raise AssertionError(f"{name} found no duplicates in the demo, which has planted reposts")
    state.setdefault("results", {})[name] = result
    return f"{len(result.clusters)} clusters, {result.rows_to_remove} rows to remove"


def _check_worker_processes(state: dict) -> str:
    """The window runs the engine in a spawned worker process; a bundle must be able to start it (a frozen app
    without ``freeze_support`` starts a second window instead), and the worker must find what this process does."""
    from dedup_gui.core.engine_process import EngineProcess
    from dedup_gui.core.settings import Settings

    engine = EngineProcess()
    try:
        remote = engine.pipeline(state["table"], state["columns"])
        found = remote.run(Settings(algorithm="nshash"))
        if remote.in_process:
            raise AssertionError("the engine's worker process could not start")
        pid = engine.pid
    finally:
        engine.close()
    local = state.get("results", {}).get("nshash") or state["pipeline"].run(Settings(algorithm="nshash"))
    if [c.members for c in found.clusters] != [c.members for c in local.clusters]:
        raise AssertionError("the engine's worker process found other clusters than this process")
    return f"worker process {pid} finds the same {len(found.clusters)} clusters as this process"


def _check_export(state: dict, folder: Path) -> str:
    from dedup_gui.core.export import export
    from dedup_gui.core.io import read_table

    table, pipeline = state["table"], state["pipeline"]
    from dedup_gui.core.settings import Settings

    result = state["results"][Settings().algorithm]
    paths = {k: folder / f"demo_{k}.xlsx" for k in ("cleaned", "annotated", "report")}
    export(table, result, similarity=pipeline.similarity, texts=pipeline.texts, **paths)
    cleaned, annotated = read_table(paths["cleaned"]), read_table(paths["annotated"])
    report = read_table(paths["report"])
    expected = len(table) - result.rows_to_remove
    if len(cleaned) != expected or cleaned.columns != table.columns:
        raise AssertionError(f"cleaned file has {len(cleaned)} rows, expected {expected}")
    if len(annotated) != len(table) or "dup_cluster" not in annotated.columns:
        raise AssertionError(f"annotated file has {len(annotated)} rows and columns {annotated.columns}")
    if len(report) == 0:
        raise AssertionError("the cluster report is empty")
    return f"cleaned {len(cleaned)} rows, annotated {len(annotated)}, report {len(report)} lines, read back"


def _check_window(app, folder: Path) -> str:
    from PySide6.QtCore import QCoreApplication, QElapsedTimer, QSettings

    from dedup_gui import i18n
    from dedup_gui.gui.main_window import MainWindow
    from dedup_gui.gui.resources import demo_workbook

    previous = i18n.current_language(app)
    i18n.install(i18n.CHINESE, app)
    try:
        translated = QCoreApplication.translate("registry", "Gram length")
        if translated == "Gram length":
            raise AssertionError("the Chinese translation is not installed")
        window = MainWindow(QSettings(str(folder / "selftest.ini"), QSettings.Format.IniFormat))
        messages: list[str] = []
        window.messageShown.connect(lambda title, text: messages.append(f"{title}: {text}"))
        try:
            window.open_path(demo_workbook())
            timer = QElapsedTimer()
            timer.start()
            while window.session is None and not messages and timer.elapsed() < 120_000:
                app.processEvents()
                time.sleep(0.01)
            if window.session is None:
                raise RuntimeError(messages[0] if messages else "no result on screen within 2 minutes")
            clusters = len(window.session)
        finally:
            window.close()  # stops its worker thread
            window.deleteLater()
            app.processEvents()
    finally:
        i18n.install(previous, app)
    return f"main window opened the demo in Chinese (“{translated}”), {clusters} clusters on screen"


def main() -> int:
    return run_selftest()


if __name__ == "__main__":
    sys.exit(main())
