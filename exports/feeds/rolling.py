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

class HorizonCache:
    """Feeds of the rolling horizon built in this process, by (horizon day, request): most recently
    used last, at most ``most`` of them (a feed is ≤ ``max_bytes``, so no number of distinct
    variants asked for grows the process without bound), yesterday's dropped when today's is
    built, and one build at a time per key — identical requests that arrive together share it."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.feeds: "OrderedDict[tuple, build.Feed]" = OrderedDict()
        self.lock = threading.Lock()
        self.building: dict[tuple, threading.Lock] = {}

    def get(self, today: date, request: tuple, make) -> "build.Feed":
        """The feed of ``request`` for ``today``, built by ``make()`` unless kept."""
        key = (today, *request)
        hit = self.feeds.get(key)
        if hit is not None:
            with self.lock:
                if key in self.feeds:
                    self.feeds.move_to_end(key)
            return hit
        with self.lock:
            lock = self.building.setdefault(key, threading.Lock())
        with lock:
            hit = self.feeds.get(key)
            if hit is None:
                try:
                    hit = make()
                    with self.lock:
                        for k in [k for k in self.feeds if k[0] != today]:
                            self.feeds.pop(k, None)  # yesterday's horizons
                        self.feeds[key] = hit
                        while len(self.feeds) > self.most:
                            self.feeds.popitem(last=False)
                finally:
                    with self.lock:
                        self.building.pop(key, None)
        return hit

    def clear(self) -> None:
        with self.lock:
            self.feeds.clear()


#: built rolling feeds (see ``HorizonCache``); ``_cache`` and ``_build_locks`` are its parts
_CACHE_MAX = 32
_horizon = HorizonCache(_CACHE_MAX)
_cache = _horizon.feeds
_build_locks = _horizon.building


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

    def make() -> build.Feed:
        s, e = params.horizon(today, cfg)
        return build.build_feed(source.check_task(task, cfg), s, e, tz, lang, alarm, cfg, strict=False,
                                **({} if person is None else {"born": person.birth_year, "sex": person.sex}))
    return _horizon.get(today, (task, tz, lang, alarm, cfg.digest, person), make)
