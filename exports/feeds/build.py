"""Building one feed: ``build_feed`` checks the request (task, dates, zone, language, alarm,
person; the size limits), gathers each day's event texts (``memo``: kept, or built by the
``events.Builder``), cuts the horizon to ``[feeds] max_events``/``max_bytes``, stamps the events
from the ledger (``ledger``) and writes the calendar (``ics``) — a ``Feed``: its bytes, ETag and
Last-Modified.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from almanac import config as config_mod
from almanac.calendar import parse_date
from almanac.errors import BadInput, field
from almanac.exports import source
from almanac.exports.feeds import ledger, memo, params, text
from almanac.exports.feeds import labels as L
from almanac.exports.feeds.events import Builder

_HEADER_RESERVE = 6_000  # octets kept for the calendar properties and the VTIMEZONE
#: days whose documents and judgements ``build_feed`` reads at once (a rolling horizon: all of it)
_READ_DAYS = 366


@dataclass(frozen=True)
class Feed:
    """One built feed: its bytes and what the HTTP layer needs to serve them."""

    body: bytes
    etag: str
    last_modified: datetime
    events: int
    start: date
    end: date


def build_feed(task: str, start, end, tz: str | None = None, lang: str | None = None,
               alarm: int | None = None, config=None, *, strict: bool = True, place=None, clock=None,
               lunar=None, school=None, born=None, sex=None) -> Feed:
    """The feed of ``task`` from ``start`` to ``end`` (inclusive dates, in ``tz``).

    With ``strict`` a range over ``[feeds] max_events``/``max_bytes`` is bad input; otherwise the
    horizon is cut at the last whole day that fits. ``place``, ``clock``, ``lunar`` and ``school``
    are the request's choices (``almanac.api.choices``); ``born`` and ``sex`` make it a person's
    feed (``almanac.judgement.person``): its hours judged with their 本命 and 行年.
    """
    from almanac.api.choices import apply
    from almanac.judgement.person import parse_person
    cfg = apply(config_mod.load(config), place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    tz = params.check_tz(tz or cfg["calendar"]["default_tz"])
    lang = L.check_lang(lang)
    alarm = params.check_alarm(alarm)
    person = parse_person(born, sex)
    task = source.check_task(task, cfg)
    s, e = parse_date(start), parse_date(end)
    if e < s:
        f, t = field("from"), field("to")       # --from on the command line, from= over HTTP
        raise BadInput(f"{t} {e} is before {f} {s}",
                       zh=f"結束日期 {t} {e} 早於起始日期 {f} {s}",
                       ko=f"종료 날짜가 시작 날짜보다 앞섭니다: {t} {e}, {f} {s}")
    opts = params.feeds_options(cfg)
    max_events = int(opts.get("max_events", 1000))
    max_bytes = int(opts.get("max_bytes", 900_000))
    if (e - s).days > 3660:
        raise BadInput(f"range {s}..{e} is longer than 10 years; a feed holds at most {max_events} events",
                       zh=f"範圍 {s}..{e} 超過 10 年；一個訂閱源最多容納 {max_events} 個事件",
                       ko=f"기간이 10년보다 깁니다: {s}..{e} (피드 하나에는 일정이 최대 {max_events}개까지 들어갑니다)")
    days = (e - s).days + 1
    if strict and days > max_events:
        # every day has its day event: refused before a day is computed
        raise BadInput(f"the feed for {s}..{e} would exceed {max_events} events ({days} days, an event "
                       f"each at least); ask for a shorter range",
                       zh=f"{s}..{e} 的訂閱源將超過 {max_events} 個事件（{days} 天，每天至少一個事件）；請縮短範圍",
                       ko=f"피드가 한도를 넘습니다: {s}..{e} (일정 {max_events}개; {days}일, 하루에 일정이 "
                          f"적어도 하나). 더 짧은 기간을 지정하십시오")
    b = Builder(task, tz, lang, alarm, cfg, person)
    b.span = (s, e)
    # the stamps ledger (in the store on PostgreSQL) is needed at the end: a database that is
    # down fails the build now, not after its days were computed
    ledger.stamps_for(cfg).ready()
    dates = source._dates(s, e, tz, cfg)    # a date the zone skipped whole is left out
    # the days the store holds current are known by their rows' checksums: their kept texts are
    # found without reading (or unpacking) a row; only the other days are read, in one range
    tagged = memo.stored_keys(b, s, e)
    found = memo.kept_many(tagged)
    content: dict = {}
    texts: list[text.EventText] = []
    size, last = _HEADER_RESERVE, s - timedelta(days=1)
    for i, d in enumerate(dates):
        evs = found.get(d)
        if evs is None:
            if d not in content:   # read a year at a time: a range over the limits stops early
                content.update(memo.read_content(b, [x for x in dates[i:i + _READ_DAYS] if x not in found]))
            day, judged = content.pop(d)
            evs = memo.day_texts(b, day, judged, tagged.get(d))
        add = sum(len(t.plain) + 120 for t in evs)  # + DTSTAMP/LAST-MODIFIED/SEQUENCE
        if len(texts) + len(evs) > max_events or size + add > max_bytes:
            if strict:
                raise BadInput(f"the feed for {s}..{e} would exceed {max_events} events or "
                               f"{max_bytes} bytes (reached by {d}); ask for a shorter range",
                               zh=f"{s}..{e} 的訂閱源將超過 {max_events} 個事件或 {max_bytes} 位元組"
                                  f"（在 {d} 超出）；請縮短範圍",
                               ko=f"피드가 한도를 넘습니다: {s}..{e} (일정 {max_events}개 또는 {max_bytes}바이트, "
                                  f"{d}에서 초과). 더 짧은 기간을 지정하십시오")
            break
        texts += evs
        size += add
        last = d
    # each event's text is written once: its size above, its digest here, the feed below
    stamps = ledger.resolve_digests(cfg, b.variant, {t.uid: hashlib.sha256(t.plain).hexdigest() for t in texts})
    body = b.calendar_text(texts, stamps)
    lm = max((st for st, _ in stamps.values()), default=datetime(2000, 1, 1, tzinfo=timezone.utc))
    return Feed(body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"', lm, len(texts), s, last)

