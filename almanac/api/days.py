"""``api.day``: one almanac day as the JSON-ready dict of ``almanac day --json``.

>>> d = day("2026-11-29", tz="Asia/Shanghai")
>>> d["pillars"], d["qin"]["name"], d["yuejiang"], len(d["hours"])
({'year': '丙午', 'month': '己亥', 'day': '丁未'}, '昴日雞', '寅', 12)
>>> day("2026-02-30")
Traceback (most recent call last):
...
almanac.errors.BadInput: '2026-02-30' is not a valid date (YYYY-MM-DD, e.g. 2026-11-29)
"""
from __future__ import annotations

from datetime import timedelta
from functools import lru_cache

from almanac import config as _config

from .. import calendar as cal
from ..cycles import BRANCHES, ELEMENTS
from ..hours import Options, civil_day_span, hour_inputs, season_marks
from ..liuren.daymarks import day_marks
from ..liuren.keti import moment, moment_view_at
from ..qin import day_qin
from ..qin.hour import cycle_key
from . import hour_table
from .choices import describe, load, lunar_json
from ..shared import FrozenDict, FrozenList, freeze


def resolve(date, tz, config, place=None, clock=None, lunar=None, school=None):
    """``(date, ZoneInfo, Config)`` from the API's loose arguments, or bad input."""
    cfg = load(config, place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    z = cal.zone(tz or cfg["calendar"]["default_tz"])
    d = cal.parse_date(date, today_in=z)        # today, 내일, 明天 … in the day's zone
    return d, z, cfg


@lru_cache(maxsize=64)
def _options_hash(cfg) -> str:
    """The hash of the sections a day depends on (a Config is immutable, so once per config)."""
    return cfg.section_hash("calendar", "qin", "liuren")


def _general(m, side: str | None = None) -> dict:
    out = {"mansion": m.char, "name": m.name}
    if side is not None:
        out["side"] = side
    return out


def _boundaries(hours) -> list[tuple[str, str]]:
    """The (start, end) ISO texts of each hour; an hour that ends where the next one starts
    shares its instant, written once."""
    out = []
    starts = [h.slot.start.isoformat() for h in hours]
    for i, h in enumerate(hours):
        nxt = hours[i + 1].slot.start if i + 1 < len(hours) else None
        out.append((starts[i], starts[i + 1] if h.slot.end is nxt else h.slot.end.isoformat()))
    return out


def _hour_json(h, start: str, end: str, context: dict, have: frozenset) -> dict:
    q = h.qin
    return {
        "branch": BRANCHES[h.slot.branch],
        "start": start,
        "end": end,
        "pillar": str(q.pillar),
        "mansion": q.mansion.char,
        "yuejiang": BRANCHES[h.yuejiang],
        # shared, read-only pieces: one per set of flags, one per 時禽, 氣將, branch and seasonal
        # situations (not a view per hour fact set: a cold day meets ≈ 8 new fact sets, and a view
        # of each would be built once and kept for the four values read off the fact set here)
        "flags": _flags_view(q.anjin, q.fuduan, q.jielu, q.jielu_strict),
        "qin": q.shared_view("day.hour.qin", _qin_turned_view, turned=True),
        "liuren": moment_view_at(h.chart, context, "day.hour", _liuren_built, have),
    }


def _qin_turned_view(q) -> dict:
    """The hour's 禽 object: what its 時禽, 氣將 and branch decide (shared: read-only)."""
    return qin_view(q.mansion, q.fanqin, q.fan_side, q.daojiang, q.dao_side, q.huoyao, q.palace,
                    [_situation_view(s) for s in q.situations], q.anjin_fanqin_ok)


def qin_view(m, fanqin, fan_side: str, daojiang, dao_side: str, huoyao, palace: str | None,
             situations: list, anjin_fanqin_ok: bool) -> dict:
    """The hour's 禽 object of its 時禽 ``m``, 番禽, 到將 and 活曜 (mansions) with their sides, the
    palace where it lands, its situations' views (a read-only list is kept as it is, not copied)
    and the 番禽's 暗金 exception: the one shape
    of it, for an hour's fact set (:func:`_qin_turned_view`) and for the shipped table's rows
    (``almanac.api.hour_table``)."""
    return FrozenDict({
        "name": m.name, "luminary": m.luminary, "class": m.qin_class,
        "fanqin": _general_view(fanqin, fan_side),
        "daojiang": _general_view(daojiang, dao_side),
        "huoyao": _general_view(huoyao), "palace": palace,
        "situations": situations if type(situations) is FrozenList else FrozenList(situations),
        "anjin_fanqin_ok": anjin_fanqin_ok})


@lru_cache(maxsize=None)
def _flags_view(anjin: bool, fuduan: bool, jielu: bool, jielu_strict: bool) -> dict:
    return FrozenDict({"anjin": anjin, "fuduan": fuduan, "jielu": jielu, "jielu_strict": jielu_strict})


def _general_view(m, side: str | None = None) -> dict:
    """A 禽 and its side as read-only JSON: one per mansion and side (looked up three times for
    every new hour fact set, so by the mansion's number rather than its dataclass hash)."""
    key = (m.index, side)
    view = _GENERAL_VIEWS.get(key)
    if view is None:
        view = _GENERAL_VIEWS[key] = freeze(_general(m, side))
    return view


_GENERAL_VIEWS: dict[tuple[int, str | None], dict] = {}


@lru_cache(maxsize=4096)
def _situation_view(s) -> dict:
    return freeze(s.to_json())


def _moments(months: list[tuple[int, int]], years: list[int], marks: dict) -> list[dict]:
    """The moment of each hour for its 課體 without its 占時 (``keti.moment`` of its 月建, 太歲 and
    月將 — ``months`` gives each hour's 月建 and 月將, ``years`` its 太歲 — and the day's marks:
    四立, 分至, 月宿, 四正), 子 … 亥: made once per (月建, 太歲, 月將) of the day, one on most days,
    and shared by its hours. All have the same names (the day's marks are the same all day)."""
    if months[0] == months[11] and years[0] == years[11]:
        # no term within the day (a 節 and a 中氣 are a fortnight apart: the 月建, 月將 and 太歲
        # that hold at both ends hold throughout): one moment
        (month, yj), y = months[0], years[0]
        return [moment(month, y, yj, **marks)] * 12
    made: dict[tuple, dict] = {}
    out = []
    for (month, yj), y in zip(months, years):
        key = (month, y, yj)
        base = made.get(key)
        if base is None:
            base = made[key] = moment(*key, **marks)
        out.append(base)
    return out


def _liuren_built(c, moment_keti) -> dict:
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
    chart (:func:`_liuren_built`) and for the shipped table's (``almanac.api.hour_table``)."""
    return FrozenDict({
        "transmissions": transmissions,
        "method": method,
        "sub_method": sub_method,
        "patterns": patterns,
        "keti": FrozenList(keti),
        "noble": "night" if night else "day",
    })


def with_lang(doc: dict, lang) -> dict:
    """A day document with ``lang``, ``qin.readable_citations`` and ``qin.readable_situations``
    (each situation's ``text`` of the day's and the hours' 禽, as that reader reads it) in that
    language."""
    from ..lang import check_lang
    from ..sources import citation
    from ..terms import situation_text
    lg = check_lang(lang)
    doc["lang"] = lg
    cites = doc.get("qin", {}).get("citations") or {}
    doc["qin"]["readable_citations"] = {k: citation(v, lg) for k, v in cites.items()}
    texts = [s["text"] for s in doc.get("qin", {}).get("situations") or []]
    texts += [s["text"] for h in doc.get("hours") or [] for s in (h.get("qin") or {}).get("situations") or []]
    doc["qin"]["readable_situations"] = {t: situation_text(t, lg) for t in dict.fromkeys(texts)}
    return doc


def day(date, tz=None, config=None, *, lang=None, place=None, clock=None, lunar=None,
        school=None) -> dict:
    """The almanac day ``date`` (a ``datetime.date`` or ``YYYY-MM-DD``) in zone ``tz``.

    With ``lang`` the answer adds ``lang`` and ``qin.readable_citations``: each fact's citation for
    people (the book's title and opening words) in that language. ``place``, ``clock``, ``lunar``
    and ``school`` are the request's own choices (``almanac.api.choices``); ``tz`` defaults to the
    place's zone, then the config's.
    """
    if lang is not None:
        return with_lang(day(date, tz, config, place=place, clock=clock, lunar=lunar, school=school),
                         lang)
    return _day(date, tz, config, place, clock, lunar, school)


def day_to_judge(date, tz=None, config=None) -> dict:
    """``day(date, tz, config)`` for a caller about to judge the day (the store's precompute).
    It used to make the hours from ``almanac_hours``' ``Hour`` objects, whose charts' moment
    entries the judgements then found worked out; since the judgements read a moment's 課體
    from the same shipped table as ``api.day`` (``liuren.moment_table``), it is ``day``'s
    answer made the same way (2026-12-07)."""
    return _day(date, tz, config, None, None, None, None)


def _day(date, tz, config, place, clock, lunar, school) -> dict:
    d, z, cfg = resolve(date, tz, config, place, clock, lunar, school)
    opts = Options.from_config(cfg)
    start, end = civil_day_span(d, z)
    # in UTC once (each look-up below reads them so: a zone's instant is converted every time)
    noon = (start + _HALF_DAY).astimezone(cal.UTC)
    # Day-level pillars are those in force at the end of the civil day, so the day on which a 節
    # falls already belongs to the new month (as almanacs print it); the hours carry their own.
    last = (end - _ONE_SECOND).astimezone(cal.UTC)
    month = cal.month_pillar_at(last)
    dq = day_qin(d, opts.qin, season=season_marks(noon)).to_json()
    marks = day_marks(d, z, opts.calendar, opts.liuren.keti_yuesu)     # 天禍 天寇 二煩 read them: 四立 分至 月宿 四正
    lunar, lunar_calendar = lunar_json(d, z.key, cfg)
    return {
        "date": d.isoformat(),
        "tz": z.key,
        "pillars": {"year": str(cal.year_pillar_at(last)), "month": str(month),
                    "day": str(cal.day_pillar(d))},
        "lunar": lunar,
        "lunar_calendar": lunar_calendar,
        "solar_terms": [{"name": t.name, "at": t.at.astimezone(z).isoformat()}
                        for t in cal.terms_between(start, end)],
        "yuejiang": BRANCHES[cal.yuejiang_at(noon)],
        "qin": dq["qin"],
        "flags": dq["flags"],
        "season": {"element": ELEMENTS[cal.season_element(month.branch)],
                   "strengths": cal.strengths(month.branch)},
        "options": _options_hash(cfg),
        **describe(cfg, opts.calendar),
        "hours": _hours_json(d, z, opts, marks),
    }


def _hours_json(d, z, opts: Options, marks: dict) -> list[dict]:
    """The ``hours`` of day ``d`` in zone ``z``, read straight into JSON: no ``Hour``,
    ``HourSlot`` or ``HourQin`` is made (the judgements and the store still get them from
    ``almanac_hours``; a day's are not kept for it). It shares with :func:`_hours_json_of` — the
    same hours from ``almanac_hours``, kept as the reference ``tests/test_day_paths.py`` compares
    it with — everything but the objects: the boundaries (``cal.day_boundaries``: those
    ``day_hours`` makes its slots of, in UTC, and their texts), each hour's marks, 月建, 月將,
    晝/夜 and chart (``hours.hour_inputs``), its 禽 row and 六壬 view (the shipped tables' under
    the default school, else the cycle tables' and the charts')."""
    instants, texts = cal.day_boundaries(d, z, opts.calendar)          # instants in UTC
    inputs = hour_inputs(instants, opts)
    moments = _moments([(i[1], i[2]) for i in inputs], _years(instants), marks)
    liuren = hour_table.charts_of(opts.liuren).day_views(cal.day_pillar(d).index, inputs, moments)
    rows = hour_table.rows_of(opts.qin).day_rows(inputs, cycle_key(d))
    return [{"branch": BRANCHES[b], "start": texts[b], "end": texts[b + 1], "pillar": pillar,
             "mansion": mansion, "yuejiang": BRANCHES[i[2]], "flags": flags, "qin": qin,
             "liuren": view}
            for b, (i, (pillar, mansion, flags, qin), view) in enumerate(zip(inputs, rows, liuren))]


def _qin_row(q) -> tuple:
    """What an hour's JSON reads of its fact set, kept with it (``fact_view``): pillar, 時禽, the
    flags and the 禽 object (:func:`_hour_json`'s)."""
    return (str(q.pillar), q.mansion.char, _flags_view(q.anjin, q.fuduan, q.jielu, q.jielu_strict),
            q.shared_view("day.hour.qin", _qin_turned_view, turned=True))


def _hours_json_of(hours, marks: dict) -> list[dict]:
    """The day's ``hours`` from its ``Hour`` objects (``almanac_hours(d, z, cfg)``): what
    ``api.day`` gave before :func:`_hours_json`, kept as its reference (``tests/test_day_paths.py``
    compares the two)."""
    contexts = [{**m, "hour": b} for b, m in enumerate(_moments(
        [(h.month_branch, h.yuejiang) for h in hours], _years([h.slot.start for h in hours]), marks))]
    have = frozenset(contexts[0])
    return [_hour_json(h, *se, ctx, have) for h, se, ctx in zip(hours, _boundaries(hours), contexts)]


#: made once (a ``timedelta`` built from keywords costs about a microsecond)
_HALF_DAY, _ONE_SECOND = timedelta(hours=12), timedelta(seconds=1)


def _years(starts) -> list[int]:
    """The 太歲 (year branch) of each hour from its start (twelve, or the thirteen boundaries):
    the same at both ends of the day on all days but the one holding 立春, so read twice rather
    than twelve times."""
    first, last = (cal.year_pillar_at(at).branch for at in (starts[0], starts[11]))
    if first == last:
        return [first] * 12
    return [cal.year_pillar_at(at).branch for at in starts[:12]]
