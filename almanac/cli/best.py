"""``almanac best``: the best hours for a task in a date range, best first.

    almanac best --task NAME --from DATE --to DATE [--tz ZONE] [--limit N] [--json]

The readable table shows each hour with its score and verdict, then every reason (effect, text,
source; in English also the rule id) so a practitioner can check the judgement rule by rule, and for travel-type tasks
where 天罡 points, which directions to avoid and the ways out 勾陳 controls.
"""
from __future__ import annotations

from . import LANG_VALUES, say, shared_help


def register(subparsers, common) -> None:
    p = subparsers.add_parser("best", parents=[common], help=say(
        "best hours for a task in a date range",
        zh="某事項在一段日期內的最佳時辰",
        ko="기간 안에서 할 일에 가장 좋은 시진(時辰)"),
        description=say(
            "The best double-hours (時辰) for a task (see `almanac tasks`) between two dates, "
            "best first, with the reasons for each score. Hours vetoed for the "
            "task (e.g. road cut off (截路空亡) for travel) are never listed.",
            zh="兩個日期之間某事項（見 `almanac tasks`）的最佳時辰，由佳至次排列，並附各時得分的理由。"
               "該事項所禁之時（如出行逢截路空亡）一概不列。",
            ko="두 날짜 사이에서 할 일(`almanac tasks` 참고)에 가장 좋은 시진(時辰)을 좋은 순서로, "
               "점수마다 근거를 붙여 보여 줍니다. 그 할 일에 불가인 시진(時辰)(예: 출행(出行)의 "
               "절로공망(截路空亡))은 나열하지 않습니다."))
    p.add_argument("--task", required=True, metavar="NAME", help=say(
        "task name (almanac tasks lists them)",
        zh="事項名稱（almanac tasks 列出全部）", ko="할 일 이름 (목록은 almanac tasks)"))
    p.add_argument("--from", dest="start", metavar="DATE", help=say(
        "first day, YYYY-MM-DD, today or tomorrow (default: today)",
        zh="首日，YYYY-MM-DD、今天或明天（預設：今天）", ko="첫날, YYYY-MM-DD, 오늘 또는 내일 (기본값: 오늘)"))
    p.add_argument("--to", dest="end", metavar="DATE", help=say(
        "last day, YYYY-MM-DD (at most 366 days; default: the 7th day from --from)",
        zh="末日，YYYY-MM-DD（至多 366 天；預設：自首日起第 7 天）",
        ko="마지막 날, YYYY-MM-DD (최대 366일; 기본값: 첫날부터 7일째)"))
    p.add_argument("--tz", metavar="ZONE", help=shared_help("tz"))
    p.add_argument("--limit", default="10", metavar="N", help=say(
        "how many hours to list (1–1000, default 10)",
        zh="列出多少個時辰（1–1000，預設 10）", ko="나열할 시진(時辰)의 수 (1–1000, 기본값 10)"))
    p.add_argument("--lang", metavar="L", help=say(
        f"language of reasons, summaries and citations: {LANG_VALUES['en']} (default: zh-Hant)",
        zh=f"理由、摘要與出處的語言：{LANG_VALUES['zh']}（預設：zh-Hant）",
        ko=f"근거, 요약, 출처의 언어: {LANG_VALUES['ko']} (기본값: zh-Hant)"))
    from .choices import add_day_arguments, add_person_arguments
    add_person_arguments(p)
    add_day_arguments(p)
    p.add_argument("--daytime", action="store_true", help=say(
        "only hours that start from 07:00 up to 19:00 local",
        zh="只取當地 07:00 至 19:00 之間起始的時辰", ko="현지 시각 07:00부터 19:00 사이에 시작하는 시진(時辰)만"))
    p.add_argument("--json", action="store_true", help=shared_help("json"))
    from .choices import add_arguments
    add_arguments(p)
    p.set_defaults(func=run)


def render(doc: dict, label: str | None = None, lang: str = "zh-Hant") -> str:
    """The readable list for a reader of ``lang``: labels, verdict words and directions from
    almanac.terms, reasons in the rule's own text for that language."""
    from almanac import terms as T
    from almanac.reader import hour_date, hour_span
    lab = lambda k: T.label(k, lang)  # noqa: E731
    lines = [f"{lab('task')}: {label or doc['task']}  {doc['from']} … {doc['to']}  ({doc['tz']})", ""]
    if not doc["results"]:
        lines.append(lab("no_hour"))
    elif doc.get("note"):  # nothing reaches 吉: api.best says so (in ``lang``)
        lines += [doc["note"], ""]
    for n, r in enumerate(doc["results"], 1):
        pillar = f"{T.term(r['pillar'], lang)}{lab('hour')}" if lang != "en" else f"{T.term(r['pillar'], lang)} hour"
        # dated by the day the hour belongs to; the 子 hour says it began the evening before
        lines.append(f"{n:>3}. {hour_date(r['start'], r['end'], r['branch'])} {hour_span(r['start'], r['end'], lang, r['branch'])}  {pillar}  "
                     f"{lab('mansion')} {T.term(r['mansion'], lang)}  {lab('score')} {r['score']:+g}  "
                     f"{T.verdict_name(r['verdict'], lang)}")
        if r.get("summary"):  # api.best gives summary, reasons and citations in ``lang``
            lines.append(f"       {r['summary']}")
        for x in r["reasons"]:      # the rule id is English: shown to an English reader only
            rule = f"{x['rule']:<32} " if lang == "en" else ""
            lines.append(f"       {x['effect']:+5.1f}  {rule}{x['text']}")
            lines.append(f"              ↳ {x.get('citation') or x['source']}")
        d = r.get("directions")
        if d:
            sep = "; " if lang in ("ko", "en") else "；"
            dirs = (", " if lang in ("ko", "en") else "、").join(T.direction(x, lang) for x in d["avoid"])
            # a sentence: the branch read first in Korean (천강(天罡)이 인(寅) 위에서 …)
            parts = [lab("tiangang").format(over=T.term(d["tiangang_over"], lang, in_sentence=True),
                                            dir=T.direction(d["tiangang"], lang)),
                     lab("retreat").format(side=T.direction(d["retreat"], lang)), lab("avoid").format(dirs=dirs)]
            if d.get("sangong"):
                parts.append(lab("sangong").format(palace=T.term(d["sangong"], lang, in_sentence=True)))
            if d.get("gouchen"):
                roads = (", " if lang in ("ko", "en") else "、").join(T.direction(x, lang) for x in d["gouchen"])
                parts.append(lab("gouchen").format(dirs=roads))
            lines.append(f"       {lab('directions')}: {sep.join(parts)}")
        lines.append("")
    return "\n".join(lines)


def run(args) -> int:
    from almanac.api.judging import best
    from almanac.cli import emit

    from almanac.api.judging import tasks
    from almanac.terms import check_lang, task_label
    from .choices import kwargs
    lang = check_lang(args.lang)
    start, end = _week(args)
    doc = best(args.task, start, end, tz=args.tz, limit=args.limit, config=args.config,
               lang=args.lang, born=args.born, sex=args.sex, by=args.by, direction=args.direction,
               partner_born=args.partner_born, partner_sex=args.partner_sex, daytime=args.daytime,
               **kwargs(args))
    if doc.get("by") == "day":
        from .everyday import render_days
        emit(doc, args.json, lambda d: render_days(d, lang))
        return 0
    task = next((t for t in tasks(args.config)["tasks"] if t["name"] == doc["task"]), {"name": doc["task"]})
    label = f"{task['name_zh']}（{task['name']}）" if lang == "zh-Hant" and task.get("name_zh") else task_label(task, lang)
    emit(doc, args.json, lambda d: render(d, label, lang))
    return 0


#: the days ``best`` answers when no last day is named: a week, the first day counted
from almanac.api.judging import WEEK_DAYS  # noqa: E402  (one home: best's default week)


def _week(args) -> tuple:
    """``--from``/``--to`` as ``best`` reads them: without ``--from``, today (in the zone asked,
    else the configuration's, the reader's place's); without ``--to``, the 7th day from the first
    — "a week from today" is what a reader who names no dates means."""
    from datetime import timedelta

    from almanac.api.choices import load
    from almanac.calendar import parse_date, zone

    from .choices import kwargs
    if args.start is not None and args.end is not None:
        return args.start, args.end
    cfg = load(args.config, **kwargs(args), tz=args.tz)
    z = zone(args.tz or cfg["calendar"]["default_tz"])
    first = parse_date(args.start if args.start is not None else "today", today_in=z)
    return first, args.end if args.end is not None else first + timedelta(days=WEEK_DAYS - 1)
