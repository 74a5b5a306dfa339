"""The service's own routes: ``/healthz`` (the store, the disk, the caches and the worker
processes, checked with a bound) and the index page with its subscribe links.
"""
from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse

from almanac.errors import BadConfig
from almanac.exports import source
from almanac.exports.http.caching import conditional
from almanac.exports.http.health import Health, Unhealthy
from almanac.exports.http.middleware import RETRY_AFTER, error
from almanac.exports.http.pages import VARY_LANG, index_html, page_lang
from almanac.exports.http.params import ERROR_CONTENT


def add_health_routes(app: FastAPI, cfg, cache, limiter) -> None:
    health = Health(cfg, float(cfg["http"]["health_ttl"]), float(cfg["http"]["health_timeout"]))

    @app.get("/healthz", responses={503: {"description": "store or disk unavailable", **ERROR_CONTENT}},
             summary="Health")
    async def healthz(request: Request):
        # awaited on the event loop with a bound: a database that never answers holds no worker
        # thread, and concurrent checks share one probe (health.py)
        try:
            doc = await health.check_async()
        except (Unhealthy, BadConfig) as e:   # told in the language asked for (?lang=)
            return error(503, e.text(request.query_params.get("lang")),
                         {"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"})
        doc["feed_cache"] = cache.stats()
        store = source._backend()
        if store is not None:  # stored rows that failed their checksum: recomputed, never served
            doc["store_checksums"] = store.integrity_stats()
        answers = getattr(request.app.state, "stored_answers", None)
        if answers is not None:
            doc["stored_answers"] = answers.stats()
        doc["expensive"] = limiter.stats()
        from almanac.judgement.search import judgement_cache
        doc["judgement_cache"] = judgement_cache.stats()  # this process's (each worker has its own)
        pages = getattr(request.app.state, "chosen_pages", None)
        if pages is not None:
            doc["chosen_pages"] = pages.stats()
        return JSONResponse(doc, headers={"Cache-Control": "no-store"})


def add_page_routes(app: FastAPI, cfg) -> None:
    @app.get("/", response_class=HTMLResponse, summary="Index with subscribe links")
    def index(request: Request):
        return conditional(request, index_html(request, cfg).encode(), "text/html; charset=utf-8", max_age=300,
                           extra=VARY_LANG if page_lang(request)[1] else None)
