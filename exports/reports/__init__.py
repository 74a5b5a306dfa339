"""Day reports a person reads: one HTML and one Markdown page per day (Jinja2 templates shipped as
package data), in zh-Hant, zh-Hans, ko or en.

A page opens with the day at a glance — the best hour for each task with its one-line reason
(the highest-scoring, said to be no good one, when no hour is good),
the day's taboos each explained in a sentence — then the twelve-hour table (時柱, 時禽, taboos,
三傳, 課法 and each task's verdict, coloured by verdict, with a legend), the 天地盤 of the day's best
hours, and per task a heatmap of days × hours over the report's days.

``write_reports(start_date, days, out_dir, config, lang=, tz=)`` writes one language and zone;
``write_report_set(start_date, days, root, config)`` writes every language and zone the
configuration publishes (``[reports] langs`` / ``zones``) — what the scheduler calls nightly.
Pages in the default language and zone go into ``root`` itself, the others into
``root/LANG/ZONE`` (:func:`variant_dir`).
"""
from __future__ import annotations

import functools
import hashlib
import html
import unicodedata
from dataclasses import dataclass
from typing import Callable
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo
from pathlib import Path

from almanac import config as config_mod
from almanac import terms as T
from almanac.calendar import MAX_YEAR, MIN_YEAR, parse_date
from almanac.judgement.explain import localize, rule_text, summary_body
from almanac.judgement.score import SCALE
from almanac.exports import source, written
from almanac.exports.feeds import choices_text
from almanac.exports.feeds.words import (active_flags, chart_of, day_lines, everyday_lines, keti_of,
                                         verdict_text)
from almanac.exports.feeds import labels as L
from almanac.task_words import everyday


@functools.lru_cache(maxsize=1)
def _templates():
    """The pages' Jinja2 environment, made when a page is rendered (a run whose pages are all
    current imports no template engine)."""
    import jinja2
    env = jinja2.Environment(loader=jinja2.PackageLoader("almanac.exports.reports", "templates"),
                             # HTML pages are escaped; a Markdown page is text (it wrote rules&#39; effects)
                             autoescape=jinja2.select_autoescape(["html", "html.j2"], default=False),
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["unbroken"] = unbroken
    return env


def unbroken(text) -> str:
    """HTML of ``text`` with each date (and the time after it) and each gloss of several terms
    kept on one line: a phone broke 「Major Snow (大雪) 2026-12-」 over 「07 10:52」 at the date's
    hyphen, and a Korean 「묘·유(卯·」 over 「酉)」 at the gloss's middle dot (a page breaks no
    word, nor a run of characters, elsewhere: ``word-break: keep-all``).

    >>> str(unbroken("Major Snow (大雪) 2026-12-07 10:52 & 묘·유(卯·酉)"))
    'Major Snow (大雪) <span class="nw">2026-12-07 10:52</span> &amp; 묘·유<span class="nw">(卯·酉)</span>'
    """
    import re

    from markupsafe import Markup
    return Markup(re.sub(r"\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?|\([\u3400-\u9fff]+[·、][\u3400-\u9fff·、]*\)",
                         lambda m: f'<span class="nw">{m.group(0)}</span>', html.escape(str(text), quote=False)))


# 天地盤 layout: ground branches around a 4×4 square (row, col)
_PLATE_CELLS = {"巳": (0, 0), "午": (0, 1), "未": (0, 2), "申": (0, 3), "辰": (1, 0), "酉": (1, 3),
                "卯": (2, 0), "戌": (2, 3), "寅": (3, 0), "丑": (3, 1), "子": (3, 2), "亥": (3, 3)}

#: short verdict marks for heatmap cells (the legend names them in full)
_SHORT_EN = {"大吉": "++", "吉": "+", "平": "·", "凶": "−", "大凶": "−−"}


def _short(verdict: str, vetoed: bool, lang: str) -> str:
    if vetoed:
        return "×" if lang == "en" else T.label("vetoed", lang)
    return _SHORT_EN.get(verdict, verdict) if lang == "en" else T.verdict_name(verdict, lang)


def _num(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def heatmap_svg(task: str, judged: dict[date, list[dict]], lang: str = "zh-Hant") -> str:
    """Days (rows) × hours (columns 子…亥), each cell coloured by its verdict (grey when vetoed)
    and marked with the verdict word; the score is in the cell's tooltip."""
    cw, ch, left, top = 40, 22, 92, 22
    days = sorted(judged)
    w, h = left + 12 * cw + 4, top + ch * len(days) + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'role="img" aria-label="{html.escape(task)}" font-family="sans-serif" font-size="12">']
    for i, b in enumerate("子丑寅卯辰巳午未申酉戌亥"):
        # Zi … Hai for English (the characters are in each tooltip), 子(자) … for Korean
        head = T.en_name(b) if lang == "en" else L.term(b, "ko") if lang == "ko" else b
        size = ' font-size="11"' if lang == "ko" else ""
        out.append(f'<text x="{left + i * cw + cw / 2}" y="15" text-anchor="middle"{size}>{head}</text>')
    for r, d in enumerate(days):
        y = top + r * ch
        out.append(f'<text x="4" y="{y + 15}">{d.isoformat()}</text>')
        for i, hr in enumerate(judged[d][:12]):
            x = left + i * cw
            verdict, vetoed = str(hr.get("verdict", "")), bool(hr.get("vetoed"))
            bg, ink = T.verdict_style(verdict, vetoed)
            score = f"{hr['score']:+g}" if _num(hr.get("score")) else ""
            tip = f"{d} {L.term(hr.get('branch', ''), lang)} {_short(verdict, vetoed, lang)} {score}"
            out.append(f'<rect x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" fill="{bg}" '
                       f'stroke="#999" stroke-width="0.5"><title>{html.escape(tip)}</title></rect>')
            out.append(f'<text x="{x + cw / 2 - 1}" y="{y + 15}" text-anchor="middle" fill="{ink}">'
                       f'{html.escape(_short(verdict, vetoed, lang))}</text>')
    out.append("</svg>")
    return "".join(out)


def plate_svg(chart: dict, caption: str, lang: str = "zh-Hant") -> str:
    """The 天地盤: each ground branch (small) with the sky branch above it (large) and its general."""
    cell, pad = 78, 6
    size = cell * 4 + 2 * pad
    plate, generals = chart.get("plate") or {}, chart.get("generals") or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 24}" '
           f'viewBox="0 0 {size} {size + 24}" role="img" aria-label="{T.hans("天地盤") if lang == "zh-Hans" else "天地盤"}" '
           'font-family="sans-serif">']
    for ground, (r, c) in _PLATE_CELLS.items():
        x, y = pad + c * cell, pad + r * cell
        sky = plate.get(ground, "")
        gen = generals.get(sky, "")
        gen = T.hans(gen) if lang == "zh-Hans" else gen       # 貴人 → 贵人 on a simplified page
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#fffaf0" stroke="#8b0000"/>')
        out.append(f'<text x="{x + cell / 2}" y="{y + 34}" text-anchor="middle" font-size="26" fill="#8b0000">'
                   f'{html.escape(sky)}</text>')
        out.append(f'<text x="{x + cell / 2}" y="{y + 54}" text-anchor="middle" font-size="13">{html.escape(gen)}</text>')
        out.append(f'<text x="{x + cell - 6}" y="{y + cell - 6}" text-anchor="end" font-size="12" fill="#555">'
                   f'{html.escape(ground)}</text>')
    cx = pad + 2 * cell
    tr = "".join(chart.get("transmissions") or [])
    lines = [f"{chart.get('day', '')}日 {chart.get('hour', '')}時", f"月將 {chart.get('yuejiang', '')}",
             f"三傳 {tr}", f"{chart.get('method', '')}"]
    if lang == "zh-Hans":     # 乙卯日 辰时, 月将 寅, 三传 …: the simplified page's own characters
        lines = [T.hans(line) for line in lines]
    elif lang == "en":        # the plate keeps its characters; the lines under it are read in English
        lines = [f"Day {L.term(chart.get('day', ''), lang)}", f"hour {L.term(chart.get('hour', ''), lang)}",
                 f"Monthly general {L.term(chart.get('yuejiang', ''), lang)}", L.term(tr, lang),
                 L.term(chart.get("method", ""), lang)]
    elif lang == "ko":        # 己酉(기유)일 巳(사)시, 월장(月將) 寅(인), 삼전(三傳) …, 원수(元首)
        lines = [f"{L.term(chart.get('day', ''), lang)}{T.label('day', lang)} "
                 f"{L.term(chart.get('hour', ''), lang)}{T.label('hour', lang)}",
                 f"{T.label('yuejiang', lang)} {L.term(chart.get('yuejiang', ''), lang)}",
                 f"{T.label('transmissions', lang)} {L.term(tr, lang)}", L.term(chart.get("method", ""), lang)]
    # the lines fill the middle four cells, all at the largest size up to 17 px at which the
    # longest fits their width, the block centred in their height (an English or Korean line with
    # its glosses is twice as long as the characters alone, and spilt over the cells beside)
    fs = min(_fitting_size(line, 2 * cell - 14, 17) for line in lines)
    step = min(26, fs * 1.5, (2 * cell - 16) / max(1, len(lines)))
    first = pad + cell + (2 * cell - step * len(lines)) / 2 + step * 0.72
    for i, line in enumerate(lines):
        out.append(f'<text class="centre" x="{cx}" y="{first + i * step:.1f}" text-anchor="middle" '
                   f'font-size="{fs}">{html.escape(line)}</text>')
    out.append(f'<text x="{size / 2}" y="{size + 18}" text-anchor="middle" font-size="13">{html.escape(caption)}</text>')
    out.append("</svg>")
    return "".join(out)


def plate_key(lang: str) -> str:
    """What the plates' characters are, for a reader of English or Korean: each general as the
    plate writes it, by its name (Noble One (貴人) …, 귀인(貴人) …), and for English the twelve
    branches (Zi (子) …), which the plate writes in characters alone; "" for a Chinese reader.

    >>> plate_key("en")[:49]
    'Generals (天將): Noble One (貴人), Soaring Snake (螣蛇)'
    >>> plate_key("ko")[:23]
    '천장(天將): 귀인(貴人) · 등사(螣蛇)'
    """
    from almanac.cycles import BRANCHES
    from almanac.liuren.generals import GENERALS
    if lang == "en":
        return (f"Generals (天將): {', '.join(T.term(g, lang) for g in GENERALS)}. "
                f"Branches: {', '.join(T.term(b, lang) for b in BRANCHES)}.")
    if lang == "ko":
        return "천장(天將): " + " · ".join(T.term(g, lang) for g in GENERALS)
    return ""


def _fitting_size(text: str, width: float, largest: int, smallest: int = 9) -> int:
    """The largest font size (px, ``smallest`` … ``largest``) at which ``text`` is at most ``width``
    wide in a sans-serif face, by a generous estimate of its glyphs' advance: a full em for a wide
    (CJK, Hangul) glyph, about six tenths for a Latin letter or digit, a third for a space, a
    hyphen or a bracket."""
    em = sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.36 if ch in " ()[],.·:;'-" else
             0.68 if ch.isupper() else 0.58 for ch in text)
    return max(smallest, min(largest, int(width / em) if em else largest))


def reason_line(hour: dict, lang: str) -> str:
    """The one line that best explains an hour's verdict, in ``lang``, for a place that shows the
    verdict and score beside it: the judgement's own ``summary`` after its verdict and score
    (almanac.judgement.explain.summary_body), else the strongest reason pulling the way the
    verdict went (the largest blessing for 平 and better, the gravest warning below)."""
    if hour.get("reasons") is not None and "verdict" in hour:
        said = localize(hour, lang)
        return summary_body(said["reasons"], lang, said.get("vetoes") or ())
    reasons = [r for r in hour.get("reasons") or [] if isinstance(r, dict)]
    if not reasons:
        return ""
    good = T.VERDICT_RANK.get(str(hour.get("verdict", "")), 2) >= 2
    pick = (max if good else min)(reasons, key=lambda r: float(r.get("effect", 0) or 0))
    return rule_text(str(pick.get("rule", "")), lang, str(pick.get("text", "")))


def _hour_rows(day: dict, judged_by_task: dict[str, dict], lang: str, tasks: list[dict] | None = None) -> list[dict]:
    """The twelve rows of the hour table; ``tasks`` (default: those judged) give its columns."""
    tasks = tasks if tasks is not None else [{"name": t} for t in judged_by_task]
    rows = []
    for h in day.get("hours") or []:
        tr, method = chart_of(h, day)
        verdicts = {}
        for t in tasks:
            hj = judged_by_task[t["name"]].get(h["branch"], {})
            verdict, vetoed = str(hj.get("verdict", "")), bool(hj.get("vetoed"))
            bg, ink = T.verdict_style(verdict, vetoed)
            if hj.get("reasons") is not None and "verdict" in hj:
                # reasons (in the words that speak to the task), citations and summary in the report's language
                hj = localize(hj, lang, task=t.get("base") or t["name"])
            reasons = [str(r.get("text", "")) + (f" — {r['citation']}" if r.get("citation") else "")
                       for r in hj.get("reasons") or [] if isinstance(r, dict)]
            verdicts[t["name"]] = {
                "word": T.label("vetoed", lang) if vetoed else T.verdict_name(verdict, lang),
                "score": f"{hj['score']:+g}" if _num(hj.get("score")) else "", "bg": bg, "ink": ink,
                # the verdict and score as a reader meets the pair everywhere (one home: terms)
                "pair": T.verdict_score(verdict, hj["score"], lang, vetoed=vetoed) if _num(hj.get("score"))
                else (T.label("vetoed", lang) if vetoed else T.verdict_name(verdict, lang)),
                "reasons": reasons}
        rows.append({"branch": L.term(h["branch"], lang), "start": _start(h["start"], h["end"], lang, h["branch"], True),
                     "end": h["end"][11:16],
                     "pillar": L.term(h.get("pillar", ""), lang), "mansion": L.term(h.get("mansion", ""), lang),
                     "flags": [T.flag_name(f, lang) for f in active_flags(h.get("flags"))],
                     "transmissions": L.term("".join(tr), lang),
                     "method": _method_cell(method, keti_of(h), lang),
                     "verdicts": verdicts})
    return rows


def _cite(rows: list[dict]) -> list[str]:
    """The distinct reasons of a page's hour rows in the order first met; each verdict of the rows
    gains ``refs``, the numbers (from 1) of its reasons in that list."""
    index: dict[str, int] = {}
    for r in rows:
        for v in r["verdicts"].values():
            v["refs"] = [index.setdefault(x, len(index) + 1) for x in v.get("reasons") or []]
    return list(index)


#: what a page of another day than today says in place of "today" (이날, 當日, that day)
_THAT_DAY = {"ko": (("오늘의", "이날의"), ("오늘은", "이날은"), ("오늘", "이날")),
             "zh-Hant": (("今日", "當日"),), "zh-Hans": (("今日", "当日"),),
             "en": (("Today's", "That day's"), ("today", "that day"))}


def that_day(text: str, lang: str) -> str:
    """``text`` as a page of a past or future day says it: 오늘 → 이날, 今日 → 當日, today → that day.

    >>> that_day("오늘 한눈에", "ko"), that_day("今日一覽", "zh-Hant"), that_day("No task has a good hour today.", "en")
    ('이날 한눈에', '當日一覽', 'No task has a good hour that day.')
    """
    for a, b in _THAT_DAY.get(lang, ()):
        text = text.replace(a, b)
    return text


#: the plain answer per task, in everyday words: {when} the hour, {why} its main reason
_PLAIN = {
    "ko": ("{day} {task}에 가장 좋은 때는 {when}({verdict})입니다. {why}",
           "{day} {task}에는 좋은 때가 없습니다. 그나마 나은 때는 {when}({verdict})입니다.",
           "{day} {task}에는 쓸 만한 때가 없습니다."),
    "zh-Hant": ("{day}{task}最好的時間是{when}（{verdict}）。{why}",
                "{day}{task}沒有好時間；相對較好的是{when}（{verdict}）。",
                "{day}{task}沒有可用的時間。"),
    "en": ("{day}'s best time for {task} is {when} ({verdict}). {why}",
           "{day} has no good time for {task}; the least bad is {when} ({verdict}).",
           "{day} has no usable time for {task}."),
}
_DAY_WORD = {"ko": ("오늘", "이날"), "zh-Hant": ("今天", "當天"), "zh-Hans": ("今天", "当天"), "en": ("Today", "That day")}


def plain_answers(day: dict, judged_by_task: dict[str, dict], tasks: list[dict], lang: str,
                  today: bool = True) -> list[str]:
    """One sentence per task in everyday words — "오늘 여행·외출에 가장 좋은 때는 05:00–07:00(길)입니다.
    …" — the expert terms left to the glance and the table below it."""
    from almanac.lang import hans
    from almanac.reader import hour_span
    key = "zh-Hant" if lang == "zh-Hans" else lang
    good_t, poor_t, none_t = _PLAIN[key]
    hours = {h["branch"]: h for h in day.get("hours") or []}
    out = []
    for t in tasks:
        name = everyday(t["name"], lang) or T.task_label(t, lang)
        usable = [hj for hj in judged_by_task[t["name"]].values() if not hj.get("vetoed") and _num(hj.get("score"))]
        words = {"day": _DAY_WORD[lang][0 if today else 1], "task": name}
        if not usable:
            text = none_t.format(**words)
        else:
            top = max(usable, key=lambda hj: (float(hj["score"]), -"子丑寅卯辰巳午未申酉戌亥".index(hj["branch"])))
            h = hours.get(top["branch"], {})
            when = hour_span(h.get("start", ""), h.get("end", ""), lang, top["branch"]) if h.get("start") else top["branch"]
            good = T.VERDICT_RANK.get(str(top["verdict"]), 0) >= T.VERDICT_RANK["吉"]
            words.update(when=when, verdict=T.verdict_name(str(top["verdict"]), lang),
                         why=_plain_why(top, lang))
            text = (good_t if good else poor_t).format(**words).strip()
        out.append(hans(text) if lang == "zh-Hans" else text)
    return out


def _plain_why(hour: dict, lang: str) -> str:
    """The hour's strongest reason in favour, as a short clause (its rule's text, no citation)."""
    reasons = [r for r in localize(hour, lang).get("reasons") or [] if isinstance(r, dict)] \
        if hour.get("reasons") is not None and "verdict" in hour else []
    good = [r for r in reasons if float(r.get("effect", 0) or 0) > 0]
    if not good:
        return ""
    top = max(good, key=lambda r: float(r.get("effect", 0) or 0))
    text = str(top.get("text", "")).split(" — ")[0].strip()
    lead = {"ko": "근거: ", "zh-Hant": "因為", "zh-Hans": "因为", "en": "Because: "}[lang]
    stop = "。" if lang.startswith("zh") else "."
    return f"{lead}{text}{stop}" if text else ""


#: the mark of a 子 hour's start in an English page's hour table, and the note under the table
#: that says what it means (the words would make the narrow time column four lines tall)
EVENING_MARK = "†"
EVENING_NOTE = {"en": "† The Zi (子) hour begins at its time on the evening before the day it belongs to.",
                "ko": "", "zh-Hant": "", "zh-Hans": ""}


def _start(start: str, end: str, lang: str, branch: str, table: bool = False) -> str:
    """An hour's start as a page shows it: ``05:00``; the 子 hour's says it is the evening before
    (``전날 23:00``, ``前一日 23:00``, ``day before 23:00``: ``almanac.reader.hour_span``; in an
    English hour table ``23:00†``, the note under the table saying what † means)."""
    from almanac.reader import evening_before, hour_span
    if not (start and end):
        return start[11:16]
    if table and lang == "en" and evening_before(start, end, branch):
        return start[11:16] + EVENING_MARK
    # one unbroken run (전날 23:00, day before 23:00): a narrow time column wraps after its dash only
    return hour_span(start, end, lang, branch).rsplit("–", 1)[0].replace(" ", "\u00a0")


def _method_cell(method: str, keti: list[str], lang: str) -> str:
    """The 課法·課體 cell: the method, then the other 課體 (the method is the first of them; a
    reader should not meet it twice, 중심(重審) · 중심(重審) …)."""
    rest = [k for k in keti if k != method]
    return " · ".join([L.term(method, lang), L.term_list(rest, lang)]) if rest else L.term(method, lang)


def _glance(day: dict, judged_by_task: dict[str, dict], tasks: list[dict], lang: str) -> dict:
    """The day at a glance: the best usable hour per task with its reason; the taboos explained.
    An hour below 吉 is not called best: its line says the day has no good hour for the task
    (or one line above them all, when no task has one), and the heading says what the lines
    are, the highest-scoring hours (a verdict agrees with
    what the page says of it)."""
    hours = {h["branch"]: h for h in day.get("hours") or []}
    best = []
    for t in tasks:
        usable = [hj for hj in judged_by_task[t["name"]].values() if not hj.get("vetoed") and _num(hj.get("score"))]
        entry = {"task": T.task_label(t, lang)}
        if usable:
            top = max(usable, key=lambda hj: (float(hj["score"]), -"子丑寅卯辰巳午未申酉戌亥".index(hj["branch"])))
            h = hours.get(top["branch"], {})
            bg, ink = T.verdict_style(str(top.get("verdict", "")))
            entry.update(branch=L.term(top["branch"], lang),
                         start=_start(h.get("start", top.get("start", "")), h.get("end", top.get("end", "")),
                                      lang, top["branch"]),
                         end=h.get("end", top.get("end", ""))[11:16], word=verdict_text(str(top["verdict"]), lang),
                         score=f"{top['score']:+g}", pair=T.verdict_score(str(top["verdict"]), top["score"], lang),
                         bg=bg, ink=ink, reason=reason_line(top, lang),
                         good=T.VERDICT_RANK.get(str(top["verdict"]), 0) >= T.VERDICT_RANK["吉"])
        best.append(entry)
    rated = [b["good"] for b in best if "good" in b]
    heading = "best_per_task" if all(rated) else "top_per_task"
    none_good = bool(rated) and not any(rated)
    for b in best:      # when no task has a good hour, that is said once above the lines
        b["mark"] = "good" in b and not b["good"] and not none_good
    day_flags = active_flags(day.get("flags"))
    taboos = [T.flag_explain(f, lang) for f in day_flags]
    hour_flags: dict[str, list[str]] = {}
    for h in day.get("hours") or []:
        for f in active_flags(h.get("flags")):
            hour_flags.setdefault(f, []).append(L.term(h["branch"], lang))
    hour_taboos = [{"name": T.flag_name(f, lang), "hours": T.joined(bs, lang),
                    "explain": _after_name(T.flag_explain(f, lang))} for f, bs in hour_flags.items()]
    return {"heading": T.label(heading, lang), "none_good": none_good, "best": best,
            "taboos": taboos or [T.label("no_day_taboo", lang)], "hour_taboos": hour_taboos}


def _after_name(sentence: str) -> str:
    """An explanation without its leading "name:" (the name is shown beside it already)."""
    for sep in ("：", ": "):
        if sep in sentence:
            return sentence.split(sep, 1)[1]
    return sentence


def _legend(lang: str) -> list[dict]:
    """The verdicts' colours, each named once. A Korean legend gives each word its character
    (길(吉), 평(平) — 평 alone is also a unit of floor area; 불가(不可)), as the rest of the page
    writes a term; the dense cells of the hour table and the heatmaps keep the bare word (대길,
    길, 평 …) that the legend ties to its character."""
    out = []
    for v in ("大吉", "吉", "平", "凶", "大凶"):
        bg, ink = T.verdict_style(v)
        word = T.verdict_name(v, lang)
        out.append({"word": f"{word}({v})" if lang == "ko" else word, "bare": word,
                    "mark": _short(v, False, lang), "bg": bg, "ink": ink})
    bg, ink = T.verdict_style("", vetoed=True)
    word = T.label("vetoed", lang)
    out.append({"word": f"{word}(不可)" if lang == "ko" else word, "bare": word,
                "mark": _short("", True, lang), "bg": bg, "ink": ink})
    return out


def latest(folder) -> Path | None:
    """The newest ``YYYY-MM-DD.html`` in ``folder``."""
    folder = Path(folder)
    pages = sorted(p for p in folder.glob("????-??-??.html")) if folder.exists() else []
    return pages[-1] if pages else None


def variant_dir(root, lang: str, tz: str, cfg) -> Path:
    """Where the pages of ``lang`` and ``tz`` live under ``root``: ``root`` itself for the
    configured default language and zone, else ``root/LANG/ZONE`` (ZONE a checked IANA name)."""
    from almanac.exports.feeds import check_tz
    lang, tz = T.check_lang(lang), check_tz(tz)
    if lang == T.check_lang(cfg["reports"]["lang"]) and tz == cfg["calendar"]["default_tz"]:
        return Path(root)
    return Path(root, lang, *tz.split("/"))


@dataclass
class _Range:
    start: date
    end: date
    tz: str
    days: list[dict]
    tasks: list[dict]
    judged: dict[str, dict[date, list[dict]]]
    heat: tuple[date, date]


def _gather(start: date, days: int, tz: str, cfg, heatmap_days: int) -> _Range:
    end = start + timedelta(days=days - 1)
    heat_end = max(end, start + timedelta(days=heatmap_days - 1))
    tasks = source.tasks(cfg)
    judged = {t["name"]: source.judge_range(t["name"], start, heat_end, tz, cfg) for t in tasks}
    return _Range(start, end, tz, source.get_range(start, end, tz, cfg), tasks, judged, (start, heat_end))


def _render(rng: _Range, out: Path, lang: str, cfg, update_latest: bool = True,
            record: "written.Record | None" = None, key: str | None = None,
            query: str | None = None, linked: "Callable[[date], bool] | None" = None) -> list[Path]:
    """The pages of ``rng`` in ``lang`` written into ``out``; each file noted in ``record`` as
    made from ``key`` when both are given (see :func:`write_report_set`). The links to the day
    before and after carry ``query`` (by default :func:`link_query` of the page's language and
    zone), so that a reader who follows them stays in that language, zone and choices. A page
    links to a day beside it only when that day's page is there to be read: ``linked(day)``, by
    default a page of this run or one already in ``out`` (a single day's page written alone has
    no link that leads nowhere)."""
    out.mkdir(parents=True, exist_ok=True)
    if query is None:
        query = link_query(lang, rng.tz, cfg)
    if linked is None:
        shown = {day["date"] for day in rng.days}

        def linked(n: date) -> bool:
            return n.isoformat() in shown or (out / f"{n.isoformat()}.html").exists()

    def beside(d: date, step: int) -> str | None:
        n = _neighbour(d, step)
        return n if n is not None and linked(date.fromisoformat(n)) else None

    def put(path: Path, data: bytes) -> Path:
        st = written.write(path, data)
        if record is not None and key is not None:
            record.note(path, key, st, hashlib.sha256(data).hexdigest())
        return path

    n_charts = int(cfg["reports"]["best_charts"])
    labels = {t["name"]: T.task_label(t, lang) for t in rng.tasks}
    # a column is headed by the name people use today (소송, 취업·승진), the classical one in its title
    columns = {t["name"]: everyday(t["name"], lang) or T.task_label(t, lang, hanja=False) for t in rng.tasks}
    heatmaps = {t["name"]: heatmap_svg(labels[t["name"]], j, lang) for t, j in zip(rng.tasks, rng.judged.values())}
    legend = _legend(lang)
    paths = []
    for day in rng.days:
        d = date.fromisoformat(day["date"])
        by_task = {t: {h["branch"]: h for h in j.get(d, [])} for t, j in rng.judged.items()}
        rows = _hour_rows(day, by_task, lang, rng.tasks)
        cited = _cite(rows)     # each distinct reason once on the page; the hours refer to it
        ranked = sorted(((hj["score"], t, b, hj) for t, hs in by_task.items() for b, hj in hs.items()
                         if _num(hj.get("score")) and not hj.get("vetoed")
                         and T.VERDICT_RANK.get(str(hj.get("verdict")), 0) >= T.VERDICT_RANK["吉"]),
                        key=lambda x: (-x[0], x[1], x[2]))
        charts, seen = [], set()
        for score, task, branch, hj in ranked:
            if len(charts) >= n_charts:
                break
            if branch in seen:
                continue
            seen.add(branch)
            hour = next(h for h in day["hours"] if h["branch"] == branch)
            moment = datetime.fromisoformat(hour["start"]) + timedelta(minutes=1)
            if not MIN_YEAR <= moment.year <= MAX_YEAR:   # the first 子 hour of the supported years began the evening before them
                continue
            ch = source.chart(moment.isoformat(), rng.tz, cfg)
            word = verdict_text(str(hj.get("verdict", "")), lang)
            charts.append({"task": labels[task], "branch": L.term(branch, lang), "word": word, "score": f"{score:+g}",
                           "pair": T.verdict_score(str(hj.get("verdict", "")), score, lang),
                           "svg": plate_svg(ch, f"{labels[task]} · {L.term(branch, lang)}{' ' if lang == 'en' else ''}"
                                                f"{T.label('hour', lang)} {word}", lang),
                           "transmissions": L.term("".join(ch.get("transmissions") or []), lang),
                           "method": L.term(ch.get("method", ""), lang)})
        today = d == datetime.now(ZoneInfo(rng.tz)).date()
        said = (lambda k: T.label(k, lang)) if today else (lambda k: that_day(T.label(k, lang), lang))
        glance = _glance(day, by_task, rng.tasks, lang)
        if not today:       # a past or future page says "that day" (이날, 當日), never "today"
            glance["heading"] = that_day(glance["heading"], lang)
            glance["taboos"] = [that_day(x, lang) for x in glance["taboos"]]
        ctx = {"day": day, "date": d, "lang": lang, "plate_key": plate_key(lang), "facts": day_lines(day, lang, shown=("pillars", "taboos", "everyday")), "rows": rows,
               # the everyday 택일 line (손 없는 날, 建除, 黃道/黑道, 沖, 煞; 宜/忌) in the day's summary
               "everyday": everyday_lines(day, lang, titled=False),
               "tasks": rng.tasks, "labels": labels, "columns": columns, "heatmaps": heatmaps, "cited": cited,
               "plain": plain_answers(day, by_task, rng.tasks, lang, today),
               "charts": charts, "legend": legend, "glance": glance,
               "L": said, "joined": lambda items: T.joined(items, lang),
               # punctuation of the reader's script: full-width in Chinese text (學派：本書, 伏斷（巳）)
               "C": T.colon(lang), "B": lambda text: T.bracketed(text, lang),
               "dash": "：" if lang.startswith("zh") else " — ", "stop": "。" if lang.startswith("zh") else ". ",
               "product": T.PRODUCT[lang],
               "score_note": T.score_note(lang, SCALE), "pillar_line": T.pillar_line(day["pillars"], lang),
               # one day's heatmap is of that day (「2026-12-07 – 2026-12-07」 read as a range of none)
               "range": rng.heat[0].isoformat() + (f" – {rng.heat[1].isoformat()}" if rng.heat[1] > rng.heat[0] else ""),
               "digest": cfg.digest,
               "tz": rng.tz, "choices": choices_text(cfg, lang, every=False), "prev": beside(d, -1), "next": beside(d, 1), "query": query,
               "flags_explained": [T.flag_explain(f, lang) for f in T.FLAGS]
               + ([EVENING_NOTE[lang]] if EVENING_NOTE[lang] and any(EVENING_MARK in r["start"] for r in rows) else [])}
        html_path = put(out / f"{d.isoformat()}.html", _templates().get_template("day.html.j2").render(ctx).encode())
        put(out / f"{d.isoformat()}.md", _templates().get_template("day.md.j2").render(ctx).encode())
        paths.append(html_path)
    if update_latest and paths:
        put(out / "latest.html", paths[0].read_bytes())
    return paths


def _check_days(days) -> int:
    from almanac.errors import BadInput
    try:
        n = int(days)
    except (TypeError, ValueError):
        raise BadInput(f"--days {days!r} is not a whole number; accepted: 1..366",
                       zh=f"--days 不是整數：{days!r}（可用：1..366）",
                       ko=f"--days 값이 정수가 아닙니다: {days!r} (1..366)") from None
    if not 1 <= n <= 366:
        raise BadInput(f"--days {n} is outside 1..366",
                       zh=f"--days 超出範圍 1..366：{n}",
                       ko=f"--days 값이 1..366 범위를 벗어났습니다: {n}")
    return n


def link_query(lang: str, tz: str, cfg, picked: dict | None = None) -> str:
    """The query a page's links to its neighbours carry: ``?lang=…&tz=…`` and the reader's own
    choices (``picked``: place, clock, lunar, school). The service answers ``/reports/DAY.html``
    with those parameters from the same language and zone (:func:`variant_dir`); a static copy of
    the pages ignores them and finds its neighbour beside it. A page of the configured language
    and zone carries them too: the service reads a link without ``lang=`` in the browser's own
    language (``Accept-Language``), so a bare link would take a reader who chose that language —
    or a friend the link was sent to — to a page in another.

    >>> from almanac import config
    >>> cfg = config.load()
    >>> link_query("ko", "Asia/Seoul", cfg), link_query(cfg["reports"]["lang"], cfg["calendar"]["default_tz"], cfg)
    ('?lang=ko&tz=Asia%2FSeoul', '?lang=zh-Hant&tz=Asia%2FShanghai')
    >>> link_query("en", "Asia/Seoul", cfg, {"place": "부산", "clock": None})
    '?lang=en&tz=Asia%2FSeoul&place=%EB%B6%80%EC%82%B0'
    """
    from urllib.parse import urlencode
    extra = {k: v for k, v in (picked or {}).items() if v is not None}
    return "?" + urlencode({"lang": T.check_lang(lang), "tz": tz, **extra})


def _neighbour(d: date, step: int) -> str | None:
    """The day before or after ``d`` that a page links to, or None past the supported years."""
    from almanac.calendar import MAX_YEAR, MIN_YEAR
    n = d + timedelta(days=step)
    return n.isoformat() if MIN_YEAR <= n.year <= MAX_YEAR else None


def write_reports(start_date, days: int, out_dir, config=None, lang: str | None = None,
                  tz: str | None = None, *, heatmap_days: int | None = None,
                  update_latest: bool = True, query: str | None = None,
                  linked: "Callable[[date], bool] | None" = None) -> list[Path]:
    """Write ``DIR/YYYY-MM-DD.html`` and ``.md`` for ``days`` days from ``start_date`` in one
    language and zone; returns the HTML paths. The heatmaps cover the written days, or
    ``heatmap_days`` from ``start_date`` when that is longer (a single page still shows its week).
    Files are replaced atomically. With ``update_latest`` (the nightly run and the command line)
    ``DIR/latest.html`` becomes the page of ``start_date``, the night the run is for; a page written
    on demand (``update_latest=False``, the HTTP service) never touches it. ``linked(day)`` says
    whether a page may link to the day beside it (by default: a page of this run or one already
    in ``out_dir``; the service also serves the days of its window on demand)."""
    from almanac.exports.feeds import check_tz
    cfg = config_mod.load(config)
    start = parse_date(start_date)
    days = _check_days(days)
    lang = T.check_lang(lang or cfg["reports"]["lang"])
    tz = check_tz(tz or cfg["calendar"]["default_tz"])
    rng = _gather(start, days, tz, cfg, _check_days(heatmap_days or days))
    return _render(rng, Path(out_dir), lang, cfg, update_latest, query=query, linked=linked)


def published(cfg) -> tuple[list[str], list[str]]:
    """The languages and zones the nightly reports are written in (``[reports] langs`` / ``zones``;
    empty means the default language / zone only)."""
    from almanac.exports.feeds import check_tz
    rep = cfg["reports"]
    langs = [T.check_lang(x) for x in rep.get("langs") or []] or [T.check_lang(rep["lang"])]
    zones = [check_tz(z) for z in rep.get("zones") or []] or [cfg["calendar"]["default_tz"]]
    return list(dict.fromkeys(langs)), list(dict.fromkeys(zones))


def write_report_set(start_date, days: int, root, config=None) -> list[Path]:
    """Every published language × zone (:func:`published`) for ``days`` days from ``start_date``,
    each zone judged once; default pages in ``root``, the others in :func:`variant_dir`.

    A language and zone whose pages were all written from the same inputs (:func:`_inputs_key`:
    code, config, dates and the store's row checksums of every day shown) and are still as they
    were left is not rendered again (``exports.written``)."""
    cfg = config_mod.load(config)
    start = parse_date(start_date)
    days = _check_days(days)
    langs, zones = published(cfg)
    paths: list[Path] = []
    with written.Record(written.record_path()) as record:
        for tz in zones:
            # a date the zone skipped whole (Pacific/Apia 2011-12-30) has no page
            names = [f"{d.isoformat()}.{ext}"
                     for d in source._dates(start, start + timedelta(days=days - 1), tz, cfg)
                     for ext in ("html", "md")] + ["latest.html"]
            rng = None
            tags = _stored_tags(start, days, tz, cfg)
            for lang in langs:
                out = variant_dir(root, lang, tz, cfg)
                key = None if tags is None else _inputs_key(start, days, tz, lang, cfg, tags)
                if key is not None and all(record.unchanged(out / n, key) for n in names):
                    paths += [out / n for n in names if n.endswith(".html") and n != "latest.html"]
                    continue
                rng = rng or _gather(start, days, tz, cfg, days)
                paths += _render(rng, out, lang, cfg, record=record, key=key)
        record.save()
    return paths


def _stored_tags(start: date, days: int, tz: str, cfg) -> list | None:
    """The store's tags (``source.day_tags``, ``source.task_tags``: digests of its row
    checksums) of every day of the pages and of every task judged on them, or None when the
    store does not hold one of them current (the pages are then always rendered)."""
    end = start + timedelta(days=days - 1)
    dates = source._dates(start, end, tz, cfg)     # a date the zone skipped has no page
    day_tags = source.day_tags(start, end, tz, cfg)
    out = [[day_tags.get(d) for d in dates]]
    for t in source.tasks(cfg):
        got = source.task_tags(t["name"], start, end, tz, cfg)
        out.append([t["name"], [got.get(d) for d in dates]])
    if None in out[0] or any(None in tags for _, tags in out[1:]):
        return None
    return out


def _inputs_key(start: date, days: int, tz: str, lang: str, cfg, tags: list) -> str:
    """What the pages of one language and zone are made of: the code and its templates, the
    config, the zone's rules, the dates and language, the store's tags of every day shown, and
    which of the days is today there (a page says 오늘/today of its own day only)."""
    today = datetime.now(ZoneInfo(tz)).date()
    return written.key_of("report", written.code_digest(), cfg.digest, written.zone_rules(tz),
                          tz, lang, start.isoformat(), days, tags, (today - start).days)


def compile_templates() -> None:
    """Load the template engine and compile the pages' templates now (a worker process of the
    service does it when it starts, so its first page costs what any other does)."""
    env = _templates()
    for name in ("day.html.j2", "day.md.j2"):
        env.get_template(name)
