"""The best hours for a task over a date range, and the judged twelve hours of one day.

Facts and fired rules of each almanac day are cached on (date, zone, the hash of the config
sections they depend on); scored hours on that key plus the task profile's digest. A warm search
over a year is then a merge and a sort. Order is deterministic: score descending, then start
ascending. Vetoed hours never appear in ``best``.

Both caches share one least-recently-used store bounded by the entries' estimated bytes
(``[cache] judgement_bytes``, :class:`SizedCache`): a judged day holds about 1,400 facts and a
scored day a hundred reasons, about 50 KB each beyond what they share, so a bound in entries
alone let a process grow by gigabytes through requests for ever new dates and zones.
"""
from __future__ import annotations

import heapq
import sys
from datetime import date
from typing import Any

from almanac.calendar import range_dates
from almanac.errors import BadInput, field

from almanac.lang import check_lang
from almanac.lru import DEFAULT_MAX_BYTES, SizedCache

from .catalog import load_catalog
from .explain import summary
from .facts import day_facts_parts, directions
from .score import TaskProfile, fired, judge

MAX_DAYS = 366
MAX_LIMIT = 1000

class _Part:
    """One kind of entry (judged days, scored days) in the shared :class:`SizedCache`, used as a
    mapping: ``get``, ``[key] = value`` (sized by ``size_of``), ``len``, ``clear``."""

    def __init__(self, cache: SizedCache, tag: str, size_of):
        self.cache, self.tag, self.size_of = cache, tag, size_of

    def get(self, key, default=None):
        return self.cache.get((self.tag, key), default)

    def put(self, key, value, cfg=None):
        return self.cache.put((self.tag, key), value, self.size_of(value), cache_bytes(cfg))

    __setitem__ = put

    def __len__(self) -> int:
        return len(self.cache.keys(lambda k: k[0] == self.tag))

    def clear(self) -> None:
        self.cache.drop(lambda k: k[0] != self.tag)


def cache_bytes(cfg) -> "int | None":
    """``[cache] judgement_bytes`` of ``cfg`` (None: keep the bound the cache has)."""
    if cfg is None:
        return None
    return int((cfg.get("cache") or {}).get("judgement_bytes", DEFAULT_MAX_BYTES))


def day_bytes(hours: tuple) -> int:
    """The estimated bytes of a judged day (:func:`judged_facts`): its twelve facts mappings — each
    the dict's own table (``sys.getsizeof``: it doubles when the keys pass two thirds of its slots,
    3.3 KB an hour at today's 170 keys, 6.6 KB from the 171st) and 10 bytes a key for the values it
    does not share with the charts, the hours and other days — and the fired rules' indices:
    about 66 KB, 1.04–1.14 × what a day holds (``tests/exports/test_hardening.py`` checks the
    estimate stays at or above it)."""
    return 2048 + sum(sys.getsizeof(f) + 10 * len(f) + 8 * len(idx) for _, f, idx in hours)


def scored_bytes(hours: tuple) -> int:
    """The estimated bytes of a scored day (:func:`scored_day`): twelve entries (their dict,
    times, summary) and each reason's own copy (the texts are the catalog's, shared): about
    50–70 KB (travel ≈ 67 KB), 1.01–1.18 × what a day holds in any language."""
    return sum(768 + 3 * len(e["summary"]) + 330 * len(e["reasons"]) + (640 if "directions" in e else 0)
               for _, e, _ in hours)


#: the judged and scored days, one bound for both (``[cache] judgement_bytes``)
judgement_cache = SizedCache()
_days = _Part(judgement_cache, "d", day_bytes)
_scored = _Part(judgement_cache, "s", scored_bytes)


def _tzkey(tz) -> str:
    return getattr(tz, "key", str(tz))


def _facts_key(cfg) -> str:
    return cfg.section_hash("calendar", "qin", "liuren")


def judged_facts(d: date, tz, cfg, fkey: str | None = None) -> tuple:
    """``(slot, facts, fired)`` for the twelve hours of ``d`` (cached)."""
    key = (d, _tzkey(tz), fkey or _facts_key(cfg))
    hit = _days.get(key)
    if hit is None:
        cat = load_catalog()
        hit = tuple((slot, f, fired(f, cat, chart_f)) for slot, f, chart_f in day_facts_parts(d, tz, cfg))
        _days.put(key, hit, cfg)
    return hit


def _entry(slot, f: dict, j, prof: TaskProfile, lang: str) -> dict[str, Any]:
    e = {"start": slot.start.isoformat(), "end": slot.end.isoformat(), "branch": f["hour_branch"],
         "pillar": f["hour_stem"] + f["hour_branch"], "mansion": f["hour_mansion"],
         "score": j.score, "verdict": j.verdict, "reasons": [dict(r) for r in j.reasons],
         "summary": summary(j.verdict, j.score, j.reasons, lang, j.vetoes)}
    if prof.directions:
        e["directions"] = directions(f)
    return e


def person_facts_of_day(d: date, tz, cfg, person, fkey: str | None = None) -> tuple:
    """``(slot, facts, fired)`` of the twelve hours of ``d`` with ``person``'s 年命 placed on each
    hour's plate and the 年命 rules read (cached)."""
    key = (d, _tzkey(tz), fkey or _facts_key(cfg), person)
    hit = _days.get(key)
    if hit is None:
        from almanac.hours import almanac_hours

        from .person import person_facts, year_of
        from .score import fired_for_person
        cat = load_catalog()
        out = []
        for (slot, f, idx), h in zip(judged_facts(d, tz, cfg, fkey), almanac_hours(d, tz, cfg)):
            pf = person_facts(f, h.chart, person, year_of(slot.start))
            if pf is None:
                out.append((slot, f, idx))
            else:
                f2 = {**f, **pf}
                out.append((slot, f2, fired_for_person(idx, f2, cat)))
        hit = _days.put(key, tuple(out), cfg)
    return hit


def scored_day(d: date, tz, cfg, prof: TaskProfile, fkey: str | None = None, lang: str = "zh-Hant",
               person=None) -> tuple:
    """``(sort key, entry, vetoes)`` for the twelve hours of ``d`` and one task (cached); with a
    ``person`` (``almanac.judgement.person.Person``) their 年命 rules are read too."""
    fkey = fkey or _facts_key(cfg)
    key = (d, _tzkey(tz), fkey, prof.digest, prof.directions, lang, person)
    hit = _scored.get(key)
    if hit is None:
        cat = load_catalog()
        out = []
        hours = judged_facts(d, tz, cfg, fkey) if person is None else person_facts_of_day(d, tz, cfg, person, fkey)
        for slot, f, idx in hours:
            j = judge(idx, prof, cat, lang)
            out.append(((-j.score, slot.start.timestamp()), _entry(slot, f, j, prof, lang), j.vetoes))
        hit = _scored.put(key, tuple(out), cfg)
    return hit


def check_range(start: date, end: date) -> None:
    if start > end:
        f, t = field("from"), field("to")       # --from on the command line, from= over HTTP
        raise BadInput(f"{f}={start} is after {t}={end}; give the earlier date first",
                       zh=f"{f}={start} 晚於 {t}={end}：請先給較早的日期",
                       ko=f"{f} 날짜가 {t} 날짜보다 늦습니다: {start} > {end} (이른 날짜가 먼저 와야 합니다)")
    n = (end - start).days + 1
    if n > MAX_DAYS:
        raise BadInput(f"the range {start} … {end} is {n} days; at most {MAX_DAYS} days are accepted",
                       zh=f"範圍 {start} … {end} 共 {n} 天；最多可查 {MAX_DAYS} 天",
                       ko=f"기간이 너무 깁니다: {start} … {end}, {n}일 (최대 {MAX_DAYS}일)")


def best_hours(prof: TaskProfile, start: date, end: date, tz, cfg, limit: int,
               lang: str = "zh-Hant") -> list[dict]:
    return best_of_range(prof, start, end, tz, cfg, limit, lang)[0]


GOOD = frozenset(("吉", "大吉"))


def daytime_hour(start: str) -> bool:
    """Whether an hour starting at ``start`` (its ISO text on the local clock) is a daytime hour:
    it starts from 07:00 up to 19:00 local (辰 to 酉 on the standard clock).

    >>> [daytime_hour(f"2026-12-01T{h:02d}:00:00+09:00") for h in (5, 7, 17, 19)]
    [False, True, True, False]
    """
    return 7 <= int(start[11:13]) < 19


def best_of_range(prof: TaskProfile, start: date, end: date, tz, cfg, limit: int,
                  lang: str = "zh-Hant", person=None, daytime: bool = False) -> tuple[list[dict], bool]:
    """The ``limit`` best-scored usable hours of the range, and whether any usable hour of the
    range is at least 吉 (the best hours are listed either way, each with its real verdict).
    With ``daytime`` only the hours that start from 07:00 up to 19:00 local are read."""
    check_range(start, end)
    lang = check_lang(lang)
    fkey, tzk = _facts_key(cfg), _tzkey(tz)
    pool = []
    # a date the zone skipped whole (Pacific/Apia 2011-12-30) has no hours: left out of the range
    for d in range_dates(start, end, tzk, cfg["calendar"]["time_basis"]):
        day = (_scored.get((d, tzk, fkey, prof.digest, prof.directions, lang, person))
               or scored_day(d, tz, cfg, prof, fkey, lang, person))
        pool.extend(h for h in day if not h[2] and (not daytime or daytime_hour(h[1]["start"])))
    top = heapq.nsmallest(limit, pool, key=_first)
    good = any(h[1]["verdict"] in GOOD for h in pool)
    return [_copy(e) for _, e, _ in top], good


def _first(x):
    return x[0]


def _copy(e: dict) -> dict:
    """A copy of a cached entry, so callers may change what they get."""
    out = dict(e)
    out["reasons"] = [dict(r) for r in e["reasons"]]
    if "directions" in e:
        out["directions"] = {k: list(v) if isinstance(v, list) else v for k, v in e["directions"].items()}
    return out


def day_judgement(prof: TaskProfile, d: date, tz, cfg, lang: str = "zh-Hant", person=None) -> list[dict]:
    """All twelve hours of ``d`` with score, verdict, reasons and vetoes (vetoed hours included)."""
    out = []
    for _, e, vetoes in scored_day(d, tz, cfg, prof, None, check_lang(lang), person):
        e = _copy(e)
        e["vetoed"] = bool(vetoes)
        if vetoes:
            e["vetoes"] = [{k: v for k, v in x.items() if k != "veto"} for x in vetoes]
        out.append(e)
    return out



_PREPARED: dict[int, tuple] = {}


def _prepared(comp: tuple) -> tuple:
    """Per compiled profile (``score.compiled_profile``): the sort key of each rule's reason
    (``-|effect|``), each rule's weighted effect, and the sets of rules that give a reason, that
    veto, and that are grave (a grave reason or a grave veto) — what ``task_rows`` reads."""
    hit = _PREPARED.get(id(comp))
    if hit is None or hit[0] is not comp:
        if len(_PREPARED) > 256:
            _PREPARED.clear()
        from .score import weighing_of
        general = weighing_of(comp).general
        # the key score.shown_order gives each rule's reason: the general sentences after the
        # rest (a grave one among the rest), then by size
        order = tuple((i in general and not (r is not None and r["grave"]), -abs(eff))
                      for i, (eff, r, _) in enumerate(comp))
        effects = tuple(eff for eff, _, _ in comp)
        reasons = frozenset(i for i, (_, r, _) in enumerate(comp) if r is not None)
        vetoes = frozenset(i for i, (_, _, v) in enumerate(comp) if v is not None)
        grave = frozenset(i for i, (_, r, v) in enumerate(comp)
                          if (r is not None and r["grave"]) or (v is not None and v["grave"]))
        hit = _PREPARED[id(comp)] = (comp, (order, effects, reasons, vetoes, grave))
    return hit[1]


def day_judgements(profs, d: date, tz, cfg, lang: str = "zh-Hant", reasons: bool = True
                   ) -> dict[str, Any]:
    """Every task's twelve judged hours of ``d`` in one pass over the day's cached fired rules.

    ``{"heads": twelve dicts (start, end, branch, pillar, mansion), "directions": twelve dicts or
    None (computed only when a profile wants them), "fired": per hour the catalog indices of the
    rules that fired (the same for every task), "tasks": {name: (rows, directions?)}}`` where
    each of the twelve ``rows`` is :func:`task_rows`' ``(score, verdict, reason indices, veto
    indices)``. :func:`judged_entries` turns them into exactly :func:`day_judgement`'s entries.
    With ``reasons`` false the rows are :func:`task_scores`' ``(score, verdict, vetoed)``.
    Nothing is cached and the heads are shared: a caller must not change them.
    """
    cat = load_catalog()
    day = judged_facts(d, tz, cfg)
    heads = [{"start": slot.start.isoformat(), "end": slot.end.isoformat(), "branch": f["hour_branch"],
              "pillar": f["hour_stem"] + f["hour_branch"], "mansion": f["hour_mansion"]}
             for slot, f, _ in day]
    fired_idx = [idx for _, _, idx in day]
    dirs = [directions(f) for _, f, _ in day] if any(p.directions for p in profs) else None
    if reasons:
        tasks = {prof.name: (task_rows(prof, fired_idx, cat, lang), prof.directions)
                 for prof in profs}
    else:
        tasks = {prof.name: (task_scores(prof, fired_idx, cat), prof.directions) for prof in profs}
    return {"heads": heads, "directions": dirs, "fired": fired_idx, "tasks": tasks}


_SCORING: dict[int, tuple] = {}


def _scoring(comp: tuple) -> tuple:
    """Per compiled profile: each rule's weighted effect in thousandths (an exact integer: the
    effects are rounded to 3 decimals), and the sets of rules that veto and that are grave —
    what :func:`task_scores` reads."""
    hit = _SCORING.get(id(comp))
    if hit is None or hit[0] is not comp:
        if len(_SCORING) > 256:
            _SCORING.clear()
        _, effects, _, vetoes, grave = _prepared(comp)
        milli = tuple(round(e * 1000) for e in effects)
        hit = _SCORING[id(comp)] = (comp, (milli, effects, vetoes, grave))
    return hit[1]


def task_scores(prof: TaskProfile, fired_idx, cat=None) -> list[tuple]:
    """One task's twelve ``(score, verdict, vetoed)``: :func:`task_rows` without the reasons'
    and vetoes' lists, for the precompute, which stores the scores and rebuilds the reasons from
    the fired rules when a day is read.

    The sums are taken in thousandths, as integers (every effect is a multiple of 0.001), the
    method's in full and the general sentences' weighed (``score.weigh``), as ``judge`` does."""
    from .score import compiled_profile, grave_score, precede, verdict_of, weigh, weighing_of

    comp = compiled_profile(prof, cat or load_catalog(), "zh-Hant")
    milli, effects, has_veto, is_grave = _scoring(comp)
    w = weighing_of(comp)
    aspects, general, cap, with_aspect = w.aspects, w.general, w.cap, w.with_aspect
    get = milli.__getitem__
    th = prof.thresholds
    rows = []
    for idx in fired_idx:
        if not with_aspect.isdisjoint(idx):
            idx = precede(idx, aspects)
        tone = [i for i in idx if i in general]
        kt = sum(map(get, tone))
        total = weigh(sum(map(get, idx)) - kt, kt, cap)
        if is_grave.isdisjoint(idx):
            rows.append((total, verdict_of(total, th), not has_veto.isdisjoint(idx)))
        else:
            total = grave_score(total, th)
            rows.append((total, verdict_of(total, th, True), not has_veto.isdisjoint(idx)))
    return rows


def task_rows(prof: TaskProfile, fired_idx, cat=None, lang: str = "zh-Hant") -> list[tuple]:
    """One task's twelve ``(score, verdict, reason indices, veto indices)`` from the hours' fired
    rule indices: a sum over the fired rules' precompiled effects, the reasons in the stable
    order ``judge`` gives (``score.shown_order``), a verdict. The store keeps only the fired indices
    (one set per hour for every task) and rebuilds each task's rows with this on read."""
    from .score import compiled_profile, grave_score, precede, verdict_of, weigh, weighing_of

    comp = compiled_profile(prof, cat or load_catalog(), lang)
    order, effects, has_reason, has_veto, is_grave = _prepared(comp)
    w = weighing_of(comp)
    aspects, general, cap, with_aspect = w.aspects, w.general, w.cap, w.with_aspect
    by_size = order.__getitem__
    th = prof.thresholds
    rows = []
    milli = _scoring(comp)[0]
    for idx in fired_idx:
        if not with_aspect.isdisjoint(idx):
            idx = precede(idx, aspects)
        rs = [i for i in idx if i in has_reason]
        vs = [i for i in idx if i in has_veto]
        kt = sum(milli[i] for i in rs if i in general)
        total = weigh(sum(milli[i] for i in rs) - kt, kt, cap)
        rs.sort(key=by_size)  # stable: catalog order among equals, as judge() sorts
        grave = not is_grave.isdisjoint(idx)
        if grave:  # the reasons are settled to this score when the entries are built
            total = grave_score(total, th)
        rows.append((total, verdict_of(total, th, grave), rs, vs))
    return rows


def judged_entries(prof: TaskProfile, heads: list, dirs, rows, lang: str = "zh-Hant") -> list[dict]:
    """:func:`day_judgement`'s twelve entries from :func:`day_judgements`' parts for ``prof``
    (``dirs`` may be None when ``prof`` has no directions); every reason a dict of its own."""
    from .score import compiled_profile, settle_grave, tone_of, weigh_reasons, weighing_of

    comp = compiled_profile(prof, load_catalog(), lang)
    general, cap = tone_of(comp)
    order = weighing_of(comp).order
    milli = _scoring(comp)[0]
    out = []
    for n, (score, verdict, rs, vs) in enumerate(rows):
        e = dict(heads[n])
        e["score"] = score
        e["verdict"] = verdict
        e["reasons"] = [dict(comp[i][1]) for i in rs]
        kt = sum(milli[i] for i in rs if i in general)
        raw = weigh_reasons(e["reasons"], [r for i, r in zip(rs, e["reasons"]) if i in general],
                            sum(milli[i] for i in rs) - kt, kt, cap, order)
        if score < raw:  # a grave hour's score carried to the 凶 line, as judge() does
            settle_grave(e["reasons"], [comp[i][2] for i in vs], raw, score, order)
        e["summary"] = summary(verdict, score, e["reasons"], lang, [comp[i][2] for i in vs])
        if prof.directions:
            e["directions"] = dirs[n]
        e["vetoed"] = bool(vs)
        if vs:
            e["vetoes"] = [{k: v for k, v in comp[i][2].items() if k != "veto"} for i in vs]
        out.append(e)
    return out
