"""The stamps ledger a feed's events are stamped from (``stamps.Stamps``: when each event's
content last changed): which ledger a configuration uses — in the store when it is PostgreSQL,
else an SQLite file in the data folder — opened once per process, and each event's stamp and
sequence resolved from it by the digest of its text.
"""
from __future__ import annotations

import hashlib
import threading
from datetime import datetime

import icalendar

from almanac.exports import source
from almanac.exports.feeds import params
from almanac.exports.feeds.stamps import Stamps


def stamps_for(cfg) -> Stamps:
    """The stamps ledger: in the store when the store is PostgreSQL (shared by every worker and
    machine serving it), else the SQLite file ``[feeds] stamps_file`` in the data folder."""
    opts = params.feeds_options(cfg)
    name = opts.get("stamps_file", "feed-stamps.sqlite3")
    url = _shared_store_url(cfg) if name else None
    key = url or (str(source.data_dir() / name) if name else "")
    with _stamps_lock:
        if key not in _stamps_cache:
            if url:
                from almanac.exports.feeds.stamps import StoreStamps
                from almanac.exports.store.db import get_engine
                _stamps_cache[key] = StoreStamps(get_engine(url, config=cfg))
            else:
                _stamps_cache[key] = Stamps(key or None)
        return _stamps_cache[key]


def _shared_store_url(cfg) -> str | None:
    """The store's URL when it is a PostgreSQL database, else None."""
    if source._backend() is None:
        return None
    from almanac.exports.store.db import resolve_url
    url = resolve_url(None, cfg)
    return url if url.startswith("postgresql") else None


_stamps_lock = threading.Lock()
_stamps_cache: dict[str, Stamps] = {}


def _digest(ev: icalendar.Event) -> str:
    return hashlib.sha256(ev.to_ical()).hexdigest()


def resolve_stamps(cfg, variant: str, events: list[icalendar.Event]) -> dict[str, tuple[datetime, int]]:
    """``uid → (stamp, sequence)`` of ``events`` from the ledger, kept per feed content: a
    variant (an alarm, …) shares its events' UIDs with the plain feed but not their content, so
    its ledger rows are keyed ``UID|variant`` — asking for a variant never re-stamps the plain
    feed (the plain feed keeps the bare UID keys it always had)."""
    return resolve_digests(cfg, variant, {str(ev["uid"]): _digest(ev) for ev in events})


def resolve_digests(cfg, variant: str, digests: dict[str, str]) -> dict[str, tuple[datetime, int]]:
    """``resolve_stamps`` from each event's ``uid → digest`` of its text."""
    keys = {uid: (f"{uid}|{variant}" if variant else uid) for uid in digests}
    resolved = stamps_for(cfg).resolve({keys[uid]: d for uid, d in digests.items()})
    return {uid: resolved[key] for uid, key in keys.items()}

