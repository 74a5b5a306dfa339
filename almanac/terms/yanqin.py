"""The 演禽 words: the taboo flags (暗金, 伏斷, 截路空亡) with the sentence that explains each, the
禽's situations (婁化天鰲 …) as a Korean and an English reader read them, the day's 禽 and its
place in the 七元 cycle.
"""
from __future__ import annotations

from collections.abc import Mapping

from almanac.lang import hans
from almanac.qin.taboos import TABOOS

from .labels import bracketed
from .lookup import term

#: the taboo flags: name, and one sentence a reader can act on (seed wording in docs/qin.md), from
#: the registry of the taboos (almanac.qin.taboos.TABOOS), in its order
FLAGS: dict[str, dict[str, dict[str, str]]] = {
    t.id: {"name": dict(t.names), "explain": dict(t.explain)} for t in TABOOS}


def flag_name(flag: str, lang: str) -> str:
    entry = FLAGS.get(flag)
    return entry["name"][lang] if entry else flag


def flag_explain(flag: str, lang: str) -> str:
    entry = FLAGS.get(flag)
    return entry["explain"][lang] if entry else flag


#: The 禽's situations (almanac.qin.palaces, almanac.qin.seasons: an hour's ``qin.situations``
#: ``text``, a label in the seed's words) as a Korean and an English reader read them: the day
#: JSON for a reader gives them as ``qin.readable_situations``.
SITUATIONS: dict[str, dict[str, str]] = {
    "婁化天鰲": {"ko": "누(婁)가 천오(天鰲)로 변함", "en": "Bond (婁) turns into the Heavenly Turtle (天鰲)"},
    "婁化獅子，反食諸禽": {"ko": "누(婁)가 사자로 변하여 도리어 여러 금(禽)을 먹음",
                     "en": "Bond (婁) turns into a lion and eats the other animals"},
    "危化大鵬": {"ko": "위(危)가 대붕(大鵬)으로 변함", "en": "Rooftop (危) turns into the great Peng (大鵬)"},
    "昴化蛟": {"ko": "묘(昴)가 교(蛟)로 변함", "en": "Hairy Head (昴) turns into a flood dragon (蛟)"},
    "昴化鳳": {"ko": "묘(昴)가 봉(鳳)으로 변함", "en": "Hairy Head (昴) turns into a phoenix (鳳)"},
    "胃化鷹，能食狐": {"ko": "위(胃)가 매로 변하여 여우를 먹을 수 있음",
                  "en": "Stomach (胃) turns into a hawk and can eat the fox"},
    "牛泊午，有食烏之能": {"ko": "우(牛)가 오(午)에 박(泊)하여 까마귀를 먹을 능력이 있음",
                     "en": "Ox (牛) lodged at Wu (午) can eat the crow"},
    "犀牛失角": {"ko": "코뿔소가 뿔을 잃음", "en": "the rhinoceros loses its horn"},
    "牛泊寅，直烏化鵬而食之": {"ko": "우(牛)가 인(寅)에 박(泊)하니 까마귀가 붕(鵬)으로 변하여 소를 먹음",
                       "en": "Ox (牛) lodged at Yin (寅): the crow turns into the Peng and eats it"},
    "豕臨虎穴": {"ko": "돼지가 범굴(虎穴)에 임함", "en": "the pig comes to the tiger's den"},
    "猴入蛇窟": {"ko": "원숭이가 뱀굴에 들어감", "en": "the monkey enters the snake's den"},
    "走獸刑害之宮": {"ko": "길짐승이 형해(刑害)를 입는 궁", "en": "a palace of punishment and harm for beasts"},
    "飛禽驚傷之位": {"ko": "날짐승이 놀라고 다치는 자리", "en": "a place where birds are frightened and hurt"},
    "犴泊刀砧無忌": {"ko": "안(犴)은 도점(刀砧)에 박(泊)해도 꺼릴 것이 없음",
                 "en": "the wild dog (犴) lodged at the chopping block (刀砧) is exempt"},
    "婁泊湯火則吉": {"ko": "누(婁)가 탕화(湯火)에 박(泊)하면 길함",
                 "en": "Bond (婁) lodged at boiling water and fire (湯火) is good"},
    "飛禽膿血之鄉": {"ko": "날짐승에게는 고름과 피의 땅", "en": "a land of pus and blood for birds"},
    "泊湯火為惡宮": {"ko": "탕화(湯火)에 박(泊)하니 나쁜 궁", "en": "lodged at boiling water and fire (湯火), a bad palace"},
    "蛟龍泊於湯火，縱強而反弱": {"ko": "교룡(蛟龍)이 탕화(湯火)에 박(泊)하면 강해도 도리어 약함",
                       "en": "flood dragon and dragon lodged at boiling water and fire (湯火): strong, yet weak"},
    "虎豹泊于田園，縱強而反弱": {"ko": "범과 표범이 전원(田園)에 박(泊)하면 강해도 도리어 약함",
                       "en": "tiger and leopard lodged at the fields (田園): strong, yet weak"},
    "他人將泊惡宮，我兵擊之大勝": {"ko": "상대의 장(將)이 나쁜 궁에 박(泊)하니 우리 군이 치면 크게 이김",
                        "en": "the other side's general is lodged at a bad palace: strike and win greatly"},
    "龍蛇遇驚蟄而致事，遇春夏而得地": {"ko": "용과 뱀이 경칩(驚蟄)을 만나 일을 맡고 봄·여름을 만나 득지(得地)함",
                            "en": "dragon and snake take up their work at the Awakening of Insects (驚蟄) "
                                  "and find their ground in spring and summer"},
    "井宿冬則復旺": {"ko": "정수(井宿)는 겨울에 다시 왕(旺)함", "en": "Well (井) flourishes again in winter"},
    "犴燕到秋分而患生": {"ko": "안(犴)과 제비는 추분(秋分)에 이르면 근심이 생김",
                  "en": "the wild dog and the swallow meet trouble from the Autumn Equinox (秋分)"},
    "春社旺而飛鳴": {"ko": "춘사(春社)에 왕(旺)하여 날며 욺", "en": "flourishing from the spring altar day (春社), flying and calling"},
}


def situation_text(text: str, lang: str) -> str:
    """A 禽's situation (its seed label, :data:`SITUATIONS`) as a reader of ``lang`` reads it; a
    label the table does not hold is given as written.

    >>> situation_text("豕臨虎穴", "ko"), situation_text("豕臨虎穴", "zh-Hans")
    ('돼지가 범굴(虎穴)에 임함', '豕临虎穴')
    """
    if lang in ("ko", "en"):
        return SITUATIONS.get(text, {}).get(lang, text)
    return hans(text) if lang == "zh-Hans" else text


def qin_text(qin: Mapping[str, str], lang: str) -> str:
    """The day's 禽 with its 七曜: 觜火猴（火）; in English the name says the 七曜 already
    (Turtle Beak Fire Monkey (觜火猴)); in Korean the 七曜 is read and named, not a bare character
    (and never 수요일: the weekday is another thing).

    >>> qin_text({"name": "參水猿", "luminary": "水"}, "ko")
    '參水猿(삼수원) · 칠요(七曜) 수(水)'
    """
    from almanac.mansions import LUMINARIES, LUMINARIES_KO
    name = term(qin.get("name", ""), lang)
    lum = qin.get("luminary", "")
    if lang == "en":
        return name
    if lang == "ko" and len(lum) == 1 and lum in LUMINARIES:
        return f"{name} · 칠요(七曜) {LUMINARIES_KO[LUMINARIES.index(lum)]}({lum})"
    return f"{name}{bracketed(lum, lang)}"


def yuan_text(yuan: int, jiang, lang: str) -> str:
    """The day's place in the 七元 cycle: 6元 第4將, 제6원(元) 제4장(將), cycle 6, general 4."""
    if lang == "ko":
        return f"제{yuan}원(元) 제{jiang}장(將)"
    if lang == "en":
        return f"cycle {yuan}, general {jiang}"
    return hans(f"{yuan}元 第{jiang}將") if lang == "zh-Hans" else f"{yuan}元 第{jiang}將"
