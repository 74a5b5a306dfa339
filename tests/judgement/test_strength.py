"""Strength (旺相休囚死 by the month) changes what it touches, as the texts say, and only where the
month is known.

- 《六壬大全》卷八 物類課: 「以用為主，旺相吉言，休囚凶語」, 「凶將囚休凶事至甚，吉將旺相吉事永久，凶將乘旺相氣
  不為凶，吉將乘囚休氣不為吉」 — the 發用's general read with the 發用's strength, one element;
- 卷二 青龍 「求財以青龍為主，要乘旺相氣臨旺相鄉」, 卷二 六合 「凡六合乘旺相氣相生順理而入用傳者的主婚姻」 and
  003's 天后 「旺相維持妻妾產，休囚傷害暗私淫」 — the 類神 of money and marriage need their 氣
  (卷八 事類神 「有氣亦遠無氣難」).
"""
from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from almanac import api, config
from almanac.api.judging import judge_day
from almanac.cycles import BRANCHES, STEMS
from almanac.judgement.catalog import load_catalog
from almanac.judgement.facts import day_facts
from almanac.liuren.generals import GENERALS

TZ = "Asia/Seoul"
DAYS = [date(2027, 1, 3) + timedelta(days=11 * i) for i in range(34)]      # every eleventh day of 2027
ILL = {"螣蛇", "朱雀", "勾陳", "天空", "白虎", "玄武"}
# the five elements of the branches, and which element each generates: written out here, not taken
# from the engine, so the facts are checked against the plain rule 「當令者旺，令生者相」
ELEMENT = dict(zip(BRANCHES, "水土木木土火火土金金土水"))
GENERATES = {"木": "火", "火": "土", "土": "金", "金": "水", "水": "木"}


def _has_qi(branch: str, month: str) -> bool:
    """旺 (the month's own element) or 相 (the element the month's generates)."""
    m, b = ELEMENT[month], ELEMENT[branch]
    return b == m or b == GENERATES[m]


@pytest.fixture(scope="module")
def hours():
    """(task, hour, facts) for wealth, marriage and travel over every eleventh day of 2027."""
    cfg = config.load({})
    out = []
    for d in DAYS:
        facts = [f for _, f in day_facts(d, ZoneInfo(TZ), cfg)]
        for task in ("wealth", "marriage", "travel"):
            for h, f in zip(judge_day(d, TZ, task)["hours"], facts):
                out.append((task, h, f))
    return out


def _rules(h) -> set[str]:
    return {r["rule"] for r in h["reasons"]}


def _of_task(hours, task):
    """(hour, facts, the rules it reads) of ``task``'s hours."""
    return ((h, f, _rules(h)) for t, h, f in hours if t == task)


def test_the_generals_with_qi_are_those_on_a_branch_in_season(hours):
    for _, _, f in hours:
        on = dict(zip(GENERALS, f["general_branches"]))
        assert set(f["generals_youqi"]) == {g for g, b in on.items() if _has_qi(b, f["month_branch"])}
    assert {len(f["generals_youqi"]) for _, _, f in hours} != {0}


def test_the_first_transmissions_general_is_read_with_its_strength(hours):
    seen = set()
    for task, h, f in hours:
        if task != "travel" or f["chu_void"]:
            continue
        got = _rules(h) & {"liuren.m_jiang_xiong_youqi", "liuren.m_jiang_ji_wuqi", "liuren.m_jiang_ji_youqi",
                           "liuren.m_jiang_xiong_wuqi", "liuren.m_jiang_shizhong_ji",
                           "liuren.m_jiang_shizhong_xiong", "liuren.m_jiang_chu_ji", "liuren.m_jiang_chu_xiong"}
        strong, ill = _has_qi(f["chu"], f["month_branch"]), f["chu_general"] in ILL
        # one element: exactly one of them speaks, and never the plain reading that ignores strength
        assert len(got) == 1, (h["start"], got)
        assert not got & {"liuren.m_jiang_chu_ji", "liuren.m_jiang_chu_xiong"}
        if ill and strong:            # 「凶將乘旺相氣不為凶」: not 「始終皆凶」 either
            assert got == {"liuren.m_jiang_xiong_youqi"}
        elif not ill and not strong:  # 「吉將乘囚休氣不為吉」
            assert got == {"liuren.m_jiang_ji_wuqi"}
        elif ill:                     # 「凶將囚休凶事至甚」, or 始終皆凶
            assert got <= {"liuren.m_jiang_xiong_wuqi", "liuren.m_jiang_shizhong_xiong"}
        else:                         # 「吉將旺相吉事永久」, or 始終皆吉
            assert got <= {"liuren.m_jiang_ji_youqi", "liuren.m_jiang_shizhong_ji"}
        seen |= got
        effect = next(r["effect"] for r in h["reasons"] if r["rule"] in got)
        assert (effect > 0) == strong       # the strength decides the sign: 旺相吉言，休囚凶語
    assert {"liuren.m_jiang_xiong_youqi", "liuren.m_jiang_ji_wuqi", "liuren.m_jiang_ji_youqi",
            "liuren.m_jiang_xiong_wuqi"} <= seen


def test_the_dragon_without_qi_promises_no_money(hours):
    weak = strong = 0
    for h, f, got in _of_task(hours, "wealth"):
        if "liuren.m_long" in got:
            strong += 1
            assert "青龍" in f["generals_youqi"]
        if "liuren.m_long_wuqi" in got:
            weak += 1
            assert "青龍" not in f["generals_youqi"] and "liuren.m_long" not in got
            assert next(r["effect"] for r in h["reasons"] if r["rule"] == "liuren.m_long_wuqi") < 0
    assert weak and strong


def test_a_weak_six_harmony_and_a_weak_queen_do_not_promise_a_marriage(hours):
    liuhe = hou = 0
    for h, f, got in _of_task(hours, "marriage"):
        if "liuren.m_hun_liuhe" in got:
            assert "六合" in f["generals_youqi"]
        if "liuren.m_hun_liuhe_wuqi" in got:
            liuhe += 1
            assert "六合" not in f["generals_youqi"]
        if "liuren.tianhou_wuqi_hun" in got:
            hou += 1
            assert "天后" not in f["generals_youqi"]
            # 「休囚傷害」 is read in the 天后's place: her promises do not stand beside it
            assert not got & {"liuren.tianhou_hunch", "liuren.m_hun_hou_he"}
        if got & {"liuren.tianhou_hunch", "liuren.m_hun_hou_he"}:
            assert "天后" in f["generals_youqi"]
    assert liuhe and hou


def test_a_chart_without_a_month_is_read_without_strength():
    # the 720 textbook charts have no month: none of the strength readings is shown there, and the
    # plain readings of the 發用's general are
    strength = {"liuren.m_jiang_xiong_youqi", "liuren.m_jiang_ji_wuqi", "liuren.m_jiang_ji_youqi",
                "liuren.m_jiang_xiong_wuqi", "liuren.m_long_wuqi", "liuren.m_hun_liuhe_wuqi",
                "liuren.tianhou_wuqi_hun"}
    plain = set()
    for d in range(0, 60, 7):
        for gs in BRANCHES:
            for task in ("wealth", "marriage"):
                reading = api.textbook_chart(STEMS[d % 10] + BRANCHES[d % 12], gan_shang=gs, noble="day",
                                             task=task)["reading"]
                got = {r["rule"] for r in reading["reasons"]}
                assert not got & strength
                plain |= got & {"liuren.m_jiang_chu_ji", "liuren.m_jiang_chu_xiong"}
    assert plain == {"liuren.m_jiang_chu_ji", "liuren.m_jiang_chu_xiong"}


def test_the_envoy_chapter_reads_the_first_transmission_once_for_a_delegate():
    # 「如日辰得吉神吉將發用，生合旺相，則斯人可往」 and 「若用神囚死刑剋…必須另擇個好人去」 read the 發用's
    # general and strength, as 卷八 物類課 does for every task: for a delegate the envoy chapter
    # speaks in their place, and the 發用 is counted once
    jiang = {"liuren.m_jiang_xiong_youqi", "liuren.m_jiang_ji_wuqi", "liuren.m_jiang_ji_youqi",
             "liuren.m_jiang_xiong_wuqi", "liuren.m_jiang_shizhong_ji", "liuren.m_jiang_shizhong_xiong"}
    # 「以發用天將決其人之才品能幹」: the twelve generals' readings of the envoy are the same element
    envoy = {"liuren.fayong_jishen_jijiang", "liuren.fayong_qiusi_xingke"} | {
        r.id for r in load_catalog().rules if r.id.startswith("liuren.envoy_")}
    seen = set()
    for d in DAYS:
        for h in judge_day(d, TZ, "delegate")["hours"]:
            got = _rules(h) | {v["rule"] for v in h.get("vetoes", [])}
            seen |= got & envoy
            assert len(got & (jiang | envoy)) <= 1, (h["start"], got & (jiang | envoy))
            assert not got & jiang, (h["start"], got & jiang)     # the task's own chapter speaks
    assert {"liuren.fayong_jishen_jijiang", "liuren.fayong_qiusi_xingke"} <= seen and len(seen) >= 8


STEM_ELEMENT = dict(zip(STEMS, "木木火火土土金金水水"))
OVERCOMES = {"木": "土", "土": "水", "水": "火", "火": "金", "金": "木"}


def test_the_money_and_the_post_without_qi_are_hard_to_get(hours):
    # 卷八 事類神 「有氣亦遠無氣難」: the money line (what the day overcomes) and the post (what overcomes
    # the day) present in the chart promise only with 氣 in the month
    seen = set()
    for task, h, f in hours:
        day = STEM_ELEMENT[f["day_stem"]]
        month = ELEMENT[f["month_branch"]]
        money = OVERCOMES[day]
        post = next(e for e, v in OVERCOMES.items() if v == day)
        strong = {e for e in ELEMENT.values() if e == month or e == GENERATES[month]}
        assert ("妻財" in f["liuqin_youqi"]) == (money in strong)
        assert ("官鬼" in f["liuqin_youqi"]) == (post in strong)
        if task != "wealth":
            continue
        got = _rules(h)
        if "liuren.m_cai_wuqi" in got:
            seen.add("weak")
            assert money not in strong and "妻財" in f["ke_liuqin_live"]
            assert not got & {"liuren.m_cai_chu", "liuren.m_cai_chuan"}
        if got & {"liuren.m_cai_chu", "liuren.m_cai_chuan"}:
            seen.add("strong")
            assert money in strong
    assert seen == {"weak", "strong"}
    office = [(h, f) for d in DAYS[:12] for h, f in zip(judge_day(d, TZ, "office")["hours"],
                                                          [f for _, f in day_facts(d, ZoneInfo(TZ), config.load({}))])]
    weak = [h for h, f in office if "liuren.m_guan_wuqi" in _rules(h)]
    assert weak and all("liuren.m_guan_you" not in _rules(h) for h in weak)
    assert all("官鬼" in f["liuqin_youqi"] for h, f in office if "liuren.m_guan_you" in _rules(h))
