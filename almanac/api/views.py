"""The one shape of each view an hour's JSON is made of — its 禽 object, its flags, its 六壬
summary — shared, read-only, by the hours made from their facts (``api.days``) and by the rows and
charts of the shipped tables (``api.hour_table``), which both import them from here.
"""
from __future__ import annotations

from functools import lru_cache

from ..cycles import BRANCHES
from ..qin import taboos
from ..shared import FrozenDict, FrozenList, freeze


def _general(m, side: str | None = None) -> dict:
    out = {"mansion": m.char, "name": m.name}
    if side is not None:
        out["side"] = side
    return out


def qin_turned_view(q) -> dict:
    """The hour's 禽 object: what its 時禽, 氣將 and branch decide (shared: read-only)."""
    return qin_view(q.mansion, q.fanqin, q.fan_side, q.daojiang, q.dao_side, q.huoyao, q.palace,
                    [situation_view(s) for s in q.situations], q.anjin_fanqin_ok)


def qin_view(m, fanqin, fan_side: str, daojiang, dao_side: str, huoyao, palace: str | None,
             situations: list, anjin_fanqin_ok: bool) -> dict:
    """The hour's 禽 object of its 時禽 ``m``, 番禽, 到將 and 活曜 (mansions) with their sides, the
    palace where it lands, its situations' views (a read-only list is kept as it is, not copied)
    and the 番禽's 暗金 exception: the one shape
    of it, for an hour's fact set (:func:`qin_turned_view`) and for the shipped table's rows
    (``almanac.api.hour_table``)."""
    return FrozenDict({
        "name": m.name, "luminary": m.luminary, "class": m.qin_class,
        "fanqin": general_view(fanqin, fan_side),
        "daojiang": general_view(daojiang, dao_side),
        "huoyao": general_view(huoyao), "palace": palace,
        "situations": situations if type(situations) is FrozenList else FrozenList(situations),
        "anjin_fanqin_ok": anjin_fanqin_ok})


@lru_cache(maxsize=None)
def flags_view(*values: bool) -> dict:
    """An hour's flags: each hour taboo of the registry (``qin.taboos.TABOOS``) by its id, in its
    order, with ``values`` (read-only, one per set of values)."""
    return FrozenDict(taboos.interned("hour", values))


def general_view(m, side: str | None = None) -> dict:
    """A 禽 and its side as read-only JSON: one per mansion and side (looked up three times for
    every new hour fact set, so by the mansion's number rather than its dataclass hash)."""
    key = (m.index, side)
    view = _GENERAL_VIEWS.get(key)
    if view is None:
        view = _GENERAL_VIEWS[key] = freeze(_general(m, side))
    return view


_GENERAL_VIEWS: dict[tuple[int, str | None], dict] = {}


@lru_cache(maxsize=4096)
def situation_view(s) -> dict:
    return freeze(s.to_json())


def liuren_built(c, moment_keti) -> dict:
    """The hour's 六壬 summary: the chart's and the moment's own 課體. Built once per chart and
    answer of the moment's 課體 (``keti.moment_view_at``: the moments of a chart mostly share one)
    and shared (read-only)."""
    base = c.__dict__.get("_day_hour_base")
    if base is None:
        base = c.__dict__["_day_hour_base"] = (
            FrozenList([BRANCHES[b] for b in c.transmissions.branches]),
            FrozenList([p.name for p in c.patterns]))
    return liuren_view(base[0], c.method, c.transmissions.sub_method, base[1],
                       [x.name for x in c.keti + moment_keti], c.night)


def liuren_view(transmissions, method: str, sub_method, patterns, keti: list, night: bool) -> dict:
    """The hour's 六壬 summary of a chart's 三傳 and 格局 (read-only lists, shared by the chart's
    views), 課法, the names of its and the moment's 課體 and 晝/夜: the one shape of it, for a
    chart (:func:`liuren_built`) and for the shipped table's (``almanac.api.hour_table``)."""
    return FrozenDict({
        "transmissions": transmissions,
        "method": method,
        "sub_method": sub_method,
        "patterns": patterns,
        "keti": FrozenList(keti),
        "noble": "night" if night else "day",
    })


def qin_row(q) -> tuple:
    """What an hour's JSON reads of its fact set, kept with it (``fact_view``): pillar, 時禽, the
    flags and the 禽 object (``api.days._hour_json``'s)."""
    return (str(q.pillar), q.mansion.char, flags_view(*q.flags.values()),
            q.shared_view("day.hour.qin", qin_turned_view, turned=True))
