"""Benchmark: a bounded mixed load — cheap requests measured while expensive ones hammer the service.

Starts one uvicorn process on 127.0.0.1 (a free port, a temporary data folder unless
ALMANAC_DATA_DIR is set), renders the default feed, then:

1. **cheap alone** (``--baseline`` s): ``--cheap`` client threads loop over ``/healthz``, the
   rendered default feed and ``/api/tasks``;
2. **mixed** (``--duration`` s, at most 60): the same cheap clients, plus ``--expensive`` client
   threads that each loop over a year-long ``/api/best``, a new ``?alarm=`` feed variant every
   time, an on-demand report page inside the window and one far outside it. They retry at once
   after a 503 (hammering), or with ``--polite`` wait its ``Retry-After``.

Everything is loopback and stops by itself. It prints, for the cheap requests, req/s, p50 and p99
in each phase and their ratios (mixed ÷ alone), the status counts of the expensive requests, and
the server's resident memory alone and with its worker processes (start, peak, end; sampled
from /proc every 0.5 s), and the load average.

    python bench/bench_load.py [--duration 60] [--baseline 10] [--cheap 4] [--expensive 16] [--polite]
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from datetime import date, timedelta

LAUNCH = """
import uvicorn
from almanac.exports.http import create_app
uvicorn.run(create_app(), host="127.0.0.1", port={port}, log_level="warning", access_log=False)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 120, retry_after: list | None = None) -> tuple[int, float]:
    """``(status, seconds)``; a 503's ``Retry-After`` is appended to ``retry_after`` if given."""
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        e.read()
        status = e.code
        if retry_after is not None and status == 503:
            retry_after.append(float(e.headers.get("Retry-After") or 0))
    except OSError:
        status = 0
    return status, time.perf_counter() - t0


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    out = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return out


def tree_rss_kb(pid: int) -> tuple[int, int]:
    """Resident memory of the server and of the server with its worker processes."""
    own = rss_kb(pid)
    return own, own + sum(rss_kb(c) for c in children(pid))


class Server:
    """The service in a process of its own, started from ``launch`` (a script with ``{port}``) on
    a free port with the data folder ``$ALMANAC_DATA_DIR`` (a new temp folder without it); its
    memory, and its workers', is sampled every 0.5 s once ``sample()`` is called."""

    def __init__(self, launch: str = LAUNCH):
        data = os.environ.get("ALMANAC_DATA_DIR") or tempfile.mkdtemp(prefix="almanac-bench-")
        port = free_port()
        self.proc = subprocess.Popen([sys.executable, "-c", launch.format(port=port)],
                                     env={**os.environ, "ALMANAC_DATA_DIR": data}, stderr=subprocess.PIPE)
        self.base = f"http://127.0.0.1:{port}"
        self.samples: list[tuple[int, int]] = []
        self._done = threading.Event()

    def rss(self) -> tuple[int, int]:
        return tree_rss_kb(self.proc.pid)

    def sample(self) -> None:
        def run():
            while not self._done.is_set():
                self.samples.append(self.rss())
                self._done.wait(0.5)
        threading.Thread(target=run, daemon=True).start()

    def died(self) -> bool:
        """True (its last words printed) when the process has ended."""
        if self.proc.poll() is None:
            return False
        print(self.proc.stderr.read().decode()[-2000:], file=sys.stderr)
        return True

    def stop(self) -> None:
        self._done.set()
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def run_phase(base: str, seconds: float, cheap: int, expensive: int, polite: bool = False) -> dict:
    stop = time.monotonic() + seconds
    lat: list[float] = []
    by_path: dict[str, list[float]] = collections.defaultdict(list)
    cheap_status: collections.Counter = collections.Counter()
    exp_status: collections.Counter = collections.Counter()
    lock = threading.Lock()
    counter = iter(range(1, 10**9))
    today = date.today()

    def cheap_client():
        paths = ("/healthz", "/feeds/travel.ics", "/api/tasks")
        i = 0
        while time.monotonic() < stop:
            path = paths[i % 3]
            status, dt = get(base + path, timeout=60)
            i += 1
            with lock:
                lat.append(dt)
                by_path[path].append(dt)
                cheap_status[status] += 1

    def expensive_client():
        while time.monotonic() < stop:
            with lock:
                n = next(counter)
            kind = n % 4
            if kind == 0:
                url = f"/api/best?task=travel&from={today}&to={today + timedelta(days=365)}"
            elif kind == 1:
                url = f"/feeds/travel.ics?alarm={n % 1441}"
            elif kind == 2:
                url = f"/reports/{today + timedelta(days=n % 30)}.html"
            else:
                url = f"/reports/{2999 - n % 900}-12-31.html"
            wait: list[float] = []
            status, _ = get(base + url, timeout=300, retry_after=wait)
            with lock:
                exp_status[f"{('best', 'variant', 'report', 'far report')[kind]} {status}"] += 1
            if polite and wait:  # a client that honours Retry-After
                time.sleep(max(0.0, min(wait[0], stop - time.monotonic())))

    threads = [threading.Thread(target=cheap_client) for _ in range(cheap)]
    threads += [threading.Thread(target=expensive_client) for _ in range(expensive)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 320)
    elapsed = time.monotonic() - t0
    return {"cheap_rps": len(lat) / seconds, "p50_ms": pct(lat, 0.5) * 1000, "p99_ms": pct(lat, 0.99) * 1000,
            "cheap_status": dict(cheap_status),
            "by_path_ms": {p: {"p50": round(pct(xs, 0.5) * 1000, 1), "p99": round(pct(xs, 0.99) * 1000, 1)}
                           for p, xs in sorted(by_path.items())}, "expensive_status": dict(sorted(exp_status.items())),
            "elapsed_s": round(elapsed, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--duration", type=int, default=60)
    ap.add_argument("--baseline", type=int, default=10)
    ap.add_argument("--cheap", type=int, default=4)
    ap.add_argument("--expensive", type=int, default=16)
    ap.add_argument("--polite", action="store_true",
                    help="expensive clients wait the Retry-After of a 503 (default: they retry at once)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    duration = max(1, min(args.duration, 60))
    baseline = max(1, min(args.baseline, 60))
    server = Server()
    base = server.base
    try:
        for _ in range(600):
            if get(base + "/healthz", timeout=5)[0] == 200:
                break
            if server.died():
                return 1
            time.sleep(0.1)
        status, secs = get(base + "/feeds/travel.ics", timeout=600)
        if status != 200:
            print(f"the default feed answered {status}", file=sys.stderr)
            return 1
        start_rss = server.rss()
        server.sample()
        alone = run_phase(base, baseline, args.cheap, 0)
        mixed = run_phase(base, duration, args.cheap, args.expensive, args.polite)
        end_rss = server.rss()
    finally:
        server.stop()
    samples = server.samples
    out = {"first_feed_s": round(secs, 2), "alone": alone, "mixed": mixed,
           "ratio_cheap_rps": round(mixed["cheap_rps"] / alone["cheap_rps"], 3) if alone["cheap_rps"] else None,
           "ratio_p99": round(mixed["p99_ms"] / alone["p99_ms"], 2) if alone["p99_ms"] else None,
           "rss_mb": {"start": round(start_rss[0] / 1024), "peak": round(max([s[0] for s in samples] or [0]) / 1024),
                      "end": round(end_rss[0] / 1024)},
           "rss_with_workers_mb": {"start": round(start_rss[1] / 1024),
                                   "peak": round(max([s[1] for s in samples] or [0]) / 1024),
                                   "end": round(end_rss[1] / 1024)},
           "load_average": [round(x, 2) for x in os.getloadavg()]}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"first render of the default feed: {secs:.1f} s")
        for name in ("alone", "mixed"):
            ph = out[name]
            print(f"cheap {name:5}: {ph['cheap_rps']:8.1f} req/s  p50 {ph['p50_ms']:7.1f} ms  "
                  f"p99 {ph['p99_ms']:7.1f} ms  statuses {ph['cheap_status']}")
            print("    " + ", ".join(f"{p} p50 {v['p50']} p99 {v['p99']} ms" for p, v in ph["by_path_ms"].items()))
        print(f"ratio mixed/alone: req/s {out['ratio_cheap_rps']}, p99 {out['ratio_p99']}")
        print(f"expensive: {mixed['expensive_status']}")
        for name, what in (("rss_mb", "server"), ("rss_with_workers_mb", "server + workers")):
            print(f"{what} RSS MB: start {out[name]['start']}, peak {out[name]['peak']}, end {out[name]['end']}")
        print(f"load average at the end: {out['load_average']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
