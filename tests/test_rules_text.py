"""Each rule says what its own sentence says: tests built from the sentences of the seed texts,
over the hours of a year, against the facts and the catalog (not against remembered answers)."""
from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

import config
from almanac.judgement.catalog import load_catalog
from almanac.judgement.search import judged_facts

CAT = load_catalog()
TZ = ZoneInfo("Asia/Seoul")
CFG = config.load()


def _year(cfg=CFG, days=365, start=date(2026, 1, 1)):
    for i in range(days):
        for slot, f, fired in judged_facts(start + timedelta(days=i), TZ, cfg):
            yield slot, f, {CAT.rules[j].id for j in fired}


@pytest.fixture(scope="module")
def year():
    return list(_year())


# --------------------------------------------------------------------------- 000 演禽賦

def test_enemy_wins_when_his_general_transforms_and_mine_does_not(year):
    # 「如到他將雖弱，而得地、得變化；我禽雖高，而休因、失度、不化者，必主敵勝」
    cases = [(f, ids) for _, f, ids in year
             if f["daojiang_strength"] == "弱" and f["daojiang_state"] == "旺"
             and f["fanqin_strength"] == "雄" and f["fanqin_state"] != "旺"]
    assert len(cases) > 10
    rule = CAT.by_id["qin.ta_dedi_wo_buhua"]
    assert rule.effect_for("competition") < 0 and rule.grave_for("competition")
    for f, ids in cases:
        assert "qin.ta_dedi_wo_buhua" in ids
        assert "qin.wo_strong_ta_weak" not in ids      # rank alone does not decide


def test_we_win_only_when_standing_backs_rank(year):
    # 「如番我禽高而得地，他將低而休因，則主兵勝敵」
    for _, f, ids in year:
        if "qin.wo_strong_ta_weak" in ids:
            assert f["daojiang_state"] != "旺"
            assert f["wo_vs_ta"] == "高" and f["fanqin_state"] != "衰" or f["fanqin_state"] == "旺"


def test_a_good_qin_redeems_a_plain_jielu_hour_but_never_the_strict_one(year):
    # 「時直空亡，遇吉禽猶當取的」 … 《禽書》「此時縱得奇門，亦主阻滯，切不可用」
    good = bad = 0
    for _, f, ids in year:
        if not f["jielu"]:
            continue
        jiqin = f["hour_transform_kind"] == "吉" or (f["hour_qin_strength"] == "雄" and f["hour_state"] != "衰")
        vetoed = {r for r in ids if "travel" in CAT.by_id[r].veto}
        if f["jielu_strict"]:
            assert "qin.jielu_strict" in vetoed
        elif jiqin:
            good += 1
            assert not vetoed & {"qin.jielu", "qin.jielu_strict"} and "qin.jielu_jiqin" in ids
        else:
            bad += 1
            assert "qin.jielu" in vetoed
    assert good > 20 and bad > 100


def test_wei_at_you_is_the_peng_not_a_bird_hurt_in_daozhen(year):
    # 「危泊酉，化大鵬，降諸獸」 — the transformed 禽 is not 刀砧's victim
    seen = 0
    for _, f, ids in year:
        if f["hour_mansion"] == "危" and f["hour_branch"] == "酉":
            seen += 1
            assert f["hour_transform"] == "大鵬" and not f["hour_palace_harm"]
            assert "qin.transform_dapeng" in ids and "qin.palace_daozhen" not in ids
    assert seen


def test_fuduan_hour_is_only_for_troops_and_blocking_roads():
    # 「此伏斷之惡極凶，只宜出兵截路把隘」
    r = CAT.by_id["qin.fuduan_hour"]
    for t in CAT.tasks - {"competition", "pursuit"}:
        assert t in r.veto and r.grave_for(t) and r.effect_for(t) < 0
    assert r.effect_for("competition") > 0 and not r.grave_for("competition")


def test_other_sides_general_in_a_harmful_palace_is_our_chance(year):
    # 「惟到他人將泊之，於是我兵擊之大勝」
    hits = [(f, ids) for _, f, ids in year if f["daojiang_harmed"]]
    assert hits and all("qin.ta_harmed" in ids for _, ids in hits)
    assert CAT.by_id["qin.ta_harmed"].effect_for("competition") > 0


def test_jing_wei_affliction_ends_where_the_config_says():
    # 「犴燕到秋分而患生」 … 「春社旺」: the end point is the 演禽 engine's season_decline_end
    spring = date(2026, 3, 8)            # after 驚蟄, before 春分
    default = [ids for _, f, ids in _year(CFG, 10, spring) if f["hour_mansion"] == "危"]
    moved = config.load({"qin": {"season_decline_end": "春分"}})
    late = [ids for _, f, ids in _year(moved, 10, spring) if f["hour_mansion"] == "危"]
    assert default and late
    assert not any("qin.jing_wei_autumn" in ids for ids in default)
    assert all("qin.jing_wei_autumn" in ids for ids in late)
