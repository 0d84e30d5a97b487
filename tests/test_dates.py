"""The one date parser (core.dates): dates as Chinese and Western spreadsheets write them, the column's day/month
order, Excel serial numbers only in a date column, and unreadable cells counted and sorted last."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dedup_gui.core.dates import detect_date_column, may_be_dates, parse_dates, read_dates
from dedup_gui.core.table import Table


def stamps(values, **kw) -> list[str]:
    """Parsed values as 'YYYY-MM-DD HH:MM:SS' (or 'NaT'), for exact comparisons."""
    return [("NaT" if pd.isna(t) else t.strftime("%Y-%m-%d %H:%M:%S")) for t in read_dates(values, **kw).values]


def test_chinese_spreadsheet_dates():
    values = [
        "2024年3月9日",
        "2024年3月9日 08:15",
        "2024年03月09日08:15:30",
        "2024年3月9日 下午3点20分",
        "2024年3月9日 凌晨12点05分",
        "2024年3月9日（星期六）",
        "2024年3月9号",
        "2024年3月",
    ]
    assert stamps(values) == [
        "2024-03-09 00:00:00",
        "2024-03-09 08:15:00",
        "2024-03-09 08:15:30",
        "2024-03-09 15:20:00",
        "2024-03-09 00:05:00",
        "2024-03-09 00:00:00",
        "2024-03-09 00:00:00",
        "2024-03-01 00:00:00",  # no day: the 1st of the month
    ]


def test_year_first_western_forms_and_iso_with_an_offset():
    values = ["2024/3/9", "2024-03-09 08:15", "2024.3.9", "2024/03/09 8:05:07", "2024-03-09T08:15:00+08:00"]
    assert stamps(values) == [
        "2024-03-09 00:00:00",
        "2024-03-09 08:15:00",
        "2024-03-09 00:00:00",
        "2024-03-09 08:05:07",
        "2024-03-09 00:15:00",  # an offset is read in UTC
    ]


def test_english_month_names():
    values = ["Mar 9, 2024", "9 March 2024", "09-Mar-2024", "Sat, 09 Mar 2024 08:15:00 +0000", "Sept 30 2024"]
    assert stamps(values) == [
        "2024-03-09 00:00:00",
        "2024-03-09 00:00:00",
        "2024-03-09 00:00:00",
        "2024-03-09 08:15:00",
        "2024-09-30 00:00:00",
    ]


def test_a_day_above_12_fixes_the_columns_order():
    day_first = read_dates(["3/9/2024", "13/9/2024"])
    assert stamps(["3/9/2024", "13/9/2024"]) == ["2024-09-03 00:00:00", "2024-09-13 00:00:00"]
    assert day_first.day_first is True and day_first.order_proven
    month_first = read_dates(["3/9/2024", "3/13/2024 3:15 pm"])
    assert stamps(["3/9/2024", "3/13/2024 3:15 pm"]) == ["2024-03-09 00:00:00", "2024-03-13 15:15:00"]
    assert month_first.day_first is False and month_first.order_proven


def test_without_proof_slashes_are_month_first_and_dots_day_first():
    slashes = read_dates(["3/9/2024", "4/10/24"])
    assert stamps(["3/9/2024", "4/10/24"]) == ["2024-03-09 00:00:00", "2024-04-10 00:00:00"]
    assert slashes.day_first is False and not slashes.order_proven
    assert stamps(["9.3.2024"]) == ["2024-03-09 00:00:00"]
    assert stamps(["3/9/2024"], day_first=True) == ["2024-09-03 00:00:00"]


def test_a_column_proving_both_orders_reads_only_the_unambiguous_values():
    parsed = read_dates(["3/9/2024", "13/9/2024", "3/13/2024", "3/3/2024"])
    assert stamps(["3/9/2024", "13/9/2024", "3/13/2024", "3/3/2024"]) == [
        "NaT", "2024-09-13 00:00:00", "2024-03-13 00:00:00", "2024-03-03 00:00:00",
    ]  # fmt: skip
    assert parsed.unreadable == 1 and parsed.day_first is None


def test_excel_serial_numbers_only_inside_a_date_column():
    values = [45360, 45360.5, "45360"]
    assert stamps(values, name="发布日期") == ["2024-03-09 00:00:00", "2024-03-09 12:00:00", "2024-03-09 00:00:00"]
    assert stamps(values, name="views") == ["NaT", "NaT", "NaT"]  # a count is not a date
    assert stamps(["2024-03-08", 45360]) == ["2024-03-08 00:00:00", "2024-03-09 00:00:00"]  # other cells are dates
    assert stamps([12, 45360, 99999], name="date") == ["NaT", "2024-03-09 00:00:00", "NaT"]  # outside 1970-2099
    assert stamps([45360], serials=False, name="date") == ["NaT"]


def test_date_and_datetime_cells_and_timestamps():
    values = [
        dt.date(2024, 3, 9),
        dt.datetime(2024, 3, 9, 8, 15),
        pd.Timestamp("2024-03-09 08:15"),
        pd.Timestamp("2024-03-09 08:15", tz="Asia/Shanghai"),
        np.datetime64("2024-03-09T08:15"),
        dt.date(1, 1, 1),  # outside what a timestamp holds
    ]
    assert stamps(values) == [
        "2024-03-09 00:00:00",
        "2024-03-09 08:15:00",
        "2024-03-09 08:15:00",
        "2024-03-09 00:15:00",
        "2024-03-09 08:15:00",
        "NaT",
    ]


def test_a_yearless_date_takes_the_year_the_column_shares_or_none():
    assert stamps(["3月9日", "3月10日 08:15", "2024-01-05"]) == [
        "2024-03-09 00:00:00", "2024-03-10 08:15:00", "2024-01-05 00:00:00",
    ]  # fmt: skip
    two_years = read_dates(["3月9日", "2023-12-30", "2024-01-05"])
    assert pd.isna(two_years.values[0]) and two_years.unreadable == 1


def test_unreadable_cells_are_counted_apart_from_blanks_and_sort_last():
    values = ["2024-03-09", "not a date", "", None, float("nan"), "20240309", "2024-02-30", True, "2024-03-01"]
    parsed = read_dates(values, name="date")
    assert (parsed.blank, parsed.unreadable, parsed.read) == (3, 4, 2)
    assert parsed.share == pytest.approx(2 / 6)
    assert list(np.argsort(parsed.sort_key(), kind="stable"))[:2] == [8, 0]  # earliest first
    assert list(np.argsort(parsed.sort_key(newest_first=True), kind="stable"))[:2] == [0, 8]
    assert np.isinf(parsed.sort_key()[[1, 2, 3, 4, 5, 6, 7]]).all()  # everything else after every date
    assert parsed.note("date") == "4 of 6 dates in “date” could not be read"
    assert read_dates(["2024-03-09"]).note("date") == ""


def test_parse_dates_gives_naive_timestamps_one_per_cell():
    parsed = parse_dates(["2024-03-09 08:15", None, "x"])
    assert str(parsed.dtype) == "datetime64[ns]" and len(parsed) == 3
    assert parsed[0] == pd.Timestamp("2024-03-09 08:15") and parsed[1:].isna().all()


def test_a_hundred_thousand_cells_in_mixed_forms_are_all_read():
    start = dt.datetime(2020, 1, 1)
    moments = [start + dt.timedelta(minutes=37 * i) for i in range(100_000)]
    forms = (
        lambda d: d.strftime("%Y-%m-%d %H:%M"),
        lambda d: f"{d.year}年{d.month}月{d.day}日 {d.hour:02d}:{d.minute:02d}",
        lambda d: f"{d.month}/{d.day}/{d.year} {d.hour:02d}:{d.minute:02d}",
        lambda d: d,
    )
    values = [forms[i % 4](d) for i, d in enumerate(moments)]
    parsed = read_dates(values)
    assert parsed.unreadable == 0 and parsed.day_first is False and parsed.order_proven
    assert (parsed.values.to_numpy() == np.array(moments, dtype="datetime64[ns]")).all()


def table_of(**columns) -> Table:
    data = pd.DataFrame(columns, dtype=object)
    return Table(Path("t.xlsx"), "xlsx", list(data.columns), data)


def test_the_date_column_is_found_by_values_or_by_name():
    n = 10
    ids = [str(20240101 + i) for i in range(n)]
    assert detect_date_column(table_of(id=ids, when=[f"2024/1/{i + 1}" for i in range(n)])) == "when"
    half = [f"2024年1月{i + 1}日" if i % 2 else "未知" for i in range(n)]
    assert detect_date_column(table_of(text=["x"] * n, 发布时间=half)) == "发布时间"
    assert detect_date_column(table_of(text=["x"] * n, notes=half)) is None  # half is not enough unnamed
    assert detect_date_column(table_of(views=[45360 + i for i in range(n)], id=ids)) is None  # numbers: not dates
    assert detect_date_column(table_of(views=list(range(n)), 日期=[45360 + i for i in range(n)])) == "日期"
    assert detect_date_column(table_of(date=["2024-01-01"] * n, 日期=[45360] * n), exclude=["date"]) == "日期"


cells = st.one_of(
    st.none(),
    st.text(max_size=30),
    st.sampled_from(["2024年2月30日", "13/13/2024", "0/0/0000", "9999-99-99 99:99", "3月32日", "2024-03-09T25:00"]),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.dates(),
    st.datetimes(),
)


@settings(max_examples=200, deadline=None)
@given(values=st.lists(cells, max_size=20), name=st.sampled_from(["", "date", "views"]))
def test_any_cells_give_one_timestamp_each_and_add_up(values, name):
    parsed = read_dates(values, name=name)
    assert len(parsed.values) == len(values)
    assert parsed.blank + parsed.unreadable + parsed.read == len(values)
    assert parsed.read == int(parsed.values.notna().sum())


MONTHS = "January February March April May June July August September October November December".split()
WRITTEN = (  # strftime("%B") would follow the process locale, which Qt sets from the environment
    lambda d: f"{d.year}年{d.month}月{d.day}日 {d.hour:02d}:{d.minute:02d}",
    lambda d: f"{d.year}/{d.month}/{d.day} {d.hour}:{d.minute:02d}",
    lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}T{d.hour:02d}:{d.minute:02d}:00",
    lambda d: f"{d.year}.{d.month}.{d.day} {d.hour:02d}:{d.minute:02d}",
    lambda d: f"{d.day:02d} {MONTHS[d.month - 1]} {d.year} {d.hour:02d}:{d.minute:02d}",
)


@settings(max_examples=200, deadline=None)
@given(
    moment=st.datetimes(min_value=dt.datetime(1700, 1, 1), max_value=dt.datetime(2250, 12, 31)),
    form=st.sampled_from(range(len(WRITTEN))),
)
def test_a_date_written_any_supported_way_reads_back_to_the_minute(moment, form):
    moment = moment.replace(second=0, microsecond=0)
    assert read_dates([WRITTEN[form](moment)]).values[0] == pd.Timestamp(moment)


def test_years_a_timestamp_cannot_hold_are_unreadable_not_wrapped_around():
    values = ["0024-03-09", "1/2/0024", "9999年1月1日", "1700-01-01"]
    assert stamps(values) == ["NaT", "NaT", "NaT", "1700-01-01 00:00:00"]
    assert read_dates(values).unreadable == 3


moments = st.datetimes(min_value=dt.datetime(1900, 1, 1), max_value=dt.datetime(2200, 12, 31))
DATE_CELLS = [lambda d, f=f: f(d) for f in WRITTEN] + [  # one way of writing dates per column, as in a real one
    lambda d: d.date(),
    lambda d: d,
    lambda d: f"{d.month}月{d.day}日",
    lambda d: f"{d.year}年{d.month}月",
    lambda d: str(45000 + d.day),
]


@settings(max_examples=300, deadline=None)
@given(
    dates=st.lists(moments, max_size=12),
    way=st.sampled_from(range(len(DATE_CELLS))),
    others=st.lists(cells, max_size=12),
    order=st.randoms(use_true_random=False),
    name=st.sampled_from(["", "date", "views"]),
)
def test_a_column_passed_over_unparsed_could_not_have_been_the_date_column(dates, way, others, order, name):
    """The bound that spares text columns the parse (and pandas) never leaves out a column the parse would find:
    where it says no, the parse finds no date or fewer than half the filled cells."""
    values = [DATE_CELLS[way](d) for d in dates] + others
    order.shuffle(values)
    if not may_be_dates(values, name):
        parsed = read_dates(values, name=name)
        assert parsed.read == 0 or parsed.share < 0.5


def test_articles_and_plain_numbers_are_passed_over_unparsed_dates_are_not():
    articles = ["原标题：2024年3月9日，北京。" * 20, "Reuters - 2024-03-09 12:00 the market rose.", "  "]
    assert not may_be_dates(articles, "text")
    assert not may_be_dates([str(i) for i in range(50)], "id")  # numbers are not serial dates in an id column
    assert may_be_dates([str(45360 + i) for i in range(50)], "日期")
    assert may_be_dates(["2024/3/9", "无", "2024/3/10", ""], "when")
    assert may_be_dates([dt.date(2024, 3, 9), "x"], "")
