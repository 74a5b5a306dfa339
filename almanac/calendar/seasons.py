"""The seasons and 旺相休囚死: a month's ruling element (月建) and the strength of each of the
five elements in it.
"""
from __future__ import annotations

from functools import lru_cache

from ..cycles import BRANCH_ELEMENT, ELEMENTS

SEASONS = ("春", "夏", "秋", "冬", "四季")
#: 旺相休囚死 names, in the order 旺 (same as the season), 相 (the season generates it),
#: 休 (it generates the season), 囚 (it overcomes the season), 死 (the season overcomes it).
STRENGTHS = ("旺", "相", "休", "囚", "死")


def season_element(month_branch: int) -> int:
    """The ruling element of a month: 寅卯 木, 巳午 火, 申酉 金, 亥子 水, 辰未戌丑 土 (月建)."""
    return BRANCH_ELEMENT[month_branch]


def strength(element: int, ruling: int) -> str:
    """旺相休囚死 of ``element`` in a season ruled by ``ruling``."""
    return STRENGTHS[{0: 0, 1: 1, 4: 2, 3: 3, 2: 4}[(element - ruling) % 5]]


def strengths(month_branch: int) -> dict[str, str]:
    """旺相休囚死 of each of the five elements in the month of ``month_branch`` (a new dict)."""
    return dict(_strengths(month_branch))


@lru_cache(maxsize=12)
def _strengths(month_branch: int) -> tuple[tuple[str, str], ...]:
    ruling = season_element(month_branch)
    return tuple((ELEMENTS[e], strength(e, ruling)) for e in range(5))
