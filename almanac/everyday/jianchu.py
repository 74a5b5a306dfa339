"""建除十二神 (건제십이신): the day's officer by the month of the solar terms and the day branch.

「從月建上起建…如正月建寅則寅日起建，順行十二辰」 — the day whose branch is the month's 建 is 建,
the next branch 除, and so on round the twelve (《御定星曆考原》卷五 日時總類「月建十二神」; 《協紀辨方書》
月表, 卷二十–三十一, prints the officer beside every day of every month: 「甲子海中金義平日」). The month
is the 節 month (月建 turns at each 節: 立春 寅, 驚蟄 卯 …), so the day on which a 節 falls is the
first day of the new month and repeats the officer of the day before 「每月交節則疊兩值日」.

Which officers are good: 「除危定執成開為吉，建破平收滿閉為凶」 (《御定星曆考原》卷五, 按), the
almanacs' 「建滿平收黑，除危定執黃，成開皆可用，閉破不相當」.

>>> name(2, 2), name(2, 8), name(8, 2)       # 寅月寅日 建, 寅月申日 破, 申月寅日 破
('建', '破', '破')
>>> OFFICERS[10].text("ko"), OFFICERS[10].text("en")
('개(開)', 'Open (開)')
"""
from __future__ import annotations

from .words import Cite, Word

OFFICERS: tuple[Word, ...] = (
    Word("建", "건", "Establish"), Word("除", "제", "Remove"), Word("滿", "만", "Full"),
    Word("平", "평", "Balance"), Word("定", "정", "Settle"), Word("執", "집", "Hold"),
    Word("破", "파", "Break"), Word("危", "위", "Danger"), Word("成", "성", "Complete"),
    Word("收", "수", "Gather"), Word("開", "개", "Open"), Word("閉", "폐", "Close"),
)
#: the officers 《星曆考原》 counts good (除危定執成開)
GOOD = frozenset("除危定執成開")

FAMILY = Word("建除", "건제", "Twelve Day Officers")

CITE = Cite("《御定星曆考原》卷五 日時總類「月建十二神」：如正月建寅則寅日起建，順行十二辰",
            "《어정성력고원(御定星曆考原)》 권5 「월건십이신(月建十二神)」: 정월(正月)은 인(寅)이 월건이니 인일(寅日)에 건(建)을 일으켜 열두 지지를 순행",
            "Yuding Xingli Kaoyuan, juan 5, \"Twelve Gods of the Month Establishment\": in the first "
            "month (建寅) a 寅 day is 建, then forward through the twelve branches")
CITE_GOOD = Cite("《御定星曆考原》卷五「月建十二神」按：除危定執成開為吉，建破平收滿閉為凶",
                 "《어정성력고원(御定星曆考原)》 권5 「월건십이신」 안(按): 제·위·정·집·성·개는 길(吉), 건·파·평·수·만·폐는 흉(凶)",
                 "Yuding Xingli Kaoyuan, juan 5, note: Remove, Danger, Settle, Hold, Complete and Open "
                 "are good; Establish, Break, Balance, Gather, Full and Close are bad")


def officer(month_branch: int, day_branch: int) -> int:
    """The officer's number (0 建 … 11 閉) of a day branch in a month (branches as 0 子 … 11 亥)."""
    return (day_branch - month_branch) % 12


def name(month_branch: int, day_branch: int) -> str:
    return OFFICERS[officer(month_branch, day_branch)].zh


__all__ = ["OFFICERS", "GOOD", "FAMILY", "CITE", "CITE_GOOD", "officer", "name"]
