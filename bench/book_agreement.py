"""How far the readings' scores agree with a classical 720-局 book's per-topic verdicts.

    python bench/book_agreement.py                      # every row, per task and overall
    python bench/book_agreement.py --heldout exclude    # rows you may tune on
    python bench/book_agreement.py --heldout only       # the held-out rows (don't tune on these)
    python bench/book_agreement.py --task marriage --json
    python bench/book_agreement.py --source xuan-daliuren  # one transcription's rows (the 416 局 read last)

The rows are tests/data/book_readings.json (see its ``about``): one per (局, topic, 晝/夜) with the
book's label fav / unfav / neutral. For each row the score is
``api.textbook_chart(day, gan_shang=…, noble=(row noble or "day"), task=…)["reading"]["score"]``.

Printed per task and overall:

* AUC — over every (fav row, unfav row) pair of the same task, P(score_fav > score_unfav), ties ½.
  0.5 is chance, 1.0 is perfect ranking. "overall" pools the pairs of all tasks (never a fav of one
  task against an unfav of another).
* sign — balanced sign agreement: mean of (share of fav rows with score > 0) and (share of unfav
  rows with score < 0). A reading that scores everything 0 gets 0.0; a coin gets about 0.5.
* counts of fav / unfav / neutral rows (neutral rows are shown, not scored).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "book_readings.json"


def auc(fav: list[float], unfav: list[float]) -> float | None:
    """P(a fav score beats an unfav score), ties counting ½; None when either side is empty."""
    if not fav or not unfav:
        return None
    wins = 0.0
    for f in fav:
        for u in unfav:
            wins += 1.0 if f > u else 0.5 if f == u else 0.0
    return wins / (len(fav) * len(unfav))


def pooled_auc(groups: list[tuple[list[float], list[float]]]) -> float | None:
    """AUC over the union of within-group pairs."""
    wins = pairs = 0.0
    for fav, unfav in groups:
        a = auc(fav, unfav)
        if a is not None:
            n = len(fav) * len(unfav)
            wins += a * n
            pairs += n
    return wins / pairs if pairs else None


def sign_agreement(fav: list[float], unfav: list[float]) -> float | None:
    """Mean of (share of fav scores > 0) and (share of unfav scores < 0)."""
    if not fav or not unfav:
        return None
    return (sum(s > 0 for s in fav) / len(fav) + sum(s < 0 for s in unfav) / len(unfav)) / 2


def load_rows(path: Path = DATA) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["rows"]


def score(row: dict) -> float:
    from almanac import api

    chart = api.textbook_chart(row["day"], gan_shang=row["gan_shang"], noble=row["noble"] or "day",
                               task=row["task"])
    return float(chart["reading"]["score"])


def measure(rows: list[dict]) -> dict:
    by_task: dict[str, dict[str, list[float]]] = {}
    for row in rows:
        bucket = by_task.setdefault(row["task"], {"fav": [], "unfav": [], "neutral": []})
        bucket[row["label"]].append(score(row) if row["label"] != "neutral" else 0.0)
    out: dict = {"tasks": {}}
    for task in sorted(by_task):
        b = by_task[task]
        out["tasks"][task] = {"auc": auc(b["fav"], b["unfav"]), "sign": sign_agreement(b["fav"], b["unfav"]),
                              "fav": len(b["fav"]), "unfav": len(b["unfav"]), "neutral": len(b["neutral"])}
    fav_all = [s for b in by_task.values() for s in b["fav"]]
    unfav_all = [s for b in by_task.values() for s in b["unfav"]]
    out["overall"] = {"auc": pooled_auc([(b["fav"], b["unfav"]) for b in by_task.values()]),
                      "sign": sign_agreement(fav_all, unfav_all),
                      "fav": len(fav_all), "unfav": len(unfav_all),
                      "neutral": sum(len(b["neutral"]) for b in by_task.values())}
    return out


def _fmt(x: float | None) -> str:
    return "  —  " if x is None else f"{x:.3f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--heldout", choices=("include", "exclude", "only"), default="include",
                   help="rows whose day pillar index ≡ 0 mod 3 are held out (default: include them)")
    p.add_argument("--task", help="only this task")
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    p.add_argument("--data", type=Path, default=DATA)
    p.add_argument("--source", help="only the rows whose url contains this (one transcription's rows)")
    args = p.parse_args(argv)
    rows = load_rows(args.data)
    if args.source:
        rows = [r for r in rows if args.source in r["url"]]
    if args.heldout == "exclude":
        rows = [r for r in rows if not r["heldout"]]
    elif args.heldout == "only":
        rows = [r for r in rows if r["heldout"]]
    if args.task:
        rows = [r for r in rows if r["task"] == args.task]
    result = measure(rows)
    result["heldout"] = args.heldout
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    print("re-run: python bench/book_agreement.py"
          f" --heldout {args.heldout}" + (f" --task {args.task}" if args.task else "")
          + (f" --source {args.source}" if args.source else ""))
    print(f"{'task':<12} {'AUC':>6} {'sign':>6} {'fav':>5} {'unfav':>5} {'neut':>5}")
    for task, m in list(result["tasks"].items()) + [("overall", result["overall"])]:
        print(f"{task:<12} {_fmt(m['auc']):>6} {_fmt(m['sign']):>6} {m['fav']:>5} {m['unfav']:>5} {m['neutral']:>5}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
