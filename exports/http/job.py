"""What a worker process does: its start (a lower CPU priority, Ctrl-C left to the server, an
exit of its own when the server is gone), its warm-up before the first job, and each job — run
under the environment it was asked under, with what the store's reads found wrong meanwhile
handed back to the server (``report_found``).
"""
from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import time
from concurrent.futures import Future

#: the environment a job is computed under (the worker's own is replaced by the server's)
ENV = ("ALMANAC_DATA_DIR", "ALMANAC_DB_URL", "ALMANAC_CONFIG")


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def lower_priority(pid: int, nice: int | None) -> None:
    """Process ``pid`` (0: this one) at the CPU priority ``nice`` (None: left as it is)."""
    if nice is not None:
        with contextlib.suppress(AttributeError, OSError):
            os.setpriority(os.PRIO_PROCESS, pid, nice)


def start(parent: int, nice: int | None = None) -> None:
    """Worker initializer: a lower priority than the server's, Ctrl-C is the server's to handle;
    exit when the server is gone; warm before the first job."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lower_priority(0, nice)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    try:
        warm_up()
    except Exception:  # noqa: BLE001 — a cold worker still computes; the job names the fault
        logging.getLogger("almanac.http").exception("worker warm-up failed; computing cold")


def warm_up() -> None:
    """Import what the jobs call and load what their first computation would: the judgement
    engine and its rules, the shipped tables (solar terms, lunar months, hours), the 課體
    catalog, the store's code and the page templates. No store is opened and nothing is
    written: a job's data folder and database are the request's (``run_job``)."""
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


def ready() -> int:
    """A job that answers once a worker has started and warmed (``start``): its pid."""
    return os.getpid()


def _store_found() -> dict:
    """What this process's store reads found wrong so far (rows failing their checksum)."""
    try:
        from almanac.exports.store import checksums
    except ImportError:  # no store installed
        return {}
    return checksums.stats()


def run_job(env: dict, fn, args: tuple, kwargs: dict):
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


def report_found(fut: Future) -> None:
    """In the server: a job's store findings counted as the server's own (``/healthz``)."""
    if fut.cancelled() or fut.exception() is not None:
        return
    found = fut.result()[1]
    if found:
        from almanac.exports.store import checksums
        checksums.merge(found)

