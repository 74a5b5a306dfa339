"""``almanac tasks``: the task names known to the configuration, one line each.

    almanac tasks [--json]
"""
from __future__ import annotations


def register(subparsers, common) -> None:
    p = subparsers.add_parser("tasks", parents=[common], help="list the tasks `almanac best` accepts",
                              description="The tasks of the configuration ([tasks] in the config file).")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=run)


def render(doc: dict) -> str:
    width = max((len(t["name"]) for t in doc["tasks"]), default=4)
    return "\n".join(f"{t['name']:<{width}}  {t['description']}" for t in doc["tasks"])


def run(args) -> int:
    from almanac.api.judging import tasks
    from almanac.cli import emit

    emit(tasks(config=args.config), args.json, render)
    return 0
