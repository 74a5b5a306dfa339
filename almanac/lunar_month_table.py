"""The Chinese lunar months of 1900–2100 as sxtwl gives them, shipped ready in
``almanac/data/lunar_months.json`` instead of worked out in the process.

``lunar.chinese_date`` asks sxtwl only about a month's last days (a kept day 1–28 gives the next),
but sxtwl works out a whole lunar year on the first such question in it (≈ 1–2 ms), so a cold run
of days paid that for each new year. The file holds each month that begins in 1900–2100: its
first day (as a count of days from the one before, the first from 1900-01-01), its lunar year,
number and leap flag — what sxtwl gives for that day (``lunar.sxtwl_date``). A date from the
first month's start to the last month's end is read off it (:func:`month_of`); any other is asked
of sxtwl as before. Dates before the Gregorian reform are outside it, where sxtwl reads dates as
Julian ones.

The file is made by the code it replaces (:func:`generate` is handed ``lunar.sxtwl_date``,
which asks sxtwl day by day — lunar reads this table, so the table does not reach up for it);
``python tools/generate_tables.py lunar`` writes it, and ``tests/calendar/test_lunar_month_table.py`` checks
that every day of its range reads as sxtwl reads it now.

>>> from datetime import date
>>> month_of(date(2027, 2, 7))                  # 2027's first month began on 02-06 (China)
(2027, 1, 2, False)
"""
from __future__ import annotations

import bisect
from datetime import date, timedelta
from functools import lru_cache

from .data_files import generated, read, table_text

FILE = "lunar_months.json"
#: the civil years whose month starts the file holds
FIRST, LAST = 1900, 2100
_ORIGIN = date(FIRST, 1, 1).toordinal()


def month_of(d: date) -> tuple[int, int, int, bool] | None:
    """``(lunar year, month, day, leap)`` of civil date ``d`` from the file, or None outside it."""
    starts, months = _months()
    n = d.toordinal()
    i = bisect.bisect_right(starts, n) - 1
    if i < 0 or i + 1 >= len(starts):        # before the first month, or in the last (its end unknown)
        return None
    year, month, leap = months[i]
    return year, month, n - starts[i] + 1, leap


@lru_cache(maxsize=1)
def _months() -> tuple[list[int], list[tuple[int, int, bool]]]:
    """Each month's first day (an ordinal) and ``(year, month, leap)``; the last entry only
    closes the one before it."""
    table = read(FILE)
    starts, months, at = [], [], _ORIGIN
    for delta, year, month, leap in table["months"]:
        at += delta
        starts.append(at)
        months.append((year, month, bool(leap)))
    return starts, months


def generate(date_of) -> dict:
    """The file's table: each day of 1900–2100 asked of sxtwl (``date_of`` is
    ``lunar.sxtwl_date``), a month recorded where its day 1 falls, and the first month after
    2100 to close the last."""
    months, last, d = [], _ORIGIN, date(FIRST, 1, 1)
    end = date(LAST + 1, 1, 1)
    while True:
        ld = date_of(d)
        if ld.day == 1:
            months.append([d.toordinal() - last, ld.year, ld.month, int(ld.leap)])
            last = d.toordinal()
            if d >= end:
                break
        d += timedelta(days=1)
    return generated("lunar", "almanac.lunar_month_table.generate", first=FIRST, last=LAST, months=months)


def write_text(table: dict) -> str:
    """The file's text: one line per month."""
    return table_text(table, "months")


__all__ = ["FILE", "FIRST", "LAST", "generate", "month_of", "write_text"]
