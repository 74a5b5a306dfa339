"""The HTTP service through a real uvicorn process on 127.0.0.1: feeds with ETag/Last-Modified/304,
the JSON API, JSON errors (4xx, never 5xx), the index's subscribe links, and schemathesis over
the OpenAPI description."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

TESTS = Path(__file__).resolve().parents[1]
_LAUNCH = """
import uvicorn
from almanac.exports.http import create_app
uvicorn.run(create_app({{"http": {{"max_best_days": 3}}, "feeds": {{"future_days": 14}}}}),
            host="127.0.0.1", port={port}, log_level="warning")
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = _free_port()
    env = {**os.environ, "ALMANAC_DATA_DIR": str(tmp_path_factory.mktemp("data"))}
    proc = subprocess.Popen([sys.executable, "-c", _LAUNCH.format(tests=str(TESTS), port=port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            pytest.fail("server died: " + proc.stderr.read().decode()[-2000:])
        time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("server did not start")
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def task(server):
    return httpx.get(server + "/api/tasks").json()["tasks"][0]["name"]


def test_feed_etag_last_modified_304(server, task):
    r = httpx.get(f"{server}/feeds/{task}.ics", timeout=120)
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/calendar; charset=utf-8"
    assert r.content.startswith(b"BEGIN:VCALENDAR") and r.content.endswith(b"END:VCALENDAR\r\n")
    etag, lm = r.headers["etag"], r.headers["last-modified"]
    assert etag.startswith('"') and "max-age=3600" in r.headers["cache-control"]
    assert httpx.get(f"{server}/feeds/{task}.ics", headers={"If-None-Match": etag}).status_code == 304
    assert httpx.get(f"{server}/feeds/{task}.ics", headers={"If-Modified-Since": lm}).status_code == 304
    assert httpx.get(f"{server}/feeds/{task}.ics", headers={"If-None-Match": '"other"'}).status_code == 200
    # no content negotiation: any Accept (or none) gets the calendar
    r2 = httpx.get(f"{server}/feeds/{task}.ics", headers={"Accept": "application/json"})
    assert r2.status_code == 200 and r2.content == r.content
    assert httpx.head(f"{server}/feeds/{task}.ics").status_code == 200
    ko = httpx.get(f"{server}/feeds/{task}.ics?lang=ko&tz=Asia/Seoul&alarm=30", timeout=120)
    assert ko.status_code == 200 and b"VALARM" in ko.content and b"TZID=Asia/Seoul" in ko.content


def test_feed_fast_path_gzip_head(server, task):
    url = f"{server}/feeds/{task}.ics?lang=en"
    plain = httpx.get(url, headers={"Accept-Encoding": "identity"}, timeout=120)
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    for _ in range(2):  # the second answer comes from the fast path
        gz = httpx.get(url, headers={"Accept-Encoding": "gzip"})
        assert gz.status_code == 200 and gz.headers["content-encoding"] == "gzip"
        assert gz.content == plain.content and gz.headers["etag"] != plain.headers["etag"]
        assert gz.headers["vary"] == "Accept-Encoding"
        for tag in (gz.headers["etag"], plain.headers["etag"]):
            assert httpx.get(url, headers={"If-None-Match": tag}).status_code == 304
        head = httpx.head(url, headers={"Accept-Encoding": "identity"})
        assert head.status_code == 200 and head.content == b""
        assert int(head.headers["content-length"]) == len(plain.content)


@pytest.mark.parametrize("path,status", [
    ("/feeds/no-such-task.ics", 404), ("/feeds/{task}.ics?tz=Not/AZone", 400),
    ("/feeds/{task}.ics?lang=xx", 400), ("/feeds/{task}.ics?alarm=-1", 422), ("/feeds/{task}", 404),
    ("/api/day/2026-02-30", 400), ("/api/day/the-day-after", 400), ("/api/day/2026-12-01?tz=Nowhere", 400),
    ("/api/chart?at=not-a-time", 400), ("/api/chart", 422),
    ("/api/chart?at=2026-03-09T10:00:00&task={task}&born=1978&sex=m&partner_born=1993", 400),
    ("/api/chart?at=2026-03-09T10:00:00&task={task}&born=1978&sex=m&partner_born=1993&partner_sex=x", 400),
    ("/api/chart?at=2026-03-09T10:00:00&partner_born=1993&partner_sex=f", 400),
    ("/api/best?task={task}&from=2026-12-01&to=2026-11-01", 400),
    ("/api/best?task={task}&from=2026-12-01&to=2027-12-01", 400),
    ("/api/best?task=nope&from=2026-12-01&to=2026-12-01", 404),
    ("/api/best?task={task}&from=2026-12-01&to=2026-12-01&limit=0", 422),
    ("/reports/garbage.html", 404), ("/reports/2026-99-01.html", 400), ("/no/such/path", 404),
])
def test_errors_are_json_4xx(server, task, path, status):
    r = httpx.get(server + path.format(task=task), timeout=60)
    assert r.status_code == status, r.text
    assert isinstance(r.json()["error"], str) and r.json()["error"]


def test_json_api(server, task):
    day = httpx.get(f"{server}/api/day/2026-11-29", timeout=60)
    assert day.status_code == 200 and day.json()["date"] == "2026-11-29" and len(day.json()["hours"]) == 12
    assert httpx.get(f"{server}/api/day/2026-11-29", headers={"If-None-Match": day.headers["etag"]}).status_code == 304
    chart = httpx.get(f"{server}/api/chart", params={"at": "2026-11-29T12:30:00+08:00"}, timeout=60)
    assert chart.status_code == 200 and len(chart.json()["plate"]) == 12
    assert httpx.get(f"{server}/healthz").status_code == 200


def test_head_answers_as_get_through_uvicorn(server, task):
    """A load balancer's health check by HEAD, and HEAD of the API, reports and the index: the
    GET's status and headers, no body (uvicorn's own framing of a HEAD answer included)."""
    for path in ("/healthz", "/api/tasks", "/api/day/2026-11-29", "/", f"/feeds/{task}.ics",
                 "/api/day/2026-02-30", "/reports/latest.html"):
        get = httpx.get(server + path, headers={"Accept-Encoding": "identity"}, timeout=120)
        head = httpx.head(server + path, headers={"Accept-Encoding": "identity"}, timeout=120)
        assert head.status_code == get.status_code, (path, head.status_code)
        assert head.content == b"" and int(head.headers["content-length"]) > 0, path
        if path != "/healthz":  # its counters move between two requests
            assert int(head.headers["content-length"]) == len(get.content), path
        assert head.headers.get("etag") == get.headers.get("etag"), path


def test_index_has_subscribe_links(server, task):
    r = httpx.get(server + "/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert f'href="/feeds/{task}.ics?tz=Asia%2FShanghai&amp;lang=zh-Hant"' in r.text
    for lang in ("zh-Hant", "zh-Hans", "ko", "en"):
        assert f"lang={lang}" in r.text
    # the picker: task, language, zone; the script builds the links from how the page was opened
    for field in ('name="task"', 'name="lang"', 'name="tz"', "webcal://", "location.protocol"):
        assert field in r.text
    # no https:// link to this plain-HTTP server, and no request header echoed into the cached page
    assert "https://127.0.0.1" not in r.text
    spoofed = httpx.get(server + "/", headers={"X-Forwarded-Proto": "https", "Host": "evil.example",
                                               "X-Forwarded-Host": "evil.example"})
    assert spoofed.status_code == 200 and spoofed.text == r.text and "evil.example" not in spoofed.text
    ko = httpx.get(server + "/", params={"lang": "ko"})
    assert '<html lang="ko">' in ko.text and "출행(出行)" in ko.text and "임금" not in ko.text
    assert httpx.get(server + "/", params={"lang": "fr"}).status_code == 400


@pytest.mark.parametrize("tz", ["Asia/Seoul", "America/Los_Angeles"])
def test_index_subscribes_in_the_readers_own_zone(server, browse, tz):
    """Opened in a browser, the picker takes the reader's zone from the browser (a phone in Seoul
    gets Asia/Seoul feeds without typing it); the page as served still names the service's."""
    served = httpx.get(server + "/", params={"lang": "ko"}).text
    assert 'value="Asia/Shanghai"' in served
    dom = browse(server + "/?lang=ko", "--dump-dom", tz=tz).stdout
    links = re.search(r'<ul id="links">(.*?)</ul>', dom, re.S).group(1)
    assert f"tz={quote(tz, safe='')}&amp;lang=ko" in links and "Asia%2FShanghai" not in links


@pytest.mark.parametrize("clock, place", [("true_solar", "Seoul"), ("mean_solar", "Seoul"), ("civil", None)])
def test_index_picks_the_zones_city_for_a_solar_clock(server, browse, tmp_path, clock, place):
    """A solar clock is read at a place: choosing one with no place picks the zone's first city
    (Seoul for Asia/Seoul), not the service's place far away; the civil clock needs none."""
    page = httpx.get(server + "/", params={"lang": "ko"}).text
    act = (f'<script>var f = document.getElementById("picker"); f.clock.value = "{clock}";'
           'f.clock.dispatchEvent(new Event("change", {bubbles: true}));</script>')
    probe = tmp_path / "index.html"
    probe.write_text(page.replace("</body>", act + "</body>"), encoding="utf-8")
    dom = browse(probe.as_uri(), "--dump-dom", tz="Asia/Seoul").stdout
    links = re.search(r'<ul id="links">(.*?)</ul>', dom, re.S).group(1)
    assert "tz=Asia%2FSeoul" in links
    assert (f"place={place}" in links) if place else ("place=" not in links)


def test_index_picker_offers_clock_and_school():
    """The subscribe builder offers every clock and school preset the feed URLs accept."""
    from almanac import api
    from almanac.calendar import TIME_BASES
    from almanac.exports.http.pages import index_page
    from almanac import config
    cfg = config.load({})
    for lang, civil in (("ko", "표준시"), ("en", "civil time")):
        page = index_page(cfg, lang)
        for clock in TIME_BASES:
            assert f'<option value="{clock}">' in page
        for school in api.schools(cfg)["schools"]:
            assert f'<option value="{school["name"]}">' in page
        assert civil in page and 'q.set("clock"' in page and 'q.set("school"' in page
    ko = index_page(cfg, "ko")
    assert "학파(學派)" in ko and '<option value="daquan">육임대전(六壬大全)</option>' in ko
    # a Korean or Chinese reader is not shown the option keys (default, daquan …); English shows the book
    for lang in ("ko", "zh-Hant", "zh-Hans"):
        assert "(default)" not in index_page(cfg, lang) and "(daquan)" not in index_page(cfg, lang)
    assert '<option value="daquan">daquan (六壬大全)</option>' in index_page(cfg, "en")


def test_index_footer_names_each_link_as_its_reader_reads_it():
    """The links under the feeds table (today's report, OpenAPI, the API docs, the service's
    status) are named in the page's language, each capitalised in English as the others are
    (「health」 stood lowercase among them)."""
    from almanac import config
    from almanac.exports.http.pages import index_page
    cfg = config.load({})
    for lang in ("en", "ko", "zh-Hant"):
        page = index_page(cfg, lang)
        foot = re.search(r'<p><a id="report-link" href="/reports/latest\.html[^"]*">.*?</p>', page, re.S).group(0)
        words = re.findall(r">([^<]+)</a>", foot)
        assert len(words) == 4 and 'href="/healthz"' in foot, words
        if lang == "en":
            assert all(w[:1].isupper() for w in words), words
        else:
            assert not re.search(r"\b[a-z]{3,}\b", " ".join(words)), words


def test_report_pages(server):
    from datetime import date, timedelta
    recent = (date.today() - timedelta(days=2)).isoformat()  # inside the on-demand window
    r = httpx.get(server + f"/reports/{recent}.html", timeout=120)
    assert r.status_code == 200 and "<svg" in r.text
    latest = httpx.get(server + "/reports/latest.html", timeout=120)
    assert latest.status_code == 200
    assert httpx.get(server + "/reports/latest.html", headers={"If-None-Match": latest.headers["etag"]}).status_code == 304


def test_report_language_and_zone(server):
    r = httpx.get(server + "/reports/2026-11-30.html", params={"lang": "ko", "tz": "Asia/Seoul"}, timeout=180)
    assert r.status_code == 200 and '<html lang="ko">' in r.text and "Asia/Seoul" in r.text
    assert ("오늘 한눈에" in r.text or "이날 한눈에" in r.text) and "범례" in r.text     # 이날: not today
    # the heatmap covers the report's days, not one row
    assert r.text.count(">2026-12-0") >= 3
    # the day before and after keep the reader's language and zone
    import re
    links = re.findall(r'<nav><a href="([^"]+)">', r.text)
    assert links == ["2026-11-29.html?lang=ko&amp;tz=Asia%2FSeoul"], links
    prev = httpx.get(server + "/reports/" + links[0].replace("&amp;", "&"), timeout=180)
    assert prev.status_code == 200 and '<html lang="ko">' in prev.text and "2026-11-29" in prev.text
    assert httpx.get(server + "/reports/2026-11-30.html", params={"lang": "xx"}).status_code == 400
    assert httpx.get(server + "/reports/2026-11-30.html", params={"tz": "../../etc"}).status_code == 400


def test_openapi_lists_every_endpoint(server):
    spec = httpx.get(server + "/openapi.json").json()
    for p in ("/feeds/{name}", "/api/day/{day}", "/api/chart", "/api/best", "/reports/{name}", "/healthz"):
        assert p in spec["paths"]


@pytest.fixture(scope="module")
def api_schema(server):
    return schemathesis.openapi.from_url(server + "/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_schemathesis_no_server_error(case):
    case.call_and_validate(checks=[not_a_server_error], timeout=60)


def test_store_answers_are_kept_until_the_store_is_written(db_url, monkeypatch):
    """/api/day and /api/best the store holds current: a repeat is answered from the kept answer
    (no tag read, no row read — in front of FastAPI) with the same bytes, ETag and 304; a write to
    the store makes the next request look at the rows again, and a changed row a new answer."""
    import json as _json

    from fastapi.testclient import TestClient

    from almanac.exports import source
    from almanac.exports.http import create_app
    from almanac.exports.store import Store
    tz = "Asia/Shanghai"
    monkeypatch.setenv("ALMANAC_DB_URL", db_url)
    store = Store(db_url)
    store.precompute("2026-04-01", "2026-04-10", tz)
    client = TestClient(create_app({}), raise_server_exceptions=False)
    task = client.get("/api/tasks").json()["tasks"][0]["name"]
    day_url = f"/api/day/2026-04-05?tz={tz}&lang=en"
    best_url = f"/api/best?task={task}&from=2026-04-01&to=2026-04-10&tz={tz}&limit=5"
    first = {u: client.get(u) for u in (day_url, best_url)}
    assert all(r.status_code == 200 and r.headers["etag"].startswith('"s') for r in first.values())

    real = {n: getattr(source, n) for n in ("day_tag", "best_tag", "get_day", "best")}
    for n in real:
        monkeypatch.setattr(source, n, lambda *a, _n=n, **k: pytest.fail(f"{_n} read the store"))
    for u, r in first.items():
        again = client.get(u)
        assert (again.status_code, again.content, again.headers["etag"]) == (200, r.content, r.headers["etag"])
        assert again.headers["content-type"] == "application/json"
        assert again.headers["cache-control"] == r.headers["cache-control"]
        nm = client.get(u, headers={"If-None-Match": r.headers["etag"]})
        assert nm.status_code == 304 and nm.content == b"" and nm.headers["etag"] == r.headers["etag"]
        assert client.get(u, headers={"If-None-Match": '"other"'}).status_code == 200
    # bad input is still the app's: a 4xx JSON, never a kept answer
    bad = client.get("/api/day/2026-04-05?tz=Nowhere/City&lang=en")
    assert bad.status_code == 400 and "error" in bad.json()

    # a write anywhere in the store: the next request reads the tag again; rows unchanged, same answer
    calls = []
    monkeypatch.setattr(source, "day_tag", lambda *a, **k: calls.append(a) or real["day_tag"](*a, **k))
    store.precompute("2026-04-11", "2026-04-11", tz)
    same = client.get(day_url)
    assert calls and same.content == first[day_url].content and same.headers["etag"] == first[day_url].headers["etag"]
    calls.clear()
    assert client.get(day_url).content == same.content and not calls   # kept again at the new generation

    # the day's rows rewritten (another tag, another document): the next answer is the new one
    monkeypatch.setattr(source, "day_tag", lambda *a, **k: "rewritten")
    monkeypatch.setattr(source, "get_day", lambda *a, **k: dict(real["get_day"](*a, **k), rewritten=True))
    store.precompute("2026-04-12", "2026-04-12", tz)
    new = client.get(day_url)
    assert new.status_code == 200 and new.headers["etag"] != first[day_url].headers["etag"]
    assert _json.loads(new.content)["rewritten"] is True
    assert client.get(day_url, headers={"If-None-Match": first[day_url].headers["etag"]}).status_code == 200
    stats = client.get("/healthz").json()["stored_answers"]
    assert stats["hits"] >= 6 and stats["revalidated"] >= 1


def test_report_pages_take_school_clock_and_place(tmp_path, monkeypatch):
    """/reports/… with a school, clock and place: parsed as the API parses them (a bad one is a
    400 JSON), the page follows them, and it is kept in memory — never written to the folder."""
    from datetime import date, timedelta

    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app, report_routes
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    app = create_app({"http": {"expensive_processes": False}})
    client = TestClient(app, raise_server_exceptions=False)
    day = (date.today() - timedelta(days=1)).isoformat()
    plain = client.get(f"/reports/{day}.html", params={"lang": "en"})
    assert plain.status_code == 200
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    url = f"/reports/{day}.html"
    picked = {"lang": "en", "school": "daquan", "clock": "true_solar", "place": "Seoul"}
    r = client.get(url, params=picked)
    assert r.status_code == 200 and r.text != plain.text
    assert "daquan (六壬大全)" in r.text and "daquan" not in plain.text
    assert "Seoul" in r.text and "Asia/Seoul" in r.text          # the place's zone by default
    # the day before and after are asked for with the same choices
    assert f'.html?lang=en&amp;tz=Asia%2FSeoul&amp;place=Seoul&amp;clock=true_solar&amp;school=daquan"' in r.text
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == files   # nothing written
    monkeypatch.setattr(report_routes, "render_page", lambda *a: pytest.fail("rendered again"))
    again = client.get(url, params=picked)
    assert again.content == r.content and again.headers["etag"] == r.headers["etag"]
    assert client.get(url, params=picked, headers={"If-None-Match": r.headers["etag"]}).status_code == 304
    for bad in ({"school": "nope"}, {"clock": "sundial"}, {"place": "Atlantis"}, {"lunar": "martian"}):
        b = client.get(url, params=bad)
        assert b.status_code == 400 and list(b.json()) == ["error"], bad
    far = client.get("/reports/1999-01-01.html", params={"school": "daquan"})
    assert far.status_code == 404 and "error" in far.json()
    assert client.get("/healthz").json()["chosen_pages"]["entries"] == 1


def test_only_published_report_pages_are_written_to_disk(tmp_path, monkeypatch):
    """A page in a language and zone the nightly run publishes (``[reports] langs`` × ``zones``)
    is written to the reports folder; one in any other zone (there are ~600) is made on demand
    the same way but only kept in memory, bounded in bytes, and its links keep the reader's
    language and zone: the folder cannot be filled by asking for every zone."""
    from datetime import date, timedelta

    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app, report_routes
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    app = create_app({"http": {"expensive_processes": False}})
    client = TestClient(app, raise_server_exceptions=False)
    day = (date.today() - timedelta(days=1)).isoformat()
    published = client.get(f"/reports/{day}.html", params={"lang": "en"})
    assert published.status_code == 200
    assert (tmp_path / "reports" / "en" / "Asia" / "Shanghai" / f"{day}.html").read_bytes() == published.content
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    r = client.get(f"/reports/{day}.html", params={"lang": "ko", "tz": "Europe/Paris"})
    assert r.status_code == 200 and '<html lang="ko">' in r.text and "Europe/Paris" in r.text
    assert '.html?lang=ko&amp;tz=Europe%2FParis"' in r.text        # the days beside it: same reader
    assert sorted(p for p in tmp_path.rglob("*") if p.is_file()) == files   # nothing written
    kept = client.get("/healthz").json()["chosen_pages"]
    assert kept["entries"] == 1 and len(r.content) <= kept["bytes"] <= kept["max_bytes"]
    monkeypatch.setattr(report_routes, "render_page", lambda *a: pytest.fail("rendered again"))
    again = client.get(f"/reports/{day}.html", params={"lang": "ko", "tz": "Europe/Paris"})
    assert again.content == r.content and again.headers["etag"] == r.headers["etag"]
    assert client.get(f"/reports/{day}.html", params={"lang": "ko", "tz": "Europe/Paris"},
                      headers={"If-None-Match": r.headers["etag"]}).status_code == 304


def test_a_shared_generation_read_began_after_each_request_asked():
    """PostgreSQL's marker is read once for the requests that arrived meanwhile, never from a
    read that began before a request arrived (a write committed just before it would be missed)."""
    import asyncio

    from almanac.exports.http.answers import SharedRead
    began = []

    async def read():
        began.append(len(began))
        await asyncio.sleep(0.01)
        return began[-1]

    async def main():
        shared = SharedRead(read)
        first = asyncio.create_task(shared())
        await asyncio.sleep(0)                                   # read 0 is under way
        late = [asyncio.create_task(shared()) for _ in range(5)]  # they ask after it began
        return await first, await asyncio.gather(*late)
    first, late = asyncio.run(main())
    assert first == 0 and late == [1] * 5 and began == [0, 1]


def test_a_generation_read_is_reused_only_within_store_check_seconds():
    import asyncio

    from almanac.exports.http.answers import SharedRead
    began = []

    async def read():
        began.append(len(began))
        return began[-1]

    async def twice(reuse):
        began.clear()
        shared = SharedRead(read, reuse)
        return [await shared(), await shared()]
    assert asyncio.run(twice(0)) == [0, 1]        # strict: every request waits for its own read
    assert asyncio.run(twice(3600)) == [0, 0]     # within the bound: the recent read stands


def test_api_tasks_describes_each_task_in_the_readers_language(server):
    """`/api/tasks?lang=` says each task as `almanac tasks --lang` does: an English reader gets
    English first with the characters in brackets (not the configuration's 「出行 — setting out
    …」), a Korean reader Korean with its hanja, a Chinese reader Chinese; without `lang` the
    configuration's own texts, as before."""
    plain = httpx.get(server + "/api/tasks").json()["tasks"]
    assert "lang" not in httpx.get(server + "/api/tasks").json() and "label" not in plain[0]
    for lang in ("en", "ko", "zh-Hant", "zh-Hans"):
        r = httpx.get(server + f"/api/tasks?lang={lang}")
        assert r.status_code == 200 and r.json()["lang"] == lang
        said = r.json()["tasks"]
        assert [t["name"] for t in said] == [t["name"] for t in plain]
        for t, raw in zip(said, plain):
            text = t["description"]
            assert {k: v for k, v in t.items() if k not in ("description", "label")} == \
                {k: v for k, v in raw.items() if k != "description"}
            if lang == "en":
                assert re.match(r"[A-Za-z]", text) and not re.sub(r"\([^()]*\)", "", text).count(raw["name_zh"])
                assert t["label"] == raw["name"]
            elif lang == "ko":
                assert text.startswith(f"{raw['name_ko']}({raw['name_zh']})") and not re.search(r"[A-Za-z]", text)
            else:
                assert not re.search(r"[A-Za-z—]", text) and re.search(r"[\u4e00-\u9fff]", text)
    assert any(t["description"].startswith(t["name_zh"] + " — ") for t in plain)     # what was shown
    assert httpx.get(server + "/api/tasks?lang=fr").status_code == 400
