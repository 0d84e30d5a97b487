"""Hot stories: the largest clusters first ("this story was reposted 37 times"), with first and last appearance
and the sources that reposted it when the table has date / source columns: the one table model
(``gui.table_model``) over ``core.analysis.hot_stories``, sortable; double-clicking a story opens its cluster.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRect, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.analysis import HotStory
from dedup_gui.core.columns import Column
from dedup_gui.core.errors import DedupError

from ..registry_strings import error_text
from ..table_model import SHARE_ROLE, ColumnTableModel
from .charts import mix

RANK, COPIES, STORY, FIRST, LAST, SOURCES = range(6)
SOURCES_SHOWN = 3
translate = QCoreApplication.translate
_WORDS = (  # the column words, listed for lupdate; looked up by ``story_columns``
    QT_TRANSLATE_NOOP("HotStoriesModel", "#"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Copies"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Story (kept row)"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "First seen"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Last seen"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Sources"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Rank, by number of copies"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Rows carrying the story: the kept row and its reposts"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "The kept row's title, or the first line of its text"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Earliest date among the copies"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Latest date among the copies"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Who carried the story, most copies first"),
    QT_TRANSLATE_NOOP("HotStoriesModel", "Reposted {n} times · cluster {cluster} · kept row {row}\n{story}"),
)


def format_time(ts: pd.Timestamp | None) -> str:
    if ts is None or pd.isna(ts):
        return ""
    return ts.strftime("%Y-%m-%d %H:%M") if (ts.hour or ts.minute) else ts.strftime("%Y-%m-%d")


def story_columns() -> list[Column[HotStory]]:
    """Rank, copies (with a bar), story, first and last seen, sources: the one table model draws them."""
    t = partial(translate, "HotStoriesModel")

    def story_tip(s: HotStory) -> str:
        return t("Reposted {n} times · cluster {cluster} · kept row {row}\n{story}").format(
            n=f"{s.reposts:,}", cluster=s.cluster, row=s.kept + 1, story=s.headline
        )

    def sources_tip(s: HotStory) -> str | None:
        return "\n".join(f"{name} ×{n}" for name, n in s.sources) if s.sources else None

    seen = format_time
    return [
        # The list comes ranked (``core.analysis.hot_stories``: rank i is story i): sorted by rank, as it is shown
        # first, it stays in its order - no key per story asked on the window's thread (27,000 stories of 100k
        # short texts: 60-90 ms), and copies are read off all the stories at once.
        Column(t("#"), lambda s: str(s.rank), lambda s: s.rank, story_tip, numeric=True, in_order=True,
               header_tooltip=t("Rank, by number of copies")),
        Column(t("Copies"), lambda s: f"{s.copies:,}", lambda s: s.copies, story_tip, numeric=True,
               share=lambda s: s.copies / max(1, s.max_copies), header_tooltip=t(
            "Rows carrying the story: the kept row and its reposts"), sort_keys=_copies),
        Column(t("Story (kept row)"), lambda s: s.headline, tooltip=story_tip, header_tooltip=t(
            "The kept row's title, or the first line of its text")),
        Column(t("First seen"), lambda s: seen(s.first_seen), header_tooltip=t("Earliest date among the copies")),
        Column(t("Last seen"), lambda s: seen(s.last_seen), header_tooltip=t("Latest date among the copies")),
        Column(t("Sources"), lambda s: s.sources_text(SOURCES_SHOWN), tooltip=sources_tip, header_tooltip=t(
            "Who carried the story, most copies first")),
    ]  # fmt: skip


def _copies(rows: Sequence[_Ranked]) -> np.ndarray:
    """The copies of each of these rows (the copies column's sort keys, all at once)."""
    return np.fromiter((r.copies for r in rows), dtype=np.int64, count=len(rows))


def story_rows(stories: list[HotStory]) -> list:
    """The list's rows: each story with the largest copy count of the list (for the bar behind its copies). Plain
    Python, for any thread: 29,000 stories take ~0.06 s."""
    top = max((s.copies for s in stories), default=1)
    return [_Ranked(s, top) for s in stories]


class _Ranked:
    """A story with the largest copy count of its list, for the bar behind the copies."""

    def __init__(self, story: HotStory, max_copies: int):
        self._story, self.max_copies = story, max_copies

    def __getattr__(self, name: str):
        return getattr(self._story, name)


class HotStoriesModel(ColumnTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.stories: list[HotStory] = []
        self.set_columns(story_columns())

    def set_stories(self, stories: list[HotStory], rows: list | None = None) -> None:
        """``rows``: ``story_rows(stories)``, when made already (off the window's thread)."""
        self.stories = stories
        self.set_rows(story_rows(stories) if rows is None else rows)

    def cluster_at(self, visible: int) -> int:
        return int(self.row(visible).cluster)


class CopiesDelegate(QStyledItemDelegate):
    """The copies column as a bar behind the number: the list reads like a chart."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index) -> None:
        share = index.data(SHARE_ROLE) or 0.0
        palette = option.palette
        bar = QColor(palette.color(QPalette.ColorRole.Highlight))
        bar = mix(bar, palette.color(QPalette.ColorRole.Base), 0.45)
        rect = option.rect.adjusted(3, 4, -3, -4)
        painter.save()
        painter.fillRect(QRect(rect.left(), rect.top(), max(2, round(rect.width() * share)), rect.height()), bar)
        painter.restore()
        super().paint(painter, option, index)


class HotStoriesPanel(QFrame):
    """The list plus a one-line caption about the top story and the date / source columns it uses."""

    clusterActivated = Signal(int)
    columnsChosen = Signal(object, object)  # date column, source column (None = none)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chartPanel")
        title = QLabel("<b>{}</b>".format(self.tr("Hot stories")))
        self.caption = QLabel()
        self.caption.setObjectName("hotCaption")
        self.caption.setWordWrap(True)
        self.caption.setTextFormat(Qt.TextFormat.RichText)
        self.date_combo = QComboBox()
        self.source_combo = QComboBox()
        for combo, tip in (
            (self.date_combo, self.tr("Column with each row's publication date (first and last seen)")),
            (self.source_combo, self.tr("Column naming the outlet or site that published each row")),
        ):
            combo.setToolTip(tip)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.activated.connect(self._combo_changed)
        self.save_button = QToolButton()
        self.save_button.setText(self.tr("Save list…"))
        self.save_button.setToolTip(self.tr("Save the hot stories as a spreadsheet (.xlsx or .csv)"))
        self.save_button.setAutoRaise(True)
        self.save_button.clicked.connect(self.choose_file)
        self.frame_source = None  # callable returning the list as a DataFrame (set by the view)

        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(QLabel(self.tr("Date:")))
        header.addWidget(self.date_combo)
        header.addSpacing(6)
        header.addWidget(QLabel(self.tr("Source:")))
        header.addWidget(self.source_combo)
        header.addWidget(self.save_button)

        self.model = HotStoriesModel(self)
        self.view = QTableView()
        self.view.setObjectName("hotStoriesView")
        self.view.setModel(self.model)
        self.view.setSortingEnabled(True)
        self.view.horizontalHeader().setSortIndicator(RANK, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 10)
        self.view.horizontalHeader().setHighlightSections(False)
        self.view.setItemDelegateForColumn(COPIES, CopiesDelegate(self.view))
        header_view = self.view.horizontalHeader()
        header_view.setSectionResizeMode(STORY, QHeaderView.ResizeMode.Stretch)
        digits = self.view.fontMetrics().horizontalAdvance("0000")
        date_w = self.view.fontMetrics().horizontalAdvance("2024-12-31 ") + 16
        for col, width in ((RANK, digits), (COPIES, digits + 60), (FIRST, date_w), (LAST, date_w), (SOURCES, 200)):
            self.view.setColumnWidth(col, width)
        self.view.doubleClicked.connect(self._activated)
        self.view.activated.connect(self._activated)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(4)
        layout.addLayout(header)
        layout.addWidget(self.caption)
        layout.addWidget(self.view, 1)
        self.set_columns([], None, None)

    # -- data in ----

    def set_columns(self, columns: list[str], date_column: str | None, source_column: str | None) -> None:
        """The table's columns to choose from, with the detected (or chosen) ones selected."""
        for combo, current in ((self.date_combo, date_column), (self.source_combo, source_column)):
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(self.tr("(none)"), None)
            for c in columns:
                combo.addItem(c, c)
            combo.setCurrentIndex(max(0, combo.findData(current)) if current else 0)
            combo.setEnabled(bool(columns))
            combo.blockSignals(False)

    def set_stories(
        self, stories: list[HotStory], has_dates: bool, has_sources: bool, rows: list | None = None
    ) -> None:
        self.model.set_stories(stories, rows)
        self.view.setColumnHidden(FIRST, not has_dates)
        self.view.setColumnHidden(LAST, not has_dates)
        self.view.setColumnHidden(SOURCES, not has_sources)
        self.save_button.setEnabled(bool(stories))
        self.caption.setText(self._caption(stories[0]) if stories else self.tr("No duplicate clusters."))
        if stories:
            self.view.selectRow(0)

    def set_working(self) -> None:
        """No list yet: the stories of a new run are being worked out."""
        self.model.set_stories([], None)
        self.save_button.setEnabled(False)
        self.caption.setText(self.tr("Working out the most reposted stories…"))

    def _caption(self, s: HotStory) -> str:
        story = html.escape(s.headline if len(s.headline) <= 48 else s.headline[:47] + "…")
        text = self.tr("Most reposted: “{story}” — <b>{n} copies</b>").format(story=story, n=f"{s.copies:,}")
        if len(s.sources) == 1:
            text += self.tr(" from 1 source")
        elif s.sources:
            text += self.tr(" from {k} sources").format(k=f"{len(s.sources):,}")
        if s.first_seen is not None and s.last_seen is not None:
            first, last = format_time(s.first_seen), format_time(s.last_seen)
            text += self.tr(", {first} to {last}").format(first=first, last=last) if first != last else f", {first}"
        return text

    def stories(self) -> list[HotStory]:
        return self.model.stories

    # -- user actions ----

    def _combo_changed(self) -> None:
        self.columnsChosen.emit(self.date_combo.currentData(), self.source_combo.currentData())

    def _activated(self, index) -> None:
        if index.isValid():
            self.clusterActivated.emit(self.model.cluster_at(index.row()))

    def save(self, path: str | Path) -> None:
        from dedup_gui.core.io import write_frame

        if self.frame_source is not None:
            write_frame(self.frame_source(), Path(path), kind="hot stories")

    def choose_file(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save hot stories"), "hot_stories.xlsx", self.tr("Excel workbook (*.xlsx);;CSV (*.csv)")
        )
        if not path:
            return
        try:
            self.save(path)
        except (OSError, DedupError) as exc:
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Could not save"), error_text(exc), parent=self)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()
