"""What an English reader is shown of a citation: the book's English title, the cited paragraph's
opening rendered in English (almanac/data/openings_en.toml) and a chapter of a book outside the seeds
in English (almanac/data/chapters_en.toml); the characters only beside the terms they name."""
import re
import tomllib
from pathlib import Path

import almanac.api.charts  # noqa: F401 — import every rule-bearing module
import almanac.api.days  # noqa: F401
import almanac.api.judging  # noqa: F401
from almanac.judgement.catalog import load_catalog
from almanac.liuren.keti import KetiSource, catalogue
from almanac.sources import (BOOKS, REGISTRY, Source, citation, classic_citation, english_chapter,
                             english_opening, is_classic)
from tests.judgement.test_rules_text import bare_cjk, misnamed

ROOT = Path(__file__).resolve().parents[2]
SCHOOLS = tomllib.loads((ROOT / "config" / "schools.toml").read_text(encoding="utf-8"))
_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]{3,}")


def outside_brackets(text: str) -> str:
    """``text`` without what stands in brackets (a term's characters beside its English name)."""
    out, depth = [], 0
    for ch in text:
        depth += ch == "("
        if not depth:
            out.append(ch)
        depth -= ch == ")" and depth > 0
    return "".join(out)


def chinese_for_english_reader(text: str) -> list[str]:
    """What in an English text is Chinese an English reader meets: a run of three or more characters
    outside brackets, any character that is no term's gloss, a 「」 quotation, a misnamed term."""
    return [*_RUN.findall(outside_brackets(text)), *bare_cjk(text.replace("「", "<").replace("」", ">"), "en"),
            *re.findall(r"「[^」]*」", text), *misnamed(text)]


def test_the_check_finds_a_chinese_sentence():
    assert chinese_for_english_reader("the paragraph beginning 「天后相刑闇昧生」")
    assert chinese_for_english_reader("chapter 課經集 斬關課")
    assert chinese_for_english_reader("the Heavenly Queen: (天后相刑闇昧生)")      # no word glossed
    assert chinese_for_english_reader("the snake (巳)")                                     # Si (巳)
    assert not chinese_for_english_reader("When the Heavenly Queen (天后) and the day punish each other")


def _seed_sources() -> set[tuple[str, str]]:
    """Every seed paragraph a reader can be shown: the registered citations (rules, the 課體
    catalogue, the code) and those of the built-in schools."""
    load_catalog()
    catalogue()
    cited = {(s.file, s.opening) for s in REGISTRY}
    for school in SCHOOLS.values():
        for src in school.get("sources", []):
            file, sep, rest = src.partition(": ")
            if sep and file in BOOKS:
                cited.add((file, rest.partition(" — ")[0]))
    return cited


def test_every_cited_paragraph_opens_in_english():
    cited = _seed_sources()
    assert len(cited) > 100
    missing = sorted(c for c in cited if not english_opening(*c))
    assert not missing, missing
    bad = {}
    for file, opening in cited:
        en = english_opening(file, opening)
        shown = citation(Source(file, opening), "en")
        assert shown == f"{BOOKS[file]['en']}, the paragraph beginning “{en}”"
        if found := chinese_for_english_reader(en) + [w for w in ("「", "」", "“", "”") if w in en]:
            bad[(file, opening)] = found
        if not re.match(r"[A-Z‘…]", en):
            bad[(file, opening)] = "does not open as a sentence"
    assert not bad, bad


def test_the_english_table_holds_only_cited_paragraphs():
    table = tomllib.loads((ROOT / "almanac" / "data" / "openings_en.toml").read_text(encoding="utf-8"))
    keys = {(file, opening) for file, t in table.items() for opening in t}
    assert not keys - _seed_sources(), sorted(keys - _seed_sources())


def test_an_english_citation_quotes_no_chinese():
    from almanac.sources import TAIYIN
    s = Source(TAIYIN, "天后相刑闇昧生")
    en = citation(s, "en")
    assert en.startswith("Da Liuren, on the Great Yin and the generals (太陰論), the paragraph beginning “When the")
    assert "闇昧" not in en and "「" not in en
    assert citation(s, "zh-Hant") == "《大六壬·太陰論》「天后相刑闇昧生」"
    # a paragraph the table does not hold is cited by its book alone, never by its Chinese words
    assert citation(Source(TAIYIN, "未曾引用之段"), "en") == BOOKS[TAIYIN]["en"]


def _classic_sources() -> list[tuple[str, str, str]]:
    """(title, chapter, sentence) of every citation of a book outside the seeds: the 課體
    catalogue's and the built-in schools'."""
    out = [(d.source.book, d.source.chapter, d.source.quote) for d in catalogue() if isinstance(d.source, KetiSource)]
    for school in SCHOOLS.values():
        for src in school.get("sources", []):
            m = re.fullmatch(r"(《[^》]+》)\s*([^「]*?)\s*(?:「(.+)」)?", src)
            if m and is_classic(m.group(1)):
                out.append(m.groups(default=""))
    return out


def test_every_cited_chapter_reads_in_english():
    sources = _classic_sources()
    assert len(sources) > 100
    bad = {}
    for title, chapter, quote in sources:
        en = classic_citation(title, chapter, quote, "en")
        whole = " ".join(x for x in (title.strip("《》").partition("·")[2], chapter) if x)
        if whole and not english_chapter(whole):
            bad[(title, chapter)] = "no English chapter"
        elif found := chinese_for_english_reader(en):
            bad[(title, chapter)] = found
    assert not bad, bad


def test_a_lessons_chapter_is_named_as_the_catalogue_names_the_lesson():
    assert english_chapter("課經集 斬關課") == "chapter on the Breaking the Pass lesson (斬關課)"
    assert english_chapter("課經 元首課") == "chapter on the Primary Head lesson (元首課)"
    # a section the table cannot read is no half-English chapter
    assert english_chapter("課經集 斬關課 某書") == "" and english_chapter("課經集 某某課") == ""
    assert classic_citation("《六壬大全》", "課經集 某某課", "", "en") == "The Liuren Compendium (六壬大全)"


def test_the_schools_read_in_english_without_chinese_sentences():
    # `almanac schools --lang en`: the descriptions quoted the verses 「甲羊戊庚牛」 and 「會者一元倒一指」
    from almanac.api.choices import schools
    from almanac.cli.schools import render
    shown = render(schools(None), "en")
    assert "source: Xieji bianfang shu (協紀辨方書), book four" in shown
    bad = [(line, found) for line in shown.splitlines() if (found := chinese_for_english_reader(line))]
    assert not bad, bad
