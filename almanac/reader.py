"""The reader's choices, said once and remembered: their language and their place.

A reader who lives in Seoul and reads Korean says so once — ``lang = "ko"`` and ``place = "서울"``
at the top of their configuration file, or ``LANG=ko_KR.UTF-8`` for the command line's language —
and every surface answers them so without a flag. What is asked for explicitly (``--lang``,
``?lang=``, ``--place``, ``--tz``, ``--clock``) always wins; then the configuration; then, on the
command line only, the process locale.

>>> locale_lang({"LANG": "ko_KR.UTF-8"}), locale_lang({"LC_ALL": "zh_TW.UTF-8", "LANG": "ko_KR"})
('ko', 'zh-Hant')
>>> locale_lang({"LANG": "C.UTF-8"}), locale_lang({"LANG": "fr_FR.UTF-8"}), locale_lang({})
(None, None, None)
>>> implied({"place": "서울"}, {"lang": "", "place": "서울", "korea_clock": "korean",
...          "calendar": {"place": "", "default_tz": "Asia/Shanghai", "time_basis": "civil"}})["calendar"]
{'place': 'Seoul', 'default_tz': 'Asia/Seoul', 'time_basis': 'korean', 'longitude': 126.978, 'latitude': 37.5665}
"""
from __future__ import annotations

import os
from collections.abc import Mapping

from almanac.errors import BadInput

#: the zones of the places whose 만세력 read the 時辰 on the 127.5°E meridian (``korea_clock``)
KOREAN_ZONES = frozenset({"Asia/Seoul", "Asia/Pyongyang"})
#: what ``korea_clock`` may be
KOREA_CLOCKS = ("korean", "civil", "mean_solar", "true_solar")


def locale_lang(environ: "Mapping[str, str] | None" = None) -> "str | None":
    """The almanac's language (canonical) the process locale names — ``LC_ALL``, then
    ``LC_MESSAGES``, then ``LANG``, the first one set decides, as the C library reads them — or
    None for the C/POSIX locale or a language the almanac does not speak (never an error: a
    French locale simply says nothing here)."""
    from almanac.lang_tags import known_lang as _known
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            tag = value.split(".", 1)[0].split("@", 1)[0]
            if tag.upper() in ("C", "POSIX", ""):
                return None
            return _known(tag)
    return None


def config_lang(cfg: "Mapping | None") -> "str | None":
    """The configuration's ``lang`` (canonical), or None when it says none."""
    value = cfg.get("lang") if cfg is not None else None
    if not value:
        return None
    from almanac.lang import check_lang
    return check_lang(value)


def cli_lang(flag: "str | None", cfg: "Mapping | None", environ=None) -> "str | None":
    """The command line's language: its ``--lang``, else the configuration's ``lang``, else the
    process locale (:func:`locale_lang`); None when none of them says one."""
    if flag:
        return flag
    return config_lang(cfg) or locale_lang(environ)


def default_lang(cfg: Mapping, fallback: "str | None" = None) -> str:
    """The language a page, a feed or a link is in when the request names none: the reader's
    ``lang``, else ``fallback`` (the report section's ``lang``, the feeds' first language)."""
    from almanac.lang import LANGS, check_lang
    return config_lang(cfg) or check_lang(fallback or cfg.get("reports", {}).get("lang") or LANGS[0])


def korea_clock(cfg: Mapping) -> str:
    """The clock of a place in Korea under ``cfg`` (its ``korea_clock``, checked)."""
    value = cfg.get("korea_clock", "korean")
    if value not in KOREA_CLOCKS:
        raise BadInput(f"config option 'korea_clock' is {value!r}; accepted: {', '.join(KOREA_CLOCKS)}",
                       zh=f"設定選項 'korea_clock' 的值無效：{value!r}（可用的值：{'、'.join(KOREA_CLOCKS)}）",
                       ko=f"설정 옵션의 값이 올바르지 않습니다: 'korea_clock' = {value!r} "
                          f"(쓸 수 있는 값: {', '.join(KOREA_CLOCKS)})")
    return value


def place_clock(tz: "str | None", time_basis: str, cfg: Mapping) -> "str | None":
    """The clock a place in zone ``tz`` is read on when nothing named one: ``korea_clock`` for a
    place in Korea whose configuration keeps the civil clock; None (no change) otherwise."""
    if tz in KOREAN_ZONES and time_basis == "civil":
        clock = korea_clock(cfg)
        return None if clock == "civil" else clock
    return None


def implied(user: Mapping, data: dict) -> dict:
    """``data`` (the defaults with ``user`` merged over them) with what the reader's place implies:
    the top-level ``place`` (or a ``[calendar] place`` the user wrote) as the calendar's place and
    coordinates and, unless ``user``'s ``[calendar]`` names them, the zone of a city and the clock
    of a place in Korea. ``lang`` and ``korea_clock`` are checked here, so a wrong one is refused
    when the file is read."""
    lang = config_lang(data)
    korea_clock(data)
    ureports = user.get("reports") if isinstance(user.get("reports"), Mapping) else {}
    if lang and "lang" not in ureports:     # the pages made by default are in the reader's language
        data = dict(data)
        data["reports"] = {**data["reports"], "lang": lang}
    ucal = user.get("calendar") if isinstance(user.get("calendar"), Mapping) else {}
    where = data.get("place") or ucal.get("place") or ""
    if not where:
        return data
    if not isinstance(where, str):
        raise BadInput(f"config option 'place' must be a str, not {where!r}",
                       zh=f"設定選項 'place' 必須是字串，而不是 {where!r}",
                       ko=f"설정 옵션의 값은 문자열 형식이어야 합니다: 'place' = {where!r}")
    from almanac.places import place
    p = place(where)
    cal = dict(data["calendar"])
    cal["place"] = p.name
    if p.tz and "default_tz" not in ucal:
        cal["default_tz"] = p.tz
    if "time_basis" not in ucal:
        clock = place_clock(p.tz, cal["time_basis"], data)
        if clock:
            cal["time_basis"] = clock
    cal["longitude"], cal["latitude"] = p.longitude, p.latitude
    out = dict(data)
    out["calendar"] = cal
    return out


#: the start of an hour that begins on the evening before the day it belongs to (the 子 hour)
_EVENING_BEFORE = {"ko": "전날 {t}", "zh": "前一日 {t}", "en": "day before {t}"}


def hour_span(start: str, end: str, lang: "str | None" = None, branch: str = "子") -> str:
    """An hour's span as a reader reads it, from its ISO start and end: ``05:00–07:00``; an hour
    that runs over midnight (the 子 hour: it begins on the evening before the day it belongs to)
    says so — ``전날 23:00–01:00``, ``前一日 23:00–01:00``, ``day before 23:00–01:00`` — so
    a reader going out tonight at 23:00 never reads it as tomorrow night's hour.

    >>> hour_span("2026-11-28T23:00:00+08:00", "2026-11-29T01:00:00+08:00", "ko")
    '전날 23:00–01:00'
    >>> hour_span("2026-11-28T23:30:00+09:00", "2026-11-29T01:30:00+09:00", "en")
    'day before 23:30–01:30'
    >>> hour_span("2026-11-29T05:00:00+08:00", "2026-11-29T07:00:00+08:00", "zh-Hant")
    '05:00–07:00'
    """
    s, e = start[11:16], end[11:16]
    if evening_before(start, end, branch):
        from almanac.lang import TEXT_KEY, check_lang
        s = _EVENING_BEFORE[TEXT_KEY[check_lang(lang)]].format(t=s)
    return f"{s}–{e}"


def evening_before(start: str, end: str, branch: str = "子") -> bool:
    """Whether an hour (ISO start and end, its branch) begins on the evening before the day it
    belongs to: a 子 hour over midnight (another hour over midnight, on a solar clock far west of
    its zone's meridian, belongs to the day it begins on)."""
    return branch == "子" and start[:10] < end[:10] and end[11:16] != "00:00"


def hour_date(start: str, end: str, branch: str = "子") -> str:
    """The date (``YYYY-MM-DD``) of the day an hour belongs to (see :func:`evening_before`)."""
    return end[:10] if evening_before(start, end, branch) else start[:10]


__all__ = ["hour_span", "hour_date", "evening_before", "KOREAN_ZONES", "KOREA_CLOCKS", "cli_lang", "config_lang", "default_lang", "implied",
           "korea_clock", "locale_lang", "place_clock"]
