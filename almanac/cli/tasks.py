"""``almanac tasks``: the task names known to the configuration, one line each, described in the
reader's language.

    almanac tasks [--lang L] [--json]
"""
from __future__ import annotations


def register(subparsers, common) -> None:
    p = subparsers.add_parser("tasks", parents=[common], help="list the tasks `almanac best` accepts",
                              description="The tasks of the configuration ([tasks] in the config file).")
    p.add_argument("--lang", metavar="L", help="language of the descriptions: zh-Hant, zh-Hans, ko or en "
                                               "(default: the configuration's lang)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=run)


def render(doc: dict, lang: str) -> str:
    from almanac.terms import task_description
    width = max((len(t["name"]) for t in doc["tasks"]), default=4)
    return "\n".join(f"{t['name']:<{width}}  {task_description(t, lang)}" for t in doc["tasks"])


def run(args) -> int:
    import config as _config
    from almanac.api.judging import tasks
    from almanac.cli import emit
    from almanac.terms import check_lang

    lang = check_lang(args.lang or _config.load(args.config).get("lang", "zh-Hant"))
    emit(tasks(config=args.config), args.json, lambda doc: render(doc, lang))
    return 0
