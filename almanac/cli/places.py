"""``almanac places [--json]``: the gazetteer of cities ``--place`` accepts."""
from __future__ import annotations


def register(subparsers, common) -> None:
    p = subparsers.add_parser("places", parents=[common], help="the cities --place accepts",
                              description="The gazetteer: each city with its longitude, latitude, "
                                          "zone and the other names it is known by. --place also "
                                          "takes LON,LAT in degrees (east and north positive).")
    p.add_argument("--json", action="store_true", help="print one JSON document")
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
