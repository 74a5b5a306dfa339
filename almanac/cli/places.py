"""``almanac places [--lang L] [--json]``: the gazetteer of cities ``--place`` accepts, each named
first as a reader of ``L`` calls it (서울, 首爾, Seoul)."""
from __future__ import annotations

from . import LANG_VALUES, say, shared_help, width


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
    p.add_argument("--lang", metavar="L", help=say(
        f"name each city first as this reader does: {LANG_VALUES['en']} (default: English)",
        zh=f"各城市先以此讀者的叫法列出：{LANG_VALUES['zh']}（預設：英文）",
        ko=f"이 언어의 도시 이름을 먼저 보여 줍니다: {LANG_VALUES['ko']} (기본값: 영어)"))
    p.add_argument("--json", action="store_true", help=shared_help("json"))
    p.set_defaults(func=run)


def render(doc: dict, lang: str = "en") -> str:
    from almanac.cli import pad
    from almanac.terms import place_name
    shown = [place_name(c["name"], lang) for c in doc["places"]]
    first = max(18, *(width(x) + 2 for x in shown)) if shown else 18
    lines = []
    for c, name in zip(doc["places"], shown):
        others = [n for n in (c["name"], *c["names"]) if n != name]
        lines.append(f"{pad(name, first)}{c['longitude']:>10.4f}°E {c['latitude']:>9.4f}°N  "
                     f"{pad(c['tz'], 22)}{' '.join(others)}")
    return "\n".join(lines)


def run(args) -> int:
    from almanac.api.choices import places
    from almanac.cli import emit
    from almanac.lang import check_lang
    lang = check_lang(args.lang) if args.lang else "en"
    emit({"places": places()}, args.json, lambda d: render(d, lang))
    return 0
