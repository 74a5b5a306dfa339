"""四課: the four lessons of a day on a plate.

課1 stands on the day stem itself (its seat is the 寄宮 but the element tested is the stem's own:
S002 「乙酉日干上寅，三傳未巳卯」 needs 寅/乙 比和); 課2 on 課1's upper; 課3 on the day branch;
課4 on 課3's upper.

>>> ls = four_lessons(1, 1)       # 乙丑日, k = 1 (干上巳)
>>> [(BRANCHES[l.upper], l.lower_text) for l in ls]
[('巳', '乙'), ('午', '巳'), ('寅', '丑'), ('卯', '寅')]
>>> [l.relation for l in ls]
[None, None, '剋', None]
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cycles import BRANCH_ELEMENT, BRANCHES, STEM_ELEMENT, STEMS, element_overcomes
from .plate import JIGONG

ZEI, KE = "賊", "剋"   # 下賊上 (lower overcomes upper), 上剋下 (upper overcomes lower)


@dataclass(frozen=True)
class Lesson:
    """One 課: ``upper`` (sky branch) over ``seat`` (ground branch; the 寄宮 for 課1)."""

    upper: int
    seat: int
    lower_element: int
    lower_text: str
    relation: str | None      # 賊, 剋 or None

    def to_json(self) -> dict:
        return {"upper": BRANCHES[self.upper], "lower": self.lower_text}


def _relation(upper: int, lower_element: int) -> str | None:
    ue = BRANCH_ELEMENT[upper]
    if element_overcomes(lower_element, ue):
        return ZEI
    if element_overcomes(ue, lower_element):
        return KE
    return None


@lru_cache(maxsize=512)
def _lesson(upper: int, seat: int, lower_element: int, lower_text: str) -> Lesson:
    """One 課, made once and shared (frozen): 12 上神 over 12 branches or 10 stems."""
    return Lesson(upper, seat, lower_element, lower_text, _relation(upper, lower_element))


def four_lessons(day: int, k: int) -> tuple[Lesson, Lesson, Lesson, Lesson]:
    """The 四課 of day index ``day`` (0 甲子 … 59 癸亥) on rotation ``k``."""
    stem, branch = day % 10, day % 12
    j = JIGONG[stem]
    u1 = (j + k) % 12
    u2 = (u1 + k) % 12
    u3 = (branch + k) % 12
    u4 = (u3 + k) % 12
    return (_lesson(u1, j, STEM_ELEMENT[stem], STEMS[stem]),
            _lesson(u2, u1, BRANCH_ELEMENT[u1], BRANCHES[u1]),
            _lesson(u3, branch, BRANCH_ELEMENT[branch], BRANCHES[branch]),
            _lesson(u4, u3, BRANCH_ELEMENT[u3], BRANCHES[u3]))


def complete(lessons) -> bool:
    """False when two 課 are the same (上神, seat) pair — 四課不備."""
    return len({(l.upper, l.seat) for l in lessons}) == 4
