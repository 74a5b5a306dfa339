"""One instant's calendar facts: a moment read from an ISO text or a ``datetime`` (its zone, its
year checked), placed on the clock the 時辰 follow, with its pillars, 時辰 and 月將.

>>> from datetime import datetime
>>> from zoneinfo import ZoneInfo
>>> from almanac.cycles import BRANCHES
>>> m = moment_facts(datetime(2026, 11, 29, 12, 0, tzinfo=ZoneInfo("Asia/Shanghai")))
>>> str(m.year_pillar), str(m.month_pillar), str(m.day_pillar), str(m.hour_pillar)
('丙午', '己亥', '丁未', '丙午')
>>> BRANCHES[m.yuejiang]
'寅'

The 子 hour belongs to the next day under the default 子初換日 boundary:

>>> m = moment_facts(datetime(2026, 11, 29, 23, 30, tzinfo=ZoneInfo("Asia/Shanghai")))
>>> str(m.zi_day), str(m.day_pillar), str(m.hour_pillar)
('2026-11-30', '戊申', '壬子')
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from ..cycles import GanZhi
from ..errors import BadInput
from .clock import branch_of_clock, solar_clock, sun_altitude, zi_day_of_clock
from .dates import check_year
from .gaps import localize, localized
from .options import CalendarOptions
from .pillars import (
    JIAZI_DAY,
    day_pillar,
    hour_pillar,
    month_pillar_at,
    year_pillar_at,
    yuejiang_at,
)
from .zones import UTC, zone


@dataclass(frozen=True)
class Moment:
    """The calendar facts of one instant."""

    instant: datetime       # aware, in the zone asked for
    clock: datetime         # naive reading of the clock the 時辰 follow (civil or solar)
    zi_day: date            # the almanac day the hour belongs to (day boundary applied)
    day_pillar: GanZhi      # of zi_day
    hour_branch: int
    hour_pillar: GanZhi
    year_pillar: GanZhi
    month_pillar: GanZhi
    yuejiang: int
    is_daytime_sun: bool

    @property
    def local(self) -> datetime:
        return self.instant


def moment_facts(instant: datetime, opts: CalendarOptions | None = None) -> Moment:
    """The pillars, 時辰 and 月將 of an aware instant."""
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise BadInput("a moment needs a time zone (an aware datetime or an ISO string with offset)",
                       zh="時刻須帶時區（帶時區的 datetime，或含 UTC 偏移的 ISO 字串）",
                       ko="시각에 시간대가 있어야 합니다 (시간대가 있는 datetime 또는 UTC 오프셋이 붙은 ISO 문자열)")
    check_year(instant.year)
    opts = opts or CalendarOptions()
    clock, zi_day, dp, branch = moment_hour(instant, opts)
    return Moment(instant, clock, zi_day, dp, branch, hour_pillar(dp, branch),
                  year_pillar_at(instant), month_pillar_at(instant), yuejiang_at(instant),
                  sun_altitude(instant, opts.latitude, opts.longitude) > -0.833)


def moment_hour(instant: datetime, opts: CalendarOptions) -> tuple[datetime, date, GanZhi, int]:
    """``(clock, zi_day, day pillar, hour branch)`` of an aware instant: the part of
    :func:`moment_facts` that a 六壬 chart needs (no year/month pillars, 月將 or sun)."""
    check_year(instant.year, reach=1)
    clock = solar_clock(instant, opts, instant.tzinfo)
    zi_day = zi_day_of_clock(clock, opts)
    return clock, zi_day, day_pillar(zi_day), branch_of_clock(clock)


def parse_moment(value: "datetime | str", tz: "str | None", default_tz: str) -> datetime:
    """An aware datetime from an aware/naive ``datetime`` or an ISO 8601 string.

    A naive value is read as wall-clock time in ``tz`` (or ``default_tz``); with ``tz`` given, an
    aware value is converted into that zone.
    """
    z = zone(tz or default_tz)
    value = _datetime_of(value)
    if value.tzinfo is None or value.utcoffset() is None:
        return localize(value, z)
    return value.astimezone(z) if tz else value


def _datetime_of(value: "datetime | str") -> datetime:
    """The ``datetime`` (naive or aware) of an ISO 8601 string, or the ``datetime`` given; its
    year checked."""
    if isinstance(value, str):
        text = value.strip().replace(" ", "T", 1)
        if text.endswith("Z"):
            text = text[:-1] + "+00:00"
        try:
            value = datetime.fromisoformat(text)
        except ValueError:
            raise BadInput(f"{value!r} is not a valid date-time (ISO 8601, e.g. 2026-11-29T14:30 "
                           f"or 2026-11-29T14:30+08:00)",
                           zh=f"日期時間無效：{value!r}（ISO 8601 格式，例如 2026-11-29T14:30 "
                              f"或 2026-11-29T14:30+08:00）",
                           ko=f"올바른 날짜·시각이 아닙니다: {value!r} (ISO 8601, 예: 2026-11-29T14:30 "
                              f"또는 2026-11-29T14:30+08:00)") from None
    elif not isinstance(value, datetime):
        raise BadInput(f"{value!r} is not a date-time (ISO 8601 string or datetime)",
                       zh=f"不是日期時間：{value!r}（須為 ISO 8601 字串或 datetime）",
                       ko=f"날짜·시각이 아닙니다: {value!r} (ISO 8601 문자열 또는 datetime이어야 합니다)")
    check_year(value.year)
    return value


def read_moment(value: "datetime | str", tz: "str | None",
                opts: CalendarOptions) -> tuple[datetime, datetime, date, int, int]:
    """``(instant, the instant in UTC, almanac day, its day-pillar index, 時辰 branch)``: the moment
    as :func:`parse_moment` reads it (``tz``, else ``opts.default_tz``) placed as
    :func:`moment_hour` places it, in one pass — the UTC instant of the daylight-saving gap check
    is kept for the caller's term look-up (:func:`term_span` takes it as it is), and a naive
    value's wall clock is the civil clock the 時辰 follow."""
    z = zone(tz or opts.default_tz)
    value = _datetime_of(value)
    if value.tzinfo is None:
        instant, utc = localized(value, z)
        clock = value if opts.time_basis == "civil" else solar_clock(instant, opts, z)
    else:
        instant = (localize(value, z) if value.utcoffset() is None
                   else value.astimezone(z) if tz else value)
        check_year(instant.year)
        utc = instant.astimezone(UTC)
        clock = solar_clock(instant, opts, instant.tzinfo)
    zi_day = zi_day_of_clock(clock, opts)
    return instant, utc, zi_day, (zi_day.toordinal() - JIAZI_DAY) % 60, branch_of_clock(clock)
