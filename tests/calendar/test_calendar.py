"""The calendar layer against lunar-python (a test-only oracle) and against its own promises."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings, strategies as st
from lunar_python import Solar

from almanac import calendar as cal
from almanac.calendar import clock as cal_clock, hour_slots
from almanac.cycles import BRANCHES, GanZhi
from almanac.mansions import Mansion
from almanac.errors import BadInput

SH = cal.zone("Asia/Shanghai")
UTC = timezone.utc


@pytest.mark.slow
def test_day_pillar_and_day_qin_match_lunar_python_every_day_1901_2099():
    from almanac.qin import day_qin
    d, end = date(1901, 1, 1), date(2099, 12, 31)
    step = timedelta(days=1)
    mismatches = []
    while d <= end:
        lun = Solar.fromYmd(d.year, d.month, d.day).getLunar()
        ours = (str(cal.day_pillar(d)), day_qin(d).mansion.char)
        theirs = (lun.getDayInGanZhi(), Mansion.parse(lun.getXiu()).char)
        if ours != theirs:
            mismatches.append((d, ours, theirs))
        d += step
    assert not mismatches, mismatches[:5]


def _lp_hour(dt: datetime):
    return Solar.fromYmdHms(dt.year, dt.month, dt.day, dt.hour, dt.minute, 0).getLunar()


@pytest.mark.slow
def test_hour_pillars_match_lunar_python_for_a_year_of_hours():
    start = datetime(2024, 1, 1, 0, 30, tzinfo=SH)
    for i in range(366 * 24):
        t = start + timedelta(hours=i)
        m = cal.moment_facts(t)
        lp = _lp_hour(t)
        assert str(m.hour_pillar) == lp.getTimeInGanZhi(), t
        assert str(m.day_pillar) == lp.getDayInGanZhiExact(), t


def test_year_and_month_pillars_turn_at_the_exact_term():
    # lunar-python's ...Exact pillars switch at the term instant too; compare a minute either side
    # of every 節 over several years.
    for year in (1950, 1987, 2024, 2026, 2099):
        for term in cal.solar_terms(year):
            if term.is_zhongqi:
                continue
            for delta in (-2, 2):
                t = (term.at + timedelta(minutes=delta)).astimezone(BEIJING)
                lp = _lp_hour(t)
                assert str(cal.month_pillar_at(t)) == lp.getMonthInGanZhiExact(), (term.name, t)
                assert str(cal.year_pillar_at(t)) == lp.getYearInGanZhiExact(), (term.name, t)


_LP_NAMES = {"驚蟄": "惊蛰", "穀雨": "谷雨", "小滿": "小满", "芒種": "芒种", "處暑": "处暑"}
BEIJING = timezone(timedelta(hours=8))   # lunar-python reads wall time as Beijing standard time


def test_solar_terms_agree_with_lunar_python_within_a_minute_and_never_repeat():
    for year in (1901, 1950, 2000, 2026, 2099):
        terms = cal.solar_terms(year)
        assert len(terms) == 24 and len({t.name for t in terms}) == 24
        assert list(terms) == sorted(terms, key=lambda t: t.at)
        tables = [Solar.fromYmd(year, m, 15).getLunar().getJieQiTable() for m in (1, 7)]
        compared = 0
        for t in terms:
            key = _LP_NAMES.get(t.name, t.name)
            for table in tables:
                for k, v in table.items():
                    if k != key:
                        continue
                    theirs = datetime.strptime(v.toYmdHms(), "%Y-%m-%d %H:%M:%S").replace(tzinfo=BEIJING)
                    if theirs.year == year:
                        assert abs((theirs - t.at).total_seconds()) < 60, (year, t.name, theirs, t.at)
                        compared += 1
        assert compared >= 24


def test_yuejiang_switches_at_the_zhongqi_minute():
    # 雨水 2025-02-18 18:06 (UTC+8): 子將 before, 亥將 after.
    yushui = next(t for t in cal.solar_terms(2025) if t.name == "雨水")
    assert BRANCHES[cal.yuejiang_at(yushui.at - timedelta(minutes=1))] == "子"
    assert BRANCHES[cal.yuejiang_at(yushui.at + timedelta(minutes=1))] == "亥"
    for year in (1960, 2026, 2090):
        for t in cal.solar_terms(year):
            if not t.is_zhongqi:
                continue
            before = cal.yuejiang_at(t.at - timedelta(minutes=1))
            after = cal.yuejiang_at(t.at + timedelta(minutes=1))
            assert (before - after) % 12 == 1, (year, t.name)


def test_lunar_date_with_leap_month_matches_lunar_python():
    d = date(2023, 1, 1)
    while d < date(2026, 1, 1):
        ours = cal.lunar_date(d)
        lun = Solar.fromYmd(d.year, d.month, d.day).getLunar()
        assert (ours.year, ours.month if not ours.leap else -ours.month, ours.day) == (
            lun.getYear(), lun.getMonth(), lun.getDay()), d
        d += timedelta(days=1)
    assert cal.lunar_date(date(2023, 4, 1)).leap  # 閏二月 2023


def test_zi_boundary_and_midnight_boundary():
    late = datetime(2024, 1, 5, 23, 30, tzinfo=SH)   # a 戊 day
    zi = cal.moment_facts(late, cal.CalendarOptions(day_boundary="zi"))
    mid = cal.moment_facts(late, cal.CalendarOptions(day_boundary="midnight"))
    assert zi.zi_day == date(2024, 1, 6) and mid.zi_day == date(2024, 1, 5)
    assert str(zi.hour_pillar) == "甲子" and str(mid.hour_pillar) == "壬子"


def test_day_hours_tile_the_day_without_gaps():
    for tzname in ("Asia/Shanghai", "America/New_York", "Europe/London", "Asia/Seoul"):
        tz = cal.zone(tzname)
        for d in (date(2026, 3, 8), date(2026, 11, 1), date(1988, 4, 17), date(2026, 11, 29)):
            slots = cal.day_hours(d, tz)
            assert [s.branch for s in slots] == list(range(12))
            for a, b in zip(slots, slots[1:]):
                assert a.end == b.start and a.start < a.end
            nxt = cal.day_hours(d + timedelta(days=1), tz)
            assert slots[-1].end == nxt[0].start
            for s in slots:  # every slot starts in its own branch
                m = cal.moment_facts(s.start + timedelta(seconds=1))
                assert m.hour_branch == s.branch and m.zi_day == d


def test_shanghai_dst_1988_is_historical():
    # Asia/Shanghai kept summer time 1986-1991: noon on 1988-07-01 is UTC+9.
    t = cal.parse_moment("1988-07-01T12:00", None, "Asia/Shanghai")
    assert t.utcoffset() == timedelta(hours=9)
    with pytest.raises(BadInput, match="does not exist"):
        cal.parse_moment("1988-04-17T02:30", "Asia/Shanghai", "Asia/Shanghai")


@pytest.mark.parametrize("bad", ["2026-02-30", "2026-13-01", "yesterday", "10000-01-01", "0999-12-31"])
def test_bad_dates(bad):
    with pytest.raises(BadInput) as e:
        cal.parse_date(bad)
    assert "\n" not in str(e.value)


def test_bad_zone():
    with pytest.raises(BadInput, match="time zone"):
        cal.zone("Mars/Base")


def test_true_solar_time_shifts_the_hour_by_longitude_and_equation_of_time():
    opts = cal.CalendarOptions(time_basis="true_solar", longitude=104.07)   # Chengdu
    t = datetime(2026, 11, 3, 13, 10, tzinfo=SH)  # mean solar ~12:06, EoT +16 min → ~12:23
    m = cal.moment_facts(t, opts)
    assert m.hour_branch == BRANCHES.index("午")
    assert abs((m.clock - datetime(2026, 11, 3, 12, 22, 34)).total_seconds()) < 90
    mean = cal.moment_facts(t, cal.CalendarOptions(time_basis="mean_solar", longitude=104.07))
    assert abs((m.clock - mean.clock).total_seconds() / 60 - cal.equation_of_time(t)) < 0.01


#: 旺相休囚死 of 木火土金水 in each season, written out: the ruling element 旺, the one it
#: generates 相, the one that generates it 休, the one that overcomes it 囚, the one it overcomes 死
SEASON_STRENGTHS = {
    "寅卯": "旺相死囚休",      # spring: 木旺 火相 土死 金囚 水休
    "巳午": "休旺相死囚",      # summer: 火旺 土相 金死 水囚 木休
    "申酉": "死囚休旺相",      # autumn: 金旺 水相 木死 火囚 土休
    "亥子": "相死囚休旺",      # winter: 水旺 木相 火死 土囚 金休
    "辰未戌丑": "囚休旺相死",  # the four 季 months: 土旺 金相 水死 木囚 火休
}


@pytest.mark.parametrize("months, expected", SEASON_STRENGTHS.items(),
                         ids=("spring", "summer", "autumn", "winter", "ji-months"))
def test_strengths_follow_the_season(months, expected):
    for b in months:
        assert cal.strengths(BRANCHES.index(b)) == dict(zip("木火土金水", expected)), b


@settings(max_examples=200, deadline=None)
@given(st.datetimes(min_value=datetime(1950, 1, 1), max_value=datetime(2090, 1, 1)))
def test_a_moments_strengths_are_its_months_season(dt):
    m = cal.moment_facts(dt.replace(tzinfo=UTC))
    branch = BRANCHES[m.month_pillar.branch]
    expected = next(v for k, v in SEASON_STRENGTHS.items() if branch in k)
    assert cal.strengths(m.month_pillar.branch) == dict(zip("木火土金水", expected))


def test_sun_day_night_at_beijing():
    assert cal.moment_facts(datetime(2026, 6, 21, 12, tzinfo=SH)).is_daytime_sun
    assert not cal.moment_facts(datetime(2026, 6, 21, 0, 30, tzinfo=SH)).is_daytime_sun
    # Winter sunrise in Beijing is after 07:00 — 辰 starts in the dark.
    assert not cal.moment_facts(datetime(2026, 12, 21, 7, 0, tzinfo=SH)).is_daytime_sun


def test_fixed_offset_moment_reads_its_own_clock():
    # 13:30 at +09:00 is 12:30 in Shanghai: the hour is read on the moment's own clock (未).
    t = cal.parse_moment("2026-11-29T13:30+09:00", None, "Asia/Shanghai")
    assert BRANCHES[cal.moment_facts(t).hour_branch] == "未"


def _read_by_parts(value, tz, opts):
    """What ``read_moment`` gives, by the functions it stands for: ``parse_moment``, then
    ``moment_hour``; the same one-line error for bad input (a daylight-saving gap)."""
    try:
        instant = cal.parse_moment(value, tz, opts.default_tz)
        _clock, zi_day, pillar, branch = cal.moment_hour(instant, opts)
    except BadInput as e:
        return str(e)
    return instant, instant.astimezone(UTC), zi_day, pillar.index, branch


def _read(value, tz, opts):
    try:
        return cal.read_moment(value, tz, opts)
    except BadInput as e:
        return str(e)


_CLOCKS = [cal.CalendarOptions(), cal.CalendarOptions(day_boundary="midnight"),
           cal.CalendarOptions(time_basis="mean_solar", longitude=-74.0, latitude=40.7),
           cal.CalendarOptions(time_basis="true_solar", longitude=126.98, latitude=37.57,
                               default_tz="Asia/Seoul"),
           cal.CalendarOptions(time_basis="korean", default_tz="Asia/Seoul")]


@settings(max_examples=400, deadline=None)
@given(st.datetimes(min_value=datetime(1985, 1, 1), max_value=datetime(2031, 12, 31)),
       st.sampled_from([None, "Asia/Shanghai", "America/New_York", "Europe/London", "Asia/Seoul"]),
       st.sampled_from(_CLOCKS),
       st.sampled_from(["naive", "string", "offset", "Z", "aware"]))
def test_read_moment_is_parse_moment_then_moment_hour(naive, tz, opts, form):
    value = {"naive": naive, "string": naive.isoformat(timespec="minutes"),
             "offset": naive.isoformat() + "-03:30", "Z": naive.isoformat() + "Z",
             "aware": naive.replace(tzinfo=cal.zone("Europe/London"))}[form]
    got, want = _read(value, tz, opts), _read_by_parts(value, tz, opts)
    assert got == want
    if not isinstance(want, str):     # the same instant written the same way, in the same zone
        assert got[0].isoformat() == want[0].isoformat() and got[0].tzinfo == want[0].tzinfo


def test_read_moment_in_gaps_and_folds():
    ny = cal.CalendarOptions(default_tz="America/New_York")
    for value in ("2026-03-08T02:30", "2026-11-01T01:30", datetime(2026, 11, 1, 1, 30, fold=1),
                  "1988-04-17T02:30", " 2026-03-08 03:00 ", "2026-03-08T01:59:59.999999"):
        for tz in (None, "Asia/Shanghai"):
            assert _read(value, tz, ny) == _read_by_parts(value, tz, ny)
    assert "does not exist" in _read("2026-03-08T02:30", None, ny)
    fold = _read(datetime(2026, 11, 1, 1, 30, fold=1), None, ny)
    assert fold[0].utcoffset() == timedelta(hours=-5) and fold[1].hour == 6
    for bad in ("2026-13-01T00:00", "yesterday", "0999-12-31T12:00", 20261201):
        with pytest.raises(BadInput):
            cal.read_moment(bad, None, ny)


def test_an_ambiguous_wall_time_is_its_first_instant_and_the_answer_says_which():
    """A wall time a zone repeats (America/New_York 2026-11-01 01:30, EDT then EST) is read as
    the first of its two instants (Python's fold=0, the scheduler's first occurrence), and the
    chart's ``moment`` carries the offset used; an offset or ``fold=1`` asks for the second."""
    from almanac import api
    ny = "America/New_York"
    first = api.chart("2026-11-01T01:30", tz=ny)
    assert first["moment"] == "2026-11-01T01:30:00-04:00"
    second = api.chart("2026-11-01T01:30-05:00", tz=ny)
    assert second["moment"] == "2026-11-01T01:30:00-05:00"
    assert api.chart(datetime(2026, 11, 1, 1, 30, fold=1), tz=ny)["moment"] == second["moment"]
    assert api.chart(datetime(2026, 11, 1, 1, 30), tz=ny)["moment"] == first["moment"]
    # on the civil clock both instants are the same 時辰 of the same day
    assert (first["day"], first["hour"], first["hour_pillar"]) == \
        (second["day"], second["hour"], second["hour_pillar"])


# The first and last days of the supported years reach into the years beside them (1000-01-01's
# 子 hour begins on 999-12-31 east of Greenwich; 2999-12-31's 月宿 reads the lunar date of the day
# after): every day of the range is answered, in every zone, and nothing outside it is.
EDGE_ZONES = ("Asia/Shanghai", "Asia/Seoul", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Los_Angeles")


@pytest.mark.parametrize("tz", EDGE_ZONES)
@pytest.mark.parametrize("day", [f"{cal.MIN_YEAR}-01-01", f"{cal.MAX_YEAR}-12-31"])
def test_the_first_and_last_supported_days_are_answered(day, tz):
    from almanac import api
    for clock in ("civil", "true_solar"):
        doc = api.day(day, tz, clock=clock)
        assert doc["date"] == day and len(doc["hours"]) == 12
        assert all(h["liuren"]["transmissions"] for h in doc["hours"])
        for h in (doc["hours"][1], doc["hours"][-1]):
            if not cal.MIN_YEAR <= datetime.fromisoformat(h["start"]).year <= cal.MAX_YEAR:
                # a solar clock at the default place read in a far zone: the hour starts on a
                # civil date outside the range, and a moment is asked for by its own year
                with pytest.raises(BadInput, match="supported range"):
                    api.chart(h["start"], tz=tz, clock=clock)
                continue
            chart = api.chart(h["start"], tz=tz, clock=clock)
            assert (chart["day"], chart["hour"]) == (doc["pillars"]["day"], h["branch"])
    # 23:30 on the last day is the next almanac day's 子 hour (子初換日): still answered
    assert api.chart(f"{cal.MAX_YEAR}-12-31T23:30", tz=tz)["hour"] == "子"


@pytest.mark.parametrize("day", [f"{cal.MIN_YEAR - 1:04d}-12-31", f"{cal.MAX_YEAR + 1}-01-01"])
def test_the_days_beside_the_range_are_bad_input(day):
    from almanac import api
    with pytest.raises(BadInput, match="supported range"):
        api.day(day)
    with pytest.raises(BadInput, match="supported range"):
        api.chart(f"{day}T12:00", tz="UTC")


@pytest.mark.parametrize("clock", ["mean_solar", "true_solar"])
def test_a_printed_solar_hour_start_lies_in_its_hour_and_the_second_before_does_not(clock):
    """A solar-clock boundary is printed to the whole second: the first second of the hour, so
    that charting the start a day shows gives that hour (rounded to the nearest second, half the
    starts fell a fraction of a second early, in the hour before)."""
    from almanac import api
    for tz, first in (("Asia/Seoul", date(2026, 1, 1)), ("America/Los_Angeles", date(2026, 7, 3))):
        for i in range(0, 360, 45):
            doc = api.day(first + timedelta(days=i), tz, clock=clock)
            for h, before in zip(doc["hours"][1:], doc["hours"]):
                start = datetime.fromisoformat(h["start"])
                assert api.chart(h["start"], tz=tz, clock=clock)["hour"] == h["branch"]
                earlier = (start - timedelta(seconds=1)).isoformat()
                assert api.chart(earlier, tz=tz, clock=clock)["hour"] == before["branch"]


@pytest.mark.parametrize("tz, skipped", [("Pacific/Apia", date(2011, 12, 30)), ("Pacific/Kiritimati", date(1994, 12, 31)),
                                         ("Pacific/Kwajalein", date(1993, 8, 21))])
def test_a_date_the_zone_skipped_is_bad_input_and_the_next_day_begins_when_its_clocks_do(tz, skipped):
    """A zone that crossed the date line skipped a whole date: no wall clock ever read it, so it has
    no hours (one line of bad input, not twelve hours borrowed from the next day), and the next
    day's 子 hour begins at the instant the clocks jumped (its first 00:00), the rest as usual."""
    from almanac import api
    with pytest.raises(BadInput, match="does not exist"):
        api.day(skipped.isoformat(), tz)
    nxt = skipped + timedelta(days=1)
    slots = cal.day_hours(nxt, cal.zone(tz))
    first = slots[0].start
    assert (first.date(), first.hour, first.minute, first.second) == (nxt, 0, 0, 0)
    u = timezone.utc         # aware datetimes of one zone subtract and compare by their wall clocks
    just_before = (first.astimezone(u) - timedelta(seconds=1)).astimezone(cal.zone(tz))
    assert just_before.date() == skipped - timedelta(days=1)
    assert all(a.end == b.start and a.start.astimezone(u) < a.end.astimezone(u)
               for a, b in zip(slots, slots[1:]))
    before = cal.day_hours(skipped - timedelta(days=1), cal.zone(tz))
    assert before[-1].end.astimezone(u) <= first.astimezone(u)


def test_a_skipped_time_says_what_the_clocks_did_there():
    """A wall time skipped by a daylight-saving change is called one; Pacific/Apia's skipped
    2011-12-30 was a change of the zone's offset from UTC (−10:00 → +14:00), not daylight saving."""
    from almanac import api
    with pytest.raises(BadInput) as e:
        api.chart("2011-12-30T12:00", tz="Pacific/Apia")
    for text in (str(e.value), e.value.text("ko"), e.value.text("zh-Hant")):
        assert "daylight" not in text and "夏令" not in text and "서머타임" not in text, text
        assert "UTC−10:00 → UTC+14:00" in text and "2011-12-30" in text, text
    assert "changed its offset from UTC and skipped 2011-12-30" in str(e.value)
    with pytest.raises(BadInput) as e:
        api.chart("2026-03-08T02:30", tz="America/New_York")
    assert "a daylight-saving change" in str(e.value) and "from 2026-03-08 02:00 to 03:00" in str(e.value)
    assert "서머타임" in e.value.text("ko") and "夏令" in e.value.text("zh-Hant")
    with pytest.raises(cal.SkippedDate) as e:
        api.day("2011-12-30", "Pacific/Apia")
    assert "daylight" not in str(e.value) and "UTC−10:00 → UTC+14:00" in str(e.value)


@pytest.mark.parametrize("tz, skipped", [("Pacific/Apia", date(2011, 12, 30)), ("Pacific/Kiritimati", date(1994, 12, 31)),
                                         ("Pacific/Kwajalein", date(1993, 8, 21))])
def test_a_range_leaves_out_a_date_the_zone_skipped(tz, skipped):
    """A range over a date the zone never had answers for the dates it had; the date alone is still
    bad input (its day has no hours). On a solar clock the date has hours and stays."""
    from almanac import api
    before, after = skipped - timedelta(days=1), skipped + timedelta(days=1)
    assert cal.range_dates(before, after, tz) == [before, after]
    assert cal.range_dates(before, after, tz, "mean_solar") == [before, skipped, after]
    with pytest.raises(cal.SkippedDate):
        cal.range_dates(skipped, skipped, tz)
    got = api.best("travel", before, after, tz, limit=1000)
    days = {r["start"][:10] for r in got["results"]}
    assert skipped.isoformat() not in {api.day(d, tz)["date"] for d in (before, after)}
    assert days and all(d in {before.isoformat(), after.isoformat(), (before - timedelta(days=1)).isoformat()}
                        for d in days), days
    with pytest.raises(BadInput, match="does not exist"):
        api.best("travel", skipped, skipped, tz)
    assert cal.range_dates(date(2026, 1, 1), date(2026, 12, 31), "America/New_York") == \
        [date(2026, 1, 1) + timedelta(days=i) for i in range(365)]


def test_an_hour_starting_where_the_clocks_jump_begins_at_the_jump():
    """Europe/London skips 01:00–02:00 on the last Sunday of March: the 丑 hour begins at the jump
    (printed 02:00 BST); the 子 hour before it runs its two hours, 23:00–01:00 GMT."""
    slots = cal.day_hours(date(2026, 3, 29), cal.zone("Europe/London"))
    assert slots[1].start.isoformat() == "2026-03-29T02:00:00+01:00"
    u = timezone.utc
    assert slots[0].end.astimezone(u) - slots[0].start.astimezone(u) == timedelta(hours=2)


_ZONES = ("Asia/Shanghai", "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe",
          "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "Africa/Casablanca",
          "America/Sao_Paulo", "Asia/Seoul", "Pacific/Apia")


@pytest.mark.parametrize("zone", _ZONES)
@pytest.mark.parametrize("boundary", ["zi", "midnight"])
def test_each_days_boundaries_and_their_texts_are_each_clocks_own_instant(zone, boundary):
    """``day_boundaries`` guesses the twelve later boundaries from the first and writes their
    texts from the clock: each must be the instant found for its clock alone and that instant's
    own ``isoformat()``, through daylight-saving changes (gaps, folds, half-hour and negative
    ones), offsets of whole seconds (local mean time before 1928) and a date a zone skipped."""
    tz, opts = cal.zone(zone), cal.CalendarOptions(day_boundary=boundary)
    days = [date(y, 1, 1) + timedelta(days=i) for y in (1900, 1988, 2011, 2026) for i in range(366)]
    for d in days:
        edges = [datetime.combine(d, datetime.min.time()) + s for s in hour_slots._EDGES[boundary]]
        want = [cal_clock.instant_of_clock(c, opts, tz) for c in edges]
        if want[1] == want[12]:
            with pytest.raises(BadInput):
                cal.day_boundaries(d, tz, opts)
            continue
        instants, utc, texts = hour_slots._boundaries(d, tz, opts)
        assert [(t, t.utcoffset(), t.fold) for t in instants] == [(t, t.utcoffset(), t.fold) for t in want], d
        assert [(t, t.tzinfo) for t in utc] == [(t.astimezone(timezone.utc), timezone.utc) for t in want], d
        assert texts == [t.isoformat() for t in want], d
        assert cal.day_boundaries(d, tz, opts) == (utc, texts) and cal.day_instants(d, tz, opts) == instants
