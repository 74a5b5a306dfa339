"""The clauses of the 課經's defining sentences that a chart's own 課體 read only where they are known:
the asker's 年命 (羅網 「並日辰年命發用」, 合歡 「並占人年命俱乘吉將」, 龍戰 「人年立卯酉」, 侵害 「並行年為用」,
刑傷 「並行年」: ``keti.for_asker``,
``api.chart(…, born=, sex=)``) and the month's 天馬 (遊子 「遇旬丁天馬為用」: ``keti_hour``). Without them the
answers are the chart's own; with them they change only where the clause says."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from almanac.cycles import BRANCHES, GanZhi
from almanac.liuren import shensha
from almanac.liuren.chart import chart_for
from almanac.liuren.generals import GOOD, is_night_fixed
from almanac.liuren.keti import ASKER, catalogue, for_asker, moment, of_moment
from almanac.liuren.options import DEFAULT, LiurenOptions
from almanac.liuren.plate import JIGONG

B = BRANCHES.index
#: the entries whose sentence names the asker's 年命 and that are read for a known asker
ASKER_NAMES = {"羅網", "合歡", "龍戰", "侵害", "刑傷"}
#: the chapters' own tables (《六壬大全》 課經集): 刑傷 「寅刑巳 … 巳刑申 … 申刑寅 … 醜刑戌 … 戌刑未 … 未刑丑 … 子刑卯 …
#: 卯刑子 … 辰午酉亥自刑」 (the branch each punishes) and 侵害 「子未 … 丑午、卯辰 … 寅巳、申亥 … 酉戌」 (the 六害 pairs)
XING_TEXT = {B(a): B(b) for a, b in ("寅巳", "巳申", "申寅", "丑戌", "戌未", "未丑", "子卯", "卯子",
                                     "辰辰", "午午", "酉酉", "亥亥")}
HAI_TEXT = {frozenset((B(a), B(b))) for a, b in ("子未", "丑午", "卯辰", "寅巳", "申亥", "酉戌")}


def _cast(day: str, yuejiang: str, hour: str, options=DEFAULT):
    return chart_for(GanZhi.parse(day).index, (B(yuejiang) - B(hour)) % 12, is_night_fixed(B(hour)), options)


def _names(keti) -> list[str]:
    return [k.name for k in keti]


def _charts(options=DEFAULT):
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                yield chart_for(day, k, night, options)


def test_the_entries_reading_the_asker_are_the_three_sentences_that_name_the_nianming():
    reads = {d.name for d in catalogue() if not d.needs
             and any(n in (d.when if isinstance(d.when, str) else " ".join(d.when.values())) for n in ASKER)}
    assert reads == ASKER_NAMES
    assert all(any(w in d.source.quote for w in ("年命", "人年", "行年")) for d in catalogue() if d.name in reads)


def test_hehuan_the_books_example_with_its_nianming():
    """「如戊申日子時申將 … 亥命見未為貴人，行年在辰見子為青龍 … 又乘吉將，為合歡課」: with the example's 本命 亥 and
    行年 辰 it holds; an asker whose 年命 carry a 神 on an ill general does not make it."""
    c = _cast("戊申", "申", "子")
    assert "合歡" in _names(c.keti)                                     # unknown asker: as before
    assert c.plate.up(B("亥")) == B("未") and c.general_on(B("未")) == "貴人"
    assert c.plate.up(B("辰")) == B("子") and c.general_on(B("子")) == "青龍"
    assert "合歡" in _names(for_asker(c, B("亥"), B("辰")))
    ill = [b for b in range(12) if c.general_on(c.plate.up(b)) not in GOOD]
    assert ill
    for b in ill:
        assert "合歡" not in _names(for_asker(c, b, B("辰")))           # 「俱」: both 本命 and 行年
        assert "合歡" not in _names(for_asker(c, B("亥"), b))
        assert "合歡" not in _names(for_asker(c, None, b))              # only the 行年 known


def test_longzhan_the_books_example_with_its_rennian():
    """「如丁卯日辰時戌將占，卯加酉發用，人年立卯地，為龍戰課」: with the 行年 on 卯 it holds (every reading); under the
    sentence's gloss (``tongwei``: 「卯日 … 人年複立卯上」) a 行年 on 酉 or elsewhere does not make it, under
    ``maoyou`` (「人年立卯酉」) one on 酉 does; ``shang`` reads the 行年 as a further sign only (訂訛 「行年卯酉更的」)."""
    readings = {r: DEFAULT.changed(keti_longzhan=r) for r in ("tongwei", "maoyou", "shang", "anyday")}
    charts = {r: _cast("丁卯", "戌", "辰", o) for r, o in readings.items()}
    for r, c in charts.items():
        assert "龍戰" in _names(c.keti), r
        assert "龍戰" in _names(for_asker(c, None, B("卯"))), r
    assert "龍戰" not in _names(for_asker(charts["tongwei"], None, B("酉")))
    assert "龍戰" in _names(for_asker(charts["maoyou"], None, B("酉")))
    for b in set(range(12)) - {B("卯"), B("酉")}:
        assert "龍戰" not in _names(for_asker(charts["tongwei"], None, b))
        assert "龍戰" not in _names(for_asker(charts["maoyou"], None, b))
        assert "龍戰" in _names(for_asker(charts["shang"], None, b))
        assert "龍戰" in _names(for_asker(charts["tongwei"], b, None))  # the 本命 is not the 人年


def test_longzhan_anyday_adds_the_xinjing_alternative():
    """``anyday``'s 《心鏡》: 「卯酉日占，或行年本命在卯酉上，或用神在卯酉上，是龍戰卦也」 — on a 卯酉 day an asker with a
    年命 on 卯 or 酉 makes it though the 用 stands elsewhere; on other days the 年命 change nothing."""
    opts = DEFAULT.changed(keti_longzhan="anyday")
    added = 0
    for c in _charts(opts):
        if "龍戰" in _names(c.keti):
            continue
        on_maoyou_day = c.day % 12 in (B("卯"), B("酉"))
        for b in range(12):
            made = "龍戰" in _names(for_asker(c, b, None))
            assert made == (on_maoyou_day and b in (B("卯"), B("酉")))
            added += made
    assert added


def test_luowang_the_askers_tianluo_and_diwang():
    """「並日辰年命發用者，為之羅網格」: under ``daquan`` the branch after the asker's 本命 or 行年, or its 沖, used
    makes it too — on every chart exactly two of the twelve 行年 do where the 日 does not; the other readings'
    sources name no 年命."""
    for c in _charts():
        if "羅網" in _names(c.keti):
            assert all("羅網" in _names(for_asker(c, None, b)) for b in range(12))
            continue
        chu = c.transmissions.branches[0]
        makers = [b for b in range(12) if "羅網" in _names(for_asker(c, None, b))]
        assert makers == sorted({(chu - 1) % 12, (chu - 7) % 12})
        assert [b for b in range(12) if "羅網" in _names(for_asker(c, b, None))] == makers
    for reading in ("ganzhi", "bifa"):
        opts = DEFAULT.changed(keti_luowang=reading)
        for c in _charts(opts):
            own = "羅網" in _names(c.keti)
            assert all(("羅網" in _names(for_asker(c, m, n))) == own for m in range(0, 12, 5) for n in range(12))


def test_an_unknown_asker_changes_nothing_and_a_known_one_only_the_five():
    """No asker (or the chart's own reading): exactly the chart's 課體. A known one: only 羅網, 合歡, 龍戰, 侵害 and 刑傷
    may change, each as its clause says (checked here on the plate and the chapters' tables, not through the
    catalogue)."""
    for c in _charts():
        assert for_asker(c, None, None) is c.keti
        own = set(_names(c.keti))
        chu, jg = c.transmissions.branches[0], JIGONG[c.day % 10]
        good = lambda b: c.general_on(c.plate.up(b)) in GOOD    # noqa: E731
        for ming in range(0, 12, 3):
            for nian in range(12):
                mine = set(_names(for_asker(c, ming, nian)))
                assert mine ^ own <= ASKER_NAMES
                assert ("羅網" in mine) == (chu in {(jg + 1) % 12, (jg + 7) % 12, *(
                    (b + d) % 12 for b in (ming, nian) for d in (1, 7))})
                assert ("合歡" in mine) == ("合歡" in own and good(ming) and good(nian))
                assert ("龍戰" in mine) == ("龍戰" in own and nian == c.day % 12)
                assert ("刑傷" in mine) == ("刑傷" in own or XING_TEXT[chu] == nian)
                assert ("侵害" in mine) == ("侵害" in own or (
                    frozenset((nian, c.plate.up(nian))) in HAI_TEXT and chu in (nian, c.plate.up(nian))))


def test_xingshang_the_yongs_punishment_on_the_xingnian():
    """「凡課中三刑發用，並行年，為刑傷課」 (課目 「刑傷干支三刑用，又兼本命與年命」): the 用 punishing the 日 (寄宮) or 辰
    names it as before, for an unknown asker too; for a known one the 用 punishing the 行年 names it as well — exactly
    one 行年 of the twelve where the 日辰 do not. The 本命 (the verse's, not the sentence's) changes nothing. The
    chapter's example (庚午日寅時子將, 「午為支刑臨日用」) gives no 行年: it keeps the name for every one."""
    c = _cast("庚午", "子", "寅", LiurenOptions.school("mengzhong"))       # the school whose 三傳 are the book's
    assert c.transmissions.branches[0] == B("午") and "刑傷" in _names(c.keti)
    assert all("刑傷" in _names(for_asker(c, m, n)) for m in range(0, 12, 4) for n in range(12))
    added = 0
    for c in _charts():
        chu, jg = c.transmissions.branches[0], JIGONG[c.day % 10]
        own = "刑傷" in _names(c.keti)
        assert own == (XING_TEXT[chu] in (jg, c.day % 12))             # no asker: the 日辰 only
        makers = [n for n in range(12) if "刑傷" in _names(for_asker(c, None, n))]
        assert makers == (list(range(12)) if own else [XING_TEXT[chu]])
        assert all(("刑傷" in _names(for_asker(c, m, None))) == own for m in range(12))
        added += not own
    assert added


def test_qinhai_the_xingnian_and_its_upper_in_liuhai():
    """「凡課日辰，六害相加，並行年為用，為侵害課」: the 日 (寄宮) or 辰 and its 上神 in 六害 with one of them used names it
    as before, for an unknown asker too; for a known one so does the 行年 with its 上神 (at most two 行年 of the twelve
    where the 日辰 do not: the ground of the 用 and the 用's own branch). The chapter's example (丙子日申時卯將,
    「子日未害並用子」) gives no 行年: it keeps the name for every one; the 本命 changes nothing."""
    c = _cast("丙子", "卯", "申", LiurenOptions.school("daquan_default"))
    assert c.transmissions.branches[0] == B("子") and "侵害" in _names(c.keti)
    assert all("侵害" in _names(for_asker(c, m, n)) for m in range(0, 12, 4) for n in range(12))
    added = 0
    for c in _charts():
        chu, jg = c.transmissions.branches[0], JIGONG[c.day % 10]
        pair = lambda b: frozenset((b, c.plate.up(b)))                  # noqa: E731
        own = "侵害" in _names(c.keti)
        assert own == any(pair(b) in HAI_TEXT and chu in pair(b) for b in (jg, c.day % 12))
        makers = [n for n in range(12) if "侵害" in _names(for_asker(c, None, n))]
        if own:
            assert makers == list(range(12))
            continue
        assert makers == sorted(b for b in range(12) if pair(b) in HAI_TEXT and chu in pair(b))
        assert len(makers) <= 2
        assert all("侵害" not in _names(for_asker(c, m, None)) for m in range(12))
        added += bool(makers)
    assert added


def test_api_chart_reads_keti_for_the_asker():
    """``api.chart`` with born/sex: the chart's ``keti`` read for the asker (龍戰 on a 卯 day with 卯 used: an asker
    whose 行年 is 卯 keeps it, one whose 行年 is elsewhere does not); without born/sex, the chart's own."""
    from almanac import api
    from almanac.judgement.person import parse_person, xingnian, year_of
    from datetime import date, datetime, timedelta, timezone
    tz = timezone(timedelta(hours=8))
    at = None
    for n in range(120):                 # a 卯 day of 2026 and an hour whose chart has 龍戰
        d = date(2026, 3, 1) + timedelta(days=n)
        for h in range(1, 24, 2):
            when = datetime(d.year, d.month, d.day, h, 30, tzinfo=tz).isoformat()
            if "龍戰" in [k["name"] for k in api.chart(when)["keti"]]:
                at = when
                break
        if at:
            break
    assert at is not None
    year = year_of(datetime.fromisoformat(at))
    by_nian = {}
    for born in range(1950, 2010):
        by_nian.setdefault(xingnian(parse_person(born, "m"), year), born)
    zhi = next(k for k in ("卯", "酉") if k in by_nian and "龍戰" in [
        x["name"] for x in api.chart(at, born=by_nian[k], sex="m", task="travel")["keti"]])
    other = next(b for n, b in by_nian.items() if n not in ("卯", "酉"))
    asked = api.chart(at, born=other, sex="m", task="travel")
    assert "龍戰" not in [k["name"] for k in asked["keti"]]
    assert zhi in ("卯", "酉")
    plain = api.chart(at)
    assert "龍戰" in [k["name"] for k in plain["keti"]]
    assert {k["name"] for k in asked["keti"]} ^ {k["name"] for k in plain["keti"]} <= ASKER_NAMES
    assert [k for k in asked["keti"] if k["name"] not in ASKER_NAMES] == [
        k for k in plain["keti"] if k["name"] not in ASKER_NAMES]


def test_youzi_the_books_example_and_its_tianma():
    """「如三月將，乙巳日午時，三傳土遇丁馬用」 (三傳 未戌丑): 未 used is the 旬丁, and the 天馬 of 三月 (「正月起午，
    順行六陽位」) is 戌, the 中傳 — 《心鏡》 「中見天魁為天馬」. The name is the chart's own (no 天馬 needed), and the
    moment does not name it again."""
    c = _cast("乙巳", "酉", "午")
    assert "遊子" in _names(c.keti)
    assert shensha.month("天馬", B("辰")) == B("戌") == c.transmissions.branches[1]
    assert [shensha.month("天馬", m) for m in range(2, 14)] == [B(x) for x in "午申戌子寅辰" * 2]
    assert "遊子" not in _names(of_moment(c, B("午"), moment(B("辰"))))


def test_youzi_tianma_used_names_it_in_its_month():
    """Under ``daquan`` a 三傳 of 土 whose 用 is the month's 天馬 (辰 or 戌: 六月 and 十二月, 三月 and 九月) names 遊子 in
    ``keti_hour`` where the 旬丁 does not name it in ``keti``; a textbook chart (no month) leaves it out; ``tu`` and
    ``verse`` read no 天馬."""
    found = 0
    for c in _charts():
        three = c.transmissions.branches
        earth = all(b % 3 == 1 for b in three)
        own = "遊子" in _names(c.keti)
        for month in range(12):
            named = "遊子" in _names(of_moment(c, 0, moment(month)))
            assert named == (earth and not own and three[0] == shensha.month("天馬", month))
            found += named
        assert "遊子" not in _names(of_moment(c, 0))
    assert found
    for reading in ("tu", "verse"):
        opts = DEFAULT.changed(keti_youzi=reading)
        for c in _charts(opts):
            assert all("遊子" not in _names(of_moment(c, 0, moment(m))) for m in range(12))


def test_documented_count_of_the_tianma():
    """The count docs/liuren.md states for 遊子 by the 天馬 (the 720 課 by 晝貴 × 12 月建): each 課 of 土 with 辰 or 戌
    used and no 旬丁 on it counts in the two months whose 天馬 that 用 is (辰 六月 十二月, 戌 三月 九月)."""
    n = sum("遊子" in _names(of_moment(chart_for(d, k, False), 0, moment(m)))
            for d in range(60) for k in range(12) for m in range(12))
    earth = 0
    for d in range(60):
        for k in range(12):
            c = chart_for(d, k, False)
            three = c.transmissions.branches
            if all(b % 3 == 1 for b in three) and three[0] in (B("辰"), B("戌")) and "遊子" not in _names(c.keti):
                earth += 1
    assert n == 2 * earth
    text = (Path(__file__).resolve().parents[2] / "docs" / "liuren.md").read_text(encoding="utf-8")
    assert re.search(r"遊子 by the 天馬 (\d+) of 8,640", text).group(1) == str(n)


@pytest.mark.parametrize("entry,why", [
    # an entry of the 課 alone may read the asker's 年命, not a couple's 行年
    ({"when": "chu in ming + nian"}, None),
    ({"when": "chu in fu"}, "needs nothing"),
    # an entry of the 占時 alone may not read the 年命 (a textbook chart has an hour and no asker)
    ({"when": "chu in nian", "needs": ["hour"]}, "needs nothing"),
    # also: a clause of the moment that says what it needs, on an entry of the 課 alone, by its readings
    ({"when": "chu == 辰", "also": {"needs": ["month"], "when": "chu == shensha('天馬')"}}, None),
    ({"when": "chu == 辰", "also": {"needs": ["hour"], "when": "chu == shensha('天馬')"}}, "reads"),
    ({"when": "chu == 辰", "also": {"when": "chu == 戌"}}, "also takes"),
    ({"when": "hour == 辰", "needs": ["hour"], "also": {"needs": ["month"], "when": "chu == 戌"}}, "also takes"),
    ({"when": {"a": "chu == 辰"}, "also": {"needs": ["month"], "when": {"b": "chu == 戌"}}}, "readings"),
    ({"when": "chu == 辰", "also": {"needs": ["month"], "when": "chu == 午午"}}, "unknown name"),
])
def test_the_catalogue_checks_asker_and_also_clauses(entry, why):
    from almanac.liuren.keti import KetiError
    from almanac.liuren.keti.entries import also_clause, check_needs
    raw = {"name": "x", **entry}
    check = lambda: (check_needs(raw), also_clause(raw, tuple(raw.get("needs", ()))))   # noqa: E731
    if why is None:
        check()
    else:
        with pytest.raises(KetiError, match=why):
            check()
