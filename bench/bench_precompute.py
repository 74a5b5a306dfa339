"""Benchmark: precompute one year, every task, into a fresh SQLite store. Target: < 1 s a year
(the goal docs/performance.md keeps for this row).

    python bench/bench_precompute.py [--year 2026] [--tz Asia/Shanghai] [--workers N]
                                     [--growth 1,5,20]

Prints the wall time of the cold precompute (compute + write) and its CPU time (this process
and its compute workers), the time of a re-run over the same year (which must find everything current), and the store's row counts. ``--growth`` also
precomputes 1, then 5, then 20 years (cumulative) into one store and prints the size per year
and the seconds per year of each stretch: a store that grows linearly keeps both flat.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

TARGET_S = 1.0


def stats_start(year: int):
    import datetime as dt
    return dt.date(year, 1, 1)


def stats_end(year: int):
    import datetime as dt
    return dt.date(year, 12, 31)


def _bytes_per_day(path: Path, days: int) -> dict[str, float]:
    """Bytes per stored day: the whole file after VACUUM, and each table with its indexes
    (SQLite's dbstat)."""
    import sqlite3
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        raw.execute("VACUUM")
        per = {}
        try:
            for name, tbl, size in raw.execute(
                    "SELECT name, tbl_name, SUM(pgsize) FROM dbstat JOIN sqlite_master USING (name) "
                    "GROUP BY name"):
                if tbl.startswith("store_"):
                    per[tbl] = per.get(tbl, 0) + size / days
        except sqlite3.OperationalError:  # an SQLite built without dbstat
            pass
    return {"total": path.stat().st_size / days, **per}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--year", type=int, default=2026)
    ap.add_argument("--tz", default="Asia/Shanghai")
    ap.add_argument("--workers", type=int, default=None,
                    help="compute processes (default: [store] workers)")
    ap.add_argument("--growth", default="",
                    help="comma-separated year counts (e.g. 1,5,20): size and time per year")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ALMANAC_DATA_DIR"] = tmp
        os.environ.pop("ALMANAC_DB_URL", None)
        from almanac import api
        from almanac.exports.store import Store
        cfg = {"store": {"workers": args.workers}} if args.workers is not None else None
        store = Store(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", cfg)
        tasks = [t["name"] for t in api.tasks(store.config)["tasks"]]
        cpu0 = _cpu()
        t0 = time.perf_counter()
        stats = store.precompute(f"{args.year}-01-01", f"{args.year}-12-31", args.tz)
        cold = time.perf_counter() - t0
        cold_cpu = _cpu() - cpu0
        t0 = time.perf_counter()
        again = store.precompute(f"{args.year}-01-01", f"{args.year}-12-31", args.tz)
        warm = time.perf_counter() - t0
        counts = store.counts()
        problems = store.verify()
        size = _bytes_per_day(Path(tmp) / "bench.sqlite3", stats.days)
        # the store's own share: writing a year already computed into a second fresh file
        from almanac.exports.store.write import PrecomputeStats, date_range
        other = Store(f"sqlite:///{Path(tmp) / 'write-only.sqlite3'}", cfg)
        fh, th = other._hashes()
        dates = date_range(stats_start(args.year), stats_end(args.year))
        t0 = time.perf_counter()
        computed = [other._compute(d, args.tz, fh, th, None) for d in dates]
        compute_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        n = int(other.config["store"]["batch_days"])
        for i in range(0, len(computed), n):
            other._flush(computed[i:i + n], args.tz, fh, th, PrecomputeStats())
        write_s = time.perf_counter() - t0
        grown = _growth(args, cfg, Path(tmp)) if args.growth else []
    ok = cold < TARGET_S and not problems and again.unchanged == again.days
    print(f"precompute {args.year} ({stats.days} days, {len(tasks)} tasks, {args.tz}) into SQLite: "
          f"{cold:.2f} s cold (target < {TARGET_S:.0f} s: {'met' if cold < TARGET_S else 'MISSED'}),"
          f" {warm:.3f} s re-run; rows {counts}; {'whole' if not problems else problems[:3]}")
    print(f"  cold precompute's CPU time, this process and its compute workers: {cold_cpu:.2f} s "
          "(steadier than the wall time on a loaded machine)")
    print(f"  of which, in one process: computing {compute_s:.2f} s (almanac.api.day + "
          f"judge_day × {len(tasks)} tasks), writing {write_s:.2f} s (the store's own cost)")
    print(f"  size: {size['total'] / 1024:.1f} kB per day and zone (the file after VACUUM / days); "
          "per table, tables and indexes: "
          + ", ".join(f"{k} {v / 1024:.1f} kB" for k, v in size.items() if k != "total"))
    for n, days, total, secs in grown:
        print(f"  growth: {n:>2} years: {total / n / 1e6:.2f} MB a year "
              f"({total / days / 1024:.1f} kB a day and zone, the file after VACUUM), "
              f"precompute {secs:.2f} s a year over the stretch")
    return 0 if ok else 1


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the compute workers)."""
    import resource
    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                  resource.getrusage(resource.RUSAGE_CHILDREN)))


def _growth(args, cfg, tmp: Path) -> list[tuple[int, int, float, float]]:
    """Precompute 1, then up to N years (cumulative) into one fresh store: after each stretch,
    the years, the days stored, the file's size after VACUUM and the seconds per year of the
    stretch."""
    import datetime as dt

    from almanac.exports.store import Store
    path = tmp / "growth.sqlite3"
    store = Store(f"sqlite:///{path}", cfg)
    out, done = [], 0
    for n in sorted({int(x) for x in args.growth.split(",") if x.strip()}):
        t0 = time.perf_counter()
        store.precompute(dt.date(args.year + done, 1, 1), dt.date(args.year + n - 1, 12, 31),
                         args.tz)
        secs = (time.perf_counter() - t0) / (n - done)
        days = (dt.date(args.year + n, 1, 1) - dt.date(args.year, 1, 1)).days
        out.append((n, days, _bytes_per_day(path, days)["total"] * days, secs))
        done = n
    return out


if __name__ == "__main__":
    sys.exit(main())
