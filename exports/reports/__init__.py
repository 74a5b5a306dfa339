"""Nightly reports: one HTML and one Markdown page per day (Jinja2 templates shipped as package data).

Each page shows the day's pillars, lunar date, solar terms, 禽, 七元/將星 and taboos; the twelve hours
with pillar, 禽, flags, 三傳 and method and the verdict for every task; an SVG heatmap of days × hours
per task over the report's range; and the 天地盤 of the day's best hours.

``write_reports(start_date, days, out_dir, config)`` is what the scheduler calls nightly.
"""
from __future__ import annotations

import html
from datetime import date, datetime, timedelta
from pathlib import Path

import jinja2

import config as config_mod
from almanac.judgement.explain import localize
from exports import source
from exports.feeds import _active_flags, _atomic_write, _chart_of, day_lines, keti_of, korean
from exports.feeds import labels as L

_env = jinja2.Environment(loader=jinja2.PackageLoader("exports.reports", "templates"),
                          autoescape=jinja2.select_autoescape(["html", "j2"]),
                          trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)

# 天地盤 layout: ground branches around a 4×4 square (row, col)
_PLATE_CELLS = {"巳": (0, 0), "午": (0, 1), "未": (0, 2), "申": (0, 3), "辰": (1, 0), "酉": (1, 3),
                "卯": (2, 0), "戌": (2, 3), "寅": (3, 0), "丑": (3, 1), "子": (3, 2), "亥": (3, 3)}


def _color(score) -> str:
    if not isinstance(score, (int, float)):
        return "#eeeeee"
    x = max(-1.0, min(1.0, float(score) / 5.0))
    if x >= 0:  # white → green
        r, g, b = int(255 - 200 * x), int(255 - 80 * x), int(255 - 200 * x)
    else:  # white → red
        r, g, b = int(255 + 30 * x), int(255 + 200 * x), int(255 + 200 * x)
    return f"#{r:02x}{g:02x}{b:02x}"


def heatmap_svg(task: str, judged: dict[date, list[dict]]) -> str:
    """Days (rows) × hours (columns 子…亥) coloured by score, verdict written in each cell."""
    cw, ch, left, top = 34, 22, 92, 22
    days = sorted(judged)
    w, h = left + 12 * cw + 4, top + ch * len(days) + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'role="img" aria-label="{html.escape(task)} heatmap" font-family="sans-serif" font-size="12">']
    for i, b in enumerate("子丑寅卯辰巳午未申酉戌亥"):
        out.append(f'<text x="{left + i * cw + cw / 2}" y="15" text-anchor="middle">{b}</text>')
    for r, d in enumerate(days):
        y = top + r * ch
        out.append(f'<text x="4" y="{y + 15}">{d.isoformat()}</text>')
        for i, hr in enumerate(judged[d][:12]):
            x = left + i * cw
            tip = f"{d} {hr.get('branch', '')} {hr.get('verdict', '')} {hr.get('score', '')}"
            out.append(f'<rect x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" fill="{_color(hr.get("score"))}" '
                       f'stroke="#999" stroke-width="0.5"><title>{html.escape(tip)}</title></rect>')
            out.append(f'<text x="{x + cw / 2 - 1}" y="{y + 15}" text-anchor="middle">'
                       f'{html.escape(str(hr.get("verdict", "")))}</text>')
    out.append("</svg>")
    return "".join(out)


def plate_svg(chart: dict, caption: str) -> str:
    """The 天地盤: each ground branch (small) with the sky branch above it (large) and its general."""
    cell, pad = 78, 6
    size = cell * 4 + 2 * pad
    plate, generals = chart.get("plate") or {}, chart.get("generals") or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 24}" '
           f'viewBox="0 0 {size} {size + 24}" role="img" aria-label="天地盤" font-family="sans-serif">']
    for ground, (r, c) in _PLATE_CELLS.items():
        x, y = pad + c * cell, pad + r * cell
        sky = plate.get(ground, "")
        gen = generals.get(sky, "")
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
    for i, line in enumerate(lines):
        out.append(f'<text x="{cx}" y="{pad + cell + 36 + i * 26}" text-anchor="middle" font-size="17">'
                   f'{html.escape(line)}</text>')
    out.append(f'<text x="{size / 2}" y="{size + 18}" text-anchor="middle" font-size="13">{html.escape(caption)}</text>')
    out.append("</svg>")
    return "".join(out)


def _hour_rows(day: dict, judged_by_task: dict[str, dict], lang: str) -> list[dict]:
    rows = []
    for h in day.get("hours") or []:
        tr, method = _chart_of(h)
        verdicts = {}
        for task, j in judged_by_task.items():
            hj = j.get(h["branch"], {})
            if hj.get("reasons") is not None and "verdict" in hj:
                hj = localize(hj, lang)   # reasons, citations and summary in the report's language
            verdicts[task] = {"verdict": hj.get("verdict", ""), "score": hj.get("score", ""),
                              "color": _color(hj.get("score")), "summary": hj.get("summary", ""),
                              "reasons": [str(r.get("text", r)) + (f" — {r['citation']}" if r.get("citation") else "")
                                          if isinstance(r, dict) else L.free_text(str(r), lang)
                                          for r in hj.get("reasons") or []]}
        rows.append({"branch": h["branch"], "start": h["start"][11:16], "end": h["end"][11:16],
                     "pillar": h.get("pillar", ""), "mansion": L.term(h.get("mansion", ""), lang),
                     "flags": [L.flag_name(f, lang) for f in _active_flags(h.get("flags"))],
                     "transmissions": "".join(tr),
                     "method": " · ".join([method, " ".join(korean(k) if lang == "ko" else k
                                                            for k in keti_of(h))]) if keti_of(h) else method,
                     "verdicts": verdicts})
    return rows


def latest(folder) -> Path | None:
    """The newest ``YYYY-MM-DD.html`` in ``folder``."""
    folder = Path(folder)
    pages = sorted(p for p in folder.glob("????-??-??.html")) if folder.exists() else []
    return pages[-1] if pages else None


def write_reports(start_date, days: int, out_dir, config=None, lang: str | None = None, *,
                  update_latest: bool = True) -> list[Path]:
    """Write ``DIR/YYYY-MM-DD.html`` and ``.md`` for ``days`` days from ``start_date``; returns the
    HTML paths. Files are replaced atomically. With ``update_latest`` (the nightly run and the command
    line) ``DIR/latest.html`` becomes the page of ``start_date``, the night the run is for; a
    page written on demand (``update_latest=False``, the HTTP service) never touches it."""
    from almanac.errors import BadInput
    cfg = config_mod.load(config)
    start = source._as_date(start_date)
    days = int(days)
    if not 1 <= days <= 366:
        raise BadInput(f"--days {days} is outside 1..366")
    lang = L.check_lang(lang or cfg["reports"]["lang"])
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tz = cfg["calendar"]["default_tz"]
    end = start + timedelta(days=days - 1)
    day_docs = source.get_range(start, end, tz, cfg)
    tasks = source.tasks(cfg)
    judged = {t["name"]: source.judge_range(t["name"], start, end, tz, cfg) for t in tasks}
    heatmaps = {t: heatmap_svg(t, j) for t, j in judged.items()}
    n_charts = int(cfg["reports"]["best_charts"])
    paths = []
    for day in day_docs:
        d = date.fromisoformat(day["date"])
        by_task = {t: {h["branch"]: h for h in j.get(d, [])} for t, j in judged.items()}
        rows = _hour_rows(day, by_task, lang)
        ranked = sorted(((hj.get("score") if isinstance(hj.get("score"), (int, float)) else -99, t, b, hj)
                         for t, hs in by_task.items() for b, hj in hs.items()),
                        key=lambda x: (-x[0], x[1], x[2]))
        charts, seen = [], set()
        for score, task, branch, hj in ranked:
            if len(charts) >= n_charts or score <= 0:
                break
            if branch in seen:
                continue
            seen.add(branch)
            hour = next(h for h in day["hours"] if h["branch"] == branch)
            moment = datetime.fromisoformat(hour["start"]) + timedelta(minutes=1)
            try:
                ch = source.chart(moment.isoformat(), tz, cfg)
            except (ImportError, AttributeError):  # chart API not installed
                continue
            charts.append({"task": task, "branch": branch, "verdict": hj.get("verdict", ""), "score": score,
                           "svg": plate_svg(ch, f"{task} · {branch}時 {hj.get('verdict', '')} ({score:+g})"),
                           "transmissions": "".join(ch.get("transmissions") or []), "method": ch.get("method", "")})
        ctx = {"day": day, "date": d, "lang": lang, "facts": day_lines(day, lang), "rows": rows,
               "tasks": tasks, "heatmaps": heatmaps, "charts": charts, "L": lambda k: L.label(k, lang),
               "range": f"{start.isoformat()} – {end.isoformat()}", "digest": cfg.digest, "tz": tz,
               "prev": (d - timedelta(days=1)).isoformat(), "next": (d + timedelta(days=1)).isoformat()}
        html_path = _atomic_write(out / f"{d.isoformat()}.html", _env.get_template("day.html.j2").render(ctx).encode())
        _atomic_write(out / f"{d.isoformat()}.md", _env.get_template("day.md.j2").render(ctx).encode())
        paths.append(html_path)
    if update_latest and paths:
        _atomic_write(out / "latest.html", paths[0].read_bytes())
    return paths
