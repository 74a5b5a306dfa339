"""Where the store lives and how to connect to it.

The URL is, in order: an explicit ``url`` argument, ``$ALMANAC_DB_URL``, ``[store] url`` in the
config, else an SQLite file ``almanac.sqlite3`` in the data folder (``$ALMANAC_DATA_DIR``, default
the platform's user data folder). PostgreSQL URLs use psycopg 3: ``postgresql+psycopg://…``
(a bare ``postgresql://`` is taken to mean that driver too).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url

from almanac.errors import BadConfig
from almanac.redaction import redact, remember

APP_NAME = "renqin-almanac"
DB_FILE = "almanac.sqlite3"


def data_dir() -> Path:
    """The folder for the embedded database, generated feeds and reports (created if absent)."""
    env = os.environ.get("ALMANAC_DATA_DIR")
    path = Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def resolve_url(url: str | None = None, config=None) -> str:
    if url:
        chosen = url
    elif os.environ.get("ALMANAC_DB_URL"):
        chosen = os.environ["ALMANAC_DB_URL"]
    else:
        cfg_url = ""
        if config is not None:
            try:
                cfg_url = config["store"]["url"]
            except (KeyError, TypeError):
                cfg_url = ""
        chosen = cfg_url or f"sqlite:///{data_dir() / DB_FILE}"
    if chosen.startswith("postgresql://") or chosen.startswith("postgres://"):
        chosen = "postgresql+psycopg://" + chosen.split("://", 1)[1]
    remember(chosen)  # its password is hidden from every message, however it is quoted
    try:
        parsed = make_url(chosen)
    except Exception:  # noqa: BLE001 — SQLAlchemy's message names the problem
        shown = redact(repr(chosen))
        raise BadConfig(f"database URL {shown} is not valid; accepted: sqlite:///PATH or "
                       "postgresql+psycopg://USER@HOST:PORT/DB",
                       zh=f"資料庫 URL 無效：{shown}（可用：sqlite:///PATH 或 "
                          "postgresql+psycopg://USER@HOST:PORT/DB）",
                       ko=f"데이터베이스 URL이 올바르지 않습니다: {shown} (쓸 수 있는 형식: sqlite:///PATH 또는 "
                          "postgresql+psycopg://USER@HOST:PORT/DB)") from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise BadConfig(f"database {parsed.get_backend_name()!r} is not supported; "
                       "accepted: sqlite, postgresql (psycopg 3)",
                       zh=f"不支援的資料庫：{parsed.get_backend_name()!r}（可用：sqlite、postgresql（psycopg 3））",
                       ko=f"지원하지 않는 데이터베이스: {parsed.get_backend_name()!r} "
                          "(쓸 수 있는 것: sqlite, postgresql(psycopg 3))")
    return chosen


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL, or None for another database or an in-memory one."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")      # readers never block the writer
    cur.execute("PRAGMA synchronous=NORMAL")    # WAL + NORMAL: durable at checkpoint, never corrupt
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def _sqlite_begin(conn) -> None:
    # Writers take the write lock at BEGIN, so two writers queue instead of failing half-way;
    # readers (see ``reading``) begin deferred and, in WAL mode, never wait for a writer.
    conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get("almanac_read")
                         else "BEGIN IMMEDIATE")


def reading(engine):
    """A connection for reads only (no write lock on SQLite); use as a context manager."""
    return engine.connect().execution_options(almanac_read=True)


_engines: dict[str, Engine] = {}


def _json_dumps(obj) -> str:
    # UTF-8 text rather than \u escapes: a third of the size for the CJK reasons, and faster
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


#: worker threads of the HTTP service: Starlette runs each synchronous endpoint in one of anyio's
#: default worker threads (40); every one of them may hold a connection at once
SERVICE_THREADS = 40
#: connections beyond the pool for the few other threads (the scheduler's job, a warm-up)
EXTRA_CONNECTIONS = 8


def pool_size(config=None) -> int:
    """Connections kept open per process: ``[store] pool_size``, or (0) the service's threads."""
    try:
        n = int(config["store"].get("pool_size", 0)) if config is not None else 0
    except (KeyError, TypeError, ValueError, AttributeError):
        n = 0
    return n if n > 0 else SERVICE_THREADS


def get_engine(url: str, size: int | None = None) -> Engine:
    """One engine per URL per process, its pool as large as the threads that use it (``size``,
    default the service's worker threads): a request never waits for a connection, and none is
    closed and opened again because the pool was smaller than the threads."""
    if url in _engines:
        return _engines[url]
    size = size or SERVICE_THREADS
    pool = {"pool_size": size, "max_overflow": EXTRA_CONNECTIONS, "pool_timeout": 30}
    if make_url(url).get_backend_name() == "sqlite":
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            pool = {}  # in memory: one connection per thread, the dialect's own pool
        engine = create_engine(url, connect_args={"timeout": 30, "isolation_level": None},
                               json_serializer=_json_dumps, **pool)
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
    else:
        engine = create_engine(url, pool_pre_ping=True, json_serializer=_json_dumps, **pool)
    _engines[url] = engine
    return engine


def dispose_all() -> None:
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()


def file_identity(url: str) -> "tuple[int, int] | None":
    """``(device, inode)`` of an SQLite store's file, None for another database (or no file)."""
    path = sqlite_path(url)
    if path is None:
        return None
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino)


def check_persisted(url: str, before: "tuple[int, int] | None") -> None:
    """Raise ``OSError`` when the SQLite file written to is no longer the store at ``url``
    (deleted or replaced during the run): the writes went to a file nobody will read."""
    path = sqlite_path(url)
    if path is None or before is None:
        return
    if file_identity(url) != before:
        raise OSError(f"the store file {path} was deleted or replaced during the run; "
                      "the days written did not persist")

