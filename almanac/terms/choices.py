"""The reader's choices named in the reader's language: a task (its name and description), a school
preset, the clock and the place an answer follows.
"""
from __future__ import annotations

from collections.abc import Mapping

from almanac.lang import hans

from .labels import colon, label


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
