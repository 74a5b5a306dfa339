"""Labels of the feeds and reports in the four languages: ``zh-Hant`` (default), ``zh-Hans``,
``ko`` and ``en``.

Almanac terms (pillars, mansions, generals, 課 names) are Traditional Chinese in the computed
data; ``zh-Hans`` converts them with a small character table, ``ko`` adds the hangul reading of
stems, branches and 禽 names, ``en`` keeps the characters and explains them in English.

>>> hans("昴日雞 虛 勾陳 驚蟄")
'昴日鸡 虚 勾陈 惊蛰'
>>> label("good_hour", "ko")
'길시'
>>> check_lang("fr")
Traceback (most recent call last):
...
almanac.errors.BadInput: unknown language 'fr' (accepted: zh-Hant, zh-Hans, ko, en)
"""
from __future__ import annotations

from almanac.cycles import BRANCHES, BRANCHES_KO, STEMS, STEMS_KO
from almanac.lang import LANGS, check_lang  # noqa: F401 — the one home of the reader's languages


# Traditional → Simplified for every character the almanac's own labels and data use.
_T2S = str.maketrans(
    "虛婁畢參張軫龍豬雞烏馬陳陰貴驚蟄穀滿種處將傳課曆時節氣歲東門鳳學義們個從會這們開關為對與"
    "凶吉剋難災亂歸頭見說話語錢醫書寫買賣嫁娶遷移動齋祭禱訟營葬啟鑿樑橋壇輿據實術調隨經過還進遠運連"
    "選遲專別遙審渉涉責發變論陽電風雲夢晝夜頁帶應聽記設許證評詳請識讀變點齊壽濟產業絕總縣",
    "虚娄毕参张轸龙猪鸡乌马陈阴贵惊蛰谷满种处将传课历时节气岁东门凤学义们个从会这们开关为对与"
    "凶吉克难灾乱归头见说话语钱医书写买卖嫁娶迁移动斋祭祷讼营葬启凿梁桥坛舆据实术调随经过还进远运连"
    "选迟专别遥审涉涉责发变论阳电风云梦昼夜页带应听记设许证评详请识读变点齐寿济产业绝总县",
)


def hans(text: str) -> str:
    """Traditional → Simplified for the almanac's vocabulary (other characters pass through)."""
    return text.translate(_T2S)


_KO_GZ = str.maketrans(dict(zip(STEMS + BRANCHES, STEMS_KO + BRANCHES_KO)))


def ko_reading(text: str) -> str:
    """Hangul reading of a run of stems and branches, e.g. 甲子 → 갑자."""
    return text.translate(_KO_GZ)


LABELS: dict[str, dict[str, str]] = {
    "calname": {"zh-Hant": "壬禽通書", "zh-Hans": "壬禽通书", "ko": "임금 통서", "en": "Renqin almanac"},
    "caldesc": {
        "zh-Hant": "演禽與大六壬擇時：{task}之吉時、每日禽星與忌、節氣時刻。",
        "zh-Hans": "演禽与大六壬择时：{task}之吉时、每日禽星与忌、节气时刻。",
        "ko": "연금·대육임 택일: {task}의 길시, 날마다의 금성과 기피, 절기 시각.",
        "en": "演禽 and 大六壬 timing: good hours for {task}, each day's 禽 and taboos, solar-term instants.",
    },
    "school": {"zh-Hant": "學派", "zh-Hans": "学派", "ko": "학파(學派)", "en": "School"},
    "clock": {"zh-Hant": "時法", "zh-Hans": "时法", "ko": "시법(時法)", "en": "Clock"},
    "place": {"zh-Hant": "地點", "zh-Hans": "地点", "ko": "장소", "en": "Place"},
    "clock_civil": {"zh-Hant": "標準時", "zh-Hans": "标准时", "ko": "표준시", "en": "civil time"},
    "clock_mean_solar": {"zh-Hant": "平太陽時", "zh-Hans": "平太阳时", "ko": "평균태양시(平太陽時)",
                         "en": "local mean solar time"},
    "clock_true_solar": {"zh-Hant": "真太陽時", "zh-Hans": "真太阳时", "ko": "진태양시(眞太陽時)",
                         "en": "true solar time"},
    "clock_korean": {"zh-Hant": "東經127.5度平時", "zh-Hans": "东经127.5度平时",
                     "ko": "동경 127.5도 평균시", "en": "127.5°E mean time"},
    "good_hour": {"zh-Hant": "吉時", "zh-Hans": "吉时", "ko": "길시", "en": "Good hour"},
    "best_hour": {"zh-Hant": "本日較佳時", "zh-Hans": "本日较佳时", "ko": "오늘의 나은 시", "en": "Day's best hour"},
    "day": {"zh-Hant": "日", "zh-Hans": "日", "ko": "일", "en": "Day"},
    "term": {"zh-Hant": "節氣", "zh-Hans": "节气", "ko": "절기", "en": "Solar term"},
    "pillars": {"zh-Hant": "四柱", "zh-Hans": "四柱", "ko": "간지", "en": "Pillars"},
    "year": {"zh-Hant": "年", "zh-Hans": "年", "ko": "년", "en": "year"},
    "month": {"zh-Hant": "月", "zh-Hans": "月", "ko": "월", "en": "month"},
    "hour": {"zh-Hant": "時", "zh-Hans": "时", "ko": "시", "en": "hour"},
    "lunar": {"zh-Hant": "農曆", "zh-Hans": "农历", "ko": "음력", "en": "Lunar date"},
    "leap": {"zh-Hant": "閏", "zh-Hans": "闰", "ko": "윤", "en": "leap "},
    "yuejiang": {"zh-Hant": "月將", "zh-Hans": "月将", "ko": "월장", "en": "Monthly general (月將)"},
    "qin": {"zh-Hant": "值日禽", "zh-Hans": "值日禽", "ko": "당일 금성", "en": "Mansion of the day (禽)"},
    "yuan": {"zh-Hant": "七元", "zh-Hans": "七元", "ko": "칠원", "en": "Seven-cycle (七元)"},
    "general": {"zh-Hant": "將星", "zh-Hans": "将星", "ko": "장성", "en": "Ruling star (將星)"},
    "taboos": {"zh-Hant": "忌", "zh-Hans": "忌", "ko": "기피", "en": "Taboos"},
    "none": {"zh-Hant": "無", "zh-Hans": "无", "ko": "없음", "en": "none"},
    "verdict": {"zh-Hant": "斷", "zh-Hans": "断", "ko": "판단", "en": "Verdict"},
    "score": {"zh-Hant": "分", "zh-Hans": "分", "ko": "점수", "en": "Score"},
    "reasons": {"zh-Hant": "理由", "zh-Hans": "理由", "ko": "근거", "en": "Reasons"},
    "mansion": {"zh-Hant": "時禽", "zh-Hans": "时禽", "ko": "시금", "en": "Mansion of the hour"},
    "transmissions": {"zh-Hant": "三傳", "zh-Hans": "三传", "ko": "삼전", "en": "Three transmissions (三傳)"},
    "method": {"zh-Hant": "課法", "zh-Hans": "课法", "ko": "과법", "en": "Method"},
    "keti": {"zh-Hant": "課體", "zh-Hans": "课体", "ko": "과체(課體)", "en": "Lesson forms (課體)"},
    "flags": {"zh-Hant": "神煞", "zh-Hans": "神煞", "ko": "신살", "en": "Flags"},
    "instant": {"zh-Hant": "交節時刻", "zh-Hans": "交节时刻", "ko": "절입 시각", "en": "Exact moment"},
    "convention": {
        "zh-Hant": "子初換日（子時自前日23:00起）", "zh-Hans": "子初换日（子时自前日23:00起）",
        "ko": "자초환일 (자시는 전날 23:00부터)", "en": "day changes at 子初 (23:00 of the previous evening)",
    },
    "convention_midnight": {
        "zh-Hant": "夜半換日", "zh-Hans": "夜半换日", "ko": "자정 환일", "en": "day changes at civil midnight",
    },
    "alarm": {"zh-Hant": "吉時將至", "zh-Hans": "吉时将至", "ko": "길시 임박", "en": "Good hour soon"},
    "almanac": {"zh-Hant": "壬禽", "zh-Hans": "壬禽", "ko": "임금", "en": "Renqin"},
    "hours": {"zh-Hant": "十二時辰", "zh-Hans": "十二时辰", "ko": "십이시진", "en": "The twelve hours"},
    "best_hours": {"zh-Hant": "吉時盤", "zh-Hans": "吉时盘", "ko": "길시 반", "en": "Charts of the best hours"},
    "heatmap": {"zh-Hant": "日×時 熱圖", "zh-Hans": "日×时 热图", "ko": "일×시 열지도", "en": "Days × hours"},
}

FLAG_NAMES = {
    "anjin": {"zh-Hant": "暗金", "zh-Hans": "暗金", "ko": "암금", "en": "暗金 (hidden metal)"},
    "fuduan": {"zh-Hant": "伏斷", "zh-Hans": "伏断", "ko": "복단", "en": "伏斷 (lurking break)"},
    "jielu": {"zh-Hant": "截路空亡", "zh-Hans": "截路空亡", "ko": "절로공망", "en": "截路空亡 (road cut off)"},
    "jielu_strict": {"zh-Hant": "截路空亡（嚴）", "zh-Hans": "截路空亡（严）", "ko": "절로공망(엄)",
                     "en": "截路空亡 (strict reading)"},
}

VERDICTS = {
    "大吉": {"zh-Hant": "大吉", "zh-Hans": "大吉", "ko": "대길", "en": "very good (大吉)"},
    "吉": {"zh-Hant": "吉", "zh-Hans": "吉", "ko": "길", "en": "good (吉)"},
    "平": {"zh-Hant": "平", "zh-Hans": "平", "ko": "평", "en": "neutral (平)"},
    "凶": {"zh-Hant": "凶", "zh-Hans": "凶", "ko": "흉", "en": "bad (凶)"},
    "大凶": {"zh-Hant": "大凶", "zh-Hans": "大凶", "ko": "대흉", "en": "very bad (大凶)"},
}

#: verdict → rank (higher is better)
VERDICT_RANK = {"大凶": 0, "凶": 1, "平": 2, "吉": 3, "大吉": 4}




def label(key: str, lang: str) -> str:
    return LABELS[key][lang]


def flag_name(flag: str, lang: str) -> str:
    names = FLAG_NAMES.get(flag)
    return names[lang] if names else flag


def verdict_name(verdict: str, lang: str) -> str:
    names = VERDICTS.get(verdict)
    return names[lang] if names else term(verdict, lang)


def term(text: str, lang: str) -> str:
    """An almanac term (pillar, mansion, 禽 name, solar term) as shown in ``lang``."""
    if lang == "zh-Hans":
        return hans(text)
    if lang == "ko":
        reading = _ko_of(text)
        return f"{text}({reading})" if reading and reading != text else text
    return text


def _ko_of(text: str) -> str:
    try:
        from almanac.mansions import Mansion
        if len(text) in (1, 3):
            m = Mansion.parse(text)
            return m.korean_name if len(text) == 3 else m.korean_name[0]
    except (ValueError, ImportError, AttributeError):
        pass
    reading = ko_reading(text)
    return reading if reading != text and all(c not in reading for c in STEMS + BRANCHES) else ""


def free_text(text: str, lang: str) -> str:
    """Computed prose (reasons, citations): converted for zh-Hans, kept as written otherwise."""
    return hans(text) if lang == "zh-Hans" else text
