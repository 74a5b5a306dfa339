"""Benchmark: `best` over a one-year range, warm (target < 50 ms); then from the store.

    python bench/bench_best.py [--store]

The first call computes and caches the facts and fired rules of every hour of the year (cold);
the timed calls reuse the per-day caches keyed on (date, zone, options hash) and the task
profile's digest, so a warm search is a merge of 4,380 scored hours and a partial sort.

With ``--store`` the year is precomputed into a fresh SQLite store and the same answer is read
from it (every score row of the year read and checked, the chosen hours rebuilt) in a fresh
process state, side by side with computing it cold and warm, and through the HTTP route
in-process (a tag query, then the kept body), printed as ratios.
"""
from __future__ import annotations

import statistics
import time

from almanac.api.judging import best


def main() -> None:
    args = ("travel", "2026-01-01", "2026-12-31")
    t0 = time.perf_counter()
    best(*args, tz="Asia/Shanghai", limit=10)
    cold = time.perf_counter() - t0
    runs = []
    for _ in range(20):
        t0 = time.perf_counter()
        best(*args, tz="Asia/Shanghai", limit=10)
        runs.append(time.perf_counter() - t0)
    warm = statistics.median(runs) * 1000
    print(f"best(travel, one year): cold {cold:.2f} s, warm median {warm:.1f} ms "
          f"(min {min(runs) * 1000:.1f} ms) — target < 50 ms: {'OK' if warm < 50 else 'MISSED'}")


def store_side_by_side() -> None:
    import json
    import os
    import tempfile
    from pathlib import Path

    from almanac.judgement import search
    tmp = tempfile.mkdtemp()
    os.environ["ALMANAC_DATA_DIR"] = tmp
    url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
    os.environ["ALMANAC_DB_URL"] = url
    from almanac.exports.store import Store
    store = Store(url)
    args = ("travel", "2026-01-01", "2026-12-31")
    store.precompute(args[1], args[2], "Asia/Shanghai")

    def timed(fn, n=10):
        runs = []
        for _ in range(n):
            t0 = time.perf_counter()
            out = fn()
            runs.append(time.perf_counter() - t0)
        return statistics.median(runs) * 1000, out

    def cold_compute():
        search._days.clear()
        search._scored.clear()
        return best(*args, tz="Asia/Shanghai", limit=10)
    cold_ms, want = timed(cold_compute, 3)
    warm_ms, _ = timed(lambda: best(*args, tz="Asia/Shanghai", limit=10))
    stored_ms, got = timed(lambda: store.best(*args, "Asia/Shanghai", 10))
    assert json.dumps(got, ensure_ascii=False) == json.dumps(want, ensure_ascii=False)
    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app
    client = TestClient(create_app({}))
    url_best = f"/api/best?task={args[0]}&from={args[1]}&to={args[2]}&tz=Asia/Shanghai&limit=10"
    client.get(url_best)
    http_ms, r = timed(lambda: client.get(url_best), 20)
    tag_ms, r304 = timed(lambda: client.get(url_best, headers={"If-None-Match": r.headers["etag"]}), 20)
    print(f"best(travel, one year) from the store: {stored_ms:.1f} ms (every row read and checked) "
          f"vs computing cold {cold_ms:.0f} ms ({cold_ms / stored_ms:.0f}x) and warm {warm_ms:.1f} ms "
          f"({warm_ms / stored_ms:.1f}x); over HTTP in-process: {http_ms:.1f} ms a request (kept "
          f"body), {tag_ms:.1f} ms a 304 (status {r304.status_code})")


if __name__ == "__main__":
    import sys
    main()
    if "--store" in sys.argv[1:]:
        store_side_by_side()
