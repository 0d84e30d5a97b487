"""Cluster size distribution: how many clusters have 2, 3, 4 … rows (wider bins for the long tail)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from dedup_gui.core.analysis import SizeBin

from .charts import Bars, ChartPanel, bar_heights, count_axis, spaced_ticks, style_plot


class SizeDistributionChart(ChartPanel):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(self.tr("Cluster sizes"), parent)
        self.bins: list[SizeBin] = []
        self.body.addWidget(self.plot, 1)
        self.bars = Bars()
        self.plot.addItem(self.bars)
        self.log_scale.setChecked(True)  # a few big stories next to many pairs: log shows both
        self.log_scale.toggled.connect(self._draw)
        self.apply_colors()
        self.plot.getPlotItem().getViewBox().sigResized.connect(self._tick)

    def set_bins(self, bins: list[SizeBin]) -> None:
        self.bins = bins
        self._draw()

    def counts(self) -> list[int]:
        return [b.clusters for b in self.bins]

    def apply_colors(self) -> None:
        style_plot(self.plot, self.colors, self.tr("Cluster size (rows)"), self.tr("Clusters"))
        self._draw()

    def _draw(self) -> None:
        counts = np.array(self.counts(), dtype=np.int64)
        log = self.log_scale.isChecked()
        x = np.arange(len(counts), dtype=float)
        brush, pen = pg.mkBrush(self.colors.accent), pg.mkPen(None)
        self.bars.set_bars(x - 0.36, 0.72, bar_heights(counts, log), [brush] * len(x), [pen] * len(x))
        self.plot.setXRange(-0.6, max(0, len(counts) - 1) + 0.6, padding=0)
        count_axis(self.plot, int(counts.max()) if len(counts) else 0, log)
        self._tick()

    def _tick(self) -> None:
        """Size labels under the bars, as many as fit without overlapping at the chart's current width."""
        labels = [(float(i), b.label) for i, b in enumerate(self.bins)]
        self.plot.getAxis("bottom").setTicks([spaced_ticks(self.plot, labels), []])

    def tick_labels(self) -> list[str]:
        ticks = self.plot.getAxis("bottom")._tickLevels
        return [text for _, text in ticks[0]] if ticks else []
