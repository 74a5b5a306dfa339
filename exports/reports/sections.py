"""The parts of a day's page, as data for its templates: the twelve-hour table (each task's
verdict, score and reasons per hour), the distinct reasons it cites, the day at a glance (each
task's best hour, the day's and hours' taboos explained) and the legend of the verdicts' colours.
"""
from __future__ import annotations

from almanac import terms as T
from almanac.judgement.explain import localize
from almanac.exports.feeds import labels as L
from almanac.exports.feeds.words import active_flags, chart_of, keti_of, verdict_text
from almanac.exports.reports.phrases import after_name, hour_start, is_score, method_cell, reason_line
from almanac.exports.reports.pictures import short_mark

def hour_rows(day: dict, judged_by_task: dict[str, dict], lang: str, tasks: list[dict] | None = None) -> list[dict]:
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
                "score": f"{hj['score']:+g}" if is_score(hj.get("score")) else "", "bg": bg, "ink": ink,
                # the verdict and score as a reader meets the pair everywhere (one home: terms)
                "pair": T.verdict_score(verdict, hj["score"], lang, vetoed=vetoed) if is_score(hj.get("score"))
                else (T.label("vetoed", lang) if vetoed else T.verdict_name(verdict, lang)),
                "reasons": reasons}
        rows.append({"branch": L.term(h["branch"], lang), "start": hour_start(h["start"], h["end"], lang, h["branch"], True),
                     "end": h["end"][11:16],
                     "pillar": L.term(h.get("pillar", ""), lang), "mansion": L.term(h.get("mansion", ""), lang),
                     "flags": [T.flag_name(f, lang) for f in active_flags(h.get("flags"))],
                     "transmissions": L.term("".join(tr), lang),
                     "method": method_cell(method, keti_of(h), lang),
                     "verdicts": verdicts})
    return rows


def cite(rows: list[dict]) -> list[str]:
    """The distinct reasons of a page's hour rows in the order first met; each verdict of the rows
    gains ``refs``, the numbers (from 1) of its reasons in that list."""
    index: dict[str, int] = {}
    for r in rows:
        for v in r["verdicts"].values():
            v["refs"] = [index.setdefault(x, len(index) + 1) for x in v.get("reasons") or []]
    return list(index)


def day_glance(day: dict, judged_by_task: dict[str, dict], tasks: list[dict], lang: str) -> dict:
    """The day at a glance: the best usable hour per task with its reason; the taboos explained.
    An hour below 吉 is not called best: its line says the day has no good hour for the task
    (or one line above them all, when no task has one), and the heading says what the lines
    are, the highest-scoring hours (a verdict agrees with
    what the page says of it)."""
    hours = {h["branch"]: h for h in day.get("hours") or []}
    best = []
    for t in tasks:
        usable = [hj for hj in judged_by_task[t["name"]].values() if not hj.get("vetoed") and is_score(hj.get("score"))]
        entry = {"task": T.task_label(t, lang)}
        if usable:
            top = max(usable, key=lambda hj: (float(hj["score"]), -"子丑寅卯辰巳午未申酉戌亥".index(hj["branch"])))
            h = hours.get(top["branch"], {})
            bg, ink = T.verdict_style(str(top.get("verdict", "")))
            entry.update(branch=L.term(top["branch"], lang),
                         start=hour_start(h.get("start", top.get("start", "")), h.get("end", top.get("end", "")),
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
                    "explain": after_name(T.flag_explain(f, lang))} for f, bs in hour_flags.items()]
    return {"heading": T.label(heading, lang), "none_good": none_good, "best": best,
            "taboos": taboos or [T.label("no_day_taboo", lang)], "hour_taboos": hour_taboos}


def verdict_legend(lang: str) -> list[dict]:
    """The verdicts' colours, each named once. A Korean legend gives each word its character
    (길(吉), 평(平) — 평 alone is also a unit of floor area; 불가(不可)), as the rest of the page
    writes a term; the dense cells of the hour table and the heatmaps keep the bare word (대길,
    길, 평 …) that the legend ties to its character."""
    out = []
    for v in ("大吉", "吉", "平", "凶", "大凶"):
        bg, ink = T.verdict_style(v)
        word = T.verdict_name(v, lang)
        out.append({"word": f"{word}({v})" if lang == "ko" else word, "bare": word,
                    "mark": short_mark(v, False, lang), "bg": bg, "ink": ink})
    bg, ink = T.verdict_style("", vetoed=True)
    word = T.label("vetoed", lang)
    out.append({"word": f"{word}(不可)" if lang == "ko" else word, "bare": word,
                "mark": short_mark("", True, lang), "bg": bg, "ink": ink})
    return out
