"""Letting go of a run's session a piece at a time on the window's thread, between its events.

A review session of a million rows holds 300,000 cluster lines and, through its result, 300,000 clusters. When the
last view let go of it - on a re-run, a new table - all of them were freed in one call that held the interpreter
lock: the window stalled 136-150 ms. The state hands the session it replaces to a ``Releaser`` instead; once
nothing else refers to it, its objects are let go of a few thousand at a time (``ReviewSession.released_in_pieces``),
a few milliseconds per turn of the event loop. A session something else still holds (a job still running with it)
is waited for a while, then simply let go of: it is freed whenever its last holder lets go.
"""

from __future__ import annotations

import logging
import sys
import time
from collections import deque
from collections.abc import Iterator

from PySide6.QtCore import QObject, QTimer

from dedup_gui.core.result import ONE_HOLDER

# Milliseconds of each turn of the event loop spent letting go of objects.
TURN_MS = 5
# Turns (``WAIT_MS`` apart) a session others still hold is waited for before it is simply let go of.
WAIT_TURNS = 40
WAIT_MS = 50


class Releaser(QObject):
    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._queue: deque[list] = deque()  # [the object, its pieces (None until taken apart), turns waited]
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._turn)

    def release(self, obj: object) -> None:
        """Let go of ``obj`` (an object with ``released_in_pieces``) once nothing else refers to it, in pieces."""
        if obj is not None:
            self._queue.append([obj, None, 0])
            if not self._timer.isActive():
                self._timer.start(0)

    def pending(self) -> int:
        """Objects not let go of yet."""
        return len(self._queue)

    def _turn(self) -> None:
        if not self._queue:
            return
        entry = self._queue[0]
        if entry[1] is None:
            obj = entry[0]
            held_elsewhere = sys.getrefcount(obj) > ONE_HOLDER  # (more than the queue entry's and this name's)
            del obj
            if held_elsewhere:
                entry[2] += 1
                if entry[2] < WAIT_TURNS:
                    self._timer.start(WAIT_MS)
                    return
                self._next()  # still held: freed whenever its holder lets go
                return
            entry[1] = entry[0].released_in_pieces()
        pieces: Iterator[None] = entry[1]
        until = time.perf_counter() + TURN_MS / 1000
        try:
            for _ in pieces:
                if time.perf_counter() >= until:
                    self._timer.start(0)
                    return
        except Exception:  # (what is left is freed as a whole)
            logging.getLogger(__name__).exception("letting go of a session in pieces failed")
        self._next()  # (what is left of it is small)

    def _next(self) -> None:
        self._queue.popleft()
        if self._queue:
            self._timer.start(0)
