"""Expensive answers computed in worker processes, so cheap requests never wait behind them.

Why: the serving process runs the event loop (which answers rendered feeds, 304s and dispatches
every request) and the threads of the synchronous handlers under one interpreter lock. A long
``/api/best``, an on-demand report page or a feed variant rendered in a thread of that process
holds the lock most of the time, and every cheap request — even one answered from memory —
waits for it (measured: 6 % of the cheap throughput, p99 ×15, with two such computations
running; see docs/http.md "Bounded load, measured").

How: ``Expensive`` is the ``Limiter`` of ``limits`` (a free slot, else a bounded wait in its
queue, else ``503`` + ``Retry-After``) whose work runs in a small ``ProcessPoolExecutor``:

- at most ``slots`` requests are admitted at once (``[http] expensive_slots``, ``0`` = one
  fewer than the cores, at least 1), computed on at most ``min(slots, cores - 1)`` processes (at
  least 1): a core is left to the serving process;
- the processes run at a lower CPU priority (``NICE``), so on a busy machine cheap requests get
  the cores first;
- they are started when the app starts (``lifespan``, in the background: start-up and cheap
  requests do not wait) with the ``spawn`` method (no copy of a threaded server's locks), and
  each warms itself before it takes a job (``job.warm_up``: the engine imported, the shipped tables
  and catalog loaded, the page templates compiled), so the first expensive requests cost what
  any other does instead of starting and warming a process (a report page's first computation in
  a new process took about five times a warm one's). An expensive request that arrives before
  a worker is ready waits for it, holding its slot, at most as long as ``expensive_wait`` (what
  it already waited in the queue counted), then answers ``503``; it never starts another
  worker. ``/healthz`` ``expensive.workers`` says ``starting`` or ``ready``;
- they ignore Ctrl-C (the server decides when they stop), and exit by themselves within a
  second when the serving process is gone (even after ``kill -9``);
- the server's shutdown (``lifespan``) terminates them; a worker that died answers ``503``
  once and a fresh pool is started (and warmed) at once;
- a job carries the ``ALMANAC_*`` environment it was asked under (data folder, database,
  config), so the worker reads and writes the same store as the server. The functions called
  are the ones the server would call in a thread: the answers are byte-identical;
- stored rows a job's reads found failing their checksum (logged by the worker) are added to the
  server's counts, so ``/healthz`` tells the whole truth.
- identical requests share one computation (``run_shared``, ``call_shared``: keyed by the
  request as the route normalised it — path, canonical parameters, the config's digest): the
  first takes a slot and computes, the others arriving meanwhile (or up to ``SHARE_SECONDS``
  after it finished) wait for its answer without a slot of their own; ``/healthz`` counts both
  (``expensive.computed``, ``expensive.shared``).

``[http] expensive_processes = false`` computes in threads of the serving process instead (an
embedding without subprocesses; tests that patch a function in-process).

This module is the limiter; the processes are ``pool``'s, what each does is ``job``'s, and the
sharing of one computation by identical requests is ``sharing``'s.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from almanac.exports.http.job import ENV, report_found, run_job
from almanac.exports.http.limits import KEEP_ALIVE, Limiter, retry_after
from almanac.exports.http.middleware import RETRY_AFTER
from almanac.exports.http.pool import (NICE, cores, default_slots, discard, pool_of, start_workers, stop_workers,
                                       worker_pids, workers_state)
from almanac.exports.http.sharing import SHARE_KEPT, SHARE_SECONDS, Shared

__all__ = ["Expensive", "WorkerLost", "Starting",
           # the pool's and the jobs' names, read from here too
           "NICE", "ENV", "SHARE_SECONDS", "SHARE_KEPT", "default_slots", "start_workers", "workers_state",
           "stop_workers", "worker_pids"]


class WorkerLost(HTTPException):
    """A worker process died under a computation (killed, out of memory): ``503``, try again."""

    def __init__(self):
        super().__init__(503, f"a worker process stopped during the computation; retry in {RETRY_AFTER} s",
                         headers={"Retry-After": str(RETRY_AFTER)})


class Starting(HTTPException):
    """No worker process was ready within the request's wait (the server has just started, or a
    worker was lost): ``503``, try again shortly."""

    def __init__(self, what: str, after: int, waited: float):
        super().__init__(503, f"the worker processes are still starting ({what}; waited {waited:.1f} s); "
                              f"retry in {after} s", headers={"Retry-After": str(after)})
        self.after = after


class Expensive(Limiter):
    """The expensive-request limiter whose work runs in worker processes.

    ``await expensive.call("what", fn, *args)`` from an async handler, ``expensive.run(...)``
    from a synchronous one (its thread waits without the interpreter lock). ``fn`` must be a
    module-level function and its arguments and result picklable."""

    def __init__(self, slots: int, processes: bool = True, queue: int = 0, wait: float = 0.0,
                 keep_alive: int = KEEP_ALIVE):
        super().__init__(default_slots(int(slots)), queue, wait, keep_alive)
        self.processes = bool(processes)
        # one core is left to the serving process (its event loop and cheap requests); admitted
        # requests beyond the processes wait for one (bounded by the slots)
        self.size = min(self.slots, max(1, cores() - 1))
        self._inflight: dict = {}
        self._inflight_lock = threading.Lock()
        self.sharing = Shared()             # identical requests' one computation (sharing.py)
        self._serving = False               # between the app's start and its shutdown

    def start(self) -> None:
        """Start the worker processes now (they warm in their own processes)."""
        if self.processes:
            start_workers(self.size)

    def _admit(self, what: str) -> float:
        """Take a slot (waiting in the queue) and then a worker ready to compute: a request that
        arrives while the workers start waits for them, at most what is left of ``wait``. Returns
        the monotonic time the computation may start."""
        arrived = time.monotonic()
        since = self.take(what)
        if not self.processes:
            return since
        ex = pool_of(self.size)
        if ex.ready.is_set():
            return since
        left = None if self.wait <= 0 else max(0.0, self.wait - (time.monotonic() - arrived))
        if ex.ready.wait(left):
            return time.monotonic()   # the average is of computations, not of a worker's start
        self.give()
        with self._cond:
            self.busy += 1
        raise Starting(what, retry_after(self.estimate() + 1, self.keep_alive), time.monotonic() - arrived)

    def _submit(self, what: str, fn, args: tuple, kwargs: dict, since: float | None = None) -> Future:
        if since is None:
            since = self._admit(what)
        try:
            fut = self._plain(fn, args, kwargs)
        except BaseException:
            self.give(since)
            raise
        # the slot is held until the computation is over, even if the request is abandoned
        fut.add_done_callback(lambda _: self.give(since))
        return fut

    def _lost(self, fut: Future) -> WorkerLost:
        return self._replace(fut.pool)

    def _replace(self, ex: ProcessPoolExecutor) -> WorkerLost:
        """A pool whose worker died: dropped, and while the app serves a fresh one started at
        once (warming while the client waits its ``Retry-After``)."""
        discard(self.size, ex)
        if self._serving:
            threading.Thread(target=self.start, daemon=True, name="workers-restart").start()
        return WorkerLost()

    async def call(self, what: str, fn, *args, **kwargs):
        # a wait in the queue (or for a worker starting) sleeps in a thread, never on the event loop
        since = await run_in_threadpool(self._admit, what)
        if not self.processes:
            try:
                return await run_in_threadpool(fn, *args, **kwargs)
            finally:
                self.give(since)
        fut = self._submit(what, fn, args, kwargs, since)
        try:
            return (await asyncio.wrap_future(fut))[0]
        except BrokenProcessPool:
            raise self._lost(fut) from None

    def run(self, what: str, fn, *args, **kwargs):
        if not self.processes:
            with self.slot(what):
                return fn(*args, **kwargs)
        fut = self._submit(what, fn, args, kwargs)
        try:
            return fut.result()[0]
        except BrokenProcessPool:
            raise self._lost(fut) from None

    async def compute(self, key, fn, *args):
        """Work every client needs (a default feed after midnight): it takes no slot and is never
        turned away; requests for the same ``key`` share one computation."""
        if not self.processes:
            return await run_in_threadpool(fn, *args)
        with self._inflight_lock:
            fut = self._inflight.get(key)
            new = fut is None
            if new:
                fut = self._inflight[key] = self._plain(fn, args)
        if new:   # not under the lock: a job done already runs the callback here, which takes it
            fut.add_done_callback(lambda _: self._drop_inflight(key, fut))
        try:
            return (await asyncio.wrap_future(fut))[0]
        except BrokenProcessPool:
            raise self._lost(fut) from None

    def elsewhere(self, fn, *args):
        """``fn(*args)`` in a worker process, no slot taken, waiting for it (warm-up's feeds)."""
        if not self.processes:
            return fn(*args)
        fut = self._plain(fn, args)
        try:
            return fut.result()[0]
        except BrokenProcessPool:
            raise self._lost(fut) from None

    def _plain(self, fn, args: tuple, kwargs: dict | None = None) -> Future:
        ex = pool_of(self.size)
        try:
            fut = ex.submit(run_job, {k: os.environ.get(k) for k in ENV}, fn, args, kwargs or {})
        except BrokenProcessPool:
            raise self._replace(ex) from None
        fut.pool = ex
        fut.add_done_callback(report_found)  # once per job, however many requests await it
        return fut

    def _drop_inflight(self, key, fut: Future) -> None:
        with self._inflight_lock:
            if self._inflight.get(key) is fut:
                del self._inflight[key]

    # ------------------------------------------------------------------ identical requests
    def run_shared(self, key, what: str, fn, *args, **kwargs):
        """``run``, shared by identical requests: the first for ``key`` computes (taking a slot,
        waiting in the queue), the others wait for its answer (or its refusal)."""
        return self.sharing.run(key, lambda: self.run(what, fn, *args, **kwargs))

    async def call_shared(self, key, what: str, fn, *args, **kwargs):
        """``call``, shared by identical requests (see ``run_shared``)."""
        return await self.sharing.call(key, lambda: self.call(what, fn, *args, **kwargs))

    @property
    def computed(self) -> int:
        """Shared computations started (each took a slot)."""
        return self.sharing.computed

    @property
    def shared(self) -> int:
        """Requests answered by another request's computation."""
        return self.sharing.shared

    def stats(self) -> dict:
        computing = self.sharing.computing()
        return {"slots": self.slots, "running": self.running, "turned_away": self.busy,
                "queue": self.queue, "wait": self.wait, "waiting": self.waiting(),
                "queued": self.queued, "longest_wait": round(self.waited_max, 3),
                "computed": self.computed, "shared": self.shared, "sharing_now": computing,
                "processes": len(worker_pids()) if self.processes else 0,
                "workers": workers_state(self.size) if self.processes else "threads"}

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        """The app's lifespan: the threads that run synchronous routes are enough for the
        requests waiting in the queue (a sleeping thread each) besides the service's own
        (``store.db.SERVICE_THREADS``); the worker processes are started (in the background: the
        app answers at once) and at shutdown terminated."""
        import anyio.to_thread
        try:
            from almanac.exports.store.db import SERVICE_THREADS
        except ImportError:   # no store installed: Starlette's default
            SERVICE_THREADS = 40
        threads = anyio.to_thread.current_default_thread_limiter()
        threads.total_tokens = max(threads.total_tokens, SERVICE_THREADS + self.queue + self.slots)
        if self.processes:
            self._serving = True
            threading.Thread(target=self.start, daemon=True, name="workers-start").start()
        try:
            yield
        finally:
            self._serving = False
            if self.processes:
                await run_in_threadpool(stop_workers)
