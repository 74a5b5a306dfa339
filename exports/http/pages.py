"""HTML pages of the service (Jinja2 templates in ``templates/``) and the subscribe links they show.

The index page: a picker of task, language, zone (and place, when the almanac knows places),
clock, school and, for a person's feed, birth year and sex, that builds the subscribe link, and a table of every task's feed per language. Nothing from the
request's headers is written into the page but the language its ``Accept-Language`` chooses
(when the query names none; the answer then says it varies on that header): a page cached by a proxy must not carry a ``Host`` or
``X-Forwarded-Proto`` some client sent. So the page holds relative links, and its script makes them
absolute from the address the reader actually opened (``location``), which offers an https link
only when the page came over https. A configured public URL (``[feeds] base_url``) is used instead
when set; only then, or over https, is a Google Calendar link offered (Google fetches the feed
from the internet). The body depends only on the configuration and the page's ``lang``: the
query's ``lang=``, or without one the browser's own language (``Accept-Language``:
:func:`page_lang`), the answer then sent with ``Vary: Accept-Language``.
"""
from __future__ import annotations

import json
from urllib.parse import quote, urlencode

import jinja2
from fastapi import Request

from almanac import terms as T
from almanac.exports import source

_env = jinja2.Environment(loader=jinja2.PackageLoader("almanac.exports.http", "templates"),
                          autoescape=jinja2.select_autoescape(["html", "j2"]),
                          trim_blocks=True, lstrip_blocks=True)


def subscribe_links(base: str, task: str, lang: str, tz: str) -> dict[str, str]:
    """https, webcal:// and Google links of one feed; ``base`` like ``https://host:port``."""
    query = urlencode({"tz": tz, "lang": lang})
    https = f"{base.rstrip('/')}/feeds/{quote(task)}.ics?{query}"
    webcal = "webcal://" + https.split("://", 1)[1]
    google = "https://calendar.google.com/calendar/render?cid=" + quote(https, safe="")
    return {"https": https, "webcal": webcal, "google": google}


def index_html(request: Request | None, cfg) -> str:
    """The index page in the page language asked by ``?lang=``, else by the browser's
    ``Accept-Language`` (:func:`page_lang`; see :func:`index_page`)."""
    return index_page(cfg, page_lang(request)[0] if request is not None else None)


#: the header an HTML page's answer varies on when the page's language was the browser's
VARY_LANG = {"Vary": "Accept-Language"}


def page_lang(request: Request) -> "tuple[str | None, bool]":
    """The language an HTML page (the index, a report) is asked in, and whether it was read from
    the request's ``Accept-Language`` (its answer then carries :data:`VARY_LANG`): the query's
    ``lang=`` as given (checked by the page), else the first of the almanac's languages the
    browser prefers (``almanac.lang.preferred_lang``), else None (the page's default). A header
    that names none of them, or is not one, is ignored. The JSON API and the feeds never read
    the header (docs/http.md)."""
    asked = request.query_params.get("lang")
    if asked:
        return asked, False
    from almanac.lang import preferred_lang
    return preferred_lang(request.headers.get("accept-language")), True


# ---------------------------------------------------------------- the index page
LANG_NAMES = {"zh-Hant": "繁體中文", "zh-Hans": "简体中文", "ko": "한국어", "en": "English"}

#: the page's words, per language
TEXT = {
    "zh-Hant": {"intro": "演禽與大六壬擇時。選擇事項、語言與時區，即得訂閱連結；行事曆每日自動更新。",
                "subscribe": "訂閱", "task": "事", "language": "語言", "zone": "時區", "place": "地點",
                "feed": "訂閱網址", "webcal": "行事曆程式", "google": "Google 日曆", "all_feeds": "全部訂閱",
                "report": "今日報告", "api_docs": "API 說明", "health": "服務狀態",
                "howto": "將訂閱網址加入行事曆程式（「新增訂閱行事曆」）；webcal 連結可直接開啟行事曆程式。",
                "person_both": "個人訂閱須同時填寫生年與性別。"},
    "zh-Hans": {"intro": "演禽与大六壬择时。选择事项、语言与时区，即得订阅链接；日历每日自动更新。",
                "subscribe": "订阅", "task": "事", "language": "语言", "zone": "时区", "place": "地点",
                "feed": "订阅网址", "webcal": "日历程序", "google": "Google 日历", "all_feeds": "全部订阅",
                "report": "今日报告", "api_docs": "API 说明", "health": "服务状态",
                "howto": "将订阅网址加入日历程序（“添加订阅日历”）；webcal 链接可直接打开日历程序。",
                "person_both": "个人订阅须同时填写生年与性别。"},
    "ko": {"intro": "연금(演禽)과 대육임(大六壬)으로 가린 길시를 달력으로 받아 보세요. 할 일·언어·시간대를 고르면 "
                    "구독 주소가 만들어지고, 달력은 날마다 새로 고쳐집니다.",
           "subscribe": "구독", "task": "할 일", "language": "언어", "zone": "시간대", "place": "장소",
           "feed": "구독 주소", "webcal": "달력 앱에서 열기", "google": "Google 캘린더", "all_feeds": "모든 구독",
           "report": "오늘의 보고서", "api_docs": "API 설명서", "health": "서비스 상태",
           "howto": "구독 주소를 달력 앱의 '구독 캘린더 추가'에 넣으세요. webcal 주소는 달력 앱을 바로 엽니다.",
           "person_both": "나에게 맞춘 달력은 태어난 해와 성별을 함께 넣어야 만들어집니다."},
    "en": {"intro": "Hour selection by the mansion animals and the Great Six Ren. Pick a task, a language "
                    "and a time zone to get a subscription link; the calendar refreshes itself daily.",
           "subscribe": "Subscribe", "task": "Task", "language": "Language", "zone": "Time zone",
           "place": "Place", "feed": "Feed address", "webcal": "Open in a calendar app",
           "google": "Google Calendar", "all_feeds": "Every feed", "report": "Today's report",
           "api_docs": "API docs", "health": "Service status",
           "howto": "Add the feed address to your calendar app as a subscribed calendar; the webcal link "
                    "opens the app directly.",
           "person_both": "A feed for a person needs both the birth year and the sex."},
}

#: zones offered first in the picker (any IANA zone may be typed)
COMMON_ZONES = ("Asia/Shanghai", "Asia/Taipei", "Asia/Hong_Kong", "Asia/Seoul", "Asia/Tokyo", "Asia/Singapore",
                "Asia/Kuala_Lumpur", "America/New_York", "America/Los_Angeles", "America/Vancouver",
                "Europe/London", "Europe/Berlin", "Australia/Sydney", "UTC")


def _zones(cfg) -> list[str]:
    from zoneinfo import available_timezones
    first = [cfg["calendar"]["default_tz"], *(cfg["scheduler"].get("zones") or []),
             *(cfg["reports"].get("zones") or []), *COMMON_ZONES]
    return list(dict.fromkeys(first + sorted(available_timezones() - set(first))))


def _place_label(p: dict, lang: str) -> str:
    local = T.place_name(p["name"], lang)
    return f"{local} ({p['name']})" if local != p["name"] else p["name"]


def _places(lang: str) -> list[dict]:
    """The gazetteer's places for the picker, when the almanac knows places (``api.places``)."""
    from almanac import api
    try:
        got = api.places()
    except Exception:  # noqa: BLE001 — no places: the picker offers task, language and zone
        return []
    out = []
    for p in got if isinstance(got, list) else []:
        if isinstance(p, dict) and p.get("name"):
            out.append({"value": p["name"], "label": _place_label(p, lang), "tz": p.get("tz") or ""})
    return out


#: the index's words for the feeds of hours to avoid
AVOID_FEEDS = {"zh-Hant": "應避之時訂閱", "zh-Hans": "应避之时订阅", "ko": "피할 시 구독", "en": "Hours to avoid"}


def _task_label(t: dict, lang: str) -> str:
    """A task as the picker names it: the everyday name, the classical one beside it
    (여행·외출 — 출행(出行)); the classical alone where they are one."""
    from almanac.task_words import everyday
    classical, modern = T.task_label(t, lang), everyday(t["name"], lang)
    return f"{modern} — {classical}" if modern and modern not in classical else classical


def _configured_place(cfg) -> str:
    """The gazetteer name of the service's own place (its reader's ``place``), or ""."""
    where = cfg["calendar"].get("place") or ""
    if not where:
        return ""
    from almanac.errors import BadInput
    from almanac.places import place
    try:
        return place(where).name
    except BadInput:
        return ""


def _clocks(cfg, lang: str) -> list[dict]:
    """The hour clocks the calendar accepts (``clock=``), named in ``lang``; the configured one first."""
    from almanac.calendar import TIME_BASES
    first = cfg["calendar"].get("time_basis", "civil")
    return [{"value": c, "label": T.label("clock_" + c, lang)}
            for c in sorted(TIME_BASES, key=lambda c: c != first)]


def _schools(cfg, lang: str) -> list[dict]:
    """The school presets (``school=``), named in ``lang``; the configured one first."""
    from almanac import api
    got = api.schools(cfg)
    out = []
    for s in got["schools"]:
        out.append({"value": s["name"], "label": T.school_name(s["name"], s, lang),
                    "current": s["name"] == got["current"]})
    return sorted(out, key=lambda s: not s["current"])


def feed_path(task: str, lang: str, tz: str) -> str:
    return f"/feeds/{quote(task)}.ics?{urlencode({'tz': tz, 'lang': lang})}"


_pages: dict[tuple[str, str], str] = {}


def _js(value) -> str:
    """``value`` as a JavaScript literal safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def index_page(cfg, lang: str | None = None) -> str:
    """The index page in ``lang`` (default: the reader's ``lang`` of the configuration, else its
    reports' language, zh-Hant as built); independent of any request header."""
    from almanac.reader import default_lang
    lang = T.check_lang(lang) if lang else default_lang(cfg)
    from datetime import datetime
    from zoneinfo import ZoneInfo
    today = datetime.now(ZoneInfo(cfg["calendar"]["default_tz"])).date()
    key = (cfg.digest, lang, today)         # its plain answers are today's
    if key not in _pages:
        if len(_pages) > 64:
            _pages.clear()
        _pages[key] = _render(cfg, lang, today)
    return _pages[key]


def plain_today(cfg, lang: str, today) -> list[str]:
    """Today's one-sentence answer per task in the service's (the reader's) zone, in everyday
    words (``exports.reports.plain_answers``); none when the day cannot be judged now."""
    from almanac import api
    from almanac.exports.reports import plain_answers
    tz = cfg["calendar"]["default_tz"]
    try:
        tasks = source.tasks(cfg)
        day = source.get_day(today, tz, cfg)
        by_task = {t["name"]: {h["branch"]: h for h in api.judge_day(today, tz=tz, task=t["name"], config=cfg)["hours"]}
                   for t in tasks}
        return plain_answers(day, by_task, tasks, lang)
    except Exception:  # noqa: BLE001 — the page's links matter more than its answers
        return []


def _render(cfg, lang: str, today=None) -> str:
    base = (cfg["feeds"]["base_url"] or "").rstrip("/")
    tz = cfg["calendar"]["default_tz"]
    tasks = []
    for t in source.tasks(cfg):
        links = {code: base + feed_path(t["name"], code, tz) for code in T.LANGS}
        tasks.append({"name": t["name"], "label": _task_label(t, lang), "links": links,
                      "avoid": base + feed_path(t["name"], lang, tz) + "&kind=avoid"})
    text = TEXT[lang]
    return _env.get_template("index.html.j2").render(
        lang=lang, product=T.PRODUCT[lang], t=text, tasks=tasks, tz=tz, zones=_zones(cfg),
        langs=[{"code": c, "name": LANG_NAMES[c]} for c in T.LANGS], places=_places(lang),
        clocks=_clocks(cfg, lang), schools=_schools(cfg, lang), place=_configured_place(cfg),
        plain=plain_today(cfg, lang, today) if today is not None else [], avoid_label=AVOID_FEEDS[lang],
        place_json=_js(_configured_place(cfg)),
        clock_label=T.label("clock", lang), school_label=T.label("school", lang),
        born_label=T.label("born", lang), sex_label=T.label("sex", lang),
        sexes=[{"value": x, "label": T.label("sex_" + x, lang)} for x in ("m", "f")],
        first_link=tasks[0]["links"][lang] if tasks else "", feed_action="/",
        base_json=_js(base), tz_json=_js(tz), text_json=_js({k: text[k] for k in ("feed", "webcal", "google", "person_both")}))


# ---------------------------------------------------------------- "busy, retrying" page
#: the words of the page a browser gets instead of a page that could not be made now: its
#: title, what happened (``{n}``: the seconds before it retries by itself) and the link's text
BUSY = {
    "zh-Hant": ("請稍候", "伺服器正在製作其他頁面，暫時無法製作這一頁。本頁將在 {n} 秒後自動重試。", "立即重試"),
    "zh-Hans": ("请稍候", "服务器正在制作其他页面，暂时无法制作这一页。本页将在 {n} 秒后自动重试。", "立即重试"),
    "ko": ("잠시 기다려 주십시오", "서버가 다른 페이지를 만드느라 이 페이지를 지금 만들 수 없습니다. "
           "{n}초 뒤에 이 페이지를 자동으로 다시 불러옵니다.", "지금 다시 시도"),
    "en": ("Please wait", "The server is busy making other pages and cannot make this one right now. "
           "This page will try again by itself in {n} s.", "Try again now"),
}


def wants_page(scope) -> bool:
    """Whether a request is a browser's for an HTML page (the index, a report page, asked with
    an ``Accept`` that names ``text/html``): its ``503`` is then an HTML page that retries itself
    rather than the JSON error a script reads."""
    path = scope.get("path") or ""
    if path != "/" and not path.startswith("/reports/"):
        return False
    accept = next((v for k, v in scope.get("headers") or () if k == b"accept"), b"")
    return b"text/html" in accept.lower()


def busy_page(lang: "str | None", after: int, default_lang: str = "zh-Hant") -> bytes:
    """The HTML of a ``503`` for a page in ``lang`` (the page's own language; ``default_lang``
    when it names none the almanac writes): it says why, and reloads itself after ``after``
    seconds (the answer's ``Retry-After``).

    >>> b"refresh\\" content=\\"7\\"" in busy_page("ko", 7), "다시" in busy_page("ko-KR", 7).decode()
    (True, True)
    """
    from html import escape

    from almanac.lang import check_lang
    try:
        lang = check_lang(lang) if lang else default_lang
    except ValueError:
        lang = default_lang
    title, said, again = BUSY.get(lang, BUSY["en"])
    n = int(after)
    return (f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="{n}"><meta name="robots" content="noindex">'
            f'<title>{escape(title)}</title></head>\n<body><h1>{escape(title)}</h1>'
            f'<p>{escape(said.format(n=n))}</p><p><a href="">{escape(again)}</a></p></body></html>\n'
            ).encode()
