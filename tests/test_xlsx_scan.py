"""The sheet editor finds rows and cells by their start tags and the first end tag after each
(``xlsx_stream._plain_split``, ``xlsx_stream._each_cell``), where it had matched whole elements with lazy patterns
that tried to end an element at every byte of its text: on random runs of start tags, end tags, self-closed
elements, text and stray tags, each gives what the pattern gives (the reference below is that pattern)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.io import xlsx_stream

# The pattern a stretch of plain rows was split with before (``SheetEditor._plain_rows``).
WHOLE_PLAIN_ROW = re.compile(rb'(<row r="([1-9]\d*)"[^>]*?(?:/>|>.*?</row>))', re.S)

ROW_PIECES = [
    b'<row r="1">',
    b'<row r="12" ht="15"/>',
    b'<row r="3" spans="1:2">',
    b'<row r="4" x="a/b">',
    b'<row r="0"/>',
    b"<row>",
    b"</row>",
    b'<c r="A1"/>',
    '<c r="B2" t="inlineStr"><is><t>新浪 &amp; 5</t></is></c>'.encode(),
    b" ",
    b"\r\n",
    b"text",
]
CELL_PIECES = [
    b'<c r="A1">',
    b'<c r="B2" s="3"/>',
    b"</c>",
    b'<x:c r="C3">',
    b"</x:c>",
    b"<x:c/>",
    b"<v>1</v>",
    b"<f>A1*2</f>",
    "<is><t>新浪</t></is>".encode(),
    b"<col/>",
    b"<cfRule/>",
    b"<c>",
    b" ",
    b"text",
]


def _runs(pieces: list[bytes]):
    return st.lists(st.sampled_from(pieces), max_size=10).map(b"".join)


@settings(max_examples=400, deadline=None)
@given(_runs(ROW_PIECES))
def test_rows_are_split_as_the_whole_row_pattern_splits_them(rows):
    split = xlsx_stream._plain_split(rows)
    reference = WHOLE_PLAIN_ROW.split(rows)
    if split is None:
        # (a row without its end tag: the pattern leaves its start in a blank, which the caller refuses too)
        assert any(b'<row r="' in blank for blank in reference[0::3])
    else:
        assert split == reference


def _marked(prefix: bytes, attrs: bytes, body: bytes | None) -> bytes:
    return b"[%s|%s|%s]" % (prefix, attrs, b"-" if body is None else body)


@settings(max_examples=400, deadline=None)
@given(_runs(CELL_PIECES))
def test_cells_are_edited_as_the_whole_cell_pattern_finds_them(body):
    reference = xlsx_stream._CELL.sub(lambda c: _marked(c.group("p"), c.group("attrs"), c.group("body")), body)
    assert xlsx_stream._each_cell(body, _marked) == reference


def test_each_cell_is_edited_once():
    # A cell without its end tag sends the body to the pattern: no cell before it was edited already.
    seen: list[bytes] = []

    def edit(prefix: bytes, attrs: bytes, body: bytes | None) -> bytes:
        seen.append(attrs)
        return b"<c%s/>" % attrs

    assert xlsx_stream._each_cell(b'<c r="A1"/><c r="B1"><v>1</v>', edit) == b'<c r="A1"/><c r="B1"><v>1</v>'
    assert seen == [b' r="A1"']
