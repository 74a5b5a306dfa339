"""Figures the docs quote are recomputed here, so a doc never keeps a number that no longer holds.
When one fails, the message gives the sentence to write instead."""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _n(text: str) -> int:
    return int(text.replace(",", ""))


def test_feeds_doc_travel_counts():
    from almanac import api
    doc = (DOCS / "feeds.md").read_text()
    m = re.search(r"travel\s+in\s+Dec\s+2026–Feb\s+2027\s+\(Asia/Shanghai\)\s+has\s+([\d,]+)\s+hours:\s+"
                  r"([\d,]+)\s+vetoed,\s+([\d,]+)\s+吉\s+or\s+大吉,\s+([\d,]+)\s+大凶", doc)
    assert m, "docs/feeds.md no longer quotes the travel counts this test checks"
    c: Counter = Counter()
    d = dt.date(2026, 12, 1)
    while d <= dt.date(2027, 2, 28):
        for h in api.judge_day(d, tz="Asia/Shanghai", task="travel")["hours"]:
            c["all"] += 1
            c["vetoed" if h["vetoed"] else h["verdict"]] += 1
        d += dt.timedelta(days=1)
    got = (c["all"], c["vetoed"], c["吉"] + c["大吉"], c["大凶"])
    quoted = tuple(_n(x) for x in m.groups())
    assert quoted == got, (f"docs/feeds.md should say: has {got[0]:,} hours: {got[1]:,} vetoed, "
                           f"{got[2]:,} 吉 or 大吉, {got[3]:,} 大凶")
