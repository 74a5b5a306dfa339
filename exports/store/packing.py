"""Row packing: a day made ready to write, and stored rows made back into answers.

``prepare_day`` computes one day (outside any transaction, in a compute worker for long ranges)
and builds everything the writer stores as it will be stored — the facts JSON text without its
hours, the twelve hour rows with the shared parts (``store_hour_parts``) they reference, the
day's judgement blob, each task's twelve score rows and every checksum — so the writer only
moves bytes. The column orders the writer's bulk statements use are named here too.

The other way, ``read_hour``, ``with_hours``, ``unpack`` and ``judgement`` rebuild the documents
``api.day`` and ``judge_day`` answer from the stored texts and blob.
"""
from __future__ import annotations

import datetime as dt
import json
import zlib
from dataclasses import dataclass, field

from almanac.shared import FrozenDict

from . import checksums
from . import compute as C
from .checksums import dumps


@dataclass
class Computed:
    date: dt.date
    #: (facts text without hours, its checksum, twelve hour rows without day_id, the hours' parts
    #: {digest: (kind, text)}) — None when the stored facts are current
    day: tuple | None
    #: task -> twelve (score, verdict, vetoed), for the tasks to (re)write
    scores: dict[str, list] = field(default_factory=dict)
    heads: dict[str, dict | None] = field(default_factory=dict)  # task -> answer minus hours
    #: the day's blob (hours' times, directions, fired rule indices) and its checksum
    judged: tuple | None = None
    sums: dict[str, str] = field(default_factory=dict)  # task -> its checksum (checksums.task)


def prepare_day(config, date: dt.date, tz: str, fh: str, th: dict[str, str], cur) -> Computed:
    """One day made ready to write: JSON texts, blobs and checksums are all built here (in
    the compute worker), so the writer only moves bytes. ``cur`` is the day's stored
    ``(facts hash, task hashes)`` or None: what is current is not computed again."""
    facts_ok = cur is not None and cur[0] == fh
    tasks = [t for t, h in th.items() if not facts_ok or (cur[1] or {}).get(t) != h]
    out = Computed(date, None if facts_ok else day_rows(
        date, tz, fh, C.compute_day(date, tz, config)))
    if not tasks:
        return out
    # every task of the day in one pass over its fired rules (all of the options' tasks, so
    # the day's blob, shared by them, is whole); reasons stay catalog indices
    judged = C.judge_day_tasks(date, tz, list(th), config)
    if len(judged["heads"]) != 12:
        raise RuntimeError(f"judge_day gave {len(judged['heads'])} hours, expected 12")
    blob = pack_day(judged)
    out.judged = (blob, checksums.judged(tz, date, blob))
    for t in tasks:
        # ``task_scores``' rows are the stored ones as they are: (float, verdict, bool)
        scores, _ = judged["tasks"][t]
        head = judged["answer"][t]
        out.scores[t], out.heads[t] = scores, head
        out.sums[t] = checksums.task(tz, date, t, th[t], dumps(head), scores, out.judged[1])
    return out


DAY_COLUMNS = ("tz", "date", "facts", "facts_hash", "task_hashes", "task_heads", "task_sums",
               "judged", "judged_checksum", "computed_at", "checksum")
DAY_UPDATE = DAY_COLUMNS[2:]
HOUR_COLUMNS = ("day_id", "idx", "branch", "start_utc", "end_utc", "pillar", "mansion", "facts",
                "qin_id", "liuren_id", "checksum")
SCORE_COLUMNS = ("day_id", "idx", "task", "score", "verdict", "vetoed")


def score_rows(day_id: int, scores: dict[str, list[tuple]], tasks: list[str],
               th: dict[str, str]) -> list[tuple]:
    """Rows of ``store_scores`` as tuples in ``SCORE_COLUMNS`` order."""
    rows = []
    for task in tasks:
        rows += [(day_id, i, task, score, verdict, vetoed)
                 for i, (score, verdict, vetoed) in enumerate(scores[task])]
    return rows


#: the keys of an hour object stored once in ``store_hour_parts`` and referenced by the hours
#: (their values repeat with the 420-day 禽 cycle and the 720 課); column ``{key}_id``
PART_KEYS = ("qin", "liuren")


def day_rows(date: dt.date, tz: str, fh: str, facts: dict) -> tuple:
    """A computed day as the writer stores it: the facts text (hours left out, their key kept in
    place so a read gives back the same document), its checksum, the twelve hour rows (without
    their day id; parts as digests, the writer turns them into ids) with theirs, and the parts
    ``{digest: (kind, text)}`` the hours reference."""
    text = dumps(_facts_without_hours(facts))
    hours, parts = [], {}
    for i, h in enumerate(facts["hours"]):
        frame, refs = dict(h), []
        for key in PART_KEYS:
            value = h.get(key)
            if value is None:
                refs.append(None)
                continue
            body, digest = _part_text(key, value)
            parts[digest] = (key, body)
            frame[key] = None  # kept in place: the read puts the part back in the same position
            refs.append(digest)
        ht = dumps(frame)
        hours.append((i, h.get("branch", ""), C.to_utc_naive(h["start"]),
                      C.to_utc_naive(h["end"]), h.get("pillar"), h.get("mansion"), ht, *refs,
                      checksums.hour(tz, date, i, ht, *refs)))
    return text, checksums.day(tz, date, fh, text), hours, parts


#: id of a shared, read-only part value -> (the value, its text, its digest)
_PART_TEXTS: dict[int, tuple] = {}
_PART_TEXTS_MAX = 16384


def _part_text(key: str, value) -> tuple[str, str]:
    """A part's JSON text and digest. The day documents hand out shared read-only parts (one
    object per 禽 fact set and per chart and moment: ``almanac.shared``), so the text of such an
    object is built once and kept with it (held, so its id is not reused); any other value is
    encoded each time."""
    if not isinstance(value, FrozenDict):
        body = dumps(value)
        return body, checksums.part(key, body)
    hit = _PART_TEXTS.get(id(value))
    if hit is None or hit[0] is not value or hit[1] != key:
        if len(_PART_TEXTS) >= _PART_TEXTS_MAX:
            _PART_TEXTS.clear()
        body = dumps(value)
        hit = _PART_TEXTS[id(value)] = (value, key, body, checksums.part(key, body))
    return hit[2], hit[3]


def pack_day(judged: dict) -> bytes:
    """A day's judgement facts for every task, compressed: ``{"b": the hours' start, end, branch,
    pillar, mansion; "d": their directions or null; "f": per hour the catalog indices of the
    rules that fired}``. ``unpack`` rebuilds a task's ``judge_day`` entries from it with the
    task's profile and the rule catalog, both covered by the task's options hash (a day is read
    for a task only under its hash)."""
    return zlib.compress(dumps({"b": judged["heads"], "d": judged["directions"],
                                "f": judged["fired"]}).encode(), 1)


def unpack(blob: bytes, cfg=None, task: str | None = None, lang: str = "zh-Hant") -> list:
    from almanac.judgement.score import profile
    from almanac.judgement.search import judged_entries, task_rows
    doc = json.loads(zlib.decompress(blob))
    prof = profile(cfg, task)
    return judged_entries(prof, doc["b"], doc["d"], task_rows(prof, doc["f"], None, lang), lang)


def read_hour(frame_text: str, refs, parts: dict[int, tuple]) -> dict:
    """An hour object from its stored frame and the bodies of the parts it references."""
    hour = json.loads(frame_text)
    for key, i in zip(PART_KEYS, refs):
        if i is not None:
            hour[key] = json.loads(parts[i][2])
    return hour


def _facts_without_hours(facts: dict) -> dict:
    # keep the key's position so a read gives back the same document, key order included
    return {k: (None if k == "hours" else v) for k, v in facts.items()}


def with_hours(facts: dict, hours: list) -> dict:
    out = dict(facts)
    out["hours"] = hours
    return out


def judgement(head: dict | None, hours: list):
    """A ``judge_day`` answer from its stored head (None for a bare list) and its hours."""
    if head is None:
        return hours
    out = dict(head)
    out["hours"] = hours
    return out
