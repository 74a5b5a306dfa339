"""Bounded cost per request: a cap on how many expensive requests run at once.

An expensive request (a long ``/api/best``, a report page written on demand, a feed variant not
yet rendered) takes a slot for as long as it computes. When every slot is taken the request is
not queued — it answers ``503`` with ``Retry-After`` at once, so a burst of expensive requests
costs at most ``slots`` computations' memory and CPU, and cheap requests (health, rendered feeds,
one day) keep their threads and their speed.
"""
from __future__ import annotations

import contextlib
import threading

from starlette.exceptions import HTTPException

from almanac.exports.http.middleware import RETRY_AFTER


class Busy(HTTPException):
    """Every expensive slot is taken: ``503`` with ``Retry-After``."""

    def __init__(self, what: str):
        super().__init__(503, f"too many expensive requests at once ({what}); retry in {RETRY_AFTER} s",
                         headers={"Retry-After": str(RETRY_AFTER)})


class Limiter:
    """``with limiter.slot("what"): ...`` runs the body in a free slot or raises ``Busy``."""

    def __init__(self, slots: int):
        self.slots = max(1, int(slots))
        self._sem = threading.BoundedSemaphore(self.slots)
        self._lock = threading.Lock()
        self.busy = 0        # requests turned away so far
        self.running = 0     # slots in use now

    def take(self, what: str) -> None:
        """Take a free slot or raise ``Busy``; ``give`` it back when the work is over."""
        if not self._sem.acquire(blocking=False):
            with self._lock:
                self.busy += 1
            raise Busy(what)
        with self._lock:
            self.running += 1

    def give(self) -> None:
        with self._lock:
            self.running -= 1
        self._sem.release()

    @contextlib.contextmanager
    def slot(self, what: str):
        self.take(what)
        try:
            yield
        finally:
            self.give()
