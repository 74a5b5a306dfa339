"""Benchmark: `best` over a one-year range, warm (target < 50 ms).

    python bench/bench_best.py

The first call computes and caches the facts and fired rules of every hour of the year (cold);
the timed calls reuse the per-day caches keyed on (date, zone, options hash) and the task
profile's digest, so a warm search is a merge of 4,380 scored hours and a partial sort.
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


if __name__ == "__main__":
    main()
