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


def day_judgements(profs, d: date, tz, cfg, lang: str = "zh") -> dict[str, tuple]:
    """Every task's twelve judged hours of ``d`` in one pass over the day's cached fired rules.

    For each profile, ``(hours, table)``: ``hours`` are the twelve entries of
    :func:`day_judgement` (same keys, same order) except that ``reasons`` and ``vetoes`` hold
    catalog indices, and ``table`` maps each index used to its reason dict (a veto entry is the
    reason dict of its rule). ``{**h, "reasons": [table[i] …], "vetoes": [table[i] …]}`` with
    fresh copies of the dicts is exactly :func:`day_judgement`'s entry. Nothing is cached and
    the shared tables are not copied: a caller must not change them.
    """
    from .score import _compiled, verdict_of

    cat = load_catalog()
    day = judged_facts(d, tz, cfg)
    base = [({"start": slot.start.isoformat(), "end": slot.end.isoformat(), "branch": f["hour_branch"],
              "pillar": f["hour_stem"] + f["hour_branch"], "mansion": f["hour_mansion"]}, f, idx)
            for slot, f, idx in day]
    dirs: list | None = None
    out = {}
    for prof in profs:
        comp = _compiled(prof, cat, lang)
        table: dict[int, dict] = {}
        hours = []
        if prof.directions and dirs is None:
            dirs = [directions(f) for _, f, _ in base]
        for n, (head, f, idx) in enumerate(base):
            total = 0.0
            rs, vs = [], []
            for i in idx:
                eff, reason, veto = comp[i]
                if reason is not None:
                    rs.append(i)
                    total += eff
                    table[i] = reason
                if veto is not None:
                    vs.append(i)
                    if i not in table:
                        table[i] = reason if reason is not None else \
                            {k: v for k, v in veto.items() if k != "veto"}
            rs.sort(key=lambda i: -abs(comp[i][0]))  # stable: catalog order among equals
            total = round(total, 3)
            e = dict(head)
            e["score"] = total
            e["verdict"] = verdict_of(total, prof.thresholds)
            e["reasons"] = rs
            if prof.directions:
                e["directions"] = dirs[n]
            e["vetoed"] = bool(vs)
            if vs:
                e["vetoes"] = vs
            hours.append(e)
        out[prof.name] = (hours, table)
    return out
