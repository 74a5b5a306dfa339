"""The store's tables, as SQLAlchemy 2 declarative models.

These describe the schema at the newest migration (``exports.store.migrations``); a test checks
that a migrated database has exactly these tables and columns.

- ``store_days``   one row per (time zone, date, options hash): the day's facts (``almanac day
                   --json`` without its hours), the options hash they were computed with (several
                   option sets of a day are kept, up to ``[store] option_sets``), one options
                   hash per task whose scores are stored, and the rules each hour fired (one set
                   for every task; a task's twelve judgements are rebuilt from them when read).
- ``store_hour_parts`` the hours' 禽 facts and 六壬 charts, each distinct one stored once
                   (content-addressed by its digest) and referenced by every hour that has it:
                   they repeat with the 420-day cycle and the 720 課, so a year adds few.
- ``store_hours``  twelve rows per day: the hour's own facts (its times, pillar, flags…) with
                   references to its parts, its UTC span, pillar and mansion.
- ``store_scores`` twelve rows per day per task: score, verdict and vetoed (for ``best``); the
                   task's options hash is the day's (``store_days.task_hashes``), not repeated
                   on each row.
- ``runs``         the ledger of scheduled jobs: one row per (job, logical date).
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import (JSON, Boolean, Date, DateTime, Float, ForeignKey, Index, Integer, LargeBinary,
                        SmallInteger, String, UniqueConstraint)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class SchemaVersion(Base):
    __tablename__ = "almanac_schema"
    version: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(200))
    applied_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class Day(Base):
    __tablename__ = "store_days"
    __table_args__ = (UniqueConstraint("tz", "date", "facts_hash",
                                       name="uq_store_days_tz_date_facts"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tz: Mapped[str] = mapped_column(String(64))
    date: Mapped[dt.date] = mapped_column(Date)
    facts: Mapped[dict] = mapped_column(JSON)
    facts_hash: Mapped[str] = mapped_column(String(64))
    task_hashes: Mapped[dict] = mapped_column(JSON)
    #: per task, the judge_day answer around its hours ({"date", "tz", "task", "hours": null})
    task_heads: Mapped[dict] = mapped_column(JSON)
    computed_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    #: blake2b of the key, ``facts_hash`` and the stored ``facts`` text (``checksums.day``)
    checksum: Mapped[str] = mapped_column(String(32), server_default="")
    #: the day's judgement facts for every task, compressed JSON: the hours' times, directions
    #: and the catalog indices of the rules each hour fired (one set per hour, not per task)
    judged: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    judged_checksum: Mapped[str] = mapped_column(String(32), server_default="")
    #: per task, the checksum of its answer head, its twelve score rows and ``judged``
    task_sums: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class HourPart(Base):
    """One distinct part of an hour's facts (its ``qin`` or ``liuren`` object), stored once."""
    __tablename__ = "store_hour_parts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: blake2b of ``kind`` and ``body`` (``checksums.part``): the key it is found by and its
    #: checksum at once — a changed byte of the body no longer hashes to it
    digest: Mapped[str] = mapped_column(String(32), unique=True)
    kind: Mapped[str] = mapped_column(String(16))  # the hour key it is the value of
    body: Mapped[dict] = mapped_column(JSON)


class Hour(Base):
    __tablename__ = "store_hours"
    __table_args__ = {"sqlite_with_rowid": False}
    day_id: Mapped[int] = mapped_column(ForeignKey("store_days.id", ondelete="CASCADE"),
                                        primary_key=True)
    idx: Mapped[int] = mapped_column(SmallInteger, primary_key=True, autoincrement=False)
    branch: Mapped[str] = mapped_column(String(8))
    start_utc: Mapped[dt.datetime] = mapped_column(DateTime(timezone=False))
    end_utc: Mapped[dt.datetime] = mapped_column(DateTime(timezone=False))
    pillar: Mapped[str | None] = mapped_column(String(8), nullable=True)
    mansion: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: the hour object with its parts' values left null in place (key order kept)
    facts: Mapped[dict] = mapped_column(JSON)
    #: the hour's ``qin`` and ``liuren`` objects (None: the hour has none)
    qin_id: Mapped[int | None] = mapped_column(ForeignKey("store_hour_parts.id"), nullable=True)
    liuren_id: Mapped[int | None] = mapped_column(ForeignKey("store_hour_parts.id"),
                                                  nullable=True)
    #: blake2b of the key, the stored ``facts`` text and its parts' digests (``checksums.hour``)
    checksum: Mapped[str] = mapped_column(String(32), server_default="")


class Score(Base):
    __tablename__ = "store_scores"
    __table_args__ = {"sqlite_with_rowid": False}
    day_id: Mapped[int] = mapped_column(ForeignKey("store_days.id", ondelete="CASCADE"),
                                        primary_key=True)
    idx: Mapped[int] = mapped_column(SmallInteger, primary_key=True, autoincrement=False)
    task: Mapped[str] = mapped_column(String(64), primary_key=True)
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    verdict: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: the hour is vetoed for the task (never among ``best``'s answers)
    vetoed: Mapped[bool] = mapped_column(Boolean, server_default="0")


class Run(Base):
    __tablename__ = "runs"
    __table_args__ = (UniqueConstraint("job", "logical_date", name="uq_runs_job_date"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    job: Mapped[str] = mapped_column(String(64))
    logical_date: Mapped[dt.date] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(16))  # running | ok | noop | error
    trigger: Mapped[str] = mapped_column(String(16))  # cron | catchup | once | manual
    attempts: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    duration_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    holder: Mapped[str | None] = mapped_column(String(200), nullable=True)
    detail: Mapped[dict | None] = mapped_column(JSON, nullable=True)
