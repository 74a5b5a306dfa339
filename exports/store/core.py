"""Reading and writing the precomputed store.

Writing (``Store.precompute``): each day is computed outside any transaction, then written whole
in one short transaction — its facts row, its twelve hours and twelve scores per task — or not at
all. A row already computed with the current options hash is left untouched, so a re-run changes
nothing; a stale day is rewritten whole; a day whose facts are current but some task's options
changed gets only that task's scores rewritten (still one transaction).

Reading (``get_day``, ``get_range``, ``get_judgements``): answers come from the store where it
holds rows computed with the current options, and are computed otherwise, so the answers are the
same either way. A store that is absent or unreachable is no error for a reader: it computes.
"""
from __future__ import annotations

import datetime as dt
import logging
import os
import json
import signal
import socket
import sys
import time
import heapq
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sqlalchemy import JSON, Boolean, Float, Text, cast, delete, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError

from almanac import config as config_mod
from almanac.errors import field as param
from almanac.judgement.score import resolve_task
from almanac.lang import check_lang
from almanac.redaction import error_line
from almanac.shared import FrozenDict

from . import checksums
from . import compute as C
from .db import get_engine, is_known_down, pool_size, reading, resolve_url, sqlite_path
from .migrations import SchemaTooNew, migrate
from .models import Day, Hour, HourPart, Score

log = logging.getLogger("almanac.store")

_migrated: set[str] = set()
_migrated_engines: dict = {}   # url → the engine whose database was migrated (a reopened file is not)


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


class Store:
    """The store at one database URL, used with one configuration."""

    def __init__(self, url: str | None = None, config=None, *, create: bool = True):
        self.config = config_mod.load(config)
        self.url = resolve_url(url, self.config)
        path = sqlite_path(self.url)
        #: False for a reader when the SQLite file does not exist yet (it then computes)
        self.exists = create or path is None or path.exists()
        self.engine = get_engine(self.url, pool_size(self.config), self.config) if self.exists else None
        if self.exists and (self.url not in _migrated or _migrated_engines.get(self.url) is not self.engine):
            migrate(self.engine)
            _migrated.add(self.url)
            _migrated_engines[self.url] = self.engine

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name if self.engine is not None else "none"

    # ------------------------------------------------------------------ hashes and tasks
    def _dates(self, start: dt.date, end: dt.date, tz: str) -> list[dt.date]:
        """The dates of the range that have hours in ``tz`` on the configured clock: a date the
        zone skipped whole (Pacific/Apia 2011-12-30) is neither computed nor stored."""
        from almanac.calendar import range_dates
        return range_dates(start, end, tz, self.config["calendar"]["time_basis"])

    def _hashes(self) -> tuple[str, dict[str, str]]:
        tasks = C.task_names(self.config)
        return C.facts_hash(self.config), C.task_hashes(self.config, tasks)

    # ------------------------------------------------------------------ writing
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
        workers = int(self.config["store"]["workers"])
        if workers <= 0:
            workers = min(os.cpu_count() or 1, 4)
        days = sum(len(c) for c in chunks)
        if workers < 2 or days < 4 * int(self.config["store"]["batch_days"]):
            for chunk in chunks:
                yield [self._compute(d, tz, fh, th, have.get(d)) for d in chunk]
            return
        import multiprocessing as mp
        import threading
        from concurrent.futures import ProcessPoolExecutor
        # fork is cheap (nothing to re-import) but unsafe from a thread of a threaded process
        # such as the scheduler's worker; there a fresh interpreter per worker is used instead
        method = "fork" if threading.current_thread() is threading.main_thread() else "spawn"
        if method == "fork":
            # fill the caches every worker needs (rule catalog, profiles, term tables) once,
            # here, so the forked workers inherit them instead of each paying ~0.1 s first
            first = chunks[0][0]
            C.judge_day_tasks(first, tz, list(th), self.config)
        size = max(len(c) for c in chunks)
        groups = [g for g in _by_day_cycle([d for c in chunks for d in c], workers) if g]
        ctx = mp.get_context(method)
        results, stop = ctx.Queue(), ctx.Event()
        with ProcessPoolExecutor(max_workers=len(groups), mp_context=ctx,
                                 initializer=_worker_init, initargs=(results, stop)) as pool:
            parts = [_runs(g, size) for g in groups]
            futures = [pool.submit(_compute_stream, (
                self.config.data, self.config.source, p, tz, fh, th, {d: have.get(d) for d in g}))
                for p, g in zip(parts, groups)]
            # written in date order, as one process writes them: the rows' ids and the parts'
            # order come out the same whatever the workers' pace
            done: dict[dt.date, list] = {}
            try:
                for first in sorted(c[0] for p in parts for c in p):
                    while first not in done:
                        batch = _next_result(results, futures)
                        done[batch[0].date] = batch
                    yield done.pop(first)
            finally:
                stop.set()  # a failed write: the workers stop after the chunk they are on

    def _compute(self, date, tz, fh, th, cur) -> "_Computed":
        """One day made ready to write: JSON texts, blobs and checksums are all built here (in
        the compute worker), so the writer only moves bytes."""
        facts_ok = cur is not None and cur[0] == fh
        tasks = [t for t, h in th.items() if not facts_ok or (cur[1] or {}).get(t) != h]
        out = _Computed(date, None if facts_ok else _day_rows(
            date, tz, fh, C.compute_day(date, tz, self.config)))
        if not tasks:
            return out
        # every task of the day in one pass over its fired rules (all of the options' tasks, so
        # the day's blob, shared by them, is whole); reasons stay catalog indices
        judged = C.judge_day_tasks(date, tz, list(th), self.config)
        if len(judged["heads"]) != 12:
            raise RuntimeError(f"judge_day gave {len(judged['heads'])} hours, expected 12")
        blob = _pack_day(judged)
        out.judged = (blob, checksums.judged(tz, date, blob))
        for t in tasks:
            # ``task_scores``' rows are the stored ones as they are: (float, verdict, bool)
            scores, _ = judged["tasks"][t]
            head = judged["answer"][t]
            out.scores[t], out.heads[t] = scores, head
            out.sums[t] = checksums.task(tz, date, t, th[t], _dumps(head), scores, out.judged[1])
        return out

    def _flush(self, batch: list["_Computed"], tz, fh, th, stats, _retry: bool = True,
               force: "set[dt.date] | frozenset" = frozenset(), keep: int | None = None) -> int:
        """Write computed days, each whole, all in one transaction. Days in ``force`` are
        rewritten whole even when their stored hashes are current (a failed checksum), and
        their parts are written again. With ``keep``, the rows of the days added beyond
        ``keep`` option sets are evicted (the set written longest ago first); returns how many."""
        redo: list[_Computed] = []
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
                th_text = _dumps(th)
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
                        scores += _score_rows(row.id, c.scores, need, th)
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
                        rewrite.append((c.day[0], fh, th_text, _dumps(c.heads), _dumps(c.sums),
                                        c.judged[0], c.judged[1], now, c.day[1], row.id))
                        day_ids[c.date] = row.id
                    stats.written += 1
                if rewrite:
                    _update_many(conn, Day, _DAY_UPDATE, rewrite)
                if new_days:
                    _insert_many(conn, Day, _DAY_COLUMNS, [
                        (tz, c.date, c.day[0], fh, th_text, _dumps(c.heads), _dumps(c.sums),
                         c.judged[0], c.judged[1], now, c.day[1])
                        for c in new_days])
                    day_ids.update(_day_ids(conn, tz, fh, [c.date for c in new_days]))
                if whole:
                    part_ids = _part_ids(conn, {k: v for c in whole for k, v in c.day[3].items()},
                                         bool(force))
                    hours = []
                    for c in whole:
                        i = day_ids[c.date]
                        hours += [(i, *h[:7], part_ids.get(h[7]), part_ids.get(h[8]), h[9])
                                  for h in c.day[2]]
                        scores += _score_rows(i, c.scores, list(c.scores), th)
                    _insert_many(conn, Hour, _HOUR_COLUMNS, hours)
                if scores:
                    _insert_many(conn, Score, _SCORE_COLUMNS, scores)
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

    def _current(self, date, tz, fh):
        with reading(self.engine) as conn:
            row = conn.execute(select(Day.facts_hash, Day.task_hashes).where(
                Day.tz == tz, Day.date == date, Day.facts_hash == fh)).first()
            conn.rollback()
        return None if row is None else (row.facts_hash, row.task_hashes)

    # ------------------------------------------------------------------ reading
    def _load_days(self, tz: str, start: dt.date, end: dt.date, fh: str
                   ) -> tuple[dict[dt.date, dict], set[dt.date]]:
        """The current days of the range whose rows pass their checksums, and the dates of
        those that did not (reported, never served)."""
        out: dict[dt.date, dict] = {}
        bad: set[dt.date] = set()
        if self.engine is None:
            return out, bad
        with reading(self.engine) as conn:
            days = conn.execute(select(Day.id, Day.date, cast(Day.facts, Text).label("facts"),
                                       Day.checksum).where(
                Day.tz == tz, Day.date >= start, Day.date <= end,
                Day.facts_hash == fh)).all()
            hours: dict[int, list] = {d.id: [] for d in days}
            parts: dict[int, tuple] = {}
            if days:
                for h in conn.execute(select(Hour.day_id, Hour.idx,
                                             cast(Hour.facts, Text).label("facts"),
                                             Hour.qin_id, Hour.liuren_id,
                                             Hour.checksum).where(
                        Hour.day_id.in_(list(hours))).order_by(Hour.day_id, Hour.idx)):
                    hours[h.day_id].append(h)
                parts = _read_parts(conn, {i for hs in hours.values() for h in hs
                                           for i in (h.qin_id, h.liuren_id) if i is not None})
            conn.rollback()
        sound = {i: checksums.part(kind, body) == digest
                 for i, (digest, kind, body) in parts.items()}
        for d in days:
            hs = hours[d.id]
            refs = [(h.qin_id, h.liuren_id) for h in hs]
            if len(hs) != 12 or any(i is not None and i not in parts for r in refs for i in r):
                continue  # not whole: computed (precompute never leaves such a day)
            if checksums.day(tz, d.date, fh, d.facts) != d.checksum:
                checksums.mismatch("store_days", tz, d.date)
                bad.add(d.date)
                continue
            wrong = [h.idx for h, r in zip(hs, refs)
                     if checksums.hour(tz, d.date, h.idx, h.facts,
                                       *(None if i is None else parts[i][0] for i in r))
                     != h.checksum]
            if wrong:
                checksums.mismatch("store_hours", tz, d.date, f"hours {wrong}")
                bad.add(d.date)
                continue
            wrong = sorted({i for r in refs for i in r if i is not None and not sound[i]})
            if wrong:
                checksums.mismatch("store_hour_parts", tz, d.date, f"parts {wrong}")
                bad.add(d.date)
                continue
            out[d.date] = _with_hours(json.loads(d.facts), [_hour(h.facts, r, parts)
                                                            for h, r in zip(hs, refs)])
        return out, bad

    def get_range(self, start, end, tz: str | None = None) -> list[dict]:
        start, end = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        if end < start:
            raise C.BadInput(f"to date {end} is before from date {start}; give a range in order",
                             zh=f"結束日期 {end} 早於起始日期 {start}；請按先後給出範圍",
                             ko=f"종료 날짜가 시작 날짜보다 앞섭니다: 종료 {end}, 시작 {start} "
                                "(기간을 순서대로 지정하십시오)")
        tz = tz or C.default_tz(self.config)
        try:
            stored, bad = self._load_days(tz, start, end, C.facts_hash(self.config))
        except SQLAlchemyError as e:
            _unavailable("store unreadable, computing instead", e)
            stored, bad = {}, set()
        self._repair(bad, tz)
        return [stored[d] if d in stored else C.compute_day(d, tz, self.config)
                for d in self._dates(start, end, tz)]

    def get_day(self, date, tz: str | None = None) -> dict:
        return self.get_range(date, date, tz)[0]

    def _load_judgements(self, task: str, th: str, tz: str, start: dt.date, end: dt.date
                         ) -> tuple[dict[dt.date, tuple], set[dt.date]]:
        """``{date: (head, the day's blob, twelve (score, verdict, vetoed))}`` of one task's
        current rows that pass their checksums, and the dates of those that did not."""
        out: dict[dt.date, tuple] = {}
        bad: set[dt.date] = set()
        if self.engine is None:
            return out, bad
        in_range = (Day.tz == tz, Day.date >= start, Day.date <= end,
                    Day.facts_hash == C.facts_hash(self.config))
        with reading(self.engine) as conn:
            # only this task's head and checksum, picked out by the database (JSON paths), not
            # every task's parsed here
            rows = conn.execute(
                select(Day.id, Day.date, Day.task_heads[task].label("head"),
                       Day.task_hashes[task].as_string().label("hash"),
                       Day.task_sums[task].as_string().label("sum"), Day.judged,
                       Day.judged_checksum).where(*in_range)).all()
            # a day whose scores of the task were computed with other options is not current
            scores: dict[int, list] = {r.id: [] for r in rows if r.sum and r.hash == th}
            if scores:
                for sc in conn.execute(
                        select(Score.day_id, Score.score, Score.verdict, Score.vetoed)
                        .join(Day, Score.day_id == Day.id)
                        .where(*in_range, Score.task == task)
                        .order_by(Score.day_id, Score.idx)):
                    day_scores = scores.get(sc[0])
                    if day_scores is not None:
                        day_scores.append((sc[1], sc[2], bool(sc[3])))
            conn.rollback()
        for r in rows:
            twelve = scores.get(r.id, ())
            if len(twelve) != 12 or r.judged is None:
                continue  # not stored current for this task
            if checksums.judged(tz, r.date, r.judged) != r.judged_checksum:
                checksums.mismatch("store_days (judged)", tz, r.date)
                bad.add(r.date)
                continue
            head = r.head
            if checksums.task(tz, r.date, task, th, _dumps(head), twelve,
                              r.judged_checksum) != r.sum:
                checksums.mismatch("store_scores", tz, r.date, task)
                bad.add(r.date)
                continue
            out[r.date] = (head, r.judged, twelve)
        return out, bad

    def _task_rows(self, task, start, end, tz):
        start, end = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        if end < start:
            raise C.BadInput(f"to date {end} is before from date {start}; give a range in order",
                             zh=f"結束日期 {end} 早於起始日期 {start}；請按先後給出範圍",
                             ko=f"종료 날짜가 시작 날짜보다 앞섭니다: 종료 {end}, 시작 {start} "
                                "(기간을 순서대로 지정하십시오)")
        tz = tz or C.default_tz(self.config)
        task = resolve_task(self.config, task)
        th = C.task_hashes(self.config, [task])[task]
        try:
            stored, bad = self._load_judgements(task, th, tz, start, end)
        except SQLAlchemyError as e:
            _unavailable("store unreadable, computing instead", e)
            stored, bad = {}, set()
        self._repair(bad, tz)
        return task, start, end, tz, stored

    def get_judgements_range(self, task: str, start, end, tz: str | None = None) -> dict:
        """``{date: judge_day(date, tz, task)}`` from ``start`` to ``end`` inclusive."""
        task, start, end, tz, stored = self._task_rows(task, start, end, tz)
        out = {}
        for d in self._dates(start, end, tz):
            if d in stored:
                head, blob, _ = stored[d]
                out[d] = _judgement(head, _unpack(blob, self.config, task))
            else:
                out[d] = C.judge_day(d, tz, task, self.config)
        return out

    def best(self, task: str, start, end, tz: str | None = None, limit: int = 10,
             lang: str | None = None) -> dict:
        """``almanac.api.best``'s answer, from the store's score rows when every day of the range
        is stored current for the task (and passes its checksums), else computed."""
        from almanac.api import judging
        from almanac.judgement.search import GOOD, check_range
        s, e = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        check_range(s, e)
        task, s, e, tz, stored = self._task_rows(task, s, e, tz)
        days = self._dates(s, e, tz)
        if any(d not in stored for d in days):
            return judging.best(task, s, e, tz=tz, limit=limit, config=self.config, lang=lang)
        n = judging.check_limit(limit)
        pool = [(-score, d, i, verdict) for d in days
                for i, (score, verdict, vetoed) in enumerate(stored[d][2]) if not vetoed]
        top = heapq.nsmallest(n, pool)
        good = any(p[3] in GOOD for p in pool)
        lg = check_lang(lang)
        entries: dict[dt.date, list] = {}
        results = []
        for _, d, i, _ in top:
            if d not in entries:
                entries[d] = _unpack(stored[d][1], self.config, task, lg)
            entry = entries[d][i]
            del entry["vetoed"]
            results.append(entry)
        return judging.best_answer(self.config, task, tz, s, e, lg, good, results)

    # ------------------------------------------------------------------ answer tags
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

    def get_judgements(self, date, task: str, tz: str | None = None) -> list[dict]:
        d = C.parse_date(date)
        return self.get_judgements_range(task, d, d, tz)[d]

    # ------------------------------------------------------------------ checks
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
            head = _dumps((d.task_heads or {}).get(task))
            if checksums.task(d.tz, d.date, task, h, head, scores.get((d.id, task), []),
                              d.judged_checksum) != (d.task_sums or {}).get(task):
                out.append(f"{d.tz} {d.date}: store_scores {task} checksum")
    return out


@dataclass
class _Computed:
    date: dt.date
    #: (facts text without hours, its checksum, twelve hour rows without day_id, the hours' parts
    #: {digest: (kind, text)}) — None when the stored facts are current
    day: tuple | None
    #: task -> twelve (score, verdict, vetoed), for the tasks to (re)write
    scores: dict[str, list] = field(default_factory=dict)
    heads: dict[str, dict | None] = field(default_factory=dict)  # task -> answer minus hours
    #: the day's blob (hours' times, directions, fired rule indices) and its checksum
    judged: tuple | None = None
    sums: dict[str, str] = field(default_factory=dict)  # task -> its checksum (checksums.task)


def _head(result) -> dict | None:
    """A judge_day answer without its hours (their key kept in place), or None for a bare list."""
    if isinstance(result, dict):
        return {k: (None if k == "hours" else v) for k, v in result.items()}
    return None


def _judgement(head: dict | None, hours: list):
    if head is None:
        return hours
    out = dict(head)
    out["hours"] = hours
    return out


def _by_day_cycle(dates: list[dt.date], n: int) -> list[list[dt.date]]:
    """``dates`` split into ``n`` groups by the day's place in the sixty-day cycle, each group a
    run of the cycle (the cut turned so the groups are as even as the range allows). A chart
    belongs to one day pillar, so each worker casts the charts of its own pillars only and
    keeps them, where interleaved chunks made every worker cast most charts of the range."""
    from almanac.calendar import day_pillar
    place = [day_pillar(d).index for d in dates]
    best = None
    for turn in range(0, 60, max(1, 60 // (n * 10))):
        sizes = [0] * n
        for p in place:
            sizes[(p - turn) % 60 * n // 60] += 1
        if best is None or max(sizes) < best[0]:
            best = (max(sizes), turn)
    turn = best[1]
    groups: list[list[dt.date]] = [[] for _ in range(n)]
    for d, p in zip(dates, place):
        groups[(p - turn) % 60 * n // 60].append(d)
    return groups


def _runs(dates: list[dt.date], size: int) -> list[list[dt.date]]:
    """``dates`` (in order) cut into runs of consecutive days of at most ``size`` days."""
    out: list[list[dt.date]] = []
    for d in dates:
        if out and len(out[-1]) < size and (d - out[-1][-1]).days == 1:
            out[-1].append(d)
        else:
            out.append([d])
    return out


#: in a compute worker: where computed chunks go, and the parent's word to stop early
_results = _stop = None


def _worker_init(results=None, stop=None) -> None:
    global _results, _stop
    _results, _stop = results, stop
    if results is not None:
        # the parent reads every chunk before it finishes; after a failure it stops reading,
        # and an exiting worker must not wait for it to
        results.cancel_join_thread()
    # die with the parent: a `kill -9` of `almanac precompute` must not leave workers behind
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            if os.getppid() == 1:  # the parent died before prctl took effect
                os._exit(1)
        except (OSError, AttributeError):
            pass
    # a forked worker must not reuse the parent's pooled database connections
    from .db import forget_inherited
    forget_inherited()
    # a worker only allocates short-lived values: the heap it started with (modules, catalog,
    # caches) is never garbage, so keep the collector off it and let it run less often
    import gc
    gc.freeze()
    gc.set_threshold(20000, 20, 20)


def _compute_stream(job) -> int:
    """In a worker: compute each chunk of its days in turn and put it on the results queue as
    soon as it is done (the parent writes while the next one is computed)."""
    data, source, chunks, tz, fh, th, have = job
    reader = _ComputeOnly(config_mod.Config(data, source=source))
    for n, dates in enumerate(chunks):
        if _stop.is_set():
            return n
        _results.put([reader._compute(d, tz, fh, th, have.get(d)) for d in dates])
    return len(chunks)


def _next_result(results, futures):
    """The next computed chunk from any worker; a worker's error (or its death) is raised."""
    import queue
    while True:
        try:
            return results.get(timeout=0.2)
        except queue.Empty:
            for f in futures:
                if f.done() and f.exception() is not None:
                    raise f.exception()
            if all(f.done() for f in futures):
                # every worker is done: what they put is on its way, or is missing
                try:
                    return results.get(timeout=10)
                except queue.Empty:
                    raise RuntimeError("the compute workers finished without every chunk") from None


_DAY_COLUMNS = ("tz", "date", "facts", "facts_hash", "task_hashes", "task_heads", "task_sums",
                "judged", "judged_checksum", "computed_at", "checksum")
_DAY_UPDATE = _DAY_COLUMNS[2:]
_HOUR_COLUMNS = ("day_id", "idx", "branch", "start_utc", "end_utc", "pillar", "mansion", "facts",
                 "qin_id", "liuren_id", "checksum")
_SCORE_COLUMNS = ("day_id", "idx", "task", "score", "verdict", "vetoed")


def _score_rows(day_id: int, scores: dict[str, list[tuple]], tasks: list[str],
                th: dict[str, str]) -> list[tuple]:
    """Rows of ``store_scores`` as tuples in ``_SCORE_COLUMNS`` order."""
    rows = []
    for task in tasks:
        rows += [(day_id, i, task, score, verdict, vetoed)
                 for i, (score, verdict, vetoed) in enumerate(scores[task])]
    return rows


#: the keys of an hour object stored once in ``store_hour_parts`` and referenced by the hours
#: (their values repeat with the 420-day 禽 cycle and the 720 課); column ``{key}_id``
_PART_KEYS = ("qin", "liuren")


def _day_rows(date: dt.date, tz: str, fh: str, facts: dict) -> tuple:
    """A computed day as the writer stores it: the facts text (hours left out, their key kept in
    place so a read gives back the same document), its checksum, the twelve hour rows (without
    their day id; parts as digests, the writer turns them into ids) with theirs, and the parts
    ``{digest: (kind, text)}`` the hours reference."""
    text = _dumps(_facts_without_hours(facts))
    hours, parts = [], {}
    for i, h in enumerate(facts["hours"]):
        frame, refs = dict(h), []
        for key in _PART_KEYS:
            value = h.get(key)
            if value is None:
                refs.append(None)
                continue
            body, digest = _part_text(key, value)
            parts[digest] = (key, body)
            frame[key] = None  # kept in place: the read puts the part back in the same position
            refs.append(digest)
        ht = _dumps(frame)
        hours.append((i, h.get("branch", ""), C.to_utc_naive(h["start"]),
                      C.to_utc_naive(h["end"]), h.get("pillar"), h.get("mansion"), ht, *refs,
                      checksums.hour(tz, date, i, ht, *refs)))
    return text, checksums.day(tz, date, fh, text), hours, parts


#: id of a shared, read-only part value -> (the value, its text, its digest)
_PART_TEXTS: dict[int, tuple] = {}
_PART_TEXTS_MAX = 16384


def _part_text(key: str, value) -> tuple[str, str]:
    """A part's JSON text and digest. The day documents hand out shared read-only parts (one
    object per 禽 fact set and per chart and moment: ``almanac.shared``), so the text of such an
    object is built once and kept with it (held, so its id is not reused); any other value is
    encoded each time."""
    if not isinstance(value, FrozenDict):
        body = _dumps(value)
        return body, checksums.part(key, body)
    hit = _PART_TEXTS.get(id(value))
    if hit is None or hit[0] is not value or hit[1] != key:
        if len(_PART_TEXTS) >= _PART_TEXTS_MAX:
            _PART_TEXTS.clear()
        body = _dumps(value)
        hit = _PART_TEXTS[id(value)] = (value, key, body, checksums.part(key, body))
    return hit[2], hit[3]


def _part_ids(conn, parts: dict[str, tuple[str, str]], rewrite: bool = False) -> dict[str, int]:
    """``{digest: id}`` of the given parts, inserting those not stored yet (a few statements per
    batch of days, never one per row). With ``rewrite`` every given part is written again (its
    stored body failed its digest)."""
    if not parts:
        return {}
    found = _select_parts(conn, list(parts))
    missing = list(parts) if rewrite else [d for d in parts if d not in found]
    if missing:
        mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
        table = HourPart.__table__
        on_conflict = ("DO UPDATE SET kind = excluded.kind, body = excluded.body" if rewrite
                       else "DO NOTHING")
        conn.exec_driver_sql(
            f"INSERT INTO {table.name} (digest, kind, body) VALUES ({mark}, {mark}, {mark}) "
            f"ON CONFLICT (digest) {on_conflict}",
            [(d, *parts[d]) for d in missing])
        found.update(_select_parts(conn, [d for d in missing if d not in found]))
    return found


def _chunks(items: list, n: int = 900):
    for i in range(0, len(items), n):
        yield items[i:i + n]


def _select_parts(conn, digests: list[str]) -> dict[str, int]:
    """``{digest: id}`` of the stored ones among ``digests`` (plain SQL: hundreds of digests a
    batch, without SQLAlchemy's per-parameter processing)."""
    out = {}
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    for chunk in _chunks(digests):
        out.update(conn.exec_driver_sql(
            f"SELECT digest, id FROM {HourPart.__tablename__} WHERE digest IN "
            f"({', '.join([mark] * len(chunk))})", tuple(chunk)).all())
    return out


def _read_parts(conn, ids: set[int]) -> dict[int, tuple]:
    """``{id: (digest, kind, body text)}`` of the given parts."""
    out = {}
    for chunk in _chunks(sorted(ids)):
        for r in conn.execute(select(HourPart.id, HourPart.digest, HourPart.kind,
                                     cast(HourPart.body, Text)).where(HourPart.id.in_(chunk))):
            out[r[0]] = (r[1], r[2], r[3])
    return out


def _day_ids(conn, tz: str, fh: str, dates: list[dt.date]) -> dict[dt.date, int]:
    """``{date: id}`` of the rows of one option set (plain SQL: SQLite gives the date back as
    its ISO text, PostgreSQL as a date; both print as the ISO date)."""
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    by_text = {d.isoformat(): d for d in dates}
    rows = conn.exec_driver_sql(
        f"SELECT date, id FROM {Day.__tablename__} WHERE tz = {mark} AND facts_hash = {mark} "
        f"AND date IN ({', '.join([mark] * len(dates))})", (tz, fh, *dates)).all()
    return {by_text[str(r[0])]: r[1] for r in rows}


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


def _processors(conn, model, columns: tuple[str, ...]) -> list:
    """Per column, the dialect's conversion of a plain value (dates and times on SQLite, for
    instance), or None. JSON columns take their text as it is: it was encoded (and its checksum
    taken) once, in the compute step."""
    out = []
    for name in columns:
        col = model.__table__.c[name]
        # JSON: the text as it is; Boolean, Float: both drivers take a Python bool and float
        # as they are (the compute step makes scores floats)
        out.append(None if isinstance(col.type, (JSON, Boolean, Float))
                   else col.type.bind_processor(conn.dialect))
    return out


def _convert(rows: list[tuple], procs: list) -> list[tuple]:
    if not any(procs):
        return rows
    return [tuple(v if p is None or v is None else p(v) for v, p in zip(r, procs)) for r in rows]


def _insert_many(conn, model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """One driver-level executemany of plain values: tens of thousands of rows without
    SQLAlchemy's per-row parameter processing (only the dialect's own value conversions)."""
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    table = model.__table__
    prep = conn.dialect.identifier_preparer
    sql = (f"INSERT INTO {prep.format_table(table)} ({', '.join(prep.quote(c) for c in columns)}) "
           f"VALUES ({', '.join([mark] * len(columns))})")
    conn.exec_driver_sql(sql, _convert(rows, _processors(conn, model, columns)))


def _update_many(conn, model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """``UPDATE … SET columns WHERE id = ?`` for rows of the columns' values followed by the id."""
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    prep = conn.dialect.identifier_preparer
    sql = (f"UPDATE {prep.format_table(model.__table__)} SET "
           f"{', '.join(f'{prep.quote(c)} = {mark}' for c in columns)} WHERE id = {mark}")
    conn.exec_driver_sql(sql, _convert(rows, _processors(conn, model, columns) + [None]))


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _pack_day(judged: dict) -> bytes:
    """A day's judgement facts for every task, compressed: ``{"b": the hours' start, end, branch,
    pillar, mansion; "d": their directions or null; "f": per hour the catalog indices of the
    rules that fired}``. ``_unpack`` rebuilds a task's ``judge_day`` entries from it with the
    task's profile and the rule catalog, both covered by the task's options hash (a day is read
    for a task only under its hash)."""
    return zlib.compress(_dumps({"b": judged["heads"], "d": judged["directions"],
                                 "f": judged["fired"]}).encode(), 1)


def _unpack(blob: bytes, cfg=None, task: str | None = None, lang: str = "zh-Hant") -> list:
    from almanac.judgement.score import profile
    from almanac.judgement.search import judged_entries, task_rows
    doc = json.loads(zlib.decompress(blob))
    prof = profile(cfg, task)
    return judged_entries(prof, doc["b"], doc["d"], task_rows(prof, doc["f"], None, lang), lang)


def _hour(frame_text: str, refs, parts: dict[int, tuple]) -> dict:
    """An hour object from its stored frame and the bodies of the parts it references."""
    hour = json.loads(frame_text)
    for key, i in zip(_PART_KEYS, refs):
        if i is not None:
            hour[key] = json.loads(parts[i][2])
    return hour


def _facts_without_hours(facts: dict) -> dict:
    # keep the key's position so a read gives back the same document, key order included
    return {k: (None if k == "hours" else v) for k, v in facts.items()}


def _with_hours(facts: dict, hours: list) -> dict:
    out = dict(facts)
    out["hours"] = hours
    return out


def holder_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


# ---------------------------------------------------------------------- module-level API
def open_store(config=None, url: str | None = None, *, create: bool = True) -> Store:
    return Store(url, config, create=create)


def _unavailable(what: str, e: BaseException) -> None:
    """Say why a reader computes: a warning, but only a debug line while the server is known to be
    down (``db.is_known_down``: the gate said so once, not every request)."""
    level = logging.DEBUG if is_known_down(e) else logging.WARNING
    log.log(level, "%s: %s", what, error_line(e))


def _reader(config):
    try:
        return Store(None, config, create=False)
    except (SQLAlchemyError, OperationalError, OSError, SchemaTooNew) as e:
        _unavailable("store unavailable, computing instead", e)
        return _ComputeOnly(config)


class _ComputeOnly(Store):
    def __init__(self, config):  # noqa: D401 — a store with no database behind it
        self.config = config_mod.load(config)
        self.url, self.exists, self.engine = "", False, None


def get_day(date, tz: str | None = None, config=None) -> dict:
    """The ``almanac day --json`` dict, from the store when it is current, else computed."""
    return _reader(config).get_day(date, tz)


def get_range(start, end, tz: str | None = None, config=None) -> list[dict]:
    """The day dicts from ``start`` to ``end`` inclusive: stored where current, computed elsewhere."""
    return _reader(config).get_range(start, end, tz)


def get_judgements(date, task: str, tz: str | None = None, config=None) -> list[dict]:
    """``judge_day(date, tz, task, config)``'s answer, from the store when it is current."""
    return _reader(config).get_judgements(date, task, tz)


def get_judgements_range(task: str, start, end, tz: str | None = None, config=None
                         ) -> dict[dt.date, list[dict]]:
    return _reader(config).get_judgements_range(task, start, end, tz)


def best(task: str, start, end, tz: str | None = None, limit: int = 10, config=None,
         lang: str | None = None) -> dict:
    """``almanac.api.best``'s answer: from the store's score rows when the range is stored
    current for the task, else computed."""
    return _reader(config).best(task, start, end, tz, limit, lang)


def day_tag(date, tz: str | None = None, config=None) -> str | None:
    """See ``Store.day_tag``."""
    return _reader(config).day_tag(date, tz)


def best_tag(task: str, start, end, tz: str | None = None, config=None) -> str | None:
    """See ``Store.best_tag``."""
    return _reader(config).best_tag(task, start, end, tz)


def day_tags(start, end, tz: str | None = None, config=None) -> dict[dt.date, str]:
    """See ``Store.day_tags``."""
    return _reader(config).day_tags(start, end, tz)


def task_tags(task: str, start, end, tz: str | None = None, config=None) -> dict[dt.date, str]:
    """See ``Store.task_tags``."""
    return _reader(config).task_tags(task, start, end, tz)
