"""A reason names the case that applied: where a verse gives one image for each branch a general
stands on (「臨門在卯，倚戶在酉…」), the reader is shown the image of the branch the general stands on
in that chart, not the verse's whole list of positions. Built from the verses of the seed and the
book sentences the rules quote."""
from __future__ import annotations

from pathlib import Path

import pytest

from almanac import api
from almanac.judgement.catalog import load_catalog
from almanac.judgement.vocabulary import FACTS

CAT = load_catalog()
SEEDS = Path(__file__).resolve().parents[1] / "seeds"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
STEMS = "甲乙丙丁戊己庚辛壬癸"
#: the facts that say which branch a general stands on, and the general
ON = {"taiyin_on": "太陰", "tianhou_on": "天后", "xuanwu_on": "玄武", "baihu_on": "白虎"}
#: words that hold a branch's character without naming the branch (「偏宜君子之貞」)
WORDS = ("君子",)
#: what a rule's reading says when a list of branches is its sentence's own class, one image for all
OWN_CLASS = "the sentence's own class"


def paragraph(seed: str, opening: str) -> str:
    hits = [p for p in (SEEDS / seed).read_text(encoding="utf-8").splitlines() if p.startswith(opening)]
    assert len(hits) == 1, opening
    # the seed's variant forms (戍 for 戌, 沭 for 沐, 戸 for 戶), as the rule texts write them
    return hits[0].replace("戍", "戌").replace("沭", "沐").replace("戸", "戶")


# Each verse's image per branch, as the verse places it: 「垂簾在子」, 「在巳毀妝」, 「寅跌足」.
TAIYIN = {"子": "垂簾", "丑": "守局", "戌": "被察", "辰": "遭淫", "寅": "跌足", "午": "脫巾", "亥": "裸形",
          "巳": "伏枕", "酉": "閉戶", "未": "看書", "卯": "微行", "申": "執正"}
# 「在巳毀妝，在辰不悲憂則羞辱」: the verse gives 辰 no image of its own, only what befalls there
TIANHOU = {"子": "守閨", "亥": "治事", "卯": "臨門", "酉": "倚戶", "戌": "褰帷", "午": "伏枕", "巳": "毀妝",
           "寅": "理髮", "申": "修容", "丑": "偷窺", "未": "沐浴"}
# 卷二 玄武 (the rules quote the verse): 「折足在申，遭囚在戌」, 「愛寅兮入林」, 「在亥名伏藏」, 「拔劍在酉」
XUANWU = {"申": "折足", "戌": "遭囚", "寅": "入林", "亥": "伏藏", "酉": "拔劍"}
IMAGES = {"太陰": TAIYIN, "天后": TIANHOU, "玄武": XUANWU}


def test_the_images_are_the_verses_own():
    taiyin = paragraph("003_089677c8ddf9fd3a.txt", "太陰所為蔽匿")
    tianhou = paragraph("003_089677c8ddf9fd3a.txt", "天后婦女，敝匿陰私")
    xuanwu = "".join(CAT.by_id[r].source.quote for r in ("liuren.m_bu_wu_shishi_shen", "liuren.m_bu_wu_nanxun_yin"))
    for verse, images in ((taiyin, TAIYIN), (tianhou, TIANHOU), (xuanwu, XUANWU)):
        for b, image in images.items():
            placed = (f"{image}在{b}", f"在{b}{image}", f"{b}{image}", f"{b}兮{image}", f"在{b}名{image}")
            assert any(p in verse for p in placed), (b, image)
    assert "在辰不悲憂則羞辱" in tianhou and "羞辱" in CAT.by_id["liuren.tianhou_bu_chen"].text["zh"]


def _others(text: str, b: str, images: dict) -> list[str]:
    """The other branches, and the images of other branches, that ``text`` names beside ``b``."""
    words = text
    for word in WORDS:
        words = words.replace(word, "")
    return [o for o in BRANCHES if o != b and o in words] + [i for o, i in images.items() if o != b and i in text]


def _on_eq(when) -> "tuple[str, str] | None":
    """The (fact, branch) a condition pins a general's position to with ``eq``, if it does."""
    for c in _conditions(when):
        if c["fact"] in ON and "eq" in c:
            return c["fact"], c["eq"]
    return None


def _conditions(when):
    """The plain conditions a rule's ``when`` requires or allows (not those under a ``not``)."""
    if "fact" in when:
        yield when
    for key in ("all", "any"):
        for c in when.get(key, ()):
            yield from _conditions(c)


def test_no_rule_reads_a_list_of_positions_with_one_text_naming_them_all():
    # a rule whose condition lets a general stand on any of several branches shows one text for all of
    # them: it may name more than one only where the list is the sentence's own class (one image for
    # all, 「復有其神臨卯酉」), and its reading says so
    on_facts = {f for f in FACTS if f.endswith("_on")}
    assert on_facts == set(ON)
    lists = 0
    for r in CAT.rules:
        for c in _conditions(r.when):
            if c["fact"] in on_facts and len(c.get("in", ())) > 1:
                lists += 1
                for lang in ("zh", "ko", "en"):
                    named = [b for b in c["in"] if b in r.text[lang]]
                    assert len(named) <= 1 or OWN_CLASS in (r.reading or ""), (r.id, lang, named)
    assert lists >= 2     # 「臨卯酉」 and 「子亥卯酉同傳者」 stay one rule each, and say why


def test_a_rule_pinned_to_one_position_names_that_position_and_its_image():
    pinned = 0
    for r in CAT.rules:
        hit = _on_eq(r.when)
        if hit is None:
            continue
        pinned += 1
        fact, b = hit
        for lang in ("zh", "ko", "en"):
            assert b in r.text[lang], (r.id, lang)
        images = IMAGES.get(ON[fact], {})
        if b in images:
            assert images[b] in r.text["zh"], r.id
        for lang in ("zh", "ko", "en"):
            assert not _others(r.text[lang], b, images), (r.id, lang, _others(r.text[lang], b, images))
    assert pinned >= 27


def _charts():
    for i in range(60):
        for gan_shang in BRANCHES:
            for noble in ("day", "night"):
                yield STEMS[i % 10] + BRANCHES[i % 12], gan_shang, noble


@pytest.mark.parametrize("task", ["general", "marriage", "office", "wealth", "pursuit"])
def test_a_chart_shows_the_image_of_the_branch_its_general_stands_on(task):
    # every textbook chart (sixty days, twelve 干上, by day and by night) whose reading gives a reason
    # of a verse of positions: the reason's text names the branch the general stands on in that chart
    # and its image, and no other branch of the verse
    seen = set()
    for day, gan_shang, noble in _charts():
        doc = api.textbook_chart(day, gan_shang=gan_shang, noble=noble, task=task)
        stands = {g: b for b, g in doc["generals"].items()}
        for reason in doc["reading"]["reasons"]:
            hit = _on_eq(CAT.by_id[reason["rule"]].when)
            if hit is None or ON[hit[0]] not in IMAGES:
                continue
            general, b = ON[hit[0]], hit[1]
            images = IMAGES[general]
            assert stands[general] == b, (day, gan_shang, noble, reason["rule"])
            text = reason["text"]
            assert b in text and images.get(b, b) in text, (day, gan_shang, reason["rule"], text)
            assert not _others(text, b, images), (day, gan_shang, text)
            seen.add(reason["rule"])
    assert len(seen) >= 3, seen


def test_tianhou_on_mao_is_shown_at_the_gate_and_nowhere_else():
    # 「臨門在卯，倚戶在酉，姦淫不足。褰帷在戌，伏枕在午…」: 辛未 with 卯 over the stem, by night, puts
    # 天后 on 卯 in the lessons; the reader is shown 臨門在卯, not the verse
    doc = api.textbook_chart("辛未", gan_shang="卯", noble="night", task="general")
    assert doc["generals"]["卯"] == "天后"
    shown = [r for r in doc["reading"]["reasons"] if r["rule"].startswith("liuren.tianhou_bu")]
    assert [r["rule"] for r in shown] == ["liuren.tianhou_bu_mao"]
    text = shown[0]["text"]
    assert "臨門在卯" in text and "姦淫不足" in text
    assert not _others(text, "卯", TIANHOU)
    for lang in ("ko", "en"):
        other = api.textbook_chart("辛未", gan_shang="卯", noble="night", task="general", lang=lang)
        t = next(r["text"] for r in other["reading"]["reasons"] if r["rule"] == "liuren.tianhou_bu_mao")
        assert "(卯)" in t and not _others(t, "卯", {}), (lang, t)


def test_a_marriage_chart_is_shown_its_own_case():
    # the same for a marriage question: 壬申 with 午 over the stem, by day, puts 天后 on 午 —
    # 「伏枕在午，非嘆息則呻吟」, and nothing of the gate, the curtain or the bath
    doc = api.textbook_chart("壬申", gan_shang="午", noble="day", task="marriage")
    shown = [r for r in doc["reading"]["reasons"] if r["rule"].startswith("liuren.tianhou_bu")]
    assert [r["rule"] for r in shown] == ["liuren.tianhou_bu_wu"]
    assert doc["generals"]["午"] == "天后"
    text = shown[0]["text"]
    assert "伏枕在午" in text and not _others(text, "午", TIANHOU)


def test_each_liuqing_image_names_its_own_pair_only():
    # 「申子為貪狼…亥卯為陰賊…辰未為奸邪」, 「各以其情斷其奸謀災異」: one rule per image; the two branches
    # of an image are the sentence's own pair
    verse = paragraph("001_b9dd49d181959cb6.txt", "人宅，即干支也")
    pairs = {"tanlang": ("申子", "貪狼"), "yinzei": ("亥卯", "陰賊"), "jianxie": ("辰未", "奸邪")}
    for name, (pair, image) in pairs.items():
        assert f"{pair[0]}、{pair[1]}為{image}" in verse or f"{pair}為{image}" in verse, image
        r = CAT.by_id[f"liuren.liuqing_xiongjiang_{name}"]
        assert r.aspect == "liuqing" and r.effect_for("negotiation") < 0
        others = "".join(p for p, _ in pairs.values() if p != pair)
        for lang in ("zh", "ko", "en"):
            assert all(b in r.text[lang] for b in pair) and not set(r.text[lang]) & set(others), (name, lang)
        assert image in r.text["zh"] and not [i for _, i in pairs.values() if i != image and i in r.text["zh"]]


def test_a_config_naming_a_verse_before_its_split_names_every_case():
    # a user's config written when 「天后臨門在卯、倚戶在酉…」 was one rule still reads: its weight and
    # veto go to every case, and an id that was never a rule is still refused
    from almanac import config
    from almanac.errors import BadInput
    from almanac.judgement.catalog import load_catalog
    from almanac.judgement.score import task_profiles

    cat = load_catalog()
    cases = cat.ids("liuren.tianhou_bu")
    assert len(cases) == 8 and all(c.startswith("liuren.tianhou_bu_") and c in cat.by_id for c in cases)
    prof = task_profiles(config.load({"tasks": {"marriage": {
        "rules": {"liuren.tianhou_bu": 0.5}, "veto": ["liuren.m_bu_wu_nanxun"]}}}))["marriage"]
    assert dict(prof.rules) == {c: 0.5 for c in cases}
    assert prof.veto == frozenset({"liuren.m_bu_wu_nanxun_yin", "liuren.m_bu_wu_nanxun_hai"})
    with pytest.raises(BadInput):
        task_profiles(config.load({"tasks": {"marriage": {"rules": {"liuren.tianhou_bu_nowhere": 1}}}}))
