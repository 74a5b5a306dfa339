"""The reader's language: ``zh-Hant`` (default), ``zh-Hans``, ``ko`` or ``en``.

The rule catalog writes each text in Traditional Chinese (``zh``), Korean and English;
``zh-Hans`` is the Traditional text converted by zhconv's phrase tables (``zh-cn``), which keep
the almanac's terms (天后, 發用 → 发用, 剋 → 克) as a mainland reader writes them.

A language tag as people and their devices write it (BCP 47, ``_`` or ``-``, any case) is read
by its language and its script or region: ``ko-KR`` is ``ko``, ``en-GB`` is ``en``, ``zh-TW``,
``zh-HK``, ``zh-MO`` and script ``Hant`` are ``zh-Hant``, ``zh-CN``, ``zh-SG`` and script ``Hans``
are ``zh-Hans`` (a script before a region: ``zh-Hans-HK`` is Simplified):

>>> check_lang(None), check_lang("KO"), check_lang("zh-hans")
('zh-Hant', 'ko', 'zh-Hans')
>>> [check_lang(t) for t in ("ko_KR", "zh-TW", "zh-hant-hk", "zh-CN", "zh-Hans-HK", "en-GB", "zh")]
['ko', 'zh-Hant', 'zh-Hant', 'zh-Hans', 'zh-Hans', 'en', 'zh-Hant']
>>> hans("發用乘天乙 — 其人厚重有體")
'发用乘天乙 — 其人厚重有体'
>>> in_lang({"zh": "截路空亡", "ko": "절로공망", "en": "road cut off"}, "zh-Hans")
'截路空亡'
>>> check_lang("fr")
Traceback (most recent call last):
...
almanac.errors.BadInput: unknown language 'fr' (accepted: zh-Hant, zh-Hans, ko, en)
"""
from __future__ import annotations

import re
from typing import Mapping

from almanac.errors import BadInput
from almanac.lang_tags import LANGS, TEXT_KEY, hans, known_lang  # noqa: F401 — read here too

_CANONICAL = frozenset(LANGS)


def check_lang(lang) -> str:
    """The canonical spelling of ``lang`` (case-insensitive; ``None`` or empty → ``zh-Hant``; a
    BCP 47 tag by its language and script or region, see above)."""
    if type(lang) is str and lang in _CANONICAL:    # asked tens of thousands of times a report
        return lang
    if lang is None or lang == "":
        return LANGS[0]
    known = known_lang(lang)
    if known is not None:
        return known
    raise BadInput(f"unknown language {lang!r} (accepted: {', '.join(LANGS)})",
                   zh=f"未知的語言：{lang!r}（可用值：{'、'.join(LANGS)}）",
                   ko=f"알 수 없는 언어: {lang!r} (가능한 값: {', '.join(LANGS)})")


#: what of an ``Accept-Language`` header is read: its first characters and languages (a browser
#: sends a handful; anything past these is junk, never worth the work)
_ACCEPT_WIDTH, _ACCEPT_MOST = 2048, 32
#: one language of an ``Accept-Language``: its range, then its weight (RFC 9110 §12.4.2, §12.5.4)
_WEIGHT = re.compile(r"q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*", re.I)


def preferred_lang(accept_language) -> "str | None":
    """The first of the almanac's languages (canonical) a browser's ``Accept-Language`` header
    prefers — by quality value, the header's order among equals; ``q=0`` is "not this one" — or
    None when it names none of them. A malformed header, or part of one, is ignored, never an
    error: a language with a weight that is none (``q=2``, ``q=x``) is passed over.

    >>> preferred_lang("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7"), preferred_lang("fr-CH, fr;q=0.9, zh-TW;q=0.5, en;q=0.4")
    ('ko', 'zh-Hant')
    >>> preferred_lang("en;q=0.5, zh-CN"), preferred_lang("ko;q=0, en"), preferred_lang("de, *"), preferred_lang(";;,q=,")
    ('zh-Hans', 'en', None, None)
    """
    if not isinstance(accept_language, str) or not accept_language:
        return None
    ranked = []
    for i, item in enumerate(accept_language[:_ACCEPT_WIDTH].split(",", _ACCEPT_MOST)[:_ACCEPT_MOST]):
        tag, *params = item.split(";")
        q = 1.0
        for param in params:
            if param.strip()[:1].lower() == "q":
                m = _WEIGHT.fullmatch(param.strip())
                q = float(m.group(1)) if m else -1.0
        if q > 0:
            ranked.append((-q, i, tag.strip()))
    for _, _, tag in sorted(ranked):
        known = known_lang(tag) if tag else None
        if known is not None:
            return known
    return None


def in_lang(texts: Mapping[str, str], lang: str) -> str:
    """The text of a ``{zh, ko, en}`` table for ``lang`` (zh-Hans converted from zh)."""
    lang = check_lang(lang)
    out = texts.get(TEXT_KEY[lang]) or texts["zh"]
    return hans(out) if lang == "zh-Hans" else out
