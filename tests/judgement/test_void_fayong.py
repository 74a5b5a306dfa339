"""《六壬大全》 卷三 發用: 「若此三煞在日辰上為用者，聞憂不憂，聞喜不喜，獄囚必脫，疾病得痊，占行人虚望，
失財難尋也」 — a void spirit over the day or its branch opening the chart empties worry and hope alike:
the sick recover, and what was lost is not found. Read over all 720 charts."""
from __future__ import annotations

import pytest

from almanac import api
from almanac.cycles import BRANCHES, PILLARS

SIGN = {"health": 1, "lawsuit": 1, "pursuit": -1}


@pytest.fixture(scope="module", params=["pursuit", "health", "travel"])
def charts(request):
    task = request.param
    return task, [api.textbook_chart(str(p), gan_shang=g, noble="day", task=task)
                  for p in PILLARS for g in BRANCHES]


def _rules(c):
    return {x["rule"]: x for x in c["reading"]["reasons"]}


def test_a_void_opening_over_the_day_reads_as_the_chapter_says_for_the_question(charts):
    task, cs = charts
    met = 0
    for c in cs:
        chu = c["transmissions"][0]
        over_day = chu in (c["lessons"][0]["upper"], c["lessons"][2]["upper"])
        rules = _rules(c)
        if chu in c["void"] and over_day:
            met += 1
            if task in SIGN:
                r = rules["liuren.m_yong_kong_ganzhi"]
                assert r["effect"] * SIGN[task] > 0
                assert "liuren.fayong_kong" not in rules      # the chapter's sentence in place of the general one
            else:
                assert "liuren.m_yong_kong_ganzhi" not in rules
        else:
            assert "liuren.m_yong_kong_ganzhi" not in rules
    assert met > 0


def test_a_pursuit_shows_the_words_about_what_was_lost():
    for p in PILLARS:
        for g in BRANCHES:
            c = api.textbook_chart(str(p), gan_shang=g, noble="day", task="pursuit", lang="ko")
            r = _rules(c).get("liuren.m_yong_kong_ganzhi")
            if r:
                assert "잃은 재물" in r["text"] and "병" not in r["text"]
                return
    pytest.fail("no chart opens with a void spirit over the day")
