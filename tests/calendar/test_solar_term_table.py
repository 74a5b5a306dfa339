"""The shipped solar-term table (``almanac/data/solar_terms.json``) is exactly what sxtwl gives
now, year by year. Write it again with

    python tools/generate_tables.py terms
"""
from __future__ import annotations

from pathlib import Path

import pytest

from almanac import calendar as cal
from almanac.calendar import jieqi
from almanac import solar_term_table

FILE = Path(solar_term_table.__file__).resolve().parent / "data" / solar_term_table.FILE


def test_the_shipped_table_is_the_one_sxtwl_gives_now():
    assert FILE.read_text(encoding="utf-8") == solar_term_table.write_text(solar_term_table.generate(cal.sxtwl_terms)), \
        "the solar-term table is out of date: python tools/generate_tables.py terms"


@pytest.mark.parametrize("year", range(solar_term_table.FIRST, solar_term_table.LAST + 1))
def test_each_year_reads_back_as_sxtwl_gives_it(year):
    jieqi.terms_from_lichun.cache_clear()
    assert jieqi.terms_from_lichun(year) == cal.sxtwl_terms(year)


@pytest.mark.parametrize("year", [solar_term_table.FIRST - 1, solar_term_table.LAST + 1, 1000, 2999])
def test_years_outside_the_table_are_asked_of_sxtwl(year):
    assert solar_term_table.shipped(year) is None
    jieqi.terms_from_lichun.cache_clear()
    assert jieqi.terms_from_lichun(year) == cal.sxtwl_terms(year)


def test_the_generator_script_writes_this_table(tmp_path, monkeypatch):
    """``python tools/generate_tables.py terms`` (a script outside the package, loaded from its
    file) writes the shipped file's very text."""
    import importlib.util
    path = Path(__file__).resolve().parents[2] / "tools" / "generate_tables.py"
    spec = importlib.util.spec_from_file_location("_tools_generate_tables", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.DATA == FILE.parent
    monkeypatch.setattr(script, "DATA", tmp_path)
    assert script.main(["terms"]) == 0
    assert (tmp_path / solar_term_table.FILE).read_text(encoding="utf-8") == FILE.read_text(encoding="utf-8")
    assert script.main(["nonsense"]) == 2
