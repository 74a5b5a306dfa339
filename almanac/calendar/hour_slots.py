"""The twelve 時辰 of an almanac day: their thirteen boundaries on the configured clock and day
boundary (子初 or midnight) as aware and UTC instants and as text, and the slots with their hour
pillars and 月將.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

from ..cycles import GanZhi
from .clock import instant_of_clock
from .gaps import skipped_date
from .options import CalendarOptions
from .pillars import day_pillar, hour_pillar, yuejiang_at
from .zones import UTC


@dataclass(frozen=True, slots=True)   # no __dict__: twelve a day are kept with the day
class HourSlot:
    """One 時辰 of an almanac day: [start, end) as aware datetimes."""

    branch: int
    start: datetime
    end: datetime
    pillar: GanZhi
    yuejiang: int           # at the start of the slot


def day_hours(d: date, tz: ZoneInfo, opts: CalendarOptions | None = None) -> tuple[HourSlot, ...]:
    """The twelve 時辰 of almanac day ``d``, 子 … 亥.

    Under 子初換日 the 子 hour of ``d`` runs from 23:00 of the day before to 01:00; at civil
    midnight it runs 00:00–01:00 of ``d`` (and 23:00–24:00 belongs to the next day's 子 slot).
    Boundaries are read on the configured clock (civil or solar) and given as aware instants.
    """
    opts = opts or CalendarOptions()
    instants = day_instants(d, tz, opts)
    # The 月將 changes only at a 中氣, a month apart: the same at both ends, it holds throughout.
    yj = yuejiang_at(instants[0])
    if yj == yuejiang_at(instants[12]):
        yjs = (yj,) * 12
    else:
        yjs = tuple(yuejiang_at(at) for at in instants[:12])
    pillars = _HOUR_PILLARS[day_pillar(d).stem % 5]
    return tuple(HourSlot(b, instants[b], instants[b + 1], pillars[b], yjs[b]) for b in range(12))


def day_instants(d: date, tz: ZoneInfo, opts: CalendarOptions) -> list[datetime]:
    """The thirteen boundaries of the 時辰 of almanac day ``d`` as aware instants (the start of
    子 … 亥, then the end of 亥): what :func:`day_hours` makes its slots of (each hour ends where
    the next one starts), for a caller that needs only the instants."""
    return _boundaries(d, tz, opts)[0]


def day_boundaries(d: date, tz: ZoneInfo, opts: CalendarOptions) -> tuple[list[datetime], list[str]]:
    """:func:`day_instants` as UTC instants (what the terms, pillars and 月將 are read by, with
    no zone look-up) and as the texts ``isoformat()`` gives of them in ``tz``, for a caller that
    prints them and reads the rest off them (``api.day``)."""
    _, utc, texts = _boundaries(d, tz, opts)
    return utc, texts


def _boundaries(d: date, tz: ZoneInfo,
                opts: CalendarOptions) -> tuple[list[datetime], list[datetime], list[str]]:
    """The thirteen boundaries of day ``d`` in ``tz``, in UTC and as texts.

    On the civil clock each boundary after the first is first guessed as the same distance from
    the first in UTC: the guess stands when the zone reads exactly that clock at it (fold 0, its
    UTC offset the first's), as it does everywhere but in a 夏令 change, and its text is then
    written from the clock and that offset rather than by ``isoformat`` (which looks the zone's
    offset up again: about 2 µs a boundary, 13 a day)."""
    base = datetime.combine(d, time(0))
    edges = [base + step for step in _EDGES[opts.day_boundary]]
    if opts.time_basis == "civil":
        out = _civil_boundaries(d, edges, opts, tz)
    else:
        instants = [instant_of_clock(c, opts, tz) for c in edges]
        out = instants, [t.astimezone(UTC) for t in instants], [t.isoformat() for t in instants]
    if out[1][1] == out[1][12]:
        # every wall time from 01:00 to 23:00 skipped: a date the zone's clocks jumped over when it
        # changed its offset from UTC (Pacific/Apia 2011-12-30, crossing the date line); no hours
        raise skipped_date(d, tz)
    return out


def _civil_boundaries(d: date, edges: list[datetime], opts: CalendarOptions,
                      tz: ZoneInfo) -> tuple[list[datetime], list[datetime], list[str]]:
    """:func:`_boundaries` on the civil clock (``edges``: the thirteen clocks, the last twelve
    01:00 … 23:00 of ``d``)."""
    c0 = edges[0]
    first = instant_of_clock(c0, opts, tz)
    u0 = first.astimezone(UTC)
    # a boundary whose zone clock reads what it was guessed to read has this UTC offset
    off = c0 - u0.replace(tzinfo=None)
    suffix, day = _iso_offset(off), d.isoformat()
    instants, utc = [first], [u0]
    texts = [c0.isoformat() + suffix if first.replace(tzinfo=None) == c0 else first.isoformat()]
    for c, hour in zip(edges[1:], _HOUR_TEXTS):
        u = u0 + (c - c0)
        guess = u.astimezone(tz)
        if guess.fold or guess.utcoffset() != off:
            guess = instant_of_clock(c, opts, tz)
            u = guess.astimezone(UTC)
            texts.append(guess.isoformat())
        else:
            texts.append(day + hour + suffix)
        instants.append(guess)
        utc.append(u)
    return instants, utc, texts


#: the clock of the boundaries 01:00 … 23:00 as ``isoformat`` writes it after the date
_HOUR_TEXTS = tuple(f"T{h:02d}:00:00" for h in range(1, 24, 2))


@lru_cache(maxsize=64)
def _iso_offset(offset: timedelta) -> str:
    """A UTC offset as ``isoformat`` writes it (``+08:00``, ``-03:30``, ``+08:05:43``)."""
    return datetime(2000, 1, 1, tzinfo=timezone(offset)).isoformat()[19:]


#: the thirteen boundaries of the 時辰 on the clock, from the day's civil midnight, by day
#: boundary: 子初 (23:00 of the day before, then 01:00, 03:00 … 23:00) or midnight (00:00, 01:00 …
#: 23:00). Made once: a ``timedelta`` built from keywords costs about a microsecond.
_EDGES = {"zi": tuple(timedelta(hours=h) for h in (-1, *range(1, 24, 2))),
          "midnight": tuple(timedelta(hours=h) for h in (0, *range(1, 24, 2)))}
#: the twelve hour pillars (:func:`hour_pillar`) of a day, by its stem mod 5 (五鼠遁)
_HOUR_PILLARS = tuple(tuple(hour_pillar(GanZhi.of(s, s), b) for b in range(12)) for s in range(5))
