"""Entry point of the desktop app: ``dedup-gui [FILE]`` / ``python -m dedup_gui [FILE]``."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from pathlib import Path

from dedup_gui.core.cpu import blas_environment

os.environ.update(blas_environment())  # OpenBLAS's thread count (core.cpu), read when numpy is imported

from PySide6.QtCore import QCoreApplication, QSettings  # noqa: E402
from PySide6.QtGui import QColor, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dedup_gui import i18n  # noqa: E402

from . import jobs  # noqa: E402
from .about import app_icon  # noqa: E402
from .glyphs import warm_glyphs  # noqa: E402
from .main_window import MainWindow  # noqa: E402
from .resources import demo_workbook  # noqa: E402

ORGANISATION = "dedup_gui"
APPLICATION = "Dedup"


def stylesheet(palette: QPalette) -> str:
    """A few touches on top of the platform style, derived from the palette so dark themes work too."""
    text, base = palette.color(QPalette.ColorRole.WindowText), palette.color(QPalette.ColorRole.Window)
    muted = QColor(
        (text.red() * 55 + base.red() * 45) // 100,
        (text.green() * 55 + base.green() * 45) // 100,
        (text.blue() * 55 + base.blue() * 45) // 100,
    ).name()
    dark = base.lightness() < 128
    warning = "#f0b44c" if dark else "#9a5b00"
    accent = palette.color(QPalette.ColorRole.Highlight).name()
    banner = "#4a3a17" if dark else "#fdf1d0"  # results shown while a run replaces them
    return f"""
        QLabel#hint {{ color: {muted}; }}
        QLabel#warning {{ color: {warning}; }}
        QLabel#summary {{ font-size: 10.5pt; padding: 2px 0; }}
        QLabel#welcomeTitle {{ font-size: 20pt; font-weight: 600; }}
        QLabel#paneTitle {{ padding: 2px 0; }}
        QLabel#preview {{ color: {muted}; font-size: 9pt; }}
        QPushButton#runButton {{ padding: 6px; font-weight: 600; }}
        QGroupBox {{ font-weight: 600; }}
        QGroupBox QLabel, QGroupBox QCheckBox, QGroupBox QComboBox, QGroupBox QListWidget {{ font-weight: normal; }}
        QTableView {{ selection-background-color: {accent}; }}
        QLabel#staleBanner {{ background: {banner}; color: {text.name()}; padding: 5px 8px; border-radius: 3px; }}
    """


SCREEN_SHARE = 0.92  # of the screen's free width and height, at most, for the window at its first start


def fit_to_screen(window: MainWindow) -> None:
    """The window at its first start (no size saved): its own size, or ``SCREEN_SHARE`` of the screen's free area
    where that is smaller, centred there - 1360 x 860 is taller than a 1366 x 768 laptop's free area (its status bar
    and the Find duplicates button under the task bar)."""
    screen = window.screen() or QApplication.primaryScreen()
    if screen is None:
        return
    free = screen.availableGeometry()
    width = min(window.width(), int(free.width() * SCREEN_SHARE))
    height = min(window.height(), int(free.height() * SCREEN_SHARE))
    window.resize(width, height)
    window.move(free.x() + (free.width() - width) // 2, free.y() + (free.height() - height) // 2)


def build_window(argv: list[str] | None = None, store: QSettings | None = None) -> MainWindow:
    """Create the window for the command-line arguments (used by main() and the screenshot script)."""
    parser = argparse.ArgumentParser(prog="dedup-gui", description="Find and remove near-duplicate texts.")
    parser.add_argument("file", nargs="?", help="workbook, CSV file or folder of .txt files (default: the demo)")
    parser.add_argument("--sheet", help="worksheet to open")
    parser.add_argument("--selftest", action="store_true", help="check the installation offscreen and exit 0/1")
    args = parser.parse_args(argv)
    app = QApplication.instance()
    app.setStyleSheet(stylesheet(app.palette()))
    window = MainWindow(store)
    target = Path(args.file) if args.file else demo_workbook()
    if args.file or target.exists():
        window.open_path(target, args.sheet)
    return window


def report_unexpected_errors(window: MainWindow) -> None:
    """An exception that escapes one of the window's own handlers - a fault of ours, not of the user's file - is
    shown as a failed job's is (``MainWindow.report_failure``: what it was, the traceback under the details), not
    left on a terminal the user may not have while the window waits with nothing said. Still printed to standard
    error as before; an interrupt or an exit passes as before."""
    previous = sys.excepthook

    def hook(kind, exc, tb) -> None:
        previous(kind, exc, tb)
        if not isinstance(exc, Exception):
            return
        import traceback

        try:
            details = "".join(traceback.format_exception(kind, exc, tb))
            window.report_failure(QCoreApplication.translate("App", "Something went wrong"), exc, details)
        except Exception:  # (the box itself failed: what was printed above is all that can be done)
            pass

    sys.excepthook = hook


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()  # the window runs the engine in a spawned worker process, also when frozen
    argv = sys.argv[1:] if argv is None else argv
    if "--selftest" in argv:
        from dedup_gui.selftest import run_selftest

        return run_selftest()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setDesktopFileName("dedup-gui")
    app.setWindowIcon(app_icon())
    i18n.install(i18n.chosen_language(QSettings()), app)
    jobs.warm_up()
    first_start = QSettings().value("window/geometry") is None
    window = build_window(argv, QSettings())
    if first_start:
        fit_to_screen(window)
    warm_glyphs(window, window.rows_view.font())  # the first table's characters then draw without a stall
    report_unexpected_errors(window)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
