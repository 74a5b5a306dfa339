"""Row checksums: what a stored row must hash to before it is served.

Each row that answers a question carries a blake2b digest of its key and of the exact bytes
stored (the JSON text as written, the compressed blob), computed when the row is built, before
its transaction. A read recomputes it from the bytes it fetched; a row that does not match —
a flipped byte passes SQLite's ``integrity_check`` and PostgreSQL's page checks alike — is never
served: the reader computes the answer instead, repairs the day when it can write, and the
event is counted here and logged as a warning naming the table, zone and date.

- ``store_days``: zone, date, facts hash and the ``facts`` text.
- ``store_hours``: zone, date, hour index, the ``facts`` text and the digests of the parts it
  references.
- ``store_hour_parts``: a part is content-addressed: its ``digest`` is the hash of its kind and
  body text, so it is its own checksum (any changed byte of the body no longer hashes to it).
- ``store_days.judged``: zone, date and the day's judgement blob (``judged_checksum``).
- per task, in ``store_days.task_sums``: zone, date, task, options hash, the task's answer head,
  its twelve ``store_scores`` rows (score, verdict, vetoed) and the blob's checksum — so the
  score rows ``best`` reads are covered too.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import threading

log = logging.getLogger("almanac.store")

_SIZE = 16  # bytes: 32 hex characters


def _digest(*parts: bytes) -> str:
    h = hashlib.blake2b(digest_size=_SIZE)
    for p in parts:
        h.update(p)
        h.update(b"\x1f")
    return h.hexdigest()


def dumps(obj) -> str:
    """The JSON text a row stores (and its checksum covers)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def day(tz: str, date: dt.date, facts_hash: str, facts_text: str) -> str:
    return _digest(b"day", tz.encode(), date.isoformat().encode(), facts_hash.encode(),
                   facts_text.encode())


def hour(tz: str, date: dt.date, idx: int, facts_text: str, *parts: str | None) -> str:
    """One hour row: its key, its own facts text and the digests of the parts it references
    (``None`` for an absent one)."""
    return _digest(b"hour", tz.encode(), date.isoformat().encode(), b"%d" % idx,
                   facts_text.encode(), *((p or "").encode() for p in parts))


def part(kind: str, body_text: str) -> str:
    """A shared part of hours' facts (``store_hour_parts``): its key and its checksum."""
    return _digest(b"part", kind.encode(), body_text.encode())


def score_text(scores) -> bytes:
    """The twelve score rows ``(score, verdict, vetoed)`` as the judgement checksum covers them:
    each value as the database gives it back, whatever it was handed — a score as a float (an
    integer comes back as one), ``-0.0`` as ``0.0`` (SQLite keeps no sign of zero: a ``-0.0``
    written was read as ``0.0`` and failed its checksum on every read, a "repair" rewrote it,
    forever), a missing verdict as empty, the veto as 0 or 1.

    >>> score_text([(-0.0, "平", False)]) == score_text([(0, "平", 0)]) == score_text([(0.0, "平", None)])
    True
    """
    return ";".join(f"{'' if s is None else repr(float(s) + 0.0)},{v or ''},{1 if x else 0}"
                    for s, v, x in scores).encode()


def judged(tz: str, date: dt.date, blob: bytes) -> str:
    """The day's judgement blob (the hours' times, directions and fired rule indices)."""
    return _digest(b"judged", tz.encode(), date.isoformat().encode(), blob)


def task(tz: str, date: dt.date, task: str, options_hash: str, head_text: str, scores,
         judged_checksum: str) -> str:
    """One task's answer of one day: its options hash, its answer head, its twelve score rows
    and (through its checksum) the day's judgement blob it is rebuilt from."""
    return _digest(b"task", tz.encode(), date.isoformat().encode(), task.encode(),
                   options_hash.encode(), head_text.encode(), score_text(scores),
                   judged_checksum.encode())


def tag(*parts: str) -> str:
    """A digest of several rows' checksums and what was asked (an answer's cheap ETag)."""
    return _digest(*(p.encode() for p in parts))


# ---------------------------------------------------------------------- what was found
_lock = threading.Lock()
_counts = {"checksum_mismatches": 0, "repaired": 0}


def mismatch(table: str, tz: str, date: dt.date, what: str = "") -> None:
    """Count and log one row that failed its checksum (it is not served)."""
    with _lock:
        _counts["checksum_mismatches"] += 1
    log.warning("store checksum mismatch in %s for %s %s%s: not served, recomputed",
                table, tz, date, f" ({what})" if what else "")


def repaired(n: int = 1) -> None:
    with _lock:
        _counts["repaired"] += n


def merge(found: dict[str, int]) -> None:
    """Add counts found in another process of this service (an HTTP worker process, which
    logged them itself), so this process's ``stats`` tell the whole truth."""
    with _lock:
        for k in _counts:
            _counts[k] += int(found.get(k, 0))


def stats() -> dict[str, int]:
    """``{"checksum_mismatches": N, "repaired": M}`` since this process started."""
    with _lock:
        return dict(_counts)
