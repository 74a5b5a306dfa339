"""손 없는 날: the days the roaming spirit 손 is in no direction, and where it is on the others.

손 (also explained as 損, the spirit that harms) moves with the lunar day through the four
directions and hinders what is done toward it: days 1·2 in the east, 3·4 the south, 5·6 the west,
7·8 the north, and on days 9·10 (19·20, 29·30) it has gone up to heaven — 손 없는 날, the days
Korean families move house and hold weddings and on which movers charge more. That is the
convention of the Korean almanacs (책력) and the moving trade; ``[everyday] son_order = "ewsn"``
takes the variant some Korean word-origin references print (3·4 west, 5·6 south).

The lunar day is that of the reader's national calendar: the Korean (KASI) calendar for Korean
places (``lunar`` = ``auto``), which dates about 3.7 % of days differently from the Chinese one
(almanac.lunar) — the apps that read 손 on the Chinese lunar date put it on the wrong day there.
``[everyday] son_calendar = "chinese"`` reads the Chinese lunar day anyway.

>>> [direction(d) for d in (1, 2, 3, 5, 7, 9, 10, 11, 20, 29, 30)]
['E', 'E', 'S', 'W', 'N', None, None, 'E', None, None, None]
>>> direction(3, "ewsn"), direction(5, "ewsn")
('W', 'S')
"""
from __future__ import annotations

from .words import Cite, Word

NAME = Word("손 없는 날", "손 없는 날", "day without Son")
#: 손 in the reader's words: a Korean spirit, no hanja of its own
SON = Word("손", "손", "Son")
CALENDARS = ("national", "chinese")
ORDERS = ("eswn", "ewsn")
_CYCLES = {"eswn": ("E", "E", "S", "S", "W", "W", "N", "N", None, None),
           "ewsn": ("E", "E", "W", "W", "S", "S", "N", "N", None, None)}

CITE = Cite("韓國民俗「손 없는 날」（韓國曆書所載）：陰曆一二日손在東，三四日在南，五六日在西，七八日在北，逢九、十之日上天，無손",
            "한국 민속 「손 없는 날」(책력(冊曆)의 관례): 음력 1·2일 동쪽, 3·4일 남쪽, 5·6일 서쪽, 7·8일 북쪽, 9·10일(19·20·29·30일)은 손이 하늘로 올라가 없는 날",
            "Korean folk custom, \"손 없는 날\" (as Korean almanacs print it): lunar days 1–2 east, "
            "3–4 south, 5–6 west, 7–8 north; on days ending in 9 and 0 Son is in heaven")


def direction(lunar_day: int, order: str = "eswn") -> str | None:
    """Where 손 is on a lunar day (``"E"``, ``"S"``, ``"W"``, ``"N"``), or None on a 손 없는 날."""
    return _CYCLES[order][(lunar_day - 1) % 10]


def free(lunar_day: int) -> bool:
    return (lunar_day - 1) % 10 >= 8


__all__ = ["NAME", "SON", "CITE", "CALENDARS", "ORDERS", "direction", "free"]
