"""Charts per second: our 六壬 engine beside kinliuren, in one process, with the ratio.

    python bench/bench_liuren.py [--seconds S]

kinliuren is a bench-only dependency (``pip install kinliuren``, or the ``bench`` extra); it is
imported lazily and the kinliuren column is skipped with a note when it is missing.

Ours casts all 8,640 charts (60 days × 12 月將 × 12 hours) per pass; kinliuren, at a few dozen
charts per second, an evenly spread sample of 298 of them. Ours is timed three
ways: cold (``chart_for`` uncached: 四課, 三傳, 天將, 旬空, 格局), cached ``chart_for`` — legitimate,
since a chart depends only on (day, k, 晝/夜, options) — and cached plus ``to_json()``.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from almanac.calendar import hour_pillar  # noqa: E402
from almanac.cycles import GanZhi  # noqa: E402
from almanac.liuren.chart import build_chart, chart_for, chart_table  # noqa: E402
from almanac.liuren.generals import is_night_fixed  # noqa: E402
from almanac.liuren.options import DEFAULT  # noqa: E402

#: the 中氣 that starts each 月將's month, by 月將 branch 子…亥 (kinliuren takes a 節氣 name)
ZHONGQI_OF_JIANG = ("大寒", "冬至", "小雪", "霜降", "秋分", "處暑", "大暑", "夏至", "小滿", "穀雨", "春分", "雨水")
MONTHS = ("十二", "十一", "十", "九", "八", "七", "六", "五", "四", "三", "二", "一")

CASES = [(d, yj, hr) for d in range(60) for yj in range(12) for hr in range(12)]


def _rate(fn, seconds: float, cases=CASES) -> tuple[float, int]:
    n, t0 = 0, time.perf_counter()
    while True:
        for case in cases:
            fn(*case)
        n += len(cases)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt, n


def ours_cold(d, yj, hr):
    return build_chart(d, (yj - hr) % 12, is_night_fixed(hr), DEFAULT)


def ours_cached(d, yj, hr):
    return chart_for(d, (yj - hr) % 12, is_night_fixed(hr), DEFAULT)


def ours_json(d, yj, hr):
    return chart_for(d, (yj - hr) % 12, is_night_fixed(hr), DEFAULT).to_json()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per engine (default 2 s)")
    args = ap.parse_args(argv)

    chart_table(DEFAULT).clear()
    cold, _ = _rate(ours_cold, args.seconds)
    cached, _ = _rate(ours_cached, args.seconds)
    with_json, _ = _rate(ours_json, args.seconds)
    print(f"ours, uncached chart_for      : {cold:12,.0f} charts/s")
    print(f"ours, cached chart_for        : {cached:12,.0f} charts/s")
    print(f"ours, cached + to_json()      : {with_json:12,.0f} charts/s")
    try:
        from kinliuren import kinliuren as kin  # bench-only dependency, imported lazily
    except ImportError:
        print("kinliuren is not installed (pip install kinliuren): no comparison")
        return 0
    pillars = {(d, hr): (str(GanZhi(d)), str(hour_pillar(GanZhi(d), hr))) for d in range(60) for hr in range(12)}
    errors = 0

    def theirs(d, yj, hr):
        nonlocal errors
        day, hour = pillars[d, hr]
        try:
            return kin.Liuren(ZHONGQI_OF_JIANG[yj], MONTHS[yj], day, hour).result(0)
        except Exception:  # noqa: BLE001 — kinliuren crashes on a few charts; count them
            errors += 1

    kin_rate, n = _rate(theirs, args.seconds, CASES[::29])   # kinliuren runs ~40/s: a 298-chart sample
    print(f"kinliuren 0.1.x Liuren.result : {kin_rate:12,.0f} charts/s ({errors} of {n} raised)")
    print(f"ratio cached / kinliuren      : {cached / kin_rate:12,.0f} ×")
    print(f"ratio cached+json / kinliuren : {with_json / kin_rate:12,.0f} ×")
    print(f"ratio uncached / kinliuren    : {cold / kin_rate:12,.1f} ×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
