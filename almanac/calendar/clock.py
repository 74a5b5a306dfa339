"""The solar clock the 時辰 follow: civil time in the zone, or local mean or true (apparent) solar
time by longitude (the equation of time), and back from a reading to its instant; the Sun's
altitude; and which 時辰 and almanac day a reading of the clock falls in.
"""
from __future__ import annotations

import math
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from .gaps import civil_instant
from .jieqi import JD_UNIX_EPOCH
from .options import CalendarOptions
from .zones import UTC

#: one day (a ``timedelta`` built from keywords costs about a microsecond: made once)
ONE_DAY = timedelta(days=1)


def equation_of_time(instant: datetime) -> float:
    """Apparent minus mean solar time, in minutes (NOAA's series; error well under a minute)."""
    u = instant.astimezone(UTC)
    doy = u.timetuple().tm_yday
    g = 2 * math.pi / 365.0 * (doy - 1 + (u.hour - 12) / 24.0)
    return 229.18 * (0.000075 + 0.001868 * math.cos(g) - 0.032077 * math.sin(g)
                     - 0.014615 * math.cos(2 * g) - 0.040849 * math.sin(2 * g))


def solar_clock(instant: datetime, opts: CalendarOptions, tz) -> datetime:
    """The wall clock the 時辰 follow: civil time in ``tz``, or local mean/true solar time."""
    if opts.time_basis == "civil":
        t = instant.astimezone(tz)      # the naive clock built, not replaced: replace is slower
        return datetime(t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond, fold=t.fold)
    minutes = opts.clock_longitude * 4.0
    if opts.time_basis == "true_solar":
        minutes += equation_of_time(instant)
    return (instant.astimezone(UTC) + timedelta(minutes=minutes)).replace(tzinfo=None)


_ONE_SECOND = timedelta(seconds=1)


def instant_of_clock(clock: datetime, opts: CalendarOptions, tz: ZoneInfo) -> datetime:
    """Inverse of :func:`solar_clock`: the instant at which that clock reads ``clock``."""
    if opts.time_basis == "civil":
        return civil_instant(clock, tz)
    guess = clock.replace(tzinfo=UTC) - timedelta(minutes=opts.clock_longitude * 4.0)
    if opts.time_basis == "true_solar":
        for _ in range(2):
            guess = clock.replace(tzinfo=UTC) - timedelta(minutes=opts.clock_longitude * 4.0
                                                          + equation_of_time(guess))
    # to the whole second it is printed by: the first whole second at which the clock reads
    # ``clock`` or later, so that the printed start of an hour lies in that hour (rounded to the
    # nearest, half the starts fell a fraction of a second before it, in the hour before)
    out = datetime.fromtimestamp(math.ceil(guess.timestamp()), UTC)
    while solar_clock(out, opts, UTC) < clock:
        out += _ONE_SECOND
    return out.astimezone(tz)


def sun_altitude(instant: datetime, latitude: float, longitude: float) -> float:
    """The Sun's altitude in degrees (NOAA low-precision formulas, ample for day/night)."""
    u = instant.astimezone(UTC)
    jd = u.timestamp() / 86400.0 + JD_UNIX_EPOCH
    n = jd - 2451545.0
    L = math.radians((280.460 + 0.9856474 * n) % 360)
    g = math.radians((357.528 + 0.9856003 * n) % 360)
    lam = L + math.radians(1.915) * math.sin(g) + math.radians(0.020) * math.sin(2 * g)
    eps = math.radians(23.439 - 0.0000004 * n)
    dec = math.asin(math.sin(eps) * math.sin(lam))
    ra = math.atan2(math.cos(eps) * math.sin(lam), math.cos(lam))
    gmst = (18.697374558 + 24.06570982441908 * n) % 24
    ha = math.radians(gmst * 15 + longitude) - ra
    lat = math.radians(latitude)
    return math.degrees(math.asin(math.sin(lat) * math.sin(dec)
                                  + math.cos(lat) * math.cos(dec) * math.cos(ha)))


def branch_of_clock(clock: datetime) -> int:
    """The 時辰 (branch index) a reading of the clock falls in: 子 from 23:00, 丑 from 01:00 …."""
    return ((clock.hour + 1) // 2) % 12


def zi_day_of_clock(clock: datetime, opts: CalendarOptions) -> date:
    """The almanac day a reading of the clock belongs to: under 子初換日 the 子 hour from 23:00 is
    the next day's."""
    if opts.day_boundary == "zi" and clock.hour == 23:
        return clock.date() + ONE_DAY
    return clock.date()
