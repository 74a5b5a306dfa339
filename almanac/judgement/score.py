"""The score of one hour for one task, its reasons, vetoes and verdict.

``score = Σ weight(task, rule) × effect(rule, task)`` over the rules that fire. ``effect`` is the
catalog's number for the task's ``base`` (or the rule's ``default``); ``weight`` is the profile's
multiplier for the rule id, else for its most specific family (``liuren.keti`` before ``liuren``),
else 1. A rule that vetoes the task (in the catalog or in the profile's ``veto`` list) makes the
hour unusable whatever its score, and is grave for it.

The verdict reads the score on an absolute scale in score units (:data:`SCALE`, the same for every
task unless a profile sets its own ``thresholds``), under two rules that no threshold can undo:
吉/大吉 need a positive score and 凶/大凶 a negative one; and an hour with a **grave** reason for
the task (its text forbids or dooms the act: 不可, 大忌, 必死 …) is 凶, or 大凶 when the score
reaches that far — never 平 or better, whatever else favours it.

The task profiles (config ``[tasks]``: :class:`TaskProfile`, :func:`profile` …) are
``almanac.judgement.profiles``; their names are read from here too, as before they moved.

>>> from almanac.judgement.score import verdict_of
>>> [verdict_of(s, (4.5, 1.5, -1.5, -4.5)) for s in (7, 2, 0, -2, -6.5)]
['大吉', '吉', '平', '凶', '大凶']
>>> verdict_of(7, (4.5, 1.5, -1.5, -4.5), grave=True), verdict_of(-0.5, (-1.0, -2.0, -3.0, -4.0))
('凶', '平')
"""
from __future__ import annotations

import functools

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from almanac.lang import check_lang

from . import explain
from .catalog import Catalog, Rule, load_catalog
from .facts import PERSON_FACTS
# the task profiles, read from here as before they moved
from .profiles import (METHOD, SCALE, TONE, TaskProfile, named_tasks, profile, resolve_task,  # noqa: F401
                       task_profiles)

VERDICTS = ("大吉", "吉", "平", "凶", "大凶")


def verdict_of(score: float, thresholds: tuple[float, float, float, float], grave: bool = False) -> str:
    """The verdict of ``score``: 吉/大吉 only above zero, 凶/大凶 only below; a grave hour is 凶 or
    大凶 whatever its score."""
    daji, ji, xiong, daxiong = thresholds
    if grave:
        return "大凶" if score <= daxiong else "凶"
    if score > 0 and score >= daji:
        return "大吉"
    if score > 0 and score >= ji:
        return "吉"
    if score < 0 and score <= daxiong:
        return "大凶"
    if score < 0 and score <= xiong:
        return "凶"
    return "平"


def fired(facts: Mapping[str, Any], cat: Catalog | None = None,
          chart_facts: Mapping[str, Any] | None = None) -> tuple[int, ...]:
    """Indices (catalog order) of the rules whose condition holds. Rules on a person's 年命 are not
    read here (an hour's own facts hold no person): :func:`fired_for_person` adds them.

    With ``chart_facts`` (the chart's own facts, shared by every hour on that chart, whose values
    ``facts`` holds too: ``facts.day_facts_parts``) the rules that read only those are tested
    once per chart and kept with it; the others on ``facts``.
    """
    cat = cat or load_catalog()
    preds = _PREDS.get(id(cat))
    if preds is None or preds[0] is not cat:
        preds = _PREDS[id(cat)] = (cat, tuple((i, r.pred) for i, r in enumerate(cat.rules)
                                              if not r.facts & PERSON_FACTS), {})
    if chart_facts is None:
        return tuple([i for i, p in preds[1] if p(facts)])
    keys = frozenset(chart_facts)
    split = preds[2].get(keys)
    if split is None:
        split = preds[2][keys] = (
            tuple((i, p) for i, p in preds[1] if cat.rules[i].facts <= keys),
            tuple((i, p) for i, p in preds[1] if not cat.rules[i].facts <= keys))
    hit = _BY_CHART.get(id(chart_facts))
    if hit is None or hit[0] is not chart_facts or hit[1] is not cat:
        if len(_BY_CHART) >= 8192:
            _BY_CHART.clear()
        hit = _BY_CHART[id(chart_facts)] = (chart_facts, cat,
                                            [i for i, p in split[0] if p(chart_facts)])
    rest = [i for i, p in split[1] if p(facts)]
    return tuple(sorted(hit[2] + rest)) if hit[2] else tuple(rest)


#: per chart's own facts (held, so their id is not reused): the chart-only rules that fire
_BY_CHART: dict[int, tuple] = {}


def fired_for_person(base: tuple[int, ...], facts: Mapping[str, Any], cat: Catalog | None = None
                     ) -> tuple[int, ...]:
    """``base`` (an hour's fired rules) plus the 年命 rules that hold on ``facts`` (the hour's facts
    with the person's), in catalog order."""
    cat = cat or load_catalog()
    extra = [i for i, r in enumerate(cat.rules) if r.facts & PERSON_FACTS and r.pred(facts)]
    return tuple(sorted(base + tuple(extra))) if extra else base


_PREDS: dict[int, tuple] = {}


#: what the weighing and the order of the reasons are: a change to either is a new value here, so
#: judgements and feed texts stored under the old one are stale (the store's catalog hash)
WEIGHING = "method+tone/1; decided first"


@dataclass(frozen=True)
class Weighing:
    """How one compiled profile weighs an hour's fired rules (:func:`compiled_profile`, kept beside
    its table): each rule's ``(aspect, rank)`` or None (:func:`aspects_of`), the rules that have an
    aspect, the rules that speak of the chart in general for the task, and the most those weigh
    together in thousandths (:func:`tone_of`)."""
    aspects: tuple
    with_aspect: frozenset[int]
    general: frozenset[int]
    cap: int
    #: the ids of the general rules (``general``): what :func:`shown_order` puts after the rest
    general_rules: frozenset[str] = frozenset()

    @functools.cached_property
    def order(self):
        """The sort key of this profile's reasons (:func:`shown_order`), made once per profile:
        every hour judged reads it."""
        return shown_order(self.general_rules)


def shown_order(general_rules: "frozenset[str]" = frozenset()):
    """The order a reading's reasons are shown in: first those that decided it — the task's own
    method (the 類神 of the matter, 發用 and 末傳, the 演禽 side) and any grave sentence — then the
    chart's general sentences (``general_rules``), which count together as one consideration; in
    each part the largest effect first, and catalog order among equals (the sort is stable).

    >>> key = shown_order(frozenset({"liuren.verse"}))
    >>> rs = [{"rule": "liuren.verse", "effect": -2.0, "grave": False},
    ...       {"rule": "liuren.m_cai", "effect": 1.0, "grave": False}]
    >>> [r["rule"] for r in sorted(rs, key=key)]
    ['liuren.m_cai', 'liuren.verse']
    """
    return lambda x: (x["rule"] in general_rules and not x["grave"], -abs(x["effect"]))


#: per compiled table (by id, the table kept so the id is not reused): its Weighing
_WEIGHING: dict[int, tuple] = {}


def weighing_of(comp: tuple) -> Weighing:
    """The :class:`Weighing` of a table :func:`compiled_profile` made."""
    hit = _WEIGHING.get(id(comp))
    if hit is None or hit[0] is not comp:
        raise KeyError("weighing_of: not a table compiled_profile made")
    return hit[1]


def tone_of(comp: tuple) -> tuple[frozenset[int], int]:
    """``(rules, cap)`` of a compiled profile: the catalog rules that speak of the chart in general
    for this task (not its ``method``), and the most they weigh together, in thousandths."""
    w = weighing_of(comp)
    return w.general, w.cap


def weigh(method_milli: int, tone_milli: int, cap: int) -> float:
    """The score from its two parts in thousandths: the method's sum, and the general sentences'
    sum weighed as one consideration — its direction, at most ``cap`` either way.

    >>> weigh(2500, -6000, 1000), weigh(-1500, 400, 1000), weigh(0, 0, 1000)
    (1.5, -1.1, 0.0)
    """
    return (method_milli + max(-cap, min(cap, tone_milli))) / 1000 + 0.0


def weigh_reasons(reasons: list[dict], tone: list[dict], method_milli: int, tone_milli: int,
                  cap: int, order=None) -> float:
    """The score (:func:`weigh`), and the general reasons' effects (``tone``, dicts in ``reasons``)
    scaled in place so that every reason's effect still adds up to it: each general sentence
    keeps its share of what they weigh together."""
    weighed = max(-cap, min(cap, tone_milli))
    if weighed != tone_milli and tone:
        # in one order whatever order they came in (the largest carries the rounding), so every
        # path that rebuilds the reasons gives the same shares
        shares = sorted(tone, key=lambda x: (-abs(x["effect"]), x["rule"]))
        left = weighed
        for r in shares[1:]:
            r["effect"] = round(r["effect"] * weighed / tone_milli, 3)
            left -= round(r["effect"] * 1000)
        shares[0]["effect"] = left / 1000 + 0.0
        reasons.sort(key=shown_order() if order is None else order)
    return weigh(method_milli, tone_milli, cap)


def _rank(prof: "TaskProfile", rule: Rule) -> int:
    """How closely ``rule`` speaks to the task of ``prof``: a sentence that names the task before a
    general one, and of each, one of the task's own method before another (3, 2, 1, 0)."""
    specific = prof.base in rule.grants or prof.name in rule.grants
    return 2 * specific + prof.in_method(rule)


def aspects_of(comp: tuple) -> tuple:
    """Per catalog rule of a compiled profile (:func:`compiled_profile`): ``(aspect, rank)`` when the rule
    has an aspect and speaks to the profile's task (an effect or a veto) — ``rank`` from
    :func:`_rank` — else None."""
    return weighing_of(comp).aspects


def precede(idx, aspects: tuple) -> list[int]:
    """``idx`` (fired rules, catalog order) with each aspect read once for the task. Of the rules
    that read one element of the chart (``aspect``) and speak to the task, one counts: the first in
    catalog order among those that speak most closely to it (:func:`_rank`: the task's own method
    before another sentence that names the task, and that before a general one) — a sentence
    about this matter outweighs a general one, and the catalog writes a text's exception before
    its rule — so one fact is not counted twice and an exception silences its rule (its veto
    too). ``aspects`` is :func:`aspects_of` of the task's compiled table.

    >>> A, a = ("a", 1), ("a", 0)
    >>> precede([1, 2, 3, 5], (None, a, None, A, None, ("b", 0)))     # 3 speaks to the task: 1 is silent
    [2, 3, 5]
    >>> precede([1, 3], (None, a, None, a)), precede([1, 3], (None, ("a", 1), None, ("a", 3)))
    ([1], [3])
    """
    chosen: dict[str, int] = {}
    for i in idx:
        x = aspects[i]
        if x is not None:
            have = chosen.get(x[0])
            if have is None or x[1] > aspects[have][1]:
                chosen[x[0]] = i
    return [i for i in idx if aspects[i] is None or chosen[aspects[i][0]] == i]


@dataclass(frozen=True)
class Judgement:
    score: float
    verdict: str
    reasons: tuple[dict, ...]
    vetoes: tuple[dict, ...]

    @property
    def vetoed(self) -> bool:
        return bool(self.vetoes)


def _reason(rule: Rule, effect: float, lang: str, grave: bool = False, task: str | None = None) -> dict:
    return explain.reason(rule, effect, lang, grave, task)


_COMPILED: dict[tuple, tuple] = {}


def compiled_profile(prof: TaskProfile, cat: Catalog, lang: str = "zh-Hant") -> tuple[tuple[float, dict | None, dict | None], ...]:
    """Per catalog rule: (weighted effect, its reason, its veto entry or None) for one profile."""
    lang = check_lang(lang)
    key = (prof, id(cat), lang)
    hit = _COMPILED.get(key)
    if hit is not None and hit[0] is cat:
        return hit[1]
    out = []
    for r in cat.rules:
        eff = round(prof.weight(r) * r.effect_for(prof.base), 3)
        vetoed = prof.vetoed_by(r)
        if vetoed and eff > 0:
            # a rule the task's config vetoes forbids the hour: its plus is not counted for it, and
            # it is said once, as the veto (which carries the hour down to 凶, see settle_grave)
            eff = 0.0
        # a veto is grave, the profile's own (``veto = [...]`` in a task's config) as the catalog's
        reason = _reason(r, eff, lang, explain.grave_for(r, prof.base) or vetoed, prof.base)
        out.append((eff, reason if eff else None, reason | {"veto": True} if vetoed else None))
    if len(_COMPILED) > 256:
        _COMPILED.clear()
        _WEIGHING.clear()
    table = tuple(out)
    _COMPILED[key] = (cat, table)
    aspects = tuple((r.aspect, _rank(prof, r)) if r.aspect and (e or v is not None) else None
                    for r, (e, _, v) in zip(cat.rules, out))
    _WEIGHING[id(table)] = (table, Weighing(
        aspects, frozenset(i for i, a in enumerate(aspects) if a),
        frozenset(i for i, r in enumerate(cat.rules) if not prof.in_method(r)), round(prof.tone * 1000),
        frozenset(r.id for r in cat.rules if not prof.in_method(r))))
    return table


def judge(fired_idx: tuple[int, ...], prof: TaskProfile, cat: Catalog | None = None,
          lang: str = "zh-Hant") -> Judgement:
    """Score, verdict, reasons and vetoes of one hour for one task."""
    table = compiled_profile(prof, cat or load_catalog(), lang)
    w = weighing_of(table)
    if not w.with_aspect.isdisjoint(fired_idx):
        fired_idx = precede(fired_idx, w.aspects)
    general, cap = w.general, w.cap
    reasons, vetoes, tone = [], [], []
    method_milli = tone_milli = 0
    for i in fired_idx:
        eff, reason, veto = table[i]
        if reason is not None:
            r = dict(reason)
            reasons.append(r)
            if i in general:
                tone.append(r)
                tone_milli += round(eff * 1000)
            else:
                method_milli += round(eff * 1000)
        if veto is not None:
            vetoes.append(dict(veto))
    reasons.sort(key=w.order)   # stable: catalog order among equals
    total = weigh_reasons(reasons, tone, method_milli, tone_milli, cap, w.order)
    grave = any(r["grave"] for r in reasons) or any(v["grave"] for v in vetoes)
    if grave:
        total = settle_grave(reasons, vetoes, total, grave_score(total, prof.thresholds), w.order)
    return Judgement(total, verdict_of(total, prof.thresholds, grave), tuple(reasons), tuple(vetoes))


def grave_score(total: float, thresholds: tuple[float, float, float, float]) -> float:
    """The score of an hour with a grave reason: its sum, or the 凶 line when the sum is above it.

    The sentence wins and the number changes: a text that forbids or dooms the act makes the hour
    凶, so its score is carried down to the 凶 line rather than left positive beside a 凶 verdict.
    """
    xiong = thresholds[2]
    return round(xiong, 3) if total > xiong else total


def settle_grave(reasons: list[dict], vetoes: list[dict], total: float, target: float, order=None) -> float:
    """Make ``reasons`` add up to ``target`` (from :func:`grave_score`) when it is below ``total``:
    the first grave reason (a grave veto when no reason is grave) carries the difference in its
    ``effect``; the reasons are sorted again (``order``, :func:`shown_order`). Returns the new total."""
    delta = round(target - total, 3)
    if delta >= 0:
        return total
    carrier = next((r for r in reasons if r["grave"]), None)
    if carrier is None:
        veto = next(v for v in vetoes if v["grave"])
        carrier = {k: v for k, v in veto.items() if k != "veto"} | {"effect": 0.0}
        reasons.append(carrier)
    carrier["effect"] = round(carrier["effect"] + delta, 3)
    reasons.sort(key=shown_order() if order is None else order)
    return target
