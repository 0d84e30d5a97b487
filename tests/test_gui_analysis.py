"""The Analysis tab, driven offscreen: a run on a generated workbook with planted clusters, the histogram, a real
mouse drag of the threshold line, the hot stories, palette changes, PNG and list export, and the main window."""

from __future__ import annotations

import pandas as pd
import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtTest import QTest
from test_analysis import HOT_COPIES, HOT_OUTLETS, corpus_table, planted_corpus

from dedup_gui.core import analysis
from dedup_gui.core.algorithms.registry import get_algorithm
from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.review import ReviewSession
from dedup_gui.core.settings import Settings
from dedup_gui.gui.analysis import AnalysisView
from dedup_gui.gui.analysis.hot_stories import COPIES, FIRST, RANK, SOURCES, STORY

TIMEOUT = 60_000


@pytest.fixture(scope="module")
def planted():
    corpus, hot_rows = planted_corpus()
    table = corpus_table(corpus)
    pipeline = Pipeline.for_table(table, ["body"])
    return corpus, hot_rows, table, pipeline


@pytest.fixture
def view(qtbot, planted):
    _, _, table, pipeline = planted
    # Below the default (0.8), so that the chart has passing and failing bins either side of the line to drag.
    result = pipeline.run(Settings(algorithm="ngram", threshold=0.7, min_similarity=0.7, keep="first"))
    v = AnalysisView()
    qtbot.addWidget(v)
    v.resize(1200, 820)
    v.show()
    with qtbot.waitSignal(v.storiesShown, timeout=10_000):  # (the figures and the stories follow the tab's paints)
        v.set_session(ReviewSession(result, pipeline.texts, pipeline.similarity), table, ["body"])
    return v


def bar_heights(item) -> list[float]:
    return item.heights()


def widget_point(histogram, x: float) -> QPoint:
    """Where axis position x is, in the plot's viewport, half-way up the chart."""
    box = histogram.plot.getPlotItem().getViewBox()
    y = sum(box.viewRange()[1]) / 2
    return histogram.plot.mapFromScene(box.mapViewToScene(QPointF(x, y)))


def mouse_drag(histogram, to_x: float, steps: int = 8) -> None:
    """A real drag of the threshold line with the mouse: press on it, move in steps, release."""
    QTest.qWait(50)  # let a just-shown chart lay itself out before positions are mapped
    viewport = histogram.plot.viewport()
    start, end = widget_point(histogram, histogram.line.value()), widget_point(histogram, to_x)
    QTest.mouseMove(viewport, start)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, steps + 1):
        QTest.qWait(20)  # pyqtgraph drops mouse moves closer together than 10 ms
        QTest.mouseMove(viewport, QPoint(start.x() + (end.x() - start.x()) * i // steps, start.y()))
    QTest.qWait(20)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


# -- the view on its own ----


def test_the_histogram_holds_every_candidate_pair(view):
    result = view.session.result
    histogram = view.histogram
    assert sum(bar_heights(histogram.bars)) == len(result.candidates) > 0
    assert histogram.hist.total == len(result.candidates)
    assert histogram.plot.getAxis("bottom").labelText == get_algorithm(result.settings.algorithm).measure
    assert histogram.plot.getAxis("left").labelText == "Candidate pairs"
    assert histogram.line.value() == pytest.approx(0.7)
    colours = [b.color().name() for b in histogram.bars.brushes]
    passes = histogram.hist.passing(0.7)
    assert colours == [histogram.colors.accent.name() if p else histogram.colors.other.name() for p in passes]


def test_showing_a_run_never_sets_the_threshold_by_itself(qtbot, planted):
    _, _, table, pipeline = planted
    v = AnalysisView()
    qtbot.addWidget(v)
    emitted = []
    v.thresholdChanged.connect(emitted.append)
    v.show()
    for algorithm in ("ngram", "nshash", "ngram"):
        result = pipeline.run(Settings(algorithm=algorithm))
        v.set_session(ReviewSession(result, pipeline.texts), table, ["body"])
        assert v.histogram.threshold == result.settings.threshold
    assert emitted == []


def test_dragging_the_line_with_the_mouse_snaps_emits_and_updates_the_live_count(qtbot, view):
    histogram = view.histogram
    before = histogram.preview()
    emitted = []
    view.thresholdChanged.connect(emitted.append)
    mouse_drag(histogram, 0.9)
    assert emitted and emitted[-1] == 0.9
    assert all(round(v, 2) == v for v in emitted)  # on the slider's step
    assert histogram.threshold == 0.9 and histogram.line.value() == pytest.approx(0.9)
    after = histogram.preview()
    assert after.rows_removed < before.rows_removed
    assert after.rows_removed == analysis.removal_count(view.session.result, 0.9)
    assert f"<b>{after.rows_removed:,} rows</b>" in histogram.readout.text()
    assert "≥ 0.90" in histogram.readout.text()


def test_a_large_runs_count_follows_a_drag_from_a_thread_of_its_own_and_shows_the_latest(qtbot, view, monkeypatch):
    """Above ``PREVIEW_IN_LINE_PAIRS`` candidate pairs the count under the chart is worked out on the chart's
    counting thread: the readout says "counting" until it comes, a count for a threshold the line has left is
    dropped, and the count shown is the engine's for the threshold the line stopped at."""
    from dedup_gui.gui.analysis import histogram as histogram_module

    monkeypatch.setattr(histogram_module, "PREVIEW_IN_LINE_PAIRS", 0)
    histogram = view.histogram
    histogram.explorer = analysis.ThresholdExplorer(view.session.result)  # (no count worked out yet)
    shown = []
    histogram._previewed.connect(lambda asked, p: shown.append(p.threshold))
    for value in (0.75, 0.8, 0.85, 0.9):
        histogram.set_threshold(value)
    assert histogram.counting() and histogram.readout.text() == histogram.counting_text()
    qtbot.waitUntil(lambda: not histogram.counting())
    expected = analysis.removal_count(view.session.result, 0.9)
    assert f"<b>{expected:,} rows</b>" in histogram.readout.text() and "≥ 0.90" in histogram.readout.text()
    assert shown and shown[-1] == 0.9 and len(shown) <= 4
    histogram.set_threshold(0.8)  # worked out before: shown at once if it was, else counted again
    qtbot.waitUntil(lambda: not histogram.counting())
    assert f"<b>{analysis.removal_count(view.session.result, 0.8):,} rows</b>" in histogram.readout.text()


def test_the_most_reposted_story_counts_its_sources_in_words_that_agree(view):
    """ "from 1 source", "from 2 sources"; none said without a source column."""
    one = analysis.HotStory(1, 1, 8, 0, "向佐登ELLEMEN九月刊封面", sources=(("testFashion", 8),))
    two = analysis.HotStory(1, 1, 5, 0, "财政部：科技企业孵化器", sources=(("testTech", 3), ("TechNews", 2)))
    none = analysis.HotStory(1, 1, 4, 0, "丸子头已经不流行了")
    captions = [view.hot_stories._caption(s) for s in (one, two, none)]
    assert captions[0].endswith("<b>8 copies</b> from 1 source")
    assert captions[1].endswith("<b>5 copies</b> from 2 sources")
    assert captions[2].endswith("<b>4 copies</b>")


def test_clicking_the_chart_moves_the_threshold_there(qtbot, view):
    emitted = []
    view.thresholdChanged.connect(emitted.append)
    QTest.mouseClick(view.histogram.plot.viewport(), Qt.MouseButton.LeftButton, pos=widget_point(view.histogram, 0.8))
    assert emitted == [0.8]


def test_the_slider_moves_the_line_without_echoing_back(view):
    emitted = []
    view.thresholdChanged.connect(emitted.append)
    view.set_threshold(0.85)
    assert view.histogram.line.value() == pytest.approx(0.85) and emitted == []
    assert "≥ 0.85" in view.histogram.readout.text()


def test_a_threshold_below_the_searched_range_says_the_count_is_a_lower_bound(view):
    view.histogram.drag_to(0.45)
    assert "at least" in view.histogram.readout.text()
    assert view.histogram.region.isVisible()


def test_the_hot_stories_list_shows_the_biggest_planted_cluster_first(view, planted):
    _, hot_rows, _, _ = planted
    model = view.hot_stories.model
    assert model.index(0, COPIES).data() == str(HOT_COPIES)
    top = model.stories[0]
    assert sorted(view.session.result.cluster_by_id(top.cluster).members) == sorted(hot_rows)
    assert model.index(0, STORY).data() == "热点新闻标题"
    assert model.index(0, FIRST).data() == "2024-05-01"
    assert all(name in model.index(0, SOURCES).data(Qt.ItemDataRole.ToolTipRole) for name in HOT_OUTLETS)
    assert f"{HOT_COPIES} copies" in view.hot_stories.caption.text()
    copies = [s.copies for s in model.stories]
    assert copies == sorted(copies, reverse=True)
    assert view.hot_stories.date_combo.currentText() == "published"
    assert view.hot_stories.source_combo.currentText() == "source"


def test_the_hot_stories_sort_by_rank_and_by_copies_through_the_header(view):
    """The list is shown by rank (its own order: no key asked per story) and sorts by the header as its numbers
    say: rank descending reverses it, copies (read off every story at once) orders by copies, ties in the order
    shown before (a stable sort)."""
    model, table = view.hot_stories.model, view.hot_stories.view
    shown = lambda column: [int(model.index(i, column).data().replace(",", "")) for i in range(model.rowCount())]  # noqa: E731
    stories = model.stories
    assert len(stories) > 2
    assert shown(RANK) == [s.rank for s in stories] == sorted(s.rank for s in stories)
    table.sortByColumn(RANK, Qt.SortOrder.DescendingOrder)
    assert shown(RANK) == sorted((s.rank for s in stories), reverse=True)
    table.sortByColumn(COPIES, Qt.SortOrder.AscendingOrder)
    by_copies = sorted(sorted(stories, key=lambda s: -s.rank), key=lambda s: s.copies)  # (ties: as shown before)
    assert shown(COPIES) == [s.copies for s in by_copies] and shown(RANK) == [s.rank for s in by_copies]
    table.sortByColumn(RANK, Qt.SortOrder.AscendingOrder)
    assert shown(RANK) == sorted(s.rank for s in stories)


def test_many_stories_are_worked_out_off_the_windows_thread_and_the_latest_request_is_shown(qtbot, view, monkeypatch):
    """Above ``STORIES_IN_LINE`` clusters the hot stories are worked out on a thread of the view's own (100k
    articles: 0.3-0.8 s the window would stall) and shown when ready; a decision made meanwhile asks again, and
    only the answer to the latest request is shown."""
    import threading

    from dedup_gui.gui.analysis import view as view_module

    monkeypatch.setattr(view_module, "STORIES_IN_LINE", 0)
    threads = []
    started, release = threading.Event(), threading.Event()
    real = analysis.hot_stories

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        if len(threads) == 1:  # the first request is held until the second one is made
            started.set()
            release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "hot_stories", spy)
    top = view.hot_stories.model.stories[0]
    others = [m for m in view.session.cluster(top.cluster).members if m != top.kept]
    shown = []
    view.storiesShown.connect(lambda: shown.append(view.hot_stories.model.stories[0].copies))
    with qtbot.waitSignal(view.storiesShown, timeout=10_000):
        view.refresh_decisions()
        qtbot.waitUntil(started.is_set)  # the first request is being worked out...
        view.session.set_not_duplicate(top.cluster, others[0])
        view.refresh_decisions()  # ...when the user decides and it is asked again
        release.set()
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert view.hot_stories.model.stories[0].copies == HOT_COPIES - 1  # the latest decisions, not the first ask
    with qtbot.assertNotEmitted(view.storiesShown, wait=200):  # the first request's answer is never shown
        pass
    assert shown == [HOT_COPIES - 1]


def test_the_stories_thread_starts_after_the_view_has_painted(qtbot, view, monkeypatch):
    """While the stories' thread works it holds the interpreter lock most of the time: started before the tab's
    first paint, that paint (Python drawing the charts, ~30 ms) took 150-220 ms at 100k articles. The thread waits
    until the charts have painted."""
    import threading

    from PySide6.QtCore import QEvent, QObject

    from dedup_gui.gui.analysis import view as view_module

    monkeypatch.setattr(view_module, "STORIES_IN_LINE", 0)
    monkeypatch.setattr(view_module, "STORIES_AFTER_PAINT_MS", 60_000)  # only a paint may start it here
    events: list[str] = []
    real = analysis.hot_stories

    def spy(*args, **kwargs):
        if threading.current_thread() is not threading.main_thread():
            events.append("work")
        return real(*args, **kwargs)

    class PaintSpy(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                events.append("paint")
            return False

    monkeypatch.setattr(analysis, "hot_stories", spy)
    paints = PaintSpy()
    view.histogram.plot.viewport().installEventFilter(paints)
    view.hide()
    with qtbot.waitSignal(view.storiesShown, timeout=TIMEOUT):
        view.show()  # the tab opened: refreshed, the stories asked for
    assert "work" in events and "paint" in events[: events.index("work")]


def test_a_large_runs_date_and_source_columns_are_detected_on_the_stories_thread(qtbot, planted, monkeypatch):
    """Above ``STORIES_IN_LINE`` clusters the table's date and source columns (parsing the dates: ~40 ms at 100k
    rows) are detected with the stories, off the window's thread; the list and its column choosers show them."""
    import threading

    from dedup_gui.gui.analysis import view as view_module

    monkeypatch.setattr(view_module, "STORIES_IN_LINE", 0)
    _, _, table, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram", threshold=0.7, min_similarity=0.7, keep="first"))
    threads = []
    real = analysis.StoryColumns.of

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis.StoryColumns, "of", spy)
    v = AnalysisView()
    qtbot.addWidget(v)
    v.resize(1200, 820)
    v.set_session(ReviewSession(result, pipeline.texts, pipeline.similarity), table, ["body"])
    with qtbot.waitSignal(v.storiesShown, timeout=TIMEOUT):
        v.show()
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert v.hot_stories.date_combo.currentText() == "published"
    assert v.hot_stories.source_combo.currentText() == "source"
    assert v.hot_stories.model.index(0, FIRST).data() == "2024-05-01"
    threads.clear()
    with qtbot.waitSignal(v.storiesShown, timeout=TIMEOUT):
        v.refresh_decisions()  # detected once per table
    assert threads == []


def test_the_stories_start_without_a_paint_when_none_comes(qtbot, view, monkeypatch):
    """A hidden (or minimised) view is not painted: the stories are worked out all the same, after a while."""
    from dedup_gui.gui.analysis import view as view_module

    monkeypatch.setattr(view_module, "STORIES_IN_LINE", 0)
    monkeypatch.setattr(view_module, "STORIES_AFTER_PAINT_MS", 50)
    view.hide()
    with qtbot.waitSignal(view.storiesShown, timeout=TIMEOUT):
        view.refresh_decisions()


def _large_view(qtbot, planted, monkeypatch, threshold: float = 0.7) -> tuple[AnalysisView, ReviewSession]:
    """A hidden view of a run taken as a large one (``STORIES_IN_LINE`` 0: it opens in steps), its session set."""
    from dedup_gui.gui.analysis import view as view_module

    monkeypatch.setattr(view_module, "STORIES_IN_LINE", 0)
    v = AnalysisView()
    qtbot.addWidget(v)
    v.resize(1200, 820)
    v.set_session(_session(planted, threshold), planted[2], ["body"])
    return v, v.session


def _session(planted, threshold: float) -> ReviewSession:
    pipeline = planted[3]
    result = pipeline.run(Settings(algorithm="ngram", threshold=threshold, min_similarity=0.7, keep="first"))
    return ReviewSession(result, pipeline.texts, pipeline.similarity)


def test_a_large_runs_tab_draws_its_histogram_first_and_its_counts_on_the_next_turn(qtbot, planted, monkeypatch):
    """Above ``STORIES_IN_LINE`` clusters the tab opening on a new run shows the histogram's bars in that turn and
    the counts (the summary after the decisions, the rows the threshold removes under the chart, the sizes, the
    stories) later: no figure, size or story of the run before meanwhile, the count and the stories said to be
    worked out."""
    v, before = _large_view(qtbot, planted, monkeypatch)
    with qtbot.waitSignal(v.storiesShown, timeout=TIMEOUT):
        v.show()
    qtbot.waitUntil(lambda: v.summary.figure("remove") == f"{before.rows_to_remove:,}")
    v.hide()
    session = _session(planted, 0.9)
    second = session.result
    assert session.rows_to_remove != before.rows_to_remove  # (two runs whose figures differ)
    v.set_session(session, planted[2], ["body"])
    with qtbot.waitSignal(v.storiesShown, timeout=TIMEOUT):
        v.show()  # the tab opened: the histogram now, the counts next
        assert v.histogram.result is second
        assert v.summary.figure("remove") == "–" and v.histogram.readout.text() == v.histogram.counting_text()
        assert v.hot_stories.model.stories == [] and "Working out" in v.hot_stories.caption.text()
        assert v.sizes.counts() == []
    qtbot.waitUntil(lambda: v.summary.figure("remove") == f"{session.rows_to_remove:,}")
    live = v.histogram.preview()
    assert live.threshold == 0.9 and f"<b>{live.rows_removed:,} rows</b>" in v.histogram.readout.text()


def test_a_large_runs_steps_are_each_painted_before_the_next(qtbot, planted, monkeypatch):
    """The steps of a large run's tab opening come a turn of the event loop apart, each drawn first: the bars, a
    paint, the histogram's counts, a paint, the summary."""
    from PySide6.QtCore import QEvent, QObject

    v, _ = _large_view(qtbot, planted, monkeypatch)
    events: list[str] = []

    def spied(obj, name: str) -> None:
        real = getattr(obj, name)
        monkeypatch.setattr(obj, name, lambda *a, **k: (events.append(name), real(*a, **k))[1])

    spied(v.histogram, "set_result")
    spied(v.histogram, "set_decisions")
    spied(v.summary, "set_summary")

    class PaintSpy(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint and (not events or events[-1] != "paint"):
                events.append("paint")
            return False

    paints = PaintSpy()
    v.histogram.plot.viewport().installEventFilter(paints)
    with qtbot.waitSignal(v.storiesShown, timeout=TIMEOUT):
        v.show()
    shown = events.index("set_result")  # (the summary emptied with the bars, filled last)
    assert events[shown : shown + 6] == ["set_result", "set_summary", "paint", "set_decisions", "paint", "set_summary"]


def test_a_large_runs_steps_are_taken_without_a_paint_when_none_comes(qtbot, planted, monkeypatch):
    """The tab left before its first paint (or the window minimised): its steps are taken all the same."""
    from dedup_gui.gui.analysis import view as view_module

    monkeypatch.setattr(view_module, "STORIES_AFTER_PAINT_MS", 50)
    v, session = _large_view(qtbot, planted, monkeypatch)
    v.show()
    v.hide()  # before any paint
    with qtbot.waitSignal(v.storiesShown, timeout=TIMEOUT):
        pass
    assert v.summary.figure("remove") == f"{session.rows_to_remove:,}" and v.histogram.readout.text()


def test_choosing_no_date_column_hides_the_dates(view):
    combo = view.hot_stories.date_combo
    combo.setCurrentIndex(combo.findData(None))
    combo.activated.emit(combo.currentIndex())
    assert view.hot_stories.view.isColumnHidden(FIRST)
    assert view.hot_stories.model.stories[0].first_seen is None


def test_opening_a_hot_story_asks_for_its_cluster(qtbot, view):
    stories = view.hot_stories
    index = stories.model.index(0, STORY)
    with qtbot.waitSignal(view.clusterActivated) as signal:
        stories.view.doubleClicked.emit(index)
    assert signal.args == [stories.model.stories[0].cluster]


def test_a_small_run_opens_in_steps_its_figures_after_the_tabs_first_paint(qtbot, planted):
    """A run of few clusters (up to ``STORIES_IN_LINE``, stories worked out on the window's thread) opens in steps
    too: in the turn of the tab's first paint the figures show "–" and the stories list is working; after the
    paints its figures and stories are the run's (all in one turn, the demo workbook's Analysis tab stalled the
    window 148-162 ms)."""
    from dedup_gui.gui.analysis import view as view_module

    _, _, table, pipeline = planted
    result = pipeline.run(Settings(algorithm="ngram", threshold=0.7, min_similarity=0.7, keep="first"))
    assert 0 < len(result.clusters) <= view_module.STORIES_IN_LINE
    v = AnalysisView()
    qtbot.addWidget(v)
    v.resize(1200, 820)
    v.show()
    v.set_session(ReviewSession(result, pipeline.texts, pipeline.similarity), table, ["body"])
    assert v.summary.figure("remove") == "–" and v.hot_stories.model.stories == []
    with qtbot.waitSignal(v.storiesShown, timeout=10_000):
        pass
    assert v.summary.figure("remove") == f"{result.rows_to_remove:,}"
    assert v.hot_stories.model.stories and v.hot_stories.model.stories[0].copies == HOT_COPIES


def test_size_distribution_and_summary_match_the_run(view):
    result = view.session.result
    assert sum(view.sizes.counts()) == len(result.clusters)
    assert view.sizes.counts()[-1] == 1 and view.sizes.bins[-1].lo == HOT_COPIES
    assert view.summary.figure("rows") == f"{result.n_rows:,}"
    assert view.summary.figure("remove") == f"{result.rows_to_remove:,}"
    assert view.summary.figure("exact") == f"{result.exact_duplicates:,}"
    assert view.summary.figure("share") == f"{result.rows_to_remove / result.n_rows:.1%}"
    assert [s for s, _ in view.summary.timings.timings] == list(analysis.STAGES)


def test_decisions_made_on_the_clusters_tab_show_when_the_tab_is_shown_again(view):
    top = view.hot_stories.model.stories[0]
    others = [m for m in view.session.cluster(top.cluster).members if m != top.kept]
    view.session.set_not_duplicate(top.cluster, others[0])
    view.hide()
    view.show()
    assert view.hot_stories.model.stories[0].copies == HOT_COPIES - 1
    assert view.summary.figure("remove") == f"{view.session.rows_to_remove:,}"


def test_the_summary_counts_the_clusters_still_removing_a_row_and_says_so(view):
    session = view.session
    before = len(session.result.clusters)
    assert view.summary.figure("clusters") == f"{before:,}"
    top = view.hot_stories.model.stories[0]
    others = [m for m in session.cluster(top.cluster).members if m != top.kept]
    session.set_intent(session.marking_not_duplicate(top.cluster, others))  # that cluster removes nothing now
    view.hide()
    view.show()
    assert view.summary.figure("clusters") == f"{before - 1:,}" == f"{session.clusters_with_removals:,}"
    assert "status bar" in view.summary.values["clusters"].toolTip()  # (which counts the clusters to review)


def test_charts_follow_a_dark_palette(view):
    dark = QPalette(view.palette())
    for role, colour in ((QPalette.ColorRole.Base, "#1f2023"), (QPalette.ColorRole.Text, "#e6e6e6")):
        dark.setColor(role, QColor(colour))
    view.setPalette(dark)
    for chart in (view.histogram, view.sizes):
        assert chart.colors.dark
        assert chart.plot.backgroundBrush().color().name() == "#1f2023"
        assert chart.plot.getAxis("left").textPen().color().name() == "#e6e6e6"


def test_charts_save_as_png_with_their_title(view, tmp_path):
    for chart in (view.histogram, view.sizes):
        path = tmp_path / f"{chart.objectName() or id(chart)}.png"
        assert chart.save_png(path)
        image = QImage(str(path))
        assert image.width() >= chart.plot.width() and image.height() > chart.plot.height()


def test_the_hot_stories_list_saves_as_a_spreadsheet(view, tmp_path):
    out = tmp_path / "hot.xlsx"
    view.hot_stories.save(out)
    frame = pd.read_excel(out, engine="openpyxl")
    assert frame["copies"].iloc[0] == HOT_COPIES and frame["story"].iloc[0] == "热点新闻标题"
    assert list(frame.columns)[:5] == ["rank", "cluster", "copies", "kept_row", "story"]


def test_an_empty_view_invites_a_run(qtbot):
    v = AnalysisView()
    qtbot.addWidget(v)
    assert v.stack.currentWidget() is v.empty
    v.set_session(None)
    assert v.histogram.result is None and v.hot_stories.model.rowCount() == 0


# -- inside the main window ----


@pytest.fixture
def window(qtbot, tmp_path):
    from dedup_gui.gui.main_window import MainWindow

    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.settings_panel.set_settings(Settings(algorithm="ngram", threshold=0.7, min_similarity=0.7))
    w.show()
    yield w
    w.close()


@pytest.fixture
def workbook(tmp_path, planted):
    corpus = planted[0]
    path = tmp_path / "news.xlsx"
    corpus_table(corpus).data.to_excel(path, index=False)
    return path


def test_in_the_window_a_dragged_line_moves_the_slider_and_reruns_with_that_threshold(qtbot, window, workbook):
    window.settings_panel.set_algorithm("ngram")
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(workbook)
    view = window.analysis_view
    runs = []
    window.runner.started.connect(runs.append)
    with qtbot.waitSignal(view.storiesShown):  # (the figures and the stories follow the tab's first paint)
        window.tabs.setCurrentWidget(view)
    # Looking changes nothing: no run started, none scheduled, the threshold unchanged.
    assert runs == [] and not window.runner.busy and not window.debounce.isActive()
    assert window.settings_panel.threshold.value() == 0.7
    histogram = view.histogram
    assert histogram.hist.total == len(window.session.result.candidates)
    assert view.hot_stories.model.stories[0].copies == HOT_COPIES
    before = window.session.rows_to_remove

    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        mouse_drag(histogram, 0.9)
        assert window.settings_panel.threshold.value() == 0.9  # the slider follows the line at once
        live = histogram.preview().rows_removed
        assert live < before
    assert window.session.result.settings.threshold == 0.9  # re-clustered at the dragged threshold
    assert window.session.rows_to_remove == live
    qtbot.waitUntil(lambda: view.summary.figure("remove") == f"{live:,}")  # (after the tab's next paint)
    assert histogram.line.value() == pytest.approx(0.9)

    window.settings_panel.threshold.spin.setValue(0.8)  # and the line follows the slider
    assert histogram.line.value() == pytest.approx(0.8)


def test_in_the_window_opening_a_hot_story_selects_its_cluster(qtbot, window, workbook):
    with qtbot.waitSignal(window.resultShown, timeout=TIMEOUT):
        window.open_path(workbook)
    view = window.analysis_view
    with qtbot.waitSignal(view.storiesShown):
        window.tabs.setCurrentWidget(view)
    top = view.hot_stories.model.stories[0]
    view.hot_stories.view.doubleClicked.emit(view.hot_stories.model.index(0, STORY))
    assert window.tabs.currentIndex() == 0
    assert window.current_cluster_id() == top.cluster


def _label_extents(chart) -> list[tuple[float, float]]:
    """(left, right) in pixels of every size label under the bars, as drawn at the chart's current width."""
    from PySide6.QtGui import QFontMetrics

    box = chart.plot.getPlotItem().getViewBox()
    axis = chart.plot.getAxis("bottom")
    metrics = QFontMetrics(axis.style["tickFont"])
    out = []
    for x, text in axis._tickLevels[0]:
        centre = box.mapViewToScene(QPointF(x, 0)).x()
        half = metrics.horizontalAdvance(text) / 2
        out.append((centre - half, centre + half))
    return out


@pytest.mark.parametrize("width", [260, 420, 900])
def test_size_labels_never_overlap_at_any_width(qtbot, width):
    from dedup_gui.gui.analysis.size_chart import SizeDistributionChart

    chart = SizeDistributionChart()
    qtbot.addWidget(chart)
    chart.resize(width, 300)
    chart.show()
    bins = [analysis.SizeBin(lo, hi, 3) for lo, hi in (
        (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (11, 15), (16, 20), (21, 30),
        (31, 50), (51, 100), (101, 200), (201, 500), (501, 1000), (1001, 10**9))]  # fmt: skip
    chart.set_bins(bins)
    qtbot.waitUntil(lambda: chart.plot.getPlotItem().getViewBox().width() > width / 3)
    chart._tick()  # as the chart does when it is resized
    extents = _label_extents(chart)
    assert len(extents) >= 2 and chart.tick_labels()[0] == "2"
    assert all(right <= left for (_, right), (left, _) in zip(extents, extents[1:], strict=False))
    if width >= 900:
        assert len(extents) >= 9  # a wide chart labels most bars
