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

from almanac.redaction import redact
from exports import source

#: free bytes below which the data folder counts as full
MIN_FREE_BYTES = 8 * 1024 * 1024
#: a probe under way longer than this many health timeouts is no longer shared: the next check
#: starts another (a thread stuck past every timeout must not hide a recovery for ever) …
STUCK_TIMEOUTS = 10
#: … but at most this many probes run at once: stuck threads are bounded too
MAX_PROBES = 3


class Unhealthy(Exception):
    pass


def _probe_folder(folder: Path) -> None:
    """A small file written, flushed and removed: fails on a read-only, full or deleted folder."""
    if not folder.is_dir():
        raise Unhealthy(f"the data folder is gone ({folder.name})")
    try:
        free = shutil.disk_usage(folder).free
    except OSError as e:
        raise Unhealthy(f"the data folder cannot be read: {e.strerror or e}") from None
    if free < MIN_FREE_BYTES:
        raise Unhealthy(f"the disk of the data folder is full ({free} bytes free)")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".healthz.", delete=True) as f:
            f.write(b"\0" * 4096)
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        raise Unhealthy(f"the data folder cannot be written: {e.strerror or e}") from None


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
        return Unhealthy(f"{self._stage} does not answer within {self.timeout:g} s")

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
        from exports.store.db import data_dir, resolve_url, sqlite_path
        url = resolve_url(None, self.cfg)
        path = sqlite_path(url)
        self._stage = "the data folder"
        if path is not None:
            if path in self.seen and not path.exists():
                raise Unhealthy(f"the store file {path.name} is gone")
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
                        raise Unhealthy("the database is read-only (in recovery)")
                conn.rollback()
            doc["store"] = getattr(st, "dialect", "?")
            doc["counts"] = st.counts()
        except Unhealthy:
            raise
        except Exception as e:  # noqa: BLE001 — any failure of the store is the reason
            raise Unhealthy(redact(f"database does not answer: {e}").splitlines()[0]) from None
        if path is not None:
            self.seen.add(path)
        return doc
