"""The verdict scale is absolute (score units), and two rules hold whatever the weights: a verdict
agrees with its score's sign, and an hour with a grave reason for a task is never 吉 or 大吉 for it.
Checked over every task for every day of a year."""
import importlib.util
from datetime import date, timedelta
from pathlib import Path

import pytest

from almanac import config
from almanac import api
from almanac.judgement.score import SCALE, verdict_of

TASKS = [t["name"] for t in api.tasks()["tasks"]]
GOOD, BAD = {"吉", "大吉"}, {"凶", "大凶"}


def _measure():
    """tools/calibrate.py's ``measure`` (a script outside the package, loaded from its file)."""
    path = Path(__file__).resolve().parents[2] / "tools" / "calibrate.py"
    spec = importlib.util.spec_from_file_location("_tools_calibrate", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.measure


@pytest.mark.parametrize("task", TASKS)
def test_a_year_of_verdicts_means_what_it_says(task):
    d, n, graves = date(2026, 1, 1), 0, 0
    while d.year == 2026:
        for h in api.judge_day(d, "Asia/Shanghai", task)["hours"]:
            n += 1
            reasons = h["reasons"] + h.get("vetoes", [])
            assert all(isinstance(r["grave"], bool) and r["citation"] for r in reasons)
            grave = any(r["grave"] for r in reasons)
            graves += grave
            if h["verdict"] in GOOD:
                assert h["score"] > 0 and not grave, h
            if h["verdict"] in BAD:             # grave hours too: their score is carried below zero
                assert h["score"] < 0, h
            assert round(sum(r["effect"] for r in h["reasons"]), 3) == pytest.approx(h["score"]), h
            if grave:
                assert h["verdict"] in BAD, h
            if h["vetoed"]:
                assert h["verdict"] in BAD, h      # a veto is grave: the act must not be done
        d += timedelta(days=1)
    assert n == 365 * 12


def test_the_scale_is_absolute_and_the_same_for_every_task():
    cfg = config.load()
    for t in TASKS:
        assert "thresholds" not in cfg["tasks"][t]   # no per-task quantiles: one documented scale
    th = tuple(SCALE[k] for k in ("daji", "ji", "xiong", "daxiong"))
    assert [verdict_of(s, th) for s in (5, 2, 0, -5, -11)] == ["大吉", "吉", "平", "凶", "大凶"]
    # sign rules hold even against thresholds that would break them
    assert verdict_of(-1.0, (-2.0, -3.0, -5.0, -8.0)) == "平"
    assert verdict_of(1.0, (9.0, 8.0, 2.0, 1.5)) == "平"
    # grave caps at 凶 (大凶 when the score reaches it), whatever else favours the hour
    assert verdict_of(9.0, th, grave=True) == "凶" and verdict_of(-12.0, th, grave=True) == "大凶"


def test_measure_reports_zero_contradictions():
    m = _measure()("travel", 2026, 2026, step_days=30)
    assert m["against_sign"] == 0 and m["grave_good"] == 0
    assert abs(sum(m["shares"].values()) - 1) < 0.01
