"""Pure-ASGI middleware and the error handlers: every error is ``{"error": "one line"}``, redacted.

- ``Failures``: an exception that escapes the app becomes a JSON error (or, when the response has
  already started, a closed connection): a ``BadInput`` is the client's (400); the service's own
  configuration (``BadConfig``), its store or its disk failing are ``503`` with ``Retry-After``;
  anything else is a logged ``500`` — a server fault never looks like bad client input;
- ``FastPath``: ``GET``/``HEAD /feeds/*.ics`` already rendered for this exact query, and
  ``GET /api/day``/``/api/best`` already answered from the unchanged store, are answered from
  memory before FastAPI routing and validation run;
- ``UrlLimit``: a URL longer than ``[http] max_url_bytes`` answers ``414`` before anything reads it,
  a request with more than ``[http] max_headers`` header fields ``431``;
- ``Head``: ``HEAD`` of any path is answered as its ``GET`` (same status and headers, among them
  ``Content-Length`` and ``ETag``) without the body, so every GET route answers HEAD (RFC 9110
  §9.3.2) — a load balancer's ``HEAD /healthz`` included — computed once.

Every error line quotes at most 80 characters of a client's value (``almanac.errors.capped``).

Both are pure ASGI so large feed bodies pass through untouched (BaseHTTPMiddleware re-streams them).
"""
from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from sqlalchemy.exc import SQLAlchemyError

from almanac.errors import BadConfig, BadInput, capped, quoted_values
from almanac.redaction import redact

log = logging.getLogger("almanac.http")


#: seconds a client is asked to wait after a 503 that no queue explains (a store that does not
#: answer, a worker lost): a little longer than the store's retry (``[store] retry_seconds``, 2),
#: and never uvicorn's keep-alive timeout (5 s) — a client that reuses its connection just as the
#: server closes it for idleness fails (``limits.retry_after``)
RETRY_AFTER = 3


def error(status: int, message, headers: dict | None = None, lang: str | None = None) -> JSONResponse:
    """``{"error": one line}``: ``message`` a text, or a ``BadInput`` told in the request's ``lang``
    (English when the request asked for none). What it quotes of the client's input is cut to
    80 characters and ``…``, the line to 1,000 (``almanac.errors.capped``)."""
    text = message.text(lang) if isinstance(message, BadInput) else str(message)
    first = capped((redact(text).splitlines() or ["bad input"])[0])
    if status == 503 and not headers:
        headers = {"Retry-After": str(RETRY_AFTER)}
    return JSONResponse({"error": first or "bad input"}, status_code=status, headers=headers)


def request_lang(scope) -> str | None:
    """The language a request's errors are told in: the ``lang`` its query asks for (the last of
    a repeated one, as the routes read it); else the browser's ``Accept-Language`` as a page reads
    it (``pages.page_lang``) — for every path: an error is a line for the person who asked, and a
    Korean browser's reader reads Korean (the answers themselves of the JSON API and the feeds
    never read the header); else None."""
    from urllib.parse import parse_qs
    qs = scope.get("query_string") or b""
    if b"lang=" in qs:
        try:
            values = parse_qs(qs.decode("latin-1"), max_num_fields=64).get("lang")
        except ValueError:  # more fields than that: not worth reading
            values = None
        if values and values[-1]:
            return values[-1]
    from almanac.lang import preferred_lang
    header = next((v for k, v in scope.get("headers") or () if k == b"accept-language"), None)
    return preferred_lang(header.decode("latin-1")) if header else None


def plain_value_error(exc: ValueError) -> BadInput:
    """A ``ValueError`` that is no ``BadInput`` (no route checked that input itself) as a line for
    each reader: its own (English) words for an English reader, as before; a Chinese or Korean
    reader is told that a value was not accepted, with the values it quotes (the client's
    input) and none of its English.

    >>> e = plain_value_error(ValueError("invalid literal for int() with base 10: 'abc'"))
    >>> e.text("en"), e.text("ko"), e.text("zh-Hans")
    ("bad input: invalid literal for int() with base 10: 'abc'", "입력한 값을 받아들일 수 없습니다: 'abc'", "输入的值无法接受：'abc'")
    >>> plain_value_error(ValueError()).text("ko")
    '입력한 값을 받아들일 수 없습니다'
    """
    detail = (redact(str(exc)).splitlines() or [""])[0].strip()
    values = quoted_values(detail)[:3]
    return BadInput(f"bad input: {detail}" if detail else "bad input",
                    zh="輸入的值無法接受" + ("：" + "、".join(values) if values else ""),
                    ko="입력한 값을 받아들일 수 없습니다" + (": " + ", ".join(values) if values else ""))


def is_unavailable(exc: BaseException) -> bool:
    """True for the service's own trouble that may pass: its configuration, its store, its disk."""
    return isinstance(exc, (BadConfig, OSError, SQLAlchemyError, TimeoutError))


def failure(exc: BaseException, path: str | None = None, lang: str | None = None) -> JSONResponse:
    """The answer to an exception no route turned into one, told in the request's ``lang``."""
    if isinstance(exc, BadConfig):
        log.error("configuration fault answering %s: %s", path, redact(exc))
        return error(503, BadInput(f"the service is misconfigured: {exc}",
                                   zh=f"服務的設定有誤：{exc.text('zh-Hant')}",
                                   ko=f"서비스 설정에 문제가 있습니다: {exc.text('ko')}"), lang=lang)
    if isinstance(exc, BadInput):
        return error(400, exc, lang=lang)
    kind = type(exc).__name__
    if is_unavailable(exc):
        log.error("service unavailable answering %s: %s: %s", path, kind, redact(exc))
        from almanac.errors import STORAGE_TEXTS, storage_kind
        named = storage_kind(exc)   # a full disk, a read-only store: said as what it is
        if named is not None:
            en, zh, ko = STORAGE_TEXTS[named]
            return error(503, BadInput(f"the service cannot answer now: {en}; try again later",
                                       zh=f"服務暫時無法回答：{zh}，請稍後再試",
                                       ko=f"지금은 서비스가 답할 수 없습니다: {ko}. 잠시 후 다시 시도해 주십시오"),
                         lang=lang)
        return error(503, BadInput(f"the service cannot answer now ({kind}); try again later",
                                   zh=f"服務暫時無法回答（{kind}），請稍後再試",
                                   ko=f"지금은 서비스가 답할 수 없습니다 ({kind}). 잠시 후 다시 시도해 주십시오"),
                     lang=lang)
    log.error("unexpected error answering %s", path, exc_info=exc)
    return error(500, BadInput(f"internal error ({kind})", zh=f"內部錯誤（{kind}）", ko=f"내부 오류 ({kind})"),
                 lang=lang)


class Failures:
    """An exception that escapes the app becomes a JSON 4xx/5xx answer (``failure``)."""

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
        except Exception as e:  # noqa: BLE001 — every failure answers as what it is
            if started:
                raise
            await failure(e, scope.get("path"), request_lang(scope))(scope, receive, send)


class UrlLimit:
    """A request whose URL (path and query) is longer than ``max_bytes`` (``[http]
    max_url_bytes``) is answered ``414`` ``{"error": …}`` before anything reads it: no parameter
    a client may send needs more, and nothing behind this keys, parses or quotes a longer one.
    (Beyond about 64 KB uvicorn's own parser refuses the request line first: a ``400``
    ``{"error": …}`` of ``exports.http.protocol``.)"""

    def __init__(self, app, max_bytes: int = 8192, max_headers: int = 100):
        self.app, self.max_bytes, self.max_headers = app, int(max_bytes), int(max_headers)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            if len(scope["headers"]) > self.max_headers:   # their bytes are bounded by the protocol
                n, m = len(scope["headers"]), self.max_headers
                return await error(431, BadInput(
                    f"the request has {n} header fields; at most {m} are accepted",
                    zh=f"請求的標頭欄位太多：{n} 個（最多 {m} 個）",
                    ko=f"요청 헤더 필드가 너무 많습니다: {n}개 (최대 {m}개)"),
                    {"Connection": "close"}, lang=request_lang(scope))(scope, receive, send)
            n = len(scope.get("raw_path") or scope["path"].encode()) + len(scope.get("query_string") or b"")
            if n > self.max_bytes:
                m = self.max_bytes
                return await error(414, BadInput(
                    f"the request's URL is {n} bytes long; at most {m} are accepted",
                    zh=f"請求的網址太長：{n} 位元組（最多 {m}）",
                    ko=f"요청 URL이 너무 깁니다: {n}바이트 (최대 {m}바이트)"),
                    lang=request_lang(scope))(scope, receive, send)
        await self.app(scope, receive, send)


class FastPath:
    """Repeat requests answered from memory before FastAPI routing, validation, response classes
    and worker threads run (one header scan and a dict lookup):

    - ``GET``/``HEAD /feeds/*.ics`` already rendered for this exact query (``caching.FeedCache``);
    - ``GET /api/day/…`` and ``GET /api/best?…`` already answered for this exact query from the
      store, while the store's generation is unchanged (``answers.StoredAnswers``): the very
      bytes and headers the route sent, a ``304`` to a matching ``If-None-Match``.

    (A ``HEAD`` reaches it as a ``GET``: ``Head`` drops the body.) Everything else — a first
    request, a changed store, bad input, any request with an ``If-Match`` (whose ``412`` is the
    app's) — goes on to the app, which answers (and remembers) it. Only answers made there are
    ever replayed, so the limits, validation and error answers are the app's."""

    def __init__(self, app, cache, answers=None):
        self.app, self.cache, self.answers = app, cache, answers

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD") \
                and not any(k == b"if-match" for k, _ in scope["headers"]):  # a 412 is the app's
            path = scope["path"]
            if path.startswith("/feeds/"):
                entry = self.cache.lookup(path, scope["query_string"])
                if entry is not None:
                    status, headers, body = entry.answer(scope["headers"], scope["method"])
                    await send({"type": "http.response.start", "status": status, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return
            elif self.answers is not None and scope["method"] == "GET" and path.startswith("/api/") \
                    and self.answers.known(path, scope["query_string"]):
                answers = self.answers
                try:
                    gen = await answers.generation_now()
                except Exception:  # noqa: BLE001 — the app answers, and says what went wrong
                    gen = None
                kept = answers.lookup(path, scope["query_string"], gen)
                if kept is not None:
                    status, headers, body = kept.raw(scope["headers"])
                    await send({"type": "http.response.start", "status": status, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.app(scope, receive, send)


class Head:
    """``HEAD`` wherever ``GET`` is answered: the request goes on as a ``GET`` (through the fast
    path, the routes and the error handlers alike) and its answer is sent with the same status
    and headers — ``Content-Length`` of the body a GET gets, ``ETag``, ``Last-Modified`` … — and
    an empty body. The work is done once, as for the GET; only the bytes are not sent."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "HEAD":
            return await self.app(scope, receive, send)
        ended = False

        async def _send(message):
            nonlocal ended
            if message["type"] == "http.response.body":
                if ended or message.get("more_body", False):
                    return                       # the body's chunks are dropped
                ended = True
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)
        await self.app(dict(scope, method="GET"), receive, _send)


def install(app: FastAPI, cache, answers=None, max_url_bytes: int = 8192, max_headers: int = 100) -> None:
    """The middleware stack and the exception handlers of the service (the last added is the
    outermost: a HEAD is a GET to everything inside, then the URL's length is checked)."""
    app.add_middleware(Failures)
    app.add_middleware(FastPath, cache=cache, answers=answers)
    app.add_middleware(UrlLimit, max_bytes=max_url_bytes, max_headers=max_headers)
    app.add_middleware(Head)

    @app.exception_handler(BadInput)
    async def _bad_input(request: Request, exc: BadInput):
        # 400, or 503 for the service's own configuration
        return failure(exc, request.url.path, request_lang(request.scope))

    @app.exception_handler(ValueError)
    async def _value_error(request: Request, exc: ValueError):
        # a last resort: every input a client may send is checked where it is read (a BadInput
        # in each language); one that is not is logged, to be checked there too
        log.warning("a plain ValueError answering %s: %s", request.url.path, redact(exc))
        return error(400, plain_value_error(exc), lang=request_lang(request.scope))

    for kind in (OSError, SQLAlchemyError, TimeoutError):
        app.add_exception_handler(kind, _unavailable)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        return error(422, invalid_request(exc.errors()), lang=request_lang(request.scope))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        msg = exc.detail if isinstance(exc.detail, (str, BadInput)) else "error"
        path, headers = request.url.path, getattr(exc, "headers", None)
        if exc.status_code == 404 and msg == "Not Found":
            msg = BadInput(f"no such path {path!r}; see / or /openapi.json",
                           zh=f"沒有這個路徑：{path!r}（見 / 或 /openapi.json）",
                           ko=f"없는 경로: {path!r} (/ 또는 /openapi.json 참고)")
        elif exc.status_code == 405 and msg == "Method Not Allowed":
            m, allow = request.method, (headers or {}).get("Allow", "GET")
            if "GET" in allow.split(", ") and "HEAD" not in allow:   # HEAD is answered wherever GET is
                allow += ", HEAD"
            headers = dict(headers or {}, Allow=allow)
            msg = BadInput(f"method {m} is not allowed on {path!r}; allowed: {allow}",
                           zh=f"{path!r} 不接受 {m} 方法（可用：{allow}）",
                           ko=f"{path!r} 경로는 {m} 메서드를 받지 않습니다 (가능한 메서드: {allow})")
        elif isinstance(msg, str) and msg == _phrase(exc.status_code):   # another of Starlette's own
            code = exc.status_code
            msg = BadInput(f"the request cannot be answered (HTTP {code} {msg})",
                           zh=f"無法回答此請求（HTTP {code}）", ko=f"이 요청에는 답할 수 없습니다 (HTTP {code})")
        if exc.status_code == 503:
            from almanac.exports.http.pages import wants_page
            if wants_page(request.scope):   # a browser's page: one that says so and retries itself
                return busy_answer(request, headers)
        return error(exc.status_code, msg, headers, request_lang(request.scope))


def busy_answer(request: Request, headers: dict | None):
    """The ``503`` of a page a browser asked for: HTML in the page's language that reloads itself
    after the ``Retry-After`` the JSON answer would carry."""
    from fastapi.responses import Response

    from almanac.exports.http.pages import busy_page
    after = int((headers or {}).get("Retry-After", RETRY_AFTER))
    cfg = getattr(request.app.state, "config", None)
    default = cfg["reports"]["lang"] if cfg is not None else "zh-Hant"
    return Response(busy_page(request_lang(request.scope), after, default), status_code=503,
                    media_type="text/html; charset=utf-8",
                    headers={"Retry-After": str(after), "Cache-Control": "no-store",
                             "Vary": "Accept, Accept-Language"})


def _phrase(code: int) -> str:
    """The reason phrase of an HTTP status (``Method Not Allowed``), "" for one not known."""
    from http import HTTPStatus
    try:
        return HTTPStatus(code).phrase
    except ValueError:
        return ""


async def _unavailable(request: Request, exc: Exception):
    return failure(exc, request.url.path, request_lang(request.scope))


#: what a query parameter's validation error says, by pydantic's error type, for zh and ko readers:
#: the same as pydantic's English (``ctx`` fills the bound or the form accepted)
_INVALID = {
    "missing": ("缺少此參數", "값이 필요합니다"),
    "int_parsing": ("須為整數", "정수여야 합니다"), "int_type": ("須為整數", "정수여야 합니다"),
    "int_from_float": ("須為整數，不可有小數部分", "소수부 없는 정수여야 합니다"),
    "float_parsing": ("須為數字", "숫자여야 합니다"), "float_type": ("須為數字", "숫자여야 합니다"),
    "bool_parsing": ("須為 true 或 false", "true 또는 false여야 합니다"),
    "greater_than": ("須大於 {gt}", "{gt}보다 커야 합니다"),
    "greater_than_equal": ("須大於或等於 {ge}", "{ge} 이상이어야 합니다"),
    "less_than": ("須小於 {lt}", "{lt}보다 작아야 합니다"),
    "less_than_equal": ("須小於或等於 {le}", "{le} 이하여야 합니다"),
    "string_too_short": ("至少須有 {min_length} 個字元", "{min_length}자 이상이어야 합니다"),
    "string_too_long": ("至多只能有 {max_length} 個字元", "{max_length}자 이하여야 합니다"),
    "string_pattern_mismatch": ("須符合格式 {pattern}", "{pattern} 형식이어야 합니다"),
    "literal_error": ("須為下列之一：{expected}", "다음 중 하나여야 합니다: {expected}"),
    "enum": ("須為下列之一：{expected}", "다음 중 하나여야 합니다: {expected}"),
}
#: an error type not known above: said with its conditions (``ctx``), as pydantic says them
_INVALID_OTHER = ("值無效", "값이 올바르지 않습니다")


def _said(err: dict) -> tuple[str, str]:
    """What one validation error says, in Chinese and Korean, its bounds filled in."""
    ctx = {k: v for k, v in (err.get("ctx") or {}).items() if isinstance(v, (str, int, float))}
    known = _INVALID.get(err.get("type"))
    if known is not None:
        try:
            return known[0].format(**ctx), known[1].format(**ctx)
        except (KeyError, IndexError, ValueError):
            pass
    zh, ko = known or _INVALID_OTHER
    if ctx:
        cond = ", ".join(f"{k}={v}" for k, v in ctx.items())
        zh, ko = f"{zh}（{cond}）", f"{ko} ({cond})"
    return zh, ko


def invalid_request(errors) -> BadInput:
    """FastAPI's validation errors as one line in each language (pydantic writes only English),
    each with the value given (its quote cut by ``capped``): every reader is told what was wrong
    and what is accepted.

    >>> e = invalid_request([{"type": "greater_than_equal", "loc": ("query", "limit"), "input": "0",
    ...                       "ctx": {"ge": 1}, "msg": "Input should be greater than or equal to 1"}])
    >>> e.text("en"), e.text("ko"), e.text("zh-Hant")
    ("limit: Input should be greater than or equal to 1 (given '0')", "limit: 1 이상이어야 합니다 (받은 값: '0')", "limit：須大於或等於 1（收到的值：'0'）")
    """
    en, zh, ko = [], [], []
    for err in errors:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x not in ("query", "path"))
        said = _said(err)
        given = err.get("input")
        if err.get("type") == "missing" or not isinstance(given, (str, int, float)):
            en.append(f"{loc}: {err.get('msg', 'invalid')}")
            zh.append(f"{loc}：{said[0]}")
            ko.append(f"{loc}: {said[1]}")
        else:
            given = repr(str(given))
            en.append(f"{loc}: {err.get('msg', 'invalid')} (given {given})")
            zh.append(f"{loc}：{said[0]}（收到的值：{given}）")
            ko.append(f"{loc}: {said[1]} (받은 값: {given})")
    if not en:
        return BadInput("invalid request", zh="請求無效", ko="잘못된 요청입니다")
    return BadInput("; ".join(en), zh="；".join(zh), ko="; ".join(ko))
