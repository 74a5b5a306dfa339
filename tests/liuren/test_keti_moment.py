"""The 課體 of the moment by their fast path (almanac/liuren/keti/: each chart keeps only the
entries its own facts leave open, and answers by the facts of the moment those read) give exactly
what each whole condition gives, evaluated afresh on the chart with the moment — for every entry of
the catalogue, so a new entry written in a way the fast path would get wrong fails here."""
from __future__ import annotations

import ast
import itertools
import random

import pytest

from almanac.liuren.chart import chart_for
from almanac.liuren.keti import ChartMoments, catalogue, find, moment, moment_json, of_moment
from almanac.liuren.keti.partial import split, state_text, truth
from almanac.liuren.options import DEFAULT, SCHOOLS

SCHOOL_CASES = [DEFAULT, *(SCHOOLS[s] for s in sorted(SCHOOLS)[:2])]


def _moments(rng: random.Random, n: int):
    """``n`` moments: 占時 and 月建, 太歲, 月將 (some unknown), the day's marks (四立, 分至, 月宿, 四正),
    with and without an asker, with and without a couple."""
    for _ in range(n):
        b = lambda: rng.randrange(12)    # noqa: E731
        known = rng.random()
        ctx = moment(b() if known > 0.1 else None, b() if known > 0.2 else None,
                     b() if known > 0.3 else None,
                     ming=b() if rng.random() < 0.3 else None, nian=b() if rng.random() < 0.3 else None,
                     sili=rng.random() < 0.5 if known > 0.15 else None,
                     fenzhi=rng.random() < 0.5 if known > 0.15 else None,
                     yuesu=b() if known > 0.15 else None,
                     sizheng=rng.random() < 0.5 if known > 0.15 else None,
                     **({"fu": rng.randrange(60), "qi": rng.randrange(60)} if rng.random() < 0.3 else {}))
        yield b(), ctx


@pytest.mark.parametrize("opts", SCHOOL_CASES, ids=["default", *sorted(SCHOOLS)[:2]])
def test_fast_path_is_the_whole_condition(opts):
    rng = random.Random(13)
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                c = chart_for(day, k, night, opts)
                for hour, ctx in _moments(rng, 6):
                    whole = find(c.keti_env, opts, {**ctx, "hour": hour})
                    assert of_moment(c, hour, ctx) == whole, (day, k, night, hour, ctx)
                    assert of_moment(c, hour, ctx) == whole          # kept answer, same value
                    assert of_moment(c, hour) == find(c.keti_env, opts, {"hour": hour})
                    assert moment_json(c, hour, ctx) == [x.to_json() for x in whole]


#: entries of the moment no chart can rule out by itself (their sentences read the moment throughout)
ALWAYS_OPEN = {"天寇", "災厄", "解離", "繁昌"}


def test_each_moment_entry_is_ruled_out_by_the_chart_alone_on_some_charts():
    """The point of the fast path: an entry of the moment is tested per moment only on the charts
    whose own facts leave it open. An entry written so that no part of it is read from the chart
    alone (e.g. the chart's tests inside a comparison with the moment) stays open everywhere.

    Exempt (:data:`ALWAYS_OPEN`): 天寇, whose sentence has no part of the chart alone — on a 分至 day
    every 課 has the one 月宿 that stands over yesterday's branch — and 災厄, whose nine 神煞 of the month
    and year between them can name any 用; 解離 and 繁昌 read a couple's two 行年 throughout (and are
    tested only where a couple is given: ``needs`` ``couple``)."""
    open_on = {d.name: 0 for d in catalogue() if d.needs and d.name not in ALWAYS_OPEN}
    for day in range(60):
        for k in range(12):
            for night in (False, True):
                for _, keti, _, _ in chart_for(day, k, night).keti_moment.rows:
                    if keti.name in open_on:
                        open_on[keti.name] += 1
    assert open_on and all(n < 1440 for n in open_on.values()), open_on


def test_moments_with_one_answer_share_it():
    """Two moments that differ only in facts no open entry reads share one answer (its JSON is
    built once), and a chart keeps one answer per set of entries that hold, not per moment. (The
    fact varied is the 月將: 災厄 reads the month and the 太歲 on every chart.)"""
    for day in range(60):
        c = chart_for(day, 0, False)
        cm = c.keti_moment
        if cm.rows and not any("yuejiang" in needs or "yuejiang" in params for needs, _, _, params in cm.rows):
            a = moment_json(c, 3, moment(2, 5, 1))
            assert moment_json(c, 3, moment(2, 5, 9)) is a
            for month in range(12):
                for yuejiang in range(12):
                    of_moment(c, 3, moment(month, 5, yuejiang))
            assert len(cm.kept) <= 2 ** len(cm.rows) and len(cm.kept) < 144
            return
    pytest.fail("no chart whose open entries ignore the 月將")


@pytest.mark.parametrize("text", [
    "not (hour == 子 or chu == 子)",
    "any(b == hour for b in chuan + (month,)) or n_ke > 1",
    "all(b in ups for b in (hour, chu, year))",
    "any(b in chuan and wangxiang(b) for b in (lu, noble)) and not complete",
    "(chu == hour) == (mid == 子)",
    "all(x != hour for x in chuan + ups if x != month)",
    "any(b == 子 for b in chuan + (month,)) and all(hour != b for b in (chu, mo))",
])
def test_three_valued_split_never_contradicts_the_whole(text):
    """Any condition, however written, is split soundly: where the chart alone decides it, that is
    its value at every moment."""
    leaves: list[str] = []
    tree = split(ast.parse(text, mode="eval").body, leaves)
    whole = compile(text, "<t>", "eval")
    parts = [compile(l, "<t>", "eval") for l in leaves]
    rng = random.Random(7)
    decided = 0
    for day in range(0, 60, 7):
        for k in range(12):
            env = chart_for(day, k, False).keti_env
            known = tuple(bool(eval(p, env)) for p in parts)   # noqa: S307
            t = truth(tree, known)
            decided += t is not None
            # the states every chart computes in one evaluation are this three-valued truth
            assert eval(state_text(tree), {"k": known}) == {False: 0, True: 1, None: 2}[t]  # noqa: S307
            for hour, ctx in _moments(rng, 12):
                if ctx.get("yuejiang") is None:      # the month and year are known too
                    continue
                value = bool(eval(whole, {**env, **ctx, "hour": hour}))   # noqa: S307
                assert t is None or t == value, (text, day, k, hour, ctx)
    if "hour" not in text or "n_ke" in text or "complete" in text:
        assert decided           # a chart-only part that rules the condition in or out somewhere


def test_chart_moments_are_built_once_per_chart():
    c = chart_for(5, 3, True)
    assert c.keti_moment is c.keti_moment and isinstance(c.keti_moment, ChartMoments)


def test_bare_hour_json_is_kept_per_hour():
    c = chart_for(7, 4, False)
    for hour in range(12):
        first = moment_json(c, hour)
        assert moment_json(c, hour) is first
        assert first == [x.to_json() for x in find(c.keti_env, DEFAULT, {"hour": hour})]


def test_an_open_entry_tests_only_what_the_chart_leaves_to_the_moment():
    """盤珠 reads 「年月日時皆在課傳中」: on a chart whose 三傳 stand in its 課 the test a moment runs
    reads the year, month and hour against the 課 and no longer the 三傳 (the chart's part taken
    out); on a chart where they do not, it is not open at all. Its answers stay the whole
    condition's (``test_fast_path_is_the_whole_condition``)."""
    open_on = 0
    for day in range(60):
        for k in range(12):
            c = chart_for(day, k, False)
            env = c.keti_env
            rows = {keti.name: test for _, keti, test, _ in c.keti_moment.rows}
            if not all(b in (env["jigong"], env["zhi"]) + env["ups"] for b in env["chuan"]):
                assert "盤珠" not in rows
                continue
            assert rows["盤珠"] is not None
            names = rows["盤珠"].__code__.co_names
            assert "chuan" not in names and "ups" in names, names
            open_on += 1
    assert open_on > 0


def test_inlined_functions_are_the_functions():
    """The fast paths put each function of ``keti.INLINE`` in place of its call: the expression
    gives the function's value for every integer it can be asked of (branches, elements, and the
    -1 that ``wang`` and ``dun`` give for none), and the chart's ``over``/``under`` on every
    rotation."""
    from almanac.liuren.keti import FUNCTIONS, INLINE
    from almanac.liuren.keti.facts import BASE_ENV
    for name, form in INLINE.items():
        arity = form.count("{")
        for k in range(12):
            env = {**BASE_ENV, "k": k, "over": lambda g, k=k: (g + k) % 12,
                   "under": lambda s, k=k: (s - k) % 12}
            fn = FUNCTIONS.get(name) or env[name]
            for args in itertools.product(range(-13, 25), repeat=arity):
                assert _outcome(eval, form.format(*args), env) == _outcome(fn, *args), (name, k, args)


def _outcome(fn, *args):
    """``fn(*args)``, or the kind of error it raises (a table read out of its range)."""
    try:
        return fn(*args)
    except Exception as e:  # noqa: BLE001
        return type(e)


def test_inlined_conditions_read_no_generator_over_the_chart():
    """A condition's fast form (``keti.inline.fast_form``) spells ``all``/``any`` over the 三傳 out as and/or
    and calls no function of :data:`keti.INLINE`; a comprehension binding one of the names it
    writes in leaves the condition as written."""
    from almanac.liuren.keti.inline import fast_form
    fast = fast_form("all(yang(b) for b in chuan) and el(chu) == 2")
    assert "chuan" not in fast and "yang" not in fast and "el(" not in fast, fast
    assert fast_form("all(yang(k) for k in chuan)") == "all(yang(k) for k in chuan)"
