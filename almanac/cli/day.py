"""``almanac day DATE [--tz ZONE] [--task NAME] [--json]``."""
from __future__ import annotations

from datetime import date as _date

from almanac.cycles import BRANCHES, BRANCHES_KO, STEMS, STEMS_KO
from almanac.mansions import Mansion
from almanac.qin import taboos

from . import LANG_VALUES, emit, pad, say, shared_help, width
from .choices import add_arguments, add_person_arguments, choices_line, kwargs

_KO = dict(zip(STEMS + BRANCHES, STEMS_KO + BRANCHES_KO))


def _ko(text: str) -> str:
    """Korean reading of a run of stems and branches (丁未 → 정미)."""
    return "".join(_KO.get(ch, ch) for ch in text)


def _mansion(ch: str) -> str:
    m = Mansion.parse(ch)
    return f"{m.name} {m.korean_name}"


def register(sub, common) -> None:
    p = sub.add_parser("day", parents=[common], help=say(
        "one almanac day: pillars, mansion animals (禽), taboos, 12 hours",
        zh="通書一日：四柱、禽星、忌、十二時辰",
        ko="택일력의 하루: 간지, 금성(禽星), 기피, 십이시진(十二時辰)"),
        description=say(
            "One almanac day: pillars, lunar date, solar terms, monthly general (月將), "
            "the day's and hour's mansion animals (禽) with their taboos, and each hour's "
            "three transmissions (三傳).",
            zh="通書一日：四柱、農曆日期、節氣、月將、日禽與時禽及其忌，以及每個時辰的三傳。",
            ko="택일력의 하루: 간지, 음력 날짜, 절기, 월장(月將), 일금(日禽)과 시금(時禽) 및 그 기피, "
               "시진(時辰)마다의 삼전(三傳)."))
    p.add_argument("date", nargs="?", help=say(
        "YYYY-MM-DD (default: today in the zone)",
        zh="YYYY-MM-DD（預設：該時區的今天）", ko="YYYY-MM-DD (기본값: 그 시간대의 오늘)"))
    p.add_argument("--tz", help=shared_help("tz"))
    p.add_argument("--task", help=say(
        "judge each hour for this task (see `almanac tasks`)",
        zh="按此事項判斷每個時辰（見 `almanac tasks`）",
        ko="이 할 일로 시진(時辰)마다 판단합니다 (`almanac tasks` 참고)"))
    p.add_argument("--lang", metavar="L", help=say(
        f"language of the judgement's reasons and summaries: {LANG_VALUES['en']} (default: zh-Hant)",
        zh=f"判斷理由與摘要的語言：{LANG_VALUES['zh']}（預設：zh-Hant）",
        ko=f"판단 근거와 요약의 언어: {LANG_VALUES['ko']} (기본값: zh-Hant)"))
    add_person_arguments(p)
    p.add_argument("--reasons", action="store_true", help=say(
        "with --task: list under each hour the reasons (rule, effect, source) of its score",
        zh="配 --task：在每個時辰之下列出其得分的理由（規則、加減、出處）",
        ko="--task 옵션과 함께: 시진(時辰)마다 그 점수의 근거(규칙, 가감, 출처)를 아래에 나열합니다"))
    p.add_argument("--json", action="store_true", help=shared_help("json"))
    add_arguments(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from datetime import datetime

    from almanac import config as _config
    from almanac import api
    from almanac.calendar import zone

    from almanac.api.choices import apply

    if not args.task and (args.reasons or args.born or args.sex):
        from almanac.errors import BadInput
        if args.reasons:
            raise BadInput("--reasons needs --task NAME (the reasons are those of a task's judgement)",
                           zh="--reasons 須配 --task NAME（所列理由是某一事項判斷的理由）",
                           ko="--reasons 옵션에는 --task NAME 옵션이 필요합니다 (이유는 할 일 하나에 대한 "
                              "판단에서 나옵니다)")
        raise BadInput("--born and --sex read the day for a person: give --task NAME too",
                       zh="--born 與 --sex 是為某人判斷當日：請一併給出 --task NAME",
                       ko="--born 및 --sex 옵션은 특정인을 위해 날을 판단합니다: --task NAME 옵션도 "
                          "함께 주십시오")
    cfg = apply(_config.load(args.config), **kwargs(args), tz=args.tz)
    tz = args.tz or cfg["calendar"]["default_tz"]
    when = args.date or datetime.now(zone(tz)).date().isoformat()
    doc = api.day(when, tz=tz, config=cfg, lang=args.lang)
    label = None
    if args.task:
        from almanac.api.judging import judge_day
        judged = judge_day(when, tz=tz, task=args.task, config=cfg, lang=args.lang, born=args.born, sex=args.sex)
        by_branch = {h["branch"]: h for h in judged["hours"]}
        doc["task"] = judged["task"]
        label = next((f"{t['name_zh']}（{t['name']}）" for t in api.tasks(config=cfg)["tasks"]
                      if t["name"] == judged["task"] and t.get("name_zh")), None)
        for h in doc["hours"]:
            j = by_branch[h["branch"]]
            h["judgement"] = {k: j[k] for k in ("score", "verdict", "summary", "reasons", "vetoed") if k in j}
            if j.get("vetoes"):
                h["judgement"]["vetoes"] = j["vetoes"]
    lang = getattr(args, "lang", None)
    if lang not in (None, "", "zh-Hant"):
        from almanac.terms import check_lang
        lang = check_lang(lang)
        label = _task_in(cfg, doc.get("task"), lang) if doc.get("task") else None
        choices = choices_line(doc, cfg, lang)
        emit(doc, args.json, lambda d: render_in(d, lang, reasons=args.reasons, task_label=label, choices=choices))
    else:
        choices = choices_line(doc, cfg, "zh-Hant")
        emit(doc, args.json, lambda d: render(d, reasons=args.reasons, task_label=label, choices=choices))
    return 0


def _task_in(cfg, task: str, lang: str) -> str:
    from almanac import api
    from almanac.terms import task_label
    return next((task_label(t, lang) for t in api.tasks(config=cfg)["tasks"] if t["name"] == task), task)


def render_in(doc: dict, lang: str, reasons: bool = False, task_label: str | None = None,
              choices: str | None = None) -> str:
    """The day table for a reader of ``lang`` (zh-Hans, ko, en): every label and verdict word from
    almanac.terms; stems, branches and 禽 as characters with their reading where the reader
    expects one."""
    from almanac import terms as T
    from almanac.judgement.explain import rule_text
    from almanac.reader import hour_span

    def term(text: str) -> str:
        return T.term(text, lang)

    def flags(f: dict) -> str:
        return ", ".join(T.flag_name(t.id, lang) for t in taboos.TABOOS if f.get(t.id)) or "—"

    lab = lambda k: T.label(k, lang)  # noqa: E731
    p, q, lu = doc["pillars"], doc["qin"], doc["lunar"]
    pillars = T.pillar_line(p, lang)
    if lang == "en":
        lunar = f"{'leap ' if lu['leap'] else ''}month {lu['month']}, day {lu['day']} ({lu['year']})"
    else:
        lunar = (f"{lu['year']}{lab('year')} {lab('leap') if lu['leap'] else ''}{lu['month']}{lab('month')} "
                 f"{lu['day']}{lab('day')}")
    weekday = T.WEEKDAYS[lang][_date.fromisoformat(doc["date"]).weekday()]
    general = term(q.get("jiang_star") or q["general"])          # its full name: 觜火猴(자화후)
    lines = [f"{doc['date']} ({weekday})  {doc['tz']}", f"  {lab('pillars')}: {pillars}",
             f"  {lab('lunar')}: {lunar}",
             f"  {lab('yuejiang')}: {term(doc['yuejiang'])}   {lab('season')}: "
             f"{T.season_text(doc['season']['element'], lang)}",
             f"  {lab('qin')}: {term(q['name'])}  {lab('yuan')} {T.yuan_text(q['yuan'], q.get('jiang', '?'), lang)}"
             f"  {lab('general')}: {general}",
             f"  {lab('taboos')}: {flags(doc['flags'])}"]
    for t in doc["solar_terms"]:        # its instant as the hours are shown: date and time in the zone
        lines.append(f"  {lab('term')}: {term(t['name'])} {t['at'][:16].replace('T', ' ')}")
    from .everyday import day_lines
    lines += day_lines(doc, lang)
    if choices:
        lines.append(f"  {choices}")
    if doc.get("task"):
        lines.append(f"  {lab('task')}: {task_label or doc['task']}")
    lines.append("")
    heads = (lab("branch"), lab("time"), lab("pillars"), lab("mansion"), lab("flags"), lab("transmissions"),
             lab("method"))
    if lang == "en":
        heads = ("Hour", "Time", "Pillar", "Mansion", "Taboos", "Transmissions", "Method")
    rows = []
    for h in doc["hours"]:
        lr = h.get("liuren", {})
        rows.append([term(h["branch"]), hour_span(h["start"], h["end"], lang, h["branch"]), term(h["pillar"]),
                     term(h["mansion"]), flags(h["flags"]), term("".join(lr.get("transmissions", []))),
                     term(lr.get("method", ""))])
    widths = [max(width(x) for x in col) + 2 for col in zip(heads, *rows)]
    head = "  " + "".join(pad(t, w) for w, t in zip(widths, heads))
    if doc.get("task"):
        head += f"{lab('score'):>8}  {lab('verdict')}"
    lines.append(head.rstrip())
    for h, cells in zip(doc["hours"], rows):
        row = "  " + "".join(pad(c, w) for w, c in zip(widths, cells))
        j = h.get("judgement")
        if j:
            word = lab("vetoed") if j.get("vetoed") else T.verdict_name(j["verdict"], lang)
            row += f"{j['score']:>8.1f}  {word}"
        lines.append(row.rstrip())
        if j and reasons:
            for x in j.get("vetoes") or []:
                lines.append(f"      {lab('vetoed')}  {rule_text(x.get('rule', ''), lang, x.get('text', ''))}")
            for x in j.get("reasons") or []:
                src = x.get("citation") or (x["source"].split(":", 1)[0] if lang in ("ko", "en") else x["source"])
                lines.append(f"    {x['effect']:+5.1f}  {rule_text(x.get('rule', ''), lang, x['text'])}  ↳ {src}")
    return "\n".join(lines)


def _flags(f: dict) -> str:
    return " ".join(t.short for t in taboos.TABOOS if f.get(t.id)) or "—"


def render(doc: dict, reasons: bool = False, task_label: str | None = None, choices: str | None = None) -> str:
    from almanac.reader import hour_span
    p, q, lu = doc["pillars"], doc["qin"], doc["lunar"]
    d = _date.fromisoformat(doc["date"])
    lines = [
        f"{doc['date']} ({d.strftime('%A')})  {doc['tz']}",
        f"  四柱 年 {p['year']} {_ko(p['year'])}  月 {p['month']} {_ko(p['month'])}  "
        f"日 {p['day']} {_ko(p['day'])}",
        f"  農曆 {lu['year']}年 {'閏' if lu['leap'] else ''}{lu['month']}月 {lu['day']}日"
        + {"korean": " (韓國曆 KASI)"}.get((doc.get("lunar_calendar") or {}).get("calendar"), ""),
        f"  月將 {doc['yuejiang']} {_ko(doc['yuejiang'])}   季 {doc['season']['element']}旺",
        f"  日禽 {_mansion(q['mansion'])} ({q['luminary']}曜, {q.get('class', '')})  "
        f"{q['yuan']}元 第{q.get('jiang', '?')}將  將星 {_mansion(q['general'])}",
        f"  日忌 {_flags(doc['flags'])}",
    ]
    for t in doc["solar_terms"]:
        lines.append(f"  節氣 {t['name']} {t['at']}")
    from .everyday import day_lines
    lines += day_lines(doc, "zh-Hant")
    if choices:
        lines.append(f"  {choices}")
    if doc.get("task"):
        lines.append(f"  事 {task_label or doc['task']}")
    lines.append("")
    cols = ((3, "時"), (20, "時間"), (6, "時柱"), (22, "時禽"), (24, "忌"), (8, "三傳"), (6, "課"))
    head = "  " + "".join(pad(t, w) for w, t in cols)
    if doc.get("task"):
        head += "    分  判"
    lines.append(head.rstrip())
    for h in doc["hours"]:
        lr = h.get("liuren", {})
        cells = (h["branch"], hour_span(h["start"], h["end"], "zh-Hant", h["branch"]), h["pillar"],
                 _mansion(h["mansion"]), _flags(h["flags"]), "".join(lr.get("transmissions", [])),
                 lr.get("method", ""))
        row = "  " + "".join(pad(c, w) for (w, _), c in zip(cols, cells))
        j = h.get("judgement")
        if j:
            verdict = "禁" if j.get("vetoed") else j["verdict"]
            row += f"{j['score']:>6.1f}  {verdict}"
        lines.append(row.rstrip())
        if j and reasons:
            for x in j.get("vetoes") or []:
                lines.append(f"      禁  {x.get('rule', '')}  {x.get('text', '')}  ↳ {x.get('source', '')}")
            for x in j.get("reasons") or []:
                lines.append(f"    {x['effect']:+5.1f}  {x['text']}  ↳ {x['source']}")
    return "\n".join(lines)
