"""``/feeds/이사.ics`` and ``/feeds/결혼.ics``: the feeds of the day tasks over HTTP.

A day task's name (이사 移徙 moving, 결혼 嫁娶 wedding, any of their names) in a feed URL gives its
day feed (``almanac.exports.feeds.days``), as ``/api/best?task=…`` ranks its days; ``by=hour``
keeps the hour feed of a name that is also an hour task (결혼 → the 婚姻 hours), as in
``/api/best``. The day feed reads ``born``/``sex``, ``partner_born``/``partner_sex``,
``direction`` (a move's), ``kind`` (good days or days to avoid), ``alarm``, ``tz``, ``lang`` and
the request's place, clock, lunar calendar and school. A rendered feed is kept until the next
midnight of its zone in a bounded cache and rendered once however many ask at once (in a worker
process when the service has them); it answers with a strong ETag, 304 and gzip like every feed.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from datetime import time as dtime
from zoneinfo import ZoneInfo

from almanac.lru import SizedCache
from almanac.exports.feeds import days as day_feeds
from almanac.exports.http.caching import FeedEntry

#: rendered day feeds by request: bytes-bounded (a day feed is about 50–120 kB)
_entries = SizedCache(16 * 1024 * 1024)


def clear_cache() -> None:
    """Forget the rendered day feeds."""
    global _entries
    _entries = SizedCache(_entries.max_bytes)


def wants_days(task: str, by: "str | None") -> bool:
    """Whether a feed URL naming ``task`` asks for days (``api.everyday.by_day``): a day task's
    name unless ``by=hour``; ``by=day`` with an hour task, or a bad ``by``, is bad input."""
    from almanac.api.everyday import by_day
    return by_day(task, by)


def render_day_entry(task: str, tz, lang, cfg, max_age: int, asked: dict) -> FeedEntry:
    """A day feed rendered, ready to send until the next midnight of its zone. A module function
    of picklable arguments: it runs in the server or in a worker process alike."""
    a = day_feeds.ask(task, tz, lang, cfg, **asked)
    feed = day_feeds.rolling_day_feed(task, a.tz, a.lang, cfg, **asked)
    today = datetime.now(ZoneInfo(a.tz)).date()
    expires = datetime.combine(today + timedelta(days=1), dtime(0), ZoneInfo(a.tz)).timestamp()
    return FeedEntry(feed, a.task, max_age, expires)


async def day_feed_entry(task: str, tz, lang, cfg, max_age: int, limiter, asked: dict) -> FeedEntry:
    """The day feed's entry: from the cache while its day lasts, else rendered once for every
    identical request (a request's parts are checked first: a bad one is a 400 before any work)."""
    import time
    a = day_feeds.ask(task, tz, lang, cfg, **asked)
    key = (a, cfg.digest)
    entry = _entries.get(key)
    if entry is not None and entry.expires > time.time():
        return entry
    entry = await limiter.call_shared(("day feed", key), "feed variant", render_day_entry,
                                      task, a.tz, a.lang, cfg, max_age, asked)
    _entries.put(key, entry, len(entry.body) + len(entry.gz) + 2048)
    return entry
