"""Citations of the seed texts.

Every rule the almanac applies names the paragraph it comes from, as
``file name: opening words of the paragraph``; the test suite checks each opening against the
text itself, so a citation cannot drift from its source.

>>> str(Source(QIN_FU, "暗曜即亢牛婁鬼"))
'000_4c1b45775ab319f3.txt: 暗曜即亢牛婁鬼'
"""
from __future__ import annotations

from dataclasses import dataclass

QIN_FU = "000_4c1b45775ab319f3.txt"      #: 演禽賦 with its 原注
CHAIWEI = "001_b9dd49d181959cb6.txt"     #: 差委的否第三十七 (大六壬)
KETI = "002_70cc0c6be51c96e4.txt"        #: 伏吟 / 反吟 / 連茹 / 夾定 … 課體 with worked examples
TAIYIN = "003_089677c8ddf9fd3a.txt"      #: 太陰論, 天后, 日辰上神, 發用, 十二天將


@dataclass(frozen=True)
class Source:
    """A place in a seed text: the file and the opening words of the paragraph.

    ``quote``, when given, is the exact phrase inside that paragraph the rule rests on.
    """

    file: str
    opening: str
    quote: str | None = None

    def __str__(self) -> str:
        return f"{self.file}: {self.opening}"


#: Every Source created at import time, so the tests can check them all against the texts.
REGISTRY: list[Source] = []


def cite(file: str, opening: str, quote: str | None = None) -> Source:
    """Make and register a citation of the paragraph opening with ``opening``."""
    s = Source(file, opening, quote)
    REGISTRY.append(s)
    return s
