"""A store of values by key bounded by their size in bytes, least recently used first out.

The judged and scored days of ``almanac.judgement.search`` and the HTTP service's kept report
pages (``exports.http.caching.KeptBodies``) are kept in one: a bound in entries alone let a process
grow by gigabytes through requests for ever new dates and zones.

>>> c = SizedCache(100)
>>> c.put("a", 1, 60), c.put("b", 2, 60), c.get("a"), c.get("b")
(1, 2, None, 2)
>>> c.stats()
{'entries': 1, 'bytes': 60, 'max_bytes': 100, 'evicted': 1}
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

#: the bound of a store made without one (64 MiB; ``[cache] judgement_bytes`` by default)
DEFAULT_MAX_BYTES = 64 * 1024 * 1024


class SizedCache:
    """Values by key, bounded by their estimated size in bytes: the least recently used go first
    once the total passes ``max_bytes``. Thread-safe (the service judges in several threads)."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES):
        self.max_bytes = int(max_bytes)
        self._items: "OrderedDict[Any, tuple[Any, int]]" = OrderedDict()
        self.bytes = 0
        self.evicted = 0
        self._lock = threading.Lock()

    def get(self, key, default=None):
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return default
            self._items.move_to_end(key)
            return item[0]

    def put(self, key, value, size: int, max_bytes: "int | None" = None):
        """Keep ``value`` as ``size`` bytes (unless it is larger than the whole bound) and drop
        the least recently used beyond ``max_bytes`` (default: the bound it has); returns it."""
        with self._lock:
            if max_bytes is not None:
                self.max_bytes = int(max_bytes)
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if size <= self.max_bytes:
                self._items[key] = (value, size)
                self.bytes += size
            while self.bytes > self.max_bytes and self._items:
                _, (_, gone) = self._items.popitem(last=False)
                self.bytes -= gone
                self.evicted += 1
        return value

    def drop(self, keep=lambda key: False) -> None:
        """Forget every entry whose key ``keep`` does not accept."""
        with self._lock:
            for key in [k for k in self._items if not keep(k)]:
                self.bytes -= self._items.pop(key)[1]

    def keys(self, match=lambda key: True) -> list:
        with self._lock:
            return [k for k in self._items if match(k)]

    def stats(self) -> dict:
        with self._lock:
            return {"entries": len(self._items), "bytes": self.bytes, "max_bytes": self.max_bytes,
                    "evicted": self.evicted}
