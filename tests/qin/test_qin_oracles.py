"""Day pillar and day 禽 against independent libraries over 1901–2099.

- every day: the day pillar against sxtwl, and the day 禽 against lunar-python's own ``XIU`` table
  (the table ``Lunar.getXiu()`` reads, keyed by day branch + weekday);
- a dense sample (every 31st day, all weekdays and branches) against the full lunar-python
  ``Lunar`` object (``getXiu``, ``getDayInGanZhi``);
- a sample against cnlunar (``today28Star``, ``day8Char``, ``twohour8Char``).
"""
from __future__ import annotations

import functools
from datetime import date, datetime, timedelta

import pytest

from almanac.cycles import BRANCHES, STEMS
from almanac.mansions import Mansion
from almanac.qin import day_qin, hour_qin, zi_hour
from almanac.qin.day import day_mansion, day_pillar

START, END = date(1901, 1, 1), date(2099, 12, 31)


def days(step: int = 1, start: date = START):
    d = start
    while d <= END:
        yield d
        d += timedelta(days=step)


def test_every_day_pillar_sxtwl_and_mansion_lunar_python_table():
    sxtwl = pytest.importorskip("sxtwl")
    from lunar_python.util import LunarUtil

    n = 0
    for d in days():
        day = sxtwl.fromSolar(d.year, d.month, d.day)
        gz = day.getDayGZ()
        p = day_pillar(d)
        assert (p.stem, p.branch) == (gz.tg, gz.dz), d
        xiu = LunarUtil.XIU[BRANCHES[gz.dz] + str(day.getWeek())]
        assert day_mansion(d) == Mansion.parse(xiu), d
        n += 1
    assert n == (END - START).days + 1 == 72684


def test_dense_sample_lunar_python_objects(monkeypatch):
    from lunar_python import LunarYear, Solar

    # lunar-python keeps one LunarYear in its cache; remember them all for this test (speed only).
    monkeypatch.setattr(LunarYear, "fromYear", staticmethod(functools.lru_cache(None)(LunarYear.fromYear)))
    n = 0
    for d in days(31):
        lunar = Solar.fromYmd(d.year, d.month, d.day).getLunar()
        assert Mansion.parse(lunar.getXiu()) == day_mansion(d), d
        assert lunar.getDayInGanZhi() == str(day_pillar(d)), d
        n += 1
    assert n > 2300


def test_sample_cnlunar():
    cnlunar = pytest.importorskip("cnlunar")
    n = 0
    for i, d in enumerate(days(23)):
        if d >= date(2100, 2, 9):          # cnlunar's tables end there
            break
        hour = (9 + 5 * i) % 23             # never 23:xx: cnlunar moves day8Char to the next day
        t = datetime(d.year, d.month, d.day, hour, 30)
        c = cnlunar.Lunar(t, godType="8char")
        q = day_qin(d)
        assert Mansion.parse(c.today28Star) == q.mansion, d      # simplified full name
        assert c.day8Char == str(q.pillar), d
        zi_day, b = zi_hour(t)
        assert c.twohour8Char == str(hour_qin(zi_day, b).pillar), t
        n += 1
    assert n > 3000


def test_lunar_python_hour_pillar_including_late_zi(monkeypatch):
    from lunar_python import LunarYear, Solar

    monkeypatch.setattr(LunarYear, "fromYear", staticmethod(functools.lru_cache(None)(LunarYear.fromYear)))

    for i, d in enumerate(days(97, date(1950, 1, 1))):
        for hh, mm in ((0, 30), (1, 0), (11, 59), (12, 0), (22, 59), (23, 0), (23, 30)):
            t = datetime(d.year, d.month, d.day, hh, mm)
            zi_day, b = zi_hour(t)
            s = Solar.fromYmdHms(t.year, t.month, t.day, hh, mm, 0)
            assert s.getLunar().getTimeInGanZhi() == str(hour_qin(zi_day, b).pillar), t
        if i > 120:
            break


def test_stems_and_branches_tables_used():
    assert STEMS[day_pillar(date(1993, 10, 10)).stem] == "甲"
