"""Starting the app: a FILE argument is opened; without one, the bundled demo; resources also in a bundle."""

import sys

import pytest
from PySide6.QtCore import QSettings

from dedup_gui.gui import resources
from dedup_gui.gui.app import build_window


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


def test_resources_are_found_in_a_pyinstaller_bundle_first(tmp_path, monkeypatch):
    (tmp_path / "resources").mkdir()
    (tmp_path / "resources" / "demo.xlsx").write_bytes(b"x")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.demo_workbook() == tmp_path / "resources" / "demo.xlsx"


def test_resources_fall_back_to_the_repository(monkeypatch):
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert resources.resource_path("demo.xlsx").parent.name == "resources"
