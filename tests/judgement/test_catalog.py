"""The rule catalog's schema: grave tasks, grants (the phrase that makes a text speak to a task),
quotes and readings — each checked when the catalog is loaded, each phrase verbatim in its paragraph."""
from __future__ import annotations

from pathlib import Path

import pytest

from almanac.judgement.catalog import load_catalog
from almanac.sources import CLASSICS, BookSource
from almanac.judgement.conditions import CatalogError

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
CAT = load_catalog()
SRC = "000_4c1b45775ab319f3.txt: 時直空亡"
# phrases of that paragraph (截路空亡), used to build small catalogs
TRAVEL = "截路空亡，出行大忌"
ALL = "此時若出離門，諸事不利"


def _paragraph(source) -> str:
    lines = [l for l in (SEEDS / source.file).read_text(encoding="utf-8").splitlines() if l.strip()]
    hits = [l for l in lines if l.startswith(source.opening)]
    assert len(hits) == 1, f"{source}: {len(hits)} paragraphs open so"
    return hits[0]


def _load(tmp_path, body: str):
    (tmp_path / "x.toml").write_text(
        '[[rule]]\nid = "qin.x"\nfamily = "qin.taboo"\nwhen = { fact = "jielu", eq = true }\n'
        f'text = {{ zh = "甲", ko = "가", en = "a" }}\nsource = "{SRC}"\n' + body, encoding="utf-8")
    load_catalog.cache_clear()
    try:
        return load_catalog(str(tmp_path)).by_id["qin.x"]
    finally:
        load_catalog.cache_clear()


SEED_RULES = [r for r in CAT.rules if not isinstance(r.source, BookSource)]
BOOK_RULES = [r for r in CAT.rules if isinstance(r.source, BookSource)]


@pytest.mark.parametrize("rule", BOOK_RULES, ids=lambda r: r.id)
def test_a_book_rules_grants_stand_in_its_quoted_sentence(rule):
    assert rule.source.book in CLASSICS and rule.source.chapter and rule.source.quote
    for task, src in rule.grants.items():
        assert (src.book, src.chapter) == (rule.source.book, rule.source.chapter)
        assert src.quote in rule.source.quote, f"{rule.id}: grants.{task}"


def test_a_book_rules_grant_outside_its_quote_is_refused(tmp_path):
    (tmp_path / "x.toml").write_text(
        '[[rule]]\nid = "liuren.x"\nfamily = "liuren.method"\nwhen = { fact = "fuyin", eq = true }\n'
        'effect = { travel = -1.0 }\ngrants = { travel = "不在此句" }\n'
        'text = { zh = "甲", ko = "가", en = "a" }\n'
        'source = { book = "《畢法賦》", chapter = "所謀多拙逢羅網", quote = "所謀多拙逢羅網" }\n', encoding="utf-8")
    load_catalog.cache_clear()
    try:
        with pytest.raises(CatalogError, match="not in the quoted sentence"):
            load_catalog(str(tmp_path))
    finally:
        load_catalog.cache_clear()


@pytest.mark.parametrize("rule", SEED_RULES, ids=lambda r: r.id)
def test_grants_and_quote_stand_verbatim_in_the_cited_paragraph(rule):
    para = _paragraph(rule.source)
    assert rule.source.quote is None or rule.source.quote in para
    for task, src in rule.grants.items():
        assert src.opening == rule.source.opening and src.quote in para, f"{rule.id}: grants.{task}"


@pytest.mark.parametrize("rule", CAT.rules, ids=lambda r: r.id)
def test_a_rule_only_moves_the_tasks_its_text_speaks_to(rule):
    for task in CAT.tasks:
        if rule.effect_for(task) or task in rule.veto or rule.grave_for(task):
            assert rule.speaks_to(task), f"{rule.id} affects {task} without a grant"


@pytest.mark.parametrize("rule", CAT.rules, ids=lambda r: r.id)
def test_a_grave_rule_never_helps_the_task_it_dooms(rule):
    for task in CAT.tasks:
        if rule.grave_for(task):
            assert rule.effect_for(task) < 0 or task in rule.veto, f"{rule.id} grave for {task}"


def test_grave_grants_quote_and_reading_load(tmp_path):
    r = _load(tmp_path, f'effect = {{ travel = -3.0, default = -1.0 }}\ngrave = ["travel"]\n'
                        f'grants = {{ travel = "{TRAVEL}", all = "{ALL}" }}\nquote = "{TRAVEL}"\n'
                        'reading = "why"\n')
    assert r.grave_for("travel") and not r.grave_for("marriage")
    assert r.source.quote == TRAVEL and r.reading == "why"
    assert r.grants["travel"].quote == TRAVEL and r.speaks_to("marriage")


def test_every_rule_must_show_its_grants(tmp_path):
    with pytest.raises(CatalogError, match="missing 'grants'"):
        _load(tmp_path, 'effect = { travel = -1.0 }\n')


def test_veto_is_grave_and_grave_all_covers_every_task(tmp_path):
    r = _load(tmp_path, f'effect = {{ travel = -1.0 }}\nveto = ["travel"]\ngrants = {{ travel = "{TRAVEL}" }}\n')
    assert r.grave_for("travel") and not r.grave_for("wealth") and not r.speaks_to("wealth")
    r = _load(tmp_path, f'effect = {{ default = -1.0 }}\ngrave = ["all"]\ngrants = {{ all = "{ALL}" }}\n')
    assert all(r.grave_for(t) for t in CAT.tasks)


@pytest.mark.parametrize("body, message", [
    ('effect = { travel = 1.0 }\ngrave = ["travel"]\n', "needs a negative effect or a veto"),
    ('effect = { default = -1.0, marriage = 0.5 }\ngrave = ["all"]\n', "grave for 'marriage'"),
    ('effect = { travel = -1.0 }\ngrave = ["flying"]\n', "grave must list known tasks"),
    (f'effect = {{ travel = -1.0, wealth = -1.0 }}\ngrants = {{ travel = "{TRAVEL}" }}\n', "speak to wealth"),
    (f'effect = {{ default = -1.0 }}\ngrants = {{ travel = "{TRAVEL}" }}\n', "needs grants.all"),
    (f'effect = {{ travel = -1.0 }}\nveto = ["delegate"]\ngrants = {{ travel = "{TRAVEL}" }}\n', "speak to delegate"),
    ('effect = { travel = -1.0 }\ngrants = { travel = "" }\n', "non-empty phrase"),
    (f'effect = {{ travel = -1.0 }}\ngrants = {{ trip = "{TRAVEL}" }}\n', "unknown task 'trip'"),
    (f'effect = {{ travel = -1.0 }}\nreading = 3\ngrants = {{ travel = "{TRAVEL}" }}\n', "reading must be"),
])
def test_bad_schema_fails_at_load(tmp_path, body, message):
    with pytest.raises(CatalogError, match=message):
        _load(tmp_path, body)


def test_the_documented_catalog_is_the_catalog():
    """docs/judgement.md "The catalog" lists each family's rules, vetoes and graves as the catalog
    has them (a rule that changes its grave changes the table: ``python tools/generate_tables.py
    catalog``)."""
    import importlib.util
    path = Path(__file__).resolve().parents[2] / "tools" / "generate_tables.py"
    spec = importlib.util.spec_from_file_location("_tools_generate_tables", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    doc = script.DOC.read_text(encoding="utf-8")
    assert "| `liuren.jiang` (" in doc
    assert script.catalog_table(doc) == doc, "the catalog table is out of date: python tools/generate_tables.py catalog"
    # the table reads the catalog: a family row with a wrong count is rewritten
    stale = doc.replace("| `liuren.jiang` (", "| `liuren.jiang` (1", 1)
    assert script.catalog_table(stale) == doc
