"""The words of the 課體 condition language: the tables of the 課經 it reads (旬奇, 墓, 旺神, 日德,
支德, 日祿, 長生), the functions a condition may call, and the names of the facts of a chart, of a
moment and of an asker — what :func:`almanac.liuren.keti.when.compile_when` accepts and
:mod:`almanac.liuren.keti.facts` fills in. Data only: nothing here evaluates a condition."""
from __future__ import annotations

from typing import Any

from ...cycles import BRANCH_ELEMENT, BRANCHES, PO, STEMS, element_generates, element_overcomes
from ..generals import GENERALS, GOOD, HOMES
from ..transmissions import XING, YIMA   # 三刑 and 驛馬: the engine's tables


#: 旬奇: 甲子·甲戌旬 丑, 甲申·甲午旬 子, 甲辰·甲寅旬 亥 (《六壬大全》 三奇課), by 旬首 branch
XUN_QI = {0: 1, 10: 1, 8: 0, 6: 0, 4: 11, 2: 11}
#: 墓 of each element (木未 火戌 土辰 — 土 follows 水 — 金丑 水辰)
MU = (7, 10, 4, 1, 4)
#: 旺神 of each element: 木卯 火午 金酉 水子 (《六壬大全》 亨通課: 「甲申日乾上酉乃支之旺神，支上卯乃乾之旺神」,
#: 「壬寅日乾上子，支上卯為俱旺」); 土's is not glossed there (火土 would give 午, 水土 子), so -1: none
WANG = (3, 6, -1, 9, 0)
#: 日德 of each stem: 甲己寅 乙庚申 丙辛巳 丁壬亥 戊癸巳 (as a branch)
DE = (2, 8, 5, 11, 5, 2, 8, 5, 11, 5)
#: 支德 of each branch, five places on: 「支德者，子日起巳順行十二辰」 (《六壬大全》 德慶課) — 子巳 丑午 … 亥辰
ZHI_DE_STEP = 5
#: 日祿 of each stem: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子 (as a branch)
LU = (2, 3, 5, 6, 5, 6, 8, 9, 11, 0)
#: 長生 of each element (木亥 火寅 土申 — 土 follows 水 — 金巳 水申); the stem's is its 日本
#: (《六壬大全》 天獄課: 「日本者，日干長生位也」)
CHANGSHENG = (11, 2, 8, 5, 8)


#: functions a condition may call
FUNCTIONS: dict[str, Any] = {
    "el": lambda b: BRANCH_ELEMENT[b],                    # element of a branch
    "ke": element_overcomes,                              # element a overcomes element b
    "sheng": element_generates,                           # element a generates element b
    "yang": lambda b: b % 2 == 0,
    "meng": lambda b: b % 3 == 2,                         # 寅巳申亥
    "zhong": lambda b: b % 3 == 0,                        # 子卯午酉
    "ji": lambda b: b % 3 == 1,                           # 辰未戌丑
    "chong": lambda b: (b + 6) % 12,
    "po": lambda b: PO[b],                                # 六破 of a branch (almanac.cycles.PO)
    "mu": lambda e: MU[e],                                # 墓 of an element
    "wang": lambda e: WANG[e],                            # 旺神 of an element (-1 for 土: not glossed)
    "xing": lambda b: XING[b],                            # the branch ``b`` punishes (三刑)
    "yima": lambda b: YIMA[b % 4],                        # 驛馬 of a branch (the engine's table)
    "good": lambda g: g in GOOD,                          # a general is a 吉將 (generals.GOOD)
    "gel": lambda g: BRANCH_ELEMENT[HOMES[GENERALS.index(g)]],   # a general's element: its home's (generals.HOMES)
    "he": lambda a, b: (a + b) % 12 == 1 or (a != b and a % 4 == b % 4),   # 六合 or 三合
    "liuhe": lambda a, b: (a + b) % 12 == 1,              # 六合 of two branches (子丑 寅亥 …)
    "ganhe": lambda a, b: (a - b) % 10 == 5,              # 干合 of two stems (甲己 乙庚 丙辛 丁壬 戊癸)
    "all": all, "any": any, "len": len, "set": set,
}
#: the chart-dependent functions (filled per chart): over(ground) → sky, under(sky) → ground,
#: rides(sky) → general, dun(branch) → 旬遁 stem index or -1
CHART_FUNCTIONS = ("over", "under", "rides", "dun")
#: facts of the moment rather than the 課, for entries with ``needs``: ``hour`` the 占時 branch,
#: ``month`` the 月建, ``year`` the 太歲 (the year branch), ``yuejiang`` the 月將, ``sili`` whether
#: the day is one of the four 立 (almanac.calendar.is_sili_day), ``fenzhi`` a 分 or 至 falls on it,
#: ``yuesu`` the palace of the moon's 宿 by the lunar date (almanac.liuren.yuesu) and ``sizheng``
#: the day is one of the 四正 (朔 上弦 望 下弦 晦): the day's marks, almanac.liuren.daymarks;
#: ``couple`` whether the asker and a partner of the other sex are given (the 夫 and 妻 of
#: :data:`PERSON`; a moment made by :func:`moment` always says, false without one)
CONTEXT = ("hour", "month", "year", "yuejiang", "sili", "fenzhi", "yuesu", "sizheng", "couple")
#: the names of :data:`CONTEXT` that are true or false (the others are branches)
FLAGS = ("sili", "fenzhi", "sizheng", "couple")
#: functions of the moment a condition may call, and the fact each needs: ``wangxiang(b)`` — the
#: element of ``b`` is 旺 or 相 in the month (春 木旺火相 … 四季月 土旺金相); ``qiusi(b)`` — 囚 or 死
#: ``shensha(name)`` — the branch of a month 神煞 (死神 死氣 喪車 遊魂 伏殃) and ``suisha(name)`` of a year
#: 神煞 (病符 喪門 吊客 歲虎), as the 課經 glosses them (almanac.liuren.shensha); ``sishi(name)`` — the two
#: branches of the season's 孤辰 or 寡宿 (四時孤寡: ``sishi('孤辰')``)
MOMENT_FUNCTIONS = {"wangxiang": "month", "qiusi": "month", "shensha": "month", "suisha": "year", "sishi": "month"}
#: the asker's 年命, read where known: ``ming`` (本命) and ``nian`` (行年) are each a tuple of the
#: branch, empty when no person is given — a condition reads them so that an unknown person
#: neither adds nor removes anything (``chu in (…) + ming``, ``all(… for b in nian)``); only entries
#: that need more of the moment than its hour, or nothing of it (:data:`ASKER`), may read them.
#: ``fu`` and ``qi`` are the 行年 branches
#: of the husband (夫) and the wife (妻) and ``fu_gan`` / ``qi_gan`` their stems, each a tuple,
#: empty unless a couple is given (a partner of the other sex than the asker's): entries reading
#: them need ``couple`` (a textbook chart, which has no moment, does not decide them) and hold only
#: for a couple
PERSON = ("ming", "nian", "fu", "qi", "fu_gan", "qi_gan")
COUPLE = ("fu", "qi", "fu_gan", "qi_gan")
#: the asker's 年命 in a condition of the 課 alone (an entry without ``needs``: 羅網, 合歡, 龍戰, 侵害,
#: 刑傷): the chart's own 課體 (``Chart.keti``) read them empty — an unknown asker — and
#: :func:`for_asker` reads those entries again with a known asker's (``api.chart(…, born=, sex=)``)
ASKER = ("ming", "nian")

FACTS = ("gan", "zhi", "jigong", "gan_el", "yang_day", "gan_up", "gan_yin", "zhi_up", "zhi_yin",
         "ups", "chu", "mid", "mo", "chuan", "n_ke", "n_zei", "complete", "n_lessons", "method", "sub",
         "patterns", "xun", "xun_wei", "xun_qi", "xun_ding", "de", "zhi_de", "lu", "ben", "jigong_prev", "void", "noble", "noble_ground",
         "shun", "k")
#: constants: branches, stems (as stem indices), generals (as names), elements
CONSTANTS: dict[str, Any] = {
    **{c: i for i, c in enumerate(BRANCHES)},
    **{c: i for i, c in enumerate(STEMS)},
    **{g: g for g in GENERALS},
    **{c: i for i, c in enumerate("木火土金水")},
}


#: the facts of a chart that its 貴人 decides: the only ones in which the 晝 and 夜 charts of one 課
#: differ (they share lessons, 三傳, 旬空 and 格局 — ``almanac.liuren.chart``)
NOBLE_FACTS = ("noble", "noble_ground", "shun", "rides")
