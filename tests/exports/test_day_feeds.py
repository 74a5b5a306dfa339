"""The feeds of the day tasks (issue 29): ``/feeds/이사.ics`` and ``/feeds/결혼.ics`` (and
``almanac feed --task 이사``) give the days ``almanac best --by day`` judges good as all-day
events, with their reasons and citations in the reader's language; ``by=hour`` keeps the 婚姻
hours of 결혼; a bad parameter is a 4xx in the reader's language."""
from __future__ import annotations

import re
from datetime import date, timedelta

import icalendar
import pytest

MOVE = {"born": "1990", "sex": "f", "direction": "남", "place": "서울", "lang": "ko", "tz": "Asia/Seoul"}


@pytest.fixture
def client(data):
    from fastapi.testclient import TestClient
    from almanac.exports.http import create_app
    return TestClient(create_app({"http": {"expensive_processes": False}, "feeds": {"future_days": 20}}),
                      raise_server_exceptions=False)


def _events(body: bytes) -> list:
    return [c for c in icalendar.Calendar.from_ical(body).walk("VEVENT")]


def _horizon(tz: str = "Asia/Seoul", past: int = 7, future: int = 20) -> tuple[date, date]:
    from datetime import datetime
    from zoneinfo import ZoneInfo
    today = datetime.now(ZoneInfo(tz)).date()
    return today - timedelta(days=past), today + timedelta(days=future)


def test_a_move_feed_holds_exactly_the_good_days_best_finds(client):
    """Each event is a day ``api.best(…, by="day")`` calls 吉 or 大吉 over the same horizon, for
    the same person, place and direction, and every such day has its event — an all-day one."""
    from almanac import api
    r = client.get("/feeds/이사.ics", params=MOVE)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/calendar")
    s, e = _horizon()
    best = api.best("이사", s.isoformat(), e.isoformat(), tz="Asia/Seoul", limit=100, born=1990, sex="f",
                    direction="남", place="서울", lang="ko")
    good = {x["date"] for x in best["results"] if x["verdict"] in ("吉", "大吉")}
    evs = _events(r.content)
    got = {ev.decoded("dtstart").isoformat() for ev in evs}
    assert got == good
    for ev in evs:
        start, end = ev.decoded("dtstart"), ev.decoded("dtend")
        assert type(start) is date and end == start + timedelta(days=1)       # all-day, no time
        assert "VALUE=DATE" in ev.to_ical().decode()


def test_a_day_events_words_are_korean_with_their_sources(client):
    """The title says the verdict, the task and the day's facts; the description its reasons,
    each with its citation (a book in 《》 or 『』, or the folk rule of 손), in Korean — no whole
    Chinese or English sentence."""
    r = client.get("/feeds/결혼.ics", params={"born": "1990", "sex": "f", "partner_born": "1988",
                                              "partner_sex": "m", "lang": "ko", "tz": "Asia/Seoul"})
    assert r.status_code == 200, r.text
    evs = _events(r.content)
    assert evs, "no good wedding day in four weeks"
    cal = icalendar.Calendar.from_ical(r.content)
    assert "1988년생" in str(cal["x-wr-calname"]) and "결혼(嫁娶)" in str(cal["x-wr-calname"])
    for ev in evs:
        title, desc = str(ev["summary"]), str(ev["description"])
        assert re.match(r"(대길|길)\((大吉|吉)\) · 결혼\(嫁娶\) · ", title), title
        reasons = [ln for ln in desc.split("\n") if ln.startswith("- ")]
        assert reasons and all("[" in ln and "]" in ln for ln in reasons), desc
        assert "근거:" in desc and "판단:" in desc
        for ln in desc.split("\n"):
            assert re.search(r"[가-힣]", ln), ln                                 # every line Korean
            assert not re.search(r"[A-Za-z]{4,} [A-Za-z]{3,}", ln), ln       # no English sentence


def test_an_avoid_day_feed_holds_the_bad_days(client):
    from almanac import api
    r = client.get("/feeds/moving.ics", params={"kind": "avoid", "lang": "en", "tz": "Asia/Seoul",
                                                "direction": "NE"})
    assert r.status_code == 200, r.text
    s, e = _horizon()
    best = api.best("moving", s.isoformat(), e.isoformat(), tz="Asia/Seoul", limit=100, direction="NE")
    bad = {x["date"] for x in best["results"] if x["verdict"] in ("凶", "大凶")}
    evs = _events(r.content)
    assert {ev.decoded("dtstart").isoformat() for ev in evs} == bad
    assert all(str(ev["summary"]).startswith("Avoid · moving house (移徙) · ") for ev in evs)


def test_a_day_feed_is_served_like_every_feed(client):
    """A strong ETag and 304; the same bytes again (its stamps kept); the hour feed of 결혼 with
    ``by=hour`` (timed events, not days)."""
    q = {"lang": "ko", "tz": "Asia/Seoul"}
    r = client.get("/feeds/결혼.ics", params=q)
    assert r.status_code == 200 and r.headers["etag"]
    assert client.get("/feeds/결혼.ics", params=q, headers={"If-None-Match": r.headers["etag"]}).status_code == 304
    from almanac.exports.feeds import days
    from almanac.exports.http import dayfeeds
    days.clear_cache()
    dayfeeds.clear_cache()
    again = client.get("/feeds/결혼.ics", params=q)                    # rendered afresh
    assert again.content == r.content
    hours = client.get("/feeds/결혼.ics", params={**q, "by": "hour"})
    assert hours.status_code == 200
    timed = [ev for ev in _events(hours.content) if type(ev.decoded("dtstart")) is not date]
    assert timed and all(ev.decoded("dtstart").tzinfo is not None for ev in timed)
    assert "혼인(婚姻)" in hours.text


@pytest.mark.parametrize("name, query, status, words", [
    ("travel.ics", {"by": "day"}, 400, "날(日)별로 고를 수 없습니다"),
    ("nosuch.ics", {"by": "day"}, 404, "nosuch"),
    ("이사.ics", {"by": "week"}, 400, "받을 수 없는 by 값"),
    ("이사.ics", {"partner_born": "1990", "partner_sex": "m"}, 400, "born과 sex(본인)도"),
    ("결혼.ics", {"direction": "동"}, 400, "이사(移徙)에만"),
    ("marriage.ics", {"direction": "동"}, 400, "날(日)별로 고를 때"),
    ("이사.ics", {"direction": "위"}, 400, "방위(方位)가 아닙니다"),
])
def test_bad_day_feed_parameters_are_a_4xx_in_the_readers_language(client, name, query, status, words):
    r = client.get(f"/feeds/{name}", params={**query, "lang": "ko"}, headers={"Accept-Language": "ko"})
    assert r.status_code == status, r.text
    assert words in r.json()["error"], r.json()


def test_the_command_line_writes_the_move_feed(data, tmp_path, capsys):
    """``almanac feed --task 이사 … --direction 남 --place 서울`` writes the same days as the
    search; ``--direction`` on an hour task is exit 2 with one line."""
    from almanac import api
    from almanac.cli import main
    out = tmp_path / "move.ics"
    rc = main(["feed", "--task", "이사", "--from", "2027-03-01", "--to", "2027-03-31", "--born", "1990",
               "--sex", "f", "--direction", "남", "--place", "서울", "--lang", "ko", "-o", str(out)])
    assert rc == 0
    best = api.best("이사", "2027-03-01", "2027-03-31", limit=100, born=1990, sex="f", direction="남",
                    place="서울", lang="ko")
    good = {x["date"] for x in best["results"] if x["verdict"] in ("吉", "大吉")}
    assert {ev.decoded("dtstart").isoformat() for ev in _events(out.read_bytes())} == good
    capsys.readouterr()
    assert main(["feed", "--task", "marriage", "--from", "2027-03-01", "--to", "2027-03-02", "--direction", "남",
                 "-o", "-"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--direction" in err[0]
