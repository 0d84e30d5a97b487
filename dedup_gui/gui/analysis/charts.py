"""What every analysis chart shares: colours taken from the Qt palette (light or dark), a styled pyqtgraph plot,
count axes (linear or logarithmic), and a panel with a title, options and "Save as PNG…".

Charts are for looking, not exploring: panning, zooming and pyqtgraph's context menu are off, so a drag only
ever moves what is meant to move (the threshold line).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)


def mix(a: QColor, b: QColor, share_a: float) -> QColor:
    """``share_a`` of colour a over b."""
    s = max(0.0, min(1.0, share_a))
    return QColor(
        round(a.red() * s + b.red() * (1 - s)),
        round(a.green() * s + b.green() * (1 - s)),
        round(a.blue() * s + b.blue() * (1 - s)),
    )


@dataclass(frozen=True)
class ChartColors:
    background: QColor
    text: QColor
    muted: QColor  # secondary text, axis lines
    grid: QColor
    accent: QColor  # bars that count (pairs that pass, the kept row's story)
    other: QColor  # bars that do not count
    line: QColor  # the threshold line: stands out from both bar colours
    unsearched: QColor  # translucent wash over thresholds the engine has not searched yet
    dark: bool

    @classmethod
    def from_palette(cls, palette: QPalette) -> ChartColors:
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        dark = base.lightness() < 128
        accent = palette.color(QPalette.ColorRole.Highlight)
        if dark:
            accent = accent.lighter(125)
        line = QColor("#f59f45") if dark else QColor("#d9480f")
        unsearched = mix(text, base, 0.5)
        unsearched.setAlpha(34 if dark else 26)
        return cls(
            background=base,
            text=text,
            muted=mix(text, base, 0.6),
            grid=mix(text, base, 0.25),
            accent=accent,
            other=mix(text, base, 0.3),
            line=line,
            unsearched=unsearched,
            dark=dark,
        )


def make_plot(parent: QWidget | None = None) -> pg.PlotWidget:
    plot = pg.PlotWidget(parent)
    item = plot.getPlotItem()
    item.hideButtons()
    item.setMenuEnabled(False)
    view = item.getViewBox()
    view.setMouseEnabled(x=False, y=False)
    view.setMenuEnabled(False)
    plot.setMinimumHeight(200)
    for name in ("top", "right"):
        item.showAxis(name, False)
    return plot


def style_plot(plot: pg.PlotWidget, colors: ChartColors, x_label: str, y_label: str) -> None:
    """Background, axes, tick font and labels for the current palette."""
    plot.setBackground(colors.background)
    font = QFont(QApplication.font())
    font.setPointSizeF(max(8.0, font.pointSizeF() * 0.92))
    label_style = {"color": colors.text.name(), "font-size": f"{QApplication.font().pointSizeF():.0f}pt"}
    for name, text in (("bottom", x_label), ("left", y_label)):
        axis = plot.getAxis(name)
        axis.setPen(pg.mkPen(colors.muted))
        axis.setTextPen(pg.mkPen(colors.text))
        axis.setStyle(tickFont=font, tickTextOffset=6)
        axis.setLabel(text, **label_style)
        # (the axes' own numbers as they are: an empty chart's range of a few tenths was labelled "(x0.001)")
        axis.enableAutoSIPrefix(False)
    plot.getAxis("left").setWidth(max(56, QFontMetrics(font).horizontalAdvance("000000") + 24))
    plot.showGrid(x=False, y=True, alpha=0.18 if colors.dark else 0.12)


def count_axis(plot: pg.PlotWidget, max_count: int, log: bool) -> None:
    """A count axis: plain numbers, or log-spaced ticks (1, 10, 100, …) when bars are drawn as log10(1 + n)."""
    axis = plot.getAxis("left")
    if not log:
        axis.setTicks(None)
        plot.setYRange(0, max(1, max_count) * 1.12, padding=0)
        return
    top = max(1, max_count)
    ticks = [(math.log10(1 + v), f"{v:,}") for v in _log_ticks(top)]
    axis.setTicks([ticks, []])
    plot.setYRange(0, math.log10(1 + top) * 1.12, padding=0)


def _log_ticks(top: int) -> list[int]:
    out = [0]
    v = 1
    while v <= top * 1.05:
        out.append(v)
        v *= 10
    return out


def spaced_ticks(plot: pg.PlotWidget, labels: list[tuple[float, str]], gap_px: int = 10) -> list[tuple[float, str]]:
    """Every k-th label, with the smallest k for which no two shown labels overlap at the plot's current width
    (labels of different widths, such as "2" and "101–200", are measured, not counted)."""
    if len(labels) < 2:
        return labels
    view = plot.getPlotItem().getViewBox()
    (x0, x1), width = view.viewRange()[0], view.width()
    if width <= 0 or x1 <= x0:
        return labels[:1]
    per_unit = width / (x1 - x0)
    font = plot.getAxis("bottom").style.get("tickFont") or QApplication.font()
    metrics = QFontMetrics(font)
    widths = [metrics.horizontalAdvance(text) for _, text in labels]
    for step in range(1, len(labels) + 1):
        shown = range(0, len(labels), step)
        if all(
            (labels[j][0] - labels[i][0]) * per_unit >= (widths[i] + widths[j]) / 2 + gap_px
            for i, j in zip(shown, list(shown)[1:], strict=False)
        ):
            return [labels[i] for i in shown]
    return labels[:1]


def bar_heights(counts: np.ndarray, log: bool) -> np.ndarray:
    counts = np.asarray(counts, dtype=float)
    return np.log10(1 + counts) if log else counts


class Bars(pg.GraphicsObject):
    """Bars for a chart: one rectangle per bin, each with its own brush and pen, painted a rectangle at a time.

    pyqtgraph's BarGraphItem paints one-colour bars by handing QPainter.drawRects a pointer into a numpy array it
    may have reallocated since; the test suite crashed in that paint (a segmentation fault, about one full run in
    six). A chart has at most a few hundred bars, so nothing here is worth a raw pointer.
    """

    def __init__(self) -> None:
        super().__init__()
        self.rects: list[QRectF] = []
        self.brushes: list[QBrush] = []
        self.pens: list[QPen] = []
        self._bounds = QRectF()

    def set_bars(
        self,
        x0: np.ndarray,
        width: float,
        height: np.ndarray,
        brushes: list[QBrush],
        pens: list[QPen],
        y0: np.ndarray | None = None,
    ) -> None:
        """Bin i spans x0[i] … x0[i] + width and y0[i] … y0[i] + height[i] (y0 is 0 when not given)."""
        x0, height = np.asarray(x0, dtype=float), np.asarray(height, dtype=float)
        bottom = np.zeros(len(x0)) if y0 is None else np.asarray(y0, dtype=float)
        if not (len(x0) == len(height) == len(bottom) == len(brushes) == len(pens)):
            raise ValueError("every bar needs an x, a height, a bottom, a brush and a pen")
        self.prepareGeometryChange()
        bars = zip(x0.tolist(), bottom.tolist(), height.tolist(), strict=True)
        self.rects = [QRectF(x, b, float(width), h) for x, b, h in bars]
        self.brushes, self.pens = list(brushes), list(pens)
        self._bounds = QRectF()
        for rect in self.rects:
            self._bounds = self._bounds.united(rect.normalized())
        self.informViewBoundsChanged()
        self.update()

    def clear(self) -> None:
        self.set_bars(np.zeros(0), 1.0, np.zeros(0), [], [])

    def heights(self) -> list[float]:
        return [r.height() for r in self.rects]

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return QRectF(self._bounds)

    def dataBounds(self, ax: int, frac: float = 1.0, orthoRange=None):  # noqa: N802 (pyqtgraph's name)
        if not self.rects:
            return (None, None)
        b = self._bounds
        return (b.left(), b.right()) if ax == 0 else (b.top(), b.bottom())

    def paint(self, painter: QPainter, *args) -> None:
        for rect, brush, pen in zip(self.rects, self.brushes, self.pens, strict=True):
            painter.setPen(pen)
            painter.setBrush(brush)
            painter.drawRect(rect)


def human_count(n: int) -> str:
    return f"{n:,}"


class ChartPanel(QFrame):
    """A titled chart with its options on the right of the title and a "Save as PNG…" button.

    Subclasses build into ``self.plot`` and implement ``apply_colors()``; the panel calls it whenever the palette
    changes (light/dark switch), so charts never keep the colours they were born with.
    """

    def __init__(self, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chartPanel")
        self.title = QLabel(f"<b>{title}</b>")
        self.title.setObjectName("chartTitle")
        self.plot = make_plot()
        # The base class's own context (lupdate files these under ChartPanel; self.tr() on a subclass would not).
        self.log_scale = QCheckBox(QCoreApplication.translate("ChartPanel", "Log scale"))
        self.log_scale.setToolTip(
            QCoreApplication.translate("ChartPanel", "Show counts on a logarithmic axis, so small bars stay visible")
        )
        self.save_button = QToolButton()
        self.save_button.setText(QCoreApplication.translate("ChartPanel", "Save as PNG…"))
        self.save_button.setToolTip(QCoreApplication.translate("ChartPanel", "Save this chart as a PNG image"))
        self.save_button.setAutoRaise(True)
        self.save_button.clicked.connect(self.choose_png)
        self.header = QHBoxLayout()
        self.header.setContentsMargins(0, 0, 0, 0)
        self.header.addWidget(self.title)
        self.header.addStretch(1)
        self.header.addWidget(self.log_scale)
        self.header.addWidget(self.save_button)
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(6, 4, 6, 6)
        self.body.setSpacing(4)
        self.body.addLayout(self.header)
        self.colors = ChartColors.from_palette(self.palette())

    def chart_title(self) -> str:
        return self.title.text().replace("<b>", "").replace("</b>", "")

    def apply_colors(self) -> None:  # pragma: no cover - overridden
        pass

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            colors = ChartColors.from_palette(self.palette())
            if colors != self.colors:
                self.colors = colors
                self.apply_colors()
        super().changeEvent(event)

    # -- PNG ----

    def render_png(self) -> QPixmap:
        """The chart with its title above it, on the chart's background (what a report or slide needs)."""
        chart = self.plot.grab()
        ratio = chart.devicePixelRatio() or 1.0
        font = QFont(QApplication.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        title_h = round(QFontMetrics(font).height() * 2.0 * ratio)
        out = QPixmap(chart.width(), chart.height() + title_h)
        out.setDevicePixelRatio(1.0)
        out.fill(self.colors.background)
        painter = QPainter(out)
        painter.setPen(self.colors.text)
        painter.setFont(font)
        margin = round(12 * ratio)
        painter.drawText(
            QRect(margin, 0, chart.width() - 2 * margin, title_h),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            self.chart_title(),
        )
        painter.drawPixmap(0, title_h, chart)
        painter.end()
        return out

    def save_png(self, path: str | Path) -> bool:
        return self.render_png().save(str(path), "PNG")

    def choose_png(self) -> None:
        name = self.chart_title().lower().replace(" ", "_") or "chart"
        path, _ = QFileDialog.getSaveFileName(
            self,
            QCoreApplication.translate("ChartPanel", "Save chart"),
            f"{name}.png",
            QCoreApplication.translate("ChartPanel", "PNG image (*.png)"),
        )
        if path:
            if not path.lower().endswith(".png"):
                path += ".png"
            self.save_png(path)
