"""``almanac precompute --from DATE --to DATE [--tz ZONE] [--place P] [--clock C] [--lunar L]
[--school NAME] [--yes] [--lang L]``: fill the store.

Idempotent: a day already stored with the current options is left as it is. Each day is written
whole in one transaction, so an interrupted run (even ``kill -9``) leaves whole days only and the
next run finishes the work. A progress bar is drawn on stderr when it is a terminal; a one-line
summary is printed on stderr in any case. A range longer than :data:`CONFIRM_DAYS` days is refused
unless ``--yes`` is given, with an estimate of what it would write.

``--place``, ``--clock``, ``--lunar`` and ``--school`` are the choices ``day``/``best``/``feed``
take (``almanac.cli.choices``): the rows are written under those options' hash, so they serve
only readers asking with the same choices (anyone else computes, as for a stale row).

``--lang`` is the language of what it says on stderr (the estimate, the progress bar, the summary
and its errors); English without it. What it stores is the same in every language.
"""
from __future__ import annotations

import contextlib
import json
import sys
import time

from almanac import config as config_mod

from . import LANG_VALUES, say, shared_help
from . import told as _said


def register(subparsers, common) -> None:
    p = subparsers.add_parser("precompute", parents=[common], help=say(
        "compute and store every day and hour in a date range",
        zh="計算並儲存一段日期內的每一日與每個時辰",
        ko="기간 안의 모든 날과 시진(時辰)을 계산해 저장합니다"),
        description=say(
            "Compute and store every day and hour from --from to --to. "
            "Days already stored with the current options are left as "
            "they are; each day is written whole, so an interrupted run "
            "is finished by the next one. Progress is drawn on a terminal; "
            "a one-line summary is printed in any case.",
            zh="計算並儲存自 --from 至 --to 的每一日與每個時辰。已按目前選項儲存的日子保持原樣；"
               "每日整日寫入，所以中斷的執行由下一次補完。在終端機上顯示進度；無論如何都印出一行摘要。",
            ko="--from부터 --to까지의 모든 날과 시진(時辰)을 계산해 저장합니다. 현재 옵션으로 이미 "
               "저장된 날은 그대로 둡니다. 날마다 통째로 기록하므로 중단된 실행은 다음 실행이 마저 "
               "끝냅니다. 터미널에서는 진행 막대를 보여 주고, 어느 경우든 한 줄 요약을 출력합니다."))
    p.add_argument("--from", dest="start", required=True, metavar="DATE", help=say(
        "first day, YYYY-MM-DD", zh="首日，YYYY-MM-DD", ko="첫날, YYYY-MM-DD"))
    p.add_argument("--to", dest="end", required=True, metavar="DATE", help=say(
        "last day, YYYY-MM-DD", zh="末日，YYYY-MM-DD", ko="마지막 날, YYYY-MM-DD"))
    p.add_argument("--tz", metavar="ZONE", help=shared_help("tz"))
    p.add_argument("--json", action="store_true", help=say(
        "print a JSON summary on stdout", zh="在 stdout 輸出 JSON 摘要", ko="stdout에 JSON 요약을 출력합니다"))
    p.add_argument("--lang", metavar="L", help=say(
        f"language of the progress, summary and error lines: {LANG_VALUES['en']} (default: en)",
        zh=f"進度、摘要與錯誤訊息的語言：{LANG_VALUES['zh']}（預設：en）",
        ko=f"진행 상황·요약·오류 줄의 언어: {LANG_VALUES['ko']} (기본값: en)"))
    p.add_argument("--yes", action="store_true", help=say(
        f"go ahead with a range longer than {CONFIRM_DAYS} days (an estimate is printed first)",
        zh=f"範圍超過 {CONFIRM_DAYS} 天也照樣執行（會先印出預估的天數與資料量）",
        ko=f"{CONFIRM_DAYS}일보다 긴 기간도 진행합니다 (먼저 예상 규모를 출력합니다)"))
    from .choices import add_arguments
    add_arguments(p)
    p.set_defaults(func=run)


#: ranges longer than this need --yes (ten years)
CONFIRM_DAYS = 3660
#: stored bytes per day per zone in the embedded database, between a long range's (store schema
#: 5: 15.9 kB a day over 5 years, 14.6 kB over 20 — docs/store.md) and a short one's (the first
#: weeks store most of the shared hour parts: ≈ 24 kB a day, 33 kB with the WAL file);
#: tests/cli/test_cli.py keeps it within a factor of two of a fresh 50-day precompute's
BYTES_PER_DAY = 20_000


def estimate(days: int, lang: str | None = None) -> str:
    """What a precompute of ``days`` days adds to the store, in words (English, or ``lang``'s).

    >>> estimate(4000), estimate(4000, "ko"), estimate(4000, "zh-Hans")
    ('4,000 days, about 80 MB in the database', '4,000일, 데이터베이스에 약 80 MB', '4,000 天，数据库约 80 MB')
    """
    return _said(lang, f"{days:,} days, about {_size(days)} in the database",
                 zh=f"{days:,} 天，資料庫約 {_size(days)}", ko=f"{days:,}일, 데이터베이스에 약 {_size(days)}")


def summary_line(summary: dict, lang: str | None = None) -> str:
    """The one line said when the work is done (``Store.precompute``'s summary), in ``lang``.

    >>> s = {"days": 2, "tz": "Asia/Seoul", "written": 2, "tasks_updated": 0, "unchanged": 0, "seconds": 1.5}
    >>> summary_line(s)
    '2 days in Asia/Seoul: 2 written, 0 updated, 0 unchanged (1.50 s)'
    >>> summary_line(s, "ko")
    'Asia/Seoul 기준 2일: 새로 저장 2일, 갱신 0일, 그대로 0일 (1.50초)'
    >>> summary_line(s, "zh-Hant")
    'Asia/Seoul 共 2 天：新寫入 2 天，更新 0 天，未變 0 天（1.50 秒）'
    """
    days, tz, w, u, same = (summary[k] for k in ("days", "tz", "written", "tasks_updated", "unchanged"))
    sec = f"{summary['seconds']:.2f}"
    return _said(lang, f"{days} days in {tz}: {w} written, {u} updated, {same} unchanged ({sec} s)",
                 zh=f"{tz} 共 {days} 天：新寫入 {w} 天，更新 {u} 天，未變 {same} 天（{sec} 秒）",
                 ko=f"{tz} 기준 {days}일: 새로 저장 {w}일, 갱신 {u}일, 그대로 {same}일 ({sec}초)")


def _size(days: int) -> str:
    """What a precompute of ``days`` days adds to the store, in MB or GB."""
    mb = days * BYTES_PER_DAY / 1e6
    return f"{mb / 1000:.1f} GB" if mb >= 1000 else f"{mb:.0f} MB"


class _Bar:
    """A one-line progress bar on a terminal; nothing at all in a pipe."""

    def __init__(self, stream=None, lang: str | None = None):
        self.stream = stream = stream if stream is not None else sys.stderr
        self.lang = lang
        self.on = hasattr(stream, "isatty") and stream.isatty()
        self.t0 = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        fill = int(width * done / total) if total else width
        rate = done / (now - self.t0) if now > self.t0 else 0.0
        count = _said(self.lang, f"{done}/{total} days {rate:6.1f}/s", zh=f"{done}/{total} 天 {rate:6.1f}/秒",
                      ko=f"{done}/{total}일 {rate:6.1f}/초")
        self.stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {count}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


class _NoGateNotice:
    """A log filter dropping the store's notices of a server's reachability: the command says
    itself, in one line, that the database could not be reached."""

    def filter(self, record) -> bool:
        from almanac.exports.store.db import GATE_NOTICE
        return not getattr(record, GATE_NOTICE, False)


def _answers(url: str) -> bool:
    """Whether a connection to the database at ``url`` can be made now."""
    from sqlalchemy.exc import SQLAlchemyError

    from almanac.exports.store.db import get_engine
    try:
        get_engine(url).connect().close()
    except SQLAlchemyError:
        return False
    return True


@contextlib.contextmanager
def unreachable_told(url: str):
    """Within: a database at ``url`` that does not answer raises ``Unreachable`` — one line, in
    the reader's language, naming the database (its password hidden) — rather than the driver's
    ``OperationalError`` (an "internal error" line after the store's English log line)."""
    import logging

    from sqlalchemy.exc import SQLAlchemyError

    from almanac.errors import Unreachable
    from almanac.redaction import redact
    from almanac.exports.store.db import down, is_known_down
    quiet, store_log = _NoGateNotice(), logging.getLogger("almanac.store")
    store_log.addFilter(quiet)
    try:
        yield
    except SQLAlchemyError as e:
        if down(url) is None and not is_known_down(e) and _answers(url):
            raise                       # the database answers: a fault of another kind
        shown = redact(url)
        raise Unreachable(f"the database could not be reached ({shown}); check that it is running "
                          "and that its URL (ALMANAC_DB_URL, or [store] url) is right, then run again",
                          zh=f"無法連上資料庫（{shown}）；請確認資料庫正在執行、其網址（ALMANAC_DB_URL "
                             "或 [store] url）無誤，然後再執行一次",
                          ko=f"데이터베이스에 연결할 수 없습니다 ({shown}). 데이터베이스가 실행 중인지, "
                             "주소(ALMANAC_DB_URL 또는 [store] url)가 맞는지 확인한 뒤 다시 실행해 "
                             "주십시오") from None
    finally:
        store_log.removeFilter(quiet)


def run(args) -> int:
    from almanac.exports.store import Store
    from almanac.exports.store.compute import parse_date
    from almanac.api.choices import apply
    from almanac.calendar import zone
    from almanac.errors import BadInput
    from almanac.lang import check_lang

    from .choices import kwargs
    lang = check_lang(args.lang) if args.lang is not None else None     # a bad one before any work
    cfg = apply(config_mod.load(args.config), **kwargs(args), tz=args.tz)
    start, end = parse_date(args.start, "--from date"), parse_date(args.end, "--to date")
    if end < start:
        raise BadInput(f"--to {end} is before --from {start}; give the range in order",
                       zh=f"--to {end} 早於 --from {start}：請按先後給出範圍",
                       ko=f"--to 날짜가 --from 날짜보다 앞섭니다: --from {start}, --to {end}; 기간을 순서대로 주십시오")
    tz = args.tz or cfg["calendar"]["default_tz"]
    zone(tz)                     # a bad zone is one line before any work
    n = (end - start).days + 1
    if n > CONFIRM_DAYS:
        if not args.yes:
            raise BadInput(f"{start}..{end} is {estimate(n)}; give --yes to go ahead, "
                           f"or a range of at most {CONFIRM_DAYS} days",
                           zh=f"{start}..{end} 共 {n:,} 天，資料庫約增 {_size(n)}；要繼續請給 --yes，"
                              f"或給不超過 {CONFIRM_DAYS} 天的範圍",
                           ko=f"{start}..{end}: {n:,}일, 데이터베이스가 약 {_size(n)} 늘어납니다. 계속하려면 "
                              f"--yes 옵션을 주고, 아니면 {CONFIRM_DAYS}일 이하의 기간을 주십시오")
        print("almanac: " + _said(lang, f"precomputing {estimate(n)}", zh=f"預先計算 {estimate(n, lang)}",
                                  ko=f"미리 계산합니다: {estimate(n, lang)}"), file=sys.stderr, flush=True)
    from almanac.exports.store.db import check_persisted, file_identity, resolve_url
    with unreachable_told(resolve_url(None, cfg)):   # a bad URL is bad configuration (BadConfig)
        store = Store(None, cfg)    # a data folder that cannot be made: bad configuration too
        before = file_identity(store.url)
        stats = store.precompute(start, end, tz, progress=_Bar(lang=lang))
    try:
        check_persisted(store.url, before)
    except OSError as e:        # the store file went away under the run (its words are English)
        from almanac.exports.store.db import sqlite_path
        path = sqlite_path(store.url)
        print("almanac: " + _said(lang, f"precompute failed: {e}",
                                  zh=f"預先計算失敗：儲存檔 {path} 在執行中被刪除或替換，寫入的日子沒有保存下來",
                                  ko=f"미리 계산하지 못했습니다: 실행 중에 저장소 파일 {path}이(가) 지워지거나 "
                                     "바뀌어, 기록한 날이 남지 않았습니다"), file=sys.stderr)
        return 1
    summary = stats.as_dict()
    if args.json:
        sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
    print(summary_line({**summary, "tz": tz}, lang), file=sys.stderr)
    return 0
