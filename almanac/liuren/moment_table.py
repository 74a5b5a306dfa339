"""The 課體 a day's hour's moment adds to each chart of the default school, shipped ready in
``almanac/data/hour_liuren.json``: what ``keti.of_moment`` works out on a chart's moment entries
(``Chart.keti_moment``), answered by a table look-up, so a day's hours need no chart built.

The 1,440 charts of the school (``liuren.chart.chart_table``) and the 課體 of their moments were
the largest part of a cold day after the hour 禽 (``almanac.api.hour_table``) and of judging a
year: each chart's 課體 environment and moment entries built, each new moment's open entries
tested. The table holds of each chart what an hour's view reads (三傳, 課法, 格局, its own 課體)
and the entries of the moment it leaves true or open for a day's hour — a moment of the 月建,
太歲, 月將 and the day's marks (:data:`DAY_NAMES`), with no asker and no couple —, each open one
with its test's answer for every value of the facts it reads (:class:`MomentTable`).

:func:`generate_charts` makes it from the charts and ``keti.open_entry_tests``'s tests; ``python
tools/generate_tables.py hour`` writes the file, and ``tests/api/test_hour_table.py`` checks it equals
what the code makes now and that its answers are the charts' own. Another school, or a moment of other names, reads the
charts (:func:`moment_names` answers None). Loading the file takes ≈ 5 ms of process time, once
per process.

>>> from almanac.liuren.chart import chart_table
>>> from almanac.liuren.options import DEFAULT
>>> m = moment(2, 6, 11, sili=False, fenzhi=True, yuesu=3, sizheng=False)   # 寅月 午年 亥將
>>> [(moment_names(c, 4, m), tuple(x.name for x in of_moment(c, 4, m)))
...  for c in (chart_table(DEFAULT)[0, 2, False], chart_table(DEFAULT)[17, 5, True])]
[(('災厄',), ('災厄',)), ((), ())]
"""
from __future__ import annotations

import json
from dataclasses import asdict
from functools import lru_cache
from itertools import product
from math import prod

from ..cycles import BRANCHES
from ..data_files import read
from ..shared import FrozenList
from .chart import chart_table
from .keti import MOMENT_FUNCTIONS, PERSON, open_entry_tests, moment, of_moment  # noqa: F401 (the doctest)
from .options import LiurenOptions

CHART_FILE = "hour_liuren.json"
#: how many values each fact of a moment that a day's hour knows takes (the 占時, 月建, 太歲, 月將
#: and the moon's 宿: a branch; the day's 四立, 分至 and 四正: a truth)
DOMAIN = {"hour": 12, "month": 12, "year": 12, "yuejiang": 12, "yuesu": 12,
          "sili": 2, "fenzhi": 2, "sizheng": 2}


def day_moment(values: dict | None = None) -> dict:
    """A day's hour's moment (``api.days._moments``' with the 占時: ``keti.moment`` of the 月建, 太歲, 月將 and
    the day's marks, with the 占時 ``hour``), every fact 0 or false but ``values``."""
    v = {name: 0 if size == 12 else False for name, size in DOMAIN.items()}
    v.update(values or {})
    ctx = moment(v["month"], v["year"], v["yuejiang"], sili=v["sili"], fenzhi=v["fenzhi"],
                 yuesu=v["yuesu"], sizheng=v["sizheng"])
    return {**ctx, "hour": v["hour"]}


#: the names of a day's hour's moment (``api.day`` asks every chart with these)
DAY_NAMES = frozenset(day_moment())


def _facts_read(params: tuple) -> tuple[str, ...]:
    """The facts of :data:`DOMAIN` an open entry's test reads through ``params`` (a moment
    function reads its fact: ``keti.MOMENT_FUNCTIONS``; a day has no asker and no couple)."""
    out = {MOMENT_FUNCTIONS.get(p, p) for p in params} - set(PERSON) - {"couple"}
    if not out <= DOMAIN.keys():
        raise ValueError(f"a test reads {sorted(out - DOMAIN.keys())}, which a day's hour does not give")
    return tuple(sorted(out, key=list(DOMAIN).index))


#: how many names a day's hour's moment has without the 占時
_DAY_SIZE = len(DAY_NAMES) - 1


def table_of(options: LiurenOptions) -> "MomentTable | None":
    """The shipped table if it was made for ``options``, else None."""
    table = _shipped()
    return table if options == table.options else None


@lru_cache(maxsize=1)
def _shipped() -> "MomentTable":
    """The shipped table (the file's parsed text is not kept: each chart's row is, until it is
    read into its parts)."""
    table = read(CHART_FILE)
    return MomentTable(LiurenOptions(**table["options"]), table)


def moment_names(chart, hour: int, ctx: dict) -> tuple[str, ...] | None:
    """The names of ``of_moment(chart, hour, ctx)`` from the table, or None where the table does
    not answer (another school; a moment not of :data:`DAY_NAMES`, or with an asker or a couple).
    ``ctx``: a moment without the 占時 (``keti.moment``'s dict)."""
    table = table_of(chart.options)
    if table is None or ctx["ming"] or ctx["nian"] or ctx["couple"] or len(ctx) != _DAY_SIZE \
            or not DAY_NAMES.issuperset(ctx):
        return None
    at = (chart.day * 12 + chart.k) * 2 + chart.night
    row, held = table.held(at, hour, table.parts(ctx))
    return tuple(n for j, n in enumerate(row[3]) if held >> j & 1)


def chart_names(chart) -> tuple[str, ...] | None:
    """The names of the chart's own 課體 (``chart.keti``) from the table, or None for another
    school."""
    table = table_of(chart.options)
    if table is None:
        return None
    return table.chart((chart.day * 12 + chart.k) * 2 + chart.night)[8]


class MomentTable:
    """The shipped table of the school of ``options``: each chart ``at`` (``(day × 12 + k) × 2 +
    night``) is its 三傳, 課法, 格局 and 課體, and the entries of a day's hour's moment it leaves
    true (a name) or open (a list: its name, which of the table's ``facts`` its test reads, and
    which of its ``bitmaps`` holds the test's answer for every value of them: a bit each, in the
    order of :data:`DOMAIN`'s values). :meth:`held` reads which entries hold for an hour."""

    __slots__ = ("options", "bitmaps", "charts", "facts")

    def __init__(self, options: LiurenOptions, table: dict):
        self.options = options
        #: each chart's row of the table, read into its parts on first use (:meth:`_chart`)
        self.charts: list = list(table["charts"])
        self.bitmaps: list = [int(b, 16) for b in table["bitmaps"]]
        #: ``(per_hour, part)`` of each set of facts an open entry's test reads (:func:`_facts`)
        self.facts: tuple = tuple(_facts(f) for f in table["facts"])

    def parts(self, m: dict) -> list[int]:
        """What each set of facts the tests read gives of a day's hour's moment ``m`` without its
        占時: the place of the answers for its values, less the 占時's part."""
        return [part(m) for _, part in self.facts]

    def chart(self, at: int) -> tuple:
        """The parts of the chart ``at`` (:meth:`_chart`)."""
        chart = self.charts[at]
        if type(chart) is list:
            chart = self.charts[at] = self._chart(chart)
        return chart

    def held(self, at: int, hour: int, parts: list[int]) -> tuple[tuple, int]:
        """``(chart, held)``: the parts of the chart ``at`` (:meth:`_chart`) and the bits of its
        moment entries that hold for the 占時 ``hour`` and a moment read into ``parts``."""
        chart = self.charts[at]
        if type(chart) is list:
            chart = self.chart(at)
        held = chart[0]
        for bit, fid, per_hour, bitmap in chart[1]:
            if bitmap >> (hour * per_hour + parts[fid]) & 1:
                held |= bit
        return chart, held

    def _chart(self, row: list) -> tuple:
        """``(held, tests, made, names, 三傳, 課法, sub-method, 格局, 課體)`` of a chart's row of the
        table: the bits of the moment's entries it leaves true; ``(bit, facts, per_hour,
        answers)`` of each it leaves open (the answer for the 占時 ``hour`` and a moment read into
        ``parts`` is bit ``hour × per_hour + parts[facts]``); a place for the views a caller makes
        of it, by which of its entries hold (``api.hour_table``); the entries' names; its 三傳 and
        格局 as read-only lists shared by the charts that have the same, its 課法, sub-method and
        課體 names.

        A cold year of days meets nearly every chart, and what it keeps of each lives as long as
        the process: so as few objects as the garbage collector must go through (tuples of
        numbers and names it stops following; one list per 三傳 or 格局, not per chart)."""
        transmissions, method, sub_method, patterns, keti, *entries = row
        held, tests, names = 0, [], []
        for j, entry in enumerate(entries):
            if type(entry) is str:
                names.append(entry)
                held |= 1 << j
            else:
                name, fid, bitmap = entry
                names.append(name)
                tests.append((1 << j, fid, self.facts[fid][0], self.bitmaps[bitmap]))
        return (held, tuple(tests), {}, tuple(names), _shared_list(transmissions), method,
                sub_method, _shared_list(patterns), tuple(keti))


def _shared_list(items: list) -> FrozenList:
    """One read-only list of ``items`` for every caller that asks for the same."""
    key = tuple(items)
    out = _SHARED_LISTS.get(key)
    if out is None:
        out = _SHARED_LISTS[key] = FrozenList(items)
    return out


_SHARED_LISTS: dict[tuple, FrozenList] = {}


def _facts(text: str) -> tuple[int, object]:
    """``(per_hour, part)`` of the facts ``text`` (``"hour,month,year"``) an open entry's test
    reads: the answers are numbered by their values as digits in :data:`DOMAIN`'s sizes, the 占時
    ``hour`` first if read (as :func:`_answers` numbers them), so the answer for the 占時 ``hour``
    and a moment ``m`` is bit ``hour × per_hour + part(m)`` (``per_hour`` 0 if the 占時 is not
    read)."""
    facts = text.split(",")
    for f in facts:
        DOMAIN[f]                               # a fact the table does not know: KeyError
    rest = facts[1:] if facts[0] == "hour" else facts
    weights = tuple(prod(DOMAIN[g] for g in rest[i + 1:]) for i in range(len(rest)))
    per_hour = prod(DOMAIN[g] for g in rest) if facts[0] == "hour" else 0
    pairs = tuple(zip(rest, weights))

    def part(m):
        return sum([m[f] * w for f, w in pairs])
    return per_hour, part


def generate_charts(options: LiurenOptions | None = None) -> dict:
    """The chart table of ``options`` (default: the default school's) as the file holds it: each
    of the 1,440 charts with what its hour's view reads (``api.views.liuren_built``) and its moment's
    entries for the names of a day's hour (``keti.open_entry_tests``), each open one's test asked for
    every value of the facts it reads (as ``keti.moments`` asks it for a moment)."""
    options = options or LiurenOptions()
    table = chart_table(options)
    bitmaps: dict[str, int] = {}
    read: dict[str, int] = {}
    charts = []
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                c = table[day, k, night]
                cm = c.keti_moment
                entries = []
                if cm.empty is None:
                    held, tests = open_entry_tests(cm, DAY_NAMES, False)
                    tested = {t[1]: t for t in tests}
                    for i, (_, r) in enumerate(cm.layout[0]):
                        if held >> i & 1:
                            entries.append(r.keti.name)
                        elif i in tested:
                            facts, bits = _answers(cm, tested[i], r.params)
                            at = bitmaps.setdefault(format(bits, "x"), len(bitmaps))
                            entries.append([r.keti.name, read.setdefault(",".join(facts), len(read)), at])
                charts.append([[BRANCHES[b] for b in c.transmissions.branches], c.method,
                               c.transmissions.sub_method, [p.name for p in c.patterns],
                               [x.name for x in c.keti], *entries])
    return {
        "about": "Generated by `python tools/generate_tables.py hour` (almanac.liuren.moment_table."
                 "generate_charts); do not edit.",
        "options": asdict(options),
        "names": sorted(DAY_NAMES),
        "facts": list(read),
        "bitmaps": list(bitmaps),
        "charts": charts,
    }


def _answers(cm, test: tuple, params: tuple) -> tuple[tuple[str, ...], int]:
    """The facts an open entry's test reads and its answer for each of their values (bit ``i``:
    the values whose digits, in :data:`DOMAIN`'s sizes, make ``i``)."""
    _, i, one, get = test
    fn = cm.fn(i)
    facts = _facts_read(params)
    bits = 0
    for n, values in enumerate(product(*(range(DOMAIN[f]) for f in facts))):
        ctx = day_moment({f: (v if DOMAIN[f] == 12 else bool(v)) for f, v in zip(facts, values)})
        if fn(ctx[one]) if one is not None else fn(*get(ctx)) if get is not None else fn():
            bits |= 1 << n
    return facts, bits


def write_charts_text(table: dict) -> str:
    """The chart file's text: one line per chart and answer set."""
    parts = [f'"about": {json.dumps(table["about"])}',
             f'"options": {json.dumps(table["options"], ensure_ascii=False)}',
             f'"names": {json.dumps(table["names"])}',
             f'"facts": {json.dumps(table["facts"])}',
             '"bitmaps": [\n' + ",\n".join(json.dumps(b) for b in table["bitmaps"]) + "\n]",
             '"charts": [\n' + ",\n".join(json.dumps(c, ensure_ascii=False)
                                          for c in table["charts"]) + "\n]"]
    return "{\n" + ",\n".join(parts) + "\n}\n"


__all__ = ["CHART_FILE", "DAY_NAMES", "DOMAIN", "MomentTable", "chart_names", "generate_charts",
           "moment_names", "table_of", "write_charts_text"]
