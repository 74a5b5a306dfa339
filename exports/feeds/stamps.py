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
import os
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
        self._db: sqlite3.Connection | None = None
        self._pid = 0
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._lock:
                self._connect().execute(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        """This process's connection to the ledger (call with ``_lock`` held), opened once: a
        connection opened and closed per build paid for the open and for the WAL checkpoint
        that closing the last connection runs. Commits are ``synchronous=NORMAL`` (WAL): a
        crash of the process loses nothing; a power cut may lose the last builds' new stamps,
        whose events are then stamped again when next built, as if first seen then."""
        if self._db is None or self._pid != os.getpid():   # a forked worker opens its own
            db = sqlite3.connect(self.path, timeout=30, check_same_thread=False,
                                 isolation_level=None)      # explicit transactions
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            self._db, self._pid = db, os.getpid()
        return self._db

    def ready(self) -> None:
        """Raise when the ledger cannot be reached now (a file ledger always can)."""

    def resolve(self, items: dict[str, str], now: datetime | None = None) -> dict[str, tuple[datetime, int]]:
        """For each ``uid → digest``, the stamp and sequence to publish, recording changes."""
        now = (now or datetime.now(timezone.utc)).replace(microsecond=0)
        now_s = now.strftime("%Y%m%dT%H%M%SZ")
        with self._lock:
            if self.path is None:
                return self._resolve(dict(self._mem), items, now_s)[0]
            db = self._connect()
            try:
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
                    # SQLite rolls back by itself after some errors (a full disk, SQLITE_FULL):
                    # a ROLLBACK then fails with "no transaction is active", which hid the error
                    # that mattered (the nightly run's ledger said so instead of "disk full")
                    if db.in_transaction:
                        try:
                            db.execute("ROLLBACK")
                        except sqlite3.Error:
                            pass
                    raise
            except sqlite3.Error:
                self._close()                   # opened afresh by the next call
                raise
        return out

    def _close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
        self._db = None

    def fingerprint(self) -> "str | None":
        """A value that changes whenever the ledger does (None when it lives in memory only, so a
        new process would stamp anew): the count of its rows and the sum of their sequences —
        a change either adds a row or raises a row's sequence, and rows are never deleted."""
        if self.path is None:
            return None
        try:
            with self._lock:
                n, seqs = self._connect().execute(
                    "SELECT count(*), total(seq) FROM feed_stamps").fetchone()
        except sqlite3.Error:
            return None
        return f"{n}/{int(seqs)}"

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


class StoreStamps(Stamps):
    """The same ledger in a shared PostgreSQL store (table ``feed_stamps``), for several web
    workers or machines behind one proxy: each build looks up and records its stamps in one
    transaction holding a transaction-scoped advisory lock, so every process publishes the same
    stamps — byte-identical feeds and ETags from every machine."""

    _LOCK_KEY = 0x5374616D7073  # "Stamps"

    def __init__(self, engine):
        from sqlalchemy import Column, Integer, MetaData, Table, Text
        self.path = None
        self.engine = engine
        self._lock = threading.Lock()
        self._mem = {}
        md = MetaData()
        self.table = Table("feed_stamps", md, Column("uid", Text, primary_key=True),
                           Column("digest", Text, nullable=False), Column("stamp", Text, nullable=False),
                           Column("seq", Integer, nullable=False))
        with engine.begin() as conn:
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(%d)" % self._LOCK_KEY)
            md.create_all(conn, checkfirst=True)

    def ready(self) -> None:
        """Raise (SQLAlchemy's ``OperationalError``) when the database cannot be reached now: at
        once when it is known to be down (``exports.store.db``), else within its connect timeout.
        A feed asks before computing its days, which would be seconds spent for a failure."""
        with self.engine.connect() as conn:  # a checkout pings the server (pool_pre_ping)
            conn.rollback()

    def fingerprint(self) -> "str | None":
        from sqlalchemy import func, select
        from sqlalchemy.exc import SQLAlchemyError
        try:
            with self.engine.connect() as conn:
                n, seqs = conn.execute(select(func.count(), func.coalesce(func.sum(self.table.c.seq), 0))
                                       .select_from(self.table)).one()
        except SQLAlchemyError:
            return None
        return f"{n}/{int(seqs)}"

    def resolve(self, items: dict[str, str], now: datetime | None = None) -> dict[str, tuple[datetime, int]]:
        from sqlalchemy import select
        from sqlalchemy.dialects.postgresql import insert
        now = (now or datetime.now(timezone.utc)).replace(microsecond=0)
        now_s = now.strftime("%Y%m%dT%H%M%SZ")
        t = self.table
        with self._lock, self.engine.begin() as conn:
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(%d)" % self._LOCK_KEY)
            known: dict[str, tuple[str, str, int]] = {}
            uids = list(items)
            for i in range(0, len(uids), 1000):
                for uid, digest, stamp, seq in conn.execute(select(t.c.uid, t.c.digest, t.c.stamp, t.c.seq)
                                                            .where(t.c.uid.in_(uids[i:i + 1000]))):
                    known[uid] = (digest, stamp, seq)
            self._mem.clear()  # the database is the truth: no per-process overlay
            out, changed = self._resolve(known, items, now_s)
            self._mem.clear()
            if changed:
                rows = [dict(zip(("uid", "digest", "stamp", "seq"), r)) for r in changed]
                q = insert(t)
                conn.execute(q.on_conflict_do_update(index_elements=[t.c.uid], set_={
                    "digest": q.excluded.digest, "stamp": q.excluded.stamp, "seq": q.excluded.seq}), rows)
        return out
