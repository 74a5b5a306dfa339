"""The compute side the store keeps: one place that calls the almanac's own functions.

Options hashes say what a stored row was computed with. ``facts_hash`` covers every config
section that can change a day's facts (all but the service sections and ``[tasks]``) plus the
almanac's version; ``task_hash(task)`` adds that task's own table and the shared keys of
``[tasks]``. A change of options therefore recomputes what it affects: a calendar option every
day, one task's weights only that task's scores.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping

import almanac
from almanac.errors import BadInput, field

#: bump when the stored layout of a computed value changes without a schema change
STORE_FORMAT = 1

#: config sections that configure services, not answers; changing them recomputes nothing
NON_COMPUTE_SECTIONS = frozenset({"store", "scheduler", "feeds", "feed", "reports", "report",
                                  "serve", "server", "http", "web", "logging"})


def _sha(obj) -> str:
    blob = json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def facts_hash(cfg: Mapping) -> str:
    sections = {k: v for k, v in cfg.items() if k not in NON_COMPUTE_SECTIONS and k != "tasks"}
    return _sha({"engine": almanac.__version__, "format": STORE_FORMAT, "config": sections})


_catalog_hashes: dict[int, tuple] = {}


def catalog_hash() -> str:
    """Hash of the rule catalog: every rule's id, family, condition, effects, vetoes, grave tasks,
    texts and source. Stored judgements keep only rule ids and effects and take the texts and
    sources from the catalog when read, so a changed catalog must make them stale (a grave mark
    alone changes a verdict, so it is in the hash too) — and so must a change to how the rules
    are weighed or their reasons ordered (``score.WEIGHING``), which kept feed texts would
    otherwise carry over."""
    from almanac.judgement.catalog import load_catalog
    cat = load_catalog()
    hit = _catalog_hashes.get(id(cat))
    if hit is None or hit[0] is not cat:
        from almanac.judgement.score import WEIGHING
        rules = [[r.id, r.family, r.when, r.effect, sorted(r.veto), sorted(r.grave), r.text,
                  str(r.source)] for r in cat.rules]
        hit = (cat, _sha([WEIGHING, rules]))
        _catalog_hashes[id(cat)] = hit
    return hit[1]


def task_hashes(cfg: Mapping, tasks: list[str]) -> dict[str, str]:
    base = facts_hash(cfg)
    table = cfg.get("tasks", {}) or {}
    shared = {k: v for k, v in table.items() if not isinstance(v, Mapping)} if isinstance(
        table, Mapping) else table
    cat = catalog_hash()
    return {t: _sha({"facts": base, "shared": shared, "catalog": cat,
                     "task": table.get(t) if isinstance(table, Mapping) else None})
            for t in tasks}


#: what ``parse_date`` was given, named for the Chinese and the Korean reader of its error
#: the range's ends as a message names them (``--from`` on the command line, ``from=`` over HTTP)
FROM_DATE, TO_DATE = f"{field('from')} date", f"{field('to')} date"
_WHAT = {"date": ("日期", "날짜"), "from date": ("起始日期", "시작 날짜"), "to date": ("結束日期", "종료 날짜"),
         "--from date": ("--from 日期", "--from 날짜"), "--to date": ("--to 日期", "--to 날짜"),
         FROM_DATE: (f"{field('from')} 日期", f"{field('from')} 날짜"),
         TO_DATE: (f"{field('to')} 日期", f"{field('to')} 날짜")}


def parse_date(value, what: str = "date") -> dt.date:
    """A date from ``YYYY-MM-DD`` or a ``date`` (not a date-time), by the calendar's own rules."""
    from almanac.calendar import parse_date as calendar_date
    what_zh, what_ko = _WHAT.get(what, (what, what))
    if isinstance(value, dt.datetime):
        raise BadInput(f"{what} {value.isoformat()!r} is a date-time; accepted: YYYY-MM-DD",
                       zh=f"{what_zh}不可帶時刻：{value.isoformat()!r}（只接受日期，格式 YYYY-MM-DD）",
                       ko=f"{what_ko}에는 시각 없이 날짜만 씁니다: {value.isoformat()!r} (YYYY-MM-DD 형식)")
    try:
        return calendar_date(value)
    except BadInput as e:
        raise e.within(f"{what}: ", zh=f"{what_zh}：", ko=f"{what_ko}: ") from None


def default_tz(cfg: Mapping) -> str:
    return cfg["calendar"]["default_tz"]


def compute_day(date: dt.date, tz: str, cfg, to_judge: bool = False) -> dict:
    """``api.day``. ``to_judge`` (the day's tasks are judged next) is kept for its callers and
    changes nothing since the judgements read the shipped tables as ``api.day`` does
    (``almanac.api.days.day_to_judge`` gives the same answer)."""
    from almanac import api
    return api.day(date, tz, cfg)


def task_names(cfg) -> list[str]:
    try:
        from almanac import api
        listing = api.tasks(cfg)
    except (ImportError, AttributeError):
        return []
    items = listing.get("tasks", []) if isinstance(listing, Mapping) else listing
    return [t["name"] if isinstance(t, Mapping) else str(t) for t in items]


def judge_day(date: dt.date, tz: str, task: str, cfg) -> list[dict]:
    from almanac.api.judging import judge_day as judge
    return judge(date, tz, task, cfg)


def judge_day_tasks(date: dt.date, tz: str, tasks: list[str], cfg) -> dict:
    """Every task's ``judge_day`` of one day in one pass, compact: shared hour heads, the fired
    rules' indices, and per task twelve ``(score, verdict, vetoed)`` — what the store writes; the
    reasons are rebuilt from the fired rules on read (see
    ``almanac.api.judging.judge_day_tasks``)."""
    from almanac.api.judging import judge_day_tasks as judge
    return judge(date, tz, tasks, cfg, reasons=False)


def judgement_hours(result) -> list[dict]:
    """The twelve per-hour judgements of a ``judge_day`` answer."""
    if isinstance(result, Mapping):
        result = result.get("hours", result.get("results"))
    hours = list(result)
    if len(hours) != 12:
        raise RuntimeError(f"judge_day gave {len(hours)} hours, expected 12")
    return hours


def to_utc_naive(iso: str) -> dt.datetime:
    t = dt.datetime.fromisoformat(iso)
    if t.tzinfo is None:
        raise RuntimeError(f"hour time {iso!r} has no offset")
    return t.astimezone(dt.timezone.utc).replace(tzinfo=None)


_CHART_KEYS = ("transmissions", "method", "lessons", "san_chuan", "chart")


def chart_summary(hour: Mapping) -> dict | None:
    """三傳 and method of an hour (its ``liuren`` object), when the day's facts carry them."""
    if isinstance(hour.get("liuren"), Mapping):
        return dict(hour["liuren"])
    found = {k: hour[k] for k in _CHART_KEYS if k in hour}
    if len(found) == 1 and isinstance(found.get("chart"), Mapping):
        inner = found["chart"]
        found = {k: inner[k] for k in ("transmissions", "method") if k in inner} or dict(inner)
    return found or None
