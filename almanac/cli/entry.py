"""The ``almanac`` command's entry point (``almanac.cli:main``): read the reader's language,
parse, run the command, and say what went wrong as one line — bad input as exit status 2,
anything unexpected as exit status 1 without a traceback (``ALMANAC_DEBUG=1`` shows it).
"""
from __future__ import annotations

import os
import sys

from almanac.errors import BadInput, Unreachable, capped
from almanac.redaction import redact

from .langs import asked_lang, lang_after_command, reader_lang
from .parser import build_parser
from .words import told


def _logging() -> None:
    """Every log record the process writes is redacted (no database password in a log)."""
    from almanac.redaction import install_log_redaction
    install_log_redaction()


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
