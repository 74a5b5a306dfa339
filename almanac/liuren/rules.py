"""Where each rule comes from: seed citations (checked against the texts) and book notes.

Seed rules use :func:`almanac.sources.cite`; rules from 《六壬大全》 (not among the seeds) carry a
plain string naming chapter and verse.
"""
from __future__ import annotations

from ..sources import CHAIWEI, KETI, TAIYIN, cite

DQ = "《六壬大全》"

# ---- seeds
YUEJIANG_JIA_SHI = cite(CHAIWEI, "袁子曰：凡占見異，當以月將加時")
NI_GUI_EXAMPLE = cite(CHAIWEI, "神將謂日辰上神將也")
GUI_SI_LIN_CHOU = cite(CHAIWEI, "歲，太歲也，上神克貴人天乙為虛詐也")
ZI_WU_LIUHE_YIN = cite(CHAIWEI, "天乙直符方最忌，日干被克去當凶。子無六合午無陰")
TAIYIN_HOU_ER = cite(TAIYIN, "太陰在天為御史大夫")
TAIYIN_VERSE = cite(TAIYIN, "後二太陰內史丞")
TIANHOU_VERSE = cite(TAIYIN, "後一天后綵女嬪")
FUYIN_LIST = cite(KETI, "右伏吟體六十日有六十課")
FANYIN_SONG = cite(KETI, "反吟課 歌曰")
FANYIN_POEM = cite(KETI, "又詩曰：反吟課傳有相剋")
FANYIN_RULE = cite(KETI, "反吟者，天盤諸神各加於對沖之宮是也")
FANYIN_GUDAN = cite(KETI, "柔日非一事")
JUAN2_LIST = cite(KETI, "天祿秘典大六壬靈覺經神課卷之二 連茹 夾定")
#: the same list, for the 格局 the three transmissions make by their phase: its Korean translation
#: names them (「삼전 오행 회국을 따라 이름을 세우고」), the list itself only their names
JUAN2_PHASES = cite(KETI, "天祿秘典大六壬靈覺經神課卷之二 連茹 夾定", "三合 曲直 炎上 從革 潤下 稼穡")
LIANRU_DEF = cite(KETI, "凡用神傳在一方相連作中末傳也")
LIANRU_JINTUI = cite(KETI, "進退雲者")
LIANRU_KONG = cite(KETI, "邵子曰：“若三傳空亡")
LIANRU_KONG_TUI = cite(KETI, "又有退連茹而逢空亡者")
LIANRU_SANQI = cite(KETI, "若三傳得亥子丑為日月星")
LIANRU_ZENGBU = cite(KETI, "增補詩斷 孟仲季三傳")
JIADING_DEF = cite(KETI, "夾定三傳格 日辰夾三傳於內")
JIADING_EXAMPLES = cite(KETI, "如乙丑日干上巳，三傳寅卯辰")
YUJIA_XUYI = cite(KETI, "遇夾不夾格 有日辰夾定三傳而日辰乘空亡")
XUYI_EXAMPLES = cite(KETI, "如虛一位是財")
XUYI_HOU = cite(KETI, "若是官鬼，則因官事而不主足")
JIABUZHU_DEF = cite(KETI, "夾不住格過關格")
JIABUZHU_EXAMPLES = cite(KETI, "經云：“夾定之傳不住")

# ---- 《六壬大全》 (not a seed; plain notes)
JIGONG = f"{DQ} 第一冊 入手法: 甲課寅兮乙課辰，丙戊課巳不須論。丁己課未庚申上，辛戌壬亥是其真。癸課原來丑宮坐"
ZEIKE = f"{DQ} 課經 重審課 「一下賊上，余課無克」, 元首課 「一上克下，余課無克」; 觀月經 「下克先取用，無下上神憑」"
BIYONG = f"{DQ} 課經 知一課 「阳日阳比，阴日阴比」"
SHEHAI = f"{DQ} 入手法 涉害法 「涉害行來本家止，路逢多克為用取。孟深仲淺季當休，復等柔辰剛日宜」; 課經 涉害課 訂訛"
SHEHAI_MENGZHONG = "《占事略決》 「若涉害俱深，以先舉者為用」 (孟仲季 direct school)"
BIYONGGE = f"{DQ} 課經 涉害課 「凡涉害課，用神畏日干所勝，以比和者為用」"
YAOKE = f"{DQ} 課經 遙克課 「先盡四課上神克日干為用，曰蒿矢格…以日干遙克課上神為用，曰彈射」"
MAOXING = f"{DQ} 課經 昴星課 「剛日仰視地盤酉上神為用，中傳辰上神，末傳日上神…柔日伏視天盤酉下神為用」"
BIEZE = f"{DQ} 入手法 別責法 「刚日干合上頭神」; 課經 別責 訂訛 「陰日取支前三合神為用」"
BAZHUAN = f"{DQ} 入手法 八專法 「陽日日陽順行三連本位數，陰日辰陰逆三位，中末總向日上眠」 (小注 「論克不論遙」)"
FUYIN = f"{DQ} 課經 伏吟課 「伏吟有克還為用」「無克剛干柔取辰」「若也自刑為發用，次傳顛倒日辰並」「次傳更復自刑者，沖取末傳不論刑」; 杜傳格 「子卯兩刑，不復再傳，以子沖午為末傳」"
FANYIN_WUKE = f"{DQ} 課經 返吟課 「丑日登明未太乙，辰中日末識原因」"
NOBLE_A = "「甲戊庚牛羊，乙己鼠猴鄉，丙丁豬雞位，壬癸蛇兔藏，六辛逢馬虎」 (" + DQ + " worked examples; 甲子日卯時子將 「午乘青龍…子上見酉…乘太常」)"
NOBLE_B = f"「甲羊戊庚牛，乙猴己鼠求，丙雞丁豬位，壬兔癸蛇游，六辛逢虎上」 ({DQ} 第一冊 先天貴神; 《協紀辨方書》)"
NOBLE_C = "「庚辛逢馬虎」 (《太白陰經》 reading)"
NOBLE_D = "「壬癸兔蛇藏」 read 晝-first"
NOBLE_DIRECTION = f"{DQ} 第二冊 天將總論 「以課之天盤起貴神之例，地盤定順逆之序」"
XUNKONG = f"{DQ} 課經 元首課 「午上遁得庚金為官星」 (旬遁); 旬空 = the two branches after the 旬's tenth day"
