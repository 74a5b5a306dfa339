"""The one home of every translated word the almanac shows: labels, verdicts, taboo names and
their one-sentence explanations, in ``zh-Hant`` (default), ``zh-Hans``, ``ko`` and ``en``.

Feeds, reports, the HTTP pages and the command line read their words from here, so a term is
translated once. Task names are not here: they live with the task profiles (``[tasks.NAME]``
``name_zh`` / ``name_ko`` in the configuration), read through :func:`task_label`.

The Korean choices (and the homonyms they avoid: 임금 "king/wages", 연금 "pension", 금성 "Venus")
are explained in docs/terms-ko.md, which lists :data:`KO_TERMS`; a test keeps the two the same.

>>> label("good_hour", "ko")
'길시'
>>> verdict_name("大凶", "ko"), verdict_name("吉", "en")
('대흉', 'good')
>>> check_lang("KO")
'ko'
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from almanac.cycles import ELEMENTS, ELEMENTS_KO
from almanac.keti_names import PATTERNS_KO, SUB_METHODS_KO
from almanac.lang import LANGS, check_lang, hans  # noqa: F401 — the one home of the reader's languages
#                                                  and of Traditional → Simplified (zhconv's tables)
from almanac.qin.taboos import TABOOS


#: the product's name in each language (Korean: no 임금 — it reads "king" or "wages")
PRODUCT = {"zh-Hant": "壬禽通書", "zh-Hans": "壬禽通书", "ko": "육임·금성(禽星) 택일력",
           "en": "Renqin almanac"}

LABELS: dict[str, dict[str, str]] = {
    "calname": PRODUCT,
    "caldesc": {
        "zh-Hant": "演禽與大六壬擇時：{task}之吉時、每日禽星與忌、節氣時刻。",
        "zh-Hans": "演禽与大六壬择时：{task}之吉时、每日禽星与忌、节气时刻。",
        "ko": "연금(演禽)과 대육임(大六壬)으로 가린 {task}의 길시, 날마다의 금성(禽星)과 기피, 절기 시각.",
        "en": "Hour selection by the mansion animals (演禽) and the Great Six Ren (大六壬): good hours "
              "for {task}, each day's mansion animal and taboos, solar-term instants.",
    },
    "good_hour": {"zh-Hant": "吉時", "zh-Hans": "吉时", "ko": "길시", "en": "Good hour"},
    "best_hour": {"zh-Hant": "本日較佳時", "zh-Hans": "本日较佳时", "ko": "오늘의 나은 시", "en": "Day's best hour"},
    "day": {"zh-Hant": "日", "zh-Hans": "日", "ko": "일", "en": "Day"},
    "term": {"zh-Hant": "節氣", "zh-Hans": "节气", "ko": "절기", "en": "Solar term"},
    "pillars": {"zh-Hant": "四柱", "zh-Hans": "四柱", "ko": "간지(干支)", "en": "Pillars"},
    "hour_pillar": {"zh-Hant": "時柱", "zh-Hans": "时柱", "ko": "시주(時柱)", "en": "Hour pillar"},
    "year": {"zh-Hant": "年", "zh-Hans": "年", "ko": "년", "en": "year"},
    "month": {"zh-Hant": "月", "zh-Hans": "月", "ko": "월", "en": "month"},
    "hour": {"zh-Hant": "時", "zh-Hans": "时", "ko": "시", "en": "hour"},
    "lunar": {"zh-Hant": "農曆", "zh-Hans": "农历", "ko": "음력", "en": "Lunar date"},
    "leap": {"zh-Hant": "閏", "zh-Hans": "闰", "ko": "윤", "en": "leap "},
    "yuejiang": {"zh-Hant": "月將", "zh-Hans": "月将", "ko": "월장(月將)", "en": "Monthly general (月將)"},
    "qin": {"zh-Hant": "值日禽", "zh-Hans": "值日禽", "ko": "일금(日禽)", "en": "Mansion animal of the day (值日禽)"},
    "yuan": {"zh-Hant": "七元", "zh-Hans": "七元", "ko": "칠원(七元)", "en": "Seven-cycle (七元)"},
    "general": {"zh-Hant": "將星", "zh-Hans": "将星", "ko": "장성(將星)", "en": "Ruling star (將星)"},
    "season": {"zh-Hant": "季", "zh-Hans": "季", "ko": "계절", "en": "Season"},
    "taboos": {"zh-Hant": "忌", "zh-Hans": "忌", "ko": "기피", "en": "Taboos"},
    "none": {"zh-Hant": "無", "zh-Hans": "无", "ko": "없음", "en": "none"},
    "verdict": {"zh-Hant": "斷", "zh-Hans": "断", "ko": "판단", "en": "Verdict"},
    "score": {"zh-Hant": "分", "zh-Hans": "分", "ko": "점수", "en": "Score"},
    "reasons": {"zh-Hant": "理由", "zh-Hans": "理由", "ko": "근거", "en": "Reasons"},
    #: the section after a report's hour table that gives each hour's reasons per task
    "hour_reasons": {"zh-Hant": "各時之理由", "zh-Hans": "各时之理由", "ko": "시마다의 근거",
                     "en": "Each hour's reasons"},
    "tap_for_reasons": {"zh-Hant": "點一格之判，可讀該時之理由。", "zh-Hans": "点一格之判，可读该时之理由。",
                        "ko": "판단 칸을 누르면 그 시의 근거를 읽을 수 있다.",
                        "en": "Tap a verdict to read its hour's reasons."},
    "back_to_table": {"zh-Hant": "回到時表", "zh-Hans": "回到时表", "ko": "시 표로 돌아가기",
                      "en": "back to the hour table"},
    "mansion": {"zh-Hant": "時禽", "zh-Hans": "时禽", "ko": "시금(時禽)", "en": "Mansion animal of the hour"},
    "transmissions": {"zh-Hant": "三傳", "zh-Hans": "三传", "ko": "삼전(三傳)", "en": "Three transmissions (三傳)"},
    "method": {"zh-Hant": "課法", "zh-Hans": "课法", "ko": "과법(課法)", "en": "Method"},
    "school": {"zh-Hant": "學派", "zh-Hans": "学派", "ko": "학파(學派)", "en": "School"},
    "config": {"zh-Hant": "設定", "zh-Hans": "设定", "ko": "설정", "en": "config"},
    #: the line at a page's foot: what the hexadecimal digest after it identifies
    "config_digest": {"zh-Hant": "設定識別碼（設定相同的頁面，此碼相同）",
                      "zh-Hans": "设定识别码（设定相同的页面，此码相同）",
                      "ko": "설정 식별값(같은 설정으로 만든 페이지는 같은 값)",
                      "en": "Settings fingerprint (the same on every page made with the same settings)"},
    "sets": {"zh-Hant": "設定", "zh-Hans": "设定", "ko": "설정", "en": "sets"},
    "source": {"zh-Hant": "出處", "zh-Hans": "出处", "ko": "출처", "en": "source"},
    "as_written": {"zh-Hant": "依設定檔原樣", "zh-Hans": "依配置文件原样", "ko": "설정 파일 그대로",
                   "en": "the configuration as written"},
    "clock": {"zh-Hant": "時法", "zh-Hans": "时法", "ko": "시법(時法)", "en": "Clock"},
    "place": {"zh-Hant": "地點", "zh-Hans": "地点", "ko": "장소", "en": "Place"},
    # whom a person's feed is for (almanac.judgement.person: the 立春 year of birth and the sex)
    "person": {"zh-Hant": "{year}年生 {sex}", "zh-Hans": "{year}年生 {sex}", "ko": "{year}년생 {sex}",
               "en": "born {year}, {sex}"},
    "born": {"zh-Hant": "生年（或生日）", "zh-Hans": "生年（或生日）", "ko": "태어난 해(또는 생일)",
             "en": "Born (year or date)"},
    "sex": {"zh-Hant": "男女命", "zh-Hans": "男女命", "ko": "성별", "en": "Sex"},
    # whom a chart's reading is for (almanac chart --born/--sex, --partner-born/--partner-sex)
    "asker": {"zh-Hant": "占者", "zh-Hans": "占者", "ko": "묻는 이", "en": "Asker"},
    "partner": {"zh-Hant": "配偶", "zh-Hans": "配偶", "ko": "배우자", "en": "Partner"},
    "benming": {"zh-Hant": "本命", "zh-Hans": "本命", "ko": "본명(本命)", "en": "birth-year branch (本命)"},
        "sex_m": {"zh-Hant": "男命", "zh-Hans": "男命", "ko": "남성", "en": "male"},
    "sex_f": {"zh-Hant": "女命", "zh-Hans": "女命", "ko": "여성", "en": "female"},
    "person_desc": {
        "zh-Hant": "為{person}而擇：其本命、行年臨課，年命之說入斷。",
        "zh-Hans": "为{person}而择：其本命、行年临课，年命之说入断。",
        "ko": "{person}을 위한 택일: 본명(本命)과 행년(行年)을 과(課)에 올려 연명(年命)의 규칙으로 판단합니다.",
        "en": "Chosen for a person ({person}): their birth-year branch (本命) and year branch (行年) "
              "are placed on each chart and the rules on the birth-year and year branches (年命) are read.",
    },
    "clock_civil": {"zh-Hant": "標準時", "zh-Hans": "标准时", "ko": "표준시", "en": "civil time"},
    "clock_mean_solar": {"zh-Hant": "平太陽時", "zh-Hans": "平太阳时", "ko": "평태양시(平太陽時)",
                         "en": "local mean solar time"},
    "clock_true_solar": {"zh-Hant": "真太陽時", "zh-Hans": "真太阳时", "ko": "진태양시(眞太陽時)",
                         "en": "true solar time"},
    "clock_korean": {"zh-Hant": "東經127.5度平時", "zh-Hans": "东经127.5度平时",
                     "ko": "동경(東經) 127.5도 평균시", "en": "127.5°E mean time"},
    "keti": {"zh-Hant": "課體", "zh-Hans": "课体", "ko": "과체(課體)", "en": "Lesson forms (課體)"},
    # after the 課體 names of a good hour's event: a grim-sounding name (災厄, 天獄 …) is the form's
    # name, not this hour's verdict for the task, which the reasons above give
    "keti_note": {"zh-Hant": "（以上課體僅為課名，於此事之吉凶見上文）", "zh-Hans": "（以上课体仅为课名，于此事之吉凶见上文）",
                  "ko": "(위의 과체(課體)는 과의 이름일 뿐이며, 이 일의 길흉은 위의 근거에 있다)",
                  "en": "(the lesson forms above are names, not this hour's verdict: the reasons above give that)"},
    "flags": {"zh-Hant": "神煞", "zh-Hans": "神煞", "ko": "신살(神煞)", "en": "Taboos"},
    "instant": {"zh-Hant": "交節時刻", "zh-Hans": "交节时刻", "ko": "절입 시각", "en": "Exact moment"},
    "convention": {
        "zh-Hant": "子初換日（子時自前日23:00起）", "zh-Hans": "子初换日（子时自前日23:00起）",
        "ko": "자초환일(子初換日): 자시는 전날 23:00부터", "en": "day changes at the start of Zi (子初), 23:00 of the previous evening",
    },
    "convention_midnight": {
        "zh-Hant": "夜半換日", "zh-Hans": "夜半换日", "ko": "자정 환일", "en": "day changes at civil midnight",
    },
    "alarm": {"zh-Hant": "吉時將至", "zh-Hans": "吉时将至", "ko": "길시 임박", "en": "Good hour soon"},
    "almanac": {"zh-Hant": "壬禽", "zh-Hans": "壬禽", "ko": "육임·금성(禽星)", "en": "Renqin"},
    "hours": {"zh-Hant": "十二時辰", "zh-Hans": "十二时辰", "ko": "십이시진(十二時辰)", "en": "The twelve hours"},
    "best_hours": {"zh-Hant": "吉時天地盤", "zh-Hans": "吉时天地盘", "ko": "길시의 천지반(天地盤)",
                   "en": "Heaven-and-earth plates (天地盤) of the best hours"},
    "heatmap": {"zh-Hant": "日×時 一覽", "zh-Hans": "日×时 一览", "ko": "일×시 한눈에 보기", "en": "Days × hours"},
    # report page
    "at_a_glance": {"zh-Hant": "今日一覽", "zh-Hans": "今日一览", "ko": "오늘 한눈에", "en": "The day at a glance"},
    "best_per_task": {"zh-Hant": "各事最佳時", "zh-Hans": "各事最佳时", "ko": "할 일마다 가장 좋은 시",
                      "en": "Best hour for each task"},
    #: the glance's heading when some task's highest-scoring hour is not a good (吉) one
    "top_per_task": {"zh-Hant": "各事分數最高之時", "zh-Hans": "各事分数最高之时", "ko": "할 일마다 점수가 가장 높은 시",
                     "en": "Highest-scoring hour for each task"},
    #: said beside such an hour: it is the least bad, not a good one
    "no_good_hour": {"zh-Hant": "本日無吉時", "zh-Hans": "本日无吉时", "ko": "오늘은 길시(吉時)가 없음",
                     "en": "no good hour today"},
    "no_good_hour_any": {"zh-Hant": "本日諸事皆無吉時。", "zh-Hans": "本日诸事皆无吉时。",
                         "ko": "오늘은 어느 일에도 길시(吉時)가 없다.", "en": "No task has a good hour today."},
    "no_usable_hour": {"zh-Hant": "本日無可用之時", "zh-Hans": "本日无可用之时", "ko": "오늘은 쓸 만한 시가 없음",
                       "en": "no usable hour today"},
    "day_taboos": {"zh-Hant": "本日之忌", "zh-Hans": "本日之忌", "ko": "오늘의 기피", "en": "Today's taboos"},
    "no_day_taboo": {"zh-Hant": "本日無暗金、伏斷。", "zh-Hans": "本日无暗金、伏断。",
                     "ko": "오늘은 암금(暗金)·복단(伏斷)이 없다.", "en": "No day-level taboo, hidden metal (暗金) or lurking break (伏斷), today."},
    "hour_taboos": {"zh-Hant": "時忌", "zh-Hans": "时忌", "ko": "시의 기피", "en": "Hour taboos"},
    "legend": {"zh-Hant": "圖例", "zh-Hans": "图例", "ko": "범례", "en": "Legend"},
    "task": {"zh-Hant": "事", "zh-Hans": "事", "ko": "할 일", "en": "Task"},
    "time": {"zh-Hant": "時間", "zh-Hans": "时间", "ko": "시각", "en": "Time"},
    "branch": {"zh-Hant": "時", "zh-Hans": "时", "ko": "시", "en": "Hour"},
    "vetoed": {"zh-Hant": "禁", "zh-Hans": "禁", "ko": "불가", "en": "forbidden"},
    # the verdict scale's numbers are filled in from almanac.judgement.score.SCALE (score_note())
    "score_note": {
        "zh-Hant": "分為所引各條加減之和。判依一定之尺：分至{daji}以上為大吉，{ji}以上為吉，{xiong}以下為凶，"
                   "{daxiong}以下為大凶，其間為平；故吉必正分，凶必負分。所引之文以為不可者，或有禁條，"
                   "其時不得過凶。色依判，不依分。",
        "zh-Hans": "分为所引各条加减之和。判依一定之尺：分至{daji}以上为大吉，{ji}以上为吉，{xiong}以下为凶，"
                   "{daxiong}以下为大凶，其间为平；故吉必正分，凶必负分。所引之文以为不可者，或有禁条，"
                   "其时不得过凶。色依判，不依分。",
        "ko": "점수는 근거로 든 조문들의 가감을 더한 값이다. 판단은 정해진 눈금으로 매긴다: {daji} 이상 대길(大吉), "
              "{ji} 이상 길(吉), {xiong} 이하 흉(凶), {daxiong} 이하 대흉(大凶), 그 사이는 평(平). 그러므로 길은 "
              "언제나 양의 점수, 흉은 음의 점수다. 원문이 해서는 안 된다고 한 근거나 금기가 있는 시는 다른 근거가 "
              "무엇이든 흉을 넘지 못한다. 칸의 색은 점수가 아니라 판단을 따른다.",
        "en": "The score is the sum of the cited rules' effects. The verdict reads it on a fixed scale: {daji} or "
              "more is very good, {ji} or more good, {xiong} or less bad, {daxiong} or less very bad, neutral in "
              "between; so a good hour always has a positive score and a bad one a negative score. An hour with a "
              "reason whose text forbids the act, or a forbidding rule, is at best bad whatever else it adds. "
              "Colours follow the verdict, not the score.",
    },
    "directions": {"zh-Hant": "方向", "zh-Hans": "方向", "ko": "방향", "en": "Directions"},
    "tiangang": {"zh-Hant": "天罡加{over}（{dir}）", "zh-Hans": "天罡加{over}（{dir}）",
                 "ko": "북두 자루 천강(天罡)이 {over} 위에서 {dir}쪽을 가리킴", "en": "Heavenly Ridge (天罡), the Dipper's handle, over {over}, pointing {dir}"},
    "sangong": {"zh-Hant": "三宮時 {palace}", "zh-Hans": "三宫时 {palace}", "ko": "삼궁시(三宮時) {palace}",
                "en": "a three palaces (三宮) hour: {palace}"},
    "retreat": {"zh-Hant": "退避{side}", "zh-Hans": "退避{side}", "ko": "물러날 쪽 {side}", "en": "withdraw to the {side}"},
    "avoid": {"zh-Hant": "忌{dirs}", "zh-Hans": "忌{dirs}", "ko": "피할 방향 {dirs}", "en": "avoid {dirs}"},
    # 001 「勾陳制處最為勝」, 「若取出路，從勾制以取強」: the roads 勾陳 controls, best to go out by
    "gouchen": {"zh-Hant": "宜向勾陳制處{dirs}", "zh-Hans": "宜向勾陈制处{dirs}",
                "ko": "구진(勾陳)이 제압하는 나아갈 방향 {dirs}",
                "en": "go out by the way the Hooked Array (勾陳) controls: {dirs}"},
    "no_hour": {"zh-Hant": "無可用之時", "zh-Hans": "无可用之时", "ko": "쓸 만한 시가 없음",
                "en": "no hour in the range is usable for this task"},
    "prev": {"zh-Hant": "前一日", "zh-Hans": "前一日", "ko": "전날", "en": "previous day"},
    "next": {"zh-Hant": "後一日", "zh-Hans": "后一日", "ko": "다음 날", "en": "next day"},
}

#: the taboo flags: name, and one sentence a reader can act on (seed wording in docs/qin.md), from
#: the registry of the taboos (almanac.qin.taboos.TABOOS), in its order
FLAGS: dict[str, dict[str, dict[str, str]]] = {
    t.id: {"name": dict(t.names), "explain": dict(t.explain)} for t in TABOOS}

#: verdict words; the colour each is drawn in (reports, heatmaps) goes with the word
VERDICTS: dict[str, dict[str, str]] = {
    "大吉": {"zh-Hant": "大吉", "zh-Hans": "大吉", "ko": "대길", "en": "very good"},
    "吉": {"zh-Hant": "吉", "zh-Hans": "吉", "ko": "길", "en": "good"},
    "平": {"zh-Hant": "平", "zh-Hans": "平", "ko": "평", "en": "neutral"},
    "凶": {"zh-Hant": "凶", "zh-Hans": "凶", "ko": "흉", "en": "bad"},
    "大凶": {"zh-Hant": "大凶", "zh-Hans": "大凶", "ko": "대흉", "en": "very bad"},
}
#: verdict → rank (higher is better)
VERDICT_RANK = {"大凶": 0, "凶": 1, "平": 2, "吉": 3, "大吉": 4}
#: verdict → cell colour; a vetoed hour is drawn as VETO_COLOR whatever its verdict
VERDICT_COLORS = {"大吉": "#1b7837", "吉": "#a6dba0", "平": "#f7f7f7", "凶": "#f4a582", "大凶": "#b2182b"}
VERDICT_INK = {"大吉": "#ffffff", "吉": "#000000", "平": "#000000", "凶": "#000000", "大凶": "#ffffff"}
VETO_COLOR, VETO_INK = "#7f7f7f", "#ffffff"

#: directions (天罡's, the side to withdraw to, those to avoid) for each reader
DIRECTIONS = {
    "東": {"ko": "동", "en": "east"}, "西": {"ko": "서", "en": "west"}, "南": {"ko": "남", "en": "south"},
    "北": {"ko": "북", "en": "north"}, "東北": {"ko": "동북", "en": "north-east"},
    "東南": {"ko": "동남", "en": "south-east"}, "西北": {"ko": "서북", "en": "north-west"},
    "西南": {"ko": "서남", "en": "south-west"}, "左": {"ko": "왼쪽", "en": "left"}, "右": {"ko": "오른쪽", "en": "right"},
    # 001's 「壬癸日不宜向四維」: the four corners between the cardinal points
    "四維": {"ko": "네 모퉁이 방위(四維)", "en": "the four corners (四維)"},
}


#: English names of the almanac's terms, the one table an English text reads them from: a rule text,
#: a 課體 meaning or a label writes the name with the hanja beside it the first time, "the initial
#: transmission (發用)", "Si (巳)", "the Noble One (貴人)" (tests/test_rules_text.py holds every text
#: to these names). Stems and branches in pinyin, as the English literature on 六壬 writes them; the
#: twelve generals, the mansions and the solar terms by their usual English names; 課體 names are not
#: here but in almanac/data/keti.toml (``name_en``), the home of the 課體.
STEMS_EN = ("Jia", "Yi", "Bing", "Ding", "Wu", "Ji", "Geng", "Xin", "Ren", "Gui")
BRANCHES_EN = ("Zi", "Chou", "Yin", "Mao", "Chen", "Si", "Wu", "Wei", "Shen", "You", "Xu", "Hai")
GENERALS_EN = ("Noble One", "Soaring Snake", "Vermilion Bird", "Six Harmony", "Hooked Array", "Green Dragon",
               "Heavenly Void", "White Tiger", "Great Constancy", "Dark Warrior", "Great Yin", "Heavenly Queen")
MANSIONS_EN = ("Horn", "Neck", "Root", "Room", "Heart", "Tail", "Winnowing Basket", "Dipper", "Ox", "Girl",
               "Emptiness", "Rooftop", "Encampment", "Wall", "Legs", "Bond", "Stomach", "Hairy Head", "Net",
               "Turtle Beak", "Three Stars", "Well", "Ghost", "Willow", "Star", "Extended Net", "Wings", "Chariot")
SOLAR_TERMS_EN = ("Winter Solstice", "Minor Cold", "Major Cold", "Start of Spring", "Rain Water",
                  "Awakening of Insects", "Spring Equinox", "Pure Brightness", "Grain Rain", "Start of Summer",
                  "Grain Buds", "Grain in Ear", "Summer Solstice", "Minor Heat", "Major Heat", "Start of Autumn",
                  "End of Heat", "White Dew", "Autumn Equinox", "Cold Dew", "Frost's Descent", "Start of Winter",
                  "Minor Snow", "Major Snow")
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
    from almanac.calendar import TERM_NAMES
    from almanac.cycles import BRANCHES, STEMS
    from almanac.liuren.generals import GENERALS
    from almanac.keti_names import catalogue_names
    from almanac.mansions import MANSIONS
    names: dict[str, tuple[str, ...]] = {}
    pairs = [*zip(STEMS, STEMS_EN), *zip(BRANCHES, BRANCHES_EN), *zip(GENERALS, GENERALS_EN),
             *zip(MANSIONS, MANSIONS_EN), *zip(TERM_NAMES, SOLAR_TERMS_EN), *WORDS_EN.items()]
    pairs += [(n, name_en) for name, _, name_en, aliases in catalogue_names() for n in (name, *aliases)]
    for word, name in pairs:
        if name not in names.get(word, ()):
            names[word] = (*names.get(word, ()), name)
    return names


def direction(word: str, lang: str) -> str:
    if lang == "zh-Hans":
        return hans(word)
    return DIRECTIONS.get(word, {}).get(lang, word)


#: The Korean terms list of docs/terms-ko.md: (term as shown, hanja, reading, meaning in English).
KO_TERMS: tuple[tuple[str, str, str, str], ...] = (
    ("육임·금성(禽星) 택일력", "六壬·禽星 擇日曆", "육임 금성 택일력",
     "the product's Korean name: hour selection by 六壬 and the mansion animals"),
    ("연금(演禽)", "演禽", "연금", "reckoning by the 28 mansion animals; always with hanja (연금 alone reads 'pension')"),
    ("금성(禽星)", "禽星", "금성", "mansion animal star; always with hanja (금성 alone reads 'Venus')"),
    ("일금(日禽)", "日禽", "일금", "the mansion animal ruling the day"),
    ("시금(時禽)", "時禽", "시금", "the mansion animal ruling the hour"),
    ("대육임", "大六壬", "대육임", "the Great Six Ren divination board"),
    ("천지반(天地盤)", "天地盤", "천지반", "the heaven and earth plates of a 六壬 chart"),
    ("삼전(三傳)", "三傳", "삼전", "the three transmissions of a 六壬 chart"),
    ("과법(課法)", "課法", "과법", "the method that found the transmissions (元首, 重審 …)"),
    ("간상신(干上神)", "干上神", "간상신", "the spirit over the day stem (日上神 in the seeds)"),
    ("지상신(支上神)", "支上神", "지상신",
     "the spirit over the day branch (辰上神 in the seeds, whose 辰 is the day branch, never 진(辰))"),
    ("일지(日支)", "日支", "일지", "the day branch (辰 of 日辰 in the seeds)"),
    ("귀인(貴人)", "貴人", "귀인", "the Noble One, 貴神 in the seeds (귀신 reads 'ghost')"),
    ("진여(進茹) · 퇴여(退茹)", "進茹 · 退茹", "진여 퇴여",
     "three branches in a row forward / backward (進連茹, 退連茹); 진연여 is 真連茹 alone"),
    ("상대의 도장(到將)", "到將", "도장", "the other side's 禽 in 演禽; with hanja (도장 alone reads 'seal')"),
    ("월장(月將)", "月將", "월장", "the monthly general, the sun's station"),
    ("칠원(七元)", "七元", "칠원", "the seven sixty-day cycles of 演禽"),
    ("장성(將星)", "將星", "장성", "the ruling star of the cycle; hanja kept (장성 alone reads 'Great Wall')"),
    ("신살(神煞)", "神煞", "신살", "spirits and taboos marked on an hour"),
    ("암금(暗金)", "暗金", "암금", "hidden metal: the 禽 is 亢, 牛, 婁 or 鬼"),
    ("복단(伏斷)", "伏斷", "복단", "lurking break: the branch meets its paired 禽"),
    ("절로공망(截路空亡)", "截路空亡", "절로공망", "road cut off: the hour stem is 壬 or 癸"),
    ("간지(干支)", "干支", "간지", "the stem-branch pillars; hanja kept (간지 alone also reads a slang word and an interleaf)"),
    ("시주(時柱)", "時柱", "시주", "an hour's pillar (the hour table's column)"),
    ("길시", "吉時", "길시", "a good hour"),
    ("대길 · 길 · 평 · 흉 · 대흉", "大吉 · 吉 · 平 · 凶 · 大凶", "대길 길 평 흉 대흉", "the five verdicts"),
    ("불가", "不可", "불가", "forbidden: the hour is vetoed for the task"),
    ("출행(出行)", "出行", "출행", "task travel: setting out on a journey"),
    ("견사(遣使)", "遣使", "견사", "task delegate: sending an envoy"),
    ("회담(會談)", "會談", "회담", "task negotiation"),
    ("혼인(婚姻)", "婚姻", "혼인", "task marriage"),
    ("구재(求財)", "求財", "구재", "task wealth: seeking money"),
    ("사송(詞訟)", "詞訟", "사송", "task lawsuit"),
    ("질병(疾病)", "疾病", "질병", "task health: illness and cure"),
    ("쟁경(爭競)", "爭競", "쟁경", "task competition"),
    ("구관(求官)", "求官", "구관", "task office: seeking a post"),
    ("포착(捕捉)", "捕捉", "포착", "task pursuit: catching a fugitive"),
    ("백사(百事)", "百事", "백사", "task general: all affairs"),
)


def label(key: str, lang: str) -> str:
    return LABELS[key][lang]


def score_note(lang: str, scale: Mapping[str, float]) -> str:
    """The reports' sentence on how a score becomes a verdict, with the numbers of ``scale``
    (``almanac.judgement.score.SCALE``: daji, ji, xiong, daxiong)."""
    return LABELS["score_note"][lang].format(**{k: f"{v:g}".replace("-", "−") for k, v in scale.items()})


def flag_name(flag: str, lang: str) -> str:
    entry = FLAGS.get(flag)
    return entry["name"][lang] if entry else flag


def flag_explain(flag: str, lang: str) -> str:
    entry = FLAGS.get(flag)
    return entry["explain"][lang] if entry else flag


def verdict_name(verdict: str, lang: str) -> str:
    names = VERDICTS.get(verdict)
    return names[lang] if names else verdict


def verdict_style(verdict: str, vetoed: bool = False) -> tuple[str, str]:
    """(background, ink) colours of a cell showing ``verdict`` (grey when the hour is vetoed)."""
    if vetoed:
        return VETO_COLOR, VETO_INK
    return VERDICT_COLORS.get(verdict, "#eeeeee"), VERDICT_INK.get(verdict, "#000000")


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


def colon(lang: str) -> str:
    """What follows a label before its value: the full-width colon in Chinese text, ``": "``
    in Korean and English.

    >>> "忌" + colon("zh-Hant") + "伏斷", "Taboos" + colon("en") + "none"
    ('忌：伏斷', 'Taboos: none')
    """
    return "：" if lang in ("zh-Hant", "zh-Hans") else ": "


def bracketed(text: str, lang: str) -> str:
    """``text`` in brackets after a word: full-width brackets in Chinese text, a space and
    ASCII brackets in Korean and English.

    >>> "平" + bracketed("+1", "zh-Hans"), "neutral" + bracketed("+1", "en")
    ('平（+1）', 'neutral (+1)')
    """
    return f"（{text}）" if lang in ("zh-Hant", "zh-Hans") else f" ({text})"


def verdict_shown(verdict: str, lang: str, more: str = "") -> str:
    """A verdict of the scale as a reader of ``lang`` meets it alone: the character in a bracket
    after the Korean or English word, with ``more`` beside it (길(吉), good (吉, +4.3)); Chinese
    as it is."""
    if lang in ("zh-Hant", "zh-Hans"):
        return verdict
    return f"{VERDICTS[verdict][lang]}{'' if lang == 'ko' else ' '}({verdict}{', ' + more if more else ''})"


def verdict_score(verdict: str, score: float, lang: str, *, vetoed: bool = False,
                  named: bool = False) -> str:
    """A verdict and its score as every reader meets the pair — summaries, reports, feeds: one
    bracket after the word, holding the character (Korean, English) and the score, so a reader
    never sees two brackets in a row (not 「good (吉) (+4.3)」). A vetoed hour opens with the word
    the day's table shows for it; ``named`` names the score where nothing else says what the
    number is (a calendar event).

    >>> [verdict_score("平", -0.5, g) for g in ("en", "ko", "zh-Hant")]
    ['neutral (平, -0.5)', '평(平, -0.5)', '平（-0.5）']
    >>> [verdict_score("大凶", -14, g, vetoed=True) for g in ("en", "ko", "zh-Hant")]
    ['forbidden · very bad (大凶, -14)', '불가 · 대흉(大凶, -14)', '禁（大凶，-14）']
    >>> verdict_score("吉", 4.3, "en", named=True), verdict_score("吉", 4.3, "zh-Hans", named=True)
    ('good (吉, score +4.3)', '吉（分 +4.3）')
    """
    lang = check_lang(lang)
    zh = lang in ("zh-Hant", "zh-Hans")
    sc = f"{score:+g}" if isinstance(score, (int, float)) else str(score or "")
    if not sc:                              # no score to show: the word alone, as a reader reads it
        word = verdict_shown(verdict, lang) if verdict in VERDICTS else verdict
        if not vetoed:
            return word
        return f"{LABELS['vetoed'][lang]}" + (f"（{word}）" if zh else f" · {word}")
    if named:
        sc = f"{LABELS['score'][lang].lower() if lang == 'en' else LABELS['score'][lang]} {sc}"
    if verdict not in VERDICTS:             # not a verdict of the scale: shown as it came
        pair = f"{verdict}{bracketed(sc, lang)}"
    elif zh:
        pair = f"{verdict}（{sc}）"
    else:
        pair = verdict_shown(verdict, lang, sc)
    if not vetoed:
        return pair
    if zh:
        return f"{LABELS['vetoed'][lang]}（{verdict}，{sc}）"
    return f"{LABELS['vetoed'][lang]} · {pair}"


def joined(items, lang: str) -> str:
    """Several shown words in a row: 、 between them in Chinese, a comma in Korean and English."""
    return ("、" if lang in ("zh-Hant", "zh-Hans") else ", ").join(items)


#: the weekdays, Monday first (``date.weekday()``), as each reader names them
WEEKDAYS = {"zh-Hant": ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"),
            "ko": ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"),
            "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")}
WEEKDAYS["zh-Hans"] = WEEKDAYS["zh-Hant"]
#: the five phases read in Korean and named in English (木火土金水)
PHASES_KO = dict(zip(ELEMENTS, ELEMENTS_KO))
PHASES_EN = {"木": "Wood", "火": "Fire", "土": "Earth", "金": "Metal", "水": "Water"}


def season_text(element: str, lang: str) -> str:
    """The phase that flourishes in the season: 水旺, 수왕(水旺), Water flourishing (水旺)."""
    if lang == "ko":
        return f"{PHASES_KO[element]}왕({element}旺)"
    if lang == "en":
        return f"{PHASES_EN[element]} flourishing ({element}旺)"
    return f"{element}旺"


def yuan_text(yuan: int, jiang, lang: str) -> str:
    """The day's place in the 七元 cycle: 6元 第4將, 제6원(元) 제4장(將), cycle 6, general 4."""
    if lang == "ko":
        return f"제{yuan}원(元) 제{jiang}장(將)"
    if lang == "en":
        return f"cycle {yuan}, general {jiang}"
    return hans(f"{yuan}元 第{jiang}將") if lang == "zh-Hans" else f"{yuan}元 第{jiang}將"


def pillar_line(p: Mapping[str, str], lang: str) -> str:
    """The year, month and day pillars (``{"year": "丙午", …}``) as ``lang`` reads them:
    丙午年 己亥月 癸丑日, 丙午(병오)년 …, year Bingwu (丙午), month Jihai (己亥), day Guichou (癸丑).

    >>> pillar_line({"year": "丙午", "month": "己亥", "day": "癸丑"}, "en")
    'year Bingwu (丙午), month Jihai (己亥), day Guichou (癸丑)'
    """
    if lang == "en":
        return ", ".join(f"{label(k, lang).lower()} {term(p[k], lang)}" for k in ("year", "month", "day"))
    return " ".join(f"{term(p[k], lang)}{label(k, lang)}" for k in ("year", "month", "day"))


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


def term_list(names, lang: str) -> str:
    """Several terms (the 課體 of an hour) in ``lang``, each as :func:`term` shows it: apart by a
    space where each is one word with its brackets (원수(元首) 불비(不備)), by a comma in English,
    whose names are several words (Primary Head (元首), Incomplete (不備))."""
    return (", " if lang == "en" else " ").join(term(n, lang) for n in names)


#: the 七曜 and the animals of the 28 禽 in English, for a 禽's full name (觜火猴: Turtle Beak Fire Monkey)
LUMINARIES_EN = ("Wood", "Metal", "Earth", "Sun", "Moon", "Fire", "Water")
ANIMALS_EN = ("Flood Dragon", "Dragon", "Badger", "Hare", "Fox", "Tiger", "Leopard", "Xiezhi", "Ox", "Bat", "Rat",
              "Swallow", "Pig", "Porcupine", "Wolf", "Dog", "Pheasant", "Rooster", "Crow", "Monkey", "Ape",
              "Tapir", "Goat", "Muntjac", "Horse", "Deer", "Snake", "Earthworm")


def _en_of(text: str) -> str:
    """The English of a term as :func:`term` shows it, without the hanja: a named term (branch,
    general, mansion, solar term, 課體 …), a pillar (甲子: Jiazi), a 禽's full name (觜火猴: Turtle
    Beak Fire Monkey) or a run of branches (the 三傳 丑卯巳: Chou-Mao-Si); "" when none."""
    from almanac.cycles import BRANCHES, STEMS
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
        from almanac.mansions import Mansion
        try:
            m = Mansion.parse(text)
        except (ValueError, KeyError):
            return ""
        if m.name == text:
            return f"{MANSIONS_EN[m.index]} {LUMINARIES_EN[m.index % 7]} {ANIMALS_EN[m.index]}"
    return ""


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


#: the 三宮 (the hours to set out by, almanac.judgement.facts ``sangong``) read in Korean
SANGONG_KO = {"絳宮": "강궁", "明堂": "명당", "玉堂": "옥당"}
#: PATTERNS_KO, the 格局 of a chart read in Korean where the 課體 catalogue does not name them, lives
#: with the catalogue's names (almanac.keti_names), which the citations read too
#: the 六親 of a transmission seen from the day stem (almanac.liuren.void.liuqin) read in Korean
LIUQIN_KO = {"父母": "부모", "兄弟": "형제", "子孫": "자손", "妻財": "처재", "官鬼": "관귀"}
#: the twelve generals (almanac.liuren.generals.GENERALS, 貴人 … 天后) read in Korean; a general is
#: named as a 課體 is, the reading first with its hanja (등사(螣蛇)), as the rules' Korean texts write them
GENERALS_KO = ("귀인", "등사", "주작", "육합", "구진", "청룡", "천공", "백호", "태상", "현무", "태음", "천후")


@lru_cache(maxsize=1)
def _generals_ko() -> dict[str, str]:
    from almanac.liuren.generals import GENERALS
    return dict(zip(GENERALS, GENERALS_KO))


def _ko_of(text: str) -> str:
    from almanac.calendar import TERM_NAMES, TERM_NAMES_KO
    from almanac.cycles import BRANCHES, BRANCHES_KO, STEMS, STEMS_KO
    if text in TERM_NAMES:
        return TERM_NAMES_KO[TERM_NAMES.index(text)]
    if text in SANGONG_KO:
        return SANGONG_KO[text]
    if text in LIUQIN_KO:
        return LIUQIN_KO[text]
    if len(text) in (1, 3):
        try:
            from almanac.mansions import Mansion
            m = Mansion.parse(text)
            return m.korean_name if len(text) == 3 else m.korean_name[0]
        except (ValueError, KeyError, ImportError, AttributeError):
            pass
    table = dict(zip(STEMS + BRANCHES, STEMS_KO + BRANCHES_KO))
    return "".join(table[c] for c in text) if text and all(c in table for c in text) else ""


def task_description(task: dict, lang: str) -> str:
    """A task's one-line description for a reader of ``lang``: its ``description_zh`` (converted
    for zh-Hans), 출행(出行) — ``description_ko``, or the English ``description``. Where the
    configuration lacks the reader's text, the name alone (:func:`task_label`) rather than
    another language's sentence. English: the ``description`` with the task's hanja moved into
    brackets (setting out on a journey (出行))."""
    name = task_label(task, lang)
    if lang in ("zh-Hant", "zh-Hans"):
        text = task.get("description_zh") or ""
        return (hans(text) if lang == "zh-Hans" else text) if text else name
    if lang == "ko":
        text = task.get("description_ko") or ""
        return f"{name} — {text}" if text else name
    text = task.get("description") or ""
    # the configuration writes "出行 — setting out on a journey": English leads, the hanja in brackets
    head, sep, rest = text.partition(" — ")
    if sep and head == task.get("name_zh"):
        return f"{rest} ({head})"
    return text or name


def school_name(name: str, preset: dict, lang: str) -> str:
    """A school preset (``school=`` key ``name``, its ``name_zh``/``name_ko``) as a reader of
    ``lang`` calls it: 육임대전(六壬大全), 六壬大全, and in English the key with the book in
    brackets, daquan (六壬大全) — never a bare key in Korean or Chinese. A Korean name that is also
    a common word has its meaning after it (``gloss_ko``): 본서(本書) alone reads "this book", so
    본서(本書) — 원전(原典) 그대로.

    >>> from almanac import config
    >>> school_name("default", config.BUILTIN_SCHOOLS["default"], "ko")
    '본서(本書) — 원전(原典) 그대로'
    """
    zh, ko = preset.get("name_zh") or "", preset.get("name_ko") or ""
    if lang == "ko" and ko:
        return f"{ko} — {preset['gloss_ko']}" if preset.get("gloss_ko") else ko
    if lang in ("zh-Hant", "zh-Hans") and zh:
        return hans(zh) if lang == "zh-Hans" else zh
    return f"{name} ({zh})" if lang == "en" and zh else name


def choices_text(school: str, preset: Mapping, clock: str, place, lang: str, *, every: bool = True,
                 longitude: float | None = None) -> str:
    """「學派: … · 時法: … · 地點: …」 in ``lang``: which school, clock and place an answer follows.
    The school is always named; without ``every`` the clock only when it is not the built-in civil
    time; the place whenever there is one (a name, or with ``longitude`` its degrees east after
    the name, and a place given as LON,LAT by its degrees alone)."""
    out = [f"{label('school', lang)}{colon(lang)}{school_name(school, preset, lang)}"]
    if every or clock != "civil":
        out.append(f"{label('clock', lang)}{colon(lang)}{label('clock_' + clock, lang)}")
    if longitude is not None:
        named = bool(place) and not any(c.isdigit() for c in str(place))   # not LON,LAT
        out.append(f"{label('place', lang)}{colon(lang)}{place_name(place, lang) + ' ' if named else ''}"
                   f"{longitude:.2f}°E")
    elif place:
        out.append(f"{label('place', lang)}{colon(lang)}{place_name(place, lang)}")
    return " · ".join(out)


def place_name(value, lang: str) -> str:
    """A place as a reader of ``lang`` calls it: 서울 for ko, 首爾 for zh-Hant (converted for
    zh-Hans), Seoul in en; coordinates and names outside the gazetteer as given."""
    import re

    from almanac.errors import BadInput
    from almanac.places import place
    try:
        p = place(value)
    except BadInput:
        return str(value)
    script = {"ko": r"[\uac00-\ud7a3]", "zh-Hant": r"[\u4e00-\u9fff]", "zh-Hans": r"[\u4e00-\u9fff]"}.get(lang)
    pick = next((n for n in p.names if script and re.search(script, n)), None)
    if pick is None:
        return p.name
    return hans(pick) if lang == "zh-Hans" else pick


def task_label(task: dict, lang: str, *, hanja: bool = True) -> str:
    """A task (an entry of ``api.tasks()``) named for a reader of ``lang``: 出行 / 出行 (zh-Hans
    converted) / 출행(出行) / travel. ``hanja=False`` gives the bare Korean name (table columns)."""
    name_zh, name_ko = task.get("name_zh") or "", task.get("name_ko") or ""
    if lang == "zh-Hant" and name_zh:
        return name_zh
    if lang == "zh-Hans" and name_zh:
        return hans(name_zh)
    if lang == "ko" and name_ko:
        return f"{name_ko}({name_zh})" if hanja and name_zh else name_ko
    return task["name"]
