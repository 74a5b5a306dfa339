"""The service's app: ``create_app`` assembles it — its configuration, the feed cache, the
expensive-request limiter and its worker processes, the store's kept answers, the middleware and
the routes — and ``warm`` fills what it will serve before the first request (the store's days
around today, every task's default feed).
"""
from __future__ import annotations

import logging
import time
from datetime import date, timedelta

from fastapi import Depends, FastAPI

from almanac import config as config_mod
from almanac.exports import feeds, source
from almanac.exports.http import middleware, routes
from almanac.exports.http.answers import StoredAnswers
from almanac.exports.http.caching import FeedCache
from almanac.exports.http.workers import Expensive

log = logging.getLogger("almanac.http")


def create_app(config=None) -> FastAPI:
    cfg = config_mod.load(config)
    # expensive answers are computed in worker processes, stopped with the app (workers.py)
    h = cfg["http"]
    limiter = Expensive(int(h["expensive_slots"]), bool(h["expensive_processes"]),
                        queue=int(h.get("expensive_queue", 0)), wait=float(h.get("expensive_wait", 0)))
    app = FastAPI(title="壬禽 almanac", version="1",
                  description="演禽 and 大六壬 timing judgements: iCalendar feeds, JSON API and reports.",
                  docs_url="/docs", redoc_url=None, lifespan=limiter.lifespan,
                  dependencies=[Depends(routes.no_empty_values)])
    app.state.config = cfg
    app.state.feed_cache = cache = FeedCache(cfg, int(cfg["http"]["max_age"]))
    app.state.limiter = limiter
    # /api/day and /api/best answers the store holds current, checked by its generation
    app.state.stored_answers = stored = StoredAnswers(
        lambda: source.store_generation(cfg), lambda: source.store_generation_blocks(cfg),
        reuse_seconds=float(cfg["http"].get("store_check_seconds", 0)))
    middleware.install(app, cache, stored, int(h["max_url_bytes"]), int(h.get("max_headers", 100)))
    from almanac.exports.http.compress import Compress
    app.add_middleware(Compress)    # outermost: every text answer gzipped when the client takes it
    routes.install(app, cfg, cache, limiter, stored)
    return app


def warm(app, today: date | None = None) -> None:
    """Precompute what the store lacks for ``[http] warm_past_days``..``warm_future_days``, then
    render every task's default feed into the app's memory (served by the fast path)."""
    cfg = app.state.config
    tz = cfg["calendar"]["default_tz"]
    today = today or feeds.today_in(tz)
    h = cfg["http"]
    t0 = time.monotonic()
    store = source._backend()
    if store is not None:
        st = store.open_store(cfg)
        st.precompute(today - timedelta(days=int(h["warm_past_days"])),
                      today + timedelta(days=int(h["warm_future_days"])), tz)
    for task in source.task_names(cfg):
        # rendered in a worker process: requests answered meanwhile keep their pace
        app.state.feed_cache.prime(task, via=app.state.limiter.elsewhere)
    log.info("warm-up done in %.1fs", time.monotonic() - t0)
