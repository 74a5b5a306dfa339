"""The read path: ``Reader``, the part of a ``Store`` that answers from its rows.

Days (``get_day``, ``get_range``), judgements (``get_judgements``, ``get_judgements_range``)
and ``best`` come from the store where it holds rows computed with the current options that
pass their checksums, and are computed otherwise, so the answers are the same either way. A row
that fails its checksum is never served: it is reported (``checksums.mismatch``) and its day is
rewritten (``Checks._repair``). A store that cannot be read is no error for a reader: it
computes (``log_unavailable`` says why).
"""
from __future__ import annotations

import datetime as dt
import heapq
import json
import logging

from sqlalchemy import Text, cast, select
from sqlalchemy.exc import SQLAlchemyError

from almanac.judgement.score import resolve_task
from almanac.lang import check_lang
from almanac.redaction import error_line

from . import checksums
from . import compute as C
from .bulk import read_parts
from .checksums import dumps
from .db import is_known_down, reading
from .models import Day, Hour, Score
from .packing import judgement, read_hour, unpack, with_hours
from .verify import Checks

log = logging.getLogger("almanac.store")


def log_unavailable(what: str, e: BaseException) -> None:
    """Say why a reader computes: a warning, but only a debug line while the server is known to be
    down (``db.is_known_down``: the gate said so once, not every request)."""
    level = logging.DEBUG if is_known_down(e) else logging.WARNING
    log.log(level, "%s: %s", what, error_line(e))


def _range(start, end) -> tuple[dt.date, dt.date]:
    """The two ends of a range asked for, as dates, in order (bad input otherwise)."""
    start, end = C.parse_date(start, "from date"), C.parse_date(end, "to date")
    if end < start:
        raise C.BadInput(f"to date {end} is before from date {start}; give a range in order",
                         zh=f"結束日期 {end} 早於起始日期 {start}；請按先後給出範圍",
                         ko=f"종료 날짜가 시작 날짜보다 앞섭니다: 종료 {end}, 시작 {start} "
                            "(기간을 순서대로 지정하십시오)")
    return start, end


class Reader(Checks):
    """Answers from the stored rows where they are current and sound, computed elsewhere."""

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
                parts = read_parts(conn, {i for hs in hours.values() for h in hs
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
            out[d.date] = with_hours(json.loads(d.facts), [read_hour(h.facts, r, parts)
                                                            for h, r in zip(hs, refs)])
        return out, bad

    def get_range(self, start, end, tz: str | None = None) -> list[dict]:
        start, end = _range(start, end)
        tz = tz or C.default_tz(self.config)
        try:
            stored, bad = self._load_days(tz, start, end, C.facts_hash(self.config))
        except SQLAlchemyError as e:
            log_unavailable("store unreadable, computing instead", e)
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
            if checksums.task(tz, r.date, task, th, dumps(head), twelve,
                              r.judged_checksum) != r.sum:
                checksums.mismatch("store_scores", tz, r.date, task)
                bad.add(r.date)
                continue
            out[r.date] = (head, r.judged, twelve)
        return out, bad

    def _task_rows(self, task, start, end, tz):
        start, end = _range(start, end)
        tz = tz or C.default_tz(self.config)
        task = resolve_task(self.config, task)
        th = C.task_hashes(self.config, [task])[task]
        try:
            stored, bad = self._load_judgements(task, th, tz, start, end)
        except SQLAlchemyError as e:
            log_unavailable("store unreadable, computing instead", e)
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
                out[d] = judgement(head, unpack(blob, self.config, task))
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
                entries[d] = unpack(stored[d][1], self.config, task, lg)
            entry = entries[d][i]
            del entry["vetoed"]
            results.append(entry)
        return judging.best_answer(self.config, task, tz, s, e, lg, good, results)

    def get_judgements(self, date, task: str, tz: str | None = None) -> list[dict]:
        d = C.parse_date(date)
        return self.get_judgements_range(task, d, d, tz)[d]
