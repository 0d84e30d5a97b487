"""The compare view diffs long texts off the GUI thread (texts at once, highlights when ready, stale diffs dropped)
and draws every character of every difference, as extra selections or as formats of the texts' layouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt

from dedup_gui.core.diff import diff_texts
from dedup_gui.gui.compare_view import INLINE_CHARS, LATER_CHARS, SELECTION_SPANS, CompareView

_CJK = [chr(c) for c in range(0x4E00, 0x9FA6)]


def _article(seed: int, n: int = 3000) -> str:
    return "".join(random.Random(seed).sample(_CJK, n))


def _edited(text: str) -> str:
    return text[:1000] + "改" + text[1001:2000] + "新增" + text[2000:]


def _expected(a: str, b: str) -> tuple[list[str], list[str]]:
    diff = diff_texts(a, b)
    return [a[a0:a1] for _, a0, a1, _, _ in diff.differences if a1 > a0], [
        b[b0:b1] for _, _, _, b0, b1 in diff.differences if b1 > b0
    ]


def _shown(view: CompareView) -> tuple[list[str], list[str]]:
    return [s[2] for s in view.highlighted_spans("left")], [s[2] for s in view.highlighted_spans("right")]


def test_long_texts_show_at_once_and_their_differences_follow(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    kept = _article(1)
    other = _edited(kept)
    assert len(kept) + len(other) > INLINE_CHARS
    with qtbot.waitSignal(view.diffShown, timeout=10_000):
        view.set_texts(kept, other, "Kept", "Row 2")
        assert view.left.edit.toPlainText() == kept and view.right.edit.toPlainText() == other
    assert not view.diff_pending
    assert _shown(view) == _expected(kept, other)
    assert view.difference_count == 2
    assert view.position.text() == "Difference <b>1</b> of 2"


def test_short_texts_are_highlighted_in_line(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    view.set_texts("北京时间昨日发布通知", "北京时间今日发布通知", "Kept", "Row 2")
    assert not view.diff_pending
    assert _shown(view) == (["昨"], ["今"])


def test_a_diff_for_a_pair_no_longer_on_screen_is_dropped(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    first_kept, second_kept = _article(2), _article(3)
    shown = []
    view.diffShown.connect(lambda: shown.append(view.left.edit.toPlainText()))
    view.set_texts(first_kept, _edited(first_kept), "Kept", "Row 2")
    with qtbot.waitSignal(view.diffShown, timeout=10_000):
        view.set_texts(second_kept, _edited(second_kept), "Kept", "Row 5")  # moved on before the first diff came
    qtbot.wait(50)  # a late first diff would arrive now
    assert shown == [second_kept]
    assert _shown(view) == _expected(second_kept, _edited(second_kept))


def test_clearing_the_view_drops_the_diff_on_its_way(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    kept = _article(4)
    with qtbot.assertNotEmitted(view.diffShown, wait=300):
        view.set_texts(kept, _edited(kept), "Kept", "Row 2")
        view.clear()
    assert view.difference_count == 0 and view.left.marked_spans() == [] and view.highlighted_spans("right") == []
    assert view.left.edit.extraSelections() == [] and view.right.edit.extraSelections() == []


def test_boilerplate_is_found_in_the_shown_text_whatever_its_width_case_and_spacing():
    from dedup_gui.gui.compare_view import _folded, find_folded

    text = "ＡＢＣ News：\u3000本文来源 新华社 ﬁnal\nStraße 报道。"
    assert find_folded(text, "本文来源新华社") == [(text.index("本文"), text.index("社") + 1)]
    assert find_folded(text, "abcnews:") == [(0, text.index("：") + 1)]
    assert find_folded(text, "finalstrasse") == [(text.index("ﬁ"), text.index("ße") + 2)]
    folded, origin = _folded(text)
    assert len(folded) == len(origin) and origin == sorted(origin)


def _backgrounds(view: CompareView, side: str) -> list[tuple[int, int, str]]:
    pane = view.left if side == "left" else view.right
    drawn = pane.marked_spans()
    return [
        (a, b, f.background().color().name()) for a, b, f in drawn if f.background().style() != Qt.BrushStyle.NoBrush
    ]


@pytest.mark.parametrize("others", [0, SELECTION_SPANS])
def test_a_difference_over_two_paragraphs_is_one_highlight(qtbot, others):
    """Drawn as an extra selection (a few highlights) or in each paragraph's layout (more: ``others`` differences
    further on), a difference over two paragraphs is one highlight."""
    view = CompareView()
    qtbot.addWidget(view)
    tail_kept = "".join("，" + _CJK[i] for i in range(others))
    tail_other = "".join("，" + _CJK[1000 + i] for i in range(others))
    view.set_texts("甲乙丙丁\n戊己庚辛" + tail_kept, "甲乙丙天地己庚辛" + tail_other, "Kept", "Row 2")
    assert view.difference_count == others + 1
    shown = view.highlighted_spans("left")
    assert shown[0] == (3, 6, "丁\n戊")  # drawn in both paragraphs, one difference
    assert [text for _, _, text in shown[1:]] == [_CJK[i] for i in range(others)]
    assert view.highlighted_spans("right")[0] == (3, 5, "天地")
    pieces = [(a, b) for a, b, _ in _backgrounds(view, "left")][:2]
    selections = len(view.left.edit.extraSelections())
    if others < SELECTION_SPANS:
        assert pieces[0] == (3, 6) and selections == others + 2  # each highlight, and the current one over them
    else:
        assert pieces == [(3, 4), (5, 6)] and selections == 1  # in the layouts; the current one alone selected


def test_the_current_difference_moves_without_the_others_drawn_again(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    kept = "北京时间昨日发布通知，要求各地在月底前完成检查工作。"
    other = kept.replace("昨日", "今日").replace("月底", "年底")
    view.set_texts(kept, other, "Kept", "Row 2")
    assert view.difference_count == 2
    drawn = _backgrounds(view, "right"), _backgrounds(view, "left")

    def current(side: str) -> list[str]:
        pane = view.left if side == "left" else view.right
        span = pane.current_span()
        return [pane.text[span[0] : span[1]]] if span else []

    assert current("left") == ["昨"] and current("right") == ["今"]
    view.next_difference()
    assert current("left") == ["月"] and current("right") == ["年"]
    assert view.position.text() == "Difference <b>2</b> of 2"
    assert (_backgrounds(view, "right"), _backgrounds(view, "left")) == drawn  # the same highlights, laid out once
    assert view.highlighted_spans("right") == [(4, 5, "今"), (16, 17, "年")]
    view.next_difference()
    assert current("right") == ["今"]


def test_boilerplate_is_greyed_under_a_difference_over_it(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    footer = "本文来源新华社"
    kept = "今天下午召开会议，研究部署下一步工作。" + footer
    other = "今天下午召开会议，研究部署下一步工作。" + footer[:4] + "人民网"
    view.set_texts(kept, other, "Kept", "Row 2", boilerplate=([footer], []))
    start = kept.index(footer)
    struck = [(a, b) for a, b, f in view.left.marked_spans() if f.fontStrikeOut()]
    assert struck == [(start, len(kept))]
    assert view.highlighted_spans("left") == [(start + 4, len(kept), "新华社")]  # the difference drawn over it


def test_highlights_follow_a_dark_palette(qtbot):
    from PySide6.QtGui import QColor, QPalette

    from dedup_gui.gui.compare_view import _COLOURS

    view = CompareView()
    qtbot.addWidget(view)
    view.set_texts("北京时间昨日发布通知", "北京时间今日发布通知", "Kept", "Row 2")
    assert {c for _, _, c in _backgrounds(view, "left")} == {_COLOURS["replace"][0]}
    dark = QPalette(view.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#202020"))
    view.setPalette(dark)
    assert {c for _, _, c in _backgrounds(view, "left")} == {_COLOURS["replace"][1]}
    assert view.left.edit.extraSelections()[-1].format.background().color().name() == _COLOURS["current"][1]


def test_the_kept_text_is_not_laid_out_again_for_the_next_row_of_its_cluster(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    kept = "北京时间昨日发布通知，要求各地在月底前完成检查工作。"
    view.set_texts(kept, kept.replace("昨日", "今日"), "Kept", "Row 2")
    document = view.left.edit.document()
    revision = document.revision()
    view.set_texts(kept, kept.replace("月底", "年底"), "Kept", "Row 3")
    assert view.left.edit.document() is document and document.revision() == revision  # the same text, as it was
    assert view.right.edit.toPlainText() == kept.replace("月底", "年底")
    assert [s[2] for s in view.highlighted_spans("left")] == ["月"]  # the new pair's difference, the old one gone
    assert [s[2] for s in view.highlighted_spans("right")] == ["年"]
    view.set_texts(kept[:10], kept[:10], "Kept", "Row 4")
    assert view.left.edit.toPlainText() == kept[:10] and document.revision() != revision


def test_clearing_the_view_takes_its_highlights_with_the_texts(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    view.set_texts("北京时间昨日发布通知", "北京时间今日发布通知", "Kept", "Row 2")
    assert view.left.edit.extraSelections()  # the difference, and the current one over it
    view.clear()
    assert view.left.edit.extraSelections() == [] and view.right.edit.extraSelections() == []
    assert view.highlighted_spans("left") == [] and view.left.current_span() is None


@st.composite
def _pairs(draw):
    """Two texts of a few paragraphs, the second the first with characters replaced, put in and taken out: few
    differences or many (past ``SELECTION_SPANS``), some of them over a paragraph's end."""
    alphabet = "甲乙丙丁戊己庚辛壬癸\n"
    many = draw(st.booleans())
    kept = draw(st.text(alphabet, min_size=120 if many else 1, max_size=240 if many else 60))
    other = list(kept)
    for _ in range(draw(st.integers(40, 80) if many else st.integers(0, 8))):
        at = draw(st.integers(0, len(other)))
        what = draw(st.sampled_from(["put", "take", "swap"]))
        if what == "put" or not other:
            other.insert(at, draw(st.sampled_from("子丑寅卯\n")))
        elif what == "take":
            del other[min(at, len(other) - 1)]
        else:
            other[min(at, len(other) - 1)] = draw(st.sampled_from("子丑寅卯"))
    return kept, "".join(other)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pair=_pairs())
def test_every_character_of_every_difference_is_highlighted_and_nothing_else(qtbot, pair):
    """Whether the highlights are extra selections or formats of the paragraphs' layouts, the characters drawn
    highlighted in each pane are those of the differences (a line break is never drawn); the current difference is
    the first one, drawn over them."""
    view = CompareView()
    qtbot.addWidget(view)
    kept, other = pair
    view.set_texts(kept, other, "Kept", "Row 2")
    assert not view.diff_pending
    for side, text, at in (("left", kept, slice(1, 3)), ("right", other, slice(3, 5))):
        spans = [op[at] for op in view.diff.differences]
        expected = {i for lo, hi in spans for i in range(lo, hi) if text[i] != "\n"}
        drawn = {i for lo, hi, _ in view.highlighted_spans(side) for i in range(lo, hi) if text[i] != "\n"}
        assert drawn == expected
        pane = view.left if side == "left" else view.right
        first = next(((lo, hi) for lo, hi in spans[:1] if hi > lo), None)
        assert pane.current_span() == first


def test_a_long_articles_differences_are_shown_past_its_first_ten_thousand_characters(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    kept = "".join(random.Random(6).choices(_CJK, k=30_000))
    other = "转载：" + kept[:25_000] + "ア" + kept[25_001:]
    with qtbot.waitSignal(view.diffShown, timeout=10_000):
        view.set_texts(kept, other, "Kept", "Row 2")
    assert _shown(view) == ([kept[25_000]], ["转载：", "ア"])
    assert view.note.text() == ""  # compared whole: no "differences shown for the first ... characters only"


def _long_pair(seed: int) -> tuple[str, str]:
    kept = _article(seed, 6000)
    other = _edited(kept)
    assert len(kept) + len(other) > LATER_CHARS
    return kept, other


def test_texts_too_long_to_lay_out_at_once_come_on_screen_in_the_next_turn(qtbot):
    """Texts with more than LATER_CHARS characters to lay out are laid out a turn of the event loop after they are
    asked for (the window draws what changed with them first): until then the pair before stays on screen, and
    the view waits for the new pair's diff."""
    view = CompareView()
    qtbot.addWidget(view)
    view.set_texts("北京时间昨日发布通知", "北京时间今日发布通知", "Kept", "Row 2")
    kept, other = _long_pair(7)
    with qtbot.waitSignal(view.diffShown, timeout=10_000):
        view.set_texts(kept, other, "Kept", "Row 5")
        assert view.left.edit.toPlainText() == "北京时间昨日发布通知" and view.diff_pending
    assert view.left.edit.toPlainText() == kept and view.right.edit.toPlainText() == other
    assert view.right.title.text() == "Row 5"
    assert _shown(view) == _expected(kept, other)


def test_of_the_long_pairs_asked_for_in_one_turn_only_the_last_is_laid_out(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    laid_out: list[str] = []
    view.left.edit.textChanged.connect(lambda: laid_out.append(view.left.edit.toPlainText()))
    (first, first_other), (second, second_other) = _long_pair(8), _long_pair(9)
    with qtbot.waitSignal(view.diffShown, timeout=10_000):
        view.set_texts(first, first_other, "Kept", "Row 2")
        view.set_texts(second, second_other, "Kept", "Row 3")
    assert laid_out == [second]
    assert _shown(view) == _expected(second, second_other)


def test_a_long_pair_cleared_before_its_turn_never_comes_on_screen(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    kept, other = _long_pair(10)
    with qtbot.assertNotEmitted(view.diffShown, wait=300):
        view.set_texts(kept, other, "Kept", "Row 2")
        view.clear()
    assert view.left.edit.toPlainText() == "" and view.right.edit.toPlainText() == "" and not view.diff_pending


def test_the_pair_on_screen_asked_for_again_before_a_long_pairs_turn_keeps_its_differences(qtbot):
    """A long pair asked for drops the diff of the pair on screen; asked for again before the long pair's turn,
    the pair on screen is compared anew, not left waiting for a diff that never comes."""
    view = CompareView()
    qtbot.addWidget(view)
    view.set_texts("北京时间昨日发布通知", "北京时间今日发布通知", "Kept", "Row 2")
    kept, other = _long_pair(11)
    view.set_texts(kept, other, "Kept", "Row 3")
    view.set_texts("北京时间昨日发布通知", "北京时间今日发布通知", "Kept", "Row 2")
    assert not view.diff_pending and _shown(view) == (["昨"], ["今"])
    with qtbot.assertNotEmitted(view.diffShown, wait=300):  # (the long pair's turn comes to nothing)
        pass
    assert view.left.edit.toPlainText() == "北京时间昨日发布通知" and view.right.title.text() == "Row 2"


def test_the_engines_boilerplate_for_a_long_pair_answered_before_its_turn_is_shown_with_it(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    kept, other = _long_pair(12)
    kept, other = "本报讯。" + kept, "本报讯。" + other
    view.set_texts(kept, other, "Kept", "Row 2")
    view.ask_boilerplate(lambda: (["本报讯。"], ["本报讯。"]))
    view._questions.waitForDone(10_000)
    QCoreApplication.sendPostedEvents()  # the answer delivered (a queued signal), the texts' turn not yet come
    assert view.left.edit.toPlainText() == ""
    qtbot.waitUntil(lambda: view.left.edit.toPlainText() == kept, timeout=10_000)
    assert view.left.boilerplate_sentences == ["本报讯。"] and view.right.boilerplate_sentences == ["本报讯。"]
    assert view.left.boilerplate_spans() == [(0, 4)]


def test_a_long_pairs_diff_starts_once_its_texts_are_drawn(qtbot):
    """The diff holds the interpreter lock a window at a time: started after the texts' first paint, not while the
    window draws them (and the lists beside them, whose models are Python)."""
    view = CompareView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    paints: list[int] = []

    class Painted(QObject):
        def eventFilter(self, obj, event):  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                paints.append(1)
            return False

    painted = Painted()
    view.right.edit.viewport().installEventFilter(painted)
    started: list[int] = []
    start = view._pool.start
    view._pool.start = lambda task: (started.append(len(paints)), start(task))
    kept = _article(13)
    other = _edited(kept)
    assert INLINE_CHARS < len(kept) + len(other) <= LATER_CHARS
    with qtbot.waitSignal(view.diffShown, timeout=10_000):
        view.set_texts(kept, other, "Kept", "Row 2")
        assert started == [] and view.right.edit.toPlainText() == other
    assert len(started) == 1 and started[0] >= 1
    assert _shown(view) == _expected(kept, other)
