"""The rule catalog: ``almanac/data/rules/*.toml`` loaded, checked and compiled once.

A rule file that names an unknown fact, task, operator or seed, or lacks a translation, fails at
load time with ``CatalogError`` naming the rule — never in the middle of a search. Each rule's
source is registered with :mod:`almanac.sources` so the seed-citation test covers it.

>>> from almanac.judgement.catalog import load_catalog
>>> cat = load_catalog()
>>> cat.by_id["qin.jielu"].veto
frozenset({'travel'})
>>> "liuren.ganshang_sheng_gan" in cat.by_id
True
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from almanac.liuren.generals import GENERALS
from almanac.sources import CHAIWEI, CLASSICS, KETI, QIN_FU, TAIYIN, BookSource, Source, cite

from .conditions import CatalogError, Predicate, compile_condition, facts_used

RULES_DIR = Path(__file__).resolve().parent.parent / "data" / "rules"
SEEDS = (QIN_FU, CHAIWEI, KETI, TAIYIN)
LANGS = ("zh", "ko", "en")
_KEYS = {"id", "family", "when", "effect", "veto", "grave", "grants", "quote", "reading", "text", "source",
         "aspect", "touches", "text_for", "case_of", "spirits"}
#: what a rule may say it ``touches``: a spirit of the chart whose 旬空 silences the rule (good and
#: bad alike: 「吉神空亡吉不成，凶神空亡凶不成」) — 日上神, 辰上神, a transmission, or a general
#: (the branch it rides)
_SPIRITS = {"ganshang": "ganshang_void", "zhishang": "zhishang_void", "chu": "chu_void",
            "zhong": "zhong_void", "mo": "mo_void"}
#: every rule must show the phrase that makes its text speak to each task it moves
REQUIRE_GRANTS = True


@dataclass(frozen=True)
class Rule:
    id: str
    family: str
    when: Any                       # the condition as written (for docs and tests)
    pred: Predicate
    effect: dict[str, float]        # task (or "default") → effect
    veto: frozenset[str]
    text: dict[str, str]            # zh / ko / en
    source: Source                  # the paragraph, with ``quote`` when the rule gives one
    file: str
    facts: frozenset[str]
    grave: frozenset[str] = frozenset()             # tasks (or "all") the text forbids or dooms
    grants: "dict[str, Source]" = field(default_factory=dict)  # task (or "all") → the phrase that speaks to it
    reading: str | None = None      # the maintainers' written decision for a debatable rule
    #: what the rule reads, as one element of the chart: of the rules of one aspect that hold, only
    #: the first in catalog order speaks (an exception is written before its rule)
    aspect: str | None = None
    #: the spirit the rule speaks of (see ``_SPIRITS``): when it is 旬空 the rule does not hold
    touches: str | None = None
    #: a task's own words where the text speaks of several matters (task → zh/ko/en): a reader of
    #: that task is shown the clause about it, not the sentences about the others
    text_for: "dict[str, dict[str, str]]" = field(default_factory=dict)
    #: the id of the one rule this was split from, one rule per case of a verse (a config naming
    #: that id names every case)
    case_of: str | None = None
    #: the positions besides ``touches`` whose clauses hold only while that position is not 旬空
    spirits: tuple[str, ...] = ()

    def text_of(self, task: str | None) -> dict[str, str]:
        """The rule's text as a reader of ``task`` is shown it."""
        return self.text_for.get(task, self.text) if task else self.text

    def effect_for(self, task: str) -> float:
        return self.effect.get(task, self.effect.get("default", 0.0))

    def grave_for(self, task: str) -> bool:
        """Whether the rule's text forbids or dooms ``task`` (a 不可 / 大忌 / 必死 …); a veto is grave."""
        return "all" in self.grave or task in self.grave or task in self.veto

    def speaks_to(self, task: str) -> bool:
        """Whether the cited text speaks to ``task`` (always True for a rule without ``grants``)."""
        return not self.grants or "all" in self.grants or task in self.grants


@dataclass(frozen=True)
class Catalog:
    rules: tuple[Rule, ...]
    by_id: dict[str, Rule]
    families: frozenset[str]         # every family and each of its dotted prefixes
    tasks: frozenset[str]            # the built-in task names the rules may mention
    #: an id a verse's rule had before it was split per case → the ids of its cases
    cases: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def ids(self, rid: str) -> tuple[str, ...]:
        """The rule ids ``rid`` names: itself, or the cases it was split into."""
        return self.cases.get(rid, (rid,))


def _builtin_tasks() -> frozenset[str]:
    from almanac.config import load
    return frozenset(load({}).get("tasks", {}))


def _rule(raw: Any, file: str, tasks: frozenset[str]) -> Rule:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise CatalogError(f"{file}: every [[rule]] needs an id")
    rid = raw["id"]
    unknown = set(raw) - _KEYS
    if unknown:
        raise CatalogError(f"rule {rid}: unknown keys {sorted(unknown)} (accepted: {', '.join(sorted(_KEYS))})")
    for key in ("family", "when", "text", "source"):
        if key not in raw:
            raise CatalogError(f"rule {rid}: missing {key!r}")
    family = raw["family"]
    if not isinstance(family, str) or family.split(".")[0] not in ("qin", "liuren"):
        raise CatalogError(f"rule {rid}: family {family!r} must start with 'qin.' or 'liuren.'")
    if rid.split(".")[0] != family.split(".")[0]:
        raise CatalogError(f"rule {rid}: id prefix must match family {family!r}")
    when = raw["when"]
    touches = raw.get("touches")
    if touches is not None:
        if touches in _SPIRITS:
            when = {"all": [when, {"fact": _SPIRITS[touches], "eq": False}]}
        elif touches in GENERALS:
            when = {"all": [when, {"fact": "void_generals", "lacks": touches}]}
        else:
            raise CatalogError(f"rule {rid}: touches {touches!r} is not a spirit "
                               f"({', '.join(_SPIRITS)} or a general)")
    spirits = raw.get("spirits", [])
    if not isinstance(spirits, list) or any(sp not in _SPIRITS for sp in spirits) or touches in spirits:
        raise CatalogError(f"rule {rid}: spirits lists positions ({', '.join(_SPIRITS)}) other than the one it touches")
    if spirits:
        when = guard_spirits(when, frozenset(spirits))
    aspect = raw.get("aspect")
    if aspect is not None and (not isinstance(aspect, str) or not aspect.strip()):
        raise CatalogError(f"rule {rid}: aspect must be a non-empty string")
    pred = compile_condition(when, rid)
    effect = raw.get("effect", {})
    veto = raw.get("veto", [])
    if not isinstance(effect, dict) or not effect and not veto:
        raise CatalogError(f"rule {rid}: needs an effect table or a veto list")
    for t, v in effect.items():
        if t != "default" and t not in tasks:
            raise CatalogError(f"rule {rid}: effect names unknown task {t!r} (known: {', '.join(sorted(tasks))})")
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise CatalogError(f"rule {rid}: effect for {t!r} must be a number")
    if not isinstance(veto, list) or any(t not in tasks for t in veto):
        raise CatalogError(f"rule {rid}: veto must list known tasks ({', '.join(sorted(tasks))})")
    grave = raw.get("grave", [])
    if not isinstance(grave, list) or any(t != "all" and t not in tasks for t in grave):
        raise CatalogError(f"rule {rid}: grave must list known tasks or 'all' ({', '.join(sorted(tasks))})")
    for t in (sorted(tasks) if "all" in grave else grave):
        if t not in veto and effect.get(t, effect.get("default", 0.0)) >= 0:
            raise CatalogError(f"rule {rid}: grave for {t!r} needs a negative effect or a veto for it")
    for key in ("quote", "reading"):
        if key in raw and (not isinstance(raw[key], str) or not raw[key].strip()):
            raise CatalogError(f"rule {rid}: {key} must be a non-empty string")
    text = raw["text"]
    if not isinstance(text, dict) or set(text) != set(LANGS) or not all(
            isinstance(text[k], str) and text[k].strip() for k in LANGS):
        raise CatalogError(f"rule {rid}: text needs exactly zh, ko and en, none empty")
    text_for = raw.get("text_for", {})
    if not isinstance(text_for, dict) or any(
            t not in tasks or not isinstance(v, dict) or set(v) != set(LANGS)
            or not all(isinstance(v[k], str) and v[k].strip() for k in LANGS) for t, v in text_for.items()):
        raise CatalogError(f"rule {rid}: text_for maps known tasks to texts with exactly zh, ko and en")
    src = raw["source"]
    if isinstance(src, dict):           # a book outside the seeds: {book, chapter, quote}
        if set(src) != {"book", "chapter", "quote"} or src["book"] not in CLASSICS or not all(
                isinstance(src[k], str) and src[k].strip() for k in ("chapter", "quote")):
            raise CatalogError(f"rule {rid}: a book source is {{book, chapter, quote}} with book one of "
                               f"{', '.join(CLASSICS)}")
        if "quote" in raw:
            raise CatalogError(f"rule {rid}: a book source quotes in its own 'quote'")
        source = BookSource(src["book"], src["chapter"], src["quote"])
        grants = _book_grants(raw, rid, source, tasks, effect, veto, grave)
    else:
        seed, sep, opening = src.partition(": ") if isinstance(src, str) else ("", "", "")
        if not sep or seed not in SEEDS or not opening.strip():
            raise CatalogError(f"rule {rid}: source must be 'SEED: opening words' with SEED one of "
                               f"{', '.join(SEEDS)}, or a book {{book, chapter, quote}}")
        source = cite(seed, opening, raw.get("quote"))
        grants = _grants(raw, rid, seed, opening, tasks, effect, veto, grave)
    return Rule(rid, family, raw["when"], pred, {k: float(v) for k, v in effect.items()},
                frozenset(veto), dict(text), source, file,
                frozenset(facts_used(when)), frozenset(grave), grants, raw.get("reading"),
                aspect, touches, {t: dict(v) for t, v in text_for.items()}, _case_of(raw, rid),
                tuple(spirits))


def spirit_of(fact: str) -> frozenset[str]:
    """The positions (``_SPIRITS``) a fact reads by its name: ``ganshang_vs_zhi`` reads 日上,
    ``zhishang_vs_ganshang`` 辰上 and 日上, ``chu_vs_mo`` 初 and 末 — not ``ganzhi_generals``, which
    reads both at once, nor a ``_live`` fact, which has left the void one out already."""
    parts = fact.split("_")
    if parts[-1] == "live" or fact in _SPIRITS.values():
        return frozenset()
    return frozenset(p for p in parts if p in _SPIRITS)


def _asserts(leaf: dict) -> bool:
    """Whether a condition says a spirit *is* something (``eq`` a value, ``in``, ``contains`` …),
    which its void empties — not that it is not (``eq`` false, ``ne``, ``not_in``, ``lacks``),
    which a void spirit leaves true."""
    return not ("ne" in leaf or "not_in" in leaf or "lacks" in leaf or leaf.get("eq", True) is False)


def guard_spirits(cond: Any, spirits: frozenset[str]) -> Any:
    """``cond`` with each condition on one of ``spirits`` holding only while that spirit is not 旬空
    (「吉神空亡吉不成，凶神空亡凶不成」): a rule that reads several spirits, each in its own clause, is
    silent about a void one and still reads the others (a ``not``, and a clause that says a spirit is
    *not* something, are left as written).

    >>> guard_spirits({"any": [{"fact": "ganshang_de", "eq": True}, {"fact": "zhishang_de", "eq": True}]},
    ...               frozenset({"ganshang", "zhishang"}))["any"][0]
    {'all': [{'fact': 'ganshang_de', 'eq': True}, {'fact': 'ganshang_void', 'eq': False}]}
    >>> guard_spirits({"fact": "ganshang_ma", "eq": False}, frozenset({"ganshang"}))
    {'fact': 'ganshang_ma', 'eq': False}
    """
    if "fact" in cond:
        void = sorted(spirit_of(cond["fact"]) & spirits)
        if not void or not _asserts(cond):
            return cond
        return {"all": [cond, *({"fact": _SPIRITS[sp], "eq": False} for sp in void)]}
    if "not" in cond:
        return cond
    op = next(iter(cond))
    return {op: [guard_spirits(c, spirits) for c in cond[op]]}


def _case_of(raw: dict, rid: str) -> str | None:
    """``case_of``: the id of the rule this one was split from (``<that id>_<case>``)."""
    old = raw.get("case_of")
    if old is not None and (not isinstance(old, str) or not rid.startswith(old + "_")):
        raise CatalogError(f"rule {rid}: case_of names the id it was split from, a prefix of its own")
    return old


def _book_grants(raw: dict, rid: str, source: BookSource, tasks: frozenset[str],
                 effect: dict, veto: list, grave: list) -> "dict[str, BookSource]":
    """``grants`` of a rule citing a book: each phrase must stand in the quoted sentence."""
    phrases = _grant_phrases(raw, rid, tasks, effect, veto, grave)
    for t, phrase in phrases.items():
        if phrase not in source.quote:
            raise CatalogError(f"rule {rid}: grants.{t} {phrase!r} is not in the quoted sentence")
    return {t: BookSource(source.book, source.chapter, phrase) for t, phrase in phrases.items()}


def _grants(raw: dict, rid: str, seed: str, opening: str, tasks: frozenset[str],
            effect: dict, veto: list, grave: list) -> "dict[str, Source]":
    """``grants``: for each task the rule affects, the phrase of its paragraph that speaks to it.

    Each phrase becomes a registered quote of the cited paragraph, so the citation test checks it
    stands there verbatim."""
    g = _grant_phrases(raw, rid, tasks, effect, veto, grave)
    return {t: cite(seed, opening, phrase) for t, phrase in g.items()}


def _grant_phrases(raw: dict, rid: str, tasks: frozenset[str], effect: dict, veto: list,
                   grave: list) -> dict[str, str]:
    """The ``grants`` table checked: a phrase for each task the rule moves (or ``all``)."""
    if "grants" not in raw:
        if REQUIRE_GRANTS:
            raise CatalogError(f"rule {rid}: missing 'grants' (the phrase that makes the text speak to each task)")
        return {}
    g = raw["grants"]
    if not isinstance(g, dict) or not g:
        raise CatalogError(f"rule {rid}: grants must be a table task = \"phrase of the paragraph\"")
    for t, phrase in g.items():
        if t != "all" and t not in tasks:
            raise CatalogError(f"rule {rid}: grants names unknown task {t!r} (known: all, {', '.join(sorted(tasks))})")
        if not isinstance(phrase, str) or not phrase.strip():
            raise CatalogError(f"rule {rid}: grants for {t!r} must be a non-empty phrase")
    if "all" not in g:
        named = [t for t in effect if t != "default"] + list(veto) + list(grave)
        if "default" in effect or "all" in grave:
            raise CatalogError(f"rule {rid}: a default effect or grave 'all' needs grants.all "
                               "(a general statement: 百事, 凡, 諸事 …)")
        missing = sorted({t for t in named if t not in g})
        if missing:
            raise CatalogError(f"rule {rid}: the text is not shown to speak to {', '.join(missing)} "
                               "(add the phrase to grants)")
    return dict(g)


@lru_cache(maxsize=1)
def load_catalog(directory: "str | None" = None) -> Catalog:
    """Load every ``*.toml`` rule file (sorted by name) and check it."""
    folder = Path(directory) if directory else RULES_DIR
    tasks = _builtin_tasks()
    rules: list[Rule] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            with path.open("rb") as f:
                data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise CatalogError(f"{path.name}: not valid TOML: {e}") from None
        extra = set(data) - {"rule"}
        if extra:
            raise CatalogError(f"{path.name}: only [[rule]] tables are allowed, found {sorted(extra)}")
        rules += [_rule(r, path.name, tasks) for r in data.get("rule", [])]
    if not rules:
        raise CatalogError(f"no rules found in {folder}")
    by_id: dict[str, Rule] = {}
    for r in rules:
        if r.id in by_id:
            raise CatalogError(f"rule {r.id}: defined twice ({by_id[r.id].file}, {r.file})")
        by_id[r.id] = r
    fams = set()
    for r in rules:
        parts = r.family.split(".")
        fams |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    cases: dict[str, tuple[str, ...]] = {}
    for r in rules:
        if r.case_of is not None:
            if r.case_of in by_id:
                raise CatalogError(f"rule {r.id}: case_of {r.case_of!r} is still a rule of its own")
            cases[r.case_of] = cases.get(r.case_of, ()) + (r.id,)
    return Catalog(tuple(rules), by_id, frozenset(fams), tasks, cases)
