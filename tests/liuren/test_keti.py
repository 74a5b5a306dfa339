"""課體 (almanac/data/keti.toml, almanac/liuren/keti/): the catalogue, its worked examples, its
readings and its counts over all 720 課 / 1,440 charts."""
from __future__ import annotations

import collections
import functools
import re
from pathlib import Path

import pytest

from almanac.cycles import BRANCH_ELEMENT, BRANCHES, PO, GanZhi, element_generates
from almanac.liuren.chart import chart_for
from almanac.liuren.generals import is_night_fixed
from almanac.liuren.keti import (CONSTANTS, FACTS, FLAGS, FUNCTIONS, KetiError, KetiSource, catalogue,
                                 compile_when, moment, names, of_moment)
from almanac.liuren.options import CHOICES, DEFAULT, LiurenOptions
from almanac.liuren.plate import JIGONG
from almanac.liuren.render import render_json
from almanac.sources import Source

CJK = re.compile(r"[\u4e00-\u9fff]{4,}")


def _chart(ex: dict, options: LiurenOptions = DEFAULT):
    day = GanZhi.parse(ex["day"]).index
    if "gan_shang" in ex:
        k = (BRANCHES.index(ex["gan_shang"]) - JIGONG[day % 10]) % 12
        night = ex.get("night", False)
    else:
        yj, hr = BRANCHES.index(ex["yuejiang"]), BRANCHES.index(ex["hour"])
        k, night = (yj - hr) % 12, ex.get("night", is_night_fixed(hr))
    return chart_for(day, k, night, options)


EXAMPLES = [(d.name, ex) for d in catalogue() for ex in d.examples]


@pytest.mark.parametrize("name,ex", EXAMPLES, ids=[f"{n}-{e['day']}" for n, e in EXAMPLES])
def test_book_examples(name, ex):
    """Each worked example the cited book gives for a 課體 is named so, with the book's 三傳.

    An example whose 三傳 only one school of 涉害 reproduces names that school (``school``); one that
    only a reading of the 課體 gives names that option (``options``). A moment's day marks the book
    states (``sili``, ``fenzhi``, ``sizheng``, the moon's palace ``yuesu``) and the asker's ``ming``
    and ``nian`` go to the moment as given.
    """
    opts = LiurenOptions.school(ex["school"]) if "school" in ex else DEFAULT
    if "options" in ex:
        opts = opts.changed(**ex["options"])
    c = _chart(ex, opts)
    if "chuan" in ex:
        assert "".join(BRANCHES[b] for b in c.transmissions.branches) == ex["chuan"]
    couple = {w: GanZhi.parse(ex[w]).index for w in ("fu", "qi") if w in ex}
    marks = {w: ex[w] for w in ("sili", "fenzhi", "sizheng") if w in ex}
    marks.update({w: BRANCHES.index(ex[w]) for w in ("yuesu", "ming", "nian") if w in ex})
    found = c.keti + (_of_moment(c, *_moment(ex), **couple, **marks) if "hour" in ex or couple else ())
    assert name in [k.name for k in found]
    if couple:    # a 課體 of a couple: not decided without one
        assert name not in [k.name for k in _of_moment(c, *_moment(ex))]



def test_source_table_takes_no_stray_keys():
    """A key written after an entry's ``[keti.source]`` table belongs to that table: ``examples`` put
    there would never be cast, so the loader refuses them."""
    from almanac.liuren.keti.entries import source_of
    book = {"book": "《六壬大全》", "chapter": "課經集 龍德課", "quote": "凡太歲月將乘貴人發用，為龍德課"}
    assert source_of(book, "龍德").chapter == "課經集 龍德課"
    with pytest.raises(KetiError):
        source_of({**book, "examples": [{"day": "癸酉", "gan_shang": "巳"}]}, "龍德")

def _of_moment(c, hour, month=None, year=None, yuejiang=None, **couple):
    return of_moment(c, hour, moment(month, year, yuejiang, **couple))


def _moment(ex: dict) -> tuple:
    """(hour, 月建, 太歲, 月將) of a worked example, None where the book does not say."""
    get = lambda key: BRANCHES.index(ex[key]) if key in ex else None   # noqa: E731
    return get("hour"), get("month"), get("year"), get("yuejiang")


def test_hour_keti_only_with_an_hour():
    """天網 needs the 占時: absent from the 課's own list, decided when the hour is known."""
    from almanac import api
    assert all(not d.needs for d in catalogue() if d.name in [k.name for k in chart_for(0, 1, False).keti])
    doc = api.chart("2026-01-07T09:00:00+08:00")            # 辛巳日巳時: 巳 and 初傳 午 both 剋 辛
    assert doc["day"] == "辛巳" and doc["transmissions"][0] == "午"
    assert "天網" in [k["name"] for k in doc["keti_hour"]]
    assert "天網" not in [k["name"] for k in doc["keti"]]
    assert "keti_hour" not in api.textbook_chart("辛巳", gan_shang="午")
    assert "天網" in render_json(doc).splitlines()[-1]


def test_catalogue_complete():
    """Every entry: three languages, a citation, a condition over known names; languages clean."""
    assert len(catalogue()) >= 80
    for d in catalogue():
        assert d.source and str(d.source)
        if isinstance(d.source, KetiSource):
            assert d.source.book.startswith("《") and d.source.quote
        else:
            assert isinstance(d.source, Source)
        # the Korean reader meets no run of four hanja outside brackets; the English none at all
        ko = re.sub(r"\([^)]*\)", "", d.meaning["ko"])
        assert not CJK.search(ko), (d.name, ko)
        assert not re.search(r"[\u4e00-\u9fff]", d.meaning["en"]), (d.name, d.meaning["en"])
        if d.option:
            assert set(d.when) == set(CHOICES[d.option]), d.name
            assert getattr(DEFAULT, d.option) == CHOICES[d.option][0]


def test_condition_vocabulary_is_closed():
    with pytest.raises(KetiError):
        compile_when("__import__('os')")
    with pytest.raises(KetiError):
        compile_when("chu.__class__")
    with pytest.raises(KetiError):
        compile_when("unknown_fact == 1")
    compile_when("chu in (辰, 戌) and rides(chu) == 六合")
    assert {"chu", "zhi_up", "xun"} <= set(FACTS) and "over" not in FUNCTIONS and "子" in CONSTANTS


def test_keti_in_chart_json_and_render():
    c = chart_for(GanZhi.parse("甲寅").index, 8, True)          # 甲寅日亥時未將 (斬關)
    doc = c.to_json()
    names_ = [k["name"] for k in doc["keti"]]
    assert "斬關" in names_ and "重審" in names_
    k = next(k for k in doc["keti"] if k["name"] == "斬關")
    assert set(k["meaning"]) == {"zh", "ko", "en"} and "六壬大全" in k["source"]
    assert "課體" in render_json(doc) and "斬關" in render_json(doc)


def _counts(options=DEFAULT, nights=(False, True)):
    c = collections.Counter()
    for night in nights:
        for d in range(60):
            for k in range(12):
                for x in chart_for(d, k, night, options).keti:
                    c[x.name] += 1
    return c


def test_counts_over_the_720():
    """Counts that follow from the definitions alone (docs/liuren.md lists them all)."""
    c = _counts(nights=(False,))
    # 伏吟 and 返吟: 60 each; the 九宗門 partition the 720
    assert c["伏吟"] == 60 and c["返吟"] == 60
    assert sum(c[m] for m in ("元首", "重審", "知一", "涉害", "遙剋", "昴星", "別責", "八專",
                              "伏吟", "返吟")) == 720
    # 勵德 depends on the 貴人 only: it stands on 卯 or 酉 in 2 of 12 rotations of every day
    assert c["勵德"] == 120
    # 間傳: the 24 格 partition it exactly
    jian = [d.name for d in catalogue() if d.family == "間傳" and d.name != "間傳"]
    assert len(jian) == 24 and sum(c[n] for n in jian) == c["間傳"]
    # 遙剋 = 嚆矢 + 彈射; 度厄 counts exactly-three, 無祿/絕嗣 exactly-four
    assert c["遙剋"] == c["嚆矢"] + c["彈射"]
    assert c["斬關"] > 0 and c["三交"] > 0 and c["閉口"] > 0


def test_documented_counts_over_the_720():
    """Every ``name a/b/c`` docs/liuren.md gives (720 課 by 晝貴 / 720 課 by 晝 or 夜 / 1,440 charts) is
    what the catalogue gives, and every name the 課 alone decides is documented."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "liuren.md").read_text(encoding="utf-8")
    section = text.split("### Counts over all 720 課 and 1,440 charts", 1)[1].split("\n###", 1)[0]
    documented = {n: tuple(map(int, v)) for n, *v in
                  re.findall(r"([\u4e00-\u9fff]+) (\d+)/(\d+)/(\d+)", section)}
    by_day, either = _counts(nights=(False,)), collections.Counter()
    charts = collections.Counter()
    for d in range(60):
        for k in range(12):
            day, night = ({x.name for x in chart_for(d, k, n).keti} for n in (False, True))
            either.update(day | night)
            charts.update(day)
            charts.update(night)
    assert documented == {n: (by_day[n], either[n], charts[n]) for n in documented}
    assert set(documented) == {d.name for d in catalogue() if not d.needs}


#: options that choose how a fact of the moment is reckoned, not a 課體's condition (tested apart)
RECKONINGS = {"keti_yuesu"}


@pytest.mark.slow
def test_readings_are_options():
    """Each reading of an option names its 課體 on a different number of 課, the wide one on most."""
    base = _counts(nights=(False,))
    wide = {"keti_zhanguan": "lin", "keti_zhuixu": "lin", "keti_longzhan": "anyday",
            "keti_yiqi": "chuan", "keti_sanjiao": "structure", "keti_zhuyin": "jia",
            "keti_jiuchou": "ganzhi", "keti_longde": "either", "keti_youzi": "tu",
            "keti_tianyu": "daquan", "keti_siqi": "sike", "keti_chongpo": "either",
            "keti_pohua": "lin", "keti_sijue": "plate", "keti_luowang": "daquan",
            "keti_zhongyin": "either", "keti_erfan": "daquan", "keti_yangjiu": "kezhan",
            "keti_jieli": "huxiang"}
    for opt, values in CHOICES.items():
        if not opt.startswith("keti_") or opt in RECKONINGS:
            continue
        d = next(d for d in catalogue() if d.option == opt)
        count = lambda o, v: (moment_counts(o, (d.name,)) if d.needs_of(v)                # noqa: E731
                              else _counts(o, nights=(False,)))
        counts = {v: count(DEFAULT.changed(**{opt: v}), v)[d.name] for v in values}
        if not d.needs:
            assert counts[DEFAULT.__dict__[opt]] == base[d.name]
        assert len(set(counts.values())) == len(values), (opt, counts)
        if len({bool(d.needs_of(v)) for v in values}) == 1:     # counts over the same things
            assert counts[wide[opt]] == max(counts.values()), (opt, counts.values())


def test_names_are_unique_and_patterns_kept():
    assert len(names()) == len(set(names()))
    # read off the file without compiling it, the names are the compiled catalogue's, in order
    from almanac.liuren.keti import catalogue_names
    assert catalogue_names() == tuple((d.name, d.name_ko, d.name_en, d.aliases) for d in catalogue())
    assert names() == tuple(d.name for d in catalogue()) and len(names()) > 100
    # patterns keep their meaning: the seed's 格局 names are still reported there
    c = chart_for(GanZhi.parse("乙丑").index, 1, False)
    assert [p.name for p in c.patterns][:2] == ["連茹", "進茹"]


def test_feeds_and_reports_show_keti_in_the_readers_language(tmp_path, monkeypatch):
    """An hour event names its 課體; the Korean reader gets the reading with the hanja beside it."""
    from almanac import config as config_mod
    from almanac import api
    from almanac.exports import feeds
    from almanac.exports.reports.sections import hour_rows
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    day = api.day("2026-12-01", "Asia/Shanghai")
    judged = [{**h, "verdict": "吉", "vetoed": False}          # every hour an event, whatever it scored
              for h in api.judge_day("2026-12-01", "Asia/Shanghai", "travel")["hours"]]
    b = feeds.Builder("travel", "Asia/Shanghai", "ko", None, config_mod.load(None))
    lines = [l for e in b.hour_events(day, judged)
             for l in str(e.get("description")).splitlines() if l.startswith("과체(課體): ")]
    assert len(lines) == 12
    assert all(re.fullmatch(r"과체\(課體\): ([가-힣]+\([^)]+\) ?)+", l) for l in lines), lines
    # the English reader gets the English name with the hanja in brackets, never bare hanja
    b_en = feeds.Builder("travel", "Asia/Shanghai", "en", None, config_mod.load(None))
    lines_en = [l for e in b_en.hour_events(day, judged)
                for l in str(e.get("description")).splitlines() if l.startswith("Lesson forms (課體): ")]
    assert len(lines_en) == 12
    english = {d.name: d.name_en for d in catalogue()}
    for line, h in zip(lines_en, day["hours"]):
        got = line.removeprefix("Lesson forms (課體): ").split(", ")
        assert got == [f"{english[k]} ({k})" for k in h["liuren"]["keti"]], line
    rows = hour_rows(day, {}, "en")
    for r, h in zip(rows, day["hours"]):
        method, keti = h["liuren"]["method"], h["liuren"]["keti"]
        rest = [k for k in keti if k != method]
        # the method once, then every other 課體 of the hour (none is lost, none is said twice),
        # each as English (漢字): a method is a 課體 and reads as it does in the list
        assert r["method"].split(" · ") == ([f"{english[method]} ({method})"]
                                            + ([", ".join(f"{english[k]} ({k})" for k in rest)] if rest else []))
        assert not re.search(r"(^|[ ,·])[\u4e00-\u9fff]", r["method"]), r["method"]
    first = api.textbook_chart("乙丑", gan_shang="巳")["keti"][0]
    assert first["name"] == "元首" and first["name_ko"] == "원수" and first["name_en"] == "Primary Head"


@pytest.mark.parametrize("lang, line", [
    ("en", "Lesson forms (課體): Primary Head (元首), Advancing Roots (進茹), True Harmony (正和)"),
    ("ko", "과체(課體): 원수(元首) 진여(進茹) 정화(正和)"),
    (None, None)])
def test_cli_chart_names_its_keti_in_the_readers_language(capsys, lang, line):
    from almanac.cli import main
    assert main(["chart", "--day", "乙丑", "--gan-shang", "巳"] + (["--lang", lang] if lang else [])) == 0
    out = capsys.readouterr().out.splitlines()
    # the book's line stays as the books print it, but a Korean reader meets the chart in Korean
    assert ("課體 元首 進茹 正和" in out) == (lang != "ko")
    assert (line in out) if line else not any(l.startswith(("Lesson forms", "과체")) for l in out)


def test_every_keti_has_an_english_name_without_chinese_characters():
    """The English reader meets a 課體 by an English name (the hanja beside it, never alone)."""
    for d in catalogue():
        assert d.name_en and d.name_en[0].isupper(), d.name
        assert not re.search(r"[\u3400-\u9fff\uf900-\ufaff\uac00-\ud7a3]", d.name_en), d.name
    assert len({d.name_en for d in catalogue()}) == len(catalogue())     # no two read the same
    from almanac import api
    assert api.textbook_chart("乙丑", gan_shang="巳", lang="en")["keti"][0]["name_en"] == "Primary Head"


@pytest.mark.parametrize("line", ['', 'name_en = ""\n', 'name_en = "元首"\n', 'name_en = "primary head"\n',
                                  'name_en = "Primary 원수"\n'])
def test_catalogue_refuses_an_entry_without_an_english_name(tmp_path, monkeypatch, line):
    from almanac.liuren.keti import entries as K      # the catalogue's loader reads its DATA
    bad = tmp_path / "keti.toml"
    bad.write_text('[[keti]]\nname = "元首"\nname_ko = "원수"\n' + line
                   + 'when = "method == \'元首\'"\nzh = "z"\nko = "k"\nen = "e"\n'
                   'source = { book = "《六壬大全》", chapter = "c", quote = "q" }\n', encoding="utf-8")
    monkeypatch.setattr(K, "DATA", bad)
    K.catalogue.cache_clear()
    try:
        with pytest.raises(KetiError, match="name_en"):
            K.catalogue()
    finally:
        K.catalogue.cache_clear()


def test_chart_lang_gives_each_keti_meaning_in_that_language():
    from almanac import api
    ko = api.textbook_chart("甲寅", yuejiang="未", hour="亥", lang="ko")
    zg = next(k for k in ko["keti"] if k["name"] == "斬關")
    assert zg["name_ko"] == "참관" and isinstance(zg["meaning"], str) and "괴강" in zg["meaning"]
    en = api.textbook_chart("丁卯", gan_shang="丑", lang="en")
    fy = next(k for k in en["keti"] if k["name"] == "返吟")
    assert not re.search(r"[\u4e00-\u9fff]", fy["meaning"]) and fy["citation"].startswith("Da Liuren")
    assert isinstance(api.textbook_chart("丁卯", gan_shang="丑")["keti"][0]["meaning"], dict)
    # a book outside the seeds is named in the reader's language too
    zg_en = next(k for k in api.textbook_chart("甲寅", yuejiang="未", hour="亥", lang="en")["keti"]
                 if k["name"] == "斬關")
    assert zg_en["citation"] == "The Liuren Compendium (六壬大全), chapter on the Breaking the Pass lesson (斬關課)"
    assert zg["citation"].startswith("《육임대전(六壬大全)》")
    hans = api.textbook_chart("甲寅", yuejiang="未", hour="亥", lang="zh-Hans")["keti"]
    assert all("《" in k["citation"] for k in hans)
    assert next(k for k in hans if k["name"] == "斬關")["citation"].startswith("《六壬大全》课经集 斩关课")


#: 《御定六壬直指》, an independent 720-課 table: 「X日第N局 干上Y 課體：…」 as printed, for the 局
#: checked by hand (docs/liuren.md). Names outside our catalogue (二煩 地網 …) or needing the
#: hour (天網: the table prints no hour) are skipped;
#: ``differs`` lists the names the table prints that ours does not, each explained in docs/liuren.md
#: (mostly where our 三傳 school differs from the table's: 涉害 by depth count against its 孟仲季).
ZHIZHI = [
    ("丙寅", "未", "重審，間傳，斬關，勵德", ()),
    ("丙寅", "午", "重審，進茹，六化，龃龉", ()),
    ("丁卯", "未", "伏吟，三交，龍戰，奇化", ()),
    ("丁卯", "午", "重審，退茹，夜衰，三奇", ()),
    ("丁卯", "巳", "涉害，間傳，察微，極陰", ("察微", "極陰")),
    ("丁卯", "辰", "遙克，二煩，天網，三交", ()),
    ("丁卯", "卯", "元首，曲直，四墓，復生，不備", ()),
    ("丁卯", "丑", "反吟，三交，二煩，斫輪", ()),
    ("丁卯", "子", "重審，鑄印，乘軒", ()),
    ("丁卯", "亥", "重審，曲直，不備，回環", ("重審",)),
    ("丁未", "子", "比用，鑄印", ()),
    ("癸巳", "巳", "涉害，從革，不備，贅婿", ()),
    ("辛酉", "寅", "重審，炎上，六儀", ()),
    ("辛酉", "丑", "遙克，彈射，勵德，三交，寡宿", ("寡宿",)),   # ours: 孤辰 (卯 on the void 子)
    ("甲子", "寅", "伏吟，元胎", ()),
    ("甲子", "丑", "比用，連茹", ()),
    ("乙酉", "辰", "伏吟，自信，斬關，杜傳", ()),
    ("乙酉", "卯", "遙克，蒿矢，退茹", ()),
    ("辛卯", "戌", "伏吟，龍戰，斬關，三交", ()),
    ("辛卯", "酉", "重審，天獄，勵德", ()),
    ("辛酉", "戌", "伏吟，斬關，龍戰", ()),
    ("辛酉", "酉", "別責，勵德，不備", ()),
    ("壬午", "亥", "伏吟，自任，杜傳", ()),
    ("壬午", "戌", "元首，退茹，六儀，斬關", ()),
    ("壬辰", "亥", "伏吟，杜傳，斬關", ()),
    ("壬辰", "戌", "知一，斬關，魄化", ()),
    # first read as 戊寅's; they are 戊辰's first two 局 (the 720-row table below has both days)
    ("戊辰", "巳", "伏吟，天羅，斬關，泆女，元胎", ("泆女",)),
    ("戊辰", "辰", "比用，退茹，不備，天罡", ("比用",)),     # ours 元首, 三傳 卯寅丑
]
#: the table's 連茹 is our 進茹 or 退茹; its 斬關 is the 臨 reading (魁罡 on the 日 or 辰, used or not:
#: 壬辰 辛卯 辛酉 伏吟 print it with no 魁罡 used), so the table is read under keti_zhanguan = "lin";
#: likewise its 遊子 is a 三傳 of 土 with or without the 旬丁 (觀月經, "tu"), its 龍戰 the 用 standing on
#: 卯 or 酉 on any day (觀月經, "anyday") and its 九醜 丑 over the 干 or the 支 (心鏡, "ganzhi") —
#: docs/liuren.md, "The whole table: 720 局"; and it names a 柔日 伏吟 自信 with a 剋 as without (乙酉 乙未 癸酉:
#: 「剛日自任，柔日自信」, fuyin_renxin = "gangrou"), where 《六壬大全》's defining sentences name 自任 and 自信 「無克」 only
ZHIZHI_GROUPS = {"連茹": ("進茹", "退茹")}
ZHIZHI_SCHOOL = DEFAULT.changed(keti_zhanguan="lin", keti_youzi="tu", keti_longzhan="anyday",
                                keti_jiuchou="ganzhi", fuyin_renxin="gangrou")


@pytest.mark.parametrize("day,gan_shang,printed,differs", ZHIZHI, ids=[f"{d}干上{g}" for d, g, _, _ in ZHIZHI])
def test_against_the_liuren_zhizhi_table(day, gan_shang, printed, differs):
    alias = {a: d.name for d in catalogue() if not d.needs for a in (d.name, *d.aliases)}
    ours = {k.name for night in (False, True)
            for k in _chart({"day": day, "gan_shang": gan_shang, "night": night}, ZHIZHI_SCHOOL).keti}
    for name in printed.split("，"):
        if name in ZHIZHI_GROUPS:
            assert set(ZHIZHI_GROUPS[name]) & ours, (name, sorted(ours))
        elif name in alias and name not in differs:
            assert alias[name] in ours, (name, sorted(ours))
        elif name in differs:
            assert alias[name] not in ours   # documented: the 三傳 school differs


#: The whole table, all 720 局 (tests/vectors/zhizhi_keti.tsv, from a transcription of the book in
#: simplified characters): the transcription's spelling → our catalogue name ("連茹" is either 茹).
ZHIZHI_SPELLING = {
    "元首": "元首", "重审": "重審", "知一": "知一", "比用": "知一", "涉害": "涉害", "见机": "見機",
    "察微": "察微", "缀瑕": "綴瑕", "遥克": "遙剋", "蒿矢": "嚆矢", "蒿失": "嚆矢", "弹射": "彈射",
    "昴星": "昴星", "昂星": "昴星", "虎视": "虎視", "掩目": "冬蛇掩目", "别责": "別責", "八专": "八專",
    "帷簿": "帷薄不修", "独足": "獨足", "伏吟": "伏吟", "自任": "自任", "自信": "自信", "杜传": "杜傳",
    "反吟": "返吟", "无依": "無依", "无亲": "井欄", "井栏射": "井欄", "并栏射": "井欄", "斩关": "斬關",
    "励德": "勵德", "元胎": "玄胎", "不备": "不備", "阴不备": "不備", "芜淫": "蕪淫", "六仪": "六儀",
    "三奇": "三奇", "三交": "三交", "铸印": "鑄印", "斫轮": "斲輪", "闭口": "閉口", "寡宿": "寡宿",
    "孤辰": "孤辰", "游子": "遊子", "赘婿": "贅婿", "乱首": "亂首", "淫泆": "淫泆", "淫佚": "淫泆",
    "狡童": "狡童", "泆女": "泆女", "龙战": "龍戰", "度厄": "度厄", "长幼度厄": "度厄", "幼度厄": "度厄",
    "无禄": "無祿", "绝嗣": "絕嗣", "纯阴": "六純", "引从": "引從", "轩盖": "軒蓋", "高盖": "高蓋",
    "死奇": "死奇", "九丑": "九醜", "间传": "間傳", "登三天": "登三天", "登天": "登三天",
    "涉三渊": "涉三淵", "向阳": "向陽", "向三阳": "向陽", "出三阳": "出陽", "出户": "出戶", "变盈": "變盈",
    "入冥": "入冥", "凝阴": "凝陰", "溟蒙": "溟濛", "悖戾": "悖戾", "顾祖": "顧祖", "极阴": "極陰",
    "时遁": "時遁", "回明": "回明", "进茹": "進茹", "顺茹": "進茹", "退茹": "退茹",
    "逆茹": "退茹", "连茹": ("進茹", "退茹"), "曲直": "曲直", "炎上": "炎上", "从革": "從革",
    "润下": "潤下", "稼穑": "稼穡", "四绝": "四絕", "罗网": "羅網", "升阶": "升階", "重阴": "重陰",
    # the 連茹 by name (三奇課's lists); its 丽明 is the 連茹 午未申 (麗明), not 間傳's 勵明 (酉未巳), and its 迎阳
    # is printed only on 間傳 卯巳未: the 間傳 格 盈陽, not the 連茹 迎陽 (巳午未)
    "龙潜": "龍潛", "正和": "正和", "丽明": "麗明", "流金": "流金", "联芳": "聯芳", "迎阳": "盈陽",
}
#: printed names the chart alone cannot decide (they need the hour, month or year: the table prints none)
ZHIZHI_MOMENT = {"天网", "天狱", "二烦", "魄化", "龙德", "官爵", "富贵", "三光", "三阳", "盘珠"}
#: printed names outside our catalogue (the table's own, or the 課經's less common ones)
ZHIZHI_OUTSIDE = set(
    "三丘 丘墓 丧门 临官 乘轩 乙奇 五墓 井栏关 伏殃 传墓 六化 关格 出产 出阴 四墓 回环 回还 地烦 "
    "地结 地网 复生 夜衰 天烦 天罗 天罡 夹定格 奇化 孤寡 循环 旬化 朝支 用墓 病胎 空亡 绝胎 "
    "自在 苛察 蓦越 解离 转蓬 迍福 进退 退间 逆间 隔角 飞魂 飞魄 龃龉".split())
ZHIZHI_WHY = {"men", "naming", "reading", "slip"}


@functools.cache
def _zhizhi_table():
    with open(str(Path(__file__).resolve().parents[1]) + "/vectors/zhizhi_keti.tsv", encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    return [(day, gs, printed.split(), dict(m.split(":") for m in differs.split())) for day, gs, printed, differs in rows]


def _zhizhi_ours(day, gan_shang):
    return {k.name for night in (False, True)
            for k in _chart({"day": day, "gan_shang": gan_shang, "night": night}, ZHIZHI_SCHOOL).keti}


def test_zhizhi_720_table_is_whole():
    rows = _zhizhi_table()
    assert len(rows) == 720 and len({(d, g) for d, g, _, _ in rows}) == 720
    for d, gs, printed, differs in rows:
        day = GanZhi.parse(d).index
        assert not set(printed) - set(ZHIZHI_SPELLING) - ZHIZHI_MOMENT - ZHIZHI_OUTSIDE, (d, gs, printed)
        assert set(differs) <= set(printed) and set(differs.values()) <= ZHIZHI_WHY, (d, gs, differs)
        # 第1局, 干上 = the 寄宮, is the 伏吟 局 and the only one (but for the slip of 丙辰日第2局)
        fuyin = bool({"伏吟", "自任", "自信", "杜传"} & set(printed))
        assert fuyin == (gs == BRANCHES[JIGONG[day % 10]]) or (d, gs) == ("丙辰", "辰"), (d, gs)
    assert ZHIZHI_OUTSIDE.isdisjoint(ZHIZHI_SPELLING) and ZHIZHI_MOMENT.isdisjoint(ZHIZHI_SPELLING)


def test_against_the_zhizhi_720():
    """Every name the table prints that our catalogue decides from the chart is ours (晝 or 夜 貴人),
    except the listed differences — and those are not ours, so the list is exact both ways."""
    agree = total = 0
    wrong = []
    for day, gs, printed, differs in _zhizhi_table():
        ours = _zhizhi_ours(day, gs)
        for name in printed:
            if name not in ZHIZHI_SPELLING:
                continue
            want = ZHIZHI_SPELLING[name]
            got = bool(set(want if isinstance(want, tuple) else (want,)) & ours)
            total += 1
            agree += got
            if got == (name in differs):
                wrong.append((day, gs, name, differs.get(name), sorted(ours)))
    assert not wrong, wrong[:10]
    assert (agree, total) == (2084, 2227)   # docs/liuren.md, "Against an independent 720-課 table"


def test_dunfu_table_gives_only_the_chapter_example():
    """迍福 is not encoded (docs/liuren.md, "Not encoded"): the 720-局 book prints it on one 局 alone, the
    課經's own example 「癸酉日午時亥將春占」 with its 三傳 未子巳, so the table offers no second chart a rule
    could be drawn from or checked against."""
    printed = [(day, gs) for day, gs, names, _ in _zhizhi_table() if "迍福" in names]
    assert printed == [("癸酉", "午")]
    example = _chart({"day": "癸酉", "yuejiang": "亥", "hour": "午"})
    assert example.lessons[0].upper == BRANCHES.index("午")
    assert example.transmissions.branches == tuple(BRANCHES.index(b) for b in "未子巳")
    assert "迍福" in ZHIZHI_OUTSIDE and "迍福" not in {d.name for d in catalogue()}


#: 課體 no chart of our default school shows: five 間傳 格 and eight named 連茹 whose 三傳 no 課 produces
#: under these 三傳 rules, and 綴瑕 (涉害 復等 never reached once 比用格 has chosen)
NEVER = {"綴瑕", "出三天", "入三淵", "偃蹇", "凝陽", "涉疑",
         "含春", "離漸", "迎陽", "隱明就暗", "回陰", "出獄", "返照", "游魂"}


def test_every_definition_is_alive():
    """Each 課體 of the catalogue is found on some of the 1,440 charts, except the documented few."""
    c = _counts()
    zero = {d.name for d in catalogue() if not d.needs and c[d.name] == 0}
    assert zero == NEVER
    assert all(c[d.name] < 1440 for d in catalogue() if not d.needs)   # and none on every chart


# ------------------------------------------------------------------ 課體 of the moment (month, year)

def _moment_chart(day: str, yuejiang: str, hour: str):
    return _chart({"day": day, "yuejiang": yuejiang, "hour": hour}), BRANCHES.index(hour)


def test_month_keti_follow_the_season():
    """三光 (the 干上 支上 and 初傳 in season, each on a 吉將): 《六壬大全》's 甲日未時酉將 春占 — 辰 used,
    so the 春 of its 酉將 is 辰月 (土旺); in 寅月 辰 is 死 and the name goes."""
    c, hr = _moment_chart("甲寅", "酉", "未")
    assert "三光" in [k.name for k in _of_moment(c, hr, BRANCHES.index("辰"))]
    assert "三光" not in [k.name for k in _of_moment(c, hr, BRANCHES.index("寅"))]
    assert "三光" not in [k.name for k in of_moment(c, hr)] + [k.name for k in c.keti]   # month unknown
    # 甲午: the same 三傳 but 支上 申 rides 白虎, not a 吉將
    c2, _ = _moment_chart("甲午", "酉", "未")
    assert "三光" not in [k.name for k in _of_moment(c2, hr, BRANCHES.index("辰"))]


def test_year_keti():
    """官爵: 《六壬大全》's own example fires; a chart whose 三傳 lack 太常 does not; 龍德's readings."""
    c, hr = _moment_chart("丁亥", "戌", "巳")
    assert "官爵" in [k.name for k in _of_moment(c, hr, 3, 7, 10)]
    c2, hr2 = _moment_chart("丁亥", "酉", "巳")
    assert "官爵" not in [k.name for k in _of_moment(c2, hr2, 3, 7, 9)]
    # 龍德: find a 課 whose 初傳 carries 天乙; with that 初傳 as 太歲 it is 龍德 (either), and "both"
    # wants the 月將 too
    for d in range(60):
        for k in range(12):
            c = chart_for(d, k, False)
            chu = c.transmissions.branches[0]
            if c.general_on(chu) == "貴人":
                yj = (chu + 1) % 12
                hr = (yj - k) % 12
                assert "龍德" in [x.name for x in _of_moment(c, hr, 0, chu, yj)]
                both = chart_for(d, k, False, DEFAULT.changed(keti_longde="both"))
                assert "龍德" not in [x.name for x in _of_moment(both, hr, 0, chu, yj)]
                assert "龍德" not in [x.name for x in _of_moment(c, hr, 0, (chu + 1) % 12, yj)]
                return
    raise AssertionError("no 課 has 天乙 on its 初傳")


def test_moment_names_must_declare_what_they_read():
    """A condition that reads the month (wangxiang) or the year must say so in ``needs``."""
    import tomllib
    from almanac.liuren.keti.entries import check_needs
    bad = tomllib.loads(
        '[[keti]]\nname = "x"\nname_ko = "가"\nwhen = "wangxiang(chu)"\nzh = "z"\nko = "k"\nen = "e"\n'
        'source = { book = "《x》", chapter = "c", quote = "q" }\n')
    with pytest.raises(KetiError):
        check_needs(bad["keti"][0])


def test_chart_of_a_moment_has_its_month_keti():
    from almanac import api
    doc = api.chart("2022-05-01T14:00:00+08:00")      # 甲寅日未時, 辰月, 酉將
    assert doc["day"] == "甲寅" and doc["transmissions"] == ["辰", "午", "申"]
    names_ = [k["name"] for k in doc["keti_hour"]]
    assert "三光" in names_ and "三陽" in names_
    assert "三光" not in [k["name"] for k in api.textbook_chart("甲寅", yuejiang="酉", hour="未")["keti_hour"]]


@functools.lru_cache(maxsize=4)
def moment_counts(options=DEFAULT, only: tuple[str, ...] | None = None) -> dict[str, int]:
    """Counts of the moment's 課體 (docs/liuren.md): over the 720 課 by 晝貴 × 12 of each fact of the
    moment the name needs (月建, 太歲, 月將, 占時, 月宿; × 2 for each mark of the day that is true or
    false: a 立, a 分至, a 四正; × 3,600 for a couple: the husband's and the wife's 行年, each of the
    60 干支), each condition evaluated on the chart's own environment (``Chart.keti_env``) as
    ``of_moment`` does."""
    import itertools
    reading = lambda d: getattr(options, d.option) if d.option else None    # noqa: E731
    defs = [d for d in catalogue() if set(d.needs_of(reading(d))) - {"hour"} and (only is None or d.name in only)]
    months = [moment(m) for m in range(12)]
    years = [moment(year=y) for y in range(12)]
    couples = [moment(fu=f, qi=q) for f in range(60) for q in range(60)]
    out = collections.Counter()
    for d in range(60):
        for k in range(12):
            c = chart_for(d, k, False, options)
            env = dict(c.keti_env)
            for x in defs:
                code = x.condition(getattr(options, x.option) if x.option else None)
                n = 0
                needs = x.needs_of(reading(x))
                for values in itertools.product(*(range(len(couples)) if n == "couple" else
                                                   (False, True) if n in FLAGS else range(12)
                                                   for n in needs)):
                    given = dict(zip(needs, values))
                    if "couple" in given:
                        env.update(couples[given.pop("couple")])
                    if "month" in given:
                        env.update(months[given["month"]])
                    if "year" in given:
                        env.update(years[given["year"]])
                    env.update(given)
                    n += bool(eval(code, env))  # noqa: S307 — the catalogue's own compiled code
                out[x.name] += n
    return out


@pytest.mark.slow
def test_documented_moment_counts():
    """The counts docs/liuren.md gives for the 課體 of the moment are what the catalogue gives."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "liuren.md").read_text(encoding="utf-8")
    line = next(l for l in text.splitlines() if l.startswith("* of the moment"))
    found = re.findall(r"([\u4e00-\u9fff]+) (\d+) of ([\d,]+)", line)
    documented = {n: int(v) for n, v, _ in found}
    counts = moment_counts()
    assert documented and documented == {n: counts[n] for n in documented}
    # each fires on some moments and not on all: a condition that can be false
    assert all(0 < int(v) < int(total.replace(",", "")) for _, v, total in found)
    assert set(documented) == {d.name for d in catalogue() if set(d.needs) - {"hour"}}


#: (name, day, 月將, 占時, 月建, 太歲, found?): each name of the moment on a chart where its book
#: definition holds, and on the same chart with one fact of the moment changed so that it does not
MOMENT_CASES = [
    ("天獄", "辛卯", "戌", "亥", "午", "卯", True),      # 直指's 辛卯日干上酉: 丑 (金墓) used, 辰 on 巳 (庚辛之本)
    ("天獄", "丁卯", "申", "丑", "午", "卯", False),     # 直指's 丁卯日干上寅: 辰 on 酉, not on 寅 (丙丁之本)
    ("榮華", "丙寅", "午", "卯", "申", "寅", True),      # the book's 丙寅日干上申: 申 (the 支's 馬) on the 干, used, 六合
    ("榮華", "丙寅", "午", "卯", "午", "寅", False),     # 午月: 金 囚
    ("三陽", "甲寅", "酉", "未", "辰", "寅", True),      # 天乙 順, 干上 支上 辰 on 六合 (ahead), 辰月 土旺
    ("三陽", "甲寅", "酉", "未", "寅", "寅", False),     # 寅月: 辰 土 死
    ("時泰", "甲子", "子", "子", "寅", "戌", True),      # 伏吟, 寅 used: the 月建, 甲's 德, on 青龍/六合
    ("時泰", "甲子", "子", "子", "卯", "戌", False),     # the 用 寅 is neither 月建 nor 太歲
    ("富貴", "丙寅", "子", "卯", "子", "寅", True),      # 天乙 on 亥 used, 亥 on the 支 寅 (水生木), 子月 水旺
    ("富貴", "丙寅", "子", "卯", "午", "寅", False),     # 午月: 水 囚
    ("三陰", "甲子", "子", "寅", "子", "子", True),      # 天乙 逆, 日辰 behind it, 戌 used on 玄武/白虎, 子月 土囚
    ("三陰", "甲子", "子", "寅", "午", "子", False),     # 午月: 土 相
    ("盤珠", "甲子", "子", "丑", "子", "子", True),      # 太歲 月建 占時 and 子亥戌 all within the 四課
    ("盤珠", "甲子", "子", "丑", "午", "子", False),     # 午 is not in the 四課 (寅 丑 子 亥 戌)
    ("魄化", "壬戌", "午", "未", "未", "子", True),      # the 訂訛's 六月壬戌日: 戌 on 壬 used on 白虎, 六月's 死神 戌
    ("魄化", "壬戌", "午", "未", "巳", "子", False),     # 四月: 死神 申, 死氣 酉
]


@pytest.mark.parametrize("name,day,yj,hour,month,year,found", MOMENT_CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[4]}月-{c[6]}" for c in MOMENT_CASES])
def test_moment_names_on_their_charts(name, day, yj, hour, month, year, found):
    c, hr = _moment_chart(day, yj, hour)
    got = [k.name for k in _of_moment(c, hr, *(BRANCHES.index(x) for x in (month, year, yj)))]
    assert (name in got) == found, got
    assert name not in [k.name for k in of_moment(c, hr)]     # undecided without the month and year


def test_hemei_and_quanju():
    """和美: 干支 and their uppers combine each with its own or crosswise; 全局: a complete 三合 in the 傳."""
    c = _chart({"day": "丁卯", "gan_shang": "戌"})            # 戌 on 丁(未): 卯戌合; 支上 午: 午未合 — crosswise
    assert "和美" in [k.name for k in c.keti]
    assert "和美" not in [k.name for k in _chart({"day": "丁卯", "gan_shang": "酉"}).keti]
    c = _chart({"day": "丁亥", "gan_shang": "戌"})
    assert "全局" in [k.name for k in c.keti] and {"曲直", "炎上", "從革", "潤下"} & {p.name for p in c.patterns}
    assert "全局" not in [k.name for k in _chart({"day": "乙丑", "gan_shang": "巳"}).keti]    # 寅卯辰


def test_the_askers_nianming_where_known():
    """官爵 reads the 驛馬 of the asker's 本命/行年 as well (「歲月年命驛馬發用」), 三陰 its 「時克行年」;
    without an asker neither adds nor removes anything."""
    from almanac import api
    # 乙亥日 亥時: 申 used, 戌 and 太常 in the 傳; 申 is the 驛馬 of no year/month/day branch here,
    # but of 寅: an asker born in 戊寅 (1998) makes it 官爵, one born in 己卯 (1999) does not
    at = "2026-01-01T22:30:00+08:00"
    names_ = lambda **kw: [k["name"] for k in api.chart(at, **kw)["keti_hour"]]   # noqa: E731
    assert "官爵" not in names_()
    assert "官爵" in names_(born=1998, sex="m", task="travel")
    assert "官爵" not in names_(born=1999, sex="m", task="travel")
    # 三陰 (甲子日 子將 寅時, 子月): the 占時 寅 (木) overcomes a 行年 of 土, not one of 金
    c, hr = _moment_chart("甲子", "子", "寅")
    m = BRANCHES.index("子")
    assert "三陰" in [k.name for k in of_moment(c, hr, moment(m, m, m))]
    assert "三陰" in [k.name for k in of_moment(c, hr, moment(m, m, m, nian=BRANCHES.index("辰")))]
    assert "三陰" not in [k.name for k in of_moment(c, hr, moment(m, m, m, nian=BRANCHES.index("申")))]
    # the same chart and month, a different asker: kept apart, not served from the first one's answer
    assert "三陰" in [k.name for k in of_moment(c, hr, moment(m, m, m, nian=BRANCHES.index("辰")))]


def test_tianyu_readings():
    """天獄 by 《六壬大全》 enters by the 日墓 in any month; by 《六壬指南》 only where the 用 is 囚死."""
    zhinan = DEFAULT.changed(keti_tianyu="zhinan")
    for opts, month, found in ((DEFAULT, "午", True), (zhinan, "午", False), (zhinan, "寅", True)):
        c = _chart({"day": "辛卯", "gan_shang": "酉"}, opts)       # 丑 used: 午月 土相, 寅月 土死
        assert ("天獄" in [k.name for k in of_moment(c, 0, moment(BRANCHES.index(month)))]) == found


@pytest.mark.parametrize("name,day,gan_shang,found", [
    ("殃咎", "乙丑", "未", True),     # 干上 未 (木墓) and 支上 辰 (土墓): 干支乘墓
    ("殃咎", "丙寅", "子", True),     # 三傳 子未寅: 寅剋未, 未剋子, 子剋丙 — 遞剋日
    ("殃咎", "乙丑", "巳", False),    # 寅卯辰: neither
    ("殃咎", "己巳", "未", True),     # the chapter's 己巳日 三傳 巳申寅 (伏吟): 「初傳克中，中克末傳，末克日乾」
    ("殃咎", "辛酉", "卯", True),     # the chapter's 辛酉日 三傳 未子巳 (its 四課: 卯 over 辛): 「初傳末，遞克日乾」
    ("鬼墓", "壬申", "子", True),     # 丑 used: 申's 墓 (金墓丑) and 壬's 鬼 (土剋水)
    ("鬼墓", "乙丑", "未", False),    # 未 used: 乙's 墓 but 乙 木 overcomes it — a 財, not a 鬼
])
def test_yangjiu_and_guimu(name, day, gan_shang, found):
    """殃咎 and 鬼墓 by 《六壬大全》's sentences (鬼墓: the 用 is a 墓 of 日 or 辰 and the day's 鬼 at once)."""
    assert (name in [k.name for k in _chart({"day": day, "gan_shang": gan_shang}).keti]) == found


def test_yangjiu_bingzi_example_is_cast_on_bingyin():
    """殃咎's 「如丙子日，三傳子未寅」 (末克中, 中克初, 初克日) is cast by no plate of 丙子; 丙寅日干上子 casts
    those 三傳, and there the backward 遞剋 is 殃咎."""
    zwy = tuple(BRANCHES.index(b) for b in "子未寅")
    assert not [gs for gs in BRANCHES if _chart({"day": "丙子", "gan_shang": gs}).transmissions.branches == zwy]
    c = _chart({"day": "丙寅", "gan_shang": "子"})
    assert c.transmissions.branches == zwy and "殃咎" in [k.name for k in c.keti]


def test_tianhuo_on_the_days_of_the_four_li():
    """天禍: on a day of 立春/立夏/立秋/立冬, today's 干支 over yesterday's (or the reverse) — 甲子日 of
    立冬 2022 with the plate turned one place; not the next day, nor another hour of the same day."""
    from datetime import date
    from zoneinfo import ZoneInfo
    from almanac import api
    from almanac.calendar import is_sili_day
    z = ZoneInfo("Asia/Shanghai")
    assert is_sili_day(date(2022, 11, 7), z) and not is_sili_day(date(2022, 11, 8), z)
    names_ = lambda at: [k["name"] for k in api.chart(at)["keti_hour"]]     # noqa: E731
    assert "天禍" in names_("2022-11-07T04:30:00+08:00")          # 甲子日寅時, 卯將: k = 1
    assert "天禍" in names_("2022-11-07T08:30:00+08:00")          # 辰時: k = 11, yesterday over today
    assert "天禍" not in names_("2022-11-07T06:30:00+08:00")      # 卯時: k = 0
    assert "天禍" not in names_("2022-11-19T04:30:00+08:00")      # 甲戌日, no 立
    assert "天禍" not in [k["name"] for k in api.textbook_chart("甲子", yuejiang="寅", hour="寅")["keti_hour"]]
    day = api.day("2022-11-07", "Asia/Shanghai")
    assert [h["branch"] for h in day["hours"] if "天禍" in h["liuren"]["keti"]] == ["寅", "辰"]


def test_yuesu_by_the_lunar_date():
    """月宿: 《大六壬心鏡》's worked example (正月十五日 → 星, in the 午 palace) and the month starts of
    《六壬大全》's 二煩課 訂訛; a wide 宿 (奎) holds the moon two days."""
    from almanac.liuren import yuesu
    from almanac.mansions import MANSIONS
    assert MANSIONS[yuesu.mansion(1, 15)] == "星" and BRANCHES[yuesu.branch(1, 15)] == "午"
    assert [MANSIONS[yuesu.mansion(m, 1)] for m in range(1, 13)] == list(yuesu.MONTH_START)
    assert [MANSIONS[yuesu.mansion(2, d)] for d in (1, 2, 3)] == ["奎", "奎", "婁"]
    assert [MANSIONS[yuesu.mansion(1, d)] for d in (13, 14)] == ["鬼", "柳"]
    assert yuesu.is_sizheng(15, False) and yuesu.is_sizheng(29, True) and not yuesu.is_sizheng(16, False)


def test_tiankou_the_books_example():
    """天寇: 《六壬大全》's 「如癸卯日春分，離辰壬寅，月宿在辰，加寅為天寇課」 — on the 分至 day the 月宿 over
    yesterday's branch; not with the 月宿 elsewhere, nor on a day without a 分 or 至."""
    c = chart_for(GanZhi.parse("癸卯").index, 2, False)              # 辰 over 寅
    at = lambda **kw: [k.name for k in of_moment(c, 0, moment(**kw))]   # noqa: E731
    assert "天寇" in at(fenzhi=True, yuesu=BRANCHES.index("辰"))
    assert "天寇" not in at(fenzhi=True, yuesu=BRANCHES.index("巳"))
    assert "天寇" not in at(fenzhi=False, yuesu=BRANCHES.index("辰"))
    assert "天寇" not in at()                                       # undecided without the day's marks
    # the 訂訛's own count: 「假如八月初五日丁酉秋分，辰將酉時占事。初一角、初二亢、初三氐、氐該重留一日，初四仍在
    # 氐，初五房。房宿在卯，申為離辰，而卯加之」 — the month start, the wide 氐 and the palace, then the plate
    from almanac.liuren import yuesu
    from almanac.mansions import MANSIONS
    assert [MANSIONS[yuesu.mansion(8, d)] for d in range(1, 6)] == list("角亢氐氐房")
    assert BRANCHES[yuesu.branch(8, 5)] == "卯"
    c = _chart({"day": "丁酉", "yuejiang": "辰", "hour": "酉"})
    assert "天寇" in [k.name for k in of_moment(c, 9, moment(fenzhi=True, yuesu=yuesu.branch(8, 5)))]
    assert "天寇" not in [k.name for k in of_moment(c, 9, moment(fenzhi=True, yuesu=yuesu.branch(8, 1)))]   # 角: 辰


def test_tiankou_and_erfan_on_the_calendar():
    """The day's marks come from the calendar: 春分 2023 (戊寅日, 二月三十, the moon in 女 — 子) puts 子
    over 丑 in the 亥 hour (戌將); 二煩 on 乙酉日 (a 四仲 day) and 丁亥日 (上弦) of 正月 2023, the moon in
    胃 (酉), 子將 卯時: 辰 on 未; not on 丙戌日 between them (neither 四仲 nor 四正)."""
    from almanac import api
    names_ = lambda at: [k["name"] for k in api.chart(at)["keti_hour"]]     # noqa: E731
    assert "天寇" in names_("2023-03-21T22:00:00+08:00")
    assert "天寇" not in names_("2023-03-21T20:00:00+08:00")     # 戌時: 亥 over 丑
    assert "天寇" not in names_("2023-03-22T22:00:00+08:00")     # the day after: no 分至
    assert "二煩" in names_("2023-01-27T06:30:00+08:00")
    assert "二煩" in names_("2023-01-29T06:30:00+08:00")
    assert "二煩" not in names_("2023-01-28T06:30:00+08:00")
    assert "二煩" not in names_("2023-01-27T08:30:00+08:00")     # 辰時: 辰 on 申
    day = api.day("2023-01-27", "Asia/Shanghai")
    assert [h["branch"] for h in day["hours"] if "二煩" in h["liuren"]["keti"]] == ["卯", "酉"]


def test_chongpo():
    """衝破 (「凡課日辰之沖神，加破為用」). 《六壬大全》's own example — 子年庚子日午加卯 (未時戌將), 三傳 午酉子:
    「卯為午破，又加刑發用」 — puts the 沖神 午 on its own 破 卯; 卯 is not the 破 of the 辰 子 (that is 酉), so
    the reading «on the 日辰's 破» misses the book's own case. The commentaries' 丙午日午將酉時 (「子沖神加卯破
    發用」: 卯 breaks the 辰 午, 子's own 破 is 酉) holds under ``either`` only; the same day a rotation on
    (子 on 寅) under neither."""
    either = DEFAULT.changed(keti_chongpo="either")
    names_ = lambda ex, o=DEFAULT: [k.name for k in _chart(ex, o).keti]    # noqa: E731
    book = {"day": "庚子", "yuejiang": "戌", "hour": "未"}
    c = _chart(book)
    assert [BRANCHES[b] for b in c.transmissions.branches] == list("午酉子")
    assert c.plate.up(BRANCHES.index("卯")) == BRANCHES.index("午")
    assert "衝破" in names_(book) and "衝破" in names_(book, either)
    # the old reading (the 沖神 on the 破 of the 日辰 it clashes) fails the book's example
    assert c.plate.down(BRANCHES.index("午")) != PO[BRANCHES.index("子")]
    comm = {"day": "丙午", "yuejiang": "午", "hour": "酉"}
    assert BRANCHES[_chart(comm).transmissions.branches[0]] == "子"
    assert "衝破" not in names_(comm) and "衝破" in names_(comm, either)
    for o in (DEFAULT, either):
        assert "衝破" not in names_({"day": "丙午", "yuejiang": "午", "hour": "申"}, o)
    # by the 日: 甲 (寄 寅) — 申 (寅's 沖) used on its own 破 巳 (daquan), or on 寅's 破 亥 (either)
    for o, grounds in ((DEFAULT, {"巳"}), (either, {"巳", "亥"})):
        found = set()
        for k in range(12):
            c = chart_for(GanZhi.parse("甲寅").index, k, False, o)
            if "衝破" in [x.name for x in c.keti] and BRANCHES[c.transmissions.branches[0]] == "申":
                found.add(BRANCHES[(c.transmissions.branches[0] - k) % 12])
        assert found <= grounds


def test_pohua():
    """魄化 (「凡白虎帶死神死氣臨日辰行年發用」; 「死神，正月起巳。死氣，正月起午。俱順行十二辰」). The 訂訛's cases:
    六月壬戌日 (戌 on 壬, used, on 白虎: 六月's 死神 is 戌) holds by either reading; 二月甲戌日 (三傳 戌午寅, 白虎 on 午 —
    二月's 死神 — over the 辰 戌, but 戌 used) only when 「臨日辰」 is read without the 用 (``lin``). The asker's 行年 is
    read where known: 白虎 on the 死神 used over a ground that is neither 日 nor 辰 holds when that ground is the 行年."""
    from almanac.liuren import shensha
    assert [BRANCHES[shensha.month(n, BRANCHES.index("寅"))] for n in ("死神", "死氣")] == ["巳", "午"]
    lin = DEFAULT.changed(keti_pohua="lin")
    at = lambda c, **kw: [k.name for k in of_moment(c, 0, moment(**kw))]    # noqa: E731
    renxu = chart_for(GanZhi.parse("壬戌").index, 11, False)               # 戌 over 亥 (壬)
    assert [BRANCHES[b] for b in renxu.transmissions.branches] == list("戌酉申")
    assert "魄化" in at(renxu, month=BRANCHES.index("未"))
    assert "魄化" not in at(renxu)                                          # undecided without the month
    jiaxu = {o: chart_for(GanZhi.parse("甲戌").index, 8, False, o) for o in (DEFAULT, lin)}   # 戌 over 寅
    assert [BRANCHES[b] for b in jiaxu[DEFAULT].transmissions.branches] == list("戌午寅")
    assert "魄化" not in at(jiaxu[DEFAULT], month=BRANCHES.index("卯"))
    assert "魄化" in at(jiaxu[lin], month=BRANCHES.index("卯"))
    assert "魄化" not in at(jiaxu[lin], month=BRANCHES.index("辰"))        # 三月: 死神 未, 死氣 申
    for d, k in ((d, k) for d in range(60) for k in range(12)):
        c = chart_for(d, k, False)
        env = c.keti_env
        chu = c.transmissions.branches[0]
        ground = (chu - k) % 12
        if env["rides"](chu) == "白虎" and ground not in (env["jigong"], env["zhi"]):
            month = (chu - 3) % 12                                         # the month whose 死神 is 初傳
            assert "魄化" not in at(c, month=month)
            assert "魄化" in at(c, month=month, nian=ground)
            break
    else:
        raise AssertionError("no chart with 白虎 used off the 日辰")


def test_zaie():
    """災厄 (「凡喪車、遊魂、伏殃、病符、喪吊、丘墓、歲虎發用者」), each 神煞 as the chapter glosses it. The book's example
    「亥年正月將，乙亥日卯時占，未為喪車 … 亥年未為歲虎」 (三傳 未卯亥, by the book's 三傳 rules) holds in 亥年 正月;
    in 午年 四月 未 is none of the nine branches and it does not."""
    from almanac.liuren import shensha
    jan, apr = BRANCHES.index("寅"), BRANCHES.index("巳")
    assert BRANCHES[shensha.month("喪車", jan)] == "未" and BRANCHES[shensha.year("歲虎", BRANCHES.index("亥"))] == "未"
    assert [BRANCHES[shensha.month(n, jan)] for n in ("遊魂", "伏殃", "五墓", "三丘")] == list("亥酉未丑")
    assert [BRANCHES[shensha.year(n, 0)] for n in ("病符", "喪門", "吊客")] == list("亥寅戌")
    c = chart_for(GanZhi.parse("乙亥").index, 8, False, LiurenOptions.school("daquan_default"))   # 亥將卯時
    assert [BRANCHES[b] for b in c.transmissions.branches] == list("未卯亥")
    hour = BRANCHES.index("卯")
    assert "災厄" in [k.name for k in of_moment(c, hour, moment(month=jan, year=BRANCHES.index("亥")))]
    assert "災厄" not in [k.name for k in of_moment(c, hour, moment(month=apr, year=BRANCHES.index("午")))]
    assert "災厄" not in [k.name for k in of_moment(c, hour, moment(month=jan))]       # undecided without the year


def test_siqi_readings():
    """死奇: 辰 used. 甲子日干上卯 — 辰 is the 干陰 and used (the four 課: yes; 干上/支上 only: no);
    甲子日干上辰 — on the 干 and used (both); 甲子日干上巳 — 辰 not used (neither)."""
    richen = DEFAULT.changed(keti_siqi="richen")
    for gan_shang, wide, narrow in (("卯", True, False), ("辰", True, True), ("巳", False, False)):
        ex = {"day": "甲子", "gan_shang": gan_shang}
        assert ("死奇" in [k.name for k in _chart(ex).keti]) == wide
        assert ("死奇" in [k.name for k in _chart(ex, richen).keti]) == narrow


def test_yuesu_reckonings():
    """keti_yuesu: 《六壬大全》 holds the moon two days in 斗, 《心鏡》 does not — 十一月初二 is 斗 by the first
    and 牛 by the second (both 丑), 十一月初三 牛 (丑) against 女 (子); the day's marks follow the school."""
    from datetime import date
    from zoneinfo import ZoneInfo
    from almanac.calendar import lunar_date
    from almanac.liuren import yuesu
    from almanac.liuren.daymarks import day_marks
    from almanac.mansions import MANSIONS
    assert [MANSIONS[yuesu.mansion(11, 2, r)] for r in ("daquan", "xinjing")] == ["斗", "牛"]
    assert [MANSIONS[yuesu.mansion(11, 3, r)] for r in ("daquan", "xinjing")] == ["牛", "女"]
    assert yuesu.mansion(1, 15, "xinjing") == yuesu.mansion(1, 15)          # 心鏡's own example, both ways
    z = ZoneInfo("Asia/Shanghai")
    d = date(2022, 11, 26)                         # 十一月初三 (Chinese calendar)
    assert (lunar_date(d).month, lunar_date(d).day) == (11, 3)
    assert day_marks(d, z)["yuesu"] == BRANCHES.index("丑")
    assert day_marks(d, z, None, "xinjing")["yuesu"] == BRANCHES.index("子")


def test_guchen_guasu_by_the_xun():
    """孤寡 by the 旬: 「甲戌旬中用酉申」 (心鏡) — in the 甲戌旬 (void 申 酉) the 用 申 or 酉 is 寡宿 (void on
    the 天盤), the 用 standing on 申 or 酉 of the 地盤 is 孤辰; on no other chart of the 旬."""
    seen = collections.Counter()
    for d in range(GanZhi.parse("甲戌").index, GanZhi.parse("甲戌").index + 10):
        for k in range(12):
            chart = chart_for(d, k, False)
            names = {x.name for x in chart.keti}
            chu = chart.transmissions.branches[0]
            assert ("寡宿" in names) == (chu in (8, 9)), (d, k, chu)
            assert ("孤辰" in names) == ((chu - k) % 12 in (8, 9)), (d, k, chu)
            seen.update(names & {"寡宿", "孤辰"})
    assert seen["寡宿"] and seen["孤辰"]


def test_sijue_readings():
    """四絕: the plate 子加巳 (午加亥, 酉加寅, 卯加申), on which a 陰 stem's 祿 (乙卯 丁己午 辛酉 癸子) stands on the
    絕 of its element (《六壬粹言》: 「乙祿在卯，加申為木絕…癸祿在子，加巳為水絕」). The default takes the plate on
    every day, ``yin`` the 陰 days only; no other rotation is ever 四絕."""
    from almanac.liuren.keti import LU
    jue = {"卯": "申", "午": "亥", "酉": "寅", "子": "巳"}          # 祿 branch → its element's 絕
    rot = (BRANCHES.index("子") - BRANCHES.index("巳")) % 12       # sky = ground + k
    yin_only = DEFAULT.changed(keti_sijue="yin")
    for d in range(60):
        for k in range(12):
            yin = d % 2 == 1
            if k == rot and yin:
                lu = BRANCHES[LU[d % 10]]
                assert BRANCHES[(BRANCHES.index(lu) - k) % 12] == jue[lu]     # the ground under the 祿
            assert ("四絕" in [x.name for x in chart_for(d, k, False).keti]) == (k == rot), (d, k)
            assert ("四絕" in [x.name for x in chart_for(d, k, False, yin_only).keti]) == (k == rot and yin), (d, k)


def test_luowang_readings():
    """羅網: 《六壬大全》's example 甲寅日辰將酉時 (三傳 酉辰亥: 酉 is the 沖 of 卯, the branch after 甲's 寅) holds under
    the book's first gloss (``daquan``), not under 天羅 干前 / 地網 支前 (``ganzhi``); 《六壬粹言》's 乙卯日干上巳 (三傳
    辰巳午: 辰, after the 支 卯, used) the other way round."""
    ganzhi = DEFAULT.changed(keti_luowang="ganzhi")
    book = {"day": "甲寅", "yuejiang": "辰", "hour": "酉"}
    cuiyan = {"day": "乙卯", "gan_shang": "巳"}
    assert "".join(BRANCHES[b] for b in _chart(cuiyan).transmissions.branches) == "辰巳午"
    assert "羅網" in [k.name for k in _chart(book).keti]
    assert "羅網" not in [k.name for k in _chart(book, ganzhi).keti]
    assert "羅網" not in [k.name for k in _chart(cuiyan).keti]
    assert "羅網" in [k.name for k in _chart(cuiyan, ganzhi).keti]


def test_luowang_as_the_bifa_commentary_reads_it():
    """``bifa``: the 干上 and 支上 carry the branch after the 日 and the branch after the 辰, each its own or crosswise
    — which happens exactly on the 進連茹 plate (「此例如進連茹課中多有」) and on the 四絕 plate of a day whose 日 and
    辰 clash (「余干四絕體中多有」); 《御定六壬直指》's 甲申日干上卯 and 庚寅日干上卯 are such."""
    from almanac.liuren.plate import JIGONG as JG
    bifa = DEFAULT.changed(keti_luowang="bifa")
    for d in range(60):
        for k in range(12):
            jg, zhi = JG[d % 10], d % 12
            expect = k == 1 or (k == 7 and (jg - zhi) % 12 == 6)
            assert ("羅網" in [x.name for x in chart_for(d, k, False, bifa).keti]) == expect, (d, k)
    for day, gs in (("甲申", "卯"), ("庚寅", "卯")):
        assert "羅網" in [x.name for x in _chart({"day": day, "gan_shang": gs}, bifa).keti]


#: 《六壬大全》 課經集 三奇課, its two lists as printed (the 四庫 text), one line a 三傳 and its name. The
#: first line has lost its name there (「亥子丑陽光在下，空懷寶以迷邦」); seed 002 gives it (「龍潛亥子丑，陽光
#: 在下，空懷寶以迷邦」), put back here.
LIANRU_LISTS = {
    "順連茹三奇十二課": "亥子丑龍潛 子丑寅含春 丑寅卯將泰 寅卯辰正和 卯辰巳離漸 辰巳午升階 巳午未迎陽 午未申麗明 "
                  "未申酉回春 申酉戌流金 酉戌亥革故鼎新 戌亥子隱明就暗",
    "逆連茹三奇十二課": "亥戌酉回陰 戌酉申返駕 酉申未出獄 申未午凌陰 未午巳漸希 午巳辰登庸 巳辰卯正己 辰卯寅返照 "
                  "卯寅丑聯芳 寅丑子游魂 丑子亥入墓 子亥戌重陰",
}


def _lianru_lists():
    out = {}
    for title, text in LIANRU_LISTS.items():
        out[title] = [(tuple(BRANCHES.index(b) for b in line[:3]), line[3:]) for line in text.split()]
    return out


def test_lianru_lists_are_the_24_lianru():
    """The two lists name every forward and every backward 連茹 三傳 once, each entry cites its line."""
    lists = _lianru_lists()
    for title, step in (("順連茹三奇十二課", 1), ("逆連茹三奇十二課", -1)):
        rows = lists[title]
        assert len(rows) == 12 and len({b for b, _ in rows}) == 12
        assert all(b[1] == (b[0] + step) % 12 and b[2] == (b[1] + step) % 12 for b, _ in rows)
        for branches, name in rows:
            d = next(d for d in catalogue() if d.name == name)
            assert d.family == "格局" and not d.needs
            spelt = "".join(BRANCHES[b] for b in branches)
            quote = d.source.quote or ""
            assert spelt + name in quote or name + spelt in quote, (name, quote)


def test_lianru_names_hold_exactly_on_their_chuan():
    """Each of the 24 names is on a chart iff its 三傳 are the name's three branches (晝 and 夜), so forward
    names are 進茹, backward ones 退茹, and the 24 partition 進茹 + 退茹 (under the default reading of 重陰)."""
    by_chuan = {b: n for rows in _lianru_lists().values() for b, n in rows}
    lianru = set(by_chuan.values())
    forward = {n for _, n in _lianru_lists()["順連茹三奇十二課"]}
    for night in (False, True):
        for d in range(60):
            for k in range(12):
                c = chart_for(d, k, night)
                names_ = {x.name for x in c.keti}
                want = by_chuan.get(tuple(c.transmissions.branches))
                assert names_ & lianru == ({want} if want else set()), (d, k, night, sorted(names_ & lianru))
                if want:
                    assert ("進茹" if want in forward else "退茹") in names_



def test_longqian_is_the_books_nine():
    """三奇課's 《觀月經》 note: 「亥將有九課，癸酉、乙酉、丙戌、丁酉、戊戌、己酉、庚戌、辛酉、壬戌九日，俱亥將戌時占，是亥子丑
    為三傳也」 — the 課 named 龍潛 (三傳 亥子丑) are exactly those nine."""
    days = "癸酉、乙酉、丙戌、丁酉、戊戌、己酉、庚戌、辛酉、壬戌".split("、")
    k = (BRANCHES.index("亥") - BRANCHES.index("戌")) % 12
    book = {(GanZhi.parse(d).index, k) for d in days}
    ours = {(d, kk) for d in range(60) for kk in range(12) if "龍潛" in [x.name for x in chart_for(d, kk, False).keti]}
    assert ours == book


def test_zhongyin_either_adds_the_fuyin():
    """``keti_zhongyin = either`` adds the 伏吟 課 with 亥 used (辛亥日: 柔日, 支上 亥 used), which no 連茹 is."""
    either = DEFAULT.changed(keti_zhongyin="either")
    fuyin = {"day": "辛亥", "gan_shang": "戌"}
    c = _chart(fuyin)
    assert c.transmissions.branches[0] == BRANCHES.index("亥") and "伏吟" in [k.name for k in c.keti]
    assert "重陰" not in [k.name for k in c.keti]
    assert "重陰" in [k.name for k in _chart(fuyin, either).keti]


def test_a_couples_keti_read_both_xingnian():
    """解離: the 上神 over each 行年 overcome by the other's 行年 or its 上神 (「子上申怕午克，午上寅怕申克」);
    繁昌: the two 行年 combine in stem and branch and one stands on the 日德 (「甲與己合，寅與亥合」).
    Neither is decided without a couple."""
    def found(day, k, fu, qi, hour=0):
        c = chart_for(GanZhi.parse(day).index, k, False)
        return [x.name for x in of_moment(c, hour, moment(fu=GanZhi.parse(fu).index, qi=GanZhi.parse(qi).index))]

    # the chapter's own case and 《心鏡》's 二月寅時 (戌將: 寅 over 午, 申 over 子): 夫年 午, 妻年 子 — on every day
    for day in ("甲子", "乙丑", "庚午", "癸亥"):
        assert "解離" in found(day, 8, "甲午", "壬子")
        assert "解離" in found(day, 8, "壬子", "甲午")             # the wife's and the husband's alike
        assert "解離" not in found(day, 8, "甲寅", "甲午")         # 寅上戌, 午上寅: 寅 overcome by neither 寅 nor 戌
    # 《觀月經》's 六月申時 (午將 on 申: 子 over 寅, 辰 over 午): 夫年 寅, 妻年 午 — 辰 by 寅, 子 by 辰
    assert "解離" in found("甲子", 10, "甲寅", "庚午")
    # one plate turn on: 丑 over 寅, 巳 over 午 — 丑 is overcome by 寅 but 巳 by neither 午 nor 丑
    assert "解離" not in found("甲子", 11, "甲寅", "庚午")
    # 繁昌 on the chapter's couple (甲寅, 己亥) follows the day's 德, not the plate: 壬 (德 亥), 甲 (德 寅), not 癸 (巳)
    for k in range(12):
        assert "繁昌" in found("壬申", k, "甲寅", "己亥") and "繁昌" in found("甲子", k, "甲寅", "己亥")
        assert "繁昌" not in found("癸酉", k, "甲寅", "己亥")
    assert "繁昌" not in found("壬申", 0, "甲寅", "乙亥")            # 寅亥 合 but 甲乙 not
    assert "繁昌" not in found("壬申", 0, "甲寅", "己卯")            # 甲己 合 but 寅卯 not
    c = chart_for(GanZhi.parse("壬申").index, 10, False)
    assert not {"解離", "繁昌"} & {x.name for x in of_moment(c, 7, moment(ming=2, nian=2))}


def test_pohua_qiusi():
    """``keti_pohua = "qiusi"`` reads the 訂訛's 「白虎乘死神死氣及囚死，臨日辰行年發用」: 白虎 on the 死神, the 死氣 or a 神
    囚死 in the month, used. 《觀月經》's case 「正月癸巳日寅時占，戌加癸為發用 … 白虎乘死氣來克癸水」 (亥將: 戌 over 丑, the
    寄宮 of 癸; the book's 白虎 on 戌 is the 晝 貴人's arrangement) has 戌, neither 正月's 死神 巳 nor its 死氣 午, but 死 in
    spring: 魄化 under this reading only. The 訂訛's 六月壬戌日 (戌 旺 in 未月, the 死神) stays 魄化 under it."""
    from almanac.calendar import season_element, strength
    from almanac.cycles import BRANCH_ELEMENT
    qiusi = DEFAULT.changed(keti_pohua="qiusi")
    at = lambda c, **kw: [k.name for k in of_moment(c, 0, moment(**kw))]    # noqa: E731
    yin = BRANCHES.index("寅")
    guisi = {o: chart_for(GanZhi.parse("癸巳").index, 9, False, o) for o in (DEFAULT, qiusi)}
    c = guisi[DEFAULT]
    assert BRANCHES[c.transmissions.branches[0]] == "戌" and c.plate.down(BRANCHES.index("戌")) == BRANCHES.index("丑")
    assert c.keti_env["rides"](BRANCHES.index("戌")) == "白虎"
    assert "魄化" not in at(guisi[DEFAULT], month=yin)
    assert "魄化" in at(guisi[qiusi], month=yin)
    assert "魄化" not in at(guisi[qiusi], month=BRANCHES.index("辰"))   # 三月: 戌 旺, 死神 申, 死氣 酉
    renxu = chart_for(GanZhi.parse("壬戌").index, 11, False, qiusi)
    assert "魄化" in at(renxu, month=BRANCHES.index("未"))
    # it changes exactly the charts whose 用 is 囚死 (by the season table) and on 白虎 over the 日辰, in that month
    for d, k in ((d, k) for d in range(0, 60, 7) for k in range(12)):
        base, wide = chart_for(d, k, False), chart_for(d, k, False, qiusi)
        env, chu = base.keti_env, base.transmissions.branches[0]
        on = env["rides"](chu) == "白虎" and (chu - k) % 12 in (env["jigong"], env["zhi"])
        for month in range(12):
            dead = strength(BRANCH_ELEMENT[chu], season_element(month)) in ("囚", "死")
            assert ("魄化" in at(wide, month=month)) == ("魄化" in at(base, month=month) or (on and dead))


def test_erfan_fayong():
    """``keti_erfan = "fayong"``: the 日宿 (月將) or the 月宿 used as well (訂訛 「然日月宿不發用者不真」; its list 「夏午將十二課
    甲子 … 並午加酉臨仲發用，斗系丑未」). The sentence's own example 「九月初三丙午日午時卯將 … 太陽太陰俱值卯宮加午為仲。辰為斗罡
    臨未」 uses 子, so it is 二煩 by the sentence only; 甲子日 午將 酉時 with the moon in 午 uses 午 and is 二煩 by both."""
    fayong = DEFAULT.changed(keti_erfan="fayong")
    at = lambda c, **kw: [k.name for k in of_moment(c, 0, moment(**kw))]    # noqa: E731
    mao, wu = BRANCHES.index("卯"), BRANCHES.index("午")
    bingwu = {o: chart_for(GanZhi.parse("丙午").index, 9, False, o) for o in (DEFAULT, fayong)}
    assert BRANCHES[bingwu[DEFAULT].transmissions.branches[0]] == "子"
    ctx = dict(yuejiang=mao, yuesu=mao, sizheng=False)
    assert "二煩" in at(bingwu[DEFAULT], **ctx) and "二煩" not in at(bingwu[fayong], **ctx)
    jiazi = {o: chart_for(GanZhi.parse("甲子").index, 9, False, o) for o in (DEFAULT, fayong)}
    assert BRANCHES[jiazi[DEFAULT].transmissions.branches[0]] == "午"
    for o in (DEFAULT, fayong):
        assert "二煩" in at(jiazi[o], yuejiang=wu, yuesu=wu, sizheng=False)
        assert "二煩" not in at(jiazi[o], yuejiang=wu, yuesu=BRANCHES.index("巳"), sizheng=False)  # 巳 on 申


#: the element of each general's home (家), read from 《六壬大全》 卷二's 天將 chapters: 貴人 己丑 土, 螣蛇 丁巳 火,
#: 朱雀 丙午 火, 六合 乙卯 木, 勾陳 戊辰 土, 青龍 甲寅 木, 天空 戊戌 土, 白虎 庚申 金, 太常 己未 土, 玄武 癸亥 水,
#: 太陰 辛酉 金, 天后 壬子 水
GENERAL_ELEMENT = dict(zip(("貴人", "螣蛇", "朱雀", "六合", "勾陳", "青龍", "天空", "白虎", "太常", "玄武", "太陰", "天后"),
                           "土火火木土木土金土水金水"))


def test_yangjiu_kezhan():
    """``keti_yangjiu = "kezhan"`` adds the 訂訛's gloss of 「神將克戰」: 「外戰者，三傳皆將克神。內戰者，三傳皆神克將」 —
    every 傳's general overcoming its branch, or every branch its general (each general's element its home's). Every
    課 the option adds is one of the two wars, and none the default names is lost. The chapter prints no worked example
    of the wars."""
    from almanac.cycles import BRANCH_ELEMENT
    kezhan = DEFAULT.changed(keti_yangjiu="kezhan")
    wins = {("木", "土"), ("土", "水"), ("水", "火"), ("火", "金"), ("金", "木")}
    added = 0
    for d in range(60):
        for k in range(12):
            base = {x.name for x in chart_for(d, k, False).keti}
            wide_c = chart_for(d, k, False, kezhan)
            wide = {x.name for x in wide_c.keti}
            rides = wide_c.keti_env["rides"]
            pairs = [(GENERAL_ELEMENT[rides(b)], "木火土金水"[BRANCH_ELEMENT[b]]) for b in wide_c.transmissions.branches]
            war = all(p in wins for p in pairs) or all((b, a) in wins for a, b in pairs)
            assert ("殃咎" in wide) == ("殃咎" in base or war)
            assert base - {"殃咎"} == wide - {"殃咎"}
            added += "殃咎" in wide and "殃咎" not in base
    assert added > 0


def test_jieli_strict():
    """``keti_jieli = "strict"`` reads both clauses of 「凡夫妻行年衝克，及上下神互相克賊」: the two 行年 clash or overcome
    as well. The sentence's own couple (夫年 午, 妻年 子: 沖 and 水克火) is 解離 under both; 《畢法》's 甲子日干上午 with
    男行年 子, 女行年 寅 (neither clash nor overcome) only under the default."""
    strict = DEFAULT.changed(keti_jieli="strict")

    def found(day, k, fu, qi, options=DEFAULT):
        c = chart_for(GanZhi.parse(day).index, k, False, options)
        return [x.name for x in of_moment(c, 0, moment(fu=GanZhi.parse(fu).index, qi=GanZhi.parse(qi).index))]

    for o in (DEFAULT, strict):
        assert "解離" in found("甲子", 8, "甲午", "壬子", o)
    k = (BRANCHES.index("午") - JIGONG[GanZhi.parse("甲子").index % 10]) % 12
    assert "解離" in found("甲子", k, "庚子", "壬寅")
    assert "解離" not in found("甲子", k, "庚子", "壬寅", strict)
    counts = {o: moment_counts(o, ("解離",))["解離"] for o in (DEFAULT, strict)}
    assert 0 < counts[strict] < counts[DEFAULT]


@pytest.mark.slow
def test_documented_option_counts():
    """The options table of docs/liuren.md (「720 課 (晝貴) by reading」): every count of a 課體 the 課 alone decides, and
    those of the readings of the moment 魄化, 二煩 and 解離, are what the catalogue gives under that reading."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "liuren.md").read_text(encoding="utf-8")
    rows = {m[0]: dict((v, int(n)) for v, n in re.findall(r"`(\w+)` (\d+)", m[1]))
            for m in re.findall(r"^\| `(keti_\w+)` \| [^|]+ \| ([^|]+) \|$", text, re.M)}
    moment_rows = {"keti_pohua", "keti_erfan", "keti_jieli"}
    checked = 0
    for opt, documented in rows.items():
        if opt in RECKONINGS or opt == "keti_guchen":      # two names, two kinds of count: its own test
            continue
        d = next(d for d in catalogue() if d.option == opt)
        if d.needs and opt not in moment_rows:
            continue
        count = ((lambda o: moment_counts(o, (d.name,))) if d.needs
                 else (lambda o: _counts(o, nights=(False,))))
        assert documented and set(documented) == set(CHOICES[opt]), opt
        assert documented == {v: count(DEFAULT.changed(**{opt: v}))[d.name] for v in documented}, opt
        checked += 1
    assert {"keti_pohua", "keti_erfan", "keti_yangjiu", "keti_jieli"} <= set(rows) and checked >= 4


def test_guchen_sishi():
    """``keti_guchen = "sishi"``: 四時孤寡, 《袖中金》 「春巳午孤、子丑寡，夏申酉孤、卯辰寡，秋亥子孤、午未寡，冬寅卯孤、酉戌寡。
    此二卦各看發用。如春占巳午發用，即孤辰卦；子丑發用，即寡宿卦」 — a name of the moment (the month's season), so it leaves
    the chart's own ``keti`` and is not decided without a month; the default (by the 旬) is unchanged. Its counts are the
    ones docs/liuren.md gives."""
    from pathlib import Path
    from almanac.liuren.keti import find
    sishi = DEFAULT.changed(keti_guchen="sishi")
    season = {"寅卯辰": ("巳午", "子丑"), "巳午未": ("申酉", "卯辰"), "申酉戌": ("亥子", "午未"), "亥子丑": ("寅卯", "酉戌")}
    by_month = {BRANCHES.index(m): pair for months, pair in season.items() for m in months}
    for d in range(0, 60, 5):
        for k in range(12):
            c, base = chart_for(d, k, False, sishi), chart_for(d, k, False)
            chu = BRANCHES[c.transmissions.branches[0]]
            assert not {"孤辰", "寡宿"} & {x.name for x in c.keti}
            assert {x.name for x in base.keti} - {"孤辰", "寡宿"} == {x.name for x in c.keti}
            assert not {"孤辰", "寡宿"} & {x.name for x in of_moment(c, 0)}
            for month, (gu, gua) in by_month.items():
                found = {x.name for x in of_moment(c, 0, moment(month))}
                assert ("孤辰" in found) == (chu in gu) and ("寡宿" in found) == (chu in gua)
                assert of_moment(c, 0, moment(month)) == find(c.keti_env, sishi, {**moment(month), "hour": 0})
    text = (Path(__file__).resolve().parents[2] / "docs" / "liuren.md").read_text(encoding="utf-8")
    row = next(l for l in text.splitlines() if l.startswith("| `keti_guchen`"))
    documented = {(v, n): int(c) for v, n, c in re.findall(r"`(\w+)` ([\u4e00-\u9fff]+) (\d+)", row)}
    by_xun = _counts(nights=(False,))
    by_season = moment_counts(sishi, ("孤辰", "寡宿"))
    assert documented == {("xun", "孤辰"): by_xun["孤辰"], ("xun", "寡宿"): by_xun["寡宿"],
                          ("sishi", "孤辰"): by_season["孤辰"], ("sishi", "寡宿"): by_season["寡宿"]}


def test_ziren_zixin_only_without_a_ke():
    """《六壬大全》 伏吟課: 「取神克日為用，曰伏吟 … 如癸丑日午時午將占，日上神丑加癸用，為伏吟課」 — a 伏吟 with a 剋 is
    伏吟 alone; 「凡伏吟課無克，剛日自以日神為用，曰自任格」 and 「凡伏吟無克，柔日以支神為用，曰自信格」. Only the 六乙 and
    六癸 伏吟 have a 剋 (乙 over 辰, 丑 over 癸); ``fuyin_renxin = "gangrou"`` names them by 剛柔 alone (「剛日自任，柔日
    自信」), as 《御定六壬直指》 does on three of its five."""
    gangrou = DEFAULT.changed(fuyin_renxin="gangrou")
    changed = set()
    for day in range(60):
        a, b = chart_for(day, 0, False), chart_for(day, 0, False, gangrou)
        assert a.transmissions.branches == b.transmissions.branches
        names_a, names_b = {k.name for k in a.keti}, {k.name for k in b.keti}
        has_ke = any(l.relation for l in a.lessons)
        assert has_ke == (day % 10 in (1, 9))                           # 乙, 癸
        assert not ({"自任", "自信"} & names_a) == has_ke
        assert ("自任" if day % 2 == 0 else "自信") in names_b
        if names_a != names_b:
            assert names_b - names_a == {"自信"} and has_ke
            changed.add(str(GanZhi(day)))
    assert len(changed) == 12
    guichou = _chart({"day": "癸丑", "yuejiang": "午", "hour": "午"})
    assert guichou.transmissions.sub_method == "" and "伏吟" in {k.name for k in guichou.keti}
    from almanac import api
    doc = api.textbook_chart("癸丑", gan_shang="丑")
    assert doc["sub_method"] == "" and "自信" not in render_json(doc).splitlines()[0]
    assert "自信" in render_json(api.textbook_chart("丁丑", gan_shang="未")).splitlines()[0]


def test_hengtong_the_five_ge():
    """亨通 by the 課經's sentence and the 訂訛's five 格 — 遞生 either way, 俱生, 互生, 俱旺, 互旺 — each on the chapter's
    own case; the old reading (末生中、中生初、初生日 alone) names none of the 干支 cases."""
    for ex in ({"day": "丙申", "gan_shang": "申"}, {"day": "癸丑", "gan_shang": "巳"},      # 遞生, both orders
               {"day": "丙寅", "gan_shang": "寅"}, {"day": "辛卯", "gan_shang": "亥"},      # 俱生, 互生
               {"day": "壬寅", "gan_shang": "子"}, {"day": "甲申", "gan_shang": "酉"}):     # 俱旺, 互旺
        c = _chart(ex)
        assert "亨通" in {k.name for k in c.keti}, ex
    # 丙寅日干上寅's 三傳 do not feed 丙 one into another: it is named for its 俱生 alone
    c = _chart({"day": "丙寅", "gan_shang": "寅"})
    chu, mid, mo = (BRANCH_ELEMENT[b] for b in c.transmissions.branches)
    assert not (element_generates(mo, mid) and element_generates(mid, chu) and element_generates(chu, 1))


def test_deqing_the_stem_and_the_branch_virtue():
    """德慶 「凡課日辰干支德神…發用」: the 支德 used (「支德者，子日起巳順行十二辰」; the chapter's own 「子日巳德」) names
    it on a 子 day whose stem's 德 is elsewhere — 庚子日干上丑 and 壬子日干上辰, 巳 over 子 used, 庚's 德 申 and 壬's 亥 —
    as the 干德 does (the chapter's 戊子 example, 巳 both); 巳 used on 庚寅日干上巳 (德 申, 寅's 支德 未) does not."""
    for ex in ({"day": "庚子", "gan_shang": "丑"}, {"day": "壬子", "gan_shang": "辰"}):
        c = _chart(ex)
        assert BRANCHES[c.transmissions.branches[0]] == "巳" and c.keti_env["de"] != BRANCHES.index("巳")
        assert "德慶" in {k.name for k in c.keti}, ex
    c = _chart({"day": "庚寅", "gan_shang": "巳"})
    assert BRANCHES[c.transmissions.branches[0]] == "巳" and "德慶" not in {k.name for k in c.keti}


def test_sanqi_liuyi_not_by_the_day_marvel_or_branch_ceremony_alone():
    """The 訂訛 of both chapters: 「若止有乾奇不名三奇」, 「若止有支儀，不名六儀」 — the 日奇 (甲午 乙巳 丙辰 … 「此為日奇」)
    or the 支儀 (「子午、丑巳 … 此為支儀也」) used without the 旬's in the 傳 names neither: 甲子日干上亥 (午 used, 三傳
    午卯子, the 旬奇 丑 absent), 乙丑日干上子 (巳 used, 三傳 巳丑酉, the 旬儀 子 absent)."""
    c = _chart({"day": "甲子", "gan_shang": "亥"})
    assert "".join(BRANCHES[b] for b in c.transmissions.branches) == "午卯子"
    assert "三奇" not in {k.name for k in c.keti}
    c = _chart({"day": "乙丑", "gan_shang": "子"})
    assert "".join(BRANCHES[b] for b in c.transmissions.branches) == "巳丑酉"
    assert "六儀" not in {k.name for k in c.keti}
