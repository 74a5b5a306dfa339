"""Benchmark: GET /feeds/{task}.ics under wrk on loopback.

Starts uvicorn on 127.0.0.1 (a free port), warms the feed cache, runs ``wrk -t2 -c32 -d10s``
(bounded: 10 s, loopback only), prints requests/s and p99 latency, then stops the server.
Target: ≥ 2,000 req/s and p99 < 20 ms (rendered feeds are cached per task, zone, language,
alarm, horizon day and config digest). Needs ``wrk`` (apt-get install wrk).

    python bench/bench_feed.py [--task NAME] [--duration 10] [--connections 32] [--not-modified] [--gzip]
    python bench/bench_feed.py --path '/api/day/2026-06-01?tz=Asia/Shanghai'

``--path`` measures any other GET the same way (the HTTP rows of docs/performance.md:
``/api/day/…`` and a year's ``/api/best?…``, answered from the store after ``almanac precompute``
of that year into the same ``ALMANAC_DATA_DIR``); its target is the row's goal, not the feed's.

The first request renders the feed (and is timed); the measured requests are then answered from
memory by the ASGI fast path in front of FastAPI (exports/http/caching.py ``FeedCache``).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

LAUNCH = """
import uvicorn
from almanac.exports.http import create_app
uvicorn.run(create_app(), host="127.0.0.1", port={port}, log_level="warning", access_log=False)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--task", default=None)
    ap.add_argument("--duration", type=int, default=10)
    ap.add_argument("--connections", type=int, default=32)
    ap.add_argument("--not-modified", action="store_true", help="send If-None-Match (measure 304s)")
    ap.add_argument("--gzip", action="store_true", help="send Accept-Encoding: gzip (as real clients do)")
    ap.add_argument("--path", default=None, help="measure this path and query instead of a feed")
    args = ap.parse_args()
    if not shutil.which("wrk"):
        print("wrk is not installed (apt-get install wrk)", file=sys.stderr)
        return 2
    duration = max(1, min(args.duration, 60))
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", LAUNCH.format(port=port)],
                            env={**os.environ}, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2)
                break
            except OSError:
                if proc.poll() is not None:
                    print(proc.stderr.read().decode()[-2000:], file=sys.stderr)
                    return 1
                time.sleep(0.1)
        import json
        if args.path:
            task, url = args.path, base + args.path
        else:
            task = args.task or json.load(urllib.request.urlopen(base + "/api/tasks"))["tasks"][0]["name"]
            url = f"{base}/feeds/{task}.ics"
        t0 = time.time()
        hdrs = {"Accept-Encoding": "gzip"} if args.gzip else {}
        with urllib.request.urlopen(urllib.request.Request(url, headers=hdrs), timeout=600) as r:  # warm
            body, etag = r.read(), r.headers["ETag"]
        print(f"{'GET' if args.path else 'feed'} {task}: {len(body)} bytes{' (gzip)' if args.gzip else ''}, first build {time.time() - t0:.1f}s")
        cmd = ["wrk", "-t2", f"-c{args.connections}", f"-d{duration}s", "--latency", "--timeout", "5s"]
        if args.not_modified:
            cmd += ["-H", f"If-None-Match: {etag}"]
        if args.gzip:
            cmd += ["-H", "Accept-Encoding: gzip"]
        out = subprocess.run(cmd + [url], capture_output=True, text=True, timeout=duration + 30).stdout
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
        m = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
        p99 = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
        print(out)
        statuses = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
        print(f"requests/s: {rps:.0f}  p99: {p99:.2f} ms  non-2xx/3xx: {statuses.group(1) if statuses else 0}  "
              f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        if not args.path:
            print(f"target ≥ 2000 req/s, p99 < 20 ms: {'met' if rps >= 2000 and p99 < 20 else 'NOT met'}")
        return 0
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    sys.exit(main())
