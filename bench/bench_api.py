"""The API's calls beside their peers, side by side in one process, as ratios.

    python bench/bench_api.py [--rounds 5] [--days 730]
    python bench/bench_api.py --process-time 5     # our chart paths alone, by process time

Rows (docs/performance.md keeps the table and the goals):

- ``api.textbook_chart`` (day pillar, 月將, hour) per second ÷ kinliuren's ``Liuren.result`` per
  second on the same charts — goal ≥ 1000×;
- ``api.chart(moment)`` (an ISO moment and a zone: clock, day, 時辰, 月將, 晝/夜, chart) ÷
  kinliuren — goal ≥ 500×;
- ``api.day`` over new days in a *fresh* process (nothing of those days computed before: only
  imports and one warm-up day of another year) ÷ lunar-python's pillars, 宿 and 12 hour pillars
  over the first quarter of the same days (as bench_day.py, whose figures issue 13 quotes) —
  goal ≥ 100×. Run in a child process so it is fresh.

The engines alternate in rounds (ours a slice, the peer a slice, …) so that the load of a shared
machine falls on both alike; the chart ratios printed are the medians of the rounds' ratios,
the day ratio the ratio of the mean times. kinliuren
and lunar-python are bench/test-only dependencies (``pip install -e '.[bench]'``).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: the 中氣 that starts each 月將's month, by 月將 branch 子…亥 (kinliuren takes a 節氣 name)
ZHONGQI_OF_JIANG = ("大寒", "冬至", "小雪", "霜降", "秋分", "處暑", "大暑", "夏至", "小滿", "穀雨", "春分", "雨水")
MONTHS = ("十二", "十一", "十", "九", "八", "七", "六", "五", "四", "三", "二", "一")
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"


def _chart_cases():
    from almanac.cycles import GanZhi
    return [(str(GanZhi(d)), yj, hr) for d in range(60) for yj in range(12) for hr in range(12)]


def _kin(cases):
    from almanac.calendar import hour_pillar
    from almanac.cycles import GanZhi
    from kinliuren import kinliuren as kin

    def one(day, yj, hr):
        try:
            return kin.Liuren(ZHONGQI_OF_JIANG[yj], MONTHS[yj], day,
                              str(hour_pillar(GanZhi.parse(day), hr))).result(0)
        except Exception:  # noqa: BLE001 — kinliuren raises on a few charts; they still cost
            return None
    return one


def _timed(fn, cases) -> float:
    t = time.perf_counter()
    for c in cases:
        fn(*c)
    return (time.perf_counter() - t) / len(cases)


def _rounds(ours, ours_cases, peer, peer_cases, rounds: int) -> tuple[float, float, float]:
    """Median (ours s/call, peer s/call, ratio) over alternating rounds."""
    ratios, mine, theirs = [], [], []
    step = max(1, len(peer_cases) // rounds)
    for r in range(rounds):
        a = _timed(ours, ours_cases)
        b = _timed(peer, peer_cases[r * step:(r + 1) * step])
        mine.append(a), theirs.append(b), ratios.append(b / a)
    return statistics.median(mine), statistics.median(theirs), statistics.median(ratios)


def _ours():
    """Our two chart paths, each with its cases: ``[(name, fn, cases, goal)]``."""
    from almanac import api
    tb = [(d, BRANCHES[yj], BRANCHES[hr]) for d, yj, hr in _chart_cases()]

    def textbook(day, yj, hr):
        return api.textbook_chart(day, yuejiang=yj, hour=hr)

    start = datetime(2026, 1, 1, 0, 7)
    moments = [((start + timedelta(minutes=97 * i)).isoformat(timespec="minutes"),)
               for i in range(5400)]                  # ~ a year, every 時辰 and 月將 met

    def moment(iso):
        return api.chart(iso, tz="Asia/Shanghai")

    return [("api.textbook_chart", textbook, tb, 1000), ("api.chart(moment)", moment, moments, 500)]


def process_times(passes: int) -> list[dict]:
    """Process time a call of each chart path over its cases met again (after one pass over
    them): the minimum over ``passes`` passes. Steadier than the wall clock on a loaded machine;
    run it alternately with a checkout of the code before for a "before" figure."""
    rows = []
    for name, fn, cases, _goal in _ours():
        for c in cases:
            fn(*c)
        best = float("inf")
        for _ in range(passes):
            t = time.process_time()
            for c in cases:
                fn(*c)
            best = min(best, (time.process_time() - t) / len(cases))
        rows.append({"path": name, "process_us": best * 1e6, "passes": passes})
    return rows


def charts(rounds: int) -> list[dict]:
    cases = _chart_cases()
    ours = _ours()
    for _, fn, ours_cases, _ in ours:
        for c in ours_cases[:50]:
            fn(*c)
    try:
        peer = _kin(cases)
    except ImportError:
        print("kinliuren is not installed (pip install -e '.[bench]'): charts not compared")
        return []
    sample = cases[::24][:rounds * 12]                 # kinliuren runs ~ a hundred a second
    rows = []
    for name, fn, ours_cases, goal in ours:
        a, b, ratio = _rounds(fn, ours_cases, peer, sample, rounds)
        rows.append({"path": name, "ours_us": a * 1e6, "peer": "kinliuren", "peer_us": b * 1e6,
                     "ratio": ratio, "goal": goal})
    return rows


def _fresh_days(n: int, rounds: int) -> dict:
    """In this (fresh) process: api.day over ``n`` new days beside lunar-python, in rounds."""
    from lunar_python import Solar

    from almanac import api

    def lp(d: date) -> tuple:
        lun = Solar.fromYmd(d.year, d.month, d.day).getLunar()
        out = [lun.getYearInGanZhiExact(), lun.getMonthInGanZhiExact(), lun.getDayInGanZhi(),
               lun.getXiu()]
        for h in range(0, 24, 2):
            out.append(Solar.fromYmdHms(d.year, d.month, d.day, h, 30, 0).getLunar().getTimeInGanZhi())
        return tuple(out)

    api.day(date(2029, 6, 1))                       # imports, config, the first term tables
    lp(date(2029, 6, 1))
    days = [date(2030, 1, 1) + timedelta(days=i) for i in range(n)]
    # lunar-python's cost per day varies fifty-fold (the days near a lunar new year recompute its
    # year tables), so it is compared, as bench_day.py does, over the first quarter of the span
    peer_days = days[: max(30, n // 4)]
    per, peer_per = -(-n // rounds), -(-len(peer_days) // rounds)
    mine, theirs = [], []
    for r in range(rounds):
        chunk = days[r * per:(r + 1) * per]
        if chunk:
            mine.append((_timed(api.day, [(d,) for d in chunk]), len(chunk)))
        pchunk = peer_days[r * peer_per:(r + 1) * peer_per:2]
        if pchunk:
            theirs.append((_timed(lp, [(d,) for d in pchunk]), len(pchunk)))
    ours = sum(t * k for t, k in mine) / sum(k for _, k in mine)
    peer = sum(t * k for t, k in theirs) / sum(k for _, k in theirs)
    return {"path": f"api.day, {n} new days, fresh process", "ours_us": ours * 1e6,
            "peer": "lunar-python", "peer_us": peer * 1e6, "ratio": peer / ours, "goal": 100}


def days(n: int, rounds: int) -> list[dict]:
    try:
        import lunar_python  # noqa: F401
    except ImportError:
        print("lunar-python is not installed (pip install -e '.[bench]'): days not compared")
        return []
    out = subprocess.run([sys.executable, __file__, "--fresh-days", str(n), "--rounds", str(rounds)],
                         capture_output=True, text=True, timeout=900, cwd=ROOT)
    if out.returncode:
        sys.exit(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "day bench failed")
    return [json.loads(out.stdout)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--days", type=int, default=730, help="new days for api.day (bench_day's 730)")
    ap.add_argument("--fresh-days", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--process-time", type=int, default=None, metavar="PASSES",
                    help="only our chart paths: process time a call, the minimum of PASSES passes")
    args = ap.parse_args(argv)
    if args.process_time:
        for r in process_times(args.process_time):
            print(f"{r['path']:44s} {r['process_us']:8.2f}µs process time a call "
                  f"(minimum of {r['passes']} passes)")
        return 0
    if args.fresh_days:
        print(json.dumps(_fresh_days(args.fresh_days, max(1, args.rounds))))
        return 0
    rows = charts(max(1, args.rounds)) + days(max(30, args.days), max(1, args.rounds))
    print(f"{'path':44s} {'ours':>10s} {'peer':>24s} {'ratio':>9s} {'goal':>7s}")
    for r in rows:
        print(f"{r['path']:44s} {r['ours_us']:8.1f}µs {r['peer']:>13s} {r['peer_us']:8.0f}µs "
              f"{r['ratio']:8.0f}× {'≥' + str(r['goal']) + '×':>7s} {'met' if r['ratio'] >= r['goal'] else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
