"""The HTTP/1.1 protocol the service runs on: uvicorn's own (httptools when installed, else h11),
except for a request uvicorn's parser refuses before the application sees it — not HTTP, a
request line or header block past the parser's limit (a URL of more than about 64 KB): uvicorn
answers that ``400`` with a plain-text line of its own; here it is ``400`` ``{"error": …}`` like
every other refusal of the service (``exports.http.middleware.error``), so a client reads one
kind of error. (A URL longer than ``[http] max_url_bytes`` but short enough to be parsed is
answered ``414`` by ``middleware.UrlLimit``.)

>>> cls = protocol_class()
>>> cls.__name__, cls.send_400_response is not cls.__mro__[1].send_400_response
('JsonErrorProtocol', True)
"""
from __future__ import annotations

import json

#: the answer's body: nothing of the request is quoted (it could not be read)
BODY = json.dumps({"error": "the request could not be read as HTTP/1.1: malformed, or its request "
                            "line or headers too long"}).encode()


def _answer(default_headers) -> bytes:
    """The whole ``400`` response, the server's default headers (date, server) first."""
    lines = [b"HTTP/1.1 400 Bad Request\r\n"]
    for name, value in default_headers:
        lines.extend([name, b": ", value, b"\r\n"])
    lines.extend([b"content-type: application/json\r\n",
                  b"content-length: " + str(len(BODY)).encode("ascii") + b"\r\n",
                  b"connection: close\r\n\r\n", BODY])
    return b"".join(lines)


def protocol_class() -> type:
    """uvicorn's protocol class for ``http="auto"``, answering the requests it cannot parse as
    the service answers bad input (a subclass: nothing else changes)."""
    try:
        import httptools  # noqa: F401 — what uvicorn's "auto" chooses when installed
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as base
    except ImportError:
        from uvicorn.protocols.http.h11_impl import H11Protocol as base

    class JsonErrorProtocol(base):
        def send_400_response(self, msg: str) -> None:
            self.transport.write(_answer(self.server_state.default_headers))
            self.transport.close()

    return JsonErrorProtocol


def server_config(app, **kw):
    """The ``uvicorn.Config`` the service runs with (``almanac serve``): its protocol
    (:func:`protocol_class`), warnings only, no access log; ``kw`` (host, port …) as uvicorn takes
    them."""
    import uvicorn
    return uvicorn.Config(app, http=protocol_class(), **{"log_level": "warning", "access_log": False,
                                                         **kw})
