"""The nightly trigger: a job's local time, once per local date, in any zone and across DST.

APScheduler 3.11's ``CronTrigger`` skips the day after a spring-forward (agronholm/apscheduler#606:
``America/New_York`` at 00:00 never fires on 2027-03-15, ``Australia/Lord_Howe`` at 00:00 never on
2027-10-04) and fires a repeated time twice at a fall-back. ``NightlyTrigger`` decides each fire
itself, from the local *date*: the fire of date D is the instant the zone's wall clock first
reads the job time on D —

- an ordinary day: that instant;
- a time repeated at a fall-back: its first occurrence only (``fold=0``);
- a time skipped by a spring-forward (Santiago's 00:00 on the first Sunday of September): the
  first instant after the gap.

Every comparison is made in UTC (aware datetimes sharing one ``tzinfo`` compare by wall time and
would drop ``fold``). The next fire after ``now`` is the first date's fire that is ≥ ``now`` and
later than the previous fire, so exactly one fire per local date, none skipped.
"""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from apscheduler.triggers.base import BaseTrigger

UTC = dt.timezone.utc


class NightlyTrigger(BaseTrigger):
    """Fires at ``at`` (a wall-clock time) once every local date of ``timezone``."""

    __slots__ = ("at", "timezone", "jitter")

    def __init__(self, at: dt.time, timezone: ZoneInfo):
        self.at = dt.time(at.hour, at.minute)
        self.timezone = timezone
        self.jitter = None

    def fire_time(self, day: dt.date) -> dt.datetime:
        """The instant of ``day``'s run, as an aware datetime in the zone."""
        wall = dt.datetime.combine(day, self.at)
        # fold=0: the first of a repeated time; in a gap, fold=0 reads the wall time with the
        # offset before the change, which is an instant just after the gap
        return wall.replace(tzinfo=self.timezone, fold=0).astimezone(UTC).astimezone(self.timezone)

    def get_next_fire_time(self, previous_fire_time, now):
        now_u = now.astimezone(UTC)
        prev_u = previous_fire_time.astimezone(UTC) if previous_fire_time is not None else None
        day = now.astimezone(self.timezone).date() - dt.timedelta(days=1)
        for _ in range(4):
            fire = self.fire_time(day)
            fire_u = fire.astimezone(UTC)
            if fire_u >= now_u and (prev_u is None or fire_u > prev_u):
                return fire
            day += dt.timedelta(days=1)
        raise AssertionError("no fire within three days")  # pragma: no cover — one per date

    def __getstate__(self):
        return {"version": 1, "at": (self.at.hour, self.at.minute), "timezone": self.timezone.key}

    def __setstate__(self, state):
        self.at = dt.time(*state["at"])
        self.timezone = ZoneInfo(state["timezone"])
        self.jitter = None

    def __str__(self) -> str:
        return f"nightly[{self.at:%H:%M} {self.timezone.key}]"

    def __repr__(self) -> str:
        return f"<NightlyTrigger (at='{self.at:%H:%M}', timezone='{self.timezone.key}')>"
