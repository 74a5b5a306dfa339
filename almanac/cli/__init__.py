"""The ``almanac`` command line.

Each subcommand lives in its own module under ``almanac.cli`` with ``register(subparsers)``;
``main`` (``entry``) adds the common options, turns bad input into a one-line message and exit
status 2, and anything unexpected into exit status 1 without a traceback (``ALMANAC_DEBUG=1``
shows it). The parser is built in ``parser``, the reader's language is read in ``langs``, the
words the commands share are in ``words`` and what they print on a terminal in ``terminal``.
"""
from .entry import main
from .langs import asked_lang, lang_after_command, reader_lang
from .parser import COMMANDS, Parser, build_parser, version
from .terminal import emit, pad, width
from .words import LANG_VALUES, SHARED_HELP, say, shared_help, told

__all__ = ["COMMANDS", "LANG_VALUES", "Parser", "SHARED_HELP", "asked_lang", "build_parser", "emit",
           "lang_after_command", "main", "pad", "reader_lang", "say", "shared_help", "told", "version",
           "width"]
