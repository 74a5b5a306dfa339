"""The one seam between the exports (feeds, HTTP, reports) and the almanac's computations.

Every export reads almanac facts through these functions only. When the precomputed store
(``exports.store``) is present its read functions are used — they fall back to computing what
they lack — otherwise the Python API is called directly. Switching is the ``_backend()`` line.

All functions return the JSON-ready dicts of the contract (CONTRACT.md) and raise
``almanac.errors.BadInput`` on bad input.
"""
from __future__ import annotations

import importlib
from datetime import date, datetime
from typing import Any

from almanac import api
from almanac.errors import BadInput


def _backend():
    """The precomputed store when it is installed, else ``None`` (compute directly)."""
    try:
        return importlib.import_module("almanac.exports.store")
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith("almanac.exports.store"):
            return None
        raise


def _store_fn(name: str):
    store = _backend()
    fn = getattr(store, name, None) if store is not None else None
    return fn if callable(fn) else None


def get_day(day: "date | str", tz: str | None = None, config=None) -> dict[str, Any]:
    """The ``almanac day --json`` document of one day."""
    store = _backend()
    if store is not None:
        return store.get_day(day, tz, config)
    return api.day(day, tz=tz, config=config)


def get_range(start, end, tz: str | None = None, config=None) -> list[dict[str, Any]]:
    """The day documents from ``start`` to ``end`` inclusive."""
    store = _backend()
    if store is not None:
        return store.get_range(start, end, tz, config)
    return [api.day(d, tz=tz, config=config) for d in _dates(start, end, tz, config)]


def judge_day(day: "date | str", tz: str | None, task: str, config=None) -> list[dict[str, Any]]:
    """The 12 hours of one day judged for ``task``: a list of 12 dicts (子…亥), each with at
    least ``branch``, ``start``, ``end``, ``score``, ``verdict`` and ``reasons``."""
    store = _backend()
    if store is not None:
        return _hours_of(store.get_judgements(day, task, tz, config))
    return _hours_of(api.judge_day(day, tz, task, config))


def judge_range(task: str, start, end, tz: str | None = None, config=None, *,
                person=None) -> dict[date, list[dict]]:
    """``{date: judge_day(...)}`` from ``start`` to ``end`` inclusive. With a ``person``
    (``almanac.judgement.person.Person``) the hours are judged with their 本命 and 行年: computed,
    never read from the store, whose rows are judged for no one."""
    if person is not None:
        who = {"born": person.birth_year, "sex": person.sex}
        return {d: _hours_of(api.judge_day(d, tz, task, config, **who)) for d in _dates(start, end, tz, config)}
    store = _backend()
    if store is not None:
        got = store.get_judgements_range(task, start, end, tz, config)
        return {d: _hours_of(v) for d, v in got.items()}
    return {d: judge_day(d, tz, task, config) for d in _dates(start, end, tz, config)}


def day_tag(day, tz: str | None = None, config=None) -> str | None:
    """A digest standing for ``get_day``'s answer when the store holds it current (equal tags,
    equal answers), else None."""
    fn = _store_fn("day_tag")
    return fn(day, tz, config) if fn is not None else None


def best_tag(task: str, start, end, tz: str | None = None, config=None) -> str | None:
    """As ``day_tag``, for ``best`` over a range (with the same limit and language)."""
    fn = _store_fn("best_tag")
    return fn(task, start, end, tz, config) if fn is not None else None


def store_generation(config=None):
    """A marker that changes whenever the store is written (``exports.store.generation``), or
    None when there is no store or no marker: an answer kept under it stands while it is equal."""
    fn = _store_fn("generation")
    return fn(config) if fn is not None else None


def store_generation_blocks(config=None) -> bool:
    """True when reading ``store_generation`` waits on a database server."""
    fn = _store_fn("generation_blocks")
    return fn(config) if fn is not None else False


def store_unavailable(config=None) -> "str | None":
    """Why the store is taken as down right now (its last connection failed moments ago), else
    None — without any I/O. What cannot be made without it (a feed's stamps on PostgreSQL) is
    refused at once rather than computed and then refused."""
    fn = _store_fn("unavailable")
    return fn(config) if fn is not None else None


def day_tags(start, end, tz: str | None = None, config=None) -> dict[date, str]:
    """``day_tag`` of each day of the range the store holds current, in one read; the days it
    does not hold (or every day, without a store) are left out."""
    fn = _store_fn("day_tags")
    return fn(start, end, tz, config) if fn is not None else {}


def task_tags(task: str, start, end, tz: str | None = None, config=None) -> dict[date, str]:
    """Per day of the range the store holds current for ``task``, a digest standing for that
    day's judged hours (equal tags, equal ``judge_day`` answers); the others are left out."""
    fn = _store_fn("task_tags")
    return fn(task, start, end, tz, config) if fn is not None else {}


def _dates(start, end, tz: str | None = None, config=None) -> list[date]:
    """The dates of the range that have hours in ``tz`` (``almanac.calendar.range_dates``: a date
    the zone skipped whole is left out), on the configuration's clock."""
    from almanac import config as config_mod
    from almanac.calendar import parse_date, range_dates
    cfg = config_mod.load(config)
    s, e = parse_date(start), parse_date(end)   # 9999-12-31 and past refused before counting on
    return range_dates(s, e, tz or cfg["calendar"]["default_tz"], cfg["calendar"]["time_basis"])


def data_dir():
    """The folder for the embedded database, generated feeds and reports."""
    store = _backend()
    if store is not None:
        return store.data_dir()
    import os
    from pathlib import Path
    import platformdirs
    env = os.environ.get("ALMANAC_DATA_DIR")
    path = Path(env) if env else Path(platformdirs.user_data_dir("renqin-almanac", appauthor=False))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        from almanac.errors import data_folder_error
        raise data_folder_error(path, e) from None
    return path


def _hours_of(raw) -> list[dict[str, Any]]:
    if isinstance(raw, dict):
        for key in ("hours", "results"):
            if isinstance(raw.get(key), list):
                return list(raw[key])
        raise TypeError(f"judge_day returned a dict without hours: {sorted(raw)}")
    return list(raw)


def tasks(config=None) -> list[dict[str, str]]:
    """The tasks the configuration knows: ``[{"name", "description"}, ...]``."""
    fn = _store_fn("tasks")
    doc = fn(config) if fn is not None else api.tasks(config=config)
    return list(doc["tasks"] if isinstance(doc, dict) else doc)


def task_names(config=None) -> list[str]:
    return [t["name"] for t in tasks(config)]


def check_task(task: str, config=None) -> str:
    """The key of the task named ``task`` (key, Chinese or Korean name); BadInput otherwise."""
    from almanac import config as config_mod
    from almanac.judgement.score import resolve_task
    return resolve_task(config_mod.load(config), task)


def chart(moment: "datetime | str", tz: str | None = None, config=None, **extra) -> dict[str, Any]:
    """The 大六壬 chart of a moment; ``extra`` (``lang``, ``task`` …) as ``api.chart`` takes them."""
    fn = _store_fn("chart")
    if fn is not None and not extra:
        return fn(moment, tz, config)
    return api.chart(moment, tz=tz, config=config, **extra)


def best(task: str, start, end, tz: str | None = None, limit: int = 10, config=None, **extra) -> dict:
    """``api.best``; ``extra`` (``lang`` …) as ``api.best`` takes them."""
    fn = _store_fn("best")
    extra = {k: v for k, v in extra.items() if k != "daytime" or v}
    if fn is not None and not set(extra) - {"lang"}:  # a person's 年命 (or a daytime choice) is never stored
        return fn(task, start, end, tz, limit, config, **extra)
    return api.best(task, start, end, tz=tz, limit=limit, config=config, **extra)
