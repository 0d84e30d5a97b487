"""The Analysis tab: the similarity histogram with a draggable threshold, the summary, the hot stories and the
cluster-size distribution of the current run, and ``attach_to(window)`` which wires it into the main window.

Everything it shows is computed by ``core.analysis``; the work happens when the tab is visible (a run while
another tab is shown only marks it stale) and the date column is parsed once per table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSplitter, QStackedWidget, QVBoxLayout, QWidget

from dedup_gui.core import analysis
from dedup_gui.core.collector import paused_gc
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.review_counts import decided_result, overruled_pairs
from dedup_gui.core.table import Table

from .histogram import SimilarityHistogram
from .hot_stories import HotStoriesPanel, story_rows
from .size_chart import SizeDistributionChart
from .summary import SummaryPanel

# Clusters up to which the hot stories are worked out on the window's thread (a few milliseconds: in a step of their
# own when the tab opens, ``refresh``); above, on a thread of the view's own, shown when ready (100k articles, 29,000
# stories: 0.3-0.8 s, a stall otherwise).
STORIES_IN_LINE = 500
# That thread starts once the view has painted what changed (its first paint of a tab just opened is ~30 ms of
# Python drawing, but 150-220 ms while another thread holds the interpreter lock: measured at 100k articles), or
# after this many milliseconds when no paint comes (a minimised window); so do a large run's counts as the tab opens.
STORIES_AFTER_PAINT_MS = 300


def _hot_stories(cols: analysis.StoryColumns, result, texts, decisions, cache: dict[str, str]):
    return analysis.hot_stories(
        result,
        texts,
        decisions,
        dates=cols.dates,
        sources=cols.sources,
        titles=cols.titles,
        headline_cache=cache,
    )


class AnalysisView(QWidget):
    """Signals: ``thresholdChanged(value)`` while the user drags the histogram's line (in the slider's unit);
    ``clusterActivated(cluster_id)`` when a hot story is opened; ``storiesShown`` when the hot stories on screen
    are those of the current session and decisions."""

    thresholdChanged = Signal(float)
    clusterActivated = Signal(int)
    storiesShown = Signal()
    _storiesReady = Signal(int, object)  # (request number, (stories, story columns)) from the stories' thread

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("analysisView")
        self.session: ReviewSession | None = None
        self.table: Table | None = None
        self.text_columns: tuple[str, ...] = ()
        self.story_columns = analysis.StoryColumns()  # detected, then as the user chose, for ``_columns_for``
        self._columns_for: Table | None = None
        self._stale = False
        # Headlines worked out (text -> headline), for the normalisation they were made with: a review decision,
        # or a re-run with the same normalisation, needs only the new kept rows' (100k articles: 0.8 s for all).
        self._headlines: tuple[object, dict[str, str]] = (None, {})
        self._stories_asked = 0  # the latest request for hot stories: an older one's answer is dropped
        self._stories_pool: ThreadPoolExecutor | None = None
        # What is left to do once the view has painted what changed (``_after_paint``): a large run's counts as the
        # tab opens (``refresh``), the hot stories' thread started (``_refresh_stories``). A step after each paint
        # of the view, or after STORIES_AFTER_PAINT_MS when no paint comes.
        self._steps: list[Callable[[], None]] = []
        self._step_asked = False  # the next step is on its way (a paint asked for it)
        self._steps_fallback = QTimer(self)
        self._steps_fallback.setSingleShot(True)
        self._steps_fallback.timeout.connect(self._take_step)
        self._storiesReady.connect(self._show_stories)

        self.histogram = SimilarityHistogram()
        self.summary = SummaryPanel()
        self.hot_stories = HotStoriesPanel()
        self.sizes = SizeDistributionChart()
        self.hot_stories.frame_source = self.hot_stories_frame

        # Left: what the analyst works with (histogram, stories); right: the figures (summary, sizes).
        self.left = QSplitter(Qt.Orientation.Vertical)
        self.left.addWidget(self.histogram)
        self.left.addWidget(self.hot_stories)
        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.addWidget(self.summary)
        self.right.addWidget(self.sizes)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("analysisSplitter")
        self.splitter.addWidget(self.left)
        self.splitter.addWidget(self.right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        for s in (self.left, self.right, self.splitter):
            s.setChildrenCollapsible(False)
        self.left.setSizes([430, 390])
        self.right.setSizes([400, 420])
        self.splitter.setSizes([760, 340])

        self.empty = QLabel(self.tr("Find duplicates to see the similarity distribution, hot stories and a summary."))
        self.empty.setObjectName("hint")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.splitter)
        # In a scroll area: the tab's charts side by side need ~700 pixels, which held the whole window at least
        # 1012 wide (too wide for half a 1920-pixel screen); narrower, the tab scrolls and the others fit.
        self.scroll = QScrollArea()
        self.scroll.setObjectName("analysisScroll")
        self.scroll.setWidget(self.stack)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.scroll)

        self.histogram.thresholdChanged.connect(self.thresholdChanged)
        self.hot_stories.clusterActivated.connect(self.clusterActivated)
        self.hot_stories.columnsChosen.connect(self._columns_chosen)

    # -- data in ----

    @property
    def algorithm(self) -> str:
        return self.session.result.settings.algorithm if self.session is not None else ""

    def set_session(
        self, session: ReviewSession | None, table: Table | None = None, text_columns: Sequence[str] = ()
    ) -> None:
        """A new run (or None). Heavy work waits until the tab is visible."""
        self.session, self.table, self.text_columns = session, table, tuple(text_columns)
        self._stories_asked += 1  # an answer still coming is for the session before
        self.stack.setCurrentIndex(1 if session is not None else 0)
        self._steps = []
        if session is None:
            self.histogram.clear()
            self.summary.set_summary(None)
            self.hot_stories.set_stories([], False, False)
            self.sizes.set_bins([])
            return
        self._stale = True
        if self.isVisible():
            self.refresh()

    def set_threshold(self, value: float) -> None:
        """Follow the settings slider: the line and the live count move, nothing is emitted."""
        self.histogram.set_threshold(value)

    def refresh(self) -> None:
        """Recompute everything from the session (also picks up the user's kept-row decisions), in steps, each
        painted before the next is taken: the bars; the histogram's count of the rows its threshold removes and of
        the pairs the user overruled; the summary, the cluster sizes and the hot stories (until then the figures
        show "–", the count "counting" and the stories list "working out"). All in one turn, with the tab's first
        paint, they stalled the window 110-138 ms as the Analysis tab opened at 100k short texts (the bars ~20 ms,
        the histogram's counts ~30 ms, the summary's ~15 ms, each paint 20-45 ms) - and 90-162 ms for small runs
        too (the demo workbook, 400-1,600 articles: the tab's first paint of its charts, and the table's date and
        source columns found), 38-89 ms in steps. ``storiesShown`` says when the last step is done."""
        self._stale = False
        s = self.session
        if s is None:
            return
        result = s.result
        in_line = len(result.clusters) <= STORIES_IN_LINE
        if self.histogram.result is not result:
            explorer = analysis.ThresholdExplorer.for_run(result, s.texts, self.table)
            self.histogram.set_result(result, explorer, readout=in_line)
        # (no figures and no stories of the run before meanwhile)
        self.summary.set_summary(None)
        self.sizes.set_bins([])
        self.hot_stories.set_working()
        self._steps = [self._histogram_decisions, self._counts]
        self._after_paint()

    def _after_paint(self) -> None:
        """The next step (``_steps``) once the view has painted what changed."""
        self._steps_fallback.start(STORIES_AFTER_PAINT_MS)
        self.update()

    def _take_step(self) -> None:
        self._step_asked = False
        self._steps_fallback.stop()
        if self._steps:
            self._steps.pop(0)()
        if self._steps:
            self._after_paint()

    def _refresh_stories(self) -> None:
        s = self.session
        in_line = len(s.result.clusters) <= STORIES_IN_LINE
        # The table's date and source columns are detected once per table (100k rows: ~40 ms of date parsing),
        # on the stories' thread when the stories are worked out there.
        known = in_line or self._columns_for is self.table
        cols = self._story_columns() if known else None
        table, exclude = self.table, self.text_columns
        if self._headlines[0] != s.result.settings.normalise:
            self._headlines = (s.result.settings.normalise, {})
        cache = self._headlines[1]
        self._stories_asked += 1
        asked = self._stories_asked
        result, texts, decisions = s.result, s.texts, s.decisions.copy()  # (the user may decide on meanwhile)

        def work() -> None:
            if asked != self._stories_asked:  # asked again meanwhile: only the latest is worked out
                return
            try:
                # No cyclic collection while the stories are worked out, and what they leave kept out of full
                # collections: at a million rows a full collection of the objects they make, on this thread holding
                # the interpreter lock, stalled the window 220-560 ms.
                with paused_gc(freeze=True, young_first=True):
                    found = cols if cols is not None else analysis.StoryColumns.of(table, exclude=exclude)
                    stories = _hot_stories(found, result, texts, decisions, cache)
            except Exception:  # (on the stories' thread: the list stays as it was)
                logging.getLogger(__name__).exception("working out the hot stories failed")
                return
            self._storiesReady.emit(asked, (stories, found, story_rows(stories)))

        if in_line:
            self._show_stories(asked, (_hot_stories(cols, result, texts, decisions, cache), cols, None))
            return
        self._steps.append(lambda: self._start_stories(work))  # (see STORIES_AFTER_PAINT_MS)
        self._after_paint()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if self._steps and not self._step_asked:  # once this paint, and its children's, are done
            self._step_asked = True
            # (a timer, not a call queued at 0 ms: Qt sends those before any timer that is due - the window's own
            # timers would wait for every step)
            self._steps_fallback.start(1)

    def _start_stories(self, work: Callable[[], None]) -> None:
        if self._stories_pool is None:
            self._stories_pool = ThreadPoolExecutor(1, thread_name_prefix="hot-stories")
        self._stories_pool.submit(work)

    def _show_stories(self, asked: int, found: tuple) -> None:
        if asked != self._stories_asked or self.session is None:  # a newer request, or the session is gone
            return
        if self._columns_for is not self.table:  # detected on the stories' thread (for this table: same request)
            self.story_columns, self._columns_for = found[1], self.table
        stories, cols, rows = found
        columns = list(self.table.columns) if self.table is not None else []
        self.hot_stories.set_columns(columns, cols.date_column, cols.source_column)
        self.hot_stories.set_stories(stories, cols.dates is not None, cols.sources is not None, rows)
        self.storiesShown.emit()

    def _story_columns(self) -> analysis.StoryColumns:
        if self._columns_for is not self.table:  # detected once per table; the date column is parsed here
            self.story_columns = analysis.StoryColumns.of(self.table, exclude=self.text_columns)
            self._columns_for = self.table
        return self.story_columns

    def _columns_chosen(self, date_column: str | None, source_column: str | None) -> None:
        cols = self._story_columns()
        if self.table is None:
            return
        if date_column != cols.date_column:
            dates = analysis.parse_dates(self.table.data[date_column].tolist()) if date_column else None
            cols = replace(cols, date_column=date_column, dates=dates)
        if source_column != cols.source_column:
            sources = self.table.data[source_column].tolist() if source_column else None
            cols = replace(cols, source_column=source_column, sources=sources)
        self.story_columns = cols
        if self.session is not None:
            self._refresh_stories()

    def hot_stories_frame(self):
        """The list as the report sheet (same columns as ``core.analysis.hot_stories_frame``)."""
        s = self.session
        cols = self._story_columns()
        return analysis.hot_stories_frame(
            s.result,
            self.table,
            s.texts,
            s.decisions,
            date_column=cols.date_column,
            source_column=cols.source_column,
            title_column=cols.title_column,
            detect=False,
        )

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self.session is not None:
            self.refresh() if self._stale else self.refresh_decisions()

    def refresh_decisions(self) -> None:
        """Every count after the user's review decisions: the summary, the cluster sizes, the pairs the user
        overruled in the histogram, the hot stories."""
        self._steps = []
        self._counts()
        self._histogram_decisions()

    def _histogram_decisions(self) -> None:
        """The histogram's pairs the user overruled and its count of the rows its threshold removes."""
        s = self.session
        if s is None:
            return
        any_decision = s.decisions.kept or s.decisions.not_duplicate or s.decisions.removed
        decided_rows = s.rows_to_remove if any_decision else None
        self.histogram.set_decisions(overruled_pairs(s.result, s.decisions.not_duplicate), decided_rows)

    def _counts(self) -> None:
        """The summary and the cluster sizes after the decisions, then the hot stories."""
        s = self.session
        if s is None:
            return
        decided = decided_result(s.result, s.decisions)
        self.summary.set_summary(analysis.summarise(decided, s.resolution()))
        self.sizes.set_bins(analysis.size_distribution(decided))
        self._refresh_stories()


def attach_to(window) -> AnalysisView:
    """Add the Analysis tab to the main window and wire it:

    - after every run (``resultShown``) it shows the window's session; opening another file clears it; a review
      decision updates every count it shows;
    - dragging the histogram's line sets the threshold slider, whose change re-runs the engine (debounced, from
      cached fingerprints) exactly as moving the slider by hand does;
    - moving the slider moves the line and the live count;
    - opening a hot story selects its cluster on the Clusters tab.
    """
    view = AnalysisView()
    window.analysis_view = view
    window.tabs.addTab(view, QCoreApplication.translate("AnalysisView", "Analysis"))
    panel = window.settings_panel

    def same_algorithm() -> bool:
        return view.session is not None and panel.algorithm.currentData() == view.algorithm

    def show_result() -> None:
        view.set_session(window.session, window.table, window.data_panel.selected_columns())

    def table_changed() -> None:
        view.set_session(None)

    def decisions_changed(_changed, _focus) -> None:
        if view.session is not None and view.isVisible():
            view.refresh_decisions()

    def line_dragged(value: float) -> None:
        if same_algorithm():
            panel.threshold.spin.setValue(value)  # emits like the slider: the window re-runs, debounced

    def slider_moved(value: float) -> None:
        if same_algorithm():
            view.set_threshold(value)

    def open_cluster(cluster_id: int) -> None:
        window.filter_edit.clear()
        window.tabs.setCurrentIndex(0)
        window.select_cluster(cluster_id)

    window.resultShown.connect(show_result)
    window.state.tableChanged.connect(table_changed)
    window.state.decisionsChanged.connect(decisions_changed)
    view.thresholdChanged.connect(line_dragged)
    panel.threshold.valueChanged.connect(slider_moved)
    view.clusterActivated.connect(open_cluster)
    return view
