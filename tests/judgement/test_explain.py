"""Reasons, summaries and citations in the reader's language (issue 9, item 3).

Checks over real judgements (every task, days spread over a year): each reason carries ``grave``
and a ``citation`` naming the book, no file name reaches a reader, and a Korean or English reader
never meets a whole sentence of Chinese (hanja only as terms: short, or inside brackets).
"""
from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest

from almanac import api
from almanac.judgement.catalog import load_catalog
from almanac.lang import hans
from almanac.sources import BOOKS, CLASSICS

#: bracketed spans a reader takes as quotation or gloss: （…） (…) 「…」 《…》 『…』 […]
_BRACKETS = re.compile(r"（[^）]*）|\([^)]*\)|「[^」]*」|《[^》]*》|『[^』]*』|\[[^\]]*\]")
_HANJA = r"[\u3400-\u9fff\uf900-\ufaff]"
_HASHED = re.compile(r"[0-9a-f]{16}\.txt")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
TASKS = [t["name"] for t in api.tasks()["tasks"]]
DAYS = [date(2026, 1, 3) + timedelta(days=37 * i) for i in range(10)]


def hanja_sentences(text: str, lang: str) -> list[str]:
    """Chinese sentences outside brackets: hanja joined by Chinese punctuation (其人，厚重), or a run
    of hanja longer than a term — four in Korean, where terms stand in brackets beside the hangul
    (발용(發用)); five in English, where a four-character name may stand alone (三奇連珠, 截路空亡)."""
    if lang == "en":
        text = re.sub(_HANJA + r"+ ?\([^)]*\)", "", text)
    bare = _BRACKETS.sub("", text)
    n = 4 if lang == "ko" else 5
    return (re.findall(_HANJA + "{%d,}" % n, bare)
            + re.findall(_HANJA + "+[，。；：、]" + _HANJA + "+", bare))


def test_the_check_finds_a_chinese_sentence():
    assert hanja_sentences("발용 — 其人厚重有體", "ko") == ["其人厚重有體"]
    assert hanja_sentences("《연금부(演禽賦)》 「然其伏斷之惡本官」 단락", "ko") == []
    assert hanja_sentences("截路空亡 (hour stem 壬 or 癸) — forbidden", "en") == []
    assert hanja_sentences("the text says 截路空亡不利", "en") == ["截路空亡不利"]
    assert hanja_sentences("三奇連珠 under a good general", "en") == []
    assert hanja_sentences("it says 其人，厚重", "en") == ["其人，厚重"]


def _hours(lang: str):
    for task in TASKS:
        for d in DAYS:
            yield task, api.judge_day(d, "Asia/Seoul", task, lang=lang)["hours"]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "ko", "en"])
def test_every_reason_has_grave_and_a_citation_with_the_books_title(lang):
    titles = {b[lang] for b in BOOKS.values()} | {b[lang] for b in CLASSICS.values()}
    n = 0
    for task, hours in _hours(lang):
        for h in hours:
            assert isinstance(h["summary"], str) and h["summary"] and "\n" not in h["summary"]
            assert not _HASHED.search(h["summary"])
            for r in h["reasons"] + h.get("vetoes", []):
                n += 1
                assert isinstance(r["grave"], bool)
                assert any(t in r["citation"] for t in titles), r["citation"]
                assert not _HASHED.search(r["citation"]) and not _HASHED.search(r["text"])
                # the machine form stays: a seed's file name, or a book's title, chapter and quote
                assert _HASHED.search(r["source"]) or r["source"].split(" ")[0] in CLASSICS
    assert n > 500


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_korean_or_english_reader_meets_no_chinese_sentence(lang):
    for task, hours in _hours(lang):
        for h in hours:
            for text in [h["summary"]] + [x for r in h["reasons"] + h.get("vetoes", []) for x in (r["text"], r["citation"])]:
                assert hanja_sentences(text, lang) == [], (task, text)
                if lang == "en":    # nor a source's Chinese words quoted: a citation opens in English
                    assert not _HANGUL.search(text) and "「" not in text, text


def test_zh_hans_is_the_converted_traditional_text():
    cat = load_catalog()
    hant = api.judge_day("2026-12-01", "Asia/Shanghai", "delegate", lang="zh-Hant")["hours"]
    hant_s = api.judge_day("2026-12-01", "Asia/Shanghai", "delegate", lang="zh-Hans")["hours"]
    for a, b in zip(hant, hant_s):
        for ra, rb in zip(a["reasons"], b["reasons"]):
            assert ra["rule"] == rb["rule"] and ra["effect"] == rb["effect"] and ra["source"] == rb["source"]
            assert rb["text"] == hans(cat.by_id[ra["rule"]].text["zh"]) == hans(ra["text"])
    assert hans("發用乘天乙，其人厚重有體") == "发用乘天乙，其人厚重有体"


def test_summary_names_what_favours_and_what_to_watch():
    for task, hours in _hours("zh-Hant"):
        for h in hours:
            s = h["summary"]
            # a vetoed hour is named as the day's table names it, its verdict beside
            assert s.startswith(f"禁（{h['verdict']}，" if h.get("vetoed") else h["verdict"])
            pos = [r for r in h["reasons"] if r["effect"] > 0]
            if pos:
                assert "有利：" in s and pos[0]["text"].split("—")[0].strip() in s
            if h.get("vetoed"):
                assert "禁用：" in s
                vetoes = {v["text"].split("—")[0].strip() for v in h.get("vetoes", ())}
                assert all(s.count(v) == 1 for v in vetoes), s       # said once


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant", "zh-Hans"])
def test_a_summary_says_its_verdict_and_score_in_one_bracket(lang):
    """A summary opens with the verdict and its score in one bracket — neutral (平, -0.5),
    평(平, -0.5), 平（-0.5） — never two brackets in a row (「neutral (平) (-0.5)」) nor one inside
    another (「forbidden (very bad (大凶), -14)」); a vetoed hour the same after its table word."""
    from almanac.judgement.explain import summary
    from almanac.terms import verdict_score
    stop = "。" if lang.startswith("zh") else ". "
    seen_veto = False
    for task, hours in _hours(lang):
        for h in hours:
            head = h["summary"].split(stop, 1)[0]
            assert head == verdict_score(h["verdict"], h["score"], lang, vetoed=bool(h.get("vetoed"))), head
            assert not re.search(r"[)）]\s*[(（]", head) and not re.search(r"[(（][^)）]*[(（]", head), head
            seen_veto |= bool(h.get("vetoed"))
    assert seen_veto
    assert summary("平", -0.5, [], lang).split(stop, 1)[0] == {
        "ko": "평(平, -0.5)", "en": "neutral (平, -0.5)", "zh-Hant": "平（-0.5）", "zh-Hans": "平（-0.5）"}[lang]


def test_citation_forms():
    from almanac.sources import citation
    src = "000_4c1b45775ab319f3.txt: 然其伏斷之惡本官"
    assert citation(src, "zh-Hant") == "《演禽賦》「然其伏斷之惡本官」"
    assert citation(src, "zh-Hans") == "《演禽赋》「然其伏断之恶本官」"
    assert citation(src, "ko").startswith("《연금부(演禽賦)》")
    assert citation(src, "en").startswith("Rhapsody on the mansion animals (演禽賦)")


def test_lang_on_every_api_and_bad_lang_is_bad_input():
    b = api.best("travel", "2026-12-01", "2026-12-03", tz="Asia/Seoul", limit=3, lang="ko")
    assert b["lang"] == "ko" and all(_HANGUL.search(r["summary"]) for r in b["results"])
    c = api.textbook_chart("乙丑", gan_shang="巳", lang="en")
    assert c["lang"] == "en" and c["citations"]["連茹"].startswith("Da Liuren, on the lesson forms")
    d = api.day("2026-11-29", lang="ko")
    # the seed's own Korean translation of the paragraph 「然其伏斷之惡本官」 opens so
    assert d["qin"]["readable_citations"]["fuduan"] == "《연금부(演禽賦)》 「복단(伏斷)의 흉함이 본궁에 떨어짐에 이르러서는」 단락"
    for call in (lambda: api.best("travel", "2026-12-01", "2026-12-01", lang="fr"),
                 lambda: api.judge_day("2026-12-01", task="travel", lang="xx"),
                 lambda: api.chart("2026-12-01T10:00+08:00", lang=3),
                 lambda: api.day("2026-12-01", lang="de")):
        with pytest.raises(ValueError, match="unknown language"):
            call()


def test_cli_lang(tmp_path, monkeypatch, capsys):
    from almanac.cli import main
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    assert main(["best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-01",
                 "--lang", "en", "--json", "--limit", "2"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["lang"] == "en" and all(not _HANGUL.search(r["summary"]) for r in doc["results"])
    assert main(["day", "2026-12-01", "--task", "travel", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown language" in err


def test_simplified_text_is_zhconvs_own_without_importing_pkg_resources():
    """``almanac.lang.hans`` loads zhconv without pkg_resources (zhconv then opens its table
    file itself); every zh text of the data files converts as zhconv imported the usual way
    converts it."""
    import json
    import subprocess
    import sys
    from pathlib import Path
    code = """
import glob, json, sys, tomllib
texts = set()
def walk(x):
    if isinstance(x, dict): [walk(v) for v in x.values()]
    elif isinstance(x, list): [walk(v) for v in x]
    elif isinstance(x, str) and any('\\u4e00' <= c <= '\\u9fff' for c in x): texts.add(x)
for f in sorted(glob.glob("almanac/data/**/*.toml", recursive=True)):
    walk(tomllib.load(open(f, "rb")))
texts = sorted(texts)
if sys.argv[1] == "lang":
    from almanac.lang import hans as conv
else:
    import zhconv
    conv = lambda t: zhconv.convert(t, "zh-cn")
out = [conv(t) for t in texts]
print(json.dumps([texts, out, "pkg_resources" in sys.modules], ensure_ascii=False))
"""
    root = Path(__file__).resolve().parents[2]
    ours, theirs = (json.loads(subprocess.run([sys.executable, "-c", code, way], cwd=root, check=True,
                                              capture_output=True, text=True).stdout)
                    for way in ("lang", "zhconv"))
    assert len(ours[0]) > 500 and ours[0] == theirs[0]
    assert ours[1] == theirs[1] and ours[1] != ours[0]     # the same conversions, and some convert
    assert ours[2] is False and theirs[2] is True            # zhconv's usual import loads pkg_resources
