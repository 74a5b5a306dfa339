"""Checking the stored rows, and repairing the days whose rows failed their checksum.

``Checks.verify`` lists what is wrong in the stored data — a day without its twelve hours, a
task's scores missing or incomplete, orphan hours, any row whose checksum does not match what it
holds (``checksums``); ``Checks.counts`` counts the rows of each table. A reader that finds rows
failing their checksum never serves them, and has the days rewritten whole here (``_repair``)
when the store can be written.
"""
from __future__ import annotations

import logging

from sqlalchemy import Text, cast, func, select
from sqlalchemy.exc import SQLAlchemyError

from almanac.redaction import error_line

from . import checksums
from .checksums import dumps
from .db import reading
from .models import Day, Hour, HourPart, Score
from .write import PrecomputeStats, Writer

log = logging.getLogger("almanac.store")


class Checks(Writer):
    """The store's own checks of its rows, and the rewriting of those found failing."""

    def verify(self) -> list[str]:
        """Problems found in the stored data (empty when every day is whole)."""
        problems = []
        with reading(self.engine) as conn:
            hours = dict(conn.execute(select(Hour.day_id, func.count()).group_by(Hour.day_id)).all())
            scores: dict[int, dict[str, int]] = {}
            for day_id, task, n in conn.execute(select(Score.day_id, Score.task, func.count())
                                                .group_by(Score.day_id, Score.task)):
                scores.setdefault(day_id, {})[task] = n
            for d in conn.execute(select(Day.id, Day.tz, Day.date, Day.task_hashes)):
                where = f"{d.tz} {d.date}"
                if hours.get(d.id, 0) != 12:
                    problems.append(f"{where}: {hours.get(d.id, 0)} hours")
                got = scores.get(d.id, {})
                if set(got) != set(d.task_hashes or {}):
                    problems.append(f"{where}: tasks {sorted(got)} != {sorted(d.task_hashes)}")
                for t, n in got.items():
                    if n != 12:
                        problems.append(f"{where}: task {t} has {n} hours")
            for d in conn.execute(select(Day.tz, Day.date, Day.task_hashes, Day.task_sums,
                                         Day.judged)):
                if d.task_hashes and (set(d.task_sums or {}) != set(d.task_hashes)
                                      or d.judged is None):
                    problems.append(f"{d.tz} {d.date}: judged tasks {sorted(d.task_sums or {})}")
            orphans = set(hours) - {i for (i,) in conn.execute(select(Day.id))}
            if orphans:
                problems.append(f"{len(orphans)} orphan hour groups")
            problems += _checksum_problems(conn)
            conn.rollback()
        return problems

    def counts(self) -> dict[str, int]:
        with reading(self.engine) as conn:
            out = {t.__tablename__: conn.execute(select(func.count()).select_from(t)).scalar_one()
                   for t in (Day, Hour, Score, HourPart)}
            conn.rollback()
        return out

    def _repair(self, dates, tz: str) -> None:
        """Rewrite whole the days whose rows failed their checksum, when the store can be
        written; a read-only store keeps them (they are still never served)."""
        if self.engine is None or not dates:
            return
        try:
            fh, th = self._hashes()
            batch = [self._compute(d, tz, fh, th, None) for d in sorted(set(dates))]
            self._flush(batch, tz, fh, th, PrecomputeStats(), force=set(dates))
            checksums.repaired(len(batch))
        except (SQLAlchemyError, OSError) as e:
            log.warning("store rows that failed their checksum were not rewritten: %s", error_line(e))


def _checksum_problems(conn) -> list[str]:
    """Rows whose checksum does not match what they hold (rows made stale by the migration to
    checksums, with none yet, are left out: they are never served)."""
    out = []
    days = {d.id: d for d in conn.execute(select(
        Day.id, Day.tz, Day.date, Day.facts_hash, cast(Day.facts, Text).label("facts"),
        Day.checksum, Day.task_heads, Day.task_hashes, Day.task_sums, Day.judged,
        Day.judged_checksum))}
    for d in days.values():
        if d.checksum and checksums.day(d.tz, d.date, d.facts_hash, d.facts) != d.checksum:
            out.append(f"{d.tz} {d.date}: store_days checksum")
    parts = {}
    for p in conn.execute(select(HourPart.id, HourPart.digest, HourPart.kind,
                                 cast(HourPart.body, Text).label("body"))):
        parts[p.id] = p.digest
        if checksums.part(p.kind, p.body) != p.digest:
            out.append(f"store_hour_parts {p.id} ({p.kind}) checksum")
    for h in conn.execute(select(Hour.day_id, Hour.idx, cast(Hour.facts, Text).label("facts"),
                                 Hour.qin_id, Hour.liuren_id, Hour.checksum)):
        d = days.get(h.day_id)
        refs = [None if i is None else parts.get(i, "?") for i in (h.qin_id, h.liuren_id)]
        if d is not None and h.checksum and \
                checksums.hour(d.tz, d.date, h.idx, h.facts, *refs) != h.checksum:
            out.append(f"{d.tz} {d.date}: store_hours {h.idx} checksum")
    scores: dict[tuple, list] = {}
    for sc in conn.execute(select(Score.day_id, Score.task, Score.score, Score.verdict,
                                  Score.vetoed)
                           .order_by(Score.day_id, Score.task, Score.idx)):
        scores.setdefault((sc.day_id, sc.task), []).append(
            (sc.score, sc.verdict, bool(sc.vetoed)))
    for d in days.values():
        if not d.judged_checksum:
            continue
        if checksums.judged(d.tz, d.date, d.judged) != d.judged_checksum:
            out.append(f"{d.tz} {d.date}: store_days judged checksum")
        for task, h in (d.task_hashes or {}).items():
            head = dumps((d.task_heads or {}).get(task))
            if checksums.task(d.tz, d.date, task, h, head, scores.get((d.id, task), []),
                              d.judged_checksum) != (d.task_sums or {}).get(task):
                out.append(f"{d.tz} {d.date}: store_scores {task} checksum")
    return out
