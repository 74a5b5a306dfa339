"""``almanac schools [--json]``: the school presets ``--school`` accepts."""
from __future__ import annotations


def register(subparsers, common) -> None:
    p = subparsers.add_parser("schools", parents=[common], help="the school presets --school accepts",
                              description="The schools: named bundles of the options the classical "
                                          "sources dispute (docs/schools.md), built-in and your "
                                          "config's [schools.NAME].")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=run)


def render(doc: dict) -> str:
    lines = []
    for s in doc["schools"]:
        mark = "*" if s["name"] == doc["current"] else " "
        opts = ", ".join(f"{sec}.{k} = {v}" for sec, table in s["options"].items()
                         for k, v in table.items()) or "the configuration as written"
        lines.append(f"{mark} {s['name']}  {s['name_zh']}")
        lines.append(f"    {s['description']}")
        lines.append(f"    sets: {opts}")
        for src in s["sources"]:
            lines.append(f"    source: {src}")
    return "\n".join(lines)


def run(args) -> int:
    from almanac.api.choices import schools
    from almanac.cli import emit
    emit(schools(args.config), args.json, render)
    return 0
