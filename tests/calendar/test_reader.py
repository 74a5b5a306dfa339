"""A Korean reader at home without flags (issue 28): the language and place said once in a
configuration file (or the language by the process locale) and remembered by every command;
today/tomorrow as dates; `best` a week from today, `chart` now; everyday task words."""
import json
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from almanac import api, config
from almanac.cli import main

SEOUL = ZoneInfo("Asia/Seoul")


@pytest.fixture
def korean(tmp_path, monkeypatch, data):
    """A reader's configuration file saying `lang = "ko"` and `place = "서울"`, as $ALMANAC_CONFIG."""
    path = tmp_path / "me.toml"
    path.write_text('lang = "ko"\nplace = "서울"\n', encoding="utf-8")
    monkeypatch.setenv("ALMANAC_CONFIG", str(path))
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_config_place_implies_zone_clock_and_coordinates(korean):
    cfg = config.load(korean)
    cal = cfg["calendar"]
    assert (cal["place"], cal["default_tz"], cal["time_basis"]) == ("Seoul", "Asia/Seoul", "korean")
    assert cfg["reports"]["lang"] == "ko"
    doc = api.day("2026-11-29", config=korean)
    assert doc["tz"] == "Asia/Seoul" and doc["place"]["name"] == "Seoul" and doc["clock"] == "korean"
    assert doc["hours"][0]["start"] == "2026-11-28T23:30:00+09:00"      # 자시 23:30 KST, as 만세력 print


def test_what_the_file_names_itself_wins(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('place = "서울"\nkorea_clock = "civil"\n[calendar]\ndefault_tz = "Asia/Tokyo"\n',
                    encoding="utf-8")
    cal = config.load(path)["calendar"]
    assert (cal["default_tz"], cal["time_basis"]) == ("Asia/Tokyo", "civil")
    path.write_text('place = "서울"\n[calendar]\ntime_basis = "true_solar"\n', encoding="utf-8")
    assert config.load(path)["calendar"]["time_basis"] == "true_solar"
    path.write_text('place = "Beijing"\n', encoding="utf-8")      # not Korea: the civil clock
    assert config.load(path)["calendar"]["time_basis"] == "civil"


def test_bad_reader_keys_are_refused(tmp_path, capsys):
    for text in ('lang = "fr"\n', 'korea_clock = "sundial"\n', 'place = "Atlantis"\n'):
        path = tmp_path / "bad.toml"
        path.write_text(text, encoding="utf-8")
        code, out, err = run(capsys, "day", "2026-11-29", "--config", str(path))
        assert code == 2 and len(err.strip().splitlines()) == 1, (text, err)


def test_request_place_in_korea_reads_the_korean_clock_unless_told():
    doc = api.day("2026-11-29", place="서울")
    assert doc["clock"] == "korean" and doc["hours"][0]["start"] == "2026-11-28T23:30:00+09:00"
    assert api.day("2026-11-29", place="서울", clock="civil")["hours"][0]["start"] == "2026-11-28T23:00:00+09:00"
    assert api.day("2026-11-29", place="Beijing")["clock"] == "civil"
    assert api.day("2026-11-29", place="서울", config={"korea_clock": "civil"})["clock"] == "civil"


def test_cli_day_best_chart_are_korean_and_seoul_without_a_flag(korean, capsys):
    code, out, _ = run(capsys, "day", "2026-11-29")
    assert code == 0 and "(일요일)  Asia/Seoul" in out.splitlines()[0] and "장소: 서울" in out
    code, out, _ = run(capsys, "day", "2026-11-29", "--json")
    doc = json.loads(out)
    assert doc["tz"] == "Asia/Seoul" and doc["place"]["name"] == "Seoul" and doc["clock"] == "korean"
    code, out, _ = run(capsys, "best", "--task", "출행", "--from", "2026-12-01", "--to", "2026-12-02", "--limit", "1")
    assert code == 0 and out.startswith("할 일: 출행(出行)") and "Asia/Seoul" in out
    code, out, _ = run(capsys, "chart", "2026-11-29T14:30", "--json")
    doc = json.loads(out)
    assert doc["tz"] == "Asia/Seoul" and doc["place"]["name"] == "Seoul"


def test_locale_is_the_command_lines_language(monkeypatch, capsys, data):
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    code, out, _ = run(capsys, "best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-01", "--limit", "1")
    assert code == 0 and out.startswith("할 일:")
    code, _, err = run(capsys, "day", "2026-13-01")
    assert code == 2 and "올바른 날짜가 아닙니다" in err
    code, out, _ = run(capsys, "best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-01",
                       "--limit", "1", "--lang", "en")
    assert out.startswith("Task:")                                   # the flag wins
    monkeypatch.setenv("LC_ALL", "C")                                # LC_ALL wins over LANG: no language
    code, _, err = run(capsys, "day", "2026-13-01")
    assert "not a valid date" in err


def test_tz_naming_a_place_points_to_place(capsys):
    code, _, err = run(capsys, "day", "--tz", "서울")
    assert code == 2 and "--place 서울" in err and "Asia/Seoul" in err
    code, _, err = run(capsys, "day", "--tz", "서울", "--lang", "ko")
    assert "장소" in err and "--place 서울" in err


def test_day_words_and_a_week_from_today(korean, capsys):
    today = datetime.now(SEOUL).date()
    for word, shift in (("오늘", 0), ("내일", 1), ("today", 0), ("tomorrow", 1), ("今天", 0), ("明天", 1)):
        code, out, _ = run(capsys, "day", word, "--json")
        assert json.loads(out)["date"] == (today + timedelta(days=shift)).isoformat(), word
    code, out, _ = run(capsys, "best", "--task", "출행", "--json", "--limit", "1")
    doc = json.loads(out)
    assert (doc["from"], doc["to"]) == (today.isoformat(), (today + timedelta(days=6)).isoformat())
    code, out, _ = run(capsys, "best", "--task", "출행", "--from", "내일", "--json", "--limit", "1")
    doc = json.loads(out)
    assert (doc["from"], doc["to"]) == ((today + timedelta(days=1)).isoformat(), (today + timedelta(days=7)).isoformat())
    assert api.judge_day("오늘", tz="Asia/Seoul", task="travel")["date"] == today.isoformat()


def test_chart_without_a_moment_is_now(korean, capsys):
    before = datetime.now(SEOUL).replace(microsecond=0)
    code, out, _ = run(capsys, "chart", "--json")
    doc = json.loads(out)
    at = datetime.fromisoformat(doc["moment"])
    assert code == 0 and doc["tz"] == "Asia/Seoul" and before - timedelta(seconds=1) <= at <= datetime.now(SEOUL)


@pytest.mark.parametrize("word, key", [("여행", "travel"), ("결혼", "marriage"), ("소송", "lawsuit"),
                                       ("경쟁", "competition"), ("취업", "office"), ("승진", "office"),
                                       ("사업", "wealth"), ("재물", "wealth"), ("旅行", "travel"),
                                       ("結婚", "marriage"), ("结婚", "marriage"), ("trip", "travel"),
                                       ("Wedding", "marriage")])
def test_everyday_task_words(word, key):
    from almanac.judgement.score import resolve_task
    assert resolve_task(config.load(), word) == key


def test_everyday_task_words_on_the_command_line(capsys, data):
    for word in ("여행", "결혼"):
        code, out, err = run(capsys, "best", "--task", word, "--from", "2026-12-01", "--to", "2026-12-01", "--json")
        assert code == 0, err
    # 결혼 in best is the everyday layer's day task (wedding, judged by the marriage hours);
    # wherever an hour task is named (feeds, judge_day) it is marriage
    assert json.loads(out)["task"] in ("wedding", "marriage")
    assert api.judge_day("2026-12-01", task="결혼")["task"] == "marriage"
