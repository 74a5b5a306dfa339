"""神煞 of the month and of the year that the 課體 of 《六壬大全》 name, where the book glosses them.

The 課經 chapters that name a 神煞 say on the spot where it stands, and this module holds those
glosses (the 四庫全書 text of 《六壬大全》; 卷一's 神煞 lists and its 逐月神煞 table agree where noted):

* 魄化課: 「死神，正月起巳。死氣，正月起午。俱順行十二辰」 (卷一: 「死氣、謾語午順十二」, 「死神巳順十二」).
* 游子課: 「天馬者，正月起午，順行六陽位也，又為驛遞之神」 (卷一: 「天馬午順六陽」; 《心鏡》's 「中見天魁為天馬」
  of the chapter's 三月 example agrees: 戌 in 三月).
* 災厄課: 「喪車一名喪魂，正月起未，逆行四季」 (卷一's 喪魂 「未辰丑戌三輪」; its 逐月 table's 喪車 is another
  神煞, 春酉 夏子 秋卯 冬午), 「遊魂，正月起亥，順行十二辰」 (卷一: 「天詔、游魂亥順十二」), 「伏殃者，正月起酉，逆行四仲，
  為天鬼煞」 (卷一's 天鬼 「酉午卯子三輪」), 丘墓 (五墓 and 三丘, by the season: :data:`SEASON`); and of the year 「病符，舊太歲」 (卷一: 「病符 歲後一辰」), 「歲前二辰為喪門，
  歲後二辰為吊客」, 「白虎，歲後四神」 (卷一: 「歲虎 歲後四辰」).

A month 神煞 is counted from 正月 (寅月) by the 月建: it starts at its branch in 正月 and moves one
branch a month forward (順行十二辰), two (順行六陽), or three back (逆行四季, 逆行四仲). A year 神煞 is the 太歲
moved by a fixed count.

>>> BRANCHES[month("死神", 2)], BRANCHES[month("死氣", 2)], BRANCHES[month("死神", 7)]   # 正月, 正月, 六月
('巳', '午', '戌')
>>> BRANCHES[month("天馬", 2)], BRANCHES[month("天馬", 4)], BRANCHES[month("天馬", 8)]   # 正月, 三月, 七月
('午', '戌', '午')
>>> BRANCHES[month("喪車", 3)], BRANCHES[month("五墓", 5)], BRANCHES[year("歲虎", 11)]   # 二月, 四月; 亥年
('辰', '戌', '未')
"""
from __future__ import annotations

from ..cycles import BRANCHES

#: month 神煞: (branch in 正月, step per month) — 順行十二辰 +1, 順行六陽 +2, 逆行四季 / 四仲 −3
MONTH = {
    "死神": (5, 1),      # 正月起巳，順行十二辰 (魄化課)
    "死氣": (6, 1),      # 正月起午，順行十二辰 (魄化課)
    "喪車": (7, -3),     # 一名喪魂，正月起未，逆行四季 (災厄課)
    "遊魂": (11, 1),     # 正月起亥，順行十二辰 (災厄課)
    "伏殃": (9, -3),     # 正月起酉，逆行四仲，為天鬼煞 (災厄課)
    "天馬": (6, 2),      # 正月起午，順行六陽位 (游子課)
}
#: month 神煞 that keep one branch a season (寅卯辰 月, 巳午未, 申酉戌, 亥子丑): the 災厄 chapter's 丘墓 —
#: 「五墓者，金丑、木未、火戌、水土辰 … 三丘，庫墓衝位」 — as 卷一's 逐月神煞 table places them, 五墓 at the season's
#: 墓 (正月 二月 三月 未, 四月 戌 …) and 三丘 at its 沖 (正月 二月 三月 丑, 四月 辰 …)
SEASON = {
    "五墓": "未戌丑辰",
    "三丘": "丑辰未戌",
}
#: month 神煞 of two branches a season (寅卯辰 月, 巳午未, 申酉戌, 亥子丑): the 孤寡 text's 四時孤寡, 《袖中金》
#: 「春巳午孤、子丑寡，夏申酉孤、卯辰寡，秋亥子孤、午未寡，冬寅卯孤、酉戌寡。此二卦各看發用」 — the two branches after
#: the season's 方 are its 孤, the two before it its 寡 (《觀月經》 「前孤後是寡」)
SEASON_PAIR = {
    "孤辰": ("巳午", "申酉", "亥子", "寅卯"),
    "寡宿": ("子丑", "卯辰", "午未", "酉戌"),
}
#: year 神煞: branches from the 太歲 (災厄課)
YEAR = {
    "病符": -1,          # 舊太歲
    "喪門": 2,           # 歲前二辰
    "吊客": -2,          # 歲後二辰
    "歲虎": -4,          # 白虎，歲後四神
}


def month(name: str, jian: int) -> int:
    """The branch of month 神煞 ``name`` in the month whose 月建 is ``jian`` (寅 2 for 正月)."""
    if name in SEASON:
        return BRANCHES.index(SEASON[name][(jian - 2) % 12 // 3])
    start, step = MONTH[name]
    return (start + step * ((jian - 2) % 12)) % 12


def season_pair(name: str, jian: int) -> tuple[int, int]:
    """The two branches of :data:`SEASON_PAIR` ``name`` in the month whose 月建 is ``jian``."""
    a, b = SEASON_PAIR[name][(jian - 2) % 12 // 3]
    return BRANCHES.index(a), BRANCHES.index(b)


def year(name: str, taisui: int) -> int:
    """The branch of year 神煞 ``name`` in the year whose 太歲 (year branch) is ``taisui``."""
    return (taisui + YEAR[name]) % 12


__all__ = ["MONTH", "SEASON", "SEASON_PAIR", "YEAR", "month", "season_pair", "year"]
