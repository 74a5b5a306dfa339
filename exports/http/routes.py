"""The endpoints of CONTRACT.md §HTTP: feeds, the JSON API, reports, health and the index."""
from __future__ import annotations

import functools
import logging

import re
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from fastapi import Depends, FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from almanac.errors import BadConfig, BadInput, field
from almanac.exports import feeds, source
from almanac.exports.feeds import labels as L
from almanac.exports.http.answers import StoredAnswers
from almanac.exports.http.caching import KeptBodies, conditional, json_answer, precondition_failed, render_entry
from almanac.exports.http.health import Health, Unhealthy
from almanac.exports.http.middleware import RETRY_AFTER, error
from almanac.exports.http.pages import VARY_LANG, index_html, page_lang

log = logging.getLogger("almanac.http")

_ERR = {"content": {"application/json": {"schema": {
    "type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}}}
ERRORS = {400: {"description": "Bad input", **_ERR}, 404: {"description": "Not found", **_ERR},
          422: {"description": "Invalid parameter", **_ERR}}
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: dates are typed as dates in the OpenAPI description (validated by ``parse_date``, whose
#: message is the 400's)
_DATE_SCHEMA = {"json_schema_extra": {"format": "date", "example": "2026-11-29"}}


def parse_date(value: str, what: str, today_in=None) -> date:
    # ``what`` is "date" (the path's day) or a query parameter's name, shown as ``from='…'``;
    # ``today_in``: the zone a day word (today, 오늘, 明天 …) is read in
    if today_in is not None:
        from almanac.calendar import day_word
        named = day_word(value, today_in)
        if named is not None:
            return named
    given = repr(value) if what == "date" else f"{what}={value!r}"
    if not _DATE_RE.match(value or ""):
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
    from almanac.api.everyday import check_by
    from almanac.everyday.tasks import resolve
    if by is not None:
        return check_by(by)
    return "day" if resolve(task) else "hour"


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


def reports_dir(cfg) -> Path:
    return source.data_dir() / cfg["reports"]["reports_dir"]


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


def add_feed_routes(app: FastAPI, cfg, cache, limiter) -> None:
    @app.get("/feeds/{name}", responses={200: {"content": {"text/calendar": {}}, "description": "iCalendar feed"},
                                          304: {"description": "Not modified"}, **ERRORS},
             summary="A task's iCalendar feed (rolling horizon)")
    async def feed(request: Request, name: str,
                   tz: str | None = Query(None, description="IANA zone, e.g. Asia/Shanghai"),
                   lang: str | None = Query(None, description=LANG_HELP),
                   alarm: int | None = Query(None, ge=0, le=1440, description="VALARM minutes before"),
                   born: str | None = Query(None, description="a person's birth year or date (with sex)"),
                   sex: str | None = Query(None, description="m or f (with born)"),
                   kind: str | None = Query(None, description="good (the good hours, default) or avoid "
                                                              "(the hours to avoid: vetoed, 凶/大凶, hour taboos)"),
                   banner: bool | None = Query(None, description="false: no all-day event per day"),
                   by: str | None = Query(None, description="day (the default for the day tasks 이사 and "
                                                            "결혼: a feed of days) or hour"),
                   partner_born: str | None = Query(None, description="a day feed's partner's birth year or date"),
                   partner_sex: str | None = Query(None, description="m or f (with partner_born)"),
                   direction: str | None = Query(None, description="a move's direction (이사 day feed): "
                                                                   "N NE E SE S SW W NW or 동 서 남 북 …"),
                   picked: dict = Depends(chosen)):
        if not name.endswith(".ics"):
            raise StarletteHTTPException(404, BadInput(f"no feed {name!r}; feeds are /feeds/TASK.ics",
                                                       zh=f"沒有這個訂閱源：{name!r}（訂閱源的路徑是 /feeds/TASK.ics）",
                                                       ko=f"없는 피드: {name!r} (피드 경로는 /feeds/TASK.ics)"))
        from almanac.everyday.tasks import resolve as day_task_name
        from almanac.judgement.person import parse_person
        from almanac.exports.http import dayfeeds
        person = parse_person(born, sex)   # the API's and CLI's own check: a bad one is a 400
        rcfg = feeds.with_kind(choices(cfg, picked, tz), kind, banner)    # an avoid feed, no banner
        if by not in (None, "") and by.strip() == "day" and day_task_name(name[:-4]) is None:
            known_task(name[:-4], rcfg)    # a name no task has is a 404; an hour task's, a 400 below
        if dayfeeds.wants_days(name[:-4], by):
            store_down(rcfg)      # its stamps need the database: refused now, not after rendering
            entry = await dayfeeds.day_feed_entry(
                name[:-4], tz, lang, rcfg, cache.max_age, limiter,
                {"kind": kind, "alarm": alarm, "born": born, "sex": sex, "partner_born": partner_born,
                 "partner_sex": partner_sex, "direction": direction})
            status, headers, body = entry.answer(request.scope["headers"], request.method)
            if status == 412:
                return precondition_failed(request)
            resp = Response(content=body, status_code=status)
            resp.raw_headers = list(headers)
            return resp
        day_options("hour", "", direction, partner_born, partner_sex, born, sex, False)
        task = known_task(name[:-4], rcfg)
        lang = asked_lang(lang)            # zh-TW and zh-Hant: one variant, rendered once
        key = cache.key(task, tz, lang, alarm, rcfg, person)
        entry = cache.get(*key[:4], rcfg, person)
        checked = cache.variant(task, key[1], key[2], alarm, rcfg, person)
        if entry is None:
            store_down(rcfg)  # its stamps need the database: refused now, not after rendering
            if cache.is_default(key):  # every client needs it (first request, past midnight): no slot
                entry = cache.put(checked, await limiter.compute(
                    checked, render_entry, task, checked[1], checked[2], alarm, rcfg, cache.max_age))
            else:  # a variant not rendered yet: an expensive request, rendered in a worker process
                entry = cache.put(checked, await limiter.call_shared(
                    ("feed", checked), "feed variant", render_entry, task, checked[1], checked[2], alarm, rcfg, cache.max_age, person))
        cache.remember(request.scope["path"], request.scope["query_string"], checked)
        status, headers, body = entry.answer(request.scope["headers"], request.method)
        if status == 412:
            return precondition_failed(request)
        resp = Response(content=body, status_code=status)
        resp.raw_headers = list(headers)  # the entry's own (Content-Length of the full body on HEAD)
        return resp

    app.add_api_route("/feeds/{name}", feed, methods=["HEAD"], include_in_schema=False)


def add_api_routes(app: FastAPI, cfg, limiter, stored: StoredAnswers) -> None:
    hopts = cfg["http"]

    @app.get("/api/day/{day}", responses=ERRORS, summary="One almanac day (almanac day --json)")
    def api_day(request: Request, day: str = PathParam(..., description="YYYY-MM-DD", **_DATE_SCHEMA),
                tz: str | None = None,
                lang: str | None = Query(None, description=LANG_HELP),
                picked: dict = Depends(chosen)):
        rcfg = choices(cfg, picked, tz)
        zone = feeds.check_tz(tz) if tz else None
        d = parse_date(day, "date", zone or rcfg["calendar"]["default_tz"])
        lang = asked_lang(lang)

        def build():
            doc = source.get_day(d, zone, rcfg)
            if lang:
                from almanac.api.days import with_lang
                doc = with_lang(dict(doc, qin=dict(doc["qin"])), lang)
            return doc
        # a day the store holds current: its ETag from the rows' checksums, its answer kept
        return stored.answer(request, ("day", d, zone, lang, rcfg.digest),
                             lambda: source.day_tag(d, zone, rcfg), build)

    @app.get("/api/chart", responses=ERRORS, summary="The 大六壬 chart of a moment (almanac chart --json)")
    def api_chart(request: Request, at: str = Query(..., description="ISO datetime"), tz: str | None = None,
                  lang: str | None = Query(None, description=LANG_HELP),
                  task: str | None = Query(None, description="read the chart for this task"),
                  born: str | None = Query(None, description="a person's birth year or date (with sex)"),
                  sex: str | None = Query(None, description="m or f (with born)"),
                  partner_born: str | None = Query(None, description="the person's partner's birth year "
                                                                     "or date (with partner_sex, born, sex)"),
                  partner_sex: str | None = Query(None, description="m or f (with partner_born)"),
                  picked: dict = Depends(chosen)):
        rcfg = choices(cfg, picked, tz)
        lang = asked_lang(lang)
        extra = {k: v for k, v in (("lang", lang), ("task", task), ("born", born), ("sex", sex),
                                   ("partner_born", partner_born), ("partner_sex", partner_sex)) if v}
        return json_answer(request, source.chart(at, feeds.check_tz(tz) if tz else None, rcfg, **extra))

    @app.get("/api/schools", responses=ERRORS, summary="The school presets (almanac schools --json)")
    def api_schools(request: Request):
        from almanac.api.choices import schools
        return json_answer(request, schools(cfg))

    @app.get("/api/places", responses=ERRORS, summary="The gazetteer of cities place= accepts")
    def api_places(request: Request):
        from almanac.api.choices import places
        return json_answer(request, {"places": places()})

    @app.get("/api/best", responses=ERRORS, summary="Best hours for a task (almanac best --json)")
    def api_best(request: Request, task: str,
                 from_: str = Query(..., alias="from", description="YYYY-MM-DD", **_DATE_SCHEMA),
                 to: str = Query(..., description="YYYY-MM-DD", **_DATE_SCHEMA), tz: str | None = None,
                 limit: int = Query(10, ge=1, le=1000),
                 lang: str | None = Query(None, description=LANG_HELP),
                 born: str | None = Query(None, description="a person's birth year or date (with sex)"),
                 sex: str | None = Query(None, description="m or f (with born)"),
                 daytime: bool = Query(False, description="only hours starting 07:00–19:00 local"),
                 by: str | None = Query(None, description="hour (rank hours) or day (rank days; the "
                                                          "default for the day tasks moving 이사 and "
                                                          "wedding 결혼)"),
                 direction: str | None = Query(None, description="direction of a move (by day, moving): "
                                                                 "N NE E SE S SW W NW, 북 동 …, 北 東 …"),
                 partner_born: str | None = Query(None, description="the partner's birth year or date "
                                                                    "(by day; with partner_sex, born, sex)"),
                 partner_sex: str | None = Query(None, description="m or f (with partner_born)"),
                 picked: dict = Depends(chosen)):
        rcfg = choices(cfg, picked, tz)
        today_in = feeds.check_tz(tz) if tz else rcfg["calendar"]["default_tz"]
        s, e = parse_date(from_, "from", today_in), parse_date(to, "to", today_in)
        if e < s:
            raise BadInput(f"to {e} is before from {s}",
                           zh=f"結束日期 to={e} 早於起始日期 from={s}",
                           ko=f"종료 날짜가 시작 날짜보다 앞섭니다: to={e}, from={s}")
        if (e - s).days + 1 > int(hopts["max_best_days"]):
            raise BadInput(f"range {s}..{e} is longer than {hopts['max_best_days']} days",
                           zh=f"範圍 {s}..{e} 超過 {hopts['max_best_days']} 天",
                           ko=f"기간이 {hopts['max_best_days']}일보다 깁니다: {s}..{e}")
        how = ranked_by(task, by, rcfg)
        task = known_task(task, rcfg) if how == "hour" else day_task(task, rcfg)
        lang = asked_lang(lang)
        move = day_options(how, task, direction, partner_born, partner_sex, born, sex, daytime)
        extra = {k: v for k, v in (("lang", lang), ("born", born), ("sex", sex), ("daytime", daytime),
                                   ("partner_born", partner_born), ("partner_sex", partner_sex),
                                   ("direction", move)) if v}
        if how == "day":
            extra["by"] = "day"
        zone = feeds.check_tz(tz) if tz else None

        def build():
            return source.best(task, s, e, zone, limit, rcfg, **extra)

        def otherwise():
            if (e - s).days + 1 <= int(hopts["cheap_best_days"]):
                return json_answer(request, build())
            # computed in a worker process: the serving process keeps answering cheap requests
            # identical requests (the normalised request: parameters as parsed, the config's
            # digest) share one computation
            key = ("best", how, task, s, e, zone, limit, lang, born, sex, daytime, move, partner_born,
                   partner_sex, rcfg.digest)
            return json_answer(request, limiter.run_shared(key, "best over a long range", source.best, task, s, e,
                                                           zone, limit, rcfg, **extra))
        # a person's 年命 is never stored, nor a daytime choice; days are ranked from the
        # everyday facts, which the store does not rank: computed
        if born or sex or daytime or how == "day":
            return otherwise()
        # a range the store holds current is cheap: ranked by its score rows, ETag from their
        # checksums, answer kept
        return stored.answer(request, ("best", task, s, e, zone, limit, lang, rcfg.digest),
                             lambda: source.best_tag(task, s, e, zone, rcfg), build, otherwise)

    @app.get("/api/tasks", responses=ERRORS, summary="The tasks known to the configuration")
    def api_tasks(request: Request,
                  lang: str | None = Query(None, description=LANG_HELP)):
        tasks = source.tasks(cfg)
        if not lang:
            return json_answer(request, {"tasks": tasks})
        # as `almanac tasks --lang` says them: the reader's name and one-line description
        # ("setting out on a journey (出行)", not the configuration's "出行 — setting out …")
        lang = L.check_lang(lang)
        return json_answer(request, {"lang": lang, "tasks": [
            dict(t, label=L.task_label(t, lang), description=L.task_description(t, lang)) for t in tasks]})


def report_window(cfg, today: date | None = None) -> tuple[date, date]:
    """The dates whose report pages the service writes and serves on demand."""
    h = cfg["http"]
    today = today or feeds.today_in(cfg["calendar"]["default_tz"])
    return (today - timedelta(days=int(h["report_past_days"])),
            today + timedelta(days=int(h["report_future_days"])))


def write_page(d: date, folder: Path, cfg, lang: str, tz: str, query: str | None = None) -> Path:
    """One report page written on demand (never ``latest.html``); it still shows its week's
    heatmap. Its links to the days beside it carry ``query`` (``reports.link_query``), and lead
    to days the service answers: those of its window (``report_window``) or already written."""
    from almanac.exports import reports
    lo, hi = report_window(cfg)
    return reports.write_reports(d, 1, folder, cfg, lang=lang, tz=tz, update_latest=False,
                                 heatmap_days=int(cfg["reports"]["days"]), query=query,
                                 linked=functools.partial(_served, lo, hi, Path(folder)))[0]


def write_served_page(d: date, folder: Path, cfg, lang: str, tz: str) -> Path:
    """``write_page`` into the reports folder, the file's content noted in the record of written
    files (``exports.written``) so that it is served only while it holds those bytes."""
    from almanac.exports import written
    path = write_page(d, folder, cfg, lang, tz)
    with written.Record(written.record_path()) as record:
        record.note(path, "on-demand", path.stat())   # never a nightly run's key: it rebuilds it
        record.save()
    return path


class WrittenFiles:
    """Which files of the reports folder hold the bytes written there (``written.Record``
    ``verified``: by their content's sha256, not their modification time), checked once per
    version of a file (its size, mtime, ctime and inode: an edit moves the ctime, which no one
    can set back) and remembered for at most ``MAX`` files."""

    MAX = 4096

    def __init__(self):
        self._ok: dict[tuple, bool] = {}

    def trusted(self, path: Path) -> bool:
        """False when the record says ``path`` holds bytes other than those written there (by
        the nightly run or on demand); True when it holds them, or the record does not know it
        (a file of an older run)."""
        from almanac.exports import written
        try:
            st = path.stat()
        except OSError:
            return True          # gone meanwhile: the read that follows says so
        key = (str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        if key in self._ok:
            return True
        with written.Record(written.record_path()) as record:
            ok = record.verified(path)
        if ok is False:
            return False
        if len(self._ok) >= self.MAX:
            self._ok.clear()
        self._ok[key] = True
        return True


def _served(lo: date, hi: date, folder: Path, day: date) -> bool:
    """Whether the service answers the page of ``day``: made on demand in ``lo`` … ``hi``, or
    already in ``folder``."""
    return lo <= day <= hi or (folder / f"{day.isoformat()}.html").exists()


def render_page(d: date, cfg, lang: str, tz: str, query: str | None = None) -> bytes:
    """One report page's HTML, as ``write_page`` makes it, written to no folder of the service
    (a page with the request's own place, clock or school, or in a language and zone the nightly
    run does not publish: see ``add_report_routes``)."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="almanac-page-") as tmp:
        return write_page(d, Path(tmp), cfg, lang, tz, query).read_bytes()


def add_report_routes(app: FastAPI, cfg, limiter) -> None:
    from almanac.exports.reports import published
    max_age = int(cfg["http"]["max_age"])
    # pages with a request's own choices, and pages of a language and zone the nightly run does
    # not publish (any of ~600 zones): kept in memory, bounded in bytes, never on disk
    chosen_pages = app.state.chosen_pages = KeptBodies(int(cfg["http"]["report_cache_bytes"]))
    checked = WrittenFiles()   # the folder's pages are served while they hold the bytes written
    langs, zones = published(cfg)
    on_disk = {(lang, tz) for lang in langs for tz in zones}

    def in_window(d: date) -> None:
        lo, hi = report_window(cfg)
        if not lo <= d <= hi:
            raise StarletteHTTPException(404, BadInput(
                f"no report for {d}: pages are made on demand only for {lo} .. {hi} (a window around today)",
                zh=f"沒有 {d} 的報告：只為今日前後的 {lo} .. {hi} 即時製作頁面",
                ko=f"{d} 보고서가 없습니다: 요청 시 만드는 페이지는 오늘 앞뒤의 {lo} .. {hi} 기간뿐입니다"))

    def page(folder: Path, d: date, lang: str, tz: str) -> Path:
        path = folder / f"{d.isoformat()}.html"
        if path.exists():
            if checked.trusted(path):
                return path
            # edited since it was written (a same-length edit with its mtime set back included):
            # never served; made again when the window allows, else a 404 like a page not made
            log.warning("report page %s does not hold the bytes written there; made again", path.name)
        in_window(d)
        # in a worker process; identical requests share one
        return limiter.run_shared(("report", str(folder), d, lang, tz), "report page", write_served_page, d,
                                  folder, cfg, lang, tz)

    def chosen_page(d: date, rcfg, lang: str, tz: str, picked: dict) -> tuple[bytes, datetime]:
        from almanac.exports.reports import link_query
        query = link_query(lang, tz, cfg, picked)
        key = (d, lang, tz, rcfg.digest, query)
        kept = chosen_pages.get(key)
        if kept is not None:
            return kept
        in_window(d)
        return chosen_pages.put(key, limiter.run_shared(("chosen page",) + key, "report page", render_page,
                                                        d, rcfg, lang, tz, query))

    @app.get("/reports/{name}", responses={200: {"content": {"text/html": {}}, "description": "report"},
                                           304: {"description": "Not modified"}, **ERRORS},
             summary="A day's report page (YYYY-MM-DD.html or latest.html)")
    def report(request: Request, name: str,
               lang: str | None = Query(None, description=LANG_HELP + "; without it, the browser's "
                                                                      "Accept-Language"),
               tz: str | None = Query(None, description="IANA zone, e.g. Asia/Seoul"),
               picked: dict = Depends(chosen)):
        from almanac.exports import reports
        rcfg = choices(cfg, picked, tz)   # the API's and CLI's own parsing: a bad value is a 400
        asked, by_header = page_lang(request)   # lang=, else the browser's Accept-Language
        lang = L.check_lang(asked or cfg["reports"]["lang"])
        vary = VARY_LANG if by_header else None
        tz = feeds.check_tz(tz or rcfg["calendar"]["default_tz"])
        if name == "latest.html":
            # today's page (written now if the nightly job has not); the file latest.html is the
            # nightly run's alone: a page asked for on demand never becomes "latest"
            d = feeds.today_in(tz)
        elif name.endswith(".html") and _DATE_RE.match(name[:-5]):
            d = parse_date(name[:-5], "date")
        else:
            raise StarletteHTTPException(404, BadInput(f"no report {name!r}; reports are /reports/YYYY-MM-DD.html",
                                                       zh=f"沒有這個報告：{name!r}（報告的路徑是 /reports/YYYY-MM-DD.html）",
                                                       ko=f"없는 보고서: {name!r} (보고서 경로는 /reports/YYYY-MM-DD.html)"))
        if rcfg.digest != cfg.digest or (lang, tz) not in on_disk:
            body, lm = chosen_page(d, rcfg, lang, tz, picked)
            return conditional(request, body, "text/html; charset=utf-8", max_age=max_age, last_modified=lm,
                               extra=vary)
        path = page(reports.variant_dir(reports_dir(cfg), lang, tz, cfg), d, lang, tz)
        body = path.read_bytes()
        lm = datetime.fromtimestamp(int(path.stat().st_mtime), timezone.utc)
        return conditional(request, body, "text/html; charset=utf-8", max_age=max_age, last_modified=lm,
                           extra=vary)


def add_health_routes(app: FastAPI, cfg, cache, limiter) -> None:
    health = Health(cfg, float(cfg["http"]["health_ttl"]), float(cfg["http"]["health_timeout"]))

    @app.get("/healthz", responses={503: {"description": "store or disk unavailable", **_ERR}}, summary="Health")
    async def healthz(request: Request):
        # awaited on the event loop with a bound: a database that never answers holds no worker
        # thread, and concurrent checks share one probe (health.py)
        try:
            doc = await health.check_async()
        except (Unhealthy, BadConfig) as e:   # told in the language asked for (?lang=)
            return error(503, e.text(request.query_params.get("lang")),
                         {"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"})
        doc["feed_cache"] = cache.stats()
        store = source._backend()
        if store is not None:  # stored rows that failed their checksum: recomputed, never served
            doc["store_checksums"] = store.integrity_stats()
        answers = getattr(request.app.state, "stored_answers", None)
        if answers is not None:
            doc["stored_answers"] = answers.stats()
        doc["expensive"] = limiter.stats()
        from almanac.judgement.search import judgement_cache
        doc["judgement_cache"] = judgement_cache.stats()  # this process's (each worker has its own)
        pages = getattr(request.app.state, "chosen_pages", None)
        if pages is not None:
            doc["chosen_pages"] = pages.stats()
        return JSONResponse(doc, headers={"Cache-Control": "no-store"})


def add_page_routes(app: FastAPI, cfg) -> None:
    @app.get("/", response_class=HTMLResponse, summary="Index with subscribe links")
    def index(request: Request):
        return conditional(request, index_html(request, cfg).encode(), "text/html; charset=utf-8", max_age=300,
                           extra=VARY_LANG if page_lang(request)[1] else None)


def install(app: FastAPI, cfg, cache, limiter, stored: StoredAnswers) -> None:
    add_feed_routes(app, cfg, cache, limiter)
    add_api_routes(app, cfg, limiter, stored)
    add_report_routes(app, cfg, limiter)
    add_health_routes(app, cfg, cache, limiter)
    add_page_routes(app, cfg)
