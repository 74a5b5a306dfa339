"""``--help`` reads in the language the command line asks for (``--lang``), as the error lines do:
every help text of the commands is written for each reader where it is declared
(``almanac.cli.say``), and what argparse adds (headings, ``-h``, the usage prefix) follows."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from almanac.cli import COMMANDS, SHARED_HELP, build_parser, main, width
from almanac.lang import hans
from tests.words.test_error_texts import ENGLISH, HAN, HANGUL, _literal
from tests.words.test_terms import MISREADINGS

ROOT = Path(__file__).resolve().parents[2]
CLI = sorted((ROOT / "almanac" / "cli").glob("*.py"))
TEXTS = {"help", "description", "epilog"}


def _declared(path: Path):
    """Each ``help=``/``description=``/``epilog=`` keyword of a call in ``path``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            for k in node.keywords:
                if k.arg in TEXTS:
                    yield k


@pytest.mark.parametrize("path", CLI, ids=lambda p: p.name)
def test_every_help_text_is_written_for_each_reader(path):
    for k in _declared(path):
        v = k.value
        where = f"{path.relative_to(ROOT)}:{v.lineno} {k.arg}="
        if isinstance(v, ast.Attribute) and v.attr == "SUPPRESS" or isinstance(v, ast.Name):
            continue                    # argparse.SUPPRESS, or a parameter passed on
        if isinstance(v, ast.BoolOp):   # `help or say(...)`: the default is checked
            v = v.values[-1]
        if isinstance(v, ast.Call) and getattr(v.func, "id", None) == "shared_help":
            name = v.args[0].value
            assert name in SHARED_HELP, f"{where}: no shared help {name!r}"
            continue                    # its texts are checked in the table below
        assert isinstance(v, ast.Call) and getattr(v.func, "id", None) == "say", \
            f"{where}: a help text in English only; write it as say(en, zh=..., ko=...)"
        kw = {x.arg: x.value for x in v.keywords}
        assert {"zh", "ko"} <= kw.keys(), f"{where}: say() without zh= and ko="
        for lang, letters in (("ko", HANGUL), ("zh", HAN)):
            text = _literal(kw[lang])
            if text is None:
                continue
            assert letters.search(text), f"{where}: the {lang} text has no {lang} in it: {text!r}"
            if lang == "ko":
                assert not MISREADINGS.search(text), f"{where}: a misreading in {text!r}"


def test_every_shared_help_is_written_for_each_reader():
    for name, (en, zh, ko) in SHARED_HELP.items():
        assert HAN.search(zh) and HANGUL.search(ko) and not MISREADINGS.search(ko), name


def _helps(lang):
    """The ``--help`` text of ``almanac`` and of each command, for a reader of ``lang``."""
    parser = build_parser(lang)
    subs = parser._subparsers._group_actions[0].choices
    return {"almanac": parser.format_help(), **{name: subs[name].format_help() for name in subs}}


def _prose(text: str) -> str:
    """``text`` without what stays as typed in every language: the usage lines, option names,
    metavars, values, quoted or backticked commands."""
    text = text.split("\n\n", 1)[1] if text.startswith(("usage", "用法", "사용법")) else text
    text = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"", " ", text)
    text = re.sub(r"\bzh-Han[st]\b|\b(?:ko|en)\b|\balmanac \w+|\b\w+_\w+\b", " ", text)       # values
    text = re.sub(r"(?<!\w)--?[a-z][\w-]*(?: [A-Z][A-Z|_,.]*)?", " ", text)     # --tz ZONE, -o
    return re.sub(r"\b[A-Z][A-Z_|]+\b", " ", text)                              # metavars


@pytest.fixture(scope="module")
def helps():
    return {lang: _helps(lang) for lang in (None, "ko", "zh-Hant", "zh-Hans")}


def test_every_command_is_described(helps):
    assert set(helps[None]) == {"almanac", *COMMANDS}


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans"])
def test_help_has_no_english_sentence_for_other_readers(helps, lang):
    letters = HANGUL if lang == "ko" else HAN
    for name, text in helps[lang].items():
        assert letters.search(text), (lang, name)
        prose = _prose(text)
        found = ENGLISH.search(prose)
        assert not found, f"{lang} almanac {name} --help: {found.group(0)!r} in\n{text}"


def test_simplified_help_is_simplified_throughout(helps):
    for name, text in helps["zh-Hans"].items():
        assert hans(text) == text, name
        assert text != helps["zh-Hant"][name] or not HAN.search(_prose(text)), name


def test_english_help_stays_english(helps):
    for name, text in helps[None].items():
        assert not HANGUL.search(text), name
        assert text.startswith("usage: "), name
        assert "options:" in text and "show this help message and exit" in text, name
    assert helps[None] == _helps("en") == _helps("xx")        # unknown language: English


def test_help_lines_fit_the_terminal_by_columns(helps, monkeypatch):
    """CJK characters take two columns: a help line is wrapped by the columns it takes, so that
    an 80-column terminal shows none broken (one unbreakable word may stand alone)."""
    monkeypatch.setenv("COLUMNS", "80")
    for lang in ("ko", "zh-Hant"):
        for name, text in _helps(lang).items():
            for line in text.splitlines():
                if width(line) > 80:
                    assert len(line.split()) <= 2, f"{lang} {name}: {line!r} takes {width(line)} columns"


def test_help_is_printed_in_the_language_asked_for(capsys):
    with pytest.raises(SystemExit) as e:
        main(["day", "--help", "--lang", "ko"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("사용법: almanac day") and "옵션:" in out and "이 도움말을" in out
    with pytest.raises(SystemExit):
        main(["--lang=zh-Hans", "chart", "--help"])
    assert capsys.readouterr().out.startswith("用法：almanac chart")


def test_korean_help_gives_a_classical_phrase_its_reading(helps):
    """A Korean reader of --help meets no classical phrase bare (「乙丑日干上巳」, how the books write
    the branch over the stem): its reading comes first, the characters beside it; a short value to
    type (예: 乙丑 또는 을축) may stand as typed."""
    ko = _helps("ko")
    for name, text in ko.items():
        bare = text
        while re.search(r"\([^()]*\)", bare):
            bare = re.sub(r"\([^()]*\)", "", bare)
        assert not re.search(r"[\u4e00-\u9fff]{4,}", bare), (name, re.findall(r"[\u4e00-\u9fff]{4,}", bare))
    for name, text in _helps("en").items():     # an English reader: the phrase with its English beside it
        flat = re.sub(r"\s+", " ", text)
        for phrase in re.findall(r"「([\u4e00-\u9fff]{4,})」", flat):
            assert re.search(rf"「{phrase}」 \([A-Z][a-z]", flat), (name, phrase)


def _lang_help(text: str) -> str | None:
    """The help of a command's ``--lang`` option, its wrapped lines joined."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.lstrip().startswith("--lang L"):
            said = [line.split("--lang L", 1)[1]]
            for nxt in lines[i + 1:]:
                if nxt.lstrip().startswith("-") or not nxt.startswith(" "):
                    break
                said.append(nxt)
            return " ".join(x.strip() for x in said)
    return None


@pytest.mark.parametrize("lang", [None, "ko", "zh-Hant", "zh-Hans"])
def test_every_lang_option_says_it_also_takes_a_language_tag(helps, lang):
    """``--lang`` reads a BCP 47 tag as one of the four languages (ko-KR, zh-TW, zh-CN, en-US):
    every command's help says so, with the four, in the reader's own words — and names only tags
    it does read, never broken across a line (zh-/Hant)."""
    from almanac.lang import LANGS, check_lang
    seen = 0
    for name, text in helps[lang].items():
        said = _lang_help(text)
        if said is None:
            continue
        seen += 1
        tags = re.findall(r"\b(?:ko|zh|en)-[A-Z]{2}\b", said)
        assert {"ko-KR", "zh-TW", "zh-CN", "en-US"} <= set(tags), (lang, name, said)
        assert [check_lang(t) for t in ("ko-KR", "zh-TW", "zh-CN", "en-US")] == ["ko", "zh-Hant", "zh-Hans", "en"]
        assert all(re.search(rf"(?<![\w-]){re.escape(x)}(?![\w-])", said) for x in LANGS), (lang, name, said)
        assert not re.search(r"\b(?:zh|ko|en)- ", said), (lang, name, said)
    assert seen == len(COMMANDS)
