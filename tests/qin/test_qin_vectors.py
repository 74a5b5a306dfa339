"""Every field of every vector in tests/vectors/qin.json, reproduced by the 演禽 engine."""
from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import pytest

from almanac.cycles import BRANCHES
from almanac.qin import QinOptions, SeasonMarks, day_qin, hour_qin, zi_hour
from almanac.qin.day import day_pillar

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "qin.json").read_text("utf-8"))["vectors"]
IDS = [v["id"] for v in VECTORS]

CONT = QinOptions()
YUAN = QinOptions(hour_rule="qiyuan")
WEEKDAY_YAO = "月火水木金土日"  # Monday … Sunday


def clock(v) -> datetime:
    return datetime.fromisoformat(v["input_local_clock"])


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_day_level(v):
    t = clock(v)
    assert t.date().isoformat() == v["civil_date"]
    d = day_qin(t.date(), CONT)
    assert WEEKDAY_YAO[t.weekday()] == v["weekday_yao"] == d.luminary
    assert str(d.pillar) == v["day_ganzhi"]
    assert d.mansion.name == v["day_qin"]
    assert d.yuan == v["qiyuan"]
    assert d.jiang == v["jiang_no"]
    assert d.jiang_star.name == v["jiang_star"]
    assert d.anjin is v["day_an_jin"]
    assert d.fuduan is v["day_fu_duan"]
    j = d.to_json()
    assert j["qin"]["mansion"] == v["day_qin"][0] and j["qin"]["name"] == v["day_qin"]
    assert j["qin"]["general"] == v["jiang_star"][0] and j["qin"]["yuan"] == v["qiyuan"]
    assert j["flags"] == {"anjin": v["day_an_jin"], "fuduan": v["day_fu_duan"]}


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_hour_level(v):
    zi_day, b = zi_hour(clock(v))
    assert zi_day.isoformat() == v["zi_day"]
    assert BRANCHES[b] == v["hour_branch"]
    h = hour_qin(zi_day, b, CONT)
    assert str(h.pillar) == v["hour_ganzhi"]
    assert h.mansion.name == v["hour_qin"]
    assert h.anjin is v["hour_an_jin"]
    assert h.fuduan is v["hour_fu_duan"]
    assert h.jielu is v["jielu_kongwang"]
    assert h.jielu_strict is v["jielu_strict_qinshu"]
    assert h.to_json()["flags"] == {"anjin": v["hour_an_jin"], "fuduan": v["hour_fu_duan"],
                                    "jielu": v["jielu_kongwang"],
                                    "jielu_strict": v["jielu_strict_qinshu"]}
    if "hour_qin_yuan_variant" in v:
        assert hour_qin(zi_day, b, YUAN).mansion.name == v["hour_qin_yuan_variant"]


@pytest.mark.parametrize("v", [v for v in VECTORS if "zi_day_values" in v],
                         ids=[v["id"] for v in VECTORS if "zi_day_values" in v])
def test_zi_day_values(v):
    zi_day, _ = zi_hour(clock(v))
    z = v["zi_day_values"]
    d = day_qin(zi_day, CONT)
    assert str(d.pillar) == z["day_ganzhi"]
    assert d.mansion.name == z["day_qin"]
    assert (d.yuan, d.jiang, d.jiang_star.name) == (z["qiyuan"], z["jiang_no"], z["jiang_star"])
    assert (d.anjin, d.fuduan) == (z["day_an_jin"], z["day_fu_duan"])


FQ = [v for v in VECTORS if "fanqin_daojiang" in v]


@pytest.mark.parametrize("v", FQ, ids=[v["id"] for v in FQ])
@pytest.mark.parametrize("variant", ["fixed", "yuan_variant"])
@pytest.mark.parametrize("tu", ["翼", "箕"])
def test_fanqin_daojiang(v, variant, tu):
    f = v["fanqin_daojiang"]
    rule = "continuous" if variant == "fixed" else "qiyuan"
    zi_day, b = zi_hour(clock(v))
    h = hour_qin(zi_day, b, QinOptions(hour_rule=rule, huoyao_tu_start=tu))
    assert h.qi_jiang.char == f["qi_jiang(=將星)"]
    exp = f[variant]
    assert h.mansion.char == exp["hour_qin"]
    assert h.fanqin.char == exp["fan_qin"]
    assert h.daojiang.char == exp["dao_jiang"]
    key = "huo_yao_A(土→翼)" if tu == "翼" else "huo_yao_B(土→箕)"
    assert h.huoyao.char == exp[key]
    j = h.to_json()
    assert (j["fanqin"]["mansion"], j["daojiang"]["mansion"], j["huoyao"]["mansion"]) == (
        exp["fan_qin"], exp["dao_jiang"], exp[key])


PUB = [v for v in VECTORS if "published" in v]


@pytest.mark.parametrize("v", PUB, ids=[v["id"] for v in PUB])
def test_published_examples(v):
    p = v["published"]
    zi_day, b = zi_hour(clock(v))
    y = hour_qin(zi_day, b, YUAN)
    assert y.mansion.char == p["hour_qin_yuan_variant"]
    assert y.fanqin.char == p["fan_qin_yuan"]
    assert y.daojiang.char == p["dao_jiang_yuan"]
    if "hour_qin_fixed" in p:
        assert hour_qin(zi_day, b, CONT).mansion.char == p["hour_qin_fixed"]
    if "huo_yao_B(土→箕, from 房)" in p:
        c = hour_qin(zi_day, b, QinOptions(huoyao_tu_start="箕"))
        assert c.huoyao.char == p["huo_yao_B(土→箕, from 房)"]


def test_zeri_jingcui_1994_11_13():
    """鍾義明《擇日精萃》 p.575: 1994-11-13 (七元 癸卯) 午時 → 時禽 心 (七元 rule); 氣將 牛,
    翻禽 角, 活曜 危 (the spec's published_examples)."""
    d = day_qin(date(1994, 11, 13), CONT)
    assert (str(d.pillar), d.yuan, d.jiang_star.char) == ("癸卯", 7, "牛")
    h = hour_qin(date(1994, 11, 13), "午", YUAN)
    assert (h.mansion.char, h.qi_jiang.char, h.fanqin.char, h.huoyao.char) == ("心", "牛", "角", "危")
    assert hour_qin(date(1994, 11, 13), "午", CONT).mansion.char == "胃"


def test_ptt_unseparated_2008_11_22():
    """PTT 「不分七元」: 2008-11-22 巳時 → 房, 活曜 斗 (箕 version)."""
    h = hour_qin(date(2008, 11, 22), "巳", QinOptions(huoyao_tu_start="箕"))
    assert (h.mansion.char, h.huoyao.char) == ("房", "斗")


ST = [v for v in VECTORS if "solar_terms_this_year_beijing" in v]


@pytest.mark.parametrize("v", ST, ids=[v["id"] for v in ST])
def test_season_marks_from_term_instants(v):
    terms = {k: datetime.fromisoformat(t) for k, t in v["solar_terms_this_year_beijing"].items()}
    marks = SeasonMarks.from_instants(clock(v), terms)
    assert marks.after_jingzhe is v["after_jingzhe"]
    assert marks.after_qiufen is v["after_qiufen"]


@pytest.mark.parametrize("v", VECTORS, ids=IDS)
def test_cross_checks_recorded_in_vector(v):
    """The library outputs stored with each vector agree with the engine too."""
    cc = v["cross_checks"]
    t = clock(v)
    lp = cc.get("lunar_python", {})
    if "getDayInGanZhi" in lp:
        assert lp["getDayInGanZhi"] == str(day_pillar(t.date()))
    if "getXiu" in lp:
        assert lp["getXiu"] == day_qin(t.date()).mansion.char
    if "getTimeInGanZhi" in lp:
        zi_day, b = zi_hour(t)
        assert lp["getTimeInGanZhi"] == str(hour_qin(zi_day, b).pillar)
