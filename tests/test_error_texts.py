"""Every bad-input message is written for each reader: English (the message), Traditional Chinese
(``zh=``) and Korean (``ko=``), where it is raised; a reader who asked for a language meets no
whole sentence of another (almanac/errors.py)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.test_terms import MISREADINGS

ROOT = Path(__file__).resolve().parents[1]
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
