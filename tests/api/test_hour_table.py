"""The shipped hour table (``almanac/data/hour_qin.json``) is exactly what the code computes now,
and its rows are the rows of the cycle tables. Write it again with

    python tools/generate_tables.py hour
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from almanac.api import hour_table
from almanac.api.views import liuren_built, qin_row
from almanac.liuren.chart import chart_table
from almanac.liuren.keti import moment_view_at
from almanac.liuren.options import DEFAULT, SCHOOLS
from almanac.qin import QinOptions
from almanac.qin.hour import _school_facts, cycle_table, fact_view

FILE = Path(hour_table.__file__).resolve().parents[1] / "data" / hour_table.FILE
CHART_FILE = FILE.with_name(hour_table.CHART_FILE)


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_the_shipped_table_is_the_one_the_code_makes_now():
    cycle_table.cache_clear()
    _school_facts.cache_clear()
    assert FILE.read_text(encoding="utf-8") == hour_table.write_text(hour_table.generate()), \
        "the hour table is out of date: python tools/generate_tables.py hour"


def test_the_file_reads_back_as_the_table():
    assert json.loads(FILE.read_text(encoding="utf-8")) == hour_table.generate()


@pytest.mark.slow
@pytest.mark.parametrize("opts", [QinOptions(), QinOptions(hour_rule="qiyuan", bo="suobo")])
def test_rows_are_the_rows_of_the_cycle_tables(opts):
    """Every hour of every season, from the table (the default school) or the cycle tables (any
    other), is the row ``api.day`` reads off the hour's fact set, as JSON."""
    rows = hour_table.Rows(opts, hour_table._shipped() if opts == QinOptions() else None)
    assert bool(rows.codes) is (opts == QinOptions())
    for marks in hour_table.SEASONS:
        table = cycle_table(opts, marks)
        for key in range(0, 5040):
            want = fact_view(table[key], "day.hour.row", qin_row)
            assert _dump(rows.row(marks, key)) == _dump(want), (marks, key)


def test_only_the_options_it_was_made_for_read_the_table():
    assert hour_table.rows_of(QinOptions()).codes
    assert not hour_table.rows_of(QinOptions(bo="suobo")).codes


def test_the_shipped_chart_table_is_the_one_the_code_makes_now():
    chart_table.cache_clear()
    assert CHART_FILE.read_text(encoding="utf-8") == \
        hour_table.write_charts_text(hour_table.generate_charts()), \
        "the chart table is out of date: python tools/generate_tables.py hour"


def test_chart_views_from_the_table_are_the_views_of_the_charts():
    """Every chart of the default school, each under moments of every 占時 and random other facts
    of a day's hour, gives from the table the view ``keti.moment_view_at`` gives on the chart,
    as JSON; another school, or a moment of other names, is answered from the charts."""
    shipped = hour_table.charts_of(DEFAULT)
    assert shipped.table and hour_table.charts_of(SCHOOLS["mengzhong"]).table is None
    rng = random.Random(13)
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                chart = chart_table(DEFAULT)[day, k, night]
                for hour in range(12):
                    values = {f: rng.randrange(n) if n == 12 else rng.random() < 0.5
                              for f, n in hour_table.DOMAIN.items()}
                    ctx = hour_table.day_moment({**values, "hour": hour})
                    want = moment_view_at(chart, ctx, "day.hour", liuren_built, frozenset(ctx))
                    got = shipped.view(day, k, night, ctx, frozenset(ctx))
                    assert _dump(got) == _dump(want), (day, k, night, values)
    # a moment of the same names with an asker is not a day's hour's: answered from the chart
    differ = 0
    for day in range(0, 60, 7):
        chart = chart_table(DEFAULT)[day, 3, False]
        for ming in range(12):
            ctx = {**hour_table.day_moment({"month": 2}), "ming": (ming,), "nian": ((ming + 5) % 12,)}
            assert frozenset(ctx) == hour_table.DAY_NAMES
            want = moment_view_at(chart, ctx, "day.hour", liuren_built, frozenset(ctx))
            assert _dump(shipped.view(day, 3, False, ctx, frozenset(ctx))) == _dump(want)
            bare = hour_table.day_moment({"month": 2})
            differ += _dump(want) != _dump(shipped.view(day, 3, False, bare, frozenset(bare)))
    assert differ



def test_the_judgements_read_a_moments_keti_from_the_table_as_the_chart_gives_them():
    """``moment_table.moment_names`` and ``chart_names`` — what the judgements read of a day's
    hour's moment and of its chart — are the names ``keti.of_moment`` and ``Chart.keti`` give,
    for every chart under random moments of a day's hour; an asker, a moment without the day's
    marks or another school is left to the chart (None)."""
    from almanac.liuren import moment_table
    from almanac.liuren.keti import moment, of_moment
    rng = random.Random(7)
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                chart = chart_table(DEFAULT)[day, k, night]
                for hour in range(0, 12, 5):
                    ctx = moment(rng.randrange(12), rng.randrange(12), rng.randrange(12),
                                 sili=rng.random() < 0.5, fenzhi=rng.random() < 0.5,
                                 yuesu=rng.randrange(12), sizheng=rng.random() < 0.5)
                    assert moment_table.moment_names(chart, hour, ctx) == \
                        tuple(x.name for x in of_moment(chart, hour, ctx)), (day, k, night, ctx)
                assert moment_table.chart_names(chart) == tuple(x.name for x in chart.keti)
    chart = chart_table(DEFAULT)[5, 3, False]
    assert moment_table.moment_names(chart, 2, moment(1, 2, 3, ming=4, sili=False, fenzhi=False,
                                                      yuesu=0, sizheng=False)) is None
    assert moment_table.moment_names(chart, 2, moment(1, 2, 3)) is None
    other = chart_table(SCHOOLS["mengzhong"])[5, 3, False]
    assert moment_table.chart_names(other) is None
    assert moment_table.moment_names(other, 2, moment(1, 2, 3, sili=False, fenzhi=False, yuesu=0,
                                                      sizheng=False)) is None

