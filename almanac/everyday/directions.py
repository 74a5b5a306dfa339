"""The eight directions (方位): their names, the branches that stand in each, and reading a
direction a user names (동, 東, east, E, 북동, 東北, north-east, NE …).

The branches stand round the compass as the 二十四山 place them: 子 north, 丑寅 north-east,
卯 east, 辰巳 south-east, 午 south, 未申 south-west, 酉 west, 戌亥 north-west (the 後天 eight
trigrams' palaces: 坎子 艮丑寅 震卯 巽辰巳 離午 坤未申 兌酉 乾戌亥). A direction moved toward "meets" a direction of the compass when it is that
direction or one of its two halves (north-east meets north and east): 손 on the east, 대장군 on
the north and the year's 三煞 in the south are all met by a move that goes that way at all.

>>> parse_direction("동").key, parse_direction("東北").key, parse_direction("south-west").key
('E', 'NE', 'SW')
>>> meets("NE", "E"), meets("E", "NE"), meets("S", "E")
(True, True, False)
"""
from __future__ import annotations

from ..errors import BadInput, field
from .words import Word

#: key → name; the order is the compass's, clockwise from north
DIRECTIONS: dict[str, Word] = {
    "N": Word("北", "북", "north"),
    "NE": Word("東北", "북동", "north-east"),
    "E": Word("東", "동", "east"),
    "SE": Word("東南", "남동", "south-east"),
    "S": Word("南", "남", "south"),
    "SW": Word("西南", "남서", "south-west"),
    "W": Word("西", "서", "west"),
    "NW": Word("西北", "북서", "north-west"),
}
#: the direction of each branch, 子 … 亥
BRANCH_DIRECTION = ("N", "NE", "NE", "E", "SE", "SE", "S", "SW", "SW", "W", "NW", "NW")

_PARTS = {"N": {"N"}, "E": {"E"}, "S": {"S"}, "W": {"W"},
          "NE": {"N", "E"}, "SE": {"S", "E"}, "SW": {"S", "W"}, "NW": {"N", "W"}}

_ALIASES: dict[str, str] = {}
for _k, _w in DIRECTIONS.items():
    for _name in (_k, _w.zh, _w.ko, _w.en, _w.en.replace("-", ""), _w.en.replace("-", " ")):
        _ALIASES[_name.casefold()] = _k
    _ALIASES[(_w.ko + "쪽").casefold()] = _k
# the other order Koreans and Chinese also write: 동북, 동남, 서남, 서북, 北東 …
for _k, _ko, _zh in (("NE", "동북", "北東"), ("SE", "동남", "南東"), ("SW", "서남", "南西"),
                     ("NW", "서북", "北西")):
    for _name in (_ko, _ko + "쪽", _zh):
        _ALIASES[_name.casefold()] = _k
for _k, _zh in (("NE", "东北"), ("SE", "东南"), ("E", "东"), ("NW", "西北")):
    _ALIASES[_zh] = _k


#: each direction's key by its Chinese name, as the day's facts (almanac.everyday.day) write it
_BY_ZH = {w.zh: k for k, w in DIRECTIONS.items()}


def parse_direction(value) -> "Direction":
    """The direction a user named, or bad input listing what is accepted."""
    key = _ALIASES.get(value.strip().casefold()) if isinstance(value, str) else None
    if key is None:
        d = field("direction")
        raise BadInput(f"{d} {value!r} is not a direction; accepted: N NE E SE S SW W NW, "
                       f"or 북 북동 동 남동 남 남서 서 북서, or 北 東北 東 東南 南 西南 西 西北",
                       zh=f"{d} 不是方位：{value!r}（可用：北 東北 東 東南 南 西南 西 西北，或 N NE E SE S SW W NW）",
                       ko=f"{d} 값이 방위(方位)가 아닙니다: {value!r} (가능한 값: 북 북동 동 남동 남 남서 서 북서, "
                          f"또는 N NE E SE S SW W NW)")
    return Direction(key)


class Direction(str):
    """A direction key (``"E"``, ``"NE"`` …) with its names."""

    @property
    def key(self) -> str:
        return str(self)

    @property
    def word(self) -> Word:
        return DIRECTIONS[self]

    def text(self, lang: str) -> str:
        return direction_text(self, lang)


def direction_text(key: str, lang: str) -> str:
    """A direction as a reader of ``lang`` writes it: 東, 东, 동, east (Korean and English without
    the character: a direction is an everyday word)."""
    w = DIRECTIONS[key]
    if lang == "ko":
        return w.ko
    if lang == "en":
        return w.en
    return w.text(lang)


def key_of(zh: str) -> str:
    """The key of a direction the day's facts name in Chinese (``"東"`` → ``"E"``)."""
    return _BY_ZH[zh]


def meets(moved: str, where: str) -> bool:
    """Whether a move toward ``moved`` goes toward ``where`` at all (they share a cardinal part)."""
    return bool(_PARTS[moved] & _PARTS[where])


def of_branch(branch: int) -> str:
    return BRANCH_DIRECTION[branch]


__all__ = ["DIRECTIONS", "BRANCH_DIRECTION", "Direction", "parse_direction", "direction_text",
           "key_of", "meets", "of_branch"]
