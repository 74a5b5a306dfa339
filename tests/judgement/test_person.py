"""Readings for a person (issue 9, item 5): 本命 and 行年 on the plate, and the seeds' 年命 rules."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from almanac import api
from almanac.calendar import zone
from almanac.judgement.catalog import load_catalog
from almanac.judgement.facts import PERSON_FACTS
from almanac.judgement.person import parse_person, xingnian
from almanac.judgement.search import person_facts_of_day

from almanac import config
NIANMING = {r.id for r in load_catalog().rules if r.facts & PERSON_FACTS}


def test_benming_and_xingnian():
    man = parse_person(1990, "m")                 # 庚午 year
    assert man.benming == "午"
    assert xingnian(man, 1990) == "寅"            # 男一歲起丙寅
    assert xingnian(man, 1991) == "卯"            # … 順行
    woman = parse_person("1990-05-17", "f")
    assert woman.birth_year == 1990 and xingnian(woman, 1990) == "申"   # 女一歲起壬申
    assert xingnian(woman, 1991) == "未"          # … 逆行
    assert parse_person("1990-02-01", "m").birth_year == 1989   # before 立春 (1990-02-04)
    assert xingnian(man, 1989) is None
    assert parse_person(None, None) is None
    for born, sex in ((1990, None), (None, "m"), (1990, "x"), ("1990-13-01", "f"), (1800, "m"), (True, "m")):
        with pytest.raises(ValueError):
            parse_person(born, sex)


def test_the_person_stands_on_the_hours_plate():
    p = parse_person(1985, "f")
    cfg = config.load()
    for slot, f, _ in person_facts_of_day(date(2026, 12, 3), zone("Asia/Seoul"), cfg, p):
        doc = api.chart(slot.start.isoformat())
        assert f["benming"] == "丑" and f["xingnian_shang"] == doc["plate"][f["xingnian"]]


def test_without_a_person_no_nianming_rule_is_read():
    d = date(2026, 1, 5)
    while d.year == 2026:
        for h in api.judge_day(d, "Asia/Shanghai", "delegate")["hours"]:
            assert not {r["rule"] for r in h["reasons"]} & NIANMING
        d += timedelta(days=17)


def test_a_persons_reading_cites_the_nianming_paragraphs_and_changes_the_ranking():
    plain = api.best("delegate", "2026-12-01", "2026-12-31", tz="Asia/Shanghai", limit=20)
    changed, cited = False, set()
    for born, sex in ((1990, "m"), (1972, "f"), ("2001-03-09", "m")):
        doc = api.best("delegate", "2026-12-01", "2026-12-31", tz="Asia/Shanghai", limit=20, born=born, sex=sex)
        assert doc["person"]["sex"] == sex
        changed |= [r["start"] for r in doc["results"]] != [r["start"] for r in plain["results"]]
        for r in doc["results"]:
            assert round(sum(x["effect"] for x in r["reasons"]), 3) == pytest.approx(r["score"])
            for x in r["reasons"]:
                if x["rule"] in NIANMING:
                    cited.add(x["source"].split(": ", 1)[1])
                    assert x["citation"].startswith("《大六壬·")
    assert changed
    assert cited & {"神將謂日辰上神將也", "若發用並日辰上見天空、朱雀", "如罡臨方遇有山水之阻"}


def test_the_siege_sentence_is_not_read_for_a_standing_hour_and_nianming_ke_counts_once():
    # 001 「占圍之能傷否…日辰年命克凶亡」 asks whether one already besieged is hurt (「피위한 뒤에 상을
    # 받을지 아닐지」): a siege the almanac cannot see. For a standing hour the text is the next
    # paragraph's 「日辰與年命相生則吉，相剋則凶」 — 凶, not doom, and said once
    cat = load_catalog()
    assert not [r.id for r in cat.rules if getattr(r.source, "opening", None) == "占圍之能傷否"]
    on_ke = [r for r in cat.rules if r.facts == {"nianming_vs_ganzhi"} and r.pred({"nianming_vs_ganzhi": "剋"})]
    assert len(on_ke) == 1 and not any(r.grave_for(t) for r in on_ke for t in cat.tasks)
    d = date(2026, 3, 1)
    for i in range(31):
        for h in api.judge_day(d + timedelta(days=i), "Asia/Shanghai", "competition", born="1980-05-01",
                               sex="m")["hours"]:
            assert not [r for r in h["reasons"] if r["rule"] in NIANMING and r["grave"]], h["start"]


def test_day_and_person_that_both_generate_and_overcome_are_neither_good_nor_bad():
    # 「日辰與年命相生則吉，相剋則凶」: 吉 when they generate one another, 凶 when they overcome one
    # another; where some of the four pairs generate and others overcome the sentence does not decide
    from almanac.judgement.facts import rel
    p, cfg, seen = parse_person("1980-05-01", "m"), config.load(), set()
    for i in range(60):
        for _, f, fired in person_facts_of_day(date(2026, 3, 1) + timedelta(days=i), zone("Asia/Shanghai"), cfg, p):
            ids = {load_catalog().rules[j].id for j in fired}
            rels = {rel(x, y) for x in (f["day_stem"], f["day_branch"]) for y in (f["benming"], f["xingnian"])}
            overcome, generate = bool(rels & {"剋", "被剋"}), bool(rels & {"生", "被生"})
            assert ("liuren.nianming_ke" in ids) == (overcome and not generate)
            assert ("liuren.nianming_sheng" in ids) == (generate and not overcome)
            seen.add((overcome, generate))
    assert {(True, True), (True, False), (False, True)} <= seen


def test_gang_er_yin_over_the_xingnian_is_a_warning_for_the_envoy():
    # 001: 「言主將行年與日辰上，切忌天罡、天耳、太陰臨之」 foretells concealment (「來使潛機」): a minus
    rule = load_catalog().by_id["liuren.xingnian_gang_er_yin"]
    assert not rule.grave_for("delegate") and rule.effect_for("delegate") < 0
    seen = 0
    for y in (1960, 1975, 1990, 2003):
        for h in api.judge_day("2026-12-05", "Asia/Shanghai", "delegate", born=y, sex="m")["hours"]:
            mine = [r for r in h["reasons"] if r["rule"] == rule.id]
            if mine:
                seen += 1
                assert mine[0]["effect"] < 0 and not mine[0]["grave"]
    assert seen


def test_chart_reading_for_a_person_and_the_cli(tmp_path, monkeypatch, capsys):
    doc = api.chart("2026-12-05T10:00", tz="Asia/Seoul", task="delegate", born=1990, sex="m")
    hour = next(h for h in api.judge_day("2026-12-05", "Asia/Seoul", "delegate", born=1990, sex="m")["hours"]
                if h["branch"] == doc["hour"])
    assert doc["reading"]["score"] == hour["score"] and doc["reading"]["person"]["benming"] == "午"
    with pytest.raises(ValueError, match="give a task"):
        api.chart("2026-12-05T10:00", tz="Asia/Seoul", born=1990, sex="m")
    from almanac.cli import main
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    assert main(["best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-02", "--born", "1990",
                 "--sex", "m", "--json"]) == 0
    assert '"benming": "午"' in capsys.readouterr().out
    assert main(["best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-02", "--born", "1990"]) == 2


# ---------------------------------------------------------------------- a person's feed
WHO = {"born": 1984, "sex": "f"}
FEED_CFG = {"feeds": {"future_days": 2, "past_days": 0}}


def _nianming_good_hour(task: str = "travel"):
    """The first day of December 2026 with an hour at least 吉 for ``WHO`` that a 年命 rule
    speaks to (an hour the person's feed shows), and that hour."""
    d = date(2026, 12, 1)
    while d.month == 12:
        for h in api.judge_day(d, "Asia/Shanghai", task, **WHO)["hours"]:
            if h["verdict"] in ("吉", "大吉") and not h["vetoed"] and {r["rule"] for r in h["reasons"]} & NIANMING:
                return d, h
        d += timedelta(days=1)
    raise AssertionError("no 吉 hour with a 年命 reason in December 2026")


def _events(body: bytes) -> dict:
    import icalendar
    cal = icalendar.Calendar.from_ical(body)
    return {str(ev["UID"]): ev for ev in cal.walk("VEVENT")}


def test_a_persons_feed_is_judged_for_them_and_cites_the_nianming_rule(data):
    from almanac.exports import feeds
    d, hour = _nianming_good_hour()
    plain = feeds.build_feed("travel", d, d, "Asia/Shanghai", "zh-Hant", None, FEED_CFG)
    mine = feeds.build_feed("travel", d, d, "Asia/Shanghai", "zh-Hant", None, FEED_CFG, **WHO)
    assert plain.body != mine.body
    p_ev, m_ev = _events(plain.body), _events(mine.body)
    assert not set(p_ev) & set(m_ev)           # another calendar: no UID of the plain feed
    start = hour["start"][11:16]
    ev = next(e for e in m_ev.values() if e.decoded("DTSTART").strftime("%H:%M") == start
              and hasattr(e.decoded("DTSTART"), "hour"))
    nm = [r for r in hour["reasons"] if r["rule"] in NIANMING]
    for r in nm:
        assert r["citation"] in str(ev["DESCRIPTION"])
    for e in p_ev.values():                    # the plain feed never reads the person's 年命
        assert not any(r["citation"] in str(e["DESCRIPTION"]) for r in nm)
    # stable UIDs across rebuilds and processes: the feed caches and the stamps ledger forgotten
    feeds.ledger._stamps_cache.clear()
    feeds.memo._texts.clear()
    again = feeds.build_feed("travel", d, d, "Asia/Shanghai", "zh-Hant", None, FEED_CFG, **WHO)
    assert set(_events(again.body)) == set(m_ev) and again.body == mine.body
    # a birth date before 立春 is the year before (the 本命), the same feed as that year's
    earlier = feeds.build_feed("travel", d, d, "Asia/Shanghai", "zh-Hant", None, FEED_CFG,
                               born="1985-01-20", sex="女")
    assert earlier.body == mine.body


@pytest.mark.parametrize("lang, words", [("ko", "1984년생 여성"), ("en", "born 1984, female"),
                                         ("zh-Hant", "1984年生 女命"), ("zh-Hans", "1984年生 女命")])
def test_a_persons_feed_says_whom_it_is_for(data, lang, words):
    import icalendar
    from almanac.exports import feeds
    d = date(2026, 12, 3)
    mine = icalendar.Calendar.from_ical(feeds.build_feed("travel", d, d, "Asia/Seoul", lang, None,
                                                         FEED_CFG, **WHO).body)
    plain = icalendar.Calendar.from_ical(feeds.build_feed("travel", d, d, "Asia/Seoul", lang, None,
                                                          FEED_CFG).body)
    for prop in ("NAME", "X-WR-CALNAME", "DESCRIPTION", "X-WR-CALDESC"):
        assert words in str(mine[prop]) and words not in str(plain[prop])
    assert str(mine["X-WR-CALNAME"]).startswith(str(plain["X-WR-CALNAME"]))


def _seqs(body: bytes) -> list[int]:
    return [int(line.split(b":")[1]) for line in body.split(b"\r\n") if line.startswith(b"SEQUENCE:")]


def test_a_persons_feed_never_restamps_the_plain_feed_over_http(data):
    import time

    from fastapi.testclient import TestClient

    from almanac.exports import feeds
    from almanac.exports.http import create_app
    c = TestClient(create_app(FEED_CFG), raise_server_exceptions=False)
    plain = c.get("/feeds/travel.ics")
    assert plain.status_code == 200 and set(_seqs(plain.content)) == {0}
    before = c.get("/healthz").json()["feed_cache"]
    mine = c.get("/feeds/travel.ics?born=1984&sex=f&lang=en")
    assert mine.status_code == 200 and b"born 1984, female" in mine.content
    assert mine.headers["etag"] != plain.headers["etag"]
    head = c.head("/feeds/travel.ics?born=1984&sex=f&lang=en")
    assert head.status_code == 200 and head.content == b"" and head.headers["etag"] == mine.headers["etag"]
    after = c.get("/healthz").json()["feed_cache"]
    assert after["pinned"] == before["pinned"] and after["variants"] == before["variants"] + 1
    assert c.get("/feeds/travel.ics").headers["etag"] == plain.headers["etag"]
    # a restart: only the stamps ledger remains; the plain feed is byte-identical, every SEQUENCE 0
    feeds.ledger._stamps_cache.clear()
    feeds.rolling._cache.clear()
    feeds.memo._texts.clear()
    time.sleep(1.1)  # a re-stamp would show a new DTSTAMP second
    c2 = TestClient(create_app(FEED_CFG), raise_server_exceptions=False)
    again = c2.get("/feeds/travel.ics")
    assert again.headers["etag"] == plain.headers["etag"] and set(_seqs(again.content)) == {0}
    assert c2.get("/feeds/travel.ics?born=1984&sex=f&lang=en").content == mine.content


@pytest.mark.parametrize("query", ["born=1800&sex=f", "born=1984&sex=x", "sex=f", "born=1984",
                                   "born=19a4&sex=m"])
def test_a_bad_person_on_a_feed_url_is_a_400_line(data, query):
    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app
    from almanac.errors import BadInput
    c = TestClient(create_app(FEED_CFG), raise_server_exceptions=False)
    r = c.get(f"/feeds/travel.ics?{query}")
    assert r.status_code == 400 and "\n" not in r.json()["error"]
    args = dict(x.split("=") for x in query.split("&"))
    with pytest.raises(BadInput) as e:      # the same check as the API's
        parse_person(args.get("born"), args.get("sex"))
    assert r.json()["error"] == str(e.value)


def test_the_feed_command_for_a_person(data, tmp_path, capsys):
    import icalendar

    from almanac.cli import main
    out = tmp_path / "me.ics"
    base = ["feed", "--task", "travel", "--from", "2026-12-03", "--to", "2026-12-04", "--lang", "en"]
    assert main(base + ["--born", "1984", "--sex", "f", "-o", str(out)]) == 0
    assert "born 1984, female" in str(icalendar.Calendar.from_ical(out.read_bytes())["X-WR-CALNAME"])
    capsys.readouterr()
    for bad in (["--sex", "f"], ["--born", "1800", "--sex", "m"], ["--born", "1984", "--sex", "q"]):
        assert main(base + bad + ["-o", str(out)]) == 2
        err = capsys.readouterr().err.strip()
        assert err and "\n" not in err


@pytest.mark.parametrize("lang, words", [("zh-Hant", ("生年", "女命")), ("zh-Hans", ("生年", "女命")),
                                         ("ko", ("태어난 해", "여성")), ("en", ("Born", "female"))])
def test_the_index_builds_a_persons_feed_link(lang, words):
    from almanac.exports.http.pages import index_page
    page = index_page(config.load({}), lang)
    assert 'name="born"' in page and 'name="sex"' in page
    assert '<option value="m">' in page and '<option value="f">' in page
    assert 'q.set("born"' in page and 'q.set("sex"' in page
    assert all(w in page for w in words)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_index_script_puts_born_and_sex_on_the_link_only_when_both_are_filled(lang, browse, tmp_path):
    """The subscribe builder as a reader drives it in Chromium: typing a birth year and picking a sex
    puts both on the feed link (and its webcal twin); either one alone puts neither there."""
    import html
    import json
    from urllib.parse import parse_qs, urlsplit

    from almanac.exports.http import pages
    from almanac.exports.http.pages import index_page
    fill = """<script>
    var f = document.getElementById("picker"), seen = {};
    function put(name, value) { f[name].value = value; f[name].dispatchEvent(new Event(name === "born" ? "input" : "change", {bubbles: true})); }
    function links() { return Array.prototype.map.call(document.querySelectorAll("#links a"), function (a) { return a.href; })
                              .concat(document.getElementById("person-hint") ? ["hint"] : []); }
    put("task", "wealth"); put("born", " 1984 "); put("sex", "f"); seen.both = links();
    put("sex", ""); seen.born_only = links();
    put("born", ""); put("sex", "m"); seen.sex_only = links();
    var out = document.createElement("pre"); out.id = "seen"; out.textContent = JSON.stringify(seen);
    document.body.appendChild(out);
    </script></body>"""
    page = tmp_path / "index.html"
    page.write_text(index_page(config.load({}), lang).replace("</body>", fill), encoding="utf-8")
    dom = browse(page.as_uri(), "--dump-dom").stdout
    seen = json.loads(html.unescape(dom.split('<pre id="seen">', 1)[1].split("</pre>", 1)[0]))

    def query(url):
        parts = urlsplit(url)
        return parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()}
    assert [query(u)[0] for u in seen["both"]] == ["/feeds/wealth.ics"] * 2      # feed and webcal, no hint
    for half in ("born_only", "sex_only"):       # the reader is told why no person's feed is offered
        assert seen[half][-1] == "hint" and pages.TEXT[lang]["person_both"] in dom
        seen[half] = seen[half][:-1]
    for url in seen["both"]:
        q = query(url)[1]
        assert q["born"] == "1984" and q["sex"] == "f" and q["lang"] == lang
    for half in ("born_only", "sex_only"):
        assert seen[half] and all("born" not in query(u)[1] and "sex" not in query(u)[1] for u in seen[half])


# ---------------------------------------------------------------------- a partner: the 課體 of a couple
COUPLE_AT = "2026-03-09T10:00:00+08:00"     # 壬午日: 壬's 德 is 亥


def test_a_partner_makes_a_couple_whose_xingnian_the_keti_read(tmp_path, monkeypatch, capsys):
    """《六壬大全》 繁昌課's couple (「夫行年甲寅，妻行年己亥」: 49 and 34 歲, born 1978 and 1993, in 2026) on a
    壬 day, whose 德 亥 the wife's 行年 stands on: 繁昌 whichever of the two asks; a pair of one sex, no
    partner, or a 癸 day (德 巳) — not."""
    def names(at=COUPLE_AT, **kw):
        doc = api.chart(at, task="travel", **kw)
        return [k["name"] for k in doc["keti_hour"]], doc

    found, doc = names(born=1978, sex="m", partner_born=1993, partner_sex="f")
    assert "繁昌" in found
    assert doc["reading"]["person"]["birth_year"] == 1978 and doc["reading"]["partner"] == {
        "birth_year": 1993, "sex": "f", "benming": "酉"}
    assert "繁昌" in names(born="1993-05-01", sex="f", partner_born=1978, partner_sex="m")[0]
    assert "繁昌" not in names(born=1978, sex="m", partner_born=1993, partner_sex="m")[0]
    assert "繁昌" not in names(born=1978, sex="m")[0]
    assert "partner" not in names(born=1978, sex="m")[1]["reading"]
    assert "繁昌" not in names("2026-03-10T10:00:00+08:00", born=1978, sex="m", partner_born=1993, partner_sex="f")[0]
    for bad in ({"partner_born": 1993}, {"partner_sex": "f"}, {"partner_born": 1993, "partner_sex": "x"},
                {"partner_born": 1850, "partner_sex": "f"}, {"partner_born": "1993-13-01", "partner_sex": "f"}):
        with pytest.raises(ValueError, match="partner_"):
            api.chart(COUPLE_AT, task="travel", born=1978, sex="m", **bad)
    with pytest.raises(ValueError, match="give born and sex too"):
        api.chart(COUPLE_AT, partner_born=1993, partner_sex="f")

    from almanac.cli import main
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    base = ["chart", COUPLE_AT, "--task", "travel", "--born", "1978", "--sex", "m", "--json"]
    assert main(base + ["--partner-born", "1993", "--partner-sex", "f"]) == 0
    assert "繁昌" in capsys.readouterr().out
    assert main(base + ["--partner-born", "1993"]) == 2
    assert main(base + ["--partner-born", "1993", "--partner-sex", "q"]) == 2
    err = capsys.readouterr().err
    # the command line names the option typed (--partner-sex), not the API's parameter
    assert "--partner-sex 'q'" in err and "partner_sex" not in err and "Traceback" not in err
    assert main(["chart", "--day", "壬申", "--gan-shang", "子", "--partner-born", "1993", "--partner-sex", "f"]) == 2
    # a book's chart has no year, so no 行年: the asker is refused there too, not silently dropped
    capsys.readouterr()
    assert main(["chart", "--day", "壬申", "--gan-shang", "子", "--born", "1990", "--sex", "m"]) == 2
    err = capsys.readouterr().err
    assert "--born and --sex go with a DATETIME" in err and err.count("\n") == 1


def test_the_http_chart_takes_a_partner():
    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app
    client = TestClient(create_app({}), raise_server_exceptions=False)
    q = {"at": COUPLE_AT, "task": "travel", "born": "1978", "sex": "m"}
    r = client.get("/api/chart", params={**q, "partner_born": "1993", "partner_sex": "f"})
    assert r.status_code == 200 and "繁昌" in [k["name"] for k in r.json()["keti_hour"]]
    assert r.json()["reading"]["partner"]["birth_year"] == 1993
    bad = client.get("/api/chart", params={**q, "partner_born": "1993"})
    assert bad.status_code == 400 and "partner_sex" in bad.json()["error"]
