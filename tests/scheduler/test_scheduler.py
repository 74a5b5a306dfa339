"""The scheduler service, on SQLite always and on PostgreSQL when ALMANAC_TEST_PG_URL is set.

The jobs run the real precompute (over a small horizon, set in the config) and the real feed and
report writers when those are importable.
"""
from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.triggers.cron import CronTrigger
from sqlalchemy import create_engine, func, select, text

from almanac.exports.store.models import Day, Run
from almanac.scheduler import jobs, ledger
from almanac.scheduler.lock import LockHeld, SingleInstanceLock
from almanac.scheduler.service import JOBSTORE_TABLE, Service

PG_URL = os.environ.get("ALMANAC_TEST_PG_URL")
ROOT = Path(__file__).resolve().parents[2]
# the `almanac` console script, run by the interpreter running the tests
CLI = [sys.executable, "-c", "import sys; from almanac.cli import main; sys.exit(main(sys.argv[1:]))"]
SH = ZoneInfo("Asia/Shanghai")
# small horizons keep each real job run to a second or two
SMALL = {"scheduler": {"horizon_past_days": 1, "horizon_future_days": 2},
         "feeds": {"past_days": 0, "future_days": 1}, "reports": {"days": 1}}


@pytest.fixture
def db_url(db_url):
    """The shared store URL (tests/conftest.py), with the jobs reset after each test."""
    yield db_url
    jobs.install(None)


def _at(y, m, d, hh, mm=0, tz=SH) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=tz)


def _runs(service) -> list[dict]:
    return ledger.history(service.store.engine)


def _env(url: str, tmp_path: Path, cfg: Path | None = None) -> dict:
    env = dict(os.environ)
    env.update(ALMANAC_DB_URL=url, ALMANAC_DATA_DIR=str(tmp_path / "data"))
    env.pop("ALMANAC_CONFIG", None)
    if cfg is not None:
        env["ALMANAC_CONFIG"] = str(cfg)
    return env


def _small_config(tmp_path: Path) -> Path:
    p = tmp_path / "small.toml"
    p.write_text("[scheduler]\nhorizon_past_days = 1\nhorizon_future_days = 2\n"
                 "lock_check_seconds = 1\n[feeds]\npast_days = 0\nfuture_days = 1\n"
                 "[reports]\ndays = 1\n")
    return p


# ---------------------------------------------------------------------- registration
def _jobstore_ids(service) -> list[str]:
    with service.store.engine.connect() as conn:
        return sorted(r[0] for r in conn.execute(text(f"SELECT id FROM {JOBSTORE_TABLE}")))


def test_three_starts_leave_one_job_each(db_url):
    for _ in range(3):
        service = Service(SMALL, url=db_url)
        service.prune()
        sched = service.build(BackgroundScheduler)
        sched.start(paused=True)
        ids = [j.id for j in sched.get_jobs(jobstore="default")]
        sched.shutdown(wait=False)
    assert sorted(ids) == sorted(jobs.JOB_IDS)
    assert _jobstore_ids(service) == sorted(jobs.JOB_IDS)


def test_the_stored_job_references_name_the_one_import_root(db_url):
    service = Service(SMALL, url=db_url)
    sched = service.build(BackgroundScheduler)
    sched.start(paused=True)
    try:
        refs = {sched.get_job(j).func_ref for j in jobs.JOB_IDS}
    finally:
        sched.shutdown(wait=False)
    assert refs == {f"almanac.scheduler.jobs:{j}" for j in jobs.JOB_IDS}


def test_the_triggers_carry_the_zone_and_the_defaults_misfire_settings(db_url):
    service = Service(SMALL, url=db_url)
    sched = service.build(BackgroundScheduler)
    sched.start(paused=True)
    try:
        job = sched.get_job("precompute")
        assert job.trigger.timezone == SH and sched.timezone == SH
        assert job.coalesce is True and job.max_instances == 1
        assert job.misfire_grace_time == 21600
        assert (job.next_run_time.hour, job.next_run_time.minute) == (3, 30)
    finally:
        sched.shutdown(wait=False)


def test_an_old_job_id_is_pruned(db_url):
    service = Service(SMALL, url=db_url)
    sched = service.build(BackgroundScheduler)
    sched.add_job("almanac.scheduler.jobs:precompute", "interval", hours=1, id="legacy-nightly")
    sched.start(paused=True)
    sched.shutdown(wait=False)
    assert "legacy-nightly" in _jobstore_ids(service)
    assert Service(SMALL, url=db_url).prune() == 1
    assert _jobstore_ids(service) == sorted(jobs.JOB_IDS)


# ---------------------------------------------------------------------- ledger and catch-up
def test_catch_up_after_a_missed_night(db_url):
    now = _at(2026, 11, 29, 10)  # 03:30 today was missed: the service was down
    service = Service(SMALL, url=db_url, clock=lambda: now)
    for job in jobs.JOB_IDS:  # the night before was done
        assert ledger.claim(service.store.engine, job, dt.date(2026, 11, 28), "cron", "test")
        ledger.finish(service.store.engine, job, dt.date(2026, 11, 28), "ok", None, 0.1)
    jobs.install(service.ctx)
    outcome = service.catch_up()
    assert outcome["precompute"] == "ok"
    rows = {(r["job"], r["logical_date"]): r for r in _runs(service)}
    today = rows[("precompute", dt.date(2026, 11, 29))]
    assert today["status"] == "ok" and today["trigger"] == "catchup"
    assert {r["status"] for k, r in rows.items() if k[1] == dt.date(2026, 11, 29)} <= {"ok", "noop"}
    with service.store.engine.connect() as conn:
        dates = conn.execute(select(Day.date).order_by(Day.date)).scalars().all()
    # the horizon (a day before, two after) and best's default week (with a day's margin)
    assert dates == [dt.date(2026, 11, 28) + dt.timedelta(days=i) for i in range(9)]
    # a second start the same morning finds the night done
    assert Service(SMALL, url=db_url, clock=lambda: now).catch_up() == dict.fromkeys(
        jobs.JOB_IDS, "done")


def test_before_the_job_time_the_due_night_is_yesterdays(db_url):
    service = Service(SMALL, url=db_url)
    assert jobs.logical_date(service.ctx, "precompute", _at(2026, 11, 29, 3, 29)) == dt.date(
        2026, 11, 28)
    assert jobs.logical_date(service.ctx, "precompute", _at(2026, 11, 29, 3, 30)) == dt.date(
        2026, 11, 29)


def test_a_failed_run_is_recorded_and_retried_by_catch_up(db_url, monkeypatch):
    now = _at(2026, 11, 29, 6)
    service = Service(SMALL, url=db_url, clock=lambda: now)
    jobs.install(service.ctx)

    def boom(ctx, day):
        raise RuntimeError("disk full")
    real = jobs.BODIES["reports"]
    monkeypatch.setitem(jobs.BODIES, "reports", boom)
    assert jobs.run_job("reports") == "not-leader"  # never without the lock
    with service.lock:
        assert jobs.run_job("reports") == "error"
    row = next(r for r in _runs(service) if r["job"] == "reports")
    assert row["status"] == "error" and "disk full" in row["detail"]["error"]
    monkeypatch.setitem(jobs.BODIES, "reports", real)
    assert service.catch_up()["reports"] in ("ok", "noop")
    row = next(r for r in _runs(service) if r["job"] == "reports")
    assert row["status"] in ("ok", "noop") and row["attempts"] == 2


def test_once_runs_every_job_now(db_url):
    service = Service(SMALL, url=db_url)
    first = service.run_once()
    assert set(first) == set(jobs.JOB_IDS) and "error" not in first.values()
    assert first["precompute"] == "ok"
    again = service.run_once()  # forced: runs again, finds the store current
    assert again["precompute"] == "noop"
    rows = [r for r in _runs(service) if r["job"] == "precompute"]
    assert len(rows) == 1 and rows[0]["attempts"] == 2 and rows[0]["trigger"] == "once"


def test_the_night_stores_what_the_feeds_and_best_read_the_next_morning(db_url, monkeypatch):
    """After a nightly run the store holds current, for every task, the feeds' published horizon
    in their zone and best's default week from today in every configured zone — also when the
    configured horizon is shorter and the zones leave out the feeds' — so those answers are read
    from the store's rows, never computed."""
    from almanac.api import judging
    from almanac.exports import feeds, source
    cfg = {"scheduler": {"horizon_past_days": 0, "horizon_future_days": 1,
                         "zones": ["Asia/Seoul", "Europe/Paris"]},
           "feeds": {"past_days": 2, "future_days": 9}, "reports": {"days": 1}}
    now = _at(2026, 11, 29, 6)
    service = Service(cfg, url=db_url, clock=lambda: now)
    outcome = service.run_once()
    assert "error" not in outcome.values(), outcome
    today = now.date()
    store, tasks = service.store, source.task_names(service.config)
    default = service.config["calendar"]["default_tz"]
    assert default not in cfg["scheduler"]["zones"]
    week = (today, today + dt.timedelta(days=jobs.WEEK_DAYS - 1))
    for zone in (*cfg["scheduler"]["zones"], default):
        for task in tasks:
            assert store.best_tag(task, *week, zone) is not None, (zone, task)
    published = feeds.horizon(today, service.config)
    assert published[1] > today + dt.timedelta(days=1)   # past the configured horizon
    for task in tasks:
        assert store.best_tag(task, *published, default) is not None, task

    def computed(*a, **k):
        raise AssertionError("best computed instead of read from the store")
    monkeypatch.setattr(judging, "best", computed)
    for zone in (*cfg["scheduler"]["zones"], default):
        assert store.best("travel", *week, zone)["results"]


# ---------------------------------------------------------------------- DST
def test_a_job_in_a_dst_zone_runs_once_at_the_fall_back(db_url, monkeypatch):
    ny = ZoneInfo("America/New_York")
    cfg = {**SMALL, "scheduler": {"timezone": "America/New_York", "precompute_at": "01:30",
                                  "horizon_past_days": 0, "horizon_future_days": 0}}
    service = Service(cfg, url=db_url)
    trigger = service.triggers()["precompute"]
    # APScheduler 3.x's CronTrigger fires 01:30 twice on 2026-11-01 (EDT, then EST)...
    cron = CronTrigger(hour=1, minute=30, timezone=ny)
    start, stop = dt.datetime(2026, 10, 31, 12, tzinfo=ny), dt.datetime(2026, 11, 3, tzinfo=ny)
    cron_fires = _fires(cron, start, stop, ny)
    assert [f.date() for f in cron_fires].count(dt.date(2026, 11, 1)) == 2
    # ...the service's own trigger once per local date, at the first 01:30
    fires = _fires(trigger, start, stop, ny)
    assert [f.date() for f in fires] == [dt.date(2026, 10, 31) + dt.timedelta(days=i) for i in (1, 2)]
    assert fires[0].utcoffset() == dt.timedelta(hours=-4)
    # and the ledger makes the work run once per local date whatever fires
    calls = []
    real = jobs.BODIES["precompute"]
    monkeypatch.setitem(jobs.BODIES, "precompute",
                        lambda ctx, day: (calls.append(day), real(ctx, day))[1])
    jobs.install(service.ctx)
    with service.lock:
        outcomes = [jobs.run_job("precompute", now=f) for f in cron_fires]
    assert calls == [dt.date(2026, 11, 1), dt.date(2026, 11, 2)]
    # fires: Nov 1 01:30 EDT, Nov 1 01:30 EST, Nov 2 01:30 EST (aware datetimes with one tzinfo
    # compare by wall time, so positions are used, not fires.index)
    assert len(cron_fires) == 3 and cron_fires[1].fold == 1
    assert outcomes[1] == "skipped" and "skipped" not in (outcomes[0], outcomes[2])


def _fires(trigger, start: dt.datetime, end: dt.datetime, tz) -> list[dt.datetime]:
    """Every fire of ``trigger`` in [start, end), stepping in UTC (aware wall-clock arithmetic
    would drop fold=1, research §3.2)."""
    fires, prev, now = [], None, start
    end_u = end.astimezone(dt.timezone.utc)
    while (nxt := trigger.get_next_fire_time(prev, now)).astimezone(dt.timezone.utc) < end_u:
        fires.append(nxt)
        prev, now = nxt, (nxt.astimezone(dt.timezone.utc) + dt.timedelta(microseconds=1)).astimezone(tz)
    return fires


DST_ZONES = ("America/New_York", "Australia/Lord_Howe", "America/Santiago", "Asia/Seoul")


@pytest.mark.parametrize("zone", DST_ZONES)
def test_every_night_of_2027_fires_once_in_dst_zones(zone):
    """agronholm/apscheduler#606: CronTrigger skips the day after a spring-forward (New York and
    Lord Howe at 00:00, Santiago at 00:00 and 00:30). The service's trigger fires once on every
    local date of 2027 at every job time, gaps and repeated hours included."""
    from almanac.scheduler.triggers import NightlyTrigger
    tz = ZoneInfo(zone)
    start, end = dt.datetime(2027, 1, 1, tzinfo=tz), dt.datetime(2028, 1, 1, tzinfo=tz)
    every_date = [dt.date(2027, 1, 1) + dt.timedelta(days=i) for i in range(365)]
    for hh, mm in ((0, 0), (0, 30), (1, 30), (2, 30), (3, 30), (23, 30)):
        fires = _fires(NightlyTrigger(dt.time(hh, mm), tz), start, end, tz)
        assert [f.date() for f in fires] == every_date, (zone, hh, mm)
        for f in fires:  # at the job time, or just after a gap that swallowed it
            wall = f.replace(tzinfo=None)
            due = dt.datetime.combine(f.date(), dt.time(hh, mm))
            assert dt.timedelta(0) <= wall - due <= dt.timedelta(hours=1), (zone, f)


@pytest.mark.slow
@pytest.mark.parametrize("zone", DST_ZONES)
def test_catch_up_at_every_check_runs_each_night_once_through_2027(zone, db_url, monkeypatch):
    """The periodic catch-up alone (as if no trigger fired at all): checked every few hours
    through 2027 it runs every job once for every local date, never twice, never skipping."""
    tz = ZoneInfo(zone)
    cfg = {**SMALL, "scheduler": {"timezone": zone, "precompute_at": "00:00", "feeds_at": "00:30",
                                  "reports_at": "02:30"}}
    now = [dt.datetime(2027, 1, 1, 3, tzinfo=tz)]
    service = Service(cfg, url=db_url, clock=lambda: now[0])
    calls = {job: [] for job in jobs.JOB_IDS}
    for job in jobs.JOB_IDS:
        monkeypatch.setitem(jobs.BODIES, job, lambda ctx, day, job=job: (calls[job].append(day), ("ok", {}))[1])
    _clear_runs(service)
    jobs.install(service.ctx)
    end = dt.datetime(2028, 1, 1, 3, tzinfo=tz).astimezone(dt.timezone.utc)
    t = now[0].astimezone(dt.timezone.utc)
    with service.lock:
        while t < end:
            now[0] = t
            jobs.catch_up_all(service.ctx, t, retry_errors_after=jobs.RETRY_ERRORS_AFTER)
            t += dt.timedelta(hours=7)  # not a divisor of a day: checks fall at every hour of the clock
    every_date = [dt.date(2027, 1, 1) + dt.timedelta(days=i) for i in range(365)]
    for job in jobs.JOB_IDS:
        # a check every 7 hours falls between each night's due time and the next's: every local
        # date of 2027 is run, in order, once
        assert [d for d in calls[job] if d.year == 2027] == every_date, job
        assert len(calls[job]) == len(set(calls[job])), job


def _clear_runs(service) -> None:
    with service.store.engine.begin() as conn:
        conn.execute(Run.__table__.delete())


def test_the_default_job_times_fire_once_a_day_across_both_dst_changes(data):
    """The service's own triggers at the default job times (config/default.toml: precompute 03:30,
    feeds 04:30, reports 05:00) fire once on every local date across both DST changes of 2026, at
    the job time. Helsinki's changes fall on them: 03:30 does not exist on 29 March (the clock
    jumps 03:00 → 04:00; the run is at 04:30, the instant 03:30 is by the clock before the jump)
    and comes twice on 25 October (04:00 → 03:00; the run is at the first 03:30 only)."""
    for zone in ("Europe/Helsinki", "America/New_York", "Asia/Shanghai"):
        tz = ZoneInfo(zone)
        service = Service({"scheduler": {"timezone": zone}})
        triggers = service.triggers()
        assert set(triggers) == set(jobs.JOB_IDS)
        start, end = dt.datetime(2026, 3, 1, tzinfo=tz), dt.datetime(2026, 11, 30, tzinfo=tz)
        every_date = [start.date() + dt.timedelta(days=i) for i in range((end.date() - start.date()).days)]
        for job, trigger in triggers.items():
            at = service.ctx.job_time(job)
            fires = _fires(trigger, start, end, tz)
            assert [f.date() for f in fires] == every_date, (zone, job)
            for f in fires:
                due = dt.datetime.combine(f.date(), at, tzinfo=tz)
                if due.astimezone(dt.timezone.utc).astimezone(tz).replace(tzinfo=None) == due.replace(tzinfo=None):
                    # the job time exists that day: the run is at it, its first occurrence
                    assert (f.replace(tzinfo=None), f.fold) == (due.replace(tzinfo=None), 0), (zone, job, f)
                else:           # in a gap: the job time read by the offset before the change
                    assert f == due.replace(fold=0).astimezone(dt.timezone.utc), (zone, job, f)
                    assert dt.timedelta(0) < f.replace(tzinfo=None) - due.replace(tzinfo=None) <= dt.timedelta(hours=1)
    helsinki = ZoneInfo("Europe/Helsinki")
    fires = _fires(Service({"scheduler": {"timezone": "Europe/Helsinki"}}).triggers()["precompute"],
                   dt.datetime(2026, 3, 28, tzinfo=helsinki), dt.datetime(2026, 10, 27, tzinfo=helsinki), helsinki)
    assert fires[1].isoformat() == "2026-03-29T04:30:00+03:00"
    assert [f.isoformat() for f in fires if f.date() == dt.date(2026, 10, 25)] == ["2026-10-25T03:30:00+03:00"]


# ---------------------------------------------------------------------- the lock
def test_two_schedulers_one_lock(db_url):
    a = SingleInstanceLock(Service(SMALL, url=db_url).store)
    b = SingleInstanceLock(Service(SMALL, url=db_url).store)
    assert a.acquire() and a.still_held()
    assert not b.acquire()
    with pytest.raises(LockHeld):
        with b:
            pass
    a.release()
    assert b.acquire()
    b.release()


def _start_scheduler(env, log):
    return subprocess.Popen([*CLI, "scheduler"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=log)


def _wait_for(path: Path, needle: str, proc, timeout=120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if needle in path.read_text(errors="replace"):
            return
        if proc.poll() is not None:
            raise AssertionError(f"scheduler exited {proc.returncode}: {path.read_text()}")
        time.sleep(0.1)
    raise AssertionError(f"{needle!r} not seen: {path.read_text()}")


@pytest.mark.slow
def test_two_scheduler_processes_one_runs_and_the_lock_dies_with_it(db_url, tmp_path):
    env = _env(db_url, tmp_path, _small_config(tmp_path))
    log1 = tmp_path / "one.log"
    with log1.open("w") as f:
        one = _start_scheduler(env, f)
    try:
        _wait_for(log1, "scheduler started", one)
        second = subprocess.run([*CLI, "scheduler"], cwd=ROOT,
                                env=env, capture_output=True, text=True, timeout=120)
        assert second.returncode == 1
        assert "another scheduler is running" in second.stderr
        assert one.poll() is None
        once = subprocess.run([*CLI, "scheduler", "--once"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert once.returncode == 1 and "another scheduler" in once.stderr
        os.kill(one.pid, signal.SIGKILL)  # no clean release: the lock must die with it
        one.wait(timeout=30)
        once = subprocess.run([*CLI, "scheduler", "--once"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert once.returncode == 0, once.stderr
    finally:
        if one.poll() is None:
            one.kill()
            one.wait()


@pytest.mark.slow
def test_three_process_starts_leave_one_job_each_and_stop_on_sigterm(db_url, tmp_path):
    env = _env(db_url, tmp_path, _small_config(tmp_path))
    for i in range(3):
        log = tmp_path / f"run{i}.log"
        with log.open("w") as f:
            proc = _start_scheduler(env, f)
        try:
            _wait_for(log, "scheduler started", proc)
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=60) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    engine = create_engine(db_url)
    with engine.connect() as conn:
        ids = sorted(r[0] for r in conn.execute(text(f"SELECT id FROM {JOBSTORE_TABLE}")))
        runs = conn.execute(select(Run.job, func.count()).group_by(Run.job)).all()
    engine.dispose()
    assert ids == sorted(jobs.JOB_IDS)
    # the first start caught up today's night; the next two found it done
    assert all(n == 1 for _, n in runs)


def test_a_lost_lock_stops_the_service_that_runs_the_jobs():
    """``check_lock`` stops the service through the context the service handed the jobs."""
    from almanac.scheduler import jobs

    class Lost:
        def still_held(self):
            return False

        def release(self):
            pass

        def acquire(self):
            return False

        def holder(self):
            return "another process"

    stopped = []
    jobs.install(jobs.Context(config=None, store=None, lock=Lost(), stop=lambda: stopped.append(True)))
    try:
        jobs.check_lock()
    finally:
        jobs.install(None)
    assert stopped == [True]
