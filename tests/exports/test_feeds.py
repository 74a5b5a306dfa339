"""The iCalendar feeds as real clients read them: icalendar (component.errors), vobject, ical,
recurring-ical-events, a Radicale CalDAV round trip on loopback; stable UIDs; byte-identical
rebuilds; size limits; every language."""
from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

START, END = date(2026, 12, 1), date(2026, 12, 8)  # holds 大雪 (2026-12-07)


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    """The real compute API (through exports.source and the store) in a fresh data folder."""
    mp = pytest.MonkeyPatch()
    mp.setenv("ALMANAC_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    yield "real"
    mp.undo()


@pytest.fixture(scope="module")
def task(backend):
    """The first task with a good (吉) hour in the window, so the feed has hour events to check
    (verdicts are absolute: a week may hold no 吉 hour for a task, and then its feed has none)."""
    from almanac import api
    from almanac.exports import source
    for name in source.task_names():
        d = START
        while d <= END:
            if any(h["verdict"] in ("吉", "大吉") and not h["vetoed"]
                   for h in api.judge_day(d, "Asia/Shanghai", name)["hours"]):
                return name
            d += timedelta(days=1)
    pytest.fail("no task has a 吉 hour in the window")


@pytest.fixture(scope="module")
def feeds_by_lang(backend, task):
    from almanac.exports import feeds
    return {lang: feeds.build_feed(task, START, END, "Asia/Shanghai", lang, 15) for lang in feeds.L.LANGS}


def test_feed_hours_are_the_real_judgements(backend, task):
    """The hour events are exactly what the judgement layer chose: every non-vetoed hour at least
    [feeds] min_verdict, plus each day's best non-vetoed hour at least best_min_verdict — which is
    never below 吉: a feed never calls a bad hour good."""
    import icalendar
    from almanac import api
    from almanac.exports import feeds
    f = feeds.build_feed(task, START, END, "Asia/Shanghai", "en")
    got = sorted(e.decoded("DTSTART").isoformat() for e in icalendar.Calendar.from_ical(f.body).walk("VEVENT")
                 if isinstance(e.decoded("DTSTART"), datetime) and e["DTSTART"].params.get("TZID"))
    rank = feeds.L.VERDICT_RANK
    want = []
    d = START
    while d <= END:
        hours = [h for h in api.judge_day(d, "Asia/Shanghai", task)["hours"] if not h["vetoed"]]
        good = {h["start"] for h in hours if rank[h["verdict"]] >= rank["吉"]}
        fair = sorted((h for h in hours if rank[h["verdict"]] >= rank["吉"]), key=lambda h: -h["score"])
        want += sorted(good | {h["start"] for h in fair[:1]})
        d += timedelta(days=1)
    assert got == sorted(datetime.fromisoformat(x).isoformat() for x in want)
    assert got, "the test window should hold at least one chosen hour"


def test_icalendar_parses_without_errors(feeds_by_lang):
    import icalendar
    for lang, f in feeds_by_lang.items():
        cal = icalendar.Calendar.from_ical(f.body)
        for comp in cal.walk():
            assert not comp.errors, (lang, comp.name, comp.errors)
        events = cal.walk("VEVENT")
        assert events and len(events) == f.events
        assert cal["X-WR-CALNAME"] and cal["NAME"] and str(cal["REFRESH-INTERVAL"].to_ical(), "ascii") == "P1D"
        assert cal["X-PUBLISHED-TTL"] == "P1D" and cal["COLOR"]
        assert cal.walk("VTIMEZONE"), "a VTIMEZONE for the TZID of the hour events"
        uids = [str(e["UID"]) for e in events]
        assert len(set(uids)) == len(uids)
        kinds = {"date": 0, "tz": 0, "utc": 0}
        for e in events:
            s, en = e.decoded("DTSTART"), e.get("DTEND")
            assert e["TRANSP"] == "TRANSPARENT" and e.get("CATEGORIES") and e.get("DTSTAMP")
            assert e.decoded("DTSTAMP").tzinfo is not None
            if not isinstance(s, datetime):
                kinds["date"] += 1
                assert e.decoded("DTEND") == s + timedelta(days=1)
            elif e["DTSTART"].params.get("TZID"):
                kinds["tz"] += 1
                assert e.decoded("DTEND") > s and (e.decoded("DTEND") - s) == timedelta(hours=2)
                assert e.walk("VALARM")
            else:
                kinds["utc"] += 1
                assert s.utcoffset() == timedelta(0) and en is None and e.decoded("DURATION") == timedelta(minutes=1)
            assert s.tzinfo is not None if isinstance(s, datetime) else True  # no floating times
        assert kinds["date"] == (END - START).days + 1 and kinds["tz"] > 0 and kinds["utc"] >= 1, kinds


def test_structure_crlf_folding_end(feeds_by_lang):
    for f in feeds_by_lang.values():
        assert f.body.endswith(b"END:VCALENDAR\r\n")
        lines = f.body.split(b"\r\n")
        assert b"\n" not in b"".join(lines)
        assert max(len(line) for line in lines) <= 75
        for line in lines:
            line.decode("utf-8")  # folding never splits a character


def test_vobject_and_ical_parse(feeds_by_lang):
    import vobject
    from ical.calendar_stream import IcsCalendarStream
    for lang, f in feeds_by_lang.items():
        cal = vobject.readOne(f.body.decode("utf-8"))
        assert len(cal.vevent_list) == f.events
        parsed = IcsCalendarStream.calendar_from_ics(f.body.decode("utf-8"))
        assert len(parsed.events) == f.events, lang


def test_recurring_ical_events_expands(feeds_by_lang):
    import icalendar
    import recurring_ical_events
    f = feeds_by_lang["zh-Hant"]
    cal = icalendar.Calendar.from_ical(f.body)
    day = recurring_ical_events.of(cal).at((2026, 12, 7))
    assert any(not isinstance(e.decoded("DTSTART"), datetime) for e in day)
    assert any("大雪" in str(e["SUMMARY"]) for e in day)
    assert len(recurring_ical_events.of(cal).between(START, END + timedelta(days=1))) == f.events


def test_uids_stable_across_shifted_windows(backend, task):
    from almanac.exports import feeds
    import icalendar
    a = feeds.build_feed(task, START, START + timedelta(days=5), "Asia/Shanghai", "zh-Hant")
    b = feeds.build_feed(task, START + timedelta(days=3), START + timedelta(days=8), "Asia/Shanghai", "zh-Hant")

    def by_key(f):
        out = {}
        for e in icalendar.Calendar.from_ical(f.body).walk("VEVENT"):
            out[(e["DTSTART"].to_ical(), str(e["SUMMARY"]))] = str(e["UID"])
        return out
    ka, kb = by_key(a), by_key(b)
    common = set(ka) & set(kb)
    assert len(common) >= 3
    assert all(ka[k] == kb[k] for k in common)
    # other languages live in their own UID namespace
    c = feeds.build_feed(task, START, START + timedelta(days=5), "Asia/Shanghai", "en")
    assert not set(by_key(c).values()) & set(ka.values())


@pytest.mark.parametrize("zone,start,end", [
    ("America/New_York", date(2040, 3, 1), date(2040, 3, 20)),      # DST from 2040-03-11, after 2037
    ("America/New_York", date(2026, 3, 1), date(2026, 3, 20)),      # inside 1970–2037: DST from 03-08
    ("Europe/Berlin", date(2026, 10, 20), date(2026, 10, 30)),      # summer time ends 10-25
    ("America/New_York", date(1960, 4, 18), date(1960, 5, 2)),      # DST from 1960-04-24, before 1970
    ("Australia/Sydney", date(2040, 3, 28), date(2040, 4, 6)),      # DST ends 2040-04-01
    ("Asia/Shanghai", date(2040, 6, 1), date(2040, 6, 4)),          # no DST then
    ("Asia/Kolkata", date(1960, 6, 1), date(1960, 6, 4)),           # none at all
    ("America/New_York", date(2037, 12, 28), date(2038, 1, 4)),     # across icalendar's old end
    ("Europe/London", date(2041, 12, 30), date(2042, 1, 2)),        # a span of two years
])
def test_vtimezone_alone_gives_each_hour_its_instant(backend, zone, start, end):
    """A client that reads the wall times by the feed's own VTIMEZONE (icalendar's tz built from
    the component, vobject's) gets the instant zoneinfo gives, also after 2037 and before 1970:
    the VTIMEZONE covers the events' span, not icalendar's default 1970–2037."""
    from datetime import timezone
    from zoneinfo import ZoneInfo

    import icalendar
    import vobject
    from almanac.exports import feeds
    cfg = {"feeds": {"min_verdict": "大凶"}}   # every hour not vetoed: both sides of each change
    body = feeds.build_feed("travel", start, end, zone, "en", None, cfg).body
    cal = icalendar.Calendar.from_ical(body)
    (vtz,) = cal.walk("VTIMEZONE")
    own = vtz.to_tz(lookup_tzid=False)             # the embedded rules, not the zone database
    z, seen, walls = ZoneInfo(zone), set(), []
    for ev in cal.walk("VEVENT"):
        for name in ("DTSTART", "DTEND"):
            prop = ev.get(name)
            if prop is None or prop.params.get("TZID") != zone:
                continue
            wall = prop.dt.replace(tzinfo=None)
            walls.append(wall)
            want = wall.replace(tzinfo=z).astimezone(timezone.utc)
            assert wall.replace(tzinfo=own).astimezone(timezone.utc) == want, (name, wall)
            seen.add(wall.replace(tzinfo=z).utcoffset())
    assert seen, "hour events with TZID"
    if zone in ("America/New_York", "Australia/Sydney") and start.month in (3, 4):
        assert len(seen) == 2, seen                # both offsets of the DST change were checked
    # every change of the span, as the embedded rules say it: a summer hour of each year too
    for year in range(start.year, end.year + 1):
        for month in (1, 4, 7, 10):
            wall = datetime(year, month, 15, 12)
            assert wall.replace(tzinfo=own).utcoffset() == wall.replace(tzinfo=z).utcoffset(), wall
            walls.append(wall)
    # vobject's reading of the component (dateutil's tzical of it; vobject's parse of the events
    # would use the first VTIMEZONE of that name seen by the process, or pytz)
    parsed = vobject.readOne(body.decode("utf-8"))
    theirs = parsed.vtimezone.gettzinfo()
    for wall in walls:
        want = wall.replace(tzinfo=z).astimezone(timezone.utc)
        assert wall.replace(tzinfo=theirs).astimezone(timezone.utc) == want, ("vobject", wall)
    first = datetime.fromisoformat(str(vtz.walk()[1]["DTSTART"].dt))
    if date(1970, 1, 3) <= start and end <= date(2037, 12, 29):
        assert first.year == 1970                 # a feed inside 1970–2037 keeps its VTIMEZONE
    else:
        assert first.date() <= start - timedelta(days=1)


def test_rebuild_is_byte_identical(backend, task):
    from almanac.exports import feeds
    a = feeds.build_feed(task, START, END, "Asia/Seoul", "ko")
    time.sleep(1.1)
    b = feeds.build_feed(task, START, END, "Asia/Seoul", "ko")
    assert a.body == b.body and a.etag == b.etag


def test_rebuild_in_another_process_is_byte_identical(backend, task):
    """DTSTAMPs are stored when content is first seen: a later process (a restart, another
    worker) on the same data folder publishes the same bytes."""
    import os
    from almanac.exports import feeds
    a = feeds.build_feed(task, START, END, "Asia/Shanghai", "zh-Hant")
    time.sleep(1.1)
    code = ("import sys; from exports import feeds; sys.stdout.buffer.write(feeds.build_feed("
            f"{task!r}, {START.isoformat()!r}, {END.isoformat()!r}, 'Asia/Shanghai', 'zh-Hant').body)")
    b = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, timeout=300,
                       env=dict(os.environ)).stdout
    assert b == a.body


def test_rolling_feed_respects_limits(backend, task):
    from almanac.exports import feeds
    f = feeds.rolling_feed(task, "Asia/Shanghai", "zh-Hans", None, {"feeds": {"max_events": 60}},
                           today=START)
    assert f.events <= 60 and len(f.body) < 900_000 and f.end < START + timedelta(days=90)
    from almanac.errors import BadInput
    with pytest.raises(BadInput):
        feeds.build_feed(task, START, START + timedelta(days=200), config={"feeds": {"max_events": 60}})


def test_bad_input(backend, task):
    from almanac.errors import BadInput
    from almanac.exports import feeds
    for kwargs in ({"lang": "fr"}, {"tz": "Mars/Olympus"}, {"alarm": -5}):
        with pytest.raises(BadInput):
            feeds.build_feed(task, START, END, **kwargs)
    with pytest.raises(BadInput):
        feeds.build_feed("no-such-task", START, END)
    with pytest.raises(BadInput):
        feeds.build_feed(task, END, START)


def test_cli_feed(backend, task, tmp_path, capsys):
    """``almanac feed`` writes the feed of the task, days, zone, language and alarm it is asked
    for, byte for byte what ``build_feed`` makes of them; bad input is exit 2 and writes nothing."""
    from almanac.cli import main
    from almanac.exports import feeds
    out = tmp_path / "t.ics"
    assert main(["feed", "--task", task, "--from", "2026-12-01", "--to", "2026-12-03", "--lang", "en",
                 "--tz", "Asia/Seoul", "--alarm", "20", "-o", str(out)]) == 0
    want = feeds.build_feed(task, date(2026, 12, 1), date(2026, 12, 3), "Asia/Seoul", "en", 20)
    assert out.read_bytes() == want.body
    assert want.body != feeds.build_feed(task, date(2026, 12, 1), date(2026, 12, 3), "Asia/Seoul", "zh-Hant", 20).body
    assert f"{want.events} events" in capsys.readouterr().err
    assert main(["feed", "--task", task, "--from", "2026-12-01", "--to", "x", "-o", str(tmp_path / "u.ics")]) == 2
    assert not (tmp_path / "u.ics").exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def radicale(tmp_path_factory):
    pytest.importorskip("radicale")
    root = tmp_path_factory.mktemp("radicale")
    port = _free_port()
    conf = root / "config"
    conf.write_text(f"""[server]\nhosts = 127.0.0.1:{port}\n[auth]\ntype = none\n[rights]\ntype = owner_write
[storage]\nfilesystem_folder = {root / 'collections'}\n[logging]\nlevel = warning\n""")
    proc = subprocess.Popen([sys.executable, "-m", "radicale", "--config", str(conf)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/.web/", timeout=1)
            break
        except Exception:  # noqa: BLE001
            if proc.poll() is not None:
                pytest.fail(proc.stderr.read().decode())
            time.sleep(0.1)
    yield base
    proc.terminate()
    proc.wait(10)


def _dav(method, url, body=b"", headers=None):
    req = urllib.request.Request(url, data=body or None, method=method, headers={
        "Authorization": "Basic dXNlcjp1c2Vy", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def _put_and_query(coll: str, body: bytes, start: str = "20261207T000000Z", end: str = "20261208T000000Z") -> str:
    """Make the calendar collection ``coll``, put a feed into it, and return what a CalDAV
    time-range query of its events from ``start`` to ``end`` answers."""
    mk = b"""<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
<D:set><D:prop><D:displayname>t</D:displayname></D:prop></D:set></C:mkcalendar>"""
    st, _ = _dav("MKCALENDAR", coll, mk)
    assert st in (201, 405), st
    st, got = _dav("PUT", coll, body, {"Content-Type": "text/calendar; charset=utf-8"})
    assert st in (200, 201, 204), (st, got[:300])
    report = f"""<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
 <D:prop><C:calendar-data/></D:prop>
 <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
  <C:time-range start="{start}" end="{end}"/>
 </C:comp-filter></C:comp-filter></C:filter></C:calendar-query>""".encode()
    st, got = _dav("REPORT", coll, report, {"Depth": "1", "Content-Type": "application/xml"})
    assert st == 207, st
    return got.decode()


def test_radicale_put_and_time_range_report(radicale, feeds_by_lang):
    import icalendar
    f = feeds_by_lang["zh-Hant"]
    text = _put_and_query(f"{radicale}/user/almanac/", f.body)
    assert "大雪" in text  # the solar-term instant
    assert "VALUE=DATE:20261207" in text or "VALUE=DATE:20261208" in text  # the all-day event(s)
    cal = icalendar.Calendar.from_ical(f.body)
    expected = [e for e in cal.walk("VEVENT") if isinstance(e.decoded("DTSTART"), datetime)
                and e.decoded("DTSTART") < datetime.fromisoformat("2026-12-08T00:00:00+00:00")
                and (e.decoded("DTEND") if e.get("DTEND") else e.decoded("DTSTART") + e.decoded("DURATION"))
                > datetime.fromisoformat("2026-12-07T00:00:00+00:00")]
    for e in expected:
        assert str(e["UID"]) in text


def test_radicale_reads_a_summer_feed_in_a_dst_zone_at_its_instants(radicale, backend):
    """A CalDAV server reads the hours of a New York feed in July by the feed's own VTIMEZONE
    (Radicale parses with vobject): a time-range query returns exactly the hours whose real
    instants (zoneinfo's −04:00) meet the range — not those an hour off, as a VTIMEZONE that lists
    several changes on one RDATE line made vobject read them."""
    import icalendar
    from almanac.exports import feeds
    f = feeds.build_feed("travel", date(2026, 7, 1), date(2026, 7, 3), "America/New_York", "en", None,
                         {"feeds": {"min_verdict": "大凶"}})
    coll = f"{radicale}/user/dst/"
    mk = b"""<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
<D:set><D:prop><D:displayname>dst</D:displayname></D:prop></D:set></C:mkcalendar>"""
    assert _dav("MKCALENDAR", coll, mk)[0] in (201, 405)
    st, body = _dav("PUT", coll, f.body, {"Content-Type": "text/calendar; charset=utf-8"})
    assert st in (200, 201, 204), (st, body[:300])
    hours = [(str(e["UID"]), e.decoded("DTSTART").astimezone(timezone.utc), e.decoded("DTEND").astimezone(timezone.utc))
             for e in icalendar.Calendar.from_ical(f.body).walk("VEVENT")
             if isinstance(e.decoded("DTSTART"), datetime) and e["DTSTART"].params.get("TZID")]
    assert len(hours) >= 12
    for uid, start, end in hours[:8]:
        lo, hi = start + timedelta(minutes=10), start + timedelta(minutes=20)   # inside this hour only
        report = f"""<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
 <D:prop><C:calendar-data/></D:prop>
 <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
  <C:time-range start="{lo:%Y%m%dT%H%M%SZ}" end="{hi:%Y%m%dT%H%M%SZ}"/>
 </C:comp-filter></C:comp-filter></C:filter></C:calendar-query>""".encode()
        st, got = _dav("REPORT", coll, report, {"Depth": "1", "Content-Type": "application/xml"})
        assert st == 207, st
        text = got.decode()
        assert {u for u, _, _ in hours if u in text} == {uid}, (start, end)


def _hour_events(body: bytes):
    """The hour events of a feed (local times with a zone; the solar terms are UTC instants)."""
    import icalendar
    return [e for e in icalendar.Calendar.from_ical(body).walk("VEVENT")
            if isinstance(e.decoded("DTSTART"), datetime) and e["DTSTART"].params.get("TZID")]


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hans", "zh-Hant"])
def test_an_hours_title_says_its_verdict_once_and_fits_a_phone_line(feeds_by_lang, task, lang):
    """A chosen hour's SUMMARY, as a phone's calendar shows it (its first forty characters or so):
    the verdict once, the task and the hour — not 「吉時 …: 子時 吉」, the verdict twice. Its
    DESCRIPTION gives the verdict and score once, on the first line, and then what favours and
    threatens the hour without saying the verdict again."""
    from almanac.judgement.explain import VERDICT_NAMES
    from almanac.exports import feeds
    from almanac.exports.source import tasks
    label = next(feeds.L.task_label(t, lang) for t in tasks() if t["name"] == task)
    events = _hour_events(feeds_by_lang[lang].body)
    assert events
    for ev in events:
        title, desc = str(ev["SUMMARY"]), str(ev["DESCRIPTION"]).splitlines()
        assert len(title) <= 40 and label in title, title
        said = [v for v in feeds.L.VERDICTS
                if VERDICT_NAMES[v][lang].lower() in title.lower() or feeds.L.verdict_name(v, lang) in title]
        assert said and feeds.L.label("good_hour", lang) not in title, title
        verdict = max(said, key=len)
        word = VERDICT_NAMES[verdict][lang]
        assert title.lower().count(word.lower()) == 1, title
        # the verdict with its named score in one bracket (good (吉, score +4.3)), not two in a row
        pair = re.escape(feeds.L.verdict_score(verdict, "SCORE", lang, named=True)).replace("SCORE", r"[+-][\d.]+")
        assert re.search(pair, desc[0]) and not re.search(r"[)）]\s*[(（]", desc[0]), desc[0]
        assert not desc[1].startswith(word), desc[:2]
        assert lang.startswith("zh") or word not in desc[1], desc[:2]   # 吉 is in rule texts too
        assert not any(desc[1].startswith(feeds.L.verdict_name(v, lang)) for v in feeds.L.VERDICTS), desc[1]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_days_taboo_is_in_the_first_characters_of_its_title(feeds_by_lang, lang):
    """A day with a taboo (暗金, 伏斷) names it where a phone's calendar line still shows it."""
    import icalendar
    from almanac.exports import feeds
    days = [e for e in icalendar.Calendar.from_ical(feeds_by_lang[lang].body).walk("VEVENT")
            if type(e.decoded("DTSTART")) is date]
    names = [feeds.L.flag_name(f, lang) for f in ("暗金", "伏斷")]
    taboo_days = [str(e["SUMMARY"]) for e in days if any(n in str(e["SUMMARY"]) for n in names)]
    assert taboo_days
    for title in taboo_days:
        assert any(n in title[:40] for n in names), title


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_solar_terms_instant_reads_as_a_date_and_a_time(feeds_by_lang, lang):
    """A solar term's DESCRIPTION gives its instant as a reader reads one (2026-12-07 10:52:14 +08:00),
    not the ISO form with its 「T」; each line of a day's DESCRIPTION opens as a sentence does."""
    import icalendar
    events = icalendar.Calendar.from_ical(feeds_by_lang[lang].body).walk("VEVENT")
    terms = [str(e["DESCRIPTION"]) for e in events
             if isinstance(e.decoded("DTSTART"), datetime) and not e["DTSTART"].params.get("TZID")]
    assert terms
    for desc in terms:
        assert not re.search(r"\d{4}-\d\d-\d\dT\d", desc), desc
        assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d \(Asia/Shanghai\)", desc), desc
    days = [str(e["DESCRIPTION"]) for e in events if type(e.decoded("DTSTART")) is date]
    assert all(not line[:1].islower() for d in days for line in d.splitlines()), days[0]


@pytest.mark.parametrize("lang, head", [("ko", "시주(時柱): "), ("en", "Hour pillar: "), ("zh-Hant", "時柱：")])
def test_an_hours_pillar_is_labelled_as_one(feeds_by_lang, lang, head):
    """An hour event's DESCRIPTION names the hour's pillar as such (時柱), not by a bare 「시」 /
    「hour」 (시 alone also reads 'poem' or 'city')."""
    events = _hour_events(feeds_by_lang[lang].body)
    assert events
    for ev in events:
        lines = str(ev["DESCRIPTION"]).splitlines()
        assert any(x.startswith(head) for x in lines), lines[:5]
        assert not any(x.startswith(("시: ", "hour: ", "Hour: ", "時: ")) for x in lines), lines[:5]


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hans", "zh-Hant"])
def test_a_days_title_is_short_and_names_its_jiang_star_as_its_description_does(feeds_by_lang, lang):
    """A day event's SUMMARY is what a phone's calendar line shows (about forty characters; an
    English title, whose names carry their characters, a little more): the taboos and what
    families look the day up for (손 없는 날 · 成日 · 黃道: ``everyday.banner_line``); the day's
    禽, the 七元 and the 將星 are in the DESCRIPTION. Wherever the 將星 is named it is named the
    same way, by its full name (觜火猴, not 觜 in one place and 觜火猴 in the other)."""
    from almanac import everyday
    import icalendar
    from almanac.exports import feeds, source
    days = [e for e in icalendar.Calendar.from_ical(feeds_by_lang[lang].body).walk("VEVENT")
            if type(e.decoded("DTSTART")) is date]
    assert len(days) == (END - START).days + 1
    star = feeds.L.label("general", lang)
    for ev in days:
        qin = source.get_day(ev.decoded("DTSTART"), "Asia/Shanghai")["qin"]
        title, desc = str(ev["SUMMARY"]), str(ev["DESCRIPTION"])
        day = source.get_day(ev.decoded("DTSTART"), "Asia/Shanghai")
        assert len(title) <= (80 if lang == "en" else 40), title
        assert title.endswith(everyday.banner_line(day["everyday"], lang)), title
        assert feeds.L.term(qin["name"], lang) in desc, desc
        assert feeds.L.label("yuan", lang) not in title and star not in title, title
        full = feeds.L.term(qin["jiang_star"], lang)
        said = [part[len(star):].lstrip(":： ") for part in re.split(r" · |\n", f"{title}\n{desc}")
                if part.startswith(star)]
        assert said and set(said) == {full}, (said, full)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_a_chinese_feed_writes_full_width_colons(feeds_by_lang, lang):
    """A Chinese feed's titles and descriptions put 「：」 after a label (四柱：…, 時柱：…, 忌：…),
    not the ASCII 「: 」 beside Chinese words."""
    import icalendar
    events = icalendar.Calendar.from_ical(feeds_by_lang[lang].body).walk("VEVENT")
    lines = [x for e in events for x in [str(e["SUMMARY"])] + str(e["DESCRIPTION"]).splitlines()
             if re.search(r"[\u4e00-\u9fff]", x)]
    assert len(lines) > 50 and any("：" in x for x in lines)
    assert not [x for x in lines if ": " in x], [x for x in lines if ": " in x][:3]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_chinese_feeds_reasons_use_chinese_punctuation(backend, lang):
    """An hour's reasons in a Chinese feed give their effect in full-width brackets and their
    citation by its own 《》「」 — 「日上神生日干 — 百事吉…（+2）《大六壬·太陰論》「…」」 — not the ASCII
    「(+2) [《…》]」 beside Chinese words."""
    from almanac.exports import feeds
    body = feeds.build_feed("marriage", START, END, "Asia/Shanghai", lang).body
    lines = [x for e in _hour_events(body) for x in str(e["DESCRIPTION"]).splitlines() if x.startswith("- ")]
    assert len(lines) >= 5          # the check bites: the range's good marriage hours give several reasons
    for line in lines:
        assert not re.search(r"[()\[\]]", line) and re.search(r"（[+-]\d+(\.\d+)?）《", line), line


@pytest.mark.parametrize("task", ["travel", "marriage"])
def test_radicale_round_trips_the_feed_of_hours_to_avoid(radicale, backend, task):
    """The avoid feed (kind=avoid) is subscribable like the good-hours feed: a CalDAV server takes
    it whole and a time-range query over a day returns every timed event of that day."""
    import icalendar
    from almanac.exports import feeds
    f = feeds.build_feed(task, date(2026, 12, 7), date(2026, 12, 9), "Asia/Seoul", "ko", None,
                         {"feeds": {"kind": "avoid"}})
    cal = icalendar.Calendar.from_ical(f.body)
    timed = [e for e in cal.walk("VEVENT") if isinstance(e.decoded("DTSTART"), datetime)]
    assert timed, "an avoid feed with no hour to avoid in three days"
    text = _put_and_query(f"{radicale}/user/avoid-{task}/", f.body)
    lo, hi = datetime.fromisoformat("2026-12-07T00:00:00+00:00"), datetime.fromisoformat("2026-12-08T00:00:00+00:00")
    end = lambda e: e.decoded("DTEND") if e.get("DTEND") else e.decoded("DTSTART") + e.decoded("DURATION")  # noqa: E731
    expected = [e for e in timed if e.decoded("DTSTART") < hi and end(e) > lo]
    assert expected
    for e in expected:
        assert str(e["UID"]) in text


def test_radicale_reads_a_wedding_day_feed_as_all_day_events(radicale, data):
    """A day task's feed (``feeds.days``) in a CalDAV server: a time-range query of one day
    returns that day's all-day event, and no other day's."""
    import icalendar
    from almanac.exports.feeds import days
    cfg = {"feeds": {}}
    from almanac import config as config_mod
    c = config_mod.load(cfg)
    a = days.ask("결혼", "Asia/Seoul", "ko", c)
    f = days.build_day_feed(a, date(2027, 3, 1), date(2027, 3, 31), c)
    evs = icalendar.Calendar.from_ical(f.body).walk("VEVENT")
    assert len(evs) >= 2
    first, second = evs[0].decoded("DTSTART"), evs[1].decoded("DTSTART")
    text = _put_and_query(f"{radicale}/user/wedding/", f.body, f"{first:%Y%m%d}T030000Z", f"{first:%Y%m%d}T040000Z")
    assert str(evs[0]["UID"]) in text and str(evs[1]["UID"]) not in text, (first, second)
    assert f"DTSTART;VALUE=DATE:{first:%Y%m%d}" in text
