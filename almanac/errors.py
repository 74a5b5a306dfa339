"""The one exception type for bad input.

``BadInput`` is a ``ValueError`` whose message is one line saying what was wrong and what is
accepted; the command line prints it and exits 2, the HTTP service answers 400 with it.
"""


class BadInput(ValueError):
    """Input the almanac cannot accept. The message is a single line."""
