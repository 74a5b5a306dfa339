"""The everyday 택일 layer (issue 29) where readers meet it: ``/api/best`` ranking days for the day
tasks over HTTP (``by``, ``direction``, ``partner_born``, ``partner_sex``), the feeds' day banner,
the day-task feed, and the report's day summary."""
from __future__ import annotations

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
