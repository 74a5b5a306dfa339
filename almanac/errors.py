"""The exception types for bad input.

``BadInput`` is a ``ValueError`` whose message is one line saying what was wrong and what is
accepted; the command line prints it and exits 2, the HTTP service answers 400 with it.
``BadConfig`` is bad input from the service's own configuration (a file, the environment) rather
than from the request: the command line treats it as bad input (exit 2), but the HTTP service
answers 503 — the client did nothing wrong.
"""


class BadInput(ValueError):
    """Input the almanac cannot accept. The message is a single line."""


class BadConfig(BadInput):
    """The service's configuration cannot be used (not the HTTP client's fault)."""
