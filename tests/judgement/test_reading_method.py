"""The reading method (docs/judgement.md "The reading method"): each element read once, void
spirits silent, a grave sentence never outweighed, general sentences weighed as one, and the
classical sentences each rule rests on."""
from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from almanac import api, config
from almanac.api.judging import judge_day
from almanac.judgement.catalog import load_catalog
from almanac.judgement.facts import day_facts
from almanac.judgement.score import METHOD, TONE, precede, task_profiles, weigh
from almanac.sources import BookSource

CAT = load_catalog()
TZ = "Asia/Seoul"
TASKS = tuple(task_profiles(config.load({})))
DAYS = [date(2027, 1, 1) + timedelta(days=5 * i) for i in range(73)]      # every fifth day of 2027


@pytest.fixture(scope="module")
def judged():
    """(task, day, hour, facts) for every task over every fifth day of 2027 in Seoul."""
    cfg = config.load({})
    out = []
    for d in DAYS:
        facts = [f for _, f in day_facts(d, ZoneInfo(TZ), cfg)]
        for task in TASKS:
            for h, f in zip(judge_day(d, TZ, task)["hours"], facts):
                out.append((task, d, h, f))
    return out


def test_a_grave_or_vetoed_hour_is_never_good(judged):
    # 「不可」, 「諸事忌之」, 「必死」: a sentence that forbids or dooms the act is never outweighed
    bad = [(t, h["start"]) for t, _, h, _ in judged if h["verdict"] in ("吉", "大吉")
           and (any(r["grave"] for r in h["reasons"]) or h.get("vetoes"))]
    assert not bad
    assert any(r["grave"] for _, _, h, _ in judged for r in h["reasons"])     # the check bites


def test_no_spirit_a_rule_touches_is_void_where_it_speaks(judged):
    # 「貴人空亡憂喜皆不成」, 「空亡發用，憂喜俱不成」: a void spirit's good and bad alike come to nothing
    spirit_void = {"ganshang": "ganshang_void", "zhishang": "zhishang_void", "chu": "chu_void",
                   "zhong": "zhong_void", "mo": "mo_void"}
    seen = 0
    for _, _, h, f in judged:
        for r in h["reasons"] + h.get("vetoes", []):
            t = CAT.by_id[r["rule"]].touches
            if t is None:
                continue
            seen += 1
            assert not (f[spirit_void[t]] if t in spirit_void else t in f["void_generals"]), (r["rule"], h["start"])
    assert seen > 1000


def test_each_element_is_read_once_per_task(judged):
    # one fact counts once: of the rules reading one element (an aspect), one reason per hour
    for task, _, h, _ in judged:
        aspects = [CAT.by_id[r["rule"]].aspect for r in h["reasons"]]
        named = [a for a in aspects if a]
        assert len(named) == len(set(named)), (task, h["start"], named)


def test_a_void_touched_rule_does_not_fire_but_its_untouched_twin_does():
    # the same chart with 日上神 void and not: 「日上生日百事吉」 speaks only where 日上 is not void
    r = CAT.by_id["liuren.ganshang_sheng_gan"]
    assert r.touches == "ganshang"
    base = {"ganshang_vs_gan": "生", "ganshang_void": False}
    assert r.pred(base) and not r.pred({**base, "ganshang_void": True})


def test_an_exception_written_first_silences_its_rule():
    # 「子亥卯酉同傳者，必見奸邪在獄庭」 against 「不逢戰克必婚成」: 天后's two readings of one element
    menhu, hunch = CAT.by_id["liuren.tianhou_menhu_chuan"], CAT.by_id["liuren.tianhou_hunch"]
    assert menhu.aspect == hunch.aspect == "tianhou"
    order = [r.id for r in CAT.rules]
    assert order.index(menhu.id) < order.index(hunch.id)
    i, j = order.index(menhu.id), order.index(hunch.id)
    aspects = [None] * len(order)
    aspects[i], aspects[j] = ("tianhou", 2), ("tianhou", 2)
    assert precede([i, j], tuple(aspects)) == [i]


def test_a_sentence_about_the_task_outweighs_a_general_one():
    # 六合 in the transmissions, not against the day: the marriage method's reading (「的主婚姻」)
    # speaks for marriage; the general verse 「六合從來福遂佳」 does not speak a second time
    g, m = CAT.by_id["liuren.liuhe_fusui"], CAT.by_id["liuren.m_hun_liuhe"]
    assert g.aspect == m.aspect == "liuhe"
    order = [r.id for r in CAT.rules]
    i, j = order.index(g.id), order.index(m.id)
    aspects = [None] * len(order)
    aspects[i], aspects[j] = ("liuhe", 2), ("liuhe", 3)
    assert precede([i, j], tuple(aspects)) == [j]


def test_general_sentences_weigh_as_one_consideration():
    assert weigh(2500, -6000, round(TONE * 1000)) == 2.5 - TONE
    assert weigh(0, 700, 1000) == 0.7
    prof = task_profiles(config.load({}))["marriage"]
    assert prof.in_method(CAT.by_id["liuren.m_hun_he"]) and not prof.in_method(CAT.by_id["liuren.fanyin"])
    assert "liuren.method" in METHOD and "qin" in METHOD


def test_the_reasons_add_up_to_the_weighed_score(judged):
    for _, _, h, _ in judged[:2000]:
        assert round(sum(r["effect"] for r in h["reasons"]), 3) == pytest.approx(h["score"])


def test_the_reasons_that_decided_come_first(judged):
    """Issue 27: a reading shows first what decided it — the task's method (類神, 發用/末傳, the
    演禽 side) and any grave sentence — then the chart's general sentences; largest effect first
    in each part. Built from the profile itself (its ``method`` families), not from the order."""
    profiles = task_profiles(config.load({}))
    mixed = 0
    for task, _, h, _ in judged:
        prof = profiles[task]
        general = [not prof.in_method(CAT.by_id[r["rule"]]) and not r["grave"] for r in h["reasons"]]
        assert general == sorted(general), (task, [r["rule"] for r in h["reasons"]])
        for part in (False, True):
            sizes = [abs(r["effect"]) for r, g in zip(h["reasons"], general) if g is part]
            assert sizes == sorted(sizes, reverse=True), (task, h["reasons"])
        firsts = [abs(r["effect"]) for r, g in zip(h["reasons"], general) if not g]
        later = [abs(r["effect"]) for r, g in zip(h["reasons"], general) if g]
        mixed += bool(firsts and later and max(later) > min(firsts))
    assert mixed, "no hour where a general sentence outweighs a deciding one: the order was not tested"


def test_every_task_has_good_hours_and_bad_hours_in_a_year(judged):
    # a verdict that carries information: neither all 凶 nor all 吉
    for task in TASKS:
        verdicts = [h["verdict"] for t, _, h, _ in judged if t == task]
        assert any(v in ("吉", "大吉") for v in verdicts), task
        assert any(v in ("凶", "大凶") for v in verdicts), task


def test_daytime_best_lists_only_hours_from_seven_to_nineteen():
    doc = api.best("travel", "2027-01-01", "2027-01-14", tz=TZ, limit=40, daytime=True)
    assert doc["daytime"] is True and doc["results"]
    assert all(7 <= int(r["start"][11:13]) < 19 for r in doc["results"])
    night = api.best("travel", "2027-01-01", "2027-01-14", tz=TZ, limit=200)
    assert any(not 7 <= int(r["start"][11:13]) < 19 for r in night["results"])


@pytest.mark.parametrize("rule", [r for r in CAT.rules if r.family.startswith("liuren.method")],
                         ids=lambda r: r.id)
def test_each_method_rule_rests_on_a_cited_sentence(rule):
    # a book outside the seeds is cited by book, chapter and the sentence; each task's grant
    # stands in that sentence
    if isinstance(rule.source, BookSource):
        assert rule.source.book in ("《六壬大全》", "《畢法賦》")
        assert all(g.quote in rule.source.quote for g in rule.grants.values())
    assert rule.grants


def test_every_reading_of_the_first_transmissions_general_is_silent_when_it_is_void():
    # 「空亡發用，憂喜俱不成」: a rule that reads the general riding the 發用 says so (touches the 發用
    # or the general), or reads the 發用's void itself — none counts a void 發用 at full strength
    readers = [r for r in CAT.rules if r.facts & {"chu_general", "chu_general_good"}]
    assert len(readers) > 20
    loose = [r.id for r in readers if r.touches is None or r.touches in ("ganshang", "zhishang", "zhong", "mo")
             if "chu_void" not in r.facts and "void_generals" not in r.facts]
    assert not loose, loose


def test_no_rule_counts_a_void_spirit_it_names_at_full_strength():
    # 「吉神空亡吉不成，凶神空亡凶不成」: a clause that says what 日上, 辰上 or a transmission *is*
    # holds only while it is not 旬空 — by `touches`, by `spirits`, or by reading the void itself
    from almanac.judgement.catalog import _SPIRITS, _asserts, spirit_of
    from almanac.judgement.conditions import facts_used

    def loose(cond, guarded):
        if "fact" in cond:
            return {sp for sp in spirit_of(cond["fact"]) if _asserts(cond)} - guarded
        if "not" in cond:
            return set()
        return set().union(*(loose(c, guarded) for c in next(iter(cond.values()))))

    whole = {"liuren.m_cai_hua_gui",       # the three transmissions as one body (its `reading`)
             "liuren.lianru_tui_kong_guan"}  # its sign is the void itself (腳踏空亡: 「以官爻空也」)
    bad = {}
    for r in CAT.rules:
        written = facts_used(r.when)           # the condition as written, before any guard
        guarded = {r.touches} | {sp for sp, fact in _SPIRITS.items() if fact in written}
        left = loose(r.when, guarded) - set(r.spirits)
        if left and r.id not in whole:
            bad[r.id] = sorted(left)
    assert not bad, bad
    assert CAT.by_id["liuren.m_cai_hua_gui"].reading
    # the two houses read together (日上 and 辰上 in one fact) are read by their live ones, or with
    # the void of the general read
    both = [r.id for r in CAT.rules if facts_used(r.when) & {"ganzhi_uppers", "ganzhi_generals"}
            and not facts_used(r.when) & {"ganshang_void", "zhishang_void", "void_generals"}]
    assert not both, both


def test_a_rule_reading_two_houses_is_silent_only_about_the_void_one():
    # 日上 void, 辰上 the 日德 under a good general: 德 still speaks from 辰上; with 日上 the 德 and
    # void instead, it does not
    r = CAT.by_id["liuren.de_jijiang"]
    assert {"ganshang", "zhishang"} <= set(r.spirits)
    base = {"ganshang_de": False, "zhishang_de": True, "ganshang_general": "貴人", "zhishang_general": "貴人",
            "ganshang_void": True, "zhishang_void": False}
    assert r.pred(base)
    assert not r.pred({**base, "ganshang_de": True, "zhishang_de": False})
    assert r.pred({**base, "ganshang_de": True, "zhishang_de": False, "ganshang_void": False})
