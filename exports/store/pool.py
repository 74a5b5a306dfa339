"""The compute side of a precompute: its chunks of days computed in date order, in a pool of
worker processes when the range is long.

Each worker takes the days of some places in the sixty-day cycle (``by_day_cycle``: a chart
belongs to one day pillar, so no chart is cast in two workers), cut into runs of consecutive
days (``runs``), and puts each chunk on a queue as soon as it is computed; the parent hands the
chunks to the writer in date order, as one process would, so the rows come out the same
whatever the workers' pace. Workers are forked from the main thread (cheap: nothing to
re-import) and spawned from any other (the scheduler's worker thread); they die with the parent.
"""
from __future__ import annotations

import datetime as dt
import os
import signal
import sys
from collections.abc import Callable, Iterator

from almanac import config as config_mod

from . import compute as C
from .packing import Computed, prepare_day


def computed_chunks(config, chunks: list[list[dt.date]], tz: str, fh: str, th: dict[str, str],
                    have: dict, compute: Callable[..., Computed]) -> Iterator[list[Computed]]:
    """Compute each chunk of days, in date order; in worker processes for long ranges (else
    here, each day by ``compute(date, tz, fh, th, have.get(date))``)."""
    workers = int(config["store"]["workers"])
    if workers <= 0:
        workers = min(os.cpu_count() or 1, 4)
    days = sum(len(c) for c in chunks)
    if workers < 2 or days < 4 * int(config["store"]["batch_days"]):
        for chunk in chunks:
            yield [compute(d, tz, fh, th, have.get(d)) for d in chunk]
        return
    import multiprocessing as mp
    import threading
    from concurrent.futures import ProcessPoolExecutor
    # fork is cheap (nothing to re-import) but unsafe from a thread of a threaded process
    # such as the scheduler's worker; there a fresh interpreter per worker is used instead
    method = "fork" if threading.current_thread() is threading.main_thread() else "spawn"
    if method == "fork":
        # fill the caches every worker needs (rule catalog, profiles, term tables) once,
        # here, so the forked workers inherit them instead of each paying ~0.1 s first
        first = chunks[0][0]
        C.judge_day_tasks(first, tz, list(th), config)
    size = max(len(c) for c in chunks)
    groups = [g for g in by_day_cycle([d for c in chunks for d in c], workers) if g]
    ctx = mp.get_context(method)
    results, stop = ctx.Queue(), ctx.Event()
    with ProcessPoolExecutor(max_workers=len(groups), mp_context=ctx,
                             initializer=_worker_init, initargs=(results, stop)) as pool:
        parts = [runs(g, size) for g in groups]
        futures = [pool.submit(_compute_stream, (
            config.data, config.source, p, tz, fh, th, {d: have.get(d) for d in g}))
            for p, g in zip(parts, groups)]
        # written in date order, as one process writes them: the rows' ids and the parts'
        # order come out the same whatever the workers' pace
        done: dict[dt.date, list] = {}
        try:
            for first in sorted(c[0] for p in parts for c in p):
                while first not in done:
                    batch = _next_result(results, futures)
                    done[batch[0].date] = batch
                yield done.pop(first)
        finally:
            stop.set()  # a failed write: the workers stop after the chunk they are on


def by_day_cycle(dates: list[dt.date], n: int) -> list[list[dt.date]]:
    """``dates`` split into ``n`` groups by the day's place in the sixty-day cycle, each group a
    run of the cycle (the cut turned so the groups are as even as the range allows). A chart
    belongs to one day pillar, so each worker casts the charts of its own pillars only and
    keeps them, where interleaved chunks made every worker cast most charts of the range."""
    from almanac.calendar import day_pillar
    place = [day_pillar(d).index for d in dates]
    best = None
    for turn in range(0, 60, max(1, 60 // (n * 10))):
        sizes = [0] * n
        for p in place:
            sizes[(p - turn) % 60 * n // 60] += 1
        if best is None or max(sizes) < best[0]:
            best = (max(sizes), turn)
    turn = best[1]
    groups: list[list[dt.date]] = [[] for _ in range(n)]
    for d, p in zip(dates, place):
        groups[(p - turn) % 60 * n // 60].append(d)
    return groups


def runs(dates: list[dt.date], size: int) -> list[list[dt.date]]:
    """``dates`` (in order) cut into runs of consecutive days of at most ``size`` days."""
    out: list[list[dt.date]] = []
    for d in dates:
        if out and len(out[-1]) < size and (d - out[-1][-1]).days == 1:
            out[-1].append(d)
        else:
            out.append([d])
    return out


#: in a compute worker: where computed chunks go, and the parent's word to stop early
_results = _stop = None


def _worker_init(results=None, stop=None) -> None:
    global _results, _stop
    _results, _stop = results, stop
    if results is not None:
        # the parent reads every chunk before it finishes; after a failure it stops reading,
        # and an exiting worker must not wait for it to
        results.cancel_join_thread()
    # die with the parent: a `kill -9` of `almanac precompute` must not leave workers behind
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            if os.getppid() == 1:  # the parent died before prctl took effect
                os._exit(1)
        except (OSError, AttributeError):
            pass
    # a forked worker must not reuse the parent's pooled database connections
    from .db import forget_inherited
    forget_inherited()
    # a worker only allocates short-lived values: the heap it started with (modules, catalog,
    # caches) is never garbage, so keep the collector off it and let it run less often
    import gc
    gc.freeze()
    gc.set_threshold(20000, 20, 20)


def _compute_stream(job) -> int:
    """In a worker: compute each chunk of its days in turn and put it on the results queue as
    soon as it is done (the parent writes while the next one is computed)."""
    data, source, chunks, tz, fh, th, have = job
    config = config_mod.Config(data, source=source)
    for n, dates in enumerate(chunks):
        if _stop.is_set():
            return n
        _results.put([prepare_day(config, d, tz, fh, th, have.get(d)) for d in dates])
    return len(chunks)


def _next_result(results, futures):
    """The next computed chunk from any worker; a worker's error (or its death) is raised."""
    import queue
    while True:
        try:
            return results.get(timeout=0.2)
        except queue.Empty:
            for f in futures:
                if f.done() and f.exception() is not None:
                    raise f.exception()
            if all(f.done() for f in futures):
                # every worker is done: what they put is on its way, or is missing
                try:
                    return results.get(timeout=10)
                except queue.Empty:
                    raise RuntimeError("the compute workers finished without every chunk") from None
