"""The runs ledger: one row per (job, logical date) in the ``runs`` table.

A job run first *claims* its row (status ``running``), then *finishes* it (``ok``, ``noop`` when
there was nothing to do, or ``error``). A night counts as done when its row is ``ok`` or ``noop``.
The unique (job, logical_date) constraint makes a second claim of a done night a no-op, which is
what keeps a cron time that occurs twice (a DST fall-back) from running the work twice, and lets
start-up catch-up ask simply "is the latest due night done?". A ``running`` row found by a
scheduler that holds the single-instance lock was left by a crashed run and is claimed again.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from almanac.exports.store.db import reading
from almanac.exports.store.models import Run

DONE = ("ok", "noop")


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def claim(engine, job: str, logical_date: dt.date, trigger: str, holder: str,
          force: bool = False) -> bool:
    """Mark (job, logical_date) running; False when it is already done (and not forced)."""
    for _ in range(2):
        try:
            with engine.begin() as conn:
                q = select(Run.id, Run.status, Run.attempts).where(
                    Run.job == job, Run.logical_date == logical_date)
                if conn.dialect.name == "postgresql":
                    q = q.with_for_update()
                row = conn.execute(q).first()
                if row is None:
                    conn.execute(insert(Run).values(
                        job=job, logical_date=logical_date, status="running", trigger=trigger,
                        attempts=1, started_at=_now(), holder=holder))
                    return True
                if row.status in DONE and not force:
                    return False
                conn.execute(update(Run).where(Run.id == row.id).values(
                    status="running", trigger=trigger, attempts=row.attempts + 1,
                    started_at=_now(), finished_at=None, duration_s=None, holder=holder,
                    detail=None))
                return True
        except IntegrityError:
            continue  # raced with an insert of the same row: read it again
    return False


def finish(engine, job: str, logical_date: dt.date, status: str, detail: dict | None,
           duration_s: float) -> None:
    with engine.begin() as conn:
        conn.execute(update(Run).where(Run.job == job, Run.logical_date == logical_date).values(
            status=status, finished_at=_now(), duration_s=round(duration_s, 3), detail=detail))


def row(engine, job: str, logical_date: dt.date) -> dict | None:
    """The ledger row of (job, logical_date) as a dict, or None."""
    with reading(engine) as conn:
        r = conn.execute(select(*Run.__table__.c).where(
            Run.job == job, Run.logical_date == logical_date)).first()
        conn.rollback()
    return dict(r._mapping) if r is not None else None


def is_done(engine, job: str, logical_date: dt.date) -> bool:
    with reading(engine) as conn:
        status = conn.execute(select(Run.status).where(
            Run.job == job, Run.logical_date == logical_date)).scalar()
        conn.rollback()
    return status in DONE


def history(engine, job: str | None = None) -> list[dict]:
    q = select(Run).order_by(Run.logical_date, Run.job)
    if job:
        q = q.where(Run.job == job)
    with reading(engine) as conn:
        rows = [dict(r._mapping) for r in conn.execute(q.with_only_columns(*Run.__table__.c))]
        conn.rollback()
    return rows
