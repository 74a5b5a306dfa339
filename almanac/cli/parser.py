"""The ``almanac`` argument parser: ``build_parser`` adds each subcommand (each module named in
``COMMANDS`` registers its own), its help in the reader's language (``words.say``). ``Parser``
refuses bad arguments as one line in that language (``BadInput``: exit 2) — argparse's own
messages translated, an empty value refused — and ``_Formatter`` wraps help by terminal columns.
"""
from __future__ import annotations

import argparse
import importlib
import re
import sys
import textwrap

from almanac.errors import BadInput

from .terminal import width, wrap
from .words import help_in, say

#: subcommand modules, in the order ``--help`` lists them
COMMANDS = ("day", "chart", "best", "tasks", "schools", "places", "precompute", "feed", "report", "serve",
            "scheduler")


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter with its usage prefix in the reader's language, wrapping by the
    columns a line takes on a terminal (a CJK character takes two) rather than its length."""

    usage_prefix: str | None = None

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, self.usage_prefix if prefix is None else prefix)

    def _format_usage(self, usage, actions, groups, prefix):
        extra = width(prefix or "") - len(prefix or "")    # argparse counts 사용법 as 3 columns
        self._width -= extra
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra
        # continuation lines are indented by the prefix's length: indent them by its columns
        return text.replace("\n ", "\n " + " " * extra) if extra else text

    def _split_lines(self, text, width):
        if text.isascii():      # never broken inside a hyphenated value (zh-Hant, ko-KR, mean_solar)
            return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)
        return wrap(" ".join(text.split()), width)

    def _fill_text(self, text, width, indent):
        if text.isascii():
            return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                                 subsequent_indent=indent, break_on_hyphens=False)
        return "\n".join(indent + line for line in wrap(" ".join(text.split()), width - len(indent)))


class Parser(argparse.ArgumentParser):
    """argparse's parser with bad arguments as one line in the reader's language (``error``) and
    its own headings and ``-h`` help in that language too."""

    def __init__(self, *args, add_help: bool = True, parents=(), **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = say("positional arguments", zh="位置參數", ko="위치 인수")
        self._optionals.title = say("options", zh="選項", ko="옵션")
        self._usage_prefix = say("usage: ", zh="用法：", ko="사용법: ")
        if add_help:            # first, as argparse puts it: before the parents' options
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=say("show this help message and exit", zh="顯示此說明後退出",
                                       ko="이 도움말을 보여 주고 끝냅니다"))
        for parent in parents:  # as argparse adds them
            self._add_container_actions(parent)
            self._defaults.update(getattr(parent, "_defaults", {}))

    def _get_formatter(self):
        formatter = super()._get_formatter()
        formatter.usage_prefix = self._usage_prefix
        return formatter

    def _get_values(self, action, arg_strings):
        """argparse's value of an argument, an empty or blank one refused: ``--tz ""`` (or
        ``day ""``) is a typing slip, never the option left out (it was read as the default:
        today, the built-in zone, a report written into the current folder)."""
        for given in (() if action.nargs in (argparse.PARSER, argparse.REMAINDER) else arg_strings):
            if isinstance(given, str) and not given.strip():
                name = "/".join(action.option_strings) or action.metavar or action.dest
                sub = self.prog.removeprefix("almanac").strip()
                lead, zh_lead = (f"{sub}: ", f"{sub}：") if sub else ("", "")
                en, zh, ko = "give one", "請給出值", "값을 주십시오"
                if not action.required:
                    en, zh, ko = (f"give one or leave {name} out", f"請給出值，或不用 {name}",
                                  f"값을 주거나 {name} 인수를 빼십시오")
                raise BadInput(f"{lead}argument {name}: an empty value; {en} (see `{self.prog} --help`)",
                               zh=f"{zh_lead}參數 {name} 的值是空的：{zh}（見 `{self.prog} --help`）",
                               ko=f"{lead}인수 {name}: 값이 비어 있습니다. {ko} (`{self.prog} --help` 참고)")
        return super()._get_values(action, arg_strings)

    def error(self, message: str):  # one line, exit 2, as for any bad input
        sub = self.prog.removeprefix("almanac").strip()
        zh, ko = _argparse_texts(message)
        lead, zh_lead = (f"{sub}: ", f"{sub}：") if sub else ("", "")
        raise BadInput(f"{lead}{message} (see `{self.prog} --help`)",
                       zh=zh and f"{zh_lead}{zh}（見 `{self.prog} --help`）",
                       ko=ko and f"{lead}{ko} (`{self.prog} --help` 참고)")


#: argparse's own messages (its English templates) as Chinese and Korean readers read them; one
#: it says otherwise (a newer Python's wording) stays English for them too
_ARGPARSE = tuple((re.compile(pattern + "$"), zh, ko) for pattern, zh, ko in (
    (r"the following arguments are required: (.+)", "缺少必要的參數：{0}", "필수 인수가 빠졌습니다: {0}"),
    (r"unrecognized arguments: (.+)", "無法識別的參數：{0}", "알 수 없는 인수: {0}"),
    (r"one of the arguments (.+) is required", "須給出其中一個參數：{0}", "다음 인수 중 하나가 필요합니다: {0}"),
    (r"ambiguous option: (\S+) could match (.+)", "選項不明確：{0}（可能是 {1}）", "모호한 옵션: {0} (후보: {1})"),
    (r"argument (\S+): expected one argument", "參數 {0}：須給一個值", "인수 {0}: 값 하나가 필요합니다"),
    (r"argument (\S+): expected at most one argument", "參數 {0}：至多一個值", "인수 {0}: 값은 하나까지입니다"),
    (r"argument (\S+): expected at least one argument", "參數 {0}：至少須給一個值", "인수 {0}: 값이 하나 이상 필요합니다"),
    (r"argument (\S+): expected (\d+) arguments?", "參數 {0}：須給 {1} 個值", "인수 {0}: 값 {1}개가 필요합니다"),
    (r"argument (\S+): invalid choice: (.+?) \(choose from (.+)\)", "參數 {0}：無效的選項 {1}（可選：{2}）",
     "인수 {0}: 잘못된 선택 {1} (가능한 값: {2})"),
    (r"argument (\S+): invalid \S+ value: (.+)", "參數 {0}：無效的值 {1}", "인수 {0}: 잘못된 값 {1}"),
    (r"argument (\S+): not allowed with argument (\S+)", "參數 {0} 不能與 {1} 同用",
     "인수 {0}: {1} 인수와 함께 쓸 수 없습니다"),
    (r"argument (\S+): ignored explicit argument (.+)", "參數 {0}：不接受值 {1}", "인수 {0}: 값 {1}을(를) 받지 않습니다"),
))


def _argparse_texts(message: str) -> tuple[str | None, str | None]:
    """``(zh, ko)`` of one of argparse's messages, or ``(None, None)`` for one not known here."""
    for pattern, zh, ko in _ARGPARSE:
        m = pattern.match(message)
        if m:
            return zh.format(*m.groups()), ko.format(*m.groups())
    return None, None


def version() -> str:
    """The installed distribution's version (``almanac --version``)."""
    from importlib.metadata import PackageNotFoundError, version as _version
    try:
        return _version("renqin-almanac")
    except PackageNotFoundError:
        return "unknown"


class _Version(argparse.Action):
    """``--version``: the version is looked up when asked for (reading the installed package's
    metadata costs every other command's start otherwise)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        help = help or say("show program's version number and exit", zh="顯示程式版本後退出",
                           ko="프로그램 버전을 보여 주고 끝냅니다")
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser._print_message(f"almanac {version()}\n", sys.stdout)
        parser.exit()


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The ``almanac`` parser, its help written for a reader of ``lang`` (English when None or a
    language not known)."""
    from almanac.lang import check_lang
    try:
        lang = check_lang(lang) if lang else None
    except BadInput:
        lang = None
    with help_in(lang):
        return _build_parser()


def _build_parser() -> argparse.ArgumentParser:
    common = Parser(add_help=False)     # its heading in the reader's language too: one 옵션 group
    common.add_argument("--config", metavar="FILE", help=say(
        "TOML config file (default: built-in)", zh="TOML 設定檔（預設：內建設定）",
        ko="TOML 설정 파일 (기본값: 내장 설정)"))
    parser = Parser(prog="almanac", description=say(
        "The Renqin (壬禽) almanac: timing judgements by the mansion animals (演禽) and the Great Six Ren (大六壬).",
        zh="壬禽通書：以演禽與大六壬擇時判斷。",
        ko="육임·금성(禽星) 택일력: 연금(演禽)과 대육임(大六壬)으로 때를 가려 판단합니다."),
        epilog=say("`almanac COMMAND --help` describes a command.",
                   zh="`almanac 命令 --help` 說明一個命令。", ko="`almanac 명령 --help`로 각 명령의 설명을 봅니다."))
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMANDS:
        try:
            mod = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith(f"{__package__}.{name}"):
                continue  # not built yet
            raise
        mod.register(sub, common)
    return parser
