"""The feed of a day task — 이사 (移徙, moving house) and 결혼 (嫁娶, a wedding): one all-day
event per day of the horizon that the day task's judgement calls good (``kind=good``: 吉 or
大吉) or bad (``kind=avoid``: 凶 or 大凶), titled with the verdict, the task and the day's
everyday facts (손 없는 날 · 成日 · 黃道), and described with the reasons that decided it, each
with its citation, in the reader's language.

The days are judged by ``almanac.api.everyday.judged_days`` — the very days ``almanac best
--task 이사 --by day`` ranks, with the same person, partner and direction — so a feed and a
search never disagree about a day. Its events are all-day (``VALUE=DATE``, ``DTEND`` the next
day); the calendar names its zone (``X-WR-TIMEZONE`` and a ``VTIMEZONE``) like every feed, and
its stamps come from the same ledger, so an unchanged night's build is byte-identical.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

import icalendar

from almanac import config as config_mod
from almanac import everyday
from almanac.everyday import tasks as day_tasks
from almanac.everyday.directions import direction_text
from almanac.exports.feeds import ics, names, text
from almanac.exports.feeds import labels as L
from almanac.exports.feeds.build import Feed
from almanac.exports.feeds.rolling import HorizonCache
from almanac.exports.feeds.words import reason_text, verdict_text

#: the day verdicts each kind of day feed shows
DAY_KINDS = {"good": ("吉", "大吉"), "avoid": ("凶", "大凶")}

#: the word an avoid feed's day opens with
AVOID_DAY = {"zh-Hant": "避", "zh-Hans": "避", "ko": "피할 날", "en": "Avoid"}

#: the calendar's description: what its events are
_DESC = {
    "zh-Hant": "擇日：{task}之吉日，每日附其理由與出處（擇日、六壬、演禽）。",
    "zh-Hans": "择日：{task}之吉日，每日附其理由与出处（择日、六壬、演禽）。",
    "ko": "택일(擇日): {task}에 좋은 날. 날마다 그 근거와 출전(택일·육임·연금)을 붙였다.",
    "en": "Day choosing (擇日): the good days for {task}, each with its reasons and their sources "
          "(the almanac's day facts, 六壬 and 演禽).",
}
_DESC_AVOID = {
    "zh-Hant": "擇日：{task}應避之日，每日附其理由與出處。",
    "zh-Hans": "择日：{task}应避之日，每日附其理由与出处。",
    "ko": "택일(擇日): {task}에 피할 날. 날마다 그 근거와 출전을 붙였다.",
    "en": "Day choosing (擇日): the days to avoid for {task}, each with its reasons and their sources.",
}
_PARTNER = {"zh-Hant": "對方", "zh-Hans": "对方", "ko": "상대", "en": "partner"}
_MOVE = {"zh-Hant": "移往{d}", "zh-Hans": "移往{d}", "ko": "{d}쪽으로 이사", "en": "moving {d}"}
_DAYS_WORD = {"zh-Hant": "擇日", "zh-Hans": "择日", "ko": "택일", "en": "days"}


@dataclass(frozen=True)
class DayAsk:
    """What a day feed is for, checked: the day task's key, its zone, language, kind, alarm, the
    asker and partner (``Person`` or None) and a move's direction key (or None)."""

    task: str
    tz: str
    lang: str
    kind: str
    alarm: "int | None"
    person: object
    partner: object
    direction: "str | None"

    def namespace(self, choices_ns: str) -> str:
        """Its events' UID namespace: another person, partner, direction, kind or choice of
        place/clock/school is another calendar."""
        ns = f"days/{self.task}/{self.lang}/{self.tz}" + choices_ns + names.person_ns(self.person)
        if self.partner is not None:
            ns += f"/partner={self.partner.birth_year}{self.partner.sex}"
        if self.direction:
            ns += f"/to={self.direction}"
        return ns + ("/avoid" if self.kind == "avoid" else "")

    def query(self) -> str:
        """The URL query that asks for this feed again (its ``SOURCE``)."""
        q = f"?tz={self.tz}&lang={self.lang}" + names.person_query(self.person)
        if self.partner is not None:
            q += f"&partner_born={self.partner.birth_year}&partner_sex={self.partner.sex}"
        if self.direction:
            q += f"&direction={self.direction}"
        return q + ("&kind=avoid" if self.kind == "avoid" else "")


def ask(task, tz, lang, cfg, *, kind=None, alarm=None, born=None, sex=None, partner_born=None,
        partner_sex=None, direction=None) -> DayAsk:
    """A day feed's request checked before anything is computed: each bad part is bad input in
    the reader's language, as ``api.best(…, by="day")`` says it."""
    from almanac.api.everyday import day_request, day_task_of
    from almanac.exports import feeds
    key = day_task_of(task)
    tz = feeds.check_tz(tz or cfg["calendar"]["default_tz"])
    lang = L.check_lang(lang)
    kind = feeds.params.check_kind(kind if kind is not None else feeds.feed_kind(cfg)[0])
    person, partner, move = day_request(key, born, sex, partner_born, partner_sex, direction)
    return DayAsk(key, tz, lang, kind, feeds.check_alarm(alarm), person, partner, move)


def build_day_feed(a: DayAsk, start: date, end: date, cfg) -> Feed:
    """The day feed ``a`` from ``start`` to ``end`` (inclusive dates)."""
    from almanac.api.everyday import judged_days
    from almanac.exports import feeds
    feeds.ledger.stamps_for(cfg).ready()   # a store that is down fails now, not after the days were judged
    doc = judged_days(a.task, start.isoformat(), end.isoformat(), a.tz, cfg, a.lang,
                      *((a.person.birth_year, a.person.sex) if a.person else (None, None)),
                      partner_born=a.partner.birth_year if a.partner else None,
                      partner_sex=a.partner.sex if a.partner else None, direction=a.direction)
    ns = a.namespace(names.choices_ns(cfg))
    shown = DAY_KINDS[a.kind]
    texts = [text.event_text(_spec(a, ns, r)) for r in doc["days"] if r["verdict"] in shown]
    # stamped from the ledger as the hour feeds are (an alarm is a variant of the plain feed)
    stamps = feeds.ledger.resolve_digests(cfg, "" if a.alarm is None else f"alarm={a.alarm}",
                                          {t.uid: hashlib.sha256(t.plain).hexdigest() for t in texts})
    cal = _calendar(a, ns, cfg, stamps)
    zone = ics.vtimezone_text(a.tz, *ics.zone_span(start, end))       # the hour feeds' VTIMEZONE
    body = text.calendar_bytes(cal, [t.stamped(*stamps[t.uid]) for t in texts] + [zone])
    lm = max((s for s, _ in stamps.values()), default=datetime(2000, 1, 1, tzinfo=timezone.utc))
    return Feed(body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"', lm, len(texts), start, end)


def task_title(a: DayAsk) -> str:
    """The task as the calendar's name says it, with the direction of a move."""
    out = day_tasks.task_label(a.task, a.lang)
    if a.direction:
        out += " · " + _MOVE[a.lang].format(d=direction_text(a.direction, a.lang))
    return out


def _spec(a: DayAsk, ns: str, r: dict) -> text.EventSpec:
    lang, c = a.lang, L.colon(a.lang)
    d = date.fromisoformat(r["date"])
    word = verdict_text(r["verdict"], lang)
    line = everyday.banner_line(r["facts"], lang)
    label = day_tasks.task_label(a.task, lang)
    title = (f"{AVOID_DAY[lang]} · {label} · {word}" if a.kind == "avoid"
             else f"{word[:1].upper()}{word[1:]} · {label}") + f" · {line}"
    lines = [f"{L.label('verdict', lang)}{c}{L.verdict_score(r['verdict'], r['score'], lang, named=True)}",
             r["summary"], *everyday.detail_lines(r["facts"], lang),
             f"{L.label('reasons', lang)}{c.rstrip()}", *(f"- {reason_text(x, lang)}" for x in r["reasons"])]
    alarm = None if a.alarm is None else (a.alarm, names.uid(ns, f"alarm/{a.alarm}/{r['date']}"))
    return text.EventSpec(names.uid(ns, f"day/{r['date']}"), lang, title, "\n".join(lines),
                          (L.label("almanac", lang), label, L.verdict_name(r["verdict"], lang)),
                          (("dtstart", d), ("dtend", d + timedelta(days=1))), alarm)


def _calendar(a: DayAsk, ns: str, cfg, stamps: dict) -> icalendar.Calendar:
    lang = a.lang
    label = day_tasks.task_label(a.task, lang)
    name = f"{L.label('calname', lang)} · {task_title(a)} · {_DAYS_WORD[lang]}"
    if a.kind == "avoid":
        name += f" · {AVOID_DAY[lang]}"
    desc = (_DESC_AVOID if a.kind == "avoid" else _DESC)[lang].format(task=label)
    school, school_label = names.school_label(cfg, lang)
    if school != "default":
        name += f" · {school_label}"
    for p, tag in ((a.person, None), (a.partner, _PARTNER[lang])):
        if p is not None:
            who = names.person_label(p, lang)
            name += f" · {who}" if tag is None else f" · {tag} {who}"
    desc += " " + names.choices_text(cfg, lang)
    cal = ics.calendar_head(cfg, lang, a.tz, names.uid(ns, "calendar"), name, desc,
                            f"{a.task}.ics{a.query()}{names.choices_query(cfg)}")
    if stamps:
        cal.add("last-modified", max(s for s, _ in stamps.values()))
    return cal


#: built rolling day feeds: kept like the hour feeds (``rolling.HorizonCache``), fewer of them
_horizon = HorizonCache(16)


def rolling_day_feed(task, tz=None, lang=None, config=None, today: date | None = None, *, place=None,
                     clock=None, lunar=None, school=None, **asked) -> Feed:
    """The published day feed: the feeds' rolling horizon around ``today`` (in its zone), cached
    per request and horizon day. ``asked`` are ``ask``'s keywords (kind, alarm, born, sex,
    partner_born, partner_sex, direction)."""
    from almanac.api.choices import apply
    from almanac.exports import feeds
    cfg = apply(config_mod.load(config), place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    a = ask(task, tz, lang, cfg, **asked)
    today = today or feeds.today_in(a.tz)
    return _horizon.get(today, (a, cfg.digest), lambda: build_day_feed(a, *feeds.horizon(today, cfg), cfg))


def clear_cache() -> None:
    """Forget the built day feeds (the next request builds again, with the stamps it had)."""
    _horizon.clear()
