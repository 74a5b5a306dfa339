"""The scheduler service: one APScheduler 3.x ``BlockingScheduler`` in its own process.

Start-up order: take the single-instance lock (or stop: another scheduler runs the jobs) →
migrate the store → catch up every job whose latest due night is not done in the ledger →
register the jobs (fixed ids, ``replace_existing``) in the ``SQLAlchemyJobStore`` → run.

Settings that the APScheduler research (shared docs §3, §6 S1–S4) calls for: an explicit time
zone on the scheduler and on every trigger; ``coalesce=True``, ``max_instances=1`` and a long
``misfire_grace_time``; one worker thread so the jobs run in order; and state-based catch-up
from the ledger, which also covers the run APScheduler loses when shut down at a due time.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import logging
import signal
from zoneinfo import ZoneInfo

from sqlalchemy import MetaData, Table, delete, inspect

from almanac import config as config_mod
from almanac.exports.store import Store

from . import jobs, ledger
from .lock import LockHeld, SingleInstanceLock

# APScheduler is imported where a scheduler is built: `--once` runs the jobs without one

log = logging.getLogger("almanac.scheduler")

JOBSTORE_TABLE = "apscheduler_jobs"
_running = None


class Service:
    def __init__(self, config=None, url: str | None = None, clock=None):
        self.config = config_mod.load(config)
        self.store = Store(url, self.config)
        self.lock = SingleInstanceLock(self.store)
        self.ctx = jobs.Context(self.config, self.store, self.lock, stop=stop_running)
        if clock is not None:
            self.ctx.clock = clock
        self.tz = ZoneInfo(self.config["scheduler"]["timezone"])
        for job in jobs.JOB_IDS:
            self.ctx.job_time(job)  # bad times are bad input before anything starts

    # ------------------------------------------------------------------ pieces
    def triggers(self) -> dict:
        """One DST-safe nightly trigger per job (not ``CronTrigger``: see ``scheduler.triggers``)."""
        from .triggers import NightlyTrigger
        return {job: NightlyTrigger(self.ctx.job_time(job), self.tz) for job in jobs.JOB_IDS}

    def build(self, scheduler_class=None):
        """The APScheduler scheduler (a ``BlockingScheduler`` unless ``scheduler_class``) with
        the nightly jobs, the lock check and the catch-up registered."""
        from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_MAX_INSTANCES, EVENT_JOB_MISSED
        from apscheduler.executors.pool import ThreadPoolExecutor
        from apscheduler.jobstores.memory import MemoryJobStore
        from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
        if scheduler_class is None:
            from apscheduler.schedulers.blocking import BlockingScheduler as scheduler_class
        sec = self.config["scheduler"]
        grace = int(sec["misfire_grace_seconds"])
        sched = scheduler_class(
            timezone=self.tz,
            jobstores={"default": SQLAlchemyJobStore(engine=self.store.engine,
                                                     tablename=JOBSTORE_TABLE),
                       "memory": MemoryJobStore()},
            executors={"default": ThreadPoolExecutor(max_workers=1)},
            job_defaults={"coalesce": True, "max_instances": 1,
                          "misfire_grace_time": grace if grace > 0 else None})
        for job, trigger in self.triggers().items():
            sched.add_job(f"almanac.scheduler.jobs:{job}", trigger, id=job, name=f"almanac {job}",
                          replace_existing=True)
        sched.add_job(jobs.check_lock, "interval", seconds=int(sec["lock_check_seconds"]),
                      id="check-lock", jobstore="memory", replace_existing=True)
        if sec["catch_up"]:
            # catch-up at every check, not only at start: a night a trigger did not fire (or
            # whose run failed) is run within a check interval, in the same one-thread executor
            sched.add_job(jobs.catch_up_tick, "interval", seconds=int(sec["lock_check_seconds"]),
                          id="catch-up", jobstore="memory", replace_existing=True)
        sched.add_listener(_on_event, EVENT_JOB_ERROR | EVENT_JOB_MISSED | EVENT_JOB_MAX_INSTANCES)
        return sched

    def prune(self) -> int:
        """Delete jobs left in the job store under ids this version no longer uses."""
        with self.store.engine.begin() as conn:
            if not inspect(conn).has_table(JOBSTORE_TABLE):
                return 0
            table = Table(JOBSTORE_TABLE, MetaData(), autoload_with=conn)
            return conn.execute(delete(table).where(table.c.id.not_in(jobs.JOB_IDS))).rowcount

    def catch_up(self, now: dt.datetime | None = None) -> dict[str, str]:
        """Run every job whose latest due night is not done in the ledger (takes the lock)."""
        out = {}
        with (contextlib.nullcontext() if self.lock.held else self.lock):
            self._catch_up(now, out)
        return out

    def _catch_up(self, now, out) -> None:
        out.update(jobs.catch_up_all(self.ctx, now, retry_errors_after=None))

    # ------------------------------------------------------------------ entry points
    def run_once(self) -> dict[str, str]:
        with self.lock:
            jobs.install(self.ctx)
            try:
                return {job: jobs.run_job(job, trigger="once", force=True, ctx=self.ctx)
                        for job in jobs.JOB_IDS}
            finally:
                jobs.install(None)

    def run_forever(self, scheduler_class=None) -> None:
        """Take the lock, catch up, and run until SIGTERM/SIGINT (a BlockingScheduler blocks)."""
        global _running
        with self.lock:
            jobs.install(self.ctx)
            previous = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
            try:
                if self.config["scheduler"]["catch_up"]:
                    self.catch_up()
                self.prune()
                from apscheduler.events import EVENT_SCHEDULER_STARTED
                sched = self.build(scheduler_class)
                sched.add_listener(_on_started, EVENT_SCHEDULER_STARTED)
                _running = sched
                for s in previous:
                    signal.signal(s, lambda *_: stop_running())
                sched.start()
            finally:
                for s, h in previous.items():
                    signal.signal(s, h)
                _running = None
                jobs.install(None)


def _on_started(_event) -> None:
    sched = _running
    if sched is None:
        return
    for job in sched.get_jobs():
        log.info("scheduled: %s next at %s", job.id, job.next_run_time)
    log.info("scheduler started")


def _on_event(event) -> None:
    from apscheduler.events import EVENT_JOB_MAX_INSTANCES, EVENT_JOB_MISSED
    if event.code == EVENT_JOB_MISSED:
        log.warning("job %s missed its run at %s (ledger catch-up will cover it)",
                    event.job_id, event.scheduled_run_time)
    elif event.code == EVENT_JOB_MAX_INSTANCES:
        log.warning("job %s still running; a run was skipped", event.job_id)
    else:
        log.error("job %s raised %r", event.job_id, event.exception)


def stop_running() -> None:
    sched = _running
    if sched is not None and sched.running:
        sched.shutdown(wait=False)


__all__ = ["Service", "LockHeld", "stop_running"]
