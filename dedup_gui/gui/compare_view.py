"""Side-by-side compare view: the kept text on the left, a member on the right, differences highlighted.

Opcodes come from ``core.diff`` (character-level for CJK, word-level for Latin). The documents stay plain text:
a few highlights are extra selections, many are formats of the text's layout, drawn with the text in one pass
(``_Pane.mark``); the current difference is an extra selection over them with a stronger colour, and both panes
scroll to it. The two panes scroll together.

Long texts are diffed off the GUI thread (``_DiffTask`` in a thread pool of one): the texts show at once, the
highlights follow (``diffShown``), and a diff for a pair no longer on screen is dropped - unstarted when the user has
already moved on, ignored when it arrives late. Short texts are diffed in line: no flicker, no wait. Very long texts
are laid out in a turn of the event loop of their own, after the rest of the window has been drawn, and their diff
starts once they are drawn (``set_texts``).

Above each text: the input columns the user chose (title, source, date ...). Below it: the sentences the engine
ignored as boilerplate learned from the data, behind a small expander; where they appear verbatim in the text they
are greyed and struck through.
"""

from __future__ import annotations

import bisect
import html
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPalette, QTextCharFormat, QTextCursor, QTextDocument, QTextLayout
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dedup_gui.core.diff import DiffResult, diff_texts, diff_texts_until

# Characters of each text compared; longer texts are compared in part and say so. Past ``diff.WINDOW_CHARS`` a
# text is compared a window at a time off the window's thread (each window holds the interpreter lock 5-20 ms)
COMPARE_MAX_CHARS = 100_000
INLINE_CHARS = 3_000  # two texts this long together are diffed on the GUI thread (a few ms); longer ones off it
# Texts to lay out anew this long together are shown a turn of the event loop after they are asked for (``set_texts``)
LATER_CHARS = 10_000
# A pane's highlights (differences and greyed boilerplate) up to this many are extra selections, more are formats of
# its text's layout (``_Pane.mark``)
SELECTION_SPANS = 16

# (light, dark) backgrounds per kind of span; chosen for contrast on both palettes.
_COLOURS = {
    "delete": ("#f8c4c4", "#6b2a2a"),
    "insert": ("#c2ebc9", "#25553a"),
    "replace": ("#fbe3a6", "#6a5418"),
    "current": ("#ffb347", "#b86e00"),
}


def _is_dark(widget: QWidget) -> bool:
    return widget.palette().color(QPalette.ColorRole.Base).lightness() < 128


class _FoldTable(dict):
    """Character -> what it becomes as the engine compares it (NFKC, case-folded, whitespace dropped), each
    character worked out once."""

    def __missing__(self, ch: str) -> str:
        folded = "".join(c for c in unicodedata.normalize("NFKC", ch).casefold() if not c.isspace())
        self[ch] = folded
        return folded


_FOLD = _FoldTable()


@lru_cache(maxsize=8)  # a pane's text is searched once per boilerplate sentence, and again when painted
def _folded(text: str) -> tuple[str, list[int]]:
    """The text as the engine compares it, roughly (NFKC, case-folded, no whitespace), with where each of its
    characters came from in the original. Character by character through a lookup table at C speed: a Python
    loop over a long article held the GUI thread for tens of milliseconds."""
    parts = list(map(_FOLD.__getitem__, text))
    sizes = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts))
    return "".join(parts), np.repeat(np.arange(len(parts)), sizes).tolist()


def find_folded(text: str, sentence: str) -> list[tuple[int, int]]:
    """(start, end) in ``text`` of every occurrence of a normalised ``sentence`` (full-width punctuation, case
    and spacing may differ: the engine's sentences are normalised, the shown text is not)."""
    needle = _folded(sentence)[0]
    if not needle:
        return []
    hay, origin = _folded(text)
    spans, start = [], hay.find(needle)
    while start >= 0:
        spans.append((origin[start], origin[start + len(needle) - 1] + 1))
        start = hay.find(needle, start + len(needle))
    return spans


class _DiffSink(QObject):
    """Receives finished diffs on the GUI thread (a signal emitted from the pool's thread is queued)."""

    done = Signal(int, object)  # generation, DiffResult
    boilerplate = Signal(int, object)  # generation, (the kept row's ignored sentences, the other's)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.generation = 0  # the pair on screen; read by tasks to skip pairs the user has left


class _DiffTask(QRunnable):
    def __init__(self, sink: _DiffSink, generation: int, a: str, b: str, fold: bool = True):
        super().__init__()
        self.sink, self.generation, self.a, self.b, self.fold = sink, generation, a, b, fold

    def run(self) -> None:
        try:
            if self.sink.generation != self.generation:
                return  # the user selected another pair before this one started
            wanted = lambda: self.sink.generation == self.generation  # noqa: E731 - stops when the user moves on
            result = diff_texts_until(self.a, self.b, wanted, max_chars=COMPARE_MAX_CHARS, fold=self.fold)
            if result is not None:
                self.sink.done.emit(self.generation, result)
        except RuntimeError:  # the view was deleted meanwhile
            pass


class _BoilerplateTask(QRunnable):
    """The ignored sentences of the pair on screen, asked off the window's thread (``CompareView.ask_boilerplate``)."""

    def __init__(self, sink: _DiffSink, generation: int, fetch: Callable[[], tuple[list[str], list[str]]]):
        super().__init__()
        self.sink, self.generation, self.fetch = sink, generation, fetch

    def run(self) -> None:
        try:
            if self.sink.generation != self.generation:
                return  # the user selected another pair before this one started
            found = self.fetch()
            self.sink.boilerplate.emit(self.generation, found)
        except RuntimeError:  # the view was deleted meanwhile
            pass


class _Pane(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = QLabel()
        self.title.setObjectName("paneTitle")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.fields = QLabel()
        self.fields.setObjectName("memberFields")
        self.fields.setTextFormat(Qt.TextFormat.RichText)
        self.fields.setWordWrap(True)
        self.fields.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fields.hide()
        self.boilerplate_toggle = QToolButton()
        self.boilerplate_toggle.setObjectName("boilerplateToggle")
        self.boilerplate_toggle.setCheckable(True)
        self.boilerplate_toggle.setAutoRaise(True)
        self.boilerplate_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.boilerplate_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.boilerplate_toggle.hide()
        self.boilerplate = QLabel()
        self.boilerplate.setObjectName("hint")
        self.boilerplate.setWordWrap(True)
        self.boilerplate.setTextFormat(Qt.TextFormat.PlainText)
        self.boilerplate.hide()
        self.boilerplate_toggle.toggled.connect(self._show_boilerplate)
        self.boilerplate_sentences: list[str] = []
        self.text = ""  # what the edit shows (``show_text``): read from here, not converted back from the document
        self._marked: dict[int, tuple] = {}  # block number -> the spans its layout is formatted with (``mark``)
        self._span_selections: list = []  # ... or the spans as extra selections, when they are few
        self._current: list = []  # the current difference's extra selection (``set_current``)
        self.edit = QPlainTextEdit()
        self.edit.setReadOnly(True)
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.edit.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        font = self.edit.font()
        font.setPointSizeF(max(font.pointSizeF(), 10.5))
        self.edit.setFont(font)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.title)
        layout.addWidget(self.fields)
        layout.addWidget(self.edit)
        layout.addWidget(self.boilerplate_toggle, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.boilerplate)

    def set_fields(self, fields: Sequence[tuple[str, str]]) -> None:
        """The chosen input columns of this row, on one wrapped line above the text."""
        parts = [f"<b>{html.escape(name)}</b>&nbsp;{html.escape(value[:200])}" for name, value in fields]
        self.fields.setText(" &nbsp;·&nbsp; ".join(parts))
        self.fields.setVisible(bool(parts))

    def set_boilerplate(self, sentences: Sequence[str]) -> None:
        self.boilerplate_sentences = list(sentences)
        n = len(self.boilerplate_sentences)
        self.boilerplate_toggle.setText(self.tr("Ignored as boilerplate: {n} sentence(s)").format(n=n) if n else "")
        self.boilerplate_toggle.setToolTip(
            self.tr("Sentences found in many otherwise different texts (disclaimers, bylines, footers); they are "
                    "left out when texts are compared.")
        )  # fmt: skip
        text = self.text
        shown = []
        for sentence in self.boilerplate_sentences:  # as written in this row when found, else as compared
            spans = find_folded(text, sentence)
            shown.append(text[spans[0][0] : spans[0][1]] if spans else sentence)
        self.boilerplate.setText("\n".join(f"• {t}" for t in shown))
        self.boilerplate_toggle.setVisible(bool(n))
        self._show_boilerplate(self.boilerplate_toggle.isChecked())

    def _show_boilerplate(self, on: bool) -> None:
        self.boilerplate_toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.boilerplate.setVisible(on and bool(self.boilerplate_sentences))

    def differs(self, text: str) -> int:
        """The characters ``show_text`` would lay out for ``text``: none for the text shown already."""
        return 0 if text == self.text else len(text)

    def show_text(self, text: str) -> None:
        """``text`` in the edit; the text shown already (the kept row, as the user steps through its cluster's other
        rows) is not laid out again (a 30,000-character article: ~30 ms)."""
        if text == self.text:
            return
        self.text = text
        self._marked = {}  # a new document: its blocks are not formatted, its cursors are gone
        self._span_selections, self._current = [], []
        self.edit.setExtraSelections([])
        self.edit.setPlainText(text)

    def mark(
        self, spans: Sequence[tuple[int, int, str]], formats: dict[str, QTextCharFormat], again: bool = False
    ) -> None:
        """Draw ``spans`` (start, end, kind: a key of ``formats``; the later of two that overlap drawn over the
        earlier) in the text. A few (``SELECTION_SPANS`` or fewer) as extra selections: each draws the visible lines
        of its paragraph again at every paint (~0.18 ms a paint in a one-paragraph article of 30,000 characters),
        where a format of the paragraph's layout has it laid out again (~7.5 ms there). More as formats of the
        layouts of the blocks they are in (what ``QSyntaxHighlighter`` does), drawn with the text in one pass: 1,000
        differences in that article took 196 ms a paint as extra selections, 3 ms so. Only blocks whose formats
        changed are laid out again; ``again``: every block (the formats themselves changed)."""
        doc = self.edit.document()
        ranges: dict[int, list[tuple[int, int, str]]] = {}
        selections = []
        if len(spans) <= SELECTION_SPANS:
            for start, end, kind in spans:
                selections.append(_selection(doc, start, end, formats[kind]))
        else:
            for start, end, kind in spans:
                block = doc.findBlock(start)
                while block.isValid() and block.position() < end:
                    at = block.position()
                    lo, hi = max(start, at), min(end, at + block.length() - 1)  # (not the block's separator)
                    if hi > lo:
                        ranges.setdefault(block.blockNumber(), []).append((lo - at, hi - lo, kind))
                    block = block.next()
        marked = {n: tuple(r) for n, r in ranges.items()}
        for n in sorted(set(self._marked) | set(marked)):
            if not again and self._marked.get(n) == marked.get(n):
                continue
            block = doc.findBlockByNumber(n)
            if not block.isValid():
                continue
            block.layout().setFormats([_format_range(*r, formats) for r in marked.get(n, ())])
            doc.markContentsDirty(block.position(), block.length())
        self._marked = marked
        self._span_selections = selections
        self.edit.setExtraSelections(self._span_selections + self._current)

    def set_current(self, start: int, end: int, fmt: QTextCharFormat) -> None:
        """The current difference (``start`` < ``end``; else none), drawn over the other spans as the last extra
        selection: moving to the next one lays no text out again."""
        self._current = [_selection(self.edit.document(), start, end, fmt)] if end > start else []
        self.edit.setExtraSelections(self._span_selections + self._current)

    def current_span(self) -> tuple[int, int] | None:
        """(start, end) of the current difference drawn (``set_current``), None when there is none."""
        if not self._current:
            return None
        cursor = self._current[0].cursor
        return cursor.selectionStart(), cursor.selectionEnd()

    def marked_spans(self) -> list[tuple[int, int, QTextCharFormat]]:
        """(start, end, format) of every span drawn in the text (``mark``; not the current difference), by where they
        start: a span over several blocks is one piece in each where the blocks' layouts hold it."""
        doc = self.edit.document()
        out = []
        block = doc.begin()
        while block.isValid():
            at = block.position()
            for r in block.layout().formats():  # (a copy of each format: the list's own go with it)
                out.append((at + r.start, at + r.start + r.length, QTextCharFormat(r.format)))
            block = block.next()
        for selection in self._span_selections:
            cursor = selection.cursor
            out.append((cursor.selectionStart(), cursor.selectionEnd(), QTextCharFormat(selection.format)))
        return sorted(out, key=lambda span: span[0])

    def boilerplate_spans(self) -> list[tuple[int, int]]:
        """Where the ignored sentences are in the text (start, end)."""
        text = self.text
        return [span for sentence in self.boilerplate_sentences for span in find_folded(text, sentence)]


def _selection(doc: QTextDocument, start: int, end: int, fmt: QTextCharFormat) -> QTextEdit.ExtraSelection:
    selection = QTextEdit.ExtraSelection()
    cursor = QTextCursor(doc)
    cursor.setPosition(start)
    cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
    selection.cursor, selection.format = cursor, fmt
    return selection


def _format_range(start: int, length: int, kind: str, formats: dict[str, QTextCharFormat]) -> QTextLayout.FormatRange:
    r = QTextLayout.FormatRange()
    r.start, r.length, r.format = start, length, formats[kind]
    return r


class _Pair(NamedTuple):
    """What ``CompareView.set_texts`` is given: two texts and what is shown with them."""

    kept: str
    other: str
    kept_title: str
    other_title: str
    similarity: float | None
    fields: tuple[Sequence[tuple[str, str]], Sequence[tuple[str, str]]]
    boilerplate: tuple[Sequence[str], Sequence[str]]


class CompareView(QWidget):
    """Shows two texts with their differences; N / P (or the arrow buttons) step through the differences."""

    currentDifferenceChanged = Signal(int, int)  # index (0-based, -1 none), count
    diffShown = Signal()  # the differences of the texts on screen are highlighted (or there are none)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.left = _Pane()
        self.right = _Pane()
        self.diff: DiffResult | None = None
        self.current = -1
        self._syncing = False
        self._texts = ("", "")
        self.diff_pending = False  # the texts on screen wait for their diff from the pool
        self._later: _Pair | None = None  # a pair ``set_texts`` shows in the next turn (``LATER_CHARS``)
        # Traditional Chinese compared folded to simplified, as the run on screen compared it (the review pane sets it)
        self.fold_traditional = True
        self._diffed_folded = True  # ... and as the diff on screen compared it
        self._highlight_formats: dict[str, QTextCharFormat] = {}  # (``_formats``)
        self._sink = _DiffSink(self)
        self._sink.done.connect(self._diff_done)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one diff at a time: the newest waits at most for one older
        self._sink.boilerplate.connect(self._boilerplate_done)
        self._questions = QThreadPool(self)  # the engine's answers (not behind a long diff)
        self._questions.setMaxThreadCount(1)

        self.prev_button = QToolButton()
        self.prev_button.setArrowType(Qt.ArrowType.UpArrow)
        self.prev_button.setToolTip(self.tr("Previous difference (P)"))
        self.next_button = QToolButton()
        self.next_button.setArrowType(Qt.ArrowType.DownArrow)
        self.next_button.setToolTip(self.tr("Next difference (N)"))
        self.position = QLabel()
        self.position.setObjectName("diffPosition")
        self.similarity = QLabel()
        self.similarity.setObjectName("similarity")
        self.note = QLabel()
        self.note.setObjectName("hint")
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self._update_legend()

        # The note and the legend give way first when the window is narrow (cut at their right, not holding the
        # window wider: their full width made it at least 1012 pixels, too wide for half a 1920-pixel screen).
        for label in (self.note, self.legend):
            label.setMinimumWidth(1)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.prev_button)
        bar.addWidget(self.next_button)
        bar.addWidget(self.position)
        bar.addSpacing(16)
        bar.addWidget(self.similarity)
        bar.addSpacing(16)
        bar.addWidget(self.note, 1)
        bar.addWidget(self.legend)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.left)
        self.splitter.addWidget(self.right)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.splitter, 1)

        self.prev_button.clicked.connect(self.previous_difference)
        self.next_button.clicked.connect(self.next_difference)
        self.left.edit.verticalScrollBar().valueChanged.connect(lambda _: self._sync(self.left, self.right))
        self.right.edit.verticalScrollBar().valueChanged.connect(lambda _: self._sync(self.right, self.left))
        self.clear()

    def _update_legend(self) -> None:
        dark = _is_dark(self)
        swatch = '<span style="background:{};">&nbsp;{}&nbsp;</span>'
        self.legend.setText(
            " ".join(
                swatch.format(_COLOURS[k][dark], label)
                for k, label in (
                    ("delete", self.tr("only in kept")),
                    ("insert", self.tr("only in this row")),
                    ("replace", self.tr("changed")),
                )
            )
        )

    # -- content ----

    def clear(self, message: str | None = None) -> None:
        message = self.tr("Select a cluster to compare its rows.") if message is None else message
        self._sink.generation += 1  # a diff still on its way is for texts no longer shown
        self.diff_pending = False
        self._later = None
        self.diff = None
        self.current = -1
        self._texts = ("", "")
        self.left.title.setText("<b>{}</b>".format(self.tr("Kept")))
        self.right.title.setText("<b>{}</b>".format(self.tr("Duplicate")))
        self.left.show_text("")
        self.right.show_text("")
        self.left.edit.setPlaceholderText(message)
        self.right.edit.setPlaceholderText("")
        for pane in (self.left, self.right):
            pane.set_fields([])
            pane.set_boilerplate([])
        self.position.setText("")
        self.similarity.setText("")
        self.note.setText("")
        self._update_buttons()

    def set_texts(
        self,
        kept: str,
        other: str,
        kept_title: str,
        other_title: str,
        similarity: float | None = None,
        fields: tuple[Sequence[tuple[str, str]], Sequence[tuple[str, str]]] = ((), ()),
        boilerplate: tuple[Sequence[str], Sequence[str]] = ((), ()),
    ) -> None:
        """Compare ``kept`` (left) with ``other``; ``fields`` are the chosen input columns of each row and
        ``boilerplate`` the sentences of each the engine ignored. The texts on screen already (a decision on the
        pair shown changes its titles and figures, not its texts) stay as they are laid out, at the difference the
        user was at: laying two 5,000-character articles out again took ~27 ms of each such click, and brought
        the view back to the first difference.

        Texts with more than ``LATER_CHARS`` characters to lay out anew are shown in the next turn of the event loop
        (``_show_later``), after the window has drawn what changed with them (the row's cluster and members
        selected): a 30,000-character article takes 7-19 ms to lay out and 10-35 ms to draw the first time, and in
        one turn with the lists' the window stood still for 99-108 ms at the first cluster reviewed of a workbook
        of long articles (``benchmarks.gui_heartbeat``). Until then the pair on screen stays, a diff of it on its
        way is dropped, and the view waits for its diff (``diff_pending``)."""
        pair = _Pair(kept, other, kept_title, other_title, similarity, fields, boilerplate)
        if self.left.differs(kept) + self.right.differs(other) > LATER_CHARS:
            self._sink.generation += 1
            self.diff_pending = True
            if self._later is None:
                self._after_paint(self._show_later)
            self._later = pair
            return
        waiting, self._later = self._later is not None, None
        self._set_texts(pair, anew=waiting)  # (the pair on screen asked for again: its diff was dropped)

    def _show_later(self) -> None:
        """The texts ``set_texts`` left for this turn - unless the view was cleared since. The pair's generation
        stays the one ``set_texts`` gave it: what was asked of the engine for it (``ask_boilerplate``) is shown."""
        pair, self._later = self._later, None
        if pair is not None:
            self._set_texts(pair, fresh=True)

    def _set_texts(self, pair: _Pair, fresh: bool = False, anew: bool = False) -> None:
        """``set_texts`` of ``pair`` now. ``fresh``: the pair has a generation of its own already (``_show_later``).
        ``anew``: not the pair on screen whatever its texts (another was asked for since, its diff dropped)."""
        kept, other, similarity = pair.kept, pair.other, pair.similarity
        panes = (self.left, self.right)
        same = (
            not (fresh or anew)
            and (kept, other) == self._texts
            and (self.diff is not None or self.diff_pending)
            and self._diffed_folded == self.fold_traditional
        )
        for pane, f in zip(panes, pair.fields, strict=True):
            pane.set_fields(f)
        self.left.title.setText(pair.kept_title)
        self.right.title.setText(pair.other_title)
        if similarity is None or similarity != similarity:  # None or nan
            self.similarity.setText("")
        else:
            self.similarity.setText(self.tr("Similarity <b>{value}</b>").format(value=f"{similarity:.0%}"))
        sentences = [list(b) for b in pair.boilerplate]
        if same:
            if sentences != [pane.boilerplate_sentences for pane in panes]:
                self._set_boilerplate(sentences)
            return
        self._texts = (kept, other)
        self._diffed_folded = self.fold_traditional
        for pane, b in zip(panes, sentences, strict=True):
            pane.boilerplate_sentences = b
        if not fresh:
            self._sink.generation += 1
        self.diff = None
        self.current = -1
        self.left.show_text(kept)
        self.right.show_text(other)
        for pane in (self.left, self.right):
            pane.set_boilerplate(pane.boilerplate_sentences)
        for pane in (self.left, self.right):
            pane.edit.moveCursor(QTextCursor.MoveOperation.Start)
        if len(kept) + len(other) <= INLINE_CHARS or kept == other:
            self.diff_pending = False
            self._show_diff(diff_texts(kept, other, max_chars=COMPARE_MAX_CHARS, fold=self.fold_traditional))
            return
        self.diff_pending = True
        self.note.setText(self.tr("Comparing…"))
        self._paint()  # the boilerplate greyed, no differences yet
        # Started once the texts are drawn: the diff holds the interpreter lock a window at a time
        # (``diff.WINDOW_CHARS``: 5-20 ms), and the lists' and the texts' first paint call the models' Python code
        # hundreds of times, each call waiting for it.
        task = _DiffTask(self._sink, self._sink.generation, kept, other, self.fold_traditional)
        self._after_paint(lambda: self._pool.start(task))

    def _after_paint(self, fn: Callable[[], None]) -> None:
        """``fn`` once the window has drawn what is waiting to be drawn: Qt posts the window's paint at a low
        priority, so a call queued now would come before it; one queued from that call comes after it (with the
        window's timers, the probe's among them, between the two)."""
        QTimer.singleShot(0, self, lambda: QTimer.singleShot(0, self, fn))

    def ask_boilerplate(self, fetch: Callable[[], tuple[list[str], list[str]]]) -> None:
        """The ignored sentences of the pair on screen (``set_texts``) from ``fetch``, called off the window's
        thread (a question to the engine's process: ~10 ms of waiting for each pair at 100k articles), shown when
        it answers - unless another pair is on screen by then."""
        self._questions.start(_BoilerplateTask(self._sink, self._sink.generation, fetch))

    def _boilerplate_done(self, generation: int, found: tuple[list[str], list[str]]) -> None:
        if generation != self._sink.generation:
            return  # for texts no longer on screen
        if self._later is not None:  # (for texts shown in this turn: with them)
            self._later = self._later._replace(boilerplate=found)
            return
        self._set_boilerplate(found)

    def _set_boilerplate(self, sentences: Sequence[Sequence[str]]) -> None:
        """Each pane's ignored sentences (the kept row's, the other's), listed and greyed in its text."""
        for pane, found in zip((self.left, self.right), sentences, strict=True):
            pane.set_boilerplate(found)
        self._paint()

    def _diff_done(self, generation: int, diff: DiffResult) -> None:
        if generation != self._sink.generation:
            return  # for texts no longer on screen
        self.diff_pending = False
        self._show_diff(diff)

    def _show_diff(self, diff: DiffResult) -> None:
        kept, other = self._texts
        self.diff = diff
        notes = []
        if diff.truncated:
            notes.append(
                self.tr("Differences shown for the first {n} characters only.").format(n=f"{COMPARE_MAX_CHARS:,}")
            )
        if kept == other:
            notes.append(self.tr("The texts are identical."))
        elif not diff.differences:
            notes.append(self.tr("No differences in the compared part."))
        self.note.setText(" ".join(notes))
        self.current = 0 if diff.differences else -1
        self._paint()
        if self.current >= 0:
            self._scroll_to_current()
        self.diffShown.emit()

    @property
    def difference_count(self) -> int:
        return len(self.diff.differences) if self.diff else 0

    def next_difference(self) -> None:
        if self.difference_count:
            self.current = (self.current + 1) % self.difference_count
            self._show_current()
            self._scroll_to_current()

    def previous_difference(self) -> None:
        if self.difference_count:
            self.current = (self.current - 1) % self.difference_count
            self._show_current()
            self._scroll_to_current()

    def highlighted_spans(self, side: str) -> list[tuple[int, int, str]]:
        """(start, end, text) of every highlighted difference in 'left' or 'right', as drawn (for tests and
        accessibility): the spans drawn with a background (the boilerplate greyed has none), the pieces of one
        difference drawn in several paragraphs as one."""
        pane = self.left if side == "left" else self.right
        at = slice(1, 3) if side == "left" else slice(3, 5)
        spans = [op[at] for op in (self.diff.differences if self.diff else [])]
        starts = [start for start, _ in spans]

        def difference_at(pos: int) -> int:
            i = bisect.bisect_right(starts, pos) - 1
            return i if i >= 0 and pos < spans[i][1] else -1

        out: list[tuple[int, int, str]] = []
        for start, end, fmt in pane.marked_spans():
            if fmt.background().style() == Qt.BrushStyle.NoBrush:
                continue  # greyed boilerplate, not a difference
            if out and difference_at(out[-1][0]) == difference_at(start) >= 0:
                start = out.pop()[0]  # the same difference, on in the next paragraph
            out.append((start, end, pane.text[start:end]))
        return out

    # -- painting ----

    def _paint(self, again: bool = False) -> None:
        """The boilerplate greyed and struck through and the differences over it (``_Pane.mark``), the current
        difference over them (``_show_current``). ``again``: the formats changed (the palette), every highlight is
        drawn anew."""
        formats = self._formats(again)
        left = [(start, end, "boilerplate") for start, end in self.left.boilerplate_spans()]
        right = [(start, end, "boilerplate") for start, end in self.right.boilerplate_spans()]
        for tag, a0, a1, b0, b1 in self.diff.differences if self.diff else []:
            if a1 > a0:
                left.append((a0, a1, tag))
            if b1 > b0:
                right.append((b0, b1, tag))
        self.left.mark(left, formats, again)
        self.right.mark(right, formats, again)
        self._show_current()

    def _show_current(self) -> None:
        """The current difference, stronger, over the others (``_Pane.set_current``)."""
        current = self.diff.differences[self.current] if self.diff and self.current >= 0 else None
        fmt = self._formats()["current"]
        self.left.set_current(*(current[1:3] if current else (0, 0)), fmt)
        self.right.set_current(*(current[3:5] if current else (0, 0)), fmt)
        self._update_buttons()

    def _formats(self, again: bool = False) -> dict[str, QTextCharFormat]:
        """The format of each kind of highlight, for the palette in use (made again when ``again``)."""
        if again or not self._highlight_formats:
            dark = _is_dark(self)
            out = {}
            for kind, colours in _COLOURS.items():
                fmt = QTextCharFormat()
                fmt.setBackground(QColor(colours[dark]))
                if kind == "current":
                    fmt.setFontUnderline(True)
                    fmt.setFontWeight(QFont.Weight.Bold)
                out[kind] = fmt
            grey = QTextCharFormat()
            grey.setForeground(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
            grey.setFontStrikeOut(True)
            out["boilerplate"] = grey
            self._highlight_formats = out
        return self._highlight_formats

    def _update_buttons(self) -> None:
        n = self.difference_count
        self.prev_button.setEnabled(n > 0)
        self.next_button.setEnabled(n > 0)
        if self.diff is None:
            self.position.setText("")
        elif n == 0:
            self.position.setText(self.tr("No differences"))
        else:
            self.position.setText(self.tr("Difference <b>{i}</b> of {n}").format(i=self.current + 1, n=f"{n:,}"))
        self.currentDifferenceChanged.emit(self.current, n)

    def _scroll_to_current(self) -> None:
        tag, a0, a1, b0, b1 = self.diff.differences[self.current]
        self._syncing = True
        try:
            for pane, pos in ((self.left, a0), (self.right, b0)):
                cursor = QTextCursor(pane.edit.document())
                cursor.setPosition(min(pos, len(pane.text)))
                pane.edit.setTextCursor(cursor)
                pane.edit.centerCursor()
        finally:
            self._syncing = False

    def _sync(self, source: _Pane, target: _Pane) -> None:
        """Scroll the other pane to the same relative position."""
        if self._syncing:
            return
        self._syncing = True
        try:
            sb, tb = source.edit.verticalScrollBar(), target.edit.verticalScrollBar()
            ratio = sb.value() / sb.maximum() if sb.maximum() else 0.0
            tb.setValue(round(ratio * tb.maximum()))
        finally:
            self._syncing = False

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == event.Type.PaletteChange:
            self._update_legend()
            if self._highlight_formats:
                self._paint(again=True)
