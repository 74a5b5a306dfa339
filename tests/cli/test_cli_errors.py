"""Bad input on the command line, as a careless or hostile user types it: one line in the
language asked for, exit status 2, and the options named as they were typed (``--gan-shang``,
not the API's ``gan_shang``); precompute speaking the reader's language (``--lang``)."""
from __future__ import annotations

import io
import re

import pytest

from almanac.cli import main

HANGUL = re.compile(r"[가-힣]")
HAN = re.compile(r"[\u4e00-\u9fff]")
D = "2026-02-03"
AT = "2026-02-03T12:00"


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    return tmp_path


def _line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("almanac: "), err
    assert "Traceback" not in err and "internal error" not in err and "\x1f" not in err, err
    return err.strip()


# ---------------------------------------------------------------- precompute --lang

def test_precompute_tells_its_summary_in_the_language_asked_for(data, capsys):
    args = ["precompute", "--from", "2027-01-01", "--to", "2027-01-02"]
    assert main(args + ["--lang", "ko"]) == 0
    err = capsys.readouterr().err
    assert re.fullmatch(r"Asia/Shanghai 기준 2일: 새로 저장 2일, 갱신 0일, 그대로 0일 \([\d.]+초\)\n", err), err
    assert main(args + ["--lang", "zh-Hans"]) == 0          # the same days again: left as they are
    err = capsys.readouterr().err
    assert re.fullmatch(r"Asia/Shanghai 共 2 天：新写入 0 天，更新 0 天，未变 2 天（[\d.]+ 秒）\n", err), err
    assert main(args + ["--lang", "en"]) == 0
    assert re.fullmatch(r"2 days in Asia/Shanghai: 0 written, 0 updated, 2 unchanged \([\d.]+ s\)\n",
                        capsys.readouterr().err)


def test_precompute_refuses_an_unknown_language_before_any_work(data, capsys):
    assert main(["precompute", "--from", "2027-01-01", "--to", "2027-01-02", "--lang", "xx"]) == 2
    assert "unknown language 'xx'" in _line(capsys)
    assert not (data / "data" / "almanac.sqlite3").exists()


def test_precompute_errors_estimate_and_progress_in_korean(data, capsys, monkeypatch):
    from almanac.cli import precompute
    assert main(["precompute", "--from", "2027-01-05", "--to", "2027-01-01", "--lang", "ko"]) == 2
    line = _line(capsys)
    assert HANGUL.search(line) and "--from" in line and "--to" in line
    monkeypatch.setattr(precompute, "CONFIRM_DAYS", 2)
    args = ["precompute", "--from", "2027-01-01", "--to", "2027-01-03", "--lang", "ko"]
    assert main(args) == 2
    line = _line(capsys)
    assert "--yes" in line and "3일" in line and HANGUL.search(line)
    assert main(args + ["--yes"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("almanac: 미리 계산합니다: 3일, 데이터베이스에 약 ") and "days" not in err[0]
    assert err[-1].startswith("Asia/Shanghai 기준 3일: ")

    class Tty(io.StringIO):
        def isatty(self):
            return True
    tty = Tty()
    precompute._Bar(tty, lang="ko")(2, 2)
    assert "2/2일" in tty.getvalue() and "days" not in tty.getvalue()


def _closed_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("command", [["precompute", "--from", "2027-01-01", "--to", "2027-01-02"],
                                     ["feed", "--task", "travel", "--from", D, "--to", D, "-o", "-"],
                                     ["scheduler", "--once"]], ids=lambda c: c[0])
@pytest.mark.parametrize("lang", ["ko", "zh-Hant", None])
def test_a_command_with_the_database_down_says_so_in_one_line(command, lang, data, capsys, monkeypatch):
    """A database that does not answer was 'internal error: OperationalError' after an English log
    line: now one line in the reader's language naming the database, its password hidden, and
    exit 1 (not 2: the reader's input was good)."""
    port = _closed_port()
    monkeypatch.setenv("ALMANAC_DB_URL", f"postgresql+psycopg://almanac:S3cretPW@127.0.0.1:{port}/almanac")
    argv = command + (["--lang", lang] if lang else [])
    assert main(argv) == 1
    line = _line(capsys)
    assert f"127.0.0.1:{port}" in line and "S3cretPW" not in line and "***" in line, line
    assert "OperationalError" not in line and "internal error" not in line, line
    if lang == "ko":
        assert HANGUL.search(line) and "could not" not in line, line
    elif lang:
        assert HAN.search(line) and "could not" not in line, line
    else:
        assert "the database could not be reached" in line, line


# ---------------------------------------------------------------- the options as typed

@pytest.mark.parametrize("argv, typed, internal", [
    (["chart", "--day", "乙丑", "--gan-shang", "x"], "--gan-shang", "gan_shang"),
    (["chart", "--day", "乙丑", "--yuejiang", "x", "--hour", "子"], "--yuejiang", "yuejiang"),
    (["chart", "--day", "乙丑", "--yuejiang", "子", "--hour", "x"], "--hour", "hour"),
    (["day", D, "--task", "travel", "--born", "x", "--sex", "m"], "--born", "born"),
    (["day", D, "--task", "travel", "--born", "1990", "--sex", "q"], "--sex", "sex"),
    (["day", D, "--task", "travel", "--born", "1990"], "--sex", "sex"),
    (["chart", AT, "--task", "travel", "--born", "1990", "--sex", "m", "--partner-born", "1993"],
     "--partner-born", "partner_born"),
    (["day", D, "--clock", "sundial"], "--clock", "clock"),
    (["day", D, "--lunar", "moon"], "--lunar", None),        # "lunar calendar" is English: not checked
    (["best", "--task", "travel", "--from", D, "--to", D, "--limit", "0"], "--limit", "limit"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
@pytest.mark.parametrize("lang", [None, "ko", "zh-Hans"])
def test_errors_name_the_option_the_user_typed(argv, typed, internal, lang, data, capsys):
    assert main(argv + (["--lang", lang] if lang else [])) == 2
    line = _line(capsys)
    assert typed in line, line
    assert internal is None or not re.search(rf"(?<![-\w]){internal}(?![\w-])", line.replace(typed, "")), line
    if lang == "ko":
        assert HANGUL.search(line), line
    elif lang:
        assert HAN.search(line), line


@pytest.mark.parametrize("url, field", [
    (f"/api/chart?at={AT}&task=travel&born=x&sex=m&lang=ko", "born"),
    (f"/api/chart?at={AT}&task=travel&born=1990&sex=m&partner_born=1993&lang=ko", "partner_born"),
    (f"/api/day/{D}?clock=sundial&lang=ko", "clock"),
    (f"/api/day/{D}?lunar=moon&lang=zh-Hant", "lunar"),
])
def test_http_errors_name_the_query_parameter(url, field, data):
    """The same messages over HTTP name the query parameter, not a command-line option."""
    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app
    r = TestClient(create_app({}), raise_server_exceptions=False).get(url)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert field in error and "--" not in error and "\x1f" not in error, error


# ---------------------------------------------------------------- careless values

@pytest.mark.parametrize("argv, option", [
    (["day", ""], "date"),
    (["day", D, "--tz", ""], "--tz"),
    (["day", D, "--tz", "   "], "--tz"),
    (["day", D, "--task", ""], "--task"),
    (["day", D, "--school", ""], "--school"),
    (["day", D, "--place", ""], "--place"),
    (["day", D, "--clock", ""], "--clock"),
    (["chart", ""], "DATETIME"),
    (["best", "--task", "", "--from", D, "--to", D], "--task"),
    (["precompute", "--from", "", "--to", D], "--from"),
    (["report", "--date", D, "-o", ""], "-o/--output"),
    (["feed", "--task", "travel", "--from", D, "--to", D, "-o", ""], "-o/--output"),
])
@pytest.mark.parametrize("lang", [None, "ko"])
def test_an_empty_value_is_refused_not_read_as_left_out(argv, option, lang, data, capsys, monkeypatch):
    """An empty value was read as the option left out: today's day, the default zone, a report
    written into the current folder."""
    monkeypatch.chdir(data)
    before = sorted(p.name for p in data.iterdir())
    assert main(argv + (["--lang", lang] if lang else [])) == 2
    line = _line(capsys)
    assert option in line and (HANGUL.search(line) if lang else "empty value" in line), line
    assert sorted(p.name for p in data.iterdir()) == before          # nothing written


@pytest.mark.parametrize("argv", [
    ["report", "--date", "9999-12-31", "--days", "2"],
    ["report", "--date", "2999-12-31", "--days", "366"],
])
def test_a_report_past_the_last_supported_year_is_bad_input(argv, data, capsys):
    assert main(argv + ["-o", str(data / "out"), "--lang", "ko"]) == 2   # was an OverflowError, exit 1
    line = _line(capsys)
    assert HANGUL.search(line) and "2999" in line, line
    assert not (data / "out").exists() or not any((data / "out").iterdir())


def test_the_last_lang_given_is_the_one_errors_are_told_in(data, capsys):
    # argparse keeps the last --lang: so does the error line
    assert main(["day", "2026-02-30", "--lang", "en", "--lang", "ko"]) == 2
    assert HANGUL.search(_line(capsys))
    assert main(["day", D, "--lang", "ko", "--lang", "xx"]) == 2
    assert _line(capsys) == "almanac: unknown language 'xx' (accepted: zh-Hant, zh-Hans, ko, en)"


@pytest.mark.parametrize("host", ["256.1.1.1", "no-such-host.invalid", "\udcff"])
def test_serve_on_a_host_that_is_no_address_here_is_bad_input(host, data, capsys):
    assert main(["serve", "--no-warm", "--port", "0", "--host", host]) == 2     # was exit 1
    line = _line(capsys)
    assert line.startswith("almanac: --host ") and "is not an address of this machine" in line


# ---------------------------------------------------------------- files that cannot be read or written

def test_a_config_file_that_is_not_utf8_is_bad_input(data, capsys):
    cfg = data / "latin1.toml"
    cfg.write_bytes(b'[calendar]\ndefault_tz = "Asia/Seoul" # \xe9t\xe9\n')
    assert main(["day", D, "--config", str(cfg)]) == 2           # was an internal UnicodeDecodeError
    assert "is not UTF-8 text" in _line(capsys)
    assert main(["day", D, "--config", str(cfg), "--lang", "ko"]) == 2
    assert "UTF-8 텍스트가 아닙니다" in _line(capsys)


def test_a_config_path_that_is_a_folder_is_not_called_bad_toml(data, capsys):
    assert main(["day", D, "--config", str(data)]) == 2
    line = _line(capsys)
    assert "cannot read config file" in line and "TOML" not in line, line


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("lang, why", [(None, "No space left on device"), ("ko", "디스크에 남은 공간이 없습니다"),
                                       ("zh-Hant", "磁碟已滿")])
def test_a_feed_whose_write_fails_is_one_line_in_the_readers_words(lang, why, data, capsys):
    argv = ["feed", "--task", "travel", "--from", D, "--to", D, "-o", "/dev/full"]
    # a full disk is no bad input: exit 1 (it was 2, and before that an internal OSError)
    assert main(argv + (["--lang", lang] if lang else [])) == 1
    line = _line(capsys)
    assert "-o '/dev/full'" in line and why in line and (lang is None or "No space" not in line), line


def test_a_report_whose_write_fails_is_one_line(data, capsys, monkeypatch):
    import errno

    from almanac.exports import reports as exports_reports

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(exports_reports, "write_reports", full)
    assert main(["report", "--date", D, "-o", str(data / "out"), "--lang", "ko"]) == 1   # not bad input
    line = _line(capsys)
    assert line.startswith(f"almanac: -o '{data / 'out'}'에 쓸 수 없습니다") and "디스크" in line, line


@pytest.mark.parametrize("raised, said", [
    (lambda: __import__("sqlite3").OperationalError("database or disk is full"), "the disk is full"),
    (lambda: __import__("sqlite3").OperationalError("attempt to write a readonly database"), "read-only")])
def test_a_full_disk_or_a_read_only_store_is_named_and_exit_1(raised, said, data, capsys, monkeypatch):
    """Not "internal error", not the bad-input code: what it is, one line, exit 1."""
    from sqlalchemy.exc import OperationalError

    from almanac.exports.store.core import Store

    def fails(self, *a, **k):
        raise OperationalError("INSERT …", {}, raised())
    monkeypatch.setattr(Store, "precompute", fails)
    assert main(["precompute", "--from", "2026-12-01", "--to", "2026-12-02"]) == 1
    line = _line(capsys)
    assert said in line and "internal error" not in line, line


def test_precompute_tells_writes_that_did_not_persist_in_korean(data, capsys, monkeypatch):
    from almanac.exports.store.core import Store
    real = Store.precompute

    def vanish(self, *a, **k):
        out = real(self, *a, **k)
        for p in (data / "data").glob("almanac.sqlite3*"):
            p.unlink()  # the data folder emptied under the run
        return out
    monkeypatch.setattr(Store, "precompute", vanish)
    assert main(["precompute", "--from", "2026-12-01", "--to", "2026-12-02", "--lang", "ko"]) == 1
    line = _line(capsys)
    assert "미리 계산하지 못했습니다" in line and "almanac.sqlite3" in line, line
    assert not re.search(r"[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}", line), line   # no English sentence


@pytest.mark.parametrize("toml, key", [
    ('[calendar]\ndefault_tz = "Mars/Base"\n', "calendar.default_tz"),
    ('[reports]\nzones = ["Asia/Seoul", "Asia/Atlantis"]\n', "reports.zones"),
    ('[reports]\nlangs = ["ko", "fr"]\n', "reports.langs"),
])
def test_the_scheduler_refuses_a_zone_or_language_that_does_not_exist(toml, key, data, capsys):
    """Each nightly job failed on it with a traceback in the log, and --once exited 1."""
    cfg = data / "night.toml"
    cfg.write_text(toml, encoding="utf-8")
    assert main(["scheduler", "--once", "--config", str(cfg)]) == 2
    line = _line(capsys)
    assert line.startswith(f"almanac: config {key}: ") and capsys.readouterr().out == "", line


def test_python_m_almanac_is_the_command_line():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "almanac", "day", "2026-02-30", "--lang", "ko"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.startswith("almanac: ") and HANGUL.search(r.stderr), r.stderr
    assert r.stderr.count("\n") == 1


def test_serve_and_scheduler_take_lang_for_their_own_lines(data, capsys):
    assert main(["serve", "--no-warm", "--port", "0", "--host", "256.1.1.1", "--lang", "ko"]) == 2
    line = _line(capsys)
    assert "--host 값이" in line and "Name" not in line, line
    for cmd in (["serve", "--no-warm"], ["scheduler", "--once"]):
        assert main(cmd + ["--lang", "xx"]) == 2
        assert "unknown language 'xx'" in _line(capsys)


def test_serve_on_a_busy_port_says_so_in_korean(data):
    import socket
    import subprocess
    import sys
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "almanac.cli", "serve", "--no-warm", "--port", str(port),
                            "--host", "127.0.0.1", "--lang", "ko"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr == f"almanac: 127.0.0.1:{port}에서 요청을 받을 수 없습니다: 이미 쓰이고 있는 주소입니다\n"


def test_a_second_scheduler_is_told_in_korean(data, capsys):
    from almanac.scheduler.service import Service
    held = Service({})
    assert held.lock.acquire()
    try:
        import threading
        out = {}
        t = threading.Thread(target=lambda: out.setdefault("rc", main(["scheduler", "--once", "--lang", "ko"])))
        t.start()
        t.join(120)
    finally:
        held.lock.release()
    assert out.get("rc") == 1
    err = capsys.readouterr().err
    assert "다른 스케줄러가 이미 실행 중입니다" in err and "another" not in err, err


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", None])
def test_scheduler_once_tells_each_job_in_the_language_asked_for(lang, data, capsys, monkeypatch):
    """--once printed 'precompute: error' to every reader: the job's and its status's words are
    the reader's (the job's own name beside them), English without --lang, the exit status 1."""
    from almanac.scheduler import jobs

    def broken(ctx, day):
        raise RuntimeError("the disk caught fire")
    monkeypatch.setitem(jobs.BODIES, "precompute", broken)
    monkeypatch.setitem(jobs.BODIES, "feeds", lambda ctx, day: ("ok", {}))
    monkeypatch.setitem(jobs.BODIES, "reports", lambda ctx, day: ("noop", {}))
    assert main(["scheduler", "--once"] + (["--lang", lang] if lang else [])) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3, lines
    for line, job in zip(lines, jobs.JOB_IDS):
        assert job in line, line
        if lang:
            words = re.sub(rf"\b{job}\b", "", line)
            assert not re.search(r"[A-Za-z]{2,}", words), line     # no English word but the job's name
            assert (HANGUL if lang == "ko" else HAN).search(words), line
    if not lang:
        assert lines == ["precompute: error", "feeds: ok", "reports: noop"]


LONG_NAME = "x" * 5000


@pytest.mark.parametrize("argv, start", [
    (["feed", "--task", "travel", "--from", D, "--to", D, "-o"], "almanac: -o '"),
    (["report", "--date", D, "-o"], "almanac: -o '"),
    (["day", D, "--config"], "almanac: 설정 파일을 읽을 수 없습니다: '"),
])
def test_a_path_too_long_to_look_at_is_bad_input(argv, start, data, capsys):
    """Path.is_dir() and Path.exists() raise on a name too long: it was an internal OSError."""
    assert main(argv + [str(data / LONG_NAME), "--lang", "ko"]) == 2
    line = _line(capsys)
    assert line.startswith(start) and "x" * 81 not in line and "File name" not in line, line


def test_a_feed_file_name_too_long_for_its_folder_is_bad_input(data, capsys):
    # the folder takes a new file (checked first); the name itself is refused at the write
    assert main(["feed", "--task", "travel", "--from", D, "--to", D, "-o", str(data / ("y" * 300))]) == 2
    assert "File name too long" in _line(capsys)


@pytest.mark.parametrize("argv", [["precompute", "--from", D, "--to", D], ["serve", "--no-warm", "--port", "0"],
                                  ["scheduler", "--once"], ["feed", "--task", "travel", "--from", D, "--to", D, "-o", "-"]],
                         ids=lambda argv: argv[0])
@pytest.mark.parametrize("lang, said", [(None, "cannot be used"), ("ko", "데이터 폴더를 쓸 수 없습니다")])
def test_a_data_folder_that_is_a_file_is_bad_configuration(argv, lang, said, data, capsys, monkeypatch):
    blocker = data / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(blocker))        # was an internal FileExistsError, exit 1
    assert main(argv + (["--lang", lang] if lang else [])) == 2
    line = _line(capsys)
    assert said in line and str(blocker) in line and "ALMANAC_DATA_DIR" in line, line


def test_lang_may_come_before_the_command(data, capsys):
    # argparse read the `ko` of `almanac --lang ko day …` as the command, and refused it
    assert main(["--lang", "ko", "day", "2026-02-30"]) == 2
    assert "올바른 날짜가 아닙니다" in _line(capsys)
    assert main(["--lang=en", "tasks", "--json"]) == 0
    assert '"tasks"' in capsys.readouterr().out
    assert main(["--lang", "ko"]) == 2                       # a bare call: the usage, in Korean
    assert capsys.readouterr().err.startswith("사용법: almanac")


@pytest.mark.parametrize("lang, said", [(None, "almanac: interrupted"), ("ko", "almanac: 중단되었습니다"),
                                        ("xx", "almanac: interrupted")])
def test_an_interruption_is_told_in_the_language_asked_for(lang, said, data, capsys, monkeypatch):
    import almanac.api

    def stop(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(almanac.api, "day", stop)
    assert main(["day", D] + (["--lang", lang] if lang else [])) == 130
    assert capsys.readouterr().err == said + "\n"
