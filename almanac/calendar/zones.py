"""The time zones the calendar answers in: an IANA zone by its name (the zone database's places
and their links, never its ``posix/`` or ``right/`` copies), and a place named where a zone goes
told apart from a zone.
"""
from __future__ import annotations

from datetime import timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import BadInput

UTC = timezone.utc


#: names a zone database holds that are not places: the POSIX default-rule file, the "Factory"
#: placeholder (offset 0, abbreviation "-00"), the host's own ``localtime`` link, and the
#: ``posix/`` and ``right/`` (leap-second) copies of the whole tree
_NOT_PLACES = ("posixrules", "Factory", "localtime")
_NOT_PLACE_TREES = ("posix/", "right/", "posix.", "right.")


@lru_cache(maxsize=1)
def _zone_names() -> frozenset[str]:
    from zoneinfo import available_timezones
    return frozenset(available_timezones()) - set(_NOT_PLACES)


@lru_cache(maxsize=256)
def zone(name: str) -> ZoneInfo:
    """The IANA zone ``name``, or bad input. Only names of the zone database's places and their
    links are zones here: ``posixrules``, ``Factory``, ``localtime``, ``posix/…`` and ``right/…``
    (whose clocks count leap seconds) are refused.

    >>> zone("right/UTC")
    Traceback (most recent call last):
    almanac.errors.BadInput: unknown time zone 'right/UTC' (an IANA zone name such as Asia/Shanghai, Asia/Seoul, Europe/London)
    """
    try:
        if not name or name.startswith(("/", ".")) or ".." in name:
            raise ValueError
        if name in _NOT_PLACES or name.startswith(_NOT_PLACE_TREES):
            raise ValueError
        names = _zone_names()
        if names and name not in names:
            raise ValueError
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError, AttributeError, OSError):   # not a str: too
        city = _city_named(name)
        if city is not None:    # `--tz 서울`: a place, named where a zone goes
            from ..errors import field
            pl = field("place")
            raise BadInput(f"{name!r} is a place, not a time zone: use {pl} {name} (its zone is {city.tz})",
                           zh=f"{name!r} 是地點，不是時區：請用 {pl} {name}（其時區為 {city.tz}）",
                           ko=f"{name!r}은(는) 시간대가 아니라 장소입니다: {pl} {name} 옵션을 쓰십시오 "
                              f"(그 시간대는 {city.tz})") from None
        raise BadInput(f"unknown time zone {name!r} (an IANA zone name such as Asia/Shanghai, "
                       f"Asia/Seoul, Europe/London)",
                       zh=f"未知的時區：{name!r}（IANA 時區名，如 Asia/Shanghai、Asia/Seoul、Europe/London）",
                       ko=f"알 수 없는 시간대: {name!r} (Asia/Shanghai, Asia/Seoul, Europe/London 같은 "
                          f"IANA 시간대 이름)") from None


def _city_named(name) -> "object | None":
    """The gazetteer city (``almanac.places``) ``name`` names, when it names one with a zone."""
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        return None
    from ..places import place
    try:
        p = place(name)
    except BadInput:
        return None
    return p if p.tz and p.names else None
