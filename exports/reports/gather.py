"""Gathering what a run of report pages shows: the days' documents and every task's judged
hours over the pages' days and the (longer) span of their heatmaps, read once for every
language the pages are written in.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from almanac.exports import source


@dataclass
class Range:
    """What the pages of a run are made of: its days' documents, the tasks, each task's judged
    hours over the heatmaps' days (``heat``: their first and last)."""

    start: date
    end: date
    tz: str
    days: list[dict]
    tasks: list[dict]
    judged: dict[str, dict[date, list[dict]]]
    heat: tuple[date, date]


def gather(start: date, days: int, tz: str, cfg, heatmap_days: int) -> Range:
    end = start + timedelta(days=days - 1)
    heat_end = max(end, start + timedelta(days=heatmap_days - 1))
    tasks = source.tasks(cfg)
    judged = {t["name"]: source.judge_range(t["name"], start, heat_end, tz, cfg) for t in tasks}
    return Range(start, end, tz, source.get_range(start, end, tz, cfg), tasks, judged, (start, heat_end))
