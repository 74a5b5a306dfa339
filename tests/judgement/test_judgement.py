"""The judgement layer: catalog, scoring, vetoes, search, API and CLI (issue 4)."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from almanac import config
from almanac.api.judging import best as api_best, judge_day, tasks as api_tasks
from almanac.errors import BadInput
from almanac.judgement.catalog import load_catalog
from almanac.sources import BookSource
from almanac.judgement.conditions import CatalogError, compile_condition
from almanac.judgement.facts import FACTS
from almanac.judgement.score import task_profiles

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
CAT = load_catalog()
TZ = "Asia/Shanghai"
START = date(2026, 1, 1)
#: rules that the default options can never fire, with the option under which they can
#: (婁 only stands on 丑巳酉 hours in the unbroken 28-hour cycle, so it never lands on 午 unless
#: 泊 is read as the 鎖泊 house)
NEEDS_OPTION = {"qin.transform_shizi": {"qin": {"bo": "suobo"}}}
#: rules an hour never shows: where the month is known, the 發用's strength (旺相 or 休囚死) is
#: always read with its general (liuren.m_jiang_*_youqi / *_wuqi, 卷八 物類課); the plain readings
#: of its general speak in a chart cast without a month (a textbook chart)
MONTHLESS_ONLY = {"liuren.m_jiang_chu_ji", "liuren.m_jiang_chu_xiong"}


def _task_for(rule) -> str:
    tasks = list(task_profiles(config.load()))
    for t in tasks:
        if rule.effect_for(t) != 0:
            return t
    return next(iter(rule.veto))


# --------------------------------------------------------------------------- the catalog

def test_catalog_covers_every_family():
    fams = {r.family for r in CAT.rules}
    assert {"qin.taboo", "qin.strength", "qin.transform", "qin.capture", "qin.season", "qin.palace",
            "liuren.chaiwei", "liuren.keti", "liuren.rishen", "liuren.fayong", "liuren.jiang"} <= fams
    for rid in ("qin.anjin_hour", "qin.anjin_day", "qin.anjin_fanqin_exception", "qin.fuduan_hour",
                "qin.jielu", "qin.jielu_strict", "qin.capture_by_day", "liuren.fuyin", "liuren.fanyin",
                "liuren.jiading", "liuren.lianru_jin_kong", "liuren.lianru_tui_kong", "liuren.ganshang_sheng_gan",
                "liuren.luanshou", "liuren.zhuixu", "liuren.fayong_changsheng", "liuren.zhi_zhi_gan_truthful"):
        assert rid in CAT.by_id


@pytest.mark.parametrize("rule", [r for r in CAT.rules if not isinstance(r.source, BookSource)], ids=lambda r: r.id)
def test_source_opening_is_verbatim_in_seed(rule):
    text = (SEEDS / rule.source.file).read_text(encoding="utf-8")
    assert rule.source.opening in text, f"{rule.id}: {rule.source.opening!r} not in {rule.source.file}"


@pytest.mark.parametrize("rule", CAT.rules, ids=lambda r: r.id)
def test_rule_texts_in_three_languages(rule):
    assert set(rule.text) == {"zh", "ko", "en"}
    assert any("\uac00" <= ch <= "\ud7a3" for ch in rule.text["ko"])


@pytest.mark.parametrize("cond, message", [
    ({"fact": "no_such", "eq": 1}, "unknown fact"),
    ({"fact": "hour_branch", "eq": "Z"}, "cannot be"),
    ({"fact": "hour_branch", "contains": "子"}, "does not suit"),
    ({"fact": "k", "eq": 1, "ne": 2}, "exactly one operator"),
    ({"fact": "patterns", "contains": "不存在"}, "never holds"),
    ({"all": []}, "non-empty"),
    ({"fact": "hour_branch", "like": "子"}, "unknown operator"),
])
def test_bad_conditions_fail_at_load(cond, message):
    with pytest.raises(CatalogError, match=message):
        compile_condition(cond, "t")


def test_bad_rule_file_fails_at_load(tmp_path):
    (tmp_path / "x.toml").write_text(
        '[[rule]]\nid = "qin.x"\nfamily = "qin.taboo"\nwhen = { fact = "jielu", eq = true }\n'
        'effect = { flying = 1.0 }\ntext = { zh = "甲", ko = "가", en = "a" }\n'
        'source = "000_4c1b45775ab319f3.txt: 時直空亡"\n', encoding="utf-8")
    with pytest.raises(CatalogError, match="unknown task 'flying'"):
        load_catalog(str(tmp_path))


def test_pattern_domain_matches_the_liuren_engine():
    from almanac.liuren.chart import chart_for
    seen = {p.name for d in range(60) for k in range(12) for n in (False, True)
            for p in chart_for(d, k, n).patterns}
    assert seen <= set(FACTS["patterns"].domain)


# --------------------------------------------------------------------------- every rule fires and does not

def _scan(rule, cfg=None):
    """First (hour where the rule is a reason or veto, hour where it is not) found from START."""
    task = _task_for(rule)
    hit = miss = None
    from almanac.judgement.facts import PERSON_FACTS
    for i in range(900):
        # a 年命 rule needs a person: a different one each day (born 1960–2007, both sexes)
        person = {"born": 1960 + (i * 7) % 48, "sex": "mf"[i % 2]} if rule.facts & PERSON_FACTS else {}
        doc = judge_day(START + timedelta(days=i), TZ, task, cfg, **person)
        for h in doc["hours"]:
            ids = {r["rule"] for r in h["reasons"]} | {r["rule"] for r in h.get("vetoes", [])}
            if rule.id in ids:
                hit = hit or h["start"]
            else:
                miss = miss or h["start"]
        if hit and miss:
            return task, hit, miss
    return task, hit, miss


def _scan_textbook(rule):
    """(a textbook chart where the rule is a reason, one where it is not), over the 720 charts."""
    from almanac.api import textbook_chart
    from almanac.cycles import BRANCHES, STEMS
    task = _task_for(rule)
    hit = miss = None
    for d in range(60):
        for gs in BRANCHES:
            day = STEMS[d % 10] + BRANCHES[d % 12]
            reading = textbook_chart(day, gan_shang=gs, noble="day", task=task)["reading"]
            key = (day, gs)
            if rule.id in {r["rule"] for r in reading["reasons"]}:
                hit = hit or key
            else:
                miss = miss or key
            if hit and miss:
                return task, hit, miss
    return task, hit, miss


@pytest.mark.parametrize("rule", CAT.rules, ids=lambda r: r.id)
def test_every_rule_fires_somewhere_and_not_elsewhere(rule):
    if rule.id in MONTHLESS_ONLY:
        task, hit, miss = _scan_textbook(rule)
        assert hit and miss, f"{rule.id}: fired in {hit} and not in {miss} of the textbook charts for {task}"
        assert _scan(rule)[1] is None, f"{rule.id} is shown in an hour, whose month decides the 發用's strength"
        return
    task, hit, miss = _scan(rule, NEEDS_OPTION.get(rule.id))
    assert hit, f"{rule.id} never fired for {task} in 900 days from {START}"
    assert miss, f"{rule.id} fired in every hour for {task}"


# --------------------------------------------------------------------------- scores, vetoes, ranking

def test_reasons_add_up_to_the_score_and_verdicts_are_known():
    doc = judge_day("2026-12-01", TZ, "travel")
    assert len(doc["hours"]) == 12
    for h in doc["hours"]:
        assert round(sum(r["effect"] for r in h["reasons"]), 3) == pytest.approx(h["score"])
        assert h["verdict"] in ("大吉", "吉", "平", "凶", "大凶")
        for r in h["reasons"]:
            assert set(r) == {"rule", "effect", "text", "source", "grave", "citation"}


def test_jielu_vetoes_travel_over_a_whole_year():
    # 截路空亡 = an hour whose stem is 壬 or 癸: read straight from the hour pillar
    doc = api_best("travel", "2026-01-01", "2026-12-31", tz=TZ, limit=1000)
    assert len(doc["results"]) == 1000
    assert not [r for r in doc["results"] if r["pillar"][0] in "壬癸"
                and "qin.jielu_jiqin" not in {x["rule"] for x in r["reasons"]}]
    vetoed = redeemed = 0
    for i in range(365):
        for h in judge_day(date(2026, 1, 1) + timedelta(days=i), TZ, "travel")["hours"]:
            if h["pillar"][0] in "壬癸":
                # 「時直空亡，遇吉禽猶當取的」: a good 禽 lifts the veto of the plain 截路 hour
                # (qin.jielu_jiqin), never of the 禽書's strict one; 「出行大忌」 keeps it 凶
                vetoes = {v["rule"] for v in h.get("vetoes", [])}
                if "qin.jielu_jiqin" in {r["rule"] for r in h["reasons"]}:
                    redeemed += 1
                    assert "qin.jielu" not in vetoes and "qin.jielu_strict" not in vetoes
                    assert h["verdict"] in ("凶", "大凶")
                else:
                    assert h["vetoed"] and vetoes & {"qin.jielu", "qin.jielu_strict"}
                    vetoed += 1
    assert vetoed > 600 and redeemed > 50


#: 伏斷 by the verse 「子虛丑斗寅嫌室，卯女辰箕巳泊房。午角未張申忌鬼，酉觜戌胃亥壁當」: hour branch → 時禽
FUDUAN_VERSE = dict(zip("子丑寅卯辰巳午未申酉戌亥", "虛斗室女箕房角張鬼觜胃壁"))


def test_fuduan_vetoes_marriage_over_a_year():
    """Every hour of 2026 whose branch meets its 伏斷 禽 by the verse is vetoed for marriage by
    qin.fuduan_hour, no other hour is, and none of them is among the year's best hours."""
    fuduan = 0
    for i in range(365):
        for h in judge_day(date(2026, 1, 1) + timedelta(days=i), TZ, "marriage")["hours"]:
            meets = FUDUAN_VERSE[h["branch"]] == h["mansion"]
            vetoed_by_it = "qin.fuduan_hour" in {v["rule"] for v in h.get("vetoes", [])}
            assert vetoed_by_it == meets, (h["start"], h["branch"], h["mansion"])
            assert not meets or h["vetoed"]
            fuduan += meets
    assert fuduan > 300          # 626 of the 4,380 hours of 2026
    doc = api_best("marriage", "2026-01-01", "2026-12-31", tz=TZ, limit=1000)
    assert len(doc["results"]) == 1000
    for r in doc["results"]:
        assert FUDUAN_VERSE[r["branch"]] != r["mansion"], r["start"]
        assert "qin.fuduan_hour" not in {x["rule"] for x in r["reasons"]}


def test_two_tasks_rank_the_same_hours_differently():
    a, b = {}, {}
    for i in range(7):
        d = date(2026, 12, 1) + timedelta(days=i)
        a.update({h["start"]: h["score"] for h in judge_day(d, TZ, "marriage")["hours"]})
        b.update({h["start"]: h["score"] for h in judge_day(d, TZ, "lawsuit")["hours"]})
    hours = sorted(a)
    assert any(a[x] > a[y] and b[x] < b[y] for x in hours for y in hours)
    top_a = api_best("marriage", "2026-12-01", "2026-12-07", tz=TZ, limit=5)["results"]
    top_b = api_best("lawsuit", "2026-12-01", "2026-12-07", tz=TZ, limit=5)["results"]
    assert [r["start"] for r in top_a] != [r["start"] for r in top_b]


def test_best_is_sorted_and_deterministic():
    one = api_best("general", "2026-03-01", "2026-03-31", tz="Asia/Seoul", limit=50)
    two = api_best("general", "2026-03-01", "2026-03-31", tz="Asia/Seoul", limit=50)
    assert one == two
    keys = [(-r["score"], r["start"]) for r in one["results"]]
    assert keys == sorted(keys)
    assert one["results"][0]["score"] >= one["results"][-1]["score"]


def test_travel_results_carry_directions():
    r = api_best("travel", "2026-12-01", "2026-12-03", tz=TZ, limit=1)["results"][0]
    d = r["directions"]
    assert d["tiangang"] in ("北", "東北", "東", "東南", "南", "西南", "西", "西北")
    assert d["retreat"] in ("左", "右") and d["avoid"]


def test_directions_to_avoid_are_named_once():
    """天鰲 adds 西 to the directions to avoid; a 庚辛 day or an autumn month may name it already."""
    from almanac.judgement.facts import directions
    base = {"day_stem": "甲", "month_branch": "酉", "tiangang_dir": "南", "tiangang_over": "午",
            "tiangang_class": "仲", "sangong": None, "gouchen_zhi": (), "hour_transform": "天鰲"}
    avoid = directions(base)["avoid"]
    assert avoid.count("西") == 1 and len(avoid) == len(set(avoid))


def test_results_can_be_changed_by_the_caller_without_harm():
    first = api_best("wealth", "2026-12-01", "2026-12-02", tz=TZ, limit=3)
    first["results"][0]["reasons"].clear()
    again = api_best("wealth", "2026-12-01", "2026-12-02", tz=TZ, limit=3)
    assert again["results"][0]["reasons"]


# --------------------------------------------------------------------------- configuration

def test_user_can_add_and_reweight_tasks():
    cfg = {"tasks": {"hike": {"description": "登山 — a day in the hills", "base": "travel",
                              "families": {"qin": 2.0}, "veto": ["qin.fuduan_hour"]},
                     "travel": {"rules": {"liuren.ganshang_sheng_gan": 0}}}}
    names = [t["name"] for t in api_tasks(cfg)["tasks"]]
    assert "hike" in names and "travel" in names
    doc = api_best("hike", "2026-12-01", "2026-12-07", tz=TZ, limit=20, config=cfg)
    assert doc["results"] and all("directions" not in r for r in doc["results"])
    travel = api_best("travel", "2026-12-01", "2026-12-31", tz=TZ, limit=100, config=cfg)
    assert all(x["rule"] != "liuren.ganshang_sheng_gan" for r in travel["results"] for x in r["reasons"])


def test_a_veto_set_in_a_task_config_is_grave_as_a_catalog_veto():
    # docs/judgement.md: "a veto is grave too" — a profile's own veto forbids the act as the catalog's
    # does, so the hour is 凶 even when the vetoed rule favours it (雄 禽: +1 for travel)
    cfg = {"tasks": {"hike": {"description": "登山 — a day in the hills", "base": "travel",
                              "veto": ["qin.strong_hour_qin"]}}}
    seen = 0
    for i in range(10):
        for h in judge_day(date(2026, 6, 1) + timedelta(days=i), TZ, "hike", cfg)["hours"]:
            mine = [v for v in h.get("vetoes", []) if v["rule"] == "qin.strong_hour_qin"]
            if mine:
                seen += 1
                assert h["vetoed"] and mine[0]["grave"] and h["verdict"] in ("凶", "大凶") and h["score"] < 0
                own = [r for r in h["reasons"] if r["rule"] == "qin.strong_hour_qin"]
                # the vetoed rule's plus is not counted for the task: it is said as the veto, never
                # "in favour", and carries the hour down only where no text-grave reason does
                assert all(r["grave"] and r["effect"] <= 0 for r in own), own
                favour = h["summary"].split("有利：", 1)[1] if "有利：" in h["summary"] else ""
                assert mine[0]["text"].split("—")[0].strip() not in favour, h["summary"]
    assert seen


@pytest.mark.parametrize("task, message", [
    ({"description": "x", "base": "nope"}, "base"),
    ({"description": "x", "veto": ["qin.no_such"]}, "veto"),
    ({"description": "x", "rules": {"qin.no_such": 1}}, "rule id"),
    ({"description": "x", "families": {"astrology": 1}}, "families"),
    ({"description": "x", "thresholds": {"daji": 1, "ji": 2, "xiong": -2, "daxiong": -6}}, "thresholds"),
    ({"base": "travel"}, "description"),
    ({"description": "x", "colour": "red"}, "unknown keys"),
])
def test_bad_user_task_is_bad_input(task, message):
    with pytest.raises(BadInput, match=message):
        api_tasks({"tasks": {"mine": task}})


# --------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("args, message", [
    (("flying", "2026-12-01", "2026-12-02"), "unknown task"),
    (("travel", "2026-12-02", "2026-12-01"), "after"),
    (("travel", "2026-01-01", "2027-06-01"), "at most 366"),
    (("travel", "2026-02-30", "2026-03-01"), "not a valid date"),
])
def test_best_bad_input(args, message):
    with pytest.raises(ValueError, match=message):
        api_best(*args)


def test_best_bad_limit_and_zone():
    with pytest.raises(ValueError, match="limit"):
        api_best("travel", "2026-12-01", "2026-12-02", limit=0)
    with pytest.raises(ValueError, match="time zone"):
        api_best("travel", "2026-12-01", "2026-12-02", tz="Mars/Base")


def _cli(*args):
    return subprocess.run([sys.executable, "-c", "import sys; from almanac.cli import main; sys.exit(main(sys.argv[1:]))", *args], capture_output=True, text=True)


def test_cli_best_and_tasks():
    r = _cli("best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-02", "--json", "--limit", "3")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["task"] == "travel" and len(doc["results"]) == 3
    r = _cli("best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-02", "--limit", "2")
    # a reader is shown the book and the opening words, never a file name; zh-Hant reads Chinese only
    assert r.returncode == 0 and "》「" in r.stdout and ".txt" not in r.stdout and "分 " in r.stdout
    assert "score" not in r.stdout
    r = _cli("tasks", "--json")
    assert {t["name"] for t in json.loads(r.stdout)["tasks"]} >= {
        "travel", "delegate", "negotiation", "marriage", "wealth", "lawsuit", "health", "competition",
        "office", "general"}


@pytest.mark.parametrize("args", [
    ("--task", "nope", "--from", "2026-12-01", "--to", "2026-12-02"),
    ("--task", "travel", "--from", "2026-12-03", "--to", "2026-12-02"),
    ("--task", "travel", "--from", "2026-12-01", "--to", "2028-12-02"),
    ("--task", "travel", "--from", "yesterday", "--to", "2026-12-02"),
    ("--task", "travel", "--from", "2026-12-01", "--to", "someday"),
])
def test_cli_bad_input_exits_2_with_one_line(args):
    r = _cli("best", *args)
    assert r.returncode == 2
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1


def test_rules_kept_per_chart_fire_as_the_hours_own_facts_say():
    """The chart-only rules are tested once per shared chart (``fired(…, chart_facts)``): over
    two schools' hours they fire exactly as when every rule reads the hour's whole mapping, and
    the chart's kept facts are the hour's."""
    import datetime as dt

    from almanac import config as config_mod
    from almanac.api.choices import apply
    from almanac.calendar import zone
    from almanac.judgement.catalog import load_catalog
    from almanac.judgement.facts import day_facts_parts
    from almanac.judgement.score import fired
    cat, seen = load_catalog(), 0
    for cfg in (config_mod.load(None), apply(config_mod.load(None), school="daquan")):
        for i in range(0, 120, 3):
            d = dt.date(2026, 1, 1) + dt.timedelta(days=i)
            for _, f, chart_f in day_facts_parts(d, zone("Asia/Shanghai"), cfg):
                assert {k: f[k] for k in chart_f} == chart_f
                assert fired(f, cat, chart_f) == fired(f, cat)
                seen += 1
    assert seen == 2 * 40 * 12
