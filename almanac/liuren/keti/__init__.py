"""課體: the classical names of a 課, each a condition over the chart written in ``data/keti.toml``.

A practitioner reads a chart by its 課體 (元首, 重審 … 斬關, 勵德, 玄胎, 三交 …). Each entry of the
catalogue is data: a ``name``, a ``when`` condition over the chart's facts (below), its meaning in
zh/ko/en and where the book defines it. Conditions are small Python expressions restricted to the
names listed in :data:`FUNCTIONS` and the facts of :func:`chart_facts`; branches, stems and
generals are written as themselves (``chu in (辰, 戌)``, ``rides(chu) == 六合``). Where books define
a 課體 differently, ``when`` is a table keyed by the reading and the ``option`` names the
``[liuren]`` setting that chooses it.

Facts (all branches are 0 子 … 11 亥): ``gan`` stem, ``zhi`` day branch, ``jigong`` the stem's
寄宮, ``gan_el`` the stem's element, ``yang_day``; ``gan_up gan_yin zhi_up zhi_yin`` the four 課
上神 and ``ups`` all four; ``chu mid mo`` and ``chuan`` the 三傳; ``n_ke`` / ``n_zei`` how many 課
are 上剋下 / 下賊上; ``complete`` (四課備) and ``n_lessons`` (distinct 課: 4; 3 不備; 2 as in
伏吟); ``method`` and ``sub`` (門 and sub-name);
``patterns`` (seed 002's 格局 names); ``xun`` 旬首, ``xun_wei`` 旬尾, ``xun_qi`` 旬奇, ``void``
旬空; ``de`` 日德 (the stem's), ``zhi_de`` 支德 (the branch's), ``lu`` 日祿, ``ben`` 日本 (the stem's
長生); ``noble`` / ``noble_ground`` / ``shun`` the 貴人; ``k`` the rotation.

Of the moment (entries with ``needs``): ``hour`` 占時, ``month`` 月建, ``year`` 太歲, ``yuejiang``
月將, ``sili`` (the day is one of the four 立; ``jigong_prev`` is yesterday's 寄宮), ``fenzhi`` (a 分 or
至 falls on the day), ``yuesu`` (the moon's palace by the lunar date) and ``sizheng`` (朔 弦 望 晦), and the functions ``wangxiang(b)`` / ``qiusi(b)`` (旺相 / 囚死 in the month), ``shensha(name)`` (a month
神煞: ``shensha('死神')``) and ``suisha(name)`` (a year 神煞: ``suisha('歲虎')``); of the asker,
where known, ``ming`` (本命) and ``nian`` (行年), each a tuple that is empty without an asker
(:data:`PERSON`); of a couple (``couple``: a partner of the other sex is given), ``fu`` and ``qi``
(the husband's and the wife's 行年) and ``fu_gan`` / ``qi_gan`` (their stems). A condition must
list in ``needs`` every fact of the moment it reads; the catalogue refuses it otherwise. An entry of the
課 alone may read ``ming`` and ``nian`` all the same (:data:`ASKER`: empty in the chart's own 課體,
the asker's in :func:`for_asker`), and may carry ``also``, a clause of the moment that names it in
``keti_hour`` where the 課 alone does not (:attr:`KetiDef.also`).

What is computed once and what per call: a chart's facts (its condition environment,
:func:`environment`) and the 課體 the 課 alone decides (``Chart.keti``) are worked out once per
chart and shared. The 晝 and 夜 charts of one 課 differ only in what their 貴人 decides
(:data:`NOBLE_FACTS`), so every condition (and chart part, below) that reads none of it is
evaluated once per 課 (``Chart.keti_shared``, :func:`shared_truths`) and only the few that do are
evaluated per chart. The entries of the moment (those with ``needs``) are evaluated in part once per
chart (``Chart.keti_moment``, :class:`ChartMoments`): each condition is split into the parts that
read the chart only and those that read the moment (:func:`_split`), the chart's parts are
evaluated, and by the three-valued logic of ``and``/``or``/``not`` an entry is dropped from the
chart (false whatever the moment), kept as found (true whatever the moment) or left open. Only the
open entries — on most charts one or two, each a small function of the facts of the moment it
reads (``hour``, ``month`` … ``ming``, ``nian``) — are tested for a moment, and the answer is kept
with the chart by which of them hold (a chart has a handful of distinct answers), so its JSON and
the views built of it are made once and shared by every moment with that answer. Where only a
condition's truth is read (these groups, a moment's tests) it is compiled as :func:`_inline`
writes it — ``all``/``any`` over the 三傳 or 課 spelled out, the one-expression functions of
:data:`INLINE` in place of their calls —; the conditions as written stay the reference (:func:`find`).

How to write a condition of the moment so that this stays right and fast (tests/test_keti_moment.py
checks every catalogue entry against its whole condition evaluated afresh, and that each entry is
ruled out by the chart alone on some charts):

* read the moment only through the names of :data:`CONTEXT` and :data:`PERSON`, and through
  functions listed in :data:`MOMENT_FUNCTIONS` with the one fact that decides them (``wangxiang``
  → ``month``); a new fact goes into :data:`CONTEXT` (and :func:`moment`), a new function of the
  moment into :data:`MOMENT_FUNCTIONS`, made in :func:`moment` from that fact's value alone (an
  open entry is called with exactly the names it reads, taken from the moment's context);
* write the tests of the chart as operands of ``and``/``or``/``not`` at the top of the condition
  (``rides(chu) == 貴人 and chu in (year, yuejiang)``), or inside ``all``/``any`` over a written
  tuple or a ``+`` of tuples (``all(b in ups for b in (year, month) + chuan)`` is split into the
  moment's ``year``, ``month`` and the chart's ``chuan``); a test of the chart inside anything else
  (a comparison with the moment, a function's argument beside a fact of the moment) is only
  evaluated with the moment, which is right but leaves the entry open on every chart.

>>> from almanac.cycles import GanZhi
>>> from almanac.liuren.chart import chart_for
>>> [k.name for k in chart_for(GanZhi.parse("甲寅").index, 8, True).keti][:3]   # 甲寅日亥時未將
['重審', '斬關', '六儀']
"""
from __future__ import annotations

import ast
import copy
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from types import CodeType, FunctionType
from typing import Any, Callable

from ...shared import freeze
from ...sources import BookSource
from ...cycles import BRANCH_ELEMENT, BRANCHES, PO, STEM_ELEMENT, STEMS, element_generates, element_overcomes
from ...keti_names import DATA, catalogue_names, catalogue_text, shown_table  # noqa: F401 — its names
from .. import shensha
from ..generals import GENERALS, GOOD, HOMES
from ..transmissions import XING, YIMA   # 三刑 and 驛馬: the engine's tables

LANGS = ("zh", "ko", "en")
#: 旬奇: 甲子·甲戌旬 丑, 甲申·甲午旬 子, 甲辰·甲寅旬 亥 (《六壬大全》 三奇課), by 旬首 branch
XUN_QI = {0: 1, 10: 1, 8: 0, 6: 0, 4: 11, 2: 11}
#: 墓 of each element (木未 火戌 土辰 — 土 follows 水 — 金丑 水辰)
MU = (7, 10, 4, 1, 4)
#: 旺神 of each element: 木卯 火午 金酉 水子 (《六壬大全》 亨通課: 「甲申日乾上酉乃支之旺神，支上卯乃乾之旺神」,
#: 「壬寅日乾上子，支上卯為俱旺」); 土's is not glossed there (火土 would give 午, 水土 子), so -1: none
WANG = (3, 6, -1, 9, 0)
#: 日德 of each stem: 甲己寅 乙庚申 丙辛巳 丁壬亥 戊癸巳 (as a branch)
DE = (2, 8, 5, 11, 5, 2, 8, 5, 11, 5)
#: 支德 of each branch, five places on: 「支德者，子日起巳順行十二辰」 (《六壬大全》 德慶課) — 子巳 丑午 … 亥辰
ZHI_DE_STEP = 5
#: 日祿 of each stem: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子 (as a branch)
LU = (2, 3, 5, 6, 5, 6, 8, 9, 11, 0)
#: 長生 of each element (木亥 火寅 土申 — 土 follows 水 — 金巳 水申); the stem's is its 日本
#: (《六壬大全》 天獄課: 「日本者，日干長生位也」)
CHANGSHENG = (11, 2, 8, 5, 8)


class KetiError(ValueError):
    """The 課體 catalogue names an unknown fact, reading or construct."""


@lru_cache(maxsize=256)
def _rides_fn(on: tuple[int, ...]) -> Callable[[int], str]:
    """``rides`` of a chart whose generals stand ``on`` the sky branches (one per 貴人's place and
    direction: shared by every chart with them)."""
    return lambda b: GENERALS[on[b]]


#: functions a condition may call
FUNCTIONS: dict[str, Any] = {
    "el": lambda b: BRANCH_ELEMENT[b],                    # element of a branch
    "ke": element_overcomes,                              # element a overcomes element b
    "sheng": element_generates,                           # element a generates element b
    "yang": lambda b: b % 2 == 0,
    "meng": lambda b: b % 3 == 2,                         # 寅巳申亥
    "zhong": lambda b: b % 3 == 0,                        # 子卯午酉
    "ji": lambda b: b % 3 == 1,                           # 辰未戌丑
    "chong": lambda b: (b + 6) % 12,
    "po": lambda b: PO[b],                                # 六破 of a branch (almanac.cycles.PO)
    "mu": lambda e: MU[e],                                # 墓 of an element
    "wang": lambda e: WANG[e],                            # 旺神 of an element (-1 for 土: not glossed)
    "xing": lambda b: XING[b],                            # the branch ``b`` punishes (三刑)
    "yima": lambda b: YIMA[b % 4],                        # 驛馬 of a branch (the engine's table)
    "good": lambda g: g in GOOD,                          # a general is a 吉將 (generals.GOOD)
    "gel": lambda g: BRANCH_ELEMENT[HOMES[GENERALS.index(g)]],   # a general's element: its home's (generals.HOMES)
    "he": lambda a, b: (a + b) % 12 == 1 or (a != b and a % 4 == b % 4),   # 六合 or 三合
    "liuhe": lambda a, b: (a + b) % 12 == 1,              # 六合 of two branches (子丑 寅亥 …)
    "ganhe": lambda a, b: (a - b) % 10 == 5,              # 干合 of two stems (甲己 乙庚 丙辛 丁壬 戊癸)
    "all": all, "any": any, "len": len, "set": set,
}
#: the chart-dependent functions (filled per chart): over(ground) → sky, under(sky) → ground,
#: rides(sky) → general, dun(branch) → 旬遁 stem index or -1
CHART_FUNCTIONS = ("over", "under", "rides", "dun")
#: facts of the moment rather than the 課, for entries with ``needs``: ``hour`` the 占時 branch,
#: ``month`` the 月建, ``year`` the 太歲 (the year branch), ``yuejiang`` the 月將, ``sili`` whether
#: the day is one of the four 立 (almanac.calendar.is_sili_day), ``fenzhi`` a 分 or 至 falls on it,
#: ``yuesu`` the palace of the moon's 宿 by the lunar date (almanac.liuren.yuesu) and ``sizheng``
#: the day is one of the 四正 (朔 上弦 望 下弦 晦): the day's marks, almanac.liuren.daymarks;
#: ``couple`` whether the asker and a partner of the other sex are given (the 夫 and 妻 of
#: :data:`PERSON`; a moment made by :func:`moment` always says, false without one)
CONTEXT = ("hour", "month", "year", "yuejiang", "sili", "fenzhi", "yuesu", "sizheng", "couple")
#: the names of :data:`CONTEXT` that are true or false (the others are branches)
FLAGS = ("sili", "fenzhi", "sizheng", "couple")
#: functions of the moment a condition may call, and the fact each needs: ``wangxiang(b)`` — the
#: element of ``b`` is 旺 or 相 in the month (春 木旺火相 … 四季月 土旺金相); ``qiusi(b)`` — 囚 or 死
#: ``shensha(name)`` — the branch of a month 神煞 (死神 死氣 喪車 遊魂 伏殃) and ``suisha(name)`` of a year
#: 神煞 (病符 喪門 吊客 歲虎), as the 課經 glosses them (almanac.liuren.shensha); ``sishi(name)`` — the two
#: branches of the season's 孤辰 or 寡宿 (四時孤寡: ``sishi('孤辰')``)
MOMENT_FUNCTIONS = {"wangxiang": "month", "qiusi": "month", "shensha": "month", "suisha": "year", "sishi": "month"}
#: the asker's 年命, read where known: ``ming`` (本命) and ``nian`` (行年) are each a tuple of the
#: branch, empty when no person is given — a condition reads them so that an unknown person
#: neither adds nor removes anything (``chu in (…) + ming``, ``all(… for b in nian)``); only entries
#: that need more of the moment than its hour, or nothing of it (:data:`ASKER`), may read them.
#: ``fu`` and ``qi`` are the 行年 branches
#: of the husband (夫) and the wife (妻) and ``fu_gan`` / ``qi_gan`` their stems, each a tuple,
#: empty unless a couple is given (a partner of the other sex than the asker's): entries reading
#: them need ``couple`` (a textbook chart, which has no moment, does not decide them) and hold only
#: for a couple
PERSON = ("ming", "nian", "fu", "qi", "fu_gan", "qi_gan")
COUPLE = ("fu", "qi", "fu_gan", "qi_gan")
#: the asker's 年命 in a condition of the 課 alone (an entry without ``needs``: 羅網, 合歡, 龍戰, 侵害,
#: 刑傷): the chart's own 課體 (``Chart.keti``) read them empty — an unknown asker — and
#: :func:`for_asker` reads those entries again with a known asker's (``api.chart(…, born=, sex=)``)
ASKER = ("ming", "nian")

FACTS = ("gan", "zhi", "jigong", "gan_el", "yang_day", "gan_up", "gan_yin", "zhi_up", "zhi_yin",
         "ups", "chu", "mid", "mo", "chuan", "n_ke", "n_zei", "complete", "n_lessons", "method", "sub",
         "patterns", "xun", "xun_wei", "xun_qi", "xun_ding", "de", "zhi_de", "lu", "ben", "jigong_prev", "void", "noble", "noble_ground",
         "shun", "k")
#: constants: branches, stems (as stem indices), generals (as names), elements
CONSTANTS: dict[str, Any] = {
    **{c: i for i, c in enumerate(BRANCHES)},
    **{c: i for i, c in enumerate(STEMS)},
    **{g: g for g in GENERALS},
    **{c: i for i, c in enumerate("木火土金水")},
}
_ALLOWED = (ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.Compare,
            ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Name,
            ast.Load, ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Call, ast.BinOp, ast.Add,
            ast.Sub, ast.Mod, ast.IfExp, ast.Subscript, ast.GeneratorExp, ast.comprehension,
            ast.Store)


def compile_when(expr: str, where: str = "") -> Any:
    """Compile one condition, refusing any name or construct outside the vocabulary."""
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError as e:
        raise KetiError(f"{where}: condition does not parse: {expr!r} ({e.msg})") from None
    known = (set(FUNCTIONS) | set(CHART_FUNCTIONS) | set(FACTS) | set(CONSTANTS) | set(CONTEXT)
             | set(MOMENT_FUNCTIONS) | set(PERSON))
    known |= {n.target.id for n in ast.walk(tree)
              if isinstance(n, ast.comprehension) and isinstance(n.target, ast.Name)}
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise KetiError(f"{where}: {type(node).__name__} is not allowed in {expr!r}")
        if isinstance(node, ast.Name) and node.id not in known:
            raise KetiError(f"{where}: unknown name {node.id!r} in {expr!r}")
        if isinstance(node, ast.Call) and not isinstance(node.func, ast.Name):
            raise KetiError(f"{where}: only plain function calls are allowed in {expr!r}")
    return compile(tree, f"<keti {where}>", "eval")


#: a book outside the seeds (title, chapter, the exact phrase): one kind with the rule catalog's
KetiSource = BookSource


@dataclass(frozen=True)
class KetiDef:
    name: str
    name_ko: str                     # the Korean reading (중심 for 重審), shown beside the hanja
    name_en: str                     # the English name (Double Review for 重審), the hanja beside it
    family: str
    when: Any                        # str, or {reading: str}
    option: str | None
    meaning: dict[str, str]
    source: Any                      # KetiSource or a seed Source
    aliases: tuple[str, ...]
    examples: tuple[dict, ...]
    code: Any                        # compiled condition, or {reading: compiled}
    needs: tuple[str, ...] = ()      # context beyond the 課 (``hour``): decided only when known
    #: where one reading reads the moment and another does not (孤辰 寡宿: by the 旬 or by the season),
    #: the needs of each reading; ``needs`` is then the first (default) reading's
    reading_needs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: a clause of the sentence read only where the moment knows what it needs (遊子's 天馬: the
    #: month): ``(needs, {reading: condition text})``, each condition naming the entry where the 課
    #: alone does not (in ``keti_hour``, beside the other names of the moment); a reading it leaves
    #: out has none. Empty for most entries
    also: tuple = ()

    def also_of(self, reading: str | None) -> tuple[tuple[str, ...], str | None]:
        """``(needs, condition text)`` of the clause :attr:`also` gives ``reading`` (``(), None``: none)."""
        if not self.also:
            return (), None
        needs, texts = self.also
        if isinstance(self.when, dict) and reading not in self.when:
            reading = next(iter(self.when))
        return needs, texts.get(reading if isinstance(self.when, dict) else None)

    def needs_of(self, reading: str | None) -> tuple[str, ...]:
        """The facts of the moment the condition of ``reading`` needs (:meth:`condition`'s choice)."""
        if self.reading_needs and isinstance(self.code, dict):
            chosen = reading if reading in self.code else next(iter(self.code))
            return dict(self.reading_needs)[chosen]
        return self.needs

    def condition(self, reading: str | None) -> Any:
        if isinstance(self.code, dict):
            return self.code[reading] if reading in self.code else next(iter(self.code.values()))
        return self.code

    def condition_text(self, reading: str | None) -> str:
        """The text of :meth:`condition` (the same choice of reading)."""
        if isinstance(self.when, dict):
            return self.when[reading] if reading in self.when else next(iter(self.when.values()))
        return self.when


@dataclass(frozen=True)
class Keti:
    """One 課體 found on a chart."""

    name: str
    defn: KetiDef

    def to_json(self, lang: str | None = None) -> dict:
        meaning = self.defn.meaning[lang] if lang in LANGS else dict(self.defn.meaning)
        return {"name": self.name, "name_ko": self.defn.name_ko, "name_en": self.defn.name_en,
                "family": self.defn.family,
                "meaning": meaning,
                "source": str(self.defn.source)}


def _source(raw: dict, where: str):
    extra = set(raw) - {"seed", "opening", "quote", "book", "chapter"}
    if extra:    # a key written after a [keti.source] table lands in it (examples there would go untested)
        raise KetiError(f"{where}: source has unknown keys {sorted(extra)}")
    if "seed" in raw:
        from ...sources import cite
        return cite(raw["seed"], raw["opening"], raw.get("quote"))
    for key in ("book", "chapter", "quote"):
        if not raw.get(key):
            raise KetiError(f"{where}: source lacks {key!r}")
    from ...sources import CLASSICS
    if raw["book"] not in CLASSICS:
        raise KetiError(f"{where}: {raw['book']} has no titles for readers (almanac.sources.CLASSICS)")
    return KetiSource(raw["book"], raw["chapter"], raw["quote"])


def _check_needs(entry: dict) -> tuple[str, ...]:
    """An entry's ``needs``: known facts of the moment, and every one its condition reads."""
    return _check_reading_needs(entry["name"], tuple(entry.get("needs", ())), entry["when"])


def _reading_needs(entry: dict) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``needs`` given by reading (a table keyed by the readings of ``when``; a reading it leaves out
    needs nothing), each checked as :func:`_check_needs` checks a whole entry's."""
    name, when = entry["name"], entry["when"]
    if not isinstance(when, dict) or set(entry["needs"]) - set(when):
        raise KetiError(f"{name}: needs by reading must name readings of its condition")
    return tuple((r, _check_reading_needs(name, tuple(entry["needs"].get(r, ())), w)) for r, w in when.items())


def _check_reading_needs(name: str, needs: tuple[str, ...], when) -> tuple[str, ...]:
    if not set(needs) <= set(CONTEXT):
        raise KetiError(f"{name}: needs {needs}; known: {CONTEXT}")
    used = _moment_names(when)
    if not used <= set(needs) | set(PERSON):
        raise KetiError(f"{name}: its condition reads {sorted(used)} but needs only {list(needs)}")
    if used & set(PERSON) and not set(needs) - {"hour"} and (needs or not used <= set(ASKER)):
        raise KetiError(f"{name}: reads the 年命 but needs nothing of the moment beyond its hour")
    if used & set(COUPLE) and "couple" not in needs:
        raise KetiError(f"{name}: reads the 夫妻 行年 ({sorted(used & set(COUPLE))}) but does not need the couple")
    return needs


def _moment_names(when) -> set[str]:
    """The facts of the moment a condition reads (directly or through a moment function)."""
    out: set[str] = set()
    for expr in (when.values() if isinstance(when, dict) else (when,)):
        for node in ast.walk(ast.parse(expr, mode="eval")):
            if isinstance(node, ast.Name):
                if node.id in CONTEXT or node.id in PERSON:
                    out.add(node.id)
                elif node.id in MOMENT_FUNCTIONS:
                    out.add(MOMENT_FUNCTIONS[node.id])
    return out


def moment(month: int | None = None, year: int | None = None, yuejiang: int | None = None,
           ming: int | None = None, nian: int | None = None, sili: bool | None = None,
           fenzhi: bool | None = None, yuesu: int | None = None,
           sizheng: bool | None = None, fu: int | None = None, qi: int | None = None) -> dict[str, Any]:
    """What a moment adds to the 占時 for :func:`of_moment` (``more``): the 月建 ``month``, the 太歲
    ``year`` and the 月將 ``yuejiang`` that are known, the functions they make (wangxiang), and
    the asker's 本命 ``ming`` and 行年 ``nian`` when a person is given (:data:`PERSON`), and the
    day's marks that are known (``almanac.liuren.daymarks.day_marks``): ``sili``, whether the day is
    one of the four 立, ``fenzhi`` one of the 分至, ``yuesu`` the moon's palace, ``sizheng`` a 四正,
    and for a couple the husband's and the wife's 行年 ``fu`` and ``qi`` (each a 干支 index, 0 甲子 …
    59 癸亥; both or neither: ``couple``). A new dict each call over values made once per (month,
    year, 月將)."""
    ctx = dict(_moment(month, year, yuejiang))
    for key, value in (("sili", sili), ("fenzhi", fenzhi), ("yuesu", yuesu), ("sizheng", sizheng)):
        if value is not None:
            ctx[key] = value
    ctx["ming"] = () if ming is None else (ming,)
    ctx["nian"] = () if nian is None else (nian,)
    # ``couple`` is always known for a moment (false without one), so that every moment of a day
    # has the same names (the callers' fast key) and a chart whose only open entries are the
    # couple's answers a moment without one at once
    ctx["couple"] = fu is not None and qi is not None
    if ctx["couple"]:
        ctx["fu"], ctx["fu_gan"], ctx["qi"], ctx["qi_gan"] = (fu % 12,), (fu % 10,), (qi % 12,), (qi % 10,)
    else:
        ctx["fu"] = ctx["fu_gan"] = ctx["qi"] = ctx["qi_gan"] = ()
    return ctx


@lru_cache(maxsize=2048)
def _moment(month: int | None, year: int | None, yuejiang: int | None) -> dict[str, Any]:
    ctx: dict[str, Any] = {}
    for key, value in (("month", month), ("year", year), ("yuejiang", yuejiang)):
        if value is not None:
            ctx[key] = value
    if month is not None:
        # each function a look-up in a table made here from its one fact (a condition of the
        # moment calls them on every new moment of a cold day)
        from ...calendar import season_element, strength   # the one 旺相休囚死 table
        ruling = season_element(month)
        power = tuple(strength(el, ruling) for el in BRANCH_ELEMENT)
        ctx["wangxiang"] = tuple(p in ("旺", "相") for p in power).__getitem__
        ctx["qiusi"] = tuple(p in ("囚", "死") for p in power).__getitem__
        ctx["shensha"] = {name: shensha.month(name, month) for name in (*shensha.MONTH, *shensha.SEASON)}.__getitem__
        ctx["sishi"] = {name: shensha.season_pair(name, month) for name in shensha.SEASON_PAIR}.__getitem__
    if year is not None:
        ctx["suisha"] = {name: shensha.year(name, year) for name in shensha.YEAR}.__getitem__
    return ctx


def _catalogue_text() -> dict:
    """The catalogue file (:data:`DATA`) as TOML reads it (≈ 25 ms), once per file."""
    return catalogue_text(DATA)


@lru_cache(maxsize=1)
def catalogue() -> tuple[KetiDef, ...]:
    """The 課體 catalogue, loaded and compiled once."""
    raw = _catalogue_text()
    out: list[KetiDef] = []
    seen: set[str] = set()
    for entry in raw["keti"]:
        name = entry["name"]
        if name in seen:
            raise KetiError(f"{name}: defined twice")
        seen.add(name)
        meaning = {lang: entry[lang] for lang in LANGS if entry.get(lang)}
        if set(meaning) != set(LANGS):
            raise KetiError(f"{name}: meaning lacks {sorted(set(LANGS) - set(meaning))}")
        when = entry["when"]
        code = ({r: compile_when(w, f"{name}/{r}") for r, w in when.items()}
                if isinstance(when, dict) else compile_when(when, name))
        if isinstance(when, dict) and not entry.get("option"):
            raise KetiError(f"{name}: several readings but no option names the choice")
        name_ko = entry.get("name_ko", "")
        if not name_ko or not all("\uac00" <= ch <= "\ud7a3" for ch in name_ko):
            raise KetiError(f"{name}: name_ko must be the Korean reading in Hangul, not {name_ko!r}")
        name_en = entry.get("name_en", "")
        if not name_en or not name_en[0].isupper() or not name_en.isascii():
            raise KetiError(f"{name}: name_en must be the English name in Title Case without Chinese "
                            f"characters, not {name_en!r}")
        reading_needs = _reading_needs(entry) if isinstance(entry.get("needs"), dict) else ()
        needs = reading_needs[0][1] if reading_needs else _check_needs(entry)
        out.append(KetiDef(name, name_ko, name_en, entry.get("family", "課經"), when, entry.get("option"), meaning,
                           _source(entry["source"], name), tuple(entry.get("aliases", ())),
                           tuple(entry.get("examples", ())), code, needs, reading_needs, _also(entry, needs)))
    return tuple(out)


def _also(entry: dict, needs: tuple[str, ...]) -> tuple:
    """An entry's :attr:`KetiDef.also` from its ``also`` table (``needs`` and ``when``: a condition,
    or one per reading of the entry's own ``when``), each checked as a condition of the moment is;
    only an entry of the 課 alone may have one."""
    raw = entry.get("also")
    if raw is None:
        return ()
    name, when = entry["name"], entry["when"]
    texts = raw.get("when")
    if needs or isinstance(entry.get("needs"), dict) or not raw.get("needs") or texts is None:
        raise KetiError(f"{name}: also takes needs and when, on an entry of the 課 alone")
    if isinstance(texts, dict) != isinstance(when, dict) or (isinstance(texts, dict) and set(texts) - set(when)):
        raise KetiError(f"{name}: also's when must name readings of its condition")
    for r, t in (texts.items() if isinstance(texts, dict) else ((None, texts),)):
        compile_when(t, f"{name}/also/{r}")
    also_needs = _check_reading_needs(name, tuple(raw["needs"]), texts)
    return also_needs, (texts if isinstance(texts, dict) else {None: texts})


def chart_facts(day: int, k: int, lessons, t, noble, void, patterns) -> dict[str, Any]:
    """The names a condition reads, for one chart: what its day decides and what its rotation
    decides (each made once and shared: :func:`_day_facts`, :func:`_rotation_facts`), then its
    lessons', 三傳's, 格局's and 貴人's own."""
    return _with_chart(_day_facts(day).copy(), k, lessons, t, noble, void, patterns)


def _with_chart(facts: dict[str, Any], k: int, lessons, t, noble, void, patterns) -> dict[str, Any]:
    """``facts`` (the day's, or a condition environment with them) with the rest of a chart's."""
    facts.update(_rotation_facts(k))
    facts.update(_lesson_facts(lessons, t, void, patterns))
    facts.update(_noble_facts(noble))
    return facts


def _lesson_facts(lessons, t, void, patterns) -> dict[str, Any]:
    ups = tuple(l.upper for l in lessons)
    rels = tuple(l.relation for l in lessons)
    three = t.branches
    n_lessons = len({(l.upper, l.seat) for l in lessons})
    return {
        "gan_up": ups[0], "gan_yin": ups[1], "zhi_up": ups[2],
        "zhi_yin": ups[3], "ups": ups, "chu": three[0], "mid": three[1], "mo": three[2],
        "chuan": three, "n_ke": rels.count("剋"), "n_zei": rels.count("賊"),
        "complete": n_lessons == 4, "n_lessons": n_lessons,
        "method": t.method, "sub": t.sub_method or "", "patterns": tuple(p.name for p in patterns),
        "void": tuple(void),
    }


@lru_cache(maxsize=64)
def _day_facts(day: int) -> dict[str, Any]:
    """The facts of :func:`chart_facts` the day pillar alone decides (60 days; read-only: copied)."""
    from ..plate import JIGONG
    from ..void import xun_branch
    stem, zhi = day % 10, day % 12
    xun = xun_branch(day)
    return {
        "gan": stem, "zhi": zhi, "jigong": JIGONG[stem], "jigong_prev": JIGONG[(stem - 1) % 10], "gan_el": STEM_ELEMENT[stem],
        "yang_day": stem % 2 == 0,
        "xun": xun, "xun_wei": (xun + 9) % 12, "xun_qi": XUN_QI[xun], "xun_ding": (xun + 3) % 12,
        "de": DE[stem], "zhi_de": (zhi + ZHI_DE_STEP) % 12, "lu": LU[stem], "ben": CHANGSHENG[STEM_ELEMENT[stem]],
        "dun": lambda b: (b - xun) % 12 if (b - xun) % 12 < 10 else -1,
    }


@lru_cache(maxsize=16)
def _rotation_facts(k: int) -> dict[str, Any]:
    """The facts of :func:`chart_facts` the rotation ``k`` alone decides (read-only: copied)."""
    return {"k": k, "over": lambda g: (g + k) % 12, "under": lambda s: (s - k) % 12}


#: the facts of a chart that its 貴人 decides: the only ones in which the 晝 and 夜 charts of one 課
#: differ (they share lessons, 三傳, 旬空 and 格局 — ``almanac.liuren.chart``)
NOBLE_FACTS = ("noble", "noble_ground", "shun", "rides")


def _noble_facts(noble) -> dict[str, Any]:
    """The facts of :data:`NOBLE_FACTS` for the 貴人 ``noble``."""
    return {"noble": noble.branch, "noble_ground": noble.ground, "shun": noble.direction == "順",
            "rides": _rides_fn(noble.general_on)}


def _env(facts: dict[str, Any], context: dict[str, Any] | None = None) -> dict[str, Any]:
    env = _BASE_ENV.copy()          # a copy of a built dict: cheaper than merging the two again
    env.update(facts)
    if context:
        env.update(context)
    return env


@lru_cache(maxsize=64)
def _day_env(day: int) -> dict[str, Any]:
    """:data:`_BASE_ENV` with the day's facts (:func:`_day_facts`): what :func:`environment`
    copies for each chart of the day (read-only)."""
    return _env(_day_facts(day))


#: what every condition's environment starts from (constants, functions, an unknown asker's empty
#: 年命 — :data:`ASKER` — and no builtins)
_BASE_ENV: dict[str, Any] = {**CONSTANTS, **FUNCTIONS, **{n: () for n in ASKER}, "__builtins__": {},
                             "_EL": BRANCH_ELEMENT}     # read by :data:`INLINE`'s ``el``


class _Plan:
    """The catalogue under one school: the entries the 課 alone decides (``alone``, compiled as one
    expression giving every condition's truth at once — one evaluation per chart, not one per entry)
    and the entries of the moment (``moment``: those with ``needs``), each split by
    :func:`_split` into parts that read the chart only and parts that read the moment.

    The 晝 and 夜 charts of one 課 differ only in the facts their 貴人 decides (:data:`NOBLE_FACTS`),
    so both the conditions of ``alone`` and the chart parts of the moment's are compiled again in two
    groups — those that read none of those facts (``*_free``: evaluated once per 課,
    :func:`shared_truths`) and the rest (``*_bound``: once per chart) — with ``*_order`` putting
    the two groups' truths back in catalogue order."""

    def __init__(self, options):
        alone, rows, leaves = [], [], []
        for i, d in enumerate(catalogue()):
            reading = getattr(options, d.option, None) if d.option else None
            text = d.condition_text(reading)
            needs = d.needs_of(reading)
            if not needs:
                alone.append((i, frozenset(), d.condition(reading), Keti(d.name, d), text))
                also_needs, also = d.also_of(reading)
                if also is None:
                    continue
                # the clause of the moment names the entry where the 課 alone does not
                needs, text = also_needs, f"not ({text}) and ({also})"
            tree = ast.parse(text, mode="eval").body
            params = tuple(sorted(_read_names(tree)))
            code = _lambda(params, text, d.name)
            first = len(leaves)
            split = _split(tree, leaves)
            rows.append(_MomentRow(i, frozenset(needs), Keti(d.name, d), params,
                                   split, code,
                                   frozenset(needs) | {MOMENT_FUNCTIONS.get(p, p) for p in params},
                                   compile(text, f"<keti {d.name}>", "eval"),
                                   (first, len(leaves))))
        self.alone = tuple(r[:4] for r in alone)
        self.alone_keti = tuple(r[3] for r in alone)
        #: the entries of the 課 alone that read the asker's 年命 (:data:`ASKER`), for :func:`for_asker`
        self.asker = frozenset(r[0] for r in alone if _reads(r[4], ASKER))
        self.alone_all = _all_of(alone)          # the reference: every condition whole (find)
        free = [not _reads_noble(r[4]) for r in alone]
        self.alone_free = _all_of([r for r, f in zip(alone, free) if f], fast=True)
        self.alone_bound = _all_of([r for r, f in zip(alone, free) if not f], fast=True)
        #: where each group's conditions stand among ``alone`` (:func:`of_chart` merges the two)
        self.alone_free_at = tuple(i for i, f in enumerate(free) if f)
        self.alone_bound_at = tuple(i for i, f in enumerate(free) if not f)
        self.alone_free_keti = tuple(self.alone_keti[i] for i in self.alone_free_at)
        self.moment = tuple(rows)
        self.leaf_texts = tuple(leaves)
        self.leaf_fast = tuple(_inline(t) for t in leaves)      # as :func:`_inline` writes them
        self.leaf_codes = tuple(compile(t, "<keti chart part>", "eval") for t in leaves)
        free = [not _reads_noble(t) for t in leaves]
        self.leaves_free = _truths_of([t for t, f in zip(self.leaf_fast, free) if f])
        self.leaves_bound = _truths_of([t for t, f in zip(self.leaf_fast, free) if not f])
        self.leaves_order = _order(free)
        # every entry's state on a chart from the chart parts' truths ``k``: 0 false, 1 true
        # whatever the moment, 2 open — :func:`_truth` written out as and/or over ``k``
        states = ", ".join(_state_text(r.tree) for r in rows)
        self.states_of = eval(compile(f"lambda k: ({states},)", "<keti chart states>", "eval"),  # noqa: S307
                              {"__builtins__": {}})
        #: :meth:`layout` by the states of the moment's entries (charts share a few hundred)
        self.layouts: dict[tuple, tuple] = {}
        #: :meth:`test_code` by an entry and the truths of its chart parts
        self.residuals: dict[tuple, Any] = {}

    def test_code(self, r: "_MomentRow", known: tuple) -> Any:
        """The code of an open entry's test on a chart whose chart parts' truths are ``known``: its
        condition with those parts put in as the chart has them and what they decide left out
        (:func:`_residual`) — a moment tests only what reads the moment (盤珠 on a chart whose 三傳
        stand in its 課 is ``year in (jigong, zhi) + ups and month in … and hour in …``). A
        function of ``r.params`` like ``r.code``'s lambda, true for exactly the same moments; made once per
        entry and truths of its own parts, and shared."""
        lo, hi = r.leaves
        key = (r.index, known[lo:hi])
        code = self.residuals.get(key)
        if code is None:
            text = _residual(r.tree, known, self.leaf_fast)
            code = _code_of(_lambda(r.params, str(text), r.keti.name))
            if len(self.residuals) < _RESIDUALS_PER_SCHOOL:
                self.residuals[key] = code
        return code

    def layout(self, states: tuple) -> tuple:
        """What :class:`ChartMoments` keeps for a chart whose moment entries are in ``states``
        (0 false, 1 true, 2 open; ``states_of``), all but the open rows' tests, which read the
        chart's own environment: ``(picks, key_names, key_set, key_of, empty, tests)``, ``picks`` a
        ``(row, _MomentRow)`` per entry that is not false, ``row`` the finished row where the chart
        alone makes it true, else None. Worked out once per distinct ``states`` and shared."""
        kept = self.layouts.get(states)
        if kept is not None:
            return kept
        picks, keys = [], set()
        for r, state in zip(self.moment, states):
            if state == 1:
                picks.append(((r.needs, r.keti, None, ()), r))
                keys |= r.needs
            elif state:
                picks.append((None, r))
                keys |= r.keys
        names = tuple(n for n in CONTEXT + PERSON if n in keys)
        kept = (tuple(picks), names, frozenset(names),
                # the key of a moment holding every name (as ``_moment_entry`` makes it)
                itemgetter(*names) if len(names) > 1 else None,
                # no entry open but those of a couple (解離, 繁昌): ``ChartMoments.empty``
                all("couple" in r.needs for _, r in picks),
                # ``open_entry_tests`` by the names of a moment and whether it has a couple
                {})
        if len(self.layouts) < _LAYOUTS_PER_SCHOOL:
            self.layouts[states] = kept
        return kept


def _code_of(code: Any) -> Any:
    """The code of the lambda that ``code`` (compiled ``lambda …: …``) makes."""
    return next(c for c in code.co_consts if isinstance(c, CodeType))


def _residual(tree: tuple, known: tuple, leaf_texts: tuple) -> "str | bool":
    """``tree`` (:func:`_split`) as a condition's text with the chart parts whose truths are
    ``known`` put in (a part not known is kept as written) and folded through and/or/not: only
    what the chart leaves to the moment is left (True or False where nothing is). It reads a part
    of the moment wherever the whole condition would, and no part it would not, so it is true
    for the same moments."""
    kind = tree[0]
    if kind == "chart":
        t = known[tree[1]]
        return f"({leaf_texts[tree[1]]})" if t is None else bool(t)
    if kind == "moment":
        return f"({tree[1]})"
    if kind == "not":
        inner = _residual(tree[1], known, leaf_texts)
        return (not inner) if isinstance(inner, bool) else f"(not {inner})"
    return _join([_residual(t, known, leaf_texts) for t in tree[1]], kind)


def _reads_noble(text: str) -> bool:
    """Whether the condition (or part) ``text`` reads a fact the 貴人 decides (:data:`NOBLE_FACTS`)."""
    return _reads(text, NOBLE_FACTS)


def _reads(text: str, names) -> bool:
    """Whether the condition (or part) ``text`` reads one of ``names``."""
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(ast.parse(text, mode="eval")))


def _truths_of(parts: list[str]) -> Any:
    """One compiled expression: the tuple of the truths of the chart parts ``parts``."""
    return compile("(" + "".join(f"not not ({t}),\n" for t in parts) + ")", "<keti chart parts>", "eval")


def _order(free: list[bool]) -> Callable[[tuple], tuple]:
    """A function taking the truths of the ``free`` items followed by those of the others, and
    giving them back in the items' own order."""
    both = [i for i, f in enumerate(free) if f] + [i for i, f in enumerate(free) if not f]
    where = [both.index(i) for i in range(len(free))]
    if len(where) > 1:
        return itemgetter(*where)
    return lambda truths: tuple(truths[j] for j in where)


@dataclass(frozen=True)
class _MomentRow:
    """One entry of the moment under a school: its catalogue index, ``needs``, the 課體, the
    names of the moment its condition reads (``params``: facts of :data:`CONTEXT`/:data:`PERSON`
    and functions of :data:`MOMENT_FUNCTIONS`), its condition as a three-valued tree over the
    chart-only parts (:func:`_split`), and the condition compiled as ``lambda *params: condition``
    (a chart's test is that lambda with what the chart decides taken out, ``_Plan.test_code``,
    bound to the chart's environment, so a moment costs no environment of its own)."""

    index: int
    needs: frozenset
    keti: Keti
    params: tuple[str, ...]
    tree: tuple
    code: Any
    keys: frozenset = frozenset()     # the facts of the moment it needs or reads
    whole: Any = None                 # the condition compiled whole (:func:`find`)
    leaves: tuple[int, int] = (0, 0)  # its chart parts: ``leaf_texts[leaves[0]:leaves[1]]``


def _read_names(tree: ast.AST) -> set[str]:
    """The names of the moment an expression reads (facts and moment functions)."""
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
            and (n.id in CONTEXT or n.id in PERSON or n.id in MOMENT_FUNCTIONS)}


def _lambda(params: tuple[str, ...], text: str, where: str) -> Any:
    return compile(f"lambda {', '.join(params)}: ({text})", f"<keti {where}>", "eval")


def _split(node: ast.AST, leaves: list[str]) -> tuple:
    """``node`` (a condition, or part of one, read for its truth) as a three-valued tree:
    ``("and", parts)``, ``("or", parts)``, ``("not", part)``, ``("chart", leaf index)`` for a part
    that reads nothing of the moment (its text appended to ``leaves``), ``("moment", text)`` for
    one that does (its text as :func:`_inline` writes it: it is only read for its truth). ``all``/``any`` over a generator whose first iterable is ``a + b`` are split into
    the ``all``/``any`` over ``a`` and over ``b`` (``all(p for x in year_etc + chuan)`` becomes
    ``all(p for x in year_etc) and all(p for x in chuan)``, whose second part the chart decides)."""
    if isinstance(node, ast.BoolOp):
        return ("and" if isinstance(node.op, ast.And) else "or",
                tuple(_split(v, leaves) for v in node.values))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ("not", _split(node.operand, leaves))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("all", "any")
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
            and isinstance(node.args[0].generators[0].iter, ast.BinOp)
            and isinstance(node.args[0].generators[0].iter.op, ast.Add)):
        gen = node.args[0]
        first = gen.generators[0]
        parts = []
        for side in (first.iter.left, first.iter.right):
            comp = ast.comprehension(target=first.target, iter=side, ifs=first.ifs, is_async=0)
            parts.append(ast.Call(func=node.func, keywords=[], args=[
                ast.GeneratorExp(elt=gen.elt, generators=[comp, *gen.generators[1:]])]))
        return ("and" if node.func.id == "all" else "or", tuple(_split(p, leaves) for p in parts))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("all", "any")
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
            and len(node.args[0].generators) == 1 and not node.args[0].generators[0].ifs
            and isinstance(node.args[0].generators[0].target, ast.Name)
            and isinstance(node.args[0].generators[0].iter, (ast.Tuple, ast.List))
            and not any(isinstance(n, (ast.comprehension, ast.Lambda)) for n in ast.walk(node.args[0].elt))):
        # all/any over a written tuple: one part per element, the element put for the variable
        name = node.args[0].generators[0].target.id
        parts = tuple(_split(_put(node.args[0].elt, name, e), leaves)
                      for e in node.args[0].generators[0].iter.elts)
        return ("and" if node.func.id == "all" else "or", parts)
    if _read_names(node) or any(isinstance(n, ast.comprehension) and _read_names(n.target)
                                for n in ast.walk(node)):
        return ("moment", _inline(ast.unparse(node)))
    leaves.append(ast.unparse(node))
    return ("chart", len(leaves) - 1)


def _put(node: ast.AST, name: str, value: ast.AST) -> ast.AST:
    """A copy of ``node`` with ``value`` put wherever it reads the variable ``name``."""
    class Put(ast.NodeTransformer):
        def visit_Name(self, n):
            return copy.deepcopy(value) if n.id == name else n
    return ast.fix_missing_locations(Put().visit(copy.deepcopy(node)))


def _truth(tree: tuple, known: tuple) -> bool | None:
    """The truth of ``tree`` given the chart parts' truths ``known`` (None: not known), by the
    three-valued logic of and/or/not: ``None`` where it depends on the moment."""
    kind = tree[0]
    if kind == "chart":
        return known[tree[1]]
    if kind == "moment":
        return None
    if kind == "not":
        t = _truth(tree[1], known)
        return None if t is None else not t
    values = [_truth(t, known) for t in tree[1]]
    stop = kind == "or"                 # the value that decides an or (True) or an and (False)
    if stop in values:
        return stop
    return None if None in values else not stop


def _state_text(tree: tuple) -> str:
    """``0``/``1``/``2`` (false, true, open) of ``tree`` as an expression over the chart parts'
    truths ``k``: where ``true`` and ``false`` of each node are the and/or of its parts'."""
    true, false = _sure(tree)
    if false is True:
        return "0"
    if true is True:
        return "1"
    return (("" if false is False else f"0 if {false} else ")
            + ("2" if true is False else f"1 if {true} else 2"))


def _sure(tree: tuple) -> tuple:
    """``(true, false)``: expressions (or constants) over ``k`` saying the chart alone makes
    ``tree`` true, or false."""
    kind = tree[0]
    if kind == "chart":
        return f"k[{tree[1]}]", f"(not k[{tree[1]}])"
    if kind == "moment":
        return False, False
    if kind == "not":
        true, false = _sure(tree[1])
        return false, true
    parts = [_sure(t) for t in tree[1]]
    trues, falses = [p[0] for p in parts], [p[1] for p in parts]
    if kind == "and":
        return _join(trues, "and"), _join(falses, "or")
    return _join(trues, "or"), _join(falses, "and")


def _join(items: list, op: str):
    """``a op b …`` folded over constants."""
    absorbing, neutral = (False, True) if op == "and" else (True, False)
    if any(x is absorbing for x in items):
        return absorbing
    rest = [x for x in items if x is not neutral]
    if not rest:
        return neutral
    return rest[0] if len(rest) == 1 else "(" + f" {op} ".join(rest) + ")"


@lru_cache(maxsize=64)
def _plan(options) -> _Plan:
    return _Plan(options)


def _all_of(rows, fast: bool = False) -> Any:
    """One compiled expression: the tuple of every row's condition (each already checked by
    :func:`compile_when`, parenthesised so none reaches into another); with ``fast``, each as
    :func:`_inline` writes it (for its truth only)."""
    texts = (_inline(r[4]) if fast else r[4] for r in rows)
    return compile("(" + "".join(f"({t}),\n" for t in texts) + ")", "<keti all>", "eval")


#: the functions a condition may call that are one expression of their argument(s) ``{0}``
#: (``{1}``), as :func:`_inline` puts them in place of the call: the same values as
#: :data:`FUNCTIONS`' (``el`` its table, ``ke``/``sheng`` almanac.cycles' element_overcomes and
#: element_generates) and the chart's ``over``/``under`` (rotation ``k``) for every integer —
#: tests/test_keti_moment.py compares them
INLINE = {
    "el": "_EL[{0}]", "ke": "(({0}) + 2) % 5 == ({1})", "sheng": "(({0}) + 1) % 5 == ({1})",
    "yang": "({0}) % 2 == 0", "meng": "({0}) % 3 == 2", "zhong": "({0}) % 3 == 0",
    "ji": "({0}) % 3 == 1", "chong": "(({0}) + 6) % 12",
    "over": "(({0}) + k) % 12", "under": "(({0}) - k) % 12",
}
#: the names the inlined expressions read or replace: a condition whose comprehension binds one
#: is left as written
_INLINE_READS = frozenset(("_EL", "k", *INLINE, "chuan", "ups"))
#: ``chuan`` and ``ups`` as the chart's facts spell them out (:func:`chart_facts`)
_SPELLED = {"chuan": ("chu", "mid", "mo"), "ups": ("gan_up", "gan_yin", "zhi_up", "zhi_yin")}


def _inline(text: str) -> str:
    """A condition (or chart part) written to be evaluated faster for its truth alone, on a
    chart's environment: ``all``/``any`` over ``chuan``, ``ups`` or a written tuple where its
    truth is read (at the top, under and/or/not) become and/or over their elements, and each
    call of :data:`INLINE` becomes its expression (no generator or function call per test).
    It reads what the condition reads, and no more, so it is true exactly where the condition
    is (the condition as written stays the reference: :func:`find`)."""
    tree = ast.parse(text, mode="eval")
    if any(isinstance(n, ast.comprehension) and not (isinstance(n.target, ast.Name)
                                                     and n.target.id not in _INLINE_READS)
           for n in ast.walk(tree)):
        return text
    body = _Inliner().visit(_unrolled(tree.body))
    return ast.unparse(ast.fix_missing_locations(body))


def _unrolled(node: ast.AST) -> ast.AST:
    """``node``, read for its truth, with ``all``/``any`` over a spelled-out tuple as and/or."""
    if isinstance(node, ast.BoolOp):
        return ast.BoolOp(op=node.op, values=[_unrolled(v) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.UnaryOp(op=node.op, operand=_unrolled(node.operand))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("all", "any")
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
            and len(node.args[0].generators) == 1 and not node.args[0].generators[0].ifs
            and isinstance(node.args[0].generators[0].target, ast.Name)
            and not any(isinstance(n, (ast.comprehension, ast.Lambda)) for n in ast.walk(node.args[0].elt))):
        gen = node.args[0].generators[0]
        if isinstance(gen.iter, ast.Name) and gen.iter.id in _SPELLED:
            elts = [ast.Name(id=n, ctx=ast.Load()) for n in _SPELLED[gen.iter.id]]
        elif isinstance(gen.iter, ast.Tuple) and gen.iter.elts:
            elts = gen.iter.elts
        else:
            return node
        parts = [_unrolled(_put(node.args[0].elt, gen.target.id, e)) for e in elts]
        return parts[0] if len(parts) == 1 else ast.BoolOp(
            op=ast.And() if node.func.id == "all" else ast.Or(), values=parts)
    return node


class _Inliner(ast.NodeTransformer):
    """Each call of :data:`INLINE` as its expression."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        form = INLINE.get(node.func.id) if isinstance(node.func, ast.Name) else None
        if form is None or node.keywords or len(node.args) != form.count("{"):
            return node
        return ast.parse(form.format(*(ast.unparse(a) for a in node.args)), mode="eval").body


def _all_matching(rows, code, env: dict[str, Any]) -> list[tuple[int, Keti]]:
    truth = eval(code, env)  # noqa: S307 — compiled from the checked vocabulary
    return [(row[0], row[3]) for row, yes in zip(rows, truth) if yes]


def find(facts: dict[str, Any], options, context: dict[str, Any] | None = None) -> tuple[Keti, ...]:
    """The 課體 of a chart whose facts are ``facts``, under the school ``options``, each condition
    evaluated whole (the reference :func:`of_moment` must agree with).

    Without ``context`` only the 課體 the 課 alone decides; with it (``{"hour": branch}``, and
    any further names of :data:`CONTEXT`) only those that need it and that it decides.
    """
    plan = _plan(options)
    env = _env(facts, context)
    if not context:
        return tuple(k for _, k in _all_matching(plan.alone, plan.alone_all, env))
    have = frozenset(context)
    return tuple(r.keti for r in plan.moment if r.needs <= have
                 and eval(r.whole, env))  # noqa: S307 — compiled from the checked vocabulary


def for_asker(chart, ming: int | None, nian: int | None) -> tuple[Keti, ...]:
    """The 課體 the 課 alone decides (:func:`of_chart`), read for an asker whose 本命 is ``ming`` and
    行年 ``nian`` (branches; None where not known): the entries that read the 年命 (:data:`ASKER`:
    羅網's 「年命發用」, 合歡's 「占人年命俱乘吉將」, 龍戰's 「人年立卯酉」, 侵害's 「並行年為用」, 刑傷's
    「並行年」) evaluated again with them, the others as the chart has them. ``chart.keti`` itself where nothing changes (as without an asker)."""
    plan = _plan(chart.options)
    keti = chart.keti
    if not plan.asker or (ming is None and nian is None):
        return keti
    env = chart.keti_env.copy()
    env["ming"] = () if ming is None else (ming,)
    env["nian"] = () if nian is None else (nian,)
    held = {k.name for k in keti}
    out = tuple(row[3] for row in plan.alone
                if (eval(row[2], env) if row[0] in plan.asker else row[3].name in held))  # noqa: S307
    return keti if out == keti else out


def environment(chart, twin_env: dict[str, Any] | None = None) -> dict[str, Any]:
    """The names a condition reads for ``chart`` (built once per chart: ``Chart.keti_env``);
    ``twin_env``: that of the other chart of the same 課 (晝 for 夜, built from the same lessons and
    三傳), whose facts but the 貴人's are this chart's too."""
    if twin_env is not None:
        env = twin_env.copy()
        env.update(_noble_facts(chart.noble))
        return env
    return _with_chart(_day_env(chart.day).copy(), chart.k, chart.lessons, chart.transmissions,
                       chart.noble, chart.void, chart.patterns)


def of_chart(chart) -> tuple[Keti, ...]:
    """The 課體 the 課 alone decides (``Chart.keti``: worked out once per chart; the conditions
    that do not read the 貴人 once per 課, :func:`shared_truths`)."""
    plan = _plan(chart.options)
    free = chart.keti_shared[0]
    if free is None:                # one of them fails: as it does evaluated whole
        return tuple(k for _, k in _all_matching(plan.alone, plan.alone_all, chart.keti_env))
    bound = eval(plan.alone_bound, chart.keti_env)  # noqa: S307 — the few that read the 貴人
    if not any(bound):              # the usual case: the rows of the 課's that hold, in order
        return tuple(compress(plan.alone_free_keti, free))
    held = sorted((*compress(plan.alone_free_at, free), *compress(plan.alone_bound_at, bound)))
    return tuple(map(plan.alone_keti.__getitem__, held))


def shared_truths(chart) -> tuple[tuple, tuple | None]:
    """What the 晝 and 夜 charts of ``chart``'s 課 share for their 課體 (``Chart.keti_shared``, once
    per 課): the truths of the conditions of the 課 alone that read nothing of the 貴人, and of the
    chart parts of the moment's conditions that read nothing of it; None where one of a group fails
    (a chart part evaluated out of its short-circuit: :class:`ChartMoments` then takes each part
    alone)."""
    plan = _plan(chart.options)
    env = chart.keti_env
    out = []
    for code in (plan.alone_free, plan.leaves_free):
        try:
            out.append(eval(code, env))  # noqa: S307 — compiled from the checked vocabulary
        except Exception:  # noqa: BLE001 — of_chart and ChartMoments evaluate them otherwise
            out.append(None)
    return out[0], out[1]


class ChartMoments:
    """The entries of the moment that can still be true on one chart (``Chart.keti_moment``, built
    once per chart): ``rows`` are ``(needs, Keti, test, params)`` in catalogue order, ``test``
    ``None`` where the chart alone makes the entry true, else the condition as a function of
    ``params`` (the facts of the moment it reads) bound to the chart's environment. A moment costs
    the tests of the open rows only, and its answer is kept by which rows hold (``kept``: a chart
    has a handful of distinct answers), so the JSON and views built of it are shared by every
    moment with that answer; which rows hold is itself kept by the values of the facts the open
    rows read (``key_names``; ``by_values``, at most :data:`_MOMENTS_PER_CHART`), so a moment met
    again costs one look-up. A chart keeps of its own only the open rows' functions (``fns``,
    each made when a moment first asks for it: a day's moments never ask for a couple's); the
    rest is its ``layout``, shared by every chart whose entries are true, false and open alike
    (a cold year's charts are fewer objects for the collector to walk)."""

    __slots__ = ("layout", "plan", "env", "known", "fns", "kept", "empty", "key_names", "key_set",
                 "key_of", "by_values", "by_hour", "tests")

    def __init__(self, chart):
        plan = _plan(chart.options)
        env = chart.keti_env
        free = chart.keti_shared[1]
        try:
            if free is None:
                raise LookupError
            known = plan.leaves_order(free + eval(plan.leaves_bound, env))  # noqa: S307
            states = plan.states_of(known)
        except Exception:  # noqa: BLE001 — a part evaluated beyond its guard: left to the moment
            known = _chart_parts(plan, env)
            states = [{False: 0, True: 1, None: 2}[_truth(r.tree, known)] for r in plan.moment]
        #: what charts with these states share (``_Plan.layout``): all but the open rows' tests
        self.layout = layout = plan.layout(tuple(states))
        picks, self.key_names, self.key_set, self.key_of, empty, _ = layout
        #: the chart's environment and its chart parts' truths, which its open rows' tests read
        self.plan, self.env, self.known = plan, env, tuple(known)
        #: each open row's test once made (:meth:`fn`), else None
        self.fns: list = [None] * len(picks)
        self.by_values: dict[tuple, list] = {}
        #: the JSON of the answers of a bare 占時 (textbook charts), by hour: at most 12
        self.by_hour: dict[int, list] = {}
        self.kept: dict[int, list] = {}
        #: the one answer of a chart that leaves no entry open but those of a couple (解離, 繁昌:
        #: open on every chart, true only when a couple is given) for a moment without a couple
        self.empty = [(), _EMPTY_JSON, {}] if empty else None
        #: ``(names, couple, held, tests)``: the rows a moment of those names, with or without a couple,
        #: can hold (``open_entry_tests``), for the ones last asked with — a day asks all its hours alike
        self.tests: tuple | None = None

    def fn(self, i: int) -> Callable | None:
        """The test of row ``i`` (None where the chart alone makes it true): its condition
        (``_Plan.test_code``) as a function bound to the chart's environment (made from the
        lambda's code directly, as ``eval`` of the lambda would make it), made on first use."""
        f = self.fns[i]
        if f is None:
            row, r = self.layout[0][i]
            if row is not None:
                return None
            f = self.fns[i] = FunctionType(self.plan.test_code(r, self.known), self.env)
        return f

    @property
    def rows(self) -> tuple:
        """``(needs, Keti, test, params)`` of each entry the chart leaves true or open, in catalogue
        order: ``test`` None where the chart alone makes it true (then ``params`` is empty)."""
        return tuple([row if row is not None else (r.needs, r.keti, self.fn(i), r.params)
                      for i, (row, r) in enumerate(self.layout[0])])


def open_entry_tests(cm: ChartMoments, have: frozenset, couple: bool) -> tuple:
    """The rows of ``cm`` a moment with the names ``have`` can hold, as ``(held, tests)``: ``held``
    the bits of the rows the chart alone makes true, ``tests`` a ``(bit, i, name, getter)`` per
    open row, whose test ``cm.fn(i)`` is called with ``context[name]`` (one fact read) or
    ``*getter(context)``. Without a ``couple`` a couple's
    entries (解離, 繁昌: true only when one is given, as ``ChartMoments.empty`` reads them) are left
    out. Worked out once per chart layout and set of names (shared by the charts of that layout),
    so a new moment costs only its tests."""
    specs = cm.layout[5]
    out = specs.get((have, couple))
    if out is not None:
        return out
    held, rows = 0, []
    for i, (row, r) in enumerate(cm.layout[0]):
        if r.needs <= have and (couple or "couple" not in r.needs):
            if row is not None:
                held |= 1 << i
                continue
            one = r.params[0] if len(r.params) == 1 else None
            get = itemgetter(*r.params) if len(r.params) > 1 else None
            rows.append((1 << i, i, one, get))
    out = (held, tuple(rows))
    if len(specs) < _SPECS_PER_LAYOUT:
        specs[(have, couple)] = out
    return out


def _chart_parts(plan: _Plan, env: dict[str, Any]) -> tuple:
    """The truth of every chart-only part of the moment's conditions on the chart ``env``, each
    evaluated alone; a part that fails alone (out of its short-circuit) is not known."""
    out = []
    for code in plan.leaf_codes:
        try:
            out.append(bool(eval(code, env)))  # noqa: S307 — checked vocabulary
        except Exception:  # noqa: BLE001
            out.append(None)
    return tuple(out)


_EMPTY_JSON = freeze([])
#: distinct states of the moment's entries a school keeps the layout of (``_Plan.layout``): the
#: 1,440 charts of the default school have a few hundred
_LAYOUTS_PER_SCHOOL = 4096
#: sets of names (with or without a couple) a layout keeps the tests of (``open_entry_tests``)
_SPECS_PER_LAYOUT = 16
#: open entries' tests a school keeps the code of, by entry and its chart parts' truths
#: (``_Plan.test_code``: the default school's charts make ≈ 1,500)
_RESIDUALS_PER_SCHOOL = 8192
_ABSENT = object()
#: moments (by the values of the facts a chart's open entries read) a chart keeps the answer of
_MOMENTS_PER_CHART = 64


def _moment_entry(chart, context: dict[str, Any], have: frozenset | None = None) -> list:
    """``[課體, JSON or None, views]`` of the moment ``context`` (the 占時 ``hour`` and what else is
    known; ``have``: its names, when the caller has them) on ``chart``: the open rows tested, the
    answer kept with the chart by which hold."""
    cm = chart.keti_moment
    if cm.empty is not None and not context.get("couple"):
        return cm.empty
    if have is not None and cm.key_of is not None and cm.key_set <= have:
        key = cm.key_of(context)                 # the same tuple, at C speed
    else:
        key = tuple([context.get(n, _ABSENT) for n in cm.key_names])
    entry = cm.by_values.get(key)
    if entry is not None:
        return entry
    if have is None:
        have = frozenset(context)
    couple = bool(context.get("couple"))
    tests = cm.tests
    if tests is None or tests[1] is not couple or tests[0] != have:
        held, rows = open_entry_tests(cm, have, couple)
        for _, i, _, _ in rows:
            cm.fn(i)                             # each test these names ask for, made once
        tests = cm.tests = (have, couple, held, rows)
    held = tests[2]
    fns = cm.fns
    for bit, i, one, get in tests[3]:
        test = fns[i]
        if test(context[one]) if one is not None else test(*get(context)) if get is not None else test():
            held |= bit
    entry = cm.kept.get(held)
    if entry is None:
        found = tuple([r.keti for i, (_, r) in enumerate(cm.layout[0]) if held >> i & 1])
        entry = cm.kept[held] = [found, None if found else _EMPTY_JSON, {}]
    if len(cm.by_values) >= _MOMENTS_PER_CHART:
        cm.by_values.clear()
    cm.by_values[key] = entry
    return entry


def of_moment(chart, hour: int, more: dict[str, Any] | None = None) -> tuple[Keti, ...]:
    """The 課體 of ``chart`` that need the 占時 ``hour`` (天網 …), for charts cast at an hour, and
    with ``more`` (further names of :data:`CONTEXT`: month, year, 年命 …) those that need them, in
    catalogue order. Each chart keeps the entries its own facts leave open (``Chart.keti_moment``)
    and its answers (shared, read-only) by which of those hold."""
    return _moment_entry(chart, {**more, "hour": hour} if more else {"hour": hour})[0]


def moment_json(chart, hour: int, more: dict[str, Any] | None = None) -> list:
    """``of_moment(chart, hour, more)`` as JSON (``keti_hour``): read-only, built once per chart and
    moment and shared (``almanac.shared.thaw`` it to change it)."""
    if not more:
        hit = chart.keti_moment.by_hour.get(hour)
        if hit is not None:
            return hit
    entry = _moment_entry(chart, {**more, "hour": hour} if more else {"hour": hour})
    if entry[1] is None:
        entry[1] = freeze([k.to_json() for k in entry[0]])
    if not more:
        chart.keti_moment.by_hour[hour] = entry[1]
    return entry[1]


def moment_view(chart, hour: int, more: dict[str, Any] | None, name: str, build: Callable) -> Any:
    """``build(chart, of_moment(chart, hour, more))`` — a read-only value that depends on nothing
    else — kept under ``name`` with the chart's answer for the moment, so every moment with that
    answer (most of a chart's moments share one) gets the same value."""
    return moment_view_at(chart, {**more, "hour": hour} if more else {"hour": hour}, name, build)


def moment_view_at(chart, context: dict[str, Any], name: str, build: Callable,
                   have: frozenset | None = None) -> Any:
    """:func:`moment_view` for a whole moment ``context`` (:func:`moment`'s dict with the 占時
    ``hour`` in it; ``have``: ``frozenset(context)``, for a caller asking many charts with
    contexts of the same names — the hours of a day)."""
    entry = _moment_entry(chart, context, have)
    views = entry[2]
    view = views.get(name)
    if view is None:
        view = views[name] = build(chart, entry[0])
    return view


def citation(name: str, lang: str) -> str:
    """The citation of the 課體 ``name`` for a reader of ``lang``: a seed paragraph or a book's
    sentence, the title in that language."""
    from ...sources import citation as seed_citation
    d = next(d for d in catalogue() if d.name == name)
    return d.source.citation(lang) if isinstance(d.source, KetiSource) else seed_citation(d.source, lang)


def korean(name: str) -> str:
    """``중심(重審)``: the Korean reading with the hanja beside it, as a Korean reader expects."""
    return shown_name(name, "ko") or name


def shown_name(name: str, lang: str) -> str:
    """The 課體 (or 課法: the 九宗門 are 課體 too) ``name`` as a reader of ``lang`` meets it:
    ``중심(重審)`` in ko, ``Double Review (重審)`` in en; "" for a name outside the catalogue or
    a language that reads the characters themselves (almanac.terms.term reads :func:`shown_table`)."""
    return shown_table().get((name, lang), "")


def names() -> tuple[str, ...]:
    """Every 課體 name the catalogue can report, in its order (:func:`catalogue_names`)."""
    return tuple(n for n, *_ in catalogue_names())

