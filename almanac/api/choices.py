"""A request's own place, clock, lunar calendar and school, applied over its configuration.

Every API function (and through them the CLI, HTTP and feed URLs) takes ``place``, ``clock``,
``lunar`` and ``school``; ``None`` (or ``""``) keeps the configuration's choice. The result is a
configuration like any other, so what is computed and what the store keeps are keyed by it.

>>> from almanac import config
>>> cfg = apply(config.load(), place="Seoul", clock="mean_solar", school="mengzhong")
>>> cfg["calendar"]["longitude"], cfg["calendar"]["default_tz"], cfg["liuren"]["shehai"]
(126.978, 'Asia/Seoul', 'mengzhong')
>>> cfg = apply(config.load(), clock="mean_solar", tz="Asia/Seoul")     # no place: the zone's city
>>> cfg["calendar"]["place"], cfg["calendar"]["longitude"]
('Seoul', 126.978)
>>> apply(config.load(), clock="sundial")
Traceback (most recent call last):
...
almanac.errors.BadInput: clock 'sundial' is not accepted; accepted: civil, mean_solar, true_solar, korean (127.5°E mean time)
"""
from __future__ import annotations

from typing import Any

from almanac import config as _config

from ..calendar import TIME_BASES, CalendarOptions, zone
from ..errors import BadInput, field
from ..lunar import CALENDARS, SOURCES, calendar_for, lunar_date_with_source
from ..places import city_of_zone, places
from ..places import place as _place


def _given(value) -> bool:
    return value is not None and not (isinstance(value, str) and not value.strip())


def apply(cfg, *, place=None, clock=None, lunar=None, school=None, tz=None):
    """``cfg`` (a loaded Config) with the request's choices; the same object when there are none.

    ``tz``: the zone the request names. With no place given, a configuration that reads its place
    (a solar clock, the sun's 晝/夜) whose own place lies in another zone is read at the zone's
    city instead (:func:`zone_place`)."""
    cal: dict[str, Any] = {}
    if _given(place):
        p = _place(place)
        cal.update(place=p.name, longitude=p.longitude, latitude=p.latitude)
        if p.tz:
            cal["default_tz"] = p.tz
        if not _given(clock):       # a place in Korea: the clock its 만세력 use (korea_clock)
            from almanac.reader import place_clock
            implied = place_clock(p.tz, cfg["calendar"]["time_basis"], cfg)
            if implied:
                cal["time_basis"] = implied
    if _given(clock):
        c = clock.strip() if isinstance(clock, str) else clock
        if c not in TIME_BASES:
            raise BadInput(f"{field('clock')} {clock!r} is not accepted; accepted: civil, mean_solar, "
                           f"true_solar, korean (127.5°E mean time)",
                           zh=f"不接受的時法（{field('clock')}）：{clock!r}；可用：civil、mean_solar、true_solar、"
                              f"korean（東經 127.5 度平均時）",
                           ko=f"받을 수 없는 시법(時法) 값입니다 ({field('clock')}): {clock!r}; 가능한 값: civil, mean_solar, "
                              f"true_solar, korean (동경(東經) 127.5도 평균시)")
        cal["time_basis"] = c
    if _given(lunar):
        v = lunar.strip() if isinstance(lunar, str) else lunar
        if v not in CALENDARS:
            raise BadInput(f"lunar calendar ({field('lunar')}) {lunar!r} is not accepted; accepted: {', '.join(CALENDARS)}",
                           zh=f"不接受的農曆曆法（{field('lunar')}）：{lunar!r}；可用：{'、'.join(CALENDARS)}",
                           ko=f"받을 수 없는 음력 역법 값입니다 ({field('lunar')}): {lunar!r}; "
                              f"가능한 값: {', '.join(CALENDARS)}")
        cal["lunar"] = v
    if _given(school) and not isinstance(school, str):
        sc = field("school")
        raise BadInput(f"{sc} {school!r} is not a school name (see `almanac schools` or /api/schools)",
                       zh=f"{sc} 的值不是學派名稱：{school!r}（見 `almanac schools` 或 /api/schools）",
                       ko=f"{sc} 값이 학파 이름이 아닙니다: {school!r} (`almanac schools` 또는 /api/schools 참고)")
    out = _config.derive(cfg, school=_school_key(cfg, school.strip()) if _given(school) else None,
                         calendar=cal)
    return out if _given(place) or not _given(tz) else zone_place(out, tz)


def _school_key(cfg, name: str) -> str:
    """The configuration's key of the school ``name`` names: its key, or its name as a Chinese or
    Korean reader knows it (六壬大全, 六壬大全 in simplified characters, 육임대전(六壬大全) or
    육임대전); an unknown name is returned as given, to be refused by the configuration.

    >>> from almanac import config
    >>> [_school_key(config.load(), n) for n in ("daquan", "육임대전", "육임대전(六壬大全)", "协纪辨方", "nope")]
    ['daquan', 'daquan', 'daquan', 'xieji', 'nope']
    """
    from ..lang import hans
    known = _config.schools(cfg.raw if cfg.raw is not None else cfg.data)
    if name in known:
        return name
    folded = name.casefold()
    for key, p in known.items():
        names = {key.casefold()}
        for n in (p.get("name_zh"), p.get("name_ko")):
            if isinstance(n, str) and n:
                names |= {n, hans(n), n.split("(")[0].strip()}
        if p.get("name_ko") and p.get("gloss_ko"):     # as `almanac schools` shows it: 본서(本書) — 원전(原典) 그대로
            names.add(f"{p['name_ko']} — {p['gloss_ko']}")
        if name in names or folded in names:
            return key
    return name


def load(config=None, *, place=None, clock=None, lunar=None, school=None, tz=None):
    """``config.load(config)`` with the request's choices applied (``tz`` as in :func:`apply`)."""
    if place is None and clock is None and lunar is None and school is None:
        cfg = _config.load(config)              # the common call: nothing to apply
        return cfg if tz is None else zone_place(cfg, tz)
    return apply(_config.load(config), place=place, clock=clock, lunar=lunar, school=school, tz=tz)


#: the clocks read at the place's longitude (``korean`` is read on 127.5°E wherever the place is)
_SOLAR = frozenset({"mean_solar", "true_solar"})


def _reads_place(cfg) -> bool:
    """Whether answers under ``cfg`` depend on where its place is: a solar clock, or 晝/夜 by the sun."""
    return cfg["calendar"].get("time_basis") in _SOLAR or cfg["liuren"].get("daynight") == "sun"


def zone_place(cfg, tz):
    """``cfg`` read at the first gazetteer city of zone ``tz`` when it reads its place and that
    place lies in another zone: a reader in Seoul who asks for the mean solar clock with no place
    gets Seoul's sun, not that of the service's Beijing (42 minutes away). A place in the same zone,
    a place given as coordinates, or a zone without a city in the gazetteer leaves ``cfg`` as it is
    (the answer's ``place`` says which longitude was read)."""
    if not _reads_place(cfg):
        return cfg
    name = getattr(tz, "key", tz)
    city = city_of_zone(name) if isinstance(name, str) else None
    if city is None or not _place_elsewhere(cfg, name):
        return cfg
    return _config.derive(cfg, calendar={"place": city.name, "longitude": city.longitude,
                                         "latitude": city.latitude, "default_tz": city.tz})


def _place_elsewhere(cfg, zone: str) -> bool:
    """Whether the configuration's place lies in another zone than ``zone``: its city's zone, or
    with no place named, the configured zone beside its longitude. Coordinates named as the place
    were chosen for themselves: never elsewhere."""
    where = cfg["calendar"].get("place") or ""
    if not where:
        return cfg["calendar"].get("default_tz") != zone
    try:
        p = _place(where)
    except BadInput:
        return False
    return p.tz is not None and p.tz != zone


def describe(cfg, calendar: CalendarOptions | None = None) -> dict:
    """What a document says of the choices it was computed with: place, clock, school
    (``calendar``: the config's ``CalendarOptions`` when the caller has them already)."""
    c = calendar or CalendarOptions.from_config(cfg)
    return {"place": {"name": c.place or None, "longitude": c.longitude, "latitude": c.latitude},
            "clock": c.time_basis, "school": cfg.get("school", "default")}


def lunar_json(d, tz_name: str, cfg) -> tuple[dict, dict]:
    """The lunar date of civil date ``d`` by the calendar the zone and config choose, and which
    calendar that is: ``({year, month, day, leap}, {calendar, source})``."""
    which = calendar_for(cfg["calendar"].get("lunar", "auto"), tz_name)
    ld, source = lunar_date_with_source(d, which)
    return ({"year": ld.year, "month": ld.month, "day": ld.day, "leap": ld.leap},
            {"calendar": which, "source": SOURCES[source]})


def schools(config=None) -> dict:
    """The schools the configuration knows, each with what it sets and where it comes from."""
    cfg = _config.load(config)
    out = []
    for name, p in _config.schools(cfg.raw if cfg.raw is not None else cfg.data).items():
        out.append({"name": name, "builtin": name in _config.BUILTIN_SCHOOLS,
                    "name_zh": p.get("name_zh", ""), "name_ko": p.get("name_ko", ""),
                    "gloss_ko": p.get("gloss_ko", ""),
                    "description": p.get("description", ""),
                    "description_ko": p.get("description_ko", ""),
                    "description_zh": p.get("description_zh", ""),
                    "sources": list(p.get("sources", [])),
                    "options": {s: dict(p.get(s) or {}) for s in _config.SCHOOL_SECTIONS}})
    return {"current": cfg.get("school", "default"), "schools": out}


def zone_of(tz, cfg):
    """``(name, ZoneInfo)`` of the zone a request names, or the configured default."""
    name = tz if tz not in (None, "") else cfg["calendar"]["default_tz"]
    if not isinstance(name, str):
        raise BadInput(f"time zone {tz!r} is not an IANA zone name (e.g. Asia/Seoul)",
                       zh=f"時區不是 IANA 時區名：{tz!r}（如 Asia/Seoul）",
                       ko=f"IANA 시간대 이름이 아닙니다: {tz!r} (예: Asia/Seoul)")
    return name, zone(name)


def check_limit(limit: Any) -> int:
    """The number of answers a request asks for, a whole number from 1 to ``MAX_LIMIT``."""
    from ..judgement.search import MAX_LIMIT
    if isinstance(limit, str) and limit.strip().lstrip("-").isdigit():
        limit = int(limit)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        lim = field("limit")
        raise BadInput(f"{lim} {limit!r} is not accepted; give a whole number from 1 to {MAX_LIMIT}",
                       zh=f"不接受的 {lim}：{limit!r}；請給 1 至 {MAX_LIMIT} 的整數",
                       ko=f"받을 수 없는 한도 값입니다 ({lim}): {limit!r}; 1부터 {MAX_LIMIT}까지의 정수를 주십시오")
    return limit


__all__ = ["apply", "check_limit", "describe", "load", "lunar_json", "places", "schools", "zone_of"]
