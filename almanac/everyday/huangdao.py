"""黃道·黑道 (황도·흑도): the twelve gods of the day (by the month) and of the hour (by the day).

「黃道六黑道六共十有二以配十有二辰：一青龍二明堂三天刑四朱雀五金匱六天德七白虎八玉堂九天牢十玄武
十一司命十二勾陳」 (《御定星曆考原》卷五 日時總類「黃黑二道」). 青龍 stands on 子 in 寅申 months, on 寅
in 卯酉, 辰 in 辰戌, 午 in 巳亥, 申 in 子午 and 戌 in 丑未 months, and the others follow it round the
branches; the hours of a day take the same table by the day branch (子 in 寅申 days …). 青龍 明堂
金匱 天德 玉堂 司命 are the 黃道 (good), the other six the 黑道.

Which month: ``[everyday] huangdao_month`` — ``"jie"`` (default) the 節 month (月建), as the 建除 and
《協紀辨方書》's 月表 count it and as lunar-python does; ``"lunar"`` the lunar month (正月 寅, 二月 卯
…, a leap month as its month), as some folk almanacs count it.

>>> day_god(2, 0), day_god(2, 1), day_god(0, 8)       # 寅月子日 青龍, 寅月丑日 明堂, 子月申日 青龍
('青龍', '明堂', '青龍')
>>> kind(day_god(2, 2)), GODS[2].text("ko")
('黑道', '천형(天刑)')
"""
from __future__ import annotations

from .words import Cite, Word

GODS: tuple[Word, ...] = (
    Word("青龍", "청룡", "Azure Dragon"), Word("明堂", "명당", "Bright Hall"),
    Word("天刑", "천형", "Heavenly Punishment"), Word("朱雀", "주작", "Vermilion Bird"),
    Word("金匱", "금궤", "Golden Coffer"), Word("天德", "천덕", "Heavenly Virtue"),
    Word("白虎", "백호", "White Tiger"), Word("玉堂", "옥당", "Jade Hall"),
    Word("天牢", "천뢰", "Heavenly Prison"), Word("玄武", "현무", "Dark Warrior"),
    Word("司命", "사명", "Arbiter of Fate"), Word("勾陳", "구진", "Hooked Array"),
)
YELLOW = frozenset({"青龍", "明堂", "金匱", "天德", "玉堂", "司命"})
KINDS = {"黃道": Word("黃道", "황도", "Yellow Path"), "黑道": Word("黑道", "흑도", "Black Path")}
MONTH_BASES = ("jie", "lunar")

CITE = Cite("《御定星曆考原》卷五 日時總類「黃黑二道」：黃道六黑道六，一青龍二明堂三天刑四朱雀五金匱六天德七白虎八玉堂九天牢十玄武十一司命十二勾陳",
            "《어정성력고원(御定星曆考原)》 권5 「황흑이도(黃黑二道)」: 황도(黃道) 여섯·흑도(黑道) 여섯 — 청룡·명당·천형·주작·금궤·천덕·백호·옥당·천뢰·현무·사명·구진",
            "Yuding Xingli Kaoyuan, juan 5, \"The Yellow and Black Paths\": six yellow and six black, "
            "Azure Dragon, Bright Hall, Heavenly Punishment … Hooked Array")


def start(branch: int) -> int:
    """Where 青龍 stands in a month (or on a day) of ``branch``: 寅申 子, 卯酉 寅 … 丑未 戌."""
    return (2 * (branch - 2)) % 12


def god_index(base_branch: int, branch: int) -> int:
    return (branch - start(base_branch)) % 12


def day_god(month_branch: int, day_branch: int) -> str:
    return GODS[god_index(month_branch, day_branch)].zh


def hour_god(day_branch: int, hour_branch: int) -> str:
    return GODS[god_index(day_branch, hour_branch)].zh


def kind(god: str) -> str:
    return "黃道" if god in YELLOW else "黑道"


def lunar_month_branch(lunar_month: int) -> int:
    """The branch of a lunar month counted from 正月 寅."""
    return (lunar_month + 1) % 12


__all__ = ["GODS", "YELLOW", "KINDS", "CITE", "MONTH_BASES", "start", "god_index", "day_god",
           "hour_god", "kind", "lunar_month_branch"]
