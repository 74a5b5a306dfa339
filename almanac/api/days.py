"""``api.day``: one almanac day as the JSON-ready dict of ``almanac day --json``.

>>> d = day("2026-11-29", tz="Asia/Shanghai")
>>> d["pillars"], d["qin"]["name"], d["yuejiang"], len(d["hours"])
({'year': '丙午', 'month': '己亥', 'day': '丁未'}, '昴日雞', '寅', 12)
>>> day("2026-02-30")
Traceback (most recent call last):
...
almanac.errors.BadInput: '2026-02-30' is not a valid date (YYYY-MM-DD, e.g. 2026-11-29, or today, tomorrow)
"""
from __future__ import annotations

from datetime import timedelta
from functools import lru_cache

from almanac import config as _config

from .. import calendar as cal
from .. import everyday
from ..cycles import BRANCHES, ELEMENTS
from ..hours import Options, civil_day_span, hour_inputs, season_marks
from ..liuren.daymarks import day_marks
from ..liuren.keti import moment, moment_view_at
from ..qin import day_qin
from ..qin.hour import cycle_key
from . import hour_table
from .choices import describe, load, lunar_json
from .views import flags_view, liuren_built, liuren_view, qin_turned_view, qin_view  # noqa: F401 — were here


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
        "flags": flags_view(*q.flags.values()),
        "qin": q.shared_view("day.hour.qin", qin_turned_view, turned=True),
        "liuren": moment_view_at(h.chart, context, "day.hour", liuren_built, have),
    }


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
    year = cal.year_pillar_at(last)
    hours = _hours_json(d, z, opts, marks)
    return {
        "date": d.isoformat(),
        "tz": z.key,
        "pillars": {"year": str(year), "month": str(month),
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
        "everyday": everyday_json(d, month.branch, year.branch, lunar, cfg),
        "hours": hours,
    }


def everyday_json(d, month_branch: int, year_branch: int, lunar: dict, cfg) -> dict:
    """The day's ``everyday`` facts (``almanac.everyday``): 建除, 黃道, 손, 沖煞, the year's
    directions, the gods and 宜忌 of the acts; 손 on the day's own lunar date unless
    ``[everyday] son_calendar`` says ``chinese``."""
    son_calendar, son_order, hd_month = everyday.options(cfg)
    lunar_day, lunar_month = lunar["day"], lunar["month"]
    if son_calendar == "chinese":
        from ..lunar import chinese_date
        ld = chinese_date(d)
        lunar_day, lunar_month = ld.day, ld.month
    return everyday.day_facts(month_branch=month_branch, day=cal.day_pillar(d),
                              year_branch=year_branch, lunar_day=lunar_day,
                              lunar_month=lunar["month"] if hd_month == "lunar" else lunar_month,
                              son_order=son_order, huangdao_month=hd_month)


def _hours_json(d, z, opts: Options, marks: dict) -> list[dict]:
    """The ``hours`` of day ``d`` in zone ``z``, read straight into JSON: no ``Hour``,
    ``HourSlot`` or ``HourQin`` is made (the judgements and the store still get them from
    ``almanac_hours``; a day's are not kept for it). It shares with :func:`_hours_json_of` — the
    same hours from ``almanac_hours``, kept as the reference ``tests/api/test_day_paths.py`` compares
    it with — everything but the objects: the boundaries (``cal.day_boundaries``: those
    ``day_hours`` makes its slots of, in UTC, and their texts), each hour's marks, 月建, 月將,
    晝/夜 and chart (``hours.hour_inputs``), its 禽 row and 六壬 view (the shipped tables' under
    the default school, else the cycle tables' and the charts')."""
    instants, texts = cal.day_boundaries(d, z, opts.calendar)          # instants in UTC
    inputs = hour_inputs(instants, opts)
    moments = _moments([(i[1], i[2]) for i in inputs], _years(instants), marks)
    liuren = hour_table.charts_of(opts.liuren).day_views(cal.day_pillar(d).index, inputs, moments)
    rows = hour_table.rows_of(opts.qin).day_rows(inputs, cycle_key(d))
    hd = everyday.hour_huangdao(cal.day_pillar(d).branch)          # each hour's 黃道/黑道 god
    return [{"branch": BRANCHES[b], "start": texts[b], "end": texts[b + 1], "pillar": pillar,
             "mansion": mansion, "yuejiang": BRANCHES[i[2]], "flags": flags, "qin": qin,
             "liuren": view, "huangdao": hd[b]}
            for b, (i, (pillar, mansion, flags, qin), view) in enumerate(zip(inputs, rows, liuren))]


def _hours_json_of(hours, marks: dict) -> list[dict]:
    """The day's ``hours`` from its ``Hour`` objects (``almanac_hours(d, z, cfg)``): what
    ``api.day`` gave before :func:`_hours_json`, kept as its reference (``tests/api/test_day_paths.py``
    compares the two)."""
    contexts = [{**m, "hour": b} for b, m in enumerate(_moments(
        [(h.month_branch, h.yuejiang) for h in hours], _years([h.slot.start for h in hours]), marks))]
    have = frozenset(contexts[0])
    out = [_hour_json(h, *se, ctx, have) for h, se, ctx in zip(hours, _boundaries(hours), contexts)]
    for h, j in zip(hours, out):
        j["huangdao"] = everyday.hour_huangdao(h.chart.day % 12)[h.slot.branch]
    return out


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
