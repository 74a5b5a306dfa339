"""Every bad-input message is written for each reader: English (the message), Traditional Chinese
(``zh=``) and Korean (``ko=``), where it is raised; a reader who asked for a language meets no
whole sentence of another (almanac/errors.py)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.words.test_terms import MISREADINGS

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("almanac", "exports", "config", "scheduler")
ERRORS = {"BadInput", "BadConfig"}
#: three English words in a row: a sentence (or most of one), not a value, a format or an option
ENGLISH = re.compile(r"\b[A-Za-z]{2,}\b(?:[ ,]+\b[A-Za-z]{2,}\b){2,}")
HANGUL = re.compile(r"[가-힣]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def _sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py") if p.name != "errors.py")


def _calls(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in ERRORS:
                yield node


def _literal(node) -> str | None:
    """The written text of a string or f-string (its replacement fields left out), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        parts = [_literal(node.left), _literal(node.right)]
        return " ".join(p for p in parts if p) or None
    return None


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bad_input_is_written_for_each_reader(path):
    for call in _calls(path):
        where = f"{path.relative_to(ROOT)}:{call.lineno}"
        kw = {k.arg: k.value for k in call.keywords if k.arg}
        if not call.args and not kw:
            continue
        assert "zh" in kw and "ko" in kw, f"{where}: a message without zh= and ko="
        for lang, letters in (("ko", HANGUL), ("zh", HAN)):
            text = _literal(kw[lang])
            if text is None:            # built elsewhere: that place is checked where it is built
                continue
            assert letters.search(text), f"{where}: the {lang} text has no {lang} in it: {text!r}"
            assert not ENGLISH.search(text), f"{where}: an English sentence in the {lang} text: {text!r}"
            if lang == "ko":
                assert not MISREADINGS.search(text), f"{where}: a misreading in {text!r}"


def _english_sentence(text: str) -> bool:
    return bool(ENGLISH.search(re.sub(r"'[^']*'|`[^`]*`|\([^()]*\bIANA\b[^()]*\)", "", text)))


@pytest.mark.parametrize("argv, lang", [
    (["day", "2026-02-30"], "ko"),                               # the almanac's own message
    (["day", "2026-02-03", "--tz", "Mars/Base"], "ko"),
    (["feed", "--task", "travel"], "ko"),                        # argparse's: required arguments
    (["day", "--tz"], "ko"),                                     # argparse's: a missing value
    (["day", "2026-02-03", "--bogus"], "zh-Hans"),              # argparse's: unknown argument
    (["dya"], "ko"),                                             # argparse's: an unknown command
    (["report", "--days", "x"], "zh-Hant"),                     # argparse's: not an integer
])
def test_command_line_errors_are_told_in_the_language_asked_for(argv, lang, capsys):
    from almanac.cli import main
    assert main(argv) == 2
    english = capsys.readouterr().err.strip()
    assert main(argv + [f"--lang={lang}"] if argv[0] != "dya" else ["--lang", lang, *argv]) == 2
    told = capsys.readouterr().err.strip()
    assert len(told.splitlines()) == 1 and told.startswith("almanac: ")
    assert told != english and not _english_sentence(told), told
    assert (HANGUL if lang == "ko" else HAN).search(told), told
    if lang == "zh-Hans":
        from almanac.lang import hans
        assert hans(told) == told                                  # simplified throughout


def test_without_a_language_asked_for_errors_stay_english(capsys):
    from almanac.cli import main
    assert main(["day", "2026-02-30"]) == 2
    assert capsys.readouterr().err.strip() == \
        "almanac: '2026-02-30' is not a valid date (YYYY-MM-DD, e.g. 2026-11-29, or today, tomorrow)"


def test_every_argparse_message_known_here_is_the_one_this_python_writes():
    """The Korean and Chinese lines of argparse's errors are matched on its English wording: each
    one provoked here must be recognised (a Python that words one otherwise fails this)."""
    from almanac.cli import Parser
    from almanac.errors import BadInput
    p = Parser(prog="almanac x")
    p.add_argument("--n", type=int)
    p.add_argument("--one")
    p.add_argument("--many", nargs="+")
    p.add_argument("--two", nargs=2)
    p.add_argument("--pick", choices=["a", "b"])
    p.add_argument("--flag", action="store_true")
    p.add_argument("--flat", action="store_true")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--left", action="store_true")
    g.add_argument("--right", action="store_true")
    need = p.add_mutually_exclusive_group(required=True)
    need.add_argument("--up", action="store_true")
    need.add_argument("--down", action="store_true")
    p.add_argument("must")
    cases = [["--up"], ["x", "--up", "extra"], ["x"], ["x", "--up", "--fl"], ["x", "--up", "--one"],
             ["x", "--up", "--many"], ["x", "--up", "--two", "a"], ["x", "--up", "--pick", "c"],
             ["x", "--up", "--n", "q"], ["x", "--up", "--left", "--right"], ["x", "--up", "--flag=1"]]
    for argv in cases:
        with pytest.raises(BadInput) as e:
            p.parse_args(argv)
        assert isinstance(e.value, BadInput)
        for lang in ("ko", "zh-Hant"):
            assert not _english_sentence(e.value.text(lang)), (argv, e.value.text(lang))


def _http_client():
    from fastapi.testclient import TestClient

    from almanac.exports.http import create_app
    return TestClient(create_app({}), raise_server_exceptions=False)


@pytest.mark.parametrize("url, status", [
    ("/api/day/2026-02-30", 400),
    ("/api/day/2026-02-03?tz=Mars/Base", 400),
    ("/api/best?task=travel&from=2026-01-01&to=2026-01-05&limit=x", 422),
    ("/api/best?task=travel", 422),
    ("/no/such/path", 404),
    ("/api/best?task=flying&from=2026-01-01&to=2026-01-05", 404),
    ("/feeds/travel.txt", 404),
    ("/reports/1999-01-01.html", 404),
])
def test_http_errors_are_told_in_the_language_asked_for(url, status, tmp_path, monkeypatch):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = _http_client()
    english = client.get(url)
    sep = "&" if "?" in url else "?"
    korean = client.get(f"{url}{sep}lang=ko")
    assert english.status_code == korean.status_code == status
    assert HANGUL.search(korean.json()["error"]) and not _english_sentence(korean.json()["error"])
    assert not HANGUL.search(english.json()["error"])


LONG = "x" * 6000


@pytest.mark.parametrize("url", [
    f"/api/day/2026-02-03?tz={LONG}", f"/api/day/{LONG}", f"/api/day/2026-02-03?place={LONG}",
    f"/api/day/2026-02-03?school={LONG}&lang=ko", f"/api/chart?at={LONG}",
    f"/api/best?task=travel&from={LONG}&to=2026-01-05", f"/api/best?task={LONG}&from=2026-01-01&to=2026-01-05",
    f"/feeds/travel.ics?tz={LONG}&lang=zh-Hant", f"/feeds/travel.ics?born={LONG}&sex=f",
    f"/reports/2026-12-01.html?clock={LONG}", f"/no/such/{LONG}",
], ids=lambda url: url.replace(LONG, "LONG"))
def test_an_error_quotes_at_most_80_characters_of_the_input(url, tmp_path, monkeypatch):
    """However long the value a client sends, the error line quotes 80 characters of it and an
    ellipsis, and stays one readable line."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    r = _http_client().get(url)
    assert 400 <= r.status_code < 500 and list(r.json()) == ["error"], r.text[:300]
    line = r.json()["error"]
    assert "x" * 70 + "…" in line and "x" * 81 not in line, line
    assert len(r.content) < 800


def test_a_url_longer_than_the_limit_is_a_json_414(tmp_path, monkeypatch):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = _http_client()
    r = client.get("/api/day/2026-02-03?tz=" + "x" * 9000)
    assert r.status_code == 414 and "8192" in r.json()["error"] and len(r.content) < 300
    ko = client.get("/feeds/travel.ics?lang=ko&junk=" + "x" * 9000)
    assert ko.status_code == 414 and HANGUL.search(ko.json()["error"])
    assert client.get("/api/day/2026-02-03?tz=Asia/Seoul&junk=" + "x" * 7000).status_code == 200


def test_the_command_line_quotes_at_most_80_characters_of_the_input(capsys):
    from almanac.cli import main
    for argv in (["day", "2026-01-01", "--tz", LONG], ["day", LONG], ["best", "--task", LONG, "--from",
                                                                     "2026-01-01", "--to", "2026-01-02"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "x" * 80 + "…" in err and "x" * 81 not in err and len(err) < 600, err[:300]


def test_an_unknown_school_is_answered_with_each_school_s_korean_name_and_hanja(capsys):
    """The Korean error line for an unknown school names the schools a reader may give, each with
    its hanja: 칠원금 alone reads "seven-won gold" and 본서 "this book"."""
    from almanac import config
    from almanac.cli import main
    assert main(["day", "2026-12-01", "--school", "nope", "--lang", "ko"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    for key, preset in config.BUILTIN_SCHOOLS.items():
        assert f"{key} {preset['name_ko']}" in err, (key, err)
    assert "칠원금(七元禽)" in err and "본서(本書)" in err


# ---------------------------------------------------------------- the names a reader typed

def _alarm_word():
    from almanac.exports.feeds import check_alarm
    check_alarm("soon")


def _alarm_range():
    from almanac.exports.feeds import check_alarm
    check_alarm(2000)


def _feed_backwards():
    from almanac.exports.feeds import build_feed
    build_feed("travel", "2026-01-05", "2026-01-01", "Asia/Seoul", config={})


def _precompute_backwards():
    from almanac.exports.store import Store
    Store("sqlite://", {}).precompute("2026-01-05", "2026-01-01", "Asia/Seoul")


def _precompute_bad_date():
    from almanac.exports.store import Store
    Store("sqlite://", {}).precompute("2026-13-05", "2026-01-01", "Asia/Seoul")


@pytest.mark.parametrize("call, named", [
    (_alarm_word, ["alarm"]), (_alarm_range, ["alarm"]), (_feed_backwards, ["from", "to"]),
    (_precompute_backwards, ["from", "to"]), (_precompute_bad_date, ["from"]),
], ids=lambda x: getattr(x, "__name__", "-"))
def test_errors_name_what_each_reader_typed(call, named, data):
    """A message an HTTP client may meet as well as the command line names the query parameter
    (``alarm``, ``from``) over HTTP and the option (``--alarm``, ``--from``) on the command line,
    in every language: it said ``--to/--from`` to HTTP callers, ``alarm`` to the command line."""
    from almanac.errors import BadInput
    with pytest.raises(BadInput) as raised:
        call()
    e = raised.value
    for lang in ("en", "ko", "zh-Hant"):
        http, cli = e.text(lang), e.text(lang, options=True)
        assert "--" not in http and "\x1f" not in http and "\x1f" not in cli, (lang, http, cli)
        for name in named:
            assert name in http and f"--{name}" in cli, (lang, name, http, cli)


@pytest.mark.parametrize("url", [
    "/api/best?task=travel&from=2026-01-01&to=2026-01-05&limit=0",
    "/api/best?task=travel&from=2026-01-01&to=2026-01-05&limit=5000",
    "/api/best?task=travel&from=2026-01-01&to=2026-01-05&limit=2.5",
    "/api/best?task=travel&from=2026-01-01&to=2026-01-05&limit=ten",
    "/feeds/travel.ics?alarm=99999",
    "/feeds/travel.ics?alarm=-5",
    "/api/best?from=2026-01-01",
])
@pytest.mark.parametrize("lang", ["ko", "zh-Hant"])
def test_a_422_tells_each_reader_what_english_is_told(url, lang, tmp_path, monkeypatch):
    """A validation error in Korean said only 'limit: 값이 올바르지 않습니다' where English gave the
    bound accepted: every reader is told the parameter, the bound or form accepted and the value
    given."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = _http_client()
    english = client.get(url)
    told = client.get(f"{url}&lang={lang}")
    assert english.status_code == told.status_code == 422
    en, line = english.json()["error"], told.json()["error"]
    assert (HANGUL if lang == "ko" else HAN).search(line) and not _english_sentence(line), line
    numbers = lambda text: sorted(re.findall(r"-?\d+(?:\.\d+)?", text))   # noqa: E731
    words = lambda text: sorted(re.findall(r"\b(?:task|from|to|limit|alarm)(?=[:：])", text))   # noqa: E731
    assert numbers(line) == numbers(en) and words(line) == words(en), (en, line)
    assert "값이 올바르지 않습니다" not in line and "值無效" not in line, line


@pytest.mark.parametrize("url, name", [
    ("/api/day/2026-02-03?tz=", "tz"),
    ("/api/day/2026-02-03?place=%20", "place"),
    ("/api/day/2026-02-03?lang=", "lang"),
    ("/api/day/2026-02-03?tz=Asia/Seoul&tz=", "tz"),                  # repeated: the empty one counts
    ("/feeds/travel.ics?born=&sex=f", "born"),
    ("/feeds/travel.ics?alarm=", "alarm"),
    ("/api/chart?at=2026-02-03T12:00&school=", "school"),
    ("/api/best?task=&from=2026-01-01&to=2026-01-02", "task"),
    ("/api/best?task=travel&from=&to=2026-01-02", "from"),
    ("/reports/latest.html?tz=", "tz"),
])
@pytest.mark.parametrize("lang", [None, "ko"])
def test_an_empty_query_value_is_a_400_naming_the_parameter(url, name, lang, tmp_path, monkeypatch):
    """``?tz=`` was read as the parameter left out: the default zone answered 200 to a client who
    meant to name one (the command line refuses ``--tz ""`` likewise)."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    r = _http_client().get(url + (f"&lang={lang}" if lang and name != "lang" else ""))
    assert r.status_code == 400 and list(r.json()) == ["error"], r.text[:300]
    line = r.json()["error"]
    assert re.match(rf"(參數 )?{name}\b", line) and "--" not in line, line
    if lang and name != "lang":                     # an empty lang= asks for no language
        assert HANGUL.search(line) and not _english_sentence(line), line


def test_the_index_page_takes_the_empty_fields_its_own_form_sends(tmp_path, monkeypatch):
    """The index's picker (a GET form to ``/``) sends its empty fields; the page still answers, and
    a query parameter no route takes is still ignored, empty or not."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = _http_client()
    assert client.get("/?task=travel&lang=ko&tz=&place=&clock=civil&school=&born=&sex=").status_code == 200
    assert client.get("/api/day/2026-02-03?utm_source=").status_code == 200


@pytest.mark.parametrize("method, url", [("POST", "/api/day/2026-02-03"), ("PUT", "/feeds/travel.ics"),
                                         ("DELETE", "/"), ("PATCH", "/healthz")])
def test_a_method_not_allowed_is_told_in_the_language_asked_for(method, url, tmp_path, monkeypatch):
    """A 405 said Starlette's 'Method Not Allowed' to every reader, and its Allow header left out
    the HEAD every GET path answers."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = _http_client()
    english, korean = client.request(method, url), client.request(method, url + "?lang=ko")
    assert english.status_code == korean.status_code == 405
    assert english.headers["allow"] == korean.headers["allow"] == "GET, HEAD"
    line = korean.json()["error"]
    assert HANGUL.search(line) and not _english_sentence(line) and method in line and url in line, line
    assert method in english.json()["error"] and "GET, HEAD" in english.json()["error"]


@pytest.mark.parametrize("asked, letters", [("ko-KR", HANGUL), ("zh-TW", HAN), ("zh_CN", HAN)])
def test_a_language_tag_with_a_region_tells_errors_in_that_language(asked, letters, tmp_path, monkeypatch):
    """A browser's ``ko-KR`` is Korean (it was refused, and before that in English): a bad date
    asked for with it is told in Korean."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    r = _http_client().get(f"/api/day/2026-02-30?lang={asked}")
    assert r.status_code == 400
    line = r.json()["error"]
    assert letters.search(line) and "2026-02-30" in line and not _english_sentence(line), line


@pytest.mark.parametrize("asked, letters", [("ko-!!", HANGUL), ("zh-TW-", HAN)])
def test_a_tag_that_is_none_is_refused_in_the_language_it_names(asked, letters, tmp_path, monkeypatch):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    r = _http_client().get("/api/day/2026-02-03", params={"lang": asked})
    assert r.status_code == 400
    line = r.json()["error"]
    assert letters.search(line) and asked in line and "unknown" not in line, line


def test_a_store_that_does_not_answer_is_told_without_the_driver_s_english(tmp_path, monkeypatch):
    """With the database down, the Korean 503 of a feed quoted the driver's English reason, and
    /healthz answered English whatever the language asked for; English keeps the reason."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ALMANAC_DB_URL", f"postgresql+psycopg://almanac:S3cretPW@127.0.0.1:{port}/almanac")
    client = _http_client()
    for url in ("/healthz", "/feeds/travel.ics", "/healthz"):
        english, korean = client.get(url), client.get(url + "?lang=ko")
        assert english.status_code == korean.status_code == 503, (url, korean.text)
        line = korean.json()["error"]
        assert HANGUL.search(line) and not _english_sentence(line) and "refused" not in line, (url, line)
        assert "S3cretPW" not in english.text + korean.text
        assert not HANGUL.search(english.json()["error"]) and "answer" in english.json()["error"], english.text


def test_a_repeated_lang_is_read_as_the_routes_read_it(tmp_path, monkeypatch):
    """The routes answer in the last ``lang=`` given; a URL too long was told in the first."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    client = _http_client()
    routed = client.get("/api/day/2026-02-03?lang=en&lang=ko&tz=Mars").json()["error"]
    too_long = client.get("/api/day/2026-02-03?lang=en&lang=ko&junk=" + "x" * 9000).json()["error"]
    assert HANGUL.search(routed) and HANGUL.search(too_long), (routed, too_long)
