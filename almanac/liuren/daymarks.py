"""What the 課體 of a moment read of its day: whether a 立 or a 分/至 falls on it, and the moon's 宿
and phase by the lunar date.

The day is the almanac day of the moment (its clock and day boundary, as ``moment_hour`` gives
it); the lunar date is that day's in the national calendar the options choose (``calendar.lunar``).
:func:`day_marks` is what ``almanac.liuren.keti.moment`` takes beside the month, year and 月將.

>>> from datetime import date
>>> from zoneinfo import ZoneInfo
>>> m = day_marks(date(2023, 3, 21), ZoneInfo("Asia/Shanghai"))      # 春分 2023, 二月三十 (晦)
>>> m["fenzhi"], m["sili"], m["sizheng"], m["yuesu"]                # the moon in 女: 子
(True, False, True, 0)
"""
from __future__ import annotations

from datetime import date
from functools import lru_cache

from ..calendar import ONE_DAY, CalendarOptions, is_fenzhi_day, is_sili_day, lunar_date
from ..lunar import calendar_for
from ..shared import FrozenDict
from . import yuesu

#: the names :func:`day_marks` gives (each a name of ``almanac.liuren.keti.CONTEXT``)
NAMES = ("sili", "fenzhi", "yuesu", "sizheng")


def day_marks(d: date, tz, opts: CalendarOptions | None = None, reckoning: str = "daquan") -> FrozenDict:
    """``{sili, fenzhi, yuesu, sizheng}`` of almanac day ``d`` in zone ``tz``: a 立 falls on it, a 分
    or 至 falls on it, the palace of the moon's 宿 (``almanac.liuren.yuesu``, counted by
    ``reckoning``: the school's ``keti_yuesu``), and whether it is one of the 四正 (朔 上弦 望 下弦 晦).
    Worked out once per day and shared (read-only)."""
    return _marks(d, tz, opts or _DEFAULT, reckoning)


_DEFAULT = CalendarOptions()


@lru_cache(maxsize=1024)
def _marks(d: date, tz, opts: CalendarOptions, reckoning: str) -> FrozenDict:
    which = calendar_for(opts.lunar, getattr(tz, "key", None))
    ld = lunar_date(d, which)
    last = lunar_date(d + ONE_DAY, which).day == 1
    return FrozenDict(sili=is_sili_day(d, tz, opts), fenzhi=is_fenzhi_day(d, tz, opts),
                      yuesu=yuesu.branch(ld.month, ld.day, reckoning), sizheng=yuesu.is_sizheng(ld.day, last))


__all__ = ["NAMES", "day_marks"]
