"""Digests of a year of answers on fixed inputs — days, judged days, ``best`` and feeds — so a
change that is meant to be only faster can be shown to answer byte for byte as before.

    python -m tests.answers            # print the digests the code gives now
    python -m tests.answers --write    # record them in tests/data/answers.json

``tests/api/test_answers.py`` recomputes them and compares with the recorded file. A change that is
*meant* to change answers (a new 課體, a corrected rule) records them again in the same commit,
so the review sees which answers moved. Each digest covers one month of one kind, so a mismatch
says where to look. Feeds are digested without their ``DTSTAMP`` and ``LAST-MODIFIED`` lines (the
stamp ledger dates an event by when it was first written, which is the time of the run).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

RECORD = Path(__file__).parent / "data" / "answers.json"
YEAR = 2026
ZONES = ("Asia/Shanghai", "Asia/Seoul")
FEED_TASKS = ("travel", "marriage", "pursuit")
FEED_LANGS = ("zh-Hant", "ko", "en")


def _digest(obj) -> str:
    blob = obj if isinstance(obj, bytes) else json.dumps(obj, ensure_ascii=False, sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:24]


def _months():
    for m in range(1, 13):
        first = date(YEAR, m, 1)
        last = (date(YEAR + (m == 12), m % 12 + 1, 1) - timedelta(days=1))
        yield f"{YEAR}-{m:02d}", first, last


def _days(first, last):
    d = first
    while d <= last:
        yield d
        d += timedelta(days=1)


def _feed_text(body: bytes) -> bytes:
    lines = body.decode().replace("\r\n ", "").split("\r\n")
    return "\r\n".join(x for x in lines if not x.startswith(("DTSTAMP", "LAST-MODIFIED"))).encode()


def compute() -> dict[str, str]:
    """Every digest, computed afresh in a data folder of its own (no store, no kept texts)."""
    from almanac import api
    out: dict[str, str] = {}
    tasks = [t["name"] for t in api.tasks()["tasks"]]
    for tz in ZONES:
        for key, first, last in _months():
            out[f"day {tz} {key}"] = _digest([api.day(d.isoformat(), tz=tz) for d in _days(first, last)])
    for key, first, last in _months():
        out[f"day daquan {key}"] = _digest([api.day(d.isoformat(), tz="Asia/Seoul", school="daquan")
                                            for d in _days(first, last)])
    for task in tasks:
        out[f"judge {task} Asia/Shanghai {YEAR}"] = _digest(
            [api.judge_day(d.isoformat(), "Asia/Shanghai", task) for d in _days(date(YEAR, 1, 1), date(YEAR, 12, 31))])
        out[f"best {task} Asia/Shanghai {YEAR}"] = _digest(
            api.best(task, f"{YEAR}-01-01", f"{YEAR}-12-31", tz="Asia/Shanghai", limit=50))
        out[f"best {task} Asia/Seoul {YEAR} ko"] = _digest(
            api.best(task, f"{YEAR}-01-01", f"{YEAR}-12-31", tz="Asia/Seoul", limit=20, lang="ko"))
    return out


def compute_feeds() -> dict[str, str]:
    """A year of feeds for three tasks in three languages (Asia/Seoul), each digested whole."""
    from almanac import config as config_mod
    from almanac.exports import feeds
    cfg = config_mod.load({"feeds": {"max_events": 100000, "max_bytes": 100_000_000}})
    out = {}
    for task in FEED_TASKS:
        for lang in FEED_LANGS:
            body = feeds.build_feed(task, date(YEAR, 1, 1), date(YEAR, 12, 31), "Asia/Seoul", lang, None, cfg).body
            out[f"feed {task} {lang} {YEAR}"] = _digest(_feed_text(body))
    return out


def all_digests() -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        old = os.environ.get("ALMANAC_DATA_DIR")
        os.environ["ALMANAC_DATA_DIR"] = tmp
        try:
            return {**compute(), **compute_feeds()}
        finally:
            if old is None:
                os.environ.pop("ALMANAC_DATA_DIR", None)
            else:
                os.environ["ALMANAC_DATA_DIR"] = old


if __name__ == "__main__":
    digests = all_digests()
    if "--write" in sys.argv[1:]:
        RECORD.write_text(json.dumps(digests, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(digests)} digests written to {RECORD}")
    else:
        print(json.dumps(digests, ensure_ascii=False, indent=1, sort_keys=True))
