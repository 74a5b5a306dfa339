"""Drawing a chart as the books print it: 三傳 in a column, 四課 right to left, the plate as a ring.

>>> from almanac.cycles import GanZhi
>>> from almanac.liuren.chart import chart_for
>>> print(render_json(chart_for(GanZhi.parse("乙丑").index, 1, False).to_json()).splitlines()[0])
乙丑日  元首  (晝貴 子 順)  旬空 戌亥
"""
from __future__ import annotations

_RING = ((5, 6, 7, 8), (4, None, None, 9), (3, None, None, 10), (2, 1, 0, 11))
_BR = "子丑寅卯辰巳午未申酉戌亥"


#: the one-character names books print on the plate (the readable chart's key reads them out)
SHORT_GENERALS = {"貴人": "貴", "螣蛇": "蛇", "朱雀": "雀", "六合": "合", "勾陳": "勾", "青龍": "龍",
          "天空": "空", "白虎": "虎", "太常": "常", "玄武": "玄", "太陰": "陰", "天后": "后"}


def render_json(doc: dict, school_line: str | None = None) -> str:
    """Text drawing of a chart JSON document (``Chart.to_json()`` or the API's answer).
    ``school_line`` replaces the line 「學派 <key>」 (the command line names the school as its
    reader calls it: 學派 本書, 학파(學派) 본서(本書), School: default (本書))."""
    n = doc["noble"]
    head = (f"{doc['day']}日  {doc['method']}"
            + (f"·{doc['sub_method']}" if doc.get("sub_method") and doc["sub_method"] != doc["method"] else "")
            + f"  ({'夜' if n['time'] == 'night' else '晝'}貴 {n['branch']} {n['direction']})"
            + f"  旬空 {''.join(doc['void'])}")
    lines = [head]
    if school_line:
        lines.append(school_line)
    elif doc.get("school"):
        lines.append(f"學派 {doc['school']}")
    if doc.get("yuejiang") and doc.get("hour"):
        lines.append(f"{doc['yuejiang']}將加{doc['hour']}時")
    lines += drawn_blocks(doc)
    if doc.get("patterns"):
        lines.append("格局 " + " ".join(doc["patterns"]))
    keti = doc.get("keti", []) + doc.get("keti_hour", [])
    if keti:
        lines.append("課體 " + " ".join(k["name"] for k in keti))
    return "\n".join(lines)


#: the headings of the drawn blocks: as the books print them, and for a Korean reader, who reads
#: the words and keeps the characters the grids are drawn in (the four lessons are drawn right to
#: left; each cell of the plate is a general's one character, the sky branch over the earth one)
HEADINGS = {None: ("三傳", "四課", "天地盤 (天將 上神/地盤)"),
            "ko": ("삼전(三傳)", "사과(四課) — 오른쪽이 제1과",
                   "천지반(天地盤) — 칸마다 천장(天將) 한 글자, 천반(天盤)/지반(地盤)")}


def drawn_blocks(doc: dict, lang: str | None = None) -> list[str]:
    """The 三傳 in a column (六親, 遁干 and branch, general), the 四課 right to left (generals,
    upper, lower) and the plate as a ring, in characters as the books draw them, under the
    headings of ``lang`` (:data:`HEADINGS`: the books' own, or a Korean reader's)."""
    h_chuan, h_ke, h_plate = HEADINGS.get(lang, HEADINGS[None])
    lines = [h_chuan]
    for i, b in enumerate(doc["transmissions"]):
        dg = doc.get("dungan", [None] * 3)[i] or "　"
        lines.append(f"  {doc.get('liuqin', ['', '', ''])[i]} {dg}{b} {doc['generals'][b]}")
    ls = doc["lessons"][::-1]
    lines.append(h_ke)
    lines.append("  " + "  ".join(doc["generals"][l["upper"]] for l in ls))
    lines.append("  " + "    ".join(l["upper"] for l in ls))
    lines.append("  " + "    ".join(l["lower"] for l in ls))
    lines.append(h_plate)
    plate, gens = doc["plate"], doc.get("generals", {})
    for row in _RING:
        cells = ["      " if g is None else
                 f"{SHORT_GENERALS.get(gens.get(plate[_BR[g]], ''), '　')}{plate[_BR[g]]}/{_BR[g]}" for g in row]
        lines.append("  " + " ".join(cells))
    return lines
