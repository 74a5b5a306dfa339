"""Benchmark: expensive requests under real use — queued, not refused; identical ones shared.

Starts one uvicorn process on 127.0.0.1 (a free port, a temporary data folder unless
ALMANAC_DATA_DIR is set; no warm-up, so nothing asked for is in the store) as ``almanac serve``
runs it, waits until it answers ``/healthz`` and then (``--after`` seconds later; by default at
once: the coldest case, a server that has just started) runs, one after the other:

- ``reports4``: 4 report pages of 4 new dates at once (a reader opening four tabs), as a browser
  asks (``Accept: text/html``): the statuses and the slowest answer;
- ``reports32``: 32 report pages of 32 other new dates at once: how many 200, how many 503 (HTML
  or JSON), and the quickest 503 beside ``[http] expensive_wait`` (none may come sooner);
- ``best``: one year-long ``/api/best`` alone (a new URL: computed in a worker process), then
  ``--same`` (64) concurrent requests for one other new year-long URL: statuses, the slowest
  answer beside twice the single one, and ``/healthz``'s ``expensive`` counters (``computed``
  went up by one if the 64 shared a computation).

    python bench/bench_queue.py [--same 64] [--phases reports4,reports32,best] [--after S | --warm]

Cold (the default) measures what the first readers after a start meet: the worker processes
start with the app and warm in the background, so requests arriving meanwhile wait for them.
``--after S`` sends the first burst S seconds after the first ``/healthz`` answer (readers
arriving a little later); ``--warm`` asks for one report page first, so the worker process has
computed once (its store days around that date too). The ``start`` line says when the server
first answered and when ``/healthz`` first said its workers were ready (``expensive.workers``;
"-" when it does not say), in seconds after the launch, and the workers' state when the first
burst was sent.

Nothing is retried: every answer counted is the first one.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_load import Server  # noqa: E402

LAUNCH = """
import uvicorn
from almanac.exports.http import create_app
from almanac.exports.http.protocol import server_config
uvicorn.Server(server_config(create_app(), host="127.0.0.1", port={port})).run()
"""
PAGE = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8", "Accept-Language": "ko-KR,ko;q=0.9"}


def get(url: str, headers: dict | None = None) -> tuple[int, float, str, str]:
    """``(status, seconds, content type, Retry-After)`` of one request."""
    t0 = time.monotonic()
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=600) as r:
            r.read()
            return r.status, time.monotonic() - t0, r.headers.get("content-type", ""), ""
    except urllib.error.HTTPError as e:
        e.read()
        return e.code, time.monotonic() - t0, e.headers.get("content-type", ""), e.headers.get("retry-after", "")


def burst(urls: list[str], headers: dict | None = None) -> list[tuple[int, float, str, str]]:
    with ThreadPoolExecutor(len(urls)) as ex:
        return list(ex.map(lambda u: get(u, headers), urls))


def said(name: str, rs, wait: float | None = None) -> dict:
    codes = [r[0] for r in rs]
    out = {"phase": name, "n": len(rs), "200": codes.count(200), "503": codes.count(503),
           "other": sorted(c for c in codes if c not in (200, 503)),
           "slowest_s": round(max(r[1] for r in rs), 2), "quickest_s": round(min(r[1] for r in rs), 2)}
    refused = [r for r in rs if r[0] == 503]
    if refused:
        out["quickest_503_s"] = round(min(r[1] for r in refused), 2)
        out["503_html"] = sum(1 for r in refused if r[2].startswith("text/html"))
        out["retry_after"] = sorted({r[3] for r in refused})
    if wait is not None:
        out["expensive_wait_s"] = wait
    return out


def health(base: str) -> dict:
    with urllib.request.urlopen(base + "/healthz", timeout=60) as r:
        return json.loads(r.read())["expensive"]


class Ready:
    """When ``/healthz`` first said ``expensive.workers: ready``, in seconds after ``launched``
    (asked every 0.1 s in a thread of its own; None when it never did, or does not say)."""

    def __init__(self, base: str, launched: float):
        import threading
        self.at = None
        self._base, self._launched = base, launched
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        for _ in range(600):
            try:
                state = health(self._base).get("workers")
            except OSError:
                return
            if state in (None, "ready"):
                if state == "ready":
                    self.at = round(time.monotonic() - self._launched, 2)
                return
            time.sleep(0.1)

    def when(self):
        return self.at if self.at is not None else "-"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--same", type=int, default=64)
    ap.add_argument("--phases", default="reports4,reports32,best")
    ap.add_argument("--warm", action="store_true",
                    help="ask for one report page first, so the worker process is started and warm")
    ap.add_argument("--after", type=float, default=0.0,
                    help="seconds between the server's first /healthz answer and the first burst")
    args = ap.parse_args()
    phases = args.phases.split(",")
    launched = time.monotonic()
    srv = Server(LAUNCH)
    try:
        for _ in range(3000):
            try:
                get(srv.base + "/healthz")
                break
            except OSError:
                if srv.died():
                    return 1
                time.sleep(0.05)
        up = time.monotonic() - launched
        wait = float(health(srv.base)["wait"])
        ready = Ready(srv.base, launched)
        today = date.today()
        print(f"load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
        time.sleep(args.after)
        print(json.dumps({"phase": "start", "answered_s": round(up, 2), "burst_s": round(time.monotonic() - launched, 2),
                          "workers_at_burst": health(srv.base).get("workers", "-")}))
        if args.warm:   # the worker process has computed once (and the store holds the days around that date)
            print(json.dumps(said("warm-up page", [get(f"{srv.base}/reports/{today + timedelta(days=5)}.html",
                                                       PAGE)])))
        if "reports4" in phases:
            rs = burst([f"{srv.base}/reports/{today + timedelta(days=10 + i)}.html" for i in range(4)], PAGE)
            print(json.dumps(said("4 report pages at once", rs)))
        if "reports32" in phases:
            rs = burst([f"{srv.base}/reports/{today + timedelta(days=40 + i)}.html" for i in range(32)], PAGE)
            print(json.dumps(said("32 report pages at once", rs, wait)))
        if "best" in phases:
            one = get(f"{srv.base}/api/best?task=travel&from=2031-01-01&to=2031-12-31")
            before = health(srv.base)
            rs = burst([f"{srv.base}/api/best?task=travel&from=2032-01-01&to=2032-12-31"] * args.same)
            after = health(srv.base)
            out = said(f"{args.same} identical new year-long best at once", rs)
            out.update(single_s=round(one[1], 2), single_status=one[0],
                       computed=after["computed"] - before["computed"], shared=after["shared"] - before["shared"])
            print(json.dumps(out))
        print(json.dumps({"phase": "start", "workers_ready_s": ready.when()}))
        print(f"load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
    finally:
        srv.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
