"""天地盤: the sky plate turned over the ground plate, and the stems' lodging (寄宮).

``k = (月將 − 占時) mod 12``; the sky branch over ground ``g`` is ``g + k`` (月將加時).

>>> p = Plate(1)
>>> BRANCHES[p.up(0)], BRANCHES[p.down(0)]
('丑', '亥')
>>> BRANCHES[JIGONG[1]]   # 乙 lodges on 辰
'辰'
>>> rotation(yuejiang=8, hour=0)   # 申將子時
8
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cycles import BRANCHES
from . import rules

#: 寄宮 of each stem 甲…癸 (甲寅 乙辰 丙巳 丁未 戊巳 己未 庚申 辛戌 壬亥 癸丑)
JIGONG = (2, 4, 5, 7, 5, 7, 8, 10, 11, 1)
JIGONG_SOURCE = rules.JIGONG

#: stems lodged on each ground branch (子卯午酉 carry none)
LODGED: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(10) if JIGONG[s] == b) for b in range(12))

MENG, ZHONG, JI = (2, 5, 8, 11), (0, 3, 6, 9), (1, 4, 7, 10)   # 孟 仲 季 (四生 四正 四庫)


def season_class(b: int) -> int:
    """0 孟 (寅申巳亥), 1 仲 (子午卯酉), 2 季 (辰戌丑未)."""
    return 0 if b in MENG else 1 if b in ZHONG else 2


def rotation(yuejiang: int, hour: int) -> int:
    """The rotation k of the plate when the 月將 is placed over the hour branch (月將加時)."""
    return (yuejiang - hour) % 12


def rotation_from_gan_shang(stem: int, gan_shang: int) -> int:
    """The rotation k when the classics state 「X日干上Y」: Y stands over the stem's 寄宮."""
    return (gan_shang - JIGONG[stem]) % 12


@dataclass(frozen=True)
class Plate:
    """The 天地盤 of rotation ``k``."""

    k: int

    def up(self, ground: int) -> int:
        """The sky branch standing over ``ground``."""
        return (ground + self.k) % 12

    def down(self, sky: int) -> int:
        """The ground branch under the sky branch ``sky``."""
        return (sky - self.k) % 12

    def pairs(self) -> tuple[tuple[int, int], ...]:
        """(ground, sky) for the twelve ground branches 子…亥."""
        return tuple((g, (g + self.k) % 12) for g in range(12))

    def to_json(self) -> dict[str, str]:
        return {BRANCHES[g]: BRANCHES[s] for g, s in self.pairs()}
