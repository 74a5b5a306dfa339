"""The book-readings measuring stick: its data file's shape and the bench script's arithmetic."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from almanac.cycles import BRANCHES, PILLARS

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "book_readings.json"
TASKS = {"travel", "marriage", "wealth", "health", "office", "lawsuit", "competition", "pursuit",
         "delegate", "negotiation", "general"}


def _bench():
    spec = importlib.util.spec_from_file_location("book_agreement", ROOT / "bench" / "book_agreement.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def doc():
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_rows_have_the_documented_shape(doc):
    names = [str(p) for p in PILLARS]
    assert {"book", "numbering", "labels", "heldout"} <= set(doc["about"])
    rows = doc["rows"]
    assert len(rows) >= 500
    assert len({(r["day"], r["gan_shang"]) for r in rows}) >= 100
    for r in rows:
        assert r["day"] in names, r
        assert len(r["gan_shang"]) == 1 and r["gan_shang"] in BRANCHES, r
        assert r["noble"] in (None, "day", "night"), r
        assert r["task"] in TASKS, r
        assert r["label"] in ("fav", "unfav", "neutral"), r
        assert 0 < len(r["clue"]) <= 16, r
        assert r["book"] and r["url"].startswith("http"), r
        assert r["heldout"] is (names.index(r["day"]) % 3 == 0), r


def test_no_row_repeats_a_key_within_one_book(doc):
    keys = [(r["book"], r["day"], r["gan_shang"], r["task"], r["noble"]) for r in doc["rows"]]
    assert len(keys) == len(set(keys))


def test_both_halves_of_the_split_are_used(doc):
    held = [r for r in doc["rows"] if r["heldout"]]
    assert 0.2 < len(held) / len(doc["rows"]) < 0.5


def test_auc_on_constructed_inputs():
    b = _bench()
    assert b.auc([3, 4], [1, 2]) == 1.0
    assert b.auc([1, 2], [3, 4]) == 0.0
    assert b.auc([1, 1], [1, 1]) == 0.5
    assert b.auc([2, 0], [1]) == 0.5
    assert b.auc([], [1]) is None
    assert b.pooled_auc([([2], [1]), ([0], [5, 6])]) == pytest.approx(1 / 3)


def test_sign_agreement_on_constructed_inputs():
    b = _bench()
    assert b.sign_agreement([1, 2], [-1, -3]) == 1.0
    assert b.sign_agreement([0, 0], [0]) == 0.0
    assert b.sign_agreement([1, -1], [-1, 1]) == 0.5


def test_the_script_runs_on_a_small_file(tmp_path):
    b = _bench()
    rows = [{"day": "庚寅", "gan_shang": "寅", "noble": None, "task": "marriage", "label": lab,
             "clue": "x", "book": "b", "url": "http://x", "heldout": False} for lab in ("fav", "unfav")]
    path = tmp_path / "rows.json"
    path.write_text(json.dumps({"about": {}, "rows": rows}, ensure_ascii=False), encoding="utf-8")
    assert b.main(["--data", str(path), "--json"]) == 0
    m = b.measure(rows)["tasks"]["marriage"]
    assert m["auc"] == 0.5 and (m["fav"], m["unfav"]) == (1, 1)


def test_the_source_option_keeps_one_transcriptions_rows(tmp_path, capsys):
    b = _bench()
    rows = [{"day": "庚寅", "gan_shang": "寅", "noble": None, "task": "marriage", "label": "fav",
             "clue": "x", "book": "b", "url": url, "heldout": False}
            for url in ("http://one/a", "http://two/b", "http://two/c")]
    path = tmp_path / "rows.json"
    path.write_text(json.dumps({"about": {}, "rows": rows}, ensure_ascii=False), encoding="utf-8")
    assert b.main(["--data", str(path), "--json", "--source", "two"]) == 0
    assert json.loads(capsys.readouterr().out)["tasks"]["marriage"]["fav"] == 2
