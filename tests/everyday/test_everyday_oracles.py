"""The everyday layer against independent code, over every day of 1950–2050.

- lunar-python (6tail's ``lunar``; test-only) for 建除, 黃道/黑道 of days and hours, 沖 and 煞, the
  gods that decide 宜忌 and the 宜忌 of the acts. Its answers are functions of a few keys —
  建除/黃道 of (month branch, day branch), 沖煞 of the day pillar, its gods of (month branch, day
  pillar), its 宜忌 of (month pillar, day pillar), the hour gods of (day branch, hour branch) — so
  lunar-python is asked once per key (on a day that has it), and each day's key is checked: our
  month pillar against lunar-python's 節 dates (its own table, year by year) and our day pillar
  against its count of days. That is every day checked without 37 thousand slow calls.
- korean_lunar_calendar (KASI's table) for the lunar day behind 손 없는 날 in a Korean place.
"""
from __future__ import annotations

import random
from collections import Counter
from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

import pytest

from almanac import calendar as cal
from almanac import config
from almanac.api.days import everyday_json
from almanac.api.choices import lunar_json
from almanac.cycles import BRANCHES, STEMS, GanZhi
from almanac.everyday import chongsha, huangdao, jianchu, shensha, son
from almanac.everyday.directions import DIRECTIONS

pytestmark = pytest.mark.slow          # ≈ 20 s: 37 thousand days, lunar-python asked once per key

lunar_python = pytest.importorskip("lunar_python")
zhconv = pytest.importorskip("zhconv")
from lunar_python import Solar  # noqa: E402

FIRST, LAST = date(1950, 1, 1), date(2050, 12, 31)
DAYS = [FIRST + timedelta(i) for i in range((LAST - FIRST).days + 1)]
#: lunar-python dates the terms in Beijing standard time (UTC+8) all year; Asia/Shanghai kept
#: summer time in 1986–1991, and on two days a 節 that fell in the hour after midnight on the
#: wall clock (1987-07-08 00:38 小暑, 1989-09-08 00:53 白露) is the evening before at UTC+8
BEIJING = timezone(timedelta(hours=8))
DST_DAYS = [date(1987, 7, 7), date(1989, 9, 7)]
# lunar-python's 節 names (simplified, as it writes them) and the month branch each opens
_JIE = {"立春": 2, "惊蛰": 3, "清明": 4, "立夏": 5, "芒种": 6, "小暑": 7, "立秋": 8, "白露": 9,
        "寒露": 10, "立冬": 11, "大雪": 0, "小寒": 1}


def _t(text: str) -> str:
    return zhconv.convert(text, "zh-tw").replace("勾陈", "勾陳")


def _lp(d: date):
    return Solar.fromYmd(d.year, d.month, d.day).getLunar()


@lru_cache(maxsize=1)
def _lp_month_branches() -> dict[date, int]:
    """lunar-python's month branch of every day, from its own 節 dates (a day on or after a 節's
    date is in the month it opens)."""
    starts = []
    for y in range(FIRST.year - 1, LAST.year + 2):
        table = Solar.fromYmd(y, 6, 1).getLunar().getJieQiTable()
        for name, b in _JIE.items():
            s = table[name]
            starts.append((date(s.getYear(), s.getMonth(), s.getDay()), b))
    starts = sorted(set(starts))
    out, i = {}, 0
    for d in DAYS:
        while i + 1 < len(starts) and starts[i + 1][0] <= d:
            i += 1
        out[d] = starts[i][1]
    return out


@lru_cache(maxsize=1)
def _ours(tz=BEIJING) -> dict[date, tuple[GanZhi, GanZhi, int]]:
    """Our (month pillar, day pillar, year branch) of every day at UTC+8, as api.day reads them
    (the pillars in force at the end of the civil day)."""
    out = {}
    for d in DAYS:
        last = datetime.combine(d, time(23, 59, 59), tzinfo=tz).astimezone(cal.UTC)
        out[d] = (cal.month_pillar_at(last), cal.day_pillar(d), cal.year_pillar_at(last).branch)
    return out


def test_the_keys_of_every_day_are_lunar_pythons():
    """Every day's month branch (from lunar-python's 節 dates) and day pillar (its count of days
    from a sampled day) are ours, and a sample of whole lunar-python days says the same."""
    lp_month = _lp_month_branches()
    ours = _ours()
    wrong = [d for d in DAYS if ours[d][0].branch != lp_month[d]]
    assert wrong == []
    shanghai = _ours(ZoneInfo("Asia/Shanghai"))
    assert [d for d in DAYS if shanghai[d][0].branch != lp_month[d]] == DST_DAYS
    base = _lp(FIRST)
    base_index = GanZhi.parse(base.getDayInGanZhi()).index
    assert all(ours[d][1].index == (base_index + (d - FIRST).days) % 60 for d in DAYS)
    rng = random.Random(29)
    for d in rng.sample(DAYS, 300):
        lp = _lp(d)
        assert (lp.getMonthInGanZhi(), lp.getDayInGanZhi()) == (str(ours[d][0]), str(ours[d][1])), d


def _representatives(key) -> dict:
    """One day of 1950–2050 for each value of ``key(day)``."""
    out = {}
    for d in DAYS:
        out.setdefault(key(d), d)
    return out


def test_jianchu_and_day_huangdao_agree_on_every_day():
    ours = _ours()
    reps = _representatives(lambda d: (ours[d][0].branch, ours[d][1].branch))
    assert len(reps) == 144
    lp = {k: _lp(d) for k, d in reps.items()}
    jc = {k: _t(x.getZhiXing()) for k, x in lp.items()}
    hd = {k: (_t(x.getDayTianShen()), _t(x.getDayTianShenType())) for k, x in lp.items()}
    counts = Counter()
    for d in DAYS:
        k = (ours[d][0].branch, ours[d][1].branch)
        counts["jianchu"] += jianchu.name(*k) == jc[k]
        god = huangdao.day_god(*k)
        counts["huangdao"] += (god, huangdao.kind(god)) == hd[k]
    assert counts == {"jianchu": len(DAYS), "huangdao": len(DAYS)}


def test_hour_huangdao_agrees():
    """Each hour's god by the day branch (the 子 hour of a day belongs to it: lunar-python reads
    the day at the hour, from 23:00, getDayZhiExact)."""
    checked = 0
    for d in DAYS[:12]:
        for b in range(12):
            h = (b * 2) % 24
            x = Solar.fromYmdHms(d.year, d.month, d.day, h, 30, 0).getLunar()
            day_b = BRANCHES.index(x.getDayZhiExact())
            god = huangdao.hour_god(day_b, b)
            assert (god, huangdao.kind(god)) == (_t(x.getTimeTianShen()), _t(x.getTimeTianShenType()))
            checked += 1
    assert checked == 144            # 12 days cover the twelve day branches, each with its 12 hours


def test_chong_and_sha_agree_for_every_day_pillar():
    for i in range(60):
        g = GanZhi(i)
        x = _lp(FIRST + timedelta((i - _ours()[FIRST][1].index) % 60))
        c = chongsha.chong(g.stem, g.branch)
        assert f"({c['pillar']}){_t(x.getDayChongShengXiao())}" == _t(x.getDayChongDesc())
        assert DIRECTIONS[chongsha.sha_direction(g.branch)].zh == _t(x.getDaySha())


#: (month branch, day pillar) rows where lunar-python's table of gods differs from the book's rule
#: the god follows (its 天德 on 壬午 in 申 months is 癸 by 「七月癸」; its 月德 in 午 months on 戊午
#: is 丙 by 「寅午戌月在丙」 …): each is listed, none is a rule of ours to fit
LP_GOD_ROWS = {
    # lunar-python names a god the rule does not give that day
    ("丑", "丙寅", "月德"),      # 丑月 月德 庚 (巳酉丑 庚)
    ("亥", "乙亥", "月德"),      # 亥月 月德 甲 (亥卯未 甲)
    ("亥", "己酉", "月德"),
    ("戌", "庚戌", "月德"),      # 戌月 月德 丙 (寅午戌 丙)
    ("午", "戊午", "月德"),      # 午月 月德 丙
    ("亥", "己卯", "天德"),      # 十月 天德 乙
    ("申", "壬午", "天德"),      # 七月 天德 癸
    ("酉", "己酉", "月厭"),      # 八月 月厭 卯
    # lunar-python leaves out a god the rule gives that day
    ("亥", "己丑", "月厭"),      # 十月 月厭 丑 (正月戌, 二月酉 … retrograde)
    ("亥", "己丑", "歸忌"),      # 孟月 歸忌 丑
    ("辰", "壬寅", "天德"),      # 三月 天德 壬
}


def test_gods_agree_with_lunar_python():
    ours = _ours()
    reps = _representatives(lambda d: (ours[d][0].branch, ours[d][1].index))
    assert len(reps) == 720
    theirs = {}
    for k, d in reps.items():
        x = _lp(d)
        theirs[k] = {_t(g) for g in x.getDayJiShen() + x.getDayXiongSha()}
    rows = Counter()
    days = Counter()
    for d in DAYS:
        mb, dp = ours[d][0].branch, ours[d][1]
        mine = set(shensha.gods(mb, dp.stem, dp.branch))
        for g in shensha.GODS:
            if (g in mine) != (g in theirs[(mb, dp.index)]):
                rows[(BRANCHES[mb], str(dp), g)] += 1      # noqa: PERF
            else:
                days[g] += 1
    differing = {k for k in rows}
    assert differing == set(LP_GOD_ROWS), sorted(differing)
    # every god agrees on at least 99 % of the days
    assert all(days[g] >= 0.99 * len(DAYS) for g in shensha.GODS), days


def test_yiji_of_the_acts_against_lunar_python():
    """Our 宜/忌 of 嫁娶 移徙 入宅 出行 from seven gods against lunar-python's 宜忌 (its whole 月表):
    a day 月破 or 四廢 forbids is never one lunar-python lists the act as 宜 on; 月厭 and 歸忌,
    which 《協紀辨方書》 says forbid weddings/journeys and moves, are days lunar-python sometimes
    grants them (its 月表 weighs sixty gods): those are counted, as is the whole agreement
    (docs/everyday.md)."""
    ours = _ours()
    reps = _representatives(lambda d: (ours[d][0].index, ours[d][1].index))
    lp = {}
    for k, d in reps.items():
        x = _lp(d)
        lp[k] = ({_t(a) for a in x.getDayYi()}, {_t(a) for a in x.getDayJi()})
    contradicted = Counter()
    same = Counter()
    for d in DAYS:
        m, dp = ours[d][0], ours[d][1]
        gods = shensha.gods(m.branch, dp.stem, dp.branch)
        yi, ji = shensha.acts(gods)
        lyi, lji = lp[(m.index, dp.index)]
        for a in shensha.ACTS:
            for g in shensha.forbidding(gods, a):
                if a in lyi:
                    contradicted[(g, a)] += 1
            mine = "宜" if a in yi else "忌" if a in ji else "-"
            theirs = "宜" if a in lyi else "忌" if a in lji else "-"
            same[a] += mine == theirs
    assert dict(contradicted) == {("月厭", "嫁娶"): 470, ("月厭", "出行"): 155, ("歸忌", "出行"): 152,
                                  ("歸忌", "移徙"): 50}
    assert dict(same) == AGREEMENT


#: days of 1950–2050 (36,889) on which our 宜/忌/neither of each act is lunar-python's
AGREEMENT = {"嫁娶": 11692, "移徙": 17777, "入宅": 15688, "出行": 15182}


def test_son_falls_on_the_kasi_lunar_days_in_seoul():
    """In Seoul 손 없는 날 is exactly the days whose KASI lunar day ends in 9 or 0, and 손 stands
    east, south, west, north on days 1·2, 3·4, 5·6, 7·8 of the KASI date."""
    from korean_lunar_calendar import KoreanLunarCalendar
    cfg = config.load()
    k = KoreanLunarCalendar()
    ours = _ours()
    differ_from_chinese = 0
    for d in DAYS:
        k.setSolarDate(d.year, d.month, d.day)
        kasi_day = k.lunarDay
        lunar, _ = lunar_json(d, "Asia/Seoul", cfg)
        m, dp, yb = ours[d]
        s = everyday_json(d, m.branch, yb, lunar, cfg)["son"]
        assert s["lunar_day"] == kasi_day
        assert s["free"] == (kasi_day % 10 in (9, 0)), d
        assert s["direction"] == (None if s["free"] else "東南西北"[((kasi_day - 1) % 10) // 2]), d
        china, _ = lunar_json(d, "Asia/Shanghai", cfg)
        differ_from_chinese += son.free(china["day"]) != s["free"]
    assert differ_from_chinese == 252       # days the Chinese lunar day would misplace it on
