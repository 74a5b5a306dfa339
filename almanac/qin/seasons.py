"""The seasonal rules around 驚蟄 and 秋分, from plain inputs (no calendar dependency).

The seed: 「龍蛇遇驚蟄而致事，亢翌二宿，遇春夏而得地…犴燕到秋分而患生」, and its 原注: 「此二禽春社旺
而飛鳴，秋社衰而生患…其井宿冬則復旺」.

The caller says which solar terms of the moment's Gregorian year have already passed
(``SeasonMarks``), either as booleans or from the term instants (``SeasonMarks.from_instants``);
all the terms used (立春 驚蟄 春分 立秋 秋分 立冬 冬至) fall inside one Gregorian year, so "after X"
is well defined. The end points the seed leaves open are options (documented in
``config/default.toml``):

- 亢 and 翼 得地 from 驚蟄 until ``season_rise_end`` (default 立秋: 春夏 ends where autumn begins);
- 井 and 危 suffer (患生) from 秋分 until ``season_decline_end`` of the next year (default 驚蟄:
  the spring turning point the same verse uses); 井 instead recovers (復旺) in winter, from
  ``jing_winter_start`` (default 立冬) until 立春;
- outside that, 井 and 危 are 旺 (the 原注's 「春社旺」) from ``season_decline_end`` until 秋分.

A mark left ``None`` (unknown) switches off the rules that need it.

>>> from datetime import datetime
>>> from almanac.mansions import Mansion
>>> from almanac.qin.options import QinOptions
>>> marks = SeasonMarks(after_lichun=True, after_jingzhe=True, after_chunfen=True,
...                     after_liqiu=False, after_qiufen=False, after_lidong=False, after_dongzhi=False)
>>> [s.text for s in seasonal_situations(Mansion.parse("亢"), marks, QinOptions(), "時禽")]
['龍蛇遇驚蟄而致事，遇春夏而得地']
>>> m = SeasonMarks.from_instants(datetime(2024, 3, 5, 10, 0), {"驚蟄": datetime(2024, 3, 5, 10, 23)})
>>> m.after_jingzhe, m.after_qiufen
(False, None)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from ..errors import BadInput
from ..mansions import Mansion
from ..shared import kept_hash, state_without_kept_hash
from ..sources import QIN_FU, cite
from .facts import Situation
from .options import QinOptions

SRC_RISE = cite(QIN_FU, "龍蛇遇驚蟄而致事，亢翌二宿，遇春夏而得地")
SRC_DECLINE = cite(QIN_FU, "龍蛇遇驚蟄而致事", "犴燕到秋分而患生")
SRC_SHE = cite(QIN_FU, "龍蛇遇驚蟄而致事", "此二禽春社旺而飛鳴，秋社衰而生患")
SRC_JING_WINTER = cite(QIN_FU, "龍蛇遇驚蟄而致事", "其井宿冬則復旺")

#: term names (traditional) → SeasonMarks field
TERMS = {"立春": "after_lichun", "驚蟄": "after_jingzhe", "春分": "after_chunfen",
         "立秋": "after_liqiu", "秋分": "after_qiufen", "立冬": "after_lidong", "冬至": "after_dongzhi"}
_SIMPLIFIED = {"惊蛰": "驚蟄"}


@dataclass(frozen=True)
class SeasonMarks:
    """Which solar terms of the moment's own Gregorian year have begun (``None``: not known)."""

    after_lichun: bool | None = None
    after_jingzhe: bool | None = None
    after_chunfen: bool | None = None
    after_liqiu: bool | None = None
    after_qiufen: bool | None = None
    after_lidong: bool | None = None
    after_dongzhi: bool | None = None

    # a key of the cycle tables and day 禽 caches, hashed several times a day: kept
    __hash__ = kept_hash
    __getstate__ = state_without_kept_hash

    @classmethod
    def from_instants(cls, moment: datetime, terms: Mapping[str, datetime]) -> "SeasonMarks":
        """Marks from the moment and the instants of (some of) the terms in its Gregorian year.

        Names may be traditional or simplified; both datetimes must be naive or both aware.
        """
        values: dict[str, bool] = {}
        for name, at in terms.items():
            key = TERMS.get(_SIMPLIFIED.get(name, name))
            if key is None:
                raise BadInput(f"{name!r} is not a term the seasonal rules use "
                               f"(one of {' '.join(TERMS)})",
                               zh=f"季節規則不用此節氣：{name!r}（須為 {'、'.join(TERMS)} 之一）",
                               ko=f"계절 규칙에 쓰이지 않는 절기: {name!r} ({' '.join(TERMS)} 중 하나)")
            if at.year != moment.year:
                raise BadInput(f"the {name} instant {at.isoformat()} is not in the year of "
                               f"{moment.isoformat()}",
                               zh=f"節氣時刻與所問時刻不在同一年：{name} {at.isoformat()}"
                                  f"（所問時刻：{moment.isoformat()}）",
                               ko=f"절기 시각이 기준 시각과 다른 해에 있습니다: {name} {at.isoformat()} "
                                  f"(기준 시각: {moment.isoformat()})")
            values[key] = moment >= at
        return cls(**values)

    def after(self, term: str) -> bool | None:
        return getattr(self, TERMS[term])


@lru_cache(maxsize=4096)
def seasonal_situations(m: Mansion, marks: SeasonMarks | None, opts: QinOptions,
                        who: str) -> tuple[Situation, ...]:
    """The seasonal situations of 禽 ``m`` (in role ``who``) at a moment described by ``marks``."""
    if marks is None:
        return ()
    c = m.char
    out: list[Situation] = []

    def add(code, text, verdict, src):
        out.append(Situation(code, text, who, c, None, verdict, src))

    if c in "亢翼":
        a, b = marks.after_jingzhe, marks.after(opts.season_rise_end)
        if a is not None and b is not None and a and not b:
            add("season_rise", "龍蛇遇驚蟄而致事，遇春夏而得地", "強", SRC_RISE)
    elif c in "井危":
        qf, spring = marks.after_qiufen, marks.after(opts.season_decline_end)
        if qf is None or spring is None:
            return ()
        afflicted = qf or not spring
        if c == "井":
            winter, lichun = marks.after(opts.jing_winter_start), marks.after_lichun
            if winter is not None and lichun is not None and (winter or not lichun):
                add("season_jing_winter", "井宿冬則復旺", "強", SRC_JING_WINTER)
                return tuple(out)
        if afflicted:
            add("season_decline", "犴燕到秋分而患生", "弱", SRC_DECLINE)
        else:
            add("season_she_wang", "春社旺而飛鳴", "強", SRC_SHE)
    return tuple(out)


__all__ = ["SeasonMarks", "seasonal_situations", "TERMS"]
