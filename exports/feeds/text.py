"""The feed's text: icalendar's own serialisation, each event's properties written once, folded fast.

``icalendar`` builds and validates the components and writes each property's content line
(escaping, parameters, value types); this module folds those lines and joins them, so a feed is
byte for byte what ``Calendar.to_ical()`` gives (the tests compare the two on whole feeds, and
parse the result with icalendar, vobject and recurring-ical-events) while each event's
properties are turned into text once: its size, its digest (for ``DTSTAMP``/``SEQUENCE``) and the
feed all use the same bytes, and only the three stamp lines are added for the feed.

Folding follows icalendar's rule (RFC 5545 §3.1): a line is cut before the character that would
bring a segment to 75 octets, never inside a UTF-8 sequence, and a segment never ends in the
``\\`` or ``^`` of an escape when it holds more than that character. ``fold`` works on the UTF-8
bytes with slicing instead of a loop over characters. If the installed icalendar folds a probe set
of lines differently (a future version), its own folding is used instead.

>>> fold("SUMMARY:" + "禽" * 30)[:80].decode().split("\\r\\n")[0].encode().__len__()
74
"""
from __future__ import annotations

import dataclasses
import functools
import re
from datetime import date, datetime, timedelta, timezone

import icalendar
from icalendar import parser as _parser
from icalendar.parser import _escape_char
from icalendar.caselessdict import canonsort_keys

_LIMIT = 74            # octets a folded segment may hold (icalendar: cut before reaching 75)
_CONT = 0x80           # UTF-8 continuation bytes are 0b10xxxxxx
_ESCAPES = (0x5C, 0x5E)  # "\" and "^"
_SEP = b"\r\n "


def _fast_fold(line: str) -> bytes:
    b = line.encode("utf-8")
    n = len(b)
    if n <= _LIMIT:
        return b
    out = []
    pos = 0
    while n - pos > _LIMIT:
        cut = pos + _LIMIT
        while b[cut] & 0xC0 == _CONT:
            cut -= 1
        if b[cut - 1] in _ESCAPES and cut - 1 > pos:
            cut -= 1
        out.append(b[pos:cut])
        pos = cut
    out.append(b[pos:])
    return _SEP.join(out)


def _icalendar_fold(line: str) -> bytes:
    return _parser.Contentline(line).to_ical()


def _probe_lines() -> list[str]:
    lines = []
    for pad in range(0, 80):
        for tail in ("禽" * 40, "a\\,b\\;c" * 20, "x^^y^'z" * 20, "\\" * 90, "é" * 60 + "\\n" * 10,
                     "日" * 3 + "a" * 70 + "\\,\\," + "🜂" * 20):
            lines.append("DESCRIPTION;LANGUAGE=ko:" + "a" * pad + tail)
    return lines + ["", "A:b", "X" * 74, "X" * 75, "X" * 148, "X" * 149]


def _choose():
    probe = _probe_lines()
    if all(_fast_fold(s) == _icalendar_fold(s) for s in probe):
        return _fast_fold
    return _icalendar_fold           # another icalendar version folds otherwise: follow it


fold = _choose()


def lines_bytes(lines) -> bytes:
    """``Contentlines.to_ical()``: each non-empty line folded and ended by CRLF."""
    return b"".join([fold(line) + b"\r\n" for line in lines if line])


def component_bytes(comp: icalendar.cal.Component) -> bytes:
    """``comp.to_ical()``, folded by :func:`fold`."""
    return lines_bytes(comp.content_lines())


_SIMPLE_PARAM = re.compile(r"[A-Za-z0-9-]+")


def _line(comp, name: str, value) -> bytes:
    """The folded content line of one property value, CRLF-ended: plain text values (with at most
    a simple ``LANGUAGE`` parameter) and categories are written here, anything else by icalendar.
    """
    t = type(value)
    if t is icalendar.vText:
        params = value.params
        if not params:
            return fold(f"{name}:{value.to_ical().decode()}") + b"\r\n"
        if len(params) == 1:
            lang = params.get("LANGUAGE")
            if isinstance(lang, str) and _SIMPLE_PARAM.fullmatch(lang):
                return fold(f"{name};LANGUAGE={lang}:{value.to_ical().decode()}") + b"\r\n"
    elif t is icalendar.vCategory and not value.params and all(type(c) is str for c in value.cats):
        return fold(f"{name}:{value.to_ical().decode()}") + b"\r\n"
    elif t is icalendar.vDDDTypes and _DATES_DIRECT:
        line = _date_line(name, value)
        if line is not None:
            return fold(line) + b"\r\n"
    return fold(comp.content_line(name, value)) + b"\r\n"


_SIMPLE_VALUE = re.compile(r"[A-Za-z0-9/_+-]+")


def _date_line(name: str, value) -> str | None:
    """The content line of a date, date-time or duration with no parameter or one plain ``TZID``
    or ``VALUE`` (what the feeds write), as ``content_line`` writes it; None for anything else."""
    params = value.params
    if not params:
        return f"{name}:{value.to_ical().decode()}"
    if len(params) == 1:
        (key, v), = params.items()
        if key in ("TZID", "VALUE") and type(v) is str and v != "UTC" and _SIMPLE_VALUE.fullmatch(v):
            return f"{name};{key}={v}:{value.to_ical().decode()}"
    return None


def _dates_agree() -> bool:
    """Whether :func:`_date_line` writes a probe set of dates as the installed icalendar does."""
    from datetime import date, datetime, timedelta, timezone
    from zoneinfo import ZoneInfo
    ev = icalendar.Event()
    values = [("DTSTART", datetime(2026, 12, 1, 1, 0, tzinfo=ZoneInfo("Asia/Shanghai"))),
              ("DTEND", datetime(2027, 3, 28, 23, 59, 59, tzinfo=ZoneInfo("America/Port-au-Prince"))),
              ("DUE", date(2026, 12, 2)), ("DTSTAMP", datetime(2026, 1, 1, tzinfo=timezone.utc)),
              ("DURATION", timedelta(minutes=1)), ("TRIGGER", timedelta(minutes=-15)),
              ("X-D", timedelta(days=-1, seconds=7))]
    for name, v in values:
        ev.add(name, v)
    return all(type(ev[n]) is not icalendar.vDDDTypes or _date_line(n, ev[n]) in (None, ev.content_line(n, ev[n]))
               for n, _ in values)


_DATES_DIRECT = _dates_agree()        # another icalendar version writes them otherwise: follow it


def _property_bytes(comp, name: str) -> bytes:
    values = comp[name]
    if not isinstance(values, list):
        return _line(comp, name, values)
    return b"".join([_line(comp, name, v) for v in values])


def _edge(comp, which: str) -> bytes:
    return fold(comp.content_line(which, comp.types_factory["text"](comp.name).to_ical())) + b"\r\n"


def _tzids(comp) -> frozenset[str]:
    """The TZID parameters the component and its subcomponents use (``get_used_tzids``)."""
    out = set()
    for _name, value in comp.property_items(sorted=False):
        params = getattr(value, "params", None)
        if params is not None and params.get("TZID") is not None:
            out.add(params.get("TZID"))
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def _stamp_parts(stamp, sequence: int) -> dict[str, bytes]:
    """The DTSTAMP, LAST-MODIFIED and SEQUENCE lines of one stamp, written by icalendar once."""
    ev = icalendar.Event()
    ev.add("dtstamp", stamp)
    ev.add("last-modified", stamp)
    ev.add("sequence", sequence)
    return {name: _property_bytes(ev, name) for name in EventText.STAMPS}


@functools.lru_cache(maxsize=256)
def _order(keys: tuple[str, ...], canonical: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(canonsort_keys(keys, canonical))


class EventText:
    """One event's text, its properties written once.

    ``plain`` is ``event.to_ical()`` as built (what the size limit and the digest read);
    ``stamped(stamp, sequence)`` is the feed's text of the event with ``DTSTAMP``,
    ``LAST-MODIFIED`` and ``SEQUENCE`` added (as ``event.add`` would), the stamp lines written
    once per stamp. The event itself is not changed, and is not kept: an ``EventText`` holds
    bytes only, so it can be kept from one night to the next.
    """

    STAMPS = ("DTSTAMP", "LAST-MODIFIED", "SEQUENCE")
    __slots__ = ("uid", "parts", "keys", "canonical", "begin", "end", "sub", "plain", "tzids")

    def __init__(self, event: icalendar.cal.Component):
        self.uid = str(event["uid"])
        self.parts = {name: _property_bytes(event, name) for name in event.keys()}
        self.keys = tuple(event.keys())
        self.canonical = tuple(event.canonical_order or ())
        self.begin, self.end = _edge(event, "BEGIN"), _edge(event, "END")
        self.sub = b"".join([component_bytes(c) for c in event.subcomponents])
        self.plain = self._join(self.parts, event.sorted_keys())
        self.tzids = _tzids(event)

    @classmethod
    def from_parts(cls, **values) -> "EventText":
        """An ``EventText`` from the values of its slots (``exports.feeds.kept`` reads them back)."""
        self = cls.__new__(cls)
        for name in cls.__slots__:
            setattr(self, name, values[name])
        return self

    def _join(self, parts, keys) -> bytes:
        return self.begin + b"".join([parts[k] for k in keys]) + self.sub + self.end

    def stamped(self, stamp, sequence: int) -> bytes:
        parts = {**self.parts, **_stamp_parts(stamp, sequence)}
        keys = self.keys + tuple(k for k in self.STAMPS if k not in self.parts)
        return self._join(parts, _order(keys, self.canonical))


@dataclasses.dataclass(frozen=True)
class EventSpec:
    """What one feed event says, before it is written: its UID, summary and description (in
    ``lang``), categories, times (``("dtstart", date | aware datetime)`` then ``("dtend", …)``
    or ``("duration", timedelta)``) and an optional display alarm ``(minutes before, UID)``.
    The feed's events are all of this one shape (transparent, public, free)."""

    uid: str
    lang: str
    summary: str
    description: str
    categories: tuple[str, ...]
    times: tuple[tuple[str, object], ...]
    alarm: tuple[int, str] | None = None

    def component(self) -> icalendar.Event:
        """The event as icalendar builds it (every value parsed and checked by ``add``)."""
        ev = icalendar.Event()
        ev.add("uid", self.uid)
        ev.add("summary", self.summary, parameters={"LANGUAGE": self.lang})
        ev.add("description", self.description, parameters={"LANGUAGE": self.lang})
        ev.add("categories", list(self.categories))
        for name, value in _FIXED:
            ev.add(name, value)
        for name, value in self.times:
            ev.add(name, value)
        if self.alarm is not None:
            minutes, uid = self.alarm
            al = icalendar.Alarm()
            al.add("action", "DISPLAY")
            al.add("description", self.summary)
            al.add("trigger", timedelta(minutes=-minutes))
            al.add("uid", uid)
            ev.add_component(al)
        return ev


#: the properties every feed event has, whatever it says
_FIXED = (("transp", "TRANSPARENT"), ("class", "PUBLIC"), ("x-microsoft-cdo-busystatus", "FREE"))


def _text(name: str, value: str, lang: str | None = None) -> bytes:
    head = name if lang is None else f"{name};LANGUAGE={lang}"
    return fold(f"{head}:{_escape_char(value)}") + b"\r\n"


@functools.lru_cache(maxsize=64)
def _duration(td: timedelta) -> str:
    return icalendar.vDuration(td).to_ical().decode()


def _time_line(name: str, value) -> str | None:
    """The content line of one of an event's times as icalendar writes it, or None for a value
    this module does not write itself (then icalendar writes the whole event)."""
    t = type(value)
    if t is date:
        return f"{name};VALUE=DATE:{value.year:04d}{value.month:02d}{value.day:02d}"
    if t is datetime:
        tz = value.tzinfo
        stamp = (f"{value.year:04d}{value.month:02d}{value.day:02d}T{value.hour:02d}"
                 f"{value.minute:02d}{value.second:02d}")
        if value.microsecond:
            return None
        if tz is timezone.utc:
            return f"{name}:{stamp}Z"
        key = getattr(tz, "key", None)
        if isinstance(key, str) and _zone_direct(key):
            return f"{name};TZID={key}:{stamp}"
        return None
    if t is timedelta:
        return f"{name}:{_duration(value)}"
    return None


@functools.lru_cache(maxsize=64)
def _zone_direct(key: str) -> bool:
    """Whether icalendar writes a time in zone ``key`` as ``TZID=key`` with the local time (not
    as UTC, nor under another name): checked once per zone."""
    from zoneinfo import ZoneInfo
    try:
        value = datetime(2026, 12, 1, 23, 0, tzinfo=ZoneInfo(key))
    except Exception:  # noqa: BLE001 — not a zone: icalendar writes it
        return False
    ev = icalendar.Event()
    ev.add("dtstart", value)
    return ev.content_line("DTSTART", ev["DTSTART"]) == f"DTSTART;TZID={key}:20261201T230000"


def _direct(spec: EventSpec) -> "EventText | None":
    """``EventText(spec.component())`` written here, line by line, without building the
    component; None when a value is not of the kinds written here."""
    if not _SIMPLE_PARAM.fullmatch(spec.lang) or any(type(c) is not str for c in spec.categories):
        return None
    parts = {"UID": _text("UID", spec.uid),
             "SUMMARY": _text("SUMMARY", spec.summary, spec.lang),
             "DESCRIPTION": _text("DESCRIPTION", spec.description, spec.lang),
             "CATEGORIES": fold("CATEGORIES:" + ",".join([_escape_char(c) for c in spec.categories]))
             + b"\r\n",
             **_FIXED_PARTS}
    tzids = set()
    for name, value in spec.times:
        line = _time_line(name.upper(), value)
        if line is None:
            return None
        parts[name.upper()] = fold(line) + b"\r\n"
        if ";TZID=" in line:
            tzids.add(line.split(";TZID=", 1)[1].split(":", 1)[0])
    sub = b""
    if spec.alarm is not None:
        minutes, uid = spec.alarm
        trigger = _time_line("TRIGGER", timedelta(minutes=-minutes))
        lines = {"ACTION": b"ACTION:DISPLAY\r\n", "DESCRIPTION": _text("DESCRIPTION", spec.summary),
                 "TRIGGER": fold(trigger) + b"\r\n", "UID": _text("UID", uid)}
        sub = (_ALARM_BEGIN + b"".join([lines[k] for k in _order(tuple(lines), _ALARM_CANONICAL)])
               + _ALARM_END)
    self = EventText.__new__(EventText)
    self.uid, self.parts, self.keys = spec.uid, parts, tuple(parts)
    self.canonical, self.begin, self.end, self.sub = _EVENT_CANONICAL, _EVENT_BEGIN, _EVENT_END, sub
    self.plain = self._join(parts, _order(self.keys, self.canonical))
    self.tzids = frozenset(tzids)
    return self


_PROTO = icalendar.Event()
for _name, _value in _FIXED:
    _PROTO.add(_name, _value)
_FIXED_PARTS = {n.upper(): _property_bytes(_PROTO, n.upper()) for n, _ in _FIXED}
_EVENT_CANONICAL = tuple(icalendar.Event.canonical_order or ())
_EVENT_BEGIN, _EVENT_END = _edge(_PROTO, "BEGIN"), _edge(_PROTO, "END")
_ALARM_CANONICAL = tuple(icalendar.Alarm.canonical_order or ())
_ALARM_BEGIN, _ALARM_END = _edge(icalendar.Alarm(), "BEGIN"), _edge(icalendar.Alarm(), "END")


def _probe_specs() -> list[EventSpec]:
    from zoneinfo import ZoneInfo
    odd = "a,b;c\\d\nline\r\n" + "禽" * 40 + "é" * 30 + "x" * 70
    zone = ZoneInfo("Asia/Shanghai")
    out = []
    for lang in ("ko", "en", "zh-Hant"):
        out += [
            EventSpec("u1", lang, "室火豬 · 七元 6", odd, ("曆", odd), (("dtstart", date(2026, 12, 1)),
                                                                       ("dtend", date(2026, 12, 2)))),
            EventSpec("u2", lang, odd, "冬至", ("a", "b,c"),
                      (("dtstart", datetime(2026, 12, 21, 15, 3, tzinfo=timezone.utc)),
                       ("duration", timedelta(minutes=1)))),
            EventSpec("u3", lang, "吉時 " + odd, odd, ("x",),
                      (("dtstart", datetime(2026, 12, 1, 23, 0, tzinfo=zone)),
                       ("dtend", datetime(2026, 12, 2, 1, 0, tzinfo=zone))), (15, "u4")),
        ]
    return out


def _specs_agree() -> bool:
    """Whether :func:`_direct` writes a probe set of events as icalendar does, slot by slot."""
    for spec in _probe_specs():
        fast, ref = _direct(spec), EventText(spec.component())
        if fast is None or any(getattr(fast, k) != getattr(ref, k) for k in EventText.__slots__):
            return False
    return True


_SPECS_DIRECT = _specs_agree()       # another icalendar version writes them otherwise: follow it


def event_text(spec: EventSpec) -> EventText:
    """The text of the event ``spec`` describes: byte for byte ``EventText(spec.component())``,
    written line by line without building the component (``Component.add`` parses and checks
    every value: most of a fresh night's feed time), or by icalendar when a value is of another
    kind or the installed icalendar writes the probe events otherwise."""
    if _SPECS_DIRECT:
        out = _direct(spec)
        if out is not None:
            return out
    return EventText(spec.component())


def calendar_bytes(cal: icalendar.Calendar, events: list[bytes]) -> bytes:
    """``cal.to_ical()`` of ``cal`` with the ``events`` (their texts) added before its own
    subcomponents, as ``add_component`` would put them (no component is built for them)."""
    head = cal.property_items(recursive=False)[:-1]            # BEGIN and the properties
    out = [lines_bytes([cal.content_line(name, value) for name, value in head])]
    out += events
    out += [component_bytes(comp) for comp in cal.subcomponents]
    out.append(_edge(cal, "END"))
    return b"".join(out)


__all__ = ["EventSpec", "EventText", "calendar_bytes", "component_bytes", "event_text", "fold",
           "lines_bytes"]
