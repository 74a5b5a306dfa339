"""The event texts of each day of a feed, built once: kept in this process and — while
``nightly.write_feeds`` runs — in the file of earlier runs (``kept.KeptTexts``), keyed by a
digest of everything they are made of; and the store's reads a run makes once for all the
feeds that need them (``run``).
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from datetime import date
from typing import TYPE_CHECKING

from almanac.exports import source
from almanac.exports.feeds import kept, text

if TYPE_CHECKING:
    from almanac.exports.feeds.events import Builder

#: the event texts of one day of one feed, by a digest of everything they are made of (the
#: feed's task, language, zone, alarm and config, and the day's and task's stored row checksums,
#: or for a day the store does not hold, its document and judged hours): a day already in last
#: night's feed is not built again. Bounded; bytes only.
_texts: "OrderedDict[bytes, tuple[text.EventText, ...]]" = OrderedDict()
_texts_lock = threading.Lock()
_TEXTS_MAX = 20_000


def stored_keys(b: "Builder", s: date, e: date) -> dict[date, bytes]:
    """The key of each day's texts for the days of ``s``…``e`` the store holds current for the
    feed's task: a digest of the feed's namespace, alarm and config and of the day's and the
    task's row checksums (``source.day_tags``, ``source.task_tags``), read once per run. A
    person's hours are never stored: their feed has none."""
    if b.person is not None:
        return {}
    tz, cfg = b.tz_name, b.cfg
    days = _read(("day_tags", s, e, tz, cfg.digest), lambda: source.day_tags(s, e, tz, cfg))
    if not days:
        return {}
    tasks = _read(("task_tags", b.task, s, e, tz, cfg.digest),
                  lambda: source.task_tags(b.task, s, e, tz, cfg))
    return {d: hashlib.sha256(json.dumps([b.ns, b.alarm, cfg.digest, "stored", tag,
                                          tasks[d]]).encode()).digest()
            for d, tag in days.items() if d in tasks}


def read_content(b: "Builder", dates: list[date]) -> dict[date, tuple[dict, list]]:
    """``{date: (day document, judged hours)}`` from the first to the last of ``dates``, each
    range read once per run for every feed that needs it."""
    s, e, tz, cfg, task, person = dates[0], dates[-1], b.tz_name, b.cfg, b.task, b.person
    days = _read(("days", s, e, tz, cfg.digest), lambda: source.get_range(s, e, tz, cfg))
    judged = _read(("judged", task, s, e, tz, cfg.digest, person),
                   lambda: source.judge_range(task, s, e, tz, cfg, person=person))
    out = {}
    for day in days:
        d = date.fromisoformat(day["date"])
        out[d] = (day, judged.get(d) or judged.get(day["date"]) or [])
    return out


def _kept_texts(key: bytes) -> "tuple[text.EventText, ...] | None":
    """The texts kept under ``key``: in this process, else in the file of earlier runs."""
    hit = _texts.get(key)
    if hit is None and reads_kept() is not None:
        hit = reads_kept().get(on_disk(key))
        if hit is not None:
            _keep_in_memory(key, hit)
    return hit


def kept_many(keys: dict) -> dict:
    """``{k: texts}`` of the ``{k: key}`` whose texts are kept (``_kept_texts`` of each, with
    the file read in a few queries)."""
    out = {k: hit for k, key in keys.items() if (hit := _texts.get(key)) is not None}
    disk = reads_kept()
    if disk is not None and len(out) < len(keys):
        names = {on_disk(key): (k, key) for k, key in keys.items() if k not in out}
        for name, texts in disk.get_many(list(names)).items():
            k, key = names[name]
            _keep_in_memory(key, texts)
            out[k] = texts
    return out


def on_disk(key: bytes) -> bytes:
    return hashlib.sha256(key + kept.code_digest().encode()).digest()   # texts this code wrote


def day_texts(b: "Builder", day: dict, judged: list, key: bytes | None = None
               ) -> tuple[text.EventText, ...]:
    """The event texts of one day of ``b``'s feed, kept under ``key`` (see ``stored_keys``) or,
    for a day the store does not hold, under a digest of its document and judged hours."""
    if key is None:
        key = hashlib.sha256(json.dumps([b.ns, b.alarm, b.cfg.digest, _json_digest(day),
                                         _json_digest(judged)]).encode()).digest()
    hit = _kept_texts(key)
    if hit is not None:
        return hit
    evs = tuple(text.event_text(spec) for spec in b.day_specs(day) + b.hour_specs(day, judged))
    _keep_in_memory(key, evs)
    if reads_kept() is not None:
        reads_kept().put(on_disk(key), evs)
    return evs


def _keep_in_memory(key: bytes, evs: tuple) -> None:
    with _texts_lock:
        _texts[key] = evs
        while len(_texts) > _TEXTS_MAX:
            _texts.popitem(last=False)


def _json_digest(value) -> str:
    """The sha256 of ``value``'s JSON text: once per object while :func:`nightly.write_feeds`
    runs (the same day document and judgements serve every task and language), else every time."""
    memo = getattr(run, "memo", None)
    hit = memo.get(("digest", id(value))) if memo is not None else None
    if hit is None:
        digest = hashlib.sha256(json.dumps(value, ensure_ascii=False, default=str).encode()).hexdigest()
        hit = (value, digest)               # the value is held, so its id is not reused meanwhile
        if memo is not None:
            memo[("digest", id(value))] = hit
    return hit[1]


def reads_kept() -> "kept.KeptTexts | None":
    """The on-disk texts of earlier runs, while :func:`nightly.write_feeds` runs with them."""
    return getattr(run, "kept", None)


#: while :func:`nightly.write_feeds` runs, ``memo`` (the store's reads and the digests made
#: once for the run) and ``kept`` (the texts of earlier runs); None or unset otherwise
run = threading.local()


def _read(key: tuple, fetch):
    """``fetch()``, once per key while :func:`nightly.write_feeds` runs (the same days and
    judgements serve every language of a task), else every time."""
    memo = getattr(run, "memo", None)
    if memo is None:
        return fetch()
    if key not in memo:
        memo[key] = fetch()
    return memo[key]
