"""The small derived relations the facts are worked out with, each with the passage it follows,
and the tables of the sexagenary cycle they read (寄宮, 日祿, 日德, 驛馬, 長生, 刑破害 …).

Relations between two things are named from the first one's side (``rel(a, b)``):
``生`` a generates b, ``剋`` a overcomes b, ``被生`` b generates a, ``被剋`` b overcomes a,
``比`` same element.

>>> rel_elements(0, 1), rel_elements(1, 0), rel_elements(0, 2), rel_elements(2, 0), rel_elements(3, 3)
('生', '被生', '剋', '被剋', '比')
>>> stage("甲", "亥"), stage("甲", "未"), stage("庚", "巳"), stage("戊", "辰")
('長生', '墓', '長生', '墓')
>>> direction("辰"), direction("子"), direction("申")
('東南', '北', '西南')
"""
from __future__ import annotations

from almanac.calendar import strength
from almanac.cycles import BRANCH_ELEMENT, BRANCHES, PO as _PO, STEM_ELEMENT, STEMS, relation
from almanac.liuren.generals import GENERALS, HOMES as _HOMES
from almanac.liuren.keti import CHANGSHENG as _KETI_CS, DE as _KETI_DE, LU as _KETI_LU
from almanac.liuren.patterns import SANHE
from almanac.liuren.plate import JIGONG as _JIGONG, season_class
from almanac.liuren.transmissions import XING as _XING, YIMA
from almanac.qin.palaces import PALACES as _PALACES

from .vocabulary import SEASONS, STAGES

#: home branch and element of each general (the 六壬 engine's table: a general's element is its home's)
GENERAL_HOME = {g: BRANCHES[b] for g, b in zip(GENERALS, _HOMES)}
GENERAL_ELEMENT = {g: BRANCH_ELEMENT[b] for g, b in zip(GENERALS, _HOMES)}

# ------------------------------------------------------------------ tables of the sexagenary cycle

#: 寄宮 of each stem (the 六壬 plate's table): 甲寅 乙辰 丙戊巳 丁己未 庚申 辛戌 壬亥 癸丑
JIGONG = {s: BRANCHES[b] for s, b in zip(STEMS, _JIGONG)}
#: 日祿: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子 (the 課體 catalogue's table)
LU = dict(zip(STEMS, (BRANCHES[b] for b in _KETI_LU)))
#: 日德: 甲己寅 乙庚申 丙辛巳 丁壬亥 戊癸巳 (the 課體 catalogue's table)
DE = dict(zip(STEMS, (BRANCHES[b] for b in _KETI_DE)))
#: 驛馬 of the day branch (the 六壬 engine's table): 申子辰寅 寅午戌申 巳酉丑亥 亥卯未巳
MA = {b: BRANCHES[YIMA[i % 4]] for i, b in enumerate(BRANCHES)}
#: 長生 branch of each element (木亥 火寅 土申 — 土 follows 水 — 金巳 水申; the catalogue's table)
CHANGSHENG = tuple(BRANCHES[b] for b in _KETI_CS)
XING = {b: BRANCHES[x] for b, x in zip(BRANCHES, _XING)}     # 三刑 (the 六壬 engine's table)
PO = {b: BRANCHES[p] for b, p in zip(BRANCHES, _PO)}              # 六破 (almanac.cycles.PO)
HAI = dict(zip(BRANCHES, "未午巳辰卯寅丑子亥戌酉申"))
#: ground branch → compass direction (8 points)
COMPASS = dict(zip(BRANCHES, ("北", "東北", "東北", "東", "東南", "東南", "南", "西南", "西南", "西", "西北", "西北")))
#: 孟 寅申巳亥, 仲 子午卯酉, 季 辰戌丑未
MZJ = {b: "孟仲季"[season_class(i)] for i, b in enumerate(BRANCHES)}
#: 天耳 (001: 春寅、夏巳、秋申、冬亥)
TIANER = dict(zip(SEASONS, "寅巳申亥"))
#: 旺方 of the season (001: 春東、夏南、秋西、冬北、四季四維) — 四季 months are 辰未戌丑
WANG_DIR = {"寅": "東", "卯": "東", "巳": "南", "午": "南", "申": "西", "酉": "西", "亥": "北", "子": "北"}
#: the direction that overcomes the day stem (001: 甲乙日不宜向西 … 壬癸日不宜向四維)
KE_DIR = dict(zip(STEMS, ("西", "西", "北", "北", "東", "東", "南", "南", "四維", "四維")))
#: 四維, the four corners (001 「壬癸日不宜向四維」)
CORNERS = frozenset(("東北", "東南", "西南", "西北"))
#: 演禽 palace of a landing branch (the 演禽 engine's table: 申酉 刀砧, 巳午 湯火, 丑未 田園)
PALACE = {b: p or "" for b, p in zip(BRANCHES, _PALACES)}
#: the rank of a 禽's strength class (雄 > 常 > 弱)
STRENGTH_RANK = {"雄": 2, "常": 1, "弱": 0}
#: 六親 of a branch for the day stem, by rel(branch, stem) — 「剋我者官鬼，我剋者妻財，生我者父母，我生者子孫，
#: 比和者兄弟」 (docs/judgement.md "The reading method")
LIUQIN_OF = {"剋": "官鬼", "被剋": "妻財", "生": "父母", "被生": "子孫", "比": "兄弟"}


def rel_elements(a: int, b: int) -> str:
    """比 / 生 / 剋 / 被生 / 被剋 of element ``a`` towards ``b`` (see ``almanac.cycles.relation``)."""
    return relation(a, b)


_EL = {**dict(zip(STEMS, STEM_ELEMENT)), **dict(zip(BRANCHES, BRANCH_ELEMENT))}


def el(x: str) -> int:
    """Element of a stem or branch character."""
    return _EL[x]


def rel(a: str, b: str) -> str:
    return rel_elements(el(a), el(b))


def stage(stem_or_element: "str | int", branch: str) -> str:
    """十二長生 stage of ``branch`` for an element (or a stem's element), counted forward."""
    e = stem_or_element if isinstance(stem_or_element, int) else el(stem_or_element)
    return STAGES[(BRANCHES.index(branch) - BRANCHES.index(CHANGSHENG[e])) % 12]


def direction(ground: str) -> str:
    return COMPASS[ground]


def season_of(month_branch: str) -> str:
    return SEASONS[((BRANCHES.index(month_branch) - 2) % 12) // 3]


def wangxiang(branch: str, month_branch: str) -> str:
    """旺相休囚死 of a branch's element in the month (月令)."""
    return strength(el(branch), el(month_branch))


def liuqin_wangxiang(stem: str, month_branch: str) -> dict[str, str]:
    """旺相休囚死 in the month of each 六親 of ``stem`` (the element that overcomes it is its 官鬼 …).

    >>> liuqin_wangxiang("甲", "寅")["兄弟"], liuqin_wangxiang("甲", "寅")["子孫"], liuqin_wangxiang("甲", "寅")["官鬼"]
    ('旺', '相', '囚')
    """
    return {LIUQIN_OF[rel_elements(e, el(stem))]: strength(e, el(month_branch)) for e in range(5)}


def xinghai(a: str, b: str) -> bool:
    return XING[a] == b or XING[b] == a or HAI[a] == b


def xingchongpohai(a: str, b: str) -> bool:
    return xinghai(a, b) or (BRANCHES.index(a) - BRANCHES.index(b)) % 12 == 6 or PO[a] == b


def liuhe(a: str, b: str) -> bool:
    """六合: 子丑 寅亥 卯戌 辰酉 巳申 午未."""
    return (BRANCHES.index(a) + BRANCHES.index(b)) % 12 == 1


def chong(a: str, b: str) -> bool:
    return (BRANCHES.index(a) - BRANCHES.index(b)) % 12 == 6


def he_with(a: str, b: str) -> bool:
    """六合 or 三合 (the 六壬 engine's 三合 局) between two branches."""
    i, j = BRANCHES.index(a), BRANCHES.index(b)
    return (i + j) % 12 == 1 or i != j and any({i, j} <= s for s in SANHE)


def jia_buzhu_side(chuan: tuple[str, str, str], ganshang: str, zhi: str) -> str:
    """Which end the 三傳 of a 夾不住 chart pass out over: 干 when 日上神 lies inside their span, else 支."""
    f, m, l = (BRANCHES.index(x) for x in chuan)
    fwd = (m - f) % 12 in (1, 2)
    a, b = (f, l) if fwd else (l, f)
    span = {BRANCHES[(a + i) % 12] for i in range((b - a) % 12 + 1)}
    return "干" if ganshang in span else "支" if zhi in span else ""


def gouchen_zhi(plate: dict[str, str], generals: dict[str, str]) -> tuple[str, ...]:
    """The ground branches whose sky spirit the branch 勾陳 rides overcomes, in branch order: the
    ways out 勾陳 controls (001 「勾陳制處最為勝」; 「勾陳乘神制所出之神」 — the spirit one goes out under,
    as 「絳宮時出傳送從魁下」 goes out under 申 and 酉).

    >>> plate = {g: g for g in BRANCHES}                     # 伏吟: every spirit over its own ground
    >>> gouchen_zhi(plate, {**{b: "貴人" for b in BRANCHES}, "寅": "勾陳"})   # 木 overcomes 土
    ('丑', '辰', '未', '戌')
    """
    rides = next(b for b, g in generals.items() if g == "勾陳")
    return tuple(g for g in BRANCHES if rel(rides, plate[g]) == "剋")


def compare(a: int, b: int) -> int:
    return (a > b) - (a < b)


def side_state(sits, who: str) -> str:
    """旺 / 衰 / "" of one side's 禽 from the 演禽 engine's situations (000: 「番我禽高而得地，他將低而休因」,
    「到他將雖弱，而得地、得變化；我禽雖高，而休因、失度、不化者」): 旺 when it stands where it thrives or
    transforms upward, 衰 when it lands in a harmful palace, is weakened or out of season."""
    verdicts = {v for w, c, v in sits if w == who and c != "other_general_harmed"}
    return "旺" if verdicts & {"吉", "強"} else "衰" if verdicts & {"凶", "弱"} else ""

