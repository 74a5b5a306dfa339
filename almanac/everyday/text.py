"""The everyday facts in a reader's words: the one-line summaries of a day (a feed's title, a
report's glance), the few lines of ``almanac day`` and the reports, and each fact's citation.
"""
from __future__ import annotations

from ..cycles import BRANCHES
from . import chongsha, huangdao, jianchu, shensha, son
from .directions import direction_text, key_of
from .words import Word, pick

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


def son_text(s: dict, lang: str) -> str:
    """손 없는 날, or where 손 is: 손 在東 / 손: 동쪽 / Son in the east."""
    if s["free"]:
        return son.NAME.text(lang) if lang != "en" else "day without Son (손 없는 날)"
    where = direction_text(key_of(s["direction"]), lang)
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
        return direction_text(key_of(zh), lang)
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
