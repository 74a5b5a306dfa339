"""``almanac schools [--lang L] [--json]``: the school presets ``--school`` accepts, described in
the reader's language."""
from __future__ import annotations

from . import say, shared_help


def register(subparsers, common) -> None:
    p = subparsers.add_parser("schools", parents=[common], help=say(
        "the school presets --school accepts",
        zh="--school 接受的學派",
        ko="--school 옵션이 받는 학파(學派)"),
        description=say(
            "The schools: named bundles of the options the classical "
            "sources dispute (docs/schools.md), built-in and your "
            "config's [schools.NAME].",
            zh="學派：把古籍說法不一的選項合為一組並命名（見 docs/schools.md），有內建的，"
               "也有設定檔中 [schools.NAME] 所定的。",
            ko="학파(學派): 고전 원전마다 설이 갈리는 옵션들을 묶어 이름 붙인 것입니다 (docs/schools.md). "
               "내장 학파와 설정 파일의 [schools.NAME] 학파를 보여 줍니다."))
    p.add_argument("--lang", metavar="L", help=shared_help("lang_descriptions"))
    p.add_argument("--json", action="store_true", help=shared_help("json"))
    p.set_defaults(func=run)


def _described(s: dict, lang: str) -> str:
    """The school's description for ``lang``; where the reader's text is missing (a user's
    school), the English one, which names its terms with their characters."""
    from almanac.terms import hans
    if lang in ("zh-Hant", "zh-Hans") and s.get("description_zh"):
        return hans(s["description_zh"]) if lang == "zh-Hans" else s["description_zh"]
    if lang == "ko" and s.get("description_ko"):
        return s["description_ko"]
    return s["description"]


def _source(src: str, lang: str) -> str:
    """A seed paragraph (``NNN_hash.txt: opening — 「quote」``) cited with the book's title in the
    reader's language and its opening words in 「」 (the sentence quoted after them shown to a Chinese
    reader only); a book's sentence (``《title》 chapter 「quote」``,
    the chapter or the sentence may be missing) as almanac.sources.classic_citation cites it; else
    as written."""
    import re

    from almanac.sources import BOOKS, citation, classic_citation, is_classic
    book = re.fullmatch(r"(《[^》]+》)\s*([^「]*?)\s*(?:「(.+)」)?", src)
    if book and is_classic(book.group(1)):
        return classic_citation(*book.groups(default=""), lang)
    file, sep, rest = src.partition(": ")
    if not sep or file not in BOOKS:
        return src
    opening, dash, quote = rest.partition(" — ")      # the quoted sentence for Chinese readers only
    return citation(f"{file}: {opening}", lang) + (f" — {quote}" if dash and lang.startswith("zh") else "")


def _toml_value(v) -> str:
    """An option's value as a config file writes it (``false``, ``"jie"``), so the line can be
    copied into one.

    >>> _toml_value(False), _toml_value("jie"), _toml_value(3)
    ('false', '"jie"', '3')
    """
    import json
    return json.dumps(v, ensure_ascii=False)


def render(doc: dict, lang: str = "en") -> str:
    from almanac.terms import label, school_name
    lines = []
    for s in doc["schools"]:
        mark = "*" if s["name"] == doc["current"] else " "
        opts = ", ".join(f"{sec}.{k} = {_toml_value(v)}" for sec, table in s["options"].items()
                         for k, v in table.items()) or label("as_written", lang)
        named = f"({s['name_zh']})" if lang == "en" and s.get("name_zh") else school_name(s["name"], s, lang)
        lines.append(f"{mark} {s['name']}  {named}")
        lines.append(f"    {_described(s, lang)}")
        lines.append(f"    {label('sets', lang)}: {opts}")
        for src in s["sources"]:
            lines.append(f"    {label('source', lang)}: {_source(src, lang)}")
    return "\n".join(lines)


def run(args) -> int:
    from almanac import config as _config
    from almanac.api.choices import schools
    from almanac.cli import emit
    from almanac.terms import check_lang

    lang = check_lang(args.lang or _config.load(args.config).get("lang", "zh-Hant"))
    emit(schools(args.config), args.json, lambda doc: render(doc, lang))
    return 0
