"""``RowDecisions``' changes are plain set arithmetic, however they are worked out: a kind of decision a change
leaves alone stays the same set (what ``touched`` skips), and ``touched_rows`` finds the rows ``touched`` holds."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.review_decisions import RowDecisions

rows = st.frozensets(st.integers(0, 40), max_size=25)


@st.composite
def decisions(draw):
    return RowDecisions(draw(rows), draw(rows), draw(rows))


def _touched(x: RowDecisions, y: RowDecisions) -> frozenset[int]:
    return (x.kept ^ y.kept) | (x.not_duplicate ^ y.not_duplicate) | (x.removed ^ y.removed)


@settings(max_examples=300, deadline=None)
@given(decisions(), rows, rows, st.one_of(st.integers(0, 40), rows), st.booleans())
def test_each_change_is_the_set_arithmetic_it_states(intent, chosen, held, kept_now, as_list):
    given_rows = sorted(chosen) if as_list else chosen  # (a list, or a set the change must not alter)
    before = frozenset(chosen)
    keep_out = {kept_now} if isinstance(kept_now, int) else set(kept_now)
    marked = chosen - keep_out
    want = {
        "mark": RowDecisions(intent.kept - marked, intent.not_duplicate | marked, intent.removed - marked),
        "remove": RowDecisions(intent.kept - chosen, intent.not_duplicate - chosen, intent.removed | (chosen & held)),
        "unmark": RowDecisions(intent.kept, intent.not_duplicate - chosen, intent.removed | (chosen & held)),
        "reset": RowDecisions(intent.kept - chosen, intent.not_duplicate - chosen, intent.removed - chosen),
    }
    got = {
        "mark": intent.mark_not_duplicate(given_rows, kept_now),
        "remove": intent.remove(given_rows, held),
        "unmark": intent.unmark_not_duplicate(given_rows, held),
        "reset": intent.reset(given_rows),
    }
    assert frozenset(chosen) == before
    for name, new in got.items():
        assert new == want[name], name
        for kind in ("kept", "not_duplicate", "removed"):
            if getattr(new, kind) == getattr(intent, kind):  # left alone: the very same set
                assert getattr(new, kind) is getattr(intent, kind), (name, kind)
        assert intent.touched(new) == _touched(intent, new)
        assert set(intent.touched_rows(new)) == _touched(intent, new)


@settings(max_examples=200, deadline=None)
@given(decisions(), decisions())
def test_touched_of_any_two_decisions(x, y):
    assert x.touched(y) == _touched(x, y) == y.touched(x)
    assert set(x.touched_rows(y)) == _touched(x, y)
    assert x.touched(x) == frozenset() and list(x.touched_rows(x)) == []
