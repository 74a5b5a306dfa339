"""Process time of ``api.day`` per new day, in fresh processes, span by span.

    python bench/bench_cold_day.py [--runs 3] [--no-gc] [--charts | --charts-first] [--beside ../before]

Each run is a new process: it imports the package, asks one warm-up day (2029-06-01: imports,
config, the first term tables) and then times, by process time, 730 new days from 2030-01-01
(everything cold: the school's charts, hour fact sets and moments), 730 new days from 2032-01-01
(the charts warm, the dates new), the first 730 days again (their hours kept) and those days
recomputed (their hours dropped; every chart, fact set and moment they meet already known: the
least a day costs as the code is shaped, the floor under any cache of the school's tables). Since
``api.day`` reads its hours straight into JSON and keeps none (2026-12-02), the last two spans
measure the same thing, and with the default school's tables shipped (``almanac.api.hour_table``)
its charts are not built at all; the first day loads the tables. ``--no-gc`` runs the timed spans
with the garbage collector off (it is ≈ 20 % of a cold span). ``--beside DIR`` alternates each
run with one of the same measurement in another checkout (e.g. ``git worktree add --detach
../before REV``), so that the load of a shared machine falls on both alike; docs/performance.md
keeps the figures. ``--charts`` times instead the default school's 1,440 charts, each built cold
in a fresh process with the collector off, by part (the chart, its 課體 environment, what its
晝 and 夜 share, its 課體, its moments' open entries), in µs a chart. ``--charts-first`` builds
those 1,440 charts before the spans, untimed: what the days would cost if the charts came ready
from a table.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: (name, first day, whether the days' own hours are dropped first)
SPANS = (("2030–31, cold", (2030, 1, 1), False), ("2032–33, charts warm", (2032, 1, 1), False),
         ("2030–31 again", (2030, 1, 1), False), ("2030–31 recomputed", (2030, 1, 1), True))
DAYS = 730


def _child(no_gc: bool, charts_first: bool = False) -> dict:
    import gc
    import time
    from datetime import date, timedelta

    from almanac import api
    from almanac.hours import _hours
    api.day(date(2029, 6, 1))
    if charts_first:                # as if the school's charts came from a table
        from almanac.liuren.chart import chart_table
        from almanac.liuren.options import DEFAULT
        table = chart_table(DEFAULT)
        for key in ((d, k, n) for d in range(60) for k in range(12) for n in (False, True)):
            table[key].keti_moment
        gc.collect()
    if no_gc:
        gc.disable()
    out = {}
    for name, first, recompute in SPANS:
        days = [date(*first) + timedelta(days=i) for i in range(DAYS)]
        if recompute:
            _hours.cache_clear()
        t = time.process_time()
        for d in days:
            api.day(d)
        out[name] = (time.process_time() - t) / DAYS * 1e6
    return out


def _charts() -> dict:
    import gc
    import time

    from almanac.liuren.chart import chart_table
    from almanac.liuren.keti.plan import school_plan
    from almanac.liuren.options import DEFAULT
    school_plan(DEFAULT)                        # the catalogue, compiled once per school
    table = chart_table(DEFAULT)
    gc.disable()
    parts = ("chart", "environment", "shared", "keti", "moments")
    spent = dict.fromkeys(parts, 0.0)
    clock = time.perf_counter
    for key in ((d, k, n) for d in range(60) for k in range(12) for n in (False, True)):
        t0 = clock()
        c = table[key]
        t1 = clock()
        c.keti_env
        t2 = clock()
        c.keti_shared
        t3 = clock()
        c.keti
        t4 = clock()
        c.keti_moment
        t5 = clock()
        for part, took in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
            spent[part] += took
    out = {p: v / 1440 * 1e6 for p, v in spent.items()}
    out["all"] = sum(out.values())
    return out


def _run(root: Path, no_gc: bool, charts: bool = False, charts_first: bool = False) -> dict:
    env = {**os.environ, "PYTHONPATH": str(root), "BENCH_COLD_DAY_ROOT": str(root)}
    args = ([sys.executable, __file__, "--child"] + (["--no-gc"] if no_gc else [])
            + (["--charts"] if charts else []) + (["--charts-first"] if charts_first else []))
    out = subprocess.run(args, capture_output=True, text=True, timeout=900, cwd=root, env=env)
    if out.returncode:
        sys.exit(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "child failed")
    return json.loads(out.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-gc", action="store_true", help="time the spans with gc.disable()")
    ap.add_argument("--beside", type=Path, default=None, metavar="DIR",
                    help="another checkout, run alternately with this one")
    ap.add_argument("--charts", action="store_true",
                    help="time the school's 1,440 charts by part instead of the days")
    ap.add_argument("--charts-first", action="store_true",
                    help="build the school's 1,440 charts (課體, moments' entries) before the spans, "
                         "untimed: what the days cost if the charts came from a table")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        sys.path.insert(0, os.environ.get("BENCH_COLD_DAY_ROOT", str(ROOT)))
        print(json.dumps(_charts() if args.charts else _child(args.no_gc, args.charts_first)))
        return 0
    roots = [("this", ROOT)] + ([("beside", args.beside.resolve())] if args.beside else [])
    got: dict[str, list[dict]] = {name: [] for name, _ in roots}
    for _ in range(max(1, args.runs)):
        for name, root in roots:
            r = _run(root, args.no_gc, args.charts, args.charts_first)
            got[name].append(r)
            print(f"{name:7s} " + "  ".join(f"{k}: {v:5.0f} µs" for k, v in r.items()), flush=True)
    unit, digits = ("a chart", 1) if args.charts else ("a day", 0)
    for name, runs in got.items():
        print(f"{name:7s} median " + "  ".join(
            f"{k}: {statistics.median(r[k] for r in runs):5.{digits}f} µs {unit}" for k in runs[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
