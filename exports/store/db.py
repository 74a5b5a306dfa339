"""Where the store lives and how to connect to it.

The URL is, in order: an explicit ``url`` argument, ``$ALMANAC_DB_URL``, ``[store] url`` in the
config, else an SQLite file ``almanac.sqlite3`` in the data folder (``$ALMANAC_DATA_DIR``, default
the platform's user data folder). PostgreSQL URLs use psycopg 3: ``postgresql+psycopg://…``
(a bare ``postgresql://`` is taken to mean that driver too).

Every wait on a PostgreSQL server is bounded (``[store]`` in the config, docs/store.md
"Connections"): connecting (``connect_timeout``), a statement (``statement_timeout``, enforced by
the server), a free connection of the pool (``pool_timeout``). A server that refused or did not
answer a connection is *taken as down*: a connection asked for then fails at once (no thread
waits on it again) while a thread of its own tries the server every ``retry_seconds``; the first
try that succeeds ends it. ``down(url)`` says so without any I/O.
"""
from __future__ import annotations

import json
import logging
import math
import os
import threading
import time
from pathlib import Path

import platformdirs
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url

from almanac.errors import BadConfig
from almanac.redaction import error_line, redact, remember

APP_NAME = "renqin-almanac"
DB_FILE = "almanac.sqlite3"


def data_dir() -> Path:
    """The folder for the embedded database, generated feeds and reports (created if absent)."""
    env = os.environ.get("ALMANAC_DATA_DIR")
    path = Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:        # a file there, /proc: bad configuration, said as such
        from almanac.errors import data_folder_error
        raise data_folder_error(path, e) from None
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


#: ``[store]`` timeouts in seconds, for a config that lacks them (config/default.toml)
TIMEOUTS = {"connect_timeout": 3.0, "statement_timeout": 30.0, "pool_timeout": 5.0, "retry_seconds": 2.0}


def timeouts(config=None) -> dict[str, float]:
    """``[store] connect_timeout``, ``statement_timeout``, ``pool_timeout`` and ``retry_seconds``
    of ``config`` (None: ``$ALMANAC_CONFIG`` or the defaults); 0 switches one off."""
    if config is None:
        from almanac import config as config_mod
        try:
            config = config_mod.load(None)
        except Exception:  # noqa: BLE001 — a bad config file is reported by whoever loads it
            config = None
    out = dict(TIMEOUTS)
    try:
        section = config["store"]
    except (KeyError, TypeError):
        return out
    for key in out:
        try:
            value = section.get(key)
            if value is not None:
                out[key] = max(0.0, float(value))
        except (TypeError, ValueError, AttributeError):
            pass
    return out


log = logging.getLogger("almanac.store")
#: the attribute marking the log records of a server's reachability (``_Gate``): a long-running
#: service logs them; a command that reports the failure itself in one line drops them
GATE_NOTICE = "almanac_gate"


class _Gate:
    """One PostgreSQL server's reachability, seen from this process. After a connection failed,
    the server is taken as down: every connection asked for fails at once with the reason, and a
    thread of the gate's own tries again every ``retry`` seconds (each try bounded by the connect
    timeout) until one succeeds. So a server that does not answer costs one request its connect
    timeout, once — not every thread of the service, and not one request per retry. When nobody
    has asked for a connection for ``IDLE`` seconds the gate stops trying and forgets: the next
    asker tries itself."""

    #: seconds without a connection asked for after which a down server is no longer tried
    IDLE = 60.0

    def __init__(self, retry: float):
        self.retry = float(retry)
        self._lock = threading.Lock()
        self.failed_at: "float | None" = None
        self.reason = ""
        self.asked_at = time.monotonic()
        self.closed = False
        self._args: "tuple | None" = None  # (dialect, cargs, cparams) the prober connects with
        self._prober: "threading.Thread | None" = None

    def down(self) -> "str | None":
        """The reason while the server is taken as down, else None (no I/O)."""
        with self._lock:
            return self.reason if self.failed_at is not None else None

    def connect(self, dialect, cargs, cparams):
        with self._lock:
            self.asked_at = time.monotonic()
            if self.failed_at is not None:
                raise _refused(dialect, self.reason, time.monotonic() - self.failed_at, self.retry)
        try:
            conn = dialect.connect(*cargs, **cparams)
        except Exception as e:
            self._failed(e, (dialect, tuple(cargs), dict(cparams)))
            raise
        self._answered()
        return conn

    def _failed(self, e: BaseException, args: "tuple | None" = None) -> None:
        reason = error_line(e)
        with self._lock:
            first = self.failed_at is None
            self.failed_at, self.reason = time.monotonic(), reason
            if args is not None:
                self._args = args
            start = self._prober is None or not self._prober.is_alive()
            if start:
                self._prober = threading.Thread(target=self._probe, daemon=True, name="store-retry")
        if start:
            self._prober.start()
        if first:
            log.warning("the database does not answer (%s); taken as down, tried again every %g s",
                        reason, self.retry, extra={GATE_NOTICE: True})

    def _answered(self) -> None:
        with self._lock:
            was_down = self.failed_at is not None
            self.failed_at, self.reason = None, ""
        if was_down:
            log.warning("the database answers again", extra={GATE_NOTICE: True})

    def _probe(self) -> None:
        while True:
            time.sleep(self.retry)
            with self._lock:
                if self.closed or self.failed_at is None:
                    return
                if time.monotonic() - self.asked_at > self.IDLE:
                    self.failed_at, self.reason = None, ""  # unknown again: the next asker tries
                    return
                dialect, cargs, cparams = self._args
            try:
                conn = dialect.connect(*cargs, **cparams)
            except Exception as e:  # noqa: BLE001 — still down: the reason is brought up to date
                reason = error_line(e)
                with self._lock:
                    self.failed_at, self.reason = time.monotonic(), reason
                continue
            try:
                conn.close()
            except Exception:  # noqa: BLE001
                pass
            self._answered()
            return


def _refused(dialect, reason: str, age: float, retry: float) -> Exception:
    """The driver's own ``OperationalError`` (so SQLAlchemy wraps it as any connection failure),
    marked as a refusal of a server known to be down (``is_known_down``)."""
    exc = dialect.loaded_dbapi.OperationalError(
        f"the database is taken as down: its last connection failed {age:.1f} s ago ({reason}); "
        f"it is tried again every {retry:g} s")
    exc.almanac_known_down = True
    return exc


def is_known_down(exc: BaseException) -> bool:
    """True for a connection refused at once because the server is taken as down (``_Gate``)."""
    return bool(getattr(getattr(exc, "orig", exc), "almanac_known_down", False))


_gates: dict[str, _Gate] = {}


def down(url: str) -> "str | None":
    """Why the database at ``url`` is taken as down in this process (its last connection failed
    less than ``[store] retry_seconds`` ago), else None. No I/O: a server never tried is not down."""
    gate = _gates.get(url)
    return gate.down() if gate is not None else None


def _pg_connect_args(url: str, t: dict) -> dict:
    """psycopg's connection arguments for the timeouts (a URL's own ``connect_timeout`` wins; its
    ``options`` are kept, the statement timeout added to them)."""
    query = make_url(url).query
    args: dict = {}
    if t["connect_timeout"] > 0 and "connect_timeout" not in query:
        args["connect_timeout"] = max(2, math.ceil(t["connect_timeout"]))  # libpq: whole seconds, ≥ 2
    if t["statement_timeout"] > 0:
        opt = f"-c statement_timeout={max(1, round(t['statement_timeout'] * 1000))}"
        own = query.get("options")
        args["options"] = f"{own} {opt}" if isinstance(own, str) and own else opt
    return args


#: SQLite URL → ``(device, inode)`` of the file its engine's first connection opened
_opened_files: dict[str, tuple[int, int]] = {}


def _opened(url: str) -> None:
    ident = file_identity(url)
    if ident is not None:
        _opened_files.setdefault(url, ident)


def replaced(url: str) -> "str | None":
    """For an SQLite store this process has open: ``"gone"`` when its file is no longer on disk,
    ``"replaced"`` when the path now names another file (deleted and made again — a new
    ``precompute`` after ``rm -rf`` of the data folder — or moved over), else None. The engine's
    connections still read and write the file they opened, which nobody else sees: the service
    and its workers kept writing into ``almanac.sqlite3 (deleted)`` while ``/healthz`` said 200."""
    known = _opened_files.get(url)
    if known is None or url not in _engines:
        return None
    now = file_identity(url)
    if now is None:
        return "gone"
    return "replaced" if now != known else None


def reopen(url: str) -> None:
    """Forget this process's engine of ``url`` (its idle connections closed; those in use close
    when given back): the next ``get_engine`` opens the file now at the path."""
    engine = _engines.pop(url, None)
    _opened_files.pop(url, None)
    if engine is not None:
        engine.dispose()


def get_engine(url: str, size: int | None = None, config=None) -> Engine:
    """One engine per URL per process, its pool as large as the threads that use it (``size``,
    default the service's worker threads): a request never waits for a connection, and none is
    closed and opened again because the pool was smaller than the threads. Its timeouts are
    ``config``'s (``timeouts``; the config of whoever opens the URL first in the process).
    An SQLite file replaced on disk since the engine opened it is opened again (``replaced``,
    a ``stat``): every process of the service then reads and writes the file others see."""
    if url in _engines:
        if url not in _opened_files or replaced(url) != "replaced":
            return _engines[url]
        import logging
        logging.getLogger("almanac.store").warning(
            "the store file %s was replaced on disk; opened again", sqlite_path(url).name)
        reopen(url)
    _opened_files.pop(url, None)   # a new engine notes the file its first connection opens
    size = size or SERVICE_THREADS
    t = timeouts(config)
    pool = {"pool_size": size, "max_overflow": EXTRA_CONNECTIONS,
            "pool_timeout": t["pool_timeout"] or TIMEOUTS["pool_timeout"]}
    if make_url(url).get_backend_name() == "sqlite":
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            pool = {}  # in memory: one connection per thread, the dialect's own pool
        engine = create_engine(url, connect_args={"timeout": 30, "isolation_level": None},
                               json_serializer=_json_dumps, **pool)
        event.listen(engine, "connect", _sqlite_pragmas)
        if path is not None:
            event.listen(engine, "connect", lambda _c, _r: _opened(url))
        event.listen(engine, "begin", _sqlite_begin)
    else:
        engine = create_engine(url, pool_pre_ping=True, json_serializer=_json_dumps,
                               connect_args=_pg_connect_args(url, t), **pool)
        if t["retry_seconds"] > 0:  # 0: every connection asked for tries the server itself
            gate = _gates.get(url)
            if gate is None or gate.retry != t["retry_seconds"]:
                gate = _gates[url] = _Gate(t["retry_seconds"])
            event.listen(engine, "do_connect",
                         lambda dialect, _rec, cargs, cparams: gate.connect(dialect, cargs, cparams))
    _engines[url] = engine
    return engine


def forget_inherited() -> None:
    """In a forked worker: drop the pooled connections the parent's engines hold without closing
    them (they are the parent's), so the worker opens its own."""
    for engine in _engines.values():
        engine.dispose(close=False)


def dispose_all() -> None:
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()
    _opened_files.clear()
    for gate in _gates.values():
        gate.closed = True
    _gates.clear()


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

