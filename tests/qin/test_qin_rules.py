"""The 演禽 rules one by one: options, taboos and their variants, 翻禽 labels, palaces and the
seed's named situations, seasons, citations, JSON and bad input."""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from almanac import sources
from almanac.cycles import BRANCHES, GanZhi
from almanac.errors import BadInput
from almanac.mansions import Mansion
from almanac.qin import DayQin, HourQin, QinOptions, SeasonMarks, day_qin, hour_qin, zi_hour
from almanac.qin import palaces, taboos
from almanac.qin.options import CHOICES, SOURCES
from almanac.qin.seasons import seasonal_situations

SEED = (Path(__file__).resolve().parents[1] / "seeds" / "000_4c1b45775ab319f3.txt").read_text("utf-8")
M = Mansion.parse


# --- citations ---------------------------------------------------------------------------------

def test_every_qin_citation_occurs_verbatim_in_the_seed():
    import almanac.qin.hour  # noqa: F401  (import every module that cites)
    import almanac.qin.seasons  # noqa: F401
    mine = [s for s in sources.REGISTRY if s.file == sources.QIN_FU]
    assert len(mine) > 30
    for s in mine:
        assert s.opening in SEED, s


def test_every_reported_fact_is_cited():
    d = day_qin(date(2024, 1, 5)).to_json()
    assert set(d["qin"]["citations"]) >= {"mansion", "name", "yuan", "general", "anjin", "fuduan"}
    h = hour_qin(date(2024, 1, 5), 0).to_json()
    assert set(h["citations"]) >= {"mansion", "qi_jiang", "fanqin", "daojiang", "huoyao", "anjin",
                                   "fuduan", "jielu", "jielu_strict", "palace"}
    for c in list(d["qin"]["citations"].values()) + list(h["citations"].values()):
        assert c.startswith(sources.QIN_FU + ": ") and c.split(": ", 1)[1] in SEED
    assert set(SOURCES) == set(CHOICES)


# --- options -----------------------------------------------------------------------------------

def test_default_config_section_matches_the_dataclass_defaults():
    from almanac.config import load
    assert QinOptions.from_config(load()) == QinOptions()
    assert QinOptions.from_config(None) == QinOptions()
    assert QinOptions.from_config({}) == QinOptions()


def test_every_option_value_accepted_through_config():
    from almanac.config import load
    for key, values in CHOICES.items():
        for value in values:
            assert getattr(QinOptions.from_config(load({"qin": {key: value}})), key) == value


@pytest.mark.parametrize("bad", [{"qin": {"hour_rule": "weekly"}}, {"qin": {"nope": 1}},
                                 {"qin": {"jielu_table": "both"}}, {"qin": 3}])
def test_bad_options(bad):
    with pytest.raises(BadInput):
        QinOptions.from_config(bad)


# --- day / hour interface ----------------------------------------------------------------------

def test_contract_example_day():
    """CONTRACT.md: 2026-11-29 → qin {mansion 昴, name 昴日雞, luminary 日, yuan 6, general 心};
    its 子 hour (28th 23:00) is 庚子 虛. That hour is 伏斷 (子 with 虛, 「子虛丑斗…」; Sunday's
    伏斷 hours are 子寅酉 by the rhyme 「太陽子酉寅」), although the CONTRACT's illustrative sample
    shows ``fuduan: false`` there."""
    j = day_qin(date(2026, 11, 29)).to_json()
    assert {k: j["qin"][k] for k in ("mansion", "name", "luminary", "yuan", "general")} == {
        "mansion": "昴", "name": "昴日雞", "luminary": "日", "yuan": 6, "general": "心"}
    h = hour_qin(*zi_hour(datetime(2026, 11, 28, 23, 0))).to_json()
    assert (h["branch"], h["pillar"], h["mansion"]) == ("子", "庚子", "虛")
    assert h["flags"] == {"anjin": False, "fuduan": True, "jielu": False, "jielu_strict": False}


def test_seed_yuan_examples():
    """The 訣: 一元 甲子虛…戊寅星 / 己卯張…癸巳危 / 甲午室…戊申翼 / 己酉軫…癸亥壁;
    二元 甲子奎…戊寅角 / 己卯亢…癸巳婁 / 甲午胃…戊申氐 / 己酉房…癸亥昴; 三元 甲子畢…癸亥井."""
    first = date(2024, 10, 27)                  # an 一元 甲子
    expect = {0: ("甲子", "虛", "虛"), 14: ("戊寅", "星", "虛"), 15: ("己卯", "張", "張"),
              29: ("癸巳", "危", "張"), 30: ("甲午", "室", "室"), 44: ("戊申", "翼", "室"),
              45: ("己酉", "軫", "軫"), 59: ("癸亥", "壁", "軫"),
              60: ("甲子", "奎", "奎"), 74: ("戊寅", "角", "奎"), 75: ("己卯", "亢", "亢"),
              89: ("癸巳", "婁", "亢"), 90: ("甲午", "胃", "胃"), 104: ("戊申", "氐", "胃"),
              105: ("己酉", "房", "房"), 119: ("癸亥", "昴", "房"), 120: ("甲子", "畢", "畢"),
              179: ("癸亥", "井", "斗")}
    for n, (gz, m, star) in expect.items():
        d = day_qin(first + timedelta(days=n))
        assert (str(d.pillar), d.mansion.char, d.jiang_star.char) == (gz, m, star), n
    heads = "".join(day_qin(first + timedelta(days=60 * y)).mansion.char for y in range(7))
    assert heads == "虛奎畢鬼翼氐箕"
    stars = ["".join(day_qin(first + timedelta(days=60 * y + 15 * j)).jiang_star.char for j in range(4))
             for y in range(7)]
    assert stars == ["虛張室軫", "奎亢胃房", "畢尾參斗", "鬼女星危", "翼壁角婁", "氐昴心觜", "箕井牛柳"]


def test_zi_hour_reads_the_clock():
    assert zi_hour(datetime(2024, 1, 5, 23, 30)) == (date(2024, 1, 6), 0)
    assert zi_hour(datetime(2024, 1, 5, 0, 59)) == (date(2024, 1, 5), 0)
    assert zi_hour(datetime(2024, 1, 5, 1, 0)) == (date(2024, 1, 5), 1)
    assert zi_hour(datetime(2024, 1, 5, 22, 59)) == (date(2024, 1, 5), 11)
    with pytest.raises(BadInput):
        zi_hour(date(2024, 1, 5))


def test_hour_branch_as_character_and_bad_input():
    assert hour_qin(date(2024, 1, 5), "午") == hour_qin(date(2024, 1, 5), 6)
    for bad in (12, -1, "甲", "", True, None):
        with pytest.raises(BadInput):
            hour_qin(date(2024, 1, 5), bad)
    with pytest.raises(BadInput):
        day_qin("2024-13-01")
    assert day_qin("2024-01-05") == day_qin(date(2024, 1, 5))


def test_json_is_serialisable_and_frozen():
    h = hour_qin(date(2024, 1, 5), 5, QinOptions(bo="suobo"), season=SeasonMarks(after_jingzhe=False))
    json.dumps(h.to_json(), ensure_ascii=False)
    json.dumps(day_qin(date(2024, 1, 5)).to_json(), ensure_ascii=False)
    with pytest.raises(AttributeError):
        h.mansion = M("角")  # type: ignore[misc]
    assert isinstance(h, HourQin) and isinstance(h.day, DayQin)


# --- taboos ------------------------------------------------------------------------------------

def test_fuduan_table():
    assert taboos.FU_DUAN == "虛斗室女箕房角張鬼觜胃壁"
    assert day_qin(date(2025, 1, 19)).fuduan and str(day_qin(date(2025, 1, 19)).pillar) == "戊子"
    assert day_qin(date(2025, 2, 13)).fuduan and day_qin(date(2025, 2, 13)).mansion.char == "斗"


def test_anjin_hour_table_under_the_continuous_rule():
    """Per weekday: 日 巳; 月 子未; 火 寅酉; 水 辰亥; 木 午; 金 丑申; 土 卯戌."""
    expect = {"日": "巳", "月": "子未", "火": "寅酉", "水": "辰亥", "木": "午", "金": "丑申", "土": "卯戌"}
    d = date(2024, 3, 3)                                    # a Sunday
    for i in range(7):
        day = d + timedelta(days=i)
        got = "".join(BRANCHES[b] for b in range(12) if hour_qin(day, b).anjin)
        assert got == expect[day_qin(day).luminary]


def test_anjin_fuduan_hour_rhyme():
    """「太陽子酉寅，太陰午一日。火宿丑卯戌，金申木亥辰。水未土來巳」: the 伏斷 hours per 七曜."""
    expect = {"日": "子寅酉", "月": "午", "火": "丑卯戌", "水": "未", "木": "辰亥", "金": "申", "土": "巳"}
    for i in range(7):
        day = date(2024, 3, 3) + timedelta(days=i)
        got = "".join(BRANCHES[b] for b in range(12) if hour_qin(day, b).fuduan)
        assert got == expect[day_qin(day).luminary]


def test_anjin_fanqin_exception():
    hits = [(d, b) for d in (date(2024, 3, 3) + timedelta(days=i) for i in range(60)) for b in range(12)
            if hour_qin(d, b).fanqin.char in "亢婁"]
    assert hits and all(hour_qin(d, b).anjin_fanqin_ok for d, b in hits)


def test_jielu_tables_on_wu_and_gui_days():
    wu = date(2024, 1, 5)                       # 戊 day: 壬子 癸丑 … 壬戌 癸亥
    assert str(day_qin(wu).pillar)[0] == "戊"
    for table, hours in (("stem", "子丑戌亥"), ("yuanhai_zichou", "子丑"), ("sanming_xuhai", "戌亥")):
        got = "".join(BRANCHES[b] for b in range(12) if hour_qin(wu, b, QinOptions(jielu_table=table)).jielu)
        assert got == hours, table
    # the 23:30 of a 戊 day is the next (己) day's 甲子 hour: not 截路
    assert not hour_qin(*zi_hour(datetime(2024, 1, 5, 23, 30))).jielu
    for stem_day, hours in (("甲", "申酉"), ("乙", "午未"), ("丙", "辰巳"), ("丁", "寅卯")):
        d = next(date(2024, 1, 1) + timedelta(days=i) for i in range(10)
                 if str(day_qin(date(2024, 1, 1) + timedelta(days=i)).pillar)[0] == stem_day)
        for table in CHOICES["jielu_table"]:
            got = "".join(BRANCHES[b] for b in range(12) if hour_qin(d, b, QinOptions(jielu_table=table)).jielu)
            assert got == hours


def test_jielu_strict_and_its_usage():
    assert taboos.jielu_strict(GanZhi.parse("壬子"), M("虛"))
    assert not taboos.jielu_strict(GanZhi.parse("甲子"), M("虛"))
    n_strict = n_broad = 0
    d = date(2030, 5, 1)
    for i in range(140 // 12 + 2):
        for b in range(12):
            h = hour_qin(d + timedelta(days=i), b)
            r = hour_qin(d + timedelta(days=i), b, QinOptions(jielu_strict_usage="replace"))
            assert r.jielu == h.jielu_strict and (not h.jielu_strict or h.jielu)
            n_strict += h.jielu_strict
            n_broad += h.jielu
    assert 0 < n_strict < n_broad


# --- 翻禽 labels and 活曜 ---------------------------------------------------------------------------

def test_fanqin_labels():
    a = hour_qin(date(2008, 11, 22), 5).to_json()
    b = hour_qin(date(2008, 11, 22), 5, QinOptions(fanqin_labels="fan_they")).to_json()
    assert (a["fanqin"]["side"], a["daojiang"]["side"]) == ("我", "彼")
    assert (b["fanqin"]["side"], b["daojiang"]["side"]) == ("彼", "我")
    assert a["fanqin"]["mansion"] == b["fanqin"]["mansion"]


def test_huoyao_tu_start_only_matters_for_earth_hour_qin():
    differ = 0
    for i in range(7):
        for b in range(12):
            d = date(2024, 3, 3) + timedelta(days=i)
            y, j = hour_qin(d, b), hour_qin(d, b, QinOptions(huoyao_tu_start="箕"))
            if y.mansion.luminary != "土":
                assert y.huoyao == j.huoyao
            else:
                differ += y.huoyao != j.huoyao
    assert differ > 0


# --- palaces and situations --------------------------------------------------------------------

def codes(m, branch, who="時禽", **kw):
    return [s.code for s in palaces.situations(M(m), BRANCHES.index(branch), who, **kw)]


def test_palaces():
    assert "".join(p[0] if p else "-" for p in palaces.PALACES) == "-田---湯湯田刀刀--"


@pytest.mark.parametrize("m,branch,expect", [
    ("室", "寅", ["shi_hu_xue"]),                                # 豕臨虎穴
    ("觜", "巳", ["tanghuo", "hou_ru_she_ku"]),                  # 猴入蛇窟
    ("婁", "丑", ["lou_tianao"]),                                # 婁化天鰲
    ("婁", "巳", ["tanghuo_lou", "lou_tianao", "lou_shizi"]),
    ("婁", "午", ["tanghuo_lou", "lou_shizi"]),
    ("危", "酉", ["wei_dapeng"]),          # 危化大鵬: 「危泊酉，化大鵬，降諸獸」 — the 鵬 is not 刀砧's victim
    ("昴", "亥", ["mao_jiao"]), ("昴", "卯", ["mao_feng"]),       # 昴化蛟 / 鳳
    ("胃", "午", ["wei_ying"]),                                   # 胃化鷹 (not hurt by 湯火)
    ("牛", "午", ["niu_shi_wu"]), ("牛", "戌", ["niu_shijiao"]), ("牛", "寅", ["niu_yin"]),
    ("尾", "丑", ["hubao_tianyuan"]), ("箕", "未", ["hubao_tianyuan"]),   # 虎豹泊田園
    ("角", "巳", ["tanghuo", "jiaolong_tanghuo"]), ("亢", "午", ["tanghuo", "jiaolong_tanghuo"]),
    ("井", "申", ["daozhen_exempt"]), ("井", "酉", ["daozhen_exempt"]),     # 惟犴泊無忌
    ("虛", "申", ["daozhen"]), ("心", "子", []), ("軫", "申", []),
])
def test_situations(m, branch, expect):
    assert codes(m, branch) == expect


def test_other_sides_general_on_a_harmful_palace_is_good_for_us():
    assert codes("虛", "申", "到將", other_side=True) == ["daozhen", "other_general_harmed"]


def test_hour_situations_name_each_role():
    h = hour_qin(date(2008, 11, 22), 5, QinOptions(hour_rule="qiyuan"))   # 時禽 婁 in 巳
    assert {(s.who, s.code) for s in h.situations} >= {("時禽", "lou_tianao"), ("番禽", "tanghuo")}
    assert h.palace == "湯火"


def test_suobo_reading_of_bo():
    # 日 長生 午: 虛 in the 午 hour is on 山 (寅 of the fixed ring), in the 申 hour on 崗 (辰)
    assert palaces.suobo_branch(M("虛"), 6) == 2 and palaces.suobo_branch(M("虛"), 8) == 4
    h = hour_qin(date(2026, 11, 29), 0, QinOptions(bo="suobo"))         # 時禽 虛 in 子
    assert h.to_json()["palace"] == {"branch": "申", "name": "刀砧", "house": "刀"}
    assert h.to_json()["citations"]["palace"] == str(palaces.SRC_SUOBO)
    assert palaces.SRC_SUOBO.quote == "更演鎖泊何者得地"


# --- seasons -----------------------------------------------------------------------------------

def marks_at(month_day: tuple[int, int]) -> SeasonMarks:
    terms = {"立春": (2, 4), "驚蟄": (3, 5), "春分": (3, 20), "立秋": (8, 7), "秋分": (9, 23),
             "立冬": (11, 7), "冬至": (12, 21)}
    t = datetime(2024, *month_day, 12)
    return SeasonMarks.from_instants(t, {k: datetime(2024, *v) for k, v in terms.items()})


@pytest.mark.parametrize("md,mansion,expect", [
    ((3, 1), "亢", []), ((3, 6), "亢", ["season_rise"]), ((8, 6), "翼", ["season_rise"]),
    ((8, 8), "翼", []), ((9, 24), "危", ["season_decline"]), ((1, 10), "危", ["season_decline"]),
    ((3, 6), "危", ["season_she_wang"]), ((9, 24), "井", ["season_decline"]),
    ((11, 8), "井", ["season_jing_winter"]), ((1, 10), "井", ["season_jing_winter"]),
    ((2, 20), "井", ["season_decline"]), ((5, 1), "井", ["season_she_wang"]), ((5, 1), "角", []),
])
def test_seasonal_rules_default_end_points(md, mansion, expect):
    got = [s.code for s in seasonal_situations(M(mansion), marks_at(md), QinOptions(), "時禽")]
    assert got == expect


def test_seasonal_end_point_options():
    opts = QinOptions(season_rise_end="立冬", season_decline_end="春分", jing_winter_start="冬至")
    assert [s.code for s in seasonal_situations(M("亢"), marks_at((9, 1)), opts, "x")] == ["season_rise"]
    assert [s.code for s in seasonal_situations(M("危"), marks_at((3, 10)), opts, "x")] == ["season_decline"]
    assert [s.code for s in seasonal_situations(M("井"), marks_at((11, 8)), opts, "x")] == ["season_decline"]


def test_unknown_marks_switch_rules_off_and_bad_terms_are_refused():
    assert seasonal_situations(M("亢"), SeasonMarks(after_jingzhe=True), QinOptions(), "x") == ()
    assert seasonal_situations(M("亢"), None, QinOptions(), "x") == ()
    with pytest.raises(BadInput):
        SeasonMarks.from_instants(datetime(2024, 3, 1), {"清明": datetime(2024, 4, 4)})
    with pytest.raises(BadInput):
        SeasonMarks.from_instants(datetime(2024, 3, 1), {"驚蟄": datetime(2023, 3, 6)})
    assert SeasonMarks.from_instants(datetime(2024, 3, 6), {"惊蛰": datetime(2024, 3, 5)}).after_jingzhe


def test_season_reaches_day_and_hour_results():
    s = SeasonMarks(after_lichun=True, after_jingzhe=True, after_chunfen=True, after_liqiu=False,
                    after_qiufen=False, after_lidong=False, after_dongzhi=False)
    d = next(date(2024, 5, 1) + timedelta(days=i) for i in range(28)
             if day_qin(date(2024, 5, 1) + timedelta(days=i)).mansion.char == "亢")
    assert [x.code for x in day_qin(d, season=s).situations] == ["season_rise"]
