"""The published feed, served: ``rolling_feed`` is the rolling horizon around today
(``[feeds] past_days``/``future_days``) built once per task, zone, language, alarm, day, config
and person and kept in a bounded cache of this process, one build at a time per key.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import date

from almanac import config as config_mod
from almanac.exports import source
from almanac.exports.feeds import build, params
from almanac.exports.feeds import labels as L

#: built rolling feeds, most recently used last; at most ``_CACHE_MAX`` (a feed is ≤ ``max_bytes``),
#: so no number of distinct variants asked for grows the process without bound
_CACHE_MAX = 32
_cache: "OrderedDict[tuple, build.Feed]" = OrderedDict()
_cache_lock = threading.Lock()
_build_locks: dict[tuple, threading.Lock] = {}


def rolling_feed(task: str, tz: str | None = None, lang: str | None = None, alarm: int | None = None,
                 config=None, today: date | None = None, *, place=None, clock=None, lunar=None,
                 school=None, born=None, sex=None) -> build.Feed:
    """The published feed: the rolling horizon around ``today`` (in ``tz``), cut to the size
    limits, cached per (task, tz, lang, alarm, horizon day, config digest, person); the config
    digest covers the request's place, clock, lunar calendar and school."""
    from almanac.api.choices import apply
    from almanac.judgement.person import parse_person
    cfg = apply(config_mod.load(config), place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    tz = params.check_tz(tz or cfg["calendar"]["default_tz"])
    lang = L.check_lang(lang)
    alarm = params.check_alarm(alarm)
    person = parse_person(born, sex)
    today = today or params.today_in(tz)
    key = (task, tz, lang, alarm, today, cfg.digest, person)
    hit = _cache.get(key)
    if hit is not None:
        with _cache_lock:
            if key in _cache:
                _cache.move_to_end(key)
        return hit
    task = source.check_task(task, cfg)
    with _cache_lock:
        lock = _build_locks.setdefault(key, threading.Lock())
    with lock:
        hit = _cache.get(key)
        if hit is None:
            s, e = params.horizon(today, cfg)
            hit = build.build_feed(task, s, e, tz, lang, alarm, cfg, strict=False,
                                   **({} if person is None else {"born": person.birth_year, "sex": person.sex}))
            with _cache_lock:
                for k in [k for k in _cache if k[4] != today]:
                    _cache.pop(k, None)  # yesterday's horizons
                _cache[key] = hit
                while len(_cache) > _CACHE_MAX:
                    _cache.popitem(last=False)
                _build_locks.pop(key, None)
    return hit
