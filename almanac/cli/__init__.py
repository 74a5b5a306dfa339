"""The ``almanac`` command line.

Each subcommand lives in its own module under ``almanac.cli`` with ``register(subparsers)``;
``main`` adds the common options, turns bad input into a one-line message and exit status 2,
and anything unexpected into exit status 1 without a traceback (``ALMANAC_DEBUG=1`` shows it).
"""
from __future__ import annotations

import argparse
import contextvars
import importlib
import json
import os
import re
import sys
import textwrap

from almanac.errors import BadInput, Unreachable, capped
from almanac.redaction import redact

#: subcommand modules, in the order ``--help`` lists them
COMMANDS = ("day", "chart", "best", "tasks", "schools", "places", "precompute", "feed", "report", "serve",
            "scheduler")


#: the language the parser being built writes its help in (``build_parser``)
_HELP_LANG: contextvars.ContextVar[str | None] = contextvars.ContextVar("help_lang", default=None)


def say(en: str, *, zh: str, ko: str) -> str:
    """A help text in the language the command line asked for (``--lang``, read before parsing):
    ``zh`` for zh-Hant, converted for zh-Hans, ``ko`` for ko, ``en`` otherwise. Every ``help=``,
    ``description=`` and ``epilog=`` of the commands is one of these, so that ``--help`` reads in
    the reader's language as the error lines do."""
    lang = _HELP_LANG.get()
    if lang is None:
        return en
    from almanac.lang import in_lang
    return in_lang({"en": en, "zh": zh, "ko": ko}, lang)


def told(lang: str | None, en: str, *, zh: str, ko: str) -> str:
    """A line a command prints while it runs (a summary, a start-up line), for the reader of
    ``lang`` (its ``--lang``, checked by the command); English when none was asked for.

    >>> told(None, "done", zh="完成", ko="끝났습니다"), told("ko", "done", zh="完成", ko="끝났습니다")
    ('done', '끝났습니다')
    """
    if not lang:
        return en
    from almanac.lang import in_lang
    return in_lang({"en": en, "zh": zh, "ko": ko}, lang)


#: the values every ``--lang`` takes, as each reader's help names them — the one home of that
#: wording: the four languages, and the BCP 47 tags ``almanac.lang.check_lang`` reads as one of them
LANG_VALUES = {
    "en": "zh-Hant, zh-Hans, ko or en, or a tag such as ko-KR, zh-TW, zh-CN or en-US",
    "zh": "zh-Hant、zh-Hans、ko 或 en，亦可用 ko-KR、zh-TW、zh-CN、en-US 等語言標籤",
    "ko": "zh-Hant, zh-Hans, ko, en 또는 ko-KR·zh-TW·zh-CN·en-US 같은 언어 태그",
}

#: the help of an option several commands give alike (:func:`shared_help`), in each language
_SHARED_HELP = {
    "json": ("print one JSON document", "輸出一份 JSON 文件", "JSON 문서 하나로 출력합니다"),
    "tz": ("IANA time zone (default: calendar.default_tz)", "IANA 時區（預設：calendar.default_tz）",
           "IANA 시간대 (기본값: calendar.default_tz)"),
    "lang_descriptions": (
        f"language of the descriptions: {LANG_VALUES['en']} (default: the configuration's lang)",
        f"說明文字的語言：{LANG_VALUES['zh']}（預設：設定的 lang）",
        f"설명의 언어: {LANG_VALUES['ko']} (기본값: 설정의 lang)"),
}


def shared_help(name: str) -> str:
    """The help of an option several commands share (``json``, ``tz``, ``lang_descriptions``), in
    the reader's language (:func:`say`)."""
    en, zh, ko = _SHARED_HELP[name]
    return say(en, zh=zh, ko=ko)


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
        return _wrap(" ".join(text.split()), width)

    def _fill_text(self, text, width, indent):
        if text.isascii():
            return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                                 subsequent_indent=indent, break_on_hyphens=False)
        return "\n".join(indent + line for line in _wrap(" ".join(text.split()), width - len(indent)))


def _wrap(text: str, cols: int) -> list[str]:
    """``text`` in lines of at most ``cols`` terminal columns, broken at a space or between two
    Chinese characters (never before a closing mark nor after an opening one; Korean breaks at its
    spaces); a word longer than a line is left whole."""
    cols = max(cols, 10)
    lines, line, used = [], "", 0
    for token in re.findall(r"\S+\s*|\s+", text):
        for piece in _pieces(token):
            w = width(piece.rstrip())
            if line and used + w > cols:
                lines.append(line.rstrip())
                line, used = "", 0
            line += piece
            used += width(piece)
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _pieces(token: str) -> list[str]:
    """``token`` (a word and its trailing space) cut where a line may break inside it: in a run of
    Chinese longer than a term (a term such as (本命) or 「乙丑日干上巳」 in other prose is kept
    whole), after a character or a closing mark and before a character; and after a Chinese
    comma, stop or colon anywhere."""
    cuts = {p.start() for run in _LONG_RUN.finditer(token) for p in _BREAKS.finditer(token, run.start() + 1, run.end())}
    cuts |= {p.end() for p in _AFTER_MARK.finditer(token) if 0 < p.end() < len(token)}
    cuts = sorted(cuts)
    return [token[i:j] for i, j in zip([0, *cuts], [*cuts, len(token)])]


_LONG_RUN = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{9,}")
_BREAKS = re.compile(r"(?<=[\u3400-\u9fff，。、：；！？）」』])(?=[\u3400-\u9fff])")
#: and anywhere after a Chinese comma, stop or colon that no closing mark follows
_AFTER_MARK = re.compile(r"[，。、：；！？](?![）」』，。、：；！？])")


class _Parser(argparse.ArgumentParser):
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


def asked_lang(argv: list[str]) -> str | None:
    """The ``--lang`` the command line asks for (``--lang ko``, ``--lang=ko``), read before
    parsing, so that even an argument error is told in the reader's language; None if none.
    Given twice, the last one, as argparse reads it (``--lang ko --lang xx`` is refused as
    ``xx``, so it is told in English).

    >>> asked_lang(["day", "--lang", "ko"]), asked_lang(["day", "--lang=ko", "--lang", "en"]), asked_lang(["day"])
    ('ko', 'en', None)
    """
    asked = None
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif a.startswith("--lang="):
            asked = a.split("=", 1)[1]
    return asked


def reader_lang(argv: list[str], environ=None) -> str | None:
    """The language the command line speaks in: its ``--lang`` (:func:`asked_lang`), else the
    ``lang`` of the configuration it reads (``--config FILE``, else ``$ALMANAC_CONFIG``), else the
    process locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ko_KR.UTF-8`` is Korean); None when
    none says one. A configuration that cannot be read says nothing here (the command reports it).

    >>> reader_lang(["day"], {"LANG": "ko_KR.UTF-8"}), reader_lang(["day", "--lang", "en"], {"LANG": "ko_KR"})
    ('ko', 'en')
    >>> reader_lang(["day"], {"LANG": "C.UTF-8"}) is None
    True
    """
    asked = asked_lang(argv)
    if asked:
        return asked
    from almanac.reader import config_lang, locale_lang
    path = None
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--config" and i + 1 < len(argv):
            path = argv[i + 1]
        elif a.startswith("--config="):
            path = a.split("=", 1)[1]
    env = os.environ if environ is None else environ
    path = path or env.get("ALMANAC_CONFIG")
    if path:
        from almanac import config as _config
        try:
            lang = config_lang(_config.load(path))
        except BadInput:
            lang = None
        if lang:
            return lang
    return locale_lang(env)


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
    token = _HELP_LANG.set(lang)
    try:
        return _build_parser()
    finally:
        _HELP_LANG.reset(token)


def _build_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)     # its heading in the reader's language too: one 옵션 group
    common.add_argument("--config", metavar="FILE", help=say(
        "TOML config file (default: built-in)", zh="TOML 設定檔（預設：內建設定）",
        ko="TOML 설정 파일 (기본값: 내장 설정)"))
    parser = _Parser(prog="almanac", description=say(
        "The Renqin (壬禽) almanac: timing judgements by the mansion animals (演禽) and the Great Six Ren (大六壬).",
        zh="壬禽通書：以演禽與大六壬擇時判斷。",
        ko="육임·금성(禽星) 택일력: 연금(演禽)과 대육임(大六壬)으로 때를 가려 판단합니다."),
        epilog=say("`almanac COMMAND --help` describes a command.",
                   zh="`almanac 命令 --help` 說明一個命令。", ko="`almanac 명령 --help`로 각 명령의 설명을 봅니다."))
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        try:
            mod = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith(f"{__name__}.{name}"):
                continue  # not built yet
            raise
        mod.register(sub, common)
    return parser


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (CJK characters take two)."""
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, cols: int) -> str:
    """``text`` padded with spaces to ``cols`` terminal columns."""
    return text + " " * max(0, cols - width(text))


def emit(doc, as_json: bool, render) -> None:
    """Print ``doc`` as one JSON document, or as the readable text ``render(doc)`` makes."""
    if as_json:
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(render(doc).rstrip("\n") + "\n")


def _logging() -> None:
    """Every log record the process writes is redacted (no database password in a log)."""
    from almanac.redaction import install_log_redaction
    install_log_redaction()


def lang_after_command(argv: list[str]) -> list[str]:
    """``argv`` with a ``--lang L`` given before the command moved after it, where every command
    takes it: ``almanac --lang ko day …`` is ``almanac day … --lang ko`` (argparse read ``ko`` as
    the command and refused it as an unknown one).

    >>> lang_after_command(["--lang", "ko", "day", "2026-02-03"])
    ['day', '2026-02-03', '--lang', 'ko']
    >>> lang_after_command(["--lang=en", "feed", "-o", "-", "--", "x"])
    ['feed', '-o', '-', '--lang=en', '--', 'x']
    >>> lang_after_command(["--lang", "ko", "--help"]), lang_after_command(["day", "--lang", "ko"])
    (['--help'], ['day', '--lang', 'ko'])
    """
    lead: list[str] = []
    rest = list(argv)
    while rest:
        if rest[0] == "--lang" and len(rest) > 1:
            lead, rest = lead + rest[:2], rest[2:]
        elif rest[0].startswith("--lang="):
            lead, rest = lead + rest[:1], rest[1:]
        else:
            break
    if not lead:
        return list(argv)
    if not rest or rest[0].startswith("-"):     # no command follows (`almanac --lang ko --help`):
        return rest                             # the language is read by asked_lang alone
    end = rest.index("--") if "--" in rest else len(rest)
    return rest[:end] + lead + rest[end:]


def main(argv: list[str] | None = None) -> int:
    _logging()
    if argv is None:
        argv = sys.argv[1:]
    spoken = reader_lang(argv)      # --lang, else the config's lang, else the locale
    try:
        parser = build_parser(spoken)
        args = parser.parse_args(lang_after_command(argv))
        if getattr(args, "func", None) is None:  # a bare `almanac`: say what it can do
            parser.print_help(sys.stderr)
            return 2
        if getattr(args, "lang", "") is None and spoken:    # said once: the reader's language
            args.lang = spoken
        return int(args.func(args) or 0)
    except BadInput as e:
        # English unless the reader asked for a language; the fields it names as the options typed
        text = e.text(spoken, options=True)
        print(f"almanac: {capped(redact(text).splitlines()[0]) if text else 'bad input'}", file=sys.stderr)
        return 2
    except Unreachable as e:
        # not the reader's input (exit 1, not 2), but one line in their language all the same
        print(f"almanac: {capped(redact(e.text(spoken)).splitlines()[0])}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        from almanac.lang import check_lang
        try:
            lang = check_lang(spoken) if spoken else None
        except BadInput:
            lang = None
        print("almanac: " + told(lang, "interrupted", zh="已中斷", ko="중단되었습니다"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # noqa: BLE001 — the promise is: no traceback for users
        if os.environ.get("ALMANAC_DEBUG"):
            raise
        from almanac.errors import storage_failure
        failed = storage_failure(e)   # a full disk, a read-only store: said as what it is, exit 1
        if failed is not None:
            print(f"almanac: {capped(redact(failed.text(asked_lang(argv))).splitlines()[0])}", file=sys.stderr)
            return 1
        print(capped(redact(f"almanac: internal error: {type(e).__name__}: {e}").splitlines()[0]), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
