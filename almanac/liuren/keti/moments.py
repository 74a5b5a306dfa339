"""The 課體 of a moment on one chart (:func:`of_moment`, :func:`moment_json`, :func:`moment_view`):
each chart keeps the entries of the moment its own facts leave open (:class:`ChartMoments`,
``Chart.keti_moment``), a moment tests only those (:func:`open_entry_tests`), and the answers are
kept with the chart by which entries hold, and by the values of the facts they read, within the
bounds set here."""
from __future__ import annotations

from operator import itemgetter
from types import FunctionType
from typing import Any, Callable

from ...shared import freeze
from .entries import Keti
from .partial import truth
from .plan import Plan, school_plan

#: the answer of a moment that holds no entry
_EMPTY_JSON = freeze([])
#: sets of names (with or without a couple) a layout keeps the tests of (``open_entry_tests``)
_SPECS_PER_LAYOUT = 16
#: a fact the moment does not know, in the key of its answer
_ABSENT = object()
#: moments (by the values of the facts a chart's open entries read) a chart keeps the answer of
_MOMENTS_PER_CHART = 64


class ChartMoments:
    """The entries of the moment that can still be true on one chart (``Chart.keti_moment``, built
    once per chart): ``rows`` are ``(needs, Keti, test, params)`` in catalogue order, ``test``
    ``None`` where the chart alone makes the entry true, else the condition as a function of
    ``params`` (the facts of the moment it reads) bound to the chart's environment. A moment costs
    the tests of the open rows only, and its answer is kept by which rows hold (``kept``: a chart
    has a handful of distinct answers), so the JSON and views built of it are shared by every
    moment with that answer; which rows hold is itself kept by the values of the facts the open
    rows read (``key_names``; ``by_values``, at most :data:`_MOMENTS_PER_CHART`), so a moment met
    again costs one look-up. A chart keeps of its own only the open rows' functions (``fns``,
    each made when a moment first asks for it: a day's moments never ask for a couple's); the
    rest is its ``layout``, shared by every chart whose entries are true, false and open alike
    (a cold year's charts are fewer objects for the collector to walk)."""

    __slots__ = ("layout", "plan", "env", "known", "fns", "kept", "empty", "key_names", "key_set",
                 "key_of", "by_values", "by_hour", "tests")

    def __init__(self, chart):
        plan = school_plan(chart.options)
        env = chart.keti_env
        free = chart.keti_shared[1]
        try:
            if free is None:
                raise LookupError
            known = plan.leaves_order(free + eval(plan.leaves_bound, env))  # noqa: S307
            states = plan.states_of(known)
        except Exception:  # noqa: BLE001 — a part evaluated beyond its guard: left to the moment
            known = _chart_parts(plan, env)
            states = [{False: 0, True: 1, None: 2}[truth(r.tree, known)] for r in plan.moment]
        #: what charts with these states share (``Plan.layout``): all but the open rows' tests
        self.layout = layout = plan.layout(tuple(states))
        picks, self.key_names, self.key_set, self.key_of, empty, _ = layout
        #: the chart's environment and its chart parts' truths, which its open rows' tests read
        self.plan, self.env, self.known = plan, env, tuple(known)
        #: each open row's test once made (:meth:`fn`), else None
        self.fns: list = [None] * len(picks)
        self.by_values: dict[tuple, list] = {}
        #: the JSON of the answers of a bare 占時 (textbook charts), by hour: at most 12
        self.by_hour: dict[int, list] = {}
        self.kept: dict[int, list] = {}
        #: the one answer of a chart that leaves no entry open but those of a couple (解離, 繁昌:
        #: open on every chart, true only when a couple is given) for a moment without a couple
        self.empty = [(), _EMPTY_JSON, {}] if empty else None
        #: ``(names, couple, held, tests)``: the rows a moment of those names, with or without a couple,
        #: can hold (``open_entry_tests``), for the ones last asked with — a day asks all its hours alike
        self.tests: tuple | None = None

    def fn(self, i: int) -> Callable | None:
        """The test of row ``i`` (None where the chart alone makes it true): its condition
        (``Plan.test_code``) as a function bound to the chart's environment (made from the
        lambda's code directly, as ``eval`` of the lambda would make it), made on first use."""
        f = self.fns[i]
        if f is None:
            row, r = self.layout[0][i]
            if row is not None:
                return None
            f = self.fns[i] = FunctionType(self.plan.test_code(r, self.known), self.env)
        return f

    @property
    def rows(self) -> tuple:
        """``(needs, Keti, test, params)`` of each entry the chart leaves true or open, in catalogue
        order: ``test`` None where the chart alone makes it true (then ``params`` is empty)."""
        return tuple([row if row is not None else (r.needs, r.keti, self.fn(i), r.params)
                      for i, (row, r) in enumerate(self.layout[0])])


def open_entry_tests(cm: ChartMoments, have: frozenset, couple: bool) -> tuple:
    """The rows of ``cm`` a moment with the names ``have`` can hold, as ``(held, tests)``: ``held``
    the bits of the rows the chart alone makes true, ``tests`` a ``(bit, i, name, getter)`` per
    open row, whose test ``cm.fn(i)`` is called with ``context[name]`` (one fact read) or
    ``*getter(context)``. Without a ``couple`` a couple's
    entries (解離, 繁昌: true only when one is given, as ``ChartMoments.empty`` reads them) are left
    out. Worked out once per chart layout and set of names (shared by the charts of that layout),
    so a new moment costs only its tests."""
    specs = cm.layout[5]
    out = specs.get((have, couple))
    if out is not None:
        return out
    held, rows = 0, []
    for i, (row, r) in enumerate(cm.layout[0]):
        if r.needs <= have and (couple or "couple" not in r.needs):
            if row is not None:
                held |= 1 << i
                continue
            one = r.params[0] if len(r.params) == 1 else None
            get = itemgetter(*r.params) if len(r.params) > 1 else None
            rows.append((1 << i, i, one, get))
    out = (held, tuple(rows))
    if len(specs) < _SPECS_PER_LAYOUT:
        specs[(have, couple)] = out
    return out


def _chart_parts(plan: Plan, env: dict[str, Any]) -> tuple:
    """The truth of every chart-only part of the moment's conditions on the chart ``env``, each
    evaluated alone; a part that fails alone (out of its short-circuit) is not known."""
    out = []
    for code in plan.leaf_codes:
        try:
            out.append(bool(eval(code, env)))  # noqa: S307 — checked vocabulary
        except Exception:  # noqa: BLE001
            out.append(None)
    return tuple(out)


def _moment_entry(chart, context: dict[str, Any], have: frozenset | None = None) -> list:
    """``[課體, JSON or None, views]`` of the moment ``context`` (the 占時 ``hour`` and what else is
    known; ``have``: its names, when the caller has them) on ``chart``: the open rows tested, the
    answer kept with the chart by which hold."""
    cm = chart.keti_moment
    if cm.empty is not None and not context.get("couple"):
        return cm.empty
    if have is not None and cm.key_of is not None and cm.key_set <= have:
        key = cm.key_of(context)                 # the same tuple, at C speed
    else:
        key = tuple([context.get(n, _ABSENT) for n in cm.key_names])
    entry = cm.by_values.get(key)
    if entry is not None:
        return entry
    if have is None:
        have = frozenset(context)
    couple = bool(context.get("couple"))
    tests = cm.tests
    if tests is None or tests[1] is not couple or tests[0] != have:
        held, rows = open_entry_tests(cm, have, couple)
        for _, i, _, _ in rows:
            cm.fn(i)                             # each test these names ask for, made once
        tests = cm.tests = (have, couple, held, rows)
    held = tests[2]
    fns = cm.fns
    for bit, i, one, get in tests[3]:
        test = fns[i]
        if test(context[one]) if one is not None else test(*get(context)) if get is not None else test():
            held |= bit
    entry = cm.kept.get(held)
    if entry is None:
        found = tuple([r.keti for i, (_, r) in enumerate(cm.layout[0]) if held >> i & 1])
        entry = cm.kept[held] = [found, None if found else _EMPTY_JSON, {}]
    if len(cm.by_values) >= _MOMENTS_PER_CHART:
        cm.by_values.clear()
    cm.by_values[key] = entry
    return entry


def of_moment(chart, hour: int, more: dict[str, Any] | None = None) -> tuple[Keti, ...]:
    """The 課體 of ``chart`` that need the 占時 ``hour`` (天網 …), for charts cast at an hour, and
    with ``more`` (further names of :data:`CONTEXT`: month, year, 年命 …) those that need them, in
    catalogue order. Each chart keeps the entries its own facts leave open (``Chart.keti_moment``)
    and its answers (shared, read-only) by which of those hold."""
    return _moment_entry(chart, {**more, "hour": hour} if more else {"hour": hour})[0]


def moment_json(chart, hour: int, more: dict[str, Any] | None = None) -> list:
    """``of_moment(chart, hour, more)`` as JSON (``keti_hour``): read-only, built once per chart and
    moment and shared (``almanac.shared.thaw`` it to change it)."""
    if not more:
        hit = chart.keti_moment.by_hour.get(hour)
        if hit is not None:
            return hit
    entry = _moment_entry(chart, {**more, "hour": hour} if more else {"hour": hour})
    if entry[1] is None:
        entry[1] = freeze([k.to_json() for k in entry[0]])
    if not more:
        chart.keti_moment.by_hour[hour] = entry[1]
    return entry[1]


def moment_view(chart, hour: int, more: dict[str, Any] | None, name: str, build: Callable) -> Any:
    """``build(chart, of_moment(chart, hour, more))`` — a read-only value that depends on nothing
    else — kept under ``name`` with the chart's answer for the moment, so every moment with that
    answer (most of a chart's moments share one) gets the same value."""
    return moment_view_at(chart, {**more, "hour": hour} if more else {"hour": hour}, name, build)


def moment_view_at(chart, context: dict[str, Any], name: str, build: Callable,
                   have: frozenset | None = None) -> Any:
    """:func:`moment_view` for a whole moment ``context`` (:func:`moment`'s dict with the 占時
    ``hour`` in it; ``have``: ``frozenset(context)``, for a caller asking many charts with
    contexts of the same names — the hours of a day)."""
    entry = _moment_entry(chart, context, have)
    views = entry[2]
    view = views.get(name)
    if view is None:
        view = views[name] = build(chart, entry[0])
    return view
