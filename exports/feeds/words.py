"""What a feed's and a report's events say of a day and an hour, in the reader's language: the
day's facts and title, an hour's title in a good-hours or an avoid feed, its chart, 課體 and
reasons. ``almanac.exports.feeds`` builds the events from these; the reports read them too.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from almanac.exports.feeds import labels as L
from almanac.judgement.explain import verdict_name as explain_verdict


def lunar_text(lunar: dict, lang: str) -> str:
    leap = L.label("leap", lang) if lunar.get("leap") else ""
    if lang == "en":
        return f"{leap}month {lunar['month']}, day {lunar['day']} (lunar year {lunar['year']})"
    if lang == "ko":
        return f"{lunar['year']}년 {leap}{lunar['month']}월 {lunar['day']}일"
    return f"{lunar['year']}年{leap}{lunar['month']}月{lunar['day']}日"


def instant_text(at: datetime) -> str:
    """An instant as a reader reads it: date, time to the second and the offset, without the
    ISO ``T`` (``2026-12-07 10:52:14 +08:00``; in UTC ``2026-12-07 02:52:14``).

    >>> instant_text(datetime(2026, 12, 7, 2, 52, 14, tzinfo=timezone.utc))
    '2026-12-07 02:52:14'
    >>> instant_text(datetime(2026, 12, 7, 10, 52, 14, tzinfo=timezone(timedelta(hours=8))))
    '2026-12-07 10:52:14 +08:00'
    """
    text = at.replace(microsecond=0).isoformat(sep=" ")
    return text[:-6] if at.utcoffset() == timedelta(0) and at.tzinfo is timezone.utc else \
        f"{text[:-6]} {text[-6:]}"


def active_flags(flags: dict | None) -> list[str]:
    return [k for k, v in (flags or {}).items() if v is True]


def day_lines(day: dict, lang: str, shown: tuple[str, ...] = ()) -> list[str]:
    """The readable facts of one day (also used by the reports); ``shown`` leaves out those a
    page says elsewhere already (``"pillars"``, ``"taboos"``)."""
    p = day["pillars"]
    c = L.colon(lang)
    qin = day.get("qin") or {}
    taboos = [L.flag_name(f, lang) for f in active_flags(day.get("flags"))]
    lines = [text for key, text in (
        ("pillars", f"{L.label('pillars', lang)}{c}{L.pillar_line(p, lang)}"),
        ("lunar", f"{L.label('lunar', lang)}{c}{lunar_text(day['lunar'], lang)}"),
        *(("everyday", x) for x in everyday_lines(day, lang)),
        ("qin", f"{L.label('qin', lang)}{c}{L.qin_text(qin, lang)}"),
        ("yuan", f"{L.label('yuan', lang)}{c}{L.yuan_text(qin.get('yuan', ''), qin.get('jiang', '?'), lang)} · "
                 f"{L.label('general', lang)}{c}{L.term(qin.get('jiang_star') or qin.get('general', ''), lang)}"),
        ("yuejiang", f"{L.label('yuejiang', lang)}{c}{L.term(day.get('yuejiang', ''), lang)}"),
        ("taboos", f"{L.label('taboos', lang)}{c}{L.joined(taboos, lang) if taboos else L.label('none', lang)}"),
    ) if key not in shown]
    for t in day.get("solar_terms") or []:
        lines.append(f"{L.label('term', lang)}{c}{L.term(t['name'], lang)} {t['at'][:16].replace('T', ' ')}")
    return lines


def everyday_lines(day: dict, lang: str, *, titled: bool = True) -> list[str]:
    """The day's everyday 택일 facts (``almanac.everyday``) as a reader reads them, on one
    labelled line: where 손 is, the day's 黃道/黑道 god, its 沖 and 煞; with ``titled`` false
    also 손 없는 날, the 建除 officer and whether the day is 黃道 or 黑道 (which a feed's day
    title says already: a feed is bounded in bytes, so its description does not say them twice). 宜/忌 on a second line when
    the day has any. None for a day document without them."""
    e = day.get("everyday")
    if not e:
        return []
    from almanac import everyday
    c = L.colon(lang)
    first, _, acts = everyday.detail_lines(e, lang)
    if titled:
        parts = first.split(" · ")
        keep = [] if e["son"]["free"] else [everyday.son_text(e["son"], lang)]
        god = everyday.god_text(e["huangdao"]["god"], lang)      # its 黃道/黑道 is in the title
        first = " · ".join(keep + [god] + parts[-2:])      # 沖 …, 煞 …
    out = [f"{everyday.label('everyday', lang)}{c}{first}"]
    if e.get("yi") or e.get("ji"):
        out.append(acts[:1].upper() + acts[1:])
    return out


def day_summary(day: dict, lang: str) -> str:
    """A day event's title, short enough for a phone's calendar line (about forty characters):
    the day's taboos first, then what families look the day up for — 손 없는 날, the 建除 officer,
    黃道 or 黑道 (``everyday.banner_line``). The day's 禽, the 七元, its 將 and the 將星 are the
    expert's and are in the description (``day_lines``); a day document without the everyday
    facts is titled by its 禽."""
    qin = day.get("qin") or {}
    taboos = [L.flag_name(f, lang) for f in active_flags(day.get("flags"))]
    if day.get("everyday"):
        from almanac import everyday
        s = everyday.banner_line(day["everyday"], lang)
    else:
        s = L.term(qin.get("name", ""), lang)
    if taboos:
        s = f"{L.label('taboos', lang)}{L.colon(lang)}{L.joined(taboos, lang)} · {s}"
    return s


def verdict_text(verdict: str, lang: str) -> str:
    """A verdict as a reader of ``lang`` reads it alone: Korean and English with the character
    beside the word (길(吉), good (吉)), Chinese as it is."""
    return explain_verdict(verdict, lang) if verdict in L.VERDICTS else verdict


def hour_word(branch: str, lang: str) -> str:
    """An hour named by its branch as a title says it (子時, 子(자)시, Zi (子) hour)."""
    return f"{L.term(branch, lang)} {L.label('hour', lang)}" if lang == "en" else \
        f"{L.term(branch, lang)}{L.label('hour', lang)}"


def hour_title(verdict: str, task: str, branch: str, lang: str, best: bool = False) -> str:
    """A chosen hour's event title, short enough for a phone's calendar line: the verdict once,
    then the task and the hour (the event's own times say when); a day's best hour that is not
    a good hour says so after them.

    >>> hour_title("吉", "婚姻", "子", "zh-Hant")
    '吉 · 婚姻 · 子時'
    >>> hour_title("吉", "혼인(婚姻)", "子", "ko")
    '길(吉) · 혼인(婚姻) · 子(자)시'
    >>> hour_title("大吉", "marriage", "子", "en", best=True)
    "Very good (大吉) · marriage · Zi (子) hour · day's best hour"
    """
    word = verdict_text(verdict, lang)
    out = f"{word[:1].upper()}{word[1:]} · {task} · {hour_word(branch, lang)}"
    if best:
        kind = L.label("best_hour", lang)
        out += f" · {kind[:1].lower()}{kind[1:]}" if lang == "en" else f" · {kind}"
    return out


#: the word an avoid feed's event opens with
AVOID_WORD = {"zh-Hant": "避", "zh-Hans": "避", "ko": "피할 시", "en": "Avoid"}


def avoid_title(hour: dict, task: str, lang: str) -> str:
    """An avoid feed's hour title: the word, the task and the hour, then why — the hour taboos
    by name, else the hour forbidden for the task (不可) or its verdict.

    >>> avoid_title({"branch": "子", "verdict": "凶", "flags": {"jielu": True}}, "출행(出行)", "ko")
    '피할 시 · 출행(出行) · 子(자)시 · 절로공망(截路空亡)'
    >>> avoid_title({"branch": "午", "verdict": "大凶", "flags": {}}, "travel", "en")
    'Avoid · travel · Wu (午) hour · very bad (大凶)'
    """
    when = hour_word(hour.get("branch", ""), lang)
    flags = [L.flag_name(f, lang) for f in active_flags(hour.get("flags"))]
    if flags:
        why = L.joined(flags, lang)
    elif hour.get("vetoed"):
        why = L.label("vetoed", lang)
    else:
        why = verdict_text(str(hour.get("verdict", "")), lang)
    return f"{AVOID_WORD[lang]} · {task} · {when} · {why}"



def reason_text(r, lang: str) -> str:
    """A reason (already in the feed's language, see ``localize``), its effect and citation: the
    effect in full-width brackets in Chinese text, and there the citation bare (its 《》「」 mark
    it off), elsewhere ``text (+1) [citation]``."""
    if isinstance(r, dict):
        text = r.get("text") or r.get("rule") or ""
        eff = r.get("effect")
        src = r.get("citation") or r.get("source")
        out = f"{text}" + (L.bracketed(f"{eff:+g}", lang) if isinstance(eff, (int, float)) else "")
        return out + ((src if lang in ("zh-Hant", "zh-Hans") else f" [{src}]") if src else "")
    return str(r)


def chart_of(hour: dict, day: dict | None = None) -> tuple[list[str], str]:
    """三傳 and 課法 of an hour: from the hour's own ``liuren`` (a day document's hour), else from
    the same branch's hour of ``day`` (a judged hour carries no chart)."""
    lr = hour.get("liuren")
    if not isinstance(lr, dict) and day is not None:
        same = next((h for h in day.get("hours") or [] if h.get("branch") == hour.get("branch")), {})
        lr = same.get("liuren")
    lr = lr if isinstance(lr, dict) else {}
    return list(lr.get("transmissions") or []), str(lr.get("method") or "")


def keti_of(hour: dict) -> list[str]:
    """The 課體 names of an hour (its ``liuren``/``chart`` object), or none."""
    for key in ("liuren", "chart"):
        inner = hour.get(key)
        if isinstance(inner, dict) and inner.get("keti"):
            return [str(k) for k in inner["keti"]]
    return [str(k) for k in hour.get("keti") or []]
