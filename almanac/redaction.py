"""Secrets never leave: the password of any ``scheme://user:password@host`` URL in a message.

Messages built from a database URL go through ``redact`` before they reach a log, a terminal or
an HTTP body — also when the URL could not be parsed (a typo in its port), so the redaction is
textual rather than SQLAlchemy's ``URL.render_as_string(hide_password=True)`` alone.

>>> redact("cannot open postgresql+psycopg://almanac:S3cretPW@127.0.0.1:notaport/almanac")
'cannot open postgresql+psycopg://almanac:***@127.0.0.1:notaport/almanac'
>>> redact("postgresql://u:p%40ss@h/db?password=x&sslmode=require")
'postgresql://u:***@h/db?password=***&sslmode=require'
>>> redact("no secret here: sqlite:////tmp/a.sqlite3")
'no secret here: sqlite:////tmp/a.sqlite3'
"""
from __future__ import annotations

import re

# userinfo with a password: everything between "//user:" and the last "@" before the host part
_USERINFO = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.\-]*://[^\s:/@'\"]*):(?P<pw>[^\s'\"]*)@(?=[^\s@'\"]*(?:[\s'\"]|$))")
# libpq-style password parameters: ?password=…, password=… in a conninfo string
_PARAM = re.compile(r"(?P<head>\bpassword\s*=\s*)(?P<pw>[^\s&'\"]+)", re.IGNORECASE)
MASK = "***"


def redact(text: object) -> str:
    """``text`` with every URL password (and ``password=`` parameter) replaced by ``***``."""
    s = str(text)
    s = _USERINFO.sub(lambda m: f"{m['head']}:{MASK}@", s)
    return _PARAM.sub(lambda m: f"{m['head']}{MASK}", s)


class RedactingFilter:
    """A ``logging`` filter for handlers: the record's message and traceback text are redacted
    before any formatter writes them."""

    def filter(self, record) -> bool:
        import logging
        try:
            msg = record.getMessage()
        except Exception:  # noqa: BLE001 — a bad format string is logged as it is
            msg = str(record.msg)
        record.msg, record.args = redact(msg), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def install_log_redaction(logger=None) -> None:
    """Redact every record the handlers of ``logger`` (default: the root logger, and the
    last-resort handler that writes warnings when no handler is configured) write."""
    import logging
    target = logger or logging.getLogger()
    handlers = list(target.handlers)
    if logger is None and logging.lastResort is not None:
        handlers.append(logging.lastResort)
    for handler in handlers:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
