"""The service under real use: expensive requests wait in a bounded queue instead of being refused
at once, identical ones share one computation, a browser's refused page retries itself, and
request heads are bounded (docs/http.md "Bounded cost")."""
from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from almanac.exports.http.limits import KEEP_ALIVE, Busy, Limiter, retry_after
from almanac.exports.http.workers import Expensive
from tests.exports.test_hardening import Server


def test_a_request_waits_for_a_slot_instead_of_being_refused():
    lim = Limiter(1, queue=4, wait=30)
    held = lim.take("first")
    got = []

    def second():
        since = lim.take("second")
        got.append(since)
        lim.give(since)
    t = threading.Thread(target=second)
    t.start()
    while lim.waiting() == 0:
        time.sleep(0.01)
    assert not got                       # queued, not refused
    lim.give(held)
    t.join(10)
    assert got and lim.busy == 0 and lim.queued == 1 and lim.running == 0


def test_the_wait_is_bounded_and_a_refusal_never_comes_before_it():
    lim = Limiter(1, queue=4, wait=0.3)
    held = lim.take("first")
    t0 = time.monotonic()
    with pytest.raises(Busy) as e:
        lim.take("second")
    assert time.monotonic() - t0 >= 0.3   # refused only after its bounded wait
    assert e.value.status_code == 503 and int(e.value.headers["Retry-After"]) >= 1
    lim.give(held)
    assert lim.running == 0 and lim.waiting() == 0


def test_a_full_queue_refuses_at_once_with_a_retry_after_from_the_queue():
    lim = Limiter(1, queue=1, wait=30)
    lim._mean = 2.0                       # seconds a computation took so far
    held = lim.take("first")
    t = threading.Thread(target=lambda: lim.give(lim.take("queued")))
    t.start()
    while lim.waiting() == 0:
        time.sleep(0.01)
    with pytest.raises(Busy) as e:
        lim.take("third")
    # one ahead in the queue and this one: two computations of 2 s on one slot
    assert e.value.headers["Retry-After"] == "4"
    lim.give(held)
    t.join(10)


def test_retry_after_is_never_the_keep_alive_timeout():
    told = {retry_after(s / 10) for s in range(0, 1500)}
    assert KEEP_ALIVE not in told and min(told) == 1 and max(told) == 120


def test_identical_requests_share_one_computation():
    ex = Expensive(1, processes=False, queue=64, wait=60)
    calls = []

    def slow(x):
        calls.append(x)
        time.sleep(0.3)
        return {"x": x}
    with ThreadPoolExecutor(16) as pool:
        out = list(pool.map(lambda _: ex.run_shared(("best", 1), "best", slow, 1), range(16)))
    assert calls == [1] and all(o == {"x": 1} for o in out)
    st = ex.stats()
    assert st["computed"] == 1 and st["shared"] == 15 and st["turned_away"] == 0
    # another key is another computation; a refusal is not handed to later requests
    assert ex.run_shared(("best", 2), "best", slow, 2) == {"x": 2}
    assert ex.stats()["computed"] == 2


def test_a_refused_shared_computation_is_not_kept():
    ex = Expensive(1, processes=False, queue=0)
    held = ex.take("someone else")
    with pytest.raises(Busy):
        ex.run_shared("k", "best", lambda: 1)
    ex.give(held)
    assert ex.run_shared("k", "best", lambda: 2) == 2


def _busy_client():
    from almanac.exports.http import create_app
    app = create_app({"http": {"expensive_processes": False, "expensive_queue": 0}})
    return app, TestClient(app, raise_server_exceptions=False)


def test_a_browser_gets_a_page_that_retries_itself_in_its_language(data):
    from almanac import config as config_mod
    from almanac.exports.feeds import today_in
    app, c = _busy_client()
    day = today_in(config_mod.load()["calendar"]["default_tz"]) + timedelta(days=5)
    held = app.state.limiter.take("someone else's page")
    try:
        page = c.get(f"/reports/{day}.html", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8",
                                                       "Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"})
        script = c.get(f"/reports/{day}.html", headers={"Accept": "application/json"})
        api = c.get(f"/api/best?task=travel&from={day}&to={day + timedelta(days=30)}",
                    headers={"Accept": "text/html"})
    finally:
        app.state.limiter.give(held)
    assert page.status_code == 503 and page.headers["content-type"].startswith("text/html")
    after = page.headers["retry-after"]
    assert after != str(KEEP_ALIVE) and f'http-equiv="refresh" content="{after}"' in page.text
    assert "다시" in page.text and 'lang="ko"' in page.text and page.headers["cache-control"] == "no-store"
    assert script.status_code == 503 and script.json()["error"]           # a script reads JSON
    assert api.status_code == 503 and api.json()["error"]                 # the API is never HTML
    assert api.headers["retry-after"] != str(KEEP_ALIVE)


# ---------------------------------------------------------------------- a real server on loopback
class Served(Server):
    """A real ``uvicorn`` process on loopback with its own data folder (tests/exports/test_hardening.py's
    ``Server``), and its memory."""

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        return kb / 1024


def _big_header(port: int, size: int) -> tuple[bytes, int]:
    """Send a request whose one header is ``size`` bytes, a megabyte at a time, until the server
    stops reading; the start of its answer and the bytes sent."""
    import socket
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        try:
            s.sendall(b"GET /api/tasks HTTP/1.1\r\nHost: x\r\nX-Big: ")
            while sent < size:
                n = min(1 << 20, size - sent)
                s.sendall(b"a" * n)
                sent += n
            s.sendall(b"\r\n\r\n")
        except OSError:
            pass                 # the server answered and closed: the rest was never read
        got = b""
        try:
            while chunk := s.recv(65536):
                got += chunk
        except OSError:
            pass
        return got, sent


@pytest.mark.slow
def test_request_heads_are_bounded(tmp_path):
    """A 1 MB header, and too many header fields, are 431; six attempts at 100 MB headers leave
    the server's memory where it was (it grew by 690 MB before)."""
    import json
    import socket
    srv = Served(tmp_path, {"http": {"expensive_processes": False}})
    try:
        first, _ = _big_header(srv.port, 1 << 20)
        with socket.create_connection(("127.0.0.1", srv.port), timeout=30) as s:
            s.sendall(b"GET /api/tasks HTTP/1.1\r\nHost: x\r\n"
                      + b"".join(b"X-%d: a\r\n" % i for i in range(150)) + b"\r\n")
            many = b""
            while chunk := s.recv(65536):    # head and body may come in two reads
                many += chunk
        before = srv.rss_mb()
        for _ in range(6):
            answer, sent = _big_header(srv.port, 100 << 20)
            assert answer.startswith(b"HTTP/1.1 431 "), answer[:100]
            assert sent < (100 << 20)               # refused long before the end
        grew = srv.rss_mb() - before
        import httpx
        fine = httpx.get(srv.base + "/api/tasks", headers={"X-Fine": "a" * 8000}, timeout=30)
    finally:
        srv.stop()
    assert first.startswith(b"HTTP/1.1 431 ") and b"connection: close" in first
    assert "65536" in json.loads(first.partition(b"\r\n\r\n")[2])["error"]
    assert many.startswith(b"HTTP/1.1 431 ") and b"151 header fields" in many
    assert grew < 20, f"server RSS grew {grew:.1f} MB"
    assert fine.status_code == 200


# ---------------------------------------------------------------------- the workers' start
def test_a_request_waits_for_a_starting_worker_no_longer_than_its_wait(monkeypatch):
    """Before a worker process is ready a request holds its slot and waits for it — it starts no
    other — for at most ``expensive_wait`` (the queue's time counted), then answers 503."""
    from almanac.exports.http import workers

    class Cold:                # a pool whose worker has not finished warming
        ready = threading.Event()
    pool = Cold()
    monkeypatch.setattr(workers, "pool_of", lambda size: pool)
    ex = Expensive(1, processes=True, queue=4, wait=0.4)
    t0 = time.monotonic()
    with pytest.raises(workers.Starting) as e:
        ex._admit("report page")
    assert time.monotonic() - t0 >= 0.4
    assert e.value.status_code == 503 and e.value.headers["Retry-After"] != str(KEEP_ALIVE)
    assert ex.running == 0 and ex.busy == 1                  # the slot given back, the refusal counted
    threading.Timer(0.2, pool.ready.set).start()
    since = ex._admit("report page")                         # ready within the wait: it computes
    assert ex.running == 1 and time.monotonic() - since < 0.2  # its computation's time starts now
    ex.give(since)


def test_a_worker_warms_without_a_store(data):
    """What a worker does before its first job (imports, tables, catalog, templates) runs and
    writes nothing into the data folder."""
    from almanac.exports.http import job
    before = sorted(p.name for p in data.iterdir())
    job.warm_up()
    assert sorted(p.name for p in data.iterdir()) == before


@pytest.mark.slow
def test_the_app_starts_its_warm_workers_and_stops_them(data):
    """The app's start starts the worker processes in the background (``/healthz`` answers at
    once, saying ``starting`` or ``ready``), at the lower priority from the start; a page asked
    for is computed by them (no other started); a worker killed is ``failed``, the next page a
    503 and a fresh worker is started at once; the app's shutdown stops them."""
    import os
    import signal

    def settled(c):
        for _ in range(1200):
            state = c.get("/healthz").json()["expensive"]["workers"]
            if state != "starting":
                return state
            time.sleep(0.1)

    from almanac.exports.http import create_app, workers
    from datetime import date
    workers.stop_workers()
    with TestClient(create_app({"http": {"expensive_slots": 1}})) as c:
        assert c.get("/healthz").json()["expensive"]["workers"] in ("starting", "ready")
        assert settled(c) == "ready"
        pids = workers.worker_pids()
        assert len(pids) == 1 and os.getpid() not in pids
        assert os.getpriority(os.PRIO_PROCESS, pids[0]) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + workers.NICE)
        page = c.get(f"/reports/{date.today() + timedelta(days=3)}.html")
        assert page.status_code == 200 and workers.worker_pids() == pids
        os.kill(pids[0], signal.SIGKILL)
        for _ in range(100):
            if c.get("/healthz").json()["expensive"]["workers"] == "failed":
                break
            time.sleep(0.1)
        assert c.get("/healthz").json()["expensive"]["workers"] == "failed"
        lost = c.get(f"/reports/{date.today() + timedelta(days=4)}.html")
        assert lost.status_code == 503 and lost.headers["Retry-After"]
        assert settled(c) == "ready" and workers.worker_pids() not in ([], pids)
        assert c.get(f"/reports/{date.today() + timedelta(days=4)}.html").status_code == 200
    assert workers.worker_pids() == [] and workers.workers_state(1) == "stopped"
