"""The everyday layer: 생기복덕 against the printed table, 삼재, 손, the day JSON, `best --by day`
and its bad input (almanac.everyday, almanac.api.everyday)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from almanac import api
from almanac.cycles import BRANCHES
from almanac.errors import BadInput
from almanac.everyday import person as P
from almanac.everyday import son
from almanac.judgement.person import Person

#: The 생기복덕 조견표 as Korean almanacs print it (from 『천기대요(天機大要)』's 생기복덕법): for each
#: group of counted ages, the day branches of 생기, 복덕 and 천의 — man, then woman.
TABLE = {
    "m": [((1, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80), "卯", "辰巳", "酉"),
          ((2, 10, 18, 26, 34, 42, 50, 58, 66, 74), "戌亥", "未申", "午"),
          ((3, 11, 19, 27, 35, 43, 51, 59, 67, 75), "酉", "丑寅", "卯"),
          ((4, 12, 20, 28, 36, 44, 52, 60, 68, 76), "辰巳", "卯", "丑寅"),
          ((5, 13, 21, 29, 37, 45, 53, 61, 69, 77), "未申", "戌亥", "子"),
          ((6, 14, 22, 30, 38, 46, 54, 62, 70, 78), "午", "戌亥", "子"),
          ((7, 15, 23, 31, 39, 47, 55, 63, 71, 79), "子", "午", "未申"),
          ((9, 17, 25, 33, 41, 49, 57, 65, 73, 81), "丑寅", "酉", "辰巳")],
    "f": [((1, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80), "辰巳", "卯", "丑寅"),
          ((2, 9, 17, 25, 33, 41, 49, 57, 65, 73, 81), "酉", "丑寅", "卯"),
          ((3, 10, 18, 26, 34, 42, 50, 58, 66, 74), "戌亥", "未申", "午"),
          ((4, 11, 19, 27, 35, 43, 51, 59, 67, 75), "丑寅", "酉", "辰巳"),
          ((5, 12, 20, 28, 36, 44, 52, 60, 68, 76), "卯", "辰巳", "酉"),
          ((6, 13, 21, 29, 37, 45, 53, 61, 69, 77), "子", "午", "未申"),
          ((7, 14, 22, 30, 38, 46, 54, 62, 70, 78), "午", "戌亥", "子"),
          ((15, 23, 31, 39, 47, 55, 63, 71, 79), "未申", "戌亥", "子")],
}


#: The one row where the table and the rule part: 본명괘 震 (man 6, 14 …; woman 7, 14 …). By
#: 「一上生氣, 二中天醫 … 六中福德」 from 震 (☳) the top line gives 離 (생기 午), the middle then 乾
#: (천의 戌亥), and 福德 is 坎 (子); the table that was transcribed prints 천의 子 and 복덕 戌亥 (the
#: 艮 row's). The rule is followed (docs/everyday.md).
ZHEN_ROWS = {("m", "午", "戌亥", "子"): ("午", "子", "戌亥"), ("f", "午", "戌亥", "子"): ("午", "子", "戌亥")}


@pytest.mark.parametrize("sex", ["m", "f"])
def test_saenggi_bokdeok_is_the_printed_table(sex):
    for ages, saenggi, bokdeok, cheonui in TABLE[sex]:
        if P.trigram(ages[0], sex) == "震":
            saenggi, bokdeok, cheonui = ZHEN_ROWS[(sex, saenggi, bokdeok, cheonui)]
        for a in ages:
            base = P.trigram(a, sex)
            days = {name: "".join(b for b in BRANCHES if P.saenggi(base, BRANCHES.index(b)) == name)
                    for name in ("生氣", "福德", "天醫")}
            assert (days["生氣"], days["福德"], days["天醫"]) == (saenggi, bokdeok, cheonui), (sex, a)


def test_each_day_branch_has_one_of_the_eight_and_the_bad_ones_are_two_palaces():
    for sex in "mf":
        for a in range(1, 90):
            names = [P.saenggi(P.trigram(a, sex), b) for b in range(12)]
            assert set(names) == set(P.NAMES)
            assert sum(n in P.BAD for n in names) in (2, 3, 4)


def test_samjae():
    # 申子辰生 寅卯辰年, 巳酉丑生 亥子丑年, 寅午戌生 申酉戌年, 亥卯未生 巳午未年
    assert [P.samjae(Person(1992, "m"), y) for y in (2021, 2022, 2023, 2024, 2025)] == \
        [None, "들삼재", "눌삼재", "날삼재", None]                  # 壬申生: 寅卯辰 (2022–2024)
    assert [P.samjae(Person(1989, "f"), y) for y in (2019, 2020, 2021)] == ["들삼재", "눌삼재", "날삼재"]  # 己巳生: 亥子丑
    assert P.samjae(Person(1990, "m"), 2028) == "들삼재"             # 庚午生: 申酉戌 (2028 戊申)
    assert P.samjae(Person(1987, "f"), 2025) == "들삼재"             # 丁卯生: 巳午未 (2025 乙巳)


def test_son_convention_and_variant():
    assert [son.direction(d) for d in range(1, 11)] == ["E", "E", "S", "S", "W", "W", "N", "N", None, None]
    assert [son.direction(d, "ewsn") for d in (3, 4, 5, 6)] == ["W", "W", "S", "S"]


def test_day_json_everyday_and_hours():
    d = api.day("2026-11-29", tz="Asia/Shanghai")
    e = d["everyday"]
    assert (e["jianchu"], e["huangdao"], e["chong"]["pillar"], e["sha"]) == ("成", {"god": "明堂", "kind": "黃道"}, "辛丑", "西")
    assert e["son"] == {"free": False, "direction": "東", "lunar_day": 21}
    assert e["year"] == {"taisui": "午", "sansha": {"direction": "北", "branches": "亥子丑"},
                         "dajiangjun": {"direction": "東", "branch": "卯"}}
    assert [h["huangdao"]["kind"] for h in d["hours"]].count("黃道") == 6
    assert json.loads(json.dumps(d, ensure_ascii=False))["everyday"] == e


def test_son_follows_the_korean_calendar_in_seoul():
    # 2027-02-07 is lunar 1/1 in Seoul, 1/2 in Shanghai; 2027-02-15 is 1/9 in Seoul (손 없는 날)
    # and 1/10 in Shanghai (also free), 2027-02-16 1/10 in Seoul (free) and 1/11 in Shanghai (east)
    seoul = api.day("2027-02-16", tz="Asia/Seoul")["everyday"]["son"]
    shanghai = api.day("2027-02-16", tz="Asia/Shanghai")["everyday"]["son"]
    assert seoul == {"free": True, "direction": None, "lunar_day": 10}
    assert shanghai == {"free": False, "direction": "東", "lunar_day": 11}
    chinese = api.day("2027-02-16", tz="Asia/Seoul", config={"everyday": {"son_calendar": "chinese"}})
    assert chinese["everyday"]["son"]["free"] is False


def test_bad_everyday_option_is_refused():
    with pytest.raises(BadInput, match="everyday.son_order"):
        api.day("2026-11-29", config={"everyday": {"son_order": "nsew"}})
    with pytest.raises(BadInput):
        api.day("2026-11-29", config={"everyday": {"son_days": 1}})


def test_best_by_day_for_moving():
    doc = api.best("이사", "2026-12-01", "2026-12-31", tz="Asia/Seoul", born=1990, sex="f",
                   direction="동", lang="ko", limit=31)
    assert doc["by"] == "day" and doc["task"] == "moving" and len(doc["results"]) == 31
    for r in doc["results"]:
        # 2026 is a 午 year: 大將軍 in the east — a move east is never 吉 this year
        assert r["grave"] and r["verdict"] in ("凶", "大凶")
        assert any(x["rule"] == "everyday.dajiangjun" for x in r["reasons"])
        assert all(x["citation"] and not x["citation"].startswith("《協紀") for x in r["reasons"])
    west = api.best("이사", "2026-12-01", "2026-12-31", tz="Asia/Seoul", born=1990, sex="f",
                    direction="서", lang="ko", limit=31)
    free = [r for r in west["results"] if r["facts"]["son"]["free"]]
    assert free and all(any(x["rule"] == "everyday.son_free" for x in r["reasons"]) for r in free)
    assert any(r["verdict"] in ("吉", "大吉") for r in west["results"])
    for r in west["results"]:
        if any(x["grave"] for x in r["reasons"]):
            assert r["verdict"] in ("凶", "大凶")


def test_best_by_day_bad_input():
    with pytest.raises(BadInput, match="not ranked by day"):
        api.best("travel", "2026-12-01", "2026-12-02", by="day")
    with pytest.raises(BadInput, match="direction"):
        api.best("이사", "2026-12-01", "2026-12-02", direction="위")
    with pytest.raises(BadInput, match="by"):
        api.best("travel", "2026-12-01", "2026-12-02", by="week")
    with pytest.raises(BadInput, match="only when days are ranked"):
        api.best("travel", "2026-12-01", "2026-12-02", direction="동")


def test_cli_best_by_day_korean_and_exit_2():
    run = [sys.executable, "-m", "almanac", "best", "--task", "이사", "--from", "2026-12-08",
           "--to", "2026-12-10", "--born", "1990", "--sex", "f", "--direction", "서", "--place", "서울",
           "--by", "day", "--lang", "ko", "--limit", "2"]
    out = subprocess.run(run, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "할 일: 이사(移徙)" in out.stdout and "↳" in out.stdout
    bad = subprocess.run(run[:-6] + ["--by", "week"], capture_output=True, text=True)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
