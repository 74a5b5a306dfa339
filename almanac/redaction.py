"""Secrets never leave: the password of any ``scheme://user:password@host`` URL in a message, and
the secret parameters of a URL's query or a libpq conninfo string (``password=``,
``sslpassword=`` …).

Messages built from a database URL go through ``redact`` before they reach a log, a terminal or
an HTTP body — also when the URL could not be parsed (a typo in its port, a raw space or quote in
its password), so the redaction is textual rather than SQLAlchemy's
``URL.render_as_string(hide_password=True)`` alone. A password runs to the *last* ``@`` of the
URL's line (a raw ``@``, space or quote in it cannot end it early; a later ``@`` on the same line
only hides more); the secrets of the database URLs the process was given (``remember``,
``$ALMANAC_DB_URL``) are also hidden wherever they appear, however the message quoted them.

>>> redact("cannot open postgresql+psycopg://almanac:S3cretPW@127.0.0.1:notaport/almanac")
'cannot open postgresql+psycopg://almanac:***@127.0.0.1:notaport/almanac'
>>> redact("postgresql://u:p%40ss@h/db?password=x&sslmode=require")
'postgresql://u:***@h/db?password=***&sslmode=require'
>>> redact("URL 'postgresql://almanac:S3c ret@h:notaport/db' is not valid")
"URL 'postgresql://almanac:***@h:notaport/db' is not valid"
>>> redact('URL "postgresql://almanac:S3c\\'ret@h/db" is not valid')
'URL "postgresql://almanac:***@h/db" is not valid'
>>> redact("postgresql://h/db?sslmode=require&sslpassword=S3cret")
'postgresql://h/db?sslmode=require&sslpassword=***'
>>> redact("host=h password='S3c ret' dbname=d")
'host=h password=*** dbname=d'
>>> redact("nothing to hide: sqlite:////tmp/a.sqlite3")
'nothing to hide: sqlite:////tmp/a.sqlite3'
"""
from __future__ import annotations

import os
import re
import threading
from urllib.parse import unquote

_SCHEME = r"[A-Za-z][A-Za-z0-9+.\-]*://"
# userinfo with a password: "scheme://user:" then everything up to the last "@" of the line that
# comes before another URL (a raw space, quote or "@" in the password cannot end it early)
_USERINFO = re.compile(r"(?P<head>" + _SCHEME + r"[^\s:/@'\"]*):(?P<pw>(?:(?!" + _SCHEME + r")[^\n])*)@")
#: parameter names whose values are secrets, in a URL's query or a libpq conninfo string
SECRET_PARAMS = ("password", "sslpassword", "passwd", "pwd")
# ?password=…, &sslpassword=…, password='…' in a conninfo string
_PARAM = re.compile(r"(?P<head>(?<![A-Za-z0-9_])(?:" + "|".join(SECRET_PARAMS) + r")\s*=\s*)"
                    r"(?P<pw>'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|[^\s&#'\"]+)", re.IGNORECASE)
MASK = "***"
#: a secret shorter than this is not hidden by its text alone (every "ab" of a message would go);
#: the patterns above still hide it where it stands in a URL
MIN_KNOWN = 4

_known: set[str] = set()
_known_lock = threading.Lock()
_env_seen: "str | None" = None


def secrets_of(url: str) -> list[str]:
    """The secrets a database URL carries — its password and the values of its secret query
    parameters — as written, decoded and as ``repr`` would quote them. Textual: the URL need not
    be valid."""
    out: list[str] = []
    m = re.match(_SCHEME, url)
    if m is None:
        return out
    rest = url[m.end():]
    at = rest.rfind("@")
    if at >= 0:
        user, colon, pw = rest[:at].partition(":")
        if colon and pw and "/" not in user:
            out.append(pw)
        rest = rest[at + 1:]
    _, q, query = rest.partition("?")
    if q:
        for part in query.split("&"):
            key, eq, value = part.partition("=")
            if eq and value and key.strip().lower() in SECRET_PARAMS:
                out.append(value)
    found: list[str] = []
    for s in out:
        for form in (s, unquote(s), repr(s)[1:-1], repr(unquote(s))[1:-1]):
            if form and form not in found:
                found.append(form)
    return found


def remember(url: "str | None") -> None:
    """Hide the secrets of ``url`` (a database URL this process uses) wherever they appear in a
    message ``redact`` is given, not only where they stand in a URL."""
    if not url:
        return
    found = [s for s in secrets_of(url) if len(s) >= MIN_KNOWN]
    if found:
        with _known_lock:
            _known.update(found)


def _from_environment() -> None:
    global _env_seen
    env = os.environ.get("ALMANAC_DB_URL")
    if env and env != _env_seen:
        remember(env)
        _env_seen = env


def error_line(e: BaseException) -> str:
    """The first line of ``e``'s message, its secrets hidden (``redact``); its type's name when
    the message is empty — what a log line or a health answer says of a failure."""
    return (redact(str(e)).strip().splitlines() or [type(e).__name__])[0]


def redact(text: object) -> str:
    """``text`` with every URL password and secret parameter replaced by ``***``, and every secret
    of a database URL the process was given (``remember``, ``$ALMANAC_DB_URL``) too."""
    s = str(text)
    _from_environment()
    if _known:
        for secret in sorted(_known, key=len, reverse=True):
            if secret in s:
                s = s.replace(secret, MASK)
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
