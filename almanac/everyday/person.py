"""The facts of a day for a person: 생기복덕 (生氣福德), 삼재 (三災) and the clash with their year.

**생기복덕.** The person's age by 세는 나이 (counted from 1 in the year of birth; years from 立春, as
``born`` is read everywhere in the almanac) and sex place them on a trigram (본명괘): a man of 1 on
離, then from 2 round the later-heaven order 兌 乾 坎 艮 震 巽 離 坤 (2 兌, 3 乾 … 8 離, 9 坤, 10 兌 …);
a woman of 1 on 坎, 2 乾, 3 兌, 4 坤, 5 離, 6 巽, 7 震, then from 8 坎 乾 兌 坤 離 巽 震 艮 (8 坎 …
15 艮, 16 坎 …). From it the lines change in the order 「一上生氣, 二中天醫, 三下絕體, 四中遊魂, 五上
禍害, 六中福德, 七下絕命, 八中歸魂」: each trigram reached names the day branches of its palace
(乾 戌亥, 坎 子, 艮 丑寅, 震 卯, 巽 辰巳, 離 午, 坤 未申, 兌 酉) — 생기·천의·복덕 good, 화해·절명 bad,
절체·유혼·귀혼 half and half (『천기대요(天機大要)』 「생기복덕법(生氣福德法)」; 국립민속박물관
『한국민속신앙사전』 「생기복덕」: 「일진(日辰)과 나이를 팔괘(八卦)에 배정하여 상·중·하 세 효(爻)의
변화로써 운수를 본다」). tests/everyday/test_everyday.py holds it to the 생기복덕 조견표 Korean almanacs print.

**삼재.** Three years in twelve: the year of the 驛馬 of the birth year's 三合 and the two after it —
申子辰生 寅卯辰年, 巳酉丑生 亥子丑年, 寅午戌生 申酉戌年, 亥卯未生 巳午未年 — 들삼재, 눌삼재, 날삼재
(국립민속박물관 『한국세시풍속사전』 「삼재」).

**沖.** A day whose branch clashes with the person's 本命 (the almanacs' 「沖某」 of the animal).

>>> from almanac.judgement.person import Person
>>> p = Person(1990, "m"); age(p, 2026), trigram(age(p, 2026), "m")
(37, '艮')
>>> saenggi(trigram(2, "m"), 10)        # 남 2세 (兌): 戌 is 생기 (乾)
'生氣'
>>> samjae(Person(1992, "f"), 2026)     # 申年生, 午年: none; 寅年 (2022) 들삼재
>>> samjae(Person(1992, "f"), 2022)
'들삼재'
"""
from __future__ import annotations

from .words import Cite, Word

#: trigrams as (bottom, middle, top) lines, 1 yang
TRIGRAMS = {"乾": (1, 1, 1), "兌": (1, 1, 0), "離": (1, 0, 1), "震": (1, 0, 0),
            "巽": (0, 1, 1), "坎": (0, 1, 0), "艮": (0, 0, 1), "坤": (0, 0, 0)}
_BY_LINES = {v: k for k, v in TRIGRAMS.items()}
#: the palace of each branch 子 … 亥
BRANCH_TRIGRAM = ("坎", "艮", "艮", "震", "巽", "巽", "離", "坤", "坤", "兌", "乾", "乾")
_MALE = ("離", "坤", "兌", "乾", "坎", "艮", "震", "巽")      # by age % 8 from 2 (1: 離)
_FEMALE = ("坎", "乾", "兌", "坤", "離", "巽", "震", "艮")    # 1–7 from 坎, then from 8 again

#: the eight in the order the lines change: (name, line changed: 2 top, 1 middle, 0 bottom)
EIGHT = (("生氣", 2), ("天醫", 1), ("絕體", 0), ("遊魂", 1), ("禍害", 2), ("福德", 1),
         ("絕命", 0), ("歸魂", 1))
NAMES: dict[str, Word] = {
    "生氣": Word("生氣", "생기", "Vital Breath"), "天醫": Word("天醫", "천의", "Heavenly Physician"),
    "絕體": Word("絕體", "절체", "Severed Body"), "遊魂": Word("遊魂", "유혼", "Wandering Soul"),
    "禍害": Word("禍害", "화해", "Calamity"), "福德": Word("福德", "복덕", "Fortune and Virtue"),
    "絕命": Word("絕命", "절명", "Severed Life"), "歸魂": Word("歸魂", "귀혼", "Returning Soul"),
}
GOOD = frozenset({"生氣", "天醫", "福德"})
BAD = frozenset({"禍害", "絕命"})
SAMJAE: dict[str, Word] = {
    "들삼재": Word("入三災", "들삼재", "entering Three Calamities"),
    "눌삼재": Word("留三災", "눌삼재", "staying Three Calamities"),
    "날삼재": Word("出三災", "날삼재", "leaving Three Calamities"),
}
_SAMJAE_ORDER = ("들삼재", "눌삼재", "날삼재")
#: the 驛馬 of each 三合, by branch mod 4: 申子辰 寅, 巳酉丑 亥, 寅午戌 申, 亥卯未 巳
_YIMA = (2, 11, 8, 5)

CITE_SAENGGI = Cite("《天機大要》「生氣福德法」：一上生氣，二中天醫，三下絕體，四中遊魂，五上禍害，六中福德，七下絕命，八中歸魂",
                    "『천기대요(天機大要)』 「생기복덕법(生氣福德法)」: 일상생기(一上生氣) 이중천의(二中天醫) 삼하절체(三下絕體) 사중유혼(四中遊魂) 오상화해(五上禍害) 육중복덕(六中福德) 칠하절명(七下絕命) 팔중귀혼(八中歸魂)",
                    "Cheongi Daeyo (天機大要), \"Saenggi Bokdeok\": change the top line for Vital Breath, "
                    "the middle for Heavenly Physician, … the middle again for Returning Soul")
CITE_SAMJAE = Cite("韓國民俗「三災」：申子辰生寅卯辰年，巳酉丑生亥子丑年，寅午戌生申酉戌年，亥卯未生巳午未年",
                   "국립민속박물관 『한국세시풍속사전』 「삼재(三災)」: 신자진생은 인묘진년, 사유축생은 해자축년, 인오술생은 신유술년, 해묘미생은 사오미년 — 들삼재·눌삼재·날삼재",
                   "Korean folk custom, \"Samjae (三災)\": those born in 申子辰 years meet it in 寅卯辰 "
                   "years, 巳酉丑 in 亥子丑, 寅午戌 in 申酉戌, 亥卯未 in 巳午未")
CITE_CHONG = Cite("日沖本命：日支與生年支相沖（曆書「沖某」）",
                  "일충본명(日沖本命): 일진(日辰)의 지지가 태어난 해의 지지와 충(沖)함 (책력의 「충(沖) ○띠」)",
                  "The day's branch clashes with the birth year's (almanacs' \"clashes with the …\")")


def age(person, year: int) -> int:
    """세는 나이 in ``year`` (years counted from 立春)."""
    return year - person.birth_year + 1


def trigram(age_: int, sex: str) -> str:
    """The person's 본명괘 at ``age_`` (세는 나이 ≥ 1)."""
    if sex == "m":
        return "離" if age_ == 1 else _MALE[age_ % 8]
    return _FEMALE[age_ - 1] if age_ <= 7 else _FEMALE[(age_ - 8) % 8]


def eight_of(base: str) -> dict[str, str]:
    """trigram → its name among the eight, from the 본명괘 ``base``."""
    lines = list(TRIGRAMS[base])
    out = {}
    for name, line in EIGHT:
        lines[line] ^= 1
        out[_BY_LINES[tuple(lines)]] = name
    return out


def saenggi(base: str, day_branch: int) -> str:
    """The name (生氣 … 歸魂) the day branch has for the 본명괘 ``base``."""
    return eight_of(base)[BRANCH_TRIGRAM[day_branch]]


def samjae(person, year: int) -> str | None:
    """들삼재, 눌삼재 or 날삼재 when ``year`` (its branch counted from 立春) is one of the person's
    삼재 years, else None."""
    b = (person.birth_year - 4) % 12
    start = _YIMA[b % 4]                                  # 驛馬 of the 三合 of b
    k = ((year - 4) % 12 - start) % 12
    return _SAMJAE_ORDER[k] if k < 3 else None


def clashes(person, day_branch: int) -> bool:
    return (day_branch - (person.birth_year - 4) % 12) % 12 == 6


__all__ = ["TRIGRAMS", "BRANCH_TRIGRAM", "EIGHT", "NAMES", "GOOD", "BAD", "SAMJAE",
           "CITE_SAENGGI", "CITE_SAMJAE", "CITE_CHONG", "age", "trigram", "eight_of", "saenggi",
           "samjae", "clashes"]
