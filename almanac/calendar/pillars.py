"""The four pillars and the 月將: the year pillar (turning at 立春), the month pillar (at each 節),
the day pillar (a count of days) and the hour pillar (五鼠遁), and the 月將 (at each 中氣).
"""
from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache

from ..cycles import PILLARS, GanZhi
from .jieqi import SolarTerm, term_before, term_span, terms_from_lichun
from .zones import UTC

#: the ordinal of a 甲子 day (1993-10-10), the count the day pillars are read from
JIAZI_DAY = date(1993, 10, 10).toordinal()


def day_pillar(d: date) -> GanZhi:
    """The day pillar of a date: a plain count of days (1993-10-10 was 甲子)."""
    return PILLARS[(d.toordinal() - JIAZI_DAY) % 60]


def hour_pillar(day: GanZhi, branch: int) -> GanZhi:
    """The hour pillar by 五鼠遁: 甲己→甲子, 乙庚→丙子, 丙辛→戊子, 丁壬→庚子, 戊癸→壬子."""
    return GanZhi.of(((day.stem % 5) * 2 + branch) % 10, branch)


def yuejiang_at(instant: datetime, span: "tuple[SolarTerm, SolarTerm] | None" = None) -> int:
    """The 月將 (branch index) in force at ``instant``: it changes at the exact 中氣.

    雨水→亥 春分→戌 穀雨→酉 小滿→申 夏至→未 大暑→午 處暑→巳 秋分→辰 霜降→卯 小雪→寅 冬至→丑 大寒→子.
    """
    return (1 - (span or term_span(instant))[0].index // 2) % 12


def year_pillar_at(instant: datetime) -> GanZhi:
    """The year pillar, which turns at the exact instant of 立春."""
    u = instant.astimezone(UTC)
    lichun = terms_from_lichun(u.year)[0]
    y = u.year if u >= lichun.at else u.year - 1
    return PILLARS[(y - 4) % 60]


def month_year_branches(instant: datetime, span: "tuple[SolarTerm, SolarTerm] | None" = None) -> tuple[int, int]:
    """The branches of the month and year pillars at ``instant`` (月建, 太歲). Both turn only at a
    節 (立春 is one), so they are worked out once per 節. ``span``: the instant's
    :func:`term_span` when the caller has it already."""
    return _month_year_of_jie((span or term_span(instant))[1].at)


@lru_cache(maxsize=512)
def _month_year_of_jie(jie_at: datetime) -> tuple[int, int]:
    # keyed by the 節's instant: a datetime keeps its hash, a SolarTerm hashes its fields each time
    return month_pillar_at(jie_at).branch, year_pillar_at(jie_at).branch


def month_pillar_at(instant: datetime) -> GanZhi:
    """The month pillar, which turns at each 節; its stem by 五虎遁 from the year stem."""
    jie = term_before(instant, zhongqi=False)
    branch = ((jie.index - 3) // 2 + 2) % 12
    year_stem = year_pillar_at(instant).stem
    stem = ((year_stem % 5) * 2 + 2 + (branch - 2) % 12) % 10
    return GanZhi.of(stem, branch)
