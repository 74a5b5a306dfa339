"""Citations of the seed texts.

Every rule the almanac applies names the paragraph it comes from, as
``file name: opening words of the paragraph``; the test suite checks each opening against the
text itself, so a citation cannot drift from its source.

>>> str(Source(QIN_FU, "暗曜即亢牛婁鬼"))
'000_4c1b45775ab319f3.txt: 暗曜即亢牛婁鬼'

``str(source)`` is the machine form (file name and opening words), which tests and tools read; a
reader is shown :func:`citation`: the book's title and the opening words, in the reader's language.

>>> s = Source(QIN_FU, "然其伏斷之惡本官")
>>> citation(s, "zh-Hant"), citation(s, "zh-Hans")
('《演禽賦》「然其伏斷之惡本官」', '《演禽赋》「然其伏断之恶本官」')
>>> citation(s, "ko")                  # the seed's Korean translation of the paragraph
'《연금부(演禽賦)》 「복단(伏斷)의 흉함이 본궁에 떨어짐에 이르러서는」 단락'
>>> citation(s, "en")                  # the opening in English (almanac/data/openings_en.toml)
'Rhapsody on the mansion animals (演禽賦), the paragraph beginning “As for the evil of the lurking break (伏斷) in its own palace”'
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .shared import kept_hash, state_without_kept_hash

QIN_FU = "000_4c1b45775ab319f3.txt"      #: 演禽賦 with its 原注
CHAIWEI = "001_b9dd49d181959cb6.txt"     #: 差委的否第三十七 (大六壬)
KETI = "002_70cc0c6be51c96e4.txt"        #: 伏吟 / 反吟 / 連茹 / 夾定 … 課體 with worked examples
TAIYIN = "003_089677c8ddf9fd3a.txt"      #: 太陰論, 天后, 日辰上神, 發用, 十二天將


#: Each seed's book, as a reader names it, per language. The titles are the seeds' own headings:
#: 000 「연금부(演禽賦)」; 001 「差委的否第三十七」, a chapter of a 大六壬 manual; 002 the 課體 chapter
#: (伏吟 twelve-branch examples, 反吟, 連茹, 夾定, 虛一, 夾不住); 003 「太陰論」 with 天后, 日辰上神,
#: 發用 and the twelve generals.
BOOKS: dict[str, dict[str, str]] = {
    QIN_FU: {"zh-Hant": "演禽賦", "zh-Hans": "演禽赋", "ko": "연금부(演禽賦)",
             "en": "Rhapsody on the mansion animals (演禽賦)"},
    CHAIWEI: {"zh-Hant": "大六壬·差委的否", "zh-Hans": "大六壬·差委的否", "ko": "대육임·차위적부(差委的否)",
              "en": "Da Liuren, on sending an envoy (差委的否)"},
    KETI: {"zh-Hant": "大六壬·課體", "zh-Hans": "大六壬·课体", "ko": "대육임·과체(課體)",
           "en": "Da Liuren, on the lesson forms (課體)"},
    TAIYIN: {"zh-Hant": "大六壬·太陰論", "zh-Hans": "大六壬·太阴论", "ko": "대육임·태음론(太陰論)",
             "en": "Da Liuren, on the Great Yin and the generals (太陰論)"},
}


#: Books cited outside the seeds (the 課體 catalogue quotes their defining sentences), as a reader
#: names them per language; the key is the title as the catalogue writes it.
CLASSICS: dict[str, dict[str, str]] = {
    "《六壬大全》": {"zh-Hant": "六壬大全", "zh-Hans": "六壬大全", "ko": "육임대전(六壬大全)",
                 "en": "The Liuren Compendium (六壬大全)"},
    "《畢法賦》": {"zh-Hant": "畢法賦", "zh-Hans": "毕法赋", "ko": "필법부(畢法賦)",
                "en": "Rhapsody of the Hundred Rules (畢法賦)"},
    "《六壬粹言》": {"zh-Hant": "六壬粹言", "zh-Hans": "六壬粹言", "ko": "육임수언(六壬粹言)",
                 "en": "Choice Words on Liuren (六壬粹言)"},
    # the books the built-in schools cite (config/schools.toml), named as their descriptions name them
    "《占事略決》": {"zh-Hant": "占事略決", "zh-Hans": "占事略决", "ko": "점사약결(占事略決)",
                 "en": "Zhanshi lüejue (占事略決)"},
    "《協紀辨方書》": {"zh-Hant": "協紀辨方書", "zh-Hans": "协纪辨方书", "ko": "협기변방서(協紀辨方書)",
                  "en": "Xieji bianfang shu (協紀辨方書)"},
    "《擇日精萃》": {"zh-Hant": "擇日精萃", "zh-Hans": "择日精萃", "ko": "택일정췌(擇日精萃)",
                 "en": "Zeri jingcui (擇日精萃)"},
    "《禽星易見》": {"zh-Hant": "禽星易見", "zh-Hans": "禽星易见", "ko": "금성이견(禽星易見)",
                 "en": "Qinxing yijian (禽星易見)"},
}


#: Verse lines a book is cited by — the 畢法賦's lines are its chapters — as a Korean reader reads
#: them: the reading, the characters beside it, and what the line says, so the reader is not left
#: with a bare line of classical Chinese (an English reader is given the line in English:
#: almanac/data/chapters_en.toml).
VERSES_KO: dict[str, str] = {
    "前後引從升遷吉": "「전후인종승천길(前後引從升遷吉)」: 앞뒤에서 이끌고 따르면 승진과 이사에 길하다",
    "六陽數足須公用": "「육양수족수공용(六陽數足須公用)」: 여섯 양이 가득하면 공적인 일에 써야 한다",
    "六陰相繼盡昏迷": "「육음상계진혼미(六陰相繼盡昏迷)」: 여섯 음이 잇따르면 모두 어둡고 흐리다",
    "三傳遞生人舉薦": "「삼전체생인거천(三傳遞生人舉薦)」: 삼전이 차례로 생하면 남이 천거해 준다",
    "三傳互剋衆人欺": "「삼전호극중인기(三傳互剋衆人欺)」: 삼전이 서로 극하면 뭇사람이 업신여긴다",
    "后合占婚豈用媒": "「후합점혼기용매(后合占婚豈用媒)」: 천후와 육합이 있으면 혼인에 어찌 중매가 필요하랴",
    "干乘墓虎無占病": "「간승묘호무점병(干乘墓虎無占病)」: 일간이 묘(墓)와 백호를 타면 병은 점칠 것도 없다",
    "虎臨干鬼凶速速": "「호림간귀흉속속(虎臨干鬼凶速速)」: 백호가 일간의 귀(鬼)에 임하면 흉이 빠르고 빠르다",
    "所謀多拙逢羅網": "「소모다졸봉나망(所謀多拙逢羅網)」: 꾀하는 일이 서툰 것은 천라지망(天羅地網)을 만났기 때문이다",
    "來去俱空豈動移": "「내거구공기동이(來去俱空豈動移)」: 오고 감이 모두 공하면 어찌 움직이겠는가",
    "傳財化鬼財休覓": "「전재화귀재휴멱(傳財化鬼財休覓)」: 재가 전하여 귀로 화하면 재물을 찾지 말라",
    "鬼臨三四訟災隨": "「귀림삼사송재수(鬼臨三四訟災隨)」: 귀가 셋째·넷째 과에 임하면 송사와 재앙이 따른다",
    "太陽照武宜擒賊": "「태양조무의금적(太陽照武宜擒賊)」: 태양이 현무를 비추면 도적을 잡기에 마땅하다",
}


#: The words of the chapter titles the citations of books outside the seeds name (《六壬大全》's
#: 課經集, its 課 …), as a Korean reader reads them, where the 課體 catalogue does not name them
#: already (斬關課 is read by the 課體 斬關, 참관, and 課 과).
CHAPTER_WORDS_KO: dict[str, str] = {
    "課經集": "과경집", "課經": "과경", "課經二": "과경이", "入手法": "입수법", "訂訛": "정와",
    "袖中金": "수중금", "心鏡": "심경", "卷三": "권삼", "卷四": "권사", "心印賦": "심인부",
    "元胎課": "원태과", "孤寡課": "고과과", "斫輪課": "작륜과", "游子課": "유자과", "遙克課": "요극과",
    "無祿絕嗣課": "무록절사과", "順連茹三奇十二課": "순연여삼기십이과", "逆連茹三奇十二課": "역연여삼기십이과",
    "先天貴神": "선천귀신", "涉害": "섭해", "時禽": "시금", "演禽": "연금",
    "卷二": "권이", "卷八": "권팔", "卷九": "권구", "卷十": "권십", "畢法": "필법", "雲霄賦": "운소부",
    "事類神": "사류신", "勾陳": "구진", "六合": "육합", "物類課": "물류과", "發用": "발용", "天空": "천공",
    "貴人": "귀인", "天后": "천후", "青龍": "청룡", "兵占": "병점", "兵將勇怯": "병장용겁",
    "渡關覘賊": "도관점적", "三傳": "삼전", "白虎": "백호", "朱雀": "주작", "釋疾病章": "석질병장",
    "玄武": "현무",
}
#: the reading of a chapter word's last character where it names a kind (斬關課, 涉害法, 羅網格)
_KIND_KO = {"課": "과", "法": "법", "格": "격"}


def chapter_ko(chapter: str) -> str:
    """A chapter title as a Korean reader reads it: each word its reading with the characters
    beside it; a word without a known reading is kept as written.

    >>> chapter_ko("課經集 斬關課"), chapter_ko("入手法 涉害法"), chapter_ko("演禽 時禽")
    ('과경집(課經集) 참관과(斬關課)', '입수법(入手法) 섭해법(涉害法)', '연금(演禽) 시금(時禽)')
    """
    from almanac.keti_names import PATTERNS_KO, shown_table
    names = {zh: shown.partition("(")[0] for (zh, lang), shown in shown_table().items() if lang == "ko"}
    names.update(PATTERNS_KO)

    def read(word: str) -> str:
        if word in CHAPTER_WORDS_KO:
            return CHAPTER_WORDS_KO[word]
        if word in names:
            return names[word]
        if word[-1:] in _KIND_KO and word[:-1] in names:
            return names[word[:-1]] + _KIND_KO[word[-1]]
        return ""
    return " ".join(f"{read(w)}({w})" if read(w) else w for w in chapter.split())


def classic_citation(title: str, chapter: str, quote: str, lang: str = "zh-Hant") -> str:
    """A citation for people of a book outside the seeds: its title in ``lang``, the chapter and
    the sentence quoted as the book writes it (converted for zh-Hans); a Korean or English reader,
    for whom the almanac has no translation of these books, is given the book and chapter without
    the sentence. A chapter may stand within
    the title (《六壬大全·先天貴神》, kept there as the seed citations keep theirs); the chapter or
    the sentence may be empty.

    >>> classic_citation("《六壬大全》", "課經集 斬關課", "凡卦魁罡加日辰發用，為斬關課", "en")
    'The Liuren Compendium (六壬大全), chapter on the Breaking the Pass lesson (斬關課)'
    >>> classic_citation("《六壬大全》", "課經集 斬關課", "凡卦魁罡加日辰發用，為斬關課", "ko")
    '《육임대전(六壬大全)》 과경집(課經集) 참관과(斬關課)'
    >>> classic_citation("《六壬大全·先天貴神》", "", "甲羊戊庚牛", "ko"), classic_citation("《擇日精萃》", "演禽", "", "en")
    ('《육임대전(六壬大全)·선천귀신(先天貴神)》', 'Zeri jingcui (擇日精萃), chapter on reckoning by the mansion animals (演禽)')

    A verse line standing as the chapter (the 畢法賦's) is read and glossed for a Korean reader
    (:data:`VERSES_KO`), said in English for an English one (:func:`english_chapter`):

    >>> classic_citation("《畢法賦》", "六陽數足須公用", "六陽數足須公用", "ko")
    '《필법부(畢法賦)》 「육양수족수공용(六陽數足須公用)」: 여섯 양이 가득하면 공적인 일에 써야 한다'
    >>> classic_citation("《畢法賦》", "六陽數足須公用", "六陽數足須公用", "en")
    'Rhapsody of the Hundred Rules (畢法賦), the rule ‘all six yang: act in the open’'
    """
    from almanac.lang import check_lang, hans
    lang = check_lang(lang)
    book, _, part = title.strip("《》").partition("·")
    name = CLASSICS[f"《{book}》"][lang]
    if lang == "en":        # the chapter in English, its characters beside it; the sentence not
        chapter = english_chapter(" ".join(x for x in (part, chapter) if x))
        return name + (f", {chapter}" if chapter else "")
    if lang == "ko" and chapter in VERSES_KO:
        return f"《{name}》 {VERSES_KO[chapter]}"
    if lang == "ko":            # no Korean translation of these books: the book and chapter only, read
        shown = f"《{name}·{chapter_ko(part)}》" if part else f"《{name}》"
        return " ".join(x for x in (shown, chapter_ko(chapter)) if x)
    shown = f"《{name}·{part}》" if part else f"《{name}》"
    text = shown + chapter + (f"「{one_name(quote)}」" if quote else "")
    return hans(text) if lang == "zh-Hans" else text


def one_name(text: str) -> str:
    """``text`` with each general under the one name the almanac gives it: the Qing printings
    write 元武 for 玄武 (玄, the Kangxi emperor's name 玄燁, was avoided), and a reader meets one
    general under two names nowhere.

    >>> one_name("元武相刑忌賊傷")
    '玄武相刑忌賊傷'
    """
    return text.replace("元武", "玄武")


def is_classic(title: str) -> bool:
    """Whether :func:`classic_citation` names the book of ``title`` (《六壬大全》, 《六壬大全·先天貴神》)."""
    return f"《{title.strip('《》').partition('·')[0]}》" in CLASSICS


def book(file: str, lang: str = "zh-Hant") -> str:
    """The title of the seed ``file`` in ``lang``."""
    from almanac.lang import check_lang
    return BOOKS[file][check_lang(lang)]


def citation(source: "Source | str", lang: str = "zh-Hant") -> str:
    """A citation for people: the book's title and the paragraph's opening words, in ``lang``.

    The opening words stay as the book writes them (quoted, in 「」), converted for zh-Hans; a
    Korean reader is shown the seed's Korean translation of them, an English reader an English
    rendering (:func:`english_opening`).
    """
    from almanac.lang import check_lang, hans
    quote = None
    if isinstance(source, BookSource):
        return source.citation(check_lang(lang))
    if isinstance(source, str):
        file, _, opening = source.partition(": ")
    else:
        file, opening, quote = source.file, source.opening, source.quote
    lang = check_lang(lang)
    title = BOOKS[file][lang]
    if lang == "zh-Hant":
        return f"《{title}》「{one_name(opening)}」"
    if lang == "zh-Hans":
        return f"《{title}》「{hans(one_name(opening))}」"
    if lang == "ko":                # the seed's own Korean translation of that paragraph
        return f"《{title}》 「{korean_opening(file, opening, quote)}」 단락"
    english = english_opening(file, opening)
    return f"{title}, the paragraph beginning “{english}”" if english else title


def korean_opening(file: str, opening: str, quote: str | None = None) -> str:
    """The opening words of the Korean translation the seed gives of the paragraph ``opening``
    (almanac/data/openings_ko.toml, made from the seeds), or ``opening`` itself for a paragraph
    the table does not hold. Where the paragraph is a list (a table of contents) the table holds,
    under 「opening「quote」」, the words of the translation that speak of the ``quote`` cited.

    >>> korean_opening(KETI, "天祿秘典大六壬靈覺經神課卷之二 連茹 夾定", "三合 曲直 炎上 從革 潤下 稼穡")
    '삼전 오행 회국을 따라 이름을 세우고'
    """
    table = _openings_ko().get(file, {})
    if quote is not None and f"{opening}「{quote}」" in table:
        return table[f"{opening}「{quote}」"]
    return table.get(opening, opening)


@lru_cache(maxsize=1)
def _openings_ko() -> dict[str, dict[str, str]]:
    import tomllib
    from pathlib import Path
    with open(Path(__file__).parent / "data" / "openings_ko.toml", "rb") as f:
        return tomllib.load(f)


def english_opening(file: str, opening: str) -> str:
    """The paragraph ``opening`` of the seed ``file`` opening in English (almanac/data/openings_en.toml,
    made by hand from the Chinese and the seed's Korean translation), or ``""`` for a paragraph the
    table does not hold: an English reader is never shown the Chinese words.

    >>> english_opening(TAIYIN, "天后相刑闇昧生")
    'When the Heavenly Queen (天后) and the day punish each other, dark doings arise'
    """
    return _table("openings_en.toml").get(file, {}).get(opening, "")


def english_chapter(chapter: str) -> str:
    """A chapter of a book outside the seeds as an English reader is shown it (``""`` for none, or
    for a chapter almanac/data/chapters_en.toml cannot read): a 課's chapter by the 課體 catalogue's
    English name, the 課 beside it.

    >>> english_chapter("課經集 斬關課"), english_chapter("課經集 贅婿課 訂訛")
    ('chapter on the Breaking the Pass lesson (斬關課)', 'chapter on the Live-In Son-in-Law lesson (贅婿課), corrections (訂訛)')
    >>> english_chapter("卷四"), english_chapter("")
    ('book four', '')
    """
    from almanac.keti_names import english_name
    t = _table("chapters_en.toml")
    if chapter in t["chapters"] or not chapter:
        return t["chapters"].get(chapter, "")
    words = chapter.split()
    if words[0] in ("課經", "課經集", "課經二"):      # the division: the 課's own chapter names the place
        words = words[1:]
    if not words or not words[0].endswith("課") or any(w not in t["sections"] for w in words[1:]):
        return ""
    name = t["lessons"].get(words[0]) or english_name(words[0][:-1])
    if not name:
        return ""
    return ", ".join([f"chapter on the {name} lesson ({words[0]})", *(t["sections"][w] for w in words[1:])])


@lru_cache(maxsize=None)
def _table(name: str) -> dict:
    import tomllib
    from pathlib import Path
    with open(Path(__file__).parent / "data" / name, "rb") as f:
        return tomllib.load(f)


@dataclass(frozen=True)
class Source:
    """A place in a seed text: the file and the opening words of the paragraph.

    ``quote``, when given, is the exact phrase inside that paragraph the rule rests on.
    """

    file: str
    opening: str
    quote: str | None = None

    # hashed for every situation an hour's view is built of (inside Situation's hash) and in
    # each day's citations: the field tuple's hash, kept
    __hash__ = kept_hash
    __getstate__ = state_without_kept_hash

    def __str__(self) -> str:
        return f"{self.file}: {self.opening}"


@dataclass(frozen=True)
class BookSource:
    """A place in a book outside the seeds: the title as :data:`CLASSICS` keys it, the chapter, and
    the exact phrase quoted (not checked against a text the project ships). The 課體 catalogue's
    and the rule catalog's book citations are both of this kind.

    >>> str(BookSource("《畢法賦》", "后合占婚豈用媒", "后合占婚豈用媒"))
    '《畢法賦》 后合占婚豈用媒: 「后合占婚豈用媒」'
    """

    book: str
    chapter: str
    quote: str

    def __str__(self) -> str:
        return f"{self.book} {self.chapter}: 「{self.quote}」"

    def citation(self, lang: str) -> str:
        """The citation a reader of ``lang`` is shown (the book's title in that language)."""
        return classic_citation(self.book, self.chapter, self.quote, lang)


#: Every Source created at import time, so the tests can check them all against the texts.
REGISTRY: list[Source] = []


def cite(file: str, opening: str, quote: str | None = None) -> Source:
    """Make and register a citation of the paragraph opening with ``opening``."""
    s = Source(file, opening, quote)
    REGISTRY.append(s)
    return s
