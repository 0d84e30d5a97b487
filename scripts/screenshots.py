"""Render the main states of the desktop app to PNG files under screenshots/ (``make screenshots``).

Runs offscreen with a private settings file, on the bundled demo workbook (or a synthetic one while the demo is
missing): the empty window, after a run, a review in progress (a decision made, two rows of a cluster selected,
the title / source / date columns beside them), the table of rows, the export dialog, the compare view in a dark
palette, the Analysis tab (light and dark), and the review, the Analysis tab and the table of rows in Chinese
after a language switch.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QEventLoop, QItemSelectionModel, QSettings, QTimer  # noqa: E402
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication, QStyleFactory  # noqa: E402

from dedup_gui import i18n  # noqa: E402
from dedup_gui.gui.app import stylesheet  # noqa: E402
from dedup_gui.gui.main_window import MainWindow  # noqa: E402
from dedup_gui.gui.resources import demo_workbook  # noqa: E402

OUT = ROOT / "screenshots"
SIZE = (1440, 900)


def wait_for(signal, timeout_ms: int = 120_000) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    signal.disconnect(loop.quit)


def settle(ms: int = 150) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def pick_font(app: QApplication) -> None:
    families = set(QFontDatabase.families())
    for name in ("WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "Noto Sans SC"):
        if name in families:
            font = QFont(name, 10)
            app.setFont(font)
            return
    print("warning: no CJK font found (apt-get install -y fonts-wqy-microhei); Chinese will show as boxes")


def dark_palette() -> QPalette:
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#2b2d31",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1f2023",
        QPalette.ColorRole.AlternateBase: "#26282c",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#34363b",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.Highlight: "#3d6fb6",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: "#34363b",
        QPalette.ColorRole.ToolTipText: "#e6e6e6",
        QPalette.ColorRole.PlaceholderText: "#8a8d93",
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6c6f75"))
    return p


def interesting_cluster(window: MainWindow) -> tuple[int, int]:
    """A cluster and member whose compare view shows a few differences (not zero, not a wall of colour)."""
    from dedup_gui.core.diff import diff_texts

    session = window.session
    best = (1, session.clusters[0].members[-1]) if len(session) else (0, 0)
    for c in session.clusters[:200]:
        for m in c.members:
            if m == c.kept:
                continue
            n = len(diff_texts(session.texts[c.kept], session.texts[m]).differences)
            if 3 <= n <= 12 and c.size >= 3:
                return c.id, m
    return best


def review_in_progress(window: MainWindow, cluster_id: int, member: int) -> None:
    """A review under way: another cluster decided, two rows of this one selected, a difference in view."""
    session = window.session
    earlier = next((c for c in session.clusters if c.id != cluster_id and c.size == 2), None)
    if earlier is not None:
        window.select_cluster(earlier.id)
        window.select_member(next(m for m in earlier.members if m != earlier.kept))
        window.review_actions.not_duplicate.trigger()
    window.select_cluster(cluster_id)
    window.select_member(member)
    kept = session.kept_row(cluster_id)
    other = next((m for m in session.cluster(cluster_id).members if m not in (kept, member)), None)
    if other is not None:
        model, selection = window.pane.members_model, window.members_view.selectionModel()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        selection.select(model.index(model.row_of(other), 0), flags)
    window.review_actions.update()
    window.next_difference()


def synthetic_workbook() -> Path:
    """A stand-in while resources/demo.xlsx is missing."""
    from devtools import synth

    path = Path(tempfile.mkdtemp()) / "demo.xlsx"
    synth.write_demo_workbook(path)
    return path


def main() -> int:
    OUT.mkdir(exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setStyle(QStyleFactory.create("Fusion"))
    pick_font(app)
    app.setStyleSheet(stylesheet(app.palette()))
    store = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(store)
    window.resize(*SIZE)
    window.show()
    settle()
    window.grab().save(str(OUT / "01_welcome.png"))

    source = Path(sys.argv[1]) if len(sys.argv) > 1 else demo_workbook()
    if not source.exists():
        source = synthetic_workbook()
    window.open_path(source)
    wait_for(window.resultShown)
    settle(300)
    window.grab().save(str(OUT / "02_after_run.png"))

    cluster_id, member = interesting_cluster(window)
    review_in_progress(window, cluster_id, member)
    settle()
    window.grab().save(str(OUT / "03_cluster_compared.png"))

    window.tabs.setCurrentIndex(1)
    window.duplicates_only.setChecked(True)
    settle()
    window.grab().save(str(OUT / "04_all_rows.png"))
    window.duplicates_only.setChecked(False)
    window.tabs.setCurrentIndex(0)

    window.show_export_dialog()
    settle()
    window.export_dialog.grab().save(str(OUT / "05_export_dialog.png"))
    window.export_dialog.reject()

    window.tabs.setCurrentWidget(window.analysis_view)
    settle(300)
    window.grab().save(str(OUT / "07_analysis.png"))
    window.tabs.setCurrentIndex(0)

    app.setPalette(dark_palette())
    app.setStyleSheet(stylesheet(app.palette()))
    settle()
    window.grab().save(str(OUT / "06_dark_compare.png"))
    window.tabs.setCurrentWidget(window.analysis_view)
    settle(300)
    window.grab().save(str(OUT / "08_analysis_dark.png"))

    app.setPalette(QStyleFactory.create("Fusion").standardPalette())
    app.setStyleSheet(stylesheet(app.palette()))
    window.tabs.setCurrentIndex(0)
    chinese = i18n.switch_language(window, i18n.CHINESE)  # the review goes on in the new window
    chinese.resize(*SIZE)
    settle(300)
    chinese.grab().save(str(OUT / "09_review_chinese.png"))
    chinese.tabs.setCurrentWidget(chinese.analysis_view)
    settle(300)
    chinese.grab().save(str(OUT / "10_analysis_chinese.png"))
    chinese.tabs.setCurrentIndex(1)
    settle(300)
    chinese.grab().save(str(OUT / "11_all_rows_chinese.png"))
    i18n.install(i18n.ENGLISH)

    chinese.state.mark_saved()  # a screenshot run saves no review
    chinese.close()
    for f in sorted(OUT.glob("*.png")):
        print(f.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
