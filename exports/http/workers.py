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
  each warms itself before it takes a job (``_warm_up``: the engine imported, the shipped tables
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
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from almanac.exports.http.limits import KEEP_ALIVE, Limiter, retry_after
from almanac.exports.http.middleware import RETRY_AFTER

#: how much lower the workers' CPU priority is than the server's: on a busy machine the cores go
#: to answering cheap requests first, and expensive work takes what is left
NICE = 10
#: the environment a job is computed under (the worker's own is replaced by the server's)
ENV = ("ALMANAC_DATA_DIR", "ALMANAC_DB_URL", "ALMANAC_CONFIG")
#: a shared computation's answer is handed to identical requests for this many seconds after it
#: finished: one whose thread started a moment late still finds it instead of computing again
SHARE_SECONDS = 2.0
#: at most this many finished shared answers are held for late requests
SHARE_KEPT = 64


def default_slots(configured: int) -> int:
    """``[http] expensive_slots``; 0 means one fewer than the cores (at least 1)."""
    if configured > 0:
        return configured
    return max(1, _cores() - 1)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


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


# ---------------------------------------------------------------------- in the worker process
def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def _niced() -> int | None:
    """The workers' CPU priority: ``NICE`` below the server's (None where there is none)."""
    try:
        return min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICE)
    except (AttributeError, OSError):
        return None


def _lower(pid: int, nice: int | None) -> None:
    if nice is not None:
        with contextlib.suppress(AttributeError, OSError):
            os.setpriority(os.PRIO_PROCESS, pid, nice)


def _start(parent: int, nice: int | None = None) -> None:
    """Worker initializer: a lower priority than the server's, Ctrl-C is the server's to handle;
    exit when the server is gone; warm before the first job."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _lower(0, nice)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    try:
        _warm_up()
    except Exception:  # noqa: BLE001 — a cold worker still computes; the job names the fault
        logging.getLogger("almanac.http").exception("worker warm-up failed; computing cold")


def _warm_up() -> None:
    """Import what the jobs call and load what their first computation would: the judgement
    engine and its rules, the shipped tables (solar terms, lunar months, hours), the 課體
    catalog, the store's code and the page templates. No store is opened and nothing is
    written: a job's data folder and database are the request's (``_job``)."""
    from datetime import date, datetime, time as clock

    from almanac import api, config as config_mod
    from almanac.exports import reports, source
    from almanac.exports.http import routes  # noqa: F401 — the jobs' functions and their imports
    source._backend()                        # the store's code (SQLAlchemy and the models)
    cfg = config_mod.load(None)
    tz = cfg["calendar"]["default_tz"]
    today = date.today()
    task = source.task_names(cfg)[0]
    api.judge_day(today, tz=tz, task=task, config=cfg)
    api.chart(datetime.combine(today, clock(12)).isoformat(), tz=tz, config=cfg, lang="zh-Hant", task=task)
    reports.compile_templates()


def _ready() -> int:
    """A job that answers once a worker has started and warmed (``_start``): its pid."""
    return os.getpid()


def _store_found() -> dict:
    """What this process's store reads found wrong so far (rows failing their checksum)."""
    try:
        from almanac.exports.store import checksums
    except ImportError:  # no store installed
        return {}
    return checksums.stats()


def _job(env: dict, fn, args: tuple, kwargs: dict):
    """``(fn(*args, **kwargs), what the store reads found wrong meanwhile)``."""
    for k in ENV:
        if env.get(k) is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = env[k]
    before = _store_found()
    out = fn(*args, **kwargs)
    after = _store_found()
    return out, {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}


def _report_found(fut: Future) -> None:
    """In the server: a job's store findings counted as the server's own (``/healthz``)."""
    if fut.cancelled() or fut.exception() is not None:
        return
    found = fut.result()[1]
    if found:
        from almanac.exports.store import checksums
        checksums.merge(found)


# ---------------------------------------------------------------------- in the server process
_pools: dict[int, ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(size: int) -> ProcessPoolExecutor:
    """The process-wide pool of ``size`` workers (one per size, shared by every app), its
    processes started at once; ``ex.ready`` is set when one of them has warmed (or failed to
    start: the job submitted then says so)."""
    with _pools_lock:
        ex = _pools.get(size)
        if ex is None:
            nice = _niced()
            ex = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=_start, initargs=(os.getpid(), nice))
            ex.ready = threading.Event()
            ex.warm = []
            _pools[size] = ex
            # one job per process: each submission with no idle worker starts one more process
            for _ in range(size):
                try:
                    fut = ex.submit(_ready)
                except BrokenProcessPool:
                    ex.ready.set()
                    break
                ex.warm.append(fut)
                fut.add_done_callback(lambda _, ex=ex: ex.ready.set())
            # at the lower priority from the start, not only once the initializer runs: a
            # process's start (the interpreter, the imports) is most of its warm-up, and it must
            # not slow the server's own start or its cheap requests
            for proc in list((getattr(ex, "_processes", None) or {}).values()):
                _lower(proc.pid, nice)
        return ex


def start_workers(size: int) -> None:
    """Start the pool of ``size`` workers now (they warm in their own processes)."""
    _pool(size)


def workers_state(size: int) -> str:
    """``ready`` (a worker has warmed), ``starting``, ``failed`` (the processes could not start,
    or one died: the next expensive request answers 503 and starts them again) or ``stopped``
    (none started yet, or the server is shutting down)."""
    with _pools_lock:
        ex = _pools.get(size)
    if ex is None:
        return "stopped"
    if not ex.ready.is_set():
        return "starting"
    ok = any(f.done() and not f.cancelled() and f.exception() is None for f in ex.warm)
    return "ready" if ok and not getattr(ex, "_broken", False) else "failed"


def _discard(size: int, ex: ProcessPoolExecutor) -> None:
    with _pools_lock:
        if _pools.get(size) is ex:
            del _pools[size]
    _stop(ex)


def _stop(ex: ProcessPoolExecutor) -> None:
    procs = list((getattr(ex, "_processes", None) or {}).values())
    ex.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(5)
        if p.is_alive():
            p.kill()
            p.join(5)


def stop_workers() -> None:
    """Terminate every worker process of this server (its shutdown)."""
    with _pools_lock:
        pools = list(_pools.values())
        _pools.clear()
    for ex in pools:
        _stop(ex)


def worker_pids() -> list[int]:
    with _pools_lock:
        pools = list(_pools.values())
    return sorted(p.pid for ex in pools for p in (getattr(ex, "_processes", None) or {}).values()
                  if p.pid is not None and p.is_alive())


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
        self.size = min(self.slots, max(1, _cores() - 1))
        self._inflight: dict = {}
        self._inflight_lock = threading.Lock()
        self._shared: dict = {}             # key → (Future, monotonic time it finished or None)
        self.computed = 0                   # shared computations started (each took a slot)
        self.shared = 0                     # requests answered by another request's computation
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
        ex = _pool(self.size)
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
        _discard(self.size, ex)
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
        ex = _pool(self.size)
        try:
            fut = ex.submit(_job, {k: os.environ.get(k) for k in ENV}, fn, args, kwargs or {})
        except BrokenProcessPool:
            raise self._replace(ex) from None
        fut.pool = ex
        fut.add_done_callback(_report_found)  # once per job, however many requests await it
        return fut

    def _drop_inflight(self, key, fut: Future) -> None:
        with self._inflight_lock:
            if self._inflight.get(key) is fut:
                del self._inflight[key]

    # ------------------------------------------------------------------ identical requests
    def _join(self, key) -> tuple[Future, bool]:
        """The computation under way (or just finished) for ``key`` and False, or a new one to
        compute and True."""
        now = time.monotonic()
        with self._inflight_lock:
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

    def _settle(self, key, fut: Future) -> None:
        with self._inflight_lock:
            if self._shared.get(key, (None,))[0] is not fut:
                return
            if fut.exception() is not None:   # a refusal or a failure is not handed on later
                del self._shared[key]
                return
            self._shared[key] = (fut, time.monotonic())
            finished = [k for k, (_, done) in self._shared.items() if done is not None]
            for k in finished[:max(0, len(finished) - SHARE_KEPT)]:
                del self._shared[k]

    def run_shared(self, key, what: str, fn, *args, **kwargs):
        """``run``, shared by identical requests: the first for ``key`` computes (taking a slot,
        waiting in the queue), the others wait for its answer (or its refusal)."""
        fut, first = self._join(key)
        if first:
            try:
                fut.set_result(self.run(what, fn, *args, **kwargs))
            except BaseException as e:  # noqa: BLE001 — every waiter gets it
                fut.set_exception(e)
            finally:
                self._settle(key, fut)
        return fut.result()

    async def call_shared(self, key, what: str, fn, *args, **kwargs):
        """``call``, shared by identical requests (see ``run_shared``)."""
        fut, first = self._join(key)
        if first:
            try:
                fut.set_result(await self.call(what, fn, *args, **kwargs))
            except BaseException as e:  # noqa: BLE001 — every waiter gets it
                fut.set_exception(e)
            finally:
                self._settle(key, fut)
        return await asyncio.wrap_future(fut)

    def stats(self) -> dict:
        with self._inflight_lock:
            computing = sum(1 for _, done in self._shared.values() if done is None)
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
