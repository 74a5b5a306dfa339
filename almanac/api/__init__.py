"""The Python API: the same answers as the command line, as JSON-ready dicts.

Each function raises ``ValueError`` (``almanac.errors.BadInput``) with the command line's one-line
message on bad input. ``config`` is a TOML path, a dict of the same shape, or ``None``.

- ``day(date, tz=None, config=None)``
- ``chart(moment, tz=None, config=None)``
- ``textbook_chart(day, *, yuejiang=None, hour=None, gan_shang=None, noble=None, config=None)``
- ``best(task, start, end, tz=None, limit=10, config=None)``
- ``tasks(config=None)``
- ``schools(config=None)``, ``places()``

``day``, ``chart``, ``best`` and ``judge_day`` also take ``place`` (a gazetteer city or
``"LON,LAT"``), ``clock`` (``civil``, ``mean_solar``, ``true_solar``, ``korean``), ``lunar``
(``auto``, ``chinese``, ``korean``) and ``school`` (a name from ``schools()``); see
``almanac.api.choices``.
"""
from __future__ import annotations

import importlib

# name -> module under almanac.api that defines it; imported on first use so that one part
# being absent or slow to import never breaks the others.
_EXPORTS = {
    "day": "days",
    "chart": "charts",
    "textbook_chart": "charts",
    "best": "judging",
    "tasks": "judging",
    "judge_day": "judging",
    "schools": "choices",
    "places": "choices",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        mod = importlib.import_module(f"{__name__}.{_EXPORTS[name]}")
        value = getattr(mod, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
