"""The day's gods (神煞) that decide 宜/忌 for the everyday acts, and the acts' 宜忌.

Only gods whose rule and whose 宜忌 for the acts below 《協紀辨方書》 states plainly are kept here
(卷五 義例三 and the 月 gods of 卷四–六); the almanac does not reproduce the whole 月表 (卷二十–三十一),
which weighs some sixty gods per day. Each god's days are checked against lunar-python's own lists
(``getDayJiShen``/``getDayXiongSha``) over every day of 1950–2050 (tests/everyday/test_everyday_oracles.py).

- 天德: 正月丁 三月壬 四月辛 六月甲 七月癸 九月丙 十月乙 十二月庚 — the day's stem; in 二五八十一月 it
  is a trigram (坤 乾 艮 巽), a direction with no day of its own (《協紀辨方書》卷五「天德」, 《堪輿經》:
  「正月丁二月坤三月壬…」);
- 月德: 寅午戌月 丙, 申子辰月 壬, 亥卯未月 甲, 巳酉丑月 庚 — the day's stem (卷五「月德」);
- 天赦: 春 戊寅, 夏 甲午, 秋 戊申, 冬 甲子 (卷五「天赦」);
- 月破: the day branch clashes with the month's (卷四「月破」; the 建除 破 day);
- 月厭: 正月戌 二月酉 … retrograde from 戌 (卷四「月厭」);
- 歸忌: 孟月丑 仲月寅 季月子 (卷六「歸忌」);
- 四廢: 春 庚申 辛酉, 夏 壬子 癸亥, 秋 甲寅 乙卯, 冬 丙午 丁巳 (卷五「四廢」).

Their 宜忌 for the acts (:data:`ACTS`): 天德 月德 天赦 favour them; 月破 and 四廢 forbid every
one; 月厭 forbids 嫁娶 and 出行 (the 陰建, 「忌嫁娶、遠行」); 歸忌 forbids 移徙, 入宅 and 出行
(「忌遠回、移徙」). A god that forbids outweighs one that favours: an act is 宜 on a day only
when something favours it and nothing forbids it (the rule of the 月表's 「宜忌等第」 that 忌 at
the level of 月破 is not lifted by 德).

>>> sorted(gods(2, 3, 2))              # 寅月 丁卯日: 天德 (丁)
['天德']
>>> acts(["月破"])
([], ['嫁娶', '移徙', '入宅', '出行'])
"""
from __future__ import annotations

from ..cycles import BRANCHES, STEMS
from .words import Cite, Word

#: the acts whose 宜/忌 the everyday layer gives
ACTS: dict[str, Word] = {
    "嫁娶": Word("嫁娶", "가취", "wedding"),
    "移徙": Word("移徙", "이사", "moving house"),
    "入宅": Word("入宅", "입택", "moving in"),
    "出行": Word("出行", "출행", "setting out"),
}
_ALL = tuple(ACTS)

GODS: dict[str, Word] = {
    "天德": Word("天德", "천덕", "Heavenly Virtue"),
    "月德": Word("月德", "월덕", "Monthly Virtue"),
    "天赦": Word("天赦", "천사", "Heavenly Pardon"),
    "月破": Word("月破", "월파", "Month Breaker"),
    "月厭": Word("月厭", "월염", "Month Loathing"),
    "歸忌": Word("歸忌", "귀기", "Return Taboo"),
    "四廢": Word("四廢", "사폐", "Four Wastes"),
}

#: god → (acts it favours, acts it forbids)
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "天德": (_ALL, ()),
    "月德": (_ALL, ()),
    "天赦": (_ALL, ()),
    "月破": ((), _ALL),
    "四廢": ((), _ALL),
    "月厭": ((), ("嫁娶", "出行")),
    "歸忌": ((), ("移徙", "入宅", "出行")),
}

_XJ = "《協紀辨方書》"
_XJ_KO = "《협기변방서(協紀辨方書)》"
CITES: dict[str, Cite] = {
    "天德": Cite(f"{_XJ}卷五 義例三「天德」：天德者天之福德也，所理之方所值之日可以興土功營宮室",
                f"{_XJ_KO} 권5 「천덕(天德)」: 하늘의 복덕(福德)이니 그날에는 일을 일으킬 만하다",
                "Xieji Bianfang Shu, juan 5, \"Heavenly Virtue\": the blessing of heaven"),
    "月德": Cite(f"{_XJ}卷五 義例三「月德」：月德者月之德神也，取土修營宜向其方，宴樂上官利用其日",
                f"{_XJ_KO} 권5 「월덕(月德)」: 달의 덕신(德神)이니 그날을 쓰면 이롭다",
                "Xieji Bianfang Shu, juan 5, \"Monthly Virtue\": the virtue of the month"),
    "天赦": Cite(f"{_XJ}卷五 義例三「天赦」：春戊寅，夏甲午，秋戊申，冬甲子",
                f"{_XJ_KO} 권5 「천사(天赦)」: 봄 무인(戊寅), 여름 갑오(甲午), 가을 무신(戊申), 겨울 갑자(甲子)",
                "Xieji Bianfang Shu, juan 5, \"Heavenly Pardon\": 戊寅 in spring, 甲午 in summer, "
                "戊申 in autumn, 甲子 in winter"),
    "月破": Cite(f"{_XJ}卷四 義例二「月破」：月建所衝之日，大事不宜",
                f"{_XJ_KO} 권4 「월파(月破)」: 월건(月建)과 충(沖)하는 날이니 큰일에 쓰지 않는다",
                "Xieji Bianfang Shu, juan 4, \"Month Breaker\": the day that clashes with the month; "
                "no great matter on it"),
    "月厭": Cite(f"{_XJ}卷四 義例二「月厭」：月厭者陰建也，忌嫁娶、遠行",
                f"{_XJ_KO} 권4 「월염(月厭)」: 음건(陰建)이니 시집·장가와 먼 길을 꺼린다",
                "Xieji Bianfang Shu, juan 4, \"Month Loathing\": the yin establishment; avoid "
                "weddings and long journeys"),
    "歸忌": Cite(f"{_XJ}卷六 義例四「歸忌」：孟月丑，仲月寅，季月子，忌遠回、移徙",
                f"{_XJ_KO} 권6 「귀기(歸忌)」: 맹월(孟月) 축, 중월(仲月) 인, 계월(季月) 자 — 먼 길에서 돌아옴과 이사(移徙)를 꺼린다",
                "Xieji Bianfang Shu, juan 6, \"Return Taboo\": 丑 in the first month of a season, "
                "寅 in the second, 子 in the third; avoid returning home and moving house"),
    "四廢": Cite(f"{_XJ}卷五 義例三「四廢」：春庚申辛酉，夏壬子癸亥，秋甲寅乙卯，冬丙午丁巳，百事忌",
                f"{_XJ_KO} 권5 「사폐(四廢)」: 봄 경신·신유, 여름 임자·계해, 가을 갑인·을묘, 겨울 병오·정사 — 모든 일을 꺼린다",
                "Xieji Bianfang Shu, juan 5, \"Four Wastes\": the days of the element that is dead "
                "in the season; avoid everything"),
}

# 天德 of each month branch (子 … 亥): a stem ("" where it is a trigram)
_TIANDE = ("", "庚", "丁", "", "壬", "辛", "", "甲", "癸", "", "丙", "乙")
# 月德 of each month branch: the stem
_YUEDE = ("壬", "庚", "丙", "甲", "壬", "庚", "丙", "甲", "壬", "庚", "丙", "甲")
# season of each month branch: 0 spring (寅卯辰) … 3 winter (亥子丑)
_SEASON = (3, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3)
_TIANSHE = ("戊寅", "甲午", "戊申", "甲子")
_SIFEI = (("庚申", "辛酉"), ("壬子", "癸亥"), ("甲寅", "乙卯"), ("丙午", "丁巳"))
# 歸忌: 孟月 (寅巳申亥) 丑, 仲月 (子卯午酉) 寅, 季月 (辰未戌丑) 子
_GUIJI = (2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1)


def gods(month_branch: int, day_stem: int, day_branch: int) -> list[str]:
    """The gods of :data:`GODS` on a day (in the order of :data:`GODS`)."""
    s, b = STEMS[day_stem], BRANCHES[day_branch]
    pillar = s + b
    season = _SEASON[month_branch]
    out = []
    if _TIANDE[month_branch] == s:
        out.append("天德")
    if _YUEDE[month_branch] == s:
        out.append("月德")
    if _TIANSHE[season] == pillar:
        out.append("天赦")
    if (day_branch - month_branch) % 12 == 6:
        out.append("月破")
    if day_branch == (-month_branch) % 12:
        out.append("月厭")
    if day_branch == _GUIJI[month_branch]:
        out.append("歸忌")
    if pillar in _SIFEI[season]:
        out.append("四廢")
    return out


def acts(day_gods) -> tuple[list[str], list[str]]:
    """(宜, 忌) of the acts on a day with ``day_gods``: an act is 忌 when any god forbids it, 宜
    when one favours it and none forbids it."""
    yi: set[str] = set()
    ji: set[str] = set()
    for g in day_gods:
        good, bad = EFFECTS[g]
        yi.update(good)
        ji.update(bad)
    return [a for a in ACTS if a in yi and a not in ji], [a for a in ACTS if a in ji]


def forbidding(day_gods, act: str) -> list[str]:
    """The gods of ``day_gods`` that forbid ``act``."""
    return [g for g in day_gods if act in EFFECTS[g][1]]


def favouring(day_gods, act: str) -> list[str]:
    return [g for g in day_gods if act in EFFECTS[g][0]]


__all__ = ["ACTS", "GODS", "EFFECTS", "CITES", "gods", "acts", "forbidding", "favouring"]
