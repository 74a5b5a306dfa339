"""The nightly run: ``almanac scheduler --once`` on fresh data, then the next nights.

    python bench/bench_nightly.py [--nights 2] [--skip-once]

1. ``almanac scheduler --once`` in a child process with an empty data folder (precompute of the
   scheduler's horizon, every feed — tasks × languages — and the reports), wall time; then again
   in a new child process on the same folder (the store filled, each day's event texts kept in
   ``feed-texts.sqlite3``, each file's inputs in ``written-files.sqlite3``: a second run of the
   same night); then ``write_feeds`` of the following nights, each in a new child process on
   that folder (one day enters each feed: what the feeds of an ordinary night cost);
2. in this process, over a store holding the horizon: ``write_feeds`` for a night (cold: the
   feed texts are built), then for each following night (one day enters each feed), wall time,
   and the icalendar-only way of writing the same feeds (every event serialised by
   ``to_ical()`` for its size, its digest and the file) for the ratio.

There is no peer for this row: docs/performance.md records the times before this layout.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


_NEXT_NIGHT = """
import sys, time
from datetime import date
t = time.perf_counter()
from almanac.exports import feeds, source
feeds.write_feeds(source.data_dir() / "feeds", None, date.fromisoformat(sys.argv[1]))
print(f"{time.perf_counter() - t:.2f}")
"""


def _next_night(tmp: str, day: date) -> str:
    """Wall time of a new process writing the feeds of ``day`` into the nightly folder, and the
    part after its start (imports included)."""
    env = {**os.environ, "ALMANAC_DATA_DIR": tmp}
    env.pop("ALMANAC_DB_URL", None)
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _NEXT_NIGHT, day.isoformat()], env=env,
                         capture_output=True, text=True, timeout=900, cwd=ROOT)
    dt = time.perf_counter() - t
    if out.returncode:
        sys.exit(f"write_feeds failed: {out.stderr.strip()[-500:]}")
    return f"{dt:6.2f} s  (write_feeds with its imports {out.stdout.strip()} s)"


def _once(tmp: str) -> str:
    """Wall time of one ``scheduler --once`` process, and each job's time from its log."""
    env = {**os.environ, "ALMANAC_DATA_DIR": tmp}
    env.pop("ALMANAC_DB_URL", None)
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "almanac.cli", "scheduler", "--once"], env=env,
                         capture_output=True, text=True, timeout=900, cwd=ROOT)
    dt = time.perf_counter() - t
    if out.returncode:
        sys.exit(f"scheduler --once failed: {out.stderr.strip()[-500:]}")
    jobs = re.findall(r"INFO (\w+) for ([\d-]+): \w+ in ([\d.]+) s", out.stderr)
    _once.night = date.fromisoformat(jobs[0][1]) if jobs else None
    return f"{dt:6.2f} s  (" + ", ".join(f"{job} {sec} s" for job, _, sec in jobs) + ")"


def _plain_feed(task, start, end, tz, lang, cfg, reads: dict) -> bytes:
    """The feed as icalendar alone writes it (the straightforward path, for the ratio); the
    store is read once per day range and task, as ``write_feeds`` reads it."""
    from almanac.exports import feeds, source
    b = feeds.Builder(task, tz, lang, None, cfg)
    if task not in reads:
        reads[task] = source.judge_range(task, start, end, tz, cfg)
    if "days" not in reads:
        reads["days"] = source.get_range(start, end, tz, cfg)
    judged = reads[task]
    events = []
    for day in reads["days"]:
        evs = b.day_events(day) + b.hour_events(day, judged.get(date.fromisoformat(day["date"])) or [])
        sum(len(ev.to_ical()) for ev in evs)
        events += evs
    stamps = feeds.resolve_stamps(cfg, b.variant, events)
    return b.calendar(events, stamps).to_ical()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nights", type=int, default=2)
    ap.add_argument("--skip-once", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_once:
            print(f"scheduler --once, fresh data             : {_once(tmp)}")
            print(f"scheduler --once again, new process      : {_once(tmp)}")
            for n in range(1, args.nights + 1):
                print(f"write_feeds, night {n + 1}, new process       : "
                      f"{_next_night(tmp, _once.night + timedelta(days=n))}")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ALMANAC_DATA_DIR"] = tmp
        os.environ.pop("ALMANAC_DB_URL", None)
        from almanac import config as config_mod
        from almanac.exports import feeds, source
        from almanac.exports.store import Store
        cfg = config_mod.load(None)
        today = date(2026, 12, 1)
        s, e = feeds.horizon(today, cfg)
        store = Store(f"sqlite:///{Path(tmp) / 'almanac.sqlite3'}", cfg)
        store.precompute(s, e + timedelta(days=args.nights + 1), cfg["calendar"]["default_tz"])
        out = Path(tmp) / "feeds"
        n = len(source.task_names(cfg)) * len(feeds.L.LANGS)
        for night in range(args.nights + 1):
            day = today + timedelta(days=night)
            t = time.perf_counter()
            feeds.write_feeds(out, cfg, day)
            dt = time.perf_counter() - t
            what = "first night (cold)" if night == 0 else f"night {night + 1} (one day enters)"
            print(f"write_feeds, {n} feeds, {what:24s}: {dt:6.2f} s")
        tz = cfg["calendar"]["default_tz"]
        s, e = feeds.horizon(today, cfg)
        t = time.perf_counter()
        reads: dict = {}
        plain = [_plain_feed(task, s, e, tz, lang, cfg, reads)
                 for task in source.task_names(cfg) for lang in feeds.L.LANGS]
        dt_plain = time.perf_counter() - t
        feeds.rolling._cache.clear()
        feeds.memo._texts.clear()             # every event built again, nothing kept
        t = time.perf_counter()
        feeds.memo.run.memo = {}              # the store read once per range and task, as above
        try:
            fast = [feeds.build_feed(task, s, e, tz, lang, None, cfg, strict=False).body
                    for task in source.task_names(cfg) for lang in feeds.L.LANGS]
        finally:
            feeds.memo.run.memo = None
        dt_fast = time.perf_counter() - t
        same = sum(a == b for a, b in zip(plain, fast))
        print(f"the same {n} feeds, icalendar to_ical ×3   : {dt_plain:6.2f} s")
        print(f"the same {n} feeds, written once, fast fold: {dt_fast:6.2f} s  "
              f"ratio {dt_plain / dt_fast:4.1f}×  ({same}/{n} byte-identical)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
