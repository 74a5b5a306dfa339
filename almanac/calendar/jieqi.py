"""The 24 solar terms (節氣) at their exact instants: their names, each year's terms from the shipped
table (``almanac.solar_term_table``, 1900–2100) or sxtwl's ephemeris, and the latest 中氣 and 節
at an instant, by bisecting them.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

import sxtwl

from .. import solar_term_table as _term_table_file
from .dates import check_year
from .zones import UTC

#: sxtwl's solar-term index order (0 = 冬至) with traditional names.
TERM_NAMES = ("冬至", "小寒", "大寒", "立春", "雨水", "驚蟄", "春分", "清明", "穀雨", "立夏", "小滿", "芒種",
              "夏至", "小暑", "大暑", "立秋", "處暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪")
#: their Korean readings, in the same order (大雪 is 대설): a Korean reader is shown 大雪(대설)
TERM_NAMES_KO = ("동지", "소한", "대한", "입춘", "우수", "경칩", "춘분", "청명", "곡우", "입하", "소만", "망종",
                 "하지", "소서", "대서", "입추", "처서", "백로", "추분", "한로", "상강", "입동", "소설", "대설")
#: their usual English names, in the same order
SOLAR_TERMS_EN = ("Winter Solstice", "Minor Cold", "Major Cold", "Start of Spring", "Rain Water",
                  "Awakening of Insects", "Spring Equinox", "Pure Brightness", "Grain Rain", "Start of Summer",
                  "Grain Buds", "Grain in Ear", "Summer Solstice", "Minor Heat", "Major Heat", "Start of Autumn",
                  "End of Heat", "White Dew", "Autumn Equinox", "Cold Dew", "Frost's Descent", "Start of Winter",
                  "Minor Snow", "Major Snow")

#: the Julian day of the Unix epoch (1970-01-01 00:00 UTC)
JD_UNIX_EPOCH = 2440587.5
_BEIJING = timedelta(hours=8)


@dataclass(frozen=True)
class SolarTerm:
    """One of the 24 solar terms at its exact instant (UTC)."""

    index: int          # sxtwl order: 0 冬至, 1 小寒 … 3 立春 … 23 大雪
    at: datetime        # aware, UTC

    @property
    def name(self) -> str:
        return TERM_NAMES[self.index]

    @property
    def is_zhongqi(self) -> bool:
        """中氣 (the even indices: 冬至 大寒 雨水 …) — the 月將 changes at these."""
        return self.index % 2 == 0


def _jd_to_utc(jd_beijing: float) -> datetime:
    # sxtwl gives solar-term instants as Julian days in Beijing time (UTC+8).
    seconds = round((jd_beijing - JD_UNIX_EPOCH) * 86400.0)
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=seconds) - _BEIJING


@lru_cache(maxsize=512)
def terms_from_lichun(year: int) -> tuple[SolarTerm, ...]:
    """立春 of ``year`` up to (not including) 立春 of year+1: from the shipped table
    (``almanac.solar_term_table``, 1900–2100), else from sxtwl."""
    table = _term_table_file.shipped(year)
    if table is None:
        return sxtwl_terms(year)
    first, seconds = table
    return tuple(SolarTerm((first + i) % 24, _UNIX_EPOCH + timedelta(seconds=s))
                 for i, s in enumerate(seconds))


def sxtwl_terms(year: int) -> tuple[SolarTerm, ...]:
    """:func:`terms_from_lichun` asked of sxtwl (≈ 4–8 ms a year): sxtwl repeats 立春 at the end."""
    out = [SolarTerm(int(x.jqIndex), _jd_to_utc(x.jd)) for x in sxtwl.getJieQiByYear(year)]
    return tuple(out[:-1]) if len(out) == 25 and out[0].index == out[-1].index else tuple(out)


_UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@lru_cache(maxsize=512)
def solar_terms(year: int) -> tuple[SolarTerm, ...]:
    """The 24 terms whose instant falls in Gregorian ``year`` (UTC), in time order, no duplicates."""
    check_year(year, reach=1)
    pool = terms_from_lichun(year - 1) + terms_from_lichun(year)
    return tuple(t for t in pool if t.at.year == year)


@lru_cache(maxsize=256)
def _term_table(year: int) -> tuple[tuple[datetime, ...], tuple[tuple[SolarTerm, SolarTerm], ...]]:
    """Terms from mid year-1 to mid year+1, for bisecting an instant in ``year``: their instants,
    and at each the latest 中氣 and the latest 節 so far (None before the first of its kind)."""
    terms = terms_from_lichun(year - 2) + terms_from_lichun(year - 1) + terms_from_lichun(year)
    spans, zhongqi, jie = [], None, None
    for t in terms:
        if t.is_zhongqi:
            zhongqi = t
        else:
            jie = t
        spans.append((zhongqi, jie))
    return tuple(t.at for t in terms), tuple(spans)


def term_span(instant: datetime) -> tuple[SolarTerm, SolarTerm]:
    """``(the latest 中氣, the latest 節)`` at or before ``instant``: one look-up for all that
    turns only at a term (月將, 月建, 太歲)."""
    u = instant.astimezone(UTC)
    ats, spans = _term_table(u.year)
    return spans[bisect.bisect_right(ats, u) - 1]


def term_before(instant: datetime, *, zhongqi: bool) -> SolarTerm:
    """The latest 中氣 (``zhongqi=True``) or 節 at or before ``instant``."""
    return term_span(instant)[0 if zhongqi else 1]


def terms_between(start: datetime, end: datetime) -> list[SolarTerm]:
    """Terms with ``start <= at < end``."""
    if start.tzinfo is None or end.tzinfo is None:
        raise TypeError("can't compare offset-naive and offset-aware datetimes")
    s, e = start.astimezone(UTC), end.astimezone(UTC)     # compared in UTC: no zone look-ups
    out = []
    for y in range(s.year, e.year + 1):
        ats, terms = _year_terms(y)
        out.extend(terms[bisect.bisect_left(ats, s):bisect.bisect_left(ats, e)])
    return out


@lru_cache(maxsize=512)
def _year_terms(year: int) -> tuple[tuple[datetime, ...], tuple[SolarTerm, ...]]:
    """``solar_terms(year)`` with their instants, for bisecting."""
    terms = solar_terms(year)
    return tuple(t.at for t in terms), terms
