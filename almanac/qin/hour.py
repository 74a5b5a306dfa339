"""The hour's 禽 (時禽) and everything turned out of it.

**Hour pillar**: by 五鼠遁 from the day pillar of the 子初 day (``zi_day``): 23:00–23:59 is the
next day's 子 hour (``zi_hour`` reads the branch and that day off a wall clock).

**時禽** (option ``hour_rule``; the seed only says 「以元下日禽，演出時禽」):

- ``continuous`` (default): the 七曜 of the day's 禽 (= the weekday) names the 子-hour 禽 —
  「日虛月鬼火從箕，水畢木氐金奎位，土宿還從翼上推」 (《禽星易見》, 《選擇求真》, 《剋擇講義》) —
  and each later 時辰 takes the next mansion. Since 7 × 12 = 3 × 28 this is one unbroken 28-hour
  cycle: 時禽 = (10 + H) mod 28 with H the 時辰 since 1993-10-09 23:00. It alone reproduces the
  暗金伏斷時 rhyme 「太陽子酉寅，太陰午一日…」.
- ``qiyuan``: 「會者一元倒一指」 — the cycle restarts at each 元's 甲子 子 hour on the 元's head
  (虛奎畢鬼翼氐箕); this reproduces the published examples (PTT 2008-11-22, 《擇日精萃》 1994-11-13).

**氣將** is the 將星 of the zi_day's 15-day block; **翻禽**, **倒將** and **活曜** are in ``fanqin``;
the taboos in ``taboos``; the palaces and named situations in ``palaces``; seasons in ``seasons``.

>>> from datetime import date
>>> from almanac.qin import hour_qin, QinOptions
>>> h = hour_qin(date(2008, 11, 22), "巳", QinOptions(hour_rule="qiyuan"))
>>> str(h.pillar), h.qi_jiang.char, h.mansion.char, h.fanqin.char, h.daojiang.char, h.huoyao.char
('癸巳', '奎', '婁', '胃', '昴', '張')
>>> j = h.to_json()
>>> j["fanqin"], j["daojiang"]["side"], j["palace"]
({'mansion': '胃', 'name': '胃土雉', 'side': '我'}, '彼', {'branch': '巳', 'name': '湯火', 'house': '湯'})
>>> hour_qin(date(2008, 11, 22), 5, QinOptions()).mansion.char       # the continuous rule
'房'
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

from ..calendar import hour_pillar as _calendar_hour_pillar
from ..cycles import BRANCHES, GanZhi
from ..errors import BadInput
from ..shared import freeze
from ..mansions import ALL, LUMINARIES, SRC_NAMES, Mansion
from ..sources import QIN_FU, cite
from . import fanqin as fq
from . import palaces, taboos
from .day import (EPOCH, EPOCH_MANSION, DayQin, as_date, day_pillar, day_qin, days_since_epoch,
                  yuan_head, yuan_jiang_in_cycle)
from .facts import Citations, Situation, citations_json
from .options import SOURCES as OPTION_SOURCES
from .options import QinOptions
from .seasons import SeasonMarks, seasonal_situations

SRC_HOUR_QIN = cite(QIN_FU, "異禽之神", "乃以元下日禽，演出時禽")
SRC_DAY_FIRST = cite(QIN_FU, "蓋壬禽之發", "凡演禽，皆以日禽為主，演出時禽")

#: the 子-hour 禽 by the 七曜 of the day (日虛 月鬼 火箕 水畢 木氐 金奎 土翼)
ZI_START = {"日": "虛", "月": "鬼", "火": "箕", "水": "畢", "木": "氐", "金": "奎", "土": "翼"}


_ZI_START_MANSION = {k: Mansion.parse(v) for k, v in ZI_START.items()}


def zi_hour(clock: datetime) -> tuple[date, int]:
    """(zi_day, hour branch 0–11) of a wall-clock time: 23:xx belongs to the next day's 子."""
    if not isinstance(clock, datetime):
        raise BadInput(f"{clock!r} is not a date and time",
                       zh=f"不是日期時間：{clock!r}",
                       ko=f"날짜·시각이 아닙니다: {clock!r}")
    branch = (clock.hour + 1) // 2 % 12
    d = clock.date() + (timedelta(days=1) if clock.hour == 23 else timedelta(0))
    return d, branch


def _branch(b: "int | str") -> int:
    if isinstance(b, str) and len(b.strip()) == 1 and b.strip() in BRANCHES:
        return BRANCHES.index(b.strip())
    if isinstance(b, int) and not isinstance(b, bool) and 0 <= b < 12:
        return b
    raise BadInput(f"{b!r} is not an hour branch (0–11 or one of {BRANCHES})",
                   zh=f"不是時辰的地支：{b!r}（須為 0–11 或 {BRANCHES} 之一）",
                   ko=f"시진(時辰)의 지지가 아닙니다: {b!r} (0–11 또는 {BRANCHES} 중 하나)")


def hour_pillar(zi_day: date, branch: int) -> GanZhi:
    """五鼠遁: the 子 hour of a 甲/己 day is 甲子, 乙/庚 丙子, 丙/辛 戊子, 丁/壬 庚子, 戊/癸 壬子."""
    return _calendar_hour_pillar(day_pillar(as_date(zi_day)), branch)


def hour_mansion(zi_day: date, branch: int, rule: str = "continuous") -> Mansion:
    """The 時禽 of the hour ``branch`` of ``zi_day`` under ``rule`` (continuous / qiyuan)."""
    return _mansion_in_cycle(days_since_epoch(zi_day) % CYCLE, branch, rule)


def _mansion_in_cycle(k: int, branch: int, rule: str) -> Mansion:
    if rule == "continuous":
        return _ZI_START_MANSION[LUMINARIES[(EPOCH_MANSION + k) % 7]] + branch
    y = k // 60
    return yuan_head(y + 1) + (12 * (k - 60 * y) + branch)


@dataclass(frozen=True)
class HourQin:
    """The 演禽 facts of one 時辰 (of the 子初 day ``zi_day``)."""

    zi_day: date
    branch: int
    pillar: GanZhi
    mansion: Mansion
    rule: str
    day: DayQin
    qi_jiang: Mansion
    fanqin: Mansion
    daojiang: Mansion
    fan_side: str
    dao_side: str
    huoyao: Mansion
    huoyao_tu_start: str
    #: the hour's taboos (``taboos.TABOOS`` of scope ``hour``), by id; each is an attribute too
    flags: taboos.Flags
    anjin_fanqin_ok: bool
    #: 截路空亡 by the configured table alone (``flags.jielu`` is the 《禽書》 form under
    #: ``jielu_strict_usage = "replace"``)
    jielu_stem: bool
    landing: int
    situations: tuple[Situation, ...] = ()
    citations: Citations = ()

    def __getattr__(self, name: str):
        """A taboo of the hour by its id (``hour.anjin``, ``hour.jielu`` …)."""
        try:
            return self.__dict__["flags"][name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}") from None

    def shared_view(self, name: str, build, *, turned: bool = False) -> "dict":
        """``build(self)`` frozen and kept with this hour's date-free facts, so every hour sharing
        them (day ``k`` of the 420-day cycle, branch, options, seasonal situations) gets the same read-only
        value — built once per fact set, not once per date. ``build`` must read only date-free
        fields (everything but ``zi_day`` and ``day``). With ``turned=True`` the value is kept
        with the part that the 時禽, 氣將 and branch decide, shared more widely still: ``build``
        must then read only ``mansion``, ``fanqin``, ``daojiang``, ``fan_side``, ``dao_side``,
        ``huoyao``, ``anjin_fanqin_ok``, ``landing`` (``palace``) and ``situations``."""
        return fact_view(self.__dict__, name, build, turned, self)

    @property
    def palace(self) -> str | None:
        """刀砧 / 湯火 / 田園 (or None) of the branch where the 時禽 lands."""
        return palaces.PALACES[self.landing]

    def to_json(self) -> dict:
        """The CONTRACT hour fields (pillar, mansion, flags: the hour's taboos — anjin, fuduan,
        jielu, jielu_strict …) plus extras."""
        m = self.mansion

        def general(x: Mansion, side: str) -> dict:
            return {"mansion": x.char, "name": x.name, "side": side}

        return {
            "branch": BRANCHES[self.branch], "pillar": str(self.pillar),
            "mansion": m.char, "name": m.name, "luminary": m.luminary, "class": m.qin_class,
            "rule": self.rule,
            "flags": dict(self.flags),
            "anjin_fanqin_ok": self.anjin_fanqin_ok,
            "qi_jiang": self.qi_jiang.char,
            "fanqin": general(self.fanqin, self.fan_side),
            "daojiang": general(self.daojiang, self.dao_side),
            "huoyao": {"mansion": self.huoyao.char, "name": self.huoyao.name,
                       "tu_start": self.huoyao_tu_start},
            "palace": {"branch": BRANCHES[self.landing], "name": self.palace,
                       "house": palaces.HOUSES[self.landing]},
            "situations": [s.to_json() for s in self.situations],
            "citations": citations_json(self.citations),
        }


_FIELDS = tuple(f.name for f in fields(HourQin))


def hour_qin(zi_day: date, hour_branch: "int | str", opts: QinOptions | None = None, *,
             season: SeasonMarks | None = None) -> HourQin:
    """All 演禽 facts of the hour ``hour_branch`` (0 子 … 11 亥, or the character) of the 子初 day
    ``zi_day`` (use ``zi_hour(clock)`` to get both from a wall clock). ``season`` (optional) adds
    the seasonal situations of the 時禽, 番禽 and 到將."""
    opts = opts or QinOptions()
    d, b = as_date(zi_day), _branch(hour_branch)
    return hour_qin_of_day(day_qin(d, opts), b, opts, season)


def hour_qin_of_day(day: DayQin, b: int, opts: QinOptions,
                    season: SeasonMarks | None = None) -> HourQin:
    """``hour_qin`` for an already computed ``day_qin(zi_day, opts)`` and a branch index 0–11."""
    return hour_qin_in(cycle_table(opts, season), day, b)


@lru_cache(maxsize=256)
def cycle_table(opts: QinOptions, season: SeasonMarks | None) -> "CycleTable":
    """The hour fact sets of one school and season marks, filled as hours are asked for; a caller
    building many hours fetches it once (hashing the options once, not per hour)."""
    return CycleTable(opts, season)


class CycleTable(dict):
    """(day of the 420-day cycle × 12 + branch) → the hour's date-free facts under one season's
    marks (shared: each hour's fields are a copy, :func:`hour_qin_in`). A fact set is kept with
    the school (:class:`SchoolFacts`), not with the season: the marks decide only the seasonal
    situations of the hour's three 禽, none for most of them, so the tables of every season
    whose marks give a 禽 the same ones share one fact set (and its views)."""

    def __init__(self, opts: QinOptions, season: SeasonMarks | None):
        super().__init__()
        self.opts, self.season = opts, season
        self.school = _school_facts(opts)
        #: the seasonal situations of a 禽 in a role under this table's options and season, by
        #: (mansion, role): read for the three 禽 of every new (時禽, 氣將), where the cache of
        #: ``seasonal_situations`` would hash the options and marks each time
        self.seasonal: dict[tuple[int, str], tuple] = {}
        #: (時禽, 氣將) → the number of the seasonal situations this season gives their three 禽
        #: (``SchoolFacts.signatures``): with the cycle key, the key of the school's fact set
        self.signatures: dict[tuple[int, int], int] = {}

    def __missing__(self, key: int) -> dict:
        facts = self[key] = _facts_in_cycle(key // 12, key % 12, self)
        return facts

    def seasonal_of(self, x: Mansion, who: str) -> tuple:
        """``seasonal_situations`` of 禽 ``x`` in role ``who`` under this table's season."""
        more = self.seasonal.get((x.index, who))
        if more is None:
            more = self.seasonal[x.index, who] = seasonal_situations(x, self.season, self.opts, who)
        return more


class SchoolFacts:
    """The hour fact sets of one set of options, for every season (``CycleTable.school``)."""

    __slots__ = ("unseasoned", "signatures", "turned", "facts", "views")

    def __init__(self):
        #: ``(時禽, 氣將, branch)`` → ``_unseasoned``'s answer
        self.unseasoned: dict[tuple[int, int, int], tuple] = {}
        #: the seasonal situations of an hour's three 禽 (時禽, 番禽, 到將: one tuple each) →
        #: their number here; the empty ones (most hours in every season) are one number
        self.signatures: dict[tuple, int] = {}
        #: the fields that the 時禽, 氣將, branch and seasonal situations decide, by them
        #: (``(時禽, 氣將, branch, signature)``: ``_turned_fields``)
        self.turned: dict[tuple[int, int, int, int], dict] = {}
        #: the fact sets, by ``signature × 5040 + cycle key`` (their ``_cycle_key``): at most
        #: 5,040 for each signature met, and a cycle day meets only the seasons its dates fall in
        self.facts: dict[int, dict] = {}
        #: the views of HourQin.shared_view, by view name, then by the fact set's key (or the
        #: ``_turned`` key): a few dicts for the school rather than one per fact set (thousands
        #: are kept, each one more container for every garbage collection to walk)
        self.views: dict[str, dict] = {}


@lru_cache(maxsize=64)
def _school_facts(opts: QinOptions) -> SchoolFacts:
    return SchoolFacts()


def hour_qin_in(table: CycleTable, day: DayQin, b: int) -> HourQin:
    """The HourQin of branch ``b`` of ``day`` from ``table`` (= ``cycle_table(opts, season)``):
    a copy of the fact set's fields with the date's two put in, as the instance's own dict (what
    the generated ``__init__`` does, without its one ``object.__setattr__`` call per field)."""
    d = day.date
    fields = table[cycle_key(d) + b].copy()
    fields["zi_day"] = d
    fields["day"] = day
    h = _new(HourQin)
    _set(h, "__dict__", fields)
    return h


def cycle_key(zi_day: date) -> int:
    """The key of the 子 hour of ``zi_day`` in a cycle table (add the branch for another hour):
    its day of the 420-day cycle × 12."""
    return (zi_day - EPOCH).days % CYCLE * 12


def fact_view(fields: dict, name: str, build, turned: bool = False, hour: HourQin | None = None):
    """``HourQin.shared_view`` of an hour fact set's ``fields``: a cycle table's own (shared)
    dict, for a caller that reads an hour's facts without an HourQin (``api.day``), or an hour's
    copy of them. ``build`` is given ``hour``, or on a miss an HourQin made from a copy of
    ``fields`` (its date's fields None: ``build`` reads neither)."""
    views = fields.get("_cycle_views")      # the fact set's school's (SchoolFacts.views)
    if views is None:
        return freeze(build(hour or _hour_of(fields)))
    kept = views.get(name)
    if kept is None:
        kept = views[name] = {}
    at = fields["_turned_key"] if turned else fields["_cycle_key"]
    view = kept.get(at)
    if view is None:
        view = kept[at] = freeze(build(hour or _hour_of(fields)))  # a no-op for frozen values
    return view


def _hour_of(fields: dict) -> HourQin:
    h = _new(HourQin)
    _set(h, "__dict__", fields.copy())
    return h


_new, _set = object.__new__, object.__setattr__


#: everything of an hour but its date repeats every 420 days (七元 × 60; a multiple of 7, 10, 28)
CYCLE = 420


def _cites(bo: str) -> Citations:
    return (
        ("mansion", SRC_HOUR_QIN), ("from_day_qin", SRC_DAY_FIRST),
        ("hour_rule", OPTION_SOURCES["hour_rule"]),
        ("name", SRC_NAMES), ("qi_jiang", fq.SRC_QIJIANG), ("fanqin", fq.SRC_FANQIN),
        ("daojiang", fq.SRC_FANQIN), ("sides", fq.SRC_SIDES), ("huoyao", fq.SRC_HUOYAO),
        *taboos.citations("hour"),
        ("palace", palaces.SRC_BO if bo == "hour_branch" else palaces.SRC_SUOBO),
    )


#: the citations of an hour, by the ``bo`` option (the only part that varies)
_CITES = {bo: _cites(bo) for bo in ("hour_branch", "suobo")}


def _facts_in_cycle(k: int, b: int, table: CycleTable) -> dict:
    """HourQin's fields by name for day ``k`` of the 420-day cycle and branch ``b`` under the
    season of ``table``, the date's own (``zi_day``, ``day``) None, then where its views are kept
    (``_cycle_views``: the school's, and the keys of the fact set and of its ``_turned`` part in
    it). Kept with the school by the cycle key and the seasonal situations the season gives."""
    opts, school = table.opts, table.school
    m = _mansion_in_cycle(k, b, opts.hour_rule)
    qj = yuan_jiang_in_cycle(k)[2]
    sig = table.signatures.get((m.index, qj.index))
    if sig is None:
        sig = table.signatures[m.index, qj.index] = _signature(m, qj, b, table)
    at = sig * CYCLE * 12 + k * 12 + b
    fields = school.facts.get(at)
    if fields is not None:
        return fields
    pillar = GanZhi.of((2 * (k % 10) + b) % 10, b)
    key = (m.index, qj.index, b, sig)
    base = school.turned.get(key)
    if base is None:
        base = school.turned[key] = _turned_fields(key, table)
    fields = school.facts[at] = base.copy()
    fields["pillar"] = pillar
    fields["flags"] = taboos.flags_of("hour", pillar, m, GanZhi.of(k % 10, k % 12), opts)
    fields["jielu_stem"] = taboos.jielu(k % 10, pillar, opts.jielu_table)
    fields["_cycle_key"] = at
    return fields


def _unseasoned_of(m_index: int, qj_index: int, b: int, table: CycleTable) -> tuple:
    """``_unseasoned``'s answer, kept with ``table``'s school (``SchoolFacts.unseasoned``)."""
    key = (m_index, qj_index, b)
    base = table.school.unseasoned.get(key)
    if base is None:
        base = table.school.unseasoned[key] = _unseasoned(m_index, qj_index, b, table.opts)
    return base


def _signature(m: Mansion, qj: Mansion, b: int, table: CycleTable) -> int:
    """The number (``SchoolFacts.signatures``) of the seasonal situations that ``table``'s season
    gives the three 禽 of the 時禽 ``m`` and 氣將 ``qj`` (the 番禽 and 到將 are theirs; the branch
    ``b`` only finds them)."""
    roles = _unseasoned_of(m.index, qj.index, b, table)[7]
    sig = tuple([table.seasonal_of(roles[i + 1], roles[i]) for i in range(0, len(roles), 3)])
    ids = table.school.signatures
    return ids.setdefault(sig, len(ids))


def _turned_fields(key: tuple[int, int, int, int], table: CycleTable) -> dict:
    """The fields of every fact set whose 時禽, 氣將, branch and seasonal situations are ``key``
    (all but the hour's pillar and taboos, which :func:`_facts_in_cycle` puts into a copy, and the
    date's), in the order of HourQin's fields (a test checks it), then where the views are kept."""
    m_index, qj_index, b, _ = key
    opts = table.opts
    m = ALL[m_index]
    fan, dao, fan_side, dao_side, huo, fan_ok, landing, sits = _turned(m_index, qj_index, b, table)
    return {
        "zi_day": None, "branch": b, "pillar": None, "mansion": m, "rule": opts.hour_rule,
        "day": None, "qi_jiang": ALL[qj_index], "fanqin": fan, "daojiang": dao, "fan_side": fan_side,
        "dao_side": dao_side, "huoyao": huo, "huoyao_tu_start": opts.huoyao_tu_start,
        "flags": None, "anjin_fanqin_ok": fan_ok, "jielu_stem": None, "landing": landing,
        "situations": sits, "citations": _CITES[opts.bo],
        # not fields: see HourQin.shared_view
        "_cycle_views": table.school.views, "_cycle_key": None, "_turned_key": key,
    }


def _turned(m_index: int, qj_index: int, b: int, table: CycleTable) -> tuple:
    """What the 時禽 ``m_index`` and the 氣將 ``qj_index`` give in the hour ``b`` under ``table``'s
    options and season: 番禽, 到將, their sides, 活曜, the 番禽's 暗金 exception, where the 時禽
    lands and all the situations (each 禽's palace situations — the ``_unseasoned`` answer, kept
    with the school for every season — then its seasonal ones, the table's)."""
    base = _unseasoned_of(m_index, qj_index, b, table)
    fan, dao, fan_side, dao_side, huo, fan_ok, landing, roles = base
    sits: tuple[Situation, ...] = ()
    for i in range(0, len(roles), 3):
        who, x, placed = roles[i:i + 3]
        sits += placed + table.seasonal_of(x, who)
    return (fan, dao, fan_side, dao_side, huo, fan_ok, landing, sits)


def _unseasoned(m_index: int, qj_index: int, b: int, opts: QinOptions) -> tuple:
    """``_turned`` without the season: its situations as role, 禽, palace situations of each of
    the three 禽 in turn, in one flat tuple (kept for every season: one container, not four)."""
    m, qj = ALL[m_index], ALL[qj_index]
    fan, dao = fq.fan_qin(qj, m), fq.dao_jiang(qj, m)
    fan_side, dao_side = fq.sides(opts.fanqin_labels)
    roles = tuple(item for who, x, side in (("時禽", m, None), ("番禽", fan, fan_side), ("到將", dao, dao_side))
                  for item in (who, x, palaces.situations(x, palaces.landing_branch(x, b, opts.bo), who,
                                                          other_side=side == "彼")))
    return (fan, dao, fan_side, dao_side, fq.huo_yao(m, b, opts.huoyao_tu_start),
            taboos.anjin_fanqin_ok(fan), palaces.landing_branch(m, b, opts.bo), roles)
