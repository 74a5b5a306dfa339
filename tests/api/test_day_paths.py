"""``api.day`` reads its hours straight into JSON (``days._hours_json``); the same hours made from
the ``Hour`` objects of ``almanac_hours`` (``days._hours_json_of``, what ``api.day`` gave before)
must be the same text, day after day, in every zone, school and clock."""
from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from almanac import api
from almanac.api import days
from almanac.api.choices import load
from almanac.hours import almanac_hours
from almanac.liuren.daymarks import day_marks
from almanac.hours import Options


def _dump(doc) -> str:
    return json.dumps(doc, ensure_ascii=False)


def _reference(d: date, tz: str, cfg) -> str:
    """``api.day`` with its hours from the ``Hour`` objects."""
    doc = api.day(d, tz=tz, config=cfg)
    dd, z, c = days.resolve(d, tz, cfg)
    opts = Options.from_config(c)
    marks = day_marks(dd, z, opts.calendar, opts.liuren.keti_yuesu)
    doc["hours"] = days._hours_json_of(almanac_hours(dd, z, c), marks)
    return _dump(doc)


#: the default school; a second school with the other 時禽 rule, 所泊 and 子午 晝/夜; a third on
#: true solar time with 晝/夜 by the sun and the day turning at midnight
CONFIGS = [
    None,
    {"qin": {"hour_rule": "qiyuan", "bo": "suobo"}, "liuren": {"daynight": "ziwu"}},
    {"calendar": {"time_basis": "true_solar", "day_boundary": "midnight", "latitude": 40.7,
                  "longitude": -74.0}, "liuren": {"daynight": "sun"}, "school": "mengzhong"},
]


@pytest.mark.parametrize("cfg", CONFIGS)
@pytest.mark.parametrize("tz", ["Asia/Shanghai", "America/New_York"])
def test_hours_read_straight_into_json_are_the_hours_of_the_hour_objects(cfg, tz):
    # every fourth day of 2024–2028 (each day of the two daylight-saving changes of 2026 too):
    # every season, 立春 and every other term inside a day, the 晦 and 朔, 1,826 days apart
    start = date(2024, 1, 1)
    wanted = [start + timedelta(days=i) for i in range(0, 1827, 4)]
    wanted += [date(2026, 3, 7) + timedelta(days=i) for i in range(3)]
    wanted += [date(2026, 10, 31) + timedelta(days=i) for i in range(3)]
    cfg = load(cfg) if cfg else None
    for d in wanted:
        got = _dump(api.day(d, tz=tz, config=cfg))
        assert got == _reference(d, tz, cfg), (d, tz)
        assert _dump(days.day_to_judge(d, tz, cfg)) == got, (d, tz)    # the store's way
