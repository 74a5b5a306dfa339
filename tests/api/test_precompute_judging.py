"""The precompute's judging and its split over worker processes give what judging from scratch
gives.

The precompute judges a day through shared parts (the chart's rules read once per chart, every
task's score as an exact sum in thousandths, no reason lists) and computes a long range in
worker processes that each take a run of the sixty-day cycle. Here each of those is held against
the plain way: every rule read on the hour's whole fact mapping, each task judged by
``score.judge`` (reasons, vetoes and all), every judgement cache emptied before each day; and a
store filled by workers against one filled in one process, row for row.
"""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from sqlalchemy import select

from almanac import config as config_mod
from almanac.api.choices import load
from almanac.calendar import zone
from almanac.judgement import facts as F, score as S, search
from almanac.judgement.catalog import load_catalog
from almanac.exports.store import Store, compute as C
from almanac.exports.store.models import Day, Hour, HourPart, Score


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


@pytest.mark.slow
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


def _rows(store: Store) -> dict:
    out = {}
    with store.engine.connect() as conn:
        for model in (Day, Hour, Score, HourPart):
            cols = [c for c in model.__table__.c if c.name != "computed_at"]
            out[model.__tablename__] = [
                json.dumps(list(r), default=str, ensure_ascii=False)
                for r in conn.execute(select(*cols).order_by(*model.__table__.primary_key.columns))]
    return out


def test_workers_store_what_one_process_stores(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    # 75 days in chunks of 3: both workers' runs of the sixty-day cycle, and a gap in what is
    # to do (days already stored) that splits a run
    span = ("2026-03-01", "2026-05-14")
    stores = {}
    for workers in (1, 2):
        cfg = {"store": {"workers": workers, "batch_days": 3}}
        store = Store(f"sqlite:///{tmp_path / f'w{workers}.sqlite3'}", cfg)
        store.precompute("2026-04-01", "2026-04-03", "Asia/Seoul")
        stats = store.precompute(*span, "Asia/Seoul")
        assert stats.written == 72 and stats.unchanged == 3
        assert store.verify() == []
        stores[workers] = _rows(store)
    assert stores[1] == stores[2]
    assert len(stores[2]["store_days"]) == 75


def test_day_cycle_groups_are_runs_of_the_cycle_and_even():
    from almanac.calendar import day_pillar
    from almanac.exports.store.pool import by_day_cycle, runs
    start = dt.date(2026, 1, 1)
    for n_days in (64, 90, 365):
        dates = [start + dt.timedelta(days=i) for i in range(n_days)]
        groups = by_day_cycle(dates, 2)
        assert sorted(d for g in groups for d in g) == dates
        sizes = [len(g) for g in groups]
        assert max(sizes) - min(sizes) <= max(2, n_days // 30), (n_days, sizes)
        # no day pillar is in both groups: each worker casts the charts of its own pillars
        pillars = [{day_pillar(d).index for d in g} for g in groups]
        assert not pillars[0] & pillars[1]
    dates = [start + dt.timedelta(days=i) for i in (0, 1, 2, 5, 6, 7, 8)]
    assert runs(dates, 3) == [dates[0:3], dates[3:6], dates[6:7]]
