"""Help: the About dialog (version, bundled libraries and licences) and the How it works page."""

import pytest
from PySide6.QtWidgets import QLabel, QMainWindow

from dedup_gui import __version__, i18n
from dedup_gui.core.algorithms.registry import ALGORITHMS
from dedup_gui.gui.about import COMPONENTS, AboutDialog, app_icon, component_version
from dedup_gui.gui.howto import HowItWorksDialog, add_help_menu, howto_html


@pytest.fixture
def chinese(qapp):
    i18n.install(i18n.CHINESE, qapp)
    yield
    i18n.install(i18n.ENGLISH, qapp)


def test_about_shows_the_version_and_every_bundled_library_with_its_licence(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert f"Dedup {__version__}" in dialog.findChild(QLabel, "aboutTitle").text()
    text = dialog.licences.toPlainText()
    for c in COMPONENTS:
        assert c.name in text and c.licence in text
    assert "LGPL" in text and "code.qt.io" in text


def test_library_versions_are_read_at_run_time():
    versions = {c.name: component_version(c) for c in COMPONENTS}
    assert versions["jieba"].startswith("0.")
    assert versions["Qt 6"].startswith("6.")
    assert all(v and v != "—" for v in versions.values()), versions


def test_how_it_works_explains_each_algorithm_with_its_slider_names_and_defaults(qapp):
    page = howto_html()
    for info in ALGORITHMS.values():
        assert info.threshold.label in page and info.n.label in page
    for info in ALGORITHMS.values():  # each slider's default as the registry has it, in the slider's format
        for spec in (info.threshold, info.n):
            assert f"default {spec.default:.{spec.decimals}f}" in page
    assert "Short texts" in page and "N-gram" in page and "NSHash" in page


def test_the_help_menu_opens_both_dialogs_without_blocking(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    menu = add_help_menu(window)
    actions = {a.objectName(): a for a in menu.actions()}
    actions["howItWorksAction"].trigger()
    actions["aboutAction"].trigger()
    assert window.findChild(HowItWorksDialog).isVisible()
    assert window.findChild(AboutDialog).isVisible()


def test_in_chinese_the_help_reads_in_chinese(qtbot, chinese):
    page = howto_html()
    assert "该选哪一种？" in page
    assert "最多相差位数" in page  # simhash's slider name, from the registry translations
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "关于 Dedup"
    assert "中文分词" in dialog.licences.toPlainText()


def test_the_application_icon_has_every_size(qapp):
    icon = app_icon()
    assert not icon.isNull()
    assert {s.width() for s in icon.availableSizes()} >= {16, 32, 48, 128, 256}
