"""The scheduled jobs and the entry points APScheduler stores for them.

APScheduler pickles a job as a textual reference (``scheduler.jobs:precompute``) with no
arguments; the running service installs its context (config, store, clock) here with
``install``, so a job always uses the configuration the service was started with, never a stale
pickled one.

Every run goes through ``run_job``: it works out the job's *logical date* (the local date of the
latest time the job was due), claims it in the ledger, runs the body, and records the outcome.
"""
from __future__ import annotations

import datetime as dt
import importlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo

from almanac.exports.store.core import holder_name
from almanac.exports.store.db import check_persisted, data_dir, file_identity

from . import ledger

log = logging.getLogger("almanac.scheduler")

#: job ids, in the order they run at catch-up and with --once
JOB_IDS = ("precompute", "feeds", "reports")


@dataclass
class Context:
    config: object
    store: object
    lock: object | None = None
    clock: Callable[[], dt.datetime] = field(default=lambda: dt.datetime.now(dt.timezone.utc))
    #: stops the running service (``service.stop_running``, handed in by the service that runs
    #: these jobs: it imports this module, so this one does not import it back)
    stop: Callable[[], None] = lambda: None

    @property
    def section(self) -> dict:
        return self.config["scheduler"]

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.section["timezone"])

    def job_time(self, job: str) -> dt.time:
        return parse_hhmm(self.section[f"{job}_at"], f"scheduler.{job}_at")


_ctx: Context | None = None


def install(ctx: Context | None) -> None:
    global _ctx
    _ctx = ctx


def current() -> Context:
    if _ctx is None:
        raise RuntimeError("no scheduler context installed; start jobs through scheduler.service")
    return _ctx


def parse_hhmm(value: str, where: str) -> dt.time:
    from almanac.errors import BadInput
    try:
        hh, mm = str(value).split(":")
        return dt.time(int(hh), int(mm))
    except ValueError:
        raise BadInput(f"config option {where!r} is {value!r}; accepted: HH:MM (24-hour)",
                       zh=f"設定選項 {where!r} 的值無效：{value!r}（格式 HH:MM，24 小時制）",
                       ko=f"설정 옵션의 값이 올바르지 않습니다: {where!r} = {value!r} (HH:MM 형식, 24시간제)") from None


def logical_date(ctx: Context, job: str, now: dt.datetime | None = None) -> dt.date:
    """The local date of the latest time ``job`` was due at or before ``now``."""
    now = (now or ctx.clock()).astimezone(ctx.tz)
    return now.date() if now.time().replace(tzinfo=None) >= ctx.job_time(job) \
        else now.date() - dt.timedelta(days=1)


# ---------------------------------------------------------------------- job bodies
#: the days ``best`` answers when a reader names none: a week from today, today counted
from almanac.api.judging import WEEK_DAYS  # noqa: E402  (one home: best's default week)
#: a zone's today may be the job's date or a day either side of it (zones ahead of or behind the
#: scheduler's), and the next morning's requests are read on their own today
MARGIN_DAYS = 1


def precompute_plan(config, day: dt.date) -> dict[str, tuple[dt.date, dt.date]]:
    """The days the night's precompute keeps current, per zone (first and last date), so that the
    next day's published answers read the store instead of computing:

    - the rolling horizon (``[scheduler] horizon_past_days`` .. ``horizon_future_days``) in every
      configured zone (``[scheduler] zones``, else ``[calendar] default_tz``);
    - the published feeds' horizon (``[feeds] past_days`` .. ``future_days``) in the zone they are
      published in (``[calendar] default_tz``), whatever the horizon above;
    - ``best``'s default range, a week from today (``WEEK_DAYS``), in each of those zones;

    each with ``MARGIN_DAYS`` either side. Every range holds ``day``, so a zone's is their span."""
    sec = config["scheduler"]
    default = config["calendar"]["default_tz"]
    zones = list(sec["zones"]) or [default]
    margin = dt.timedelta(days=MARGIN_DAYS)
    horizon = (day - dt.timedelta(days=int(sec["horizon_past_days"])),
               day + dt.timedelta(days=int(sec["horizon_future_days"])))
    week = (day - margin, day + dt.timedelta(days=WEEK_DAYS - 1) + margin)
    want = {z: [horizon, week] for z in zones}
    feed_horizon = _writer("almanac.exports.feeds", "horizon")
    if feed_horizon is not None:   # the feeds' own reading of [feeds] past_days/future_days
        fs, fe = feed_horizon(day, config)
        want.setdefault(default, [week]).append((fs - margin, fe + margin))
    return {z: (min(r[0] for r in rs), max(r[1] for r in rs)) for z, rs in want.items()}


def _precompute(ctx: Context, day: dt.date) -> tuple[str, dict]:
    sec = ctx.section
    start = day - dt.timedelta(days=int(sec["horizon_past_days"]))
    end = day + dt.timedelta(days=int(sec["horizon_future_days"]))
    out = {"from": start.isoformat(), "to": end.isoformat(), "zones": {}}
    written = 0
    before = file_identity(ctx.store.url)
    for zone, (first, last) in precompute_plan(ctx.config, day).items():
        stats = ctx.store.precompute(first, last, zone)
        out["zones"][zone] = {"from": first.isoformat(), "to": last.isoformat(), **stats.as_dict()}
        written += stats.written + stats.tasks_updated
    check_persisted(ctx.store.url, before)  # an error in the ledger, retried by catch-up
    return ("ok" if written else "noop"), out


def _writer(module: str, name: str):
    """``module.name``, or None when that writer is not installed."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            return None
        raise
    fn = getattr(mod, name, None)
    return fn if callable(fn) else None


def _out_dir(ctx: Context, key: str, default: str) -> Path:
    try:
        sub = ctx.config["reports"][key]
    except KeyError:
        sub = default
    return data_dir() / sub


def _feeds(ctx: Context, day: dt.date) -> tuple[str, dict]:
    fn = _writer("almanac.exports.feeds", "write_feeds")
    if fn is None:
        return "noop", {"reason": "almanac.exports.feeds.write_feeds is not installed"}
    out = _out_dir(ctx, "feeds_dir", "feeds")
    paths = fn(out, config=ctx.config, today=day)
    return "ok", {"out_dir": str(out), "files": len(paths),
                  "bytes": sum(p.stat().st_size for p in paths if p.exists())}


def _reports(ctx: Context, day: dt.date) -> tuple[str, dict]:
    fn = _writer("almanac.exports.reports", "write_report_set")
    if fn is None:
        return "noop", {"reason": "almanac.exports.reports.write_report_set is not installed"}
    out = _out_dir(ctx, "reports_dir", "reports")
    days = int(ctx.config["reports"]["days"]) if "reports" in ctx.config else 7
    paths = fn(day, days, out, config=ctx.config)  # every [reports] langs × zones
    return "ok", {"out_dir": str(out), "from": day.isoformat(), "days": days, "files": len(paths)}


BODIES: dict[str, Callable[[Context, dt.date], tuple[str, dict]]] = {
    "precompute": _precompute, "feeds": _feeds, "reports": _reports}


# ---------------------------------------------------------------------- running
def run_job(job: str, *, trigger: str = "cron", now: dt.datetime | None = None,
            force: bool = False, ctx: Context | None = None) -> str:
    """Run one job for its logical date; return ok, noop, error, skipped or not-leader."""
    ctx = ctx or current()
    if ctx.lock is not None and not ctx.lock.still_held():
        log.error("%s: the single-instance lock was lost; not running", job)
        return "not-leader"
    day = logical_date(ctx, job, now)
    engine = ctx.store.engine
    if not ledger.claim(engine, job, day, trigger, holder_name(), force=force):
        log.info("%s for %s already done; skipped", job, day)
        return "skipped"
    t0 = time.monotonic()
    try:
        status, detail = BODIES[job](ctx, day)
    except Exception as e:  # noqa: BLE001 — recorded in the ledger; catch-up retries it
        from almanac.errors import storage_failure
        failed = storage_failure(e)   # a full disk, a read-only store: recorded as what it is
        if failed is not None:
            log.error("%s for %s failed: %s", job, day, failed)
            detail = {"error": str(failed)[:500], "kind": failed.kind}
        else:
            log.exception("%s for %s failed", job, day)
            detail = {"error": f"{type(e).__name__}: {e}"[:500]}
        ledger.finish(engine, job, day, "error", detail, time.monotonic() - t0)
        return "error"
    ledger.finish(engine, job, day, status, detail, time.monotonic() - t0)
    log.info("%s for %s: %s in %.1f s", job, day, status, time.monotonic() - t0)
    return status


def catch_up_all(ctx: Context, now: dt.datetime | None = None,
                 retry_errors_after: float | None = None) -> dict[str, str]:
    """Run, in order, every job whose latest due night is not done in the ledger; ``done`` for
    the others. With ``retry_errors_after`` (seconds), a night whose last run failed less than
    that long ago is left alone (``waiting``) so a failing job is not retried every check."""
    out = {}
    for job in JOB_IDS:
        day = logical_date(ctx, job, now)
        row = ledger.row(ctx.store.engine, job, day)
        if row is not None and row["status"] in ledger.DONE:
            out[job] = "done"
            continue
        if retry_errors_after is not None and row is not None and row["finished_at"] is not None \
                and row["status"] == "error":
            finished = row["finished_at"]
            if finished.tzinfo is None:
                finished = finished.replace(tzinfo=dt.timezone.utc)
            if ((now or ctx.clock()) - finished).total_seconds() < retry_errors_after:
                out[job] = "waiting"
                continue
        log.info("catch-up: %s for %s was not done; running it now", job, day)
        out[job] = run_job(job, trigger="catchup", now=now, ctx=ctx)
    return out


#: a failed night is retried by the periodic catch-up after this many seconds
RETRY_ERRORS_AFTER = 900


# entry points stored in the job store as "almanac.scheduler.jobs:<name>"
def precompute() -> str:
    return run_job("precompute")


def feeds() -> str:
    return run_job("feeds")


def reports() -> str:
    return run_job("reports")


def catch_up_tick() -> dict[str, str]:
    """The periodic catch-up (every ``lock_check_seconds``): any due night not done runs now."""
    return catch_up_all(current(), retry_errors_after=RETRY_ERRORS_AFTER)


def check_lock() -> None:
    """Stop the service if its lock was lost (e.g. its PostgreSQL session was cut)."""
    ctx = current()
    if ctx.lock is None or ctx.lock.still_held():
        return
    ctx.lock.release()
    if not ctx.lock.acquire():
        log.error("single-instance lock lost and taken by %s; stopping", ctx.lock.holder())
        ctx.stop()
