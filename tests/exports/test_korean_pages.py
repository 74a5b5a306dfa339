"""Pages a phone can carry and a feed of hours to avoid (issue 28): gzip with validators that
hold, errors in the browser's language, the 子 hour dated in every language, the avoid feed."""
import gzip
from datetime import date

import icalendar
import pytest
import recurring_ical_events

from almanac.cli import main


@pytest.fixture
def client(data):
    from fastapi.testclient import TestClient
    from almanac.exports.http import create_app
    return TestClient(create_app({"http": {"expensive_processes": False}, "feeds": {"future_days": 3}}),
                      raise_server_exceptions=False)


GZ = {"Accept-Encoding": "gzip"}


def test_text_answers_are_gzipped_with_their_own_etag(client):
    plain = client.get("/api/day/2026-11-29", headers={"Accept-Encoding": "identity"})
    packed = client.get("/api/day/2026-11-29", headers=GZ)
    assert plain.headers.get("content-encoding") is None and packed.headers["content-encoding"] == "gzip"
    assert packed.content == plain.content                      # the client unpacks the same bytes
    assert packed.headers["etag"] == plain.headers["etag"][:-1] + '-gz"'
    assert "Accept-Encoding" in plain.headers["vary"] and "Accept-Encoding" in packed.headers["vary"]
    again = client.get("/api/day/2026-11-29", headers={**GZ, "If-None-Match": packed.headers["etag"]})
    assert again.status_code == 304 and again.headers["etag"] == packed.headers["etag"]
    head = client.head("/api/day/2026-11-29", headers=GZ)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == packed.headers["content-length"]


def test_index_is_gzipped_and_says_vary_for_both(client):
    r = client.get("/", headers={**GZ, "Accept-Language": "ko"})
    assert r.headers["content-encoding"] == "gzip" and '<html lang="ko">' in r.text
    assert {"accept-language", "accept-encoding"} <= {v.strip().lower() for v in r.headers["vary"].split(",")}


def test_feeds_keep_their_own_gzip(client):
    r = client.get("/feeds/travel.ics", headers=GZ)
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip" and r.text.startswith("BEGIN:VCALENDAR")


def test_json_errors_follow_the_browser_language(client):
    r = client.get("/api/day/2026-13-01", headers={"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"})
    assert r.status_code == 400 and "올바른 날짜가 아닙니다" in r.json()["error"]
    r = client.get("/api/day/2026-13-01?lang=en", headers={"Accept-Language": "ko-KR"})
    assert "not a valid date" in r.json()["error"]


def test_day_words_over_http(client):
    r = client.get("/api/day/오늘?tz=Asia/Seoul")
    assert r.status_code == 200
    r = client.get("/api/best?task=여행&from=today&to=tomorrow&tz=Asia/Seoul")
    assert r.status_code == 200 and r.json()["task"] == "travel"


def test_avoid_feed_for_every_task_parses(client):
    tasks = [t["name"] for t in client.get("/api/tasks").json()["tasks"]]
    for task in tasks:
        r = client.get(f"/feeds/{task}.ics?kind=avoid&lang=ko")
        assert r.status_code == 200, (task, r.text)
        cal = icalendar.Calendar.from_ical(r.content)
        assert "피할 시" in str(cal["x-wr-calname"])
        events = recurring_ical_events.of(cal).between(date.today(), date.today().replace(year=date.today().year + 1))
        hours = [e for e in events if str(e["summary"]).startswith("피할 시")]
        assert hours, task
    good = client.get("/feeds/travel.ics?lang=ko").text
    assert "피할 시" not in good
    r = client.get("/feeds/travel.ics?kind=nope")
    assert r.status_code == 400


def test_avoid_feed_carries_the_road_cut_off_and_no_banner_when_asked(tmp_path, capsys, data):
    out = tmp_path / "avoid.ics"
    assert main(["feed", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-07", "--kind", "avoid",
                 "--no-banner", "--lang", "ko", "-o", str(out)]) == 0
    cal = icalendar.Calendar.from_ical(out.read_bytes())
    summaries = [str(e["summary"]) for e in cal.walk("VEVENT")]
    assert any("절로공망(截路空亡)" in s for s in summaries)
    assert all(s.startswith(("피할 시", "절기")) for s in summaries), summaries      # no day banner
    assert main(["feed", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-01", "--lang", "ko",
                 "-o", str(out)]) == 0
    assert not any(str(e["summary"]).startswith("피할 시") for e in icalendar.Calendar.from_ical(out.read_bytes()).walk("VEVENT"))


@pytest.mark.parametrize("lang, said", [("ko", "전날 23:00–01:00"), ("zh-Hant", "前一日 23:00–01:00"),
                                        ("en", "day before 23:00–01:00")])
def test_the_zi_hour_is_dated(lang, said, capsys, tmp_path, data):
    assert main(["day", "2026-11-29", "--lang", lang]) == 0
    assert said in capsys.readouterr().out
    assert main(["best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-31", "--limit", "60",
                 "--lang", lang]) == 0
    listed = [x for x in capsys.readouterr().out.splitlines() if "子" in x and "23:00" in x]
    assert listed and all(said in x for x in listed)
    from almanac.exports.reports import write_reports
    page = write_reports("2026-11-29", 1, tmp_path, None, lang=lang)[0]
    html = next(p for p in ([page] if not isinstance(page, (list, tuple)) else page) if str(p).endswith(".html"))
    text = open(html, encoding="utf-8").read().replace("\u00a0", " ")
    # an English hour table marks it † and says what that means under the table
    assert said.split("–")[0] in text or (lang == "en" and "23:00†" in text and "on the evening before" in text)
