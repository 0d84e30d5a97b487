"""Splitters that share their width out by a rule until the user moves them (or a saved layout is restored): the
window's settings panel beside the review, the cluster list beside a cluster's rows and texts.

A splitter of Qt keeps the proportions it was first given: at 1280 pixels the cluster list was left ~300 pixels,
whose columns of figures took all but ~25 of them - its kept texts were an ellipsis and its "To check" column
cut off - while the settings panel kept 335 pixels and, on a wide screen, more than it needs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter

SIDE_WIDTH = 320  # the settings panel (its least is 300: ``MainWindow``)
CLUSTER_SHARE = 0.4  # of the review's width, for the cluster list...
CLUSTER_WIDTHS = (300, 560)  # ... no narrower, no wider than these


class RuledSplitter(QSplitter):
    """A horizontal splitter of two widgets whose sizes ``rule`` gives for its width, each time it is resized, until
    the user drags its handle or ``stop_rule`` is called (a layout restored)."""

    def __init__(self, rule: Callable[[int], int]):
        super().__init__(Qt.Orientation.Horizontal)
        self.rule: Callable[[int], int] | None = rule  # the width of the first widget, for the splitter's width
        self.splitterMoved.connect(self.stop_rule)

    def stop_rule(self, *_) -> None:
        self.rule = None

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        if self.rule is not None and self.count() == 2:
            width = max(self.width() - self.handleWidth(), 0)
            first = min(self.rule(width), width)
            self.setSizes([first, width - first])


def cluster_list_width(width: int) -> int:
    """The cluster list's width in a review ``width`` pixels wide: ``CLUSTER_SHARE`` of it, within ``CLUSTER_WIDTHS``
    (in a window of 1280 pixels ~380, where its kept texts show ~6 Chinese characters beside its figures and its
    "To check" column; 560 in one of 1920)."""
    low, high = CLUSTER_WIDTHS
    return int(min(max(width * CLUSTER_SHARE, low), high))
