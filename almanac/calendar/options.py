"""The calendar's choices (``config/default.toml`` ``[calendar]``): the day boundary, the clock the
時辰 follow, the place, the default zone and the national lunar calendar, checked once.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import BadInput
from ..shared import kept_hash, state_without_kept_hash
from .zones import zone

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
        from ..lunar import CALENDARS
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
            from ..places import place
            p = place(where)
            lon, lat = p.longitude, p.latitude
        return cls(c["day_boundary"], c["time_basis"], lon, lat, c["default_tz"],
                   c.get("lunar", "auto"), where)

    @property
    def clock_longitude(self) -> float:
        """The meridian the solar clocks are read on: the place's, or 127.5°E for ``korean``."""
        return KOREAN_MERIDIAN if self.time_basis == "korean" else self.longitude
