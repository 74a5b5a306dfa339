"""The endpoints of CONTRACT.md §HTTP: feeds, the JSON API, reports, health and the index."""
from __future__ import annotations

import re
from datetime import date, datetime, timezone
from pathlib import Path

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from almanac.errors import BadInput
from exports import feeds, source
from exports.feeds import labels as L
from exports.http.caching import conditional, json_answer
from exports.http.pages import index_html

_ERR = {"content": {"application/json": {"schema": {
    "type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}}}
ERRORS = {400: {"description": "Bad input", **_ERR}, 404: {"description": "Not found", **_ERR},
          422: {"description": "Invalid parameter", **_ERR}}
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def parse_date(value: str, what: str) -> date:
    if not _DATE_RE.match(value or ""):
        raise BadInput(f"{what} {value!r} is not a date; accepted: YYYY-MM-DD")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BadInput(f"{what} {value!r} is not a valid date; accepted: YYYY-MM-DD") from None


def known_task(name: str, cfg) -> str:
    if name not in source.task_names(cfg):
        raise StarletteHTTPException(404, f"unknown task {name!r} (known: {', '.join(source.task_names(cfg))})")
    return name


def reports_dir(cfg) -> Path:
    return source.data_dir() / cfg["reports"]["reports_dir"]


def add_feed_routes(app: FastAPI, cfg, cache) -> None:
    @app.get("/feeds/{name}", responses={200: {"content": {"text/calendar": {}}, "description": "iCalendar feed"},
                                          304: {"description": "Not modified"}, **ERRORS},
             summary="A task's iCalendar feed (rolling horizon)")
    async def feed(request: Request, name: str,
                   tz: str | None = Query(None, description="IANA zone, e.g. Asia/Shanghai"),
                   lang: str | None = Query(None, description="zh-Hant, zh-Hans, ko or en"),
                   alarm: int | None = Query(None, ge=0, le=1440, description="VALARM minutes before")):
        if not name.endswith(".ics"):
            raise StarletteHTTPException(404, f"no feed {name!r}; feeds are /feeds/TASK.ics")
        task = name[:-4]
        known_task(task, cfg)
        entry = cache.get(task, tz or cfg["calendar"]["default_tz"], lang or L.LANGS[0], alarm)
        if entry is None:
            entry = await run_in_threadpool(cache.build, task, tz, lang, alarm)
        cache.remember(request.scope["path"], request.scope["query_string"], entry)
        status, headers, body = entry.answer(request.scope["headers"], request.method)
        resp = Response(content=body, status_code=status)
        resp.raw_headers = list(headers)  # the entry's own (Content-Length of the full body on HEAD)
        return resp

    app.add_api_route("/feeds/{name}", feed, methods=["HEAD"], include_in_schema=False)


def add_api_routes(app: FastAPI, cfg) -> None:
    hopts = cfg["http"]

    @app.get("/api/day/{day}", responses=ERRORS, summary="One almanac day (almanac day --json)")
    def api_day(request: Request, day: str, tz: str | None = None,
                lang: str | None = Query(None, description="zh-Hant, zh-Hans, ko or en")):
        d = parse_date(day, "date")
        doc = source.get_day(d, feeds.check_tz(tz) if tz else None, cfg)
        if lang:
            from almanac.api.days import with_lang
            doc = with_lang(dict(doc, qin=dict(doc["qin"])), lang)
        return json_answer(request, doc)

    @app.get("/api/chart", responses=ERRORS, summary="The 大六壬 chart of a moment (almanac chart --json)")
    def api_chart(request: Request, at: str = Query(..., description="ISO datetime"), tz: str | None = None,
                  lang: str | None = Query(None, description="zh-Hant, zh-Hans, ko or en")):
        extra = {"lang": lang} if lang else {}
        return json_answer(request, source.chart(at, feeds.check_tz(tz) if tz else None, cfg, **extra))

    @app.get("/api/best", responses=ERRORS, summary="Best hours for a task (almanac best --json)")
    def api_best(request: Request, task: str, from_: str = Query(..., alias="from"),
                 to: str = Query(...), tz: str | None = None,
                 limit: int = Query(10, ge=1, le=1000),
                 lang: str | None = Query(None, description="zh-Hant, zh-Hans, ko or en")):
        s, e = parse_date(from_, "from"), parse_date(to, "to")
        if e < s:
            raise BadInput(f"to {e} is before from {s}")
        if (e - s).days + 1 > int(hopts["max_best_days"]):
            raise BadInput(f"range {s}..{e} is longer than {hopts['max_best_days']} days")
        known_task(task, cfg)
        extra = {"lang": lang} if lang else {}
        return json_answer(request, source.best(task, s, e, feeds.check_tz(tz) if tz else None, limit, cfg,
                                                **extra))

    @app.get("/api/tasks", responses=ERRORS, summary="The tasks known to the configuration")
    def api_tasks(request: Request):
        return json_answer(request, {"tasks": source.tasks(cfg)})


def add_report_routes(app: FastAPI, cfg) -> None:
    max_age = int(cfg["http"]["max_age"])

    @app.get("/reports/{name}", responses={200: {"content": {"text/html": {}}, "description": "report"},
                                           304: {"description": "Not modified"}, **ERRORS},
             summary="A day's report page (YYYY-MM-DD.html or latest.html)")
    def report(request: Request, name: str):
        from exports import reports
        folder = reports_dir(cfg)
        if name == "latest.html":
            # today's page (written now if the nightly job has not): a page asked for on demand
            # for another date is never "latest"
            today = feeds.today_in(cfg["calendar"]["default_tz"])
            path = folder / f"{today.isoformat()}.html"
            if not path.exists():
                path = reports.write_reports(today, 1, folder, cfg)[0]
        elif name.endswith(".html") and _DATE_RE.match(name[:-5]):
            d = parse_date(name[:-5], "date")
            path = folder / f"{d.isoformat()}.html"
            if not path.exists():
                path = reports.write_reports(d, 1, folder, cfg)[0]
        else:
            raise StarletteHTTPException(404, f"no report {name!r}; reports are /reports/YYYY-MM-DD.html")
        body = path.read_bytes()
        lm = datetime.fromtimestamp(int(path.stat().st_mtime), timezone.utc)
        return conditional(request, body, "text/html; charset=utf-8", max_age=max_age, last_modified=lm)


def add_health_routes(app: FastAPI, cfg) -> None:
    @app.get("/healthz", responses={503: {"description": "store unavailable", **_ERR}}, summary="Health")
    def healthz(request: Request):
        doc = {"status": "ok", "config": cfg.digest}
        store = source._backend()
        if store is not None:
            try:
                st = store.open_store(cfg)  # the service owns its store: created if missing
                doc["store"] = getattr(st, "dialect", "?")
                doc["counts"] = st.counts()
            except Exception as e:  # noqa: BLE001
                return JSONResponse({"error": f"database does not answer: {e}".splitlines()[0]}, status_code=503)
        return JSONResponse(doc, headers={"Cache-Control": "no-store"})


def add_page_routes(app: FastAPI, cfg) -> None:
    @app.get("/", response_class=HTMLResponse, summary="Index with subscribe links")
    def index(request: Request):
        return conditional(request, index_html(request, cfg).encode(), "text/html; charset=utf-8", max_age=300)


def install(app: FastAPI, cfg, cache) -> None:
    add_feed_routes(app, cfg, cache)
    add_api_routes(app, cfg)
    add_report_routes(app, cfg)
    add_health_routes(app, cfg)
    add_page_routes(app, cfg)
