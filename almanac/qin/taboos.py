"""暗金, 伏斷 and 截路空亡: the taboos of a day or an hour, and :data:`TABOOS`, their registry.

:data:`TABOOS` is the one table of the taboos: each :class:`Taboo` entry holds its id (the key of
``flags`` in a day's or an hour's JSON), the scopes it marks (a day, an hour or both), its test,
the seed passage it rests on, its name and one sentence on it in each reader's language, and the
names of the judgement facts it gives. Every layer reads the taboos from it, in its order — the
engine's ``flags`` of a day and an hour, the shipped hour table's bits, the judgement facts, the
terms the texts name them by — so a new taboo is one entry here (with its test) and the rules that
weigh it in ``almanac/data/rules/`` (docs/qin.md, "Adding a taboo").

>>> [t.id for t in TABOOS], [t.id for t in of_scope("day")]
(['anjin', 'fuduan', 'jielu', 'jielu_strict'], ['anjin', 'fuduan'])
>>> from almanac.mansions import Mansion
>>> from almanac.cycles import GanZhi
>>> fuduan(0, Mansion.parse("虛")), fuduan(1, Mansion.parse("牛"))
(True, False)
>>> anjin(Mansion.parse("鬼")), anjin_fanqin_ok(Mansion.parse("婁"))
(True, True)
>>> [jielu(4, GanZhi.parse(p), t) for p in ("壬子", "壬戌") for t in ("stem", "yuanhai_zichou", "sanming_xuhai")]
[True, True, False, True, False, True]
>>> jielu_strict(GanZhi.parse("癸巳"), Mansion.parse("柳")), jielu_strict(GanZhi.parse("癸巳"), Mansion.parse("張"))
(True, False)
>>> flags_of("hour", GanZhi.parse("癸巳"), Mansion.parse("柳"), GanZhi.parse("戊子"), QinOptions())
{'anjin': False, 'fuduan': False, 'jielu': True, 'jielu_strict': True}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ..cycles import BRANCHES, GanZhi
from ..mansions import ANJIN, Mansion
from ..shared import FrozenDict
from ..sources import QIN_FU, Source, cite
from .options import QinOptions

SRC_ANJIN = cite(QIN_FU, "其或有犯於暗曜", "凡日時直之，即暗金也")
SRC_ANJIN_FANQIN = cite(QIN_FU, "其或有犯於暗曜", "惟番禽得亢婁猶好")
SRC_FUDUAN = cite(QIN_FU, "然其伏斷之惡本官", "伏斷者，即子日時逢虛，丑日時逢斗是也")
SRC_FUDUAN_TABLE = cite(QIN_FU, "然其伏斷之惡本官", "子虛丑斗寅嫌室，卯女辰箕巳泊房。午角未張申忌鬼，酉觜戌胃亥壁當")
SRC_JIELU = cite(QIN_FU, "時直空亡", "空亡者，乃時上天干帶壬癸是也")
SRC_JIELU_STRICT = cite(QIN_FU, "時直空亡", "《禽書》云：凡選用時若天干帶壬癸，更直氐房心虛室奎婁昴觜鬼柳參此十二宿者")

#: 伏斷: the mansion that is 伏斷 with each branch 子 … 亥 (day branch with day 禽, hour with hour 禽)
FU_DUAN = "虛斗室女箕房角張鬼觜胃壁"
#: the 《禽書》's twelve mansions of the strict 截路空亡
JIELU_STRICT_MANSIONS = frozenset("氐房心虛室奎婁昴觜鬼柳參")
#: on 戊/癸 days the tables list only two of the four 壬/癸 hours
_WUGUI_TABLES = {"yuanhai_zichou": frozenset((0, 1)), "sanming_xuhai": frozenset((10, 11))}


def anjin(m: Mansion) -> bool:
    """暗金: the 禽 of the day or hour is one of the four 金 mansions 亢牛婁鬼."""
    return m.char in ANJIN


def anjin_fanqin_ok(fan: Mansion) -> bool:
    """The seed's exception: a 番禽 that is 亢 or 婁 is still good (「惟番禽得亢婁猶好」)."""
    return fan.char in "亢婁"


def fuduan(branch: int, m: Mansion) -> bool:
    """伏斷: the branch and the 禽 of the same day (or the same hour) meet in the table."""
    return FU_DUAN[branch] == m.char


def fuduan_mansion(branch: int) -> Mansion:
    return Mansion.parse(FU_DUAN[branch])


def jielu(day_stem: int, hour: GanZhi, table: str = "stem") -> bool:
    """截路空亡 of an hour, by the configured table.

    ``stem``: the hour stem is 壬 or 癸 (「時上天干帶壬癸」) — four hours on 戊/癸 days.
    ``yuanhai_zichou`` / ``sanming_xuhai``: as ``stem``, but on 戊/癸 days only 子丑 / 戌亥.
    """
    by_stem = hour.stem in (8, 9)
    if table == "stem" or day_stem % 5 != 4:
        return by_stem
    return by_stem and hour.branch in _WUGUI_TABLES[table]


def jielu_strict(hour: GanZhi, m: Mansion) -> bool:
    """The 《禽書》 form: a 壬/癸 hour whose 時禽 is one of 氐房心虛室奎婁昴觜鬼柳參."""
    return hour.stem in (8, 9) and m.char in JIELU_STRICT_MANSIONS


# ------------------------------------------------------------------------------ the registry

#: what a taboo's test is given: the pillar and the 禽 of the day or hour it marks, the day's
#: pillar (the day itself, for a day) and the school's options
Test = Callable[[GanZhi, Mansion, GanZhi, QinOptions], bool]
#: the scopes a taboo may mark, in the order its facts are listed
SCOPES = ("day", "hour")


@dataclass(frozen=True)
class Taboo:
    """One taboo of the registry (:data:`TABOOS`).

    - ``id``: its key in ``flags`` (a day's or an hour's JSON) and in the terms (``terms.FLAGS``);
    - ``scopes``: ``day``, ``hour`` or both (the same test marks a day by the day's pillar and 禽,
      an hour by the hour's);
    - ``test(pillar, mansion, day, opts)``: whether the day or hour of ``pillar`` and 禽
      ``mansion`` (of the day ``day``, under the school's options) is under the taboo;
    - ``source``: the passage it rests on (cited as ``id`` in the day's or hour's citations);
      ``notes``: the citations that go with it in an hour (暗金's 番禽 exception), after it;
    - ``names`` and ``explain``: its name and one sentence a reader can act on, in each reader's
      language (``lang_tags.LANGS``); ``short``: the word of the plain console table;
    - ``facts``: scope → (name, description) of the judgement fact it gives (the names the rule
      files test; ``hour_<id>`` / ``day_<id>`` when not given).
    """

    id: str
    scopes: tuple[str, ...]
    test: Test
    source: Source
    names: Mapping[str, str]
    explain: Mapping[str, str]
    short: str
    facts: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    notes: tuple[tuple[str, Source], ...] = ()

    def __post_init__(self) -> None:
        bad = [s for s in self.scopes if s not in SCOPES]
        if not self.scopes or bad or set(self.facts) - set(self.scopes):
            raise ValueError(f"taboo {self.id}: scopes {self.scopes!r} (of {SCOPES}), facts of {sorted(self.facts)}")
        facts = {s: self.facts.get(s) or (f"{s}_{self.id}", f"{s} taboo {self.id}") for s in SCOPES
                 if s in self.scopes}
        object.__setattr__(self, "facts", facts)

    def fact(self, scope: str) -> str:
        """The name of the judgement fact the taboo gives for ``scope``."""
        return self.facts[scope][0]


class Flags(FrozenDict):
    """The taboos of a day or an hour: id → whether it holds, in the registry's order (read-only,
    and hashable: a field of the engine's frozen dataclasses)."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(tuple(self.items()))

    def __reduce__(self):
        return (Flags, (dict(self),))


def of_scope(scope: str) -> tuple[Taboo, ...]:
    """The taboos of :data:`TABOOS` that mark ``scope`` (``day`` or ``hour``), in its order."""
    return tuple(t for t in TABOOS if scope in t.scopes)


def flags_of(scope: str, pillar: GanZhi, mansion: Mansion, day: GanZhi, opts: QinOptions) -> Flags:
    """Each taboo of ``scope``'s test on the day or hour of ``pillar`` and 禽 ``mansion`` (of the
    day ``day``): one shared :class:`Flags` for each answer."""
    return interned(scope, tuple(bool(t.test(pillar, mansion, day, opts)) for t in of_scope(scope)))


def interned(scope: str, values: tuple[bool, ...]) -> Flags:
    """The :class:`Flags` of ``scope`` whose taboos (in the registry's order) have ``values``."""
    key = (scope, values)
    out = _FLAGS.get(key)
    if out is None:
        ids = tuple(t.id for t in of_scope(scope))
        if len(ids) != len(values):
            raise ValueError(f"{len(values)} values for the {len(ids)} {scope} taboos {ids}")
        out = _FLAGS[key] = Flags(zip(ids, values))
    return out


_FLAGS: dict[tuple[str, tuple[bool, ...]], Flags] = {}


def fact_names() -> tuple[str, ...]:
    """The judgement facts the taboos give, taboo by taboo (day before hour)."""
    return tuple(t.fact(s) for t in TABOOS for s in t.facts)


def citations(scope: str) -> tuple[tuple[str, Source], ...]:
    """What a day or an hour cites for its taboos: each one's source, then (for an hour) its notes."""
    return tuple(c for t in of_scope(scope)
                 for c in ((t.id, t.source), *(t.notes if scope == "hour" else ())))


def _jielu_flag(pillar: GanZhi, m: Mansion, day: GanZhi, opts: QinOptions) -> bool:
    """``flags.jielu``: the configured table (``jielu_table``), or the 《禽書》 form when it
    replaces it (``jielu_strict_usage = "replace"``)."""
    if opts.jielu_strict_usage == "replace":
        return jielu_strict(pillar, m)
    return jielu(day.stem, pillar, opts.jielu_table)


#: The taboos, in the order every layer lists them (a day's and an hour's ``flags``, the shipped
#: hour table's bits — whose order the stored table keeps — the facts, the terms). A new taboo
#: goes at the end.
TABOOS: tuple[Taboo, ...] = (
    Taboo(
        "anjin", ("day", "hour"), lambda p, m, d, o: anjin(m), SRC_ANJIN,
        names={"zh-Hant": "暗金", "zh-Hans": "暗金", "ko": "암금(暗金)", "en": "hidden metal (暗金)"},
        explain={
            "zh-Hant": "暗金：日或時之禽值亢、牛、婁、鬼，凡事忌用（番禽得亢、婁猶好）。",
            "zh-Hans": "暗金：日或时之禽值亢、牛、娄、鬼，凡事忌用（番禽得亢、娄犹好）。",
            "ko": "암금(暗金): 날이나 시의 금(禽)이 항(亢)·우(牛)·누(婁)·귀(鬼)이면 모든 일에 꺼린다"
                  "(번금(番禽)이 항(亢)·누(婁)이면 오히려 좋다).",
            "en": "Hidden metal (暗金): the day's or hour's mansion animal is the Neck (亢), Ox (牛), Bond (婁) "
                  "or Ghost (鬼) — avoided for every affair.",
        },
        short="暗金",
        facts={"day": ("day_anjin", "day 禽 is 暗金 (亢牛婁鬼)"), "hour": ("hour_anjin", "hour 禽 is 暗金")},
        notes=(("anjin_fanqin_ok", SRC_ANJIN_FANQIN),),
    ),
    Taboo(
        "fuduan", ("day", "hour"), lambda p, m, d, o: fuduan(p.branch, m), SRC_FUDUAN,
        names={"zh-Hant": "伏斷", "zh-Hans": "伏断", "ko": "복단(伏斷)", "en": "lurking break (伏斷)"},
        explain={
            "zh-Hant": "伏斷：日（時）支逢其伏斷之禽（子虛、丑斗、寅室……），所作中斷，忌用。",
            "zh-Hans": "伏断：日（时）支逢其伏断之禽（子虚、丑斗、寅室……），所作中断，忌用。",
            "ko": "복단(伏斷): 날(시)의 지지가 짝지은 금(禽)을 만나는 때(자(子)-허(虛), 축(丑)-두(斗), 인(寅)-실(室) …)로, "
                  "하는 일이 중간에 끊긴다 하여 꺼린다.",
            "en": "Lurking break (伏斷): the branch meets its paired mansion (Zi (子) the Emptiness (虛), "
                  "Chou (丑) the Dipper (斗), Yin (寅) the Encampment (室) …); work begun is said to break off.",
        },
        short="伏斷",
        facts={"day": ("day_fuduan", "day branch and day 禽 form 伏斷"),
               "hour": ("hour_fuduan", "hour branch and hour 禽 form 伏斷")},
    ),
    Taboo(
        "jielu", ("hour",), _jielu_flag, SRC_JIELU,
        names={"zh-Hant": "截路空亡", "zh-Hans": "截路空亡", "ko": "절로공망(截路空亡)",
               "en": "road cut off (截路空亡)"},
        explain={
            "zh-Hant": "截路空亡：時干帶壬、癸，出行大忌。",
            "zh-Hans": "截路空亡：时干带壬、癸，出行大忌。",
            "ko": "절로공망(截路空亡): 시의 천간이 임(壬)·계(癸)인 때로, 출행(出行)에 크게 꺼린다.",
            "en": "Road cut off (截路空亡): the hour stem is Ren (壬) or Gui (癸) — a grave taboo for setting out.",
        },
        short="截路",
        facts={"hour": ("jielu", "截路空亡: hour stem 壬 or 癸")},
    ),
    Taboo(
        "jielu_strict", ("hour",), lambda p, m, d, o: jielu_strict(p, m), SRC_JIELU_STRICT,
        names={"zh-Hant": "截路空亡（嚴）", "zh-Hans": "截路空亡（严）", "ko": "절로공망(엄격)",
               "en": "strict road cut off (截路)"},
        explain={
            "zh-Hant": "截路空亡（嚴）：《禽書》之說，時干帶壬、癸而時禽又值氐房心虛室奎婁昴觜鬼柳參。",
            "zh-Hans": "截路空亡（严）：《禽书》之说，时干带壬、癸而时禽又值氐房心虚室奎娄昴觜鬼柳参。",
            "ko": "절로공망(엄격): 금서(禽書)의 설로, 시의 천간이 임(壬)·계(癸)이고 시금(時禽)이 저(氐)·방(房)·심(心)·"
                  "허(虛)·실(室)·규(奎)·누(婁)·묘(昴)·자(觜)·귀(鬼)·유(柳)·삼(參) 가운데 하나인 때.",
            "en": "Road cut off, strict reading of the Book of the Mansion Animals (禽書): hour stem Ren (壬) or "
                  "Gui (癸) and the hour's mansion one of twelve named in that book.",
        },
        short="截路(禽書)",
        facts={"hour": ("jielu_strict", "《禽書》 截路: 壬癸 hour and hour 禽 among 氐房心虛室奎婁昴觜鬼柳參")},
    ),
)


__all__ = ["FU_DUAN", "BRANCHES", "Flags", "JIELU_STRICT_MANSIONS", "SCOPES", "TABOOS", "Taboo", "anjin",
           "anjin_fanqin_ok", "citations", "fact_names", "flags_of", "fuduan", "fuduan_mansion", "interned",
           "jielu", "jielu_strict", "of_scope"]
