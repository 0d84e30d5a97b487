"""The main window's menus, toolbar and file actions: File (open, recent, save review, export), Edit (undo, redo,
decisions), Run, Review (moving through clusters and differences, member columns), Language and Help.

The recent-files menu reopens a file where its review stopped: its saved decisions and the cluster on screen.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QToolBar

from dedup_gui.i18n import add_language_menu

from .howto import add_help_menu
from .resources import review_file_for
from .review_actions import ReviewActions

if TYPE_CHECKING:
    from .main_window import MainWindow

MAX_RECENT = 8


class WindowMenus(QObject):
    def __init__(self, window: MainWindow, review: ReviewActions, store: QSettings):
        super().__init__(window)
        self.window, self.review, self.store = window, review, store
        icon = window.style().standardIcon
        sp = QStyle.StandardPixmap

        def action(text, slot, shortcut=None, tip=None, pixmap=None, name=""):
            a = QAction(text, window)
            a.setObjectName(name)
            if pixmap is not None:
                a.setIcon(icon(pixmap))
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
            if tip:
                a.setToolTip(tip + (f" ({QKeySequence(shortcut).toString()})" if shortcut else ""))
                a.setStatusTip(tip)
            a.triggered.connect(slot)
            window.addAction(a)
            return a

        w = window
        self.open = action(
            self.tr("&Open…"), w.choose_file, QKeySequence.StandardKey.Open, self.tr("Open a workbook or CSV"),
            sp.SP_DialogOpenButton, "openAction",
        )  # fmt: skip
        self.open_folder = action(
            self.tr("Open &folder of .txt…"), w.choose_folder, "Ctrl+Shift+O", self.tr("Open a folder of .txt files"),
            sp.SP_DirIcon, "openFolderAction",
        )  # fmt: skip
        self.demo = action(self.tr("Open &demo workbook"), w.open_demo, name="demoAction")
        self.save_review = action(
            self.tr("&Save review"), w.save_review, QKeySequence.StandardKey.Save,
            self.tr("Save your decisions beside the input, to resume later"), sp.SP_DialogSaveButton,
            "saveReviewAction",
        )  # fmt: skip
        self.export = action(
            self.tr("&Export…"), w.show_export_dialog, "Ctrl+E", self.tr("Save a cleaned copy"),
            sp.SP_DialogApplyButton, "exportAction",
        )  # fmt: skip
        self.quit = action(self.tr("&Quit"), w.close, QKeySequence.StandardKey.Quit, name="quitAction")
        self.run = action(
            self.tr("&Find duplicates"), w.run_now, "F5", self.tr("Run with the current settings"), sp.SP_MediaPlay,
            "runAction",
        )  # fmt: skip
        self.cancel = action(
            self.tr("&Cancel"), w.cancel, "Esc", self.tr("Stop the running job"), sp.SP_BrowserStop, "cancelAction"
        )
        for a in (self.save_review, self.export, self.cancel):
            a.setEnabled(False)

        bar = window.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.setObjectName("fileMenu")
        file_menu.addActions([self.open, self.open_folder])
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self.recent_menu.setObjectName("recentMenu")
        file_menu.addAction(self.demo)
        file_menu.addSeparator()
        file_menu.addActions([self.save_review, self.export])
        file_menu.addSeparator()
        file_menu.addAction(self.quit)

        edit = bar.addMenu(self.tr("&Edit"))
        edit.setObjectName("editMenu")
        edit.addActions([review.undo, review.redo])
        edit.addSeparator()
        edit.addActions(review.row_actions)
        edit.addSeparator()
        edit.addActions(review.cluster_actions)
        edit.aboutToShow.connect(review.update)
        self.edit_menu = edit

        run_menu = bar.addMenu(self.tr("&Run"))
        run_menu.setObjectName("runMenu")
        run_menu.addActions([self.run, self.cancel])

        review_menu = bar.addMenu(self.tr("Re&view"))
        review_menu.setObjectName("reviewMenu")
        review_menu.addActions([review.next_cluster, review.prev_cluster, review.next_to_check])
        review_menu.addSeparator()
        review_menu.addActions([review.next_diff, review.prev_diff])
        review_menu.addSeparator()
        review_menu.addAction(review.focus_filter)
        review_menu.addMenu(review.columns_menu)
        self.update_recent()
        add_language_menu(window)
        add_help_menu(window)

        tb = QToolBar(self.tr("Main"))
        tb.setObjectName("mainToolbar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        tb.addActions([self.open, self.run, self.cancel, self.save_review, self.export])
        window.addToolBar(tb)

    # -- recent files ----

    def recent_files(self) -> list[str]:
        value = self.store.value("recentFiles", [])
        return [value] if isinstance(value, str) else list(value or [])

    def add_recent(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.store.setValue("recentFiles", recent[:MAX_RECENT])
        self.update_recent()

    def update_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        for i, p in enumerate(recent):
            saved = review_file_for(p).is_file()
            label = f"&{i + 1}  {Path(p).name}"
            a = self.recent_menu.addAction(label + ("  " + self.tr("(review saved)") if saved else ""))
            a.setToolTip(p)
            a.setStatusTip(p)
            a.triggered.connect(partial(self.window.open_path, p, None, True))
        if recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self.tr("Clear list"), self.clear_recent)
        self.recent_menu.setEnabled(bool(recent))

    def clear_recent(self) -> None:
        self.store.setValue("recentFiles", [])
        self.update_recent()
