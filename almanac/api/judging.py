"""``api.best``, ``api.tasks`` and ``judge_day``: the judgement layer as JSON-ready dicts.

>>> from almanac import api
>>> doc = api.best("travel", "2026-12-01", "2026-12-02", tz="Asia/Seoul", limit=3)
>>> [r["score"] for r in doc["results"]] == sorted((r["score"] for r in doc["results"]), reverse=True)
True
>>> api.best("flying", "2026-12-01", "2026-12-02")
Traceback (most recent call last):
...
almanac.errors.BadInput: unknown task 'flying'; accepted: travel, delegate, negotiation, marriage, wealth, lawsuit, health, competition, office, pursuit, general
"""
from __future__ import annotations

from typing import Any

from almanac import config as _config

from ..calendar import parse_date, zone
from ..errors import BadInput, field
from ..judgement.person import parse_person
from ..lang import check_lang
from ..judgement.score import profile, task_profiles
from ..judgement.search import MAX_LIMIT, best_of_range, day_judgement, day_judgements
from .choices import check_limit, describe, load, zone_of


# a request's zone and limit are read as api.choices reads them (api.everyday reads them too)
_zone, _limit = zone_of, check_limit


#: the days ``best`` answers when a reader names none: a week from today (the command line's and the
#: nightly precompute's one figure)
WEEK_DAYS = 7


def best(task, start, end, tz=None, limit=10, config=None, lang=None, born=None, sex=None, *,
         place=None, clock=None, lunar=None, school=None, by=None, direction=None,
         partner_born=None, partner_sex=None, daytime=False) -> dict:
    """The best hours for ``task`` between ``start`` and ``end`` (dates, inclusive), best first.

    ``lang`` (``zh-Hant`` default, ``zh-Hans``, ``ko``, ``en``) is the language of the reasons'
    texts and citations and of each hour's ``summary``. ``place``, ``clock``, ``lunar`` and
    ``school`` as in ``almanac.api.choices``. ``by="day"`` (the default for the day tasks 이사
    ``moving`` and 결혼 ``wedding``) ranks days instead, with ``direction`` (of a move) and
    ``partner_born``/``partner_sex`` (``almanac.api.everyday.best_days``). ``daytime`` reads only
    the hours that start from 07:00 up to 19:00 local (the answer says ``"daytime": true``).
    """
    from . import everyday as _everyday
    how = _everyday.ranked_by(task, by)
    if how == "day":
        if _flag(daytime, "daytime"):
            raise BadInput(f"{field('daytime')} is read only when hours are ranked ({field('by')} hour)",
                           zh=f"{field('daytime')} 只用於逐時排列（{field('by')} hour）",
                           ko=f"{field('daytime')}은(는) 시(時)별로 고를 때({field('by')} hour)만 씁니다")
        return _everyday.best_days(task, start, end, tz, limit, config, lang, born, sex,
                                   partner_born=partner_born, partner_sex=partner_sex,
                                   direction=direction, place=place, clock=clock, lunar=lunar,
                                   school=school)
    for name, value in (("direction", direction), ("partner_born", partner_born),
                        ("partner_sex", partner_sex)):
        if value not in (None, ""):
            raise BadInput(f"{field(name)} is read only when days are ranked ({field('by')} day)",
                           zh=f"{field(name)} 只用於逐日排列（{field('by')} day）",
                           ko=f"{field(name)}은(는) 날(日)별로 고를 때({field('by')} day)만 씁니다")
    cfg = load(config, place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    prof = profile(cfg, task)
    name, z = _zone(tz, cfg)
    d0, d1 = parse_date(start, today_in=z), parse_date(end, today_in=z)     # today, 내일, 明天 …
    n = _limit(limit)
    lg = check_lang(lang)
    person = parse_person(born, sex)
    day_only = _flag(daytime, "daytime")
    results, good = best_of_range(prof, d0, d1, z, cfg, n, lg, person, daytime=day_only)
    doc = best_answer(cfg, prof.name, name, d0, d1, lg, good, results, person)
    if day_only:
        doc["daytime"] = True
    return doc


def _flag(value, name: str) -> bool:
    """A yes/no option as a person or a URL gives it: true/false, 1/0, yes/no."""
    if isinstance(value, bool) or value is None:
        return bool(value)
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off", ""):
        return False
    raise BadInput(f"{field(name)} {value!r} is not true or false",
                   zh=f"{field(name)} 的值無效：{value!r}（應為 true 或 false）",
                   ko=f"{field(name)} 값이 올바르지 않습니다: {value!r} (true 또는 false)")


def best_answer(cfg, task: str, tz: str, d0, d1, lang: str, good: bool, results: list,
                person=None) -> dict:
    """``best``'s document around its ``results`` (shared with the store, which finds the
    results from its score rows)."""
    doc = {"task": task, "tz": tz, "from": d0.isoformat(), "to": d1.isoformat(), "lang": lang,
           "good_found": good, **describe(cfg), "results": results}
    if person is not None:
        doc["person"] = person.to_json()
    if not good:
        doc["note"] = NO_GOOD_HOUR[lang]
    return doc


#: what ``best`` says when no usable hour of the range reaches 吉
NO_GOOD_HOUR = {
    "zh-Hant": "此期間無一時辰達吉；所列為其中較佳者，各附其實判。",
    "zh-Hans": "此期间无一时辰达吉；所列为其中较佳者，各附其实判。",
    "ko": "이 기간에는 길(吉)에 이르는 시가 없다. 아래는 그중 나은 시이며 각각 실제 판단을 붙였다.",
    "en": "No hour in this range reaches good (吉); these are the least bad, each with its real verdict.",
}


def tasks(config=None) -> dict:
    """The tasks the configuration knows, each with a one-line description."""
    cfg = _config.load(config)
    return {"tasks": [{"name": p.name, "description": p.description, "name_zh": p.name_zh,
                       "name_ko": p.name_ko, "description_zh": p.description_zh,
                       "description_ko": p.description_ko, "base": p.base}
                      for p in task_profiles(cfg).values()]}


def judge_day(date, tz=None, task="general", config=None, lang=None, born=None, sex=None, *,
              place=None, clock=None, lunar=None, school=None) -> dict:
    """The twelve hours of one almanac day judged for ``task`` (vetoed hours included, marked),
    each with reasons and a one-line ``summary`` in ``lang``. ``place``, ``clock``, ``lunar`` and
    ``school`` as in ``almanac.api.choices``."""
    cfg = load(config, place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    prof = profile(cfg, task)
    name, z = _zone(tz, cfg)
    d = parse_date(date, today_in=z)
    lg = check_lang(lang)
    person = parse_person(born, sex)
    doc = {"date": d.isoformat(), "tz": name, "task": prof.name, "lang": lg, **describe(cfg),
           "hours": day_judgement(prof, d, z, cfg, lg, person)}
    if person is not None:
        doc["person"] = person.to_json()
    return doc


def judge_day_tasks(date, tz=None, tasks=None, config=None, reasons: bool = True) -> dict[str, Any]:
    """``judge_day`` for several tasks (default: all) in one pass, in a compact form, for the store.

    What :func:`almanac.judgement.search.day_judgements` gives, plus ``"answer"``: per task,
    ``judge_day``'s answer with ``hours`` None. Shared, not copied: read only. With ``reasons``
    false each task's rows are only ``(score, verdict, vetoed)`` (what the store writes).
    """
    cfg = _config.load(config)
    profs = [profile(cfg, t) for t in (task_profiles(cfg) if tasks is None else tasks)]
    d = parse_date(date)
    name, z = _zone(tz, cfg)
    out = day_judgements(profs, d, z, cfg, reasons=reasons)
    chosen = describe(cfg)
    out["answer"] = {p.name: {"date": d.isoformat(), "tz": name, "task": p.name, "lang": "zh-Hant",
                              **chosen, "hours": None}
                     for p in profs}
    return out


__all__ = ["best", "tasks", "judge_day", "judge_day_tasks"]

