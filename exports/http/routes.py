"""The endpoints of CONTRACT.md §HTTP installed on an app: ``install`` adds each family of routes
from the module that owns it — ``feed_routes`` (feeds), ``api_routes`` (the JSON API),
``report_routes`` (report pages), ``site_routes`` (health and the index) — whose requests'
parameters are read by ``params``. The names the routes offered here stay importable from here.
"""
from __future__ import annotations

from fastapi import FastAPI

from almanac.exports.http.answers import StoredAnswers
from almanac.exports.http.api_routes import add_api_routes
from almanac.exports.http.caching import render_entry
from almanac.exports.http.feed_routes import add_feed_routes
from almanac.exports.http.params import (CLOCK_HELP, ERRORS, LANG_HELP, LUNAR_HELP, PLACE_HELP, SCHOOL_HELP,
                                         asked_lang, choices, chosen, day_options, day_task, known_task,
                                         no_empty_values, parse_date, ranked_by, store_down)
from almanac.exports.http.report_routes import (WrittenFiles, add_report_routes, render_page, report_window,
                                                reports_dir, write_page, write_served_page)
from almanac.exports.http.site_routes import add_health_routes, add_page_routes

__all__ = [
    "install", "add_feed_routes", "add_api_routes", "add_report_routes", "add_health_routes", "add_page_routes",
    "ERRORS", "LANG_HELP", "PLACE_HELP", "CLOCK_HELP", "LUNAR_HELP", "SCHOOL_HELP", "parse_date", "asked_lang",
    "known_task", "ranked_by", "day_task", "day_options", "no_empty_values", "chosen", "choices", "store_down",
    "reports_dir", "report_window", "write_page", "write_served_page", "WrittenFiles", "render_page",
    "render_entry",
]


def install(app: FastAPI, cfg, cache, limiter, stored: StoredAnswers) -> None:
    add_feed_routes(app, cfg, cache, limiter)
    add_api_routes(app, cfg, limiter, stored)
    add_report_routes(app, cfg, limiter)
    add_health_routes(app, cfg, cache, limiter)
    add_page_routes(app, cfg)
