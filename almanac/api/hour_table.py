"""What ``api.day`` reads of each hour — its 禽 (pillar, 時禽, flags, 禽 object) and its 六壬 view —
for the default school, shipped ready in ``almanac/data/hour_qin.json`` and
``almanac/data/hour_liuren.json`` instead of worked out in the process.

An hour's 禽 facts repeat every 420 days (``qin.hour.CYCLE``) and change with the season only
where a 禽's seasonal situations do, so one school has 5,040 hours under each of the eight season
marks a Gregorian year passes through (立春 驚蟄 春分 立秋 秋分 立冬 冬至 begun or not), and a few
thousand distinct ones. Working them out (``qin.hour.cycle_table``: the fact sets, their 禽's
palace and seasonal situations, each hour's views) was the largest part of a cold ``api.day``.
Each hour is one integer there: ``((view × 2ⁿ + flags) × 28 + 時禽) × 60 + pillar``, its ``flags``
the n hour taboos of the registry (``qin.taboos.TABOOS``, bit i the i-th; the file names them,
and one made for other taboos is not read), the 禽
object a row of ``views`` (its 時禽, 番禽 and side, 到將 and side, 活曜, where the 時禽 lands, the
番禽's 暗金 exception and its situations, numbers into ``situations``) made into the same
read-only view as ``days.qin_view`` makes of a fact set, on first use.

The 1,440 charts of the school (``liuren.chart.chart_table``) and the 課體 of their moments were
the next part: their table is ``liuren.moment_table``'s (the judgements read it too), and
:class:`Charts` makes each hour's view of it, so a day builds no chart.

Both are made by the code they replace (:func:`generate` reads the cycle tables,
``moment_table.generate_charts`` the charts and ``keti.open_entry_tests``'s tests); ``python
tools/generate_tables.py hour`` writes the files, and ``tests/api/test_hour_table.py`` checks they
equal what the code makes now and that their rows and views equal the ones worked out. Another school (other 禽 or 六壬
options), marks the table does not hold, or a moment that is not a day's hour's reads the cycle
tables and the charts as ``days._hours_json_of`` does. Loading the two files takes ≈ 10 ms of
process time, once per process, on the first day asked under the default school.

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

from ..cycles import PILLARS
from ..data_files import read
from ..hours import interned_marks
from ..liuren import moment_table
# the chart table's names, read here as before it moved to ``liuren.moment_table``
from ..liuren.moment_table import (CHART_FILE, DAY_NAMES, DOMAIN, day_moment,  # noqa: F401
                                   generate_charts, write_charts_text)
from ..liuren.chart import chart_table
from ..liuren.keti import moment_view_at
from ..liuren.options import LiurenOptions
from ..mansions import ALL
from ..qin import QinOptions, SeasonMarks
from ..qin import palaces, taboos
from ..qin.hour import CYCLE, cycle_table, fact_view
from ..qin.seasons import TERMS
from ..shared import FrozenList, freeze
from .views import flags_view, liuren_built, liuren_view, qin_row, qin_view  # the one shape of each view

FILE = "hour_qin.json"
#: the season marks a Gregorian year passes through, in order: the first ``i`` of its seven
#: terms begun (``hours.season_marks`` gives no other; these are its objects)
SEASONS = tuple(interned_marks(tuple((f, j < i) for j, f in enumerate(TERMS.values()))) for i in range(8))


def _name(marks: SeasonMarks) -> str:
    return "".join("1" if getattr(marks, f.name) else "0" for f in fields(SeasonMarks))


@lru_cache(maxsize=64)
def rows_of(opts: QinOptions) -> "Rows":
    """The hour rows of the school of ``opts``: the shipped ones for the options (and the hour
    taboos) it was made for, else read off the cycle tables."""
    shipped = _shipped_rows()
    return shipped if opts == shipped.opts and shipped.codes else Rows(opts, None)


@lru_cache(maxsize=1)
def _shipped_rows() -> "Rows":
    """The rows of the shipped table (the file's text is not kept: its rows are, each until it
    is made into its view)."""
    table = _shipped()
    return Rows(QinOptions(**table["options"]), table if table.get("flags") == _flag_ids() else None)


def _shipped() -> dict:
    return read(FILE)


class Rows:
    """``row(marks, key)``: ``(pillar, 時禽, flags view, 禽 view)`` of the hour ``key`` of a cycle
    table (``qin.hour.cycle_key(zi_day) + branch``) under the season ``marks``; each row made
    once and shared (read-only views)."""

    __slots__ = ("opts", "codes", "views", "situations", "lists", "made", "last")

    def __init__(self, opts: QinOptions, table: dict | None):
        self.opts = opts
        #: each season's hours' codes, by its marks (from the table; none without one)
        self.codes: dict[SeasonMarks, list[int]] = {}
        #: the views' rows as the file gives them (lists), made into views on first use (:meth:`_view`)
        self.views: list = []
        self.situations: list = []
        #: the views' lists of situations, by their numbers (:meth:`_situation_list`)
        self.lists: dict[tuple, FrozenList] = {}
        #: the rows made so far, by code
        self.made: dict[int, tuple] = {}
        #: the marks last asked for and their codes (a day's hours ask one object, hashed once)
        self.last: tuple = (None, None)
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
        last = self.last
        if last[0] is marks:
            codes = last[1]
        else:
            codes = self.codes.get(marks)
            self.last = (marks, codes)
        if codes is None:
            return fact_view(cycle_table(self.opts, marks)[key], "day.hour.row", qin_row)
        code = codes[key]
        row = self.made.get(code)
        if row is None:
            row = self.made[code] = self._row(code)
        return row

    def day_rows(self, inputs: list[tuple], key: int) -> list[tuple]:
        """The rows of a day's twelve hours, 子 … 亥: ``inputs`` its hours' ``hours.hour_inputs``
        (the season marks first), ``key`` its 子 hour's (``qin.hour.cycle_key``)."""
        marks = inputs[0][0]
        if marks is not inputs[11][0]:
            return [self.row(i[0], key + b) for b, i in enumerate(inputs)]
        codes = self.codes.get(marks)
        if codes is None:
            return [self.row(marks, key + b) for b in range(12)]
        made, out = self.made, []
        for code in codes[key:key + 12]:
            row = made.get(code)
            if row is None:
                row = made[code] = self._row(code)
            out.append(row)
        return out

    def _row(self, code: int) -> tuple:
        rest, pillar = divmod(code, 60)
        rest, mansion = divmod(rest, 28)
        view, flags = divmod(rest, 1 << len(taboos.of_scope("hour")))
        return _PILLAR_TEXTS[pillar], _MANSION_CHARS[mansion], _flags(flags), self._view(view)

    def _situation_list(self, sits: list[int]) -> FrozenList:
        """The read-only list of the situations numbered ``sits``, one for every view that has
        the same (most have none)."""
        key = tuple(sits)
        out = self.lists.get(key)
        if out is None:
            situations = self.situations
            out = self.lists[key] = FrozenList([situations[s] for s in sits])
        return out

    def _view(self, i: int):
        v = self.views[i]
        if type(v) is list:
            m, fan, fan_side, dao, dao_side, huo, landing, ok, *sits = v
            v = self.views[i] = qin_view(
                ALL[m], ALL[fan], fan_side, ALL[dao], dao_side, ALL[huo], palaces.PALACES[landing],
                self._situation_list(sits), ok == 1)
        return v


_PILLAR_TEXTS = tuple(str(p) for p in PILLARS)
_MANSION_CHARS = tuple(m.char for m in ALL)


def _flag_ids() -> list[str]:
    """The hour taboos the table's bits are, in order (``qin.taboos.TABOOS``)."""
    return [t.id for t in taboos.of_scope("hour")]


@lru_cache(maxsize=64)
def _flags(bits: int) -> dict:
    """The flags view (``views.flags_view``) of the table's bits: bit i the i-th hour taboo."""
    return flags_view(*(bool(bits >> i & 1) for i in range(len(_flag_ids()))))


def generate(opts: QinOptions | None = None) -> dict:
    """The table of ``opts`` (default: the default school's) as the file holds it, read off the
    cycle tables of :data:`SEASONS`: each hour's pillar, 時禽 and flags, and the fields its 禽
    object is made of (``views.qin_turned_view`` reads the same)."""
    opts = opts or QinOptions()
    views: dict[str, int] = {}
    situations: dict[str, int] = {}
    seasons: dict[str, list[int]] = {}
    ids = _flag_ids()
    for marks in SEASONS:
        table = cycle_table(opts, marks)
        codes = []
        for key in range(CYCLE * 12):
            f = table[key]
            sits = [situations.setdefault(json.dumps(s.to_json(), ensure_ascii=False),
                                          len(situations)) for s in f["situations"]]
            text = json.dumps([
                f["mansion"].index, f["fanqin"].index, f["fan_side"], f["daojiang"].index,
                f["dao_side"], f["huoyao"].index, f["landing"], int(f["anjin_fanqin_ok"]), *sits],
                ensure_ascii=False)
            view = views.setdefault(text, len(views))
            flags = sum(1 << i for i, name in enumerate(ids) if f["flags"][name])
            codes.append(((view << len(ids) | flags) * 28 + f["mansion"].index) * 60 + f["pillar"].index)
        seasons[_name(marks)] = codes
    base = seasons[_name(SEASONS[0])]
    return {
        "about": "Generated by `python tools/generate_tables.py hour` (almanac.api.hour_table.generate); "
                 "do not edit.",
        "options": asdict(opts),
        "flags": ids,
        "situations": [json.loads(s) for s in situations],
        "views": [json.loads(v) for v in views],
        "seasons": {name: codes if codes is base else
                    {str(k): c for k, (c, b) in enumerate(zip(codes, base)) if c != b}
                    for name, codes in seasons.items()},
    }


def write_text(table: dict) -> str:
    """The file's text: one line per season, view and situation, so a change shows as lines."""
    parts = [f'"about": {json.dumps(table["about"])}',
             f'"options": {json.dumps(table["options"], ensure_ascii=False)}',
             f'"flags": {json.dumps(table["flags"])}',
             '"situations": [\n' + ",\n".join(json.dumps(s, ensure_ascii=False)
                                              for s in table["situations"]) + "\n]",
             '"views": [\n' + ",\n".join(json.dumps(v, ensure_ascii=False)
                                         for v in table["views"]) + "\n]",
             '"seasons": {\n' + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
                                           for k, v in table["seasons"].items()) + "\n}"]
    return "{\n" + ",\n".join(parts) + "\n}\n"


# --------------------------------------------------------------------------- 六壬: the charts

@lru_cache(maxsize=64)
def charts_of(options: LiurenOptions) -> "Charts":
    """The hours' 六壬 views of the school of ``options``: from the shipped table
    (``liuren.moment_table``) for the options it was made for, else from the charts."""
    return Charts(options, moment_table.table_of(options))


class Charts:
    """``view(day, k, night, moment, names)``: the hour's 六壬 view (``days.liuren_view``) on the
    chart ``(day, k, night)`` of the school for the moment of a day's hour (``names``: its
    names); ``day_views`` for a day's twelve. From the shipped table (``liuren.moment_table``),
    so no chart is built; otherwise (another school, other names, an asker or a couple: a day's
    hour has none) ``keti.moment_view_at`` on the chart, as :func:`days._hours_json_of` does."""

    __slots__ = ("options", "table")

    def __init__(self, options: LiurenOptions, table: "moment_table.MomentTable | None"):
        self.options = options
        self.table = table

    def day_views(self, day: int, inputs: list[tuple], moments: list[dict]) -> list[dict]:
        """The views of the hours of a day of pillar ``day``, 子 … 亥: ``inputs`` its hours'
        ``hours.hour_inputs`` (晝/夜 and the rotation ``k`` last), ``moments`` their moments
        without the 占時, made by ``keti.moment`` of the 月建, 太歲, 月將 and the day's marks (the
        names :data:`DAY_NAMES` has; no asker, no couple)."""
        if self.table is None:
            return [self.view(day, i[4], i[3], {**m, "hour": b}, DAY_NAMES)
                    for b, (i, m) in enumerate(zip(inputs, moments))]
        base, view, out, last = day * 24, self._table_view, [], None
        for hour, (i, m) in enumerate(zip(inputs, moments)):
            if m is not last:               # one moment for all twelve hours on most days
                last, parts = m, self.table.parts(m)
            out.append(view(base + i[4] * 2 + i[3], hour, parts))
        return out

    def view(self, day: int, k: int, night: bool, ctx: dict, names: frozenset) -> dict:
        """The view of one hour on the chart ``(day, k, night)`` for the moment ``ctx`` (with its
        占時 ``hour``) of the names ``names``."""
        if self.table is None or names != DAY_NAMES or ctx["ming"] or ctx["nian"] or ctx["couple"]:
            return moment_view_at(chart_table(self.options)[day, k, night], ctx, "day.hour",
                                  liuren_built, names)
        return self._table_view((day * 12 + k) * 2 + night, ctx["hour"], self.table.parts(ctx))

    def _table_view(self, at: int, hour: int, parts: list[int]) -> dict:
        """The view of the chart ``at`` of the table for the 占時 ``hour`` and the rest of a day's
        hour's moment, read into ``parts`` (``MomentTable.parts``): made once per chart and
        which of its entries hold, and kept with the chart's parts."""
        chart, held = self.table.held(at, hour, parts)
        made = chart[2]
        view = made.get(held)
        if view is None:
            view = made[held] = self._view(chart, held, at & 1)
        return view

    @staticmethod
    def _view(chart: tuple, held: int, night: bool) -> dict:
        _, _, _, names_of, transmissions, method, sub_method, patterns, keti = chart
        return liuren_view(transmissions, method, sub_method, patterns,
                                 [*keti, *(n for j, n in enumerate(names_of) if held >> j & 1)],
                                 bool(night))
