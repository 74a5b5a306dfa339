"""``almanac scheduler [--once] [--lang L]``: the nightly jobs (precompute, feeds, reports).

Without ``--once`` it runs until SIGTERM/SIGINT as the one scheduler of its database: a second
one finds the single-instance lock taken and exits with status 1 (or, with ``--wait``, waits for
it as a standby). ``--once`` runs every job now, records it in the ledger, and exits. ``--lang``
is the language of its own error lines and of the line ``--once`` prints for each job (the log
and ``--json`` stay English, for whoever keeps them).
"""
from __future__ import annotations

import json
import logging
import sys
import time

from almanac import config as config_mod

from . import LANG_VALUES, say, told


def register(subparsers, common) -> None:
    p = subparsers.add_parser("scheduler", parents=[common], help=say(
        "run the nightly jobs (precompute, feeds, reports)",
        zh="執行夜間作業（預先計算、訂閱源、報告）",
        ko="야간 작업을 실행합니다 (사전 계산, 피드, 보고서)"),
        description=say(
            "Run the nightly jobs (precompute, feeds, reports) until stopped, "
            "as the one scheduler of its database; --once runs every job "
            "now and exits.",
            zh="作為其資料庫唯一的排程器，持續執行夜間作業（預先計算、訂閱源、報告），直到被停止；"
               "--once 則立即執行每項作業後退出。",
            ko="그 데이터베이스의 유일한 스케줄러로서, 멈출 때까지 야간 작업(사전 계산, 피드, "
               "보고서)을 실행합니다. --once 옵션은 모든 작업을 지금 한 번 실행하고 끝냅니다."))
    p.add_argument("--once", action="store_true", help=say(
        "run every job now and exit", zh="立即執行每項作業後退出", ko="모든 작업을 지금 실행하고 끝냅니다"))
    p.add_argument("--wait", action="store_true", help=say(
        "if another scheduler holds the lock, wait for it instead of exiting",
        zh="若另一個排程器持有鎖，則等候它而不退出",
        ko="다른 스케줄러가 잠금을 쥐고 있으면 끝내지 않고 기다립니다"))
    p.add_argument("--lang", metavar="L", help=say(
        f"language of its error lines and of --once's job lines: {LANG_VALUES['en']} "
        "(default: en; the log stays English)",
        zh=f"錯誤訊息與 --once 各作業結果的語言：{LANG_VALUES['zh']}（預設：en；日誌一律英文）",
        ko=f"오류 줄과 --once 작업 결과 줄의 언어: {LANG_VALUES['ko']} "
           "(기본값: en, 로그는 영어로 남습니다)"))
    p.add_argument("--json", action="store_true", help=say(
        "with --once: print the outcomes as JSON",
        zh="配 --once：以 JSON 輸出各作業結果", ko="--once 옵션과 함께: 결과를 JSON으로 출력합니다"))
    p.set_defaults(func=run)


#: the nightly jobs, named for the Chinese and the Korean reader (the job's own name beside it,
#: as the log and ``--json`` give it)
JOBS = {"precompute": ("預先計算", "사전 계산"), "feeds": ("訂閱源", "피드"), "reports": ("報告", "보고서")}
#: what became of a job (``scheduler.jobs.run_job``), for the Chinese and the Korean reader
STATUSES = {"ok": ("完成", "완료"), "noop": ("無事可做", "할 일 없음"),
            "error": ("失敗（原因見日誌）", "실패 (원인은 로그 참고)"),
            "skipped": ("已略過：今晚已完成", "건너뜀: 오늘 밤 이미 끝남"),
            "not-leader": ("未執行：已失去排程器的鎖", "실행하지 않음: 스케줄러 잠금을 잃음")}


def status_line(job: str, status: str, lang: str | None = None) -> str:
    """The line ``--once`` prints for one job: ``job: status`` in English (as the log and
    ``--json`` say them), in the reader's words otherwise.

    >>> status_line("precompute", "error"), status_line("precompute", "error", "ko")
    ('precompute: error', '사전 계산(precompute): 실패 (원인은 로그 참고)')
    >>> status_line("feeds", "ok", "zh-Hans"), status_line("reports", "odd", "zh-Hant")
    ('订阅源（feeds）：完成', '報告（reports）：odd')
    """
    from almanac.lang import TEXT_KEY, hans
    key = TEXT_KEY.get(lang or "en")
    if key not in ("zh", "ko"):
        return f"{job}: {status}"
    i = 0 if key == "zh" else 1
    name = JOBS[job][i] if job in JOBS else job
    said = STATUSES[status][i] if status in STATUSES else status
    if key == "ko":
        return f"{name}({job}): {said}"
    line = f"{name}（{job}）：{said}"
    return hans(line) if lang == "zh-Hans" else line


def check_zones_and_langs(cfg) -> None:
    """The zones and languages the nightly jobs write for, checked before any job runs: a
    configuration naming a zone or language that does not exist is bad configuration (one line,
    exit 2), not three jobs each failing with a traceback every night."""
    from almanac.calendar import zone
    from almanac.errors import BadConfig, BadInput
    from almanac.lang import check_lang

    named = [("calendar.default_tz", cfg["calendar"]["default_tz"], zone)]
    named += [("scheduler.zones", z, zone) for z in cfg["scheduler"]["zones"]]
    named += [("reports.zones", z, zone) for z in cfg["reports"]["zones"]]
    named += [("reports.lang", cfg["reports"]["lang"], check_lang)]
    named += [("reports.langs", x, check_lang) for x in cfg["reports"]["langs"]]
    for key, value, check in named:
        try:
            check(value)
        except BadInput as e:
            raise BadConfig(f"config {key}: {e.text('en')}", zh=f"設定 {key}：{e.text('zh-Hant')}",
                            ko=f"설정 {key}: {e.text('ko')}") from None


def run(args) -> int:
    from almanac.scheduler.lock import LockHeld
    from almanac.scheduler.service import Service

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    from almanac.redaction import install_log_redaction
    install_log_redaction()
    from almanac.lang import check_lang
    lang = check_lang(args.lang) if args.lang is not None else None     # a bad one before anything
    cfg = config_mod.load(args.config)
    check_zones_and_langs(cfg)
    from almanac.exports.store.db import resolve_url

    from .precompute import unreachable_told
    url = resolve_url(None, cfg)
    with unreachable_told(url):     # a database that does not answer: one line, exit 1
        service = Service(cfg)
    while True:
        try:
            if args.once:
                with unreachable_told(url):
                    outcome = service.run_once()
                if args.json:
                    sys.stdout.write(json.dumps({"jobs": outcome}) + "\n")
                else:
                    for job, status in outcome.items():
                        print(status_line(job, status, lang))
                return 1 if "error" in outcome.values() else 0
            service.run_forever()
            return 0
        except LockHeld as e:
            if not args.wait:
                holder = str(e).rpartition("(")[2].rstrip(")") if str(e).endswith(")") else "?"
                print("almanac: " + told(lang, f"{e}; not starting a second one",
                                         zh=f"另一個排程器正在執行（{holder}）；不啟動第二個",
                                         ko=f"다른 스케줄러가 이미 실행 중입니다 ({holder}). 두 번째는 시작하지 않습니다"),
                      file=sys.stderr)
                return 1
            time.sleep(float(cfg["scheduler"]["lock_check_seconds"]))
