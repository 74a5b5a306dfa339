"""月宿: the moon's lodge (太陰躔度) as the 課體 of 《六壬大全》 count it — from the lunar date, not the sky.

《六壬大全》 reckons the 月宿 by the calendar: the first day of each lunar month starts at a fixed
宿 and the moon moves one 宿 a day (天寇課: 「月宿者，乃太陰躔度之辰，正月初一起室，逆行二十八宿，
每日約行十三度，所到之宮，辰為月宿」; its 訂訛 sends the reader to 二煩課, 「即正月起室，二月起奎等是也」).
The 二煩課 訂訛 lists the month starts 室 奎 胃 畢 參 鬼 張 角 氐 心 斗 虛 and 「每一日行一宿」; the 課經 text
of 二煩 lets the wide 宿 keep the moon a second day (「遇奎張井翼氐斗宿，重算留一」). 《大六壬心鏡》's note
to the same 課 counts the same way with five wide 宿 (奎井張翼氐, not 斗) and gives the worked
example the tests check: 正月十五日 → 星, in the 午 palace. The two counts are the readings of
``[liuren] keti_yuesu`` (``daquan``, the default, and ``xinjing``): they part only after the moon
reaches 斗 in a month.

The 宿's branch is its palace among the twelve (子 女虛危, 丑 斗牛, 寅 尾箕, 卯 氐房心, 辰 角亢, 巳 翼軫,
午 柳星張, 未 井鬼, 申 觜參, 酉 胃昴畢, 戌 奎婁, 亥 室壁: the 十二次 the 月將 are named by; 《心鏡》:
「星宿在午宮」, 《大全》's 天寇 example: 月宿 in 辰).

A 閏月 counts as the month it repeats (the books give no start of their own for it).

>>> MANSIONS[mansion(1, 1)], MANSIONS[mansion(1, 15)], BRANCHES[branch(1, 15)]
('室', '星', '午')
>>> MANSIONS[mansion(2, 1)], MANSIONS[mansion(2, 2)], MANSIONS[mansion(2, 3)]
('奎', '奎', '婁')
"""
from __future__ import annotations

from functools import lru_cache

from ..cycles import BRANCHES
from ..mansions import MANSIONS

#: the 宿 the moon stands in on the first day of lunar months 1 … 12 (《六壬大全》 二煩課 訂訛)
MONTH_START = "室奎胃畢參鬼張角氐心斗虛"
#: the wide 宿 that keep the moon a second day, by reading: 《六壬大全》 「遇奎張井翼氐斗宿，重算留一」,
#: 《大六壬心鏡》 「奎井張翼氐重留」
STAYS = {"daquan": frozenset("奎張井翼氐斗"), "xinjing": frozenset("奎井張翼氐")}
#: the palace (branch) of each 宿, by the 十二次
PALACE = {**dict.fromkeys("女虛危", 0), **dict.fromkeys("斗牛", 1), **dict.fromkeys("尾箕", 2),
          **dict.fromkeys("氐房心", 3), **dict.fromkeys("角亢", 4), **dict.fromkeys("翼軫", 5),
          **dict.fromkeys("柳星張", 6), **dict.fromkeys("井鬼", 7), **dict.fromkeys("觜參", 8),
          **dict.fromkeys("胃昴畢", 9), **dict.fromkeys("奎婁", 10), **dict.fromkeys("室壁", 11)}
#: the lunar days of the 四正 (朔 上弦 望 下弦); the 晦, the month's last day, is the fifth
SIZHENG_DAYS = (1, 8, 15, 23)


@lru_cache(maxsize=None)
def mansion(month: int, day: int, reading: str = "daquan") -> int:
    """The index (角 0 … 軫 27) of the moon's 宿 on lunar ``month`` / ``day`` (``reading``: which
    wide 宿 hold it two days, :data:`STAYS`)."""
    if not 1 <= month <= 12 or not 1 <= day <= 30:
        raise ValueError(f"lunar month {month} day {day} is out of range")
    stays = STAYS[reading]
    i, left = MANSIONS.index(MONTH_START[month - 1]), day
    while True:
        left -= 2 if MANSIONS[i] in stays else 1
        if left <= 0:
            return i
        i = (i + 1) % 28


def branch(month: int, day: int, reading: str = "daquan") -> int:
    """The palace (0 子 … 11 亥) of the moon's 宿 on lunar ``month`` / ``day``: the 月宿 a 課 reads."""
    return PALACE[MANSIONS[mansion(month, day, reading)]]


def is_sizheng(day: int, last: bool) -> bool:
    """A 四正 day (朔望弦晦): lunar day 1, 8, 15 or 23, or the month's last (``last``)."""
    return day in SIZHENG_DAYS or last


__all__ = ["MONTH_START", "PALACE", "SIZHENG_DAYS", "STAYS", "branch", "is_sizheng", "mansion"]
