"""The shipped hour table (``almanac/data/hour_qin.json``) is exactly what the code computes now,
and its rows are the rows of the cycle tables. Write it again with

    python -m tests.test_hour_table
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from almanac.api import hour_table
from almanac.api.days import _qin_row
from almanac.qin import QinOptions
from almanac.qin.hour import _school_facts, cycle_table, fact_view

FILE = Path(hour_table.__file__).resolve().parents[1] / "data" / hour_table.FILE


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_the_shipped_table_is_the_one_the_code_makes_now():
    cycle_table.cache_clear()
    _school_facts.cache_clear()
    assert FILE.read_text(encoding="utf-8") == hour_table.write_text(hour_table.generate()), \
        "the hour table is out of date: python -m tests.test_hour_table"


def test_the_file_reads_back_as_the_table():
    assert json.loads(FILE.read_text(encoding="utf-8")) == hour_table.generate()


@pytest.mark.parametrize("opts", [QinOptions(), QinOptions(hour_rule="qiyuan", bo="suobo")])
def test_rows_are_the_rows_of_the_cycle_tables(opts):
    """Every hour of every season, from the table (the default school) or the cycle tables (any
    other), is the row ``api.day`` reads off the hour's fact set, as JSON."""
    rows = hour_table.Rows(opts, hour_table._shipped() if opts == QinOptions() else None)
    assert bool(rows.codes) is (opts == QinOptions())
    for marks in hour_table.SEASONS:
        table = cycle_table(opts, marks)
        for key in range(0, 5040):
            want = fact_view(table[key], "day.hour.row", _qin_row)
            assert _dump(rows.row(marks, key)) == _dump(want), (marks, key)


def test_only_the_options_it_was_made_for_read_the_table():
    assert hour_table.rows_of(QinOptions()).codes
    assert not hour_table.rows_of(QinOptions(bo="suobo")).codes


if __name__ == "__main__":
    FILE.write_text(hour_table.write_text(hour_table.generate()), encoding="utf-8")
