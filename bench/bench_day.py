"""Days per second: ``api.day`` beside lunar-python doing a day's pillars, 宿 and 12 hour pillars.

Both run in this process over the same consecutive days. ``api.day`` is measured cold (each day
computed for the first time in the process; only the per-year solar-term tables and the 720 六壬
charts are shared) and warm (the same days again, answered from the per-day cache).

    python bench/bench_day.py [DAYS]
"""
from __future__ import annotations

import sys
import time
from datetime import date, timedelta


def _lunar_python_day(d: date) -> tuple:
    from lunar_python import Solar
    lun = Solar.fromYmd(d.year, d.month, d.day).getLunar()
    out = [lun.getYearInGanZhiExact(), lun.getMonthInGanZhiExact(), lun.getDayInGanZhi(), lun.getXiu()]
    for h in range(0, 24, 2):
        out.append(Solar.fromYmdHms(d.year, d.month, d.day, h, 30, 0).getLunar().getTimeInGanZhi())
    return tuple(out)


def _rate(fn, days) -> float:
    t = time.perf_counter()
    for d in days:
        fn(d)
    return len(days) / (time.perf_counter() - t)


def main(n: int = 730) -> None:
    from almanac import api
    try:
        import lunar_python  # noqa: F401
    except ImportError:
        sys.exit("lunar-python is needed for the comparison: pip install -e '.[test]'")
    days = [date(2030, 1, 1) + timedelta(days=i) for i in range(n)]
    api.day(date(2029, 6, 1))                     # imports, config, first term table
    cold = _rate(api.day, days)
    warm = _rate(api.day, days)
    lp = _rate(_lunar_python_day, days[: max(50, n // 4)])
    print(f"days: {n} consecutive from {days[0]}")
    print(f"lunar-python (pillars, 宿, 12 hour pillars): {lp:10.0f} days/s")
    print(f"almanac api.day cold (+禽, taboos, 12 charts): {cold:10.0f} days/s   ratio {cold / lp:6.1f}x")
    print(f"almanac api.day warm:                          {warm:10.0f} days/s   ratio {warm / lp:6.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 730)
