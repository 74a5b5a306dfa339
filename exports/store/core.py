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
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError

import config as config_mod
from almanac.judgement.score import resolve_task

from . import compute as C
from .db import get_engine, reading, resolve_url, sqlite_path
from .migrations import SchemaTooNew, migrate
from .models import Day, Hour, Judgement, Score

log = logging.getLogger("almanac.store")

_migrated: set[str] = set()


@dataclass
class PrecomputeStats:
    days: int = 0
    written: int = 0        # days (re)written whole
    tasks_updated: int = 0  # days where only some tasks' scores were rewritten
    unchanged: int = 0
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
        self.engine = get_engine(self.url) if self.exists else None
        if self.exists and self.url not in _migrated:
            migrate(self.engine)
            _migrated.add(self.url)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name if self.engine is not None else "none"

    # ------------------------------------------------------------------ hashes and tasks
    def _hashes(self) -> tuple[str, dict[str, str]]:
        tasks = C.task_names(self.config)
        return C.facts_hash(self.config), C.task_hashes(self.config, tasks)

    # ------------------------------------------------------------------ writing
    def precompute(self, start, end, tz: str | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   batch_days: int | None = None) -> PrecomputeStats:
        start, end = C.parse_date(start, "--from date"), C.parse_date(end, "--to date")
        if end < start:
            raise C.BadInput(f"--to {end} is before --from {start}; give a range in order")
        tz = tz or C.default_tz(self.config)
        batch_days = batch_days or int(self.config["store"]["batch_days"])
        t0 = time.perf_counter()
        dates = date_range(start, end)
        fh, th = self._hashes()
        # one cheap query says which days are already current
        with reading(self.engine) as conn:
            rows = conn.execute(select(Day.date, Day.facts_hash, Day.task_hashes).where(
                Day.tz == tz, Day.date >= start, Day.date <= end)).all()
            conn.rollback()
        have = {r.date: (r.facts_hash, r.task_hashes) for r in rows}
        stats = PrecomputeStats(days=len(dates), tz=tz)
        todo = [d for d in dates if not (d in have and have[d][0] == fh and have[d][1] == th)]
        stats.unchanged += len(dates) - len(todo)
        chunks = [todo[i:i + batch_days] for i in range(0, len(todo), batch_days)]
        done = len(dates) - len(todo)
        if progress is not None:
            progress(done, len(dates))
        for batch in self._computed_chunks(chunks, tz, fh, th, have):
            self._flush(batch, tz, fh, th, stats)
            done += len(batch)
            if progress is not None:
                progress(done, len(dates))
        stats.seconds = time.perf_counter() - t0
        return stats

    def _computed_chunks(self, chunks, tz, fh, th, have):
        """Compute each chunk of days, in order; in worker processes for long ranges."""
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
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks)),
                                 mp_context=mp.get_context(method),
                                 initializer=_worker_init) as pool:
            jobs = [(self.config.data, self.config.source, c, tz, fh, th,
                     {d: have.get(d) for d in c}) for c in chunks]
            yield from pool.map(_compute_chunk, jobs)

    def _compute(self, date, tz, fh, th, cur) -> "_Computed":
        facts_ok = cur is not None and cur[0] == fh
        tasks = [t for t, h in th.items() if not facts_ok or (cur[1] or {}).get(t) != h]
        facts = None if facts_ok else C.compute_day(date, tz, self.config)
        scores, heads, packed = {}, {}, {}
        if not tasks:
            return _Computed(date, facts, scores, heads, packed)
        # every task of the day in one pass over its fired rules; reasons stay catalog indices
        judged = C.judge_day_tasks(date, tz, tasks, self.config)
        if len(judged["heads"]) != 12:
            raise RuntimeError(f"judge_day gave {len(judged['heads'])} hours, expected 12")
        # what every task's blob repeats is encoded once per day
        hb = _dumps(judged["heads"])
        db = _dumps(judged["directions"]) if judged["directions"] is not None else "null"
        for t, (rows, with_dirs) in judged["tasks"].items():
            # keep only what the score rows need; the rest is packed here, in the worker
            scores[t] = [(r[0], r[1]) for r in rows]
            packed[t] = _pack_rows(hb, db if with_dirs else "null", rows)
            heads[t] = judged["answer"][t]
        return _Computed(date, facts, scores, heads, packed)

    def _flush(self, batch: list["_Computed"], tz, fh, th, stats, _retry: bool = True) -> None:
        """Write computed days, each whole, all in one transaction."""
        redo: list[_Computed] = []
        try:
            with self.engine.begin() as conn:
                q = select(Day.id, Day.date, Day.facts_hash, Day.task_hashes, Day.task_heads).where(
                    Day.tz == tz, Day.date.in_([c.date for c in batch]))
                if conn.dialect.name == "postgresql":
                    q = q.with_for_update()
                rows = {r.date: r for r in conn.execute(q)}
                now = dt.datetime.now(dt.timezone.utc)
                hours, scores, judgements, new_days, day_ids = [], [], [], [], {}
                for c in batch:
                    row = rows.get(c.date)
                    if row is not None and row.facts_hash == fh and row.task_hashes == th:
                        stats.unchanged += 1  # another writer got here first
                        continue
                    if row is not None and row.facts_hash == fh:
                        old = dict(row.task_hashes or {})
                        need = [t for t in th if old.get(t) != th[t]]
                        if any(t not in c.scores for t in need):
                            redo.append(c)  # changed under us: compute again below
                            continue
                        gone = [t for t in old if t not in th]
                        for model in (Score, Judgement):
                            conn.execute(delete(model).where(model.day_id == row.id,
                                                             model.task.in_(need + gone)))
                        fresh = {t: c.scores[t] for t in need}
                        scores += _score_rows(row.id, fresh, th)
                        judgements += _judgement_rows(row.id, c.packed, need, th)
                        heads = {t: h for t, h in (row.task_heads or {}).items() if t in th}
                        heads.update({t: c.heads[t] for t in need})
                        conn.execute(update(Day).where(Day.id == row.id).values(
                            task_hashes=th, task_heads=heads, computed_at=now))
                        stats.tasks_updated += 1
                        continue
                    if c.facts is None or any(t not in c.scores for t in th):
                        redo.append(c)
                        continue
                    if row is None:
                        new_days.append(c)
                    else:
                        conn.execute(delete(Score).where(Score.day_id == row.id))
                        conn.execute(delete(Judgement).where(Judgement.day_id == row.id))
                        conn.execute(delete(Hour).where(Hour.day_id == row.id))
                        conn.execute(update(Day).where(Day.id == row.id).values(
                            facts=_facts_without_hours(c.facts), facts_hash=fh, task_hashes=th,
                            task_heads=c.heads, computed_at=now))
                        day_ids[c.date] = row.id
                    stats.written += 1
                if new_days:
                    ids = conn.execute(
                        insert(Day).returning(Day.date, Day.id, sort_by_parameter_order=True),
                        [{"tz": tz, "date": c.date, "facts": _facts_without_hours(c.facts),
                          "facts_hash": fh, "task_hashes": th, "task_heads": c.heads,
                          "computed_at": now}
                         for c in new_days]).all()
                    day_ids.update({r.date: r.id for r in ids})
                for c in batch:
                    if c.date in day_ids:
                        hours += [_hour_row(day_ids[c.date], i, h)
                                  for i, h in enumerate(c.facts["hours"])]
                        scores += _score_rows(day_ids[c.date], c.scores, th)
                        judgements += _judgement_rows(day_ids[c.date], c.packed, list(c.scores), th)
                if hours:
                    conn.execute(insert(Hour), hours)
                if scores:
                    _insert_many(conn, Score, _SCORE_COLUMNS, scores)
                if judgements:
                    conn.execute(insert(Judgement), judgements)
        except IntegrityError:
            if not _retry:
                raise
            # another process inserted some of these days between our read and our write
            stats.written -= sum(1 for c in batch if c.facts is not None)
            fresh = [self._compute(c.date, tz, fh, th, self._current(c.date, tz)) for c in batch]
            self._flush(fresh, tz, fh, th, stats, False)
            return
        for c in redo:
            self._flush([self._compute(c.date, tz, fh, th, None)], tz, fh, th, stats, _retry)

    def _current(self, date, tz):
        with reading(self.engine) as conn:
            row = conn.execute(select(Day.facts_hash, Day.task_hashes).where(
                Day.tz == tz, Day.date == date)).first()
            conn.rollback()
        return None if row is None else (row.facts_hash, row.task_hashes)

    # ------------------------------------------------------------------ reading
    def _load_days(self, tz: str, start: dt.date, end: dt.date, fh: str) -> dict[dt.date, dict]:
        out: dict[dt.date, dict] = {}
        if self.engine is None:
            return out
        with reading(self.engine) as conn:
            days = conn.execute(select(Day.id, Day.date, Day.facts).where(
                Day.tz == tz, Day.date >= start, Day.date <= end,
                Day.facts_hash == fh)).all()
            if days:
                by_id = {d.id: d for d in days}
                hours: dict[int, list] = {i: [] for i in by_id}
                for h in conn.execute(select(Hour.day_id, Hour.idx, Hour.facts).where(
                        Hour.day_id.in_(list(by_id))).order_by(Hour.day_id, Hour.idx)):
                    hours[h.day_id].append(h.facts)
                for i, d in by_id.items():
                    if len(hours[i]) == 12:
                        out[d.date] = _with_hours(d.facts, hours[i])
            conn.rollback()
        return out

    def get_range(self, start, end, tz: str | None = None) -> list[dict]:
        start, end = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        if end < start:
            raise C.BadInput(f"to date {end} is before from date {start}; give a range in order")
        tz = tz or C.default_tz(self.config)
        try:
            stored = self._load_days(tz, start, end, C.facts_hash(self.config))
        except SQLAlchemyError as e:
            log.warning("store unreadable, computing instead: %s", e)
            stored = {}
        return [stored[d] if d in stored else C.compute_day(d, tz, self.config)
                for d in date_range(start, end)]

    def get_day(self, date, tz: str | None = None) -> dict:
        return self.get_range(date, date, tz)[0]

    def get_judgements_range(self, task: str, start, end, tz: str | None = None) -> dict:
        """``{date: judge_day(date, tz, task)}`` from ``start`` to ``end`` inclusive."""
        start, end = C.parse_date(start, "from date"), C.parse_date(end, "to date")
        if end < start:
            raise C.BadInput(f"to date {end} is before from date {start}; give a range in order")
        tz = tz or C.default_tz(self.config)
        task = resolve_task(self.config, task)
        th = C.task_hashes(self.config, [task])[task]
        stored: dict[dt.date, list] = {}
        heads: dict[dt.date, dict | None] = {}
        if self.engine is not None:
            try:
                with reading(self.engine) as conn:
                    for d in conn.execute(select(Day.id, Day.date, Day.task_heads).where(
                            Day.tz == tz, Day.date >= start, Day.date <= end)):
                        heads[d.date] = (d.task_heads or {}).get(task)
                    rows = conn.execute(
                        select(Day.date, Judgement.hours)
                        .join(Judgement, Judgement.day_id == Day.id)
                        .where(Day.tz == tz, Day.date >= start, Day.date <= end,
                               Judgement.task == task, Judgement.options_hash == th)).all()
                    conn.rollback()
                for r in rows:
                    stored[r.date] = _unpack(r.hours, self.config, task)
            except SQLAlchemyError as e:
                log.warning("store unreadable, computing instead: %s", e)
        return {d: _judgement(heads.get(d), stored[d]) if len(stored.get(d, ())) == 12
                else C.judge_day(d, tz, task, self.config) for d in date_range(start, end)}

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
            judged: dict[int, set] = {}
            for day_id, task in conn.execute(select(Judgement.day_id, Judgement.task)):
                judged.setdefault(day_id, set()).add(task)
            for d in conn.execute(select(Day.id, Day.tz, Day.date, Day.task_hashes)):
                if judged.get(d.id, set()) != set(d.task_hashes or {}):
                    problems.append(f"{d.tz} {d.date}: judgements {sorted(judged.get(d.id, ()))}")
            orphans = set(hours) - {i for (i,) in conn.execute(select(Day.id))}
            if orphans:
                problems.append(f"{len(orphans)} orphan hour groups")
            conn.rollback()
        return problems

    def counts(self) -> dict[str, int]:
        with reading(self.engine) as conn:
            out = {t.__tablename__: conn.execute(select(func.count()).select_from(t)).scalar_one()
                   for t in (Day, Hour, Score, Judgement)}
            conn.rollback()
        return out


@dataclass
class _Computed:
    date: dt.date
    facts: dict | None         # None when the stored facts are current
    scores: dict[str, list]    # task -> twelve (score, verdict), for the tasks to (re)write
    heads: dict[str, dict | None] = field(default_factory=dict)  # task -> answer minus hours
    packed: dict[str, bytes] = field(default_factory=dict)  # task -> the twelve, compressed


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


def _worker_init() -> None:
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
    from .db import _engines
    for engine in _engines.values():
        engine.dispose(close=False)
    # a worker only allocates short-lived values: the heap it started with (modules, catalog,
    # caches) is never garbage, so keep the collector off it and let it run less often
    import gc
    gc.freeze()
    gc.set_threshold(20000, 20, 20)


def _compute_chunk(job) -> list[_Computed]:
    data, source, dates, tz, fh, th, have = job
    cfg = config_mod.Config(data, source=source)
    reader = _ComputeOnly(cfg)
    return [reader._compute(d, tz, fh, th, have.get(d)) for d in dates]


_SCORE_COLUMNS = ("day_id", "idx", "task", "score", "verdict", "options_hash")


def _score_rows(day_id: int, scores: dict[str, list[tuple]], th: dict[str, str]) -> list[tuple]:
    """Rows of ``store_scores`` as tuples in ``_SCORE_COLUMNS`` order."""
    rows = []
    for task, hours in scores.items():
        h = th[task]
        rows += [(day_id, i, task, float(score) if isinstance(score, (int, float)) else None,
                  verdict, h) for i, (score, verdict) in enumerate(hours)]
    return rows


def _insert_many(conn, model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """One driver-level executemany of plain values (ints, floats, texts): tens of thousands of
    score rows without SQLAlchemy's per-row parameter processing, which none of them needs."""
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    table = model.__table__
    prep = conn.dialect.identifier_preparer
    sql = (f"INSERT INTO {prep.format_table(table)} ({', '.join(prep.quote(c) for c in columns)}) "
           f"VALUES ({', '.join([mark] * len(columns))})")
    conn.exec_driver_sql(sql, rows)


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _pack_rows(heads_json: str, dirs_json: str, rows: list) -> bytes:
    """One task's twelve judged hours, compressed: ``{"b": the hours' start, end, branch, pillar,
    mansion; "d": their directions or null; "h": per hour [score, verdict, reason rule indices,
    veto rule indices]}``. ``_unpack`` rebuilds judge_day's dicts from the task's profile and the
    rule catalog, both covered by the task's options hash (a row is read only under its hash)."""
    return zlib.compress(f'{{"b":{heads_json},"d":{dirs_json},"h":{_dumps(rows)}}}'.encode(), 1)


def _unpack(blob: bytes, cfg=None, task: str | None = None) -> list:
    doc = json.loads(zlib.decompress(blob))
    if isinstance(doc, list):  # the hours verbatim (as first stored)
        return doc
    from almanac.judgement.score import profile
    from almanac.judgement.search import judged_entries
    return judged_entries(profile(cfg, task), doc["b"], doc["d"], doc["h"])


def _judgement_rows(day_id: int, packed: dict[str, bytes], tasks: list[str],
                    th: dict[str, str]) -> list[dict]:
    return [{"day_id": day_id, "task": t, "options_hash": th[t], "hours": packed[t]}
            for t in tasks]


def _facts_without_hours(facts: dict) -> dict:
    # keep the key's position so a read gives back the same document, key order included
    return {k: (None if k == "hours" else v) for k, v in facts.items()}


def _with_hours(facts: dict, hours: list) -> dict:
    out = dict(facts)
    out["hours"] = hours
    return out


def _hour_row(day_id: int, idx: int, h: dict) -> dict:
    return {"day_id": day_id, "idx": idx, "branch": h.get("branch", ""),
            "start_utc": C.to_utc_naive(h["start"]), "end_utc": C.to_utc_naive(h["end"]),
            "pillar": h.get("pillar"), "mansion": h.get("mansion"),
            "chart": C.chart_summary(h), "facts": h}


def holder_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


# ---------------------------------------------------------------------- module-level API
def open_store(config=None, url: str | None = None, *, create: bool = True) -> Store:
    return Store(url, config, create=create)


def _reader(config):
    try:
        return Store(None, config, create=False)
    except (SQLAlchemyError, OperationalError, OSError, SchemaTooNew) as e:
        log.warning("store unavailable, computing instead: %s", e)
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
