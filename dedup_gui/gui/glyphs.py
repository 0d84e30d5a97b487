"""The commonest Chinese characters drawn once, off screen, while the window waits: the first time a character is
drawn in a font, its glyph is rasterised and kept in the font's glyph cache, so the first screen of a Chinese table
(a few hundred to a thousand distinct characters) cost 40-100 ms of the window's thread when a file was opened -
most of the load's one stall (measured with ``benchmarks/gui_heartbeat.py`` and a timing of each event: the rows
view's first paint 38-101 ms, 16-25 ms with its characters drawn beforehand).

The characters are GB 2312's first level (the 3,755 hanzi of everyday text, from Python's own codec: no list to
ship) and printable ASCII, drawn a few milliseconds at a time on the event loop's idle turns after the window is
shown, so the warm-up itself never holds the window up (the first chunk, which loads the font's fallback for Chinese,
before it is shown).

Measured with the heartbeat probe at 4,000 articles, three runs each way, alternating: the longest stall of the
load and the first paint 62 / 89 / 82 ms without the warm-up, 46-59 ms with it drawn on the event loop from the
first chunk on."""

from __future__ import annotations

import codecs
from functools import lru_cache

from PySide6.QtCore import QObject, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QPainter, QPixmap

CHUNK = 100  # characters drawn at a time (~5 ms of rasterising on a 2-core VM)
PAUSE_MS = 0  # between two chunks: whenever the event loop has nothing else to do
_WIDTH, _HEIGHT = 1200, 400  # the off-screen pixmap a chunk is drawn into (wide enough that no glyph is clipped)


@lru_cache(maxsize=1)
def common_characters() -> str:
    """Printable ASCII, then GB 2312's level-1 hanzi (rows 0xB0-0xD7: 啊 ... 座) in code order - ASCII alone
    where this Python has no GB 2312 codec (a frozen build that left it out)."""
    ascii_part = "".join(map(chr, range(0x21, 0x7F)))
    try:
        codecs.lookup("gb2312")
    except LookupError:
        return ascii_part
    hanzi = []
    for high in range(0xB0, 0xD8):
        for low in range(0xA1, 0xFF):
            try:
                hanzi.append(bytes((high, low)).decode("gb2312"))
            except UnicodeDecodeError:  # the five unused places at the end of row 0xD7
                continue
    return ascii_part + "".join(hanzi)


class GlyphWarmer(QObject):
    """Draws ``common_characters()`` in ``font``, ``chunk`` at a time on the event loop, then emits ``finished``."""

    finished = Signal()

    def __init__(self, font: QFont, parent: QObject | None = None, chunk: int = CHUNK):
        super().__init__(parent)
        self._font = QFont(font)
        self._chunk = chunk
        self._text = common_characters()
        self.drawn = 0  # characters drawn so far
        self._timer = QTimer(self)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self._draw_next)

    def start(self) -> None:
        """Draw the first chunk now - where the font's fallback for Chinese is looked up and loaded, the warm-up's
        one long step (40-60 ms), best taken before the window is shown - and the rest on the event loop."""
        self._draw_next()
        if self.drawn < len(self._text):
            self._timer.start()

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def _draw_next(self) -> None:
        part = self._text[self.drawn : self.drawn + self._chunk]
        if part:
            pixmap = QPixmap(_WIDTH, _HEIGHT)
            painter = QPainter(pixmap)
            painter.setFont(self._font)
            painter.drawText(QRect(0, 0, _WIDTH, _HEIGHT), int(Qt.TextFlag.TextWrapAnywhere), part)
            painter.end()
            self.drawn += len(part)
        if self.drawn >= len(self._text):
            self._timer.stop()
            self.finished.emit()


def warm_glyphs(parent: QObject, font: QFont) -> GlyphWarmer:
    """Start drawing the common characters in ``font`` (the app does so just before its window is shown: the first
    chunk then, the rest on the event loop); the warmer lives as long as ``parent``."""
    warmer = GlyphWarmer(font, parent)
    warmer.start()
    return warmer
