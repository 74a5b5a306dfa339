"""The store's generation: a cheap marker that changes whenever anything is written to it.

A reader that keeps an answer made from stored rows (the HTTP service keeps its ``/api/day`` and
``/api/best`` bodies) checks the marker instead of reading the rows again: an equal marker means
no write was committed since, so the kept answer still stands; a different one means "look
again" (it may change for writes that touch nothing the answer was made of — a needless re-read,
never a stale answer). It knows nothing of the tables, only of the database:

- **SQLite** (WAL mode, ``db._sqlite_pragmas``): the file's identity, size and modification time,
  and the head of its shared-memory WAL index (``-shm``), whose change counter and last frame
  move at every commit of any connection in any process — a ``stat`` and a 48-byte read, no
  query, no lock;
- **PostgreSQL**: the server's WAL position (``pg_current_wal_lsn()``; on a standby the replayed
  position), which every committed write moves past — one trivial query.

Read the marker *before* reading the rows an answer is made of: a write committed in between
then shows as a new marker next time, and the answer kept under the old one is never found again.
``None`` means no marker can be had (an in-memory database, an unreachable server): keep nothing.
"""
from __future__ import annotations

import functools
import os

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .db import get_engine, reading, resolve_url, sqlite_path

#: the WAL index header of the -shm file: version, change counter, page size, last frame, page
#: count, frame checksums, salts (https://www.sqlite.org/walformat.html#the_wal_index_file_format)
_SHM_HEADER = 48

_LSN = text("SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() "
            "ELSE pg_current_wal_lsn() END::text")


def _stat(path: str) -> "tuple | None":
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _head(path: str) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return b""
    try:
        return os.pread(fd, _SHM_HEADER, 0)
    finally:
        os.close(fd)


def sqlite_generation(path) -> tuple:
    p = os.fspath(path)
    return (_stat(p), _stat(p + "-wal"), _head(p + "-shm"))


@functools.lru_cache(maxsize=64)
def _sqlite_file(url: str) -> "str | None":
    path = sqlite_path(url)
    return None if path is None else os.fspath(path)


def generation(url: str, config=None) -> "tuple | str | None":
    """The marker of the store at ``url`` (see the module's doc); None when there is none."""
    if url.startswith("sqlite"):
        path = _sqlite_file(url)
        try:
            return None if path is None else sqlite_generation(path)
        except OSError:  # unreadable: no marker, nothing kept by it
            return None
    try:
        with reading(get_engine(url, config=config)) as conn:
            lsn = conn.execute(_LSN).scalar()
            conn.rollback()
    except SQLAlchemyError:
        return None
    return lsn


def is_blocking(url: str) -> bool:
    """True when reading the marker waits on a server (run it off the event loop)."""
    return not url.startswith("sqlite")


@functools.lru_cache(maxsize=64)
def _url(url: "str | None", env_url: "str | None", env_dir: "str | None", cfg_url: str) -> str:
    return resolve_url(url, {"store": {"url": cfg_url}})


def resolved_url(config, url: str | None) -> str:
    """``db.resolve_url``'s answer, worked out once per distinct set of its inputs."""
    try:
        cfg_url = (config["store"].get("url") or "") if config is not None else ""
    except (KeyError, TypeError, AttributeError):
        cfg_url = ""
    env = os.environ
    return _url(url, env.get("ALMANAC_DB_URL"), env.get("ALMANAC_DATA_DIR"), cfg_url)


def current(config=None, url: str | None = None) -> "tuple | str | None":
    """The marker of the store ``config`` (or ``url``, ``$ALMANAC_DB_URL``) names."""
    return generation(resolved_url(config, url), config)


def current_blocks(config=None, url: str | None = None) -> bool:
    """True when ``current`` waits on a database server (call it off the event loop)."""
    return is_blocking(resolved_url(config, url))
