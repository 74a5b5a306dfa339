"""The ``almanac`` command line.

Each subcommand lives in its own module under ``almanac.cli`` with ``register(subparsers)``;
``main`` adds the common options, turns bad input into a one-line message and exit status 2,
and anything unexpected into exit status 1 without a traceback (``ALMANAC_DEBUG=1`` shows it).
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

from almanac.errors import BadInput
from almanac.redaction import redact

#: subcommand modules, in the order ``--help`` lists them
COMMANDS = ("day", "chart", "best", "tasks", "schools", "places", "precompute", "feed", "report", "serve",
            "scheduler")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, as for any bad input
        sub = self.prog.removeprefix("almanac").strip()
        hint = f" (see `{self.prog} --help`)"
        raise BadInput(f"{sub}: {message}{hint}" if sub else f"{message}{hint}")


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

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser._print_message(f"almanac {version()}\n", sys.stdout)
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--config", metavar="FILE", help="TOML config file (default: built-in)")
    parser = _Parser(prog="almanac", description="The Renqin (壬禽) almanac: timing judgements by the mansion animals (演禽) "
                                                        "and the Great Six Ren (大六壬).",
                     epilog="`almanac COMMAND --help` describes a command.")
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


def main(argv: list[str] | None = None) -> int:
    _logging()
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if getattr(args, "func", None) is None:  # a bare `almanac`: say what it can do
            parser.print_help(sys.stderr)
            return 2
        return int(args.func(args) or 0)
    except BadInput as e:
        print(f"almanac: {redact(str(e)).splitlines()[0] if str(e) else 'bad input'}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("almanac: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # noqa: BLE001 — the promise is: no traceback for users
        if os.environ.get("ALMANAC_DEBUG"):
            raise
        print(redact(f"almanac: internal error: {type(e).__name__}: {e}").splitlines()[0], file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
