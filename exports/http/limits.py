"""Bounded cost per request: a cap on how many expensive requests run at once, and a bounded
queue in front of it.

An expensive request (a long ``/api/best``, a report page written on demand, a feed variant not
yet rendered) takes a slot for as long as it computes. When every slot is taken the request
waits its turn (first come, first served) in a queue of at most ``queue`` requests for at most
``wait`` seconds (``[http] expensive_queue``, ``expensive_wait``); only a request that finds the
queue full, or whose wait runs out, answers ``503`` with ``Retry-After``. So a reader who opens
four pages at once gets four pages (one after the other) instead of one page and three
refusals, and a burst still costs at most ``slots`` computations' memory and CPU: the waiting
requests hold a sleeping thread each, nothing else.

``Retry-After`` says when a slot is likely free: the requests ahead in the queue (and the one
asking) times the average time of a computation, divided among the slots (at least 1 s). It is
never the server's keep-alive timeout (``uvicorn``'s 5 s by default): a client that reuses its
connection exactly when the server closes it for idleness fails, and ``Retry-After: 5`` made
that happen 2 times in 3.

>>> lim = Limiter(1, queue=0)
>>> since = lim.take("x"); lim.running
1
>>> try:
...     lim.take("y")
... except Busy as e:
...     e.status_code, e.headers["Retry-After"] != "5"
(503, True)
>>> lim.give(since); lim.running, lim.busy
(0, 1)
"""
from __future__ import annotations

import collections
import contextlib
import math
import threading
import time

from starlette.exceptions import HTTPException

#: the keep-alive timeout of the server (uvicorn's ``timeout_keep_alive``, whose default the
#: service keeps): a ``Retry-After`` is never this value
KEEP_ALIVE = 5
#: the longest ``Retry-After`` told (a queue of slow computations is still worth a retry)
MAX_RETRY_AFTER = 120
#: the computation time assumed before the first one was measured
FIRST_GUESS = 1.0


def retry_after(seconds: float, keep_alive: int = KEEP_ALIVE) -> int:
    """Whole seconds to tell a client to wait: at least 1, at most ``MAX_RETRY_AFTER``, and not
    the keep-alive timeout (one more than it instead).

    >>> [retry_after(s) for s in (0, 0.2, 2.5, 4.4, 5, 5.2, 300)]
    [1, 1, 3, 6, 6, 6, 120]
    """
    n = min(MAX_RETRY_AFTER, max(1, math.ceil(seconds)))
    return keep_alive + 1 if n == keep_alive else n


class Busy(HTTPException):
    """Every expensive slot is taken and the queue is full, or the wait ran out: ``503`` with a
    ``Retry-After`` from the queue."""

    def __init__(self, what: str, after: int, waited: float = 0.0):
        why = f"waited {waited:.1f} s in the queue" if waited > 0 else "the queue is full"
        super().__init__(503, f"too many expensive requests at once ({what}; {why}); retry in {after} s",
                         headers={"Retry-After": str(after)})
        self.after = after


class Limiter:
    """``with limiter.slot("what"): ...`` runs the body in a slot — at once when one is free,
    else after waiting in the queue — or raises ``Busy``."""

    def __init__(self, slots: int, queue: int = 0, wait: float = 0.0, keep_alive: int = KEEP_ALIVE):
        self.slots = max(1, int(slots))
        self.queue = max(0, int(queue))
        self.wait = max(0.0, float(wait))
        self.keep_alive = int(keep_alive)
        self._cond = threading.Condition()
        self._line: collections.deque = collections.deque()   # tickets of the waiting requests
        self._mean = FIRST_GUESS             # moving average of a computation's seconds
        self.busy = 0        # requests turned away so far
        self.running = 0     # slots in use now
        self.queued = 0      # requests that waited in the queue so far (and then ran or not)
        self.waited_max = 0.0

    # ------------------------------------------------------------------ the estimate
    def _after(self, ahead: int) -> int:
        """``Retry-After`` for a request with ``ahead`` requests queued before it (lock held)."""
        return retry_after(self._mean * (ahead + 1) / self.slots, self.keep_alive)

    def estimate(self) -> int:
        """``Retry-After`` for a request turned away now."""
        with self._cond:
            return self._after(len(self._line))

    def _done(self, seconds: float) -> None:
        with self._cond:
            self._mean = 0.8 * self._mean + 0.2 * max(0.0, seconds)

    # ------------------------------------------------------------------ slots
    def take(self, what: str) -> float:
        """Take a slot (waiting in the queue for one when none is free) or raise ``Busy``;
        ``give`` it back when the work is over. Returns the monotonic time the slot was taken."""
        with self._cond:
            if self.running < self.slots and not self._line:
                self.running += 1
                return time.monotonic()
            if len(self._line) >= self.queue or self.wait <= 0:
                self.busy += 1
                raise Busy(what, self._after(len(self._line)))
            ticket = object()
            self._line.append(ticket)
            self.queued += 1
            t0 = time.monotonic()
            deadline = t0 + self.wait
            try:
                while not (self.running < self.slots and self._line[0] is ticket):
                    left = deadline - time.monotonic()
                    if left <= 0:
                        self.busy += 1
                        ahead = self._line.index(ticket)
                        raise Busy(what, self._after(ahead), time.monotonic() - t0)
                    self._cond.wait(left)
            finally:
                self._line.remove(ticket)
                self._cond.notify_all()      # the next in line may be first now
            self.running += 1
            now = time.monotonic()
            self.waited_max = max(self.waited_max, now - t0)
            return now

    def give(self, since: float | None = None) -> None:
        """Give a slot back; ``since`` (``take``'s answer) feeds the average computation time."""
        if since is not None:
            self._done(time.monotonic() - since)
        with self._cond:
            self.running -= 1
            self._cond.notify_all()

    def waiting(self) -> int:
        with self._cond:
            return len(self._line)

    @contextlib.contextmanager
    def slot(self, what: str):
        since = self.take(what)
        try:
            yield
        finally:
            self.give(since)
