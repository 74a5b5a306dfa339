"""``almanac tasks``: the task names known to the configuration, one line each, described in the
reader's language.

    almanac tasks [--lang L] [--json]
"""
from __future__ import annotations

from . import say


def register(subparsers, common) -> None:
    p = subparsers.add_parser("tasks", parents=[common], help=say(
        "list the tasks `almanac best` accepts",
        zh="列出 `almanac best` 接受的事項",
        ko="`almanac best` 명령이 받는 할 일을 나열합니다"),
        description=say(
            "The tasks of the configuration ([tasks] in the config file).",
            zh="設定中的事項（設定檔的 [tasks]）。",
            ko="설정에 있는 할 일 (설정 파일의 [tasks])."))
    p.add_argument("--lang", metavar="L", help=say(
        "language of the descriptions: zh-Hant, zh-Hans, ko or en (default: the configuration's lang)",
        zh="說明文字的語言：zh-Hant、zh-Hans、ko 或 en（預設：設定的 lang）",
        ko="설명의 언어: zh-Hant, zh-Hans, ko 또는 en (기본값: 설정의 lang)"))
    p.add_argument("--json", action="store_true", help=say(
        "print one JSON document", zh="輸出一份 JSON 文件", ko="JSON 문서 하나로 출력합니다"))
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
