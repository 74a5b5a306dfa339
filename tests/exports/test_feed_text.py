"""The feed's text written once per event and folded fast is byte for byte what icalendar's
``to_ical()`` writes for the same calendar, and real parsers read it clean."""
from __future__ import annotations

from datetime import date, timedelta

import icalendar
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from icalendar import parser

from almanac.exports.feeds import text


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("ALMANAC_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    yield
    mp.undo()


def test_the_fast_folder_is_in_use():
    assert text.fold is text._fast_fold          # the probe agreed with the installed icalendar


def test_dates_are_written_directly_as_icalendar_writes_them():
    from datetime import datetime, timezone
    from zoneinfo import ZoneInfo
    assert text._DATES_DIRECT                    # the probe agreed with the installed icalendar
    zones = ["Asia/Shanghai", "Asia/Seoul", "America/New_York", "Europe/London", "Etc/GMT+5"]
    checked = 0
    for i, z in enumerate(zones):
        ev = icalendar.Event()
        ev.add("dtstart", datetime(2026, 3, 8, 2 + i, 30, tzinfo=ZoneInfo(z)))
        ev.add("due", datetime(2026, 3, 8, i, tzinfo=timezone.utc))
        ev.add("dtend", date(2026, 1, 1 + i))
        ev.add("duration", timedelta(days=-i, hours=i, seconds=7 * i))
        for name in ev.keys():
            v = ev[name]
            assert type(v) is icalendar.vDDDTypes
            line = text._date_line(name, v)
            assert line == ev.content_line(name, v), name
            checked += 1
    assert checked == 20


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab ,;:\\^n'\"禽日é🜂\t"), max_size=400))
def test_fold_is_icalendar_folding(s):
    line = "DESCRIPTION;LANGUAGE=ko:" + s.replace("\n", "")
    assert text.fold(line) == parser.Contentline(line).to_ical()


_WORDS = st.text(alphabet=st.sampled_from("ab ,;:\\^n'\"禽日é🜂\t\n\r"), max_size=300)


@settings(max_examples=300, deadline=None)
@given(_WORDS, _WORDS, st.lists(_WORDS, min_size=1, max_size=3),
       st.sampled_from(["Asia/Shanghai", "Asia/Seoul", "America/New_York", "Etc/GMT+5", "UTC"]),
       st.integers(0, 1440) | st.none(), st.integers(0, 3))
def test_events_written_directly_are_what_icalendar_writes(summary, description, cats, zone,
                                                           alarm, kind):
    """``text.event_text`` writes an event without building it, byte for byte (every slot of
    its ``EventText``) what icalendar writes for the same event."""
    from datetime import datetime, timezone
    from zoneinfo import ZoneInfo
    assert text._SPECS_DIRECT                    # the probe agreed with the installed icalendar
    z = ZoneInfo(zone)
    times = [(("dtstart", date(2026, 12, 1)), ("dtend", date(2026, 12, 2))),
             (("dtstart", datetime(2026, 12, 21, 15, 3, tzinfo=timezone.utc)),
              ("duration", timedelta(minutes=1))),
             (("dtstart", datetime(2026, 3, 8, 1, 0, tzinfo=z)),
              ("dtend", datetime(2026, 3, 8, 3, 0, tzinfo=z))),
             (("dtstart", datetime(2026, 11, 1, 1, 30, fold=1, tzinfo=z)),
              ("dtend", datetime(2026, 11, 1, 3, 0, tzinfo=z)))][kind]
    spec = text.EventSpec("uid-1", "ko", summary, description, tuple(cats), times,
                          None if alarm is None else (alarm, "uid-2"))
    fast, ref = text.event_text(spec), text.EventText(spec.component())
    for slot in text.EventText.__slots__:
        assert getattr(fast, slot) == getattr(ref, slot), slot


def _straightforward(task, start, end, tz, lang, alarm):
    """build_feed's answer the plain way: icalendar serialises every event for its size, again
    for its digest, and the whole calendar again at the end."""
    from almanac import config as config_mod
    from almanac.exports import feeds, source
    cfg = config_mod.load(None)
    b = feeds.Builder(task, tz, lang, alarm, cfg)
    days = source.get_range(start, end, tz, cfg)
    judged = source.judge_range(task, start, end, tz, cfg)
    events = []
    for day in days:
        d = date.fromisoformat(day["date"])
        events += b.day_events(day) + b.hour_events(day, judged.get(d) or [])
    stamps = feeds.resolve_stamps(cfg, b.variant, events)      # digests of ev.to_ical()
    return b.calendar(events, stamps).to_ical()


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant"])
@pytest.mark.parametrize("alarm", [None, 15])
def test_feed_bytes_equal_icalendar_to_ical(backend, lang, alarm):
    from almanac.exports import feeds, source
    task = source.task_names()[0]
    start, end = date(2026, 12, 1), date(2027, 1, 15)              # 冬至, 小寒 and a new year
    fast = feeds.build_feed(task, start, end, "Asia/Seoul", lang, alarm).body
    assert fast == _straightforward(task, start, end, "Asia/Seoul", lang, alarm)
    cal = icalendar.Calendar.from_ical(fast)
    assert not [c.errors for c in cal.walk() if c.errors]


@pytest.mark.slow
def test_a_year_of_feeds_for_every_task_equals_icalendar(backend):
    from almanac.exports import feeds, source
    start = date(2026, 1, 1)
    cfg = {"feeds": {"max_events": 100000, "max_bytes": 100_000_000}}
    from almanac import config as config_mod
    loaded = config_mod.load(cfg)
    for task in source.task_names():
        fast = feeds.build_feed(task, start, start + timedelta(days=364), "Asia/Shanghai", "ko",
                                None, loaded).body
        b = feeds.Builder(task, "Asia/Shanghai", "ko", None, loaded)
        events = []
        judged = source.judge_range(task, start, start + timedelta(days=364), "Asia/Shanghai", loaded)
        for day in source.get_range(start, start + timedelta(days=364), "Asia/Shanghai", loaded):
            events += b.day_events(day) + b.hour_events(day, judged[date.fromisoformat(day["date"])])
        stamps = feeds.resolve_stamps(loaded, b.variant, events)
        assert fast == b.calendar(events, stamps).to_ical(), task


def test_event_text_stamps_as_event_add_would():
    from datetime import datetime, timezone
    ev = icalendar.Event()
    ev.add("uid", "x")
    ev.add("summary", "禽" * 50, parameters={"LANGUAGE": "ko"})
    ev.add("categories", ["a,b", "禽"])
    t = text.EventText(ev)
    assert t.plain == ev.to_ical()
    one = t.stamped(datetime(2026, 1, 1, tzinfo=timezone.utc), 0)
    two = t.stamped(datetime(2026, 1, 2, tzinfo=timezone.utc), 3)
    assert "DTSTAMP" not in ev                          # the event itself is left as it was
    ev.add("dtstamp", datetime(2026, 1, 2, tzinfo=timezone.utc))
    ev.add("last-modified", datetime(2026, 1, 2, tzinfo=timezone.utc))
    ev.add("sequence", 3)
    assert two == ev.to_ical() and one != two and b"SEQUENCE:3" in two


@pytest.mark.slow
def test_the_next_night_builds_only_the_new_days_and_writes_the_same_bytes(backend, tmp_path):
    from almanac.exports import feeds, source
    today = date(2026, 12, 1)
    feeds.write_feeds(tmp_path / "n1", None, today)
    built = len(feeds.memo._texts)
    paths = feeds.write_feeds(tmp_path / "n2", None, today + timedelta(days=1))
    n_feeds = len(source.task_names()) * len(feeds.L.LANGS)
    assert len(paths) == n_feeds
    assert 0 < len(feeds.memo._texts) - built <= 2 * n_feeds     # about one new day per feed
    again = {p.name: p.read_bytes() for p in paths}
    feeds.memo._texts.clear()
    feeds.rolling._cache.clear()
    fresh = feeds.write_feeds(tmp_path / "n3", None, today + timedelta(days=1), texts_file="")
    assert {p.name: p.read_bytes() for p in fresh} == again


def _built_days(monkeypatch) -> list:
    """A list that grows by the date of each day whose event texts are built (not read back)."""
    from almanac.exports import feeds
    built: list = []
    real = feeds.Builder.day_specs

    def counting(self, day):
        built.append(day["date"])
        return real(self, day)
    monkeypatch.setattr(feeds.Builder, "day_specs", counting)
    return built


def _dated(path) -> set:
    """The days a feed file has its day event for (``DTSTART;VALUE=DATE``)."""
    import re
    return {date(int(m[:4]), int(m[4:6]), int(m[6:])) for m in
            re.findall(r"DTSTART;VALUE=DATE:(\d{8})", path.read_text(encoding="utf-8"))}


def _rebuilt(first, nxt, last) -> set:
    """The days a next night's feeds (``nxt``, whose horizon ends on ``last``) must build that
    the night before's (``first``, in the same order) did not. Each feed builds every day it
    holds and, when it is cut at its [feeds] max_bytes, the day after its cut (to learn that it
    does not fit); what one night built is kept for the next."""
    day = timedelta(days=1)
    out = set()
    for a, b in zip(first, nxt):
        assert a.name == b.name
        had, has = _dated(a), _dated(b)
        built = had | ({max(had) + day} if max(had) < last - day else set())
        needs = has | ({max(has) + day} if max(has) < last else set())
        out |= needs - built
    return out


def _forget(feeds) -> None:
    """Empty the process's caches of texts and feeds, as a new process starts."""
    feeds.memo._texts.clear()
    feeds.rolling._cache.clear()


@pytest.mark.slow
def test_the_next_run_in_a_new_process_reads_unchanged_days_from_the_kept_file(backend, tmp_path,
                                                                                monkeypatch):
    from almanac import config as config_mod
    from almanac.exports import feeds
    from almanac.exports.feeds import kept
    today, kept_file = date(2026, 12, 1), tmp_path / "texts.sqlite3"
    _forget(feeds)
    first = feeds.write_feeds(tmp_path / "n1", None, today, texts_file=kept_file)
    built = _built_days(monkeypatch)
    _forget(feeds)
    same = feeds.write_feeds(tmp_path / "n1b", None, today, texts_file=kept_file)
    assert built == []                          # every day's texts read back, none built
    assert [p.read_bytes() for p in same] == [p.read_bytes() for p in first]
    _forget(feeds)
    nxt = feeds.write_feeds(tmp_path / "n2", None, today + timedelta(days=1), texts_file=kept_file)
    entering = feeds.horizon(today + timedelta(days=1), config_mod.load(None))[1]
    # the day entering the horizon, once per feed that reaches it; a feed cut at its [feeds]
    # max_bytes builds only what its cut moved over and the day after its cut
    reaching = [p for p in nxt if f"DTSTART;VALUE=DATE:{entering:%Y%m%d}".encode() in p.read_bytes()]
    assert built.count(entering.isoformat()) == len(reaching) > len(nxt) // 2
    assert set(built) == {d.isoformat() for d in _rebuilt(first, nxt, entering)}
    monkeypatch.undo()
    _forget(feeds)
    fresh = feeds.write_feeds(tmp_path / "n3", None, today + timedelta(days=1), texts_file="")
    assert [p.read_bytes() for p in nxt] == [p.read_bytes() for p in fresh]
    k = kept.KeptTexts.open(kept_file)
    assert k.get(b"no such digest") is None
    k.close()


@pytest.mark.slow
def test_texts_kept_by_other_code_are_not_served_after_an_upgrade(backend, tmp_path, monkeypatch):
    """The kept file outlives the code that wrote it: a run with changed code (a title or a term
    worded differently) builds every day again rather than serving last night's wording."""
    from almanac.exports import feeds
    from almanac.exports.feeds import kept
    today, kept_file = date(2026, 12, 1), tmp_path / "texts.sqlite3"
    built = _built_days(monkeypatch)
    _forget(feeds)
    first = feeds.write_feeds(tmp_path / "n1", None, today, texts_file=kept_file)
    everything, built[:] = len(built), []           # an empty file: every day of every feed built
    monkeypatch.setattr(kept, "code_digest", lambda: "another version of the code")
    _forget(feeds)
    again = feeds.write_feeds(tmp_path / "n2", None, today, texts_file=kept_file)
    assert everything > len(first) and len(built) == everything
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in first]


@pytest.mark.slow
def test_a_damaged_kept_file_is_ignored(backend, tmp_path):
    from almanac.exports import feeds
    bad = tmp_path / "texts.sqlite3"
    bad.write_bytes(b"not a database" * 100)
    _forget(feeds)
    paths = feeds.write_feeds(tmp_path / "out", None, date(2026, 12, 1), texts_file=bad)
    _forget(feeds)
    plain = feeds.write_feeds(tmp_path / "plain", None, date(2026, 12, 1), texts_file="")
    assert [p.read_bytes() for p in paths] == [p.read_bytes() for p in plain]


def test_the_kept_file_holds_the_texts_of_the_last_two_runs(tmp_path):
    from almanac.exports.feeds import kept
    ev = icalendar.Event()
    ev.add("uid", "u")
    ev.add("summary", "禽")
    texts = (text.EventText(ev),)
    path = tmp_path / "texts.sqlite3"
    for run, key in enumerate((b"a", b"b", b"c")):
        k = kept.KeptTexts.open(path)
        assert k.run == run + 1
        k.put(key, texts)
        k.save()
        k.close()
    k = kept.KeptTexts.open(path)
    assert k.get(b"a") is None                  # used by neither of the last two runs
    assert k.get(b"b")[0].plain == k.get(b"c")[0].plain == ev.to_ical()
    k.close()


@pytest.mark.slow
def test_days_the_store_holds_are_found_by_their_checksums_without_reading_them(tmp_path,
                                                                                monkeypatch):
    """With the horizon precomputed, a new process's run finds every day's kept texts by the
    store's row checksums: no day document or judgement is read, the bytes are the same; the
    next night reads only the day that enters the feeds."""
    from almanac.exports import feeds
    from almanac.exports.store import core
    today, kept_file = date(2026, 12, 1), tmp_path / "texts.sqlite3"
    e = _precomputed_horizon(today, tmp_path, monkeypatch)
    first = feeds.write_feeds(tmp_path / "n1", None, today, texts_file=kept_file)
    reads: list = []
    for name in ("get_range", "get_judgements_range"):
        real = getattr(core.Store, name)
        monkeypatch.setattr(core.Store, name, lambda self, *a, _real=real, _n=name, **k:
                            reads.append((_n, str(a[-3] if _n == "get_judgements_range" else a[0]),
                                          str(a[-2] if _n == "get_judgements_range" else a[1])))
                            or _real(self, *a, **k))
    _forget(feeds)
    same = feeds.write_feeds(tmp_path / "n1b", None, today, texts_file=kept_file)
    assert reads == []
    assert [p.read_bytes() for p in same] == [p.read_bytes() for p in first]
    _forget(feeds)
    nxt = feeds.write_feeds(tmp_path / "n2", None, today + timedelta(days=1), texts_file=kept_file)
    entering = e + timedelta(days=1)
    # the entering day — and, for a feed cut at its max_bytes, from where it has to look again:
    # never a day whose texts the night before kept
    ranges = {(a, b) for _, a, b in reads}
    assert (entering.isoformat(), entering.isoformat()) in ranges
    assert ranges <= {(d.isoformat(), entering.isoformat()) for d in _rebuilt(first, nxt, entering)}
    monkeypatch.undo()
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    _forget(feeds)
    fresh = feeds.write_feeds(tmp_path / "n3", None, today + timedelta(days=1), texts_file="")
    assert [p.read_bytes() for p in nxt] == [p.read_bytes() for p in fresh]


def _precomputed_horizon(today, tmp_path, monkeypatch):
    """A data folder whose store holds the feeds' whole horizon of ``today`` and the day after it,
    with the feeds' in-memory caches emptied; the horizon's last day."""
    from almanac import config as config_mod
    from almanac.exports import feeds
    from almanac.exports.store import Store
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    cfg = config_mod.load(None)
    s, e = feeds.horizon(today, cfg)
    Store(None, cfg).precompute(s, e + timedelta(days=1))
    _forget(feeds)
    return e


@pytest.mark.slow
def test_a_feed_whose_inputs_are_unchanged_is_not_built_again(tmp_path, monkeypatch):
    """Over a store holding the whole horizon, a run notes what each feed file was made from;
    the next run with the same inputs builds no feed and leaves every file as it was. A changed
    input builds it again, to the bytes a build from nothing gives: a file someone else
    changed, the stamps ledger changed by another writer, other code, the next night."""
    from almanac import config as config_mod
    from almanac.exports import feeds
    from almanac.exports.feeds import kept
    today, out = date(2026, 12, 1), tmp_path / "feeds"
    _precomputed_horizon(today, tmp_path, monkeypatch)
    first = feeds.write_feeds(out, None, today)
    kept_first = {p.name: (p.read_bytes(), p.stat().st_ino) for p in first}
    built: list = []
    real = feeds.rolling_feed
    monkeypatch.setattr(feeds.rolling, "rolling_feed", lambda task, tz, lang, *a, **k:
                        built.append((task, lang)) or real(task, tz, lang, *a, **k))

    def again(day=today):
        built.clear()
        _forget(feeds)
        paths = feeds.write_feeds(out, None, day)
        return {p.name: (p.read_bytes(), p.stat().st_ino) for p in paths}

    assert again() == kept_first and built == []            # nothing built, nothing rewritten
    first[1].write_bytes(b"changed by hand")
    assert {k: v[0] for k, v in again().items()} == {k: v[0] for k, v in kept_first.items()}
    assert len(built) == 1                                  # that file only, its bytes restored
    feeds.stamps_for(config_mod.load(None)).resolve({"another writer's event": "its digest"})
    assert {k: v[0] for k, v in again().items()} == {k: v[0] for k, v in kept_first.items()}
    assert len(built) == len(first)
    assert again() and built == []
    monkeypatch.setattr(kept, "code_digest", lambda: "another version of the code")
    again()
    assert len(built) == len(first)
    monkeypatch.undo()
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    nxt = again(today + timedelta(days=1))
    assert all(nxt[k][0] != kept_first[k][0] for k in nxt)  # one day entered every feed
    _forget(feeds)
    fresh = feeds.write_feeds(tmp_path / "fresh", None, today + timedelta(days=1), texts_file="")
    assert {p.name: p.read_bytes() for p in fresh} == {k: v[0] for k, v in nxt.items()}
