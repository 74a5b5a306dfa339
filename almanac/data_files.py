"""The tables shipped in ``almanac/data/`` that code made (solar terms, lunar months): read one,
and write one as its file holds it — a line per field, then one line per row, so a change to the
table shows as lines.

>>> print(table_text({"about": "x", "first": 1, "rows": [[1, 2], [3]]}, "rows"), end="")
{
"about": "x",
"first": 1,
"rows": [
[1,2],
[3]
]
}
"""
from __future__ import annotations

import json
from importlib import resources


def read(name: str) -> dict:
    """The parsed file ``almanac/data/<name>``."""
    return json.loads(resources.files("almanac").joinpath("data", name).read_text(encoding="utf-8"))


def table_text(table: dict, rows: str) -> str:
    """The text of ``table``: each field on its line, the list ``rows`` one compact row a line."""
    parts = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" if k != rows else
             f"{json.dumps(k)}: [\n" + ",\n".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False)
                                                  for r in v) + "\n]"
             for k, v in table.items()]
    return "{\n" + ",\n".join(parts) + "\n}\n"


__all__ = ["read", "table_text"]
