"""``/healthz``: 200 only when the service can do its work — its store answers *and* can be
written, and its data folder is there and has room. Anything else is 503 with the reason
(redacted: a database URL's password never appears).

The write probe (a file written and fsynced, a store query) costs milliseconds to a second on a
busy disk, and a balancer may ask several times a second; a passing check is therefore reused
for ``[http] health_ttl`` seconds, never a failing one: a fault shows at the latest ``ttl``
seconds after it happens, and every answer after a failure checks again.

The probe runs in a thread of its own and is awaited for at most ``[http] health_timeout``
seconds: a database that accepts the connection but never answers (or a disk that never finishes
a write) is a 503 "does not answer" within that time, not a request that hangs. Concurrent checks
share the probe under way, so a balancer's many checks hold one thread, never the service's
worker threads (the route awaits it on the event loop)."""
from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
import time
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path

from sqlalchemy import text

from almanac.errors import BadInput, os_reasons
from almanac.redaction import redact
from almanac.exports import source

#: free bytes below which the data folder counts as full
MIN_FREE_BYTES = 8 * 1024 * 1024
#: a probe under way longer than this many health timeouts is no longer shared: the next check
#: starts another (a thread stuck past every timeout must not hide a recovery for ever) …
STUCK_TIMEOUTS = 10
#: … but at most this many probes run at once: stuck threads are bounded too
MAX_PROBES = 3


class Unhealthy(Exception):
    """Why the service cannot work now: the message in English (what the log and a balancer
    read), ``zh`` and ``ko`` the same for a reader who asked for that language (``text``)."""

    def __init__(self, message: str, *, zh: str | None = None, ko: str | None = None):
        super().__init__(message)
        self.zh, self.ko = zh, ko

    def text(self, lang: str | None = None) -> str:
        return BadInput(str(self), zh=self.zh, ko=self.ko).text(lang)


#: what a probe waits for, for the Chinese and the Korean reader
_STAGES = {"the store": ("儲存庫", "저장소"), "the data folder": ("資料夾", "데이터 폴더"),
           "the database": ("資料庫", "데이터베이스")}


def _probe_folder(folder: Path) -> None:
    """A small file written, flushed and removed: fails on a read-only, full or deleted folder."""
    if not folder.is_dir():
        raise Unhealthy(f"the data folder is gone ({folder.name})", zh=f"資料夾不見了（{folder.name}）",
                        ko=f"데이터 폴더가 없어졌습니다 ({folder.name})")
    try:
        free = shutil.disk_usage(folder).free
    except OSError as e:
        _, zh, ko = os_reasons(e)
        raise Unhealthy(f"the data folder cannot be read: {e.strerror or e}", zh=f"無法讀取資料夾：{zh}",
                        ko=f"데이터 폴더를 읽을 수 없습니다: {ko}") from None
    if free < MIN_FREE_BYTES:
        raise Unhealthy(f"the disk of the data folder is full ({free} bytes free)",
                        zh=f"資料夾所在的磁碟已滿（剩 {free} 位元組）",
                        ko=f"데이터 폴더의 디스크가 가득 찼습니다 (남은 공간 {free}바이트)")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".healthz.", delete=True) as f:
            f.write(b"\0" * 4096)
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        _, zh, ko = os_reasons(e)
        raise Unhealthy(f"the data folder cannot be written: {e.strerror or e}", zh=f"無法寫入資料夾：{zh}",
                        ko=f"데이터 폴더에 쓸 수 없습니다: {ko}") from None


def _probe_sqlite_write(engine) -> None:
    """The SQLite store takes a write: its write lock is taken and given back (``BEGIN
    IMMEDIATE``, ``ROLLBACK``), nothing written. A file the process may not write, a read-only
    mount or a store opened read-only fails here (SQLite opens such a file for reading without a
    word, and every write then fails: ``precompute`` and the nightly run exited 1 while
    ``/healthz`` said 200). A writer holding the lock (a precompute under way) is no fault: the
    probe waits for it a tenth of a second, then takes the store as writable."""
    import sqlite3
    raw = engine.raw_connection()
    try:
        db = raw.driver_connection
        db.execute("PRAGMA busy_timeout=100")
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute("ROLLBACK")
        except sqlite3.OperationalError as e:
            if getattr(e, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED") or "locked" in str(e):
                return
            raise Unhealthy(f"the store cannot be written: {e}", zh=f"儲存庫無法寫入：{e}",
                            ko=f"저장소에 쓸 수 없습니다: {e}") from None
        finally:
            db.execute("PRAGMA busy_timeout=30000")
    finally:
        raw.close()


class Health:
    """Remembers the SQLite files it has seen, so a store deleted under the running service is
    reported as gone instead of being silently re-created empty."""

    def __init__(self, cfg, ttl: float = 0, timeout: float = 2.0):
        self.cfg = cfg
        self.seen: set[Path] = set()
        self.ttl = float(ttl)
        self.timeout = float(timeout)
        self._passed: tuple[float, dict] | None = None  # (monotonic time, document) of the last pass
        self._lock = threading.Lock()
        self._probe: "tuple[float, Future] | None" = None  # (start, result) of the probe to share
        self._running = 0
        self._stage = "the store"  # what the probe under way is waiting for
        self.reopened = 0  # times the SQLite file open was not the one on disk, and was reopened

    def _fresh(self) -> "dict | None":
        passed = self._passed
        if passed is not None and time.monotonic() - passed[0] < self.ttl:
            return dict(passed[1])
        return None

    def _shared_probe(self) -> Future:
        """The probe under way (begun less than ``STUCK_TIMEOUTS`` timeouts ago), or a new one
        in a thread of its own; when ``MAX_PROBES`` are stuck, the newest of them."""
        with self._lock:
            probe = self._probe
            if probe is not None and not probe[1].done():
                stuck = time.monotonic() - probe[0] > STUCK_TIMEOUTS * max(self.timeout, 0.1)
                if not stuck or self._running >= MAX_PROBES:
                    return probe[1]
            fut: Future = Future()
            self._probe = (time.monotonic(), fut)
            self._running += 1
        threading.Thread(target=self._run, args=(fut,), daemon=True, name="healthz-probe").start()
        return fut

    def _run(self, fut: Future) -> None:
        try:
            t0 = time.monotonic()
            self._passed = None
            doc = self._check()
            self._passed = (t0, doc)
            fut.set_result(doc)
        except BaseException as e:  # noqa: BLE001 — the waiting checks get it
            fut.set_exception(e)
        finally:
            with self._lock:
                self._running -= 1

    def _late(self) -> Unhealthy:
        zh, ko = _STAGES.get(self._stage, (self._stage, self._stage))
        return Unhealthy(f"{self._stage} does not answer within {self.timeout:g} s",
                         zh=f"{zh}在 {self.timeout:g} 秒內沒有回應", ko=f"{ko}이(가) {self.timeout:g}초 안에 응답하지 않습니다")

    def check(self) -> dict:
        """The health document (a pass at most ``ttl`` seconds old), or ``Unhealthy`` with the
        reason — within ``timeout`` seconds (blocking the calling thread)."""
        doc = self._fresh()
        if doc is not None:
            return doc
        fut = self._shared_probe()
        try:
            return dict(fut.result(timeout=self.timeout or None))
        except FutureTimeout:
            raise self._late() from None

    async def check_async(self) -> dict:
        """``check`` for the event loop: the probe is awaited, no worker thread is held."""
        doc = self._fresh()
        if doc is not None:
            return doc
        fut = asyncio.wrap_future(self._shared_probe())
        try:
            return dict(await asyncio.wait_for(asyncio.shield(fut), self.timeout or None))
        except asyncio.TimeoutError:
            raise self._late() from None

    def _check(self) -> dict:
        doc = {"status": "ok", "config": self.cfg.digest}
        store = source._backend()
        if store is None:
            return doc
        from almanac.exports.store.db import data_dir, file_identity, resolve_url, sqlite_path
        url = resolve_url(None, self.cfg)
        path = sqlite_path(url)
        self._stage = "the data folder"
        if path is not None:
            from almanac.exports.store.db import reopen, replaced
            state = replaced(url)
            if state == "gone" or (path in self.seen and not path.exists()):
                raise Unhealthy(f"the store file {path.name} is gone", zh=f"儲存檔 {path.name} 不見了",
                                ko=f"저장소 파일 {path.name}이(가) 없어졌습니다")
            if state == "replaced":   # the file open is not the one on disk: open the one on disk
                reopen(url)
                self.reopened += 1
            _probe_folder(path.parent)
        folder = data_dir()
        if path is None or folder != path.parent:
            _probe_folder(folder)
        self._stage = "the database"
        try:
            st = store.open_store(self.cfg)  # the service owns its store: created at first
            with st.engine.connect() as conn:
                if conn.dialect.name == "postgresql":
                    if conn.execute(text("SELECT pg_is_in_recovery()")).scalar():
                        raise Unhealthy("the database is read-only (in recovery)", zh="資料庫唯讀（復原中）",
                                        ko="데이터베이스가 읽기 전용입니다 (복구 중)")
                    if conn.execute(text("SELECT current_setting('transaction_read_only')")).scalar() == "on":
                        raise Unhealthy("the database is read-only (default_transaction_read_only)",
                                        zh="資料庫唯讀（default_transaction_read_only）",
                                        ko="데이터베이스가 읽기 전용입니다 (default_transaction_read_only)")
                conn.rollback()
            if st.dialect == "sqlite":
                _probe_sqlite_write(st.engine)
            doc["store"] = getattr(st, "dialect", "?")
            doc["counts"] = st.counts()
            if path is not None:
                ident = file_identity(url)
                doc["store_file"] = {"inode": ident[1] if ident else None, "reopened": self.reopened}
        except Unhealthy:
            raise
        except Exception as e:  # noqa: BLE001 — any failure of the store is the reason
            raise Unhealthy(redact(f"database does not answer: {e}").splitlines()[0],   # the driver's words
                            zh=f"資料庫沒有回應（{type(e).__name__}）",
                            ko=f"데이터베이스가 응답하지 않습니다 ({type(e).__name__})") from None
        if path is not None:
            self.seen.add(path)
        return doc
