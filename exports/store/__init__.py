"""The precomputed store: days, hours and per-task scores in SQLite or PostgreSQL.

>>> from almanac.exports import store
>>> store.get_day("2026-11-29", "Asia/Shanghai")["date"]   # doctest: +SKIP
'2026-11-29'

See ``docs/store.md``. ``get_day``/``get_range``/``get_judgements`` answer exactly what the
compute functions answer, reading the store where it covers the request with the current options
and computing otherwise.
"""
from .checksums import stats as integrity_stats
from .core import (Store, best, best_tag, day_tag, day_tags, get_day, get_judgements,
                   get_judgements_range, get_range, open_store, task_tags, unavailable)
from .db import data_dir, resolve_url
from .generation import current as generation
from .generation import current_blocks as generation_blocks
from .write import PrecomputeStats

__all__ = ["unavailable", "PrecomputeStats", "Store", "best", "best_tag", "day_tag", "day_tags", "task_tags", "data_dir", "generation", "generation_blocks", "integrity_stats", "get_day", "get_judgements",
           "get_judgements_range", "get_range", "open_store", "resolve_url"]
