"""The product's labels in every reader's language — its name, the headings and words of the
feeds, reports, pages and command line (:data:`LABELS`, :func:`label`) — and the punctuation a
label is set with in each language (:func:`colon`, :func:`bracketed`, :func:`joined`).
"""
from __future__ import annotations

from collections.abc import Mapping

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


def label(key: str, lang: str) -> str:
    return LABELS[key][lang]


def score_note(lang: str, scale: Mapping[str, float]) -> str:
    """The reports' sentence on how a score becomes a verdict, with the numbers of ``scale``
    (``almanac.judgement.score.SCALE``: daji, ji, xiong, daxiong)."""
    return LABELS["score_note"][lang].format(**{k: f"{v:g}".replace("-", "−") for k, v in scale.items()})


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


def joined(items, lang: str) -> str:
    """Several shown words in a row: 、 between them in Chinese, a comma in Korean and English."""
    return ("、" if lang in ("zh-Hant", "zh-Hans") else ", ").join(items)
