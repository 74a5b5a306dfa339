"""HTML pages of the service (Jinja2 templates in ``templates/``) and the subscribe links they show."""
from __future__ import annotations

from urllib.parse import quote, urlencode

import jinja2
from fastapi import Request

from exports import source
from exports.feeds import labels as L

_env = jinja2.Environment(loader=jinja2.PackageLoader("exports.http", "templates"),
                          autoescape=jinja2.select_autoescape(["html", "j2"]))


def subscribe_links(base: str, task: str, lang: str, tz: str) -> dict[str, str]:
    """https, webcal:// and Google links of one feed; ``base`` like ``https://host:port``."""
    query = urlencode({"tz": tz, "lang": lang})
    https = f"{base.rstrip('/')}/feeds/{quote(task)}.ics?{query}"
    webcal = "webcal://" + https.split("://", 1)[1]
    google = "https://calendar.google.com/calendar/render?cid=" + quote(https, safe="")
    return {"https": https, "webcal": webcal, "google": google}


def index_html(request: Request | None, cfg) -> str:
    base = (cfg["feeds"]["base_url"] or "").rstrip("/")
    if not base and request is not None:
        host = request.headers.get("host") or f"{request.url.hostname}:{request.url.port}"
        proto = request.headers.get("x-forwarded-proto") or request.url.scheme
        base = f"{proto}://{host}"
    tz = cfg["calendar"]["default_tz"]
    rows = []
    for t in source.tasks(cfg):
        cells = []
        for lang in L.LANGS:
            links = subscribe_links(base, t["name"], lang, tz)
            https = links["https"].replace("http://", "https://", 1) if base.startswith("http://") else links["https"]
            cells.append({"https": https, "webcal": links["webcal"], "google": links["google"],
                          "plain": links["https"], "lang": lang})
        rows.append({"name": t["name"], "description": t.get("description", ""), "cells": cells})
    return _env.get_template("index.html.j2").render(tz=tz, langs=L.LANGS, rows=rows)
