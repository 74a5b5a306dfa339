"""The one lookup of a named almanac term in a reader's language: :func:`term` shows a pillar, a
branch, a mansion or a 禽's name, a general, a solar term, a 課體 or a 課法 in ``zh-Hans``, ``ko`` or
``en``, reading each name from the table it names — the stems' and branches' with
``almanac.cycles``, the mansions' with ``almanac.mansions``, the generals' with
``almanac.liuren.generals``, the solar terms' with ``almanac.calendar``, the 課體's with
``almanac.keti_names`` — and the English words of the texts that name no table (:data:`WORDS_EN`).
"""
from __future__ import annotations

from functools import lru_cache

from almanac.calendar import SOLAR_TERMS_EN, TERM_NAMES, TERM_NAMES_KO
from almanac.cycles import BRANCHES, BRANCHES_EN, BRANCHES_KO, STEMS, STEMS_EN, STEMS_KO
from almanac.keti_names import PATTERNS_KO, SUB_METHODS_KO, catalogue_names
from almanac.lang import hans
from almanac.liuren.generals import GENERALS, GENERALS_EN, GENERALS_KO
from almanac.mansions import ANIMALS_EN, LUMINARIES_EN, MANSIONS, MANSIONS_EN, Mansion

from .daliuren import LIUQIN_KO, SANGONG_KO

#: English names of the almanac's terms, the one set of tables an English text reads them from: a
#: rule text, a 課體 meaning or a label writes the name with the hanja beside it the first time, "the
#: initial transmission (發用)", "Si (巳)", "the Noble One (貴人)" (tests/judgement/test_rules_text.py holds
#: every text to these names). Stems and branches in pinyin (``almanac.cycles.STEMS_EN``,
#: ``BRANCHES_EN``), as the English literature on 六壬 writes them; the twelve generals
#: (``almanac.liuren.generals.GENERALS_EN``), the mansions (``almanac.mansions.MANSIONS_EN``) and
#: the solar terms (``almanac.calendar.SOLAR_TERMS_EN``) by their usual English names; 課體 names in
#: almanac/data/keti.toml (``name_en``), the home of the 課體. This one holds the rest:
#: the words of the texts that are neither a stem, a branch, a general, a mansion nor a 課體
WORDS_EN: dict[str, str] = {
    "禽": "mansion animal", "值日禽": "mansion animal of the day", "日禽": "day's mansion animal", "時禽": "hour's mansion animal",
    "番禽": "my mansion animal", "倒將": "their mansion animal", "禽書": "Book of the Mansion Animals",
    "暗金": "hidden metal", "伏斷": "lurking break", "截路空亡": "road cut off", "截路": "road cut off",
    "空亡": "void", "刀砧": "knife and block", "湯火": "boiling water and fire", "天鰲": "Heavenly Turtle",
    "鵬": "roc", "蛟": "flood dragon", "蛟龍": "flood dragons", "虎豹": "tigers and leopards",
    "田園": "fields and gardens",
    "發用": "initial transmission", "初傳": "initial transmission", "末傳": "last transmission",
    "三傳": "three transmissions", "天將": "heavenly general", "陰神": "yin spirit",
    "日": "day stem", "辰": "day branch", "太歲": "year branch", "年命": "birth-year and year branches",
    "行年": "year branch", "本命": "birth-year branch",
    "六情": "six passions", "天罡": "Heavenly Ridge", "天耳": "Heavenly Ear", "神后": "Divine Queen",
    "三宮": "three palaces", "絳宮": "Crimson Palace", "明堂": "Bright Hall", "玉堂": "Jade Hall",
    "孟": "first-month", "仲": "mid-month", "季": "last-month", "孟仲季": "first-, mid- and last-month",
    "連茹": "linked roots", "夾定": "enclosed", "遇夾不夾": "enclosed yet not enclosed",
    "夾定虛一": "enclosed with one missing", "夾不住": "not held in", "谷傳空亡": "void in the valley",
    "腳踏空亡": "feet on the void", "三奇連珠": "Three Marvels strung as pearls",
    "真連茹": "true linked roots", "三合": "triple union", "孤單": "solitary", "革羈": "bridled",
    "前虛一": "one missing before", "後虛一": "one missing after",
    "子孫": "offspring", "兄弟": "siblings", "父母": "parents", "妻財": "wife-wealth", "官鬼": "officer-ghost",
    "六親": "kin", "遁干": "hidden stem", "四課": "four lessons", "四閉": "four closures",
    "祿": "stipend", "驛馬": "post horse", "日德": "day's virtue", "長生": "growth",
    "墓": "tomb", "敗": "ruin", "沐浴": "bathing", "絕": "cut-off", "死": "death",
    "魁罡": "Kui-Gang",
}


def en_name(word: str) -> str:
    """The English name of an almanac term (a stem, branch, general, mansion, solar term, 課體 or a
    word of :data:`WORDS_EN`), without the hanja; ``""`` when it has none. 辰 is the branch Chen;
    the day's 辰 beside the 日 is WORDS_EN's "day branch" (:func:`en_names` gives both).

    >>> en_name("巳"), en_name("貴人"), en_name("發用"), en_name("反吟")
    ('Si', 'Noble One', 'initial transmission', 'Reverse Groan')
    """
    names = en_names(word)
    return names[0] if names else ""


def en_names(word: str) -> tuple[str, ...]:
    """Every English name ``word`` is given (a branch first, then WORDS_EN's meaning)."""
    return _en_names().get(word, ())


@lru_cache(maxsize=1)
def _en_names() -> dict[str, tuple[str, ...]]:
    names: dict[str, tuple[str, ...]] = {}
    pairs = [*zip(STEMS, STEMS_EN), *zip(BRANCHES, BRANCHES_EN), *zip(GENERALS, GENERALS_EN),
             *zip(MANSIONS, MANSIONS_EN), *zip(TERM_NAMES, SOLAR_TERMS_EN), *WORDS_EN.items()]
    pairs += [(n, name_en) for name, _, name_en, aliases in catalogue_names() for n in (name, *aliases)]
    for word, name in pairs:
        if name not in names.get(word, ()):
            names[word] = (*names.get(word, ()), name)
    return names


def term(text: str, lang: str, *, in_sentence: bool = False) -> str:
    """An almanac term (pillar, branch, mansion, 禽 name, 課 method, solar term) as shown in
    ``lang``: converted for zh-Hans, with its hangul reading for ko (丁未(정미), 虛(허), 大雪(대설)),
    the characters first as an almanac's tables print them; ``in_sentence``, in a Korean sentence,
    the reading first as the seed translations and the rules' texts write them (정미(丁未), 인(寅)),
    its English name first for en with the characters beside it (Dingwei (丁未), Emptiness (虛),
    Major Snow (大雪); :func:`en_name`). A 課 method is a 課體 (the 九宗門 are in the catalogue)
    and reads as the 課體 beside it, the name first: 중심(重審) in ko, Double Review (重審) in en
    (almanac.liuren.keti.shown_name).

    >>> term("丁未", "en"), term("虛", "en"), term("丑卯巳", "en")
    ('Dingwei (丁未)', 'Emptiness (虛)', 'Chou-Mao-Si (丑卯巳)')
    >>> term("寅", "ko"), term("寅", "ko", in_sentence=True), term("青龍", "ko", in_sentence=True)
    ('寅(인)', '인(寅)', '청룡(青龍)')
    """
    if lang == "zh-Hans":
        return hans(text)
    if lang in ("ko", "en"):
        shown = _keti_shown().get((text, lang))    # 課體 and 課法 alike: 원수(元首), Primary Head (元首)
        if shown:
            return shown
    if lang == "ko":
        general = _generals_ko().get(text) or PATTERNS_KO.get(text) or SUB_METHODS_KO.get(text)
        if general:                     # named as a 課體 is: the reading first
            return f"{general}({text})"
        reading = _ko_of(text)
        if not reading or reading == text:
            return text
        return f"{reading}({text})" if in_sentence else f"{text}({reading})"
    if lang == "en":
        name = _en_of(text)
        return f"{name} ({text})" if name else text
    return text


@lru_cache(maxsize=1)
def _keti_shown() -> dict[tuple[str, str], str]:
    """almanac.keti_names' table of 課體 as ko and en readers meet them, fetched once: term()
    is called for every word of every event, and an import per call cost more than the look-up."""
    from almanac.keti_names import shown_table
    return shown_table()


def term_list(names, lang: str) -> str:
    """Several terms (the 課體 of an hour) in ``lang``, each as :func:`term` shows it: apart by a
    space where each is one word with its brackets (원수(元首) 불비(不備)), by a comma in English,
    whose names are several words (Primary Head (元首), Incomplete (不備))."""
    return (", " if lang == "en" else " ").join(term(n, lang) for n in names)


def _en_of(text: str) -> str:
    """The English of a term as :func:`term` shows it, without the hanja: a named term (branch,
    general, mansion, solar term, 課體 …), a pillar (甲子: Jiazi), a 禽's full name (觜火猴: Turtle
    Beak Fire Monkey) or a run of branches (the 三傳 丑卯巳: Chou-Mao-Si); "" when none."""
    if not text:
        return ""
    name = en_name(text)
    if name:
        return name
    if len(text) == 2 and text[0] in STEMS and text[1] in BRANCHES:
        return STEMS_EN[STEMS.index(text[0])] + BRANCHES_EN[BRANCHES.index(text[1])].lower()
    if len(text) > 1 and all(c in BRANCHES for c in text):
        return "-".join(BRANCHES_EN[BRANCHES.index(c)] for c in text)
    if len(text) == 3:
        try:
            m = Mansion.parse(text)
        except (ValueError, KeyError):
            return ""
        if m.name == text:
            return f"{MANSIONS_EN[m.index]} {LUMINARIES_EN[m.index % 7]} {ANIMALS_EN[m.index]}"
    return ""


@lru_cache(maxsize=1)
def _generals_ko() -> dict[str, str]:
    return dict(zip(GENERALS, GENERALS_KO))


def _ko_of(text: str) -> str:
    """The hangul reading of a term :func:`term` shows in Korean; "" when it has none."""
    if text in TERM_NAMES:
        return TERM_NAMES_KO[TERM_NAMES.index(text)]
    if text in SANGONG_KO:
        return SANGONG_KO[text]
    if text in LIUQIN_KO:
        return LIUQIN_KO[text]
    if len(text) in (1, 3):
        try:
            m = Mansion.parse(text)
            return m.korean_name if len(text) == 3 else m.korean_name[0]
        except (ValueError, KeyError, AttributeError):
            pass
    table = dict(zip(STEMS + BRANCHES, STEMS_KO + BRANCHES_KO))
    return "".join(table[c] for c in text) if text and all(c in table for c in text) else ""
