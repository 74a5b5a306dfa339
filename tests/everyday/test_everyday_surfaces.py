"""The everyday 택일 layer (issue 29) where readers meet it: ``/api/best`` ranking days for the day
tasks over HTTP (``by``, ``direction``, ``partner_born``, ``partner_sex``), the feeds' day banner,
the day-task feed, and the report's day summary."""
from __future__ import annotations

import re
from datetime import date

import pytest


@pytest.fixture
def client(data):
    from fastapi.testclient import TestClient
    from almanac.exports.http import create_app
    return TestClient(create_app({"http": {"expensive_processes": False}, "feeds": {"future_days": 3}}),
                      raise_server_exceptions=False)


MOVE = {"task": "이사", "from": "2026-12-01", "to": "2026-12-07", "born": "1990", "sex": "f",
        "direction": "동", "place": "서울", "by": "day", "lang": "ko"}


def test_best_ranks_days_for_a_move_over_http_as_the_api_does(client):
    """``/api/best?task=이사&…&by=day`` is ``api.best(…, by="day")``: the same days, reasons in
    Korean, the direction named."""
    from almanac import api
    r = client.get("/api/best", params=MOVE)
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["by"] == "day" and doc["task"] == "moving" and doc["direction"] == "東"
    assert doc["person"]["birth_year"] == 1990 and doc["tz"] == "Asia/Seoul"
    same = api.best("이사", "2026-12-01", "2026-12-07", born=1990, sex="f", direction="동", place="서울",
                    by="day", lang="ko")
    assert [x["date"] for x in doc["results"]] == [x["date"] for x in same["results"]]
    assert any(x["rule"] == "everyday.dajiangjun" for x in doc["results"][0]["reasons"])   # 2026: 大將軍 東
    assert all(x["citation"] and "(" in x["citation"] for x in doc["results"][0]["reasons"])
    # 동, 東 and E are one direction: one answer
    again = client.get("/api/best", params={**MOVE, "direction": "E"}).json()
    assert again["results"] == doc["results"]


def test_wedding_is_ranked_by_day_by_default_with_the_partner(client):
    r = client.get("/api/best", params={"task": "결혼", "from": "2026-12-01", "to": "2026-12-03",
                                        "born": "1990", "sex": "f", "partner_born": "1988",
                                        "partner_sex": "m", "lang": "en"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["by"] == "day" and doc["task"] == "wedding" and doc["partner"]["birth_year"] == 1988
    hours = client.get("/api/best", params={"task": "결혼", "from": "2026-12-01", "to": "2026-12-01",
                                            "by": "hour"}).json()
    assert hours["task"] == "marriage" and "by" not in hours


@pytest.mark.parametrize("query, status, words", [
    ({"by": "week"}, 400, "받을 수 없는 by 값"),
    ({"direction": "위"}, 400, "방위(方位)가 아닙니다"),
    ({"task": "결혼", "direction": "동"}, 400, "이사(移徙)에만"),
    ({"task": "travel", "direction": "동", "by": None}, 400, "날(日)별로 고를 때"),
    ({"task": "travel"}, 400, "날(日)별로 고를 수 없습니다"),
    ({"daytime": "true"}, 400, "시(時)별로 고를 때"),
    ({"born": None, "sex": None, "partner_born": "1991", "partner_sex": "m"}, 400, "본인"),
    ({"partner_born": "1991", "partner_sex": "x"}, 400, "m 또는 f"),
    ({"task": "nope"}, 404, "알 수 없는 할 일"),
])
def test_bad_day_parameters_are_a_4xx_in_the_readers_language(client, query, status, words):
    params = {k: v for k, v in {**MOVE, "to": "2026-12-01", **query}.items() if v is not None}
    r = client.get("/api/best", params=params)
    assert r.status_code == status, r.text
    assert words in r.json()["error"], r.json()
    en = client.get("/api/best", params={**params, "lang": "en"}).json()["error"]
    assert en != r.json()["error"] and en[:1].isascii() and words not in en, en


HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.mark.parametrize("lang, words", [
    ("ko", ("황도(黃道)", "흑도(黑道)")), ("zh-Hant", ("黃道", "黑道")), ("zh-Hans", ("黄道", "黑道")),
    ("en", ("Yellow Path (黃道)", "Black Path (黑道)"))])
def test_a_feeds_day_banner_says_the_everyday_facts(data, lang, words):
    """The all-day event is titled 손 없는 날 · 成日 · 黃道 in the reader's words and its
    description carries the everyday line; the feed still parses in icalendar and expands in
    recurring-ical-events; ``banner`` off leaves the day events out."""
    import icalendar
    import recurring_ical_events
    from almanac import everyday
    from almanac.exports import feeds, source
    body = feeds.build_feed("travel", date(2026, 12, 14), date(2026, 12, 20), "Asia/Seoul", lang).body
    cal = icalendar.Calendar.from_ical(body)
    banners = [e for e in cal.walk("VEVENT") if type(e.decoded("DTSTART")) is date]
    assert len(banners) == 7
    label = everyday.label("everyday", lang)
    for ev in banners:
        day = source.get_day(ev.decoded("DTSTART"), "Asia/Seoul")
        title, desc = str(ev["SUMMARY"]), str(ev["DESCRIPTION"])
        assert any(w in title for w in words) and title.endswith(everyday.banner_line(day["everyday"], lang))
        assert any(line.startswith(label) for line in desc.splitlines()), desc
        if lang == "ko":
            assert re.search(r"[가-힣]+일\((.)日\)", title), title          # 성일(成日): hanja beside
        elif lang != "en":
            assert not HANGUL.search(title.replace("손 없는 날", "")), title
    free = [str(e["SUMMARY"]) for e in banners if everyday.son_text({"free": True}, lang) in str(e["SUMMARY"])
            or "Son-free" in str(e["SUMMARY"])]
    assert free                                             # 2026-12-18, 19 (lunar 10·29, 10·30 in Seoul)
    assert len(recurring_ical_events.of(cal).between(date(2026, 12, 14), date(2026, 12, 21))) >= 7
    cfg = feeds.with_kind(__import__("almanac.config", fromlist=["load"]).load(None), None, False)
    plain = feeds.build_feed("travel", date(2026, 12, 14), date(2026, 12, 20), "Asia/Seoul", lang, config=cfg).body
    assert not [e for e in icalendar.Calendar.from_ical(plain).walk("VEVENT") if type(e.decoded("DTSTART")) is date]


@pytest.mark.parametrize("lang, head, free", [
    ("ko", "택일(擇日): ", "손 없는 날"), ("zh-Hant", "擇日：", "손 없는 날"),
    ("zh-Hans", "择日：", "손 없는 날"), ("en", "Day choosing (擇日): ", "day without Son (손 없는 날)")])
def test_the_reports_day_summary_has_the_everyday_line(data, tmp_path, lang, head, free):
    """The report's day summary (at a glance) opens with the everyday line in the page's
    language: 손 없는 날, the 建除 officer, 黃道/黑道 with its god, 沖 and 煞 (and 宜/忌)."""
    from almanac.exports import reports
    reports.write_reports(date(2026, 12, 18), 1, tmp_path, None, lang=lang, tz="Asia/Seoul",
                          update_latest=False)
    md = (tmp_path / "2026-12-18.md").read_text()
    html = (tmp_path / "2026-12-18.html").read_text()
    glance = md[md.index("## "):md.index("### ")]
    line = next(x for x in glance.splitlines() if x.startswith(head))
    assert free in line and ("滿日" in line or "满日" in line)        # 2026-12-18: 滿, 白虎 黑道, 沖 庚申
    assert "白虎" in line and "庚申" in line
    assert 'id="everyday"' in html and html.index('id="everyday"') < html.index('id="hours"')
    if lang == "ko":
        assert "만일(滿日)" in line and "흑도(黑道)" in line and "충(沖)" in line
    if lang.startswith("zh"):
        assert ": " not in glance and " (" not in glance
    assert md.count(head) == 1                                  # said once: not again among the facts
