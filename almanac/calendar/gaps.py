"""What a zone's wall clock skips: a wall time in a daylight-saving gap or a change of the zone's
offset from UTC (refused, saying what the clocks did), the instant a skipped wall time's hour
begins at, and the dates a zone skipped whole (Pacific/Apia 2011-12-30), left out of a range.
"""
from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

from ..errors import BadInput
from .zones import UTC


def localize(naive: datetime, tz: ZoneInfo) -> datetime:
    """Attach ``tz`` to a wall-clock time, refusing a time that the zone skips (a DST gap)."""
    return localized(naive, tz)[0]


def localized(naive: datetime, tz: ZoneInfo) -> tuple[datetime, datetime]:
    """``localize(naive, tz)`` and the same instant in UTC (which its gap check computes)."""
    # built, not ``replace``d, and compared as wall clocks of the same zone (which ignores the
    # offsets): the two ``replace`` calls cost more than the round trip itself
    aware = datetime(naive.year, naive.month, naive.day, naive.hour, naive.minute, naive.second,
                     naive.microsecond, tz, fold=naive.fold)
    utc = aware.astimezone(UTC)
    if utc.astimezone(tz) != aware:
        raise _skipped_time(naive, tz)
    return aware, utc


def _offset_text(offset: timedelta) -> str:
    """``UTC+14:00``, ``UTC−05:00`` (and seconds where a local mean time has them)."""
    sign, rest = ("+", offset) if offset >= timedelta(0) else ("−", -offset)
    h, m = divmod(int(rest.total_seconds()) // 60, 60)
    sec = int(rest.total_seconds()) % 60
    return f"UTC{sign}{h:02d}:{m:02d}" + (f":{sec:02d}" if sec else "")


def _jump(clock: datetime, tz: ZoneInfo) -> tuple[datetime, datetime, timedelta, timedelta, bool]:
    """Over a naive wall time ``clock`` that ``tz`` skips: the wall time its clocks jumped from and
    the one they jumped to, the offsets from UTC before and after, and whether it was a
    daylight-saving change (the standard offset unchanged) rather than a change of the zone's
    offset (Pacific/Apia from UTC−10:00 to UTC+14:00, skipping 2011-12-30)."""
    jump = gap_end(clock, tz)                                   # the instant the clocks jumped
    before = jump - timedelta(seconds=1)
    was, now = before.utcoffset(), jump.utcoffset()
    dst_was, dst_now = before.dst() or timedelta(0), jump.dst() or timedelta(0)
    frm = jump.astimezone(timezone(was)).replace(tzinfo=None)
    return frm, jump.replace(tzinfo=None), was, now, dst_was != dst_now and was - dst_was == now - dst_now


def _skipped_dates_text(frm: datetime, to: datetime) -> str:
    """The dates a jump from ``frm`` to ``to`` (wall times) skipped whole: ``2011-12-30``, or ''."""
    if to - frm < timedelta(days=1):
        return ""
    first = frm.date() if frm.time() == time(0) else frm.date() + timedelta(days=1)
    last = to.date() - timedelta(days=1)
    if last < first:
        return ""
    return first.isoformat() if first == last else f"{first.isoformat()} … {last.isoformat()}"


class SkippedDate(BadInput):
    """A date the zone's clocks skipped whole (Pacific/Apia 2011-12-30): it has no hours."""


def skipped_date(d: date, tz: ZoneInfo) -> SkippedDate:
    """The bad input of asking for the hours of ``d``, a date ``tz`` skipped whole."""
    frm, to, was, now, _ = _jump(datetime(d.year, d.month, d.day, 12), tz)
    a, b, offsets = f"{frm:%Y-%m-%d %H:%M}", f"{to:%Y-%m-%d %H:%M}", f"{_offset_text(was)} → {_offset_text(now)}"
    return SkippedDate(f"{d.isoformat()} does not exist in {tz.key}: its clocks jumped from {a} to {b} when "
                       f"the zone changed its offset from UTC ({offsets}); a range over it leaves it out",
                       zh=f"{tz.key} 時區中不存在的日期：{d.isoformat()}（該時區改變與 UTC 的時差時，時鐘由 {a} "
                          f"跳到 {b}，{offsets}）；含這一天的範圍會略過它",
                       ko=f"{tz.key} 시간대에 없는 날짜: {d.isoformat()} (이 시간대가 UTC와의 시차를 바꿀 때 시계가 "
                          f"{a}에서 {b}(으)로 건너뛰었습니다, {offsets}); 이 날을 포함한 기간에서는 빠집니다")


@lru_cache(maxsize=1024)
def _skipped_in(key: str, year: int) -> frozenset:
    """The dates of ``year`` the zone ``key`` skipped whole on its wall clock (no hour from 01:00
    to 23:00 ever read: ``day_hours``' test), found once per zone and year (a noon that exists
    settles a date at once)."""
    tz, out = ZoneInfo(key), []
    d, one = date(year, 1, 1), timedelta(days=1)
    while d.year == year:
        noon = datetime(year, d.month, d.day, 12, tzinfo=tz)
        if noon.astimezone(UTC).astimezone(tz) != noon:        # compared as wall clocks
            first = civil_instant(datetime(year, d.month, d.day, 1), tz)
            if first == civil_instant(datetime(year, d.month, d.day, 23), tz):
                out.append(d)
        if d == date.max:
            break
        d += one
    return frozenset(out)


def range_dates(start: date, end: date, tz, clock: str = "civil") -> list[date]:
    """The dates from ``start`` to ``end`` inclusive that have hours in ``tz``: a date the zone's
    clocks skipped whole (Pacific/Apia 2011-12-30) is left out of a range, as it has none on the
    civil clock (``clock``, the config's ``time_basis``; the solar clocks skip no date). A range
    of skipped dates alone is the bad input of the first (``skipped_date``)."""
    dates = [start + timedelta(days=i) for i in range((end - start).days + 1)]
    if clock != "civil" or not dates:
        return dates
    key = tz if isinstance(tz, str) else tz.key
    skip = frozenset().union(*(_skipped_in(key, y) for y in range(start.year, end.year + 1)))
    if not skip:
        return dates
    kept = [d for d in dates if d not in skip]
    if not kept:
        raise skipped_date(dates[0], ZoneInfo(key))
    return kept


def _skipped_time(naive: datetime, tz: ZoneInfo) -> BadInput:
    """The bad input of a wall time ``tz`` skips, saying what its clocks did there: a
    daylight-saving change (New York's 02:00 → 03:00), or a change of the zone's offset from UTC
    (Pacific/Apia's 2011-12-30, skipped whole)."""
    wall = naive.isoformat(timespec='minutes')
    frm, to, was, now, dst = _jump(datetime(naive.year, naive.month, naive.day, naive.hour, naive.minute,
                                            naive.second, naive.microsecond), tz)
    a = f"{frm:%Y-%m-%d %H:%M}"
    b = f"{to:%H:%M}" if frm.date() == to.date() else f"{to:%Y-%m-%d %H:%M}"
    offsets = f"{_offset_text(was)} → {_offset_text(now)}"
    skipped = _skipped_dates_text(frm, to)
    if dst:
        en, zh, ko = "a daylight-saving change", "夏令時間切換", "서머타임 전환"
    elif skipped:
        en = f"the zone changed its offset from UTC and skipped {skipped}"
        zh = f"該時區改變了與 UTC 的時差，跳過了 {skipped} 整天"
        ko = f"이 시간대가 UTC와의 시차를 바꾸면서 {skipped}을(를) 통째로 건너뜀"
    else:
        en, zh, ko = "the zone changed its offset from UTC", "該時區改變了與 UTC 的時差", "이 시간대의 UTC 시차 변경"
    return BadInput(f"{wall} does not exist in {tz.key}: its clocks jumped from {a} to {b} ({en}, {offsets}); "
                    f"give a time outside the gap",
                    zh=f"{tz.key} 時區中不存在的時刻：{wall}（時鐘由 {a} 跳到 {b}：{zh}，{offsets}）；"
                       f"請改用這段以外的時間",
                    ko=f"{tz.key} 시간대에 없는 시각: {wall} (시계가 {a}에서 {b}(으)로 건너뛰었습니다: {ko}, "
                       f"{offsets}); 그 구간 밖의 시각이어야 합니다")


def civil_instant(clock: datetime, tz: ZoneInfo) -> datetime:
    """The instant at which the civil clock of ``tz`` reads ``clock`` (the earlier of two in a
    fold); in a gap, the instant the clocks jumped over it (:func:`gap_end`)."""
    aware = clock.replace(tzinfo=tz, fold=0)
    out = aware.astimezone(UTC).astimezone(tz)
    if out.replace(tzinfo=None) != clock and not out.fold:
        return gap_end(clock, tz)
    return out


def gap_end(clock: datetime, tz: ZoneInfo) -> datetime:
    """The instant the clocks of ``tz`` jump over ``clock``, a wall time they skip (a daylight-saving
    gap, or a whole date where a zone crossed the date line): the first instant whose wall clock
    reads ``clock`` or later, where an hour beginning at ``clock`` begins."""
    # read with the offset after the jump it is earlier, with the one before later; the offset
    # turns once between the two, at a whole second (bisected in whole seconds)
    lo = math.floor(clock.replace(tzinfo=tz, fold=1).timestamp())
    hi = math.ceil(clock.replace(tzinfo=tz, fold=0).timestamp())
    after = datetime.fromtimestamp(hi, tz).utcoffset()
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if datetime.fromtimestamp(mid, tz).utcoffset() == after:
            hi = mid
        else:
            lo = mid
    return datetime.fromtimestamp(hi, tz)
