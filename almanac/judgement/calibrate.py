"""Verdict thresholds from the spread of a task's scores.

A score is the sum of the cited effects that fire in an hour. The catalog holds more warnings than
blessings (the texts do), so the raw scores of ordinary hours sit below zero, and fixed cut-offs
would call most hours 大凶. The default thresholds in ``config/default.toml`` are therefore read off
the scores themselves: over a reference span of hours (not vetoed), 大吉 is the top 5 %, 吉 the next
20 %, 平 the middle 40 %, 凶 the next 25 % and 大凶 the bottom 10 %. Re-run after changing the
catalog or a profile's weights::

    python -m almanac.judgement.calibrate 2021 2030
"""
from __future__ import annotations

import sys
from datetime import date, timedelta

#: the share of hours at or above each cut-off: 大吉, 吉 and (from below) 凶, 大凶
SHARES = {"daji": 0.95, "ji": 0.75, "xiong": 0.35, "daxiong": 0.10}


def _quantile(sorted_scores: list[float], q: float) -> float:
    i = min(len(sorted_scores) - 1, max(0, round(q * (len(sorted_scores) - 1))))
    return sorted_scores[i]


def thresholds(task: str, first_year: int, last_year: int, step_days: int = 5, config=None) -> dict:
    """The cut-offs that split ``task``'s scores over the span by :data:`SHARES` (half-point grid)."""
    from almanac.api.judging import judge_day

    scores = []
    d, end = date(first_year, 1, 1), date(last_year, 12, 31)
    while d <= end:
        scores += [h["score"] for h in judge_day(d, None, task, config)["hours"] if not h["vetoed"]]
        d += timedelta(days=step_days)
    scores.sort()
    out = {k: round(_quantile(scores, q) * 2) / 2 for k, q in SHARES.items()}
    # the 凶 cut-off is inclusive (score ≤ xiong): keep the four strictly ordered
    out["ji"] = max(out["ji"], out["xiong"] + 0.5)
    out["daji"] = max(out["daji"], out["ji"])
    out["daxiong"] = min(out["daxiong"], out["xiong"])
    return out


def main(argv: list[str]) -> None:
    from almanac.api.judging import tasks
    first, last = (int(argv[0]), int(argv[1])) if len(argv) == 2 else (2021, 2030)
    for t in tasks()["tasks"]:
        th = thresholds(t["name"], first, last)
        print(f"[tasks.{t['name']}] thresholds = {{ " + ", ".join(f"{k} = {v}" for k, v in th.items()) + " }")


if __name__ == "__main__":
    main(sys.argv[1:])
