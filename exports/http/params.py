"""What a request to the service asks, read and checked before anything is computed: dates,
languages, tasks, the day ranking's own parameters, the reader's choices (place, clock, lunar
calendar, school) as a dependency, empty values refused; the parameters' help texts and the
error answers the OpenAPI description names; a store known to be down refused at once.
"""
from __future__ import annotations

import re
from datetime import date

from fastapi import Query, Request
from starlette.exceptions import HTTPException as StarletteHTTPException

from almanac.errors import BadInput, field
from almanac.exports import source
from almanac.exports.feeds import labels as L
from almanac.exports.http.middleware import RETRY_AFTER

#: the body of every error answer, ``{"error": "..."}``, as the OpenAPI description names it
ERROR_CONTENT = {"content": {"application/json": {"schema": {
    "type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}}}
ERRORS = {400: {"description": "Bad input", **ERROR_CONTENT},
          404: {"description": "Not found", **ERROR_CONTENT},
          422: {"description": "Invalid parameter", **ERROR_CONTENT}}
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: dates are typed as dates in the OpenAPI description (validated by ``parse_date``, whose
#: message is the 400's)
DATE_SCHEMA = {"json_schema_extra": {"format": "date", "example": "2026-11-29"}}


def parse_date(value: str, what: str, today_in=None) -> date:
    # ``what`` is "date" (the path's day) or a query parameter's name, shown as ``from='…'``;
    # ``today_in``: the zone a day word (today, 오늘, 明天 …) is read in
    if today_in is not None:
        from almanac.calendar import day_word
        named = day_word(value, today_in)
        if named is not None:
            return named
    given = repr(value) if what == "date" else f"{what}={value!r}"
    if not DATE_RE.match(value or ""):
        raise BadInput(f"{what} {value!r} is not a date; accepted: YYYY-MM-DD",
                       zh=f"不是日期：{given}（格式 YYYY-MM-DD，例如 2026-11-29）",
                       ko=f"날짜가 아닙니다: {given} (YYYY-MM-DD, 예: 2026-11-29)")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BadInput(f"{what} {value!r} is not a valid date; accepted: YYYY-MM-DD",
                       zh=f"日期無效：{given}（格式 YYYY-MM-DD，例如 2026-11-29）",
                       ko=f"올바른 날짜가 아닙니다: {given} (YYYY-MM-DD, 예: 2026-11-29)") from None


def asked_lang(lang: str | None) -> str | None:
    """The language a request's ``lang=`` asks for, in its canonical spelling (``ko-KR`` → ``ko``:
    ``almanac.lang.check_lang``), or None when it names none. The routes key their answers and
    caches on it, so two spellings of one language share one answer."""
    return L.check_lang(lang) if lang else None


def known_task(name: str, cfg) -> str:
    """The task key for a name in a URL (key, Chinese or Korean name); 404 when none matches."""
    try:
        return source.check_task(name, cfg)
    except BadInput:
        from almanac.judgement.score import named_tasks, task_profiles
        from almanac import config as config_mod
        known, profiles = ", ".join(source.task_names(cfg)), task_profiles(config_mod.load(cfg))
        raise StarletteHTTPException(404, BadInput(
            f"unknown task {name!r} (known: {known})",
            zh=f"未知的事項：{name!r}（可用：{named_tasks(profiles, 'zh')}）",
            ko=f"알 수 없는 할 일: {name!r} (가능한 할 일: {named_tasks(profiles, 'ko')})")) from None


def ranked_by(task: str, by: str | None, cfg) -> str:
    """``hour`` or ``day``: what ``/api/best`` ranks for ``task`` — ``by`` when given (checked as
    ``api.best`` checks it), else days for the day tasks (이사 moving, 결혼 wedding), hours for
    the others (``api.best``'s own default)."""
    from almanac.api.everyday import ranked_by as ranked
    return ranked(task, by)


def day_task(name: str, cfg) -> str:
    """The day task (``moving``, ``wedding``) a URL's task names: 404 for a name no task has,
    400 for an hour task, which is not ranked by day."""
    from almanac.api.everyday import day_task_of
    from almanac.everyday.tasks import resolve
    if resolve(name) is None:
        known_task(name, cfg)          # a name no task has is a 404, as for hours
    return day_task_of(name)


def day_options(how: str, task: str, direction, partner_born, partner_sex, born, sex, daytime) -> "str | None":
    """The day ranking's own parameters checked before anything is computed (a bad one is a 400
    in the reader's language, as ``api.best`` says it): the direction's key (동, 東 and E share
    one answer), or None. Hours take none of them; days take no ``daytime``."""
    from almanac.judgement.person import parse_person
    if how == "hour":
        for name, value in (("direction", direction), ("partner_born", partner_born),
                            ("partner_sex", partner_sex)):
            if value is not None:
                raise BadInput(f"{field(name)} is read only when days are ranked ({field('by')}=day)",
                               zh=f"{field(name)} 只用於逐日排列（{field('by')}=day）",
                               ko=f"{field(name)}은(는) 날(日)별로 고를 때({field('by')}=day)만 씁니다")
        return None
    if daytime:
        raise BadInput(f"{field('daytime')} is read only when hours are ranked ({field('by')}=hour)",
                       zh=f"{field('daytime')} 只用於逐時排列（{field('by')}=hour）",
                       ko=f"{field('daytime')}은(는) 시(時)별로 고를 때({field('by')}=hour)만 씁니다")
    parse_person(born, sex)
    if partner_born is not None or partner_sex is not None:
        parse_person(partner_born, partner_sex, "partner_")
        if born is None:
            raise BadInput("partner_born/partner_sex need born and sex (the asker) too",
                           zh="給 partner_born/partner_sex 時須一併給出 born 與 sex（本人）",
                           ko="partner_born/partner_sex를 주려면 born과 sex(본인)도 함께 주어야 합니다")
    if direction is None:
        return None
    from almanac.everyday.directions import parse_direction
    key = parse_direction(direction).key
    if task != "moving":
        raise BadInput(f"{field('direction')} is for moving house (이사) only",
                       zh=f"{field('direction')} 只用於移徙（이사）", ko=f"{field('direction')}은(는) 이사(移徙)에만 씁니다")
    return key


def _query_names(route) -> dict[str, bool]:
    """The query parameters of ``route``: each name, and whether the route needs it — read once
    from its signature and its dependencies' and kept on the route itself (a table keyed by
    ``id(route)`` handed a new app's route the names of a dead app's route that had the same id)."""
    names = getattr(route, "_query_names", None)
    if names is None:
        names, todo = {}, [getattr(route, "dependant", None)]
        while todo:                    # the route's own parameters and its dependencies' (chosen)
            dependant = todo.pop()
            if dependant is not None:
                names.update((p.alias, bool(p.field_info.is_required())) for p in dependant.query_params)
                todo.extend(dependant.dependencies)
        if route is not None:
            route._query_names = names
    return names


async def no_empty_values(request: Request) -> None:
    """A dependency of every route: an empty or blank value of a query parameter the route takes
    (``?tz=``, ``?born=``) is a 400 naming it, as the command line refuses ``--tz ""`` — it was
    read as the parameter left out (the default zone, language or place; no person), so a
    client's slip answered 200 with what it did not ask for. The index page takes none (its
    form may send empty fields to it)."""
    names = _query_names(request.scope.get("route"))
    if not names:
        return
    for key, value in request.query_params.multi_items():
        if key in names and not value.strip():
            f = field(key)
            if names[key]:
                raise BadInput(f"{f} is empty; give it a value", zh=f"參數 {f} 的值是空的：請給出值",
                               ko=f"{f} 값이 비어 있습니다. 값을 주십시오")
            raise BadInput(f"{f} is empty; give it a value or leave it out",
                           zh=f"參數 {f} 的值是空的：請給出值，或不用 {f}",
                           ko=f"{f} 값이 비어 있습니다. 값을 주거나 {f} 매개변수를 빼십시오")


LANG_HELP = ("zh-Hant, zh-Hans, ko or en; a language tag is read as one of them (ko-KR → ko, zh-TW, zh-HK "
             "→ zh-Hant, zh-CN → zh-Hans, en-GB → en)")
PLACE_HELP = "where you are: a city (/api/places; English, Korean or Chinese names) or LON,LAT"
CLOCK_HELP = "civil, mean_solar, true_solar or korean (127.5°E mean time)"
LUNAR_HELP = "auto (by the zone's country), chinese or korean (KASI)"
SCHOOL_HELP = "a school preset of the disputed options (/api/schools)"


def chosen(place: str | None = Query(None, description=PLACE_HELP),
           clock: str | None = Query(None, description=CLOCK_HELP),
           lunar: str | None = Query(None, description=LUNAR_HELP),
           school: str | None = Query(None, description=SCHOOL_HELP)) -> dict:
    """The query parameters every day, chart, best and feed request may choose (a dependency)."""
    return {"place": place, "clock": clock, "lunar": lunar, "school": school}


def choices(cfg, picked: dict, tz: str | None = None):
    """The service's config with the request's place, clock, lunar calendar and school (and, for a
    solar clock asked for in another zone with no place, that zone's city: ``choices.zone_place``)."""
    from almanac.api.choices import apply
    return apply(cfg, **picked, tz=tz)



def store_down(cfg) -> None:
    """``503`` with ``Retry-After`` at once when the store is known to be down (a connection
    failed moments ago: ``source.store_unavailable``): a feed's stamps are kept in the store on
    PostgreSQL, so rendering one would compute for seconds and then fail all the same."""
    why = source.store_unavailable(cfg)
    if why is None:
        return
    raise StarletteHTTPException(503, BadInput(      # why: the driver's English words, for English only
        f"the database does not answer ({why}); retry in {RETRY_AFTER} s",
        zh=f"資料庫沒有回應，請於 {RETRY_AFTER} 秒後再試",
        ko=f"데이터베이스가 응답하지 않습니다. {RETRY_AFTER}초 뒤에 다시 시도해 주십시오"),
        headers={"Retry-After": str(RETRY_AFTER)})
