"""A single-instance lock, so two schedulers never both run the jobs.

- PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``) held on a connection
  kept open for the scheduler's life. The server drops it when that session ends, so a crashed
  or killed scheduler never leaves a stale lock behind.
- SQLite: an exclusive ``flock`` on ``<database file>.scheduler.lock``. The kernel drops it when
  the process dies, for the same reason.

Both are non-blocking: ``acquire()`` answers at once, and ``holder()`` says who has it.
"""
from __future__ import annotations

import hashlib
import os
import socket
import threading
from pathlib import Path

from sqlalchemy import text

from almanac.exports.store.db import sqlite_path


class LockHeld(RuntimeError):
    """Another scheduler holds the lock."""


def _key(url: str) -> int:
    digest = hashlib.sha256(f"almanac-scheduler:{url}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class SingleInstanceLock:
    def __init__(self, store, name: str = "scheduler"):
        self.store = store
        self.name = name
        self._conn = None
        self._fd: int | None = None
        self._thread_lock: threading.Lock | None = None
        self.key = _key(f"{name}:{store.url}")
        path = sqlite_path(store.url)
        self.path: Path | None = (path.with_name(path.name + f".{name}.lock")
                                  if path is not None else None)

    def _parts(self) -> dict:
        unsigned = self.key & 0xFFFFFFFFFFFFFFFF
        return {"hi": unsigned >> 32, "lo": unsigned & 0xFFFFFFFF}

    @property
    def held(self) -> bool:
        return self._conn is not None or self._fd is not None or self._thread_lock is not None

    def acquire(self) -> bool:
        if self.held:
            return True
        if self.store.dialect == "postgresql":
            conn = self.store.engine.connect()
            got = conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": self.key}).scalar()
            conn.commit()
            if got:
                self._conn = conn
                return True
            conn.close()
            return False
        if self.path is not None:
            import fcntl
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                return False
            os.ftruncate(fd, 0)
            os.write(fd, f"{socket.gethostname()} pid {os.getpid()}\n".encode())
            self._fd = fd
            return True
        # an in-memory SQLite database lives in one process: a process lock is enough
        lock = _memory_locks.setdefault(self.store.url, threading.Lock())
        if lock.acquire(blocking=False):
            self._thread_lock = lock
            return True
        return False

    def still_held(self) -> bool:
        """True while the lock is ours (a PostgreSQL session may have been cut)."""
        if self._conn is not None:
            try:
                n = self._conn.execute(text(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                    "AND pid = pg_backend_pid() AND granted "
                    "AND classid::bigint = :hi AND objid::bigint = :lo AND objsubid = 1"),
                    self._parts()).scalar()
                self._conn.commit()
                return bool(n)
            except Exception:  # noqa: BLE001 — a dead connection means a lost lock
                return False
        return self.held

    def holder(self) -> str:
        if self.path is not None and self.path.exists():
            return self.path.read_text(errors="replace").strip() or "unknown"
        if self.store.dialect == "postgresql":
            try:
                with self.store.engine.connect() as conn:
                    row = conn.execute(text(
                        "SELECT a.pid, a.client_addr, a.application_name FROM pg_locks l "
                        "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' "
                        "AND l.granted AND l.classid::bigint = :hi AND l.objid::bigint = :lo "
                        "AND l.objsubid = 1"), self._parts()).first()
                    if row:
                        return f"postgres backend pid {row.pid} ({row.client_addr or 'local'})"
            except Exception:  # noqa: BLE001
                pass
        return "another process"

    def release(self) -> None:
        if self._conn is not None:
            try:
                self._conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": self.key})
                self._conn.commit()
            except Exception:  # noqa: BLE001 — closing the session drops it anyway
                pass
            self._conn.close()
            self._conn = None
        if self._fd is not None:
            import fcntl
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
        if self._thread_lock is not None:
            self._thread_lock.release()
            self._thread_lock = None

    def __enter__(self):
        if not self.acquire():
            raise LockHeld(f"another scheduler is running ({self.holder()})")
        return self

    def __exit__(self, *exc) -> None:
        self.release()


_memory_locks: dict[str, threading.Lock] = {}
