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
from functools import lru_cache
from typing import Mapping

from almanac.errors import BadInput

LANGS = ("zh-Hant", "zh-Hans", "ko", "en")
_CANONICAL = frozenset(LANGS)
#: the catalog's key for each language's text (zh-Hans is converted from zh)
TEXT_KEY = {"zh-Hant": "zh", "zh-Hans": "zh", "ko": "ko", "en": "en", "zh": "zh"}


def check_lang(lang) -> str:
    """The canonical spelling of ``lang`` (case-insensitive; ``None`` or empty → ``zh-Hant``; a
    BCP 47 tag by its language and script or region, see above)."""
    if type(lang) is str and lang in _CANONICAL:    # asked tens of thousands of times a report
        return lang
    if lang is None or lang == "":
        return LANGS[0]
    known = _known(lang)
    if known is not None:
        return known
    raise BadInput(f"unknown language {lang!r} (accepted: {', '.join(LANGS)})",
                   zh=f"未知的語言：{lang!r}（可用值：{'、'.join(LANGS)}）",
                   ko=f"알 수 없는 언어: {lang!r} (가능한 값: {', '.join(LANGS)})")


#: the longest language tag read (a tag's language, script and region take a dozen characters;
#: private-use and extension subtags more, but never this many)
_TAG_WIDTH = 64
#: a subtag of a tag: 1 to 8 letters or digits (BCP 47 §2.1)
_SUBTAG = re.compile(r"[a-z0-9]{1,8}")
#: the scripts and regions of a ``zh-…`` tag read in Traditional and in Simplified characters
_ZH_SCRIPT = {"hant": "zh-Hant", "hans": "zh-Hans"}
_ZH_REGION = {"tw": "zh-Hant", "hk": "zh-Hant", "mo": "zh-Hant",
              "cn": "zh-Hans", "sg": "zh-Hans", "my": "zh-Hans"}


def _known(lang) -> "str | None":
    """:func:`check_lang`'s language of ``lang``, or None where it refuses it (raising nothing:
    a browser's header names many languages it passes over)."""
    if isinstance(lang, str) and len(lang) <= _TAG_WIDTH:
        return _read_tag(lang.strip().lower())
    return None


@lru_cache(maxsize=256)
def _read_tag(tag: str) -> "str | None":
    """The language of a lower-cased tag (``ko-kr``, ``zh_hant_tw``), None when it is none of the
    four: its first subtag the language, a script (four letters) before a region (two letters
    or three digits) for ``zh``; a ``zh`` with neither, or with another region, is Traditional
    (as ``zh`` alone)."""
    for known in LANGS:
        if tag == known.lower():
            return known
    subtags = re.split(r"[-_]", tag)
    if not all(_SUBTAG.fullmatch(t) for t in subtags):
        return None
    first, rest = subtags[0], subtags[1:]
    if first in ("ko", "en"):
        return first
    if first != "zh":
        return None
    if "x" in rest:                 # private use: what follows is no script or region
        rest = rest[:rest.index("x")]
    script = next((_ZH_SCRIPT[t] for t in rest if t in _ZH_SCRIPT), None)
    return script or next((_ZH_REGION[t] for t in rest if t in _ZH_REGION), LANGS[0])


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
        known = _known(tag) if tag else None
        if known is not None:
            return known
    return None


@lru_cache(maxsize=4096)
def hans(text: str) -> str:
    """Traditional → Simplified Chinese (mainland usage)."""
    return _zhconv()(text, "zh-cn")


@lru_cache(maxsize=1)
def _zhconv():
    """zhconv's ``convert``, imported without ``pkg_resources``. zhconv asks pkg_resources only
    for the path of its own table file, beside its module, and opens that same file itself when
    pkg_resources cannot be imported; importing pkg_resources scans every installed
    distribution (≈0.35 s on a quiet machine, seven times the loading of the table), which a
    nightly run that converts a handful of names paid in full. ``None`` in ``sys.modules``
    makes that one import fail for the moment zhconv's module is being loaded; a
    pkg_resources already imported by something else is left as it is and used."""
    import sys
    if "zhconv.zhconv" not in sys.modules and "pkg_resources" not in sys.modules:
        sys.modules["pkg_resources"] = None         # type: ignore[assignment]
        try:
            import zhconv.zhconv                     # noqa: F401
        finally:
            if sys.modules.get("pkg_resources", 0) is None:
                del sys.modules["pkg_resources"]
    from zhconv import convert
    return convert


def in_lang(texts: Mapping[str, str], lang: str) -> str:
    """The text of a ``{zh, ko, en}`` table for ``lang`` (zh-Hans converted from zh)."""
    lang = check_lang(lang)
    out = texts.get(TEXT_KEY[lang]) or texts["zh"]
    return hans(out) if lang == "zh-Hans" else out
