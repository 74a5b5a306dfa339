"""The precompute's judging gives what judging from scratch gives.

The precompute judges a day through shared parts (the chart's rules read once per chart, every
task's score as an exact sum in thousandths, no reason lists). Here it is held against the plain
way: every rule read on the hour's whole fact mapping, each task judged by ``score.judge``
(reasons, vetoes and all), every judgement cache emptied before each day.
"""
from __future__ import annotations

import datetime as dt
import json

import pytest

import config as config_mod
from almanac.api.choices import load
from almanac.calendar import zone
from almanac.judgement import facts as F, score as S, search
from almanac.judgement.catalog import load_catalog
from exports.store import compute as C


def _empty_judgement_caches() -> None:
    for cache in (search._days, search._scored, search._PREPARED, search._SCORING,
                  S._BY_CHART, S._PREDS, S._COMPILED, F._CHARTS):
        cache.clear()


def _plain(d: dt.date, tz: str, cfg, tasks: list[str]) -> tuple[list, dict]:
    """The fired rules of each hour of ``d`` and each task's ``(score, verdict, vetoed)``, with
    nothing shared: every judgement cache emptied, every rule read on the whole mapping."""
    _empty_judgement_caches()
    cat = load_catalog()
    fired = [S.fired(f, cat) for _, f in F.day_facts(d, zone(tz), cfg)]
    rows = {}
    for t in tasks:
        prof = S.profile(cfg, t)
        rows[t] = [(j.score, j.verdict, j.vetoed) for j in (S.judge(i, prof, cat) for i in fired)]
    return [list(i) for i in fired], rows


@pytest.mark.parametrize("school, tz", [("default", "Asia/Shanghai"),
                                        ("mengzhong", "America/New_York")])
def test_a_years_precompute_judging_equals_judging_from_scratch(school, tz):
    cfg = config_mod.load(None) if school == "default" else load(None, school=school)
    tasks = C.task_names(cfg)
    assert len(tasks) >= 11
    _empty_judgement_caches()
    start = dt.date(2026, 1, 1)
    days = [start + dt.timedelta(days=i) for i in range(365)]
    # the precompute's way, its caches filling over the year as they do in a worker
    got = {}
    for d in days:
        j = C.judge_day_tasks(d, tz, tasks, cfg)
        got[d] = ([list(i) for i in j["fired"]], {t: j["tasks"][t][0] for t in tasks})
    vetoed = graves = 0
    for d in days:
        fired, rows = _plain(d, tz, cfg, tasks)
        assert got[d][0] == fired, d
        # as JSON text: a score of -0.0 must stay -0.0 (the stored checksums cover its repr)
        assert json.dumps(got[d][1]) == json.dumps(rows), d
        vetoed += sum(r[2] for t in tasks for r in rows[t])
        graves += sum(r[1] in ("凶", "大凶") for t in tasks for r in rows[t])
    # the year exercised what the sums and flags decide
    assert vetoed > 0 and graves > 0
