"""The HTTP service (FastAPI): feeds, the JSON API, reports, health, an index with subscribe links.

``create_app(config=None)`` builds the app; ``almanac serve`` runs it with uvicorn. Endpoints and
behaviour are those of CONTRACT.md §HTTP and docs/http.md:

- every answer to a GET carries a strong ``ETag`` (sha256 of the body) and answers ``304`` to a
  matching ``If-None-Match`` (feeds and reports also to ``If-Modified-Since``);
- feeds are ``text/calendar; charset=utf-8`` whatever the ``Accept`` header says;
- bad input answers ``400``/``422`` and unknown paths or tasks ``404``, always as
  ``{"error": "..."}``; nothing a client sends produces a ``500`` (a catch-all turns the
  unexpected into a logged ``400``).
"""
from __future__ import annotations

import gzip
import hashlib
import html
import json
import logging
import re
import threading
import time
from datetime import date, datetime, timedelta
from datetime import time as dtime
from datetime import timezone
from email.utils import format_datetime, parsedate_to_datetime
from pathlib import Path
from urllib.parse import quote, urlencode
from zoneinfo import ZoneInfo

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

import config as config_mod
from almanac.errors import BadInput
from exports import feeds, source
from exports.feeds import labels as L

log = logging.getLogger("almanac.http")

_ERR = {"content": {"application/json": {"schema": {
    "type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}}}
_ERRORS = {400: {"description": "Bad input", **_ERR}, 404: {"description": "Not found", **_ERR},
           422: {"description": "Invalid parameter", **_ERR}}
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _error(status: int, message: str) -> JSONResponse:
    first = (str(message).splitlines() or ["bad input"])[0]
    return JSONResponse({"error": first or "bad input"}, status_code=status)


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _not_modified(request: Request, etag: str, last_modified: datetime | None) -> bool:
    inm = request.headers.get("if-none-match")
    if inm is not None:
        tags = [t.strip() for t in inm.split(",")]
        return "*" in tags or etag in tags or f"W/{etag}" in tags
    ims = request.headers.get("if-modified-since")
    if ims and last_modified is not None:
        try:
            since = parsedate_to_datetime(ims)
        except (TypeError, ValueError, IndexError):
            return False
        if since is not None and since.tzinfo is not None:
            return last_modified.replace(microsecond=0) <= since
    return False


def _conditional(request: Request, body: bytes, media_type: str, *, max_age: int,
                 last_modified: datetime | None = None, etag: str | None = None,
                 extra: dict | None = None) -> Response:
    etag = etag or _etag(body)
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={max_age}"}
    if last_modified is not None:
        headers["Last-Modified"] = format_datetime(last_modified.astimezone(timezone.utc), usegmt=True)
    headers.update(extra or {})
    if _not_modified(request, etag, last_modified):
        return Response(status_code=304, headers=headers)
    return Response(content=body, media_type=media_type, headers=headers)


def _json(request: Request, doc, max_age: int = 300) -> Response:
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
    return _conditional(request, body, "application/json", max_age=max_age)


def _date(value: str, what: str) -> date:
    if not _DATE_RE.match(value or ""):
        raise BadInput(f"{what} {value!r} is not a date; accepted: YYYY-MM-DD")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BadInput(f"{what} {value!r} is not a valid date; accepted: YYYY-MM-DD") from None


def _task(name: str, cfg) -> str:
    if name not in source.task_names(cfg):
        raise StarletteHTTPException(404, f"unknown task {name!r} (known: {', '.join(source.task_names(cfg))})")
    return name


def reports_dir(cfg) -> Path:
    return source.data_dir() / cfg["reports"]["reports_dir"]


class _Never500:
    """Pure ASGI middleware: an exception that escapes the app becomes a JSON 400 (or, when the
    response has already started, a closed connection) — never a 500. Pure ASGI so large feed
    bodies pass through untouched (BaseHTTPMiddleware re-streams them)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def _send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)
        try:
            await self.app(scope, receive, _send)
        except Exception as e:  # noqa: BLE001 — the contract: no input produces a 500
            if started:
                raise
            status = 400
            msg = str(e) if isinstance(e, BadInput) else f"cannot answer this request: {type(e).__name__}: {e}"
            if not isinstance(e, BadInput):
                log.exception("unexpected error answering %s", scope.get("path"))
            await _error(status, msg)(scope, receive, send)


def _accepts_gzip(value: bytes) -> bool:
    for part in value.split(b","):
        name, _, params = part.strip().partition(b";")
        if name.strip().lower() in (b"gzip", b"*"):
            q = params.strip().lower()
            return not (q.startswith(b"q=") and q[2:].strip().rstrip(b"0").rstrip(b".") in (b"", b"0"))
    return False


class FeedEntry:
    """One rendered feed, ready to send: the body and its gzip (``mtime=0``: deterministic), each
    with its strong ETag, and the header lists of the 200 and 304 answers built once. Answering
    from it is a header scan and a dict lookup — nothing on the event loop computes per request."""

    __slots__ = ("expires", "etag", "etag_gz", "last_modified", "body", "gz", "_h", "_h_gz",
                 "_h304", "_h304_gz", "_tags")

    def __init__(self, feed, task: str, max_age: int, expires: float):
        self.expires = expires
        self.body = feed.body
        self.gz = gzip.compress(feed.body, compresslevel=6, mtime=0)
        self.etag = feed.etag.encode()
        self.etag_gz = self.etag[:-1] + b'-gz"'
        self.last_modified = feed.last_modified.replace(microsecond=0)
        lm = format_datetime(self.last_modified.astimezone(timezone.utc), usegmt=True).encode()
        common = [(b"cache-control", f"public, max-age={max_age}".encode()), (b"last-modified", lm),
                  (b"vary", b"Accept-Encoding"),
                  (b"content-disposition", f'inline; filename="{task}.ics"'.encode())]
        self._h304 = [(b"etag", self.etag)] + common
        self._h304_gz = [(b"etag", self.etag_gz)] + common
        ctype = (b"content-type", b"text/calendar; charset=utf-8")
        self._h = self._h304 + [ctype, (b"content-length", str(len(self.body)).encode())]
        self._h_gz = self._h304_gz + [ctype, (b"content-encoding", b"gzip"),
                                      (b"content-length", str(len(self.gz)).encode())]
        self._tags = {self.etag, self.etag_gz, b"W/" + self.etag, b"W/" + self.etag_gz, b"*"}

    def answer(self, headers, method: str = "GET") -> tuple[int, list, bytes]:
        """``(status, header list, body)`` for a request with these raw ASGI ``headers``."""
        inm = ims = None
        gz = False
        for k, v in headers:
            if k == b"accept-encoding":
                gz = _accepts_gzip(v)
            elif k == b"if-none-match":
                inm = v
            elif k == b"if-modified-since":
                ims = v
        if inm is not None:
            fresh = any(t.strip() in self._tags for t in inm.split(b","))
        elif ims is not None:
            try:
                since = parsedate_to_datetime(ims.decode("latin-1"))
                fresh = since is not None and since.tzinfo is not None and self.last_modified <= since
            except (TypeError, ValueError, IndexError):
                fresh = False
        else:
            fresh = False
        if fresh:
            return 304, self._h304_gz if gz else self._h304, b""
        body = self.gz if gz else self.body
        return 200, self._h_gz if gz else self._h, b"" if method == "HEAD" else body


class FeedCache:
    """Rendered feeds by ``(task, tz, lang, alarm)`` and by the exact request ``(path, query)``,
    each valid until the next midnight of its zone (when the rolling horizon moves)."""

    MAX_RAW = 512

    def __init__(self, cfg, max_age: int):
        self.cfg, self.max_age = cfg, max_age
        self.entries: dict[tuple, FeedEntry] = {}
        self.raw: dict[tuple, FeedEntry] = {}
        self._lock = threading.Lock()

    def lookup(self, path: str, query: bytes) -> "FeedEntry | None":
        e = self.raw.get((path, query))
        if e is not None and time.time() < e.expires:
            return e
        return None

    def get(self, task: str, tz: str, lang: str | None, alarm: int | None) -> "FeedEntry | None":
        e = self.entries.get((task, tz, lang, alarm))
        return e if e is not None and time.time() < e.expires else None

    def build(self, task: str, tz: str | None, lang: str | None, alarm: int | None) -> FeedEntry:
        """Render (or take from ``feeds``' cache) and remember; runs in a worker thread."""
        tz = feeds.check_tz(tz or self.cfg["calendar"]["default_tz"])
        lang = L.check_lang(lang)
        e = self.get(task, tz, lang, alarm)
        if e is not None:
            return e
        today = feeds.today_in(tz)
        f = feeds.rolling_feed(task, tz, lang, alarm, self.cfg, today)
        expires = datetime.combine(today + timedelta(days=1), dtime(0), ZoneInfo(tz)).timestamp()
        e = FeedEntry(f, task, self.max_age, expires)
        with self._lock:
            now = time.time()
            for k in [k for k, v in self.entries.items() if v.expires <= now]:
                del self.entries[k]
            self.entries[(task, tz, lang, alarm)] = e
        return e

    def remember(self, path: str, query: bytes, entry: FeedEntry) -> None:
        with self._lock:
            if len(self.raw) >= self.MAX_RAW:
                now = time.time()
                for k in [k for k, v in self.raw.items() if v.expires <= now] or list(self.raw)[:self.MAX_RAW // 2]:
                    del self.raw[k]
            self.raw[(path, query)] = entry

    def prime(self, task: str) -> None:
        """Render a task's default feed and serve ``/feeds/{task}.ics`` from memory."""
        entry = self.build(task, None, None, None)
        path = f"/feeds/{task}.ics"
        self.remember(path, b"", entry)
        # the query of the printed and index subscribe links (subscribe_links)
        tz = self.cfg["calendar"]["default_tz"]
        self.remember(path, urlencode({"tz": tz, "lang": L.LANGS[0]}).encode(), entry)


class _FeedFastPath:
    """Pure ASGI: ``GET``/``HEAD /feeds/*.ics`` already rendered for this exact query is answered
    from memory before FastAPI routing, validation and response classes run; everything else
    (and the first request of a feed) goes on to the app, which renders and remembers it."""

    def __init__(self, app, cache: FeedCache):
        self.app, self.cache = app, cache

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            path = scope["path"]
            if path.startswith("/feeds/"):
                entry = self.cache.lookup(path, scope["query_string"])
                if entry is not None:
                    status, headers, body = entry.answer(scope["headers"], scope["method"])
                    await send({"type": "http.response.start", "status": status, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.app(scope, receive, send)


def create_app(config=None) -> FastAPI:
    cfg = config_mod.load(config)
    hopts = cfg["http"]
    max_age = int(hopts["max_age"])
    app = FastAPI(title="壬禽 almanac", version="1",
                  description="演禽 and 大六壬 timing judgements: iCalendar feeds, JSON API and reports.",
                  docs_url="/docs", redoc_url=None)
    app.state.config = cfg
    app.state.feed_cache = cache = FeedCache(cfg, max_age)

    app.add_middleware(_Never500)
    app.add_middleware(_FeedFastPath, cache=cache)

    @app.exception_handler(BadInput)
    async def _bad_input(request: Request, exc: BadInput):
        return _error(400, str(exc))

    @app.exception_handler(ValueError)
    async def _value_error(request: Request, exc: ValueError):
        return _error(400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        parts = []
        for err in exc.errors():
            loc = ".".join(str(x) for x in err.get("loc", ()) if x not in ("query", "path"))
            parts.append(f"{loc}: {err.get('msg', 'invalid')}")
        return _error(422, "; ".join(parts) or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        msg = exc.detail if isinstance(exc.detail, str) else "error"
        if exc.status_code == 404 and msg == "Not Found":
            msg = f"no such path {request.url.path!r}; see / or /openapi.json"
        return JSONResponse({"error": msg}, status_code=exc.status_code, headers=getattr(exc, "headers", None))

    @app.get("/feeds/{name}", responses={200: {"content": {"text/calendar": {}}, "description": "iCalendar feed"},
                                          304: {"description": "Not modified"}, **_ERRORS},
             summary="A task's iCalendar feed (rolling horizon)")
    async def feed(request: Request, name: str,
                   tz: str | None = Query(None, description="IANA zone, e.g. Asia/Shanghai"),
                   lang: str | None = Query(None, description="zh-Hant, zh-Hans, ko or en"),
                   alarm: int | None = Query(None, ge=0, le=1440, description="VALARM minutes before")):
        if not name.endswith(".ics"):
            raise StarletteHTTPException(404, f"no feed {name!r}; feeds are /feeds/TASK.ics")
        task = name[:-4]
        _task(task, cfg)
        entry = cache.get(task, tz or cfg["calendar"]["default_tz"], lang or L.LANGS[0], alarm)
        if entry is None:
            entry = await run_in_threadpool(cache.build, task, tz, lang, alarm)
        cache.remember(request.scope["path"], request.scope["query_string"], entry)
        status, headers, body = entry.answer(request.scope["headers"], request.method)
        resp = Response(content=body, status_code=status)
        resp.raw_headers = list(headers)  # the entry's own (Content-Length of the full body on HEAD)
        return resp

    app.add_api_route("/feeds/{name}", feed, methods=["HEAD"], include_in_schema=False)

    @app.get("/api/day/{day}", responses=_ERRORS, summary="One almanac day (almanac day --json)")
    def api_day(request: Request, day: str, tz: str | None = None):
        d = _date(day, "date")
        return _json(request, source.get_day(d, feeds.check_tz(tz) if tz else None, cfg))

    @app.get("/api/chart", responses=_ERRORS, summary="The 大六壬 chart of a moment (almanac chart --json)")
    def api_chart(request: Request, at: str = Query(..., description="ISO datetime"), tz: str | None = None):
        return _json(request, source.chart(at, feeds.check_tz(tz) if tz else None, cfg))

    @app.get("/api/best", responses=_ERRORS, summary="Best hours for a task (almanac best --json)")
    def api_best(request: Request, task: str, from_: str = Query(..., alias="from"),
                 to: str = Query(...), tz: str | None = None,
                 limit: int = Query(10, ge=1, le=1000)):
        s, e = _date(from_, "from"), _date(to, "to")
        if e < s:
            raise BadInput(f"to {e} is before from {s}")
        if (e - s).days + 1 > int(hopts["max_best_days"]):
            raise BadInput(f"range {s}..{e} is longer than {hopts['max_best_days']} days")
        _task(task, cfg)
        return _json(request, source.best(task, s, e, feeds.check_tz(tz) if tz else None, limit, cfg))

    @app.get("/api/tasks", responses=_ERRORS, summary="The tasks known to the configuration")
    def api_tasks(request: Request):
        return _json(request, {"tasks": source.tasks(cfg)})

    @app.get("/reports/{name}", responses={200: {"content": {"text/html": {}}, "description": "report"},
                                           304: {"description": "Not modified"}, **_ERRORS},
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
            d = _date(name[:-5], "date")
            path = folder / f"{d.isoformat()}.html"
            if not path.exists():
                path = reports.write_reports(d, 1, folder, cfg)[0]
        else:
            raise StarletteHTTPException(404, f"no report {name!r}; reports are /reports/YYYY-MM-DD.html")
        body = path.read_bytes()
        lm = datetime.fromtimestamp(int(path.stat().st_mtime), timezone.utc)
        return _conditional(request, body, "text/html; charset=utf-8", max_age=max_age, last_modified=lm)

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

    @app.get("/", response_class=HTMLResponse, summary="Index with subscribe links")
    def index(request: Request):
        return _conditional(request, index_html(request, cfg).encode(), "text/html; charset=utf-8", max_age=300)

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
        app.state.feed_cache.prime(task)
    log.info("warm-up done in %.1fs", time.monotonic() - t0)


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
            cells.append(
                f'<td><a href="{html.escape(https)}">https</a> · <a href="{html.escape(links["webcal"])}">webcal</a>'
                f' · <a href="{html.escape(links["google"])}">Google</a> · '
                f'<a href="{html.escape(links["https"])}">{html.escape(lang)}</a></td>')
        rows.append(f"<tr><th>{html.escape(t['name'])}</th><td>{html.escape(t.get('description', ''))}</td>"
                    + "".join(cells) + "</tr>")
    head = "".join(f"<th>{lang}</th>" for lang in L.LANGS)
    return f"""<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8">
<title>壬禽 almanac</title><style>body{{font-family:sans-serif;margin:2em}}td,th{{padding:.3em .6em;border-bottom:1px solid #ddd;text-align:left}}</style>
</head><body><h1>壬禽 almanac — 訂閱 / Subscribe</h1>
<p>Feeds for {html.escape(tz)}; add <code>?tz=ZONE</code> for another zone, <code>&amp;alarm=MIN</code> for reminders.</p>
<table><tr><th>task</th><th>description</th>{head}</tr>{''.join(rows)}</table>
<p><a href="/reports/latest.html">Latest report</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/docs">API docs</a> · <a href="/healthz">health</a></p>
</body></html>"""
