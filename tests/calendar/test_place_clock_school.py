"""Issue 11: place, clock, national lunar calendar and school per request.

The Korean lunar calendar is checked day by day against KASI's own table (the
``korean_lunar_calendar`` package, an independent implementation of the table lookup); the clocks
against the longitude arithmetic they stand for; the schools against the books' own examples.
"""
from __future__ import annotations

import datetime as dt
import subprocess
import sys
from datetime import date, timedelta

import pytest

from almanac import config as config_mod
from almanac import api
from almanac.errors import BadInput
from almanac.lunar import KOREAN_FIRST, KOREAN_LAST, LunarDate, chinese_date, korean_date, lunar_date_with_source
from almanac.places import CITIES, place

CLI = [sys.executable, "-c", "import sys; from almanac.cli import main; sys.exit(main(sys.argv[1:]))"]


def _cli(*args, env=None):
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=env, timeout=120)


# ------------------------------------------------------------------ national lunar calendars

def test_2027_seollal_is_a_day_apart_in_seoul_and_shanghai():
    seoul = api.day("2027-02-07", tz="Asia/Seoul")
    assert seoul["lunar"] == {"year": 2027, "month": 1, "day": 1, "leap": False}
    assert seoul["lunar_calendar"]["calendar"] == "korean"
    assert api.day("2027-02-06", tz="Asia/Seoul")["lunar"]["day"] != 1
    shanghai = api.day("2027-02-06", tz="Asia/Shanghai")
    assert shanghai["lunar"] == {"year": 2027, "month": 1, "day": 1, "leap": False}
    assert shanghai["lunar_calendar"]["calendar"] == "chinese"
    # overridable per request, both ways
    assert api.day("2027-02-07", tz="Asia/Seoul", lunar="chinese")["lunar"]["day"] == 2
    assert api.day("2027-02-07", tz="Asia/Shanghai", lunar="korean")["lunar"]["day"] == 1
    assert api.day("2027-02-07", tz="Asia/Pyongyang")["lunar_calendar"]["calendar"] == "korean"


def test_leap_months_that_the_two_calendars_put_apart():
    # 2012: Korea 閏三月 (from 04-21), China 閏四月 (from 05-21); 2017: Korea 閏五月, China 閏六月.
    assert korean_date(date(2012, 4, 21)) == LunarDate(2012, 3, 1, True)
    assert chinese_date(date(2012, 4, 21)) == LunarDate(2012, 4, 1, False)
    assert chinese_date(date(2012, 5, 21)) == LunarDate(2012, 4, 1, True)
    assert korean_date(date(2017, 6, 24)) == LunarDate(2017, 5, 1, True)
    assert chinese_date(date(2017, 7, 23)) == LunarDate(2017, 6, 1, True)
    # and where they agree, they agree on the leap month too (2023 閏二月)
    assert korean_date(date(2023, 3, 22)) == chinese_date(date(2023, 3, 22)) == LunarDate(2023, 2, 1, True)


def test_chinese_dates_asked_day_by_day_are_sxtwl_s_own():
    """``chinese_date`` reads the day after a kept lunar day 1–28 as the next day of that month
    without asking sxtwl. Every day of 1950–2060 asked in order, and the days about the Gregorian
    reform (sxtwl reads 1582-10-14 and before as Julian dates, so 1582-10-15 does not follow the
    day before it) and about 1500's Julian-only 29 February, equal sxtwl's own answer."""
    from almanac import lunar
    for first, last in ((date(1500, 1, 1), date(1500, 4, 1)), (date(1582, 9, 1), date(1582, 12, 1)),
                        (date(1950, 1, 1), date(2060, 12, 31))):
        lunar._chinese.clear()
        d, bad = first, []
        while d <= last:
            if chinese_date(d) != lunar.sxtwl_date(d):
                bad.append(d)
            d += timedelta(days=1)
        assert bad == []
    before, reform = chinese_date(date(1582, 10, 14)), chinese_date(date(1582, 10, 15))
    assert before.day <= 28 and reform.day != before.day + 1     # where following would be wrong


@pytest.mark.slow
def test_korean_calendar_matches_kasi_table_every_day_of_its_range():
    """Every civil day 1000-02-13 … 2050-12-31 (~384,000 days) against KASI's table as the
    ``korean_lunar_calendar`` package reads it. That package answers one date in ~0.25 ms, so
    asking it for every day would take ~100 s: it is asked directly for every day of 2000–2050
    (~18,600) and for the first and last day of every month (~26,000); every other day is checked
    to follow the day before by one (~15 s in all)."""
    from korean_lunar_calendar import KoreanLunarCalendar
    k = KoreanLunarCalendar()

    def kasi(d):
        assert k.setSolarDate(d.year, d.month, d.day), d
        return LunarDate(k.lunarYear, k.lunarMonth, k.lunarDay, k.isIntercalation)

    d, n, bad, prev = KOREAN_FIRST, 0, [], None
    ours = korean_date(d)
    while d <= KOREAN_LAST:
        nxt = d + timedelta(days=1)
        nxt_ours = korean_date(nxt) if nxt <= KOREAN_LAST else None
        # the package refuses 1582-10-05 … 14 (the days the Gregorian reform skipped); the table
        # is in proleptic Gregorian dates throughout, so they are checked by continuity only
        skipped = date(1582, 10, 5) <= d <= date(1582, 10, 14)
        edge = ours.day == 1 or nxt_ours is None or nxt_ours.day == 1
        if not skipped and (d.year >= 2000 or edge) and ours != kasi(d):
            bad.append(d)
        if prev is not None and ours.day != 1:
            assert ours == LunarDate(prev.year, prev.month, prev.day + 1, prev.leap), d
        prev, d, ours, n = ours, nxt, nxt_ours, n + 1
    assert n == (KOREAN_LAST - KOREAN_FIRST).days + 1 > 380_000
    assert bad == []


def test_korean_and_chinese_differ_on_the_measured_share_of_days():
    # The count from KASI data: 1,378 days of 1950–2050 differ (about 3.7 %).
    d, differ = date(1950, 1, 1), 0
    while d <= date(2050, 12, 31):
        differ += korean_date(d) != chinese_date(d)
        d += timedelta(days=1)
    assert differ == 1378


def test_outside_the_kasi_range_the_answer_says_what_is_used():
    ld, source = lunar_date_with_source(date(2051, 3, 1), "korean")
    assert source == "korean_fallback" and ld == chinese_date(date(2051, 3, 1))
    doc = api.day("2051-03-01", tz="Asia/Seoul")
    assert "outside" in doc["lunar_calendar"]["source"]


# ------------------------------------------------------------------ place and clock

def _zi_start(doc) -> dt.datetime:
    return dt.datetime.fromisoformat(doc["hours"][0]["start"])


def test_mean_solar_on_127_5_starts_zi_at_23_30_kst():
    doc = api.day("2026-12-01", tz="Asia/Seoul", place="127.5,37.5", clock="mean_solar")
    assert doc["hours"][0]["start"] == "2026-11-30T23:30:00+09:00"
    assert doc["hours"][1]["start"] == "2026-12-01T01:30:00+09:00"
    assert doc["clock"] == "mean_solar" and doc["place"]["longitude"] == 127.5


def test_seoul_mean_solar_is_its_longitude_away_from_the_meridian():
    doc = api.day("2026-12-01", tz="Asia/Seoul", place="Seoul", clock="mean_solar")
    lon = place("Seoul").longitude
    # 子 starts at 23:00 local mean time = 23:00 − (lon/15 h − 9 h) KST
    expect = dt.datetime(2026, 11, 30, 23, 0) + timedelta(hours=9 - lon / 15)
    got = _zi_start(doc).replace(tzinfo=None)
    assert abs((got - expect).total_seconds()) <= 1
    assert got.strftime("%H:%M") == "23:32"


def test_korean_clock_is_127_5_mean_time_wherever_the_place_is():
    a = api.day("2026-12-01", tz="Asia/Seoul", place="Busan", clock="korean")
    b = api.day("2026-12-01", tz="Asia/Seoul", place="127.5,37.5", clock="mean_solar")
    assert [h["start"] for h in a["hours"]] == [h["start"] for h in b["hours"]]


def test_true_solar_differs_from_mean_by_the_equation_of_time():
    from almanac.calendar import equation_of_time
    mean = _zi_start(api.day("2026-11-03", tz="Asia/Seoul", place="Seoul", clock="mean_solar"))
    true = _zi_start(api.day("2026-11-03", tz="Asia/Seoul", place="Seoul", clock="true_solar"))
    eot = equation_of_time(mean)            # early November: the sun is ~16 minutes fast
    assert eot > 15
    assert abs((mean - true).total_seconds() - eot * 60) < 5


def test_hour_pillar_of_a_moment_follows_the_clock():
    # 23:15 KST: civil 子 of the next day; on the Korean clock (23:15 KST = 22:45) still 亥.
    civil = api.chart("2026-11-30T23:15", tz="Asia/Seoul")
    korean = api.chart("2026-11-30T23:15", tz="Asia/Seoul", clock="korean")
    assert civil["hour"] == "子" and korean["hour"] == "亥"
    assert civil["day"] != korean["day"]
    assert korean["clock"] == "korean"


def test_day_night_rule_follows_the_place():
    cfg = config_mod.load({"liuren": {"daynight": "sun"}})
    # 17:30 on 2026-12-21: after sunset in Seoul, before it in Singapore (both read in their zone)
    seoul = api.chart("2026-12-21T17:30", tz="Asia/Seoul", place="Seoul", config=cfg)
    singapore = api.chart("2026-12-21T17:30", tz="Asia/Singapore", place="Singapore", config=cfg)
    assert seoul["noble"]["time"] == "night" and singapore["noble"]["time"] == "day"


def test_a_city_gives_its_zone_when_none_is_named():
    assert api.day("2026-12-01", place="Tokyo")["tz"] == "Asia/Tokyo"
    assert api.day("2026-12-01", place="서울")["tz"] == "Asia/Seoul"
    assert api.day("2026-12-01", place="Tokyo", tz="Asia/Seoul")["tz"] == "Asia/Seoul"


def test_gazetteer_names_are_unique_and_zones_real():
    from almanac.calendar import zone
    seen = set()
    for c in CITIES:
        zone(c.tz)
        assert -180 <= c.longitude <= 180 and -90 <= c.latitude <= 90
        for n in (c.name, *c.names):
            assert place(n) is c
            assert n.casefold() not in seen
            seen.add(n.casefold())


@pytest.mark.parametrize("bad", ["Atlantis", "200,10", "", "12;34"])
def test_an_unknown_place_is_one_clear_error_listing_the_ways(bad):
    with pytest.raises(BadInput) as e:
        api.day("2026-12-01", place=bad or " x ")
    msg = str(e.value)
    assert "\n" not in msg and ("LON,LAT" in msg)


def test_cli_place_and_clock(tmp_path):
    env = {"ALMANAC_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    r = _cli("day", "2026-12-01", "--tz", "Asia/Seoul", "--place", "127.5,37.5", "--clock", "mean_solar",
             env=env)
    assert r.returncode == 0, r.stderr
    assert "子 前一日 23:30–01:30" in r.stdout      # the 子 hour dated: it began the evening before
    r = _cli("day", "2026-12-01", "--tz", "Asia/Seoul", "--place", "Seoul", "--clock", "mean_solar", env=env)
    assert "子 前一日 23:32–01:32" in r.stdout
    r = _cli("day", "2026-12-01", "--place", "Atlantis", env=env)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    r = _cli("day", "2026-12-01", "--clock", "sundial", env=env)
    assert r.returncode == 2 and "korean" in r.stderr


# ------------------------------------------------------------------ schools

def test_at_least_three_builtin_schools_documented():
    doc = api.schools()
    names = {s["name"] for s in doc["schools"]}
    assert {"default", "daquan", "mengzhong", "xieji", "qiyuan"} <= names
    for s in doc["schools"]:
        assert s["description"] and s["sources"] and s["name_zh"]


def test_a_schools_sources_are_cited_in_the_readers_language():
    """`almanac schools` cites each built-in school's books with their titles in the reader's
    language (《점사약결(占事略決)》, Zhanshi lüejue (占事略決)) and no English words among a Korean
    reader's lines (the sources once carried notes such as "孟仲季 direct")."""
    import re

    from almanac.cli.schools import _source
    from almanac.sources import CLASSICS
    doc = api.schools()
    for s in doc["schools"]:
        if not s["builtin"]:
            continue
        for src in s["sources"]:
            ko, en = _source(src, "ko"), _source(src, "en")
            assert not re.search(r"[A-Za-z]{2,}", ko), (s["name"], ko)
            title = re.match(r"《[^》]+》", src)
            if title and title.group(0) in CLASSICS:
                assert CLASSICS[title.group(0)]["ko"] in ko and en.startswith(CLASSICS[title.group(0)]["en"])


def test_schools_differ_where_their_schools_differ():
    tc = api.textbook_chart
    # seed 002: 「辛卯日干上申，三傳丑亥酉」 — the default (比用格) and 孟仲季 reproduce it; the
    # 《六壬大全》 book rules give 亥酉未, as its own 丁卯日丑時亥將 example does.
    assert tc("辛卯", gan_shang="申")["transmissions"] == ["丑", "亥", "酉"]
    assert tc("辛卯", gan_shang="申", school="mengzhong")["transmissions"] == ["丑", "亥", "酉"]
    assert tc("辛卯", gan_shang="申", school="daquan")["transmissions"] == ["亥", "酉", "未"]
    # the other 貴人 table: 甲 day 晝貴 丑 (A) vs 未 (B: 「甲羊」)
    assert tc("甲子", yuejiang="子", hour="午")["noble"]["branch"] == "丑"
    assert tc("甲子", yuejiang="子", hour="午", school="xieji")["noble"]["branch"] == "未"
    # the 七元 時禽 rotation changes hour 禽, not day 禽
    a = api.day("2026-11-29", school="default")
    b = api.day("2026-11-29", school="qiyuan")
    assert a["qin"]["mansion"] == b["qin"]["mansion"]
    assert [h["mansion"] for h in a["hours"]] != [h["mansion"] for h in b["hours"]]
    assert a["school"] == "default" and b["school"] == "qiyuan"
    assert a["options"] != b["options"]


def test_mengzhong_school_switches_the_yuejiang_at_the_jie():
    # 2026-02-10 (after 立春 02-04, before 雨水 02-18): 月將 子 by 中氣, 亥 by 節
    assert api.chart("2026-02-10T12:00", tz="Asia/Shanghai")["yuejiang"] == "子"
    assert api.chart("2026-02-10T12:00", tz="Asia/Shanghai", school="mengzhong")["yuejiang"] == "亥"


def test_user_school_in_config_and_builtin_names_reserved(tmp_path):
    cfg = config_mod.load({"schools": {"mine": {"description": "mine", "liuren": {"noble_table": "C"}}}})
    assert api.textbook_chart("庚子", yuejiang="子", hour="午", config=cfg, school="mine")["school"] == "mine"
    assert config_mod.derive(cfg, school="mine")["liuren"]["noble_table"] == "C"
    assert config_mod.load({"school": "mine", "schools": {"mine": {"qin": {"hour_rule": "qiyuan"}}}}
                           )["qin"]["hour_rule"] == "qiyuan"
    with pytest.raises(BadInput):
        config_mod.load({"schools": {"daquan": {"liuren": {"biyongge": True}}}})
    with pytest.raises(BadInput):
        config_mod.load({"schools": {"bad": {"liuren": {"no_such_option": 1}}}})
    with pytest.raises(BadInput) as e:
        api.day("2026-11-29", school="nope")
    assert "daquan" in str(e.value)


def test_a_request_school_starts_from_the_config_as_written_not_its_school():
    cfg = config_mod.load({"school": "daquan"})
    assert cfg["liuren"]["biyongge"] is False
    back = config_mod.derive(cfg, school="default")
    assert back["liuren"]["biyongge"] is True
    assert back.digest == config_mod.load().digest


def test_stored_rows_of_one_school_are_never_served_for_another(db_url):
    from almanac.exports.store import Store
    base = config_mod.load({"store": {"workers": 1}})
    a = config_mod.derive(base, school="qiyuan")
    b = config_mod.derive(base, school="daquan")
    Store(db_url, a).precompute("2026-12-01", "2026-12-03", "Asia/Seoul")
    for cfg, school in ((a, "qiyuan"), (b, "daquan"), (base, "default")):
        got = Store(db_url, cfg).get_range("2026-12-01", "2026-12-03", "Asia/Seoul")
        for doc in got:
            direct = api.day(doc["date"], tz="Asia/Seoul", config=cfg)
            assert doc["school"] == school
            assert [h["mansion"] for h in doc["hours"]] == [h["mansion"] for h in direct["hours"]]
            assert [h["liuren"]["transmissions"] for h in doc["hours"]] == \
                   [h["liuren"]["transmissions"] for h in direct["hours"]]
        judged = Store(db_url, cfg).get_judgements("2026-12-02", "travel", "Asia/Seoul")
        direct = api.judge_day("2026-12-02", tz="Asia/Seoul", task="travel", config=cfg)["hours"]
        judged = judged["hours"] if isinstance(judged, dict) else judged
        assert [h["score"] for h in judged] == [h["score"] for h in direct]
    # and the days differ between the schools, so serving one for the other would show
    qa = Store(db_url, a).get_day("2026-12-02", "Asia/Seoul")
    qd = Store(db_url, base).get_day("2026-12-02", "Asia/Seoul")
    assert [h["mansion"] for h in qa["hours"]] != [h["mansion"] for h in qd["hours"]]


def test_place_and_clock_key_the_store_too(db_url):
    from almanac.exports.store import Store
    base = config_mod.load({"store": {"workers": 1}})
    Store(db_url, base).precompute("2026-12-01", "2026-12-01", "Asia/Seoul")
    k = config_mod.derive(base, calendar={"time_basis": "korean"})
    doc = Store(db_url, k).get_day("2026-12-01", "Asia/Seoul")
    assert doc["hours"][0]["start"] == "2026-11-30T23:30:00+09:00"


# ------------------------------------------------------------------ feeds and HTTP

def _events(body: bytes):
    import icalendar
    return icalendar.Calendar.from_ical(body)


def test_feed_hours_follow_the_clock_and_the_feed_names_its_school(tmp_path, monkeypatch):
    from almanac.exports import feeds
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    plain = feeds.build_feed("general", "2026-12-01", "2026-12-03", "Asia/Seoul", "ko")
    solar = feeds.build_feed("general", "2026-12-01", "2026-12-03", "Asia/Seoul", "ko",
                             place="127.5,37.5", clock="mean_solar", school="daquan")
    cal = _events(solar.body)
    assert str(cal["x-almanac-school"]) == "daquan" and str(cal["x-almanac-clock"]) == "mean_solar"
    assert "학파(學派): 육임대전(六壬大全)" in str(cal["x-wr-caldesc"])
    assert str(_events(plain.body)["x-almanac-school"]) == "default"
    starts = {ev.decoded("dtstart").strftime("%M") for ev in cal.walk("VEVENT")
              if isinstance(ev.decoded("dtstart"), dt.datetime)}
    assert starts == {"30"}          # every timed hour on the 127.5°E clock: HH:30 KST
    plain_starts = {ev.decoded("dtstart").strftime("%M") for ev in _events(plain.body).walk("VEVENT")
                    if isinstance(ev.decoded("dtstart"), dt.datetime)}
    assert plain_starts == {"00"}
    uids = {str(ev["uid"]) for ev in cal.walk("VEVENT")}
    assert not uids & {str(ev["uid"]) for ev in _events(plain.body).walk("VEVENT")}


def test_http_takes_place_clock_lunar_school(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient
    from almanac.exports.http import create_app
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = TestClient(create_app({"http": {"warm_past_days": 0, "warm_future_days": 0}}))
    r = client.get("/api/day/2026-12-01", params={"tz": "Asia/Seoul", "place": "127.5,37.5",
                                                   "clock": "mean_solar", "school": "qiyuan"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["hours"][0]["start"] == "2026-11-30T23:30:00+09:00" and doc["school"] == "qiyuan"
    r = client.get("/api/day/2027-02-07", params={"place": "Seoul"})
    assert r.json()["tz"] == "Asia/Seoul" and r.json()["lunar"]["day"] == 1
    r = client.get("/api/chart", params={"at": "2026-11-30T23:15", "tz": "Asia/Seoul", "clock": "korean"})
    assert r.json()["hour"] == "亥"
    for bad in ({"place": "Atlantis"}, {"clock": "x"}, {"school": "nope"}, {"lunar": "mayan"}):
        r = client.get("/api/day/2026-12-01", params=bad)
        assert r.status_code == 400 and "error" in r.text.lower() or r.status_code == 422, (bad, r.text)
    r = client.get("/feeds/general.ics", params={"tz": "Asia/Seoul", "school": "mengzhong", "clock": "korean"})
    assert r.status_code == 200
    cal = _events(r.content)
    assert str(cal["x-almanac-school"]) == "mengzhong"
    hours = [ev for ev in cal.walk("VEVENT") if isinstance(ev.decoded("dtstart"), dt.datetime)
             and "dtend" in ev and ev.decoded("dtend") - ev.decoded("dtstart") == timedelta(hours=2)]
    assert hours and all(ev.decoded("dtstart").minute == 30 for ev in hours)
    assert client.get("/api/schools").json()["schools"][0]["name"] == "default"


def _starts(doc) -> list[str]:
    return [h["start"] for h in doc["hours"]]


@pytest.mark.parametrize("clock", ["mean_solar", "true_solar"])
def test_a_solar_clock_asked_for_in_a_zone_without_a_place_is_read_at_the_zones_city(clock):
    """The service's place (Beijing) is 42 minutes of sun away from Seoul: a Seoul reader who asks
    for a solar clock and names only the zone gets Seoul's hours, as with place=Seoul."""
    seoul = api.day("2026-12-01", tz="Asia/Seoul", clock=clock, place="Seoul")
    asked = api.day("2026-12-01", tz="Asia/Seoul", clock=clock)
    assert _starts(asked) == _starts(seoul) and asked["place"]["name"] == "Seoul"
    assert _starts(asked) != _starts(api.day("2026-12-01", tz="Asia/Seoul", clock=clock, place="Beijing"))
    # the chart of an hour's start, the judged day and best, and the feed read the same place
    at = asked["hours"][5]["start"]
    assert api.chart(at, tz="Asia/Seoul", clock=clock)["hour"] == asked["hours"][5]["branch"]
    assert api.chart(at, tz="Asia/Seoul", clock=clock)["place"]["name"] == "Seoul"
    judged = api.judge_day("2026-12-01", tz="Asia/Seoul", task="travel", clock=clock)
    assert [h["start"] for h in judged["hours"]] == _starts(seoul)
    best = api.best("travel", "2026-12-01", "2026-12-01", tz="Asia/Seoul", clock=clock, limit=12)
    assert best["results"] and {r["start"] for r in best["results"]} <= set(_starts(seoul))


def test_the_zones_city_is_taken_only_where_the_place_matters_and_none_is_known():
    base = config_mod.load()
    civil = api.day("2026-12-01", tz="Asia/Seoul")                    # the civil clock reads no place
    assert civil["place"] == {"name": None, "longitude": 116.4, "latitude": 39.9}
    named = api.day("2026-12-01", tz="Asia/Seoul", clock="mean_solar", place="Busan")
    assert named["place"]["name"] == "Busan"                            # a place asked for wins
    paris = api.day("2026-12-01", tz="Europe/Paris", clock="mean_solar")  # no city of that zone
    assert paris["place"]["longitude"] == base["calendar"]["longitude"]
    home = api.day("2026-12-01", tz="Asia/Shanghai", clock="mean_solar")  # the service's own zone
    assert home["place"]["longitude"] == base["calendar"]["longitude"]
    busan = config_mod.load({"calendar": {"place": "Busan", "time_basis": "mean_solar"}})
    assert api.day("2026-12-01", tz="Asia/Seoul", config=busan)["place"]["name"] == "Busan"   # same zone
    assert api.day("2026-12-01", tz="Asia/Tokyo", config=busan)["place"]["name"] == "Tokyo"
    sun = config_mod.load({"liuren": {"daynight": "sun"}})              # 晝/夜 by the sun reads it too
    assert api.chart("2026-12-21T17:30", tz="Asia/Seoul", config=sun)["place"]["name"] == "Seoul"


def test_the_command_line_and_http_read_a_solar_clock_at_the_zones_city(tmp_path, monkeypatch, capsys):
    from fastapi.testclient import TestClient

    from almanac.cli import main
    from almanac.exports.http import create_app
    seoul = api.day("2026-12-01", tz="Asia/Seoul", clock="mean_solar", place="Seoul")
    assert main(["day", "2026-12-01", "--tz", "Asia/Seoul", "--clock", "mean_solar", "--json"]) == 0
    assert _starts(__import__("json").loads(capsys.readouterr().out)) == _starts(seoul)
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = TestClient(create_app({"http": {"warm_past_days": 0, "warm_future_days": 0}}))
    r = client.get("/api/day/2026-12-01", params={"tz": "Asia/Seoul", "clock": "mean_solar"})
    assert r.status_code == 200 and _starts(r.json()) == _starts(seoul)


def test_a_school_may_be_named_as_its_reader_names_it():
    """`almanac schools` shows a Korean reader 육임대전(六壬大全) and a Chinese one 六壬大全: either
    name (with or without the hanja, in simplified characters too) asks for the same school."""
    from almanac import api
    want = api.day("2026-12-05", school="daquan")
    for name in ("육임대전", "육임대전(六壬大全)", "六壬大全", "占事略决"):
        got = api.day("2026-12-05", school=name)
        key = "mengzhong" if name == "占事略决" else "daquan"
        assert got == (want if key == "daquan" else api.day("2026-12-05", school=key)), name
    with pytest.raises(BadInput) as e:
        api.day("2026-12-05", school="육임")
    assert "daquan 육임대전(六壬大全)" in e.value.text("ko")
