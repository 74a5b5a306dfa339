"""The worker processes of the server: one process-wide pool per size, shared by every app,
started with the ``spawn`` method at a lower CPU priority (``NICE``), each process warmed before
its first job (``job.start``); its state (``starting``, ``ready``, ``failed``, ``stopped``), its
processes' ids, and their end — a pool whose worker died dropped, every pool terminated at the
server's shutdown.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from almanac.exports.http import job

#: how much lower the workers' CPU priority is than the server's: on a busy machine the cores go
#: to answering cheap requests first, and expensive work takes what is left
NICE = 10


def default_slots(configured: int) -> int:
    """``[http] expensive_slots``; 0 means one fewer than the cores (at least 1)."""
    if configured > 0:
        return configured
    return max(1, cores() - 1)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _niced() -> int | None:
    """The workers' CPU priority: ``NICE`` below the server's (None where there is none)."""
    try:
        return min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICE)
    except (AttributeError, OSError):
        return None


_pools: dict[int, ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def pool_of(size: int) -> ProcessPoolExecutor:
    """The process-wide pool of ``size`` workers (one per size, shared by every app), its
    processes started at once; ``ex.ready`` is set when one of them has warmed (or failed to
    start: the job submitted then says so)."""
    with _pools_lock:
        ex = _pools.get(size)
        if ex is None:
            nice = _niced()
            ex = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=job.start, initargs=(os.getpid(), nice))
            ex.ready = threading.Event()
            ex.warm = []
            _pools[size] = ex
            # one job per process: each submission with no idle worker starts one more process
            for _ in range(size):
                try:
                    fut = ex.submit(job.ready)
                except BrokenProcessPool:
                    ex.ready.set()
                    break
                ex.warm.append(fut)
                fut.add_done_callback(lambda _, ex=ex: ex.ready.set())
            # at the lower priority from the start, not only once the initializer runs: a
            # process's start (the interpreter, the imports) is most of its warm-up, and it must
            # not slow the server's own start or its cheap requests
            for proc in list((getattr(ex, "_processes", None) or {}).values()):
                job.lower_priority(proc.pid, nice)
        return ex


def start_workers(size: int) -> None:
    """Start the pool of ``size`` workers now (they warm in their own processes)."""
    pool_of(size)


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


def discard(size: int, ex: ProcessPoolExecutor) -> None:
    """Drop the pool ``ex`` of ``size`` workers (one of them died) and stop its processes."""
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

