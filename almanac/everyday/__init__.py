"""The everyday 택일 (擇日) layer: what families look up before they choose a day.

The facts of a day — 建除, 黃道/黑道 of the day and of each hour, 손 없는 날 and 손's direction, the
day's 沖 and 煞, the year's 太歲, 三煞 and 大將軍, the gods that decide 宜/忌 for weddings and moves —
and, for a person, 생기복덕 and 삼재. Pure computation on the calendar's facts: each concept is a
module with its table, its names in four languages and its citation (jianchu, huangdao, son,
chongsha, shensha, person, directions); :mod:`.tasks` reads them for the two day-choosing tasks
(이사 移徙, 결혼 嫁娶). docs/everyday.md names every source and option.

>>> from almanac.cycles import GanZhi
>>> f = day_facts(month_branch=11, day=GanZhi.parse("丁未"), year_branch=6, lunar_day=21)
>>> f["jianchu"], f["huangdao"], f["son"], f["chong"]["pillar"], f["sha"]
('成', {'god': '明堂', 'kind': '黃道'}, {'free': False, 'direction': '東', 'lunar_day': 21}, '辛丑', '西')
"""
from __future__ import annotations

from functools import lru_cache

from ..cycles import BRANCHES
from ..errors import BadInput
from ..shared import FrozenDict, FrozenList
from . import chongsha, huangdao, jianchu, shensha, son
from .directions import DIRECTIONS, direction_text
from .words import Word, pick

#: ``[everyday]`` options and the values each accepts (config/default.toml)
OPTIONS = {"son_calendar": son.CALENDARS, "son_order": son.ORDERS,
           "huangdao_month": huangdao.MONTH_BASES}


def options(cfg) -> tuple[str, str, str]:
    """``(son_calendar, son_order, huangdao_month)`` of a configuration, checked."""
    sec = cfg.get("everyday") or {}
    out = []
    for key, accepted in OPTIONS.items():
        v = sec.get(key, accepted[0])
        if v not in accepted:
            raise BadInput(f"config option 'everyday.{key}' is {v!r}; accepted: {', '.join(accepted)}",
                           zh=f"設定選項 'everyday.{key}' 無效：{v!r}（可用：{'、'.join(accepted)}）",
                           ko=f"설정 옵션 'everyday.{key}' 값이 올바르지 않습니다: {v!r} (가능한 값: {', '.join(accepted)})")
        out.append(v)
    return tuple(out)


def dir_zh(key: str | None) -> str | None:
    return None if key is None else DIRECTIONS[key].zh


def day_facts(*, month_branch: int, day, year_branch: int, lunar_day: int,
              lunar_month: int | None = None, son_order: str = "eswn",
              huangdao_month: str = "jie") -> dict:
    """The everyday facts of a day as JSON: ``month_branch`` the 節 month's branch, ``day`` its
    pillar (a ``GanZhi``), ``year_branch`` the 立春 year's, ``lunar_day`` (and ``lunar_month``)
    the lunar date 손 is read on."""
    hd_base = month_branch
    if huangdao_month == "lunar" and lunar_month is not None:
        hd_base = huangdao.lunar_month_branch(lunar_month)
    return _day_facts(month_branch, day.stem, day.branch, year_branch, lunar_day, hd_base, son_order)


@lru_cache(maxsize=4096)
def _day_facts(mb: int, ds: int, db: int, yb: int, lunar_day: int, hd_base: int, order: str) -> dict:
    god = huangdao.day_god(hd_base, db)
    sansha_dir, sansha_branches = chongsha.sansha(yb)
    djj_dir, djj_branch = chongsha.dajiangjun(yb)
    gods = shensha.gods(mb, ds, db)
    yi, ji = shensha.acts(gods)
    return FrozenDict({
        "jianchu": jianchu.name(mb, db),
        "huangdao": _hd_view(god),
        "son": FrozenDict({"free": son.free(lunar_day),
                           "direction": dir_zh(son.direction(lunar_day, order)),
                           "lunar_day": lunar_day}),
        "chong": FrozenDict(chongsha.chong(ds, db)),
        "sha": dir_zh(chongsha.sha_direction(db)),
        "year": FrozenDict({
            "taisui": BRANCHES[yb],
            "sansha": FrozenDict({"direction": dir_zh(sansha_dir), "branches": sansha_branches}),
            "dajiangjun": FrozenDict({"direction": dir_zh(djj_dir), "branch": djj_branch})}),
        "gods": FrozenList(gods),
        "yi": FrozenList(yi),
        "ji": FrozenList(ji),
    })


@lru_cache(maxsize=None)
def _hd_view(god: str) -> dict:
    return FrozenDict({"god": god, "kind": huangdao.kind(god)})


@lru_cache(maxsize=None)
def hour_huangdao(day_branch: int) -> tuple:
    """The twelve hours' ``{god, kind}`` (子 … 亥) of a day of ``day_branch`` (shared, read-only)."""
    return tuple(_hd_view(huangdao.hour_god(day_branch, b)) for b in range(12))


# --------------------------------------------------------------------------------- for readers
_DAY = Word("日", "일", "day")


def officer_text(name: str, lang: str) -> str:
    """成日, 성일(成日), Complete day (成日)."""
    w = jianchu.OFFICERS["建除滿平定執破危成收開閉".index(name)]
    if lang == "ko":
        return f"{w.ko}일({name}日)"
    if lang == "en":
        return f"{w.en} day ({name}日)"
    return Word(name + "日", "", "").text(lang)


def god_text(name: str, lang: str) -> str:
    return huangdao.GODS[[g.zh for g in huangdao.GODS].index(name)].text(lang)


def kind_text(kind: str, lang: str) -> str:
    return huangdao.KINDS[kind].text(lang)


def _dir_key(zh: str) -> str:
    return next(k for k, w in DIRECTIONS.items() if w.zh == zh)


def son_text(s: dict, lang: str) -> str:
    """손 없는 날, or where 손 is: 손 在東 / 손: 동쪽 / Son in the east."""
    if s["free"]:
        return son.NAME.text(lang) if lang != "en" else "day without Son (손 없는 날)"
    where = direction_text(_dir_key(s["direction"]), lang)
    return {"ko": f"손: {where}쪽", "en": f"Son (손) in the {where}"}.get(lang, f"손在{where}")


_LABELS = {
    "chong": {"zh": "沖", "ko": "충(沖)", "en": "clashes with"},
    "sha": {"zh": "煞", "ko": "살(煞)", "en": "Sha (煞)"},
    "taisui": {"zh": "太歲", "ko": "태세(太歲)", "en": "Grand Duke (太歲)"},
    "sansha": {"zh": "三煞", "ko": "삼살방(三煞方)", "en": "Three Sha (三煞)"},
    "dajiangjun": {"zh": "大將軍", "ko": "대장군방(大將軍方)", "en": "Great General (大將軍)"},
    "yi": {"zh": "宜", "ko": "의(宜)", "en": "good for (宜)"},
    "ji": {"zh": "忌", "ko": "기(忌)", "en": "avoid (忌)"},
    "none": {"zh": "無", "ko": "없음", "en": "none"},
    "hours": {"zh": "黃道時", "ko": "황도시(黃道時)", "en": "Yellow Path hours (黃道時)"},
    "everyday": {"zh": "擇日", "ko": "택일(擇日)", "en": "Day choosing (擇日)"},
}


def label(key: str, lang: str) -> str:
    return pick(_LABELS[key], lang)


def short_line(e: dict, lang: str) -> str:
    """The day's everyday facts in one short line: 손 없는 날 · 成日 · 黃道 (明堂)."""
    parts = []
    if e["son"]["free"]:
        parts.append(son_text(e["son"], lang))
    parts.append(officer_text(e["jianchu"], lang))
    hd = e["huangdao"]
    parts.append(f"{kind_text(hd['kind'], lang)} {god_text(hd['god'], lang)}" if lang in ("ko", "en")
                 else f"{kind_text(hd['kind'], lang)}（{god_text(hd['god'], lang)}）")
    return " · ".join(parts)


def banner_line(e: dict, lang: str) -> str:
    """The day's everyday facts as a calendar's day title says them, shorter than
    :func:`short_line` (no 黃道 god): 손 없는 날 · 成日 · 黃道 / 손 없는 날 · 성일(成日) · 황도(黃道)
    / Son-free · Complete (成) · Yellow Path (黃道) — English, whose words are longer, the
    shortest (the description names them in full)."""
    if lang == "en":
        w = jianchu.OFFICERS["建除滿平定執破危成收開閉".index(e["jianchu"])]
        parts = ["Son-free"] if e["son"]["free"] else []
        parts += [f"{w.en} ({e['jianchu']})", kind_text(e["huangdao"]["kind"], lang)]
        return " · ".join(parts)
    parts = [son_text(e["son"], lang)] if e["son"]["free"] else []
    parts += [officer_text(e["jianchu"], lang), kind_text(e["huangdao"]["kind"], lang)]
    line = " · ".join(parts)
    return line[:1].upper() + line[1:]


def act_text(act: str, lang: str) -> str:
    w = shensha.ACTS[act]
    return w.ko + f"({w.zh})" if lang == "ko" and w.ko != w.zh else w.text(lang)


def detail_lines(e: dict, lang: str) -> list[str]:
    """The day's everyday facts as a few lines for a reader (``almanac day``, reports)."""
    colon = "：" if lang in ("zh-Hant", "zh-Hans") else ": "
    sep = "、" if lang in ("zh-Hant", "zh-Hans") else ", "
    c = e["chong"]
    animal = chongsha.ANIMALS[BRANCHES.index(c["branch"])]
    animal_t = animal.text(lang) if lang != "ko" else f"{animal.ko}띠"
    y = e["year"]

    from ..terms import term

    def d(zh):
        return direction_text(_dir_key(zh), lang)
    line1 = " · ".join([short_line(e, lang) if e["son"]["free"] else f"{son_text(e['son'], lang)} · {short_line(e, lang)}",
                        f"{label('chong', lang)} {term(c['pillar'], lang)} {animal_t}",
                        f"{label('sha', lang)}{colon}{d(e['sha'])}"])
    zh = lang in ("zh-Hant", "zh-Hans")

    def b(text):             # in brackets of the reader's script: （亥子丑） beside Chinese
        return f"（{text}）" if zh else f" ({text})"
    line2 = " · ".join([f"{label('taisui', lang)}{colon}{term(y['taisui'], lang)}",
                        f"{label('sansha', lang)}{colon}{d(y['sansha']['direction'])}{b(term(y['sansha']['branches'], lang))}",
                        f"{label('dajiangjun', lang)}{colon}{d(y['dajiangjun']['direction'])}{b(term(y['dajiangjun']['branch'], lang))}"])
    yi = sep.join(act_text(a, lang) for a in e["yi"]) or label("none", lang)
    ji = sep.join(act_text(a, lang) for a in e["ji"]) or label("none", lang)
    line3 = f"{label('yi', lang)}{colon}{yi} · {label('ji', lang)}{colon}{ji}"
    if e["gods"]:
        line3 += b(sep.join(shensha.GODS[g].text(lang) for g in e["gods"]))
    return [line1, line2, line3]


def citations(lang: str | None = None) -> dict:
    """Each fact's citation: the machine form, or with ``lang`` the reader's."""
    from . import person
    cites = {"jianchu": jianchu.CITE, "jianchu_good": jianchu.CITE_GOOD, "huangdao": huangdao.CITE,
             "son": son.CITE, "chong": chongsha.CITE_CHONG, "sansha": chongsha.CITE_SANSHA,
             "dajiangjun": chongsha.CITE_DAJIANGJUN, "saenggi": person.CITE_SAENGGI,
             "samjae": person.CITE_SAMJAE,
             **{f"gods.{g}": c for g, c in shensha.CITES.items()}}
    return {k: (c.source if lang is None else c.text(lang)) for k, c in cites.items()}


__all__ = ["OPTIONS", "options", "day_facts", "hour_huangdao", "short_line", "banner_line", "detail_lines",
           "officer_text", "god_text", "kind_text", "son_text", "act_text", "citations", "label"]
