"""``almanac feed --task NAME --from DATE --to DATE [--tz ZONE] [--lang L] [--alarm MIN]
[--born YEAR|DATE --sex m|f] -o FILE``; for a day task (이사, 결혼) a feed of days, with
``[--partner-born … --partner-sex …] [--direction DIR] [--by hour|day]``."""
from __future__ import annotations

import sys
from . import LANG_VALUES, say


def register(subparsers, common) -> None:
    p = subparsers.add_parser("feed", parents=[common], help=say(
        "write an iCalendar feed for a task",
        zh="為某事項寫出 iCalendar 訂閱源",
        ko="할 일의 iCalendar 피드를 씁니다"),
        description=say(
            "Write an iCalendar (RFC 5545) feed of a task's good hours, "
            "each day's mansion animal (禽), seven-cycle (七元) and ruling star (將星) and taboos, and the solar terms.",
            zh="寫出 iCalendar（RFC 5545）訂閱源：某事項的吉時，每日的禽、七元／將星與忌，以及節氣。",
            ko="iCalendar(RFC 5545) 피드를 씁니다: 할 일의 길시, 날마다의 금성(禽星)과 "
               "칠원(七元)·장성(將星), 기피, 그리고 절기."))
    p.add_argument("--task", required=True, metavar="NAME", help=say(
        "task name (see `almanac tasks`)",
        zh="事項名稱（見 `almanac tasks`）", ko="할 일 이름 (`almanac tasks` 참고)"))
    p.add_argument("--from", dest="start", required=True, metavar="DATE", help=say(
        "first day, YYYY-MM-DD", zh="首日，YYYY-MM-DD", ko="첫날, YYYY-MM-DD"))
    p.add_argument("--to", dest="end", required=True, metavar="DATE", help=say(
        "last day, YYYY-MM-DD", zh="末日，YYYY-MM-DD", ko="마지막 날, YYYY-MM-DD"))
    p.add_argument("--tz", metavar="ZONE", help=say(
        "IANA time zone (default: the config's default_tz)",
        zh="IANA 時區（預設：設定的 default_tz）", ko="IANA 시간대 (기본값: 설정의 default_tz)"))
    p.add_argument("--lang", metavar="L", default=None, help=say(
        f"language of the feed: {LANG_VALUES['en']} (default: the config's lang, else the locale's, else zh-Hant)",
        zh=f"訂閱源的語言：{LANG_VALUES['zh']}（預設：設定的 lang，其次系統語系，否則 zh-Hant）",
        ko=f"피드의 언어: {LANG_VALUES['ko']} (기본값: 설정의 lang, 없으면 시스템 로캘, 그것도 없으면 zh-Hant)"))
    p.add_argument("--kind", metavar="KIND", choices=("good", "avoid"), default=None, help=say(
        "good: the good hours (default); avoid: the hours to avoid (vetoed, bad, under an hour taboo)",
        zh="good：吉時（預設）；avoid：應避之時（禁用、凶、時忌）",
        ko="good: 좋은 시 (기본값); avoid: 피할 시 (불가(不可), 흉(凶), 시의 기피)"))
    p.add_argument("--no-banner", dest="banner", action="store_false", default=None, help=say(
        "leave out each day's all-day event", zh="不加每日的全日事件", ko="날마다의 종일 일정을 넣지 않습니다"))
    p.add_argument("--alarm", metavar="MIN", type=str, default=None, help=say(
        "add a VALARM this many minutes before each good hour (0..1440)",
        zh="在每個吉時之前這麼多分鐘加上 VALARM 提醒（0..1440）",
        ko="길시마다 이 분 수만큼 앞서 VALARM 알림을 넣습니다 (0..1440)"))
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=say(
        "output file ('-' for stdout)",
        zh="輸出檔案（'-' 表示 stdout）", ko="출력 파일 ('-' 값이면 stdout)"))
    from .choices import add_arguments, add_day_arguments, add_person_arguments
    add_person_arguments(p)
    add_day_arguments(p, feed=True)
    add_arguments(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from almanac.exports.feeds import atomic_write, build_feed
    from .choices import kwargs
    from .output import file_target, is_special, unwritable, write_in_place
    # where it goes is checked before the feed is built: an unwritable -o is bad input at once
    out = None if args.output == "-" else file_target(args.output, f"{args.task}.ics")
    from almanac import config as config_mod
    from almanac.exports.store.db import resolve_url

    from .precompute import unreachable_told
    # a feed's stamps are kept in the store: a database that does not answer is one line, exit 1
    from almanac.exports.feeds import with_kind
    args.lang = args.lang or "zh-Hant"
    cfg = with_kind(config_mod.load(args.config), args.kind, args.banner)     # an avoid feed, no banner
    from almanac.api.everyday import by_day
    with unreachable_told(resolve_url(None, cfg)):
        if by_day(args.task, args.by):     # a day task's name without --by hour, or --by day
            feed = _day_feed(args, cfg, kwargs(args))
        else:
            _no_day_options(args)
            feed = build_feed(args.task, args.start, args.end, args.tz, args.lang, args.alarm, cfg,
                              born=args.born, sex=args.sex, **kwargs(args))
    if out is None:
        sys.stdout.buffer.write(feed.body)
        return 0
    try:
        if is_special(out):   # /dev/stdout, a pipe: written into, never renamed over
            write_in_place(out, feed.body)
        else:
            atomic_write(out, feed.body)
    except OSError as e:      # checked writable, yet the write failed: a full disk, /dev/full
        raise unwritable(args.output, e) from None
    print(_wrote(str(out), feed.events, len(feed.body), args.lang), file=sys.stderr)
    return 0


def _no_day_options(args) -> None:
    """An hour feed takes no partner and no direction: each given is bad input."""
    from almanac.errors import BadInput, field
    for name, value in (("direction", args.direction), ("partner_born", args.partner_born),
                        ("partner_sex", args.partner_sex)):
        if value is not None:
            raise BadInput(f"{field(name)} is read only by a feed of days ({field('by')} day)",
                           zh=f"{field(name)} 只用於逐日的訂閱源（{field('by')} day）",
                           ko=f"{field(name)}은(는) 날(日)별 피드({field('by')} day)에서만 씁니다")


def _day_feed(args, cfg, choices: dict):
    """The day task's feed of ``--from`` … ``--to`` (almanac.exports.feeds.days)."""
    from almanac.api.choices import apply
    from almanac.calendar import parse_date
    from almanac.exports.feeds import days
    cfg = apply(cfg, tz=args.tz, **choices)
    a = days.ask(args.task, args.tz, args.lang, cfg, alarm=args.alarm, born=args.born, sex=args.sex,
                 partner_born=args.partner_born, partner_sex=args.partner_sex, direction=args.direction)
    return days.build_day_feed(a, parse_date(args.start), parse_date(args.end), cfg)


def _wrote(path: str, events: int, size: int, lang: str | None) -> str:
    """The line saying what was written, in the feed's language.

    >>> _wrote("t.ics", 11, 9267, "ko"), _wrote("t.ics", 11, 9267, "zh-Hans")
    ('t.ics 파일에 썼습니다 (일정 11개, 9267바이트)', '已写入 t.ics（11 个事件，9267 字节）')
    """
    from almanac.lang import in_lang
    said = {"en": f"wrote {path} ({events} events, {size} bytes)",
            "zh": f"已寫入 {path}（{events} 個事件，{size} 位元組）",
            "ko": f"{path} 파일에 썼습니다 (일정 {events}개, {size}바이트)"}
    try:
        return in_lang(said, lang)
    except ValueError:
        return said["en"]
