"""A year of days, judged days, ``best`` answers and feeds on fixed inputs answer byte for byte as
recorded (tests/answers.py says how the record is made and when it is made again)."""
from __future__ import annotations

import json

import pytest

from tests import answers


@pytest.mark.slow
def test_a_year_of_answers_is_byte_identical_to_the_record(monkeypatch, tmp_path):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path))
    recorded = json.loads(answers.RECORD.read_text(encoding="utf-8"))
    now = {**answers.compute(), **answers.compute_feeds()}
    assert set(now) == set(recorded)
    changed = sorted(k for k in now if now[k] != recorded[k])
    assert not changed, (f"{len(changed)} of {len(now)} answers differ from tests/data/answers.json: "
                         f"{changed[:8]} — if the change is meant, record again: python -m tests.answers --write")


def test_the_digest_sees_a_changed_answer():
    day = answers._digest({"a": 1})
    assert answers._digest({"a": 2}) != day and answers._digest({"a": 1}) == day
    body = b"BEGIN:VEVENT\r\nDTSTAMP:20261201T000000Z\r\nLAST-MODIFIED:20261201T000000Z\r\nSUMMARY:x\r\n y\r\nEND:VEVENT"
    assert answers._feed_text(body) == b"BEGIN:VEVENT\r\nSUMMARY:xy\r\nEND:VEVENT"
