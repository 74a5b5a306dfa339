"""``almanac places [--json]``: the gazetteer of cities ``--place`` accepts."""
from __future__ import annotations

from . import say


def register(subparsers, common) -> None:
    p = subparsers.add_parser("places", parents=[common], help=say(
        "the cities --place accepts",
        zh="--place 接受的城市",
        ko="--place 옵션이 받는 도시"),
        description=say(
            "The gazetteer: each city with its longitude, latitude, "
            "zone and the other names it is known by. --place also "
            "takes LON,LAT in degrees (east and north positive).",
            zh="地名錄：各城市的經度、緯度、時區及其他名稱。--place 也接受以度為單位的 LON,LAT"
               "（東經、北緯為正）。",
            ko="지명 목록: 도시마다 경도, 위도, 시간대와 그 밖의 이름을 보여 줍니다. --place 옵션은 "
               "도(°) 단위 좌표 LON,LAT도 받습니다 (동쪽 경도와 북쪽 위도가 양수)."))
    p.add_argument("--json", action="store_true", help=say(
        "print one JSON document", zh="輸出一份 JSON 文件", ko="JSON 문서 하나로 출력합니다"))
    p.set_defaults(func=run)


def render(doc: dict) -> str:
    from almanac.cli import pad
    lines = []
    for c in doc["places"]:
        lines.append(f"{pad(c['name'], 18)}{c['longitude']:>10.4f}°E {c['latitude']:>9.4f}°N  "
                     f"{pad(c['tz'], 22)}{' '.join(c['names'])}")
    return "\n".join(lines)


def run(args) -> int:
    from almanac.api.choices import places
    from almanac.cli import emit
    emit({"places": places()}, args.json, render)
    return 0
