"""The words of the command line in its reader's language: the help texts (``say``, in the
language the parser being built writes for: ``help_in``), the lines a command prints while it runs
(``told``), and the wording several commands share (``LANG_VALUES``, ``shared_help``).
"""
from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

#: the language the parser being built writes its help in (``build_parser``)
_HELP_LANG: contextvars.ContextVar[str | None] = contextvars.ContextVar("help_lang", default=None)


@contextlib.contextmanager
def help_in(lang: str | None) -> Iterator[None]:
    """While the parser is built: ``say`` writes for a reader of ``lang`` (a language checked
    already; None for English)."""
    token = _HELP_LANG.set(lang)
    try:
        yield
    finally:
        _HELP_LANG.reset(token)


def say(en: str, *, zh: str, ko: str) -> str:
    """A help text in the language the command line asked for (``--lang``, read before parsing):
    ``zh`` for zh-Hant, converted for zh-Hans, ``ko`` for ko, ``en`` otherwise. Every ``help=``,
    ``description=`` and ``epilog=`` of the commands is one of these, so that ``--help`` reads in
    the reader's language as the error lines do."""
    lang = _HELP_LANG.get()
    if lang is None:
        return en
    from almanac.lang import in_lang
    return in_lang({"en": en, "zh": zh, "ko": ko}, lang)


def told(lang: str | None, en: str, *, zh: str, ko: str) -> str:
    """A line a command prints while it runs (a summary, a start-up line), for the reader of
    ``lang`` (its ``--lang``, checked by the command); English when none was asked for.

    >>> told(None, "done", zh="完成", ko="끝났습니다"), told("ko", "done", zh="完成", ko="끝났습니다")
    ('done', '끝났습니다')
    """
    if not lang:
        return en
    from almanac.lang import in_lang
    return in_lang({"en": en, "zh": zh, "ko": ko}, lang)


#: the values every ``--lang`` takes, as each reader's help names them — the one home of that
#: wording: the four languages, and the BCP 47 tags ``almanac.lang.check_lang`` reads as one of them
LANG_VALUES = {
    "en": "zh-Hant, zh-Hans, ko or en, or a tag such as ko-KR, zh-TW, zh-CN or en-US",
    "zh": "zh-Hant、zh-Hans、ko 或 en，亦可用 ko-KR、zh-TW、zh-CN、en-US 等語言標籤",
    "ko": "zh-Hant, zh-Hans, ko, en 또는 ko-KR·zh-TW·zh-CN·en-US 같은 언어 태그",
}

#: the help of an option several commands give alike (:func:`shared_help`), in each language
SHARED_HELP = {
    "json": ("print one JSON document", "輸出一份 JSON 文件", "JSON 문서 하나로 출력합니다"),
    "tz": ("IANA time zone (default: calendar.default_tz)", "IANA 時區（預設：calendar.default_tz）",
           "IANA 시간대 (기본값: calendar.default_tz)"),
    "lang_descriptions": (
        f"language of the descriptions: {LANG_VALUES['en']} (default: the configuration's lang)",
        f"說明文字的語言：{LANG_VALUES['zh']}（預設：設定的 lang）",
        f"설명의 언어: {LANG_VALUES['ko']} (기본값: 설정의 lang)"),
}


def shared_help(name: str) -> str:
    """The help of an option several commands share (``json``, ``tz``, ``lang_descriptions``), in
    the reader's language (:func:`say`)."""
    en, zh, ko = SHARED_HELP[name]
    return say(en, zh=zh, ko=ko)

