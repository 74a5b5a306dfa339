"""Where a 禽 lands (泊) and what the seed says of it there: 刀砧, 湯火, 田園 and the named situations.

"泊" has two readings (option ``bo``): ``hour_branch`` (default) — a 禽 stands on the branch of its
hour, as the 伏斷 verse uses the word (「巳泊房」: 房 on a 巳 day or hour); ``suobo`` — its 鎖泊
house, counted from the 長生 branch of its 七曜 (日午 月未 水土申 木亥 火寅 金巳) round the ring
山林崗湯火野刀砧路江湖田, whose houses sit on 寅卯辰巳午未申酉戌亥子丑 of the fixed ring.

Palaces (「申酉刀砧…巳午湯火」; 田園 = 丑未 from 「虎豹泊于田園」):

>>> from almanac.mansions import Mansion
>>> PALACES[8], PALACES[5], PALACES[1], PALACES[0]
('刀砧', '湯火', '田園', None)
>>> [s.code for s in situations(Mansion.parse("危"), 9, "時禽")]   # 危化大鵬: no longer 刀砧's victim
['wei_dapeng']
>>> [s.text for s in situations(Mansion.parse("室"), 2, "時禽")]
['豕臨虎穴']
>>> [s.text for s in situations(Mansion.parse("婁"), 5, "番禽")]
['婁泊湯火則吉', '婁化天鰲', '婁化獅子，反食諸禽']
>>> suobo_branch(Mansion.parse("虛"), 6)   # 日 長生 午: 午 is 山 = 寅 of the fixed ring
2
"""
from __future__ import annotations

from functools import lru_cache

from ..cycles import BRANCHES
from ..mansions import Mansion
from ..sources import QIN_FU, cite
from .facts import Situation

SRC_DAOZHEN = cite(QIN_FU, "若逢刑害", "申酉刀砧，走獸刑害之宮，飛禽驚傷之位，惟犴泊無忌")
SRC_TANGHUO = cite(QIN_FU, "若逢刑害", "巳午湯火，飛禽膿血之鄉")
SRC_LOU_TANGHUO = cite(QIN_FU, "若逢刑害", "惟婁泊則吉，諸禽泊之為惡宮")
SRC_OTHER_BAD = cite(QIN_FU, "若逢刑害", "惟到他人將泊之，於是我兵擊之大勝")
SRC_WEAK = cite(QIN_FU, "又且□宿臨衰", "如蛟龍泊於湯火，虎豹泊于田園")
SRC_LOU = cite(QIN_FU, "豈知狗化天鰲", "婁泊巳與丑宮化天鰲")
SRC_LOU_LION = cite(QIN_FU, "豈知狗化天鰲", "泊天宮與湯火，獅子反食諸禽")
SRC_WEI_PENG = cite(QIN_FU, "燕變鵬鳳", "危泊酉，化大鵬，降諸獸")
SRC_MAO = cite(QIN_FU, "狐本每食乎□", "昴泊亥化蛟，泊卯化鳳")
SRC_WEI_YING = cite(QIN_FU, "狐本每食乎□", "胃泊午化鷹，故能食狐")
SRC_NIU_WU = cite(QIN_FU, "牛雖常伏其烏", "牛泊午有食烏之能")
SRC_NIU_XU = cite(QIN_FU, "牛雖常伏其烏", "若泊戌曰『犀牛失角』")
SRC_NIU_YIN = cite(QIN_FU, "牛雖常伏其烏", "泊寅則直烏化鵬而食之")
SRC_SHI_YIN = cite(QIN_FU, "若演□臨虎穴", "若演室泊於寅")
SRC_ZI_SI = cite(QIN_FU, "猴入蛇窟", "若觜泊巳，猶猴之遇蛇")
SRC_BO = cite(QIN_FU, "然其伏斷之惡本官", "卯女辰箕巳泊房")
SRC_SUOBO = cite(QIN_FU, "異禽之神", "更演鎖泊何者得地")

#: the palace of each branch: 申酉 刀砧, 巳午 湯火, 丑未 田園
PALACES: tuple[str | None, ...] = (None, "田園", None, None, None, "湯火", "湯火", "田園",
                                   "刀砧", "刀砧", None, None)
#: the fixed ring of houses (destiny-core selfHouseMap): 子湖 丑田 寅山 卯林 辰崗 巳湯 午火 未野
#: 申刀 酉砧 戌路 亥江
HOUSES = "湖田山林崗湯火野刀砧路江"
#: 長生 branch of each 七曜: 日午 月未 水申 土申 木亥 火寅 金巳
CHANGSHENG = {"日": 6, "月": 7, "水": 8, "土": 8, "木": 11, "火": 2, "金": 5}


#: (禽, branch it lands on) → the seed's named transformations and situations there
TRANSFORMATIONS: dict[tuple[str, str], tuple[tuple[str, str, str, object], ...]] = {
    ("婁", "巳"): (("lou_tianao", "婁化天鰲", "吉", SRC_LOU),
                  ("lou_shizi", "婁化獅子，反食諸禽", "吉", SRC_LOU_LION)),
    ("婁", "丑"): (("lou_tianao", "婁化天鰲", "吉", SRC_LOU),),
    ("婁", "午"): (("lou_shizi", "婁化獅子，反食諸禽", "吉", SRC_LOU_LION),),
    ("危", "酉"): (("wei_dapeng", "危化大鵬", "強", SRC_WEI_PENG),),
    ("昴", "亥"): (("mao_jiao", "昴化蛟", "強", SRC_MAO),),
    ("昴", "卯"): (("mao_feng", "昴化鳳", "強", SRC_MAO),),
    ("胃", "午"): (("wei_ying", "胃化鷹，能食狐", "強", SRC_WEI_YING),),
    ("牛", "午"): (("niu_shi_wu", "牛泊午，有食烏之能", "吉", SRC_NIU_WU),),
    ("牛", "戌"): (("niu_shijiao", "犀牛失角", "凶", SRC_NIU_XU),),
    ("牛", "寅"): (("niu_yin", "牛泊寅，直烏化鵬而食之", "凶", SRC_NIU_YIN),),
    ("室", "寅"): (("shi_hu_xue", "豕臨虎穴", "凶", SRC_SHI_YIN),),
    ("觜", "巳"): (("hou_ru_she_ku", "猴入蛇窟", "凶", SRC_ZI_SI),),
}


#: the short name of each transformation (the judgement facts' ``hour_transform``)
TRANSFORM_NAMES = {"lou_tianao": "天鰲", "lou_shizi": "獅子", "wei_dapeng": "大鵬", "mao_jiao": "蛟",
                   "mao_feng": "鳳", "wei_ying": "鷹", "niu_shi_wu": "食烏", "niu_shijiao": "犀牛失角",
                   "niu_yin": "烏化鵬", "shi_hu_xue": "豕臨虎穴", "hou_ru_she_ku": "猴入蛇窟"}


def suobo_branch(m: Mansion, hour_branch: int) -> int:
    """The 鎖泊 house of ``m`` in the hour, as the branch of the fixed ring that bears it."""
    return (2 + hour_branch - CHANGSHENG[m.luminary]) % 12


def landing_branch(m: Mansion, hour_branch: int, bo: str = "hour_branch") -> int:
    """Where ``m`` lands in the hour under the configured reading of 泊."""
    return hour_branch if bo == "hour_branch" else suobo_branch(m, hour_branch)


@lru_cache(maxsize=4096)
def situations(m: Mansion, branch: int, who: str, *, other_side: bool = False) -> tuple[Situation, ...]:
    """The seed's situations for 禽 ``m`` landing on ``branch``.

    ``who`` names the role (日禽, 時禽, 番禽, 到將); ``other_side`` marks the 彼 side's general,
    whose landing on a harmful palace is good for us (「惟到他人將泊之，於是我兵擊之大勝」).
    """
    c, b = m.char, BRANCHES[branch]
    out: list[Situation] = []

    def add(code: str, text: str, verdict: str, src) -> None:
        out.append(Situation(code, text, who, c, b, verdict, src))

    palace = PALACES[branch]
    changes = TRANSFORMATIONS.get((c, b), ())
    # a 禽 transformed upward where it lands is no longer the palace's victim: 「危泊酉，化大鵬，降諸獸」
    # (the 鵬 subdues, it is not a bird hurt in 刀砧), 胃 at 午 becomes the hawk, 牛 at 午 eats the crow
    raised = any(v in ("吉", "強") for _, _, v, _ in changes)
    harmful = False
    if palace == "刀砧" and not raised:
        if c == "井":
            add("daozhen_exempt", "犴泊刀砧無忌", "無忌", SRC_DAOZHEN)
        elif m.kind in ("獸", "飛"):
            add("daozhen", "走獸刑害之宮" if m.kind == "獸" else "飛禽驚傷之位", "凶", SRC_DAOZHEN)
            harmful = True
    elif palace == "湯火" and (c == "婁" or not raised):
        if c == "婁":
            add("tanghuo_lou", "婁泊湯火則吉", "吉", SRC_LOU_TANGHUO)
        else:
            if m.kind == "飛":
                add("tanghuo", "飛禽膿血之鄉", "凶", SRC_TANGHUO)
            else:
                add("tanghuo", "泊湯火為惡宮", "凶", SRC_LOU_TANGHUO)
            harmful = True
            if c in "角亢":
                add("jiaolong_tanghuo", "蛟龍泊於湯火，縱強而反弱", "弱", SRC_WEAK)
    elif palace == "田園" and c in "尾箕":
        add("hubao_tianyuan", "虎豹泊于田園，縱強而反弱", "弱", SRC_WEAK)
    if harmful and other_side:
        add("other_general_harmed", "他人將泊惡宮，我兵擊之大勝", "吉", SRC_OTHER_BAD)

    for code, text, verdict, src in changes:
        add(code, text, verdict, src)
    return tuple(out)
