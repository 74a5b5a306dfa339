"""The 28 lunar mansions (二十八宿) as the 28 禽 of 演禽.

Index order is 角 (0) … 軫 (27). Each 禽 name is three characters: the mansion, its 七曜
(``"木金土日月火水"[index % 7]``) and its animal, as the 演禽賦 lists them
(``000_4c1b45775ab319f3.txt``, the four paragraphs 「角木蛟、亢金龍…」 to 「井木犴、鬼金羊…」).
Three animals are lacunae in the seed (斗木□, 室火□, 昴日□); the almanac writes them
獬, 豬 and 雞 (the seed's own notes supply 蟹/豕/雞; 豬 and 獬 are the usual almanac forms and
those of the test vectors), and writes 壁's animal 貐 (the seed has 狳).

>>> from almanac.mansions import Mansion
>>> m = Mansion.parse("昴")
>>> m.index, m.name, m.korean_name, m.luminary, m.qin_class
(17, '昴日雞', '묘일계', '日', '日禽')
>>> Mansion.parse("翌").name, Mansion.parse("虚日鼠").korean_name, Mansion.parse("娄").char
('翼火蛇', '허일서', '婁')
>>> (Mansion.parse("軫") + 1).char
'角'
>>> Mansion.parse("金")
Traceback (most recent call last):
...
almanac.errors.BadInput: '金' is not a lunar mansion (one of 角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫, a full 禽 name like 昴日雞, or simplified forms)
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import BadInput
from .sources import QIN_FU, Source, cite

#: the 28 mansions in order 角 … 軫
MANSIONS = "角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫"
#: the 七曜 cycle: the 七曜 of mansion ``i`` is ``LUMINARIES[i % 7]``
LUMINARIES = "木金土日月火水"
#: the animal of each mansion (斗獬, 室豬, 昴雞 fill the seed's lacunae; 壁貐 for the seed's 狳)
ANIMALS = "蛟龍貉兔狐虎豹獬牛蝠鼠燕豬貐狼狗雉雞烏猴猿犴羊獐馬鹿蛇蚓"

#: Korean hanja readings of the mansion characters (standard orthography: initial-sound rule
#: applied, so 女 여, 婁 누, 柳 유 — the seed's translation writes 녀, 루, 류).
MANSIONS_KO = "각항저방심미기두우여허위실벽규누위묘필자삼정귀유성장익진"
#: Korean readings of the 七曜 as the middle syllable (木목 金금 土토 日일 月월 火화 水수)
LUMINARIES_KO = "목금토일월화수"
#: Korean readings of the animals (貉 학, 獬 해, 豬 저, 貐 유, 犴 안, 獐 장, 蚓 인)
ANIMALS_KO = "교룡학토호호표해우복서연저유랑구치계오후원안양장마록사인"
#: the seed's translation without the initial-sound rule (녀토복, 루금구, 류토장)
MANSIONS_KO_SEED = "각항저방심미기두우녀허위실벽규루위묘필자삼정귀류성장익진"
#: the mansions, the 七曜 and the animals in English, for a 禽's full name (觜火猴: Turtle Beak Fire
#: Monkey); the mansions by their usual English names
MANSIONS_EN = ("Horn", "Neck", "Root", "Room", "Heart", "Tail", "Winnowing Basket", "Dipper", "Ox", "Girl",
               "Emptiness", "Rooftop", "Encampment", "Wall", "Legs", "Bond", "Stomach", "Hairy Head", "Net",
               "Turtle Beak", "Three Stars", "Well", "Ghost", "Willow", "Star", "Extended Net", "Wings", "Chariot")
LUMINARIES_EN = ("Wood", "Metal", "Earth", "Sun", "Moon", "Fire", "Water")
ANIMALS_EN = ("Flood Dragon", "Dragon", "Badger", "Hare", "Fox", "Tiger", "Leopard", "Xiezhi", "Ox", "Bat", "Rat",
              "Swallow", "Pig", "Porcupine", "Wolf", "Dog", "Pheasant", "Rooster", "Crow", "Monkey", "Ape",
              "Tapir", "Goat", "Muntjac", "Horse", "Deer", "Snake", "Earthworm")

SRC_NAMES = cite(QIN_FU, "角木蛟、亢金龍、氐土貉")
SRC_DAY_NIGHT = cite(QIN_FU, "且夫日禽凡十六", "日禽，斗牛危奎婁胃昴畢觜參井鬼柳星張室")
SRC_ANJIN = cite(QIN_FU, "其或有犯於暗曜", "暗曜，即亢、牛、婁、鬼四金也")

#: 日禽 (move by day, hide at night): 16 mansions, as the seed lists them
DAY_QIN = frozenset("斗牛危奎婁胃昴畢觜參井鬼柳星張室")
#: 夜禽: 12 mansions (the seed writes 翌 for 翼)
NIGHT_QIN = frozenset("角亢氐房心尾箕女虛壁翼軫")
#: 暗曜 / 暗金: the four 金 mansions
ANJIN = frozenset("亢牛婁鬼")

SRC_STRONG = cite(QIN_FU, "天上禽星須要知", "雄盛無過奎尾箕，更有蛟龍尊井犴")
SRC_WEAK = cite(QIN_FU, "奈何□食弱", "如心胃危婁昴之類雖弱")
#: 雄 禽: 尾箕雄偉, 角亢高強, 「雄盛無過奎尾箕，更有蛟龍尊井犴」, 畢 伏一切水地禽並飛禽
STRONG = frozenset("角亢尾箕奎井畢")
#: 弱 禽: 「如心胃危婁昴之類雖弱」
WEAK = frozenset("心胃危婁昴")


def strength_class(char: str) -> str:
    """雄 (strong), 弱 (weak) or 常 (neither) — the 禽's rank before any palace or season."""
    return "雄" if char in STRONG else "弱" if char in WEAK else "常"


#: Kinds used by the palace rules (申酉 刀砧 harm 走獸 and 飛禽): 飛 = birds and the bat,
#: 鱗 = scaled and crawling (蛟龍蛇蚓), 獸 = the rest (走獸).
_FLYING = frozenset("蝠燕雉雞烏")
_SCALED = frozenset("蛟龍蛇蚓")

# Simplified and variant characters accepted by ``Mansion.parse``.
_VARIANTS = {
    "虚": "虛", "娄": "婁", "毕": "畢", "参": "參", "张": "張", "轸": "軫", "翌": "翼",
    "龙": "龍", "猪": "豬", "豕": "豬", "鸡": "雞", "乌": "烏", "狳": "貐", "㺄": "貐",
    "蟹": "獬", "马": "馬", "麞": "獐",
}


def _norm(ch: str) -> str:
    return _VARIANTS.get(ch, ch)


#: parsed strings, so that repeated look-ups of table entries cost a dict hit
_PARSED: dict = {}


@dataclass(frozen=True, order=True)
class Mansion:
    """One of the 28 mansions / 禽, by index 0 (角) … 27 (軫)."""

    index: int

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or not 0 <= self.index < 28:
            raise BadInput(f"mansion index {self.index!r} is outside 0..27",
                           zh=f"二十八宿序號超出 0..27：{self.index!r}",
                           ko=f"이십팔수(二十八宿) 번호가 0..27 범위를 벗어났습니다: {self.index!r}")

    @classmethod
    def parse(cls, text: "str | int | Mansion") -> "Mansion":
        """A mansion from its character, a full 禽 name, simplified forms, or an index."""
        if isinstance(text, Mansion):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(text)
        hit = _PARSED.get(text) if isinstance(text, str) else None
        if hit is not None:
            return hit
        t = text.strip() if isinstance(text, str) else ""
        chars = "".join(_norm(c) for c in t)
        ok = len(chars) in (1, 3) and chars[0] in MANSIONS
        if ok and len(chars) == 3:
            i = MANSIONS.index(chars[0])
            ok = chars[1] == LUMINARIES[i % 7] and chars[2] == ANIMALS[i]
        if not ok:
            raise BadInput(f"{text!r} is not a lunar mansion (one of {MANSIONS}, a full 禽 name "
                           f"like 昴日雞, or simplified forms)",
                           zh=f"不是二十八宿：{text!r}（須為 {MANSIONS} 之一、昴日雞 這樣的完整禽名，"
                              f"或其簡體寫法）",
                           ko=f"이십팔수(二十八宿)가 아닙니다: {text!r} ({MANSIONS} 중 한 글자, "
                              f"昴日雞(묘일계) 같은 금성(禽星)의 전체 이름, 또는 그 간체자 표기)")
        m = ALL[MANSIONS.index(chars[0])]
        if len(_PARSED) < 4096:
            _PARSED[text] = m
        return m

    @property
    def char(self) -> str:
        return MANSIONS[self.index]

    @property
    def luminary(self) -> str:
        """The 七曜 (木金土日月火水) of the mansion."""
        return LUMINARIES[self.index % 7]

    @property
    def luminary_index(self) -> int:
        """0 木, 1 金, 2 土, 3 日, 4 月, 5 火, 6 水 — also the weekday of its days (0 = Thursday)."""
        return self.index % 7

    @property
    def animal(self) -> str:
        return ANIMALS[self.index]

    @property
    def name(self) -> str:
        """The full 禽 name, e.g. 昴日雞."""
        return _NAMES[self.index]

    @property
    def korean(self) -> str:
        return MANSIONS_KO[self.index]

    @property
    def korean_name(self) -> str:
        """Korean reading of the full name, e.g. 묘일계 for 昴日雞."""
        return MANSIONS_KO[self.index] + LUMINARIES_KO[self.index % 7] + ANIMALS_KO[self.index]

    @property
    def qin_class(self) -> str:
        """``日禽`` (moves by day) or ``夜禽`` (moves by night)."""
        return _CLASSES[self.index]

    @property
    def is_anjin(self) -> bool:
        """A 暗曜 (暗金) mansion: 亢牛婁鬼."""
        return self.char in ANJIN

    @property
    def kind(self) -> str:
        """``飛`` (flying), ``鱗`` (蛟龍蛇蚓) or ``獸`` (walking beast)."""
        a = self.animal
        return "飛" if a in _FLYING else "鱗" if a in _SCALED else "獸"

    def __add__(self, n: int) -> "Mansion":
        return ALL[(self.index + n) % 28]

    def __sub__(self, other: "int | Mansion") -> "int | Mansion":
        if isinstance(other, Mansion):
            return (self.index - other.index) % 28
        return ALL[(self.index - other) % 28]

    def __str__(self) -> str:
        return self.char


#: the 28 mansions, interned: ``ALL[i]`` is ``Mansion(i)`` without building (or checking) a new one
ALL: tuple[Mansion, ...] = tuple(Mansion(i) for i in range(28))
#: full names and 日禽/夜禽 classes by index, read by the properties of the same names
_NAMES: tuple[str, ...] = tuple(MANSIONS[i] + LUMINARIES[i % 7] + ANIMALS[i] for i in range(28))
_CLASSES: tuple[str, ...] = tuple("日禽" if c in DAY_QIN else "夜禽" for c in MANSIONS)

__all__ = ["Mansion", "MANSIONS", "LUMINARIES", "ANIMALS", "DAY_QIN", "NIGHT_QIN", "ANJIN", "ALL",
           "SRC_NAMES", "SRC_DAY_NIGHT", "SRC_ANJIN", "Source"]
