"""The write path: ``Writer``, the part of a ``Store`` that precomputes and writes days.

``Writer.precompute`` computes each day outside any transaction (``packing.prepare_day``; in
worker processes for long ranges: ``pool``), then writes each batch of days in one short
transaction (``_flush``) — every day of it whole: its facts row, its twelve hours and twelve
scores per task — or not at all. A row already computed with the current options hash is left
untouched, so a re-run changes nothing; a stale day is rewritten whole; a day whose facts are
current but some task's options changed gets only that task's scores rewritten (still one
transaction). The same transaction keeps the cap on option sets per day (``[store]
option_sets``), evicting the sets written longest ago.
"""
from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from almanac.errors import field as param

from . import bulk, packing
from . import compute as C
from .base import StoreBase
from .checksums import dumps
from .db import reading
from .models import Day, Hour, HourPart, Score
from .packing import Computed, prepare_day
from .pool import computed_chunks


@dataclass
class PrecomputeStats:
    days: int = 0
    written: int = 0        # days (re)written whole
    tasks_updated: int = 0  # days where only some tasks' scores were rewritten
    unchanged: int = 0
    evicted: int = 0        # rows of other option sets dropped beyond ``[store] option_sets``
    seconds: float = 0.0
    tz: str = ""
    errors: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"days": self.days, "written": self.written, "tasks_updated": self.tasks_updated,
                "unchanged": self.unchanged, "seconds": round(self.seconds, 3), "tz": self.tz}


def date_range(start: dt.date, end: dt.date) -> list[dt.date]:
    return [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]


class Writer(StoreBase):
    """Precomputing a range of days into the store, each day written whole or not at all."""

    def precompute(self, start, end, tz: str | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   batch_days: int | None = None) -> PrecomputeStats:
        start, end = C.parse_date(start, C.FROM_DATE), C.parse_date(end, C.TO_DATE)
        if end < start:
            f, t = param("from"), param("to")   # --from on the command line, from= over HTTP
            raise C.BadInput(f"{t} {end} is before {f} {start}; give a range in order",
                             zh=f"結束日期 {t} {end} 早於起始日期 {f} {start}；請按先後給出範圍",
                             ko=f"종료 날짜가 시작 날짜보다 앞섭니다: {t} {end}, {f} {start} "
                                "(기간을 순서대로 지정하십시오)")
        tz = tz or C.default_tz(self.config)
        batch_days = batch_days or int(self.config["store"]["batch_days"])
        t0 = time.perf_counter()
        dates = self._dates(start, end, tz)
        fh, th = self._hashes()
        # one cheap query says which days are already current
        with reading(self.engine) as conn:
            rows = conn.execute(select(Day.date, Day.facts_hash, Day.task_hashes).where(
                Day.tz == tz, Day.date >= start, Day.date <= end, Day.facts_hash == fh)).all()
            conn.rollback()
        have = {r.date: (r.facts_hash, r.task_hashes) for r in rows}
        stats = PrecomputeStats(days=len(dates), tz=tz)
        todo = [d for d in dates if not (d in have and have[d][0] == fh and have[d][1] == th)]
        stats.unchanged += len(dates) - len(todo)
        chunks = [todo[i:i + batch_days] for i in range(0, len(todo), batch_days)]
        done = len(dates) - len(todo)
        if progress is not None:
            progress(done, len(dates))
        evicted = 0
        # the cap on option sets is enforced by each batch's own transaction, against the rows
        # committed by then: a concurrent precompute of another set counts as soon as it has
        # written (a check once, before computing, let two concurrent runs exceed it)
        keep = self._option_sets()
        for batch in self._computed_chunks(chunks, tz, fh, th, have):
            evicted += self._flush(batch, tz, fh, th, stats, keep=keep)
            done += len(batch)
            if progress is not None:
                progress(done, len(dates))
        if evicted:
            self._collect_parts()
        stats.evicted = evicted
        stats.seconds = time.perf_counter() - t0
        return stats

    def _computed_chunks(self, chunks, tz, fh, th, have):
        """Compute each chunk of days, in date order; in worker processes for long ranges."""
        yield from computed_chunks(self.config, chunks, tz, fh, th, have, self._compute)

    def _compute(self, date, tz, fh, th, cur) -> Computed:
        """One day made ready to write (``packing.prepare_day``)."""
        return prepare_day(self.config, date, tz, fh, th, cur)

    def _flush(self, batch: list[Computed], tz, fh, th, stats, _retry: bool = True,
               force: "set[dt.date] | frozenset" = frozenset(), keep: int | None = None) -> int:
        """Write computed days, each whole, all in one transaction. Days in ``force`` are
        rewritten whole even when their stored hashes are current (a failed checksum), and
        their parts are written again. With ``keep``, the rows of the days added beyond
        ``keep`` option sets are evicted (the set written longest ago first); returns how many."""
        redo: list[Computed] = []
        evicted = 0
        try:
            with self.engine.begin() as conn:
                if keep is not None and conn.dialect.name == "postgresql":
                    # writers of one zone that may add option sets take turns, so each one's
                    # eviction sees the others' rows (SQLite writers take turns already:
                    # BEGIN IMMEDIATE)
                    conn.exec_driver_sql("SELECT pg_advisory_xact_lock(%s)", (_zone_lock(tz),))
                q = select(Day.id, Day.date, Day.facts_hash, Day.task_hashes, Day.task_heads,
                           Day.task_sums).where(
                    Day.tz == tz, Day.facts_hash == fh,
                    Day.date.in_([c.date for c in batch]))
                if conn.dialect.name == "postgresql":
                    q = q.with_for_update()
                rows = {r.date: r for r in conn.execute(q)}
                now = dt.datetime.now(dt.timezone.utc)
                th_text = dumps(th)
                scores, new_days, rewrite, day_ids, whole = [], [], [], {}, []
                for c in batch:
                    row = rows.get(c.date)
                    forced = c.date in force
                    if not forced and row is not None and row.task_hashes == th:
                        stats.unchanged += 1  # another writer got here first
                        continue
                    if not forced and row is not None:
                        old = dict(row.task_hashes or {})
                        need = [t for t in th if old.get(t) != th[t]]
                        if any(t not in c.scores for t in need):
                            redo.append(c)  # changed under us: compute again below
                            continue
                        gone = [t for t in old if t not in th]
                        conn.execute(delete(Score).where(Score.day_id == row.id,
                                                         Score.task.in_(need + gone)))
                        scores += packing.score_rows(row.id, c.scores, need, th)
                        heads = {t: h for t, h in (row.task_heads or {}).items() if t in th}
                        heads.update({t: c.heads[t] for t in need})
                        sums = {t: h for t, h in (row.task_sums or {}).items() if t in th}
                        sums.update({t: c.sums[t] for t in need})
                        conn.execute(update(Day).where(Day.id == row.id).values(
                            task_hashes=th, task_heads=heads, task_sums=sums, judged=c.judged[0],
                            judged_checksum=c.judged[1], computed_at=now))
                        stats.tasks_updated += 1
                        continue
                    if c.day is None or any(t not in c.scores for t in th):
                        redo.append(c)
                        continue
                    whole.append(c)
                    if row is None:
                        new_days.append(c)
                    else:
                        for model in (Score, Hour):
                            conn.execute(delete(model).where(model.day_id == row.id))
                        rewrite.append((c.day[0], fh, th_text, dumps(c.heads), dumps(c.sums),
                                        c.judged[0], c.judged[1], now, c.day[1], row.id))
                        day_ids[c.date] = row.id
                    stats.written += 1
                if rewrite:
                    bulk.update_many(conn, Day, packing.DAY_UPDATE, rewrite)
                if new_days:
                    bulk.insert_many(conn, Day, packing.DAY_COLUMNS, [
                        (tz, c.date, c.day[0], fh, th_text, dumps(c.heads), dumps(c.sums),
                         c.judged[0], c.judged[1], now, c.day[1])
                        for c in new_days])
                    day_ids.update(bulk.day_ids(conn, tz, fh, [c.date for c in new_days]))
                if whole:
                    part_ids = bulk.part_ids(
                        conn, {k: v for c in whole for k, v in c.day[3].items()}, bool(force))
                    hours = []
                    for c in whole:
                        i = day_ids[c.date]
                        hours += [(i, *h[:7], part_ids.get(h[7]), part_ids.get(h[8]), h[9])
                                  for h in c.day[2]]
                        scores += packing.score_rows(i, c.scores, list(c.scores), th)
                    bulk.insert_many(conn, Hour, packing.HOUR_COLUMNS, hours)
                if scores:
                    bulk.insert_many(conn, Score, packing.SCORE_COLUMNS, scores)
                if new_days and keep is not None:
                    evicted = _evict(conn, tz, [c.date for c in new_days], keep)
        except IntegrityError:
            if not _retry:
                raise
            # another process inserted some of these days between our read and our write
            stats.written -= sum(1 for c in batch if c.day is not None)
            fresh = [self._compute(c.date, tz, fh, th,
                                   None if c.date in force else self._current(c.date, tz, fh))
                     for c in batch]
            return self._flush(fresh, tz, fh, th, stats, False, force, keep)
        for c in redo:
            evicted += self._flush([self._compute(c.date, tz, fh, th, None)], tz, fh, th, stats,
                                   _retry, force, keep)
        return evicted

    def _option_sets(self) -> int:
        """Option sets kept per (zone, date): ``[store] option_sets``, at least 1."""
        try:
            return max(1, int(self.config["store"].get("option_sets", 4)))
        except (KeyError, TypeError, ValueError, AttributeError):
            return 4

    def _collect_parts(self) -> None:
        """Drop the hour parts no hour references any more (after evictions)."""
        with self.engine.begin() as conn:
            conn.execute(delete(HourPart).where(
                HourPart.id.not_in(select(Hour.qin_id).where(Hour.qin_id.is_not(None))),
                HourPart.id.not_in(select(Hour.liuren_id).where(Hour.liuren_id.is_not(None)))))

    def _current(self, date, tz, fh):
        with reading(self.engine) as conn:
            row = conn.execute(select(Day.facts_hash, Day.task_hashes).where(
                Day.tz == tz, Day.date == date, Day.facts_hash == fh)).first()
            conn.rollback()
        return None if row is None else (row.facts_hash, row.task_hashes)


def _zone_lock(tz: str) -> int:
    """The PostgreSQL advisory lock key of one zone's precompute writes (a signed 64-bit int)."""
    import hashlib
    return int.from_bytes(hashlib.blake2b(f"store_days {tz}".encode(), digest_size=8).digest(),
                          "big", signed=True)


def _evict(conn, tz: str, dates: list[dt.date], keep: int) -> int:
    """Delete the rows of the given days beyond the ``keep`` option sets written last (their
    hours and scores go with them); returns how many day rows went."""
    ranked = select(Day.id, func.row_number().over(
        partition_by=Day.date, order_by=(Day.computed_at.desc(), Day.id.desc())).label("rn")
    ).where(Day.tz == tz, Day.date.in_(dates)).subquery()
    ids = conn.execute(select(ranked.c.id).where(ranked.c.rn > keep)).scalars().all()
    if ids:
        conn.execute(delete(Day).where(Day.id.in_(ids)))
    return len(ids)
