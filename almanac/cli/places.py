"""``almanac places [--lang L] [--json]``: the gazetteer of cities ``--place`` accepts, each named
first as a reader of ``L`` calls it (서울, 首爾, Seoul)."""
from __future__ import annotations

from . import width


def register(subparsers, common) -> None:
    p = subparsers.add_parser("places", parents=[common], help="the cities --place accepts",
                              description="The gazetteer: each city with its longitude, latitude, "
                                          "zone and the other names it is known by. --place also "
                                          "takes LON,LAT in degrees (east and north positive).")
    p.add_argument("--lang", metavar="L", help="name each city first as this reader does: zh-Hant, zh-Hans, "
                                               "ko or en (default: English)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
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
