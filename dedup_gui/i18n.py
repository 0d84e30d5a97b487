"""Interface language: English or Simplified Chinese, from the saved choice or the system locale.

The app's strings are translated by a ``QTranslator`` loaded from ``resources/translations/dedup_gui_zh_CN.qm``
(compiled by ``make translations``); Qt's own ``qtbase_zh_CN.qm`` translates the standard dialogs and buttons.
When the .qm is missing or older than its .ts (a source checkout where nobody ran ``make translations`` after
editing the .ts), the .ts is read directly: slower to load, same result.

Translators are parented to the application, so they live exactly as long as it does and a later switch finds
and removes them; nothing here is global state.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu

from dedup_gui.gui.resources import resource_path

ENGLISH, CHINESE = "en", "zh_CN"
# Each language is named in its own language: a user who cannot read the current one still finds theirs.
LANGUAGES = {ENGLISH: "English", CHINESE: "简体中文"}
SETTING = "language"
CATALOGUE = "dedup_gui"
_TRANSLATOR_NAME = "dedup_gui_translator"


def system_language(locale: QLocale | None = None) -> str:
    """zh, zh_CN, zh_TW, zh-Hans… → Simplified Chinese (our only Chinese); anything else → English."""
    locale = locale or QLocale.system()
    preferred = (locale.uiLanguages() or [locale.name()])[0]
    return CHINESE if preferred.lower().startswith("zh") else ENGLISH


def chosen_language(store: QSettings | None = None) -> str:
    """The language saved from the menu, else the system's."""
    saved = str(store.value(SETTING, "") or "") if store is not None else ""
    return saved if saved in LANGUAGES else system_language()


def catalogue_files(language: str) -> tuple[Path, Path]:
    """(compiled .qm, source .ts) of the app's own strings for a language."""
    base = resource_path("translations", f"{CATALOGUE}_{language}.ts")
    return base.with_suffix(".qm"), base


class TsTranslator(QTranslator):
    """Translates from a Qt Linguist .ts file parsed at run time (the fallback when no fresh .qm exists)."""

    def __init__(self, ts: Path, parent=None):
        super().__init__(parent)
        self.messages = read_ts(ts)

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: ARG002 - Qt's signature
        # None (a null string), not "": Qt then asks the next translator, e.g. qtbase for its own dialogs.
        return self.messages.get((context, source))

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return not self.messages


def read_ts(ts: Path) -> dict[tuple[str, str], str]:
    """{(context, source): translation} of the finished messages of a .ts file."""
    out: dict[tuple[str, str], str] = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete"):
                continue
            forms = [f.text or "" for f in translation.iter("numerusform")]
            text = forms[0] if forms else (translation.text or "")
            if text:
                out[(name, message.findtext("source", ""))] = text
    return out


def _app_translator(language: str, parent) -> QTranslator | None:
    qm, ts = catalogue_files(language)
    if qm.exists() and (not ts.exists() or qm.stat().st_mtime >= ts.stat().st_mtime):
        translator = QTranslator(parent)
        if translator.load(str(qm)):
            return translator
    if ts.exists():
        return TsTranslator(ts, parent)
    return None


def _qt_translator(language: str, parent) -> QTranslator | None:
    """Qt's own strings (OK/Cancel, file dialogs, context menus) from the Qt installation or the bundle."""
    folders = [QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath), str(resource_path("translations"))]
    translator = QTranslator(parent)
    for folder in folders:
        if translator.load(f"qtbase_{language}", folder):
            return translator
    return None


def install(language: str, app: QCoreApplication | None = None) -> str:
    """Make ``language`` the interface language of ``app``, replacing the previous one; returns it.

    English is the source language: installing it only removes the translators.
    """
    app = app or QCoreApplication.instance()
    language = language if language in LANGUAGES else ENGLISH
    for old in app.findChildren(QTranslator):
        if old.objectName() == _TRANSLATOR_NAME:
            app.removeTranslator(old)
            old.setObjectName("")  # deleteLater() waits for the event loop; a second switch must not see it
            old.deleteLater()
    if language != ENGLISH:
        for translator in (_qt_translator(language, app), _app_translator(language, app)):
            if translator is not None:
                translator.setObjectName(_TRANSLATOR_NAME)
                app.installTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China) if language == CHINESE else QLocale())
    app.setProperty(SETTING, language)
    return language


def current_language(app: QCoreApplication | None = None) -> str:
    app = app or QCoreApplication.instance()
    value = app.property(SETTING) if app is not None else None
    return value if value in LANGUAGES else ENGLISH


def add_language_menu(window: QMainWindow) -> QMenu:
    """A "Language" menu for the main window; choosing a language saves it and rebuilds the window in it."""
    menu = window.menuBar().addMenu(QCoreApplication.translate("i18n", "&Language"))
    menu.setObjectName("languageMenu")
    group = QActionGroup(menu)
    group.setExclusive(True)
    current = current_language()
    for code, name in LANGUAGES.items():
        action = QAction(name, menu)
        action.setObjectName(f"language_{code}")
        action.setCheckable(True)
        action.setChecked(code == current)
        action.setData(code)
        group.addAction(action)
        menu.addAction(action)
    group.triggered.connect(lambda action: switch_language(window, action.data()))
    return menu


def switch_language(window: QMainWindow, language: str) -> QMainWindow:
    """Install ``language``, remember it, and replace ``window`` by a new one built in that language.

    The widgets take their texts when they are built, so a fresh window is the one way to get every label,
    tooltip and menu in the new language. A window with a ``successor()`` builds its replacement itself and hands
    it everything (the main window: the file, the run, the review decisions and their undo history); any other
    window is rebuilt and reopens its file.
    """
    store = getattr(window, "store", None)
    if store is not None:
        store.setValue(SETTING, language)
    if language == current_language():
        return window
    install(language)
    if hasattr(window, "save_state"):
        window.save_state()  # the new window restores splitters, settings and geometry from the store
    if hasattr(window, "successor"):  # the window hands its state (file, run, review decisions) to the new one
        replacement = window.successor()
    else:
        replacement = type(window)(store) if store is not None else type(window)()
        table = getattr(window, "table", None)
        if table is not None and hasattr(replacement, "open_path"):
            replacement.open_path(table.path, getattr(table, "sheet", None))
    replacement.setWindowIcon(window.windowIcon())
    replacement.show()
    window.close()
    window.deleteLater()
    _keep_alive(replacement)
    return replacement


def _keep_alive(window: QMainWindow) -> None:
    """A top-level window nobody references is garbage-collected; the application holds the current one."""
    app = QCoreApplication.instance()
    holder = app.findChild(_WindowHolder) or _WindowHolder(app)
    holder.window = window


class _WindowHolder(QObject):
    """Owned by the application: references the window that replaced the original after a language switch."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.window: QMainWindow | None = None


def replaced_window(app: QCoreApplication | None = None) -> QMainWindow | None:
    """The window built by the last language switch, if any (for tests and the app's entry point)."""
    app = app or QCoreApplication.instance()
    holder = app.findChild(_WindowHolder)
    return holder.window if holder is not None else None
