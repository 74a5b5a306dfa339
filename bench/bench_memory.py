"""Benchmark: does memory stay bounded under ordinary requests a client may vary?

Starts one uvicorn process on 127.0.0.1 (a free port, a temporary data folder unless
ALMANAC_DATA_DIR is set) and runs these phases one after the other, sampling the resident memory
of the server and of its worker processes from /proc every 0.5 s:

- ``best7``: ``--clients`` threads send ``--best7`` requests in all of a 7-day ``/api/best``
  (a cheap request: computed in the server process) from a random date of 1950–2100, in
  Europe/Paris, in a random language — every request new days to judge;
- ``year``: ``--year`` year-long ``/api/best`` (expensive: computed in a worker process), each in
  a zone not asked for before, two clients (a ``503`` is retried after its ``Retry-After``);
- ``junk``: ``--junk`` requests each of ``/feeds/travel.ics?tz=Asia/Shanghai&junkN=<X>`` and
  ``/api/day/DAY?tz=Asia/Shanghai&junkN=<X>``, X ``--junk-bytes`` long (60,000: the query strings
  a client may make up; DAY is tomorrow, which the warm-up put into the store, so it is answered
  from a kept answer). Above ``[http] max_url_bytes`` they answer 414; 7000 stays below it.

The server warms up as ``almanac serve`` does (the store precomputed around today, the default
feeds rendered); the phases start once the store answers tomorrow.

It prints, per phase, the statuses, the RSS of the server and of server + workers (at the start,
at each quarter of the phase, at the end; and the peak) and what ``/healthz`` reports of the
caches at the end (the server's own: each worker process has its own judgement cache).

    python bench/bench_memory.py [--phases best7,year,junk] [--best7 2000] [--year 12] [--junk 4200]
                                 [--junk-bytes 60000]
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.request
import zoneinfo
from datetime import date, timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_load import Server  # noqa: E402 — one home for starting the service and reading /proc

LAUNCH = """
import threading
import uvicorn
from almanac.exports.http import create_app, warm
from almanac.exports.http.protocol import server_config
app = create_app()
threading.Thread(target=warm, args=(app,), daemon=True).start()  # as `almanac serve` does
uvicorn.Server(server_config(app, host="127.0.0.1", port={port})).run()   # its protocol and limits
"""
LANGS = ("zh-Hant", "zh-Hans", "ko", "en")


def get(url: str, timeout: float = 300) -> tuple[int, float, bytes]:
    """``(status, Retry-After or 0, body)``."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, 0.0, r.read()
    except urllib.error.HTTPError as e:
        return e.code, float(e.headers.get("Retry-After") or 0), e.read()
    except OSError:
        return 0, 0.0, b""



def run(urls: list[str], clients: int, base: str) -> dict:
    """Send ``urls`` from ``clients`` threads; a 503 is sent again after its Retry-After."""
    todo = collections.deque(urls)
    status: collections.Counter = collections.Counter()
    lock = threading.Lock()

    def client():
        while True:
            with lock:
                if not todo:
                    return
                url = todo.popleft()
            while True:
                code, wait, _ = get(base + url)
                if code != 503:
                    break
                time.sleep(wait or 1)
            with lock:
                status[code] += 1

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return dict(status)


def phase_urls(name: str, args, rnd: random.Random) -> tuple[list[str], int]:
    if name == "best7":
        urls = []
        for _ in range(args.best7):
            d = date(1950, 1, 1) + timedelta(days=rnd.randrange((date(2100, 12, 24) - date(1950, 1, 1)).days))
            urls.append(f"/api/best?task=travel&from={d}&to={d + timedelta(days=6)}&tz=Europe/Paris"
                        f"&lang={rnd.choice(LANGS)}")
        return urls, args.clients
    if name == "year":
        zones = sorted(z for z in zoneinfo.available_timezones() if "/" in z and not z.startswith("Etc/"))
        rnd.shuffle(zones)
        return [f"/api/best?task=travel&from=2026-01-01&to=2026-12-31&tz={z}" for z in zones[:args.year]], 2
    if name == "junk":
        pad = "x" * args.junk_bytes
        urls = [f"/feeds/travel.ics?tz=Asia/Shanghai&junk{i}={pad}" for i in range(args.junk)]
        day = date.today() + timedelta(days=1)
        urls += [f"/api/day/{day}?tz=Asia/Shanghai&junk{i}={pad}" for i in range(args.junk)]
        return urls, args.clients
    raise SystemExit(f"unknown phase {name!r}: best7, year or junk")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--phases", default="best7,year,junk")
    ap.add_argument("--best7", type=int, default=2000)
    ap.add_argument("--year", type=int, default=12)
    ap.add_argument("--junk", type=int, default=4200)
    ap.add_argument("--junk-bytes", type=int, default=60_000)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    server = Server(LAUNCH)
    base, samples = server.base, server.samples
    out = {"phases": {}}
    try:
        tomorrow = f"{base}/api/day/{date.today() + timedelta(days=1)}?tz=Asia/Shanghai"
        for _ in range(3000):  # until the warm-up has put tomorrow into the store
            try:
                with urllib.request.urlopen(tomorrow, timeout=60) as r:
                    if r.headers.get("ETag", "").startswith('"s'):
                        break
            except OSError:
                pass
            if server.died():
                return 1
            time.sleep(0.2)
        server.sample()
        for name in args.phases.split(","):
            urls, clients = phase_urls(name, args, rnd)
            start, first = server.rss(), len(samples)
            t0 = time.monotonic()
            status = run(urls, clients, base)
            seconds = time.monotonic() - t0
            end = server.rss()
            seen = [start] + samples[first:] + [end]
            quarters = [seen[len(seen) * q // 4] for q in range(4)] + [end]
            health = json.loads(get(base + "/healthz")[2] or b"{}")
            out["phases"][name] = {
                "requests": len(urls), "seconds": round(seconds, 1), "status": status,
                "server_mb": [round(x[0] / 1024) for x in quarters],
                "server_peak_mb": round(max(x[0] for x in seen) / 1024),
                "with_workers_mb": [round(x[1] / 1024) for x in quarters],
                "with_workers_peak_mb": round(max(x[1] for x in seen) / 1024),
                "healthz": {k: health.get(k) for k in ("feed_cache", "stored_answers", "judgement_cache",
                                                        "chosen_pages") if k in health}}
    finally:
        server.stop()
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for name, ph in out["phases"].items():
        print(f"{name}: {ph['requests']} requests in {ph['seconds']} s, statuses {ph['status']}")
        print(f"    RSS MB (start, ¼, ½, ¾, end): server {ph['server_mb']} (peak {ph['server_peak_mb']}), "
              f"server + workers {ph['with_workers_mb']} (peak {ph['with_workers_peak_mb']})")
        for k, v in ph["healthz"].items():
            print(f"    /healthz {k}: {v}")
    print(f"load average at the end: {out['load_average']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
