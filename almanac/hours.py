"""The twelve hours of an almanac day with all their facts: slot, 演禽 and 六壬 chart.

This is the one place where a 時辰's calendar facts are turned into the inputs of the two engines
(月將 by the configured switch, 晝/夜 by the configured rule), so ``almanac day``, ``almanac chart``,
the judgements and the store all see the same chart for the same hour.

>>> from datetime import date
>>> from almanac.calendar import zone
>>> hs = almanac_hours(date(2026, 11, 29), zone("Asia/Shanghai"))
>>> [h.qin.mansion.char for h in hs][:3], hs[0].chart.method
(['虛', '危', '室'], '重審')
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from functools import lru_cache

from almanac import config as _config

from . import calendar as cal
from .liuren.chart import Chart, chart_table
from .liuren.generals import is_night_fixed, is_night_ziwu
from .liuren.options import LiurenOptions
from .liuren.plate import rotation
from .qin import HourQin, QinOptions, SeasonMarks, day_qin
from .qin.hour import cycle_table, hour_qin_in
from .qin.seasons import TERMS


@dataclass(frozen=True)
class Options:
    """The three engines' options, built once from a config."""

    calendar: cal.CalendarOptions
    qin: QinOptions
    liuren: LiurenOptions

    @classmethod
    def from_config(cls, cfg=None) -> "Options":
        cfg = _config.load(cfg)
        return _options(cfg)


@lru_cache(maxsize=64)
def _options(cfg) -> Options:
    return Options(cal.CalendarOptions.from_config(cfg), QinOptions.from_config(cfg),
                   LiurenOptions.from_config(cfg))


def yuejiang_for(instant: datetime, opts: LiurenOptions, span=None) -> int:
    """The 月將 at ``instant``: changes at the exact 中氣 (default) or, as an option, at the 節.
    ``span``: the instant's ``cal.term_span`` when the caller has it already."""
    span = span or cal.term_span(instant)
    if opts.yuejiang_switch == "jie":
        return (1 - (span[1].index + 1) // 2) % 12
    return cal.yuejiang_at(instant, span)


def is_night(instant: datetime, hour_branch: int, opts: Options) -> bool:
    """晝/夜 for the 貴人 by ``liuren.daynight``: fixed 卯–申, the sun at the place, or 子午分."""
    rule = opts.liuren.daynight
    if rule == "sun":
        c = opts.calendar
        return cal.sun_altitude(instant, c.latitude, c.longitude) <= -0.833
    return is_night_ziwu(hour_branch) if rule == "ziwu" else is_night_fixed(hour_branch)


def chart_at(instant: datetime, day_index: int, hour_branch: int, opts: Options,
             span=None) -> tuple[Chart, int, bool]:
    """The 六壬 chart of an hour: ``(chart, 月將, night)`` (``span`` as in :func:`yuejiang_for`)."""
    yj = yuejiang_for(instant, opts.liuren, span)
    night = is_night(instant, hour_branch, opts)
    return chart_table(opts.liuren)[day_index, rotation(yj, hour_branch), night], yj, night


def season_marks(instant: datetime) -> SeasonMarks:
    """Which of the seasonal rules' solar terms of the instant's year have begun."""
    u = instant.astimezone(cal.UTC)
    return interned_marks(tuple((field, u >= at) for field, at in _season_terms(u.year)))


@lru_cache(maxsize=256)
def interned_marks(marks: tuple[tuple[str, bool], ...]) -> SeasonMarks:
    """One SeasonMarks object per combination, so the caches keyed on marks compare by identity."""
    return SeasonMarks(**dict(marks))


@lru_cache(maxsize=256)
def _season_terms(year: int) -> tuple[tuple[str, datetime], ...]:
    return tuple((TERMS[t.name], t.at) for t in cal.solar_terms(year) if t.name in TERMS)


@dataclass(frozen=True, slots=True)   # no __dict__: the days kept hold twelve each
class Hour:
    """One 時辰 with everything the almanac knows of it."""

    slot: cal.HourSlot
    qin: HourQin
    chart: Chart
    yuejiang: int
    night: bool
    month_branch: int


def almanac_hours(d: date, tz, cfg=None) -> tuple[Hour, ...]:
    """The twelve 時辰 of almanac day ``d`` in zone ``tz`` (a ZoneInfo), 子 … 亥."""
    return _hours(d, tz, Options.from_config(cfg))


@lru_cache(maxsize=2048)
def _hours(d: date, tz, opts: Options) -> tuple[Hour, ...]:
    slots = cal.day_hours(d, tz, opts.calendar)
    day = day_qin(d, opts.qin)
    charts, day_index = chart_table(opts.liuren), day.pillar.index
    inputs = hour_inputs([s.start for s in slots] + [slots[-1].end], opts)
    return tuple([Hour(slot, hour_qin_in(cycle_table(opts.qin, marks), day, slot.branch),
                       charts[day_index, k, night], yj, night, month)
                  for slot, (marks, month, yj, night, k) in zip(slots, inputs)])


def hour_inputs(instants, opts: Options) -> list[tuple]:
    """``(season marks, 月建, 月將, night, k)`` of each 時辰 of a day whose thirteen boundaries are
    ``instants`` (``cal.day_instants``), ``k`` the rotation of its chart (the chart is
    ``chart_table(opts.liuren)[day pillar, k, night]``): the one place an hour's 月將, 晝/夜 and
    chart are read, for the ``Hour`` objects of :func:`almanac_hours` and for ``api.day``, which
    reads its hours straight into JSON without them."""
    # 月將, month and season marks change only at a solar term; on the ~23 days in 24 that hold
    # none, what holds at the first hour holds at every hour.
    first = instants[0]
    steady = not cal.terms_between(first, instants[12])
    if steady:
        marks, month = season_marks(first), cal.month_pillar_at(first).branch
        yj = yuejiang_for(first, opts.liuren)
        rule = opts.liuren.daynight
        if rule != "sun":       # 晝/夜 by the hour's branch alone, k by the branch and 月將
            return [(marks, month, yj, night, k)
                    for night, k in _BRANCH_NIGHTS_AND_ROTATIONS[rule == "ziwu"][yj]]
    out = []
    for b in range(12):
        at = instants[b]
        if not steady:
            marks, month = season_marks(at), cal.month_pillar_at(at).branch
            yj = yuejiang_for(at, opts.liuren)
        out.append((marks, month, yj, is_night(at, b, opts), rotation(yj, b)))
    return out


#: ``(night, k)`` of the hours 子 … 亥 by the 月將, under the fixed rule [0] and 子午分 [1]:
#: what :func:`is_night` and ``rotation`` give on a day whose 月將 holds throughout (most days)
_BRANCH_NIGHTS_AND_ROTATIONS = tuple(
    tuple(tuple((night(b), rotation(yj, b)) for b in range(12)) for yj in range(12))
    for night in (is_night_fixed, is_night_ziwu))


def civil_day_span(d: date, tz) -> tuple[datetime, datetime]:
    """Civil midnight to midnight of ``d`` in ``tz`` as aware instants."""
    start = datetime.combine(d, time(0)).replace(tzinfo=tz)
    end = datetime.combine(d + cal.ONE_DAY, time(0)).replace(tzinfo=tz)
    return start, end
