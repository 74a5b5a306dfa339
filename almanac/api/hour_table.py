"""What ``api.day`` reads of each hour's 禽 — pillar, 時禽, flags, 禽 object — for the default
school, shipped ready in ``almanac/data/hour_qin.json`` instead of worked out in the process.

An hour's 禽 facts repeat every 420 days (``qin.hour.CYCLE``) and change with the season only
where a 禽's seasonal situations do, so one school has 5,040 hours under each of the eight season
marks a Gregorian year passes through (立春 驚蟄 春分 立秋 秋分 立冬 冬至 begun or not), and a few
thousand distinct ones. Working them out (``qin.hour.cycle_table``: the fact sets, their 禽's
palace and seasonal situations, each hour's views) was the largest part of a cold ``api.day``;
the table holds the answers, made by that same code (:func:`generate` reads the cycle tables and
``days._qin_row``'s fields; ``python -m tests.test_hour_table`` writes the file, and the test
checks it equals what the code computes now). A school with other 禽 options, or marks the table
does not hold, reads the cycle tables as before.

Each hour is one integer: ``((view × 16 + flags) × 28 + 時禽) × 60 + pillar``, the 禽 object a
row of ``views`` (its 時禽, 番禽 and side, 到將 and side, 活曜, where the 時禽 lands, the 番禽's
暗金 exception and its situations, numbers into ``situations``) made into the same read-only view
as ``days.qin_view`` makes of a fact set, on first use. Loading the file takes a few
milliseconds, once per process, on the first day asked under the default school.

>>> from almanac.qin import QinOptions
>>> from almanac.hours import season_marks
>>> from datetime import datetime, timezone
>>> row = rows_of(QinOptions()).row(season_marks(datetime(2026, 11, 29, tzinfo=timezone.utc)), 0)
>>> row[0], row[1], row[3]["name"]
('甲子', '虛', '虛日鼠')
"""
from __future__ import annotations

import json
from dataclasses import asdict, fields
from functools import lru_cache
from importlib import resources

from ..cycles import PILLARS
from ..hours import _marks
from ..mansions import ALL
from ..qin import QinOptions, SeasonMarks
from ..qin import palaces
from ..qin.hour import CYCLE, cycle_table, fact_view
from ..qin.seasons import TERMS
from ..shared import freeze
from . import days as _days     # its builders: the one shape of each view (days imports this module)

FILE = "hour_qin.json"
#: the season marks a Gregorian year passes through, in order: the first ``i`` of its seven
#: terms begun (``hours.season_marks`` gives no other; these are its objects)
SEASONS = tuple(_marks(tuple((f, j < i) for j, f in enumerate(TERMS.values()))) for i in range(8))
_FLAGS = ("anjin", "fuduan", "jielu", "jielu_strict")


def _name(marks: SeasonMarks) -> str:
    return "".join("1" if getattr(marks, f.name) else "0" for f in fields(SeasonMarks))


@lru_cache(maxsize=64)
def rows_of(opts: QinOptions) -> "Rows":
    """The hour rows of the school of ``opts``: the shipped ones for the options it was made
    for, else read off the cycle tables."""
    return Rows(opts, _shipped() if opts == _shipped_options() else None)


@lru_cache(maxsize=1)
def _shipped() -> dict:
    return json.loads(resources.files("almanac").joinpath("data", FILE).read_text(encoding="utf-8"))


def _shipped_options() -> QinOptions:
    return QinOptions(**_shipped()["options"])


class Rows:
    """``row(marks, key)``: ``(pillar, 時禽, flags view, 禽 view)`` of the hour ``key`` of a cycle
    table (``qin.hour.cycle_key(zi_day) + branch``) under the season ``marks``; each row made
    once and shared (read-only views)."""

    __slots__ = ("opts", "codes", "views", "situations", "made")

    def __init__(self, opts: QinOptions, table: dict | None):
        self.opts = opts
        #: each season's hours' codes, by its marks (from the table; none without one)
        self.codes: dict[SeasonMarks, list[int]] = {}
        #: the views' rows as text, made into views on first use (:meth:`_view`)
        self.views: list = []
        self.situations: list = []
        #: the rows made so far, by code
        self.made: dict[int, tuple] = {}
        if table is None:
            return
        base = table["seasons"][_name(SEASONS[0])]
        for marks in SEASONS:
            codes = list(base)
            for key, code in table["seasons"][_name(marks)].items() if marks != SEASONS[0] else ():
                codes[int(key)] = code
            self.codes[marks] = codes
        self.views = list(table["views"])
        self.situations = [freeze(s) for s in table["situations"]]

    def row(self, marks: SeasonMarks, key: int) -> tuple:
        codes = self.codes.get(marks)
        if codes is None:
            return fact_view(cycle_table(self.opts, marks)[key], "day.hour.row", _days._qin_row)
        code = codes[key]
        row = self.made.get(code)
        if row is None:
            row = self.made[code] = self._row(code)
        return row

    def _row(self, code: int) -> tuple:
        rest, pillar = divmod(code, 60)
        rest, mansion = divmod(rest, 28)
        view, flags = divmod(rest, 16)
        return (str(PILLARS[pillar]), ALL[mansion].char,
                _days._flags_view(flags & 1 == 1, flags & 2 == 2, flags & 4 == 4, flags & 8 == 8),
                self._view(view))

    def _view(self, i: int):
        v = self.views[i]
        if isinstance(v, str):
            m, fan, fan_side, dao, dao_side, huo, landing, ok, *sits = v.split()
            v = self.views[i] = _days.qin_view(
                ALL[int(m)], ALL[int(fan)], fan_side, ALL[int(dao)], dao_side, ALL[int(huo)],
                palaces.PALACES[int(landing)], [self.situations[int(s)] for s in sits], ok == "1")
        return v


def generate(opts: QinOptions | None = None) -> dict:
    """The table of ``opts`` (default: the default school's) as the file holds it, read off the
    cycle tables of :data:`SEASONS`: each hour's pillar, 時禽 and flags, and the fields its 禽
    object is made of (``days._qin_turned_view`` reads the same)."""
    opts = opts or QinOptions()
    views: dict[str, int] = {}
    situations: dict[str, int] = {}
    seasons: dict[str, list[int]] = {}
    for marks in SEASONS:
        table = cycle_table(opts, marks)
        codes = []
        for key in range(CYCLE * 12):
            f = table[key]
            sits = [situations.setdefault(json.dumps(s.to_json(), ensure_ascii=False),
                                          len(situations)) for s in f["situations"]]
            text = " ".join(_word(x) for x in (
                f["mansion"].index, f["fanqin"].index, f["fan_side"], f["daojiang"].index,
                f["dao_side"], f["huoyao"].index, f["landing"], int(f["anjin_fanqin_ok"]), *sits))
            view = views.setdefault(text, len(views))
            flags = sum(1 << i for i, name in enumerate(_FLAGS) if f[name])
            codes.append(((view * 16 + flags) * 28 + f["mansion"].index) * 60 + f["pillar"].index)
        seasons[_name(marks)] = codes
    base = seasons[_name(SEASONS[0])]
    return {
        "about": "Generated by `python -m tests.test_hour_table` (almanac.api.hour_table.generate); "
                 "do not edit.",
        "options": asdict(opts),
        "situations": [json.loads(s) for s in situations],
        "views": list(views),
        "seasons": {name: codes if codes is base else
                    {str(k): c for k, (c, b) in enumerate(zip(codes, base)) if c != b}
                    for name, codes in seasons.items()},
    }


def _word(x) -> str:
    text = str(x)
    if not text or text.split() != [text]:
        raise ValueError(f"{x!r} cannot be a word of a view's row")
    return text


def write_text(table: dict) -> str:
    """The file's text: one line per season, view and situation, so a change shows as lines."""
    parts = [f'"about": {json.dumps(table["about"])}',
             f'"options": {json.dumps(table["options"], ensure_ascii=False)}',
             '"situations": [\n' + ",\n".join(json.dumps(s, ensure_ascii=False)
                                              for s in table["situations"]) + "\n]",
             '"views": [\n' + ",\n".join(json.dumps(v, ensure_ascii=False)
                                         for v in table["views"]) + "\n]",
             '"seasons": {\n' + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
                                           for k, v in table["seasons"].items()) + "\n}"]
    return "{\n" + ",\n".join(parts) + "\n}\n"
