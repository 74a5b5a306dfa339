"""暗金, 伏斷 and 截路空亡: the taboos of a day or an hour.

>>> from almanac.mansions import Mansion
>>> from almanac.cycles import GanZhi
>>> fuduan(0, Mansion.parse("虛")), fuduan(1, Mansion.parse("牛"))
(True, False)
>>> anjin(Mansion.parse("鬼")), anjin_fanqin_ok(Mansion.parse("婁"))
(True, True)
>>> [jielu(4, GanZhi.parse(p), t) for p in ("壬子", "壬戌") for t in ("stem", "yuanhai_zichou", "sanming_xuhai")]
[True, True, False, True, False, True]
>>> jielu_strict(GanZhi.parse("癸巳"), Mansion.parse("柳")), jielu_strict(GanZhi.parse("癸巳"), Mansion.parse("張"))
(True, False)
"""
from __future__ import annotations

from ..cycles import BRANCHES, GanZhi
from ..mansions import ANJIN, Mansion
from ..sources import QIN_FU, cite

SRC_ANJIN = cite(QIN_FU, "其或有犯於暗曜", "凡日時直之，即暗金也")
SRC_ANJIN_FANQIN = cite(QIN_FU, "其或有犯於暗曜", "惟番禽得亢婁猶好")
SRC_FUDUAN = cite(QIN_FU, "然其伏斷之惡本官", "伏斷者，即子日時逢虛，丑日時逢斗是也")
SRC_FUDUAN_TABLE = cite(QIN_FU, "然其伏斷之惡本官", "子虛丑斗寅嫌室，卯女辰箕巳泊房。午角未張申忌鬼，酉觜戌胃亥壁當")
SRC_JIELU = cite(QIN_FU, "時直空亡", "空亡者，乃時上天干帶壬癸是也")
SRC_JIELU_STRICT = cite(QIN_FU, "時直空亡", "《禽書》云：凡選用時若天干帶壬癸，更直氐房心虛室奎婁昴觜鬼柳參此十二宿者")

#: 伏斷: the mansion that is 伏斷 with each branch 子 … 亥 (day branch with day 禽, hour with hour 禽)
FU_DUAN = "虛斗室女箕房角張鬼觜胃壁"
#: the 《禽書》's twelve mansions of the strict 截路空亡
JIELU_STRICT_MANSIONS = frozenset("氐房心虛室奎婁昴觜鬼柳參")
#: on 戊/癸 days the tables list only two of the four 壬/癸 hours
_WUGUI_TABLES = {"yuanhai_zichou": frozenset((0, 1)), "sanming_xuhai": frozenset((10, 11))}


def anjin(m: Mansion) -> bool:
    """暗金: the 禽 of the day or hour is one of the four 金 mansions 亢牛婁鬼."""
    return m.char in ANJIN


def anjin_fanqin_ok(fan: Mansion) -> bool:
    """The seed's exception: a 番禽 that is 亢 or 婁 is still good (「惟番禽得亢婁猶好」)."""
    return fan.char in "亢婁"


def fuduan(branch: int, m: Mansion) -> bool:
    """伏斷: the branch and the 禽 of the same day (or the same hour) meet in the table."""
    return FU_DUAN[branch] == m.char


def fuduan_mansion(branch: int) -> Mansion:
    return Mansion.parse(FU_DUAN[branch])


def jielu(day_stem: int, hour: GanZhi, table: str = "stem") -> bool:
    """截路空亡 of an hour, by the configured table.

    ``stem``: the hour stem is 壬 or 癸 (「時上天干帶壬癸」) — four hours on 戊/癸 days.
    ``yuanhai_zichou`` / ``sanming_xuhai``: as ``stem``, but on 戊/癸 days only 子丑 / 戌亥.
    """
    by_stem = hour.stem in (8, 9)
    if table == "stem" or day_stem % 5 != 4:
        return by_stem
    return by_stem and hour.branch in _WUGUI_TABLES[table]


def jielu_strict(hour: GanZhi, m: Mansion) -> bool:
    """The 《禽書》 form: a 壬/癸 hour whose 時禽 is one of 氐房心虛室奎婁昴觜鬼柳參."""
    return hour.stem in (8, 9) and m.char in JIELU_STRICT_MANSIONS


__all__ = ["FU_DUAN", "BRANCHES", "anjin", "anjin_fanqin_ok", "fuduan", "fuduan_mansion", "jielu",
           "jielu_strict", "JIELU_STRICT_MANSIONS"]
