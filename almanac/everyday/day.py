"""The everyday facts of a day as JSON: 建除, 黃道/黑道 of the day and of its hours, 손 and its
direction, 沖 and 煞, the year's 太歲, 三煞 and 大將軍, the gods and their 宜/忌 — and the
``[everyday]`` options that choose between the sources' schools.

>>> from almanac.cycles import GanZhi
>>> f = day_facts(month_branch=11, day=GanZhi.parse("丁未"), year_branch=6, lunar_day=21)
>>> f["jianchu"], f["huangdao"], f["son"], f["chong"]["pillar"], f["sha"]
('成', {'god': '明堂', 'kind': '黃道'}, {'free': False, 'direction': '東', 'lunar_day': 21}, '辛丑', '西')
"""
from __future__ import annotations

from functools import lru_cache

from ..cycles import BRANCHES
from ..errors import BadInput
from ..shared import FrozenDict, FrozenList
from . import chongsha, huangdao, jianchu, shensha, son
from .directions import DIRECTIONS

#: ``[everyday]`` options and the values each accepts (config/default.toml)
OPTIONS = {"son_calendar": son.CALENDARS, "son_order": son.ORDERS,
           "huangdao_month": huangdao.MONTH_BASES}


def options(cfg) -> tuple[str, str, str]:
    """``(son_calendar, son_order, huangdao_month)`` of a configuration, checked."""
    sec = cfg.get("everyday") or {}
    out = []
    for key, accepted in OPTIONS.items():
        v = sec.get(key, accepted[0])
        if v not in accepted:
            raise BadInput(f"config option 'everyday.{key}' is {v!r}; accepted: {', '.join(accepted)}",
                           zh=f"設定選項 'everyday.{key}' 無效：{v!r}（可用：{'、'.join(accepted)}）",
                           ko=f"설정 옵션 'everyday.{key}' 값이 올바르지 않습니다: {v!r} (가능한 값: {', '.join(accepted)})")
        out.append(v)
    return tuple(out)


def dir_zh(key: str | None) -> str | None:
    return None if key is None else DIRECTIONS[key].zh


def day_facts(*, month_branch: int, day, year_branch: int, lunar_day: int,
              lunar_month: int | None = None, son_order: str = "eswn",
              huangdao_month: str = "jie") -> dict:
    """The everyday facts of a day as JSON: ``month_branch`` the 節 month's branch, ``day`` its
    pillar (a ``GanZhi``), ``year_branch`` the 立春 year's, ``lunar_day`` (and ``lunar_month``)
    the lunar date 손 is read on."""
    hd_base = month_branch
    if huangdao_month == "lunar" and lunar_month is not None:
        hd_base = huangdao.lunar_month_branch(lunar_month)
    return _day_facts(month_branch, day.stem, day.branch, year_branch, lunar_day, hd_base, son_order)


@lru_cache(maxsize=4096)
def _day_facts(mb: int, ds: int, db: int, yb: int, lunar_day: int, hd_base: int, order: str) -> dict:
    god = huangdao.day_god(hd_base, db)
    sansha_dir, sansha_branches = chongsha.sansha(yb)
    djj_dir, djj_branch = chongsha.dajiangjun(yb)
    gods = shensha.gods(mb, ds, db)
    yi, ji = shensha.acts(gods)
    return FrozenDict({
        "jianchu": jianchu.name(mb, db),
        "huangdao": _hd_view(god),
        "son": FrozenDict({"free": son.free(lunar_day),
                           "direction": dir_zh(son.direction(lunar_day, order)),
                           "lunar_day": lunar_day}),
        "chong": FrozenDict(chongsha.chong(ds, db)),
        "sha": dir_zh(chongsha.sha_direction(db)),
        "year": FrozenDict({
            "taisui": BRANCHES[yb],
            "sansha": FrozenDict({"direction": dir_zh(sansha_dir), "branches": sansha_branches}),
            "dajiangjun": FrozenDict({"direction": dir_zh(djj_dir), "branch": djj_branch})}),
        "gods": FrozenList(gods),
        "yi": FrozenList(yi),
        "ji": FrozenList(ji),
    })


@lru_cache(maxsize=None)
def _hd_view(god: str) -> dict:
    return FrozenDict({"god": god, "kind": huangdao.kind(god)})


@lru_cache(maxsize=None)
def hour_huangdao(day_branch: int) -> tuple:
    """The twelve hours' ``{god, kind}`` (子 … 亥) of a day of ``day_branch`` (shared, read-only)."""
    return tuple(_hd_view(huangdao.hour_god(day_branch, b)) for b in range(12))
