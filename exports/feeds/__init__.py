"""iCalendar feeds: per task, the good hours, each day's 禽 and taboos, and solar-term instants.

``build_feed(task, start, end, tz, lang, alarm, config)`` returns the RFC 5545 bytes of one feed;
``rolling_feed(...)`` builds the published rolling horizon (``[feeds] past_days``/``future_days``,
cut to ``max_events``/``max_bytes``); ``write_feeds(out_dir, config)`` writes every task × language
for the nightly job. What the feeds do for real clients (docs/feeds.md):

- generated with ``icalendar`` (CRLF, octet folding), ``VERSION``/``PRODID``/``CALSCALE``/``METHOD``;
- hour events carry ``TZID`` with a generated ``VTIMEZONE`` and an exclusive ``DTEND`` at the next
  branch boundary; day events are ``VALUE=DATE`` with ``DTEND`` the next day; solar terms are
  UTC instants with ``DURATION:PT1M``; no floating times anywhere;
- UIDs are ``uuid5`` of a logical key (``{task}/{lang}/{tz}`` namespace + ``day/DATE``,
  ``term/YEAR/NAME``, ``hour/DATE/BRANCH``) — stable when the window shifts;
- ``DTSTAMP``/``LAST-MODIFIED``/``SEQUENCE`` come from when the event's content last changed
  (``stamps.Stamps``), so an unchanged build is byte-identical;
- ``NAME``/``X-WR-CALNAME``, ``DESCRIPTION``/``X-WR-CALDESC``, ``REFRESH-INTERVAL``,
  ``X-PUBLISHED-TTL``, ``COLOR``, ``TRANSP:TRANSPARENT``, ``X-MICROSOFT-CDO-BUSYSTATUS:FREE``,
  ``CATEGORIES``, ``LANGUAGE`` parameters; an optional ``VALARM`` (``alarm`` minutes before).

The package is this front door; the work is done by its modules, one job each:

- ``params``: the ``[feeds]`` options, the feed's kind and banner, the checks of zone and alarm,
  the rolling horizon;
- ``names``: the UIDs' namespace and how the request's choices and person name a feed;
- ``words``: what an event says of a day and an hour; ``labels``: the feeds' vocabulary;
- ``events``: which days and hours become events (``Builder``), each as a ``text.EventSpec``;
- ``text``: an event's iCalendar text written directly; ``ics``: the calendar around the events
  (its properties, stamps and VTIMEZONEs);
- ``stamps``: the ledger of when each event last changed; ``ledger``: which ledger a feed uses,
  and its events' stamps resolved from it;
- ``memo``: each day's event texts built once (in memory, and on disk via ``kept``), and the
  store read once per nightly run;
- ``build``: one feed built (``build_feed``); ``rolling``: the published horizon, cached
  (``rolling_feed``); ``nightly``: every feed written (``write_feeds``).
"""
from __future__ import annotations

from almanac.exports.feeds import labels as L  # noqa: F401  (callers read the vocabulary as feeds.L)
from almanac.exports.feeds import build, events, ics, kept, ledger, memo, names, nightly, params, rolling, text
from almanac.exports.feeds.build import Feed, build_feed
from almanac.exports.feeds.events import Builder
from almanac.exports.feeds.ics import PRODID, ZONE_FIRST, ZONE_LAST, zone_span
from almanac.exports.feeds.ledger import resolve_stamps, stamps_for
from almanac.exports.feeds.names import UID_NAMESPACE, choices_text, person_label
from almanac.exports.feeds.nightly import atomic_write, kept_path, write_feeds
from almanac.exports.feeds.params import (FEED_KINDS, check_alarm, check_tz, feed_kind, feeds_options, horizon,
                                          today_in, with_kind)
from almanac.exports.feeds.rolling import rolling_feed
from almanac.exports.feeds.stamps import Stamps
from almanac.exports.feeds.words import (AVOID_WORD, active_flags, avoid_title, chart_of, day_lines, day_summary,
                                         everyday_lines, hour_title, hour_word, instant_text, keti_of, lunar_text,
                                         reason_text, verdict_text)

__all__ = [
    # building, serving and writing feeds
    "Feed", "build_feed", "rolling_feed", "write_feeds", "kept_path", "atomic_write",
    # a feed's parameters and names
    "FEED_KINDS", "feed_kind", "with_kind", "feeds_options", "horizon", "today_in", "check_tz", "check_alarm",
    "UID_NAMESPACE", "choices_text", "person_label",
    # its events, calendar and stamps
    "Builder", "PRODID", "ZONE_FIRST", "ZONE_LAST", "zone_span", "Stamps", "stamps_for", "resolve_stamps",
    # what an event says (feeds.words)
    "AVOID_WORD", "active_flags", "avoid_title", "chart_of", "day_lines", "day_summary", "everyday_lines",
    "hour_title", "hour_word", "instant_text", "keti_of", "lunar_text", "reason_text", "verdict_text",
    # the modules
    "L", "build", "events", "ics", "kept", "ledger", "memo", "names", "nightly", "params", "rolling", "text",
]
