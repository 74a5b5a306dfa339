"""JSON answers the store holds current, kept by the checksums of the rows they are made of.

``/api/day`` and ``/api/best`` ask the store for a *tag* first: a digest of the checksums of the
rows the answer would be read from (``exports.store`` ``day_tag``/``best_tag``), or None when the
store does not hold the answer current. With a tag, the ETag is that tag and the request's other
parameters — no body is read, built or hashed to answer a ``304`` — and the body, once built, is
kept here (bounded in bytes, least recently used first) under that ETag: equal checksums, equal
rows, equal answer. Rows rewritten by a precompute have new checksums, so a new tag; a stale body
is never found again and falls out of the cache.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable

from fastapi import Request
from fastapi.responses import Response

from exports.http.caching import conditional, json_answer, not_modified


class StoredAnswers:
    def __init__(self, max_bytes: int = 32 * 1024 * 1024):
        self.max_bytes = max_bytes
        self._bodies: "OrderedDict[str, bytes]" = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    @staticmethod
    def etag(tag: str, *params) -> str:
        blob = json.dumps([tag, *params], ensure_ascii=False, default=str).encode()
        return '"s' + hashlib.blake2b(blob, digest_size=16).hexdigest() + '"'

    def answer(self, request: Request, tag: "str | None", params: tuple,
               build: Callable[[], object], max_age: int = 300) -> Response:
        """The answer ``build()`` gives, as ``json_answer`` sends it; with a ``tag``, from the
        cached body (or a 304) when the rows it stands for are unchanged."""
        if tag is None:
            return json_answer(request, build(), max_age)
        etag = self.etag(tag, *params)
        if not_modified(request, etag, None):
            return Response(status_code=304, headers={
                "ETag": etag, "Cache-Control": f"public, max-age={max_age}"})
        with self._lock:
            body = self._bodies.get(etag)
            if body is not None:
                self._bodies.move_to_end(etag)
                self.hits += 1
        if body is None:
            body = json.dumps(build(), ensure_ascii=False, separators=(",", ":")).encode()
            self._keep(etag, body)
        return conditional(request, body, "application/json", max_age=max_age, etag=etag)

    def _keep(self, etag: str, body: bytes) -> None:
        if len(body) > self.max_bytes // 8:
            return  # one answer never takes over the cache
        with self._lock:
            self.misses += 1
            if etag in self._bodies:
                return
            self._bodies[etag] = body
            self._size += len(body)
            while self._size > self.max_bytes:
                _, old = self._bodies.popitem(last=False)
                self._size -= len(old)

    def stats(self) -> dict:
        with self._lock:
            return {"entries": len(self._bodies), "bytes": self._size, "hits": self.hits,
                    "misses": self.misses}
