"""《畢法賦》's verses read for every matter (almanac/data/rules/007_bifa.toml), checked against the
examples their own commentaries give (《六壬大全》 卷九–十):

- 首尾相見始終宜: 「惟乙未辛丑丙申壬寅戊申五日有之干上有旬首支上有旬尾惟乙丑辛未丙寅戊寅壬申五日有之」;
- 魁度天門關隔定: 「如壬午壬辰壬子壬戌癸亥五日并〔戌加亥〕為用旦暮天將皆是白虎又乙亥日丙子丁亥戊子乙未己亥
  庚子己酉辛亥此九日亦見〔戌加亥〕為用者」;
- 彼此全傷防兩損: 「如丁亥日〔干上子〕水克丁火支上辰土克亥水者類是也…内辛未日〔干上午支上卯〕」;
- 將逢內戰所謀危: the commentary's 內戰 of each general (「六合内戰為發用者…如癸巳日晝占六合加申」 …);
- 貴雖在獄宜臨干: 「謂天乙貴人加臨地盤辰戌上者雖名入獄如是乙辛二日占却名貴人臨身…餘者八干旦暮貴人坐地盤辰戊之
  上始名天乙入獄干官貴怒…如辰戌二日占之乃為貴人入宅却非坐獄論也」.
"""
from __future__ import annotations

import pytest

from almanac import api
from almanac.cycles import BRANCHES, PILLARS

# the elements of the stems and branches and what overcomes what, written out here so the verse's
# condition is checked against the plain rule, not against the engine's own tables
ELEMENT = dict(zip("甲乙丙丁戊己庚辛壬癸", "木木火火土土金金水水")) | dict(zip(BRANCHES, "水土木木土火火土金金土水"))
OVERCOMES = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}
LODGING = dict(zip("甲乙丙丁戊己庚辛壬癸", "寅辰巳未巳未申戌亥丑"))


@pytest.fixture(scope="module")
def charts():
    """Every 局 of the 720 (day pillar × branch over the stem) with a day noble, read for 百事."""
    return {(str(p), g): api.textbook_chart(str(p), gan_shang=g, noble="day", task="general")
            for p in PILLARS for g in BRANCHES}


def _reads(chart, rule: str) -> bool:
    return rule in {x["rule"] for x in chart["reading"]["reasons"]}


def _under(chart) -> dict[str, str]:
    return {sky: ground for ground, sky in chart["plate"].items()}


def test_beginning_meets_end_on_the_ten_days_the_commentary_names(charts):
    days = {d for (d, _), c in charts.items() if _reads(c, "liuren.bifa_shouwei")}
    assert days == set("乙未 辛丑 丙申 壬寅 戊申 乙丑 辛未 丙寅 戊寅 壬申".split())


def test_beginning_meets_end_keeps_an_illness_from_dispersing():
    for task, sign in (("health", -1), ("wealth", 1), ("office", 1)):
        c = api.textbook_chart("乙未", gan_shang="卯", noble="day", task=task)     # 干上旬尾 卯, 支上旬首 午
        assert c["lessons"][0]["upper"] == "卯" and c["lessons"][2]["upper"] == "午"
        (reason,) = [x for x in c["reading"]["reasons"] if x["rule"] == "liuren.bifa_shouwei"]
        assert reason["effect"] * sign > 0, task


def test_the_dipper_crosses_the_gate_on_the_days_the_commentary_names(charts):
    crossing = {d for (d, _), c in charts.items() if c["transmissions"][0] == "戌" and _under(c)["戌"] == "亥"}
    named = set("壬午 壬辰 壬子 壬戌 癸亥 乙亥 丙子 丁亥 戊子 乙未 己亥 庚子 己酉 辛亥".split())
    # 壬申 has it too, but 戌 is void in the 甲子 旬 (「空亡發用，憂喜俱不成」): the commentary leaves it out
    assert crossing == named | {"壬申"}
    reading = {d for (d, _), c in charts.items() if _reads(c, "liuren.bifa_kuidu")}
    assert reading == named
    for d in ("壬午", "壬辰", "壬子", "壬戌", "癸亥"):        # 「旦暮天將皆是白虎」
        (g,) = [g for (day, g), c in charts.items() if day == d and _reads(c, "liuren.bifa_kuidu")]
        for noble in ("day", "night"):
            assert api.textbook_chart(d, gan_shang=g, noble=noble)["generals"]["戌"] == "白虎", (d, noble)


def test_both_houses_hurt_where_each_upper_overcomes_its_own_and_neither_is_void(charts):
    def overcomes(a: str, b: str) -> bool:
        return OVERCOMES[ELEMENT[a]] == ELEMENT[b]

    for (d, g), c in charts.items():
        gs, zs = c["plate"][LODGING[d[0]]], c["plate"][d[1]]
        expect = overcomes(gs, d[0]) and overcomes(zs, d[1]) and gs not in c["void"] and zs not in c["void"]
        assert _reads(c, "liuren.bifa_liangsun") is expect, (d, g)
    assert _reads(charts[("丁亥", "子")], "liuren.bifa_liangsun")
    assert _reads(charts[("辛未", "午")], "liuren.bifa_liangsun")
    assert sum(_reads(c, "liuren.bifa_liangsun") for c in charts.values()) > 12


def test_a_lawsuit_hurts_both_parties_most_and_a_journey_reads_its_own_chapter():
    law = api.textbook_chart("丁亥", gan_shang="子", noble="day", task="lawsuit")["reading"]["reasons"]
    gen = api.textbook_chart("丁亥", gan_shang="子", noble="day", task="general")["reading"]["reasons"]
    effect = {x["rule"]: x["effect"] for x in law} | {"general": next(
        x["effect"] for x in gen if x["rule"] == "liuren.bifa_liangsun")}
    assert effect["liuren.bifa_liangsun"] < effect["general"] < 0
    travel = {x["rule"] for x in api.textbook_chart("丁亥", gan_shang="子", noble="day",
                                                   task="travel")["reading"]["reasons"]}
    assert "liuren.m_xing_ganzhi_ke" in travel and "liuren.bifa_liangsun" not in travel


# 將逢內戰所謀危's commentary: (day, 發用, the ground under it, 晝/夜, the general at war) — 「六合内戰為發用者
# …如癸巳日晝占六合加申申金加巳火之上」, 「天后内戰為發用者如丁卯〔戌加卯〕旦占」, 「夜貴内戰格六癸日〔卯臨申〕
# 為用」, 「螣蛇内戰丙辰日旦〔子臨辰〕為用」, 「朱雀内戰格丁丑日夜占乃朱雀乘〔亥臨丑〕為用」, 「勾陳内戰格丁丑
# 日晝占乃勾陳乘〔卯臨申〕」, 「青龍内戰格壬寅日夜占乃青龍乘〔申臨巳〕」, 「白虎内戰格丁亥日晝占乃白虎乘
# 〔午臨亥〕」, 「太常内戰格丁酉日晝占乃太常乘〔卯臨酉〕」, 「天空内戰格如丁丑日〔卯加申〕為用夜占」,
# 「太隂内戰格壬辰戌日〔返吟〕夜占乃太隂乘〔巳臨亥〕為用」
NEIZHAN = [("癸巳", "申", "巳", "day", "六合"), ("丁卯", "戌", "卯", "day", "天后"), ("癸未", "卯", "申", "night", "貴人"),
           ("丙辰", "子", "辰", "day", "螣蛇"), ("丁丑", "亥", "丑", "night", "朱雀"), ("丁丑", "卯", "申", "day", "勾陳"),
           ("壬寅", "申", "巳", "night", "青龍"), ("丁亥", "午", "亥", "day", "白虎"), ("丁酉", "卯", "酉", "day", "太常"),
           ("丁丑", "卯", "申", "night", "天空"), ("壬辰", "巳", "亥", "night", "太陰"), ("壬戌", "巳", "亥", "night", "太陰")]


@pytest.mark.parametrize("day,sky,ground,noble,general", NEIZHAN)
def test_each_general_at_war_within_is_the_commentarys(day, sky, ground, noble, general):
    (c,) = [c for c in (api.textbook_chart(day, gan_shang=g, noble=noble, task="general") for g in BRANCHES)
            if c["transmissions"][0] == sky and _under(c)[sky] == ground]
    assert c["generals"][sky] == general
    # a void 發用 brings neither joy nor sorrow (「空亡發用，憂喜俱不成」): 丁卯's 戌, 丙辰's 子, 丁亥's 午
    assert _reads(c, "liuren.bifa_neizhan") is (sky not in c["void"])


@pytest.mark.parametrize("noble", ["day", "night"])
def test_the_noble_in_prison_is_angry_at_a_petition_for_office(noble):
    seen = set()
    for p in PILLARS:
        d = str(p)
        for g in BRANCHES:
            c = api.textbook_chart(d, gan_shang=g, noble=noble, task="office")
            ground = c["noble"]["ground"]
            prison = ground in "辰戌" and ground != LODGING[d[0]] and d[1] not in "辰戌"
            expect = prison and c["noble"]["branch"] not in c["void"]
            assert _reads(c, "liuren.m_guan_guiren_yu") is expect, (d, g)
            if ground in "辰戌":
                seen.add("乙辛臨身" if ground == LODGING[d[0]] else "辰戌入宅" if d[1] in "辰戌" else "入獄")
    assert seen == {"乙辛臨身", "辰戌入宅", "入獄"}
    c = api.textbook_chart("甲子", gan_shang="子", noble=noble, task="wealth")
    assert not _reads(c, "liuren.m_guan_guiren_yu")


# 虎臨干鬼凶速速: 「唯宜詳其虎鬼或空亡或鬼坐鬼方或坐生方及虎之隂神能制虎者雖目前值其灾禍後却無畏也」
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}


@pytest.mark.parametrize("day, gan_shang, noble", [
    ("甲子", "子", "day"),      # 〔申加戌〕: 「虎之隂神上乘午火而制虎鬼」
    ("甲子", "辰", "day"),      # 〔申加午〕: 「鬼坐鬼方無所畏」
    ("戊寅", "申", "night"),    # 〔寅加亥〕: 「鬼自就生不來侵」
])
def test_the_tiger_ghost_held_is_the_verses_own_exception(day, gan_shang, noble):
    c = api.textbook_chart(day, gan_shang=gan_shang, noble=noble, task="health")
    rules = {x["rule"]: x for x in c["reading"]["reasons"]}
    assert "liuren.m_bing_hu_gui_zhi" in rules and rules["liuren.m_bing_hu_gui_zhi"]["effect"] > 0
    assert "liuren.m_bing_hu_gui" not in rules            # the grave 「凶速速」 stands aside


def test_the_tiger_ghost_is_grave_only_where_nothing_holds_it(charts):
    seen = 0
    for (day, _), c0 in charts.items():
        tiger = next(b for b, g in c0["generals"].items() if g == "白虎")
        if OVERCOMES[ELEMENT[tiger]] != ELEMENT[day[0]] or tiger in c0["void"]:
            continue
        ground, over = _under(c0)[tiger], c0["plate"][tiger]
        held = (OVERCOMES[ELEMENT[ground]] == ELEMENT[tiger] or GENERATES[ELEMENT[ground]] == ELEMENT[tiger]
                or OVERCOMES[ELEMENT[over]] == ELEMENT[tiger])
        c = api.textbook_chart(day, gan_shang=c0["lessons"][0]["upper"], noble="day", task="health")
        rules = {x["rule"] for x in c["reading"]["reasons"]}
        if "liuren.m_bing_hu_gui" in rules:
            seen += 1
            assert not held, day
        if "liuren.m_bing_hu_gui_zhi" in rules:
            assert held, day
    assert seen


def test_the_ghost_over_the_third_and_fourth_lessons_as_the_note_shows():
    # 「謂日干之鬼臨干第三四課全者…如或全值空亡始能免此。如乙未日〔申加未〕為第三課〔酉加申〕為第四課者類
    #  如甲戌日〔酉加戌〕為第三課〔申加酉〕第四課…尤幸皆作空亡不能為害」
    for day, gan_shang, reads in (("乙未", "巳", True), ("甲戌", "丑", False)):
        c = api.textbook_chart(day, gan_shang=gan_shang, noble="day", task="lawsuit")
        assert [c["lessons"][2]["upper"], c["lessons"][3]["upper"]] == (["申", "酉"] if day == "乙未" else ["酉", "申"])
        assert _reads(c, "liuren.m_song_gui_34") == reads, day


def test_the_net_is_the_branch_after_the_stem_or_after_the_day_branch():
    # 「謂干上乘干前一辰支上乘支前一辰故名天羅地網…如甲申日〔干上卯支上酉〕…干上乘支之網支上乘干之羅者例
    #  …如庚寅日〔干上卯支上酉〕」; 甲子 干上酉 (the 寄宮's opposite branch) is no net in this note
    for day, gan_shang, net in (("甲申", "卯", True), ("庚寅", "卯", True), ("甲子", "酉", False)):
        c = api.textbook_chart(day, gan_shang=gan_shang, noble="day", task="travel")
        assert _reads(c, "liuren.m_xing_luowang") == net, day


def test_a_void_ghost_over_the_day_unchecked_is_the_exception_to_the_void_ghosts_promise(charts):
    # 喜懼空亡: 「鬼䧟空亡亦不能為害唯鬼作空亡加日辰年命上無制伏者極凶」
    seen = 0
    for (day, gan_shang), c0 in charts.items():
        gan = day[0]
        over = [c0["lessons"][0]["upper"], c0["lessons"][2]["upper"]]
        void_ghost = any(b in c0["void"] and OVERCOMES[ELEMENT[b]] == ELEMENT[gan] for b in over)
        spirits = {x["upper"] for x in c0["lessons"]} | set(c0["transmissions"])
        # 制伏: a live 子孫 (what the stem generates) in the lessons or the transmissions
        offspring = any(b not in c0["void"] and GENERATES[ELEMENT[gan]] == ELEMENT[b] for b in spirits)
        c = api.textbook_chart(day, gan_shang=gan_shang, noble="day", task="health")
        fired = _reads(c, "liuren.m_bing_gui_kong_ganzhi")
        assert fired == (void_ghost and not offspring), (day, gan_shang)
        if fired:
            seen += 1
            assert not _reads(c, "liuren.m_bing_gui_kong")
    assert seen


def test_the_warrior_has_no_war_of_its_own(charts):
    # 將逢內戰所謀危: 「玄武無內戰…且夫十一天將皆有內戰」 — a 玄武 on 辰戌丑未 opening the chart is not at war
    seen = 0
    for c in charts.values():
        chu, general = c["transmissions"][0], c["transmission_generals"][0]
        if general == "玄武" and ELEMENT[chu] == "土":
            seen += 1
            assert not _reads(c, "liuren.bifa_neizhan")
    assert seen
