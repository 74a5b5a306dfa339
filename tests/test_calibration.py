"""Verdicts spread over the scale: the default thresholds are the task's own score quantiles
(config/default.toml [tasks]), so outside the calibration span the shares stay close to theirs."""
from collections import Counter
from datetime import date, timedelta

import pytest

import config

from almanac import api
from almanac.judgement.calibrate import thresholds

TASKS = [t["name"] for t in api.tasks()["tasks"]]


@pytest.mark.parametrize("task", TASKS)
def test_verdict_shares_in_a_year_outside_the_calibration_span(task):
    c = Counter()
    d = date(2035, 1, 3)
    while d.year == 2035:
        c.update(h["verdict"] for h in api.judge_day(d, None, task)["hours"] if not h["vetoed"])
        d += timedelta(days=11)
    n = sum(c.values())
    good = (c["大吉"] + c["吉"]) / n
    assert 0.12 < good < 0.40, c
    assert c["大凶"] / n < 0.2, c
    assert c["平"] / n > 0.2, c


def test_calibration_reproduces_the_shipped_thresholds_on_a_sample():
    th = thresholds("travel", 2026, 2026, step_days=7)
    cfg = config.load()["tasks"]["travel"]["thresholds"]
    for k in ("ji", "xiong"):
        assert abs(th[k] - cfg[k]) <= 1.5, (k, th, cfg)
