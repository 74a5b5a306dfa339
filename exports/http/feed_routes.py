"""The feed route: ``GET``/``HEAD /feeds/{task}.ics``, a task's iCalendar feed over the rolling
horizon — the default feed of each task rendered once for every client, a variant (zone,
language, alarm, kind, person, choices) rendered in a worker process — answered from the feed
cache with its ETag.
"""
from __future__ import annotations

from fastapi import Depends, FastAPI, Query, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from almanac.errors import BadInput
from almanac.exports import feeds
from almanac.exports.http.caching import precondition_failed, render_entry
from almanac.exports.http.params import (ERRORS, LANG_HELP, asked_lang, choices, chosen, day_options,
                                         known_task, store_down)


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
        if dayfeeds.wants_days(name[:-4], by):   # 이사, 결혼: a feed of days (feeds.days)
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
