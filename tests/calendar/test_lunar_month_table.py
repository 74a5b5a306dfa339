"""The shipped Chinese lunar months (``almanac/data/lunar_months.json``) are exactly what sxtwl
gives now: every day of their range reads as sxtwl reads it. Write the file again with

    python tools/generate_tables.py lunar
"""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from almanac import lunar, lunar_month_table

FILE = Path(lunar_month_table.__file__).resolve().parent / "data" / lunar_month_table.FILE


def test_the_shipped_table_is_the_one_sxtwl_gives_now():
    assert FILE.read_text(encoding="utf-8") == lunar_month_table.write_text(lunar_month_table.generate(lunar.sxtwl_date)), \
        "the lunar-month table is out of date: python tools/generate_tables.py lunar"


def test_every_day_of_its_range_reads_as_sxtwl_reads_it():
    d, end, read = date(lunar_month_table.FIRST, 1, 1), date(lunar_month_table.LAST + 1, 2, 1), 0
    while d < end:
        got = lunar_month_table.month_of(d)
        if got is not None:
            assert lunar.LunarDate(*got) == lunar.sxtwl_date(d), d
            read += 1
        d += timedelta(days=1)
    assert read > 365 * 200


def test_dates_outside_it_are_asked_of_sxtwl():
    for d in (date(1899, 12, 31), date(2101, 6, 1), date(1582, 10, 15)):
        assert lunar_month_table.month_of(d) is None
    lunar._chinese.clear()
    assert lunar.chinese_date(date(1800, 1, 1)) == lunar.sxtwl_date(date(1800, 1, 1))

