"""Command-line manners: one clean error line, usage on a bare call, --version, help without
markup, precompute's summary off a terminal and its confirmation before huge ranges, serve
stating its data folder and failing before it claims to serve, day --task --reasons, and task
names in English, Chinese or Korean wherever a task is named."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time

import pytest

from almanac.cli import main
from almanac.liuren.generals import GENERALS


def _run(*args: str, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "almanac.cli", *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    return tmp_path


def test_argparse_errors_are_one_line_without_doubled_prefix(capsys):
    assert main(["day", "--tz"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("almanac: day: ") and "almanac: almanac" not in err
    assert main(["nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "almanac: almanac" not in err and "invalid choice" in err


def test_bare_call_prints_usage(capsys):
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: almanac") and "precompute" in err and "error" not in err


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert re.fullmatch(r"almanac \d+\.\d+\S*\n", capsys.readouterr().out)


@pytest.mark.parametrize("cmd", ["day", "chart", "best", "tasks", "precompute", "feed", "report", "serve", "scheduler"])
def test_help_has_no_markup(cmd, capsys):
    with pytest.raises(SystemExit):
        main([cmd, "--help"])
    out = capsys.readouterr().out
    assert out.startswith(f"usage: almanac {cmd}")
    assert "``" not in out and ":func:" not in out and ":data:" not in out


@pytest.mark.parametrize("cmd", ["", "day", "chart", "best", "tasks", "schools", "places", "precompute", "feed",
                                 "report", "serve", "scheduler"])
def test_english_help_has_no_chinese_but_glosses(cmd, capsys):
    # characters only beside the English word they gloss: 「乙丑日干上巳」 and "each day's 禽,
    # 七元/將星" were Chinese an English reader could not read
    from tests.judgement.test_rules_text import bare_cjk
    with pytest.raises(SystemExit):
        main([cmd, "--help"] if cmd else ["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert not bare_cjk(out, "en") and "「" not in out, (bare_cjk(out, "en"), out)


def test_precompute_summary_off_a_terminal(data):
    r = _run("precompute", "--from", "2027-01-01", "--to", "2027-01-02")
    assert r.returncode == 0 and r.stdout == ""
    assert re.fullmatch(r"2 days in Asia/Shanghai: 2 written, 0 updated, 0 unchanged \([\d.]+ s\)\n", r.stderr)


def test_precompute_huge_range_needs_yes(data, capsys):
    from almanac.cli.precompute import CONFIRM_DAYS
    assert main(["precompute", "--from", "1000-01-01", "--to", "1999-12-31"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--yes" in err and "365,242 days" in err and "GB" in err
    assert not (data / "almanac.sqlite3").exists() or (data / "almanac.sqlite3").stat().st_size < 1_000_000
    assert CONFIRM_DAYS >= 366


def test_precompute_size_estimate_holds(data, capsys):
    """The per-day figure the estimate quotes is within a factor of two of a real precompute's."""
    from almanac.cli.precompute import BYTES_PER_DAY
    assert main(["precompute", "--from", "2027-01-01", "--to", "2027-02-19"]) == 0
    size = sum(p.stat().st_size for p in data.glob("almanac.sqlite3*"))
    per_day = size / 50
    assert BYTES_PER_DAY / 2 <= per_day <= BYTES_PER_DAY * 2, per_day


def test_precompute_for_a_school_place_and_clock(data, capsys, monkeypatch):
    """--school/--place/--clock (the options day and best take) precompute under those choices:
    a reader with the same choices is served the rows, a reader of another school never is."""
    import json

    from almanac import config
    from almanac.api.choices import apply
    from almanac.exports import store
    from almanac.exports.store import compute as C
    args = ["precompute", "--from", "2027-01-01", "--to", "2027-01-02", "--json"]
    assert main(args + ["--school", "daquan", "--place", "Seoul", "--clock", "true_solar"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["written"] == 2 and summary["tz"] == "Asia/Seoul"   # the city's zone
    assert main(args + ["--school", "daquan", "--place", "Seoul", "--clock", "true_solar"]) == 0
    assert json.loads(capsys.readouterr().out)["unchanged"] == 2       # keyed by those choices
    chosen = apply(config.load(None), school="daquan", place="Seoul", clock="true_solar")
    computed = []
    real = C.judge_day
    monkeypatch.setattr(C, "judge_day", lambda *a, **k: computed.append(a[0]) or real(*a, **k))
    got = store.get_judgements_range("travel", "2027-01-01", "2027-01-02", "Asia/Seoul", chosen)
    assert computed == [] and len(got) == 2                                    # served from the store
    from almanac import api
    for d, doc in got.items():
        assert doc == api.judge_day(d, "Asia/Seoul", "travel", chosen)
    for other in (config.load(None), apply(config.load(None), place="Seoul", clock="true_solar")):
        store.get_judgements_range("travel", "2027-01-01", "2027-01-02", "Asia/Seoul", other)
    assert len(computed) == 4                                    # another school is never served them
    assert main(args + ["--school", "nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_on_a_busy_port_fails_before_claiming(data):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = _run("serve", "--port", str(port), "--no-warm", timeout=60)
    assert r.returncode == 1
    assert "serving on" not in r.stderr and "cannot listen on 127.0.0.1:" in r.stderr
    assert r.stderr.count("\n") == 1


@pytest.mark.parametrize("where", ["env", "config"])
def test_serve_with_an_invalid_database_url_refuses_to_start(data, where):
    """A database URL that is not valid is bad configuration: one line, exit 2, the port never
    bound — not a service that starts and answers 503 to everything."""
    url = "postgresql+psycopg://almanac:S3c ret@127.0.0.1:notaport/almanac"
    port = _free_port()
    env = {"ALMANAC_DB_URL": url} if where == "env" else {}
    args = ["serve", "--port", str(port), "--no-warm"]
    if where == "config":
        cfg = data / "bad.toml"
        cfg.write_text(f'[store]\nurl = "{url}"\n', encoding="utf-8")
        args += ["--config", str(cfg)]
    r = _run(*args, env=env, timeout=60)
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("almanac: database URL ")
    assert "is not valid" in r.stderr and "S3c" not in r.stderr and "serving on" not in r.stderr
    with socket.socket() as s:  # never bound
        s.bind(("127.0.0.1", port))


def test_day_never_reads_the_store_so_a_bad_url_is_not_its_concern(data):
    """`almanac day` computes (api.day; docs/store.md: the store keeps what it answers, for the
    exports): a database URL it never opens is not checked by it."""
    url = "postgresql+psycopg://almanac:S3c ret@127.0.0.1:notaport/almanac"
    plain = _run("day", "2026-12-02", "--json")
    bad = _run("day", "2026-12-02", "--json", env={"ALMANAC_DB_URL": url})
    assert plain.returncode == bad.returncode == 0 and plain.stdout == bad.stdout and not bad.stderr


def test_serve_states_its_data_folder(data):
    port = _free_port()
    p = subprocess.Popen([sys.executable, "-m", "almanac.cli", "serve", "--port", str(port), "--no-warm"],
                         stderr=subprocess.PIPE, text=True, env={**os.environ, "ALMANAC_DATA_DIR": str(data)})
    try:
        first, second = p.stderr.readline(), p.stderr.readline()
    finally:
        p.terminate()
        p.wait(timeout=30)
    assert first.startswith(f"almanac: data folder {data}") and "sqlite" in first
    assert second.startswith(f"almanac: serving on http://127.0.0.1:{port}/")


def test_day_task_reasons(capsys):
    assert main(["day", "2026-11-29", "--task", "travel", "--reasons"]) == 0
    out = capsys.readouterr().out
    from almanac import api
    hours = api.judge_day("2026-11-29", task="travel")["hours"]
    for r in hours[0]["reasons"]:
        assert r["text"] in out and r["source"] in out
    assert main(["day", "2026-11-29", "--reasons"]) == 2
    assert "--task" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["travel", "出行", "출행", "Travel"])
def test_task_named_in_any_language(name, capsys):
    assert main(["best", "--task", name, "--from", "2026-12-01", "--to", "2026-12-01", "--json"]) == 0
    assert '"task": "travel"' in capsys.readouterr().out


def test_task_aliases_in_api_and_feed():
    from almanac import api
    from almanac.exports import feeds
    assert api.judge_day("2026-12-01", task="词讼")["task"] == "lawsuit"
    assert api.best("사송", "2026-12-01", "2026-12-01", limit=1)["task"] == "lawsuit"
    assert api.best("出門", "2026-12-01", "2026-12-01", limit=1)["task"] == "travel"    # an everyday word
    with pytest.raises(ValueError, match="unknown task"):
        api.best("出门儿", "2026-12-01", "2026-12-01")
    body = feeds.build_feed("출행", "2026-12-01", "2026-12-02", lang="ko").body.decode()
    assert "출행(出行)" in body and "travel" not in body.split("BEGIN:VEVENT")[0].replace("feed/travel", "")


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_best_and_day_read_in_the_readers_language(lang):
    from almanac import api
    from almanac.cli import best as best_cli
    from almanac.cli import day as day_cli
    doc = api.best("travel", "2026-12-01", "2026-12-07", limit=3, lang=lang)
    out = best_cli.render(doc, "출행(出行)" if lang == "ko" else "travel", lang)
    day = api.day("2026-11-29")
    judged = api.judge_day("2026-11-29", task="travel", lang=lang)["hours"]
    for h, j in zip(day["hours"], judged):
        h["judgement"] = {k: j[k] for k in ("score", "verdict", "reasons", "vetoed")}
    day["task"] = "travel"
    table = day_cli.render_in(day, lang, reasons=True, task_label="출행(出行)" if lang == "ko" else "travel")
    for text in (out, table):
        # hanja beside a Korean word, 대길(大吉), and a citation's quoted opening words are welcome
        bare = re.sub(r"\([^)]*\)|「[^」]*」", "", text)
        assert not re.search(r"大吉|大凶|[^大]凶|退避|天罡加| over .* → |retreat [左右]", bare)
        # no Chinese sentence: runs of characters are terms (pillars, mansions, 三傳), not prose
        assert not re.search(r"[\u4e00-\u9fff，。；：、（）]{9,}", bare), bare
    from almanac import terms as T
    # the 子 hour's time says it began the evening before (전날 23:00, day before 23:00)
    rows = [line for line in table.splitlines()
            if re.match(r"\s+\S+( \(\S\))?\s+(전날 |day before )?\d\d:\d\d–", line)]
    assert len(rows) == 12
    for row, j in zip(rows, judged):
        word = T.label("vetoed", lang) if j["vetoed"] else T.verdict_name(j["verdict"], lang)
        assert row.endswith(f"  {word}"), (row, word)
    assert T.verdict_name(doc["results"][0]["verdict"], lang) in out
    if lang == "ko":
        assert "방향: 북두 자루 천강(天罡)이" in out and "판단" in table
        assert re.search(r"\d\d:\d\d–\d\d:\d\d\s+庚子\(경자\)", table)
    else:
        assert "Directions: Heavenly Ridge (天罡), the Dipper's handle, over" in out
        assert re.search(r"\d\d:\d\d–\d\d:\d\d\s+Gengzi \(庚子\)", table)


def test_precompute_progress_on_a_terminal_and_estimate_with_yes(data, capsys, monkeypatch):
    import io

    from almanac.cli import precompute

    class Tty(io.StringIO):
        def isatty(self):
            return True
    tty = Tty()
    bar = precompute._Bar(tty)
    bar(1, 2)
    bar(2, 2)
    assert "2/2 days" in tty.getvalue() and tty.getvalue().endswith("\n")
    silent = io.StringIO()
    precompute._Bar(silent)(2, 2)
    assert silent.getvalue() == ""
    monkeypatch.setattr(precompute, "CONFIRM_DAYS", 2)
    assert main(["precompute", "--from", "2027-01-01", "--to", "2027-01-03"]) == 2
    assert "--yes" in capsys.readouterr().err
    assert main(["precompute", "--from", "2027-01-01", "--to", "2027-01-03", "--yes"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("almanac: precomputing 3 days, about ") and err[-1].startswith("3 days in ")


def test_an_english_chart_is_keyed_in_english():
    # the drawn chart keeps the books' characters; under it an English reader is told what it says
    from almanac import api
    from almanac import terms as T
    from almanac.cli import chart as chart_cli
    doc = api.chart("2026-12-01T10:00", tz="Asia/Seoul", lang="en")
    out = chart_cli.render(doc)
    lines = out.split("\n")
    key = lines[next(i for i, x in enumerate(lines) if x.startswith("Day ")):]
    noble = doc["noble"]
    assert f"Noble One (貴人): the {noble['time']} noble at {T.term(noble['branch'], 'en')}," in out
    first, gen = doc["transmissions"][0], doc["transmission_generals"][0]
    assert f"{T.label('transmissions', 'en')}: {T.term(first, 'en')} with the {T.term(gen, 'en')}" in out
    assert f"over the hour {T.en_name(doc['hour'])} ({doc['hour']})" in out
    for line in key:
        assert not re.search(r"[\u4e00-\u9fff]", re.sub(r"(?<=[A-Za-z]) \([^)]*\)", "", line)), line
    assert "over the hour" not in chart_cli.render(api.textbook_chart("乙丑", gan_shang="巳", lang="en"))


@pytest.mark.parametrize("at", ["2026-12-01T10:00", "2027-01-25T10:00"])
def test_a_korean_chart_is_keyed_in_korean(at):
    """A Korean reader is told what the drawn chart says in Korean, hanja beside: the 月將 over the
    hour (its particle by the reading's last sound: 인(寅)을, 자(子)를), each transmission with its
    general by its Korean name (구진(勾陳)), the method and the void — no line of bare characters.
    Its sentences read a branch as the rules' texts do, the reading first: 유(酉) 태음(太陰)."""
    from almanac import api
    from almanac import terms as T
    from almanac.cli import chart as chart_cli
    doc = api.chart(at, tz="Asia/Seoul", lang="ko")
    out = chart_cli.render(doc)
    first, gen = doc["transmissions"][0], doc["transmission_generals"][0]
    reading = dict(zip("子丑寅卯辰巳午未申酉戌亥", "자축인묘진사오미신유술해"))
    assert (f"{T.label('transmissions', 'ko')}: {reading[first]}({first}) "
            f"{T.GENERALS_KO[GENERALS.index(gen)]}({gen})") in out
    jiang = f"{reading[doc['yuejiang']]}({doc['yuejiang']})"
    particle = "을" if doc["yuejiang"] in "丑寅辰申戌" else "를"
    assert f"{jiang}{particle} {reading[doc['hour']]}({doc['hour']})시에 더함" in out
    lines = out.split("\n")
    assert lines[0].startswith("일진: ")               # Korean first: the sentences, then the drawing
    key = lines[:lines.index(chart_cli.DRAWING_KO)]
    assert key[-1].startswith(T.label("keti", "ko"))
    assert any(x.startswith("귀인(貴人): " + ("야귀(夜貴)" if doc["noble"]["time"] == "night" else "주귀(晝貴)"))
               for x in key)
    if doc["patterns"]:         # the 格局 the drawn chart names in characters, each read in Korean
        assert f"격국(格局): {T.term_list(doc['patterns'], 'ko')}" in key
    for line in key:        # every character glosses the Korean word before it, never the other way
        assert not re.search(r"[\u4e00-\u9fff]", re.sub(r"[가-힣]+\([\u4e00-\u9fff·]+\)", "", line)), line
    from tests.judgement.test_explain import hanja_sentences
    assert hanja_sentences(out, "ko") == []
    # the drawing keeps its characters under Korean headings; the books' Chinese lines are said above
    drawn = lines[lines.index(chart_cli.DRAWING_KO) + 1:]
    assert [x for x in drawn if not x.startswith(" ")] == [
        "삼전(三傳)", "사과(四課) — 오른쪽이 제1과",
        "천지반(天地盤) — 칸마다 천장(天將) 한 글자, 천반(天盤)/지반(地盤)", drawn[-1]]
    assert drawn[-1].startswith("천지반(天地盤)의 천장(天將) 한 글자: ")
    assert not [x for x in lines if re.search(r"日 |將加|^(課體|格局|學派|三傳|四課|天地盤)", x)], out


def test_a_korean_chart_opens_in_korean_on_the_command_line(capsys):
    """``almanac chart --lang ko`` opens with the day and the chart's method in Korean, hanja beside
    (과법(課法): 지일(知一)·비용(比用): the way within the method read too), with no whole Chinese
    sentence anywhere; ``--json`` is the same document whatever the language of the text."""
    import json
    from tests.judgement.test_explain import hanja_sentences
    assert main(["chart", "2026-11-29T14:30", "--tz", "Asia/Shanghai", "--lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("일진: 정미(丁未)일 · 월장(月將) 인(寅)을 미(未)시에 더함\n")
    assert "과법(課法): 지일(知一)·비용(比用)\n" in out and "귀인(貴人): 주귀(晝貴) 해(亥), 순행(順行)" in out
    assert hanja_sentences(out, "ko") == []
    assert main(["chart", "--day", "丁丑", "--gan-shang", "未", "--lang", "ko", "--task", "travel"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("일진: 정축(丁丑)일\n") and "과법(課法): 복음(伏吟)·자신(自信)" in out
    assert "\n\n출행(出行): " in out                           # the reading after the chart
    for lang in ("ko", "zh-Hant"):
        assert main(["chart", "2026-11-29T14:30", "--tz", "Asia/Shanghai", "--lang", lang, "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["lang"] == lang and doc["method"] == "知一" and doc["sub_method"] == "比用"


def test_every_way_a_chart_finds_its_first_transmission_reads_in_korean():
    """Each 課法 with the way within it a chart names (涉害·比用格, 自任·杜傳, 蒿矢, 井欄射 …) is
    read in Korean with its hanja beside, over every day, 月將 and hour and both nobles."""
    from almanac.cli.chart import method_ko
    from almanac.liuren.chart import chart_for
    seen = set()
    for day in range(60):
        for jiang in range(12):
            for night in (False, True):
                doc = chart_for(day, jiang, night).to_json()
                seen.add((doc["method"], doc.get("sub_method") or ""))
    assert len(seen) > 20
    for method, sub in seen:
        shown = method_ko(method, sub)
        assert re.fullmatch(r"[가-힣]+\([\u4e00-\u9fff]+\)(·[가-힣]+\([\u4e00-\u9fff]+\))*", shown), (method, sub, shown)


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("which", ["moment", "textbook"])
def test_a_charts_blocks_in_characters_are_keyed_in_the_readers_language(lang, which):
    """The plate writes each general as one character (蛇寅/巳), the 四課 and the 三傳's 六親 and
    遁干 are characters alone: under them an English or Korean reader is told each one — every
    general of the plate by its one character and its name (Soaring Snake (蛇 = 螣蛇), 사(蛇)=
    등사(螣蛇), 용(龍)=청룡(青龍)), each lesson's upper over lower with its general, first to
    fourth, and each transmission's kin and hidden stem (none on a void branch)."""
    from almanac import api
    from almanac import terms as T
    from almanac.cli import chart as chart_cli
    from almanac.liuren.generals import GENERALS
    from almanac.liuren.render import SHORT_GENERALS
    doc = (api.chart("2026-12-07T08:30", tz="Asia/Seoul", lang=lang) if which == "moment"   # 龍 on the plate
           else api.textbook_chart("乙丑", yuejiang="子", hour="卯", lang=lang))              # 戌 void, no 遁干
    out = chart_cli.render(doc)
    drawn = out.split("\n천지반(天地盤) — " if lang == "ko" else "\n天地盤")[1].split("\n格局")[0]
    assert set(re.findall(r"(\S)[子丑寅卯辰巳午未申酉戌亥]/", drawn)) == set(SHORT_GENERALS.values())

    def one(prefix: str) -> str:
        found = [x for x in out.split("\n") if x.startswith(prefix)]
        assert len(found) == 1, (prefix, out)
        return found[0].split(": ", 1)[1]

    def t(x: str) -> str:
        return T.term(x, lang, in_sentence=True)
    ko = lang == "ko"
    plate = one("천지반(天地盤)의 천장(天將)" if ko else "Generals (天將) on the plate").split(", ")
    assert len(plate) == 12
    for g, shown in zip(GENERALS, plate):
        c = SHORT_GENERALS[g]
        assert shown.endswith(f"({c})={t(g)}") if ko else shown == f"{T.en_name(g)} ({c} = {g})", shown
    assert "용(龍)=청룡(青龍)" in plate or not ko
    lessons = one("사과(四課), " if ko else "Four lessons (四課)").split("; ")
    assert len(lessons) == 4
    for x, shown in zip(doc["lessons"], lessons):
        gen = doc["generals"][x["upper"]]
        assert shown == (f"{t(x['lower'])} 위 {t(x['upper'])} {t(gen)}" if ko
                         else f"{t(x['upper'])} over {t(x['lower'])} with the {t(gen)}"), shown
    kin = one("삼전의 육친(六親)" if ko else "Kin (六親)").split("; ")
    assert [k.split(" ")[0] if ko else k.split(" (")[0] for k in kin] == \
        [(T.LIUQIN_KO[k] + f"({k})") if ko else T.en_name(k) for k in doc["liuqin"]]
    for k, d in zip(kin, doc["dungan"]):
        assert k.endswith(t(d)) if d else k.endswith("둔간 없음" if ko else "with no hidden stem"), k


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hans"])
def test_every_reader_s_day_header_says_what_the_chinese_one_says(lang, capsys):
    """The weekday, the season's flourishing phase, the day's place in its 七元 (元 and 將) and the
    將星's full name: what the default (Chinese) header shows, each reader is shown too."""
    from almanac import api
    from almanac import terms as T
    from almanac.cli import main
    doc = api.day("2026-12-07", tz="Asia/Seoul")
    assert main(["day", "2026-12-07", "--tz", "Asia/Seoul", "--lang", lang]) == 0
    head = capsys.readouterr().out.split("\n\n")[0]
    q = doc["qin"]
    assert T.WEEKDAYS[lang][0] in head.splitlines()[0]                        # a Monday
    assert T.season_text(doc["season"]["element"], lang) in head
    assert T.yuan_text(q["yuan"], q["jiang"], lang) in head and str(q["jiang"]) in head
    assert T.term(q["jiang_star"], lang) in head
    import re
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d", head.split(T.label("term", lang))[-1])   # no raw ISO instant


def test_a_pillar_and_a_branch_may_be_typed_in_hangul(capsys):
    """A Korean reader types 을축 and 사 as they read them: the same chart as 乙丑 and 巳."""
    from almanac.cli import main
    assert main(["chart", "--day", "乙丑", "--gan-shang", "巳", "--json"]) == 0
    hanja = capsys.readouterr().out
    assert main(["chart", "--day", "을축", "--gan-shang", "사", "--json"]) == 0
    assert capsys.readouterr().out == hanja
    assert main(["chart", "--day", "을자", "--gan-shang", "사", "--lang", "ko"]) == 2   # 乙 and 子 differ in parity
    assert "을축" in capsys.readouterr().err


def test_places_name_each_city_first_as_the_reader_does(capsys):
    from almanac.cli import main
    assert main(["places", "--lang", "ko"]) == 0
    seoul = next(x for x in capsys.readouterr().out.splitlines() if "126.9780" in x)
    assert seoul.startswith("서울 ") and "Seoul" in seoul
    assert main(["places"]) == 0
    assert any(x.startswith("Seoul ") for x in capsys.readouterr().out.splitlines())
    assert main(["places", "--lang", "xx"]) == 2


# ------------------------------------------------------------ feed and report: limits, -o
@pytest.fixture
def nothing_computed(monkeypatch):
    """Any day computed or read for a feed or report fails the command (exit 1, not 2)."""
    from almanac.exports import source

    def refuse(*a, **k):
        raise AssertionError("computed before refusing")
    for name in ("get_range", "judge_range", "day_tags", "task_tags", "get_day"):
        monkeypatch.setattr(source, name, refuse)


@pytest.mark.parametrize("start,end", [("2026-01-01", "2035-12-31"), ("2026-01-01", "2028-12-31")])
def test_feed_over_the_limits_is_refused_before_a_day_is_computed(data, nothing_computed, tmp_path,
                                                                  capsys, start, end):
    assert main(["feed", "--task", "travel", "--from", start, "--to", end, "-o", str(tmp_path / "x.ics")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "would exceed 1000 events" in err, err
    assert not (tmp_path / "x.ics").exists()


def test_feed_over_the_limits_stops_reading_where_it_overflows(data, monkeypatch):
    """Days are read a chunk at a time: a range under the event count but over the bytes stops
    after the chunk where it overflows, not after computing the whole range."""
    from almanac.errors import BadInput
    from almanac.exports import feeds, source
    read = []
    real = source.get_range

    def counting(s, e, *a, **k):
        read.append((e - s).days + 1)
        return real(s, e, *a, **k)
    monkeypatch.setattr(source, "get_range", counting)
    monkeypatch.setattr(feeds.build, "_READ_DAYS", 4)
    with pytest.raises(BadInput, match="would exceed"):
        feeds.build_feed("travel", "2026-12-01", "2027-02-28", config={"feeds": {"max_bytes": 12_000}})
    assert read and sum(read) <= 12, read


def _refuses_new_files(folder: str) -> bool:
    import tempfile
    if not os.path.isdir(folder):
        return False
    try:
        fd, name = tempfile.mkstemp(dir=folder)
    except OSError:
        return True
    os.close(fd)
    os.unlink(name)
    return False


def _unwritable_files(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    out = {"a folder": str(tmp_path), "under a file": str(a_file / "x.ics"),
           "deep under a file": str(a_file / "more" / "x.ics"), "no such folder": str(tmp_path / "no" / "x.ics")}
    if os.path.exists("/proc/version"):
        out["/proc/version"] = "/proc/version"
    if _refuses_new_files("/sys/kernel"):   # sysfs: even root makes no file there
        out["/sys"] = "/sys/kernel/x.ics"
    if os.geteuid() != 0:   # root writes into a folder whatever its mode says
        ro = tmp_path / "read-only"
        ro.mkdir(mode=0o555)
        out["read-only folder"] = str(ro / "x.ics")
    return out


def test_feed_output_that_cannot_be_written_is_bad_input_before_computing(data, nothing_computed, tmp_path,
                                                                         capsys):
    for what, target in _unwritable_files(tmp_path).items():
        code = main(["feed", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-03", "-o", target])
        err = capsys.readouterr().err
        assert code == 2, (what, err)
        assert err.count("\n") == 1 and err.startswith("almanac: ") and "internal error" not in err, (what, err)
        assert not [p for p in tmp_path.rglob("*") if p.name.startswith(".")], what
    with open("/proc/version", "rb") as f:
        assert f.read(5) == b"Linux"


def test_report_output_that_cannot_be_written_is_bad_input_before_computing(data, nothing_computed, tmp_path,
                                                                           capsys):
    targets = _unwritable_files(tmp_path)
    targets.pop("a folder")
    targets.pop("no such folder")                         # a report's folder is made
    targets["a file"] = targets.pop("/proc/version", str(tmp_path / "a-file"))
    targets["/proc"] = "/proc/almanac-reports"
    for what, target in targets.items():
        code = main(["report", "--date", "2026-12-01", "-o", target])
        err = capsys.readouterr().err
        assert code == 2, (what, err)
        assert err.count("\n") == 1 and err.startswith("almanac: ") and "internal error" not in err, (what, err)


def test_feed_written_through_a_link_or_into_a_pipe_leaves_them_in_place(data, tmp_path):
    """`-o` a symbolic link or a pipe (as /dev/stdout is) is written into, as a shell's `>` does;
    the atomic rename for regular files would replace the link or the device itself."""
    import threading
    real = tmp_path / "real.ics"
    real.write_text("old")
    link = tmp_path / "link.ics"
    link.symlink_to(real)
    args = ["feed", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-01"]
    assert main([*args, "-o", str(link)]) == 0
    assert link.is_symlink() and real.read_bytes().startswith(b"BEGIN:VCALENDAR")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    time.sleep(0.5)   # the reader waits on the pipe first: checking -o must not end its input
    done = []
    writer = threading.Thread(target=lambda: done.append(main([*args, "-o", str(pipe)])), daemon=True)
    writer.start()
    reader.join(60)
    writer.join(60)
    if writer.is_alive():   # the reader was handed an end of input early: free the writer, then fail
        with open(pipe, "rb") as f:
            f.read()
        writer.join(30)
    assert done == [0] and got and got[0] == real.read_bytes(), (done, [len(g) for g in got])
    assert pipe.is_fifo()


def test_feed_report_and_precompute_leave_out_a_date_the_zone_skipped(data, tmp_path, capsys):
    """Pacific/Apia skipped 2011-12-30: commands over a range holding it write the dates it had
    (they were refused with exit 2); the stored range then answers best from the store."""
    import json
    apia = ["--tz", "Pacific/Apia"]
    out = tmp_path / "apia.ics"
    assert main(["feed", "--task", "travel", "--from", "2011-12-29", "--to", "2011-12-31", *apia,
                 "-o", str(out)]) == 0, capsys.readouterr().err
    days = re.findall(rb"DTSTART;VALUE=DATE:(\d{8})", out.read_bytes())
    assert days == [b"20111229", b"20111231"]
    assert main(["report", "--date", "2011-12-29", "--days", "3", *apia, "-o", str(tmp_path / "rep")]) == 0
    assert sorted(p.name for p in (tmp_path / "rep").glob("2011-*.html")) == ["2011-12-29.html", "2011-12-31.html"]
    assert main(["precompute", "--from", "2011-12-29", "--to", "2011-12-31", *apia]) == 0
    assert "2 days" in capsys.readouterr().err
    assert main(["best", "--task", "travel", "--from", "2011-12-29", "--to", "2011-12-31", *apia, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["results"] and not [r for r in got["results"] if r["start"].startswith("2011-12-30")]
    assert main(["day", "2011-12-30", *apia]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err and "daylight" not in err


def test_a_simplified_chinese_reader_s_chart_is_drawn_in_simplified_characters(capsys):
    """The drawn chart (學派, 晝貴, 將, 三傳, 四課, 天地盤, 課體 …) is the reader's script too: a
    zh-Hans reader got it in traditional characters while the reading under it was simplified."""
    from almanac.cli import main
    from almanac.lang import hans
    assert main(["chart", "2026-12-02T14:30", "--tz", "Asia/Shanghai", "--lang", "zh-Hant"]) == 0
    drawn = capsys.readouterr().out.rstrip("\n")
    assert main(["chart", "2026-12-02T14:30", "--tz", "Asia/Shanghai", "--lang", "zh-Hans"]) == 0
    simplified = capsys.readouterr().out.rstrip("\n")
    assert drawn != hans(drawn)                        # the drawing has characters to simplify
    assert simplified == hans(drawn)
    assert "课体" in simplified and "課體" not in simplified
