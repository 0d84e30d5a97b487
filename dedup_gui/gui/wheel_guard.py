"""Sliders, spin boxes and combo boxes ignore the mouse wheel unless they have the keyboard focus.

In a scrolling side panel the wheel is meant for the panel: a slider that changed under the pointer would start a
re-run the user never asked for. An unfocused control passes the wheel on to the scroll area around it; a click
(or Tab) gives it the focus, and then the wheel adjusts it as usual.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSlider, QAbstractSpinBox, QComboBox, QWidget

GUARDED = (QAbstractSlider, QAbstractSpinBox, QComboBox)


class WheelGuard(QObject):
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Wheel and isinstance(obj, QWidget) and not obj.hasFocus():
            area = _scroll_area_of(obj)
            if area is not None:
                QCoreApplication.sendEvent(area.verticalScrollBar(), event)
            return True
        return False


def _scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QAbstractScrollArea):
        parent = parent.parentWidget()
    return parent


def guard_wheel(root: QWidget) -> WheelGuard:
    """Guard every slider, spin box and combo box inside ``root`` (call again after adding controls)."""
    guard = root.findChild(WheelGuard) or WheelGuard(root)
    for cls in GUARDED:
        for w in root.findChildren(cls):
            w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a wheel alone never focuses it
            w.removeEventFilter(guard)
            w.installEventFilter(guard)
    return guard
