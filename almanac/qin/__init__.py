"""The 演禽 engine: the 28 禽 of days and hours, the 七元 and its 將, 翻禽/倒將/活曜, the taboos
(暗金, 伏斷, 截路空亡) and the seed's situations — pure functions over frozen dataclasses.

Rules and citations: ``000_4c1b45775ab319f3.txt`` (the 演禽賦 with its 原注); disputed choices
are options (``QinOptions``, config section ``[qin]``), documented in ``docs/qin.md``.

>>> from datetime import date, datetime
>>> from almanac.qin import QinOptions, day_qin, hour_qin, zi_hour
>>> opts = QinOptions.from_config(None)
>>> day_qin(date(1993, 10, 10), opts).to_json()["qin"]["name"]
'虛日鼠'
>>> zi_day, branch = zi_hour(datetime(1993, 10, 9, 23, 30))    # 23:xx is the next day's 子
>>> h = hour_qin(zi_day, branch, opts)
>>> str(zi_day), str(h.pillar), h.mansion.char, h.to_json()["flags"]
('1993-10-10', '甲子', '虛', {'anjin': False, 'fuduan': True, 'jielu': False, 'jielu_strict': False})
"""
from .day import DayQin, day_qin
from .hour import HourQin, hour_qin, zi_hour
from .options import QinOptions
from .seasons import SeasonMarks

__all__ = ["DayQin", "HourQin", "QinOptions", "SeasonMarks", "day_qin", "hour_qin", "zi_hour"]
