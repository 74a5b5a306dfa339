"""課體 and 格局 of seed 002's 卷之二 that can be stated as rules over the 三傳, 四課 and 旬空.

* 連茹 (進茹 / 退茹): three consecutive branches; 真連茹 when 初 中 末 are the 孟 仲 季 of one 方 in
  that order (「乃初中末合為孟仲季之神…若非孟仲季或隔角…即非真連茹也」, 「若非孟仲季，不順序者，或隔角，
  亦非連茹也。若順序而成一氣者，如寅卯辰、巳午未之類」: 戌酉申 is no 真連茹); both 空亡 inside → 谷傳空亡 (進) or
  腳踏空亡 (退); 亥子丑 → 三奇連珠.
* 夾定 (夾定三傳): the 干上神 at one end and the 支 or 支上神 at the other enclose the 三傳
  exactly; 夾定虛一 when the enclosure holds four and one end-place is empty (前虛 / 後虛);
  遇夾不夾 when an enclosing end is 空亡; 夾不住 (過關) when the 三傳 run through the 干上神 or
  the 支 and out of the shorter arc between them.
* 三合 局: 曲直 (亥卯未) 炎上 (寅午戌) 從革 (巳酉丑) 潤下 (申子辰); 稼穡 (three of 辰戌丑未).
* 間傳 (三傳 one place apart), 井欄 (返吟無克), 孤單 / 革羈 (返吟 with four 下賊上 / 上剋下).

>>> from almanac.cycles import GanZhi
>>> [p.name for p in find(GanZhi.parse("乙丑").index, 1, (2, 3, 4), (5, 6, 2, 3), (), "元首")]
['連茹', '進茹', '真連茹', '夾定']
"""
from __future__ import annotations

from dataclasses import dataclass

from ..sources import Source
from . import rules
from .plate import JIGONG


@dataclass(frozen=True)
class Pattern:
    name: str
    source: "Source | str"


SANHE = {frozenset((11, 3, 7)): "曲直", frozenset((2, 6, 10)): "炎上",
         frozenset((5, 9, 1)): "從革", frozenset((8, 0, 4)): "潤下"}
EARTH = frozenset((4, 10, 1, 7))
#: the 格局 whose citation carries a quote the machine form (``file: opening``) does not: their
#: Source by name, so a reader's citation can be made from the chart's JSON (api.charts)
QUOTED_SOURCES: dict[str, Source] = {name: rules.JUAN2_PHASES for name in ("三合", "曲直", "炎上", "從革", "潤下", "稼穡")}
#: the four 方 as 孟仲季 in order: 寅卯辰 巳午未 申酉戌 亥子丑
FANG = ((2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 0, 1))


def _arc(a: int, b: int) -> tuple[int, ...]:
    """Branches from a to b going forward, inclusive."""
    return tuple((a + i) % 12 for i in range((b - a) % 12 + 1))


def _enclosures(ends_a, ends_b):
    """Closed arcs (both directions) between an end of ``ends_a`` and one of ``ends_b``."""
    for a in ends_a:
        for b in ends_b:
            if a != b:
                yield a, b, _arc(a, b)
                yield a, b, _arc(b, a)


def find(day: int, k: int, three: tuple[int, int, int], uppers: tuple[int, int, int, int],
         void: tuple[int, ...], method: str, relations: tuple = ()) -> tuple[Pattern, ...]:
    """The patterns of a chart: ``three`` 三傳, ``uppers`` the 四課 上神, ``void`` the 旬空."""
    out: list[Pattern] = []
    f, m, l = three
    step = (m - f) % 12 if (l - m) % 12 == (m - f) % 12 else None
    distinct = len(set(three)) == 3
    u1, u3, zhi = uppers[0], uppers[2], day % 12
    s3 = set(three)
    if distinct and step in (1, 11):
        out.append(Pattern("連茹", rules.LIANRU_DEF))
        out.append(Pattern("進茹" if step == 1 else "退茹", rules.LIANRU_JINTUI))
        if tuple(three) in FANG:            # 初中末 = 孟仲季, in order
            out.append(Pattern("真連茹", rules.LIANRU_ZENGBU))
        if void and set(void) <= s3:
            out.append(Pattern("谷傳空亡" if step == 1 else "腳踏空亡",
                               rules.LIANRU_KONG if step == 1 else rules.LIANRU_KONG_TUI))
        if s3 == {11, 0, 1}:
            out.append(Pattern("三奇連珠", rules.LIANRU_SANQI))
    if distinct and step in (2, 10):
        out.append(Pattern("間傳", rules.JUAN2_LIST))
    enclosed = None
    if distinct and step in (1, 11):
        tight, loose = [], []
        for a, b, arc in _enclosures((u1,), (zhi, u3)):
            if set(arc) == s3 or (len(arc) == 5 and set(arc[1:-1]) == s3):
                tight.append((a, b))
            elif len(arc) == 6 and s3 <= set(arc[1:-1]):
                gap = (set(arc[1:-1]) - s3).pop()
                loose.append((a, b, "前虛一" if (gap - f) % 12 in (1, 11) else "後虛一"))
        if tight:
            enclosed = tight
            out.append(Pattern("夾定", rules.JIADING_DEF))
        elif loose:
            enclosed = [(a, b) for a, b, _ in loose]
            out.append(Pattern("夾定虛一", rules.YUJIA_XUYI))
            out.append(Pattern(loose[0][2], rules.XUYI_HOU))
        if enclosed and void and all(a in void or b in void for a, b in enclosed):
            out.append(Pattern("遇夾不夾", rules.YUJIA_XUYI))
    if distinct and step in (1, 11, 2, 10) and not enclosed:
        span = _arc(f, l) if step in (1, 2) else _arc(l, f)
        arcs = (_arc(u1, zhi), _arc(zhi, u1))
        inside = any(s3 <= set(a) for a in arcs if len(a) == min(map(len, arcs)))
        if (u1 in span or zhi in span) and not inside:
            out.append(Pattern("夾不住", rules.JIABUZHU_DEF))
    if distinct:
        name = SANHE.get(frozenset(three))
        if name:
            out.append(Pattern("三合", rules.JUAN2_PHASES))
            out.append(Pattern(name, rules.JUAN2_PHASES))
        elif s3 <= EARTH:
            out.append(Pattern("稼穡", rules.JUAN2_PHASES))
    if k == 6:
        if method == "返吟" and relations and all(r is None for r in relations):
            out.append(Pattern("井欄", rules.JUAN2_LIST))
        if relations and all(r == "賊" for r in relations):
            out.append(Pattern("孤單", rules.FANYIN_GUDAN))
        if relations and all(r == "剋" for r in relations):
            out.append(Pattern("革羈", rules.FANYIN_GUDAN))
    return tuple(out)
