"""Which days and hours of a task become a feed's events, and what each says: ``Builder`` holds
one feed's parameters (task, zone, language, alarm, kind, person) and makes each day's all-day
event and solar-term instants, and the chosen hours' events, as ``text.EventSpec`` (the words
are ``words``'; the calendar around them is ``ics``').
"""
from __future__ import annotations

import functools
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import icalendar

from almanac.judgement.explain import localize, summary_body
from almanac.exports import source
from almanac.exports.feeds import ics, names, params, text
from almanac.exports.feeds import labels as L
from almanac.exports.feeds.words import (active_flags, avoid_title, chart_of, day_lines, day_summary,
                                         hour_title, instant_text, keti_of, reason_text)


def _dt(iso: str, tz: ZoneInfo) -> datetime:
    return datetime.fromisoformat(iso).astimezone(tz)


class Builder:
    """One feed's parameters (``[feeds]`` options, kind, UID namespace, stamps variant) and the
    events it makes of a day and of its judged hours."""

    def __init__(self, task: str, tz: str, lang: str, alarm: int | None, cfg, person=None):
        self.task, self.tz_name, self.lang, self.alarm, self.cfg = task, tz, lang, alarm, cfg
        self.person = person
        self.tz = ZoneInfo(tz)
        self.opts = params.feeds_options(cfg)
        # a person's feed is another calendar: its hours say other things than the plain feed's
        #: which hours become events ("good", "avoid": ``[feeds] kind``) and whether each day has
        #: its all-day event (``[feeds] banner``); another kind or no banner is another calendar
        self.kind, self.banner = params.feed_kind(cfg)
        self.ns = (f"feed/{task}/{lang}/{tz}" + names.choices_ns(cfg) + names.person_ns(person)
                   + ("/avoid" if self.kind == "avoid" else "") + ("" if self.banner else "/nobanner"))
        self.min_rank = params.option_rank(self.opts.get("min_verdict", "吉"), "min_verdict")
        # a day's best hour is announced only when it is at least 吉: a feed never calls a bad hour good
        self.best_min_rank = max(params.option_rank(self.opts.get("best_min_verdict", "吉"),
                                                    "best_min_verdict"), L.VERDICT_RANK["吉"])
        self.best_per_day = int(self.opts.get("best_per_day", 1))
        #: what, besides the UIDs' namespace (task, language, zone), makes this feed's content
        #: differ from the plain feed's: its stamps are kept apart (see ``ledger.resolve_stamps``)
        self.variant = "&".join(([] if alarm is None else [f"alarm={alarm}"])
                                + ([] if person is None else [names.person_ns(person)[1:]]))
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
        out = [] if not self.banner else [self._spec(names.uid(self.ns, f"day/{d.isoformat()}"), day_summary(day, lang),
                          "\n".join(day_lines(day, lang) + [convention]),
                          [L.label("almanac", lang), L.label("day", lang)],
                          (("dtstart", d), ("dtend", d + timedelta(days=1))))]
        for t in day.get("solar_terms") or []:
            at = datetime.fromisoformat(t["at"])
            name = L.term(t["name"], lang)
            local = at.astimezone(self.tz)
            out.append(self._spec(
                names.uid(self.ns, f"term/{local.year}/{t['name']}"), f"{L.label('term', lang)} {name}",
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
                self.alarm, names.uid(self.ns, f"alarm/{self.alarm}/{day['date']}/{h['branch']}"))
            out.append(self._spec(names.uid(self.ns, f"hour/{day['date']}/{h['branch']}"), summary,
                                  "\n".join(lines), [L.label("almanac", lang), self.task_label, vname],
                                  (("dtstart", start), ("dtend", end)), alarm))
        return out

    def calendar(self, events: list[icalendar.Event], stamps: dict, zones: bool = True
                 ) -> icalendar.Calendar:
        """The feed's calendar around ``events`` (stamped here); without ``zones`` its VTIMEZONE
        is left for the caller to add (``ics.calendar``)."""
        return ics.calendar(self, events, stamps, zones)

    def calendar_text(self, texts: "list[text.EventText]", stamps: dict) -> bytes:
        """``calendar(events, stamps).to_ical()`` from the events' texts (each written once),
        with only their stamp lines added (``ics.calendar_text``)."""
        return ics.calendar_text(self, texts, stamps)
