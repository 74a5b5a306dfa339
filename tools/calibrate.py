"""How the verdict scale reads the catalog: a measurement, not a fitting.

Verdicts are absolute (``score.SCALE``: 大吉 ≥ 4.5, 吉 ≥ 1.5, 凶 ≤ −4, 大凶 ≤ −10 score units),
so how often a task meets 吉 is a property of the texts and the weights, which this module
reports; it changes no threshold. It reads the judgements as the API gives them, so it sits
outside the engine, beside the other tools that use the almanac rather than make it. Per task over a span of days (unvetoed hours): the share of each
verdict, the score quartiles, and the two counts that must be zero — verdicts against their score's
sign, and 吉/大吉 hours with a grave reason::

    python tools/calibrate.py 2026 2026        # every day of 2026
    python tools/calibrate.py 2021 2030 5      # every 5th day of 2021–2030
"""
from __future__ import annotations

import sys
from collections import Counter
from datetime import date, timedelta

from almanac.api.judging import judge_day, tasks
from almanac.judgement.score import VERDICTS

GOOD, BAD = frozenset(("吉", "大吉")), frozenset(("凶", "大凶"))


def measure(task: str, first_year: int, last_year: int, step_days: int = 1, config=None) -> dict:
    """Verdict counts, score quartiles and invariant violations of ``task`` over the span."""
    verdicts: Counter = Counter()
    scores, against_sign, grave_good, hours = [], 0, 0, 0
    d, end = date(first_year, 1, 1), date(last_year, 12, 31)
    while d <= end:
        for h in judge_day(d, None, task, config)["hours"]:
            hours += 1
            grave = any(r["grave"] for r in h["reasons"] + h.get("vetoes", []))
            v, s = h["verdict"], h["score"]
            against_sign += (v in GOOD and s <= 0) or (v in BAD and s >= 0)
            grave_good += grave and v in GOOD
            if not h["vetoed"]:
                verdicts[v] += 1
                scores.append(s)
        d += timedelta(days=step_days)
    scores.sort()
    n = len(scores) or 1
    q = [scores[min(len(scores) - 1, int(p * len(scores)))] if scores else 0.0 for p in (0.25, 0.5, 0.75)]
    return {"task": task, "hours": hours, "usable": len(scores),
            "shares": {v: round(verdicts[v] / n, 3) for v in VERDICTS}, "quartiles": q,
            "against_sign": against_sign, "grave_good": grave_good}


def main(argv: list[str]) -> None:
    first, last = (int(argv[0]), int(argv[1])) if len(argv) >= 2 else (2026, 2026)
    step = int(argv[2]) if len(argv) >= 3 else 1
    print(f"{'task':<12} {'usable':>6}  " + "  ".join(f"{v:>4}" for v in VERDICTS)
          + "   Q1 / median / Q3      against-sign  grave-吉")
    for t in tasks()["tasks"]:
        m = measure(t["name"], first, last, step)
        shares = "  ".join(f"{m['shares'][v] * 100:4.0f}%"[1:] if False else f"{m['shares'][v] * 100:4.0f}"
                           for v in VERDICTS)
        print(f"{t['name']:<12} {m['usable']:>6}  {shares}   "
              f"{m['quartiles'][0]:+5.1f} / {m['quartiles'][1]:+5.1f} / {m['quartiles'][2]:+5.1f}"
              f"      {m['against_sign']:>5}        {m['grave_good']:>5}")


if __name__ == "__main__":
    main(sys.argv[1:])
