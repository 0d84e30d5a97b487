"""Starting the app: a FILE argument is opened; without one, the bundled demo; resources from the installed package."""

import importlib.resources
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from dedup_gui.gui import resources
from dedup_gui.gui.app import SCREEN_SHARE, build_window, fit_to_screen
from dedup_gui.gui.main_window import MainWindow


@pytest.fixture
def store(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_a_file_argument_is_opened(qtbot, store, tmp_path):
    csv = tmp_path / "news.csv"
    csv.write_text("id,body\n1,今天天气很好，适合出门散步。\n2,今天天气很好，适合出门散步。\n", encoding="utf-8")
    window = build_window([str(csv)], store)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.session is not None, timeout=60_000)
    assert window.table.path == csv
    assert window.session.rows_to_remove == 1
    window.close()


def test_the_first_window_fits_the_screen_it_opens_on(qtbot, store):
    """At its first start the window (1360 x 860 of its own) is no larger than the screen's free area allows and
    sits inside it: the offscreen screen is 800 x 800, as small as a laptop's is for the window."""
    window = MainWindow(store)
    qtbot.addWidget(window)
    free = window.screen().availableGeometry()
    assert window.width() > free.width() * SCREEN_SHARE  # (its own size would not fit)
    fit_to_screen(window)
    assert window.width() <= free.width() * SCREEN_SHARE and window.height() <= free.height() * SCREEN_SHARE
    assert free.contains(window.geometry())
    window.close()


def test_resources_are_read_from_the_installed_package():
    installed = importlib.resources.files("dedup_gui.resources")  # pyproject maps resources/ to this package
    assert resources.resource_root() == installed
    assert resources.demo_workbook() == installed / "demo.xlsx" and resources.demo_workbook().is_file()
    assert resources.resource_path("icons", "dedup-gui.svg").is_file()


def not_installed(package):
    raise ModuleNotFoundError(package)


def test_resources_inside_the_package_folder_are_found_as_a_bundle_has_them(tmp_path, monkeypatch):
    (tmp_path / "dedup_gui" / "resources").mkdir(parents=True)
    (tmp_path / "dedup_gui" / "resources" / "demo.xlsx").write_bytes(b"x")
    monkeypatch.setattr(resources._importlib_resources, "files", not_installed)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", tmp_path / "dedup_gui")
    assert resources.demo_workbook() == tmp_path / "dedup_gui" / "resources" / "demo.xlsx"


def test_resources_fall_back_to_the_checkout_when_the_package_is_not_installed(monkeypatch):
    monkeypatch.setattr(resources._importlib_resources, "files", not_installed)
    assert resources.resource_root() == Path(__file__).resolve().parents[1] / "resources"
    assert resources.demo_workbook().is_file()


def test_common_characters_are_ascii_then_gb2312_level_one():
    from dedup_gui.gui.glyphs import common_characters

    chars = common_characters()
    ascii_part, hanzi = chars[:94], chars[94:]
    assert ascii_part == "".join(chr(c) for c in range(0x21, 0x7F))
    assert len(hanzi) == 3755 and hanzi[0] == "啊" and hanzi[-1] == "座"
    assert all(0x4E00 <= ord(c) <= 0x9FFF for c in hanzi) and len(set(hanzi)) == 3755
    assert {"的", "是", "新", "闻", "中", "国"} <= set(hanzi)


def test_the_glyph_warm_up_draws_its_first_chunk_at_once_and_the_rest_on_the_event_loop(qtbot):
    from PySide6.QtGui import QFont

    from dedup_gui.gui.glyphs import GlyphWarmer, common_characters

    warmer = GlyphWarmer(QFont(), chunk=500)
    warmer.start()
    assert warmer.drawn == 500 and warmer.running  # before the window would be shown
    with qtbot.waitSignal(warmer.finished, timeout=60_000):
        pass
    assert warmer.drawn == len(common_characters()) and not warmer.running


def test_without_a_gb2312_codec_only_ascii_is_warmed(monkeypatch):
    import codecs

    from dedup_gui.gui import glyphs

    real = codecs.lookup

    def lookup(name):
        if name.replace("-", "").lower() == "gb2312":
            raise LookupError(name)
        return real(name)

    glyphs.common_characters.cache_clear()
    monkeypatch.setattr(codecs, "lookup", lookup)
    try:
        assert glyphs.common_characters() == "".join(chr(c) for c in range(0x21, 0x7F))
    finally:
        glyphs.common_characters.cache_clear()


@pytest.mark.qt_no_exception_capture
def test_an_error_escaping_the_windows_handlers_is_shown_not_only_printed(qtbot, store, monkeypatch):
    """A fault of ours in one of the window's handlers (an exception out of a slot) is shown in a message box with
    its traceback under the details - not only printed to a terminal the user may not have."""
    import sys

    from PySide6.QtCore import QTimer

    from dedup_gui.gui.app import report_unexpected_errors

    printed = []
    monkeypatch.setattr(sys, "excepthook", lambda *exc: printed.append(exc))
    window = MainWindow(store)
    qtbot.addWidget(window)
    report_unexpected_errors(window)

    def handler():
        raise RuntimeError("a fault of ours")

    with qtbot.waitSignal(window.messageShown, timeout=10_000) as shown:
        QTimer.singleShot(0, handler)
    title, text = shown.args
    assert "RuntimeError: a fault of ours" in text
    assert "a fault of ours" in window.last_message.detailedText() and "handler" in window.last_message.detailedText()
    assert len(printed) == 1  # (still printed, as before)
    window.last_message.close()
    window.close()
