"""The best hours for a task over a date range, and the judged twelve hours of one day.

Facts and fired rules of each almanac day are cached on (date, zone, the hash of the config
sections they depend on); scored hours on that key plus the task profile's digest. A warm search
over a year is then a merge and a sort. Order is deterministic: score descending, then start
ascending. Vetoed hours never appear in ``best``.
"""
from __future__ import annotations

import heapq
from datetime import date, timedelta
from typing import Any

from almanac.errors import BadInput

from .catalog import load_catalog
from .facts import day_facts, directions
from .score import TaskProfile, fired, judge

MAX_DAYS = 366
MAX_LIMIT = 1000

_days: dict[tuple, tuple] = {}
_scored: dict[tuple, tuple] = {}
_CACHE_MAX = 20000


def _tzkey(tz) -> str:
    return getattr(tz, "key", str(tz))


def _facts_key(cfg) -> str:
    return cfg.section_hash("calendar", "qin", "liuren")


def judged_facts(d: date, tz, cfg, fkey: str | None = None) -> tuple:
    """``(slot, facts, fired)`` for the twelve hours of ``d`` (cached)."""
    key = (d, _tzkey(tz), fkey or _facts_key(cfg))
    hit = _days.get(key)
    if hit is None:
        if len(_days) > _CACHE_MAX:
            _days.clear()
        cat = load_catalog()
        hit = tuple((slot, f, fired(f, cat)) for slot, f in day_facts(d, tz, cfg))
        _days[key] = hit
    return hit


def _entry(slot, f: dict, j, prof: TaskProfile) -> dict[str, Any]:
    e = {"start": slot.start.isoformat(), "end": slot.end.isoformat(), "branch": f["hour_branch"],
         "pillar": f["hour_stem"] + f["hour_branch"], "mansion": f["hour_mansion"],
         "score": j.score, "verdict": j.verdict, "reasons": [dict(r) for r in j.reasons]}
    if prof.directions:
        e["directions"] = directions(f)
    return e


def scored_day(d: date, tz, cfg, prof: TaskProfile, fkey: str | None = None) -> tuple:
    """``(sort key, entry, vetoes)`` for the twelve hours of ``d`` and one task (cached)."""
    fkey = fkey or _facts_key(cfg)
    key = (d, _tzkey(tz), fkey, prof.digest, prof.directions)
    hit = _scored.get(key)
    if hit is None:
        if len(_scored) > _CACHE_MAX:
            _scored.clear()
        cat = load_catalog()
        out = []
        for slot, f, idx in judged_facts(d, tz, cfg, fkey):
            j = judge(idx, prof, cat)
            out.append(((-j.score, slot.start.timestamp()), _entry(slot, f, j, prof), j.vetoes))
        hit = tuple(out)
        _scored[key] = hit
    return hit


def check_range(start: date, end: date) -> None:
    if start > end:
        raise BadInput(f"--from {start} is after --to {end}; give the earlier date first")
    n = (end - start).days + 1
    if n > MAX_DAYS:
        raise BadInput(f"the range {start} … {end} is {n} days; at most {MAX_DAYS} days are accepted")


def best_hours(prof: TaskProfile, start: date, end: date, tz, cfg, limit: int) -> list[dict]:
    check_range(start, end)
    fkey, tzk, one = _facts_key(cfg), _tzkey(tz), timedelta(days=1)
    pool = []
    d = start
    while d <= end:
        day = _scored.get((d, tzk, fkey, prof.digest, prof.directions)) or scored_day(d, tz, cfg, prof, fkey)
        pool.extend(h for h in day if not h[2])
        d += one
    top = heapq.nsmallest(limit, pool, key=_first)
    return [_copy(e) for _, e, _ in top]


def _first(x):
    return x[0]


def _copy(e: dict) -> dict:
    """A copy of a cached entry, so callers may change what they get."""
    out = dict(e)
    out["reasons"] = [dict(r) for r in e["reasons"]]
    if "directions" in e:
        out["directions"] = {k: list(v) if isinstance(v, list) else v for k, v in e["directions"].items()}
    return out


def day_judgement(prof: TaskProfile, d: date, tz, cfg) -> list[dict]:
    """All twelve hours of ``d`` with score, verdict, reasons and vetoes (vetoed hours included)."""
    out = []
    for _, e, vetoes in scored_day(d, tz, cfg, prof):
        e = _copy(e)
        e["vetoed"] = bool(vetoes)
        if vetoes:
            e["vetoes"] = [{k: v for k, v in x.items() if k != "veto"} for x in vetoes]
        out.append(e)
    return out
