"""The pictures of a day's page, drawn as SVG: the heatmap of a task's days × hours, each cell
coloured and marked by its verdict, and the 天地盤 plate of an hour with the key to its
characters.
"""
from __future__ import annotations

import html
import unicodedata
from datetime import date

from almanac import terms as T
from almanac.exports.feeds import labels as L
from almanac.exports.reports.phrases import is_score

# 天地盤 layout: ground branches around a 4×4 square (row, col)
_PLATE_CELLS = {"巳": (0, 0), "午": (0, 1), "未": (0, 2), "申": (0, 3), "辰": (1, 0), "酉": (1, 3),
                "卯": (2, 0), "戌": (2, 3), "寅": (3, 0), "丑": (3, 1), "子": (3, 2), "亥": (3, 3)}

#: short verdict marks for heatmap cells (the legend names them in full)
_SHORT_EN = {"大吉": "++", "吉": "+", "平": "·", "凶": "−", "大凶": "−−"}


def short_mark(verdict: str, vetoed: bool, lang: str) -> str:
    """A heatmap cell's verdict mark (the legend names it in full)."""
    if vetoed:
        return "×" if lang == "en" else T.label("vetoed", lang)
    return _SHORT_EN.get(verdict, verdict) if lang == "en" else T.verdict_name(verdict, lang)



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
            score = f"{hr['score']:+g}" if is_score(hr.get("score")) else ""
            tip = f"{d} {L.term(hr.get('branch', ''), lang)} {short_mark(verdict, vetoed, lang)} {score}"
            out.append(f'<rect x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" fill="{bg}" '
                       f'stroke="#999" stroke-width="0.5"><title>{html.escape(tip)}</title></rect>')
            out.append(f'<text x="{x + cw / 2 - 1}" y="{y + 15}" text-anchor="middle" fill="{ink}">'
                       f'{html.escape(short_mark(verdict, vetoed, lang))}</text>')
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
