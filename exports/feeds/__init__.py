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
"""
from __future__ import annotations

import functools
import hashlib
import json
import threading
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar

from almanac import config as config_mod
from almanac.calendar import parse_date
from almanac.errors import BadInput, field
from almanac.judgement.explain import localize, summary_body
from almanac.exports import source, written
from almanac.exports.feeds import kept
from almanac.exports.feeds import labels as L
from almanac.exports.feeds import text
from almanac.exports.feeds.stamps import Stamps
from almanac.exports.feeds.words import (  # noqa: F401  (the reports read them from here too)
    AVOID_WORD, active_flags, avoid_title, chart_of, day_lines, day_summary, everyday_lines, hour_title, hour_word,
    instant_text, keti_of, lunar_text, reason_text, verdict_text)

#: the namespace of every UID (a fixed random UUID: no host or user data, RFC 7986 §5.3)
UID_NAMESPACE = uuid.UUID("6f1c3c1e-5b0e-4d7b-9a55-2b1f3e8f6a01")
PRODID = "-//renqin-almanac//壬禽 almanac feeds 1//EN"
_HEADER_RESERVE = 6_000  # octets kept for the calendar properties and the VTIMEZONE


@dataclass(frozen=True)
class Feed:
    """One built feed: its bytes and what the HTTP layer needs to serve them."""

    body: bytes
    etag: str
    last_modified: datetime
    events: int
    start: date
    end: date


def feeds_options(cfg) -> dict:
    return dict(cfg["feeds"]) if "feeds" in cfg else {}


def _stamps_for(cfg) -> Stamps:
    """The stamps ledger: in the store when the store is PostgreSQL (shared by every worker and
    machine serving it), else the SQLite file ``[feeds] stamps_file`` in the data folder."""
    opts = feeds_options(cfg)
    name = opts.get("stamps_file", "feed-stamps.sqlite3")
    url = _shared_store_url(cfg) if name else None
    key = url or (str(source.data_dir() / name) if name else "")
    with _stamps_lock:
        if key not in _stamps_cache:
            if url:
                from almanac.exports.feeds.stamps import StoreStamps
                from almanac.exports.store.db import get_engine
                _stamps_cache[key] = StoreStamps(get_engine(url, config=cfg))
            else:
                _stamps_cache[key] = Stamps(key or None)
        return _stamps_cache[key]


def _shared_store_url(cfg) -> str | None:
    """The store's URL when it is a PostgreSQL database, else None."""
    if source._backend() is None:
        return None
    from almanac.exports.store.db import resolve_url
    url = resolve_url(None, cfg)
    return url if url.startswith("postgresql") else None


_stamps_lock = threading.Lock()
_stamps_cache: dict[str, Stamps] = {}


def _uid(namespace: str, key: str) -> str:
    return str(uuid.uuid5(UID_NAMESPACE, f"{namespace}/{key}"))


def _dt(iso: str, tz: ZoneInfo) -> datetime:
    return datetime.fromisoformat(iso).astimezone(tz)


#: what ``kind`` (``[feeds] kind``, ``kind=``, ``--kind``) may be
FEED_KINDS = ("good", "avoid")


def feed_kind(cfg) -> tuple[str, bool]:
    """``([feeds] kind, [feeds] banner)`` of ``cfg``, checked."""
    opts = feeds_options(cfg)
    return _check_kind(opts.get("kind", "good")), bool(opts.get("banner", True))


def _check_kind(kind) -> str:
    """``kind`` when it is a feed kind, else bad input naming the kinds."""
    if kind not in FEED_KINDS:
        raise BadInput(f"{field('kind')} {kind!r} is not a feed kind; accepted: good, avoid",
                       zh=f"不是訂閱源種類：{field('kind')} {kind!r}（可用：good 吉時、avoid 應避之時）",
                       ko=f"피드 종류가 아닙니다: {field('kind')} {kind!r} (가능한 값: good 좋은 시, avoid 피할 시)")
    return kind


def with_kind(cfg, kind: "str | None" = None, banner: "bool | None" = None):
    """``cfg`` with a feed's ``kind`` and ``banner`` (a request's; None keeps the configuration's)."""
    over = {}
    if kind not in (None, ""):
        over["kind"] = _check_kind(kind)
    if banner is not None:
        over["banner"] = bool(banner)
    if not over or all(cfg["feeds"].get(k) == v for k, v in over.items()):
        return cfg
    return config_mod.derive(cfg, feeds=over)


def _rank(verdict: str, option: str) -> int:
    if verdict not in L.VERDICT_RANK:
        accepted = ", ".join(L.VERDICT_RANK)
        raise BadInput(f"[feeds] {option} = {verdict!r}; accepted: {accepted}",
                       zh=f"設定值無效：[feeds] {option} = {verdict!r}（可用：{accepted}）",
                       ko=f"설정 값이 올바르지 않습니다: [feeds] {option} = {verdict!r} (쓸 수 있는 값: {accepted})")
    return L.VERDICT_RANK[verdict]


class _Builder:
    def __init__(self, task: str, tz: str, lang: str, alarm: int | None, cfg, person=None):
        self.task, self.tz_name, self.lang, self.alarm, self.cfg = task, tz, lang, alarm, cfg
        self.person = person
        self.tz = ZoneInfo(tz)
        self.opts = feeds_options(cfg)
        # a person's feed is another calendar: its hours say other things than the plain feed's
        #: which hours become events ("good", "avoid": ``[feeds] kind``) and whether each day has
        #: its all-day event (``[feeds] banner``); another kind or no banner is another calendar
        self.kind, self.banner = feed_kind(cfg)
        self.ns = (f"feed/{task}/{lang}/{tz}" + _choices_ns(cfg) + _person_ns(person)
                   + ("/avoid" if self.kind == "avoid" else "") + ("" if self.banner else "/nobanner"))
        self.min_rank = _rank(self.opts.get("min_verdict", "吉"), "min_verdict")
        # a day's best hour is announced only when it is at least 吉: a feed never calls a bad hour good
        self.best_min_rank = max(_rank(self.opts.get("best_min_verdict", "吉"), "best_min_verdict"),
                                 L.VERDICT_RANK["吉"])
        self.best_per_day = int(self.opts.get("best_per_day", 1))
        #: what, besides the UIDs' namespace (task, language, zone), makes this feed's content
        #: differ from the plain feed's: its stamps are kept apart (see ``_resolve_stamps``)
        self.variant = "&".join(([] if alarm is None else [f"alarm={alarm}"])
                                + ([] if person is None else [_person_ns(person)[1:]]))
        #: the first and last dates of the feed's events (``build_feed`` sets it): the span its
        #: VTIMEZONE must cover; None reads it from the events (``calendar``)
        self.span: "tuple[date, date] | None" = None

    @functools.cached_property
    def task_label(self) -> str:
        """The task's name in the feed's language (made when a text needs it: a zh-Hans name is
        converted by zhconv, whose tables a run that builds nothing need not load)."""
        for t in source.tasks(self.cfg):
            if t["name"] == self.task:
                return L.task_label(t, self.lang)
        return self.task

    def _spec(self, uid: str, summary: str, description: str, categories: list[str], times,
              alarm: "tuple[int, str] | None" = None) -> text.EventSpec:
        return text.EventSpec(uid, self.lang, summary, description, tuple(categories), tuple(times),
                              alarm)

    def day_events(self, day: dict) -> list[icalendar.Event]:
        """The day's events as icalendar components (the feed itself writes their text directly,
        ``text.event_text``: the same bytes)."""
        return [spec.component() for spec in self.day_specs(day)]

    def hour_events(self, day: dict, judged: list[dict]) -> list[icalendar.Event]:
        """The chosen hours' events as icalendar components (see ``day_events``)."""
        return [spec.component() for spec in self.hour_specs(day, judged)]

    def day_specs(self, day: dict) -> list[text.EventSpec]:
        lang = self.lang
        d = date.fromisoformat(day["date"])
        convention = L.label("convention" if self.cfg["calendar"]["day_boundary"] == "zi"
                             else "convention_midnight", lang)
        convention = convention[:1].upper() + convention[1:]     # a line of its own
        out = [] if not self.banner else [self._spec(_uid(self.ns, f"day/{d.isoformat()}"), day_summary(day, lang),
                          "\n".join(day_lines(day, lang) + [convention]),
                          [L.label("almanac", lang), L.label("day", lang)],
                          (("dtstart", d), ("dtend", d + timedelta(days=1))))]
        for t in day.get("solar_terms") or []:
            at = datetime.fromisoformat(t["at"])
            name = L.term(t["name"], lang)
            local = at.astimezone(self.tz)
            out.append(self._spec(
                _uid(self.ns, f"term/{local.year}/{t['name']}"), f"{L.label('term', lang)} {name}",
                f"{name}\n{L.label('instant', lang)}{L.colon(lang)}{instant_text(local)} ({self.tz_name})\n"
                f"UTC{L.colon(lang)}{instant_text(at.astimezone(timezone.utc))}",
                [L.label("almanac", lang), L.label("term", lang)],
                (("dtstart", at.astimezone(timezone.utc).replace(microsecond=0)),
                 ("duration", timedelta(minutes=1)))))
        return out

    def chosen_hours(self, judged: list[dict]) -> list[dict]:
        """The hours of one day that become events, in time order: every hour whose verdict is at
        least ``min_verdict`` (a "good hour"), plus the day's ``best_per_day`` best-scored hours
        whose verdict is at least ``best_min_verdict`` (a "day's best hour", so a feed still shows
        the better hours on days with no 吉 hour). Hours vetoed for the task are never chosen."""
        usable = [j for j in judged if not j.get("vetoed")]
        chosen = {id(j) for j in usable if L.VERDICT_RANK.get(j.get("verdict", ""), -1) >= self.min_rank}
        if self.best_per_day > 0:
            ranked = sorted((j for j in usable
                             if L.VERDICT_RANK.get(j.get("verdict", ""), -1) >= self.best_min_rank
                             and isinstance(j.get("score"), (int, float))),
                            key=lambda j: -float(j["score"]))  # stable: ties keep the earlier hour
            chosen |= {id(j) for j in ranked[:self.best_per_day]}
        return [j for j in usable if id(j) in chosen]

    def avoid_hours(self, day: dict, judged: list[dict]) -> list[dict]:
        """The hours of one day to avoid for the task, in time order: vetoed for it, judged 凶 or
        大凶, or under an hour taboo (暗金, 伏斷, 截路空亡)."""
        flagged = {h["branch"] for h in day.get("hours") or [] if active_flags(h.get("flags"))}
        return [j for j in judged if j.get("vetoed") or j.get("branch") in flagged
                or L.VERDICT_RANK.get(j.get("verdict", ""), 9) <= L.VERDICT_RANK["凶"]]

    def task_base(self) -> str:
        """The built-in task this feed's task reads as (its profile's ``base``)."""
        from almanac.judgement.score import task_profiles
        prof = task_profiles(self.cfg).get(self.task)
        return prof.base if prof is not None else self.task

    def hour_specs(self, day: dict, judged: list[dict]) -> list[text.EventSpec]:
        lang = self.lang
        by_branch = {h["branch"]: h for h in day.get("hours") or []}
        out = []
        avoid = self.kind == "avoid"
        for j in (self.avoid_hours(day, judged) if avoid else self.chosen_hours(judged)):
            verdict = j.get("verdict", "")
            good = L.VERDICT_RANK.get(verdict, -1) >= self.min_rank
            if "verdict" in j and j.get("reasons") is not None:
                # reasons (in the words that speak to the task), citations and summary in the feed's language
                j = localize(j, lang, task=self.task_base())
            h = {**by_branch.get(j.get("branch"), {}), **j}
            start, end = _dt(h["start"], self.tz), _dt(h["end"], self.tz)
            tr, method = chart_of(h, day)
            vname = L.verdict_name(verdict, lang)
            summary = hour_title(verdict, self.task_label, h["branch"], lang, best=not good)
            if avoid:
                summary = avoid_title(h, self.task_label, lang)
            c = L.colon(lang)
            # the verdict and its score in the one form every reader meets them in, the score named
            lines = [f"{L.label('verdict', lang)}{c}"
                     f"{L.verdict_score(verdict, h.get('score', ''), lang, named=True)}"]
            if "verdict" in j and j.get("reasons") is not None:
                # what favours and threatens the hour; its verdict and score are the line above
                lines.append(summary_body(h["reasons"], lang, h.get("vetoes") or ()))
            elif h.get("summary"):
                lines.append(h["summary"])
            if h.get("pillar"):
                lines.append(f"{L.label('hour_pillar', lang)}{c}{L.term(h['pillar'], lang)}")
            if h.get("mansion"):
                lines.append(f"{L.label('mansion', lang)}{c}{L.term(h['mansion'], lang)}")
            if tr:
                lines.append(f"{L.label('transmissions', lang)}{c}{L.term(''.join(tr), lang)} · "
                             f"{L.label('method', lang)}{c}"
                             f"{L.term(method, lang)}")
            keti = keti_of(h)
            if keti:
                # a good hour's grim-sounding form (災厄, 天獄 …) is a name, not its verdict
                lines.append(f"{L.label('keti', lang)}{c}{L.term_list(keti, lang)}")
                if good:
                    lines.append(L.label("keti_note", lang).strip())
            flags = [L.flag_name(f, lang) for f in active_flags(h.get("flags"))]
            if flags:
                lines.append(f"{L.label('flags', lang)}{c}{L.joined(flags, lang)}")
            reasons = h.get("reasons") or []
            if reasons:
                lines.append(f"{L.label('reasons', lang)}{c.rstrip()}")
                lines += [f"- {reason_text(r, lang)}" for r in reasons]
            alarm = None if self.alarm is None else (
                self.alarm, _uid(self.ns, f"alarm/{self.alarm}/{day['date']}/{h['branch']}"))
            out.append(self._spec(_uid(self.ns, f"hour/{day['date']}/{h['branch']}"), summary,
                                  "\n".join(lines), [L.label("almanac", lang), self.task_label, vname],
                                  (("dtstart", start), ("dtend", end)), alarm))
        return out

    def calendar(self, events: list[icalendar.Event], stamps: dict, zones: bool = True
                 ) -> icalendar.Calendar:
        """The feed's calendar around ``events`` (stamped here); without ``zones`` its VTIMEZONE
        is left for the caller to add."""
        lang, opts = self.lang, self.opts
        name = f"{L.label('calname', lang)} · {self.task_label}"
        if self.kind == "avoid":      # beside the good-hours calendar, told apart by its name
            name += f" · {AVOID_WORD[lang]}"
        desc = L.label("caldesc", lang).format(task=self.task_label)
        school, school_label = _school_label(self.cfg, lang)
        if school != "default":
            name += f" · {school_label}"
        if self.person is not None:
            name += f" · {person_label(self.person, lang)}"
            desc += " " + L.label("person_desc", lang).format(person=person_label(self.person, lang))
        desc += " " + choices_text(self.cfg, lang)
        cal = icalendar.Calendar()
        cal.add("prodid", PRODID)
        cal.add("version", "2.0")
        cal.add("calscale", "GREGORIAN")
        cal.add("method", "PUBLISH")
        cal.add("uid", _uid(self.ns, "calendar"))
        cal.add("name", name, parameters={"LANGUAGE": lang})
        cal.add("x-wr-calname", name)
        cal.add("description", desc, parameters={"LANGUAGE": lang})
        cal.add("x-wr-caldesc", desc)
        cal.add("x-wr-timezone", self.tz_name)
        cal.add("x-almanac-school", school)
        cal.add("x-almanac-clock", self.cfg["calendar"]["time_basis"])
        if self.cfg["calendar"].get("place"):
            cal.add("x-almanac-place", self.cfg["calendar"]["place"])
        refresh = opts.get("refresh_interval", "P1D")
        cal.add("refresh-interval", icalendar.vDuration.from_ical(refresh), parameters={"VALUE": "DURATION"})
        cal.add("x-published-ttl", refresh)
        cal.add("color", opts.get("color", "crimson"))
        base = (opts.get("base_url") or "").rstrip("/")
        if base:
            cal.add("source", f"{base}/feeds/{self.task}.ics?tz={self.tz_name}&lang={lang}"
                    + _choices_query(self.cfg) + _person_query(self.person), parameters={"VALUE": "URI"})
            cal.add("url", f"{base}/", parameters={"VALUE": "URI"})
        if stamps:
            cal.add("last-modified", max(s for s, _ in stamps.values()))
        for ev in events:
            stamp, seq = stamps[str(ev["uid"])]
            ev.add("dtstamp", stamp)
            ev.add("last-modified", stamp)
            ev.add("sequence", seq)
            cal.add_component(ev)
        if zones:
            self._zones(cal, zone_span(*(self.span or _events_span(events))))
        return cal

    def _zones(self, cal: icalendar.Calendar, span: tuple[date, date]) -> None:
        # The feed's own zone is always declared, whether or not this window has a timed hour:
        # X-WR-TIMEZONE names it, and clients (Outlook) expect the VTIMEZONE beside it.
        cal.add_component(_vtimezone(self.tz_name, *span))
        cal.add_missing_timezones(*span)

    def calendar_text(self, texts: "list[text.EventText]", stamps: dict) -> bytes:
        """``calendar(events, stamps).to_ical()`` from the events' texts (each written once),
        with only their stamp lines added."""
        cal = self.calendar([], stamps, zones=False)
        span = zone_span(*self.span) if self.span else (ZONE_FIRST, ZONE_LAST)
        events = [t.stamped(*stamps[t.uid]) for t in texts]
        missing = frozenset().union(*(t.tzids for t in texts)) - {"UTC", self.tz_name}
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
        return text.calendar_bytes(cal, events + [_vtimezone_text(self.tz_name, *span)])


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
def _vtimezone_text(tz_name: str, first: date = ZONE_FIRST, last: date = ZONE_LAST) -> bytes:
    """The text of ``_vtimezone(tz_name, first, last)`` as a feed holds it, written once."""
    return text.component_bytes(_vtimezone(tz_name, first, last))


def _vtimezone(tz_name: str, first: date = ZONE_FIRST, last: date = ZONE_LAST) -> icalendar.Timezone:
    """The generated VTIMEZONE of ``tz_name`` over ``first`` .. ``last`` (cached: generating it
    walks the zone's history)."""
    return icalendar.Timezone.from_ical(_vtimezone_bytes(tz_name, first, last))


def _digest(ev: icalendar.Event) -> str:
    return hashlib.sha256(ev.to_ical()).hexdigest()


def _resolve_stamps(cfg, variant: str, events: list[icalendar.Event]) -> dict[str, tuple[datetime, int]]:
    """``uid → (stamp, sequence)`` of ``events`` from the ledger, kept per feed content: a
    variant (an alarm, …) shares its events' UIDs with the plain feed but not their content, so
    its ledger rows are keyed ``UID|variant`` — asking for a variant never re-stamps the plain
    feed (the plain feed keeps the bare UID keys it always had)."""
    return _resolve_digests(cfg, variant, {str(ev["uid"]): _digest(ev) for ev in events})


def _resolve_digests(cfg, variant: str, digests: dict[str, str]) -> dict[str, tuple[datetime, int]]:
    """``_resolve_stamps`` from each event's ``uid → digest`` of its text."""
    keys = {uid: (f"{uid}|{variant}" if variant else uid) for uid in digests}
    resolved = _stamps_for(cfg).resolve({keys[uid]: d for uid, d in digests.items()})
    return {uid: resolved[key] for uid, key in keys.items()}


def _school_label(cfg, lang: str) -> tuple[str, str]:
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


def _choices_ns(cfg) -> str:
    """UID namespace suffix: feeds of other places, clocks or schools are other calendars (their
    events must not share UIDs); the default feed keeps the UIDs it always had."""
    given = _choices_given(cfg)
    return "".join(f"/{k}={v}" for k, v in sorted(given.items()))


def _choices_query(cfg) -> str:
    from urllib.parse import urlencode
    given = _choices_given(cfg)
    return ("&" + urlencode(given)) if given else ""


def _person_ns(person) -> str:
    """UID namespace suffix of a person's feed (``/person=1984f``); nothing for the plain feed."""
    return "" if person is None else f"/person={person.birth_year}{person.sex}"


def _person_query(person) -> str:
    return "" if person is None else f"&born={person.birth_year}&sex={person.sex}"


def person_label(person, lang: str) -> str:
    """「1984年生 女命」, 「1984년생 여성」, "born 1984, female" — whom a feed is for."""
    return L.label("person", lang).format(year=person.birth_year, sex=L.label("sex_" + person.sex, lang))


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
    tz = check_tz(tz or cfg["calendar"]["default_tz"])
    lang = L.check_lang(lang)
    alarm = check_alarm(alarm)
    person = parse_person(born, sex)
    task = source.check_task(task, cfg)
    s, e = parse_date(start), parse_date(end)
    if e < s:
        f, t = field("from"), field("to")       # --from on the command line, from= over HTTP
        raise BadInput(f"{t} {e} is before {f} {s}",
                       zh=f"結束日期 {t} {e} 早於起始日期 {f} {s}",
                       ko=f"종료 날짜가 시작 날짜보다 앞섭니다: {t} {e}, {f} {s}")
    opts = feeds_options(cfg)
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
    b = _Builder(task, tz, lang, alarm, cfg, person)
    b.span = (s, e)
    # the stamps ledger (in the store on PostgreSQL) is needed at the end: a database that is
    # down fails the build now, not after its days were computed
    _stamps_for(cfg).ready()
    dates = source._dates(s, e, tz, cfg)    # a date the zone skipped whole is left out
    # the days the store holds current are known by their rows' checksums: their kept texts are
    # found without reading (or unpacking) a row; only the other days are read, in one range
    tagged = _stored_keys(b, s, e)
    found = _kept_many(tagged)
    content: dict = {}
    texts: list[text.EventText] = []
    size, last = _HEADER_RESERVE, s - timedelta(days=1)
    for i, d in enumerate(dates):
        evs = found.get(d)
        if evs is None:
            if d not in content:   # read a year at a time: a range over the limits stops early
                content.update(_read_content(b, [x for x in dates[i:i + _READ_DAYS] if x not in found]))
            day, judged = content.pop(d)
            evs = _day_texts(b, day, judged, tagged.get(d))
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
    stamps = _resolve_digests(cfg, b.variant, {t.uid: hashlib.sha256(t.plain).hexdigest() for t in texts})
    body = b.calendar_text(texts, stamps)
    lm = max((st for st, _ in stamps.values()), default=datetime(2000, 1, 1, tzinfo=timezone.utc))
    return Feed(body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"', lm, len(texts), s, last)


#: days whose documents and judgements ``build_feed`` reads at once (a rolling horizon: all of it)
_READ_DAYS = 366

#: the event texts of one day of one feed, by a digest of everything they are made of (the
#: feed's task, language, zone, alarm and config, and the day's and task's stored row checksums,
#: or for a day the store does not hold, its document and judged hours): a day already in last
#: night's feed is not built again. Bounded; bytes only.
_texts: "OrderedDict[bytes, tuple[text.EventText, ...]]" = OrderedDict()
_texts_lock = threading.Lock()
_TEXTS_MAX = 20_000


def _stored_keys(b: "_Builder", s: date, e: date) -> dict[date, bytes]:
    """The key of each day's texts for the days of ``s``…``e`` the store holds current for the
    feed's task: a digest of the feed's namespace, alarm and config and of the day's and the
    task's row checksums (``source.day_tags``, ``source.task_tags``), read once per run. A
    person's hours are never stored: their feed has none."""
    if b.person is not None:
        return {}
    tz, cfg = b.tz_name, b.cfg
    days = _read(("day_tags", s, e, tz, cfg.digest), lambda: source.day_tags(s, e, tz, cfg))
    if not days:
        return {}
    tasks = _read(("task_tags", b.task, s, e, tz, cfg.digest),
                  lambda: source.task_tags(b.task, s, e, tz, cfg))
    return {d: hashlib.sha256(json.dumps([b.ns, b.alarm, cfg.digest, "stored", tag,
                                          tasks[d]]).encode()).digest()
            for d, tag in days.items() if d in tasks}


def _read_content(b: "_Builder", dates: list[date]) -> dict[date, tuple[dict, list]]:
    """``{date: (day document, judged hours)}`` from the first to the last of ``dates``, each
    range read once per run for every feed that needs it."""
    s, e, tz, cfg, task, person = dates[0], dates[-1], b.tz_name, b.cfg, b.task, b.person
    days = _read(("days", s, e, tz, cfg.digest), lambda: source.get_range(s, e, tz, cfg))
    judged = _read(("judged", task, s, e, tz, cfg.digest, person),
                   lambda: source.judge_range(task, s, e, tz, cfg, person=person))
    out = {}
    for day in days:
        d = date.fromisoformat(day["date"])
        out[d] = (day, judged.get(d) or judged.get(day["date"]) or [])
    return out


def _kept_texts(key: bytes) -> "tuple[text.EventText, ...] | None":
    """The texts kept under ``key``: in this process, else in the file of earlier runs."""
    hit = _texts.get(key)
    if hit is None and _reads_kept() is not None:
        hit = _reads_kept().get(_on_disk(key))
        if hit is not None:
            _keep_in_memory(key, hit)
    return hit


def _kept_many(keys: dict) -> dict:
    """``{k: texts}`` of the ``{k: key}`` whose texts are kept (``_kept_texts`` of each, with
    the file read in a few queries)."""
    out = {k: hit for k, key in keys.items() if (hit := _texts.get(key)) is not None}
    disk = _reads_kept()
    if disk is not None and len(out) < len(keys):
        names = {_on_disk(key): (k, key) for k, key in keys.items() if k not in out}
        for name, texts in disk.get_many(list(names)).items():
            k, key = names[name]
            _keep_in_memory(key, texts)
            out[k] = texts
    return out


def _on_disk(key: bytes) -> bytes:
    return hashlib.sha256(key + kept.code_digest().encode()).digest()   # texts this code wrote


def _day_texts(b: "_Builder", day: dict, judged: list, key: bytes | None = None
               ) -> tuple[text.EventText, ...]:
    """The event texts of one day of ``b``'s feed, kept under ``key`` (see ``_stored_keys``) or,
    for a day the store does not hold, under a digest of its document and judged hours."""
    if key is None:
        key = hashlib.sha256(json.dumps([b.ns, b.alarm, b.cfg.digest, _json_digest(day),
                                         _json_digest(judged)]).encode()).digest()
    hit = _kept_texts(key)
    if hit is not None:
        return hit
    evs = tuple(text.event_text(spec) for spec in b.day_specs(day) + b.hour_specs(day, judged))
    _keep_in_memory(key, evs)
    if _reads_kept() is not None:
        _reads_kept().put(_on_disk(key), evs)
    return evs


def _keep_in_memory(key: bytes, evs: tuple) -> None:
    with _texts_lock:
        _texts[key] = evs
        while len(_texts) > _TEXTS_MAX:
            _texts.popitem(last=False)


def _json_digest(value) -> str:
    """The sha256 of ``value``'s JSON text: once per object while :func:`write_feeds` runs (the
    same day document and judgements serve every task and language), else every time."""
    memo = getattr(_reads, "memo", None)
    hit = memo.get(("digest", id(value))) if memo is not None else None
    if hit is None:
        digest = hashlib.sha256(json.dumps(value, ensure_ascii=False, default=str).encode()).hexdigest()
        hit = (value, digest)               # the value is held, so its id is not reused meanwhile
        if memo is not None:
            memo[("digest", id(value))] = hit
    return hit[1]


def _reads_kept() -> "kept.KeptTexts | None":
    """The on-disk texts of earlier runs, while :func:`write_feeds` runs with them."""
    return getattr(_reads, "kept", None)


_reads = threading.local()


def _read(key: tuple, fetch):
    """``fetch()``, once per key while :func:`write_feeds` runs (the same days and judgements
    serve every language of a task), else every time."""
    memo = getattr(_reads, "memo", None)
    if memo is None:
        return fetch()
    if key not in memo:
        memo[key] = fetch()
    return memo[key]


def horizon(today: date, cfg) -> tuple[date, date]:
    opts = feeds_options(cfg)
    return (today - timedelta(days=int(opts.get("past_days", 7))),
            today + timedelta(days=int(opts.get("future_days", 90))))


def today_in(tz: str) -> date:
    return datetime.now(ZoneInfo(tz)).date()


#: built rolling feeds, most recently used last; at most ``_CACHE_MAX`` (a feed is ≤ ``max_bytes``),
#: so no number of distinct variants asked for grows the process without bound
_CACHE_MAX = 32
_cache: "OrderedDict[tuple, Feed]" = OrderedDict()
_cache_lock = threading.Lock()
_build_locks: dict[tuple, threading.Lock] = {}


def rolling_feed(task: str, tz: str | None = None, lang: str | None = None, alarm: int | None = None,
                 config=None, today: date | None = None, *, place=None, clock=None, lunar=None,
                 school=None, born=None, sex=None) -> Feed:
    """The published feed: the rolling horizon around ``today`` (in ``tz``), cut to the size
    limits, cached per (task, tz, lang, alarm, horizon day, config digest, person); the config
    digest covers the request's place, clock, lunar calendar and school."""
    from almanac.api.choices import apply
    from almanac.judgement.person import parse_person
    cfg = apply(config_mod.load(config), place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    tz = check_tz(tz or cfg["calendar"]["default_tz"])
    lang = L.check_lang(lang)
    alarm = check_alarm(alarm)
    person = parse_person(born, sex)
    today = today or today_in(tz)
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
            s, e = horizon(today, cfg)
            hit = build_feed(task, s, e, tz, lang, alarm, cfg, strict=False,
                             **({} if person is None else {"born": person.birth_year, "sex": person.sex}))
            with _cache_lock:
                for k in [k for k in _cache if k[4] != today]:
                    _cache.pop(k, None)  # yesterday's horizons
                _cache[key] = hit
                while len(_cache) > _CACHE_MAX:
                    _cache.popitem(last=False)
                _build_locks.pop(key, None)
    return hit


def check_tz(tz: str) -> str:
    """``tz`` when it is a zone ``almanac.calendar.zone`` accepts; its bad input otherwise."""
    from almanac.calendar import zone
    zone(tz if isinstance(tz, str) else repr(tz))   # zone() is cached by its argument: a str here
    return tz


def check_alarm(alarm) -> int | None:
    if alarm is None or alarm == "":
        return None
    try:
        n = int(alarm)
    except (TypeError, ValueError):
        a = field("alarm")                      # --alarm on the command line, alarm= over HTTP
        raise BadInput(f"{a} {alarm!r} is not a number of minutes (0..1440)",
                       zh=f"提醒（{a}）不是分鐘數：{alarm!r}（0..1440）",
                       ko=f"알림({a}) 값이 분 단위 숫자가 아닙니다: {alarm!r} (0..1440)") from None
    if not 0 <= n <= 1440:
        a = field("alarm")
        raise BadInput(f"{a} {n} is outside 0..1440 minutes",
                       zh=f"提醒（{a}）超出 0..1440 分鐘：{n}",
                       ko=f"알림({a}) 값이 0..1440분 범위를 벗어났습니다: {n}")
    return n


def write_feeds(out_dir, config=None, today: date | None = None, *,
                texts_file: "str | Path | None" = None) -> list[Path]:
    """Write the rolling feed of every task in every language into ``out_dir``
    (``{task}.ics`` for the default language, ``{task}.{lang}.ics`` for the others).
    Files are replaced atomically; returns the paths written.

    Each day's event texts are kept on disk (``kept.KeptTexts``, at ``texts_file`` or
    :func:`kept_path`) under the digest of what they are made of, so the next run — another
    process — builds only the days whose content changed (the day that entered each feed).
    A feed whose every day the store holds current, with the same code, config, horizon and
    stamps ledger as when its file was written, and whose file is as it was left, is not built
    at all (``exports.written``; :func:`_feed_key`)."""
    cfg = config_mod.load(config)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tz = cfg["calendar"]["default_tz"]
    today = today or today_in(tz)
    paths, done = [], []
    ledger = _stamps_for(cfg).fingerprint()   # None: stamps kept in memory only, nothing skipped
    _reads.memo = {}                      # each day range and task read once for all languages
    _reads.kept = kept.KeptTexts.open(kept_path(cfg) if texts_file is None else (texts_file or None))
    record = written.Record(written.record_path() if ledger is not None else None)
    try:
        for task in source.task_names(cfg):
            for lang in L.LANGS:
                path = out / (f"{task}.ics" if lang == L.LANGS[0] else f"{task}.{lang}.ics")
                key = _feed_key(task, tz, lang, cfg, today) if ledger is not None else None
                st = record.unchanged(path, written.key_of(key, ledger)) if key is not None else None
                if st is None:
                    st = written.write(path, rolling_feed(task, tz, lang, None, cfg, today).body)
                paths.append(path)
                done.append((path, key, st))
        if _reads.kept is not None:
            _reads.kept.save()            # this run's texts, for the next run (one transaction)
        ledger = _stamps_for(cfg).fingerprint()
        for path, key, st in done:
            if key is not None and ledger is not None:
                record.note(path, written.key_of(key, ledger), st)
        record.save()
    finally:
        record.close()
        if _reads.kept is not None:
            _reads.kept.close()
        _reads.memo = _reads.kept = None
    return paths


def _feed_key(task: str, tz: str, lang: str, cfg, today: date) -> "str | None":
    """What the plain rolling feed of ``task`` for ``today`` is made of, when the store holds
    every day of its horizon current (else None): the code, the config, the feed's namespace,
    its horizon and the keys of its days' texts (``_stored_keys``: the store's row checksums),
    the zone's rules and the icalendar version that writes its VTIMEZONE. With the stamps
    ledger unchanged too, the feed is byte for byte the file written from the same key. The
    days' kept texts are marked used, as a build would (they stay for the next night)."""
    s, e = horizon(today, cfg)
    b = _Builder(task, tz, lang, None, cfg)
    keys = _stored_keys(b, s, e)
    dates = source._dates(s, e, tz, cfg)
    if any(d not in keys for d in dates):
        return None
    if _reads_kept() is not None:
        _reads_kept().used.update(_on_disk(keys[d]) for d in dates)
    return written.key_of("feed", kept.code_digest(), icalendar.__version__, written.zone_rules(tz),
                          b.ns, cfg.digest, s.isoformat(), e.isoformat(), [keys[d] for d in dates])


def kept_path(cfg) -> "Path | None":
    """Where :func:`write_feeds` keeps the event texts between runs: ``[feeds] texts_file``
    (``""``: not kept), by default ``feed-texts.sqlite3`` in the data folder."""
    name = feeds_options(cfg).get("texts_file", "feed-texts.sqlite3")
    if not name:
        return None
    path = Path(name)
    return path if path.is_absolute() else source.data_dir() / path


def atomic_write(path: Path, data: bytes) -> Path:
    """Write ``path`` whole or not at all (``exports.written.write``: a file already holding
    ``data`` is left as it is)."""
    written.write(path, data)
    return Path(path)


# the names a day task's feed (feeds.days) shares with the hour feeds
check_kind = _check_kind
stamps_ledger = _stamps_for
choices_namespace = _choices_ns
choices_query = _choices_query
