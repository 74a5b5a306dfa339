"""``almanac report --date DATE [--days N] [--lang L] [--tz ZONE] -o DIR``: HTML and Markdown day reports."""
from __future__ import annotations

import sys

from . import LANG_VALUES, say, shared_help


def register(subparsers, common) -> None:
    p = subparsers.add_parser("report", parents=[common], help=say(
        "write the day reports (HTML, Markdown)",
        zh="寫出每日報告（HTML、Markdown）",
        ko="날마다의 보고서를 씁니다 (HTML, Markdown)"),
        description=say(
            "Write DIR/YYYY-MM-DD.html and .md for N days from DATE.",
            zh="自 DATE 起一連 N 天，逐日寫出 DIR/YYYY-MM-DD.html 與 .md。",
            ko="DATE부터 N일 동안 날마다 DIR/YYYY-MM-DD.html 및 .md 파일을 씁니다."))
    p.add_argument("--date", required=True, metavar="DATE", help=say(
        "first day, YYYY-MM-DD", zh="首日，YYYY-MM-DD", ko="첫날, YYYY-MM-DD"))
    p.add_argument("--days", type=int, default=1, metavar="N", help=say(
        "number of days (1..366, default 1)", zh="天數（1..366，預設 1）", ko="일수 (1..366, 기본값 1)"))
    p.add_argument("--lang", metavar="L", default=None, help=say(
        f"language of the reports: {LANG_VALUES['en']} (default: config)",
        zh=f"報告的語言：{LANG_VALUES['zh']}（預設：依設定）",
        ko=f"보고서의 언어: {LANG_VALUES['ko']} (기본값: 설정에 따름)"))
    p.add_argument("--tz", metavar="ZONE", default=None, help=shared_help("tz"))
    p.add_argument("-o", "--output", required=True, metavar="DIR", help=say(
        "output folder (created)", zh="輸出資料夾（不存在則建立）", ko="출력 폴더 (없으면 만듭니다)"))
    p.set_defaults(func=run)


def run(args) -> int:
    from almanac.exports.reports import write_reports
    from .output import folder_target, unwritable
    # where it goes is checked before anything is computed: an unwritable -o is bad input at once
    out = folder_target(args.output)
    try:
        paths = write_reports(args.date, args.days, out, args.config, lang=args.lang, tz=args.tz)
    except OSError as e:      # checked writable, yet a write failed: a full disk, a folder made read-only
        raise unwritable(args.output, e) from None
    for p in paths:
        print(p, file=sys.stderr)
    return 0
