"""A health check that sees the store: the SQLite file the service has open is the file on disk
(else it is opened again), the store takes a write (else 503), a read-only PostgreSQL is 503."""
from __future__ import annotations

import os
import shutil
from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event


def _health_client():
    from almanac.exports.http import create_app
    app = create_app({"http": {"health_ttl": 0, "expensive_processes": False}})
    return TestClient(app, raise_server_exceptions=False)


def _store_with_days(path, n: int):
    """An SQLite store at ``path`` holding ``n`` precomputed days, closed (its WAL checkpointed)."""
    from almanac.exports.store import db, open_store
    url = f"sqlite:///{path}"
    open_store({}, url).precompute(date(2026, 3, 1), date(2026, 3, n), "Asia/Shanghai")
    db.reopen(url)
    return url


def _replace(target, source) -> None:
    """``target`` deleted and made again with ``source``'s content, as another process would
    (``rm -rf`` of the data folder, a new ``almanac precompute``)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{target}{suffix}"):
            os.remove(f"{target}{suffix}")
    shutil.copyfile(source, target)


def test_a_replaced_sqlite_file_is_opened_again(tmp_path, monkeypatch):
    from almanac.exports.store import db, open_store
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    other = _store_with_days(tmp_path / "other.sqlite3", 1)
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    try:
        st = open_store({}, url)
        st.precompute(date(2026, 3, 1), date(2026, 3, 3), "Asia/Shanghai")
        assert st.counts()["store_days"] == 3
        _replace(tmp_path / "store.sqlite3", tmp_path / "other.sqlite3")
        assert db.replaced(url) == "replaced"
        # every open of the store (a request, a worker's job) finds the file on disk
        assert open_store({}, url).counts()["store_days"] == 1
        assert db.replaced(url) is None
    finally:
        db.reopen(url)
        db.reopen(other)


def test_healthz_reopens_a_replaced_store_file_and_tells_a_gone_one(data):
    from almanac.exports.store import db, open_store
    from almanac.exports.store.db import resolve_url
    c = _health_client()
    first = c.get("/healthz")
    assert first.status_code == 200, first.text
    url = resolve_url(None, None)
    open_store({}, url).precompute(date(2026, 3, 1), date(2026, 3, 3), "Asia/Shanghai")
    assert c.get("/healthz").json()["counts"]["store_days"] == 3
    _store_with_days(data.parent / "other.sqlite3", 1)
    path = db.sqlite_path(url)
    _replace(path, data.parent / "other.sqlite3")
    after = c.get("/healthz")
    assert after.status_code == 200, after.text
    assert after.json()["counts"]["store_days"] == 1      # the file on disk, not the deleted one
    assert after.json()["store_file"]["inode"] == os.stat(path).st_ino
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.remove(f"{path}{suffix}")
    gone = c.get("/healthz")
    assert gone.status_code == 503 and "gone" in gone.json()["error"]
    db.reopen(url)


def test_healthz_is_503_when_the_sqlite_store_cannot_be_written(data):
    from almanac.exports.store import db
    from almanac.exports.store.db import resolve_url
    c = _health_client()
    assert c.get("/healthz").status_code == 200
    url = resolve_url(None, None)
    engine = db.get_engine(url)
    # a store SQLite opened for reading only (a file the process may not write, a read-only
    # mount: SQLite says nothing when it opens one, and every write fails)
    event.listen(engine, "connect", lambda conn, _r: conn.execute("PRAGMA query_only=ON"))
    engine.dispose()
    try:
        r = c.get("/healthz")
    finally:
        db.reopen(url)
    assert r.status_code == 503 and "cannot be written" in r.json()["error"], r.text
    assert "readonly" in r.json()["error"] and r.headers["retry-after"] != "5"
    assert c.get("/healthz").status_code == 200        # a new engine: writable again


def test_healthz_is_503_for_a_read_only_postgresql(pg_url, data, monkeypatch):
    from almanac.exports.store import db
    ro = pg_url + "?options=-c%20default_transaction_read_only%3Don"
    monkeypatch.setenv("ALMANAC_DB_URL", pg_url)
    c = _health_client()
    ok = c.get("/healthz")
    assert ok.status_code == 200, ok.text                # migrated, writable
    monkeypatch.setenv("ALMANAC_DB_URL", ro)
    try:
        r = _health_client().get("/healthz")
    finally:
        db.reopen(ro)
    assert r.status_code == 503 and "read-only" in r.json()["error"], r.text


def test_healthz_is_503_for_an_unreachable_postgresql(data, monkeypatch):
    import socket
    with socket.socket() as s:     # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql+psycopg://almanac:secret@127.0.0.1:{port}/almanac"
    monkeypatch.setenv("ALMANAC_DB_URL", url)
    pytest.importorskip("psycopg")
    from almanac.exports.store import db
    try:
        r = _health_client().get("/healthz")
    finally:
        db.reopen(url)
    assert r.status_code == 503 and "secret" not in r.text, r.text


def test_a_negative_zero_score_reads_without_a_checksum_mismatch(db_url, monkeypatch):
    """A score of -0.0 comes back from SQLite as 0.0: its checksum covers the value as the
    database gives it back, so the day is served, not "repaired" on every read for ever."""
    from almanac.exports.store import checksums, compute, open_store
    real = compute.judge_day_tasks

    def with_negative_zero(*a, **kw):
        out = real(*a, **kw)
        for task, (scores, extra) in list(out["tasks"].items()):
            scores = [list(r) for r in scores]
            scores[0][0] = -0.0
            out["tasks"][task] = ([tuple(r) for r in scores], extra)
        return out
    monkeypatch.setattr(compute, "judge_day_tasks", with_negative_zero)
    st = open_store({}, db_url)
    st.precompute(date(2026, 3, 1), date(2026, 3, 2), "Asia/Shanghai")
    before = checksums.stats()
    assert st.best_tag("travel", date(2026, 3, 1), date(2026, 3, 2), "Asia/Shanghai") is not None
    st.best("travel", date(2026, 3, 1), date(2026, 3, 2), "Asia/Shanghai", 5)
    st.get_judgements(date(2026, 3, 1), "travel", "Asia/Shanghai")
    assert checksums.stats() == before
    assert st.verify() == []


# ---------------------------------------------------------------------- published files
def _edit_keeping_mtime(path) -> bytes:
    """Change one byte of ``path`` (same length) and set its mtime back; the bytes it held."""
    data = path.read_bytes()
    st = path.stat()
    i = data.index(b"SUMMARY:") + 8 if b"SUMMARY:" in data else len(data) // 2
    edited = bytearray(data)
    edited[i] = ord("X") if edited[i] != ord("X") else ord("Y")
    path.write_bytes(bytes(edited))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    return data


def test_a_same_length_edit_of_a_feed_with_its_mtime_restored_is_rewritten_by_the_next_run(
        tmp_path, monkeypatch):
    from datetime import timedelta

    from almanac import config as config_mod
    from almanac.exports import feeds
    from almanac.exports.store import Store
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    cfg = config_mod.load({"feeds": {"past_days": 0, "future_days": 2}})
    today, out = date(2026, 12, 1), tmp_path / "feeds"
    s, e = feeds.horizon(today, cfg)
    Store(None, cfg).precompute(s, e + timedelta(days=1))
    first = feeds.write_feeds(out, cfg, today)
    built: list = []
    real = feeds.rolling_feed
    monkeypatch.setattr(feeds.rolling, "rolling_feed",
                        lambda task, *a, **k: built.append(task) or real(task, *a, **k))
    feeds.memo._texts.clear()
    feeds.rolling._cache.clear()
    assert feeds.write_feeds(out, cfg, today) and built == []   # unchanged: nothing built
    data = _edit_keeping_mtime(first[0])
    feeds.memo._texts.clear()
    feeds.rolling._cache.clear()
    feeds.write_feeds(out, cfg, today)
    assert len(built) == 1 and first[0].read_bytes() == data    # found by its content, rewritten


def test_a_report_page_edited_on_disk_is_not_served_after_a_restart(data):
    from almanac import config as config_mod
    from almanac.exports.feeds import today_in
    from almanac.exports.http import create_app
    from datetime import timedelta
    day = today_in(config_mod.load()["calendar"]["default_tz"]) + timedelta(days=2)
    conf = {"http": {"expensive_processes": False}}
    first = TestClient(create_app(conf)).get(f"/reports/{day}.html?lang=zh-Hant")
    assert first.status_code == 200
    path = next(data.rglob(f"{day}.html"))
    assert path.read_bytes() == first.content
    _edit_keeping_mtime(path)
    again = TestClient(create_app(conf)).get(f"/reports/{day}.html?lang=zh-Hant")   # a restarted service
    assert again.status_code == 200 and again.content == first.content
    assert path.read_bytes() == first.content                   # made again, in place


# ---------------------------------------------------------------------- failures named
def test_a_full_disk_under_the_stamps_ledger_is_told_as_a_full_disk(tmp_path):
    """SQLite rolls a transaction back by itself when the disk fills; the ROLLBACK after it
    failed with "cannot rollback - no transaction is active", which is what the nightly run's
    ledger recorded instead of the full disk."""
    import sqlite3

    from almanac.errors import storage_kind
    from almanac.exports.feeds.stamps import Stamps
    st = Stamps(tmp_path / "stamps.sqlite3")
    db = st._connect()
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")      # the disk is full from here on
    with pytest.raises(sqlite3.OperationalError) as e:
        st.resolve({f"uid-{i}": "d" * 200 for i in range(5000)})
    assert "full" in str(e.value) and storage_kind(e.value) == "disk full", e.value


def test_the_nightly_ledger_records_a_full_disk_as_such(tmp_path, monkeypatch):
    import sqlite3

    from almanac import config as config_mod
    from almanac.exports.store import open_store
    from almanac.scheduler import jobs, ledger
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)

    def full(ctx, day):
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setitem(jobs.BODIES, "feeds", full)
    cfg = config_mod.load(None)
    ctx = jobs.Context(cfg, open_store(cfg))
    assert jobs.run_job("feeds", trigger="once", ctx=ctx) == "error"
    rec = ledger.row(ctx.store.engine, "feeds", jobs.logical_date(ctx, "feeds"))
    assert rec["status"] == "error" and rec["detail"]["kind"] == "disk full", rec
    assert rec["detail"]["error"].startswith("the disk is full"), rec
