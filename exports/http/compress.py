"""gzip for every text answer the client accepts it for: report pages, the index, JSON, errors.

A day's report page is hundreds of kilobytes of HTML that gzip takes to a tenth; a year of
``/api/best`` is megabytes of JSON. The feeds compress themselves (``caching.FeedEntry``, a
deterministic gzip kept beside the body): an answer that already has a ``Content-Encoding`` is
passed on as it is, and so is one that streams its body in chunks.

Validators stay right across the two representations, as the feeds' own do: a compressed answer's
strong ``ETag`` is its body's with ``-gz`` (``"abc"`` → ``"abc-gz"``), and a request's
``If-None-Match``/``If-Match`` naming such a tag is read by the routes as the body's own tag, so
a client that keeps the compressed answer gets its ``304``. Every compressible answer says
``Vary: Accept-Encoding``. ``HEAD`` is answered as the ``GET`` the client would get — the same
``Content-Length`` and ``ETag`` of the compressed body — with no body (the outermost layer: the
``Head`` middleware inside it then sees a ``GET``).
"""
from __future__ import annotations

import gzip

#: bodies shorter than this are sent as they are (the gzip header and trailer cost 18 bytes)
MIN_BYTES = 512
#: what is compressed: text, JSON, calendars, SVG
_TEXT = (b"text/", b"application/json", b"application/xml", b"image/svg+xml", b"application/javascript")


def _accepts_gzip(headers) -> bool:
    from almanac.exports.http.caching import accepts_gzip
    return any(k == b"accept-encoding" and accepts_gzip(v) for k, v in headers)


def _plain_tags(value: bytes) -> tuple[bytes, bool]:
    """An ``If-None-Match``/``If-Match`` value with each ``"…-gz"`` tag read as its body's tag,
    and whether it named one."""
    out, named = [], False
    for tag in value.split(b","):
        t = tag.strip()
        if t.endswith(b'-gz"'):
            t, named = t[:-4] + b'"', True
        out.append(t)
    return b", ".join(out), named


class Compress:
    """Pure ASGI gzip of text answers (see the module's text)."""

    def __init__(self, app, min_bytes: int = MIN_BYTES, level: int = 6):
        self.app, self.min_bytes, self.level = app, min_bytes, level

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        headers = scope.get("headers") or []
        if not _accepts_gzip(headers):
            return await self._vary_only(scope, receive, send)
        head = scope["method"] == "HEAD"
        named_gz = False
        inner_headers = []
        for k, v in headers:
            if k in (b"if-none-match", b"if-match"):
                v, named = _plain_tags(v)
                named_gz = named_gz or named
            inner_headers.append((k, v))
        inner = dict(scope, headers=inner_headers, method="GET")
        start: dict | None = None
        passing = False

        async def _send(message):
            nonlocal start, passing
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            more = message.get("more_body", False)
            if passing:                 # an answer sent as it is: a HEAD's body left out
                if not head:
                    await send(message)
                elif not more:
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            body = message.get("body", b"")
            hdrs = list(start["headers"])
            names = {k.lower() for k, _ in hdrs}
            ctype = next((v for k, v in hdrs if k.lower() == b"content-type"), b"")
            text = ctype.startswith(_TEXT)
            if start["status"] == 304 and named_gz:   # the compressed copy the client keeps is fresh
                hdrs = [(k, _gz_tag(v) if k.lower() == b"etag" else v) for k, v in hdrs]
                await send(dict(start, headers=_vary(hdrs)))
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            if more or not text or b"content-encoding" in names or len(body) < self.min_bytes:
                passing = True
                await send(dict(start, headers=_vary(hdrs) if text and b"content-encoding" not in names
                                else hdrs))
                if not head:
                    await send(message)
                elif not more:
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            gz = gzip.compress(body, compresslevel=self.level, mtime=0)
            out = [(k, v) for k, v in hdrs if k.lower() not in (b"content-length", b"etag")]
            etag = next((v for k, v in hdrs if k.lower() == b"etag"), None)
            if etag is not None:
                out.append((b"etag", _gz_tag(etag)))
            out += [(b"content-encoding", b"gzip"), (b"content-length", str(len(gz)).encode())]
            await send(dict(start, headers=_vary(out)))
            await send({"type": "http.response.body", "body": b"" if head else gz, "more_body": False})

        await self.app(inner, receive, _send)

    async def _vary_only(self, scope, receive, send):
        """A client that takes no gzip: its answer as it is, with ``Vary: Accept-Encoding`` on text."""
        async def _send(message):
            if message["type"] == "http.response.start":
                hdrs = list(message["headers"])
                ctype = next((v for k, v in hdrs if k.lower() == b"content-type"), b"")
                if ctype.startswith(_TEXT) and not any(k.lower() == b"content-encoding" for k, _ in hdrs):
                    message = dict(message, headers=_vary(hdrs))
            await send(message)
        await self.app(scope, receive, _send)


def _gz_tag(etag: bytes) -> bytes:
    """``"abc"`` → ``"abc-gz"`` (a weak or a ``-gz`` tag as it is)."""
    if etag.endswith(b'-gz"') or not etag.endswith(b'"'):
        return etag
    return etag[:-1] + b'-gz"'


def _vary(headers: list) -> list:
    """``headers`` with ``Accept-Encoding`` among the ``Vary`` names."""
    for i, (k, v) in enumerate(headers):
        if k.lower() == b"vary":
            if b"accept-encoding" in v.lower():
                return headers
            out = list(headers)
            out[i] = (k, v + b", Accept-Encoding")
            return out
    return [*headers, (b"vary", b"Accept-Encoding")]


__all__ = ["Compress", "MIN_BYTES"]
