"""HTTP caching: strong ETags, conditional answers (304, 412), and the in-memory cache of rendered feeds.

Every answer to a GET carries a strong ``ETag`` (sha256 of the body) and answers ``304`` to a
matching ``If-None-Match`` (feeds and reports also to ``If-Modified-Since``). The preconditions
are read as RFC 9110 §13.2.2 orders them: an ``If-Match`` none of whose tags is the current
ETag (strong comparison: a ``W/`` tag never matches; ``*`` always does) answers ``412`` first;
then ``If-None-Match``; then, only without it, an ``If-Modified-Since`` — ignored when it is not
a valid date or is later than the server's clock (§13.1.3). A rendered feed (``FeedEntry``)
holds its body, its deterministic gzip and the header lists of its 200 and 304 answers, so that
answering it is a header scan and a dict lookup.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import threading
import time
from collections import OrderedDict
from datetime import datetime, timedelta
from datetime import time as dtime
from datetime import timezone
from email.utils import format_datetime, parsedate_to_datetime
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

from fastapi import Request
from fastapi.responses import Response

from almanac.lru import SizedCache
from almanac.exports import feeds
from almanac.exports.feeds import labels as L


def etag_of(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def modified_since(value: "str | bytes") -> "datetime | None":
    """An ``If-Modified-Since`` date, or None when it is to be ignored: not a valid HTTP date, or
    later than the server's clock (RFC 9110 §13.1.3)."""
    try:
        since = parsedate_to_datetime(value.decode("latin-1") if isinstance(value, bytes) else value)
    except (TypeError, ValueError, IndexError):
        return None
    if since is None or since.tzinfo is None or since > datetime.now(timezone.utc):
        return None
    return since


def match_fails(if_match: "str | bytes | None", etags) -> bool:
    """True when an ``If-Match`` is given and none of its tags is one of ``etags`` (the current
    representation's, as sent): strong comparison, so a ``W/`` tag never matches; ``*`` does."""
    if if_match is None:
        return False
    if isinstance(if_match, bytes):
        if_match = if_match.decode("latin-1")
    tags = {t.strip() for t in if_match.split(",")}
    return "*" not in tags and tags.isdisjoint(e.decode() if isinstance(e, bytes) else e for e in etags)


def precondition_failed(request: Request) -> Response:
    """The ``412`` of an ``If-Match`` that names no current ETag, as an ``{"error": …}`` line."""
    from almanac.errors import BadInput
    from almanac.exports.http.middleware import error, request_lang
    return error(412, BadInput(
        "If-Match: none of its tags is the current ETag of this resource",
        zh="If-Match：其中沒有此資源目前的 ETag",
        ko="If-Match: 이 자원의 현재 ETag가 하나도 없습니다"), lang=request_lang(request.scope))


def not_modified(request: Request, etag: str, last_modified: datetime | None) -> bool:
    inm = request.headers.get("if-none-match")
    if inm is not None:
        tags = [t.strip() for t in inm.split(",")]
        return "*" in tags or etag in tags or f"W/{etag}" in tags
    ims = request.headers.get("if-modified-since")
    if ims and last_modified is not None:
        since = modified_since(ims)
        return since is not None and last_modified.replace(microsecond=0) <= since
    return False


def conditional(request: Request, body: bytes, media_type: str, *, max_age: int,
                last_modified: datetime | None = None, etag: str | None = None,
                extra: dict | None = None) -> Response:
    """A 200 with ``ETag``/``Cache-Control`` (and ``Last-Modified``), a 304 when the client has
    it, or a 412 when its ``If-Match`` names none of the current ETag."""
    etag = etag or etag_of(body)
    if match_fails(request.headers.get("if-match"), (etag,)):
        return precondition_failed(request)
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={max_age}"}
    if last_modified is not None:
        headers["Last-Modified"] = format_datetime(last_modified.astimezone(timezone.utc), usegmt=True)
    headers.update(extra or {})
    if not_modified(request, etag, last_modified):
        return Response(status_code=304, headers=headers)
    return Response(content=body, media_type=media_type, headers=headers)


def json_answer(request: Request, doc, max_age: int = 300) -> Response:
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
    return conditional(request, body, "application/json", max_age=max_age)


class KeptBodies:
    """Bodies by key, each with the time it was made, bounded in bytes (least recently used
    first out: ``almanac.lru.SizedCache``; a body larger than an eighth of the bound is not kept)."""

    def __init__(self, max_bytes: int):
        self._store = SizedCache(max_bytes)

    @property
    def max_bytes(self) -> int:
        return self._store.max_bytes

    def get(self, key: tuple) -> "tuple[bytes, datetime] | None":
        return self._store.get(key)

    def put(self, key: tuple, body: bytes) -> tuple[bytes, datetime]:
        item = (body, datetime.now(timezone.utc).replace(microsecond=0))
        if len(body) > self.max_bytes // 8:
            return item
        return self._store.put(key, item, len(body))

    def stats(self) -> dict:
        s = self._store.stats()
        return {"entries": s["entries"], "bytes": s["bytes"], "max_bytes": s["max_bytes"]}


def accepts_gzip(value: bytes) -> bool:
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
        """``(status, header list, body)`` for a request with these raw ASGI ``headers``; a
        ``412`` (no headers, no body: the caller answers it) to an ``If-Match`` naming neither
        ETag of the feed."""
        inm = ims = im = None
        gz = False
        for k, v in headers:
            if k == b"accept-encoding":
                gz = accepts_gzip(v)
            elif k == b"if-none-match":
                inm = v
            elif k == b"if-modified-since":
                ims = v
            elif k == b"if-match":
                im = v
        if im is not None and match_fails(im, (self.etag, self.etag_gz)):
            return 412, [], b""
        if inm is not None:
            fresh = any(t.strip() in self._tags for t in inm.split(b","))
        elif ims is not None:
            since = modified_since(ims)
            fresh = since is not None and self.last_modified <= since
        else:
            fresh = False
        if fresh:
            return 304, self._h304_gz if gz else self._h304, b""
        body = self.gz if gz else self.body
        return 200, self._h_gz if gz else self._h, b"" if method == "HEAD" else body


def render_entry(task: str, tz: str, lang: str, alarm: int | None, cfg, max_age: int,
                 person=None) -> FeedEntry:
    """A feed variant rendered, ready to send until the next midnight of its zone. A module
    function of picklable arguments: it runs in the server or in a worker process alike."""
    today = feeds.today_in(tz)
    who = {} if person is None else {"born": person.birth_year, "sex": person.sex}
    f = feeds.rolling_feed(task, tz, lang, alarm, cfg, today, **who)
    expires = datetime.combine(today + timedelta(days=1), dtime(0), ZoneInfo(tz)).timestamp()
    return FeedEntry(f, task, max_age, expires)


#: the longest query string (bytes) whose exact request is remembered for the fast path; every
#: parameter a client may send fits in far less (a zone, a language, a place name, dates)
MAX_RAW_QUERY = 512


class RequestMap:
    """Exact requests ``(path, query)`` → the key of the answer they were given, for the fast
    paths (``FeedCache``, ``answers.StoredAnswers``): an LRU of at most ``most`` requests, each a
    path and a query of at most ``MAX_RAW_QUERY`` bytes — a longer query (junk parameters) is
    never remembered, its route answers it every time. ``bytes`` counts what the keys hold."""

    def __init__(self, most: int = 4096):
        self.most = most
        self._map: "OrderedDict[tuple, tuple]" = OrderedDict()
        self.bytes = 0
        self._lock = threading.Lock()

    def get(self, path: str, query: bytes) -> "tuple | None":
        return self._map.get((path, query))

    def __contains__(self, request: tuple) -> bool:
        return request in self._map

    def __len__(self) -> int:
        return len(self._map)

    def remember(self, path: str, query: bytes, key: tuple) -> None:
        if len(path) + len(query) > MAX_RAW_QUERY:
            return
        raw = (path, query)
        with self._lock:
            if raw not in self._map:
                self.bytes += _raw_key_bytes(raw)
            self._map[raw] = key
            self._map.move_to_end(raw)
            while len(self._map) > self.most:
                gone, _ = self._map.popitem(last=False)
                self.bytes -= _raw_key_bytes(gone)


def _raw_key_bytes(key: tuple) -> int:
    """What a ``(path, query)`` key of a request map holds: its strings and the entry around them."""
    return len(key[0]) + len(key[1]) + 200


class FeedCache:
    """Rendered feeds by variant key ``(task, tz, lang, alarm, config digest, person)`` — every
    parameter a client may vary — and, for the fast path, the exact request ``(path, query)`` → variant key; each valid
    until the next midnight of its zone (when the rolling horizon moves).

    Bounded by design: the variants are an LRU bounded in bytes (``[http] feed_cache_bytes``),
    the default feed of each task pinned; the request map is an LRU of at most ``MAX_RAW`` keys
    (a ``RequestMap``, pointing into the LRU, so an evicted variant is gone from both).
    ``stats()["request_bytes"]`` counts the map's keys."""

    MAX_RAW = 4096

    def __init__(self, cfg, max_age: int, max_bytes: int | None = None):
        self.cfg, self.max_age = cfg, max_age
        self.max_bytes = int(max_bytes if max_bytes is not None else cfg["http"]["feed_cache_bytes"])
        self.entries: OrderedDict[tuple, FeedEntry] = OrderedDict()
        self.raw = RequestMap(self.MAX_RAW)
        self.pinned: set[tuple] = set()
        self.bytes = 0
        self.evicted = 0
        self._lock = threading.Lock()

    def key(self, task: str, tz: str | None, lang: str | None, alarm: int | None, cfg=None,
            person=None) -> tuple:
        """``cfg``: the request's config (its place, clock, school…); default the service's.
        ``person``: whom the feed is for (``almanac.judgement.person.Person``), or None."""
        cfg = cfg or self.cfg
        return (task, tz or cfg["calendar"]["default_tz"], lang or L.LANGS[0], alarm, cfg.digest, person)

    def is_default(self, key: tuple) -> bool:
        return key[1:] == (self.cfg["calendar"]["default_tz"], L.LANGS[0], None, self.cfg.digest, None)

    @staticmethod
    def _size(e: FeedEntry) -> int:
        return len(e.body) + len(e.gz) + 2048

    def _get(self, key: tuple) -> "FeedEntry | None":
        e = self.entries.get(key)
        if e is None:
            return None
        if time.time() >= e.expires:
            with self._lock:
                if self.entries.get(key) is e:
                    self._drop(key)
            return None
        with self._lock:
            if key in self.entries:
                self.entries.move_to_end(key)
        return e

    def _drop(self, key: tuple) -> None:
        e = self.entries.pop(key, None)
        if e is not None:
            self.bytes -= self._size(e)

    def lookup(self, path: str, query: bytes) -> "FeedEntry | None":
        key = self.raw.get(path, query)
        return self._get(key) if key is not None else None

    def get(self, task: str, tz: str, lang: str | None, alarm: int | None,
            cfg=None, person=None) -> "FeedEntry | None":
        return self._get(self.key(task, tz, lang, alarm, cfg, person))

    def variant(self, task: str, tz: str | None, lang: str | None, alarm: int | None, cfg=None,
                person=None) -> tuple:
        """The variant key with the zone and language checked (``BadInput`` when they are not)."""
        cfg = cfg or self.cfg
        return self.key(task, feeds.check_tz(tz or cfg["calendar"]["default_tz"]), L.check_lang(lang), alarm,
                        cfg, person)

    def build(self, task: str, tz: str | None, lang: str | None, alarm: int | None,
              cfg=None, person=None, via=None) -> FeedEntry:
        """Render (or take from ``feeds``' cache) and remember; runs in a worker thread.
        ``via(fn, *args)``: where to call ``render_entry`` (default: here)."""
        cfg = cfg or self.cfg
        key = self.variant(task, tz, lang, alarm, cfg, person)
        e = self._get(key)
        if e is not None:
            return e
        args = (task, key[1], key[2], alarm, cfg, self.max_age, person)
        return self.put(key, via(render_entry, *args) if via else render_entry(*args))

    def put(self, key: tuple, e: FeedEntry) -> FeedEntry:
        """Remember a rendered variant (made here or in a worker process); returns it."""
        self._put(key, e)
        return e

    def _put(self, key: tuple, e: FeedEntry) -> None:
        with self._lock:
            now = time.time()
            for k in [k for k, v in self.entries.items() if v.expires <= now]:
                self._drop(k)
            self._drop(key)
            self.entries[key] = e
            self.bytes += self._size(e)
            if self.is_default(key):
                self.pinned.add(key)
            for k in list(self.entries):
                if self.bytes <= self.max_bytes:
                    break
                if k not in self.pinned and k != key:
                    self._drop(k)
                    self.evicted += 1

    def remember(self, path: str, query: bytes, entry_or_key) -> None:
        """Serve this exact request from the variant it was answered with."""
        key = entry_or_key if isinstance(entry_or_key, tuple) else next(
            (k for k, v in self.entries.items() if v is entry_or_key), None)
        if key is not None:
            self.raw.remember(path, query, key)

    def prime(self, task: str, via=None) -> None:
        """Render a task's default feed and serve ``/feeds/{task}.ics`` from memory."""
        self.build(task, None, None, None, via=via)
        key = self.key(task, None, None, None)
        path = f"/feeds/{task}.ics"
        self.remember(path, b"", key)
        # the query of the printed and index subscribe links (pages.subscribe_links)
        tz = self.cfg["calendar"]["default_tz"]
        self.remember(path, urlencode({"tz": tz, "lang": L.LANGS[0]}).encode(), key)

    def stats(self) -> dict:
        return {"variants": len(self.entries), "bytes": self.bytes, "max_bytes": self.max_bytes,
                "pinned": len(self.pinned), "evicted": self.evicted, "requests": len(self.raw),
                "request_bytes": self.raw.bytes}
