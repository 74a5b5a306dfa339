"""The calendar layer over sxtwl: pillars, lunar date, solar terms, 月將, seasons, hour slots.

Everything takes timezone-aware moments (``zoneinfo``) and returns aware ones; solar terms are
exact instants (sxtwl's ephemeris), so the month pillar turns at the 節 and the 月將 at the 中氣
to the minute. This is the front door; each part has its own module:

- ``zones`` the IANA zones; ``gaps`` what a zone's wall clock skips (daylight-saving gaps, dates
  skipped whole) and a range's dates that have hours;
- ``dates`` the supported years, a date or a day word, the lunar date;
- ``options`` the calendar's choices (:class:`CalendarOptions`);
- ``jieqi`` the 24 solar terms at their instants; ``term_days`` the days of the 四立 and 分至;
- ``pillars`` the year, month, day and hour pillars and the 月將;
- ``clock`` the solar clock (civil, local mean or true solar time by longitude) and the Sun;
- ``moments`` one instant's facts (:func:`moment_facts`) and reading a moment;
- ``hour_slots`` the twelve 時辰 of an almanac day (:func:`day_hours`);
- ``seasons`` the ruling element of a month and 旺相休囚死.
"""
from __future__ import annotations

from ..cycles import BRANCHES, STEM_ELEMENT
from ..lunar import LunarDate
from .clock import ONE_DAY, equation_of_time, solar_clock, sun_altitude
from .dates import DAY_WORDS, MAX_YEAR, MIN_YEAR, day_word, lunar_date, parse_date
from .gaps import SkippedDate, localize, range_dates, skipped_date
from .hour_slots import HourSlot, day_boundaries, day_hours, day_instants
from .jieqi import (SOLAR_TERMS_EN, TERM_NAMES, TERM_NAMES_KO, SolarTerm, solar_terms, sxtwl_terms, term_before,
                    term_span, terms_between)
from .moments import Moment, moment_facts, moment_hour, parse_moment, read_moment
from .options import DAY_BOUNDARIES, KOREAN_MERIDIAN, TIME_BASES, CalendarOptions
from .pillars import (
                    day_pillar,
                    hour_pillar,
                    month_pillar_at,
                    month_year_branches,
                    year_pillar_at,
                    yuejiang_at,
)
from .seasons import SEASONS, STRENGTHS, season_element, strength, strengths
from .term_days import FENZHI, SILI, is_fenzhi_day, is_sili_day
from .zones import UTC, zone

__all__ = [
    "BRANCHES", "CalendarOptions", "DAY_BOUNDARIES", "DAY_WORDS", "FENZHI", "HourSlot", "KOREAN_MERIDIAN",
    "LunarDate", "MAX_YEAR", "MIN_YEAR", "Moment", "ONE_DAY", "SEASONS", "SILI", "STEM_ELEMENT", "STRENGTHS",
    "SkippedDate", "SOLAR_TERMS_EN", "SolarTerm", "TERM_NAMES", "TERM_NAMES_KO", "TIME_BASES", "UTC",
    "day_boundaries", "day_hours", "day_instants", "day_pillar", "day_word", "equation_of_time", "hour_pillar",
    "is_fenzhi_day", "is_sili_day", "localize", "lunar_date", "moment_facts", "moment_hour", "month_pillar_at",
    "month_year_branches", "parse_date", "parse_moment", "range_dates", "read_moment", "season_element",
    "skipped_date", "solar_clock", "solar_terms", "strength", "strengths", "sun_altitude", "sxtwl_terms",
    "term_before", "term_span", "terms_between", "year_pillar_at", "yuejiang_at", "zone",
]
