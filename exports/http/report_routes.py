"""The report pages' routes: ``/reports/{day}.html`` and ``latest.html`` — a page of the
published languages and zones served from the reports folder while it holds the bytes written
there (made on demand in a window around today), any other (another zone, the reader's own
choices) made in a worker process and kept in memory only.
"""
from __future__ import annotations

import functools
import logging
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from fastapi import Depends, FastAPI, Query, Request
from starlette.exceptions import HTTPException as StarletteHTTPException

from almanac.errors import BadInput
from almanac.exports import feeds, source
from almanac.exports.feeds import labels as L
from almanac.exports.http.caching import KeptBodies, conditional
from almanac.exports.http.pages import VARY_LANG, page_lang
from almanac.exports.http.params import DATE_RE, ERRORS, LANG_HELP, choices, chosen, parse_date

log = logging.getLogger("almanac.http")


def reports_dir(cfg) -> Path:
    return source.data_dir() / cfg["reports"]["reports_dir"]



def report_window(cfg, today: date | None = None) -> tuple[date, date]:
    """The dates whose report pages the service writes and serves on demand."""
    h = cfg["http"]
    today = today or feeds.today_in(cfg["calendar"]["default_tz"])
    return (today - timedelta(days=int(h["report_past_days"])),
            today + timedelta(days=int(h["report_future_days"])))


def write_page(d: date, folder: Path, cfg, lang: str, tz: str, query: str | None = None) -> Path:
    """One report page written on demand (never ``latest.html``); it still shows its week's
    heatmap. Its links to the days beside it carry ``query`` (``reports.link_query``), and lead
    to days the service answers: those of its window (``report_window``) or already written."""
    from almanac.exports import reports
    lo, hi = report_window(cfg)
    return reports.write_reports(d, 1, folder, cfg, lang=lang, tz=tz, update_latest=False,
                                 heatmap_days=int(cfg["reports"]["days"]), query=query,
                                 linked=functools.partial(_served, lo, hi, Path(folder)))[0]


def write_served_page(d: date, folder: Path, cfg, lang: str, tz: str) -> Path:
    """``write_page`` into the reports folder, the file's content noted in the record of written
    files (``exports.written``) so that it is served only while it holds those bytes."""
    from almanac.exports import written
    path = write_page(d, folder, cfg, lang, tz)
    with written.Record(written.record_path()) as record:
        record.note(path, "on-demand", path.stat())   # never a nightly run's key: it rebuilds it
        record.save()
    return path


class WrittenFiles:
    """Which files of the reports folder hold the bytes written there (``written.Record``
    ``verified``: by their content's sha256, not their modification time), checked once per
    version of a file (its size, mtime, ctime and inode: an edit moves the ctime, which no one
    can set back) and remembered for at most ``MAX`` files."""

    MAX = 4096

    def __init__(self):
        self._ok: dict[tuple, bool] = {}

    def trusted(self, path: Path) -> bool:
        """False when the record says ``path`` holds bytes other than those written there (by
        the nightly run or on demand); True when it holds them, or the record does not know it
        (a file of an older run)."""
        from almanac.exports import written
        try:
            st = path.stat()
        except OSError:
            return True          # gone meanwhile: the read that follows says so
        key = (str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        if key in self._ok:
            return True
        with written.Record(written.record_path()) as record:
            ok = record.verified(path)
        if ok is False:
            return False
        if len(self._ok) >= self.MAX:
            self._ok.clear()
        self._ok[key] = True
        return True


def _served(lo: date, hi: date, folder: Path, day: date) -> bool:
    """Whether the service answers the page of ``day``: made on demand in ``lo`` … ``hi``, or
    already in ``folder``."""
    return lo <= day <= hi or (folder / f"{day.isoformat()}.html").exists()


def render_page(d: date, cfg, lang: str, tz: str, query: str | None = None) -> bytes:
    """One report page's HTML, as ``write_page`` makes it, written to no folder of the service
    (a page with the request's own place, clock or school, or in a language and zone the nightly
    run does not publish: see ``add_report_routes``)."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="almanac-page-") as tmp:
        return write_page(d, Path(tmp), cfg, lang, tz, query).read_bytes()


def add_report_routes(app: FastAPI, cfg, limiter) -> None:
    from almanac.exports.reports import published
    max_age = int(cfg["http"]["max_age"])
    # pages with a request's own choices, and pages of a language and zone the nightly run does
    # not publish (any of ~600 zones): kept in memory, bounded in bytes, never on disk
    chosen_pages = app.state.chosen_pages = KeptBodies(int(cfg["http"]["report_cache_bytes"]))
    checked = WrittenFiles()   # the folder's pages are served while they hold the bytes written
    langs, zones = published(cfg)
    on_disk = {(lang, tz) for lang in langs for tz in zones}

    def in_window(d: date) -> None:
        lo, hi = report_window(cfg)
        if not lo <= d <= hi:
            raise StarletteHTTPException(404, BadInput(
                f"no report for {d}: pages are made on demand only for {lo} .. {hi} (a window around today)",
                zh=f"沒有 {d} 的報告：只為今日前後的 {lo} .. {hi} 即時製作頁面",
                ko=f"{d} 보고서가 없습니다: 요청 시 만드는 페이지는 오늘 앞뒤의 {lo} .. {hi} 기간뿐입니다"))

    def page(folder: Path, d: date, lang: str, tz: str) -> Path:
        path = folder / f"{d.isoformat()}.html"
        if path.exists():
            if checked.trusted(path):
                return path
            # edited since it was written (a same-length edit with its mtime set back included):
            # never served; made again when the window allows, else a 404 like a page not made
            log.warning("report page %s does not hold the bytes written there; made again", path.name)
        in_window(d)
        # in a worker process; identical requests share one
        return limiter.run_shared(("report", str(folder), d, lang, tz), "report page", write_served_page, d,
                                  folder, cfg, lang, tz)

    def chosen_page(d: date, rcfg, lang: str, tz: str, picked: dict) -> tuple[bytes, datetime]:
        from almanac.exports.reports import link_query
        query = link_query(lang, tz, cfg, picked)
        key = (d, lang, tz, rcfg.digest, query)
        kept = chosen_pages.get(key)
        if kept is not None:
            return kept
        in_window(d)
        return chosen_pages.put(key, limiter.run_shared(("chosen page",) + key, "report page", render_page,
                                                        d, rcfg, lang, tz, query))

    @app.get("/reports/{name}", responses={200: {"content": {"text/html": {}}, "description": "report"},
                                           304: {"description": "Not modified"}, **ERRORS},
             summary="A day's report page (YYYY-MM-DD.html or latest.html)")
    def report(request: Request, name: str,
               lang: str | None = Query(None, description=LANG_HELP + "; without it, the browser's "
                                                                      "Accept-Language"),
               tz: str | None = Query(None, description="IANA zone, e.g. Asia/Seoul"),
               picked: dict = Depends(chosen)):
        from almanac.exports import reports
        rcfg = choices(cfg, picked, tz)   # the API's and CLI's own parsing: a bad value is a 400
        asked, by_header = page_lang(request)   # lang=, else the browser's Accept-Language
        lang = L.check_lang(asked or cfg["reports"]["lang"])
        vary = VARY_LANG if by_header else None
        tz = feeds.check_tz(tz or rcfg["calendar"]["default_tz"])
        if name == "latest.html":
            # today's page (written now if the nightly job has not); the file latest.html is the
            # nightly run's alone: a page asked for on demand never becomes "latest"
            d = feeds.today_in(tz)
        elif name.endswith(".html") and DATE_RE.match(name[:-5]):
            d = parse_date(name[:-5], "date")
        else:
            raise StarletteHTTPException(404, BadInput(f"no report {name!r}; reports are /reports/YYYY-MM-DD.html",
                                                       zh=f"沒有這個報告：{name!r}（報告的路徑是 /reports/YYYY-MM-DD.html）",
                                                       ko=f"없는 보고서: {name!r} (보고서 경로는 /reports/YYYY-MM-DD.html)"))
        if rcfg.digest != cfg.digest or (lang, tz) not in on_disk:
            body, lm = chosen_page(d, rcfg, lang, tz, picked)
            return conditional(request, body, "text/html; charset=utf-8", max_age=max_age, last_modified=lm,
                               extra=vary)
        path = page(reports.variant_dir(reports_dir(cfg), lang, tz, cfg), d, lang, tz)
        body = path.read_bytes()
        lm = datetime.fromtimestamp(int(path.stat().st_mtime), timezone.utc)
        return conditional(request, body, "text/html; charset=utf-8", max_age=max_age, last_modified=lm,
                           extra=vary)
