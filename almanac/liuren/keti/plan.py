"""The 課體 catalogue under one school, compiled for speed (:class:`Plan`, once per school:
:func:`school_plan`): the conditions of the 課 alone as one expression per group (those that read
the 貴人 and those that do not), the conditions of the moment split into chart parts and moment
parts (:class:`MomentRow`), and what charts sharing the states of those entries share (layouts,
the residual tests of open entries), with the bounds of those tables."""
from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from types import CodeType
from typing import Any, Callable

from .entries import Keti, catalogue
from .inline import fast_form
from .partial import residual, split, state_text
from .vocabulary import ASKER, CONTEXT, MOMENT_FUNCTIONS, NOBLE_FACTS, PERSON
from .when import read_names, reads

#: distinct states of the moment's entries a school keeps the layout of (``Plan.layout``): the
#: 1,440 charts of the default school have a few hundred
_LAYOUTS_PER_SCHOOL = 4096
#: open entries' tests a school keeps the code of, by entry and its chart parts' truths
#: (``Plan.test_code``: the default school's charts make ≈ 1,500)
_RESIDUALS_PER_SCHOOL = 8192


class Plan:
    """The catalogue under one school: the entries the 課 alone decides (``alone``, compiled as one
    expression giving every condition's truth at once — one evaluation per chart, not one per entry)
    and the entries of the moment (``moment``: those with ``needs``), each split by
    :func:`split` into parts that read the chart only and parts that read the moment.

    The 晝 and 夜 charts of one 課 differ only in the facts their 貴人 decides (:data:`NOBLE_FACTS`),
    so both the conditions of ``alone`` and the chart parts of the moment's are compiled again in two
    groups — those that read none of those facts (``*_free``: evaluated once per 課,
    :func:`shared_truths`) and the rest (``*_bound``: once per chart) — with ``*_order`` putting
    the two groups' truths back in catalogue order."""

    def __init__(self, options):
        alone, rows, leaves = [], [], []
        for i, d in enumerate(catalogue()):
            reading = getattr(options, d.option, None) if d.option else None
            text = d.condition_text(reading)
            needs = d.needs_of(reading)
            if not needs:
                alone.append((i, frozenset(), d.condition(reading), Keti(d.name, d), text))
                also_needs, also = d.also_of(reading)
                if also is None:
                    continue
                # the clause of the moment names the entry where the 課 alone does not
                needs, text = also_needs, f"not ({text}) and ({also})"
            tree = ast.parse(text, mode="eval").body
            params = tuple(sorted(read_names(tree)))
            code = _lambda(params, text, d.name)
            first = len(leaves)
            parts = split(tree, leaves)
            rows.append(MomentRow(i, frozenset(needs), Keti(d.name, d), params,
                                   parts, code,
                                   frozenset(needs) | {MOMENT_FUNCTIONS.get(p, p) for p in params},
                                   compile(text, f"<keti {d.name}>", "eval"),
                                   (first, len(leaves))))
        self.alone = tuple(r[:4] for r in alone)
        self.alone_keti = tuple(r[3] for r in alone)
        #: the entries of the 課 alone that read the asker's 年命 (:data:`ASKER`), for :func:`for_asker`
        self.asker = frozenset(r[0] for r in alone if reads(r[4], ASKER))
        self.alone_all = _all_of(alone)          # the reference: every condition whole (find)
        free = [not _reads_noble(r[4]) for r in alone]
        self.alone_free = _all_of([r for r, f in zip(alone, free) if f], fast=True)
        self.alone_bound = _all_of([r for r, f in zip(alone, free) if not f], fast=True)
        #: where each group's conditions stand among ``alone`` (:func:`of_chart` merges the two)
        self.alone_free_at = tuple(i for i, f in enumerate(free) if f)
        self.alone_bound_at = tuple(i for i, f in enumerate(free) if not f)
        self.alone_free_keti = tuple(self.alone_keti[i] for i in self.alone_free_at)
        self.moment = tuple(rows)
        self.leaf_texts = tuple(leaves)
        self.leaf_fast = tuple(fast_form(t) for t in leaves)      # as :func:`fast_form` writes them
        self.leaf_codes = tuple(compile(t, "<keti chart part>", "eval") for t in leaves)
        free = [not _reads_noble(t) for t in leaves]
        self.leaves_free = _truths_of([t for t, f in zip(self.leaf_fast, free) if f])
        self.leaves_bound = _truths_of([t for t, f in zip(self.leaf_fast, free) if not f])
        self.leaves_order = _order(free)
        # every entry's state on a chart from the chart parts' truths ``k``: 0 false, 1 true
        # whatever the moment, 2 open — :func:`truth` written out as and/or over ``k``
        states = ", ".join(state_text(r.tree) for r in rows)
        self.states_of = eval(compile(f"lambda k: ({states},)", "<keti chart states>", "eval"),  # noqa: S307
                              {"__builtins__": {}})
        #: :meth:`layout` by the states of the moment's entries (charts share a few hundred)
        self.layouts: dict[tuple, tuple] = {}
        #: :meth:`test_code` by an entry and the truths of its chart parts
        self.residuals: dict[tuple, Any] = {}

    def test_code(self, r: "MomentRow", known: tuple) -> Any:
        """The code of an open entry's test on a chart whose chart parts' truths are ``known``: its
        condition with those parts put in as the chart has them and what they decide left out
        (:func:`residual`) — a moment tests only what reads the moment (盤珠 on a chart whose 三傳
        stand in its 課 is ``year in (jigong, zhi) + ups and month in … and hour in …``). A
        function of ``r.params`` like ``r.code``'s lambda, true for exactly the same moments; made once per
        entry and truths of its own parts, and shared."""
        lo, hi = r.leaves
        key = (r.index, known[lo:hi])
        code = self.residuals.get(key)
        if code is None:
            text = residual(r.tree, known, self.leaf_fast)
            code = _code_of(_lambda(r.params, str(text), r.keti.name))
            if len(self.residuals) < _RESIDUALS_PER_SCHOOL:
                self.residuals[key] = code
        return code

    def layout(self, states: tuple) -> tuple:
        """What :class:`ChartMoments` keeps for a chart whose moment entries are in ``states``
        (0 false, 1 true, 2 open; ``states_of``), all but the open rows' tests, which read the
        chart's own environment: ``(picks, key_names, key_set, key_of, empty, tests)``, ``picks`` a
        ``(row, MomentRow)`` per entry that is not false, ``row`` the finished row where the chart
        alone makes it true, else None. Worked out once per distinct ``states`` and shared."""
        kept = self.layouts.get(states)
        if kept is not None:
            return kept
        picks, keys = [], set()
        for r, state in zip(self.moment, states):
            if state == 1:
                picks.append(((r.needs, r.keti, None, ()), r))
                keys |= r.needs
            elif state:
                picks.append((None, r))
                keys |= r.keys
        names = tuple(n for n in CONTEXT + PERSON if n in keys)
        kept = (tuple(picks), names, frozenset(names),
                # the key of a moment holding every name (as ``moments`` makes it)
                itemgetter(*names) if len(names) > 1 else None,
                # no entry open but those of a couple (解離, 繁昌): ``ChartMoments.empty``
                all("couple" in r.needs for _, r in picks),
                # ``open_entry_tests`` by the names of a moment and whether it has a couple
                {})
        if len(self.layouts) < _LAYOUTS_PER_SCHOOL:
            self.layouts[states] = kept
        return kept


def _code_of(code: Any) -> Any:
    """The code of the lambda that ``code`` (compiled ``lambda …: …``) makes."""
    return next(c for c in code.co_consts if isinstance(c, CodeType))


def _reads_noble(text: str) -> bool:
    """Whether the condition (or part) ``text`` reads a fact the 貴人 decides (:data:`NOBLE_FACTS`)."""
    return reads(text, NOBLE_FACTS)


def _truths_of(parts: list[str]) -> Any:
    """One compiled expression: the tuple of the truths of the chart parts ``parts``."""
    return compile("(" + "".join(f"not not ({t}),\n" for t in parts) + ")", "<keti chart parts>", "eval")


def _order(free: list[bool]) -> Callable[[tuple], tuple]:
    """A function taking the truths of the ``free`` items followed by those of the others, and
    giving them back in the items' own order."""
    both = [i for i, f in enumerate(free) if f] + [i for i, f in enumerate(free) if not f]
    where = [both.index(i) for i in range(len(free))]
    if len(where) > 1:
        return itemgetter(*where)
    return lambda truths: tuple(truths[j] for j in where)


@dataclass(frozen=True)
class MomentRow:
    """One entry of the moment under a school: its catalogue index, ``needs``, the 課體, the
    names of the moment its condition reads (``params``: facts of :data:`CONTEXT`/:data:`PERSON`
    and functions of :data:`MOMENT_FUNCTIONS`), its condition as a three-valued tree over the
    chart-only parts (:func:`split`), and the condition compiled as ``lambda *params: condition``
    (a chart's test is that lambda with what the chart decides taken out, ``Plan.test_code``,
    bound to the chart's environment, so a moment costs no environment of its own)."""

    index: int
    needs: frozenset
    keti: Keti
    params: tuple[str, ...]
    tree: tuple
    code: Any
    keys: frozenset = frozenset()     # the facts of the moment it needs or reads
    whole: Any = None                 # the condition compiled whole (:func:`find`)
    leaves: tuple[int, int] = (0, 0)  # its chart parts: ``leaf_texts[leaves[0]:leaves[1]]``


def _lambda(params: tuple[str, ...], text: str, where: str) -> Any:
    return compile(f"lambda {', '.join(params)}: ({text})", f"<keti {where}>", "eval")


@lru_cache(maxsize=64)
def school_plan(options) -> Plan:
    """The catalogue compiled for the school ``options``, once per school."""
    return Plan(options)


def _all_of(rows, fast: bool = False) -> Any:
    """One compiled expression: the tuple of every row's condition (each already checked by
    :func:`compile_when`, parenthesised so none reaches into another); with ``fast``, each as
    :func:`fast_form` writes it (for its truth only)."""
    texts = (fast_form(r[4]) if fast else r[4] for r in rows)
    return compile("(" + "".join(f"({t}),\n" for t in texts) + ")", "<keti all>", "eval")
