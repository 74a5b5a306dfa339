"""The store: ``Store``, one database URL used with one configuration, and the module-level
answers that read the store where there is one and compute otherwise.

Opening a ``Store`` migrates its database to the newest schema (once per URL and engine in a
process). Its parts live beside it, each a class it is built from: the write path
(``write.Writer``: ``precompute``), the checks (``verify.Checks``: ``verify``, ``counts``, the
repair of rows failing their checksum), the read path (``read.Reader``: ``get_day``,
``get_range``, ``get_judgements``, ``best``) and the answer tags (``tags.Tags``). A store that is
absent or unreachable is no error for a reader: ``get_day`` and the others then compute.
"""
from __future__ import annotations

import datetime as dt
import os
import socket

from sqlalchemy.exc import OperationalError, SQLAlchemyError

from almanac import config as config_mod

from .db import down, get_engine, pool_size, resolve_url, sqlite_path
from .generation import resolved_url
from .migrations import SchemaTooNew, migrate
from .read import Reader, log_unavailable
from .tags import Tags

_migrated: set[str] = set()
_migrated_engines: dict = {}   # url → the engine whose database was migrated (a reopened file is not)


class Store(Reader, Tags):
    """The store at one database URL, used with one configuration."""

    def __init__(self, url: str | None = None, config=None, *, create: bool = True):
        self.config = config_mod.load(config)
        self.url = resolve_url(url, self.config)
        path = sqlite_path(self.url)
        #: False for a reader when the SQLite file does not exist yet (it then computes)
        self.exists = create or path is None or path.exists()
        self.engine = get_engine(self.url, pool_size(self.config), self.config) if self.exists else None
        if self.exists and (self.url not in _migrated or _migrated_engines.get(self.url) is not self.engine):
            migrate(self.engine)
            _migrated.add(self.url)
            _migrated_engines[self.url] = self.engine


def holder_name() -> str:
    """The name this process is recorded under (``host:pid``) as the holder of a job run it
    claims (``almanac.scheduler.ledger``)."""
    return f"{socket.gethostname()}:{os.getpid()}"


# ---------------------------------------------------------------------- module-level API
def open_store(config=None, url: str | None = None, *, create: bool = True) -> Store:
    return Store(url, config, create=create)


def unavailable(config=None) -> "str | None":
    """Why the store ``config`` names is taken as down in this process (a connection to it failed
    less than ``[store] retry_seconds`` ago), else None. No I/O."""
    return down(resolved_url(config, None))


def _reader(config):
    try:
        return Store(None, config, create=False)
    except (SQLAlchemyError, OperationalError, OSError, SchemaTooNew) as e:
        log_unavailable("store unavailable, computing instead", e)
        return _ComputeOnly(config)


class _ComputeOnly(Store):
    def __init__(self, config):  # noqa: D401 — a store with no database behind it
        self.config = config_mod.load(config)
        self.url, self.exists, self.engine = "", False, None


def get_day(date, tz: str | None = None, config=None) -> dict:
    """The ``almanac day --json`` dict, from the store when it is current, else computed."""
    return _reader(config).get_day(date, tz)


def get_range(start, end, tz: str | None = None, config=None) -> list[dict]:
    """The day dicts from ``start`` to ``end`` inclusive: stored where current, computed elsewhere."""
    return _reader(config).get_range(start, end, tz)


def get_judgements(date, task: str, tz: str | None = None, config=None) -> list[dict]:
    """``judge_day(date, tz, task, config)``'s answer, from the store when it is current."""
    return _reader(config).get_judgements(date, task, tz)


def get_judgements_range(task: str, start, end, tz: str | None = None, config=None
                         ) -> dict[dt.date, list[dict]]:
    return _reader(config).get_judgements_range(task, start, end, tz)


def best(task: str, start, end, tz: str | None = None, limit: int = 10, config=None,
         lang: str | None = None) -> dict:
    """``almanac.api.best``'s answer: from the store's score rows when the range is stored
    current for the task, else computed."""
    return _reader(config).best(task, start, end, tz, limit, lang)


def day_tag(date, tz: str | None = None, config=None) -> str | None:
    """See ``Store.day_tag``."""
    return _reader(config).day_tag(date, tz)


def best_tag(task: str, start, end, tz: str | None = None, config=None) -> str | None:
    """See ``Store.best_tag``."""
    return _reader(config).best_tag(task, start, end, tz)


def day_tags(start, end, tz: str | None = None, config=None) -> dict[dt.date, str]:
    """See ``Store.day_tags``."""
    return _reader(config).day_tags(start, end, tz)


def task_tags(task: str, start, end, tz: str | None = None, config=None) -> dict[dt.date, str]:
    """See ``Store.task_tags``."""
    return _reader(config).task_tags(task, start, end, tz)
