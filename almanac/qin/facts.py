"""Small shared types of the 演禽 engine: a named situation with its citation.

>>> from almanac.qin.facts import Situation
>>> from almanac.sources import Source
>>> s = Situation("yang_daozhen", "泊刀砧", "時禽", "胃", "申", "凶", Source("000_4c1b45775ab319f3.txt", "申酉刀砧"))
>>> s.to_json()["source"]
'000_4c1b45775ab319f3.txt: 申酉刀砧'
"""
from __future__ import annotations

from functools import lru_cache
from dataclasses import dataclass

from ..sources import Source
from ..shared import kept_hash, state_without_kept_hash


@dataclass(frozen=True)
class Situation:
    """A named situation of one 禽 (e.g. 豕臨虎穴), where it stands and what the seed says of it.

    ``who`` is the role of the 禽: ``日禽`` (the day's), ``時禽``, ``番禽`` or ``到將``.
    ``verdict`` is ``吉`` / ``凶`` / ``強`` (a weak 禽 made strong) / ``弱`` (a strong one weakened)
    / ``無忌`` (exempt from a harm).
    """

    code: str
    text: str
    who: str
    mansion: str
    branch: str | None
    verdict: str
    source: Source

    # the key of its JSON view, looked up for every situation of each new hour fact set: the
    # field tuple's hash, kept
    __hash__ = kept_hash
    __getstate__ = state_without_kept_hash

    def to_json(self) -> dict:
        return {"code": self.code, "text": self.text, "who": self.who, "mansion": self.mansion,
                "branch": self.branch, "verdict": self.verdict, "source": str(self.source)}


Citations = tuple[tuple[str, Source], ...]


def citations_json(citations: Citations) -> dict[str, str]:
    global _last
    last = _last
    if last[0] is not citations:    # most calls pass one tuple (a day's): not hashed again
        last = _last = (citations, _citations_json(citations))
    return dict(last[1])


#: the citations last asked for and their JSON pairs
_last: tuple = (None, ())


@lru_cache(maxsize=256)
def _citations_json(citations: Citations) -> tuple[tuple[str, str], ...]:
    return tuple((key, str(src)) for key, src in citations)
