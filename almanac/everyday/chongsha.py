"""沖·煞 of the day; 太歲, 三煞 and 大將軍 of the year (충·살, 태세·삼살·대장군).

- 日沖: the branch opposite the day's (子午 丑未 …), the 干支 it clashes with (the stem the day's stem
  overcomes on that branch: 丁未日沖辛丑) and that branch's animal — 「沖某」 as almanacs print it;
- 日煞 (煞方): the 三合 of the day branch kills toward the direction after its own 墓: 申子辰 南,
  寅午戌 北, 巳酉丑 東, 亥卯未 西 — the rule of the 三煞 (劫煞 災煞 歲煞) applied to the day;
- 太歲: the year branch; 三煞: 申子辰年 巳午未 (南), 寅午戌年 亥子丑 (北), 巳酉丑年 寅卯辰 (東),
  亥卯未年 申酉戌 (西) (《協紀辨方書》卷三 義例一「劫煞」「災煞」「歲煞」);
- 大將軍: 寅卯辰年 子 (北), 巳午未年 卯 (東), 申酉戌年 午 (南), 亥子丑年 酉 (西) (《協紀辨方書》
  卷三 義例一「大將軍」), 대장군방 in Korea, where a move toward it is avoided.

>>> chong(3, 7)                      # 丁未日: 沖辛丑 (牛)
{'branch': '丑', 'pillar': '辛丑', 'animal': '牛'}
>>> sha_direction(7), sansha(6), dajiangjun(6)       # 未日煞西; 午年三煞在北 (亥子丑), 大將軍在東 (卯)
('W', ('N', '亥子丑'), ('E', '卯'))
"""
from __future__ import annotations

from ..cycles import BRANCHES, STEMS
from .words import Cite, Word

ANIMALS: tuple[Word, ...] = (
    Word("鼠", "쥐", "rat"), Word("牛", "소", "ox"), Word("虎", "호랑이", "tiger"),
    Word("兔", "토끼", "rabbit"), Word("龍", "용", "dragon"), Word("蛇", "뱀", "snake"),
    Word("馬", "말", "horse"), Word("羊", "양", "goat"), Word("猴", "원숭이", "monkey"),
    Word("雞", "닭", "rooster"), Word("狗", "개", "dog"), Word("豬", "돼지", "pig"),
)
#: the direction of the 煞 of each branch's 三合 (申子辰 南, 巳酉丑 東, 寅午戌 北, 亥卯未 西)
_SHA = ("S", "E", "N", "W", "S", "E", "N", "W", "S", "E", "N", "W")
#: the three branches of each direction's 三煞
_SANSHA_BRANCHES = {"S": "巳午未", "N": "亥子丑", "E": "寅卯辰", "W": "申酉戌"}
#: the 大將軍 of each year branch (寅卯辰 子, 巳午未 卯, 申酉戌 午, 亥子丑 酉)
_DAJIANGJUN = (9, 9, 0, 0, 0, 3, 3, 3, 6, 6, 6, 9)
_DIRECTION_OF = {0: "N", 3: "E", 6: "S", 9: "W"}

WORDS = {
    "chong": Word("沖", "충", "clash"),
    "sha": Word("煞", "살", "Sha"),
    "taisui": Word("太歲", "태세", "Grand Duke"),
    "sansha": Word("三煞", "삼살", "Three Sha"),
    "dajiangjun": Word("大將軍", "대장군", "Great General"),
}

CITE_CHONG = Cite("六沖：子午、丑未、寅申、卯酉、辰戌、巳亥相沖（《協紀辨方書》卷三 義例一「歲破」：太歲所沖之辰）",
                  "육충(六沖): 자오·축미·인신·묘유·진술·사해 — 《협기변방서(協紀辨方書)》 권3 「세파(歲破)」",
                  "The six clashes (子午 丑未 寅申 卯酉 辰戌 巳亥); Xieji Bianfang Shu, juan 3, \"Year Breaker\"")
CITE_SANSHA = Cite("《協紀辨方書》卷三 義例一「劫煞」「災煞」「歲煞」：申子辰年在巳午未，寅午戌年在亥子丑，巳酉丑年在寅卯辰，亥卯未年在申酉戌",
                   "《협기변방서(協紀辨方書)》 권3 「겁살(劫煞)·재살(災煞)·세살(歲煞)」: 신자진년 사오미(남), 인오술년 해자축(북), 사유축년 인묘진(동), 해묘미년 신유술(서)",
                   "Xieji Bianfang Shu, juan 3, \"Robbery, Calamity and Year Sha\": in 申子辰 years "
                   "巳午未 (south), 寅午戌 亥子丑 (north), 巳酉丑 寅卯辰 (east), 亥卯未 申酉戌 (west)")
CITE_DAJIANGJUN = Cite("《協紀辨方書》卷三 義例一「大將軍」：寅卯辰年在子，巳午未年在卯，申酉戌年在午，亥子丑年在酉",
                       "《협기변방서(協紀辨方書)》 권3 「대장군(大將軍)」: 인묘진년 자(북), 사오미년 묘(동), 신유술년 오(남), 해자축년 유(서)",
                       "Xieji Bianfang Shu, juan 3, \"Great General\": 寅卯辰 years at 子 (north), "
                       "巳午未 at 卯 (east), 申酉戌 at 午 (south), 亥子丑 at 酉 (west)")


def chong(day_stem: int, day_branch: int) -> dict:
    """The 干支 a day clashes with and its branch's animal (as 「沖辛丑牛」)."""
    b = (day_branch + 6) % 12
    return {"branch": BRANCHES[b], "pillar": STEMS[(day_stem + 4) % 10] + BRANCHES[b],
            "animal": ANIMALS[b].zh}


def sha_direction(branch: int) -> str:
    return _SHA[branch]


def sansha(year_branch: int) -> tuple[str, str]:
    d = _SHA[year_branch]
    return d, _SANSHA_BRANCHES[d]


def dajiangjun(year_branch: int) -> tuple[str, str]:
    b = _DAJIANGJUN[year_branch]
    return _DIRECTION_OF[b], BRANCHES[b]


__all__ = ["ANIMALS", "WORDS", "CITE_CHONG", "CITE_SANSHA", "CITE_DAJIANGJUN", "chong",
           "sha_direction", "sansha", "dajiangjun"]
