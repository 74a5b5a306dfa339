"""旬空 (空亡), 旬遁 遁干 and 六親.

>>> from almanac.cycles import GanZhi
>>> d = GanZhi.parse("壬子").index
>>> [BRANCHES[b] for b in void_pair(d)]
['寅', '卯']
>>> dungan(0, 6)   # 甲子日: 午上遁得庚
'庚'
>>> liuqin(0, 6)   # 甲木見午火 — 子孫
'子孫'
"""
from __future__ import annotations

from ..cycles import BRANCH_ELEMENT, BRANCHES, STEM_ELEMENT, STEMS, relation
from . import rules

SOURCE = rules.XUNKONG


def xun_branch(day: int) -> int:
    """Branch of the 旬首 (the 甲 day heading the 旬)."""
    return (day - day % 10) % 12


def void_pair(day: int) -> tuple[int, int]:
    """The two 空亡 branches of the day's 旬 (the two after its tenth day)."""
    b = xun_branch(day)
    return ((b + 10) % 12, (b + 11) % 12)


def dungan(day: int, branch: int) -> str | None:
    """The stem the 旬 gives ``branch`` (旬遁), or None for the two void branches."""
    i = (branch - xun_branch(day)) % 12
    return STEMS[i] if i < 10 else None


_LIUQIN = {"比": "兄弟", "被生": "父母", "生": "子孫", "剋": "妻財", "被剋": "官鬼"}


def liuqin(day: int, branch: int) -> str:
    """六親 of ``branch`` seen from the day stem: 兄弟 父母 子孫 妻財 官鬼."""
    return _LIUQIN[relation(STEM_ELEMENT[day % 10], BRANCH_ELEMENT[branch])]
