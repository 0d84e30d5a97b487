"""The compare view diffs long texts off the GUI thread: texts at once, highlights when ready, stale diffs dropped."""

from __future__ import annotations

import random

from dedup_gui.core.diff import diff_texts
from dedup_gui.gui.compare_view import INLINE_CHARS, CompareView

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
    assert view.difference_count == 0 and view.left.edit.extraSelections() == []


def test_boilerplate_is_found_in_the_shown_text_whatever_its_width_case_and_spacing():
    from dedup_gui.gui.compare_view import _folded, find_folded

    text = "ＡＢＣ News：\u3000本文来源 新华社 ﬁnal\nStraße 报道。"
    assert find_folded(text, "本文来源新华社") == [(text.index("本文"), text.index("社") + 1)]
    assert find_folded(text, "abcnews:") == [(0, text.index("：") + 1)]
    assert find_folded(text, "finalstrasse") == [(text.index("ﬁ"), text.index("ße") + 2)]
    folded, origin = _folded(text)
    assert len(folded) == len(origin) and origin == sorted(origin)
