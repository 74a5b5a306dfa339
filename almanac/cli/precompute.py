"""``almanac precompute --from DATE --to DATE [--tz ZONE]``: fill the store.

Idempotent: a day already stored with the current options is left as it is. Each day is written
whole in one transaction, so an interrupted run (even ``kill -9``) leaves whole days only and the
next run finishes the work. A progress bar is drawn on stderr when it is a terminal.
"""
from __future__ import annotations

import json
import sys
import time

import config as config_mod


def register(subparsers, common) -> None:
    p = subparsers.add_parser("precompute", parents=[common],
                              help="compute and store every day and hour in a date range",
                              description=__doc__.split("\n\n")[0])
    p.add_argument("--from", dest="start", required=True, metavar="DATE", help="first day, YYYY-MM-DD")
    p.add_argument("--to", dest="end", required=True, metavar="DATE", help="last day, YYYY-MM-DD")
    p.add_argument("--tz", metavar="ZONE", help="IANA time zone (default: calendar.default_tz)")
    p.add_argument("--json", action="store_true", help="print a JSON summary on stdout")
    p.set_defaults(func=run)


class _Bar:
    """A one-line progress bar on a terminal; nothing at all in a pipe."""

    def __init__(self, stream=sys.stderr):
        self.stream = stream
        self.on = hasattr(stream, "isatty") and stream.isatty()
        self.t0 = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        fill = int(width * done / total) if total else width
        rate = done / (now - self.t0) if now > self.t0 else 0.0
        self.stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} days "
                          f"{rate:6.1f}/s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run(args) -> int:
    from exports.store import Store
    from exports.store.compute import parse_date
    from almanac.errors import BadInput

    cfg = config_mod.load(args.config)
    start, end = parse_date(args.start, "--from date"), parse_date(args.end, "--to date")
    if end < start:
        raise BadInput(f"--to {end} is before --from {start}; give the range in order")
    tz = args.tz or cfg["calendar"]["default_tz"]
    _check_tz(tz)
    from exports.store.db import check_persisted, file_identity
    store = Store(None, cfg)
    before = file_identity(store.url)
    stats = store.precompute(start, end, tz, progress=_Bar())
    try:
        check_persisted(store.url, before)
    except OSError as e:
        print(f"almanac: precompute failed: {e}", file=sys.stderr)
        return 1
    summary = stats.as_dict()
    if args.json:
        sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
    elif sys.stderr.isatty():
        print(f"{summary['days']} days in {tz}: {summary['written']} written, "
              f"{summary['tasks_updated']} updated, {summary['unchanged']} unchanged "
              f"({summary['seconds']:.2f} s)", file=sys.stderr)
    return 0


def _check_tz(tz: str) -> None:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    from almanac.errors import BadInput
    try:
        ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise BadInput(f"unknown time zone {tz!r}; accepted: an IANA zone such as "
                       "Asia/Shanghai") from None
