"""The 課體 of a chart that its 課 alone decides: :func:`of_chart` (``Chart.keti``, by the school's
:class:`~almanac.liuren.keti.plan.Plan`, what the 晝 and 夜 charts share worked out once per 課:
:func:`shared_truths`), :func:`for_asker` (the same read for a known asker's 年命), and
:func:`find`, every condition evaluated whole: the reference the fast paths agree with."""
from __future__ import annotations

from itertools import compress
from typing import Any

from .entries import Keti
from .facts import condition_env
from .plan import school_plan


def _all_matching(rows, code, env: dict[str, Any]) -> list[tuple[int, Keti]]:
    truth = eval(code, env)  # noqa: S307 — compiled from the checked vocabulary
    return [(row[0], row[3]) for row, yes in zip(rows, truth) if yes]


def find(facts: dict[str, Any], options, context: dict[str, Any] | None = None) -> tuple[Keti, ...]:
    """The 課體 of a chart whose facts are ``facts``, under the school ``options``, each condition
    evaluated whole (the reference :func:`of_moment` must agree with).

    Without ``context`` only the 課體 the 課 alone decides; with it (``{"hour": branch}``, and
    any further names of :data:`CONTEXT`) only those that need it and that it decides.
    """
    plan = school_plan(options)
    env = condition_env(facts, context)
    if not context:
        return tuple(k for _, k in _all_matching(plan.alone, plan.alone_all, env))
    have = frozenset(context)
    return tuple(r.keti for r in plan.moment if r.needs <= have
                 and eval(r.whole, env))  # noqa: S307 — compiled from the checked vocabulary


def for_asker(chart, ming: int | None, nian: int | None) -> tuple[Keti, ...]:
    """The 課體 the 課 alone decides (:func:`of_chart`), read for an asker whose 本命 is ``ming`` and
    行年 ``nian`` (branches; None where not known): the entries that read the 年命 (:data:`ASKER`:
    羅網's 「年命發用」, 合歡's 「占人年命俱乘吉將」, 龍戰's 「人年立卯酉」, 侵害's 「並行年為用」, 刑傷's
    「並行年」) evaluated again with them, the others as the chart has them. ``chart.keti`` itself where nothing changes (as without an asker)."""
    plan = school_plan(chart.options)
    keti = chart.keti
    if not plan.asker or (ming is None and nian is None):
        return keti
    env = chart.keti_env.copy()
    env["ming"] = () if ming is None else (ming,)
    env["nian"] = () if nian is None else (nian,)
    held = {k.name for k in keti}
    out = tuple(row[3] for row in plan.alone
                if (eval(row[2], env) if row[0] in plan.asker else row[3].name in held))  # noqa: S307
    return keti if out == keti else out


def of_chart(chart) -> tuple[Keti, ...]:
    """The 課體 the 課 alone decides (``Chart.keti``: worked out once per chart; the conditions
    that do not read the 貴人 once per 課, :func:`shared_truths`)."""
    plan = school_plan(chart.options)
    free = chart.keti_shared[0]
    if free is None:                # one of them fails: as it does evaluated whole
        return tuple(k for _, k in _all_matching(plan.alone, plan.alone_all, chart.keti_env))
    bound = eval(plan.alone_bound, chart.keti_env)  # noqa: S307 — the few that read the 貴人
    if not any(bound):              # the usual case: the rows of the 課's that hold, in order
        return tuple(compress(plan.alone_free_keti, free))
    held = sorted((*compress(plan.alone_free_at, free), *compress(plan.alone_bound_at, bound)))
    return tuple(map(plan.alone_keti.__getitem__, held))


def shared_truths(chart) -> tuple[tuple, tuple | None]:
    """What the 晝 and 夜 charts of ``chart``'s 課 share for their 課體 (``Chart.keti_shared``, once
    per 課): the truths of the conditions of the 課 alone that read nothing of the 貴人, and of the
    chart parts of the moment's conditions that read nothing of it; None where one of a group fails
    (a chart part evaluated out of its short-circuit: :class:`ChartMoments` then takes each part
    alone)."""
    plan = school_plan(chart.options)
    env = chart.keti_env
    out = []
    for code in (plan.alone_free, plan.leaves_free):
        try:
            out.append(eval(code, env))  # noqa: S307 — compiled from the checked vocabulary
        except Exception:  # noqa: BLE001 — of_chart and ChartMoments evaluate them otherwise
            out.append(None)
    return out[0], out[1]
