"""How a feed names itself: the namespace of its UIDs, the request's choices (place, clock, lunar
calendar, school) and person as they set it apart from the plain feed — in its UIDs, its
``SOURCE`` link and its title — and the words that say them to its reader.
"""
from __future__ import annotations

import uuid

from almanac import config as config_mod
from almanac.exports.feeds import labels as L

#: the namespace of every UID (a fixed random UUID: no host or user data, RFC 7986 §5.3)
UID_NAMESPACE = uuid.UUID("6f1c3c1e-5b0e-4d7b-9a55-2b1f3e8f6a01")


def uid(namespace: str, key: str) -> str:
    """The UID of ``key`` in a feed's ``namespace``: stable whenever the feed is built."""
    return str(uuid.uuid5(UID_NAMESPACE, f"{namespace}/{key}"))


def school_label(cfg, lang: str) -> tuple[str, str]:
    """The school's name, and how a reader of ``lang`` calls it."""
    name, p = config_mod.school_preset(cfg)
    return name, L.school_name(name, p, lang)


def choices_text(cfg, lang: str, *, every: bool = True) -> str:
    """「學派: … · 時法: … · 地點: …」 in ``lang`` — which school, clock and place the feed (or a
    report) follows (``almanac.terms.choices_text``)."""
    c = cfg["calendar"]
    return L.choices_text(*config_mod.school_preset(cfg), c["time_basis"], c.get("place"), lang, every=every)


def _choices_given(cfg) -> dict[str, str]:
    """The request choices that differ from the built-in defaults (for UIDs and SOURCE)."""
    c, out = cfg["calendar"], {}
    if c.get("place"):
        out["place"] = c["place"]
    if c["time_basis"] != "civil":
        out["clock"] = c["time_basis"]
    if c.get("lunar", "auto") != "auto":
        out["lunar"] = c["lunar"]
    if cfg.get("school", "default") != "default":
        out["school"] = cfg["school"]
    return out


def choices_ns(cfg) -> str:
    """UID namespace suffix: feeds of other places, clocks or schools are other calendars (their
    events must not share UIDs); the default feed keeps the UIDs it always had."""
    given = _choices_given(cfg)
    return "".join(f"/{k}={v}" for k, v in sorted(given.items()))


def choices_query(cfg) -> str:
    """The query a feed's ``SOURCE`` link adds for those choices (``&place=…``), else ""."""
    from urllib.parse import urlencode
    given = _choices_given(cfg)
    return ("&" + urlencode(given)) if given else ""


def person_ns(person) -> str:
    """UID namespace suffix of a person's feed (``/person=1984f``); nothing for the plain feed."""
    return "" if person is None else f"/person={person.birth_year}{person.sex}"


def person_query(person) -> str:
    """The query a person's feed's ``SOURCE`` link adds (``&born=…&sex=…``), else ""."""
    return "" if person is None else f"&born={person.birth_year}&sex={person.sex}"


def person_label(person, lang: str) -> str:
    """「1984年生 女命」, 「1984년생 여성」, "born 1984, female" — whom a feed is for."""
    return L.label("person", lang).format(year=person.birth_year, sex=L.label("sex_" + person.sex, lang))
