"""Cells as raw worksheet XML, for columns appended to a workbook edited in place (the annotated export).

Every string is an inline string: text starting with "=" or looking like an error value ("#N/A") stays text,
carriage returns and literal "_x000D_"-like text are escaped so Excel reads back exactly what was written.
"""

from __future__ import annotations

import datetime as _dt
import math
import numbers
from collections.abc import Sequence
from typing import cast

from .. import regexes
from ..table import pandas_missing

_ESCAPE_X = regexes.compile(r"_(x[0-9A-Fa-f]{4}_)")


def escape_text(text: str) -> str:
    """Element text for a cell string: XML-escaped, CR kept as a reference, literal _xHHHH_ protected."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _ESCAPE_X.sub(r"_x005F_\1", text)
    return text.replace("\r", "&#13;")


def string_cell(ref: str, text: str, style: str = "") -> str:
    s = f' s="{style}"' if style else ""
    return f'<c r="{ref}"{s} t="inlineStr"><is><t xml:space="preserve">{escape_text(text)}</t></is></c>'


def value_cell(ref: str, value: object) -> str:
    """One <c> element for ``value`` ('' for an empty cell). Only the annotation's types occur: text, numbers,
    booleans; a date would need a style of the host workbook and is written as its ISO text."""
    if value is None or pandas_missing(value):
        return ""
    if isinstance(value, str):
        return string_cell(ref, value) if value != "" else ""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return f'<c r="{ref}" t="b"><v>{int(bool(value))}</v></c>'
    if isinstance(value, numbers.Integral):
        return f'<c r="{ref}"><v>{int(value)}</v></c>'
    if isinstance(value, numbers.Real):
        f = float(value)
        if math.isnan(f):
            return ""
        if math.isinf(f):
            return string_cell(ref, "inf" if f > 0 else "-inf")
        return f'<c r="{ref}"><v>{f!r}</v></c>'
    if isinstance(value, (_dt.date, _dt.time)):
        return string_cell(ref, value.isoformat())
    return string_cell(ref, str(value))


_NONE = type(None)


def column_cells(letter: str, rows: Sequence[int], values: Sequence[object]) -> list[str]:
    """``value_cell`` of each of a column's ``values`` in ``rows`` (column ``letter``): a column of whole numbers,
    or of numbers and gaps, written by one expression a cell; any other value by ``value_cell``."""
    kinds = set(map(type, values))
    if kinds <= {int, _NONE}:
        return ["" if v is None else f'<c r="{letter}{r}"><v>{v}</v></c>' for r, v in zip(rows, values, strict=True)]
    if kinds <= {int, float, _NONE}:
        numbers_ = cast("Sequence[float | None]", values)
        return [
            ""
            if v is None or v != v
            else f'<c r="{letter}{r}"><v>{v}</v></c>'
            if type(v) is int
            else f'<c r="{letter}{r}"><v>{v!r}</v></c>'
            if -math.inf < v < math.inf
            else value_cell(f"{letter}{r}", v)
            for r, v in zip(rows, numbers_, strict=True)
        ]
    return [value_cell(f"{letter}{r}", v) for r, v in zip(rows, values, strict=True)]
