"""The HTTP service (FastAPI): feeds, the JSON API, reports, health, an index with subscribe links.

``create_app(config=None)`` builds the app; ``almanac serve`` runs it with uvicorn. Endpoints and
behaviour are those of CONTRACT.md §HTTP and docs/http.md. The package is this front door,
split by concern:

- ``app``: the app assembled (``create_app``) and warmed (``warm``);
- ``routes``: the endpoints installed — ``feed_routes``, ``api_routes``, ``report_routes``,
  ``site_routes`` (health, index), each request's parameters read by ``params``;
- ``caching``: ETags and conditional answers, the in-memory cache of rendered feeds;
- ``middleware``: the pure-ASGI feed fast path, HEAD answered as GET without the body, the
  catch-all and the JSON error handlers;
- ``pages``: HTML pages from the Jinja2 templates in ``templates/`` and the subscribe links;
- ``workers``: expensive answers computed in worker processes (``pool``, ``job``) and shared
  by identical requests (``sharing``); ``limits``: the slots and queue they are admitted by.

Every answer to a GET carries a strong ``ETag`` and answers ``304`` to a matching
``If-None-Match``; every GET path answers HEAD with the same status and headers; feeds are ``text/calendar; charset=utf-8`` whatever the ``Accept`` header says;
errors are always ``{"error": "..."}``.
"""
from __future__ import annotations

from almanac.exports.http.app import create_app, warm
from almanac.exports.http.caching import FeedCache, FeedEntry
from almanac.exports.http.pages import index_html, subscribe_links
from almanac.exports.http.routes import reports_dir

__all__ = ["create_app", "warm", "subscribe_links", "index_html", "reports_dir", "FeedCache", "FeedEntry"]
