"""A reading of a chart cast for a question (issue 9, item 4)."""
from __future__ import annotations

import json

import pytest

from almanac import api
from almanac.judgement.catalog import load_catalog
from almanac.judgement.facts import PERSON_FACTS
from almanac.judgement.reading import HOUR_FACTS, MONTH_FACTS, QIN_FACTS


def test_a_moments_reading_is_that_hours_judgement():
    for at, task in (("2026-12-01T10:30", "delegate"), ("2027-03-05T00:40", "marriage"),
                     ("2026-06-21T05:10", "travel")):
        doc = api.chart(at, tz="Asia/Seoul", task=task)
        r = doc["reading"]
        day = api.judge_day(doc["moment"][:10], "Asia/Seoul", task)
        hour = next(h for h in day["hours"] if h["branch"] == doc["hour"])
        # every rule but those on a person's 年命 (no person was given)
        persons = sum(1 for x in load_catalog().rules if x.facts & PERSON_FACTS)
        assert r["basis"] == "moment" and r["rules_read"] == r["rules_total"] - persons
        assert (r["score"], r["verdict"], r["reasons"]) == (hour["score"], hour["verdict"], hour["reasons"])
        assert r["summary"] == hour["summary"]


def test_a_textbook_chart_reads_only_what_the_chart_decides():
    cat = load_catalog()
    full = api.textbook_chart("乙丑", yuejiang="申", hour="子", task="delegate")["reading"]
    bare = api.textbook_chart("乙丑", gan_shang="巳", task="delegate")["reading"]
    assert full["basis"] == bare["basis"] == "chart"
    assert bare["rules_read"] < full["rules_read"] < full["rules_total"]
    for r, unknown in ((full, QIN_FACTS | MONTH_FACTS), (bare, QIN_FACTS | MONTH_FACTS | HOUR_FACTS)):
        for x in r["reasons"]:
            assert not cat.by_id[x["rule"]].facts & unknown, x["rule"]
            assert x["citation"] and "grave" in x
        assert round(sum(x["effect"] for x in r["reasons"]), 3) == pytest.approx(r["score"])


def test_the_seeds_example_reads_as_the_seed_says():
    # 002: 「乙丑日干上巳，三傳寅卯辰」 is 進茹 — 「占功名 主取進」: good for taking office
    doc = api.textbook_chart("乙丑", gan_shang="巳", task="office")
    assert doc["transmissions"] == ["寅", "卯", "辰"]
    cites = {x["source"].split(": ", 1)[1]: x for x in doc["reading"]["reasons"]}
    assert "占功名 主取進" in cites and cites["占功名 主取進"]["effect"] > 0
    # … and bad for a lawsuit, which drags on (訟則進茹牽連)
    law = api.textbook_chart("乙丑", gan_shang="巳", task="lawsuit")["reading"]
    assert all(x["effect"] < 0 for x in law["reasons"] if x["source"].endswith("占功名 主取進"))


def test_no_task_no_reading_and_unknown_task_is_bad_input():
    assert "reading" not in api.textbook_chart("乙丑", gan_shang="巳")
    with pytest.raises(ValueError, match="unknown task"):
        api.textbook_chart("乙丑", gan_shang="巳", task="flying")
    with pytest.raises(ValueError, match="unknown task"):
        api.chart("2026-12-01T10:00+09:00", task="flying")


def test_cli_chart_task(tmp_path, monkeypatch, capsys):
    from almanac.cli import main
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    assert main(["chart", "--day", "乙丑", "--gan-shang", "巳", "--task", "delegate", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["reading"]["task"] == "delegate" and doc["reading"]["summary"]
    assert main(["chart", "2026-12-01T10:00", "--tz", "Asia/Seoul", "--task", "travel", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "travel: " in out and "the paragraph beginning" in out
    assert main(["chart", "--day", "乙丑", "--gan-shang", "巳", "--task", "nope"]) == 2
