"""The facts of one 時辰, as one flat mapping the rule conditions read.

``FACTS`` is the vocabulary: every name a rule may test, its type and its domain. ``derive`` builds
the mapping from primitive values (pillars, 禽, the 六壬 plate, lessons, transmissions and
generals); ``almanac.judgement.engine`` feeds it from the calendar, 演禽 and 六壬 engines. The
derived facts (日上神 against the day stem, 發用's 長生 stage, 天罡's direction …) are small
functions here, each with the passage it follows.

Relations between two things are named from the first one's side (``rel(a, b)``):
``生`` a generates b, ``剋`` a overcomes b, ``被生`` b generates a, ``被剋`` b overcomes a,
``比`` same element.

>>> rel_elements(0, 1), rel_elements(1, 0), rel_elements(0, 2), rel_elements(2, 0), rel_elements(3, 3)
('生', '被生', '剋', '被剋', '比')
>>> stage("甲", "亥"), stage("甲", "未"), stage("庚", "巳"), stage("戊", "辰")
('長生', '墓', '長生', '墓')
>>> direction("辰"), direction("子"), direction("申")
('東南', '北', '西南')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from almanac.calendar import STRENGTHS, strength
from almanac.liuren.keti import names as _keti_names
from almanac.liuren.keti import CHANGSHENG as _KETI_CS, DE as _KETI_DE, LU as _KETI_LU, moment, of_moment
from almanac.cycles import (BRANCH_ELEMENT, BRANCHES, PO as _PO, STEM_ELEMENT, STEMS, element_generates,
                            element_overcomes, relation)
from almanac.liuren.moment_table import chart_names, moment_names
from almanac.liuren.generals import GENERALS, GOOD as GOOD_GENERALS, HOMES as _HOMES
from almanac.liuren.patterns import SANHE
from almanac.liuren.plate import JIGONG as _JIGONG, season_class
from almanac.liuren.transmissions import METHODS, XING as _XING, YIMA
from almanac.mansions import DAY_QIN, MANSIONS, strength_class
from almanac.qin import taboos
from almanac.qin.palaces import PALACES as _PALACES, TRANSFORM_NAMES
from almanac.qin.predation import eats

#: home branch and element of each general (the 六壬 engine's table: a general's element is its home's)
GENERAL_HOME = {g: BRANCHES[b] for g, b in zip(GENERALS, _HOMES)}
GENERAL_ELEMENT = {g: BRANCH_ELEMENT[b] for g, b in zip(GENERALS, _HOMES)}
RELS = ("生", "剋", "被生", "被剋", "比")
STAGES = ("長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養")
WANGXIANG = STRENGTHS
DIRECTIONS = ("北", "東北", "東", "東南", "南", "西南", "西", "西北", "中")
PALACES = ("刀砧", "湯火", "田園", "")
TRANSFORMS = (*TRANSFORM_NAMES.values(), "")
#: the 演禽 engine's seasonal situations (almanac.qin.seasons) by the name the facts give them
SEASON_NAMES = {"season_rise": "得地", "season_she_wang": "春社旺", "season_jing_winter": "冬復旺",
                "season_decline": "患生"}
SEASONS = ("春", "夏", "秋", "冬")
#: pattern names ``almanac.liuren.patterns.find`` can report
PATTERNS = ("連茹", "進茹", "退茹", "真連茹", "谷傳空亡", "腳踏空亡", "三奇連珠", "間傳", "夾定", "夾定虛一",
            "前虛一", "後虛一", "遇夾不夾", "夾不住", "三合", "曲直", "炎上", "從革", "潤下", "稼穡", "井欄",
            "孤單", "革羈")

#: 課體 names the catalogue can report (almanac/data/keti.toml)
KETI_NAMES = _keti_names()

# ------------------------------------------------------------------ tables of the sexagenary cycle

#: 寄宮 of each stem (the 六壬 plate's table): 甲寅 乙辰 丙戊巳 丁己未 庚申 辛戌 壬亥 癸丑
JIGONG = {s: BRANCHES[b] for s, b in zip(STEMS, _JIGONG)}
#: 日祿: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子 (the 課體 catalogue's table)
LU = dict(zip(STEMS, (BRANCHES[b] for b in _KETI_LU)))
#: 日德: 甲己寅 乙庚申 丙辛巳 丁壬亥 戊癸巳 (the 課體 catalogue's table)
DE = dict(zip(STEMS, (BRANCHES[b] for b in _KETI_DE)))
#: 驛馬 of the day branch (the 六壬 engine's table): 申子辰寅 寅午戌申 巳酉丑亥 亥卯未巳
MA = {b: BRANCHES[YIMA[i % 4]] for i, b in enumerate(BRANCHES)}
#: 長生 branch of each element (木亥 火寅 土申 — 土 follows 水 — 金巳 水申; the catalogue's table)
CHANGSHENG = tuple(BRANCHES[b] for b in _KETI_CS)
XING = {b: BRANCHES[x] for b, x in zip(BRANCHES, _XING)}     # 三刑 (the 六壬 engine's table)
PO = {b: BRANCHES[p] for b, p in zip(BRANCHES, _PO)}              # 六破 (almanac.cycles.PO)
HAI = dict(zip(BRANCHES, "未午巳辰卯寅丑子亥戌酉申"))
#: ground branch → compass direction (8 points)
_DIR = dict(zip(BRANCHES, ("北", "東北", "東北", "東", "東南", "東南", "南", "西南", "西南", "西", "西北", "西北")))
#: 孟 寅申巳亥, 仲 子午卯酉, 季 辰戌丑未
MZJ = {b: "孟仲季"[season_class(i)] for i, b in enumerate(BRANCHES)}
#: 天耳 (001: 春寅、夏巳、秋申、冬亥)
TIANER = dict(zip(SEASONS, "寅巳申亥"))
#: 旺方 of the season (001: 春東、夏南、秋西、冬北、四季四維) — 四季 months are 辰未戌丑
WANG_DIR = {"寅": "東", "卯": "東", "巳": "南", "午": "南", "申": "西", "酉": "西", "亥": "北", "子": "北"}
#: the direction that overcomes the day stem (001: 甲乙日不宜向西 … 壬癸日不宜向四維)
KE_DIR = dict(zip(STEMS, ("西", "西", "北", "北", "東", "東", "南", "南", "四維", "四維")))
#: 四維, the four corners (001 「壬癸日不宜向四維」)
CORNERS = frozenset(("東北", "東南", "西南", "西北"))
#: 演禽 palace of a landing branch (the 演禽 engine's table: 申酉 刀砧, 巳午 湯火, 丑未 田園)
PALACE = {b: p or "" for b, p in zip(BRANCHES, _PALACES)}
_RANK = {"雄": 2, "常": 1, "弱": 0}
#: 六親 of a branch for the day stem, by rel(branch, stem) — 「剋我者官鬼，我剋者妻財，生我者父母，我生者子孫，
#: 比和者兄弟」 (docs/judgement.md "The reading method")
LIUQIN_OF = {"剋": "官鬼", "被剋": "妻財", "生": "父母", "被生": "子孫", "比": "兄弟"}
LIUQIN = ("官鬼", "妻財", "父母", "子孫", "兄弟")


@dataclass(frozen=True)
class Fact:
    kind: str                        # bool | int | str | list:str
    domain: tuple[str, ...] | None   # allowed values of a str fact / elements of a list fact
    doc: str


def _f(kind: str, domain, doc: str) -> Fact:
    return Fact(kind, tuple(domain) if domain is not None else None, doc)


_B, _S, _M, _G = tuple(BRANCHES), tuple(STEMS), tuple(MANSIONS), GENERALS
FACTS: dict[str, Fact] = {
    # calendar
    "day_stem": _f("str", _S, "day stem (子初換日 day)"),
    "day_branch": _f("str", _B, "day branch"),
    "hour_stem": _f("str", _S, "hour stem (五鼠遁)"),
    "hour_branch": _f("str", _B, "hour branch"),
    "month_branch": _f("str", _B, "月建 at the start of the hour (changes at each 節)"),
    "season": _f("str", SEASONS, "season of the 月建: 寅卯辰 春 巳午未 夏 申酉戌 秋 亥子丑 冬"),
    "yuejiang": _f("str", _B, "月將 at the start of the hour"),
    "daytime": _f("bool", None, "晝 by the 六壬 day/night option (the chart's 晝夜)"),
    # 演禽
    "day_mansion": _f("str", _M, "day 禽"), "hour_mansion": _f("str", _M, "hour 禽 (時禽)"),
    "qijiang": _f("str", _M, "氣將: the 將星 of the 15-day block"),
    "fanqin": _f("str", _M, "翻禽 (番禽, 我 by the seed's reading)"),
    "daojiang": _f("str", _M, "倒將 (到將, 他 by the seed's reading)"),
    # the taboos of the day and the hour (almanac.qin.taboos.TABOOS): day_anjin, hour_anjin …
    **{name: _f("bool", None, doc) for t in taboos.TABOOS for name, doc in t.facts.values()},
    "hour_palace": _f("str", PALACES, "palace where the hour 禽 lands (hour branch): 刀砧 申酉, 湯火 巳午, 田園 丑未"),
    "hour_qin_class": _f("str", ("日禽", "夜禽"), "hour 禽 moves by day or by night"),
    "daojiang_class": _f("str", ("日禽", "夜禽"), "倒將 (他) moves by day or by night"),
    "hour_qin_strength": _f("str", ("雄", "弱", "常"), "hour 禽 strong (角亢尾箕奎井畢), weak (心胃危婁昴) or neither"),
    "fanqin_strength": _f("str", ("雄", "弱", "常"), "翻禽 strength class"),
    "daojiang_strength": _f("str", ("雄", "弱", "常"), "倒將 strength class"),
    "hour_transform": _f("str", TRANSFORMS, "transformation of the hour 禽 where it lands (the 演禽 engine's situations), or empty"),
    "hour_transform_kind": _f("str", ("吉", "凶", ""), "whether that transformation favours the 禽"),
    "hour_palace_harm": _f("bool", None, "the hour 禽 is hurt where it lands (刀砧 for beasts and birds but 井, 湯火 for all but 婁; not when it transforms upward there)"),
    "hour_season": _f("str", (*SEASON_NAMES.values(), ""), "the hour 禽's season (亢翼 得地 驚蟄–春夏; 井危 患生 from 秋分, 春社旺, 井 冬復旺), by the 演禽 engine's season options"),
    "hour_state": _f("str", ("旺", "衰", ""), "the hour 禽 (時禽): 旺 = transformed upward or in season where it lands; 衰 = in a harmful palace, weakened (蛟龍泊湯火, 虎豹泊田園) or out of season"),
    "fanqin_state": _f("str", ("旺", "衰", ""), "我 (番禽): 旺 = 得地 or transformed upward or in season; 衰 = in a harmful palace, weakened or out of season (休囚, 失度, 不化)"),
    "daojiang_state": _f("str", ("旺", "衰", ""), "他 (倒將): the same reading for the other side"),
    "wo_vs_ta": _f("str", ("高", "低", "等"), "rank of 我 (番禽) against 他 (倒將): 雄 > 常 > 弱"),
    "wo_ta_predation": _f("str", ("我食他", "他食我", ""), "by the 演禽賦's predation verses (almanac.qin.predation): 番禽 (我) eats 倒將 (他), or the reverse"),
    "daojiang_harmed": _f("bool", None, "他 (倒將, on the 彼 side) lands in a harmful palace (惟到他人將泊之)"),
    "fanqin_harmed": _f("bool", None, "我 (番禽) is hurt where it lands (刀砧 or 湯火, as `hour_palace_harm` reads the hour 禽): 「惟到他人將泊之」 asks that only the other side's be"),
    # 六壬: the lesson and its method
    "method": _f("str", METHODS, "三傳 method (宗門)"),
    "k": _f("int", None, "rotation 月將 − 占時 (0 伏吟, 6 返吟)"),
    "fuyin": _f("bool", None, "伏吟 (k = 0)"), "fanyin": _f("bool", None, "返吟 (k = 6)"),
    "patterns": _f("list:str", PATTERNS, "課體/格局 names the 六壬 engine reports (almanac.liuren.patterns)"),
    "keti": _f("list:str", KETI_NAMES, "課體 of the chart by the classical catalogue (almanac/data/keti.toml)"),
    "noble_direction": _f("str", ("順", "逆"), "貴人 順治 / 逆治"),
    # 日辰 and their upper spirits
    "ganshang": _f("str", _B, "日上神: sky branch over the day stem's 寄宮"),
    "zhishang": _f("str", _B, "辰上神: sky branch over the day branch"),
    "ganyin": _f("str", _B, "日之陰神: sky branch over 日上神 (second lesson)"),
    "zhiyin": _f("str", _B, "辰之陰神 (fourth lesson)"),
    "ganzhi_uppers": _f("list:str", _B, "日上神 and 辰上神"),
    "ganshang_vs_gan": _f("str", RELS, "rel(日上神, day stem)"),
    "zhishang_vs_zhi": _f("str", RELS, "rel(辰上神, day branch)"),
    "ganshang_vs_zhi": _f("str", RELS, "rel(日上神, day branch)"),
    "zhishang_vs_gan": _f("str", RELS, "rel(辰上神, day stem)"),
    "zhishang_vs_ganshang": _f("str", RELS, "rel(辰上神, 日上神)"),
    "ganyin_vs_gan": _f("str", RELS, "rel(日之陰神, day stem)"),
    "zhi_vs_gan": _f("str", RELS, "rel(day branch, day stem)"),
    "gan_lin_zhi": _f("bool", None, "日往臨辰: the stem's 寄宮 rides over the day branch"),
    "zhi_lin_gan": _f("bool", None, "辰來臨日: the day branch rides over the stem's 寄宮"),
    "ganshang_lu": _f("bool", None, "日上神 is the 日祿"), "ganshang_ma": _f("bool", None, "日上神 is the 驛馬"),
    "zhishang_lu": _f("bool", None, "辰上神 is the 日祿"),
    "ganshang_de": _f("bool", None, "日上神 is the 日德"), "zhishang_de": _f("bool", None, "辰上神 is the 日德"),
    "ganshang_stage": _f("str", STAGES, "長生 stage of 日上神 for the day stem's element"),
    "zhishang_stage": _f("str", STAGES, "長生 stage of 辰上神 for the day branch's element"),
    "ganshang_stage_zhi": _f("str", STAGES, "長生 stage of 日上神 for the day branch's element (日上見辰旺)"),
    "zhishang_stage_gan": _f("str", STAGES, "長生 stage of 辰上神 for the day stem's element (辰上見日旺)"),
    "ganshang_void": _f("bool", None, "日上神 is 旬空"), "zhishang_void": _f("bool", None, "辰上神 is 旬空"),
    "ganzhi_xinghai": _f("bool", None, "日上神 and 辰上神 刑 or 害 each other"),
    "ganshang_general": _f("str", _G, "general on 日上神"), "zhishang_general": _f("str", _G, "general on 辰上神"),
    "ganzhi_generals": _f("list:str", _G, "generals on 日上神 and 辰上神"),
    # 三傳
    "chu": _f("str", _B, "初傳 (發用)"), "zhong": _f("str", _B, "中傳"), "mo": _f("str", _B, "末傳"),
    "chuan": _f("list:str", _B, "the three transmissions"),
    "chu_general": _f("str", _G, "general riding 發用"), "mo_general": _f("str", _G, "general riding 末傳"),
    "chu_general_good": _f("bool", None, "發用's general is a 吉將 (貴 合 龍 常 陰 后)"),
    "chuan_generals": _f("list:str", _G, "generals riding the three transmissions"),
    "ke_generals": _f("list:str", _G, "generals riding the four lessons' uppers and the transmissions (入課傳)"),
    "chu_vs_gan": _f("str", RELS, "rel(發用, day stem)"), "chu_vs_zhi": _f("str", RELS, "rel(發用, day branch)"),
    "chu_vs_hour": _f("str", RELS, "rel(發用, hour branch)"), "chu_vs_mo": _f("str", RELS, "rel(發用, 末傳)"),
    "chu_stage": _f("str", STAGES, "長生 stage of 發用 for the day stem's element"),
    "chu_void": _f("bool", None, "發用 is 旬空"),
    "chuan_void_count": _f("int", None, "how many transmissions are 旬空"),
    "chu_xingchong": _f("bool", None, "發用 刑, 沖, 破 or 害 the day branch"),
    "chu_wangxiang": _f("str", WANGXIANG, "旺相休囚死 of 發用 in the month"),
    "chu_heganzhi": _f("bool", None, "發用 is 六合 or 三合 with the day branch, or the 日德"),
    "chuan_generals_ke_gan": _f("list:str", _G, "generals on the transmissions whose element overcomes the day stem"),
    "chuan_generals_sheng_gan": _f("list:str", _G, "generals on the transmissions whose element generates the day stem"),
    "chuan_generals_zhan": _f("list:str", _G, "generals on the transmissions at war (剋) with the branch they ride"),
    "chuan_generals_gan_sheng": _f("list:str", _G, "generals on the transmissions whose element the day stem generates"),
    "chuan_generals_gan_ke": _f("list:str", _G, "generals on the transmissions whose element the day stem overcomes"),
    "baihu_on": _f("str", _B, "sky branch 白虎 rides"),
    "baihu_shen_ke_gan": _f("bool", None, "the branch 白虎 rides (陽神) or the one over it (陰神) overcomes the day stem (003 「白虎陽神剋日…白虎陰神剋日」)"),
    "qinglong_baihu_yin": _f("bool", None, "青龍 rides 白虎's 陰神 (the branch over the one 白虎 rides) — 003 「若作白虎陰神」"),
    "qinglong_void": _f("bool", None, "the branch 青龍 rides is 旬空 — 003 「若落空亡，則不凶」"),
    "chu_ke_shangxia": _f("bool", None, "發用 overcomes both its general and the ground under it (003 「用克上下為隔將」)"),
    "chu_jiake": _f("bool", None, "發用 is overcome by both its general and the ground under it (003 「用遭夾克名逼迫」)"),
    "chu_on_ganzhi": _f("bool", None, "發用 is the spirit over the day stem or over the day branch (加日辰)"),
    "chu_general_home": _f("bool", None, "發用's general rides its own home branch (003 「天將入廟」)"),
    "xuanwu_on": _f("str", _B, "sky branch 玄武 rides"),
    "taiyin_on": _f("str", _B, "sky branch 太陰 rides"), "tianhou_on": _f("str", _B, "sky branch 天后 rides"),
    "taiyin_in_ke": _f("bool", None, "太陰 rides a lesson upper or a transmission"),
    "tianhou_in_ke": _f("bool", None, "天后 rides a lesson upper or a transmission"),
    # the reading method's 類神 (docs/judgement.md "The reading method"): 六親 of the day stem, void
    "chu_liuqin": _f("str", LIUQIN, "六親 of 發用 for the day stem (官鬼 overcomes it, 妻財 it overcomes, 父母 generates it, 子孫 it generates, 兄弟 same element)"),
    "zhong_liuqin": _f("str", LIUQIN, "六親 of 中傳 for the day stem"),
    "mo_liuqin": _f("str", LIUQIN, "六親 of 末傳 for the day stem"),
    "ganshang_liuqin": _f("str", LIUQIN, "六親 of 日上神 for the day stem"),
    "zhishang_liuqin": _f("str", LIUQIN, "六親 of 辰上神 for the day stem"),
    "chuan_liuqin": _f("list:str", LIUQIN, "六親 of the three transmissions"),
    "chuan_liuqin_live": _f("list:str", LIUQIN, "六親 of the transmissions that are not 旬空 (a void one does not come)"),
    "zhong_void": _f("bool", None, "中傳 is 旬空"), "mo_void": _f("bool", None, "末傳 is 旬空"),
    "mo_vs_gan": _f("str", RELS, "rel(末傳, day stem): the outcome against the self"),
    "chu_vs_zhong": _f("str", RELS, "rel(初傳, 中傳)"), "zhong_vs_mo": _f("str", RELS, "rel(中傳, 末傳)"),
    "mo_stage": _f("str", STAGES, "長生 stage of 末傳 for the day stem's element"),
    "void_generals": _f("list:str", _G, "generals riding a 旬空 branch"),
    "chuan_generals_live": _f("list:str", _G, "generals riding the transmissions that are not 旬空"),
    "chuan_general_liuqin": _f("list:str", tuple(g + q for g in GENERALS for q in LIUQIN),
                               "general and 六親 of each transmission not 旬空, as one word (白虎官鬼, 青龍妻財 …)"),
    "yima_chuan": _f("bool", None, "驛馬 of the day branch is a transmission and not 旬空"),
    "chuan_flow": _f("str", ("遞生", "遞剋", ""), "初傳 generates 中傳, 中傳 末傳 and 末傳 the day stem (遞生), or each overcomes the next and 末傳 the day stem (遞剋)"),
    "shangxia_he": _f("bool", None, "日上神 六合 the stem's 寄宮 and 辰上神 六合 the day branch (上下皆合)"),
    "jiaoche_he": _f("bool", None, "日上神 六合 the day branch and 辰上神 六合 the stem's 寄宮 (交車合)"),
    "gan_zhi_chong": _f("bool", None, "the stem's 寄宮 and the day branch 沖 each other (干支相沖)"),
    "ganzhi_shang_chong": _f("bool", None, "日上神 and 辰上神 沖 each other"),
    "ganshang_luowang": _f("bool", None, "日上神 is the stem's 天羅 (the branch after its 寄宮) or 地網 (that branch's opposite)"),
    "gouchen_vs_xuanwu": _f("str", RELS, "rel(the branch 勾陳 rides, the branch 玄武 rides): the catcher against the thief"),
    "xuanwu_on_yuejiang": _f("bool", None, "玄武 rides the 月將's branch (太陽照武)"),
    "zhishang_liuqin_live": _f("str", (*LIUQIN, ""), "六親 of 辰上神 when it is not 旬空, else empty"),
    "ganshang_liuqin_live": _f("str", (*LIUQIN, ""), "六親 of 日上神 when it is not 旬空, else empty"),
    "zhong_vs_gan": _f("str", RELS, "rel(中傳, day stem): what an enclosed 三傳 is (002 「更看所夾何象」: 剋 官鬼, 被剋 財, 生 生氣, 被生 子孫, 比 兄弟)"),
    "jia_buzhu_side": _f("str", ("干", "支", ""), "夾不住: the 三傳 pass out over the stem's side (干上神 inside their span) or the branch's (002 「干透出干…支透出干」)"),
    "lianru": _f("str", ("進", "退", ""), "連茹 forward (進茹) or backward (退茹), from the engine's patterns"),
    # 001: the counterpart's envoy, the road, the year
    "hour_vs_ganshang": _f("str", RELS, "rel(hour branch, 日上神) — 「下時剋日上神，其言確切」"),
    "year_branch": _f("str", _B, "太歲: the year branch (the year turns at 立春)"),
    "tianhou_sui_jia_ri": _f("bool", None, "天后 rides the year branch (太歲) and that branch stands over the day stem (003 「后乘太歲加日」)"),
    "suishang_vs_guiren": _f("str", RELS, "rel(sky branch over 太歲, the branch 貴人 rides) — 「太歲上神克天乙乘神」"),
    # direction and timing (001)
    "tiangang_over": _f("str", _B, "ground branch under 天罡 (辰)"),
    "tiangang_dir": _f("str", DIRECTIONS, "direction 天罡 points"),
    "tiangang_class": _f("str", ("孟", "仲", "季"), "孟仲季 of the ground under 天罡"),
    "tianer_on_ganzhi": _f("bool", None, "天耳 (春寅夏巳秋申冬亥) stands on 日 or 辰"),
    "sangong": _f("str", ("絳宮", "明堂", "玉堂", ""), "三宮時: 亥/子/丑 (月將) on a 仲 hour"),
    "gouchen_zhi": _f("list:str", _B, "ground branches whose sky spirit the branch 勾陳 rides overcomes: "
                                      "the roads 勾陳 controls (001 「勾陳制處最為勝」, 「勾陳乘神制所出之神」)"),
    # the person's 年命 (almanac/judgement/person.py): present only in a reading for a person
    "benming": _f("str", _B, "本命: the person's birth-year branch"),
    "xingnian": _f("str", _B, "行年: the person's 行年 branch this year (男 丙寅順行, 女 壬申逆行)"),
    "xingnian_shang": _f("str", _B, "the sky branch over the 行年"),
    "xingnian_gang_er_yin": _f("bool", None, "天罡 (辰) or 天耳 over the 行年, or 太陰 riding there"),
    "nianming_vs_ganzhi": _f("str", ("生", "剋", "比", "雜"), "日辰 against 年命 (day stem and branch against "
                                                            "本命 and 行年, four pairs): 剋 if a pair overcomes "
                                                            "and none generates, 生 if a pair generates and "
                                                            "none overcomes, 雜 if both, else 比"),
    "xingnian_jishen_jijiang": _f("bool", None, "the spirit over the 行年 rides a 吉將 and does not "
                                                "overcome the day stem (吉神吉將臨行年)"),
    "nianming_shang_sheng": _f("bool", None, "發用 rides a 吉將, is 旺/相 in the month or 長生 of the day "
                                             "stem, and generates 本命 or 行年 (生身命行年)"),
    "nianming_tianshi": _f("bool", None, "年命填實: 本命 or 行年 is the place a 夾定虛一 leaves empty"),
}

#: the facts the taboos give (almanac.qin.taboos.TABOOS), taboo by taboo: day_anjin, hour_anjin …
TABOO_FACTS = taboos.fact_names()

#: the facts of a person's 年命 (not in an hour's own facts; see almanac/judgement/person.py)
PERSON_FACTS = frozenset(("benming", "xingnian", "xingnian_shang", "xingnian_gang_er_yin",
                          "nianming_vs_ganzhi", "xingnian_jishen_jijiang", "nianming_shang_sheng",
                          "nianming_tianshi"))


def taboo_facts(day_flags, hour_flags) -> dict[str, bool]:
    """The taboos' facts of an hour from the day's and the hour's ``flags`` (id → bool)."""
    flags = {"day": day_flags, "hour": hour_flags}
    return {name: flags[scope][t.id] for t in taboos.TABOOS for scope, (name, _) in t.facts.items()}


# ------------------------------------------------------------------ small derived relations

def rel_elements(a: int, b: int) -> str:
    """比 / 生 / 剋 / 被生 / 被剋 of element ``a`` towards ``b`` (see ``almanac.cycles.relation``)."""
    return relation(a, b)


_EL = {**dict(zip(STEMS, STEM_ELEMENT)), **dict(zip(BRANCHES, BRANCH_ELEMENT))}


def el(x: str) -> int:
    """Element of a stem or branch character."""
    return _EL[x]


def rel(a: str, b: str) -> str:
    return rel_elements(el(a), el(b))


def stage(stem_or_element: "str | int", branch: str) -> str:
    """十二長生 stage of ``branch`` for an element (or a stem's element), counted forward."""
    e = stem_or_element if isinstance(stem_or_element, int) else el(stem_or_element)
    return STAGES[(BRANCHES.index(branch) - BRANCHES.index(CHANGSHENG[e])) % 12]


def direction(ground: str) -> str:
    return _DIR[ground]


def season_of(month_branch: str) -> str:
    return SEASONS[((BRANCHES.index(month_branch) - 2) % 12) // 3]


def wangxiang(branch: str, month_branch: str) -> str:
    """旺相休囚死 of a branch's element in the month (月令)."""
    return strength(el(branch), el(month_branch))


def xinghai(a: str, b: str) -> bool:
    return XING[a] == b or XING[b] == a or HAI[a] == b


def xingchongpohai(a: str, b: str) -> bool:
    return xinghai(a, b) or (BRANCHES.index(a) - BRANCHES.index(b)) % 12 == 6 or PO[a] == b


def _liuhe(a: str, b: str) -> bool:
    """六合: 子丑 寅亥 卯戌 辰酉 巳申 午未."""
    return (BRANCHES.index(a) + BRANCHES.index(b)) % 12 == 1


def _chong(a: str, b: str) -> bool:
    return (BRANCHES.index(a) - BRANCHES.index(b)) % 12 == 6


def he_with(a: str, b: str) -> bool:
    """六合 or 三合 (the 六壬 engine's 三合 局) between two branches."""
    i, j = BRANCHES.index(a), BRANCHES.index(b)
    return (i + j) % 12 == 1 or i != j and any({i, j} <= s for s in SANHE)


def jia_buzhu_side(chuan: tuple[str, str, str], ganshang: str, zhi: str) -> str:
    """Which end the 三傳 of a 夾不住 chart pass out over: 干 when 日上神 lies inside their span, else 支."""
    f, m, l = (BRANCHES.index(x) for x in chuan)
    fwd = (m - f) % 12 in (1, 2)
    a, b = (f, l) if fwd else (l, f)
    span = {BRANCHES[(a + i) % 12] for i in range((b - a) % 12 + 1)}
    return "干" if ganshang in span else "支" if zhi in span else ""


def gouchen_zhi(plate: dict[str, str], generals: dict[str, str]) -> tuple[str, ...]:
    """The ground branches whose sky spirit the branch 勾陳 rides overcomes, in branch order: the
    ways out 勾陳 controls (001 「勾陳制處最為勝」; 「勾陳乘神制所出之神」 — the spirit one goes out under,
    as 「絳宮時出傳送從魁下」 goes out under 申 and 酉).

    >>> plate = {g: g for g in BRANCHES}                     # 伏吟: every spirit over its own ground
    >>> gouchen_zhi(plate, {**{b: "貴人" for b in BRANCHES}, "寅": "勾陳"})   # 木 overcomes 土
    ('丑', '辰', '未', '戌')
    """
    rides = next(b for b, g in generals.items() if g == "勾陳")
    return tuple(g for g in BRANCHES if rel(rides, plate[g]) == "剋")


def _cmp(a: int, b: int) -> int:
    return (a > b) - (a < b)


def side_state(sits, who: str) -> str:
    """旺 / 衰 / "" of one side's 禽 from the 演禽 engine's situations (000: 「番我禽高而得地，他將低而休因」,
    「到他將雖弱，而得地、得變化；我禽雖高，而休因、失度、不化者」): 旺 when it stands where it thrives or
    transforms upward, 衰 when it lands in a harmful palace, is weakened or out of season."""
    verdicts = {v for w, c, v in sits if w == who and c != "other_general_harmed"}
    return "旺" if verdicts & {"吉", "強"} else "衰" if verdicts & {"凶", "弱"} else ""


# ------------------------------------------------------------------ the whole mapping

def derive(*, day: str, hour: str, month_branch: str, yuejiang: str, daytime: bool,
           qin: dict[str, Any], plate: dict[str, str], lessons: list[tuple[str, str]],
           chuan: tuple[str, str, str], generals: dict[str, str], void: tuple[str, ...],
           method: str, noble_direction: str, patterns: tuple[str, ...],
           year_branch: str, keti: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fact mapping of one hour.

    ``day``/``hour`` are pillars (``"乙丑"``); ``qin`` holds day_mansion, hour_mansion, qijiang,
    fanqin, daojiang and the taboos' facts (:data:`TABOO_FACTS`: day_anjin, hour_anjin, …);
    ``plate`` maps ground → sky; ``lessons`` are the four (upper, lower) pairs in order;
    ``generals`` maps sky branch → general.

    The facts of the chart alone (:func:`_chart_facts`: its day, plate, lessons, 三傳 and
    generals) are apart from those of the hour, month and year (:func:`_hour_facts`), so
    :func:`from_engines` works the former out once per chart.
    """
    chart_f, guiren_on = _chart_facts(day, plate, lessons, chuan, generals, void, method,
                                      noble_direction, patterns)
    return _hour_facts(chart_f, plate, guiren_on, hour=hour, month_branch=month_branch,
                       yuejiang=yuejiang, daytime=daytime, qin=qin, year_branch=year_branch,
                       keti=keti)


def _chart_facts(day: str, plate: dict[str, str], lessons: list[tuple[str, str]],
                 chuan: tuple[str, str, str], generals: dict[str, str], void: tuple[str, ...],
                 method: str, noble_direction: str, patterns: tuple[str, ...]
                 ) -> tuple[dict[str, Any], str]:
    """The facts a chart determines by itself (whatever the hour, month and year it is cast
    for), and the branch 貴人 rides."""
    gan, zhi = day[0], day[1]
    jg = JIGONG[gan]
    gs, zs = plate[jg], plate[zhi]
    gy, zy = plate[gs], plate[zs]
    under = {sky: ground for ground, sky in plate.items()}
    c, z, m = chuan
    uppers = [u for u, _ in lessons]
    in_ke = set(uppers) | set(chuan)
    chuan_gen = [generals[x] for x in chuan]
    tiangang_over = under["辰"]
    on = {g: b for b, g in generals.items()}       # the sky branch each general rides
    lq = {x: LIUQIN_OF[rel(x, gan)] for x in (c, z, m, gs, zs)}      # 六親 for the day stem
    live = [x for x in chuan if x not in void]      # the transmissions not 旬空
    taiyin_on, tianhou_on, guiren_on, baihu_on = on["太陰"], on["天后"], on["貴人"], on["白虎"]
    f: dict[str, Any] = {
        "day_stem": gan, "day_branch": zhi,
        "method": method, "patterns": tuple(patterns), "noble_direction": noble_direction,
        "ganshang": gs, "zhishang": zs, "ganyin": gy, "zhiyin": zy, "ganzhi_uppers": (gs, zs),
        "ganshang_vs_gan": rel(gs, gan), "zhishang_vs_zhi": rel(zs, zhi),
        "ganshang_vs_zhi": rel(gs, zhi), "zhishang_vs_gan": rel(zs, gan),
        "zhishang_vs_ganshang": rel(zs, gs), "ganyin_vs_gan": rel(gy, gan), "zhi_vs_gan": rel(zhi, gan),
        "gan_lin_zhi": zs == jg, "zhi_lin_gan": gs == zhi,
        "ganshang_lu": gs == LU[gan], "ganshang_ma": gs == MA[zhi], "zhishang_lu": zs == LU[gan],
        "ganshang_de": gs == DE[gan], "zhishang_de": zs == DE[gan],
        "ganshang_stage": stage(gan, gs), "zhishang_stage": stage(el(zhi), zs),
        "ganshang_stage_zhi": stage(el(zhi), gs), "zhishang_stage_gan": stage(gan, zs),
        "ganshang_void": gs in void, "zhishang_void": zs in void,
        "ganzhi_xinghai": xinghai(gs, zs),
        "ganshang_general": generals[gs], "zhishang_general": generals[zs],
        "ganzhi_generals": (generals[gs], generals[zs]),
        "chu": c, "zhong": z, "mo": m, "chuan": tuple(chuan),
        "chu_general": chuan_gen[0], "mo_general": chuan_gen[2],
        "chu_general_good": chuan_gen[0] in GOOD_GENERALS,
        "chuan_generals": tuple(chuan_gen),
        "ke_generals": tuple(sorted({generals[x] for x in in_ke}, key=GENERALS.index)),
        "chu_vs_gan": rel(c, gan), "chu_vs_zhi": rel(c, zhi), "chu_vs_mo": rel(c, m),
        "chu_stage": stage(gan, c), "chu_void": c in void,
        "chuan_void_count": sum(x in void for x in chuan),
        "chu_xingchong": xingchongpohai(c, zhi),
        "chu_heganzhi": he_with(c, zhi) or c == DE[gan],
        "chuan_generals_ke_gan": tuple(g for g in dict.fromkeys(chuan_gen)
                                       if element_overcomes(GENERAL_ELEMENT[g], el(gan))),
        "chuan_generals_sheng_gan": tuple(g for g in dict.fromkeys(chuan_gen)
                                          if element_generates(GENERAL_ELEMENT[g], el(gan))),
        "chuan_generals_zhan": tuple(g for x, g in zip(chuan, chuan_gen)
                                     if rel_elements(GENERAL_ELEMENT[g], el(x)) in ("剋", "被剋")),
        "chuan_generals_gan_sheng": tuple(g for g in dict.fromkeys(chuan_gen)
                                          if element_generates(el(gan), GENERAL_ELEMENT[g])),
        "chuan_generals_gan_ke": tuple(g for g in dict.fromkeys(chuan_gen)
                                       if element_overcomes(el(gan), GENERAL_ELEMENT[g])),
        "baihu_on": baihu_on,
        "baihu_shen_ke_gan": rel(baihu_on, gan) == "剋" or rel(plate[baihu_on], gan) == "剋",
        "qinglong_baihu_yin": generals[plate[baihu_on]] == "青龍",
        "qinglong_void": on["青龍"] in void,
        "chu_ke_shangxia": rel_elements(el(c), GENERAL_ELEMENT[chuan_gen[0]]) == "剋" and rel(c, under[c]) == "剋",
        "chu_jiake": rel_elements(el(c), GENERAL_ELEMENT[chuan_gen[0]]) == "被剋" and rel(c, under[c]) == "被剋",
        "chu_general_home": GENERAL_HOME[chuan_gen[0]] == c,
        "chu_on_ganzhi": c in (gs, zs),
        "taiyin_on": taiyin_on, "tianhou_on": tianhou_on,
        "xuanwu_on": on["玄武"],
        "taiyin_in_ke": taiyin_on in in_ke, "tianhou_in_ke": tianhou_on in in_ke,
        "lianru": "進" if "進茹" in patterns else "退" if "退茹" in patterns else "",
        "zhong_vs_gan": rel(z, gan),
        "chu_liuqin": lq[c], "zhong_liuqin": lq[z], "mo_liuqin": lq[m],
        "ganshang_liuqin": lq[gs], "zhishang_liuqin": lq[zs],
        "chuan_liuqin": tuple(dict.fromkeys(lq[x] for x in chuan)),
        "chuan_liuqin_live": tuple(dict.fromkeys(lq[x] for x in live)),
        "zhong_void": z in void, "mo_void": m in void,
        "mo_vs_gan": rel(m, gan), "mo_stage": stage(gan, m),
        "chu_vs_zhong": rel(c, z), "zhong_vs_mo": rel(z, m),
        "void_generals": tuple(g for g in GENERALS if on[g] in void),
        "chuan_generals_live": tuple(dict.fromkeys(generals[x] for x in live)),
        "chuan_general_liuqin": tuple(dict.fromkeys(generals[x] + lq[x] for x in live)),
        "shangxia_he": _liuhe(gs, jg) and _liuhe(zs, zhi),
        "jiaoche_he": _liuhe(gs, zhi) and _liuhe(zs, jg),
        "gan_zhi_chong": _chong(jg, zhi), "ganzhi_shang_chong": _chong(gs, zs),
        "ganshang_luowang": gs in (BRANCHES[(BRANCHES.index(jg) + 1) % 12], BRANCHES[(BRANCHES.index(jg) + 7) % 12]),
        "ganshang_liuqin_live": "" if gs in void else lq[gs],
        "zhishang_liuqin_live": "" if zs in void else lq[zs],
        "gouchen_vs_xuanwu": rel(on["勾陳"], on["玄武"]),
        "yima_chuan": MA[zhi] in chuan and MA[zhi] not in void,
        "chuan_flow": {"生": "遞生", "剋": "遞剋"}.get(rel(c, z), "") if rel(c, z) == rel(z, m) == rel(m, gan) else "",
        "jia_buzhu_side": jia_buzhu_side(chuan, gs, zhi) if "夾不住" in patterns else "",
        "tiangang_over": tiangang_over, "tiangang_dir": direction(tiangang_over),
        "tiangang_class": MZJ[tiangang_over],
        "gouchen_zhi": gouchen_zhi(plate, generals),
    }
    return f, guiren_on


def _hour_facts(chart_f: dict[str, Any], plate: dict[str, str], guiren_on: str, *, hour: str,
                month_branch: str, yuejiang: str, daytime: bool, qin: dict[str, Any],
                year_branch: str, keti: tuple[str, ...]) -> dict[str, Any]:
    """The hour's whole fact mapping: the chart's facts (:func:`_chart_facts`, not changed)
    and those of the hour, its month, its year and its 禽."""
    hstem, hb = hour[0], hour[1]
    season = season_of(month_branch)
    gs, zs, c = chart_f["ganshang"], chart_f["zhishang"], chart_f["chu"]
    hm, fq, dj = qin["hour_mansion"], qin["fanqin"], qin["daojiang"]
    land = qin.get("landing", hb)      # where the hour 禽 lands (the 演禽 engine's 泊 option)
    sits = qin.get("situations", ())   # the 演禽 engine's situations: (who, code, verdict)
    mine = [(code, v) for who, code, v in sits if who == "時禽"]
    transform, kind = next(((TRANSFORM_NAMES[c], "吉" if v in ("吉", "強") else "凶")
                            for c, v in mine if c in TRANSFORM_NAMES), ("", ""))
    k = (BRANCHES.index(yuejiang) - BRANCHES.index(hb)) % 12
    sangong = ""
    if MZJ[hb] == "仲":
        sangong = {"亥": "絳宮", "子": "明堂", "丑": "玉堂"}.get(plate[hb], "")
    f = dict(chart_f)
    f.update({
        "hour_stem": hstem, "hour_branch": hb,
        "month_branch": month_branch, "season": season, "yuejiang": yuejiang, "daytime": daytime,
        "day_mansion": qin["day_mansion"], "hour_mansion": hm, "qijiang": qin["qijiang"],
        "fanqin": fq, "daojiang": dj,
        **{key: bool(qin[key]) for key in TABOO_FACTS},
        "hour_palace": PALACE[land],
        "hour_qin_class": "日禽" if hm in DAY_QIN else "夜禽",
        "daojiang_class": "日禽" if dj in DAY_QIN else "夜禽",
        "hour_qin_strength": strength_class(hm), "fanqin_strength": strength_class(fq),
        "daojiang_strength": strength_class(dj),
        "hour_transform": transform, "hour_transform_kind": kind,
        "hour_palace_harm": any(c in ("daozhen", "tanghuo") for c, _ in mine),
        "hour_season": next((SEASON_NAMES[c] for c, _ in mine if c in SEASON_NAMES), ""),
        "hour_state": side_state(sits, "時禽"),
        "fanqin_state": side_state(sits, "番禽"), "daojiang_state": side_state(sits, "到將"),
        "wo_vs_ta": ("高", "等", "低")[1 - _cmp(_RANK[strength_class(fq)], _RANK[strength_class(dj)])],
        "wo_ta_predation": "我食他" if eats(fq, dj) else "他食我" if eats(dj, fq) else "",
        "daojiang_harmed": any(who == "到將" and c == "other_general_harmed" for who, c, _ in sits),
        "fanqin_harmed": any(who == "番禽" and c in ("daozhen", "tanghuo") for who, c, _ in sits),
        "k": k, "fuyin": k == 0, "fanyin": k == 6, "keti": tuple(keti),
        "chu_vs_hour": rel(c, hb), "chu_wangxiang": wangxiang(c, month_branch),
        "tianer_on_ganzhi": TIANER[season] in (gs, zs),
        "sangong": sangong,
        "hour_vs_ganshang": rel(hb, gs),
        "year_branch": year_branch, "tianhou_sui_jia_ri": chart_f["tianhou_on"] == year_branch == gs,
        "suishang_vs_guiren": rel(plate[year_branch], guiren_on),
        "xuanwu_on_yuejiang": chart_f["xuanwu_on"] == yuejiang,
    })
    return f


def directions(f: dict[str, Any]) -> dict[str, Any]:
    """Direction advice of 001 for one hour: where 天罡 points, the 三宮時 exit, what to avoid, and
    the roads 勾陳 controls (``gouchen``, best to go out by; none that is to be avoided)."""
    gan = f["day_stem"]
    avoid = [KE_DIR[gan]]
    wang = WANG_DIR.get(f["month_branch"], "四維")
    if wang not in avoid:
        avoid.append(wang)
    out = {"tiangang": f["tiangang_dir"], "tiangang_over": f["tiangang_over"],
           "retreat": {"孟": "右", "仲": "左", "季": "左"}[f["tiangang_class"]],
           "avoid": avoid}
    if f["sangong"]:
        out["sangong"] = f["sangong"]
    if f["hour_transform"] in ("天鰲", "獅子") and "西" not in avoid:    # 「…獅子反食諸禽，凡占百事吉，不利西行」
        avoid.append("西")
    # 「勾陳制處最為勝」, 「若取出路，從勾制以取強」: the roads 勾陳 controls, best to go out by — less any
    # the day or the season forbids (「…不宜向西」, 「旺方…不可向之」: a 不可 outweighs a 最為勝)
    banned = set(avoid) | (CORNERS if "四維" in avoid else set())
    roads = {direction(g) for g in f["gouchen_zhi"]} - banned
    out["gouchen"] = [x for x in DIRECTIONS if x in roads]
    return out


# ------------------------------------------------------------------ from the engines' objects

_CHARTS: dict[tuple[int, str], tuple] = {}
_CHARTS_MAX = 8192


def _chart_part(chart, day: str) -> tuple:
    """``(chart, its facts, plate, 貴人's branch, its 課體 names)`` of a shared chart, worked out
    once per chart (and day pillar): a year's 4,380 hours meet about 1,300 charts."""
    key = (id(chart), day)
    hit = _CHARTS.get(key)
    if hit is None or hit[0] is not chart:
        plate = {BRANCHES[g]: BRANCHES[chart.plate.up(g)] for g in range(12)}
        facts, guiren_on = _chart_facts(
            day, plate, [(BRANCHES[l.upper], l.lower_text) for l in chart.lessons],
            tuple(BRANCHES[b] for b in chart.transmissions.branches),
            {BRANCHES[s]: chart.general_on(s) for s in range(12)},
            tuple(BRANCHES[b] for b in chart.void), chart.method, chart.noble.direction,
            tuple(p.name for p in chart.patterns))
        if len(_CHARTS) >= _CHARTS_MAX:
            _CHARTS.clear()
        keti = chart_names(chart)           # the shipped table's, else the chart's own
        if keti is None:
            keti = tuple(x.name for x in chart.keti)
        hit = _CHARTS[key] = (chart, facts, plate, guiren_on, keti)
    return hit


def from_engines(hq, chart, *, month_branch: int, yuejiang: int, daytime: bool,
                 year_branch: int, marks: dict | None = None) -> dict[str, Any]:
    """The fact mapping of one hour from an ``almanac.qin.HourQin`` and an ``almanac.liuren.Chart``
    (what ``derive`` gives from their values; the chart's own facts kept per chart)."""
    _, chart_f, plate, guiren_on, keti = _chart_part(chart, str(hq.day.pillar))
    qin = {"day_mansion": hq.day.mansion.char, "hour_mansion": hq.mansion.char,
           "qijiang": hq.qi_jiang.char, "fanqin": hq.fanqin.char, "daojiang": hq.daojiang.char,
           **taboo_facts(hq.day.flags, hq.flags),
           "landing": BRANCHES[hq.landing],
           "situations": tuple((s.who, s.code, s.verdict) for s in hq.situations)}
    hour, ctx = hq.pillar.index % 12, moment(month_branch, year_branch, yuejiang, **(marks or {}))
    # the moment's 課體 from the default school's shipped table (no chart's moment entries built
    # or tested), else from the chart — the same names (tests/test_hour_table.py)
    names = moment_names(chart, hour, ctx)
    if names is None:
        names = tuple(x.name for x in of_moment(chart, hour, ctx))
    return _hour_facts(chart_f, plate, guiren_on, hour=str(hq.pillar),
                       month_branch=BRANCHES[month_branch], yuejiang=BRANCHES[yuejiang],
                       daytime=daytime, qin=qin, year_branch=BRANCHES[year_branch],
                       keti=keti + names)


def day_facts(d, tz, cfg) -> tuple[tuple[Any, dict[str, Any]], ...]:
    """``(slot, facts)`` for the twelve 時辰 of almanac day ``d`` in zone ``tz`` under ``cfg``.

    The hours come from :func:`almanac.hours.almanac_hours`, the same charts ``almanac day`` and
    ``almanac chart`` show (月將 by ``liuren.yuejiang_switch``, 晝/夜 by ``liuren.daynight``).
    """
    return tuple((slot, f) for slot, f, _ in day_facts_parts(d, tz, cfg))


def day_facts_parts(d, tz, cfg) -> tuple[tuple[Any, dict[str, Any], dict[str, Any]], ...]:
    """``(slot, facts, the chart's own facts)`` for the twelve 時辰 of ``d``: the last is the
    mapping kept per chart (shared by every hour cast on that chart; read-only), so what reads
    only those facts can be kept with it."""
    from almanac.calendar import year_pillar_at
    from almanac.liuren.daymarks import day_marks
    from almanac.hours import Options, almanac_hours

    opts = Options.from_config(cfg)
    marks = day_marks(d, tz, opts.calendar, opts.liuren.keti_yuesu)     # 四立 分至 月宿 四正 of the day
    out = []
    for h in almanac_hours(d, tz, cfg):
        f = from_engines(h.qin, h.chart, month_branch=h.month_branch, yuejiang=h.yuejiang,
                         daytime=not h.night, year_branch=year_pillar_at(h.slot.start).branch,
                         marks=marks)
        out.append((h.slot, f, _chart_part(h.chart, str(h.qin.day.pillar))[1]))
    return tuple(out)
