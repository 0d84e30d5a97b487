"""Progress reporting and cancellation shared by every stage of the engine.

A stage reports ``progress(stage, done, total)``; long loops call ``check()`` often enough that a cancel request
is honoured within a fraction of a second.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import Cancelled

ProgressFn = Callable[[str, int, int], None]


def _no_progress(stage: str, done: int, total: int) -> None:
    pass


@dataclass
class Reporter:
    """Bundles a progress callback and a cancel flag; passed down through every stage."""

    progress: ProgressFn = _no_progress
    cancel_event: threading.Event = field(default_factory=threading.Event)

    def check(self) -> None:
        if self.cancel_event.is_set():
            raise Cancelled()

    def report(self, stage: str, done: int, total: int) -> None:
        self.check()
        self.progress(stage, done, total)

    def each(self, stage: str, items: list, every: int = 2000):
        """(index, item) over ``items``, reporting progress and honouring Cancel every ``every`` items."""
        total = len(items)
        for i, item in enumerate(items):
            if i % every == 0:
                self.report(stage, i, total)
            yield i, item
        self.report(stage, total, total)

    def cancel(self) -> None:
        self.cancel_event.set()

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()
