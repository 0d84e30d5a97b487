"""The one date parser: spreadsheet cells read as dates the way Chinese and Western spreadsheets write them.

Used by the keep policies (``core.keep``: ``original``, ``max:COL``/``min:COL``) and the analyst's view
(``core.analysis``: first/last seen of a story). A column is parsed as a whole, because some rules need the column:

- Date and datetime cells, pandas Timestamps and numpy datetimes are taken as they are (an aware time is read in UTC).
- Text, year first: ``2024年3月9日``, ``2024年3月9日 08:15``, ``2024年3月9日 下午3点``, ``2024/3/9``, ``2024.3.9``,
  ``2024-03-09 08:15:30``, ISO 8601 (``2024-03-09T08:15:00+08:00``; an offset is read in UTC); a weekday such as
  ``（星期六）`` may follow. ``2024年3月`` (no day) is the 1st of the month.
- Text, day and month first: ``9/3/2024``, ``3/9/2024``, ``9.3.2024``, ``3/9/24``. The order is the column's: a value
  whose first number is above 12 proves day-first, one whose second number is above 12 proves month-first. Without
  proof the rule is: dots are day-first (``9.3.2024``, the European way), slashes and dashes month-first
  (``3/9/2024``, Excel's US display). When the column proves both orders, only values that can be read one way are
  dates; the ambiguous ones (``3/9/2024``) are unreadable.
- Text with an English month: ``Mar 9, 2024``, ``9 March 2024``, ``09-Mar-2024``, ``Sat, 09 Mar 2024 08:15:00 +0000``.
- Text without a year, ``3月9日`` (``3月9日 08:15``): the year of every other date in the column when they all share
  one; otherwise unreadable (a year cannot be guessed safely across a new year).
- Numbers (and text that is a plain number) are Excel serial dates - days since 1899-12-30, the fraction being the
  time of day - only inside a date column (its name says date/time/日期/时间/发布..., or its other cells are
  mostly dates) and only from 1970 to 2099; elsewhere a number is an id or a count, never a date.

Everything else - ``20240309``, ``3/9`` without a year, text around a date - is unreadable: it is counted
(``ParsedDates.unreadable``) and sorts after every date (``sort_key``). Blank cells are counted apart.
Text is parsed once per distinct value with vectorised pandas string operations (100k rows in well under a second).
"""

from __future__ import annotations

import datetime as _dt
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import regexes

if TYPE_CHECKING:
    import pandas as pd

    from .table import Table

DATE_NAME_HINTS = ("date", "time", "day", "published", "created", "日期", "时间", "時間", "发布", "發布", "发表")
SERIAL_MIN = 25569  # 1970-01-01 as an Excel serial date
SERIAL_MAX = 73050  # 2099-12-31
_EXCEL_EPOCH = np.datetime64("1899-12-30", "ns")  # serial 0, after Excel's 1900 leap-year bug
_SAMPLE = 2000  # cells looked at per column when detecting the date column

# -- text patterns -----------------------------------------------------------------------------------------------

_WEEKDAY_ZH = r"(?:\s*[(（]?\s*(?:星期|周|週|礼拜|禮拜)[一二三四五六日天]\s*[)）]?)?"
_WEEKDAY_EN = r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
# A time of day after the date: 08:15, 8:15:30.25, 8时15分, 9点, 下午3点20分, 3:15 pm; then an optional offset.
_TIME = (
    r"(?:(?:\s+|\s*[T,，]\s*)?"
    r"(?P<cn>上午|下午|早上|晚上|中午|凌晨|傍晚)?\s*"
    r"(?P<H>\d{1,2})(?:"
    r"\s*[:：]\s*(?P<M>\d{2})(?:\s*[:：]\s*(?P<S>\d{2})(?:[.,](?P<F>\d{1,9}))?)?"
    r"|\s*[时時点點]\s*(?:(?P<M2>\d{1,2})\s*分\s*(?:(?P<S2>\d{1,2})\s*秒)?)?"
    r")"
    r"\s*(?P<en>[ap]\.?\s*m\.?)?"
    r"\s*(?P<tz>z|utc|gmt|[+-]\d{2}:?\d{2}|(?:utc|gmt)\s*[+-]\d{2}:?\d{2})?)?"
)
_END = r"\s*$"
_YMD = regexes.compile(
    r"^\s*(?P<y>\d{4})\s*[-/.年]\s*(?P<m>\d{1,2})\s*[-/.月]\s*(?P<d>\d{1,2})\s*[日号號]?" + _WEEKDAY_ZH + _TIME
    + _WEEKDAY_ZH + _END,
    re.IGNORECASE,
)  # fmt: skip
_YM = regexes.compile(r"^\s*(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月" + _END)
_AB_Y = regexes.compile(
    r"^\s*(?P<a>\d{1,2})\s*(?P<sep>[-/.])\s*(?P<b>\d{1,2})\s*(?P=sep)\s*(?P<y>\d{4}|(?<=/)\d{2}(?!\d)|(?<=/\s)\d{2}(?!\d))"
    + _TIME + _END,
    re.IGNORECASE,
)  # fmt: skip
_MD_ZH = regexes.compile(
    r"^\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号號]" + _WEEKDAY_ZH + _TIME + _WEEKDAY_ZH + _END
)
_NAMED = regexes.compile(
    r"^\s*" + _WEEKDAY_EN + r"(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?[\s-]+(?P<mon1>[a-z]{3,9})\.?"
    r"|(?P<mon2>[a-z]{3,9})\.?\s+(?P<d2>\d{1,2})(?:st|nd|rd|th)?)[\s,-]+(?P<y>\d{4})" + _TIME + _END,
    re.IGNORECASE,
)  # fmt: skip
_MONTH_NAMES = "january february march april may june july august september october november december".split()
# Every spelling from the three-letter abbreviation to the full name ("sep", "sept", "septem"... "september").
_MONTHS = {name[:k]: i for i, name in enumerate(_MONTH_NAMES, start=1) for k in range(3, len(name) + 1)}
_PLAIN_NUMBER = regexes.compile(r"\s*\d+(?:\.\d+)?\s*")


@dataclass(frozen=True)
class ParsedDates:
    """A column read as dates: one timestamp per cell (naive, NaT where blank or unreadable) and the counts."""

    values: pd.Series  # datetime64[ns]
    blank: int  # empty cells (None, NaN, whitespace)
    unreadable: int  # non-blank cells that are not a date by the rules above
    day_first: bool | None  # the order used for 9/3/2024-style values; None when the column has none
    order_proven: bool  # the order was proven by a value (a number above 12), not assumed by the rule

    @property
    def read(self) -> int:
        return len(self.values) - self.blank - self.unreadable

    @property
    def share(self) -> float:
        """Dates among the non-blank cells (0 when all are blank)."""
        filled = len(self.values) - self.blank
        return self.read / filled if filled else 0.0

    def sort_key(self, newest_first: bool = False) -> np.ndarray:
        """Float per cell for ascending sorts: earliest (or newest) first; blank and unreadable cells last."""
        ns = self.values.to_numpy(dtype="datetime64[ns]").astype(np.int64).astype(float)
        key = -ns if newest_first else ns
        return np.where(self.values.isna().to_numpy(), np.inf, key)

    def note(self, column: str) -> str:
        """One line for the user when some cells were not dates; empty when every filled cell was read."""
        if not self.unreadable:
            return ""
        return f"{self.unreadable:,} of {len(self.values) - self.blank:,} dates in “{column}” could not be read"


def parse_dates(values: Iterable[object], *, serials: bool | None = None, name: str = "") -> pd.Series:
    """Cell values as naive timestamps (datetime64[ns]); NaT where blank or not a date. See ``read_dates``."""
    return read_dates(values, serials=serials, name=name).values


def read_dates(
    values: Iterable[object], *, serials: bool | None = None, day_first: bool | None = None, name: str = ""
) -> ParsedDates:
    """Parse one column of cells (module docstring). ``serials``: read numbers as Excel serial dates (None: when
    the column is a date column by ``name`` or by its other cells). ``day_first`` forces the order of 9/3/2024."""
    import pandas as pd

    cells = list(values)
    n = len(cells)
    out = np.full(n, np.datetime64("NaT"), dtype="datetime64[ns]")
    blank, text_at, number_at, stamp_at = _cell_kinds(cells)
    if stamp_at:
        out[stamp_at] = _stamps([cells[i] for i in stamp_at])
    texts = _parse_texts([cells[i] for i in text_at], day_first)  # type: ignore[misc]
    at = np.asarray(text_at, dtype=np.int64)
    out[at] = texts.stamps
    blank[at[texts.blank]] = True
    numbers = np.array([float(cells[i]) for i in number_at] + texts.number[texts.is_number].tolist())  # type: ignore[arg-type]
    number_rows = np.concatenate([np.asarray(number_at, dtype=np.int64), at[texts.is_number]])
    if len(numbers):
        if serials is None:
            others = out[np.concatenate([at[texts.is_date_text], np.asarray(stamp_at, dtype=np.int64)])]
            dated = int((~np.isnat(others)).sum())
            serials = _name_hints_date(name) or (len(others) > 0 and dated >= 0.5 * len(others))
        if serials:
            out[number_rows] = _serials(numbers)
    if texts.yearless.any():
        out[at[texts.yearless]] = _with_year(out, texts.yearless_found)
    unreadable = int((np.isnat(out) & ~blank).sum())
    series = pd.Series(out, index=pd.RangeIndex(n), dtype="datetime64[ns]")
    return ParsedDates(series, int(blank.sum()), unreadable, texts.day_first, texts.proven)


def _cell_kinds(cells: list) -> tuple[np.ndarray, list[int], list[int], list[int]]:
    """The cells as ``read_dates`` tells them apart: which are blank (None, NaN, NaT), and where the texts, the
    numbers and the date cells are (TRUE/FALSE and other objects are none of these: never a date)."""
    pd = sys.modules.get("pandas")  # (a NaT cell can only come from pandas)
    blank = np.zeros(len(cells), dtype=bool)
    text_at: list[int] = []
    number_at: list[int] = []
    stamp_at: list[int] = []
    for i, v in enumerate(cells):
        if isinstance(v, str):
            text_at.append(i)
        elif v is None or (pd is not None and v is pd.NaT):
            blank[i] = True
        elif isinstance(v, (bool, np.bool_)):
            continue  # TRUE/FALSE is never a date
        elif isinstance(v, (int, float, np.integer, np.floating)):
            if v != v:  # NaN
                blank[i] = True
            else:
                number_at.append(i)
        elif isinstance(v, (_dt.date, np.datetime64)):
            stamp_at.append(i)
    return blank, text_at, number_at, stamp_at


_TEXT_PATTERNS = (_YMD, _YM, _NAMED, _AB_Y, _MD_ZH)  # each anchored at the start: match is search


def may_be_dates(cells: list, name: str) -> bool:
    """Whether ``read_dates`` could find half the filled ``cells`` dates: a bound by the same rules, counting every
    text a pattern matches, every number (where it could be a serial date) and every date cell. A column of text
    or of plain numbers is told without the parse (nor pandas, which the parse loads)."""
    blank, text_at, number_at, stamp_at = _cell_kinds(cells)
    texts = [t for t in (cells[i] for i in text_at) if t and not t.isspace()]
    plain = [bool(_PLAIN_NUMBER.fullmatch(t)) for t in texts]
    numbers = len(number_at) + sum(plain)
    matched = (not p and any(pattern.match(t) for pattern in _TEXT_PATTERNS) for t, p in zip(texts, plain, strict=True))
    others = len(stamp_at) + sum(matched)
    filled = len(cells) - int(blank.sum()) - (len(text_at) - len(texts))
    # Numbers are read as serial dates only in a column named for dates or with dates of other kinds (read_dates).
    possible = others + (numbers if others or _name_hints_date(name) else 0)
    return possible > 0 and possible >= 0.5 * filled


def _name_hints_date(name: str) -> bool:
    low = name.casefold()
    return any(h in low for h in DATE_NAME_HINTS)


def _stamps(stamps: list[object]) -> np.ndarray:
    """Date, datetime and Timestamp cells as naive datetime64[ns]; aware ones converted to UTC, and cells outside
    what datetime64[ns] holds (before 1677, after 2262) NaT."""
    import pandas as pd

    aware = [getattr(v, "tzinfo", None) is not None for v in stamps]
    naive = [v if not a else None for v, a in zip(stamps, aware, strict=True)]
    stamped = pd.to_datetime(pd.Series(naive, dtype=object), errors="coerce")
    if any(aware):
        utc = [pd.Timestamp(v).tz_convert("UTC").tz_localize(None) if a else pd.NaT  # type: ignore[arg-type]
               for v, a in zip(stamps, aware, strict=True)]  # fmt: skip
        stamped = stamped.where(~pd.Series(aware), pd.Series(utc, dtype=stamped.dtype))
    inside = stamped.between(pd.Timestamp.min, pd.Timestamp.max)
    return stamped.where(inside).to_numpy(dtype="datetime64[ns]")


def _serials(numbers: np.ndarray) -> np.ndarray:
    ok = (numbers >= SERIAL_MIN) & (numbers < SERIAL_MAX + 1)
    ns = np.round(np.where(ok, numbers, 0.0) * 86_400_000_000_000).astype(np.int64)
    return np.where(ok, _EXCEL_EPOCH + ns.astype("timedelta64[ns]"), np.datetime64("NaT"))


# -- text --------------------------------------------------------------------------------------------------------


@dataclass
class _TextDates:
    """Text cells read: a timestamp each, and which were blank, plain numbers or yearless (``3月9日``)."""

    stamps: np.ndarray  # datetime64[ns]
    blank: np.ndarray  # bool
    is_number: np.ndarray  # bool: a plain number, a serial date candidate
    number: np.ndarray  # float (nan unless is_number)
    yearless: np.ndarray  # bool
    yearless_found: pd.DataFrame  # the month, day and time groups of the yearless texts, in order
    day_first: bool | None
    proven: bool

    @property
    def is_date_text(self) -> np.ndarray:
        return ~self.blank & ~self.is_number


def _parse_texts(texts: list[str], day_first: bool | None) -> _TextDates:
    """Parse each distinct text once with vectorised pattern matching, then spread the results to every cell."""
    import pandas as pd

    codes, uniques = pd.factorize(pd.Series(texts, dtype=object))
    s = pd.Series(uniques, dtype=object)
    parsed = np.full(len(s), np.datetime64("NaT"), dtype="datetime64[ns]")
    blank = (s.str.strip() == "").to_numpy(dtype=bool)
    is_number = s.str.fullmatch(_PLAIN_NUMBER).to_numpy(dtype=bool)
    number = np.full(len(s), np.nan)
    number[is_number] = s[is_number].astype(float).to_numpy()
    left = ~blank & ~is_number

    def take(pattern: re.Pattern) -> pd.DataFrame:
        found = s[left].str.extract(pattern)
        found = found[found.notna().any(axis=1)]
        left[found.index.to_numpy()] = False
        return found

    ymd = take(_YMD)
    parsed[ymd.index] = _compose(ymd["y"], ymd["m"], ymd["d"], ymd)
    ym = take(_YM)
    parsed[ym.index] = _compose(ym["y"], ym["m"], pd.Series("1", index=ym.index), None)
    named = take(_NAMED)
    if len(named):
        month = named["mon1"].fillna(named["mon2"]).str.casefold().map(_MONTHS)
        day = named["d1"].fillna(named["d2"])
        parsed[named.index] = _compose(named["y"], month, day, named)
    aby = take(_AB_Y)
    used, proven = None, False
    if len(aby):
        parsed[aby.index], used, proven = _day_month(aby, day_first)
    md = take(_MD_ZH)  # the year comes from the column (``_with_year``)
    yearless = np.zeros(len(s), dtype=bool)
    yearless[md.index] = True
    rows = yearless[codes]
    found = md.reindex(codes[rows]).reset_index(drop=True) if rows.any() else md
    return _TextDates(parsed[codes], blank[codes], is_number[codes], number[codes], rows, found, used, proven)


def _day_month(found: pd.DataFrame, day_first: bool | None) -> tuple[np.ndarray, bool | None, bool]:
    """9/3/2024-style values in the column's order (module docstring): (timestamps, day-first?, proven?)."""
    import pandas as pd

    a = found["a"].astype(int).to_numpy()
    b = found["b"].astype(int).to_numpy()
    says_day_first = bool(((a > 12) & (b <= 12)).any())
    says_month_first = bool(((b > 12) & (a <= 12)).any())
    used: bool | None
    proven = False
    if day_first is not None:
        order, used = np.full(len(a), day_first), day_first
    elif says_day_first != says_month_first:
        order, used, proven = np.full(len(a), says_day_first), says_day_first, True
    elif says_day_first:  # both orders occur: a value is a date only when it reads one way (or alike: 3/3/2024)
        order, used = a > 12, None
        a = np.where((a <= 12) & (b <= 12) & (a != b), 0, a)  # month 0: not a date
    else:  # no proof: the documented rule
        order = (found["sep"] == ".").to_numpy()
        used = bool(order[0]) if order.all() or not order.any() else None
    year = found["y"].astype(int).to_numpy()
    two_digits = (found["y"].str.len() == 2).to_numpy()  # 3/9/24: 00-68 are 20xx, 69-99 are 19xx
    year = np.where(two_digits, np.where(year < 69, 2000 + year, 1900 + year), year)
    idx = found.index
    day, month = pd.Series(np.where(order, a, b), index=idx), pd.Series(np.where(order, b, a), index=idx)
    return _compose(pd.Series(year, index=idx), month, day, found), used, proven


def _compose(year: pd.Series, month: pd.Series, day: pd.Series, time: pd.DataFrame | None) -> np.ndarray:
    """Timestamps from string or number components; impossible dates (Feb 30, 25:00) become NaT."""
    import pandas as pd

    if len(year) == 0:
        return np.zeros(0, dtype="datetime64[ns]")
    # The patterns let only digits (or nothing) through, so astype(float) is a safe and quick conversion.
    parts = pd.DataFrame({"year": year.astype(float), "month": month.astype(float), "day": day.astype(float)})
    offset = np.zeros(len(year), dtype=np.int64)
    if time is not None:
        hour = time["H"].astype(float).fillna(0).to_numpy(dtype=np.int64)
        minute = time["M"].fillna(time["M2"]).astype(float).fillna(0)
        second = time["S"].fillna(time["S2"]).astype(float).fillna(0)
        if time["cn"].notna().any() or time["en"].notna().any():
            hour = _twelve_hour(hour, time["cn"], time["en"])
        parts["hour"], parts["minute"], parts["second"] = hour, minute.to_numpy(), second.to_numpy()
        if time["F"].notna().any():  # fractions of a second, as nanoseconds
            parts["ns"] = time["F"].fillna("0").str.ljust(9, "0").str[:9].astype(float).to_numpy()
        if time["tz"].notna().any():
            offset = _offset_minutes(time["tz"])
    stamps = pd.to_datetime(parts, errors="coerce")
    # Year 24 or 9999 is a valid date for pandas but not for datetime64[ns] (1677-2262): not a date here.
    values: np.ndarray = stamps.where(stamps.between(pd.Timestamp.min, pd.Timestamp.max)).to_numpy(
        dtype="datetime64[ns]"
    )
    return values - offset.astype("timedelta64[m]").astype("timedelta64[ns]")


def _twelve_hour(hour: np.ndarray, cn: pd.Series, en: pd.Series) -> np.ndarray:
    """下午3点, 3:15 pm -> 15; 凌晨12点, 12:05 am -> 0; a 24-hour clock is left as it is."""
    cn_v = cn.fillna("").to_numpy(dtype=object)
    en_v = en.fillna("").str.casefold().str.replace(r"[.\s]", "", regex=True).to_numpy(dtype=object)
    pm = np.isin(cn_v, ["下午", "晚上", "傍晚"]) | (en_v == "pm") | ((cn_v == "中午") & (hour < 11))
    am = np.isin(cn_v, ["上午", "早上", "凌晨"]) | (en_v == "am")
    hour = np.where(pm & (hour < 12), hour + 12, hour)
    return np.where(am & (hour == 12), 0, hour)


def _offset_minutes(tz: pd.Series) -> np.ndarray:
    """Minutes east of UTC written after a time (+08:00, -0500, UTC+08:00); 0 when absent or Z/UTC/GMT."""
    import pandas as pd

    m = tz.fillna("").str.extract(r"(?P<sign>[+-])(?P<h>\d{2}):?(?P<m>\d{2})")
    minutes = pd.to_numeric(m["h"], errors="coerce").fillna(0) * 60 + pd.to_numeric(m["m"], errors="coerce").fillna(0)
    sign = np.where(m["sign"].to_numpy(dtype=object) == "-", -1, 1)
    return (minutes.to_numpy() * sign).astype(np.int64)


def _with_year(out: np.ndarray, found: pd.DataFrame) -> np.ndarray:
    """3月9日 takes the year every other date of the column shares; with none or several years it stays NaT."""
    import pandas as pd

    dated = out[~np.isnat(out)]
    years = np.unique(dated.astype("datetime64[Y]").astype(np.int64) + 1970)
    if len(years) != 1:
        return np.full(len(found), np.datetime64("NaT"), dtype="datetime64[ns]")
    return _compose(pd.Series(float(years[0]), index=found.index), found["m"], found["d"], found)


# -- the date column ---------------------------------------------------------------------------------------------


def detect_date_column(table: Table, exclude: Sequence[str] = ()) -> str | None:
    """The column holding publication dates: most of its cells are dates.

    A name such as date/time/日期/时间/发布 lowers the bar from 80 % to 50 % of the non-blank cells (and lets
    Excel serial numbers count), and wins a tie; the leftmost column wins otherwise.
    """
    best: tuple[tuple, str] | None = None
    for position, name in enumerate(table.columns):
        if name in exclude:
            continue
        sample = table.column_values(name, head=_SAMPLE)
        if not may_be_dates(sample, name):
            continue
        parsed = read_dates(sample, name=name)
        if parsed.read == 0:
            continue
        hinted = _name_hints_date(name)
        share = parsed.share
        if share >= 0.8 or (hinted and share >= 0.5):
            score = (hinted, share >= 0.8, -position)
            if best is None or score > best[0]:
                best = (score, name)
    return best[1] if best else None
