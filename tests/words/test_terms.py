"""The one home of translated words (almanac/terms.py) and the Korean terms list of
docs/terms-ko.md: every label in every language, the doc and the code the same, and no Korean
text that a reader would take for "king", "pension" or "Venus"."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from almanac import api
from almanac import terms as T

DOC = Path(__file__).resolve().parents[2] / "docs" / "terms-ko.md"
# 임금 ("king", "wages"), 연금 without 演禽 ("pension"), 금성 without 禽星 ("Venus"), 동경 without 東經
# ("Tokyo", "longing"); 시간 ("time", 時間) for the hour's stem (시의 천간(時干)), 귀신 ("ghost") for the noble
# 貴神 (귀인(貴人)), 웅성 ("murmuring") for 雄 (웅위(雄偉)), 일본 ("Japan") for the stem's 長生 (日本)
MISREADINGS = re.compile(r"임금|연금(?![가-힣]*\(演禽)|금성(?![가-힣]*\(禽星)|동경(?!\(東經)|시간이 [임계]|귀신\(貴神|웅성|일본")


def test_every_label_in_every_language():
    for key, names in T.LABELS.items():
        assert set(names) == set(T.LANGS), key
    for flag, entry in T.FLAGS.items():
        for part in ("name", "explain"):
            assert set(entry[part]) == set(T.LANGS), (flag, part)
    for verdict, names in T.VERDICTS.items():
        assert set(names) == set(T.LANGS)


def test_doc_lists_the_code_table():
    rows = re.findall(r"^\| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$", DOC.read_text(), re.M)
    rows = [r for r in rows if r[0] not in ("term as shown", "---")]
    assert rows == [tuple(x) for x in T.KO_TERMS]


def test_korean_words_have_no_misreading():
    from almanac.judgement.catalog import load_catalog
    from almanac.liuren.keti import catalogue
    texts = [names["ko"] for names in T.LABELS.values()]
    texts += [e[part]["ko"] for e in T.FLAGS.values() for part in ("name", "explain")]
    texts += [r.text["ko"] for r in load_catalog().rules] + [d.meaning["ko"] for d in catalogue()]
    for text in texts:
        assert not MISREADINGS.search(text), text
    assert "임금" not in T.PRODUCT["ko"]


def test_english_words_carry_no_chinese_sentence():
    # characters as terms are fine; a run of four or more is a sentence an English reader can't read
    for names in list(T.LABELS.values()) + [e[p] for e in T.FLAGS.values() for p in ("name", "explain")]:
        assert not re.search(r"[\u4e00-\u9fff]{5,}", names["en"]), names["en"]


def test_every_task_has_korean_and_chinese_names():
    for t in api.tasks()["tasks"]:
        assert t["name_zh"] and re.fullmatch(r"[\uac00-\ud7a3]+", t["name_ko"]), t
        assert T.task_label(t, "ko") == f"{t['name_ko']}({t['name_zh']})"
        assert (t["name_ko"] + "(" + t["name_zh"] + ")") in [row[0] for row in T.KO_TERMS]


@pytest.mark.parametrize("lang", T.LANGS)
def test_korean_feed_reads_korean(lang):
    from almanac.exports import feeds
    # a week around the first hour good enough to be announced, so the feed has hour events
    import datetime as dt
    d = dt.date(2026, 12, 1)
    while not any(h["verdict"] in ("吉", "大吉") and not h["vetoed"]
                  for h in api.judge_day(d, task="travel")["hours"]):
        d += dt.timedelta(days=1)
        assert d < dt.date(2027, 12, 1), "no 吉 travel hour in a year"
    body = feeds.build_feed("travel", d, d + dt.timedelta(days=6), lang=lang).body.decode()
    unfolded = body.replace("\r\n ", "")
    bare = re.sub(r"「[^」]*」", "", unfolded)  # a citation's quoted opening words are the source's own
    if lang == "ko":
        assert "육임·금성(禽星) 택일력" in unfolded and "출행(出行)" in unfolded
        assert not MISREADINGS.search(unfolded)
        assert "大凶" not in unfolded and re.search(r"판단: (대길|길|평|흉|대흉)", unfolded)
        assert "삼전(三傳): " in unfolded
        assert not re.search(r"[\u4e00-\u9fff（），、：；]{8,}", bare), "a Chinese sentence in the ko feed"
    if lang == "en":
        assert not re.search(r"[\u4e00-\u9fff（），、：；]{8,}", bare), "a Chinese sentence in the en feed"
        assert "「" not in unfolded and "the paragraph beginning “" in unfolded   # citations open in English
        # and no term bare either: each run of characters glosses the English word before it
        glossed = re.sub(r"(?<=[A-Za-z.]) ?\((?:[^()]|\([^()]*\))*\)", "", bare)
        shown = [line for line in glossed.splitlines() if not line.startswith("PRODID:")]
        assert not [line for line in shown if re.search(r"[\u4e00-\u9fff]", line)]


def test_korean_reads_solar_terms_and_methods_as_the_keti_beside_them():
    """ko: a solar term carries its reading (大雪(대설), not a bare 大雪), and a 課 method reads as the
    same name does in the 課體 list printed beside it (원수(元首) · 원수(元首) …, not 元首(원수) · 원수(元首))."""
    import datetime as dt

    from almanac.calendar import TERM_NAMES
    from almanac.liuren.keti import korean
    from almanac.exports import feeds
    for name in TERM_NAMES:
        assert re.fullmatch(re.escape(name) + r"\([\uac00-\ud7a3]{2}\)", T.term(name, "ko")), name
    from almanac.liuren.keti import catalogue
    methods = [d.name for d in catalogue() if d.family == "九宗門"]
    assert {"元首", "重審", "伏吟", "返吟"} <= set(methods)
    for m in methods:
        assert T.term(m, "ko") == korean(m) != m
    body = feeds.build_feed("travel", dt.date(2026, 12, 6), dt.date(2026, 12, 8), lang="ko").body.decode()
    unfolded = body.replace("\r\n ", "")
    assert "절기 大雪(대설)" in unfolded and "절기: 大雪(대설) " in unfolded
    found = re.findall(r"과법\(課法\): ([^\s\\]+)", unfolded)   # a name ends at the text's escaped line break
    assert found
    for got in found:
        assert re.fullmatch(r"[\uac00-\ud7a3]+\([\u4e00-\u9fff]+\)", got), got


def test_a_place_is_named_in_the_readers_language():
    """A report's or feed's 「장소: …」 names the city as the index's place picker does, whichever of
    its names the request gave; a place outside the gazetteer is shown as given."""
    from almanac.exports.http.pages import _place_label
    assert T.place_name("Seoul", "ko") == T.place_name("首爾", "ko") == "서울"
    assert T.place_name("서울", "en") == "Seoul" and T.place_name("서울", "zh-Hant") == "首爾"
    assert T.place_name("127.5,37.5", "ko") == "127.5,37.5"
    # a mainland reader gets the simplified name, also for characters outside the almanac's terms
    assert T.place_name("Seoul", "zh-Hans") == "首尔" and T.place_name("Frankfurt", "zh-Hans") == "法兰克福"
    assert _place_label({"name": "Seoul"}, "ko") == "서울 (Seoul)" and _place_label({"name": "Seoul"}, "en") == "Seoul"


@pytest.mark.parametrize("lang", T.LANGS)
def test_score_note_states_the_scale_verdicts_are_made_on(lang):
    # the reports' note explains how a score becomes a verdict; it quotes the numbers verdict_of
    # uses and never claims a negative score can be good (it once did, from the quantile days)
    from almanac.judgement.score import SCALE, verdict_of
    note = T.score_note(lang, SCALE)
    assert "{" not in note
    for key, value in SCALE.items():
        assert f"{value:g}".replace("-", "−") in note, (key, note)
    scale = tuple(SCALE[k] for k in ("daji", "ji", "xiong", "daxiong"))
    assert verdict_of(SCALE["ji"], scale) == "吉" and verdict_of(SCALE["xiong"], scale) == "凶"
    assert verdict_of(-0.5, scale) == "平" and verdict_of(SCALE["daji"] + 1, scale, grave=True) == "凶"
    assert "negative score can still be good" not in note and "음수여도 길" not in note


@pytest.mark.parametrize("lang, yuan, general, taboos", [
    ("en", r"Seven-cycle \(七元\)", r"Ruling star \(將星\)", "Taboos"),
    ("ko", r"칠원\(七元\)", r"장성\(將星\)", "기피"), ("zh-Hant", "七元", "將星", "忌")])
def test_a_days_title_keeps_each_value_apart_from_its_label(lang, yuan, general, taboos):
    """The day event's SUMMARY (what a calendar shows as the day's title): the taboos after a
    colon, first (where a phone's calendar line still shows them), then the day's everyday
    facts — 「忌：伏斷 · 손 없는 날 · 成日 · 黃道」; the 禽, the 七元 and 將星 (which hold for
    fifteen days) are left to the description."""
    import datetime as dt

    import icalendar

    from almanac.exports import feeds
    body = feeds.build_feed("travel", dt.date(2026, 11, 24), dt.date(2026, 11, 30), lang=lang).body
    titles = [str(e["SUMMARY"]) for e in icalendar.Calendar.from_ical(body).walk("VEVENT")
              if not e.has_key("DTSTART") or type(e.decoded("DTSTART")) is dt.date]
    assert len(titles) == 7
    # an English reader meets each officer and path by its English name with the characters beside it
    name = (r"(Son-free · )?[A-Z][a-z]+ \(\S\) · (Yellow|Black) Path \(\S\S\)" if lang == "en"
            else r"(손 없는 날 · )?\S+ · \S+")
    colon = "：" if lang.startswith("zh") else ": "
    shape = re.compile(rf"({taboos}{colon}[^·]+ · )?{name}")
    assert all(shape.fullmatch(t) for t in titles), titles
    assert not any(re.search(f"{yuan}|{general}", t) for t in titles), titles
    assert any(t.startswith(f"{taboos}{colon}") for t in titles), "no taboo day in the week"


def _almanac(*args):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-c", "import sys; from almanac.cli import main; sys.exit(main(sys.argv[1:]))",
                           *args], capture_output=True, text=True)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_task_list_is_described_in_the_readers_language(lang):
    from tests.judgement.test_explain import hanja_sentences
    r = _almanac("tasks", "--lang", lang)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == len(api.tasks()["tasks"])
    for line in lines:
        name, text = line.split(None, 1)
        assert not hanja_sentences(text, lang), line
        if lang == "ko":
            assert re.search(r"[\uac00-\ud7a3]{2,}.* — .*[\uac00-\ud7a3]", text), line   # 출행(出行) — 먼 길…
        else:
            assert not re.search(r"[\uac00-\ud7a3]", text) and re.search(r"[a-z]{4,}", text), line
            assert re.search(r"\([\u4e00-\u9fff]{2}", text), line           # the task's hanja in brackets


def test_every_task_has_a_korean_description_and_an_english_one_without_bare_hanja():
    for t in api.tasks()["tasks"]:
        assert re.search(r"[\uac00-\ud7a3]", t["description_ko"]), t
        # the English line starts in English, the task's hanja in brackets, not at its head
        assert re.match(r"[a-z]", T.task_description(t, "en")), t["description"]


def test_task_list_refuses_an_unknown_language_in_one_line():
    r = _almanac("tasks", "--lang", "xx")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_chart_and_the_day_name_the_school_as_the_reader_does(lang):
    chart = _almanac("chart", "2026-12-01T10:00", "--tz", "Asia/Seoul", "--school", "daquan", "--lang", lang)
    assert chart.returncode == 0, chart.stderr
    want = {"ko": "학파(學派): 육임대전(六壬大全)", "en": "School: daquan (六壬大全)"}[lang]
    assert want in chart.stdout and "學派 daquan" not in chart.stdout
    day = _almanac("day", "2026-12-01", "--tz", "Asia/Seoul", "--school", "daquan", "--clock", "true_solar",
                   "--place", "Seoul", "--lang", lang)
    assert day.returncode == 0, day.stderr
    line = next(x for x in day.stdout.splitlines() if want in x)
    assert ("진태양시" in line and "서울" in line) if lang == "ko" else ("true solar time" in line and "Seoul" in line)


def test_korean_heatmap_heads_carry_the_reading():
    from datetime import date
    from almanac.exports.reports import heatmap_svg
    hours = api.judge_day(date(2026, 12, 1), "Asia/Seoul", "travel")["hours"]
    ko = heatmap_svg("출행(出行)", {date(2026, 12, 1): hours}, "ko")
    assert "子(자)</text>" in ko and "亥(해)</text>" in ko
    assert ">子</text>" in heatmap_svg("出行", {date(2026, 12, 1): hours}, "zh-Hant")


@pytest.mark.parametrize("lang", ["zh-Hant", "ko", "en"])
def test_school_list_is_described_in_the_readers_language(lang):
    from tests.judgement.test_explain import hanja_sentences
    r = _almanac("schools", "--lang", lang)
    assert r.returncode == 0, r.stderr
    text = r.stdout
    from almanac.api.choices import schools as all_schools
    for s in all_schools()["schools"]:
        if lang == "zh-Hant":
            assert s["description_zh"] and s["description_zh"] in text
            assert s["description"] not in text
        elif lang == "ko":
            assert s["description_ko"] in text and s["description"] not in text
    if lang != "zh-Hant":
        for line in text.splitlines():
            assert not hanja_sentences(line, lang), line


@pytest.mark.parametrize("lang", ["zh-Hant", "ko", "en"])
def test_a_charts_reading_names_its_task_and_its_people_as_the_reader_does(lang):
    from tests.judgement.test_explain import hanja_sentences
    r = _almanac("chart", "2026-12-03T14:00", "--tz", "Asia/Seoul", "--task", "marriage", "--born", "1984",
                 "--sex", "f", "--partner-born", "1982", "--partner-sex", "m", "--lang", lang)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    gap = lines.index("")
    people, reading = lines[gap + 1], lines[gap + 2]
    want = {"zh-Hant": ("占者: 1984年生 女命", "配偶: 1982年生 男命", "婚姻: "),
            "ko": ("묻는 이: 1984년생 여성", "배우자: 1982년생 남성", "혼인(婚姻): "),
            "en": ("Asker: born 1984, female", "Partner: born 1982, male", "marriage: ")}[lang]
    assert want[0] in people and want[1] in people and reading.startswith(want[2]), (people, reading)
    if lang != "zh-Hant":
        assert not hanja_sentences(people, lang)
    alone = _almanac("chart", "2026-12-03T14:00", "--tz", "Asia/Seoul", "--task", "marriage", "--lang", lang)
    assert want[0] not in alone.stdout and want[2] in alone.stdout


def test_every_pattern_a_chart_names_is_read_in_korean_and_english():
    """The 格局 the drawn chart names in characters (連茹, 夾定, 三合 …) reach a Korean reader with
    their reading first (연여(連茹)), as a 課體 does, and an English one by name."""
    from almanac.liuren.chart import chart_table
    from almanac.liuren.options import DEFAULT
    table = chart_table(DEFAULT)
    names = {p.name for key in ((d, k, n) for d in range(60) for k in range(12) for n in (False, True))
             for p in table[key].patterns}
    assert {"連茹", "夾定", "三合", "真連茹"} <= names
    for name in names:
        assert re.fullmatch(r"[가-힣]+\(" + re.escape(name) + r"\)", T.term(name, "ko")), name
        assert re.fullmatch(r"[A-Za-z][A-Za-z ,-]+ \(" + re.escape(name) + r"\)", T.term(name, "en")), name


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_direction_an_hour_can_advise_reads_in_the_readers_language(lang):
    # `almanac best` told an English reader "avoid 四維, north" on a Ren (壬) or Gui (癸) day
    from almanac.judgement.facts import _DIR, KE_DIR, WANG_DIR
    from tests.judgement.test_rules_text import bare_cjk
    words = {*_DIR.values(), *KE_DIR.values(), *WANG_DIR.values(), "四維", "左", "右", "西"}
    for w in words:
        shown = T.direction(w, lang)
        assert shown != w and not bare_cjk(shown, lang), (w, shown)


# --------------------------------------------------------------------------- branch notation

#: a stem, branch or pillar written character first with its reading after it: 寅(인), 丁未(정미)
CHARACTER_FIRST = re.compile(r"[甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥]+\([가-힣]+\)")


def test_a_korean_sentence_reads_a_branch_first_and_a_table_shows_its_character_first(capsys):
    """One notation per context. In a Korean sentence — the rules' and the 課體' texts, the chart's
    key, the direction advice of ``best`` — a branch is read first with its character beside it,
    인(寅), as the seed translations write hanja beside a reading (복단(伏斷), 「위(胃)가 오에」);
    in a table of the almanac (the day's hours, a heatmap's columns) the character leads, 寅(인),
    as an almanac prints it; the drawn chart keeps the characters alone."""
    from almanac.cli import main
    from almanac.judgement.catalog import load_catalog
    from almanac.liuren.keti import catalogue
    texts = [r.text["ko"] for r in load_catalog().rules if r.text.get("ko")]
    texts += [d.meaning["ko"] for d in catalogue() if d.meaning.get("ko")]
    assert len(texts) > 100 and sum("인(寅)" in t or "유(酉)" in t for t in texts) > 3
    assert [t for t in texts if CHARACTER_FIRST.search(t)] == []
    assert main(["chart", "2026-12-01T10:00", "--tz", "Asia/Seoul", "--lang", "ko"]) == 0
    chart = capsys.readouterr().out
    key = chart[chart.index("일진: "):]
    assert CHARACTER_FIRST.search(chart[:chart.index("일진: ")]) is None      # the drawing: characters
    assert re.search(r"월장\(月將\) [가-힣]\([子丑寅卯辰巳午未申酉戌亥]\)[을를] [가-힣]\([子丑寅卯辰巳午未申酉戌亥]\)시에 더함", key), key
    assert CHARACTER_FIRST.search(key) is None, key
    assert main(["best", "--task", "travel", "--from", "2026-12-01", "--to", "2026-12-02", "--tz", "Asia/Seoul",
                 "--lang", "ko", "--limit", "3"]) == 0
    best = capsys.readouterr().out
    assert re.search(r"천강\(天罡\)이 [가-힣]\([子丑寅卯辰巳午未申酉戌亥]\) 위에서", best), best
    assert main(["day", "2026-12-01", "--tz", "Asia/Seoul", "--lang", "ko", "--task", "travel"]) == 0
    rows = [x for x in capsys.readouterr().out.splitlines() if re.match(r"  [子丑寅卯辰巳午未申酉戌亥]\(", x)]
    assert len(rows) == 12 and rows[2].startswith("  寅(인)")


# --------------------------------------------------------------------------- verses and school names

def _without_brackets(text: str) -> str:
    while True:
        bare = re.sub(r"\([^()]*\)", "", text)
        if bare == text:
            return bare
        text = bare


def test_verses_and_school_names_are_read_and_glossed_for_korean_and_english_readers():
    """A verse a school or a 課體 is known by (「甲羊戊庚牛」, 「會者一元倒一指」, the 畢法賦's lines)
    reaches a Korean reader with its reading and what it says, the characters beside; an English
    reader with what it says in English (a school's verse with its characters beside); and 본서(本書), which alone reads
    "this book", with what it means."""
    from almanac import config
    from almanac.api.choices import _school_key
    from almanac.liuren.keti import KetiSource, catalogue
    from almanac.sources import classic_citation
    for name, s in config.BUILTIN_SCHOOLS.items():
        assert not re.search(r"[\u4e00-\u9fff]", _without_brackets(s["description_ko"])), (name, s["description_ko"])
        for verse in re.findall(r"「([\u4e00-\u9fff，]+)」", s["description"]):
            after = s["description"].split(f"「{verse}」", 1)[1]
            assert re.match(r" \(“[A-Za-z]", after), (name, verse)           # its English beside it
    for verse in ("甲羊戊庚牛", "會者一元倒一指"):
        assert any(f"({verse})" in s["description_ko"] for s in config.BUILTIN_SCHOOLS.values()), verse
    default = T.school_name("default", config.BUILTIN_SCHOOLS["default"], "ko")
    assert default.startswith("본서(本書)") and "원전(原典)" in default
    assert _school_key(config.load(), default) == "default"
    verses = [d.source for d in catalogue() if isinstance(d.source, KetiSource) and d.source.chapter == d.source.quote]
    assert len(verses) >= 3
    for src in verses:
        ko = classic_citation(src.book, src.chapter, src.quote, "ko")
        en = classic_citation(src.book, src.chapter, src.quote, "en")
        assert f"({src.chapter})」: " in ko and re.search(r"」: [가-힣]", ko), ko
        assert not re.search(r"[\u4e00-\u9fff]", _without_brackets(ko.replace(f"「{src.chapter}」", ""))), ko
        assert re.search(r", the rule ‘[a-z][^「」]*’$", en) and src.chapter not in en, en   # said in English


def test_a_korean_reader_is_given_the_reading_of_every_chapter_a_citation_names():
    """A book outside the seeds is cited to a Korean reader by its title and chapter; every word of
    the chapter — of every 課體's and every built-in school's citation — is read, the characters
    beside it (과경집(課經集) 참관과(斬關課)), and none stays bare classical Chinese."""
    from almanac import config
    from almanac.cli.schools import _source
    from almanac.liuren.keti import KetiSource, catalogue
    from almanac.liuren.keti import citation as keti_citation
    shown = [keti_citation(d.name, "ko") for d in catalogue() if isinstance(d.source, KetiSource)]
    shown += [_source(src, "ko") for s in config.BUILTIN_SCHOOLS.values() for src in s.get("sources", [])]
    assert len(shown) > 100 and any("참관과(斬關課)" in c for c in shown)
    for c in shown:
        assert not re.search(r"[\u4e00-\u9fff]", _without_brackets(c.replace("《", "").replace("》", ""))), c


def test_every_situation_of_a_qin_is_read_for_korean_and_english_readers():
    """The day JSON names each 禽's situations by their seed label (``text``: 豕臨虎穴, a classical
    sentence); a Korean or English reader is given each as they read it (``qin.readable_situations``),
    for every label the engine can produce — on any palace, for either side, in any season."""
    import itertools

    from almanac.mansions import Mansion
    from almanac.qin.options import QinOptions
    from almanac.qin.palaces import situations
    from almanac.qin.seasons import SeasonMarks, seasonal_situations
    texts = set()
    for i in range(28):
        m = Mansion.parse("角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫"[i])
        for b, other in itertools.product(range(12), (False, True)):
            texts |= {s.text for s in situations(m, b, "時禽", other_side=other)}
        for flags in itertools.product((False, True), repeat=7):
            texts |= {s.text for s in seasonal_situations(m, SeasonMarks(*flags), QinOptions(), "日禽")}
    assert len(texts) > 20
    for t in texts:
        ko, en = T.situation_text(t, "ko"), T.situation_text(t, "en")
        assert re.search("[가-힣]", ko) and not re.search(r"[\u4e00-\u9fff]", _without_brackets(ko)), (t, ko)
        assert re.match("[A-Za-z]", en) and not re.search(r"[\u4e00-\u9fff]", _without_brackets(en)), (t, en)
    doc = api.day("2026-12-01", tz="Asia/Seoul", lang="ko")
    shown = [s["text"] for h in doc["hours"] for s in h["qin"]["situations"]]
    assert shown and all(doc["qin"]["readable_situations"][t] == T.situation_text(t, "ko") for t in shown)
