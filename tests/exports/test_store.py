"""The precomputed store, on SQLite always and on PostgreSQL when ALMANAC_TEST_PG_URL is set.

Everything here uses the real compute functions (``almanac.api.day`` and
``almanac.api.judge_day``); the store must answer exactly what they answer.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import func, inspect, select, text

from almanac import config as config_mod
from almanac.exports.store import Store, db as store_db
from almanac.exports.store.migrations import LATEST, SchemaTooNew, migrate
from almanac.exports.store.models import Base, Day, Hour, HourPart, Score

PG_URL = os.environ.get("ALMANAC_TEST_PG_URL")
ROOT = Path(__file__).resolve().parents[2]
# the `almanac` console script, run by the interpreter running the tests
CLI = [sys.executable, "-c", "import sys; from almanac.cli import main; sys.exit(main(sys.argv[1:]))"]
TZ = "Asia/Shanghai"


# ---------------------------------------------------------------------- fixtures


def _dump(store: Store) -> dict:
    """Every stored row, as comparable plain data."""
    out = {}
    with store.engine.connect() as conn:
        for model in (Day, Hour, Score, HourPart):
            cols = model.__table__.c
            rows = conn.execute(select(*cols).order_by(*model.__table__.primary_key.columns))
            out[model.__tablename__] = [json.dumps(dict(r._mapping), default=str, sort_keys=True,
                                                   ensure_ascii=False) for r in rows]
    return out


def _tasks(cfg=None) -> list[str]:
    from almanac import api
    return [t["name"] for t in api.tasks(cfg)["tasks"]]


def _env(url: str, tmp_path: Path) -> dict:
    env = dict(os.environ)
    env["ALMANAC_DB_URL"] = url
    env["ALMANAC_DATA_DIR"] = str(tmp_path / "data")
    env.pop("ALMANAC_CONFIG", None)
    return env


def _cli(*args, env=None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600, **kw)


def _processes_with(needle: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if needle in cmd and ") Z " not in stat:
                found.append(int(entry.name))
    return found


# ---------------------------------------------------------------------- schema
def test_migrations_create_the_models_schema_and_are_idempotent(db_url):
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT MAX(version) FROM almanac_schema")).scalar() == LATEST
        insp = inspect(conn)
        for table in Base.metadata.sorted_tables:
            got = {c["name"] for c in insp.get_columns(table.name)}
            assert got == {c.name for c in table.columns}, table.name
    assert migrate(store.engine) == LATEST  # nothing left to do


def test_a_newer_schema_is_refused(db_url):
    store = Store(db_url)
    with store.engine.begin() as conn:
        conn.execute(text("INSERT INTO almanac_schema (version, name, applied_at) "
                          "VALUES (:v, 'future', CURRENT_TIMESTAMP)"), {"v": LATEST + 1})
    with pytest.raises(SchemaTooNew):
        migrate(store.engine)


# ---------------------------------------------------------------------- answers
def test_store_answers_exactly_what_compute_answers(db_url):
    from almanac import api
    judge_day = api.judge_day
    store = Store(db_url)
    stats = store.precompute("2026-11-28", "2026-12-01", TZ)
    assert stats.written == 4 and not store.verify()
    c = store.counts()
    computed = [api.day(dt.date(2026, 11, 28) + dt.timedelta(days=i), TZ) for i in range(4)]
    parts = {(k, json.dumps(h[k], ensure_ascii=False)) for d in computed for h in d["hours"]
             for k in ("qin", "liuren")}
    assert c == {"store_days": 4, "store_hours": 48, "store_scores": 48 * len(_tasks()),
                 "store_hour_parts": len(parts)}  # each distinct part once
    # a range that runs past what is stored: stored days and computed days together
    got = store.get_range("2026-11-27", "2026-12-02", TZ)
    want = [api.day(dt.date(2026, 11, 27) + dt.timedelta(days=i), TZ) for i in range(6)]
    assert json.dumps(got, ensure_ascii=False) == json.dumps(want, ensure_ascii=False)
    for task in _tasks():
        for d in ("2026-11-29", "2026-12-02"):
            stored = store.get_judgements(d, task, TZ)
            assert json.dumps(stored, ensure_ascii=False) == json.dumps(
                judge_day(d, TZ, task, None), ensure_ascii=False)


def test_hours_carry_utc_span_pillar_mansion_and_verdicts(db_url):
    store = Store(db_url)
    store.precompute("2026-11-29", "2026-11-29", TZ)
    day = store.get_day("2026-11-29", TZ)
    with store.engine.connect() as conn:
        hours = conn.execute(select(*Hour.__table__.c).order_by(Hour.idx)).all()
        assert [h.branch for h in hours] == list("子丑寅卯辰巳午未申酉戌亥")
        assert hours[0].start_utc == dt.datetime(2026, 11, 28, 15, 0)
        assert [h.pillar for h in hours] == [h["pillar"] for h in day["hours"]]
        assert [h.mansion for h in hours] == [h["mansion"] for h in day["hours"]]
        charts = dict(conn.execute(select(HourPart.id, HourPart.body)).all())
        assert [charts[h.liuren_id] for h in hours] == [h["liuren"] for h in day["hours"]]
        assert [charts[h.qin_id] for h in hours] == [h["qin"] for h in day["hours"]]
        assert all(h.facts["qin"] is None and h.facts["liuren"] is None for h in hours)
        verdicts = conn.execute(select(Score.verdict).distinct()).scalars().all()
        assert set(verdicts) <= {"大吉", "吉", "平", "凶", "大凶"}


def test_rerun_is_idempotent(db_url):
    store = Store(db_url)
    store.precompute("2026-01-01", "2026-01-10", TZ)
    before, counts = _dump(store), store.counts()
    stats = store.precompute("2026-01-01", "2026-01-10", TZ)
    assert (stats.written, stats.tasks_updated, stats.unchanged) == (0, 0, 10)
    assert store.counts() == counts
    assert _dump(store) == before  # not one row touched, computed_at included


def test_an_options_change_recomputes_what_it_affects(db_url):
    store = Store(db_url)
    store.precompute("2026-03-01", "2026-03-03", TZ)
    before = _dump(store)
    # a service option changes no answer: nothing is recomputed
    svc = Store(db_url, {"scheduler": {"horizon_future_days": 10}})
    assert svc.precompute("2026-03-01", "2026-03-03", TZ).unchanged == 3
    # a calendar option changes every day: stored rows are not served, then rewritten whole
    from almanac import api
    cfg = {"calendar": {"day_boundary": "midnight"}}
    other = Store(db_url, cfg)
    assert other.get_day("2026-03-02", TZ) == api.day("2026-03-02", TZ, cfg)
    stats = other.precompute("2026-03-01", "2026-03-03", TZ)
    assert stats.written == 3 and not other.verify()
    assert other.get_day("2026-03-02", TZ) == api.day("2026-03-02", TZ, cfg)
    after = _dump(other)
    assert after["store_days"] != before["store_days"]


def test_one_tasks_options_change_rewrites_only_that_tasks_scores(db_url):
    tasks = _tasks()
    store = Store(db_url)
    store.precompute("2026-05-01", "2026-05-02", TZ)
    cfg = config_mod.load()
    task = tasks[0]
    entry = dict(cfg["tasks"][task])
    entry["description"] = entry.get("description", "") + " (edited)"
    edited = Store(db_url, {"tasks": {task: entry}})
    def rows():
        with store.engine.connect() as conn:
            hashes = {(d.id, t): h for d in conn.execute(select(Day.id, Day.task_hashes))
                      for t, h in d.task_hashes.items()}
            scores = {(r.day_id, r.idx, r.task) for r in conn.execute(select(Score))}
        return hashes, scores
    old, old_scores = rows()
    stats = edited.precompute("2026-05-01", "2026-05-02", TZ)
    assert stats.tasks_updated == 2 and stats.written == 0 and not edited.verify()
    new, new_scores = rows()
    assert old.keys() == new.keys() and old_scores == new_scores
    changed = {k[1] for k in old if old[k] != new[k]}
    assert changed == {task}
    # the other tasks are still served from the store under the edited config, the edited one too
    from almanac import api
    for t in tasks[:3]:
        assert edited.get_judgements("2026-05-01", t, TZ) == api.judge_day(
            "2026-05-01", TZ, t, edited.config)


def test_a_reader_without_a_database_computes_and_creates_nothing(tmp_path, monkeypatch):
    from almanac import api
    from almanac.exports import store as store_pkg
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "nowhere"))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    assert store_pkg.get_day("2026-11-29", TZ) == api.day("2026-11-29", TZ)
    assert not (tmp_path / "nowhere" / "almanac.sqlite3").exists()


# ---------------------------------------------------------------------- the command
def test_cli_precompute_then_rerun(db_url, tmp_path):
    env = _env(db_url, tmp_path)
    r = _cli("precompute", "--from", "2026-02-01", "--to", "2026-02-05", "--tz", TZ, "--json",
             env=env)
    assert r.returncode == 0, r.stderr
    # no progress bar in a pipe, only the one-line summary
    assert re.fullmatch(r"5 days in \S+: 5 written, 0 updated, 0 unchanged \([\d.]+ s\)\n", r.stderr), r.stderr
    assert json.loads(r.stdout)["written"] == 5
    r = _cli("precompute", "--from", "2026-02-01", "--to", "2026-02-05", "--tz", TZ, "--json",
             env=env)
    assert r.returncode == 0 and json.loads(r.stdout)["unchanged"] == 5


@pytest.mark.parametrize("args, word", [
    (["--from", "2026-13-01", "--to", "2026-12-31"], "--from"),
    (["--from", "2026-02-10", "--to", "2026-02-01"], "before"),
    (["--from", "2026-02-01", "--to", "2026-02-02", "--tz", "Mars/Olympus"], "time zone"),
    (["--from", "2026-02-01"], "--to"),
])
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, args, word):
    env = _env(f"sqlite:///{tmp_path / 's.sqlite3'}", tmp_path)
    r = _cli("precompute", *args, env=env)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and word in r.stderr and "Traceback" not in r.stderr


@pytest.mark.slow
def test_kill_9_mid_precompute_leaves_a_sound_store_and_a_rerun_finishes(db_url, tmp_path):
    cfg_file = tmp_path / "small-batches.toml"
    cfg_file.write_text("[store]\nbatch_days = 1\n")
    env = _env(db_url, tmp_path)
    args = ["precompute", "--from", "2027-01-01", "--to", "2028-03-31", "--tz", TZ,
            "--config", str(cfg_file)]
    proc = subprocess.Popen([*CLI, *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    store = Store(db_url)
    deadline = time.monotonic() + 240
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if store.counts()["store_days"] >= 20:
                break
            time.sleep(0.05)
        assert proc.poll() is None, "precompute finished before it could be killed"
        time.sleep(0.137)  # land somewhere inside a later day's write
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    # its compute workers die with it
    deadline = time.monotonic() + 10
    while _processes_with(str(cfg_file)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_with(str(cfg_file)) == []
    partial = store.counts()["store_days"]
    assert 20 <= partial < 456
    assert store.verify() == []  # only whole days
    if store.dialect == "sqlite":
        path = store_db.sqlite_path(db_url)
        with sqlite3.connect(path) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    r = _cli(*args, "--json", env=env)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["unchanged"] >= partial - 1 and summary["written"] + summary["unchanged"] == 456
    assert store.counts()["store_days"] == 456 and store.verify() == []
    # and the re-run's result is what an uninterrupted run stores
    from almanac import api
    for d in ("2027-01-01", "2027-06-15", "2028-03-31"):
        assert store.get_day(d, TZ) == api.day(d, TZ)


# ---------------------------------------------------------------------- row checksums
def _tamper(store: Store, table: str, column: str, where: str, old: str, new: str) -> None:
    """A same-length byte edit of a stored JSON text (the database sees a valid row)."""
    assert len(old.encode()) == len(new.encode())
    with store.engine.begin() as conn:
        if store.dialect == "postgresql":
            sql = (f"UPDATE {table} SET {column} = replace({column}::text, :old, :new)::json "
                   f"WHERE {where}")
        else:
            sql = f"UPDATE {table} SET {column} = replace({column}, :old, :new) WHERE {where}"
        assert conn.execute(text(sql), {"old": old, "new": new}).rowcount == 1


def _day_id(store: Store, date: str) -> int:
    with store.engine.connect() as conn:
        return conn.execute(select(Day.id).where(Day.tz == TZ, Day.date == dt.date.fromisoformat(
            date))).scalar_one()


def test_a_same_length_byte_edit_is_detected_not_served_recomputed_and_reported(
        db_url, monkeypatch, caplog):
    """The HTTP service reads the store: a flipped character in a stored hour (a row the database
    itself finds sound) is not served; the day is computed, rewritten, and /healthz counts it."""
    from fastapi.testclient import TestClient

    from almanac import api
    from almanac.exports.http import create_app
    from almanac.exports.store import checksums
    monkeypatch.setenv("ALMANAC_DB_URL", db_url)
    store = Store(db_url)
    store.precompute("2026-11-28", "2026-11-30", TZ)
    day_id = _day_id(store, "2026-11-29")
    _tamper(store, "store_hours", "facts", f"day_id = {day_id} AND idx = 0", "子", "丑")
    if store.dialect == "sqlite":
        with sqlite3.connect(store_db.sqlite_path(db_url)) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert store.verify() == [f"{TZ} 2026-11-29: store_hours 0 checksum"]
    with store.engine.connect() as conn:  # the edit is there, and would be a wrong answer
        stored = conn.execute(select(Hour.facts).where(Hour.day_id == day_id,
                                                       Hour.idx == 0)).scalar_one()
    want = api.day("2026-11-29", TZ)
    assert stored != want["hours"][0]
    before = checksums.stats()
    client = TestClient(create_app({}), raise_server_exceptions=False)
    with caplog.at_level("WARNING", logger="almanac.store"):
        got = client.get(f"/api/day/2026-11-29?tz={TZ}")
    assert got.status_code == 200
    assert got.json() == json.loads(json.dumps(want, ensure_ascii=False))
    assert any("store_hours" in r.getMessage() and TZ in r.getMessage()
               and "2026-11-29" in r.getMessage() for r in caplog.records), caplog.text
    after = checksums.stats()
    assert after["checksum_mismatches"] == before["checksum_mismatches"] + 1
    assert after["repaired"] == before["repaired"] + 1
    health = client.get("/healthz")
    assert health.status_code == 200
    assert health.json()["store_checksums"] == after
    # rewritten: read again from the store, sound, with no new report
    assert store.get_day("2026-11-29", TZ) == want
    assert checksums.stats() == after and not store.verify()


@pytest.mark.parametrize("table, column", [("store_days", "facts"), ("store_scores", "verdict"),
                                           ("store_scores", "score"),
                                           ("store_hour_parts", "liuren"),
                                           ("store_hour_parts", "qin")])
def test_every_served_row_is_checked(db_url, table, column):
    """Day facts, the shared hour parts (禽 facts, 六壬 charts) a day is assembled from, and the
    score rows a judgement and ``best`` are read from."""
    from almanac import api
    from almanac.exports.store import checksums
    store = Store(db_url)
    store.precompute("2026-06-01", "2026-06-03", TZ)
    task = _tasks()[0]
    day_id = _day_id(store, "2026-06-02")
    want_day = api.day("2026-06-02", TZ)
    want_judged = api.judge_day("2026-06-02", TZ, task)
    want_best = api.best(task, "2026-06-01", "2026-06-03", TZ, limit=36)
    with store.engine.begin() as conn:
        if table in ("store_days", "store_hour_parts"):
            pass
        elif column == "verdict":
            old = conn.execute(select(Score.verdict).where(
                Score.day_id == day_id, Score.task == task, Score.idx == 3)).scalar_one()
            new = "凶" if old != "凶" else "吉"
            conn.execute(text("UPDATE store_scores SET verdict = :v WHERE day_id = :d AND "
                              "task = :t AND idx = 3"), {"v": new, "d": day_id, "t": task})
        else:  # a usable hour raised above every other: it would lead best's answer
            conn.execute(text("UPDATE store_scores SET score = 99, vetoed = :f WHERE day_id = :d "
                              "AND task = :t AND idx = 3"),
                         {"f": False, "d": day_id, "t": task})
    if table == "store_days":
        _tamper(store, "store_days", "facts", f"id = {day_id}", '"2026-06-02"', '"2026-06-03"')
    if table == "store_hour_parts":  # one character of one hour's part, same length
        with store.engine.connect() as conn:
            part_id = conn.execute(select(getattr(Hour, f"{column}_id")).where(
                Hour.day_id == day_id, Hour.idx == 3)).scalar_one()
            body = conn.execute(select(text("CAST(body AS TEXT)")).select_from(HourPart).where(
                HourPart.id == part_id)).scalar_one()
        old = next(ch for ch in body if ord(ch) > 0x4E00)
        _tamper(store, "store_hour_parts", "body", f"id = {part_id}", old,
                "丑" if old != "丑" else "子")
        assert store.verify() == [f"store_hour_parts {part_id} ({column}) checksum"]
    before = checksums.stats()["checksum_mismatches"]
    if table in ("store_days", "store_hour_parts"):
        assert store.get_day("2026-06-02", TZ) == want_day
    else:
        assert store.best(task, "2026-06-01", "2026-06-03", TZ, 36) == want_best
        assert checksums.stats()["checksum_mismatches"] == before + 1
        assert store.get_judgements("2026-06-02", task, TZ) == want_judged
    assert checksums.stats()["checksum_mismatches"] == before + 1  # repaired at the first read
    assert not store.verify()


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_an_older_store_is_migrated_and_its_rows_never_served_unchecked(db_url, version):
    """A store at version 1, 2, 3 or 4, holding a (wrong) day: after the migration to the latest
    version its rows are gone — the store is a cache of computed answers, and rows of an older
    layout cannot be checked against today's checksums — so the day is computed, then written
    whole (parts, checksums and vetoed flags included) by the next precompute."""
    from sqlalchemy import create_engine

    from almanac import api
    from almanac.exports.store import compute as C, migrations
    engine = create_engine(db_url)
    with engine.begin() as conn:
        migrations._version_md.create_all(conn)
        for v, name, fn in migrations.MIGRATIONS[:version]:
            fn(conn)
            conn.execute(migrations._version_table.insert().values(
                version=v, name=name, applied_at=dt.datetime.now(dt.timezone.utc)))
        cfg = config_mod.load()
        wrong = json.dumps(dict(api.day("2026-11-29", TZ), hours=None, date="1999-01-01"),
                           ensure_ascii=False)
        conn.execute(text("INSERT INTO store_days (tz, date, facts, facts_hash, task_hashes, "
                          "task_heads, computed_at) VALUES (:tz, :d, :f, :h, '{}', '{}', :t)"),
                     {"tz": TZ, "d": dt.date(2026, 11, 29), "f": wrong, "h": C.facts_hash(cfg),
                      "t": dt.datetime.now(dt.timezone.utc)})
    engine.dispose()
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT MAX(version) FROM almanac_schema")).scalar() == LATEST
        assert conn.execute(select(func.count()).select_from(Day)).scalar() == 0
    assert store.get_day("2026-11-29", TZ) == api.day("2026-11-29", TZ)
    stats = store.precompute("2026-11-29", "2026-11-29", TZ)
    assert stats.written == 1 and not store.verify()
    assert store.get_day("2026-11-29", TZ) == api.day("2026-11-29", TZ)
    with store.engine.connect() as conn:
        assert all(conn.execute(select(Hour.checksum)).scalars())
        assert conn.execute(select(func.count()).select_from(Hour).where(
            Hour.liuren_id.is_not(None), Hour.qin_id.is_not(None))).scalar() == 12
        assert conn.execute(select(func.count()).select_from(Score).where(Score.vetoed)).scalar() \
            == sum(h["vetoed"] for t in _tasks() for h in api.judge_day("2026-11-29", TZ, t)["hours"])


def test_several_option_sets_are_kept_per_day_up_to_the_cap(db_url, monkeypatch):
    """Precomputing another school adds its rows beside the default's: both are served from the
    store. Beyond ``[store] option_sets`` the set written longest ago is dropped for those days
    (its readers compute), and the hour parts no hour references any more go with it."""
    from almanac import api
    from almanac.api.choices import apply
    from almanac.exports.store import compute as C
    cap = {"store": {"option_sets": 2}}
    default = config_mod.load(cap)
    schools = [apply(config_mod.load(cap), school=n) for n in ("daquan", "mengzhong")]
    assert len({C.facts_hash(c) for c in (default, *schools)}) == 3
    days = ("2026-08-01", "2026-08-02")
    Store(db_url, default).precompute(*days, TZ)
    Store(db_url, schools[0]).precompute(*days, TZ)
    computed = []
    real = C.compute_day
    monkeypatch.setattr(C, "compute_day", lambda *a, **k: computed.append(a[0]) or real(*a, **k))
    for cfg in (default, schools[0]):
        store = Store(db_url, cfg)
        assert store.get_range(*days, TZ) == [api.day(d, TZ, cfg) for d in days]
        assert store.day_tag(days[0], TZ) is not None
    assert computed == []  # both sets served from the store
    third = Store(db_url, schools[1])
    stats = third.precompute(*days, TZ)
    assert stats.written == 2 and stats.evicted == 2
    computed.clear()
    assert third.counts()["store_days"] == 4 and not third.verify()
    with third.engine.connect() as conn:
        kept = set(conn.execute(select(Day.facts_hash).distinct()).scalars())
        assert kept == {C.facts_hash(c) for c in schools}
        used = set(conn.execute(select(Hour.qin_id)).scalars()) | set(
            conn.execute(select(Hour.liuren_id)).scalars())
        assert set(conn.execute(select(HourPart.id)).scalars()) == used
    assert Store(db_url, default).get_range(*days, TZ) == [api.day(d, TZ, default) for d in days]
    assert len(computed) == 2  # the evicted default is computed again


def test_the_cap_holds_when_another_set_is_written_during_a_precompute(db_url, monkeypatch):
    """Two precomputes of other schools at once: the second one's write counts the rows the
    first committed after the second started, and keeps the cap."""
    from almanac.api.choices import apply
    from almanac.exports.store import compute as C
    cap = {"store": {"option_sets": 2}}
    default = config_mod.load(cap)
    first, second = [apply(config_mod.load(cap), school=n) for n in ("daquan", "mengzhong")]
    days = ("2026-08-01", "2026-08-02")
    Store(db_url, default).precompute(*days, TZ)
    real = Store._computed_chunks

    def racing(self, *args):
        # the other school's precompute starts and commits after this one has read the range
        monkeypatch.setattr(Store, "_computed_chunks", real)
        assert Store(db_url, first).precompute(*days, TZ).evicted == 0
        yield from real(self, *args)

    monkeypatch.setattr(Store, "_computed_chunks", racing)
    stats = Store(db_url, second).precompute(*days, TZ)
    assert stats.written == 2 and stats.evicted == 2
    store = Store(db_url, default)
    assert store.counts()["store_days"] == 4 and not store.verify()
    with store.engine.connect() as conn:
        kept = set(conn.execute(select(Day.facts_hash).distinct()).scalars())
    assert kept == {C.facts_hash(first), C.facts_hash(second)}


# ---------------------------------------------------------------------- a year, before/after
@pytest.mark.slow
def test_a_year_from_the_store_is_byte_identical_to_computing_it(tmp_path, monkeypatch):
    """Days, every task's judgements, ``best`` answers and feeds over a year: read from the
    store (after a precompute) exactly as computed, compared as JSON text / feed bytes. SQLite
    only (a year is minutes on a loaded machine); PostgreSQL answers the same reads in the
    shorter tests above."""
    from almanac import api
    from almanac.api import judging
    from almanac.exports import feeds, source
    db_url = f"sqlite:///{tmp_path / 'year.sqlite3'}"
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ALMANAC_DB_URL", db_url)
    s, e = dt.date(2026, 1, 1), dt.date(2026, 12, 31)
    dates = [s + dt.timedelta(days=i) for i in range((e - s).days + 1)]
    store = Store(db_url)
    assert store.precompute(s, e, TZ).written == len(dates) and not store.verify()

    def text_of(doc) -> str:
        return json.dumps(doc, ensure_ascii=False)

    assert text_of(store.get_range(s, e, TZ)) == text_of([api.day(d, TZ) for d in dates])
    windows = [(s, e, 10), (s, e, 1000), (dt.date(2026, 2, 1), dt.date(2026, 2, 28), 5)]
    want_best = {}
    for task in _tasks():
        got = store.get_judgements_range(task, s, e, TZ)
        assert text_of([got[d] for d in dates]) == text_of([api.judge_day(d, TZ, task)
                                                            for d in dates]), task
        for w in windows:
            want_best[task, w] = text_of(api.best(task, w[0], w[1], TZ, limit=w[2]))
        want_best[task, "ko"] = text_of(api.best(task, s, e, TZ, limit=20, lang="ko"))
    # best from the store only: computing it would now fail
    with monkeypatch.context() as m:
        m.setattr(judging, "best_of_range", lambda *a, **k: pytest.fail("best was computed"))
        for task in _tasks():
            for w in windows:
                assert text_of(store.best(task, w[0], w[1], TZ, w[2])) == want_best[task, w]
            assert text_of(store.best(task, s, e, TZ, 20, "ko")) == want_best[task, "ko"]
    # feeds read through the store, then with the store's reads replaced by computing
    built = {t: feeds.build_feed(t, s, e, TZ, strict=False).body for t in _tasks()[:3]}
    monkeypatch.setattr(source, "get_range", lambda a, b, tz=None, config=None: [
        api.day(d, tz, config) for d in source._dates(a, b)])
    monkeypatch.setattr(source, "judge_range", lambda task, a, b, tz=None, config=None,
                        person=None: {d: api.judge_day(d, tz, task, config)["hours"]
                                      for d in source._dates(a, b)})
    feeds.memo._texts.clear()
    for task, body in built.items():
        assert feeds.build_feed(task, s, e, TZ, strict=False).body == body, task


def test_day_and_best_over_http_from_the_store_with_cheap_etags(db_url, monkeypatch):
    """A range the store holds current: /api/best ranked from its score rows (never computed),
    the ETag from the rows' checksums, a 304 without a body, the body kept and served again."""
    from fastapi.testclient import TestClient

    from almanac import api
    from almanac.api import judging
    from almanac.api.days import with_lang
    from almanac.exports.http import create_app
    monkeypatch.setenv("ALMANAC_DB_URL", db_url)
    Store(db_url).precompute("2026-04-01", "2026-04-10", TZ)
    task = _tasks()[1]
    want_best = api.best(task, "2026-04-01", "2026-04-10", TZ, limit=7, lang="en")
    day = api.day("2026-04-05", TZ)
    want_day = with_lang(dict(day, qin=dict(day["qin"])), "ko")
    client = TestClient(create_app({}), raise_server_exceptions=False)
    monkeypatch.setattr(judging, "best_of_range", lambda *a, **k: pytest.fail("best computed"))
    url = f"/api/best?task={task}&from=2026-04-01&to=2026-04-10&tz={TZ}&limit=7&lang=en"
    first = client.get(url)
    assert first.status_code == 200
    assert first.content == json.dumps(want_best, ensure_ascii=False,
                                       separators=(",", ":")).encode()
    etag = first.headers["etag"]
    assert etag.startswith("\"s")  # a tag of the stored rows, not a digest of the body
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    again = client.get(url)
    assert again.content == first.content and again.headers["etag"] == etag
    # another limit is another answer, with another tag
    assert client.get(url.replace("limit=7", "limit=8")).headers["etag"] != etag
    d = client.get(f"/api/day/2026-04-05?tz={TZ}&lang=ko")
    assert d.status_code == 200 and d.json() == json.loads(json.dumps(want_day, ensure_ascii=False))
    assert client.get(f"/api/day/2026-04-05?tz={TZ}&lang=ko",
                      headers={"If-None-Match": d.headers["etag"]}).status_code == 304
    assert client.get("/healthz").json()["stored_answers"]["hits"] >= 1
    # outside the stored range nothing is tagged: computed, as before
    monkeypatch.undo()
    monkeypatch.setenv("ALMANAC_DB_URL", db_url)
    out = client.get(f"/api/day/2026-05-05?tz={TZ}")
    assert out.status_code == 200 and out.json() == json.loads(json.dumps(
        api.day("2026-05-05", TZ), ensure_ascii=False))


def test_a_grave_mark_alone_makes_the_stored_judgements_stale(monkeypatch):
    # a grave reason caps the verdict at 凶 whatever the score, so a rule that becomes grave with
    # no other change must change every task's hash: the stored verdicts would be wrong otherwise
    import dataclasses
    from almanac.judgement.catalog import load_catalog
    from almanac.exports.store import compute as C
    cat = load_catalog()
    before = C.catalog_hash()
    i = next(n for n, r in enumerate(cat.rules) if not r.grave and not r.veto
             and all(r.effect_for(t) < 0 for t in cat.tasks))
    graver = dataclasses.replace(cat.rules[i], grave=frozenset({"all"}))
    other = dataclasses.replace(cat, rules=cat.rules[:i] + (graver,) + cat.rules[i + 1:])
    monkeypatch.setattr("almanac.judgement.catalog.load_catalog", lambda *a, **k: other)
    assert C.catalog_hash() != before
