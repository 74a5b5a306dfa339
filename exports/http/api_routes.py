"""The JSON API's routes: ``/api/day``, ``/api/chart``, ``/api/best`` (hours or days ranked;
a long range computed in a worker process, shared by identical requests), ``/api/tasks``,
``/api/schools`` and ``/api/places`` — a day or range the store holds current answered from it.
"""
from __future__ import annotations

from fastapi import Depends, FastAPI, Query, Request
from fastapi import Path as PathParam

from almanac.errors import BadInput
from almanac.exports import feeds, source
from almanac.exports.feeds import labels as L
from almanac.exports.http.answers import StoredAnswers
from almanac.exports.http.caching import json_answer
from almanac.exports.http.params import (DATE_SCHEMA, ERRORS, LANG_HELP, asked_lang, choices, chosen, day_options,
                                         day_task, known_task, parse_date, ranked_by)


def add_api_routes(app: FastAPI, cfg, limiter, stored: StoredAnswers) -> None:
    hopts = cfg["http"]

    @app.get("/api/day/{day}", responses=ERRORS, summary="One almanac day (almanac day --json)")
    def api_day(request: Request, day: str = PathParam(..., description="YYYY-MM-DD", **DATE_SCHEMA),
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
                 from_: str = Query(..., alias="from", description="YYYY-MM-DD", **DATE_SCHEMA),
                 to: str = Query(..., description="YYYY-MM-DD", **DATE_SCHEMA), tz: str | None = None,
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
