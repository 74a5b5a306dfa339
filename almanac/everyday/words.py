"""A name in the almanac's four languages, and a citation for people.

Each table of the everyday layer keeps its names beside it as :class:`Word` values: the
Traditional Chinese name (zh-Hans is converted from it, ``almanac.lang.hans``), the Korean reading
and the English gloss. A Korean reader meets the hanja beside the Korean word (건제(建除)), an
English reader the characters beside the English (Full (滿)); a Korean folk term that has no hanja
of its own (손 없는 날) is written as Koreans write it.

>>> w = Word("建", "건", "Establish")
>>> [w.text(lg) for lg in ("zh-Hant", "zh-Hans", "ko", "en")]
['建', '建', '건(建)', 'Establish (建)']
"""
from __future__ import annotations

from dataclasses import dataclass

from ..lang import check_lang, hans


@dataclass(frozen=True)
class Word:
    zh: str          # Traditional Chinese
    ko: str          # Korean (hangul; hanja added when shown, unless it already carries them)
    en: str          # English

    def text(self, lang: str = "zh-Hant") -> str:
        lg = check_lang(lang)
        if lg == "zh-Hant":
            return self.zh
        if lg == "zh-Hans":
            return hans(self.zh)
        if lg == "ko":
            return self.ko if ("(" in self.ko or not _has_han(self.zh)) else f"{self.ko}({self.zh})"
        return f"{self.en} ({self.zh})"

    def names(self) -> dict:
        """``{"zh", "ko", "en"}``: the three written names (zh-Hans is converted on demand)."""
        return {"zh": self.zh, "ko": self.ko, "en": self.en}


def _has_han(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


@dataclass(frozen=True)
class Cite:
    """Where a rule comes from: ``source`` the machine form (book, chapter, quoted phrase), and the
    same for each reader (:meth:`text`)."""
    zh: str          # e.g. 《御定星曆考原》卷五 日時總類「月建十二神」
    ko: str          # e.g. 《어정성력고원(御定星曆考原)》 권5 「월건십이신(月建十二神)」
    en: str          # e.g. Yuding Xingli Kaoyuan, juan 5, "Twelve Gods of the Month Establishment"

    def text(self, lang: str = "zh-Hant") -> str:
        lg = check_lang(lang)
        if lg == "zh-Hans":
            return hans(self.zh)
        return {"zh-Hant": self.zh, "ko": self.ko, "en": self.en}[lg]

    @property
    def source(self) -> str:
        return self.zh


def pick(table: dict, lang: str) -> str:
    """The text of a ``{"zh", "ko", "en"}`` table in ``lang`` (zh-Hans converted from zh)."""
    lg = check_lang(lang)
    if lg == "zh-Hans":
        return hans(table["zh"])
    return table["zh" if lg == "zh-Hant" else lg]


__all__ = ["Word", "Cite", "pick"]
