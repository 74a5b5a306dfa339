"""``almanac report --date DATE [--days N] [--lang L] [--tz ZONE] -o DIR``: HTML and Markdown day reports."""
from __future__ import annotations

import sys

from almanac.errors import BadInput


def register(subparsers, common) -> None:
    p = subparsers.add_parser("report", parents=[common], help="write the day reports (HTML, Markdown)",
                              description="Write DIR/YYYY-MM-DD.html and .md for N days from DATE.")
    p.add_argument("--date", required=True, metavar="DATE", help="first day, YYYY-MM-DD")
    p.add_argument("--days", type=int, default=1, metavar="N", help="number of days (1..366, default 1)")
    p.add_argument("--lang", metavar="L", default=None, help="zh-Hant, zh-Hans, ko or en (default: config)")
    p.add_argument("--tz", metavar="ZONE", default=None, help="IANA time zone (default: calendar.default_tz)")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="output folder (created)")
    p.set_defaults(func=run)


def run(args) -> int:
    from pathlib import Path

    from exports.reports import write_reports
    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise BadInput(f"-o {args.output!r} is a file; give a folder",
                       zh=f"-o 的值是檔案：{args.output!r}；請給資料夾",
                       ko=f"-o 값이 파일입니다: {args.output!r}; 폴더를 주십시오")
    paths = write_reports(args.date, args.days, out, args.config, lang=args.lang, tz=args.tz)
    for p in paths:
        print(p, file=sys.stderr)
    return 0
