"""The everyday layer on the command line: ``almanac best … --by day`` and the lines
``almanac day`` adds (almanac.everyday)."""
from __future__ import annotations

from almanac import everyday
from almanac.everyday.directions import direction_text, key_of
from almanac.everyday.tasks import task_label

_WORDS = {
    "task": {"zh-Hant": "事項", "zh-Hans": "事项", "ko": "할 일", "en": "Task"},
    "direction": {"zh-Hant": "方向", "zh-Hans": "方向", "ko": "방향", "en": "direction"},
    "score": {"zh-Hant": "分", "zh-Hans": "分", "ko": "점수", "en": "score"},
    "best_hour": {"zh-Hant": "最佳時辰", "zh-Hans": "最佳时辰", "ko": "가장 좋은 시(時)", "en": "best hour"},
    "none": {"zh-Hant": "無", "zh-Hans": "无", "ko": "없음", "en": "none"},
    "everyday": {"zh-Hant": "擇日", "zh-Hans": "择日", "ko": "택일(擇日)", "en": "Day choosing (擇日)"},
}


def w(key: str, lang: str) -> str:
    return _WORDS[key][lang]


def render_days(doc: dict, lang: str) -> str:
    """The days of ``best --by day`` for a reader: each day with its verdict and score, its
    everyday line, its best hour, and every reason with its citation."""
    colon = "：" if lang in ("zh-Hant", "zh-Hans") else ": "
    head = f"{w('task', lang)}{colon}{task_label(doc['task'], lang)}  {doc['from']} … {doc['to']}  ({doc['tz']})"
    if doc.get("direction"):
        head += f"  {w('direction', lang)}{colon}{direction_text(key_of(doc['direction']), lang)}"
    lines = [head, ""]
    if doc.get("note"):
        lines += [doc["note"], ""]
    for n, r in enumerate(doc["results"], 1):
        lines.append(f"{n:>3}. {r['date']}  {r['pillar']}  {r['summary']}")
        lines.append(f"       {r['everyday']}")
        b = r.get("best_hour")
        if b:
            from almanac.terms import verdict_score
            lines.append(f"       {w('best_hour', lang)}{colon}{b['start'][11:16]}–{b['end'][11:16]} "
                         f"{verdict_score(b['verdict'], b['score'], lang)}")
        for x in r["reasons"]:
            lines.append(f"       {x['effect']:+5.1f}  {x['text']}")
            lines.append(f"              ↳ {x['citation']}")
        lines.append("")
    return "\n".join(lines)


def day_lines(doc: dict, lang: str) -> list[str]:
    """What ``almanac day`` shows of the everyday layer: the day's facts and each hour's 黃道."""
    e = doc.get("everyday")
    if not e:
        return []
    colon = "：" if lang in ("zh-Hant", "zh-Hans") else ": "
    out = [f"  {w('everyday', lang)}{colon}" + everyday.detail_lines(e, lang)[0]]
    out += ["    " + x for x in everyday.detail_lines(e, lang)[1:]]
    yellow = [h["branch"] for h in doc["hours"] if h.get("huangdao", {}).get("kind") == "黃道"]
    from almanac.terms import term
    sep = "、" if lang in ("zh-Hant", "zh-Hans") else " "
    out.append(f"    {everyday.label('hours', lang)}{colon}" + sep.join(term(b, lang) for b in yellow))
    return out
