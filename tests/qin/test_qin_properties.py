"""Hypothesis properties of the 演禽 cycles."""
from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from almanac.qin import QinOptions, day_qin, hour_qin
from almanac.qin.day import EPOCH, yuan_jiang
from almanac.qin.hour import hour_mansion

DATES = st.dates(min_value=date(1800, 1, 1), max_value=date(2200, 12, 31))
BRANCH = st.integers(0, 11)


def next_hour(d: date, b: int) -> tuple[date, int]:
    return (d, b + 1) if b < 11 else (d + timedelta(days=1), 0)


@given(DATES, BRANCH)
def test_hour_cycle_unbroken(d, b):
    """Under the default rule each 時辰's 禽 is the previous one + 1 (mod 28), across midnight too."""
    d2, b2 = next_hour(d, b)
    assert hour_mansion(d2, b2).index == (hour_mansion(d, b).index + 1) % 28


@given(st.integers(-400, 400), st.integers(0, 6), BRANCH)
def test_hour_cycle_unbroken_across_yuan_boundaries(cycle, yuan, b):
    """Across every 元 boundary (a 甲子 day opening a new 元) the default cycle does not jump."""
    head = EPOCH + timedelta(days=420 * cycle + 60 * yuan)
    assert yuan_jiang(head)[:2] == (yuan + 1, 1)
    prev = head - timedelta(days=1)
    assert hour_mansion(head, 0).index == (hour_mansion(prev, 11).index + 1) % 28
    d2, b2 = next_hour(head, b)
    assert hour_mansion(d2, b2).index == (hour_mansion(head, b).index + 1) % 28


@given(st.integers(-400, 400), st.integers(0, 6))
def test_qiyuan_rule_restarts_on_the_yuan_head(cycle, yuan):
    """The 七元 rule: each 元's 甲子 子 hour takes the 元 head (虛奎畢鬼翼氐箕)."""
    head = EPOCH + timedelta(days=420 * cycle + 60 * yuan)
    assert hour_mansion(head, 0, "qiyuan").char == "虛奎畢鬼翼氐箕"[yuan]
    assert hour_mansion(head, 0, "qiyuan") == day_qin(head).mansion


@given(DATES, BRANCH)
def test_qiyuan_rule_unbroken_inside_a_yuan(d, b):
    d2, b2 = next_hour(d, b)
    if yuan_jiang(d)[0] == yuan_jiang(d2)[0]:        # both hours in the same 元
        assert hour_mansion(d2, b2, "qiyuan").index == (hour_mansion(d, b, "qiyuan").index + 1) % 28


@settings(max_examples=60)
@given(DATES)
def test_twelve_fuduan_days_in_any_84_days(start):
    days = [day_qin(start + timedelta(days=i)) for i in range(84)]
    hits = [d for d in days if d.fuduan]
    assert len(hits) == 12
    assert sorted(d.pillar.branch for d in hits) == list(range(12))


@settings(max_examples=60)
@given(DATES, BRANCH)
def test_twelve_fuduan_hours_in_any_84_hours(d, b):
    n = 0
    for _ in range(84):
        n += hour_qin(d, b).fuduan
        d, b = next_hour(d, b)
    assert n == 12


@given(DATES)
def test_anjin_days_are_exactly_the_fridays(d):
    q = day_qin(d)
    assert q.anjin is (d.weekday() == 4)
    assert q.luminary == "月火水木金土日"[d.weekday()]


@given(DATES, BRANCH, st.sampled_from(["continuous", "qiyuan"]))
def test_hour_anjin_is_the_four_metal_mansions(d, b, rule):
    h = hour_qin(d, b, QinOptions(hour_rule=rule))
    assert h.anjin is (h.mansion.luminary == "金")


@given(DATES, BRANCH)
def test_fanqin_daojiang_formulas(d, b):
    h = hour_qin(d, b)
    q, m = h.qi_jiang.index, h.mansion.index
    assert (h.fanqin.index - m) % 28 == (m - q) % 28          # 時禽 halfway from 氣將 to 翻禽
    assert (h.daojiang.index - h.fanqin.index) % 28 == (h.fanqin.index - m) % 28


@given(DATES, BRANCH)
def test_hour_pillar_by_five_rats(d, b):
    h = hour_qin(d, b)
    assert h.pillar.branch == b
    zi_stem = "甲丙戊庚壬"[h.day.pillar.stem % 5]           # 甲己甲子 乙庚丙子 丙辛戊子 丁壬庚子 戊癸壬子
    assert h.pillar.stem == ("甲乙丙丁戊己庚辛壬癸".index(zi_stem) + b) % 10
