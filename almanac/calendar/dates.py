"""The dates a reader asks for: the years the calendar answers for (:data:`MIN_YEAR` …
:data:`MAX_YEAR`), a date from ``YYYY-MM-DD`` or a day word (today, 내일, 明天 …), and the lunar
date of a civil date.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, tzinfo

from .. import lunar as _lunar
from ..errors import BadInput
from ..lunar import LunarDate
from .zones import zone

#: The years this calendar answers for. sxtwl computes further, but its ephemeris and the
#: historical time-zone rules are not meant for far epochs; outside this range is bad input.
MIN_YEAR, MAX_YEAR = 1000, 2999


def check_year(y: int, reach: int = 0) -> None:
    """A date or moment asked for lies in the supported years, or bad input. ``reach=1`` for what
    the calculation reads: the first and last days of the range reach into the years beside them
    (1000-01-01's 子 hour begins on 12-31 of 999 east of Greenwich, 2999-12-31's 月宿 reads the
    lunar date of the day after), and sxtwl computes there as well as anywhere in the range."""
    if not MIN_YEAR - reach <= y <= MAX_YEAR + reach:
        raise BadInput(f"year {y} is outside the supported range {MIN_YEAR}–{MAX_YEAR}",
                       zh=f"不支援的年份：{y}（支援的年份：{MIN_YEAR}–{MAX_YEAR}）",
                       ko=f"지원하지 않는 연도: {y} (지원하는 연도: {MIN_YEAR}–{MAX_YEAR})")


#: the days a reader names by a word rather than a date (each language's everyday words), as days
#: from today: today, tomorrow, … (``parse_date(…, today_in=ZONE)``)
DAY_WORDS = {"today": 0, "tomorrow": 1, "yesterday": -1,
             "오늘": 0, "내일": 1, "모레": 2, "어제": -1,
             "今天": 0, "明天": 1, "後天": 2, "后天": 2, "昨天": -1, "今日": 0, "明日": 1}


def day_word(value, today_in) -> "date | None":
    """The date a day word (:data:`DAY_WORDS`: ``today``, ``오늘``, ``明天`` …, any case) names
    in zone ``today_in`` (a name or a ZoneInfo) now, or None when ``value`` is no such word.

    >>> day_word("tomorrow", "Asia/Seoul") - day_word("오늘", "Asia/Seoul")
    datetime.timedelta(days=1)
    >>> day_word("2026-11-29", "Asia/Seoul") is None
    True
    """
    if not isinstance(value, str):
        return None
    shift = DAY_WORDS.get(value.strip().casefold())
    if shift is None:
        return None
    z = today_in if isinstance(today_in, tzinfo) else zone(today_in)
    return datetime.now(z).date() + timedelta(days=shift)


def parse_date(value: "date | str", today_in=None) -> date:
    """A ``date`` from a ``date`` or ``YYYY-MM-DD``, or bad input. With ``today_in`` (a zone),
    a day word (:func:`day_word`: today, tomorrow, 오늘, 내일, 今天, 明天 …) is that day there."""
    if today_in is not None:
        named = day_word(value, today_in)
        if named is not None:
            return named
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        check_year(value.year)
        return value
    try:
        text = str(value).strip()
        if len(text) != 10:
            raise ValueError
        d = date.fromisoformat(text)
    except ValueError:
        if today_in is not None:
            raise BadInput(f"{value!r} is not a valid date (YYYY-MM-DD, e.g. 2026-11-29, or today, tomorrow)",
                           zh=f"日期無效：{value!r}（格式 YYYY-MM-DD，例如 2026-11-29；或 今天、明天）",
                           ko=f"올바른 날짜가 아닙니다: {value!r} (YYYY-MM-DD, 예: 2026-11-29, 또는 오늘, 내일)") from None
        raise BadInput(f"{value!r} is not a valid date (YYYY-MM-DD, e.g. 2026-11-29)",
                       zh=f"日期無效：{value!r}（格式 YYYY-MM-DD，例如 2026-11-29）",
                       ko=f"올바른 날짜가 아닙니다: {value!r} (YYYY-MM-DD, 예: 2026-11-29)") from None
    check_year(d.year)
    return d


def lunar_date(d: date, calendar: str = "chinese") -> LunarDate:
    """The lunar date of a civil date in the ``chinese`` (sxtwl) or ``korean`` (KASI) calendar,
    with its leap-month flag (``almanac.lunar``)."""
    check_year(d.year, reach=1)
    return _lunar.lunar_date(d, calendar)
