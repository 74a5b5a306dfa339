"""``api.best(…, by="day")`` and ``api.everyday_day``: the everyday layer's answers.

The two day tasks (이사 移徙 ``moving``, 결혼 嫁娶 ``wedding``: almanac.everyday.tasks) are ranked by
day: each day of the range with its reasons (the everyday facts for the act, for the person and
partner, for the direction of a move, and the day's best hour by the 六壬/演禽 judgement of the
matching hour task), score, verdict and one-line summary, best first.

>>> doc = best_days("이사", "2026-12-01", "2026-12-10", tz="Asia/Seoul", limit=3, born=1990, sex="f",
...                 direction="동", lang="ko")
>>> doc["task"], doc["by"], len(doc["results"]), doc["direction"]
('moving', 'day', 3, '東')
>>> [r["score"] for r in doc["results"]] == sorted((r["score"] for r in doc["results"]), reverse=True)
True
"""
from __future__ import annotations

from datetime import timedelta

from .. import everyday
from ..calendar import parse_date
from ..errors import BadInput, field
from ..everyday import tasks as day_tasks
from ..everyday.directions import DIRECTIONS, parse_direction
from ..judgement.explain import summary
from ..judgement.person import parse_person, year_of
from ..judgement.score import profile, verdict_of
from ..judgement.search import check_range, day_judgement
from ..lang import check_lang
from .choices import describe, load
from .choices import check_limit as _limit, zone_of as _zone

#: the absolute scale of the judgements (docs/judgement.md): 大吉, 吉, 凶, 大凶
SCALE = (4.5, 1.5, -4.0, -10.0)
BY = ("hour", "day")


def check_by(by) -> str:
    if by in (None, ""):
        return "hour"
    v = by.strip() if isinstance(by, str) else by
    if v not in BY:
        b = field("by")
        raise BadInput(f"{b} {by!r} is not accepted; accepted: hour, day",
                       zh=f"不接受的 {b}：{by!r}（可用：hour 逐時、day 逐日）",
                       ko=f"받을 수 없는 {b} 값입니다: {by!r} (가능한 값: hour 시(時)별, day 날(日)별)")
    return v


def ranked_by(task, by) -> str:
    """``hour`` or ``day``: what a request for ``task`` ranks (or a feed shows) — ``by`` when
    given (checked), else days for the day tasks (이사 moving, 결혼 wedding), hours for the
    others."""
    if by not in (None, ""):
        return check_by(by)
    return "day" if day_tasks.resolve(task) else "hour"


def by_day(task, by) -> bool:
    """Whether a request for ``task`` reads days (:func:`ranked_by`); ``by=day`` with an hour
    task's name is bad input at once (:func:`day_task_of`)."""
    if ranked_by(task, by) != "day":
        return False
    day_task_of(task)
    return True


def day_task_of(task) -> str:
    key = day_tasks.resolve(task)
    if key is None:
        names = ", ".join(f"{t.key} ({t.word.zh}, {t.word.ko})" for t in day_tasks.DAY_TASKS.values())
        raise BadInput(f"task {task!r} is not ranked by day; by day: {names}",
                       zh=f"事項 {task!r} 不能逐日排列；逐日可用：移徙（moving）、嫁娶（wedding）",
                       ko=f"할 일 {task!r}은(는) 날(日)별로 고를 수 없습니다; 날별로 고를 수 있는 할 일: 이사(移徙) moving, 결혼(嫁娶) wedding")
    return key


def best_days(task, start, end, tz=None, limit=10, config=None, lang=None, born=None, sex=None, *,
              partner_born=None, partner_sex=None, direction=None, place=None, clock=None,
              lunar=None, school=None) -> dict:
    """The days between ``start`` and ``end`` (inclusive) ranked for day task ``task`` (이사 or
    결혼, by any of their names), best first."""
    n = _limit(limit)
    out = judged_days(task, start, end, tz, config, lang, born, sex, partner_born=partner_born,
                      partner_sex=partner_sex, direction=direction, place=place, clock=clock,
                      lunar=lunar, school=school)
    ranked = sorted(out.pop("days"), key=lambda r: (-r["score"], r["date"]))
    good = any(r["verdict"] in ("吉", "大吉") for r in ranked)
    doc = {k: out[k] for k in ("task", "by", "tz", "from", "to", "lang")}
    doc["good_found"] = good
    doc.update({k: v for k, v in out.items() if k not in doc and k not in ("person", "partner")})
    doc["results"] = ranked[:n]
    for k in ("person", "partner"):
        if k in out:
            doc[k] = out[k]
    if not good:
        doc["note"] = NO_GOOD_DAY[doc["lang"]]
    return doc


def day_request(key: str, born=None, sex=None, partner_born=None, partner_sex=None, direction=None) -> tuple:
    """``(person, partner, direction key)`` of a request for day task ``key``, checked: a partner
    needs the asker, a direction is a move's; each bad part is bad input in the reader's
    language (``best_days``, ``judged_days`` and the day feeds read them alike)."""
    me = parse_person(born, sex)
    partner = parse_person(partner_born, partner_sex, "partner_")
    if partner is not None and me is None:
        raise BadInput("partner_born/partner_sex need born and sex (the asker) too",
                       zh="給 partner_born/partner_sex 時須一併給出 born 與 sex（本人）",
                       ko="partner_born/partner_sex를 주려면 born과 sex(본인)도 함께 주어야 합니다")
    move = parse_direction(direction).key if direction not in (None, "") else None
    if move is not None and key != "moving":
        raise BadInput(f"{field('direction')} is for moving house (이사) only",
                       zh=f"{field('direction')} 只用於移徙（이사）", ko=f"{field('direction')}은(는) 이사(移徙)에만 씁니다")
    return me, partner, move


def judged_days(task, start, end, tz=None, config=None, lang=None, born=None, sex=None, *,
                partner_born=None, partner_sex=None, direction=None, place=None, clock=None,
                lunar=None, school=None) -> dict:
    """Every day between ``start`` and ``end`` (inclusive) judged for day task ``task``, in date
    order (``days``): what ``best_days`` ranks and a day task's feed shows, with the request's
    reading (task, zone, range, language, choices, direction, person and partner)."""
    key = day_task_of(task)
    cfg = load(config, place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    d0, d1 = parse_date(start), parse_date(end)
    check_range(d0, d1)
    name, z = _zone(tz, cfg)
    lg = check_lang(lang)
    me, partner, move = day_request(key, born, sex, partner_born, partner_sex, direction)
    people = tuple(p for p in (me, partner) if p is not None)
    t = day_tasks.DAY_TASKS[key]
    prof = profile(cfg, t.hour_task)
    from .days import day as api_day
    days = []
    d = d0
    while d <= d1:
        doc = api_day(d, name, cfg)
        days.append(_day_result(key, doc, d, z, cfg, prof, people, move, lg))
        d += timedelta(days=1)
    out = {"task": key, "by": "day", "tz": name, "from": d0.isoformat(), "to": d1.isoformat(),
           "lang": lg, **describe(cfg), "direction": DIRECTIONS[move].zh if move else None, "days": days}
    if me is not None:
        out["person"] = me.to_json()
    if partner is not None:
        out["partner"] = partner.to_json()
    return out


def _day_result(key, doc, d, z, cfg, prof, people, move, lg) -> dict:
    from ..cycles import BRANCHES
    e = doc["everyday"]
    day_branch = BRANCHES.index(doc["pillars"]["day"][1])
    year = year_of(_noon(d, z))
    reasons = day_tasks.day_reasons(key, e, day_branch=day_branch, year=year, people=people,
                                    direction=move, lang=lg)
    hours = day_judgement(prof, d, z, cfg, lg, people[0] if people else None)
    usable = [h for h in hours if not h["vetoed"]]
    best = max(usable, key=lambda h: h["score"]) if usable else None
    reasons.append(day_tasks.hour_reason(best, lg))
    score = round(sum(r["effect"] for r in reasons), 2)
    grave = any(r["grave"] for r in reasons)
    verdict = verdict_of(score, SCALE, grave)
    out = {"date": d.isoformat(), "pillar": doc["pillars"]["day"], "lunar": doc["lunar"],
           "score": score, "verdict": verdict, "grave": grave,
           "summary": summary(verdict, score, reasons, lg),
           "everyday": everyday.short_line(e, lg),
           "facts": e, "reasons": reasons,
           "best_hour": None if best is None else {
               k: best[k] for k in ("branch", "start", "end", "pillar", "score", "verdict")}}
    return out


def _noon(d, z):
    from datetime import datetime, time
    return datetime.combine(d, time(12), tzinfo=z)


NO_GOOD_DAY = {
    "zh-Hant": "此期間無一日達吉；所列為其中較佳者，各附其實判。",
    "zh-Hans": "此期间无一日达吉；所列为其中较佳者，各附其实判。",
    "ko": "이 기간에는 길(吉)에 이르는 날이 없다. 아래는 그중 나은 날이며 각각 실제 판단을 붙였다.",
    "en": "No day in this range reaches good (吉); these are the least bad, each with its real verdict.",
}

__all__ = ["best_days", "check_by", "day_task_of", "BY"]
