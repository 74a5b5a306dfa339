"""The 死奇課's reading and its own exception (課經集 死奇課): 「辰為天罡刑獄之曜疾病死期征戰凶兆論訟囚干貴
失靠婚嫁出行禍患自招…若旺相德合相生遇吉將或六處有冲克救神及日奇反吉…為死奇回光除禍為福」 — the
斗罡 (辰) opening the chart with a good general on it, generating the day, or met by a live 戌 (沖) or
寅/卯 (剋) in the lessons or the transmissions turns the grave reading into its opposite."""
from __future__ import annotations

import pytest

from almanac import api
from almanac.cycles import BRANCHES, PILLARS

GOOD = {"貴人", "六合", "青龍", "太常", "太陰", "天后"}
TASKS = ("health", "competition", "lawsuit", "marriage", "travel")


@pytest.fixture(scope="module")
def siqi():
    """Every textbook 局 (day noble) whose 課體 include 死奇, read for each task the 課 speaks to."""
    out = []
    for p in PILLARS:
        for g in BRANCHES:
            c = api.textbook_chart(str(p), gan_shang=g, noble="day")
            if any(k["name"] == "死奇" for k in c["keti"]):
                out.append((str(p), g, c))
    return out


def _rescued(day: str, c) -> bool:
    live = [x for x in {l["upper"] for l in c["lessons"]} | set(c["transmissions"]) if x not in c["void"]]
    metal = day[0] in "庚辛"                         # 辰 (土) generates the metal stems
    return c["generals"]["辰"] in GOOD or metal or any(x in "戌寅卯" for x in live)


def test_the_dippers_handle_opens_every_deadly_wonder(siqi):
    assert siqi and all(c["transmissions"][0] == "辰" for _, _, c in siqi)


@pytest.mark.parametrize("task", TASKS)
def test_a_rescued_deadly_wonder_turns_its_light_back(siqi, task):
    seen = set()
    for day, g, _ in siqi:
        c = api.textbook_chart(day, gan_shang=g, noble="day", task=task)
        rules = {x["rule"]: x for x in c["reading"]["reasons"]}
        rescued = _rescued(day, c)
        seen.add(rescued)
        assert (f"liuren.k_siqi_{task}" in rules) is (not rescued), (day, g)
        if rescued and f"liuren.k_siqi_huiguang_{task}" in rules:
            assert rules[f"liuren.k_siqi_huiguang_{task}"]["effect"] > 0
    assert seen == {True, False}


def test_an_unrescued_deadly_wonder_stays_grave_for_the_sick(siqi):
    grave = [(d, g) for d, g, c in siqi if not _rescued(d, c)]
    assert grave
    for d, g in grave:
        reading = api.textbook_chart(d, gan_shang=g, noble="day", task="health")["reading"]
        assert reading["verdict"] not in ("吉", "大吉"), (d, g)
