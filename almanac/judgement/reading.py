"""A reading of a chart cast for a question.

The seeds mostly read the chart of the moment a question is asked (will the envoy be truthful?
will the marriage form?). A reading scores a task from the rules that apply to what is known:

- the chart of a **moment** (``api.chart(moment, task=…)``) is one 時辰 of the almanac, so every
  fact is known — 演禽 and 六壬 — and its reading equals that hour's judgement;
- a **textbook chart** (``api.textbook_chart(day, …, task=…)``) has no 演禽 facts and no month;
  with ``gan_shang`` it has no hour either. Only rules whose every fact the chart determines are
  read; the others are not guessed.

>>> from almanac import api
>>> r = api.textbook_chart("乙丑", gan_shang="巳", task="delegate")["reading"]
>>> r["basis"], r["task"], r["verdict"] in ("大吉", "吉", "平", "凶", "大凶")
('chart', 'delegate', True)
"""
from __future__ import annotations

import inspect
from typing import Any

from almanac.cycles import BRANCHES, STEMS

from .catalog import load_catalog
from .explain import summary
from almanac.qin import taboos

from .facts import FACTS, PERSON_FACTS, TABOO_FACTS, derive
from .score import TaskProfile, judge

#: facts only the 演禽 engine gives (a textbook chart has none of them)
QIN_FACTS = frozenset({
    "day_mansion", "hour_mansion", "qijiang", "fanqin", "daojiang", *TABOO_FACTS, "hour_palace",
    "hour_qin_class", "daojiang_class", "hour_qin_strength", "fanqin_strength", "daojiang_strength",
    "hour_transform", "hour_transform_kind"})
#: facts that need the month (月建): a textbook chart does not give it
MONTH_FACTS = frozenset({"month_branch", "season", "chu_wangxiang", "generals_youqi", "liuqin_youqi", "tianer_on_ganzhi"})
#: facts that need the year (太歲): a textbook chart does not give it
YEAR_FACTS = frozenset({"year_branch", "suishang_vs_guiren"})
#: facts that need the hour branch (a 「干上」 example gives none), the hour's taboos among them
HOUR_FACTS = frozenset({"hour_stem", "hour_branch", "chu_vs_hour", "sangong",
                        *(t.fact("hour") for t in taboos.of_scope("hour"))})

_NO_QIN = {"day_mansion": "角", "hour_mansion": "角", "qijiang": "角", "fanqin": "角", "daojiang": "角",
           **dict.fromkeys(TABOO_FACTS, False)}


def _placeholders() -> dict[str, Any]:
    """Placeholder values for ``derive``'s inputs a chart does not give beyond the ones above (the
    facts they feed are never read: they are not ``known``)."""
    params = inspect.signature(derive).parameters
    return {"year_branch": "子"} if "year_branch" in params else {}


def chart_facts(chart, hour: int | None, yuejiang: int | None) -> tuple[dict[str, Any], frozenset[str]]:
    """``(facts, known)`` of a textbook chart: the fact mapping (placeholders where the chart is
    silent) and the names of the facts the chart really determines."""
    day = chart.pillar
    hb = hour if hour is not None else 0
    hstem = (2 * day.stem + hb) % 10                  # 五鼠遁: 甲己日 甲子時 …
    yj = yuejiang if yuejiang is not None else (hb + chart.k) % 12
    f = derive(day=str(day), hour=STEMS[hstem] + BRANCHES[hb], month_branch="子",
               yuejiang=BRANCHES[yj], daytime=not chart.night, qin=dict(_NO_QIN),
               plate={BRANCHES[g]: BRANCHES[chart.plate.up(g)] for g in range(12)},
               lessons=[(BRANCHES[l.upper], l.lower_text) for l in chart.lessons],
               chuan=tuple(BRANCHES[b] for b in chart.transmissions.branches),
               generals={BRANCHES[s]: chart.general_on(s) for s in range(12)},
               void=tuple(BRANCHES[b] for b in chart.void), method=chart.method,
               noble_direction=chart.noble.direction, patterns=tuple(p.name for p in chart.patterns),
               keti=tuple(x.name for x in chart.keti), **_placeholders())
    unknown = QIN_FACTS | MONTH_FACTS | YEAR_FACTS | PERSON_FACTS
    if hour is None:
        unknown |= HOUR_FACTS
    if yuejiang is None:
        unknown |= {"yuejiang", "xuanwu_on_yuejiang"}
    return f, frozenset(FACTS) - unknown


def reading(facts: dict[str, Any], known: frozenset[str], prof: TaskProfile, lang: str,
            basis: str) -> dict[str, Any]:
    """The reading of one chart for one task: score, verdict, summary, reasons (and vetoes) from
    the catalog rules whose facts are all ``known``."""
    cat = load_catalog()
    usable = [(i, r) for i, r in enumerate(cat.rules) if r.facts <= known]
    idx = tuple(i for i, r in usable if r.pred(facts))
    j = judge(idx, prof, cat, lang)
    out = {"task": prof.name, "basis": basis, "score": j.score, "verdict": j.verdict,
           "summary": summary(j.verdict, j.score, j.reasons, lang, j.vetoes),
           "reasons": [dict(r) for r in j.reasons], "vetoed": j.vetoed,
           "rules_read": len(usable), "rules_total": len(cat.rules)}
    if j.vetoes:
        out["vetoes"] = [{k: v for k, v in x.items() if k != "veto"} for x in j.vetoes]
    return out
