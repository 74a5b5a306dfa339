"""Tasks in everyday words: the names people type for a task, and the names they read beside the
classical ones.

The tasks are keyed and named as the sources name them (travel 出行 출행, lawsuit 詞訟 사송, office
求官 구관). A reader says 여행, 결혼, 소송, 취업 or 旅行, 結婚, 打官司 or trip, wedding — this is the
one table of those words (:data:`ALIASES`), read wherever a task is named
(``almanac.judgement.score.resolve_task``: ``--task``, ``api.best``, ``/api/best?task=``,
``/feeds/{task}.ics``) after the tasks' own keys and names, so a task a configuration names so
itself (a ``wedding`` task of its own) keeps its word. Extend it by adding to the table.

>>> alias("여행"), alias("결혼"), alias(" Wedding "), alias("打官司"), alias("취업"), alias("승진"), alias("nope")
('travel', 'marriage', 'marriage', 'lawsuit', 'office', 'office', None)
>>> everyday("lawsuit", "ko"), everyday("office", "zh-Hans"), everyday("travel", "en"), everyday("mine", "ko")
('소송', '求职·升迁', 'a trip', '')
"""
from __future__ import annotations

#: task key → the everyday words a reader types for it, in Korean, Chinese (traditional and
#: simplified, both listed) and English. Case and surrounding spaces do not count.
WORDS: dict[str, tuple[str, ...]] = {
    "travel": ("여행", "외출", "나들이", "출장", "旅行", "旅遊", "旅游", "出門", "出门", "出差",
               "trip", "journey", "going out"),
    "delegate": ("파견", "대리", "심부름", "派遣", "派人", "send", "sending", "envoy"),
    "negotiation": ("협상", "교섭", "상담", "미팅", "談判", "谈判", "協商", "协商", "商談", "商谈",
                    "negotiate", "meeting", "deal"),
    "marriage": ("결혼", "혼례", "결혼식", "結婚", "结婚", "婚禮", "婚礼", "嫁娶", "wedding", "marry"),
    "wealth": ("재물", "사업", "장사", "돈", "財物", "财物", "生意", "做生意", "發財", "发财",
               "money", "business"),
    "lawsuit": ("소송", "재판", "訴訟", "诉讼", "官司", "打官司", "lawsuit", "court", "litigation"),
    "health": ("건강", "치료", "병원", "健康", "看病", "治病", "health", "illness", "medical"),
    "competition": ("경쟁", "시합", "경기", "競爭", "竞争", "比賽", "比赛", "contest", "match", "sports"),
    "office": ("취업", "승진", "구직", "면접", "就業", "就业", "求職", "求职", "升職", "升职", "升遷", "升迁",
               "job", "promotion", "interview"),
    "pursuit": ("추적", "체포", "追捕", "抓捕", "chase", "arrest", "catch"),
    "general": ("만사", "모든 일", "일반", "諸事", "诸事", "一般", "anything", "everything"),
}

#: task key → what a reader of each language calls it today (shown beside the classical name)
EVERYDAY: dict[str, dict[str, str]] = {
    "travel": {"ko": "여행·외출", "zh": "出門旅行", "en": "a trip"},
    "delegate": {"ko": "사람 보내기", "zh": "派人辦事", "en": "sending someone"},
    "negotiation": {"ko": "협상·상담", "zh": "談判協商", "en": "a negotiation"},
    "marriage": {"ko": "결혼", "zh": "結婚", "en": "a wedding"},
    "wealth": {"ko": "재물·사업", "zh": "求財生意", "en": "money and business"},
    "lawsuit": {"ko": "소송", "zh": "打官司", "en": "a lawsuit"},
    "health": {"ko": "건강·치료", "zh": "看病治病", "en": "health and treatment"},
    "competition": {"ko": "경쟁·시합", "zh": "比賽競爭", "en": "a contest"},
    "office": {"ko": "취업·승진", "zh": "求職·升遷", "en": "a job or promotion"},
    "pursuit": {"ko": "추적·체포", "zh": "追捕", "en": "a pursuit"},
    "general": {"ko": "모든 일", "zh": "諸事", "en": "anything"},
}

#: ``ALIASES``: every word, folded, → its task key (built from :data:`WORDS`)
ALIASES: dict[str, str] = {}


def _fold(word: str) -> str:
    return " ".join(word.split()).casefold()


def add(task: str, *words: str) -> None:
    """Let ``words`` name ``task`` (a later word for the same spelling wins)."""
    for w in words:
        ALIASES[_fold(w)] = task


for _task, _words in WORDS.items():
    add(_task, *_words)


def alias(name) -> "str | None":
    """The task key an everyday word names, or None."""
    if not isinstance(name, str) or len(name) > 64:
        return None
    return ALIASES.get(_fold(name))


def everyday(task: str, lang: str) -> str:
    """The everyday name of task ``task`` for a reader of ``lang`` ("" for a task without one)."""
    from almanac.lang import check_lang, hans
    names = EVERYDAY.get(task)
    if not names:
        return ""
    lang = check_lang(lang)
    if lang == "zh-Hans":
        return hans(names["zh"])
    return names["ko" if lang == "ko" else "en" if lang == "en" else "zh"]


__all__ = ["ALIASES", "EVERYDAY", "WORDS", "add", "alias", "everyday"]
