"""The similarity histogram: every candidate pair of the run in the threshold slider's unit, with the threshold
as a line the user drags (or clicks to). Bars that pass are in the accent colour; the live count above the chart
says how many rows that threshold would remove, computed from the cached candidates (core.analysis).
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from dedup_gui.core import analysis
from dedup_gui.core.algorithms.registry import get_algorithm
from dedup_gui.core.result import DedupResult

from .charts import Bars, ChartPanel, bar_heights, count_axis, spaced_ticks, style_plot


def measure_label(algorithm: str) -> str:
    """The x-axis title, in the slider's unit (the registry's English text, translatable)."""
    info = get_algorithm(algorithm)
    return QCoreApplication.translate("registry", info.measure)


# Candidate pairs above which the count under the chart is worked out on a thread of the chart's own ("counting"
# meanwhile): the clustering it takes, on the window's thread, stalled it 0.2 s at a million rows (300,000 pairs),
# at each step of a drag of the line.
PREVIEW_IN_LINE_PAIRS = 100_000


class SimilarityHistogram(ChartPanel):
    """Emits ``thresholdChanged`` (snapped to the slider's step) whenever the user moves the line."""

    thresholdChanged = Signal(float)
    _previewed = Signal(int, object)  # (request number, ThresholdPreview) from the counting thread

    def __init__(self, parent: QWidget | None = None):
        super().__init__(self.tr("Similarity of candidate pairs"), parent)
        self.result: DedupResult | None = None
        self.explorer: analysis.ThresholdExplorer | None = None
        self.hist: analysis.Histogram | None = None
        self.threshold = 0.0
        self.algorithm = ""
        self._previews: ThreadPoolExecutor | None = None  # the counting thread (``PREVIEW_IN_LINE_PAIRS``)
        self._preview_asked = 0  # the latest count asked of it: older ones are dropped
        self._counting = -1  # the request the counting thread is working out, if any
        self._previewed.connect(self._take_preview)

        self.readout = QLabel()
        self.readout.setObjectName("thresholdReadout")
        self.readout.setTextFormat(Qt.TextFormat.RichText)
        self.readout.setWordWrap(True)
        self.hint = QLabel(self.tr("Drag the line, or click the chart, to try another threshold."))
        self.hint.setObjectName("hint")
        self.body.addWidget(self.readout)
        self.body.addWidget(self.plot, 1)
        self.body.addWidget(self.hint)

        self.bars = Bars()
        self.overruled_bars = Bars()  # stacked on top of ``bars``
        self.overruled = np.zeros(0, dtype=np.int64)  # per bin: pairs with a row the user marked "not a duplicate"
        self.decided_removed: int | None = None  # rows the run removes after the user's decisions
        self.region = pg.LinearRegionItem((0, 0), movable=False)
        self.region.setZValue(-10)
        self.region_label = pg.TextItem(anchor=(0.5, 0))
        self.line = pg.InfiniteLine(pos=0, angle=90, movable=True)
        self.line.setZValue(20)
        self.line_label = pg.InfLineLabel(self.line, text="", position=0.94, anchors=[(0, 0.5), (0, 0.5)])
        self.line.setCursor(Qt.CursorShape.SizeHorCursor)
        for item in (self.region, self.bars, self.overruled_bars, self.line):
            self.plot.addItem(item)
        self.plot.addItem(self.region_label, ignoreBounds=True)
        self.line.sigPositionChanged.connect(self._line_moved)
        self.plot.scene().sigMouseClicked.connect(self._clicked)
        self.plot.scene().sigMouseMoved.connect(self._hovered)
        self.log_scale.toggled.connect(self._draw_bars)
        self.apply_colors()
        self.clear()
        self.plot.getPlotItem().getViewBox().sigResized.connect(self._tick)

    # -- data in ----

    def clear(self) -> None:
        self._preview_asked += 1  # (a count still coming is of the run before)
        self.result = self.explorer = self.hist = None
        self.overruled, self.decided_removed = np.zeros(0, dtype=np.int64), None
        self.bars.clear()
        self.overruled_bars.clear()
        self.line.hide()
        self.region.hide()
        self.region_label.hide()
        self.readout.setText(self.tr("No run yet."))

    def set_result(
        self, result: DedupResult | None, explorer: analysis.ThresholdExplorer | None = None, readout: bool = True
    ) -> None:
        """Show a run's candidate pairs; the line goes to the run's threshold (unless the user is dragging it).
        ``readout`` False: the count under the chart (the rows the threshold removes: the engine's clustering of
        every pair that passes) is left to the caller's ``set_decisions``, which works it out ("counting"
        meanwhile)."""
        if result is None:
            self.clear()
            return
        self._preview_asked += 1  # (a count still coming is of the run before)
        self.result = result
        self.algorithm = result.settings.algorithm
        self.explorer = explorer or analysis.ThresholdExplorer(result)
        self.hist = analysis.pair_histogram(result)
        self.overruled, self.decided_removed = np.zeros(len(self.hist.counts), dtype=np.int64), None
        spec = analysis.threshold_spec(result)
        style_plot(self.plot, self.colors, measure_label(self.algorithm), self.tr("Candidate pairs"))
        lo, hi = self.hist.x_range
        self.plot.setXRange(lo, hi, padding=0.03)
        self._tick()
        # Setting bounds can move (clamp) the line: that is not the user choosing a threshold, so no signal.
        self.line.blockSignals(True)
        self.line.setBounds((analysis.line_position(self.algorithm, spec.minimum),
                             analysis.line_position(self.algorithm, spec.maximum)))  # fmt: skip
        self.line.blockSignals(False)
        self.line.show()
        self._show_unsearched()
        if not self.line.moving:
            self.threshold = float(result.settings.threshold)
        self._place_line()
        self._draw_bars()
        if readout:
            self._update_readout()
        else:  # (a line of its own meanwhile: the chart does not move when the count comes)
            self.readout.setText(self.counting_text())

    def _tick(self) -> None:
        """Whole bits / sentences: a tick under the bars, never "2.5", as many as fit without overlapping."""
        if self.result is None or self.hist is None:
            return
        if analysis.threshold_spec(self.result).decimals:
            self.plot.getAxis("bottom").setTicks(None)
        else:
            labels = [(float(v), f"{v:.0f}") for v in self.hist.values]
            self.plot.getAxis("bottom").setTicks([spaced_ticks(self.plot, labels), []])

    def set_threshold(self, value: float) -> None:
        """Follow the slider (no signal back)."""
        if self.result is None or self.line.moving:
            return
        value = analysis.snap_threshold(analysis.threshold_spec(self.result), value)
        if value != self.threshold:
            self.threshold = value
            self._place_line()
            self._draw_bars()
            self._update_readout()

    def set_decisions(self, overruled: np.ndarray, rows_removed: int | None) -> None:
        """The user's review: ``overruled`` marks the candidate pairs with a row marked "not a duplicate" (drawn
        apart on top of their bars); ``rows_removed`` is what the run removes after the decisions (None: there
        are no decisions)."""
        if self.result is None or self.hist is None:
            return
        sub = analysis.pair_histogram(replace(self.result, candidates=self.result.candidates.select(overruled)))
        per_value = {round(float(v), 6): int(n) for v, n in zip(sub.values, sub.counts, strict=True) if n}
        self.overruled = np.array([per_value.get(round(float(v), 6), 0) for v in self.hist.values], dtype=np.int64)
        self.decided_removed = rows_removed
        self._draw_bars()
        self._update_readout()

    def preview(self) -> analysis.ThresholdPreview | None:
        return self.explorer.preview(self.threshold) if self.explorer is not None else None

    # -- the user moves the line ----

    def drag_to(self, x: float) -> None:
        """Move the line as a drag would (x in axis units); snaps and emits ``thresholdChanged``."""
        self.line.setPos(x)

    def _line_moved(self) -> None:
        if self.result is None:
            return
        value = analysis.threshold_at(self.algorithm, self.line.value())
        snapped = analysis.line_position(self.algorithm, value)
        if abs(self.line.value() - snapped) > 1e-9:
            self.line.setPos(snapped)  # re-enters with the snapped position
            return
        if value != self.threshold:
            self.threshold = value
            self._label_line()
            self._draw_bars()
            self._update_readout()
            self.thresholdChanged.emit(value)

    def _clicked(self, event) -> None:
        if self.result is None or event.button() != Qt.MouseButton.LeftButton:
            return
        view = self.plot.getPlotItem().getViewBox()
        if view.sceneBoundingRect().contains(event.scenePos()):
            self.drag_to(view.mapSceneToView(event.scenePos()).x())

    def _hovered(self, scene_pos) -> None:
        if self.hist is None:
            return
        view = self.plot.getPlotItem().getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            self.plot.setToolTip("")
            return
        x = view.mapSceneToView(scene_pos).x()
        i = int(np.searchsorted(self.hist.left, x, side="right")) - 1
        if 0 <= i < len(self.hist.counts):
            self.plot.setToolTip(self.tr("{range}: {pairs} pairs").format(
                range=self._bin_text(i), pairs=f"{int(self.hist.counts[i]):,}"))  # fmt: skip

    def _bin_text(self, i: int) -> str:
        h = self.hist
        if analysis.threshold_spec(self.result).decimals:
            lo = h.left[i]
            return f"{lo:.2f}" if lo >= 1.0 - 1e-9 else f"{lo:.2f}–{lo + h.width:.2f}"
        return f"{h.values[i]:.0f}"

    # -- drawing ----

    def apply_colors(self) -> None:
        c = self.colors
        self.line.setPen(pg.mkPen(c.line, width=2.5))
        self.line.setHoverPen(pg.mkPen(c.line, width=4))
        self.line_label.fill = pg.mkBrush(c.background)
        self.line_label.setColor(c.line)
        self.region.setBrush(pg.mkBrush(c.unsearched))
        for edge in self.region.lines:
            edge.setPen(pg.mkPen(None))
        self.region_label.setColor(c.muted)
        if self.result is not None:
            style_plot(self.plot, c, measure_label(self.algorithm), self.tr("Candidate pairs"))
            self._draw_bars()
        else:
            self.plot.setBackground(c.background)

    def _draw_bars(self) -> None:
        if self.hist is None:
            return
        h = self.hist
        log = self.log_scale.isChecked()
        passing = h.passing(self.threshold)
        accent, other = pg.mkBrush(self.colors.accent), pg.mkBrush(self.colors.other)
        gap = 0.14 * h.width if analysis.threshold_spec(self.result).decimals == 0 else 0.08 * h.width
        overruled = self.overruled if len(self.overruled) == len(h.counts) else np.zeros(len(h.counts), np.int64)
        below = bar_heights(h.counts - overruled, log)
        self.bars.set_bars(
            h.left + gap / 2,
            h.width - gap,
            below,
            brushes=[accent if p else other for p in passing],
            pens=[pg.mkPen(None)] * len(passing),
        )
        overruled_brush = pg.mkBrush(self.colors.line.lighter(140 if self.colors.dark else 160))
        self.overruled_bars.set_bars(
            h.left + gap / 2,
            h.width - gap,
            bar_heights(h.counts, log) - below,
            brushes=[overruled_brush] * len(passing),
            pens=[pg.mkPen(self.colors.line, width=1) if n else pg.mkPen(None) for n in overruled],
            y0=below,
        )
        count_axis(self.plot, int(h.counts.max()) if len(h.counts) else 0, log)
        self._place_region_label()

    def _place_line(self) -> None:
        self.line.blockSignals(True)
        self.line.setPos(analysis.line_position(self.algorithm, self.threshold))
        self.line.blockSignals(False)
        self._label_line()

    def threshold_text(self, value: float | None = None) -> str:
        """'≥ 0.70', '≤ 3', '≥ 2': which side passes, in the axis' unit."""
        spec = analysis.threshold_spec(self.result)
        value = self.threshold if value is None else value
        return f"{'≥' if spec.higher_is_stricter else '≤'} {value:.{spec.decimals}f}"

    def _label_line(self) -> None:
        self.line_label.setFormat(f" {self.threshold_text()} ")
        self.line_label.valueChanged()

    def _show_unsearched(self) -> None:
        """Wash over thresholds outside the searched range: pairs there are not all known until a re-run."""
        lo, hi = analysis.searched_range(self.result)
        x_lo, x_hi = self.hist.x_range
        spec = get_algorithm(self.algorithm).threshold
        if hi < spec.maximum - 1e-9 and analysis.line_position(self.algorithm, hi) < x_hi:
            span = (analysis.line_position(self.algorithm, hi), x_hi)
        elif lo > spec.minimum + 1e-9 and lo > x_lo + 1e-9:
            span = (x_lo, self._searched_edge(lo))
        else:
            self.region.hide()
            self.region_label.hide()
            return
        self.region.setRegion(span)
        self.region.show()
        self.region_label.setText(self.tr("not searched yet"))
        self.region_label.show()
        self._place_region_label()

    def _searched_edge(self, lo: float) -> float:
        # n-gram candidates were looked for down to ~0.1 below the run's threshold; show those pairs unwashed.
        known = self.result.candidates.measure
        edge = min(lo, float(known.min())) if len(known) else lo
        return max(self.hist.x_range[0], np.floor(edge * 100 + 1e-6) / 100)

    def _place_region_label(self) -> None:
        if not self.region.isVisible():
            return
        a, b = self.region.getRegion()
        top = self.plot.getPlotItem().getViewBox().viewRange()[1][1]
        self.region_label.setPos((a + b) / 2, top * 0.98)

    def counting_text(self) -> str:
        """The readout while the count of the rows the threshold removes is being worked out."""
        return self.tr("Threshold <b>{value}</b>: counting the rows it removes…").format(
            value=self.threshold_text(self.threshold)
        )

    def _update_readout(self) -> None:
        self._preview_asked += 1
        explorer, threshold = self.explorer, self.threshold
        if explorer is None or self.result is None:
            return
        p = explorer.cached(threshold)
        if p is None and explorer.pairs > PREVIEW_IN_LINE_PAIRS:
            self.readout.setText(self.counting_text())
            self._preview_off_thread(explorer, threshold)
            return
        self._show_readout(p if p is not None else explorer.preview(threshold))

    def counting(self) -> bool:
        """The count under the chart is being worked out on the counting thread."""
        return self._preview_asked == self._counting

    def _preview_off_thread(self, explorer: analysis.ThresholdExplorer, threshold: float) -> None:
        asked = self._counting = self._preview_asked

        def work() -> None:
            if asked != self._preview_asked:  # asked again meanwhile (a drag of the line): only the latest counts
                return
            try:
                self._previewed.emit(asked, explorer.preview(threshold))
            except Exception:  # (on the counting thread: the readout stays "counting")
                logging.getLogger(__name__).exception("counting the rows a threshold removes failed")

        if self._previews is None:
            self._previews = ThreadPoolExecutor(1, thread_name_prefix="threshold-count")
        self._previews.submit(work)

    def _take_preview(self, asked: int, p: analysis.ThresholdPreview) -> None:
        if asked == self._preview_asked and self.result is not None:
            self._counting = -1
            self._show_readout(p)

    def _show_readout(self, p: analysis.ThresholdPreview) -> None:
        assert self.result is not None
        n_rows = self.result.n_rows
        value = self.threshold_text(p.threshold)
        rows = f"{p.rows_removed:,}"
        share = f"{p.share(n_rows):.1%}"
        if p.complete:
            text = self.tr(
                "Threshold <b>{value}</b>: {pairs} pairs pass · "
                "<b>{rows} rows</b> would be removed ({share} of {total})"
            )
        else:
            text = self.tr(
                "Threshold <b>{value}</b>: at least {pairs} pairs · <b>at least {rows} rows</b> would be removed "
                "({share}) — the re-run searches pairs this loose"
            )
        text = text.format(value=value, pairs=f"{p.pairs:,}", rows=rows, share=share, total=f"{n_rows:,}")
        decided = self._decisions_text(p.threshold)
        self.readout.setText(f"{text}<br>{decided}" if decided else text)

    def _decisions_text(self, threshold: float) -> str:
        """What the user's review changes: the pairs overruled, the rows the run removes after the decisions."""
        overruled = int(self.overruled.sum()) if len(self.overruled) else 0
        at_run = abs(threshold - float(self.result.settings.threshold)) < 1e-9
        if self.decided_removed is None or (not overruled and not at_run):
            return ""
        parts = []
        if overruled:
            text = (
                self.tr("1 pair has a row you marked “not a duplicate” (the top of its bar)")
                if overruled == 1
                else self.tr("{pairs} pairs have a row you marked “not a duplicate” (the top of their bars)")
            )
            parts.append(text.format(pairs=f"{overruled:,}"))
        if at_run:
            parts.append(self.tr("after your decisions <b>{rows} rows</b> are removed").format(
                rows=f"{self.decided_removed:,}"))  # fmt: skip
        return " · ".join(parts)
