"""Charts and hour facts are computed once per school and shared read-only; the shared answers are
exactly the ones built afresh (byte for byte as JSON), and a caller cannot corrupt them."""
from __future__ import annotations

import copy
import json
import pickle
from dataclasses import fields
from datetime import UTC, date, datetime, timedelta

import pytest

from almanac import api
from almanac.hours import _hours, season_marks
from almanac.liuren.chart import build_chart, chart_for, chart_table
from almanac.liuren.keti import environment, find
from almanac.liuren.options import DEFAULT, SCHOOLS, LiurenOptions
from almanac.qin import QinOptions
from almanac.qin.hour import HourQin, _school_facts, cycle_table, hour_qin
from almanac.shared import FrozenDict, FrozenList, freeze, thaw
from almanac.config import load


def _dump(doc) -> str:
    return json.dumps(doc, ensure_ascii=False)


@pytest.mark.parametrize("school", ["default", "mengzhong", "fuyin_zimao_xing"])
def test_every_shared_chart_document_is_the_one_built_afresh(school):
    opts = DEFAULT if school == "default" else SCHOOLS[school]
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                shared = chart_for(day, k, night, opts)
                assert chart_for(day, k, night, opts) is shared            # one value per key
                fresh = build_chart(day, k, night, opts)
                assert fresh == shared
                assert _dump(shared.to_json()) == _dump(fresh._build_json())
    assert len(chart_table(opts)) == 1440


@pytest.mark.parametrize("school", ["default", "mengzhong", "fuyin_zimao_xing"])
def test_day_and_night_charts_of_one_ke_share_only_what_the_noble_does_not_decide(school):
    """The 晝 and 夜 charts of one 課 share their lessons, 三傳, 旬空 and 格局, the facts of their
    課體 conditions but the 貴人's, and the truths of the conditions that read nothing of the 貴人
    (keti.shared_truths); every chart's 課體 — of the 課 alone, and those its facts leave open
    for the moment — are still those of its own facts, each condition evaluated whole."""
    opts = DEFAULT if school == "default" else SCHOOLS[school]
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                c = chart_for(day, k, night, opts)
                fresh = build_chart(day, k, night, opts)        # not the table's: its own facts
                own = environment(fresh)
                env = c.keti_env
                assert {n: v for n, v in env.items() if not callable(v)} == \
                    {n: v for n, v in own.items() if not callable(v)}
                for fn in ("over", "under", "rides", "dun"):
                    assert [env[fn](b) for b in range(12)] == [own[fn](b) for b in range(12)]
                assert c.keti == fresh.keti == find(own, opts)
                assert [(r[0], r[1], r[2] is None, r[3]) for r in c.keti_moment.rows] == \
                    [(r[0], r[1], r[2] is None, r[3]) for r in fresh.keti_moment.rows]
            day_chart, night_chart = chart_for(day, k, False, opts), chart_for(day, k, True, opts)
            assert night_chart.transmissions is day_chart.transmissions
            assert night_chart.keti_shared is day_chart.keti_shared


def test_chart_documents_are_read_only_and_copies_are_plain():
    c = chart_for(1, 1, False)
    doc = c.to_json()
    assert isinstance(doc["lessons"], FrozenList) and isinstance(doc["plate"], FrozenDict)
    with pytest.raises(TypeError):
        doc["transmissions"].append("子")
    with pytest.raises(TypeError):
        doc["plate"]["子"] = "午"
    with pytest.raises(TypeError):
        doc["lessons"][0]["upper"] = "午"
    doc["extra"] = 1                                   # the top level is the caller's own
    assert "extra" not in c.to_json()
    mine = copy.deepcopy(doc)
    mine["transmissions"].append("子")                 # a deep copy is plain and mutable
    assert type(mine["lessons"][0]) is dict and c.to_json()["transmissions"] == ["寅", "卯", "辰"]
    back = pickle.loads(pickle.dumps(doc))
    assert back == doc and type(back["plate"]) is dict
    assert thaw(doc) == doc and type(thaw(doc)["lessons"]) is list


def test_api_chart_answers_do_not_leak_into_each_other():
    a = api.textbook_chart("乙丑", gan_shang="巳")
    a["day"] = "甲子"
    with pytest.raises(TypeError):
        a["transmissions"][0] = "子"
    b = api.textbook_chart("乙丑", gan_shang="巳")
    assert b["day"] == "乙丑" and b["transmissions"] == ["寅", "卯", "辰"]


def test_liuren_options_are_built_once_per_config_digest():
    cfg = load(None)
    assert LiurenOptions.from_config(cfg) is LiurenOptions.from_config(cfg)
    other = load({"liuren": {"shehai": "mengzhong"}})
    assert LiurenOptions.from_config(other).shehai == "mengzhong"
    assert LiurenOptions.from_config(load({"liuren": {"shehai": "mengzhong"}})) is \
        LiurenOptions.from_config(other)


def _days(start: date, n: int, tz: str, cfg=None) -> list[str]:
    return [_dump(api.day(start + timedelta(days=i), tz=tz, config=cfg)) for i in range(n)]


def _clear():
    _hours.cache_clear()
    cycle_table.cache_clear()
    _school_facts.cache_clear()
    chart_table.cache_clear()


@pytest.mark.parametrize("cfg", [None, {"qin": {"hour_rule": "qiyuan", "bo": "suobo"},
                                        "liuren": {"daynight": "ziwu"}}])
def test_days_from_shared_hour_facts_equal_days_computed_afresh(cfg):
    # Days 420 apart share every hour fact set, so the second span is answered from views built
    # for the first; each must equal the same day computed with every cache emptied.
    first, later = date(2026, 2, 1), date(2026, 2, 1) + timedelta(days=420)
    _clear()
    _days(first, 40, "Asia/Shanghai", cfg)
    shared = _days(later, 40, "Asia/Shanghai", cfg)
    fresh = []
    for i in range(40):
        _clear()
        fresh.append(_dump(api.day(later + timedelta(days=i), tz="Asia/Shanghai", config=cfg)))
    assert shared == fresh


def test_hours_built_from_a_shared_fact_set_are_the_dataclass_built_from_their_fields():
    """An hour is made from a copy of its fact set's fields (qin.hour.hour_qin_in): the fields are
    all there, in order, each hour's own, and it equals the HourQin built by its constructor."""
    names = [f.name for f in fields(HourQin)]
    first = hour_qin(date(2030, 1, 1), 3, season=season_marks(datetime(2030, 1, 1, tzinfo=UTC)))
    later = hour_qin(date(2030, 1, 1) + timedelta(days=420), 3,
                     season=season_marks(datetime(2030, 1, 1, tzinfo=UTC)))
    assert list(vars(first)) == [*names, "_cycle_views", "_cycle_key", "_turned_key"]
    assert HourQin(**{n: getattr(first, n) for n in names}) == first
    assert first.mansion is later.mansion and first.zi_day != later.zi_day    # one fact set, two days
    assert first.zi_day == date(2030, 1, 1) and first.day.date == date(2030, 1, 1)
    assert first.day is not later.day and later.day.date == date(2030, 1, 1) + timedelta(days=420)


def _own(facts: dict) -> dict:
    return {k: v for k, v in facts.items() if not k.startswith("_")}


@pytest.mark.parametrize("opts", [QinOptions(), QinOptions(hour_rule="qiyuan", bo="suobo")])
def test_seasons_share_a_fact_set_where_they_give_its_qin_the_same_situations(opts):
    """A fact set is kept with the school under the seasonal situations its season gives the
    hour's three 禽: two seasons' tables hand out one object where those agree (most hours) and
    their own where they do not (亢 翼 井 危 about 驚蟄, 秋分, 立冬 …), and each equals the fact
    set its season's table builds with every cache emptied."""
    seasons = [season_marks(datetime(2030, m, 10, tzinfo=UTC)) for m in (1, 3, 6, 10, 12)]
    keys = range(0, 5040, 7)
    _clear()
    kept = [[cycle_table(opts, s)[key] for key in keys] for s in seasons]
    same = differ = 0
    for i, s in enumerate(seasons[1:], 1):
        for key, a, b in zip(keys, kept[0], kept[i]):
            if a["situations"] == b["situations"]:
                assert a is b
                same += 1
            else:
                assert a is not b and _own(a) != _own(b)
                differ += 1
    assert same > 3 * differ > 0
    for i, s in enumerate(seasons):
        _clear()
        fresh = cycle_table(opts, s)
        assert [_own(f) for f in kept[i]] == [_own(fresh[key]) for key in keys]


def test_day_hours_are_read_only():
    d = api.day("2026-11-29")
    d["hours"][0]["branch"] = "X"                      # each hour object is the caller's own
    with pytest.raises(TypeError):
        d["hours"][0]["qin"]["situations"].append({})
    with pytest.raises(TypeError):
        d["hours"][0]["liuren"]["transmissions"][0] = "子"
    assert api.day("2026-11-29")["hours"][0]["branch"] == "子"


def test_freeze_keeps_values_and_order():
    doc = {"b": [1, {"c": None, "a": (2, 3)}], "a": "x"}
    f = freeze(doc)
    assert f == doc and list(f) == ["b", "a"] and _dump(f) == _dump(doc)
    assert freeze(f) is f


def test_moment_charts_from_kept_answers_equal_charts_computed_afresh():
    """``api.chart`` keeps all of an answer but its instant with the chart's answer for the
    moment's 課體 (and the 月將, zone and choices): an answer so served equals the one computed
    with every cache emptied, and a caller's changes stay its own."""
    moments = [f"2026-03-{d:02d}T{h:02d}:17" for d in (1, 5, 20, 21) for h in range(0, 24, 3)]
    moments += ["2026-03-20T23:40:00+08:00", "2026-03-21T05:10:00+09:00", "2026-03-21T05:10:00Z"]
    kept = [_dump(api.chart(m, tz="Asia/Shanghai")) for m in moments]
    kept = [_dump(api.chart(m, tz="Asia/Shanghai")) for m in moments]     # now from kept answers
    fresh = []
    for m in moments:
        _clear()
        fresh.append(_dump(api.chart(m, tz="Asia/Shanghai")))
    assert kept == fresh
    a = api.chart(moments[0], tz="Asia/Shanghai")
    a["moment"], a["hour"] = "x", "y"                  # the top level is the caller's own
    with pytest.raises(TypeError):
        a["place"]["name"] = "elsewhere"
    with pytest.raises(TypeError):
        a["keti_hour"].append({})
    b = api.chart(moments[0], tz="Asia/Shanghai")
    assert b["moment"].startswith("2026-03-01T00:17") and b["hour"] == "子"


# --------------------------------------------------------------------------- answers of repeats

#: caches that hold no answer, only what is read the same way every time (the compiled 課體
#: catalogue, the zone database's names, sxtwl's raw term instants): kept so that emptying the
#: others costs a millisecond, not fifty
_STATIC_CACHES = {"catalogue", "school_plan", "shown_table", "_zone_names", "terms_from_lichun"}


def _project_caches() -> list:
    import functools
    import sys
    out, kept = [], set()
    for name, mod in list(sys.modules.items()):
        if name.split(".")[0] in ("almanac", "config"):
            out += [v for k, v in vars(mod).items()
                    if isinstance(v, functools._lru_cache_wrapper) and k not in _STATIC_CACHES]
            kept |= {k for k, v in vars(mod).items() if isinstance(v, functools._lru_cache_wrapper)}
    # a static cache renamed would be emptied before every answer: thousands of rebuilds
    assert _STATIC_CACHES <= kept, _STATIC_CACHES - kept
    return out


def _empty_every_cache(caches: list) -> None:
    from almanac.api import charts
    from almanac.config import loader
    from almanac.liuren import options
    for c in caches:
        c.cache_clear()
    loader._cache.clear()
    loader._derived.clear()
    options._BY_DIGEST.clear()
    charts._last_settings = None


def _answer(fn, *args, **kw) -> str:
    try:
        return _dump(fn(*args, **kw))
    except ValueError as e:                 # bad input (a daylight-saving gap): the same line
        return f"BadInput: {e}"


def _bench_moments() -> list[str]:
    from datetime import datetime
    start = datetime(2026, 1, 1, 0, 7)        # bench/bench_api.py's moments: a year, every 時辰 and 月將
    return [(start + timedelta(minutes=97 * i)).isoformat(timespec="minutes") for i in range(5400)]


def _moment_calls() -> list[tuple[tuple, dict]]:
    from datetime import datetime
    from zoneinfo import ZoneInfo
    moments = _bench_moments()
    calls = [((m,), {"tz": "Asia/Shanghai"}) for m in moments]                 # the bench's call
    few = moments[::9] + ["2026-03-08T02:30", "2026-03-29T01:30", "2026-11-01T01:30"]  # gaps, a fold
    calls += [((m,), {"tz": "America/New_York"}) for m in few]
    calls += [((m,), {"tz": "Europe/London", "clock": "true_solar", "place": "-0.1,51.5"}) for m in few]
    calls += [((m,), {"tz": "Asia/Seoul", "clock": "korean", "lunar": "korean", "school": "mengzhong"})
              for m in few]
    calls += [((m + "+09:00",), {"tz": "Asia/Shanghai"}) for m in few]        # aware, converted
    calls += [((m + "Z",), {}) for m in few[::4]]                              # aware, kept in UTC
    ny = ZoneInfo("America/New_York")
    calls += [((datetime.fromisoformat(m).replace(tzinfo=ny),), {}) for m in few[::4]]
    calls += [((datetime.fromisoformat(m),), {"tz": "Asia/Tokyo"}) for m in few[::4]]
    return calls


@pytest.mark.slow
def test_repeated_moment_charts_equal_charts_computed_with_every_cache_emptied():
    """``api.chart`` over the bench's moments (and, for a ninth of them, other zones — with their
    daylight-saving gaps —, clocks, a school, aware strings and datetimes), asked twice so that the
    second answers come from what the first kept, equals, byte for byte as JSON, each answer
    computed alone with every cache emptied (the configuration's too)."""
    calls = _moment_calls()
    for args, kw in calls:
        _answer(api.chart, *args, **kw)
    kept = [_answer(api.chart, *args, **kw) for args, kw in calls]
    caches = _project_caches()
    fresh = []
    for args, kw in calls:
        _empty_every_cache(caches)
        fresh.append(_answer(api.chart, *args, **kw))
    gaps = {(args[0], kw.get("tz")) for (args, kw), a in zip(calls, fresh) if a.startswith("BadInput")}
    assert {("2026-03-08T02:30", "America/New_York"), ("2026-03-29T01:30", "Europe/London")} <= gaps
    assert ("2026-11-01T01:30", "America/New_York") not in gaps       # a fold, not a gap
    mismatched = [(calls[i], kept[i][:200], fresh[i][:200])
                  for i in range(len(calls)) if kept[i] != fresh[i]]
    assert not mismatched, mismatched[:3]


def test_repeated_textbook_charts_equal_charts_computed_with_every_cache_emptied():
    from almanac.cycles import BRANCHES, GanZhi
    cases = [((str(GanZhi(d)),), {"yuejiang": BRANCHES[yj], "hour": BRANCHES[hr]})
             for d in range(60) for yj in range(12) for hr in range(12)][::7]
    cases += [(("乙丑",), {"gan_shang": "巳", "noble": "night", "school": "mengzhong"}),
              (("癸亥",), {"yuejiang": "子", "hour": "午", "config": {"liuren": {"daynight": "ziwu"}}})]
    for args, kw in cases:
        api.textbook_chart(*args, **kw)
    kept = [_answer(api.textbook_chart, *args, **kw) for args, kw in cases]
    caches = _project_caches()
    fresh = []
    for args, kw in cases:
        _empty_every_cache(caches)
        fresh.append(_answer(api.textbook_chart, *args, **kw))
    assert [i for i in range(len(cases)) if kept[i] != fresh[i]] == []
