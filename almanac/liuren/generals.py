"""十二天將: the 貴人 by day stem and 晝/夜, the others in order, 順/逆 by the ground it stands on.

Order 貴人 螣蛇 朱雀 六合 勾陳 青龍 天空 白虎 太常 玄武 太陰 天后 (S003 「後二太陰」「後一天后」).
The 貴人 rides the sky branch G of the table; if G stands on ground 亥子丑寅卯辰 the generals run
順 (G+i), on 巳午未申酉戌 逆 (G−i).

>>> n = place_noble(0, 9, night=True, table="A")   # S001 甲子日逆貴: 甲上(寅)見登明, k = 9
>>> BRANCHES[n.branch], n.direction
('未', '逆')
>>> BRANCHES[n.general_on.index(8)], BRANCHES[n.general_on.index(10)]   # 太常, 太陰
('亥', '酉')
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cycles import BRANCHES
from . import rules

GENERALS = ("貴人", "螣蛇", "朱雀", "六合", "勾陳", "青龍", "天空", "白虎", "太常", "玄武", "太陰", "天后")
#: the twelve generals by their usual English names
GENERALS_EN = ("Noble One", "Soaring Snake", "Vermilion Bird", "Six Harmony", "Hooked Array", "Green Dragon",
               "Heavenly Void", "White Tiger", "Great Constancy", "Dark Warrior", "Great Yin", "Heavenly Queen")
#: the twelve generals read in Korean; a general is named as a 課體 is, the reading first with its
#: hanja (등사(螣蛇)), as the rules' Korean texts write them
GENERALS_KO = ("귀인", "등사", "주작", "육합", "구진", "청룡", "천공", "백호", "태상", "현무", "태음", "천후")
GENERALS_SOURCE = (rules.TAIYIN_HOU_ER, rules.TAIYIN_VERSE, rules.TIANHOU_VERSE)
#: the home branch (家) of each general — 貴人 己丑, 螣蛇 丁巳, 朱雀 丙午, 六合 乙卯, 勾陳 戊辰, 青龍 甲寅,
#: 天空 戊戌, 白虎 庚申, 太常 己未, 玄武 癸亥, 太陰 辛酉 (S003 「家辛酉」), 天后 壬子 (「家壬子」); a general's
#: element is its home's, and a general on its home is 入廟 (S003 「天將入廟喜愈喜」)
HOMES = (1, 5, 6, 3, 4, 2, 10, 8, 7, 11, 9, 0)
#: the six good generals (吉將): 貴人 六合 青龍 太常 太陰 天后
GOOD = frozenset(("貴人", "六合", "青龍", "太常", "太陰", "天后"))

#: 貴人 branch (晝, 夜) for each stem 甲…癸, by table (liuren-rules.md §5.2)
NOBLE_TABLES: dict[str, tuple[tuple[int, int], ...]] = {
    "A": ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (1, 7), (6, 2), (5, 3), (5, 3)),
    "B": ((7, 1), (8, 0), (9, 11), (11, 9), (1, 7), (0, 8), (1, 7), (2, 6), (3, 5), (5, 3)),
    "C": ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (6, 2), (6, 2), (5, 3), (5, 3)),
    "D": ((1, 7), (0, 8), (11, 9), (11, 9), (1, 7), (0, 8), (1, 7), (6, 2), (3, 5), (3, 5)),
}
NOBLE_SOURCES = {"A": rules.NOBLE_A, "B": rules.NOBLE_B, "C": rules.NOBLE_C, "D": rules.NOBLE_D}
DIRECTION_SOURCE = rules.NOBLE_DIRECTION

#: ground branches on which a 貴人 turns 順 (背天門亥 … 辰)
SHUN_GROUNDS = frozenset((11, 0, 1, 2, 3, 4))


@dataclass(frozen=True)
class Noble:
    """The 貴人 and the placement of all twelve generals."""

    branch: int                    # sky branch the 貴人 rides
    ground: int                    # ground branch under it
    direction: str                 # 順 or 逆
    night: bool
    general_on: tuple[int, ...]    # general index riding each sky branch 子…亥

    def to_json(self) -> dict:
        return {"branch": BRANCHES[self.branch], "ground": BRANCHES[self.ground],
                "direction": self.direction, "time": "night" if self.night else "day"}

    def generals_json(self) -> dict[str, str]:
        return {BRANCHES[b]: GENERALS[g] for b, g in enumerate(self.general_on)}


@lru_cache(maxsize=1024)
def place_noble(stem: int, k: int, night: bool, table: str = "A") -> Noble:
    """The generals of day stem ``stem`` on rotation ``k`` by day or by night (frozen: one per
    stem, rotation, 晝/夜 and table — the six charts of a stem on one rotation share it)."""
    g = NOBLE_TABLES[table][stem][1 if night else 0]
    ground = (g - k) % 12
    step = 1 if ground in SHUN_GROUNDS else -1
    on = [0] * 12
    for i in range(12):
        on[(g + step * i) % 12] = i
    return Noble(g, ground, "順" if step == 1 else "逆", night, tuple(on))


def is_night_fixed(hour: int) -> bool:
    """晝 = 卯辰巳午未申, 夜 = 酉戌亥子丑寅 (the fixed rule)."""
    return not 3 <= hour <= 8


def is_night_ziwu(hour: int) -> bool:
    """子午分: 子–巳 晝貴 (陽貴), 午–亥 夜貴 (陰貴)."""
    return hour >= 6
