"""Readings for a person (issue 9, item 5): 本命 and 行年 on the plate, and the seeds' 年命 rules."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from almanac import api
from almanac.calendar import zone
from almanac.judgement.catalog import load_catalog
from almanac.judgement.facts import PERSON_FACTS
from almanac.judgement.person import parse_person, xingnian
from almanac.judgement.search import person_facts_of_day

import config

NIANMING = {r.id for r in load_catalog().rules if r.facts & PERSON_FACTS}


def test_benming_and_xingnian():
    man = parse_person(1990, "m")                 # 庚午 year
    assert man.benming == "午"
    assert xingnian(man, 1990) == "寅"            # 男一歲起丙寅
    assert xingnian(man, 1991) == "卯"            # … 順行
    woman = parse_person("1990-05-17", "f")
    assert woman.birth_year == 1990 and xingnian(woman, 1990) == "申"   # 女一歲起壬申
    assert xingnian(woman, 1991) == "未"          # … 逆行
    assert parse_person("1990-02-01", "m").birth_year == 1989   # before 立春 (1990-02-04)
    assert xingnian(man, 1989) is None
    assert parse_person(None, None) is None
    for born, sex in ((1990, None), (None, "m"), (1990, "x"), ("1990-13-01", "f"), (1800, "m"), (True, "m")):
        with pytest.raises(ValueError):
            parse_person(born, sex)


def test_the_person_stands_on_the_hours_plate():
    p = parse_person(1985, "f")
    cfg = config.load()
    for slot, f, _ in person_facts_of_day(date(2026, 12, 3), zone("Asia/Seoul"), cfg, p):
        doc = api.chart(slot.start.isoformat())
        assert f["benming"] == "丑" and f["xingnian_shang"] == doc["plate"][f["xingnian"]]


def test_without_a_person_no_nianming_rule_is_read():
    d = date(2026, 1, 5)
    while d.year == 2026:
        for h in api.judge_day(d, "Asia/Shanghai", "delegate")["hours"]:
            assert not {r["rule"] for r in h["reasons"]} & NIANMING
        d += timedelta(days=17)


def test_a_persons_reading_cites_the_nianming_paragraphs_and_changes_the_ranking():
    plain = api.best("delegate", "2026-12-01", "2026-12-31", tz="Asia/Shanghai", limit=20)
    changed, cited = False, set()
    for born, sex in ((1990, "m"), (1972, "f"), ("2001-03-09", "m")):
        doc = api.best("delegate", "2026-12-01", "2026-12-31", tz="Asia/Shanghai", limit=20, born=born, sex=sex)
        assert doc["person"]["sex"] == sex
        changed |= [r["start"] for r in doc["results"]] != [r["start"] for r in plain["results"]]
        for r in doc["results"]:
            assert round(sum(x["effect"] for x in r["reasons"]), 3) == pytest.approx(r["score"])
            for x in r["reasons"]:
                if x["rule"] in NIANMING:
                    cited.add(x["source"].split(": ", 1)[1])
                    assert x["citation"].startswith("《大六壬·")
    assert changed
    assert cited & {"神將謂日辰上神將也", "若發用並日辰上見天空、朱雀", "如罡臨方遇有山水之阻"}


def test_a_grave_nianming_reason_makes_the_hour_bad():
    # 001: 「言主將行年與日辰上，切忌天罡、天耳、太陰臨之」 — grave for sending an envoy
    rule = load_catalog().by_id["liuren.xingnian_gang_er_yin"]
    assert rule.grave_for("delegate")
    seen = 0
    for y in (1960, 1975, 1990, 2003):
        for h in api.judge_day("2026-12-05", "Asia/Shanghai", "delegate", born=y, sex="m")["hours"]:
            if any(r["rule"] == rule.id for r in h["reasons"]):
                seen += 1
                assert h["verdict"] in ("凶", "大凶") and "不可為" in h["summary"]
    assert seen


def test_chart_reading_for_a_person_and_the_cli(tmp_path, monkeypatch, capsys):
    doc = api.chart("2026-12-05T10:00", tz="Asia/Seoul", task="delegate", born=1990, sex="m")
    hour = next(h for h in api.judge_day("2026-12-05", "Asia/Seoul", "delegate", born=1990, sex="m")["hours"]
                if h["branch"] == doc["hour"])
    assert doc["reading"]["score"] == hour["score"] and doc["reading"]["person"]["benming"] == "午"
    with pytest.raises(ValueError, match="give a task"):
        api.chart("2026-12-05T10:00", tz="Asia/Seoul", born=1990, sex="m")
    from almanac.cli import main
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    assert main(["best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-02", "--born", "1990",
                 "--sex", "m", "--json"]) == 0
    assert '"benming": "午"' in capsys.readouterr().out
    assert main(["best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-02", "--born", "1990"]) == 2
