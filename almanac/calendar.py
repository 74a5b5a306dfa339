"""The calendar layer over sxtwl: pillars, lunar date, solar terms, 月將, seasons, hour slots.

Everything takes timezone-aware moments (``zoneinfo``) and returns aware ones; solar terms are
exact instants (sxtwl's ephemeris), so the month pillar turns at the 節 and the 月將 at the 中氣
to the minute.

>>> from datetime import datetime
>>> from zoneinfo import ZoneInfo
>>> m = moment_facts(datetime(2026, 11, 29, 12, 0, tzinfo=ZoneInfo("Asia/Shanghai")))
>>> str(m.year_pillar), str(m.month_pillar), str(m.day_pillar), str(m.hour_pillar)
('丙午', '己亥', '丁未', '丙午')
>>> BRANCHES[m.yuejiang]
'寅'

The 子 hour belongs to the next day under the default 子初換日 boundary:

>>> m = moment_facts(datetime(2026, 11, 29, 23, 30, tzinfo=ZoneInfo("Asia/Shanghai")))
>>> str(m.zi_day), str(m.day_pillar), str(m.hour_pillar)
('2026-11-30', '戊申', '壬子')
"""
from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import sxtwl

from . import lunar as _lunar
from . import solar_term_table as _term_table_file
from .cycles import BRANCH_ELEMENT, BRANCHES, ELEMENTS, PILLARS, STEM_ELEMENT, GanZhi
from .errors import BadInput
from .lunar import LunarDate
from .shared import kept_hash, state_without_kept_hash

UTC = timezone.utc

#: sxtwl's solar-term index order (0 = 冬至) with traditional names.
TERM_NAMES = ("冬至", "小寒", "大寒", "立春", "雨水", "驚蟄", "春分", "清明", "穀雨", "立夏", "小滿", "芒種",
              "夏至", "小暑", "大暑", "立秋", "處暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪")
#: their Korean readings, in the same order (大雪 is 대설): a Korean reader is shown 大雪(대설)
TERM_NAMES_KO = ("동지", "소한", "대한", "입춘", "우수", "경칩", "춘분", "청명", "곡우", "입하", "소만", "망종",
                 "하지", "소서", "대서", "입추", "처서", "백로", "추분", "한로", "상강", "입동", "소설", "대설")

#: The years this calendar answers for. sxtwl computes further, but its ephemeris and the
#: historical time-zone rules are not meant for far epochs; outside this range is bad input.
MIN_YEAR, MAX_YEAR = 1000, 2999

_JD_UNIX_EPOCH = 2440587.5
_BEIJING = timedelta(hours=8)

DAY_BOUNDARIES = ("zi", "midnight")
TIME_BASES = ("civil", "mean_solar", "true_solar", "korean")
#: The meridian of the named Korean convention (``time_basis = "korean"``): the 時辰 are read on
#: 127.5°E mean time (UTC+8:30) wherever the user is, so 자시 runs 23:30–01:30 KST.
KOREAN_MERIDIAN = 127.5


@dataclass(frozen=True)
class CalendarOptions:
    """The calendar's choices (see ``config/default.toml`` ``[calendar]``)."""

    day_boundary: str = "zi"
    time_basis: str = "civil"
    longitude: float = 116.4
    latitude: float = 39.9
    default_tz: str = "Asia/Shanghai"
    lunar: str = "auto"         # the national lunar calendar: auto (by zone), chinese, korean
    place: str = ""             # the gazetteer name or LON,LAT that longitude/latitude came from

    def __post_init__(self) -> None:
        if self.day_boundary not in DAY_BOUNDARIES:
            raise BadInput(f"calendar.day_boundary is {self.day_boundary!r}; accepted: zi, midnight",
                           zh=f"calendar.day_boundary 的值無效：{self.day_boundary!r}（可用值：zi、midnight）",
                           ko=f"calendar.day_boundary 값이 올바르지 않습니다: {self.day_boundary!r} "
                              f"(가능한 값: zi, midnight)")
        if self.time_basis not in TIME_BASES:
            raise BadInput(f"calendar.time_basis is {self.time_basis!r}; accepted: {', '.join(TIME_BASES)}",
                           zh=f"calendar.time_basis 的值無效：{self.time_basis!r}（可用值：{'、'.join(TIME_BASES)}）",
                           ko=f"calendar.time_basis 값이 올바르지 않습니다: {self.time_basis!r} "
                              f"(가능한 값: {', '.join(TIME_BASES)})")
        if not -180 <= self.longitude <= 180 or not -90 <= self.latitude <= 90:
            raise BadInput("calendar.longitude must be in -180..180 and calendar.latitude in -90..90",
                           zh="經度（calendar.longitude）須在 -180..180 之間，"
                              "緯度（calendar.latitude）須在 -90..90 之間",
                           ko="경도(calendar.longitude)는 -180..180, 위도(calendar.latitude)는 -90..90 "
                              "범위여야 합니다")
        zone(self.default_tz)
        from .lunar import CALENDARS
        if self.lunar not in CALENDARS:
            raise BadInput(f"calendar.lunar is {self.lunar!r}; accepted: {', '.join(CALENDARS)}",
                           zh=f"calendar.lunar 的值無效：{self.lunar!r}（可用值：{'、'.join(CALENDARS)}）",
                           ko=f"calendar.lunar 값이 올바르지 않습니다: {self.lunar!r} "
                              f"(가능한 값: {', '.join(CALENDARS)})")

    # hashed on every moment (the 四立 days' cache is keyed by it): the field tuple's hash, kept
    __hash__ = kept_hash
    __getstate__ = state_without_kept_hash

    @classmethod
    def from_config(cls, cfg) -> "CalendarOptions":
        c = cfg["calendar"]
        lon, lat, where = float(c["longitude"]), float(c["latitude"]), c.get("place", "")
        if where:   # a place names its own coordinates (almanac.places)
            from .places import place
            p = place(where)
            lon, lat = p.longitude, p.latitude
        return cls(c["day_boundary"], c["time_basis"], lon, lat, c["default_tz"],
                   c.get("lunar", "auto"), where)

    @property
    def clock_longitude(self) -> float:
        """The meridian the solar clocks are read on: the place's, or 127.5°E for ``korean``."""
        return KOREAN_MERIDIAN if self.time_basis == "korean" else self.longitude


# --------------------------------------------------------------------------- input parsing

#: names a zone database holds that are not places: the POSIX default-rule file, the "Factory"
#: placeholder (offset 0, abbreviation "-00"), the host's own ``localtime`` link, and the
#: ``posix/`` and ``right/`` (leap-second) copies of the whole tree
_NOT_PLACES = ("posixrules", "Factory", "localtime")
_NOT_PLACE_TREES = ("posix/", "right/", "posix.", "right.")


@lru_cache(maxsize=1)
def _zone_names() -> frozenset[str]:
    from zoneinfo import available_timezones
    return frozenset(available_timezones()) - set(_NOT_PLACES)


@lru_cache(maxsize=256)
def zone(name: str) -> ZoneInfo:
    """The IANA zone ``name``, or bad input. Only names of the zone database's places and their
    links are zones here: ``posixrules``, ``Factory``, ``localtime``, ``posix/…`` and ``right/…``
    (whose clocks count leap seconds) are refused.

    >>> zone("right/UTC")
    Traceback (most recent call last):
    almanac.errors.BadInput: unknown time zone 'right/UTC' (an IANA zone name such as Asia/Shanghai, Asia/Seoul, Europe/London)
    """
    try:
        if not name or name.startswith(("/", ".")) or ".." in name:
            raise ValueError
        if name in _NOT_PLACES or name.startswith(_NOT_PLACE_TREES):
            raise ValueError
        names = _zone_names()
        if names and name not in names:
            raise ValueError
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError, AttributeError, OSError):   # not a str: too
        city = _city_named(name)
        if city is not None:    # `--tz 서울`: a place, named where a zone goes
            from .errors import field
            pl = field("place")
            raise BadInput(f"{name!r} is a place, not a time zone: use {pl} {name} (its zone is {city.tz})",
                           zh=f"{name!r} 是地點，不是時區：請用 {pl} {name}（其時區為 {city.tz}）",
                           ko=f"{name!r}은(는) 시간대가 아니라 장소입니다: {pl} {name} 옵션을 쓰십시오 "
                              f"(그 시간대는 {city.tz})") from None
        raise BadInput(f"unknown time zone {name!r} (an IANA zone name such as Asia/Shanghai, "
                       f"Asia/Seoul, Europe/London)",
                       zh=f"未知的時區：{name!r}（IANA 時區名，如 Asia/Shanghai、Asia/Seoul、Europe/London）",
                       ko=f"알 수 없는 시간대: {name!r} (Asia/Shanghai, Asia/Seoul, Europe/London 같은 "
                          f"IANA 시간대 이름)") from None


def _city_named(name) -> "object | None":
    """The gazetteer city (``almanac.places``) ``name`` names, when it names one with a zone."""
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        return None
    from .places import place
    try:
        p = place(name)
    except BadInput:
        return None
    return p if p.tz and p.names else None


def _check_year(y: int, reach: int = 0) -> None:
    """A date or moment asked for lies in the supported years, or bad input. ``reach=1`` for what
    the calculation reads: the first and last days of the range reach into the years beside them
    (1000-01-01's 子 hour begins on 12-31 of 999 east of Greenwich, 2999-12-31's 月宿 reads the
    lunar date of the day after), and sxtwl computes there as well as anywhere in the range."""
    if not MIN_YEAR - reach <= y <= MAX_YEAR + reach:
        raise BadInput(f"year {y} is outside the supported range {MIN_YEAR}–{MAX_YEAR}",
                       zh=f"不支援的年份：{y}（支援的年份：{MIN_YEAR}–{MAX_YEAR}）",
                       ko=f"지원하지 않는 연도: {y} (지원하는 연도: {MIN_YEAR}–{MAX_YEAR})")


#: the days a reader names by a word rather than a date (each language's everyday words), as days
#: from today: today, tomorrow, … (``parse_date(…, today_in=ZONE)``)
DAY_WORDS = {"today": 0, "tomorrow": 1, "yesterday": -1,
             "오늘": 0, "내일": 1, "모레": 2, "어제": -1,
             "今天": 0, "明天": 1, "後天": 2, "后天": 2, "昨天": -1, "今日": 0, "明日": 1}


def day_word(value, today_in) -> "date | None":
    """The date a day word (:data:`DAY_WORDS`: ``today``, ``오늘``, ``明天`` …, any case) names
    in zone ``today_in`` (a name or a ZoneInfo) now, or None when ``value`` is no such word.

    >>> day_word("tomorrow", "Asia/Seoul") - day_word("오늘", "Asia/Seoul")
    datetime.timedelta(days=1)
    >>> day_word("2026-11-29", "Asia/Seoul") is None
    True
    """
    if not isinstance(value, str):
        return None
    shift = DAY_WORDS.get(value.strip().casefold())
    if shift is None:
        return None
    z = today_in if isinstance(today_in, tzinfo) else zone(today_in)
    return datetime.now(z).date() + timedelta(days=shift)


def parse_date(value: "date | str", today_in=None) -> date:
    """A ``date`` from a ``date`` or ``YYYY-MM-DD``, or bad input. With ``today_in`` (a zone),
    a day word (:func:`day_word`: today, tomorrow, 오늘, 내일, 今天, 明天 …) is that day there."""
    if today_in is not None:
        named = day_word(value, today_in)
        if named is not None:
            return named
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        _check_year(value.year)
        return value
    try:
        text = str(value).strip()
        if len(text) != 10:
            raise ValueError
        d = date.fromisoformat(text)
    except ValueError:
        if today_in is not None:
            raise BadInput(f"{value!r} is not a valid date (YYYY-MM-DD, e.g. 2026-11-29, or today, tomorrow)",
                           zh=f"日期無效：{value!r}（格式 YYYY-MM-DD，例如 2026-11-29；或 今天、明天）",
                           ko=f"올바른 날짜가 아닙니다: {value!r} (YYYY-MM-DD, 예: 2026-11-29, 또는 오늘, 내일)") from None
        raise BadInput(f"{value!r} is not a valid date (YYYY-MM-DD, e.g. 2026-11-29)",
                       zh=f"日期無效：{value!r}（格式 YYYY-MM-DD，例如 2026-11-29）",
                       ko=f"올바른 날짜가 아닙니다: {value!r} (YYYY-MM-DD, 예: 2026-11-29)") from None
    _check_year(d.year)
    return d


def localize(naive: datetime, tz: ZoneInfo) -> datetime:
    """Attach ``tz`` to a wall-clock time, refusing a time that the zone skips (a DST gap)."""
    return _localized(naive, tz)[0]


def _localized(naive: datetime, tz: ZoneInfo) -> tuple[datetime, datetime]:
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
    jump = _gap_end(clock, tz)                                   # the instant the clocks jumped
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
    tz, civil, out = ZoneInfo(key), CalendarOptions(), []
    d, one = date(year, 1, 1), timedelta(days=1)
    while d.year == year:
        noon = datetime(year, d.month, d.day, 12, tzinfo=tz)
        if noon.astimezone(UTC).astimezone(tz) != noon:        # compared as wall clocks
            first = _instant_of_clock(datetime(year, d.month, d.day, 1), civil, tz)
            if first == _instant_of_clock(datetime(year, d.month, d.day, 23), civil, tz):
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


def parse_moment(value: "datetime | str", tz: "str | None", default_tz: str) -> datetime:
    """An aware datetime from an aware/naive ``datetime`` or an ISO 8601 string.

    A naive value is read as wall-clock time in ``tz`` (or ``default_tz``); with ``tz`` given, an
    aware value is converted into that zone.
    """
    z = zone(tz or default_tz)
    value = _datetime_of(value)
    if value.tzinfo is None or value.utcoffset() is None:
        return localize(value, z)
    return value.astimezone(z) if tz else value


def _datetime_of(value: "datetime | str") -> datetime:
    """The ``datetime`` (naive or aware) of an ISO 8601 string, or the ``datetime`` given; its
    year checked."""
    if isinstance(value, str):
        text = value.strip().replace(" ", "T", 1)
        if text.endswith("Z"):
            text = text[:-1] + "+00:00"
        try:
            value = datetime.fromisoformat(text)
        except ValueError:
            raise BadInput(f"{value!r} is not a valid date-time (ISO 8601, e.g. 2026-11-29T14:30 "
                           f"or 2026-11-29T14:30+08:00)",
                           zh=f"日期時間無效：{value!r}（ISO 8601 格式，例如 2026-11-29T14:30 "
                              f"或 2026-11-29T14:30+08:00）",
                           ko=f"올바른 날짜·시각이 아닙니다: {value!r} (ISO 8601, 예: 2026-11-29T14:30 "
                              f"또는 2026-11-29T14:30+08:00)") from None
    elif not isinstance(value, datetime):
        raise BadInput(f"{value!r} is not a date-time (ISO 8601 string or datetime)",
                       zh=f"不是日期時間：{value!r}（須為 ISO 8601 字串或 datetime）",
                       ko=f"날짜·시각이 아닙니다: {value!r} (ISO 8601 문자열 또는 datetime이어야 합니다)")
    _check_year(value.year)
    return value


def read_moment(value: "datetime | str", tz: "str | None",
                opts: CalendarOptions) -> tuple[datetime, datetime, date, int, int]:
    """``(instant, the instant in UTC, almanac day, its day-pillar index, 時辰 branch)``: the moment
    as :func:`parse_moment` reads it (``tz``, else ``opts.default_tz``) placed as
    :func:`moment_hour` places it, in one pass — the UTC instant of the daylight-saving gap check
    is kept for the caller's term look-up (:func:`term_span` takes it as it is), and a naive
    value's wall clock is the civil clock the 時辰 follow."""
    z = zone(tz or opts.default_tz)
    value = _datetime_of(value)
    if value.tzinfo is None:
        instant, utc = _localized(value, z)
        clock = value if opts.time_basis == "civil" else solar_clock(instant, opts, z)
    else:
        instant = (localize(value, z) if value.utcoffset() is None
                   else value.astimezone(z) if tz else value)
        _check_year(instant.year)
        utc = instant.astimezone(UTC)
        clock = solar_clock(instant, opts, instant.tzinfo)
    zi_day = _zi_day_of_clock(clock, opts)
    return instant, utc, zi_day, (zi_day.toordinal() - _JIAZI_DAY) % 60, _branch_of_clock(clock)


# --------------------------------------------------------------------------- solar terms

@dataclass(frozen=True)
class SolarTerm:
    """One of the 24 solar terms at its exact instant (UTC)."""

    index: int          # sxtwl order: 0 冬至, 1 小寒 … 3 立春 … 23 大雪
    at: datetime        # aware, UTC

    @property
    def name(self) -> str:
        return TERM_NAMES[self.index]

    @property
    def is_zhongqi(self) -> bool:
        """中氣 (the even indices: 冬至 大寒 雨水 …) — the 月將 changes at these."""
        return self.index % 2 == 0


def _jd_to_utc(jd_beijing: float) -> datetime:
    # sxtwl gives solar-term instants as Julian days in Beijing time (UTC+8).
    seconds = round((jd_beijing - _JD_UNIX_EPOCH) * 86400.0)
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=seconds) - _BEIJING


@lru_cache(maxsize=512)
def _terms_from_lichun(year: int) -> tuple[SolarTerm, ...]:
    """立春 of ``year`` up to (not including) 立春 of year+1: from the shipped table
    (``almanac.solar_term_table``, 1900–2100), else from sxtwl."""
    table = _term_table_file.shipped(year)
    if table is None:
        return sxtwl_terms(year)
    first, seconds = table
    return tuple(SolarTerm((first + i) % 24, _UNIX_EPOCH + timedelta(seconds=s))
                 for i, s in enumerate(seconds))


def sxtwl_terms(year: int) -> tuple[SolarTerm, ...]:
    """:func:`_terms_from_lichun` asked of sxtwl (≈ 4–8 ms a year): sxtwl repeats 立春 at the end."""
    out = [SolarTerm(int(x.jqIndex), _jd_to_utc(x.jd)) for x in sxtwl.getJieQiByYear(year)]
    return tuple(out[:-1]) if len(out) == 25 and out[0].index == out[-1].index else tuple(out)


_UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@lru_cache(maxsize=512)
def solar_terms(year: int) -> tuple[SolarTerm, ...]:
    """The 24 terms whose instant falls in Gregorian ``year`` (UTC), in time order, no duplicates."""
    _check_year(year, reach=1)
    pool = _terms_from_lichun(year - 1) + _terms_from_lichun(year)
    return tuple(t for t in pool if t.at.year == year)


@lru_cache(maxsize=256)
def _term_table(year: int) -> tuple[tuple[datetime, ...], tuple[tuple[SolarTerm, SolarTerm], ...]]:
    """Terms from mid year-1 to mid year+1, for bisecting an instant in ``year``: their instants,
    and at each the latest 中氣 and the latest 節 so far (None before the first of its kind)."""
    terms = _terms_from_lichun(year - 2) + _terms_from_lichun(year - 1) + _terms_from_lichun(year)
    spans, zhongqi, jie = [], None, None
    for t in terms:
        if t.is_zhongqi:
            zhongqi = t
        else:
            jie = t
        spans.append((zhongqi, jie))
    return tuple(t.at for t in terms), tuple(spans)


def term_span(instant: datetime) -> tuple[SolarTerm, SolarTerm]:
    """``(the latest 中氣, the latest 節)`` at or before ``instant``: one look-up for all that
    turns only at a term (月將, 月建, 太歲)."""
    u = instant.astimezone(UTC)
    ats, spans = _term_table(u.year)
    return spans[bisect.bisect_right(ats, u) - 1]


def term_before(instant: datetime, *, zhongqi: bool) -> SolarTerm:
    """The latest 中氣 (``zhongqi=True``) or 節 at or before ``instant``."""
    return term_span(instant)[0 if zhongqi else 1]


def terms_between(start: datetime, end: datetime) -> list[SolarTerm]:
    """Terms with ``start <= at < end``."""
    if start.tzinfo is None or end.tzinfo is None:
        raise TypeError("can't compare offset-naive and offset-aware datetimes")
    s, e = start.astimezone(UTC), end.astimezone(UTC)     # compared in UTC: no zone look-ups
    out = []
    for y in range(s.year, e.year + 1):
        ats, terms = _year_terms(y)
        out.extend(terms[bisect.bisect_left(ats, s):bisect.bisect_left(ats, e)])
    return out


@lru_cache(maxsize=512)
def _year_terms(year: int) -> tuple[tuple[datetime, ...], tuple[SolarTerm, ...]]:
    """``solar_terms(year)`` with their instants, for bisecting."""
    terms = solar_terms(year)
    return tuple(t.at for t in terms), terms


def yuejiang_at(instant: datetime, span: "tuple[SolarTerm, SolarTerm] | None" = None) -> int:
    """The 月將 (branch index) in force at ``instant``: it changes at the exact 中氣.

    雨水→亥 春分→戌 穀雨→酉 小滿→申 夏至→未 大暑→午 處暑→巳 秋分→辰 霜降→卯 小雪→寅 冬至→丑 大寒→子.
    """
    return (1 - (span or term_span(instant))[0].index // 2) % 12


def year_pillar_at(instant: datetime) -> GanZhi:
    """The year pillar, which turns at the exact instant of 立春."""
    u = instant.astimezone(UTC)
    lichun = _terms_from_lichun(u.year)[0]
    y = u.year if u >= lichun.at else u.year - 1
    return PILLARS[(y - 4) % 60]


#: the four 立 (四立) that open the seasons
SILI = ("立春", "立夏", "立秋", "立冬")
#: the two 分 and two 至 (分至: the days the 四離 are counted from)
FENZHI = ("春分", "夏至", "秋分", "冬至")


def is_sili_day(d: date, tz, opts: CalendarOptions | None = None) -> bool:
    """Whether one of the four 立 falls on almanac day ``d``: the day the instant of 立春, 立夏, 立秋
    or 立冬 belongs to in zone ``tz`` under ``opts``' clock and day boundary (as a moment's day is
    reckoned by :func:`moment_hour`)."""
    return d in _term_days(d.year, tz, opts or CalendarOptions(), SILI)


def is_fenzhi_day(d: date, tz, opts: CalendarOptions | None = None) -> bool:
    """Whether 春分, 夏至, 秋分 or 冬至 falls on almanac day ``d`` (reckoned as :func:`is_sili_day`)."""
    return d in _term_days(d.year, tz, opts or CalendarOptions(), FENZHI)


@lru_cache(maxsize=256)
def _term_days(year: int, tz, opts: CalendarOptions, names: tuple[str, ...]) -> frozenset:
    out = set()
    for y in (year - 1, year, year + 1):      # a term near the turn of the year may fall in the next
        try:
            terms = solar_terms(y)
        except BadInput:
            continue
        out.update(moment_hour(t.at.astimezone(tz), opts)[1] for t in terms if t.name in names)
    return frozenset(out)


def month_year_branches(instant: datetime, span: "tuple[SolarTerm, SolarTerm] | None" = None) -> tuple[int, int]:
    """The branches of the month and year pillars at ``instant`` (月建, 太歲). Both turn only at a
    節 (立春 is one), so they are worked out once per 節. ``span``: the instant's
    :func:`term_span` when the caller has it already."""
    return _month_year_of_jie((span or term_span(instant))[1].at)


@lru_cache(maxsize=512)
def _month_year_of_jie(jie_at: datetime) -> tuple[int, int]:
    # keyed by the 節's instant: a datetime keeps its hash, a SolarTerm hashes its fields each time
    return month_pillar_at(jie_at).branch, year_pillar_at(jie_at).branch


def month_pillar_at(instant: datetime) -> GanZhi:
    """The month pillar, which turns at each 節; its stem by 五虎遁 from the year stem."""
    jie = term_before(instant, zhongqi=False)
    branch = ((jie.index - 3) // 2 + 2) % 12
    year_stem = year_pillar_at(instant).stem
    stem = ((year_stem % 5) * 2 + 2 + (branch - 2) % 12) % 10
    return GanZhi.of(stem, branch)


# --------------------------------------------------------------------------- days and hours

_JIAZI_DAY = date(1993, 10, 10).toordinal()
#: one day (a ``timedelta`` built from keywords costs about a microsecond: made once)
ONE_DAY = timedelta(days=1)


def day_pillar(d: date) -> GanZhi:
    """The day pillar of a date: a plain count of days (1993-10-10 was 甲子)."""
    return PILLARS[(d.toordinal() - _JIAZI_DAY) % 60]


def hour_pillar(day: GanZhi, branch: int) -> GanZhi:
    """The hour pillar by 五鼠遁: 甲己→甲子, 乙庚→丙子, 丙辛→戊子, 丁壬→庚子, 戊癸→壬子."""
    return GanZhi.of(((day.stem % 5) * 2 + branch) % 10, branch)


def equation_of_time(instant: datetime) -> float:
    """Apparent minus mean solar time, in minutes (NOAA's series; error well under a minute)."""
    u = instant.astimezone(UTC)
    doy = u.timetuple().tm_yday
    g = 2 * math.pi / 365.0 * (doy - 1 + (u.hour - 12) / 24.0)
    return 229.18 * (0.000075 + 0.001868 * math.cos(g) - 0.032077 * math.sin(g)
                     - 0.014615 * math.cos(2 * g) - 0.040849 * math.sin(2 * g))


def solar_clock(instant: datetime, opts: CalendarOptions, tz) -> datetime:
    """The wall clock the 時辰 follow: civil time in ``tz``, or local mean/true solar time."""
    if opts.time_basis == "civil":
        t = instant.astimezone(tz)      # the naive clock built, not replaced: replace is slower
        return datetime(t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond, fold=t.fold)
    minutes = opts.clock_longitude * 4.0
    if opts.time_basis == "true_solar":
        minutes += equation_of_time(instant)
    return (instant.astimezone(UTC) + timedelta(minutes=minutes)).replace(tzinfo=None)


_ONE_SECOND = timedelta(seconds=1)


def _instant_of_clock(clock: datetime, opts: CalendarOptions, tz: ZoneInfo) -> datetime:
    """Inverse of :func:`solar_clock`: the instant at which that clock reads ``clock``."""
    if opts.time_basis == "civil":
        aware = clock.replace(tzinfo=tz, fold=0)
        out = aware.astimezone(UTC).astimezone(tz)
        if out.replace(tzinfo=None) != clock and not out.fold:
            return _gap_end(clock, tz)
        return out
    guess = clock.replace(tzinfo=UTC) - timedelta(minutes=opts.clock_longitude * 4.0)
    if opts.time_basis == "true_solar":
        for _ in range(2):
            guess = clock.replace(tzinfo=UTC) - timedelta(minutes=opts.clock_longitude * 4.0
                                                          + equation_of_time(guess))
    # to the whole second it is printed by: the first whole second at which the clock reads
    # ``clock`` or later, so that the printed start of an hour lies in that hour (rounded to the
    # nearest, half the starts fell a fraction of a second before it, in the hour before)
    out = datetime.fromtimestamp(math.ceil(guess.timestamp()), UTC)
    while solar_clock(out, opts, UTC) < clock:
        out += _ONE_SECOND
    return out.astimezone(tz)


def _gap_end(clock: datetime, tz: ZoneInfo) -> datetime:
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


def sun_altitude(instant: datetime, latitude: float, longitude: float) -> float:
    """The Sun's altitude in degrees (NOAA low-precision formulas, ample for day/night)."""
    u = instant.astimezone(UTC)
    jd = u.timestamp() / 86400.0 + _JD_UNIX_EPOCH
    n = jd - 2451545.0
    L = math.radians((280.460 + 0.9856474 * n) % 360)
    g = math.radians((357.528 + 0.9856003 * n) % 360)
    lam = L + math.radians(1.915) * math.sin(g) + math.radians(0.020) * math.sin(2 * g)
    eps = math.radians(23.439 - 0.0000004 * n)
    dec = math.asin(math.sin(eps) * math.sin(lam))
    ra = math.atan2(math.cos(eps) * math.sin(lam), math.cos(lam))
    gmst = (18.697374558 + 24.06570982441908 * n) % 24
    ha = math.radians(gmst * 15 + longitude) - ra
    lat = math.radians(latitude)
    return math.degrees(math.asin(math.sin(lat) * math.sin(dec)
                                  + math.cos(lat) * math.cos(dec) * math.cos(ha)))


def _branch_of_clock(clock: datetime) -> int:
    return ((clock.hour + 1) // 2) % 12


def _zi_day_of_clock(clock: datetime, opts: CalendarOptions) -> date:
    if opts.day_boundary == "zi" and clock.hour == 23:
        return clock.date() + ONE_DAY
    return clock.date()


@dataclass(frozen=True)
class Moment:
    """The calendar facts of one instant."""

    instant: datetime       # aware, in the zone asked for
    clock: datetime         # naive reading of the clock the 時辰 follow (civil or solar)
    zi_day: date            # the almanac day the hour belongs to (day boundary applied)
    day_pillar: GanZhi      # of zi_day
    hour_branch: int
    hour_pillar: GanZhi
    year_pillar: GanZhi
    month_pillar: GanZhi
    yuejiang: int
    is_daytime_sun: bool

    @property
    def local(self) -> datetime:
        return self.instant


def moment_facts(instant: datetime, opts: CalendarOptions | None = None) -> Moment:
    """The pillars, 時辰 and 月將 of an aware instant."""
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise BadInput("a moment needs a time zone (an aware datetime or an ISO string with offset)",
                       zh="時刻須帶時區（帶時區的 datetime，或含 UTC 偏移的 ISO 字串）",
                       ko="시각에 시간대가 있어야 합니다 (시간대가 있는 datetime 또는 UTC 오프셋이 붙은 ISO 문자열)")
    _check_year(instant.year)
    opts = opts or CalendarOptions()
    clock, zi_day, dp, branch = moment_hour(instant, opts)
    return Moment(instant, clock, zi_day, dp, branch, hour_pillar(dp, branch),
                  year_pillar_at(instant), month_pillar_at(instant), yuejiang_at(instant),
                  sun_altitude(instant, opts.latitude, opts.longitude) > -0.833)


def moment_hour(instant: datetime, opts: CalendarOptions) -> tuple[datetime, date, GanZhi, int]:
    """``(clock, zi_day, day pillar, hour branch)`` of an aware instant: the part of
    :func:`moment_facts` that a 六壬 chart needs (no year/month pillars, 月將 or sun)."""
    _check_year(instant.year, reach=1)
    clock = solar_clock(instant, opts, instant.tzinfo)
    zi_day = _zi_day_of_clock(clock, opts)
    return clock, zi_day, day_pillar(zi_day), _branch_of_clock(clock)


@dataclass(frozen=True, slots=True)   # no __dict__: twelve a day are kept with the day
class HourSlot:
    """One 時辰 of an almanac day: [start, end) as aware datetimes."""

    branch: int
    start: datetime
    end: datetime
    pillar: GanZhi
    yuejiang: int           # at the start of the slot


def day_hours(d: date, tz: ZoneInfo, opts: CalendarOptions | None = None) -> tuple[HourSlot, ...]:
    """The twelve 時辰 of almanac day ``d``, 子 … 亥.

    Under 子初換日 the 子 hour of ``d`` runs from 23:00 of the day before to 01:00; at civil
    midnight it runs 00:00–01:00 of ``d`` (and 23:00–24:00 belongs to the next day's 子 slot).
    Boundaries are read on the configured clock (civil or solar) and given as aware instants.
    """
    opts = opts or CalendarOptions()
    instants = day_instants(d, tz, opts)
    # The 月將 changes only at a 中氣, a month apart: the same at both ends, it holds throughout.
    yj = yuejiang_at(instants[0])
    if yj == yuejiang_at(instants[12]):
        yjs = (yj,) * 12
    else:
        yjs = tuple(yuejiang_at(at) for at in instants[:12])
    pillars = _HOUR_PILLARS[day_pillar(d).stem % 5]
    return tuple(HourSlot(b, instants[b], instants[b + 1], pillars[b], yjs[b]) for b in range(12))


def day_instants(d: date, tz: ZoneInfo, opts: CalendarOptions) -> list[datetime]:
    """The thirteen boundaries of the 時辰 of almanac day ``d`` as aware instants (the start of
    子 … 亥, then the end of 亥): what :func:`day_hours` makes its slots of (each hour ends where
    the next one starts), for a caller that needs only the instants."""
    return _boundaries(d, tz, opts)[0]


def day_boundaries(d: date, tz: ZoneInfo, opts: CalendarOptions) -> tuple[list[datetime], list[str]]:
    """:func:`day_instants` as UTC instants (what the terms, pillars and 月將 are read by, with
    no zone look-up) and as the texts ``isoformat()`` gives of them in ``tz``, for a caller that
    prints them and reads the rest off them (``api.day``)."""
    _, utc, texts = _boundaries(d, tz, opts)
    return utc, texts


def _boundaries(d: date, tz: ZoneInfo,
                opts: CalendarOptions) -> tuple[list[datetime], list[datetime], list[str]]:
    """The thirteen boundaries of day ``d`` in ``tz``, in UTC and as texts.

    On the civil clock each boundary after the first is first guessed as the same distance from
    the first in UTC: the guess stands when the zone reads exactly that clock at it (fold 0, its
    UTC offset the first's), as it does everywhere but in a 夏令 change, and its text is then
    written from the clock and that offset rather than by ``isoformat`` (which looks the zone's
    offset up again: about 2 µs a boundary, 13 a day)."""
    base = datetime.combine(d, time(0))
    edges = [base + step for step in _EDGES[opts.day_boundary]]
    if opts.time_basis == "civil":
        out = _civil_boundaries(d, edges, opts, tz)
    else:
        instants = [_instant_of_clock(c, opts, tz) for c in edges]
        out = instants, [t.astimezone(UTC) for t in instants], [t.isoformat() for t in instants]
    if out[1][1] == out[1][12]:
        # every wall time from 01:00 to 23:00 skipped: a date the zone's clocks jumped over when it
        # changed its offset from UTC (Pacific/Apia 2011-12-30, crossing the date line); no hours
        raise skipped_date(d, tz)
    return out


def _civil_boundaries(d: date, edges: list[datetime], opts: CalendarOptions,
                      tz: ZoneInfo) -> tuple[list[datetime], list[datetime], list[str]]:
    """:func:`_boundaries` on the civil clock (``edges``: the thirteen clocks, the last twelve
    01:00 … 23:00 of ``d``)."""
    c0 = edges[0]
    first = _instant_of_clock(c0, opts, tz)
    u0 = first.astimezone(UTC)
    # a boundary whose zone clock reads what it was guessed to read has this UTC offset
    off = c0 - u0.replace(tzinfo=None)
    suffix, day = _iso_offset(off), d.isoformat()
    instants, utc = [first], [u0]
    texts = [c0.isoformat() + suffix if first.replace(tzinfo=None) == c0 else first.isoformat()]
    for c, hour in zip(edges[1:], _HOUR_TEXTS):
        u = u0 + (c - c0)
        guess = u.astimezone(tz)
        if guess.fold or guess.utcoffset() != off:
            guess = _instant_of_clock(c, opts, tz)
            u = guess.astimezone(UTC)
            texts.append(guess.isoformat())
        else:
            texts.append(day + hour + suffix)
        instants.append(guess)
        utc.append(u)
    return instants, utc, texts


#: the clock of the boundaries 01:00 … 23:00 as ``isoformat`` writes it after the date
_HOUR_TEXTS = tuple(f"T{h:02d}:00:00" for h in range(1, 24, 2))


@lru_cache(maxsize=64)
def _iso_offset(offset: timedelta) -> str:
    """A UTC offset as ``isoformat`` writes it (``+08:00``, ``-03:30``, ``+08:05:43``)."""
    return datetime(2000, 1, 1, tzinfo=timezone(offset)).isoformat()[19:]


#: the thirteen boundaries of the 時辰 on the clock, from the day's civil midnight, by day
#: boundary: 子初 (23:00 of the day before, then 01:00, 03:00 … 23:00) or midnight (00:00, 01:00 …
#: 23:00). Made once: a ``timedelta`` built from keywords costs about a microsecond.
_EDGES = {"zi": tuple(timedelta(hours=h) for h in (-1, *range(1, 24, 2))),
          "midnight": tuple(timedelta(hours=h) for h in (0, *range(1, 24, 2)))}
#: the twelve hour pillars (:func:`hour_pillar`) of a day, by its stem mod 5 (五鼠遁)
_HOUR_PILLARS = tuple(tuple(hour_pillar(GanZhi.of(s, s), b) for b in range(12)) for s in range(5))


def lunar_date(d: date, calendar: str = "chinese") -> LunarDate:
    """The lunar date of a civil date in the ``chinese`` (sxtwl) or ``korean`` (KASI) calendar,
    with its leap-month flag (``almanac.lunar``)."""
    _check_year(d.year, reach=1)
    return _lunar.lunar_date(d, calendar)


# --------------------------------------------------------------------------- seasons

SEASONS = ("春", "夏", "秋", "冬", "四季")
#: 旺相休囚死 names, in the order 旺 (same as the season), 相 (the season generates it),
#: 休 (it generates the season), 囚 (it overcomes the season), 死 (the season overcomes it).
STRENGTHS = ("旺", "相", "休", "囚", "死")


def season_element(month_branch: int) -> int:
    """The ruling element of a month: 寅卯 木, 巳午 火, 申酉 金, 亥子 水, 辰未戌丑 土 (月建)."""
    return BRANCH_ELEMENT[month_branch]


def strength(element: int, ruling: int) -> str:
    """旺相休囚死 of ``element`` in a season ruled by ``ruling``."""
    return STRENGTHS[{0: 0, 1: 1, 4: 2, 3: 3, 2: 4}[(element - ruling) % 5]]


def strengths(month_branch: int) -> dict[str, str]:
    """旺相休囚死 of each of the five elements in the month of ``month_branch`` (a new dict)."""
    return dict(_strengths(month_branch))


@lru_cache(maxsize=12)
def _strengths(month_branch: int) -> tuple[tuple[str, str], ...]:
    ruling = season_element(month_branch)
    return tuple((ELEMENTS[e], strength(e, ruling)) for e in range(5))


__all__ = [
    "BRANCHES", "CalendarOptions", "HourSlot", "LunarDate", "Moment", "SolarTerm", "STEM_ELEMENT",
    "TERM_NAMES", "day_hours", "day_pillar", "hour_pillar", "localize", "lunar_date",
    "is_fenzhi_day", "is_sili_day", "moment_facts", "moment_hour", "month_pillar_at", "parse_date", "parse_moment",
    "read_moment", "season_element",
    "solar_terms", "strength", "strengths", "term_before", "term_span", "terms_between", "year_pillar_at",
    "yuejiang_at", "zone",
]
