"""What every part of a ``Store`` stands on: the configuration it is used with, the database
behind it (``engine``: None when there is none, and a reader computes), the dates of a range in
a zone and the options hashes its rows are stored under.

``core.Store`` opens the database; the write path (``write``), the checks (``verify``), the read
path (``read``) and the answer tags (``tags``) are its parts, each a class built on this one.
"""
from __future__ import annotations

import datetime as dt

from . import compute as C


class StoreBase:
    config: object          #: the ``almanac.config.Config`` the store is used with
    url: str
    exists: bool            #: False for a reader of an SQLite file not made yet
    engine: object | None   #: the SQLAlchemy engine, None when there is no database behind

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name if self.engine is not None else "none"

    def _dates(self, start: dt.date, end: dt.date, tz: str) -> list[dt.date]:
        """The dates of the range that have hours in ``tz`` on the configured clock: a date the
        zone skipped whole (Pacific/Apia 2011-12-30) is neither computed nor stored."""
        from almanac.calendar import range_dates
        return range_dates(start, end, tz, self.config["calendar"]["time_basis"])

    def _hashes(self) -> tuple[str, dict[str, str]]:
        tasks = C.task_names(self.config)
        return C.facts_hash(self.config), C.task_hashes(self.config, tasks)
