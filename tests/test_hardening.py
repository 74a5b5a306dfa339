"""Service hardening: bounded cost per request, no secret in any answer or log, race-free files,
stable feed stamps across variants and restarts, failures that look like failures, and zones
that are places. In-process (FastAPI's TestClient) where a process is not the point; a real
uvicorn process where it is (concurrency, stderr)."""
from __future__ import annotations

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_LAUNCH = """
import uvicorn
from exports.http import create_app
uvicorn.run(create_app({config!r}), host="127.0.0.1", port={port}, log_level="warning")
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
    from exports.http import create_app
    return TestClient(create_app(config or {}), raise_server_exceptions=False)


# ---------------------------------------------------------------------- zones
@pytest.mark.parametrize("name", ["posixrules", "Factory", "right/UTC", "posix/Asia/Seoul", "localtime"])
def test_zones_that_are_not_places_are_refused(name, data):
    from almanac.errors import BadInput
    from exports.feeds import check_tz
    with pytest.raises(BadInput):
        check_tz(name)
    r = _client().get(f"/api/day/2026-11-29?tz={name}")
    assert r.status_code == 400 and "time zone" in r.json()["error"]


def test_place_zones_still_accepted(data):
    from exports.feeds import check_tz
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


def test_password_never_leaves_the_service(tmp_path):
    """A typo in the port of a URL with a password: every answer is a 5xx (the service's fault,
    not the client's) and neither the bodies nor stderr carry the password."""
    today = date.today().isoformat()
    srv = Server(tmp_path, {}, env={"ALMANAC_DB_URL": BAD_URL}, ready=503)
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
        assert PASSWORD not in text
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
    from exports.feeds import _atomic_write
    target = tmp_path / "page.html"
    payloads = [bytes([65 + i]) * 200_000 for i in range(16)]
    start = threading.Barrier(16)

    def write(p):
        start.wait()
        for _ in range(5):
            _atomic_write(target, p)

    with ThreadPoolExecutor(16) as ex:
        list(ex.map(write, payloads))  # raises if any writer failed
    assert target.read_bytes() in payloads  # whole, one writer's
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]  # no temp file left


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


# ---------------------------------------------------------------------- on-demand reports
def test_reports_outside_the_window_are_404_and_never_written(data):
    import config as config_mod
    from exports.feeds import today_in
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
    from exports.reports import write_reports
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
    from exports import feeds
    cfg = {"feeds": {"future_days": 2, "past_days": 0}}
    # a range with good hours for the task: hour events are what carry the alarm
    day = next(date(2026, 12, 1) + timedelta(days=i) for i in range(60)
               if b"VALARM" in feeds.build_feed("travel", date(2026, 12, 1) + timedelta(days=i),
                                                 date(2026, 12, 1) + timedelta(days=i), None, None, 30,
                                                 cfg).body)
    feeds._stamps_cache.clear()
    for p in data.glob("feed-stamps*"):
        p.unlink()  # a fresh ledger: the search above stamped nothing of the plain feed
    plain = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, None, cfg)
    variant = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, 30, cfg)
    assert b"VALARM" in variant.body and set(_seqs(variant.body)) == {0}
    feeds._stamps_cache.clear()  # a restart: only the ledger file remains
    feeds._cache.clear()
    time.sleep(1.1)  # a re-stamp would show a new DTSTAMP second
    again = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, None, cfg)
    assert again.etag == plain.etag and again.body == plain.body
    assert set(_seqs(again.body)) == {0}
    variant2 = feeds.build_feed("travel", day, day + timedelta(days=2), None, None, 30, cfg)
    assert variant2.body == variant.body


# ---------------------------------------------------------------------- bounded feed cache
def test_feed_variant_cache_is_bounded_and_pins_the_default(data, monkeypatch):
    import config as config_mod
    from exports import feeds
    from exports.http.caching import FeedCache
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
    from exports import feeds
    monkeypatch.setattr(feeds, "build_feed", lambda *a, **k: object())
    feeds._cache.clear()
    for alarm in range(200):
        feeds.rolling_feed("travel", None, None, alarm, None, date(2026, 12, 1))
    assert len(feeds._cache) <= feeds._CACHE_MAX and len(feeds._build_locks) <= feeds._CACHE_MAX


# ---------------------------------------------------------------------- truthful failure
def test_healthz_503_when_store_gone_or_disk_full(data, monkeypatch):
    c = _client({"http": {"health_ttl": 0}})  # every answer checks anew
    ok = c.get("/healthz")
    assert ok.status_code == 200 and ok.json()["status"] == "ok"
    db = data / "almanac.sqlite3"
    assert db.exists()
    from exports.http import health
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
    from exports.http import health

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
    from exports.http import health
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
    from exports import feeds

    def full(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(feeds, "rolling_feed", full)
    # the variant rendered in this process's threads, where the patch is (not a worker process)
    r = _client({"http": {"expensive_processes": False}}).get("/feeds/travel.ics?alarm=5")
    assert r.status_code == 503 and "retry-after" in r.headers and r.json()["error"]


def test_unexpected_fault_is_500_not_400(data, monkeypatch):
    from exports import source

    def bug(*a, **k):
        raise KeyError("a bug")
    monkeypatch.setattr(source, "chart", bug)
    r = _client().get("/api/chart?at=2026-11-29T12:00:00%2B08:00")
    assert r.status_code == 500 and r.json()["error"]


def test_precompute_fails_when_its_writes_did_not_persist(data, monkeypatch):
    from almanac.cli import main
    from exports.store.core import Store
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


# ---------------------------------------------------------------------- bounded load
def test_cheap_requests_answered_while_expensive_ones_are_capped(tmp_path):
    """A short bounded burst on loopback: 8 long /api/best at once with 1 expensive slot. The
    ones without a slot answer 503 + Retry-After at once; health, a rendered feed and one day
    keep answering 200 meanwhile."""
    srv = Server(tmp_path, {"http": {"expensive_slots": 1, "cheap_best_days": 2},
                            "feeds": {"future_days": 7}})
    try:
        feed = httpx.get(srv.base + "/feeds/travel.ics", timeout=300)
        assert feed.status_code == 200
        url = srv.base + "/api/best?task=travel&from=2027-03-01&to=2027-03-20"
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
                rs = list(ex.map(lambda _: httpx.get(url, timeout=300), range(8)))
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
    from exports.http import workers
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


def test_a_bad_stored_row_found_in_a_worker_process_is_counted_by_healthz(data):
    """A stored row failing its checksum, met by a report page computed in a worker process, is
    not served (the page is the one computed afresh) and the server's /healthz counts it."""
    import sqlite3

    import config as config_mod
    from exports import source
    from exports.http import workers
    from exports.store import integrity_stats
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
