"""``almanac tasks``: the task names known to the configuration, one line each, described in the
reader's language.

    almanac tasks [--lang L] [--json]
"""
from __future__ import annotations

from . import say, shared_help


def register(subparsers, common) -> None:
    p = subparsers.add_parser("tasks", parents=[common], help=say(
        "list the tasks `almanac best` accepts",
        zh="列出 `almanac best` 接受的事項",
        ko="`almanac best` 명령이 받는 할 일을 나열합니다"),
        description=say(
            "The tasks of the configuration ([tasks] in the config file).",
            zh="設定中的事項（設定檔的 [tasks]）。",
            ko="설정에 있는 할 일 (설정 파일의 [tasks])."))
    p.add_argument("--lang", metavar="L", help=shared_help("lang_descriptions"))
    p.add_argument("--json", action="store_true", help=shared_help("json"))
    p.set_defaults(func=run)


def render(doc: dict, lang: str) -> str:
    from almanac.terms import task_description
    width = max((len(t["name"]) for t in doc["tasks"]), default=4)
    return "\n".join(f"{t['name']:<{width}}  {task_description(t, lang)}" for t in doc["tasks"])


def run(args) -> int:
    from almanac import config as _config
    from almanac.api.judging import tasks
    from almanac.cli import emit
    from almanac.terms import check_lang

    lang = check_lang(args.lang or _config.load(args.config).get("lang", "zh-Hant"))
    emit(tasks(config=args.config), args.json, lambda doc: render(doc, lang))
    return 0
