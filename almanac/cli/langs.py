"""Which language a command line speaks in, read before it is parsed (so that even an argument
error is told in the reader's language): its ``--lang`` (``asked_lang``), else the
configuration's ``lang``, else the locale (``reader_lang``); and a ``--lang`` typed before the
command moved after it (``lang_after_command``).
"""
from __future__ import annotations

import os

from almanac.errors import BadInput


def asked_lang(argv: list[str]) -> str | None:
    """The ``--lang`` the command line asks for (``--lang ko``, ``--lang=ko``), read before
    parsing, so that even an argument error is told in the reader's language; None if none.
    Given twice, the last one, as argparse reads it (``--lang ko --lang xx`` is refused as
    ``xx``, so it is told in English).

    >>> asked_lang(["day", "--lang", "ko"]), asked_lang(["day", "--lang=ko", "--lang", "en"]), asked_lang(["day"])
    ('ko', 'en', None)
    """
    asked = None
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif a.startswith("--lang="):
            asked = a.split("=", 1)[1]
    return asked


def reader_lang(argv: list[str], environ=None) -> str | None:
    """The language the command line speaks in: its ``--lang`` (:func:`asked_lang`), else the
    ``lang`` of the configuration it reads (``--config FILE``, else ``$ALMANAC_CONFIG``), else the
    process locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ko_KR.UTF-8`` is Korean); None when
    none says one. A configuration that cannot be read says nothing here (the command reports it).

    >>> reader_lang(["day"], {"LANG": "ko_KR.UTF-8"}), reader_lang(["day", "--lang", "en"], {"LANG": "ko_KR"})
    ('ko', 'en')
    >>> reader_lang(["day"], {"LANG": "C.UTF-8"}) is None
    True
    """
    asked = asked_lang(argv)
    if asked:
        return asked
    from almanac.reader import config_lang, locale_lang
    path = None
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--config" and i + 1 < len(argv):
            path = argv[i + 1]
        elif a.startswith("--config="):
            path = a.split("=", 1)[1]
    env = os.environ if environ is None else environ
    path = path or env.get("ALMANAC_CONFIG")
    if path:
        from almanac import config as _config
        try:
            lang = config_lang(_config.load(path))
        except BadInput:
            lang = None
        if lang:
            return lang
    return locale_lang(env)


def lang_after_command(argv: list[str]) -> list[str]:
    """``argv`` with a ``--lang L`` given before the command moved after it, where every command
    takes it: ``almanac --lang ko day …`` is ``almanac day … --lang ko`` (argparse read ``ko`` as
    the command and refused it as an unknown one).

    >>> lang_after_command(["--lang", "ko", "day", "2026-02-03"])
    ['day', '2026-02-03', '--lang', 'ko']
    >>> lang_after_command(["--lang=en", "feed", "-o", "-", "--", "x"])
    ['feed', '-o', '-', '--lang=en', '--', 'x']
    >>> lang_after_command(["--lang", "ko", "--help"]), lang_after_command(["day", "--lang", "ko"])
    (['--help'], ['day', '--lang', 'ko'])
    """
    lead: list[str] = []
    rest = list(argv)
    while rest:
        if rest[0] == "--lang" and len(rest) > 1:
            lead, rest = lead + rest[:2], rest[2:]
        elif rest[0].startswith("--lang="):
            lead, rest = lead + rest[:1], rest[1:]
        else:
            break
    if not lead:
        return list(argv)
    if not rest or rest[0].startswith("-"):     # no command follows (`almanac --lang ko --help`):
        return rest                             # the language is read by asked_lang alone
    end = rest.index("--") if "--" in rest else len(rest)
    return rest[:end] + lead + rest[end:]
