"""A day's event texts kept on disk from one nightly run to the next.

``write_feeds`` runs in a new process each night (``almanac scheduler --once``). Each day of each
feed is turned into event texts (``text.EventText``: bytes only) under a digest of everything
they are made of — the feed's task, language, zone, alarm and config digest, the day's document
and its judged hours (``exports.feeds.memo.day_texts``). This module keeps those texts in an SQLite
file in the data folder (``[feeds] texts_file``, default ``feed-texts.sqlite3``), so the next
run builds only the days whose digest it has not seen: on a night where one day enters each
feed, that day. A changed day (new options, new rules, new judgements) has a new digest and is
built again.

- Written atomically: a run's new texts and the marks of the texts it used are saved in one
  transaction at its end (``save``); a run that fails saves nothing, and a reader never sees
  half a run.
- Bounded: after saving, texts used by neither this run nor the run before are deleted, so the
  file holds at most two nights of feeds.
- Never a reason to fail: a file that cannot be opened or read (corrupt, locked, read-only) is
  ignored — the texts are built as if nothing were kept.
- The stored form is plain data (JSON head, raw bytes), not pickle: reading the file runs no
  code from it.
- Made by this code: the digest also covers the source and data files the texts are written by
  (``exports.written.code_digest``), so after an upgrade that words a title or a term
  differently the next run builds every day again instead of serving the old wording until the
  day leaves the feed.

>>> import tempfile, icalendar
>>> from pathlib import Path
>>> from almanac.exports.feeds.text import EventText
>>> ev = icalendar.Event(); ev.add("uid", "u1"); ev.add("summary", "禽")
>>> t = EventText(ev)
>>> back, = unpack(pack((t,)))
>>> (back.uid, back.plain == t.plain, back.stamped(*STAMP) == t.stamped(*STAMP))
('u1', True, True)
"""
from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from almanac.exports.feeds.text import EventText
from almanac.exports.written import code_digest  # noqa: F401 — the texts are keyed by it too

#: the texts, and apart from them the run that last used each: marking a text used rewrites a
#: small row, not the row holding its bytes (an earlier layout kept both in ``feed_texts``)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS texts (digest BLOB PRIMARY KEY, body BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS text_runs (digest BLOB PRIMARY KEY, run INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS text_runs_run ON text_runs (run);
DROP TABLE IF EXISTS feed_texts;
"""
_FORMAT = 1
#: a stamp for the doctest above
STAMP = (datetime(2026, 1, 1, tzinfo=timezone.utc), 0)


def pack(texts: tuple[EventText, ...]) -> bytes:
    """The texts as bytes: a length-prefixed JSON head of names and offsets, then the bytes."""
    blob = bytearray()

    def put(b: bytes) -> list[int]:
        blob.extend(b)
        return [len(blob) - len(b), len(b)]

    head = [[t.uid, list(t.keys), list(t.canonical), [put(t.parts[k]) for k in t.keys],
             put(t.begin), put(t.end), put(t.sub), put(t.plain), sorted(t.tzids)] for t in texts]
    h = json.dumps([_FORMAT, head], ensure_ascii=False).encode()
    return len(h).to_bytes(4, "big") + h + bytes(blob)


def unpack(data: bytes) -> tuple[EventText, ...]:
    """:func:`pack`'s texts back (ValueError if the data is not of this format)."""
    n = int.from_bytes(data[:4], "big")
    fmt, head = json.loads(data[4:4 + n])
    if fmt != _FORMAT:
        raise ValueError(f"feed texts of format {fmt}")
    body = memoryview(data)[4 + n:]

    def get(span) -> bytes:
        return bytes(body[span[0]:span[0] + span[1]])

    out = []
    for uid, keys, canonical, parts, begin, end, sub, plain, tzids in head:
        out.append(EventText.from_parts(
            uid=uid, parts={k: get(p) for k, p in zip(keys, parts)}, keys=tuple(keys),
            canonical=tuple(canonical), begin=get(begin), end=get(end), sub=get(sub),
            plain=get(plain), tzids=frozenset(tzids)))
    return tuple(out)


class KeptTexts:
    """The texts of earlier runs in one SQLite file; ``get`` and ``put`` during a run, ``save``
    at its end."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db
        row = db.execute("SELECT COALESCE(MAX(run), 0) FROM text_runs").fetchone()
        self.run = int(row[0]) + 1
        self.used: set[bytes] = set()
        self.new: dict[bytes, bytes] = {}

    @classmethod
    def open(cls, path: "str | Path | None") -> "KeptTexts | None":
        """The kept texts at ``path``, or None when there is no path or the file is unusable."""
        if path is None:
            return None
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
            db.executescript(_SCHEMA)
            return cls(db)
        except (OSError, sqlite3.Error):
            return None

    def get(self, digest: bytes) -> tuple[EventText, ...] | None:
        """The texts kept under ``digest``, or None."""
        try:
            row = self.db.execute("SELECT body FROM texts WHERE digest = ?", (digest,)).fetchone()
            texts = unpack(row[0]) if row is not None else None
        except (sqlite3.Error, ValueError, TypeError, KeyError, IndexError):
            return None
        if texts is not None:
            self.used.add(digest)
        return texts

    def get_many(self, digests: list[bytes]) -> dict[bytes, tuple[EventText, ...]]:
        """``get`` of several digests in a few queries: the ones kept, with their texts."""
        out: dict[bytes, tuple[EventText, ...]] = {}
        try:
            for i in range(0, len(digests), 500):
                chunk = digests[i:i + 500]
                rows = self.db.execute("SELECT digest, body FROM texts WHERE digest IN "
                                       f"({', '.join('?' * len(chunk))})", chunk).fetchall()
                for digest, body in rows:
                    try:
                        out[digest] = unpack(body)
                    except (ValueError, TypeError, KeyError, IndexError):
                        continue
        except sqlite3.Error:
            return out
        self.used.update(out)
        return out

    def put(self, digest: bytes, texts: tuple[EventText, ...]) -> None:
        """Keep ``texts`` under ``digest`` when this run is saved."""
        self.new[digest] = pack(texts)

    def save(self) -> None:
        """This run's new texts and the marks of those it used, then the pruning of texts no
        run of the last two used: one transaction."""
        try:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO texts VALUES (?, ?)", self.new.items())
                self.db.executemany("INSERT OR REPLACE INTO text_runs VALUES (?, ?)",
                                    [(k, self.run) for k in self.used | self.new.keys()])
                self.db.execute("DELETE FROM texts WHERE digest IN "
                                "(SELECT digest FROM text_runs WHERE run < ?)", (self.run - 1,))
                self.db.execute("DELETE FROM text_runs WHERE run < ?", (self.run - 1,))
        except sqlite3.Error:
            pass                          # nothing kept this time; the feeds are written anyway
        self.new.clear()
        self.used.clear()

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass


__all__ = ["KeptTexts", "pack", "unpack"]
