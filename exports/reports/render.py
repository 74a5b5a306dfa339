"""Rendering a day's report pages: the HTML and Markdown of each day from the Jinja2 templates
shipped beside this package (``templates/``), with the links to the days beside it, each file
written whole and noted in the record of written files.
"""
from __future__ import annotations

import functools
import hashlib
import html
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Callable
from zoneinfo import ZoneInfo

from almanac import terms as T
from almanac.calendar import MAX_YEAR, MIN_YEAR
from almanac.judgement.score import SCALE
from almanac.exports import source, written
from almanac.exports.feeds import labels as L
from almanac.exports.feeds.names import choices_text
from almanac.exports.feeds.words import day_lines, everyday_lines, verdict_text
from almanac.exports.reports.gather import Range
from almanac.exports.reports.phrases import EVENING_MARK, EVENING_NOTE, is_score, plain_answers, that_day
from almanac.exports.reports.pictures import heatmap_svg, plate_key, plate_svg
from almanac.exports.reports.sections import cite, day_glance, hour_rows, verdict_legend
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


def render_pages(rng: Range, out: Path, lang: str, cfg, update_latest: bool = True,
            record: "written.Record | None" = None, key: str | None = None,
            query: str | None = None, linked: "Callable[[date], bool] | None" = None) -> list[Path]:
    """The pages of ``rng`` in ``lang`` written into ``out``; each file noted in ``record`` as
    made from ``key`` when both are given (see ``writing.write_report_set``). The links to the day
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
    legend = verdict_legend(lang)
    paths = []
    for day in rng.days:
        d = date.fromisoformat(day["date"])
        by_task = {t: {h["branch"]: h for h in j.get(d, [])} for t, j in rng.judged.items()}
        rows = hour_rows(day, by_task, lang, rng.tasks)
        cited = cite(rows)     # each distinct reason once on the page; the hours refer to it
        ranked = sorted(((hj["score"], t, b, hj) for t, hs in by_task.items() for b, hj in hs.items()
                         if is_score(hj.get("score")) and not hj.get("vetoed")
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
        glance = day_glance(day, by_task, rng.tasks, lang)
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


def compile_templates() -> None:
    """Load the template engine and compile the pages' templates now (a worker process of the
    service does it when it starts, so its first page costs what any other does)."""
    env = _templates()
    for name in ("day.html.j2", "day.md.j2"):
        env.get_template(name)
