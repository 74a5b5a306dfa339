"""When each feed event's content last changed: the source of DTSTAMP, LAST-MODIFIED and SEQUENCE.

A feed is rebuilt every night; stamping events with ``now()`` would change every byte of it every
time and defeat ETags (RFC 5545 §3.8.7.2: without METHOD… DTSTAMP is the last revision). So each
event's content digest is remembered by UID in a small SQLite file beside the other generated
files; an unchanged event keeps its stamp and sequence, a changed one gets a new stamp and
``SEQUENCE + 1``. The same input therefore gives byte-identical output.
"""
from __future__ import annotations

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
        out: dict[str, tuple[datetime, int]] = {}
        with self._lock:
            known = dict(self._mem)
            db = self._connect() if self.path is not None else None
            try:
                if db is not None:
                    uids = list(items)
                    for i in range(0, len(uids), 500):
                        chunk = uids[i:i + 500]
                        q = "SELECT uid, digest, stamp, seq FROM feed_stamps WHERE uid IN (%s)" % (
                            ",".join("?" * len(chunk)))
                        for uid, digest, stamp, seq in db.execute(q, chunk):
                            known[uid] = (digest, stamp, seq)
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
                    out[uid] = (datetime.strptime(rec[1], "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc), rec[2])
                if db is not None and changed:
                    with db:
                        db.executemany("INSERT OR REPLACE INTO feed_stamps VALUES (?, ?, ?, ?)", changed)
            finally:
                if db is not None:
                    db.close()
        return out
