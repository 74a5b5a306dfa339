"""Service hardening: bounded cost per request, no secret in any answer or log, race-free files,
stable feed stamps across variants and restarts, failures that look like failures, and zones
that are places. In-process (FastAPI's TestClient) where a process is not the point; a real
uvicorn process where it is (concurrency, stderr)."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

PASSWORD = "S3cretPW"
BAD_URL = f"postgresql+psycopg://almanac:{PASSWORD}@127.0.0.1:notaport/almanac"
#: invalid URLs whose secrets the old redaction let through: a raw space or quote in the password
#: (the pattern stopped there), a secret query parameter (never looked at)
SPACED = "S3c retPW"
QUOTED = "S3c'retPW"
SSL_SECRET = "Ss1Secret"
LEAKY_URLS = {
    "space": (f"postgresql+psycopg://almanac:{SPACED}@127.0.0.1:notaport/almanac", SPACED),
    "quote": (f"postgresql+psycopg://almanac:{QUOTED}@127.0.0.1:notaport/almanac", QUOTED),
    "both quotes": ("postgresql+psycopg://almanac:S3c'\"retPW@127.0.0.1:notaport/almanac", "S3c'\"retPW"),
    "sslpassword": (f"postgresql+psycopg://almanac@127.0.0.1:notaport/almanac?sslpassword={SSL_SECRET}",
                    SSL_SECRET),
    "password param": (f"postgresql+psycopg://almanac@127.0.0.1:notaport/almanac?sslmode=require"
                       f"&password={SSL_SECRET}", SSL_SECRET),
}


def _pieces(secret: str) -> list[str]:
    """The secret and its parts longer than two characters (a part left standing is a leak too)."""
    import re
    return [secret] + [p for p in re.split(r"[\s'\"]", secret) if len(p) > 2 and p != secret]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_LAUNCH = """
import uvicorn
from almanac.exports.http import create_app
from almanac.exports.http.protocol import server_config
uvicorn.Server(server_config(create_app({config!r}), host="127.0.0.1", port={port})).run()
"""


class Server:
    """A real ``uvicorn`` process on loopback with its own data folder; stops itself at exit."""

    def __init__(self, data: Path, config: dict, env: dict | None = None, ready: int = 200):
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCH.format(config=config, port=self.port)],
            env={**os.environ, "ALMANAC_DATA_DIR": str(data), **(env or {})},
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(600):
            try:
                if httpx.get(self.base + "/healthz", timeout=5).status_code == ready:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError("server died: " + self.proc.stderr.read().decode()[-2000:])
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("server did not start")

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        return self.proc.stderr.read().decode(errors="replace")


def _client(config: dict | None = None) -> TestClient:
    from almanac.exports.http import create_app
    return TestClient(create_app(config or {}), raise_server_exceptions=False)


# ---------------------------------------------------------------------- zones
@pytest.mark.parametrize("name", ["posixrules", "Factory", "right/UTC", "posix/Asia/Seoul", "localtime"])
def test_zones_that_are_not_places_are_refused(name, data):
    from almanac.errors import BadInput
    from almanac.exports.feeds import check_tz
    with pytest.raises(BadInput):
        check_tz(name)
    r = _client().get(f"/api/day/2026-11-29?tz={name}")
    assert r.status_code == 400 and "time zone" in r.json()["error"]


def test_place_zones_still_accepted(data):
    from almanac.exports.feeds import check_tz
    for name in ("Asia/Seoul", "UTC", "Etc/GMT-8", "America/New_York", "Australia/Lord_Howe"):
        assert check_tz(name) == name


# ---------------------------------------------------------------------- OpenAPI
def test_openapi_types_dates_as_dates(data):
    spec = _client().get("/openapi.json").json()
    day = {p["name"]: p for p in spec["paths"]["/api/day/{day}"]["get"]["parameters"]}
    assert day["day"]["schema"]["format"] == "date"
    best = {p["name"]: p for p in spec["paths"]["/api/best"]["get"]["parameters"]}
    assert best["from"]["schema"]["format"] == "date" and best["to"]["schema"]["format"] == "date"


# ---------------------------------------------------------------------- HEAD
def test_every_get_route_answers_head_as_its_get_without_a_body(data):
    """RFC 9110: HEAD wherever GET is answered, with the GET's status and headers and no body. A
    load balancer that checks ``HEAD /healthz`` must not see 405; errors keep their status too."""
    c = _client({"feeds": {"future_days": 1, "past_days": 0}, "http": {"expensive_processes": False}})
    spec = c.get("/openapi.json").json()
    filled = {"/api/day/{day}": "/api/day/2026-11-29", "/feeds/{name}": "/feeds/travel.ics",
              "/reports/{name}": "/reports/latest.html",
              "/api/chart": "/api/chart?at=2026-11-29T12:30:00%2B08:00",
              "/api/best": "/api/best?task=travel&from=2026-12-01&to=2026-12-02"}
    gets = [filled.get(p, p) for p, ops in spec["paths"].items() if "get" in ops]
    assert {"/healthz", "/", "/api/tasks", "/api/day/2026-11-29", "/reports/latest.html"} <= set(gets)
    paths = gets + ["/openapi.json", "/docs", "/api/day/2026-02-30", "/api/chart", "/no/such/path",
                    "/feeds/nope.ics", "/api/day/2026-11-29?tz=Asia/Seoul"]
    for path in paths:
        get = c.get(path)
        head = c.head(path)
        assert head.status_code == get.status_code, (path, head.status_code, get.status_code)
        assert head.content == b"", path
        if path == "/healthz":  # its counters move between two requests: a length, not the same one
            assert int(head.headers["content-length"]) > 0
        else:
            assert head.headers["content-length"] == get.headers["content-length"], path
            if "content-encoding" not in get.headers:
                assert int(head.headers["content-length"]) == len(get.content), path
        for name in ("content-type", "content-encoding", "etag", "last-modified", "cache-control", "vary"):
            assert head.headers.get(name) == get.headers.get(name), (path, name)
        if "etag" in get.headers:  # a conditional HEAD answers as the GET does
            assert c.head(path, headers={"If-None-Match": get.headers["etag"]}).status_code == 304, path
    assert c.post("/healthz").status_code == 405  # only HEAD is added


def test_a_range_over_a_date_the_zone_skipped_answers_over_http(data):
    """Pacific/Apia skipped 2011-12-30: a range over it answers for the dates it had; the date's
    own day and a wall time in it are 400s that do not call the jump a daylight-saving change."""
    c = _client({"http": {"expensive_processes": False}})
    r = c.get("/api/best?task=travel&from=2011-12-29&to=2011-12-31&tz=Pacific/Apia&limit=100")
    assert r.status_code == 200, r.text
    assert r.json()["results"] and not [x for x in r.json()["results"] if x["start"].startswith("2011-12-30")]
    for path in ("/api/day/2011-12-30?tz=Pacific/Apia", "/api/chart?at=2011-12-30T12:00&tz=Pacific/Apia",
                 "/api/best?task=travel&from=2011-12-30&to=2011-12-30&tz=Pacific/Apia"):
        for lang in ("en", "ko", "zh-Hant"):
            r = c.get(f"{path}&lang={lang}")
            assert r.status_code == 400, (path, r.text)
            text = r.json()["error"]
            assert "2011-12-30" in text and "UTC+14:00" in text, text
            assert "daylight" not in text and "서머타임" not in text and "夏令" not in text, text


# ---------------------------------------------------------------------- secrets
def test_redact_hides_passwords_even_unparsable():
    from almanac.redaction import redact
    assert PASSWORD not in redact(f"x {BAD_URL!r} y")
    assert PASSWORD not in redact(f"dsn=host=h password={PASSWORD} dbname=d")
    assert redact("postgresql+psycopg://postgres@127.0.0.1:55432/db") == \
        "postgresql+psycopg://postgres@127.0.0.1:55432/db"


@pytest.mark.parametrize("kind", sorted(LEAKY_URLS))
def test_redact_hides_passwords_with_spaces_quotes_and_query_secrets(kind):
    """The text alone, as every message shows a URL: plain, in repr quotes, in a sentence."""
    import almanac.redaction as R
    url, secret = LEAKY_URLS[kind]
    R._known.clear()  # the pattern alone, without the URLs this process was given
    for text in (url, repr(url), f"database URL {url!r} is not valid; accepted: …",
                 f"cannot open {url} (try again)", f"a: {url}\nb: {url!r}"):
        out = R.redact(text)
        assert not any(p in out for p in _pieces(secret)), (text, out)
        assert "***" in out and "127.0.0.1" in out
    # a message that quotes the secret away from its URL: hidden once the URL is known
    R.remember(url)
    assert secret not in R.redact(f"authentication with {secret!r} failed")
    assert R.redact("sslpassword=abc&x=1") == "sslpassword=***&x=1"
    assert R.redact("host=h password='a b' sslpassword=\"c d\" dbname=d") == \
        "host=h password=*** sslpassword=*** dbname=d"


@pytest.mark.parametrize("kind", sorted(LEAKY_URLS))
def test_invalid_url_messages_hide_every_secret(kind, tmp_path, monkeypatch):
    from almanac.errors import BadConfig
    from almanac.exports.store.db import resolve_url
    url, secret = LEAKY_URLS[kind]
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    with pytest.raises(BadConfig) as e:
        resolve_url(url)
    for lang in (None, "zh-Hant", "ko"):
        text = e.value.text(lang)
        assert not any(p in text for p in _pieces(secret)) and "***" in text, text


@pytest.mark.parametrize("kind", ["space", "quote", "sslpassword"])
def test_precompute_never_prints_a_secret(kind, tmp_path):
    url, secret = LEAKY_URLS[kind]
    env = {**os.environ, "ALMANAC_DATA_DIR": str(tmp_path), "ALMANAC_DB_URL": url}
    r = subprocess.run([sys.executable, "-m", "almanac.cli", "precompute", "--from", "2026-12-01",
                        "--to", "2026-12-01"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert not any(p in r.stderr + r.stdout for p in _pieces(secret)) and "***" in r.stderr, r.stderr


def test_serve_start_line_hides_query_secrets(tmp_path, monkeypatch):
    """A valid URL with ``?sslpassword=``: the line naming the database hides it."""
    from almanac.cli.serve import where_data_lives
    from almanac import config as config_mod
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ALMANAC_DB_URL", f"postgresql+psycopg://almanac:{PASSWORD}@127.0.0.1:5998/almanac"
                                         f"?sslmode=require&sslpassword={SSL_SECRET}")
    line = where_data_lives(config_mod.load(None))
    assert PASSWORD not in line and SSL_SECRET not in line
    assert "sslpassword=***" in line and "almanac:***@127.0.0.1:5998" in line


@pytest.mark.slow
@pytest.mark.parametrize("url", [BAD_URL, LEAKY_URLS["space"][0], LEAKY_URLS["sslpassword"][0]],
                         ids=["port", "space", "sslpassword"])
def test_password_never_leaves_the_service(tmp_path, url):
    """A typo in the port of a URL with a password: every answer is a 5xx (the service's fault,
    not the client's) and neither the bodies nor stderr carry the password."""
    today = date.today().isoformat()
    secret = next((s for u, s in LEAKY_URLS.values() if u == url), PASSWORD)
    srv = Server(tmp_path, {}, env={"ALMANAC_DB_URL": url}, ready=503)
    try:
        bodies = []
        for path in ("/healthz", "/api/day/2026-11-29", "/feeds/travel.ics", f"/reports/{today}.html"):
            r = httpx.get(srv.base + path, timeout=60)
            assert r.status_code == 503, (path, r.status_code, r.text)
            assert "retry-after" in r.headers and r.json()["error"]
            bodies.append(r.text)
        # what needs no store may still answer; nothing is blamed on the client
        r = httpx.get(srv.base + "/api/best?task=travel&from=2026-12-01&to=2026-12-01", timeout=60)
        assert r.status_code in (200, 503)
        bodies.append(r.text)
    finally:
        err = srv.stop()
    for text in bodies + [err]:
        assert not any(p in text for p in _pieces(secret)), text
    assert "***" in bodies[0]


def test_password_never_on_the_command_line(tmp_path):
    env = {**os.environ, "ALMANAC_DATA_DIR": str(tmp_path), "ALMANAC_DB_URL": BAD_URL}
    r = subprocess.run([sys.executable, "-m", "almanac.cli", "precompute", "--from", "2026-12-01",
                        "--to", "2026-12-01"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert PASSWORD not in r.stderr + r.stdout and "***" in r.stderr


def test_log_records_are_redacted():
    import logging

    from almanac.redaction import RedactingFilter
    rec = logging.LogRecord("x", logging.ERROR, __file__, 1, "cannot open %s", (BAD_URL,), None)
    try:
        raise RuntimeError(f"connect to {BAD_URL} failed")
    except RuntimeError:
        rec.exc_info = sys.exc_info()
    RedactingFilter().filter(rec)
    out = logging.Formatter().format(rec)
    assert PASSWORD not in out and "***" in out and "RuntimeError" in out


# ---------------------------------------------------------------------- files
def test_atomic_write_under_concurrency(tmp_path):
    from almanac.exports.feeds import atomic_write
    target = tmp_path / "page.html"
    payloads = [bytes([65 + i]) * 200_000 for i in range(16)]
    start = threading.Barrier(16)

    def write(p):
        start.wait()
        for _ in range(5):
            atomic_write(target, p)

    with ThreadPoolExecutor(16) as ex:
        list(ex.map(write, payloads))  # raises if any writer failed
    assert target.read_bytes() in payloads  # whole, one writer's
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]  # no temp file left


@pytest.mark.slow
def test_concurrent_report_requests_do_not_race(tmp_path):
    day = (date.today() + timedelta(days=3)).isoformat()
    srv = Server(tmp_path, {"http": {"expensive_slots": 16}})
    try:
        with ThreadPoolExecutor(8) as ex:
            rs = list(ex.map(lambda _: httpx.get(f"{srv.base}/reports/{day}.html", timeout=300), range(8)))
    finally:
        err = srv.stop()
    assert [r.status_code for r in rs] == [200] * 8, [r.text[:200] for r in rs]
    assert len({r.content for r in rs}) == 1
    assert str(tmp_path) not in "".join(r.text for r in rs) + err
    assert not [p for p in (tmp_path / "reports").iterdir() if p.name.startswith(".")]


def _raw(port: int, request: bytes) -> tuple[int, dict, bytes]:
    """Send ``request`` as it is and read the whole answer: (status, headers, body). A server that
    answers and closes before reading all of a long request resets the connection: what it sent
    before is read all the same."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        try:
            s.sendall(request)
        except OSError:
            pass
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except ConnectionResetError:
            pass
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def test_requests_the_parser_refuses_are_json_errors_too(tmp_path):
    """A URL past the protocol parser's own limit, or a request that is not HTTP at all, never
    reaches the application: the answer is still a 400 JSON error, not a plain-text line."""
    srv = Server(tmp_path, {})
    try:
        refused = [_raw(srv.port, b"GET /api/day/2026-01-01?x=" + b"a" * n + b" HTTP/1.1\r\nHost: x\r\n\r\n")
                   for n in (100_000, 1_000_000)]
        refused.append(_raw(srv.port, b"GET /api/day/2026-01-01 junk junk\r\n\r\n"))
        refused.append(_raw(srv.port, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64))
        parsed = _raw(srv.port, b"GET /api/day/2026-01-01?x=" + b"a" * 20_000 + b" HTTP/1.1\r\n"
                      b"Host: x\r\nConnection: close\r\n\r\n")
        fine = _raw(srv.port, b"GET /api/day/2026-01-01 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    finally:
        srv.stop()
    for status, headers, body in refused:
        assert status == 400 and headers["content-type"] == "application/json", (status, headers)
        assert "HTTP" in json.loads(body)["error"] and headers["content-length"] == str(len(body))
    assert parsed[0] == 414 and "8192" in json.loads(parsed[2])["error"]  # the application's own limit
    assert fine[0] == 200 and json.loads(fine[2])["date"] == "2026-01-01"


# ---------------------------------------------------------------------- on-demand reports
def test_reports_outside_the_window_are_404_and_never_written(data):
    from almanac import config as config_mod
    from almanac.exports.feeds import today_in
    c = _client({"http": {"report_past_days": 3, "report_future_days": 3}})
    # "today" is the service's zone's date (Asia/Shanghai by default), not the test machine's: late in
    # a UTC day it is already tomorrow there
    today = today_in(config_mod.load()["calendar"]["default_tz"])
    for d in ("2999-12-31", "1999-01-01", (today + timedelta(days=4)).isoformat(),
              (today - timedelta(days=4)).isoformat()):
        r = c.get(f"/reports/{d}.html")
        assert r.status_code == 404 and "window" in r.json()["error"], r.text
    folder = data / "reports"
    assert not folder.exists() or not list(folder.iterdir())


def test_on_demand_report_never_becomes_latest(data):
    from almanac.exports.reports import write_reports
    folder = data / "reports"
    night = date.today()
    write_reports(night, 1, folder, None)  # the nightly run
    before = (folder / "latest.html").read_bytes()
    r = _client().get(f"/reports/{(night + timedelta(days=2)).isoformat()}.html")
    assert r.status_code == 200
    assert (folder / "latest.html").read_bytes() == before == (folder / f"{night}.html").read_bytes()


# ---------------------------------------------------------------------- feed stamps
def _seqs(body: bytes) -> list[int]:
    return [int(line.split(b":")[1]) for line in body.split(b"\r\n") if line.startswith(b"SEQUENCE:")]


def test_variant_never_restamps_the_plain_feed(data):
    """An alarm variant shares the plain feed's UIDs but not their content; asking for it, then
    restarting, leaves the plain feed byte-identical with every SEQUENCE at 0."""
    from almanac.exports import feeds
    cfg = {"feeds": {"future_days": 2, "past_days": 0}}
    # a range with good hours for the task: hour events are what carry the alarm
    day = next(date(2026, 12, 1) + timedelta(days=i) for i in range(60)
               if b"VALARM" in feeds.build_feed("travel", date(2026, 12, 1) + timedelta(days=i),
                                                 date(2026, 12, 1) + timedelta(days=i), None, None, 30,
                                                 cfg).body)
    feeds.ledger._stamps_cache.clear()
    for p in data.glob("feed-stamps*"):
        p.unlink()  # a fresh ledger: the search above stamped nothing of the plain feed
    plain = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, None, cfg)
    variant = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, 30, cfg)
    assert b"VALARM" in variant.body and set(_seqs(variant.body)) == {0}
    feeds.ledger._stamps_cache.clear()  # a restart: only the ledger file remains
    feeds.rolling._cache.clear()
    time.sleep(1.1)  # a re-stamp would show a new DTSTAMP second
    again = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, None, cfg)
    assert again.etag == plain.etag and again.body == plain.body
    assert set(_seqs(again.body)) == {0}
    variant2 = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, 30, cfg)
    assert variant2.body == variant.body


# ---------------------------------------------------------------------- bounded feed cache
def test_feed_variant_cache_is_bounded_and_pins_the_default(data, monkeypatch):
    from almanac import config as config_mod
    from almanac.exports import feeds
    from almanac.exports.http.caching import FeedCache
    made = []

    def fake(task, tz, lang, alarm, cfg, today):
        made.append(alarm)
        body = b"BEGIN:VCALENDAR\r\n" + bytes([65 + (alarm or 0) % 26]) * 100_000 + b"\r\nEND:VCALENDAR\r\n"
        return feeds.Feed(body, f'"{alarm}"', datetime(2026, 1, 1, tzinfo=timezone.utc), 1, today, today)

    monkeypatch.setattr(feeds, "rolling_feed", fake)
    cache = FeedCache(config_mod.load({}), 3600, max_bytes=600_000)
    default = cache.build("travel", None, None, None)
    for alarm in range(1, 301):
        cache.build("travel", None, None, alarm)
        cache.remember("/feeds/travel.ics", f"alarm={alarm}".encode(), cache.key("travel", None, None, alarm))
        assert cache.bytes <= 600_000
    assert cache.get("travel", cache.key("travel", None, None, None)[1], None, None) is default
    assert cache.evicted >= 290 and len(cache.entries) <= 6
    assert cache.lookup("/feeds/travel.ics", b"alarm=1") is None      # evicted: rendered again on demand
    assert cache.lookup("/feeds/travel.ics", b"alarm=300") is not None  # most recent kept


def test_feeds_module_cache_is_bounded(data, monkeypatch):
    from almanac.exports import feeds
    monkeypatch.setattr(feeds.build, "build_feed", lambda *a, **k: object())
    feeds.rolling._cache.clear()
    for alarm in range(200):
        feeds.rolling_feed("travel", None, None, alarm, None, date(2026, 12, 1))
    assert len(feeds.rolling._cache) <= feeds.rolling._CACHE_MAX and len(feeds.rolling._build_locks) <= feeds.rolling._CACHE_MAX


def test_junk_query_strings_are_never_kept_as_request_keys(data):
    """The fast path's maps of exact requests (feeds, kept API answers) remember only short query
    strings: junk parameters of 5 KB each are answered by the route every time and take no key,
    and ``/healthz`` counts the bytes the maps' keys hold."""
    from starlette.requests import Request

    from almanac.exports.http.answers import StoredAnswers
    from almanac.exports.http.caching import MAX_RAW_QUERY
    c = _client({"feeds": {"future_days": 1, "past_days": 0}})
    plain = c.get("/feeds/travel.ics?tz=Asia/Shanghai")
    assert plain.status_code == 200
    before = c.get("/healthz").json()["feed_cache"]
    assert before["requests"] >= 1 and before["request_bytes"] > 0
    for i in range(40):
        r = c.get(f"/feeds/travel.ics?tz=Asia/Shanghai&junk{i}=" + "x" * 5000)
        assert r.status_code == 200 and r.content == plain.content
    after = c.get("/healthz").json()["feed_cache"]
    assert after["requests"] == before["requests"] and after["request_bytes"] == before["request_bytes"]

    answers = StoredAnswers(lambda: 1)

    def ask(query: bytes):
        scope = {"type": "http", "method": "GET", "path": "/api/day/2026-12-02", "query_string": query,
                 "headers": []}
        return answers.answer(Request(scope), ("day", query), lambda: "tag", lambda: {"day": 1})
    for i in range(40):
        assert ask(b"tz=Asia/Shanghai&junk%d=" % i + b"x" * 5000).status_code == 200
    assert answers.stats()["requests"] == 0 and answers.stats()["request_bytes"] == 0
    assert ask(b"tz=Asia/Shanghai").status_code == 200
    assert answers.known("/api/day/2026-12-02", b"tz=Asia/Shanghai")
    stats = answers.stats()
    assert stats["requests"] == 1 and 0 < stats["request_bytes"] <= MAX_RAW_QUERY + 256


def test_if_match_and_a_future_if_modified_since_are_read_as_rfc_9110_says(data):
    """``If-Match`` naming no current ETag answers 412 on GET and HEAD (RFC 9110 §13.1.1), from
    the feed fast path, the feed route, kept API answers and any other page alike; an
    ``If-Modified-Since`` later than the server's clock is ignored (§13.1.3): a 200, never a 304."""
    from starlette.requests import Request

    from almanac.exports.http.answers import StoredAnswers
    c = _client({"feeds": {"future_days": 1, "past_days": 0}})
    url = "/feeds/travel.ics?tz=Asia/Shanghai"
    first = c.get(url, headers={"Accept-Encoding": "identity"})  # the route; repeats: the fast path
    etag, gz = first.headers["etag"], first.headers["etag"][:-1] + '-gz"'
    future = "Tue, 01 Jan 2200 00:00:00 GMT"
    for _ in range(2):                                   # the route's answer, then the fast path's
        for method in ("GET", "HEAD"):
            r = c.request(method, url, headers={"If-Match": '"nope"'})
            assert r.status_code == 412, (method, r.status_code)
            if method == "GET":
                assert list(r.json()) == ["error"] and "If-Match" in r.json()["error"]
            assert c.request(method, url, headers={"If-Match": f"W/{etag}"}).status_code == 412
            for ok in (etag, gz, "*", f'"nope", {etag}'):
                assert c.request(method, url, headers={"If-Match": ok}).status_code == 200, ok
            assert c.request(method, url, headers={"If-Modified-Since": future}).status_code == 200
            past = c.request(method, url, headers={"If-Modified-Since": first.headers["last-modified"]})
            assert past.status_code == 304
        c.get(url)
    other = c.get("/feeds/travel.ics?tz=Asia/Seoul", headers={"If-Match": '"nope"'})  # first request
    assert other.status_code == 412
    tasks = c.get("/api/tasks")
    assert c.get("/api/tasks", headers={"If-Match": '"nope"'}).status_code == 412
    assert c.get("/api/tasks", headers={"If-Match": tasks.headers["etag"]}).status_code == 200
    ko = c.get("/api/tasks?lang=ko", headers={"If-Match": '"nope"'})
    assert ko.status_code == 412 and "ETag" in ko.json()["error"] and "If-Match" in ko.json()["error"]

    answers = StoredAnswers(lambda: 1)

    def ask(headers):
        scope = {"type": "http", "method": "GET", "path": "/api/day/2026-12-02", "query_string": b"",
                 "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}
        return answers.answer(Request(scope), ("day",), lambda: "tag", lambda: {"day": 1})
    assert ask({"If-Match": '"nope"'}).status_code == 412                 # built from the tag
    kept = ask({})
    assert ask({"If-Match": '"nope"'}).status_code == 412                 # from the kept answer
    assert ask({"If-Match": kept.headers["etag"]}).status_code == 200


def _marginal_bytes(values, shared=()) -> list[int]:
    """The bytes each of ``values`` holds beyond what ``shared`` and the values before it hold
    (``sys.getsizeof`` over everything reachable, each object counted once)."""
    seen: set[int] = set()

    def walk(o) -> int:
        total, stack = 0, [o]
        while stack:
            o = stack.pop()
            if id(o) in seen:
                continue
            seen.add(id(o))
            total += sys.getsizeof(o)
            if isinstance(o, dict):
                stack.extend(o.keys())
                stack.extend(o.values())
            elif isinstance(o, (list, tuple, set, frozenset)):
                stack.extend(o)
            elif hasattr(o, "__dict__"):
                stack.append(o.__dict__)
            elif hasattr(o, "__slots__"):
                stack.extend(getattr(o, a) for a in o.__slots__ if hasattr(o, a))
        return total
    for x in shared:
        walk(x)
    return [walk(v) for v in values]


def test_judged_and_scored_days_are_bounded_in_bytes(data):
    """The judged and scored days a process keeps are bounded by ``[cache] judgement_bytes``
    (estimated bytes, least recently used out), not by a count of entries of 50–100 KB each:
    ever new dates and zones never take more than the bound."""
    from almanac import config as config_mod
    from almanac.calendar import zone
    from almanac.judgement import search
    from almanac.judgement.score import task_profiles
    cfg = config_mod.load({"cache": {"judgement_bytes": 3_000_000}})
    prof = task_profiles(cfg)["travel"]
    before = search.judgement_cache.max_bytes
    search.judgement_cache.drop()
    try:
        for i, tz in enumerate(["Europe/Paris", "Asia/Tokyo", "America/Lima"] * 10):
            day = date(1990 + i, 3, 1)
            search.best_of_range(prof, day, day + timedelta(days=1), zone(tz), cfg, 5, "en")
            stats = search.judgement_cache.stats()
            assert stats["bytes"] <= 3_000_000 and stats["max_bytes"] == 3_000_000
        # 60 days judged and scored: 120 entries of ≥ 40 KB, of which fewer than 75 fit
        assert stats["evicted"] >= 45 and stats["entries"] <= 75
        assert len(search._days) + len(search._scored) == stats["entries"]
        # the most recent are kept: a repeat is answered from memory
        recent = (date(2019, 3, 1), "America/Lima")
        assert search._days.get((recent[0], recent[1], search._facts_key(cfg))) is not None
    finally:
        search.judgement_cache.drop()
        search.judgement_cache.max_bytes = before


def test_the_judgement_cache_estimates_are_not_below_what_entries_hold(data):
    """Each entry's estimated size (what the bound counts) is at least the memory it holds
    beyond what is shared (the catalog's texts, the charts, the hours), and not far above."""
    from almanac import config as config_mod
    from almanac.calendar import zone
    from almanac.hours import Options, _hours
    from almanac.judgement import facts as F, score as S, search
    from almanac.judgement.catalog import load_catalog
    from almanac.judgement.score import task_profiles
    cfg = config_mod.load()
    profs = task_profiles(cfg)
    tz = zone("Asia/Seoul")
    search.judgement_cache.drop()
    days = [date(2026, 1, 1) + timedelta(days=i) for i in range(0, 365, 61)]
    judged, scored = [], []
    for d in days:
        judged.append(search.judged_facts(d, tz, cfg))
        for name in ("travel", "marriage", "general"):
            for lang in ("zh-Hant", "en", "ko"):
                scored.append(search.scored_day(d, tz, cfg, profs[name], None, lang))
    shared = [load_catalog(), S._COMPILED, F._CHARTS, S._BY_CHART,
              *(_hours(d, tz, Options.from_config(cfg)) for d in days)]
    held = _marginal_bytes(judged + scored, shared)
    for value, real in zip(judged, held):
        assert real <= search.day_bytes(value) <= 1.5 * real
    for value, real in zip(scored, held[len(judged):]):
        assert real <= search.scored_bytes(value) <= 1.5 * real
    search.judgement_cache.drop()


# ---------------------------------------------------------------------- truthful failure
def test_healthz_503_when_store_gone_or_disk_full(data, monkeypatch):
    c = _client({"http": {"health_ttl": 0}})  # every answer checks anew
    ok = c.get("/healthz")
    assert ok.status_code == 200 and ok.json()["status"] == "ok"
    db = data / "almanac.sqlite3"
    assert db.exists()
    from almanac.exports.http import health
    real = health.shutil.disk_usage
    monkeypatch.setattr(health.shutil, "disk_usage", lambda p: real(p)._replace(free=1024))
    full = c.get("/healthz")
    assert full.status_code == 503 and "full" in full.json()["error"] and "retry-after" in full.headers
    monkeypatch.setattr(health.shutil, "disk_usage", real)
    for p in data.glob("almanac.sqlite3*"):
        p.unlink()
    gone = c.get("/healthz")
    assert gone.status_code == 503 and "gone" in gone.json()["error"]


def test_healthz_503_when_folder_cannot_be_written(data, monkeypatch):
    from almanac.exports.http import health

    def refuse(*a, **k):
        raise OSError(30, "Read-only file system")
    c = _client({"http": {"health_ttl": 0}})
    assert c.get("/healthz").status_code == 200
    monkeypatch.setattr(health.tempfile, "NamedTemporaryFile", refuse)
    r = c.get("/healthz")
    assert r.status_code == 503 and "cannot be written" in r.json()["error"]


def test_healthz_reuses_a_pass_for_its_ttl_only_and_never_a_failure(data, monkeypatch):
    """A passing check is reused for [http] health_ttl seconds (the write probe is not repeated);
    once they are over the fault shows; a failure is never reused."""
    from almanac.exports.http import health
    real = health.tempfile.NamedTemporaryFile
    probes = []

    def counted(*a, **k):
        probes.append(1)
        return real(*a, **k)

    def refuse(*a, **k):
        raise OSError(30, "Read-only file system")
    monkeypatch.setattr(health.tempfile, "NamedTemporaryFile", counted)
    slow = _client({"http": {"health_ttl": 3600}})
    assert [slow.get("/healthz").status_code for _ in range(5)] == [200] * 5
    assert len(probes) == 1
    c = _client({"http": {"health_ttl": 0.5}})
    assert c.get("/healthz").status_code == 200
    monkeypatch.setattr(health.tempfile, "NamedTemporaryFile", refuse)
    time.sleep(0.6)  # the pass is older than the ttl: checked again
    r = c.get("/healthz")
    assert r.status_code == 503 and "cannot be written" in r.json()["error"]
    assert c.get("/healthz").status_code == 503
    monkeypatch.setattr(health.tempfile, "NamedTemporaryFile", real)
    assert c.get("/healthz").status_code == 200  # the failure was not kept either


def test_disk_faults_are_503_not_400(data, monkeypatch):
    from almanac.exports import feeds

    def full(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(feeds, "rolling_feed", full)
    # the variant rendered in this process's threads, where the patch is (not a worker process)
    r = _client({"http": {"expensive_processes": False}}).get("/feeds/travel.ics?alarm=5")
    assert r.status_code == 503 and "retry-after" in r.headers and r.json()["error"]


def test_unexpected_fault_is_500_not_400(data, monkeypatch):
    from almanac.exports import source

    def bug(*a, **k):
        raise KeyError("a bug")
    monkeypatch.setattr(source, "chart", bug)
    r = _client().get("/api/chart?at=2026-11-29T12:00:00%2B08:00")
    assert r.status_code == 500 and r.json()["error"]


def test_precompute_fails_when_its_writes_did_not_persist(data, monkeypatch):
    from almanac.cli import main
    from almanac.exports.store.core import Store
    real = Store.precompute

    def vanish(self, *a, **k):
        out = real(self, *a, **k)
        for p in data.glob("almanac.sqlite3*"):
            p.unlink()  # the data folder emptied under the run
        return out
    monkeypatch.setattr(Store, "precompute", vanish)
    assert main(["precompute", "--from", "2026-12-01", "--to", "2026-12-02"]) == 1
    monkeypatch.setattr(Store, "precompute", real)
    assert main(["precompute", "--from", "2026-12-01", "--to", "2026-12-02"]) == 0


# ---------------------------------------------------------------------- a database that does not answer
class Silent:
    """A listener that accepts TCP connections and never says a word (a hung server, a proxy in
    front of a dead one): without a connect timeout a client waits for ever."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(256)
        self.port = self.sock.getsockname()[1]
        self.held: list = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                self.held.append(self.sock.accept()[0])
            except OSError:
                return

    def url(self, password: str = PASSWORD) -> str:
        return f"postgresql+psycopg://almanac:{password}@127.0.0.1:{self.port}/almanac"

    def close(self):
        self.sock.close()
        for c in self.held:
            c.close()


def _closed_port_url() -> str:
    """A PostgreSQL URL on a port nobody listens on (the server is down: connection refused)."""
    return f"postgresql+psycopg://almanac:{PASSWORD}@127.0.0.1:{_free_port()}/almanac"


def _timed(fn, *a, **k):
    t0 = time.monotonic()
    out = fn(*a, **k)
    return out, time.monotonic() - t0


@pytest.mark.slow
def test_a_database_that_never_answers_does_not_hang_the_service(tmp_path):
    """Against a listener that never answers: /healthz is a 503 within its timeout (2 s), the day
    is computed, a default feed is refused at once (503 + Retry-After), and 45 health checks at
    once leave the worker threads free for /api/tasks and /. Before, each of these requests
    waited for ever and the 45 checks took every worker thread."""
    silent = Silent()
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-c", _LAUNCH.format(config={}, port=port)],
                            env={**os.environ, "ALMANAC_DATA_DIR": str(tmp_path), "ALMANAC_DB_URL": silent.url()},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(600):  # up: a path that needs no database answers
            try:
                if httpx.get(base + "/api/tasks", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
            time.sleep(0.1)
        r, took = _timed(httpx.get, base + "/healthz", timeout=30)
        assert r.status_code == 503 and "retry-after" in r.headers, r.text
        assert took < 6, took                               # [http] health_timeout = 2 s, loaded machine
        assert "does not answer" in r.json()["error"] and PASSWORD not in r.text
        r, took = _timed(httpx.get, base + "/api/day/2026-12-02", timeout=30)
        assert r.status_code == 200 and r.json()["date"] == "2026-12-02" and took < 15, (r.status_code, took)
        r, took = _timed(httpx.get, base + "/api/day/2026-12-03", timeout=30)
        assert r.status_code == 200 and took < 5, took       # the store is known down: no wait at all
        for _ in range(2):
            r, took = _timed(httpx.get, base + "/feeds/travel.ics", timeout=30)
            assert r.status_code == 503 and "retry-after" in r.headers and took < 5, (r.status_code, took)
        with ThreadPoolExecutor(50) as ex:
            checks = [ex.submit(httpx.get, base + "/healthz", timeout=30) for _ in range(45)]
            time.sleep(0.3)
            cheap = [ex.submit(_timed, httpx.get, base + p, timeout=30) for p in ("/api/tasks", "/")]
            assert all(f.result().status_code == 503 for f in checks)
            for f in cheap:
                resp, took = f.result()
                assert resp.status_code == 200 and took < 10, took
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        silent.close()
    assert PASSWORD not in proc.stderr.read().decode(errors="replace")


@pytest.mark.slow
def test_connections_are_bounded_and_a_down_server_is_not_waited_for_again(tmp_path, monkeypatch):
    """The connect timeout bounds the first wait; then the server is known down and every reader
    computes at once (one thread waited, not each), until a try in the background succeeds."""
    from almanac import api
    from almanac.exports import source
    from almanac.exports.store import db
    silent = Silent()
    url = silent.url()
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ALMANAC_DB_URL", url)
    try:
        day, took = _timed(source.get_day, "2026-12-02", "Asia/Shanghai")
        assert day == api.day("2026-12-02", tz="Asia/Shanghai")
        assert took < 3 * 3 + 5, took                 # connect_timeout 3 s (SQLAlchemy may try twice)
        assert "timeout" in (source.store_unavailable() or "")
        with ThreadPoolExecutor(20) as ex:
            took = [f.result()[1] for f in [ex.submit(_timed, source.get_day, "2026-12-03", "Asia/Shanghai")
                                             for _ in range(20)]]
        assert max(took) < 2.5, took                 # nobody waited for the server again
    finally:
        db._engines.pop(url, None)
        db._gates.pop(url, None)
        silent.close()


def test_store_timeouts_are_config_options():
    from almanac.exports.store import db
    t = db.timeouts({"store": {"connect_timeout": 7, "statement_timeout": 1.5, "pool_timeout": 2,
                               "retry_seconds": 0}})
    assert t == {"connect_timeout": 7.0, "statement_timeout": 1.5, "pool_timeout": 2.0, "retry_seconds": 0.0}
    from almanac import config as config_mod
    assert db.timeouts(config_mod.load(None)) == db.TIMEOUTS  # the defaults are the config file's
    args = db._pg_connect_args("postgresql+psycopg://u@h/d", db.TIMEOUTS)
    assert args == {"connect_timeout": 3, "options": "-c statement_timeout=30000"}
    args = db._pg_connect_args("postgresql+psycopg://u@h/d?connect_timeout=9&options=-c%20work_mem%3D8MB",
                               {**db.TIMEOUTS, "connect_timeout": 0.5})
    assert args == {"options": "-c work_mem=8MB -c statement_timeout=30000"}  # the URL's own kept
    assert db._pg_connect_args("postgresql+psycopg://u@h/d", {**db.TIMEOUTS, "connect_timeout": 0.5,
                                                            "statement_timeout": 0}) == {"connect_timeout": 2}


def test_postgresql_sessions_carry_the_statement_timeout(pg_url, monkeypatch):
    from sqlalchemy import text

    from almanac.exports.store import open_store
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    st = open_store({"store": {"statement_timeout": 1.25}}, url=pg_url)
    with st.engine.connect() as conn:
        assert conn.execute(text("SHOW statement_timeout")).scalar() == "1250ms"
        from sqlalchemy.exc import OperationalError
        with pytest.raises(OperationalError, match="statement timeout"):
            conn.execute(text("SELECT pg_sleep(5)"))


class _Forward:
    """A TCP forwarder from a local port to the test PostgreSQL, started when asked: the server
    'comes back' on a port that refused connections before."""

    def __init__(self, port: int, target: tuple[str, int]):
        self.port, self.target = port, target
        self.sock = None

    def start(self):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", self.port))
        self.sock.listen(64)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                a = self.sock.accept()[0]
            except OSError:
                return
            b = socket.create_connection(self.target)
            for x, y in ((a, b), (b, a)):
                threading.Thread(target=self._pipe, args=(x, y), daemon=True).start()

    @staticmethod
    def _pipe(x, y):
        try:
            while data := x.recv(65536):
                y.sendall(data)
        except OSError:
            pass
        finally:
            for s in (x, y):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self):
        if self.sock is not None:
            self.sock.close()


def test_a_store_that_comes_back_is_used_again_within_its_retry(pg_url, monkeypatch, tmp_path):
    from sqlalchemy.engine import make_url

    from almanac.exports import source
    from almanac.exports.store import db
    pg = make_url(pg_url)
    fwd = _Forward(_free_port(), (pg.host, pg.port))
    url = pg.set(port=fwd.port).render_as_string(hide_password=False)
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ALMANAC_DB_URL", url)
    cfg = {"store": {"retry_seconds": 0.5}}
    try:
        assert source.day_tag("2026-12-02", "Asia/Shanghai", cfg) is None  # refused: computed
        assert source.store_unavailable(cfg)
        fwd.start()
        for _ in range(100):
            if source.store_unavailable(cfg) is None:
                break
            time.sleep(0.1)
        assert source.store_unavailable(cfg) is None
        from almanac.exports.store import open_store
        open_store(cfg).precompute("2026-12-02", "2026-12-02", "Asia/Shanghai")
        assert source.day_tag("2026-12-02", "Asia/Shanghai", cfg) is not None
    finally:
        eng = db._engines.pop(url, None)
        if eng is not None:
            eng.dispose()
        db._gates.pop(url, None)
        from almanac.exports.store import core
        core._migrated.discard(url)
        fwd.close()


def test_health_checks_share_one_probe_and_answer_within_their_timeout(data, monkeypatch):
    """20 checks at once while the probe hangs: each answers 'does not answer' within the
    timeout, and only one probe ran; once it is released the next check passes."""
    from almanac.exports.http import health as H
    from almanac import config as config_mod
    release, calls = threading.Event(), []

    def hung(self):
        calls.append(1)
        release.wait(30)
        return {"status": "ok"}
    monkeypatch.setattr(H.Health, "_check", hung)
    h = H.Health(config_mod.load(None), ttl=0, timeout=0.5)

    def one():
        t0 = time.monotonic()
        try:
            h.check()
            return "ok", time.monotonic() - t0
        except H.Unhealthy as e:
            return str(e), time.monotonic() - t0
    with ThreadPoolExecutor(20) as ex:
        got = [f.result() for f in [ex.submit(one) for _ in range(20)]]
    assert all("does not answer within 0.5 s" in msg for msg, _ in got)
    assert max(t for _, t in got) < 3 and len(calls) == 1
    release.set()
    time.sleep(0.1)
    assert h.check()["status"] == "ok"


def test_a_feed_is_refused_at_once_while_the_store_is_down(data, monkeypatch):
    """Its stamps live in the PostgreSQL store: while it is down, a feed not yet rendered answers
    503 with Retry-After before any day is computed — not after seconds of rendering, each time."""
    from almanac.exports import feeds
    monkeypatch.setenv("ALMANAC_DB_URL", _closed_port_url())
    computed = []
    real = feeds.memo.read_content
    monkeypatch.setattr(feeds.memo, "read_content", lambda *a, **k: computed.append(1) or real(*a, **k))
    c = _client({"http": {"expensive_processes": False}})  # rendered here, where the patch is
    for path in ("/feeds/travel.ics", "/feeds/travel.ics", "/feeds/general.ics?alarm=15", "/feeds/travel.ics"):
        r, took = _timed(c.get, path)
        assert r.status_code == 503 and "retry-after" in r.headers and r.json()["error"], (path, r.text)
        assert PASSWORD not in r.text
    assert computed == []
    r, took = _timed(c.get, "/feeds/travel.ics")
    assert r.status_code == 503 and took < 1, took
    assert "does not answer" in r.json()["error"]


# ---------------------------------------------------------------------- bounded load
@pytest.mark.slow
def test_cheap_requests_answered_while_expensive_ones_are_capped(tmp_path):
    """A short bounded burst on loopback: 8 different long /api/best at once with 1 expensive slot
    and no queue. The ones without a slot answer 503 + Retry-After at once; health, a rendered
    feed and one day keep answering 200 meanwhile. (With the default queue they wait their turn:
    tests/exports/test_service_load.py.)"""
    srv = Server(tmp_path, {"http": {"expensive_slots": 1, "cheap_best_days": 2, "expensive_queue": 0},
                            "feeds": {"future_days": 7}})
    try:
        feed = httpx.get(srv.base + "/feeds/travel.ics", timeout=300)
        assert feed.status_code == 200
        url = srv.base + "/api/best?task=travel&from=2027-03-01&to=2027-03-{:02d}"  # 8 different ones
        cheap_codes, stop = [], threading.Event()

        def cheap():
            with httpx.Client(timeout=60) as cl:
                while not stop.is_set() and len(cheap_codes) < 300:
                    for p in ("/healthz", "/feeds/travel.ics", "/api/tasks"):
                        cheap_codes.append(cl.get(srv.base + p).status_code)

        t = threading.Thread(target=cheap)
        t.start()
        try:
            with ThreadPoolExecutor(8) as ex:
                rs = list(ex.map(lambda i: httpx.get(url.format(20 + i), timeout=300), range(8)))
        finally:
            stop.set()
            t.join(60)
    finally:
        srv.stop()
    codes = [r.status_code for r in rs]
    assert 200 in codes and 503 in codes, codes
    assert set(codes) <= {200, 503}
    for r in rs:
        if r.status_code == 503:
            assert int(r.headers["retry-after"]) > 0 and r.json()["error"]
    assert cheap_codes and set(cheap_codes) == {200}, cheap_codes


def _cheap_pace(base: str, seconds: float, clients: int = 2) -> dict:
    """Cheap requests (health, the rendered feed, the task list) looped by ``clients`` threads for
    ``seconds``: how many were answered, their statuses, and the slowest."""
    stop = time.monotonic() + seconds
    codes, worst, lock = [], [0.0], threading.Lock()

    def client():
        with httpx.Client(timeout=120) as cl:
            i = 0
            while time.monotonic() < stop:
                t0 = time.monotonic()
                code = cl.get(base + ("/healthz", "/feeds/travel.ics", "/api/tasks")[i % 3]).status_code
                with lock:
                    codes.append(code)
                    worst[0] = max(worst[0], time.monotonic() - t0)
                i += 1
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 180)
    return {"n": len(codes), "codes": set(codes), "worst": worst[0]}


@pytest.mark.slow
def test_cheap_requests_keep_their_pace_while_expensive_ones_compute(tmp_path):
    """The issue's load test, bounded and on loopback: the pace of cheap requests (answered per
    phase) while year-long /api/best queries compute all along is at least 0.3 of their pace
    alone, measured in the same test — a ratio, not a timing. Computed in the serving process's
    threads (two slots), the expensive work held the interpreter lock and the ratio was 0.13–0.19
    in four runs on the shared 2-core machine; in a worker process it was 0.44–2.0 in five."""
    srv = Server(tmp_path, {"http": {"expensive_slots": 2, "cheap_best_days": 2},
                            "feeds": {"future_days": 7}})
    exp_codes, stop = [], threading.Event()

    def expensive(i: int):
        with httpx.Client(timeout=300) as cl:
            n = 0
            while not stop.is_set():
                start = date(2027, 1, 1) + timedelta(days=97 * i + n)  # a new range each time
                n += 1
                r = cl.get(f"{srv.base}/api/best?task=travel&from={start}&to={start + timedelta(days=365)}")
                exp_codes.append(r.status_code)
                if r.status_code == 503:
                    stop.wait(0.2)  # turned away at once: a client that backs off a little
    try:
        assert httpx.get(srv.base + "/feeds/travel.ics", timeout=300).status_code == 200
        alone = _cheap_pace(srv.base, 5)
        hammer = [threading.Thread(target=expensive, args=(i,)) for i in range(4)]
        for t in hammer:
            t.start()
        busy = False
        for _ in range(600):  # until a computation holds the slot
            busy = httpx.get(srv.base + "/healthz", timeout=120).json()["expensive"]["running"] >= 1
            if busy:
                break
            time.sleep(0.05)
        mixed = _cheap_pace(srv.base, 5)
        still = httpx.get(srv.base + "/healthz", timeout=120).json()["expensive"]
        stop.set()
        for t in hammer:
            t.join(300)
    finally:
        srv.stop()
    assert busy and (still["running"] >= 1 or 200 in exp_codes), (still, exp_codes)
    assert set(exp_codes) <= {200, 503} and 200 in exp_codes, exp_codes
    assert alone["codes"] == mixed["codes"] == {200}, (alone, mixed)
    assert mixed["worst"] < 60, mixed  # none stuck (a generous bound; alone it is milliseconds)
    ratio = mixed["n"] / alone["n"]
    assert ratio >= 0.3, f"cheap requests answered mixed/alone = {mixed['n']}/{alone['n']} = {ratio:.2f}"


def test_expensive_answers_from_worker_processes_are_byte_identical(data):
    """The default feed, a feed variant, a long /api/best and an on-demand report page computed
    in a worker process are the very bytes the server's own threads compute (same store, same
    stamps ledger)."""
    from almanac.exports.http import workers
    cfg = {"feeds": {"future_days": 3, "past_days": 0}, "http": {"cheap_best_days": 2}}
    in_workers = _client(cfg)
    in_threads = _client(cfg)  # the same config (a report page names its digest), computing in threads
    in_threads.app.state.limiter.processes = False
    day = (date.today() + timedelta(days=2)).isoformat()
    paths = ["/feeds/travel.ics", "/feeds/travel.ics?alarm=15&lang=ko", "/api/best?task=travel&from=2027-01-01&to=2027-01-20&lang=en",
             f"/reports/{day}.html"]
    try:
        for path in paths:
            a = in_workers.get(path)
            assert a.status_code == 200, a.text[:200]
            assert workers.worker_pids() and os.getpid() not in workers.worker_pids()
            for p in (data / "reports").glob("*.html"):
                p.unlink()  # the thread-computed page is written anew, not read back
            b = in_threads.get(path)
            assert b.status_code == 200 and a.content == b.content and a.headers["etag"] == b.headers["etag"]
        assert in_workers.get("/healthz").json()["expensive"]["processes"] >= 1
        bad = in_workers.get("/api/best?task=travel&from=2027-01-01&to=2027-01-20&born=abc&sex=m")
        assert bad.status_code == 400 and "born" in bad.json()["error"]  # bad input found in the worker
    finally:
        workers.stop_workers()
    assert not workers.worker_pids()


@pytest.mark.slow
def test_a_bad_stored_row_found_in_a_worker_process_is_counted_by_healthz(data):
    """A stored row failing its checksum, met by a report page computed in a worker process, is
    not served (the page is the one computed afresh) and the server's /healthz counts it."""
    import sqlite3

    from almanac import config as config_mod
    from almanac.exports import source
    from almanac.exports.http import workers
    from almanac.exports.store import integrity_stats
    tz = config_mod.load({})["calendar"]["default_tz"]
    day = date.today() + timedelta(days=2)
    source._backend().open_store(config_mod.load({})).precompute(day - timedelta(days=7), day + timedelta(days=7), tz)
    with sqlite3.connect(data / "almanac.sqlite3") as db:  # a same-length edit of one stored hour
        day_id = db.execute("SELECT id FROM store_days WHERE tz = ? AND date = ?", (tz, day.isoformat())).fetchone()
        assert day_id
        assert db.execute("UPDATE store_hours SET facts = replace(facts, '子', '丑') WHERE day_id = ? AND idx = 0",
                          day_id).rowcount == 1
    c = _client()
    before = integrity_stats()
    try:
        page = c.get(f"/reports/{day}.html")
        assert page.status_code == 200 and workers.worker_pids()
        found = c.get("/healthz").json()["store_checksums"]
    finally:
        workers.stop_workers()
    assert found["checksum_mismatches"] >= before["checksum_mismatches"] + 1, (before, found)
    assert integrity_stats() == found


def _children(pid: int) -> set[int]:
    out = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        out |= {int(c) for c in (task / "children").read_text().split()}
    return out


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["Ctrl-C", "SIGTERM", "kill -9"])
def test_serve_never_leaves_its_worker_processes_behind(tmp_path, how):
    """`almanac serve` stopped by Ctrl-C (SIGINT to its whole process group, as a terminal sends
    it), by SIGTERM, or killed outright: its worker processes are gone too."""
    import signal
    conf = tmp_path / "almanac.toml"
    conf.write_text('[http]\nexpensive_slots = 1\n[feeds]\nfuture_days = 3\npast_days = 0\n')
    port = _free_port()
    exe = Path(sys.executable).with_name("almanac")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-c", "import sys; from almanac.cli import main; "
                                                               "sys.exit(main(sys.argv[1:]))"]
    proc = subprocess.Popen(cmd + ["serve", "--port", str(port), "--no-warm"], start_new_session=True,
                            env={**os.environ, "ALMANAC_DATA_DIR": str(tmp_path), "ALMANAC_CONFIG": str(conf)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(base + "/healthz", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        r = httpx.get(base + "/feeds/travel.ics?alarm=10", timeout=300)  # rendered in a worker
        assert r.status_code == 200 and b"VCALENDAR" in r.content
        assert httpx.get(base + "/healthz", timeout=60).json()["expensive"]["processes"] == 1
        workers = _children(proc.pid)
        assert workers and all(_running(w) for w in workers)
        if how == "Ctrl-C":
            os.killpg(proc.pid, signal.SIGINT)
        elif how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        else:
            proc.kill()
        proc.wait(60)
        for _ in range(300):  # the kill -9 case: each worker notices within a second
            if not any(_running(w) for w in workers):
                break
            time.sleep(0.1)
        assert not [w for w in workers if _running(w)]
        if how != "kill -9":  # a clean shutdown (uvicorn re-raises the signal once it is done)
            err = proc.stderr.read().decode()
            assert proc.returncode in (0, 130, -signal.SIGTERM) and "Traceback" not in err, err[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


# ---------------------------------------------------------------------- many machines
def test_two_serve_processes_on_one_postgresql_answer_identically(tmp_path, pg_url):
    """Two `serve` processes (as on two machines: separate data folders) on one PostgreSQL store:
    the same feed from each is byte-identical with the same ETag, also when each process renders
    it at a different moment (the stamps ledger lives in the shared store)."""
    url = pg_url
    cfg = {"feeds": {"future_days": 3, "past_days": 0}}
    servers = []
    try:
        a = Server(tmp_path / "a", cfg, env={"ALMANAC_DB_URL": url})
        servers.append(a)
        first = httpx.get(a.base + "/feeds/travel.ics?lang=ko", timeout=300)
        time.sleep(1.1)  # a second machine renders later: first-seen stamps would differ
        b = Server(tmp_path / "b", cfg, env={"ALMANAC_DB_URL": url})
        servers.append(b)
        second = httpx.get(b.base + "/feeds/travel.ics?lang=ko", timeout=300)
        for srv in (a, b):
            assert httpx.get(srv.base + "/healthz", timeout=60).json()["store"] == "postgresql"
        assert first.status_code == second.status_code == 200
        assert first.content == second.content and first.headers["etag"] == second.headers["etag"]
        plain = [httpx.get(s.base + "/feeds/travel.ics", timeout=300) for s in (b, a)]
        assert plain[0].content == plain[1].content and plain[0].headers["etag"] == plain[1].headers["etag"]
    finally:
        for srv in servers:
            srv.stop()


def test_a_shared_computation_finished_at_once_does_not_hang_the_server():
    """``Expensive.compute`` shares one worker job per key. A job that is done before its
    clean-up callback is registered runs that callback at once, in the registering thread — which
    held the lock the callback takes: the event loop hung for good (seen once in a test run, a
    feed rendered in a worker faster than the request could register it)."""
    import asyncio
    from concurrent.futures import Future

    from almanac.exports.http.workers import Expensive
    ex = Expensive(1, processes=True)

    def done_at_once(fn, args, kwargs=None):
        fut = Future()
        fut.set_result((fn(*args), None))
        return fut
    ex._plain = done_at_once
    out = []
    t = threading.Thread(target=lambda: out.append(asyncio.run(ex.compute("k", len, "abc"))), daemon=True)
    t.start()
    t.join(20)
    assert not t.is_alive(), "compute hung on its own lock"
    assert out == [3] and not ex._inflight
