"""``api.day`` and ``almanac day``: the CONTRACT shape, the qin vectors through the public API,
and bad input."""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from almanac import api
from almanac.cli import main

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "qin.json").read_text())["vectors"]
HOUR_KEYS = {"branch", "start", "end", "pillar", "mansion", "yuejiang", "flags"}


def test_contract_example_day():
    d = api.day("2026-11-29", tz="Asia/Shanghai")
    assert d["date"] == "2026-11-29" and d["tz"] == "Asia/Shanghai"
    assert d["pillars"] == {"year": "丙午", "month": "己亥", "day": "丁未"}
    assert d["lunar"] == {"year": 2026, "month": 10, "day": 21, "leap": False}
    assert d["yuejiang"] == "寅"
    assert {k: d["qin"][k] for k in ("mansion", "name", "luminary", "yuan", "general")} == {
        "mansion": "昴", "name": "昴日雞", "luminary": "日", "yuan": 6, "general": "心"}
    assert [h["branch"] for h in d["hours"]] == list("子丑寅卯辰巳午未申酉戌亥")
    first = d["hours"][0]
    assert HOUR_KEYS <= set(first)
    assert first["start"] == "2026-11-28T23:00:00+08:00" and first["end"] == "2026-11-29T01:00:00+08:00"
    assert first["pillar"] == "庚子" and first["mansion"] == "虛"
    assert set(first["flags"]) == {"anjin", "fuduan", "jielu", "jielu_strict"}
    for h in d["hours"]:
        assert len(h["liuren"]["transmissions"]) == 3 and h["liuren"]["method"]


def test_solar_terms_inside_the_day_only():
    d = api.day("2026-12-07", tz="Asia/Shanghai")
    assert [t["name"] for t in d["solar_terms"]] == ["大雪"]
    assert d["solar_terms"][0]["at"].startswith("2026-12-07T") and d["solar_terms"][0]["at"].endswith("+08:00")
    assert api.day("2026-12-08", tz="Asia/Shanghai")["solar_terms"] == []
    # the month pillar of the 節 day is already the new month
    assert api.day("2026-12-07")["pillars"]["month"] == "庚子"
    assert api.day("2026-12-06")["pillars"]["month"] == "己亥"


def test_hour_yuejiang_turns_at_the_zhongqi_hour():
    # 冬至 2026-12-22 ~04:50 Beijing: 寅將 until then, 丑將 after.
    d = api.day("2026-12-22", tz="Asia/Shanghai")
    by = {h["branch"]: h["yuejiang"] for h in d["hours"]}
    assert by["寅"] == "寅" and by["卯"] == "丑"


@pytest.mark.parametrize("v", VECTORS, ids=[v["id"] for v in VECTORS])
def test_qin_vectors_through_api_day(v):
    civil = api.day(v["civil_date"], tz="Asia/Shanghai")
    assert civil["pillars"]["day"] == v["day_ganzhi"]
    assert civil["qin"]["name"] == v["day_qin"]
    assert civil["qin"]["yuan"] == v["qiyuan"]
    assert civil["qin"]["jiang"] == v["jiang_no"]
    assert civil["qin"]["jiang_star"] == v["jiang_star"]
    assert civil["flags"] == {"anjin": v["day_an_jin"], "fuduan": v["day_fu_duan"]}
    zi = api.day(v["zi_day"], tz="Asia/Shanghai")
    hour = next(h for h in zi["hours"] if h["branch"] == v["hour_branch"])
    clock = datetime.fromisoformat(v["input_local_clock"])
    start = datetime.fromisoformat(hour["start"]).replace(tzinfo=None)
    end = datetime.fromisoformat(hour["end"]).replace(tzinfo=None)
    assert start <= clock < end or (start - timedelta(hours=1) <= clock < end)  # DST years
    assert hour["pillar"] == v["hour_ganzhi"]
    assert hour["qin"]["name"] == v["hour_qin"]
    assert hour["flags"] == {"anjin": v["hour_an_jin"], "fuduan": v["hour_fu_duan"],
                             "jielu": v["jielu_kongwang"], "jielu_strict": v["jielu_strict_qinshu"]}


def test_hour_rule_option_reaches_api_day():
    v = next(v for v in VECTORS if v.get("hour_qin_yuan_variant") and v["hour_qin_yuan_variant"] != v["hour_qin"])
    zi = api.day(v["zi_day"], config={"qin": {"hour_rule": "qiyuan"}})
    hour = next(h for h in zi["hours"] if h["branch"] == v["hour_branch"])
    assert hour["qin"]["name"] == v["hour_qin_yuan_variant"]


def test_midnight_boundary_moves_the_zi_hour():
    d = api.day("2026-11-29", config={"calendar": {"day_boundary": "midnight"}})
    assert d["hours"][0]["start"] == "2026-11-29T00:00:00+08:00"
    assert d["hours"][-1]["end"] == "2026-11-29T23:00:00+08:00"


def test_day_in_another_zone_uses_its_clock():
    d = api.day("2026-11-29", tz="Asia/Seoul")
    assert d["hours"][0]["start"] == "2026-11-28T23:00:00+09:00"
    assert d["pillars"]["day"] == "丁未"


def test_cli_day_json_equals_api(capsys):
    assert main(["day", "2026-11-29", "--tz", "Asia/Shanghai", "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == api.day("2026-11-29", tz="Asia/Shanghai")


def test_cli_day_table_has_names_with_korean(capsys):
    assert main(["day", "2026-11-29"]) == 0
    out = capsys.readouterr().out
    assert "昴日雞 묘일계" in out and "丁未 정미" in out
    assert len([l for l in out.splitlines() if l.strip()[:1] in "子丑寅卯辰巳午未申酉戌亥"]) >= 12


def test_cli_day_task_adds_verdicts(capsys):
    assert main(["day", "2026-11-29", "--task", "travel", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert all("judgement" in h for h in doc["hours"])
    for h in doc["hours"]:  # 截路 (壬/癸 hour) vetoes travel
        if h["pillar"][0] in "壬癸":
            assert h["judgement"]["vetoed"]


@pytest.mark.parametrize("argv, needle", [
    (["day", "2026-02-30"], "not a valid date"),
    (["day", "2026-11-29", "--tz", "Mars/Base"], "unknown time zone"),
    (["day", "0999-01-01"], "supported range"),
    (["day", "2026-11-29", "--task", "flying"], "task"),
    (["day", "2026-11-29", "--bogus"], "unrecognized"),
    (["day", "2026-11-29", "--reasons"], "--reasons needs --task"),
    (["day", "2026-11-29", "--born", "1990", "--sex", "m"], "give --task NAME too"),
])
def test_cli_bad_input_is_one_line_exit_2(argv, needle, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("bad", ["2026-02-30", "", "2026/11/29", None])
def test_api_day_bad_input_raises_value_error(bad):
    with pytest.raises(ValueError):
        api.day(bad)
