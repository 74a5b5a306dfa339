"""Identical requests sharing one computation (keyed by the request as its route normalised it —
path, canonical parameters, the config's digest): the first for a key computes, the others
arriving meanwhile (or up to ``SHARE_SECONDS`` after it finished) wait for its answer, or its
refusal, without computing again; ``computed`` and ``shared`` count both (``/healthz``).
"""
from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import Future

#: a shared computation's answer is handed to identical requests for this many seconds after it
#: finished: one whose thread started a moment late still finds it instead of computing again
SHARE_SECONDS = 2.0
#: at most this many finished shared answers are held for late requests
SHARE_KEPT = 64


class Shared:
    """The computations under way, and those just finished, by key."""

    def __init__(self):
        self._lock = threading.Lock()
        self._shared: dict = {}             # key → (Future, monotonic time it finished or None)
        self.computed = 0                   # shared computations started (each took a slot)
        self.shared = 0                     # requests answered by another request's computation

    def join(self, key) -> tuple[Future, bool]:
        """The computation under way (or just finished) for ``key`` and False, or a new one to
        compute and True."""
        now = time.monotonic()
        with self._lock:
            for k, (f, done) in list(self._shared.items()):   # finished answers kept briefly
                if done is not None and now - done > SHARE_SECONDS:
                    del self._shared[k]
            found = self._shared.get(key)
            if found is not None:
                self.shared += 1
                return found[0], False
            fut: Future = Future()
            self._shared[key] = (fut, None)
            self.computed += 1
            return fut, True

    def settle(self, key, fut: Future) -> None:
        """``fut``, the computation for ``key``, is over: its answer is kept briefly for late
        requests; a refusal or a failure is not."""
        with self._lock:
            if self._shared.get(key, (None,))[0] is not fut:
                return
            if fut.exception() is not None:   # a refusal or a failure is not handed on later
                del self._shared[key]
                return
            self._shared[key] = (fut, time.monotonic())
            finished = [k for k, (_, done) in self._shared.items() if done is not None]
            for k in finished[:max(0, len(finished) - SHARE_KEPT)]:
                del self._shared[k]

    def run(self, key, compute):
        """``compute()``, shared by identical requests: the first for ``key`` computes, the
        others wait for its answer (or its refusal)."""
        fut, first = self.join(key)
        if first:
            try:
                fut.set_result(compute())
            except BaseException as e:  # noqa: BLE001 — every waiter gets it
                fut.set_exception(e)
            finally:
                self.settle(key, fut)
        return fut.result()

    async def call(self, key, compute):
        """``await compute()``, shared by identical requests (see ``run``)."""
        fut, first = self.join(key)
        if first:
            try:
                fut.set_result(await compute())
            except BaseException as e:  # noqa: BLE001 — every waiter gets it
                fut.set_exception(e)
            finally:
                self.settle(key, fut)
        return await asyncio.wrap_future(fut)

    def computing(self) -> int:
        """How many shared computations are under way."""
        with self._lock:
            return sum(1 for _, done in self._shared.values() if done is None)
