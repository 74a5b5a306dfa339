"""A reader's language as people and their devices write it: ``ko-KR``, ``zh-TW``, ``zh_CN``,
``zh-Hant-HK``, ``en-GB`` are read as ko, zh-Hant, zh-Hans, zh-Hant, en wherever a language is
read (``almanac.lang.check_lang``, the one home); what is none of the four is still refused."""
from __future__ import annotations

import re

import pytest

from almanac.errors import BadInput
from almanac.lang import check_lang

HANGUL = re.compile(r"[가-힣]")


@pytest.mark.parametrize("tag, lang", [
    ("ko-KR", "ko"), ("ko_KR", "ko"), ("KO-kr", "ko"), ("ko-Kore-KR", "ko"),
    ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh_tw", "zh-Hant"),
    ("zh-Hant-TW", "zh-Hant"), ("zh-hant-hk", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh", "zh-Hant"),
    ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh_Hans_CN", "zh-Hans"), ("zh-cn", "zh-Hans"),
    ("zh-Hans-HK", "zh-Hans"),          # the script says how it is written, before the region
    ("zh-Hant-CN", "zh-Hant"),
    ("zh-x-cn", "zh-Hant"),              # private use: no region
    ("en-US", "en"), ("en-GB", "en"), ("en_gb", "en"), (" en-AU ", "en"),
])
def test_a_language_tag_is_read_by_its_language_and_script_or_region(tag, lang):
    assert check_lang(tag) == lang


@pytest.mark.parametrize("tag", ["fr", "fr-FR", "ja", "ja-JP", "kor", "korean", "ko-", "ko--KR", "-ko",
                                 "ko-KR!", "ko KR", "zh-TW-abcdefghi", "en-" + "a" * 80, "*", "x-ko",
                                 "zh_", "ko;q=1"])
def test_what_is_none_of_the_four_is_still_refused(tag):
    with pytest.raises(BadInput, match="unknown language"):
        check_lang(tag)


def test_a_refusal_is_told_in_the_language_it_names():
    """``ko-!!`` names Korean but is no tag: refused, in Korean; ``fr-KR`` in English."""
    with pytest.raises(BadInput) as e:
        check_lang("ko-!!")
    assert HANGUL.search(e.value.text("ko-!!")), e.value.text("ko-!!")
    with pytest.raises(BadInput) as e:
        check_lang("fr-KR")
    assert e.value.text("fr-KR") == str(e.value)


# ---------------------------------------------------------------- the command line and the config
def test_the_command_line_takes_a_browser_s_tag(data, capsys):
    from almanac.cli import main
    assert main(["day", "2026-02-03", "--lang", "ko-KR"]) == 0
    out = capsys.readouterr().out
    assert HANGUL.search(out) and "간지" in out, out
    assert main(["day", "2026-02-03", "--lang", "ko"]) == 0
    assert capsys.readouterr().out == out
    assert main(["day", "2026-02-03", "--json", "--lang", "zh_TW"]) == 0
    assert '"lang": "zh-Hant"' in capsys.readouterr().out


def test_the_command_line_refuses_another_language_in_one_line(data, capsys):
    from almanac.cli import main
    assert main(["day", "2026-02-03", "--lang", "ja-JP"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown language 'ja-JP'" in err[0], err


def test_a_configuration_may_name_languages_by_their_tags():
    from almanac import config as config_mod
    from almanac.cli.scheduler import check_zones_and_langs
    from almanac.exports.reports import published
    cfg = config_mod.load({"reports": {"lang": "ko-KR", "langs": ["zh-TW", "zh-Hans", "en-GB", "ko"]}})
    check_zones_and_langs(cfg)        # not bad configuration
    assert published(cfg)[0] == ["zh-Hant", "zh-Hans", "en", "ko"]


# ---------------------------------------------------------------- HTTP
@pytest.fixture
def client(data):
    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app
    return TestClient(create_app({}), raise_server_exceptions=False)


def test_http_reads_a_tag_and_echoes_the_canonical_language(client):
    a = client.get("/api/day/2026-02-03?lang=zh-TW")
    b = client.get("/api/day/2026-02-03?lang=zh-Hant")
    assert a.status_code == b.status_code == 200, a.text
    assert a.json()["lang"] == "zh-Hant" and a.content == b.content
    t = client.get("/api/tasks?lang=en-GB")
    assert t.status_code == 200 and t.json()["lang"] == "en"
    assert t.content == client.get("/api/tasks?lang=en").content
    c = client.get("/api/chart?at=2026-02-03T10:00&lang=ko_KR")
    assert c.status_code == 200 and c.json()["lang"] == "ko"
    best = client.get("/api/best?task=travel&from=2026-02-03&to=2026-02-03&lang=ko-KR")
    assert best.status_code == 200
    assert best.content == client.get("/api/best?task=travel&from=2026-02-03&to=2026-02-03&lang=ko").content


def test_two_spellings_of_a_language_are_one_feed_rendered_once(data, monkeypatch):
    """The feed route looked its cache up under the language as spelt: ``ko-KR`` after ``ko``
    rendered the same feed again (and a lower-case ``zh-hant`` was not the pinned default)."""
    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app, feed_routes
    rendered = []

    def counted(*args, **kw):
        rendered.append(args[2])
        return real(*args, **kw)
    real = feed_routes.render_entry
    monkeypatch.setattr(feed_routes, "render_entry", counted)
    client = TestClient(create_app({"http": {"expensive_processes": False}}), raise_server_exceptions=False)
    a = client.get("/feeds/travel.ics?lang=ko")
    b = client.get("/feeds/travel.ics?lang=ko-KR")
    c = client.get("/feeds/travel.ics?lang=KO_kr")
    assert a.status_code == b.status_code == c.status_code == 200
    assert a.content == b.content == c.content and a.headers["etag"] == b.headers["etag"]
    assert rendered == ["ko"]
    assert client.app.state.feed_cache.stats()["variants"] == 1


def test_a_report_page_in_a_tag_s_language(client):
    from almanac.exports.http.routes import report_window
    from almanac import config as config_mod
    d = report_window(config_mod.load({}))[0]
    a = client.get(f"/reports/{d}.html?lang=zh-HK")
    b = client.get(f"/reports/{d}.html?lang=zh-Hant")
    assert a.status_code == 200 and a.content == b.content
    k = client.get(f"/reports/{d}.html?lang=ko-KR")
    assert k.status_code == 200 and 'lang="ko"' in k.text


@pytest.mark.parametrize("url", ["/api/day/2026-02-03?lang=ja-JP", "/feeds/travel.ics?lang=fr",
                                 "/api/tasks?lang=de-CH"])
def test_http_still_refuses_another_language(client, url):
    r = client.get(url)
    assert r.status_code == 400 and "unknown language" in r.json()["error"], r.text


# ---------------------------------------------------------------- a browser's own language
def _varies(r) -> set[str]:
    """The header names an answer says it varies on (text answers vary on Accept-Encoding too)."""
    return {v.strip().lower() for v in r.headers.get("vary", "").split(",") if v.strip()}


KOREAN_BROWSER = {"Accept-Language": "ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7"}


def _report_day():
    from almanac import config as config_mod
    from almanac.exports.http.routes import report_window
    return report_window(config_mod.load({}))[0]


def test_a_report_page_asked_without_lang_is_in_the_browser_s_language(client):
    url = f"/reports/{_report_day()}.html"
    plain = client.get(url)
    korean = client.get(url, headers=KOREAN_BROWSER)
    assert plain.status_code == korean.status_code == 200
    assert 'lang="ko"' in korean.text and 'lang="zh-Hant"' in plain.text
    assert korean.content == client.get(url + "?lang=ko").content
    # a cache must keep one answer per language: each says it varies, each has its own ETag
    assert _varies(plain) == _varies(korean) == {"accept-language", "accept-encoding"}     # gzip: issue 28
    assert plain.headers["etag"] != korean.headers["etag"]
    again = client.get(url, headers={**KOREAN_BROWSER, "If-None-Match": korean.headers["etag"]})
    assert again.status_code == 304 and "accept-language" in _varies(again)
    assert client.get(url, headers={"If-None-Match": korean.headers["etag"]}).status_code == 200


@pytest.mark.parametrize("header, lang", [
    ("fr-CH, fr;q=0.9, en;q=0.5, zh-TW;q=0.4", "en"),        # the first the almanac has
    ("en;q=0.5, zh-CN", "zh-Hans"),                           # by quality, not by place
    ("ko;q=0, en", "en"),                                     # q=0: not this one
])
def test_the_first_supported_language_wins(client, header, lang):
    r = client.get(f"/reports/{_report_day()}.html", headers={"Accept-Language": header})
    assert r.status_code == 200 and f'lang="{lang}"' in r.text


@pytest.mark.parametrize("header", ["fr-FR, de;q=0.9", "*", "ko;q=abc", ";;,,q=", "\u00e9\u00e9", "x" * 5000])
def test_a_header_naming_no_language_of_the_almanac_is_ignored(client, header):
    url = f"/reports/{_report_day()}.html"
    r = client.get(url, headers={"Accept-Language": header.encode("utf-8")})
    assert r.status_code == 200 and r.content == client.get(url).content


def test_lang_in_the_query_wins_and_then_the_answer_does_not_vary(client):
    r = client.get(f"/reports/{_report_day()}.html?lang=en", headers=KOREAN_BROWSER)
    assert r.status_code == 200 and 'lang="en"' in r.text and "accept-language" not in _varies(r)


def test_the_index_page_in_the_browser_s_language(client):
    r = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"})
    assert r.status_code == 200 and '<html lang="en">' in r.text and "accept-language" in _varies(r)
    assert r.content == client.get("/?lang=en").content
    assert "accept-language" not in _varies(client.get("/?lang=en"))


def test_a_report_page_s_error_is_told_in_the_browser_s_language(client):
    r = client.get("/reports/nope.html", headers=KOREAN_BROWSER)
    assert r.status_code == 404 and HANGUL.search(r.json()["error"]), r.text


@pytest.mark.parametrize("url", ["/api/day/2026-02-03", "/api/tasks", "/feeds/travel.ics",
                                 "/api/chart?at=2026-02-03T10:00"])
def test_a_machine_client_s_answer_never_reads_the_header(client, url):
    """The JSON API and the feeds answer by ``lang=`` alone (docs/http.md): the same bytes with
    or without a browser's header, and no ``Vary: Accept-Language``."""
    plain, korean = client.get(url), client.get(url, headers=KOREAN_BROWSER)
    assert plain.status_code == korean.status_code == 200
    assert plain.content == korean.content
    assert "accept-language" not in korean.headers.get("vary", "").lower()


# ---------------------------------------------------------------- bad input told where it is read
#: hostile values of every kind a query may carry
HOSTILE = ["x", "-1", "1e309", "nan", "2026-02-30", "0001-01-01", "9999-12-31", "１２３", "٣", "\x00", "../..",
           "a" * 120, "UTC+25", "2026-02-03T25:00", "2026-02-03T10:00+25:00", "181,91", "nan,nan", "1e400,0",
           "127,37,5", "M", "1850-01-01", "2101-01-01", "0x10", " 1", ","]
PARAMS = {
    "/api/day/2026-02-03": ({}, ["tz", "place", "clock", "lunar", "school"]),
    "/api/chart": ({"at": "2026-02-03T10:00"}, ["at", "tz", "task", "born", "partner_born", "sex", "place"]),
    "/api/best": ({"task": "travel", "from": "2026-02-03", "to": "2026-02-03"}, ["task", "from", "limit", "born"]),
    "/feeds/travel.ics": ({}, ["tz", "alarm", "born", "clock"]),
    "/reports/latest.html": ({}, ["tz", "place", "school"]),
}


@pytest.mark.parametrize("path", list(PARAMS))
def test_every_hostile_value_is_refused_in_the_reader_s_language(client, caplog, path):
    """Each value is checked where it is read: a Korean request meets a Korean line (never the
    last resort's, never a 500) whatever it sends. A birth date in year 9999 sought its 立春
    past the last date Python has: a 500 (OverflowError)."""
    base, names = PARAMS[path]
    for name in names:
        for value in HOSTILE:
            q = dict(base, lang="ko", **{name: value})
            if name.endswith("born"):
                q.update(sex="m", born=q.get("born", "1990"), partner_sex="f")
            if name == "sex":
                q["born"] = "1990"
            r = client.get(path, params=q)
            assert r.status_code < 500, (q, r.text)
            if r.status_code >= 400:
                line = r.json()["error"]
                assert HANGUL.search(line) and not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,} [A-Za-z]{3,}", line), (q, line)
    assert "a plain ValueError" not in caplog.text


@pytest.mark.parametrize("args", [["chart", "2026-02-03T10:00", "--born", "9999-12-31", "--sex", "m"],
                                  ["best", "--task", "travel", "--from", "2026-02-03", "--to", "2026-02-03",
                                   "--born", "0001-01-01", "--sex", "f"]])
def test_a_birth_date_outside_the_years_is_bad_input_on_the_command_line(data, capsys, args):
    from almanac.cli import main
    assert main(args + ["--lang", "ko"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and HANGUL.search(err[0]) and "1900" in err[0], err


@pytest.mark.parametrize("lang, expect", [
    ("ko", "입력한 값을 받아들일 수 없습니다: 'abc'"), ("ko-KR", "입력한 값을 받아들일 수 없습니다: 'abc'"),
    ("zh-Hant", "輸入的值無法接受：'abc'"), ("zh-CN", "输入的值无法接受：'abc'"),
    ("en", "bad input: invalid literal for int() with base 10: 'abc'"),
])
def test_the_last_resort_answers_in_the_request_s_language(client, monkeypatch, caplog, lang, expect):
    """A ``ValueError`` no route turned into a ``BadInput`` was an English 400 to every reader."""
    from almanac.exports import source

    def fails(*a, **kw):
        raise ValueError("invalid literal for int() with base 10: 'abc'")
    monkeypatch.setattr(source, "get_day", fails)
    r = client.get("/api/day/2026-02-03", params={"lang": lang})
    assert r.status_code == 400 and r.json() == {"error": expect}
    assert "a plain ValueError answering /api/day/2026-02-03" in caplog.text   # to be checked at its source


def test_two_spellings_of_a_language_are_one_answer_kept_from_the_store(client, capsys):
    """``/api/day`` kept its answer from the store under the language as spelt: every spelling
    of Korean (``ko``, ``ko-KR``, ``KO_kr`` …) was built again and kept beside the others."""
    from almanac.cli import main
    assert main(["precompute", "--from", "2026-02-03", "--to", "2026-02-03"]) == 0
    capsys.readouterr()
    answers = client.app.state.stored_answers
    bodies = {client.get("/api/day/2026-02-03", params={"lang": lang}).content for lang in ("ko", "ko-KR", "KO_kr")}
    assert len(bodies) == 1 and b'"lang":"ko"' in next(iter(bodies))
    stats = answers.stats()
    assert stats["entries"] == 1 and stats["misses"] == 1 and stats["requests"] == 3, stats


@pytest.mark.parametrize("url, header, lang", [
    ("?lang=zh-Hant", {"Accept-Language": "en-US,en;q=0.9"}, "zh-Hant"),    # chosen against the browser
    ("", {"Accept-Language": "zh-TW,zh;q=0.9"}, "zh-Hant"),                  # the browser's, the default
    ("", KOREAN_BROWSER, "ko"),                                               # the browser's, another
])
def test_a_report_page_s_links_keep_its_reader_s_language(client, url, header, lang):
    """The links to the days beside a report page name the page's language, however it was
    chosen: followed from another browser (a link sent to a friend, another device) or with no
    header at all, they lead to a page in the same language — not to the default, nor to the
    language that browser prefers. The configured language's pages were the gap: their links
    named none, and an English browser that followed one from a page asked ?lang=zh-Hant landed
    in English."""
    import datetime as dt
    d = _report_day() + dt.timedelta(days=1)
    page = client.get(f"/reports/{d}.html{url}", headers=header)
    assert page.status_code == 200 and f'lang="{lang}"' in page.text
    links = re.findall(r'href="([^"]+)"', re.search(r"<nav>(.*?)</nav>", page.text, re.S).group(1))
    assert len(links) == 2 and all(f"lang={lang}" in x for x in links), links
    for other in ({"Accept-Language": "en-US,en;q=0.9"}, {"Accept-Language": "ko"}, {}):
        for x in links:
            r = client.get("/reports/" + x.replace("&amp;", "&"), headers=other)
            assert r.status_code == 200 and f'<html lang="{lang}"' in r.text, (x, other)
