"""The sexagenary cycle: stems, branches, their elements and the relations between elements.

Pure tables and small functions; every other module counts on these.

>>> from almanac.cycles import GanZhi
>>> GanZhi.parse("乙丑").index
1
>>> str(GanZhi(59))
'癸亥'
>>> GanZhi.parse("甲丑")
Traceback (most recent call last):
...
almanac.errors.BadInput: '甲丑' is not a sexagenary pillar (a stem and a branch of the same parity, e.g. 甲子, 乙丑)
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import BadInput

STEMS = "甲乙丙丁戊己庚辛壬癸"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
STEMS_KO = "갑을병정무기경신임계"
BRANCHES_KO = "자축인묘진사오미신유술해"
#: the stems and branches in English: in pinyin, as the English literature on 六壬 writes them
STEMS_EN = ("Jia", "Yi", "Bing", "Ding", "Wu", "Ji", "Geng", "Xin", "Ren", "Gui")
BRANCHES_EN = ("Zi", "Chou", "Yin", "Mao", "Chen", "Si", "Wu", "Wei", "Shen", "You", "Xu", "Hai")

ELEMENTS = "木火土金水"
ELEMENTS_KO = "목화토금수"
ELEMENTS_EN = ("Wood", "Fire", "Earth", "Metal", "Water")
#: element index of each stem: 甲乙木 丙丁火 戊己土 庚辛金 壬癸水
STEM_ELEMENT = (0, 0, 1, 1, 2, 2, 3, 3, 4, 4)
#: element index of each branch: 寅卯木 巳午火 辰戌丑未土 申酉金 亥子水
BRANCH_ELEMENT = (4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4)
#: 六破 of each branch (子酉 丑辰 寅亥 卯午 巳申 未戌), by branch index
PO = (9, 4, 11, 6, 1, 8, 3, 10, 5, 0, 7, 2)

_SIMPLIFIED = str.maketrans({})  # stems and branches are the same in both scripts


def element_generates(a: int, b: int) -> bool:
    """True when element ``a`` 生 element ``b`` (木→火→土→金→水→木)."""
    return (a + 1) % 5 == b


def element_overcomes(a: int, b: int) -> bool:
    """True when element ``a`` 剋 element ``b`` (木→土→水→火→金→木)."""
    return (a + 2) % 5 == b


def relation(a: int, b: int) -> str:
    """How element ``a`` stands to element ``b``: 比 (the same), 生 (``a`` generates ``b``),
    剋 (``a`` overcomes ``b``), 被生 (``b`` generates ``a``) or 被剋 (``b`` overcomes ``a``).

    >>> relation(0, 1), relation(1, 0), relation(0, 2), relation(2, 0), relation(3, 3)
    ('生', '被生', '剋', '被剋', '比')
    """
    return ("比", "生", "剋", "被剋", "被生")[(b - a) % 5]


def stem_index(ch: str) -> int:
    i = STEMS.find(ch)
    if len(ch) != 1 or i < 0:
        raise BadInput(f"{ch!r} is not a heavenly stem (one of {STEMS})",
                       zh=f"不是天干：{ch!r}（須為 {STEMS} 之一）",
                       ko=f"천간이 아닙니다: {ch!r} ({STEMS} 중 하나)")
    return i


def branch_index(ch: str) -> int:
    i = BRANCHES.find(ch)
    if len(ch) != 1 or i < 0:
        raise BadInput(f"{ch!r} is not an earthly branch (one of {BRANCHES})",
                       zh=f"不是地支：{ch!r}（須為 {BRANCHES} 之一）",
                       ko=f"지지가 아닙니다: {ch!r} ({BRANCHES} 중 하나)")
    return i


def is_yang_branch(b: int) -> bool:
    return b % 2 == 0


def is_yang_stem(s: int) -> bool:
    return s % 2 == 0


@dataclass(frozen=True, order=True)
class GanZhi:
    """One of the sixty stem-branch pairs, by index 0 (甲子) … 59 (癸亥)."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 60:
            raise BadInput(f"sexagenary index {self.index} is outside 0..59",
                           zh=f"六十甲子序號超出 0..59：{self.index}",
                           ko=f"육십갑자 번호가 0..59 범위를 벗어났습니다: {self.index}")

    @classmethod
    def of(cls, stem: int, branch: int) -> "GanZhi":
        if (stem - branch) % 2:
            raise BadInput(f"{STEMS[stem]}{BRANCHES[branch]} is not a sexagenary pillar",
                           zh=f"不是六十甲子的干支：{STEMS[stem]}{BRANCHES[branch]}",
                           ko=f"육십갑자의 간지가 아닙니다: {STEMS[stem]}{BRANCHES[branch]}")
        return _ALL[(6 * stem - 5 * branch) % 60]

    @classmethod
    def parse(cls, text: str) -> "GanZhi":
        hit = _BY_NAME.get(text) if type(text) is str else None
        if hit is not None:
            return hit
        t = text.strip() if isinstance(text, str) else text
        if isinstance(t, str) and len(t) == 2 and t[0] in STEMS_KO and t[1] in BRANCHES_KO:
            t = STEMS[STEMS_KO.index(t[0])] + BRANCHES[BRANCHES_KO.index(t[1])]    # 갑자 → 甲子
        if (not isinstance(t, str) or len(t) != 2 or t[0] not in STEMS or t[1] not in BRANCHES
                or (STEMS.index(t[0]) - BRANCHES.index(t[1])) % 2):
            raise BadInput(
                f"{text!r} is not a sexagenary pillar (a stem and a branch of the same parity, e.g. 甲子, 乙丑)",
                zh=f"不是六十甲子的干支：{text!r}（天干與地支須同陰或同陽，例如 甲子、乙丑）",
                ko=f"육십갑자의 간지가 아닙니다: {text!r} (음양이 같은 천간과 지지, 예: 甲子, 乙丑 또는 갑자, 을축)")
        return cls.of(STEMS.index(t[0]), BRANCHES.index(t[1]))

    @property
    def stem(self) -> int:
        return self.index % 10

    @property
    def branch(self) -> int:
        return self.index % 12

    @property
    def xun_start(self) -> "GanZhi":
        """The 甲 day heading the 旬 this pillar belongs to."""
        return GanZhi(self.index - self.index % 10)

    def __add__(self, n: int) -> "GanZhi":
        return GanZhi((self.index + n) % 60)

    def __str__(self) -> str:
        return _NAMES[self.index]

    @property
    def korean(self) -> str:
        return STEMS_KO[self.stem] + BRANCHES_KO[self.branch]


#: the sixty pillars, interned (``GanZhi.of`` hands these out), and their names for ``str``
_ALL: tuple[GanZhi, ...] = tuple(GanZhi(i) for i in range(60))
#: the sixty pillars by index (the interned ones: cheaper than building a ``GanZhi``)
PILLARS = _ALL
_NAMES: tuple[str, ...] = tuple(STEMS[i % 10] + BRANCHES[i % 12] for i in range(60))
#: each pillar by its name (GanZhi.parse's common case)
_BY_NAME: dict[str, GanZhi] = dict(zip(_NAMES, _ALL))
