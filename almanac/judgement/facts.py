"""The facts of one 時辰, as one flat mapping the rule conditions read.

``derive`` builds the mapping from primitive values (pillars, 禽, the 六壬 plate, lessons,
transmissions and generals); :func:`from_engines` and :func:`day_facts` feed it from the calendar,
演禽 and 六壬 engines. The facts of the chart alone are apart from those of the hour, its month,
year and 禽 (:func:`derive`), so the former are worked out once per chart.

The vocabulary (every fact a rule may test, its type and domain) is ``almanac.judgement.vocabulary``
and the small derived relations the facts are made of (``rel``, ``stage``, ``direction`` …) are
``almanac.judgement.relations``; their names are read from here too, as before they moved.

>>> rel_elements(0, 1), stage("甲", "亥"), direction("辰")
('生', '長生', '東南')
"""
from __future__ import annotations

from typing import Any

from almanac.cycles import BRANCHES, GanZhi, element_generates, element_overcomes
from almanac.liuren.generals import GENERALS, GOOD as GOOD_GENERALS
from almanac.liuren.keti import moment, of_moment
from almanac.liuren.moment_table import chart_names, moment_names
from almanac.liuren.void import xun_branch
from almanac.mansions import DAY_QIN, strength_class
from almanac.qin import taboos
from almanac.qin.palaces import TRANSFORM_NAMES
from almanac.qin.predation import eats

# the vocabulary and the relations, read from here as before they moved
from .relations import (CHANGSHENG, COMPASS, CORNERS, DE, GENERAL_ELEMENT, GENERAL_HOME, HAI,  # noqa: F401
                        JIGONG, KE_DIR, LIUQIN_OF, LU, MA, MZJ, PALACE, PO, STRENGTH_RANK, TIANER, WANG_DIR,
                        XING, chong, compare, direction, el, gouchen_zhi, he_with, jia_buzhu_side, liuhe, rel,
                        rel_elements, season_of, side_state, stage, wangxiang, liuqin_wangxiang, xingchongpohai,
                        xinghai)
from .vocabulary import (DIRECTIONS, FACTS, KETI_NAMES, LIUQIN, PALACES, PATTERNS, PERSON_FACTS,  # noqa: F401
                         RELS, SEASON_NAMES, SEASONS, STAGES, TABOO_FACTS, TRANSFORMS, WANGXIANG, YOUQI, Fact)

#: the ground branch → compass direction table (``relations.COMPASS``), by its old name
_DIR = COMPASS


def taboo_facts(day_flags, hour_flags) -> dict[str, bool]:
    """The taboos' facts of an hour from the day's and the hour's ``flags`` (id → bool)."""
    flags = {"day": day_flags, "hour": hour_flags}
    return {name: flags[scope][t.id] for t in taboos.TABOOS for scope, (name, _) in t.facts.items()}



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
    chu_vs_jiang = rel_elements(el(c), GENERAL_ELEMENT[chuan_gen[0]])   # 發用 against its own general
    chu_ke_jiang = chu_vs_jiang == "剋"
    # each transmission's general against the branch it rides (戰: 剋 or 被剋; 內戰: the branch wins)
    jiang_vs_chuan = [(g, rel_elements(GENERAL_ELEMENT[g], el(x))) for x, g in zip(chuan, chuan_gen)]
    guiren_ground = under[guiren_on]
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
        "ganzhi_uppers_live": tuple(x for x in (gs, zs) if x not in void),
        "ganzhi_generals_live": tuple(generals[x] for x in (gs, zs) if x not in void),
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
        "chuan_generals_zhan": tuple(g for g, r in jiang_vs_chuan if r in ("剋", "被剋")),
        # 「玄武無內戰」 (《畢法賦》 將逢內戰所謀危)
        "chuan_generals_neizhan": tuple(g for g, r in jiang_vs_chuan if r == "被剋" and g != "玄武"),
        "chuan_generals_gan_sheng": tuple(g for g in dict.fromkeys(chuan_gen)
                                          if element_generates(el(gan), GENERAL_ELEMENT[g])),
        "chuan_generals_gan_ke": tuple(g for g in dict.fromkeys(chuan_gen)
                                       if element_overcomes(el(gan), GENERAL_ELEMENT[g])),
        "baihu_on": baihu_on,
        "baihu_shen_ke_gan": rel(baihu_on, gan) == "剋" or rel(plate[baihu_on], gan) == "剋",
        "qinglong_baihu_yin": generals[plate[baihu_on]] == "青龍",
        "qinglong_void": on["青龍"] in void,
        "ganshang_ke_baihu": rel(gs, baihu_on) == "剋",
        "baihu_zizhan": rel(baihu_on, under[baihu_on]) in ("剋", "被剋") and rel(plate[baihu_on], baihu_on) == "剋",
        "baihu_gui_zhi": rel(baihu_on, gan) == "剋" and (rel(under[baihu_on], baihu_on) in ("剋", "生")
                                                        or rel(plate[baihu_on], baihu_on) == "剋"),
        "chu_ke_shangxia": chu_ke_jiang and rel(c, under[c]) == "剋",
        "chu_jiake": chu_vs_jiang == "被剋" and rel(c, under[c]) == "被剋",
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
        "ke_liuqin": tuple(dict.fromkeys(LIUQIN_OF[rel(x, gan)] for x in (*uppers, *chuan))),
        "ke_liuqin_live": tuple(dict.fromkeys(LIUQIN_OF[rel(x, gan)] for x in (*uppers, *chuan) if x not in void)),
        "zhong_void": z in void, "mo_void": m in void,
        "mo_vs_gan": rel(m, gan), "mo_stage": stage(gan, m),
        "chu_vs_zhong": rel(c, z), "zhong_vs_mo": rel(z, m),
        "void_generals": tuple(g for g in GENERALS if on[g] in void),
        "general_branches": tuple(on[g] for g in GENERALS),
        "chuan_generals_live": tuple(dict.fromkeys(generals[x] for x in live)),
        "chuan_general_liuqin": tuple(dict.fromkeys(generals[x] + lq[x] for x in live)),
        "shangxia_he": liuhe(gs, jg) and liuhe(zs, zhi),
        "jiaoche_he": liuhe(gs, zhi) and liuhe(zs, jg),
        "gan_zhi_chong": chong(jg, zhi), "ganzhi_shang_chong": chong(gs, zs),
        "jiaoche_chong": chong(gs, zhi) and chong(zs, jg),
        "tianhou_he_gan": he_with(tianhou_on, jg),
        "ganshang_luowang": gs in (BRANCHES[(BRANCHES.index(jg) + 1) % 12], BRANCHES[(BRANCHES.index(zhi) + 1) % 12]),
        "gui_lin_34": rel(zs, gan) == "剋" and rel(zy, gan) == "剋" and not (zs in void and zy in void),
        "ganshang_liuqin_live": "" if gs in void else lq[gs],
        "zhishang_liuqin_live": "" if zs in void else lq[zs],
        "gouchen_vs_xuanwu": rel(on["勾陳"], on["玄武"]),
        "xuanwu_vs_gan": rel(on["玄武"], gan),
        "gouchen_di_vs_xuanwu_di": rel(under[on["勾陳"]], under[on["玄武"]]),
        "yima_chuan": MA[zhi] in chuan and MA[zhi] not in void,
        "chuan_flow": {"生": "遞生", "剋": "遞剋"}.get(rel(c, z), "") if rel(c, z) == rel(z, m) == rel(m, gan) else "",
        "jia_buzhu_side": jia_buzhu_side(chuan, gs, zhi) if "夾不住" in patterns else "",
        "tiangang_over": tiangang_over, "tiangang_dir": direction(tiangang_over),
        "tiangang_class": MZJ[tiangang_over],
        "gouchen_zhi": gouchen_zhi(plate, generals),
        "ganzhi_shouwei": {gs, zs} == set(xun_ends(day)),
        "kuidu_tianmen": c == "戌" and under[c] == "亥",
        "chu_neizhan": chu_ke_jiang and rel(c, under[c]) != "剋" and chuan_gen[0] != "玄武",   # 「玄武無內戰」
        "siqi_huiguang": (c == "辰" and (chuan_gen[0] in GOOD_GENERALS or rel(c, gan) == "生"
                                         or any(x in ("戌", "寅", "卯") and x not in void for x in in_ke))),
        "guiren_ruyu": guiren_ground in ("辰", "戌") and guiren_ground != jg and zhi not in ("辰", "戌"),
    }
    return f, guiren_on


def xun_ends(day: str) -> tuple[str, str]:
    """The branches of the first (旬首, its 甲 day) and the last (旬尾, its 癸 day) days of the 旬
    ``day`` belongs to — the 旬尾 is the branch before the 旬's two 空亡.

    >>> xun_ends("甲子"), xun_ends("丁卯"), xun_ends("癸亥")
    (('子', '酉'), ('子', '酉'), ('寅', '亥'))
    """
    head = xun_branch(GanZhi.parse(day).index)
    return BRANCHES[head], BRANCHES[(head + 9) % 12]


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
        "wo_vs_ta": ("高", "等", "低")[1 - compare(STRENGTH_RANK[strength_class(fq)], STRENGTH_RANK[strength_class(dj)])],
        "wo_ta_predation": "我食他" if eats(fq, dj) else "他食我" if eats(dj, fq) else "",
        "daojiang_harmed": any(who == "到將" and c == "other_general_harmed" for who, c, _ in sits),
        "fanqin_harmed": any(who == "番禽" and c in ("daozhen", "tanghuo") for who, c, _ in sits),
        "k": k, "fuyin": k == 0, "fanyin": k == 6, "keti": tuple(keti),
        "chu_vs_hour": rel(c, hb), "chu_wangxiang": wangxiang(c, month_branch),
        "generals_youqi": tuple(g for g, b in zip(GENERALS, chart_f["general_branches"])
                                if wangxiang(b, month_branch) in YOUQI),
        "liuqin_youqi": tuple(q for q, w in liuqin_wangxiang(chart_f["day_stem"], month_branch).items()
                              if w in YOUQI),
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
    # or tested), else from the chart — the same names (tests/api/test_hour_table.py)
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
