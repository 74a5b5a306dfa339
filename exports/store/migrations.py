"""Versioned schema migrations, kept in this file.

The database records the versions applied in ``almanac_schema``. ``migrate(engine)`` applies the
missing ones in order, each in its own transaction together with its version row, so a crash
leaves the schema at a version boundary; it is run on every open and does nothing when the
schema is current. Two processes migrating at once are serialised: PostgreSQL by a
transaction-scoped advisory lock, SQLite by ``BEGIN IMMEDIATE`` (the engine's begin hook). A
database newer than this code is refused rather than guessed at.

Each migration states its DDL as it was when written (its own ``MetaData``), never through the
current models, so later model changes cannot rewrite history; a test checks that the result of
all migrations matches ``exports.store.models``.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from sqlalchemy import (JSON, Boolean, Column, Date, DateTime, Float, ForeignKey, Index, Integer,
                        LargeBinary, MetaData, SmallInteger, String, Table, UniqueConstraint, inspect,
                        text)
from sqlalchemy.engine import Connection, Engine

_ADVISORY_KEY = 0x616C6D61  # "alma": serialises migrations on PostgreSQL


def _v1(conn: Connection) -> None:
    md = MetaData()
    Table("store_days", md,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("tz", String(64), nullable=False),
          Column("date", Date, nullable=False),
          Column("facts", JSON, nullable=False),
          Column("facts_hash", String(64), nullable=False),
          Column("task_hashes", JSON, nullable=False),
          Column("task_heads", JSON, nullable=False),
          Column("computed_at", DateTime(timezone=True), nullable=False),
          UniqueConstraint("tz", "date", name="uq_store_days_tz_date"))
    Table("store_hours", md,
          Column("day_id", Integer, ForeignKey("store_days.id", ondelete="CASCADE"),
                 primary_key=True),
          Column("idx", SmallInteger, primary_key=True, autoincrement=False),
          Column("branch", String(8), nullable=False),
          Column("start_utc", DateTime(timezone=False), nullable=False),
          Column("end_utc", DateTime(timezone=False), nullable=False),
          Column("pillar", String(8)),
          Column("mansion", String(8)),
          Column("chart", JSON),
          Column("facts", JSON, nullable=False))
    Table("store_scores", md,
          Column("day_id", Integer, ForeignKey("store_days.id", ondelete="CASCADE"),
                 primary_key=True),
          Column("idx", SmallInteger, primary_key=True, autoincrement=False),
          Column("task", String(64), primary_key=True),
          Column("score", Float),
          Column("verdict", String(16)),
          Column("options_hash", String(64), nullable=False),
          Index("ix_store_scores_task_score", "task", "score"))
    Table("store_judgements", md,
          Column("day_id", Integer, ForeignKey("store_days.id", ondelete="CASCADE"),
                 primary_key=True),
          Column("task", String(64), primary_key=True),
          Column("options_hash", String(64), nullable=False),
          Column("hours", LargeBinary, nullable=False))
    Table("runs", md,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("job", String(64), nullable=False),
          Column("logical_date", Date, nullable=False),
          Column("status", String(16), nullable=False),
          Column("trigger", String(16), nullable=False),
          Column("attempts", Integer, nullable=False),
          Column("started_at", DateTime(timezone=True), nullable=False),
          Column("finished_at", DateTime(timezone=True)),
          Column("duration_s", Float),
          Column("holder", String(200)),
          Column("detail", JSON),
          UniqueConstraint("job", "logical_date", name="uq_runs_job_date"))
    md.create_all(conn)


def _v2(conn: Connection) -> None:
    """Row checksums (days, hours, judgements) and the ``vetoed`` flag of each score row.

    Rows written before carry no checksum, so none of them may be served any longer: their
    options hashes are blanked, which makes every stored day stale — readers compute it and the
    next ``precompute`` rewrites it whole, checksums and flags included."""
    dialect = conn.dialect.name
    false = "false" if dialect == "postgresql" else "0"
    for table in ("store_days", "store_hours", "store_judgements"):
        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN checksum VARCHAR(32) NOT NULL DEFAULT ''"))
    conn.execute(text(f"ALTER TABLE store_scores ADD COLUMN vetoed BOOLEAN NOT NULL DEFAULT {false}"))
    conn.execute(text("UPDATE store_days SET facts_hash = ''"))
    conn.execute(text("UPDATE store_scores SET options_hash = ''"))
    conn.execute(text("UPDATE store_judgements SET options_hash = ''"))


def _v3(conn: Connection) -> None:
    """One set of fired rules per hour for every task, instead of one blob per day and task.

    ``store_days`` gains ``judged`` (the day's hours' times, directions and fired rule indices,
    compressed), its checksum, and ``task_sums`` (per task, the checksum of its answer head, its
    score rows and ``judged``); ``store_judgements`` goes. Its blobs cannot be turned into fired
    rules (a blob keeps each task's reasons, not what fired), so every stored day is made stale:
    readers compute it and the next ``precompute`` rewrites it whole."""
    blob = "BYTEA" if conn.dialect.name == "postgresql" else "BLOB"
    conn.execute(text(f"ALTER TABLE store_days ADD COLUMN judged {blob}"))
    conn.execute(text("ALTER TABLE store_days ADD COLUMN judged_checksum VARCHAR(32) NOT NULL "
                      "DEFAULT ''"))
    conn.execute(text("ALTER TABLE store_days ADD COLUMN task_sums JSON"))
    conn.execute(text("DROP TABLE store_judgements"))
    conn.execute(text("UPDATE store_days SET facts_hash = ''"))
    conn.execute(text("UPDATE store_scores SET options_hash = ''"))


def _v4(conn: Connection) -> None:
    """Hours' 禽 facts and 六壬 charts stored once each (``store_hour_parts``, content-addressed)
    and referenced by the hours; days kept per (zone, date, options hash), so precomputing another
    school adds its rows beside the default's instead of replacing them.

    The three store tables are made anew (SQLite cannot change a unique key in place; the hours
    and scores become ``WITHOUT ROWID`` tables there, their key being their only index). The
    store is a cache of computed answers, so its rows are dropped rather than converted: readers
    compute until the next ``precompute`` writes the days again. The runs ledger is kept."""
    for table in ("store_scores", "store_hours", "store_days"):
        conn.execute(text(f"DROP TABLE {table}"))
    md = MetaData()
    Table("store_days", md,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("tz", String(64), nullable=False),
          Column("date", Date, nullable=False),
          Column("facts", JSON, nullable=False),
          Column("facts_hash", String(64), nullable=False),
          Column("task_hashes", JSON, nullable=False),
          Column("task_heads", JSON, nullable=False),
          Column("computed_at", DateTime(timezone=True), nullable=False),
          Column("checksum", String(32), nullable=False, server_default=""),
          Column("judged", LargeBinary),
          Column("judged_checksum", String(32), nullable=False, server_default=""),
          Column("task_sums", JSON),
          UniqueConstraint("tz", "date", "facts_hash", name="uq_store_days_tz_date_facts"))
    Table("store_hour_parts", md,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("digest", String(32), nullable=False, unique=True),
          Column("kind", String(16), nullable=False),
          Column("body", JSON, nullable=False))
    Table("store_hours", md,
          Column("day_id", Integer, ForeignKey("store_days.id", ondelete="CASCADE"),
                 primary_key=True),
          Column("idx", SmallInteger, primary_key=True, autoincrement=False),
          Column("branch", String(8), nullable=False),
          Column("start_utc", DateTime(timezone=False), nullable=False),
          Column("end_utc", DateTime(timezone=False), nullable=False),
          Column("pillar", String(8)),
          Column("mansion", String(8)),
          Column("facts", JSON, nullable=False),
          Column("qin_id", Integer, ForeignKey("store_hour_parts.id")),
          Column("liuren_id", Integer, ForeignKey("store_hour_parts.id")),
          Column("checksum", String(32), nullable=False, server_default=""),
          sqlite_with_rowid=False)
    false = "false" if conn.dialect.name == "postgresql" else "0"
    Table("store_scores", md,
          Column("day_id", Integer, ForeignKey("store_days.id", ondelete="CASCADE"),
                 primary_key=True),
          Column("idx", SmallInteger, primary_key=True, autoincrement=False),
          Column("task", String(64), primary_key=True),
          Column("score", Float),
          Column("verdict", String(16)),
          Column("options_hash", String(64), nullable=False),
          Column("vetoed", Boolean, nullable=False, server_default=text(false)),
          Index("ix_store_scores_task_score", "task", "score"),
          sqlite_with_rowid=False)
    md.create_all(conn)



def _v5(conn: Connection) -> None:
    """Score rows without their own options hash and without the (task, score) index: the hash
    is the day's (``store_days.task_hashes``, covered by the task's checksum), and ``best`` finds
    its rows by day, never by that index — together a third of the table's bytes. The store's
    rows go, as in version 4 (a cache; the next ``precompute`` writes them again)."""
    conn.execute(text("DROP TABLE store_scores"))
    conn.execute(text("DELETE FROM store_hours"))
    conn.execute(text("DELETE FROM store_days"))
    conn.execute(text("DELETE FROM store_hour_parts"))
    md = MetaData()
    Table("store_days", md, Column("id", Integer, primary_key=True))
    false = "false" if conn.dialect.name == "postgresql" else "0"
    Table("store_scores", md,
          Column("day_id", Integer, ForeignKey("store_days.id", ondelete="CASCADE"),
                 primary_key=True),
          Column("idx", SmallInteger, primary_key=True, autoincrement=False),
          Column("task", String(64), primary_key=True),
          Column("score", Float),
          Column("verdict", String(16)),
          Column("vetoed", Boolean, nullable=False, server_default=text(false)),
          sqlite_with_rowid=False)
    md.tables["store_scores"].create(conn)


#: (version, name, function) in order; append, never edit a released entry.
MIGRATIONS: list[tuple[int, str, Callable[[Connection], None]]] = [
    (1, "days, hours, per-task scores, runs ledger", _v1),
    (2, "row checksums verified on read; vetoed flag of score rows", _v2),
    (3, "one fired-rule set per hour for every task instead of per-task judgement blobs", _v3),
    (4, "hour parts stored once each; days kept per (zone, date, options hash)", _v4),
    (5, "score rows without their own options hash and (task, score) index", _v5),
]

LATEST = MIGRATIONS[-1][0]

_version_md = MetaData()
_version_table = Table(
    "almanac_schema", _version_md,
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("name", String(200), nullable=False),
    Column("applied_at", DateTime(timezone=True), nullable=False))


class SchemaTooNew(RuntimeError):
    pass


def current_version(conn: Connection) -> int:
    if not inspect(conn).has_table("almanac_schema"):
        return 0
    v = conn.execute(text("SELECT MAX(version) FROM almanac_schema")).scalar()
    return int(v or 0)


def migrate(engine: Engine) -> int:
    """Bring the schema to ``LATEST``; return the version found before."""
    with engine.connect() as conn:
        found = current_version(conn)
        conn.rollback()
    if found > LATEST:
        raise SchemaTooNew(f"the database schema is version {found}; this almanac knows up to "
                           f"{LATEST} — upgrade the almanac")
    if found == LATEST:
        return found
    for version, name, fn in MIGRATIONS:
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _ADVISORY_KEY})
            _version_md.create_all(conn)
            if version <= current_version(conn):
                continue  # another process applied it while we waited
            fn(conn)
            conn.execute(_version_table.insert().values(
                version=version, name=name, applied_at=dt.datetime.now(dt.timezone.utc)))
    return found
