"""A feed's parameters: its ``[feeds]`` options, its kind and banner, the checks of its zone,
alarm and configured verdicts, and the rolling horizon it is published over.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from almanac import config as config_mod
from almanac.errors import BadInput, field
from almanac.exports.feeds import labels as L


def feeds_options(cfg) -> dict:
    """The ``[feeds]`` table of ``cfg`` (empty when it has none)."""
    return dict(cfg["feeds"]) if "feeds" in cfg else {}


#: what ``kind`` (``[feeds] kind``, ``kind=``, ``--kind``) may be
FEED_KINDS = ("good", "avoid")


def feed_kind(cfg) -> tuple[str, bool]:
    """``([feeds] kind, [feeds] banner)`` of ``cfg``, checked."""
    opts = feeds_options(cfg)
    return check_kind(opts.get("kind", "good")), bool(opts.get("banner", True))


def check_kind(kind) -> str:
    """``kind`` when it is a feed kind, else bad input naming the kinds."""
    if kind not in FEED_KINDS:
        raise BadInput(f"{field('kind')} {kind!r} is not a feed kind; accepted: good, avoid",
                       zh=f"不是訂閱源種類：{field('kind')} {kind!r}（可用：good 吉時、avoid 應避之時）",
                       ko=f"피드 종류가 아닙니다: {field('kind')} {kind!r} (가능한 값: good 좋은 시, avoid 피할 시)")
    return kind


def with_kind(cfg, kind: "str | None" = None, banner: "bool | None" = None):
    """``cfg`` with a feed's ``kind`` and ``banner`` (a request's; None keeps the configuration's)."""
    over = {}
    if kind not in (None, ""):
        over["kind"] = check_kind(kind)
    if banner is not None:
        over["banner"] = bool(banner)
    if not over or all(cfg["feeds"].get(k) == v for k, v in over.items()):
        return cfg
    return config_mod.derive(cfg, feeds=over)


def option_rank(verdict: str, option: str) -> int:
    """The rank of the verdict ``[feeds] option`` names; bad input naming the verdicts otherwise."""
    if verdict not in L.VERDICT_RANK:
        accepted = ", ".join(L.VERDICT_RANK)
        raise BadInput(f"[feeds] {option} = {verdict!r}; accepted: {accepted}",
                       zh=f"設定值無效：[feeds] {option} = {verdict!r}（可用：{accepted}）",
                       ko=f"설정 값이 올바르지 않습니다: [feeds] {option} = {verdict!r} (쓸 수 있는 값: {accepted})")
    return L.VERDICT_RANK[verdict]


def horizon(today: date, cfg) -> tuple[date, date]:
    opts = feeds_options(cfg)
    return (today - timedelta(days=int(opts.get("past_days", 7))),
            today + timedelta(days=int(opts.get("future_days", 90))))


def today_in(tz: str) -> date:
    return datetime.now(ZoneInfo(tz)).date()


def check_tz(tz: str) -> str:
    """``tz`` when it is a zone ``almanac.calendar.zone`` accepts; its bad input otherwise."""
    from almanac.calendar import zone
    zone(tz if isinstance(tz, str) else repr(tz))   # zone() is cached by its argument: a str here
    return tz


def check_alarm(alarm) -> int | None:
    if alarm is None or alarm == "":
        return None
    try:
        n = int(alarm)
    except (TypeError, ValueError):
        a = field("alarm")                      # --alarm on the command line, alarm= over HTTP
        raise BadInput(f"{a} {alarm!r} is not a number of minutes (0..1440)",
                       zh=f"提醒（{a}）不是分鐘數：{alarm!r}（0..1440）",
                       ko=f"알림({a}) 값이 분 단위 숫자가 아닙니다: {alarm!r} (0..1440)") from None
    if not 0 <= n <= 1440:
        a = field("alarm")
        raise BadInput(f"{a} {n} is outside 0..1440 minutes",
                       zh=f"提醒（{a}）超出 0..1440 分鐘：{n}",
                       ko=f"알림({a}) 값이 0..1440분 범위를 벗어났습니다: {n}")
    return n
