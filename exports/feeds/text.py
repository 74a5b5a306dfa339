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

import functools
import re

import icalendar
from icalendar import parser as _parser
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


def calendar_bytes(cal: icalendar.Calendar, events: list[bytes]) -> bytes:
    """``cal.to_ical()`` of ``cal`` with the ``events`` (their texts) added before its own
    subcomponents, as ``add_component`` would put them (no component is built for them)."""
    head = cal.property_items(recursive=False)[:-1]            # BEGIN and the properties
    out = [lines_bytes([cal.content_line(name, value) for name, value in head])]
    out += events
    out += [component_bytes(comp) for comp in cal.subcomponents]
    out.append(_edge(cal, "END"))
    return b"".join(out)


__all__ = ["EventText", "calendar_bytes", "component_bytes", "fold", "lines_bytes"]
