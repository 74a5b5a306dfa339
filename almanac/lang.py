"""The reader's language: ``zh-Hant`` (default), ``zh-Hans``, ``ko`` or ``en``.

The rule catalog writes each text in Traditional Chinese (``zh``), Korean and English;
``zh-Hans`` is the Traditional text converted by zhconv's phrase tables (``zh-cn``), which keep
the almanac's terms (天后, 發用 → 发用, 剋 → 克) as a mainland reader writes them.

>>> check_lang(None), check_lang("KO"), check_lang("zh-hans")
('zh-Hant', 'ko', 'zh-Hans')
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

from functools import lru_cache
from typing import Mapping

from almanac.errors import BadInput

LANGS = ("zh-Hant", "zh-Hans", "ko", "en")
_CANONICAL = frozenset(LANGS)
#: the catalog's key for each language's text (zh-Hans is converted from zh)
TEXT_KEY = {"zh-Hant": "zh", "zh-Hans": "zh", "ko": "ko", "en": "en", "zh": "zh"}


def check_lang(lang) -> str:
    """The canonical spelling of ``lang`` (case-insensitive; ``None`` or empty → ``zh-Hant``)."""
    if type(lang) is str and lang in _CANONICAL:    # asked tens of thousands of times a report
        return lang
    if lang is None or lang == "":
        return LANGS[0]
    if isinstance(lang, str):
        t = lang.strip().lower()
        for known in LANGS:
            if t == known.lower():
                return known
        if t == "zh":       # the catalog's own key
            return LANGS[0]
    raise BadInput(f"unknown language {lang!r} (accepted: {', '.join(LANGS)})",
                   zh=f"未知的語言：{lang!r}（可用值：{'、'.join(LANGS)}）",
                   ko=f"알 수 없는 언어: {lang!r} (가능한 값: {', '.join(LANGS)})")


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
