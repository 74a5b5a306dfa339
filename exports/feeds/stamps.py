"""When each feed event's content last changed: the source of DTSTAMP, LAST-MODIFIED and SEQUENCE.

A feed is rebuilt every night; stamping events with ``now()`` would change every byte of it every
time and defeat ETags (RFC 5545 §3.8.7.2: without METHOD… DTSTAMP is the last revision). So each
event's content digest is remembered by UID in a small SQLite file beside the other generated
files; an unchanged event keeps its stamp and sequence, a changed one gets a new stamp and
``SEQUENCE + 1``. The same input therefore gives byte-identical output.

What "last changed" means for an event the store has never seen: the moment it is first seen,
i.e. the wall clock of the build that first publishes it. So a fresh data folder (or
``stamps_file = ""``, memory only, in a fresh process) stamps every event at its first build;
every later build — in the same process, another process, another worker, after a restart —
reuses those stamps while the content is unchanged, and is byte-identical. The lookup and the
recording of new stamps happen in one ``BEGIN IMMEDIATE`` transaction, so two processes that
build the same feed at once (``--workers``) agree on one stamp instead of each writing its own.
"""
from __future__ import annotations

import functools
import sqlite3
import threading
from datetime import datetime, timezone
from pathlib import Path

_SCHEMA = """CREATE TABLE IF NOT EXISTS feed_stamps (
    uid TEXT PRIMARY KEY, digest TEXT NOT NULL, stamp TEXT NOT NULL, seq INTEGER NOT NULL)"""


class Stamps:
    """``uid → (digest, stamp, sequence)``; ``path=None`` keeps them in memory only."""

    def __init__(self, path: "str | Path | None"):
        self.path = Path(path) if path else None
        self._lock = threading.Lock()
        self._mem: dict[str, tuple[str, str, int]] = {}
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.execute(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30)
        db.execute("PRAGMA journal_mode=WAL")
        return db

    def resolve(self, items: dict[str, str], now: datetime | None = None) -> dict[str, tuple[datetime, int]]:
        """For each ``uid → digest``, the stamp and sequence to publish, recording changes."""
        now = (now or datetime.now(timezone.utc)).replace(microsecond=0)
        now_s = now.strftime("%Y%m%dT%H%M%SZ")
        with self._lock:
            if self.path is None:
                return self._resolve(dict(self._mem), items, now_s)[0]
            db = self._connect()
            try:
                db.isolation_level = None  # explicit transactions
                db.execute("BEGIN IMMEDIATE")
                try:
                    known = dict(self._mem)
                    uids = list(items)
                    for i in range(0, len(uids), 500):
                        chunk = uids[i:i + 500]
                        q = "SELECT uid, digest, stamp, seq FROM feed_stamps WHERE uid IN (%s)" % (
                            ",".join("?" * len(chunk)))
                        for uid, digest, stamp, seq in db.execute(q, chunk):
                            known[uid] = (digest, stamp, seq)
                    out, changed = self._resolve(known, items, now_s)
                    if changed:
                        db.executemany("INSERT OR REPLACE INTO feed_stamps VALUES (?, ?, ?, ?)", changed)
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
            finally:
                db.close()
        return out

    def _resolve(self, known: dict, items: dict[str, str], now_s: str):
        out: dict[str, tuple[datetime, int]] = {}
        changed = []
        for uid, digest in items.items():
            old = known.get(uid)
            if old is None:
                rec = (digest, now_s, 0)
            elif old[0] != digest:
                rec = (digest, now_s, old[2] + 1)
            else:
                rec = old
            if rec is not old:
                changed.append((uid, *rec))
            self._mem[uid] = rec
            out[uid] = (_parse(rec[1]), rec[2])
        return out, changed


@functools.lru_cache(maxsize=4096)
def _parse(stamp: str) -> datetime:
    return datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
