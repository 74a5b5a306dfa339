"""The almanac days a solar term falls on: the four 立 (四立) that open the seasons and the two 分
and two 至 (分至), each reckoned on the configured clock and day boundary as a moment's day is.
"""
from __future__ import annotations

from datetime import date
from functools import lru_cache

from ..errors import BadInput
from .jieqi import solar_terms
from .moments import moment_hour
from .options import CalendarOptions

#: the four 立 (四立) that open the seasons
SILI = ("立春", "立夏", "立秋", "立冬")
#: the two 分 and two 至 (分至: the days the 四離 are counted from)
FENZHI = ("春分", "夏至", "秋分", "冬至")


def is_sili_day(d: date, tz, opts: CalendarOptions | None = None) -> bool:
    """Whether one of the four 立 falls on almanac day ``d``: the day the instant of 立春, 立夏, 立秋
    or 立冬 belongs to in zone ``tz`` under ``opts``' clock and day boundary (as a moment's day is
    reckoned by :func:`moment_hour`)."""
    return d in _term_days(d.year, tz, opts or CalendarOptions(), SILI)


def is_fenzhi_day(d: date, tz, opts: CalendarOptions | None = None) -> bool:
    """Whether 春分, 夏至, 秋分 or 冬至 falls on almanac day ``d`` (reckoned as :func:`is_sili_day`)."""
    return d in _term_days(d.year, tz, opts or CalendarOptions(), FENZHI)


@lru_cache(maxsize=256)
def _term_days(year: int, tz, opts: CalendarOptions, names: tuple[str, ...]) -> frozenset:
    out = set()
    for y in (year - 1, year, year + 1):      # a term near the turn of the year may fall in the next
        try:
            terms = solar_terms(y)
        except BadInput:
            continue
        out.update(moment_hour(t.at.astimezone(tz), opts)[1] for t in terms if t.name in names)
    return frozenset(out)
