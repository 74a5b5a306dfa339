"""``/healthz``: 200 only when the service can do its work — its store answers *and* can be
written, and its data folder is there and has room. Anything else is 503 with the reason
(redacted: a database URL's password never appears).

The write probe (a file written and fsynced, a store query) costs milliseconds to a second on a
busy disk, and a balancer may ask several times a second; a passing check is therefore reused
for ``[http] health_ttl`` seconds, never a failing one: a fault shows at the latest ``ttl``
seconds after it happens, and every answer after a failure checks again."""
from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

from sqlalchemy import text

from almanac.redaction import redact
from exports import source

#: free bytes below which the data folder counts as full
MIN_FREE_BYTES = 8 * 1024 * 1024


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

    def __init__(self, cfg, ttl: float = 0):
        self.cfg = cfg
        self.seen: set[Path] = set()
        self.ttl = float(ttl)
        self._passed: tuple[float, dict] | None = None  # (monotonic time, document) of the last pass
        self._lock = threading.Lock()

    def check(self) -> dict:
        """The health document (a pass at most ``ttl`` seconds old), or ``Unhealthy`` with the reason."""
        passed = self._passed
        if passed is not None and time.monotonic() - passed[0] < self.ttl:
            return dict(passed[1])
        with self._lock:  # one probe at a time; the others take its answer
            passed = self._passed
            if passed is not None and time.monotonic() - passed[0] < self.ttl:
                return dict(passed[1])
            self._passed = None
            t0 = time.monotonic()
            doc = self._check()
            self._passed = (t0, doc)
            return dict(doc)

    def _check(self) -> dict:
        doc = {"status": "ok", "config": self.cfg.digest}
        store = source._backend()
        if store is None:
            return doc
        from exports.store.db import data_dir, resolve_url, sqlite_path
        url = resolve_url(None, self.cfg)
        path = sqlite_path(url)
        if path is not None:
            if path in self.seen and not path.exists():
                raise Unhealthy(f"the store file {path.name} is gone")
            _probe_folder(path.parent)
        folder = data_dir()
        if path is None or folder != path.parent:
            _probe_folder(folder)
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
