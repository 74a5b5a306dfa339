"""JSON answers the store holds current, kept built and checked by the store's generation.

``/api/day`` and ``/api/best`` ask the store for a *tag* first: a digest of the checksums of the
rows the answer would be read from (``exports.store`` ``day_tag``/``best_tag``), or None when the
store does not hold the answer current. With a tag, the ETag is that tag and the request's other
parameters — no body is read, built or hashed to answer a ``304`` — and the answer, once built,
is kept here (bounded in bytes, least recently used first) under the request's parameters with
its ETag, its ready header lists and the store's *generation* read before the tag
(``exports.store.generation``: a ``stat`` and a 48-byte read on SQLite, the WAL position on
PostgreSQL).

A repeat request whose generation is unchanged — nothing was written to the store since — is
answered from the kept answer without reading a row. After any write the next request reads the
tag again: equal tag, the kept body stands (its generation is updated); a new tag, a new body.
A stale answer is never served: the generation is read before the rows, so a write committed
while an answer was being built shows as a new generation next time.

The exact requests answered so (path and query string) are remembered, so the fast path in front
of FastAPI (``middleware.FastPath``) answers their repeats with the same bytes and headers
without routing, validation or a worker thread.
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from almanac.exports.http.caching import RequestMap, json_answer, match_fails, not_modified, precondition_failed


class Kept:
    """One kept answer: the store's generation it was checked at, its ETag, body and the header
    lists of its 200 and 304 answers (made by Starlette's own ``Response``, so they are the
    very headers the route sends)."""

    __slots__ = ("generation", "etag", "body", "h200", "h304", "tags")

    def __init__(self, generation, etag: str, body: bytes, max_age: int):
        self.generation, self.etag, self.body = generation, etag, body
        headers = {"ETag": etag, "Cache-Control": f"public, max-age={max_age}"}
        self.h200 = Response(content=body, media_type="application/json", headers=headers).raw_headers
        self.h304 = Response(status_code=304, headers=headers).raw_headers
        e = etag.encode()
        self.tags = {e, b"W/" + e, b"*"}

    def fresh(self, if_none_match: "bytes | None") -> bool:
        """``not_modified``'s rule on a raw ``If-None-Match`` value."""
        return if_none_match is not None and any(t.strip() in self.tags for t in if_none_match.split(b","))

    def raw(self, headers) -> tuple[int, list, bytes]:
        """``(status, header list, body)`` for a request with these raw ASGI ``headers``."""
        inm = next((v for k, v in headers if k == b"if-none-match"), None)
        if self.fresh(inm):
            return 304, self.h304, b""
        return 200, self.h200, self.body

    def response(self, request: Request) -> Response:
        if match_fails(request.headers.get("if-match"), (self.etag,)):
            return precondition_failed(request)
        status, headers, body = self.raw(request.scope["headers"])
        resp = Response(content=body, status_code=status)
        resp.raw_headers = list(headers)
        return resp


class SharedRead:
    """Concurrent requests on the event loop share reads of a marker that waits on a server
    (PostgreSQL's WAL position; ``read`` a coroutine function): each caller gets a read that
    *began after it asked* — so a write committed before its request arrived is always seen —
    but one read serves every request that arrived while the previous one was under way,
    instead of one query each. With ``reuse_seconds`` (``[http] store_check_seconds``) a read
    that began less than that long ago is answered at once (a write shows at most that much
    later), and once it is half that old the next read starts in the background."""

    def __init__(self, read: Callable[[], Awaitable[object]], reuse_seconds: float = 0.0):
        self.read, self.reuse_seconds = read, float(reuse_seconds)
        self._task: "asyncio.Task | None" = None
        self._task_seq = self._seq = 0
        self._last: "tuple[object, float] | None" = None  # the last read's value, when it began

    async def __call__(self):
        last = self._last
        if last is not None:
            age = time.monotonic() - last[1]
            if age < self.reuse_seconds:  # ``[http] store_check_seconds``: a read that recent stands
                if age >= self.reuse_seconds / 2 and self._task is None:
                    self._start()  # the next one is read meanwhile: no request waits for it
                return last[0]
        asked = self._seq
        while True:
            task = self._task
            if task is not None and task.get_loop() is not asyncio.get_running_loop():
                task = self._task = None  # another event loop's (a test client's): not ours
            if task is None:
                return await asyncio.shield(self._start())
            if self._task_seq > asked:
                return await asyncio.shield(task)
            await asyncio.wait([task])  # it began before we asked: wait for it, then look again

    def _start(self) -> "asyncio.Task":
        self._seq += 1
        task = asyncio.get_running_loop().create_task(self.read())
        self._task, self._task_seq = task, self._seq
        task.add_done_callback(functools.partial(self._done, task, time.monotonic()))
        return task

    def _done(self, task, began: float, _):
        if self._task is task:
            self._task = None
        if not task.cancelled() and task.exception() is None and task.result() is not None:
            self._last = (task.result(), began)


class StoredAnswers:
    """``answer`` for the routes, ``known``/``lookup`` for the fast path; ``generation()`` reads
    the store's marker (None: nothing is answered by it) and ``blocking()`` says it waits on a
    database server (the fast path then reads it in a worker thread, one read shared by the
    requests that arrived while the previous one was under way)."""

    MAX_RAW = 4096

    def __init__(self, generation: Callable[[], object] = lambda: None,
                 blocking: Callable[[], bool] = lambda: False,
                 max_bytes: int = 32 * 1024 * 1024, max_age: int = 300, reuse_seconds: float = 0.0):
        self.generation, self.blocking = generation, blocking
        self.shared_generation = SharedRead(lambda: run_in_threadpool(generation), reuse_seconds)
        self.max_bytes, self.max_age = max_bytes, max_age
        self._kept: "OrderedDict[tuple, Kept]" = OrderedDict()
        self._raw = RequestMap(self.MAX_RAW)
        self._size = 0
        self._lock = threading.Lock()
        self.hits = self.misses = self.revalidated = 0

    @staticmethod
    def etag(tag: str, *params) -> str:
        blob = json.dumps([tag, *params], ensure_ascii=False, default=str).encode()
        return '"s' + hashlib.blake2b(blob, digest_size=16).hexdigest() + '"'

    # ------------------------------------------------------------------ the routes' side
    def answer(self, request: Request, key: tuple, tag_of: Callable[[], "str | None"],
               build: Callable[[], object], otherwise: "Callable[[], Response] | None" = None) -> Response:
        """The answer ``build()`` gives, as ``json_answer`` sends it. ``key``: every parameter
        of the answer. Kept and unchanged since (same generation): from memory; else with a
        ``tag_of()``, from the kept body when the rows are unchanged, a 304 when the client has
        it; without a tag, ``otherwise()`` (default: ``build()`` sent as it is)."""
        gen = self.generation()  # before the rows: a write after it shows as a new one
        k = self._kept.get(key)
        if k is not None and gen is not None and k.generation == gen:
            return self._hit(request, key, k)
        tag = tag_of()
        if tag is None:
            return otherwise() if otherwise is not None else json_answer(request, build(), self.max_age)
        etag = self.etag(tag, *key)
        if k is not None and k.etag == etag:  # written since, but not these rows
            with self._lock:
                k.generation = gen
                self.revalidated += 1
            return self._hit(request, key, k)
        if match_fails(request.headers.get("if-match"), (etag,)):
            return precondition_failed(request)
        if not_modified(request, etag, None):
            return Response(status_code=304, headers={
                "ETag": etag, "Cache-Control": f"public, max-age={self.max_age}"})
        body = json.dumps(build(), ensure_ascii=False, separators=(",", ":")).encode()
        k = Kept(gen, etag, body, self.max_age)
        self._keep(key, k)
        self._remember(request, key)
        return k.response(request)

    def _hit(self, request: Request, key: tuple, k: Kept) -> Response:
        with self._lock:
            self.hits += 1
            if key in self._kept:
                self._kept.move_to_end(key)
        self._remember(request, key)
        return k.response(request)

    def _keep(self, key: tuple, k: Kept) -> None:
        with self._lock:
            self.misses += 1
            if len(k.body) > self.max_bytes // 8:
                return  # one answer never takes over the cache
            old = self._kept.pop(key, None)
            if old is not None:
                self._size -= len(old.body)
            self._kept[key] = k
            self._size += len(k.body)
            while self._size > self.max_bytes:
                _, gone = self._kept.popitem(last=False)
                self._size -= len(gone.body)

    def _remember(self, request: Request, key: tuple) -> None:
        if request.method == "GET":  # a long query (junk parameters) is never a key (RequestMap)
            self._raw.remember(request.scope["path"], request.scope["query_string"], key)

    # ------------------------------------------------------------------ the fast path's side
    async def generation_now(self):
        """The store's generation for the event loop: read here (SQLite: a ``stat``), or shared
        between concurrent requests when it waits on a server (``SharedRead``)."""
        return await self.shared_generation() if self.blocking() else self.generation()

    def known(self, path: str, query: bytes) -> bool:
        """True when this exact request was answered from a kept answer before."""
        return (path, query) in self._raw

    def lookup(self, path: str, query: bytes, gen) -> "Kept | None":
        """The kept answer of this exact request when the store's generation is still ``gen``."""
        key = self._raw.get(path, query)
        if key is None or gen is None:
            return None
        k = self._kept.get(key)
        if k is None or k.generation != gen:
            return None
        with self._lock:
            self.hits += 1
            if key in self._kept:
                self._kept.move_to_end(key)
        return k

    def stats(self) -> dict:
        with self._lock:
            return {"entries": len(self._kept), "bytes": self._size, "hits": self.hits,
                    "misses": self.misses, "revalidated": self.revalidated,
                    "requests": len(self._raw), "request_bytes": self._raw.bytes}
