"""A feed's iCalendar text around its events: the calendar's properties (``PRODID``, names and
descriptions in the feed's language, ``REFRESH-INTERVAL``, ``SOURCE`` …), each event stamped
(``DTSTAMP``, ``LAST-MODIFIED``, ``SEQUENCE``) and the generated ``VTIMEZONE`` of every zone its
events use — written by icalendar (``calendar``) or from the events' own texts (``calendar_text``:
the same bytes).
"""
from __future__ import annotations

import functools
from datetime import date, datetime, timedelta

import icalendar

from almanac.exports.feeds import labels as L
from almanac.exports.feeds import names, text
from almanac.exports.feeds.params import feeds_options
from almanac.exports.feeds.words import AVOID_WORD

PRODID = "-//renqin-almanac//壬禽 almanac feeds 1//EN"

#: the span icalendar gives a generated VTIMEZONE by default; a feed whose events all fall in it
#: keeps exactly that VTIMEZONE (and so its bytes)
ZONE_FIRST, ZONE_LAST = date(1970, 1, 1), date(2038, 1, 1)


def zone_span(first: date, last: date) -> tuple[date, date]:
    """``(first_date, last_date)`` of the VTIMEZONE of a feed whose events fall on ``first`` ..
    ``last``: icalendar's 1970-01-01 .. 2038-01-01 when they lie inside it, else the whole years
    from the first event's to the last one's. The transitions are those of zoneinfo over that
    span (the zone's history before 1970, its current rule after 2037), so a client that reads
    the wall times by the embedded rules alone gets the instants zoneinfo gives. Two days either
    side: an hour's event starts the evening before its date (子初換日) and ends the day after."""
    lo, hi = first - timedelta(days=2), last + timedelta(days=2)
    if lo >= ZONE_FIRST and hi < ZONE_LAST:
        return ZONE_FIRST, ZONE_LAST
    return date(lo.year, 1, 1), date(hi.year + 1, 1, 1)


def calendar(b, events: list[icalendar.Event], stamps: dict, zones: bool = True
             ) -> icalendar.Calendar:
    """The calendar of the feed ``b`` builds (an ``events.Builder``) around ``events`` (stamped
    here); without ``zones`` its VTIMEZONE is left for the caller to add."""
    lang = b.lang
    name = f"{L.label('calname', lang)} · {b.task_label}"
    if b.kind == "avoid":      # beside the good-hours calendar, told apart by its name
        name += f" · {AVOID_WORD[lang]}"
    desc = L.label("caldesc", lang).format(task=b.task_label)
    school, school_label = names.school_label(b.cfg, lang)
    if school != "default":
        name += f" · {school_label}"
    if b.person is not None:
        name += f" · {names.person_label(b.person, lang)}"
        desc += " " + L.label("person_desc", lang).format(person=names.person_label(b.person, lang))
    desc += " " + names.choices_text(b.cfg, lang)
    cal = calendar_head(b.cfg, lang, b.tz_name, names.uid(b.ns, "calendar"), name, desc,
                        f"{b.task}.ics?tz={b.tz_name}&lang={lang}" + names.choices_query(b.cfg)
                        + names.person_query(b.person))
    if stamps:
        cal.add("last-modified", max(s for s, _ in stamps.values()))
    for ev in events:
        stamp, seq = stamps[str(ev["uid"])]
        ev.add("dtstamp", stamp)
        ev.add("last-modified", stamp)
        ev.add("sequence", seq)
        cal.add_component(ev)
    if zones:
        _zones(b, cal, zone_span(*(b.span or _events_span(events))))
    return cal


def calendar_head(cfg, lang: str, tz_name: str, uid: str, name: str, desc: str, source: str) -> icalendar.Calendar:
    """A feed's calendar before its events: what it is (``PRODID``, ``VERSION``, ``METHOD`` …, its
    ``uid``), its ``name`` and ``desc`` in ``lang``, its zone, school, clock and place, how often
    to refresh it, its colour, and — with ``[feeds] base_url`` — where it is fetched from again
    (``SOURCE``: ``{base_url}/feeds/{source}``)."""
    opts = feeds_options(cfg)
    school, _ = names.school_label(cfg, lang)
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("uid", uid)
    cal.add("name", name, parameters={"LANGUAGE": lang})
    cal.add("x-wr-calname", name)
    cal.add("description", desc, parameters={"LANGUAGE": lang})
    cal.add("x-wr-caldesc", desc)
    cal.add("x-wr-timezone", tz_name)
    cal.add("x-almanac-school", school)
    cal.add("x-almanac-clock", cfg["calendar"]["time_basis"])
    if cfg["calendar"].get("place"):
        cal.add("x-almanac-place", cfg["calendar"]["place"])
    refresh = opts.get("refresh_interval", "P1D")
    cal.add("refresh-interval", icalendar.vDuration.from_ical(refresh), parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", refresh)
    cal.add("color", opts.get("color", "crimson"))
    base = (opts.get("base_url") or "").rstrip("/")
    if base:
        cal.add("source", f"{base}/feeds/{source}", parameters={"VALUE": "URI"})
        cal.add("url", f"{base}/", parameters={"VALUE": "URI"})
    return cal


def _zones(b, cal: icalendar.Calendar, span: tuple[date, date]) -> None:
    # The feed's own zone is always declared, whether or not this window has a timed hour:
    # X-WR-TIMEZONE names it, and clients (Outlook) expect the VTIMEZONE beside it.
    cal.add_component(_vtimezone(b.tz_name, *span))
    cal.add_missing_timezones(*span)


def calendar_text(b, texts: "list[text.EventText]", stamps: dict) -> bytes:
    """``calendar(b, events, stamps).to_ical()`` from the events' texts (each written once),
    with only their stamp lines added."""
    cal = calendar(b, [], stamps, zones=False)
    span = zone_span(*b.span) if b.span else (ZONE_FIRST, ZONE_LAST)
    events = [t.stamped(*stamps[t.uid]) for t in texts]
    missing = frozenset().union(*(t.tzids for t in texts)) - {"UTC", b.tz_name}
    # add_missing_timezones, as calendar() calls it with the events in place: each missing
    # zone goes in at the index of the count of zones so far (here: among the events), the
    # feed's own zone (written once per zone and process) being the first
    at = 1
    for tzid in missing:
        try:
            zone = icalendar.Timezone.from_tzid(tzid, first_date=span[0], last_date=span[1])
        except ValueError:
            continue
        events.insert(at, text.component_bytes(zone))
        at += 1
    return text.calendar_bytes(cal, events + [vtimezone_text(b.tz_name, *span)])


def _events_span(events: list[icalendar.Event]) -> tuple[date, date]:
    """The first and last dates of ``events``' start and end times (a date inside icalendar's
    default span for a calendar with none)."""
    days = [v.dt if not isinstance(v.dt, datetime) else v.dt.date()
            for ev in events for name in ("DTSTART", "DTEND") if (v := ev.get(name)) is not None]
    return (min(days), max(days)) if days else (date(2000, 1, 1), date(2000, 1, 1))


@functools.lru_cache(maxsize=64)
def _vtimezone_bytes(tz_name: str, first: date = ZONE_FIRST, last: date = ZONE_LAST) -> bytes:
    vtz = icalendar.Timezone.from_tzid(tz_name, first_date=first, last_date=last)
    # one RDATE a line (RFC 5545 allows either): vobject (and dateutil's tzical, which Python
    # calendar servers read zones with) keeps only the first value of a list, and then reads
    # every later change by the first — a New York feed's summer hours an hour off
    for sub in vtz.subcomponents:
        if "RDATE" in sub:
            listed = sub.pop("RDATE")
            for value in (listed if isinstance(listed, list) else [listed]):
                for one in value.dts:
                    sub.add("RDATE", one.dt)
    return vtz.to_ical()


@functools.lru_cache(maxsize=64)
def vtimezone_text(tz_name: str, first: date = ZONE_FIRST, last: date = ZONE_LAST) -> bytes:
    """The text of ``_vtimezone(tz_name, first, last)`` as a feed holds it, written once."""
    return text.component_bytes(_vtimezone(tz_name, first, last))


def _vtimezone(tz_name: str, first: date = ZONE_FIRST, last: date = ZONE_LAST) -> icalendar.Timezone:
    """The generated VTIMEZONE of ``tz_name`` over ``first`` .. ``last`` (cached: generating it
    walks the zone's history)."""
    return icalendar.Timezone.from_ical(_vtimezone_bytes(tz_name, first, last))
