"""What a 課體 condition reads: a chart's facts (:func:`chart_facts`) and its condition environment
(:func:`environment`, built once per chart from what its day, its rotation and its 貴人 decide,
each made once and shared), and what a moment adds to them (:func:`moment`: the 月建, 太歲, 月將,
the day's marks, the asker's 年命, a couple's 行年, and the functions of the moment they make)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from ...cycles import BRANCH_ELEMENT, STEM_ELEMENT
from .. import shensha
from ..generals import GENERALS
from .vocabulary import ASKER, CHANGSHENG, CONSTANTS, DE, FUNCTIONS, LU, XUN_QI, ZHI_DE_STEP


@lru_cache(maxsize=256)
def _rides_fn(on: tuple[int, ...]) -> Callable[[int], str]:
    """``rides`` of a chart whose generals stand ``on`` the sky branches (one per 貴人's place and
    direction: shared by every chart with them)."""
    return lambda b: GENERALS[on[b]]


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


def _noble_facts(noble) -> dict[str, Any]:
    """The facts of :data:`NOBLE_FACTS` for the 貴人 ``noble``."""
    return {"noble": noble.branch, "noble_ground": noble.ground, "shun": noble.direction == "順",
            "rides": _rides_fn(noble.general_on)}


def condition_env(facts: dict[str, Any], context: dict[str, Any] | None = None) -> dict[str, Any]:
    env = BASE_ENV.copy()          # a copy of a built dict: cheaper than merging the two again
    env.update(facts)
    if context:
        env.update(context)
    return env


@lru_cache(maxsize=64)
def _day_env(day: int) -> dict[str, Any]:
    """:data:`BASE_ENV` with the day's facts (:func:`_day_facts`): what :func:`environment`
    copies for each chart of the day (read-only)."""
    return condition_env(_day_facts(day))


#: what every condition's environment starts from (constants, functions, an unknown asker's empty
#: 年命 — :data:`ASKER` — and no builtins)
BASE_ENV: dict[str, Any] = {**CONSTANTS, **FUNCTIONS, **{n: () for n in ASKER}, "__builtins__": {},
                             "_EL": BRANCH_ELEMENT}     # read by :data:`INLINE`'s ``el``


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
