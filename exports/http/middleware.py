"""Pure-ASGI middleware and the error handlers: every error is ``{"error": "one line"}``.

- ``Never500``: an exception that escapes the app becomes a JSON 400 (or, when the response has
  already started, a closed connection) — never a 500;
- ``FeedFastPath``: ``GET``/``HEAD /feeds/*.ics`` already rendered for this exact query is
  answered from memory before FastAPI routing and validation run.

Both are pure ASGI so large feed bodies pass through untouched (BaseHTTPMiddleware re-streams them).
"""
from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from almanac.errors import BadInput

log = logging.getLogger("almanac.http")


def error(status: int, message: str) -> JSONResponse:
    first = (str(message).splitlines() or ["bad input"])[0]
    return JSONResponse({"error": first or "bad input"}, status_code=status)


class Never500:
    """An exception that escapes the app becomes a JSON 400 — never a 500."""

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
            await error(status, msg)(scope, receive, send)


class FeedFastPath:
    """``GET``/``HEAD /feeds/*.ics`` already rendered for this exact query is answered from memory
    before FastAPI routing, validation and response classes run; everything else (and the first
    request of a feed) goes on to the app, which renders and remembers it."""

    def __init__(self, app, cache):
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


def install(app: FastAPI, cache) -> None:
    """The middleware stack and the exception handlers of the service."""
    app.add_middleware(Never500)
    app.add_middleware(FeedFastPath, cache=cache)

    @app.exception_handler(BadInput)
    async def _bad_input(request: Request, exc: BadInput):
        return error(400, str(exc))

    @app.exception_handler(ValueError)
    async def _value_error(request: Request, exc: ValueError):
        return error(400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        parts = []
        for err in exc.errors():
            loc = ".".join(str(x) for x in err.get("loc", ()) if x not in ("query", "path"))
            parts.append(f"{loc}: {err.get('msg', 'invalid')}")
        return error(422, "; ".join(parts) or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        msg = exc.detail if isinstance(exc.detail, str) else "error"
        if exc.status_code == 404 and msg == "Not Found":
            msg = f"no such path {request.url.path!r}; see / or /openapi.json"
        return JSONResponse({"error": msg}, status_code=exc.status_code, headers=getattr(exc, "headers", None))
