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
