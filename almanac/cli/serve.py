"""``almanac serve [--host HOST] [--port PORT] [--lang L]``: the HTTP service on the embedded store.

``--lang`` is the language of what it says on stderr (its start-up lines and errors); English
without it. The service answers every reader in the language each request asks for."""
from __future__ import annotations

import logging
import sys
import threading
import time

from . import LANG_VALUES, say, told


def register(subparsers, common) -> None:
    p = subparsers.add_parser("serve", parents=[common], help=say(
        "start the HTTP service", zh="啟動 HTTP 服務", ko="HTTP 서비스를 시작합니다"),
        description=say(
            "Serve feeds, the JSON API and reports (see docs/http.md).",
            zh="提供訂閱源、JSON API 與報告（見 docs/http.md）。",
            ko="피드, JSON API, 보고서를 제공합니다 (docs/http.md 참고)."))
    p.add_argument("--host", default=None, help=say(
        "address to listen on (default: [http] host)",
        zh="監聽的位址（預設：[http] host）", ko="요청을 받을 주소 (기본값: [http] host)"))
    p.add_argument("--port", type=int, default=None, help=say(
        "port (default: [http] port)", zh="連接埠（預設：[http] port）", ko="포트 (기본값: [http] port)"))
    p.add_argument("--lang", metavar="L", help=say(
        f"language of its start-up and error lines: {LANG_VALUES['en']} (default: en)",
        zh=f"啟動與錯誤訊息的語言：{LANG_VALUES['zh']}（預設：en）",
        ko=f"시작 안내와 오류 줄의 언어: {LANG_VALUES['ko']} (기본값: en)"))
    p.add_argument("--no-warm", action="store_true", help=say(
        "do not precompute the horizon at start-up",
        zh="啟動時不預先計算今日前後設定的日期範圍",
        ko="시작할 때 오늘 앞뒤로 정해 둔 기간을 미리 계산하지 않습니다"))
    p.set_defaults(func=run)


def _warm(app, lang: str | None = None) -> None:
    """Fill the store for the horizon and render each task's default feed, in the background."""
    from almanac.exports.http import warm
    log = logging.getLogger("almanac.serve")
    t0 = time.monotonic()
    try:
        warm(app)
        took = f"{time.monotonic() - t0:.0f}"
        print("almanac: " + told(lang, f"warm-up done in {took}s; feeds are served from memory",
                                 zh=f"預熱完成，用時 {took} 秒；訂閱源由記憶體提供",
                                 ko=f"예열을 {took}초 만에 마쳤습니다. 피드는 메모리에서 제공합니다"),
              file=sys.stderr, flush=True)
    except Exception:  # noqa: BLE001 — requests still compute what they need
        log.exception("warm-up failed; answering from computation")


def _listen(host: str, port: int, what: str = "--host", lang: str | None = None):
    """A socket bound to (host, port), or None with the reason printed: binding happens before
    anything claims to serve, so a busy port fails at once with one line. A host that names no
    address of this machine (``256.1.1.1``, a name no resolver knows, one that cannot be encoded)
    is bad input, told as ``what`` (the option, or the configuration's key) and exit status 2."""
    import errno
    import socket

    from almanac.errors import BadInput

    def not_here(why: str, zh: str, ko: str):
        return BadInput(f"{what} {host!r} is not an address of this machine to listen on ({why})",
                        zh=f"{what} 的值不是本機可監聽的位址：{host!r}（{zh}）",
                        ko=f"{what} 값이 이 컴퓨터에서 요청을 받을 수 있는 주소가 아닙니다: {host!r} ({ko})")

    def cannot(why: str, zh: str, ko: str) -> None:
        print("almanac: " + told(lang, f"cannot listen on {host}:{port}: {why}",
                                 zh=f"無法在 {host}:{port} 監聽：{zh}", ko=f"{host}:{port}에서 요청을 받을 수 없습니다: {ko}"),
              file=sys.stderr)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except UnicodeError:
        raise not_here("IDNA", "無法編碼的名稱", "인코딩할 수 없는 이름입니다") from None
    except socket.gaierror as e:
        if e.errno in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)):
            raise not_here(e.strerror, "找不到這個名稱", "이 이름을 찾을 수 없습니다") from None
        cannot(e.strerror, "名稱查詢失敗", "이름을 조회하지 못했습니다")
        return None
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(128)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRNOTAVAIL:
            raise not_here(e.strerror, "不是本機的位址", "이 컴퓨터의 주소가 아닙니다") from None
        from almanac.errors import os_reasons
        cannot(*os_reasons(e))
        return None
    sock.set_inheritable(True)
    return sock


def where_data_lives(cfg) -> str:
    """The data folder and the database (password and secret parameters hidden), for the
    start-up lines. A database URL that is not valid is bad configuration (``BadConfig``): the
    service would answer 503 to everything, so it does not start."""
    from almanac.redaction import redact
    from almanac.exports import source
    folder = source.data_dir()
    store = source._backend()
    if store is None:  # no store installed: the data folder is all there is
        return f"data folder {folder}; database (computed on demand, no database)"
    from sqlalchemy.engine import make_url
    db = redact(make_url(store.resolve_url(None, cfg)).render_as_string(hide_password=True))
    return f"data folder {folder}; database {db}"


def where_in(cfg, lang: str) -> str:
    """:func:`where_data_lives` for the reader of ``lang``."""
    from almanac.redaction import redact
    from almanac.exports import source
    folder = source.data_dir()
    store = source._backend()
    if store is None:
        return told(lang, f"data folder {folder}; database (computed on demand, no database)",
                    zh=f"資料夾 {folder}；資料庫：無（需要時即時計算）",
                    ko=f"데이터 폴더 {folder}; 데이터베이스 없음 (요청 때마다 계산)")
    from sqlalchemy.engine import make_url
    db = redact(make_url(store.resolve_url(None, cfg)).render_as_string(hide_password=True))
    return told(lang, f"data folder {folder}; database {db}", zh=f"資料夾 {folder}；資料庫 {db}",
                ko=f"데이터 폴더 {folder}; 데이터베이스 {db}")


def run(args) -> int:
    import uvicorn

    from almanac import config as config_mod
    from almanac.errors import BadInput
    from almanac.lang import check_lang
    from almanac.exports import source
    from almanac.exports.http import create_app, subscribe_links
    from almanac.exports.http.protocol import server_config
    lang = check_lang(args.lang) if args.lang is not None else None     # a bad one before anything
    cfg = config_mod.load(args.config)
    host = args.host or cfg["http"]["host"]
    port = args.port if args.port is not None else int(cfg["http"]["port"])
    if not 0 <= port <= 65535:
        raise BadInput(f"--port {port} is outside 0..65535",
                       zh=f"--port 超出 0..65535 範圍：{port}",
                       ko=f"--port 값이 0..65535 범위를 벗어납니다: {port}")
    where = where_data_lives(cfg)  # a database URL that is not valid: one line, exit 2
    sock = _listen(host, port, "--host" if args.host else "[http] host", lang)
    if sock is None:
        return 1
    port = sock.getsockname()[1]
    app = create_app(cfg)
    print(f"almanac: {where_in(cfg, lang) if lang else where}", file=sys.stderr)
    if not args.no_warm:
        threading.Thread(target=_warm, args=(app, lang), daemon=True, name="warm").start()
    shown = f"[{host}]" if ":" in host else host
    base = (cfg["feeds"]["base_url"] or f"http://{shown}:{port}").rstrip("/")
    url = f"http://{shown}:{port}/" + (f"?lang={lang}" if lang else "")    # the index in the reader's language
    print("almanac: " + told(lang, f"serving on {url} (index with subscribe links)",
                             zh=f"服務於 {url}（首頁附訂閱連結）", ko=f"{url} 에서 서비스합니다 (첫 페이지에 구독 링크)"),
          file=sys.stderr)
    try:
        from almanac import api
        from almanac.terms import task_label
        tz = cfg["calendar"]["default_tz"]     # the reader's place's zone, when the config names one
        named = {t["name"]: t for t in api.tasks(cfg)["tasks"]}
        for task in source.task_names(cfg):
            links = subscribe_links(base, task, lang or "zh-Hant", tz)    # the reader's feeds
            label = task_label(named[task], lang) if lang and task in named else task
            label = label if label == task else f"{label} {task}"
            print(f"  {label}: {links['https']}  {links['webcal']}", file=sys.stderr)
    except Exception:  # noqa: BLE001 — tasks not available yet; the index page lists them
        pass
    server = uvicorn.Server(server_config(app))
    server.run(sockets=[sock])
    return 0
