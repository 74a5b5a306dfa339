"""Writing the report pages into folders: ``write_reports`` (one language and zone),
``write_report_set`` (every published language and zone, what the scheduler calls nightly,
leaving pages whose inputs — the code, the config, the store's row checksums — are unchanged
and whose files are as they were left), the folder of each language and zone, and the newest
page in a folder.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Callable
from zoneinfo import ZoneInfo

from almanac import config as config_mod
from almanac import terms as T
from almanac.calendar import parse_date
from almanac.exports import source, written
from almanac.exports.feeds.params import check_tz
from almanac.exports.reports import render
from almanac.exports.reports.gather import gather


def latest(folder) -> Path | None:
    """The newest ``YYYY-MM-DD.html`` in ``folder``."""
    folder = Path(folder)
    pages = sorted(p for p in folder.glob("????-??-??.html")) if folder.exists() else []
    return pages[-1] if pages else None


def variant_dir(root, lang: str, tz: str, cfg) -> Path:
    """Where the pages of ``lang`` and ``tz`` live under ``root``: ``root`` itself for the
    configured default language and zone, else ``root/LANG/ZONE`` (ZONE a checked IANA name)."""
    lang, tz = T.check_lang(lang), check_tz(tz)
    if lang == T.check_lang(cfg["reports"]["lang"]) and tz == cfg["calendar"]["default_tz"]:
        return Path(root)
    return Path(root, lang, *tz.split("/"))


def _check_days(days) -> int:
    from almanac.errors import BadInput
    try:
        n = int(days)
    except (TypeError, ValueError):
        raise BadInput(f"--days {days!r} is not a whole number; accepted: 1..366",
                       zh=f"--days 不是整數：{days!r}（可用：1..366）",
                       ko=f"--days 값이 정수가 아닙니다: {days!r} (1..366)") from None
    if not 1 <= n <= 366:
        raise BadInput(f"--days {n} is outside 1..366",
                       zh=f"--days 超出範圍 1..366：{n}",
                       ko=f"--days 값이 1..366 범위를 벗어났습니다: {n}")
    return n


def write_reports(start_date, days: int, out_dir, config=None, lang: str | None = None,
                  tz: str | None = None, *, heatmap_days: int | None = None,
                  update_latest: bool = True, query: str | None = None,
                  linked: "Callable[[date], bool] | None" = None) -> list[Path]:
    """Write ``DIR/YYYY-MM-DD.html`` and ``.md`` for ``days`` days from ``start_date`` in one
    language and zone; returns the HTML paths. The heatmaps cover the written days, or
    ``heatmap_days`` from ``start_date`` when that is longer (a single page still shows its week).
    Files are replaced atomically. With ``update_latest`` (the nightly run and the command line)
    ``DIR/latest.html`` becomes the page of ``start_date``, the night the run is for; a page written
    on demand (``update_latest=False``, the HTTP service) never touches it. ``linked(day)`` says
    whether a page may link to the day beside it (by default: a page of this run or one already
    in ``out_dir``; the service also serves the days of its window on demand)."""
    cfg = config_mod.load(config)
    start = parse_date(start_date)
    days = _check_days(days)
    lang = T.check_lang(lang or cfg["reports"]["lang"])
    tz = check_tz(tz or cfg["calendar"]["default_tz"])
    rng = gather(start, days, tz, cfg, _check_days(heatmap_days or days))
    return render.render_pages(rng, Path(out_dir), lang, cfg, update_latest, query=query, linked=linked)


def published(cfg) -> tuple[list[str], list[str]]:
    """The languages and zones the nightly reports are written in (``[reports] langs`` / ``zones``;
    empty means the default language / zone only)."""
    rep = cfg["reports"]
    langs = [T.check_lang(x) for x in rep.get("langs") or []] or [T.check_lang(rep["lang"])]
    zones = [check_tz(z) for z in rep.get("zones") or []] or [cfg["calendar"]["default_tz"]]
    return list(dict.fromkeys(langs)), list(dict.fromkeys(zones))


def write_report_set(start_date, days: int, root, config=None) -> list[Path]:
    """Every published language × zone (:func:`published`) for ``days`` days from ``start_date``,
    each zone judged once; default pages in ``root``, the others in :func:`variant_dir`.

    A language and zone whose pages were all written from the same inputs (:func:`_inputs_key`:
    code, config, dates and the store's row checksums of every day shown) and are still as they
    were left is not rendered again (``exports.written``)."""
    cfg = config_mod.load(config)
    start = parse_date(start_date)
    days = _check_days(days)
    langs, zones = published(cfg)
    paths: list[Path] = []
    with written.Record(written.record_path()) as record:
        for tz in zones:
            # a date the zone skipped whole (Pacific/Apia 2011-12-30) has no page
            names = [f"{d.isoformat()}.{ext}"
                     for d in source._dates(start, start + timedelta(days=days - 1), tz, cfg)
                     for ext in ("html", "md")] + ["latest.html"]
            rng = None
            tags = _stored_tags(start, days, tz, cfg)
            for lang in langs:
                out = variant_dir(root, lang, tz, cfg)
                key = None if tags is None else _inputs_key(start, days, tz, lang, cfg, tags)
                if key is not None and all(record.unchanged(out / n, key) for n in names):
                    paths += [out / n for n in names if n.endswith(".html") and n != "latest.html"]
                    continue
                rng = rng or gather(start, days, tz, cfg, days)
                paths += render.render_pages(rng, out, lang, cfg, record=record, key=key)
        record.save()
    return paths


def _stored_tags(start: date, days: int, tz: str, cfg) -> list | None:
    """The store's tags (``source.day_tags``, ``source.task_tags``: digests of its row
    checksums) of every day of the pages and of every task judged on them, or None when the
    store does not hold one of them current (the pages are then always rendered)."""
    end = start + timedelta(days=days - 1)
    dates = source._dates(start, end, tz, cfg)     # a date the zone skipped has no page
    day_tags = source.day_tags(start, end, tz, cfg)
    out = [[day_tags.get(d) for d in dates]]
    for t in source.tasks(cfg):
        got = source.task_tags(t["name"], start, end, tz, cfg)
        out.append([t["name"], [got.get(d) for d in dates]])
    if None in out[0] or any(None in tags for _, tags in out[1:]):
        return None
    return out


def _inputs_key(start: date, days: int, tz: str, lang: str, cfg, tags: list) -> str:
    """What the pages of one language and zone are made of: the code and its templates, the
    config, the zone's rules, the dates and language, the store's tags of every day shown, and
    which of the days is today there (a page says 오늘/today of its own day only)."""
    today = datetime.now(ZoneInfo(tz)).date()
    return written.key_of("report", written.code_digest(), cfg.digest, written.zone_rules(tz),
                          tz, lang, start.isoformat(), days, tags, (today - start).days)
