"""Every help text of the command line is written for each reader, as the error lines are: each
``help=``, ``description=`` and ``epilog=`` of almanac/cli is a ``say(en, zh=, ko=)``, and
``--help --lang ko|zh-Hant|zh-Hans`` reads with no English sentence in it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from almanac.cli import COMMANDS, main
from tests.test_error_texts import ENGLISH, HAN, HANGUL, _literal
from tests.test_terms import MISREADINGS

CLI = Path(__file__).resolve().parents[1] / "almanac" / "cli"
TEXTS = ("help", "description", "epilog")
#: values and names a translated help keeps as they are typed
VALUES = re.compile(r"`[^`]*`|\bzh-Han[st]\b|\b(?:ko|en)\b|\balmanac \w+|\[[^\]]*\]")


def _calls(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            yield node


def _is_say(node) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "say"


@pytest.mark.parametrize("path", sorted(CLI.glob("*.py")), ids=lambda p: p.name)
def test_every_help_text_is_said_in_each_language(path):
    for call in _calls(path):
        for kw in call.keywords:
            if kw.arg in TEXTS and _literal(kw.value) is not None:
                raise AssertionError(f"{path.name}:{call.lineno}: {kw.arg}= is not a say(en, zh=, ko=)")
        if not _is_say(call):
            continue
        where = f"{path.name}:{call.lineno}"
        kw = {k.arg: k.value for k in call.keywords}
        assert len(call.args) == 1 and set(kw) == {"zh", "ko"}, where
        for lang, letters in (("ko", HANGUL), ("zh", HAN)):
            text = _literal(kw[lang])
            assert text is not None, f"{where}: the {lang} text is not written here"
            assert letters.search(text), f"{where}: the {lang} text has no {lang} in it: {text!r}"
            assert not ENGLISH.search(VALUES.sub("", text)), f"{where}: an English sentence in {text!r}"
        assert not MISREADINGS.search(_literal(kw["ko"])), f"{where}: a misreading in the ko text"


def _help(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 0
    return capsys.readouterr().out


def _texts(out: str) -> list[str]:
    """The help's sentences: each line without the usage, the option names and their metavars."""
    texts, in_usage = [], False
    for line in out.splitlines():
        if not line.startswith(" "):
            in_usage = bool(re.match(r"\S+[:：] ?almanac", line))
        if in_usage or not line.strip():
            continue
        # "  --tz ZONE   text", "  -o FILE, --output FILE", "    day       text", "  COMMAND"
        m = re.match(r"\s+(?:-\S+(?: [A-Z|{},]\S*)?(?:, -\S+(?: [A-Z|{},]\S*)?)*|[a-z]+|COMMAND)(?:\s{2,}|$)", line)
        texts.append(line[m.end():] if m else line.strip())
    return [t for t in texts if t]


@pytest.mark.parametrize("lang", ["ko", "zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_reads_in_the_language_asked_for(command, lang, capsys):
    argv = [command] if command else []
    english = _texts(_help([*argv, "--help"], capsys))
    told = _texts(_help([*argv, "--help", "--lang", lang], capsys))
    assert english and told
    for text in told:
        assert not ENGLISH.search(VALUES.sub("", text)), f"{command} --lang {lang}: {text!r}"
    letters = HANGUL if lang == "ko" else HAN
    assert all(letters.search(t) or not ENGLISH.search(VALUES.sub("", t)) for t in told)
    assert sum(1 for t in told if letters.search(t)) >= len(told) // 2, told
    if lang == "ko":
        assert not MISREADINGS.search("\n".join(told))
    if lang == "zh-Hans":
        from almanac.lang import hans
        assert all(hans(t) == t for t in told)


def test_help_lines_break_where_the_reader_breaks_them():
    """Korean breaks between words only (행년(行年)을 stays whole); Chinese between characters, but
    no line starts with closing punctuation or ends with opening punctuation."""
    from almanac.cli import _wrap, width
    ko = "판단 대상인 사람의 태어난 해 또는 생일: 본명(本命)과 행년(行年)을 따집니다"
    for cols in range(10, 60):
        lines = _wrap(ko, cols)
        assert " ".join(lines) == ko
        assert all(width(x) <= cols or " " not in x for x in lines)
    zh = "大六壬課式：天地盤、四課、三傳、天將、旬空、格局。如「乙丑日干上巳」（書中例課）"
    for cols in range(10, 60):
        lines = _wrap(zh, cols)
        assert "".join(lines) == zh and all(width(x) <= cols for x in lines)
        assert not any(x[0] in "）」、，。：；" or x[-1] in "（「" for x in lines), lines
    en = "the Great Six Ren (大六壬) at 23:30–01:30 KST"
    for cols in range(10, 40):
        assert not any(x.endswith("(") or x.startswith(("–", ")")) for x in _wrap(en, cols))
