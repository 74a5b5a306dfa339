"""The two day-choosing tasks families ask for first: 이사 (移徙, moving house) and 결혼 (嫁娶, a
wedding), read from the everyday facts together with the 六壬/演禽 judgement of the day's hours.

A day's reasons, each with its effect in the judgements' score units, its citation and ``grave``
(the source forbids the act that day: the day is then 凶 or 大凶 whatever else it holds, as for
hours — almanac.judgement.score.verdict_of):

- the gods: one that forbids the act (月破, 四廢; 月厭 for a wedding, 歸忌 for a move) −4, grave;
  天德 月德 天赦 +1 each (almanac.everyday.shensha);
- 손 없는 날 +1.5; for a move toward where 손 is that day −3, grave (almanac.everyday.son);
- the day's 黃道 +1, 黑道 −1; a good 建除 officer +0.5, a bad one −0.5;
- for a move with a direction: toward the year's 三煞 or 大將軍 −3, grave; toward the day's 煞 −1.5;
- for each person (and partner): 생기·천의·복덕 +1.5, 화해·절명 −3, grave; the day clashing with the
  birth year (沖本命) −3, grave; a 삼재 year −1 (들삼재) or −0.5 (눌삼재, 날삼재);
- the day's hours for the matching hour task (이사: general 百事, 결혼: marriage 婚姻): a best hour of
  吉 or better +1 (and it is named), no usable hour −2.

>>> resolve("이사"), resolve("嫁娶"), resolve("wedding"), resolve("travel")
('moving', 'wedding', 'wedding', None)
"""
from __future__ import annotations

from dataclasses import dataclass

from ..lang import check_lang, hans
from . import chongsha, huangdao, jianchu, person as pmod, shensha, son
from .directions import direction_text, key_of, meets
from .text import god_text, kind_text
from .words import Cite, Word


@dataclass(frozen=True)
class DayTask:
    key: str
    word: Word                 # 移徙 / 이사 / moving house
    act: str                   # the 宜忌 act it reads
    hour_task: str             # the hour judgement it reads with
    aliases: tuple[str, ...]


DAY_TASKS = {
    "moving": DayTask("moving", Word("移徙", "이사", "moving house"), "移徙", "general",
                      ("moving", "move", "移徙", "迁徙", "이사", "搬家", "入宅", "입택")),
    "wedding": DayTask("wedding", Word("嫁娶", "결혼", "wedding"), "嫁娶", "marriage",
                       ("wedding", "嫁娶", "결혼", "혼례", "婚禮", "婚礼")),
}


def resolve(name) -> str | None:
    """The day task ``name`` names, or None."""
    if not isinstance(name, str):
        return None
    n = name.strip()
    for t in DAY_TASKS.values():
        if n == t.key or n in t.aliases or n.casefold() == t.key:
            return t.key
    return None


def task_label(key: str, lang: str) -> str:
    w = DAY_TASKS[key].word
    return {"ko": f"{w.ko}({w.zh})", "en": f"{w.en} ({w.zh})"}.get(check_lang(lang), w.text(lang))


# ----------------------------------------------------------------------------------- reasons
def _reason(rule: str, effect: float, grave: bool, texts: dict, cite: Cite, lang: str) -> dict:
    lg = check_lang(lang)
    text = hans(texts["zh"]) if lg == "zh-Hans" else texts["zh" if lg == "zh-Hant" else lg]
    return {"rule": rule, "effect": effect, "grave": grave, "text": text,
            "source": cite.source, "citation": cite.text(lg)}


def _an(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _w(word: Word) -> dict:
    return {"zh": word.zh, "ko": word.text("ko"), "en": word.text("en")}


def _person_label(p, lang: str, partner: bool) -> str:
    if lang == "ko":
        return f"{'배우자' if partner else '본인'} ({p.birth_year}년생)"
    if lang == "en":
        return f"{'partner' if partner else 'asker'} (born {p.birth_year})"
    return f"{'配偶' if partner else '本人'}（{p.birth_year}年生）"


def day_reasons(key: str, e: dict, *, day_branch: int, year: int, people=(), direction=None,
                lang: str = "zh-Hant") -> list[dict]:
    """The everyday reasons of a day (``e`` its ``everyday`` facts) for day task ``key``; ``year``
    the day's 立春 year (ages, 삼재), ``people`` the asker and the partner (``Person``),
    ``direction`` the direction of a move (a key of DIRECTIONS)."""
    t = DAY_TASKS[key]
    out = []
    act_w = shensha.ACTS[t.act]
    for g in e["gods"]:
        gw = shensha.GODS[g]
        if t.act in shensha.EFFECTS[g][1]:
            out.append(_reason(f"everyday.god.{g}", -4.0, True, {
                "zh": f"{g}日，忌{t.act}", "ko": f"{gw.text('ko')}일 — {act_w.ko}({t.act})를 꺼림",
                "en": f"{_an(gw.en)} {gw.text('en')} day: avoid {act_w.en} ({t.act})"}, shensha.CITES[g], lang))
        elif t.act in shensha.EFFECTS[g][0]:
            out.append(_reason(f"everyday.god.{g}", 1.0, False, {
                "zh": f"{g}日", "ko": f"{gw.text('ko')}일", "en": f"{_an(gw.en)} {gw.text('en')} day"},
                shensha.CITES[g], lang))
    s = e["son"]
    if s["free"]:
        out.append(_reason("everyday.son_free", 1.5, False, {
            "zh": "손 없는 날（손 上天，四方無礙）", "ko": "손 없는 날 (손이 하늘로 올라가 어느 방향도 막히지 않음)",
            "en": "a day without Son (손 없는 날): no direction is hindered"}, son.CITE, lang))
    elif direction is not None and key == "moving":
        son_key = key_of(s["direction"])
        if meets(direction, son_key):
            out.append(_reason("everyday.son_direction", -3.0, True, {
                "zh": f"손在{s['direction']}，忌向{s['direction']}移徙",
                "ko": f"손이 {direction_text(son_key, 'ko')}쪽에 있는 날 — 그쪽으로 이사하지 않음",
                "en": f"Son (손) is in the {direction_text(son_key, 'en')}: do not move that way"},
                son.CITE, lang))
    hd = e["huangdao"]
    yellow = hd["kind"] == "黃道"
    out.append(_reason("everyday.huangdao", 1.0 if yellow else -1.0, False, {
        "zh": f"{hd['god']}{hd['kind']}日", "ko": f"{god_text(hd['god'], 'ko')} {kind_text(hd['kind'], 'ko')}일",
        "en": f"a {kind_text(hd['kind'], 'en')} day of {god_text(hd['god'], 'en')}"}, huangdao.CITE, lang))
    officer = jianchu.OFFICERS["建除滿平定執破危成收開閉".index(e["jianchu"])]
    good = e["jianchu"] in jianchu.GOOD
    out.append(_reason("everyday.jianchu", 0.5 if good else -0.5, False, {
        "zh": f"建除{e['jianchu']}日，{'吉' if good else '凶'}",
        "ko": f"건제(建除) {officer.ko}일({e['jianchu']}日) — {'길(吉)' if good else '흉(凶)'}",
        "en": f"{_an(officer.en)} {officer.en} day ({e['jianchu']}日) of the day officers: {'good' if good else 'bad'}"},
        jianchu.CITE_GOOD, lang))
    if direction is not None and key == "moving":
        y = e["year"]
        for what, d_zh, word, cite in (("sansha", y["sansha"]["direction"], chongsha.WORDS["sansha"], chongsha.CITE_SANSHA),
                                       ("dajiangjun", y["dajiangjun"]["direction"], chongsha.WORDS["dajiangjun"], chongsha.CITE_DAJIANGJUN)):
            dk = key_of(d_zh)
            if meets(direction, dk):
                out.append(_reason(f"everyday.{what}", -3.0, True, {
                    "zh": f"今年{word.zh}在{d_zh}，忌向之移徙",
                    "ko": f"올해 {word.ko}방({word.zh}方)이 {direction_text(dk, 'ko')}쪽 — 그쪽으로 이사하지 않음",
                    "en": f"this year's {word.text('en')} is in the {direction_text(dk, 'en')}: do not move that way"},
                    cite, lang))
        dk = key_of(e["sha"])
        if meets(direction, dk):
            out.append(_reason("everyday.sha", -1.5, False, {
                "zh": f"日煞在{e['sha']}，不宜向之",
                "ko": f"이날의 살(煞)이 {direction_text(dk, 'ko')}쪽 — 그쪽은 좋지 않음",
                "en": f"the day's Sha (煞) is in the {direction_text(dk, 'en')}: better not that way"},
                chongsha.CITE_CHONG, lang))
    for i, p in enumerate(people):
        who = {lg: _person_label(p, lg, i > 0) for lg in ("zh", "ko", "en")}
        a = pmod.age(p, year)
        if a >= 1:
            name = pmod.saenggi(pmod.trigram(a, p.sex), day_branch)
            w = pmod.NAMES[name]
            if name in pmod.GOOD or name in pmod.BAD:
                bad = name in pmod.BAD
                out.append(_reason(f"everyday.saenggi.{name}", -3.0 if bad else 1.5, bad, {
                    "zh": f"{who['zh']}{name}日", "ko": f"{who['ko']}의 {w.text('ko')}일 (세는 나이 {a}세)",
                    "en": f"a {w.text('en')} day for the {who['en']} (counted age {a})"},
                    pmod.CITE_SAENGGI, lang))
        if pmod.clashes(p, day_branch):
            animal = chongsha.ANIMALS[(p.birth_year - 4) % 12]
            out.append(_reason("everyday.chong_benming", -3.0, True, {
                "zh": f"日沖{who['zh']}本命（屬{animal.zh}）",
                "ko": f"일진(日辰)이 {who['ko']}의 띠({animal.ko}띠)와 충(沖)함",
                "en": f"the day clashes with the {who['en']}'s year ({animal.en})"},
                pmod.CITE_CHONG, lang))
        sj = pmod.samjae(p, year)
        if sj is not None:
            w = pmod.SAMJAE[sj]
            out.append(_reason("everyday.samjae", -1.0 if sj == "들삼재" else -0.5, False, {
                "zh": f"{who['zh']}逢{w.zh}之年", "ko": f"{who['ko']}의 {sj}({w.zh}) 해",
                "en": f"a year of {w.en} (三災) for the {who['en']}"}, pmod.CITE_SAMJAE, lang))
    return out


HOUR_CITE = Cite("本書六壬·演禽之判（almanac best / judge_day）", "이 책력의 육임(六壬)·연금(演禽) 판단",
                 "this almanac's 六壬 and 演禽 judgement of the day's hours")


def hour_reason(best: dict | None, lang: str) -> dict:
    """The reason the day's best usable hour for the hour task gives the day."""
    from ..terms import verdict_score
    lg = check_lang(lang)
    if best is None:
        return _reason("everyday.hours", -2.0, False, {
            "zh": "是日無可用之時辰", "ko": "이날은 쓸 수 있는 시(時)가 없음",
            "en": "no usable hour that day"}, HOUR_CITE, lg)
    good = best["verdict"] in ("吉", "大吉")
    vs = {g: verdict_score(best["verdict"], best["score"], g) for g in ("zh-Hant", "ko", "en")}
    br = best["branch"]
    from ..cycles import BRANCHES, BRANCHES_KO
    br_ko = BRANCHES_KO[BRANCHES.index(br)]
    return _reason("everyday.hours", 1.0 if good else 0.0, False, {
        "zh": f"最佳時辰{br}時 {vs['zh-Hant']}",
        "ko": f"가장 좋은 시(時) {br_ko}시({br}時) {vs['ko']}",
        "en": f"best hour {br} ({br}時) {vs['en']}"}, HOUR_CITE, lg)


__all__ = ["DayTask", "DAY_TASKS", "resolve", "task_label", "day_reasons", "hour_reason"]
