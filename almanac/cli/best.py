"""``almanac best``: the best hours for a task in a date range, best first.

    almanac best --task NAME --from DATE --to DATE [--tz ZONE] [--limit N] [--json]

The readable table shows each hour with its score and verdict, then every reason (rule id, effect,
text, source) so a practitioner can check the judgement rule by rule, and for travel-type tasks
where 天罡 points and which directions to avoid.
"""
from __future__ import annotations


def register(subparsers, common) -> None:
    p = subparsers.add_parser("best", parents=[common], help="best hours for a task in a date range",
                              description="The best 時辰 for a task (see `almanac tasks`) between two dates, "
                                          "best first, with the reasons for each score. Hours vetoed for the "
                                          "task (e.g. 截路空亡 for travel) are never listed.")
    p.add_argument("--task", required=True, metavar="NAME", help="task name (almanac tasks lists them)")
    p.add_argument("--from", dest="start", required=True, metavar="DATE", help="first day, YYYY-MM-DD")
    p.add_argument("--to", dest="end", required=True, metavar="DATE", help="last day, YYYY-MM-DD (at most 366 days)")
    p.add_argument("--tz", metavar="ZONE", help="IANA time zone (default: calendar.default_tz)")
    p.add_argument("--limit", default="10", metavar="N", help="how many hours to list (1–1000, default 10)")
    p.add_argument("--lang", metavar="L", help="language of reasons, summaries and citations: "
                                               "zh-Hant (default), zh-Hans, ko, en")
    p.add_argument("--born", metavar="YEAR|DATE", help="the person's birth year or date (with --sex): "
                                                        "their 本命 and 行年 are read")
    p.add_argument("--sex", choices=("m", "f"), help="the person's sex, m or f (with --born)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    from .choices import add_arguments
    add_arguments(p)
    p.set_defaults(func=run)


def render(doc: dict) -> str:
    lines = [f"{doc['task']}  {doc['from']} … {doc['to']}  ({doc['tz']})", ""]
    if not doc["results"]:
        lines.append("no hour in the range is usable for this task")
    elif doc.get("note"):
        lines += [doc["note"], ""]
    for n, r in enumerate(doc["results"], 1):
        lines.append(f"{n:>3}. {r['start'][:16].replace('T', ' ')}–{r['end'][11:16]}  {r['pillar']}時 "
                     f"禽{r['mansion']}  score {r['score']:+g}  {r['verdict']}")
        if r.get("summary"):
            lines.append(f"       {r['summary']}")
        for x in r["reasons"]:
            lines.append(f"       {x['effect']:+5.1f}  {x['rule']:<32} {x['text']}")
            lines.append(f"              ↳ {x.get('citation') or x['source']}")
        d = r.get("directions")
        if d:
            extra = f"; 三宮時 {d['sangong']}" if d.get("sangong") else ""
            lines.append(f"       方向: 天罡 over {d['tiangang_over']} → {d['tiangang']}; "
                         f"retreat {d['retreat']}; avoid {'、'.join(d['avoid'])}{extra}")
        lines.append("")
    return "\n".join(lines)


def run(args) -> int:
    from almanac.api.judging import best
    from almanac.cli import emit

    from .choices import kwargs
    doc = best(args.task, args.start, args.end, tz=args.tz, limit=args.limit, config=args.config,
               lang=args.lang, born=args.born, sex=args.sex, **kwargs(args))
    emit(doc, args.json, render)
    return 0
