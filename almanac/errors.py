"""The exception types for bad input.

``BadInput`` is a ``ValueError`` whose message is one line saying what was wrong and what is
accepted; the command line prints it and exits 2, the HTTP service answers 400 with it.
``BadConfig`` is bad input from the service's own configuration (a file, the environment) rather
than from the request: the command line treats it as bad input (exit 2), but the HTTP service
answers 503 — the client did nothing wrong.

The message (``str(e)``) is English. Each one is also written for the almanac's other readers —
``zh`` (Traditional Chinese; a ``zh-Hans`` reader gets it converted) and ``ko`` — where it is
raised, and :meth:`BadInput.text` gives the one for a reader's language: the command line and the
HTTP service print it in the language the request asked for (``--lang``, ``?lang=``).

>>> e = BadInput("unknown zone 'X'", zh="未知的時區：'X'", ko="알 수 없는 시간대: 'X'")
>>> str(e), e.text("ko"), e.text("zh-Hans"), e.text("en"), e.text(None)
("unknown zone 'X'", "알 수 없는 시간대: 'X'", "未知的时区：'X'", "unknown zone 'X'", "unknown zone 'X'")
>>> e.within("day: ", zh="day：", ko="day: ").text("ko")
"day: 알 수 없는 시간대: 'X'"
"""
from __future__ import annotations


class BadInput(ValueError):
    """Input the almanac cannot accept. The message is a single line, in English; ``zh`` and
    ``ko`` are the same line for those readers (:meth:`text`)."""

    def __init__(self, message: str = "", *, zh: str | None = None, ko: str | None = None):
        super().__init__(message)
        self.zh, self.ko = zh, ko

    def text(self, lang: str | None = None) -> str:
        """The message for a reader of ``lang`` (``zh-Hant``, ``zh-Hans``, ``ko``, ``en``, any
        spelling ``almanac.lang.check_lang`` takes); English for ``None``, ``en``, a language it
        does not know, or a message not written in that language."""
        message = str(self)
        if not lang:
            return message
        from .lang import TEXT_KEY, check_lang, hans
        try:
            lang = check_lang(lang)
        except BadInput:
            return message
        key = TEXT_KEY[lang]
        out = self.ko if key == "ko" else self.zh if key == "zh" else None
        if not out:
            return message
        return hans(out) if lang == "zh-Hans" else out

    def within(self, en: str, *, zh: str, ko: str) -> "BadInput":
        """The same error (same class) with a prefix saying where it was met, in each language."""
        return type(self)(en + str(self), zh=zh + (self.zh or str(self)), ko=ko + (self.ko or str(self)))

    def __reduce__(self):          # keep the translations across processes (precompute's workers)
        return (_rebuild, (type(self), str(self), self.zh, self.ko))


def _rebuild(cls, message, zh, ko):
    return cls(message, zh=zh, ko=ko)


class BadConfig(BadInput):
    """The service's configuration cannot be used (not the HTTP client's fault)."""
