"""The summary panel: rows, exact and near duplicates, rows to remove, share removed, and time per stage."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from dedup_gui.core.analysis import RunSummary

from .charts import mix


def stage_label(stage: str) -> str:
    labels = {
        "normalise": QCoreApplication.translate("SummaryPanel", "Normalising"),
        "fingerprint": QCoreApplication.translate("SummaryPanel", "Fingerprinting"),
        "candidates": QCoreApplication.translate("SummaryPanel", "Finding candidates"),
        "verify": QCoreApplication.translate("SummaryPanel", "Verifying"),
        "cluster": QCoreApplication.translate("SummaryPanel", "Clustering"),
    }
    return labels.get(stage, stage)


def format_seconds(seconds: float) -> str:
    if seconds < 0.001:
        return QCoreApplication.translate("SummaryPanel", "< 1 ms")
    if seconds < 1:
        return QCoreApplication.translate("SummaryPanel", "{ms} ms").format(ms=f"{seconds * 1000:.0f}")
    if seconds < 60:
        return QCoreApplication.translate("SummaryPanel", "{s} s").format(s=f"{seconds:.1f}")
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


class TimingBars(QWidget):
    """One thin bar per stage, scaled to the slowest: where the time went at a glance."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.timings: tuple[tuple[str, float], ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_timings(self, timings: tuple[tuple[str, float], ...]) -> None:
        self.timings = timings
        self.updateGeometry()
        self.update()

    def _row_height(self) -> int:
        return self.fontMetrics().height() + 6

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(220, self._row_height() * max(1, len(self.timings)))

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
        if not self.timings:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        bar = mix(pal.color(QPalette.ColorRole.Highlight), pal.color(QPalette.ColorRole.Window), 0.75)
        fm = self.fontMetrics()
        label_w = max(fm.horizontalAdvance(stage_label(s)) for s, _ in self.timings) + 10
        value_w = fm.horizontalAdvance("0000 ms") + 8
        bar_w = max(20, self.width() - label_w - value_w)
        slowest = max(t for _, t in self.timings) or 1.0
        h = self._row_height()
        for i, (stage, seconds) in enumerate(self.timings):
            y = i * h
            p.setPen(text)
            p.drawText(QRectF(0, y, label_w, h), Qt.AlignmentFlag.AlignVCenter, stage_label(stage))
            width = max(2.0, bar_w * seconds / slowest)
            p.fillRect(QRectF(label_w, y + h * 0.3, width, h * 0.4), bar)
            p.drawText(
                QRectF(label_w + width + 6, y, value_w, h), Qt.AlignmentFlag.AlignVCenter, format_seconds(seconds)
            )
        p.end()


class SummaryPanel(QFrame):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chartPanel")
        self.values: dict[str, QLabel] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(2)
        figures = (
            ("rows", self.tr("Rows")),
            ("exact", self.tr("Exact duplicates")),
            ("near", self.tr("Near duplicates")),
            ("remove", self.tr("Rows to remove")),
            ("share", self.tr("Share removed")),
            ("clusters", self.tr("Clusters removing rows")),
            ("largest", self.tr("Largest cluster")),
            ("pairs", self.tr("Candidate pairs")),
        )
        tips = {
            "exact": self.tr("Removed rows whose text is identical to another row's (after normalisation)"),
            "near": self.tr("Removed rows that are similar to the kept row, not identical"),
            "pairs": self.tr("Pairs of texts the algorithm compared, and how many pass the threshold"),
            "clusters": self.tr(
                "Clusters that still remove a row after your decisions (the status bar counts the clusters to "
                "review: also those whose other rows are all kept for you to check)"
            ),
        }
        for i, (key, label) in enumerate(figures):
            name = QLabel(label)
            name.setObjectName("hint")
            value = QLabel("–")
            value.setObjectName("figure")
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            if key in tips:
                name.setToolTip(tips[key])
                value.setToolTip(tips[key])
            grid.addWidget(name, i, 0)
            grid.addWidget(value, i, 1)
            self.values[key] = value
        grid.setColumnStretch(0, 1)
        title = QLabel("<b>{}</b>".format(self.tr("Summary")))
        time_title = QLabel("<b>{}</b>".format(self.tr("Time per stage")))
        self.total = QLabel()
        self.total.setObjectName("hint")
        self.timings = TimingBars()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 8)
        layout.setSpacing(4)
        layout.addWidget(title)
        layout.addLayout(grid)
        layout.addSpacing(8)
        layout.addWidget(time_title)
        layout.addWidget(self.timings)
        layout.addWidget(self.total)
        layout.addStretch(1)

    def set_summary(self, s: RunSummary | None) -> None:
        if s is None:
            for label in self.values.values():
                label.setText("–")
            self.timings.set_timings(())
            self.total.setText("")
            return
        figures = {
            "rows": f"{s.rows:,}",
            "exact": f"{s.exact_duplicates:,}",
            "near": f"{s.near_duplicates:,}",
            "remove": f"<b>{s.rows_to_remove:,}</b>",
            "share": f"<b>{s.share_removed:.1%}</b>",
            "clusters": f"{s.clusters:,}",
            "largest": self.tr("{n} rows").format(n=f"{s.largest_cluster:,}") if s.largest_cluster else "–",
            "pairs": self.tr("{n} ({k} pass)").format(n=f"{s.candidate_pairs:,}", k=f"{s.passing_pairs:,}"),
        }
        for key, text in figures.items():
            self.values[key].setText(text)
        self.timings.set_timings(s.timings)
        self.total.setText(self.tr("Total {t} (cached stages are near zero)").format(t=format_seconds(s.total_seconds)))

    def figure(self, key: str) -> str:
        """The text a figure shows, without markup (for tests)."""
        return self.values[key].text().replace("<b>", "").replace("</b>", "")
