"""Where the user is: a small gazetteer of the cities users live in, or ``LON,LAT``.

A place gives the longitude the mean and true solar clocks are read on, the latitude and
longitude of the 晝/夜 (sunrise/sunset) rule, and — when no zone is named — the zone. Each city is
known by its English name and, where a reader would write it so, its Korean and Chinese names
(traditional and simplified); names are matched without regard to case, spaces, hyphens or dots.

>>> p = place("Seoul")
>>> p.name, p.longitude, p.latitude, p.tz
('Seoul', 126.978, 37.5665, 'Asia/Seoul')
>>> place("서울") == place("首爾") == place("首尔") == p
True
>>> place("127.5,37.5")
Place(name='127.5,37.5', longitude=127.5, latitude=37.5, tz=None, names=())
>>> place("Atlantis")
Traceback (most recent call last):
...
almanac.errors.BadInput: unknown place 'Atlantis': give a city of the gazetteer (e.g. Seoul, Busan, Beijing, Tokyo, Los Angeles; `almanac places` or /api/places lists them, also in Korean and Chinese) or LON,LAT in degrees (east and north positive, e.g. 127.5,37.5)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .errors import BadInput


@dataclass(frozen=True)
class Place:
    """A point on the Earth: degrees east and north, the IANA zone of a gazetteer city."""

    name: str
    longitude: float
    latitude: float
    tz: str | None = None
    names: tuple[str, ...] = ()     # the other names it is known by (Korean, Chinese)

    def to_json(self) -> dict:
        return {"name": self.name, "longitude": self.longitude, "latitude": self.latitude,
                "tz": self.tz}


#: The gazetteer: English name, longitude °E, latitude °N, IANA zone, other names. The cities of
#: Korea, China, Japan and South-East Asia where users live, and the largest overseas Korean and
#: Chinese communities (coordinates of the city centre, to about a kilometre).
CITIES: tuple[Place, ...] = (
    # Korea
    Place("Seoul", 126.978, 37.5665, "Asia/Seoul", ("서울", "首爾", "首尔", "漢城", "汉城", "한양", "漢陽")),
    Place("Busan", 129.0756, 35.1796, "Asia/Seoul", ("부산", "釜山", "Pusan")),
    Place("Incheon", 126.7052, 37.4563, "Asia/Seoul", ("인천", "仁川")),
    Place("Daegu", 128.6014, 35.8714, "Asia/Seoul", ("대구", "大邱")),
    Place("Daejeon", 127.3845, 36.3504, "Asia/Seoul", ("대전", "大田")),
    Place("Gwangju", 126.8526, 35.1595, "Asia/Seoul", ("광주", "光州")),
    Place("Jeju", 126.5312, 33.4996, "Asia/Seoul", ("제주", "濟州", "济州")),
    Place("Pyongyang", 125.7625, 39.0392, "Asia/Pyongyang", ("평양", "平壤")),
    # China, Hong Kong, Macau, Taiwan
    Place("Beijing", 116.4074, 39.9042, "Asia/Shanghai", ("베이징", "북경", "北京", "Peking")),
    Place("Shanghai", 121.4737, 31.2304, "Asia/Shanghai", ("상하이", "상해", "上海")),
    Place("Guangzhou", 113.2644, 23.1291, "Asia/Shanghai", ("광저우", "廣州", "广州", "Canton")),
    Place("Shenzhen", 114.0579, 22.5431, "Asia/Shanghai", ("선전", "深圳")),
    Place("Shenyang", 123.4315, 41.8057, "Asia/Shanghai", ("선양", "심양", "瀋陽", "沈阳")),
    Place("Yanji", 129.5133, 42.8913, "Asia/Shanghai", ("옌지", "연길", "延吉")),
    Place("Hong Kong", 114.1694, 22.3193, "Asia/Hong_Kong", ("홍콩", "香港")),
    Place("Macau", 113.5439, 22.1987, "Asia/Macau", ("마카오", "澳門", "澳门", "Macao")),
    Place("Taipei", 121.5654, 25.033, "Asia/Taipei", ("타이베이", "臺北", "台北")),
    # Japan, South-East and Central Asia, Russian Far East
    Place("Tokyo", 139.6917, 35.6895, "Asia/Tokyo", ("도쿄", "東京", "东京")),
    Place("Osaka", 135.5023, 34.6937, "Asia/Tokyo", ("오사카", "大阪")),
    Place("Singapore", 103.8198, 1.3521, "Asia/Singapore", ("싱가포르", "新加坡")),
    Place("Kuala Lumpur", 101.6869, 3.139, "Asia/Kuala_Lumpur", ("쿠알라룸푸르", "吉隆坡")),
    Place("Jakarta", 106.8456, -6.2088, "Asia/Jakarta", ("자카르타", "雅加達", "雅加达")),
    Place("Bangkok", 100.5018, 13.7563, "Asia/Bangkok", ("방콕", "曼谷")),
    Place("Manila", 120.9842, 14.5995, "Asia/Manila", ("마닐라", "馬尼拉", "马尼拉")),
    Place("Ho Chi Minh City", 106.6297, 10.8231, "Asia/Ho_Chi_Minh", ("호찌민", "胡志明市", "Saigon")),
    Place("Almaty", 76.8512, 43.222, "Asia/Almaty", ("알마티", "阿拉木圖", "阿拉木图")),
    Place("Tashkent", 69.2401, 41.2995, "Asia/Tashkent", ("타슈켄트", "塔什干")),
    Place("Vladivostok", 131.8869, 43.1155, "Asia/Vladivostok", ("블라디보스토크", "海參崴", "海参崴")),
    # The Americas, Oceania, Europe
    Place("Los Angeles", -118.2437, 34.0522, "America/Los_Angeles", ("로스앤젤레스", "엘에이", "洛杉磯", "洛杉矶", "LA")),
    Place("San Francisco", -122.4194, 37.7749, "America/Los_Angeles", ("샌프란시스코", "舊金山", "旧金山", "三藩市")),
    Place("New York", -74.006, 40.7128, "America/New_York", ("뉴욕", "紐約", "纽约", "NYC")),
    Place("Toronto", -79.3832, 43.6532, "America/Toronto", ("토론토", "多倫多", "多伦多")),
    Place("Vancouver", -123.1207, 49.2827, "America/Vancouver", ("밴쿠버", "溫哥華", "温哥华")),
    Place("São Paulo", -46.6333, -23.5505, "America/Sao_Paulo", ("상파울루", "聖保羅", "圣保罗", "Sao Paulo")),
    Place("Sydney", 151.2093, -33.8688, "Australia/Sydney", ("시드니", "悉尼", "雪梨")),
    Place("Melbourne", 144.9631, -37.8136, "Australia/Melbourne", ("멜버른", "墨爾本", "墨尔本")),
    Place("Auckland", 174.7633, -36.8485, "Pacific/Auckland", ("오클랜드", "奧克蘭", "奥克兰")),
    Place("London", -0.1276, 51.5072, "Europe/London", ("런던", "倫敦", "伦敦")),
    Place("Frankfurt", 8.6821, 50.1109, "Europe/Berlin", ("프랑크푸르트", "法蘭克福", "法兰克福")),
)

_WAYS = ("give a city of the gazetteer (e.g. Seoul, Busan, Beijing, Tokyo, Los Angeles; "
         "`almanac places` or /api/places lists them, also in Korean and Chinese) or LON,LAT in degrees "
         "(east and north positive, e.g. 127.5,37.5)")
#: the same ways, for a Chinese and a Korean reader (the gazetteer takes their names too)
_WAYS_ZH = ("請使用地名錄中的城市（例如 首爾、釜山、北京、東京、洛杉磯；中文與韓文名稱皆可，"
            "`almanac places` 或 /api/places 列出全部）或以度為單位的經緯度 LON,LAT（東經、北緯為正，例如 127.5,37.5）")
_WAYS_KO = ("지명 목록의 도시(예: 서울, 부산, 베이징, 도쿄, 로스앤젤레스; 한국어·중국어 이름도 받으며 전체 "
            "목록은 `almanac places` 또는 /api/places에서 볼 수 있습니다) 또는 도(°) 단위 좌표(LON,LAT, 경도는 동쪽·위도는 "
            "북쪽이 양수, 예: 127.5,37.5)를 주십시오")

_COORDS = re.compile(r"^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*,\s*([+-]?\d{1,2}(?:\.\d+)?)\s*$")


def _key(text: str) -> str:
    return re.sub(r"[\s\-_.·]", "", text).casefold()


@lru_cache(maxsize=1)
def _index() -> dict[str, Place]:
    out: dict[str, Place] = {}
    for p in CITIES:
        for n in (p.name, *p.names):
            k = _key(n)
            if k in out and out[k] is not p:
                raise AssertionError(f"gazetteer name {n!r} names two cities")
            out[k] = p
    return out


def place(value: "str | Place") -> Place:
    """The place named by ``value``: a gazetteer city (any of its names) or ``LON,LAT``."""
    if isinstance(value, Place):
        return value
    if not isinstance(value, str) or not value.strip() or len(value) > 100:
        raise BadInput(f"place {value!r} is not accepted: {_WAYS}",
                       zh=f"無法接受的地點：{value!r}。{_WAYS_ZH}",
                       ko=f"받을 수 없는 장소: {value!r}. {_WAYS_KO}")
    m = _COORDS.match(value)
    if m:
        lon, lat = float(m.group(1)), float(m.group(2))
        if not -180 <= lon <= 180 or not -90 <= lat <= 90:
            raise BadInput(f"place {value!r}: longitude must be in -180..180 and latitude in -90..90 "
                           f"(LON,LAT, e.g. 127.5,37.5)",
                           zh=f"地點 {value!r}：經度須在 -180..180 之間，緯度須在 -90..90 之間"
                              f"（LON,LAT，例如 127.5,37.5）",
                           ko=f"장소 {value!r}: 경도는 -180..180, 위도는 -90..90 범위여야 합니다 "
                              f"(LON,LAT, 예: 127.5,37.5)")
        return Place(f"{lon:g},{lat:g}", lon, lat)
    hit = _index().get(_key(value))
    if hit is None:
        raise BadInput(f"unknown place {value!r}: {_WAYS}",
                       zh=f"未知的地點：{value!r}。{_WAYS_ZH}",
                       ko=f"알 수 없는 장소: {value!r}. {_WAYS_KO}")
    return hit


def city_of_zone(tz: str) -> Place | None:
    """The gazetteer's first city in the IANA zone ``tz`` (Seoul for Asia/Seoul, Beijing for
    Asia/Shanghai), or None: where a solar clock asked for in that zone, with no place, is read.

    >>> city_of_zone("Asia/Seoul").name, city_of_zone("Europe/Paris")
    ('Seoul', None)
    """
    return next((c for c in CITIES if c.tz == tz), None)


def places() -> list[dict]:
    """The gazetteer as JSON-ready dicts (``name``, ``longitude``, ``latitude``, ``tz``, ``names``)."""
    return [{**p.to_json(), "names": list(p.names)} for p in CITIES]


__all__ = ["CITIES", "Place", "place", "places"]
