"""The vocabulary of the facts: every name a rule may test (:data:`FACTS`), its type and its
domain, with the domains themselves (the relations, the 長生 stages, the 課體 and pattern names …).

A rule file that names a fact not here fails to load (``almanac.judgement.catalog``). The facts of
the taboos are the registry's (``almanac.qin.taboos.TABOOS``: :data:`TABOO_FACTS`); the mapping
of one hour is made in ``almanac.judgement.facts``.

>>> FACTS["hour_anjin"].kind, FACTS["chu_vs_gan"].domain == RELS, "hour_fuduan" in TABOO_FACTS
('bool', True, True)
"""
from __future__ import annotations

from dataclasses import dataclass

from almanac.calendar import STRENGTHS
from almanac.cycles import BRANCHES, STEMS
from almanac.liuren.generals import GENERALS
from almanac.liuren.keti import names as _keti_names
from almanac.liuren.transmissions import METHODS
from almanac.mansions import MANSIONS
from almanac.qin import taboos
from almanac.qin.palaces import TRANSFORM_NAMES

RELS = ("生", "剋", "被生", "被剋", "比")
STAGES = ("長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養")
WANGXIANG = STRENGTHS
#: the strengths that have 氣 (旺, 相): 「有氣亦遠無氣難」 (《六壬大全》卷八 事類神)
YOUQI = ("旺", "相")
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
#: the 六親 (「剋我者官鬼，我剋者妻財，生我者父母，我生者子孫，比和者兄弟」)
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
    "ganzhi_uppers_live": _f("list:str", _B, "日上神 and 辰上神, leaving out a 旬空 one"),
    "ganzhi_generals_live": _f("list:str", _G, "generals on 日上神 and 辰上神, leaving out one on a 旬空 spirit"),
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
    "generals_youqi": _f("list:str", _G, "generals whose branch is 旺 or 相 in the month (有氣; the others 休囚死, 無氣)"),
    "liuqin_youqi": _f("list:str", LIUQIN, "the 六親 of the day stem whose element is 旺 or 相 in the month (有氣)"),
    "chu_heganzhi": _f("bool", None, "發用 is 六合 or 三合 with the day branch, or the 日德"),
    "chuan_generals_ke_gan": _f("list:str", _G, "generals on the transmissions whose element overcomes the day stem"),
    "chuan_generals_sheng_gan": _f("list:str", _G, "generals on the transmissions whose element generates the day stem"),
    "chuan_generals_neizhan": _f("list:str", _G, "generals on the transmissions overcome by the branch they ride (內戰; never 玄武: 《畢法賦》 「玄武無內戰…十一天將皆有內戰」)"),
    "chuan_generals_zhan": _f("list:str", _G, "generals on the transmissions at war (剋) with the branch they ride"),
    "chuan_generals_gan_sheng": _f("list:str", _G, "generals on the transmissions whose element the day stem generates"),
    "chuan_generals_gan_ke": _f("list:str", _G, "generals on the transmissions whose element the day stem overcomes"),
    "baihu_on": _f("str", _B, "sky branch 白虎 rides"),
    "baihu_shen_ke_gan": _f("bool", None, "the branch 白虎 rides (陽神) or the one over it (陰神) overcomes the day stem (003 「白虎陽神剋日…白虎陰神剋日」)"),
    "qinglong_baihu_yin": _f("bool", None, "青龍 rides 白虎's 陰神 (the branch over the one 白虎 rides) — 003 「若作白虎陰神」"),
    "qinglong_void": _f("bool", None, "the branch 青龍 rides is 旬空 — 003 「若落空亡，則不凶」"),
    "ganshang_ke_baihu": _f("bool", None, "日上神 overcomes the branch 白虎 rides — 卷三 釋疾病章 「若日上神卻克白虎為救，便不死」"),
    "baihu_zizhan": _f("bool", None, "白虎's branch and the ground under it overcome one another, and its 陰神 (the branch over it) overcomes it — 卷三 釋疾病章 「白虎陰神自戰持」"),
    "baihu_gui_zhi": _f("bool", None, "白虎 rides the day's 官鬼, and that 鬼 is held: the ground under it overcomes or generates it, or its 陰神 overcomes it — 《畢法賦》 虎臨干鬼 「鬼坐鬼方無所畏」, 「鬼自就生不來侵」, 「虎之陰神還制虎」"),
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
    "ke_liuqin": _f("list:str", LIUQIN, "六親 of the four lessons' uppers and the transmissions (入課傳, 卷八 事類神 「以入課傳為取用…不在課傳為局外」)"),
    "ke_liuqin_live": _f("list:str", LIUQIN, "六親 of the four lessons' uppers and the transmissions that are not 旬空"),
    "zhong_void": _f("bool", None, "中傳 is 旬空"), "mo_void": _f("bool", None, "末傳 is 旬空"),
    "mo_vs_gan": _f("str", RELS, "rel(末傳, day stem): the outcome against the self"),
    "chu_vs_zhong": _f("str", RELS, "rel(初傳, 中傳)"), "zhong_vs_mo": _f("str", RELS, "rel(中傳, 末傳)"),
    "mo_stage": _f("str", STAGES, "長生 stage of 末傳 for the day stem's element"),
    "void_generals": _f("list:str", _G, "generals riding a 旬空 branch"),
    "general_branches": _f("list:str", _B, "the branch each general rides, in the generals' order (貴人 first)"),
    "chuan_generals_live": _f("list:str", _G, "generals riding the transmissions that are not 旬空"),
    "chuan_general_liuqin": _f("list:str", tuple(g + q for g in GENERALS for q in LIUQIN),
                               "general and 六親 of each transmission not 旬空, as one word (白虎官鬼, 青龍妻財 …)"),
    "yima_chuan": _f("bool", None, "驛馬 of the day branch is a transmission and not 旬空"),
    "chuan_flow": _f("str", ("遞生", "遞剋", ""), "初傳 generates 中傳, 中傳 末傳 and 末傳 the day stem (遞生), or each overcomes the next and 末傳 the day stem (遞剋)"),
    "shangxia_he": _f("bool", None, "日上神 六合 the stem's 寄宮 and 辰上神 六合 the day branch (上下皆合)"),
    "jiaoche_he": _f("bool", None, "日上神 六合 the day branch and 辰上神 六合 the stem's 寄宮 (交車合)"),
    "gan_zhi_chong": _f("bool", None, "the stem's 寄宮 and the day branch 沖 each other (干支相沖)"),
    "ganzhi_shang_chong": _f("bool", None, "日上神 and 辰上神 沖 each other"),
    "jiaoche_chong": _f("bool", None, "日上神 沖 the day branch and 辰上神 沖 the stem's 寄宮 (交車沖)"),
    "tianhou_he_gan": _f("bool", None, "the branch 天后 rides is in 六合 or 三合 with the stem's 寄宮"),
    "ganshang_luowang": _f("bool", None, "日上神 is the stem's 天羅 (the branch after its 寄宮: 「干上乘干前一辰」) or the branch's net (the branch after the day branch: 「干上乘支之網」) — 《畢法賦》 所謀多拙逢羅網"),
    "gui_lin_34": _f("bool", None, "the day stem's 鬼 stands over both the third and the fourth lesson (辰上 and its 陰神), not both void — 《畢法賦》 鬼臨三四 「臨干第三四課全者…如或全值空亡始能免此」"),
    "gouchen_vs_xuanwu": _f("str", RELS, "rel(the branch 勾陳 rides, the branch 玄武 rides): the catcher against the thief"),
    "xuanwu_vs_gan": _f("str", RELS, "rel(the branch 玄武 rides, day stem): 被剋 where the day overcomes the thief"),
    "gouchen_di_vs_xuanwu_di": _f("str", RELS, "rel(the ground under 勾陳, the ground under 玄武): 卷二 勾陳 「勾陳所立之地制玄武所立之地，亦主賊敗」"),
    "xuanwu_on_yuejiang": _f("bool", None, "玄武 rides the 月將's branch (太陽照武)"),
    "zhishang_liuqin_live": _f("str", (*LIUQIN, ""), "六親 of 辰上神 when it is not 旬空, else empty"),
    "ganshang_liuqin_live": _f("str", (*LIUQIN, ""), "六親 of 日上神 when it is not 旬空, else empty"),
    "zhong_vs_gan": _f("str", RELS, "rel(中傳, day stem): what an enclosed 三傳 is (002 「更看所夾何象」: 剋 官鬼, 被剋 財, 生 生氣, 被生 子孫, 比 兄弟)"),
    "jia_buzhu_side": _f("str", ("干", "支", ""), "夾不住: the 三傳 pass out over the stem's side (干上神 inside their span) or the branch's (002 「干透出干…支透出干」)"),
    "lianru": _f("str", ("進", "退", ""), "連茹 forward (進茹) or backward (退茹), from the engine's patterns"),
    # 《畢法賦》 (卷九–十): the verses read for every matter (docs/judgement.md "The reading method")
    "ganzhi_shouwei": _f("bool", None, "日上神 and 辰上神 are the 旬首 and the 旬尾 of the day, either way round (首尾相見始終宜)"),
    "kuidu_tianmen": _f("bool", None, "發用 is 戌 (天魁) over the ground 亥 (天門) (魁度天門關隔定)"),
    "chu_neizhan": _f("bool", None, "發用 overcomes the general riding it (神剋將, 內戰: 將逢內戰所謀危) but not the ground under it (where it overcomes both, chu_ke_shangxia: 003 「用克上下為隔將」)"),
    "siqi_huiguang": _f("bool", None, "發用 is 辰 (the 斗罡 of 死奇) with a rescue: a good general on it, it generates the day stem, or a live 戌 (沖) or 寅 or 卯 (剋) in the lessons or the transmissions (課經 死奇課 「若旺相徳合相生遇吉將或六處有冲克救神…為死竒回光除禍為福」)"),
    "guiren_ruyu": _f("bool", None, "貴人 stands on the ground 辰 or 戌 (天乙入獄), neither the day stem's own 寄宮 (貴人臨身 on 乙 and 辛 days) nor on a 辰 or 戌 day (貴人入宅) (貴雖在獄宜臨干)"),
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
    "xingnian_shang_zhi_wu": _f("bool", None, "the spirit over the 行年 overcomes the branch 玄武 rides"),
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
PERSON_FACTS = frozenset(("benming", "xingnian", "xingnian_shang", "xingnian_shang_zhi_wu", "xingnian_gang_er_yin",
                          "nianming_vs_ganzhi", "xingnian_jishen_jijiang", "nianming_shang_sheng",
                          "nianming_tianshi"))

