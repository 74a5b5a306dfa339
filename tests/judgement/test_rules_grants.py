"""A rule speaks only to the questions its paragraph speaks to: applied to a moment where it fires,
it gives a reason for the task its text names and none for a task it does not. Each test reads the
seed paragraph it rests on, so a quoted phrase that left the seed would fail here too."""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from almanac import api
from almanac.judgement.catalog import load_catalog

CAT = load_catalog()
SEEDS = Path(__file__).resolve().parents[1] / "seeds"
TZ = "Asia/Seoul"


def paragraph(seed: str, opening: str) -> str:
    hits = [p for p in (SEEDS / seed).read_text(encoding="utf-8").splitlines() if p.startswith(opening)]
    assert len(hits) == 1, opening
    return hits[0]


def hours_where(rule_id: str, task: str, days: int = 20, start=date(2026, 3, 1), born=None, sex=None):
    """The hours of ``days`` days from ``start`` where ``rule_id`` fires (read from the facts, for no
    task in particular), and those where it gives ``task`` a reason (read from the judged day)."""
    from almanac import config
    from almanac.judgement.person import parse_person
    from almanac.judgement.search import judged_facts, person_facts_of_day
    cfg, person, index = config.load(), parse_person(born, sex), CAT.rules.index(CAT.by_id[rule_id])
    fired, given = set(), set()
    for i in range(days):
        d = start + timedelta(days=i)
        z = ZoneInfo(TZ)
        day = person_facts_of_day(d, z, cfg, person) if person else judged_facts(d, z, cfg)
        fired |= {(d, slot.start.isoformat()) for slot, _, idx in day if index in idx}
        for h in api.judge_day(d, TZ, task, born=born, sex=sex)["hours"]:
            if rule_id in {r["rule"] for r in h["reasons"]}:
                given.add((d, h["start"]))
    return fired, given


# ------------------------------------------------------------------ 001 the siege-escape paragraph

SIEGE = "如罡臨方遇有山水之阻"


def test_the_siege_escape_paragraph_speaks_of_getting_out_not_of_winning():
    # 「…《曾門經》云：“吉神吉將臨日辰行年，勾陳乘神制所出之神，又發用得陰傳出陽者，必免難。”《軍帳賦》云：
    # “若取出路，從勾制以取強。”…二吉臨方突出亦吉」: a way out and escape from harm, not a contest
    text = paragraph("001_b9dd49d181959cb6.txt", SIEGE)
    assert "必免難" in text and "若取出路" in text and "突出亦吉" in text
    rules = [r for r in CAT.rules if getattr(r.source, "opening", None) == SIEGE]
    assert {r.id for r in rules} >= {"liuren.sangong_shi", "liuren.yin_chu_yang", "liuren.xingnian_jishen_jijiang"}
    for r in rules:
        assert r.effect_for("travel") > 0 and r.speaks_to("travel"), r.id
        assert r.effect_for("competition") == 0 and not r.speaks_to("competition"), r.id
        for task, src in r.grants.items():
            assert src.quote in text, (r.id, task)


def test_yin_out_to_yang_is_a_reason_for_travel_and_none_for_a_contest():
    fired, travel = hours_where("liuren.yin_chu_yang", "travel", days=30, start=date(2026, 2, 1))
    assert fired and travel == fired
    assert hours_where("liuren.yin_chu_yang", "competition", days=30, start=date(2026, 2, 1))[1] == set()


def test_a_good_general_over_the_xingnian_is_a_reason_for_travel_and_none_for_a_contest():
    person = {"born": 1980, "sex": "m", "days": 30, "start": date(2026, 1, 1)}
    fired, travel = hours_where("liuren.xingnian_jishen_jijiang", "travel", **person)
    assert fired and travel == fired
    assert hours_where("liuren.xingnian_jishen_jijiang", "competition", **person)[1] == set()


def test_the_escape_is_promised_only_where_the_hour_shows_the_sentences_conditions_together():
    # 「吉神吉將臨日辰行年，勾陳乘神制所出之神，又發用得陰傳出陽者，必免難」 (Korean: 「…임하고, …제주하며,
    # 발용이 또한 …이면, 필정 능히 난을 벗어날 것이다」): one promise after three joined conditions
    text = paragraph("001_b9dd49d181959cb6.txt", SIEGE)
    ko = (SEEDS / "001_b9dd49d181959cb6.txt").read_text(encoding="utf-8").splitlines()
    ko = ko[ko.index(text) + 2]
    assert "吉神吉將臨日辰行年，勾陳乘神制所出之神，又發用得陰傳出陽者，必免難" in text
    assert "임하고" in ko and "제주하며" in ko and "난을 벗어날" in ko
    from almanac import config
    from almanac.judgement.person import parse_person
    from almanac.judgement.search import person_facts_of_day
    good = {"貴人", "六合", "青龍", "太常", "太陰", "天后"}
    cfg, z, person = config.load(), ZoneInfo(TZ), parse_person(1980, "m")
    iy = CAT.rules.index(CAT.by_id["liuren.yin_chu_yang"])
    ix = CAT.rules.index(CAT.by_id["liuren.xingnian_jishen_jijiang"])
    alone = together = with_year = 0
    for i in range(0, 365, 2):
        for slot, f, idx in person_facts_of_day(date(2026, 1, 1) + timedelta(days=i), z, cfg, person):
            # each spirit the sentence names speaks only where it is not void (「吉神空亡吉不成」)
            out = (f["chu"] in "丑卯巳未酉亥" and f["mo"] in "子寅辰午申戌"
                   and not f["chu_void"] and not f["mo_void"])
            over = (f["ganshang_general"] in good and f["zhishang_general"] in good
                    and not f["ganshang_void"] and not f["zhishang_void"]
                    and "剋" not in (f["ganshang_vs_gan"], f["zhishang_vs_gan"]))
            assert (iy in idx) == (out and over), slot.start
            assert (ix in idx) == (out and over and f["xingnian_jishen_jijiang"]), slot.start
            alone += out and not over
            together += out and over
            with_year += ix in idx
    assert alone and together and with_year     # the last clause alone no longer promises anything
    for rid in ("liuren.yin_chu_yang", "liuren.xingnian_jishen_jijiang"):
        assert "three conditions" in CAT.by_id[rid].reading, rid
    assert "勾陳" in CAT.by_id["liuren.yin_chu_yang"].text["ko"]


def test_the_travel_advice_names_the_ways_out_gouchen_controls():
    # 「勾陳制處最為勝」 and 「勾陳乘神制所出之神…《軍帳賦》云：“若取出路，從勾制以取強。”」: the way out
    # is under a spirit the branch 勾陳 rides overcomes (as 「絳宮時出傳送從魁下」 goes out under 申 酉)
    from almanac.cycles import BRANCH_ELEMENT, BRANCHES, element_overcomes
    from almanac.judgement.facts import CORNERS, direction
    assert "勾陳制處最為勝" in paragraph("001_b9dd49d181959cb6.txt", "被圍欲出向天罡")
    assert "若取出路，從勾制以取強" in paragraph("001_b9dd49d181959cb6.txt", SIEGE)
    el = lambda b: BRANCH_ELEMENT[BRANCHES.index(b)]  # noqa: E731
    results = api.best("travel", "2026-03-01", "2026-03-20", tz=TZ, limit=40)["results"]
    named = 0
    for r in results:
        chart = api.chart(r["start"], tz=TZ)
        rides = next(b for b, g in chart["generals"].items() if g == "勾陳")
        avoid = set(r["directions"]["avoid"])
        banned = avoid | (CORNERS if "四維" in avoid else set())
        want = {direction(g) for g, sky in chart["plate"].items()
                if element_overcomes(el(rides), el(sky))} - banned
        assert set(r["directions"]["gouchen"]) == want, r["start"]
        assert len(r["directions"]["gouchen"]) == len(want)
        named += bool(want)
    assert named
    # a 不可 outweighs a 最為勝: a road the day's stem forbids is not offered (壬癸日不宜向四維)
    from almanac.judgement.facts import directions
    base = {"day_stem": "壬", "month_branch": "子", "tiangang_dir": "南", "tiangang_over": "午",
            "tiangang_class": "仲", "sangong": None, "hour_transform": "", "gouchen_zhi": ("丑", "卯", "午")}
    assert directions(base)["gouchen"] == ["東", "南"]


def test_each_reader_is_told_the_way_out_gouchen_controls_in_their_language():
    from almanac.cli.best import render
    for lang, words in (("zh-Hant", ("宜向勾陳制處",)), ("zh-Hans", ("宜向勾陈制处",)),
                        ("ko", ("구진(勾陳)이 제압하는",)), ("en", ("Hooked Array (勾陳) controls",))):
        doc = api.best("travel", "2026-03-01", "2026-03-05", tz=TZ, limit=5, lang=lang)
        roads = [r["directions"]["gouchen"] for r in doc["results"]]
        assert any(roads), lang
        text = render(doc, "travel", lang)
        assert all(w in text for w in words), lang
        if lang in ("ko", "en"):   # the directions in the reader's words, never 東南 or 西
            line = next(x for x in text.splitlines() if words[0] in x)
            tail = line[line.index(words[0]) + len(words[0]):]
            assert not any(d in tail for d in ("東", "西", "南", "北")), (lang, tail)


# ------------------------------------------------------------------ 002 the backward run (退連茹)

def test_the_backward_run_lowers_office_only():
    # 「占功名…切忌逢空值退茹…有職者退失歸家」; for wealth 「若退茹又無財爻者，惟守常免耗」 (no loss);
    # 「占身命…值退茹則宜退遁」 is a life's course, no task of the almanac's
    office = paragraph("002_70cc0c6be51c96e4.txt", "占功名 主取進")
    wealth = paragraph("002_70cc0c6be51c96e4.txt", "占求財")
    assert "值退茹" in office and "退失歸家" in office and "惟守常免耗" in wealth
    r = CAT.by_id["liuren.lianru_tui"]
    assert r.source.opening == "占功名 主取進" and r.grants["office"].quote in office
    assert "default" not in r.effect and set(r.grants) == {"office"}
    assert r.effect_for("office") < 0 and not r.grave_for("office")
    for t in CAT.tasks - {"office"}:
        assert r.effect_for(t) == 0 and not r.speaks_to(t), t
    fired, given = hours_where("liuren.lianru_tui", "office", days=30)
    assert fired and given == fired
    for task in ("wealth", "travel", "general", "marriage"):
        assert hours_where("liuren.lianru_tui", task, days=30)[1] == set(), task


# ------------------------------------------------------------------ 002 返吟 for a person's 身命

def test_fanyin_redeemed_for_the_persons_course_is_no_cure_for_illness():
    # 「占身命…得旺長生長逢吉將生身命行年者，先凶後吉」 — a person's course; the illness sentence of the
    # same 返吟 paragraph, 「占症病 主吐逆反覆不寧…加虎蛇死氣，主死亡」, has no such redemption
    life = paragraph("002_70cc0c6be51c96e4.txt", "占身命 主身心不定")
    illness = paragraph("002_70cc0c6be51c96e4.txt", "占症病")
    assert "先凶後吉" in life and "先凶後吉" not in illness and "主死亡" in illness
    r = CAT.by_id["liuren.fanyin_sheng_ming"]
    assert set(r.grants) == {"general"} and r.grants["general"].quote in life
    assert r.effect_for("general") > 0 and r.effect_for("health") == 0 and not r.speaks_to("health")
    person = {"born": 1985, "sex": "f"}
    fired, general = hours_where("liuren.fanyin_sheng_ming", "general", days=60, **person)
    assert fired and general == fired
    assert hours_where("liuren.fanyin_sheng_ming", "health", days=60, **person)[1] == set()


# ------------------------------------------------------------------ 001 日辰 against 年命

def test_nianming_sheng_and_ke_weigh_the_same_for_every_task():
    # 「日辰與年命相生則吉，相剋則凶」 names no task: no task may weigh it more than another
    text = paragraph("001_b9dd49d181959cb6.txt", "神將謂日辰上神將也")
    assert "日辰與年命相生則吉，相剋則凶" in text
    for rid, sign in (("liuren.nianming_sheng", 1), ("liuren.nianming_ke", -1)):
        r = CAT.by_id[rid]
        assert set(r.grants) == {"all"} and r.grants["all"].quote in text
        assert {r.effect_for(t) for t in CAT.tasks} == {r.effect_for("general")}, rid
        assert r.effect_for("general") * sign > 0 and not r.grave
    person = {"born": "1980-05-01", "sex": "m"}
    fired, given = hours_where("liuren.nianming_sheng", "competition", days=31, **person)
    effects = set()
    for d, start in sorted(given):
        for task in ("competition", "health", "travel"):
            for h in api.judge_day(d, TZ, task, **person)["hours"]:
                if h["start"] == start:
                    effects |= {(task, r["effect"]) for r in h["reasons"] if r["rule"] == "liuren.nianming_sheng"}
    assert fired and given == fired
    assert len({e for _, e in effects}) == 1 and {t for t, _ in effects} == {"competition", "health", "travel"}


# ------------------------------------------------------------------ 003 word that comes is no envoy sent

def test_word_arriving_is_a_plus_for_talks_not_for_sending_an_envoy():
    # 「用絶事了人信至」 (Korean: 「다만 사람이 와서 소식을 전함을 기다린다」) and 「青龍、太常有使信至」:
    # someone else's word is coming; neither speaks of choosing whom to send
    verse = paragraph("003_089677c8ddf9fd3a.txt", "用起長生凡謀遂")
    assert "用絶事了人信至" in verse
    for rid in ("liuren.fayong_jue", "liuren.long_chang_xin"):
        r = CAT.by_id[rid]
        assert r.effect_for("delegate") == 0 and not r.speaks_to("delegate"), rid
        assert r.effect_for("negotiation") > 0, rid
    fired, talks = hours_where("liuren.fayong_jue", "negotiation", days=30)
    assert fired and talks == fired
    assert hours_where("liuren.fayong_jue", "delegate", days=30)[1] == set()


# ------------------------------------------------------------------ 003 勾陳 as 初傳 over the day

def test_gouchen_as_the_first_transmission_over_the_day_is_bad_whatever_follows():
    # 「勾陳剋日，如不是日上，作初傳，卻中未傳生日，克勾陳不為凶。如在初傳日辰上為鬼，中末傳雖有吉將，亦凶矣」
    note = paragraph("003_089677c8ddf9fd3a.txt", "中末二傳俱吉利")
    assert "如在初傳日辰上為鬼，中末傳雖有吉將，亦凶矣" in note
    r = CAT.by_id["liuren.gouchen_chu_gui"]
    assert all(r.grave_for(t) and r.effect_for(t) < 0 for t in CAT.tasks)
    from almanac import config
    from almanac.judgement.search import judged_facts
    cfg, z, index = config.load(), ZoneInfo(TZ), CAT.rules.index(r)
    days, apart = set(), 0
    for i in range(365):
        d = date(2026, 1, 1) + timedelta(days=i)
        for slot, f, idx in judged_facts(d, z, cfg):
            first = f["chu_general"] == "勾陳" and "勾陳" in f["chuan_generals_ke_gan"]
            over = "勾陳" in (f["ganshang_general"], f["zhishang_general"])
            # 「空亡發用，憂喜俱不成」: a void 發用's 勾陳 comes to nothing
            assert (index in idx) == (first and over and not f["chu_void"]), (d, slot.start)
            apart += first and not over          # 「如不是日上，作初傳」: not this rule's
            if first and over and not f["chu_void"]:
                days.add(d)
    assert days and apart
    for d in sorted(days)[:12]:
        for task in ("general", "wealth", "marriage"):
            for h in api.judge_day(d, TZ, task)["hours"]:
                if r.id in {x["rule"] for x in h["reasons"]}:
                    assert h["verdict"] in ("凶", "大凶"), (d, task, h["start"], h["verdict"])


# ------------------------------------------------------------------ what each reader is told

def test_a_reason_given_for_wealth_tells_every_reader_of_the_money():
    # 「無戰克，宜求婚親，又宜求婦人之財也」 (Korean: 「또한 부인의 재물을 모취함에 마땅하다」): the rule
    # gives wealth a plus from this phrase, so its Korean and English texts must say it too
    note = paragraph("003_089677c8ddf9fd3a.txt", "天后相刑闇昧生")
    r = CAT.by_id["liuren.tianhou_hunch"]
    assert r.effect_for("wealth") > 0 and r.grants["wealth"].quote in note
    assert "婦人之財" in r.text["zh"]
    assert "재물" in r.text["ko"] and "부인" in r.text["ko"]
    assert "money" in r.text["en"] and "woman" in r.text["en"]


def test_fanyin_tells_each_task_the_line_of_the_verse_that_speaks_to_it():
    # 「反吟事反處，百為皆有妨。征途多阻遏，寇盜暗中攻…婚姻無始終」, 「官守須易位…占病百般侵…有罪自相侵」:
    # the rule moves travel, marriage, office, lawsuits, contests and illness each by its own line, so
    # a reader of any of those reasons meets that line; 「出門忌遠行」 is another paragraph's
    verse = paragraph("002_70cc0c6be51c96e4.txt", "斷詩曰：反吟事反處")
    r = CAT.by_id["liuren.fanyin"]
    for task, src in r.grants.items():
        assert src.quote in verse and src.quote in r.text["zh"], task
        assert r.effect_for(task if task != "all" else "general") < 0, task
    assert "出門忌遠行" not in r.text["zh"]
    for word in ("벼슬", "죄", "도적", "혼인", "병"):
        assert word in r.text["ko"], word
    for word in ("office", "guilty", "robbers", "marriages", "illness", "journeys"):
        assert word in r.text["en"], word


# ------------------------------------------------------------------ 002 a void backward run and office

def test_a_void_backward_run_is_bad_for_office_only_when_the_office_line_is_what_is_void():
    # 「如戊申日干上辰，三傳卯寅丑，皆作日之鬼，幸值鬼空…不宜求官，以官爻空也。又丙午日干上辰，三傳卯寅丑，
    # 雖三傳作日之父母生身，但三傳空亡，不利父母」: office only where the 三傳 are the day's 官鬼
    text = paragraph("002_70cc0c6be51c96e4.txt", "又有退連茹而逢空亡者")
    assert "不宜求官，以官爻空也" in text and "不利父母" in text
    plain, guan = CAT.by_id["liuren.lianru_tui_kong"], CAT.by_id["liuren.lianru_tui_kong_guan"]
    assert plain.effect_for("office") > 0 and "office" not in plain.grants
    assert guan.grants["office"].quote in text and set(guan.effect) == {"office"} and guan.effect_for("office") < 0
    from almanac.judgement.facts import rel
    assert rel("寅", "戊") == "剋" and rel("寅", "丙") != "剋"      # the two examples' 中傳
    from almanac import config
    from almanac.judgement.search import judged_facts
    cfg, z = config.load(), ZoneInfo(TZ)
    seen = set()
    for i in range(365):
        d = date(2026, 1, 1) + timedelta(days=i)
        for slot, f, idx in judged_facts(d, z, cfg):
            if "腳踏空亡" in f["patterns"]:
                ids = {CAT.rules[j].id for j in idx}
                assert ("liuren.lianru_tui_kong_guan" in ids) == (f["zhong_vs_gan"] == "剋")
                seen.add(f["zhong_vs_gan"] == "剋")
                if f["zhong_vs_gan"] != "剋" and len(seen) == 2:
                    hours = api.judge_day(d, TZ, "office")["hours"]
                    h = next(h for h in hours if h["start"] == slot.start.isoformat())
                    assert not [r for r in h["reasons"] if r["rule"].startswith("liuren.lianru_tui_kong")
                                and r["effect"] < 0]
    assert seen == {True, False}


def test_the_gouchen_release_cannot_arise_while_its_overcoming_is_read_by_its_element():
    # 「勾陳剋日，如不是日上，作初傳，卻中未傳生日，克勾陳不為凶」: no branch both generates a day 勾陳 (土)
    # overcomes (a 水 day) and overcomes 勾陳 — what the rule's reading says
    from almanac.judgement.facts import rel
    branches = "子丑寅卯辰巳午未申酉戌亥"
    for stem in "壬癸":
        assert rel("辰", stem) == "剋"            # 勾陳's home, its element
        assert not [b for b in branches if rel(b, stem) == "生" and rel(b, "辰") == "剋"]
    assert "cannot arise" in CAT.by_id["liuren.gouchen_chu_gui"].reading


def test_taichang_with_gouchen_overcoming_the_day_is_the_worst_case_for_every_task():
    # 「太常無克歡事寜 … 同勾陳剋日，最凶」: the note ranks it worst of all, naming no matter apart
    note = paragraph("003_089677c8ddf9fd3a.txt", "太常無克歡事寜")
    assert note.rstrip("）。").endswith("同勾陳剋日，最凶")
    r = CAT.by_id["liuren.taichang_gouchen"]
    assert all(r.grave_for(t) and r.effect_for(t) < 0 for t in CAT.tasks)
    seen = 0
    for task in ("general", "marriage", "wealth", "travel"):
        fired, given = hours_where(r.id, task, days=30)
        assert fired and given == fired, task     # fires alike for every task, and is told to each
        for d, start in sorted(given)[:6]:
            h = next(h for h in api.judge_day(d, TZ, task)["hours"] if h["start"] == start)
            assert h["verdict"] in ("凶", "大凶"), (d, task, start, h["verdict"])
            seen += 1
    assert seen


# ------------------------------------------------------------------ 003 the cut-off spirit and marriage

def test_a_cut_off_spirit_settles_old_matters_and_says_nothing_of_marriage():
    # 「絶神結絶舊事宜」 and 「用絶事了人信至」 speak of a matter closed; 「若絶神、離神，主夫婦別離」 is the
    # note to 「相剋夫婦見乖差」 — a 六合 at war with the day, not every 絶神
    verse = paragraph("003_089677c8ddf9fd3a.txt", "賓主不投懐猜忌")
    use = paragraph("003_089677c8ddf9fd3a.txt", "用起長生凡謀遂")
    liuhe = paragraph("003_089677c8ddf9fd3a.txt", "六合從來福遂佳")
    assert "絶神結絶舊事宜" in verse and "用絶事了" in use
    assert "夫婦" not in verse and "婚" not in verse and "夫婦" not in use and "婚" not in use
    assert liuhe.index("相剋夫婦見乖差") < liuhe.index("若絶神、離神，主夫婦別離")
    for rid in ("liuren.ganzhi_jue", "liuren.fayong_jue"):
        r = CAT.by_id[rid]
        assert r.effect_for("lawsuit") > 0 and r.speaks_to("lawsuit"), rid
        assert r.effect_for("marriage") == 0 and not r.speaks_to("marriage"), rid
        fired, marriage = hours_where(rid, "marriage", days=30)
        assert fired and marriage == set(), rid
        assert hours_where(rid, "lawsuit", days=30)[1] == fired, rid


def test_a_six_harmony_against_the_day_with_a_cut_off_spirit_parts_husband_and_wife():
    # 「相剋夫婦見乖差（注曰：六合剋日，夫婦口舌。若絶神、離神，主夫婦別離…）」: the parting is the second
    # step of the note on 六合 at war with the day, and 夫婦 is a marriage — grave for it, nothing else
    liuhe = paragraph("003_089677c8ddf9fd3a.txt", "六合從來福遂佳")
    r = CAT.by_id["liuren.liuhe_ke_ri_jue"]
    assert r.grants["marriage"].quote in liuhe and "主夫婦別離" in r.text["zh"]
    assert liuhe.index("六合剋日，夫婦口舌") < liuhe.index(r.grants["marriage"].quote)
    assert set(r.grants) == {"marriage"} and r.grave_for("marriage")
    assert not any(r.grave_for(t) or r.effect_for(t) for t in CAT.tasks - {"marriage"})
    # both halves of the sentence: 六合 overcoming the day, and a 絶神 over 日 or 辰
    at_war = {"chuan_generals_ke_gan": ("六合",), "ganshang_stage": "長生", "zhishang_stage": "長生",
              "void_generals": (), "ganshang_void": False, "zhishang_void": False}
    assert not r.pred(at_war)
    assert r.pred({**at_war, "ganshang_stage": "絕"}) and r.pred({**at_war, "zhishang_stage": "絕"})
    assert not r.pred({**at_war, "chuan_generals_ke_gan": ("勾陳",), "ganshang_stage": "絕"})
    start = date(2026, 3, 10)
    fired, marriage = hours_where(r.id, "marriage", days=10, start=start)
    assert fired and marriage == fired
    assert hours_where(r.id, "negotiation", days=10, start=start)[1] == set()
    for d, start_iso in sorted(fired):
        hour = next(h for h in api.judge_day(d, TZ, "marriage")["hours"] if h["start"] == start_iso)
        assert hour["verdict"] in ("凶", "大凶")
        assert next(x for x in hour["reasons"] if x["rule"] == r.id)["grave"]


# ------------------------------------------------------------------ 003 亂首 and 贅婿: a name is no judgement

@pytest.mark.parametrize("rid, opening, name, judged", [
    ("liuren.luanshou", "日上脫辰我脫他", "二者皆名為亂首", {"general", "negotiation"}),
    ("liuren.zhuixu", "日臨辰上去受生", "二者皆名為贅婿", {"wealth"}),
])
def test_a_patterns_name_grants_nothing_its_sentences_judge_the_tasks(rid, opening, name, judged):
    # 亂首: 「自取卑幼凌犯…卑幼上門肆侵欺…父子兄弟各離析」 (juniors' insult, a household split);
    # 贅婿: 「事雖費力得財雲…尊長得財卑幼悲」 (money gained); 「二者皆名為…」 only names them
    text = paragraph("003_089677c8ddf9fd3a.txt", opening)
    assert name in text
    r = CAT.by_id[rid]
    assert "default" not in r.effect and "all" not in r.grants
    assert set(r.grants) == judged and all(src.quote in text and src.quote != name for src in r.grants.values())
    assert all(not r.speaks_to(t) and r.effect_for(t) == 0 for t in CAT.tasks - judged)
    task = sorted(judged)[0]
    fired, given = hours_where(rid, task, days=40)
    assert fired and given == fired
    for other in ("travel", "marriage", "health"):
        assert hours_where(rid, other, days=40)[1] == set(), other


# ------------------------------------------------------------------ money told to every reader

MONEY_KO = ("재물", "재(財)", "비용", "이익", "전재")
MONEY_EN = ("money", "wealth", "profit", "gain")


def test_every_reason_that_moves_wealth_tells_each_reader_of_money():
    # a wealth effect rests on a phrase of money (虛耗錢財, 周濟, 破財, 得財 …): a Korean or English reader
    # of that reason must meet the money too, not only a drain, a help or a loss of something
    silent = []
    for r in CAT.rules:
        if r.effect_for("wealth") != 0 and "wealth" in r.effect:
            if not any(w in r.text["ko"] for w in MONEY_KO) or not any(w in r.text["en"].lower() for w in MONEY_EN):
                silent.append(r.id)
    assert silent == []


def test_the_liuhe_blessing_is_no_money_and_the_crossed_drain_is():
    # 「六合從來福遂佳（六合不克日，所求合和…若見財，主合和中破財…）」: money only where 六合 overcomes the day;
    # 「彼此防脫俱蹉跎」 beside 「辰臨日上來脫日，亦主虛耗錢財是」: 脫 drains means
    liuhe = paragraph("003_089677c8ddf9fd3a.txt", "六合從來福遂佳")
    drain = paragraph("003_089677c8ddf9fd3a.txt", "日臨辰上去受生")
    assert liuhe.index("若見財") > liuhe.index("若剋日") and "亦主虛耗錢財是" in drain
    fusui = CAT.by_id["liuren.liuhe_fusui"]
    assert fusui.effect_for("wealth") == 0 and not fusui.speaks_to("wealth")
    fired, given = hours_where(fusui.id, "wealth", days=20)
    assert fired and given == set()
    tuo = CAT.by_id["liuren.jiaoche_tuo"]
    assert tuo.effect_for("wealth") < 0 and tuo.grants["wealth"].quote == "彼此防脫俱蹉跎"


# ------------------------------------------------------------------ 002 夾定: flight is no journey

def test_the_enclosed_transmissions_speak_of_flight_not_of_a_journey():
    # 「占病訟、憂疑、解散事及驅除、脫走不利。若占利名、成合事則美」: 脫走 is getting away, one of the
    # dispersing matters (the seed's Korean: 「흩어짐」을 요하는 일); the paragraph names no journey
    text = paragraph("002_70cc0c6be51c96e4.txt", "夾定三傳格")
    assert "脫走不利" in text
    assert not any(w in text for w in ("出行", "遠行", "行人", "道路"))
    r = CAT.by_id["liuren.jiading"]
    assert r.effect_for("travel") == 0 and not r.speaks_to("travel")
    assert r.effect_for("health") < 0 and r.effect_for("wealth") > 0
    fired, health = hours_where(r.id, "health", days=60)
    assert fired and health == fired
    assert hours_where(r.id, "travel", days=60)[1] == set()


# ------------------------------------------------------------------ 000 天鰲: good for all, not westward

def test_the_heavenly_turtle_is_good_for_a_journey_and_warns_off_the_west_by_direction():
    # 「婁泊巳與丑宮化天鰲…凡占百事吉，不利西行」: the warning is a direction, told in the direction advice,
    # not a smaller plus for every journey granted by the warning itself
    text = paragraph("000_4c1b45775ab319f3.txt", "豈知狗化天鰲")
    assert "凡占百事吉，不利西行" in text
    r = CAT.by_id["qin.transform_tianao"]
    assert "不利西行" not in {src.quote for src in r.grants.values()}
    assert r.effect_for("travel") == r.effect_for("general") > 0
    fired, given = hours_where(r.id, "travel", days=60)
    assert fired and given == fired
    seen = 0
    for d, start in sorted(given)[:6]:
        h = next(h for h in api.judge_day(d, TZ, "travel")["hours"] if h["start"] == start)
        assert "西" in h["directions"]["avoid"], (d, start)
        seen += 1
    assert seen


# ------------------------------------------------------------------ 000 我禽 against 他將: armies, not suits

@pytest.mark.parametrize("rid", ["qin.wo_strong_ta_weak", "qin.wo_weak_ta_strong", "qin.ta_dedi_wo_buhua"])
def test_my_animal_against_theirs_judges_a_contest_and_names_no_lawsuit(rid):
    # 「…則主兵勝敵…必主敵勝兵，所以勝負無常，成敗有數」: an army and its enemy; no suit is named
    text = paragraph("000_4c1b45775ab319f3.txt", "觀其上伏下，下伏上")
    assert "兵勝敵" in text and "敵勝兵" in text and "訟" not in text
    r = CAT.by_id[rid]
    assert set(r.grants) == {"competition"} and r.grants["competition"].quote in text
    assert r.effect_for("lawsuit") == 0 and not r.speaks_to("lawsuit")
    # a minus is not granted by the sentence of a victory
    if r.effect_for("competition") < 0:
        assert "主兵勝敵" not in r.grants["competition"].quote
    fired, given = hours_where(rid, "competition", days=10)
    assert fired and given == fired
    assert hours_where(rid, "lawsuit", days=10)[1] == set()


def test_a_good_animal_on_a_cut_road_hour_is_granted_for_delegate_by_the_words_of_leaving_the_gate():
    # 「截路空亡，出行大忌，此時若出離門，諸事不利」: sending someone out is leaving the gate;
    # 「遇吉禽猶當取的」 is a caution that names no task
    text = paragraph("000_4c1b45775ab319f3.txt", "時直空亡，遇吉禽猶當取的")
    r = CAT.by_id["qin.jielu_jiqin"]
    assert r.effect_for("delegate") < 0
    assert r.grants["delegate"].quote == "此時若出離門" and r.grants["delegate"].quote in text
    assert "遇吉禽猶當取的" not in {src.quote for src in r.grants.values()}


def test_the_lion_warns_off_the_west_as_the_heavenly_turtle_does():
    # 「婁泊巳與丑宮化天鰲，泊天宮與湯火，獅子反食諸禽，凡占百事吉，不利西行」: the note's judgement follows
    # the lion, and qin.transform_shizi takes its 「凡占百事吉」
    text = paragraph("000_4c1b45775ab319f3.txt", "豈知狗化天鰲")
    assert text.index("獅子") < text.index("凡占百事吉，不利西行")
    assert CAT.by_id["qin.transform_shizi"].grants["all"].quote == "凡占百事吉"
    from almanac.judgement.facts import directions
    base = {"day_stem": "丙", "month_branch": "子", "tiangang_dir": "南", "tiangang_over": "午",
            "tiangang_class": "仲", "sangong": None, "gouchen_zhi": ()}
    assert "西" not in directions({**base, "hour_transform": ""})["avoid"]
    for animal in ("天鰲", "獅子"):
        assert "西" in directions({**base, "hour_transform": animal})["avoid"], animal


def test_the_pig_in_the_tigers_den_is_judged_by_the_verses_own_words():
    # 「若演□臨虎穴，□豈免於毀傷？…但凡演禽，要知趨避喜、忌、刑、害之宮」: the last sentence is advice on every
    # 禽's palaces; what judges this one is 「豈免於毀傷」
    text = paragraph("000_4c1b45775ab319f3.txt", "若演□臨虎穴")
    r = CAT.by_id["qin.shi_huxue"]
    assert r.grants["all"].quote == "豈免於毀傷" and "豈免於毀傷" in text and "豈免於毀傷" in r.text["zh"]
    assert all("要知趨避" not in src.quote for src in r.grants.values())
    assert r.effect_for("general") < 0 and r.effect_for("health") < r.effect_for("general")


@pytest.mark.parametrize("rid, opening, certain", [
    ("qin.shi_huxue", "若演□臨虎穴", ("豈免於毀傷", "豈得無傷")),
    ("qin.zi_shexue", "猴入蛇窟，猴必遭乎蛇害", ("猴必遭乎蛇害", "必為蛇之所害也")),
])
def test_a_qin_in_its_predators_den_is_harmed_for_certain_and_the_hour_is_grave(rid, opening, certain):
    # 「…□豈免於毀傷？…凡□犯虎豈得無傷？」 and 「猴必遭乎蛇害…必為蛇之所害也」: the harm to the hour's 禽 is
    # certain (豈免, 必), and the verse names no task — grave for every task, never outweighed into 吉
    text = paragraph("000_4c1b45775ab319f3.txt", opening)
    assert all(phrase in text for phrase in certain)
    r = CAT.by_id[rid]
    assert r.grants["all"].quote in text and all(r.grave_for(t) for t in CAT.tasks)
    # the palaces' 「刑害之宮」 name a bad place, without the certainty: they stay plain minuses
    assert not any(CAT.by_id[p].grave for p in ("qin.palace_daozhen", "qin.palace_tanghuo"))
    for task in ("general", "competition", "health"):
        fired, given = hours_where(rid, task, days=14, start=date(2026, 3, 1))
        assert fired and given == fired, task
        for d, start_iso in sorted(fired):
            hour = next(h for h in api.judge_day(d, TZ, task)["hours"] if h["start"] == start_iso)
            assert hour["verdict"] in ("凶", "大凶"), (task, d)
            assert next(x for x in hour["reasons"] if x["rule"] == rid)["grave"], (task, d)


def test_the_hairy_heads_transformations_are_a_contest_by_the_sentence_that_says_it_eats():
    # 「昴泊亥化蛟，泊卯化鳳」 names the transformations and no prey (胃's 「故能食狐」 beside it does);
    # 「如心胃危婁昴之類雖弱，如得泊地旺相，化高而反□，亦能食虎降龍」 names 昴 and what it then overpowers
    fox = paragraph("000_4c1b45775ab319f3.txt", "狐本每食乎□")
    note = fox[fox.index("昴泊亥化蛟"):fox.index("胃泊午化鷹")]
    assert not any(w in note for w in ("食", "傷", "勝", "降"))
    weak = paragraph("000_4c1b45775ab319f3.txt", "奈何□食弱")
    r = CAT.by_id["qin.transform_mao"]
    assert r.source.opening == "奈何□食弱" and set(r.grants) == {"competition"}
    quote = r.grants["competition"].quote
    assert quote in weak and "昴" in weak[:weak.index(quote)] and "食" in quote
    assert r.effect_for("competition") > 0 and r.effect_for("general") == 0
    fired, contest = hours_where(r.id, "competition", days=14, start=date(2026, 1, 1))
    assert fired and contest == fired
    assert hours_where(r.id, "general", days=14, start=date(2026, 1, 1))[1] == set()
