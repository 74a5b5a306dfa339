"""The solar terms of 1900–2100 as sxtwl gives them, shipped ready in
``almanac/data/solar_terms.json`` instead of worked out in the process.

sxtwl takes 4–8 ms to give a year's terms (``sxtwl.getJieQiByYear``), and a day reads the terms of
its year and the years beside it (月建 and 月將 by bisecting them, the 立 and 分/至 days of its
marks, the season marks of its 禽): on the first days of a new year in a process that was the
largest single cost after the hours themselves. The file holds, for each year, the terms
``calendar.jieqi.terms_from_lichun`` makes of it — from its 立春 up to the next one — as their sxtwl
index and instant (whole seconds of UTC, the rounding ``calendar.jieqi`` makes), each instant
written as the seconds since the term before it, so the 201 years fit in ≈ 45 kB. A year outside
the file's range is asked of sxtwl as before.

The file is made by the code it replaces (:func:`generate` is handed ``calendar.sxtwl_terms``,
which asks sxtwl — the calendar reads this table, so the table does not reach up for it);
``python tools/generate_tables.py terms`` writes it, and ``tests/calendar/test_solar_term_table.py`` checks
it equals what sxtwl gives now.

>>> first, seconds = shipped(2026)
>>> first, len(seconds)                         # 立春 (sxtwl's index 3) and the 24 terms after it
(3, 24)
"""
from __future__ import annotations

from functools import lru_cache

from .data_files import generated, read, table_text

FILE = "solar_terms.json"
#: the years the file holds
FIRST, LAST = 1900, 2100


def shipped(year: int) -> tuple[int, list[int]] | None:
    """``(index of the first term, [instant of each term in UTC seconds])`` of the terms from the
    立春 of ``year`` up to the next, or None for a year the file does not hold."""
    if not FIRST <= year <= LAST:
        return None
    first, deltas = _table()["years"][year - FIRST]
    out, at = [], 0
    for d in deltas:
        at += d
        out.append(at)
    return first, out


@lru_cache(maxsize=1)
def _table() -> dict:
    return read(FILE)


def generate(terms_of) -> dict:
    """The file's table, asked of sxtwl year by year: ``terms_of(year)`` is
    ``calendar.sxtwl_terms``, the terms of a year from its 立春 as sxtwl gives them."""
    years = []
    for year in range(FIRST, LAST + 1):
        terms = terms_of(year)
        for t, u in zip(terms, terms[1:]):
            if u.index != (t.index + 1) % 24:
                raise ValueError(f"sxtwl's terms of {year} do not follow one another")
        seconds = [int(t.at.timestamp()) for t in terms]
        years.append([terms[0].index, [s - p for s, p in zip(seconds, [0, *seconds])]])
    return generated("terms", "almanac.solar_term_table.generate", first=FIRST, last=LAST, years=years)


def write_text(table: dict) -> str:
    """The file's text: one line per year."""
    return table_text(table, "years")


__all__ = ["FILE", "FIRST", "LAST", "generate", "shipped", "write_text"]
