"""Language tags as people and their devices write them, read as one of the almanac's four
languages, and Traditional → Simplified Chinese — what the reader's language (``almanac.lang``)
and the messages of bad input (``almanac.errors``) both read. Nothing here raises: ``lang``'s
``check_lang`` refuses a tag with ``errors.BadInput``, and a ``BadInput`` is written in the
reader's language with these, so neither of the two imports the other.

>>> known_lang("ko-KR"), known_lang("zh_TW"), known_lang("zh-Hans-HK"), known_lang("fr")
('ko', 'zh-Hant', 'zh-Hans', None)
"""
from __future__ import annotations

import re
from functools import lru_cache

LANGS = ("zh-Hant", "zh-Hans", "ko", "en")
#: the catalog's key for each language's text (zh-Hans is converted from zh)
TEXT_KEY = {"zh-Hant": "zh", "zh-Hans": "zh", "ko": "ko", "en": "en", "zh": "zh"}


#: the longest language tag read (a tag's language, script and region take a dozen characters;
#: private-use and extension subtags more, but never this many)
_TAG_WIDTH = 64
#: a subtag of a tag: 1 to 8 letters or digits (BCP 47 §2.1)
_SUBTAG = re.compile(r"[a-z0-9]{1,8}")
#: the scripts and regions of a ``zh-…`` tag read in Traditional and in Simplified characters
_ZH_SCRIPT = {"hant": "zh-Hant", "hans": "zh-Hans"}
_ZH_REGION = {"tw": "zh-Hant", "hk": "zh-Hant", "mo": "zh-Hant",
              "cn": "zh-Hans", "sg": "zh-Hans", "my": "zh-Hans"}


def known_lang(lang) -> "str | None":
    """``lang.check_lang``'s language of ``lang``, or None where it refuses it (raising nothing:
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


__all__ = ["LANGS", "TEXT_KEY", "hans", "known_lang"]
