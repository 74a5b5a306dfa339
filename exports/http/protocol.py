"""The HTTP/1.1 protocol the service runs on: uvicorn's own (httptools when installed, else h11),
except for a request uvicorn's parser refuses before the application sees it — not HTTP, a
request line or header block past the parser's limit (a URL of more than about 64 KB): uvicorn
answers that ``400`` with a plain-text line of its own; here it is ``400`` ``{"error": …}`` like
every other refusal of the service (``exports.http.middleware.error``), so a client reads one
kind of error. (A URL longer than ``[http] max_url_bytes`` but short enough to be parsed is
answered ``414`` by ``middleware.UrlLimit``.)

The head of a request (its request line and headers) is bounded here too, by ``[http]
max_header_bytes``: uvicorn bounded the request line only, and httptools gathers a header's
value in memory whole before handing it over — a 64 MB header was answered ``200`` after 5 s, and
six of 100 MB took the server from 105 to 794 MB. A head past the bound, whether it arrives in
one piece or trickles in, is answered ``431`` ``{"error": …}`` and the connection closed as soon
as the bytes received without the head being complete pass it, so the parser never holds more
than the bound and one read. (The h11 fallback bounds the same bytes with its own
``max_incomplete_event_size``, set from the same option.) The number of header fields is bounded
by ``middleware.UrlLimit`` (``[http] max_headers``), for either parser.

>>> cls = protocol_class()
>>> cls.__name__, cls.send_400_response is not cls.__mro__[1].send_400_response, cls.max_head
('JsonErrorProtocol', True, 65536)
"""
from __future__ import annotations

import json

#: the answer's body: nothing of the request is quoted (it could not be read)
BODY = json.dumps({"error": "the request could not be read as HTTP/1.1: malformed, or its request "
                            "line or headers too long"}).encode()


#: the default bound of a request's head, in bytes (``[http] max_header_bytes``)
MAX_HEAD = 65536


def too_large(limit: int) -> bytes:
    """The body of a ``431``."""
    return json.dumps({"error": f"the request's header fields are too large: at most {limit} bytes "
                                f"of request line and headers are accepted"}).encode()


def _answer(default_headers, status: bytes = b"400 Bad Request", body: bytes = BODY) -> bytes:
    """The whole response (``400`` by default), the server's default headers (date, server) first."""
    lines = [b"HTTP/1.1 " + status + b"\r\n"]
    for name, value in default_headers:
        lines.extend([name, b": ", value, b"\r\n"])
    lines.extend([b"content-type: application/json\r\n",
                  b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                  b"connection: close\r\n\r\n", body])
    return b"".join(lines)


def protocol_class(max_head: int = MAX_HEAD) -> type:
    """uvicorn's protocol class for ``http="auto"``, answering the requests it cannot parse as
    the service answers bad input, and a head longer than ``max_head`` bytes with ``431`` (a
    subclass: nothing else changes)."""
    try:
        import httptools  # noqa: F401 — what uvicorn's "auto" chooses when installed
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as base
        counted = True
    except ImportError:
        from uvicorn.protocols.http.h11_impl import H11Protocol as base
        counted = False   # h11 bounds the head itself (max_incomplete_event_size)

    class JsonErrorProtocol(base):
        _too_big = False

        def send_400_response(self, msg: str) -> None:
            if self._too_big or (not counted and len(getattr(self.conn, "trailing_data", (b"",))[0])
                                 > self.max_head):
                return self.send_431_response()
            self.transport.write(_answer(self.server_state.default_headers))
            self.transport.close()

        def send_431_response(self) -> None:
            self.transport.write(_answer(self.server_state.default_headers,
                                         b"431 Request Header Fields Too Large", too_large(self.max_head)))
            self.transport.close()

        if counted:
            def connection_made(self, transport) -> None:
                self._in_head, self._head_bytes = True, 0
                super().connection_made(transport)

            def on_headers_complete(self) -> None:
                self._in_head, self._head_bytes = False, 0
                # a head that arrived whole in one read is measured here (the parser's error
                # handler then answers it: send_400_response)
                size = len(self.url) + sum(len(k) + len(v) + 4 for k, v in self.headers)
                if size > self.max_head:   # a request line that long: the parser's 400, as before
                    self._too_big = len(self.url) * 2 <= size
                    raise ValueError("request head too large")
                super().on_headers_complete()

            def on_message_complete(self) -> None:
                super().on_message_complete()
                self._in_head, self._head_bytes = True, 0

            def data_received(self, data: bytes) -> None:
                if self._in_head:
                    self._head_bytes += len(data)
                super().data_received(data)
                if self._in_head and self._head_bytes > self.max_head and not self.transport.is_closing():
                    # the head is still incomplete past its bound: a request line that long is
                    # the parser's refusal as before (a 400), anything else a 431
                    if len(getattr(self, "url", None) or b"") * 2 > self._head_bytes:
                        self.send_400_response("request line too long")
                    else:
                        self.send_431_response()

    JsonErrorProtocol.max_head = int(max_head)
    return JsonErrorProtocol


def server_config(app, **kw):
    """The ``uvicorn.Config`` the service runs with (``almanac serve``): its protocol
    (:func:`protocol_class`, bounded by the app's ``[http] max_header_bytes``), warnings only, no
    access log; ``kw`` (host, port …) as uvicorn takes them."""
    import uvicorn
    cfg = getattr(getattr(app, "state", None), "config", None)
    head = int(cfg["http"].get("max_header_bytes", MAX_HEAD)) if cfg is not None else MAX_HEAD
    return uvicorn.Config(app, http=protocol_class(head), **{
        "log_level": "warning", "access_log": False, "h11_max_incomplete_event_size": head, **kw})
