"""The words of a day's calendar facts: its pillars (丙午年 己亥月 癸丑日, year Bingwu (丙午) …),
the phase that flourishes in its season, and the weekdays.
"""
from __future__ import annotations

from collections.abc import Mapping

from almanac.cycles import ELEMENTS, ELEMENTS_EN, ELEMENTS_KO

from .labels import label
from .lookup import term

#: the weekdays, Monday first (``date.weekday()``), as each reader names them
WEEKDAYS = {"zh-Hant": ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"),
            "ko": ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"),
            "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")}
WEEKDAYS["zh-Hans"] = WEEKDAYS["zh-Hant"]
#: the five phases read in Korean and named in English (木火土金水)
PHASES_KO = dict(zip(ELEMENTS, ELEMENTS_KO))
PHASES_EN = dict(zip(ELEMENTS, ELEMENTS_EN))


def season_text(element: str, lang: str) -> str:
    """The phase that flourishes in the season: 水旺, 수왕(水旺), Water flourishing (水旺)."""
    if lang == "ko":
        return f"{PHASES_KO[element]}왕({element}旺)"
    if lang == "en":
        return f"{PHASES_EN[element]} flourishing ({element}旺)"
    return f"{element}旺"


def pillar_line(p: Mapping[str, str], lang: str) -> str:
    """The year, month and day pillars (``{"year": "丙午", …}``) as ``lang`` reads them:
    丙午年 己亥月 癸丑日, 丙午(병오)년 …, year Bingwu (丙午), month Jihai (己亥), day Guichou (癸丑).

    >>> pillar_line({"year": "丙午", "month": "己亥", "day": "癸丑"}, "en")
    'year Bingwu (丙午), month Jihai (己亥), day Guichou (癸丑)'
    """
    if lang == "en":
        return ", ".join(f"{label(k, lang).lower()} {term(p[k], lang)}" for k in ("year", "month", "day"))
    return " ".join(f"{term(p[k], lang)}{label(k, lang)}" for k in ("year", "month", "day"))
