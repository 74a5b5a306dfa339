"""The taboos are one registry (``almanac.qin.taboos.TABOOS``): a new one is an entry there (its
test, source, names) and the rules that weigh it, and every layer shows it — the hour's JSON, the
hour table, the judgement facts, the reasons, the console, the feeds and the reports.

The new taboo here is made up: 「午忌」, every 午 hour, weighed by a rule in a rule file of its own.
It is added as an edit of the registry would add it — before anything reads the registry — in a
fresh interpreter, so nothing the test process has built is touched.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from almanac.judgement import catalog
from almanac.judgement.facts import FACTS, TABOO_FACTS
from almanac.qin import taboos
from almanac import terms as T

ROOT = Path(__file__).resolve().parents[2]

#: the registry entry of the made-up taboo, as it would be written in almanac/qin/taboos.py
ENTRY = '''
Taboo(
    "wuji", ("hour",), lambda p, m, d, o: p.branch == 6, SRC_JIELU,
    names={"zh-Hant": "午忌", "zh-Hans": "午忌", "ko": "오기(午忌)", "en": "noon taboo (午忌)"},
    explain={"zh-Hant": "午忌：午時忌用。", "zh-Hans": "午忌：午时忌用。",
             "ko": "오기(午忌): 오(午)시에는 꺼린다.", "en": "Noon taboo (午忌): the Wu (午) hour is avoided."},
    short="午忌",
)
'''

#: its rule file: the fact the registry gives it (``hour_wuji``), weighed for every task
RULES = '''
[[rule]]
id = "qin.wuji"
family = "qin.taboo"
when = { fact = "hour_wuji", eq = true }
effect = { default = -1.0 }
grants = { all = "空亡者，乃時上天干帶壬癸是也" }
text.zh = "午忌 — 試之"
text.ko = "오기(午忌) — 시험"
text.en = "The noon taboo (午忌) — a trial"
source = "000_4c1b45775ab319f3.txt: 時直空亡"
'''

#: what the fresh interpreter does: the entry added to the registry and the rule file to the
#: rules, then one day read through every layer
SCRIPT = '''
import json, os, sys
from pathlib import Path
import almanac.qin.taboos as taboos
from almanac.qin.taboos import *          # what an entry in the registry's module may name
from almanac.qin.taboos import SRC_JIELU
taboos.TABOOS += (eval(sys.argv[1], vars(taboos)),)

from almanac.judgement import catalog
catalog.RULES_DIR = Path(sys.argv[2])

from almanac import api, config
from almanac.cli.day import render
from almanac.exports import feeds, reports
from almanac.judgement.facts import day_facts
from zoneinfo import ZoneInfo

day, tz = "2026-03-04", "Asia/Shanghai"
doc = api.day(day, tz=tz)
judged = api.judge_day(day, tz=tz, task="travel", lang="en")
facts = [f for _, f in day_facts(__import__("datetime").date.fromisoformat(day), ZoneInfo(tz), config.load(None))]
feed = feeds.build_feed("travel", day, day, tz, "en", None, {"feeds": {"kind": "avoid"}}).body.decode()
out = Path(sys.argv[3])
reports.write_reports(day, 1, out, lang="en", tz=tz)
print(json.dumps({
    "flags": [h["flags"] for h in doc["hours"]],
    "facts": [f["hour_wuji"] for f in facts],
    "reasons": [[r.get("rule") for r in h["reasons"]] for h in judged["hours"]],
    "texts": [[r.get("text") for r in h["reasons"]] for h in judged["hours"]],
    "console": render(doc),
    "feed": feed,
    "report": (out / (day + ".md")).read_text(encoding="utf-8"),
}, ensure_ascii=False))
'''


@pytest.fixture(scope="module")
def with_new_taboo(tmp_path_factory) -> dict:
    """One day read with the made-up taboo in the registry and its rule file among the rules."""
    tmp = tmp_path_factory.mktemp("taboo")
    rules = tmp / "rules"
    shutil.copytree(catalog.RULES_DIR, rules)
    (rules / "900_wuji.toml").write_text(RULES, encoding="utf-8")
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith("ALMANAC_")}
    env["ALMANAC_DATA_DIR"] = str(tmp / "data")
    out = subprocess.run([sys.executable, "-c", SCRIPT, ENTRY, str(rules), str(tmp / "reports")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_every_layer_reads_the_registry():
    """The taboos' ids, facts and terms are the registry's, in its order."""
    ids = [t.id for t in taboos.TABOOS]
    assert ids == ["anjin", "fuduan", "jielu", "jielu_strict"]
    assert list(T.FLAGS) == ids
    assert TABOO_FACTS == ("day_anjin", "hour_anjin", "day_fuduan", "hour_fuduan", "jielu", "jielu_strict")
    assert all(FACTS[name].kind == "bool" for name in TABOO_FACTS)
    assert [t.id for t in taboos.of_scope("day")] == ["anjin", "fuduan"]


@pytest.mark.slow
def test_a_new_hour_taboo_is_its_entry_and_its_rule_file(with_new_taboo):
    got = with_new_taboo
    wu = 6
    # the hour's JSON: the new flag after the others, on the 午 hour only
    for b, flags in enumerate(got["flags"]):
        assert list(flags) == ["anjin", "fuduan", "jielu", "jielu_strict", "wuji"]
        assert flags["wuji"] is (b == wu)
    # the judgement facts, and a reason citing its rule on that hour alone
    assert got["facts"] == [b == wu for b in range(12)]
    assert [b for b, ids in enumerate(got["reasons"]) if "qin.wuji" in ids] == [wu]
    assert any("noon taboo (午忌)" in t for t in got["texts"][wu])
    # the console, the feed (the avoid hours, titled with why) and the report
    assert "午忌" in got["console"]
    assert "noon taboo (午忌)" in got["feed"]
    assert "noon taboo (午忌)" in got["report"] and "the Wu (午) hour is avoided" in got["report"]
