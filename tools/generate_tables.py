"""Write the generated tables the almanac ships in ``almanac/data/``, each made by the code it
replaces (the tests check every file equals what that code makes now)::

    python tools/generate_tables.py hour       # hour_qin.json, hour_liuren.json (api.hour_table)
    python tools/generate_tables.py terms      # solar_terms.json (solar_term_table, from sxtwl)
    python tools/generate_tables.py lunar      # lunar_months.json (lunar_month_table, from sxtwl)
    python tools/generate_tables.py openings   # openings_ko.toml (the seeds' Korean translations)
    python tools/generate_tables.py catalog    # docs/judgement.md "The catalog" (each family's rules)
    python tools/generate_tables.py all        # every one of them

Run it after a change the table tests name (``tests/api/test_hour_table.py``,
``tests/calendar/test_solar_term_table.py``, ``tests/calendar/test_lunar_month_table.py``,
``tests/words/test_sources.py``, ``tests/judgement/test_catalog.py``), and commit the files with the change.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import almanac

ROOT = Path(__file__).resolve().parents[1]
#: the package's data folder (the tests read the files there)
DATA = Path(almanac.__file__).resolve().parent / "data"
#: how each table's ``about`` names this script
COMMAND = "python tools/generate_tables.py"


def hour() -> list[Path]:
    from almanac.api import hour_table
    qin, charts = DATA / hour_table.FILE, DATA / hour_table.CHART_FILE
    qin.write_text(hour_table.write_text(hour_table.generate()), encoding="utf-8")
    charts.write_text(hour_table.write_charts_text(hour_table.generate_charts()), encoding="utf-8")
    return [qin, charts]


def terms() -> list[Path]:
    from almanac import calendar, solar_term_table
    path = DATA / solar_term_table.FILE
    path.write_text(solar_term_table.write_text(solar_term_table.generate(calendar.sxtwl_terms)), encoding="utf-8")
    return [path]


def lunar() -> list[Path]:
    from almanac import lunar as lunar_mod, lunar_month_table
    path = DATA / lunar_month_table.FILE
    path.write_text(lunar_month_table.write_text(lunar_month_table.generate(lunar_mod.sxtwl_date)),
                    encoding="utf-8")
    return [path]


def openings() -> list[Path]:
    # the openings are cut from the seeds by the test that checks them (tests/words/test_sources.py)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.words.test_sources import OPENINGS_KO, _toml, korean_openings
    OPENINGS_KO.write_text(_toml(korean_openings()), encoding="utf-8")
    return [OPENINGS_KO]


#: the document whose "The catalog" table lists each family's rules with their vetoes and graves
DOC = ROOT / "docs" / "judgement.md"


def catalog_table(text: str) -> str:
    """``text`` (docs/judgement.md) with each family row of "The catalog" written from the catalog:
    the family's rules in catalog order, each with the tasks it vetoes and is grave for."""
    from almanac import config
    from almanac.judgement.catalog import load_catalog
    from almanac.judgement.score import task_profiles

    cat, tasks = load_catalog(), list(task_profiles(config.load({})))

    def which(ts) -> str:
        if "all" in ts:
            return "all"
        rest = [t for t in tasks if t not in ts]
        if len(rest) <= 2 and len(ts) > 4:
            return "all but " + ", ".join(rest)
        return ", ".join(t for t in tasks if t in ts)

    def label(r) -> str:
        marks = [f"{kind}: {which(ts)}" for kind, ts in (("veto", r.veto), ("grave", r.grave)) if ts]
        return f"`{r.id}`" + (f" ({'; '.join(marks)})" if marks else "")

    def row(m) -> str:
        rules = [r for r in cat.rules if r.family == m.group(1)]
        return f"| `{m.group(1)}` ({len(rules)}) | " + ", ".join(label(r) for r in rules) + " |"

    return re.sub(r"^\| `([a-z._]+)` \(\d+\) \| .* \|$", row, text, flags=re.M)


def catalog() -> list[Path]:
    DOC.write_text(catalog_table(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    return [DOC]


TABLES = {"hour": hour, "terms": terms, "lunar": lunar, "openings": openings, "catalog": catalog}


def main(argv: list[str]) -> int:
    names = list(TABLES) if argv == ["all"] else argv
    if not names or any(n not in TABLES for n in names):
        print(f"usage: {COMMAND} {'|'.join([*TABLES, 'all'])} …", file=sys.stderr)
        return 2
    for name in names:
        for path in TABLES[name]():
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
