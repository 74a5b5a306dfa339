"""National lunar calendars: the Chinese (sxtwl) and the Korean (KASI) lunar date of a civil date.

The two calendars share every rule but the meridian on which a new moon or a 中氣 is dated: China
dates them at UTC+8, Korea at its own standard time (UTC+9, UTC+8:30 in 1908–1911 and 1954–1961).
A new moon between 23:00 and 24:00 Beijing time therefore starts the month a day later in Korea,
and a 中氣 near midnight can move a leap month: in 1950–2050 about 3.7 % of days differ
(1,378 of 36,889). 2027's 설날 is 2027-02-07 in Seoul and 2027-02-06 in Shanghai.

KASI's table writes civil dates in the proleptic Gregorian calendar, as Python does; sxtwl (and
lunar-python) read a date before 1582-10-15 as a Julian one, so before the reform the two
calendars here answer for differently labelled days (docs/calendar.md). The Korean calendar is the Korea Astronomy and Space Science Institute's (KASI) table as the
``korean_lunar_calendar`` package carries it (lunar 1000-01-01 … 2050-11-18, i.e. civil
1000-02-13 … 2050-12-31). Outside that range there is no KASI table; the Chinese calendar is used
and the answer says so (``source``).

>>> from datetime import date, timedelta
>>> lunar_date(date(2027, 2, 7), "korean")
LunarDate(year=2027, month=1, day=1, leap=False)
>>> lunar_date(date(2027, 2, 7), "chinese")
LunarDate(year=2027, month=1, day=2, leap=False)
>>> calendar_for("auto", "Asia/Seoul"), calendar_for("auto", "America/Los_Angeles")
('korean', 'chinese')
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

import sxtwl

from . import lunar_month_table as _month_table
from .errors import BadInput

CALENDARS = ("auto", "chinese", "korean")

#: Zones whose country keeps the Korean calendar (``auto``).
KOREAN_ZONES = frozenset({"Asia/Seoul", "Asia/Pyongyang", "ROK"})

#: The civil dates the KASI table covers.
KOREAN_FIRST, KOREAN_LAST = date(1000, 2, 13), date(2050, 12, 31)

SOURCES = {
    "chinese": "sxtwl (Chinese calendar, new moons and 中氣 dated at UTC+8)",
    "korean": "KASI table (korean_lunar_calendar, civil 1000-02-13 … 2050-12-31)",
    "korean_fallback": "Chinese calendar (sxtwl): outside the KASI table's range 1000-02-13 … 2050-12-31",
}


@dataclass(frozen=True)
class LunarDate:
    year: int
    month: int
    day: int
    leap: bool


def calendar_for(choice: str, tz_name: str | None) -> str:
    """``chinese`` or ``korean``: ``auto`` follows the zone's country (Korean zones → Korean)."""
    if choice not in CALENDARS:
        raise BadInput(f"lunar calendar {choice!r} is not accepted; accepted: {', '.join(CALENDARS)}",
                       zh=f"無法使用的陰曆曆法：{choice!r}（可用值：{'、'.join(CALENDARS)}）",
                       ko=f"쓸 수 없는 음력 역법: {choice!r} (가능한 값: {', '.join(CALENDARS)})")
    if choice == "auto":
        return "korean" if tz_name in KOREAN_ZONES else "chinese"
    return choice


def chinese_date(d: date) -> LunarDate:
    """The Chinese lunar date of a civil date (sxtwl), with its leap-month flag. Kept (at most
    :data:`_CHINESE_KEPT` dates); a date whose day before is kept as a lunar day 1–28 is the next
    day of the same month — every lunar month has 29 or 30 days —, so a run of dates asks only
    about its months' ends: of the shipped months of 1900–2100 (``almanac.lunar_month_table``),
    else of sxtwl (which works out a whole lunar year, ≈ 1–2 ms, on the first question in it)."""
    ld = _chinese.get(d)
    if ld is None:
        prev = _chinese.get(d - _ONE_DAY) if d >= _BOTH_GREGORIAN else None
        if prev is not None and prev.day <= 28:
            ld = LunarDate(prev.year, prev.month, prev.day + 1, prev.leap)
        else:
            shipped = _month_table.month_of(d)
            ld = sxtwl_date(d) if shipped is None else LunarDate(*shipped)
        if len(_chinese) >= _CHINESE_KEPT:
            _chinese.clear()
        _chinese[d] = ld
    return ld


def sxtwl_date(d: date) -> LunarDate:
    """The Chinese lunar date of ``d`` as sxtwl gives it, asked of it (not of the shipped months)."""
    x = sxtwl.fromSolar(d.year, d.month, d.day)
    return LunarDate(int(x.getLunarYear()), int(x.getLunarMonth()), int(x.getLunarDay()),
                     bool(x.isLunarLeap()))


_chinese: dict[date, LunarDate] = {}
_CHINESE_KEPT = 8192
_ONE_DAY = timedelta(days=1)
#: the first date whose day before sxtwl also reads in the Gregorian calendar (it reads a date
#: before 1582-10-15 as a Julian one, whose days do not follow the proleptic Gregorian ones
#: across the reform or a Julian-only 29 February)
_BOTH_GREGORIAN = date(1582, 10, 16)


@lru_cache(maxsize=None)
def _korean_months(year: int) -> tuple[tuple[int, ...], tuple[tuple[int, int, bool], ...]]:
    """The first days (proleptic ordinals) of Korean lunar year ``year``'s months, in order."""
    from korean_lunar_calendar import KoreanLunarCalendar

    k = KoreanLunarCalendar()
    starts: list[tuple[int, tuple[int, int, bool]]] = []
    for month in range(1, 13):
        for leap in (False, True):
            if k.setLunarDate(year, month, 1, leap):
                starts.append((date.fromisoformat(k.SolarIsoFormat()).toordinal(), (year, month, leap)))
    return tuple(s for s, _ in starts), tuple(m for _, m in starts)


def korean_date(d: date) -> LunarDate | None:
    """The Korean (KASI) lunar date of a civil date, or None outside the table's range."""
    if not KOREAN_FIRST <= d <= KOREAN_LAST:
        return None
    n = d.toordinal()
    for year in (d.year, d.year - 1):
        if year < 1000:
            continue
        starts, months = _korean_months(year)
        if starts and n >= starts[0]:
            i = bisect.bisect_right(starts, n) - 1
            y, m, leap = months[i]
            return LunarDate(y, m, n - starts[i] + 1, leap)
    raise AssertionError(f"no Korean lunar month holds {d}")   # the table's range is contiguous


def lunar_date(d: date, calendar: str = "chinese") -> LunarDate:
    """The lunar date of civil date ``d`` in the ``chinese`` or ``korean`` calendar."""
    return lunar_date_with_source(d, calendar)[0]


def lunar_date_with_source(d: date, calendar: str = "chinese") -> tuple[LunarDate, str]:
    """``(lunar date, which source gave it)``: ``chinese``, ``korean`` or ``korean_fallback``."""
    if calendar == "korean":
        k = korean_date(d)
        if k is not None:
            return k, "korean"
        return chinese_date(d), "korean_fallback"
    if calendar != "chinese":
        raise BadInput(f"lunar calendar {calendar!r} is not accepted; accepted: chinese, korean",
                       zh=f"無法使用的陰曆曆法：{calendar!r}（可用值：chinese、korean）",
                       ko=f"쓸 수 없는 음력 역법: {calendar!r} (가능한 값: chinese, korean)")
    return chinese_date(d), "chinese"


__all__ = ["CALENDARS", "KOREAN_FIRST", "KOREAN_LAST", "KOREAN_ZONES", "LunarDate", "SOURCES",
           "calendar_for", "chinese_date", "korean_date", "lunar_date", "lunar_date_with_source"]
