"""Answer tags: cheap ETags of what the store would serve, from its rows' checksums alone.

A tag is a digest of the checksums of the stored rows an answer is made of (``checksums.tag``)
and of what was asked: equal tags, equal answers, with no row unpacked. ``day_tag`` and
``day_tags`` cover a day and its twelve hours, ``task_tags`` a task's judgement of each day,
``best_tag`` a task over a range; a day not stored current has no tag (None, or left out).
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from almanac.judgement.score import resolve_task

from . import checksums
from . import compute as C
from .base import StoreBase
from .db import reading
from .models import Day, Hour


class Tags(StoreBase):
    """The tags of the answers a store would serve from its rows."""

    def day_tag(self, date, tz: str | None = None) -> str | None:
        """A digest of the checksums of the stored rows ``get_day`` would serve (the day and its
        twelve hours, current), or None when the day is not stored current. Equal tags, equal
        answers: a cheap ETag, and the key of a cached body."""
        d = C.parse_date(date)
        return self.day_tags(d, d, tz).get(d)

    def day_tags(self, start, end, tz: str | None = None) -> dict[dt.date, str]:
        """``day_tag`` of every day of the range stored current (the others are left out), in
        one query: what a feed's kept texts of a day are keyed by, with no row unpacked."""
        if self.engine is None:
            return {}
        s, e = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        tz = tz or C.default_tz(self.config)
        try:
            with reading(self.engine) as conn:
                rows = conn.execute(
                    select(Day.date, Day.checksum, Hour.checksum.label("hour")).join(
                        Hour, Hour.day_id == Day.id).where(
                        Day.tz == tz, Day.date >= s, Day.date <= e,
                        Day.facts_hash == C.facts_hash(self.config))
                    .order_by(Day.date, Hour.idx)).all()
                conn.rollback()
        except SQLAlchemyError:
            return {}
        hours: dict[dt.date, list] = {}
        for r in rows:
            hours.setdefault(r.date, []).append(r)
        return {d: checksums.tag("day", tz, d.isoformat(), hs[0].checksum, *(r.hour for r in hs))
                for d, hs in hours.items() if len(hs) == 12 and hs[0].checksum}

    def task_tags(self, task: str, start, end, tz: str | None = None) -> dict[dt.date, str]:
        """Per day of the range stored current for ``task``, a digest of the task's checksum of
        that day (its options hash, answer head, score rows and the day's fired rules): equal
        tags, equal judged hours, with no row unpacked. Days not stored current are left out."""
        s, e = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        tz = tz or C.default_tz(self.config)
        task = resolve_task(self.config, task)
        th = C.task_hashes(self.config, [task])[task]
        return {d: checksums.tag("task", tz, task, th, d.isoformat(), v)
                for d, v in self._task_sums(task, th, s, e, tz).items()}

    def _task_sums(self, task: str, th: str, s: dt.date, e: dt.date, tz: str) -> dict[dt.date, str]:
        """The stored checksum of ``task`` of each day of the range stored current for it."""
        if self.engine is None:
            return {}
        try:
            with reading(self.engine) as conn:
                days = conn.execute(
                    select(Day.date, Day.task_hashes[task].as_string().label("hash"),
                           Day.task_sums[task].as_string().label("sum")).where(
                        Day.tz == tz, Day.date >= s, Day.date <= e,
                        Day.facts_hash == C.facts_hash(self.config))).all()
                conn.rollback()
        except SQLAlchemyError:
            return {}
        return {d.date: d.sum for d in days if d.hash == th and d.sum}

    def best_tag(self, task: str, start, end, tz: str | None = None) -> str | None:
        """As ``day_tag``, for ``best`` over a range: the task's checksum of every day (which
        covers its score rows and the day's fired rules), or None when a day is not stored
        current."""
        s, e = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        tz = tz or C.default_tz(self.config)
        task = resolve_task(self.config, task)
        th = C.task_hashes(self.config, [task])[task]
        sums = self._task_sums(task, th, s, e, tz)
        if len(sums) != len(self._dates(s, e, tz)):
            return None
        return checksums.tag("best", tz, task, th, s.isoformat(), e.isoformat(),
                             *(sums[d] for d in sorted(sums)))
